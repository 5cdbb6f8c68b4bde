"""The expert: a search bot that plays out sampled deals (determinized Monte Carlo).

The expert sees only its own :class:`~hearts.observation.Observation`. For
each decision it

1. **samples worlds**: deals of the unseen cards to the other seats that agree
   with everything the seat has seen: the cards played, the suits each player
   has shown out of, what legality reveals (a heart led before hearts broke
   means a hand of hearts only; a point card thrown on the first trick means a
   hand of point cards only), the cards it passed (still with the receiver
   until played) and how many cards each player holds. :func:`sample_worlds`
   draws these deals *exactly uniformly* among all consistent deals (it counts
   them by dynamic programming over groups of cards with the same allowed
   holders), so it never fails and never needs rejection;
   **infers** from how the others played: each world is weighed by how many
   of their plays so far the rollout policy would not have made in it
   (:func:`policy_misses`; weight ``inference ** misses``, :data:`DEFAULT_INFERENCE` by default),
   and the worlds played out are drawn again by those weights, so a world in
   which a player would have dropped Q♠ on the trick it did not drop it on
   counts little (with a fixed budget; a ``time_limit`` samples uniformly);
2. **plays each legal option out** in every world with a fast policy for
   all four seats that plays the rule bot's habits (:func:`rollout_choice`:
   the lead likeliest to be beaten, Q♠ flushed out, high cards shed early,
   voids shown so far watched), on bitmasks, in C where the native kernel
   is built (:func:`finish_hand`; there, with a fixed budget, the worlds are
   also drawn and played out a batch at a time, from the same random stream,
   with the same results: see :meth:`_Sampler.sample_many`);
3. picks the option with the fewest expected points for itself (the hand's
   score after any moon), and says so in words
   (``"Playing 9♦: about 1.2 points expected; ..."``).

Passing works the same way: candidate passes (triples of the cards a
simple danger score likes least) are played out in sampled deals in which
the other players pass by the same danger score. The pass budget is spent
by sequential halving (:func:`halving_schedule`): every candidate in a few
deals, the better half in more, and so on, so that the last two are
compared in hundreds of shared deals instead of 48 each.

The budget is ``worlds`` (deals sampled per decision) and ``pass_worlds``; with
these the bot is deterministic given its seed. ``time_limit`` (seconds) instead
keeps sampling until time runs out: then the result depends on the machine's
speed and is *not* reproducible.

>>> from hearts import Deal, HandState
>>> h = HandState(Deal.from_number(5))
>>> bots = [ExpertBot(seed=s, worlds=8, pass_worlds=4) for s in range(4)]
>>> for seat in range(4):
...     h.pass_cards(seat, bots[seat].choose_pass(h.observation(seat)))
>>> d = bots[h.to_play].decide_play(h.observation(h.to_play))
>>> str(d.card), d.explain("en")
('2♣', '2♣ is the only legal card.')
>>> h.play(d.card)
>>> obs = h.observation(h.to_play)
>>> ev = bots[obs.seat].evaluate_play(obs)
>>> ev.best.cards[0] in obs.legal_moves, len(ev.options) == len(obs.legal_moves)
(True, True)
"""

from __future__ import annotations

import array
import dataclasses
import functools
import itertools
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from hearts import sim
from hearts.bots.base import Bot, Decision, report_progress
from hearts.bots.rule_bot import lead_pick
from hearts.cards import (
    CARDS,
    HEARTS_MASK,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    CardSet,
    highest,
    iter_mask,
    lowest,
)
from hearts.errors import HeartsError, OptionError
from hearts.hand import HandState, Phase
from hearts.messages import number, text
from hearts.observation import Observation
from hearts.rules import (
    MoonScoring,
    Rules,
    complete_trick,
    hand_scores,
    legal_mask,
    moon_choice,
    moon_shooter,
    opening_leader,
    trick_winner,
)
from hearts.stats import mean_se

__all__ = [
    "DEFAULT_INFERENCE",
    "DEFAULT_INFERENCE_POOL",
    "DEFAULT_PASS_WORLDS",
    "DEFAULT_WORLDS",
    "Evaluation",
    "ExpertError",
    "ExpertBot",
    "ExpertDecision",
    "OptionValue",
    "World",
    "check_budget",
    "check_count",
    "check_inference",
    "consistent",
    "hidden_constraints",
    "moon_threat",
    "pass_candidates",
    "play_options",
    "playout",
    "policy_misses",
    "rollout_card",
    "rollout_choice",
    "sample_worlds",
    "halving_schedule",
    "inferred_worlds",
]

DEFAULT_WORLDS = 300
"""Deals sampled per play decision at the default level."""
DEFAULT_PASS_WORLDS = 48
"""Playouts per candidate pass on average at the default level (see :func:`halving_schedule`)."""

DEFAULT_INFERENCE = 0.5
"""The weight a sampled world keeps for each play of the others that the rollout policy would not have made
(1 turns inference off; see :func:`evaluate_play`). Chosen on tuning deals only (compare seed 31,337)."""
DEFAULT_INFERENCE_POOL = 1
"""Uniform worlds drawn per world kept by inference (1: the worlds are reweighted among themselves)."""


class ExpertError(OptionError):
    """A bad setting for the expert (a budget or a candidate); ``.option`` (also ``.parameter``) names it.

    >>> ExpertBot(worlds=0)
    Traceback (most recent call last):
    ...
    hearts.bots.expert.ExpertError: worlds must be a whole number 1 or more, not 0
    >>> try:
    ...     ExpertBot(time_limit="1")
    ... except ExpertError as e:
    ...     e.parameter, isinstance(e, ValueError)
    ('time_limit', True)
    """

    @property
    def parameter(self) -> str:
        """The setting at fault (the same as ``.option``)."""
        return self.option


def check_count(value: object, parameter: str, minimum: int = 1) -> int:
    """``value`` if it is a whole number (not a bool) of at least ``minimum``, else :class:`ExpertError`."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ExpertError(f"{parameter} must be a whole number {minimum} or more, not {value!r}", parameter)
    return value


def check_inference(inference: object, pool: object) -> None:
    """Check the inference settings: ``inference`` a number above 0 and at most 1, ``pool`` 1 to 16.

    >>> check_inference(0.3, 1)
    >>> check_inference(0, 1)
    Traceback (most recent call last):
    ...
    hearts.bots.expert.ExpertError: inference must be a number above 0 and at most 1 (1 turns it off), not 0
    """
    if (
        isinstance(inference, bool)
        or not isinstance(inference, (int, float))
        or not 0 < inference <= 1  # NaN fails this too
    ):
        raise ExpertError(
            f"inference must be a number above 0 and at most 1 (1 turns it off), not {inference!r}", "inference"
        )
    if isinstance(pool, bool) or not isinstance(pool, int) or not 1 <= pool <= 16:
        raise ExpertError(f"inference_pool must be a whole number 1 to 16, not {pool!r}", "inference_pool")


def check_budget(worlds: object, time_limit: object = None, *, parameter: str = "worlds") -> None:
    """Check a sampling budget: ``worlds`` a whole number 1 or more, ``time_limit`` ``None`` or seconds > 0.

    >>> check_budget(300, 0.5)
    >>> check_budget(300, float("inf"))
    Traceback (most recent call last):
    ...
    hearts.bots.expert.ExpertError: time_limit must be a positive, finite number of seconds or None, not inf
    """
    check_count(worlds, parameter)
    if time_limit is None:
        return
    if (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not math.isfinite(time_limit)
        or time_limit <= 0
    ):
        raise ExpertError(
            f"time_limit must be a positive, finite number of seconds or None, not {time_limit!r}", "time_limit"
        )


_QS = int(QUEEN_OF_SPADES)
_QS_BIT = 1 << _QS
_AS_KS = (1 << (_QS + 1)) | (1 << (_QS + 2))
_SUITS = SUIT_MASKS
_SPADES = SUIT_MASKS[2]
_TOP_SPADES = _QS_BIT | _AS_KS
_EARLY_TRICKS = 3  # the rule bot's habit: shed high cards on clean tricks up to this trick number
_BELOW = tuple((1 << i) - 1 for i in range(53))


# ----------------------------------------------------------------------------
# What the observation says about the hidden hands
# ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class HiddenConstraints:
    """What one seat knows about the hands it cannot see.

    For every seat: ``need[s]`` cards it holds, ``known[s]`` cards it surely
    holds (those we passed it, not yet played), ``forbidden[s]`` cards it
    cannot hold (suits it showed out of, and what legality revealed).
    ``free`` are the unseen cards not known to be anywhere in particular.
    Our own seat has ``need`` 0.
    """

    seat: int
    need: tuple[int, ...]
    known: tuple[int, ...]
    forbidden: tuple[int, ...]
    free: int


def hidden_constraints(obs: Observation) -> HiddenConstraints:
    """Read the constraints on the hidden hands from an observation (and nothing else).

    >>> from hearts import Deal, HandState, PassDirection
    >>> h = HandState(Deal.from_number(1), pass_direction=PassDirection.NONE)
    >>> c = hidden_constraints(h.observation(0))
    >>> c.need[0], sum(c.need), bin(c.free).count("1")
    (0, 39, 39)
    """
    n = obs.rules.num_players
    me = obs.seat
    known = [obs.known_mask(s) if s != me else 0 for s in range(n)]
    forbidden = [0] * n
    for s in range(n):
        for suit in range(4):
            if obs.voids[s] >> suit & 1:
                forbidden[s] |= SUIT_MASKS[suit]
    # What legality reveals: replay the public plays.
    breakers = obs.rules.breakers_mask
    penalty = PENALTY_MASK
    broken = False
    for t_no, t in enumerate([*(x.cards for x in obs.tricks), tuple(c for _, c in obs.trick)]):
        leader = obs.tricks[t_no].leader if t_no < len(obs.tricks) else obs.leader
        led = -1
        for i, c in enumerate(t):
            s = (leader + i) % n
            bit = 1 << c
            if i == 0:
                led = c // 13
                if bit & HEARTS_MASK and not broken and t_no > 0:
                    forbidden[s] |= ~HEARTS_MASK & obs.rules.deck_mask  # it held hearts only
            elif c // 13 != led and t_no == 0 and bit & penalty:
                forbidden[s] |= ~penalty & obs.rules.deck_mask  # it held point cards only
            if bit & breakers:
                broken = True
    if obs.phase is Phase.PASSING:
        # Before the cards move, every other hand is as dealt (some may have chosen already).
        need = [0 if s == me else obs.rules.hand_size for s in range(n)]
    else:
        need = [0 if s == me else obs.hand_sizes[s] for s in range(n)]
    for s in range(n):
        forbidden[s] &= ~known[s]
    all_known = 0
    for k in known:
        all_known |= k
    free = obs.unseen_mask & ~all_known
    return HiddenConstraints(me, tuple(need), tuple(known), tuple(forbidden), free)


@dataclasses.dataclass(frozen=True)
class World:
    """One sampled deal of the hidden cards: ``hands[s]`` is a bitmask per seat.

    Our own seat's entry is our real hand.
    """

    hands: tuple[int, ...]


_UNMADE = object()

_BATCH = 64
"""Worlds per call of the native kernel's batch playouts, and per progress report on that path (about a
millisecond of work); the pure-Python path reports after every world."""


class _Sampler:
    """Exactly uniform sampling of the deals consistent with :class:`HiddenConstraints`.

    Unseen cards are grouped by the set of seats that may hold them. A
    dynamic programme counts, for each group and each remaining capacity of
    the seats, the number of complete deals; a sample then chooses how many
    cards of each group go to each seat with probability proportional to
    those counts, and deals the cards of the group at random.
    """

    def __init__(self, cons: HiddenConstraints, base_hands: Sequence[int]) -> None:
        self.cons = cons
        n = len(cons.need)
        self.others = [s for s in range(n) if s != cons.seat]
        self.base = list(base_hands)
        caps = [cons.need[s] - cons.known[s].bit_count() for s in self.others]
        if min(caps, default=0) < 0:
            raise HeartsError("the observation is inconsistent: a seat holds fewer cards than it must")
        groups: dict[int, list[int]] = {}
        for c in iter_mask(cons.free):
            allowed = 0
            for i, s in enumerate(self.others):
                if not cons.forbidden[s] >> c & 1:
                    allowed |= 1 << i
            if not allowed:
                raise HeartsError(f"the observation is inconsistent: nobody can hold {Card(c)}")
            groups.setdefault(allowed, []).append(c)
        # Most constrained groups first: fewer compositions deep in the recursion.
        self.groups = sorted(groups.items(), key=lambda kv: (kv[0].bit_count(), kv[0]))
        self.caps = tuple(caps)
        # room[g][i]: how many cards of groups g, g + 1, ... seat i may still take (a seat never waits for more).
        room = [[0] * len(caps)]
        for allowed, cards in reversed(self.groups):
            room.append([r + (len(cards) if allowed >> i & 1 else 0) for i, r in enumerate(room[-1])])
        self._room = tuple(tuple(r) for r in reversed(room))
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._option_memo: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[tuple[int, ...], int]], int]] = {}
        self._table: object = _UNMADE
        if self._count(0, self.caps) == 0:
            raise HeartsError("the observation is inconsistent: no deal of the unseen cards fits it")

    def _splits(
        self, allowed: int, size: int, caps: tuple[int, ...], g: int | None = None
    ) -> list[tuple[tuple[int, ...], int]]:
        """Ways to split ``size`` cards among the allowed seats: (new caps, multinomial weight).

        With ``g`` (the group split), only the splits after which every seat can still be filled by the groups
        after ``g`` (:attr:`_room`): the others lead to no deal. Without that pruning the last group, every card
        any seat may hold, was split in every way and all but one thrown away: hundreds of thousands of splits
        a decision at six and seven seats, seconds per card (the 7-player tournament did not finish).
        """
        idx = [i for i in range(len(caps)) if allowed >> i & 1]
        out: list[tuple[tuple[int, ...], int]] = []
        after = self._room[g + 1] if g is not None else None
        # the most the seats from idx[j] on can still take
        tail = [0] * (len(idx) + 1)
        for j in range(len(idx) - 1, -1, -1):
            tail[j] = tail[j + 1] + caps[idx[j]]
        if after is not None and any(caps[i] > after[i] for i in range(len(caps)) if not allowed >> i & 1):
            return out  # a seat this group cannot fill would wait for cards no later group has

        def rec(j: int, left: int, cur: list[int], weight: int) -> None:
            i = idx[j]
            low = 0 if after is None else max(0, cur[i] - after[i])
            if j == len(idx) - 1:
                if low <= left <= cur[i]:
                    new = list(cur)
                    new[i] -= left
                    out.append((tuple(new), weight))
                return
            for k in range(max(low, left - tail[j + 1]), min(left, cur[i]) + 1):
                new = list(cur)
                new[i] -= k
                rec(j + 1, left - k, new, weight * math.comb(left, k))

        if size <= tail[0]:
            rec(0, size, list(caps), 1)
        return out

    def _count(self, g: int, caps: tuple[int, ...]) -> int:
        if g == len(self.groups):
            return 1 if not any(caps) else 0
        key = (g, caps)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        allowed, cards = self.groups[g]
        total = 0
        for new, w in self._splits(allowed, len(cards), caps, g):
            sub = self._count(g + 1, new)
            if sub:
                total += w * sub
        self._memo[key] = total
        return total

    def _options(
        self, g: int, allowed: int, size: int, caps: tuple[int, ...]
    ) -> tuple[list[tuple[tuple[int, ...], int]], int]:
        """The splits of group ``g`` that lead to complete deals, each with its number of deals, and their total
        (the same for every sample from the same capacities, so worked out once)."""
        key = (g, caps)
        hit = self._option_memo.get(key)
        if hit is not None:
            return hit
        options = []
        total = 0
        for new, w in self._splits(allowed, size, caps, g):
            sub = self._count(g + 1, new)
            if sub:
                options.append((new, w * sub))
                total += w * sub
        self._option_memo[key] = (options, total)
        return options, total

    def native_table(self) -> bytes | None:
        """The sampler packed for the native kernel (:func:`hearts.sim.native_sample_worlds`), or ``None`` when a
        count of deals does not fit in 64 bits (then :meth:`sample` draws in Python). Made once."""
        if self._table is not _UNMADE:
            return self._table  # type: ignore[return-value]
        if self._count(0, self.caps) >> 64:  # every count and weight is at most the number of deals
            self._table = None
            return None
        m = len(self.others)
        index: dict[tuple[int, tuple[int, ...]], int] = {}
        states: list[list[int]] = []

        def visit(g: int, caps: tuple[int, ...]) -> int:
            if g == len(self.groups):
                return -1
            key = (g, caps)
            if key in index:
                return index[key]
            allowed, cards = self.groups[g]
            options, total = self._options(g, allowed, len(cards), caps)
            record = [g, total, len(options)]
            index[key] = len(states)
            states.append(record)
            for new, weight in options:
                record += [weight, visit(g + 1, new), *(caps[i] - new[i] for i in range(m))]
            return index[key]

        root = visit(0, self.caps)
        end = len(states)  # "after the last group"
        start = list(self.base)
        for s in self.others:
            start[s] = self.cons.known[s]
        words = [len(start), m, len(self.groups), end, root if self.groups else end, *start, *self.others]
        for _, cards in self.groups:
            words += [len(cards), *cards]
        for record in states:
            words += record[:3]
            for at in range(3, len(record), 2 + m):
                option = record[at : at + 2 + m]
                option[1] = end if option[1] < 0 else option[1]
                words += option
        self._table = array.array("Q", words).tobytes()
        return self._table

    def sample_many(self, rng: random.Random, count: int) -> list[World]:
        """``count`` worlds, :meth:`sample` after :meth:`sample`; on the native kernel in one call, the same
        worlds from the same stream, where it draws as this Python does (:func:`hearts.sim.exact_draws`), ``rng``
        is a plain :class:`random.Random` and the deals can be counted in 64 bits (:meth:`native_table`)."""
        if count > 0 and type(rng) is random.Random and sim.kernel() == "native" and sim.exact_draws():
            table = self.native_table()
            if table is not None:
                return [World(h) for h in sim.native_sample_worlds(table, rng, count)]
        return [self.sample(rng) for _ in range(count)]

    def sample(self, rng: random.Random) -> World:
        hands = list(self.base)
        for s in self.others:
            hands[s] = self.cons.known[s]
        caps = self.caps
        for g, (allowed, cards) in enumerate(self.groups):
            options, total = self._options(g, allowed, len(cards), caps)
            r = rng.randrange(total)
            new = options[-1][0]
            for cand, w in options:
                if r < w:
                    new = cand
                    break
                r -= w
            pool = list(cards)
            rng.shuffle(pool)
            pos = 0
            for i, s in enumerate(self.others):
                k = caps[i] - new[i]
                for c in pool[pos : pos + k]:
                    hands[s] |= 1 << c
                pos += k
            caps = new
        return World(tuple(hands))


def sample_worlds(obs: Observation, count: int, rng: random.Random) -> list[World]:
    """``count`` deals of the hidden cards, uniform among those consistent with ``obs``.

    Uses only the observation. During passing (before the cards move) the
    worlds are the hands as dealt; afterwards they are the hands now.

    >>> from hearts import Deal, HandState
    >>> h = HandState(Deal.from_number(9))
    >>> worlds = sample_worlds(h.observation(2), 3, random.Random(1))
    >>> [w.hands[2] == h.hands[2] for w in worlds], all(consistent(h.observation(2), w) for w in worlds)
    ([True, True, True], True)
    """
    sampler = _Sampler(
        hidden_constraints(obs), [obs.hand_mask if s == obs.seat else 0 for s in range(obs.rules.num_players)]
    )
    return sampler.sample_many(rng, count)


def consistent(obs: Observation, world: World) -> bool:
    """True if ``world`` could be the real deal given what ``obs`` shows."""
    cons = hidden_constraints(obs)
    seen = 0
    for s, h in enumerate(world.hands):
        if s == obs.seat:
            if h != obs.hand_mask:
                return False
        else:
            if h.bit_count() != cons.need[s] or h & cons.known[s] != cons.known[s] or h & cons.forbidden[s]:
                return False
        if seen & h:
            return False
        seen |= h
    return seen == obs.hand_mask | obs.unseen_mask


# ----------------------------------------------------------------------------
# The rollout policy and the playout, on bitmasks
# ----------------------------------------------------------------------------




def _lowest_rank(m: int) -> int:
    best, br = -1, 99
    for s in range(4):
        x = m & _SUITS[s]
        if x:
            c = lowest(x)
            r = c - 13 * s
            if r < br:
                best, br = c, r
    return best


def _highest_rank(m: int, hand: int) -> int:
    """Highest-ranked card of ``m``; ties go to the suit we hold fewest of."""
    best, key = -1, (-1, 0)
    for s in range(4):
        x = m & _SUITS[s]
        if x:
            c = highest(x)
            k = (c - 13 * s, -(hand & _SUITS[s]).bit_count())
            if k > key:
                best, key = c, k
    return best


def _most_dangerous(m: int, hand: int) -> int:
    """The card of ``m`` most likely to win a trick later: the highest rank; on ties hearts, then the shorter suit.

    Q♠ is left out while ``m`` holds anything else.
    """
    pool = m & ~_QS_BIT or m
    best, key = -1, -1
    for s in (3, 2, 1, 0):
        x = pool & _SUITS[s]
        if x:
            c = highest(x)
            k = ((c - 13 * s) << 5) + ((s == 3) << 4) + 15 - (hand & _SUITS[s]).bit_count()
            if k > key:
                best, key = c, k
    return best


def _lead_choice(hand: int, legal: int, unseen: int, seat: int, voids: Sequence[int]) -> int:
    """The rule bot's lead (:func:`hearts.bots.rule_bot.lead_pick`, every tip on; see :func:`rollout_choice`)."""
    avoid = 0
    if unseen & PENALTY_MASK:
        for s, v in enumerate(voids):
            if s != seat:
                avoid |= v
    return lead_pick(hand, legal, unseen, avoid, bool(unseen & _QS_BIT and not hand & _TOP_SPADES))[0]


def rollout_choice(
    hand: int,
    legal: int,
    trick: Sequence[int],
    led: int,
    n: int,
    unseen: int,
    *,
    seat: int = -1,
    leader: int = -1,
    shooter: int = -1,
    trick_number: int = 1,
    voids: Sequence[int] = (),
) -> int:
    """A fast rule-of-thumb card for playouts (every seat in a simulation plays by it): the rule bot's habits.

    ``unseen`` are the cards still to be played that ``hand`` does not hold;
    ``voids[s]`` the suits seat ``s`` has shown out of (bit ``suit``). The
    policy plays the habits of :class:`~hearts.bots.rule_bot.RuleBot`
    (without its game-score and moon-shooting plans):

    - **lead** the lowest card of the suit where it is likeliest to be beaten
      (most higher cards still out), never a spade that could draw Q♠ onto
      our own Q♠, K♠ or A♠; lead spades to flush Q♠ out when holding none of
      Q♠ K♠ A♠; avoid suits a player has shown out of while points are out;
    - **follow**: dump the highest card on the first trick; on a clean trick
      among the first few, with nobody after us out of the suit, shed the
      highest card; else duck under the winning card with the highest card
      that does (dropping Q♠ under A♠/K♠), but win a clean trick as last
      player with the highest card; if it cannot duck, win with the lowest
      card that wins (the highest when last, or when nobody can go over it);
    - **discard** the highest card (hearts first on ties) on the first trick;
      then Q♠, then K♠/A♠ while Q♠ is out, then the card likeliest to win a
      trick later (highest rank, hearts and short suits first on ties).

    When a ``shooter`` (see :func:`moon_threat`) is going for the moon, it
    plays to win every trick (:func:`_moon_choice`), and the others stop it
    as the rule bot's ``stop_moon`` tips do: lead a heart nobody can beat,
    take a trick that holds a heart (or will: a player still to play is out
    of the suit), throw hearts to a third player and none to the shooter.

    >>> from hearts.cards import CardSet
    >>> hand = CardSet.parse("3S QS AH").mask
    >>> unseen = CardSet.parse("KS 4S 2H").mask
    >>> ks = [int(Card.parse("KS"))]
    >>> str(Card(rollout_choice(hand, CardSet.parse("3S QS").mask, ks, 2, 4, unseen, trick_number=6)))
    'Q♠'
    >>> lead = CardSet.parse("3S 9D").mask  # hearts not broken: A♥ may not lead
    >>> str(Card(rollout_choice(CardSet.parse("3S 9D AH").mask, lead, [], -1, 4,
    ...     CardSet.parse("QS KS 2D 10D JD").mask, trick_number=6)))  # flush Q♠ out
    '3♠'
    """
    if not legal & (legal - 1):
        return highest(legal)
    if shooter >= 0 and shooter == seat:
        return _moon_choice(hand, legal, trick, led)
    if not trick:
        if shooter >= 0 and legal & HEARTS_MASK:
            top = highest(legal & HEARTS_MASK)
            if not unseen & HEARTS_MASK & ~_BELOW[top + 1]:
                return top  # the rule bot's stop_moon: a heart nobody can beat, away from the shooter
        return _lead_choice(hand, legal, unseen, seat, voids)
    led_mask = _SUITS[led]
    if hand & led_mask:
        if trick_number == 0:
            return highest(legal)  # the first trick holds no points: dump the highest
        wi, tmask = trick_winner(trick)
        win = trick[wi]
        clean = not tmask & PENALTY_MASK
        below = legal & _BELOW[win]
        remaining = n - len(trick) - 1
        late = 0  # suits some player still to play has shown out of
        s = seat
        for _ in range(remaining):
            s = s + 1 if s + 1 < n else 0
            if s < len(voids):
                late |= voids[s]
        if shooter >= 0 and legal & ~below and (tmask & HEARTS_MASK or led == 3 or late >> led & 1):
            return highest(legal & ~below)  # the rule bot's stop_moon: take a trick that holds (or will) a heart
        if (
            remaining
            and clean
            and trick_number <= _EARLY_TRICKS
            and led != 3
            and not late >> led & 1
            and not (led == 2 and unseen & _QS_BIT)
            and legal & ~_QS_BIT
        ):
            return highest(legal & ~_QS_BIT)  # early and cheap: shed the highest
        if below:
            above = legal & ~below & ~_QS_BIT
            if not remaining and clean and above:
                return highest(above)  # last on a clean trick: win it high
            return highest(below)
        safe = legal & ~_QS_BIT or legal
        if not remaining:
            return highest(safe)
        low = lowest(safe)
        if not unseen & led_mask & ~_BELOW[low + 1]:
            return highest(safe)  # nobody can go over: the trick is ours, shed the highest
        return low
    if trick_number == 0:
        return _most_dangerous(legal, hand)
    if shooter >= 0:
        hearts = legal & HEARTS_MASK
        shooter_winning = (leader + trick_winner(trick)[0]) % n == shooter
        if not shooter_winning and hearts:
            return highest(hearts)  # the rule bot's stop_moon: hearts to a third player
        if shooter_winning and legal & ~HEARTS_MASK:
            legal &= ~HEARTS_MASK  # and none to the shooter
    if legal & _QS_BIT:
        return _QS
    if unseen & _QS_BIT and legal & _AS_KS:
        return highest(legal & _AS_KS)
    return _most_dangerous(legal, hand)


MOON_WATCH = 3
"""Playouts treat a seat as going for the moon once it holds every penalty card taken so far, Q♠ among them and at
least this many hearts: when the rule bot starts to stop a moon (its ``stop_moon_hearts``). Watching from the
fourth penalty card on (as the rollouts once did) saw moons where the rule bots play on as usual: a worse model of
the field (tuning deals only, compare seed 31,337)."""


def moon_threat(taken: Sequence[int], rules: Rules) -> int:
    """The seat that has taken every penalty card so far, Q♠ and at least :data:`MOON_WATCH` hearts among them;
    else -1.

    >>> from hearts.cards import CardSet
    >>> moon_threat([0, CardSet.parse("QS 2H 3H 4H").mask, CardSet.parse("2C 3C").mask, 0], Rules())
    1
    >>> moon_threat([0, CardSet.parse("2H 3H 4H 5H 6H").mask, 0, 0], Rules())  # no Q♠ yet
    -1
    >>> moon_threat([CardSet.parse("5H").mask, CardSet.parse("QS 2H 3H 4H").mask, 0, 0], Rules())
    -1
    """
    penalty = PENALTY_MASK
    who = -1
    for s, t in enumerate(taken):
        if t & penalty:
            if who >= 0:
                return -1
            who = s
    if who >= 0 and taken[who] & _QS_BIT and (taken[who] & HEARTS_MASK).bit_count() >= MOON_WATCH:
        return who
    return -1


def _moon_choice(hand: int, legal: int, trick: Sequence[int], led: int) -> int:
    """Rollout play of the seat going for the moon: win every trick, keep the point cards when it cannot."""
    if trick and not hand & _SUITS[led]:
        safe = legal & ~PENALTY_MASK  # keep the point cards for itself
        return _lowest_rank(safe or legal)
    return _highest_rank(legal, hand)  # win the trick


def rollout_card(state: HandState) -> int:
    """The card :func:`playout` would play for the player to move in a full :class:`~hearts.hand.HandState`.

    A slow reference for tests and for reading the policy: ``playout`` must
    agree with pushing this card again and again.
    """
    hands = state.hands
    seat = state.to_play
    unplayed = 0
    for h in hands:
        unplayed |= h
    return rollout_choice(
        hands[seat],
        state.legal_mask(),
        state.trick,
        state.led_suit,
        state.n,
        unplayed & ~hands[seat],
        seat=seat,
        leader=state.leader,
        shooter=moon_threat(state.taken, state.rules),
        trick_number=state.trick_number,
        voids=state.voids,
    )


def _scores(taken: list[int], rules: Rules, totals: Sequence[int] | None) -> list[int]:
    """The hand's scores from what each seat took, as the engine scores them (the shooter's choice by
    :func:`hearts.rules.moon_choice`, the choice every built-in bot makes)."""
    shooter = moon_shooter(taken)
    choice = moon_choice(totals, shooter, rules) if shooter >= 0 and rules.moon is MoonScoring.SHOOTERS_CHOICE else None
    return hand_scores([rules.points_of(t) for t in taken], shooter, rules, choice)[0]


def playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    trick_number: int,
    hearts_broken: bool,
    taken: list[int],
    rules: Rules,
    totals: Sequence[int] | None = None,
    voids: Sequence[int] | None = None,
) -> list[int]:
    """Play a position to the end with :func:`rollout_choice`; return each seat's score.

    Arguments are bitmasks and plain ints; ``hands`` and ``taken`` are
    modified in place (pass copies). ``voids[s]`` are the suits seat ``s``
    has shown out of so far (bit ``suit``; none by default), as
    :attr:`Observation.voids <hearts.observation.Observation.voids>` keeps
    them. Legality, tricks and scores come from the rules layer
    (:func:`hearts.rules.legal_mask`, :func:`~hearts.rules.complete_trick`,
    :func:`~hearts.rules.hand_scores`): scores include any moon, chosen under
    the shooter's-choice variant as :func:`~hearts.rules.moon_choice` would
    with the game ``totals``.

    >>> from hearts import Deal
    >>> d = Deal.from_number(3)
    >>> scores = playout([h.mask for h in d.hands], [], d.holder("2C"), 0, False, [0] * 4, d.rules)
    >>> sum(scores) in (26, 78)
    True
    """
    n = rules.num_players
    total_tricks = len(rules.deck) // n
    breakers = rules.breakers_mask
    unplayed = 0
    for h in hands:
        unplayed |= h
    void = [0] * n if voids is None else list(voids)
    trick = list(trick)
    led = trick[0] // 13 if trick else -1
    seat = (leader + len(trick)) % n
    shooter = moon_threat(taken, rules)
    while trick_number < total_tricks:
        hand = hands[seat]
        legal = legal_mask(hand, led, trick_number == 0, hearts_broken, rules)
        c = rollout_choice(
            hand, legal, trick, led, n, unplayed & ~hand,
            seat=seat, leader=leader, shooter=shooter, trick_number=trick_number, voids=void,
        )
        bit = 1 << c
        hands[seat] = hand ^ bit
        unplayed ^= bit
        if not trick:
            led = c // 13
        elif c // 13 != led:
            void[seat] |= 1 << led
        if bit & breakers:
            hearts_broken = True
        trick.append(c)
        if len(trick) < n:
            seat = (seat + 1) % n
            continue
        winner, mask = complete_trick(trick, leader, n)
        taken[winner] |= mask
        if mask & PENALTY_MASK:
            shooter = moon_threat(taken, rules)
        trick = []
        led = -1
        trick_number += 1
        leader = seat = winner
    return _scores(taken, rules, totals)


def policy_misses(
    plays: Sequence[tuple[int, int]], first_leader: int, hands: Sequence[int], me: int, rules: Rules
) -> int:
    """How many of the other players' plays so far :func:`rollout_choice` would not have made in this world.

    ``plays`` are the hand's (seat, card) plays in order, ``first_leader`` the
    seat that led the first trick, ``hands`` the world's hands now (bitmasks).
    Each player's hand at each of its plays is its hand now plus the cards
    it played since; plays with one legal card, and ``me``'s own, are not
    counted. The expert's inference (:func:`evaluate_play`) weighs a world
    by how well the policy explains what the others did in it.

    >>> from hearts import Deal, HandState, PassDirection
    >>> h = HandState(Deal.from_number(3), pass_direction=PassDirection.NONE)
    >>> for _ in range(6):
    ...     h.push(rollout_card(h))
    >>> plays = [(s, int(c)) for s, c in h.observation(0).plays]
    >>> policy_misses(plays, plays[0][0], h.hands, 0, h.rules)  # the policy's own plays: no miss
    0
    """
    n = rules.num_players
    held = list(hands)
    for s, c in plays:
        held[s] |= 1 << c
    unplayed = 0
    for m in held:
        unplayed |= m
    breakers = rules.breakers_mask
    voids = [0] * n
    taken = [0] * n
    trick: list[int] = []
    led = -1
    leader = first_leader
    tn = 0
    broken = False
    shooter = -1
    misses = 0
    for s, c in plays:
        hand = held[s]
        if s != me:
            legal = legal_mask(hand, led, tn == 0, broken, rules)
            if legal & (legal - 1):
                pick = rollout_choice(
                    hand, legal, trick, led, n, unplayed & ~hand,
                    seat=s, leader=leader, shooter=shooter, trick_number=tn, voids=voids,
                )
                misses += pick != c
        bit = 1 << c
        held[s] = hand ^ bit
        unplayed ^= bit
        if not trick:
            led = c // 13
        elif c // 13 != led:
            voids[s] |= 1 << led
        if bit & breakers:
            broken = True
        trick.append(c)
        if len(trick) == n:
            winner, mask = complete_trick(trick, leader, n)
            taken[winner] |= mask
            if mask & PENALTY_MASK:
                shooter = moon_threat(taken, rules)
            trick = []
            led = -1
            tn += 1
            leader = winner
    return misses


def inferred_worlds(
    obs: Observation,
    count: int,
    rng: random.Random,
    inference: float = DEFAULT_INFERENCE,
    pool: int = DEFAULT_INFERENCE_POOL,
) -> list[World]:
    """The ``count`` worlds :func:`evaluate_play` plays out with a fixed budget (see its *Inference*).

    ``pool * count`` uniform worlds (:func:`sample_worlds`), each weighed
    ``inference ** misses`` (:func:`policy_misses`, counted from the
    fewest), then ``count`` drawn by weight with systematic resampling: a
    world drawn more than once comes back as the same object, in a row.
    Uniform worlds (the first ``count`` of :func:`sample_worlds`) when
    ``inference`` is 1 or nobody else has played yet.

    >>> from hearts import Deal, HandState
    >>> h = HandState(Deal.from_number(9))
    >>> for seat in range(4):
    ...     h.pass_cards(seat, list(h.hand_of(seat))[-3:])
    >>> for _ in range(9):
    ...     h.push(rollout_card(h))
    >>> obs = h.observation(h.to_play)
    >>> worlds = inferred_worlds(obs, 50, random.Random(2))
    >>> len(worlds), all(consistent(obs, w) for w in worlds), len({id(w) for w in worlds}) < 50
    (50, True, True)
    """
    check_count(count, "worlds")
    check_inference(inference, pool)
    me = obs.seat
    sampler = _Sampler(hidden_constraints(obs), [obs.hand_mask if s == me else 0 for s in range(obs.rules.num_players)])
    if not _infers(obs, inference):
        return sampler.sample_many(rng, count)
    return _resampled(sampler, rng, obs, count, inference, pool)


def _infers(obs: Observation, inference: float) -> bool:
    """Whether inference weighs the worlds: it is on, and another player has played (something to explain)."""
    return inference < 1 and any(s != obs.seat for s, _ in obs.plays)


def _resampled(
    sampler: _Sampler, rng: random.Random, obs: Observation, worlds: int, weight: float, pool: int
) -> list[World]:
    candidates = sampler.sample_many(rng, pool * worlds)
    plays = [(s, int(c)) for s, c in obs.plays]
    first = obs.tricks[0].leader if obs.tricks else obs.leader
    me, rules = obs.seat, obs.rules
    if sim.kernel() == "native":
        misses = sim.native_policy_misses(plays, first, [w.hands for w in candidates], me, rules)
    else:
        misses = [policy_misses(plays, first, w.hands, me, rules) for w in candidates]
    low = min(misses)
    weights = [weight ** (m - low) for m in misses]
    step = sum(weights) / worlds
    u = rng.random() * step
    out: list[World] = []
    acc = 0.0
    for w, world in zip(weights, candidates):
        acc += w
        while u < acc and len(out) < worlds:
            out.append(world)
            u += step
    while len(out) < worlds:  # floating-point rounding at the very end
        out.append(candidates[-1])
    return out


def danger(c: int, hand: int) -> float:
    """How much a card wants to leave the hand when passing (higher: pass it).

    High cards are dangerous; Q♠, K♠ and A♠ are very dangerous with few
    spades to cover them, and low spades are kept to protect Q♠; a card of a
    short side suit gains because passing it helps to void the suit; 2♣ is kept.
    """
    suit, rank = c // 13, c % 13 + 2
    count = (hand & _SUITS[suit]).bit_count()
    score = float(rank)
    if suit == 2:
        if c == _QS:
            score += 12 if count <= 3 else -12
        elif rank > 12:
            score += 8 if count <= 4 or not hand & _QS_BIT else -2
        else:
            score -= 6
    elif suit == 3:
        score += 1.5
    elif count <= 2:
        score += 4 - count
    if c == 0:
        score -= 20
    return score


def heuristic_pass(hand: int, k: int = 3) -> int:
    """The ``k`` cards with the highest :func:`danger` (as a mask)."""
    ranked = sorted(iter_mask(hand), key=lambda c: (danger(c, hand), c), reverse=True)
    m = 0
    for c in ranked[:k]:
        m |= 1 << c
    return m


def pass_candidates(hand: int, *, pool: int = 6, k: int = 3) -> list[int]:
    """Candidate passes: every ``k``-subset of the ``pool`` most dangerous cards (as masks).

    >>> from hearts.cards import CardSet
    >>> hand = CardSet.parse("2C 5C 9C 3D 8D QS 4S AS 2H 7H 9H KH AH").mask
    >>> cands = pass_candidates(hand)
    >>> len(cands), heuristic_pass(hand) in cands
    (20, True)
    """
    ranked = sorted(iter_mask(hand), key=lambda c: (danger(c, hand), c), reverse=True)
    top = ranked[: max(pool, k)]
    out = []
    for combo in itertools.combinations(top, k):
        m = 0
        for c in combo:
            m |= 1 << c
        out.append(m)
    return out


# ----------------------------------------------------------------------------
# Evaluations
# ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class OptionValue:
    """One option's estimate: the cards, the mean points for the seat, the standard error, the playouts.

    ``playouts`` counts the distinct worlds played out; ``scores`` holds one result per draw (a world that
    inference drew twice appears twice in a row, see :attr:`Evaluation.draws`)."""

    cards: tuple[Card, ...]
    expected: float
    stderr: float
    playouts: int
    scores: tuple[int, ...] = dataclasses.field(default=(), repr=False, compare=False)

    @property
    def label(self) -> str:
        """The cards as notation, e.g. ``'Q♠'`` or ``'Q♠ A♥ K♥'``."""
        return " ".join(str(c) for c in self.cards)


@dataclasses.dataclass(frozen=True)
class Evaluation:
    """Every option evaluated for one decision, best (fewest points) first."""

    kind: str  # "play" or "pass"
    options: tuple[OptionValue, ...]
    worlds: int
    draws: tuple[int, ...] = ()
    """When inference drew the worlds again by weight: how many times in a row each distinct world was
    drawn, in the order of every option's ``scores``; empty when the worlds were drawn uniformly. ``worlds``
    and every ``playouts`` count distinct worlds (each is played out once)."""

    @property
    def best(self) -> OptionValue:
        """The option the expert prefers."""
        return self.options[0]

    def value_of(self, cards: Iterable[Card | int]) -> OptionValue | None:
        """The estimate of one option, or ``None`` if it was not evaluated."""
        key = CardSet(int(c) for c in cards)
        for o in self.options:
            if CardSet(o.cards) == key:
                return o
        return None


def _taken_from(obs: Observation) -> list[int]:
    taken = [0] * obs.rules.num_players
    for t in obs.tricks:
        m = 0
        for c in t.cards:
            m |= 1 << c
        taken[t.winner] |= m
    return taken


def play_options(legal: int, candidates: Iterable[Card | int] | None) -> list[int]:
    """The cards a play evaluation plays out: every legal card, or the ``candidates`` (each legal now, at least one;
    :class:`ExpertError` on ``candidates`` otherwise), lowest first.

    >>> from hearts.cards import CardSet
    >>> legal = CardSet.parse("2C 9C KC").mask
    >>> [str(CARDS[c]) for c in play_options(legal, None)], [str(CARDS[c]) for c in play_options(legal, [11, 7])]
    (['2♣', '9♣', 'K♣'], ['9♣', 'K♣'])
    >>> play_options(legal, [int(Card.parse("QS"))])
    Traceback (most recent call last):
    ...
    hearts.bots.expert.ExpertError: candidates must be cards legal now (2♣ 9♣ K♣), not Q♠
    """
    if candidates is None:
        return list(iter_mask(legal))
    wanted = sorted({int(c) for c in candidates})
    if not wanted or any(not 0 <= c < 52 or not legal >> c & 1 for c in wanted):
        shown = ", ".join(str(CARDS[c]) if 0 <= c < 52 else repr(c) for c in wanted) or "none"
        raise ExpertError(f"candidates must be cards legal now ({CardSet(legal)}), not {shown}", "candidates")
    return wanted


def evaluate_play(
    obs: Observation,
    rng: random.Random,
    worlds: int = DEFAULT_WORLDS,
    *,
    time_limit: float | None = None,
    forced: bool = False,
    candidates: Iterable[Card | int] | None = None,
    inference: float = DEFAULT_INFERENCE,
    inference_pool: int = DEFAULT_INFERENCE_POOL,
) -> Evaluation:
    """Expected points of each legal card, by playouts in sampled worlds.

    Every option is played out in the same worlds (so differences between
    options are measured more sharply than each option alone): each
    :class:`OptionValue` keeps its per-world points in ``scores``, in the
    same world order for every option. With ``time_limit`` (seconds)
    sampling goes on until time runs out, with at least 4 worlds; the result
    then depends on the machine. A single legal card is not played out (its
    value is ``nan``) unless ``forced`` is true. ``candidates`` limits the
    evaluation to some of the legal cards.

    **Inference.** With ``inference`` below 1 (and a fixed budget, once
    another player has played), ``inference_pool * worlds`` worlds are drawn
    uniformly, each weighed ``inference ** misses`` (:func:`policy_misses`,
    counted from the fewest), and ``worlds`` of them are drawn again by
    weight (systematic resampling): a world may be played out more than
    once, and then its playouts are not repeated (they are deterministic).
    ``OptionValue.stderr`` counts each distinct world once, weighted by how
    often it was drawn, and includes what the resampling adds
    (:func:`hearts.stats.mean_se` with ``draws``). With ``time_limit`` the
    worlds are uniform (no inference).
    """
    check_budget(worlds, time_limit)
    check_inference(inference, inference_pool)
    if obs.phase is not Phase.PLAYING or not obs.is_my_turn:
        raise HeartsError(f"seat {obs.seat} has nothing to play now: it is not its turn in the play")
    legal = obs.legal_mask()
    me = obs.seat
    rules = obs.rules
    options = play_options(legal, candidates)
    if len(options) == 1 and not forced:
        return Evaluation("play", (OptionValue((CARDS[options[0]],), math.nan, math.nan, 0),), 0)
    sampler = _Sampler(hidden_constraints(obs), [obs.hand_mask if s == me else 0 for s in range(rules.num_players)])
    trick = [int(c) for _, c in obs.trick]
    taken0 = _taken_from(obs)
    results: list[list[int]] = [[] for _ in options]
    led = trick[0] // 13 if trick else -1
    after: list[tuple[list[int], bool, tuple[int, ...]]] = []  # per option: the trick, hearts broken, the voids
    for c in options:
        voids = list(obs.voids)
        if led >= 0 and c // 13 != led:
            voids[me] |= 1 << led
        after.append(([*trick, c], obs.hearts_broken or bool((1 << c) & rules.breakers_mask), tuple(voids)))
    resampled = time_limit is None and _infers(obs, inference)
    draws: list[int] = []
    if time_limit is None and sim.kernel() == "native":
        # Every world at once, then the playouts in batches on the kernel (the same worlds and scores).
        drawn = _resampled(sampler, rng, obs, worlds, inference, inference_pool) if resampled else (
            sampler.sample_many(rng, worlds)
        )
        distinct: list[World] = []
        for world in drawn:
            if distinct and world is distinct[-1]:
                draws[-1] += 1
            else:
                distinct.append(world)
                draws.append(1)
        subtract = _moon_subtracts(rules, None if obs.totals is None else tuple(obs.totals))
        played: list[list[int]] = [[] for _ in options]
        for a in range(0, len(distinct), _BATCH):
            part = [w.hands for w in distinct[a : a + _BATCH]]
            cols = sim.native_playouts(
                part, options, trick, obs.leader, obs.trick_number, obs.hearts_broken, taken0, rules, subtract,
                obs.voids, me,
            )
            for r, col in zip(played, cols):
                r += col
            report_progress(sum(draws[: a + len(part)]) / len(drawn))  # the share of the worlds drawn
        for r, col in zip(results, played):
            for score, times in zip(col, draws):
                r += [score] * times
    else:
        chosen: Iterable[World]
        if resampled:
            chosen = _reporting(_resampled(sampler, rng, obs, worlds, inference, inference_pool))
        else:
            chosen = _worlds(sampler, rng, worlds, time_limit, minimum=4)
        last: World | None = None
        for world in chosen:
            if world is last:  # a world drawn twice (inference resamples): the playouts are deterministic
                draws[-1] += 1
                for r in results:
                    r.append(r[-1])
                continue
            last = world
            draws.append(1)
            for i, c in enumerate(options):
                hands = list(world.hands)
                hands[me] ^= 1 << c
                t, broken, voids_now = after[i]
                scores = finish_hand(
                    hands, t, obs.leader, obs.trick_number, broken, taken0, rules, obs.totals, voids_now
                )
                results[i].append(scores[me])
    k = len(draws)  # distinct worlds played out (one result per option per draw)
    vals = []
    for c, r in zip(options, results):
        mean, se = mean_se(r, draws if resampled else None)
        vals.append(OptionValue((CARDS[c],), mean, se, k, tuple(r)))
    vals.sort(key=lambda o: (o.expected, o.cards))
    return Evaluation("play", tuple(vals), k, tuple(draws) if resampled else ())


def _worlds(
    sampler: _Sampler, rng: random.Random, worlds: int, time_limit: float | None, *, minimum: int
) -> Iterator[World]:
    """Sampled deals for an evaluation: ``worlds`` of them, or as many as ``time_limit`` seconds allow
    (at least ``minimum``)."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    k = 0
    while (k < worlds) if deadline is None else (k < minimum or time.perf_counter() <= deadline):
        yield sampler.sample(rng)
        k += 1
        # The share done, for a view that shows it (see hearts.bots.base.reporting).
        report_progress(k / worlds if time_limit is None else (time.perf_counter() - start) / time_limit)


def _reporting(worlds: Sequence[World]) -> Iterator[World]:
    """The worlds in turn, telling the share done (see hearts.bots.base.reporting)."""
    for k, world in enumerate(worlds, 1):
        yield world
        report_progress(k / len(worlds))


def _continue(
    hands: list[int],
    trick: list[int],
    leader: int,
    trick_number: int,
    broken: bool,
    taken: list[int],
    rules: Rules,
    totals: Sequence[int] | None = None,
    voids: Sequence[int] | None = None,
) -> list[int]:
    """Finish the trick in ``trick`` (already holding the card just played) and the hand."""
    n = rules.num_players
    if len(trick) == n:
        winner, mask = complete_trick(trick, leader, n)
        taken[winner] |= mask
        if trick_number + 1 == rules.hand_size:
            return _scores(taken, rules, totals)
        return playout(hands, [], winner, trick_number + 1, broken, taken, rules, totals, voids)
    return playout(hands, trick, leader, trick_number, broken, taken, rules, totals, voids)


def finish_hand(
    hands: Sequence[int],
    trick: Sequence[int],
    leader: int,
    trick_number: int,
    hearts_broken: bool,
    taken: Sequence[int],
    rules: Rules,
    totals: Sequence[int] | None = None,
    voids: Sequence[int] | None = None,
) -> list[int]:
    """Each seat's score once a position is played to the end by :func:`rollout_choice` (the expert's playout).

    ``trick`` may already be complete (the card just played closed it); the
    arguments are not changed. ``voids`` are the suits each seat has shown
    out of, counting the cards in ``trick`` (see :func:`playout`). A moon is scored as the engine scores it,
    under the shooter's-choice variant as :func:`hearts.rules.moon_choice`
    chooses with the game ``totals``. On the native kernel
    (:func:`hearts.sim.kernel`) the same playout runs in C, card for card,
    with the same scores.

    >>> from hearts import Deal
    >>> d = Deal.from_number(3)
    >>> scores = finish_hand([h.mask for h in d.hands], [], d.holder("2C"), 0, False, [0] * 4, d.rules)
    >>> sum(scores) in (26, 78)
    True
    """
    if sim.kernel() == "native":
        return sim.native_playout(
            hands, trick, leader, trick_number, hearts_broken, taken, rules,
            _moon_subtracts(rules, None if totals is None else tuple(totals)), voids,
        )
    return _continue(
        list(hands), list(trick), leader, trick_number, hearts_broken, list(taken), rules, totals, voids
    )


@functools.lru_cache(maxsize=256)
def _moon_subtracts(rules: Rules, totals: tuple[int, ...] | None) -> tuple[bool, ...]:
    """For each seat, whether its moon would take 26 off itself instead of adding 26 to the others."""
    n = rules.num_players
    if rules.moon is not MoonScoring.SHOOTERS_CHOICE:
        return (rules.moon is MoonScoring.SUBTRACT_FROM_SHOOTER,) * n
    return tuple(moon_choice(totals, s, rules) == "subtract" for s in range(n))


def evaluate_pass(
    obs: Observation,
    rng: random.Random,
    worlds: int = DEFAULT_PASS_WORLDS,
    *,
    candidates: Sequence[int] | None = None,
    time_limit: float | None = None,
) -> Evaluation:
    """Expected points of candidate passes (bitmasks of 3 cards), by playouts in sampled deals.

    The default candidates are :func:`pass_candidates`; the other players
    pass by :func:`heuristic_pass`. The budget is ``worlds`` playouts per
    candidate on average, spent by sequential halving
    (:func:`halving_schedule`): all candidates in a few deals, then the
    better half in more, and so on, so that the last few are compared in
    hundreds of deals. Every candidate still in the race is played out in
    the same deals, so ``scores`` of two options pair up deal by deal over
    the shorter one's length. ``options`` come best first: the last round's
    survivors by mean, then the others by how far they got.
    With ``time_limit`` every candidate is played out in every deal instead.
    """
    check_budget(worlds, time_limit)
    if obs.passed_mask is not None or obs.received_mask is not None:
        raise HeartsError("this seat has already passed")
    rules = obs.rules
    me = obs.seat
    n = rules.num_players
    k_pass = rules.pass_size
    cands = list(candidates) if candidates is not None else pass_candidates(obs.hand_mask, k=k_pass)
    for m in cands:
        if m & ~obs.hand_mask or m.bit_count() != k_pass:
            raise HeartsError(f"candidate pass {CardSet(m & rules.deck_mask)} is not {k_pass} cards of the hand")
    sampler = _Sampler(hidden_constraints(obs), [obs.hand_mask if s == me else 0 for s in range(n)])
    offset = (obs.pass_target - me) % n

    native = sim.kernel() == "native"
    subtract = _moon_subtracts(rules, None if obs.totals is None else tuple(obs.totals))

    def play(worlds: Sequence[World], alive: Sequence[int], results: list[list[int]]) -> None:
        if native:  # the same playouts, the others' passes included, in one call
            cols = sim.native_pass_playouts([w.hands for w in worlds], [cands[i] for i in alive], me, offset, rules,
                                            subtract)  # fmt: skip
            for i, col in zip(alive, cols):
                results[i] += col
            return
        for world in worlds:
            their = [0 if s == me else heuristic_pass(world.hands[s], k_pass) for s in range(n)]
            for i in alive:
                passes = list(their)
                passes[me] = cands[i]
                hands = [world.hands[s] & ~passes[s] for s in range(n)]
                for s in range(n):
                    hands[(s + offset) % n] |= passes[s]
                leader = opening_leader(hands, rules)
                scores = finish_hand(hands, [], leader, 0, False, [0] * n, rules, obs.totals)
                results[i].append(scores[me])

    results, reached = _search(sampler, rng, len(cands), worlds, time_limit, 2, play, _BATCH if native else 1)
    return _evaluation("pass", [tuple(CARDS[c] for c in iter_mask(m)) for m in cands], results, reached)


def halving_schedule(options: int, worlds: int) -> list[int]:
    """New worlds per round of :func:`evaluate_pass`'s sequential halving, for ``options`` candidates.

    The budget is ``worlds`` playouts per candidate on average (``options *
    worlds`` in all), spread evenly over ``ceil(log2(options))`` rounds; in
    each round every candidate still in the race is played out in the
    round's new worlds (the same worlds for all of them), then the worse half
    (by mean over every world so far) drops out. The survivors of the last
    round have been played out in ``sum(schedule)`` worlds: far more than
    ``worlds``, where the choice between the best few is made.

    >>> halving_schedule(20, 48)  # 20 -> 10 -> 5 -> 3 -> 2 candidates
    [9, 19, 38, 64, 96]
    >>> sum(a * b for a, b in zip(halving_schedule(20, 48), [20, 10, 5, 3, 2])) <= 20 * 48
    True
    >>> halving_schedule(1, 48), halving_schedule(2, 48), halving_schedule(3, 48)
    ([48], [48], [24, 36])
    """
    check_count(options, "options")
    check_count(worlds, "worlds")
    rounds = max(1, math.ceil(math.log2(options))) if options > 1 else 1
    budget = options * worlds
    out = []
    alive = options
    for _ in range(rounds):
        out.append(max(1, budget // (rounds * alive)))
        alive = (alive + 1) // 2
    return out


def _search(
    sampler: _Sampler,
    rng: random.Random,
    options: int,
    worlds: int,
    time_limit: float | None,
    minimum: int,
    play: Callable[[Sequence[World], Sequence[int], list[list[int]]], None],
    batch: int = 1,
) -> tuple[list[list[int]], list[int]]:
    """Play ``options`` out in sampled worlds by sequential halving (:func:`halving_schedule`), or, with a
    ``time_limit``, every option in every world until time runs out (at least ``minimum`` worlds).

    The first round plays at least ``minimum`` worlds, so that every option has a standard error.
    ``play(worlds, alive, results)`` appends each alive option's score in each world, in order, to
    ``results[option]``; it is given up to ``batch`` worlds at a time (the progress is told after each call).
    Returns the
    results and, per option, the round it reached (the survivors of the last round the highest).
    """
    results: list[list[int]] = [[] for _ in range(options)]
    if time_limit is not None or options <= 1:
        everyone = range(options)
        for world in _worlds(sampler, rng, worlds, time_limit, minimum=minimum):
            play([world], everyone, results)
        return results, [0] * options
    schedule = halving_schedule(options, worlds)
    rounds = [max(new, minimum) if r == 0 else new for r, new in enumerate(schedule)]  # every option gets an error
    sizes = [options]
    for _ in rounds[1:]:
        sizes.append((sizes[-1] + 1) // 2)
    total, done = sum(n * a for n, a in zip(rounds, sizes)), 0  # playouts, for the progress told
    alive = list(range(options))
    reached = [0] * options
    for r, new in enumerate(rounds):
        for i in alive:
            reached[i] = r
        for a in range(0, new, batch):  # sampled a batch at a time: the same worlds as one by one
            part = sampler.sample_many(rng, min(batch, new - a))
            play(part, alive, results)
            done += len(alive) * len(part)
            report_progress(done / total)
        if r + 1 < len(schedule):
            alive.sort(key=lambda i: (sum(results[i]), i))  # every alive option has the same worlds
            alive = sorted(alive[: (len(alive) + 1) // 2])
    return results, reached


def _evaluation(
    kind: str, labels: Sequence[tuple[Card, ...]], results: Sequence[Sequence[int]], reached: Sequence[int]
) -> Evaluation:
    """The options best first: the last round's survivors by mean, then the others by the round they left."""
    vals = []
    for cards, r, stage in zip(labels, results, reached):
        mean, se = mean_se(r)
        vals.append((-stage, OptionValue(cards, mean, se, len(r), tuple(r))))
    vals.sort(key=lambda x: (x[0], x[1].expected, x[1].cards))
    k = max((len(r) for r in results), default=0)  # worlds sampled
    return Evaluation(kind, tuple(v for _, v in vals), k)


# ----------------------------------------------------------------------------
# The bot
# ----------------------------------------------------------------------------


def _fmt(x: float) -> float:
    return round(x, 1) + 0.0


class ExpertDecision(Decision):
    """A :class:`~hearts.bots.base.Decision` whose numbers are written the reader's way.

    ``values`` keep plain floats; :meth:`explain` writes them with one
    decimal and the language's decimal mark (a comma in Spanish).

    >>> d = ExpertDecision(tuple(Card.parse(c) for c in ("9D",)), "expert.play.two",
    ...     (("cards", "9♦"), ("expected", 2.6), ("other", "K♦"), ("other_expected", 3.0)))
    >>> d.explain("es")
    'Con 9♦ espero llevarme unos 2,6 puntos; con K♦ serían unos 3,0.'
    >>> d.explain("en").split(":")[1]
    ' about 2.6 points expected; K♦ would cost about 3.0.'
    """

    def explain(self, lang: str = "en") -> str:
        """The reason in words, numbers with the language's decimal mark."""
        values = {k: number(v, lang, 1) if isinstance(v, float) else v for k, v in self.values}
        return text(self.reason, lang, **values)


class ExpertBot(Bot):
    """Determinized Monte Carlo search from the bot's own observation.

    ``worlds``: deals sampled per play decision; ``pass_worlds``: playouts
    per candidate pass on average (spent by sequential halving);
    ``pass_pool``: candidates are the 3-card subsets of this many most
    dangerous cards; ``inference``/``inference_pool``: how play decisions
    weigh the worlds by the others' plays (see :func:`evaluate_play`; 1
    turns it off); ``time_limit``: seconds per decision instead
    of a fixed number of worlds (then results are not reproducible, and the
    worlds are uniform: inference needs a fixed budget).
    Deterministic given ``seed`` when ``time_limit`` is ``None``.

    The last :class:`Evaluation` is kept in :attr:`last_evaluation`.
    """

    name = "Expert"

    def __init__(
        self,
        seed: int | None = 0,
        *,
        worlds: int = DEFAULT_WORLDS,
        pass_worlds: int = DEFAULT_PASS_WORLDS,
        pass_pool: int = 6,
        time_limit: float | None = None,
        inference: float = DEFAULT_INFERENCE,
        inference_pool: int = DEFAULT_INFERENCE_POOL,
    ) -> None:
        check_budget(worlds, time_limit)
        check_count(pass_worlds, "pass_worlds")
        check_inference(inference, inference_pool)
        if isinstance(pass_pool, bool) or not isinstance(pass_pool, int) or not 3 <= pass_pool <= 13:
            raise ExpertError(f"pass_pool must be 3 to 13, not {pass_pool!r}", "pass_pool")
        super().__init__(seed)
        self.worlds = worlds
        self.pass_worlds = pass_worlds
        self.pass_pool = pass_pool
        self.time_limit = time_limit
        self.inference = inference
        self.inference_pool = inference_pool
        self.last_evaluation: Evaluation | None = None

    def evaluate_play(self, obs: Observation) -> Evaluation:
        """Expected points of every legal card (uses and advances the bot's random source).

        Cancellation Hearts (two packs) goes through :mod:`hearts.bots.cancel_expert`, in pure Python.
        """
        if obs.rules.decks == 2:
            from hearts.bots.cancel_expert import evaluate_play_two

            return evaluate_play_two(obs, self.rng, self.worlds if self.worlds else DEFAULT_WORLDS)
        return evaluate_play(
            obs, self.rng, self.worlds, time_limit=self.time_limit,
            inference=self.inference, inference_pool=self.inference_pool,
        )

    def evaluate_pass(self, obs: Observation, candidates: Sequence[int] | None = None) -> Evaluation:
        """Expected points of candidate passes (default: :func:`pass_candidates`)."""
        if candidates is None:
            candidates = pass_candidates(obs.hand_mask, pool=self.pass_pool, k=obs.rules.pass_size)
        return evaluate_pass(obs, self.rng, self.pass_worlds, candidates=candidates, time_limit=self.time_limit)

    def decide_play(self, obs: Observation) -> Decision:
        """The legal card with the fewest expected points, with the figures in words."""
        ev = self.evaluate_play(obs)
        self.last_evaluation = ev
        return _explain(ev)

    def decide_pass(self, obs: Observation) -> Decision:
        """The candidate pass with the fewest expected points for the hand (two packs: the rule bot's pass)."""
        if obs.rules.decks == 2:
            from hearts.bots.rule_bot import RuleBot

            return RuleBot(seed=None).decide_pass(obs)
        ev = self.evaluate_pass(obs)
        self.last_evaluation = ev
        return _explain(ev)

    def __repr__(self) -> str:
        extra = f", time_limit={self.time_limit!r}" if self.time_limit is not None else ""
        if (self.inference, self.inference_pool) != (DEFAULT_INFERENCE, DEFAULT_INFERENCE_POOL):
            extra += f", inference={self.inference!r}, inference_pool={self.inference_pool!r}"
        return f"ExpertBot(seed={self.seed!r}, worlds={self.worlds!r}, pass_worlds={self.pass_worlds!r}{extra})"


def _explain(ev: Evaluation) -> ExpertDecision:
    best = ev.best
    kind = ev.kind
    if len(ev.options) == 1 or ev.worlds == 0:
        return ExpertDecision(best.cards, f"expert.{kind}.forced", (("cards", best.label),))
    values: list[tuple[str, object]] = [("cards", best.label), ("expected", _fmt(best.expected))]
    second = ev.options[1]
    worst = ev.options[-1]
    values += [("other", second.label), ("other_expected", _fmt(second.expected))]
    if len(ev.options) == 2 or worst.expected - second.expected < 0.5:
        key = f"expert.{kind}.two"
    else:
        key = f"expert.{kind}.three"
        values += [("worst", worst.label), ("worst_expected", _fmt(worst.expected))]
    if abs(second.expected - best.expected) < 0.05:
        key = f"expert.{kind}.close"
    return ExpertDecision(best.cards, key, tuple(values))


def __getattr__(name: str) -> Any:
    """The levels lived here once; they are in :mod:`hearts.bots.registry` now (old imports keep working)."""
    if name in _MOVED:
        from hearts.bots import registry

        return getattr(registry, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_MOVED = ("LEVELS", "MASTER_WORLDS", "Level", "level_description", "make_bot")
