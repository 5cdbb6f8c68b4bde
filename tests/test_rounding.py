"""No displayed interval end or effect hides its sign (issue 33, item 9).

An interval from -0.001 to 0.68 written "0.00 to 0.68" (or a table cell "-0.00") reads as touching zero
when it lies below it. The helpers write each number, or each table column, with enough decimals; the
tutorials display their result tables with them instead of rounding to a fixed number of digits.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest

from hearts.messages import figures, text
from hearts.study import Study, UnsupportedClaim, readable

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
FIXED_ROUNDING = re.compile(r"\.round\(\s*\d|\bround\([^()]*,\s*\d\s*\)")


def code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", sorted(TUTORIALS.glob("*/*.ipynb")) + sorted(TUTORIALS.glob("apps/*/*.ipynb")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_tutorial_rounds_a_table_to_fixed_digits(path: Path) -> None:
    rounded = [line for source in code_cells(path) for line in source.splitlines() if FIXED_ROUNDING.search(line)]
    assert not rounded, f"{path.name} rounds to fixed digits (use Study.table / hearts.study.readable): {rounded}"


def test_figures_keep_the_sign_of_small_values() -> None:
    assert figures([-0.001, 0.68]) == ["-0.001", "0.680"]
    assert figures([0.004, -0.7], "es") == ["0,004", "-0,700"]
    assert figures([-0.003]) == ["-0.003"]
    assert figures([0.0, 0.25]) == ["0.00", "0.25"]  # zero stays zero, without extra decimals
    assert figures([-2e-9, 0.5]) == ["-2.0e-09", "0.50"]  # too small for six decimals: scientific, sign kept


def test_readable_gives_each_float_column_enough_decimals() -> None:
    frame = pd.DataFrame({"hands": [40, 12], "effect": [-0.41, 0.25], "ci_low": [-0.8, -0.001],
                          "ci_high": [0.004, 0.68], "note": ["a", "b"]}, index=pd.Index(["x", "y"], name="group"))
    shown = readable(frame)
    assert shown["ci_low"].tolist() == ["-0.800", "-0.001"]
    assert shown["ci_high"].tolist() == ["0.004", "0.680"]
    assert shown["effect"].tolist() == ["-0.41", "0.25"]
    assert shown["hands"].tolist() == [40, 12] and shown["note"].tolist() == ["a", "b"]
    assert shown.index.equals(frame.index)
    assert "-0.001" in shown.to_string() and "-0.00 " not in shown.to_string()
    assert frame["ci_low"].tolist() == [-0.8, -0.001]  # the caller's frame is left as it was
    assert readable(frame, "es")["ci_low"].tolist() == ["-0,800", "-0,001"]
    assert Study(lang="es").table(frame, 1)["effect"].tolist() == ["-0,4", "0,2"]


def test_readable_keeps_missing_values_missing() -> None:
    shown = readable(pd.DataFrame({"ci_low": [float("nan"), -0.002]}))
    assert pd.isna(shown["ci_low"].iloc[0]) and shown["ci_low"].iloc[1] == "-0.002"


def test_takeaway_and_check_keep_the_sign_of_an_interval_end(capsys: pytest.CaptureFixture[str]) -> None:
    study = Study()
    assert study.takeaway("tut.pass.group", 0.34, -0.001, 0.68) == text(
        "tut.pass.group.unclear", "en", lo="-0.001", hi="0.680")
    assert study.takeaway("tut.pass.group", -0.2, -0.4, -0.004) == text(
        "tut.pass.group.better", "en", effect="0.200", lo="0.004", hi="0.400")
    Study(lang="es").check("tut.pass.claim.queen", -0.4, -0.003, expected="better")
    assert "-0,003" in capsys.readouterr().out
    with pytest.raises(UnsupportedClaim, match=r"-0\.001"):
        study.check("tut.pass.claim.queen", -0.001, 0.5, expected="better")
