"""The pieces of a table both layouts share: the seats' name plates, the message line, the pass arrow,
whether hearts are broken, the lines at the top and the viewer's hand."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from hearts.cards import Card
from hearts.drawing.base import INFO_INK, PLATE, PLATE_OPACITY, _aria, _f, _fit, _text, _text_width, _wrap
from hearts.drawing.cards import _SUIT_PATHS, _card_g, _hand_cards, _pip, _place
from hearts.drawing.layout import _TW
from hearts.drawing.view import _count, _Marks, _View
from hearts.hand import Phase
from hearts.messages import text


def _plate_width(name: str, detail: str, badge: str | None) -> float:
    """The width of a name plate that holds ``name``, ``detail`` and the ``badge``."""
    width = max(_text_width(name, 16, True), _text_width(detail, 12.5)) + 28
    if badge:
        width += _text_width(badge, 11, True) + 12
    return max(width, 96)


def _plate_lines(name: str, detail: str, badge: str | None, room: float | None) -> tuple[list[str], float]:
    """The detail in as few lines as keep the plate within ``room`` (its pieces, split at " · ", packed), and the
    plate's width; no ``room``: one line, as wide as it needs."""
    width = _plate_width(name, detail, badge)
    if room is None or width <= room:
        return [detail], width
    lines: list[str] = []
    for piece in detail.split(" · "):
        joined = f"{lines[-1]} · {piece}" if lines else piece
        if lines and _text_width(joined, 12.5) + 28 <= room:
            lines[-1] = joined
        else:
            lines.append(piece)
    return lines, room


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
    room: float | None = None,
) -> str:
    """A seat's name plate: name, then cards / points / total; gold when it is that seat's turn. Given ``room``,
    the plate is no wider: the detail goes on more lines."""
    lines, width = _plate_lines(name, detail, badge, room)
    x = min(max(cx - width / 2, 14.0), _TW - 14 - width)
    label = ", ".join(
        [f"{name}: {detail}"] + [said for said in (turn if active else None, badge) if said]
    )
    height = 46 + 15 * (len(lines) - 1)
    out = _plate_frame(x, top, width, height, seat=seat, active=active, label=label, pointer=(4, 11, 8, 23, 35))
    if room is not None:  # a long name cut short to its room (the plate's accessible name says it whole)
        name = _fit(name, 16, width - 28 - (_badge_width(badge, 11) + 4 if badge else 0), True)
    out.append(_text(x + 14, top + 20, name, 16, "#ffe082" if active else "#ffffff", weight="bold", anchor="start"))
    for i, line in enumerate(lines):
        out.append(_text(x + 14, top + 37 + 15 * i, line, 12.5, INFO_INK, anchor="start"))
    if badge:
        out.append(_lead_badge(x + width - 8, top, badge, 11))
    out.append("</g>")
    return "".join(out)


def _plate_frame(
    x: float,
    top: float,
    width: float,
    height: float,
    *,
    seat: int,
    active: bool,
    label: str,
    pointer: tuple[float, float, float, float, float],
) -> list[str]:
    """A plate's group (named ``label``, left open) and its box; gold when it is that seat's turn, with a pointer
    at its left (the turn is a shape too, not only a colour): ``pointer`` gives how far the pointer reaches out
    to the left, its top, how far it reaches in, its tip's height and its bottom."""
    stroke = ' stroke="#ffd54f" stroke-width="3"' if active else ' stroke="#ffffff" stroke-opacity="0.18"'
    out = [
        f'<g class="seat{" active" if active else ""}" data-seat="{seat}" role="img" aria-label="{_aria(label)}">',
        f'<rect x="{_f(x)}" y="{_f(top)}" width="{_f(width)}" height="{_f(height)}" rx="10" fill="{PLATE}" '
        f'fill-opacity="{PLATE_OPACITY}"{stroke}/>',
    ]
    if active:
        out_, y0, in_, tip, y1 = pointer
        out.append(
            f'<path class="turn-pointer" d="M{_f(x - out_)} {_f(top + y0)}L{_f(x + in_)} {_f(top + tip)}'
            f'L{_f(x - out_)} {_f(top + y1)}Z" fill="#ffd54f" stroke="#3e2723" stroke-width="1.5"/>'
        )
    return out


def _lead_badge(right: float, top: float, badge: str, size: float) -> str:
    """The gold badge of the seat that leads, its right edge at ``right``, on a plate whose top is ``top``."""
    bw = _badge_width(badge, size)
    bx = right - bw
    height = size * 1.5 + 0.5
    return (
        f'<rect class="lead-badge" x="{_f(bx)}" y="{_f(top + (13.5 - size / 2))}" width="{_f(bw)}" '
        f'height="{_f(height)}" rx="{_f(height / 2)}" fill="#ffd54f"/>'
        + _text(bx + bw / 2, top + (15 + size / 2), badge, size, "#3e2723", weight="bold")
    )


def _badge_width(badge: str, size: float) -> float:
    """The width of the lead badge in letters ``size`` high."""
    return _text_width(badge, size, True) + size - 1


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


_COMPACT_PAD = 14.0  # from a compact plate's left edge to its text


def _compact_badge_width(badge: str) -> float:
    """The width of the lead badge on a compact plate."""
    return _badge_width(badge, 13)


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
    said = [f"{name}: {' · '.join(lines)}"] + [w for w in (text("display.a11y.to_play", lang) if active else None,
                                                           badge) if w]  # fmt: skip
    out = _plate_frame(
        x, top, width, height, seat=seat, active=active, label=", ".join(said), pointer=(3, 8, 10, 21, 34)
    )
    room = width - _COMPACT_PAD - 8 - (_compact_badge_width(badge) + 8 if badge else 0)
    shown = _fit(name, 17, room, True)  # a long name cut short (the accessible name says it whole)
    out.append(
        _text(x + _COMPACT_PAD, top + 22, shown, 17, "#ffe082" if active else "#ffffff", weight="bold", anchor="start")
    )
    if badge:
        out.append(_lead_badge(x + width - 8, top, badge, 13))
    for i, line in enumerate(lines):
        out.append(_text(x + _COMPACT_PAD, top + 42 + 19 * i, line, 15, INFO_INK, anchor="start"))
    out.append("</g>")
    return "".join(out)


def _pass_arrow(start: tuple[float, float], end: tuple[float, float], *, frm: int, to: int, mine: bool) -> str:
    """An arrow from ``start`` to ``end`` for the pass of seat ``frm`` to seat ``to`` (``data-from``, ``data-to``):
    the viewer's own (``mine``) broad and gold, the others' narrow and pale. One polygon, its tail first and its
    tip fourth."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = -uy, ux
    half, head, wing = (6.0, 24.0, 15.0) if mine else (3.5, 16.0, 10.0)
    head = min(head, length * 0.5)
    neck = (x2 - ux * head, y2 - uy * head)
    pts = [
        (x1 + nx * half, y1 + ny * half),
        (neck[0] + nx * half, neck[1] + ny * half),
        (neck[0] + nx * wing, neck[1] + ny * wing),
        (x2, y2),
        (neck[0] - nx * wing, neck[1] - ny * wing),
        (neck[0] - nx * half, neck[1] - ny * half),
        (x1 - nx * half, y1 - ny * half),
    ]
    color = "#ffd54f" if mine else "#ffffff"
    return (
        f'<polygon class="pass-arrow{"" if mine else " other"}" data-from="{frm}" data-to="{to}" '
        f'points="{" ".join(f"{_f(x)},{_f(y)}" for x, y in pts)}" fill="{color}" '
        f'fill-opacity="{0.9 if mine else 0.55}" stroke="#3e2723" stroke-opacity="0.6" stroke-width="1.5"/>'
    )


def _pass_arrows(v: _View, anchor: Callable[[int], tuple[float, float]], trim: float = 14.0) -> str:
    """While the viewer chooses a pass: an arrow from every seat to the seat its pass goes to (the hand's
    direction in the rules' cycle), between the seats' ``anchor`` points (by places after the viewer), ends
    drawn ``trim`` short of them; the viewer's arrow last, on top."""
    n, me = v.n, v.viewer
    offset = (v.pass_target - me) % n
    out = []
    for rel in (*range(1, n), 0):
        (x1, y1), (x2, y2) = anchor(rel), anchor((rel + offset) % n)
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        cut = min(trim, length / 4) / length
        start = (x1 + (x2 - x1) * cut, y1 + (y2 - y1) * cut)
        end = (x2 - (x2 - x1) * cut, y2 - (y2 - y1) * cut)
        s = (me + rel) % n
        out.append(_pass_arrow(start, end, frm=s, to=(s + offset) % n, mine=rel == 0))
    return f'<g class="pass-arrows" data-offset="{offset}">{"".join(out)}</g>'
