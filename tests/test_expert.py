"""The expert bot: it sees only its observation, samples consistent deals, plays legally."""

from __future__ import annotations

import collections
import itertools
import math
import random
import re

import pytest
from engine_support import consistent_worlds

from hearts import Deal, HandState, MoonScoring, PassDirection, Phase, Rules
from hearts.bots.expert import (
    LEVELS,
    ExpertBot,
    ExpertError,
    World,
    consistent,
    evaluate_pass,
    evaluate_play,
    halving_schedule,
    hidden_constraints,
    inferred_worlds,
    level_description,
    make_bot,
    moon_threat,
    pass_candidates,
    playout,
    policy_misses,
    rollout_card,
    sample_worlds,
)
from hearts.bots.random_bot import RandomBot
from hearts.cards import SUIT_MASKS, CardSet
from hearts.errors import HeartsError
from hearts.observation import Observation
from hearts.stats import mean_se


def _advance(h: HandState, plays: int, seed: int = 0) -> HandState:
    """Passes (random) and ``plays`` random cards."""
    bots = [RandomBot(seed=seed * 10 + s) for s in range(h.n)]
    if h.phase is Phase.PASSING:
        for s in range(h.n):
            h.push_pass(s, bots[s].choose_pass(h.observation(s)).mask)
    for _ in range(plays):
        if h.is_over:
            break
        h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
    return h


def _fingerprint(obs: Observation) -> tuple[object, ...]:
    return tuple(getattr(obs, name) for name in Observation.__slots__)


def _swap_hidden(h: HandState, seat: int) -> HandState | None:
    """The same hand but with two unseen same-suit cards swapped between two other seats.

    Same suit, so every past play stays legal and the observation of ``seat`` is unchanged.
    """
    obs = h.observation(seat)
    others = [s for s in range(h.n) if s != seat]
    for a, b in itertools.combinations(others, 2):
        for suit in range(4):
            ca = h.hands[a] & SUIT_MASKS[suit] & ~obs.known_mask(a)
            cb = h.hands[b] & SUIT_MASKS[suit] & ~obs.known_mask(b)
            if ca and cb:
                x, y = (ca & -ca).bit_length() - 1, (cb & -cb).bit_length() - 1
                # Swap in the deal: the card was dealt to a or b or came by a pass; only
                # swap cards that were dealt to them and not passed.
                dealt = [CardSet(d.mask) for d in h.deal.hands]
                if x not in dealt[a] or y not in dealt[b]:
                    continue
                if any(x in CardSet(p or 0) or y in CardSet(p or 0) for p in h.passes):
                    continue
                hands = [d.mask for d in dealt]
                hands[a] ^= (1 << x) | (1 << y)
                hands[b] ^= (1 << x) | (1 << y)
                twin = HandState(Deal.from_hands([CardSet(m) for m in hands], h.rules), pass_direction=h.pass_direction)
                for act in h.history:
                    if act.kind == "pass":
                        twin.push_pass(act.seat, sum(1 << c for c in act.cards))
                    else:
                        twin.play(act.cards[0])
                return twin
    return None


@pytest.mark.parametrize("deal_no,plays", [(1, 9), (2, 22), (5, 30), (8, 3)])
def test_decision_depends_only_on_the_observation(deal_no: int, plays: int) -> None:
    h = _advance(HandState(Deal.from_number(deal_no)), plays, seed=deal_no)
    seat = h.to_play
    twin = _swap_hidden(h, seat)
    assert twin is not None
    assert twin.hands != h.hands  # the hidden cards really differ ...
    obs1, obs2 = h.observation(seat), twin.observation(seat)
    assert _fingerprint(obs1) == _fingerprint(obs2)  # ... but the seat sees the same thing
    e1 = ExpertBot(seed=3, worlds=12).evaluate_play(obs1)
    e2 = ExpertBot(seed=3, worlds=12).evaluate_play(obs2)
    assert e1 == e2
    assert ExpertBot(seed=3, worlds=12).decide_play(obs1) == ExpertBot(seed=3, worlds=12).decide_play(obs2)


def test_pass_depends_only_on_the_observation() -> None:
    d = Deal.from_number(21)
    hands = [h.mask for h in d.hands]
    # Swap one club between West and North: South's view is the same.
    x = (hands[1] & SUIT_MASKS[0]).bit_length() - 1
    y = (hands[2] & SUIT_MASKS[0]).bit_length() - 1
    for s in (1, 2):
        hands[s] ^= (1 << x) | (1 << y)
    twin = Deal.from_hands([CardSet(m) for m in hands])
    o1, o2 = HandState(d).observation(0), HandState(twin).observation(0)
    assert _fingerprint(o1) == _fingerprint(o2)
    b1, b2 = ExpertBot(seed=9, pass_worlds=3), ExpertBot(seed=9, pass_worlds=3)
    assert b1.decide_pass(o1) == b2.decide_pass(o2)


def test_same_seed_same_choice_and_different_seeds_sample_differently() -> None:
    h = _advance(HandState(Deal.from_number(4)), 14, seed=4)
    obs = h.observation(h.to_play)
    assert ExpertBot(seed=1, worlds=10).evaluate_play(obs) == ExpertBot(seed=1, worlds=10).evaluate_play(obs)
    w1 = sample_worlds(obs, 5, random.Random(1))
    w2 = sample_worlds(obs, 5, random.Random(2))
    assert w1 != w2


@pytest.mark.parametrize("deal_no", range(6))
def test_sampled_worlds_are_consistent(deal_no: int) -> None:
    h = HandState(Deal.from_number(100 + deal_no))
    rng = random.Random(deal_no)
    bots = [RandomBot(seed=deal_no * 4 + s) for s in range(4)]
    for s in range(4):
        obs = h.observation(s)
        for w in sample_worlds(obs, 3, rng):
            assert consistent(obs, w)
        h.push_pass(s, bots[s].choose_pass(obs).mask)
    while not h.is_over:
        seat = h.to_play
        obs = h.observation(seat)
        truth = World(tuple(h.hands))
        assert consistent(obs, truth)  # the constraints never exclude the real deal
        cons = hidden_constraints(obs)
        for w in sample_worlds(obs, 3, rng):
            assert consistent(obs, w)
            for s in range(4):
                if s != seat:
                    assert w.hands[s] & cons.known[s] == cons.known[s]  # cards we passed stay put
                    for suit in obs.shown_out(s):
                        assert not w.hands[s] & SUIT_MASKS[suit]  # shown-out suits stay empty
        h.push(bots[seat].choose_play(obs))


def test_consistent_rejects_a_world_that_breaks_a_void() -> None:
    h = _advance(HandState(Deal.from_number(3), pass_direction=PassDirection.NONE), 0)
    while not any(h.voids[s] for s in range(4)):
        h.push(RandomBot(seed=len(h.plays)).choose_play(h.observation(h.to_play)))
    s = next(s for s in range(4) if h.voids[s])
    me = next(x for x in range(4) if x != s and x != h.to_play) if h.to_play != s else (s + 1) % 4
    obs = h.observation(me)
    suit = obs.shown_out(s)[0]
    other = next(o for o in range(4) if o not in (s, me) and h.hands[o] & SUIT_MASKS[suit] and h.hands[s])
    x = (h.hands[other] & SUIT_MASKS[suit]).bit_length() - 1
    y = h.hands[s].bit_length() - 1
    hands = list(h.hands)
    hands[other] ^= (1 << x) | (1 << y)
    hands[s] ^= (1 << x) | (1 << y)
    assert consistent(obs, World(tuple(h.hands)))
    assert not consistent(obs, World(tuple(hands)))


def test_sampling_is_uniform_over_consistent_deals() -> None:
    """Late in a hand the consistent deals can be listed: every one is drawn about equally often."""
    h = _advance(HandState(Deal.from_number(17), pass_direction=PassDirection.NONE), 0)
    rng = random.Random(0)
    # Play until trick 11 with a void shown, so the groups differ.
    bots = [RandomBot(seed=s) for s in range(4)]
    while h.trick_number < 10 or h.trick:
        h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
    obs = h.observation(h.to_play)
    deals = set(consistent_worlds(obs))
    assert len(deals) > 1
    n = 200 * len(deals)
    counts = collections.Counter(sample_worlds(obs, n, rng))
    assert set(counts) == deals  # only consistent deals, and all of them
    expected = n / len(deals)
    chi2 = sum((counts[d] - expected) ** 2 / expected for d in deals)
    dof = len(deals) - 1
    assert chi2 < dof + 6 * math.sqrt(2 * dof)


def test_playout_matches_the_hand_state() -> None:
    """The bitmask playout scores exactly what the reference engine scores for the same cards."""
    threats = 0
    for rules in (Rules(), Rules(qs_breaks_hearts=True), Rules(jack_of_diamonds=True), Rules(num_players=3)):
        for k in range(4):
            for plays in (5, 17, 29):
                h = HandState(Deal.from_number(k, rules), pass_direction=PassDirection.NONE)
                h = _advance(h, plays, seed=k)
                ref = h.copy()
                while not ref.is_over:
                    threats += moon_threat(ref.taken, rules) >= 0
                    ref.push(rollout_card(ref))
                taken = [0] * h.n
                for t in h.tricks:
                    taken[t.winner] |= sum(1 << c for c in t.cards)
                got = playout(
                    list(h.hands), list(h.trick), h.leader, h.trick_number, h.hearts_broken, taken, rules,
                    voids=h.voids,
                )
                assert got == list(ref.result().scores)
    assert threats > 0  # the moon-watching branch of the policy was exercised


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(num_players=3),
        Rules(num_players=5),
        Rules(qs_breaks_hearts=True),
        Rules(moon=MoonScoring.SHOOTERS_CHOICE),
        Rules(jack_of_diamonds=True),
    ],
)
def test_expert_always_plays_legal_cards(rules: Rules) -> None:
    for hand_number in (1, 2):
        h = HandState(Deal.from_number(hand_number, rules, hand_number=hand_number))
        bots = [ExpertBot(seed=s, worlds=3, pass_worlds=2) for s in range(h.n)]
        if h.phase is Phase.PASSING:
            for s in range(h.n):
                h.pass_cards(s, bots[s].choose_pass(h.observation(s)))  # checked path
        while not h.is_over:
            seat = h.to_play
            if h.phase is Phase.MOON_CHOICE:
                h.choose_moon(seat, bots[seat].choose_moon(h.observation(seat)))
                continue
            h.play(bots[seat].choose_play(h.observation(seat)), seat)  # checked path
        assert h.is_over


def test_explanations_quote_the_figures_in_both_languages() -> None:
    h = _advance(HandState(Deal.from_number(6)), 13, seed=6)
    while h.legal_mask().bit_count() < 3:
        h.push(RandomBot(seed=1).choose_play(h.observation(h.to_play)))
    bot = ExpertBot(seed=0, worlds=16)
    d = bot.decide_play(h.observation(h.to_play))
    ev = bot.last_evaluation
    assert ev is not None and d.card == ev.best.cards[0]
    assert ev.best.expected == min(o.expected for o in ev.options)
    en, es = d.explain("en"), d.explain("es")
    assert str(d.card) in en and str(d.card) in es
    figure = f"{round(ev.best.expected, 1) + 0.0:.1f}"
    assert figure in en
    # Spanish writes decimals with a comma (the project's number format), English with a point.
    assert figure.replace(".", ",") in es
    assert re.findall(r"\d\.\d", en) and not re.findall(r"\d\.\d", es) and re.findall(r"\d,\d", es)
    assert en != es
    # The decision keeps plain numbers for programs.
    assert dict(d.values)["expected"] == round(ev.best.expected, 1) + 0.0


def test_time_budget_and_bad_budgets() -> None:
    h = _advance(HandState(Deal.from_number(7)), 10, seed=7)
    obs = h.observation(h.to_play)
    ev = ExpertBot(seed=0, time_limit=0.05).evaluate_play(obs)
    assert ev.worlds >= 4 or len(ev.options) == 1
    other = (h.to_play + 1) % 4
    with pytest.raises(HeartsError, match="not its turn"):
        evaluate_play(h.observation(other), random.Random(0), 4)


@pytest.mark.parametrize(
    ("kwargs", "parameter"),
    [
        ({"worlds": 0}, "worlds"),
        ({"worlds": -3}, "worlds"),
        ({"worlds": 2.5}, "worlds"),
        ({"worlds": True}, "worlds"),
        ({"pass_worlds": 0}, "pass_worlds"),
        ({"pass_worlds": "48"}, "pass_worlds"),
        ({"pass_pool": 2}, "pass_pool"),
        ({"pass_pool": True}, "pass_pool"),
        ({"time_limit": "1"}, "time_limit"),
        ({"time_limit": -1}, "time_limit"),
        ({"time_limit": 0}, "time_limit"),
        ({"time_limit": float("nan")}, "time_limit"),
        ({"time_limit": float("inf")}, "time_limit"),
        ({"time_limit": True}, "time_limit"),
        ({"inference": 0}, "inference"),
        ({"inference": 1.5}, "inference"),
        ({"inference": float("nan")}, "inference"),
        ({"inference": "0.5"}, "inference"),
        ({"inference": True}, "inference"),
        ({"inference_pool": 0}, "inference_pool"),
        ({"inference_pool": 17}, "inference_pool"),
        ({"inference_pool": 2.0}, "inference_pool"),
    ],
)
def test_bad_settings_raise_a_named_error(kwargs, parameter) -> None:
    with pytest.raises(ExpertError) as info:
        ExpertBot(**kwargs)
    assert info.value.parameter == parameter and parameter in str(info.value)
    assert isinstance(info.value, HeartsError) and isinstance(info.value, ValueError)


def test_evaluations_check_their_budget_and_candidates() -> None:
    h = _advance(HandState(Deal.from_number(7)), 10, seed=7)
    obs = h.observation(h.to_play)
    for worlds in (0, -3, "5"):
        with pytest.raises(ExpertError, match="worlds") as info:
            evaluate_play(obs, random.Random(0), worlds)
        assert info.value.parameter == "worlds"
    with pytest.raises(ExpertError) as info:
        evaluate_play(obs, random.Random(0), 4, time_limit="0.1")
    assert info.value.parameter == "time_limit"
    start = HandState(Deal.from_number(7))
    with pytest.raises(ExpertError, match="worlds"):
        evaluate_pass(start.observation(0), random.Random(0), 0)
    # Evaluating some of the legal cards only: those cards, in the same worlds.
    legal = sorted(obs.legal_moves)
    assert len(legal) >= 2 and len(obs.hand) > len(legal)  # the fixed position has a choice and an illegal card
    part = evaluate_play(obs, random.Random(0), 6, candidates=legal[:2])
    assert sorted(o.cards[0] for o in part.options) == legal[:2]
    assert all(len(o.scores) == 6 for o in part.options)
    whole = evaluate_play(obs, random.Random(0), 6)
    by_card = {o.cards[0]: o for o in whole.options}
    assert all(o.scores == by_card[o.cards[0]].scores for o in part.options)  # same worlds, same playouts
    illegal = next(c for c in obs.hand if c not in obs.legal_moves)
    with pytest.raises(ExpertError, match="candidates"):
        evaluate_play(obs, random.Random(0), 4, candidates=[illegal])


def test_pass_search_halves_the_candidates_in_shared_worlds() -> None:
    """Sequential halving: every option is played out in a prefix of the same worlds, the survivors in the most."""
    obs = HandState(Deal.from_number(23)).observation(0)
    cands = pass_candidates(obs.hand_mask)
    ev = evaluate_pass(obs, random.Random(5), 6, candidates=cands)
    schedule = halving_schedule(len(cands), 6)
    assert len(schedule) == 5 and len(ev.options) == len(cands)
    counts = [o.playouts for o in ev.options]
    assert counts == sorted(counts, reverse=True)  # best first: the last round's two survivors, then by round
    assert counts[0] == counts[1] == ev.worlds == max(schedule[0], 2) + sum(schedule[1:]) > counts[2]
    assert ev.options[0].expected <= ev.options[1].expected
    assert sum(counts) <= len(cands) * 6 + 2 * len(cands)  # the budget (the first round plays at least 2 worlds)
    # The worlds do not depend on the candidates: one candidate alone, in as many worlds, scores the same prefixes.
    for o in (ev.options[0], ev.options[-1]):
        alone = evaluate_pass(obs, random.Random(5), ev.worlds, candidates=[CardSet(o.cards).mask])
        assert o.scores == alone.options[0].scores[: o.playouts]


def test_levels() -> None:
    assert list(LEVELS) == ["random", "rule", "expert", "master"]
    h = _advance(HandState(Deal.from_number(12)), 6, seed=12)
    obs = h.observation(h.to_play)
    for name, level in LEVELS.items():
        bot = make_bot(name, seed=1)
        assert bot.choose_play(obs) in obs.legal_moves
        assert level.title("en") != level.title("es")
        assert level_description(name, "en") != level_description(name, "es")
    assert "48" in level_description("expert", "en") or str(LEVELS["expert"].worlds) in level_description("expert")
    with pytest.raises(HeartsError, match="unknown level"):
        make_bot("grandmaster")


def test_a_long_decision_reports_its_progress_world_by_world(monkeypatch: pytest.MonkeyPatch) -> None:
    """Within ``reporting``, the expert tells how far it has got after every sampled world (in each of the
    pass's rounds too) in Python, after every batch of worlds on the native kernel (the same shares, fewer of them):
    rising, ending at 1; outside it, nothing is told (and the choice is the same)."""
    from hearts import sim
    from hearts.bots import reporting

    hand = HandState(Deal.from_number(9), pass_direction=PassDirection.NONE)
    while len(hand.observation(hand.to_play).legal_moves) < 2:
        hand.play(RandomBot(seed=1).choose_play(hand.observation(hand.to_play)), seat=hand.to_play)
    obs = hand.observation(hand.to_play)
    start = HandState(Deal.from_number(9))
    told: dict[str, tuple[list[float], list[float]]] = {}
    for path in ["python", "native"] if sim.native_available() else ["python"]:
        monkeypatch.setattr(sim, "_KERNEL", path)
        seen: list[float] = []
        with reporting(seen.append):
            chosen = ExpertBot(seed=3, worlds=150).choose_play(obs)
        assert seen == sorted(seen) and seen[-1] == 1.0
        assert ExpertBot(seed=3, worlds=150).choose_play(obs) == chosen
        passed: list[float] = []
        with reporting(passed.append):  # the pass's candidates by rounds of halving
            ExpertBot(seed=3, pass_worlds=6).choose_pass(start.observation(1))
        assert len(passed) >= 5 and passed == sorted(passed) and passed[-1] == 1.0
        told[path] = (seen, passed)
    python, python_pass = told["python"]
    assert python == [k / 150 for k in range(1, 151)]  # world by world
    assert len(python_pass) > 20  # 20 candidates in rounds of halving, told after every world
    if "native" in told:
        native, native_pass = told["native"]
        assert 3 <= len(native) < len(python) and set(native) <= set(python)
        assert set(native_pass) <= set(python_pass)


def _rule_bots_midway(number: int, plays: int) -> HandState:
    from hearts.bots.rule_bot import RuleBot

    h = HandState(Deal.from_number(number, hand_number=number % 3 + 1))
    bots = [RuleBot(seed=s) for s in range(4)]
    for seat in range(4):
        h.push_pass(seat, bots[seat].choose_pass(h.observation(seat)).mask)
    for _ in range(plays):
        h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
    return h


def test_inference_believes_the_deal_that_explains_the_play() -> None:
    """Against rule bots (whose habits the rollout policy plays), the worlds inference keeps explain the others'
    plays better than uniform ones, and hold more of the hidden cards where they really are."""
    misses = {"uniform": 0.0, "inferred": 0.0}
    right = {"uniform": 0.0, "inferred": 0.0}
    for number in range(20):
        h = _rule_bots_midway(8_100_000 + number, 22)
        obs = h.observation(h.to_play)
        plays = [(s, int(c)) for s, c in obs.plays]
        first = obs.tricks[0].leader
        for kind, inference in (("uniform", 1.0), ("inferred", 0.5)):
            worlds = inferred_worlds(obs, 200, random.Random(number), inference)
            assert len(worlds) == 200 and all(consistent(obs, w) for w in worlds)
            misses[kind] += sum(policy_misses(plays, first, w.hands, obs.seat, obs.rules) for w in worlds) / 200
            right[kind] += sum(
                (w.hands[s] & h.hands[s]).bit_count() for w in worlds for s in range(4) if s != obs.seat
            ) / 200
    assert misses["inferred"] < 0.6 * misses["uniform"]
    assert right["inferred"] > right["uniform"]


def test_inference_leaves_the_first_lead_and_forced_worlds_alone() -> None:
    h = HandState(Deal.from_number(12))
    for seat in range(4):
        h.pass_cards(seat, list(h.hand_of(seat))[:3])
    obs = h.observation(h.to_play)  # the 2♣ holder, before anyone has played: nothing to infer from
    assert inferred_worlds(obs, 30, random.Random(1)) == sample_worlds(obs, 30, random.Random(1))
    later = _rule_bots_midway(12, 9)
    o = later.observation(later.to_play)
    assert inferred_worlds(o, 30, random.Random(1), 1.0) == sample_worlds(o, 30, random.Random(1))
    ev = evaluate_play(o, random.Random(3), 40)
    # Resampling repeats worlds: each is played out once, and counted once in the error.
    assert sum(ev.draws) == 40 and ev.worlds == len(ev.draws) < 40
    assert all(o.playouts == ev.worlds and len(o.scores) == 40 for o in ev.options)
    assert evaluate_play(o, random.Random(3), 40, inference=1.0).draws == ()
    for opt in ev.options:
        start = 0
        for k in ev.draws:
            assert len(set(opt.scores[start : start + k])) == 1
            start += k
        assert opt.stderr == mean_se(opt.scores, ev.draws)[1] > mean_se(opt.scores)[1]
