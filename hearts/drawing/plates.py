"""The pieces of a table both layouts share: the seats' name plates, the message line, the pass arrow,
whether hearts are broken, the lines at the top and the viewer's hand."""

from __future__ import annotations

from collections.abc import Sequence

from hearts.cards import Card
from hearts.drawing.base import INFO_INK, PLATE, PLATE_OPACITY, _aria, _f, _text, _text_width, _wrap
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
