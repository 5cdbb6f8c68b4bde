"""Finished hands made by driving the game table with bots in every seat (the person's seat played by a bot)."""

from __future__ import annotations

from pathlib import Path

from hearts.bots.rule_bot import RuleBot
from hearts.hand import Phase
from hearts_widgets.table_model import TableModel


def play_hand_at_table(
    folder: Path, number: int, *, person=None, humans=None, app: str = "table", rules=None
) -> TableModel:
    """Open a table in ``folder`` and play its first hand to the end: the bots at the table play their seats,
    ``person`` (a bot, by default the rule bot) clicks for the people; ``rules`` for another game."""
    m = TableModel(number=number, level="rule", data_dir=folder, humans=humans, app=app, rules=rules)
    bot = person if person is not None else RuleBot(seed=number)
    for _ in range(500):
        h = m.hand
        if h.is_over and m.pending is None:
            return m
        if m.pending == "trick":
            m.press("continue")
        elif m.covered:
            m.press("ready")
        elif h.phase is Phase.PASSING:
            for c in bot.choose_pass(h.observation(m.seat)):
                m.click_card(c.code)
            m.press("pass")
        else:
            m.click_card(bot.choose_play(m.game.observation(m.seat)).code)
    raise AssertionError(f"the hand at table {number} did not finish: {m.message}")
