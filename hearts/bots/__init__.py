"""Bots: players that choose from their own observation only."""

from __future__ import annotations

from hearts.bots.base import Bot, BotError, Decision, bot_from_functions
from hearts.bots.random_bot import RandomBot

__all__ = ["Bot", "BotError", "Decision", "RandomBot", "bot_from_functions"]
