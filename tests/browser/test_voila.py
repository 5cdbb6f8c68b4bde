"""Voilà: the apps in tutorials/apps as a class sees them.

- The table app at the address a README badge opens on Binder (``voila/render/...`` on the JupyterLab
  server), on a small laptop screen: a whole hand played by clicking.
- Both apps, English and Spanish, in a standalone Voilà at 1280x720 (small laptop) and 1920x1080
  (projector): no code shown, the board and every control needed to play on screen without scrolling.
- Nothing comes from the internet: the page makes no request to any host but 127.0.0.1 (the package's
  Voilà template "hearts" drops the Font Awesome and MathJax links of Voilà's own "lab" page).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hearts_pages import Board, box_of, inside_viewport, play_whole_hand, replay_in_python, voila_app
from playwright.sync_api import expect

from hearts_widgets import WalkthroughModel

REPO = Path(__file__).resolve().parents[2]
BINDER = "https://mybinder.org/v2/gh/hearts-tutor/hearts/HEAD?urlpath="


def check_clean_app(page: Any) -> None:
    """No code on the page, nothing asked of another host, and the page is the apps' own template's."""
    text = page.evaluate("() => document.body.innerText")
    assert "hearts_widgets" not in text and not re.search(r"^\s*(from|import) \w", text, re.MULTILINE), text[:500]
    assert page.locator(".jp-InputArea, .cm-editor").count() == 0
    assert page.external_requests == []
    assert page.locator('link[href*="/voila/templates/hearts/static/"]').count() > 0


def readme_binder_paths() -> list[str]:
    """The ``urlpath`` of every Binder link in the README."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return re.findall(re.escape(BINDER) + r"([^)\s]+)\)", text)


def test_table_app_whole_hand_at_the_binder_address(
    lab: Any, open_page: Any, screenshots: Path, tmp_path: Path
) -> None:
    paths = readme_binder_paths()
    assert sorted(paths) == sorted(
        [f"lab/tree/tutorials/{lang}/00_index.ipynb" for lang in ("en", "es")]
        + [
            f"voila/render/tutorials/apps/{lang}/{app}.ipynb"
            for lang in ("en", "es")
            for app in ("learn", "learn_by_playing", "quizzes", "table")
        ]
    )
    for path in paths:
        assert (REPO / path.split("/", 2)[2]).is_file(), path
    page = open_page(1280, 720)
    page.goto(lab.url("voila/render/tutorials/apps/en/table.ipynb"))  # what the English table badge opens
    table = Board(voila_app(page, "hearts-table-app"))
    for name in ("new", "restart", "day", "play-deal"):
        expect(table.root.locator(f".hw-btn-{name}")).to_be_visible()
    played = play_whole_hand(table, 77, screenshots, "voila-table-1280x720")
    assert played.final_message == replay_in_python(played, "en", tmp_path)
    # The game is saved where the server's kernels keep their data (on Binder: ~/.local/share/hearts).
    save = json.loads((lab.data_dir / "table-save.json").read_text(encoding="utf-8"))
    assert save["game"]["number"] == 77
    check_clean_app(page)


SCREENS = {"laptop": (1280, 720), "projector": (1920, 1080)}


@pytest.mark.parametrize(
    ("app", "lang", "screen"),
    [("learn", "en", "laptop"), ("learn", "es", "projector"), ("table", "es", "laptop"), ("table", "en", "projector")],
)
def test_app_fits_the_screen(voila: Any, open_page: Any, screenshots: Path, app: str, lang: str, screen: str) -> None:
    width, height = SCREENS[screen]
    page = open_page(width, height)
    page.goto(voila.url(f"voila/render/tutorials/apps/{lang}/{app}.ipynb"))
    board = Board(voila_app(page, "hearts-learn" if app == "learn" else "hearts-table-app"))
    svg = board.box.locator("svg")
    min_width = 800 if screen == "laptop" else 1300  # cards a class can read
    assert box_of(svg)["width"] >= min_width

    if app == "learn":
        board.press("next")
        model = WalkthroughModel(lang=lang)
        model.goto(1)
        expect(board.root.locator('.hw-note[data-rule="passing"]')).to_contain_text(model.step.notes[0][1])
        needed = [
            svg,
            *(board.root.locator(f".hw-btn-{b}") for b in ("back", "next")),
            board.root.locator(".hw-counter"),
            board.root.locator(".hw-progress"),
            board.root.locator(".hw-chapters select"),
            board.root.locator(".hw-caption"),
            board.root.locator('.hw-note[data-rule="passing"]'),
        ]
    else:
        needed = [
            svg,
            *(board.root.locator(f".hw-btn-{b}") for b in ("new", "restart", "day", "play-deal", "hint")),
            board.root.locator(".hw-deal-box"),
            board.root.locator(".hw-message-box .hw-message"),
            board.box.locator("g.hand.mine"),
        ]
    board.shot(screenshots, f"voila-{app}-{lang}-{width}x{height}", scroll=False)
    for loc in needed:
        expect(loc).to_be_visible()
        assert inside_viewport(loc), (loc, loc.bounding_box(), page.viewport_size)
    if screen == "projector":
        size = board.root.locator(".hw-caption" if app == "learn" else ".hw-message-box .hw-message").evaluate(
            "el => parseFloat(getComputedStyle(el).fontSize)"
        )
        assert size >= 17, size
    check_clean_app(page)
