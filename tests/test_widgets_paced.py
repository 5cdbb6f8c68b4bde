"""The table as the browser drives it (paced): nothing the learner has not seen is ever acted on.

The bots move one :meth:`GameTable.step` at a time (the browser asks once the last drawing is on screen),
a finished trick stays until the learner continues, and a click made while the bots think or on an older
drawing is refused and changes nothing. Also: leaving a game asks first and goes into History, the score
sheet, the moon's message, and the settings the table adds for this (speed, pause, sound, target).
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable
from pathlib import Path

from hearts import CardSet, Observation, Phase
from hearts.bots import Decision, RuleBot, report_progress
from hearts.hand import HandState
from hearts.rules import PassDirection
from hearts_widgets import GameTable
from hearts_widgets.store import History, Settings
from hearts_widgets.table_model import TableModel

SOUTH = 0


def pass_three(t: GameTable) -> None:
    for c in list(t.model.hand.hand_of(SOUTH))[-3:]:
        t.click_card(c.code, version=t.board.version)
    t.press("pass")


def run_steps(t: GameTable) -> int:
    """What the browser does while ``hold`` is ``step``: ask for each next step with the version on screen."""
    n = 0
    while t.board.hold == "step":
        t.step(t.board.version)
        n += 1
    return n


def test_bots_move_one_step_at_a_time_and_clicks_meanwhile_are_refused(tmp_path: Path) -> None:
    t = GameTable(number=7, level="rule", data_dir=tmp_path)
    m = t.model
    pass_three(t)
    assert m.pending == "pass" and t.board.hold == "step" and m.hand.phase is Phase.PASSING
    assert t.board.thinking == 1 and t.board.thinking_text == "West is choosing cards to pass…"
    # A click now (the hand is still the one before the pass) is refused and plays nothing.
    before = [a.cards for a in m.hand.history]
    t.click_card(next(iter(m.hand.hand_of(SOUTH))).code, version=t.board.version)
    assert m.message.kind == "error" and m.message.text == "Wait: West is thinking. Nothing was played."
    assert [a.cards for a in m.hand.history] == before
    # A step asked with an old version is ignored: the browser had not shown the latest drawing.
    t.step(t.board.version - 1)
    assert m.hand.passes[1] is None
    steps = run_steps(t)
    assert steps >= 3 and m.hand.phase is Phase.PLAYING
    while m.pending is not None or m.hand.to_play != SOUTH:
        if m.pending == "trick":
            t.board._handle_message(t.board, {"event": "continue", "version": t.board.version}, [])
        run_steps(t)
    # Every card that a bot played came with its own drawing: one per step, none batched.
    assert t.board.frames == [] and m.hand.to_play == SOUTH and t.board.hold == ""


def test_a_click_on_an_older_drawing_is_refused(tmp_path: Path) -> None:
    t = GameTable(number=7, level="rule", data_dir=tmp_path)
    m = t.model
    pass_three(t)
    run_steps(t)
    while m.hand.to_play != SOUTH or m.pending is not None:
        t.press("continue") if m.pending == "trick" else run_steps(t)
    card = m.hand.legal_moves.lowest()
    plays = len(m.hand.plays)
    t.click_card(card.code, version=t.board.version - 1)
    assert m.message.kind == "error" and "earlier picture" in m.message.text
    assert len(m.hand.plays) == plays
    t.board._handle_message(t.board, {"event": "click", "card": card.code, "version": t.board.version}, [])
    assert len(m.hand.plays) == plays + 1 and m.hand.plays[-1] == (SOUTH, card)


def test_the_finished_trick_stays_and_says_who_took_it(tmp_path: Path) -> None:
    t = GameTable(number=7, level="rule", data_dir=tmp_path)
    m = t.model
    pass_three(t)
    run_steps(t)
    while m.pending != "trick":
        if m.hand.to_play == SOUTH and m.pending is None:
            t.click_card(m.hand.legal_moves.lowest().code, version=t.board.version)
        run_steps(t)
    trick = m.hand.tricks[-1]
    assert t.board.hold == "trick" and f'data-winner="{trick.winner}"' in t.board.svg
    assert all(f'data-card="{c.code}"' in t.board.svg for c in trick.cards)  # all four still in the middle
    name = ["You take", "West takes", "North takes", "East takes"][trick.winner]
    assert m.message.text.startswith(f"{name} the trick with {trick.played_by(trick.winner)}")
    assert t.buttons["continue"].layout.display is None and t.buttons["continue"].description == "Continue"
    assert t.board.last_trick_svg.startswith("<svg")
    # A card click while the trick is on show plays nothing.
    if m.hand.hands[SOUTH]:
        plays = len(m.hand.plays)
        t.click_card(next(iter(m.hand.hand_of(SOUTH))).code, version=t.board.version)
        assert m.message.kind == "error" and len(m.hand.plays) == plays
    t.board._handle_message(t.board, {"event": "continue", "version": t.board.version}, [])
    assert m.pending != "trick" and "data-winner" not in t.board.svg


def test_the_last_trick_is_shown_before_the_hand_summary(tmp_path: Path) -> None:
    t = GameTable(number=11, level="random", data_dir=tmp_path, target_score=100)
    m = t.model
    pass_three(t)
    while not (m.hand.is_over and m.pending == "trick"):
        if m.pending == "trick":
            t.press("continue")
        elif m.pending is None:
            t.click_card(m.hand.legal_moves.lowest().code, version=t.board.version)
        run_steps(t)
    assert "That was the last trick" in m.message.text and 'class="summary"' not in t.board.svg
    assert t.buttons["next"].layout.display == "none"
    t.press("continue")
    assert m.message.text.startswith("Hand 1 is over") and 'class="summary"' in t.board.svg
    assert t.buttons["next"].layout.display is None


def test_leaving_a_game_asks_and_counts_as_played_not_won(tmp_path: Path) -> None:
    m = TableModel(number=30, level="random", data_dir=tmp_path)
    m.press("new")  # nothing played yet: no question
    assert m.confirming is None and m.number != 30
    for c in list(m.hand.hand_of(SOUTH))[:3]:
        m.click_card(c.code)
    m.press("pass")
    number = m.number
    m.play_deal("5555")
    assert m.confirming == ("play_deal", 5555) and m.number == number
    assert "not finished" in m.message.text and "played and not won" in m.message.text
    m.press("hint")  # every other button waits for the answer
    assert m.message.kind == "error" and m.number == number
    m.press("confirm")
    assert m.number == 5555 and m.confirming is None
    games = History.load(tmp_path).games
    assert [(g["number"], g["won"], g.get("abandoned")) for g in games] == [(number, False, True)]
    assert History.load(tmp_path).stats().current_streak == 0


def test_score_sheet_has_every_hand_with_the_learners_pass(tmp_path: Path) -> None:
    t = GameTable(number=21, level="random", data_dir=tmp_path, target_score=40, paced=False)
    m = t.model
    while m.hand.hand_number < 3 or m.hand.phase is Phase.PASSING:
        h = m.hand
        if h.phase is Phase.PASSING:
            for c in list(h.hand_of(SOUTH))[:3]:
                t.click_card(c.code)
            t.press("pass")
        elif h.is_over:
            t.press("next")
        else:
            t.click_card(h.legal_moves.lowest().code)
    sheet = t.sheet.value
    rows = re.findall(r'<tr data-hand="(\d+)">(.*?)</tr>', sheet)
    assert [int(n) for n, _ in rows] == [1, 2, 3]
    for (_, row), h in zip(rows, m.game.hands, strict=True):
        given, got = CardSet(h.passes[SOUTH] or 0), CardSet(h.received[SOUTH] or 0)
        assert ", ".join(map(str, given)) in row and ", ".join(map(str, got)) in row
    running = 0
    for (_, row), h in zip(rows[:2], m.game.hands[:2], strict=True):
        running += h.result().scores[SOUTH]
        cell = re.findall(r"<td[^>]*>([+-]\d+).*?<small>(\d+)</small></td>", row)[0]
        assert (int(cell[0]), int(cell[1])) == (h.result().scores[SOUTH], running)


def test_the_moon_message_says_where_the_26_went(tmp_path: Path) -> None:
    m = TableModel(number=1, level="rule", data_dir=tmp_path)
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    ]
    m.game.hands[-1] = HandState(hands, m.rules, hand_number=1, pass_direction=PassDirection.NONE)
    while not m.hand.is_over:
        m.click_card(m.hand.legal_moves.lowest().code)
    assert m.hand.result().shooter == SOUTH
    assert m.message.text == (
        "Hand 1 is over. You shot the moon! You took all 26 points, so you score 0 and everyone else gets 26. "
        "This hand gives you +0: your total is 0. Press Next hand to go on."
    )
    t = GameTable(number=1, level="rule", data_dir=tmp_path / "sheet", paced=False)
    t.model.game.hands[-1] = HandState(hands, t.model.rules, hand_number=1, pass_direction=PassDirection.NONE)
    while not t.model.hand.is_over:
        t.click_card(t.model.hand.legal_moves.lowest().code)
    assert "☾ moon" in t.sheet.value and "+26" in t.sheet.value


def test_new_settings_are_kept_and_checked(tmp_path: Path) -> None:
    t = GameTable(number=3, level="rule", data_dir=tmp_path)
    for widget, value in ((t.speed, "off"), (t.trick_pause, 2), (t.sound, True), (t.target, 50)):
        widget.value = value
    assert (t.board.move_ms, t.board.pause_ms, t.board.sound_on) == (0, 2000, True)
    assert t.model.rules.target_score == 50  # nothing played yet: this game now ends at 50
    s = Settings.load(tmp_path)
    assert (s.speed, s.trick_pause, s.sound, s.target_score) == ("off", 2, True, 50)
    t.model.set_setting("target_score", 75)
    assert t.model.message.kind == "error" and "75" in t.model.message.text
    assert Settings.load(tmp_path).target_score == 50


class GatedBot(RuleBot):
    """A rule bot that, to pass, waits until the test lets it and tells its progress on the way."""

    name = "Gated"

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.started = threading.Event()

    def __deepcopy__(self, memo: dict[int, object]) -> GatedBot:
        return self  # the table's copy is this bot: the test holds its gate

    def decide_pass(self, obs: Observation) -> Decision:
        self.started.set()
        report_progress(0.5)
        assert self.gate.wait(10), "the test never let the bot go on"
        report_progress(1.0)
        return super().decide_pass(obs)


async def until(check: Callable[[], bool]) -> None:
    for _ in range(500):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the kernel's loop never did it")


def test_in_a_kernel_the_bot_thinks_in_a_thread_and_the_table_answers_meanwhile(tmp_path: Path) -> None:
    """With an event loop running (a kernel), a step starts the bot's thread and returns at once: a click
    meanwhile is answered (refused: West is thinking), the board is told the bot's progress, and the bot's
    choice is played on the loop once it has decided."""
    bot = GatedBot()
    t = GameTable(number=7, level="rule", data_dir=tmp_path, bots={1: bot})
    told: list[tuple[int, float]] = []
    t.board.progress = lambda seat, fraction: told.append((seat, fraction))  # type: ignore[method-assign]
    pass_three(t)
    assert t.model.thinking == 1

    async def kernel() -> None:
        t.step(t.board.version)
        assert bot.started.wait(5) and t.model.thinking == 1 and t.model.hand.passes[1] is None
        t.step(t.board.version)  # asked twice (a redraw meanwhile): still one bot thinking
        t.click_card(next(iter(t.model.hand.hand_of(SOUTH))).code, version=t.board.version)
        assert t.model.message is not None and "West is thinking" in t.model.message.text
        bot.gate.set()
        await until(lambda: t.model.thinking == 2)

    asyncio.run(kernel())
    assert t.model.hand.passes[1] is not None and told == [(1, 0.0), (1, 0.5), (1, 1.0)]
    assert threading.active_count() == 1 or all(not x.name.startswith("hearts-bot") for x in threading.enumerate())


def test_a_bots_choice_for_a_game_left_meanwhile_is_dropped(tmp_path: Path) -> None:
    bot = GatedBot()
    t = GameTable(number=7, level="rule", data_dir=tmp_path, bots={1: bot})
    pass_three(t)

    async def kernel() -> None:
        t.step(t.board.version)
        assert bot.started.wait(5)
        t.press("new")  # while West thinks: the game is in progress, so the table asks first
        t.press("confirm")
        bot.gate.set()
        await until(lambda: not any(x.name.startswith("hearts-bot") for x in threading.enumerate()))
        await asyncio.sleep(0.05)  # the thread's last call, on the loop

    asyncio.run(kernel())
    assert t.model.number != 7 and t.model.hand.passes[1] is None  # the old game's pass never reached the new one
    assert t.board.hold == "" and t.model.message is not None


# ----- what the table says while a trick waits, and once another tab has taken its game (issue 33, item 15) -------


def _svg(m: TableModel) -> str:
    from hearts.display import table_svg

    state, options = m.drawing()
    return table_svg(state, **options)


def _to_a_finished_trick(m: TableModel) -> None:
    """Pass, then play until a finished trick waits for Continue (the learner's own cards: the lowest legal)."""
    for c in list(m.hand.hand_of(SOUTH))[:3]:
        m.click_card(c.code)
    m.press("pass")
    while m.pending != "trick":
        if m.pending in ("pass", "bot"):
            m.step()
        else:
            m.click_card(m.hand.legal_moves.lowest().code)


def test_while_a_finished_trick_waits_the_header_names_that_trick(tmp_path: Path) -> None:
    for lang, word in (("en", "Trick"), ("es", "Baza")):
        m = TableModel(number=3, level="rule", data_dir=tmp_path / lang, paced=True, lang=lang)
        _to_a_finished_trick(m)
        done = len(m.hand.tricks)
        svg = _svg(m)
        assert f"{word} {done} " in svg and f"{word} {done + 1} " not in svg
        m.press("continue")
        assert f"{word} {done + 1} " in _svg(m)  # the next trick has begun


def test_a_table_whose_game_another_tab_took_offers_no_turn_and_no_card(tmp_path: Path) -> None:
    a = TableModel(number=3, level="rule", data_dir=tmp_path, paced=True)
    _to_a_finished_trick(a)
    b = TableModel(level="rule", data_dir=tmp_path, paced=True)  # another tab: the game is open at a
    b.press("take_over")
    assert not b.displaced
    taken = (tmp_path / "table-save.json").read_bytes()
    a.press("continue")  # the trick would go, and the bots play on: not here, the game is b's now
    for _ in range(8):
        a.step()
    assert a.displaced and a.pending is None and len(a.playable) == 0
    assert a.message.kind == "error" and "has taken over this game" in a.message.text
    assert "Continue here" in a.message.text and "New game" in a.message.text
    svg = _svg(a)
    assert "Your turn" not in svg and "Your turn" not in a.message.text
    mine = re.findall(r'<g [^>]*data-seat="0"[^>]*data-legal="(\w+)" data-dimmed="(\w+)"', svg)
    assert len(mine) == len(a.hand.hand_of(SOUTH)) and set(mine) == {("false", "true")}
    before = [x.cards for x in a.hand.history]
    a.click_card(next(iter(a.hand.hand_of(SOUTH))).code)  # nothing is played
    assert [x.cards for x in a.hand.history] == before and (tmp_path / "table-save.json").read_bytes() == taken
    a.press("take_over")  # what the message says to press works
    assert not a.displaced and (len(a.playable) > 0 or a.pending is not None)


def test_a_click_after_another_tab_took_the_game_plays_nothing_and_says_so(tmp_path: Path) -> None:
    a = TableModel(number=3, level="rule", data_dir=tmp_path, paced=True)
    for c in list(a.hand.hand_of(SOUTH))[:3]:
        a.click_card(c.code)
    a.press("pass")
    while a.pending is not None:
        a.step()
    assert a.hand.to_play == SOUTH and len(a.playable) > 0
    b = TableModel(level="rule", data_dir=tmp_path, paced=True)
    b.press("take_over")
    before = [x.cards for x in a.hand.history]
    a.click_card(a.hand.legal_moves.lowest().code)
    assert [x.cards for x in a.hand.history] == before  # not played in a game this table can no longer save
    assert a.displaced and "has taken over this game" in a.message.text and len(a.playable) == 0
