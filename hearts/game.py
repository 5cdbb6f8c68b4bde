"""A whole game: hands until someone reaches the target score.

The dealer rotates one seat each hand and the pass direction follows the
hand number (left, right, across, none with four players). The lowest total
wins; players tied for the lowest share the win.

>>> from hearts import Game, Rules
>>> g = Game(number=5, rules=Rules(target_score=30))
>>> while not g.is_over:
...     h = g.hand
...     for seat in h.waiting_to_pass:
...         h.pass_cards(seat, list(h.hand_of(seat))[:3])
...     while not h.is_over:
...         h.push(h.legal_moves.highest())
...     if not g.is_over:
...         _ = g.next_hand()
>>> max(g.scores) >= 30, g.winners == [s for s in range(4) if g.scores[s] == min(g.scores)]
(True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from hearts.deal import Deal, StableRandom
from hearts.errors import DealError, IllegalMoveError, Rule, RulesError
from hearts.hand import HandState, Phase
from hearts.observation import Observation
from hearts.rules import DEFAULT_RULES, Rules

__all__ = ["Game", "GameOutcome"]


@dataclasses.dataclass(frozen=True)
class GameOutcome:
    """How a finished game ended: final totals and the (possibly shared) winners."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    hands_played: int

    @property
    def shared(self) -> bool:
        """True when two or more players tie for the lowest total."""
        return len(self.winners) > 1


class Game:
    """A game of Hearts, hand after hand.

    ``number`` picks the deals (hand ``k`` of game ``number`` is
    ``Deal.from_number(number, hand_number=k)``), so a game number can be
    shared and replayed. ``deals`` gives explicit deals instead (used by
    records and scripted scenes); when they run out the game cannot continue.
    """

    def __init__(
        self,
        number: int = 0,
        rules: Rules = DEFAULT_RULES,
        *,
        deals: Sequence[Deal] | None = None,
        first_dealer: int | None = None,
    ) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}", "rules")
        self.rules = rules
        self.number = number
        if deals is not None:
            if isinstance(deals, (str, bytes, Deal)) or not isinstance(deals, Iterable):
                raise DealError(f"deals: expected a list of Deal objects, not {type(deals).__name__}")
            deals = list(deals)
            if not deals:
                raise DealError("deals: a game given explicit deals needs at least one")
            for i, d in enumerate(deals):
                if not isinstance(d, Deal):
                    raise DealError(f"deals[{i}]: expected a Deal, not {type(d).__name__}")
                if d.rules.num_players != rules.num_players:
                    raise DealError(f"deals[{i}] is for {d.rules.num_players} players, not {rules.num_players}")
        self._deals = deals
        if first_dealer is None:
            # "Drawn for the first hand": a fixed draw from the game number.
            first_dealer = StableRandom(f"hearts-dealer/v1/{number}").below(rules.num_players)
        elif not isinstance(first_dealer, int) or isinstance(first_dealer, bool) or not (
            0 <= first_dealer < rules.num_players
        ):
            raise IllegalMoveError(Rule.NO_SUCH_SEAT, given=repr(first_dealer), last=rules.num_players - 1)
        self.first_dealer = first_dealer
        self.totals: list[int] = [0] * rules.num_players
        self.hands: list[HandState] = []
        self.hands.append(HandState(self._deal_for(1), rules, hand_number=1, dealer=first_dealer))

    # ----- progress ----------------------------------------------------------

    def _deal_for(self, hand_number: int) -> Deal:
        if self._deals is not None:
            if hand_number > len(self._deals):
                raise IllegalMoveError(Rule.GAME_OVER)
            d = self._deals[hand_number - 1]
            return dataclasses.replace(d, hand_number=hand_number)
        return Deal.from_number(self.number, self.rules, hand_number=hand_number)

    @property
    def deals(self) -> list[Deal] | None:
        """The explicit deals this game was given, or ``None`` when it deals by game number."""
        return None if self._deals is None else list(self._deals)

    @property
    def hand(self) -> HandState:
        """The hand being played (the last one once the game is over)."""
        return self.hands[-1]

    @property
    def hand_number(self) -> int:
        """1 for the first hand."""
        return len(self.hands)

    @property
    def dealer(self) -> int:
        """The seat that dealt the current hand."""
        return (self.first_dealer + len(self.hands) - 1) % self.rules.num_players

    @property
    def totals_before_hand(self) -> tuple[int, ...]:
        """Totals not counting the current hand."""
        return tuple(self.totals)

    @property
    def is_over(self) -> bool:
        """True once a finished hand left someone at or above the target score."""
        return self.hand.is_over and max(self._totals_with_current()) >= self.rules.target_score

    def _totals_with_current(self) -> list[int]:
        if not self.hand.is_over:
            return list(self.totals)
        return [t + s for t, s in zip(self.totals, self.hand.result().scores)]

    @property
    def scores(self) -> tuple[int, ...]:
        """Running totals including the current hand once it is finished."""
        return tuple(self._totals_with_current())

    def next_hand(self) -> HandState:
        """Add the finished hand to the totals and deal the next one.

        Raises ``IllegalMoveError`` (``WRONG_PHASE``) while the hand is still in
        play, and (``GAME_OVER``) once the game has ended.
        """
        if not self.hand.is_over:
            raise IllegalMoveError(Rule.WRONG_PHASE, phase=self.hand.phase.value)
        if self.is_over:
            raise IllegalMoveError(Rule.GAME_OVER)
        k = len(self.hands) + 1
        dealer = (self.first_dealer + k - 1) % self.rules.num_players
        # May be refused: nothing has changed yet.
        nxt = HandState(self._deal_for(k), self.rules, hand_number=k, dealer=dealer)
        self.totals = self._totals_with_current()
        self.hands.append(nxt)
        return self.hand

    @property
    def winners(self) -> list[int]:
        """Seats with the lowest total (several when tied). Meaningful once over."""
        totals = self._totals_with_current()
        low = min(totals)
        return [s for s, t in enumerate(totals) if t == low]

    def outcome(self) -> GameOutcome:
        """The result; raises ``IllegalMoveError`` until the game is over."""
        if not self.is_over:
            raise IllegalMoveError(Rule.WRONG_PHASE, phase=self.hand.phase.value)
        return GameOutcome(tuple(self._totals_with_current()), tuple(self.winners), len(self.hands))

    def observation(self, seat: int) -> Observation:
        """``seat``'s view of the current hand, with the game totals before it."""
        return Observation.from_state(self.hand, seat, totals=tuple(self.totals))

    @property
    def phase(self) -> Phase:
        """Phase of the current hand."""
        return self.hand.phase

    def _repr_html_(self) -> str:
        from hearts.display import table_svg

        return table_svg(self)

    def __repr__(self) -> str:
        return f"<Game {self.number} hand {self.hand_number} totals {self.totals}>"
