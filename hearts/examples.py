"""Worked examples of the rules (docs/rules.md), stored as plain data.

Two published examples must replay exactly through the engine:

* :data:`SEED_001_HAND` -- the whole example hand of ``docs/rules.md``. The
  published account gives only part of it (your hand before and after the pass, the first four
  tricks and the final points); the rest of the deal and the last nine tricks
  were completed by an offline constraint search so that every stated fact
  holds and every play is legal under the default rules. One stated detail
  cannot hold as written (``J♥`` and ``9♥`` are both your own cards), so it is
  read as ``docs/rules.md`` says: you take your 3 points in one trick that holds
  your ``J♥``, and you discard a heart whenever you cannot follow suit while
  you still hold one.
* :data:`SEED_000_TRICK` -- the example trick of ``docs/rules.md``: clubs are
  led after the first trick, a player with no clubs drops ``Q♠`` and the
  ``A♣`` takes it for 13 points; hearts stay unbroken.

Seats are numbered as everywhere in :mod:`hearts`: 0 South, 1 West,
2 North, 3 East; play goes to seat + 1 and a pass to the left goes to
seat + 1. Cards are stored as ASCII codes (``"QS"``, ``"10H"``) so the data
reads like a game record; the methods turn them into
:class:`~hearts.cards.Card` and :class:`~hearts.cards.CardSet` values.
Nothing is computed when the module is imported.

>>> hand = SEED_001_HAND
>>> hand.names[0], hand.names[1]
('you', 'Ada')
>>> str(hand.dealt(0))
'5♣ 7♣ 10♣ 2♦ 6♦ 8♦ J♦ 4♠ Q♠ A♠ 3♥ 9♥ K♥'
>>> str(hand.after_pass(0))
'5♣ 7♣ 8♣ 10♣ K♣ 2♦ 6♦ 8♦ J♦ 4♠ 3♥ 9♥ J♥'
>>> [str(c) for c in hand.trick(2)]  # the third trick
['5♦', '6♦', 'Q♠', 'A♦']
>>> hand.expected_points
(3, 4, 16, 3)
>>> [str(c) for c in SEED_000_TRICK.cards()]
['K♣', 'Q♠', '4♣', 'A♣']
"""

from __future__ import annotations

import dataclasses

from hearts.cards import Card, CardSet

__all__ = ["ExampleHand", "ExampleTrick", "SEED_001_HAND", "SEED_000_TRICK"]

Seat = int
Four = tuple[str, str, str, str]


@dataclasses.dataclass(frozen=True)
class ExampleHand:
    """A complete recorded hand: the deal, the passes and all 52 plays.

    ``deal[seat]`` is what the seat was dealt (before passing);
    ``passes[seat]`` are the three cards that seat gives away, to seat
    ``(seat + pass_offset) % 4``; ``plays`` lists all 52 cards in the order
    they were played, trick by trick, starting with the ``2♣`` lead.
    ``expected_points[seat]`` is what each seat scores for the hand.
    """

    source: str
    names: Four
    pass_offset: int
    deal: tuple[tuple[str, ...], ...]
    passes: tuple[tuple[str, str, str], ...]
    plays: tuple[str, ...]
    expected_points: tuple[int, int, int, int]

    def dealt(self, seat: Seat) -> CardSet:
        """The 13 cards dealt to ``seat``, before the pass."""
        return CardSet.parse(" ".join(self.deal[seat]))

    def passed(self, seat: Seat) -> CardSet:
        """The 3 cards ``seat`` passes."""
        return CardSet.parse(" ".join(self.passes[seat]))

    def after_pass(self, seat: Seat) -> CardSet:
        """The 13 cards ``seat`` holds when play starts.

        >>> "KC" in SEED_001_HAND.after_pass(0), "QS" in SEED_001_HAND.after_pass(1)
        (True, True)
        """
        giver = (seat - self.pass_offset) % 4
        return (self.dealt(seat) - self.passed(seat)) | self.passed(giver)

    def play_cards(self) -> tuple[Card, ...]:
        """All 52 plays as cards, in order."""
        return tuple(Card.parse(code) for code in self.plays)

    def trick(self, index: int) -> tuple[Card, ...]:
        """The four cards of trick ``index`` (0-12), in the order played.

        Who led it follows from the rules (the winner of the previous trick).
        """
        return tuple(Card.parse(code) for code in self.plays[4 * index : 4 * index + 4])


@dataclasses.dataclass(frozen=True)
class ExampleTrick:
    """One trick with its expected outcome, plus a short game that reaches it.

    ``leader`` leads ``plays[0]`` and the others follow in seat order.
    ``setup_deal`` (13 codes per seat, played with no pass) and
    ``setup_plays`` (the cards played before this trick) are a made-up but
    legal position from which the trick can be replayed through the engine;
    the reference document gives only the trick itself.
    """

    source: str
    leader: Seat
    plays: tuple[str, str, str, str]
    winner: Seat
    points: int
    hearts_broken_after: bool
    setup_deal: tuple[tuple[str, ...], ...]
    setup_plays: tuple[str, ...]

    def cards(self) -> tuple[Card, ...]:
        """The four cards of the trick, in the order played."""
        return tuple(Card.parse(code) for code in self.plays)

    def setup_hand(self, seat: Seat) -> CardSet:
        """The cards dealt to ``seat`` in the set-up position."""
        return CardSet.parse(" ".join(self.setup_deal[seat]))


SEED_001_HAND = ExampleHand(
    source="docs/rules.md, An example hand (completed by search)",
    # South is the learner ("you"); interfaces translate that label.
    names=("you", "Ada", "Bo", "Cleo"),
    pass_offset=1,  # first hand of the game: pass to the left
    deal=(
        # South (you): the hand the seed gives before the pass
        ("5C", "7C", "10C", "2D", "6D", "8D", "JD", "4S", "QS", "AS", "3H", "9H", "KH"),
        # West (Ada)
        ("3C", "AC", "10D", "AD", "2S", "6S", "7S", "9S", "KS", "7H", "8H", "10H", "AH"),
        # North (Bo)
        ("2C", "4C", "JC", "QC", "QD", "KD", "3S", "5S", "8S", "10S", "2H", "6H", "QH"),
        # East (Cleo)
        ("6C", "8C", "9C", "KC", "3D", "4D", "5D", "7D", "9D", "JS", "4H", "5H", "JH"),
    ),
    passes=(
        ("QS", "AS", "KH"),  # you -> Ada (given by the seed)
        ("AC", "10D", "AD"),  # Ada -> Bo: voids her diamonds
        ("QD", "KD", "QH"),  # Bo -> Cleo: voids his diamonds, sheds a high heart
        ("KC", "JH", "8C"),  # Cleo -> you (given by the seed)
    ),
    plays=(
        # Tricks 1-4 as the seed tells them.
        "2C", "9C", "KC", "3C",  # 1: Bo leads; your K♣ wins, no points
        "4S", "7S", "10S", "JS",  # 2: you lead your only spade; Cleo wins
        "5D", "6D", "QS", "AD",  # 3: Ada, void in diamonds, drops Q♠; Bo's A♦ takes 13
        "10D", "9D", "8D", "KH",  # 4: Ada breaks hearts with K♥; Bo takes 1
        # Tricks 5-13, completed by the search.
        "4C", "6C", "5C", "AH",  # 5: Bo leads; Cleo wins, 1 point
        "3D", "2D", "10H", "6H",  # 6: Cleo wins, 2 points
        "4H", "3H", "8H", "2H",  # 7: Cleo leads hearts; Ada wins, 4 points
        "7H", "AC", "5H", "JH",  # 8: your J♥ wins 3 hearts: your 3 points
        "JD", "AS", "QC", "7D",  # 9: you win, no points
        "7C", "KS", "JC", "QH",  # 10: Bo wins, 1 point
        "3S", "KD", "9H", "2S",  # 11: Bo wins, 1 point (Q♠ + 3 hearts = 16)
        "5S", "QD", "10C", "9S",  # 12: Ada wins, no points
        "6S", "8S", "4D", "8C",  # 13: Bo wins, no points
    ),
    expected_points=(3, 4, 16, 3),
)
"""The example hand of ``docs/rules.md``: you 3, Ada 4, Bo 16, Cleo 3."""


SEED_000_TRICK = ExampleTrick(
    source="docs/rules.md, An example trick",
    leader=0,  # A = South, B = West, C = North, D = East
    plays=("KC", "QS", "4C", "AC"),
    winner=3,
    points=13,
    hearts_broken_after=False,
    setup_deal=(
        # South (A)
        ("6C", "QC", "KC", "3D", "7D", "JD", "2S", "6S", "9S", "AS", "3H", "8H", "KH"),
        # West (B): no clubs
        ("2D", "5D", "KD", "AD", "3S", "8S", "10S", "QS", "2H", "5H", "9H", "QH", "AH"),
        # North (C)
        ("2C", "4C", "7C", "10C", "4D", "8D", "QD", "4S", "7S", "JS", "KS", "4H", "10H"),
        # East (D)
        ("3C", "5C", "8C", "9C", "JC", "AC", "6D", "9D", "10D", "5S", "6H", "7H", "JH"),
    ),
    # First trick: North leads 2♣, South's Q♣ wins, West (void) drops K♦.
    setup_plays=("2C", "5C", "QC", "KD"),
)
"""The example trick of ``docs/rules.md``: East's A♣ takes Q♠ for 13 points."""
