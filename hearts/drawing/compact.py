"""The table on a small screen (``table_svg(fit=...)`` below :data:`COMPACT_BELOW` pixels): the other seats as
name plates in rows, the trick, the viewer's hand in rows of cards big enough to tap."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from hearts.cards import Card, iter_mask
from hearts.drawing.base import _RATIO, INFO_INK, DisplayError, _aria, _f, _mix, _svg_open, _text, _text_width
from hearts.drawing.cards import _copies
from hearts.drawing.layout import Box, _seat_angle, ring_point, trick_slots
from hearts.drawing.piles import _wrap, pile_lines, piles_svg
from hearts.drawing.plates import (
    _COMPACT_PAD,
    _arrow,
    _banner,
    _compact_badge_width,
    _compact_plate,
    _hearts_status,
    _info_lines,
    _pass_arrow,
    _viewer_hand,
)
from hearts.drawing.scores import _score_sheet, _summary
from hearts.drawing.trick import _played
from hearts.drawing.view import _count, _Marks, _turns, _View
from hearts.hand import Phase
from hearts.messages import text


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


_PLATE_MIN = 160.0  # the narrowest plate of another seat when there are more than three
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
    turns: tuple[int, int] | None = None,
) -> str:
    """The whole table for a screen ``fit`` pixels wide (see ``table_svg(fit=...)``); ``landscape``: across;
    ``turns``: the seat to play (-1: none marked) and the trick's leader (default: from the view)."""
    n, me = v.n, v.viewer
    W = min(1000.0, max(440.0, fit / _UNIT_PX))
    px = fit / W  # CSS pixels per unit, as it will be shown
    active, leads = _turns(v) if turns is None else turns
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
    centres: dict[int, tuple[float, float]] = field(default_factory=dict)  # of the plates drawn so far

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
        """Plates in a row: up to three in one row; more in as few balanced rows as keep each plate at least
        :data:`_PLATE_MIN` wide (a name and "10 cards · leads" on it)."""
        k = len(self.others)
        if k <= 3:
            return 3 if self.v.n == 4 else k  # three seats: two plates, each half the row
        fit = max(1, int((self.W - 2 * self.m + self.gap) // (_PLATE_MIN + self.gap)))
        rows = -(-k // min(fit, (k + 1) // 2 if self.v.n == 5 else k))
        return -(-k // rows)

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
        self.centres[s] = (x + width / 2, y + (30 + 19 * len(said)) / 2)
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

    def seats_trick(self, top: float, tw: float, left: float | None = None) -> float:
        """Any count of seats but four: the trick's cards in an area from ``top``, across the table (or from
        ``left`` to as far from the right edge), as large as they go up to ``tw`` without touching, each towards
        its seat; while choosing a pass an arrow from the viewer towards the plate of the seat the pass goes to;
        the score sheet at the end of the hand. Its bottom."""
        v, lang, shown, winner = self.v, self.lang, self.shown, self.winner
        n, me = v.n, v.viewer
        x = self.m if left is None else left
        area = Box(x, top, self.W - 2 * x, tw * _RATIO * (2.2 if n <= 5 else 2.6))
        w, slots = trick_slots(n, area.w, area.h, tw)
        trick_label = text("display.a11y.trick" if shown else "display.a11y.trick_empty", lang)
        self.body.append(f'<g class="trick" role="group" aria-label="{_aria(trick_label)}">')
        copies = _copies([c for _, c in shown])
        for (s, c), copy in zip(shown, copies):
            x, y = slots[(s - me) % n]
            self.body.append(
                _played(c, s, area.cx + x, area.cy + y, w, 0.0, winner=winner, names=self.names,
                        four_color=self.four_color, lang=lang, copy=copy, cancelled=copy is not None)
            )  # fmt: skip
        self.body.append("</g>")
        lines = pile_lines(v, self.names, lang)  # Cancellation Hearts: the waiting pile and the widow, under it
        room = self.W - 2 * self.m - 16
        shown_lines = sum(len(_wrap(line, 15, room)) for line in lines)
        # Below the lines, room for the view's Last trick button, which sits at the right above the message line.
        extra = 8 + 15 * 1.35 * shown_lines + 30 if lines else 0.0
        if lines:
            self.body.append(piles_svg(lines, x=self.m + 8, y=area.bottom + 18, size=15, lang=lang, room=room))
        if v.phase is Phase.PASSING and not v.passed:  # the plates are in rows: the viewer's arrow only
            end = ring_point(area, self.centres[v.pass_target], 30, 22)
            start = (area.cx, area.cy + area.h * 0.3)
            arrow = _pass_arrow(start, end, frm=me, to=v.pass_target, mine=True)
            self.body.append(f'<g class="pass-arrows" data-offset="{(v.pass_target - me) % n}">{arrow}</g>')
        elif v.phase is Phase.DONE and not shown:
            self.body.append(_score_sheet(v, self.names, lang, area.cx, area.cy, area.w))
        return area.bottom + extra

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
        classic = self.v.n == 4
        top = (self.trick(top + tw * _RATIO * 1.05 + 6, tw) if classic else self.seats_trick(top + 4, tw)) + 10
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
        if self.v.n == 4:
            bottom = self.trick(y + tw * _RATIO * 1.05, tw)
        else:  # three seats: West and East beside the trick
            self.centres[west] = (m + side / 2, top + plate_h / 2)
            self.centres[east] = (W - m - side / 2, top + plate_h / 2)
            bottom = self.seats_trick(y, tw, left=m + side + gap)
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
