"""The nine tips (and the two habits) re-measured: per hand and in whole games, with 95% intervals.

Each tip is the ready experiment of :func:`hearts.experiment.tip_experiments`: the default rule bot (every
tip on, no habit) against the same bot with that one tip off, on duplicate deals, in every seat, the other
seats default rule bots. The verdicts of the nine are adjusted together with Holm's method. Whole games
report points per hand over the games (the measure game length does not confound) and the share of games
won (a shared win counts 1/k).

Run: python benchmarks/tips.py [--deals N] [--games N] [--seed S] [--workers W]
(defaults 600 deals, 60 games, seed 20261201, 2 workers). Use a seed no figure was tuned on.
"""

from __future__ import annotations

import argparse
import time
import warnings

from hearts.bots.tips import HABIT_NAMES
from hearts.experiment import ExperimentWarning, tip_experiment, tip_experiments


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=600)
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--seed", type=int, default=20261201)
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args()
    warnings.simplefilter("ignore", ExperimentWarning)  # the tables say it
    common = {"seed": args.seed, "workers": args.workers, "progress": False}
    start = time.perf_counter()
    hands = tip_experiments(n_deals=args.deals, **common)
    print(f"Per hand: {args.deals} deals x 8 hands per tip, seed {args.seed}, "
          f"{time.perf_counter() - start:.0f} s")  # fmt: skip
    print(hands.table().round(3).to_string())
    for habit in HABIT_NAMES:
        r = tip_experiment(habit, n_deals=args.deals, **common)
        lo, hi = r.ci
        print(f"habit {habit}: {r.effect:+.3f} points per hand (95% CI {lo:+.3f} to {hi:+.3f}), p={r.p_value:.3f}")
    start = time.perf_counter()
    games = tip_experiments(unit="games", n_games=args.games, **common)
    print(f"\nWhole games: {args.games} games x 8 per tip (target 100), seed {args.seed}, "
          f"{time.perf_counter() - start:.0f} s")  # fmt: skip
    print(games.table().round(3).to_string())
    for r in games:
        lo, hi = r.hands_ci
        print(f"{r.meta['tip']}: games {r.hands_effect:+.2f} hands longer (95% CI {lo:+.2f} to {hi:+.2f}); "
              f"final score {r.score_effect:+.2f}; corr(score diff, length diff) {r.length_correlation:.2f}")


if __name__ == "__main__":
    main()
