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

import pytest

from hearts_widgets import GameTable, browser_copy, store
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
    said = f"keeps only your latest games of History ({len(games)} in all); {40 - len(games)} older games"
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
