"""The room server in real browsers: several Chromium contexts (one per person) on 127.0.0.1.

Four people play a whole hand; one of them loses the connection in the middle of a trick (the table waits,
and their seat comes back when they open the link again); the server is stopped and started again in the
middle of a trick, and every page picks the game up where it was. Then two people and two bots play a hand.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import _free_port
from hearts_pages import _VISIBLE_POINT

BOARD = "#board"
WAIT_S = 60.0


class RoomProcess:
    """``python -m hearts room`` on 127.0.0.1, restartable on the same folder and port."""

    def __init__(self, folder: Path, port: int, args: list[str]) -> None:
        self.folder, self.port, self.args = folder, port, args
        self.proc: subprocess.Popen[bytes] | None = None
        self.links: dict[str, str] = {}
        self.log = folder / "server.log"

    def start(self) -> None:
        cmd = [sys.executable, "-m", "hearts", "room", "--data", str(self.folder), "--port", str(self.port), *self.args]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ))
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            text = self.log.read_text(errors="replace")
            found = re.findall(r"(http://127\.0\.0\.1:\d+/r/[\w-]+/)(teacher#key=[\w-]+)?", text)
            if self.proc.poll() is not None:
                raise RuntimeError(f"the room server stopped:\n{text[-2000:]}")
            if found and "Ctrl+C" in text.split("Room open")[-1]:
                import urllib.request

                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=2).close()
                except OSError:
                    time.sleep(0.2)
                    continue
                self.links["players"] = found[-2][0]
                self.links["teacher"] = found[-1][0] + found[-1][1]
                return
            time.sleep(0.2)
        raise RuntimeError(f"the room server did not start:\n{self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


@pytest.fixture
def room_server(tmp_path: Path) -> Iterator[Any]:
    servers: list[RoomProcess] = []

    def make(*args: str) -> RoomProcess:
        s = RoomProcess(tmp_path / f"rooms-{len(servers)}", _free_port(), list(args))
        s.folder.mkdir()
        servers.append(s)
        s.start()
        return s

    yield make
    for s in servers:
        s.stop()


def version(pg: Any) -> int:
    return int(pg.get_attribute(BOARD, "data-version") or "-1")


def wait_change(pg: Any, old: int) -> None:
    pg.wait_for_selector(f'{BOARD}:not([data-version="{old}"])', state="attached", timeout=WAIT_S * 1000)


def click_card(pg: Any, code: str) -> None:
    """Click a card of one's hand with the mouse, where no other card covers it."""
    old = version(pg)
    card = pg.locator(f'{BOARD} g.hand.mine g.card[data-card="{code}"]')
    card.scroll_into_view_if_needed()
    point = card.evaluate(_VISIBLE_POINT)
    assert point is not None, f"no part of {code} can be clicked"
    pg.mouse.click(*point)
    wait_change(pg, old)


def hand(pg: Any) -> list[str]:
    return [g.get_attribute("data-card") for g in pg.locator(f"{BOARD} g.hand.mine g.card[data-card]").all()]


def sit(browser: Any, url: str, seat: int, name: str) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": 1000, "height": 860})
    pg = ctx.new_page()
    pg.set_default_timeout(WAIT_S * 1000)
    pg.goto(url)
    pg.fill("#name", name)
    pg.click(f'button.room-sit[data-table="0"][data-seat="{seat}"]')
    pg.wait_for_selector(f'{BOARD}:not([data-version="-1"])', state="attached")
    return ctx, pg


def pass_three(pg: Any) -> None:
    for code in hand(pg)[:3]:
        click_card(pg, code)
    old = version(pg)
    pg.click("#pass")
    wait_change(pg, old)


def mover(pages: dict[int, Any]) -> tuple[int, Any] | None:
    """The page whose person is to play now (the server said so in its last drawing), waiting for it."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        for s, pg in pages.items():
            if pg.get_attribute(BOARD, "data-your-turn") == "true":
                legal = pg.locator(f'{BOARD} g.hand.mine g.card[data-legal="true"]')
                if legal.count():
                    return s, pg
        if all(pg.get_attribute(BOARD, "data-phase") == "done" for pg in pages.values()):
            return None
        time.sleep(0.05)
    raise AssertionError("nobody's turn came")


def play_one(pg: Any) -> str:
    code = pg.locator(f'{BOARD} g.hand.mine g.card[data-legal="true"]').first.get_attribute("data-card")
    click_card(pg, code)
    return code


def cards_in_trick(pg: Any) -> int:
    return pg.locator(f"{BOARD} g.trick g.card").count()


def test_four_people_play_a_hand_through_a_lost_connection_and_a_server_restart(browser: Any, room_server: Any,
                                                                                  screenshots: Path) -> None:
    server = room_server("--deal", "21", "--level", "random", "--bot-delay", "0.05", "--tables", "2")
    url = server.links["players"]
    people = {s: sit(browser, url, s, name) for s, name in enumerate(["Ana", "Bo", "Cy", "Di"])}
    pages = {s: pg for s, (_ctx, pg) in people.items()}
    for pg in pages.values():
        pg.wait_for_selector('#pass:not([hidden])')
        pass_three(pg)
    played = 0
    lost_done = restart_done = False
    while True:
        got = mover(pages)
        if got is None:
            break
        s, pg = got
        if played == 5 and not lost_done:
            # Mid-trick, the person to play loses the connection: the others are told, and nothing is played.
            lost_done = True
            ctx = people[s][0]
            pg.close()
            other = pages[(s + 1) % 4]
            other.wait_for_selector("#message:has-text('lost the connection')")
            before = hand(other)
            time.sleep(1.0)
            assert hand(other) == before and cards_in_trick(other) == 1
            pg = ctx.new_page()  # the same browser (its saved seat token) opens the room's link again
            pg.set_default_timeout(WAIT_S * 1000)
            pg.goto(url)
            pg.wait_for_selector(f'{BOARD}[data-your-turn="true"]', state="attached")
            assert cards_in_trick(pg) == 1 and len(hand(pg)) == 12
            pages[s] = pg
            people[s] = (ctx, pg)
            continue
        if played == 30 and not restart_done:
            restart_done = True
            before = {t: (hand(p), cards_in_trick(p)) for t, p in pages.items()}
            assert before[s][1] == 2  # in the middle of trick 8
            versions = {t: version(p) for t, p in pages.items()}
            server.stop()
            pg.wait_for_selector("#status:has-text('reconnecting')")
            server.start()
            for t, p in pages.items():
                wait_change(p, versions[t])  # a drawing from the new server (its versions start again)
                assert (hand(p), cards_in_trick(p)) == before[t]
                assert p.get_attribute("body", "data-connected") == "true"
            pages[s].screenshot(path=str(screenshots / "room-after-restart.png"))
            continue
        play_one(pg)
        played += 1
    assert played == 52 and lost_done and restart_done
    for p in pages.values():
        p.wait_for_selector("#message:has-text('Hand 1 is over')")
        assert p.locator("#next").is_visible()
    pages[0].screenshot(path=str(screenshots / "room-hand-over.png"))
    # The teacher's board shows the four players with the scores of the hand.
    ctx = browser.new_context()
    teacher = ctx.new_page()
    teacher.goto(server.links["teacher"])
    teacher.wait_for_selector("#board tbody tr:nth-child(8)")
    text = teacher.locator("#board").inner_text()
    assert all(name in text for name in ("Ana", "Bo", "Cy", "Di")) and "West (bot)" in text
    teacher.screenshot(path=str(screenshots / "room-teacher.png"))
    for c, _ in people.values():
        c.close()
    ctx.close()


def test_two_people_and_two_bots_play_a_whole_hand_in_spanish(browser: Any, room_server: Any,
                                                              screenshots: Path) -> None:
    server = room_server("--deal", "8", "--level", "rule", "--bot-delay", "0.05", "--lang", "es")
    url = server.links["players"]
    people = {s: sit(browser, url, s, name) for s, name in ((0, "Ana"), (2, "Bea"))}
    pages = {s: pg for s, (_ctx, pg) in people.items()}
    for pg in pages.values():
        assert pg.locator("#pass").inner_text() == "Pasar estas 3"
        pass_three(pg)
    played = 0
    while (got := mover(pages)) is not None:
        play_one(got[1])
        played += 1
        if played == 1:
            got[1].screenshot(path=str(screenshots / "room-two-people.png"))
    assert played == 26  # the bots played the other 26 cards
    for p in pages.values():
        p.wait_for_selector("#message:has-text('Se acabó la mano 1')")
        old = version(p)
        p.click("#next")
        wait_change(p, old)
    pages[0].wait_for_selector(f'{BOARD}[data-phase="passing"]', state="attached")
    assert "Mano 2" in (pages[0].locator(f"{BOARD} svg g.info").text_content() or "")
    for c, _ in people.values():
        c.close()


def test_one_browser_holds_one_seat_and_the_teacher_frees_it(browser: Any, room_server: Any) -> None:
    server = room_server("--deal", "5", "--tables", "2", "--level", "random", "--bot-delay", "0.05",
                         "--per-address", "2")
    url = server.links["players"]
    ctx, pg = sit(browser, url, 1, "Ana")
    # The same browser (a second tab, the seat's token forgotten) asks for another seat: it gets its own back.
    pg.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('hearts-room:')) "
                "localStorage.removeItem(k); }")
    tab = ctx.new_page()
    tab.set_default_timeout(WAIT_S * 1000)
    tab.goto(url)
    tab.fill("#name", "Ana again")
    tab.click('button.room-sit[data-table="1"][data-seat="3"]')
    tab.wait_for_selector(f'{BOARD}:not([data-version="-1"])', state="attached")
    assert tab.locator("#players li[data-seat='1']").inner_text().startswith("Ana (")
    # The teacher, in Spanish, gives that seat to a bot; Ana's page goes back to the seats and says why.
    tctx = browser.new_context()
    teacher = tctx.new_page()
    teacher.set_default_timeout(WAIT_S * 1000)
    teacher.goto(server.links["teacher"].replace("/teacher#", "/teacher?lang=es#"))
    teacher.click('button.room-free[data-table="0"][data-seat="1"]')
    teacher.wait_for_selector("#status:has-text('lo juega ahora un bot')")
    assert teacher.locator("button.room-free").count() == 0
    tab.wait_for_selector("#lobby:not([hidden])")
    assert "The teacher gave your seat to a bot" in tab.locator("#status").inner_text()
    assert tab.locator('button.room-sit[data-table="0"][data-seat="1"]').count() == 1
    # The teacher watches table 2, where Ana's browser sits: public facts only, in Spanish.
    teacher.click('button.room-watch[data-table="1"]')
    teacher.wait_for_selector("#watch:has-text('Mesa 2, mano 1')")
    # A third page on this address, which may hold 2 connections here (the tab and the teacher's; the first page
    # was replaced): refused, and the page says why (naming --per-address) instead of "reconnecting" for ever.
    lctx = browser.new_context()
    late = lctx.new_page()
    late.set_default_timeout(WAIT_S * 1000)
    late.goto(url)
    late.wait_for_selector("#status:has-text('--per-address')")
    late.wait_for_selector("body[data-connected='false']", state="attached")
    assert "reconnecting" not in late.locator("#status").inner_text()
    lctx.close()
    tctx.close()
    ctx.close()


def serious_axe_violations(pg: Any) -> list[tuple[str, str]]:
    """axe-core's serious and critical violations in the room's page (``axe-playwright-python`` ships it)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(pg, context="#room").response["violations"]
    return [(v["id"], v["nodes"][0]["html"][:160]) for v in found if v["impact"] in ("serious", "critical")]


def test_keyboard_only_a_ranked_game_start_to_end_ratings_shown_then_a_rematch(browser: Any, room_server: Any) -> None:
    """One person and three bots, a game of one hand (--target-score 1), played from the keyboard alone: the
    seat, the pass and every card; then the ratings moved and shown, and a rematch from the keyboard."""
    server = room_server("--deal", "9", "--level", "random", "--bot-delay", "0.02", "--target-score", "1")
    ctx = browser.new_context(viewport={"width": 1000, "height": 860})
    pg = ctx.new_page()
    pg.set_default_timeout(WAIT_S * 1000)
    pg.goto(server.links["players"])
    pg.wait_for_selector("button.room-sit")
    assert serious_axe_violations(pg) == []
    pg.focus("#name")
    pg.keyboard.type("Kay")
    pg.focus('button.room-sit[data-table="0"][data-seat="0"]')
    pg.keyboard.press("Enter")
    pg.wait_for_selector('#pass:not([hidden])')

    def focused() -> dict[str, str]:
        return dict(pg.evaluate("() => { const e = document.activeElement; return { card: e.getAttribute("
                                "'data-card') || '', legal: e.getAttribute('data-legal') || '', "
                                "label: e.getAttribute('aria-label') || '' }; }"))

    def press(key: str) -> None:
        old = version(pg)
        pg.keyboard.press(key)
        if key in ("Enter", " "):
            wait_change(pg, old)

    pg.locator(f'{BOARD} g.card[tabindex="0"]').focus()
    assert focused()["label"]  # a screen reader names the card
    chosen = []
    for key in ("Enter", "ArrowRight", "Enter", "ArrowRight", "Enter"):
        if key == "Enter":
            chosen.append(focused()["card"])
        press(key)
    assert pg.evaluate("() => document.activeElement.closest('#board') !== null")  # focus kept across redraws
    assert pg.locator("#pass").is_enabled()
    pg.focus("#pass")
    press("Enter")
    played = 0
    while True:
        pg.wait_for_function("() => { const b = document.querySelector('#board'); return b.dataset.yourTurn === "
                             "'true' || b.dataset.phase === 'done'; }")
        if pg.get_attribute(BOARD, "data-phase") == "done":
            break
        if not pg.evaluate("() => document.activeElement.closest('#board') !== null"):
            pg.locator(f'{BOARD} g.card[tabindex="0"]').focus()
        pg.keyboard.press("Home")
        while focused()["legal"] != "true":
            pg.keyboard.press("ArrowRight")
        press("Enter")
        played += 1
    assert played == 13
    pg.wait_for_selector('#ratings[data-games="1"]', state="attached")
    row = pg.locator("#ratings tbody tr", has_text="Kay")
    assert row.count() == 1 and "±" in row.inner_text()
    assert pg.locator("#rating-change").inner_text().startswith("You finished in place")
    assert serious_axe_violations(pg) == []
    pg.focus("#rematch")
    press("Enter")
    pg.wait_for_selector('#pass:not([hidden])')
    assert pg.get_attribute(BOARD, "data-phase") == "passing"
    ctx.close()
    # On a phone, in Spanish: the same page, nothing wider than the screen, and axe finds nothing serious.
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg = phone.new_page()
    pg.set_default_timeout(WAIT_S * 1000)
    pg.goto(server.links["players"] + "?lang=es")
    pg.wait_for_selector("button.room-sit")
    assert pg.locator("#live").inner_text() == "Jugar en vivo"
    wide = pg.evaluate("() => Array.from(document.querySelectorAll('#room *')).filter(e => "
                       "e.getBoundingClientRect().right > 391).map(e => e.tagName + '#' + e.id + '.' + e.className)"
                       ".slice(0, 8)")
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 390, wide
    assert serious_axe_violations(pg) == []
    phone.close()


def test_a_friends_table_by_link_and_by_code(browser: Any, room_server: Any) -> None:
    """Ana opens a private table (game to 50, not ranked, three players); Bo comes by the link she is shown, Cy by
    the code; then Ana goes to the class's leaderboard by keyboard (axe: nothing serious, in both languages)."""
    server = room_server("--deal", "3", "--level", "random", "--bot-delay", "0.05")
    actx = browser.new_context(viewport={"width": 1000, "height": 860})
    ana = actx.new_page()
    ana.set_default_timeout(WAIT_S * 1000)
    ana.goto(server.links["players"])
    ana.fill("#name", "Ana")
    ana.fill("#friends-target", "50")
    ana.uncheck("#friends-ranked")
    assert ana.locator("#friends-variant option[value='three']").inner_text() == "3 players (17 cards each)"
    ana.select_option("#friends-variant", "three")
    ana.click("#friends")
    ana.wait_for_selector('#pass:not([hidden])')
    assert len(hand(ana)) == 17
    shared = ana.locator("#status").inner_text()
    link = re.search(r"(http://\S+/r/[\w-]+/)", shared)
    code = re.search(r"\b([A-Z2-9]{8})\b", shared)
    assert link and code and link.group(1) != server.links["players"], shared
    bctx = browser.new_context(viewport={"width": 1000, "height": 860})
    bo = bctx.new_page()
    bo.set_default_timeout(WAIT_S * 1000)
    bo.goto(link.group(1))
    bo.fill("#name", "Bo")
    bo.click('button.room-sit[data-table="0"][data-seat="2"]')
    bo.wait_for_selector('#pass:not([hidden])')
    ana.wait_for_selector("#players li[data-seat='2']:has-text('Bo')")
    cctx = browser.new_context(viewport={"width": 1000, "height": 860})
    cy = cctx.new_page()
    cy.set_default_timeout(WAIT_S * 1000)
    cy.goto(server.links["players"])
    cy.fill("#code", code.group(1).lower())
    cy.click("#join-code")
    cy.wait_for_url(link.group(1))
    cy.fill("#name", "Cy")
    cy.click('button.room-sit[data-table="0"][data-seat="1"]')
    ana.wait_for_selector("#players li[data-seat='1']:has-text('Cy')")
    assert ana.locator("#players li").count() == 3
    # The class's leaderboard, reached and read by keyboard.
    ana.focus("#leaderboard-link")
    ana.keyboard.press("Enter")
    ana.wait_for_selector("#leaderboard caption")
    assert ana.locator("#leaderboard th[scope=col]").count() == 4 and ana.locator("h1").inner_text()
    assert serious_axe_violations(ana) == []
    ana.focus("nav.room-lang a[lang=es]")
    ana.keyboard.press("Enter")
    ana.wait_for_selector("html[lang=es] #leaderboard caption")
    assert "Clasificación" in ana.locator("h1").inner_text()
    assert serious_axe_violations(ana) == []
    for c in (actx, bctx, cctx):
        c.close()
