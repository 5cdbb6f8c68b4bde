"""How strong is a learner who always follows Hint, and how long does a hint take? (issue 34)

Each fresh deal is played with the seat under test in each of the four seats, against three rule bots and
against three experts. In that seat sit, on the same deals and beside the same opponents: the learner who
always plays the hinted pass and card (:class:`hearts.explain.HintBot`, the table's Hint), the expert
(:class:`~hearts.bots.expert.ExpertBot` at its default budget) and the rule bot. Points per hand for the seat
are reported with 95% t-intervals over deals (each deal's four seats averaged as one unit), and the learner's
difference from the expert, paired deal by deal (goal: within 0.2 points per hand).

Hint time: the time :func:`hearts.explain.hint` takes (the expert's evaluation, the tip's check in fresh deals,
the words), median and worst over every hint of the match, on the path in use; ``--python-times N`` also times
N hints on the pure-Python path (``HEARTS_KERNEL=python``, in a child process) at its budget
(:func:`hearts.explain.hint_budget`), and the strength that budget costs (the pure-Python budget's learner
against three rule bots beside the full budget's, on the same deals).

Run::

    python benchmarks/hint_strength.py --deals 40 --first 9_400_001 --python-times 300

or in chunks of fresh deals (``--deals 5 --first 9_500_001 --per-deal chunk.json``, then the next five ...),
pooling the chunks' per-deal points: every bot is seeded by the deal and seat, so a chunk plays exactly as it
would inside one long run.

Figures measured (see the closing note of issue 34 and README "Hints"): printed by the script.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from hearts import Deal, HandState
from hearts.bots import RuleBot
from hearts.bots.base import Bot
from hearts.bots.expert import ExpertBot
from hearts.explain import HintBot, hint, hint_budget
from hearts.hand import Phase
from hearts.observation import Observation
from hearts.stats import t_interval


def play(deal_number: int, seat: int, bots: list[Bot]) -> int:
    """The hand score of ``seat`` when ``bots`` play deal ``deal_number`` (hand 1: passing left)."""
    h = HandState(Deal.from_number(deal_number))
    if h.phase is Phase.PASSING:
        chosen = [bots[s].decide_pass(h.observation(s)).cards for s in range(4)]
        for s in range(4):
            h.pass_cards(s, chosen[s])
    while h.phase is Phase.PLAYING:
        s = h.to_play
        h.play(bots[s].decide_play(h.observation(s)).card, s)
    if h.phase is Phase.MOON_CHOICE:
        s = h.to_play
        h.choose_moon(s, bots[s].choose_moon(h.observation(s)))
    return int(h.result().scores[seat])


class Timed(Bot):
    """A bot that times each decision of ``inner``."""

    def __init__(self, inner: Bot, times: list[float]) -> None:
        super().__init__(0)
        self.inner, self.times = inner, times
        self.name = inner.name

    def decide_play(self, obs: Observation):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        d = self.inner.decide_play(obs)
        self.times.append(time.perf_counter() - t)
        return d

    def decide_pass(self, obs: Observation):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        d = self.inner.decide_pass(obs)
        self.times.append(time.perf_counter() - t)
        return d

    def choose_moon(self, obs: Observation) -> str:
        return self.inner.choose_moon(obs)


def fmt(values: list[float]) -> str:
    m = statistics.fmean(values)
    lo, hi = t_interval(values)
    return f"{m:5.2f} [95% {lo:5.2f}, {hi:5.2f}]"


def match(deals: range, opponents: Callable[[int, int], Bot], learners: dict[str, Callable[[int], Bot]],
          times: list[float]) -> dict[str, list[float]]:  # fmt: skip
    """Per deal, the mean over the four seats of each learner's hand score."""
    out: dict[str, list[float]] = {name: [] for name in learners}
    for d in deals:
        for name, make in learners.items():
            total = 0
            for seat in range(4):
                bots = [opponents(d, s) for s in range(4)]
                bots[seat] = make(d * 4 + seat)
                if name == "hint":
                    bots[seat] = Timed(bots[seat], times)
                total += play(d, seat, bots)
            out[name].append(total / 4)
    return out


def python_times(count: int, first: int) -> list[float]:
    """Hint times on the pure-Python path, from a child process (the path is chosen when hearts is imported)."""
    code = (
        "import json,sys,time\n"
        "from hearts import Deal, HandState\n"
        "from hearts.bots import RuleBot\n"
        "from hearts.explain import hint\n"
        "from hearts.hand import Phase\n"
        "from hearts import sim\n"
        "assert sim.kernel() == 'python'\n"
        f"count, d = {count}, {first}\n"
        "times = []\n"
        "rule = RuleBot()\n"
        "while len(times) < count:\n"
        "    h = HandState(Deal.from_number(d)); d += 1\n"
        "    for s in range(4):\n"
        "        t = time.perf_counter(); hint(h.observation(s)); times.append(time.perf_counter() - t)\n"
        "    for s in range(4):\n"
        "        h.pass_cards(s, rule.decide_pass(h.observation(s)).cards)\n"
        "    while h.phase is Phase.PLAYING and len(times) < count:\n"
        "        s = h.to_play; o = h.observation(s)\n"
        "        t = time.perf_counter(); hint(o); times.append(time.perf_counter() - t)\n"
        "        h.play(rule.decide_play(o).card, s)\n"
        "print(json.dumps(times))\n"
    )
    env = dict(os.environ, HEARTS_KERNEL="python")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--first", type=int, default=9_400_001, help="first deal number (fresh: never used for tuning)")
    ap.add_argument("--python-times", type=int, default=0, help="hints to time on the pure-Python path")
    ap.add_argument("--python-strength", action="store_true",
                    help="also play the pure-Python budget's learner against rule bots")  # fmt: skip
    ap.add_argument("--per-deal", metavar="PATH",
                    help="write each deal's points per learner as JSON (to pool runs)")  # fmt: skip
    args = ap.parse_args()
    per_deal: dict[str, object] = {"first": args.first, "deals": args.deals}
    deals = range(args.first, args.first + args.deals)
    w, pw = hint_budget()
    print(f"deals {deals.start}..{deals.stop - 1} ({args.deals}), hint budget on this path: {w} worlds, {pw} per pass")
    learners: dict[str, Callable[[int], Bot]] = {
        "hint": lambda seed: HintBot(),
        "expert": lambda seed: ExpertBot(seed),
        "rule": lambda seed: RuleBot(),
    }
    if args.python_strength:
        pw_worlds, pw_pass = hint_budget("python")
        learners["hint@python-budget"] = lambda seed: HintBot(worlds=pw_worlds, pass_worlds=pw_pass)
    times: list[float] = []
    t0 = time.perf_counter()
    for label, opponents in (
        ("3 rule bots", lambda d, s: RuleBot()),
        ("3 experts", lambda d, s: ExpertBot(seed=d * 4 + s + 7_000_000)),
    ):
        res = match(deals, opponents, learners, times)
        per_deal[label] = res
        print(f"\nagainst {label}: points per hand for the seat (mean of the four seats per deal)")
        for name, vals in res.items():
            print(f"  {name:20s} {fmt(vals)}")
        diff = [a - b for a, b in zip(res["hint"], res["expert"])]
        print(f"  hint - expert        {fmt(diff)}")
        diff = [a - b for a, b in zip(res["hint"], res["rule"])]
        print(f"  hint - rule bot      {fmt(diff)}")
        if "hint@python-budget" in res:
            diff = [a - b for a, b in zip(res["hint@python-budget"], res["hint"])]
            print(f"  python budget - full {fmt(diff)}")
    print(f"\nhint time on this path ({len(times)} hints): median {statistics.median(times) * 1000:.1f} ms, "
          f"worst {max(times) * 1000:.1f} ms")  # fmt: skip
    if args.python_times:
        pt = python_times(args.python_times, args.first)
        print(f"hint time on the pure-Python path ({len(pt)} hints, budget {hint_budget('python')}): "
              f"median {statistics.median(pt) * 1000:.1f} ms, worst {max(pt) * 1000:.1f} ms")  # fmt: skip
    print(f"({time.perf_counter() - t0:.0f} s)")
    if args.per_deal:
        per_deal["hint_times"] = times
        with open(args.per_deal, "w", encoding="utf-8") as f:
            json.dump(per_deal, f)
    _ = hint  # the function the table calls; timed through HintBot


if __name__ == "__main__":
    main()
