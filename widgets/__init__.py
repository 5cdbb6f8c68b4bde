"""Jupyter widgets for hearts: the learn-to-play walkthrough and the game table.

Import path: ``hearts_widgets`` (the ``widgets/`` folder, installed with the
``hearts-tutor`` package). In a notebook, one line each::

    from hearts_widgets import Walkthrough, GameTable, my_games
    Walkthrough(lang="en")      # learn to play: the example hand, then short scenes
    GameTable()                 # play against three bots (the game is saved as you go)
    GameTable(learn=True)       # learn mode: your own hand, a note on each new rule as it comes up
    my_games()                  # every hand you finished, as data: .hands, .mistakes(), .habits()

Both are ordinary ipywidgets (the card table inside them is an anywidget whose
small script ships in the package), so they work in JupyterLab 4, Notebook 7
and Voilà, with nothing fetched from the network. All game logic runs in
Python: :class:`~hearts_widgets.table_model.TableModel` and
:class:`~hearts_widgets.walkthrough_model.WalkthroughModel` hold it and can be
driven without a browser.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .address import deal_from_address

if TYPE_CHECKING:
    from .game_log import my_games
    from .progress_copy import course_map_view, progress_line
    from .table import GameTable
    from .table_model import TableModel
    from .walkthrough import Walkthrough
    from .walkthrough_model import WalkthroughModel

__all__ = ["GameTable", "TableModel", "Walkthrough", "WalkthroughModel", "course_map_view", "deal_from_address",
           "my_games", "progress_line"]  # fmt: skip

# Each name is imported when first asked for, so the models (``table_model``, ``learn_model``,
# ``walkthrough_model``, ``store``, ``levels``) import without ipywidgets and anywidget, which only the
# widget classes need: the models run wherever ``hearts`` does (a script, a test, the static site).
_LAZY = {
    "GameTable": ".table",
    "TableModel": ".table_model",
    "Walkthrough": ".walkthrough",
    "WalkthroughModel": ".walkthrough_model",
    "my_games": ".game_log",
    "course_map_view": ".progress_copy",
    "progress_line": ".progress_copy",
}


def __getattr__(name: str) -> Any:
    """Import a widget or model class on first use (PEP 562).

    >>> import hearts_widgets
    >>> hearts_widgets.TableModel.__name__
    'TableModel'
    """
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
