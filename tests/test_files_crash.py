"""A table killed (SIGKILL) at random moments while it saves, hundreds of times: every file stays whole, nothing
is lost, no game is counted twice (issue 11, findings 6 and 12), and no stray temporaries pile up.

The table runs in a forked child (forking is quick: the modules are already loaded); the test kills it after a
random delay, then checks the folder as the next table would find it, and the next child resumes from there.
"""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fault_support import small_disk

from hearts import Phase, files
from hearts_widgets import store
from hearts_widgets.store import HISTORY_FILE, SAVE_FILE, SETTINGS_FILE, History, Settings
from hearts_widgets.table_model import TableModel

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX)")

SOUTH = 0
KILLS = 300


def act(m: TableModel, rng: random.Random) -> None:
    """One thing a learner does at the table, chosen at random among what the table offers."""
    h = m.hand
    if m.displaced:
        m.press("take_over")
    elif m.game.is_over:
        m.press("new")
    elif h.is_over:
        m.press("next")
    elif h.phase is Phase.PASSING:
        for c in rng.sample(list(h.hand_of(SOUTH)), 3):
            m.click_card(c.code)
        m.press("pass")
    elif rng.random() < 0.05:
        m.set_setting("four_colour", not m.settings.four_colour)
    else:
        m.click_card(rng.choice(list(h.legal_moves)).code)


def _child(folder: Path, seed: int) -> None:
    code = 1
    try:
        rng = random.Random(seed)
        m = TableModel(data_dir=folder, level="random", target_score=16, seed=seed)
        while True:
            act(m, rng)
    except BaseException:  # pragma: no cover - seen by the parent as a non-kill exit
        code = 3
    finally:
        os._exit(code)


def check_folder(folder: Path, *, open_table: bool) -> tuple[int, int]:
    """What the next table finds: every file whole and valid, each game at most once. Returns
    (games in the history, temporaries lying about). Every child checks the save fully too, by resuming
    it: a damaged one would be kept aside as .bad, which is looked for here."""
    for name in (SAVE_FILE, HISTORY_FILE, SETTINGS_FILE):
        store.read_json(folder / name)  # whole JSON (or absent); raises if half-written
    Settings.load(folder)
    games = History.load(folder).games
    ids = [g["id"] for g in games]
    assert len(ids) == len(set(ids)), "a game was counted twice"
    if open_table:
        m = TableModel(data_dir=folder, level="random", target_score=16)
        assert not m.notices, [n.text for n in m.notices]  # the save resumes: nothing damaged, nothing kept aside
        m.close()
    assert not [p for p in folder.iterdir() if ".bad" in p.name]
    return len(games), len([p for p in folder.iterdir() if p.name.endswith(".tmp")])


@pytest.fixture
def fast_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder where saves are quick: a tmpfs when one can be mounted, else ``tmp_path`` without ``fsync``.

    A killed process loses nothing the kernel already holds, so ``fsync`` (which is about power cuts) is not
    what these kills test; on a disk it costs ~10 ms a save (test_files.py checks that it is called).
    """
    with small_disk(16 * 1024) as disk:
        if disk is None:
            monkeypatch.setattr(os, "fsync", lambda fd: None)
        yield disk if disk is not None else tmp_path


def test_killed_hundreds_of_times_while_saving(fast_folder: Path) -> None:
    folder = fast_folder
    rng = random.Random(20261201)
    killed = clean_exits = 0
    most_temporaries = 0
    games_seen = 0
    for i in range(KILLS):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns
            _child(folder, 1000 + i)
        # Mostly short lives (kills land in the resume and in the first saves); every twentieth child lives long
        # enough to play on, so games end and are recorded between kills even on a busy machine.
        time.sleep(0.2 if i % 20 == 19 else rng.uniform(0.005, 0.03))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        if os.WIFSIGNALED(status):
            killed += 1
        else:
            clean_exits += 1
        games, temporaries = check_folder(folder, open_table=i % 20 == 0)
        assert games >= games_seen  # a recorded game is never lost
        games_seen = games
        most_temporaries = max(most_temporaries, temporaries)
    assert killed == KILLS and clean_exits == 0
    assert games_seen > 0  # games were finished (and recorded) between the kills
    assert most_temporaries <= 3  # each kill leaves at most the file being written; the next write removes it
    # A table that finishes the last game writes again, and the stray temporaries go.
    m = TableModel(data_dir=folder, level="random", target_score=16)
    act(m, random.Random(1))
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp") and SAVE_FILE in p.name]
    print(f"{KILLS} kills, {games_seen} games recorded, at most {most_temporaries} temporaries, 0 files corrupted")


def test_a_crash_between_the_history_and_the_save_never_counts_a_game_twice(tmp_path: Path) -> None:
    """Finding 6: the history is written, then the process dies before the save says the game is recorded."""
    TableModel(number=30, level="random", target_score=16, data_dir=tmp_path).close()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child dies mid-save
        try:
            child = TableModel(data_dir=tmp_path, level="random")
            real = files.write_file

            def die_after_history(path: Path, data: bytes) -> None:
                real(path, data)
                if Path(path).name == HISTORY_FILE:
                    os.kill(os.getpid(), signal.SIGKILL)

            # Every file of the data folder is written through hearts.files.write_file (History.save calls it
            # directly): the child dies right after history.json is whole on disk.
            files.write_file = die_after_history  # type: ignore[assignment]
            rng = random.Random(5)
            for _ in range(2000):  # until the game ends and is written to the history (bounded: never hang)
                act(child, rng)
        finally:
            os._exit(3)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status)
    games = History.load(tmp_path).games
    assert len(games) == 1  # recorded just before the kill
    again = TableModel(data_dir=tmp_path, level="random")
    assert not again.game.is_over  # the save is from just before the last action
    rng = random.Random(6)
    while not again.game.is_over:  # the same game finished again (the same last card: it is the only one left)
        act(again, rng)
    assert again.recorded
    assert History.load(tmp_path).games == games  # once, and as first recorded
