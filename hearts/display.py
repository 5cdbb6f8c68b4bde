"""The drawings under their first name: :mod:`hearts.drawing` is where they live now.

Everything public of :mod:`hearts.drawing` is here, and the colours the accessibility tests measure, so
code written against ``hearts.display`` keeps working.

>>> from hearts.display import table_svg
>>> import hearts.drawing
>>> table_svg is hearts.drawing.table_svg
True
"""

from __future__ import annotations

from hearts.drawing import (
    BACKS,
    COMPACT_BELOW,
    LANDSCAPE,
    TABLE_COLORS,
    TAP,
    CardsLike,
    DisplayError,
    card_svg,
    hand_svg,
    is_landscape,
    suit_color,
    table_svg,
    trick_svg,
)
from hearts.drawing.base import DIM_OPACITY, DIM_VEIL, FONT, INFO_INK, PLATE, PLATE_OPACITY, SERIF
from hearts.drawing.cards import _HINTED_INK as _HINTED_INK
from hearts.drawing.cards import _RECEIVED_INK as _RECEIVED_INK
from hearts.drawing.cards import _SELECTED_INK as _SELECTED_INK

__all__ = [
    "BACKS",
    "COMPACT_BELOW",
    "LANDSCAPE",
    "is_landscape",
    "TAP",
    "TABLE_COLORS",
    "DisplayError",
    "CardsLike",
    "suit_color",
    "card_svg",
    "hand_svg",
    "trick_svg",
    "table_svg",
    "FONT",
    "SERIF",
    "PLATE",
    "PLATE_OPACITY",
    "INFO_INK",
    "DIM_VEIL",
    "DIM_OPACITY",
]
