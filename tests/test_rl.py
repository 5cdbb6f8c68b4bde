"""hearts.rl: the PettingZoo and Gymnasium environments, the observation vector, the adapters."""

from __future__ import annotations

import itertools
import subprocess
import sys
import warnings

import numpy as np
import pytest

from hearts import Card, Deal, Game, HandState, IllegalMoveError, MoonScoring, Phase, Rules
from hearts.bots import BotError, RuleBot
from hearts.experiment import compare
from hearts.rl import BotPolicy, LinearPolicy, PolicyBot, action_mask, decode, encode
from hearts.rl.encoding import EncodingError, _bits, layout, same_observation, size
from hearts.rl.policy import CARD_FEATURES, CardPolicy, PolicyError
from hearts.selfplay import play_out

pytest.importorskip("pettingzoo")  # the rl extra is part of the test extra: this only guards a partial install
import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

from hearts.rl.aec import EnvError, HeartsEnv
from hearts.rl.solo import ENV_ID, HeartsSoloEnv

# Every variant the rules offer, each at least once: player counts, J♦, moon scoring, no passing, Q♠ breaks hearts.
VARIANTS = [
    Rules(),
    Rules(num_players=3, jack_of_diamonds=True),
    Rules(num_players=5, moon=MoonScoring.SHOOTERS_CHOICE, qs_breaks_hearts=True),
    Rules(num_players=6, passing=False, moon=MoonScoring.SUBTRACT_FROM_SHOOTER),
    Rules(num_players=7, jack_of_diamonds=True, moon=MoonScoring.SHOOTERS_CHOICE, target_score=40),
    Rules(moon=MoonScoring.SHOOTERS_CHOICE, jack_of_diamonds=True, qs_breaks_hearts=True, target_score=50),
]
IDS = [f"{r.num_players}p-{r.moon.value}-jd{int(r.jack_of_diamonds)}-pass{int(r.passing)}" for r in VARIANTS]


def random_episode(env: HeartsEnv, seed: int, rng: np.random.Generator, check=None) -> dict[str, float]:
    """Play one episode with a random masked policy; return each agent's summed rewards."""
    env.reset(seed=seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        if check is not None:
            check(env, agent, obs, action)
        env.step(action)
    return total


# ----- the standard checkers ----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_pettingzoo_api_test_passes_for_every_variant(rules: Rules) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # dict observations: PettingZoo's own board games warn alike
        api_test(HeartsEnv(rules, episode="game"), num_cycles=200)
        api_test(HeartsEnv(rules), num_cycles=60)


def test_pettingzoo_render_test() -> None:
    render_test(lambda render_mode=None: HeartsEnv(render_mode=render_mode))
    env = HeartsEnv(render_mode="ansi")
    env.reset(seed=4)
    assert "deal 4, hand 1 (left), passing" in env.render() and "> player_0" in env.render()


def test_pettingzoo_seed_test_same_seed_same_episode() -> None:
    seed_test(lambda: HeartsEnv(VARIANTS[2], episode="game"), num_cycles=300)


@pytest.mark.parametrize("rules", [VARIANTS[0], VARIANTS[4]], ids=[IDS[0], IDS[4]])
def test_gymnasium_check_env_passes(rules: Rules) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "no spec to test other render modes": it is not registered
        check_env(HeartsSoloEnv(rules=rules))
        check_env(HeartsSoloEnv("random", seat=rules.num_players - 1, rules=rules, episode="game"))
        check_env(gymnasium.make(ENV_ID, rules=rules, render_mode="ansi").unwrapped)  # the registered id


# ----- what an agent sees -------------------------------------------------------------------------------------


def test_no_observation_changes_when_a_hidden_card_changes() -> None:
    rng = np.random.default_rng(5)
    checked = 0
    for rules in VARIANTS:
        env = HeartsEnv(rules, episode="game")

        def probe(env: HeartsEnv, agent: str, obs: dict, action: int) -> None:
            nonlocal checked
            if rng.random() > 0.15:
                return
            h, n = env.hand, env.rules.num_players
            before = {a: env.observe(a) for a in env.possible_agents}
            for viewer in range(n):
                others = [s for s in range(n) if s != viewer]
                a, b = rng.choice(others, 2, replace=False)
                if not h.hands[a] or not h.hands[b]:
                    continue
                ca = int(rng.choice([c for c in range(52) if h.hands[a] >> c & 1]))
                cb = int(rng.choice([c for c in range(52) if h.hands[b] >> c & 1]))
                h.hands[a] ^= (1 << ca) | (1 << cb)  # a hidden card swapped between two other players
                h.hands[b] ^= (1 << ca) | (1 << cb)
                after = env.observe(env.possible_agents[viewer])
                h.hands[a] ^= (1 << ca) | (1 << cb)
                h.hands[b] ^= (1 << ca) | (1 << cb)
                seen = before[env.possible_agents[viewer]]
                assert np.array_equal(after["observation"], seen["observation"])
                assert np.array_equal(after["action_mask"], seen["action_mask"])
                checked += 1
                # The same swap with the viewer's own hand is seen: the check can fail.
                mine = int(rng.choice([c for c in range(52) if h.hands[viewer] >> c & 1])) if h.hands[viewer] else -1
                if mine >= 0:
                    h.hands[viewer] ^= (1 << mine) | (1 << ca)
                    h.hands[a] ^= (1 << mine) | (1 << ca)
                    changed = env.observe(env.possible_agents[viewer])["observation"]
                    h.hands[viewer] ^= (1 << mine) | (1 << ca)
                    h.hands[a] ^= (1 << mine) | (1 << ca)
                    assert not np.array_equal(changed, seen["observation"])

        random_episode(env, 11, rng, probe)
    assert checked > 300


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_decode_gives_back_every_field_of_the_observation(rules: Rules) -> None:
    env = HeartsEnv(rules, episode="game")
    rng = np.random.default_rng(2)
    seen = 0

    def probe(env: HeartsEnv, agent: str, obs: dict, action: int) -> None:
        nonlocal seen
        if rng.random() > 0.3:
            return
        for s in range(rules.num_players):
            view = env.seat_observation(s)
            back, chosen = decode(encode(view, env.chosen[s]))
            assert same_observation(back, view), (s, view)
            assert chosen == (env.chosen[s] if view.passed_mask is None else 0)
            seen += 1

    random_episode(env, 3, rng, probe)
    assert seen > 100
    with pytest.raises(EncodingError, match="expected"):
        decode(np.zeros(size(rules.num_players) + 1))


def test_layout_is_documented_field_by_field() -> None:
    from hearts.rl import encoding

    for n in range(3, 8):
        fields = list(layout(n).values())
        assert fields[0].start == 0 and fields[-1].stop == size(n)
        assert all(a.stop == b.start for a, b in itertools.pairwise(fields))
    # The module's table (name, size, meaning in fixed columns) says what layout() says, field by field.
    table = {line[:19].strip(): line[30:].replace("``", "") for line in encoding.__doc__.splitlines()
             if line[:19].strip() in layout(4)}
    assert {name: f.meaning for name, f in layout(4).items()} == table
    assert size(4) == 534


# ----- legality and rewards -----------------------------------------------------------------------------------


def test_random_masked_policy_never_plays_an_illegal_card_and_rewards_are_the_engine_scores() -> None:
    rng = np.random.default_rng(17)
    steps = 0

    def check(env: HeartsEnv, agent: str, obs: dict, action: int) -> None:
        nonlocal steps
        steps += 1
        h, seat = env.hand, env.agent_name_mapping[agent]
        mask = obs["action_mask"]
        if h.phase is Phase.PLAYING:
            assert seat == h.to_play
            assert np.array_equal(mask[:52], _bits(h.legal_mask())) and not mask[52:].any()
            assert h.why_not(action, seat) is None
        elif h.phase is Phase.PASSING:
            assert seat == h.waiting_to_pass[0]
            assert h.hands[seat] >> action & 1 and not env.chosen[seat] >> action & 1
        else:
            assert h.phase is Phase.MOON_CHOICE and action in (52, 53)

    for i, rules in enumerate(VARIANTS):
        env = HeartsEnv(rules, episode="game")
        for g in range(2):
            total = random_episode(env, 100 * i + g, rng, check)
            game = env.game
            assert game is not None and game.is_over
            assert [total[a] for a in env.possible_agents] == [-t for t in game.scores]
            # The same game again, from the engine alone: the deals are those of game number N.
            replay = Game(env.deal_number, rules)
            assert replay.hand.deal == game.hands[0].deal
        hand_env = HeartsEnv(rules)
        for k in range(6):
            total = random_episode(hand_env, 1000 + k, rng, check)
            assert [total[a] for a in hand_env.possible_agents] == [-s for s in hand_env.hand.result().scores]
    assert steps > 10_000


def test_an_illegal_action_raises_naming_the_rule_and_changes_nothing() -> None:
    env = HeartsEnv(Rules(passing=False))
    env.reset(seed=4)
    h = env.hand
    refused = next(c for c in range(52) if h.hands[h.to_play] >> c & 1 and not h.legal_mask() >> c & 1)
    before = (env.observe(env.agent_selection)["observation"].copy(), env.agent_selection, h.cards_played)
    with pytest.raises(IllegalMoveError) as err:
        env.step(refused)
    assert err.value.rule.name == "MUST_LEAD_LOWEST_CLUB"
    with pytest.raises(EnvError) as bad:
        env.step(54)
    assert bad.value.option == "action"
    with pytest.raises(IllegalMoveError):
        env.step(52)  # a moon choice when nobody shot the moon
    assert np.array_equal(env.observe(env.agent_selection)["observation"], before[0])
    assert (env.agent_selection, h.cards_played) == before[1:]
    # With illegal='lose' the episode ends and the offender takes the worst a hand costs.
    lose = HeartsEnv(Rules(passing=False), illegal="lose")
    lose.reset(seed=4)
    agent = lose.agent_selection
    lose.step(refused)
    assert all(lose.terminations.values()) and lose._cumulative_rewards[agent] == -26
    assert lose.infos[agent]["illegal"] == "MUST_LEAD_LOWEST_CLUB"


def test_passing_one_card_at_a_time() -> None:
    env = HeartsEnv()
    env.reset(seed=9)
    h = env.hand
    assert env.agent_selection == "player_0"
    hand0 = h.hands[0]
    picks = [c for c in range(52) if hand0 >> c & 1][-3:]
    env.step(picks[0])
    with pytest.raises(IllegalMoveError) as err:
        env.step(picks[0])
    assert err.value.rule.name == "DUPLICATE_PASS_CARD"
    obs = env.observe("player_0")
    f = layout(4)
    assert obs["observation"][f["pass_chosen"].start + picks[0]] == 1
    assert obs["observation"][f["hand"].start + picks[0]] == 0 and obs["action_mask"][picks[0]] == 0
    env.step(picks[1])
    env.step(picks[2])
    assert env.agent_selection == "player_1" and h.passes[0] == sum(1 << c for c in picks)


def test_bad_options_are_refused_naming_the_option() -> None:
    cases = [
        (lambda: HeartsEnv(episode="match"), "episode"),
        (lambda: HeartsEnv(rules="default"), "rules"),  # type: ignore[arg-type]
        (lambda: HeartsEnv(episode="game", hand_number=2), "hand_number"),
        (lambda: HeartsEnv(hand_number=0), "hand_number"),
        (lambda: HeartsEnv(illegal="ignore"), "illegal"),
        (lambda: HeartsEnv(render_mode="rgb_array"), "render_mode"),
        (lambda: HeartsEnv().reset(seed=-1), "seed"),
        (lambda: HeartsEnv().step(0), "reset"),
        (lambda: HeartsSoloEnv(seat=4), "seat"),
        (lambda: HeartsSoloEnv(["rule", "rule"]), "opponents"),
        (lambda: HeartsSoloEnv("chess"), "opponents"),
    ]
    for make, option in cases:
        with pytest.raises(EnvError) as err:
            make()
        assert err.value.option == option, (option, err.value)


# ----- seeding ------------------------------------------------------------------------------------------------


def test_same_seed_same_episode_and_the_seed_is_the_deal_number() -> None:
    def trace(seed: int) -> list:
        env = HeartsSoloEnv("random", rules=VARIANTS[2], episode="game")
        rng = np.random.default_rng(0)
        obs, info = env.reset(seed=seed)
        out = [obs["observation"].tobytes(), info]
        done = False
        while not done:
            obs, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            out += [obs["observation"].tobytes(), reward]
        return out

    assert trace(42) == trace(42)
    assert trace(42) != trace(43)
    env = HeartsEnv()
    env.reset(seed=42)
    assert env.hand.deal == Deal.from_number(42, hand_number=3)  # hand 42 % 4 + 1: across
    env.reset()
    assert env.deal_number == 43 and env.infos["player_0"] == {"deal_number": 43, "hand_number": 4}
    fixed = HeartsEnv(hand_number=1)
    fixed.reset(seed=42)
    assert fixed.hand.deal == Deal.from_number(42) and fixed.hand.pass_direction.value == "left"


# ----- adapters -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [VARIANTS[0], VARIANTS[2], VARIANTS[4]], ids=[IDS[0], IDS[2], IDS[4]])
def test_a_bot_as_a_policy_plays_from_the_vector_as_it_plays_from_the_observation(rules: Rules) -> None:
    env = HeartsEnv(rules)
    for number in range(6):
        seeds = [number * 10 + s for s in range(rules.num_players)]
        policies = [BotPolicy("rule", seed=sd) for sd in seeds]
        env.reset(seed=number)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            seat = env.agent_name_mapping[agent]
            env.step(None if terminated or truncated else policies[seat](obs["observation"], obs["action_mask"]))
        direct = HandState(env.hand.deal, rules)
        play_out(direct, [RuleBot(seed=sd) for sd in seeds])
        assert env.hand.history == direct.history
        assert env.hand.result() == direct.result()


def test_a_policy_as_a_bot_plays_in_compare() -> None:
    # The rule bot, turned into a policy and back into a bot, is the rule bot: no deal changes.
    twice = PolicyBot(BotPolicy("rule"), name="Rule bot, twice wrapped")
    r = compare("rule", twice, n_deals=3, field="rule", workers=1, progress=False)
    assert r.effect == 0.0 and r.changed_share == 0.0
    # A trained-style policy travels to worker processes (it pickles).
    r = compare("random", PolicyBot(LinearPolicy(4), name="Linear"), n_deals=2, field="random", workers=2,
                progress=False)
    assert r.b == "Linear" and r.n_deals == 2


def test_a_trained_agent_sits_in_a_tournament() -> None:
    from hearts.tournament import tournament

    agent = PolicyBot(CardPolicy(), name="Trained agent")
    r = tournament([agent, "rule", "random"], n_deals=2, workers=1, progress=False)
    ranking = r.ranking()
    assert "Trained agent" in ranking.index and len(ranking) == 3
    assert ranking["hands"].nunique() == 1  # the agent played as many hands as every other bot, in every seat
    assert {"Trained agent"} <= set(r.pairwise()["a"]) | set(r.pairwise()["b"])


def test_a_policy_that_breaks_the_mask_is_a_bot_error() -> None:
    h = HandState(Deal.from_number(1), pass_direction=None)
    bad = PolicyBot(lambda x, mask: int(np.flatnonzero(mask == 0)[0]), name="Careless")
    with pytest.raises(BotError, match="Careless chose action"):
        bad.choose_pass(h.observation(0))
    with pytest.raises(BotError, match="action number"):
        PolicyBot(lambda x, mask: "QS").choose_pass(h.observation(0))  # type: ignore[arg-type,return-value]


@pytest.mark.parametrize("kind", [LinearPolicy, CardPolicy])
def test_policy_gradients_match_finite_differences_and_files_round_trip(kind, tmp_path) -> None:
    rng = np.random.default_rng(0)
    env = HeartsEnv(Rules(jack_of_diamonds=True))
    p = kind(4, greedy=False, seed=1)
    for array in p.params.values():
        array[...] = rng.normal(0, 0.05, array.shape)
    checked = 0
    for seed in (2, 6):  # one hand with a pass, one without: passing, leading, following and discarding
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            x, mask = obs["observation"], obs["action_mask"]
            a = p(x, mask)
            if checked < 40:
                grads = p.grad_log_prob(x, mask, a)
                name, array = next(iter(p.params.items()))
                index = tuple(int(i) for i in np.unravel_index(rng.integers(array.size), array.shape))
                if kind is LinearPolicy:
                    index = (a, int(rng.integers(array.shape[1])))
                eps, keep = 1e-6, array[index]
                array[index] = keep + eps
                up = np.log(p.probabilities(x, mask)[a])
                array[index] = keep - eps
                down = np.log(p.probabilities(x, mask)[a])
                array[index] = keep
                assert abs((up - down) / (2 * eps) - grads[name][index]) < 1e-5
                checked += 1
            env.step(a)
    x, mask = obs["observation"], np.zeros(54)
    mask[[1, 5, 9]] = 1
    assert {p(x, mask) for _ in range(200)} == {1, 5, 9}
    path = p.save(tmp_path / "agent.npz")
    back = kind.load(path)
    assert all(np.array_equal(back.params[k], v) for k, v in p.params.items())
    assert back(x, mask) == int(np.argmax(p.probabilities(x, mask)))
    other = CardPolicy if kind is LinearPolicy else LinearPolicy
    with pytest.raises(PolicyError, match="policy, not a"):
        other.load(path)
    (tmp_path / "broken.npz").write_bytes(b"not a file of arrays")
    with pytest.raises(PolicyError, match="not a policy file"):
        kind.load(tmp_path / "broken.npz")


def test_card_features_read_the_position() -> None:
    p = CardPolicy(4)
    h = HandState(Deal.from_hands(["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
                                   "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
                                   "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
                                   "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"]), pass_direction=None)
    for seat in range(4):
        h.pass_cards(seat, list(h.hand_of(seat))[-3:])
    # Seat 1 received Q♣ K♣ A♣ from seat 0; seat 0 holds the J♥ Q♥ K♥... of seat 3.
    h.play("2C")
    obs = h.observation(1)
    x, mask = encode(obs), action_mask(obs)
    actions = np.flatnonzero(mask)
    phi = p.features(x, actions)
    col = {name: i for i, name in enumerate(CARD_FEATURES)}
    names = [str(Card(int(a))) for a in actions]
    assert names == ["Q♣", "K♣", "A♣"]
    assert phi[:, col["follow_wins"]].tolist() == [1, 1, 1]
    assert phi[:, col["follow_higher_out"]].tolist() == [0, 0, 0]  # K♣ A♣ are its own
    assert phi[:, col["follow_rank"]].tolist() == [10 / 12, 11 / 12, 1.0]


def test_the_core_imports_without_the_rl_extra() -> None:
    code = (
        "import sys\n"
        "sys.modules['pettingzoo'] = sys.modules['gymnasium'] = None\n"
        "import hearts, hearts.bots, hearts.experiment\n"
        "from hearts.rl import PolicyBot, LinearPolicy, BotPolicy\n"
        "try:\n"
        "    from hearts.rl import HeartsEnv\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'hearts-tutor[rl]'" in out.stdout


def test_a_trained_agent_sits_at_the_game_table(tmp_path) -> None:
    from test_widgets_table import play_until_over

    from hearts_widgets import GameTable
    from hearts_widgets.store import History
    from hearts_widgets.table_model import TableModel

    policy = CardPolicy(4)
    policy.weights[CARD_FEATURES.index("follow_wins")] = -2.0  # ducks when it can
    t = GameTable(number=21, target_score=30, data_dir=tmp_path, paced=False, learn=False,
                  bots={1: PolicyBot(policy, name="Trained agent"), 3: PolicyBot(policy, name="Trained agent")})
    m = t.model
    assert [type(m.bots[s]).__name__ for s in (1, 2, 3)] == ["PolicyBot", "RuleBot", "PolicyBot"]
    assert m.bots[1] is not m.bots[3] and m.bots[1].policy is not policy  # a copy per seat
    assert t.level_box.options[0] == ("Trained agent", "__own__") and t.level_box.value == "__own__"
    play_until_over(t)
    assert History.load(tmp_path).games[0]["level"] == "Trained agent"
    t.level_box.value = "random"  # choosing a level in the settings gives the seats to that level's bots
    assert not m.own_bots and {type(b).__name__ for b in m.bots.values()} == {"RandomBot"}
    assert "__own__" not in [v for _, v in t.level_box.options]
    with pytest.raises(ValueError, match="bots: seat 2 needs a Bot"):
        TableModel(data_dir=tmp_path, bots={2: policy})  # type: ignore[dict-item]


def test_the_shooters_choice_is_an_action_of_the_shooter() -> None:
    env = HeartsEnv(Rules(moon=MoonScoring.SHOOTERS_CHOICE))
    bots = [BotPolicy("rule", seed=s) for s in range(4)]
    env.reset(seed=73)  # with four rule bots, East (seat 3) takes every penalty card of deal 73
    totals = dict.fromkeys(env.possible_agents, 0.0)
    chose = False
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        if env.hand.phase is Phase.MOON_CHOICE:
            assert agent == "player_3" and np.flatnonzero(obs["action_mask"]).tolist() == [52, 53]
            assert obs["observation"][layout(4)["phase"].start + 2] == 1
            for other in ("player_0", "player_1", "player_2"):
                assert not env.observe(other)["action_mask"].any()
            env.step(53)  # subtract 26 from my own score
            chose = True
            continue
        env.step(bots[env.agent_name_mapping[agent]](obs["observation"], obs["action_mask"]))
    assert chose and env.hand.result().shooter == 3
    assert [totals[a] for a in env.possible_agents] == [0.0, 0.0, 0.0, 26.0]


def test_policy_save_onto_a_folder_or_under_a_file_is_a_policy_error(tmp_path) -> None:
    folder = tmp_path / "p.npz"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    a_file = tmp_path / "notes.txt"
    a_file.write_text("notes")
    for path, why in [
        (folder, "this is a folder, not a file"),
        (a_file / "p.npz", "a folder above it is a file"),
        (tmp_path / "missing" / "p.npz", "its folder does not exist"),
    ]:
        with pytest.raises(PolicyError, match=why) as e:
            LinearPolicy(4).save(path)
        assert str(path) in str(e.value)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["keep.txt", "notes.txt", "p.npz"]
    assert (folder / "keep.txt").read_text() == "mine" and a_file.read_text() == "notes"
