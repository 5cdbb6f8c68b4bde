"""Screenshots of the table and the walkthrough in the states people meet, to look at before a release.

Starts JupyterLab and Voilà on a copy of the tutorials and headless Chromium (as the browser tests do), and
writes PNGs to ``screenshots/review/`` (ignored by git; ``--out`` to choose), at 1280x900 and 1920x1080, in both:

- ``*-thinking``: a bot thinking (one that takes 1.5 s, so the label and its progress bar can be seen);
- ``*-received-hint``: the cards just received beside the hint's cards, right after the pass;
- ``*-trick-stays``: a finished trick waiting on the table, with the message saying who took it;
- ``*-last-trick``: the Last trick view;
- ``*-four-cards``: a hand of 4 cards, spread out;
- ``*-confirm``: the question before leaving a game in progress;
- ``*-moon-sheet``: the score sheet after a hand in which someone shot the moon, and its message;
- ``*-settings``: the Settings panel;
- ``*-deal-link``, ``*-deal-link-bad``: the app opened by ``?deal=N`` and by ``?deal=abc`` (Voilà only);
- ``*-learn-step1``, ``*-learn-step4``, ``*-learn-step18``: the walkthrough.

Usage: python scripts/screenshots.py [--out screenshots/review] [--sizes 1280x900,1920x1080] [--where lab,voila]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

import conftest  # noqa: E402  (the browser tests' servers and Chromium options)
from hearts_pages import (  # noqa: E402
    Board,
    choose_deal,
    new_page,
    pass_three,
    play_until_thinking,
    run_all,
    voila_app,
    widget,
    write_notebook,
)
from test_table_pacing import SLOW_CELLS  # noqa: E402  (a table whose West thinks for 1.5 s)

from hearts_widgets import TableModel  # noqa: E402

TABLE = "tutorials/apps/en/table.ipynb"
LEARN = "tutorials/apps/en/learn.ipynb"
SLOW = "review/slow_bot.ipynb"


def moon_deal(limit: int = 400) -> int:
    """A deal on which, with South passing and playing as the script clicks (the right-most three cards, then
    the first legal card), a rule bot shoots the moon in hand 1."""
    with tempfile.TemporaryDirectory() as d:
        for n in range(1, limit):
            m = TableModel(number=n, level="rule", data_dir=d, resume=False, learn=False)
            for c in sorted(m.hand.hand_of(0), key=_shown_order)[-3:]:
                m.click_card(c.code)
            m.press("pass")
            while not m.hand.is_over:
                m.click_card(min((c for c in m.hand.legal_moves), key=_shown_order).code)
            r = m.hand.result()
            m.close()
            if r.shooter is not None and r.shooter != 0:
                return n
    raise RuntimeError(f"no moon in deals 1 to {limit}")


def _shown_order(c: Any) -> int:
    """The order of the hand on the board: clubs, diamonds, spades, hearts, low to high (the cards' numbers)."""
    return int(c)


def open_table(where: str, server: Any, page: Any, path: str, css: str, query: str = "") -> Board:
    if where == "voila" and query.endswith("abc"):  # as the page opens: no Continue here pressed first
        page.goto(server.url(f"voila/render/{path}{query}"))
        board = Board(page.locator(f".{css}"))
        board.root.locator(".hw-message-box .hw-error").wait_for()
        return board
    if where == "voila":
        page.goto(server.url(f"voila/render/{path}{query}"))
        return Board(voila_app(page, css))
    page.goto(server.url(f"lab/tree/{path}?reset"))
    run_all(page, server, path)
    board = Board(widget(page, css))
    board.root.evaluate("el => el.scrollIntoView({block: 'start'})")
    return board


def shoot(page: Any, out: Path, name: str) -> None:
    page.screenshot(path=str(out / f"{name}.png"))
    print(f"  {name}.png")


def table_states(table: Board, out: Path, prefix: str, moon: int) -> None:
    """Pass, hint, a trick on show, the last trick, 4 cards left, the question, the moon's sheet, Settings."""
    page = table.page
    choose_deal(table, 8080)
    pass_three(table)
    table.press("hint")
    shoot(page, out, f"{prefix}-received-hint")
    tricks = 0
    while len(table.hand()) > 4:
        table.click_card(next(c.code for c in table.hand() if c.legal))
        if table.hold() == "trick":
            tricks += 1
            if tricks == 2:
                shoot(page, out, f"{prefix}-trick-stays")
            table.collect()
            if tricks == 2:
                table.box.locator(".hw-last-trick-btn").click()
                shoot(page, out, f"{prefix}-last-trick")
                table.box.locator(".hw-last-trick").click()
    shoot(page, out, f"{prefix}-four-cards")
    old = table.version()
    table.root.locator(".hw-btn-new").click()
    table.root.locator(".hw-btn-confirm").wait_for()
    table.settle(old)
    shoot(page, out, f"{prefix}-confirm")
    table.press("cancel")
    choose_deal(table, moon)
    for c in sorted(table.hand(), key=lambda c: _shown_order(_card(c.code)))[-3:]:
        table.click_card(c.code)
    table.press("pass")
    table.collect()
    while table.hand():
        legal = [c.code for c in table.hand() if c.legal]
        table.click_card(min(legal, key=lambda code: _shown_order(_card(code))), collect=True)
    table.root.locator(".hw-panels").get_by_text("Score sheet", exact=True).click()
    table.root.locator(".hw-sheet").first.wait_for()
    shoot(page, out, f"{prefix}-moon-sheet")
    table.root.locator(".hw-panels").get_by_text("Score sheet", exact=True).click()
    table.root.locator(".hw-panels").get_by_text("Settings", exact=True).click()
    table.root.locator(".hw-set-step-bots").wait_for()
    table.root.locator(".hw-settings").evaluate("el => el.scrollIntoView({block: 'center'})")
    shoot(page, out, f"{prefix}-settings")


def _card(code: str) -> Any:
    from hearts import Card

    return Card.parse(code)


def thinking_state(table: Board, out: Path, prefix: str) -> None:
    """South plays until the slow West thinks; the label with its bar, halfway."""
    page = table.page
    choose_deal(table, 4242)
    pass_three(table)
    thinking = play_until_thinking(table, "West is thinking")
    page.wait_for_function(
        "el => parseFloat(el.getAttribute('data-progress') || '0') >= 0.4", arg=thinking.element_handle()
    )
    shoot(page, out, f"{prefix}-thinking")


def learn_states(learn: Board, out: Path, prefix: str) -> None:
    for index in range(1, 19):
        if index in (1, 4, 18):
            learn.root.evaluate("el => el.scrollIntoView({block: 'start'})")
            shoot(learn.page, out, f"{prefix}-learn-step{index}")
        learn.press("next")


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--out", type=Path, default=REPO / "screenshots" / "review")
    ap.add_argument("--sizes", default="1280x900,1920x1080")
    ap.add_argument("--where", default="lab,voila")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    moon = moon_deal()
    print(f"moon deal: {moon}")
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        root = Path(tmp)
        work = conftest.copy_tutorials(root / "served")
        write_notebook(work, SLOW, SLOW_CELLS)
        servers: dict[str, Any] = {}
        for where, serve in (("lab", conftest.serve_lab), ("voila", conftest.serve_voila)):
            if where in args.where.split(","):
                (root / where).mkdir()
                servers[where] = stack.enter_context(contextlib.contextmanager(serve)(work, root / where))
                servers[where].data_dir.mkdir(parents=True, exist_ok=True)
                settings = {"speed": "normal", "trick_pause": 0, "learn": False, "level": "rule"}
                (servers[where].data_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
        p = stack.enter_context(sync_playwright())
        browser = p.chromium.launch(executable_path=conftest.CHROMIUM, args=conftest.CHROMIUM_ARGS, headless=True)
        stack.callback(browser.close)
        for size in args.sizes.split(","):
            w, h = (int(x) for x in size.split("x"))
            for where, server in servers.items():
                prefix = f"{where}-{w}x{h}"
                print(prefix)
                steps: list[tuple[str, str, str, Callable[[Board, str], None]]] = [
                    (TABLE, "hearts-table-app", "", lambda b, pre: table_states(b, out, pre, moon)),
                    (SLOW, "hw-slow-table", "", lambda b, pre: thinking_state(b, out, pre)),
                    (LEARN, "hearts-learn", "", lambda b, pre: learn_states(b, out, pre)),
                ]
                if where == "voila":
                    for query, name in (("?deal=86420", "deal-link"), ("?deal=abc", "deal-link-bad")):
                        steps.append(
                            (TABLE, "hearts-table-app", query, lambda b, pre, n=name: shoot(b.page, out, f"{pre}-{n}"))
                        )
                for path, css, query, act in steps:
                    ctx, page = new_page(browser, w, h)
                    try:
                        act(open_table(where, server, page, path, css, query), prefix)
                    finally:
                        ctx.close()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main()
