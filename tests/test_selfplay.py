"""Self-play: invariants of the tables, determinism across workers, Parquet, options, Dask."""

from __future__ import annotations

import copy
import json
import multiprocessing
import os
import subprocess
import sys
import types

import numpy as np
import pandas as pd
import pytest
from engine_support import Moody

from hearts import Card, CardSet, Deal, HandState, Rules
from hearts.bots import Bot, BotError, Decision, RandomBot, RuleBot, bot_from_functions
from hearts.messages import text
from hearts.rules import PassDirection
from hearts.selfplay import (
    CARD_DTYPE,
    BotSpec,
    SelfPlayError,
    SelfPlayResult,
    _local_workers,
    bot_spec,
    hand_seeds,
    play_games,
    play_hands,
    play_out,
)

TABLES = ("hands", "tricks", "plays")
MIXED = ["rule", "random", bot_spec("rule", label="Rule (North)"), "random"]


class Quitter(RandomBot):
    """Ends its own process when it plays in a worker (a pool that breaks in spite of the checks)."""

    name = "Quitter"

    def decide_play(self, obs):
        if multiprocessing.parent_process() is not None:
            os._exit(3)
        return super().decide_play(obs)


def assert_same(r1: SelfPlayResult, r2: SelfPlayResult) -> None:
    for name in TABLES:
        pd.testing.assert_frame_equal(getattr(r1, name), getattr(r2, name), check_exact=True)


@pytest.fixture(scope="module")
def mixed() -> SelfPlayResult:
    return play_hands(MIXED, 40, seed=11, workers=1, progress=False)


def test_points_tricks_and_plays_add_up(mixed: SelfPlayResult) -> None:
    hands, tricks, plays = mixed.hands, mixed.tricks, mixed.plays
    per_deal = hands.groupby("deal", observed=True)
    assert len(hands) == 4 * 40 and hands["deal"].nunique() == 40
    assert (per_deal["points"].sum() == 26).all()
    moon = per_deal["shot_moon"].any()
    assert (per_deal["score"].sum() == np.where(moon, 78, 26)).all()
    assert (per_deal["tricks_won"].sum() == 13).all()
    assert (per_deal["hearts_taken"].sum() == 13).all()
    assert (per_deal["took_qs"].sum() == 1).all()
    assert (tricks.groupby("deal").size() == 13).all()
    assert (plays.groupby("deal").size() == 52).all()
    # every card exactly once per deal, and exactly one winning card per trick
    assert (plays.groupby("deal", observed=True)["card"].nunique() == 52).all()
    assert (plays.groupby(["deal", "trick"])["won"].sum() == 1).all()
    assert (tricks["points"] == tricks["hearts"] + 13 * tricks["has_qs"]).all()


def test_plays_agree_with_tricks_and_hands(mixed: SelfPlayResult) -> None:
    plays, tricks, hands = mixed.plays, mixed.tricks, mixed.hands
    winners = plays[plays["won"]].set_index(["deal", "trick"])
    t = tricks.set_index(["deal", "trick"])
    assert (winners["seat"].astype(str) == t["winner"].astype(str)).all()
    assert (winners["card"].astype(str) == t["winning_card"].astype(str)).all()
    leads = plays[plays["position"] == 0].set_index(["deal", "trick"])
    assert (leads["role"] == "led").all()
    assert (leads["seat"].astype(str) == t["leader"].astype(str)).all()
    follows = plays[plays["position"] > 0]
    led = t["led_suit"].astype(str).reindex(pd.MultiIndex.from_frame(follows[["deal", "trick"]])).to_numpy()
    is_follow = follows["suit"].astype(str).to_numpy() == led
    assert ((follows["role"] == "followed").to_numpy() == is_follow).all()
    # the first card of every hand is 2♣, and the trick count a seat won matches the hands table
    assert (plays.loc[(plays["trick"] == 0) & (plays["position"] == 0), "card"] == "2♣").all()
    won = plays[plays["won"]].groupby(["deal", "seat"], observed=True).size()
    table = hands.set_index(["deal", "seat"])["tricks_won"]
    assert (won.reindex(table.index, fill_value=0) == table).all()
    # the bot of each play is the bot of that seat in that deal
    bots = hands.set_index(["deal", "seat"])["bot"].astype(str)
    key = pd.MultiIndex.from_frame(plays[["deal", "seat"]])
    assert (bots.reindex(key).to_numpy() == plays["bot"].astype(str).to_numpy()).all()


def _features(mask: int) -> dict[str, int]:
    cs = CardSet(mask)
    qs = Card.parse("QS")
    return {
        "clubs": cs.count(0),
        "diamonds": cs.count(1),
        "spades": cs.count(2),
        "hearts": cs.count(3),
        "has_qs": int(qs in cs),
        "qs_guards": sum(1 for c in cs.of_suit(2) if c < qs),
        "high_spades": sum(1 for c in cs.of_suit(2) if c > qs),
        "voids": sum(1 for s in range(4) if cs.count(s) == 0),
    }


def test_features_match_the_deal(mixed: SelfPlayResult) -> None:
    hands = mixed.hands
    for row in hands.iloc[::7].itertuples():
        deal = Deal.from_number(int(row.deal_number), hand_number=int(row.hand_number))
        seat = ["South", "West", "North", "East"].index(row.seat)
        dealt = deal.hands[seat].mask
        assert int(row.dealt) == dealt
        direction = PassDirection(row.pass_direction)
        passed = {c for c in (row.passed_1, row.passed_2, row.passed_3) if isinstance(c, str)}
        received = {c for c in (row.received_1, row.received_2, row.received_3) if isinstance(c, str)}
        if direction is PassDirection.NONE:
            assert not passed and not received
        else:
            assert len(passed) == len(received) == 3
            source = (seat - direction.offset(4)) % 4
            src = hands[(hands["deal"] == row.deal) & (hands["seat"] == ["South", "West", "North", "East"][source])]
            assert {str(src[f"passed_{j}"].iloc[0]) for j in (1, 2, 3)} == received
        after = (dealt & ~CardSet.parse(" ".join(passed)).mask) | CardSet.parse(" ".join(received)).mask
        for name, value in _features(dealt).items():
            assert int(getattr(row, f"{name}_before")) == value, name
        for name, value in _features(after).items():
            assert int(getattr(row, f"{name}_after")) == value, name
        assert row.passed_qs == ("Q♠" in passed) and row.received_qs == ("Q♠" in received)


def test_dtypes_are_compact(mixed: SelfPlayResult) -> None:
    h = mixed.hands
    for col in ("seat", "bot", "pass_direction", "pass_reason", "pass_tip"):
        assert isinstance(h[col].dtype, pd.CategoricalDtype), col
    assert h["passed_1"].dtype == CARD_DTYPE and h["received_3"].dtype == CARD_DTYPE
    for col in ("points", "score"):
        assert h[col].dtype == np.int64, col
    for col in ("tricks_won", "hearts_taken", "spades_before", "voids_after"):
        assert h[col].dtype == np.int16, col
    for col in ("took_qs", "shot_moon", "has_qs_before", "passed_qs"):
        assert h[col].dtype == bool, col
    assert h["dealt"].dtype == np.uint64
    p = mixed.plays
    for col in ("seat", "bot", "suit", "role", "reason", "tip"):
        assert isinstance(p[col].dtype, pd.CategoricalDtype), col
    assert p["card"].dtype == CARD_DTYPE
    # well under 500 bytes per hand row (the budget for a million rows in 500 MB): what each row adds, beyond
    # what a table holds once whatever its length (the names of the categories)
    small, big = (play_hands("random", n, workers=1, progress=False, detail="hands").hands for n in (250, 500))
    per_row = (big.memory_usage(deep=True).sum() - small.memory_usage(deep=True).sum()) / (len(big) - len(small))
    assert per_row < 100


def test_reasons_and_tips_are_recorded(mixed: SelfPlayResult) -> None:
    p = mixed.plays
    rule = p[p["bot"].astype(str).str.startswith("Rule")]
    rand = p[p["bot"] == "Random"]
    assert (rand["reason"] == "bot.reason.random").all() and rand["tip"].isna().all()
    assert rule["reason"].notna().all() and rule["tip"].notna().any()
    assert set(rule["tip"].dropna().astype(str)) <= set(__import__("hearts.bots.tips").bots.tips.TIP_NAMES)
    assert set(mixed.hands["bot"].cat.categories) == {"Rule bot", "Random", "Rule (North)"}


def test_workers_and_chunks_do_not_change_the_result(mixed: SelfPlayResult) -> None:
    again = play_hands(MIXED, 40, seed=11, workers=2, progress=False, chunk_size=7)
    assert_same(mixed, again)
    inline_small = play_hands(MIXED, 40, seed=11, workers=1, progress=False, chunk_size=3)
    assert_same(mixed, inline_small)
    other = play_hands(MIXED, 40, seed=12, workers=1, progress=False)
    assert not other.hands["deal_number"].equals(mixed.hands["deal_number"])


def test_spawned_workers_give_the_same_result() -> None:
    local = play_hands("random", 12, seed=5, workers=1, progress=False)
    spawned = play_hands("random", 12, seed=5, workers=2, chunk_size=6, progress=False, mp_context="spawn")
    assert_same(local, spawned)


def test_parquet_round_trip_keeps_dtypes(mixed: SelfPlayResult, tmp_path) -> None:
    mixed.to_parquet(tmp_path / "run")
    back = SelfPlayResult.from_parquet(tmp_path / "run")
    assert_same(mixed, back)
    for name in TABLES:
        assert getattr(back, name).dtypes.equals(getattr(mixed, name).dtypes)
    assert back.meta == mixed.meta and back.meta["bots"][2] == "Rule (North)"
    with pytest.raises(SelfPlayError, match="missing"):
        SelfPlayResult.from_parquet(tmp_path / "nothing")


def test_detail_leaves_larger_tables_empty_with_their_columns(mixed: SelfPlayResult) -> None:
    small = play_hands(MIXED, 40, seed=11, workers=1, progress=False, detail="hands")
    # the pass columns have their own categories, so they do not depend on the plays recorded
    pd.testing.assert_frame_equal(small.hands, mixed.hands)
    assert small.tricks.empty and small.plays.empty
    assert list(small.plays.columns) == list(mixed.plays.columns)


@pytest.mark.parametrize("n", [0, 5])
def test_parquet_round_trip_keeps_the_categories_of_empty_tables(n, tmp_path) -> None:
    r = play_hands("rule", n, workers=1, progress=False, detail="hands")
    assert r.tricks.empty and r.plays.empty and len(r.hands) == 4 * n
    back = SelfPlayResult.from_parquet(r.to_parquet(tmp_path / "run"))
    for name in TABLES:
        before, after = getattr(r, name), getattr(back, name)
        assert after.dtypes.equals(before.dtypes), name
        for col in before.columns:
            if isinstance(before[col].dtype, pd.CategoricalDtype):
                assert list(after[col].cat.categories) == list(before[col].cat.categories), (name, col)
    assert list(back.tricks["leader"].cat.categories) == ["South", "West", "North", "East"]
    assert back.plays["card"].dtype == CARD_DTYPE and back.plays["card"].equals(r.plays["card"])


def test_reasons_have_their_values_and_their_own_categories(mixed: SelfPlayResult) -> None:
    hands, plays = mixed.hands, mixed.plays
    pass_keys, play_keys = set(hands["pass_reason"].cat.categories), set(plays["reason"].cat.categories)
    assert pass_keys and play_keys and not pass_keys & play_keys
    assert all(".pass" in k or k.endswith("random_pass") for k in pass_keys)
    # the rule bot's reasons name the card of the row, so only the other values are kept (a suit, a count)
    rule = plays[plays["bot"] == "Rule bot"]
    kept = [json.loads(v) for v in plays["reason_values"].cat.categories]
    assert kept and all("card" not in v for v in kept)
    with_values = set(rule.loc[rule["reason_values"].notna(), "reason"])
    assert "bot.reason.lead_void_avoid" in with_values
    assert with_values <= {"bot.reason.lead_void_avoid", "bot.reason.queen_to_leader"}  # a suit; the taker's points
    keys = {k for v in kept for k in v}
    assert "suit" in keys and keys <= {"suit", "points"}
    assert all("cards" not in json.loads(v) for v in hands["pass_values"].cat.categories)
    words, words_es = mixed.reasons(), mixed.reasons("es")
    assert len(words) == len(plays) and words.index.equals(plays.index)
    assert not words.str.contains("[{}]").any() and not words_es.str.contains("[{}]").any()
    first = rule.index[rule["reason"] == "bot.reason.duck"][0]
    card = str(plays.loc[first, "card"])
    assert words[first] == text("bot.reason.duck", "en", card=card) and card in words_es[first]
    avoid = rule.index[rule["reason"] == "bot.reason.lead_void_avoid"][0]
    suit = json.loads(plays.loc[avoid, "reason_values"])["suit"]
    assert words[avoid] == text("bot.reason.lead_void_avoid", "en", card=str(plays.loc[avoid, "card"]), suit=suit)
    # passes: worded with the cards passed; NaN where the hand had no pass
    passes = mixed.reasons(table="hands")
    no_pass = hands["pass_direction"] == "none"
    assert passes[no_pass].isna().all() and passes[~no_pass].notna().all()
    row = hands[(hands["bot"] == "Rule bot") & ~no_pass].iloc[0]
    assert all(str(row[f"passed_{j}"]) in passes[row.name] for j in (1, 2, 3))
    with pytest.raises(SelfPlayError):
        mixed.reasons(table="tricks")


def test_reason_values_keep_numbers_and_card_names() -> None:
    class Explainer(Bot):
        name = "Explainer"

        def decide_play(self, obs):
            card = obs.legal_moves.lowest()
            values = (("cards", card), ("expected", 2.5), ("other", "K♦"), ("other_expected", 3.25))
            return Decision((card,), "expert.play.two", values)

    r = play_hands(Explainer, 1, workers=1, progress=False, pass_direction="none")
    first = json.loads(r.plays["reason_values"].iloc[0])  # "cards" is not "card": it stays
    assert first == {"cards": "2♣", "expected": 2.5, "other": "K♦", "other_expected": 3.25}
    assert "2,5" in r.reasons("es").iloc[0] and "2.5" in r.reasons("en").iloc[0]
    assert "2♣" in r.reasons("en").iloc[0]

    class Liar(Bot):  # names a card it did not play: that value is kept, and the words say what it said
        name = "Liar"

        def decide_play(self, obs):
            return Decision((obs.legal_moves.lowest(),), "bot.reason.duck", (("card", "A♠"),))

    r = play_hands(Liar, 1, workers=1, progress=False, pass_direction="none")
    said = r.plays["card"] != "A♠"
    assert (r.plays.loc[said, "reason_values"] == '{"card": "A♠"}').all()
    assert r.plays.loc[~said, "reason_values"].isna().all() and r.reasons().str.contains("A♠").all()


def test_whole_games_run_to_the_target() -> None:
    r = play_games(["rule", "random", "random", "random"], 3, seed=2, rules=Rules(target_score=40), progress=False)
    h = r.hands
    assert {"game", "total"} <= set(h.columns)
    for (_, _), g in h.groupby(["game", "seat"], observed=True):
        assert (g["total"].to_numpy() == np.cumsum(g["score"].to_numpy())).all()
    last = h.groupby("game")["hand_number"].max()
    for game, k in last.items():
        totals = h[(h["game"] == game)].groupby("hand_number")["total"].max()
        assert totals.loc[k] >= 40 and (totals.loc[: k - 1] < 40).all()
        assert list(h[h["game"] == game].drop_duplicates("hand_number")["hand_number"]) == list(range(1, k + 1))
    games = r.games
    assert len(games) == 12 and games.groupby("game")["won"].any().all()
    assert (games.groupby("game")["total"].min() == games[games["won"]].groupby("game")["total"].min()).all()
    assert h["deal"].is_monotonic_increasing and h["deal"].nunique() == last.sum()
    again = play_games(["rule", "random", "random", "random"], 3, seed=2, rules=Rules(target_score=40),
                       workers=2, chunk_size=1, progress=False)  # fmt: skip
    assert_same(r, again)


def test_pass_direction_can_be_fixed() -> None:
    r = play_hands("random", 8, pass_direction="none", workers=1, progress=False)
    assert (r.hands["pass_direction"] == "none").all() and r.hands["passed_1"].isna().all()
    r = play_hands("random", 8, pass_direction=PassDirection.ACROSS, workers=1, progress=False)
    assert (r.hands["pass_direction"] == "across").all() and r.hands["passed_qs"].sum() >= 0


@pytest.mark.parametrize(
    ("kwargs", "option"),
    [
        ({"n_hands": -1}, "n_hands"),
        ({"n_hands": 2.5}, "n_hands"),
        ({"seed": "x"}, "seed"),
        ({"detail": "everything"}, "detail"),
        ({"bots": ["random"] * 3}, "bots"),
        ({"bots": "chess"}, "bots"),
        ({"bots": "no.such.module:Bot"}, "bots"),
        ({"bots": 42}, "bots"),
        ({"pass_direction": "up"}, "pass_direction"),
        ({"workers": 0}, "workers"),
        ({"chunk_size": 0}, "chunk_size"),
        ({"rules": "default"}, "rules"),
        ({"rules": Rules(passing=False), "pass_direction": "left"}, "pass_direction"),
        ({"rules": Rules(num_players=5), "pass_direction": "across"}, "pass_direction"),
    ],
)
def test_bad_options_name_the_option(kwargs, option) -> None:
    args = {"bots": "random", "n_hands": 2, "workers": 1, "progress": False} | kwargs
    with pytest.raises(SelfPlayError) as err:
        play_hands(args.pop("bots"), args.pop("n_hands"), **args)
    assert err.value.option == option
    assert isinstance(err.value, ValueError)


def test_bots_are_seeded_per_deal_and_seat() -> None:
    number, seeds = hand_seeds(3, 10)
    assert (number, seeds) == hand_seeds(3, 10)
    assert len(set(seeds)) == 4 and hand_seeds(3, 11)[1] != seeds
    # one bot instance for every seat is copied per seat, so the data equals the spec version
    from_instance = play_hands(RandomBot(seed=99), 6, seed=4, workers=1, progress=False)
    from_spec = play_hands(bot_spec("random"), 6, seed=4, workers=1, progress=False)
    assert_same(from_instance, from_spec)


def test_user_bots_from_functions_and_subclasses_play() -> None:
    lowest = bot_from_functions("Lowest", play=lambda obs, rng: obs.legal_moves.lowest())

    class Highest(Bot):
        name = "Highest"

        def decide_play(self, obs):
            return Decision((obs.legal_moves.highest(),), "bot.reason.custom")

    r = play_hands([lowest, Highest, "random", "random"], 6, workers=1, progress=False)
    assert set(r.hands["bot"].astype(str)) == {"Lowest", "Highest", "Random"}
    # a bot made in a function cannot travel to worker processes: it plays here, with a warning, same data
    with pytest.warns(RuntimeWarning, match="cannot be sent to worker processes") as caught:
        here = play_hands([lowest, Highest, "random", "random"], 6, workers=2, progress=False)
    assert caught[0].filename == __file__
    assert_same(r, here)
    assert (r.plays[r.plays["bot"] == "Lowest"]["reason"] == "bot.reason.custom").all()
    with pytest.raises(SelfPlayError, match="module:Class"):
        BotSpec("not-a-path").resolve()


def test_bots_with_memory_start_every_hand_fresh() -> None:
    seats = [Moody, "random", "random", "random"]
    one = play_hands(seats, 12, seed=6, workers=1, chunk_size=12, progress=False)
    assert_same(one, play_hands(seats, 12, seed=6, workers=1, chunk_size=1, progress=False))
    assert_same(one, play_hands(seats, 12, seed=6, workers=2, chunk_size=5, progress=False))
    # every hand is the first a fresh Moody plays (it says so in its tip)
    moody = one.plays[one.plays["bot"] == "Moody"]
    assert moody["deal"].nunique() == 12 and (moody["tip"] == "hand 1").all()
    # an instance is copied fresh too, and the one given is left untouched
    instance = Moody()
    assert_same(one, play_hands([instance, "random", "random", "random"], 12, seed=6, workers=1, progress=False))
    assert instance.hands_seen == 0


def test_bots_with_memory_start_every_game_fresh() -> None:
    seats = [Moody, "random", "random", "random"]
    opts = dict(seed=3, rules=Rules(target_score=30), progress=False)
    one = play_games(seats, 4, workers=1, chunk_size=4, **opts)
    assert_same(one, play_games(seats, 4, workers=1, chunk_size=1, **opts))
    assert_same(one, play_games(seats, 4, workers=2, chunk_size=3, **opts))
    # within a game Moody remembers the hands it played: hand k of every game is its k-th
    moody = one.plays[one.plays["bot"] == "Moody"]
    hand_number = one.hands.groupby("deal")["hand_number"].first()
    assert (moody["tip"].astype(str) == "hand " + moody["deal"].map(hand_number).astype(str)).all()
    assert hand_number.max() > 1


def test_reused_built_in_bots_keep_no_state_between_hands() -> None:
    for cls in (RandomBot, RuleBot):
        used = [cls(seed=s) for s in range(4)]
        for number in range(3):
            play_out(HandState(Deal.from_number(number)), used)
        fresh = cls(seed=0)
        used[0].reseed(9)
        fresh.reseed(9)
        assert vars(used[0]) == vars(fresh), cls


def test_classes_a_new_process_cannot_import_fall_back_to_one_worker() -> None:
    module = types.ModuleType("bots_made_at_run_time")
    exec("from hearts.bots import RandomBot\nclass Ghost(RandomBot):\n    name = 'Ghost'\n", module.__dict__)
    sys.modules[module.__name__] = module
    try:
        ghost = bot_spec(module.Ghost)
        assert _local_workers([ghost], 2, None, "fork") == 2  # a forked worker has the module already
        with pytest.warns(RuntimeWarning, match="cannot import bots_made_at_run_time.Ghost"):
            assert _local_workers([ghost], 2, None, "spawn") == 1
        with pytest.warns(RuntimeWarning, match="'Ghost'"):
            assert _local_workers([module.Ghost()], 2, None, "forkserver") == 1
    finally:
        del sys.modules[module.__name__]
    assert _local_workers([bot_spec(Moody), bot_spec("rule")], 2, None, "spawn") == 2  # a test module imports


SPAWN_FROM_MAIN = """
import warnings
from hearts.bots import Bot, Decision
from hearts.selfplay import play_hands

class Lowest(Bot):
    name = "Lowest"
    def decide_play(self, obs):
        return Decision((obs.legal_moves.lowest(),), "bot.reason.custom")

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    here = play_hands([Lowest, "random", "random", "random"], 6, workers=2, mp_context="spawn", progress=False)
one = play_hands([Lowest, "random", "random", "random"], 6, workers=1, progress=False)
print(len(caught), caught[0].category.__name__, str(caught[0].message)[:200])
print(here.hands.equals(one.hands) and here.plays.equals(one.plays))
"""


def test_a_class_from_python_dash_c_plays_on_one_core_under_spawn() -> None:
    done = subprocess.run([sys.executable, "-c", SPAWN_FROM_MAIN], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    warned, same = done.stdout.strip().splitlines()
    assert warned.startswith("1 RuntimeWarning bot 'Lowest' cannot be sent") and "__main__.Lowest" in warned
    assert same == "True" and "BrokenProcessPool" not in done.stderr


def test_a_broken_worker_pool_names_the_bot() -> None:
    with pytest.raises(SelfPlayError) as err:
        play_hands([Quitter, "random", "rule", "random"], 8, workers=2, chunk_size=4, progress=False)
    assert err.value.option == "bots" and "'Quitter'" in str(err.value) and "Random" not in str(err.value)
    assert "workers=1" in str(err.value)


def test_errors_travel_back_from_workers_whole() -> None:
    err = copy.deepcopy(SelfPlayError("game 3 did not end within 1000 hands", "n_games"))
    assert (str(err), err.option) == ("game 3 did not end within 1000 hands", "n_games")


def test_a_bot_that_breaks_the_rules_is_named() -> None:
    class Cheater(Bot):
        name = "Cheater"

        def decide_play(self, obs):
            return Decision((Card(int(obs.hand_mask.bit_length() - 1)),))  # highest card, legal or not

    with pytest.raises(BotError, match="Cheater"):
        play_hands(Cheater, 20, workers=1, progress=False)

    class BadPasser(RandomBot):
        name = "Bad passer"

        def decide_pass(self, obs):
            return Decision((Card(0), Card(0), Card(1)))

    with pytest.raises(BotError, match="Bad passer"):
        play_hands(BadPasser, 1, workers=1, progress=False)


def test_zero_hands_give_empty_tables_with_columns() -> None:
    r = play_hands("random", 0, workers=1, progress=False)
    assert r.hands.empty and "points" in r.hands.columns and r.plays.empty


def test_dask_local_cluster_gives_the_local_result() -> None:
    distributed = pytest.importorskip("distributed")
    local = play_hands(MIXED, 16, seed=8, workers=1, progress=False)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        assert all(w.startswith("tcp://127.0.0.1:") for w in client.scheduler_info()["workers"])
        remote = play_hands(MIXED, 16, seed=8, client=client, chunk_size=5, progress=False)
    assert_same(local, remote)
