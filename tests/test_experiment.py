"""A/B experiments: duplicate deals, the interval, the words, the plot, reproducibility."""

from __future__ import annotations

import math

import matplotlib
import numpy as np
import pandas as pd
import pytest

from hearts.bots.tips import TIP_NAMES
from hearts.experiment import (
    ExperimentError,
    ExperimentResult,
    compare,
    plot_effects,
    t_quantile,
    tip_experiment,
)
from hearts.messages import catalogue, placeholders
from hearts.selfplay import bot_spec

matplotlib.use("Agg")


def synthetic(diffs: list[float], **meta) -> ExperimentResult:
    d = np.asarray(diffs, dtype=float)
    deals = pd.DataFrame(
        {"a_points": 5.0 - d / 2, "b_points": 5.0 + d / 2, "diff": d, "changed": np.ones(len(d), np.int8)}
    )
    return ExperimentResult("A bot", "B bot", deals, {"num_players": 4, "field": "Rule bot"} | meta)


def test_t_quantiles_match_the_tables() -> None:
    for df, value in ((1, 12.7062), (2, 4.3027), (5, 2.5706), (30, 2.0423), (120, 1.9799)):
        assert t_quantile(0.975, df) == pytest.approx(value, abs=1e-4)
    assert t_quantile(0.025, 7) == pytest.approx(-t_quantile(0.975, 7))
    with pytest.raises(ValueError):
        t_quantile(1.0, 3)


def test_interval_is_the_t_interval_of_paired_differences() -> None:
    diffs = [-1.0, -0.5, -0.25, 0.0, -1.5, -0.75, -0.5, -1.0]
    r = synthetic(diffs)
    se = np.std(diffs, ddof=1) / math.sqrt(len(diffs))
    half = t_quantile(0.975, len(diffs) - 1) * se
    assert r.effect == pytest.approx(np.mean(diffs))
    assert r.ci == pytest.approx((np.mean(diffs) - half, np.mean(diffs) + half))
    assert r.verdict == "better" and r.n_deals == 8 and r.half_width == pytest.approx(half)


def test_takeaway_claims_an_effect_only_when_the_interval_excludes_zero() -> None:
    better = synthetic([-0.5, -0.4, -0.6, -0.45, -0.55])
    assert better.takeaway().startswith("B bot takes 0.50 fewer points per hand than A bot")
    assert "0,50" in better.takeaway("es") and "menos" in better.takeaway("es")
    worse = synthetic([0.3, 0.2, 0.4, 0.25])
    assert worse.verdict == "worse" and "more points" in worse.takeaway()
    unclear = synthetic([-1.0, 1.0, -0.5, 0.6])
    assert unclear.verdict == "unclear"
    assert unclear.takeaway().startswith("Cannot tell") and "includes zero" in unclear.takeaway()
    assert "incluye el cero" in unclear.takeaway("es")
    tip = synthetic([-0.5, -0.4, -0.6, -0.45, -0.55], tip="pass_queen_when_short")
    assert tip.takeaway().startswith("The tip “") and "saves 0.50 points per hand" in tip.takeaway()
    assert "ahorra 0,50 puntos por mano" in tip.takeaway("es")
    # the interval in the sentence is the interval of the savings, lowest first
    lo, hi = tip.ci
    assert f"{-hi:.2f} to {-lo:.2f}" in tip.takeaway()


def test_summary_in_both_languages() -> None:
    r = synthetic([-0.5, -0.4, -0.6, -0.45, -0.55])
    en, es = r.summary("en"), r.summary("es")
    assert "5 deals" in en and "Points per hand" in en
    assert "5 repartos" in es and "Puntos por mano" in es
    with pytest.raises(ValueError, match="language"):
        r.summary("fr")


def test_catalogue_has_the_same_keys_and_placeholders_in_both_languages() -> None:
    en, es = catalogue("en"), catalogue("es")
    keys = [k for k in en if k.startswith(("experiment.", "selfplay."))]
    assert len(keys) >= 15
    for k in keys:
        assert k in es and placeholders(en[k]) == placeholders(es[k]), k
        assert en[k] != es[k], k


def test_plot_has_units_error_bars_and_the_takeaway() -> None:
    r = synthetic([-0.5, -0.4, -0.6, -0.45, -0.55], tip="flush_queen")
    ax = r.plot()
    assert "points per hand" in ax.get_xlabel()
    assert ax.get_title().splitlines()[-1] == r.takeaway()
    assert str(r.n_deals) in ax.get_title().splitlines()[0]
    assert ax.containers and len(ax.containers[0].lines[2]) == 1  # one error bar
    ax_es = r.plot(lang="es")
    assert "puntos por mano" in ax_es.get_xlabel()
    many = plot_effects([r, synthetic([0.1, -0.1, 0.2, -0.3])])
    assert len(many.get_yticklabels()) == 2
    matplotlib.pyplot.close("all")


def test_identical_strategies_differ_by_exactly_zero() -> None:
    r = compare("random", bot_spec("random", label="Random again"), n_deals=12, field="random", workers=1,
                progress=False)  # fmt: skip
    assert r.effect == 0.0 and r.ci == (0.0, 0.0) and r.verdict == "unclear"
    assert (r.deals["changed"] == 0).all() and r.a == "Random" and r.b == "Random again"


def test_a_real_difference_is_found() -> None:
    r = compare("random", "rule", n_deals=40, field="random", workers=1, progress=False)
    assert r.verdict == "better" and r.effect < -2
    assert r.b_points < r.a_points


def test_same_seed_reproduces_whatever_the_workers() -> None:
    one = tip_experiment("pass_queen_when_short", n_deals=24, seed=3, workers=1, progress=False)
    two = tip_experiment("pass_queen_when_short", n_deals=24, seed=3, workers=2, chunk_size=5, progress=False)
    pd.testing.assert_frame_equal(one.deals, two.deals)
    assert one.effect == two.effect and one.ci == two.ci
    other = tip_experiment("pass_queen_when_short", n_deals=24, seed=4, workers=1, progress=False)
    assert not other.deals["deal_number"].equals(one.deals["deal_number"])
    assert one.meta["tip"] == "pass_queen_when_short" and one.a == "without pass_queen_when_short"
    assert set(one.deals["pass_direction"].astype(str)) == {"left", "right", "across", "none"}
    # passing tips cannot matter when nobody passes
    assert (one.deals.loc[one.deals["pass_direction"] == "none", "diff"] == 0).all()


def test_parquet_round_trip(tmp_path) -> None:
    r = compare("random", "rule", n_deals=6, field="random", workers=1, progress=False)
    r.to_parquet(tmp_path / "exp")
    back = ExperimentResult.from_parquet(tmp_path / "exp")
    pd.testing.assert_frame_equal(back.deals, r.deals)
    assert (back.a, back.b, back.effect, back.ci) == (r.a, r.b, r.effect, r.ci)
    with pytest.raises(ExperimentError, match="holds no experiment"):
        ExperimentResult.from_parquet(tmp_path / "none")


def test_every_tip_has_a_ready_experiment_and_bad_options_are_named() -> None:
    assert len(TIP_NAMES) == 9
    with pytest.raises(ExperimentError) as err:
        tip_experiment("pass_all_hearts", n_deals=2)
    assert err.value.option == "tip"
    with pytest.raises(ExperimentError) as err:
        compare("random", "rule", n_deals=2, field=["random", "random"], progress=False)
    assert err.value.option == "field"
    with pytest.raises(ExperimentError) as err:
        compare("random", "chess", n_deals=2, progress=False)
    assert err.value.option == "a/b"
    with pytest.raises(ExperimentError) as err:
        compare("random", "rule", n_deals=-3, progress=False)
    assert err.value.option == "n_deals"
    with pytest.raises(ExperimentError) as err:
        compare("random", "rule", n_deals=3, measure="fun", progress=False)
    assert err.value.option == "measure"
    with pytest.raises(ExperimentError) as err:
        compare("random", "rule", n_deals=3, workers=-1, progress=False)
    assert err.value.option == "workers"
