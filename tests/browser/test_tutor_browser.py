"""Exercises and quizzes as a learner and a teacher see them.

- JupyterLab, English and Spanish: notebook 02 run from the Run menu; its exercise's check says what fails (the
  starter answer returns nothing), then the learner asks for the solution and the same cell's check passes.
- Voilà at phone size: the rule quizzes app, answered by tapping (a trick's winner, Check with nothing chosen,
  New position), with nothing wider than the screen, every button big enough to tap, and axe.
- JupyterLab: the course map (notebook 00) after those answers, and the class view on ten made-up progress files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hearts_pages import NOTEBOOK, TIMEOUT_MS, run_all
from playwright.sync_api import Locator, Page, expect

from hearts.messages import text
from hearts.tutor import check, load_solution


def shot(page: Page, element: Locator, folder: Path, name: str) -> None:
    """A screenshot of the page with ``element`` scrolled into view."""
    element.scroll_into_view_if_needed()
    page.screenshot(path=str(folder / f"{name}.png"))


def code_cell(page: Page, contains: str) -> Locator:
    """The notebook's code cell whose code contains ``contains``."""
    cell = page.locator(f"{NOTEBOOK} .jp-CodeCell").filter(has=page.locator(".cm-content", has_text=contains))
    expect(cell).to_have_count(1)
    return cell


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_check_fails_then_passes_in_jupyterlab(lab: Any, open_page: Any, screenshots: Path, lang: str) -> None:
    path = f"tutorials/{lang}/02_play_against_bots.ipynb"
    page = open_page(1280, 900)
    page.goto(lab.url(f"lab/tree/{path}?reset"))
    run_all(page, lab, path)

    # The starter answer (a function body of `...`) returns None: the check says so, and which case it tried.
    said = check("02", lambda trick: None, lang).lines[:3]  # (a hint follows from the second failed try on)
    cell = code_cell(page, 'check("02"')
    status = cell.locator(".jp-OutputArea [role=status]")
    for line in said:
        expect(status).to_contain_text(line)
    shot(page, cell, screenshots, f"tutor-check-failed-{lang}")

    # "Stuck? show_solution(...)": the learner writes it in the check's cell and runs the cell again.
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text('show_solution("02", globals())\ncheck("02", trick_winner, LANG, globals())')
    page.keyboard.press("Shift+Enter")
    (passed,) = check("02", load_solution("02"), lang).lines
    expect(status).to_have_text(passed, timeout=TIMEOUT_MS)
    shot(page, cell, screenshots, f"tutor-check-passed-{lang}")
    assert page.external_requests == [], page.external_requests


def test_quizzes_app_at_phone_size(voila: Any, open_page: Any, screenshots: Path) -> None:
    from axe_playwright_python.sync_playwright import Axe

    lang = "es"
    page = open_page(390, 844)
    page.goto(voila.url(f"voila/render/tutorials/apps/{lang}/quizzes.ipynb"))
    app = page.locator(".hearts-quiz-app")
    expect(app).to_be_visible(timeout=TIMEOUT_MS)
    quizzes = app.locator(".hearts-quiz")
    expect(quizzes).to_have_count(4)
    expect(app.locator("h1")).to_have_text(text("tutor.quiz.app.title", lang))

    # Who wins this trick? A seat tapped, then Check: the answer is judged in words, right or not.
    winner = quizzes.nth(1)
    winner.locator(".widget-toggle-button").first.click()
    winner.get_by_role("button", name=text("tutor.quiz.check", lang)).click()
    verdict = winner.locator("[role=status]")
    expect(verdict).to_be_visible()
    said = verdict.inner_text()
    assert said.startswith((text("tutor.quiz.right", lang), text("tutor.quiz.wrong", lang))), said
    assert "Gana " in said and "no hay triunfos" in said, said  # right or wrong, the rule that decides is said

    # Check with no card chosen: asked to choose first. New position: another deal.
    legal = quizzes.nth(0)
    legal.get_by_role("button", name=text("tutor.quiz.check", lang)).click()
    expect(legal.locator("[role=status]")).to_have_text(text("tutor.quiz.choose", lang))
    before = legal.locator("p").first.inner_text()
    legal.get_by_role("button", name=text("tutor.quiz.new", lang)).click()
    expect(legal.locator("[role=status]")).to_have_count(0)
    expect(legal.locator("p").first).not_to_have_text(before)

    # A phone: nothing wider than the screen, every button at least 24 px each way (WCAG 2.2's target size).
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    small = app.locator("button").evaluate_all(
        "els => els.filter(b => b.offsetParent).map(b => b.getBoundingClientRect())"
        ".filter(r => r.width < 24 || r.height < 24).length"
    )
    assert small == 0
    shot(page, winner, screenshots, "tutor-quiz-phone-es")
    bad = [v["id"] for v in Axe().run(page, context=".hearts-quiz-app").response["violations"]
           if v["impact"] in ("serious", "critical")]  # fmt: skip
    assert bad == [], bad
    assert page.external_requests == [], page.external_requests


def test_course_map_and_class_view(lab: Any, open_page: Any, screenshots: Path) -> None:
    page = open_page(1280, 900)
    index = "tutorials/en/00_index.ipynb"
    page.goto(lab.url(f"lab/tree/{index}?reset"))
    run_all(page, lab, index)
    course = code_cell(page, "course_map_view(LANG)").locator(".jp-OutputArea")
    expect(course).to_contain_text("02")
    shot(page, course, screenshots, "tutor-course-map")

    view = "tutorials/teachers/en/class_view.ipynb"
    page.goto(lab.url(f"lab/tree/{view}?reset"))
    run_all(page, lab, view)
    learners = code_cell(page, "view.learners").locator(".jp-OutputArea table")
    expect(learners).to_be_visible()
    assert learners.locator("tbody tr").count() == 10  # ten made-up learners, one row each
    shot(page, learners, screenshots, "tutor-class-view")
    assert page.external_requests == [], page.external_requests
