"""A/A coverage: does the experiments' 95% interval cover a true effect of zero 95% of the time?

Strategy A is the random bot; strategy B is the same random bot with a differently seeded random source
(:class:`OffsetRandom`), so the two play differently on most hands but the true effect is exactly zero.
Many small experiments on fresh seeds each give an interval; the share that holds zero must lie in the
binomial band around 95% (95% of such shares fall within 1.96 standard errors of 0.95). Exits with status
1 outside the band.

Run: python benchmarks/aa_coverage.py [--runs 200] [--deals 20] [--field rule] [--seed 7000]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import warnings

from hearts.bots import RandomBot
from hearts.experiment import ExperimentWarning, compare
from hearts.selfplay import bot_spec


class OffsetRandom(RandomBot):
    """The random bot with another random stream: the same strategy, different choices."""

    name = "Random (other seed)"

    def reseed(self, seed: int | None) -> None:
        super().reseed(None if seed is None else seed ^ 0x5DEECE66D)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--field", default="rule")
    p.add_argument("--seed", type=int, default=7000, help="first seed; run i uses seed + i")
    args = p.parse_args()
    warnings.simplefilter("ignore", ExperimentWarning)
    start = time.perf_counter()
    covered = identical = 0
    for i in range(args.runs):
        r = compare("random", bot_spec(OffsetRandom), n_deals=args.deals, field=args.field, seed=args.seed + i,
                    workers=1, progress=False)  # fmt: skip
        lo, hi = r.ci
        covered += lo <= 0.0 <= hi
        identical += r.identical
    share = covered / args.runs
    half = 1.96 * math.sqrt(0.95 * 0.05 / args.runs)
    inside = 0.95 - half <= share <= 0.95 + half
    print(f"A/A: {covered} of {args.runs} intervals hold zero ({100 * share:.1f}%); binomial band "
          f"{100 * (0.95 - half):.1f}% to {100 * (0.95 + half):.1f}%: {'inside' if inside else 'OUTSIDE'}. "
          f"{identical} runs had no paired hand that differed. {args.deals} deals per run, field {args.field}, "
          f"seeds {args.seed}..{args.seed + args.runs - 1}, {time.perf_counter() - start:.0f} s.")  # fmt: skip
    return 0 if inside else 1


if __name__ == "__main__":
    sys.exit(main())
