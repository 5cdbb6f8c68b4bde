"""What every figure of the analysis modules shares: a title (and its takeaway) that shows whole.

:mod:`hearts.experiment` and :mod:`hearts.tournament` title their plots with
:func:`fit_title`; matplotlib is imported only when a figure is laid out.

>>> import matplotlib.pyplot as plt
>>> fig, ax = plt.subplots(figsize=(3, 2))
>>> fit_title(fig, ax.set_title, ["Score per hand", "A takeaway that needs more than one line here"],
...           lambda: 3.0, grow=True)
>>> ax.get_title().count("\\n"), bool(fig.get_figheight() > 2)
(2, True)
>>> plt.close(fig)
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["TITLE_SIZE", "fit_title"]

TITLE_SIZE = 10
"""Font size (points) of a plot's title."""
_LINE_INCHES = 1.25 * TITLE_SIZE / 72  # the height of one more title line


def fit_title(
    fig: Any, set_title: Callable[[str], Any], parts: Sequence[str], width: Callable[[], float], grow: bool
) -> None:
    """Set a title of ``parts`` (one or more paragraphs) that shows whole.

    The paragraphs are wrapped to the width the title has once the figure
    is laid out (``width()``, in inches; about 0.58 em per character), and a
    figure made here (``grow``) grows by one line's height per extra line, so
    the layout keeps room for every line instead of cutting the top one off.
    """
    set_title(parts[0])
    _layout(fig)
    chars = max(30, int(width() * 72 / (0.58 * TITLE_SIZE)))
    lines = []
    for part in parts:  # "95 %" (Spanish) stays on one line
        lines += [line.replace("\0", " ") for line in textwrap.wrap(part.replace(" %", "\0%"), chars)] or [""]
    set_title("\n".join(lines))
    if grow:
        fig.set_figheight(fig.get_figheight() + _LINE_INCHES * (len(lines) - 1))
    _layout(fig)


def _layout(fig: Any) -> None:
    """Tight layout, unless the figure lays itself out at draw time (constrained layout)."""
    from matplotlib.layout_engine import ConstrainedLayoutEngine

    if not isinstance(fig.get_layout_engine(), ConstrainedLayoutEngine):
        fig.tight_layout()
