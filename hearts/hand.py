"""One hand of Hearts: passing, thirteen tricks, scoring.

:class:`HandState` is the reference state. People use the checked methods
(:meth:`~HandState.pass_cards`, :meth:`~HandState.play`,
:meth:`~HandState.choose_moon`), which refuse a bad action with an
:class:`~hearts.errors.IllegalMoveError` and change nothing. Simulations use
the unchecked fast paths (:meth:`~HandState.push`,
:meth:`~HandState.push_pass`), which trust the caller. :meth:`~HandState.undo`
takes back the last action of either kind.

>>> from hearts import Deal, HandState
>>> h = HandState(Deal.from_number(7))
>>> h.phase, h.pass_direction.value
(<Phase.PASSING: 'passing'>, 'left')
>>> for seat in range(4):
...     h.pass_cards(seat, list(h.hand_of(seat))[-3:])
>>> h.phase, str(h.legal_moves)
(<Phase.PLAYING: 'playing'>, '2♣')
>>> while not h.is_over:
...     h.push(h.legal_moves.lowest())
>>> sum(h.result().points)
26
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from hearts.cards import CARDS, Card, CardSet, card, iter_mask
from hearts.deal import Deal
from hearts.errors import CardParseError, HeartsError, IllegalMoveError, OptionError, Rule, RulesError
from hearts.rules import (
    DEFAULT_RULES,
    MoonScoring,
    PassDirection,
    Rules,
    complete_trick,
    hand_scores,
    legal_mask,
    moon_shooter,
    opening_leader,
    pass_refusal,
    refusal,
)

if TYPE_CHECKING:
    from hearts.observation import Observation

__all__ = ["Action", "HandResult", "HandState", "Phase", "Trick"]


class Phase(enum.Enum):
    """Where a hand is."""

    PASSING = "passing"
    PLAYING = "playing"
    MOON_CHOICE = "moon_choice"  # only with MoonScoring.SHOOTERS_CHOICE
    DONE = "done"


_PLAYING = Phase.PLAYING


@dataclasses.dataclass(frozen=True)
class Trick:
    """A completed trick: who led, the cards in play order, who won, its points."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int
    # Cancellation Hearts only: the trick numbers of the earlier tricks that waited (every card of the suit
    # led cancelled) and that this one's winner took with it, and the widow when it came with this trick.
    # A trick that waits has ``winner`` -1 and ``points`` 0 until a later trick takes it.
    carried: tuple[int, ...] = ()
    widow: tuple[Card, ...] = ()

    @property
    def waited(self) -> bool:
        """True for a Cancellation Hearts trick that nobody won (every card of the suit led cancelled)."""
        return self.winner < 0

    @property
    def cancelled(self) -> tuple[Card, ...]:
        """Cards that met their twin in this trick (Cancellation Hearts), each once, in play order.

        >>> Trick(0, 0, tuple(Card.parse(c) for c in ("KC", "AC", "AC", "5C", "QS", "3D")), 0, 0).cancelled
        (Card.parse('A♣'),)
        """
        seen: set[int] = set()
        out: list[Card] = []
        for c in self.cards:
            if c in seen:
                out.append(c)
            seen.add(c)
        return tuple(out)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card, in order."""
        n = len(self.cards)
        return tuple((self.leader + i) % n for i in range(n))

    def played_by(self, seat: int) -> Card:
        """The card a seat played to this trick."""
        n = len(self.cards)
        return self.cards[(seat - self.leader) % n]

    def _repr_html_(self) -> str:
        from hearts.display import trick_svg

        return trick_svg(list(zip(self.seats, self.cards)), num_players=len(self.cards), winner=self.winner)


@dataclasses.dataclass(frozen=True)
class HandResult:
    """The outcome of a finished hand.

    ``points`` are the penalty points each seat took; ``scores`` what each
    seat adds to its total after any moon; ``shooter`` the seat that took
    every penalty card, if any, and ``moon`` how it was scored.
    """

    points: tuple[int, ...]
    scores: tuple[int, ...]
    shooter: int | None
    moon: MoonScoring | None
    tricks_won: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class Action:
    """One recorded action: a pass, a play, or a moon choice."""

    kind: str  # "pass", "play" or "moon"
    seat: int
    cards: tuple[Card, ...] = ()
    choice: str | None = None  # "add" or "subtract" for kind == "moon"


_new_object = object.__new__


def new_trick(number: int, leader: int, cards: tuple[Card, ...], winner: int, points: int) -> Trick:
    """``Trick(number, leader, cards, winner, points)`` without the frozen dataclass's checks (twice as fast).

    For the loops that complete 13 tricks a hand and build their arguments themselves.

    >>> new_trick(0, 1, (Card(0),), 1, 0) == Trick(0, 1, (Card(0),), 1, 0)
    True
    """
    t: Trick = _new_object(Trick)
    t.__dict__.update(number=number, leader=leader, cards=cards, winner=winner, points=points, carried=(), widow=())
    return t


class HandState:
    """The full state of one hand, with every rule of :class:`~hearts.rules.Rules`."""

    __slots__ = (
        "_moon_choice",
        "_pass_offset",
        "_result",
        "_stack",
        "deal",
        "dealer",
        "hand_number",
        "hands",
        "hearts_broken",
        "leader",
        "led_suit",
        "n",
        "pass_direction",
        "passes",
        "phase",
        "played_mask",
        "points",
        "received",
        "rules",
        "taken",
        "to_play",
        "trick",
        "trick_number",
        "tricks",
        "voids",
    )

    def __new__(cls, *args: Any, **kwargs: Any) -> HandState:
        # Cancellation Hearts (two packs) plays on its own class, so the one-pack paths stay as they are.
        if cls is HandState and args:
            rules = args[1] if len(args) > 1 else kwargs.get("rules")
            if not isinstance(rules, Rules):
                rules = args[0].rules if isinstance(args[0], Deal) else None
            if rules is not None and rules.decks == 2:
                from hearts.cancellation import CancelHandState

                return object.__new__(CancelHandState)
        return object.__new__(cls)

    def __init__(
        self,
        deal: Deal | Sequence[Iterable[Card | int | str] | str | CardSet],
        rules: Rules | None = None,
        *,
        hand_number: int | None = None,
        pass_direction: PassDirection | None = None,
        dealer: int | None = None,
    ) -> None:
        if rules is not None and not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}", "rules")
        if hand_number is not None and (type(hand_number) is not int or hand_number < 1):
            raise OptionError(f"hand_number must be a whole number 1 or more, not {hand_number!r}", "hand_number")
        if not isinstance(deal, Deal):
            deal = Deal.from_hands(deal, rules or DEFAULT_RULES)
        rules = rules or deal.rules
        if rules.num_players != deal.rules.num_players:
            raise HeartsError(
                f"the deal is for {deal.rules.num_players} players but the rules say {rules.num_players}"
            )
        self.rules = rules
        self.n = rules.num_players
        self.deal = deal
        self.hand_number = hand_number if hand_number is not None else deal.hand_number
        if pass_direction is None:
            pass_direction = rules.pass_direction(self.hand_number)
        else:
            pass_direction = rules.check_pass_direction(pass_direction)
        self.pass_direction = pass_direction
        self._pass_offset = pass_direction.offset(self.n)
        if dealer is None:
            dealer = (self.hand_number - 2) % self.n  # with no game: seat 0 deals last, so seat 0 leads hand 1
        elif type(dealer) is not int or not 0 <= dealer < self.n:
            raise OptionError(f"dealer must be a seat 0 to {self.n - 1}, not {dealer!r}", "dealer")
        self.dealer = dealer
        self._reset()

    # ----- set-up ------------------------------------------------------------

    def _reset(self) -> None:
        n = self.n
        self.hands: list[int] = [h.mask for h in self.deal.hands]
        self.passes: list[int | None] = [None] * n
        self.received: list[int | None] = [None] * n
        self.trick: list[int] = []
        self.led_suit = -1
        self.trick_number = 0
        self.hearts_broken = False
        self.taken = [0] * n
        self.points = [0] * n
        self.tricks: list[Trick] = []
        self.voids = [0] * n
        self.played_mask = 0
        # Undo entries: ("play", seat, card, broken, void), ("pass", seat, mask) or ("moon", seat, choice).
        self._stack: list[tuple[Any, ...]] = []
        self._result: HandResult | None = None
        self._moon_choice: str | None = None
        if self._pass_offset:
            self.phase = Phase.PASSING
            self.to_play = -1
            self.leader = -1
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.to_play = self.leader = opening_leader(self.hands, self.rules)
        self.phase = Phase.PLAYING

    def copy(self) -> HandState:
        """An independent copy (the deal and rules are shared; they are immutable)."""
        cls = type(self)
        other = object.__new__(cls)
        for name in cls._all_slots():
            value = getattr(self, name)
            if isinstance(value, list):
                value = list(value)
            setattr(other, name, value)
        return other

    @classmethod
    def _all_slots(cls) -> tuple[str, ...]:
        return HandState.__slots__

    # ----- reading the state -------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the hand is scored."""
        return self.phase is Phase.DONE

    def hand_of(self, seat: int) -> CardSet:
        """The cards a seat holds now."""
        self._check_seat(seat)
        return CardSet(self.hands[seat])

    def pass_target(self, seat: int) -> int:
        """The seat that receives ``seat``'s passed cards."""
        self._check_seat(seat)
        return (seat + self._pass_offset) % self.n

    def pass_source(self, seat: int) -> int:
        """The seat whose passed cards ``seat`` receives."""
        self._check_seat(seat)
        return (seat - self._pass_offset) % self.n

    @property
    def waiting_to_pass(self) -> list[int]:
        """Seats that have not chosen their cards to pass yet."""
        if self.phase is not Phase.PASSING:
            return []
        return [s for s in range(self.n) if self.passes[s] is None]

    @property
    def legal_moves(self) -> CardSet:
        """The cards the player to move may play (empty outside play).

        This is the rule truth that validation, bots, hints and the table use.
        """
        if self.phase is not Phase.PLAYING:
            return CardSet(0)
        return CardSet(self.legal_mask())

    def legal_mask(self) -> int:
        """Bitmask form of :attr:`legal_moves` for the player to move (fast path); 0 outside play."""
        if self.phase is not _PLAYING:
            return 0
        return legal_mask(
            self.hands[self.to_play], self.led_suit, self.trick_number == 0, self.hearts_broken, self.rules
        )

    def legal_moves_for(self, seat: int) -> CardSet:
        """Cards ``seat`` could play if it were its turn now (the table dims the rest)."""
        self._check_seat(seat)
        if self.phase is not Phase.PLAYING:
            return CardSet(0)
        led = self.led_suit if self.trick else -1
        return CardSet(legal_mask(self.hands[seat], led, self.trick_number == 0, self.hearts_broken, self.rules))

    def why_not(self, c: Card | int | str, seat: int | None = None) -> IllegalMoveError | None:
        """The error :meth:`play` would raise for this card, or ``None`` if it is legal."""
        return self._check_play(card(c), seat)

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        """(seat, card) pairs of the trick in progress."""
        return [((self.leader + i) % self.n, Card(c)) for i, c in enumerate(self.trick)]

    @property
    def plays(self) -> list[tuple[int, Card]]:
        """Every (seat, card) played this hand, in order."""
        out: list[tuple[int, Card]] = []
        for t in self.tricks:
            out.extend(zip(t.seats, t.cards))
        out.extend(self.current_trick)
        return out

    @property
    def cards_played(self) -> int:
        """How many cards have been played."""
        return len(self.tricks) * self.n + len(self.trick)

    @property
    def history(self) -> list[Action]:
        """Every action so far, as :class:`Action` records."""
        return [_action(entry) for entry in self._stack]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` can see: its own cards and everything public, nothing hidden."""
        from hearts.observation import Observation

        return Observation.from_state(self, seat)

    # ----- passing -----------------------------------------------------------

    def pass_cards(self, seat: int, cards: Iterable[Card | int | str] | CardSet | str) -> None:
        """Choose the cards ``seat`` passes (checked). Cards move once all have chosen."""
        mask = self._check_pass(seat, cards)
        self.push_pass(seat, mask)

    def _check_pass(self, seat: int, cards: Iterable[Card | int | str] | CardSet | str) -> int:
        self._check_seat(seat)
        if self.phase is not Phase.PASSING:
            if self.pass_direction is PassDirection.NONE:
                raise IllegalMoveError(Rule.NO_PASS_THIS_HAND)
            raise IllegalMoveError(Rule.WRONG_PHASE, phase=self.phase.value)
        if self.passes[seat] is not None:
            raise IllegalMoveError(Rule.ALREADY_PASSED, seat=seat, players=self.n)
        if isinstance(cards, str):
            items: list[Card | int | str] = [*cards.replace(",", " ").split()]
        elif isinstance(cards, (CardSet, Iterable)):
            items = list(cards)
        else:
            raise CardParseError(f"cards to pass must be a list of cards or text like 'QS 2H 3D', not {cards!r}", cards)
        parsed = [card(c) for c in items]
        err = pass_refusal(self.hands[seat], parsed, self.rules)
        if err is not None:
            raise err
        return CardSet(parsed).mask

    def push_pass(self, seat: int, mask: int) -> None:
        """Unchecked: ``seat`` passes the cards of ``mask``."""
        self.passes[seat] = mask
        self.hands[seat] &= ~mask
        self._stack.append(("pass", seat, mask))
        if all(p is not None for p in self.passes):
            off = self._pass_offset
            n = self.n
            for s in range(n):
                target = (s + off) % n
                got = self.passes[s]
                self.hands[target] |= got  # type: ignore[operator]
                self.received[target] = got
            self._start_play()

    # ----- playing -----------------------------------------------------------

    def play(self, c: Card | int | str, seat: int | None = None) -> None:
        """Play a card for the player to move (checked).

        If ``seat`` is given it must be the player to move. Raises
        :class:`~hearts.errors.IllegalMoveError` and changes nothing when the
        rules refuse the card.
        """
        cc = card(c)
        err = self._check_play(cc, seat)
        if err is not None:
            raise err
        self.push(cc)

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise IllegalMoveError(Rule.NO_SUCH_SEAT, given=repr(seat), last=self.n - 1)

    def _check_play(self, c: Card, seat: int | None) -> IllegalMoveError | None:
        if self.phase is not Phase.PLAYING:
            if self.phase is Phase.DONE:
                return IllegalMoveError(Rule.HAND_OVER)
            return IllegalMoveError(Rule.WRONG_PHASE, phase=self.phase.value)
        if seat is not None:
            self._check_seat(seat)
            if seat != self.to_play:
                return IllegalMoveError(Rule.NOT_YOUR_TURN, seat=self.to_play, players=self.n)
        return refusal(
            self.hands[self.to_play], c, self.led_suit, self.trick_number == 0, self.hearts_broken, self.rules
        )

    def push(self, c: int) -> None:
        """Unchecked fast path: the player to move plays card ``c``.

        The caller guarantees ``c`` is in :meth:`legal_mask`; nothing is checked.
        """
        seat = self.to_play
        bit = 1 << c
        self.hands[seat] ^= bit
        trick = self.trick
        prev_void = self.voids[seat]
        prev_broken = self.hearts_broken
        suit = c // 13
        if trick:
            if suit != self.led_suit:
                self.voids[seat] = prev_void | (1 << self.led_suit)
        else:
            self.led_suit = suit
        if bit & self.rules._breakers_mask:
            self.hearts_broken = True
        trick.append(c)
        self.played_mask |= bit
        self._stack.append(("play", seat, c, prev_broken, prev_void))
        n = self.n
        if len(trick) < n:
            self.to_play = (seat + 1) % n
            return
        # Trick complete: the highest card of the led suit wins.
        leader = self.leader
        winner, mask = complete_trick(trick, leader, n)
        rules = self.rules
        pts = rules.points_of(mask)
        self.taken[winner] |= mask
        self.points[winner] += pts
        number = self.trick_number
        self.tricks.append(new_trick(number, leader, tuple([CARDS[x] for x in trick]), winner, pts))
        self.trick = []
        self.led_suit = -1
        self.trick_number = number + 1
        self.leader = self.to_play = winner
        if (number + 1) * n == rules._deck_mask.bit_count():
            self._finish()

    def _commit_plays(
        self,
        trick: list[int],
        leader: int,
        to_play: int,
        led_suit: int,
        trick_number: int,
        hearts_broken: bool,
        played_mask: int,
    ) -> None:
        """Take the scalars of a position that a lean loop reached by :meth:`push`'s own steps.

        :func:`hearts.selfplay.play_out` plays a run of cards on local
        variables, updating this state's lists (``hands``, ``voids``,
        ``taken``, ``points``, ``tricks`` and the undo records) in place as
        :meth:`push` would; this sets the rest and, after the last trick,
        scores the hand as :meth:`push` does. The tests check that the two
        leave identical states.
        """
        self.trick = trick
        self.leader = leader
        self.to_play = to_play
        self.led_suit = led_suit
        self.trick_number = trick_number
        self.hearts_broken = hearts_broken
        self.played_mask = played_mask
        if not trick and trick_number * self.n == self.rules._deck_mask.bit_count():
            self._finish()

    def _finish(self) -> None:
        shooter = moon_shooter(self.taken)
        if shooter >= 0 and self.rules.moon is MoonScoring.SHOOTERS_CHOICE:
            self.phase = Phase.MOON_CHOICE
            self.to_play = shooter
            return
        self._score(shooter, None)

    def _score(self, shooter: int, choice: str | None) -> None:
        pts = tuple(self.points)
        scores, moon = hand_scores(pts, shooter, self.rules, choice)
        won = [0] * self.n
        for t in self.tricks:
            if t.winner >= 0:  # a Cancellation Hearts trick that waited was won by nobody
                won[t.winner] += 1
        self._result = HandResult(pts, tuple(scores), shooter if shooter >= 0 else None, moon, tuple(won))
        self.phase = Phase.DONE
        self.to_play = -1

    def choose_moon(self, seat: int, choice: str) -> None:
        """The shooter's choice under ``MoonScoring.SHOOTERS_CHOICE``: ``'add'`` or ``'subtract'``."""
        self._check_seat(seat)
        if self.phase is not Phase.MOON_CHOICE:
            raise IllegalMoveError(Rule.WRONG_PHASE, phase=self.phase.value)
        if seat != self.to_play:
            raise IllegalMoveError(Rule.NOT_THE_SHOOTER, seat=self.to_play, players=self.n)
        if choice not in ("add", "subtract"):
            raise IllegalMoveError(Rule.BAD_MOON_CHOICE, given=repr(choice))
        self._stack.append(("moon", seat, choice))
        self._moon_choice = choice
        self._score(seat, choice)

    def result(self) -> HandResult:
        """The outcome; only once the hand is over."""
        if self._result is None:
            raise IllegalMoveError(Rule.WRONG_PHASE, phase=self.phase.value)
        return self._result

    # ----- undo --------------------------------------------------------------

    def undo(self) -> Action:
        """Take back the last action and return it.

        Raises :class:`~hearts.errors.IllegalMoveError` (``NOTHING_TO_UNDO``)
        when no action was taken.
        """
        if not self._stack:
            raise IllegalMoveError(Rule.NOTHING_TO_UNDO)
        entry = self._stack[-1]
        last = _action(entry)
        if entry[0] != "play":
            # Passes and moon choices are rare: replay everything but the last action.
            actions = self._stack[:-1]
            self._reset()
            for e in actions:
                if e[0] == "pass":
                    self.push_pass(e[1], e[2])
                elif e[0] == "play":
                    self.push(e[2])
            return last
        self._stack.pop()
        _, seat, c, prev_broken, prev_void = entry
        if self.phase is not Phase.PLAYING or not self.trick:
            # The card completed a trick (and maybe the hand): reopen that trick.
            t = self.tricks.pop()
            mask = 0
            for x in t.cards:
                mask |= 1 << x
            self.taken[t.winner] &= ~mask
            self.points[t.winner] -= t.points
            self.trick = [int(x) for x in t.cards]
            self.trick_number -= 1
            self.leader = t.leader
            self.led_suit = t.cards[0] // 13
            self._result = None
            self._moon_choice = None
            self.phase = Phase.PLAYING
        self.trick.pop()
        self.played_mask &= ~(1 << c)
        if not self.trick:
            self.led_suit = -1
        self.hands[seat] |= 1 << c
        self.hearts_broken = prev_broken
        self.voids[seat] = prev_void
        self.to_play = seat
        return last

    # ----- display -----------------------------------------------------------

    def __repr__(self) -> str:
        return (
            f"<HandState hand {self.hand_number} {self.phase.value} "
            f"pass {self.pass_direction.value} tricks {len(self.tricks)}>"
        )

    def _repr_html_(self) -> str:
        from hearts.display import table_svg

        return table_svg(self)


def _action(entry: tuple[Any, ...]) -> Action:
    """The :class:`Action` of one undo-stack entry."""
    kind = entry[0]
    if kind == "play":
        return Action("play", entry[1], (CARDS[entry[2]],))
    if kind == "pass":
        return Action("pass", entry[1], tuple(iter_mask(entry[2])))
    return Action("moon", entry[1], (), entry[2])
