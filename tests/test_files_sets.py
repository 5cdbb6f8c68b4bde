"""Sets of files written together (self-play, experiments, tournaments, a results folder): all old or all new.

A multi-file :func:`hearts.files.replacing` renamed its files one after the other; a rename that failed
left new files beside old ones, read back silently as one run. Now a failed rename puts back the files
already renamed, and every file of a set carries the id of its save, so a set left half-renamed by a
kill is refused by its reader with an error naming the file. A results folder replaced by a run killed
between its two renames is put back by the next run instead of being cleaned away with the temporaries.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow.parquet as pq  # type: ignore[import-untyped]
import pytest

from hearts import files
from hearts.experiment import ExperimentResult, GameExperimentResult, compare
from hearts.files import FileContentError, ResultsFolderError, put_back_replaced, replacing, results_folder
from hearts.rules import Rules
from hearts.selfplay import SelfPlayResult, play_hands
from hearts.tournament import TournamentResult, tournament


def _failing_replace(monkeypatch: pytest.MonkeyPatch, call: int) -> None:
    """``os.replace`` fails (EIO) on its ``call``-th call, and works on every other."""
    real = os.replace
    count = [0]

    def replace(a: Any, b: Any) -> None:
        count[0] += 1
        if count[0] == call:
            raise OSError(errno.EIO, "input/output error")
        real(a, b)

    monkeypatch.setattr(os, "replace", replace)


def _killed_at_replace(call: int, write: Callable[[], object]) -> None:
    """Run ``write`` in a forked child killed (SIGKILL) just before its ``call``-th ``os.replace``."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child dies or exits
        try:
            real = os.replace
            count = [0]

            def replace(a: Any, b: Any) -> None:
                count[0] += 1
                if count[0] == call:
                    os.kill(os.getpid(), signal.SIGKILL)
                real(a, b)

            os.replace = replace  # type: ignore[assignment]
            write()
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def _no_temporaries(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


@pytest.fixture(scope="module")
def runs() -> tuple[SelfPlayResult, SelfPlayResult]:
    return (
        play_hands("random", 2, seed=1, workers=1, progress=False),
        play_hands("random", 3, seed=2, workers=1, progress=False),
    )


# ----- a rename that fails ---------------------------------------------------------------------------------


def test_a_failed_rename_puts_back_the_files_already_renamed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = [tmp_path / n for n in ("a.txt", "b.txt", "c.txt")]
    for p in names[:2]:
        p.write_text("old " + p.name)  # c.txt did not exist before
    _failing_replace(monkeypatch, 3)
    with pytest.raises(OSError, match="input/output"), replacing(*names) as temps:
        for t in temps:
            t.write_text("new")
    assert [p.read_text() for p in names[:2]] == ["old a.txt", "old b.txt"]
    assert not names[2].exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt"]  # no temporary, no backup left


def test_self_play_data_whose_third_rename_fails_is_the_old_run_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runs: tuple[SelfPlayResult, SelfPlayResult]
) -> None:
    old, new = runs
    old.to_parquet(tmp_path)
    _failing_replace(monkeypatch, 3)
    with pytest.raises(OSError):
        new.to_parquet(tmp_path)
    monkeypatch.undo()
    back = SelfPlayResult.from_parquet(tmp_path)
    assert len(back.hands) == len(old.hands) != len(new.hands)
    assert len(back.plays) == len(old.plays) and back.meta == old.meta != new.meta
    assert _no_temporaries(tmp_path)


# ----- a kill between two renames --------------------------------------------------------------------------


@pytest.mark.parametrize("call", [1, 2, 3, 4, 5])
def test_self_play_data_left_half_renamed_by_a_kill_is_refused_naming_the_file(
    tmp_path: Path, call: int, runs: tuple[SelfPlayResult, SelfPlayResult]
) -> None:
    old, new = runs
    old.to_parquet(tmp_path)
    _killed_at_replace(call, lambda: new.to_parquet(tmp_path))
    if call == 1:  # killed before the first rename: the old run, whole
        assert SelfPlayResult.from_parquet(tmp_path).meta == old.meta
    elif call == 5:  # every rename made (the fifth is not in this save): the new run, whole
        back = SelfPlayResult.from_parquet(tmp_path)
        assert back.meta == new.meta and len(back.hands) == len(new.hands)
    else:
        with pytest.raises(FileContentError) as info:
            SelfPlayResult.from_parquet(tmp_path)
        assert info.value.reason == "mixed_set"
        assert info.value.path == str(tmp_path / "hands.parquet")
        assert "meta.json" in str(info.value)
    new.to_parquet(tmp_path)  # the next save cleans up and makes a whole set again
    assert SelfPlayResult.from_parquet(tmp_path).meta == new.meta
    assert _no_temporaries(tmp_path)


def test_the_id_of_a_save_is_not_part_of_the_meta(tmp_path: Path, runs: tuple[SelfPlayResult, SelfPlayResult]) -> None:
    old, _ = runs
    old.to_parquet(tmp_path)
    assert files.SET_FIELD in json.loads((tmp_path / "meta.json").read_text())
    assert SelfPlayResult.from_parquet(tmp_path).meta == old.meta


def test_results_written_before_set_ids_are_still_read(
    tmp_path: Path, runs: tuple[SelfPlayResult, SelfPlayResult]
) -> None:
    old, _ = runs
    for name in SelfPlayResult._TABLES:
        getattr(old, name).to_parquet(tmp_path / f"{name}.parquet", engine="pyarrow", index=False)
    (tmp_path / "meta.json").write_text(json.dumps(old.meta))
    assert len(SelfPlayResult.from_parquet(tmp_path).hands) == len(old.hands)


@pytest.mark.parametrize("unit", ["deals", "games"])
def test_an_experiment_left_half_renamed_by_a_kill_is_refused_naming_the_file(tmp_path: Path, unit: str) -> None:
    reader: type[ExperimentResult] | type[GameExperimentResult]
    if unit == "deals":
        old: Any = compare("random", "rule", n_deals=2, seed=1, workers=1, progress=False)
        new: Any = compare("random", "rule", n_deals=3, seed=2, workers=1, progress=False)
        reader, table = ExperimentResult, "deals.parquet"
    else:
        rules = Rules(target_score=30)
        old = compare("random", "rule", unit="games", n_games=2, seed=1, rules=rules, workers=1, progress=False)
        new = compare("random", "rule", unit="games", n_games=3, seed=2, rules=rules, workers=1, progress=False)
        reader, table = GameExperimentResult, "games.parquet"
    old.to_parquet(tmp_path)
    _killed_at_replace(2, lambda: new.to_parquet(tmp_path))  # the table renamed, the JSON not
    with pytest.raises(FileContentError) as info:
        reader.from_parquet(tmp_path)
    assert info.value.reason == "mixed_set" and info.value.path == str(tmp_path / table)
    new.to_parquet(tmp_path)
    assert reader.from_parquet(tmp_path).meta == new.meta


# ----- tournaments ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cups() -> tuple[TournamentResult, TournamentResult]:
    return (
        tournament(["random", "rule"], n_deals=2, workers=1, progress=False),
        tournament(["random", "rule"], n_deals=5, workers=1, progress=False),
    )


def _same(a: TournamentResult, b: TournamentResult) -> bool:
    return bool(a.table.equals(b.table)) and a.meta == b.meta and a.bots == b.bots and a.seatings == b.seatings


def test_a_tournament_whose_table_cannot_be_written_whole_keeps_the_old_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cups: tuple[TournamentResult, TournamentResult]
) -> None:
    """A full disk while the Parquet file was written truncated the old tournament.parquet in place."""
    old, new = cups
    old.to_parquet(tmp_path)
    real = pq.write_table

    def full_disk(table: Any, where: Any, *args: Any, **kwargs: Any) -> None:
        real(table, where, *args, **kwargs)
        with open(where, "r+b") as f:  # what ENOSPC leaves: the first 8 KiB
            f.truncate(8192)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pq, "write_table", full_disk)
    with pytest.raises(OSError, match="No space"):
        new.to_parquet(tmp_path)
    monkeypatch.undo()
    assert _same(TournamentResult.from_parquet(tmp_path), old)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tournament.json", "tournament.parquet"]


def test_a_tournament_whose_json_cannot_be_written_keeps_the_old_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cups: tuple[TournamentResult, TournamentResult]
) -> None:
    """Only the JSON failing used to leave the new table beside the old tournament.json, read back silently."""
    old, new = cups
    old.to_parquet(tmp_path)

    def full_disk(self: Path, *args: Any, **kwargs: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full_disk)
    with pytest.raises(OSError, match="No space"):
        new.to_parquet(tmp_path)
    monkeypatch.undo()
    assert _same(TournamentResult.from_parquet(tmp_path), old)
    assert _no_temporaries(tmp_path)


def test_a_tournament_left_half_renamed_by_a_kill_is_refused_naming_the_file(
    tmp_path: Path, cups: tuple[TournamentResult, TournamentResult]
) -> None:
    old, new = cups
    old.to_parquet(tmp_path / "cup")
    _killed_at_replace(2, lambda: new.to_parquet(tmp_path / "cup"))
    with pytest.raises(FileContentError) as info:
        TournamentResult.from_parquet(tmp_path / "cup")
    assert info.value.reason == "mixed_set" and info.value.path == str(tmp_path / "cup" / "tournament.parquet")
    assert _same(TournamentResult.from_parquet(new.to_parquet(tmp_path / "cup")), new)


def test_a_tournament_is_written_into_a_new_folder(
    tmp_path: Path, cups: tuple[TournamentResult, TournamentResult]
) -> None:
    old, _ = cups
    assert _same(TournamentResult.from_parquet(old.to_parquet(tmp_path / "a" / "b")), old)
    assert isinstance(pd.read_parquet(tmp_path / "a" / "b" / "tournament.parquet"), pd.DataFrame)


# ----- replacing a results folder (the CLI's --out DIR --force) ---------------------------------------------


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def _results(folder: Path, text: str, *, replace: bool = True) -> None:
    with results_folder(folder, replace=replace) as tmp:
        (tmp / "meta.json").write_text(text)


def _killed_in(target: Any, name: str, call: int, work: Callable[[], object]) -> None:
    """Run ``work`` in a forked child killed (SIGKILL) at its ``call``-th call of ``target.name``."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child dies or exits
        try:
            real = getattr(target, name)
            count = [0]

            def patched(*args: Any, **kwargs: Any) -> Any:
                count[0] += 1
                if count[0] == call:
                    os.kill(os.getpid(), signal.SIGKILL)
                return real(*args, **kwargs)

            setattr(target, name, patched)
            work()
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status)


@pytest.mark.parametrize(
    ("where", "survivor"),
    [
        ((os, "rename", 1), "old"),  # before the earlier folder is moved
        ((os, "rename", 2), "old"),  # between the two renames: no run/ at all
        ((shutil, "rmtree", 1), "new"),  # after the swap, before the earlier folder is removed
    ],
)
def test_a_run_killed_while_replacing_the_results_never_loses_them(
    tmp_path: Path, where: tuple[Any, str, int], survivor: str
) -> None:
    """Killed between the renames, both sets sat in hidden temporaries; the next --force run removed both."""
    out = tmp_path / "run"
    _results(out, "old")
    _killed_in(*where, lambda: _results(out, "new"))
    with pytest.raises(RuntimeError, match="run failed"), results_folder(out, replace=True):
        raise RuntimeError("run failed")  # the next run, failing for a reason of its own
    assert (out / "meta.json").read_text() == survivor
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]  # every temporary and holder gone


def test_a_folder_put_back_is_refused_as_existing_without_force(tmp_path: Path) -> None:
    out = tmp_path / "run"
    _results(out, "old")
    _killed_in(os, "rename", 2, lambda: _results(out, "new"))
    assert not out.exists()
    with pytest.raises(FileExistsError):
        _results(out, "again", replace=False)
    assert (out / "meta.json").read_text() == "old"


def test_the_holder_of_an_earlier_version_is_put_back_not_cleaned(tmp_path: Path) -> None:
    """What the earlier results_folder left when killed between its renames: two plain temporaries."""
    pid = _dead_pid()
    (tmp_path / f".run.{pid}-abc.tmp" / "old").mkdir(parents=True)
    (tmp_path / f".run.{pid}-abc.tmp" / "old" / "meta.json").write_text("old")
    (tmp_path / f".run.{pid}-def.tmp").mkdir()
    (tmp_path / f".run.{pid}-def.tmp" / "meta.json").write_text("new")
    with pytest.raises(ResultsFolderError) as refused, results_folder(tmp_path / "run", replace=True):
        raise AssertionError("not reached: the folder put back is not a results set hearts can recognise")
    assert refused.value.reason == "not_ours" and refused.value.files == ["meta.json"]
    assert (tmp_path / "run" / "meta.json").read_text() == "old"  # put back first, then refused, not touched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]


def test_an_earlier_folder_is_kept_aside_when_another_folder_took_its_place(tmp_path: Path) -> None:
    out = tmp_path / "run"
    _results(out, "old")
    _killed_in(os, "rename", 2, lambda: _results(out, "new"))
    out.mkdir()  # someone makes run/ by hand before the next run
    (out / "mine.txt").write_text("mine")
    with pytest.raises(ResultsFolderError) as refused:
        _results(out, "newest")  # a folder of someone else's is never replaced
    assert refused.value.reason == "not_ours" and refused.value.files == ["mine.txt"]
    assert sorted(p.name for p in out.iterdir()) == ["mine.txt"]
    assert (tmp_path / "run.previous" / "meta.json").read_text() == "old"  # never removed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run", "run.previous"]


def test_a_replacement_still_under_way_is_left_alone(tmp_path: Path) -> None:
    holder = tmp_path / f".run.{os.getppid()}-i1-abc.old"  # a live process between its two renames
    (holder / "old").mkdir(parents=True)
    assert put_back_replaced(tmp_path / "run") == []
    assert (holder / "old").is_dir() and not (tmp_path / "run").exists()
