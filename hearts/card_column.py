"""Card columns for pandas: an ordered categorical of the 52 card names, and the ``.cards`` accessor.

A card column (``card`` of ``plays``, ``winning_card``, ``passed_1``…) is a
plain pandas ordered :class:`~pandas.Categorical` whose categories are the
52 card names in card order, ``'2♣'`` … ``'A♣'``, ``'2♦'`` … ``'A♥'``
(:data:`CARD_DTYPE`). Each card is stored as a one-byte code, and every
tool that knows pandas categoricals reads it as it is: ``pd.read_parquet``
and pyarrow (a dictionary column) without this package, the dataframe
interchange protocol, ``.str``, ``pd.get_dummies``, ``.loc['Q♠']``,
``groupby``, sorting, ``min`` and ``max`` (by the card order).

The values are the names with the suit symbol, as the tables show them:
``plays.card == 'Q♠'`` selects the queen of spades. Plain pandas knows
nothing of other notations, so ``== 'QS'`` is False everywhere (``'QS'`` is
not one of the 52 values), like any comparison with a value that is not a
card. To filter with the notation you type (``'QS'``, ``'qs'``, ``'10H'``,
``'TH'``, a :class:`~hearts.Card`), use the ``.cards`` accessor, which
reads it like :meth:`hearts.Card.parse` and says so when it cannot:

>>> import pandas as pd
>>> s = to_cards(["AS", "Q♠", "2H", None, "KD"])
>>> s.tolist()
['A♠', 'Q♠', '2♥', nan, 'K♦']
>>> (s == "A♠").tolist(), s.cards.eq("as").tolist()
([True, False, False, False, False], [True, False, False, False, False])
>>> bool((s == "AS").any()), bool(s.isin(["QS", "ZZ"]).any())
(False, False)
>>> s.cards.isin(["QS", "k♦"]).tolist()
[False, True, False, False, True]
>>> s.str.endswith("♠", na=False).tolist()
[True, True, False, False, False]
>>> s.cards.rank.tolist(), s.cards.suit.tolist()
([14, 12, 2, <NA>, 13], ['spades', 'spades', 'hearts', nan, 'diamonds'])

Order. ``<``, ``>=``, ``min``, ``max``, ``sort_values`` follow the card
order of the categories, suit by suit (clubs, diamonds, spades, hearts),
as pandas does for any ordered categorical: ``s >= 'Q♠'`` holds for Q♠,
K♠, A♠ *and every heart*. To compare ranks within a suit, as the game
does, use ``.cards.ge('QS')`` and its kin (a card of another suit is
neither higher nor lower):

>>> (s >= "Q♠").tolist(), s.cards.ge("QS").tolist()
([True, True, True, False, False], [True, True, False, False, False])
>>> s.min(), s.max(), card_name("qs")
('K♦', '2♥', 'Q♠')
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from typing import Any

import numpy as np
import pandas as pd
from pandas.api.extensions import register_series_accessor

from hearts.cards import RANK_SYMBOLS, SUIT_SYMBOLS, Card
from hearts.errors import CardParseError

__all__ = ["CARD_DTYPE", "CARD_NAMES", "CardAccessor", "card_code", "card_name", "is_card_dtype", "to_cards"]

#: The 52 card names in card-number order: ``'2♣'`` … ``'A♥'``.
CARD_NAMES: tuple[str, ...] = tuple(r + s for s in SUIT_SYMBOLS for r in RANK_SYMBOLS)
_CAT_STR = pd.Index(["a"]).dtype  # the string dtype pandas gives new categories (object before pandas 3)

CARD_DTYPE = pd.CategoricalDtype(pd.Index(CARD_NAMES, dtype=_CAT_STR), ordered=True)
"""The dtype of card columns: an ordered categorical of :data:`CARD_NAMES`, so a card's code is its card number."""

_CODE = {name: i for i, name in enumerate(CARD_NAMES)}
_SUITS = pd.CategoricalDtype(pd.Index(["clubs", "diamonds", "spades", "hearts"], dtype=_CAT_STR), ordered=True)


def _missing(value: Any) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value))


def card_code(value: Any) -> int:
    """The card number (0–51) of ``'QS'``, ``'Q♠'``, a :class:`~hearts.Card` or an int; -1 for a missing value.

    Anything else raises :class:`~hearts.errors.CardParseError` naming it.

    >>> card_code("QS"), card_code("q♠"), card_code(None)
    (36, 36, -1)
    >>> card_code("ZZ")
    Traceback (most recent call last):
    ...
    hearts.errors.CardParseError: ...
    """
    if _missing(value):
        return -1
    if isinstance(value, str):
        code = _CODE.get(value)
        return code if code is not None else int(Card.parse(value))
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and 0 <= int(value) < 52:
        return int(value)
    raise CardParseError(f"cannot read {value!r} as a card: expected a name such as 'QS' or 'Q♠'", str(value))


def card_name(value: Any) -> str:
    """The name a card column holds for ``'QS'``, ``'q♠'``, ``'10H'``, a :class:`~hearts.Card` or a card number.

    For plain pandas lookups with the notation you type: ``plays.set_index('card').loc[card_name('QS')]``.

    >>> card_name("QS"), card_name("10h"), card_name(0)
    ('Q♠', '10♥', '2♣')
    """
    code = card_code(value)
    if code < 0:
        raise CardParseError(f"cannot read {value!r} as a card: it is missing", str(value))
    return CARD_NAMES[code]


def is_card_dtype(dtype: Any) -> bool:
    """Whether ``dtype`` is the dtype of card columns (:data:`CARD_DTYPE`).

    >>> is_card_dtype(to_cards(["QS"]).dtype), is_card_dtype(pd.CategoricalDtype(["a"]))
    (True, False)
    """
    return bool(
        isinstance(dtype, pd.CategoricalDtype)
        and dtype.ordered
        and dtype.categories is not None
        and len(dtype.categories) == len(CARD_NAMES)
        and all(a == b for a, b in zip(dtype.categories, CARD_NAMES))
    )


def _codes_of(values: Any) -> np.ndarray:
    """Card numbers (int16, -1 for missing) of any values: a card column, names in any notation, ints, Cards."""
    if isinstance(values, (pd.Series, pd.Index)) and is_card_dtype(values.dtype):
        return np.asarray(pd.Categorical(values).codes, dtype=np.int16)
    if isinstance(values, pd.Categorical) and is_card_dtype(values.dtype):
        return np.asarray(values.codes, dtype=np.int16)
    return np.fromiter((card_code(v) for v in values), dtype=np.int16)


def to_cards(values: Iterable[Any], *, index: Any = None, name: Any = None) -> pd.Series:
    """A card column from card names in any notation, :class:`~hearts.Card` objects or card numbers (None: missing).

    A value that is not a card raises :class:`~hearts.errors.CardParseError`
    (``astype(CARD_DTYPE)`` would silently turn ``'QS'`` into NaN: it knows
    only the names with the suit symbol).

    >>> to_cards(["QS", "10h", 0]).tolist()
    ['Q♠', '10♥', '2♣']
    >>> to_cards(["QS"]).dtype == CARD_DTYPE
    True
    """
    if isinstance(values, pd.Series) and index is None:
        index = values.index
        name = values.name if name is None else name
    codes = _codes_of(values)
    return pd.Series(pd.Categorical.from_codes(codes, dtype=CARD_DTYPE), index=index, name=name)


@register_series_accessor("cards")
class CardAccessor:
    """``series.cards``: card numbers, ranks and suits, and filters that read the notation you type.

    Works on card columns and on columns of card names (strings in any notation).

    >>> s = to_cards(["2C", "QS", "AS", "3H"])
    >>> s.cards.code.tolist(), s.cards.gt("JS").tolist(), s.cards.lt("3h").tolist()
    ([0, 36, 38, 40], [False, True, True, False], [False, False, False, False])
    >>> pd.Series(["qs", "x"]).cards.code
    Traceback (most recent call last):
    ...
    hearts.errors.CardParseError: ...
    """

    def __init__(self, series: pd.Series) -> None:
        if not (is_card_dtype(series.dtype) or pd.api.types.is_object_dtype(series.dtype)
                or pd.api.types.is_string_dtype(series.dtype)):  # fmt: skip
            raise AttributeError("the .cards accessor is for card columns (hearts.card_column.CARD_DTYPE) or names")
        self._s = series

    @property
    def _codes(self) -> np.ndarray:
        return _codes_of(self._s)

    def _series(self, values: Any) -> pd.Series:
        return pd.Series(values, index=self._s.index, name=self._s.name)

    @property
    def code(self) -> pd.Series:
        """Card numbers 0–51 as int16, -1 for a missing card (like ``.cat.codes``)."""
        return self._series(self._codes)

    @property
    def rank(self) -> pd.Series:
        """Ranks 2–14 (J 11, Q 12, K 13, A 14; Int16, NA for a missing card)."""
        c = self._codes
        rank = pd.array(c % 13 + 2, dtype="Int16")
        rank[c < 0] = pd.NA
        return self._series(rank)

    @property
    def suit(self) -> pd.Series:
        """Suits as an ordered categorical: clubs, diamonds, spades, hearts."""
        c = self._codes
        return self._series(pd.Categorical.from_codes(np.where(c < 0, -1, c // 13), dtype=_SUITS))

    def eq(self, card: Any) -> pd.Series:
        """Rows holding ``card`` (``'QS'``, ``'Q♠'``, ``'qs'``, a Card); False where missing."""
        return self._series(self._codes == _CODE[card_name(card)])

    def isin(self, cards: Iterable[Any]) -> pd.Series:
        """Rows holding one of ``cards`` (any notation); a value that is not a card raises CardParseError."""
        if isinstance(cards, str):
            cards = [cards]
        wanted = _codes_of(list(cards))
        return self._series(np.isin(self._codes, wanted[wanted >= 0]))

    def _within_suit(self, card: Any, op: str) -> pd.Series:
        a = self._codes
        b = _CODE[card_name(card)]
        same = (a >= 0) & (a // 13 == b // 13)
        res = {"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[op]
        return self._series(same & res)

    def lt(self, card: Any) -> pd.Series:
        """Cards of ``card``'s suit ranked below it (a card of another suit is neither higher nor lower)."""
        return self._within_suit(card, "lt")

    def le(self, card: Any) -> pd.Series:
        """Cards of ``card``'s suit ranked at or below it."""
        return self._within_suit(card, "le")

    def gt(self, card: Any) -> pd.Series:
        """Cards of ``card``'s suit ranked above it."""
        return self._within_suit(card, "gt")

    def ge(self, card: Any) -> pd.Series:
        """Cards of ``card``'s suit ranked at or above it: ``.cards.ge('QS')`` is Q♠, K♠, A♠."""
        return self._within_suit(card, "ge")
