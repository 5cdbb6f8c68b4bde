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
    while mask:
        low = mask & -mask
        yield cards[low.bit_length() - 1]
        mask ^= low


class CardSet:
    """An immutable set of cards stored as a 52-bit mask.

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
                raise CardParseError(f"{cards!r} is not a mask of 52 cards", cards)
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
                    raise CardParseError(f"{cards!r} is not a mask of 52 cards", cards)
                object.__setattr__(self, "mask", cards)
                return
        m = 0
        for c in cards:
            m |= 1 << card(c)
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
        return self.mask.bit_count()

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
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def of_suit(self, suit: Suit | int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASKS[suit])

    def count(self, suit: Suit | int) -> int:
        """How many cards of a suit."""
        return (self.mask & SUIT_MASKS[suit]).bit_count()

    def lowest(self) -> Card | None:
        """The lowest card by index (lowest club first), or ``None`` if empty."""
        return _CARDS[lowest(self.mask)] if self.mask else None

    def highest(self) -> Card | None:
        """The highest card by index, or ``None`` if empty."""
        return _CARDS[highest(self.mask)] if self.mask else None

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
