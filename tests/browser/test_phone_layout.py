"""The apps on a phone held upright (390x844), a laptop (1280x800) and a projector (1920x1080), in Voilà.

- The table: the Last trick button never covers the message line drawn on the felt. On a phone that line
  reaches the board's right edge, where the button sat, and hid the end of the instruction ("... or New game
  first." when the game is open at another table). Every word of the line is the topmost thing on screen.
- The walkthrough: on a phone its first words (the welcome) and the Next button are on the first screen,
  above the board, without scrolling.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from hearts_pages import Board, box_of, choose_deal, inside_viewport, pass_three, voila_app
from playwright.sync_api import Locator, expect

from hearts_widgets import WalkthroughModel

SIZES = {"phone": (390, 844), "laptop": (1280, 800), "projector": (1920, 1080)}

# Points along each line of the message that are not the topmost thing on screen: what covers them.
# None while the line is being redrawn (the element read is no longer in the page).
_COVERED = """(msg) => {
  if (!msg.isConnected) return null;
  const covered = [];
  for (const t of msg.querySelectorAll('text')) {
    const r = t.getBoundingClientRect();
    for (let f = 0.02; f < 1; f += 0.08) {
      const x = r.left + f * r.width, y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit.closest('g.message') !== msg) {
        const what = hit ? hit.className.baseVal ?? hit.className : null;
        covered.push([t.textContent, Math.round(x), Math.round(y), what]);
      }
    }
  }
  return covered;
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def check_message_clear(table: Board) -> str:
    """The Last trick button is shown, beside (not over) the message line, and every word of the line shows."""
    button = table.box.locator(".hw-last-trick-btn")
    expect(button).to_be_visible()
    message = table.box.locator("svg g.message")
    expect(message).to_be_visible()
    b, m = box_of(button), box_of(message.locator("rect"))  # each read again if a redraw replaced it
    assert not overlap(b, m), f"the Last trick button {b} covers the message line {m}"
    # A redraw can replace the line between reads: read again until the line in the page is clear, for up to 10 s.
    deadline = time.monotonic() + 10
    covered = message.evaluate(_COVERED)
    while covered != [] and time.monotonic() < deadline:
        table.page.wait_for_timeout(250)
        covered = message.evaluate(_COVERED)
    assert covered == [], f"words of the message line are covered: {covered}"
    return str(message.evaluate("g => [...g.querySelectorAll('text')].map(t => t.textContent).join(' ')"))


def play_two_tricks(table: Board, number: int) -> None:
    choose_deal(table, number)
    pass_three(table)
    taken = 0
    while taken < 2:
        table.click_card(next(c.code for c in table.hand() if c.legal))
        if table.hold() == "trick":
            taken += 1
            table.collect()


@pytest.mark.parametrize("screen", list(SIZES))
def test_last_trick_button_leaves_the_message_line_readable(
    voila: Any, open_page: Any, screenshots: Any, screen: str
) -> None:
    width, height = SIZES[screen]
    page = open_page(width, height)
    page.goto(voila.url("voila/render/tutorials/apps/en/table.ipynb"))
    table = Board(voila_app(page, "hearts-table-app"))
    play_two_tricks(table, 8080 + list(SIZES).index(screen))  # a game of its own (the server keeps the last)
    said = check_message_clear(table)
    assert "click a card" in said, said
    table.shot(screenshots, f"phone-layout-last-trick-{width}x{height}", scroll=False)

    # The same game opened at a second table: the line says to press Continue here or New game, in full.
    other = open_page(width, height)
    other.goto(voila.url("voila/render/tutorials/apps/en/table.ipynb"))
    root: Locator = other.locator(".hearts-table-app")
    expect(root.locator(".hearts-svg-table svg")).to_be_visible(timeout=60_000)
    expect(root.locator(".hw-btn-take_over")).to_be_visible(timeout=60_000)
    second = Board(root)
    expect(second.box.locator("svg g.message")).to_contain_text("Continue here", timeout=60_000)
    said = check_message_clear(second)
    assert "Continue here" in said and "New game" in said, said
    second.shot(screenshots, f"phone-layout-continue-here-{width}x{height}", scroll=False)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_walkthrough_words_and_next_on_the_first_phone_screen(
    voila: Any, open_page: Any, screenshots: Any, lang: str
) -> None:
    page = open_page(*SIZES["phone"])
    page.goto(voila.url(f"voila/render/tutorials/apps/{lang}/learn.ipynb"))
    learn = Board(voila_app(page, "hearts-learn"))
    page.evaluate("() => window.scrollTo(0, 0)")
    welcome = WalkthroughModel(lang=lang).step.caption
    caption = learn.root.locator(".hw-caption")
    expect(caption).to_have_text(welcome)
    for needed in (caption, learn.root.locator(".hw-btn-next")):
        expect(needed).to_be_visible()
        assert inside_viewport(needed), (needed, needed.bounding_box(), page.viewport_size)
    learn.shot(screenshots, f"phone-layout-learn-{lang}-390x844", scroll=False)
    # Next works from there, and the step's words stay on the first screen.
    learn.press("next")
    expect(learn.root.locator(".hw-counter")).to_contain_text("2")
    assert inside_viewport(learn.root.locator(".hw-btn-next"))
