"""The expert's search for Cancellation Hearts (two packs), in pure Python.

The native kernel and the expert's exact sampler are one-pack; with two packs
:class:`~hearts.bots.expert.ExpertBot` comes here. The method is the same
determinized Monte Carlo: deal the copies this seat has not seen (other
hands, and the widow until it is taken) at random to the other seats and the
widow, keeping the hand sizes and the suits each player has shown out of;
play every legal card out in each of those worlds with a fast policy that
knows cancelling (follow under the winning card, or play its twin to cancel
it; discard Q♠ and hearts when void); pick the card with the fewest expected
points. Passing is the rule bot's (on each card once); the hand review weighs
passes with :func:`evaluate_pass_two` (every candidate pass played out in the
same sampled deals, the others passing their most dangerous cards).

Differences from the one-pack expert, said plainly: the worlds are drawn by a
randomized greedy deal with retries (near uniform, not exactly uniform), the
cards this seat passed are not pinned to the receiver, no inference from the
others' plays, and the playouts run on :class:`~hearts.cancellation.CancelHandState`
(``benchmarks/expert_speed.py --cancellation`` measures the speed).

>>> from hearts import Deal, HandState, Rules
>>> rules = Rules.cancellation(6, passing=False)
>>> h = HandState(Deal.from_number(2, rules), rules)
>>> import random
>>> ev = evaluate_play_two(h.observation(h.to_play), random.Random(1), worlds=4)
>>> ev.kind, ev.worlds, ev.best.cards[0] in h.legal_moves
('play', 4, True)
"""

from __future__ import annotations

import itertools
import math
import random
import types
from collections.abc import Iterable, Sequence

from hearts.bots.expert import Evaluation, ExpertError, OptionValue, danger, play_options
from hearts.cancellation import CancelHandState
from hearts.cards import (
    ALL_CARDS_MASK,
    CARDS,
    HEARTS_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    CardSet,
    highest,
    lowest,
    ms_add,
    ms_count,
    ms_from,
    ms_sub,
)
from hearts.hand import Phase
from hearts.observation import Observation
from hearts.rules import cancel_trick, moon_choice

__all__ = [
    "evaluate_pass_two",
    "evaluate_play_two",
    "heuristic_pass_two",
    "pass_candidates_two",
    "playout_card",
    "sample_world_two",
]

_QS = int(QUEEN_OF_SPADES)
_RETRIES = 50


def sample_world_two(obs: Observation, rng: random.Random) -> tuple[list[int], int]:
    """One deal of the copies ``obs.seat`` has not seen: (two-copy hand of every seat, widow still face down).

    Each hand gets as many cards as it holds, none of a suit its player has shown out of.
    """
    n = obs.rules.num_players
    me = obs.seat
    unseen: list[int] = [int(c) for c in CardSet(obs.unseen_mask)]
    sizes = list(obs.hand_sizes)
    widow = obs.rules.widow_size if obs.widow_taker < 0 else 0
    others = sorted((s for s in range(n) if s != me), key=lambda s: -bin(obs.voids[s]).count("1"))
    for attempt in range(_RETRIES + 1):
        rng.shuffle(unseen)
        pool = list(unseen)
        hands = [0] * n
        hands[me] = obs.hand_mask
        ok = True
        for s in others:
            void = obs.voids[s] if attempt < _RETRIES else 0  # the last try ignores the voids
            got: list[int] = []
            rest: list[int] = []
            for c in pool:
                if len(got) < sizes[s] and not void >> (c // 13) & 1:
                    got.append(c)
                else:
                    rest.append(c)
            if len(got) < sizes[s]:
                ok = False
                break
            hands[s] = ms_from(got)
            pool = rest
        if ok and len(pool) == widow:
            return hands, ms_from(pool)
    raise AssertionError("the hand sizes do not add up to the unseen cards")  # pragma: no cover


def playout_card(state: CancelHandState) -> int:
    """The fast policy of the playouts: cancel-aware follow, void discards, low leads."""
    legal = state.legal_mask()
    if not legal & (legal - 1):
        return highest(legal)
    trick = state.trick
    if trick:
        same = legal & SUIT_MASKS[state.led_suit]
        if same:
            index = cancel_trick(trick)[0]
            best = trick[index] if index >= 0 else -1
            if best >= 0 and same >> best & 1:
                return best  # its twin: both cancel
            below = same & ((1 << best) - 1) if best >= 0 else same
            if below:
                return highest(below)
            return highest(same) if len(trick) == state.n - 1 else lowest(same)
        if legal >> _QS & 1:
            return _QS
        hearts = legal & HEARTS_MASK
        return highest(hearts) if hearts else highest(legal)
    safe = legal & ~HEARTS_MASK & ~(1 << _QS)
    return lowest(safe) if safe else lowest(legal)


def _state_of(obs: Observation, hands: list[int], widow: int) -> CancelHandState:
    """A hand state for one world: the public position of ``obs`` with these hands."""
    st = _start_state(obs, hands, widow, obs.leader)
    st.dealer = 0
    st.trick = [int(c) for _, c in obs.trick]
    st.to_play = obs.to_play
    st.led_suit = obs.led_suit if obs.trick else -1
    st.trick_number = obs.trick_number
    st.hearts_broken = obs.hearts_broken
    st.taken = _taken(obs)
    st.points = list(obs.points)
    st.tricks = list(obs.tricks)
    st.voids = list(obs.voids)
    st.played_mask = obs.played_mask
    st.pile = obs.pile_mask
    st.pile_tricks = list(obs.pile_tricks)  # type: ignore[attr-defined]
    st.widow_taker = obs.widow_taker
    return st


def _taken(obs: Observation) -> list[int]:
    taken = [0] * obs.rules.num_players
    by_number = {t.number: t for t in obs.tricks}
    for t in obs.tricks:
        if t.winner < 0:
            continue
        got = ms_from(t.cards)
        for k in t.carried:
            got = ms_add(got, ms_from(by_number[k].cards))
        if t.widow:
            got = ms_add(got, ms_from(t.widow))
        taken[t.winner] = ms_add(taken[t.winner], got)
    return taken


def _finish(st: CancelHandState, totals: Sequence[int] | None) -> None:
    while st.phase is Phase.PLAYING:
        st.push(playout_card(st))
    if st.phase is Phase.MOON_CHOICE:
        shooter = st.to_play
        st.choose_moon(shooter, moon_choice(totals, shooter, st.rules))


def evaluate_play_two(
    obs: Observation,
    rng: random.Random,
    worlds: int = 32,
    *,
    candidates: Iterable[int] | None = None,
    forced: bool = False,
) -> Evaluation:
    """Expected score of every legal card of a two-pack position, over ``worlds`` sampled deals.

    Every option is played out in the same deals, so ``scores`` of two options pair up deal by deal.
    ``candidates`` limits the evaluation to some legal cards (:class:`~hearts.bots.expert.ExpertError` on
    ``candidates`` otherwise); a single legal card is not played out (``0.0`` over 0 playouts) unless
    ``forced``.
    """
    legal = obs.legal_mask()
    options = play_options(legal, candidates)
    me = obs.seat
    if len(options) == 1 and not forced:
        return Evaluation("play", (OptionValue((CARDS[options[0]],), 0.0, 0.0, 0),), 0)
    scores: list[list[int]] = [[] for _ in options]
    for _ in range(worlds):
        hands, widow = sample_world_two(obs, rng)
        base = _state_of(obs, hands, widow)
        for i, c in enumerate(options):
            st = base.copy()
            assert isinstance(st, CancelHandState)
            st.push(c)
            _finish(st, obs.totals)
            scores[i].append(st.result().scores[me])
    return Evaluation("play", _values([(CARDS[c],) for c in options], scores), worlds)


def _values(labels: Sequence[tuple[Card, ...]], scores: Sequence[Sequence[int]]) -> tuple[OptionValue, ...]:
    values = []
    for cards, s in zip(labels, scores):
        mean = sum(s) / len(s)
        var = sum((x - mean) ** 2 for x in s) / max(1, len(s) - 1)
        values.append(OptionValue(cards, mean, math.sqrt(var / len(s)), len(s), tuple(s)))
    values.sort(key=lambda o: (o.expected, [int(c) for c in o.cards]))
    return tuple(values)


def _size(m: int) -> int:
    return (m & ALL_CARDS_MASK).bit_count() + (m >> 52).bit_count()


def _copies(hand: int) -> list[int]:
    """The cards of a two-copy mask, a card held twice listed twice, most dangerous to keep first."""
    one = hand & ALL_CARDS_MASK
    cards = [c for c in range(52) for _ in range(ms_count(hand, c))]
    return sorted(cards, key=lambda c: (danger(c, one), c), reverse=True)


def heuristic_pass_two(hand: int, k: int = 3) -> int:
    """The ``k`` most dangerous copies of a two-copy hand (:func:`hearts.bots.expert.danger`), as a two-copy mask.

    >>> from hearts.cards import CardSet
    >>> str(CardSet(heuristic_pass_two(CardSet.parse("2C 5C QS QS AH AH 3D").mask)))
    'Q♠ Q♠ A♥'
    """
    return ms_from(_copies(hand)[:k])


def pass_candidates_two(hand: int, *, pool: int = 6, k: int = 3) -> list[int]:
    """Candidate passes of a two-copy hand: every ``k``-copy subset of its ``pool`` most dangerous copies
    (two-copy masks, each once).

    >>> from hearts.cards import CardSet
    >>> cands = pass_candidates_two(CardSet.parse("2C 5C 9C 3D 8D QS QS 4S AS 2H 7H 9H KH AH").mask)
    >>> len(cands), CardSet.parse("QS QS AS").mask in cands
    (14, True)
    """
    top = _copies(hand)[: max(pool, k)]
    return list(dict.fromkeys(ms_from(combo) for combo in itertools.combinations(top, k)))


def _start_state(obs: Observation, hands: list[int], widow: int, leader: int) -> CancelHandState:
    """The hand once every pass is made: these hands, ``leader`` to lead the first trick."""
    st: CancelHandState = object.__new__(CancelHandState)
    n = obs.rules.num_players
    st.rules = obs.rules
    st.n = n
    st.deal = types.SimpleNamespace(widow=CardSet(widow))  # type: ignore[assignment]  # only .widow is read
    st.hand_number = obs.hand_number
    st.dealer = (leader - 1) % n
    st.pass_direction = obs.pass_direction
    st._pass_offset = 0
    st.hands = list(hands)
    st.passes = [None] * n
    st.received = [None] * n
    st.trick = []
    st.leader = st.to_play = leader
    st.led_suit = -1
    st.trick_number = 0
    st.hearts_broken = False
    st.taken = [0] * n
    st.points = [0] * n
    st.tricks = []
    st.voids = [0] * n
    st.played_mask = 0
    st._stack = []
    st._result = None
    st._moon_choice = None
    st.phase = Phase.PLAYING
    st.pile = 0
    st.pile_tricks = []
    st.widow_taker = -1
    return st


def evaluate_pass_two(
    obs: Observation,
    rng: random.Random,
    worlds: int = 32,
    *,
    dealer: int,
    candidates: Sequence[int] | None = None,
) -> Evaluation:
    """Expected score of candidate passes (two-copy masks) of a two-pack hand, over ``worlds`` sampled deals.

    The copies this seat has not seen are dealt at random to the others and the widow; the others pass their
    most dangerous copies (:func:`heuristic_pass_two`); the player on ``dealer``'s left leads the first trick
    (the observation does not say who deals: the hand does). Every candidate is played out in every deal
    (``scores`` pair up deal by deal). The default candidates are :func:`pass_candidates_two`.

    >>> from hearts import Deal, HandState, Rules
    >>> rules = Rules.cancellation(6)
    >>> h = HandState(Deal.from_number(2, rules), rules)
    >>> ev = evaluate_pass_two(h.observation(0), random.Random(1), 3, dealer=h.dealer)
    >>> ev.kind, ev.worlds, len(ev.options), len(ev.best.cards)
    ('pass', 3, 14, 3)
    """
    rules = obs.rules
    n = rules.num_players
    me = obs.seat
    k = rules.pass_size
    if obs.phase is not Phase.PASSING or obs.passed_mask is not None:
        raise ExpertError(f"seat {me} has no pass to make now", "obs")
    cands = list(candidates) if candidates is not None else pass_candidates_two(obs.hand_mask, k=k)
    for m in cands:
        if not isinstance(m, int) or m < 0 or ms_sub(m, obs.hand_mask) or _size(m) != k:
            raise ExpertError(f"candidate pass {CardSet(m)} is not {k} cards of the hand {obs.hand}", "candidates")
    offset = (obs.pass_target - me) % n
    leader = (dealer + 1) % n
    scores: list[list[int]] = [[] for _ in cands]
    for _ in range(worlds):
        hands, widow = sample_world_two(obs, rng)
        their = [0 if s == me else heuristic_pass_two(hands[s], k) for s in range(n)]
        for i, m in enumerate(cands):
            passes = list(their)
            passes[me] = m
            after = [ms_sub(hands[s], passes[s]) for s in range(n)]
            for s in range(n):
                after[(s + offset) % n] = ms_add(after[(s + offset) % n], passes[s])
            st = _start_state(obs, after, widow, leader)
            _finish(st, obs.totals)
            scores[i].append(st.result().scores[me])
    labels = [tuple(CARDS[c] for c in range(52) for _ in range(ms_count(m, c))) for m in cands]
    return Evaluation("pass", _values(labels, scores), worlds)
