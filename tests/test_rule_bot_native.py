"""The native kernel's copy of the rule bot's plays against :meth:`RuleBot.decide_play`, decision for decision.

Where the kernel is built, self-play's loop does not ask a seat whose bot is
exactly a :class:`~hearts.bots.RuleBot` in Python: the kernel decides for it
(``rule_play`` in ``hearts/_kernel.c``) and hands back the decision objects
the Python bot would have made. Here every hand is played twice on the
native loop, once with the kernel's copy and once with the bots asked in
Python, and the cards, reasons, values, tips and final states are compared:
in every rules variant, with tips and settings drawn at random per seat
(moon shooters made likely, habits on), game totals near the target (where
the Q♠ verdict changes), other bots at the table, and hands started midway.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from engine_support import VARIANTS

from hearts import Deal, HandState, selfplay, sim
from hearts.bots import Bot, RandomBot, RuleBot
from hearts.bots.rule_bot import native_decisions
from hearts.bots.tips import HABIT_NAMES, TIP_NAMES, Tips
from hearts.rules import PassDirection, Rules
from hearts.selfplay import _Recorder, hand_seeds, play_out

pytestmark = pytest.mark.skipif(not sim.native_available(), reason="the native kernel is not built here")

IDS = [repr(r) for r in VARIANTS]
HANDS = 260  # per variant: 2,860 hands, each played twice


def random_tips(rng: random.Random) -> Tips:
    """Tips and habits switched at random, with settings that make the rarer plays (moons, stops) common."""
    switches = {name: rng.random() < 0.8 for name in TIP_NAMES}
    switches.update({name: rng.random() < 0.5 for name in HABIT_NAMES})
    return Tips(
        **switches,
        moon_min_strength=rng.choice([0, 6, 12, 20, 30]),
        stop_moon_hearts=rng.choice([0, 1, 3, 6]),
    )


def random_table(rng: random.Random, n: int) -> list[Bot]:
    bots: list[Bot] = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.15:
            bots.append(RandomBot(seed=rng.getrandbits(32)))
        elif kind < 0.35:
            bots.append(RuleBot())
        else:
            bots.append(RuleBot(tips=random_tips(rng)))
    return bots


def record(state: HandState, bots: list[Bot], totals: tuple[int, ...] | None, native: bool) -> tuple[Any, ...]:
    """Play ``state`` on with the kernel's rule bot (``native``) or with every bot asked in Python."""
    if not native:
        saved = selfplay._RULE_DECISIONS
        selfplay._RULE_DECISIONS = None
    try:
        rec = _Recorder(state.n, "plays", False)
        play_out(state, bots, totals, rec)
    finally:
        if not native:
            selfplay._RULE_DECISIONS = saved
    reasons = [rec.play_keys.names[c] if c >= 0 else None for c in rec.reason]
    tips = [rec.play_tips.names[c] if c >= 0 else None for c in rec.tip]
    return reasons, rec.reason_values, tips, [(a.kind, a.seat, a.cards) for a in state.history], state.result()


def play_twice(state: HandState, table: Any, totals: tuple[int, ...] | None) -> None:
    """Play on twice, each time with fresh bots from ``table()`` (a random bot draws as it plays)."""
    a, b = state.copy(), state.copy()
    got = record(a, table(), totals, native=True)
    want = record(b, table(), totals, native=False)
    assert got == want
    assert {k: getattr(a, k) for k in HandState.__slots__} == {k: getattr(b, k) for k in HandState.__slots__}


@pytest.fixture(autouse=True)
def native_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(selfplay, "_play_tricks", selfplay._play_tricks_native)


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_the_kernels_rule_bot_plays_as_the_python_one(rules: Rules) -> None:
    rng = random.Random(f"native rule bot/{rules!r}")
    n = rules.num_players
    for i in range(HANDS):
        number, _ = hand_seeds(5151, i, n)
        state = HandState(Deal.from_number(number, rules, hand_number=i % 4 + 1), rules)
        seed = rng.getrandbits(64)
        totals = None
        if i % 3:  # near the target (Q♠ verdicts "end_game" and "hold_target"), or anywhere below it
            top = rules.target_score
            totals = tuple(rng.randrange(max(0, top - 40), top) if i % 3 == 1 else rng.randrange(top) for _ in range(n))
        play_twice(state, lambda seed=seed: random_table(random.Random(seed), n), totals)


@pytest.mark.parametrize("cards_first", [1, 4, 9, 17, 30, 45])
def test_it_carries_on_from_the_middle_of_a_hand(cards_first: int) -> None:
    """Started midway, the kernel counts the cards each seat has already played (the moon plan reads them)."""
    rng = random.Random(cards_first)
    for number in range(60):
        state = HandState(Deal.from_number(70_000 + number), pass_direction=PassDirection.LEFT)
        bot = RuleBot(tips=Tips(moon_min_strength=6))
        for s in range(4):
            state.push_pass(s, sum(1 << c for c in bot.decide_pass(state.observation(s)).cards))
        for _ in range(cards_first):
            state.push(bot.decide_play(state.observation(state.to_play)).card)
        tips = [random_tips(rng) for _ in range(4)]
        play_twice(state, lambda tips=tips: [RuleBot(tips=t) for t in tips], None)


def python_plays(bots: list[Bot]) -> list[str]:
    """Play a hand and name the bot classes whose ``RuleBot.decide_play`` ran in Python (watched, not patched)."""
    code = RuleBot.decide_play.__code__
    ran: list[str] = []

    def watch(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is code:
            ran.append(type(frame.f_locals["self"]).__name__)

    state = HandState(Deal.from_number(12), pass_direction=PassDirection.NONE)
    sys.setprofile(watch)
    try:
        play_out(state, bots)
    finally:
        sys.setprofile(None)
    assert state.is_over
    return ran


class Mine(RuleBot):
    name = "Mine"


def test_the_kernel_plays_only_for_rule_bots_that_play_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """A subclass, or a play method replaced on the object or on the class, may play otherwise: asked in Python."""
    assert python_plays([RuleBot(), RuleBot(tips=Tips.none()), RuleBot(), RuleBot()]) == []
    assert set(python_plays([RuleBot(), Mine(), RuleBot(), Mine()])) == {"Mine"}

    own = RuleBot()
    asked: list[int] = []
    own.decide_play = lambda obs: asked.append(obs.seat) or RuleBot.decide_play(own, obs)  # type: ignore[method-assign]
    python_plays([RuleBot(), own, RuleBot(), RuleBot()])
    assert asked and set(asked) == {1}

    monkeypatch.setattr(RuleBot, "_queen_verdict", lambda self, obs, winner: "give")
    assert set(python_plays([RuleBot()] * 4)) == {"RuleBot"}


@pytest.mark.parametrize(
    ("target", "totals"),
    [(100, (2**63, 0, 0, 0)), (2**64, (0, 0, 0, 0)), (100, (90.0, 10.0, 20.0, 30.0)), (100, (-(2**70), 5, 5, 5))],
)
def test_scores_the_kernel_cannot_hold_are_left_to_the_python_bot(target: int, totals: tuple[Any, ...]) -> None:
    """Any number the Python bot takes still plays: out of the kernel's range, the Python bot decides."""
    rules = Rules(target_score=target)
    state = HandState(Deal.from_number(33, rules), rules, pass_direction=PassDirection.NONE)
    play_twice(state, lambda: [RuleBot() for _ in range(4)], totals)  # type: ignore[arg-type]


def test_every_reason_of_the_kernel_is_a_reason_of_the_rule_bot() -> None:
    """The kernel names its reasons; each has the Python bot's decision objects (or is made with its value)."""
    from hearts import native

    assert native.MODULE is not None
    table = native_decisions(native.MODULE.RULE_REASONS)
    valued = [name for name, row in zip(native.MODULE.RULE_REASONS, table) if row is None]
    assert valued == ["queen_to_leader", "lead_void_avoid"]
    for row in table:
        if row is not None:
            assert [int(d.card) for d in row] == list(range(52))
    assert set(native.MODULE.RULE_TIPS) <= set(Tips.__dataclass_fields__)
