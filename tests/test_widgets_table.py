"""The game table, driven through the same handlers its buttons and card clicks call."""

from __future__ import annotations

import datetime
import html
import json
import re
from pathlib import Path

import pytest

from hearts import CardSet, Phase
from hearts.display import TABLE_COLORS
from hearts.errors import OptionError
from hearts_widgets import GameTable, TableModel, deal_from_address
from hearts_widgets.levels import hint_bot
from hearts_widgets.store import HISTORY_FILE, SAVE_FILE, SETTINGS_FILE, History

SOUTH = 0


def snapshot(m: TableModel) -> tuple[object, ...]:
    """Everything a refused action must leave alone."""
    h = m.hand
    return (
        m.number,
        len(m.game.hands),
        [(a.kind, a.seat, a.cards, a.choice) for a in h.history],
        h.hands[:],
        m.selection,
        m.actions,
        tuple(m.game.totals),
    )


def pass_first_three(t: GameTable) -> None:
    for c in list(t.model.hand.hand_of(SOUTH))[:3]:
        t.click_card(c.code)
    t.press("pass")


def play_until_over(t: GameTable, limit: int = 2000) -> int:
    """Play the learner's cards (the lowest legal one) and press the buttons until the game ends."""
    clicks = 0
    while not t.model.game.is_over and clicks < limit:
        h = t.model.hand
        if h.phase is Phase.PASSING:
            pass_first_three(t)
        elif h.is_over:
            t.press("next")
        else:
            assert h.to_play == SOUTH
            t.click_card(h.legal_moves.lowest().code)
            clicks += 1
    return clicks


def mine(svg: str) -> str:
    return svg[svg.index('<g class="hand mine"') :]


def card_attrs(svg: str) -> dict[str, dict[str, str]]:
    """data-card -> its attributes, for the learner's own cards."""
    out = {}
    for m in re.finditer(r"<g ([^>]*data-card=\"(\w+)\"[^>]*)>", mine(svg)):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(1)))
        out[m.group(2)] = attrs
    return out


@pytest.fixture
def table(tmp_path: Path) -> GameTable:
    return GameTable(number=7, level="rule", target_score=100, data_dir=tmp_path, paced=False)


# ----- a whole game --------------------------------------------------------------------


@pytest.mark.parametrize("level", ["random", "rule"])
def test_whole_game_through_the_handlers(tmp_path: Path, level: str) -> None:
    t = GameTable(number=21, level=level, target_score=40, data_dir=tmp_path, paced=False)
    clicks = play_until_over(t)
    m = t.model
    assert m.game.is_over and clicks >= 13
    out = m.game.outcome()
    assert max(out.totals) >= 40
    # End-of-game summary: the message, the summary box and the score sheet all say it.
    assert m.message is not None and "game is over" in m.message.text
    assert "hw-game-over" in t.summary.value
    for s in out.winners:
        assert ["South", "West", "North", "East"][s] in t.summary.value
    assert t.sheet.value.count("<tr data-hand=") == len(m.game.hands)  # one row per hand (+ header, totals)
    # History recorded exactly once, even when the finished game is clicked again.
    hist = History.load(tmp_path)
    assert len(hist.games) == 1 and hist.games[0]["final"] == list(out.totals)
    t.click_card("2C")
    t.press("next")
    assert len(History.load(tmp_path).games) == 1
    assert m.message.kind == "error"
    # The buttons left: New game / Restart; Next hand, Pass and Hint are hidden.
    assert t.buttons["next"].layout.display == "none"
    assert t.buttons["pass"].layout.display == "none"
    assert t.buttons["hint"].layout.display == "none" and not m.can_hint


def test_every_hand_summary_and_next_hand(table: GameTable) -> None:
    pass_first_three(table)
    while not table.model.hand.is_over:
        table.click_card(table.model.hand.legal_moves.lowest().code)
    m = table.model
    s = m.summary()
    assert s is not None and sum(s["points"]) == 26 and not s["game_over"]
    assert "Hand 1 is over" in m.message.text and "Next hand" in m.message.text
    took = s["points"][SOUTH]
    words = {0: "you took no points", 1: "you took 1 point,"}.get(took, f"you took {took} points")
    assert words in m.message.text
    assert table.buttons["next"].layout.display is None
    assert 'class="summary"' in table.board.svg  # the points panel drawn on the table
    table.press("next")
    assert m.hand.hand_number == 2 and m.hand.pass_direction.value == "right"
    assert tuple(m.game.totals) == s["totals"]


def test_bots_moves_become_frames(table: GameTable) -> None:
    pass_first_three(table)
    m = table.model
    table.click_card(m.hand.legal_moves.lowest().code)
    assert m.frames, "the bots' cards are sent as frames for the browser to show one by one"
    assert len(table.board.frames) == len(m.frames)
    assert all(f.startswith("<svg") for f in table.board.frames)


# ----- refused clicks change nothing -------------------------------------------------------


def test_illegal_click_gives_the_engine_reason(table: GameTable) -> None:
    pass_first_three(table)
    m = table.model
    h = m.hand
    illegal = [c for c in h.hand_of(SOUTH) if c not in h.legal_moves]
    assert illegal
    before = snapshot(m)
    save_before = (m.folder / SAVE_FILE).read_bytes()
    table.click_card(illegal[0].code)
    assert m.message.kind == "error"
    assert m.message.text == h.why_not(illegal[0], seat=SOUTH).explain("en")
    assert snapshot(m) == before
    assert (m.folder / SAVE_FILE).read_bytes() == save_before
    assert "hw-error" in table.message.value


def test_double_click_plays_once(table: GameTable) -> None:
    pass_first_three(table)
    m = table.model
    c = m.hand.legal_moves.lowest()
    table.click_card(c.code)
    after_first = snapshot(m)
    plays = m.hand.plays
    table.click_card(c.code)
    assert m.message.kind == "error" and str(c) in m.message.text and "not in your hand" in m.message.text
    assert snapshot(m) == after_first and m.hand.plays == plays


def test_click_out_of_turn(tmp_path: Path) -> None:
    t = GameTable(number=7, level="rule", data_dir=tmp_path, paced=False, step_bots=True)
    m = t.model
    pass_first_three(t)
    while m.hand.to_play == SOUTH:  # South holds 2♣ in some deals: play it so a bot is to move
        t.click_card(m.hand.legal_moves.lowest().code)
    bot_seat = m.hand.to_play
    assert bot_seat != SOUTH and t.buttons["continue"].layout.display is None
    before = snapshot(m)
    t.click_card(next(iter(m.hand.hand_of(SOUTH))).code)
    assert m.message.kind == "error"
    assert m.message.text == f"It is not your turn: {['South', 'West', 'North', 'East'][bot_seat]} plays next."
    assert snapshot(m) == before
    t.press("continue")  # one bot card
    assert len(m.hand.plays) == len(before[2]) - 4 + 1  # the 4 passes are in the history too


def test_passing_clicks(table: GameTable) -> None:
    m = table.model
    cards = list(m.hand.hand_of(SOUTH))
    table.press("pass")  # nothing chosen
    assert m.message.kind == "error" and "exactly 3" in m.message.text
    for c in cards[:3]:
        table.click_card(c.code)
    assert m.selection == CardSet(cards[:3]).mask
    svg_attrs = card_attrs(table.board.svg)
    raised = {code for code, a in svg_attrs.items() if "selected" in a["class"]}
    assert raised == {c.code for c in cards[:3]}
    before = snapshot(m)
    table.click_card(cards[3].code)  # a fourth
    assert m.message.kind == "error" and snapshot(m) == before
    table.click_card("ZZ")
    assert m.message.kind == "error" and "not a card" in m.message.text and snapshot(m) == before
    table.click_card(cards[0].code)  # put one back
    assert m.selection == CardSet(cards[1:3]).mask
    table.click_card(cards[3].code)
    table.press("pass")
    got = CardSet(m.hand.received[SOUTH])
    assert m.received_flash == got.mask and len(got) == 3
    outlined = {code for code, a in card_attrs(table.board.svg).items() if "highlighted" in a["class"]}
    assert outlined == set(got.codes())
    assert sorted(table.board.flash) == sorted(got.codes())  # the browser fades these after a moment
    table.press("pass")  # again
    assert m.message.kind == "error"


def test_bad_deal_numbers(table: GameTable) -> None:
    m = table.model
    before = snapshot(m)
    for bad in ("", "abc", "-3", "1e5", "99999999999999999"):
        table.play_deal(bad)
        assert m.message.kind == "error" and snapshot(m) == before
    table.deal_box.value = "77"  # what the box showed before the learner typed: never what is played
    table.deal_box._handle_message(table.deal_box, {"event": "play", "text": " 123 "}, [])
    assert m.number == 123 and m.hand.hand_number == 1
    assert "123" in table.title.value and table.deal_box.value == "123"
    table.press("day")  # the box shows the game on the table
    assert table.deal_box.value == str(m.number) != "123"


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("deal=abc", "deal=abc"),
        ("deal=-3", "deal=-3"),
        ("deal=1000000000000", "deal=1000000000000"),
        ("deal=", "deal= with no number"),
        ("deal=%20", "deal= with no number"),
        ("deal=5&deal=7", "deal more than once (deal=5, deal=7)"),
        ("deal=1e3", "deal=1e3"),
    ],
)
def test_a_bad_deal_link_names_the_links_deal_and_changes_nothing(tmp_path: Path, query: str, named: str) -> None:
    """A link's bad ``deal``: an error naming the address's deal= and the game on the table instead; the saved
    game in progress is neither replaced nor asked about, and the files are as they were."""
    first = TableModel(number=31, level="random", data_dir=tmp_path, resume=False)
    for c in list(first.hand.hand_of(0))[:3]:
        first.click_card(c.code)
    first.press("pass")  # a game in progress, saved
    first.close()
    files = {f.name: f.read_bytes() for f in tmp_path.iterdir() if f.is_file()}
    for lang, instead in (("en", "Game 31 is on the table instead"), ("es", "En la mesa está la partida 31")):
        m = TableModel(level="random", data_dir=tmp_path, lang=lang, deal=deal_from_address({"QUERY_STRING": query}))
        assert m.number == 31 and m.confirming is None and m.hand.hand_number == 1 and m.hand.phase is Phase.PLAYING
        assert m.message is not None and m.message.kind == "error", m.message
        assert instead in m.message.text and "deal" in m.message.text, m.message.text
        if lang == "en":
            assert named in m.message.text and "yours again" not in m.message.text, m.message.text
        m.close()
    got = {f.name: f.read_bytes() for f in tmp_path.iterdir() if f.is_file()}
    assert got.get(HISTORY_FILE) == files.get(HISTORY_FILE)  # nothing abandoned, nothing counted
    saved = json.loads(got[SAVE_FILE])
    assert saved["game"] == json.loads(files[SAVE_FILE])["game"]


def test_a_deal_link_starts_its_deal_and_asks_before_leaving_a_game(tmp_path: Path) -> None:
    """A good link: its game at once when nothing is in progress; over a game in progress, the question first
    (the link's game named), and No keeps the game; the same link over its own game resumes it."""
    m = TableModel(level="random", data_dir=tmp_path, deal=deal_from_address({"QUERY_STRING": "deal=4721"}))
    assert m.number == 4721 and m.message is not None and "as this page's link asks" in m.message.text
    for c in list(m.hand.hand_of(0))[:3]:
        m.click_card(c.code)
    m.press("pass")
    m.close()
    again = TableModel(level="random", data_dir=tmp_path, deal="4721")  # reloading the link: the game goes on
    assert again.number == 4721 and again.hand.phase is Phase.PLAYING and again.confirming is None
    again.close()
    other = TableModel(level="random", data_dir=tmp_path, deal=" 86420 ")
    assert other.number == 4721 and other.confirming == ("link", 86420)
    assert other.message is not None and other.message.text.startswith("This page's link asks for game 86420.")
    other.press("cancel")
    assert other.number == 4721 and other.hand.phase is Phase.PLAYING
    other.close()
    yes = TableModel(level="random", data_dir=tmp_path, deal="86420")
    yes.press("confirm")
    assert yes.number == 86420 and yes.history is not None and yes.history.stats().played == 1  # left: not won
    with pytest.raises(OptionError, match="deal"):
        TableModel(level="random", data_dir=tmp_path / "new", deal=3.5)  # type: ignore[arg-type]
    assert not (tmp_path / "new").exists()


# ----- the SVG: right cards, exactly the illegal ones dimmed ----------------------------------------


def test_svg_shows_the_hand_and_dims_exactly_the_illegal_cards(tmp_path: Path) -> None:
    for number in (1, 2, 3):
        t = GameTable(number=number, level="random", data_dir=tmp_path / str(number), paced=False)
        pass_first_three(t)
        m = t.model
        checked = 0
        while not m.hand.is_over:
            h = m.hand
            attrs = card_attrs(t.board.svg)
            assert set(attrs) == set(h.hand_of(SOUTH).codes())
            dimmed = {code for code, a in attrs.items() if a["data-dimmed"] == "true"}
            illegal = {c.code for c in h.hand_of(SOUTH) if h.why_not(c, seat=SOUTH) is not None}
            assert dimmed == illegal
            assert {code for code, a in attrs.items() if a["data-legal"] == "true"} == set(h.legal_moves.codes())
            # No face of another seat's hand reaches the page.
            others = t.board.svg.count("data-card=") - len(attrs)
            shown = len(h.trick) if h.trick else (len(h.tricks[-1].cards) if h.tricks else 0)
            assert others == shown  # only the cards in the middle
            checked += bool(dimmed)
            t.click_card(h.legal_moves.highest().code)
        assert checked > 0


# ----- hint, restart, new game, deal of the day, level --------------------------------------------


def test_hint_for_the_pass_and_for_a_play(table: GameTable) -> None:
    m = table.model
    bot = hint_bot()  # the expert's choice, explained (hearts.explain)
    before = snapshot(m)[:5]
    table.press("hint")
    assert snapshot(m)[:5] == before  # a hint changes nothing
    expected = bot.advise(m.game.observation(SOUTH))
    e = expected.explanation
    assert e is not None and m.hint is not None and set(m.hint.cards) == set(expected.cards)
    # The pass's reasons in a list under the line, the first naming the cards; in Spanish too, and read aloud.
    assert all(str(c) in m.message.text for c in expected.cards)
    assert list(m.message.items) == e.sentences("en")
    assert m.message.items[0].startswith("Pass " + " ".join(map(str, e.cards)) + ":")
    assert table.message.value.count("<li>") == len(m.message.items) >= 1
    assert all(html.escape(i) in table.message.value and i in table.board.announce for i in m.message.items)
    table.lang_box.value = "es"
    assert list(m.message.items) == e.sentences("es")
    table.lang_box.value = "en"
    attrs = card_attrs(table.board.svg)
    hinted = {code for code, a in attrs.items() if "hinted" in a["class"].split()}
    assert hinted == {c.code for c in expected.cards}
    assert not any("highlighted" in a["class"].split() for a in attrs.values())  # not marked as received
    pass_first_three(table)
    table.press("hint")
    d = bot.decide_play(m.game.observation(SOUTH))
    assert m.hint.cards == d.cards and d.cards[0] in m.hand.legal_moves
    how = " Press ? on another card, or hold it, to see why not that one."
    assert m.message.text == f"Hint: {d.cards[0]}. {d.explain('en')}" + (how if len(m.hand.legal_moves) > 1 else "")
    table.click_card(d.cards[0].code)
    assert m.hint is None


def test_why_not_this_card_at_the_table(table: GameTable) -> None:
    """"Why not this card?": its expected points beside the hinted card's, in the hint's words; refused for a
    card that is not the learner's to play, with nothing changed."""
    m = table.model
    pass_first_three(table)
    obs = m.game.observation(SOUTH)
    legal = list(m.hand.legal_moves)
    hinted = hint_bot().decide_play(obs).cards[0]
    if len(legal) > 1:
        other = next(c for c in legal if c != hinted)
        before = snapshot(m)
        m.why_not_card(other.code)
        assert snapshot(m)[:5] == before[:5] and m.hint is not None and m.hint.cards == (hinted,)
        text = m.message.text
        assert m.message.kind == "info" and text.startswith(f"Why not {other}? {other} instead: about ")
        assert f"for the hinted {hinted}" in text
        table.lang_box.value = "es"
        assert m.message.text.startswith(f"¿Por qué no {other}? Con {other}: unos ")
        table.lang_box.value = "en"
    illegal = next((c for c in m.hand.hand_of(SOUTH) if c not in m.hand.legal_moves), None)
    if illegal is not None:
        before = snapshot(m)
        m.why_not_card(illegal.code)
        assert m.message.kind == "error" and m.message.text == f"{illegal} is not a card you may play or pass now."
        assert snapshot(m) == before
    m.why_not_card("ZZ")
    assert m.message.kind == "error"
    # During the pass: the best pass the expert weighed with the card, beside the hinted pass.
    table.press("new")
    if m.confirming is not None:
        table.press("confirm")
    card = sorted(m.hand.hand_of(SOUTH))[-1]
    m.why_not_card(card.code)
    assert m.message.kind == "info" and m.message.text.startswith(f"Why not {card}? ")


def test_hint_button_only_when_there_is_something_to_hint(table: GameTable) -> None:
    m = table.model
    assert table.buttons["hint"].layout.display is None  # choosing the pass
    pass_first_three(table)
    assert m.hand.to_play == SOUTH and table.buttons["hint"].layout.display is None
    while not m.hand.is_over:
        table.click_card(m.hand.legal_moves.lowest().code)
    # Between hands: no Hint button, and pressing it anyway changes nothing.
    assert table.buttons["hint"].layout.display == "none" and not m.can_hint
    before = snapshot(m)
    table.press("hint")
    assert m.message.kind == "error" and m.message.text == "No hint now: you have nothing to choose."
    assert m.hint is None and snapshot(m) == before
    table.press("next")
    assert table.buttons["hint"].layout.display is None and m.can_hint


def test_no_hint_button_while_a_bot_is_to_play(tmp_path: Path) -> None:
    t = GameTable(number=7, level="rule", data_dir=tmp_path, paced=False, step_bots=True)
    m = t.model
    pass_first_three(t)
    while m.hand.to_play == SOUTH:
        t.click_card(m.hand.legal_moves.lowest().code)
    assert t.buttons["hint"].layout.display == "none" and t.buttons["continue"].layout.display is None
    while m.hand.to_play != SOUTH:
        t.press("continue")
    assert t.buttons["hint"].layout.display is None


def test_restart_new_game_and_deal_of_the_day(tmp_path: Path) -> None:
    t = GameTable(number=5, level="rule", data_dir=tmp_path, paced=False, seed=1)
    m = t.model
    pass_first_three(t)
    t.click_card(m.hand.legal_moves.lowest().code)
    dealt = [h.mask for h in m.hand.deal.hands]
    t.press("restart")  # a game in progress: the table asks first, and No keeps it as it was
    assert m.confirming == ("restart", 5) and t.buttons["confirm"].layout.display is None
    before = snapshot(m)
    t.click_card(m.hand.legal_moves.lowest().code)
    assert m.message.kind == "error" and snapshot(m) == before
    t.press("cancel")
    assert m.confirming is None and snapshot(m) == before and History.load(tmp_path).games == []
    t.press("restart")
    t.press("confirm")
    assert m.number == 5 and m.hand.phase is Phase.PASSING and not m.hand.plays
    games = History.load(tmp_path).games  # the game left counts as played and not won
    assert len(games) == 1 and games[0]["number"] == 5 and not games[0]["won"] and games[0]["abandoned"]
    assert [h.mask for h in m.hand.deal.hands] == dealt
    t.press("new")
    first_new = m.number
    assert first_new != 5 and str(first_new) in t.title.value and m.hand.phase is Phase.PASSING
    t.press("day")
    today = datetime.date.today()
    assert m.number == today.year * 10000 + today.month * 100 + today.day
    assert m.message.kind == "info"


def test_level_dropdown(table: GameTable, tmp_path: Path) -> None:
    m = table.model
    assert "random" in dict((v, k) for k, v in table.level_box.options)
    table.level_box.value = "random"
    assert m.level == "random" and type(m.bots[1]).__name__ == "RandomBot"
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["level"] == "random"
    with pytest.raises(ValueError):
        TableModel(level="grandmaster", data_dir=tmp_path)


# ----- settings ---------------------------------------------------------------------------------


def test_settings_change_the_drawing_and_are_kept(table: GameTable, tmp_path: Path) -> None:
    assert "#1b7a34" not in table.board.svg
    table.four_colour.value = True
    assert "#1b7a34" in table.board.svg  # green clubs
    table.table_colour.value = "blue"
    assert TABLE_COLORS["blue"] in table.board.svg
    svg_before = table.board.svg
    table.card_back.value = "red"
    assert table.board.svg != svg_before
    table.lang_box.value = "es"
    assert table.buttons["hint"].description == "Pista"
    assert "Mano 1" in table.board.svg
    saved = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert saved["four_colour"] is True and saved["table_colour"] == "blue" and saved["card_back"] == "red"
    assert saved["lang"] == "es"
    again = GameTable(data_dir=tmp_path, paced=False)
    assert again.model.settings.lang == "es" and again.four_colour.value is True
    before = snapshot(table.model)
    table.model.set_setting("table_colour", "plaid")
    assert table.model.message.kind == "error" and table.model.settings.table_colour == "blue"
    assert snapshot(table.model) == before


# ----- saving, resuming, and damaged files --------------------------------------------------------


def test_game_is_saved_after_every_action_and_resumes(tmp_path: Path) -> None:
    t = GameTable(number=9, level="rule", data_dir=tmp_path, paced=False)
    cards = list(t.model.hand.hand_of(SOUTH))[:2]
    for c in cards:
        t.click_card(c.code)
    # A "kernel restart": a new table on the same folder picks up the half-made pass choice.
    t.close()
    t = GameTable(data_dir=tmp_path, paced=False)
    m = t.model
    assert m.number == 9 and m.selection == CardSet(cards).mask
    assert "Welcome back" in m.message.text
    t.click_card(list(m.hand.hand_of(SOUTH))[2].code)
    t.press("pass")
    for _ in range(3):
        t.click_card(m.hand.legal_moves.lowest().code)
    elsewhere = tmp_path / "elsewhere"  # a copy of the save, as another machine would have it
    elsewhere.mkdir()
    data = json.loads((tmp_path / SAVE_FILE).read_text())
    del data["table"]["owner"]  # (the owner is open here: the copy would offer to take the game over)
    (elsewhere / SAVE_FILE).write_text(json.dumps(data))
    again = TableModel(data_dir=elsewhere)
    assert again.hand.plays == m.hand.plays and again.hand.to_play == SOUTH
    assert again.level == "rule"
    # The resumed game plays on exactly as the original (bots are reseeded from the position).
    c = m.hand.legal_moves.lowest()
    t.click_card(c.code)
    again.click_card(c.code)
    assert again.hand.plays == m.hand.plays


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe\x00garbage",
        b'{"format": "hearts-table-save", "version": 1, "game": {"format": "hearts.game"}, "table": {}}',
        b"[1, 2, 3]",
    ],
)
def test_corrupted_save_file(tmp_path: Path, content: bytes) -> None:
    (tmp_path / SAVE_FILE).write_bytes(content)
    t = GameTable(data_dir=tmp_path, paced=False, seed=3)
    m = t.model
    assert m.message.kind == "error" and "saved game" in m.message.text and "could not be read" in m.message.text
    assert m.hand.phase is Phase.PASSING and not m.hand.plays  # a fresh game
    assert (tmp_path / "table-save.bad.json").read_bytes() == content  # kept aside, not lost
    json.loads((tmp_path / SAVE_FILE).read_text())  # and a good save written


def test_forged_save_file_is_refused(tmp_path: Path) -> None:
    t = GameTable(number=4, level="rule", data_dir=tmp_path, paced=False)
    pass_first_three(t)
    t.click_card(t.model.hand.legal_moves.lowest().code)
    data = json.loads((tmp_path / SAVE_FILE).read_text())
    plays = data["game"]["hands"][0]["plays"]
    plays[1], plays[2] = plays[2], plays[1]
    (tmp_path / SAVE_FILE).write_text(json.dumps(data))
    m = TableModel(data_dir=tmp_path)
    assert m.message.kind == "error" and "could not be read" in m.message.text
    assert not m.hand.plays


def test_corrupted_history_file_is_left_unchanged(tmp_path: Path) -> None:
    bad = b'{"format": "hearts-history", "version": 1, "games": [{"number": "x"}]}'
    (tmp_path / HISTORY_FILE).write_bytes(bad)
    t = GameTable(number=30, level="random", target_score=30, data_dir=tmp_path, paced=False)
    m = t.model
    assert m.message.kind == "error" and "history file" in m.message.text
    assert "hw-error" in t.history_html.value and t.reset_history.layout.display is None
    play_until_over(t)
    assert m.game.is_over
    assert (tmp_path / HISTORY_FILE).read_bytes() == bad  # not overwritten
    t.press("reset_history")
    assert (tmp_path / "history.bad.json").read_bytes() == bad
    assert History.load(tmp_path).games == [] and m.history_error is None


def test_corrupted_settings_file(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text('{"lang": "fr", "four_colour": "yes"}')
    m = TableModel(data_dir=tmp_path, number=1)
    assert m.settings.lang == "en"
    assert any(n.kind == "error" and "settings" in n.text for n in m.notices)


def test_history_statistics(tmp_path: Path) -> None:
    h = History(tmp_path)
    for won, south in [(True, 50), (False, 90), (True, 40), (True, 61), (False, 99), (True, 70)]:
        h.add(number=1, final=(south, 100, 80, 75), winners=(0,) if won else (1,))
    h.games[2]["shared"] = True
    s = h.stats()
    assert (s.played, s.won, s.win_percent, s.best_final, s.current_streak, s.longest_streak) == (6, 4, 66.7, 40, 1, 2)


def test_history_panel_counts_a_finished_game(tmp_path: Path) -> None:
    t = GameTable(number=30, level="rule", target_score=30, data_dir=tmp_path, paced=False)
    play_until_over(t)
    won = 0 in t.model.game.winners
    assert "Games played</td><td><b>1<" in t.history_html.value
    assert f"Games won</td><td><b>{int(won)}<" in t.history_html.value
    assert f"Current winning streak</td><td><b>{int(won)}<" in t.history_html.value


def test_history_panel_counts_archived_games_and_names_the_archive(tmp_path: Path) -> None:
    archived = {"played": 40, "won": 30, "best_final": 12, "longest_streak": 9, "last_streak": 3,
                "files": ["history-archive-1.json"]}  # fmt: skip
    games = [{"id": "a", "number": 1, "final": [50, 60, 70, 80], "won": True}]
    data = {"format": "hearts-history", "version": 1, "archived": archived, "games": games}
    (tmp_path / HISTORY_FILE).write_text(json.dumps(data))
    t = GameTable(number=30, level="rule", data_dir=tmp_path, paced=False, lang="es")
    value = html.unescape(t.history_html.value)
    assert "Partidas jugadas</td><td><b>41<" in value and "Racha actual de victorias</td><td><b>4<" in value
    assert "40 partidas anteriores se cuentan aquí y se guardan en history-archive-1.json" in value


def test_spanish_table(tmp_path: Path) -> None:
    t = GameTable(number=2, level="rule", data_dir=tmp_path, lang="es", paced=False)
    assert "Mano 1" in t.model.message.text and t.buttons["new"].description == "Nueva partida"
    t.press("pass")
    assert t.model.message.text == "Pasa exactamente 3 cartas, no 0."


def test_a_game_finished_before_a_crash_is_recorded_on_resume(tmp_path: Path) -> None:
    t = GameTable(number=30, level="random", target_score=30, data_dir=tmp_path, paced=False)
    play_until_over(t)
    data = json.loads((tmp_path / SAVE_FILE).read_text())
    data["table"]["recorded"] = False  # as if the kernel stopped before the history was written
    (tmp_path / SAVE_FILE).write_text(json.dumps(data))
    (tmp_path / HISTORY_FILE).unlink()
    t.close()
    m = TableModel(data_dir=tmp_path)
    assert m.game.is_over and len(History.load(tmp_path).games) == 1
    m.close()
    TableModel(data_dir=tmp_path)  # and only once
    assert len(History.load(tmp_path).games) == 1


def test_first_frame_shows_the_learners_own_card(table: GameTable) -> None:
    pass_first_three(table)
    m = table.model
    c = m.hand.legal_moves.lowest()
    table.click_card(c.code)
    first = m.frames[0]
    assert first.plays[-1] == (SOUTH, c)


# ----- the learner's language everywhere, files included ------------------------------------------


def forged_save(folder: Path, change) -> None:
    """A real saved game (deal 4, South's pass made), then ``change(data)`` applied to it."""
    t = TableModel(number=4, level="rule", data_dir=folder)
    for c in list(t.hand.hand_of(SOUTH))[:3]:
        t.click_card(c.code)
    t.press("pass")
    data = json.loads((folder / SAVE_FILE).read_text())
    change(data)
    (folder / SAVE_FILE).write_text(json.dumps(data))


SAVE_DAMAGE = {
    "not json": (lambda d: None, b"{not json", ["no es JSON válido", "línea 1, columna 2"]),
    "not a table": (lambda d: None, b"[1, 2, 3]", ["no es una mesa guardada", "«hearts-table-save»"]),
    "no table part": (lambda d: d.pop("table"), None, ["«table»", "no es un objeto"]),
    "record hands": (lambda d: d["game"].update(hands="x"), None, ["registro de la partida", "«game.hands»"]),
    "record pass": (lambda d: d["game"]["hands"][0]["passes"].__setitem__(0, ["ZZ"]), None,
                    ["registro de la partida", "«game.hands[0].passes[0]»"]),
    "selection list": (lambda d: d["table"].update(selection="QS"), None, ["«table.selection»", "lista de cartas"]),
    "selection card": (lambda d: d["table"].update(selection=["ZZ"]), None, ["«table.selection»", "«ZZ»"]),
    "recorded": (lambda d: d["table"].update(recorded="no"), None, ["«table.recorded»", "«no»"]),
}


@pytest.mark.parametrize("case", list(SAVE_DAMAGE))
def test_a_damaged_save_is_explained_in_the_tables_language(tmp_path: Path, case: str) -> None:
    change, raw, spanish = SAVE_DAMAGE[case]
    if raw is None:
        forged_save(tmp_path, change)
    else:
        (tmp_path / SAVE_FILE).write_bytes(raw)
    m = TableModel(data_dir=tmp_path, lang="es", seed=1)
    assert m.message.kind == "error"
    text = m.message.text
    assert text.startswith(f"No se ha podido leer tu partida guardada {tmp_path / SAVE_FILE}: "), text
    assert all(w in text for w in spanish), text
    if not case.startswith("record"):  # only the engine's own detail about a record may stay in English
        assert not any(w in text for w in ("Expecting", "expected", "must", "is not", "found")), text
    assert not m.hand.plays  # a new game


def test_a_damaged_settings_file_is_explained_in_the_tables_language(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text('{"four_colour": "yes"}')
    m = TableModel(data_dir=tmp_path, number=1, lang="es")
    assert m.message.kind == "error" and m.notices[0].kind == "error"
    text = m.message.text
    assert text.startswith("No se ha podido usar tu archivo de ajustes"), text
    assert "«palos en cuatro colores»" in text and "«yes»" in text  # which setting, in words
    assert "four_colour" not in text and "must" not in text
    # In English too, the setting is named (not just "must be true or false").
    (tmp_path / "settings.bad.json").unlink()
    (tmp_path / SETTINGS_FILE).write_text('{"lang": "es", "colour": "blue"}')
    m = TableModel(data_dir=tmp_path, number=1)
    assert "“colour” is not one of the table's settings" in m.message.text


def test_a_damaged_history_names_the_game_in_the_tables_language(tmp_path: Path) -> None:
    bad = {"format": "hearts-history", "version": 1, "games": [{"number": 5, "final": [3, 4], "won": True}]}
    (tmp_path / HISTORY_FILE).write_text(json.dumps(bad))
    t = GameTable(number=1, level="random", data_dir=tmp_path, lang="es", paced=False)
    for text in (t.model.message.text, t.model.history_error):
        assert "archivo de historial" in text and "partida 1 de la lista" in text and "«games[0].final»" in text
        assert "final must be" not in text
    assert "«games[0].final»" in t.history_html.value
    t.lang_box.value = "en"  # the History panel follows the language too
    assert "game 1 of the list needs its final totals (“games[0].final”)" in t.history_html.value


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_refused_setting_is_named_in_words(table: GameTable, lang: str) -> None:
    m = table.model
    m.set_setting("lang", lang)
    before = snapshot(m)
    m.set_setting("table_colour", "pink")
    assert m.message.kind == "error" and snapshot(m) == before and m.settings.table_colour == "green"
    name = {"en": "“table colour”", "es": "«color de la mesa»"}[lang]
    assert name in m.message.text and "table_colour" not in m.message.text
    m.set_setting("four_colour", "yes")
    assert m.message.kind == "error" and "four_colour" not in m.message.text and m.settings.four_colour is False


def test_switching_the_language_re_says_the_message_line(tmp_path: Path) -> None:
    """After each action, the English table switched to Spanish says exactly what a Spanish table says."""
    t = GameTable(number=7, level="rule", data_dir=tmp_path / "en", paced=False)
    es = TableModel(number=7, level="rule", data_dir=tmp_path / "es", lang="es")
    en = t.model

    def both(action) -> None:
        action(en)
        action(es)
        t.refresh()
        english = en.message.text
        t.lang_box.value = "es"
        assert en.message == es.message, (en.message, es.message)
        assert es.message.text in t.message.value or html_escaped(es.message.text) in t.message.value
        t.lang_box.value = "en"
        assert en.message.text == english

    cards = list(en.hand.hand_of(SOUTH))
    both(lambda m: None)  # the start: choose three cards to pass
    both(lambda m: m.press("hint"))  # the hint, with the rule bot's reason
    both(lambda m: m.press("pass"))  # refused by the engine
    both(lambda m: m.click_card("ZZ"))
    for c in cards[:3]:
        both(lambda m, c=c: m.click_card(c.code))  # the last one: ready to pass
    both(lambda m: m.press("pass"))  # what was passed and received, seats named
    illegal = next(c for c in en.hand.hand_of(SOUTH) if c not in en.hand.legal_moves)
    both(lambda m: m.click_card(illegal.code))
    while not en.hand.is_over:
        c = en.hand.legal_moves.lowest()
        both(lambda m, c=c: m.click_card(c.code))
    both(lambda m: m.press("hint"))  # nothing to hint between hands
    both(lambda m: m.press("next"))
    both(lambda m: m.set_level("random"))  # the level named in words


def html_escaped(text: str) -> str:
    import html

    return html.escape(text)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_prompts_name_the_buttons_as_they_read(tmp_path: Path, lang: str) -> None:
    t = GameTable(number=30, level="random", target_score=30, data_dir=tmp_path, lang=lang, paced=False,
                  step_bots=True)
    m = t.model
    label = {name: b.description for name, b in t.buttons.items()}
    assert label["pass"] in m.message.text  # "... then press Pass these 3."
    for c in list(m.hand.hand_of(SOUTH))[:3]:
        t.click_card(c.code)
    assert label["pass"] in m.message.text  # "3 of 3 chosen: press Pass these 3, ..."
    t.press("pass")
    waiting = 0
    while not m.game.is_over:
        h = m.hand
        if h.phase is Phase.PASSING:
            pass_first_three(t)
        elif h.is_over:
            assert label["next"] in m.message.text  # "Press Next hand to go on."
            t.click_card("2C")
            assert m.message.kind == "error" and label["next"] in m.message.text
            t.press("next")
        elif h.to_play == SOUTH:
            t.click_card(h.legal_moves.lowest().code)
        else:
            t.press("continue")
            if m.hand.phase is Phase.PLAYING and m.hand.to_play != SOUTH:
                assert label["continue"] in m.message.text  # "East is next: press Next bot card."
                waiting += 1
    assert waiting > 0
    assert label["new"] in t.summary.value and label["restart"] in t.summary.value
