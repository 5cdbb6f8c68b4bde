"""Tables of 5 and 7 seats in the Voilà app (issue 31): a whole hand by mouse on a laptop (1280x800), then a
whole hand by keyboard alone on a phone (390x844).

Both tables are on one page (one kernel). On each, every turn is checked against what a screen reader gets:
the seat plates and the hands are named for the n seats of the table (Player 1 to Player n, every one of
them), the cards of the trick name who played them, and the live region says who played what ("Player 4
plays 9♦.") and who took each trick. axe finds nothing serious or critical at either size; on the phone every
card of the hand answers a tap on a strip of it at least 24 px wide. Screenshots:
``seats-<n>-1280x800-{passing,middle,scored}.png`` and ``seats-<n>-390x844-{hand,middle,scored}.png``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hearts_pages import Board, voila_app, wait_for, write_notebook
from playwright.sync_api import Page, expect
from test_access_browser import axe_counts, focused, key, wait_focus

PATH = "seats/five_and_seven.ipynb"
SEATS = {5: 23, 7: 41}  # players: the deal number played
CELLS = [
    "import tempfile\nfrom pathlib import Path\n\nfrom hearts.rules import Rules\nfrom hearts_widgets import GameTable",
    "tables = [GameTable(number=number, level='random', lang='en', data_dir=Path(tempfile.mkdtemp()), resume=False,\n"
    "                    paced=False, rules=Rules(num_players=n)).add_class(f'hw-seats-{n}')\n"
    f"          for n, number in {SEATS!r}.items()]\n"
    "display(*tables)",
]
CARD = r"(?:10|[2-9JQKA])[♣♦♠♥]"

# For each card of the viewer's hand, across it at 45 % of its height: how many px reach that card and no other.
TAP_STRIPS = """svg => [...svg.querySelectorAll('g.hand.mine g.card[data-card]')].map(card => {
    const r = card.getBoundingClientRect();
    let hits = 0;
    for (let x = r.left + 1; x < r.right; x += 2) {
        const hit = document.elementFromPoint(x, r.top + r.height * 0.45);
        if (hit && hit.closest('g.card') === card) hits += 2;
    }
    return [card.dataset.card, hits];
})"""


def _open(page: Page, n: int) -> Board:
    table = Board(voila_app(page, f"hw-seats-{n}"))
    expect(table.box.locator("[data-players]").first).to_have_attribute("data-players", str(n))
    return table


def _names(n: int) -> list[str]:
    return [f"Player {s + 1}" for s in range(n)]


def check_seats_said(table: Board, n: int) -> None:
    """What a screen reader finds on the board: the n seats named, each once, and every card of the trick
    named with the seat that played it."""
    names = _names(n)
    got = table.box.locator("svg.hearts-table").evaluate(
        """svg => ({
            plates: [...svg.querySelectorAll('g.seat[data-seat]')]
                .map(g => [g.dataset.seat, g.getAttribute('aria-label')]),
            trick: [...svg.querySelectorAll('g.trick g.card[aria-label]')].map(g => g.getAttribute('aria-label')),
        })"""
    )
    plates = {int(s): label for s, label in got["plates"]}
    assert sorted(plates) == list(range(n)), got["plates"]
    for s, label in plates.items():
        assert label.startswith(f"{names[s]}: "), (s, label)
        assert not any(other in label for other in names if other != names[s] and not names[s].startswith(other)), label
    for label in got["trick"]:
        by = re.search(r", played by Player ([1-9])(?:, |$)", label)
        assert by and int(by.group(1)) <= n, label


def live_said(table: Board) -> str:
    """The live region's words once they are written for the drawing on show."""
    wait_for(table.root, "root => (root.querySelector('.hw-live') || {}).textContent?.length > 0")
    return str(table.root.locator(".hw-live").text_content() or "")


def check_hand_said(said: list[str], n: int) -> None:
    """Over the hand, the live region named every other seat playing a card, and said who took tricks."""
    words = " ".join(said)
    for name in _names(n)[1:]:
        assert re.search(rf"{name} plays {CARD}\.", words), (name, words[:3000])
    assert re.search(rf"You play {CARD}\.", words), words[:3000]
    assert re.search(rf"(Player [2-{n}]|You) took trick \d+ with {CARD}", words), words[:3000]
    assert not re.search(rf"Player (?:[{n + 1}-9]|1\d)\b", words), words[:3000]  # no seat beyond the table's n


def play_by_mouse(table: Board, n: int, folder: Path) -> None:
    """Pass three cards and play the hand out by clicking, the first card the board marks legal each turn."""
    cards = len(table.hand())
    assert cards == {5: 10, 7: 7}[n], table.hand()
    for c in table.hand()[-3:]:
        table.click_card(c.code)
    table.shot(folder, f"seats-{n}-1280x800-passing")
    table.press("pass")
    said = []
    for trick in range(cards):
        hand = table.hand()
        assert len(hand) == cards - trick, (trick, hand)
        assert all(c.dimmed == (not c.legal) for c in hand), hand
        legal = [c.code for c in hand if c.legal]
        assert legal, table.message()
        check_seats_said(table, n)
        table.click_card(legal[0])
        said.append(live_said(table))
        if trick == cards // 2:
            table.shot(folder, f"seats-{n}-1280x800-middle")
    assert table.hand() == []
    kind, text = table.message()
    assert kind == "ok" and "Hand 1 is over" in text, (kind, text)
    check_hand_said(said, n)
    expect(table.root.locator(".hw-btn-next")).to_be_visible()
    table.shot(folder, f"seats-{n}-1280x800-scored")


def play_by_keyboard(table: Board, n: int, folder: Path) -> None:
    """The next hand, with the keyboard only: Enter on Next hand, Space chooses three cards to pass (the arrow
    moves on), Tab to Pass and Enter; then each turn Home and the arrow to the first card not refused, Enter."""
    page = table.page
    table.root.locator(".hw-btn-next").focus()
    key(table, "Enter")
    wait_focus(page, "card")
    cards = len(table.hand())
    table.shot(folder, f"seats-{n}-390x844-hand")
    page.keyboard.press("Home")
    for _ in range(3):
        key(table, "Space")
        assert "chosen to pass" in focused(page)["label"], focused(page)
        key(table, "ArrowRight", redraw=False)
    for _ in range(5):  # from the hand, the next stop is the Pass button
        page.keyboard.press("Tab")
        if "hw-btn-pass" in focused(page)["cls"]:
            break
    assert "hw-btn-pass" in focused(page)["cls"], focused(page)
    key(table, "Enter")
    wait_focus(page, "card")  # the Pass button is gone: the focus is back in the hand
    said = []
    for trick in range(cards):
        assert len(table.hand()) == cards - trick
        check_seats_said(table, n)
        page.keyboard.press("Home")
        f = focused(page)
        for _ in range(cards):
            f = focused(page)
            if not f["disabled"]:
                break
            assert "cannot be played now: " in f["label"], f  # a refused card says why
            page.keyboard.press("ArrowRight")
        assert f["card"] and not f["disabled"], f
        key(table, "Enter")
        said.append(live_said(table))
        if trick == cards // 2:
            table.shot(folder, f"seats-{n}-390x844-middle", scroll=False)
        if trick < cards - 1:
            wait_focus(page, "card")
    assert table.hand() == []
    wait_focus(page, "hw-btn-next")  # the next thing to do: Next hand
    assert "Hand 2 is over" in said[-1], said[-1]
    check_hand_said(said, n)
    table.shot(folder, f"seats-{n}-390x844-scored")


def test_five_and_seven_seats_by_mouse_on_a_laptop_then_by_keyboard_on_a_phone(
    voila: Any, workdir: Path, open_page: Any, screenshots: Path
) -> None:
    write_notebook(workdir, PATH, CELLS)
    page = open_page(1280, 800)
    page.goto(voila.url(f"voila/render/{PATH}"))
    tables = {n: _open(page, n) for n in SEATS}
    for n, table in tables.items():
        expect(table.box.locator("svg.hearts-table")).not_to_have_attribute("data-layout", "compact")
        print(f"axe {n} seats 1280x800: {axe_counts(page, f'.hw-seats-{n}')}")
        table.root.scroll_into_view_if_needed()
        play_by_mouse(table, n, screenshots)

    page.set_viewport_size({"width": 390, "height": 844})
    for n, table in tables.items():
        expect(table.box.locator("svg.hearts-table[data-layout='compact']")).to_be_visible()
        svg = table.box.locator("svg.hearts-table")
        box = svg.bounding_box()
        assert box is not None and box["width"] <= 390, box
        print(f"axe {n} seats 390x844: {axe_counts(page, f'.hw-seats-{n}')}")
        play_by_keyboard(table, n, screenshots)
        table.press("next")  # a fresh hand, to measure every card of a full hand
        svg.evaluate("s => s.querySelector('g.hand.mine').scrollIntoView({block: 'center'})")
        strips = svg.evaluate(TAP_STRIPS)
        assert len(strips) == {5: 10, 7: 7}[n] and all(px >= 24 for _, px in strips), (n, strips)
        print(f"tap strips {n} seats 390x844: smallest {min(px for _, px in strips)} px")
    assert page.external_requests == [], page.external_requests
