"""Self-play's lean loops against the reference: the same states, observations and decisions, card for card.

:func:`hearts.selfplay.play_out` plays the cards of a hand on local variables
(:func:`hearts.selfplay._play_tricks`) instead of calling
:meth:`HandState.push` and :meth:`Observation.from_state` for every card.
Here a plain loop of those two reference methods plays the same hands with
the same bots, and everything is compared: every slot of the final state
(undo records included), every observation a bot was shown, every decision.
Both loops are checked: the pure-Python one and the native kernel's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_support import VARIANTS, Moody

from hearts import Card, Deal, HandState, selfplay, sim
from hearts.bots import Bot, BotError, Decision, RandomBot, RuleBot, bot_from_functions
from hearts.bots.base import answers_forced_plays
from hearts.bots.tips import TIP_NAMES, Tips
from hearts.hand import Phase
from hearts.observation import KnownLegalObservation, Observation
from hearts.rules import PassDirection, Rules
from hearts.selfplay import hand_seeds, play_out

IDS = [repr(r) for r in VARIANTS]
HANDS = 230  # per variant and path: 2,530 hands in all on each, each played twice
PATHS = ["python", "native"] if sim.native_available() else ["python"]


@pytest.fixture(autouse=True, params=PATHS)
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test runs on the pure-Python loop and on the native kernel's (where it is built)."""
    loop = selfplay._play_tricks_native if request.param == "native" else selfplay._play_tricks_python
    monkeypatch.setattr(selfplay, "_play_tricks", loop)
    return str(request.param)


def view(obs: Observation) -> tuple[Any, ...]:
    """Everything an observation holds, as one comparable value (the legal cards included)."""
    return (
        *(getattr(obs, name) for name in Observation.__slots__),
        obs.legal_mask(),
        obs.hand_sizes,
        obs.trick_cards,
        obs.unseen_mask,
    )


class Logged(Bot):
    """Plays as ``inner`` and writes down every observation it is shown and every decision."""

    def __init__(self, inner: Bot, log: list[tuple[Any, ...]]) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.log = log
        self.name = inner.name
        self.answers = answers_forced_plays(inner)

    def decide_pass(self, obs: Observation) -> Decision:
        d = self.inner.decide_pass(obs)
        self.log.append(("pass", view(obs), d))
        return d

    def decide_play(self, obs: Observation) -> Decision:
        d = self.inner.decide_play(obs)
        legal = obs.legal_mask()
        forced = self.answers and not legal & (legal - 1)
        # A forced play the bot answers without looking is written down without its observation:
        # the lean loop does not build one then.
        self.log.append(("play", None if forced else view(obs), d))
        return d

    def forced_play(self, card: Any) -> Decision | None:
        if not self.answers:
            return None
        d = self.inner.forced_play(card)
        self.log.append(("play", None, d))
        return d

    def choose_moon(self, obs: Observation) -> str:
        choice = self.inner.choose_moon(obs)
        self.log.append(("moon", view(obs), choice))
        return choice


def reference_play_out(state: HandState, bots: list[Bot], totals: tuple[int, ...] | None = None) -> None:
    """The plain loop: an observation from the state for every decision, and :meth:`HandState.push`."""
    n = state.n
    if state.phase is Phase.PASSING:
        views = [Observation.from_state(state, s, totals) for s in range(n)]
        for s in range(n):
            d = bots[s].decide_pass(views[s])
            state.push_pass(s, sum(1 << c for c in d.cards))
    while state.phase is Phase.PLAYING:
        s = state.to_play
        d = bots[s].decide_play(Observation.from_state(state, s, totals))
        if len(d.cards) != 1 or not state.legal_mask() >> d.cards[0] & 1:
            raise BotError(f"{bots[s].name} chose {[str(Card(c)) for c in d.cards]}, not one legal card")
        state.push(d.cards[0])
    if state.phase is Phase.MOON_CHOICE:
        s = state.to_play
        state.choose_moon(s, bots[s].choose_moon(Observation.from_state(state, s, totals)))


def state_of(h: HandState) -> dict[str, Any]:
    return {name: getattr(h, name) for name in HandState.__slots__}


class HighClubs(RuleBot):
    """A subclass that changes ``decide_play`` only: it must be asked even for forced plays."""

    name = "High clubs"

    def decide_play(self, obs: Observation) -> Decision:
        clubs = [c for c in obs.legal_moves if c.suit == 0]
        return Decision((clubs[-1],), "bot.reason.custom") if clubs else super().decide_play(obs)


def table(rng: random.Random, n: int) -> list[Bot]:
    """Random seats: rule bots (some tips off), random bots, a bot with memory, function bots, a subclass."""
    kinds = [
        lambda: RuleBot(),
        lambda: RuleBot(tips=Tips().without(rng.choice(TIP_NAMES))),
        lambda: RuleBot(tips=Tips(hold_queen_for_leader=True, stop_moon_discards=True)),
        lambda: RandomBot(seed=rng.getrandbits(32)),
        lambda: Moody(),
        lambda: HighClubs(),
        lambda: bot_from_functions("Highest", play=lambda obs, r: obs.legal_moves.highest()),
    ]
    return [rng.choice(kinds)() for _ in range(n)]


def play_both(state: HandState, bots_a: list[Bot], bots_b: list[Bot], totals: tuple[int, ...] | None) -> None:
    log_a: list[tuple[Any, ...]] = []
    log_b: list[tuple[Any, ...]] = []
    a, b = state.copy(), state.copy()
    reference_play_out(a, [Logged(x, log_a) for x in bots_a], totals)
    play_out(b, [Logged(x, log_b) for x in bots_b], totals)
    assert log_b == log_a
    assert state_of(b) == state_of(a)
    assert b.history == a.history


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_the_lean_loop_plays_as_the_reference(rules: Rules) -> None:
    rng = random.Random(f"lean/{rules!r}")
    n = rules.num_players
    for i in range(HANDS):
        number, seeds = hand_seeds(4242, i, n)
        state = HandState(Deal.from_number(number, rules, hand_number=i % 4 + 1), rules)
        bots_seed = rng.getrandbits(64)
        # the same table twice, built from the same draws
        bots_a = table(random.Random(bots_seed), n)
        bots_b = table(random.Random(bots_seed), n)
        for x, y, sd in zip(bots_a, bots_b, seeds):
            x.reseed(sd)
            y.reseed(sd)
        totals = tuple(rng.randrange(0, rules.target_score) for _ in range(n)) if i % 3 == 0 else None
        play_both(state, bots_a, bots_b, totals)


@pytest.mark.parametrize("cards_first", [1, 5, 13, 30])
def test_the_lean_loop_carries_on_from_the_middle_of_a_hand(cards_first: int) -> None:
    for number in range(40):
        state = HandState(Deal.from_number(number), pass_direction=PassDirection.LEFT)
        reference_play_out_prefix(state, cards_first)
        play_both(state, [RuleBot() for _ in range(4)], [RuleBot() for _ in range(4)], None)


def reference_play_out_prefix(state: HandState, cards: int) -> None:
    bot = RuleBot()
    for s in range(4):
        state.push_pass(s, sum(1 << c for c in bot.decide_pass(state.observation(s)).cards))
    for _ in range(cards):
        state.push(bot.decide_play(state.observation(state.to_play)).card)


def test_a_finished_hand_undoes_to_its_deal() -> None:
    state = HandState(Deal.from_number(77))
    play_out(state, [RuleBot() for _ in range(4)])
    assert state.is_over
    while state.history:
        state.undo()
    assert state_of(state) == state_of(HandState(Deal.from_number(77)))


class Cheater(RuleBot):
    """Plays by the rules until the given trick, then plays a card it does not hold."""

    name = "Cheater"

    def decide_play(self, obs: Observation) -> Decision:
        if obs.trick_number == 6 and obs.trick:
            held = obs.hand_mask | obs.played_mask
            return Decision((next(c for c in range(52) if not held >> c & 1),))
        return super().decide_play(obs)


def test_a_bot_that_breaks_the_rules_leaves_the_state_as_the_reference_does() -> None:
    for number in range(20):
        a = HandState(Deal.from_number(number))
        b = a.copy()
        with pytest.raises(BotError, match="Cheater chose") as ea:
            reference_play_out(a, [RuleBot(), Cheater(), RuleBot(), Cheater()])
        with pytest.raises(BotError, match="Cheater chose") as eb:
            play_out(b, [RuleBot(), Cheater(), RuleBot(), Cheater()])
        assert str(eb.value) == str(ea.value)
        assert state_of(b) == state_of(a)
        # and the state still plays on by the rules
        b.push(b.legal_mask().bit_length() - 1)


def test_views_are_snapshots_that_never_change_afterwards() -> None:
    kept: list[tuple[Observation, tuple[Any, ...]]] = []

    class Keeper(RuleBot):
        def decide_play(self, obs: Observation) -> Decision:
            kept.append((obs, view(obs)))
            return super().decide_play(obs)

    play_out(HandState(Deal.from_number(5)), [Keeper() for _ in range(4)])
    assert len(kept) == 52  # a subclass that changes decide_play is asked every card, forced or not
    assert all(isinstance(o, KnownLegalObservation) for o, _ in kept)
    assert all(view(o) == v for o, v in kept)


def test_only_a_bot_whose_forced_play_speaks_for_its_decide_play_skips_the_observation() -> None:
    assert answers_forced_plays(RuleBot())
    assert not answers_forced_plays(RandomBot())
    assert not answers_forced_plays(HighClubs())
    assert not answers_forced_plays(Moody())

    class Both(RuleBot):
        def decide_play(self, obs: Observation) -> Decision:
            return super().decide_play(obs)

        def forced_play(self, card: Any) -> Decision:
            return Decision((card,), "bot.reason.custom")

    assert answers_forced_plays(Both())


def test_the_rule_bots_forced_play_is_what_decide_play_says() -> None:
    bot = RuleBot()
    seen = 0
    for number in range(30):
        h = HandState(Deal.from_number(number), pass_direction=PassDirection.NONE)
        while not h.is_over:
            obs = h.observation(h.to_play)
            d = bot.decide_play(obs)
            legal = obs.legal_mask()
            if not legal & (legal - 1):
                assert bot.forced_play(d.card) == d
                seen += 1
            h.push(d.card)
    assert seen > 100


class Raiser(RuleBot):
    """Raises its own error on the eighth trick."""

    def decide_play(self, obs: Observation) -> Decision:
        if obs.trick_number == 7:
            raise KeyError("a bug in the bot")
        return super().decide_play(obs)


def test_a_bots_own_error_reaches_the_caller_with_the_position_committed() -> None:
    a = HandState(Deal.from_number(12))
    b = a.copy()
    with pytest.raises(KeyError, match="a bug in the bot"):
        reference_play_out(a, [Raiser() for _ in range(4)])
    with pytest.raises(KeyError, match="a bug in the bot") as raised:
        play_out(b, [Raiser() for _ in range(4)])
    assert any(frame.name == "decide_play" for frame in raised.traceback)  # the bot's own frame is kept
    assert state_of(b) == state_of(a)
    assert b.trick_number == 7


@pytest.mark.parametrize("answer", [(), ("QS",), (1.5,), (2, 3), [0], (-1,), (60,), None])
def test_odd_answers_are_refused_as_the_reference_refuses_them(answer: tuple[Any, ...]) -> None:
    class Odd(RuleBot):
        name = "Odd"

        def decide_play(self, obs: Observation) -> Decision:
            if obs.trick_number == 2:
                return Decision(answer if answer is not None else [min(obs.legal_moves)])  # type: ignore[arg-type]
            return super().decide_play(obs)

    a = HandState(Deal.from_number(3))
    b = a.copy()
    if answer is None:  # a list holding one legal card: played, as the reference plays it
        reference_play_out_checked(a, [Odd() for _ in range(4)])
        play_out(b, [Odd() for _ in range(4)])
    else:
        with pytest.raises(Exception) as ea:
            reference_play_out_checked(a, [Odd() for _ in range(4)])
        with pytest.raises(Exception) as eb:
            play_out(b, [Odd() for _ in range(4)])
        assert type(eb.value) is type(ea.value)
    assert state_of(b) == state_of(a)


def reference_play_out_checked(state: HandState, bots: list[Bot]) -> None:
    """The reference loop with the check play_out makes (so that odd answers fail the same way)."""
    for s in range(4):
        state.push_pass(s, sum(1 << c for c in bots[s].decide_pass(state.observation(s)).cards))
    while state.phase is Phase.PLAYING:
        s = state.to_play
        d = bots[s].decide_play(Observation.from_state(state, s))
        cards = d.cards
        legal = state.legal_mask()
        if len(cards) != 1 or (c := cards[0]) < 0 or not legal >> c & 1:
            raise BotError(f"{bots[s].name} chose {[str(Card(x)) for x in cards]}, not one legal card")
        state.push(c)
