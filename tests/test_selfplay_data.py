"""The self-play and experiment tables as a data scientist uses them with plain pandas (from an audit)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from hearts import Rules
from hearts.bots import ExpertBot, RandomBot, RuleBot, Tips
from hearts.card_column import CARD_DTYPE, CARD_NAMES, card_code, card_name
from hearts.columns import COLUMNS, Column, data_dictionary
from hearts.errors import RulesError
from hearts.experiment import ExperimentError, ExperimentResult, GameExperimentResult, compare
from hearts.selfplay import (
    SelfPlayError,
    SelfPlayResult,
    _Chunk,
    bot_spec,
    play_games,
    play_hands,
    read_parquet,
    write_parquet,
)
from hearts.tournament import TournamentError, TournamentResult, tournament

ROOT = Path(__file__).resolve().parents[1]

KW = {"workers": 1, "progress": False}
NO_QUEEN_PASS = Tips().without("pass_queen_when_short")


# ----- one label, one bot ----------------------------------------------------


@pytest.mark.parametrize("run", [play_hands, play_games])
def test_two_configurations_under_one_label_are_refused(run):
    with pytest.raises(SelfPlayError) as e:
        run(["rule", RuleBot(tips=NO_QUEEN_PASS), "random", "random"], 1, **KW)
    assert e.value.option == "bots"
    assert "South and West" in str(e.value) and "'Rule bot'" in str(e.value) and "label=" in str(e.value)


def test_two_expert_budgets_under_one_label_are_refused():
    with pytest.raises(SelfPlayError, match=r"South and North .* 'Expert'"):
        play_hands([ExpertBot(worlds=5), "random", ExpertBot(worlds=6), "random"], 1, **KW)


@pytest.mark.parametrize(
    "bots",
    [
        "rule",
        ["rule", RuleBot(), "random", RandomBot(seed=4)],
        [RuleBot(), RuleBot(seed=3), RuleBot(), RuleBot()],
        [RuleBot(tips=NO_QUEEN_PASS)] * 4,
        [bot_spec("rule", tips=NO_QUEEN_PASS), RuleBot(tips=NO_QUEEN_PASS), "random", "random"],
    ],
)
def test_the_same_bot_in_several_seats_keeps_one_label(bots):
    r = play_hands(bots, 2, **KW)
    assert len(r.summary()) == len(set(r.meta["bots"]))


def test_labelled_apart_they_get_their_own_rows():
    r = play_hands(["rule", bot_spec("rule", tips=NO_QUEEN_PASS, label="no Q pass"), "random", "random"], 2, **KW)
    assert r.summary()["hands"].to_dict() == {"Rule bot": 2, "no Q pass": 2, "Random": 4}


def test_compare_refuses_two_bots_under_one_label():
    with pytest.raises(ExperimentError) as e:
        compare("rule", RuleBot(tips=NO_QUEEN_PASS), n_deals=2, **KW)
    assert e.value.option == "a/b" and "a and b" in str(e.value) and "'Rule bot'" in str(e.value)


def test_compare_of_a_bot_with_itself_still_runs():
    with pytest.warns(UserWarning):
        r = compare("rule", RuleBot(seed=9), n_deals=2, **KW)
    assert r.identical


# ----- integer columns that do not wrap --------------------------------------

def _most_players() -> int:
    most = 0
    for n in range(1, 20):
        try:
            Rules(num_players=n)
        except RulesError:
            continue
        most = n
    return most


MOST_HANDS = next(f.default for f in dataclasses.fields(_Chunk) if f.name == "max_hands_per_game")
INDICES = {
    "deal", "game", "deal_number", "game_number", "hand_number", "seating", "trick", "position", "run", "seat",
    "decision",
}


def _largest(c: Column) -> int | None:
    """The largest value a count column can hold (None: a measure, an index)."""
    if c.name == "changed":  # seat rotations
        return _most_players()
    if c.name == "copy":  # Cancellation Hearts: 0 or 1
        return 2
    if c.unit in ("cards", "tricks", "suits") or c.name == "rank":
        return len(CARD_NAMES)
    if c.unit == "hands":  # hands a game lasted, summed over the seats at most
        return MOST_HANDS * _most_players()
    return None


def test_every_integer_column_keeps_the_rule_of_docs_data_md():
    integers = [c for c in COLUMNS if pd.api.types.is_integer_dtype(pd.api.types.pandas_dtype(c.dtype))]
    assert integers
    for c in integers:
        dtype = pd.api.types.pandas_dtype(c.dtype)
        dtype = getattr(dtype, "numpy_dtype", dtype)  # a nullable Int64 holds what int64 holds
        if c.unit == "points":
            assert dtype == np.int64, c
            continue
        if c.name in INDICES:
            continue
        if c.unit == "bitmask":  # bits, not a number to compute with
            assert dtype == np.uint64, c
            continue
        if dtype == np.int64:  # the widest: a count of decisions or hands, and its square, fit whatever its bound
            continue
        most = _largest(c)
        assert most is not None, f"{c.table}.{c.name}: a count without a known bound"
        assert np.iinfo(dtype).max >= max(most * most, 2 * most), c
    page = (ROOT / "docs" / "data.md").read_text(encoding="utf-8")
    assert "`.astype(\"int64\")` first" in page and "do not wrap" not in page


def test_changed_times_100_does_not_wrap():
    kw = {"n_deals": 2, "field": "random", **KW}
    r = compare("random", "rule", **kw)
    assert str(r.deals["changed"].dtype) == "int16"
    assert ((r.deals["changed"] * 100) == r.deals["changed"].astype(np.int64) * 100).all()
    g = compare("random", "rule", unit="games", n_games=2, field="random", rules=Rules(target_score=30), **KW)
    assert str(g.games["changed"].dtype) == "int16"
    assert str(play_games("random", 1, rules=Rules(target_score=30), **KW).games["hands"].dtype) == "int32"


# ----- Parquet keeps the index -----------------------------------------------


@pytest.fixture(scope="module")
def small() -> SelfPlayResult:
    return play_hands(["rule", "random", "random", "random"], 6, seed=3, **KW)


@pytest.mark.parametrize(
    "keyed",
    [
        lambda r: r.hands.set_index(["deal", "seat"]),  # a MultiIndex with a categorical level
        lambda r: r.hands[r.hands["seat"] == "South"],  # filtered: 0, 4, 8, …
        lambda r: r.hands[r.hands["points"] > 0],  # filtered unevenly
        lambda r: r.hands.rename_axis("row"),  # a named range
        lambda r: r.hands.set_index("seat"),  # a categorical index
        lambda r: r.hands.iloc[:0].set_index(["deal", "seat"]),  # empty, with its categories
        lambda r: r.plays.set_index(["card", "bot"]),  # a card level
        lambda r: r.hands.set_index("passed_1"),  # a card index with missing cards
        lambda r: r.hands.set_axis(range(100, 100 + len(r.hands))).rename_axis(None),  # unnamed, not from 0
    ],
)
def test_write_parquet_keeps_the_index(tmp_path, small, keyed):
    df = keyed(small)
    write_parquet(df, tmp_path / "x.parquet")
    back = read_parquet(tmp_path / "x.parquet")
    pd.testing.assert_frame_equal(back, df)
    assert back.index.names == df.index.names


def test_to_parquet_keeps_the_index_of_every_table(tmp_path, small):
    r = SelfPlayResult(
        small.hands.set_index(["deal", "seat"]), small.tricks.iloc[::13], small.plays.set_index("card"), small.meta
    )
    back = SelfPlayResult.from_parquet(r.to_parquet(tmp_path / "run"))
    for name in ("hands", "tricks", "plays"):
        pd.testing.assert_frame_equal(getattr(back, name), getattr(r, name))


# ----- results put together with pd.concat -----------------------------------


def test_reasons_of_two_runs_concatenated():
    a = play_hands(["rule", "random", "random", "random"], 12, seed=1, **KW)
    b = play_hands("random", 8, seed=2, **KW)
    both = SelfPlayResult(pd.concat([a.hands, b.hands]), a.tricks, pd.concat([a.plays, b.plays]))
    assert not isinstance(both.plays["reason"].dtype, pd.CategoricalDtype)  # what pd.concat made of them
    for lang, table in (("en", "plays"), ("es", "hands")):
        expected = pd.concat([a.reasons(lang, table), b.reasons(lang, table)])
        pd.testing.assert_series_equal(both.reasons(lang, table), expected)


def test_reasons_name_a_missing_or_unreadable_column():
    r = play_hands("random", 2, **KW)
    with pytest.raises(SelfPlayError) as e:
        SelfPlayResult(r.hands, r.tricks, r.plays.drop(columns="reason_values")).reasons()
    assert e.value.option == "reason_values"
    with pytest.raises(SelfPlayError) as e:
        SelfPlayResult(r.hands, r.tricks, r.plays.assign(card="joker")).reasons()
    assert e.value.option == "card" and "'card'" in str(e.value)


# ----- card columns in the card order ----------------------------------------


def test_searchsorted_on_a_sorted_card_column_uses_the_card_order(small):
    s = small.plays["card"].sort_values(ignore_index=True)
    codes = s.cards.code
    for card in ("QS", "Q♠", "2C", "A♥", "10D"):
        code = card_code(card)
        assert s.searchsorted(card_name(card)) == int((codes < code).sum())
        assert s.searchsorted(card_name(card), side="right") == int((codes <= code).sum())
    assert s.searchsorted(["K♦", "2♥"]).tolist() == [int((codes < 24).sum()), int((codes < 39).sum())]


def test_min_and_max_of_card_columns_follow_the_card_order(small):
    h = small.hands
    for col in ("passed_1", "received_3"):
        s = h[col]
        codes = s.cards.code[s.notna()]
        assert s.min() == CARD_NAMES[codes.min()] and s.max() == CARD_NAMES[codes.max()]
        assert pd.isna(s.max(skipna=False))  # the hands without a pass
    plays = small.plays
    by_seat = plays.groupby("seat", observed=True)["card"]
    codes = plays["card"].cards.code.groupby(plays["seat"], observed=True)
    for how in ("min", "max", "first", "last"):
        got = getattr(by_seat, how)()
        assert got.dtype == CARD_DTYPE
        assert got.tolist() == [CARD_NAMES[c] for c in getattr(codes, how)()], how


# ----- games of a run without games --------------------------------------------


def _dtypes(df: pd.DataFrame) -> dict[str, str]:
    return {c: str(t) for c, t in df.dtypes.items()}


def test_games_without_games_has_the_dictionary_dtypes():
    expected = data_dictionary("games")["dtype"].to_dict()
    real = play_games("random", 1, rules=Rules(target_score=30), **KW).games
    assert _dtypes(real) == expected
    for result in (play_hands("random", 4, **KW), play_games("random", 0, **KW)):
        empty = result.games
        assert empty.empty and _dtypes(empty) == expected
        assert empty["seat"].dtype == real["seat"].dtype and empty["bot"].dtype == real["bot"].dtype
        assert _dtypes(pd.concat([empty, real])) == expected


# ----- typed errors for a bad folder or language ------------------------------


def test_to_parquet_onto_a_file_is_a_typed_error_and_keeps_the_file(tmp_path, small):
    f = tmp_path / "notes.txt"
    f.write_text("mine", encoding="utf-8")
    r = compare("random", "rule", n_deals=2, field="random", **KW)
    for write, error in ((small.to_parquet, SelfPlayError), (r.to_parquet, ExperimentError)):
        for target in (f, f / "run"):
            with pytest.raises(error) as e:
                write(target)
            assert e.value.option == "directory" and str(f) in str(e.value)
    assert f.read_text(encoding="utf-8") == "mine" and sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_an_unknown_language_is_a_typed_error_naming_lang(small):
    r = compare("random", "rule", n_deals=2, field="random", **KW)
    cup = tournament(["random", "rule"], n_deals=2, **KW)
    for call, error in (
        (lambda: small.reasons("fr"), SelfPlayError),
        (lambda: r.summary("fr"), ExperimentError),
        (lambda: r.takeaway("fr"), ExperimentError),
        (lambda: cup.summary("fr"), TournamentError),
    ):
        with pytest.raises(error) as e:
            call()
        assert e.value.option == "lang" and "'fr'" in str(e.value)


# ----- damaged result files ------------------------------------------------------


def _truncate(p: Path) -> None:
    data = p.read_bytes()
    p.write_bytes(data[: len(data) // 2])


DAMAGES = {
    "cut short": _truncate,
    "not UTF-8": lambda p: p.write_bytes(b"\xff\xfe{}"),
    "a list": lambda p: p.write_text("[1, 2]", encoding="utf-8"),
    "a folder": lambda p: (p.unlink(), p.mkdir()),
}


@pytest.fixture(scope="module")
def saved_kinds(small):
    exp = compare("random", "rule", n_deals=2, field="random", **KW)
    games = compare("random", "rule", unit="games", n_games=2, field="random", rules=Rules(target_score=20), **KW)
    cup = tournament(["random", "rule"], n_deals=2, **KW)
    return [
        (small, SelfPlayResult, SelfPlayError, "meta.json", "hands.parquet"),
        (exp, ExperimentResult, ExperimentError, "experiment.json", "deals.parquet"),
        (games, GameExperimentResult, ExperimentError, "experiment.json", "games.parquet"),
        (cup, TournamentResult, TournamentError, "tournament.json", "tournament.parquet"),
    ]


def _refused(cls, error, folder: Path, damaged: Path) -> None:
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    with pytest.raises(error) as e:
        cls.from_parquet(folder)
    assert e.value.option == "directory" and str(damaged) in str(e.value), str(e.value)
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before  # nothing changed


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_json_file_is_a_typed_error_naming_it(tmp_path, saved_kinds, damage):
    for i, (result, cls, error, info, _) in enumerate(saved_kinds):
        folder = result.to_parquet(tmp_path / str(i))
        DAMAGES[damage](folder / info)
        _refused(cls, error, folder, folder / info)


def test_a_json_file_without_its_fields_is_a_typed_error_naming_it(tmp_path, saved_kinds):
    for i, (result, cls, error, info, _) in enumerate(saved_kinds[1:]):
        folder = result.to_parquet(tmp_path / str(i))
        (folder / info).write_text("{}", encoding="utf-8")
        _refused(cls, error, folder, folder / info)


def test_a_damaged_parquet_file_is_a_typed_error_naming_it(tmp_path, saved_kinds):
    for i, (result, cls, error, _, table) in enumerate(saved_kinds):
        folder = result.to_parquet(tmp_path / str(i))
        _truncate(folder / table)
        _refused(cls, error, folder, folder / table)


# ----- files plain pandas can read --------------------------------------------------


def test_plain_pandas_reads_card_columns_as_ordered_card_names(tmp_path, small):
    folder = small.to_parquet(tmp_path / "run")
    script = (
        "import json, sys, pandas as pd\n"
        f"p = pd.read_parquet({str(folder / 'plays.parquet')!r})\n"
        f"h = pd.read_parquet({str(folder / 'hands.parquet')!r})\n"
        "print(json.dumps({'hearts': any(m.startswith('hearts') for m in sys.modules),\n"
        "    'dtype': str(p['card'].dtype), 'ordered': bool(p['card'].cat.ordered),\n"
        "    'categories': p['card'].cat.categories.tolist(), 'cards': p['card'].tolist(),\n"
        "    'passed': h['passed_1'].astype(object).where(h['passed_1'].notna(), None).tolist()}))\n"
    )
    out = json.loads(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout)
    assert out["hearts"] is False and out["dtype"] == "category" and out["ordered"] is True
    assert out["categories"] == list(CARD_NAMES)
    assert out["cards"] == small.plays["card"].tolist()
    assert out["passed"] == [None if pd.isna(c) else c for c in small.hands["passed_1"]]
    back = SelfPlayResult.from_parquet(folder)  # and the package reads the card dtype back, exactly
    for name in ("hands", "tricks", "plays"):
        pd.testing.assert_frame_equal(getattr(back, name), getattr(small, name))


def test_files_with_card_numbers_from_earlier_versions_still_read(tmp_path, small):
    import pyarrow as pa
    import pyarrow.parquet as pq

    # the card extension dtype of earlier versions wrote bare int8 card numbers (-1: none) ...
    old = small.plays.assign(card=small.plays["card"].cards.code.astype("int8"))
    table = pa.Table.from_pandas(old, preserve_index=False)
    meta = {**table.schema.metadata, b"hearts.cards": b'["card"]'}
    pq.write_table(table.replace_schema_metadata(meta), tmp_path / "old.parquet")
    back = read_parquet(tmp_path / "old.parquet")
    assert back["card"].dtype == CARD_DTYPE and back["card"].tolist() == small.plays["card"].tolist()
    # ... and later ones the card names, with the card columns listed in the metadata
    named = small.hands.assign(passed_1=small.hands["passed_1"].astype(object))
    table = pa.Table.from_pandas(named, preserve_index=False)
    meta = {**table.schema.metadata, b"hearts.cards": b'["passed_1"]'}
    pq.write_table(table.replace_schema_metadata(meta), tmp_path / "named.parquet")
    back = read_parquet(tmp_path / "named.parquet")
    pd.testing.assert_series_equal(back["passed_1"], small.hands["passed_1"])


@pytest.mark.parametrize("damage", ["truncated", "not_parquet", "folder"])
def test_read_parquet_alone_refuses_a_damaged_file_with_a_selfplay_error(tmp_path, small, damage):
    path = tmp_path / "t.parquet"
    write_parquet(small.hands, path)
    if damage == "truncated":
        path.write_bytes(path.read_bytes()[:-40])
    elif damage == "not_parquet":
        path.write_text("seat,points\nS,13\n")
    else:
        path.unlink()
        path.mkdir()
        (path / "inside.txt").write_text("mine")
    before = sorted((p.name, p.is_dir()) for p in tmp_path.rglob("*"))
    with pytest.raises(SelfPlayError, match="cannot be read as Parquet") as e:
        read_parquet(path)
    assert e.value.option == "path"
    assert str(path) in str(e.value)
    if damage != "folder":
        assert "(" in str(e.value) and str(e.value.__cause__) in str(e.value)  # pyarrow's reason kept
    assert sorted((p.name, p.is_dir()) for p in tmp_path.rglob("*")) == before


def test_read_parquet_of_a_missing_file_is_still_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_parquet(tmp_path / "none.parquet")


def test_write_parquet_onto_a_folder_or_under_a_file_is_a_selfplay_error(tmp_path, small):
    folder = tmp_path / "t.parquet"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    a_file = tmp_path / "notes.txt"
    a_file.write_text("notes")
    for path, why in [
        (folder, "this is a folder, not a file"),
        (a_file / "t.parquet", "a folder above it is a file"),
        (tmp_path / "missing" / "t.parquet", "its folder does not exist"),
    ]:
        with pytest.raises(SelfPlayError, match=why) as e:
            write_parquet(small.hands, path)
        assert e.value.option == "path" and str(path) in str(e.value)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["keep.txt", "notes.txt", "t.parquet"]
    assert (folder / "keep.txt").read_text() == "mine" and a_file.read_text() == "notes"
