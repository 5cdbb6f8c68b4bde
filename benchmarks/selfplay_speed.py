"""How fast is self-play? Hands per second, scaling over cores, a one-tip experiment, memory.

Prints, in one run:

1. hands per second on one core (CPU time, best of ``--rounds``) for random
   bots and rule bots through :func:`hearts.selfplay.play_hands` (all four
   seats the same bot; ``detail='hands'`` and ``'plays'``), on the path this
   process uses (:func:`hearts.sim.kernel`: the native kernel's loop where it
   is built, which also plays the rule bot's cards) and, in a second process
   with ``HEARTS_KERNEL=python``, on the pure-Python path; and OpenSpiel's
   ``hearts`` played at random from Python for scale;
2. the same bots on every core (wall time, process pool) and the scaling
   against one worker timed the same way; beside it the ceiling, as many
   separate processes started together (no pool, nothing shared: cores that
   slow each other down, or a machine shared with other work, show there).
   The three take turns each round, and the pool is judged by its share of
   the separate processes' rate in the same round (the median over rounds),
   so a machine whose speed drifts does not decide it. Also the CPU time per
   hand alone and in the pool, and how many cores the pool kept busy;
3. a one-tip experiment (rule bot with the tip against without it, duplicate
   deals, every seat) on every core: its 95% half-width and its wall time;
4. the memory of one million hand rows (``DataFrame.memory_usage(deep=True)``).

Targets: rule-bot self-play at least 4,000 hands/s on one core; near-linear
scaling (the pool at least 90% of the rate of as many separate processes, the
most any code gets from the machine's cores); the one-tip experiment within
±0.15 points per hand in under 30 s on a 2-core machine; a million hand rows
under 500 MB. When the rule bots miss 4,000 hands/s the script profiles them
and says where the time goes (engine, observation, bot, self-play loop).

    python benchmarks/selfplay_speed.py
    python benchmarks/selfplay_speed.py --hands 1000 --rounds 1 --deals 800
    python benchmarks/selfplay_speed.py --full-million   # really play 250,000 hands for the memory figure

The machine may be shared: one-core figures use CPU time, so other work does
not count against them; all-core figures are wall time and do. The load
average is printed with them. Exit status is 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from statistics import median

import pandas as pd

from hearts.experiment import tip_experiment
from hearts.parallel import available_cores
from hearts.selfplay import play_hands
from hearts.sim import kernel

TARGET_RULE_ONE_CORE = 4000
TARGET_HALF_WIDTH = 0.15
TARGET_EXPERIMENT_SECONDS = 30.0
TARGET_MILLION_MB = 500.0
TARGET_SCALING = 0.9  # near-linear: the pool gets 90% of what the machine gives as many separate processes


def cpu_rate(fn: Callable[[int, int], object], n: int, rounds: int) -> float:
    """Best hands per CPU second of ``fn(n, seed)`` over ``rounds`` runs."""
    best = float("inf")
    for r in range(rounds):
        t0 = time.process_time()
        fn(n, r + 1)
        best = min(best, time.process_time() - t0)
    return n / best


def timed(fn: Callable[[int, int], object], n: int, seed: int) -> tuple[float, float]:
    """Wall seconds and CPU seconds (this process and the worker processes it waited for) of ``fn(n, seed)``."""
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p0, t0 = time.process_time(), time.perf_counter()
    fn(n, seed)
    wall = time.perf_counter() - t0
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime) + time.process_time() - p0
    return wall, cpu


def independent(bot: str, n: int, processes: int, seed: int) -> float:
    """Hands per wall second of ``processes`` separate one-worker self-plays of ``n`` hands each (no pool, nothing
    shared): what this machine gives that many processes, the ceiling for a pool.

    Each process imports and warms up, then waits; all are told to go at once, and the rate is all their hands over
    the wall time from the first start to the last finish, as a pool's is (one that ends early leaves a core idle)."""
    here = os.path.dirname(os.path.abspath(__file__))
    run = f"b.selfplay({bot!r}, 'hands', 1)"
    code = f"import sys, time; sys.path.insert(0, {here!r}); import selfplay_speed as b; {run}(200, 0); "
    code += f"print('ready', flush=True); sys.stdin.readline(); t = time.time(); {run}({n}, {seed}); "
    code += "print(t, time.time(), flush=True)"
    command = [sys.executable, "-c", code]
    pipe = subprocess.PIPE
    procs = [subprocess.Popen(command, stdin=pipe, stdout=pipe, text=True) for _ in range(processes)]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    spans = [tuple(map(float, p.communicate()[0].split())) for p in procs]
    return n * processes / (max(b for _, b in spans) - min(a for a, _ in spans))


@dataclass
class Scaling:
    """One bot's scaling runs: per round, one worker's and the pool's (wall, CPU) seconds and the separate
    processes' rate, taken in turn so that a machine whose speed drifts slows the three of a round alike."""

    n: int
    workers: int
    one: list[tuple[float, float]]
    pool: list[tuple[float, float]]
    apart: list[float]

    def rounds(self) -> list[tuple[float, float]]:
        """Per round, the pool's scaling over one worker and its share of the separate processes' rate."""
        out = []
        for (w1, _), (wn, _), apart in zip(self.one, self.pool, self.apart):
            multi = self.n * self.workers / wn
            out.append((multi / (self.n / w1), multi / apart))
        return out


def scaling(bot: str, n: int, workers: int, rounds: int) -> Scaling:
    """One worker on ``n`` hands, ``workers`` workers on ``n * workers``, and ``workers`` separate processes of
    ``n`` hands at once, taking turns ``rounds`` times."""
    res = Scaling(n, workers, [], [], [])
    for r in range(rounds):
        res.one.append(timed(selfplay(bot, "hands", 1), n, r + 1))
        res.pool.append(timed(selfplay(bot, "hands", workers), n * workers, r + 1))
        res.apart.append(independent(bot, n, workers, r + 1))
    return res


def selfplay(bot: str, detail: str, workers: int) -> Callable[[int, int], object]:
    def run(n: int, seed: int) -> object:
        return play_hands(bot, n, seed=seed, workers=workers, progress=False, detail=detail)  # type: ignore[arg-type]

    return run


def python_path_rate(bot: str, detail: str, n: int, rounds: int) -> float:
    """:func:`cpu_rate` of the same self-play in a second process on the pure-Python path (``HEARTS_KERNEL=python``)."""
    here = os.path.dirname(os.path.abspath(__file__))
    run = f"b.selfplay({bot!r}, {detail!r}, 1)"
    code = f"import sys; sys.path.insert(0, {here!r}); import selfplay_speed as b; {run}(50, 0); "
    code += f"print(b.cpu_rate({run}, {n}, {rounds}))"
    env = {**os.environ, "HEARTS_KERNEL": "python"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def openspiel_random(n: int, seed: int) -> int:
    """Random legal play of OpenSpiel's ``hearts`` from Python: chance outcomes and actions alike."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    choice = random.Random(seed).choice
    total = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        total += int(state.returns()[0])
    return total


# ----- where the time goes -----------------------------------------------------

_AREAS = (
    ("observation", ("hearts/observation.py",)),
    ("engine", ("hearts/hand.py", "hearts/deal.py", "hearts/rules.py", "hearts/cards.py", "hearts/game.py")),
    ("bot", ("hearts/bots/",)),
    ("self-play loop", ("hearts/selfplay.py", "hearts/parallel.py")),
)


def _area(filename: str) -> str | None:
    path = filename.replace(os.sep, "/")
    for name, parts in _AREAS:
        if any(p in path for p in parts):
            return name
    if path == "~" or ("/lib/python3" in path and "site-packages" not in path):
        return None  # builtins and the standard library: charged to their caller
    return "tables (pandas/numpy)"


def profile_split(bot: str, n: int) -> tuple[dict[str, float], dict[str, float]]:
    """Share of time per area, and the top functions, for ``n`` hands of ``bot`` self-play."""
    prof = cProfile.Profile()
    prof.runcall(play_hands, bot, n, seed=99, workers=1, progress=False, detail="hands")
    stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    areas: dict[str, float] = {}
    funcs: dict[str, float] = {}
    for (filename, _line, func), (_cc, _nc, tt, _ct, callers) in stats.items():
        area = _area(filename)
        if area is not None:
            areas[area] = areas.get(area, 0.0) + tt
            key = f"{filename.split('hearts/')[-1]}:{func}"
            funcs[key] = funcs.get(key, 0.0) + tt
            continue
        # builtins / stdlib: split their own time among their callers' areas
        for (cfile, _cl, _cf), (_a, _b, ctt, _d) in callers.items():
            carea = _area(cfile) or "other"
            areas[carea] = areas.get(carea, 0.0) + ctt
    total = sum(areas.values())
    return {k: v / total for k, v in areas.items()}, {k: v / total for k, v in funcs.items()}


# ----- memory -----------------------------------------------------------------


def million_rows_mb(full: bool) -> tuple[float, str]:
    """Memory of one million hand rows, in MB."""
    if full:
        hands = play_hands("rule", 250_000, seed=5, progress=False, detail="hands").hands
        how = "250,000 rule-bot hands played"
    else:
        part = play_hands("rule", 25_000, seed=5, progress=False, detail="hands").hands
        hands = pd.concat([part] * 10, ignore_index=True)
        how = "25,000 rule-bot hands played, their 100,000 rows repeated 10 times"
    assert len(hands) == 1_000_000
    return hands.memory_usage(deep=True).sum() / 1e6, how


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=3000, help="hands per timed one-core run (default 3000)")
    parser.add_argument("--rounds", type=int, default=3, help="timed runs; the best counts (default 3)")
    parser.add_argument("--scale-hands", type=int, default=10_000,
                        help="hands per worker in the scaling runs (default 10,000: the pool's start-up is small)")
    parser.add_argument("--tip", default="pass_queen_when_short", help="tip of the timed experiment")
    parser.add_argument("--deals", type=int, default=1200, help="deals of the timed experiment (default 1200)")
    parser.add_argument("--full-million", action="store_true", help="play 250,000 hands for the memory figure")
    args = parser.parse_args(argv)
    cores = available_cores()
    n = args.hands

    print(f"Self-play speed ({cores} cores; load average {', '.join(f'{x:.1f}' for x in os.getloadavg())})")
    print(f"\n1. One core, hands per CPU second (best of {args.rounds} x {n} hands):")
    one = {}
    python: dict[tuple[str, str], float] | None = {} if kernel() == "native" else None
    if python is not None:
        print(f"   {'':24} {'native':>8} {'python':>8}")
    for bot in ("random", "rule"):
        for detail in ("hands", "plays"):
            selfplay(bot, detail, 1)(50, 0)  # warm-up
            one[bot, detail] = cpu_rate(selfplay(bot, detail, 1), n, args.rounds)
            line = f"   {bot:6} bots, detail={detail:5}: {one[bot, detail]:8.0f}"
            if python is not None:
                python[bot, detail] = python_path_rate(bot, detail, n, args.rounds)
                line += f" {python[bot, detail]:8.0f}"
            print(line)
    if python is None:
        print("   (the pure-Python path: the native kernel is not built here)")
    try:
        openspiel_random(20, 0)
        os_rate = cpu_rate(openspiel_random, n, args.rounds)
        print(f"   OpenSpiel hearts, random play from Python: {os_rate:8.0f}")
    except ImportError as e:  # pragma: no cover
        print(f"   OpenSpiel: not measured ({e})")

    big = args.scale_hands
    print(f"\n2. All {cores} cores, hands per wall second (process pool, detail=hands, {big:,} hands per worker; "
          f"one worker and the pool in turn, best of {args.rounds}):")  # fmt: skip
    pool_share = {}
    for bot in ("random", "rule"):
        res = scaling(bot, big, cores, args.rounds)
        per_round = res.rounds()
        xs, shares = [x for x, _ in per_round], [f for _, f in per_round]
        pool_share[bot] = median(shares)
        (w1, c1), (wn, cn) = min(res.one), min(res.pool)
        print(f"   {bot:6} bots: one worker {big / w1:7.0f}, {cores} workers {big * cores / wn:7.0f}, "
              f"{cores} separate processes at once {max(res.apart):7.0f} (best runs)")  # fmt: skip
        print(f"   {'':6}       per round: pool x{median(xs):.2f} over one worker (x{min(xs):.2f}-x{max(xs):.2f}); "
              f"{median(shares):.0%} of the separate processes' rate ({min(shares):.0%}-{max(shares):.0%}), "
              f"medians and ranges of {len(per_round)} rounds")  # fmt: skip
        print(f"   {'':6}       CPU per hand {c1 / big * 1e6:.0f} µs alone, {cn / (big * cores) * 1e6:.0f} µs in "
              f"the pool; the pool kept {cn / wn:.2f} of {cores} cores busy")  # fmt: skip
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"   load average now: {load} (other programs count against wall time)")
    print(f"\n3. One-tip experiment ({args.tip}, {args.deals} deals, {cores} workers):")
    t0 = time.perf_counter()
    exp = tip_experiment(args.tip, n_deals=args.deals, seed=1, progress=False)
    seconds = time.perf_counter() - t0
    print(f"   {exp.takeaway()}")
    print(f"   half-width ±{exp.half_width:.3f} points per hand in {seconds:.1f} s")

    print("\n4. Memory of one million hand rows:")
    mb, how = million_rows_mb(args.full_million)
    print(f"   {mb:.0f} MB, {mb:.0f} bytes per row ({how})")

    rule_one = one["rule", "hands"]
    print("\nTargets:")
    print(f"   rule bots, one core:     {rule_one:8.0f} hands/s ({kernel()})   target >= {TARGET_RULE_ONE_CORE}: "
          f"{'met' if rule_one >= TARGET_RULE_ONE_CORE else 'MISSED'}")  # fmt: skip
    if python is not None:
        rule_py = python["rule", "hands"]
        print(f"   rule bots, one core:     {rule_py:8.0f} hands/s (python)   target >= {TARGET_RULE_ONE_CORE}: "
              f"{'met' if rule_py >= TARGET_RULE_ONE_CORE else 'MISSED'}")  # fmt: skip
    near = pool_share["rule"] >= TARGET_SCALING
    print(f"   scaling on {cores} cores:     {pool_share['rule']:.0%} rule, {pool_share['random']:.0%} "
          f"random of the rate {cores} separate processes get (median per round)   target >= {TARGET_SCALING:.0%}: "
          f"{'met' if near else 'MISSED'}")  # fmt: skip
    ok = exp.half_width <= TARGET_HALF_WIDTH and seconds < TARGET_EXPERIMENT_SECONDS
    print(f"   one-tip experiment:      ±{exp.half_width:.3f} in {seconds:.1f} s   target ±{TARGET_HALF_WIDTH} "
          f"in < {TARGET_EXPERIMENT_SECONDS:.0f} s: {'met' if ok else 'MISSED'}")  # fmt: skip
    print(f"   1,000,000 hand rows:     {mb:8.0f} MB       target < {TARGET_MILLION_MB:.0f} MB: "
          f"{'met' if mb < TARGET_MILLION_MB else 'MISSED'}")  # fmt: skip

    if rule_one < TARGET_RULE_ONE_CORE:
        areas, funcs = profile_split("rule", min(n, 2000))
        per_hand = 1e6 / rule_one
        print(f"\nWhere a rule-bot hand's {per_hand:.0f} µs go (cProfile shares, builtins charged to their caller):")
        for name, share in sorted(areas.items(), key=lambda kv: -kv[1]):
            print(f"   {name:22} {100 * share:5.1f}%  ~{share * per_hand:5.0f} µs")
        print("   top functions (own time):")
        for name, share in sorted(funcs.items(), key=lambda kv: -kv[1])[:8]:
            print(f"     {name:48} {100 * share:5.1f}%")


if __name__ == "__main__":
    main()
