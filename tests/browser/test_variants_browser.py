"""Another variant from the table's Settings, in JupyterLab at laptop size (issue 31).

With a game in progress, the learner picks the preset "3 players" in Settings; the table asks first (like New
game), and once confirmed deals a 3-player game: 17 cards, three seats on the board, and a card played there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hearts_pages import Board, new_page, pass_three, run_all, widget, write_notebook
from playwright.sync_api import expect

from hearts.rules import Rules
from hearts_widgets.table_model import SAVE_FORMAT

PATH = "variants/table.ipynb"
CELLS = [
    "import tempfile\nfrom pathlib import Path\n\nfrom hearts_widgets import GameTable\n\n"
    "folder = Path(tempfile.mkdtemp())",
    'GameTable(number=5, level="random", lang="en", data_dir=folder, resume=False)',
    "print(folder)",
]


def test_a_preset_in_settings_asks_then_deals_a_three_player_game(lab: Any, workdir: Path, browser: Any) -> None:
    write_notebook(workdir, PATH, CELLS)
    ctx, page = new_page(browser, 1280, 800)
    page.goto(lab.url(f"lab/tree/{PATH}?reset"))
    run_all(page, lab, PATH)
    table = Board(widget(page, "hearts-table-app"))
    pass_three(table)  # a game in progress: changing the rules must ask first
    table.root.locator(".hw-panels").get_by_text("Settings", exact=True).click()
    select = table.root.locator(".hw-set-rules select")
    expect(select).to_be_visible()
    old = table.version()
    select.select_option(label="3 players (17 cards each)")
    table.settle(old)
    expect(table.root.locator(".hw-message")).to_contain_text("with these rules: 3 players (2♦ taken out")
    expect(table.root.locator(".hw-btn-confirm")).to_be_visible()
    table.press("confirm")
    expect(table.root.locator(".hw-message")).to_contain_text("dealt, with these rules: 3 players")
    expect(table.box.locator("[data-players]").first).to_have_attribute("data-players", "3")
    assert len(table.hand()) == 17
    pass_three(table)
    legal = [c.code for c in table.hand() if c.legal]
    assert legal, table.message()
    table.click_card(legal[0], collect=True)
    assert len(table.hand()) == 16 and table.message()[0] != "error"
    folder = Path(page.locator(".jp-OutputArea-output pre").last.inner_text().strip())
    saved = json.loads((folder / "table-save.json").read_text(encoding="utf-8"))
    assert saved["format"] == SAVE_FORMAT and saved["game"]["rules"] == Rules(num_players=3).to_dict()
    assert json.loads((folder / "settings.json").read_text(encoding="utf-8"))["rules"] == "three"
    assert page.external_requests == [], page.external_requests  # type: ignore[attr-defined]
    ctx.close()
