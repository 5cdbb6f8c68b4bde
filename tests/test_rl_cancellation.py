"""hearts.rl with Cancellation Hearts (two packs, 6 to 10 seats): the two-pack vector, the masks with twins, whole
episodes, rewards equal to the engine's scores, and the vector losing nothing of the observation."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from hearts import Deal, HandState, IllegalMoveError, Phase, Rules
from hearts.cards import ms_count

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test

from hearts.rl import BotPolicy, PolicyBot, action_mask, decode, encode
from hearts.rl.aec import HeartsEnv
from hearts.rl.encoding import EncodingError, _bits, bounds, describe, layout, same_observation, size
from hearts.rl.solo import HeartsSoloEnv
from hearts.rl.two_packs import counts, fields_two
from hearts.selfplay import play_out

PLAYERS = (6, 7, 8, 9, 10)


@pytest.mark.parametrize("n", PLAYERS)
def test_the_vector_has_the_documented_size_and_its_fields_in_bounds(n: int) -> None:
    rules = Rules.cancellation(n)
    assert size(n, decks=2) == 347 + 115 * n == sum(w for _, w, *_ in fields_two(n))
    env = HeartsEnv(rules)
    env.reset(seed=n)
    space = env.observation_space("player_0")
    assert space["observation"].shape == (347 + 115 * n,)
    obs = env.observe(env.agent_selection)
    assert space.contains(obs)
    assert "two-pack" in describe(n, decks=2) and layout(n, decks=2)["hand"].high == 2
    low, high = bounds(n, decks=2)
    x = obs["observation"]
    assert (x >= low).all() and (x <= high).all()
    # a one-pack table of that size is still the one-pack vector; a two-pack count outside 6-10 is refused
    if n <= 7:
        assert size(n) != size(n, decks=2)
    with pytest.raises(EncodingError, match="6 to 10"):
        layout(5, decks=2)


@pytest.mark.parametrize("n", PLAYERS)
def test_a_whole_random_episode_rewards_the_engines_scores_and_the_vector_loses_nothing(n: int) -> None:
    """Random masked actions through a whole hand: at every step the mask is the engine's (a card held twice may
    be passed twice), the vector decodes to the very observation, and the rewards are minus the scores."""
    rng = np.random.default_rng(n)
    env = HeartsEnv(Rules.cancellation(n, jack_of_diamonds=n % 2 == 0))
    env.reset(seed=40 + n)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        h, seat = env.hand, env.agent_name_mapping[agent]
        mask = obs["action_mask"]
        seen = env.seat_observation(seat)
        back, chosen = decode(obs["observation"])
        assert same_observation(back, seen) and chosen == (env.chosen[seat] if h.phase is Phase.PASSING else 0)
        if h.phase is Phase.PLAYING:
            assert np.array_equal(mask[:52], _bits(h.legal_mask())) and not mask[52:].any()
        elif h.phase is Phase.PASSING:
            left = [c for c in range(52) if ms_count(h.hands[seat], c) > ms_count(env.chosen[seat], c)]
            assert np.flatnonzero(mask).tolist() == left
        action = int(rng.choice(np.flatnonzero(mask)))
        env.step(action)
    assert [total[a] for a in env.possible_agents] == [-s for s in env.hand.result().scores]
    result = env.hand.result()
    assert sum(result.points) == env.rules.hand_total or result.shooter is not None  # 52, 32 with J♦ twice


def test_a_card_held_twice_is_passed_twice_and_a_third_time_refused() -> None:
    rules = Rules.cancellation(8)
    env = HeartsEnv(rules)
    for seed in range(100):
        env.reset(seed=seed)
        seat = env.agent_name_mapping[env.agent_selection]
        both = [c for c in range(52) if ms_count(env.hand.hands[seat], c) == 2]
        if both:
            break
    c = both[0]
    env.step(c)
    assert env.observe(env.agent_selection)["action_mask"][c] == 1  # the second copy
    x = env.observe(env.agent_selection)["observation"]
    f = layout(8, decks=2)
    assert x[f["pass_chosen"].start + c] == 1 and x[f["hand"].start + c] == 1
    env.step(c)
    assert env.observe(env.agent_selection)["action_mask"][c] == 0
    before = env.chosen[seat]
    with pytest.raises(IllegalMoveError) as e:
        env.step(c)
    assert e.value.rule.name == "DUPLICATE_PASS_CARD" and env.chosen[seat] == before


def test_the_pile_and_the_widow_are_in_the_vector_when_public() -> None:
    """Play hands until a trick waits: the pile is in every seat's vector, then the widow once taken."""
    rules = Rules.cancellation(10, passing=False)
    f = layout(10, decks=2)
    for number in range(200):
        h = HandState(Deal.from_number(number, rules), rules)
        while not h.is_over and not h.pile:
            h.push(h.legal_moves.lowest())
        if h.pile:
            break
    assert h.pile
    for seat in range(10):
        obs = h.observation(seat)
        x = encode(obs)
        assert np.array_equal(x[f["pile"].start : f["pile"].stop], counts(h.pile))
        assert same_observation(decode(x)[0], obs)
        widow = x[f["widow"].start : f["widow"].stop]
        if h.widow_taker >= 0:
            assert np.array_equal(widow, counts(h.deal.widow.mask))
        else:
            assert not widow.any()  # face down: nobody sees it


def test_bots_play_from_the_vector_and_a_policy_sits_at_a_two_pack_table() -> None:
    rules = Rules.cancellation(6)
    env = HeartsSoloEnv("rule", rules=rules)
    obs, _ = env.reset(seed=3)
    done = False
    me = BotPolicy("rule")
    while not done:
        obs, reward, done, _, _info = env.step(me(obs["observation"], obs["action_mask"]))
    assert reward == -env.aec.hand.result().scores[0]
    h = HandState(Deal.from_number(8, rules), rules)
    play_out(h, [PolicyBot(BotPolicy("random", seed=s), name="policy") for s in range(6)])
    assert sum(h.result().points) == 52 and h.is_over
    assert action_mask(h.observation(0)).sum() == 0


def test_pettingzoo_api_test_with_two_packs() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(HeartsEnv(Rules.cancellation(7)), num_cycles=40)


def test_a_damaged_two_pack_vector_is_a_typed_error() -> None:
    rules = Rules.cancellation(6)
    x = encode(HandState(Deal.from_number(1, rules), rules).observation(0))
    with pytest.raises(EncodingError):
        decode(x[:-1])
    bad = x.copy()
    bad[layout(6, decks=2)["seat"].start : layout(6, decks=2)["seat"].stop] = 0
    with pytest.raises(EncodingError, match="seat"):
        decode(bad)


def test_a_linear_policy_for_two_packs_acts_trains_and_round_trips(tmp_path) -> None:
    from hearts.rl import LinearPolicy
    from hearts.rl.policy import CardPolicy, PolicyError

    p = LinearPolicy(6, decks=2, greedy=False, seed=1)
    rules = Rules.cancellation(6)
    h = HandState(Deal.from_number(2, rules), rules)
    obs = h.observation(0)
    x, mask = encode(obs), action_mask(obs)
    assert p.weights.shape == (54, 347 + 115 * 6) and mask[p(x, mask)]
    g = p.grad_log_prob(x, mask, int(np.flatnonzero(mask)[0]))
    p.weights += g["weights"]
    back = LinearPolicy.load(p.save(tmp_path / "p.npz"))
    assert back.decks == 2 and np.array_equal(back.weights, p.weights) and "decks=2" in repr(back)
    play_out(h, [PolicyBot(back, seed=s) for s in range(6)])
    assert h.is_over
    with pytest.raises(PolicyError, match="one-pack"):
        CardPolicy(6, decks=2)
    with pytest.raises(EncodingError):
        LinearPolicy(5, decks=2)
