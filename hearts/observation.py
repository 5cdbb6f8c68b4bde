"""What one player can see. Bots are given only this.

An :class:`Observation` is a snapshot made of plain values (ints, tuples,
frozen records). It holds the seat's own cards, the cards it passed and
received, and everything public (cards played and by whom, tricks, points,
suits each player has shown out of). It holds no reference to the hand
state, so another player's hidden cards cannot be reached from it.

>>> from hearts import Deal, HandState
>>> h = HandState(Deal.from_number(3), pass_direction=PassDirection.NONE)
>>> obs = h.observation(h.to_play)
>>> str(obs.legal_moves)
'2♣'
>>> len(obs.hand), obs.hand_sizes
(13, (13, 13, 13, 13))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearts.cards import CARDS, SUIT_MASKS, Card, CardSet
from hearts.errors import IllegalMoveError, Rule
from hearts.hand import Phase
from hearts.rules import PassDirection, Rules, legal_mask, trick_winner

if TYPE_CHECKING:
    from hearts.hand import HandState, Trick

_PLAYING = Phase.PLAYING

__all__ = ["KnownLegalObservation", "Observation"]


class Observation:
    """One seat's view of a hand. Attributes are read-only by convention.

    Masks (``*_mask``) are the fast forms used by bots; the properties
    without ``_mask`` give :class:`~hearts.cards.CardSet` values.
    """

    __slots__ = (
        "hand_mask",
        "hand_number",
        "hearts_broken",
        "leader",
        "led_suit",
        "pass_direction",
        "pass_source",
        "pass_target",
        "passed_mask",
        "phase",
        "played_mask",
        "points",
        "received_mask",
        "rules",
        "seat",
        "to_play",
        "totals",
        "trick",
        "trick_number",
        "tricks",
        "voids",
    )

    seat: int
    rules: Rules
    hand_number: int
    pass_direction: PassDirection
    phase: Phase
    hand_mask: int
    passed_mask: int | None
    received_mask: int | None
    pass_target: int
    pass_source: int
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, Card], ...]
    leader: int
    to_play: int
    led_suit: int
    trick_number: int
    hearts_broken: bool
    points: tuple[int, ...]
    voids: tuple[int, ...]
    played_mask: int
    totals: tuple[int, ...] | None

    @classmethod
    def from_state(cls, state: HandState, seat: int, totals: tuple[int, ...] | None = None) -> Observation:
        """The view of ``seat`` (0-based) of ``state``; ``totals`` are game scores before this hand."""
        if type(seat) is not int or not 0 <= seat < state.n:  # the common case costs one test (self-play)
            state._check_seat(seat)
        two = state.rules.decks == 2
        if two and cls is Observation:
            from hearts.cancellation import CancelObservation

            cls = CancelObservation
        o = cls.__new__(cls)
        n = state.n
        o.seat = seat
        o.rules = state.rules
        o.hand_number = state.hand_number
        o.pass_direction = state.pass_direction
        o.phase = state.phase
        o.hand_mask = state.hands[seat]
        o.passed_mask = state.passes[seat]
        o.received_mask = state.received[seat]
        off = state._pass_offset
        o.pass_target = (seat + off) % n
        o.pass_source = (seat - off) % n
        o.tricks = tuple(state.tricks)
        leader = state.leader
        trick = state.trick
        o.trick = tuple([((leader + i) % n, CARDS[c]) for i, c in enumerate(trick)])
        o.leader = leader
        o.to_play = state.to_play
        o.led_suit = state.led_suit
        o.trick_number = state.trick_number
        o.hearts_broken = state.hearts_broken
        o.points = tuple(state.points)
        o.voids = tuple(state.voids)
        o.played_mask = state.played_mask
        o.totals = totals
        if two:
            o._set_piles(state)  # type: ignore[attr-defined]
        return o

    # Cancellation Hearts' public piles (:class:`hearts.cancellation.CancelObservation` holds them; one pack: none).
    pile_mask = 0
    widow_mask = 0
    widow_taker = -1

    # ----- derived views -----------------------------------------------------

    @property
    def num_players(self) -> int:
        """Players at the table."""
        return self.rules.num_players

    @property
    def hand(self) -> CardSet:
        """The seat's own cards."""
        return CardSet(self.hand_mask)

    @property
    def passed(self) -> CardSet | None:
        """The cards this seat passed (``None`` before it chose)."""
        return None if self.passed_mask is None else CardSet(self.passed_mask)

    @property
    def received(self) -> CardSet | None:
        """The cards this seat received (``None`` until everyone has passed)."""
        return None if self.received_mask is None else CardSet(self.received_mask)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards each seat holds, as everyone at the table can count them.

        Cards chosen for passing count as held until they change hands.
        """
        n = self.rules.num_players
        if self.phase is Phase.PASSING:
            sizes = [self.rules.hand_size] * n
            sizes[self.seat] = self.hand_mask.bit_count()
            return tuple(sizes)
        if self.phase is not Phase.PLAYING:
            return (0,) * n
        in_trick = {s for s, _ in self.trick}
        left = self.rules.hand_size - self.trick_number
        return tuple(left - (s in in_trick) for s in range(n))

    @property
    def is_my_turn(self) -> bool:
        """True when this seat must play now."""
        return self.to_play == self.seat

    @property
    def first_trick(self) -> bool:
        """True during the first trick."""
        return self.trick_number == 0

    def legal_mask(self) -> int:
        """Cards this seat may play now, by the one rule function (none unless it is this seat's turn to play)."""
        if self.to_play != self.seat or self.phase is not _PLAYING:
            return 0
        led = self.led_suit if self.trick else -1
        return legal_mask(self.hand_mask, led, self.trick_number == 0, self.hearts_broken, self.rules)

    @property
    def legal_moves(self) -> CardSet:
        """Cards this seat may play now (empty unless it is this seat's turn to play)."""
        return CardSet(self.legal_mask())

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """Every (seat, card) played so far, in order."""
        out: list[tuple[int, Card]] = []
        for t in self.tricks:
            out.extend(zip(t.seats, t.cards))
        out.extend(self.trick)
        return tuple(out)

    @property
    def played(self) -> CardSet:
        """Every card played so far."""
        return CardSet(self.played_mask)

    def shown_out(self, seat: int) -> list[int]:
        """Suits ``seat`` has shown it no longer holds (by discarding on them)."""
        if type(seat) is not int or not 0 <= seat < len(self.voids):
            raise IllegalMoveError(Rule.NO_SUCH_SEAT, given=repr(seat), last=len(self.voids) - 1)
        return [s for s in range(4) if self.voids[seat] >> s & 1]

    @property
    def unseen_mask(self) -> int:
        """Cards in play that this seat has not seen: in other hands, somewhere."""
        return self.rules._deck_mask & ~self.hand_mask & ~self.played_mask

    def known_mask(self, seat: int) -> int:
        """Cards known to be in another ``seat``'s hand: those we passed it, not yet played."""
        if seat == self.seat or self.passed_mask is None or self.received_mask is None:
            return 0
        if seat != self.pass_target:
            return 0
        return self.passed_mask & ~self.played_mask

    def possible_mask(self, seat: int) -> int:
        """Cards ``seat`` may hold, given what we have seen (suits it showed out of excluded)."""
        if seat == self.seat:
            return self.hand_mask
        m = self.unseen_mask
        for s in range(4):
            if self.voids[seat] >> s & 1:
                m &= ~SUIT_MASKS[s]
        for other in range(self.rules.num_players):
            if other != seat:
                m &= ~self.known_mask(other)
        return m | self.known_mask(seat)

    @property
    def trick_cards(self) -> tuple[int, ...]:
        """The cards of the trick in progress in play order, as plain card numbers (what the rule functions take).

        >>> from hearts import Deal, HandState
        >>> h = HandState(Deal.from_number(3), pass_direction=PassDirection.NONE)
        >>> h.push(0)
        >>> h.observation(h.to_play).trick_cards
        (0,)
        """
        return tuple([int(c) for _, c in self.trick])

    def trick_winner_so_far(self) -> int | None:
        """The seat currently winning the trick in progress, if any card is down."""
        if not self.trick:
            return None
        return self.trick[trick_winner([c for _, c in self.trick])[0]][0]

    def __repr__(self) -> str:
        return f"<Observation seat {self.seat} hand {self.hand} trick {self.trick_number}>"


class KnownLegalObservation(Observation):
    """An observation whose legal cards the one rule function already gave (the self-play loop's views).

    :func:`hearts.selfplay.play_out` works out the legal cards before asking
    a bot, to check its answer; it hands them on here instead of letting the
    bot ask :func:`~hearts.rules.legal_mask` a second time. Everything else is
    an ordinary :class:`Observation` snapshot.
    """

    __slots__ = ("known_legal", "trick_cards")

    known_legal: int
    trick_cards: tuple[int, ...]  # a slot here, a property of Observation

    def legal_mask(self) -> int:
        """The cards this seat may play now, as the rule function gave them when this view was made."""
        return self.known_legal
