"""Learn mode at the table: whole hands on many seeded deals, every note checked against the engine.

The learners here play random legal cards (or the rule bot's), so that hundreds of hands stay quick. Every
action the table shows to learn mode is recorded with the game's state at that moment; the checks below
prove each rule from that state with their own reading of the engine (not the detectors'), and then ask:
did each note's rule really apply, did any note come twice for one learner, and did every rule that occurred
get its note, the first time it occurred?
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts import CardSet
from hearts.bots.rule_bot import RuleBot
from hearts.cards import HEARTS_MASK, QUEEN_OF_SPADES
from hearts.errors import Rule
from hearts.hand import Phase
from hearts_widgets import GameTable, TableModel
from hearts_widgets.learn_model import PROGRESS_FILE, Lesson, Progress, decision_values
from hearts_widgets.rule_notes import RULES, Event

SOUTH = 0
PENALTY = HEARTS_MASK | (1 << QUEEN_OF_SPADES)


# ----- what the engine state says about each rule -----------------------------------------------------


def _suit_mask(suit: int) -> int:
    return 0x1FFF << (13 * suit)


def _completed(e: Event) -> bool:
    return e.act.kind == "play" and not e.ahead and len(e.after.tricks) == len(e.before.tricks) + 1


def _hand_ended(e: Event) -> bool:
    return e.act.kind == "play" and not e.ahead and e.after.is_over and not e.before.is_over


def _follows(e: Event) -> bool:
    return e.act.kind == "play" and not e.ahead and bool(e.before.trick)


def _led_heart(e: Event) -> bool:
    c = e.act.card
    return e.act.kind == "play" and not e.ahead and not e.before.trick and c is not None and c.suit == 3


def _holding(e: Event) -> int:
    return e.before.hands[e.act.seat]


def _moon(e: Event) -> bool:
    taken = [0] * 4
    for tr in e.after.tricks:
        for c in tr.cards:
            taken[tr.winner] |= 1 << c
    return any(m & PENALTY == PENALTY for m in taken)


def _offsuit_outranks(e: Event) -> bool:
    """A card of another suit ranks above the card that won the trick just completed."""
    tr = e.after.tricks[-1]
    top = max(c.rank for c in tr.cards if c.suit == tr.cards[0].suit)
    return any(c.suit != tr.cards[0].suit and c.rank > top for c in tr.cards)


def _first_trick(e: Event) -> bool:
    b = e.before
    if e.act.kind != "play" or b.trick_number != 0:
        return False
    if e.act.seat == SOUTH and b.trick:  # the learner follows to trick one (or is about to)
        return True
    return not e.ahead and len(b.trick) == 3  # the last card of trick one


APPLIES: dict[str, Callable[[Event, dict[str, Any]], bool]] = {
    "passing": lambda e, g: e.act.kind == "pass" and e.after.received[SOUTH] is not None,
    "no_pass": lambda e, g: e.act.kind == "deal" and e.after.phase is Phase.PLAYING and not e.after.plays,
    "lead_lowest_club": lambda e, g: e.act.kind == "play" and not e.ahead and not e.before.plays,
    "follow_suit": lambda e, g: _follows(e) and e.act.card.suit == e.before.trick[0] // 13,
    "discard": lambda e, g: _follows(e) and not _holding(e) & _suit_mask(e.before.trick[0] // 13),
    "first_trick": lambda e, g: _first_trick(e),
    "first_trick_exception": lambda e, g: (
        _follows(e) and e.before.trick_number == 0 and (1 << e.act.card) & PENALTY != 0
        and not _holding(e) & ~PENALTY
    ),
    "trick_winner": lambda e, g: _completed(e),
    "offsuit_never_wins": lambda e, g: _completed(e) and _offsuit_outranks(e),
    "queen_played": lambda e, g: e.act.kind == "play" and not e.ahead and e.act.card == QUEEN_OF_SPADES,
    "queen_taken": lambda e, g: _completed(e) and QUEEN_OF_SPADES in e.after.tricks[-1].cards,
    "hearts_broken": lambda e, g: (
        e.act.kind == "play" and not e.ahead and e.act.card.suit == 3
        and not any(c.suit == 3 for _, c in e.before.plays)
    ),
    "lead_hearts": lambda e, g: _led_heart(e) and any(c.suit == 3 for _, c in e.before.plays),
    "lead_only_hearts": lambda e, g: _led_heart(e) and not _holding(e) & ~HEARTS_MASK
    and not any(c.suit == 3 for _, c in e.before.plays),
    "scoring": lambda e, g: _hand_ended(e),
    "moon": lambda e, g: _hand_ended(e) and _moon(e),
    "game_end": lambda e, g: _hand_ended(e) and max(g["scores"]) >= g["target"],
    "shared_win": lambda e, g: _hand_ended(e) and max(g["scores"]) >= g["target"]
    and sorted(g["scores"])[0] == sorted(g["scores"])[1],
}
assert set(APPLIES) == set(RULES)


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[Event, dict[str, Any], list[str], str]]]:
    """Every event any lesson observes, with the game's totals then, the rule notes it added, and its folder."""
    log: list[tuple[Event, dict[str, Any], list[str], str]] = []
    original = Lesson.observe

    def observe(self: Lesson, e: Event) -> None:
        k = len(self.notes)
        original(self, e)
        game = {"scores": e.game.scores, "target": e.game.rules.target_score}
        log.append((e, game, [n.rule for n in self.notes[k:] if n.kind == "rule"], str(self.progress.folder)))

    monkeypatch.setattr(Lesson, "observe", observe)
    yield log


def play_hand(m: TableModel, rng: random.Random, policy: str) -> list[tuple[str, str | None, str]]:
    """The learner plays one whole hand (random legal choices, or the rule bot's); returns every note shown."""
    bot = RuleBot()
    shown = list(m.notes)
    h = m.hand
    if h.phase is Phase.PASSING:
        assert m.notes[-1][0] == "now"
        mine = list(h.hand_of(SOUTH))
        cards = bot.choose_pass(m.game.observation(SOUTH)) if policy == "rule" else rng.sample(mine, 3)
        for c in cards:
            m.click_card(c.code)
        m.press("pass")
        shown += m.notes
    while not m.hand.is_over:
        h = m.hand
        assert h.to_play == SOUTH
        kinds = [k for k, _, _ in m.notes]
        assert kinds[-1] == "now", kinds  # what the rules allow now: the last note at every decision
        c = bot.choose_play(m.game.observation(SOUTH)) if policy == "rule" else rng.choice(list(h.legal_moves))
        before = h.cards_played
        m.click_card(c.code)
        assert m.hand.cards_played > before  # notes and comments never stop play
        shown += m.notes
    return shown


def rule_notes(shown: list[tuple[str, str | None, str]]) -> list[str]:
    return [r for k, r, _ in shown if k == "rule" and r is not None]


def learner(folder: Path, seed: int, hands: int, *, policy: str, level: str, target: int) -> int:
    """One learner at one folder: ``hands`` hands over several games; the table is closed and opened again
    (a kernel restart) between games. Returns the hands played."""
    rng = random.Random(seed)
    played = 0
    while played < hands:
        m = TableModel(number=rng.randrange(10**6), level=level, target_score=target, data_dir=folder, learn=True)
        while True:
            play_hand(m, rng, policy)
            played += 1
            if m.game.is_over or played >= hands:
                break
            m.press("next")
    return played


def test_whole_learn_mode_hands_on_many_deals(
    recorder: list[tuple[Event, dict[str, Any], list[str], str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TableModel, "_save_game", lambda self, **_: None)  # speed: saving games is tested elsewhere
    learners = [(f"L{i}", i, "rule" if i % 3 == 0 else "random", ("random", "rule")[i % 2]) for i in range(8)]
    total = 0
    for name, seed, policy, level in learners:
        total += learner(tmp_path / name, 1000 + seed, 40, policy=policy, level=level, target=35)
    assert total == 320
    by_folder: dict[str, list[tuple[Event, dict[str, Any], list[str]]]] = {}
    for e, g, noted, folder in recorder:
        by_folder.setdefault(folder, []).append((e, g, noted))
    assert len(by_folder) == len(learners)
    occurred: set[str] = set()
    for folder, events in by_folder.items():
        # Every note's rule really applied at the moment it appeared.
        for e, g, noted in events:
            for rule in noted:
                assert APPLIES[rule](e, g), (rule, e.act, e.before)
        # No note twice for one learner, across games and restarts.
        notes = [rule for _, _, noted in events for rule in noted]
        assert len(notes) == len(set(notes)), notes
        # Every rule that occurred got its note, the first time it occurred.
        for rule in RULES:
            first = next((i for i, (e, g, _) in enumerate(events) if APPLIES[rule](e, g)), None)
            noted_at = [i for i, (_, _, noted) in enumerate(events) if rule in noted]
            assert noted_at == ([] if first is None else [first]), (folder, rule, first, noted_at)
            if first is not None:
                occurred.add(rule)
        # The progress file holds exactly the rules noted.
        saved = json.loads((Path(folder) / PROGRESS_FILE).read_text(encoding="utf-8"))
        assert saved["seen"] == [r for r in RULES if r in set(notes)]
        assert saved["hands_finished"] == 40
    # The deals were varied enough to meet the common rules (the rare ones: see benchmarks/learn_rules.py).
    assert occurred >= set(RULES) - {"moon", "shared_win", "lead_only_hearts", "first_trick_exception"}


def test_decision_note_says_what_the_engine_allows(tmp_path: Path) -> None:
    """At each decision the 'now' note lists exactly the engine's legal cards, and its case is the engine's
    reason for the refused ones."""
    situations = set()
    rng = random.Random(5)
    for number in range(12):
        m = TableModel(number=number, level="random", data_dir=tmp_path / str(number), learn=True)
        if m.hand.phase is Phase.PASSING:
            for c in rng.sample(list(m.hand.hand_of(SOUTH)), 3):
                m.click_card(c.code)
            m.press("pass")
        while not m.hand.is_over:
            h = m.hand
            key, values = decision_values(h)
            situations.add(key)
            assert CardSet(values["allowed"][1]) == h.legal_moves
            refused = {h.why_not(c, seat=SOUTH).rule for c in h.hand_of(SOUTH) if c not in h.legal_moves}
            expected = {
                Rule.MUST_LEAD_LOWEST_CLUB: "learn.now.lead_first",
                Rule.MUST_FOLLOW_SUIT: "learn.now.follow",
                Rule.NO_POINTS_ON_FIRST_TRICK: "learn.now.void_first",
                Rule.HEARTS_NOT_BROKEN: "learn.now.lead_unbroken",
            }
            if refused:
                assert {expected[r] for r in refused} == {key}
            now = [text for kind, _, text in m.notes if kind == "now"]
            assert len(now) == 1 and str(h.legal_moves).replace(" ", ", ") in now[0]
            m.click_card(rng.choice(list(h.legal_moves)).code)
    assert len(situations) >= 6, situations


def test_progress_survives_a_restart_and_a_second_table(tmp_path: Path) -> None:
    a = TableModel(number=31, level="rule", data_dir=tmp_path)
    assert a.learning  # on by default: this learner has not finished a hand
    play_hand(a, random.Random(1), "random")
    seen = set(a.lesson.met)
    assert {"passing", "lead_lowest_club", "follow_suit", "trick_winner", "scoring"} <= seen
    # A kernel restart: the saved game resumes, the rules met are remembered, and learn mode is now off by
    # default (a hand has been finished) until the learner turns it on.
    a.close()
    b = TableModel(data_dir=tmp_path)
    assert b.number == 31 and set(b.lesson.met) == seen and b.lesson.progress.hands_finished == 1
    assert not b.learning and b.notes == []
    b.set_setting("learn", True)
    assert b.learning and TableModel(data_dir=tmp_path).learning  # the choice is a setting, kept
    b.press("next")
    assert not set(rule_notes(play_hand(b, random.Random(2), "random"))) & seen
    # Two tables open on the same folder: what one has shown, the other does not show again.
    c = TableModel(number=77, level="random", data_dir=tmp_path, learn=True)
    shown_c = set(rule_notes(play_hand(c, random.Random(3), "random")))
    d = TableModel(number=77, level="random", data_dir=tmp_path, learn=True, resume=False)  # c is still open
    shown_d = set(rule_notes(play_hand(d, random.Random(3), "random")))
    assert not shown_c & shown_d
    assert Progress.load(tmp_path).seen == set(a.lesson.met) | set(b.lesson.met) | shown_c | shown_d
    assert Progress.load(tmp_path).hands_finished == 4


def test_a_damaged_progress_file_is_kept_and_said(tmp_path: Path) -> None:
    path = tmp_path / PROGRESS_FILE
    path.write_text('{"format": "hearts-learn-progress", "version": 1, "seen": "passing"}', encoding="utf-8")
    m = TableModel(number=3, level="random", data_dir=tmp_path, lang="es")
    assert m.message is not None and m.message.kind == "error" and PROGRESS_FILE in m.message.text
    assert "seen" in m.message.text and "reglas" in m.message.text
    assert path.read_text(encoding="utf-8").endswith('"passing"}')  # not destroyed before it is replaced
    play_hand(m, random.Random(4), "random")
    assert json.loads((tmp_path / "learn-progress.bad.json").read_text(encoding="utf-8"))["seen"] == "passing"
    assert Progress.load(tmp_path).hands_finished == 1


def test_show_all_notes_again(tmp_path: Path) -> None:
    m = TableModel(number=8, level="rule", data_dir=tmp_path, learn=True)
    rng = random.Random(9)
    per_hand = []
    for again in (False, False, True, True):
        m.set_setting("notes_again", again)
        per_hand.append(rule_notes(play_hand(m, rng, "random")))
        if not m.game.is_over:
            m.press("next")
    assert "trick_winner" in per_hand[0] and "trick_winner" not in per_hand[1]
    for hand in per_hand[2:]:  # again: every note once per hand, the common ones every time
        assert len(hand) == len(set(hand)) and {"trick_winner", "scoring", "follow_suit"} <= set(hand)


def test_coaching_is_off_by_default_and_speaks_only_when_it_matters(tmp_path: Path) -> None:
    m = TableModel(number=21, level="rule", data_dir=tmp_path / "a", learn=True)
    assert not m.settings.coach
    assert not [k for k, _, _ in play_hand(m, random.Random(6), "random") if k == "coach"]
    # The rule bot's own choices are never held against the rule bot: only the expert may comment on them.
    m = TableModel(number=21, level="rule", data_dir=tmp_path / "b", learn=True)
    m.set_setting("coach", True)
    said = [text for k, _, text in play_hand(m, random.Random(6), "rule") if k == "coach"]
    assert all(" the expert would " in text for text in said), said
    # Random choices are, in the learner's language, with the rule bot's reason, and play goes on.
    m = TableModel(number=21, level="rule", data_dir=tmp_path / "c", learn=True, lang="es")
    m.set_setting("coach", True)
    coached = [text for k, _, text in play_hand(m, random.Random(6), "random") if k == "coach"]
    # (where the rule bot agrees with the learner, the expert may speak instead: it names itself)
    assert coached and all(t.startswith("Entrenador:") for t in coached)
    assert all("el bot de reglas" in t or "el experto" in t for t in coached)
    assert any("el bot de reglas" in t for t in coached)
    # The same choices get the same comments.
    m = TableModel(number=21, level="rule", data_dir=tmp_path / "d", learn=True, lang="es")
    m.set_setting("coach", True)
    assert [text for k, _, text in play_hand(m, random.Random(6), "random") if k == "coach"] == coached


def test_table_widget_shows_notes_checklist_and_switches(tmp_path: Path) -> None:
    table = GameTable(number=12, level="rule", data_dir=tmp_path, paced=False)
    assert table.model.learning and table.learn.value
    assert 'data-kind="now"' in table.learn_notes.value
    for c in list(table.model.hand.hand_of(SOUTH))[:3]:
        table.click_card(c.code)
    table.press("pass")
    assert 'data-rule="passing"' in table.learn_notes.value
    assert 'data-rule="passing" data-met="true"' in table.checklist.value
    assert 'data-rule="moon" data-met="false"' in table.checklist.value
    assert table.panels.get_title(3) == f"Rules met: {len(table.model.lesson.met)} of {len(RULES)}"
    table.lang_box.value = "es"  # the notes are said again in Spanish
    assert "Regla:" in table.learn_notes.value and "Reglas vistas" in table.panels.get_title(3)
    table.learn.value = False
    assert table.learn_notes.value == "" and not table.model.learning
    table.coach.value = True
    assert table.model.settings.coach


def test_a_full_disk_is_said_and_play_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from hearts_widgets import store

    real = store.write_json

    def full(path: Path, data: Any) -> None:
        if path.name == PROGRESS_FILE:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data)

    monkeypatch.setattr(store, "write_json", full)
    m = TableModel(number=5, level="random", data_dir=tmp_path, learn=True)
    for c in list(m.hand.hand_of(SOUTH))[:3]:
        m.click_card(c.code)
    m.press("pass")  # the passing note is met: saving the progress fails
    assert m.message is not None and m.message.kind == "error"
    assert PROGRESS_FILE in m.message.text and "No space left" in m.message.text
    assert "passing" in m.lesson.met and m.hand.phase is Phase.PLAYING  # remembered, and the game goes on
    monkeypatch.setattr(store, "write_json", real)
    m.click_card(m.hand.legal_moves.lowest().code)
    assert "passing" in Progress.load(tmp_path).seen  # saved with the next note once the disk has room


def test_learn_mode_teaches_one_learner_against_bots(tmp_path: Path) -> None:
    """With two people at one screen the notes could speak of the wrong person's cards: learn mode stays off."""
    m = TableModel(number=3, level="random", data_dir=tmp_path, humans=[0, 2], learn=True)
    assert not m.learning and m.notes == []
    solo = TableModel(number=3, level="random", data_dir=tmp_path / "solo", learn=True)
    assert solo.learning and solo.notes


def test_the_checklist_points_rare_rules_to_the_walkthrough_scene_that_shows_them(tmp_path: Path) -> None:
    from hearts_widgets import WalkthroughModel
    from hearts_widgets.rule_notes import SCENES

    w = WalkthroughModel("en")
    noted_in = {rule: st.chapter for st in w.steps for rule, _ in st.notes}
    assert {rule: noted_in[rule] for rule in SCENES} == SCENES
    table = GameTable(number=12, level="random", data_dir=tmp_path, paced=False, lang="es")
    assert "La excepción de la primera baza <span" in table.checklist.value
    assert "«Disparar a la luna»" in table.checklist.value


# ----- Learn by playing has its own game and its own lessons (issue 33, item 10) ---------------------------------


def _rules_noted(m: TableModel) -> set[str]:
    return {rule for kind, rule, _ in m.notes if kind == "rule" and rule is not None}


def _play_first_hand(m: TableModel) -> set[str]:
    """Pass the first three and play the lowest legal card to the end of the hand; every rule note shown."""
    shown = _rules_noted(m)
    for c in list(m.hand.hand_of(SOUTH))[:3]:
        m.click_card(c.code)
    m.press("pass")
    shown |= _rules_noted(m)
    while not m.hand.is_over:
        m.click_card(m.hand.legal_moves.lowest().code)
        shown |= _rules_noted(m)
    return shown


def _a_table_half_played(folder: Path) -> tuple[bytes, bytes]:
    """What a real user has: the game table's game in progress (hand 2) after a hand in learn mode; the bytes of
    its save file and its learn progress."""
    t = TableModel(number=4721, level="random", data_dir=folder)
    assert t.learning  # on by default until a hand is finished
    _play_first_hand(t)
    t.press("next")
    for c in list(t.hand.hand_of(SOUTH))[:3]:
        t.click_card(c.code)
    t.press("pass")
    t.close()
    return (folder / "table-save.json").read_bytes(), (folder / PROGRESS_FILE).read_bytes()


def test_learn_by_playing_opened_after_the_table_starts_its_own_game_and_lessons(tmp_path: Path) -> None:
    saved, progress = _a_table_half_played(tmp_path)
    assert len(Progress.load(tmp_path).seen) >= 5
    m = TableModel(app="learn", level="random", data_dir=tmp_path, seed=5)
    assert m.learning and not m.displaced and m.hand.hand_number == 1 and m.number != 4721
    assert m.lesson.met == []
    shown = _play_first_hand(m)
    # The newcomer's first hand: a note for passing, the 2♣ lead, the first trick, following suit, hearts broken.
    assert {"passing", "lead_lowest_club", "follow_suit", "trick_winner"} <= shown
    assert m.hand.hearts_broken <= ("hearts_broken" in shown)
    # The game table's files are as it left them, and it resumes its own game.
    assert (tmp_path / "table-save.json").read_bytes() == saved
    assert (tmp_path / PROGRESS_FILE).read_bytes() == progress
    t = TableModel(level="random", data_dir=tmp_path)
    assert t.number == 4721 and t.hand.hand_number == 2 and not t.displaced
    again = TableModel(app="learn", level="random", data_dir=tmp_path)  # and the learner's game resumes too
    assert again.number == m.number and again.hand.hand_number == 1 and again.hand.is_over


def test_learn_by_playing_offers_the_earlier_shared_lessons_and_counts_them_only_when_asked(tmp_path: Path) -> None:
    _a_table_half_played(tmp_path)
    earlier = Progress.load(tmp_path).seen
    m = TableModel(app="learn", level="random", data_dir=tmp_path, lang="es")
    assert m.earlier_lessons == len(earlier) and m.lesson.met == []
    assert f"{len(earlier)} de las {len(RULES)} reglas" in m.message.text
    assert "Contar mis lecciones anteriores" in m.message.text
    m.press("count_earlier")
    assert set(m.lesson.met) == earlier and m.earlier_lessons == 0 and m.message.kind == "info"
    assert set(Progress.load(tmp_path, "learn-by-playing-progress.json").seen) == earlier
    m.press("count_earlier")  # nothing more to count
    assert m.message.kind == "error"
    # Once the app has lessons of its own, the offer is not made again.
    assert TableModel(app="learn", level="random", data_dir=tmp_path).earlier_lessons == 0


def test_app_must_be_table_or_learn_and_nothing_is_written(tmp_path: Path) -> None:
    from hearts.errors import OptionError

    with pytest.raises(OptionError) as info:
        TableModel(app="learning", data_dir=tmp_path)
    assert info.value.option == "app" and list(tmp_path.iterdir()) == []


def test_the_learn_app_shows_its_button_for_earlier_lessons_until_pressed(tmp_path: Path) -> None:
    _a_table_half_played(tmp_path)
    t = GameTable(app="learn", level="random", data_dir=tmp_path, paced=False)
    button = t.buttons["count_earlier"]
    assert button.layout.display is None and button.description == "Count my earlier lessons"
    assert "Count my earlier lessons" in t.message.value
    t.press("count_earlier")
    assert button.layout.display == "none"
    table = GameTable(level="random", data_dir=tmp_path, paced=False)  # the game table never offers it
    assert table.buttons["count_earlier"].layout.display == "none" and table.model.number == 4721
