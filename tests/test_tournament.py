"""Tournaments: a balanced schedule, duplicate deals, tidy data, pairwise effects, a ranking and a plot."""

from __future__ import annotations

import collections
import itertools

import matplotlib
import numpy as np
import pandas as pd
import pytest

from hearts import Rules
from hearts.cli import main
from hearts.columns import data_dictionary
from hearts.selfplay import bot_spec
from hearts.tournament import TournamentError, TournamentResult, schedule, tournament

matplotlib.use("Agg")
QUIET = ["--no-progress", "--workers", "1"]


@pytest.mark.parametrize(
    ("k", "seatings"),
    [(k, "rotations") for k in (2, 3, 4, 5, 8)] + [(k, "permutations") for k in (2, 3, 4, 5)],
)
def test_every_bot_sits_in_every_seat_equally_and_meets_every_other(k: int, seatings: str) -> None:
    order = schedule(k, 4, seatings)  # type: ignore[arg-type]
    per_seat = collections.Counter((bot, seat) for s in order for seat, bot in enumerate(s))
    assert len(set(per_seat.values())) == 1 and len(per_seat) == 4 * k
    meets = collections.Counter(pair for s in order for pair in itertools.combinations(sorted(set(s)), 2))
    assert len(meets) == k * (k - 1) // 2 and len(set(meets.values())) == 1
    assert len(set(order)) == len(order)
    three = schedule(k, 3)
    assert len({(b, s) for o in three for s, b in enumerate(o)}) == 3 * k


def test_identical_bots_differ_by_exactly_zero_on_duplicate_deals() -> None:
    # the same bot under two labels: same seat, same seeds, same cards, whoever the label
    r = tournament([bot_spec("rule", label="one"), bot_spec("rule", label="two")], n_deals=3, workers=1,
                   progress=False)  # fmt: skip
    pair = r.pairwise().iloc[0]
    assert pair["effect"] == 0.0 and not pair["clear"]
    assert (r.per_deal()["one"] == r.per_deal()["two"]).all()


@pytest.fixture(scope="module")
def three() -> TournamentResult:
    return tournament(["random", "rule", bot_spec("rule", label="rule, no flush", tips=__import__(
        "hearts.bots", fromlist=["Tips"]).Tips().without("flush_queen"))], n_deals=6, seed=4, workers=1,
        progress=False)  # fmt: skip


def test_the_table_is_tidy_and_documented(three: TournamentResult) -> None:
    t = three.table
    assert len(t) == 6 * 12 * 4
    d = data_dictionary("tournament")
    assert list(t.columns) == list(d.index)
    for col in t.columns:
        assert str(t[col].dtype) == d.loc[col, "dtype"], col
    # every hand adds up: 26 points per hand (or a moon's score)
    hands = t.groupby(["deal", "seating"])["points"].sum()
    assert (hands == 26).all()
    # the same deal for every seating
    assert (t.groupby("deal")["deal_number"].nunique() == 1).all()
    assert (three.ranking()["hands"] == 6 * 16).all()  # each bot in 16 of the 48 seat-places per deal


def test_pairwise_ranking_and_plot(three: TournamentResult) -> None:
    pairs = three.pairwise()
    assert len(pairs) == 3 and (pairs["p_holm"] >= pairs["p"] - 1e-12).all()
    rnd = pairs[(pairs["a"] == "Random") & (pairs["b"] == "Rule bot")].iloc[0]
    # B minus A, as compare: the rule bot (b) takes fewer points than random (a)
    assert rnd["effect"] < 0 and rnd["ci_low"] < rnd["effect"] < rnd["ci_high"]
    d = three.per_deal()
    assert rnd["effect"] == pytest.approx((d["Rule bot"] - d["Random"]).mean())
    rank = three.ranking()
    assert rank.index[-1] == "Random" and list(rank["rank"]) == [1, 2, 3]
    assert (rank["rank_best"] <= rank["rank"]).all() and (rank["rank"] <= rank["rank_worst"]).all()
    assert np.isclose(rank["vs_average"].sum(), 0.0)
    ax = three.plot(lang="es")
    assert len(ax.containers) == 3 and "media" in ax.get_xlabel() and ax.get_title()
    s = three.summary("es")
    assert "Aleatorio" in s and "Bot de reglas" in s and "puesto" in s and "Random" not in s
    matplotlib.pyplot.close("all")


def test_parquet_round_trip_and_workers_do_not_change_the_result(three: TournamentResult, tmp_path) -> None:
    back = TournamentResult.from_parquet(three.to_parquet(tmp_path / "t"))
    pd.testing.assert_frame_equal(back.table, three.table)
    assert back.seatings == three.seatings and back.bots == three.bots
    two = tournament(["random", "rule"], n_deals=4, seed=9, workers=2, chunk_size=1, progress=False)
    one = tournament(["random", "rule"], n_deals=4, seed=9, workers=1, progress=False)
    pd.testing.assert_frame_equal(one.table, two.table)


def test_variants_and_bad_options() -> None:
    r = tournament(["random", "rule"], n_deals=2, rules=Rules(num_players=3), workers=1, progress=False)
    assert r.table["seat"].nunique() == 3 and len(r.seatings) == len(schedule(2, 3))
    for kwargs, option in [
        ({"bots": ["rule"]}, "bots"),
        ({"bots": ["rule", "rule"]}, "labels"),
        ({"bots": ["rule", "chess"]}, "bots"),
        ({"bots": ["rule", "random"], "n_deals": 1}, "n_deals"),
        ({"bots": ["rule", "random"], "seatings": "all"}, "seatings"),
        ({"bots": ["rule", "random"], "measure": "fun"}, "measure"),
        ({"bots": ["rule", "random"], "workers": 0}, "workers"),
    ]:
        bots = kwargs.pop("bots")
        with pytest.raises(TournamentError) as err:
            tournament(bots, progress=False, **{"n_deals": 2, **kwargs})
        assert err.value.option == option, kwargs


def test_tournament_from_the_command_line(tmp_path, capsys) -> None:
    out, plot = tmp_path / "t", tmp_path / "t.png"
    argv = ["tournament", "--bots", "random", "rule", "--deals", "3", "--out", str(out), "--plot", str(plot),
            "--lang", "es", *QUIET]  # fmt: skip
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "Torneo de 2 bots" in printed and "Aleatorio" in printed and "Holm" in printed and plot.is_file()
    assert len(TournamentResult.from_parquet(out).table) == 3 * 12 * 4
    for bad, flag in ((["--bots", "rule"], "--bots"), (["--bots", "rule", "rule"], "--bots"),
                      (["--bots", "rule", "random", "--target-score", "50"], "--target-score")):  # fmt: skip
        with pytest.raises(SystemExit):
            main(["tournament", *bad, "--deals", "2", *QUIET])
        assert flag in capsys.readouterr().err
