"""Your progress survives the session (issue 27): the Voilà apps keep a copy of the game in progress, History,
settings and learn progress in the browser's localStorage, and a new server on an empty data folder (a new Binder
session) gets everything back from the same browser.

The browser is a Playwright persistent context (a profile on disk, ``user_data_dir``), closed and opened again
between the two servers; the second server listens on the same port (localStorage belongs to an origin, and a
Binder link keeps its host).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, Server, _free_port, _start
from hearts_pages import OPEN_PAGES, TIMEOUT_MS, Board, choose_deal, pass_three, voila_app
from playwright.sync_api import expect

APP = "voila/render/tutorials/apps/en/{}.ipynb"
PREFIX = "hearts/v1/"


def voila_on(workdir: Path, tmp: Path, port: int) -> Iterator[Server]:
    """Voilà serving ``workdir`` on ``port``, its data folder (empty) in ``tmp``."""

    def cmd(port: int) -> list[str]:
        return [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", *ROOT,
                "--ServerApp.port_retries=0", str(workdir)]  # fmt: skip

    yield from _start(cmd, workdir, tmp, "", "", port=port)


def profile(browser: Any, folder: Path) -> Any:
    """The same browser profile each time: a persistent context on ``folder``."""
    ctx = browser.browser_type.launch_persistent_context(
        str(folder),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        viewport={"width": 1280, "height": 900},
        accept_downloads=True,
    )
    ctx.set_default_timeout(TIMEOUT_MS)
    return ctx


def open_app(ctx: Any, server: Server, app: str) -> Board:
    page = ctx.new_page()
    OPEN_PAGES.append(page)
    page.goto(server.url(APP.format(app)))
    return Board(voila_app(page, "hearts-table-app"))


def kept(board: Board, name: str) -> Any:
    """The file ``name`` as this browser keeps it (None: not kept)."""
    raw = board.page.evaluate("k => localStorage.getItem(k)", PREFIX + name)
    return None if raw is None else json.loads(raw)["file"]


def wait_kept(board: Board, folder: Path, name: str) -> Any:
    """Wait until the browser keeps the folder's ``name`` as it is now; its JSON."""
    want = json.loads((folder / name).read_text(encoding="utf-8"))
    board.page.wait_for_function(
        "([k, want]) => { const v = localStorage.getItem(k); return v !== null && "
        "JSON.stringify(JSON.parse(v).file) === JSON.stringify(want); }",
        arg=[PREFIX + name, want],
        timeout=TIMEOUT_MS,
        polling=100,
    )
    return want


def upload_file(board: Board, file: Any) -> None:
    """Load progress from a file: the button opens the file chooser, which is given ``file``."""
    with board.page.expect_file_chooser() as chooser:
        board.root.locator(".hw-load-progress").click()
    chooser.value.set_files(file)


def rules_met(board: Board) -> Any:
    """The title of the panel of the rules met in learn mode ("Rules met: 3 of 18")."""
    return board.root.locator(".hw-panels").get_by_text(re.compile(r"^Rules met: \d+ of \d+$"))


def plays(save: Any) -> Any:
    return save["game"], save["table"]["game_id"]


def test_progress_comes_back_from_the_browser_on_a_new_server(
    browser: Any, workdir: Path, tmp_path: Path, screenshots: Path
) -> None:
    port = _free_port()
    user = tmp_path / "profile"
    first = voila_on(workdir, tmp_path / "server-1", port)
    server = next(first)
    folder = server.data_dir
    # Last week's finished game, already in History.
    folder.mkdir(parents=True, exist_ok=True)
    game = {"id": "last-week", "number": 77, "final": [30, 80, 90, 112], "won": True, "level": "rule",
            "date": "2026-11-29"}  # fmt: skip
    (folder / "history.json").write_text(json.dumps({"format": "hearts-history", "version": 1, "games": [game]}))
    try:
        ctx = profile(browser, user)
        table = open_app(ctx, server, "table")
        choose_deal(table, 4242)
        pass_three(table)
        for _ in range(2):
            table.click_card(next(c.code for c in table.hand() if c.legal), collect=True)
        hand = [c.code for c in table.hand()]
        assert len(hand) == 11
        saved = wait_kept(table, folder, "table-save.json")
        assert kept(table, "history.json")["games"] == [game]
        # Learn mode (on for a new learner) has shown the notes of the rules met so far.
        met = wait_kept(table, folder, "learn-progress.json")["seen"]
        assert "passing" in met
        expect(rules_met(table)).to_have_text(f"Rules met: {len(met)} of 18")
        ctx.close()
    finally:
        first.close()  # the session ends: the server and its data folder are gone

    second = voila_on(workdir, tmp_path / "server-2", port)
    server = next(second)
    try:
        assert not (server.data_dir / "table-save.json").exists()
        ctx = profile(browser, user)
        table = open_app(ctx, server, "table")
        expect(table.root.locator(".hw-message-box")).to_contain_text("Brought back from this browser")
        expect(table.root.locator(".hw-title")).to_contain_text(re.compile(r"\b4242\b"))
        # The game drawn anew (the fresh game's 13 cards replaced) and its cards at rest.
        table.page.wait_for_function(
            "([box, n]) => box.getAttribute('data-busy') === 'false' && "
            "box.querySelectorAll('g.hand.mine g.card[data-card]').length === n",
            arg=[table.box.element_handle(), len(hand)],
            timeout=TIMEOUT_MS,
            polling=100,
        )
        assert [c.code for c in table.hand()] == hand  # the same trick: the same cards left
        restored = json.loads((server.data_dir / "table-save.json").read_text(encoding="utf-8"))
        assert plays(restored) == plays(saved)
        expect(rules_met(table)).to_have_text(f"Rules met: {len(met)} of 18")  # the learn progress too
        # Play goes on from there.
        table.click_card(next(c.code for c in table.hand() if c.legal), collect=True)
        assert len(table.hand()) == 10, (table.message(), table.version())
        table.root.locator(".hw-panels").get_by_text("History", exact=True).click()
        stats = table.root.locator(".hw-history")
        expect(stats).to_contain_text(re.compile(r"Games played\s*1"))
        table.shot(screenshots, "progress-back-from-the-browser", scroll=False)
        # Save my progress to a file, and load it back; a file from a newer version is refused.
        with table.page.expect_download() as got:
            table.root.locator(".hw-btn-save-progress").click()
        doc = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
        assert got.value.suggested_filename.startswith("hearts-progress-")
        assert plays(doc["files"]["table-save.json"]) == plays(json.loads(
            (server.data_dir / "table-save.json").read_text(encoding="utf-8")))  # fmt: skip
        assert doc["files"]["history.json"]["games"] == [game]
        newer = json.dumps({**doc, "version": 9}).encode()
        upload_file(table, {"name": "newer.json", "mimeType": "application/json", "buffer": newer})
        message = table.root.locator(".hw-message-box")
        expect(message).to_contain_text("newer.json was not loaded, and nothing was changed: it was written by a newer")
        kept_file = tmp_path / got.value.suggested_filename
        got.value.save_as(kept_file)
        upload_file(table, kept_file)
        expect(message).to_contain_text(f"Progress loaded from {got.value.suggested_filename}: 0 games added")
        assert len(table.hand()) == 10  # the same game goes on
        ctx.close()
    finally:
        second.close()


DISABLED = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });"""
FULL = """(() => { const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (String(k).startsWith("hearts/v1/")) throw new DOMException("quota", "QuotaExceededError");
    return set.call(this, k, v); }; })();"""


@pytest.mark.parametrize("case", ["damaged", "disabled", "full"])
def test_a_browser_that_cannot_keep_the_copy(voila: Any, open_page: Any, case: str) -> None:
    """Damaged JSON and another app's keys, storage turned off (as in some private windows), storage full: the
    table plays, says in a line what it could not keep, and the folder keeps everything."""
    page = open_page(1280, 900)
    if case == "damaged":
        page.goto(voila.url(""))
        page.evaluate("""() => { localStorage.setItem("hearts/v1/history.json", "{broken");
                                 localStorage.setItem("other-app", "theirs"); }""")
    else:
        page.add_init_script(DISABLED if case == "disabled" else FULL)
    page.goto(voila.url(APP.format("table")))
    table = Board(voila_app(page, "hearts-table-app"))
    line = table.root.locator(".hw-copy-line")
    said = {"damaged": "The copy of History kept in this browser could not be used",
            "disabled": "does not let the table keep a copy", "full": "storage is full"}[case]  # fmt: skip
    expect(line).to_contain_text(said)
    number = {"damaged": 5150, "disabled": 5151, "full": 5152}[case]
    choose_deal(table, number)
    pass_three(table)
    assert len(table.hand()) == 13
    save = json.loads((voila.data_dir / "table-save.json").read_text(encoding="utf-8"))
    assert save["game"]["number"] == number and save["game"]["hands"][0]["passes"][0]
    if case == "damaged":
        got = page.evaluate("""() => [localStorage.getItem("other-app"),
                                       localStorage.getItem("hearts/v1/damaged/history.json")]""")
        assert got == ["theirs", "{broken"]
        wait_kept(table, voila.data_dir, "table-save.json")
    # The server's data folder is shared with the other tests: no half-played game left in it.
    page.context.close()
    (voila.data_dir / "table-save.json").unlink(missing_ok=True)


def test_room_seat_without_the_browsers_storage(browser: Any, tmp_path: Path) -> None:
    """A room player whose browser keeps nothing (storage turned off) still sits and plays: the seat's token is
    kept in the page; with storage, a new tab of the same browser comes back to the seat (the token kept)."""
    from test_room_browsers import RoomProcess, hand, pass_three, sit

    server = RoomProcess(tmp_path / "rooms", _free_port(), ["--deal", "5", "--level", "random", "--bot-delay", "0.05"])
    server.folder.mkdir()
    server.start()
    try:
        ctx = browser.new_context(viewport={"width": 1000, "height": 860})
        ctx.add_init_script(DISABLED)
        _, pg = sit(_Given(ctx), server.links["players"], 2, "Noa")
        OPEN_PAGES.append(pg)
        assert pg.evaluate("() => { try { localStorage; return 'kept'; } catch (e) { return e.name; } }") == (
            "SecurityError"
        )
        assert len(hand(pg)) == 13
        pass_three(pg)
        assert pg.locator("#players li[data-seat='2']").inner_text().startswith("Noa (")
        ctx.close()
        ctx, pg = sit(browser, server.links["players"], 1, "Ana")
        token = pg.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('hearts-room:'))")
        assert len(token) == 1
        tab = ctx.new_page()
        tab.set_default_timeout(60_000)
        tab.goto(server.links["players"])  # a new tab: back at the seat, no name asked
        tab.wait_for_selector('#board:not([data-version="-1"])', state="attached")
        assert tab.locator("#players li[data-seat='1']").inner_text().startswith("Ana (")
        ctx.close()
    finally:
        server.stop()


class _Given:
    """A browser whose ``new_context`` gives one context already made (with its init script)."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx

    def new_context(self, **_options: Any) -> Any:
        return self.ctx


def test_kept_hands_and_exercises_come_back_from_the_browser_on_a_new_server(
    browser: Any, workdir: Path, tmp_path: Path
) -> None:
    """Issues 30 and 37 with 27: a hand finished at the Voilà table and the exercises done on that server are kept
    in the browser; on a new server with an empty folder, the index's course map brings both back (my_games on
    the new folder finds the hand, the map shows the exercise passed)."""
    from hearts.tutor.progress import load_progress, record_exercise, record_quiz
    from hearts_widgets import my_games

    port = _free_port()
    user = tmp_path / "profile"
    index = "voila/render/tutorials/en/00_index.ipynb"
    first = voila_on(workdir, tmp_path / "server-1", port)
    server = next(first)
    folder = server.data_dir
    try:
        ctx = profile(browser, user)
        table = open_app(ctx, server, "table")
        choose_deal(table, 4343)
        pass_three(table)
        for trick in range(13):
            if trick == 12:  # exercises checked meanwhile in a notebook of this server (check() writes the folder)
                record_exercise("03", passed=False, failed=("refusals.rule", "deal 11"), folder=folder)
                record_exercise("03", passed=True, folder=folder)
                record_quiz("winner", right=True, folder=folder)
            table.click_card(next(c.code for c in table.hand() if c.legal), collect=True)
        assert table.hand() == []
        table.page.wait_for_function(
            "([h, t]) => { const v = localStorage.getItem(h), w = localStorage.getItem(t); "
            "return v !== null && JSON.parse(v).file.hands.length === 1 "
            "&& w !== null && JSON.parse(w).file.exercises['03'].passed; }",
            arg=[PREFIX + "kept-hands.json", PREFIX + "tutor_progress.json"], timeout=TIMEOUT_MS, polling=100,
        )  # fmt: skip
        played = my_games(folder)
        assert len(played.hands) == 4 and set(played.hands["deal_number"]) == {4343}
        ctx.close()
    finally:
        first.close()

    second = voila_on(workdir, tmp_path / "server-2", port)
    server = next(second)
    try:
        assert not (server.data_dir / "games").exists()
        ctx = profile(browser, user)
        page = ctx.new_page()
        OPEN_PAGES.append(page)
        page.goto(server.url(index))
        course = page.locator(".hearts-course-map")
        expect(course).to_contain_text("03 ✓", timeout=TIMEOUT_MS)  # the map filled from the browser
        expect(course).to_contain_text("Brought back from this browser")
        done = load_progress(server.data_dir)
        assert done["exercises"]["03"]["passed"] and done["exercises"]["03"]["tries"] == 2
        assert done["quizzes"]["winner"]["right"] == 1
        back = my_games(server.data_dir)
        cols = ["deal_number", "seat", "points", "person"]
        assert back.hands[cols].equals(played.hands[cols])  # the kept hand, found by my_games on the new folder
        ctx.close()
    finally:
        second.close()


def test_an_exercise_notebook_keeps_its_checks_in_the_browser(
    lab: Any, browser: Any, workdir: Path, tmp_path: Path, screenshots: Path
) -> None:
    """An exercise notebook's first cell shows ``progress_line``: on an empty data folder (a new Binder session)
    it brings back the exercise this browser kept, and a ``check()`` run below it reaches the browser too, with no
    table, quiz or course map opened in that session (before, such a check stayed in the server's folder alone)."""
    from hearts_pages import new_page, run_all, write_notebook

    from hearts.tutor.progress import load_progress, record_exercise
    from hearts_widgets.browser_copy import browser_entries

    earlier, folder = tmp_path / "earlier", tmp_path / "folder"
    record_exercise("03", passed=True, folder=earlier)  # kept by this browser in an earlier session
    path = write_notebook(workdir, "progress/exercise.ipynb", [
        f"from pathlib import Path\nfrom hearts_widgets import progress_line\nFOLDER = Path({str(folder)!r})\n"
        'progress_line("en", folder=FOLDER)',
        'from hearts.tutor import check\nfrom hearts.tutor.core import load_solution\n'
        'print(check("02", load_solution("02"), "en", data_dir=FOLDER))',
    ])  # fmt: skip
    ctx, page = new_page(browser)
    try:
        page.goto(lab.url("lab"))  # the lab's origin, whose localStorage the notebook's widgets use
        page.evaluate("es => { for (const [k, v] of Object.entries(es)) localStorage.setItem(k, v); }",
                      browser_entries(earlier))  # fmt: skip
        page.goto(lab.url(f"lab/tree/{path}?reset"))
        run_all(page, lab, path)
        line = page.locator(".hearts-progress-line")
        expect(line).to_contain_text("Brought back from this browser")
        line.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / "progress-line-exercise-notebook.png"))
        page.wait_for_function(
            "k => { const v = localStorage.getItem(k); if (v === null) return false; "
            "const ex = JSON.parse(v).file.exercises; return ex['02'] && ex['02'].passed && ex['03'].passed; }",
            arg=PREFIX + "tutor_progress.json", timeout=TIMEOUT_MS, polling=100,
        )  # fmt: skip
        done = load_progress(folder)["exercises"]
        assert done["02"]["passed"] and done["03"]["passed"]  # the folder has both too
        assert page.external_requests == [], page.external_requests
    finally:
        ctx.close()
