"""The lean simulation path: whole hands on bitmasks, with an optional native kernel.

:class:`~hearts.hand.HandState` is the readable reference; this module plays
whole hands without per-card objects or undo records, for the places where
people wait on many hands: random play (benchmarks, baselines) and the
expert's playouts. Two paths do the same work, card for card:

- ``"python"``: pure Python, always there;
- ``"native"``: a small C extension (``hearts._kernel``), built by the
  ordinary ``pip install`` where a C compiler exists.

:func:`kernel` says which path is in use; ``HEARTS_KERNEL=python`` in the
environment chooses the pure-Python path even where the native one is built.
Both draw their random numbers exactly as :class:`random.Random` does, so a
seed gives the same hands on either path and on every machine, and the tests
check both against :class:`~hearts.hand.HandState`.

Only :func:`random_hands` needs numpy (it returns an array); the playouts,
:func:`random_hand_records` and everything the bots use run without it, as
on the static site.

>>> import numpy as np
>>> scores = random_hands(200, seed=7)
>>> scores.shape, scores.dtype
((200, 4), dtype('int32'))
>>> bool(np.isin(scores.sum(axis=1), (26, 78)).all())     # 26 points a hand, or a moon: 0 + 3 x 26
True
>>> np.array_equal(scores, random_hands(200, seed=7, path="python"))
True
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from hearts import native
from hearts.cards import HEARTS_MASK, PENALTY_MASK, SUIT_MASKS, Card, CardSet, highest
from hearts.deal import Deal
from hearts.errors import OptionError
from hearts.rules import DEFAULT_RULES, MoonScoring, Rules, hand_scores, moon_shooter

if TYPE_CHECKING:  # numpy is imported where an array is made (random_hands): the game path runs without it
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "Path",
    "RandomHand",
    "kernel",
    "exact_draws",
    "native_available",
    "native_pass_playouts",
    "native_playout",
    "native_playouts",
    "native_policy_misses",
    "native_sample_worlds",
    "random_hand_records",
    "random_hands",
]

Path = Literal["native", "python"]

ENV_VAR = native.ENV_VAR
_NATIVE = native.MODULE


def _no_kernel() -> OptionError:
    return OptionError("the native kernel is not built here (no C compiler when it was installed)", "path")


def _seat_bits(flags: Sequence[bool]) -> int:
    """Per-seat flags as the kernel takes them: bit ``s`` for seat ``s``."""
    return sum(1 << s for s, flag in enumerate(flags) if flag)


def native_available() -> bool:
    """True when the C kernel was built and imports.

    >>> isinstance(native_available(), bool)
    True
    """
    return _NATIVE is not None


_KERNEL: Path = "native" if native.USE else "python"


def kernel() -> Path:
    """The path this process uses: ``"native"`` where the kernel is built, unless ``HEARTS_KERNEL=python``
    was set when :mod:`hearts` was first imported.

    >>> kernel() in ("native", "python")
    True
    """
    return _KERNEL


def _path(path: Path | None) -> Path:
    if path is None:
        return kernel()
    if path not in ("native", "python"):
        raise OptionError(f"path must be 'native' or 'python', not {path!r}", "path")
    if path == "native" and _NATIVE is None:
        raise _no_kernel()
    return path


_MOON_MODE = {MoonScoring.ADD_TO_OTHERS: 0, MoonScoring.SUBTRACT_FROM_SHOOTER: 1, MoonScoring.SHOOTERS_CHOICE: 2}


@functools.lru_cache(maxsize=64)
def kernel_rules(rules: Rules) -> tuple[int, int, int, int, int, int, int]:
    """The rules as the kernel reads them: players, hand size, first lead, deck and breaker masks, J♦, moon mode.

    >>> kernel_rules(DEFAULT_RULES)[:3]
    (4, 13, 0)
    """
    return (
        rules.num_players,
        rules.hand_size,
        int(rules.first_lead),
        rules.deck_mask,
        rules.breakers_mask,
        int(rules.jack_of_diamonds),
        _MOON_MODE[rules.moon],
    )


def _pass_offsets(rules: Rules) -> bytes:
    """Pass offsets of hands 1, 2, 3, ... in a cycle (hand i of a run is hand number i + 1)."""
    return bytes(rules.pass_direction(h).offset(rules.num_players) for h in range(1, 5))


def _check_run(hands: object, seed: object, rules: object) -> tuple[int, int]:
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 0:
        raise OptionError(f"hands must be a whole number 0 or more, not {hands!r}", "hands")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        raise OptionError(f"seed must be a whole number from 0 to 2**64 - 1, not {seed!r}", "seed")
    if not isinstance(rules, Rules):
        raise OptionError(f"rules must be a Rules, not {type(rules).__name__}", "rules")
    return hands, seed


def random_hands(
    hands: int, seed: int = 0, rules: Rules = DEFAULT_RULES, *, path: Path | None = None
) -> npt.NDArray[np.int32]:
    """Scores (after any moon) of ``hands`` whole hands of random legal play, one row a hand, one column a seat.

    Each hand is dealt by sorting the deck on random keys, passes in the rules' cycle
    (hand ``i`` of the run is hand number ``i + 1``), every seat passes 3
    random cards (the first 3 it was dealt) and plays a uniformly random legal card; under the shooter's
    choice the shooter picks add or subtract at random. The same ``seed``
    gives the same array on either path.

    >>> random_hands(3, seed=1, rules=Rules(num_players=5)).shape
    (3, 5)
    """
    import numpy as np  # the one array this module makes; the game path (playouts, records) runs without numpy

    hands, seed = _check_run(hands, seed, rules)
    if _path(path) == "native":
        assert _NATIVE is not None
        raw, _ = _NATIVE.random_hands(hands, seed, kernel_rules(rules), _pass_offsets(rules), False)
        return np.frombuffer(raw, dtype=np.int32).reshape(hands, rules.num_players).copy()
    flat = _random_hands_python(hands, seed, rules, None)
    return np.array(flat, dtype=np.int32).reshape(hands, rules.num_players)


@dataclasses.dataclass(frozen=True)
class RandomHand:
    """One hand of :func:`random_hand_records`: everything needed to replay it through ``HandState``."""

    deal: Deal
    passes: tuple[CardSet, ...] | None  # each seat's 3 cards, or None on a hand without passing
    plays: tuple[Card, ...]  # every card in play order
    moon_choice: str | None  # "add" or "subtract" when someone shot the moon
    scores: tuple[int, ...]


def random_hand_records(
    hands: int, seed: int = 0, rules: Rules = DEFAULT_RULES, *, path: Path | None = None
) -> list[RandomHand]:
    """The hands of :func:`random_hands` with their deals, passes and plays (slower; for checking and replay).

    >>> from hearts import HandState
    >>> rec = random_hand_records(1, seed=3)[0]
    >>> h = HandState(rec.deal, pass_direction=None)
    >>> for seat, cards in enumerate(rec.passes):
    ...     h.pass_cards(seat, cards)
    >>> for c in rec.plays:
    ...     h.play(c)
    >>> h.result().scores == rec.scores
    True
    """
    hands, seed = _check_run(hands, seed, rules)
    n = rules.num_players
    size = rules.hand_size * n
    rec_len = size + 3 * n + size + 1
    if _path(path) == "native":
        assert _NATIVE is not None
        raw, record = _NATIVE.random_hands(hands, seed, kernel_rules(rules), _pass_offsets(rules), True)
        flat = list(memoryview(raw).cast("i"))  # the kernel's int32 scores, in native byte order
    else:
        buf = bytearray(hands * rec_len)
        flat = _random_hands_python(hands, seed, rules, buf)
        record = bytes(buf)
    out = []
    hs = rules.hand_size
    for i in range(hands):
        r = record[i * rec_len : (i + 1) * rec_len]
        dealt = r[:size]
        deal = Deal(tuple(CardSet(list(dealt[s * hs : (s + 1) * hs])) for s in range(n)), rules, None, i + 1)
        pass_bytes = r[size : size + 3 * n]
        passes = None
        if pass_bytes[0] != 0xFF:
            passes = tuple(CardSet(list(pass_bytes[3 * s : 3 * s + 3])) for s in range(n))
        plays = tuple(Card(c) for c in r[size + 3 * n : size + 3 * n + size])
        moon = {0: "add", 1: "subtract"}.get(r[-1])
        out.append(RandomHand(deal, passes, plays, moon, tuple(flat[i * n : (i + 1) * n])))
    return out


def _random_hands_python(count: int, seed: int, rules: Rules, record: bytearray | None) -> list[int]:
    """The pure-Python random-hand loop: one function, local names, no objects per card.

    Returns the scores, hand after hand, seat after seat (``count * num_players`` numbers).

    The deal draws one 32-bit key per card (all 52, in card order) and sorts the
    deck by key (a uniform shuffle; equal keys keep card order); seat ``s``
    gets the ``s``-th run of ``hand_size`` cards and passes the first 3 of
    them (uniformly random, since the order is). A choice among
    ``k`` cards skips ``int(random() * k)`` of the lowest; a forced card (one
    legal choice) draws nothing. The native kernel draws the
    same numbers in the same order.
    """
    source = random.Random(seed)
    rnd = source.random
    bits32 = source.getrandbits
    to_int = int
    n = rules.num_players
    hs = rules.hand_size
    size = n * hs
    deck0 = [c for c in range(52) if rules.deck_mask >> c & 1]
    bits = [1 << c for c in range(52)]
    first = 1 << int(rules.first_lead)
    breakers = rules.breakers_mask
    offsets = _pass_offsets(rules)
    suit_of = [SUIT_MASKS[c // 13] for c in range(52)]
    safe_mask = ~PENALTY_MASK
    not_hearts = ~HEARTS_MASK
    moon_mode = _MOON_MODE[rules.moon]
    points_of = rules.points_of
    tricks = range(hs)
    rec_len = size + 3 * n + size + 1
    seats = range(n)
    orders = [tuple((lead + i) % n for i in seats) for lead in seats]
    cuts = [(s * hs, (s + 1) * hs) for s in seats]
    flat: list[int] = []
    all52 = range(52)
    keep = record is not None
    buf = record if record is not None else bytearray()
    for i in range(count):
        pos = i * rec_len
        keys = [bits32(32) for _ in all52]  # one random key per card (of the 52); the deal sorts the deck by key
        deck = sorted(deck0, key=keys.__getitem__)
        hands = [sum(map(bits.__getitem__, deck[lo:hi])) for lo, hi in cuts]
        if keep:
            buf[pos : pos + size] = bytes(deck)
        pos += size
        off = offsets[i % 4]
        if off:
            # Each seat passes the first 3 cards it was dealt: the deal's order is random, so this is a
            # uniformly random choice of 3 of its cards, and it draws nothing.
            passes = [bits[deck[lo]] | bits[deck[lo + 1]] | bits[deck[lo + 2]] for lo, _ in cuts]
            if keep:
                for lo, _ in cuts:
                    buf[pos : pos + 3] = bytes(deck[lo : lo + 3])
                    pos += 3
            for s in seats:
                hands[s] &= ~passes[s]
            for s in seats:
                hands[(s + off) % n] |= passes[s]
        elif keep:
            buf[pos : pos + 3 * n] = b"\xff" * (3 * n)
            pos += 3 * n
        leader = 0
        for s in seats:
            if hands[s] & first:
                leader = s
        broken = False
        taken = [0] * n
        first_trick = True
        for _ in tricks:
            led = 0  # mask of the led suit; 0 while the trick is empty
            trick_mask = best = 0
            best_seat = leader
            for seat in orders[leader]:
                hand = hands[seat]
                # The same checks as hearts.rules.legal_mask, in its order.
                if led:
                    legal = hand & led
                    if not legal:
                        legal = hand
                        if first_trick and hand & safe_mask:
                            legal = hand & safe_mask
                elif first_trick:
                    legal = first  # the leader of the first trick is the seat that holds the opening club
                elif not broken and hand & not_hearts:
                    legal = hand & not_hearts
                else:
                    legal = hand
                if legal & (legal - 1):
                    k = to_int(rnd() * legal.bit_count())
                    while k:
                        legal &= legal - 1
                        k -= 1
                    bit = legal & -legal
                else:
                    bit = legal
                hands[seat] = hand ^ bit
                if not led:
                    led = suit_of[highest(bit)]
                    best, best_seat = bit, seat
                elif bit & led and bit > best:
                    best, best_seat = bit, seat
                if bit & breakers:
                    broken = True
                trick_mask |= bit
                if keep:
                    buf[pos] = highest(bit)
                    pos += 1
            taken[best_seat] |= trick_mask
            leader = best_seat
            first_trick = False
        # The hand's score by the rules layer (once a hand, so the per-card loop above stays inlined).
        shooter = moon_shooter(taken)
        mode = moon_mode
        choice = None
        if shooter >= 0 and mode == 2:
            mode = 0 if rnd() < 0.5 else 1
            choice = "add" if mode == 0 else "subtract"
        scores, _ = hand_scores([points_of(m) for m in taken], shooter, rules, choice)
        if keep:
            buf[pos] = 0xFF if shooter < 0 else mode
        flat.extend(scores)
    return flat


def native_playout(
    hands: Sequence[int],
    trick: Sequence[int],
    leader: int,
    trick_number: int,
    hearts_broken: bool,
    taken: Sequence[int],
    rules: Rules,
    moon_subtract: bool | Sequence[bool],
    voids: Sequence[int] | None = None,
) -> list[int]:
    """The native kernel's playout by the expert's rollout policy (see :func:`hearts.bots.expert.finish_hand`,
    the pure-Python reference it equals): each seat's score once the position is played to the end.

    ``trick`` may be complete (the card just played closed it). A moon adds
    26 to the others, or takes 26 off the shooter where ``moon_subtract`` is
    true (one flag for every seat, or one per seat: the shooter's choice
    depends on who shoots). ``voids[s]``: the suits seat ``s`` has shown out
    of (bit ``suit``; none by default). The arguments are not changed. Only where
    :func:`native_available`.
    """
    if _NATIVE is None:
        raise _no_kernel()
    if isinstance(moon_subtract, bool):
        seats = (1 << rules.num_players) - 1 if moon_subtract else 0
    else:
        seats = _seat_bits(moon_subtract)
    return _NATIVE.playout(  # type: ignore[no-any-return]
        hands, trick, leader, trick_number, hearts_broken, taken, kernel_rules(rules), seats,
        (0,) * rules.num_players if voids is None else voids,
    )


def native_policy_misses(
    plays: Sequence[tuple[int, int]], first_leader: int, worlds: Sequence[Sequence[int]], me: int, rules: Rules
) -> list[int]:
    """The native kernel's :func:`hearts.bots.expert.policy_misses` (the pure-Python reference it equals), for
    many worlds at once: one count per world's hands. Only where :func:`native_available`."""
    if _NATIVE is None:
        raise _no_kernel()
    seats = [s for s, _ in plays]
    cards = [c for _, c in plays]
    return _NATIVE.policy_misses(seats, cards, first_leader, worlds, me, kernel_rules(rules))  # type: ignore[no-any-return]


@functools.cache
def exact_draws() -> bool:
    """Whether the native kernel draws from a :class:`random.Random`'s state exactly as this Python does.

    The kernel's :func:`native_sample_worlds` continues a generator's own
    stream (its Mersenne Twister words, ``getrandbits``, ``randrange`` and
    ``shuffle``), so that the expert samples the same worlds on both paths.
    This checks it once per process against the running Python, bounds of
    every size and a shuffle included; where it is false (a Python whose
    :mod:`random` draws otherwise) the expert samples in Python. False where
    the kernel is not built.

    >>> exact_draws() == native_available()
    True
    """
    if _NATIVE is None:
        return False
    bounds = [1, 2, 3, 13, 52, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 3 * 2**40 + 7, 2**63 + 5, 2**64 - 1] * 4
    for seed in (0, 1, 2026):
        rng = random.Random(seed)
        rng.getrandbits(32 * 600)  # into the next block of the generator's words
        state = rng.getstate()
        drawn, shuffled, x, after = _NATIVE.mt_draws(state[1], bounds, 39)
        want = [rng.randrange(b) for b in bounds]
        items = list(range(39))
        rng.shuffle(items)
        if drawn != want or shuffled != items or x != rng.random() or after != rng.getstate()[1]:
            return False
    return True


def native_sample_worlds(table: bytes, rng: random.Random, count: int) -> list[tuple[int, ...]]:
    """``count`` worlds by the native kernel from a sampler's packed table
    (:meth:`hearts.bots.expert._Sampler.native_table`), drawing from ``rng``'s own state and leaving ``rng``
    where the pure-Python sampler would. Only where :func:`exact_draws`; ``rng`` must be a plain
    :class:`random.Random`."""
    if _NATIVE is None:
        raise _no_kernel()
    if type(rng) is not random.Random:
        raise OptionError(f"the native sampler draws from a plain random.Random, not {type(rng).__name__}", "rng")
    version, words, gauss = rng.getstate()
    worlds, words = _NATIVE.sample_worlds(table, words, count)
    rng.setstate((version, words, gauss))
    return worlds  # type: ignore[no-any-return]


def native_playouts(
    worlds: Sequence[Sequence[int]],
    cards: Sequence[int],
    trick: Sequence[int],
    leader: int,
    trick_number: int,
    hearts_broken: bool,
    taken: Sequence[int],
    rules: Rules,
    moon_subtract: Sequence[bool],
    voids: Sequence[int],
    me: int,
) -> list[list[int]]:
    """:func:`native_playout` for each of ``cards`` played by ``me`` (whose turn it is, after ``trick``) in each
    world: per card, ``me``'s score world by world, as :func:`hearts.bots.expert.evaluate_play` scores them.
    ``voids`` count the trick before ``me``'s card. Only where :func:`native_available`."""
    if _NATIVE is None:
        raise _no_kernel()
    seats = _seat_bits(moon_subtract)
    return _NATIVE.playouts(  # type: ignore[no-any-return]
        worlds, cards, trick, leader, trick_number, hearts_broken, taken, kernel_rules(rules), seats, voids, me
    )


def native_pass_playouts(
    worlds: Sequence[Sequence[int]],
    candidates: Sequence[int],
    me: int,
    offset: int,
    rules: Rules,
    moon_subtract: Sequence[bool],
) -> list[list[int]]:
    """Per candidate pass (a mask of ``me``'s cards), ``me``'s score in each world (hands as dealt): the others
    pass by :func:`hearts.bots.expert.heuristic_pass`, the cards go ``offset`` seats on, the hand is played out
    by the rollout policy, as :func:`hearts.bots.expert.evaluate_pass` scores it. Only where
    :func:`native_available`."""
    if _NATIVE is None:
        raise _no_kernel()
    seats = _seat_bits(moon_subtract)
    out: list[list[int]] = []
    for a in range(0, len(candidates), 1024):  # the kernel takes up to 1,024 candidates a call
        out += _NATIVE.pass_playouts(worlds, candidates[a : a + 1024], me, offset, rules.pass_size,
                                     kernel_rules(rules), seats)  # fmt: skip
    return out
