"""Where things go on the table, for 3 to 10 seats: the seats around it, their hands, the trick's card slots
and the pass arrows. Geometry only, in the table's drawing units (:data:`TABLE_WIDTH` x :data:`TABLE_HEIGHT`);
nothing here draws a card or reads a game."""

from __future__ import annotations

import math
from dataclasses import dataclass

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


def _inside(cx: float, width: float, margin: float = 22.0) -> float:
    """Left edge of a row ``width`` wide centred on ``cx``, moved to stay on the table."""
    return min(max(cx - width / 2, margin), _TW - margin - width)
