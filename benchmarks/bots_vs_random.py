"""How strong and how fast is the rule bot? Points per hand against three random bots, and µs per decision.

Prints, in one run:

1. the rule bot's mean points per hand (hand score, after any moon) against
   three :class:`~hearts.bots.RandomBot` players, with a 95% confidence
   interval: the bot's seat rotates over the four seats, hand ``i`` is deal
   ``i`` passing as hand ``i % 4 + 1`` of a game (left, right, across, none);
   also where its points came from (Q♠, hearts, opponents' moons);
2. with ``--tips``, the same for the bot with each tip switched off in turn
   (same deals and seeds, so the rows are comparable);
3. the cost of one decision (CPU time, best of 5) for the rule bot and the
   random bot, by kind of decision, and of building one observation.

Target (issue 3): at most 2.2 points per hand against random bots.

    python benchmarks/bots_vs_random.py
    python benchmarks/bots_vs_random.py --hands 20000 --tips
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable

from hearts import Deal, HandState, Observation, Phase
from hearts.bots import TIP_NAMES, Bot, RandomBot, RuleBot, Tips

TARGET = 2.2


def versus_random(tips: Tips, hands: int, start: int = 0) -> dict[str, float]:
    """Mean points per hand of a rule bot with ``tips`` against three random bots."""
    xs: list[int] = []
    queen = hearts = lost_moons = own_moons = 0
    for i in range(start, start + hands):
        seat = i % 4
        bots: list[Bot] = [RandomBot(seed=4 * i + s) for s in range(4)]
        bots[seat] = RuleBot(tips, seed=i)
        h = HandState(Deal.from_number(i, hand_number=i // 4 % 4 + 1))
        if h.phase is Phase.PASSING:
            for s in range(4):
                h.push_pass(s, bots[s].choose_pass(h.observation(s)).mask)
        while not h.is_over:
            s = h.to_play
            h.push(bots[s].choose_play(h.observation(s)))
        r = h.result()
        xs.append(r.scores[seat])
        if r.shooter is None:
            queen += any(36 in t.cards for t in h.tricks if t.winner == seat)
            hearts += (h.taken[seat] >> 39).bit_count()
        elif r.shooter == seat:
            own_moons += 1
        else:
            lost_moons += 1
    mean = sum(xs) / hands
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (hands - 1))
    return {
        "mean": mean,
        "ci": 1.96 * sd / math.sqrt(hands),
        "queen": 13 * queen / hands,
        "hearts": hearts / hands,
        "moons": 26 * lost_moons / hands,
        "own_moons": own_moons,
    }


def row(label: str, r: dict[str, float]) -> str:
    return (
        f"{label:28s} {r['mean']:6.3f} ± {r['ci']:.3f}   Q♠ {r['queen']:.2f}  hearts {r['hearts']:.2f}  "
        f"others' moons {r['moons']:.2f}  own moons {int(r['own_moons'])}"
    )


def collect(bot: Bot, hands: int) -> tuple[dict[str, list[Observation]], list[Observation], list[HandState]]:
    """Observations met in self-play, sorted by the kind of decision they ask for."""
    kinds: dict[str, list[Observation]] = {"forced": [], "lead": [], "follow": [], "discard": []}
    passes: list[Observation] = []
    states: list[HandState] = []
    for i in range(hands):
        h = HandState(Deal.from_number(i, hand_number=i % 4 + 1))
        if h.phase is Phase.PASSING:
            for s in range(4):
                o = h.observation(s)
                passes.append(o)
                h.push_pass(s, bot.choose_pass(o).mask)
        while not h.is_over:
            o = h.observation(h.to_play)
            states.append(h.copy())
            legal = o.legal_mask()
            if legal.bit_count() == 1:
                kinds["forced"].append(o)
            elif not o.trick:
                kinds["lead"].append(o)
            elif legal >> 13 * o.led_suit & 0x1FFF:
                kinds["follow"].append(o)
            else:
                kinds["discard"].append(o)
            h.push(bot.choose_play(o))
    return kinds, passes, states


def cost(fn: Callable[[object], object], items: list, rounds: int = 5) -> float:
    """Best CPU µs per call of ``fn`` over ``items``."""
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        for x in items:
            fn(x)
        best = min(best, time.process_time() - t0)
    return best / len(items) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=4000, help="hands per row (default 4000)")
    ap.add_argument("--tips", action="store_true", help="also one row per tip switched off")
    ap.add_argument("--speed-hands", type=int, default=400, help="hands whose decisions are timed (default 400)")
    args = ap.parse_args()

    print(f"Rule bot against three random bots, {args.hands} hands, seat rotated (target ≤ {TARGET}):")
    t0 = time.perf_counter()
    r = versus_random(Tips(), args.hands)
    print(row("all tips", r), f"   [{time.perf_counter() - t0:.1f} s]")
    print(row("no tips (baseline play)", versus_random(Tips.none(), args.hands)))
    if args.tips:
        for name in TIP_NAMES:
            print(row(f"without {name}", versus_random(Tips().without(name), args.hands)))
    print("verdict:", "meets the target" if r["mean"] + r["ci"] <= TARGET else "MISSES the target")

    print(f"\nCost per decision (CPU µs, best of 5, decisions from {args.speed_hands} rule-bot hands):")
    rule, rnd = RuleBot(), RandomBot(seed=1)
    kinds, passes, states = collect(rule, args.speed_hands)
    plays = [o for obs in kinds.values() for o in obs]
    for label, bot in (("rule bot", rule), ("random bot", rnd)):
        parts = ", ".join(f"{k} {cost(bot.decide_play, v):.2f}" for k, v in kinds.items())
        play, pass_ = cost(bot.decide_play, plays), cost(bot.decide_pass, passes)
        print(f"  {label:10s} play {play:.2f} ({parts}); pass {pass_:.2f}")
    print(f"  observation (Observation.from_state) {cost(lambda st: st.observation(st.to_play), states):.2f}")


if __name__ == "__main__":
    main()
