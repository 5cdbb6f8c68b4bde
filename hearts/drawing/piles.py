"""Cancellation Hearts on the table: the waiting pile, the widow, and the cancelled pairs of a trick.

With two packs a trick whose every card of the suit led is cancelled waits for the next trick's winner,
and the widow (what the deal leaves) goes to whoever wins the first trick, shown to everyone once taken.
The table says both in a few lines (:func:`pile_lines`): the full table under the information at its top
left, the compact one under the trick. Each card that meets its twin in a trick is drawn struck through
and its name says it is cancelled (:func:`hearts.drawing.trick.cancel_mark`). One pack: nothing here is drawn.

>>> from hearts import Rules
>>> from hearts.drawing.view import _view
>>> from hearts.game import Game
>>> g = Game(4, Rules.cancellation(6, passing=False))
>>> pile_lines(_view(g, 0, False, "en"), ["You", "B", "C", "D", "E", "F"], "en")
['Widow: 2 cards face down, for the first trick’s winner']
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.cards import CardSet
from hearts.drawing.base import _aria, _text, _text_width
from hearts.drawing.view import _View
from hearts.messages import text, text_n

__all__ = ["PILE_INK", "pile_lines", "piles_svg"]

PILE_INK = "#fff3c4"
"""The colour of the pile and widow lines: light on the felt."""


def pile_lines(v: _View, names: Sequence[str], lang: str) -> list[str]:
    """What the table says of the waiting pile and the widow (empty with one pack, or with neither)."""
    out: list[str] = []
    if v.pile:
        cards = CardSet(v.pile)
        tricks = max(1, len(cards) // v.n)
        out.append(text_n("display.pile", tricks, lang, count=tricks, points=v.pile_points))
    if v.widow_size and v.widow_taker >= 0:
        widow = CardSet(v.widow)
        out.append(
            text("display.widow_taken", lang, name=names[v.widow_taker], cards=", ".join(str(c) for c in widow),
                 points=v.widow_points)
        )  # fmt: skip
    elif v.widow_size and v.phase.value in ("passing", "playing"):
        out.append(text("display.widow_down", lang, count=v.widow_size))
    return out


def _wrap(line: str, size: float, room: float) -> list[str]:
    """``line`` broken at spaces into lines no wider than ``room`` at font ``size`` (a long word stays whole)."""
    out: list[str] = []
    for word in line.split(" "):
        if out and _text_width(out[-1] + " " + word, size) <= room:
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def piles_svg(
    lines: Sequence[str], x: float, y: float, size: float, lang: str, *, room: float | None = None,
    anchor: str = "start", upward: bool = False,
) -> str:
    """The lines of :func:`pile_lines` at ``x``: from the baseline ``y`` down (``upward``: the last line's baseline
    is ``y``), each wrapped to ``room`` units when given, ``size`` units high, aligned by ``anchor``."""
    if not lines:
        return ""
    shown = [part for line in lines for part in (_wrap(line, size, room) if room else [line])]
    step = size * 1.35
    top = y - step * (len(shown) - 1) if upward else y
    label = _aria(" ".join(lines))
    parts = [f'<g class="piles" role="group" aria-label="{label}">']
    for i, line in enumerate(shown):
        parts.append(_text(x, top + i * step, line, size, PILE_INK, anchor=anchor))
    parts.append("</g>")
    return "".join(parts)
