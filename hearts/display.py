"""Cards, hands, tricks and the whole table drawn as SVG.

Pure functions that return SVG text; nothing here changes a game. The core
types import this module lazily for their notebook display
(``Card._repr_svg_``, ``CardSet._repr_html_``, ``Trick._repr_html_``,
``HandState._repr_html_``), and the widgets draw their table with
:func:`table_svg`.

Every card is a ``<g class="card ...">`` element with data attributes that
the widget's script and the tests read: ``data-card`` (the code, e.g.
``"QS"``; face-up cards only), ``data-seat``, ``data-legal`` and
``data-dimmed``, and a ``<title>`` with the card's name. A face-down card
carries no trace of which card it is.

The output is deterministic (no random ids, no ``id`` attributes at all, so
several drawings can share one page) and uses no external fonts or images.

>>> from hearts import Card, CardSet
>>> svg = card_svg(Card.parse("QS"))
>>> svg.startswith("<svg") and 'data-card="QS"' in svg
True
>>> 'data-card="2C"' in hand_svg(CardSet.parse("2C 10H"), dimmed="10H")
True
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from hearts.cards import Card, CardSet, card, iter_mask
from hearts.errors import HeartsError, OptionError
from hearts.game import Game
from hearts.hand import HandState, Phase, Trick
from hearts.messages import card_name, check_language, seat_name, text, text_n
from hearts.observation import Observation
from hearts.rules import refusal

if TYPE_CHECKING:
    from hearts.hand import HandResult
    from hearts.rules import PassDirection

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
]

CardsLike = CardSet | Card | int | str | Iterable[Card | int | str] | None
"""Cards given to an option: a CardSet, one card, a 52-bit mask, ``"QS 2C"``, or a list of cards."""


class DisplayError(OptionError):
    """A drawing option that cannot be used; ``.option`` names it."""


# ----- look ------------------------------------------------------------------

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

# Suit symbols as paths in a 100 x 100 box (no dependence on fonts for pips).
_SUIT_PATHS = (
    # clubs: three lobes, a joint and a stem
    "M31 29A19 19 0 1 1 69 29A19 19 0 1 1 31 29Z"
    "M9 60A19 19 0 1 1 47 60A19 19 0 1 1 9 60Z"
    "M53 60A19 19 0 1 1 91 60A19 19 0 1 1 53 60Z"
    "M40 50A10 10 0 1 1 60 50A10 10 0 1 1 40 50Z"
    "M46 58C46 78 42 88 32 96L68 96C58 88 54 78 54 58Z",
    # diamonds
    "M50 3Q63 28 86 50Q63 72 50 97Q37 72 14 50Q37 28 50 3Z",
    # spades
    "M50 4C46 13 9 37 9 61C9 75 20 83 31 83C39 83 44 79 47 74C46 83 42 90 33 96L67 96C58 90 54 83 53 74"
    "C56 79 61 83 69 83C80 83 91 75 91 61C91 37 54 13 50 4Z",
    # hearts
    "M50 92C46 86 6 60 6 33C6 17 18 7 31 7C40 7 47 13 50 22C53 13 60 7 69 7C82 7 94 17 94 33C94 60 54 86 50 92Z",
)

# Pip positions for 2-10: (column -1/0/1, row from 0 = top to 1 = bottom).
_PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: ((-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)),
    10: (
        (-1, 0),
        (1, 0),
        (0, 1 / 6),
        (-1, 1 / 3),
        (1, 1 / 3),
        (-1, 2 / 3),
        (1, 2 / 3),
        (0, 5 / 6),
        (-1, 1),
        (1, 1),
    ),
}

_RATIO = 1.4  # card height / width (poker size 2.5 x 3.5 in)

PLATE = "#0b1d14"  # a seat's name plate, laid over the felt at PLATE_OPACITY
PLATE_OPACITY = 0.55
INFO_INK = "#d7e8dc"  # small text on the felt and on the plates
# A card that cannot be played: a grey veil (its index stays readable, 3:1 at least) and diagonal hatching.
DIM_VEIL = "#546e7a"
DIM_OPACITY = 0.3


# ----- small helpers -----------------------------------------------------------


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
        if not 0 <= cards < 1 << 52:
            raise DisplayError(f"{option}: {cards!r} is not a mask of 52 cards", option)
        return cards
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


# ----- one card ----------------------------------------------------------------


def _pip(suit: int, cx: float, cy: float, size: float, color: str, flip: bool = False) -> str:
    s = size / 100
    rot = " rotate(180 50 50)" if flip else ""
    return (
        f'<path d="{_SUIT_PATHS[suit]}" fill="{color}" '
        f'transform="translate({_f(cx - size / 2)} {_f(cy - size / 2)}) scale({s:.4f}){rot}"/>'
    )


def _crown(rank: int, cx: float, cy: float, w: float, color: str) -> str:
    """A small headdress for a court card: crown (K), tiara (Q) or cap (J)."""
    gold, dark = "#e3b23c", "#6d4c0f"
    hw, hh = w * 0.13, w * 0.09
    sw = _f(w * 0.008)
    if rank == 13:
        pts = [
            (cx - hw, cy + hh),
            (cx - hw, cy - hh * 0.3),
            (cx - hw * 0.5, cy + hh * 0.15),
            (cx, cy - hh),
            (cx + hw * 0.5, cy + hh * 0.15),
            (cx + hw, cy - hh * 0.3),
            (cx + hw, cy + hh),
        ]
        poly = " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)
        jewels = "".join(
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(w * 0.016)}" fill="{color}"/>'
            for x, y in ((cx - hw, cy - hh * 0.3), (cx, cy - hh), (cx + hw, cy - hh * 0.3))
        )
        return f'<polygon points="{poly}" fill="{gold}" stroke="{dark}" stroke-width="{sw}"/>{jewels}'
    if rank == 12:
        d = (
            f"M{_f(cx - hw)} {_f(cy + hh)}Q{_f(cx - hw)} {_f(cy - hh * 0.2)} {_f(cx - hw * 0.45)} {_f(cy - hh * 0.1)}"
            f"Q{_f(cx - hw * 0.2)} {_f(cy - hh * 1.1)} {_f(cx)} {_f(cy - hh * 0.6)}"
            f"Q{_f(cx + hw * 0.2)} {_f(cy - hh * 1.1)} {_f(cx + hw * 0.45)} {_f(cy - hh * 0.1)}"
            f"Q{_f(cx + hw)} {_f(cy - hh * 0.2)} {_f(cx + hw)} {_f(cy + hh)}Z"
        )
        return (
            f'<path d="{d}" fill="{gold}" stroke="{dark}" stroke-width="{sw}"/>'
            f'<circle cx="{_f(cx)}" cy="{_f(cy - hh * 0.75)}" r="{_f(w * 0.022)}" fill="{color}"/>'
        )
    # Jack: a cap with a feather.
    d = (
        f"M{_f(cx - hw)} {_f(cy + hh)}Q{_f(cx - hw)} {_f(cy - hh)} {_f(cx + hw * 0.2)} {_f(cy - hh * 0.6)}"
        f"Q{_f(cx + hw)} {_f(cy - hh * 0.3)} {_f(cx + hw)} {_f(cy + hh)}Z"
    )
    feather = (
        f"M{_f(cx + hw * 0.2)} {_f(cy - hh * 0.5)}Q{_f(cx + hw * 1.3)} {_f(cy - hh * 2)} "
        f"{_f(cx + hw * 1.5)} {_f(cy - hh * 0.9)}Q{_f(cx + hw * 0.9)} {_f(cy - hh * 0.9)} "
        f"{_f(cx + hw * 0.5)} {_f(cy - hh * 0.1)}Z"
    )
    return (
        f'<path d="{feather}" fill="{color}" stroke="{dark}" stroke-width="{sw}"/>'
        f'<path d="{d}" fill="{gold}" stroke="{dark}" stroke-width="{sw}"/>'
    )


@functools.lru_cache(maxsize=1024)
def _face_body(c: int, w: float, four_color: bool) -> str:
    """The face of card ``c`` drawn at the origin, ``w`` wide."""
    h = w * _RATIO
    suit, rank = c // 13, c % 13 + 2
    ink = suit_color(suit, four_color)
    sym = Card(c).rank_symbol
    r = w * 0.07
    parts = [
        f'<rect x="{_f(w * 0.015)}" y="{_f(w * 0.03)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(r)}" '
        f'fill="#000" fill-opacity="0.28"/>',
        f'<rect x="0" y="0" width="{_f(w)}" height="{_f(h)}" rx="{_f(r)}" fill="#fffefa" stroke="#9e9e9e" '
        f'stroke-width="{_f(max(0.6, w * 0.01))}"/>',
    ]
    # Corner indices (top left, and the same turned round at bottom right).
    fs = w * 0.2
    squeeze = f' textLength="{_f(w * 0.2)}" lengthAdjust="spacingAndGlyphs"' if sym == "10" else ""
    index = _text(w * 0.12, w * 0.215, sym, fs, ink, weight="bold", extra=squeeze) + _pip(
        suit, w * 0.12, w * 0.31, w * 0.14, ink
    )
    parts.append(index)
    parts.append(f'<g transform="rotate(180 {_f(w / 2)} {_f(h / 2)})">{index}</g>')
    if rank <= 10:
        top, bottom = h * 0.2, h * 0.8
        size = w * 0.18
        for col, row in _PIPS[rank]:
            x = w / 2 + col * w * 0.165
            y = top + row * (bottom - top)
            parts.append(_pip(suit, x, y, size, ink, flip=row > 0.5))
    elif rank == 14:
        size = w * (0.5 if suit == 2 else 0.42)
        parts.append(_pip(suit, w / 2, h / 2, size, ink))
    else:
        fx, fy, fw, fh = w * 0.245, h * 0.09, w * 0.51, h * 0.82
        frame_fill = "#fbf4e2"
        parts.append(
            f'<rect x="{_f(fx)}" y="{_f(fy)}" width="{_f(fw)}" height="{_f(fh)}" rx="{_f(w * 0.03)}" '
            f'fill="{frame_fill}" stroke="{ink}" stroke-width="{_f(w * 0.012)}"/>'
        )
        half = (
            _crown(rank, w / 2, h * 0.2, w, ink)
            + _text(w / 2, h * 0.43, sym, w * 0.3, ink, weight="bold", family=SERIF)
            + _pip(suit, w * 0.345, h * 0.16, w * 0.08, ink)
        )
        parts.append(half)
        parts.append(f'<g transform="rotate(180 {_f(w / 2)} {_f(h / 2)})">{half}</g>')
        parts.append(
            f'<line x1="{_f(fx + w * 0.04)}" y1="{_f(h / 2)}" x2="{_f(fx + fw - w * 0.04)}" y2="{_f(h / 2)}" '
            f'stroke="{ink}" stroke-width="{_f(w * 0.008)}" stroke-opacity="0.6"/>'
        )
    return "".join(parts)


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Path data of a diagonal lattice clipped to a rectangle."""
    w, h = x1 - x0, y1 - y0
    segs = []
    c = -w + step / 2
    while c < h:
        lo, hi = max(0.0, -c), min(w, h - c)
        if hi > lo:
            segs.append(f"M{_f(x0 + lo)} {_f(y0 + c + lo)}L{_f(x0 + hi)} {_f(y0 + c + hi)}")
        c += step
    c = step / 2
    while c < w + h:
        lo, hi = max(0.0, c - h), min(w, c)
        if hi > lo:
            segs.append(f"M{_f(x0 + lo)} {_f(y0 + c - lo)}L{_f(x0 + hi)} {_f(y0 + c - hi)}")
        c += step
    return "".join(segs)


def _stripes(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Path data of parallel diagonal lines (rising to the right) clipped to a rectangle."""
    segs = []
    c = step / 2
    while c < (x1 - x0) + (y1 - y0):
        lo, hi = max(0.0, c - (y1 - y0)), min(x1 - x0, c)
        if hi > lo:
            segs.append(f"M{_f(x0 + lo)} {_f(y0 + c - lo)}L{_f(x0 + hi)} {_f(y0 + c - hi)}")
        c += step
    return "".join(segs)


@functools.lru_cache(maxsize=256)
def _back_body(w: float, h: float, design: str, plain: bool = False) -> str:
    """A card back ``w`` x ``h`` drawn at the origin (``h < w`` for a card lying sideways).

    ``plain`` leaves out the pattern, for cards mostly covered in a stack.
    """
    b = BACKS[design]
    short = min(w, h)
    r = short * 0.07
    m = short * 0.075
    parts = [
        f'<rect x="{_f(short * 0.015)}" y="{_f(short * 0.03)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(r)}" '
        f'fill="#000" fill-opacity="0.28"/>',
        f'<rect x="0" y="0" width="{_f(w)}" height="{_f(h)}" rx="{_f(r)}" fill="#fdfdfd" stroke="#9e9e9e" '
        f'stroke-width="{_f(max(0.6, short * 0.01))}"/>',
        f'<rect x="{_f(m)}" y="{_f(m)}" width="{_f(w - 2 * m)}" height="{_f(h - 2 * m)}" rx="{_f(r * 0.6)}" '
        f'fill="{b.color}"/>',
    ]
    x0, y0, x1, y1 = m * 1.6, m * 1.6, w - m * 1.6, h - m * 1.6
    sw = _f(max(0.5, short * 0.012))
    if plain:
        parts.append(
            f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(x1 - x0)}" height="{_f(y1 - y0)}" rx="{_f(r * 0.4)}" '
            f'fill="none" stroke="{b.ink}" stroke-opacity="0.75" stroke-width="{sw}"/>'
        )
        return "".join(parts)
    if b.pattern == "lattice":
        d = _lattice(x0, y0, x1, y1, short * 0.11)
        parts.append(f'<path d="{d}" stroke="{b.ink}" stroke-opacity="0.35" stroke-width="{sw}" fill="none"/>')
    elif b.pattern == "dots":
        step = short * 0.1
        rr = step * 0.22
        dots = []
        yy = y0 + step / 2
        row = 0
        while yy < y1:
            xx = x0 + step / 2 + (step / 2 if row % 2 else 0)
            while xx < x1 - rr:
                arc = f"a{_f(rr)} {_f(rr)} 0 1 1"
                dots.append(f"M{_f(xx - rr)} {_f(yy)}{arc} {_f(2 * rr)} 0{arc} {_f(-2 * rr)} 0Z")
                xx += step
            yy += step * 0.87
            row += 1
        parts.append(f'<path d="{"".join(dots)}" fill="{b.ink}" fill-opacity="0.4"/>')
    else:  # stripes
        parts.append(
            f'<path d="{_stripes(x0, y0, x1, y1, short * 0.09)}" stroke="{b.ink}" stroke-opacity="0.3" '
            f'stroke-width="{_f(short * 0.03)}" fill="none"/>'
        )
    parts.append(
        f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(x1 - x0)}" height="{_f(y1 - y0)}" rx="{_f(r * 0.4)}" '
        f'fill="none" stroke="{b.ink}" stroke-opacity="0.75" stroke-width="{sw}"/>'
    )
    # A small emblem in the middle: a heart in an oval.
    cx, cy = w / 2, h / 2
    er = short * 0.17
    parts.append(
        f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(er)}" ry="{_f(er * 1.15)}" fill="{b.color}" '
        f'stroke="{b.ink}" stroke-opacity="0.85" stroke-width="{sw}"/>'
    )
    parts.append(_pip(3, cx, cy + er * 0.05, er * 1.1, b.ink))
    return "".join(parts)


# Markings besides colour (WCAG 1.4.1): each state of a card in hand has its own shape too.
_SELECTED_INK = "#1565c0"  # raised, a solid blue ring and a tick
_RECEIVED_INK = "#ffd54f"  # a solid gold ring (dark inner line) and an arrow pointing in
_HINTED_INK = "#00e5ff"  # a dashed cyan ring and a star
_BADGE_PATHS = {
    # in a 100 x 100 box
    "selected": "M22 52L42 72L78 30",
    "received": "M50 18V70M28 50L50 74L72 50",
    "hinted": "M50 12L61 38L89 40L67 58L74 86L50 71L26 86L33 58L11 40L39 38Z",
}


def _badge(kind: str, cx: float, cy: float, r: float, ring: str) -> str:
    """A small round mark on the left of a card face (the part a fan leaves visible)."""
    s = r * 2 / 100
    d = _BADGE_PATHS[kind]
    filled = kind == "hinted"
    glyph = (
        f'<path d="{d}" fill="{"#1b1b1b" if filled else "none"}" stroke="#1b1b1b" '
        f'stroke-width="{_f(12 if not filled else 4)}" stroke-linecap="round" stroke-linejoin="round" '
        f'transform="translate({_f(cx - r)} {_f(cy - r)}) scale({s:.4f})"/>'
    )
    return (
        f'<g class="mark mark-{kind}"><circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{ring}" '
        f'stroke="#1b1b1b" stroke-width="{_f(r * 0.12)}"/>{glyph}</g>'
    )


def _ring(w: float, h: float, r: float, pad: float, color: str, width: float, *, dash: str = "", cls: str = "") -> str:
    d = f' stroke-dasharray="{dash}"' if dash else ""
    c = f' class="{cls}"' if cls else ""
    return (
        f'<rect{c} x="{_f(-pad)}" y="{_f(-pad)}" width="{_f(w + 2 * pad)}" height="{_f(h + 2 * pad)}" '
        f'rx="{_f(r + pad)}" fill="none" stroke="{color}" stroke-width="{_f(width)}"{d}/>'
    )


def _card_g(
    c: Card | None,
    *,
    w: float,
    transform: str = "",
    four_color: bool = False,
    dimmed: bool = False,
    selected: bool = False,
    highlighted: bool = False,
    hinted: bool = False,
    legal: bool = False,
    back: str = "blue",
    title: str | None = None,
    label: str | None = None,
    seat: int | None = None,
    sideways: bool = False,
    under: bool = False,
    interactive: bool = False,
    pressed: bool | None = None,
    lang: str = "en",
) -> str:
    """One card as a ``<g>`` element; ``c=None`` draws a back and says nothing of the card.

    A face-up card is an image with an accessible name (``label``, else its
    ``title``); an ``interactive`` one is a button (focusable by script,
    ``aria-disabled`` when dimmed, ``aria-pressed`` when ``pressed`` is given)
    with a focus ring the page shows on keyboard focus. A back is hidden from
    assistive technology: the hand it belongs to carries the name.
    """
    h = w * _RATIO
    face_up = c is not None
    classes = ["card", "face" if face_up else "back"]
    if face_up:
        marked = (("legal", legal), ("dimmed", dimmed), ("selected", selected), ("highlighted", highlighted))
        classes += [name for name, on in (*marked, ("hinted", hinted)) if on]
    attrs = [f'class="{" ".join(classes)}"']
    if c is not None:
        attrs.append(f'data-card="{c.code}"')
    if seat is not None:
        attrs.append(f'data-seat="{seat}"')
    attrs.append(f'data-legal="{"true" if face_up and legal else "false"}"')
    attrs.append(f'data-dimmed="{"true" if face_up and dimmed else "false"}"')
    if transform:
        attrs.append(f'transform="{transform}"')
    if c is None:
        tip = title if title is not None else text("display.face_down", lang)
        attrs.append('aria-hidden="true"')
        inner = _back_body(h, w, back, under) if sideways else _back_body(w, h, back, under)
    else:
        tip = title if title is not None else card_name(c, lang)
        attrs.append('cursor="pointer"')
        if interactive:
            attrs.append('role="button" tabindex="-1"')
            if dimmed:
                attrs.append('aria-disabled="true"')
            if pressed is not None:
                attrs.append(f'aria-pressed="{"true" if pressed else "false"}"')
        else:
            attrs.append('role="img"')
        attrs.append(f'aria-label="{_aria(label if label is not None else tip)}"')
        inner = _face_body(int(c), w, four_color) + _card_marks(
            w, h, dimmed=dimmed, selected=selected, highlighted=highlighted, hinted=hinted, focus=interactive
        )
        if selected:
            inner = f'<g transform="translate(0 {_f(-h * 0.17)})">{inner}</g>'
    return f"<g {' '.join(attrs)}><title>{escape(tip)}</title>{inner}</g>"


def _card_marks(
    w: float, h: float, *, dimmed: bool, selected: bool, highlighted: bool, hinted: bool, focus: bool
) -> str:
    """What is drawn over a face-up card ``w`` x ``h``: the dimmed veil and hatching, a ring and a badge for
    each of selected, received (``highlighted``) and hinted, and the keyboard ``focus`` ring."""
    out = ""
    r = w * 0.07
    if dimmed:
        out += (
            f'<rect x="0" y="0" width="{_f(w)}" height="{_f(h)}" rx="{_f(r)}" fill="{DIM_VEIL}" '
            f'fill-opacity="{DIM_OPACITY}"/>'
            f'<path class="hatch" d="{_stripes(0, 0, w, h, w * 0.16)}" stroke="#263238" stroke-opacity="0.5" '
            f'stroke-width="{_f(w * 0.03)}" fill="none"/>'
        )
    rw = max(2.0, w * 0.045)
    if selected:
        out += _ring(w, h, r, 2, _SELECTED_INK, rw)
    if highlighted:
        out += _ring(w, h, r, 2, _RECEIVED_INK, rw, cls="mark-received") + _ring(
            w, h, r, 2 - rw * 0.75, "#5d4037", rw * 0.35, cls="mark-received"
        )
    if hinted:
        out += _ring(w, h, r, 2 + rw * 1.3, _HINTED_INK, rw, dash=f"{_f(w * 0.09)} {_f(w * 0.05)}")
    marks = [k for k, on in (("selected", selected), ("received", highlighted), ("hinted", hinted)) if on]
    for i, kind in enumerate(marks):
        ring = {"selected": "#90caf9", "received": _RECEIVED_INK, "hinted": _HINTED_INK}[kind]
        out += _badge(kind, w * 0.13, h * (0.5 + 0.17 * i), w * 0.095, ring)
    if focus:
        # Shown by the page's style sheet on keyboard focus only: black inside, white outside.
        out += (
            f'<g class="focus-ring" visibility="hidden">{_ring(w, h, r, 5, "#ffffff", 7)}'
            f"{_ring(w, h, r, 5, '#000000', 3)}</g>"
        )
    return out


def _svg_open(width: float, height: float, vb_w: float, vb_h: float, cls: str, extra: str = "") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" width="{_f(width)}" height="{_f(height)}" '
        f'viewBox="0 0 {_f(vb_w)} {_f(vb_h)}" style="max-width:100%;height:auto" '
        f'font-family="{escape(FONT)}"{extra}>'
    )


def card_svg(
    c: Card | int | str,
    *,
    width: float = 100,
    four_color: bool = False,
    dimmed: bool = False,
    selected: bool = False,
    highlighted: bool = False,
    face_down: bool = False,
    back: str = "blue",
    title: str | None = None,
    lang: str = "en",
) -> str:
    """One card as a standalone ``<svg>``.

    ``face_down`` draws the ``back`` design (see :data:`BACKS`) and leaves out
    the card's identity entirely. ``title`` replaces the tooltip (by default
    the card's name in ``lang``).

    >>> svg = card_svg("10H", width=80, lang="es")
    >>> '<title>diez de corazones</title>' in svg
    True
    >>> "10H" in card_svg("10H", face_down=True, back="red")
    False
    >>> card_svg("QS", back="plaid")
    Traceback (most recent call last):
    ...
    hearts.display.DisplayError: back must be one of blue, red, green, purple, black, not 'plaid'
    """
    cc = card(c)
    w = _check_width(width)
    for name, v in (
        ("four_color", four_color),
        ("dimmed", dimmed),
        ("selected", selected),
        ("highlighted", highlighted),
        ("face_down", face_down),
    ):
        _check_bool(v, name)
    _check_back(back)
    _check_lang(lang)
    h = w * _RATIO
    pad = max(3.0, w * 0.05)
    lift = h * 0.17 if selected and not face_down else 0.0
    body = _card_g(
        None if face_down else cc,
        w=w,
        transform=f"translate({_f(pad)} {_f(pad + lift)})",
        four_color=four_color,
        dimmed=dimmed,
        selected=selected,
        highlighted=highlighted,
        legal=not dimmed,
        back=back,
        title=title,
        lang=lang,
    )
    W, H = w + 2 * pad, h + 2 * pad + lift
    label = _aria(
        title if title is not None else card_name(cc, lang) if not face_down else text("display.face_down", lang)
    )
    return _svg_open(W, H, W, H, "hearts-card", f' role="img" aria-label="{label}"') + body + "</svg>"


# ----- a hand -----------------------------------------------------------------


def _fan(
    n: int, cx: float, bottom: float, w: float, spacing: float, arc_deg: float
) -> list[tuple[float, float, float]]:
    """Top-left corner and rotation of each of ``n`` cards in a fan whose middle card ends at ``bottom``."""
    h = w * _RATIO
    out = []
    step = math.radians(arc_deg)
    radius = spacing / step if step else 0.0
    for i in range(n):
        t = i - (n - 1) / 2
        drop = radius * (1 - math.cos(t * step)) if step else 0.0
        out.append((cx - w / 2 + t * spacing, bottom - h + drop, t * arc_deg))
    return out


def _place(x: float, y: float, angle: float, w: float) -> str:
    h = w * _RATIO
    if abs(angle) < 0.005:
        return f"translate({_f(x)} {_f(y)})"
    return f"translate({_f(x)} {_f(y)}) rotate({_f(angle)} {_f(w / 2)} {_f(h)})"


def _fan_bounds(pos: list[tuple[float, float, float]], w: float) -> tuple[float, float, float, float]:
    h = w * _RATIO
    xs, ys = [], []
    for x, y, a in pos:
        ra = math.radians(a)
        for px, py in ((0, 0), (w, 0), (0, h), (w, h)):
            dx, dy = px - w / 2, py - h
            xs.append(x + w / 2 + dx * math.cos(ra) - dy * math.sin(ra))
            ys.append(y + h + dx * math.sin(ra) + dy * math.cos(ra))
    return min(xs), min(ys), max(xs), max(ys)


def _hand_cards(
    cards: list[Card],
    pos: list[tuple[float, float, float]],
    *,
    w: float,
    dimmed: int,
    selected: int,
    highlighted: int,
    legal: int,
    reasons: Mapping[int, str],
    four_color: bool,
    seat: int | None,
    lang: str,
    hinted: int = 0,
    interactive: bool = False,
    passing: bool = False,
) -> str:
    out = []
    for c, (x, y, a) in zip(cards, pos):
        bit = 1 << c
        title = card_name(c, lang)
        if dimmed & bit and c in reasons:
            title = f"{title} — {reasons[c]}"
        out.append(
            _card_g(
                c,
                w=w,
                transform=_place(x, y, a, w),
                four_color=four_color,
                dimmed=bool(dimmed & bit),
                selected=bool(selected & bit),
                highlighted=bool(highlighted & bit),
                hinted=bool(hinted & bit),
                legal=bool(legal & bit),
                title=title,
                label=_card_label(c, dimmed, selected, highlighted, hinted, reasons, lang),
                seat=seat,
                interactive=interactive,
                pressed=bool(selected & bit) if interactive and passing else None,
                lang=lang,
            )
        )
    return "".join(out)


def _card_label(
    c: Card, dimmed: int, selected: int, highlighted: int, hinted: int, reasons: Mapping[int, str], lang: str
) -> str:
    """A card's accessible name: its name, then what the table shows about it (chosen, received, hinted,
    and why it cannot be played)."""
    bit = 1 << c
    bits = [card_name(c, lang)]
    for mask, key in ((selected, "chosen"), (highlighted, "received"), (hinted, "hinted")):
        if mask & bit:
            bits.append(text(f"display.a11y.{key}", lang))
    if dimmed & bit:
        reason = reasons.get(int(c))
        bits.append(
            text("display.a11y.cannot_play", lang, reason=reason) if reason else text("display.a11y.not_now", lang)
        )
    return ", ".join(bits)


def _reasons_of(reasons: Mapping[Card | int | str, str] | None) -> dict[int, str]:
    if reasons is None:
        return {}
    if not isinstance(reasons, Mapping):
        raise DisplayError(f"reasons must map cards to text, not {reasons!r}", "reasons")
    return {int(card(k)): str(v) for k, v in reasons.items()}


def hand_svg(
    cards: CardsLike,
    *,
    dimmed: CardsLike = None,
    selected: CardsLike = None,
    highlighted: CardsLike = None,
    legal: CardsLike = None,
    reasons: Mapping[Card | int | str, str] | None = None,
    four_color: bool = False,
    width: float = 70,
    spacing: float | None = None,
    fan: bool = False,
    seat: int | None = None,
    lang: str = "en",
) -> str:
    """A hand of cards, sorted by suit then rank, overlapping in a row (or a ``fan``).

    ``dimmed``, ``selected`` (raised, e.g. chosen to pass) and ``highlighted``
    (outlined, e.g. just received) take any form of a set of cards.
    ``legal`` sets ``data-legal`` (default: every card not dimmed);
    ``reasons`` maps dimmed cards to the text added to their tooltip.
    ``spacing`` is the distance between cards (default about half a card).

    >>> import xml.etree.ElementTree as ET
    >>> svg = hand_svg(CardSet.parse("2C QS AH"), dimmed="QS AH", selected="2C")
    >>> ns = {"s": "http://www.w3.org/2000/svg"}
    >>> [(g.get("data-card"), g.get("data-dimmed")) for g in ET.fromstring(svg).iterfind(".//s:g[@data-card]", ns)]
    [('2C', 'false'), ('QS', 'true'), ('AH', 'true')]
    """
    mask = _mask_of(cards, "cards")
    dm = _mask_of(dimmed, "dimmed")
    sm = _mask_of(selected, "selected")
    hm = _mask_of(highlighted, "highlighted")
    lm = mask & ~dm if legal is None else _mask_of(legal, "legal")
    w = _check_width(width)
    _check_bool(four_color, "four_color")
    _check_bool(fan, "fan")
    _check_lang(lang)
    rs = _reasons_of(reasons)
    cs = list(iter_mask(mask))
    n = len(cs)
    s = w * 0.5 if spacing is None else _check_width(spacing, "spacing")
    h = w * _RATIO
    pos = _fan(n, 0.0, h, w, s, 2.2 if fan else 0.0)
    if not cs:
        pad = 4.0
        return _svg_open(w + 2 * pad, h + 2 * pad, w + 2 * pad, h + 2 * pad, "hearts-hand") + "</svg>"
    x0, y0, x1, y1 = _fan_bounds(pos, w)
    lift = h * 0.17 if sm & mask else 0.0
    pad = max(4.0, w * 0.06)
    dx, dy = pad - x0, pad + lift - y0
    pos = [(x + dx, y + dy, a) for x, y, a in pos]
    W, H = x1 - x0 + 2 * pad, y1 - y0 + 2 * pad + lift
    body = _hand_cards(
        cs,
        pos,
        w=w,
        dimmed=dm,
        selected=sm,
        highlighted=hm,
        legal=lm,
        reasons=rs,
        four_color=four_color,
        seat=seat,
        lang=lang,
    )
    names = ", ".join(_card_label(c, dm, sm, hm, 0, rs, lang) for c in cs)
    label = _aria(text("display.a11y.cards", lang, cards=names))
    return _svg_open(W, H, W, H, "hearts-hand", f' role="img" aria-label="{label}"') + body + "</svg>"


# ----- geometry of the table ------------------------------------------------------

_TW, _TH = 1000.0, 720.0  # the table's drawing units


def _seat_angle(rel: int, n: int) -> float:
    """Screen angle (degrees, y down) of the seat ``rel`` places after the viewer: 90 = bottom."""
    return 90.0 + rel * 360.0 / n


@dataclass(frozen=True)
class _Spot:
    x: float  # centre of the seat's cards
    y: float
    vertical: bool  # cards stacked top to bottom (seats at the sides)


def _spot(rel: int, n: int) -> _Spot:
    if n == 4:
        return (_Spot(500, 640, False), _Spot(72, 320, True), _Spot(500, 62, False), _Spot(928, 320, True))[rel]
    a = math.radians(_seat_angle(rel, n))
    x = 500 + 405 * math.cos(a)
    y = 330 + 255 * math.sin(a)
    vertical = abs(math.cos(a)) > 0.92
    if vertical:
        x = 72 if x < 500 else 928
    return _Spot(x, y, vertical)


def _trick_spot(rel: int, n: int) -> tuple[float, float, float]:
    """Centre and a small tilt of the card played by seat ``rel`` in the middle of the table."""
    a = math.radians(_seat_angle(rel, n))
    rx, ry = (70, 58) if n <= 4 else (118, 94)
    tilt = (-3, 5, -2, 4, -5, 2, -4)[rel]
    return 500 + rx * math.cos(a), 318 + ry * math.sin(a), float(tilt)


# ----- a trick -----------------------------------------------------------------------


def _trick_cards(
    pairs: Sequence[tuple[int, Card]],
    n: int,
    viewer: int,
    w: float,
    *,
    four_color: bool,
    winner: int | None,
    names: Sequence[str],
    lang: str,
    center: tuple[float, float] = (500, 318),
    scale: float = 1.0,
) -> str:
    out = []
    for s, c in pairs:
        rel = (s - viewer) % n
        x, y, tilt = _trick_spot(rel, n)
        x = center[0] + (x - 500) * scale
        y = center[1] + (y - 318) * scale
        out.append(_played(c, s, x, y, w, tilt, winner=winner, names=names, four_color=four_color, lang=lang))
    return "".join(out)


def _played(
    c: Card,
    s: int,
    x: float,
    y: float,
    w: float,
    tilt: float,
    *,
    winner: int | None,
    names: Sequence[str],
    four_color: bool,
    lang: str,
) -> str:
    """A card in the middle of the table, centred on ``x, y``: named with who played it and, once the trick
    is won, whether it won."""
    h = w * _RATIO
    label = text("display.played_by", lang, card=card_name(c, lang), name=names[s])
    turn = f" rotate({_f(tilt)} {_f(w / 2)} {_f(h / 2)})" if tilt else ""
    return _card_g(
        c,
        w=w,
        transform=f"translate({_f(x - w / 2)} {_f(y - h / 2)}){turn}",
        four_color=four_color,
        highlighted=winner == s,
        title=label,
        label=label + (", " + text("display.a11y.winner", lang) if winner == s else ""),
        seat=s,
        lang=lang,
    ).replace('class="card face', 'class="card face played', 1)


def _check_pairs(pairs: Iterable[tuple[int, Card | int | str]], n: int) -> list[tuple[int, Card]]:
    out = []
    for item in pairs:
        try:
            s, c = item
        except (TypeError, ValueError):
            raise DisplayError(f"a trick is a list of (seat, card) pairs, not {item!r}", "trick") from None
        if not isinstance(s, int) or not 0 <= s < n:
            raise DisplayError(f"seat must be 0 to {n - 1}, not {s!r}", "trick")
        out.append((s, card(c)))
    return out


def _check_players(num_players: int) -> int:
    if not isinstance(num_players, int) or not 3 <= num_players <= 7:
        raise DisplayError(f"num_players must be 3 to 7, not {num_players!r}", "num_players")
    return num_players


def _names(names: Sequence[str] | None, n: int, lang: str) -> list[str]:
    if names is None:
        return [seat_name(s, lang, n) for s in range(n)]
    if isinstance(names, str) or len(names) != n or not all(isinstance(x, str) for x in names):
        raise DisplayError(f"names must be {n} strings, one per seat, not {names!r}", "names")
    return list(names)


def trick_svg(
    pairs: Iterable[tuple[int, Card | int | str]],
    *,
    num_players: int = 4,
    viewer: int = 0,
    winner: int | None = None,
    names: Sequence[str] | None = None,
    four_color: bool = False,
    table_color: str = "green",
    width: float = 340,
    lang: str = "en",
) -> str:
    """A trick on a patch of felt: each card near the seat that played it, seat names at the edges.

    ``pairs`` are ``(seat, card)`` in play order (later cards lie on top);
    ``viewer`` is the seat shown at the bottom; ``winner`` outlines that
    seat's card.

    >>> svg = trick_svg([(0, "KC"), (1, "QS"), (2, "4C"), (3, "AC")], winner=3)
    >>> svg.count('class="card face played'), 'data-card="QS" data-seat="1"' in svg
    (4, True)
    """
    n = _check_players(num_players)
    ps = _check_pairs(pairs, n)
    if not isinstance(viewer, int) or not 0 <= viewer < n:
        raise DisplayError(f"viewer must be a seat 0 to {n - 1}, not {viewer!r}", "viewer")
    _check_bool(four_color, "four_color")
    felt = _check_felt(table_color)
    _check_lang(lang)
    nm = _names(names, n, lang)
    size = 360.0
    w = 76.0 if n <= 4 else 64.0
    scale = 1.0 if n <= 4 else 0.95
    parts = [
        _svg_open(_check_width(width), _check_width(width) * 320 / size, size, 320, "hearts-trick"),
        f'<rect x="0" y="0" width="{_f(size)}" height="320" rx="14" fill="{felt}"/>',
        f'<ellipse cx="180" cy="160" rx="150" ry="120" fill="{_mix(felt, "#ffffff", 0.08)}" fill-opacity="0.6"/>',
    ]
    for s in range(n):
        rel = (s - viewer) % n
        a = math.radians(_seat_angle(rel, n))
        x, y = 180 + 158 * math.cos(a), 160 + 146 * math.sin(a)
        y = min(max(y, 14), 314)
        anchor = "middle"
        if math.cos(a) < -0.5:
            anchor, x = "start", 6
        elif math.cos(a) > 0.5:
            anchor, x = "end", size - 6
        bold = "bold" if s == winner else None
        parts.append(_text(x, y + 4, nm[s], 12, "#ffe082" if s == winner else "#f1f8e9", weight=bold, anchor=anchor))
    parts.append(
        _trick_cards(
            ps, n, viewer, w, four_color=four_color, winner=winner, names=nm, lang=lang, center=(180, 160), scale=scale
        )
    )
    parts.append("</svg>")
    return "".join(parts)


# ----- the table -------------------------------------------------------------------


@dataclass
class _View:
    """Everything the table drawing needs, taken from an observation (plus every hand when revealed)."""

    n: int
    viewer: int
    phase: Phase
    hands: list[int | None]  # None: hidden from the viewer
    sizes: tuple[int, ...]
    trick: list[tuple[int, Card]]
    leader: int
    to_play: int
    hearts_broken: bool
    points: tuple[int, ...]
    trick_number: int
    tricks_total: int
    hand_number: int
    pass_direction: PassDirection
    pass_target: int
    passed: bool
    legal: int
    reasons: dict[int, str]
    totals: tuple[int, ...] | None
    result: HandResult | None
    trick_done: bool = False  # the trick just finished is on show (the next one has not begun)


def _view(
    source: HandState | Observation | Game,
    viewer: int | None,
    reveal: bool,
    lang: str,
) -> _View:
    obs, state, totals = _observed(source, viewer, reveal)
    viewer = obs.seat
    n = obs.num_players
    hands: list[int | None] = [None] * n
    hands[viewer] = obs.hand_mask
    if reveal and state is not None:
        hands = [state.hand_of(s).mask for s in range(n)]
    legal, reasons = _legal_now(obs, state, lang)
    return _View(
        n=n,
        viewer=viewer,
        phase=obs.phase,
        hands=hands,
        sizes=obs.hand_sizes,
        trick=list(obs.trick),
        leader=obs.leader,
        to_play=obs.to_play,
        hearts_broken=obs.hearts_broken,
        points=obs.points,
        trick_number=obs.trick_number,
        tricks_total=obs.rules.hand_size,
        hand_number=obs.hand_number,
        pass_direction=obs.pass_direction,
        pass_target=obs.pass_target,
        passed=obs.passed_mask is not None,
        legal=legal,
        reasons=reasons,
        totals=totals,
        result=state.result() if state is not None and state.is_over else None,
    )


def _observed(
    source: HandState | Observation | Game, viewer: int | None, reveal: bool
) -> tuple[Observation, HandState | None, tuple[int, ...] | None]:
    """What ``viewer`` sees of ``source`` (checked), the full hand state when it is there, the game's totals."""
    totals: tuple[int, ...] | None = None
    if isinstance(source, Game):
        totals = tuple(source.scores)
        source = source.hand
    if isinstance(source, HandState):
        n = source.n
        if viewer is None:
            viewer = 0
        if not isinstance(viewer, int) or not 0 <= viewer < n:
            raise DisplayError(f"viewer must be a seat 0 to {n - 1}, not {viewer!r}", "viewer")
        return source.observation(viewer), source, totals
    if isinstance(source, Observation):
        if viewer is not None and viewer != source.seat:
            raise DisplayError(
                f"an observation can only be drawn for its own seat {source.seat}, not viewer {viewer!r}", "viewer"
            )
        if reveal:
            raise DisplayError(
                "reveal needs the full HandState: an observation does not hold the other hands", "reveal"
            )
        return source, None, source.totals
    raise DisplayError(
        f"table_svg draws a HandState, an Observation or a Game, not {type(source).__name__}", "state"
    )


def _legal_now(obs: Observation, state: HandState | None, lang: str) -> tuple[int, dict[int, str]]:
    """The cards the viewer may play (or pass) now, and the engine's reason for each card it refuses."""
    viewer = obs.seat
    reasons: dict[int, str] = {}
    if obs.phase is Phase.PASSING and obs.passed_mask is None:
        return obs.hand_mask, reasons
    if obs.phase is not Phase.PLAYING or obs.to_play != viewer:
        return 0, reasons
    # What the viewer may play now comes from the engine only.
    legal = obs.legal_mask() if state is None else state.legal_moves_for(viewer).mask
    for c in iter_mask(obs.hand_mask & ~legal):
        if state is not None:
            err = state.why_not(c, seat=viewer)
        else:
            led = obs.led_suit if obs.trick else -1
            err = refusal(obs.hand_mask, c, led, obs.trick_number == 0, obs.hearts_broken, obs.rules)
        if err is not None:
            reasons[int(c)] = err.explain(lang)
    return legal, reasons


def _inside(cx: float, width: float, margin: float = 22.0) -> float:
    """Left edge of a row ``width`` wide centred on ``cx``, moved to stay on the table."""
    return min(max(cx - width / 2, margin), _TW - margin - width)


def _plate_width(name: str, detail: str, badge: str | None) -> float:
    """The width of a name plate that holds ``name``, ``detail`` and the ``badge``."""
    width = max(_text_width(name, 16, True), _text_width(detail, 12.5)) + 28
    if badge:
        width += _text_width(badge, 11, True) + 12
    return max(width, 96)


def _plate(
    cx: float,
    top: float,
    name: str,
    detail: str,
    *,
    seat: int,
    active: bool,
    badge: str | None,
    turn: str | None = None,
) -> str:
    """A seat's name plate: name, then cards / points / total; gold when it is that seat's turn."""
    width = _plate_width(name, detail, badge)
    x = min(max(cx - width / 2, 14.0), _TW - 14 - width)
    stroke = ' stroke="#ffd54f" stroke-width="3"' if active else ' stroke="#ffffff" stroke-opacity="0.18"'
    cls = "seat active" if active else "seat"
    label = ", ".join(
        [f"{name}: {detail}"] + [said for said in (turn if active else None, badge) if said]
    )
    out = [
        f'<g class="{cls}" data-seat="{seat}" role="img" aria-label="{_aria(label)}">',
        f'<rect x="{_f(x)}" y="{_f(top)}" width="{_f(width)}" height="46" rx="10" fill="{PLATE}" '
        f'fill-opacity="{PLATE_OPACITY}"{stroke}/>',
    ]
    if active:  # the turn is a shape too, not only gold: a pointer at the plate's left
        out.append(
            f'<path class="turn-pointer" d="M{_f(x - 4)} {_f(top + 11)}L{_f(x + 8)} {_f(top + 23)}L{_f(x - 4)} '
            f'{_f(top + 35)}Z" fill="#ffd54f" stroke="#3e2723" stroke-width="1.5"/>'
        )
    tx = x + 14
    out.append(_text(tx, top + 20, name, 16, "#ffe082" if active else "#ffffff", weight="bold", anchor="start"))
    out.append(_text(tx, top + 37, detail, 12.5, INFO_INK, anchor="start"))
    if badge:
        bw = _text_width(badge, 11, True) + 10
        bx = x + width - bw - 8
        out.append(
            f'<rect class="lead-badge" x="{_f(bx)}" y="{_f(top + 8)}" width="{_f(bw)}" height="17" rx="8.5" '
            f'fill="#ffd54f"/>'
        )
        out.append(_text(bx + bw / 2, top + 20.5, badge, 11, "#3e2723", weight="bold"))
    out.append("</g>")
    return "".join(out)


def _count(key: str, count: int, lang: str) -> str:
    return text_n(f"display.{key}", count, lang, count=count)


def _banner(
    cx: float, bottom: float, message: str, *, strong: bool = False, size: float = 15.0, room: float = _TW - 40
) -> str:
    lines = _wrap(message, min(84, int((room - 36) / (size * 0.58))))
    width = min(room, max(_text_width(line, size) for line in lines) + 36)
    height = 14 + len(lines) * size * 1.33
    top = bottom - height
    fill = "#fff8e1" if strong else "#0b1d14"
    ink = "#3e2723" if strong else "#ffffff"
    out = [
        '<g class="message">',
        f'<rect x="{_f(cx - width / 2)}" y="{_f(top)}" width="{_f(width)}" height="{_f(height)}" '
        f'rx="{_f(min(18, height / 2))}" '
        f'fill="{fill}" fill-opacity="{0.95 if strong else 0.6}"/>',
    ]
    for i, line in enumerate(lines):
        out.append(_text(cx, top + size * 1.67 + i * size * 1.33, line, size, ink))
    out.append("</g>")
    return "".join(out)


def _arrow(cx: float, cy: float, angle: float, color: str) -> str:
    """A broad arrow from the centre of the table pointing at a screen angle (degrees)."""
    pts = "-60,-14 20,-14 20,-34 64,0 20,34 20,14 -60,14"
    return (
        f'<polygon class="pass-arrow" points="{pts}" fill="{color}" fill-opacity="0.85" stroke="#ffffff" '
        f'stroke-opacity="0.6" stroke-width="2" transform="translate({_f(cx)} {_f(cy)}) rotate({_f(angle)})"/>'
    )


def table_svg(
    state: HandState | Observation | Game,
    *,
    viewer: int | None = None,
    reveal: bool = False,
    dimmed: CardsLike = None,
    selected: CardsLike = None,
    highlighted: CardsLike = None,
    hinted: CardsLike = None,
    reasons: Mapping[Card | int | str, str] | None = None,
    trick: Trick | Iterable[tuple[int, Card | int | str]] | None = None,
    four_color: bool = False,
    table_color: str = "green",
    back: str = "blue",
    names: Sequence[str] | None = None,
    scores: Sequence[int] | None = None,
    message: str | None = None,
    title: str | None = None,
    lang: str = "en",
    width: float = 1000,
    cover: bool = False,
    fit: float | None = None,
    fit_height: float | None = None,
) -> str:
    """The whole table as seen from one seat.

    ``state`` is a :class:`~hearts.hand.HandState`, a player's
    :class:`~hearts.observation.Observation` (then ``viewer`` is its seat)
    or a :class:`~hearts.game.Game` (its current hand, with the running
    totals as ``scores``).

    - ``viewer``: the seat shown face up at the bottom (South with four players).
      Every other hand is drawn face down with its card count only, and nothing
      about those cards reaches the SVG.
    - ``reveal``: show every hand face up (reviews and the walkthrough; needs a HandState).
    - ``dimmed``: cards of the viewer's hand drawn dimmed. Default: when it is the
      viewer's turn to play, exactly the cards the engine refuses
      (``HandState.legal_moves_for`` / ``Observation.legal_mask()``); their tooltips
      give the engine's reason (``HandState.why_not(card).explain(lang)``), or
      the text given in ``reasons``.
    - ``selected`` (raised, blue ring and a tick: e.g. the cards chosen to pass),
      ``highlighted`` (gold ring and an arrow: e.g. the cards just received) and
      ``hinted`` (dashed cyan ring and a star: a hint's cards). Each state has its
      own shape, not only its colour, and is said in the card's accessible name.
    - ``trick``: the cards shown in the middle (default: the trick in progress);
      give a finished :class:`~hearts.hand.Trick` to show it with its winner outlined.
    - ``four_color``, ``table_color`` (:data:`TABLE_COLORS` or ``'#rrggbb'``), ``back``
      (:data:`BACKS`), ``names`` (one per seat), ``scores`` (running totals),
      ``message`` (a line shown above the viewer's hand), ``title`` (the first line at the top left,
      default "Hand 3"; a scene of a lesson names itself), ``lang`` (``'en'``/``'es'``).
    - ``fit``: the width in CSS pixels the drawing will be shown at. Below
      :data:`COMPACT_BELOW` (phones, small tablets) the table is laid out for a
      small screen: text at a size read without zooming, the other seats as
      name plates in a row, the trick in the middle and the viewer's hand in one
      or two rows of big cards, each at least :data:`TAP` pixels wide and tall
      to tap (``data-layout="compact"`` on the ``<svg>``).
    - ``fit_height``: the height in CSS pixels of the window it is shown in. A compact
      table in a wide, low window (a phone on its side: wider than :data:`LANDSCAPE` times its
      height) is laid out across (``data-arrange="landscape"``): the seats beside the trick, the
      hand in one row under them, to fit the height.
    - ``cover``: draw the viewer's hand face down too (pass-and-play, while the screen goes
      to the next player): then no card of any hand reaches the SVG, and the banner asks the
      viewer to say they are ready (unless ``message`` says something else).

    For assistive technology the drawing is a group named after the viewer's
    seat; the viewer's cards are buttons (named with their state and, when
    dimmed, the engine's reason), the other hands and the seat plates images
    named with what is visible of them (never a hidden card), the trick a group
    of named cards.

    >>> from hearts import Deal, HandState, PassDirection
    >>> h = HandState(Deal.from_number(3), pass_direction=PassDirection.NONE)
    >>> svg = table_svg(h, viewer=h.to_play)
    >>> svg.count('data-card='), svg.count('class="card back"')
    (13, 39)
    >>> covered = table_svg(h, viewer=h.to_play, cover=True)
    >>> covered.count('data-card='), covered.count('class="card back"')
    (0, 52)
    """
    _check_lang(lang)
    _check_bool(reveal, "reveal")
    _check_bool(cover, "cover")
    if cover and reveal:
        raise DisplayError("cover hides the viewer's hand and reveal shows every hand: give one of them", "cover")
    _check_bool(four_color, "four_color")
    felt = _check_felt(table_color)
    _check_back(back)
    scale = _check_width(width) / _TW
    v = _view(state, viewer, reveal, lang)
    nm = _names(names, v.n, lang)
    if scores is not None:
        v.totals = _check_scores(scores, v.n)
    for name, value in (("message", message), ("title", title)):
        if value is not None and not isinstance(value, str):
            raise DisplayError(f"{name} must be text, not {value!r}", name)
    shown, winner = _shown_trick(v, trick)
    v.trick_done = winner is not None and not v.trick and v.trick_number > 0
    marks = _marks(v, dimmed, selected, highlighted, hinted, reasons, cover)
    status, strong = _status(v, message, winner, nm, cover, lang)
    if _compact(fit, fit_height):
        assert fit is not None
        return _compact_table(
            v,
            float(fit),
            nm,
            shown,
            winner,
            marks,
            status=status,
            strong=strong,
            cover=cover,
            title=title,
            felt=felt,
            back=back,
            four_color=four_color,
            lang=lang,
            landscape=is_landscape(fit, fit_height) and v.n in (3, 4),
        )
    seats = _Seats(v, nm, lang, *_turns(v))
    me = v.viewer
    parts = [_felt(v, felt, scale, seats.names[me], lang), _corner(v, title, lang)]
    for rel in range(1, v.n):
        parts.append(_other_seat(seats, rel, marks.everywhere, back=back, four_color=four_color))
    parts.append(_middle(v, shown, winner, nm, four_color=four_color, lang=lang))
    parts.append(_viewer_seat(seats, marks, status, strong, four_color=four_color, cover=cover, back=back))
    parts.append("</svg>")
    return "".join(parts)


def _check_scores(scores: Sequence[int], n: int) -> tuple[int, ...]:
    """``scores`` checked: the running totals shown on the plates, one whole number per seat."""
    if isinstance(scores, str) or len(scores) != n or not all(isinstance(x, int) for x in scores):
        raise DisplayError(f"scores must be {n} whole numbers, one per seat, not {scores!r}", "scores")
    return tuple(scores)


def _shown_trick(
    v: _View, trick: Trick | Iterable[tuple[int, Card | int | str]] | None
) -> tuple[list[tuple[int, Card]], int | None]:
    """The cards to draw in the middle (``trick``, default the trick in progress) and the finished trick's winner."""
    if trick is None:
        return v.trick, None
    if isinstance(trick, Trick):
        if len(trick.cards) != v.n:
            raise DisplayError(f"the trick has {len(trick.cards)} cards for {v.n} players", "trick")
        return list(zip(trick.seats, trick.cards)), trick.winner
    return _check_pairs(trick, v.n), None


@dataclass
class _Marks:
    """The viewer's cards as the table marks them (masks within the viewer's hand), and each dimmed card's reason."""

    dimmed: int
    selected: int
    highlighted: int
    hinted: int
    reasons: dict[int, str]
    everywhere: int  # the highlighted cards of every hand: a revealed hand shows them too


def _marks(
    v: _View,
    dimmed: CardsLike,
    selected: CardsLike,
    highlighted: CardsLike,
    hinted: CardsLike,
    reasons: Mapping[Card | int | str, str] | None,
    cover: bool,
) -> _Marks:
    """The options that mark cards, checked; ``dimmed`` defaults to the cards the engine refuses now.

    With ``cover`` no card is selected or highlighted (the backs say nothing of the cards)."""
    my_hand = v.hands[v.viewer] or 0
    dm = my_hand & ~v.legal if v.phase is Phase.PLAYING and v.to_play == v.viewer else 0
    if dimmed is not None:
        dm = _mask_of(dimmed, "dimmed")
    rs = dict(v.reasons)
    rs.update(_reasons_of(reasons))
    sm = _mask_of(selected, "selected")
    hm = _mask_of(highlighted, "highlighted")
    return _Marks(
        dimmed=dm & my_hand,
        selected=0 if cover else sm & my_hand,
        highlighted=0 if cover else hm & my_hand,
        hinted=_mask_of(hinted, "hinted") & my_hand,
        reasons=rs,
        everywhere=hm,
    )


def _compact(fit: float | None, fit_height: float | None) -> bool:
    """``fit`` and ``fit_height`` checked; whether the table is drawn for a small screen."""
    if fit is None:
        return False
    if isinstance(fit, bool) or not isinstance(fit, (int, float)) or not fit > 0:
        raise DisplayError(f"fit must be a width in pixels, more than 0, not {fit!r}", "fit")
    if fit_height is not None and (
        isinstance(fit_height, bool) or not isinstance(fit_height, (int, float)) or not fit_height > 0
    ):
        raise DisplayError(f"fit_height must be a height in pixels, more than 0, not {fit_height!r}", "fit_height")
    return fit < COMPACT_BELOW


@dataclass(frozen=True)
class _Seats:
    """What the name plates say of each seat: its name, cards, points and total, whose turn it is, who leads."""

    v: _View
    names: list[str]
    lang: str
    active: int  # the seat whose turn it is (-1: nobody's)
    leads: int  # the trick's leader (-1: none)

    def detail(self, s: int) -> str:
        """The plate's second line: cards (unless the viewer's own face-up hand), points, total."""
        v, lang = self.v, self.lang
        bits = []
        if s != v.viewer or v.hands[s] is None:
            bits.append(_count("cards", v.sizes[s], lang))
        bits.append(_count("points", v.points[s], lang))
        if v.totals is not None:
            bits.append(text("display.total", lang, total=v.totals[s]))
        return " · ".join(bits)

    def badge(self, s: int) -> str | None:
        """The badge on the plate of the seat that leads the trick."""
        return text("display.leads", self.lang) if s == self.leads else None

    def plate(self, cx: float, top: float, s: int) -> str:
        """Seat ``s``'s name plate centred on ``cx`` (kept on the table), ``top`` its top."""
        turn = text("display.a11y.to_play", self.lang)
        return _plate(
            cx, top, self.names[s], self.detail(s), seat=s, active=s == self.active, badge=self.badge(s), turn=turn
        )


def _felt(v: _View, felt: str, scale: float, name: str, lang: str) -> str:
    """The ``<svg>`` opened for the viewer's table, the felt with its rim and soft light, the ring of the trick."""
    label = _aria(text("display.a11y.table", lang, name=name))
    parts = [
        _svg_open(
            _TW * scale,
            _TH * scale,
            _TW,
            _TH,
            "hearts-table",
            f' data-viewer="{v.viewer}" data-players="{v.n}" role="group" aria-label="{label}"',
        ),
        f'<rect x="0" y="0" width="{_f(_TW)}" height="{_f(_TH)}" rx="18" fill="{_mix(felt, "#000000", 0.35)}"/>',
        f'<rect x="7" y="7" width="{_f(_TW - 14)}" height="{_f(_TH - 14)}" rx="14" fill="{felt}"/>',
    ]
    # A soft light over the middle of the felt, in thin layers (no gradients: they would need ids).
    light = _mix(felt, "#ffffff", 0.05)
    for i in range(8):
        parts.append(
            f'<ellipse cx="500" cy="340" rx="{470 - i * 40}" ry="{330 - i * 30}" fill="{light}" fill-opacity="0.18"/>'
        )
    small = v.n <= 4
    parts.append(
        f'<ellipse cx="500" cy="318" rx="{150 if small else 196}" ry="{118 if small else 158}" fill="none" '
        f'stroke="#ffffff" stroke-opacity="0.12" stroke-width="2"/>'
    )
    return "".join(parts)


def _info_lines(v: _View, title: str | None, lang: str) -> list[str]:
    """The lines at the top left: the hand (or ``title``), the trick while playing, the pass direction."""
    info = [text("display.hand", lang, number=v.hand_number) if title is None else title]
    if v.phase is Phase.PLAYING:
        number = v.trick_number if v.trick_done else v.trick_number + 1  # the trick shown, not the one to come
        info.append(text("display.trick", lang, number=number, total=v.tricks_total))
    if v.pass_direction.value == "none":
        info.append(text("display.no_pass", lang))
    else:
        info.append(text("display.pass_direction", lang, direction=text(f"pass.{v.pass_direction.value}", lang)))
    return info


def _corner(v: _View, title: str | None, lang: str) -> str:
    """Top left: hand, trick and pass; top right: whether hearts are broken."""
    parts = ['<g class="info">']
    for i, line in enumerate(_info_lines(v, title, lang)):
        parts.append(
            _text(
                22,
                34 + i * 20,
                line,
                17 if i == 0 else 14,
                "#ffffff" if i == 0 else INFO_INK,
                weight="bold" if i == 0 else None,
                anchor="start",
            )
        )
    parts.append("</g>")
    hb = text("display.hearts_broken" if v.hearts_broken else "display.hearts_unbroken", lang)
    hx = _TW - 22 - _text_width(hb, 14)
    parts.append(_hearts_status(v.hearts_broken, hb, (hx - 18, 29, 24), (hx, 34, 14), "start"))
    return "".join(parts)


def _other_seat(seats: _Seats, rel: int, highlighted: int, *, back: str, four_color: bool) -> str:
    """The seat ``rel`` places after the viewer: its hand (backs, or face up when revealed), then its plate."""
    v, nm, lang = seats.v, seats.names, seats.lang
    n = v.n
    s = (v.viewer + rel) % n
    sp = _spot(rel, n)
    cards = v.hands[s]
    count = v.sizes[s]
    if cards is None:
        label = text("display.hidden_hand", lang, name=nm[s], cards=_count("cards", count, lang))
        head = f'<g class="hand" data-seat="{s}" data-count="{count}" role="img" aria-label="{_aria(label)}">'
        body, plate_x, bottom = _hidden_hand(sp, n, s, count, label, back=back, lang=lang)
    else:
        cs = list(iter_mask(cards))
        label = text("display.a11y.hand_of", lang, name=nm[s], cards=", ".join(card_name(c, lang) for c in cs))
        head = f'<g class="hand" data-seat="{s}" data-count="{count}" role="group" aria-label="{_aria(label)}">'
        body, plate_x, bottom = _open_hand(sp, n, s, cs, highlighted & cards, four_color=four_color, lang=lang)
    return f"{head}{body}</g>{seats.plate(plate_x, bottom + 8, s)}"


def _hidden_hand(
    sp: _Spot, n: int, s: int, count: int, label: str, *, back: str, lang: str
) -> tuple[str, float, float]:
    """Another seat's ``count`` cards face down at ``sp``; the drawing, the centre of its plate and its bottom."""
    plate_x = sp.x + ((14 if sp.x < 500 else -14) if sp.vertical else 0)
    parts = []
    if sp.vertical:
        cw, step = 50.0, min(14.0, 230 / max(count - 1, 1))
        total = cw + step * (count - 1) if count else 0
        for i in range(count):
            y = sp.y - total / 2 + i * step
            parts.append(
                _card_g(
                    None,
                    w=cw,
                    transform=f"translate({_f(sp.x - cw * _RATIO / 2)} {_f(y)})",
                    back=back,
                    title=label,
                    seat=s,
                    sideways=True,
                    under=i < count - 1,
                    lang=lang,
                )
            )
        bottom = sp.y + max(total, cw) / 2
    else:
        cw = 46.0 if n <= 5 else 40.0
        step = min(13.0, 200 / max(count - 1, 1))
        total = cw + step * (count - 1) if count else 0
        plate_x = _inside(sp.x, total) + total / 2
        for i in range(count):
            x = _inside(sp.x, total) + i * step
            parts.append(
                _card_g(
                    None,
                    w=cw,
                    transform=f"translate({_f(x)} {_f(sp.y - cw * _RATIO / 2)})",
                    back=back,
                    title=label,
                    seat=s,
                    under=i < count - 1,
                    lang=lang,
                )
            )
        bottom = sp.y + cw * _RATIO / 2
    return "".join(parts), plate_x, bottom


def _open_hand(
    sp: _Spot, n: int, s: int, cs: list[Card], highlighted: int, *, four_color: bool, lang: str
) -> tuple[str, float, float]:
    """Another seat's cards ``cs`` face up at ``sp`` (a revealed hand); the drawing, its plate's centre and bottom."""
    plate_x = sp.x + ((14 if sp.x < 500 else -14) if sp.vertical else 0)
    if sp.vertical:
        cw = 58.0
        step = min(22.0, (330 - cw * _RATIO) / max(len(cs) - 1, 1))
        total = cw * _RATIO + step * (len(cs) - 1)
        x = sp.x - cw / 2 + (8 if sp.x < 500 else -8)
        pos = [(x, sp.y - total / 2 + i * step, 0.0) for i in range(len(cs))]
        bottom = sp.y + total / 2
    else:
        cw = 56.0 if n <= 5 else 48.0
        step = min(22.0, 250 / max(len(cs) - 1, 1))
        total = cw + step * (len(cs) - 1)
        left = _inside(sp.x, total)
        plate_x = left + total / 2
        pos = [(left + i * step, sp.y - cw * _RATIO / 2, 0.0) for i in range(len(cs))]
        bottom = sp.y + cw * _RATIO / 2
    body = _hand_cards(
        cs,
        pos,
        w=cw,
        dimmed=0,
        selected=0,
        highlighted=highlighted,
        legal=0,
        reasons={},
        four_color=four_color,
        seat=s,
        lang=lang,
    )
    return body, plate_x, bottom


def _middle(
    v: _View,
    shown: Sequence[tuple[int, Card]],
    winner: int | None,
    nm: Sequence[str],
    *,
    four_color: bool,
    lang: str,
) -> str:
    """The middle of the table: the trick, then the pass arrow while choosing a pass, or the end-of-hand panel."""
    n, me = v.n, v.viewer
    trick_label = text("display.a11y.trick" if shown else "display.a11y.trick_empty", lang)
    won = "" if winner is None else f' data-winner="{winner}"'  # the view moves a finished trick to its winner
    tw = 76.0 if n <= 4 else 62.0
    parts = [
        f'<g class="trick"{won} role="group" aria-label="{_aria(trick_label)}">',
        _trick_cards(shown, n, me, tw, four_color=four_color, winner=winner, names=nm, lang=lang),
        "</g>",
    ]
    if v.phase is Phase.PASSING and not v.passed:
        parts.append(_arrow(500, 318, _seat_angle((v.pass_target - me) % n, n), "#ffd54f"))
    elif v.phase is Phase.DONE and not shown:
        parts.append(_summary(v, list(nm), lang))
    return "".join(parts)


def _viewer_seat(
    seats: _Seats, marks: _Marks, status: str | None, strong: bool, *, four_color: bool, cover: bool, back: str
) -> str:
    """The bottom of the table: the viewer's hand in a fan, the status line above it and the viewer's plate."""
    v, me, lang = seats.v, seats.v.viewer, seats.lang
    mine = list(iter_mask(v.hands[me] or 0))
    k = len(mine)
    hw = 84.0
    spacing = min(hw + 10, (520 - hw) / max(k - 1, 1))  # a short hand spreads out, side by side
    probe = _fan(k, 500, 0.0, hw, spacing, 1.6)
    sag = max((y for _, y, _ in probe), default=0.0) - probe[k // 2][1] if k else 0.0
    pos = _fan(k, 500, _TH - 16 - sag, hw, spacing, 1.6)
    parts = []
    if status is not None:
        top = min((y for _, y, _ in pos), default=_TH - 16 - hw * _RATIO)
        if marks.selected:
            top -= hw * _RATIO * 0.17
        parts.append(_banner(500, top - 12, status, strong=strong))
    pw = _plate_width(seats.names[me], seats.detail(me), seats.badge(me))
    parts.append(seats.plate(18 + pw / 2, _TH - 70, me))
    parts.append(
        _viewer_hand(
            v,
            mine,
            pos,
            hw,
            name=seats.names[me],
            marks=marks,
            four_color=four_color,
            cover=cover,
            back=back,
            lang=lang,
        )
    )
    return "".join(parts)


def _viewer_hand(
    v: _View,
    mine: list[Card],
    pos: list[tuple[float, float, float]],
    w: float,
    *,
    name: str,
    marks: _Marks,
    four_color: bool,
    cover: bool,
    back: str,
    lang: str,
    cols: int | None = None,
) -> str:
    """The viewer's hand at ``pos``: named buttons (``cols`` per row, if in rows), or backs when ``cover``."""
    me, k = v.viewer, len(mine)
    if cover:
        label = _aria(text("display.hidden_hand", lang, name=name, cards=_count("cards", k, lang)))
        backs = "".join(
            _card_g(None, w=w, transform=_place(x, y, a, w), back=back, title=label, seat=me, lang=lang)
            for x, y, a in pos
        )
        head = f'<g class="hand mine covered" data-seat="{me}" data-count="{k}" role="img" aria-label="{label}">'
        return f"{head}{backs}</g>"
    label = _aria(text("display.a11y.your_hand", lang, cards=_count("cards", k, lang)))
    rows = f' data-cols="{cols}"' if cols is not None else ""
    cards = _hand_cards(
        mine,
        pos,
        w=w,
        dimmed=marks.dimmed,
        selected=marks.selected,
        highlighted=marks.highlighted,
        hinted=marks.hinted,
        legal=v.legal & ~marks.dimmed,  # a card the table dims (another table's game) is not to be played here
        reasons=marks.reasons,
        four_color=four_color,
        seat=me,
        lang=lang,
        interactive=True,
        passing=v.phase is Phase.PASSING and not v.passed,
    )
    return f'<g class="hand mine" data-seat="{me}" data-count="{k}"{rows} role="group" aria-label="{label}">{cards}</g>'


def _hearts_status(
    broken: bool, label: str, icon: tuple[float, float, float], at: tuple[float, float, float], anchor: str
) -> str:
    """Whether hearts are broken: a filled heart or an outline (a shape, not only a colour), and the words.

    ``icon`` is the heart's centre and size, ``at`` the words' position and font size.
    """
    x, y, size = icon
    out = [
        f'<g class="hearts-{"broken" if broken else "unbroken"}" role="img" '
        f'aria-label="{_aria(label)}">'
    ]
    if broken:
        out.append(_pip(3, x, y, size, "#e53935"))
    else:
        out.append(
            f'<path d="{_SUIT_PATHS[3]}" fill="none" stroke="#ffffff" stroke-opacity="0.7" '
            f'stroke-width="{_f(192 / size)}" transform="translate({_f(x - size / 2)} {_f(y - size / 2)}) '
            f'scale({_f(size / 100)})"/>'
        )
    out.append(_text(at[0], at[1], label, at[2], "#ffffff" if broken else INFO_INK, anchor=anchor))
    out.append("</g>")
    return "".join(out)


def _turns(v: _View) -> tuple[int, int]:
    """The seat whose turn it is (-1: nobody's; the viewer while choosing a pass) and the trick's leader."""
    active = v.to_play if v.phase in (Phase.PLAYING, Phase.MOON_CHOICE) else -1
    if v.phase is Phase.PASSING and not v.passed:
        active = v.viewer
    leads = v.leader if v.phase is Phase.PLAYING and v.leader >= 0 else -1
    return active, leads


def _status(
    v: _View, message: str | None, winner: int | None, nm: Sequence[str], cover: bool, lang: str
) -> tuple[str | None, bool]:
    """The line above the viewer's hand, and whether it is strong (a message given, or a covered hand)."""
    if cover and message is None:
        return text("display.covered", lang, name=nm[v.viewer]), True
    if message is not None:
        return message, True
    if v.phase is Phase.PASSING:
        if v.passed:
            return text("display.waiting_pass", lang), False
        direction = text(f"pass.{v.pass_direction.value}", lang)
        return text("display.choose_pass", lang, count=3, direction=direction, target=nm[v.pass_target]), False
    if v.phase is Phase.PLAYING:
        if v.to_play == v.viewer:
            return text("display.your_turn", lang), False
        if winner is not None:
            return text("display.trick_won", lang, name=nm[winner]), False
    if v.phase is Phase.MOON_CHOICE:
        return text("display.moon_choice", lang, name=nm[v.to_play]), False
    return None, False


def _summary(v: _View, names: list[str], lang: str, cx: float = 500, cy: float = 318) -> str:
    """The end-of-hand panel: points each seat took, and a moon if there was one."""
    rows = [(names[s], v.points[s]) for s in range(v.n)]
    extra = None
    if v.result is not None and v.result.shooter is not None:
        extra = text("display.moon", lang, name=names[v.result.shooter])
        rows = [(names[s], v.result.scores[s]) for s in range(v.n)]
    width = 320.0
    height = 70 + 24 * len(rows) + (26 if extra else 0)
    x, y = cx - width / 2, cy - height / 2
    out = [
        '<g class="summary">',
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(width)}" height="{_f(height)}" rx="14" fill="#fffdf5" '
        f'fill-opacity="0.96" stroke="#ffd54f" stroke-width="3"/>',
        _text(cx, y + 32, text("display.hand_over", lang), 20, "#1b1b1b", weight="bold"),
        _text(cx, y + 52, text("display.hand_points", lang), 13, "#5d4037"),
    ]
    yy = y + 78
    for name, pts in rows:
        out.append(_text(x + 40, yy, name, 15, "#1b1b1b", anchor="start"))
        out.append(_text(x + width - 40, yy, str(pts), 15, "#1b1b1b", weight="bold", anchor="end"))
        yy += 24
    if extra:
        out.append(_text(cx, yy + 4, extra, 15, _RED, weight="bold"))
    out.append("</g>")
    return "".join(out)


# ----- the table on a small screen ------------------------------------------------

COMPACT_BELOW = 880.0
"""Below this width in CSS pixels (``fit``) the table is drawn for a small screen: the fan's cards would
leave less than :data:`TAP` pixels of each card to tap."""
TAP = 48.0
"""Pixels of every card of the viewer's hand left to tap in the compact layout (WCAG asks 44 x 44)."""
LANDSCAPE = 1.3
"""A compact table is laid out across when it is wider than this many times the window's height."""


def is_landscape(fit: float | None, fit_height: float | None) -> bool:
    """Whether ``table_svg(fit=fit, fit_height=fit_height)`` draws the compact table across (a phone on its side).

    >>> is_landscape(820, 390), is_landscape(358, 844), is_landscape(1000, 390), is_landscape(820, None)
    (True, False, False, False)
    """
    return fit is not None and fit_height is not None and fit < COMPACT_BELOW and fit > LANDSCAPE * fit_height


_UNIT_PX = 0.82  # CSS pixels per drawing unit aimed at in the compact layout: 15 units of text read as 12 px


def _compact_table(
    v: _View,
    fit: float,
    nm: Sequence[str],
    shown: Sequence[tuple[int, Card]],
    winner: int | None,
    marks: _Marks,
    *,
    status: str | None,
    strong: bool,
    cover: bool,
    title: str | None,
    felt: str,
    back: str,
    four_color: bool,
    lang: str,
    landscape: bool = False,
) -> str:
    """The whole table for a screen ``fit`` pixels wide (see ``table_svg(fit=...)``); ``landscape``: across."""
    n, me = v.n, v.viewer
    W = min(1000.0, max(440.0, fit / _UNIT_PX))
    px = fit / W  # CSS pixels per unit, as it will be shown
    active, leads = _turns(v)
    board = _Board(
        v, list(nm), lang, active, leads, W=W, landscape=landscape, shown=shown, winner=winner, status=status,
        strong=strong, four_color=four_color,
    )  # fmt: skip
    board.corner(title)
    top = board.across() if landscape else board.down()
    mine = list(iter_mask(v.hands[me] or 0))
    pos, cw, cols, height_hand = _compact_fan(len(mine), W, board.m, px, top)
    board.body.append(
        _viewer_hand(
            v,
            mine,
            pos,
            cw,
            name=nm[me],
            marks=marks,
            four_color=four_color,
            cover=cover,
            back=back,
            lang=lang,
            cols=cols,
        )
    )
    H = top + height_hand + 12
    table_label = _aria(text("display.a11y.table", lang, name=nm[me]))
    head = [
        _svg_open(
            fit,
            H * px,
            W,
            H,
            "hearts-table",
            f' data-viewer="{me}" data-players="{n}" data-layout="compact"'
            f' data-arrange="{"landscape" if landscape else "portrait"}" role="group" aria-label="{table_label}"',
        ),
        f'<rect x="0" y="0" width="{_f(W)}" height="{_f(H)}" rx="14" fill="{_mix(felt, "#000000", 0.35)}"/>',
        f'<rect x="5" y="5" width="{_f(W - 10)}" height="{_f(H - 10)}" rx="11" fill="{felt}"/>',
    ]
    return "".join(head + board.body) + "</svg>"


@dataclass
class _Board:
    """The compact table being laid out, top to bottom, ``W`` units wide: what is drawn so far in ``body``."""

    v: _View
    names: list[str]
    lang: str
    active: int  # whose turn it is (-1: nobody's)
    leads: int  # the trick's leader (-1: none)
    W: float
    landscape: bool
    shown: Sequence[tuple[int, Card]]  # the cards in the middle
    winner: int | None  # the seat that took them, once the trick is finished
    status: str | None = None  # the line for the viewer
    strong: bool = False  # the status stands out (a message given, a covered hand)
    four_color: bool = False
    m: float = 10.0  # the margin
    gap: float = 8.0  # between plates in a row
    body: list[str] = field(default_factory=list)

    @property
    def cx(self) -> float:
        return self.W / 2

    @property
    def others(self) -> list[int]:
        """The other seats, clockwise from the viewer's left."""
        n, me = self.v.n, self.v.viewer
        return [(me + rel) % n for rel in range(1, n)]

    @property
    def per_row(self) -> int:
        """Plates in a row: up to three in one row, more in two."""
        k = len(self.others)
        return 3 if k <= 3 else (k + 1) // 2

    @property
    def side(self) -> float:
        """Across: the width of the columns left and right of the trick."""
        return min(300.0, (self.W - 2 * self.m) * 0.3)

    @property
    def plate_width(self) -> float:
        """The width of another seat's plate."""
        if self.landscape:
            return self.side
        per_row = self.per_row
        return (self.W - 2 * self.m - self.gap * (per_row - 1)) / per_row

    @property
    def plate_height(self) -> float:
        """The height of the tallest of the other seats' plates (every plate of a row is this tall)."""
        return 30 + 19 * max((len(self.lines(s)) for s in self.others), default=0) + 8.0

    def corner(self, title: str | None) -> None:
        """Top: hand and trick on the left, hearts on the right; the pass direction under them."""
        v, lang, m = self.v, self.lang, self.m
        first, *rest = _info_lines(v, title, lang)
        if v.phase is Phase.PLAYING:
            first += " · " + rest.pop(0)
        self.body.append('<g class="info">')
        self.body.append(_text(m + 8, 30, first, 17, "#ffffff", weight="bold", anchor="start"))
        self.body.append(_text(m + 8, 52, rest[0], 15, INFO_INK, anchor="start"))
        self.body.append("</g>")
        hb = text("display.hearts_broken" if v.hearts_broken else "display.hearts_unbroken", lang)
        hx = self.W - m - 8
        self.body.append(
            _hearts_status(v.hearts_broken, hb, (hx - _text_width(hb, 15) - 14, 47, 20), (hx, 52, 15), "end")
        )

    def lines(self, s: int) -> list[str]:
        """What seat ``s``'s plate says under its name: cards (and the lead), points, total; a revealed hand."""
        v, lang = self.v, self.lang
        first = _count("cards", v.sizes[s], lang)
        if s == self.leads and self.badge(s) is None:  # no room for the badge beside the name: said in the line
            first += " · " + text("display.leads", lang)
        out = [first, _count("points", v.points[s], lang)]
        if v.totals is not None:
            total = text("display.total", lang, total=v.totals[s])
            if self.W < 600:  # narrow plates: the total on a line of its own
                out.append(total)
            else:
                out[1] += " · " + total
        cards = v.hands[s]
        if s != v.viewer and cards is not None:  # every hand shown (``reveal``): each suit's ranks on a line
            for suit in range(4):
                ranks = [Card(c).rank_symbol for c in iter_mask(cards) if c // 13 == suit]
                out += _suit_lines(str(Card(suit * 13))[-1], ranks, self.plate_width - 14 - 8, 15)
        return out

    def plate_width_of(self, s: int) -> float:
        """The width of seat ``s``'s plate in this layout (the viewer's own plate is wider when upright)."""
        if s == self.v.viewer and not self.landscape:
            return self.W - 2 * self.m
        if self.landscape and s in self.others[1:-1]:  # across: the seats above the trick, between the sides
            return min(self.side, self.W - 2 * self.m - 2 * (self.side + self.gap))
        return self.plate_width

    def badge(self, s: int) -> str | None:
        """The lead badge on seat ``s``'s plate, beside its name, as on the full table (``None``: no badge, or no
        room for it beside the name: then its first line says it, which may wrap no plate's text past its edge)."""
        if s != self.leads:
            return None
        badge = text("display.leads", self.lang)
        fits = _COMPACT_PAD + _text_width(self.names[s], 17, True) + 8 + _compact_badge_width(badge) + 8
        return badge if fits <= self.plate_width_of(s) else None

    def plate(self, x: float, y: float, width: float, s: int, said: list[str]) -> None:
        self.body.append(
            _compact_plate(
                x, y, width, self.names[s], said, seat=s, active=s == self.active, lang=self.lang, badge=self.badge(s)
            )
        )

    def trick(self, tcy: float, tw: float) -> float:
        """The trick (each card towards the seat that played it), the pass arrow or the summary; its bottom."""
        v, lang, cx, shown, winner = self.v, self.lang, self.cx, self.shown, self.winner
        n, me = v.n, v.viewer
        th = tw * _RATIO
        trick_label = text("display.a11y.trick" if shown else "display.a11y.trick_empty", lang)
        self.body.append(f'<g class="trick" role="group" aria-label="{_aria(trick_label)}">')
        for s, c in shown:
            a = math.radians(_seat_angle((s - me) % n, n))
            x = cx + tw * 1.12 * math.cos(a)
            y = tcy + th * 0.56 * math.sin(a)
            self.body.append(
                _played(c, s, x, y, tw, 0.0, winner=winner, names=self.names, four_color=self.four_color, lang=lang)
            )
        self.body.append("</g>")
        if v.phase is Phase.PASSING and not v.passed:
            self.body.append(_arrow(cx, tcy, _seat_angle((v.pass_target - me) % n, n), "#ffd54f"))
        elif v.phase is Phase.DONE and not shown:
            self.body.append(_summary(v, self.names, lang, cx, tcy))
        return tcy + th * 1.06

    def banner(self, top: float, room: float, x: float) -> float:
        """The status line at ``top``, ``room`` wide, centred on ``x``; where what follows goes."""
        status, strong = self.status, self.strong
        if status is None:
            return top
        first = _banner(x, 0, status, strong=strong, size=16, room=room)
        height = float(re.findall(r'height="([\d.]+)"', first)[0])
        self.body.append(_banner(x, top + height, status, strong=strong, size=16, room=room))
        return top + height + 8

    def down(self) -> float:
        """Portrait: the other seats' plates in rows, the trick, the status, the viewer's plate across;
        where the hand goes."""
        m, W, cx, gap = self.m, self.W, self.cx, self.gap
        others, per_row, pw, plate_h = self.others, self.per_row, self.plate_width, self.plate_height
        me = self.v.viewer
        top = 64.0
        for i, s in enumerate(others):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(others) - row * per_row)
            x = cx - (in_row * pw + (in_row - 1) * gap) / 2 + col * (pw + gap)
            y = top + row * plate_h
            self.plate(x, y, pw, s, self.lines(s))
        top += plate_h * ((len(others) + per_row - 1) // per_row) + 4
        tw = min(84.0 if W < 600 else 112.0 if W < 800 else 96.0, (W - 2 * m) / 3.5)
        top = self.trick(top + tw * _RATIO * 1.05 + 6, tw) + 10
        top = self.banner(top, W - 2 * m, cx)
        # The viewer: a plate across, then the hand in rows of cards big enough to read and to tap.
        self.plate(m, top, W - 2 * m, me, [" · ".join(self.lines(me))])
        return top + 58

    def across(self) -> float:
        """Landscape: West (and the viewer's own plate) on the left, East and the status on the right, North
        above the trick in the middle; where the hand goes, in one row under them all."""
        m, W, cx, gap, side = self.m, self.W, self.cx, self.gap, self.side
        others, plate_h = self.others, self.plate_height
        me = self.v.viewer
        top = 64.0
        west, east = others[0], others[-1]
        middle = others[1:-1]
        mid_w = self.plate_width_of(middle[0]) if middle else side
        y = 10.0
        for s in middle:
            self.plate(cx - mid_w / 2, y, mid_w, s, self.lines(s))
            y += plate_h + 6
        tw = min(64.0, (W - 2 * m - 2 * (side + gap)) / 3.5)
        bottom = self.trick(y + tw * _RATIO * 1.05, tw)
        self.plate(m, top, side, west, self.lines(west))
        mine_lines = self.lines(me)
        self.plate(m, top + plate_h + 8, side, me, mine_lines)
        low = top + plate_h + 8 + 30 + 19 * len(mine_lines)
        self.plate(W - m - side, top, side, east, self.lines(east))
        low = max(low, self.banner(top + plate_h + 8, side, W - m - side / 2))
        return max(bottom, low) + 6


def _compact_fan(
    k: int, W: float, m: float, px: float, top: float
) -> tuple[list[tuple[float, float, float]], float, int, float]:
    """The viewer's ``k`` cards in balanced rows from ``top``, each at least :data:`TAP` CSS pixels to tap
    (``px`` pixels a unit): their places, the card width, cards per row and the height of the rows."""
    cx = W / 2
    cw = max(56 / px, 60.0)  # a card about 56 px wide
    ch = cw * _RATIO
    lift = ch * 0.17
    step_min = (TAP - 2) / px
    room = W - 2 * m - cw
    cols = max(1, min(k, int(room // step_min) + 1)) if k else 1
    rows = -(-k // cols) if k else 1
    cols = -(-k // rows) if k else 1  # balanced rows: 7 and 6, not 12 and 1
    step = min(cw + 6, room / (cols - 1)) if cols > 1 else 0.0
    row_step = max(ch * 0.6, TAP / px) + lift
    pos: list[tuple[float, float, float]] = []
    for i in range(k):
        r, col = divmod(i, cols)
        in_row = min(cols, k - r * cols)
        left = cx - (cw + step * (in_row - 1)) / 2
        pos.append((left + col * step, top + lift + r * row_step, 0.0))
    return pos, cw, cols, lift + (rows - 1) * row_step + ch


_RANK_EM = 0.8  # the widest rank letter of DejaVu Sans (Q) in ems, for every character of a rank
_SUIT_EM = 0.9  # a suit symbol
_SPACE_EM = 0.32  # a space (and a no-break space)


def _suit_lines(symbol: str, ranks: Sequence[str], room: float, size: float) -> list[str]:
    """One suit's ranks after its symbol, wrapped into lines ``room`` units wide at font ``size``; a
    continued line is indented under the first rank (no-break spaces, which SVG keeps).

    >>> _suit_lines("♥", list("AKQJ"), 200, 15)
    ['♥ A K Q J']
    >>> _suit_lines("♥", ["A", "K", "Q", "J", "10", "9", "8"], 100, 15)
    ['♥ A K Q J', '\xa0\xa0\xa0\xa010 9 8']
    >>> _suit_lines("♣", [], 100, 15)
    ['♣ –']
    """
    if not ranks:
        return [f"{symbol} –"]
    indent = (_SUIT_EM + _SPACE_EM) * size
    pad = "\u00a0" * math.ceil((_SUIT_EM + _SPACE_EM) / _SPACE_EM)
    lines: list[str] = []
    line: list[str] = []
    width = indent
    for r in ranks:
        w = len(r) * _RANK_EM * size + (_SPACE_EM * size if line else 0.0)
        if line and width + w > room:
            lines.append(" ".join(line))
            line, width = [], indent
            w = len(r) * _RANK_EM * size
        line.append(r)
        width += w
    lines.append(" ".join(line))
    return [f"{symbol} {lines[0]}"] + [pad + x for x in lines[1:]]


_COMPACT_PAD = 14.0  # from a compact plate's left edge to its text


def _compact_badge_width(badge: str) -> float:
    """The width of the lead badge on a compact plate."""
    return _text_width(badge, 13, True) + 12


def _compact_plate(
    x: float,
    top: float,
    width: float,
    name: str,
    lines: Sequence[str],
    *,
    seat: int,
    active: bool,
    lang: str,
    badge: str | None = None,
) -> str:
    """A seat's plate in the compact layout: the name (and the lead ``badge`` at the right, as on the full
    table), then its lines, at sizes a phone shows legibly."""
    height = 30 + 19 * len(lines)
    stroke = ' stroke="#ffd54f" stroke-width="3"' if active else ' stroke="#ffffff" stroke-opacity="0.18"'
    said = [f"{name}: {' · '.join(lines)}"] + [w for w in (text("display.a11y.to_play", lang) if active else None,
                                                           badge) if w]  # fmt: skip
    out = [
        f'<g class="seat{" active" if active else ""}" data-seat="{seat}" role="img" '
        f'aria-label="{_aria(", ".join(said))}">',
        f'<rect x="{_f(x)}" y="{_f(top)}" width="{_f(width)}" height="{_f(height)}" rx="10" fill="{PLATE}" '
        f'fill-opacity="{PLATE_OPACITY}"{stroke}/>',
    ]
    if active:
        out.append(
            f'<path class="turn-pointer" d="M{_f(x - 3)} {_f(top + 8)}L{_f(x + 10)} {_f(top + 21)}L{_f(x - 3)} '
            f'{_f(top + 34)}Z" fill="#ffd54f" stroke="#3e2723" stroke-width="1.5"/>'
        )
    out.append(
        _text(x + _COMPACT_PAD, top + 22, name, 17, "#ffe082" if active else "#ffffff", weight="bold", anchor="start")
    )
    if badge:
        bw = _compact_badge_width(badge)
        bx = x + width - bw - 8
        out.append(
            f'<rect class="lead-badge" x="{_f(bx)}" y="{_f(top + 7)}" width="{_f(bw)}" height="20" rx="10" '
            f'fill="#ffd54f"/>'
        )
        out.append(_text(bx + bw / 2, top + 21.5, badge, 13, "#3e2723", weight="bold"))
    for i, line in enumerate(lines):
        out.append(_text(x + _COMPACT_PAD, top + 42 + 19 * i, line, 15, INFO_INK, anchor="start"))
    out.append("</g>")
    return "".join(out)
