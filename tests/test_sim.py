"""The lean simulation path (hearts.sim) and its native kernel: exactly the reference's play, in every variant.

The pure-Python path is checked against HandState's checked API (every pass, every card, the moon choice
and the scores); the native kernel is checked against the pure-Python path hand for hand and card for card,
and its playout against the expert's pure-Python playout on positions taken from real hands.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import sysconfig

import numpy as np
import pytest
from engine_support import VARIANTS

from hearts import HandState, sim
from hearts.bots import expert
from hearts.bots.expert import ExpertBot
from hearts.cards import CardSet
from hearts.deal import Deal
from hearts.errors import HeartsError
from hearts.hand import Phase
from hearts.rules import MoonScoring, PassDirection, Rules

IDS = [repr(r) for r in VARIANTS]
PATHS: list[sim.Path] = ["python", "native"] if sim.native_available() else ["python"]


def _compiler() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None


def test_the_native_kernel_is_built_where_a_compiler_exists() -> None:
    # The ordinary install compiles it; only a machine with no C compiler falls back to Python.
    if _compiler():
        assert sim.native_available(), (
            "a C compiler is here but hearts._kernel was not built, or was built from an older hearts/_kernel.c "
            "(its API number is not hearts.native.API): run the install again "
            "(`.venv/bin/python -m uv pip install -e .`) to build it."
        )
    else:
        assert sim.kernel() == "python"


def test_kernel_says_which_path_and_the_environment_can_choose_python() -> None:
    code = "from hearts import sim; print(sim.kernel())"
    env = {**os.environ, "HEARTS_KERNEL": "python"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "python"
    env.pop("HEARTS_KERNEL")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ("native" if sim.native_available() else "python")


@pytest.mark.skipif(not sim.native_available(), reason="no native kernel on this machine (no C compiler)")
@pytest.mark.parametrize("seed", [0, 1, 12345, 2**32 - 1, 2**32, 2**63 + 7, 2**64 - 1])
def test_native_random_numbers_are_pythons(seed: int) -> None:
    from hearts import _kernel  # type: ignore[attr-defined]

    r = random.Random(seed)
    assert _kernel.random_floats(seed, 1500) == [r.random() for _ in range(1500)]


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
@pytest.mark.parametrize("path", PATHS)
def test_random_hands_replay_exactly_through_handstate(rules: Rules, path: sim.Path) -> None:
    records = sim.random_hand_records(400, seed=11, rules=rules, path=path)
    scores = sim.random_hands(400, seed=11, rules=rules, path=path)
    moons = 0
    for i, rec in enumerate(records):
        assert rec.deal.hand_number == i + 1
        h = HandState(rec.deal, rules)
        if rec.passes is None:
            assert h.pass_direction is PassDirection.NONE
        else:
            assert h.pass_direction is rules.pass_direction(i + 1)
            for seat, cards in enumerate(rec.passes):
                h.pass_cards(seat, cards)
        for c in rec.plays:
            assert c in h.legal_moves  # every random card was legal in the reference
            h.play(c)
        if h.phase is Phase.MOON_CHOICE:
            assert rec.moon_choice in ("add", "subtract")
            h.choose_moon(h.to_play, rec.moon_choice)
        result = h.result()
        assert result.scores == rec.scores == tuple(scores[i])
        moons += result.shooter is not None
    assert moons > 0 or rules.num_players > 4  # random play shoots a moon now and then (4 players: ~2%)


@pytest.mark.skipif(not sim.native_available(), reason="no native kernel on this machine (no C compiler)")
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_native_random_hands_equal_python_card_for_card(rules: Rules) -> None:
    for seed in (0, 3, 2**40 + 1):
        a = sim.random_hands(2500, seed, rules, path="native")
        b = sim.random_hands(2500, seed, rules, path="python")
        assert a.dtype == b.dtype == np.int32
        assert np.array_equal(a, b)
    native = sim.random_hand_records(150, 5, rules, path="native")
    assert native == sim.random_hand_records(150, 5, rules, path="python")


def _positions(
    rules: Rules, count: int, seed: int
) -> list[tuple[list[int], list[int], int, int, bool, list[int], list[int]]]:
    """Playout positions from real hands: stopped at random points, the last trick maybe complete, with the suits
    each seat has shown out of."""
    rng = random.Random(seed)
    out = []
    for rec in sim.random_hand_records(count, seed, rules, path="python"):
        h = HandState(rec.deal, rules)
        if rec.passes is not None:
            for seat, cards in enumerate(rec.passes):
                h.pass_cards(seat, cards)
        stop = rng.randrange(1, len(rec.plays))
        for c in rec.plays[:stop]:
            h.push(int(c))
        if h.trick:
            trick, leader, number = list(h.trick), h.leader, h.trick_number
        else:  # the card just played closed a trick: hand the playout the complete trick
            last = h.tricks[-1]
            trick, leader, number = [int(c) for c in last.cards], last.leader, last.number
            h.taken[last.winner] &= ~CardSet(last.cards).mask
        out.append((list(h.hands), trick, leader, number, h.hearts_broken, list(h.taken), list(h.voids)))
    return out


@pytest.mark.skipif(not sim.native_available(), reason="no native kernel on this machine (no C compiler)")
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_native_playout_equals_the_experts_python_playout(rules: Rules) -> None:
    # Game totals matter under the shooter's choice (hearts.rules.moon_choice): a moon that would push a rival
    # to the target is subtracted by some shooters and added by others, so the kernel is told per seat.
    n = rules.num_players
    near_the_end = (80, 75, 40, 50, 45, 60, 30)[:n]  # a moon by South ends the game without South winning it
    for i, (hands, trick, leader, number, broken, taken, voids) in enumerate(_positions(rules, 700, seed=n)):
        totals = (None, near_the_end)[i % 2]
        before = (list(hands), list(trick), list(taken), list(voids))
        subtract = expert._moon_subtracts(rules, totals)
        native = sim.native_playout(hands, trick, leader, number, broken, taken, rules, subtract, voids)
        python = expert._continue(
            list(hands), list(trick), leader, number, broken, list(taken), rules, totals, voids
        )
        assert native == python
        assert (hands, trick, taken, voids) == before  # the arguments are not changed
    if rules.moon is MoonScoring.SHOOTERS_CHOICE:
        assert len(set(expert._moon_subtracts(rules, near_the_end))) == 2  # the test covers a per-seat choice


@pytest.mark.skipif(not sim.native_available(), reason="no native kernel on this machine (no C compiler)")
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_native_policy_misses_equal_the_experts_python_count(rules: Rules) -> None:
    # Real positions of random play (many misses) seen from one seat, counted in the true deal and in worlds
    # sampled from that seat's observation (the expert's inference weighs these).
    rng = random.Random(rules.num_players)
    counted = 0
    for rec in sim.random_hand_records(120, 7, rules, path="python"):
        h = HandState(rec.deal, rules)
        if rec.passes is not None:
            for seat, cards in enumerate(rec.passes):
                h.pass_cards(seat, cards)
        for c in rec.plays[: rng.randrange(1, len(rec.plays))]:
            h.push(int(c))
        obs = h.observation(h.to_play)
        plays = [(s, int(c)) for s, c in obs.plays]
        first = obs.tricks[0].leader if obs.tricks else obs.leader
        sampler = expert._Sampler(
            expert.hidden_constraints(obs), [obs.hand_mask if s == obs.seat else 0 for s in range(h.n)]
        )
        worlds = [tuple(h.hands)] + [sampler.sample(rng).hands for _ in range(6)]
        python = [expert.policy_misses(plays, first, w, obs.seat, rules) for w in worlds]
        assert sim.native_policy_misses(plays, first, worlds, obs.seat, rules) == python
        counted += sum(python)
    assert counted > 100  # random play is mostly not the policy's


@pytest.mark.skipif(not sim.native_available(), reason="no native kernel on this machine (no C compiler)")
@pytest.mark.parametrize(
    ("plays", "world"),
    [
        ([(0, 0)], (1, 0, 0, 0)),  # a played card still in a hand
        ([(0, 5)], (1 << 55, 0, 0, 0)),  # a card outside the deck
        ([(0, 60)], (0, 0, 0, 0)),  # no such card
        ([(4, 5)], (0, 0, 0, 0)),  # no such seat
        ([(0, 5), (1, 5)], (0, 0, 0, 0)),  # a card played twice
        ([(0, 5)], (1 << 7, 1 << 7, 0, 0)),  # a card in two hands
    ],
)
def test_native_policy_misses_refuses_impossible_worlds(plays: list[tuple[int, int]], world: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="policy_misses"):
        sim.native_policy_misses(plays, 0, [world], 0, Rules())


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_the_policys_own_plays_are_no_misses(rules: Rules) -> None:
    for number in range(6):
        h = HandState(Deal.from_number(number, rules), pass_direction=PassDirection.NONE)
        while not h.is_over:
            obs = h.observation(h.to_play)
            plays = [(s, int(c)) for s, c in obs.plays]
            if plays:
                first = obs.tricks[0].leader if obs.tricks else obs.leader
                assert expert.policy_misses(plays, first, h.hands, obs.seat, rules) == 0
                if sim.native_available():
                    assert sim.native_policy_misses(plays, first, [h.hands], obs.seat, rules) == [0]
            h.push(expert.rollout_card(h))


def test_the_expert_decides_the_same_on_either_path(monkeypatch: pytest.MonkeyPatch) -> None:
    if not sim.native_available():
        pytest.skip("no native kernel on this machine (no C compiler)")
    h = HandState(Deal.from_number(31))
    for seat in range(4):
        h.pass_cards(seat, list(h.hand_of(seat))[-3:])
    for _ in range(9):
        legal = h.legal_mask()
        h.push((legal & -legal).bit_length() - 1)
    obs = h.observation(h.to_play)
    decisions = {}
    for path in ("python", "native"):
        monkeypatch.setattr(sim, "_KERNEL", path)
        play = expert.evaluate_play(obs, random.Random(4), worlds=60)
        inferred = expert.evaluate_play(obs, random.Random(4), worlds=60, inference=0.3, inference_pool=3)
        fresh = HandState(Deal.from_number(31))
        passing = expert.evaluate_pass(fresh.observation(0), random.Random(4), worlds=12)
        decisions[path] = (play, inferred, passing)
    assert decisions["python"] == decisions["native"]
    assert ExpertBot(seed=1).choose_play(obs) in obs.legal_moves


@pytest.mark.parametrize(
    ("kwargs", "option"),
    [
        ({"hands": -1}, "hands"),
        ({"hands": 2.0}, "hands"),
        ({"hands": True}, "hands"),
        ({"hands": 3, "seed": -1}, "seed"),
        ({"hands": 3, "seed": 2**64}, "seed"),
        ({"hands": 3, "seed": "1"}, "seed"),
        ({"hands": 3, "rules": "default"}, "rules"),
        ({"hands": 3, "path": "fortran"}, "path"),
    ],
)
def test_bad_options_are_typed_errors_naming_the_option(kwargs: dict[str, object], option: str) -> None:
    with pytest.raises(HeartsError) as err:
        sim.random_hands(**kwargs)  # type: ignore[arg-type]
    assert getattr(err.value, "option", None) == option


@pytest.mark.skipif(not sim.native_available(), reason="no native kernel on this machine (no C compiler)")
def test_native_stable_random_is_pythons() -> None:
    """The kernel's SHA-256 draws and shuffle equal StableRandom's, for keys of every padding case."""
    from hearts import _kernel  # type: ignore[attr-defined]
    from hearts.deal import StableRandom

    rng = random.Random(5)
    keys = ["", "é♠", "x" * 200] + ["k" * length for length in range(40, 75)]  # 55/56/64 bytes change the padding
    for h in range(1, 400):
        keys.append(f"hearts-deal/v1/{rng.choice([3, 4, 7])}/{rng.getrandbits(rng.choice([8, 64, 300]))}/{h}")
    for key in keys:
        r = StableRandom(key)
        assert _kernel.stable_words(key.encode(), 11) == [r.bits64() for _ in range(11)], key
        size = rng.choice([0, 1, 2, 13, 52, 60])
        a, b = list(range(size)), list(range(size))
        StableRandom(key).shuffle(a)
        _kernel.stable_shuffle(key.encode(), b)
        assert a == b, key


def test_numbered_deals_and_self_play_seeds_are_the_same_on_both_paths() -> None:
    code = (
        "import hashlib; from hearts import Deal, Rules; from hearts.selfplay import hand_seeds\n"
        "h = hashlib.sha256()\n"
        "for i in range(300):\n"
        "    d = Deal.from_number(i * 7919 + i ** 5, Rules(num_players=3 + i % 5), hand_number=1 + i % 9)\n"
        "    h.update(repr([c.mask for c in d.hands]).encode())\n"
        "    h.update(repr(hand_seeds(i, 3 * i, 4 + i % 3, game=i if i % 2 else None)).encode())\n"
        "print(h.hexdigest())\n"
    )
    env = {**os.environ, "HEARTS_KERNEL": "python"}
    python = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    env.pop("HEARTS_KERNEL")
    default = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert python.stdout == default.stdout
    assert len(python.stdout.strip()) == 64
