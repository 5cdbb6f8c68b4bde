"""The bots under every variant: a tournament of random, rule and expert per variant, the table of docs/variants.md.

Run: python benchmarks/variant_tournament.py [--hands H] [--workers W] [--worlds N] [--only NAME ...] [--pair]
(defaults: about 3,600 hands per variant, 2 workers, the expert at 100 sampled deals per card and 20 per pass
candidate: a modest budget; the default level searches 300).

Each variant is a tournament (:func:`hearts.tournament.tournament`) of the three levels on its own fresh seed
(:data:`SEEDS`, named here and never used by another benchmark or test), every deal played in every rotation of the
tables that seat all three bots (AABC, ABBC, ABCC for 4 seats; 3 seats: ABC in 3 rotations; 5 to 7 seats: every
table holding each bot at least once). The table printed gives, per variant, expert minus rule and rule minus random
in points per hand (score after moon scoring, paired by deal, negative: the first takes fewer), with their 95%
intervals, the number of deals and hands, and the seconds the variant took.
"""

from __future__ import annotations

import argparse
import time

from hearts.bots.registry import BotSpec
from hearts.rules import MoonScoring, Rules
from hearts.tournament import schedule, tournament

VARIANTS: dict[str, Rules] = {
    "3 players": Rules(num_players=3),
    "5 players": Rules(num_players=5),
    "6 players": Rules(num_players=6),
    "7 players": Rules(num_players=7),
    "Omnibus (J♦ −10)": Rules(jack_of_diamonds=True),
    "Q♠ breaks hearts, shooter's choice": Rules(qs_breaks_hearts=True, moon=MoonScoring.SHOOTERS_CHOICE),
    "No passing": Rules(passing=False),
}
SEED_BASE = 350_000
"""Variant ``i`` (in the order of :data:`VARIANTS`) plays on seed ``SEED_BASE + 101 * i``: 350000, 350101, ...
(fresh for the measurement of docs/variants.md: no test, tuning or earlier run used them; the first measurement
used 310000 + 101 * i, the second 330000 + 101 * i, both with about a third as many hands)."""
SEEDS: dict[str, int] = {name: SEED_BASE + 101 * i for i, name in enumerate(VARIANTS)}


def run(name: str, n_deals: int, workers: int, worlds: int, base: int = SEED_BASE) -> dict[str, object]:
    """One variant's tournament (on seed ``base + 101 * i`` for variant ``i``); the row of the table."""
    budget = (("worlds", worlds), ("pass_worlds", max(4, worlds // 5)))
    expert = BotSpec("hearts.bots.expert:ExpertBot", budget, "Expert")
    start = time.perf_counter()
    seed = SEEDS[name] - SEED_BASE + base
    r = tournament(["random", "rule", expert], n_deals=n_deals, seed=seed, rules=VARIANTS[name],
                   workers=workers, progress=False)  # fmt: skip
    seconds = time.perf_counter() - start
    p = r.pairwise().set_index(["a", "b"])
    er = p.loc[("Rule bot", "Expert")]
    rr = p.loc[("Random", "Rule bot")]
    return {
        "variant": name, "seed": seed, "deals": r.n_deals, "hands": r.n_deals * len(r.seatings),
        "expert_rule": (er["effect"], er["ci_low"], er["ci_high"]),
        "rule_random": (rr["effect"], rr["ci_low"], rr["ci_high"]),
        "seconds": seconds,
    }  # fmt: skip


PAIR_OFFSET = 50
"""``--pair`` plays on seed ``SEEDS[name] + 50`` (350050, 350151, ...: fresh too, and other deals than the three-bot
tournament's)."""


def run_pair(name: str, n_deals: int, workers: int, worlds: int, base: int = SEED_BASE) -> dict[str, object]:
    """The expert against the rule bot alone (no random bot at the table): the row of the second table.

    The three-bot tournament seats the random bot at every table, and the expert's playouts play every other seat
    by the rule bot's habits (:func:`hearts.bots.expert.rollout_choice`): this separates how well it plays from how
    well that model fits a player who plays at random.
    """
    budget = (("worlds", worlds), ("pass_worlds", max(4, worlds // 5)))
    expert = BotSpec("hearts.bots.expert:ExpertBot", budget, "Expert")
    start = time.perf_counter()
    seed = SEEDS[name] - SEED_BASE + base + PAIR_OFFSET
    r = tournament(["rule", expert], n_deals=n_deals, seed=seed, rules=VARIANTS[name],
                   workers=workers, progress=False)  # fmt: skip
    seconds = time.perf_counter() - start
    er = r.pairwise().set_index(["a", "b"]).loc[("Rule bot", "Expert")]
    return {
        "variant": name, "seed": seed, "deals": r.n_deals, "hands": r.n_deals * len(r.seatings),
        "expert_rule": (er["effect"], er["ci_low"], er["ci_high"]), "seconds": seconds,
    }  # fmt: skip


def _cell(x: tuple[float, float, float]) -> str:
    return f"{x[0]:+.2f} [{x[1]:+.2f}, {x[2]:+.2f}]"


def deals_for(rules: Rules, hands: int, bots: int = 3) -> int:
    """How many deals make about ``hands`` hands: each deal is played once per seating of the ``bots`` bots.

    >>> deals_for(Rules(num_players=3), 1200), deals_for(Rules(), 1200), deals_for(Rules(num_players=7), 1200)
    (400, 100, 11)
    >>> deals_for(Rules(num_players=3), 600, bots=2), deals_for(Rules(num_players=6), 600, bots=2)
    (100, 20)
    """
    return max(2, round(hands / len(schedule(bots, rules.num_players))))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3600)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--only", nargs="*", default=list(VARIANTS))
    ap.add_argument("--pair", action="store_true", help="the expert against the rule bot alone (see run_pair)")
    ap.add_argument("--seed-base", type=int, default=SEED_BASE,
                    help="variant i plays on seed SEED_BASE + 101 * i (another base: other, fresh deals)")  # fmt: skip
    args = ap.parse_args()
    if args.pair:
        print("| variant | seed | deals | hands | expert − rule (no random bot) | seconds |")
        print("|---|---|---|---|---|---|")
        for name in args.only:
            row = run_pair(name, deals_for(VARIANTS[name], args.hands, bots=2), args.workers, args.worlds,
                           args.seed_base)  # fmt: skip
            print(f"| {name} | {row['seed']} | {row['deals']} | {row['hands']} | {_cell(row['expert_rule'])} "  # type: ignore[arg-type]
                  f"| {row['seconds']:.0f} |", flush=True)  # fmt: skip
        return
    print("| variant | seed | deals | hands | expert − rule | rule − random | seconds |")
    print("|---|---|---|---|---|---|---|")
    for name in args.only:
        row = run(name, deals_for(VARIANTS[name], args.hands), args.workers, args.worlds, args.seed_base)
        print(f"| {name} | {row['seed']} | {row['deals']} | {row['hands']} | {_cell(row['expert_rule'])} "  # type: ignore[arg-type]
              f"| {_cell(row['rule_random'])} | {row['seconds']:.0f} |", flush=True)  # type: ignore[arg-type]  # fmt: skip


if __name__ == "__main__":
    main()
