"""Notebook 7: the Spanish learn-to-play notebook, run from the Run menu; the walkthrough in Spanish."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hearts_pages import Board, run_all, widget
from playwright.sync_api import expect

from hearts_widgets import WalkthroughModel

NOTEBOOK = "tutorials/es/01_learn_to_play.ipynb"


def test_walkthrough_in_notebook7(lab: Any, open_page: Any, screenshots: Path) -> None:
    page = open_page(1280, 1200)  # tall enough for the whole widget
    page.goto(lab.url(f"notebooks/{NOTEBOOK}"))
    run_all(page, lab, NOTEBOOK)
    assert "/notebooks/" in page.url and page.locator(".jp-LabShell").count() == 0  # Notebook 7, not JupyterLab
    learn = Board(widget(page, "hearts-learn"))
    model = WalkthroughModel(lang="es")
    counter = learn.root.locator(".hw-counter")
    expect(counter).to_have_text(f"Paso 1 de {len(model)}")

    # Before the pass: a click on a card says whether the story passes it (a comment, not a move).
    model.click_card(learn.hand()[0].code)
    learn.click_card(learn.hand()[0].code)
    assert learn.message() == model.message
    expect(counter).to_have_text(f"Paso 1 de {len(model)}")

    learn.press("next")
    model.goto(1)
    note = learn.root.locator('.hw-note[data-rule="passing"]')
    expect(note).to_be_visible()
    assert model.step.notes[0][1] in note.inner_text()
    learn.shot(screenshots, "nb7-learn-1-nota-pase")

    learn.press("next")
    learn.press("next")
    model.goto(3)
    illegal = next(c for c in learn.hand() if c.dimmed)
    model.click_card(illegal.code)
    learn.click_card(illegal.code)
    assert model.message is not None and model.message[0] == "error"
    assert learn.message() == model.message
    learn.shot(screenshots, "nb7-learn-2-carta-no-permitida")
    assert page.external_requests == [], page.external_requests
