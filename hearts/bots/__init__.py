"""Bots: players that choose from their own observation only."""

from __future__ import annotations

from hearts.bots.base import Bot, BotError, Decision, bot_from_functions

__all__ = ["Bot", "BotError", "Decision", "bot_from_functions"]
