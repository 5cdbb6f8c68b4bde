"""How fast is the rules engine? Random legal play, ours against OpenSpiel's.

Prints hands per second of random legal play through our engine (numbered
deal + pass + 13 tricks, on the fast path: ``legal_mask``, ``push_pass``,
``push``), through the lean simulation path of :mod:`hearts.sim` (whole
hands: deal, pass, play, score, in pure Python and on the native kernel), the
same through OpenSpiel's ``hearts`` driven from Python (chance nodes for the
pass direction and the deal, then the 12 pass actions and 52 plays, each a
random legal action), and the ratios. Everything runs in this one process, on
one core, timed in CPU seconds. Targets: the lean pure-Python path at least 2
times OpenSpiel's, the native kernel at least 30 times.

    python benchmarks/engine_speed.py            # 5 rounds of 2000 hands each
    python benchmarks/engine_speed.py --hands 500 --rounds 1
    python benchmarks/engine_speed.py --profile  # cProfile of our loop

Exit status is 0 whatever the figures (a benchmark informs; tests decide).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from hearts import sim
from hearts.deal import Deal
from hearts.hand import HandState, Phase
from hearts.rules import DEFAULT_RULES, PassDirection, Rules

TARGET_RATIO = 1.5  # the engine's own fast path (HandState)
LEAN_TARGET = 2.0  # hearts.sim, pure Python
NATIVE_TARGET = 30.0  # hearts.sim, native kernel
SCALE = {"checked": 0.25, "native": 20.0}  # hands per round, relative to --hands
DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)


def random_bit(mask: int, rnd: Callable[[], float]) -> int:
    """A uniformly random set bit of ``mask`` (``rnd`` is ``random.Random(seed).random``).

    Both loops draw with the same primitive, one ``random()`` per choice, so
    the drivers cost alike and the engines are what is compared.
    """
    k = int(rnd() * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def ours_fast(hands: int, seed: int, rules: Rules = DEFAULT_RULES) -> int:
    """Random legal play through our fast path; returns a checksum of the points."""
    rnd = random.Random(seed).random
    total = 0
    for i in range(hands):
        h = HandState(Deal.from_number(seed * 1_000_000 + i, rules), rules, pass_direction=DIRECTIONS[i % 4])
        if h.phase is Phase.PASSING:
            for seat in range(4):
                held = h.hands[seat]
                mask = 0
                for _ in range(3):
                    b = 1 << random_bit(held & ~mask, rnd)
                    mask |= b
                h.push_pass(seat, mask)
        while h.phase is Phase.PLAYING:
            h.push(random_bit(h.legal_mask(), rnd))
        total += h.result().scores[0]
    return total


def ours_checked(hands: int, seed: int, rules: Rules = DEFAULT_RULES) -> int:
    """The same through the checked API people use (``pass_cards``, ``legal_moves``, ``play``)."""
    rng = random.Random(seed)
    total = 0
    for i in range(hands):
        h = HandState(Deal.from_number(seed * 1_000_000 + i, rules), rules, pass_direction=DIRECTIONS[i % 4])
        if h.phase is Phase.PASSING:
            for seat in range(4):
                h.pass_cards(seat, rng.sample(list(h.hand_of(seat)), 3))
        while not h.is_over:
            h.play(rng.choice(list(h.legal_moves)))
        total += h.result().scores[0]
    return total


def lean_python(hands: int, seed: int, rules: Rules = DEFAULT_RULES) -> int:
    """Whole hands through :func:`hearts.sim.random_hands` in pure Python (its own dealing); checksum."""
    return int(sim.random_hands(hands, seed, rules, path="python")[:, 0].sum())


def lean_native(hands: int, seed: int, rules: Rules = DEFAULT_RULES) -> int:
    """The same on the native kernel (identical hands for the same seed)."""
    return int(sim.random_hands(hands, seed, rules, path="native")[:, 0].sum())


def openspiel_loop(hands: int, seed: int, rules: Rules = DEFAULT_RULES) -> int:
    """Random legal play through OpenSpiel's ``hearts`` from Python; checksum of the points."""
    from hearts.interop.openspiel import load_game

    game = load_game(rules)
    rnd = random.Random(seed).random
    total = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            # Chance (pass direction, the 52 dealt cards) and players alike pick
            # uniformly among the legal actions; apply_action is OpenSpiel's
            # fastest (unchecked) call, the actions being legal by construction.
            actions = state.legal_actions()
            state.apply_action(actions[int(rnd() * len(actions))])
        total += int(state.points(0))
    return total


def measure(loops: dict[str, Callable[[int, int], int]], hands: int, rounds: int) -> dict[str, float]:
    """Hands per second of each loop: the best of ``rounds`` runs, the loops taking turns.

    Time is this process's CPU time (one core), so other work on the machine
    does not count against either engine; taking turns spreads any remaining
    disturbance (caches, frequency) over both.
    """
    best = dict.fromkeys(loops, float("inf"))
    for r in range(rounds):
        for name, fn in loops.items():
            n = max(1, int(hands * SCALE.get(name, 1.0)))
            t0 = time.process_time()
            fn(n, r + 1)
            best[name] = min(best[name], (time.process_time() - t0) / n)
    return {name: 1.0 / t for name, t in best.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per timed round (default 2000)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds; the best counts (default 5)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of our fast loop and stop")
    args = parser.parse_args(argv)

    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.runcall(ours_fast, args.hands, 1)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
        return

    loops: dict[str, Callable[[int, int], int]] = {"fast": ours_fast, "checked": ours_checked, "lean": lean_python}
    if sim.native_available():
        loops["native"] = lean_native
    else:
        print("native kernel: not built here (no C compiler at install time)")
    try:
        openspiel_loop(20, 0)
        loops["openspiel"] = openspiel_loop
    except ImportError as e:
        print(f"OpenSpiel: not measured ({e})")
    for fn in loops.values():
        fn(20, 0)  # warm-up
    rate = measure(loops, args.hands, args.rounds)
    print(f"hands of random legal play per second, one core (CPU time, best of {args.rounds} x {args.hands} hands):")
    print(f"  ours, fast path (legal_mask/push_pass/push): {rate['fast']:9.0f}")
    print(f"  ours, checked API (pass_cards/play):         {rate['checked']:9.0f}")
    print(f"  hearts.sim, pure Python (whole hands):       {rate['lean']:9.0f}")
    if "native" in rate:
        print(f"  hearts.sim, native kernel:                   {rate['native']:9.0f}")
    if "openspiel" in rate:
        print(f"  OpenSpiel hearts driven from Python:         {rate['openspiel']:9.0f}")
        for name, label, target in (
            ("fast", "ours (fast)", TARGET_RATIO),
            ("lean", "hearts.sim (Python)", LEAN_TARGET),
            ("native", "hearts.sim (native)", NATIVE_TARGET),
        ):
            if name in rate:
                ratio = rate[name] / rate["openspiel"]
                verdict = "meets" if ratio >= target else "is BELOW"
                print(f"  ratio {label + ' / OpenSpiel:':38}{ratio:7.2f}x  ({verdict} the {target}x target)")


if __name__ == "__main__":
    main()
