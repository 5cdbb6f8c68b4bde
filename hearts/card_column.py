"""Card columns for pandas: the ``card`` dtype, which reads the notation people type.

A card column stores each card as its number 0–51 (one byte; ``-1`` for a
missing card) and shows it as ``'Q♠'``. Comparisons read either notation,
``'QS'`` or ``'Q♠'`` (any case, ``'10H'`` or ``'TH'``), like
:meth:`hearts.Card.parse`. Order is *rank within a suit*, as in the game:
``>= 'QS'`` holds for Q♠, K♠ and A♠ only, because a card of another suit
is neither higher nor lower than a spade. Sorting (``sort_values``,
``groupby``) follows the card number: 2♣ … A♣, 2♦ … A♦, 2♠ … A♠, 2♥ … A♥.

>>> import pandas as pd
>>> s = pd.Series(["AS", "Q♠", "2H", None, "KD"], dtype="card")
>>> s.tolist()
['A♠', 'Q♠', '2♥', <NA>, 'K♦']
>>> (s == "AS").tolist(), (s == "A♠").tolist()
([True, False, False, False, False], [True, False, False, False, False])
>>> (s >= "QS").tolist()
[True, True, False, False, False]
>>> s.cards.rank.tolist(), s.cards.suit.tolist()
([14, 12, 2, <NA>, 13], ['spades', 'spades', 'hearts', nan, 'diamonds'])
>>> s.isin(["2h", "KD"]).tolist()
[False, False, True, False, True]
>>> s.value_counts().loc["Q♠"]
np.int64(1)

A scalar taken out of the column is the card's name (a ``str``):
``s.iloc[0] == 'A♠'``. ``s.cards.code`` gives the card numbers (-1 where
missing; ``Card(code)`` is the :class:`~hearts.Card`), and ``s.astype("category")``
an ordered categorical of the 52 names.
"""

from __future__ import annotations

import builtins
import numbers
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pandas as pd
from pandas.api.extensions import (
    ExtensionArray,
    ExtensionDtype,
    register_extension_dtype,
    register_series_accessor,
    take,
)
from pandas.api.indexers import check_array_indexer

from hearts.cards import RANK_SYMBOLS, SUIT_SYMBOLS, Card
from hearts.errors import CardParseError

__all__ = ["CARD_NAMES", "CardArray", "CardDtype", "card_code"]

#: The 52 card names in card-number order: ``'2♣'`` … ``'A♥'``.
CARD_NAMES: tuple[str, ...] = tuple(r + s for s in SUIT_SYMBOLS for r in RANK_SYMBOLS)
_NAMES = np.array(CARD_NAMES, dtype=object)
_CODE = {name: i for i, name in enumerate(CARD_NAMES)}
_SUITS = pd.CategoricalDtype(["clubs", "diamonds", "spades", "hearts"], ordered=True)


def card_code(value: Any) -> int:
    """The card number (0–51) of ``'QS'``, ``'Q♠'``, a :class:`~hearts.Card` or an int; -1 for a missing value.

    >>> card_code("QS"), card_code("q♠"), card_code(None)
    (36, 36, -1)
    """
    if value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value)):
        return -1
    if isinstance(value, str):
        code = _CODE.get(value)
        return code if code is not None else int(Card.parse(value))
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and 0 <= int(value) < 52:
        return int(value)
    raise CardParseError(f"cannot read {value!r} as a card: expected a name such as 'QS' or 'Q♠'", str(value))


@register_extension_dtype
class CardDtype(ExtensionDtype):
    """The pandas dtype of card columns (``dtype="card"``); see :mod:`hearts.card_column`."""

    name = "card"
    type = str
    kind = "O"
    na_value = pd.NA

    @classmethod
    def construct_array_type(cls) -> builtins.type[CardArray]:
        return CardArray

    def __from_arrow__(self, array: Any) -> CardArray:
        """Read a Parquet/Arrow column written by :meth:`CardArray.__arrow_array__` (int8, nulls for NA)."""
        import pyarrow as pa  # type: ignore[import-untyped]

        chunks = array.chunks if isinstance(array, pa.ChunkedArray) else [array]
        parts = [np.asarray(c.fill_null(-1).to_numpy(zero_copy_only=False), dtype=np.int8) for c in chunks]
        return CardArray(np.concatenate(parts) if parts else np.zeros(0, np.int8))


class CardArray(ExtensionArray):
    """The cards of a column as int8 card numbers (-1: missing)."""

    __array_priority__ = 1000  # numpy defers comparisons to us

    def __init__(self, codes: np.ndarray | Sequence[int], copy: bool = False) -> None:
        arr = np.array(codes, dtype=np.int8, copy=copy) if copy else np.asarray(codes, dtype=np.int8)
        if arr.ndim != 1:
            raise ValueError("a card column is one-dimensional")
        self._codes = arr

    # ----- construction ----------------------------------------------------

    @classmethod
    def _from_sequence(cls, scalars: Iterable[Any], *, dtype: Any = None, copy: bool = False) -> CardArray:
        if isinstance(scalars, CardArray):
            return scalars.copy() if copy else scalars
        if isinstance(scalars, pd.Categorical) or isinstance(getattr(scalars, "dtype", None), pd.CategoricalDtype):
            scalars = np.asarray(scalars, dtype=object)
        return cls(np.fromiter((card_code(v) for v in scalars), dtype=np.int8))

    @classmethod
    def _from_sequence_of_strings(cls, strings: Iterable[str], *, dtype: Any = None, copy: bool = False) -> CardArray:
        return cls._from_sequence(strings)

    @classmethod
    def _from_factorized(cls, values: np.ndarray, original: CardArray) -> CardArray:
        return cls(values)

    # ----- the array protocol ----------------------------------------------

    @property
    def dtype(self) -> CardDtype:
        return _DTYPE

    @property
    def codes(self) -> np.ndarray:
        """The card numbers (int8; -1 for a missing card)."""
        return self._codes

    @property
    def nbytes(self) -> int:
        return int(self._codes.nbytes)

    def __len__(self) -> int:
        return len(self._codes)

    def __getitem__(self, item: Any) -> Any:
        if isinstance(item, numbers.Integral):
            c = int(self._codes[item])
            return pd.NA if c < 0 else CARD_NAMES[c]
        item = check_array_indexer(self, item) if not isinstance(item, (slice, tuple)) else item
        return type(self)(self._codes[item])

    def __setitem__(self, key: Any, value: Any) -> None:
        key = check_array_indexer(self, key) if not isinstance(key, (numbers.Integral, slice)) else key
        if isinstance(value, CardArray):
            self._codes[key] = value._codes
        elif isinstance(value, str) or not isinstance(value, Iterable):
            self._codes[key] = card_code(value)
        else:
            self._codes[key] = [card_code(v) for v in value]

    def __iter__(self) -> Any:
        for c in self._codes.tolist():
            yield pd.NA if c < 0 else CARD_NAMES[c]

    def isna(self) -> np.ndarray:
        return self._codes < 0

    def take(self, indices: Any, *, allow_fill: bool = False, fill_value: Any = None) -> CardArray:
        fill = card_code(fill_value) if allow_fill else None
        taken: Any = take(self._codes, indices, allow_fill=allow_fill, fill_value=fill)
        return type(self)(np.asarray(taken, dtype=np.int8))

    def copy(self) -> CardArray:
        return type(self)(self._codes.copy())

    @classmethod
    def _concat_same_type(cls, to_concat: Sequence[CardArray]) -> CardArray:
        return cls(np.concatenate([a._codes for a in to_concat]) if to_concat else np.zeros(0, np.int8))

    def _values_for_factorize(self) -> tuple[np.ndarray, int]:
        return self._codes, -1

    def _values_for_argsort(self) -> np.ndarray:
        return self._codes

    def _sort_keys(self) -> np.ndarray:
        """The card numbers as sorting sees them: a missing card after every card (``sort_values`` puts it last)."""
        return np.where(self._codes < 0, len(CARD_NAMES), self._codes).astype(np.int16)

    def searchsorted(self, value: Any, side: Any = "left", sorter: Any = None) -> Any:
        """Where ``value`` (``'QS'``, ``'Q♠'``, a list of them…) would go in this column, sorted by the card order.

        >>> s = pd.Series(["2C", "AC", "2S", "QS", "AH"], dtype="card")
        >>> int(s.searchsorted("QS")), int(s.searchsorted("Q♠", side="right")), s.searchsorted(["KD", "2H"]).tolist()
        (3, 4, [2, 4])
        """
        codes = self._other_codes(value)
        keys = np.where(np.asarray(codes) < 0, len(CARD_NAMES), codes).astype(np.int16)
        found = np.searchsorted(self._sort_keys(), keys, side=side, sorter=sorter)
        return found if np.ndim(codes) else found.item()

    def _reduce(self, name: str, *, skipna: bool = True, keepdims: bool = False, **kwargs: Any) -> Any:
        """``min`` and ``max`` by the card order (2♣ … A♣, 2♦ … A♥); other reductions as pandas gives them.

        >>> s = pd.Series(["QS", None, "3D", "AH"], dtype="card")
        >>> s.min(), s.max(), s.max(skipna=False)
        ('3♦', 'A♥', <NA>)
        """
        if name in ("min", "max"):
            codes = self._codes[self._codes >= 0]
            if not len(codes) or (not skipna and len(codes) < len(self._codes)):
                code = -1
            else:
                code = int(codes.min() if name == "min" else codes.max())
            if keepdims:
                return type(self)(np.array([code], dtype=np.int8))
            return pd.NA if code < 0 else CARD_NAMES[code]
        return super()._reduce(name, skipna=skipna, keepdims=keepdims, **kwargs)

    def _groupby_op(
        self, *, how: str, has_dropped_na: bool, min_count: int, ngroups: int, ids: np.ndarray, **kwargs: Any
    ) -> Any:
        """``groupby(...).min()``, ``.max()``, ``.first()``… as an ordered categorical of the 52 cards does them."""
        cats = self.astype(pd.CategoricalDtype(list(CARD_NAMES), ordered=True))
        out = cats._groupby_op(
            how=how, has_dropped_na=has_dropped_na, min_count=min_count, ngroups=ngroups, ids=ids, **kwargs
        )
        if isinstance(out, pd.Categorical):
            return type(self)(out.codes.astype(np.int8))
        return out

    def _formatter(self, boxed: bool = False) -> Any:
        return lambda x: "<NA>" if x is pd.NA else str(x)

    def __arrow_array__(self, type: Any = None) -> Any:
        import pyarrow as pa

        return pa.array(self._codes, type=pa.int8(), mask=self._codes < 0)

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        out: np.ndarray = _NAMES[np.maximum(self._codes, 0)]
        out[self._codes < 0] = pd.NA
        return out if dtype is None else out.astype(dtype)

    def astype(self, dtype: Any, copy: bool = True) -> Any:
        dtype = pd.api.types.pandas_dtype(dtype)
        if isinstance(dtype, CardDtype):
            return self.copy() if copy else self
        if isinstance(dtype, pd.CategoricalDtype):
            cats = pd.CategoricalDtype(list(CARD_NAMES), ordered=True)
            out = pd.Categorical.from_codes(self._codes.astype(np.int16), dtype=cats)
            return out if dtype.categories is None else out.astype(dtype)
        if dtype == np.dtype(str) or dtype == np.dtype(object):
            return np.where(self._codes < 0, np.nan, _NAMES[np.maximum(self._codes, 0)]).astype(dtype)
        if pd.api.types.is_integer_dtype(dtype):
            if (self._codes < 0).any():
                raise ValueError("cannot convert a card column with missing cards to integers; use .cards.code")
            return self._codes.astype(dtype)
        if isinstance(dtype, ExtensionDtype):  # e.g. pandas' str dtype: the names
            array_type: Any = dtype.construct_array_type()
            return array_type._from_sequence(np.asarray(self, dtype=object), dtype=dtype)
        return np.asarray(self, dtype=object).astype(dtype)

    # ----- comparisons -----------------------------------------------------

    def _other_codes(self, other: Any) -> np.ndarray | int:
        if isinstance(other, (pd.Series, pd.Index)):
            other = other.array
        if isinstance(other, CardArray):
            return other._codes
        if isinstance(other, str) or not isinstance(other, Iterable):
            return card_code(other)
        return np.fromiter((card_code(v) for v in other), dtype=np.int8)

    def _compare(self, other: Any, op: str) -> Any:
        if isinstance(other, (pd.Series, pd.Index, pd.DataFrame)):
            return NotImplemented
        o = self._other_codes(other)
        a = self._codes.astype(np.int16)
        b = np.asarray(o, dtype=np.int16)
        valid = (a >= 0) & (b >= 0)
        if op == "eq":
            return valid & (a == b)
        if op == "ne":
            return ~(valid & (a == b))
        same = valid & (a // 13 == b // 13)  # ranks compare only within a suit
        res = {"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[op]
        return same & res

    def __eq__(self, other: Any) -> Any:
        return self._compare(other, "eq")

    def __ne__(self, other: Any) -> Any:
        return self._compare(other, "ne")

    def __lt__(self, other: Any) -> Any:
        return self._compare(other, "lt")

    def __le__(self, other: Any) -> Any:
        return self._compare(other, "le")

    def __gt__(self, other: Any) -> Any:
        return self._compare(other, "gt")

    def __ge__(self, other: Any) -> Any:
        return self._compare(other, "ge")

    def isin(self, values: Any) -> np.ndarray:
        wanted = np.asarray([card_code(v) for v in values], dtype=np.int16)
        return np.isin(self._codes, wanted[wanted >= 0])

    def value_counts(self, dropna: bool = True) -> pd.Series:
        codes = self._codes[self._codes >= 0] if dropna else self._codes
        uniq, counts = np.unique(codes, return_counts=True)
        return pd.Series(counts.astype(np.int64), index=pd.Index(type(self)(uniq)), name="count")


_DTYPE = CardDtype()


@register_series_accessor("cards")
class CardAccessor:
    """``series.cards``: the card numbers, ranks and suits of a card column."""

    def __init__(self, series: pd.Series) -> None:
        if not isinstance(series.dtype, CardDtype):
            raise AttributeError("the .cards accessor is for card columns (dtype 'card')")
        self._s = series

    @property
    def _codes(self) -> np.ndarray:
        codes: np.ndarray = self._s.array.codes
        return codes

    @property
    def code(self) -> pd.Series:
        """Card numbers 0–51 as int16, -1 for a missing card (like ``.cat.codes`` of a categorical)."""
        return pd.Series(self._codes.astype(np.int16), index=self._s.index, name=self._s.name)

    @property
    def rank(self) -> pd.Series:
        """Ranks 2–14 (J 11, Q 12, K 13, A 14; Int16, NA for a missing card)."""
        c = self._codes
        rank = pd.array(c.astype(np.int16) % 13 + 2, dtype="Int16")
        rank[c < 0] = pd.NA
        return pd.Series(rank, index=self._s.index)

    @property
    def suit(self) -> pd.Series:
        """Suits as an ordered categorical: clubs, diamonds, spades, hearts."""
        c = self._codes
        return pd.Series(pd.Categorical.from_codes(np.where(c < 0, -1, c // 13), dtype=_SUITS), index=self._s.index)
