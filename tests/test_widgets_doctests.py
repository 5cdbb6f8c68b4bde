"""The ``>>>`` examples in the widget modules run as tests (pytest's doctest run covers ``hearts/`` only)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "variants", "table_words", "table_saving",
    "store", "text", "levels", "svgview", "speech", "table_model", "table", "walkthrough_model", "walkthrough",
    "rule_notes", "learn_model", "coach", "dealbox", "address", "quiz", "game_log", "browser_copy",
    "table_panels", "table_pacing", "site_table", "site_walkthrough",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path))
    module = importlib.import_module(f"hearts_widgets.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"hearts_widgets.{name} has no examples"
    assert result.failed == 0
