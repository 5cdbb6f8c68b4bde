"""How long does ``mistakes()`` take on 100 of a learner's hands? Native kernel, then pure Python.

The hands are the bundled sample (:func:`hearts.own_games.sample`: a learner at South against rule bots),
reviewed at the review's default budget (300 worlds a play, 48 a candidate pass, 4000 check worlds for the
decisions that may be costly). The goal is under 60 s on the native kernel. Pure Python is timed on fewer
hands (``--python-hands``) and scaled to 100, since it is far slower; the number of mistakes found on those
hands is compared with the native run (the same decisions, the same verdicts).

Run: python benchmarks/my_games_speed.py [--hands 100] [--python-hands 3]
"""

from __future__ import annotations

import argparse
import time

from hearts import sim
from hearts.own_games import sample


def timed(path: sim.Path, hands: int) -> tuple[float, float, int, list[tuple[int, int]]]:
    """Seconds ``mistakes()`` took on ``hands`` sample hands on ``path`` (CPU, then wall clock), the mistakes
    found and where. The CPU time is this process's on one core: on a machine shared with other work the wall
    clock also counts the time spent waiting for a core."""
    sim._KERNEL = path  # the process-wide choice, as HEARTS_KERNEL makes it at import
    g = sample(hands)
    t0, c0 = time.perf_counter(), time.process_time()
    m = g.mistakes()
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    return cpu, wall, len(m), sorted(zip(m["deal"].tolist(), m["decision"].tolist()))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=100, help="hands for the native run (default 100)")
    parser.add_argument("--python-hands", type=int, default=3, help="hands for the pure-Python run (default 3)")
    args = parser.parse_args(argv)
    if sim.native_available():
        took, wall, found, native = timed("native", args.hands)
        verdict = "under" if took < 60 else "OVER"
        print(f"native kernel: mistakes() on {args.hands} hands took {took:.1f} s of CPU ({wall:.1f} s wall clock; "
              f"{found} mistakes): {verdict} the 60 s goal")
    else:
        native = []
        print("the native kernel is not built here: pure Python only")
    if args.python_hands > 0:
        took, wall, found, _ = timed("python", args.python_hands)
        per = took / args.python_hands
        print(f"pure Python: mistakes() on {args.python_hands} hands took {took:.1f} s of CPU ({wall:.1f} s wall; "
              f"{per:.1f} s a hand, "
              f"about {per * 100 / 60:.0f} min for 100 hands; {found} mistakes)")
        if native:
            print(f"mistakes on these {args.python_hands} hands on the native kernel: "
                  f"{len([x for x in native if x[0] < args.python_hands])}")


if __name__ == "__main__":
    main()
