"""Cancellation Hearts: expert ahead of rule bot ahead of random, for 6, 8 and 10 players, with intervals.

Two duplicate-deal comparisons per table size (:func:`hearts.experiment.compare`, score per hand, 95%
intervals): the expert (pure-Python two-pack search, ``--worlds`` per decision) against the rule bot in a
field of rule bots, and the rule bot against random in a field of random bots. ``docs/cancellation.md``
gives the figures of one run.

    python benchmarks/cancellation_strength.py                       # the docs' settings (about 15 min)
    python benchmarks/cancellation_strength.py --deals 4 --worlds 4  # a quick look

Exit status is 0 whatever the figures (a benchmark informs; tests decide).
"""

from __future__ import annotations

import argparse
import time

from hearts import Rules
from hearts.bots import ExpertBot
from hearts.experiment import compare


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--worlds", type=int, default=32, help="the expert's worlds per decision")
    p.add_argument("--deals", type=int, default=12, help="duplicate deals, expert against rule bot")
    p.add_argument("--rule-deals", type=int, default=80, help="duplicate deals, rule bot against random")
    p.add_argument("--seed", type=int, default=2028, help="seed of the expert comparison (the other: seed - 1)")
    p.add_argument("--workers", type=int, default=1, help="worker processes")
    args = p.parse_args()
    for n in (6, 8, 10):
        rules = Rules.cancellation(n)
        start = time.time()
        expert = compare(ExpertBot(seed=0, worlds=args.worlds), "rule", n_deals=args.deals, field="rule",
                         rules=rules, seed=args.seed, workers=args.workers, progress=False)  # fmt: skip
        rule = compare("rule", "random", n_deals=args.rule_deals, field="random", rules=rules,
                       seed=args.seed - 1, workers=args.workers, progress=False)  # fmt: skip
        print(f"{n} players ({time.time() - start:.0f} s)")
        print(f"  expert (worlds={args.worlds}) vs rule bot: {expert!r}")
        print(f"  rule bot vs random:                {rule!r}")


if __name__ == "__main__":
    main()
