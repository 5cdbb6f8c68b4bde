"""How many deals does a learner in learn mode need to meet every rule, and which rules are rare?

Each simulated learner plays whole games at the table (:class:`hearts_widgets.TableModel`, learn mode, rule
bots, games to 100) with a fresh progress folder, until every rule with a note has been met or ``--max-hands``
hands have been played. The learner plays either the rule bot's choices (``rule``, a careful player) or random
legal cards (``random``). Every action goes through the same detectors as the notes
(:func:`hearts_widgets.rule_notes.fired`), so besides the hands until each rule is first met the script counts
how often each rule occurs at all: the share of hands in which it comes up.

Prints, per policy: the mean and median number of hands (deals) until every rule was met (learners who had
not met them all by ``--max-hands`` are counted apart and left out of the mean), then a table of the rules,
rarest first: the share of hands in which the rule occurred (with a 95 % Wilson interval) and the mean hands
until first met. The learner seeds start at ``--seed`` and are not the seeds the tests use.

Usage: python benchmarks/learn_rules.py [--learners N] [--max-hands N] [--policies rule,random] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from hearts.bots.rule_bot import RuleBot
from hearts.hand import Phase
from hearts_widgets import TableModel
from hearts_widgets.learn_model import Lesson
from hearts_widgets.rule_notes import RULES, Event, fired


class CountingLesson(Lesson):
    """A lesson that also counts every rule occurring in each hand (met before or not)."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.in_hand: set[str] = set()

    def observe(self, e: Event) -> None:
        self.in_hand.update(rule for rule, _ in fired(e))
        super().observe(e)


class QuietTable(TableModel):
    """The table without its save file (the progress file is still written): the figures need no disk."""

    def _save_game(self, *, claim: Any = None) -> None:
        pass


def one_learner(seed: int, policy: str, max_hands: int) -> tuple[dict[str, int], list[set[str]]]:
    """Hands until each rule was first met (1-based), and the rules occurring in each hand played."""
    rng = random.Random(seed)
    bot = RuleBot()
    first: dict[str, int] = {}
    per_hand: list[set[str]] = []
    with tempfile.TemporaryDirectory() as folder:
        lesson = CountingLesson(Path(folder))
        while len(first) < len(RULES) and len(per_hand) < max_hands:
            m = QuietTable(number=rng.randrange(10**9), level="rule", data_dir=folder, learn=True, resume=False)
            m.lesson = lesson
            lesson.in_hand = set()
            while len(per_hand) < max_hands:
                h = m.hand
                if h.phase is Phase.PASSING:
                    obs = m.game.observation(0)
                    cards = bot.choose_pass(obs) if policy == "rule" else rng.sample(list(h.hand_of(0)), 3)
                    for c in cards:
                        m.click_card(c.code)
                    m.press("pass")
                while not m.hand.is_over:
                    obs = m.game.observation(0)
                    c = bot.choose_play(obs) if policy == "rule" else rng.choice(list(m.hand.legal_moves))
                    m.click_card(c.code)
                per_hand.append(lesson.in_hand)
                lesson.in_hand = set()  # the next hand's deal (a hand with no pass?) counts for the next hand
                for rule in lesson.progress.seen:
                    first.setdefault(rule, len(per_hand))
                if m.game.is_over or len(first) == len(RULES):
                    break
                m.press("next")
    return first, per_hand


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion k / n."""
    if n == 0:
        return math.nan, math.nan
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--learners", type=int, default=24)
    ap.add_argument("--max-hands", type=int, default=400)
    ap.add_argument("--policies", default="rule,random")
    ap.add_argument("--seed", type=int, default=20261201)
    args = ap.parse_args()
    for policy in args.policies.split(","):
        start = time.perf_counter()
        results = [one_learner(args.seed + i, policy, args.max_hands) for i in range(args.learners)]
        done = [max(first.values()) for first, _ in results if len(first) == len(RULES)]
        hands = [h for _, per_hand in results for h in per_hand]
        print(f"\n== learner plays {policy} choices: {args.learners} learners, rule bots, games to 100 ==")
        print(f"hands played: {len(hands)} in {time.perf_counter() - start:.0f} s")
        if done:
            sd = statistics.stdev(done) if len(done) > 1 else 0.0
            print(
                f"hands until every rule was met: mean {statistics.mean(done):.1f} "
                f"(± {1.96 * sd / math.sqrt(len(done)):.1f}, 95 %), median {statistics.median(done):.0f}, "
                f"range {min(done)}-{max(done)}, over the {len(done)} learners who met them all"
            )
        print(f"learners who had not met every rule after {args.max_hands} hands: {args.learners - len(done)}")
        # Rules most learners never met are rare: how long do the others take?
        never = {r for r in RULES if not any(r in first for first, _ in results)}
        rare = {r for r in RULES if sum(1 for first, _ in results if r in first) < args.learners / 2}
        for left_out in sorted({frozenset(never), frozenset(rare)} - {frozenset()}, key=len):
            common = [r for r in RULES if r not in left_out]
            most = [max(first[r] for r in common) for first, _ in results if all(r in first for r in common)]
            if most:
                print(
                    f"hands until every rule but {', '.join(sorted(left_out))} was met: "
                    f"mean {statistics.mean(most):.1f}, median {statistics.median(most):.0f}, "
                    f"over the {len(most)} of {args.learners} learners who met them"
                )
        print(f"{'rule':24} {'share of hands':>16} {'95 % interval':>16} {'hands to first':>15} {'never met':>10}")
        rows = []
        for rule in RULES:
            k = sum(1 for h in hands if rule in h)
            firsts = [first[rule] for first, _ in results if rule in first]
            rows.append((k / len(hands), rule, k, firsts))
        for share, rule, k, firsts in sorted(rows):
            lo, hi = wilson(k, len(hands))
            mean_first = f"{statistics.mean(firsts):.1f}" if firsts else "-"
            print(
                f"{rule:24} {100 * share:15.2f}% {100 * lo:7.2f}-{100 * hi:5.2f}% {mean_first:>15} "
                f"{args.learners - len(firsts):>10}"
            )


if __name__ == "__main__":
    main()
