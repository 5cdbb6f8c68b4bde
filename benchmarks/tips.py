"""The nine tips (and the two habits) re-measured: per hand and in whole games, with 95% intervals.

Each tip is the ready experiment of :func:`hearts.experiment.tip_experiments`: the default rule bot (every
tip on, no habit) against the same bot with that one tip off, on duplicate deals, in every seat, the other
seats the tip's own field (hearts.tip_fields.TIP_FIELDS: moon hunters for stop_moon, rule bots for the
rest), or the bots of --field for every tip (e.g. --field expert, or --field expert rule moon). Each tip's
row gives its field and the share of paired hands it changed. The verdicts of the nine are adjusted
together with Holm's method. Whole games report points per hand over the games (the measure game length
does not confound) and the share of games won (a shared win counts 1/k).

Run: python benchmarks/tips.py [--deals N] [--games N] [--seed S] [--workers W] [--field BOT ...]
(defaults 600 deals, 60 games, seed 20261201, 2 workers; --games 0 skips whole games). Use a seed no
figure was tuned on. With --field the run first prints how long it will take (measured on a few hands).
"""

from __future__ import annotations

import argparse
import time
import warnings
from typing import Any

from hearts.bots.tips import HABIT_NAMES
from hearts.experiment import ExperimentWarning, tip_experiment, tip_experiments
from hearts.tip_fields import estimate_time, rare_note


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=600)
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--seed", type=int, default=20261201)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--field", nargs="+", default=None, help="one bot for the other seats, or one per seat")
    args = p.parse_args()
    warnings.simplefilter("ignore", ExperimentWarning)  # the tables say it
    common: dict[str, Any] = {"seed": args.seed, "workers": args.workers, "progress": False}
    if args.field:
        common["field"] = args.field[0] if len(args.field) == 1 else args.field
        estimate = estimate_time(n_deals=args.deals, **common)
        print(f"Expected: {estimate.sentence('en')}")
    start = time.perf_counter()
    hands = tip_experiments(n_deals=args.deals, **common)
    seconds = time.perf_counter() - start
    print(f"Per hand: {args.deals} deals x 8 hands per tip, seed {args.seed}, {seconds:.0f} s")
    table = hands.table()
    table["changed_%"] = [100 * r.changed_share for r in hands]
    table["field"] = [r.meta["field"] for r in hands]
    print(table.round(3).to_string())
    for r in hands:
        note = rare_note(r.meta, r.changed_share, r.deals)
        if note:
            print("-", note)
    for habit in HABIT_NAMES:
        r = tip_experiment(habit, n_deals=args.deals, **common)
        lo, hi = r.ci
        print(f"habit {habit}: {r.effect:+.3f} points per hand (95% CI {lo:+.3f} to {hi:+.3f}), p={r.p_value:.3f}")
    if not args.games:
        return
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
