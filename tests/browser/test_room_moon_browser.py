"""The shooter's choice of moon scoring on the room's page, in Chromium (issue 31).

A room under the shooter's choice whose table waits at West's moon (the hand played out in the engine before
anyone sat down); a person takes West's seat and is asked: two buttons, described by the message line that
gives the totals each choice leaves, in English and then in Spanish; the focus is on the first button, and
Enter on it scores the moon (26 off West's total). axe finds nothing serious or critical while the question
is on show. Screenshot: ``room-moon-choice.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_room_browsers import BOARD, WAIT_S, serious_axe_violations

from hearts.hand import Phase
from hearts.rules import MoonScoring, Rules

NUMBER, SHOOTER = 89, 1  # as in tests/test_room_moon.py: West takes every penalty card


@pytest.fixture
def moon_room(tmp_path: Path) -> Iterator[Any]:
    from hearts.room.run import start_room

    running = start_room(folder=tmp_path, port=0, number=NUMBER, level="random", bot_delay=0,
                         rules=Rules(moon=MoonScoring.SHOOTERS_CHOICE, passing=False))  # fmt: skip
    try:
        yield running
    finally:
        running.stop()


def test_a_person_at_a_room_table_is_asked_how_their_moon_scores(
    browser: Any, moon_room: Any, screenshots: Path
) -> None:
    table = moon_room.room.tables[0]
    h = table.game.hand
    while h.phase is Phase.PLAYING:  # nobody sits yet, so no bot acts meanwhile
        m = h.legal_mask()
        h.play(m.bit_length() - 1 if h.to_play == SHOOTER else (m & -m).bit_length() - 1, seat=h.to_play)
    assert h.phase is Phase.MOON_CHOICE and h.to_play == SHOOTER
    links = moon_room.links()
    assert links is not None
    ctx = browser.new_context(viewport={"width": 1000, "height": 860})
    pg = ctx.new_page()
    pg.set_default_timeout(WAIT_S * 1000)
    pg.goto(links["players"])
    pg.fill("#name", "Ana")
    pg.click(f'button.room-sit[data-table="0"][data-seat="{SHOOTER}"]')
    pg.wait_for_selector(f'{BOARD}:not([data-version="-1"])', state="attached")

    subtract, add, message = pg.locator("#moon-subtract"), pg.locator("#moon-add"), pg.locator("#message")
    expect(subtract).to_have_text("Take 26 off my total")
    expect(add).to_have_text("Add 26 to the others")
    expect(message).to_have_text(
        "You shot the moon: you took every heart and Q♠! Choose how it scores: Take 26 off my total (your total "
        "goes from 0 to -26), or Add 26 to the others (yours stays 0; South (bot) goes to 26, North (bot) goes to "
        "26, East (bot) goes to 26)."
    )
    for button in (subtract, add):
        assert button.get_attribute("aria-describedby") == "message"
    expect(subtract).to_be_focused()  # the cards are gone: the keyboard starts on the question
    expect(pg.locator("#next")).to_be_hidden()
    assert serious_axe_violations(pg) == []
    pg.screenshot(path=str(screenshots / "room-moon-choice.png"))

    pg.select_option("#lang", "es")  # the question again, in Spanish
    expect(subtract).to_have_text("Restar 26 de mi total")
    expect(message).to_contain_text("Elige cómo puntúa: Restar 26 de mi total (tu total pasa de 0 a -26)")
    pg.select_option("#lang", "en")
    expect(subtract).to_have_text("Take 26 off my total")

    subtract.focus()
    pg.keyboard.press("Enter")
    expect(message).to_contain_text("You shot the moon: it takes 26 off your total. Hand 1 is over: it gives you -26")
    expect(subtract).to_be_hidden()
    expect(add).to_be_hidden()
    expect(pg.locator("#next")).to_be_visible()
    assert list(table.game.scores) == [0, -26, 0, 0]
    ctx.close()
