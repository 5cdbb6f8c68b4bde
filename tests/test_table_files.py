"""The table's files while it is open: another table's game, a full disk, a file damaged meanwhile.

Every case is one the table used to get wrong: a game in progress at another table silently replaced (and the
first table then told it had its own game back), a take-over that failed on a full disk reported as done (and
the table then locked out), damaged files written over or moved aside without a word, a failed history reset
misreported, and options or versions accepted that are not what they claim.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from hearts.errors import OptionError
from hearts_widgets import store
from hearts_widgets.learn_model import PROGRESS_FILE, Progress
from hearts_widgets.store import HISTORY_FILE, SAVE_FILE, SETTINGS_FILE, History, Settings, StoreError
from hearts_widgets.table_model import TableModel

SOUTH = 0


def table(folder: Path, **options: Any) -> TableModel:
    options.setdefault("level", "random")
    return TableModel(data_dir=folder, **options)


def pass_three(m: TableModel) -> None:
    for c in list(m.hand.hand_of(SOUTH))[:3]:
        m.click_card(c.code)
    m.press("pass")


def play_a_card(m: TableModel) -> None:
    assert m.hand.to_play == m.seat, "the test expects the learner to be on play"
    m.click_card(m.hand.legal_moves.lowest().code)


def owner(folder: Path) -> str:
    return str(json.loads((folder / SAVE_FILE).read_text())["table"]["owner"]["table"])


def saved_game_id(folder: Path) -> str:
    return str(json.loads((folder / SAVE_FILE).read_text())["table"]["game_id"])


@contextmanager
def full_disk() -> Iterator[None]:
    """Every file written meanwhile fails at its rename, as on a full disk (the old file stays)."""
    real = os.replace

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    os.replace = refuse
    try:
        yield
    finally:
        os.replace = real


def game_in_progress(folder: Path) -> TableModel:
    """A table playing game 3 in ``folder``: passed and a trick or so played, so leaving it would lose play."""
    m = table(folder, number=3)
    pass_three(m)
    play_a_card(m)  # (the bots play at once: the learner is on play after the pass and after each card)
    assert m.in_progress
    return m


# ----- 1. another table's game in progress ------------------------------------------------------------


def test_a_new_game_over_another_tables_game_asks_first_and_keeps_it_when_told_no(tmp_path: Path) -> None:
    first = game_in_progress(tmp_path)
    before = (tmp_path / SAVE_FILE).read_bytes()
    second = table(tmp_path, seed=5)
    assert second.displaced and second.number == 3
    second.press("new")
    assert second.confirming is not None and second.number == 3
    asked = second.message.text
    assert asked.startswith("Game 3 is not finished at another table (hand 1). Leave it for game"), asked
    assert "counts in History as played and not won" in asked
    assert (tmp_path / SAVE_FILE).read_bytes() == before  # nothing written while asking
    second.press("take_over")  # a question waits: answered first
    assert second.message.kind == "error" and second.message.text.startswith("First answer the question")
    second.press("cancel")
    assert second.confirming is None and second.displaced
    assert second.message.text.startswith("This game belongs to another table for now")
    assert (tmp_path / SAVE_FILE).read_bytes() == before
    play_a_card(first)
    assert not first.displaced and first.message.kind != "error"  # the first table plays on


def test_a_new_game_over_another_tables_game_records_it_and_tells_the_first_table_the_truth(
    tmp_path: Path,
) -> None:
    first = game_in_progress(tmp_path)
    second = table(tmp_path, seed=5)
    second.press("new")
    second.press("confirm")
    new = second.number
    assert new != 3 and owner(tmp_path) == second.table_id
    said = second.message.text
    assert said.startswith("Game 3, left unfinished at another table (hand 1), is in History as played and not won.")
    assert f"Game {new} dealt" in said
    games = History.load(tmp_path).games
    assert [(g["number"], g["id"], g.get("abandoned"), g["won"]) for g in games] == [(3, first.game_id, True, False)]

    # The first table, at its next save, learns what the file holds now: never "taken over", never "yours again".
    play_a_card(first)
    assert first.displaced and first.message.kind == "error"
    told = first.message.text
    assert told.startswith(f"Another table (another tab or window) has started game {new} in place of this game 3")
    assert told.endswith("Game 3 is in History as played and not won."), told
    assert first.drawing()[1]["message"].startswith(f"Another table started game {new} in place of this one")
    first.press("take_over")
    assert first.number == new and not first.displaced
    assert first.message.text == (
        f"Game {new} is played here now: the other table started it in place of game 3. "
        "Hand 1, just as that table left it."
    )
    assert owner(tmp_path) == first.table_id
    assert len(History.load(tmp_path).games) == 1  # the game taken over is not abandoned: it is still on


@pytest.mark.parametrize("how", [{"number": 4}, {"resume": False, "seed": 5}])
def test_a_table_opened_on_a_game_of_its_own_records_the_game_it_replaces(tmp_path: Path, how: dict[str, Any]) -> None:
    first = game_in_progress(tmp_path)
    second = table(tmp_path, **how)
    assert second.number != 3 and owner(tmp_path) == second.table_id
    said = second.message.text
    assert said.startswith("Game 3, left unfinished at another table (hand 1), is in History as played and not won.")
    assert [(g["number"], g["id"], g.get("abandoned")) for g in History.load(tmp_path).games] == [
        (3, first.game_id, True)
    ]
    play_a_card(first)
    assert first.displaced and f"started game {second.number} in place of this game 3" in first.message.text


def test_a_game_not_yet_played_at_another_table_is_replaced_without_asking_or_recording(tmp_path: Path) -> None:
    first = table(tmp_path, number=3)  # dealt, nothing passed or played; open while the second table is
    second = table(tmp_path, seed=5)
    assert second.displaced
    second.press("new")
    assert second.confirming is None and second.number != 3 and owner(tmp_path) == second.table_id
    assert History.load(tmp_path).games == []
    first.close()


def test_a_history_that_cannot_be_used_is_said_when_another_tables_game_is_replaced(tmp_path: Path) -> None:
    first = game_in_progress(tmp_path)
    (tmp_path / HISTORY_FILE).write_bytes(b"{damaged")
    second = table(tmp_path, number=4)
    assert owner(tmp_path) == second.table_id and not first.displaced  # (until its next save)
    assert second.message.text.startswith(
        "Game 3, left unfinished at another table (hand 1), could not go into History: "
        "the history file cannot be used."
    ), second.message.text
    assert (tmp_path / HISTORY_FILE).read_bytes() == b"{damaged"


def test_taking_back_the_same_game_still_says_it_is_yours_again(tmp_path: Path) -> None:
    first = game_in_progress(tmp_path)
    second = table(tmp_path)
    second.press("take_over")
    assert second.message.text.startswith("Game 3 is yours again here")
    play_a_card(first)
    assert first.displaced and first.message.text.startswith("Another table (another tab or window) has taken over")


# ----- 2. a claim that cannot be written ------------------------------------------------------------


def test_a_take_over_that_cannot_be_written_says_so_and_claims_the_game_with_the_next_save(tmp_path: Path) -> None:
    first = table(tmp_path, number=3)
    pass_three(first)
    second = table(tmp_path)
    assert second.displaced
    with full_disk():
        second.press("take_over")
    said = second.message
    assert said.kind == "error"
    assert said.text.startswith(f"Could not write {tmp_path / SAVE_FILE}: "), said.text
    assert "Game 3 stays the other table's until it can be saved here" in said.text
    assert "yours again" not in said.text
    assert owner(tmp_path) == first.table_id
    play_a_card(second)  # the disk has room again: this save claims the game
    assert not second.displaced and second.message.kind != "error", second.message
    assert owner(tmp_path) == second.table_id


def test_after_a_failed_take_over_a_game_the_other_table_saved_meanwhile_stays_its_own(tmp_path: Path) -> None:
    first = table(tmp_path, number=3)
    pass_three(first)
    second = table(tmp_path)
    with full_disk():
        second.press("take_over")
    play_a_card(first)  # the first table played on and saved: its moves are not written over
    saved = (tmp_path / SAVE_FILE).read_bytes()
    play_a_card(second)
    assert second.displaced and "has taken over this game" in second.message.text
    assert (tmp_path / SAVE_FILE).read_bytes() == saved


def test_a_resumed_game_whose_claim_failed_is_claimed_with_the_next_save(tmp_path: Path) -> None:
    first = table(tmp_path, number=3)
    pass_three(first)
    first.close()
    with full_disk():
        second = table(tmp_path)
    assert not second.displaced and second.message.kind == "error" and "Could not write" in second.message.text
    play_a_card(second)
    assert not second.displaced and second.message.kind != "error", second.message
    assert owner(tmp_path) == second.table_id


def test_a_new_game_that_cannot_be_saved_says_so_and_is_saved_with_the_next_action(tmp_path: Path) -> None:
    m = table(tmp_path, number=3)
    with full_disk():
        m.press("new")
    assert m.message.kind == "error" and f"Game {m.number} dealt" in m.message.text
    assert "Could not write" in m.message.text
    m.click_card(next(iter(m.hand.hand_of(SOUTH))).code)
    assert saved_game_id(tmp_path) == m.game_id and not m.displaced


# ----- 3. files damaged while the table is open -------------------------------------------------------


def test_a_save_damaged_meanwhile_is_kept_aside_and_said(tmp_path: Path) -> None:
    m = table(tmp_path, number=3)
    pass_three(m)
    (tmp_path / SAVE_FILE).write_bytes(b'{"damaged')
    play_a_card(m)
    kept = tmp_path / "table-save.bad.json"
    assert kept.read_bytes() == b'{"damaged'
    assert m.message.kind == "error"
    assert m.message.text.startswith(f"Your saved game {tmp_path / SAVE_FILE} could not be read any more: ")
    assert f"The damaged file was kept as {kept}, and this game is saved in its place." in m.message.text
    assert saved_game_id(tmp_path) == m.game_id


def test_a_save_damaged_meanwhile_that_cannot_be_moved_is_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = table(tmp_path, number=3)
    pass_three(m)
    (tmp_path / SAVE_FILE).write_bytes(b"[1, 2]")
    monkeypatch.setattr(store, "keep_bad_copy", lambda path: None)
    play_a_card(m)
    assert "It could not be moved aside, so it is left exactly as it is" in m.message.text
    play_a_card(m)  # and never afterwards
    assert (tmp_path / SAVE_FILE).read_bytes() == b"[1, 2]"


def test_settings_damaged_meanwhile_are_kept_aside_and_the_settings_shown_are_written(tmp_path: Path) -> None:
    m = table(tmp_path, number=3)
    m.set_setting("four_colour", True)
    (tmp_path / SETTINGS_FILE).write_bytes(b'{"four_colour": "yes"}')
    m.set_setting("table_colour", "red")
    kept = tmp_path / "settings.bad.json"
    assert kept.read_bytes() == b'{"four_colour": "yes"}'
    assert m.message.kind == "error"
    assert m.message.text.startswith(f"Your settings file {tmp_path / SETTINGS_FILE} could not be read any more: ")
    assert f"kept as {kept}, and the settings shown here are saved in its place." in m.message.text
    written = Settings.load(tmp_path)
    assert written.four_colour is True and written.table_colour == "red"  # what the table shows, not defaults


def test_a_settings_update_that_cannot_be_written_puts_the_damaged_file_back(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_bytes(b"{damaged")
    told: list[store.KeptCopy] = []
    with full_disk(), pytest.raises(OSError):
        Settings.update(tmp_path, ["four_colour"], Settings(four_colour=True), on_kept=told.append)
    assert told == [] and sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == [SETTINGS_FILE]
    assert (tmp_path / SETTINGS_FILE).read_bytes() == b"{damaged"
    Settings.update(tmp_path, ["four_colour"], Settings(four_colour=True), on_kept=told.append)
    assert [(k.copy.name, k.error.field) for k in told] == [("settings.bad.json", "")]


def test_learn_progress_damaged_meanwhile_is_kept_aside_and_said(tmp_path: Path) -> None:
    m = table(tmp_path, number=3, learn=True)
    (tmp_path / PROGRESS_FILE).write_bytes(b"{damaged")
    pass_three(m)  # a rule met: progress is saved
    kept = tmp_path / "learn-progress.bad.json"
    assert kept.read_bytes() == b"{damaged"
    assert m.message.kind == "error"
    assert f"The damaged file was kept as {kept}, and your progress is saved in its place." in m.message.text
    assert Progress.load(tmp_path).seen


def test_learn_progress_that_cannot_be_moved_aside_is_left_and_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = table(tmp_path, number=3, learn=True)
    (tmp_path / PROGRESS_FILE).write_bytes(b"{damaged")
    monkeypatch.setattr(store, "keep_bad_copy", lambda path: None)
    pass_three(m)
    assert "It could not be moved aside, so it is left exactly as it is" in m.message.text
    play_a_card(m)
    assert "moved aside" not in m.message.text
    assert (tmp_path / PROGRESS_FILE).read_bytes() == b"{damaged"


# ----- 4. a history reset that fails --------------------------------------------------------------------


def test_a_history_reset_that_cannot_be_written_leaves_the_damaged_history_where_it_was(tmp_path: Path) -> None:
    (tmp_path / HISTORY_FILE).write_bytes(b'{"games": [1')
    m = table(tmp_path, number=3)
    with full_disk():
        m.press("reset_history")
    assert m.message.kind == "error"
    assert m.message.text == (
        f"No new history was started: {tmp_path / HISTORY_FILE} could not be written "
        f"([Errno {errno.ENOSPC}] {os.strerror(errno.ENOSPC)}). The damaged history is left as it is."
    )
    assert (tmp_path / HISTORY_FILE).read_bytes() == b'{"games": [1'
    assert not (tmp_path / "history.bad.json").exists()
    assert m.history_error is not None and "It is left as it is" in m.history_error  # true again
    again = table(tmp_path)
    assert again.history is None and again.history_error is not None  # the next session says so too


def test_a_history_reset_that_fails_and_cannot_put_the_file_back_says_where_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / HISTORY_FILE).write_bytes(b'{"games": [1')
    m = table(tmp_path, number=3)
    monkeypatch.setattr(store, "put_back", lambda copy, path: False)
    with full_disk():
        m.press("reset_history")
    kept = tmp_path / "history.bad.json"
    assert kept.read_bytes() == b'{"games": [1'
    assert f"The damaged history was kept as {kept}" in m.message.text
    assert m.history_error is not None and f"kept as {kept}" in m.history_error
    assert "left as it is" not in m.history_error


# ----- 5. options and versions ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["x", None, 1, 0, 1.0])
def test_paced_must_be_true_or_false(tmp_path: Path, value: object) -> None:
    with pytest.raises(OptionError) as info:
        TableModel(data_dir=tmp_path / "data", level="random", paced=value)  # type: ignore[arg-type]
    assert info.value.option == "paced" and "paced must be True or False" in str(info.value)
    assert not (tmp_path / "data").exists()  # nothing written


def _version_true(folder: Path, name: str, make: Callable[[Path], None]) -> dict[str, Any]:
    make(folder)
    data = json.loads((folder / name).read_text())
    assert data["version"] == 1
    data["version"] = True
    (folder / name).write_text(json.dumps(data))
    return data


def test_a_save_whose_version_is_true_is_refused(tmp_path: Path) -> None:
    _version_true(tmp_path, SAVE_FILE, lambda d: table(d, number=3).close())
    m = table(tmp_path, seed=1)
    assert m.message.kind == "error" and "could not be read" in m.message.text
    assert json.loads((tmp_path / "table-save.bad.json").read_text())["version"] is True


def test_a_history_whose_version_is_true_is_refused(tmp_path: Path) -> None:
    def make(d: Path) -> None:
        h = History.load(d)
        h.add(number=1, final=(1, 2, 3, 4), winners=(0,))
        h.save()

    _version_true(tmp_path, HISTORY_FILE, make)
    with pytest.raises(StoreError) as info:
        History.load(tmp_path)
    assert info.value.field == "version" and "“version” is true" in str(info.value)


def test_learn_progress_whose_version_is_true_is_refused(tmp_path: Path) -> None:
    def make(d: Path) -> None:
        p = Progress.load(d)
        p.meet("passing")
        p.save()

    _version_true(tmp_path, PROGRESS_FILE, make)
    with pytest.raises(StoreError) as info:
        Progress.load(tmp_path)
    assert info.value.field == "version"


# ----- a closed table's game in progress, replaced by a table opened with number= or resume=False -------


def _left_by_a_closed_table(folder: Path, ownerless: bool) -> str:
    first = game_in_progress(folder)
    first.close()
    if ownerless:  # a save from before tables had an owner
        data = json.loads((folder / SAVE_FILE).read_text())
        data["table"]["owner"] = None
        (folder / SAVE_FILE).write_text(json.dumps(data))
    return first.game_id


@pytest.mark.parametrize("ownerless", [False, True])
@pytest.mark.parametrize("how", [{"number": 4}, {"resume": False, "seed": 5}])
def test_a_table_opened_over_a_closed_tables_game_in_progress_records_it(
    tmp_path: Path, how: dict[str, Any], ownerless: bool
) -> None:
    game_id = _left_by_a_closed_table(tmp_path, ownerless)
    second = table(tmp_path, **how)
    assert second.number != 3 and owner(tmp_path) == second.table_id
    assert second.message.text.startswith("Game 3, left unfinished (hand 1), is in History as played and not won.")
    assert [(g["number"], g["id"], g.get("abandoned")) for g in History.load(tmp_path).games] == [(3, game_id, True)]


def test_the_closed_tables_game_recorded_is_said_in_spanish(tmp_path: Path) -> None:
    _left_by_a_closed_table(tmp_path, ownerless=False)
    second = table(tmp_path, number=4, lang="es")
    assert second.message.text.startswith(
        "La partida 3, sin terminar (mano 1), está en el Historial como jugada y no ganada."
    ), second.message.text


def test_a_closed_tables_game_replaced_with_a_damaged_history_says_it_is_not_recorded(tmp_path: Path) -> None:
    _left_by_a_closed_table(tmp_path, ownerless=False)
    (tmp_path / HISTORY_FILE).write_bytes(b"{damaged")
    second = table(tmp_path, number=4)
    assert owner(tmp_path) == second.table_id
    assert second.message.text.startswith(
        "Game 3, left unfinished (hand 1), could not go into History: the history file cannot be used."
    ), second.message.text
    assert (tmp_path / HISTORY_FILE).read_bytes() == b"{damaged"


@pytest.mark.parametrize("ownerless", [False, True])
def test_a_closed_tables_game_not_played_is_replaced_without_recording(tmp_path: Path, ownerless: bool) -> None:
    table(tmp_path, number=3).close()  # dealt, nothing passed or played
    if ownerless:
        data = json.loads((tmp_path / SAVE_FILE).read_text())
        data["table"]["owner"] = None
        (tmp_path / SAVE_FILE).write_text(json.dumps(data))
    second = table(tmp_path, number=4)
    assert owner(tmp_path) == second.table_id
    assert History.load(tmp_path).games == []
    assert "left unfinished" not in second.message.text


# ----- a save whose level is damaged, a save from a newer version (issue 33, item 23) ---------------------------


def _saved_game_with(folder: Path, change: Callable[[dict[str, Any]], None]) -> bytes:
    """Game 3 in progress at a table since closed, its save file then changed by ``change``; the bytes written."""
    m = game_in_progress(folder)
    m.close()
    data = json.loads((folder / SAVE_FILE).read_text())
    change(data)
    raw = json.dumps(data).encode()
    (folder / SAVE_FILE).write_bytes(raw)
    return raw


@pytest.mark.parametrize("level", ["../../etc", ["rule"], 7, "", True])
def test_a_save_whose_level_is_damaged_is_kept_aside_and_said(tmp_path: Path, level: object) -> None:
    raw = _saved_game_with(tmp_path, lambda d: d["table"].__setitem__("level", level))
    Settings(level="expert").save(tmp_path)
    m = table(tmp_path, level=None, lang="es")
    assert m.message is not None and m.message.kind == "error"
    assert "table.level" in m.message.text and "table-save.bad.json" in m.message.text
    assert m.number != 3 or not m.in_progress  # a new game, not game 3 with other bots
    assert (tmp_path / "table-save.bad.json").read_bytes() == raw  # the damaged bytes are kept as they were
    with pytest.raises(StoreError) as info:
        from hearts_widgets.table_model import read_save

        read_save(raw, tmp_path / SAVE_FILE)
    assert info.value.field == "table.level"


def test_a_save_with_a_good_level_resumes_at_that_level(tmp_path: Path) -> None:
    _saved_game_with(tmp_path, lambda d: d["table"].__setitem__("level", "expert"))
    Settings(level="random").save(tmp_path)
    m = table(tmp_path, level=None)
    assert m.number == 3 and m.level == "expert" and m.message.kind != "error"


def test_a_save_from_a_newer_version_says_so_and_is_kept_aside(tmp_path: Path) -> None:
    raw = _saved_game_with(tmp_path, lambda d: d.__setitem__("version", 2))
    m = table(tmp_path)
    assert m.message is not None and m.message.kind == "error"
    assert "newer version of hearts" in m.message.text and "not a saved table" not in m.message.text
    assert (tmp_path / "table-save.bad.json").read_bytes() == raw
    es = table(tmp_path, lang="es")  # the new game is saved: nothing more to say, the copy stays
    assert (tmp_path / "table-save.bad.json").read_bytes() == raw and es.number != 3


def test_a_history_from_a_newer_version_says_so(tmp_path: Path) -> None:
    (tmp_path / HISTORY_FILE).write_text(json.dumps({"format": History.FORMAT, "version": 3, "games": []}))
    with pytest.raises(StoreError) as info:
        History.load(tmp_path)
    assert info.value.field == "version" and "newer version of hearts" in str(info.value)
    assert "versión más reciente" in info.value.explain("es")


# ----- notebook 10 reviews the last finished hand of either app's save ------------------------------------------


def _finish_a_hand(m: TableModel) -> None:
    pass_three(m)
    while not m.hand.is_over:
        play_a_card(m)


def test_the_last_finished_hand_is_found_in_learn_by_playings_save_too(tmp_path: Path) -> None:
    from hearts_widgets.store import LEARN_SAVE_FILE
    from hearts_widgets.table_model import last_finished_hand

    at_table = table(tmp_path, number=4721, paced=False)
    _finish_a_hand(at_table)
    found = last_finished_hand(tmp_path)
    assert found is not None and (found.app, found.game_number, found.path.name) == ("table", 4721, SAVE_FILE)
    learn = table(tmp_path, number=4722, paced=False, app="learn")
    pass_three(learn)  # begun in Learn by playing, nothing finished there yet: the table's hand is still the last
    found = last_finished_hand(tmp_path)
    assert found is not None and found.app == "table"
    while not learn.hand.is_over:
        play_a_card(learn)
    found = last_finished_hand(tmp_path)  # the hand just finished in Learn by playing is the more recent
    assert found is not None and (found.app, found.game_number, found.path.name) == ("learn", 4722, LEARN_SAVE_FILE)
    assert found.hand.is_over and found.hand.tricks == learn.hand.tricks
    at_table.press("next")  # a click at the table after it: the table's save is written last
    found = last_finished_hand(tmp_path)
    assert found is not None and (found.app, found.game_number, found.hand.hand_number) == ("table", 4721, 1)


@pytest.mark.parametrize("damage", ["not json", "newer version"])
def test_a_damaged_or_newer_save_is_passed_over_and_left_as_it_is(tmp_path: Path, damage: str) -> None:
    from hearts_widgets.store import LEARN_SAVE_FILE
    from hearts_widgets.table_model import last_finished_hand

    _finish_a_hand(table(tmp_path, number=4722, paced=False, app="learn"))
    if damage == "not json":
        raw = b'{"format": "hearts-table-save", "game": {"numb'
    else:
        saved = json.loads((tmp_path / LEARN_SAVE_FILE).read_text())
        saved["version"] = 2
        raw = json.dumps(saved).encode()
    (tmp_path / SAVE_FILE).write_bytes(raw)  # written after the Learn by playing save: the more recent one
    found = last_finished_hand(tmp_path)
    assert found is not None and (found.app, found.game_number) == ("learn", 4722)
    assert (tmp_path / SAVE_FILE).read_bytes() == raw
    assert sorted(p.name for p in tmp_path.iterdir() if "save" in p.name) == sorted([SAVE_FILE, LEARN_SAVE_FILE])
