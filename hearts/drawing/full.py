"""The table at full size: the other seats around it, the trick in the middle, the viewer at the bottom."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hearts.cards import Card, iter_mask
from hearts.drawing.base import _RATIO, INFO_INK, _aria, _f, _mix, _svg_open, _text, _text_width
from hearts.drawing.cards import _card_g, _fan, _fan_bounds, _hand_cards
from hearts.drawing.layout import _TH, _TW, Box, _inside, _seat_angle, _Spot, _spot, seat_layout
from hearts.drawing.plates import (
    _arrow,
    _banner,
    _hearts_status,
    _info_lines,
    _pass_arrows,
    _plate,
    _plate_lines,
    _plate_width,
    _viewer_hand,
)
from hearts.drawing.scores import _score_sheet, _summary
from hearts.drawing.trick import _trick_cards
from hearts.drawing.view import _count, _Marks, _View
from hearts.hand import Phase
from hearts.messages import card_name, text


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

    def plate(self, cx: float, top: float, s: int, room: float | None = None) -> str:
        """Seat ``s``'s name plate centred on ``cx`` (kept on the table), ``top`` its top, no wider than ``room``."""
        turn = text("display.a11y.to_play", self.lang)
        return _plate(
            cx,
            top,
            self.names[s],
            self.detail(s),
            seat=s,
            active=s == self.active,
            badge=self.badge(s),
            turn=turn,
            room=room,
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
    if v.n == 4:
        ring = 'cx="500" cy="318" rx="150" ry="118"'
    else:
        t = seat_layout(v.n).trick
        ring = f'cx="{_f(t.cx)}" cy="{_f(t.cy)}" rx="{_f(t.w / 2 - 4)}" ry="{_f(t.h / 2 - 4)}"'
    parts.append(f'<ellipse {ring} fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="2"/>')
    return "".join(parts)


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
    box = None if n == 4 else seat_layout(n).seats[rel - 1]
    sp = _spot(rel, n) if box is None else _Spot(box.cx, box.y, False)
    cards = v.hands[s]
    count = v.sizes[s]
    if cards is None:
        label = text("display.hidden_hand", lang, name=nm[s], cards=_count("cards", count, lang))
        head = f'<g class="hand" data-seat="{s}" data-count="{count}" role="img" aria-label="{_aria(label)}">'
        body, plate_x, bottom = _hidden_hand(sp, n, s, count, label, back=back, lang=lang, box=box)
    else:
        cs = list(iter_mask(cards))
        label = text("display.a11y.hand_of", lang, name=nm[s], cards=", ".join(card_name(c, lang) for c in cs))
        head = f'<g class="hand" data-seat="{s}" data-count="{count}" role="group" aria-label="{_aria(label)}">'
        body, plate_x, bottom = _open_hand(
            sp, n, s, cs, highlighted & cards, four_color=four_color, lang=lang, box=box
        )
    if box is not None:
        return f"{head}{body}</g>{seats.plate(box.cx, bottom + 6, s, room=box.w)}"
    return f"{head}{body}</g>{seats.plate(plate_x, bottom + 8, s)}"


def _hidden_hand(
    sp: _Spot, n: int, s: int, count: int, label: str, *, back: str, lang: str, box: Box | None = None
) -> tuple[str, float, float]:
    """Another seat's ``count`` cards face down at ``sp`` (the classic table) or across the top of its ``box``;
    the drawing, the centre of its plate and its bottom."""
    plate_x = sp.x + ((14 if sp.x < 500 else -14) if sp.vertical else 0)
    if box is not None:  # as wide as the seat's box allows
        cw = 46.0 if box.w >= 250 else 40.0
        step = min(13.0, (box.w - cw) / max(count - 1, 1))
    elif sp.vertical:
        cw, step = 50.0, min(14.0, 230 / max(count - 1, 1))
    else:
        cw = 46.0 if n <= 5 else 40.0
        step = min(13.0, 200 / max(count - 1, 1))
    total = cw + step * (count - 1) if count else 0
    if sp.vertical:
        start, across = sp.y - total / 2, sp.x - cw * _RATIO / 2
        bottom = sp.y + max(total, cw) / 2
    else:
        start = _inside(sp.x, total) if box is None else box.cx - total / 2
        plate_x = start + total / 2
        across = sp.y - cw * _RATIO / 2 if box is None else box.y
        bottom = sp.y + cw * _RATIO / 2 if box is None else box.y + cw * _RATIO
    parts = []
    for i in range(count):
        x, y = (across, start + i * step) if sp.vertical else (start + i * step, across)
        parts.append(
            _card_g(
                None,
                w=cw,
                transform=f"translate({_f(x)} {_f(y)})",
                back=back,
                title=label,
                seat=s,
                sideways=sp.vertical,
                under=i < count - 1,
                lang=lang,
            )
        )
    return "".join(parts), plate_x, bottom


def _open_hand(
    sp: _Spot,
    n: int,
    s: int,
    cs: list[Card],
    highlighted: int,
    *,
    four_color: bool,
    lang: str,
    box: Box | None = None,
) -> tuple[str, float, float]:
    """Another seat's cards ``cs`` face up (a revealed hand) at ``sp`` (the classic table) or across the top of
    its ``box``; the drawing, its plate's centre and bottom."""
    plate_x = sp.x + ((14 if sp.x < 500 else -14) if sp.vertical else 0)
    if box is not None:
        cw = 48.0
        step = min(22.0, (box.w - cw) / max(len(cs) - 1, 1))
        total = cw + step * (len(cs) - 1)
        left = box.cx - total / 2
        pos = [(left + i * step, box.y, 0.0) for i in range(len(cs))]
        bottom = box.y + cw * _RATIO
    elif sp.vertical:
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
    if winner is not None and winner < 0:  # Cancellation Hearts: nobody takes it, it stays to wait
        won = ' data-waits="true"'
    if n == 4:
        tw, slots = 76.0, None
    else:
        layout = seat_layout(n)
        tw, slots = layout.card, layout.slots
    parts = [
        f'<g class="trick"{won} role="group" aria-label="{_aria(trick_label)}">',
        _trick_cards(shown, n, me, tw, four_color=four_color, winner=winner, names=nm, lang=lang, slots=slots),
        "</g>",
    ]
    if v.phase is Phase.PASSING and not v.passed:
        if n == 4:
            parts.append(_arrow(500, 318, _seat_angle((v.pass_target - me) % n, n), "#ffd54f"))
        else:
            parts.append(_pass_arrows(v, layout.anchor))
    elif v.phase is Phase.DONE and not shown:
        if n == 4:
            parts.append(_summary(v, list(nm), lang))
        else:
            t = layout.trick
            parts.append(_score_sheet(v, list(nm), lang, t.cx, t.cy, t.w))
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
        room = _TW - 40 if v.n == 4 else seat_layout(v.n).banner_room
        parts.append(_banner(500, top - 12, status, strong=strong, room=room))
    pw = _plate_width(seats.names[me], seats.detail(me), seats.badge(me))
    room = (_fan_bounds(pos, hw)[0] if pos else _TW / 2) - 18 - 10  # left of the hand
    if pw <= room:
        parts.append(seats.plate(18 + pw / 2, _TH - 70, me))
    else:  # a long name: the plate keeps off the hand, its detail on more lines (and up) and its name cut short
        lines = len(_plate_lines(seats.names[me], seats.detail(me), seats.badge(me), room)[0])
        parts.append(seats.plate(18 + room / 2, _TH - 70 - 15 * (lines - 1), me, room=room))
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
