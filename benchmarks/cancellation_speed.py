"""How fast is Cancellation Hearts (two packs)? Engine, self-play and the expert's pure-Python search.

Prints, for 6, 8 and 10 players, on one core (CPU time, best of ``--rounds``):

1. hands per second of random legal play through :class:`~hearts.cancellation.CancelHandState`
   (numbered deal, pass, every trick; ``legal_mask``/``push_pass``/``push``);
2. hands per second of rule-bot self-play (:func:`hearts.selfplay.play_hands`, ``detail='plays'``);
3. the expert's play decisions per second (``ExpertBot(worlds=W)``, the pure-Python two-pack search of
   :mod:`hearts.bots.cancel_expert`; the native kernel is one-pack), over the first decisions of a hand.

    python benchmarks/cancellation_speed.py
    python benchmarks/cancellation_speed.py --hands 100 --worlds 16 --rounds 1

Exit status is 0 whatever the figures (a benchmark informs; tests decide).
"""

from __future__ import annotations

import argparse
import random
import time

from hearts import Deal, HandState, Rules
from hearts.bots import ExpertBot
from hearts.selfplay import play_hands


def random_hands(rules: Rules, count: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.process_time()
    for k in range(count):
        h = HandState(Deal.from_number(k, rules), rules)
        for s in h.waiting_to_pass:
            cards = list(h.hand_of(s))
            rng.shuffle(cards)
            h.pass_cards(s, cards[:3])
        while not h.is_over:
            legal = h.legal_mask()
            choices = [c for c in range(52) if legal >> c & 1]
            h.push(choices[rng.randrange(len(choices))])
    return count / (time.process_time() - start)


def rule_selfplay(rules: Rules, count: int) -> float:
    start = time.process_time()
    play_hands(["rule"] * rules.num_players, count, seed=1, rules=rules, workers=1, progress=False)
    return count / (time.process_time() - start)


def expert_decisions(rules: Rules, worlds: int, decisions: int) -> float:
    h = HandState(Deal.from_number(3, rules), rules, pass_direction=None)
    for s in h.waiting_to_pass:
        h.pass_cards(s, list(h.hand_of(s))[:3])
    bot = ExpertBot(seed=1, worlds=worlds)
    done = 0
    start = time.process_time()
    while done < decisions and not h.is_over:
        h.play(bot.decide_play(h.observation(h.to_play)).cards[0])
        done += 1
    return done / (time.process_time() - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hands", type=int, default=300, help="hands per round for the engine (self-play: a third)")
    p.add_argument("--worlds", type=int, default=32, help="the expert's worlds per decision")
    p.add_argument("--decisions", type=int, default=12, help="expert decisions timed per table size")
    p.add_argument("--rounds", type=int, default=3, help="rounds; the best is kept")
    args = p.parse_args()
    print("Cancellation Hearts, one core (CPU time, best of rounds):")
    print(f"{'players':>8} {'engine hands/s':>15} {'rule self-play hands/s':>23} {'expert decisions/s':>19}")
    for n in (6, 8, 10):
        rules = Rules.cancellation(n)
        engine = max(random_hands(rules, args.hands, r) for r in range(args.rounds))
        selfplay = max(rule_selfplay(rules, max(1, args.hands // 3)) for _ in range(args.rounds))
        expert = expert_decisions(rules, args.worlds, args.decisions)
        print(f"{n:>8} {engine:>15.0f} {selfplay:>23.0f} {expert:>19.2f}   (expert worlds={args.worlds})")


if __name__ == "__main__":
    main()
