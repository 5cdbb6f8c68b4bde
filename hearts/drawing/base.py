"""Shared by every drawing: the error, colours and fonts, text in SVG, and the checks of the options."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar
from xml.sax.saxutils import escape

from hearts.cards import Card, CardSet, card
from hearts.errors import HeartsError, OptionError
from hearts.messages import check_language

T = TypeVar("T")

CardsLike = CardSet | Card | int | str | Iterable[Card | int | str] | None
"""Cards given to an option: a CardSet, one card, a 52-bit mask, ``"QS 2C"``, or a list of cards."""


class DisplayError(OptionError):
    """A drawing option that cannot be used; ``.option`` names it."""


DisplayError.__module__ = "hearts.drawing"  # where it is public (hearts.display names it too)


FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"
SERIF = "'DejaVu Serif', Georgia, 'Times New Roman', serif"

_RED = "#c62828"
_BLACK = "#1c1c1c"
_FOUR_COLOR = ("#1b7a34", "#1760c0", _BLACK, _RED)  # clubs green, diamonds blue
_TWO_COLOR = (_BLACK, _RED, _BLACK, _RED)

TABLE_COLORS: dict[str, str] = {
    "green": "#1e6b45",
    "blue": "#1f4e78",
    "red": "#7a2431",
    "gray": "#474f59",
    "brown": "#6a4a2f",
}
"""Named felt colours for :func:`table_svg` (any ``#rrggbb`` works too)."""


@dataclass(frozen=True)
class _Back:
    color: str
    ink: str
    pattern: str  # "lattice", "dots" or "stripes"


BACKS: dict[str, _Back] = {
    "blue": _Back("#1f4f96", "#ffffff", "lattice"),
    "red": _Back("#b01f2e", "#ffffff", "lattice"),
    "green": _Back("#1b6b45", "#e8f5e9", "dots"),
    "purple": _Back("#5a2d82", "#f3e5f5", "stripes"),
    "black": _Back("#23262d", "#d4af37", "lattice"),
}
"""Card back designs by name, for the ``back`` option."""

_RATIO = 1.4  # card height / width (poker size 2.5 x 3.5 in)

PLATE = "#0b1d14"  # a seat's name plate, laid over the felt at PLATE_OPACITY
PLATE_OPACITY = 0.55
INFO_INK = "#d7e8dc"  # small text on the felt and on the plates
# A card that cannot be played: a grey veil (its index stays readable, 3:1 at least) and diagonal hatching.
DIM_VEIL = "#546e7a"
DIM_OPACITY = 0.3


def _f(v: float) -> str:
    """A number for SVG: at most 2 decimals, no trailing zeros, never '-0'."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _aria(label: str) -> str:
    """Text made safe for an attribute in double quotes."""
    return escape(label, {'"': "&quot;"})


def _text(
    x: float,
    y: float,
    s: str,
    size: float,
    fill: str,
    *,
    weight: str | None = None,
    anchor: str = "middle",
    family: str = FONT,
    extra: str = "",
) -> str:
    w = f' font-weight="{weight}"' if weight else ""
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" font-family="{escape(family)}" font-size="{_f(size)}"{w} '
        f'fill="{fill}" text-anchor="{anchor}"{extra}>{escape(s)}</text>'
    )


def _text_width(s: str, size: float, bold: bool = False) -> float:
    """A rough width of a line of DejaVu Sans text (for sizing boxes)."""
    return len(s) * size * (0.64 if bold else 0.58)


def _fit(s: str, size: float, room: float, bold: bool = False) -> str:
    """``s``, cut short with an ellipsis if it is wider than ``room`` at font ``size``.

    >>> _fit("Jugador 10", 13, 200, True), _fit("A very long name indeed", 13, 90, True)
    ('Jugador 10', 'A very lo…')
    """
    if _text_width(s, size, bold) <= room:
        return s
    while len(s) > 1 and _text_width(s + "…", size, bold) > room:
        s = s[:-1]
    return s.rstrip() + "…"


def _wrap(s: str, limit: int) -> list[str]:
    words = s.split()
    lines: list[str] = []
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > limit:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    if line:
        lines.append(line)
    return lines or [""]


def _mix(color: str, other: str, t: float) -> str:
    """``color`` moved a fraction ``t`` towards ``other`` (both ``#rrggbb``)."""
    a = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def _mask_of(cards: CardsLike, option: str) -> int:
    """A 52-bit mask from any accepted form of a set of cards."""
    if cards is None:
        return 0
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, Card):
        return 1 << cards
    if isinstance(cards, int) and not isinstance(cards, bool):
        if 0 <= cards < 1 << 52:
            return cards
        if 0 <= cards < 1 << 104:  # two packs (Cancellation Hearts): bit c + 52 is a second copy of card c
            try:
                return CardSet(cards).mask
            except ValueError:
                pass
        raise DisplayError(f"{option}: {cards!r} is not a mask of 52 cards (or of two copies of each)", option)
    if isinstance(cards, str):
        return CardSet.parse(cards).mask
    try:
        items = list(cards)  # type: ignore[arg-type]
    except TypeError:
        raise DisplayError(
            f"{option} must be cards (a CardSet, a list of cards or a mask), not {cards!r}", option
        ) from None
    m = 0
    for c in items:
        m |= 1 << card(c)
    return m


def _check_bool(value: object, option: str) -> bool:
    if not isinstance(value, bool):
        raise DisplayError(f"{option} must be True or False, not {value!r}", option)
    return value


def _check_back(back: str) -> _Back:
    if back not in BACKS:
        raise DisplayError(f"back must be one of {', '.join(BACKS)}, not {back!r}", "back")
    return BACKS[back]


def _check_felt(color: str) -> str:
    if color in TABLE_COLORS:
        return TABLE_COLORS[color]
    if isinstance(color, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", color):
        return color.lower()
    raise DisplayError(
        f"table_color must be one of {', '.join(TABLE_COLORS)} or '#rrggbb', not {color!r}", "table_color"
    )


def _check_width(width: float, option: str = "width") -> float:
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not 10 <= width <= 2000:
        raise DisplayError(f"{option} must be a number of pixels from 10 to 2000, not {width!r}", option)
    return float(width)


def _one_per_seat(values: Sequence[T], n: int, kind: type, what: str, option: str) -> list[T]:
    """``values`` checked: ``n`` of them, each a ``kind`` (``what`` says it in the error)."""
    if isinstance(values, str) or len(values) != n or not all(isinstance(x, kind) for x in values):
        raise DisplayError(f"{option} must be {n} {what}, one per seat, not {values!r}", option)
    return list(values)


def _check_lang(lang: str) -> str:
    try:
        return check_language(lang)
    except HeartsError as e:
        raise DisplayError(str(e), "lang") from None


def suit_color(suit: int, four_color: bool = False) -> str:
    """The ink of a suit: red and black, or green clubs and blue diamonds with ``four_color``.

    >>> suit_color(3), suit_color(0, four_color=True)
    ('#c62828', '#1b7a34')
    """
    return (_FOUR_COLOR if four_color else _TWO_COLOR)[suit]


def _svg_open(width: float, height: float, vb_w: float, vb_h: float, cls: str, extra: str = "") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" width="{_f(width)}" height="{_f(height)}" '
        f'viewBox="0 0 {_f(vb_w)} {_f(vb_h)}" style="max-width:100%;height:auto" '
        f'font-family="{escape(FONT)}"{extra}>'
    )
