"""The lab says no more than its data show (issue 33, items 1, 5, 6, 9 and 14; issue 28's TipFamily.plot/parquet).

One convention everywhere: an effect is B minus A (the tested strategy minus the one it is compared with), its
interval ``ci_low`` to ``ci_high``; a family of tips speaks only through its Holm-adjusted verdicts.
"""

from __future__ import annotations

import json
import re
import warnings

import matplotlib
import numpy as np
import pandas as pd
import pytest

from hearts import files
from hearts.cli import main
from hearts.experiment import (
    ExperimentError,
    ExperimentResult,
    GameExperimentResult,
    TipFamily,
    compare,
    plot_effects,
    tip_experiment,
)
from hearts.messages import number
from hearts.rules import Rules
from hearts.selfplay import SelfPlayResult
from hearts.stats import holm, holm_levels, t_interval
from hearts.tournament import TournamentError, TournamentWarning, tournament

matplotlib.use("Agg")
SHORT = Rules(target_score=30)
GREEN, RED, GREY = (matplotlib.colors.to_rgba(c) for c in ("tab:green", "tab:red", "tab:gray"))


def tip_result(tip: str, diffs: list[float], changed: int = 1) -> ExperimentResult:
    d = np.asarray(diffs, dtype=float)
    deals = pd.DataFrame({"a_points": 5.0 - d / 2, "b_points": 5.0 + d / 2, "diff": d,
                          "changed": np.full(len(d), changed, np.int16)})  # fmt: skip
    meta = {"num_players": 4, "field": "Rule bot", "tip": tip, "b_is_field": True}
    return ExperimentResult(f"without {tip}", f"with {tip}", deals, meta)


def family() -> TipFamily:
    """Three tips whose unadjusted intervals all exclude zero; after Holm's adjustment only the first does."""
    rng = np.random.default_rng(7)
    base = rng.normal(0.0, 1.0, 40)
    base = (base - base.mean()) / base.std(ddof=1)  # mean 0, sd 1: the shift sets t
    return TipFamily([
        tip_result("pass_queen_when_short", list(base - 0.8)),
        tip_result("flush_queen", list(base - 0.36)),
        tip_result("void_short_suit", list(base + 0.34)),
    ])  # fmt: skip


def colours(ax) -> list[tuple[float, ...]]:
    return [c.lines[0].get_color() if isinstance(c.lines[0].get_color(), tuple) else
            matplotlib.colors.to_rgba(c.lines[0].get_color()) for c in ax.containers]  # fmt: skip


# ----- item 1: a family speaks through its adjusted verdicts --------------------------------------------------


def test_family_table_gives_adjusted_intervals_that_agree_with_the_adjusted_verdicts() -> None:
    fam = family()
    assert [r.verdict for r in fam] == ["better", "better", "worse"]  # each alone: all three clear
    t = fam.table()
    assert t["verdict"].tolist() == ["better", "unclear", "unclear"]  # tested at once: one
    assert list(t.columns) == ["effect", "ci_low", "ci_high", "level", "p_unadjusted", "p_holm", "verdict", "changed"]
    for r, (_, row) in zip(fam, t.iterrows()):
        clear = row["verdict"] != "unclear"
        assert clear == (not row["ci_low"] <= 0 <= row["ci_high"])
        assert (row["ci_low"], row["ci_high"]) == pytest.approx(t_interval(r.deals["diff"], row["level"]))
        assert row["level"] > 0.95 and row["changed"] == pytest.approx(0.25)
    assert t["p_holm"].tolist() == holm(t["p_unadjusted"].tolist())


def test_holm_levels_match_holm_verdicts_on_many_random_families() -> None:
    rng = np.random.default_rng(3)
    for _ in range(300):
        p = list(rng.uniform(0, 0.1, rng.integers(1, 10)))
        for conf in (0.9, 0.95):
            levels, adjusted = holm_levels(p, conf), holm(p)
            for pi, lv, ph in zip(p, levels, adjusted):
                assert (pi < 1 - lv) == (ph < 1 - conf)


def test_family_summary_and_takeaway_use_the_adjusted_verdicts_and_say_the_changed_share() -> None:
    fam = family()
    for lang, saves, changed in (("en", "saves points", "changed 25.0% of the paired hands"),
                                 ("es", "ahorra puntos", "cambió el 25,0 % de las manos emparejadas")):  # fmt: skip
        text = fam.summary(lang)
        assert text.count(saves) == 2  # the one line that claims it, and the takeaway
        assert text.count(changed) == 3
        assert "Holm" in fam.takeaway(lang)
    assert "at 5% or less" in fam.summary()
    assert "1 have a clear effect" in fam.takeaway() and "flush" not in fam.takeaway()


def test_family_plot_colours_and_intervals_are_the_adjusted_ones_and_the_title_says_so() -> None:
    fam = family()
    for ax in (fam.plot(), plot_effects(fam), fam.plot(lang="es")):
        assert colours(ax) == [GREEN, GREY, GREY]
        t = fam.table()
        for container, lo, hi in zip(ax.containers, t["ci_low"], t["ci_high"]):
            seg = container.lines[2][0].get_segments()[0]
            assert (seg[0][0], seg[1][0]) == pytest.approx((lo, hi))
        assert "Holm" in ax.get_title()
    assert fam.takeaway() in fam.plot().get_title().replace("\n", " ")
    assert fam.takeaway("es") in fam.plot(lang="es").get_title().replace("\n", " ")
    # several experiments given as a list: each alone, and the title says they are not adjusted
    ax = plot_effects(list(fam))
    assert colours(ax) == [GREEN, GREEN, RED]
    assert "not adjusted for testing 3 at once" in ax.get_title().replace("\n", " ")
    matplotlib.pyplot.close("all")


def test_the_command_line_family_prints_no_verdict_the_holm_table_does_not_hold(capsys) -> None:
    assert main(["experiment", "--tip", "all", "--deals", "200", "--seed", "5700003", "--no-progress"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    table_start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("effect"))
    header = lines[table_start].split()
    assert header == ["effect", "ci_low", "ci_high", "level", "p_unadjusted", "p_holm", "verdict", "changed"]
    rows = {line.split()[0]: line.split() for line in lines[table_start + 2: table_start + 11]}
    verdicts = {tip: row[7] for tip, row in rows.items()}
    assert sorted(v for v in verdicts.values() if v != "unclear") == ["better", "better"]
    claims = [line for line in lines if re.search(r"saves points|costs points|saves \d", line)]
    clear_tips = {"pass_queen_when_short", "queen_to_leader"}
    assert {tip for tip, v in verdicts.items() if v != "unclear"} == clear_tips
    # only the two tips the adjusted table calls clear are said to save points (their line and the takeaway)
    assert len(claims) == 3 and all("Holm" in line for line in claims)
    assert "pass high spades you cannot guard" not in " ".join(claims)
    for tip, row in rows.items():  # the adjusted interval excludes zero exactly when the verdict is clear
        lo, hi = float(row[2]), float(row[3])
        assert (verdicts[tip] != "unclear") == (not lo <= 0 <= hi), tip
        assert 0 < float(row[8]) < 1  # share of the paired hands the tip changed


# ----- TipFamily.to_parquet / from_parquet --------------------------------------------------------------------


def test_family_parquet_round_trip_through_a_file_set(tmp_path) -> None:
    fam = family()
    fam.results = [compare("random", "rule", n_deals=3, field="random", workers=1, progress=False,
                           meta={"tip": t}) for t in ("flush_queen", "stop_moon", "flush_queen")]  # fmt: skip
    back = TipFamily.from_parquet(fam.to_parquet(tmp_path / "fam"))
    pd.testing.assert_frame_equal(back.table(), fam.table())
    assert len(back) == 3  # the same tip twice stays two experiments
    for a, b in zip(back, fam):
        pd.testing.assert_frame_equal(a.deals, b.deals)
        assert (a.a, a.b, a.meta, a.confidence) == (b.a, b.b, b.meta, b.confidence)
    info = json.loads((tmp_path / "fam" / "family.json").read_text(encoding="utf-8"))
    assert info[files.SET_FIELD]
    # a mixed set (the JSON of another save) is refused, naming the file
    other = tmp_path / "other"
    fam.to_parquet(other)
    (tmp_path / "fam" / "family.json").write_bytes((other / "family.json").read_bytes())
    with pytest.raises(files.FileContentError):
        TipFamily.from_parquet(tmp_path / "fam")
    with pytest.raises(ExperimentError, match="holds no tip family"):
        TipFamily.from_parquet(tmp_path / "none")
    with pytest.raises(ExperimentError, match="nothing to write"):
        TipFamily([]).to_parquet(tmp_path / "empty")


def test_whole_game_family_round_trip_and_two_panel_plot(tmp_path) -> None:
    fam = TipFamily([tip_experiment(t, unit="games", n_games=3, rules=SHORT, workers=1, progress=False)
                     for t in ("queen_to_leader", "stop_moon")])  # fmt: skip
    back = TipFamily.from_parquet(fam.to_parquet(tmp_path / "g"))
    assert back.games and isinstance(back[0], GameExperimentResult)
    pd.testing.assert_frame_equal(back.table(), fam.table())
    assert {"per_hand_ci_low", "win_ci_high", "win_verdict", "changed"} <= set(fam.table().columns)
    axes = fam.plot()
    assert len(axes) == 2 and "Holm" in axes[0].figure._suptitle.get_text()
    matplotlib.pyplot.close("all")


# ----- item 5: one estimator of points per hand in whole games ------------------------------------------------


def test_whole_game_points_per_hand_use_the_estimator_of_the_effect() -> None:
    g = compare("random", "rule", unit="games", n_games=4, field="random", rules=SHORT, workers=1, progress=False)
    assert g.b_points_per_hand - g.a_points_per_hand == pytest.approx(g.per_hand_effect)
    assert g.a_points_per_hand == pytest.approx((g.games["a_score"] * 4 / g.games["a_hands"]).mean())
    effect = number(g.per_hand_effect, "en")
    summary = g.summary()
    assert f"{number(g.b_points_per_hand, 'en')}, Random {number(g.a_points_per_hand, 'en')}; difference {effect}" in (
        summary)
    assert "averaged over the games" in summary and "en media sobre las partidas" in g.summary("es")
    assert f"the difference is {effect}" in g.takeaway() or f"({effect} points" in g.takeaway()


# ----- item 6: a tournament of two identical bots ------------------------------------------------------------


def test_tournament_of_two_identical_bots_warns_and_shares_the_rank() -> None:
    with pytest.warns(TournamentWarning, match="cannot tell them apart"):
        r = tournament(["rule", "rule"], labels=["one", "two"], n_deals=3, workers=1, progress=False)
    assert r.ranking()["rank"].tolist() == [1, 1]
    assert r.pairwise()["changed"].tolist() == [0.0] and r.identical_pairs() == [("one", "two")]
    assert "one and two scored the same on every deal played (3)" in r.summary()
    assert "one y two puntuaron igual" in r.summary("es")
    assert "No bot is clearly first" in r.takeaway()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # bots that differ: no warning
        tournament(["random", "rule"], n_deals=3, workers=1, progress=False)


# ----- item 9: one convention ---------------------------------------------------------------------------------


def test_every_effect_is_b_minus_a_with_ci_low_and_ci_high() -> None:
    r = compare("random", "rule", n_deals=4, field="random", workers=1, progress=False)
    t = tournament(["random", "rule"], n_deals=4, workers=1, progress=False)
    pair = t.pairwise().iloc[0]
    assert (pair["a"], pair["b"]) == ("Random", "Rule bot")
    assert np.sign(pair["effect"]) == np.sign(r.effect) == -1  # the rule bot (B) takes fewer points in both
    d = t.per_deal()
    assert pair["effect"] == pytest.approx((d["Rule bot"] - d["Random"]).mean())
    for table in (t.pairwise(), t.ranking(), family().table()):
        assert {"ci_low", "ci_high"} <= set(table.columns)
        assert not {"lo", "hi", "low", "high"} & set(table.columns)


def test_selfplay_data_dictionary_is_indexed_by_column_like_the_others() -> None:
    every = SelfPlayResult.data_dictionary()
    assert list(every.columns) == list(ExperimentResult.data_dictionary().columns) == ["dtype", "unit", "meaning"]
    assert every.loc[("hands", "score"), "unit"] == SelfPlayResult.data_dictionary("hands").loc["score", "unit"]


def test_rounding_never_hides_the_sign_of_an_interval_end() -> None:
    # an interval whose low end is -0.001: "0.00 to 0.68 ... includes zero" would read as touching zero
    r = tip_result("void_short_suit", [0.34 + x for x in (-0.8, 0.9, -0.7, 0.75, -0.3, 0.35, -0.2, 0.0)])
    lo, _ = r.ci
    shift = -0.001 - lo
    r = tip_result("void_short_suit", list(r.deals["diff"] + shift))
    lo, _ = r.ci
    assert lo == pytest.approx(-0.001) and r.verdict == "unclear"
    for text in (r.takeaway(), r.summary()):
        assert "-0.001 to" in text and " 0.00 to" not in text
    assert "-0,001" in r.takeaway("es")


def test_titles_and_counts_say_exactly_what_was_run() -> None:
    two = [tip_result("flush_queen", [0.1, -0.2, 0.3]), tip_result("stop_moon", [0.1, -0.2, 0.4])]
    title = plot_effects(two).get_title()
    assert "3 deals each" in title and "+" not in title
    uneven = [tip_result("flush_queen", [0.1, -0.2, 0.3]), tip_result("stop_moon", [0.1, -0.2, 0.4, 0.0])]
    assert "3 to 4 deals each" in plot_effects(uneven).get_title()
    matplotlib.pyplot.close("all")
    assert "at 5% or less" in family().summary() and "5 % o menos" in family().summary("es")


@pytest.mark.parametrize("n", [-3, 0, 1, 2.5, True])
def test_a_count_below_two_says_two_or_more(n) -> None:
    for call, error in ((lambda: compare("random", "rule", n_deals=n, workers=1, progress=False), ExperimentError),
                        (lambda: tip_experiment("flush_queen", unit="games", n_games=n), ExperimentError),
                        (lambda: tournament(["random", "rule"], n_deals=n, workers=1, progress=False),
                         TournamentError)):  # fmt: skip
        with pytest.raises(error, match="2 or more") as e:
            call()
        assert "0 or more" not in str(e.value) and e.value.option in ("n_deals", "n_games")


# ----- item 14: notebook 04's summary: names a reader sees, one sign ------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tip_summary_defines_its_names_starts_upper_case_and_keeps_one_sign(lang) -> None:
    r = tip_result("pass_queen_when_short", [-0.5, -0.4, -0.9, -0.8, -0.6, -1.0])
    summary = r.summary(lang)
    assert not re.search(r"\b[AB]\b", summary)
    assert all(re.search(r"[^\W\d]", line)[0].isupper() for line in summary.splitlines())
    lo, hi = r.ci
    effect, lo_s, hi_s = (number(x, lang) for x in (r.effect, lo, hi))
    assert effect.startswith("-")
    # the summary's difference and the takeaway's sentence give the same signed effect and interval
    assert summary.count(effect) == 2 and summary.count(lo_s) == 2 and summary.count(hi_s) == 2
    assert f"{effect} " in r.takeaway(lang) or f"{effect} (" in r.takeaway(lang)
    size = re.escape(number(-r.effect, lang))
    assert not re.search(rf"(?<![-\d]){size}", summary)  # the size is never given without its sign


def test_whole_game_tip_summary_names_the_tip_once_and_its_two_sides() -> None:
    g = tip_experiment("queen_to_leader", unit="games", n_games=2, rules=SHORT, workers=1, progress=False)
    cases = (
        ("en", "The tip “give Q♠ to the game leader”: 2 whole games", "with the tip "),
        ("es", "El consejo «dar la Q♠ al líder de la partida»: 2 partidas", "con el consejo "),
    )
    for lang, start, side in cases:
        summary = g.summary(lang)
        assert summary.startswith(start) and side in summary.splitlines()[1]
        assert not re.search(r"\b[AB]\b", summary.replace("A win shared", ""))  # no undefined A and B
        assert summary.count("Q♠") == 1 + g.takeaway(lang).count("Q♠")  # the tip named once above the takeaway
