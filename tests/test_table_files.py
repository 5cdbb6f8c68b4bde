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


# ----- 3. files damaged while the table is open -------------------------------------------------------


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
