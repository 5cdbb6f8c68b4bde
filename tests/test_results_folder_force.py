"""Replacing a results folder (``results_folder(replace=True)``, the CLI's ``--out DIR --force``).

Only a folder of results hearts wrote (its manifest lists every file) is replaced; any other folder is
refused with nothing in it changed. The renames never depend on the working folder, so running from inside
the folder works, and a replace that fails leaves the folder exactly as it was, under its own name.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from hearts import files
from hearts.files import MANIFEST, SET_FIELD, ResultsFolderError, check_replaceable, results_folder


def _results(folder: Path | str, text: str, *, replace: bool = True, sub: str = "") -> None:
    with results_folder(folder, replace=replace) as tmp:
        (tmp / sub).mkdir(parents=True, exist_ok=True)
        (tmp / sub / "meta.json").write_text(text)


def _snapshot(folder: Path) -> dict[str, Any]:
    """Every entry under ``folder`` with its bytes (files), target (links) and times: to compare 'as it was'."""
    seen: dict[str, Any] = {}
    for root, dirs, names in os.walk(folder):
        for n in dirs + names:
            p = Path(root) / n
            info = os.lstat(p)
            body = os.readlink(p) if p.is_symlink() else (p.read_bytes() if p.is_file() else None)
            seen[str(p.relative_to(folder))] = (body, info.st_mode, info.st_mtime_ns, info.st_ino)
    return seen


def _beside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.parent.iterdir())


def test_a_folder_hearts_never_wrote_is_refused_and_untouched(tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    (precious / "drafts").mkdir(parents=True)
    (precious / "thesis.tex").write_text("years of work")
    (precious / "drafts" / "a.txt").write_text("draft")
    before = _snapshot(precious)
    with pytest.raises(ResultsFolderError) as refused, results_folder(precious, replace=True):
        raise AssertionError("the run must not start")
    e = refused.value
    assert e.reason == "not_ours" and e.files == ["drafts/a.txt", "thesis.tex"] and e.path == str(precious)
    assert "thesis.tex" in str(e) and "nothing in it was changed" in str(e) and MANIFEST in str(e)
    assert isinstance(e, ValueError)
    assert _snapshot(precious) == before and _beside(precious) == ["precious"]


def test_files_added_beside_our_results_are_named_and_nothing_is_replaced(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _results(run, "old")
    (run / "notes.txt").write_text("mine")
    (run / "plots").mkdir()
    before = _snapshot(run)
    with pytest.raises(ResultsFolderError) as refused:
        _results(run, "new")
    assert refused.value.reason == "foreign" and refused.value.files == ["notes.txt", "plots"]
    assert "notes.txt, plots" in str(refused.value) and "hearts did not write" in str(refused.value)
    assert _snapshot(run) == before and _beside(run) == ["run"]


def test_a_result_file_changed_since_hearts_wrote_it_is_not_replaced(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _results(run, "old")
    (run / "meta.json").write_text("edited by hand, longer now")
    with pytest.raises(ResultsFolderError) as refused:
        _results(run, "new")
    assert refused.value.reason == "changed" and refused.value.files == ["meta.json"]
    assert (run / "meta.json").read_text() == "edited by hand, longer now"


def test_our_own_results_are_replaced_nested_folders_too(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _results(run, "old", sub="queen_to_leader/deep")
    manifest = json.loads((run / MANIFEST).read_text())
    assert manifest["format"] == "hearts.results" and manifest["files"] == {"queen_to_leader/deep/meta.json": 3}
    _results(run, "new")
    assert sorted(p.name for p in run.iterdir()) == [MANIFEST, "meta.json"] and _beside(run) == ["run"]


def test_results_of_a_version_without_manifests_are_recognised(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "meta.json").write_text(json.dumps({"bots": ["Random"] * 4, SET_FIELD: "a" * 32}))
    (run / "hands.parquet").write_bytes(b"PAR1")
    check_replaceable(run)
    tips = tmp_path / "tips"
    for tip in ("lead_low", "void_short_suit"):
        (tips / tip).mkdir(parents=True)
        (tips / tip / "experiment.json").write_text(json.dumps({SET_FIELD: "b" * 32}))
        (tips / tip / "deals.parquet").write_bytes(b"PAR1")
    check_replaceable(tips)
    (run / "notes.txt").write_text("mine")  # anything else, and it is not recognised
    (tips / "lead_low" / "plays.parquet").write_bytes(b"PAR1")  # a table of another kind of set
    for folder in (run, tips):
        with pytest.raises(ResultsFolderError, match=r"no hearts-results\.json"):
            check_replaceable(folder)
    (run / "notes.txt").unlink()
    (run / "meta.json").write_text('{"bots": []}')  # no set id: not a file hearts wrote
    with pytest.raises(ResultsFolderError):
        check_replaceable(run)


def test_an_empty_folder_is_used_without_replace(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()  # made beforehand, or left empty by a run killed with kill -9
    _results(run, "new", replace=False)
    assert (run / "meta.json").read_text() == "new"
    with pytest.raises(FileExistsError):
        _results(run, "again", replace=False)


def test_files_added_during_the_run_are_refused_and_the_new_results_kept_beside(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _results(run, "old")
    with pytest.raises(ResultsFolderError) as refused, results_folder(run, replace=True) as tmp:
        (tmp / "meta.json").write_text("new")
        (run / "notes.txt").write_text("written while the run ran")
    assert refused.value.reason == "foreign" and refused.value.kept == tmp_path / "run.new"
    assert "the new results are in" in str(refused.value)
    assert (run / "meta.json").read_text() == "old" and (run / "notes.txt").exists()
    assert (tmp_path / "run.new" / "meta.json").read_text() == "new"
    assert _beside(run) == ["run", "run.new"]


# ----- item 17: the working folder inside the folder replaced ----------------------------------------------


def test_replacing_the_working_folder_by_a_relative_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """From inside proj, ../proj: the first rename moved the working folder, and ../proj named another place."""
    proj = tmp_path / "proj"
    _results(proj, "old")
    monkeypatch.chdir(proj)
    _results("../proj", "new")
    assert (proj / "meta.json").read_text() == "new" and _beside(proj) == ["proj"]
    monkeypatch.chdir(proj)  # the working folder went with the earlier results; come back to the new one
    _results(".", "newest")
    assert (proj / "meta.json").read_text() == "newest" and _beside(proj) == ["proj"]


def _failing_rename(monkeypatch: pytest.MonkeyPatch, fail: set[int]) -> list[tuple[str, str]]:
    """``os.rename`` in hearts.files failing (a full disk, say) at the calls numbered in ``fail``."""
    calls: list[tuple[str, str]] = []
    real = os.rename

    def rename(a: Any, b: Any) -> None:
        calls.append((str(a), str(b)))
        if len(calls) in fail:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(a, b)

    monkeypatch.setattr(files.os, "rename", rename)
    return calls


def test_a_failed_replace_from_inside_leaves_the_folder_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    proj = tmp_path / "proj"
    _results(proj, "old")
    before = _snapshot(proj)
    monkeypatch.chdir(proj)
    calls = _failing_rename(monkeypatch, {2})  # the earlier folder moved aside, the new one cannot take its place
    with pytest.raises(OSError, match="No space left"):
        _results("../proj", "new")
    assert len(calls) == 3 and all(os.path.isabs(a) and os.path.isabs(b) for a, b in calls)
    assert _snapshot(proj) == before and _beside(proj) == ["proj"]  # under its own name, no holder, no .tmp


def test_a_put_back_that_fails_says_where_the_folder_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "run"
    _results(run, "old")
    _failing_rename(monkeypatch, {2, 3})
    with pytest.raises(ResultsFolderError) as moved:
        _results(run, "new")
    e = moved.value
    assert e.reason == "moved" and e.kept is not None and (e.kept / "meta.json").read_text() == "old"
    assert str(e.kept) in str(e) and "could not be put back" in str(e) and "nothing" not in str(e)
    assert f"mv {str(e.kept)!r} {str(run)!r}" in str(e)  # the command it gives puts it back
    monkeypatch.undo()
    os.rename(e.kept, run)
    assert (run / "meta.json").read_text() == "old"


def test_a_full_disk_while_finishing_leaves_the_earlier_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "run"
    _results(run, "old")
    before = _snapshot(run)

    def full(folder: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "_write_manifest", full)
    with pytest.raises(OSError, match="No space left"):
        _results(run, "new")
    assert _snapshot(run) == before and _beside(run) == ["run"]


def test_a_link_to_our_results_replaces_the_folder_it_names(tmp_path: Path) -> None:
    real = tmp_path / "data" / "run"
    _results(real, "old")
    link = tmp_path / "latest"
    link.symlink_to(real, target_is_directory=True)
    _results(link, "new")
    assert link.is_symlink() and (real / "meta.json").read_text() == "new"
    assert sorted(p.name for p in real.parent.iterdir()) == ["run"]
