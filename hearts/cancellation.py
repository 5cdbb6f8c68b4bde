"""Cancellation Hearts: the two-pack game for 6 to 10 players (``Rules.cancellation(n)``, ``decks=2``).

The rules are in ``docs/rules.md`` ("Cancellation Hearts"): 104 cards, every
card twice; a widow of what the deal leaves goes face down to whoever wins
the first trick; the player on the dealer's left leads first; two identical
cards in one trick cancel each other; a trick whose every card of the suit
led is cancelled waits, and whoever wins the next trick takes it too (on the
last trick its leader takes it); 52 points a hand; the moon takes all 28
penalty cards.

``HandState(deal, rules)`` with two-pack rules gives a :class:`CancelHandState`
(the one-pack game keeps its own fast paths untouched). Every card set is a
two-copy mask (:func:`hearts.cards.ms_from`): bit ``c`` for the first copy held,
bit ``c + 52`` for the second.

>>> from hearts import Deal, HandState, Rules
>>> rules = Rules.cancellation(6, passing=False)
>>> h = HandState(Deal.from_number(4, rules), rules)
>>> type(h).__name__, h.to_play, len(h.deal.widow)
('CancelHandState', 0, 2)
>>> while not h.is_over:
...     h.push(h.legal_moves.lowest())
>>> r = h.result()
>>> sum(r.scores) == 52 or r.shooter is not None, h.pile
(True, 0)
"""

from __future__ import annotations

from typing import Any

from hearts.cards import ALL_CARDS_MASK, CARDS, Card, CardSet, ms_add, ms_sub
from hearts.errors import IllegalMoveError, Rule
from hearts.hand import Action, HandState, Phase, Trick, _action
from hearts.observation import Observation
from hearts.rules import TWO_PACK_PENALTY_MASK, cancel_trick, legal_mask, moon_shooter

__all__ = ["CancelHandState", "CancelObservation"]


class CancelHandState(HandState):
    """A hand of Cancellation Hearts (two packs). The API is :class:`~hearts.hand.HandState`'s.

    Beyond it: :attr:`pile`, the two-copy mask of the cards of tricks that wait
    (public), :attr:`pile_tricks` their numbers, :attr:`widow_taker` the seat that
    took the widow (-1 before the first trick is taken). A trick that waits is a
    :class:`~hearts.hand.Trick` with ``winner`` -1; the trick that takes it lists it
    in ``carried`` and counts its points, and the first trick taken shows the widow.
    """

    __slots__ = ("pile", "pile_tricks", "widow_taker")

    pile: int
    pile_tricks: list[int]
    widow_taker: int

    @classmethod
    def _all_slots(cls) -> tuple[str, ...]:
        return HandState.__slots__ + CancelHandState.__slots__

    def _reset(self) -> None:
        self.pile = 0
        self.pile_tricks = []
        self.widow_taker = -1
        super()._reset()

    def _start_play(self) -> None:
        self.to_play = self.leader = (self.dealer + 1) % self.n  # the dealer's left
        self.phase = Phase.PLAYING

    def legal_mask(self) -> int:
        """The cards the player to move may play, each once (0 outside play)."""
        if self.phase is not Phase.PLAYING:
            return 0
        hand = self.hands[self.to_play] & ALL_CARDS_MASK
        return legal_mask(hand, self.led_suit, self.trick_number == 0, self.hearts_broken, self.rules)

    def legal_moves_for(self, seat: int) -> CardSet:
        """Cards ``seat`` could play if it were its turn now, each once."""
        self._check_seat(seat)
        if self.phase is not Phase.PLAYING:
            return CardSet(0)
        led = self.led_suit if self.trick else -1
        hand = self.hands[seat] & ALL_CARDS_MASK
        return CardSet(legal_mask(hand, led, self.trick_number == 0, self.hearts_broken, self.rules))

    @property
    def widow(self) -> CardSet:
        """The widow once taken (shown to everyone); empty before the first trick is taken."""
        return self.deal.widow if self.widow_taker >= 0 else CardSet(0)

    def push_pass(self, seat: int, mask: int) -> None:
        """Unchecked: ``seat`` passes the cards of the two-copy ``mask``."""
        self.passes[seat] = mask
        self.hands[seat] = ms_sub(self.hands[seat], mask)
        self._stack.append(("pass", seat, mask))
        if all(p is not None for p in self.passes):
            off = self._pass_offset
            n = self.n
            for s in range(n):
                target = (s + off) % n
                got = self.passes[s]
                assert got is not None
                self.hands[target] = ms_add(self.hands[target], got)
                self.received[target] = got
            self._start_play()

    def push(self, c: int) -> None:
        """Unchecked: the player to move plays card ``c`` (a copy of it; the two are equal)."""
        seat = self.to_play
        h = self.hands[seat]
        second = 1 << (c + 52)
        bit = 1 << c
        self.hands[seat] = h ^ second if h & second else h ^ bit
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
            self.hearts_broken = True  # cancelled or not
        trick.append(c)
        played = self.played_mask
        self.played_mask = played | second if played & bit else played | bit
        self._stack.append(("play", seat, c, prev_broken, prev_void))
        n = self.n
        if len(trick) < n:
            self.to_play = (seat + 1) % n
            return
        self._complete_trick()

    def _complete_trick(self) -> None:
        trick = self.trick
        n = self.n
        rules = self.rules
        leader = self.leader
        number = self.trick_number
        last = number + 1 == rules.hand_size
        index, mask, _ = cancel_trick(trick)
        cards = tuple([CARDS[x] for x in trick])
        self.trick = []
        self.led_suit = -1
        self.trick_number = number + 1
        if index < 0 and not last:
            # Every card of the suit led cancelled: nobody takes it yet, and the same player leads again.
            self.pile = ms_add(self.pile, mask)
            self.pile_tricks.append(number)
            self.tricks.append(Trick(number, leader, cards, -1, 0))
            self.to_play = leader
            return
        winner = (leader + index) % n if index >= 0 else leader  # on the last trick its leader takes it
        taken = ms_add(mask, self.pile) if self.pile else mask
        widow: tuple[Card, ...] = ()
        if self.widow_taker < 0:
            self.widow_taker = winner
            if self.deal.widow:
                taken = ms_add(taken, self.deal.widow.mask)
                widow = tuple(self.deal.widow)
        pts = rules.points_of(taken)
        self.taken[winner] = ms_add(self.taken[winner], taken)
        self.points[winner] += pts
        self.tricks.append(Trick(number, leader, cards, winner, pts, tuple(self.pile_tricks), widow))
        self.pile = 0
        self.pile_tricks = []
        self.leader = self.to_play = winner
        if last:
            self._finish()

    def _commit_plays(self, *args: Any) -> None:  # pragma: no cover - the lean loops are one-pack only
        raise NotImplementedError("Cancellation Hearts is played through push(), not the one-pack lean loops")

    def _finish(self) -> None:
        shooter = moon_shooter(self.taken, TWO_PACK_PENALTY_MASK)
        if shooter >= 0 and self.rules.moon.value == "choice":
            self.phase = Phase.MOON_CHOICE
            self.to_play = shooter
            return
        self._score(shooter, None)

    def undo(self) -> Action:
        """Take back the last action (replays the hand up to it: cancelled tricks make a step back non-local)."""
        if not self._stack:
            raise IllegalMoveError(Rule.NOTHING_TO_UNDO)
        entry = self._stack[-1]
        last = _action(entry)
        actions = self._stack[:-1]
        self._reset()
        for e in actions:
            if e[0] == "pass":
                self.push_pass(e[1], e[2])
            elif e[0] == "play":
                self.push(e[2])
        return last

    def observation(self, seat: int) -> Observation:
        """What ``seat`` can see, with the waiting pile and (once taken) the widow."""
        return Observation.from_state(self, seat)


class CancelObservation(Observation):
    """One seat's view of a Cancellation Hearts hand: an :class:`~hearts.observation.Observation` and

    ``pile_mask`` (the cards of the tricks that wait, public), ``pile_tricks``,
    ``widow_mask`` (the widow once taken, shown to all; 0 before) and
    ``widow_taker`` (-1 before). Card masks are two-copy masks.
    """

    __slots__ = ("pile_mask", "pile_tricks", "widow_mask", "widow_taker")

    pile_mask: int
    pile_tricks: tuple[int, ...]
    widow_mask: int
    widow_taker: int

    def _set_piles(self, state: HandState) -> None:
        assert isinstance(state, CancelHandState)
        self.pile_mask = state.pile
        self.pile_tricks = tuple(state.pile_tricks)
        self.widow_taker = state.widow_taker
        self.widow_mask = state.deal.widow.mask if state.widow_taker >= 0 else 0

    def legal_mask(self) -> int:
        """Cards this seat may play now, each once (none unless it is this seat's turn to play)."""
        if self.to_play != self.seat or self.phase is not Phase.PLAYING:
            return 0
        led = self.led_suit if self.trick else -1
        hand = self.hand_mask & ALL_CARDS_MASK
        return legal_mask(hand, led, self.trick_number == 0, self.hearts_broken, self.rules)

    @property
    def pile(self) -> CardSet:
        """The cards waiting for the next trick's winner."""
        return CardSet(self.pile_mask)

    @property
    def widow(self) -> CardSet:
        """The widow once taken (empty before)."""
        return CardSet(self.widow_mask)

    @property
    def unseen_mask(self) -> int:
        """Copies in play this seat has not seen: in other hands, or in the widow before it is taken."""
        seen = ms_add(ms_add(self.hand_mask, self.played_mask), self.widow_mask)
        return ms_sub(self.rules._deck_mask, seen)

    def possible_mask(self, seat: int) -> int:
        """Cards ``seat`` may hold (each card once: bit ``c`` if some copy of it may be there)."""
        if seat == self.seat:
            return self.hand_mask & ALL_CARDS_MASK
        return super().possible_mask(seat) & ALL_CARDS_MASK

    def trick_winner_so_far(self) -> int | None:
        """The seat winning the trick in progress so far (``None`` before a card, or while every card of the
        suit led is cancelled)."""
        if not self.trick:
            return None
        index = cancel_trick([c for _, c in self.trick])[0]
        return None if index < 0 else self.trick[index][0]
