"""The copy of the learner's progress kept in the browser, merged with the kernel's data folder
(hearts_widgets.browser_copy), and the progress file (issue 27).

The browser's side is played here by hand: ``copy_of(folder)`` is what a browser that played at a table on that
folder holds in its localStorage (each value as the table's front end writes it), and ``opened`` sends it to a
new table the way the front end does when the table is drawn.
"""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from hearts.tutor import progress as tutor_progress
from hearts_widgets import GameTable, browser_copy, game_log, my_games, store
from hearts_widgets.learn_model import PROGRESS_FILE, Progress
from hearts_widgets.table_model import TableModel

PREFIX = browser_copy.PREFIX


def half_game(folder: Path, number: int = 12, tricks: int = 5) -> GameTable:
    """A table on ``folder`` where South has passed and played ``tricks`` cards of game ``number``."""
    t = GameTable(number=number, level="random", data_dir=folder, paced=False)
    m = t.model
    for c in list(m.hand.hand_of(0))[:3]:
        t.click_card(c.code)
    t.press("pass")
    for _ in range(tricks):
        t.click_card(next(iter(m.playable)).code)
    assert m.in_progress and len(m.hand.tricks) >= tricks - 1
    return t


def finished(folder: Path, *ids: str) -> None:
    h = store.History.load(folder)
    for i, game_id in enumerate(ids):
        h.add(number=100 + i, final=(20, 30, 40, 110), winners=(0,), game_id=game_id)
    h.save()


def copy_of(folder: Path, table: GameTable | None = None) -> dict[str, str]:
    """What the browser holds: what the table told it to keep (its store messages), or the folder's files."""
    return browser_copy.browser_entries(folder)


def opened(table: GameTable, entries: dict[str, Any], problem: str = "", origin: str = "open") -> list[dict[str, Any]]:
    """Send ``entries`` as the front end does when the table is drawn; the store messages the table answered."""
    sent: list[dict[str, Any]] = []
    table.board.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    table.board._handle_message(table.board, {"event": "copy", "entries": entries, "problem": problem,
                                              "origin": origin}, [])  # fmt: skip
    return [s for s in sent if s.get("event") == "store"]


def position(m: TableModel) -> tuple[Any, ...]:
    h = m.hand
    return m.number, m.game_id, h.hand_number, len(h.tricks), tuple(h.plays), tuple(m.game.scores)


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and not p.name.startswith(".")}


def test_fresh_folder_and_a_browser_that_played_gets_everything_back_at_the_same_trick(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    t = half_game(old)
    finished(old, "g1", "g2")
    t.model.set_setting("table_colour", "red")
    Progress.load(old, PROGRESS_FILE).save()  # (empty progress)
    p = Progress.load(old, PROGRESS_FILE)
    p.meet("passing")
    p.finish_hand()
    p.save()
    before = position(t.model)
    t.close()
    entries = {**copy_of(old), "other-app:key": "not ours", "hearts/v2/history.json": "{}"}

    fresh = GameTable(data_dir=new, paced=False)  # a new server: an empty folder, a new game dealt
    assert position(fresh.model)[1] != before[1]
    stored = opened(fresh, entries)
    assert position(fresh.model) == before  # the same game, at the same trick
    assert [g["id"] for g in fresh.model.history.games] == ["g1", "g2"]
    assert fresh.model.settings.table_colour == "red"
    assert Progress.load(new, PROGRESS_FILE).seen == Progress.load(old, PROGRESS_FILE).seen >= {"passing"}
    assert "Brought back from this browser" in fresh.model.message.text
    assert fresh.keeper.line.value == ""
    # The fresh game nobody played in is not put into History; other apps' keys are never written.
    assert len(store.History.load(new).games) == 2
    keys = {k for s in stored for k in s["entries"]}
    assert all(k.startswith(PREFIX) for k in keys)
    # Play goes on, and every change is sent to the browser.
    sent: list[dict[str, Any]] = []
    fresh.board.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    fresh.click_card(next(iter(fresh.model.playable)).code)
    assert any(PREFIX + store.SAVE_FILE in s.get("entries", {}) for s in sent)


def test_empty_browser_gets_the_folders_progress(tmp_path: Path) -> None:
    t = half_game(tmp_path)
    finished(tmp_path, "g1")
    t.close()
    before_files = folder_bytes(tmp_path)
    t2 = GameTable(data_dir=tmp_path, paced=False)
    before = position(t2.model)
    stored = opened(t2, {})
    assert position(t2.model) == before
    written = stored[0]["entries"]
    assert {PREFIX + store.SAVE_FILE, PREFIX + store.HISTORY_FILE} <= set(written)
    envelope = json.loads(written[PREFIX + store.HISTORY_FILE])
    assert envelope["format"] == "hearts-browser-copy" and envelope["version"] == 1
    assert [g["id"] for g in envelope["file"]["games"]] == ["g1"]
    assert folder_bytes(tmp_path)[store.HISTORY_FILE] == before_files[store.HISTORY_FILE]


def test_two_unfinished_games_the_newer_is_resumed_the_other_goes_to_history(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    older = half_game(a, number=21)
    older_id = older.model.game_id
    older.close()
    os.utime(a / store.SAVE_FILE, (1_000_000, 1_000_000))  # played long ago
    entries = copy_of(a)
    newer = half_game(b, number=22, tricks=3)
    here = position(newer.model)
    opened(newer, entries)
    assert position(newer.model) == here  # the folder's game is the newer: resumed
    h = store.History.load(b)
    assert [(g["id"], g.get("abandoned")) for g in h.games] == [(older_id, True)]
    assert h.stats().played == 1 and h.stats().won == 0


def test_same_game_is_taken_where_it_is_furthest_on(tmp_path: Path) -> None:
    t = half_game(tmp_path, tricks=2)
    early = copy_of(tmp_path)
    for _ in range(3):
        t.click_card(next(iter(t.model.playable)).code)
    far = position(t.model)
    t.close()
    t2 = GameTable(data_dir=tmp_path, paced=False)
    stored = opened(t2, early)  # the browser's copy is behind: the folder's is kept, and the browser told it
    assert position(t2.model) == far
    told = json.loads(stored[0]["entries"][PREFIX + store.SAVE_FILE])["file"]
    assert told == json.loads((tmp_path / store.SAVE_FILE).read_text())
    assert store.History.load(tmp_path).games == []


def test_settings_by_time_of_change(tmp_path: Path) -> None:
    t = GameTable(number=3, data_dir=tmp_path, paced=False)
    t.model.set_setting("card_back", "red")
    settings = json.loads((tmp_path / store.SETTINGS_FILE).read_text())
    mtime_ms = (tmp_path / store.SETTINGS_FILE).stat().st_mtime * 1000
    later = browser_copy._envelope({**settings, "card_back": "green"}, mtime_ms + 60_000)
    earlier = browser_copy._envelope({**settings, "card_back": "purple"}, mtime_ms - 60_000)
    opened(t, {PREFIX + store.SETTINGS_FILE: earlier})
    assert store.Settings.load(tmp_path).card_back == "red"
    t2 = GameTable(data_dir=tmp_path, paced=False)
    opened(t2, {PREFIX + store.SETTINGS_FILE: later})
    assert store.Settings.load(tmp_path).card_back == "green" and t2.model.settings.card_back == "green"


def test_learn_progress_is_merged_not_replaced(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for folder, rule, hands in ((a, "passing", 3), (b, "follow_suit", 1)):
        p = Progress.load(folder, PROGRESS_FILE)
        p.meet(rule)
        for _ in range(hands):
            p.finish_hand()
        p.save()
    t = GameTable(data_dir=b, paced=False, learn=True)
    opened(t, copy_of(a))
    p = Progress.load(b, PROGRESS_FILE)
    assert p.seen == {"passing", "follow_suit"} and p.hands_finished == 3
    assert t.model.lesson.progress.seen == {"passing", "follow_suit"}


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("{not json", "it is not valid JSON"),
        ('"just text"', "it is not a copy kept by hearts"),
        (json.dumps({"format": "hearts-browser-copy", "version": 2, "changed": 1, "file": {}}), "newer version"),
        (json.dumps({"format": "hearts-browser-copy", "version": 1, "changed": 1, "file": None}), "not a JSON object"),
        (json.dumps({"format": "hearts-browser-copy", "version": 1, "changed": 1,
                     "file": {"format": "hearts-history", "version": 1, "games": [{"number": "x"}]}}),
         "not a whole number"),
    ],
)  # fmt: skip
def test_damaged_copy_in_the_browser_is_refused_and_the_folder_kept(tmp_path: Path, value: str, said: str) -> None:
    t = half_game(tmp_path)
    finished(tmp_path, "g1")
    here = position(t.model)
    before = folder_bytes(tmp_path)
    stored = opened(t, {PREFIX + store.HISTORY_FILE: value, "someone-else": "{broken"})
    assert position(t.model) == here and folder_bytes(tmp_path) == before
    line = t.keeper.line.value
    assert "The copy of History kept in this browser could not be used" in line and said in line
    assert stored[0]["damaged"] == [PREFIX + store.HISTORY_FILE]  # set aside by the browser, then replaced
    assert json.loads(stored[0]["entries"][PREFIX + store.HISTORY_FILE])["file"]["games"][0]["id"] == "g1"
    t.model.set_setting("lang", "es")
    t.refresh()
    assert "no se ha podido usar: el historial (" in t.keeper.line.value


def test_storage_unavailable_or_full_is_said_and_play_goes_on(tmp_path: Path) -> None:
    t = half_game(tmp_path)
    opened(t, {}, problem="unavailable")
    assert "does not let the table keep a copy" in t.keeper.line.value
    assert str(tmp_path) in t.keeper.line.value
    t2 = GameTable(data_dir=tmp_path / "b", number=4, paced=False)
    opened(t2, {})
    sent: list[dict[str, Any]] = []
    t2.board.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    t2.board._handle_message(t2.board, {"event": "copy_problem", "problem": "full",
                                        "keys": [PREFIX + store.SAVE_FILE]}, [])  # fmt: skip
    assert "storage is full" in t2.keeper.line.value and "the game in progress" in t2.keeper.line.value
    for c in list(t2.model.hand.hand_of(0))[:3]:
        t2.click_card(c.code)
    t2.press("pass")  # still plays; the game is sent again with the next change
    assert any(PREFIX + store.SAVE_FILE in s.get("entries", {}) for s in sent)
    assert t2.model.hand.passes[0] is not None


def test_another_tab_writing_history_is_taken_in_without_touching_this_game(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    other = half_game(a, number=31)
    finished(a, "from-other-tab")
    other.close()
    t = half_game(b, number=32)
    finished(b, "here")
    opened(t, {})
    here = position(t.model)
    entries = copy_of(a)
    # The other tab writes its game and its History at once: each arrives as a storage event.
    for key in (PREFIX + store.SAVE_FILE, PREFIX + store.HISTORY_FILE):
        opened(t, {key: entries[key]}, origin="tab")
    assert position(t.model) == here
    assert {g["id"] for g in store.History.load(b).games} == {"here", "from-other-tab"}
    assert t.model.history is not None and t.model.history.stats().played == 2


def test_history_kept_in_the_browser_within_a_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    finished(tmp_path, *[f"g{i}" for i in range(40)])
    monkeypatch.setattr(browser_copy, "HISTORY_BUDGET", 2000)
    t = GameTable(data_dir=tmp_path, number=3, paced=False)
    stored = opened(t, {})
    games = json.loads(stored[0]["entries"][PREFIX + store.HISTORY_FILE])["file"]["games"]
    assert 0 < len(games) < 40 and games[-1]["id"] == "g39"  # the latest games
    said = f"keeps History&#x27;s latest games ({len(games)}); {40 - len(games)} older games still count in its totals"
    assert said in t.keeper.line.value
    assert len(store.History.load(tmp_path).games) == 40  # the folder keeps them all


def test_progress_file_round_trip_and_refusals(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    t = half_game(a)
    finished(a, "g1", "g2")
    p = Progress.load(a, PROGRESS_FILE)
    p.meet("passing")
    p.save()
    raw = t.model.save_progress()
    here = position(t.model)
    t.close()

    m = TableModel(data_dir=b, number=5)
    before = folder_bytes(b)
    doc = json.loads(raw)
    bad = [
        b"{not json",
        json.dumps({**doc, "version": 2}).encode(),
        json.dumps({**doc, "format": "something"}).encode(),
        json.dumps({**doc, "files": {**doc["files"], "history.json": {"format": "hearts-history", "version": 1,
                                                                      "games": 3}}}).encode(),
        json.dumps({**doc, "files": {**doc["files"], "table-save.json": {"format": "hearts-table-save"}}}).encode(),
        json.dumps({**doc, "files": {**doc["files"], "settings.json": None}}).encode(),
        json.dumps({**doc, "files": {**doc["files"], "settings.json": {"card_back": "plaid"}}}).encode(),
    ]  # fmt: skip
    for data in bad:
        with pytest.raises(store.StoreError) as e:
            m.load_progress(data, "mine.json")
        assert "mine.json" in str(e.value) and e.value.explain("es")
        assert folder_bytes(b) == before and m.number == 5
    with pytest.raises(store.StoreError, match="newer version"):
        m.load_progress(bad[1], "mine.json")

    assert m.load_progress(raw, "mine.json") == 2
    assert position(m) == here
    assert [g["id"] for g in store.History.load(b).games] == ["g1", "g2"]
    assert Progress.load(b, PROGRESS_FILE).seen == Progress.load(a, PROGRESS_FILE).seen >= {"passing"}
    assert m.message is not None and "2 games added to History" in m.message.text
    assert m.load_progress(raw, "mine.json") == 0  # loading it again adds nothing: games by their identity
    assert len(store.History.load(b).games) == 2


def test_progress_file_through_the_history_panel(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    t = half_game(a)
    sent: list[dict[str, Any]] = []
    t.board.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    t.keeper.save_button.click()
    (download,) = [s for s in sent if s.get("event") == "download"]
    assert download["name"].startswith("hearts-progress-") and download["name"].endswith(".json")
    assert "saved to hearts-progress-" in t.model.message.text
    here = position(t.model)
    t.close()
    t2 = GameTable(data_dir=b, number=8, paced=False, lang="es")
    t2.keeper.load(b'{"format": "hearts-progress", "version": 7}', "viejo.json")
    assert t2.model.message.kind == "error" and "viejo.json no se ha cargado" in t2.model.message.text
    now = datetime.datetime.now(datetime.UTC)
    t2.keeper.upload.value = ({"name": "p.json", "type": "application/json", "size": 1,
                               "content": memoryview(download["text"].encode()), "last_modified": now},)  # fmt: skip
    assert position(t2.model) == here and t2.keeper.upload.value == ()


def test_a_deal_asked_for_is_kept_and_the_browsers_game_goes_into_history(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    old = half_game(a, number=41)
    old_id = old.model.game_id
    old.close()
    t = GameTable(number=4721, data_dir=b, paced=False)  # the teacher's deal, typed in the notebook
    opened(t, copy_of(a))
    assert t.model.number == 4721
    assert [(g["id"], g.get("abandoned")) for g in store.History.load(b).games] == [(old_id, True)]


def test_a_game_open_at_another_table_is_not_replaced_and_the_browsers_is_not_lost(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    browser_game = half_game(a, number=51)
    browser_id = browser_game.model.game_id
    browser_game.close()
    playing = half_game(b, number=52)  # open now, in another tab of this server
    here = GameTable(data_dir=b, paced=False)
    assert here.model.displaced
    opened(here, copy_of(a))
    saved = json.loads((b / store.SAVE_FILE).read_text())
    assert saved["table"]["game_id"] == playing.model.game_id and not playing.model.displaced
    assert [(g["id"], g.get("abandoned")) for g in store.History.load(b).games] == [(browser_id, True)]


def test_a_copy_without_its_file_is_refused_not_read_as_the_defaults(tmp_path: Path) -> None:
    s = store.Settings(card_back="red")
    s.save(tmp_path)
    before = folder_bytes(tmp_path)
    entries = {PREFIX + name: browser_copy._envelope(None, 9e12)  # changed "later" than the folder's file
               for name in (store.SETTINGS_FILE, PROGRESS_FILE)}  # fmt: skip
    report = browser_copy.merge(tmp_path, entries)
    assert sorted(report.damaged) == sorted(entries) and not report.changed
    assert folder_bytes(tmp_path) == before
    assert "its content is not a JSON object" in report.say("en")


def test_a_progress_file_is_loaded_from_its_path_and_anything_else_refused(tmp_path: Path) -> None:
    """In Python a learner holds the downloaded file's path: it is read (within the size limit); None, a number
    or a path to nothing is a StoreError on ``raw``, in both languages, and nothing changes."""
    a, b = tmp_path / "a", tmp_path / "b"
    finished(a, "g1", "g2")
    saved = tmp_path / "hearts-progress.json"
    saved.write_bytes(TableModel(data_dir=a, number=3).save_progress())
    m = TableModel(data_dir=b, number=5)
    before = folder_bytes(b)
    for bad, words in ((None, "give the progress file's bytes"), (12, "give the progress file's bytes"),
                       (tmp_path / "nowhere.json", "there is no such file")):  # fmt: skip
        with pytest.raises(store.StoreError) as e:
            m.load_progress(bad)  # type: ignore[arg-type]
        assert e.value.field == "raw" and words in str(e.value) and e.value.explain("es") != e.value.explain("en")
        assert folder_bytes(b) == before and m.number == 5
    assert m.load_progress(saved) == 2
    assert [g["id"] for g in store.History.load(b).games] == ["g1", "g2"]
    assert m.load_progress(bytearray(saved.read_bytes())) == 0 and m.load_progress(saved.read_text()) == 0


# ----- the kept hands and the exercises' progress in the copy (issues 30, 37) -----------------------------------


def kept_hands(folder: Path, n: int, first: int = 0) -> list[str]:
    """Keep ``n`` finished hands (rule bots, South a person) in ``folder``; their keys."""
    from hearts import Deal, HandState
    from hearts.bots.rule_bot import RuleBot
    from hearts.selfplay import play_out

    keys = []
    for i in range(first, first + n):
        h = HandState(Deal.from_number(i + 1))
        play_out(h, [RuleBot(seed=s) for s in range(4)])
        key = f"game-{i}/1"
        assert game_log.keep_hand(folder, h, key=key, people=(0,), players=("you", "rule", "rule", "rule"),
                                  finished_at=datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
                                  + datetime.timedelta(minutes=i))  # fmt: skip
        keys.append(key)
    return keys


def test_a_hand_played_at_a_table_and_the_exercises_come_back_to_a_fresh_folder(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    t = GameTable(number=12, level="random", data_dir=old, paced=False)
    sent = opened(t, {})  # the browser's first copy: nothing yet
    t.board.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    m = t.model
    for c in list(m.hand.hand_of(0))[:3]:
        t.click_card(c.code)
    t.press("pass")
    while not m.hand.is_over:
        t.click_card(next(iter(m.playable)).code)
    tutor_progress.record_exercise("03", passed=False, failed=("refusals.rule", "deal 11"), folder=old)
    tutor_progress.record_exercise("03", passed=True, folder=old)
    tutor_progress.record_quiz("winner", right=True, folder=old)  # the table's browser is told at once
    sent = [s for s in sent if s.get("event") == "store"]
    browser: dict[str, str] = {}
    for s in sent:
        browser.update({k: v for k, v in s["entries"].items() if v is not None})
    assert PREFIX + browser_copy.KEPT_FILE in browser and PREFIX + browser_copy.TUTOR_FILE in browser
    before = my_games(old)
    assert len(before.hands) == 4 and int(before.hands["person"].sum()) == 1
    t.close()

    fresh = GameTable(number=30, data_dir=new, paced=False)  # a new server, an empty folder, the same browser
    opened(fresh, browser)
    after = my_games(new)
    pd.testing.assert_frame_equal(after.hands.drop(columns="played_at"), before.hands.drop(columns="played_at"))
    done = tutor_progress.load_progress(new)
    assert done["exercises"]["03"]["passed"] and done["exercises"]["03"]["tries"] == 2
    assert done["quizzes"]["winner"]["right"] == 1
    # the same copy sent again (another table, a reload) adds nothing: each hand once, by its key
    report = browser_copy.merge(new, browser, games=False)
    assert report.hands_added == 0 and not report.changed
    assert len(game_log.kept_records(new)[0]) == 1


def test_kept_hands_are_merged_by_key_and_a_damaged_record_is_listed_skipped_and_set_aside(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    keys = kept_hands(a, 4)
    kept_hands(b, 1, first=2)  # the folder already has one of them (game-2/1) and its own damaged line
    path = b / game_log.GAMES_DIR / "hands-0001.jsonl"
    path.write_bytes(path.read_bytes() + b'{"format": "hearts.kept-hand", "broken\n')
    folder_before = path.read_bytes()
    entries = browser_copy.browser_entries(a)
    envelope = json.loads(entries[PREFIX + browser_copy.KEPT_FILE])
    envelope["file"]["hands"][1]["hand"]["plays"][3] = envelope["file"]["hands"][1]["hand"]["plays"][4]  # forged
    entries[PREFIX + browser_copy.KEPT_FILE] = json.dumps(envelope)

    report = browser_copy.merge(b, entries, games=False)
    assert report.hands_added == 2  # game-0 and game-3; game-2 was there; game-1 is damaged
    assert [i for i, _ in report.hands_damaged] == [1]
    assert PREFIX + browser_copy.KEPT_FILE in report.damaged  # the browser sets its copy aside before replacing it
    said = report.say("es")
    assert "1 mano guardada en este navegador no se ha podido leer" in said
    assert "1 hand kept in this browser could not be read" in report.say("en")
    got, damaged = game_log.kept_records(b)
    assert sorted(r["key"] for r in got) == sorted(k for k in keys if k != "game-1/1")
    assert [d.line for d in damaged] == [2]  # the folder's damaged line: listed, kept
    assert path.read_bytes().startswith(folder_before)  # nothing rewritten, the new hands appended
    # what the browser keeps now is the folder's good hands
    stored = json.loads(report.store[PREFIX + browser_copy.KEPT_FILE])["file"]["hands"]
    assert sorted(r["key"] for r in stored) == sorted(r["key"] for r in got)


def test_kept_hands_in_the_browser_within_a_budget_and_the_line_says_how_many_are_only_in_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = kept_hands(tmp_path, 5)
    one = len(json.dumps(game_log.kept_records(tmp_path)[0][0], ensure_ascii=False, separators=(",", ":"))) + 1
    monkeypatch.setattr(browser_copy, "KEPT_BUDGET", 60 + 3 * one + 10)
    t = GameTable(data_dir=tmp_path, number=3, paced=False)
    stored = opened(t, {})
    hands = json.loads(stored[0]["entries"][PREFIX + browser_copy.KEPT_FILE])["file"]["hands"]
    assert [r["key"] for r in hands] == keys[2:]  # the newest three
    assert "keeps only your latest hands (3 in all); 2 older hands are only in the data folder" in t.keeper.line.value
    assert len(game_log.kept_records(tmp_path)[0]) == 5  # the folder keeps them all
    # the progress file has room for them all
    assert len(json.loads(t.model.save_progress())["files"][browser_copy.KEPT_FILE]["hands"]) == 5


def test_exercises_merge_as_a_union_of_passed_and_the_latest_attempt_counts(tmp_path: Path) -> None:
    browser_side, folder = tmp_path / "browser", tmp_path / "folder"
    mine = {"format": tutor_progress.FORMAT, "version": 1, "learner": "", "quizzes": {
        "moon": {"tries": 5, "right": 2, "last": "2026-03-01T10:00:00+00:00"}}, "exercises": {
        "03": {"tries": 1, "passed": True, "failed": {}, "last": "2026-02-01T10:00:00+00:00",
               "passed_at": "2026-02-01T10:00:00+00:00"},
        "08": {"tries": 2, "passed": False, "failed": {"moon.count": {"count": 2, "case": "deal 4"}},
               "last": "2026-03-01T10:00:00+00:00"}}}  # fmt: skip
    theirs = {"format": tutor_progress.FORMAT, "version": 1, "learner": "Ana", "quizzes": {
        "moon": {"tries": 1, "right": 1, "last": "2026-01-01T10:00:00+00:00"}}, "exercises": {
        "03": {"tries": 4, "passed": False, "failed": {"refusals.rule": {"count": 3, "case": "deal 7"}},
               "last": "2026-04-01T10:00:00+00:00"},
        "05": {"tries": 1, "passed": True, "failed": {}, "last": "2026-01-01T10:00:00+00:00"}}}  # fmt: skip
    folder.mkdir()
    (folder / browser_copy.TUTOR_FILE).write_text(json.dumps(mine))
    browser_side.mkdir()
    (browser_side / browser_copy.TUTOR_FILE).write_text(json.dumps(theirs))
    report = browser_copy.merge(folder, browser_copy.browser_entries(browser_side), games=False)
    assert report.brought == [browser_copy.TUTOR_FILE]
    got = tutor_progress.load_progress(folder)
    assert sorted(got["exercises"]) == ["03", "05", "08"]
    e03 = got["exercises"]["03"]
    assert e03["passed"] and e03["passed_at"] == "2026-02-01T10:00:00+00:00"  # passed in either: passed
    assert e03["tries"] == 4 and e03["last"] == "2026-04-01T10:00:00+00:00"  # the latest attempt counts
    assert e03["failed"] == {"refusals.rule": {"count": 3, "case": "deal 7"}}
    assert got["exercises"]["08"]["failed"]["moon.count"]["count"] == 2
    assert got["quizzes"]["moon"] == {"tries": 5, "right": 2, "last": "2026-03-01T10:00:00+00:00"}
    assert got["learner"] == "Ana"
    again = browser_copy.merge(folder, browser_copy.browser_entries(browser_side), games=False)
    assert not again.changed  # merging twice changes nothing


def test_a_damaged_exercises_copy_is_refused_and_the_folders_kept(tmp_path: Path) -> None:
    tutor_progress.record_exercise("03", passed=True, folder=tmp_path)
    before = (tmp_path / browser_copy.TUTOR_FILE).read_bytes()
    bad = json.dumps({"format": "hearts-browser-copy", "version": 1, "changed": 5, "file": {
        "format": tutor_progress.FORMAT, "version": 1, "exercises": {"03": {"tries": -1}}, "quizzes": {}}})  # fmt: skip
    report = browser_copy.merge(tmp_path, {PREFIX + browser_copy.TUTOR_FILE: bad}, games=False)
    assert report.damaged == [PREFIX + browser_copy.TUTOR_FILE]
    assert "your exercises and quizzes" in report.say("en") and "tus ejercicios y cuestionarios" in report.say("es")
    assert (tmp_path / browser_copy.TUTOR_FILE).read_bytes() == before
    assert PREFIX + browser_copy.TUTOR_FILE in report.store  # the browser gets the folder's good copy back


def test_progress_file_carries_the_kept_hands_and_exercises_and_refuses_a_damaged_hand(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    keys = kept_hands(a, 2)
    tutor_progress.record_exercise("05", passed=True, folder=a)
    raw = TableModel(number=5, data_dir=a).save_progress()
    doc = json.loads(raw)
    assert [r["key"] for r in doc["files"][browser_copy.KEPT_FILE]["hands"]] == keys
    doc["files"][browser_copy.KEPT_FILE]["hands"][1]["hand"]["deal"] = "forged"
    target = TableModel(number=9, data_dir=b)
    before = folder_bytes(b)
    with pytest.raises(store.StoreError) as e:
        target.load_progress(json.dumps(doc).encode("utf-8"), "mine.json")
    assert e.value.field == f"files.{browser_copy.KEPT_FILE}.hands[1]"
    assert "no se ha podido leer una mano guardada" in e.value.explain("es")
    assert folder_bytes(b) == before and not (b / game_log.GAMES_DIR).exists()  # nothing changed
    target.load_progress(raw, "mine.json")
    assert [k.key for k in game_log.read_kept(b)[0]] == keys
    assert tutor_progress.load_progress(b)["exercises"]["05"]["passed"]
    target.load_progress(raw, "mine.json")  # loaded twice: each hand once
    assert len(game_log.read_kept(b)[0]) == 2


def test_a_progress_file_with_many_kept_hands_stays_loadable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept hands a progress file carries are the latest that fit under the size a load accepts (an indented
    file took 2.4 times the hands' room: ~1,300 hands of PROGRESS_KEPT_BUDGET made a file a load refused)."""
    a, b = tmp_path / "a", tmp_path / "b"
    keys = kept_hands(a, 6)
    tutor_progress.record_exercise("05", passed=True, folder=a)
    whole = len(browser_copy.progress_file(a))
    one = len(json.dumps(game_log.kept_records(a)[0][0], ensure_ascii=False, separators=(",", ":"))) + 1
    monkeypatch.setattr(store, "MAX_FILE_SIZE", whole - 2 * one)  # room for four of the six hands at most
    raw = browser_copy.progress_file(a)
    assert len(raw) <= store.MAX_FILE_SIZE
    carried = [r["key"] for r in json.loads(raw)["files"][browser_copy.KEPT_FILE]["hands"]]
    assert carried == keys[-len(carried):] and 3 <= len(carried) <= 4  # the latest that fit
    TableModel(number=9, data_dir=b).load_progress(raw, "mine.json")
    assert [k.key for k in game_log.read_kept(b)[0]] == carried
    assert tutor_progress.load_progress(b)["exercises"]["05"]["passed"]


def test_a_kept_hands_file_too_large_to_read_is_left_as_it_is_and_new_hands_go_to_the_next(tmp_path: Path) -> None:
    """A last kept-hands file that cannot be read as one (here joined by hand past the size a file may have)
    used to raise FileContentError out of the browser copy's merge (the table could not open) and out of
    keep_hand (no hand kept again)."""
    a, b = tmp_path / "a", tmp_path / "b"
    keys = kept_hands(a, 2)
    kept_hands(b, 1, first=5)
    path = b / game_log.GAMES_DIR / "hands-0001.jsonl"
    line = path.read_bytes()
    path.write_bytes(line * ((game_log.FILE_BUDGET + game_log.MAX_LINE) // len(line) + 1))
    before = path.read_bytes()
    report = browser_copy.merge(b, browser_copy.browser_entries(a), games=False)
    assert report.hands_added == 2 and report.brought == [browser_copy.KEPT_FILE]
    assert path.read_bytes() == before  # never rewritten
    got, damaged = game_log.kept_records(b)
    assert [r["key"] for r in got] == keys and [d.line for d in damaged] == [0]  # the big file listed as damaged
    assert sorted(p.name for p in (b / game_log.GAMES_DIR).iterdir()) == ["hands-0001.jsonl", "hands-0002.jsonl"]
    kept_hands(b, 1, first=7)  # and a hand finished now is kept
    assert [r["key"] for r in game_log.kept_records(b)[0]] == [*keys, "game-7/1"]


def test_the_course_map_fills_from_the_browser_and_leaves_the_games_in_progress_alone(tmp_path: Path) -> None:
    from hearts_widgets import course_map_view
    from hearts_widgets.quiz import Quiz

    old, new = tmp_path / "old", tmp_path / "new"
    half_game(old).close()
    keys = kept_hands(old, 2)
    tutor_progress.record_exercise("03", passed=True, folder=old)
    browser = browser_copy.browser_entries(old)
    assert PREFIX + store.SAVE_FILE in browser
    view = course_map_view("es", folder=new)
    assert "03 ○" in view.map.value
    sent: list[dict[str, Any]] = []
    view.copy.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    view.copy.receive({"event": "copy", "entries": browser, "problem": ""})
    assert "03 ✓" in view.map.value  # drawn again from the merged progress
    assert "tus manos guardadas, tus ejercicios y cuestionarios." in view.note.value
    assert "Recuperado de este navegador: " in view.note.value
    assert [k.key for k in game_log.read_kept(new)[0]] == keys
    assert not (new / store.SAVE_FILE).exists()  # a game in progress is a table's to resume
    assert all(PREFIX + store.SAVE_FILE not in s["entries"] for s in sent)
    # a check in this kernel (the listener): the browser is told at once, and the map drawn again
    sent.clear()
    tutor_progress.record_exercise("05", passed=True, folder=new)
    told = json.loads(sent[-1]["entries"][PREFIX + browser_copy.TUTOR_FILE])["file"]
    assert told["exercises"]["05"]["passed"] and "05 ✓" in view.map.value
    # a quiz carries a copy too: its answer reaches the browser
    quiz = Quiz("winner", seed=3, data_dir=new)
    quiz_sent: list[dict[str, Any]] = []
    quiz.copy.send = lambda content, buffers=None: quiz_sent.append(content)  # type: ignore[method-assign]
    quiz.copy.receive({"event": "copy", "entries": {}, "problem": ""})
    quiz.model.answer(quiz.model.question.answer)
    told = json.loads(quiz_sent[-1]["entries"][PREFIX + browser_copy.TUTOR_FILE])["file"]
    assert told["quizzes"]["winner"]["right"] == 1
    # a browser that keeps nothing is told so, in a line
    blind = course_map_view("en", folder=tmp_path / "other")
    blind.copy.receive({"event": "copy", "entries": {}, "problem": "unavailable"})
    assert "does not let hearts keep a copy" in blind.note.value


def test_the_quizzes_app_keeps_one_browser_copy_for_all_its_quizzes(tmp_path: Path) -> None:
    from hearts_widgets.progress_copy import ProgressCopy
    from hearts_widgets.quiz import QuizApp

    def widgets(wid: Any) -> list[Any]:
        return [wid, *(x for child in getattr(wid, "children", ()) for x in widgets(child))]

    app = QuizApp(data_dir=tmp_path)
    copies = [x for x in widgets(app) if isinstance(x, ProgressCopy)]
    assert copies == [app.copy]  # one merge when the page opens, not one per quiz (there were four)
    sent: list[Any] = []
    app.copy.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    app.copy.receive({"event": "copy", "entries": {}, "problem": ""})
    app.quizzes[1].model.answer(app.quizzes[1].model.question.answer)  # a quiz answered: the one copy hears of it
    assert sent


def test_a_check_in_an_exercise_notebook_reaches_the_browser_through_its_progress_line(tmp_path: Path) -> None:
    """``progress_line`` (shown at the top of every notebook with exercises, 02-13): the browser's earlier
    exercises are brought back into an empty folder, and a later ``check()`` in the kernel is sent to the browser
    at once; a line that was never drawn (no browser) sends nothing."""
    from hearts.errors import OptionError
    from hearts.tutor import check
    from hearts.tutor.core import load_solution
    from hearts_widgets import progress_line

    earlier, folder = tmp_path / "earlier", tmp_path / "folder"
    tutor_progress.record_exercise("03", passed=True, folder=earlier)
    unseen = progress_line("es", folder=folder)
    line = progress_line("es", folder=folder)
    sent: list[dict[str, Any]] = []
    unsent: list[dict[str, Any]] = []
    line.copy.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    unseen.copy.send = lambda content, buffers=None: unsent.append(content)  # type: ignore[method-assign]
    line.copy.receive({"event": "copy", "entries": browser_copy.browser_entries(earlier), "problem": ""})
    assert tutor_progress.load_progress(folder)["exercises"]["03"]["passed"]
    assert "Recuperado de este navegador" in line.note.value
    sent.clear()
    assert check("02", load_solution("02"), "es", data_dir=folder).passed
    key = PREFIX + tutor_progress.PROGRESS_FILE
    stored = [json.loads(v)["file"] for m in sent for k, v in m["entries"].items() if k == key]
    assert stored and stored[-1]["exercises"]["02"]["passed"] and stored[-1]["exercises"]["03"]["passed"]
    assert unsent == [] and unseen.note.value == ""
    with pytest.raises(OptionError, match="language must be one of en, es"):
        progress_line("fr")


def _history_of_many(folder: Path, n: int) -> store.HistoryStats:
    """``n`` finished games, wins and losses in runs and two variants, kept in ``folder``'s History; its totals."""
    from hearts import Rules

    h = store.History.load(folder)
    for i in range(n):
        won = (i // 3) % 2 == 0
        rules = Rules(num_players=3, target_score=50) if i % 5 == 0 else None
        final = (20 + i % 7, 60, 70) if rules else (20 + i % 7, 30, 40, 110)
        h.add(number=i, final=final if won else (110, *final[1:]), winners=(0,) if won else (1,),
              game_id=f"g{i}", rules=rules)  # fmt: skip
    h.save()
    return store.History.load(folder).stats()


def test_a_progress_file_past_the_size_a_load_accepts_leaves_out_historys_oldest_games_counted_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """History alone can be larger than what a load accepts beside the rest (it grows to HISTORY_BUDGET): the
    file then carries History's latest games, the older ones counted in its totals and streaks, and it loads back;
    the message line says how many games were left out and where they stay. Before, such a file was refused."""
    from hearts import Rules

    a, b = tmp_path / "a", tmp_path / "b"
    whole = _history_of_many(a, 60)
    three = store.History.load(a).stats(Rules(num_players=3, target_score=50))
    tutor_progress.record_exercise("05", passed=True, folder=a)
    table = TableModel(number=5, data_dir=a)
    size = len(table.save_progress())
    monkeypatch.setattr(store, "MAX_FILE_SIZE", size - 2000)  # some 15 games too many
    name, content = browser_copy.CopyKeeper().save(table)  # what "Save my progress to a file" does
    raw = content.encode("utf-8")
    assert len(raw) <= store.MAX_FILE_SIZE
    left = json.loads(raw)["left_out"]["history_games"]
    assert 10 <= left <= 40
    said = f"Your progress was saved to {name}, except History's {left} oldest games, which did not fit in the file"
    assert table.message is not None and table.message.text.startswith(said)
    assert str(a) in table.message.text
    target = TableModel(number=9, data_dir=b)
    target.load_progress(raw, name)
    back = store.History.load(b)
    assert [g["id"] for g in back.games] == [f"g{i}" for i in range(left, 60)]  # the latest games
    assert back.stats() == whole and back.stats(Rules(num_players=3, target_score=50)) == three
    assert tutor_progress.load_progress(b)["exercises"]["05"]["passed"]
    assert len(store.History.load(a).games) == 60  # the folder's History is as it was


def test_historys_games_left_out_of_the_browsers_copy_still_count_on_a_new_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The browser keeps History's latest games within HISTORY_BUDGET; the older ones are counted in its totals,
    so an empty folder (a new Binder session) filled from that copy shows the same games played, won, best score
    and streaks as the folder the games were played in (before, only the latest games counted there)."""
    old, new = tmp_path / "old", tmp_path / "new"
    whole = _history_of_many(old, 60)
    monkeypatch.setattr(browser_copy, "HISTORY_BUDGET", 3000)
    entries = browser_copy.browser_entries(old)
    kept = json.loads(entries[PREFIX + store.HISTORY_FILE])["file"]
    assert 10 <= len(kept["games"]) < 60 and kept["archived"]["played"] == 60 - len(kept["games"])
    assert len(json.dumps(kept, ensure_ascii=False, separators=(",", ":"))) <= 3000
    report = browser_copy.merge(new, entries, games=False)
    assert report.games_added == len(kept["games"])
    assert store.History.load(new).stats() == whole


def test_games_left_out_of_a_copy_are_not_counted_twice_when_a_whole_copy_comes_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new session filled from the browser's copy (History's latest games, the older ones counted by identity),
    then given a progress file that carries the whole History (made earlier, or elsewhere): each game counts once.
    Merged back into the first folder, the new session's copy adds only the games played since."""
    old, new = tmp_path / "old", tmp_path / "new"
    _history_of_many(old, 60)
    whole_file = browser_copy.progress_file(old)  # History whole: everything fits
    monkeypatch.setattr(browser_copy, "HISTORY_BUDGET", 3000)
    browser_copy.merge(new, browser_copy.browser_entries(old), games=False)
    h = store.History.load(new)
    assert 0 < len(h.games) < 60 and len(h.archived.ids) == 60 - len(h.games)
    assert browser_copy.load_progress_file(new, whole_file).games_added == 0  # every game already counted
    assert store.History.load(new).stats() == store.History.load(old).stats()
    h.add(number=500, final=(10, 50, 60, 70), winners=(0,), game_id="later")
    h.save()
    report = browser_copy.merge(old, browser_copy.browser_entries(new), games=False)
    assert report.games_added == 1
    assert store.History.load(old).stats() == store.History.load(new).stats()
    assert store.History.load(old).stats().played == 61


def test_games_with_no_identity_left_out_of_a_copy_are_not_counted_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games recorded before games had an identity are known by their whole content when left out of a copy."""
    old, new = tmp_path / "old", tmp_path / "new"
    _history_of_many(old, 40)
    path = old / store.HISTORY_FILE
    doc = json.loads(path.read_text(encoding="utf-8"))
    for g in doc["games"][:20]:
        del g["id"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    truth = store.History.load(old).stats()
    whole_file = browser_copy.progress_file(old)
    monkeypatch.setattr(browser_copy, "HISTORY_BUDGET", 2500)
    browser_copy.merge(new, browser_copy.browser_entries(old), games=False)
    assert store.History.load(new).stats() == truth
    browser_copy.load_progress_file(new, whole_file)
    assert store.History.load(new).stats() == truth


def test_a_progress_file_with_oldest_games_counted_loads_into_a_history_that_has_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new computer where one game was played, then the progress file (its oldest games counted, not carried) is
    loaded: the totals take those games too; loaded back into the folder it came from, they are not taken twice."""
    a, b = tmp_path / "a", tmp_path / "b"
    _history_of_many(a, 60)
    here = store.History.load(b)
    here.add(number=900, final=(10, 50, 60, 70), winners=(0,), game_id="new-computer")
    here.save()
    size = len(browser_copy.progress_file(a))
    monkeypatch.setattr(store, "MAX_FILE_SIZE", size - 1500)
    raw = browser_copy.progress_file(a)
    assert json.loads(raw)["left_out"]["history_games"] > 0
    browser_copy.load_progress_file(b, raw)
    assert store.History.load(b).stats().played == 61
    assert store.History.load(b).stats().won == store.History.load(a).stats().won + 1
    browser_copy.load_progress_file(a, raw)
    assert store.History.load(a).stats().played == 60


def test_a_progress_file_that_cannot_fit_is_not_offered_and_the_table_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When even History's latest games leave no room (here a tiny limit), no file is downloaded that a load would
    refuse: the message line says the progress was not saved, and why."""
    finished(tmp_path, "g1", "g2")
    t = GameTable(data_dir=tmp_path, number=3, paced=False)
    downloads: list[tuple[str, str]] = []
    t.board.download = lambda name, content: downloads.append((name, content))  # type: ignore[method-assign]
    monkeypatch.setattr(store, "MAX_FILE_SIZE", 300)
    t.keeper.save()
    assert downloads == []
    assert t.model.message is not None and t.model.message.kind == "error"
    assert t.model.message.text.startswith("Your progress was not saved to a file: it is ")
    monkeypatch.undo()
    t.keeper.save()
    assert len(downloads) == 1 and json.loads(downloads[0][1])["format"] == browser_copy.PROGRESS_FORMAT
