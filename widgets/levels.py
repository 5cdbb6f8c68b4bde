"""Bot levels offered at the table: the registry of :mod:`hearts.bots.registry`, weakest first.

>>> available_levels()
['random', 'rule', 'expert', 'master']
>>> make("random", seed=1).name
'Random'
"""

from __future__ import annotations

from hearts.bots.base import Bot
from hearts.bots.registry import LEVELS, make_bot

__all__ = ["available_levels", "hint_bot", "make"]


def available_levels() -> list[str]:
    """Level names, weakest first: ``random``, ``rule``, ``expert``, ``master``."""
    return list(LEVELS)


def make(level: str, seed: int = 0) -> Bot:
    """A bot of ``level``; unknown levels raise a ``ValueError`` naming the choices."""
    return make_bot(level, seed)


def hint_bot() -> Bot:
    """The bot whose choice the Hint button shows: the rule bot."""
    return make_bot("rule", 0)
