"""Bot levels offered at the table: the registry of :mod:`hearts.bots.registry`, weakest first.

In a browser (the static site: Python on Pyodide, ``sys.platform == "emscripten"``, no native kernel) the expert
and the master think with a smaller budget, :data:`BROWSER_BUDGETS`, so that an expert's decision takes under
half a second there (measured with ``benchmarks/site_speed.py``; its strength against the full budget with
``hearts.experiment.compare``: see :data:`BROWSER_COST`).

>>> available_levels()
['random', 'rule', 'expert', 'master']
>>> make("random", seed=1).name
'Random'
>>> make("expert", browser=True).worlds, make("expert", browser=False).worlds
(30, 300)
>>> hint_bot().name
'Hint'
"""

from __future__ import annotations

import sys
from typing import Any

from hearts.bots.base import Bot
from hearts.bots.registry import LEVELS, make_bot
from hearts.explain import HintBot

__all__ = ["BROWSER_BUDGETS", "BROWSER_COST", "available_levels", "hint_bot", "in_browser", "make"]

BROWSER_BUDGETS: dict[str, dict[str, Any]] = {
    "expert": {"worlds": 30, "pass_worlds": 10},
    "master": {"worlds": 120, "pass_worlds": 40, "pass_pool": 7},
}
"""The expert's and the master's arguments in a browser: 30 deals a card and 10 playouts a candidate pass (the
default is 300 and 48), the master four times that, as at full budget."""

BROWSER_COST: dict[str, float] = {
    "expert_median_s": 0.1,
    "expert_worst_s": 0.44,
    "master_median_s": 0.5,
    "master_worst_s": 1.9,
    "weaker": 0.85,
    "weaker_low": 0.75,
    "weaker_high": 0.95,
}
"""What the browser's budgets cost, measured: an expert's and a master's decision time in headless Chromium
(median, worst), and how many more points a hand the expert at :data:`BROWSER_BUDGETS` takes than at the default
budget (a paired comparison, with its 95% interval). The page says it in words (``site.levels.cost``).

Times: ``benchmarks/site_speed.py`` on the 2-core development machine under a load of about 16, at ``nice 19``
(the worst case seen over three runs: the expert's first 20 decisions at its level, median 0.11 s, worst 0.28 s;
the expert at 30/10 on every bot turn of three hands, 117 plays median 0.05 s, worst 0.44 s, 9 passes median
0.34 s, worst 0.42 s; the master's first 20 decisions median 0.50 s, worst 1.94 s).

Strength: ``hearts.experiment.compare`` of the expert at 30/10 against the default expert (300/48), three rule bots
in the other seats, on fresh seeds 27,350,001 to 27,350,395 (10 deals each, 3,950 deals, each played in every
seat by both; stopped at a time fixed beforehand): the default minus the browser's budget, -0.85 points a hand
[95% -0.95, -0.75]. So the browser's expert takes 0.85 more points a hand; for scale, the default expert takes
about 2.2 to 2.8 fewer than a rule bot in the same seat (``benchmarks/strength.py``)."""


def in_browser() -> bool:
    """Whether this Python runs in a web page (Pyodide)."""
    return sys.platform == "emscripten"


def available_levels() -> list[str]:
    """Level names, weakest first: ``random``, ``rule``, ``expert``, ``master``."""
    return list(LEVELS)


def make(level: str, seed: int = 0, *, browser: bool | None = None) -> Bot:
    """A bot of ``level``; unknown levels raise a ``ValueError`` naming the choices. ``browser``: with the
    browser's budget (:data:`BROWSER_BUDGETS`; default: when :func:`in_browser`)."""
    if (in_browser() if browser is None else browser) and level in BROWSER_BUDGETS:
        return LEVELS[level].bot(seed=seed, **BROWSER_BUDGETS[level])
    return make_bot(level, seed)


def hint_bot() -> HintBot:
    """The bot whose choice the Hint button shows: the expert's choice (at the expert's budget on the native
    kernel, at :data:`hearts.explain.PYTHON_WORLDS` on the pure-Python path), explained by
    :func:`hearts.explain.hint` from what decided it and what is true in the position."""
    return HintBot()
