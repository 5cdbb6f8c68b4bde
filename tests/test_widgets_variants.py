"""Every variant of docs/rules.md at the table (issue 31): the model, its settings, saves, History and the moon choice.

The table is driven as a learner drives it (clicks and buttons on :class:`TableModel`); what is checked is
the model's state, its legal moves and its messages, not the drawing.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from hearts.cards import Card, CardSet
from hearts.deal import Deal
from hearts.errors import OptionError
from hearts.game import Game
from hearts.hand import Phase
from hearts.record import GameRecord
from hearts.rules import MoonScoring, Rules, hand_scores, moon_choice
from hearts_widgets import store
from hearts_widgets.table import GameTable
from hearts_widgets.table_model import TableModel
from hearts_widgets.variants import PRESETS, preset_rules, variant_key

VARIANTS = [
    Rules(num_players=3, target_score=40),
    Rules(num_players=5, target_score=40, qs_breaks_hearts=True),
    Rules(num_players=6, target_score=40, moon=MoonScoring.SUBTRACT_FROM_SHOOTER),
    Rules(num_players=7, target_score=40, passing=False),
    Rules(target_score=50, jack_of_diamonds=True, moon=MoonScoring.SHOOTERS_CHOICE),
]


def _play_out(m: TableModel) -> int:
    """Play the game to its end as the learner (first card the table allows); the number of hands."""
    hands = 1
    while not m.game.is_over:
        h = m.hand
        if h.phase is Phase.PASSING:
            assert len(m.playable) == m.rules.hand_size  # any card of the hand may be chosen
            for c in list(h.hand_of(0))[: m.rules.pass_size]:
                m.click_card(c.code)
            m.press("pass")
        elif h.phase is Phase.PLAYING:
            assert h.to_play == 0 and m.playable == h.legal_moves_for(0)  # the table offers what the rules allow
            m.click_card(next(iter(m.playable)).code)
        elif h.phase is Phase.MOON_CHOICE:
            assert m.moon_to_choose
            m.press("moon_subtract")
        else:
            m.press("next")
            hands += 1
        assert m.message is not None and m.message.kind != "error", m.message
    return hands


@pytest.mark.parametrize("rules", VARIANTS, ids=variant_key)
def test_a_whole_game_under_each_variant_through_the_model(tmp_path: Path, rules: Rules) -> None:
    m = TableModel(number=11, level="random", data_dir=tmp_path, rules=rules)
    n = rules.num_players
    assert m.rules == rules and m.bot_seats == tuple(range(1, n))
    assert len(m.hand.hand_of(0)) == rules.hand_size and rules.removed_cards.mask & m.hand.hands[0] == 0
    hands = _play_out(m)
    assert max(m.game.scores) >= rules.target_score and len(m.game.scores) == n
    said = m.message.text
    if n != 4:  # seats are named by number with other than four players
        assert "West" not in said and "East" not in said
    # History keeps the game with its rules, and counts it for this variant alone.
    history = store.History.load(tmp_path)
    assert history.games[-1]["rules"] == rules.to_dict() and history.games[-1]["final"] == list(m.game.scores)
    assert history.stats(rules).played == 1 and history.stats(Rules()).played == 0
    # The save keeps the rules: the next table resumes the same finished game.
    again = TableModel(data_dir=tmp_path, level="random")
    assert again.rules == rules and again.number == m.number and again.game.hand_number == hands


def test_rules_the_table_cannot_take_are_refused_before_any_file_is_touched(tmp_path: Path) -> None:
    with pytest.raises(OptionError) as e:
        TableModel(number=1, data_dir=tmp_path, rules="omnibus")  # type: ignore[arg-type]
    assert e.value.option == "rules" and "Rules(num_players=3)" in str(e.value)
    with pytest.raises(OptionError) as e:
        TableModel(number=1, data_dir=tmp_path, rules=Rules(target_score=50), target_score=100)
    assert e.value.option == "target_score"
    with pytest.raises(OptionError) as e:
        TableModel(number=1, data_dir=tmp_path, rules=Rules(num_players=3), humans=[0, 3])
    assert e.value.option == "humans" and "0 to 2" in str(e.value)

    @dataclasses.dataclass(frozen=True)
    class Bigger(Rules):  # an option no table knows how to play (decks=2 is Cancellation Hearts: tables play it)
        jokers: int = 0

    with pytest.raises(OptionError) as e:
        TableModel(number=1, data_dir=tmp_path, rules=Bigger(jokers=2))
    assert e.value.option == "rules" and "jokers" in str(e.value)
    assert list(tmp_path.iterdir()) == []


def _in_progress(m: TableModel) -> None:
    for c in list(m.hand.hand_of(0))[:3]:
        m.click_card(c.code)
    m.press("pass")


def test_a_preset_in_settings_asks_first_and_no_keeps_everything(tmp_path: Path) -> None:
    m = TableModel(number=5, level="random", data_dir=tmp_path)
    _in_progress(m)
    before = (m.number, m.hand.plays, m.rules)
    m.set_setting("rules", "three")
    assert m.confirming is not None and m.confirming[0] == "rules"
    assert "3 players (2♦ taken out, 17 cards each)" in m.message.text and "Yes, leave this game" in m.message.text
    m.click_card(next(iter(m.hand.hand_of(0))).code)  # nothing else until the question is answered
    assert m.message.kind == "error" and (m.number, m.hand.plays, m.rules) == before
    m.press("cancel")
    assert (m.number, m.hand.plays, m.rules) == before and m.settings.rules == "standard"
    assert store.Settings.load(tmp_path).rules == "standard"
    m.set_setting("rules", "three")
    m.press("confirm")
    assert m.rules == Rules(num_players=3) and m.number != before[0] and len(m.hand.hand_of(0)) == 17
    assert "with these rules: 3 players" in m.message.text
    assert store.Settings.load(tmp_path).rules == "three"
    left = store.History.load(tmp_path).games[-1]
    assert left["abandoned"] and left["rules"] == Rules().to_dict() and left["number"] == before[0]
    # A new table deals by the preset, at the target score of the settings.
    m.set_setting("target_score", 50)
    fresh = TableModel(level="random", data_dir=tmp_path, resume=False)
    assert fresh.rules == Rules(num_players=3, target_score=50)


def test_a_preset_with_nothing_played_starts_at_once_and_a_bad_one_changes_nothing(tmp_path: Path) -> None:
    m = TableModel(number=5, level="random", data_dir=tmp_path)
    m.set_setting("rules", "omnibus")
    assert m.confirming is None and m.rules.jack_of_diamonds and m.rules_preset == "omnibus"
    m.set_setting("rules", "black_maria")  # no such preset: the rules pages describe no such game
    assert m.message.kind == "error" and "black_maria" in m.message.text and "Omnibus (J♦ −10)" in m.message.text
    assert m.rules_preset == "omnibus" and store.Settings.load(tmp_path).rules == "omnibus"
    m.set_lang = None  # type: ignore[attr-defined]
    m.set_setting("lang", "es")
    m.set_setting("rules", "omnibus")
    assert m.message.text == "Esta partida ya se juega con estas reglas: la J♦ vale −10, partidas a 100 puntos."
    with pytest.raises(OptionError):
        m.set_rules(object())  # type: ignore[arg-type]
    assert set(PRESETS) == set(store.RULE_PRESETS) and preset_rules("three", 50).target_score == 50


def test_pass_and_play_and_the_learn_app_take_any_rules(tmp_path: Path) -> None:
    rules = Rules(num_players=3, passing=False)
    m = TableModel(number=8, level="random", data_dir=tmp_path, rules=rules, humans=[0, 2])
    assert m.bot_seats == (1,) and m.covered and "Player" in m.message.text
    m.set_humans([0, 1, 2])
    assert m.bot_seats == ()
    m.set_humans([3])
    assert m.message.kind == "error" and m.bot_seats == ()
    # Fewer seats: the people beyond them leave the table with the old game (South stays).
    four = TableModel(number=8, level="random", data_dir=tmp_path / "four", humans=[0, 3], resume=False)
    four.set_rules("three")
    assert four.rules.num_players == 3 and four.humans == (0,) and four.bot_seats == (1, 2) and not four.covered
    with pytest.raises(OptionError) as e:  # the settings now deal 3-player games: there is no seat 3
        TableModel(level="random", data_dir=tmp_path / "four", humans=[0, 3], resume=False)
    assert e.value.option == "humans"
    # A target chosen in the settings applies to rules chosen at the table too.
    own = TableModel(number=8, level="random", data_dir=tmp_path / "own")
    own.set_rules(Rules(num_players=5))
    own.set_setting("target_score", 50)
    assert own.rules == Rules(num_players=5, target_score=50) and "now ends at 50" in own.message.text
    learn = TableModel(number=8, level="random", data_dir=tmp_path, rules=Rules(num_players=5), app="learn")
    assert learn.learning and learn.rules.num_players == 5
    kinds = [kind for kind, _rule, _text in learn.notes]
    assert "now" in kinds  # what the rules allow now, said for a 5-player hand


# ----- the shooter's choice ----------------------------------------------------------------------------------------

_SHOOTER = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C QS"
_OTHERS = (
    "2C AS KS AH KH QH JH TH AD KD QD JD TD",
    "9H 8H 7H 6H JS TS 9S 8S 9D 8D 7D 6D 5D",
    "5H 4H 3H 2H 7S 6S 5S 4S 3S 2S 4D 3D 2D",
)


def _moon_game(rules: Rules, shooter: int) -> Game:
    """A game whose first hand ``shooter`` shoots, played by the engine up to South's last card."""
    hands = [""] * 4
    hands[shooter] = _SHOOTER
    others = iter(_OTHERS)
    for s in range(4):
        if s != shooter:
            hands[s] = next(others)
    deals = [Deal.from_hands(hands, rules), Deal.from_number(3, rules, hand_number=2)]
    g = Game(1, rules, deals=deals)
    h = g.hand

    def order(c: Card) -> tuple[int, ...]:  # the others throw every point (and A♠ K♠) onto the shooter's tricks
        code = int(c)
        return (code >= 39, str(c) in ("A♠", "K♠"), code // 13 == 1, code % 13)

    while not (h.to_play == 0 and len(h.hand_of(0)) == 1):
        legal = list(h.legal_moves_for(h.to_play))
        if h.to_play == shooter:
            h.play(min(legal, key=int) if h.trick else min(legal, key=lambda c: (str(c) == "Q♠", int(c))))
        else:
            h.play(max(legal, key=order))
    return g


def _resume_at(folder: Path, game: Game) -> TableModel:
    TableModel(number=1, level="random", data_dir=folder).close()
    data = json.loads((folder / store.SAVE_FILE).read_text())
    data["game"] = GameRecord.from_game(game).to_dict()
    (folder / store.SAVE_FILE).write_text(json.dumps(data))
    return TableModel(data_dir=folder, level="random")


@pytest.mark.parametrize("choice", ["subtract", "add"])
def test_the_learner_who_shoots_the_moon_chooses_at_the_table(tmp_path: Path, choice: str) -> None:
    rules = Rules(passing=False, moon=MoonScoring.SHOOTERS_CHOICE, target_score=20)
    m = _resume_at(tmp_path, _moon_game(rules, 0))
    assert m.rules == rules and not m.moon_to_choose
    m.click_card("QS")  # the last trick: the bots follow, and every penalty card is South's
    h = m.hand
    assert h.phase is Phase.MOON_CHOICE and m.moon_to_choose and m.playable == CardSet(0) and not m.can_hint
    text = m.message.text
    assert "Take 26 off my total" in text and "Add 26 to the others" in text
    assert "from 0 to -26" in text and "West goes to 26" in text and "that ends the game" in text
    assert m.moon_outcomes() == {"add": (0, 26, 26, 26), "subtract": (-26, 0, 0, 0)}
    m.set_setting("lang", "es")
    assert "Restar 26 de mi total" in m.message.text and "Oeste pasa a 26" in m.message.text
    m.set_setting("lang", "en")
    m.click_card("2H")  # a click is no answer: the question is asked again
    assert m.message.kind == "error" and "Take 26 off my total" in m.message.text and h.phase is Phase.MOON_CHOICE
    # The game goes on in the widget (the save holds the question): its two buttons say the choices.
    m.close()
    t = GameTable(data_dir=tmp_path, level="random", paced=False)
    m, h = t.model, t.model.hand
    assert m.moon_to_choose and "Take 26 off my total" in m.message.text
    shown = {n: (b.description, b.layout.display) for n, b in t.buttons.items() if n.startswith("moon")}
    assert shown == {"moon_subtract": ("Take 26 off my total", None), "moon_add": ("Add 26 to the others", None)}
    assert t.buttons["hint"].layout.display == "none" and t.buttons["next"].layout.display == "none"
    assert m.learning and not any(rule == "moon" for _kind, rule, _text in m.notes)
    t.press(f"moon_{choice}")
    assert all(b.layout.display == "none" for n, b in t.buttons.items() if n.startswith("moon"))
    assert h.phase is Phase.DONE and h.result().moon.value == choice
    moon_note = next(text for _kind, rule, text in m.notes if rule == "moon")  # learn mode tells the moon once scored
    said = "takes 26 off the shooter's total" if choice == "subtract" else "adds 26 to everyone else"
    assert "you shot the moon" in moon_note and f"In this game the shooter chooses: this moon {said}" in moon_note
    if choice == "add":
        assert m.game.is_over and m.game.scores == (0, 26, 26, 26) and "you won" in m.message.text
    else:
        assert not m.game.is_over and m.game.scores == (-26, 0, 0, 0) and "come off your total" in m.message.text
    m.press("moon_add")  # asked once only
    assert m.message.kind == "error" and m.message.text == "There is no moon to score now."
    again = TableModel(data_dir=tmp_path, level="random")  # the choice is in the save
    assert again.hand.result().moon.value == choice and again.game.scores == m.game.scores


def test_a_bot_that_shoots_chooses_by_the_rules_function_and_a_paced_table_asks_after_the_trick(tmp_path: Path) -> None:
    rules = Rules(passing=False, moon=MoonScoring.SHOOTERS_CHOICE)
    m = _resume_at(tmp_path / "bot", _moon_game(rules, 2))
    m.click_card(next(iter(m.hand.hand_of(0))).code)
    h = m.hand
    assert h.phase is Phase.DONE and h.result().shooter == 2
    expected = hand_scores(h.points, 2, rules, moon_choice((0, 0, 0, 0), 2, rules))[0]
    assert list(h.result().scores) == expected and "North shot the moon" in m.message.text
    # Paced (as in the browser): the last trick is on show first, then the question.
    g = _moon_game(rules, 0)
    TableModel(number=1, level="random", data_dir=tmp_path / "paced").close()
    data = json.loads((tmp_path / "paced" / store.SAVE_FILE).read_text())
    data["game"] = GameRecord.from_game(g).to_dict()
    (tmp_path / "paced" / store.SAVE_FILE).write_text(json.dumps(data))
    p = TableModel(data_dir=tmp_path / "paced", level="random", paced=True)
    p.click_card("QS")
    while p.pending == "bot":
        p.step()
    assert p.pending == "trick" and not p.moon_to_choose
    p.press("continue")
    assert p.moon_to_choose and "Take 26 off my total" in p.message.text


# ----- saves and History -------------------------------------------------------------------------------------------


def test_a_save_whose_rules_are_damaged_is_kept_aside_and_said(tmp_path: Path) -> None:
    TableModel(number=4, level="random", data_dir=tmp_path, rules=Rules(num_players=3)).close()
    path = tmp_path / store.SAVE_FILE
    data = json.loads(path.read_text())
    data["game"]["rules"]["num_players"] = 9
    path.write_text(json.dumps(data))
    raw = path.read_bytes()
    m = TableModel(data_dir=tmp_path, level="random", seed=1)
    assert m.message.kind == "error" and "num_players" in m.message.text
    assert (tmp_path / "table-save.bad.json").read_bytes() == raw  # nothing of it is lost
    assert m.rules == Rules()  # a game of the settings' rules instead


def test_a_given_rules_option_wins_over_a_save_of_other_rules(tmp_path: Path) -> None:
    m = TableModel(number=4, level="random", data_dir=tmp_path)
    _in_progress(m)
    m.close()
    three = TableModel(level="random", data_dir=tmp_path, rules=Rules(num_players=3))
    assert three.rules.num_players == 3 and three.number != 4
    left = store.History.load(tmp_path).games[-1]
    assert left["number"] == 4 and left["abandoned"]  # the game it replaced is in History


def test_history_and_streaks_are_kept_per_variant(tmp_path: Path) -> None:
    h = store.History.load(tmp_path)
    three = Rules(num_players=3, target_score=50)
    h.add(number=1, final=(20, 60, 30), winners=(0,), rules=three, game_id="a")
    h.add(number=2, final=(20, 30, 40, 110), winners=(0,), game_id="b")  # a game from before rules were kept
    h.add(number=3, final=(10, 60, 30), winners=(0,), rules=three, game_id="c")
    h.add(number=4, final=(90, 30, 40, 110), winners=(1,), rules=Rules(), game_id="d")
    h.save()
    back = store.History.load(tmp_path)
    assert (back.stats(three).played, back.stats(three).current_streak, back.stats(three).best_final) == (2, 2, 10)
    assert (back.stats(Rules()).played, back.stats(Rules()).won, back.stats(Rules()).current_streak) == (2, 1, 0)
    assert back.stats().played == 4 and back.stats().current_streak == 0
    with pytest.raises(store.StoreError) as e:
        h.add(number=5, final=(1, 2, 3, 4), winners=(), rules=three)  # 4 scores for 3 players
    assert e.value.field == "rules"
    data = json.loads((tmp_path / "history.json").read_text())
    data["games"][0]["rules"] = {"num_players": 9}
    (tmp_path / "history.json").write_text(json.dumps(data))
    with pytest.raises(store.StoreError) as e:
        store.History.load(tmp_path)
    assert e.value.field == "games[0].rules"


def test_archived_games_keep_their_variants_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "HISTORY_BUDGET", 600)
    monkeypatch.setattr(store, "HISTORY_KEEP", 300)
    three = Rules(num_players=3)
    h = store.History.load(tmp_path)
    for i in range(8):
        rules = three if i % 2 else Rules()
        final = (10, 50, 60) if i % 2 else (90, 10, 20, 30)
        h.add(number=i, final=final, winners=(0,) if i % 2 else (1,), rules=rules, game_id=f"g{i}")
    h.save()
    back = store.History.load(tmp_path)
    assert back.archived.files and back.archived.variants
    assert (back.stats(three).played, back.stats(three).won, back.stats(three).current_streak) == (4, 4, 4)
    assert (back.stats(Rules()).played, back.stats(Rules()).won) == (4, 0)
    assert back.stats().played == 8


def test_the_widget_offers_presets_and_shows_the_rules_in_force(tmp_path: Path) -> None:
    t = GameTable(number=5, level="random", data_dir=tmp_path, paced=False, rules=Rules(num_players=5, moon="subtract"))
    labels = [label for label, _value in t.rules_box.options]
    assert labels[0].startswith("Rules of this table: 5 players") and "Omnibus (J♦ −10)" in labels
    assert len(t.people) == 5 and "a moon takes 26 off the shooter" in t.rules_note.value
    t.rules_box.value = "three"
    assert t.model.rules == Rules(num_players=3) and len(t.people) == 3
    assert "West" not in t._sheet_html() and "Player 3" in t._sheet_html()
    t.lang_box.value = "es"
    assert "3 jugadores (17 cartas cada uno)" in [label for label, _ in t.rules_box.options]
    assert "Cuentas para las reglas de esta partida: 3 jugadores" in t.history_html.value
