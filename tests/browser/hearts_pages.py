"""What the browser tests do on a page: run a notebook in JupyterLab or Notebook 7, and read and click the
SVG board of a hearts widget.

The board script (``widgets/static/table.js``) marks its box ``.hearts-svg-table`` with ``data-busy`` (cards
are moving, the bots are thinking, or Python has not answered a click yet), ``data-hold`` (``trick``: a
finished trick waits for the learner) and ``data-version`` (the drawing shown, bumped by every redraw from
Python). Every click or button press makes Python redraw, so "the action is done" is "a new version is
shown and the board is not busy". Waits poll the page (or the server's kernel list, every 0.2 s) with
generous timeouts; nothing sleeps for a fixed time.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

BOARD = ".hearts-svg-table"
TIMEOUT_MS = 60_000  # kernels start slowly on a busy 2-core machine
# Cards overlap, tilt and rise when chosen, so no fixed spot is always a card's own: look for a point
# where the card is the topmost thing on screen, and click there with the mouse.
_VISIBLE_POINT = """(g) => {
  const r = g.getBoundingClientRect();
  for (const fy of [0.2, 0.35, 0.5, 0.65, 0.8, 0.1, 0.9]) {
    for (let fx = 0.04; fx < 1; fx += 0.06) {
      const x = r.left + fx * r.width, y = r.top + fy * r.height;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('g.card') === g) return [x, y];
    }
  }
  return null;
}"""


_COVER = """(g) => {
  const r = g.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!hit) return 'nothing (the card is off screen)';
  return '<' + hit.tagName.toLowerCase() + ' class="' + (hit.getAttribute('class') || '') + '">';
}"""

OPEN_PAGES: list[Page] = []  # every page made here (conftest screenshots the open ones when a test fails)
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "about:")


def new_page(browser: Any, width: int = 1280, height: int = 900) -> tuple[Any, Page]:
    """A page in a fresh browser context, with ``page.external_requests``: every request it made to a host
    other than 127.0.0.1. (Chromium resolves no other host name, see ``conftest.CHROMIUM_ARGS``, so such
    requests fail at once: the pages must work without the internet.)"""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    pg = ctx.new_page()
    pg.set_default_timeout(TIMEOUT_MS)
    OPEN_PAGES.append(pg)
    pg.external_requests = []  # type: ignore[attr-defined]
    pg.on("request", lambda r: None if r.url.startswith(LOCAL) else pg.external_requests.append(r.url))  # type: ignore[attr-defined]
    return ctx, pg


# ----- Jupyter -------------------------------------------------------------------


def kernel_state(server: Any, path: str) -> str | None:
    """Execution state of the kernel of the notebook session at ``path`` (None: no session yet)."""
    with urllib.request.urlopen(server.url("api/sessions"), timeout=10) as r:
        sessions = json.load(r)
    for s in sessions:
        if s.get("path") == path and s.get("kernel"):
            return str(s["kernel"].get("execution_state"))
    return None


def close_sessions(server: Any, path: str) -> None:
    """Shut down the notebook sessions at ``path`` and their kernels, before a new page opens that notebook.

    A page closed by an earlier test leaves its kernel running, with the widgets that page showed; a new page
    of the same notebook would connect to that kernel, take its widgets over and run the cells again beside
    them (seen in CI: such a second page of a table notebook did not finish running its cells in 60 s). A new
    page starts from a new kernel instead, as a learner's first visit does."""
    with urllib.request.urlopen(server.url("api/sessions"), timeout=30) as r:
        sessions = json.load(r)
    for s in sessions:
        if s.get("path") == path:
            request = urllib.request.Request(server.url(f"api/sessions/{s['id']}"), method="DELETE")
            urllib.request.urlopen(request, timeout=60).close()


def wait_kernel_idle(server: Any, path: str, timeout: float = 90) -> None:
    """Wait until the notebook's kernel exists and is idle (asked of the server, not read from the page)."""
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        state = kernel_state(server, path)
        if state == "idle":
            return
        time.sleep(0.2)
    raise AssertionError(f"kernel of {path} not idle after {timeout}s (state {state!r})")


def write_notebook(workdir: Path, path: str, cells: list[str]) -> str:
    """Write a notebook of these code cells (no outputs) at ``workdir / path``, for a server to open; ``path``."""
    nb = {
        "cells": [
            {"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None, "id": f"c{i}"}
            for i, src in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "hearts": {"offline": True},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    target = workdir / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(nb), encoding="utf-8")
    return path


NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook on show (other tabs stay in the DOM)
# JupyterLab 4 draws a cell's exception like stderr; the traceback header tells them apart.
STDERR_OUTPUT = '.jp-OutputArea [data-mime-type="application/vnd.jupyter.stderr"]'
TRACEBACK = "Traceback (most recent call last)"


# Run in the page before Run All: marks each code cell's prompt once it shows "[*]" (queued or running), so the
# wait after the click counts only the cells that this Run All has run. (Prompts can already show numbers before it:
# a notebook JupyterLab autosaved with outputs, or a kernel an earlier page left running.)
_WATCH_PROMPTS = """(panel) => {
  const nb = document.querySelector(panel);
  const mark = () => {
    for (const p of nb.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')) {
      if (p.textContent.includes('*')) p.dataset.hwQueued = 'true';
    }
  };
  for (const p of nb.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')) delete p.dataset.hwQueued;
  if (nb.__hwWatch) nb.__hwWatch.disconnect();
  nb.__hwWatch = new MutationObserver(mark);
  nb.__hwWatch.observe(nb, { subtree: true, childList: true, characterData: true });
}"""
# True once every code cell has run (queued by this Run All, then numbered) or one raised.
_ALL_RUN = """([panel, stderr, traceback]) => {
  const nb = document.querySelector(panel);
  if (!nb) return false;
  if ([...nb.querySelectorAll(stderr)].some(e => e.textContent.includes(traceback))) return true;
  const prompts = [...nb.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
  return prompts.length > 0 && prompts.every(p => p.dataset.hwQueued === 'true' && /\\[\\d+\\]/.test(p.textContent));
}"""
_ANY_QUEUED = """(panel) => [...document.querySelectorAll(panel + ' .jp-CodeCell .jp-InputArea-prompt')]
  .some(p => p.dataset.hwQueued === 'true')"""


def run_all(page: Page, server: Any, path: str) -> None:
    """Run every cell with the Run menu (JupyterLab and Notebook 7 share it) and wait until all have run;
    fail with the traceback if a cell raised.

    The menu's Run All does nothing while JupyterLab is still connecting the notebook to its kernel (the item is
    shown disabled): it is clicked once it is enabled, and again if the first click queued no cell (a menu that
    a redraw replaced under the mouse). Only the cells this Run All queued count: prompts can show numbers
    before it (a notebook saved with its outputs, a kernel left by an earlier page)."""
    expect(page.locator(f"{NOTEBOOK} .jp-CodeCell").first).to_be_attached(timeout=TIMEOUT_MS)
    wait_kernel_idle(server, path)
    page.evaluate(_WATCH_PROMPTS, NOTEBOOK)
    item = page.locator('.lm-Menu-item[data-command="runmenu:run-all"]')
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while True:
        if item.is_visible():  # a menu left open: closed first, so that the click on Run opens it
            page.keyboard.press("Escape")
            expect(item).to_be_hidden()
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        expect(item).to_be_visible()
        if "lm-mod-disabled" not in (item.get_attribute("class") or ""):
            item.click()
            try:
                page.wait_for_function(_ANY_QUEUED, arg=NOTEBOOK, timeout=15_000, polling=100)
                break
            except PlaywrightError:
                pass  # nothing was queued, so nothing ran: Run All again
        if time.monotonic() > deadline:
            raise AssertionError(f"Run All never ran the cells of {path}")
        page.wait_for_timeout(250)
    # Every code cell shows an execution number ("[3]:"), none is queued or running ("[*]:"); or one failed.
    page.wait_for_function(_ALL_RUN, arg=[NOTEBOOK, STDERR_OUTPUT, TRACEBACK], timeout=TIMEOUT_MS, polling=200)
    errors = page.locator(f"{NOTEBOOK} {STDERR_OUTPUT}", has_text=TRACEBACK)
    assert errors.count() == 0, f"{path} raised:\n{errors.first.inner_text()}"
    wait_kernel_idle(server, path)
    if item.is_visible():  # a Run menu opened again by a late click would cover the notebook: closed
        page.keyboard.press("Escape")
        expect(item).to_be_hidden()


def widget(page: Page, css_class: str) -> Locator:
    """The widget with ``css_class`` in an output area of the notebook on show (a text search could match
    the code cell instead)."""
    loc = page.locator(f"{NOTEBOOK} .jp-OutputArea .{css_class}")
    expect(loc.locator(f"{BOARD} svg")).to_be_visible(timeout=TIMEOUT_MS)
    continue_here(loc)
    return loc


def voila_app(page: Page, css_class: str) -> Locator:
    """The widget of a Voilà page (no notebook around it), once drawn."""
    loc = page.locator(f".{css_class}")
    expect(loc.locator(f"{BOARD} svg")).to_be_visible(timeout=TIMEOUT_MS)
    continue_here(loc)
    return loc


def continue_here(root: Locator) -> None:
    """A table whose saved game is still open at an earlier page's kernel (one server serves every test, and a
    closed page's kernel lingers) offers Continue here: press it, as the learner would."""
    button = root.locator(".hw-btn-take_over")
    if button.count() and button.is_visible():
        button.click()
        expect(button).to_be_hidden(timeout=TIMEOUT_MS)
        expect(root.locator(f"{BOARD} svg")).to_be_visible(timeout=TIMEOUT_MS)  # the board drawn again


# ----- the board -------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    code: str
    legal: bool
    dimmed: bool


class Board:
    """A hearts widget on the page: its buttons, its message line and its SVG board."""

    def __init__(self, root: Locator) -> None:
        self.root = root
        self.page = root.page
        self.box = root.locator(BOARD)

    def version(self) -> str:
        return self.box.get_attribute("data-version") or ""

    def settle(self, old: str) -> None:
        """Wait for a drawing newer than ``old``, every bot's move after it and the end of the cards' movement."""
        wait_for(
            self.box,
            "(box, old) => box.getAttribute('data-busy') !== 'true' && box.getAttribute('data-version') !== old",
            old,
        )

    def hold(self) -> str:
        """``trick`` while a finished trick waits for the learner, else ``""``."""
        return self.box.get_attribute("data-hold") or ""

    def collect(self) -> None:
        """While a finished trick is on show: click the felt (not a card) and wait for what follows."""
        while True:
            # The drawing's version is read before the hold: if the trick is taken away between the two reads
            # (a redraw of its own), the wait below sees that newer drawing instead of waiting for one forever.
            old = self.version()
            if self.hold() != "trick":
                break
            felt = self.box.locator("svg").first
            box = box_of(felt)  # the drawing can be replaced as it is measured: measured again
            # Clicked through the locator, which scrolls that point into view first: with learn mode's notes
            # under the board a phone page is scrolled to the hand, and the felt above can be off screen.
            felt.click(position={"x": box["width"] * 0.3, "y": box["height"] * 0.2})
            self.settle(old)

    def hand(self) -> list[Card]:
        """My cards, left to right, as the SVG marks them."""
        return [
            Card(c, legal == "true", dimmed == "true")
            for c, legal, dimmed in self.box.locator("g.hand.mine g.card[data-card]").evaluate_all(
                "els => els.map(e => [e.dataset.card, e.dataset.legal, e.dataset.dimmed])"
            )
        ]

    def card(self, code: str) -> Locator:
        return self.box.locator(f'g.hand.mine g.card[data-card="{code}"]')

    def point(self, code: str) -> tuple[float, float]:
        """A point on screen where my card ``code`` is the topmost thing.

        The board is drawn anew on every change the kernel sends, and one click can bring more than one (the
        card selected, then the bots' notice): a card element found just before such a redraw is gone by the
        time it is read, so it is looked up again (the card itself is still there, drawn anew)."""
        point = None
        for _ in range(100):
            card = self.card(code)
            try:
                card.scroll_into_view_if_needed()
                point = card.evaluate(_VISIBLE_POINT)
            except PlaywrightError as e:
                if "not attached" not in str(e):
                    raise
                self.page.wait_for_timeout(100)
                continue
            if point is not None:
                break
            # Covered: the cards can still be moving (a deal, a trick taken away on a slow machine), or a
            # notice is on show for a moment. Looked at again until 10 s have passed.
            self.page.wait_for_timeout(100)
        else:
            try:
                cover = self.card(code).evaluate(_COVER)
            except PlaywrightError:
                raise AssertionError(f"{code} was drawn anew for 10 s on end: the board never settled") from None
            raise AssertionError(f"no part of {code} can be clicked for 10 s: {cover} covers it")
        return float(point[0]), float(point[1])

    def click_card(self, code: str, *, collect: bool = False) -> None:
        """Click one of my cards with the mouse, then wait for Python's answer (and the bots' moves) to be drawn;
        with ``collect``, also take away every finished trick that then waits on the table."""
        old = self.version()
        self.page.mouse.click(*self.point(code))
        self.settle(old)
        if collect:
            self.collect()

    def press(self, name: str) -> None:
        """Click the button ``hw-btn-<name>`` and wait for the redraw."""
        old = self.version()
        self.root.locator(f".hw-btn-{name}").click()
        self.settle(old)

    def message(self) -> tuple[str, str]:
        """The message line: (kind, text), kind ``info``, ``ok`` or ``error``; ("", "") when there is none."""
        # Class and text in one read: the widget replaces the element, so two reads could see two versions.
        got = self.root.locator(".hw-message-box").evaluate(
            """box => { const m = box.querySelector('.hw-message');
                       return m ? [m.className, m.innerText] : ['', '']; }"""
        )
        classes, text = str(got[0]).split(), str(got[1])
        kind = next((k for k in ("error", "ok", "info") if f"hw-{k}" in classes), "")
        return kind, text.strip()

    def shot(self, folder: Path, name: str, *, scroll: bool = True) -> Path:
        """Screenshot of the window, ``<folder>/<name>.png``, with the widget's top scrolled to the top."""
        if scroll:
            self.root.evaluate("el => el.scrollIntoView({block: 'start'})")
        path = folder / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path


def box_of(loc: Locator) -> Any:
    """The element's bounding box, waiting out a redraw: the board replaces its SVG when it redraws (after it has
    measured the window, say), and a box asked for at that moment is ``None`` (or the read fails: the element
    found is no longer in the page)."""
    for _ in range(50):
        try:
            box = loc.bounding_box()
        except PlaywrightError as e:
            if "not attached" not in str(e):
                raise
            box = None
        if box is not None:
            return box
        loc.page.wait_for_timeout(100)
    raise AssertionError(f"{loc} has no box on screen")


def wait_for(loc: Locator, predicate: str, arg: Any = None, *, timeout: float = TIMEOUT_MS, polling: int = 50) -> Any:
    """Wait until the JavaScript ``predicate(element, arg)`` is true for the element ``loc`` finds, and return
    what it returned.

    Not ``page.wait_for_function`` on an element handle taken once: a redraw (the widget drawn again, JupyterLab
    laying out its cells) can replace the element, and a handle to the one taken out of the page would be polled
    until the timeout. Here the element is looked up again whenever the one being polled leaves the page."""
    deadline = time.monotonic() + timeout / 1000
    check = f"""([el, arg]) => {{
      if (!el.isConnected) return {{ gone: true }};
      const value = ({predicate})(el, arg);
      return value ? {{ value }} : false;
    }}"""
    while True:
        left = (deadline - time.monotonic()) * 1000
        try:
            if left <= 0:
                raise PlaywrightTimeoutError("no time left")
            handle = loc.element_handle(timeout=left)
            try:
                got = loc.page.wait_for_function(check, arg=[handle, arg], timeout=left, polling=polling).json_value()
            finally:
                handle.dispose()
        except PlaywrightTimeoutError:
            raise AssertionError(f"not true in {timeout / 1000:.1f} s for {loc}: {predicate}") from None
        if "value" in got:
            return got["value"]


def inside_viewport(loc: Locator) -> bool:
    """Whether the element is wholly on screen without scrolling."""
    box = box_of(loc)
    size = loc.page.viewport_size
    assert box is not None and size is not None
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and (box["y"] + box["height"] <= size["height"] + 0.5)
    )


# ----- a whole hand at the table ----------------------------------------------------


@dataclass
class HandPlayed:
    """What a test did at the table: the deal, the bots' level, the cards passed and played, the end."""

    number: int
    level: str  # as the Bots list shows it
    passed: list[str]
    played: list[str]
    final_message: str


def choose_deal(table: Board, number: int) -> None:
    """Type ``number`` in the deal box and press Play this deal (the box's text goes with the press); when a
    game is in progress the table asks first, and the question can come after the press returns: wait for
    the new game or the question, and confirm."""
    table.root.locator(".hw-deal-box input").fill(str(number))
    table.press("play-deal")
    title = table.root.locator(".hw-title")
    confirm = table.root.locator(".hw-btn-confirm")
    wanted = re.compile(rf"\b{number}\b")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and not wanted.search(title.inner_text()):
        if confirm.is_visible():
            table.press("confirm")
            break
        table.page.wait_for_timeout(100)
    expect(title).to_contain_text(wanted)


def play_whole_hand(table: Board, number: int, folder: Path, prefix: str) -> HandPlayed:
    """Start game ``number`` with the deal-number box, pass 3 cards, play 13 tricks by clicking cards
    (each time the first card the SVG marks legal), and check the board at every step.

    Also clicks Pass with only 2 cards chosen and clicks a dimmed card once: both must be refused with a
    message and change nothing. Screenshots: ``<prefix>-1-passing``, ``-2-received``, ``-3-illegal``,
    ``-4-middle``, ``-5-scored``.
    """
    choose_deal(table, number)
    level = table.root.locator(".hw-level select").input_value()
    hand = table.hand()
    assert len(hand) == 13 and not any(c.dimmed for c in hand), hand
    expect(table.root.locator(".hw-btn-pass")).to_be_visible()

    # Passing: choose the three cards on the right; Pass with two is refused.
    chosen = [c.code for c in hand[-3:]]
    for code in chosen[:2]:
        table.click_card(code)
    table.press("pass")
    kind, text = table.message()
    assert kind == "error" and text, (kind, text)
    assert [c.code for c in table.hand()] == [c.code for c in hand], "a refused pass changed the hand"
    table.click_card(chosen[2])
    table.shot(folder, f"{prefix}-1-passing")
    table.press("pass")
    kind, text = table.message()
    deadline = time.monotonic() + 15
    while kind == "info" and time.monotonic() < deadline:  # the first redraw may say the bots are still choosing
        table.page.wait_for_timeout(100)
        kind, text = table.message()
    assert kind == "ok" and text, (kind, text)
    expect(table.root.locator(".hw-btn-pass")).to_be_hidden()
    after_pass = table.hand()
    assert len(after_pass) == 13 and not set(chosen) & {c.code for c in after_pass}
    table.shot(folder, f"{prefix}-2-received")

    played: list[str] = []
    tried_illegal = False
    for trick in range(13):
        hand = table.hand()
        assert len(hand) == 13 - trick, (trick, hand)
        legal = [c for c in hand if c.legal]
        assert legal, f"trick {trick + 1}: no legal card in {hand}"
        assert all(c.dimmed == (not c.legal) for c in hand), hand
        dimmed = [c for c in hand if c.dimmed]
        if dimmed and not tried_illegal:
            tried_illegal = True
            table.click_card(dimmed[0].code)
            kind, text = table.message()
            assert kind == "error" and text, (kind, text)
            assert table.hand() == hand, "a refused card changed the hand"
            table.shot(folder, f"{prefix}-3-illegal")
        table.click_card(legal[0].code, collect=True)
        played.append(legal[0].code)
        if trick == 6:
            table.shot(folder, f"{prefix}-4-middle")
    assert tried_illegal, "no trick had a dimmed card to try"
    assert table.hand() == []
    kind, text = table.message()
    assert kind == "ok" and text, (kind, text)
    expect(table.root.locator(".hw-btn-next")).to_be_visible()
    table.shot(folder, f"{prefix}-5-scored")
    return HandPlayed(number, level, chosen, played, text)


# Put into a table's page (``page.evaluate(RECORDER)``), records in ``window.__hw.clicks`` each click on a card of
# the hand: the time to the first drawing that shows the card in the middle (``played``; or any new drawing, for a
# refused click or a pass's choice) and the time until the bots have played (board not busy).
RECORDER = """() => {
  if (window.__hw) return;
  const box = document.querySelector('.hearts-table-app .hearts-svg-table');
  const hw = window.__hw = { clicks: [], pending: null };
  document.addEventListener('click', (e) => {
    const g = e.target.closest && e.target.closest('.hearts-table-app g.hand.mine g.card[data-card]');
    if (g && !hw.pending && box.getAttribute('data-busy') !== 'true') {
      hw.pending = { code: g.dataset.card, t0: performance.now(), version: box.dataset.version };
    }
  }, true);
  const check = () => {
    const p = hw.pending;
    if (!p) return;
    const now = performance.now();
    if (p.first === undefined && box.querySelector(`.hw-stage g.trick g.card[data-card="${p.code}"]`)) {
      p.first = now - p.t0;
      p.played = true;
    }
    if (box.dataset.busy === 'false' && box.dataset.version !== p.version) {
      if (p.first === undefined) p.first = now - p.t0;
      p.last = now - p.t0;
      hw.clicks.push(p);
      hw.pending = null;
    }
  };
  new MutationObserver(check).observe(box, { attributes: true, childList: true, subtree: true });
}"""


def pass_three(table: Board) -> None:
    """Choose the three right-most cards, press Pass, and take away any trick the bots finish meanwhile."""
    for c in table.hand()[-3:]:
        table.click_card(c.code)
    table.press("pass")
    table.collect()


def play_until_thinking(table: Board, words: str) -> Locator:
    """Play on (South's first legal card; finished tricks taken away) until the thinking label says ``words``,
    without waiting for the bots: the label, while that bot thinks."""
    thinking = table.box.locator(".hw-thinking")
    for _ in range(600):
        if thinking.is_visible() and words in (thinking.text_content() or ""):
            break
        if table.box.get_attribute("data-busy") == "false" and table.hold() == "":
            table.page.mouse.click(*table.point(next(c.code for c in table.hand() if c.legal)))
        elif table.hold() == "trick":
            table.collect()
        table.page.wait_for_timeout(50)
    expect(thinking).to_contain_text(words)
    return thinking


def replay_in_python(played: HandPlayed, lang: str, data_dir: Path) -> str:
    """The message the table's own model gives after the same clicks: the page must show the same."""
    from hearts_widgets import TableModel, levels
    from hearts_widgets.text import level_label

    by_label = {level_label(x, lang): x for x in levels.available_levels()}
    m = TableModel(number=played.number, level=by_label[played.level], lang=lang, data_dir=data_dir, resume=False)
    for code in played.passed:
        m.click_card(code)
    m.press("pass")
    for code in played.played:
        m.click_card(code)
    assert m.hand.is_over
    assert m.message is not None
    return m.message.text


# ----- a hand in learn mode ----------------------------------------------------------


def notes(board: Board) -> list[tuple[str, str, str]]:
    """Learn mode's notes under the table: (kind, rule, text), in order."""
    got = board.root.locator(".hw-learn-box .hw-note").evaluate_all(
        "els => els.map(e => [e.dataset.kind || '', e.dataset.rule || '', e.innerText])"
    )
    return [(str(k), str(r), str(x).strip()) for k, r, x in got]


def symbols(codes: list[str]) -> str:
    """Card codes as the notes write them: ``['QS', '10H']`` -> ``'Q♠, 10♥'``."""
    from hearts import Card as EngineCard

    return ", ".join(str(EngineCard.parse(c)) for c in codes)


def play_learn_hand(table: Board, number: int, folder: Path, prefix: str, words: dict[str, str]) -> list[str]:
    """Start game ``number`` and play its first hand by clicks in learn mode, checking the notes on the way.

    At every decision the last note is the "now" note, and it names exactly the cards the board marks legal;
    a dimmed card clicked once gives the engine's reason and changes nothing; after every trick a note says
    who took it. ``words``: the words expected in the page's language (the labels ``now`` and ``trick``, and
    ``checklist``, the title of the panel of rules met).
    Returns the rules whose notes were shown. Screenshots ``<prefix>-1-pass``, ``-2-rule-notes``,
    ``-3-why``, ``-4-end``.
    """
    choose_deal(table, number)
    shown = notes(table)
    assert shown and shown[-1][0] == "now" and shown[-1][2].startswith(words["now"]), shown
    hand = table.hand()
    for c in hand[-3:]:
        table.click_card(c.code)
    table.shot(folder, f"{prefix}-1-pass")
    table.press("pass")
    rules: list[str] = []
    shot_rules = tried = False
    for trick in range(13):
        shown = notes(table)
        rules += [r for k, r, _ in shown if k == "rule"]
        if any(k == "rule" for k, _, _ in shown) and not shot_rules and trick:
            shot_rules = True
            table.shot(folder, f"{prefix}-2-rule-notes")
        kind, _, text = shown[-1]
        hand = table.hand()
        legal = [c.code for c in hand if c.legal]
        assert kind == "now" and text.startswith(words["now"]), shown
        assert symbols(legal) in text, (legal, text)
        dimmed = [c.code for c in hand if c.dimmed]
        if dimmed and not tried:
            tried = True
            table.click_card(dimmed[0])
            kind, text = table.message()
            assert kind == "error" and text, (kind, text)
            assert table.hand() == hand and notes(table) == shown  # a refused card changes nothing
            table.shot(folder, f"{prefix}-3-why")
        table.click_card(legal[0], collect=True)  # and take the finished trick away, as the learner does
        after = notes(table)
        assert any(k == "trick" and x.startswith(words["trick"]) for k, _, x in after), after
    rules += [r for k, r, _ in notes(table) if k == "rule"]
    assert table.hand() == [] and tried
    assert len(rules) == len(set(rules)), rules
    table.root.locator(".hw-panels").get_by_text(re.compile("^" + words["checklist"] + ":")).click()  # the checklist
    expect(table.root.locator(".hw-checklist")).to_be_visible()
    table.shot(folder, f"{prefix}-4-end")
    return rules
