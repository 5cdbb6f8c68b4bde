"""Exact columns: wide integers, the data dictionary, took_jd, card columns that read 'AS' and 'A♠'."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from hearts import Rules
from hearts.card_column import CARD_DTYPE, CARD_NAMES, card_name
from hearts.columns import COLUMNS, TABLES, TWO_PACK_COLUMNS, data_dictionary, markdown
from hearts.experiment import compare
from hearts.selfplay import SelfPlayResult, play_games, play_hands

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def games() -> SelfPlayResult:
    return play_games(["rule", "random", "rule", "random"], 2, seed=5, workers=1, progress=False,
                      rules=Rules(target_score=40))  # fmt: skip


def _check_against_dictionary(df: pd.DataFrame, table: str) -> None:
    d = data_dictionary(table)
    assert set(df.columns) <= set(d.index), (table, set(df.columns) - set(d.index))
    for col in df.columns:
        assert str(df[col].dtype) == d.loc[col, "dtype"], (table, col, str(df[col].dtype))


def test_every_column_of_every_table_is_in_the_dictionary_with_its_dtype(games: SelfPlayResult) -> None:
    for table in ("hands", "tricks", "plays", "games"):
        df = getattr(games, table)
        assert not df.empty
        _check_against_dictionary(df, table)
    # every dictionary entry of the self-play tables is a real column (game/total only in games mode;
    # the two-pack columns only in Cancellation Hearts data: tests/test_cancellation_data.py)
    for table in ("hands", "tricks", "plays", "games"):
        one_pack = {name for name in data_dictionary(table).index if (table, name) not in TWO_PACK_COLUMNS}
        assert one_pack == set(getattr(games, table).columns), table
    hands = compare("random", "rule", n_deals=2, field="random", workers=1, progress=False)
    _check_against_dictionary(hands.deals, "deals")
    assert set(hands.deals.columns) == set(hands.data_dictionary().index)
    g = compare("random", "rule", unit="games", n_games=2, field="random", rules=Rules(target_score=30),
                workers=1, progress=False)  # fmt: skip
    _check_against_dictionary(g.games, "experiment_games")
    assert set(g.games.columns) == set(g.data_dictionary().index)
    every = SelfPlayResult.data_dictionary()  # indexed by column, like the others: (table, name)
    assert list(every.index.names) == ["table", "name"] and list(every.columns) == ["dtype", "unit", "meaning"]
    assert set(every.index.get_level_values("table")) == {"hands", "tricks", "plays", "games"}
    assert {c.table for c in COLUMNS} == set(TABLES)
    assert all(c.meaning for c in COLUMNS)


def test_the_docs_page_is_the_dictionary() -> None:
    page = (ROOT / "docs" / "data.md").read_text(encoding="utf-8")
    assert page == markdown(), "docs/data.md is stale: run python -m hearts.columns > docs/data.md"


def test_integer_columns_hold_squares_and_scaling(games: SelfPlayResult) -> None:
    h = games.hands
    points = h["points"].to_numpy(np.float64)
    assert (h["points"] ** 2).mean() == pytest.approx((points**2).mean())
    assert int((h["points"] * 10).max()) == 10 * int(points.max())
    assert int((h["score"] * 1000).max()) == 1000 * int(h["score"].max())
    assert int((h["total"] ** 2).max()) == int(h["total"].max()) ** 2
    for table in ("hands", "tricks", "plays"):
        for col, dtype in getattr(games, table).dtypes.items():
            if pd.api.types.is_signed_integer_dtype(dtype):
                assert np.dtype(dtype).itemsize >= 2, (table, col)
    t = games.tricks
    assert int((t["points"] ** 2).max()) == int(t["points"].max()) ** 2


def test_took_jd_and_the_jack_of_diamonds_in_points() -> None:
    r = play_hands("rule", 12, seed=2, workers=1, progress=False, rules=Rules(jack_of_diamonds=True))
    h = r.hands
    assert h.groupby("deal")["took_jd"].sum().eq(1).all()
    hearts_and_queen = h["hearts_taken"] + 13 * h["took_qs"]
    assert (h["points"] == hearts_and_queen - 10 * h["took_jd"]).all()
    plain = play_hands("rule", 4, seed=2, workers=1, progress=False).hands
    assert (plain["points"] == plain["hearts_taken"] + 13 * plain["took_qs"]).all()
    assert r.tricks.groupby("deal")["has_jd"].sum().eq(1).all()


def test_card_columns_are_card_name_categoricals_and_the_accessor_reads_both_notations(games: SelfPlayResult) -> None:
    plays = games.plays
    assert plays["card"].dtype == CARD_DTYPE and list(plays["card"].cat.categories) == list(CARD_NAMES)
    n = len(plays) // 52
    cards = plays["card"].cards
    assert (plays["card"] == "A♠").sum() == cards.eq("AS").sum() == cards.eq("as").sum() == cards.eq("A♠").sum() == n
    high = plays.loc[cards.ge("QS"), "card"]
    assert sorted(set(high)) == ["A♠", "K♠", "Q♠"] and len(high) == 3 * n
    assert (cards.lt("3H") == (plays["card"] == "2♥")).all()
    assert cards.isin(["QS", "J♦"]).sum() == 2 * n
    # plain pandas: the categorical's own order (suit by suit), the names as shown
    assert sorted(set(plays.loc[plays["card"] >= "Q♠", "card"])) == sorted(["Q♠", "K♠", "A♠", *CARD_NAMES[39:]])
    assert plays.set_index("card").loc[card_name("QS")].shape[0] == n
    # the derived columns agree with the card
    assert (cards.rank.astype(int) == plays["rank"]).all()
    assert (cards.suit.astype(str) == plays["suit"].astype(str)).all()
    counts = plays.groupby("card", observed=True).size()
    assert len(counts) == 52 and list(counts.index[:2]) == ["2♣", "3♣"]
    hands = games.hands
    passed_qs = (hands[["passed_1", "passed_2", "passed_3"]] == "Q♠").any(axis=1)
    assert (passed_qs == hands["passed_qs"]).all()
    no_pass = hands["pass_direction"] == "none"
    assert hands.loc[no_pass, "passed_1"].isna().all() and hands.loc[~no_pass, "passed_1"].notna().all()


def test_shared_wins_count_one_over_k(games: SelfPlayResult) -> None:
    g = games.games
    assert g.groupby("game")["win_share"].sum().round(9).eq(1.0).all()
    k = g.groupby("game")["won"].transform("sum")
    assert (g.loc[g["won"], "win_share"] == 1 / k[g["won"]]).all()
    assert (g.loc[~g["won"], "win_share"] == 0).all()
