"""Deals: numbered, daily and explicit.

A numbered deal is shuffled by a Fisher–Yates shuffle driven by SHA-256 in
counter mode, so deal number N is the same on every machine, OS and Python
version (nothing depends on :mod:`random`'s internals).

>>> d = Deal.from_number(1)
>>> [len(h) for h in d.hands]
[13, 13, 13, 13]
>>> d == Deal.from_number(1)
True
>>> Deal.of_the_day(datetime.date(2026, 11, 30)).number
20261130
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import hashlib
import struct
from collections.abc import Iterable, Sequence

from hearts import native
from hearts.cards import Card, CardSet, ms_add, ms_from
from hearts.errors import CardParseError, DealError, HeartsError, RulesError
from hearts.rules import DEFAULT_RULES, Rules

__all__ = ["Deal", "StableRandom", "stable_shuffle", "stable_words"]


class StableRandom:
    """A small deterministic random source: SHA-256 of a key and a counter.

    The same key gives the same numbers everywhere.

    >>> a, b = StableRandom("example"), StableRandom("example")
    >>> [a.below(10) for _ in range(5)] == [b.below(10) for _ in range(5)]
    True
    """

    __slots__ = ("_counter", "_key", "_pool")

    def __init__(self, key: str) -> None:
        self._key = key.encode("utf-8")
        self._counter = 0
        self._pool: list[int] = []

    def _refill(self) -> None:
        digest = hashlib.sha256(self._key + b"/" + str(self._counter).encode()).digest()
        self._counter += 1
        self._pool = [int.from_bytes(digest[i : i + 8], "big") for i in range(24, -8, -8)]

    def bits64(self) -> int:
        """The next uniform 64-bit number."""
        if not self._pool:
            self._refill()
        return self._pool.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.bits64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[int]) -> None:
        """Fisher–Yates shuffle in place (the same draws as :meth:`below`, inlined for speed)."""
        pool = self._pool
        key = self._key + b"/"
        counter = self._counter
        sha256 = hashlib.sha256
        unpack = _UNPACK_4Q
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < len(limits) else (1 << 64) - (1 << 64) % n
            while True:
                if not pool:
                    pool = list(unpack(sha256(key + str(counter).encode()).digest()))
                    pool.reverse()
                    counter += 1
                x = pool.pop()
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self._pool = pool
        self._counter = counter


def stable_words(key: str, count: int) -> list[int]:
    """The first ``count`` numbers of ``StableRandom(key).bits64()``, by the native kernel where it is in use.

    >>> r = StableRandom("example")
    >>> stable_words("example", 5) == [r.bits64() for _ in range(5)]
    True
    """
    if _KERNEL is not None:
        return _KERNEL.stable_words(key.encode("utf-8"), count)  # type: ignore[no-any-return]
    r = StableRandom(key)
    return [r.bits64() for _ in range(count)]


def stable_shuffle(key: str, items: list[int]) -> None:
    """``StableRandom(key).shuffle(items)``, by the native kernel where it is in use (the same draws).

    >>> a, b = list(range(10)), list(range(10))
    >>> stable_shuffle("example", a); StableRandom("example").shuffle(b)
    >>> a == b
    True
    """
    if _KERNEL is not None:
        _KERNEL.stable_shuffle(key.encode("utf-8"), items)
    else:
        StableRandom(key).shuffle(items)


_KERNEL = native.MODULE if native.USE else None  # numbered deals and self-play seeds take it
_BITS = tuple(1 << c for c in range(52))
_UNPACK_4Q = struct.Struct(">4Q").unpack
_LIMITS = tuple((1 << 64) - (1 << 64) % n if n else 0 for n in range(65))


_NO_WIDOW = CardSet(0)


@dataclasses.dataclass(frozen=True)
class Deal:
    """The cards each seat holds before passing, and where they came from.

    ``hands[seat]`` is a :class:`CardSet`; ``number`` is the deal number when
    the deal came from one (``None`` for explicit deals), ``hand_number`` the
    hand within a game (1 for the first). ``widow`` holds the cards left over
    in Cancellation Hearts (two packs; empty otherwise), which go face down to
    whoever wins the first trick.

    >>> d = Deal.from_number(1, Rules.cancellation(7))
    >>> [len(h) for h in d.hands], len(d.widow)
    ([14, 14, 14, 14, 14, 14, 14], 6)
    """

    hands: tuple[CardSet, ...]
    rules: Rules = DEFAULT_RULES
    number: int | None = None
    hand_number: int = 1
    widow: CardSet = _NO_WIDOW

    def __post_init__(self) -> None:
        _validate(self.hands, self.rules)
        _check_widow(self)
        if self.number is not None and (type(self.number) is not int or self.number < 0):
            raise DealError(f"number must be a whole number 0 or more (or None), not {self.number!r}")
        if type(self.hand_number) is not int or self.hand_number < 1:
            raise DealError(f"hand_number must be a whole number 1 or more, not {self.hand_number!r}")

    @classmethod
    def from_number(cls, number: int, rules: Rules = DEFAULT_RULES, *, hand_number: int = 1) -> Deal:
        """Deal number ``number`` (any non-negative int); hand ``hand_number`` of that game.

        Cards are shuffled, then dealt one at a time around the table.
        """
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise DealError(f"deal number must be a whole number 0 or more, not {number!r}")
        if type(hand_number) is not int or hand_number < 1:  # True is not hand 1
            raise DealError(f"hand_number must be a whole number 1 or more, not {hand_number!r}")
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}", "rules")
        n = rules.num_players
        if rules.decks == 2:
            order = list(range(52)) * 2
            stable_shuffle(f"hearts-deal/v1/cancellation/{n}/{number}/{hand_number}", order)
            dealt = rules.hand_size * n
            hands = tuple(CardSet(ms_from(order[s:dealt:n])) for s in range(n))
            return cls(hands, rules, number, hand_number, CardSet(ms_from(order[dealt:])))
        order = _deck_order(rules.deck_mask)
        stable_shuffle(f"hearts-deal/v1/{rules.num_players}/{number}/{hand_number}", order)
        # Dealt one at a time around the table: seat s gets order[s], order[s + n], ...
        bit = _BITS.__getitem__
        return cls(tuple(CardSet(sum(map(bit, order[s::n]))) for s in range(n)), rules, number, hand_number)

    @classmethod
    def of_the_day(cls, day: datetime.date | str | None = None, rules: Rules = DEFAULT_RULES) -> Deal:
        """Everyone gets the same deal on the same date: number ``YYYYMMDD``.

        ``day`` is a date, an ISO date text, or ``None`` for today.

        >>> Deal.of_the_day("2026-11-30").number
        20261130
        """
        if day is None:
            day = datetime.date.today()
        elif isinstance(day, str):
            try:
                day = datetime.date.fromisoformat(day)
            except ValueError:
                raise DealError(f"day must be a date like '2026-11-30', not {day!r}") from None
        elif not isinstance(day, datetime.date):
            raise DealError(f"day must be a date like '2026-11-30', not {day!r}")
        return cls.from_number(day_number(day), rules)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[Card | int | str] | str | CardSet],
        rules: Rules = DEFAULT_RULES,
        widow: Iterable[Card | int | str] | str | CardSet | None = None,
    ) -> Deal:
        """An explicit deal, validated: one hand per seat, right counts, each card once (twice with two packs).

        With two packs ``widow`` gives the cards left over; ``None`` means those
        the hands leave of the 104.

        >>> Deal.from_hands(["QS QS QS"] + [""] * 5, Rules.cancellation(6))
        Traceback (most recent call last):
        ...
        hearts.errors.DealError: seat 0: Q♠ would be held three times (there are two of each card)

        >>> Deal.from_hands([["2C"] * 13] * 4)
        Traceback (most recent call last):
        ...
        hearts.errors.DealError: seat 0 lists a card more than once (13 listed, 1 distinct)
        """
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}", "rules")
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise DealError("hands must be a list with one hand per seat")
        if len(hands) != rules.num_players:
            raise DealError(f"expected {rules.num_players} hands, one per seat, got {len(hands)}")
        sets: list[CardSet] = []
        for seat, h in enumerate(hands):
            try:
                if isinstance(h, CardSet):
                    cs, listed = h, len(h)
                    cards = list(h)
                elif isinstance(h, str):
                    cards = [Card.parse(p) for p in h.replace(",", " ").split()]
                elif isinstance(h, Iterable):
                    cards = [Card(c) if isinstance(c, int) else Card.parse(c) for c in h]
                else:
                    raise DealError(f"seat {seat}: a hand is a list of cards or text like '2C 5D QS', not {h!r}")
                listed = len(cards)
                distinct = len(set(cards))
                if rules.decks == 1 and listed != distinct:
                    raise DealError(f"seat {seat} lists a card more than once ({listed} listed, {distinct} distinct)")
                cs = CardSet(cards)
            except CardParseError as e:
                raise DealError(f"seat {seat}: {e}") from e
            sets.append(cs)
        if rules.decks == 1:
            if widow is not None and (widow if isinstance(widow, CardSet) else list(widow)):
                raise DealError("only Cancellation Hearts (two packs) has a widow")
            return cls(tuple(sets), rules)
        if widow is None:
            held = 0
            try:
                for h in sets:
                    held = ms_add(held, h.mask)
            except HeartsError as e:
                raise DealError(f"the hands hold a card more than twice: {e}") from e
            left = rules.deck - CardSet(held)
            return cls(tuple(sets), rules, widow=left)
        try:
            if isinstance(widow, CardSet):
                w = widow
            else:
                w = CardSet.parse(widow) if isinstance(widow, str) else CardSet(widow)
        except CardParseError as e:
            raise DealError(f"widow: {e}") from e
        return cls(tuple(sets), rules, widow=w)

    def to_codes(self) -> list[list[str]]:
        """Card codes per seat, as stored in records (a card held twice listed twice)."""
        return [h.codes() for h in self.hands]

    def holder(self, c: Card | int | str) -> int:
        """The seat dealt card ``c`` (with two packs: the first seat dealt a copy; -1 if both are in the widow)."""
        cc = c if isinstance(c, int) else Card.parse(c)
        for seat, h in enumerate(self.hands):
            if cc in h:
                return seat
        if cc in self.widow:
            return -1
        raise DealError(f"{Card(cc)} is not in this deal")

    def __str__(self) -> str:
        return "\n".join(f"{seat}: {h}" for seat, h in enumerate(self.hands))


@functools.cache
def _deck_tuple(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(52) if mask >> c & 1)


def _deck_order(mask: int) -> list[int]:
    """The cards of a deck mask as a fresh list of ints, lowest first."""
    return list(_deck_tuple(mask))


def day_number(day: datetime.date) -> int:
    """The deal number of a date: ``YYYYMMDD``."""
    return day.year * 10000 + day.month * 100 + day.day


def _validate(hands: tuple[CardSet, ...], rules: Rules) -> None:
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}", "rules")
    if not isinstance(hands, (tuple, list)):
        raise DealError(f"hands must be a tuple of CardSets, one per seat, not {type(hands).__name__}")
    if len(hands) != rules.num_players:
        raise DealError(f"expected {rules.num_players} hands, one per seat, got {len(hands)}")
    if rules.decks == 2:
        _validate_two(hands, rules)
        return
    seen = 0
    size = rules.hand_size
    for seat, h in enumerate(hands):
        if not isinstance(h, CardSet):
            raise DealError(f"seat {seat}: a hand must be a CardSet")
        if len(h) != size:
            raise DealError(f"seat {seat} holds {len(h)} cards; every seat needs {size}")
        dup = seen & h.mask
        if dup:
            raise DealError(f"{CardSet(dup)} dealt to more than one seat (seat {seat} again)")
        seen |= h.mask
    extra = seen & ~rules.deck_mask
    if extra:
        raise DealError(f"{CardSet(extra)} is not in the deck for {rules.num_players} players")


def _validate_two(hands: tuple[CardSet, ...], rules: Rules) -> None:
    """Two packs: every card exactly twice among the hands and the widow (checked by :class:`Deal` itself)."""
    size = rules.hand_size
    held = 0
    for seat, h in enumerate(hands):
        if not isinstance(h, CardSet):
            raise DealError(f"seat {seat}: a hand must be a CardSet")
        if len(h) != size:
            raise DealError(f"seat {seat} holds {len(h)} cards; every seat needs {size}")
        try:
            held = ms_add(held, h.mask)
        except HeartsError as e:
            raise DealError(f"seat {seat}: {e}") from e


def _check_widow(deal: Deal) -> None:
    rules = deal.rules
    widow = deal.widow
    if not isinstance(widow, CardSet):
        raise DealError(f"widow: must be a CardSet, not {type(widow).__name__}")
    if rules.decks == 1:
        if widow:
            raise DealError("widow: only Cancellation Hearts (two packs) has a widow")
        return
    if len(widow) != rules.widow_size:
        raise DealError(
            f"widow: holds {len(widow)} cards; with {rules.num_players} players it holds {rules.widow_size}"
        )
    held = 0
    for h in deal.hands:
        held = ms_add(held, h.mask)
    try:
        total = ms_add(held, widow.mask)
    except HeartsError as e:
        raise DealError(f"widow: {e}") from e
    if total != rules.deck_mask:
        missing = rules.deck - CardSet(total)
        raise DealError(f"widow: the hands and the widow lack {missing} (every card must be there twice)")
