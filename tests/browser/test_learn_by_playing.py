"""Learn mode by clicks: a whole hand of the learner's own in the Voilà app, in English and in Spanish.

(JupyterLab's learn-mode hand is in test_jupyterlab.py, at the table of notebook 01.) Each hand starts with no
progress, so the rule notes of a first hand appear; the notes are checked against the board at every turn
(hearts_pages.play_learn_hand) and screenshots are taken along the way.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hearts_pages import Board, play_learn_hand, voila_app
from playwright.sync_api import expect

from hearts_widgets.learn_model import LEARN_APP_PROGRESS_FILE as PROGRESS_FILE  # the app's own lessons
from hearts_widgets.store import LEARN_SAVE_FILE

WORDS = {
    "en": {"now": "Now:", "trick": "Trick:", "checklist": "Rules met"},
    "es": {"now": "Ahora:", "trick": "Baza:", "checklist": "Reglas vistas"},
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_learn_by_playing_app(voila: Any, open_page: Any, screenshots: Path, lang: str) -> None:
    (voila.data_dir / PROGRESS_FILE).unlink(missing_ok=True)  # a learner who has met no rule yet
    page = open_page(1280, 900)
    page.goto(voila.url(f"voila/render/tutorials/apps/{lang}/learn_by_playing.ipynb"))
    table = Board(voila_app(page, "hearts-table-app"))
    rules = play_learn_hand(table, 1414, screenshots, f"voila-learn-by-playing-{lang}", WORDS[lang])
    assert {"passing", "lead_lowest_club", "follow_suit", "trick_winner", "scoring"} <= set(rules), rules
    saved = json.loads((voila.data_dir / PROGRESS_FILE).read_text(encoding="utf-8"))
    assert set(saved["seen"]) == set(rules) and saved["hands_finished"] >= 1
    checked = table.root.locator('.hw-checklist li[data-met="true"]')
    expect(checked).to_have_count(len(rules))
    assert page.external_requests == []
    # The apps share the server's data folder: leave it as a new learner's, with no finished hand to resume.
    page.context.close()
    for name in (LEARN_SAVE_FILE, PROGRESS_FILE):
        (voila.data_dir / name).unlink(missing_ok=True)
