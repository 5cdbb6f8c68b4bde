"""JupyterLab: the learn-to-play notebook run from the Run menu; the walkthrough stepped through by clicking
(notes, an illegal card and its reason, the story's card), then whole hands at the table below it, in learn mode
(its notes checked at every turn, then said again in Spanish after a language switch)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hearts_pages import (
    Board,
    inside_viewport,
    new_page,
    play_learn_hand,
    play_whole_hand,
    replay_in_python,
    run_all,
    widget,
)
from hearts_pages import notes as learn_notes
from playwright.sync_api import expect

from hearts_widgets import WalkthroughModel

NOTEBOOK = "tutorials/en/01_learn_to_play.ipynb"


@pytest.fixture(scope="module")
def notebook(lab: Any, browser: Any) -> Iterator[Any]:
    """The notebook open in JupyterLab with every cell run (shared by this module's tests)."""
    ctx, page = new_page(browser, 1280, 1200)  # tall enough for a whole widget
    page.goto(lab.url(f"lab/tree/{NOTEBOOK}?reset"))  # reset: no tabs restored from an earlier page
    run_all(page, lab, NOTEBOOK)
    # The step the walkthrough opened at, read once: a test run again after a failure (pytest --reruns) finds
    # this shared page wherever the failed attempt left it.
    first = widget(page, "hearts-learn").locator(".hw-counter")
    expect(first).to_contain_text("Step ")
    page.first_step = (first.text_content() or "").strip()
    yield page
    assert page.external_requests == [], page.external_requests
    ctx.close()


def notes(board: Board) -> list[tuple[str, str]]:
    return [
        (n.get_attribute("data-rule") or "", n.inner_text()) for n in board.root.locator(".hw-note[data-rule]").all()
    ]


def back_to_step_one(learn: Board, total: int) -> None:
    """Press Back until the walkthrough shows step 1. The step is read from the counter once it shows the step
    pressed for (the Back button is a widget of its own, whose enabled state the browser may apply after the
    board's: read too early, it pressed a Back button that was being disabled at step 1, and the click waited
    for it until the timeout)."""
    counter = learn.root.locator(".hw-counter")
    step = int((counter.text_content() or "").split()[1])
    while step > 1:
        learn.press("back")
        step -= 1
        expect(counter).to_have_text(f"Step {step} of {total}")
    expect(learn.root.locator(".hw-btn-back")).to_be_disabled()


def test_walkthrough_notes_and_clicks(notebook: Any, screenshots: Path) -> None:
    learn = Board(widget(notebook, "hearts-learn"))
    model = WalkthroughModel(lang="en")  # the same steps in Python: the page must show what they say
    counter = learn.root.locator(".hw-counter")
    assert notebook.first_step == f"Step 1 of {len(model)}"
    back_to_step_one(learn, len(model))
    assert notes(learn) == []
    learn.shot(screenshots, "lab-learn-0-start", scroll=False)

    # Next, Next, Next: a note appears the first time each rule matters, word for word the model's.
    for index in (1, 2, 3):
        learn.press("next")
        model.goto(index)
        expect(counter).to_have_text(f"Step {index + 1} of {len(model)}")
        shown = notes(learn)
        assert [rule for rule, _ in shown] == [rule for rule, _ in model.step.notes], (index, shown)
        for (_, text), (_, expected) in zip(shown, model.step.notes, strict=True):
            assert expected in text
        if index == 1:
            learn.shot(screenshots, "lab-learn-1-passing-note")
    assert model.step.learner_turn, "step 4 of the story is the learner's turn"
    # The first-trick note shows where the learner chooses the card, not after it is played.
    assert "first_trick" in [rule for rule, _ in model.step.notes]

    # A card the rules refuse: the engine's reason, and the story stays where it was.
    hand = learn.hand()
    illegal = next(c for c in hand if c.dimmed)
    model.click_card(illegal.code)
    assert model.message is not None and model.message[0] == "error"
    learn.click_card(illegal.code)
    assert learn.message() == ("error", model.message[1])
    expect(counter).to_have_text(f"Step 4 of {len(model)}")
    assert learn.hand() == hand
    learn.shot(screenshots, "lab-learn-2-illegal-card")

    # The story's card: accepted, and the story moves on to a step with no new rule to note.
    scripted = model.step.scripted
    assert scripted is not None and any(c.code == scripted.code and c.legal for c in hand)
    learn.click_card(scripted.code)
    model.goto(3)
    model.click_card(scripted.code)
    assert learn.message() == model.message
    expect(counter).to_have_text(f"Step 5 of {len(model)}")
    assert [rule for rule, _ in notes(learn)] == [rule for rule, _ in model.step.notes] == []
    learn.shot(screenshots, "lab-learn-3-story-card")

    learn.press("back")
    expect(counter).to_have_text(f"Step 4 of {len(model)}")
    assert learn.message() == ("", "")


def test_walkthrough_note_and_next_on_one_screen(notebook: Any, screenshots: Path) -> None:
    """At 1280x900, with the walkthrough's top at the top of the notebook, the step's words (caption, notes) and
    the Next button are on screen together at every step looked at; step 1 shows no empty progress bar."""
    page = notebook
    page.set_viewport_size({"width": 1280, "height": 900})
    try:
        learn = Board(widget(page, "hearts-learn"))
        model = WalkthroughModel(lang="en")
        counter = learn.root.locator(".hw-counter")
        back_to_step_one(learn, len(model))
        expect(learn.box.locator("svg[data-arrange='landscape']")).to_be_attached()  # drawn for the short window
        filled = learn.root.locator(".hw-progress .progress-bar").evaluate("el => el.getBoundingClientRect().width")
        assert filled > 0, "an empty progress bar at step 1"
        n = len(model)

        def on_one_screen(index: int) -> None:
            model.goto(index - 1)
            expect(counter).to_have_text(f"Step {index} of {n}")
            learn.root.evaluate("el => el.scrollIntoView({block: 'start'})")
            shown = [learn.root.locator(x) for x in (".hw-caption", ".hw-btn-next", ".hw-note")]
            if learn.hand():  # and the learner's cards, to click at their turn
                shown.append(learn.box.locator("g.hand.mine"))
            assert learn.root.locator(".hw-note").count() == len(model.step.notes), index
            for loc in shown:
                for one in loc.all():
                    assert inside_viewport(one), (index, one, one.bounding_box(), page.viewport_size)
            if index in (1, 4, n):
                learn.shot(screenshots, f"lab-learn-1280x900-step{index}")

        # The steps with the most words under the board: the passing note (2), two notes (4, 18), the last one.
        on_one_screen(1)
        for index in range(2, 19):
            learn.press("next")
            if index in (2, 4, 18):
                on_one_screen(index)
        learn.root.locator(".hw-chapters select").select_option(index=len(model.chapter_bounds()) - 1)
        expect(counter).not_to_have_text(f"Step 18 of {n}")
        step = int(counter.inner_text().split()[1])  # the chapter's first step (as for Back above)
        while step < n:
            learn.press("next")
            step += 1
            expect(counter).to_have_text(f"Step {step} of {n}")
        expect(learn.root.locator(".hw-btn-next")).to_be_disabled()
        on_one_screen(n)
    finally:
        page.set_viewport_size({"width": 1280, "height": 1200})


def test_whole_hand_at_the_table(notebook: Any, screenshots: Path, tmp_path: Path) -> None:
    table = Board(widget(notebook, "hearts-table-app"))
    table.root.scroll_into_view_if_needed()
    played = play_whole_hand(table, 2024, screenshots, "lab-table")
    assert played.final_message == replay_in_python(played, "en", tmp_path)


def test_learn_mode_hand_at_the_table(notebook: Any, screenshots: Path) -> None:
    table = Board(widget(notebook, "hearts-table-app"))
    table.root.scroll_into_view_if_needed()
    words = {"now": "Now:", "trick": "Trick:", "checklist": "Rules met"}
    rules = play_learn_hand(table, 909, screenshots, "lab-learn-mode", words)
    english = learn_notes(table)
    assert english and not set(rules) & {"passing", "lead_lowest_club"}  # met in the hand before: not again
    # Settings -> Language: the same notes, said again in Spanish.
    table.root.locator(".hw-panels").get_by_text("Settings", exact=True).click()
    old = table.version()
    table.root.locator(".hw-set-lang select").select_option(index=1)  # the second language: Spanish
    table.settle(old)
    spanish = learn_notes(table)
    assert [(k, r) for k, r, _ in spanish] == [(k, r) for k, r, _ in english]
    labels = {"trick": "Baza:", "rule": "Regla:", "now": "Ahora:"}
    assert all(text.startswith(labels[k]) for k, _, text in spanish), spanish
    table.shot(screenshots, "lab-learn-mode-5-spanish")
    old = table.version()
    table.root.locator(".hw-set-lang select").select_option(index=0)
    table.settle(old)
