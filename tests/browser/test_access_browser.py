"""Everyone can play: keyboard, screen reader, colour and small screens, in a real browser.

- axe-core (the ``axe-playwright-python`` package, which ships it: nothing is fetched) on the walkthrough,
  the table in learn mode and the hand review, in JupyterLab and in Voilà: no serious or critical
  violation (the counts of every impact are printed).
- A whole hand played by keyboard alone at the table (Tab to the hand, arrows, Space to choose the pass,
  Tab to Pass, Enter to play) and the whole example hand of the walkthrough (Enter on Next, Shift+Tab to
  the hand at the learner's turns); the focus ring shows, the focus lands somewhere sensible after each
  action, and a trick's announcements are read from the accessibility tree (Playwright's aria snapshot).
- Hidden cards: two tables that differ only in the bots' unplayed cards give the same page (markup and
  accessibility tree).
- Small screens: every card of the hand has a tap target of 44 x 44 CSS px or more at 390x844 and 844x390,
  seat text is at least 12 px, nothing is wider than the screen; screenshots of the table app at 390x844,
  844x390, 768x1024, 1280x900 and 1920x1080; animations off under prefers-reduced-motion.
- Folding panels (History, Settings, Score sheet, Rules met) open by keyboard, and a setting changes by it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hearts_pages import (
    TIMEOUT_MS,
    Board,
    choose_deal,
    new_page,
    run_all,
    voila_app,
    wait_for,
    widget,
    write_notebook,
)
from playwright.sync_api import Page, expect

from hearts_widgets import WalkthroughModel

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = "access/access.ipynb"

CELLS = [
    f"""import sys, tempfile
from pathlib import Path
from IPython.display import display
sys.path.insert(0, {str(REPO / "tests")!r})
from hearts import Deal, HandState
from hearts.bots.random_bot import RandomBot
from hearts_widgets import GameTable, Walkthrough
from hearts_widgets.review import HandReview
from twin_tables import twin_tables
DATA = Path(tempfile.mkdtemp())""",
    'Walkthrough(lang="en")',
    'GameTable(number=2024, level="random", lang="en", data_dir=DATA / "table", resume=False, paced=False, learn=True)'
    '.add_class("hw-a11y-table")',
    """hand = HandState(Deal.from_number(11))
bots = [RandomBot(seed=s) for s in range(4)]
for seat in range(4):
    hand.push_pass(seat, bots[seat].choose_pass(hand.observation(seat)).mask)
while not hand.is_over:
    hand.push(bots[hand.to_play].choose_play(hand.observation(hand.to_play)))
HandReview(hand, 0, lang="en", worlds=4, pass_worlds=2, check_worlds=20)""",
    """twin_a, twin_b = twin_tables(DATA / "twins")
display(twin_a.add_class("hw-twin-a"), twin_b.add_class("hw-twin-b"))""",
]
APPS = {"walkthrough": ".hearts-learn", "table": ".hw-a11y-table", "review": ".hearts-review"}


@pytest.fixture(scope="session")
def access_notebook(workdir: Path) -> str:
    """A notebook with the walkthrough, a table in learn mode, a review and the twin tables."""
    return write_notebook(workdir, NOTEBOOK, CELLS)


def axe_counts(page: Page, selector: str) -> dict[str, int]:
    """axe-core's violations inside ``selector``, counted by impact (nodes), and the serious/critical ones."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=selector)
    counts = {"minor": 0, "moderate": 0, "serious": 0, "critical": 0}
    bad = []
    for v in results.response["violations"]:
        counts[v["impact"]] += len(v["nodes"])
        if v["impact"] in ("serious", "critical"):
            bad.append((v["id"], v["impact"], [n["html"][:200] for n in v["nodes"][:3]]))
    assert not bad, (selector, bad)
    return counts


def check_axe(page: Page, where: str) -> None:
    for name, selector in APPS.items():
        expect(page.locator(selector).first).to_be_visible(timeout=TIMEOUT_MS)
        counts = axe_counts(page, selector)
        print(f"axe {where} {name}: {counts}")


def focused(page: Page) -> dict[str, Any]:
    """What has the keyboard focus: its classes, and its card and accessible state if it is a card."""
    return dict(
        page.evaluate(
            """() => { const e = document.activeElement;
                 const b = e && e.closest ? e.closest('button') : null;
                 return { cls: (b || e).getAttribute('class') || '', card: e.getAttribute('data-card'),
                          disabled: e.getAttribute('aria-disabled') === 'true',
                          label: e.getAttribute('aria-label') || '',
                          ring: e.querySelector && e.querySelector('.focus-ring')
                                ? getComputedStyle(e.querySelector('.focus-ring')).visibility : null }; }"""
        )
    )


def wait_focus(page: Page, what: str) -> dict[str, Any]:
    """Wait until the focus is on a card of a hand (``what="card"``) or in the button with class ``what``."""
    page.wait_for_function(
        """(what) => { const e = document.activeElement; if (!e || !e.closest) return false;
                      const card = 'g.hand.mine g.card[role=button]';
                      return what === 'card' ? !!e.closest(card) : !!e.closest('.' + what); }""",
        arg=what,
        timeout=10_000,
        polling=50,
    )
    return focused(page)


def key(board: Board, name: str, *, redraw: bool = True) -> None:
    """Press a key; with ``redraw``, wait until Python has drawn its answer."""
    old = board.version()
    board.page.keyboard.press(name)
    if redraw:
        board.settle(old)


def tab_to_hand(board: Board, first: str) -> None:
    """From the control ``first`` of the app, Tab until a card of the hand has the focus (no trap on the way)."""
    board.root.locator(first).first.focus()
    for _ in range(15):
        if focused(board.page)["card"]:
            return
        board.page.keyboard.press("Tab")
    raise AssertionError(f"15 Tabs from {first} never reached the hand: {focused(board.page)}")


def live_text(board: Board) -> str:
    wait_for(board.root, "root => root.querySelector('.hw-live').textContent.length > 0")
    return str(board.root.locator(".hw-live").inner_text())


def play_hand_by_keyboard(table: Board) -> None:
    """Pass three cards and play 13 tricks with the keyboard only."""
    tab_to_hand(table, ".hw-level select")
    f = focused(table.page)
    assert f["ring"] == "visible", f  # the focus ring shows on keyboard focus
    assert "chosen" not in f["label"]
    for _ in range(3):  # Space chooses a card for the pass (it rises, and says so), the arrow moves on
        key(table, "Space")
        f = focused(table.page)
        assert "chosen to pass" in f["label"], f  # the focus stayed on the card, now chosen
        key(table, "ArrowRight", redraw=False)
    table.page.keyboard.press("Tab")
    assert "hw-btn-pass" in focused(table.page)["cls"], focused(table.page)
    key(table, "Enter")
    wait_focus(table.page, "card")  # the Pass button is gone: the focus is back in the hand
    said = []
    for trick in range(13):
        cards = table.hand()
        assert len(cards) == 13 - trick
        table.page.keyboard.press("Home")
        for _ in range(len(cards)):
            f = focused(table.page)
            if not f["disabled"]:
                break
            assert "cannot be played now: " in f["label"], f  # a dimmed card says why
            table.page.keyboard.press("ArrowRight")
        assert not f["disabled"], f
        key(table, "Enter")
        said.append(live_text(table))
        if trick < 12:
            wait_focus(table.page, "card")
    assert table.hand() == []
    wait_focus(table.page, "hw-btn-next")  # the next thing to do: Next hand
    assert any(re.search(r"(West|North|East) plays \S+\.", s) for s in said), said
    assert any(re.search(r"(West|North|East|You) took trick \d+ with \S+: ", s) for s in said), said
    assert "Hand 1 is over" in said[-1], said[-1]


def test_keyboard_screen_reader_axe_and_hidden_cards_in_jupyterlab(
    lab: Any, browser: Any, access_notebook: str, screenshots: Path
) -> None:
    ctx, page = new_page(browser, 1280, 900)
    page.goto(lab.url(f"lab/tree/{access_notebook}?reset"))
    run_all(page, lab, access_notebook)
    check_axe(page, "JupyterLab")

    # Hidden cards: the twin tables give the same markup and the same accessibility tree.
    a, b = (Board(widget(page, f"hw-twin-{x}")) for x in "ab")
    html_a, html_b = (
        re.sub(r'\s(id|for|aria-controls|aria-labelledby)="[^"]*"', "", t.root.inner_html()) for t in (a, b)
    )
    assert html_a == html_b
    assert a.root.aria_snapshot() == b.root.aria_snapshot()
    assert "two of clubs, played by West" in a.root.aria_snapshot()
    (screenshots / "access-twin-aria.txt").write_text(a.root.aria_snapshot(), encoding="utf-8")

    # A whole hand at the table by keyboard, and what a screen reader finds there.
    table = Board(widget(page, "hw-a11y-table"))
    table.root.scroll_into_view_if_needed()
    play_hand_by_keyboard(table)
    tree = table.root.aria_snapshot()
    assert re.search(r'img "South: (\d+ cards · )?\d+ pts? · total \d+', tree), tree[:2000]
    assert re.search(r'status: "You play .* Hand 1 is over', tree), tree
    assert re.search(r'img "Hearts (not )?broken"', tree), tree[:2000]
    assert 'status' in tree and "Hand 1 is over" in tree, tree[-1500:]
    key(table, "Enter")  # Next hand
    wait_focus(page, "card")
    table.shot(screenshots, "access-lab-table-keyboard")
    # Every setting by keyboard: Tab to the Settings panel's header, Enter opens it, Tab to a setting.
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.textContent.trim()") == "Settings":
            break
    header = page.locator(":focus")
    assert header.get_attribute("role") == "button" and header.get_attribute("aria-expanded") == "false"
    page.keyboard.press("Enter")
    expect(header).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.type") == "checkbox"  # four-colour suits
    key(table, "Space")
    assert "#1b7a34" in str(table.box.inner_html())  # clubs drawn green

    # The walkthrough's example hand by keyboard: Enter on Next, and at each of the learner's turns
    # Shift+Tab back to the hand and Enter on the story's card.
    learn = Board(widget(page, "hearts-learn"))
    learn.root.scroll_into_view_if_needed()
    model = WalkthroughModel(lang="en")
    learn.root.locator(".hw-btn-next").focus()
    played = 0
    while model.step.chapter == "hand":
        if model.step.learner_turn:
            page.keyboard.press("Shift+Tab")
            page.keyboard.press("Shift+Tab")
            scripted = model.step.scripted
            assert scripted is not None
            page.keyboard.press("Home")
            for _ in range(14):
                f = focused(page)
                assert f["card"], f
                if f["card"] == scripted.code:
                    break
                page.keyboard.press("ArrowRight")
            assert f["card"] == scripted.code, (f, scripted)
            key(learn, "Enter")
            model.click_card(scripted.code)
            played += 1
            wait_focus(page, "hw-btn-next")
        else:
            key(learn, "Enter")
            model.next()
        expect(learn.root.locator(".hw-counter")).to_have_text(f"Step {model.index + 1} of {len(model)}")
    assert played == 13
    # The live region is written a moment after the step counter: wait for the step's words.
    expect(learn.root.locator(".hw-live")).to_have_text(re.compile(rf"^\s*Step {model.index + 1} of {len(model)}\."))
    learn.shot(screenshots, "access-lab-walkthrough-keyboard")
    assert page.external_requests == [], page.external_requests
    ctx.close()


TAP_TARGET = """(svg) => {
  // For every card of the hand: the side of the largest square of it that is on top (tappable).
  const out = [];
  for (const g of svg.querySelectorAll('g.hand.mine g.card[data-card]')) {
    const r = g.getBoundingClientRect();
    const step = 2, nx = Math.ceil(r.width / step), ny = Math.ceil(r.height / step);
    const dp = Array.from({length: ny + 1}, () => new Array(nx + 1).fill(0));
    let best = 0;
    for (let j = 1; j <= ny; j++) for (let i = 1; i <= nx; i++) {
      const hit = document.elementFromPoint(r.left + (i - 0.5) * step, r.top + (j - 0.5) * step);
      if (hit && hit.closest('g.card') === g) {
        dp[j][i] = 1 + Math.min(dp[j - 1][i], dp[j][i - 1], dp[j - 1][i - 1]);
        best = Math.max(best, dp[j][i]);
      }
    }
    out.push([g.dataset.card, best * step]);
  }
  return out;
}"""

SEAT_TEXT = """(svg) => [...svg.querySelectorAll('g.seat text')].map(t => {
  const m = t.getScreenCTM(); return parseFloat(t.getAttribute('font-size')) * Math.hypot(m.a, m.b); })"""


def fit_board(page: Page, board: Board, width: int, height: int) -> str:
    """Resize the window and wait for the board drawn for its new width; the layout drawn."""
    page.set_viewport_size({"width": width, "height": height})
    wait_for(
        board.box,
        """(box) => { const svg = box.querySelector('svg.hearts-table');
                      const w = box.getBoundingClientRect().width;
                      const compact = svg && svg.getAttribute('data-layout') === 'compact';
                      // Drawn for this width (a compact drawing's width is the width it was made for).
                      const drawn = compact ? Math.abs(parseFloat(svg.getAttribute('width')) - w) <= 0.04 * w : true;
                      return svg && (w < 880) === compact && drawn && box.getAttribute('data-busy') === 'false'; }""",
        polling=100,
    )
    return str(board.box.locator("svg.hearts-table").get_attribute("data-layout") or "wide")


def test_axe_small_screens_and_motion_in_voila(
    voila: Any, open_page: Any, access_notebook: str, screenshots: Path
) -> None:
    page = open_page(1280, 900)
    page.goto(voila.url(f"voila/render/{access_notebook}"))
    voila_app(page, "hearts-learn")
    check_axe(page, "Voila")

    # Animations (the received cards' fading ring) stop under prefers-reduced-motion.
    probe = """() => { const box = document.querySelector('.hw-a11y-table .hearts-svg-table');
      const ns = 'http://www.w3.org/2000/svg';
      const g = document.createElementNS(ns, 'g'); g.setAttribute('class', 'card flash-done');
      const r = document.createElementNS(ns, 'rect'); r.setAttribute('class', 'mark-received');
      g.appendChild(r); box.querySelector('svg').appendChild(g);
      const d = getComputedStyle(r).transitionDuration; g.remove(); return d; }"""
    assert page.evaluate(probe) == "1.2s"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(probe) == "0s"

    # The table app on a phone, a tablet, a laptop and a projector.
    page.goto(voila.url("voila/render/tutorials/apps/en/table.ipynb"))
    table = Board(voila_app(page, "hearts-table-app"))
    # A new game, 13 cards in the hand, whatever game an earlier test left open on this server (the app resumes it).
    choose_deal(table, 390)
    for width, height in ((390, 844), (844, 390), (768, 1024), (1280, 900), (1920, 1080)):
        layout = fit_board(page, table, width, height)
        table.shot(screenshots, f"access-table-{width}x{height}", scroll=False)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (width, height, overflow)
        svg = table.box.locator("svg.hearts-table")
        if (width, height) in ((390, 844), (844, 390)):
            assert layout == "compact", (width, layout)
            svg.evaluate("s => s.querySelector('g.hand.mine').scrollIntoView({block: 'center'})")
            targets = svg.evaluate(TAP_TARGET)
            assert len(targets) == 13 and all(side >= 44 for _, side in targets), (width, targets)
            print(f"tap targets at {width}x{height}: smallest {min(s for _, s in targets)} px")
        sizes = svg.evaluate(SEAT_TEXT)
        assert sizes and min(sizes) >= (12 if layout == "compact" else 9.5), (width, sizes)
