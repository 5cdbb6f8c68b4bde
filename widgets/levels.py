"""Bot levels offered at the table: whatever the installed ``hearts.bots`` provides.

Always ``random``; ``rule`` when the rule bot exists; and the stronger levels
of ``hearts.bots.expert`` (its ``LEVELS`` mapping / ``make_bot``) when present.

>>> "random" in available_levels()
True
>>> make("random", seed=1).name
'Random'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from hearts.bots.base import Bot
from hearts.bots.random_bot import RandomBot

__all__ = ["available_levels", "hint_bot", "make"]


def _rule_bot_class() -> type[Bot] | None:
    try:
        mod = importlib.import_module("hearts.bots.rule_bot")
    except ImportError:
        return None
    cls = getattr(mod, "RuleBot", None)
    return cls if isinstance(cls, type) and issubclass(cls, Bot) else None


def _expert() -> tuple[list[str], Callable[..., Bot] | None]:
    try:
        mod = importlib.import_module("hearts.bots.expert")
    except ImportError:
        return [], None
    levels: Any = getattr(mod, "LEVELS", None)
    factory = getattr(mod, "make_bot", None)
    names = [str(k) for k in levels] if levels is not None else []
    return names, factory


def available_levels() -> list[str]:
    """Level names, weakest first: ``random``, ``rule``, then the expert levels."""
    out = ["random"]
    if _rule_bot_class() is not None:
        out.append("rule")
    names, factory = _expert()
    if factory is not None:
        out.extend(n for n in names if n not in out)
    return out


def make(level: str, seed: int = 0) -> Bot:
    """A bot of ``level``; unknown levels raise ``ValueError`` naming the choices."""
    if level == "random":
        return RandomBot(seed=seed)
    if level == "rule":
        cls = _rule_bot_class()
        if cls is not None:
            return cls(seed=seed)
    else:
        names, factory = _expert()
        if factory is not None and level in names:
            return factory(level, seed)
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(available_levels())}")


def hint_bot() -> Bot:
    """The bot whose choice the Hint button shows: the rule bot (random if it is missing)."""
    cls = _rule_bot_class()
    return cls(seed=0) if cls is not None else RandomBot(seed=0)
