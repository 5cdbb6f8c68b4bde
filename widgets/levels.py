"""Bot levels offered at the table: the registry of :mod:`hearts.bots.registry`, weakest first.

>>> available_levels()
['random', 'rule', 'expert', 'master']
>>> make("random", seed=1).name
'Random'
>>> hint_bot().name
'Hint'
"""

from __future__ import annotations

from hearts.bots.base import Bot
from hearts.bots.registry import LEVELS, make_bot
from hearts.explain import HintBot

__all__ = ["available_levels", "hint_bot", "make"]


def available_levels() -> list[str]:
    """Level names, weakest first: ``random``, ``rule``, ``expert``, ``master``."""
    return list(LEVELS)


def make(level: str, seed: int = 0) -> Bot:
    """A bot of ``level``; unknown levels raise a ``ValueError`` naming the choices."""
    return make_bot(level, seed)


def hint_bot() -> HintBot:
    """The bot whose choice the Hint button shows: the expert's choice (at the expert's budget on the native
    kernel, at :data:`hearts.explain.PYTHON_WORLDS` on the pure-Python path), explained by
    :func:`hearts.explain.hint` from what decided it and what is true in the position."""
    return HintBot()
