"""The rules: one frozen :class:`Rules` object and the one legality function.

Every variant is a named option of :class:`Rules`; the default object is the
game of ``docs/rules.md`` (four players, 100 points, Q♠ does not break hearts,
a moon adds 26 to the others). Legality lives in :func:`legal_mask` and
:func:`refusal` (:func:`pass_refusal` for passes), which the hand state,
observations, bots and widgets all use. What happens after a card is played
lives here too, on bitmasks, for the hand state and the expert's playouts
alike: who opens the hand (:func:`opening_leader`), who is winning a trick
(:func:`trick_winner`, :func:`winning_card`) and who takes it
(:func:`complete_trick`), and the hand's scores with every moon option and
J♦ (:meth:`Rules.points_of`, :func:`moon_shooter`, :func:`hand_scores`,
:func:`moon_choice`).

>>> r = Rules(target_score=50, qs_breaks_hearts=True)
>>> r.target_score, r.qs_breaks_hearts, r.hand_size
(50, True, 13)
>>> Rules(num_players=3).removed_cards
CardSet.parse('2♦')
>>> Rules(num_players=9)
Traceback (most recent call last):
...
hearts.errors.RulesError: num_players must be 3 to 7, not 9
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any

from hearts.cards import (
    ALL_CARDS_MASK,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    TWO_PACKS_MASK,
    Card,
    CardSet,
    highest,
    lowest,
)
from hearts.errors import HeartsError, IllegalMoveError, Rule, RulesError

__all__ = [
    "DEFAULT_RULES",
    "PRESETS",
    "TWO_PACK_PENALTY_MASK",
    "MoonScoring",
    "PassDirection",
    "Rules",
    "complete_trick",
    "hand_scores",
    "legal_mask",
    "moon_choice",
    "moon_shooter",
    "opening_leader",
    "pass_refusal",
    "refusal",
    "cancel_trick",
    "trick_winner",
    "winning_card",
]

TWO_PACK_PENALTY_MASK = PENALTY_MASK | PENALTY_MASK << 52
"""The 28 penalty cards of two packs (both copies of every heart and of Q♠), in the two-copy mask form."""
_TWO_PACK_HEARTS = HEARTS_MASK | HEARTS_MASK << 52
_QS2 = 1 << (QUEEN_OF_SPADES + 52)
_JD2 = 1 << (JACK_OF_DIAMONDS + 52)
CANCELLATION_PLAYERS = range(6, 11)
"""The table sizes Cancellation Hearts seats: 6 to 10."""


class PassDirection(enum.Enum):
    """Where the 3 passed cards go. Left is the next seat in play order."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"

    def offset(self, num_players: int) -> int:
        """Seat offset of the receiver: receiver = (passer + offset) % n.

        >>> PassDirection.LEFT.offset(4), PassDirection.RIGHT.offset(4), PassDirection.ACROSS.offset(4)
        (1, 3, 2)
        """
        if self is PassDirection.LEFT:
            return 1
        if self is PassDirection.RIGHT:
            return num_players - 1
        if self is PassDirection.ACROSS:
            return num_players // 2
        return 0


class MoonScoring(enum.Enum):
    """What happens when one player takes every penalty card."""

    ADD_TO_OTHERS = "add"  # shooter 0, everyone else +26 (default)
    SUBTRACT_FROM_SHOOTER = "subtract"  # shooter -26, others 0
    SHOOTERS_CHOICE = "choice"  # the shooter picks one of the two


# Cards removed so the deck divides evenly (docs/rules.md, "Three, five, six or seven players").
_REMOVED = {
    3: ("2D",),
    4: (),
    5: ("2D", "2C"),
    6: ("2D", "3D", "3C", "4C"),
    7: ("2D", "3D", "3C"),
}


@dataclasses.dataclass(frozen=True)
class Rules:
    """Every option of the game, frozen. ``Rules()`` is the default game.

    Options (keyword-only):

    - ``num_players``: 3 to 7 (default 4); other counts remove low cards.
    - ``target_score``: the game ends after a hand where someone reaches it (100).
    - ``qs_breaks_hearts``: playing Q♠ breaks hearts too (False).
    - ``moon``: :class:`MoonScoring` (add 26 to the others).
    - ``passing``: pass 3 cards before each hand (True).
    - ``jack_of_diamonds``: taking J♦ is worth −10 ("Omnibus"; False).
    - ``decks``: 1, or 2 for Cancellation Hearts (6 to 10 players, 104 cards,
      every card twice: see :meth:`cancellation` and ``docs/rules.md``).

    >>> r = Rules.cancellation(8)
    >>> r.decks, r.hand_size, r.widow_size, r.hand_total, r.moon_points
    (2, 13, 0, 52, 52)
    >>> Rules.cancellation(6).widow_size, Rules.cancellation(7).widow_size
    (2, 6)
    >>> Rules(num_players=5, decks=2)
    Traceback (most recent call last):
    ...
    hearts.errors.RulesError: Cancellation Hearts (decks=2) seats 6 to 10 players, not 5
    """

    num_players: int = 4
    target_score: int = 100
    qs_breaks_hearts: bool = False
    moon: MoonScoring = MoonScoring.ADD_TO_OTHERS
    passing: bool = True
    jack_of_diamonds: bool = False
    decks: int = 1
    # Derived constants, set in __post_init__ and cached on the frozen object for the fast paths.
    _deck_mask: int = dataclasses.field(init=False, repr=False, compare=False)
    _first_lead: int = dataclasses.field(init=False, repr=False, compare=False)
    _breakers_mask: int = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if type(self.decks) is not int or self.decks not in (1, 2):
            raise RulesError(f"decks must be 1 or 2 (Cancellation Hearts), not {self.decks!r}", "decks")
        if self.decks == 2:
            if type(self.num_players) is not int or self.num_players not in CANCELLATION_PLAYERS:
                raise RulesError(
                    f"Cancellation Hearts (decks=2) seats 6 to 10 players, not {self.num_players!r}", "num_players"
                )
        elif not isinstance(self.num_players, int) or self.num_players not in _REMOVED:
            raise RulesError(f"num_players must be 3 to 7, not {self.num_players!r}", "num_players")
        if not isinstance(self.target_score, int) or isinstance(self.target_score, bool) or self.target_score < 1:
            raise RulesError(
                f"target_score must be a positive whole number, not {self.target_score!r}", "target_score"
            )
        for name in ("qs_breaks_hearts", "passing", "jack_of_diamonds"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be True or False, not {getattr(self, name)!r}", name)
        if isinstance(self.moon, str):
            try:
                object.__setattr__(self, "moon", MoonScoring(self.moon))
            except ValueError:
                raise RulesError(
                    f"moon must be one of 'add', 'subtract', 'choice', not {self.moon!r}", "moon"
                ) from None
        if not isinstance(self.moon, MoonScoring):
            raise RulesError(f"moon must be a MoonScoring, not {self.moon!r}", "moon")
        if self.decks == 2:
            object.__setattr__(self, "_deck_mask", TWO_PACKS_MASK)
            object.__setattr__(self, "_first_lead", -1)  # the dealer's left leads: no card names the leader
        else:
            removed = CardSet.parse(" ".join(_REMOVED[self.num_players])).mask
            deck = ALL_CARDS_MASK & ~removed
            object.__setattr__(self, "_deck_mask", deck)
            object.__setattr__(self, "_first_lead", lowest(deck))
        breakers = HEARTS_MASK | ((1 << QUEEN_OF_SPADES) if self.qs_breaks_hearts else 0)
        object.__setattr__(self, "_breakers_mask", breakers)

    @classmethod
    def cancellation(cls, num_players: int = 8, **options: Any) -> Rules:
        """Cancellation Hearts for ``num_players`` (6 to 10): two packs, ``decks=2``; other options as given.

        >>> Rules.cancellation(10, target_score=50).to_dict()["decks"]
        2
        """
        return cls(num_players=num_players, decks=2, **options)

    # ----- derived facts ---------------------------------------------------

    @property
    def copies(self) -> int:
        """How many copies of each card are in play: :attr:`decks` (2 in Cancellation Hearts)."""
        return self.decks

    @property
    def is_cancellation(self) -> bool:
        """True for Cancellation Hearts (two packs)."""
        return self.decks == 2

    @property
    def deck(self) -> CardSet:
        """The cards in play (52 less the removed ones; every card twice with two packs)."""
        return CardSet(self._deck_mask)

    @property
    def deck_size(self) -> int:
        """How many cards are in play: 52 less the removed ones, or 104.

        >>> Rules().deck_size, Rules(num_players=3).deck_size, Rules.cancellation(6).deck_size
        (52, 51, 104)
        """
        return self._deck_mask.bit_count()

    @property
    def widow_size(self) -> int:
        """Cards left over after the deal (the widow; 0 with one pack).

        >>> [Rules.cancellation(n).widow_size for n in range(6, 11)]
        [2, 6, 0, 5, 4]
        """
        return self.deck_size - self.hand_size * self.num_players

    @property
    def deck_mask(self) -> int:
        """Bitmask of :attr:`deck`."""
        return self._deck_mask

    @property
    def removed_cards(self) -> CardSet:
        """Cards taken out for this number of players."""
        return CardSet(ALL_CARDS_MASK & ~self._deck_mask)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (13 with four; 104 // n with two packs)."""
        return self._deck_mask.bit_count() // self.num_players

    @property
    def first_lead(self) -> Card:
        """The card that must open the first trick: the lowest club in the deck.

        Cancellation Hearts has none (2♣ is held twice): the dealer's left leads,
        and asking for this card there is a :class:`~hearts.errors.RulesError`.
        """
        if self._first_lead < 0:
            raise RulesError(
                "Cancellation Hearts has no first-lead card: the player on the dealer's left leads", "decks"
            )
        return Card(self._first_lead)

    @property
    def penalty_mask(self) -> int:
        """Hearts and Q♠, the cards that cannot go on the first trick and make a moon: ``cards.PENALTY_MASK``.

        With two packs the moon takes both copies of each: :data:`TWO_PACK_PENALTY_MASK`.
        """
        return TWO_PACK_PENALTY_MASK if self.decks == 2 else PENALTY_MASK

    @property
    def breakers_mask(self) -> int:
        """The cards whose play breaks hearts: the hearts, and Q♠ when ``qs_breaks_hearts``."""
        return self._breakers_mask

    @property
    def pass_size(self) -> int:
        """Cards each player passes: 3 in every variant."""
        return 3

    @property
    def moon_points(self) -> int:
        """Points of all penalty cards together (26; 52 with two packs)."""
        return 52 if self.decks == 2 else 13 + 13

    @property
    def hand_total(self) -> int:
        """Points of a hand without a moon, all seats together: 26, or 16 with J♦ (−10).

        >>> Rules().hand_total, Rules(jack_of_diamonds=True).hand_total
        (26, 16)
        """
        return self.points_of(self._deck_mask)

    def pass_direction(self, hand_number: int) -> PassDirection:
        """Pass direction of the hand numbered from 1.

        Four players: left, right, across, none, repeat; other counts: left,
        right, repeat; ``passing=False``: never.

        >>> [Rules().pass_direction(i).value for i in range(1, 6)]
        ['left', 'right', 'across', 'none', 'left']
        >>> [Rules(num_players=5).pass_direction(i).value for i in range(1, 4)]
        ['left', 'right', 'left']
        """
        if type(hand_number) is not int or hand_number < 1:
            raise RulesError(f"hand numbers are whole numbers from 1, not {hand_number!r}", "hand_number")
        cycle = self._pass_cycle
        return cycle[(hand_number - 1) % len(cycle)]

    @property
    def pass_cycle(self) -> tuple[PassDirection, ...]:
        """The pass directions of hands 1, 2, … until they repeat (the notes say it as the cycle).

        >>> [d.value for d in Rules(num_players=3).pass_cycle], [d.value for d in Rules(passing=False).pass_cycle]
        (['left', 'right'], ['none'])
        """
        return self._pass_cycle

    @property
    def _pass_cycle(self) -> tuple[PassDirection, ...]:
        if not self.passing:
            return (PassDirection.NONE,)
        if self.num_players == 4:
            return (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)
        return (PassDirection.LEFT, PassDirection.RIGHT)

    @property
    def pass_directions(self) -> tuple[PassDirection, ...]:
        """Every pass direction a hand may have under these rules (``NONE`` too: a hand may skip the pass).

        >>> [d.value for d in Rules(num_players=5).pass_directions]
        ['left', 'right', 'none']
        >>> [d.value for d in Rules(passing=False).pass_directions]
        ['none']
        """
        cycle = self._pass_cycle
        return cycle if PassDirection.NONE in cycle else (*cycle, PassDirection.NONE)

    def check_pass_direction(self, direction: object) -> PassDirection:
        """``direction`` (a :class:`PassDirection` or its value) if a hand of these rules may pass that way.

        >>> Rules().check_pass_direction("across")
        <PassDirection.ACROSS: 'across'>
        >>> Rules(num_players=5).check_pass_direction(PassDirection.ACROSS)
        Traceback (most recent call last):
        ...
        hearts.errors.RulesError: there is no seat across with 5 players
        """
        if not isinstance(direction, PassDirection):
            try:
                direction = PassDirection(direction)
            except ValueError:
                raise RulesError(
                    f"pass_direction must be one of {', '.join(d.value for d in PassDirection)}, not {direction!r}",
                    "pass_direction",
                ) from None
        if direction is PassDirection.ACROSS and self.num_players % 2:
            raise RulesError(f"there is no seat across with {self.num_players} players", "pass_direction")
        if direction not in self.pass_directions:
            allowed = ", ".join(d.value for d in self.pass_directions)
            raise RulesError(f"these rules never pass {direction.value} (they allow: {allowed})", "pass_direction")
        return direction

    def card_points(self, c: int) -> int:
        """Points for taking one card: heart 1, Q♠ 13, J♦ −10 in that variant."""
        if c >= 39:
            return 1
        if c == QUEEN_OF_SPADES:
            return 13
        if c == JACK_OF_DIAMONDS and self.jack_of_diamonds:
            return -10
        return 0

    def points_of(self, mask: int) -> int:
        """Points of a set of taken cards (before any moon adjustment); a two-copy mask counts each copy."""
        if mask > ALL_CARDS_MASK:
            return self._points_two(mask)
        pts = (mask & HEARTS_MASK).bit_count()
        if mask >> QUEEN_OF_SPADES & 1:
            pts += 13
        if self.jack_of_diamonds and mask >> JACK_OF_DIAMONDS & 1:
            pts -= 10
        return pts

    def _points_two(self, mask: int) -> int:
        pts = (mask & _TWO_PACK_HEARTS).bit_count()
        pts += 13 * ((mask >> QUEEN_OF_SPADES & 1) + (mask & _QS2 != 0))
        if self.jack_of_diamonds:
            pts -= 10 * ((mask >> JACK_OF_DIAMONDS & 1) + (mask & _JD2 != 0))
        return pts

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready options (used by records); ``decks`` only when it is 2.

        >>> "decks" in Rules().to_dict(), Rules.cancellation(6).to_dict()["decks"]
        (False, 2)
        """
        d: dict[str, Any] = {
            "num_players": self.num_players,
            "target_score": self.target_score,
            "qs_breaks_hearts": self.qs_breaks_hearts,
            "moon": self.moon.value,
            "passing": self.passing,
            "jack_of_diamonds": self.jack_of_diamonds,
        }
        if self.decks != 1:
            d["decks"] = self.decks
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Inverse of :meth:`to_dict`; unknown keys are an error naming the key."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object, not {type(data).__name__}", "rules")
        known = {f.name for f in dataclasses.fields(cls) if f.init}
        for key in data:
            if key not in known:
                raise RulesError(f"unknown rule option {key!r}", key)
        return cls(**data)


DEFAULT_RULES = Rules()

PRESETS: dict[str, Rules] = {
    "standard": DEFAULT_RULES,  # the default game of docs/rules.md
    "omnibus": Rules(jack_of_diamonds=True),  # "Omnibus Hearts" (docs/rules.md, variants): J♦ is worth −10
    "queen_breaks": Rules(qs_breaks_hearts=True, moon=MoonScoring.SHOOTERS_CHOICE),  # a variant of docs/rules.md
    "no_passing": Rules(passing=False),
    "three": Rules(num_players=3),  # docs/rules.md: 2♦ out, 17 each
    "five": Rules(num_players=5),
    "six": Rules(num_players=6),
    "seven": Rules(num_players=7),
    # Cancellation Hearts, the two-pack game for a big table (docs/rules.md has its own section), 6 to 10 players
    **{f"cancellation_{n}": Rules.cancellation(n) for n in range(6, 11)},
}
"""The named variants every table offers (the game table's Settings panel, a room's friends' tables; their words
are ``ui.rules.preset.<name>``): name -> rules at 100 points.

>>> PRESETS["three"].num_players, len(PRESETS)
(3, 13)
"""


def legal_mask(
    hand: int,
    led_suit: int,
    first_trick: bool,
    hearts_broken: bool,
    rules: Rules,
) -> int:
    """Bitmask of the cards that may be played: the one source of rule truth.

    ``led_suit`` is -1 when the player leads. The checks come in the order a
    player learns them. With two packs give each card once (``hand &
    ALL_CARDS_MASK`` of a two-copy hand, as the Cancellation Hearts state and
    observation do): the one-pack hot paths pay for no test.

    >>> h = CardSet.parse("2C 5D QS 3H").mask
    >>> str(CardSet(legal_mask(h, -1, True, False, DEFAULT_RULES)))
    '2♣'
    >>> str(CardSet(legal_mask(h, 0, False, False, DEFAULT_RULES)))
    '2♣'
    >>> str(CardSet(legal_mask(h & ~1, 0, True, False, DEFAULT_RULES)))
    '5♦'
    """
    if led_suit >= 0:
        # 1. Follow suit when you can.
        same = hand & SUIT_MASKS[led_suit]
        if same:
            return same
        # 2. No points on the first trick, unless the hand holds only penalty cards.
        if first_trick:
            safe = hand & ~PENALTY_MASK
            if safe:
                return safe
        # 3. Otherwise anything.
        return hand
    # Leading.
    if first_trick:
        first_card = rules._first_lead
        if first_card >= 0:
            # 4. The lowest club in the deck opens the hand.
            first = 1 << first_card
            if hand & first:
                return first
        else:
            # 4'. Two packs: the dealer's left opens with neither a heart nor Q♠, unless it holds only those.
            safe = hand & ~PENALTY_MASK
            if safe:
                return safe
    if not hearts_broken:
        # 5. No heart leads until hearts are broken, unless you hold only hearts.
        rest = hand & ~HEARTS_MASK
        if rest:
            return rest
    return hand


def trick_winner(trick: Sequence[int]) -> tuple[int, int]:
    """Who is winning a trick, complete or not: (index in play order, mask of its cards).

    The highest card of the led suit wins; no other suit ever does.

    >>> trick_winner([int(Card.parse(c)) for c in ("KC", "QS", "4C", "AC")])[0]
    3
    >>> trick_winner([int(Card.parse(c)) for c in ("KC", "QS")])[0]
    0
    """
    mask = 0
    for x in trick:
        mask |= 1 << x
    return trick.index((mask & SUIT_MASKS[trick[0] // 13]).bit_length() - 1), mask


def cancel_trick(trick: Sequence[int]) -> tuple[int, int, int]:
    """A trick under Cancellation Hearts: (index of the winning card or -1, two-copy mask of its cards, cancelled mask).

    Two identical cards cancel each other: neither can win. The highest card
    of the suit led that is not cancelled wins; when every card of the suit
    led is cancelled the index is -1 (nobody wins yet: the trick waits).
    Complete or not, as :func:`trick_winner`.

    >>> t = [int(Card.parse(c)) for c in ("KC", "AC", "AC", "5C", "QS")]
    >>> i, mask, cancelled = cancel_trick(t)
    >>> i, str(CardSet(cancelled)), len(CardSet(mask))
    (0, 'A♣', 5)
    >>> cancel_trick([int(Card.parse(c)) for c in ("KC", "KC", "AH")])[0]
    -1
    """
    mask = 0
    twice = 0
    for x in trick:
        b = 1 << x
        if mask & b:
            twice |= b
        else:
            mask |= b
    led = mask & ~twice & SUIT_MASKS[trick[0] // 13]
    index = trick.index(led.bit_length() - 1) if led else -1
    return index, mask | twice << 52, twice


def complete_trick(trick: Sequence[int], leader: int, num_players: int) -> tuple[int, int]:
    """A finished trick led by seat ``leader``: (the seat that takes it, the mask of its cards).

    The taker leads the next trick; :meth:`Rules.points_of` scores the mask.

    >>> complete_trick([int(Card.parse(c)) for c in ("KC", "QS", "4C", "AC")], 2, 4)[0]
    1
    """
    mask = 0
    for x in trick:
        mask |= 1 << x
    best = highest(mask & SUIT_MASKS[trick[0] // 13])
    return (leader + trick.index(best)) % num_players, mask


def winning_card(trick: Sequence[int]) -> int:
    """The card winning a trick so far (-1 before the lead): the highest of the led suit.

    >>> str(Card(winning_card([int(Card.parse(c)) for c in ("9D", "KD", "AS")])))
    'K♦'
    """
    if not trick:
        return -1
    return trick[trick_winner(trick)[0]]


def opening_leader(hands: Sequence[int], rules: Rules) -> int:
    """The seat that leads the first trick: the one holding :attr:`Rules.first_lead`.

    >>> opening_leader([CardSet.parse("3C").mask, CardSet.parse("2C").mask, 0, 0], DEFAULT_RULES)
    1
    """
    first = 1 << rules._first_lead
    for seat, h in enumerate(hands):
        if h & first:
            return seat
    raise HeartsError(f"nobody holds {rules.first_lead}, which opens the hand")  # impossible for a valid deal


def moon_shooter(taken: Sequence[int], penalty: int = PENALTY_MASK) -> int:
    """The seat that took every penalty card (shot the moon), or -1.

    ``penalty`` is :attr:`Rules.penalty_mask`: with two packs the moon takes all
    28 penalty cards (:data:`TWO_PACK_PENALTY_MASK`).

    >>> moon_shooter([0, PENALTY_MASK | 1, 0, 0]), moon_shooter([1 << 51, PENALTY_MASK & ~(1 << 51), 0, 0])
    (1, -1)
    """
    for seat, t in enumerate(taken):
        if t & penalty == penalty:
            return seat
    return -1


def moon_choice(totals: Sequence[int] | None, shooter: int, rules: Rules) -> str:
    """The shooter's sensible choice under ``MoonScoring.SHOOTERS_CHOICE``: ``'add'`` or ``'subtract'``.

    Both leave the same gaps between the shooter and everyone else; they
    differ when adding pushes someone to the target and ends the game. Then
    the shooter adds if that wins it the game outright and subtracts (playing
    on) if not. Otherwise, and with no game ``totals`` (before this hand),
    it adds. Every built-in bot chooses so, and the expert's playouts assume it.

    >>> moon_choice(None, 0, DEFAULT_RULES), moon_choice([10, 20, 30, 40], 0, DEFAULT_RULES)
    ('add', 'add')
    >>> moon_choice([80, 75, 40, 50], 0, DEFAULT_RULES), moon_choice([80, 75, 40, 50], 2, DEFAULT_RULES)
    ('subtract', 'add')
    """
    if not totals:
        return "add"
    full = rules.moon_points
    others = [t + full for s, t in enumerate(totals) if s != shooter]
    if max(others) >= rules.target_score:  # adding ends the game
        return "add" if totals[shooter] < min(others) else "subtract"
    return "add"


def hand_scores(
    points: Sequence[int], shooter: int, rules: Rules, choice: str | None = None
) -> tuple[list[int], MoonScoring | None]:
    """The points each seat adds to its game total, and the moon scoring applied (``None``: no moon).

    ``points`` are the penalty points taken (:meth:`Rules.points_of`, J♦
    included); ``shooter`` is :func:`moon_shooter`'s seat (-1: none). Under
    ``MoonScoring.SHOOTERS_CHOICE`` the shooter's ``choice`` (``'add'`` or
    ``'subtract'``) decides; without one it is :func:`moon_choice` with no totals.

    >>> hand_scores([26, 0, 0, 0], 0, DEFAULT_RULES)
    ([0, 26, 26, 26], <MoonScoring.ADD_TO_OTHERS: 'add'>)
    >>> hand_scores([26, 0, 0, 0], 0, Rules(moon="choice"), "subtract")[0]
    [-26, 0, 0, 0]
    """
    scores = list(points)
    if shooter < 0:
        return scores, None
    moon = rules.moon
    if moon is MoonScoring.SHOOTERS_CHOICE:
        if choice is None:
            choice = moon_choice(None, shooter, rules)
        moon = MoonScoring.ADD_TO_OTHERS if choice == "add" else MoonScoring.SUBTRACT_FROM_SHOOTER
    full = rules.moon_points
    scores[shooter] -= full  # the shooter's 26 penalty points become 0 ...
    if moon is MoonScoring.ADD_TO_OTHERS:
        for s in range(len(scores)):
            if s != shooter:
                scores[s] += full
    else:
        scores[shooter] -= full  # ... and then 26 more come off
    return scores, moon


def pass_refusal(hand: int, cards: Sequence[int], rules: Rules) -> IllegalMoveError | None:
    """Why passing ``cards`` (card indices) from ``hand`` is refused, or ``None`` if it is a legal pass.

    Exactly :attr:`Rules.pass_size` different cards, all of them in the hand.

    >>> h = CardSet.parse("2C 5D QS AH").mask
    >>> pass_refusal(h, [int(Card.parse(c)) for c in ("QS", "AH", "5D")], DEFAULT_RULES) is None
    True
    >>> pass_refusal(h, [int(Card.parse(c)) for c in ("QS", "QS", "5D")], DEFAULT_RULES).rule.name
    'DUPLICATE_PASS_CARD'
    """
    need = rules.pass_size
    if len(cards) != need:
        return IllegalMoveError(Rule.WRONG_PASS_COUNT, expected=need, given=len(cards))
    mask = 0
    if rules.decks == 2:  # a card held twice may be passed twice
        for c in cards:
            if mask >> c & 1:
                if not hand >> (c + 52) & 1:
                    if hand >> c & 1:
                        return IllegalMoveError(
                            Rule.DUPLICATE_PASS_CARD, card=str(Card(c)), expected=need, variant="one_copy"
                        )
                    return IllegalMoveError(Rule.CARD_NOT_IN_HAND, card=str(Card(c)))
                mask |= 1 << (c + 52)
            else:
                mask |= 1 << c
        if mask & ~hand:
            missing = next(c for c in cards if not hand >> c & 1)
            return IllegalMoveError(Rule.CARD_NOT_IN_HAND, card=str(Card(missing)))
        return None
    for c in cards:
        if mask >> c & 1:
            return IllegalMoveError(Rule.DUPLICATE_PASS_CARD, card=str(Card(c)), expected=need)
        mask |= 1 << c
    if mask & ~hand:  # self-play checks every pass: one test when all is well
        missing = next(c for c in cards if not hand >> c & 1)
        return IllegalMoveError(Rule.CARD_NOT_IN_HAND, card=str(Card(missing)))
    return None


def refusal(
    hand: int,
    c: int,
    led_suit: int,
    first_trick: bool,
    hearts_broken: bool,
    rules: Rules,
) -> IllegalMoveError | None:
    """Why card ``c`` may not be played now, or ``None`` if it may.

    Derived from :func:`legal_mask` so that prose never disagrees with play.
    """
    if not hand >> c & 1:
        return IllegalMoveError(Rule.CARD_NOT_IN_HAND, card=str(Card(c)))
    hand &= ALL_CARDS_MASK  # two packs: each card once (a second copy is no card of another suit)
    legal = legal_mask(hand, led_suit, first_trick, hearts_broken, rules)
    if legal >> c & 1:
        return None
    cs = str(Card(c))
    if led_suit >= 0:
        if hand & SUIT_MASKS[led_suit]:
            return IllegalMoveError(Rule.MUST_FOLLOW_SUIT, card=cs, suit="♣♦♠♥"[led_suit])
        return IllegalMoveError(Rule.NO_POINTS_ON_FIRST_TRICK, card=cs)
    if first_trick and rules._first_lead >= 0 and hand >> rules._first_lead & 1:
        return IllegalMoveError(Rule.MUST_LEAD_LOWEST_CLUB, card=cs, first=str(rules.first_lead))
    if first_trick and rules._first_lead < 0 and hand & ~PENALTY_MASK & ALL_CARDS_MASK:
        return IllegalMoveError(Rule.NO_POINTS_ON_FIRST_TRICK, card=cs, variant="first_lead")
    if rules.qs_breaks_hearts:
        return IllegalMoveError(Rule.HEARTS_NOT_BROKEN, card=cs, variant="queen_breaks")
    return IllegalMoveError(Rule.HEARTS_NOT_BROKEN, card=cs)

