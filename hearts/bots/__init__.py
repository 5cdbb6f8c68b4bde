"""Bots: players that choose from their own observation only."""

from __future__ import annotations

from hearts.bots.base import Bot, BotError, Decision, bot_from_functions, report_progress, reporting
from hearts.bots.expert import ExpertBot
from hearts.bots.random_bot import RandomBot
from hearts.bots.registry import LEVELS, BotSpec, Level, bot_spec, level_description, make_bot
from hearts.bots.rule_bot import RuleBot, moon_strength
from hearts.bots.tips import HABIT_NAMES, TIP_NAMES, TipError, Tips, tip_title

__all__ = [
    "LEVELS",
    "HABIT_NAMES",
    "TIP_NAMES",
    "Bot",
    "BotError",
    "BotSpec",
    "Decision",
    "ExpertBot",
    "Level",
    "RandomBot",
    "RuleBot",
    "TipError",
    "Tips",
    "bot_from_functions",
    "bot_spec",
    "level_description",
    "make_bot",
    "moon_strength",
    "report_progress",
    "reporting",
    "tip_title",
]
