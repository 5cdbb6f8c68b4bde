"""A small, bounded version of benchmarks/room_load.py: a real server on 127.0.0.1, simulated players.

The figures are printed (``-s`` shows them); the test asserts only what must hold on any machine: every card
sent on a player's turn reached every screen of its table, and none was refused.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "room_load.py"


def test_two_tables_of_simulated_players_lose_no_move() -> None:
    spec = importlib.util.spec_from_file_location("room_load", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules["room_load"] = bench
    spec.loader.exec_module(bench)
    result = bench.run(tables=2, seconds=4, seed=11)
    print(result.report())
    assert result.errors == []
    assert result.lost == 0
    assert result.moves >= 20 and len(result.latencies_ms) == result.moves
    assert result.rss_mib > 0
