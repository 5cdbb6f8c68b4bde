"""The path in use is visible (issue 28): ``--version`` and ``info`` name the kernel, and a run on the
pure-Python path for want of a built kernel says so once, with the command that builds it here.

Also: a closed output pipe (``| head``) neither prints a traceback nor loses the results.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import hearts
from hearts import native
from hearts.cli import main

ROOT = Path(hearts.__file__).resolve().parent.parent
QUIET = ["--no-progress", "--workers", "1"]


def _env(**values: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != native.ENV_VAR}
    return {**env, **values}


def test_version_names_the_kernel_in_use() -> None:
    run = [sys.executable, "-m", "hearts", "--version"]
    line = subprocess.run(run, capture_output=True, text=True, check=True, env=_env()).stdout.strip()
    assert re.fullmatch(r"hearts-tutor \S+ \(Python 3\.\d+\.\d+\); kernel: .+", line), line
    if native.MODULE is not None:
        file = line.split("kernel: native (", 1)[1].rstrip(")")
        assert Path(file).is_file() and Path(file).name.startswith("_kernel.")
        chosen = subprocess.run(run, capture_output=True, text=True, check=True, env=_env(HEARTS_KERNEL="python"))
        assert "kernel: pure Python, chosen by HEARTS_KERNEL=python" in chosen.stdout
    else:
        assert "kernel: pure Python (the native kernel is not built here" in line


def test_info_says_version_python_kernel_and_cores(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["info"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("hearts-tutor ") and "kernel: " in out[0]
    assert out[1] == f"Python {sys.version.split()[0]}: {sys.executable}"
    assert out[2] == f"package: {Path(hearts.__file__).parent}"
    assert out[-1].startswith("cores available: ")
    assert main(["info", "--lang", "es"]) == 0
    assert "núcleo: " in capsys.readouterr().out


@pytest.fixture
def no_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process as an install without a C compiler sees it: no hearts._kernel anywhere."""
    real = importlib.util.find_spec
    monkeypatch.setattr(native, "MODULE", None)
    monkeypatch.setattr(native, "USE", False)
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "hearts._kernel" else real(name, *a)
    )


def test_the_pure_python_path_says_once_how_to_build_the_kernel(
    no_kernel: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["selfplay", "--hands", "4", "--bots", "random", "--workers", "2", "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert err.count("Note: this run takes the slower path") == 1, err
    assert "the native kernel is not built here" in err and "about 15 times faster" in err
    command = err.strip().rsplit("run: ", 1)[1]
    assert command == f"pip install -e {ROOT}"
    # The command is true: ROOT is a checkout whose build compiles hearts/_kernel.c as an optional extension,
    # and the README gives the same command.
    setup = (ROOT / "setup.py").read_text()
    assert 'Extension("hearts._kernel", ["hearts/_kernel.c"], optional=True)' in setup
    assert (ROOT / "hearts" / "_kernel.c").is_file()
    assert "`pip install -e .`" in (ROOT / "README.md").read_text()
    for argv in (
        ["tournament", "--bots", "random", "rule", "--deals", "2", *QUIET, "--lang", "es"],
        ["experiment", "--a", "random", "--b", "rule", "--deals", "2", *QUIET],
    ):
        assert main(argv) == 0
        err = capsys.readouterr().err
        assert err.count("this run takes the slower path") + err.count("va por el camino lento") == 1, err
    assert main(["selfplay", "--hands", "4", "--bots", "random", *QUIET, "--quiet"]) == 0
    assert capsys.readouterr().err == ""  # --quiet: errors only


def test_a_kernel_built_from_older_code_is_named_unusable(
    no_kernel: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.machinery.ModuleSpec("hearts._kernel", None, origin="/x/hearts/_kernel.so")
    real = importlib.import_module
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: spec)
    old = type(sys)("hearts._kernel")
    old.API = 1  # type: ignore[attr-defined]
    monkeypatch.setattr(importlib, "import_module", lambda name, *a: old if name == "hearts._kernel" else real(name))
    assert main(["selfplay", "--hands", "2", "--bots", "random", *QUIET]) == 0
    err = capsys.readouterr().err
    assert f"/x/hearts/_kernel.so cannot be used: it was built from an older hearts/_kernel.c (API 1; this code " \
        f"needs {native.API})" in err  # fmt: skip


def test_the_kernel_in_use_is_not_a_notice(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "USE", False)  # HEARTS_KERNEL=python where the kernel is built: chosen, not missing
    monkeypatch.setattr(native, "MODULE", native.MODULE or type(sys)("hearts._kernel"))
    assert main(["selfplay", "--hands", "2", "--bots", "random", *QUIET]) == 0
    assert capsys.readouterr().err == ""


def test_a_closed_output_pipe_is_no_traceback_and_the_results_are_saved(tmp_path: Path) -> None:
    """``python -m hearts selfplay … --out run | head -1``: the summary met a closed pipe and the run was lost."""
    p = subprocess.Popen(
        [sys.executable, "-m", "hearts", "selfplay", "--hands", "30", "--bots", "random", "--out", "run", *QUIET],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()  # the reader goes away before anything is printed
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 0 and "Traceback" not in err and "Exception ignored" not in err, err
    assert (tmp_path / "run" / "meta.json").is_file()
