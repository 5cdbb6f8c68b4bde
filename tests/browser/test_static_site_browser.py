"""The static site in headless Chromium: the table plays in the page, on Pyodide, with no other host reached.

The site is built (``python -m hearts site build``) and served from 127.0.0.1 by a plain static file server;
every request to another host is aborted. The first test chooses a variant and the expert in Settings, plays by
mouse until a trick is taken (the thinking bots' progress bar shown), saves the progress file, reloads and finds
the same game at the same trick (the browser's copy in localStorage, merged at start as in Jupyter) with the
network off (the service worker answers from its cache), then loads the progress file back after a new game.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from hearts_pages import Board, new_page
from playwright.sync_api import expect

from hearts.site import build_site
from hearts.site.build import default_cache

START_MS = 90_000  # Pyodide's start: about 4 s on a quiet machine, much more on a loaded CI runner


class _Files(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    out = tmp_path_factory.mktemp("static-site") / "site"
    build_site(out, cache=default_cache())
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Files, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _open(page: Any, url: str) -> Board:
    page.goto(url)
    app = page.locator("#hearts-app")
    expect(app).to_have_attribute("data-ready", "true", timeout=START_MS)
    board = Board(app)
    page.wait_for_function(
        "box => box && box.getAttribute('data-busy') === 'false' && box.getAttribute('data-version') !== '0'",
        arg=board.box.element_handle(),
        timeout=START_MS,
        polling=50,
    )
    return board


def _setting(board: Board, name: str, value: str) -> None:
    """Choose ``value`` in the Settings menu ``name`` and wait for Python's answer to be drawn."""
    old = board.version()
    board.root.locator(f".hw-set-{name.replace('_', '-')} select").select_option(value)
    board.settle(old)


def test_the_static_table_with_settings_a_variant_the_expert_and_the_progress_file_offline(
    browser: Any, site_url: str, tmp_path: Any
) -> None:
    ctx, page = new_page(browser, 1100, 900)
    aborted: list[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
            r.continue_()
        else:
            aborted.append(r.request.url)
            r.abort()

    ctx.route("**/*", route)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        board = _open(page, f"{site_url}/en/")
        app = board.root
        # Settings, as at the Jupyter table: a variant (3 players, 17 cards each), no card movement, the expert.
        app.locator(".hw-settings-panel summary").click()
        _setting(board, "rules", "three")
        _setting(board, "speed", "off")
        assert len(board.hand()) == 17 and app.locator(".hw-title").text_content() == "Hearts · game " + (
            app.locator(".hw-deal-input").input_value())  # fmt: skip
        old = board.version()
        app.locator(".hw-level-select").select_option("expert")
        board.settle(old)
        assert "30 deals a card instead of the 300" in (app.locator(".hw-level-cost").text_content() or "")
        # The thinking bots' progress bar: every value it shows is recorded (Python runs in a worker, so the
        # page draws the bar while a bot thinks).
        page.evaluate(
            """() => { window.progressSeen = []; const t = document.querySelector('.hw-thinking');
                       new MutationObserver(() => { const v = t.getAttribute('data-progress');
                                                    if (v) window.progressSeen.push(v); })
                           .observe(t, { attributes: true, attributeFilter: ['data-progress'] }); }"""
        )
        # The pass: three cards by mouse, then the Pass button; the bots pass and lead.
        expect(app.locator(".hw-btn-pass")).to_be_visible()
        for c in board.hand()[-3:]:
            board.click_card(c.code)
        board.press("pass")
        # Play legal cards by mouse until a whole trick has been taken.
        for _ in range(40):
            if int(app.get_attribute("data-tricks") or "0") >= 1 and board.hold() == "":
                break
            if board.hold() == "trick":
                board.collect()
                continue
            legal = [c for c in board.hand() if c.legal]
            assert legal, board.message()
            board.click_card(legal[0].code)
        tricks = app.get_attribute("data-tricks")
        assert tricks is not None and int(tricks) >= 1
        seen = page.evaluate("window.progressSeen")
        assert "0" in seen and "1" in seen, seen
        title = app.locator(".hw-title").text_content()
        hand = [c.code for c in board.hand()]
        assert len(hand) == 17 - int(tricks)
        # The score sheet has the hand under way, three seats; the rules checklist counts the rules met.
        app.locator(".hw-sheet-panel summary").click()
        expect(app.locator(".hw-sheet-box tr[data-hand='1']")).to_be_visible()
        assert app.locator(".hw-sheet-box tr").first.locator("th").count() == 2 + 3
        expect(app.locator(".hw-checklist-panel summary")).to_contain_text("Rules met: ")
        # History: Save my progress to a file (the browser downloads it).
        app.locator(".hw-history-panel summary").click()
        with page.expect_download() as got:
            app.locator(".hw-btn-save-progress").click()
        saved = tmp_path / got.value.suggested_filename
        got.value.save_as(saved)
        assert json.loads(saved.read_text())["format"] == "hearts-progress"
        page.wait_for_function(
            "() => Object.keys(localStorage).includes('hearts/v1/table-save.json')", timeout=10_000, polling=50
        )
        # The service worker has kept every file of the site: with the network off, a reload still starts the
        # table (afresh in Python), and the browser's copy brings the game back where it was.
        page.wait_for_function(
            "async () => { const r = await navigator.serviceWorker.ready;"
            " return r.active && r.active.state === 'activated' && navigator.serviceWorker.controller !== null; }",
            timeout=START_MS,
        )
        ctx.set_offline(True)
        page.reload()
        board = _open(page, page.url)
        app = board.root
        expect(app).to_have_attribute("data-tricks", tricks, timeout=START_MS)
        expect(app.locator(".hw-title")).to_have_text(title or "")
        assert [c.code for c in board.hand()] == hand
        # A new game (asked first), then Load progress from a file: the saved game comes back where it was.
        board.press("new")
        board.press("confirm")
        assert app.locator(".hw-title").text_content() != title
        old = board.version()
        app.locator(".hw-load-input").set_input_files(str(saved))
        board.settle(old)
        assert board.message()[1].startswith(f"Progress loaded from {saved.name}"), board.message()
        expect(app.locator(".hw-title")).to_have_text(title or "")
        assert [c.code for c in board.hand()] == hand
        assert aborted == [] and page.external_requests == [], (aborted, page.external_requests)  # type: ignore[attr-defined]
        assert errors == []
    finally:
        ctx.close()


def _wait_idle(board: Board, old: str) -> None:
    board.page.wait_for_function(
        "([box, old]) => box.getAttribute('data-busy') === 'false' && box.getAttribute('data-version') !== old",
        arg=[board.box.element_handle(), old],
        timeout=START_MS,
        polling=50,
    )


def _key(board: Board, key: str) -> None:
    """Press ``key`` where the focus is, and wait for Python's answer to be drawn."""
    old = board.version()
    board.page.keyboard.press(key)
    _wait_idle(board, old)


def test_the_spanish_static_table_and_walkthrough_by_keyboard_pass_axe(browser: Any, site_url: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    ctx, page = new_page(browser, 1100, 900)
    ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith("http://127.0.0.1") else r.abort())
    try:
        board = _open(page, f"{site_url}/es/?deal=31")
        app = board.root
        expect(app.locator(".hw-title")).to_have_text("Corazones · partida 31")
        assert page.evaluate("document.documentElement.lang") == "es"
        # Three cards chosen with the keyboard: the hand is one tab stop, the arrows move, Enter chooses.
        page.locator("g.hand.mine g.card[tabindex='0']").focus()
        page.keyboard.press("End")
        for _ in range(3):
            _key(board, "Enter")
            page.keyboard.press("ArrowLeft")
        assert board.message()[1].startswith("Has elegido 3 de 3: pulsa Pasar estas 3")
        app.locator(".hw-btn-pass").focus()
        _key(board, "Enter")
        # Play one card by keyboard: the first legal one, reached with the arrows from the left end.
        legal = [c.code for c in board.hand() if c.legal]  # the bots have passed and led: South's turn
        assert len(board.hand()) == 13 and legal and board.hold() == ""
        page.locator("g.hand.mine g.card[tabindex='0']").focus()
        page.keyboard.press("Home")
        codes = [c.code for c in board.hand()]
        for _ in range(codes.index(legal[0])):
            page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.getAttribute('data-card')") == legal[0]
        _key(board, "Enter")
        assert legal[0] not in [c.code for c in board.hand()]
        for panel in app.locator(".hw-panels summary").all():  # every panel open: Settings' controls checked too
            panel.click()
        three = app.locator(".hw-set-rules select option[value='three']")
        expect(three).to_have_text("3 jugadores (17 cartas cada uno)")
        results = Axe().run(page, context="#hearts-app")
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3], v["nodes"][0].get("failureSummary"))
               for v in results.response["violations"] if v["impact"] in ("serious", "critical")]  # fmt: skip
        assert bad == []
        # The walkthrough, in the same browser: Next by keyboard steps on, the chapter menu jumps, Back goes back.
        page.goto(f"{site_url}/es/walkthrough.html")
        expect(app).to_have_attribute("data-ready", "true", timeout=START_MS)
        expect(app.locator(".hw-counter")).to_contain_text("Paso 1 de ")
        expect(app.locator(".hw-btn-back")).to_be_disabled()
        app.locator(".hw-btn-next").focus()
        page.keyboard.press("Enter")
        expect(app.locator(".hw-counter")).to_contain_text("Paso 2 de ")
        assert page.evaluate("document.activeElement.classList.contains('hw-btn-next')")
        last = app.locator(".hw-chapter-select option").last.get_attribute("value")
        app.locator(".hw-chapter-select").select_option(last)
        expect(app).to_have_attribute("data-step", last or "")
        app.locator(".hw-btn-back").click()
        expect(app).to_have_attribute("data-step", str(int(last or "0") - 1))
        results = Axe().run(page, context="#hearts-app")
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3], v["nodes"][0].get("failureSummary"))
               for v in results.response["violations"] if v["impact"] in ("serious", "critical")]  # fmt: skip
        assert bad == []
        assert page.external_requests == []  # type: ignore[attr-defined]
    finally:
        ctx.close()
