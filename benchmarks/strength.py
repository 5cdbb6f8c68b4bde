"""How strong is the expert? Duplicate matches against three kinds of opponents.

Each deal is played four times with the bot under test rotated through the
seats (three opponents in the other seats); a baseline table of four
opponents on the same deal gives, seat by seat, what an opponent scores in
that seat. Points per hand are reported with 95% t-intervals over deals
(each deal's four rotations averaged as one unit), the interval of
:func:`hearts.experiment.t_interval` that the A/B experiments use.

Matches:

- ``random``: the expert against three random bots (target: at most 1.5 points per hand);
- ``rule``: the expert against three rule bots, minus a rule bot in the same
  seat on the same deals (target: below zero, interval excluding zero);
- ``ismcts``: the same against OpenSpiel's ``pyspiel.ISMCTSBot`` (1,000
  simulations, random rollouts, ``use_observation_string=False``), seated
  through :class:`ISMCTSAdapter`, which sees only its observation.

OpenSpiel's ``ISMCTSBot`` does not repeat its choices from its seed: the
same state, seed and budget give different cards from one bot to the next,
even in one process. So the ISMCTS match's figures move a little between
runs; the deals, the expert and the other bots are fixed by their seeds.
``--workers N`` shares the deals among N processes (the other matches give
the same figures with any N).

It also prints the expert's median decision time. Run::

    python benchmarks/strength.py --deals 100
    python benchmarks/strength.py --deals 20 --matches random rule

This is a measurement script, not a test: it takes minutes to hours.

Figures measured on the 2-core development machine (the per-hand figures
do not depend on its load):

- With moon-watching rollouts (the default expert: other seats treat a
  player as a shooter only once it holds Q♠ and at least three hearts, every
  point taken so far, and then stop it with the rule bot's stop-moon habits),
  on deals and seeds never used before (tuning used compare seed 31,337;
  seeds 31,338 and 31,339 were checks):

  - expert vs 3 rule bots, 200 deals from 9,100,001: 4.80 points per hand
    [95% 4.36, 5.24]; expert minus a rule bot in the same seat: -2.22
    [-2.68, -1.76];
  - hearts.experiment.compare("expert", "rule", ...), seed 680,001, 200
    deals: -2.78 [-3.22, -2.33];
  - expert vs 3 random bots, 200 deals from 9,100,001: 1.63 [1.32, 1.93];
  - expert vs 3 ISMCTS at 10,000 simulations (``--ismcts-sims 10000
    --workers 2``), deals from 9,200,001, stopped at a time fixed
    beforehand after 74 deals (about 45 s a deal on 2 cores that day):
    expert vs 3 ISMCTS 4.19 [3.68, 4.70]; expert minus ISMCTS in the same
    seat -2.49 [-3.03, -1.94].

- With inference, before the moon-watching rollouts (300 worlds per card drawn again by
  how well they explain the others' plays, weight 0.5 a miss; the pass by
  sequential halving, 48 playouts per candidate on average), on deals and
  seeds never used for tuning (tuning used compare seed 31,337 only):

  - expert vs 3 rule bots, 200 deals from 8,650,001: 5.30 points per hand
    [95% 4.75, 5.84]; expert minus a rule bot in the same seat: -1.98
    [-2.41, -1.55];
  - hearts.experiment.compare("expert", "rule", ...), seed 660,001, 200
    deals: -1.92 [-2.38, -1.45];
  - the expert with inference minus the expert without it, compare seed
    670,001, 200 deals against rule bots: -0.36 [-0.65, -0.08];
  - expert vs 3 random bots, 200 deals from 8,650,001: 1.47 [1.17, 1.77];
  - expert vs 3 ISMCTS at 10,000 simulations (``--ismcts-sims 10000
    --workers 2``), deals from 8,700,001: 27 s a deal on 2 cores, stopped
    at a time fixed beforehand (the session's end) after 186 deals: expert
    vs 3 ISMCTS 5.21 [4.75, 5.68]; expert minus ISMCTS in the same seat
    -1.71 [-2.28, -1.13].

- Without inference (the same rollouts and pass search), 200 fresh deals
  from number 8,900,001: expert vs 3 random bots 1.55 [1.23, 1.88]; expert
  minus a rule bot in the same seat -2.14 [-2.61, -1.67] (compare seeds
  650,001 and 640,001: -1.85 [-2.31, -1.39] and -1.83 [-2.33, -1.32]);
  expert minus ISMCTS (10,000 simulations) -1.15 [-2.17, -0.13] over 35
  deals from 8,800,001.

- Before (uniform rollouts, 48 deals for every candidate pass), 100 deals
  from number 1,000,000 (these deals were also used for tuning, so they
  flatter it; on fresh deals, seed 9001, expert minus rule bot was -0.66
  [-1.46, 0.15]):

  - expert vs 3 random bots: 0.98 points per hand [95% 0.69, 1.27];
  - expert vs 3 rule bots: 5.31 [4.62, 5.99]; expert minus a rule bot in the
    same seat: -1.97 [-2.63, -1.32];
  - expert vs 3 ISMCTS (1,000 simulations): 4.47 [3.86, 5.09]; expert minus
    ISMCTS in the same seat: -2.02 [-2.64, -1.41].

Run with ``--ismcts-sims 10000 --ismcts-deals N --workers 2``; a deal takes about a minute of CPU.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from typing import Any

from hearts import Deal, HandState
from hearts.bots.base import Bot, Decision
from hearts.bots.expert import DEFAULT_PASS_WORLDS, DEFAULT_WORLDS, ExpertBot, sample_worlds
from hearts.bots.random_bot import RandomBot
from hearts.cards import Card
from hearts.hand import Phase
from hearts.observation import Observation
from hearts.stats import t_interval

# ----------------------------------------------------------------------------
# OpenSpiel's ISMCTS seated at our table
# ----------------------------------------------------------------------------


class ISMCTSAdapter(Bot):
    """OpenSpiel's information-set MCTS as one of our bots, seeing only its observation.

    For every decision it rebuilds an OpenSpiel state from the observation:
    the hidden hands are one deal sampled consistently with the observation
    (ISMCTS resamples the hidden cards itself from its information state
    anyway), the pre-pass hands and the passes between other players are
    reconstructed to agree with it, and the public plays are replayed.

    OpenSpiel's hearts resamples hidden hands wrongly while passing once a
    player before it has passed (duplicated cards, then a crash). So for its
    pass the adapter rotates the table so that the ISMCTS seat is OpenSpiel's
    first passer (rotation keeps every pass direction), where resampling is sound.
    """

    name = "OpenSpiel ISMCTS"

    def __init__(self, seed: int = 0, *, simulations: int = 1000, uct_c: float = 2.0) -> None:
        super().__init__(seed)
        import pyspiel

        self._pyspiel = pyspiel
        self.simulations = simulations
        self.uct_c = uct_c
        self._make(seed)

    def _make(self, seed: int | None) -> None:
        ps = self._pyspiel
        s = 0 if seed is None else seed
        evaluator = ps.RandomRolloutEvaluator(1, s)
        self._evaluator = evaluator  # keep it alive as long as the bot
        self._bot = ps.ISMCTSBot(
            s,
            evaluator,
            self.uct_c,
            self.simulations,
            -1,
            ps.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
            False,
            False,
        )

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        self._make(seed)

    # The hands before passing, and everyone's pass, agreeing with a sampled world.
    def _reconstruct(self, obs: Observation) -> tuple[list[int], list[int]]:
        n = obs.rules.num_players
        world = sample_worlds(obs, 1, self.rng)[0]
        held = list(world.hands)  # each seat's cards after the pass: in hand now or played
        for seat, c in obs.plays:
            held[seat] |= 1 << c
        if obs.received_mask is None or obs.passed_mask is None:
            return held, [0] * n
        me = obs.seat
        off = (obs.pass_target - me) % n
        passes = [0] * n
        for s in range(n):
            if s == me:
                passes[s] = obs.passed_mask
            elif (s + off) % n == me:
                passes[s] = obs.received_mask
            else:  # unknown to us: any 3 cards the receiver holds after the pass
                pool = held[(s + off) % n]
                for _ in range(obs.rules.pass_size):
                    low = pool & -pool
                    passes[s] |= low
                    pool ^= low
        dealt = [(held[s] & ~passes[(s - off) % n]) | passes[s] for s in range(n)]
        return dealt, passes

    def decide_pass(self, obs: Observation) -> Decision:
        from hearts.interop import openspiel as osb

        n = obs.rules.num_players
        dealt, _ = self._reconstruct(obs)
        shift = 2 - obs.seat  # our seat -> North, OpenSpiel's first passer
        rotated = [0] * n
        for s in range(n):
            rotated[(s + shift) % n] = dealt[s]
        deal = Deal.from_hands([_cards(m) for m in rotated], obs.rules)
        state = osb.new_state(deal, obs.pass_direction, obs.rules)
        chosen = []
        for _ in range(obs.rules.pass_size):
            action = self._bot.step(state)
            c = osb.action_to_card(action)
            chosen.append(c)
            osb.apply_pass_card(state, c)
        return Decision(tuple(chosen), "bot.reason.custom")

    def decide_play(self, obs: Observation) -> Decision:
        from hearts.interop import openspiel as osb

        dealt, passes = self._reconstruct(obs)
        deal = Deal.from_hands([_cards(m) for m in dealt], obs.rules)
        state = osb.new_state(deal, obs.pass_direction, obs.rules)
        if osb.is_passing(state):
            osb.apply_passes(state, passes)
        for _, c in obs.plays:
            osb.apply_play(state, c)
        action = self._bot.step(state)
        return Decision((osb.action_to_card(action),), "bot.reason.custom")


def _cards(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(Card(low.bit_length() - 1))
        mask ^= low
    return out


# ----------------------------------------------------------------------------
# Duplicate matches
# ----------------------------------------------------------------------------


class Timed(Bot):
    """Wraps a bot and records how long each decision took (seconds)."""

    def __init__(self, inner: Bot, log: dict[str, list[float]]) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.log = log
        self.name = inner.name

    def reseed(self, seed: int | None) -> None:
        self.inner.reseed(seed)

    def decide_play(self, obs: Observation) -> Decision:
        t = time.perf_counter()
        d = self.inner.decide_play(obs)
        dt = time.perf_counter() - t
        key = "play_forced" if obs.legal_mask().bit_count() == 1 else "play_choice"
        self.log.setdefault(key, []).append(dt)
        return d

    def decide_pass(self, obs: Observation) -> Decision:
        t = time.perf_counter()
        d = self.inner.decide_pass(obs)
        self.log.setdefault("pass", []).append(time.perf_counter() - t)
        return d


def play_hand(deal: Deal, bots: Sequence[Bot]) -> tuple[int, ...]:
    """Play one hand with one bot per seat; return each seat's score (moon included)."""
    h = HandState(deal)
    if h.phase is Phase.PASSING:
        for seat in range(h.n):
            h.push_pass(seat, bots[seat].choose_pass(h.observation(seat)).mask)
    while not h.is_over:
        if h.phase is Phase.MOON_CHOICE:
            seat = h.to_play
            h.choose_moon(seat, bots[seat].choose_moon(h.observation(seat)))
            continue
        seat = h.to_play
        h.push(bots[seat].choose_play(h.observation(seat)))
    return h.result().scores


def mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95% t-interval over deals: the interval the A/B experiments use (NaN with one deal)."""
    lo, hi = t_interval(xs, 0.95)
    return statistics.fmean(xs), lo, hi


def _bot(kind: str, seed: int, budget: dict[str, int]) -> Bot:
    """A bot of one of the matches' kinds (made in a worker process, so named rather than passed)."""
    if kind == "expert":
        return ExpertBot(seed, worlds=budget["worlds"], pass_worlds=budget["pass_worlds"])
    if kind == "random":
        return RandomBot(seed)
    if kind == "rule":
        from hearts.bots.rule_bot import RuleBot

        return RuleBot(seed=seed)
    if kind == "ismcts":
        return ISMCTSAdapter(seed, simulations=budget["ismcts_sims"])
    raise ValueError(f"unknown bot kind {kind!r}")


def _one_deal(task: tuple[Deal, int, str, str, dict[str, int]]) -> tuple[float, float, dict[str, list[float]]]:
    """One deal of a duplicate match: the hero's mean over the rotations, that minus the baseline, and the
    hero's decision times. Bots are seeded by the deal's number, so a deal's result does not depend on
    which process plays it."""
    deal, key, hero, opponent, budget = task
    n = deal.rules.num_players
    times: dict[str, list[float]] = {}
    base = play_hand(deal, [_bot(opponent, key * 16 + s, budget) for s in range(n)])
    mine = []
    for r in range(n):
        bots = [_bot(opponent, key * 16 + s, budget) for s in range(n)]
        bots[r] = Timed(_bot(hero, key * 16 + 8 + r, budget), times)
        mine.append(play_hand(deal, bots)[r])
    return statistics.fmean(mine), statistics.fmean(mine) - statistics.fmean(base), times


def duplicate_match(
    deals: Sequence[Deal],
    hero: str,
    opponent: str,
    budget: dict[str, int],
    *,
    label: str,
    workers: int = 1,
    times: dict[str, list[float]] | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """The hero rotated through the seats against three opponents, plus an all-opponent baseline per deal.

    With ``workers`` > 1 the deals are shared among that many processes; the results are the same, in
    deal order. Each progress line gives the deal's own figures (so a log can be recombined) and the
    running means with 95% intervals.
    """
    hero_pts: list[float] = []
    diff: list[float] = []
    t0 = time.perf_counter()
    tasks = [(d, d.number if d.number is not None else i, hero, opponent, budget) for i, d in enumerate(deals)]
    pool = None
    if workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
        results: Iterable[tuple[float, float, dict[str, list[float]]]] = pool.map(_one_deal, tasks)
    else:
        results = map(_one_deal, tasks)
    try:
        for i, (h, dd, t) in enumerate(results):
            hero_pts.append(h)
            diff.append(dd)
            if times is not None:
                for k, v in t.items():
                    times.setdefault(k, []).extend(v)
            if progress:
                m, lo, hi = mean_ci(hero_pts)
                d, dlo, dhi = mean_ci(diff)
                print(
                    f"  [{label}] deal {i + 1}/{len(deals)} (number {tasks[i][1]}: hero {h:.2f}, "
                    f"minus opponent {dd:+.2f}): hero {m:.2f} [{lo:.2f}, {hi:.2f}]  "
                    f"hero - opponent {d:+.2f} [{dlo:+.2f}, {dhi:+.2f}]  ({time.perf_counter() - t0:.0f} s)",
                    file=sys.stderr,
                    flush=True,
                )
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return {"hero": hero_pts, "diff": diff, "seconds": time.perf_counter() - t0}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=40, help="deals per match (each played 4 + 1 times)")
    p.add_argument("--first", type=int, default=1_000_000, help="number of the first deal")
    p.add_argument("--matches", nargs="+", default=["random", "rule", "ismcts"], choices=["random", "rule", "ismcts"])
    p.add_argument("--worlds", type=int, default=DEFAULT_WORLDS, help="expert: deals sampled per card")
    p.add_argument("--pass-worlds", type=int, default=DEFAULT_PASS_WORLDS, help="expert: deals per candidate pass")
    p.add_argument("--ismcts-sims", type=int, default=1000, help="ISMCTS simulations per decision")
    p.add_argument("--ismcts-deals", type=int, default=None, help="deals for the ISMCTS match (default: --deals)")
    p.add_argument("--workers", type=int, default=1, help="processes sharing the deals (same results)")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    args = p.parse_args(argv)

    # Pass directions cycle left, right, across, none over the deals.
    def deals(k: int) -> list[Deal]:
        return [Deal.from_number(args.first + i, hand_number=i % 4 + 1) for i in range(k)]

    times: dict[str, list[float]] = {}
    budget = {"worlds": args.worlds, "pass_worlds": args.pass_worlds, "ismcts_sims": args.ismcts_sims}
    common: dict[str, Any] = {"workers": args.workers, "times": times, "progress": not args.quiet}

    print(f"Expert: {args.worlds} worlds per card, {args.pass_worlds} per candidate pass; seed-deterministic.")
    results = {}
    for match in args.matches:
        if match == "random":
            res = duplicate_match(deals(args.deals), "expert", "random", budget, label=match, **common)
            m, lo, hi = mean_ci(res["hero"])
            print(
                f"expert vs 3 random bots: {m:.2f} points per hand [95% {lo:.2f}, {hi:.2f}] "
                f"over {len(res['hero'])} deals x 4 seats (target <= 1.5)"
            )
        elif match == "rule":
            res = duplicate_match(deals(args.deals), "expert", "rule", budget, label=match, **common)
            m, lo, hi = mean_ci(res["hero"])
            d, dlo, dhi = mean_ci(res["diff"])
            print(
                f"expert vs 3 rule bots: {m:.2f} points per hand [95% {lo:.2f}, {hi:.2f}]; "
                f"expert - rule bot in the same seat: {d:+.2f} [95% {dlo:+.2f}, {dhi:+.2f}] "
                f"over {len(res['hero'])} deals x 4 seats (target: below 0)"
            )
        else:
            k = args.ismcts_deals or args.deals
            res = duplicate_match(deals(k), "expert", "ismcts", budget, label=match, **common)
            m, lo, hi = mean_ci(res["hero"])
            d, dlo, dhi = mean_ci(res["diff"])
            print(
                f"expert vs 3 ISMCTS ({args.ismcts_sims} sims): {m:.2f} points per hand [95% {lo:.2f}, {hi:.2f}]; "
                f"expert - ISMCTS in the same seat: {d:+.2f} [95% {dlo:+.2f}, {dhi:+.2f}] "
                f"over {len(res['hero'])} deals x 4 seats (target: below 0)"
            )
        results[match] = res
        print(f"  ({res['seconds']:.0f} s)", flush=True)
    for key in ("play_choice", "play_forced", "pass"):
        xs = times.get(key, [])
        if xs:
            print(
                f"expert decision time, {key.replace('_', ' ')}: median {statistics.median(xs) * 1000:.0f} ms, "
                f"90th percentile {sorted(xs)[int(0.9 * (len(xs) - 1))] * 1000:.0f} ms over {len(xs)} decisions"
            )
    allplay = times.get("play_choice", []) + times.get("play_forced", [])
    if allplay:
        print(f"expert decision time, every play: median {statistics.median(allplay) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
