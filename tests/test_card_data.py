"""Self-play tables and ordinary pandas (issue 33, items 2, 4, 7, 8).

Card columns survive pandas' and pyarrow's own writers and readers and the interchange protocol (2); runs
concatenate and join right (4); card columns answer ``.str``, ``==``, ``.isin``, ``.loc`` and ``get_dummies``
(7); the data dictionary's recipes run on every pandas the package allows (8: ``scripts/test-floor`` runs this
file on the lowest allowed pandas, numpy and pyarrow).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import warnings

import pandas as pd
import pytest

from hearts import Rules
from hearts.card_column import CARD_DTYPE, CARD_NAMES, card_name, to_cards
from hearts.columns import data_dictionary
from hearts.errors import CardParseError, SelfPlayError
from hearts.selfplay import SelfPlayResult, play_games, play_hands

KW = {"workers": 1, "progress": False}
CARD_COLUMNS = {
    "hands": ["passed_1", "passed_2", "passed_3", "received_1", "received_2", "received_3"],
    "tricks": ["winning_card"],
    "plays": ["card"],
}


@pytest.fixture(scope="module")
def run() -> SelfPlayResult:
    return play_hands(["rule", "random", "rule", "random"], 24, seed=4, **KW)


# ----- item 2: pandas' and pyarrow's own writers and readers, the interchange protocol ----------------------


def test_pandas_own_to_parquet_is_read_by_plain_pandas_without_hearts(tmp_path, run):
    for name in CARD_COLUMNS:
        getattr(run, name).to_parquet(tmp_path / f"{name}.parquet")  # pandas' writer, not the package's
    script = (
        "import json, sys, pandas as pd\n"
        "out = {'hearts': False}\n"
        f"for name, cols in {CARD_COLUMNS!r}.items():\n"
        f"    df = pd.read_parquet({str(tmp_path)!r} + '/' + name + '.parquet')\n"
        "    for c in cols:\n"
        "        s = df[c]\n"
        "        out[c] = [str(s.dtype), bool(s.cat.ordered), s.cat.categories.tolist(),\n"
        "                  s.astype(object).where(s.notna(), None).tolist()]\n"
        "out['hearts'] = any(m.split('.')[0] in ('hearts', 'hearts_widgets') for m in sys.modules)\n"
        "print(json.dumps(out))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out.pop("hearts") is False
    for name, cols in CARD_COLUMNS.items():
        for c in cols:
            s = getattr(run, name)[c]
            assert out[c] == ["category", True, list(CARD_NAMES), [None if pd.isna(v) else v for v in s]], c
    for name in CARD_COLUMNS:  # and read back here, every column and dtype as it was
        back = pd.read_parquet(tmp_path / f"{name}.parquet")
        pd.testing.assert_frame_equal(back, getattr(run, name), check_categorical=True)


def test_pyarrow_sees_card_names_as_an_ordered_dictionary(tmp_path, run):
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pandas(run.plays, preserve_index=False)
    field = table.schema.field("card").type
    assert pa.types.is_dictionary(field) and field.ordered and pa.types.is_int8(field.index_type)
    assert table.column("card").to_pylist() == run.plays["card"].tolist()
    pq.write_table(table, tmp_path / "plays.parquet")  # pyarrow's writer, read back by pyarrow alone
    assert pq.read_table(tmp_path / "plays.parquet").column("card").to_pylist() == run.plays["card"].tolist()
    pd.testing.assert_frame_equal(table.to_pandas(), run.plays)


def test_the_interchange_protocol_takes_card_columns(run):
    import pyarrow.interchange

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # pandas 3 deprecates the protocol; it still works
        for name in ("tricks", "plays"):
            df = getattr(run, name)
            back = pd.api.interchange.from_dataframe(df.__dataframe__())
            for c in CARD_COLUMNS[name]:
                assert isinstance(back[c].dtype, pd.CategoricalDtype) and back[c].cat.ordered
                assert back[c].tolist() == df[c].tolist()
        # pyarrow's reader keeps the missing cards (pandas' own reader turns a missing value of any
        # categorical into its last category: a pandas bug, docs/data.md says so)
        table = pyarrow.interchange.from_dataframe(run.hands.__dataframe__())
    assert run.hands["passed_1"].isna().any()
    for c in CARD_COLUMNS["hands"]:
        assert table.column(c).to_pylist() == [None if pd.isna(v) else v for v in run.hands[c]]


def test_card_columns_take_one_byte_a_card(run):
    card = run.plays["card"]
    assert card.cat.codes.dtype == "int8"
    assert card.memory_usage(index=False, deep=True) < len(card) + 52 * 200  # the codes, and the 52 names once


# ----- item 7: ordinary pandas on card columns ----------------------------------------------------------------


def test_card_columns_answer_ordinary_pandas(run):
    plays = run.plays
    card = plays["card"]
    n = len(plays) // 52
    assert card.str.endswith("♠").sum() == 13 * n
    assert not (card == "Q").any() and (card != "Q").all()  # not a card: False, as for any other value
    assert card.isin(["QS", "ZZ"]).sum() == 0 and card.isin(["Q♠", "ZZ"]).sum() == n
    assert len(plays.set_index("card").loc["Q♠"]) == n
    assert len(plays.set_index("card").loc[card_name("QS")]) == n
    dummies = pd.get_dummies(plays[["card", "deal"]])
    assert "card" not in dummies.columns and dummies["card_Q♠"].sum() == n
    assert [c for c in dummies.columns if c.startswith("card_")] == [f"card_{c}" for c in CARD_NAMES]
    assert "deal" in dummies.columns


def test_the_cards_accessor_reads_the_notation_you_type(run):
    card = run.plays["card"]
    n = len(card) // 52
    assert card.cards.eq("QS").sum() == card.cards.eq("q♠").sum() == (card == "Q♠").sum() == n
    assert card.cards.isin(["QS", "JD", "10h"]).sum() == 3 * n
    assert sorted(set(card[card.cards.ge("QS")])) == ["A♠", "K♠", "Q♠"]
    for bad in ("ZZ", "Q", None):
        with pytest.raises(CardParseError):
            card.cards.eq(bad)
    with pytest.raises(CardParseError):
        card.cards.isin(["QS", "ZZ"])
    with pytest.raises(CardParseError):
        to_cards(["QS", "joker"])
    assert to_cards(["qs", "10H", None]).tolist()[:2] == ["Q♠", "10♥"]
    assert to_cards(["qs"]).dtype == CARD_DTYPE


def test_readme_promises_only_what_card_columns_do():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert '== "QS"` or `"Q♠"`' not in readme  # the extension dtype's promise, which plain pandas cannot keep
    assert ".cards.eq(" in readme


# ----- item 4: several runs -------------------------------------------------------------------------------------


def test_pd_concat_of_two_runs_joins_on_run_and_deal():
    a = play_hands(["rule", "random", "rule", "random"], 10, seed=1, **KW)
    b = play_hands("rule", 10, seed=2, **KW)
    assert a.meta["run"] != b.meta["run"]
    for r in (a, b):
        for name in ("hands", "tricks", "plays"):
            assert getattr(r, name)["run"].tolist() == [r.meta["run"]] * len(getattr(r, name))
    plays, hands = pd.concat([a.plays, b.plays]), pd.concat([a.hands, b.hands])
    assert plays["run"].dtype == hands["run"].dtype == "int64"  # a number: pd.concat keeps it
    joined = plays.merge(hands, on=["run", "deal", "seat"])
    assert len(joined) == len(plays) == 2 * 10 * 52


def test_selfplay_result_concat_keeps_every_dtype_and_joins_right(tmp_path):
    a = play_hands(["rule", "random", "rule", "random"], 10, seed=1, **KW)
    b = play_hands("rule", 10, seed=2, **KW)
    both = SelfPlayResult.concat([a, b])
    for name in ("hands", "tricks", "plays"):
        table, first = getattr(both, name), getattr(a, name)
        assert list(table.columns) == list(first.columns)
        assert len(table) == len(first) + len(getattr(b, name))
        for col in table.columns:  # categoricals stay categorical (bot, reason, reason_values, pass_reason, run…)
            assert type(table[col].dtype) is type(first[col].dtype), (name, col, table[col].dtype)
    assert both.plays["card"].dtype == CARD_DTYPE
    assert len(both.plays.merge(both.hands, on=["run", "deal", "seat"])) == len(both.plays)
    assert both.memory_mb() <= (a.memory_mb() + b.memory_mb()) * 1.05
    assert [m["run"] for m in both.meta["runs"]] == [a.meta["run"], b.meta["run"]]
    assert both.reasons().tolist() == [*a.reasons(), *b.reasons()]
    back = SelfPlayResult.from_parquet(both.to_parquet(tmp_path / "both"))
    for name in ("hands", "tricks", "plays"):
        pd.testing.assert_frame_equal(getattr(back, name), getattr(both, name))
    assert back.meta == both.meta


def test_concat_refuses_a_run_twice_and_what_is_not_a_result():
    a = play_hands("rule", 4, seed=1, **KW)
    longer = play_hands("rule", 8, seed=1, **KW)  # the same hands, and four more: the same run
    for twice in ([a, a], [a, longer], [SelfPlayResult.concat([a, play_hands("rule", 4, seed=2, **KW)]), a]):
        with pytest.raises(SelfPlayError, match="more than one of the results") as e:
            SelfPlayResult.concat(twice)
        assert e.value.option == "results"
    for bad in ([], [a, a.hands], "ab"):
        with pytest.raises(SelfPlayError) as e:
            SelfPlayResult.concat(bad)
        assert e.value.option == "results"


def test_the_run_id_names_the_hands_not_the_count_or_the_workers():
    a = play_hands("rule", 4, seed=1, **KW)
    assert play_hands("rule", 8, seed=1, workers=2, progress=False).meta["run"] == a.meta["run"]
    assert play_hands("rule", 4, seed=1, detail="hands", **KW).meta["run"] == a.meta["run"]
    others = [
        play_hands("rule", 4, seed=2, **KW),
        play_hands("random", 4, seed=1, **KW),
        play_hands("rule", 4, seed=1, pass_direction="none", **KW),
        play_hands("rule", 4, seed=1, rules=Rules(jack_of_diamonds=True), **KW),
        play_games("rule", 1, seed=1, rules=Rules(target_score=30), **KW),
    ]
    assert len({a.meta["run"], *(r.meta["run"] for r in others)}) == 6


def test_games_of_concatenated_runs_are_counted_per_run():
    rules = Rules(target_score=30)
    a = play_games("rule", 2, seed=1, rules=rules, **KW)
    b = play_games("random", 2, seed=2, rules=rules, **KW)
    games = SelfPlayResult.concat([a, b]).games
    assert len(games) == len(a.games) + len(b.games) == 16
    assert games.groupby(["run", "game"], observed=True)["win_share"].sum().round(9).eq(1.0).all()
    pd.testing.assert_frame_equal(games.iloc[:8].reset_index(drop=True), a.games.astype(games.dtypes.to_dict()))


def test_older_results_without_a_run_column_concatenate():
    a = play_hands("rule", 3, seed=1, **KW)
    b = play_hands("rule", 3, seed=2, **KW)
    old = SelfPlayResult(*(getattr(a, n).drop(columns="run") for n in ("hands", "tricks", "plays")),
                         {k: v for k, v in a.meta.items() if k != "run"})  # fmt: skip
    both = SelfPlayResult.concat([old, b])
    assert both.hands["run"].tolist() == [a.meta["run"]] * 12 + [b.meta["run"]] * 12


# ----- item 8: the dictionary's recipes, on every pandas allowed ---------------------------------------------------


def test_the_data_dictionary_recipe_for_pass_tips_runs():
    meaning = data_dictionary("hands").loc["pass_tip", "meaning"]
    recipe = re.search(r"hands\[hands\.pass_tip\.str\.contains\([^)]*\)\]", meaning)
    assert recipe is not None, meaning
    hands = play_hands("rule", 40, seed=3, **KW).hands
    assert hands["pass_tip"].isna().any()  # hands without a tip: what broke the recipe on pandas 2
    chosen = eval(recipe.group(0), {"hands": hands})
    expected = [isinstance(t, str) and "void_short_suit" in t for t in hands["pass_tip"]]
    assert len(chosen) == sum(expected) > 0
