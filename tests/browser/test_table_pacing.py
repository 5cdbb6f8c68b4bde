"""The table in a real browser never acts on what the learner has not seen (JupyterLab and Voilà).

- Master bots think for a while after each card: two quick clicks then play only the first card, the second is
  refused on the spot with a message, and the saved record holds only cards played to tricks that were on screen
  when they were clicked.
- A game to its end at every level (50 points, cards not moving, to keep it short): the weaker levels finish a
  saved game the learner comes back to, the strongest plays a whole game; each click is timed in the page, to
  the first change on screen and to the bots' last card (printed, with the screenshots' folder).
- A deal link: ``?deal=N`` in the Voilà app's address opens that deal (asking first when a game is in progress);
  ``?deal=abc`` says what is wrong with the link.
- A bot that thinks for long (in JupyterLab): the thinking label fills a bar as the bot reports its progress,
  and the kernel answers another widget meanwhile (the bot thinks in a thread of its own).
- Screenshots at 1280x900 and 1920x1080 of the states these add: a bot thinking, a finished trick on show, the
  last-trick view, a hint beside the cards just received, the question before leaving a game, the score sheet and
  the settings.
"""

from __future__ import annotations

import contextlib
import json
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hearts_pages import (
    RECORDER,
    Board,
    box_of,
    choose_deal,
    pass_three,
    play_until_thinking,
    run_all,
    voila_app,
    wait_for,
    widget,
    write_notebook,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from hearts.bots import RuleBot
from hearts.game import Game
from hearts.record import GameRecord
from hearts.rules import Rules
from hearts.selfplay import play_out
from hearts_widgets import store
from hearts_widgets.levels import available_levels
from hearts_widgets.table_model import SAVE_FORMAT
from hearts_widgets.text import level_label

APP = "tutorials/apps/en/table.ipynb"
SOUTH = 0



@pytest.fixture
def settings(voila: Any, lab: Any) -> Iterator[Any]:
    """``settings(server, **values)`` writes the table's settings file before a page opens; all are put back."""
    saved: list[tuple[Path, bytes | None]] = []

    def write(server: Any, **values: Any) -> None:
        path = server.data_dir / "settings.json"
        saved.append((path, path.read_bytes() if path.exists() else None))
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        data.update(values)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data), encoding="utf-8")

    yield write
    for path, old in reversed(saved):
        if old is None:
            path.unlink(missing_ok=True)
        else:
            path.write_bytes(old)


def open_app(where: str, server: Any, page: Any, query: str = "") -> Board:
    """The table app in Voilà (its own page) or in JupyterLab (the notebook run from the Run menu)."""
    if where == "voila":
        page.goto(server.url(f"voila/render/{APP}{query}"))
        table = Board(voila_app(page, "hearts-table-app"))
    else:
        page.goto(server.url(f"lab/tree/{APP}?reset"))
        run_all(page, server, APP)
        table = Board(widget(page, "hearts-table-app"))
    page.evaluate(RECORDER)
    return table


def choose_level(table: Board, level: str) -> None:
    select = table.root.locator(".hw-level select")
    label = level_label(level, "en")
    if select.input_value() != label and select.locator("option:checked").inner_text() != label:
        old = table.version()
        select.select_option(label=label)
        table.settle(old)


def start(table: Board, number: int) -> None:
    choose_deal(table, number)


def trick_on_screen(table: Board) -> list[str]:
    return table.box.locator(".hw-stage g.trick g.card[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def saved_hand(server: Any) -> Any:
    data = json.loads((server.data_dir / "table-save.json").read_text(encoding="utf-8"))
    return GameRecord.from_dict(data["game"]).replay().hand


def overlap(a: Any, b: Any) -> bool:
    """Whether two bounding boxes share more than a pixel's width."""
    return bool(
        a and b
        and a["x"] + 1 < b["x"] + b["width"] and b["x"] + 1 < a["x"] + a["width"]
        and a["y"] + 1 < b["y"] + b["height"] and b["y"] + 1 < a["y"] + a["height"]
    )  # fmt: skip


def open_panel(table: Board, title: str) -> None:
    table.root.locator(".hw-panels").get_by_text(title, exact=True).click()


@pytest.mark.parametrize(("where", "size"), [("voila", (1920, 1080)), ("lab", (1280, 900))])
def test_two_quick_clicks_while_master_bots_think(
    where: str, size: tuple[int, int], voila: Any, lab: Any, open_page: Any, settings: Any, screenshots: Path
) -> None:
    server = voila if where == "voila" else lab
    settings(server, speed="normal", trick_pause=0, target_score=100)
    page = open_page(*size)
    table = open_app(where, server, page)
    prefix = f"pacing-{where}-{size[0]}x{size[1]}"
    choose_level(table, "master")
    start(table, 4242)
    for c in table.hand()[-3:]:
        table.click_card(c.code)
    old = table.version()
    table.root.locator(".hw-btn-pass").click()
    # The bots choose their passes one after the other; the page says who is thinking meanwhile.
    expect(table.box.locator(".hw-thinking")).to_contain_text("choosing cards to pass", timeout=30_000)
    table.shot(screenshots, f"{prefix}-1-thinking")
    table.settle(old)
    table.collect()
    table.press("hint")  # the hint's cards and the cards just received are marked apart
    table.shot(screenshots, f"{prefix}-2-hint-and-received")

    checked = []
    while len(checked) < 3:
        hand = table.hand()
        legal = [c for c in hand if c.legal]
        assert legal and table.hold() == "", (hand, table.hold())
        first = legal[0].code
        second = next(c.code for c in reversed(hand) if c.code != first)
        before = trick_on_screen(table)
        old = table.version()
        at_first, at_second = table.point(first), table.point(second)
        page.mouse.click(*at_first)
        page.mouse.click(*at_second)  # at once: the bots have not moved yet
        toast = table.box.locator(".hw-toast")
        expect(toast).to_be_visible()
        expect(toast).to_contain_text("Wait")
        expect(toast).to_contain_text("Nothing was played")
        if not checked:
            table.shot(screenshots, f"{prefix}-3-second-click-refused")
        table.settle(old)
        checked.append((first, second, before))
        if table.hold() == "trick":
            table.shot(screenshots, f"{prefix}-4-trick-on-show")
            table.box.locator(".hw-last-trick-btn").wait_for(state="hidden")
            table.collect()
            table.box.locator(".hw-last-trick-btn").click()
            expect(table.box.locator(".hw-last-trick img")).to_be_visible()
            # Neither the button nor the view covers a card of the learner's hand.
            cards = table.box.locator("g.hand.mine g.card").all()
            for loc in (table.box.locator(".hw-last-trick-btn"), table.box.locator(".hw-last-trick")):
                assert not any(overlap(box_of(loc), box_of(c)) for c in cards), loc
            table.shot(screenshots, f"{prefix}-5-last-trick")
            table.box.locator(".hw-last-trick").click()
        assert not table.hand() or second in [c.code for c in table.hand()], "the second click was played"

    # The record: every card of South's is one that was clicked first, played to the trick that was on screen.
    h = saved_hand(server)
    plays = h.plays
    south = [(i, c.code) for i, (s, c) in enumerate(plays) if s == SOUTH]
    assert [code for _, code in south] == [first for first, _, _ in checked]
    for (i, code), (_, _, before) in zip(south, checked, strict=True):
        start_of_trick = i - i % 4
        assert [c.code for _, c in plays[start_of_trick:i]] == before, (code, before, plays)

    # Leaving this game asks first; the score sheet and the settings, for the screenshots.
    old = table.version()
    table.root.locator(".hw-btn-new").click()
    expect(table.root.locator(".hw-btn-confirm")).to_be_visible()
    table.settle(old)
    table.shot(screenshots, f"{prefix}-6-confirm-leaving")
    table.press("cancel")
    open_panel(table, "Score sheet")
    table.shot(screenshots, f"{prefix}-7-score-sheet")
    open_panel(table, "Settings")
    box = table.root.locator(".hw-settings")
    expect(box.locator(".hw-set-step-bots")).to_be_visible()
    cut = box.evaluate(
        "el => [...el.querySelectorAll('label, .widget-label, span')]"
        ".filter(x => x.offsetParent && x.scrollWidth > x.clientWidth + 1).map(x => x.textContent)"
    )
    assert cut == [], f"settings labels cut off: {cut}"
    table.shot(screenshots, f"{prefix}-8-settings")


def saved_near_the_end(number: int, level: str, target: int = 50) -> dict[str, Any]:
    """A table save (the app's own format) of game ``number`` to ``target`` points, played by rule bots until a
    hand is dealt with someone within 6 points of the target: the learner comes back for the game's end."""
    game = Game(number, Rules(target_score=target))
    bots = [RuleBot(seed=s) for s in range(4)]
    while max(game.totals) < target - 6:
        play_out(game.hand, bots, totals=tuple(game.totals))
        game.next_hand()
    assert not game.is_over and not game.hand.plays, game.totals
    table = {"level": level, "selection": [], "recorded": False, "game_id": f"near-the-end-{number}"}
    return {"format": SAVE_FORMAT, "version": 1, "game": GameRecord.from_game(game).to_dict(), "table": table}


def play_to_the_end(table: Board, level: str) -> dict[str, int]:
    """Play the table's game to its end (the first legal card each time), then the click timings in the page."""
    page = table.page
    page.evaluate("() => { window.__hw.clicks = []; }")
    while True:
        table.collect()
        if table.root.locator(".hw-game-over").is_visible():
            break
        if table.root.locator(".hw-btn-next").is_visible():
            table.press("next")
            continue
        if table.root.locator(".hw-btn-pass").is_visible():
            pass_three(table)
            continue
        legal = [c for c in table.hand() if c.legal]
        assert legal, (level, table.message())
        table.click_card(legal[0].code)
    kind, text = table.message()
    assert kind == "ok" and "The game is over" in text, (level, kind, text)
    plays = [c for c in page.evaluate("() => window.__hw.clicks") if "last" in c]
    assert plays, level
    firsts = [c["first"] for c in plays]
    lasts = [c["last"] for c in plays]
    return {
        "clicks": len(plays),
        "first_median_ms": round(statistics.median(firsts)),
        "first_worst_ms": round(max(firsts)),
        "bots_done_median_ms": round(statistics.median(lasts)),
        "bots_done_worst_ms": round(max(lasts)),
    }


def test_a_game_to_its_end_at_every_level(voila: Any, open_page: Any, settings: Any, screenshots: Path) -> None:
    """The weakest levels finish a saved game the learner comes back to (its level taken from the save); the
    strongest plays a whole game from its first deal. Each ends with the game over and the score sheet."""
    settings(voila, speed="off", trick_pause=0, target_score=50)
    page = open_page(1280, 900)
    figures = {}
    *resumed, whole = available_levels()
    for n, level in enumerate(resumed):
        page.goto("about:blank")  # the learner left; the save is what they come back to
        save = saved_near_the_end(300 + n, level)
        store.write_json(voila.data_dir / store.SAVE_FILE, save)
        table = open_app("voila", voila, page)
        # The saved game, where it was left: its number, its hand, every seat's total, its level.
        expect(table.root.locator(".hw-title")).to_contain_text(f"game {300 + n}")
        board = table.box.text_content() or ""
        record = GameRecord.from_dict(save["game"]).replay()
        assert f"Hand {record.hand_number}" in board, board
        assert all(f"total {t}" in board for t in record.totals), (record.totals, board)
        expect(table.root.locator(".hw-level select option:checked")).to_have_text(level_label(level, "en"))
        figures[level] = play_to_the_end(table, level)
    table = open_app("voila", voila, page)
    choose_level(table, whole)
    start(table, 300 + len(resumed))
    figures[whole] = play_to_the_end(table, whole)
    assert figures[whole]["clicks"] >= 2 * 13, figures  # several hands: this one was a whole game
    table.shot(screenshots, "game-1280x900-over")
    open_panel(table, "Score sheet")
    sheet = table.root.locator(".hw-sheet-box")
    expect(sheet.locator("tr.hw-total")).to_be_visible()
    # Beside the board (Voilà's column) every seat's column is on show, none cut off or scrolled away.
    assert sheet.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), sheet.evaluate("el => el.scrollWidth")
    table.shot(screenshots, "game-1280x900-score-sheet")
    open_panel(table, "Score sheet")
    (screenshots / "click-timings.json").write_text(json.dumps(figures, indent=1), encoding="utf-8")
    print("\nclick to first change / to the bots' last card, ms (cards not moving):")
    for level, f in figures.items():
        print(f"  {level:<7} {f}")


def test_a_deal_link_opens_that_deal(voila: Any, open_page: Any, screenshots: Path) -> None:
    page = open_page(1280, 900)
    table = open_app("voila", voila, page, "?deal=86420")
    title = table.root.locator(".hw-title")
    if table.root.locator(".hw-btn-confirm").is_visible():  # a game in progress here: the link asks first
        _kind, text = table.message()
        assert "86420" in text and "played and not won" in text, text
        table.shot(screenshots, "deal-link-1280x900-asks-first")
        table.press("confirm")
    expect(title).to_contain_text("86420")
    assert table.root.locator(".hw-deal-box input").input_value() == "86420"


def test_a_bad_deal_link_names_its_deal(voila: Any, open_page: Any, screenshots: Path) -> None:
    """``?deal=abc``: the table opens on the game it has, with an error that names the address's deal and the
    deal box, read as soon as the page is drawn (before anything is pressed)."""
    page = open_page(1280, 900)
    page.goto(voila.url(f"voila/render/{APP}?deal=abc"))
    table = Board(page.locator(".hearts-table-app"))
    expect(table.box.locator("svg")).to_be_visible()
    expect(table.root.locator(".hw-message-box .hw-error")).to_be_visible()
    kind, text = table.message()
    assert kind == "error" and "deal=abc" in text and "Deal number box" in text, (kind, text)
    assert "yours again" not in text and "is not a deal number" in text, text
    number = table.root.locator(".hw-title").inner_text().split()[-1]
    assert f"Game {number} is on the table instead" in text, (number, text)
    table.shot(screenshots, "deal-link-1280x900-bad")


SLOW = "pacing/slow_bot.ipynb"
SLOW_CELLS = [
    """import tempfile, time
import ipywidgets as W
from hearts.bots import RuleBot, report_progress
from hearts_widgets import GameTable


class SlowBot(RuleBot):
    name = "Slow"

    def decide_play(self, obs):  # thinks for 1.5 s, telling how far it has got
        for i in range(15):
            time.sleep(0.1)
            report_progress((i + 1) / 15)
        return super().decide_play(obs)


words = W.Text(description="Words").add_class("hw-probe-in")
echo = W.Label().add_class("hw-probe-out")
words.observe(lambda change: setattr(echo, "value", change["new"].upper()), names="value")
display(words, echo)""",
    'GameTable(number=4242, level="rule", lang="en", data_dir=tempfile.mkdtemp(), resume=False, bots={1: SlowBot()})'
    '.add_class("hw-slow-table")',
]


def test_a_slow_bot_shows_its_progress_and_the_kernel_answers_meanwhile(
    lab: Any, workdir: Path, open_page: Any, screenshots: Path
) -> None:
    """A bot that thinks for 1.5 s (West): the thinking label fills a bar as the bot reports its progress, and
    while it thinks another widget of the notebook still gets its answer from the kernel."""
    page = open_page(1280, 900)
    page.goto(lab.url(f"lab/tree/{write_notebook(workdir, SLOW, SLOW_CELLS)}?reset"))
    run_all(page, lab, SLOW)
    table = Board(widget(page, "hw-slow-table"))
    choose_deal(table, 4242)  # and wait for the board drawn for its width
    pass_three(table)
    thinking = play_until_thinking(table, "West is thinking")  # in the first trick, or when West leads it
    old = table.version()
    # Partway through West's thinking: the bar shows it, and the kernel answers another widget at once.
    wait_for(thinking, "el => parseFloat(el.getAttribute('data-progress') || '0') >= 0.2")
    table.shot(screenshots, "pacing-lab-1280x900-0-bot-progress")
    page.locator(".hw-probe-in input").fill("still here")
    expect(page.locator(".hw-probe-out")).to_have_text("STILL HERE")
    progress = float(thinking.get_attribute("data-progress") or "nan")
    assert thinking.is_visible() and 0.2 <= progress < 1, progress  # answered before West had finished
    assert thinking.locator(".hw-thinking-bar > span").evaluate("el => el.getBoundingClientRect().width") > 0
    table.settle(old)  # and West's card is played once it has decided
    assert "West is thinking" not in (thinking.text_content() or "") or not thinking.is_visible()


# Web Audio stood in for by a recorder: every note the table starts is written down (its frequency), so the test
# hears what a learner would. Installed before the page's own scripts run.
FAKE_AUDIO = """
window.__notes = [];
window.__contexts = 0;
class FakeAudioContext {
  constructor() { window.__contexts += 1; this.state = 'suspended'; this.currentTime = 0; this.destination = {}; }
  resume() { this.state = 'running'; return Promise.resolve(); }
  createOscillator() {
    const o = { type: '', frequency: { value: 0 }, connect: (x) => x, stop() {},
                start() { window.__notes.push(o.frequency.value); } };
    return o;
  }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (x) => x }; }
}
window.AudioContext = FakeAudioContext;
window.webkitAudioContext = FakeAudioContext;
"""
CUE_NOTES = {"turn": 660, "trick": 392, "hearts": 784, "queen": 220}  # the first note of each cue in table.js


def play_a_hand(table: Board, cards: int = 13) -> None:
    """South's first legal card each turn, tricks taken away, until the hand's summary (or ``cards`` played)."""
    played = 0
    while played < cards and not table.root.locator(".hw-btn-next").is_visible():
        table.collect()
        if table.root.locator(".hw-btn-pass").is_visible():
            pass_three(table)
            continue
        legal = [c for c in table.hand() if c.legal]
        if legal:
            table.click_card(legal[0].code)
            played += 1
    table.collect()


@pytest.mark.parametrize("sound", [True, False])
def test_sounds_play_in_the_browser_only_when_switched_on(
    sound: bool, voila: Any, open_page: Any, settings: Any
) -> None:
    """With Sounds on, a hand sounds your turn, a trick won, hearts broken and Q♠ taken, made by Web Audio in the
    page (no file fetched); with Sounds off (the default) nothing is made at all."""
    settings(voila, speed="off", trick_pause=0, target_score=100, sound=sound)
    page = open_page(1280, 900)
    page.add_init_script(FAKE_AUDIO)
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if r.url.rsplit(".", 1)[-1] in ("mp3", "ogg", "wav") else None)
    table = open_app("voila", voila, page)
    choose_level(table, "rule")
    start(table, 777 if sound else 778)
    play_a_hand(table, 13 if sound else 4)  # off: four tricks' worth of turns, tricks won and cards are enough
    if sound:  # the last cues are spaced 260 ms apart: wait for every cue, the 13th trick's included
        with contextlib.suppress(PlaywrightTimeoutError):  # the assertions below say what was missing
            page.wait_for_function(
                "([cues, trick]) => cues.every(n => window.__notes.includes(n))"
                " && window.__notes.filter(n => n === trick).length >= 13",
                arg=[list(CUE_NOTES.values()), CUE_NOTES["trick"]],
                timeout=10_000,
            )
    else:  # nothing to wait for: as long as the last cues would have taken
        page.wait_for_timeout(1200)
    notes = page.evaluate("() => window.__notes")
    assert not fetched
    if sound:
        heard = {name for name, note in CUE_NOTES.items() if note in notes}
        assert heard == set(CUE_NOTES), (heard, notes)
        assert notes.count(CUE_NOTES["trick"]) >= 13  # one for every trick won, the 13th included
    else:
        assert notes == [] and page.evaluate("() => window.__contexts") == 0
