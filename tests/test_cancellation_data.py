"""Cancellation Hearts through the bots and self-play data: random and rule bots, the two-pack columns."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from hearts import Deal, HandState, Rules
from hearts.bots import RandomBot, RuleBot
from hearts.bots.tips import TipError
from hearts.cards import ALL_CARDS_MASK, CardSet
from hearts.columns import TWO_PACK_COLUMNS, data_dictionary
from hearts.selfplay import play_games, play_hands


@pytest.fixture(scope="module")
def rule_vs_random() -> object:
    return play_hands(["rule", "random"] * 3, 12, seed=4, workers=1, progress=False, rules=Rules.cancellation(6))


def test_two_pack_data_has_every_dictionary_column_and_sound_values(rule_vs_random: object) -> None:
    r = rule_vs_random
    for table in ("hands", "tricks", "plays"):
        df = getattr(r, table)
        d = data_dictionary(table)
        assert set(df.columns) == set(d.index) - {"game", "total"}, table
        assert {(table, c) for c in df.columns} >= {x for x in TWO_PACK_COLUMNS if x[0] == table}
        for col in df.columns:
            assert str(df[col].dtype) == d.loc[col, "dtype"], (table, col)
    hands, tricks, plays = r.hands, r.tricks, r.plays  # type: ignore[attr-defined]
    per_deal = hands.groupby("deal")
    moon = per_deal["shot_moon"].any()
    assert (per_deal["points"].sum()[~moon] == 52).all()
    assert (per_deal["hearts_taken"].sum() + 13 * per_deal["qs_taken"].sum() == 52).all()  # the widow's too
    # card + copy name each played card once: 104 less the widow (2 with six players)
    keys = plays.groupby("deal")[["card", "copy"]].apply(lambda g: len(set(zip(g["card"], g["copy"]))))
    assert (keys == 102).all() and (plays.groupby(["deal", "card"], observed=True).size() <= 2).all()
    assert set(plays["copy"].unique()) == {0, 1}
    # a cancelled card never wins, but the last trick when all of its suit led cancelled: its leader takes it
    odd = plays[plays["cancelled"] & plays["won"]]
    assert ((odd["trick"] == 16) & (odd["position"] == 0)).all()
    # a trick that waited has no winner and gives its points to a later one
    waited = tricks[tricks["waited"]]
    assert waited["winner"].isna().all() and waited["winning_card"].isna().all() and (waited["points"] == 0).all()
    assert (tricks.groupby("deal")["points"].sum()[~moon] == 52).all()
    cancelled = plays.groupby(["deal", "trick"])["cancelled"].sum()
    assert (cancelled.to_numpy() == tricks.set_index(["deal", "trick"])["cancelled"].to_numpy()).all()
    # the rule bot's two-pack play: the twin of the winning card cancels it
    assert (plays["reason"] == "bot.reason.cancel_winner").any()
    dealt = [CardSet(int(a) | int(b) << 52) for a, b in zip(hands["dealt"], hands["dealt_twice"])]
    assert all(len(h) == 17 for h in dealt)


def test_games_for_big_tables() -> None:
    for n in (8, 10):
        g = play_games(["rule"] * n, 1, seed=n, workers=1, progress=False,
                       rules=Rules.cancellation(n, target_score=60))  # fmt: skip
        assert len(g.games) == n and g.games["total"].max() >= 60  # type: ignore[attr-defined]


def test_rule_bot_switches_for_two_packs() -> None:
    rules = Rules.cancellation(8, passing=False)
    with pytest.raises(TipError):
        RuleBot(cancel_winner="yes")  # type: ignore[arg-type]
    assert "cancel_winner=False" in repr(RuleBot(cancel_winner=False))
    seen = {True: set(), False: set()}  # type: ignore[var-annotated]
    for switch in (True, False):
        for number in range(6):
            h = HandState(Deal.from_number(number, rules), rules)
            bots = [RuleBot(cancel_winner=switch, twin_lead=switch)] * 8
            while not h.is_over:
                d = bots[h.to_play].decide_play(h.observation(h.to_play))
                seen[switch].add(d.reason)
                h.play(d.cards[0])
    assert {"bot.reason.cancel_winner", "bot.reason.twin_lead"} <= seen[True]
    assert not {"bot.reason.cancel_winner", "bot.reason.twin_lead"} & seen[False]


def test_random_bot_passes_both_copies_sometimes() -> None:
    rules = Rules.cancellation(6)
    both = 0
    for seed in range(60):
        h = HandState(Deal.from_number(seed, rules), rules)
        for s in range(6):
            cards = RandomBot(seed=seed * 6 + s).choose_pass(h.observation(s))
            h.pass_cards(s, list(cards))
            both += cards.mask > ALL_CARDS_MASK
    assert both > 0


def test_one_pack_data_has_no_two_pack_columns() -> None:
    r = play_hands("random", 2, seed=1, workers=1, progress=False)
    for table in ("hands", "tricks", "plays"):
        assert not {(table, c) for c in getattr(r, table).columns} & TWO_PACK_COLUMNS
    assert isinstance(r.plays["card"].dtype, pd.CategoricalDtype) and np.all(r.plays["won"].notna())


def test_the_command_line_flag(tmp_path: object) -> None:
    from pathlib import Path

    from hearts.cli import main
    from hearts.selfplay import SelfPlayResult

    out = Path(str(tmp_path)) / "big"
    assert main(["selfplay", "--hands", "3", "--cancellation", "--players", "7", "--bots", "rule", "--out",
                 str(out), "--quiet", "--no-progress"]) == 0  # fmt: skip
    back = SelfPlayResult.from_parquet(out)
    assert back.meta["rules"]["decks"] == 2 and back.meta["rules"]["num_players"] == 7
    assert back.plays["copy"].dtype == np.int16 and back.tricks["waited"].dtype == bool
    assert len(back.hands) == 21
    with pytest.raises(SystemExit):
        main(["selfplay", "--hands", "3", "--players", "9", "--quiet"])
    with pytest.raises(SystemExit):
        main(["selfplay", "--hands", "3", "--cancellation", "--players", "5", "--quiet"])


def test_expert_plays_two_packs_through_the_python_search() -> None:
    import random

    from hearts.bots import ExpertBot
    from hearts.bots.cancel_expert import evaluate_play_two, sample_world_two
    from hearts.cards import ms_add

    rules = Rules.cancellation(7)
    h = HandState(Deal.from_number(8, rules), rules)
    expert = ExpertBot(seed=3, worlds=3)
    rule = RuleBot()
    for s in range(7):
        h.pass_cards(s, list((expert if s == 0 else rule).choose_pass(h.observation(s))))
    rng = random.Random(5)
    while not h.is_over:
        obs = h.observation(h.to_play)
        if obs.trick_number in (1, 6) and obs.seat == 2:
            # a world: every hand its size, no card of a suit its player showed out of, every copy somewhere
            hands, widow = sample_world_two(obs, rng)
            assert [len(CardSet(m)) for m in hands] == list(obs.hand_sizes)
            for s, m in enumerate(hands):
                for suit in obs.shown_out(s):
                    assert not m & ALL_CARDS_MASK & (0x1FFF << 13 * suit)
            total = ms_add(obs.played_mask, widow)
            for m in hands:
                total = ms_add(total, m)
            if obs.widow_taker >= 0:  # type: ignore[attr-defined]
                total = ms_add(total, obs.widow_mask)  # type: ignore[attr-defined]
            assert total == rules.deck_mask
            ev = evaluate_play_two(obs, rng, worlds=2)
            assert {o.cards[0] for o in ev.options} == set(obs.legal_moves)
        bot = expert if h.to_play == 0 else rule
        h.play(bot.decide_play(obs).cards[0])
    assert expert.last_evaluation is not None and expert.last_evaluation.kind == "play"
    r = h.result()
    assert sum(r.points) == 52 or r.shooter is not None


def test_rl_environments_take_two_packs() -> None:
    """The RL environments once refused two packs by name; now they seat them (tests/test_rl_cancellation.py)."""
    from hearts.rl.aec import HeartsEnv
    from hearts.rl.encoding import encode, size

    env = HeartsEnv(rules=Rules.cancellation(6))
    env.reset(seed=1)
    assert env.observe("player_0")["observation"].shape == (size(6, decks=2),)
    rules = Rules.cancellation(6)
    assert encode(HandState(Deal.from_number(1, rules), rules).observation(0)).shape == (347 + 115 * 6,)


def test_experiments_and_tournaments_take_two_pack_rules() -> None:
    from hearts.experiment import compare
    from hearts.tournament import tournament

    rules = Rules.cancellation(6)
    r = compare("rule", "random", n_deals=2, field="random", rules=rules, workers=1, progress=False)
    assert r.meta["rules"]["decks"] == 2 and r.effect > 0  # random minus the rule bot: the rule bot scores less
    t = tournament(["random", "rule"], n_deals=2, rules=rules, workers=1, progress=False)
    ranking = t.ranking()
    assert list(ranking.index) == ["Rule bot", "Random"] and (ranking["hands"] == 180).all()
