"""The core runs without the data stack: numpy, pandas, pyarrow and matplotlib absent, and Jupyter too.

The static site runs the package where none of them exists and without the C kernel (the pure-Python path).
Each test here starts a fresh process whose imports of those packages fail (:mod:`lean_support`), on
``HEARTS_KERNEL=python``, and checks there that

- every module the site needs imports (the engine, the bots, records, the review, the hint words, the table's
  models), while the data modules (self-play, experiments) still refuse cleanly for want of numpy;
- a whole game at every level runs through the table model, hints in English and Spanish included: ``random``
  and ``rule`` to 100 points; ``expert`` and ``master`` at their real budgets to 1 point, a whole game of one
  hand (a game to 100 at master takes minutes on the pure-Python path), and every action and word is the same
  as the same game played here, with everything installed;
- on many positions every level decides the same, card for card and word for word, as it does here;
- a hand's review runs (as plain rows) and equals the one made here, float for float;
- the walkthrough runs to its end in both languages, and a learn-mode game with its rule notes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lean_support import CORE_MODULES, decisions, lessons, review, reviewed_hand, run_blocked, table_games

from hearts import sim

POSITIONS = 120


def test_the_static_sites_modules_import_without_the_data_stack_or_jupyter() -> None:
    out = run_blocked("import_all()")
    failed = {name: why for name, why in out["result"].items() if why != "ok"}
    assert not failed, failed
    assert set(out["result"]) == set(CORE_MODULES)


def test_the_blocker_blocks_and_the_data_modules_say_what_they_need() -> None:
    out = run_blocked("import_error('hearts.selfplay')")
    assert "numpy" in out["result"] and "blocked" in out["result"]
    assert out["refused"] and out["refused"][0] == "numpy"


def test_the_widget_models_need_no_jupyter_but_the_widgets_do() -> None:
    # With the data stack blocked but Jupyter installed, the widget classes still import (lazily, by name).
    out = run_blocked("import_all(('hearts_widgets.table', 'hearts_widgets.walkthrough'))", jupyter=False)
    assert set(out["result"].values()) == {"ok"}, out["result"]
    out = run_blocked("import_error('hearts_widgets.table')")
    assert "ipywidgets" in out["result"]


def test_whole_games_at_every_level_through_the_table_model(tmp_path: Path) -> None:
    lean = run_blocked(f"table_games({str(tmp_path / 'lean')!r})")["result"]
    assert list(lean) == ["random", "rule", "expert", "master"]
    for level, game in lean.items():
        assert max(game["totals"]) >= (100 if level in ("random", "rule") else 1), level
        assert game["recorded"] == [game["totals"]], level  # the finished game is in the history, once
        assert "game is over" in game["message"], level
        hand = game["hands"][0]
        assert sum(1 for a in hand if a[0] == "play") == 52, level
        assert game["hints"] and all(en.startswith("Hint") and es and es != en for en, es in game["hints"]), level
    assert len(lean["random"]["hands"]) > 1 and len(lean["rule"]["hands"]) > 1
    # The same games here, with numpy, pandas and Jupyter loaded, on the kernel this process uses (the native
    # one where built: quick, and it decides as the pure-Python path does). The hints' budget depends on the
    # path (hearts.explain.hint_budget), so their words are compared on one path, in the decisions test below.
    full = table_games(str(tmp_path / "full"), hints=0)
    for level, game in lean.items():
        assert {**game, "hints": []} == full[level], level


def test_every_level_decides_the_same_without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    lean = run_blocked(f"decisions({POSITIONS})")["result"]
    assert len(lean) == POSITIONS
    phases = [row[0] for row in lean]
    assert phases.count("passing") >= 15 and phases.count("playing") >= 60
    # Not all trivial: the expert weighs real choices on most of them.
    assert sum(1 for row in lean if "expected" in row[3][1]) >= POSITIONS // 2
    monkeypatch.setattr(sim, "_KERNEL", "python")
    assert decisions(POSITIONS) == lean
    if sim.native_available():  # and the native kernel, where built, decides as both do
        monkeypatch.setattr(sim, "_KERNEL", "native")
        assert decisions(POSITIONS) == lean


def test_the_review_runs_without_pandas_and_matches_its_dataframes(monkeypatch: pytest.MonkeyPatch) -> None:
    import pandas as pd

    from hearts.review import COLUMNS, DECISION_COLUMNS, decision_rows, decision_table, review_hand, review_rows

    lean = run_blocked("review()")["result"]
    monkeypatch.setattr(sim, "_KERNEL", "python")
    assert review() == lean
    # The rows are the DataFrames' rows, <NA> as None; the tables are those rows, typed.
    hand = reviewed_hand()
    rows = review_rows(hand, 0, worlds=6, pass_worlds=2, check_worlds=30, seed=1)
    df = review_hand(hand, 0, worlds=6, pass_worlds=2, check_worlds=30, seed=1)
    assert len(rows) == len(df) > 14 and all(list(r) == list(COLUMNS) for r in rows)
    pd.testing.assert_frame_equal(df, pd.DataFrame(rows, columns=list(COLUMNS)).astype(df.dtypes.to_dict()))
    decided = decision_rows(rows)
    assert [d["decision"] for d in decided] == list(range(14)) and decided[0]["trick"] is None
    table = decision_table(df)
    pd.testing.assert_frame_equal(table, pd.DataFrame(decided, columns=list(DECISION_COLUMNS)).astype(table.dtypes))
    assert decision_rows(reversed(rows)) == decided  # grouped by decision whatever the order


def test_the_walkthrough_and_learn_mode_run_without_the_data_stack(tmp_path: Path) -> None:
    lean = run_blocked(f"lessons({str(tmp_path / 'lean')!r})")["result"]
    assert len(lean["walkthrough_en"]) == len(lean["walkthrough_es"]) > 52
    assert sum(len(step[3]) for step in lean["walkthrough_en"]) >= 5
    assert lean["learn_game"]["notes"] and max(lean["learn_game"]["totals"]) >= 50
    assert lessons(str(tmp_path / "full")) == lean
