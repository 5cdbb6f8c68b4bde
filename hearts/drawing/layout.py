"""Where things go on the table, for 3 to 10 seats: the seats around it, their hands, the trick's card slots
and the pass arrows. Geometry only, in the table's drawing units (:data:`TABLE_WIDTH` x :data:`TABLE_HEIGHT`);
nothing here draws a card or reads a game.

Four seats keep the classic table (South, West, North and East at the four sides, :func:`_spot`). Any other
count sits the viewer at the bottom and the others clockwise in play order from the viewer's left: up the
left side, along the top, down the right side (:func:`seat_layout`), each seat a box that holds its hand
above its name plate. The trick's cards lie on an ellipse in the middle, each towards the seat that played
it, as large as they can be without touching (:func:`trick_slots`).

>>> layout = seat_layout(10)
>>> len(layout.seats), layout.seats[0].cx < TABLE_WIDTH / 2 < layout.seats[-1].cx
(9, True)
>>> any(a.overlaps(b) for a in layout.seats for b in layout.seats if a is not b)
False
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

TABLE_WIDTH, TABLE_HEIGHT = 1000.0, 720.0
"""The table's drawing units (the ``viewBox`` of the full-size table)."""
_TW, _TH = TABLE_WIDTH, TABLE_HEIGHT
MIN_SEATS, MAX_SEATS = 3, 10
"""The seat counts the table is laid out for (Cancellation Hearts seats up to 10)."""
CARD_RATIO = 1.4  # card height / width


def _seat_angle(rel: int, n: int) -> float:
    """Screen angle (degrees, y down) of the seat ``rel`` places after the viewer: 90 = bottom."""
    return 90.0 + rel * 360.0 / n


@dataclass(frozen=True)
class _Spot:
    x: float  # centre of the seat's cards
    y: float
    vertical: bool  # cards stacked top to bottom (seats at the sides)


def _spot(rel: int, n: int) -> _Spot:
    """The classic four-seat table's places (other counts use :func:`seat_layout`)."""
    return (_Spot(500, 640, False), _Spot(72, 320, True), _Spot(500, 62, False), _Spot(928, 320, True))[rel]


def _trick_spot(rel: int, n: int) -> tuple[float, float, float]:
    """Centre and a small tilt of the card played by seat ``rel`` in the middle of the classic table."""
    a = math.radians(_seat_angle(rel, n))
    rx, ry = (70, 58) if n <= 4 else (118, 94)
    return 500 + rx * math.cos(a), 318 + ry * math.sin(a), float(_TILTS[rel])


_TILTS = (-3, 5, -2, 4, -5, 2, -4, 3, -1, 1)  # a played card lies a little askew, each seat its own way


def _inside(cx: float, width: float, margin: float = 22.0) -> float:
    """Left edge of a row ``width`` wide centred on ``cx``, moved to stay on the table."""
    return min(max(cx - width / 2, margin), _TW - margin - width)


@dataclass(frozen=True)
class Box:
    """A rectangle in drawing units: left, top, width, height.

    >>> Box(0, 0, 10, 10).overlaps(Box(10, 0, 5, 5)), Box(0, 0, 10, 10).overlaps(Box(9, 9, 5, 5))
    (False, True)
    """

    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def overlaps(self, other: Box, gap: float = 0.0) -> bool:
        """Whether the two boxes share any area (or come closer than ``gap``)."""
        return (
            self.x < other.right + gap
            and other.x < self.right + gap
            and self.y < other.bottom + gap
            and other.y < self.bottom + gap
        )


def _check_seats(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        from hearts.drawing.base import DisplayError

        raise DisplayError(f"num_players must be {MIN_SEATS} to {MAX_SEATS}, not {n!r}", "num_players")
    return n


def turned_box(x: float, y: float, w: float, tilt: float) -> Box:
    """The box around a card ``w`` wide centred on ``x, y`` and turned ``tilt`` degrees.

    >>> turned_box(50, 70, 100, 0)
    Box(x=0.0, y=0.0, w=100.0, h=140.0)
    >>> turned_box(50, 70, 100, 90).w
    140.0
    """
    h = w * CARD_RATIO
    a = math.radians(abs(tilt))
    bw, bh = w * math.cos(a) + h * math.sin(a), w * math.sin(a) + h * math.cos(a)
    return Box(x - bw / 2, y - bh / 2, bw, bh)


@functools.lru_cache(maxsize=256)
def trick_slots(n: int, width: float, height: float, largest: float) -> tuple[float, tuple[tuple[float, float], ...]]:
    """The card width and the centres (from the middle of a ``width`` x ``height`` area) of ``n`` played cards,
    seat ``rel`` places after the viewer at ``[rel]`` (the viewer's at the bottom), on an ellipse filling the
    area: the widest cards up to ``largest`` that leave a gap between every two, turned as they are drawn.

    >>> w, slots = trick_slots(10, 552, 279, 76)
    >>> 40 < w < 76, round(slots[0][0]), slots[0][1] > 0
    (True, 0, True)
    """
    w = float(largest)
    while True:
        h = w * CARD_RATIO
        rx, ry = (width - w) / 2 - 6, (height - h) / 2 - 6
        slots = tuple(
            (rx * math.cos(math.radians(_seat_angle(rel, n))), ry * math.sin(math.radians(_seat_angle(rel, n))))
            for rel in range(n)
        )
        boxes = [turned_box(x, y, w, _TILTS[rel]) for rel, (x, y) in enumerate(slots)]
        apart = not any(a.overlaps(b, 3) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
        if (apart and rx > 0 and ry > 0) or w <= 12:
            return w, slots
        w -= 1.0


@dataclass(frozen=True)
class SeatLayout:
    """Where everything goes on the full-size table of ``n`` seats (any count but the classic four).

    ``seats[rel - 1]`` is the box of the seat ``rel`` places after the viewer: its hand across the top of the
    box, its name plate under the hand. ``trick`` is the area of the played cards (and the pass arrows, and
    the score sheet at the end of a hand); ``card`` the width of a played card and ``slots`` their centres,
    the viewer's first. ``banner_room`` is the widest the line above the viewer's hand may be.
    """

    n: int
    seats: tuple[Box, ...]
    trick: Box
    card: float
    slots: tuple[tuple[float, float], ...]
    banner_room: float

    def anchor(self, rel: int) -> tuple[float, float]:
        """Where a pass arrow starts or ends for the seat ``rel`` places after the viewer: on the edge of the
        trick area, on the line from its middle towards that seat.

        >>> layout = seat_layout(5)
        >>> layout.anchor(0)[1] > layout.trick.cy > layout.anchor(2)[1], layout.anchor(1)[0] < layout.trick.cx
        (True, True)
        """
        t = self.trick
        if rel == 0:
            return t.cx, t.bottom - 16
        box = self.seats[rel - 1]
        return ring_point(t, (box.cx, box.cy), 30, 22)


def ring_point(area: Box, toward: tuple[float, float], inset_x: float, inset_y: float) -> tuple[float, float]:
    """The point of the ellipse inside ``area`` (``inset`` from its sides) in the direction of ``toward`` from
    the area's middle.

    >>> ring_point(Box(0, 0, 200, 100), (100, 500), 20, 10)
    (100.0, 90.0)
    """
    a = math.atan2(toward[1] - area.cy, toward[0] - area.cx)
    rx, ry = area.w / 2 - inset_x, area.h / 2 - inset_y
    r = 1 / math.hypot(math.cos(a) / rx, math.sin(a) / ry)  # where the line from the middle meets the ellipse
    return area.cx + r * math.cos(a), area.cy + r * math.sin(a)


SEAT_HEIGHT = 140.0  # a seat's box: its hand, then a plate of up to three lines
_TOP = 84.0  # the seats' row along the top starts under the lines at the top left
_GAP = 8.0
_MARGIN = 14.0
_SIDE = 210.0  # the width of a seat at the side when there are seats along the top
_TRICK_BOTTOM = 505.0  # the trick ends above the line said to the viewer


@functools.lru_cache(maxsize=16)
def seat_layout(n: int) -> SeatLayout:
    """The full-size table of ``n`` seats (3 to 10): the others up the left, along the top, down the right.

    >>> [len(seat_layout(n).seats) for n in (3, 5, 10)]
    [2, 4, 9]
    >>> seat_layout(3).seats[0].cx < 500 < seat_layout(3).seats[1].cx
    True
    """
    _check_seats(n)
    k = n - 1
    per_side = 1 if k <= 6 else 2
    across = k - 2 * per_side
    side_w = 300.0 if across == 0 else _SIDE
    side_top = 90.0 if across == 0 else _TOP + SEAT_HEIGHT + 12
    left: list[Box] = []
    right: list[Box] = []
    for i in range(per_side):
        y = side_top + i * (SEAT_HEIGHT + _GAP)
        left.insert(0, Box(_MARGIN, y, side_w, SEAT_HEIGHT))  # play goes up the left side
        right.append(Box(_TW - _MARGIN - side_w, y, side_w, SEAT_HEIGHT))
    top: list[Box] = []
    if across:
        slot = (_TW - 2 * _MARGIN - _GAP * (across - 1)) / across
        w = min(300.0, slot)
        for i in range(across):
            cx = _MARGIN + slot / 2 + i * (slot + _GAP)
            top.append(Box(cx - w / 2, _TOP, w, SEAT_HEIGHT))
    trick_top = _TOP + SEAT_HEIGHT + 10
    inner = _MARGIN + _SIDE + 10
    trick = Box(inner, trick_top, _TW - 2 * inner, _TRICK_BOTTOM - trick_top)
    card, slots = trick_slots(n, trick.w, trick.h, 76.0)
    centred = tuple((trick.cx + x, trick.cy + y) for x, y in slots)
    lowest_side = max(b.bottom for b in left)
    room = _TW - 2 * (_MARGIN + side_w + 10) if lowest_side > _TRICK_BOTTOM - 40 else _TW - 40
    return SeatLayout(n, tuple(left + top + right), trick, card, centred, room)
