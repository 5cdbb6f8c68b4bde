"""The tournament of the built-in levels (random, rule, expert): ranking, pairwise effects and timings.

Run: python benchmarks/tournament_levels.py [n_deals] [workers] [seed]
(defaults 20, 2, 13). Every deal is played in the 12 rotations of the tables AABC, ABBC, ABCC, so each
level sits in every seat against both others; the expert's search dominates the time.
"""

from __future__ import annotations

import sys
import time

from hearts.tournament import tournament


def main() -> None:
    n_deals = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 13
    start = time.perf_counter()
    r = tournament(["random", "rule", "expert"], n_deals=n_deals, seed=seed, workers=workers, progress=False)
    seconds = time.perf_counter() - start
    hands = r.n_deals * len(r.seatings)
    print(r.summary("en"))
    print(f"{n_deals} deals x {len(r.seatings)} seatings = {hands} hands in {seconds:.1f} s "
          f"({seconds / hands:.2f} s per hand; workers={workers}, seed={seed})")  # fmt: skip


if __name__ == "__main__":
    main()
