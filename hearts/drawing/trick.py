"""The cards of a trick: each near the seat that played it, on the table or on a patch of felt (:func:`trick_svg`)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from hearts.cards import Card, card
from hearts.drawing.base import (
    _RATIO,
    DisplayError,
    _check_bool,
    _check_felt,
    _check_lang,
    _check_width,
    _f,
    _mix,
    _one_per_seat,
    _svg_open,
    _text,
)
from hearts.drawing.cards import _card_g, _copies
from hearts.drawing.layout import _TILTS, _check_seats, _seat_angle, _trick_spot, trick_slots
from hearts.messages import card_name, seat_name, text


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
    slots: Sequence[tuple[float, float]] | None = None,
) -> str:
    """The played cards ``pairs``, each at its seat's place in the middle of the classic table (moved to
    ``center`` and scaled), or at ``slots[rel]`` (:func:`~hearts.drawing.layout.trick_slots`, centred)."""
    out = []
    copies = _copies([c for _, c in pairs])
    for (s, c), copy in zip(pairs, copies):
        cancelled = copy is not None  # Cancellation Hearts: both copies in one trick cancel each other
        rel = (s - viewer) % n
        if slots is not None:
            (x, y), tilt = slots[rel], float(_TILTS[rel])
        else:
            x, y, tilt = _trick_spot(rel, n)
            x = center[0] + (x - 500) * scale
            y = center[1] + (y - 318) * scale
        out.append(
            _played(c, s, x, y, w, tilt, winner=winner, names=names, four_color=four_color, lang=lang, copy=copy,
                    cancelled=cancelled)
        )  # fmt: skip
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
    copy: int | None = None,
    cancelled: bool = False,
) -> str:
    """A card in the middle of the table, centred on ``x, y``: named with who played it and, once the trick
    is won, whether it won. A ``cancelled`` card (it met its twin in this trick, Cancellation Hearts) is drawn
    struck through, carries ``data-cancelled``, and its name says so."""
    h = w * _RATIO
    label = text("display.played_by", lang, card=card_name(c, lang), name=names[s])
    if cancelled:
        label += ", " + text("display.a11y.cancelled", lang)
    turn = f" rotate({_f(tilt)} {_f(w / 2)} {_f(h / 2)})" if tilt else ""
    g = _card_g(
        c,
        w=w,
        transform=f"translate({_f(x - w / 2)} {_f(y - h / 2)}){turn}",
        four_color=four_color,
        highlighted=winner == s,
        title=label,
        label=label + (", " + text("display.a11y.winner", lang) if winner == s else ""),
        seat=s,
        copy=copy,
        lang=lang,
    ).replace('class="card face', 'class="card face played cancelled' if cancelled else 'class="card face played', 1)
    if not cancelled:
        return g
    g = g.replace("<g ", '<g data-cancelled="true" ', 1)
    return g[: -len("</g>")] + cancel_mark(w, h) + "</g>"


def cancel_mark(w: float, h: float) -> str:
    """Over a card ``w`` by ``h`` (its own coordinates): a grey veil and a stroke across, for a cancelled card."""
    return (
        f'<g class="cancel-mark" aria-hidden="true">'
        f'<rect x="1" y="1" width="{_f(w - 2)}" height="{_f(h - 2)}" rx="{_f(w * 0.08)}" fill="#37474f" '
        f'fill-opacity="0.35"/>'
        f'<line x1="{_f(w * 0.12)}" y1="{_f(h * 0.88)}" x2="{_f(w * 0.88)}" y2="{_f(h * 0.12)}" stroke="#b71c1c" '
        f'stroke-width="{_f(max(2.0, w * 0.07))}" stroke-linecap="round"/></g>'
    )


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




def _names(names: Sequence[str] | None, n: int, lang: str) -> list[str]:
    if names is None:
        return [seat_name(s, lang, n) for s in range(n)]
    return _one_per_seat(names, n, str, "strings", "names")


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
    n = _check_seats(num_players)
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
    slots = None
    if n != 4:  # as large as they go without touching, inside the seats' names
        w, at = trick_slots(n, 236, 212, 64.0)
        slots = [(180 + x, 160 + y) for x, y in at]
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
            ps, n, viewer, w, four_color=four_color, winner=winner, names=nm, lang=lang, center=(180, 160), scale=scale,
            slots=slots,
        )
    )
    parts.append("</svg>")
    return "".join(parts)
