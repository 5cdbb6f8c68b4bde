"""The drawings under their first name: :mod:`hearts.drawing` is where they live now.

Everything public of :mod:`hearts.drawing` is here, and the colours the accessibility tests measure, so
code written against ``hearts.display`` keeps working.

>>> from hearts.display import table_svg
>>> import hearts.drawing
>>> table_svg is hearts.drawing.table_svg
True
"""

from __future__ import annotations

# Each name imported as itself: re-exported (the public API of hearts.drawing, and the colours tests measure).
from hearts.drawing import BACKS as BACKS
from hearts.drawing import COMPACT_BELOW as COMPACT_BELOW
from hearts.drawing import LANDSCAPE as LANDSCAPE
from hearts.drawing import TABLE_COLORS as TABLE_COLORS
from hearts.drawing import TAP as TAP
from hearts.drawing import CardsLike as CardsLike
from hearts.drawing import DisplayError as DisplayError
from hearts.drawing import card_svg as card_svg
from hearts.drawing import hand_svg as hand_svg
from hearts.drawing import is_landscape as is_landscape
from hearts.drawing import suit_color as suit_color
from hearts.drawing import table_svg as table_svg
from hearts.drawing import trick_svg as trick_svg
from hearts.drawing.base import DIM_OPACITY as DIM_OPACITY
from hearts.drawing.base import DIM_VEIL as DIM_VEIL
from hearts.drawing.base import FONT as FONT
from hearts.drawing.base import INFO_INK as INFO_INK
from hearts.drawing.base import PLATE as PLATE
from hearts.drawing.base import PLATE_OPACITY as PLATE_OPACITY
from hearts.drawing.base import SERIF as SERIF
from hearts.drawing.cards import _HINTED_INK as _HINTED_INK
from hearts.drawing.cards import _RECEIVED_INK as _RECEIVED_INK
from hearts.drawing.cards import _SELECTED_INK as _SELECTED_INK
