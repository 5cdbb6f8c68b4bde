"""One card (its face, its back and the marks laid over it) and a hand of cards, each as ``<svg>`` or ``<g>``."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape

from hearts.cards import Card, card, iter_mask
from hearts.drawing.base import (
    _RATIO,
    BACKS,
    DIM_OPACITY,
    DIM_VEIL,
    SERIF,
    CardsLike,
    DisplayError,
    _aria,
    _check_back,
    _check_bool,
    _check_lang,
    _check_width,
    _f,
    _mask_of,
    _svg_open,
    _text,
    suit_color,
)
from hearts.messages import card_name, text

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


@functools.lru_cache(maxsize=4096)  # pure: the same card at the same place is drawn once (a room redraws often)
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
    copy: int | None = None,
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
    if copy is not None:  # a deck of two copies of each card (Cancellation Hearts): which of the two this is
        attrs.append(f'data-copy="{copy}"')
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
    hearts.drawing.DisplayError: back must be one of blue, red, green, purple, black, not 'plaid'
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


def _copies(cards: Sequence[Card]) -> list[int | None]:
    """For each card of ``cards``, which copy it is (1 or 2) when the same card is there twice (a double deck),
    else ``None``: a card of which there is one says nothing (``data-copy`` is left out).

    >>> from hearts import Card
    >>> _copies([Card.parse(x) for x in "QS 2C QS".split()])
    [1, None, 2]
    """
    twice = {c for c in cards if cards.count(c) > 1}
    seen: dict[int, int] = {}
    out: list[int | None] = []
    for c in cards:
        if c in twice:
            seen[c] = seen.get(c, 0) + 1
            out.append(seen[c])
        else:
            out.append(None)
    return out


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
    copies = _copies(cards)
    for c, (x, y, a), copy in zip(cards, pos, copies):
        bit = 1 << c
        # Chosen and received are two-copy masks: bit c + 52 marks the second copy (data-copy 2) of a card held twice.
        own = 1 << (c + 52) if copy == 2 else bit
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
                selected=bool(selected & own),
                highlighted=bool(highlighted & own),
                hinted=bool(hinted & bit),
                legal=bool(legal & bit),
                title=title,
                label=_card_label(c, dimmed, selected, highlighted, hinted, reasons, lang, own, copy),
                seat=seat,
                copy=copy,
                interactive=interactive,
                pressed=bool(selected & own) if interactive and passing else None,
                lang=lang,
            )
        )
    return "".join(out)


def _card_label(
    c: Card,
    dimmed: int,
    selected: int,
    highlighted: int,
    hinted: int,
    reasons: Mapping[int, str],
    lang: str,
    own: int | None = None,
    copy: int | None = None,
) -> str:
    """A card's accessible name: its name, then what the table shows about it (chosen, received, hinted,
    and why it cannot be played). ``own`` is this copy's bit in the two-copy masks (default: bit ``c``);
    ``copy`` (1 or 2) is said when the hand holds both copies, so the two buttons do not share one name."""
    bit = 1 << c
    own = bit if own is None else own
    name = card_name(c, lang)
    bits = [name if copy is None else text("display.a11y.copy", lang, card=name, copy=copy)]
    for mask, key, b in ((selected, "chosen", own), (highlighted, "received", own), (hinted, "hinted", bit)):
        if mask & b:
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
    >>> from hearts import CardSet
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
