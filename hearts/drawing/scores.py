"""The score sheet: what each seat took in the hand (and the moon), one row or column a seat."""

from __future__ import annotations

from hearts.drawing.base import _RED, _f, _text
from hearts.drawing.view import _View
from hearts.messages import text


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
