"""The score sheet: what each seat took in the hand (and the moon), one row or column a seat."""

from __future__ import annotations

from hearts.drawing.base import _RED, _aria, _f, _fit, _text
from hearts.drawing.view import _count, _View
from hearts.messages import text


def _sheet(x: float, y: float, width: float, height: float, lang: str, attrs: str = "") -> list[str]:
    """The score sheet's group (left open, with ``attrs``), its card and its two lines at the top."""
    cx = x + width / 2
    return [
        f'<g class="summary"{attrs}>',
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(width)}" height="{_f(height)}" rx="14" fill="#fffdf5" '
        f'fill-opacity="0.96" stroke="#ffd54f" stroke-width="3"/>',
        _text(cx, y + 32, text("display.hand_over", lang), 20, "#1b1b1b", weight="bold"),
        _text(cx, y + 52, text("display.hand_points", lang), 13, "#5d4037"),
    ]


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
    out = _sheet(x, y, width, height, lang)
    yy = y + 78
    for name, pts in rows:
        out.append(_text(x + 40, yy, name, 15, "#1b1b1b", anchor="start"))
        out.append(_text(x + width - 40, yy, str(pts), 15, "#1b1b1b", weight="bold", anchor="end"))
        yy += 24
    if extra:
        out.append(_text(cx, yy + 4, extra, 15, _RED, weight="bold"))
    out.append("</g>")
    return "".join(out)


_COLUMN = 84.0  # the narrowest column of the score sheet


def _score_sheet(v: _View, names: list[str], lang: str, cx: float, cy: float, room: float) -> str:
    """The end-of-hand score sheet for any number of seats: a column a seat (its name, the points it took in the
    hand and, in a game, its total), in as many rows of columns as keep it within ``room`` (names cut short
    where a column is narrow, whole in each column's accessible name), and a moon if there was one."""
    points = list(v.points)
    extra = None
    if v.result is not None and v.result.shooter is not None:
        extra = text("display.moon", lang, name=names[v.result.shooter])
        points = list(v.result.scores)
    fit = max(1, min(v.n, int((room - 24) // _COLUMN)))
    bands = -(-v.n // fit)
    per_band = -(-v.n // bands)  # balanced: 5 and 5, not 6 and 4
    col = min(110.0, (room - 24) / per_band)
    width = col * per_band + 24
    band_h = 50.0 + (20 if v.totals is not None else 0)
    height = 66 + band_h * bands + (26 if extra else 0)
    x, y = cx - width / 2, cy - height / 2
    out = _sheet(x, y, width, height, lang, f' data-columns="{per_band}"')
    for s in range(v.n):
        band, i = divmod(s, per_band)
        in_band = min(per_band, v.n - band * per_band)
        mid = cx - col * (in_band - 1) / 2 + i * col
        top = y + 66 + band * band_h
        said = [names[s], _count("points", points[s], lang)]
        if v.totals is not None:
            said.append(text("display.total", lang, total=v.totals[s]))
        out.append(f'<g class="score" data-seat="{s}" role="img" aria-label="{_aria(", ".join(said))}">')
        out.append(_text(mid, top + 14, _fit(names[s], 13, col - 8, True), 13, "#1b1b1b", weight="bold"))
        out.append(_text(mid, top + 36, str(points[s]), 18, "#1b1b1b", weight="bold"))
        if v.totals is not None:
            out.append(_text(mid, top + 56, _fit(said[-1], 12, col - 8), 12, "#5d4037"))
        out.append("</g>")
    if extra:
        out.append(_text(cx, y + height - 14, extra, 15, _RED, weight="bold"))
    out.append("</g>")
    return "".join(out)
