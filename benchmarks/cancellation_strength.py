"""Cancellation Hearts: expert ahead of rule bot ahead of random, for 6, 8 and 10 players, with intervals.

Two duplicate-deal comparisons per table size (:func:`hearts.experiment.compare`, score per hand, 95%
t-intervals over deals): the expert (pure-Python two-pack search, ``--worlds`` per decision) against the
rule bot in a field of rule bots, and the rule bot against random in a field of random bots.
``docs/cancellation.md`` gives the figures of one run.

The expert's comparison is slow (seconds a deal on an idle core), so it runs in batches of
``--batch`` deals, batch ``k`` on seed ``--seed + k``, the table sizes taking turns, each batch appended
to ``--out`` (JSON lines) as it ends. ``--until HH:MM`` (UTC) stops before starting a batch after that
time; a run with the same ``--out`` skips the batches already there, so a stopped run can go on later and
the result is the same. The summary pools every finished batch of a table size (paired differences of
independent deals: one t-interval).

    python benchmarks/cancellation_strength.py --out /tmp/cs.jsonl                  # the docs' settings
    python benchmarks/cancellation_strength.py --out /tmp/cs.jsonl --until 11:50    # stop at a deadline
    python benchmarks/cancellation_strength.py --out /tmp/cs.jsonl --summary        # the table only
    python benchmarks/cancellation_strength.py --batches 1 --worlds 4 --rule-deals 8  # a quick look

Exit status is 0 whatever the figures (a benchmark informs; tests decide).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import time
from pathlib import Path
from typing import Any

import pandas as pd

from hearts import Rules
from hearts.bots import ExpertBot
from hearts.experiment import ExperimentResult, compare

SIZES = (6, 8, 10)


def _done(out: Path | None) -> list[dict[str, Any]]:
    if out is None or not out.exists():
        return []
    return [json.loads(line) for line in out.read_text().splitlines() if line.strip()]


def _append(out: Path | None, row: dict[str, Any]) -> None:
    if out is None:
        return
    with out.open("a") as f:  # one line a batch: a stopped run loses at most the batch under way
        f.write(json.dumps(row) + "\n")


def _past(until: str | None) -> bool:
    if until is None:
        return False
    hh, mm = (int(x) for x in until.split(":"))
    now = dt.datetime.now(dt.UTC)
    return (now.hour, now.minute) >= (hh, mm)


def _pooled(rows: list[dict[str, Any]], kind: str, n: int) -> ExperimentResult | None:
    mine = [r for r in rows if r["kind"] == kind and r["players"] == n]
    if not mine:
        return None
    deals = pd.concat([pd.DataFrame(r["deals"]) for r in mine], ignore_index=True)
    deals["deal"] = range(len(deals))
    return ExperimentResult(mine[0]["a"], mine[0]["b"], deals, meta={"seeds": sorted({r["seed"] for r in mine})})


def _line(res: ExperimentResult | None) -> str:
    if res is None:
        return "not run"
    lo, hi = res.ci
    seeds = res.meta["seeds"]
    span = f"seed {seeds[0]}" if len(seeds) == 1 else f"seeds {seeds[0]}–{seeds[-1]}"
    return f"{res.effect:+.2f} ({lo:+.2f} to {hi:+.2f}), {res.n_deals} deals, {span}"


def summary(rows: list[dict[str, Any]]) -> str:
    """The table of ``docs/cancellation.md`` from the finished batches."""
    lines = ["| players | expert vs rule bot, field of rule bots | rule bot vs random, field of random bots |",
             "|---|---|---|"]  # fmt: skip
    for n in SIZES:
        lines.append(f"| {n} | {_line(_pooled(rows, 'expert', n))} | {_line(_pooled(rows, 'rule', n))} |")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--worlds", type=int, default=32, help="the expert's worlds per decision")
    p.add_argument("--batches", type=int, default=60, help="batches of the expert comparison per table size")
    p.add_argument("--batch", type=int, default=2, help="duplicate deals a batch (2 or more)")
    p.add_argument("--rule-deals", type=int, default=200, help="duplicate deals, rule bot against random")
    p.add_argument("--seed", type=int, default=3100, help="seed of batch 0 (batch k: seed + k); rule bot: seed - 1")
    p.add_argument("--until", default=None, help="HH:MM UTC: start no batch after this time")
    p.add_argument("--out", type=Path, default=None, help="JSON lines file of finished batches (resumed)")
    p.add_argument("--summary", action="store_true", help="print the table of --out and stop")
    args = p.parse_args()
    rows = _done(args.out)
    if not args.summary:
        have = {(r["kind"], r["players"], r["seed"]) for r in rows}
        jobs: list[tuple[str, int, int]] = [("rule", n, args.seed - 1) for n in SIZES]
        jobs += [("expert", n, args.seed + k) for k in range(args.batches) for n in SIZES]
        for kind, n, seed in jobs:
            if (kind, n, seed) in have:
                continue
            if _past(args.until):
                print(f"stopped at {args.until} UTC")
                break
            rules = Rules.cancellation(n)
            start = time.time()
            if kind == "expert":
                res = compare(ExpertBot(seed=0, worlds=args.worlds), "rule", n_deals=args.batch, field="rule",
                              rules=rules, seed=seed, workers=1, progress=False)  # fmt: skip
            else:
                res = compare("rule", "random", n_deals=args.rule_deals, field="random", rules=rules,
                              seed=seed, workers=1, progress=False)  # fmt: skip
            row = {"kind": kind, "players": n, "seed": seed, "worlds": args.worlds, "a": res.a, "b": res.b,
                   "seconds": round(time.time() - start, 1), "deals": res.deals.to_dict(orient="list")}  # fmt: skip
            _append(args.out, row)
            rows.append(row)
            print(f"{kind} {n} players seed {seed}: {res.effect:+.2f} ({row['seconds']} s)", flush=True)
    print(summary(rows))


if __name__ == "__main__":
    main()
