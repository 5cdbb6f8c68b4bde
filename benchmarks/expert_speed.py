"""How long does the expert think? Every decision of whole hands, on the pure-Python and the native path.

The expert (level ``expert``, 300 sampled deals per card, and ``master``, 1,200) sits South on fresh
numbered deals against three rule bots; every one of its decisions (passes and cards) is timed in CPU
seconds on this one core, first with the playouts in pure Python, then on the native kernel of
:mod:`hearts.sim` (same decisions, card for card: the script checks). A whole-hand review
(:func:`hearts.review.review_hand`) of each hand is timed the same way.

Targets: a median expert decision of at most 15 ms CPU; Master's worst decision under 0.5 s; a whole-hand
review under 1 s.

    python benchmarks/expert_speed.py                    # 4 hands from deal 7,000,001
    python benchmarks/expert_speed.py --hands 8 --first 9100000

Exit status is 0 whatever the figures (a benchmark informs; tests decide).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from hearts import Deal, HandState, Phase, sim
from hearts.bots import RuleBot, make_bot
from hearts.bots.base import Bot
from hearts.review import review_hand


def play_hand(number: int, south: Bot) -> tuple[HandState, list[tuple[str, float]]]:
    """One hand, South the expert; returns the finished hand and (kind, CPU seconds) of every South decision."""
    h = HandState(Deal.from_number(number))
    bots: list[Bot] = [south, RuleBot(), RuleBot(), RuleBot()]
    times: list[tuple[str, float]] = []
    if h.phase is Phase.PASSING:
        for seat in range(4):
            t0 = time.process_time()
            cards = bots[seat].choose_pass(h.observation(seat))
            if seat == 0:
                times.append(("pass", time.process_time() - t0))
            h.pass_cards(seat, cards)
    while h.phase is Phase.PLAYING:
        seat = h.to_play
        t0 = time.process_time()
        c = bots[seat].choose_play(h.observation(seat))
        if seat == 0:
            times.append(("play", time.process_time() - t0))
        h.play(c)
    if h.phase is Phase.MOON_CHOICE:
        h.choose_moon(h.to_play, bots[h.to_play].choose_moon(h.observation(h.to_play)))
    return h, times


def run(path: sim.Path, level: str, numbers: list[int]) -> tuple[list[float], list[float], list[HandState]]:
    sim._KERNEL = path  # the process-wide choice, as HEARTS_KERNEL makes it at import
    plays: list[float] = []
    passes: list[float] = []
    hands = []
    for number in numbers:
        h, times = play_hand(number, make_bot(level, seed=number))
        hands.append(h)
        plays += [t for kind, t in times if kind == "play"]
        passes += [t for kind, t in times if kind == "pass"]
    return plays, passes, hands


def ms(values: list[float]) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values) * 1e3:7.1f} ms, worst {max(values) * 1e3:7.1f} ms ({len(values)})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=4, help="hands per level (default 4)")
    parser.add_argument("--first", type=int, default=7_000_001, help="first deal number (default 7,000,001)")
    parser.add_argument("--levels", default="expert,master", help="levels to time (default expert,master)")
    args = parser.parse_args(argv)
    numbers = list(range(args.first, args.first + args.hands))
    paths: list[sim.Path] = ["python", "native"] if sim.native_available() else ["python"]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"deals {numbers[0]}..{numbers[-1]}; one core, CPU time; load average {load:.1f}; cores {os.cpu_count()}")
    if not sim.native_available():
        print("the native kernel is not built here: pure Python only")
    for level in args.levels.split(","):
        seen = {}
        for path in paths:
            plays, passes, hands = run(path, level, numbers)
            seen[path] = [[(a.kind, a.seat, a.cards) for a in h.history] for h in hands]
            print(f"{level:7} {path:7} play: {ms(plays)}")
            print(f"{level:7} {path:7} pass: {ms(passes)}")
        if len(seen) == 2:
            print(f"{level:7} same decisions on both paths: {seen['python'] == seen['native']}")
    for path in paths:
        sim._KERNEL = path
        times = []
        for number in numbers:
            h, _ = play_hand(number, make_bot("rule"))
            t0 = time.process_time()
            review_hand(h, 0)
            times.append(time.process_time() - t0)
        print(f"review  {path:7} whole hand: {ms(times)}")


if __name__ == "__main__":
    main()
