"""``--out DIR --force`` on the command line: only results hearts wrote are replaced, and messages are true."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from hearts import files
from hearts.cli import main
from hearts.selfplay import SelfPlayResult

QUIET = ["--no-progress", "--workers", "1", "--quiet"]


def _selfplay(out: str, *extra: str, seed: int = 0) -> list[str]:
    return ["selfplay", "--hands", "20", "--bots", "random", "--seed", str(seed), "--out", out, *extra, *QUIET]


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    return capsys.readouterr().err


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_force_never_deletes_files_hearts_did_not_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 33, item 3: --force emptied precious/ of files hearts never wrote."""
    precious = tmp_path / "precious"
    (precious / "photos").mkdir(parents=True)
    (precious / "notes.txt").write_text("mine")
    (precious / "photos" / "cat.jpg").write_bytes(b"\xff\xd8")
    before = _tree(precious)
    err = _error(_selfplay(str(precious), "--force"), capsys)
    assert "argument --out:" in err and "notes.txt" in err and "nothing in it was changed" in err
    assert _tree(precious) == before and sorted(p.name for p in tmp_path.iterdir()) == ["precious"]


def test_force_replaces_earlier_results_and_refuses_them_with_a_file_added(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    assert main(_selfplay(str(run))) == 0
    first = (run / "hands.parquet").read_bytes()
    assert main(_selfplay(str(run), "--force", seed=1)) == 0
    assert (run / "hands.parquet").read_bytes() != first and len(SelfPlayResult.from_parquet(run).hands) == 80
    (run / "analysis.ipynb").write_text("{}")
    before = _tree(run)
    err = _error(_selfplay(str(run), "--force", seed=2), capsys)
    assert "analysis.ipynb" in err and "hearts did not write" in err
    assert _tree(run) == before and sorted(p.name for p in tmp_path.iterdir()) == ["run"]


def test_force_from_inside_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33, item 17: from inside proj, --out ../proj --force lost the folder and said nothing changed."""
    proj = tmp_path / "proj"
    proj.mkdir()
    (proj / "a.txt").write_text("mine")
    monkeypatch.chdir(proj)
    err = _error(_selfplay("../proj", "--force"), capsys)
    assert "a.txt" in err and "nothing in it was changed" in err
    assert _tree(proj) == {"a.txt": b"mine"} and sorted(p.name for p in tmp_path.iterdir()) == ["proj"]
    (proj / "a.txt").unlink()
    assert main(_selfplay("../proj")) == 0  # an empty folder is used
    monkeypatch.chdir(proj)  # a new folder took the old one's place: the shell would cd into it again
    assert main(_selfplay("../proj", "--force", seed=3)) == 0  # our results, replaced from inside
    assert SelfPlayResult.from_parquet(proj).meta["seed"] == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proj"]


def test_a_failed_replace_says_nothing_changed_only_when_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    proj = tmp_path / "proj"
    assert main(_selfplay(str(proj))) == 0
    before = _tree(proj)
    monkeypatch.chdir(proj)
    real = os.rename
    calls: list[Any] = []

    def rename(a: Any, b: Any) -> None:  # the new folder cannot take the earlier one's place
        calls.append(a)
        if Path(a).name.endswith(".tmp") and Path(b).name == "proj":
            raise OSError(errno.EIO, "Input/output error")
        real(a, b)

    monkeypatch.setattr(files.os, "rename", rename)
    err = _error(_selfplay("../proj", "--force", seed=1), capsys)
    assert "Input/output error" in err and "nothing there was changed" in err
    assert _tree(proj) == before and sorted(p.name for p in tmp_path.iterdir()) == ["proj"]
    calls.clear()

    def stuck(a: Any, b: Any) -> None:  # and the earlier folder cannot be put back either
        calls.append(a)
        if len(calls) >= 2:
            raise OSError(errno.EIO, "Input/output error")
        real(a, b)

    monkeypatch.setattr(files.os, "rename", stuck)
    err = _error(_selfplay("../proj", "--force", seed=1), capsys)
    assert "nothing there was changed" not in err and "could not be put back" in err
    holder = next(p for p in tmp_path.iterdir() if p.name.endswith(".old"))
    assert str(holder / "old") in err and _tree(holder / "old") == before
