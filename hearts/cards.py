"""Cards, suits, ranks and sets of cards.

A card is an ``int`` from 0 to 51: ``suit * 13 + (rank - 2)``. Suits are
ordered clubs, diamonds, spades, hearts (the order most Hearts tables sort a
hand in), ranks run 2 to 14 (ace high). :class:`Card` is an ``int`` subclass
that prints as notation, and :class:`CardSet` is an immutable bitmask of cards
that iterates by suit, then by rank.

>>> Card.parse("QS")
Card.parse('Q♠')
>>> str(Card.parse("10h"))
'10♥'
>>> hand = CardSet.parse("2C 10C AS QH")
>>> [str(c) for c in hand]
['2♣', '10♣', 'A♠', 'Q♥']
>>> Card.parse("Q♠") in hand
False
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable, Iterator

from hearts.errors import CardParseError
from hearts.messages import card_name

__all__ = [
    "ALL_CARDS_MASK",
    "CARDS",
    "EAST",
    "HEARTS_MASK",
    "JACK_OF_DIAMONDS",
    "NORTH",
    "PENALTY_MASK",
    "QUEEN_OF_SPADES",
    "RANK_SYMBOLS",
    "SOUTH",
    "SUIT_MASKS",
    "SUIT_SYMBOLS",
    "TWO_OF_CLUBS",
    "WEST",
    "Card",
    "CardSet",
    "Seat",
    "Suit",
    "card",
    "highest",
    "iter_mask",
    "lowest",
    "ms_add",
    "ms_count",
    "ms_from",
    "ms_sub",
    "TWO_PACKS_MASK",
]


class Suit(enum.IntEnum):
    """The four suits, in the order a hand is sorted: ♣ ♦ ♠ ♥."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``'♠'``."""
        return SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The one-letter code, e.g. ``'S'``."""
        return "CDSH"[self]

    def __str__(self) -> str:
        return SUIT_SYMBOLS[self]


SUIT_SYMBOLS = ("♣", "♦", "♠", "♥")
RANK_SYMBOLS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_PARSE = {s: i for i, s in enumerate(RANK_SYMBOLS)} | {"T": 8}
_SUIT_PARSE = {
    "C": 0, "♣": 0, "♧": 0,
    "D": 1, "♦": 1, "♢": 1,
    "S": 2, "♠": 2, "♤": 2,
    "H": 3, "♥": 3, "♡": 3,
}

SUIT_MASKS: tuple[int, int, int, int] = tuple(0x1FFF << (13 * s) for s in range(4))  # type: ignore[assignment]
"""Bitmask of every card of each suit, indexed by :class:`Suit`."""
ALL_CARDS_MASK = (1 << 52) - 1
HEARTS_MASK = SUIT_MASKS[Suit.HEARTS]
TWO_PACKS_MASK = ALL_CARDS_MASK | ALL_CARDS_MASK << 52
"""Every card twice (Cancellation Hearts' 104 cards), in the two-copy form of a mask (see :func:`ms_from`)."""


# ----- two copies of a card: masks of up to 104 bits ---------------------------------------------
#
# With two packs a set of cards is a multiset, held in one int: bit ``c`` says the card is there at
# least once, bit ``c + 52`` that it is there twice. A one-pack mask is the same thing with no high
# bits, so every one-pack mask keeps its meaning and the one-pack paths never look at bit 52 or above.


def ms_from(cards: Iterable[int]) -> int:
    """The two-copy mask of card indices, each listed at most twice.

    >>> m = ms_from([0, 5, 5])
    >>> m & ALL_CARDS_MASK == (1 | 1 << 5), m >> 52 == 1 << 5
    (True, True)
    >>> ms_from([1, 1, 1])
    Traceback (most recent call last):
    ...
    hearts.errors.CardParseError: 3♣ is listed more than twice (there are two packs, so two of each card)
    """
    m = 0
    for c in cards:
        b = 1 << c
        if m & b:
            if m >> 52 & b:
                raise CardParseError(
                    f"{_CARDS[c]} is listed more than twice (there are two packs, so two of each card)", c
                )
            m |= b << 52
        else:
            m |= b
    return m


def ms_add(a: int, b: int) -> int:
    """The two-copy mask of ``a`` and ``b`` together; a card that would be there three times is refused.

    >>> ms_add(1, 1) == 1 | 1 << 52
    True
    """
    a1, a2, b1, b2 = a & ALL_CARDS_MASK, a >> 52, b & ALL_CARDS_MASK, b >> 52
    over = (a2 & b1) | (a1 & b2)
    if over:
        raise CardParseError(f"{_CARDS[lowest(over)]} would be held three times (there are two of each card)", over)
    return a1 | b1 | (a2 | b2 | (a1 & b1)) << 52


def ms_sub(a: int, b: int) -> int:
    """The two-copy mask of ``a`` less the cards of ``b`` (a card ``a`` lacks is ignored).

    >>> ms_sub(1 | 1 << 52, 1) == 1, ms_sub(1 | 1 << 52, 1 | 1 << 52)
    (True, 0)
    """
    a1, a2, b1, b2 = a & ALL_CARDS_MASK, a >> 52, b & ALL_CARDS_MASK, b >> 52
    return ((a1 & ~b1) | (a2 & ~b2)) | (a2 & ~b1) << 52


def ms_count(m: int, c: int) -> int:
    """How many copies of card ``c`` the two-copy mask ``m`` holds: 0, 1 or 2.

    >>> ms_count(1 | 1 << 52, 0), ms_count(1, 0), ms_count(1, 3)
    (2, 1, 0)
    """
    return (m >> c & 1) + (m >> (c + 52) & 1)


def _check_multi(m: int) -> None:
    if not 0 <= m <= TWO_PACKS_MASK:
        raise CardParseError(f"{m!r} is not a mask of 52 cards (or of two packs' 104)", m)
    if m >> 52 & ~m:
        raise CardParseError(
            f"{m!r} is not a two-copy mask: bit c + 52 (a second copy) needs bit c (the first)", m
        )


def _whole_number(value: object) -> int:
    """An integer of any integer type (``int``, numpy's), as ``int``; a bool, float or text is refused."""
    if isinstance(value, (bool, float, str, bytes)) or type(value).__name__ == "bool_":
        raise CardParseError(f"card index {value!r} is out of range 0-51", value)
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise CardParseError(f"card index {value!r} is out of range 0-51", value) from None


class Card(int):
    """A playing card: an ``int`` 0–51 that prints as notation.

    Use :meth:`parse` or :func:`card` to make one; the 52 instances are shared.

    >>> c = Card.parse("TH")
    >>> c.rank, c.suit, int(c)
    (10, <Suit.HEARTS: 3>, 47)
    >>> Card.parse("1X")
    Traceback (most recent call last):
    ...
    hearts.errors.CardParseError: cannot read '1X' as a card: expected a rank (2-10, J, Q, K, A or T) then a suit (C D S H or ♣ ♦ ♠ ♥)
    """

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if type(value) is not int and not isinstance(value, Card):
            value = _whole_number(value)  # numpy integers too; not bools, floats or text
        if not 0 <= value < 52:
            raise CardParseError(f"card index {value!r} is out of range 0-51", value)
        return _CARDS[value] if _CARDS else int.__new__(cls, value)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``'QS'``, ``'Q♠'``, ``'10H'``, ``'TH'`` (any case, spaces ignored)."""
        if not isinstance(text, str):
            raise CardParseError(f"cannot read {text!r} as a card: expected a string", text)
        t = text.strip().replace(" ", "")
        # Upper-case only what a card can be written with: 'ſ'.upper() is 'S', and no card is written 'Qſ'.
        t = "".join(ch.upper() if ch.isascii() else ch for ch in t)
        if len(t) >= 2 and t[:-1] in _RANK_PARSE and t[-1] in _SUIT_PARSE:
            return _CARDS[_SUIT_PARSE[t[-1]] * 13 + _RANK_PARSE[t[:-1]]]
        raise CardParseError(
            f"cannot read {text!r} as a card: expected a rank (2-10, J, Q, K, A or T) "
            "then a suit (C D S H or ♣ ♦ ♠ ♥)",
            text,
        )

    @classmethod
    def of(cls, rank: int, suit: Suit | int) -> Card:
        """The card of a rank (2–14, ace = 14) and a suit.

        >>> str(Card.of(12, Suit.SPADES))
        'Q♠'
        """
        if not 2 <= rank <= 14 or not 0 <= int(suit) <= 3:
            raise CardParseError(f"no card has rank {rank!r} and suit {suit!r}", (rank, suit))
        return _CARDS[int(suit) * 13 + rank - 2]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self // 13)

    @property
    def rank(self) -> int:
        """Rank from 2 to 14 (jack 11, queen 12, king 13, ace 14)."""
        return self % 13 + 2

    @property
    def rank_symbol(self) -> str:
        """``'2'`` … ``'10'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``."""
        return RANK_SYMBOLS[self % 13]

    @property
    def code(self) -> str:
        """ASCII notation used in records, e.g. ``'QS'``, ``'10H'``."""
        return RANK_SYMBOLS[self % 13] + "CDSH"[self // 13]

    @property
    def mask(self) -> int:
        """The one-bit mask of this card."""
        return 1 << self

    def name(self, lang: str = "en") -> str:
        """The card's name for people.

        >>> Card.parse("QS").name("en"), Card.parse("QS").name("es")
        ('queen of spades', 'reina de picas')
        """
        return card_name(self, lang)

    def __str__(self) -> str:
        return RANK_SYMBOLS[self % 13] + SUIT_SYMBOLS[self // 13]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        from hearts.display import card_svg

        return card_svg(self)


_CARDS: tuple[Card, ...] = ()
_CARDS = tuple(Card(i) for i in range(52))

CARDS = _CARDS
"""The 52 cards by index: ``CARDS[i]`` is ``Card(i)`` without the range check (for the fast paths)."""

QUEEN_OF_SPADES = _CARDS[Suit.SPADES * 13 + 10]
JACK_OF_DIAMONDS = _CARDS[Suit.DIAMONDS * 13 + 9]
TWO_OF_CLUBS = _CARDS[0]

PENALTY_MASK = HEARTS_MASK | 1 << QUEEN_OF_SPADES
"""Hearts and Q♠: the cards that score penalty points, that may not go on the first trick, and that make a moon."""

Seat = int
"""A seat: 0 to ``num_players - 1`` in play order, each seat the previous one's left (python-chess's ``Square``)."""
SOUTH: Seat = 0
WEST: Seat = 1
NORTH: Seat = 2
EAST: Seat = 3


def card(text: str | int) -> Card:
    """Shorthand: a :class:`Card` from notation or from its index.

    >>> card("AS") == card(51 - 13)
    True
    """
    if isinstance(text, bool):
        raise CardParseError(f"cannot read {text!r} as a card: expected a card index 0-51 or notation like 'QS'", text)
    if isinstance(text, int) or (not isinstance(text, (str, float)) and hasattr(text, "__index__")):
        return Card(text)  # numpy integers too
    return Card.parse(text)


def lowest(mask: int) -> int:
    """The index of the lowest card of ``mask`` (the lowest club first); -1 when it is empty.

    >>> str(Card(lowest(CardSet.parse("QS 5D 9D").mask)))
    '5♦'

    The per-card hot paths (the expert's playout policy, the rule bot's play
    decisions, the trick in :mod:`hearts.rules`) spell
    ``(mask & -mask).bit_length() - 1`` out: a call there slows every search
    and every self-play hand.
    """
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The index of the highest card of ``mask`` (the ace of hearts last); -1 when it is empty.

    >>> str(Card(highest(CardSet.parse("QS 5D 9D").mask)))
    'Q♠'
    """
    return mask.bit_length() - 1


def iter_mask(mask: int) -> Iterator[Card]:
    """Cards of a bitmask, lowest index first (by suit, then rank).

    >>> [str(c) for c in iter_mask(CardSet.parse("AH 2C QS").mask)]
    ['2♣', 'Q♠', 'A♥']
    """
    cards = _CARDS
    if mask > ALL_CARDS_MASK:  # two copies: each card of the second pack right after its twin
        second = mask >> 52
        mask &= ALL_CARDS_MASK
        while mask:
            low = mask & -mask
            c = cards[low.bit_length() - 1]
            yield c
            if second & low:
                yield c
            mask ^= low
        return
    while mask:
        low = mask & -mask
        yield cards[low.bit_length() - 1]
        mask ^= low


class CardSet:
    """An immutable set of cards stored as a 52-bit mask (104 bits when it holds a card twice).

    With two packs (Cancellation Hearts) a set may hold both copies of a card:
    bit ``c`` says the card is there, bit ``c + 52`` that its twin is too (see
    :func:`ms_from`); ``len`` counts both, iteration yields both, ``+`` adds
    copies and ``-`` takes one copy off for each listed once.

    Iterates by suit (♣ ♦ ♠ ♥) then rank (low to high); supports ``in``,
    ``len``, ``|``, ``&``, ``-`` and comparison with other card sets.

    >>> h = CardSet.parse("AS KH 2C")
    >>> str(h), len(h)
    ('2♣ A♠ K♥', 3)
    >>> str(h - CardSet.parse("2C"))
    'A♠ K♥'
    >>> str(h.of_suit(Suit.HEARTS))
    'K♥'
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card | int | str] | int = 0) -> None:
        if type(cards) is int:  # the fast path (self-play makes many)
            if not 0 <= cards <= ALL_CARDS_MASK:
                _check_multi(cards)
            object.__setattr__(self, "mask", cards)
            return
        if isinstance(cards, (bool, str, bytes)) or not isinstance(cards, (int, Iterable)):
            raise CardParseError(
                f"a set of cards is made from a mask (an int) or a list of cards, not {type(cards).__name__}"
                + (" (CardSet.parse reads text)" if isinstance(cards, str) else ""),
                cards,
            )
        if isinstance(cards, int):  # an int subclass (a Card is one card, not a mask)
            cards = [cards] if isinstance(cards, Card) else int(cards)
            if isinstance(cards, int):
                if not 0 <= cards <= ALL_CARDS_MASK:
                    _check_multi(cards)
                object.__setattr__(self, "mask", cards)
                return
        m = 0
        for c in cards:
            b = 1 << card(c)
            if m & b:  # a card listed twice is held twice (two packs); three times is refused
                m = ms_add(m, b)
            else:
                m |= b
        object.__setattr__(self, "mask", m)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Cards separated by spaces or commas: ``"QS 10H 2C"``."""
        if not isinstance(text, str):
            raise CardParseError(f"cannot read {text!r} as cards: expected a string such as 'QS 10H 2C'", text)
        parts = [p for p in text.replace(",", " ").split() if p]
        return cls(Card.parse(p) for p in parts)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        # Rebuilt from its mask: pickling, copy and deepcopy (worker processes, a Deal or a HandState copied)
        # must not set the slot on an empty object, which immutability refuses.
        return (type(self), (self.mask,))

    def __iter__(self) -> Iterator[Card]:
        return iter_mask(self.mask)

    def __reversed__(self) -> Iterator[Card]:
        return reversed(list(iter_mask(self.mask)))

    def __len__(self) -> int:
        return self.mask.bit_count()  # a second copy is one more bit

    def copies(self, c: Card | int | str) -> int:
        """How many copies of a card the set holds: 0, 1, or 2 with two packs.

        >>> h = CardSet.parse("QS QS 2C")
        >>> h.copies("QS"), h.copies("2C"), h.copies("AH"), len(h), str(h)
        (2, 1, 0, 3, '2♣ Q♠ Q♠')
        """
        return ms_count(self.mask, card(c))

    @property
    def distinct(self) -> CardSet:
        """Each card of the set once (the set itself with one pack).

        >>> str(CardSet.parse("QS QS 2C").distinct)
        '2♣ Q♠'
        """
        return CardSet(self.mask & ALL_CARDS_MASK)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            item = Card.parse(item)
        if isinstance(item, int) and 0 <= item < 52:
            return bool(self.mask >> item & 1)
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        if isinstance(other, (set, frozenset)):
            return self.mask == CardSet(other).mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)  # with two copies: the larger count of each card

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)  # with two copies: the smaller count of each card

    def __sub__(self, other: CardSet) -> CardSet:
        if self.mask > ALL_CARDS_MASK or other.mask > ALL_CARDS_MASK:
            return CardSet(ms_sub(self.mask, other.mask))  # one copy less for each listed once
        return CardSet(self.mask & ~other.mask)

    def __add__(self, other: CardSet) -> CardSet:
        """Both sets' cards together, counting copies (a card three times is refused).

        >>> str(CardSet.parse("QS 2C") + CardSet.parse("QS"))
        '2♣ Q♠ Q♠'
        """
        return CardSet(ms_add(self.mask, other.mask))

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def of_suit(self, suit: Suit | int) -> CardSet:
        """The cards of one suit (both copies of a card held twice)."""
        s = SUIT_MASKS[suit]
        return CardSet(self.mask & (s | s << 52))

    def count(self, suit: Suit | int) -> int:
        """How many cards of a suit (a card held twice counts twice)."""
        s = SUIT_MASKS[suit]
        return (self.mask & (s | s << 52)).bit_count()

    def lowest(self) -> Card | None:
        """The lowest card by index (lowest club first), or ``None`` if empty."""
        return _CARDS[lowest(self.mask & ALL_CARDS_MASK)] if self.mask else None

    def highest(self) -> Card | None:
        """The highest card by index, or ``None`` if empty."""
        return _CARDS[highest(self.mask & ALL_CARDS_MASK)] if self.mask else None

    def codes(self) -> list[str]:
        """ASCII codes of the cards, e.g. ``['2C', 'QS']`` (used in records)."""
        return [c.code for c in self]

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def _repr_html_(self) -> str:
        from hearts.display import hand_svg

        return hand_svg(self)
