"""How long the game table takes to handle one card click in Python.

A click runs the whole handler: the engine checks and plays the card, the
bots play until it is South's turn again, every frame of the table is drawn
as SVG, the game is saved to disk, and the widgets are updated. The browser's
own work (and the optional animation delay between the bots' cards) is not
included. Prints the median and the 90th percentile per bot level.

Usage: python benchmarks/widget_click.py [--hands N] [--levels random,rule,expert]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from hearts import Phase
from hearts_widgets import GameTable
from hearts_widgets.levels import available_levels


def clicks(level: str, hands: int, folder: str) -> tuple[list[float], list[float]]:
    """Times (seconds) of every playing click, and of every passing click, over ``hands`` hands."""
    t = GameTable(number=2026, level=level, target_score=10_000, data_dir=folder, paced=False)
    play: list[float] = []
    other: list[float] = []
    while t.model.hand.hand_number <= hands:
        h = t.model.hand
        if h.is_over:
            if t.model.hand.hand_number == hands:
                break
            t.press("next")
            continue
        if h.phase is Phase.PASSING:
            for c in list(h.hand_of(0))[-3:]:
                s = time.perf_counter()
                t.click_card(c.code)
                other.append(time.perf_counter() - s)
            t.press("pass")
            continue
        c = h.legal_moves.lowest()
        s = time.perf_counter()
        t.click_card(c.code)
        play.append(time.perf_counter() - s)
    return play, other


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=4)
    ap.add_argument("--levels", default=",".join(x for x in available_levels() if x != "master"))
    args = ap.parse_args()
    print(f"{'level':<8} {'clicks':>6} {'median ms':>10} {'p90 ms':>8}   (card plays; pass-selection clicks below)")
    for level in args.levels.split(","):
        with tempfile.TemporaryDirectory() as d:
            hands = args.hands if level in ("random", "rule") else 1
            play, other = clicks(level, hands, d)
        q = statistics.quantiles(play, n=10)
        print(f"{level:<8} {len(play):>6} {1000 * statistics.median(play):>10.1f} {1000 * q[-1]:>8.1f}")
        if other:
            print(f"{'  select':<8} {len(other):>6} {1000 * statistics.median(other):>10.1f}")


if __name__ == "__main__":
    main()
