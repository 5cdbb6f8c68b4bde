"""A/B experiments: duplicate deals, the interval, the words, the plot, reproducibility."""

from __future__ import annotations

import math
import multiprocessing
import os
import re
from typing import ClassVar

import matplotlib
import numpy as np
import pandas as pd
import pytest
from engine_support import Moody

from hearts.bots import RandomBot
from hearts.bots.tips import TIP_NAMES
from hearts.experiment import (
    ExperimentError,
    ExperimentResult,
    ExperimentWarning,
    GameExperimentResult,
    compare,
    plot_effects,
    t_interval,
    t_quantile,
    tip_experiment,
    tip_experiments,
)
from hearts.messages import catalogue, placeholders
from hearts.rules import Rules
from hearts.selfplay import bot_spec, play_games
from hearts.stats import holm

SHORT = Rules(target_score=30)  # short games keep the whole-game tests fast

matplotlib.use("Agg")


def synthetic(diffs: list[float], confidence: float = 0.95, **meta) -> ExperimentResult:
    d = np.asarray(diffs, dtype=float)
    deals = pd.DataFrame(
        {"a_points": 5.0 - d / 2, "b_points": 5.0 + d / 2, "diff": d, "changed": np.ones(len(d), np.int8)}
    )
    return ExperimentResult("A bot", "B bot", deals, {"num_players": 4, "field": "Rule bot"} | meta, confidence)


class Peeker(RandomBot):
    """Remembers every hand it was dealt; logs whether it ever knew a hand that was not its own."""

    name = "Peeker"
    knew_another_hand: ClassVar[list[bool]] = []

    def __init__(self, seed: int | None = 0) -> None:
        super().__init__(seed)
        self.dealt: set[int] = set()

    def decide_play(self, obs):
        if len(obs.hand) == obs.rules.hand_size:
            self.dealt.add(obs.hand_mask)
        Peeker.knew_another_hand.append(len(self.dealt) > 1)
        return super().decide_play(obs)


class Quitter(RandomBot):
    """Ends its own process when it plays in a worker."""

    name = "Quitter"

    def decide_play(self, obs):
        if multiprocessing.parent_process() is not None:
            os._exit(3)
        return super().decide_play(obs)


def fits(text_artist, figure) -> bool:
    """Whether a drawn text lies wholly inside its figure."""
    figure.canvas.draw()
    box = text_artist.get_window_extent(figure.canvas.get_renderer())
    whole = figure.bbox
    return box.x0 >= whole.x0 and box.y0 >= whole.y0 and box.x1 <= whole.x1 and box.y1 <= whole.y1


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
    assert better.takeaway().startswith("B bot takes fewer points per hand than A bot: the difference is -0.50")
    assert "-0,50" in better.takeaway("es") and "menos" in better.takeaway("es")
    worse = synthetic([0.3, 0.2, 0.4, 0.25])
    assert worse.verdict == "worse" and "more points" in worse.takeaway()
    unclear = synthetic([-1.0, 1.0, -0.5, 0.6])
    assert unclear.verdict == "unclear"
    assert unclear.takeaway().startswith("Cannot tell") and "includes zero" in unclear.takeaway()
    assert "incluye el cero" in unclear.takeaway("es")
    tip = synthetic([-0.5, -0.4, -0.6, -0.45, -0.55], tip="pass_queen_when_short")
    assert tip.takeaway().startswith("The tip “") and "saves points" in tip.takeaway()
    assert "by -0.50 (95% interval" in tip.takeaway()
    assert "ahorra puntos" in tip.takeaway("es") and "en -0,50 (intervalo" in tip.takeaway("es")
    # one sign everywhere: the interval in the sentence is the summary's, B minus A, lowest first
    lo, hi = tip.ci
    assert f"{lo:.2f} to {hi:.2f}" in tip.takeaway() and f"{lo:.2f} to {hi:.2f}" in tip.summary()


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
    assert " ".join(ax.get_title().splitlines()[1:]) == r.takeaway()
    assert str(r.n_deals) in ax.get_title().splitlines()[0]
    assert ax.containers and len(ax.containers[0].lines[2]) == 1  # one error bar
    ax_es = r.plot(lang="es")
    assert "puntos por mano" in ax_es.get_xlabel()
    many = plot_effects([r, synthetic([0.1, -0.1, 0.2, -0.3])])
    assert len(many.get_yticklabels()) == 2
    matplotlib.pyplot.close("all")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_plot_titles_show_whole(lang) -> None:
    for tip in ("pass_queen_when_short", "dump_high_first_trick", "queen_to_leader"):
        r = synthetic([-0.5, -0.4, -0.6, -0.45, -0.55], tip=tip)
        ax = r.plot(lang=lang)
        assert len(ax.get_title().splitlines()) >= 2 and fits(ax.title, ax.figure), (tip, ax.get_title())
        assert " ".join(ax.get_title().splitlines()[1:]) == r.takeaway(lang)
    games = synthetic_games([0.02, 0.03, 0.025, 0.035], [-1.0, -1.5, -1.2, -0.9], tip="queen_to_leader")
    fig = games.plot(lang=lang)[0].figure
    assert fits(fig._suptitle, fig) and " ".join(fig._suptitle.get_text().splitlines()[1:]) == games.takeaway(lang)
    fig, given = matplotlib.pyplot.subplots(figsize=(6, 3))
    synthetic([-0.5, -0.4, -0.6], tip="flush_queen").plot(ax=given, lang=lang)
    assert fits(given.title, fig) and fig.get_size_inches()[1] == 3  # a figure given is laid out, not resized
    matplotlib.pyplot.close("all")


def test_the_confidence_level_is_the_one_asked_for() -> None:
    r = synthetic([-0.5, -0.4, -0.6, -0.45, -0.55], confidence=0.5)
    assert r.ci[1] - r.ci[0] < synthetic([-0.5, -0.4, -0.6, -0.45, -0.55]).half_width
    for words in (r.takeaway(), r.summary(), repr(r), r.plot().get_title()):
        assert "50%" in words and "95" not in words, words
    for words in (r.takeaway("es"), r.summary("es"), r.plot(lang="es").get_title()):
        assert "50 %" in words and "95" not in words, words
    assert "97,5 %" in synthetic([-0.5, -0.4, -0.6], confidence=0.975).takeaway("es")
    mixed = plot_effects([synthetic([-0.5, -0.4, -0.6], confidence=0.9), synthetic([0.1, 0.2])])
    assert "90/95% intervals" in mixed.get_title()
    g = synthetic_games([0.02, 0.03, 0.025, 0.035], [-1.0, -1.5, -1.2, -0.9])
    g.confidence = 0.8
    fig = g.plot()[0].figure
    for words in (g.takeaway(), g.summary(), repr(g), fig._suptitle.get_text()):
        assert "80%" in words and "95" not in words, words
    assert "80 %" in g.summary("es") and "95" not in g.summary("es")
    real = tip_experiment("pass_queen_when_short", n_deals=6, confidence=0.5, workers=1, progress=False)
    assert "50% interval" in real.takeaway() and real.confidence == 0.5
    matplotlib.pyplot.close("all")


def test_t_interval_is_the_experiments_interval() -> None:
    diffs = [-1.0, -0.5, -0.25, 0.0, -1.5]
    assert t_interval(diffs) == pytest.approx(synthetic(diffs).ci)
    assert t_interval(diffs, 0.5) == pytest.approx(synthetic(diffs, confidence=0.5).ci)
    assert all(math.isnan(x) for x in t_interval([1.0]))


def test_no_bot_sees_another_seats_hand_across_rotations() -> None:
    Peeker.knew_another_hand.clear()
    compare(Peeker, "random", n_deals=3, field=Peeker, workers=1, progress=False)
    assert len(Peeker.knew_another_hand) > 100 and not any(Peeker.knew_another_hand)
    Peeker.knew_another_hand.clear()
    compare("random", Peeker(), n_deals=3, field="random", workers=1, progress=False)  # an instance, too
    assert len(Peeker.knew_another_hand) > 50 and not any(Peeker.knew_another_hand)


def test_bots_with_memory_give_the_same_result_whatever_the_workers() -> None:
    one = compare(Moody, "random", n_deals=8, field="random", workers=1, chunk_size=8, progress=False)
    for workers, chunk_size in ((1, 1), (2, 3)):
        other = compare(Moody, "random", n_deals=8, field="random", workers=workers, chunk_size=chunk_size,
                        progress=False)  # fmt: skip
        pd.testing.assert_frame_equal(one.deals, other.deals)
    opts = dict(unit="games", n_games=3, field="random", rules=SHORT, progress=False)
    games = compare(Moody, "random", workers=1, chunk_size=3, **opts)
    pd.testing.assert_frame_equal(games.games, compare(Moody, "random", workers=2, chunk_size=1, **opts).games)


def test_a_broken_worker_pool_names_the_bot() -> None:
    with pytest.raises(ExperimentError) as err:
        compare("rule", Quitter, n_deals=4, field="random", workers=2, chunk_size=2, progress=False)
    assert err.value.option == "a/b" and "'Quitter'" in str(err.value)


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


def test_per_hand_results_are_pinned() -> None:
    # figures of the per-hand experiment since the tips do what the page says (issue 13): they must not move
    r = tip_experiment("pass_queen_when_short", n_deals=24, seed=3, workers=1, progress=False)
    assert r.deals["diff"].sum() == -13.5
    assert (r.deals["a_points"].sum(), r.deals["b_points"].sum()) == (169.5, 156.0)
    assert r.deals["deal_number"].iloc[0] == 6006166155124565030
    assert "unit" not in r.meta


# ----- whole games -------------------------------------------------------------


def synthetic_games(win_diffs: list[float], score_diffs: list[float], **meta) -> GameExperimentResult:
    w, d = np.asarray(win_diffs, dtype=float), np.asarray(score_diffs, dtype=float)
    games = pd.DataFrame(
        {
            "game": np.arange(len(w), dtype=np.int32),
            "game_number": np.arange(len(w), dtype=np.int64),
            "a_win": 0.25 - w / 2,
            "b_win": 0.25 + w / 2,
            "win_diff": w,
            "a_score": 60.0 - d / 2,
            "b_score": 60.0 + d / 2,
            "score_diff": d,
            "a_hands": np.full(len(w), 40, np.int32),
            "b_hands": np.full(len(w), 40, np.int32),
            "changed": np.ones(len(w), np.int8),
        }
    )
    info = {"num_players": 4, "field": "Rule bot", "rules": {"target_score": 100}, "unit": "games"}
    return GameExperimentResult("A bot", "B bot", games, info | meta)


def test_whole_games_replay_the_games_of_play_games() -> None:
    # identical strategies: every game is the game play_games plays with the same seed
    r = compare("random", bot_spec("random", label="Random again"), unit="games", n_games=12, field="random",
                rules=SHORT, seed=3, workers=1, progress=False)  # fmt: skip
    assert isinstance(r, GameExperimentResult) and r.n_games == 12
    assert (r.games["win_diff"] == 0).all() and (r.games["score_diff"] == 0).all() and (r.games["changed"] == 0).all()
    assert r.win_ci == (0.0, 0.0) and r.win_verdict == r.score_verdict == "unclear"
    games = play_games("random", 12, seed=3, rules=SHORT, workers=1, progress=False, detail="hands").games
    assert (games.groupby("game")["won"].sum() > 1).any(), "the sample needs a shared win"
    final = games.groupby("game")["total"].mean().to_numpy()
    hands = games.groupby("game")["hands"].first().to_numpy()
    np.testing.assert_array_equal(r.games["a_score"].to_numpy(), final)
    np.testing.assert_array_equal(r.games["a_hands"].to_numpy(), 4 * hands)
    # the tested seat wins 1/k of a win shared by k, so over the four seats a game's win shares add up to 1
    assert (r.games["a_win"] == 0.25).all() and r.a_win == 0.25
    assert r.a_points_per_hand == pytest.approx(games["total"].sum() / (4 * hands.sum()))


def test_whole_games_find_a_real_difference() -> None:
    r = compare("random", "rule", unit="games", n_games=12, field="random", rules=SHORT, workers=1, progress=False)
    assert r.win_verdict == "better" and r.score_verdict == "better"
    assert r.b_win > r.a_win and r.b_score < r.a_score and r.b_points_per_hand < r.a_points_per_hand
    lo, hi = r.win_ci
    half = t_quantile(0.975, 11) * r.games["win_diff"].std(ddof=1) / math.sqrt(12)
    assert (lo, hi) == pytest.approx((r.win_effect - half, r.win_effect + half))


def test_whole_games_same_seed_reproduces_whatever_the_workers() -> None:
    opts = dict(unit="games", n_games=8, rules=SHORT, progress=False)
    one = tip_experiment("queen_to_leader", seed=2, workers=1, **opts)
    two = tip_experiment("queen_to_leader", seed=2, workers=2, chunk_size=3, **opts)
    pd.testing.assert_frame_equal(one.games, two.games)
    assert one.win_ci == two.win_ci and one.score_ci == two.score_ci
    other = tip_experiment("queen_to_leader", seed=4, workers=1, **opts)
    assert not other.games["game_number"].equals(one.games["game_number"])
    assert one.meta["tip"] == "queen_to_leader" and one.meta["unit"] == "games"


def test_whole_game_words_in_both_languages() -> None:
    r = synthetic_games([0.02, 0.03, 0.025, 0.035], [-1.0, -1.5, -1.2, -0.9], tip="queen_to_leader")
    assert r.win_verdict == "better" and r.score_verdict == "better"
    en, es = r.takeaway(), r.takeaway("es")
    assert "raises the share of games won: following it changes it by 2.8 percentage points" in en
    assert "Per hand it saves points: the difference is -0.12" in en
    assert "sube la proporción de partidas ganadas: seguirlo la cambia en 2,8 puntos porcentuales" in es
    assert "Por mano ahorra puntos" in es
    assert "lowers the final score" not in en  # the final score is not given as the effect (game length)
    summary = r.summary()
    assert "4 whole games" in summary and "counts 1/k" in summary and "Points per hand" in summary
    assert "4 partidas completas" in r.summary("es")
    one = synthetic_games([0.1], [2.0])
    assert "1 whole game (" in one.summary() and "1 partida completa (" in one.summary("es")
    assert "Cannot tell" in one.takeaway()  # one game: no interval, no claim
    worse = synthetic_games([-0.1, -0.12, -0.08], [1.0, 1.2, 0.8])
    assert "fewer of the games" in worse.takeaway() and "more points than A bot" in worse.takeaway()
    assert f"{100 * worse.win_ci[0]:.1f} to {100 * worse.win_ci[1]:.1f}" in worse.takeaway()  # B minus A
    with pytest.raises(ValueError, match="language"):
        r.summary("fr")


def test_whole_game_plot_has_two_panels_with_error_bars() -> None:
    r = synthetic_games([0.02, 0.03, 0.025, 0.035], [-1.0, -1.5, -1.2, -0.9])
    axes = r.plot()
    assert "games won" in axes[0].get_xlabel() and "points per hand" in axes[1].get_xlabel()
    assert all(len(ax.containers) == 1 for ax in axes)
    assert " ".join(axes[0].figure._suptitle.get_text().splitlines()[1:]) == r.takeaway()
    assert "partidas ganadas" in plot_effects([r, r], lang="es")[0].get_xlabel()
    with pytest.raises(ExperimentError):
        plot_effects([r, synthetic([0.1, -0.1])])
    matplotlib.pyplot.close("all")


def test_whole_game_parquet_round_trip(tmp_path) -> None:
    r = compare("random", "rule", unit="games", n_games=3, field="random", rules=SHORT, workers=1, progress=False)
    r.to_parquet(tmp_path / "games")
    back = GameExperimentResult.from_parquet(tmp_path / "games")
    pd.testing.assert_frame_equal(back.games, r.games)
    assert (back.win_ci, back.score_ci, back.meta["unit"]) == (r.win_ci, r.score_ci, "games")
    with pytest.raises(ExperimentError, match="holds no whole-game experiment"):
        GameExperimentResult.from_parquet(tmp_path / "none")


@pytest.mark.parametrize(
    ("options", "option"),
    [
        (dict(unit="rounds"), "unit"),
        (dict(unit="games", n_deals=10), "n_deals"),
        (dict(n_games=10), "n_games"),
        (dict(unit="games", n_games=-1), "n_games"),
        (dict(unit="games", n_games=2, measure="points"), "measure"),
        (dict(n_deals=0), "n_deals"),
        (dict(n_deals=1), "n_deals"),
        (dict(unit="games", n_games=1), "n_games"),
        (dict(unit="games", n_games=0), "n_games"),
    ],
)
def test_bad_whole_game_options_are_named(options, option) -> None:
    with pytest.raises(ExperimentError) as err:
        compare("random", "rule", progress=False, **options)
    assert err.value.option == option


# ----- results that say what they cannot tell (issue 13) -------------------------


def test_no_paired_hand_differed_warns_and_says_so() -> None:
    with pytest.warns(ExperimentWarning, match="cannot tell them apart"):
        r = compare("random", bot_spec("random", label="Random again"), n_deals=5, field="random", workers=1,
                    progress=False)  # fmt: skip
    assert r.ci == (0.0, 0.0) and r.identical
    for lang in ("en", "es"):
        said = r.takeaway(lang)
        assert said == r.identical_sentence(lang) and "0.00 to 0.00" not in said and "20" in said
        assert said in r.summary(lang)
    with pytest.warns(ExperimentWarning):
        g = compare("random", bot_spec("random", label="Random again"), unit="games", n_games=2, field="random",
                    rules=SHORT, workers=1, progress=False)  # fmt: skip
    assert g.identical and g.takeaway() == g.identical_sentence()
    # a real difference: no warning, and the interval is worded as before
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", ExperimentWarning)
        real = compare("random", "rule", n_deals=4, field="random", workers=1, progress=False)
    assert not real.identical and "interval" in real.takeaway()


def test_games_report_per_hand_effects_so_length_does_not_pass_for_skill() -> None:
    r = compare("random", "rule", unit="games", n_games=6, field="random", rules=SHORT, workers=1, progress=False)
    g = r.games
    seats = 4
    # per hand: each seat's final total over the hands its game lasted, averaged over seats
    assert (g["a_per_hand"] * g["a_hands"] / seats).sum() == pytest.approx(g["a_score"].sum(), rel=0.35)
    np.testing.assert_allclose(g["per_hand_diff"], g["b_per_hand"] - g["a_per_hand"])
    np.testing.assert_allclose(g["hands_diff"], (g["b_hands"] - g["a_hands"]) / seats)
    assert r.per_hand_effect == pytest.approx(g["per_hand_diff"].mean())
    lo, hi = r.per_hand_ci
    assert lo < r.per_hand_effect < hi
    said = r.takeaway()
    assert "Per hand" in said and ("not the measure" in said or "also depends on how long" in said)
    assert "Por mano" in r.takeaway("es")
    # synthetic: B's games are longer and end higher, yet per hand B is no worse: the words say length, not skill
    longer = pd.DataFrame({
        "game": np.arange(4, dtype=np.int32), "game_number": np.arange(4), "a_win": 0.25, "b_win": 0.25,
        "win_diff": [0.0, 0.05, -0.05, 0.0], "a_score": 60.0, "b_score": [70.0, 72.0, 69.0, 71.0],
        "score_diff": [10.0, 12.0, 9.0, 11.0], "a_hands": 40, "b_hands": [47, 48, 46, 47],
        "changed": 4,
    })  # fmt: skip
    syn = GameExperimentResult("A", "B", longer, {"num_players": 4, "field": "F", "rules": {"target_score": 100}})
    assert syn.score_verdict == "worse" and syn.per_hand_verdict == "unclear"
    assert syn.hands_effect == pytest.approx(1.75) and syn.length_correlation > 0.9
    assert "lasted 1.8 hands longer" in syn.takeaway() and "ends the game" not in syn.takeaway()


def test_tip_experiment_says_b_is_the_field() -> None:
    r = tip_experiment("flush_queen", n_deals=3, workers=1, progress=False)
    assert r.meta["b_is_field"]
    assert "Every other seat plays the rule bot with the tip" in r.summary()
    assert "Todos los demás asientos juegan el bot de reglas con el consejo" in r.summary("es")
    # the summary names the two sides, never letters it does not define, and starts each sentence upper case
    for lang in ("en", "es"):
        assert not re.search(r"\b[AB]\b", r.summary(lang)), r.summary(lang)
        assert all(re.search(r"[^\W\d]", line)[0].isupper() for line in r.summary(lang).splitlines()), r.summary(lang)
    g = tip_experiment("flush_queen", unit="games", n_games=2, rules=SHORT, workers=1, progress=False)
    assert "1/4 (25.0%) by construction" in g.summary()
    other = tip_experiment("flush_queen", n_deals=3, field="random", workers=1, progress=False)
    assert not other.meta["b_is_field"] and "Every other seat plays" not in other.summary()
    # a habit: B adds the habit to the default bot, A is the default bot
    h = tip_experiment("hold_queen_for_leader", n_deals=3, workers=1, progress=False)
    assert (h.b, h.a) == ("with hold_queen_for_leader", "without hold_queen_for_leader")
    assert not h.meta["b_is_field"] and "Every other seat plays" not in h.summary()


def test_holm_adjusts_several_tips_at_once() -> None:
    assert holm([0.01, 0.04, 0.03, 0.5]) == [0.04, 0.09, 0.09, 0.5]
    adjusted = holm([0.2, math.nan])
    assert adjusted[0] == 0.2 and math.isnan(adjusted[1])
    fam = tip_experiments(["void_short_suit", "flush_queen", "pass_high_spades"], n_deals=8, seed=2, workers=1,
                          progress=False)  # fmt: skip
    t = fam.table()
    assert list(t.index) == ["void_short_suit", "flush_queen", "pass_high_spades"]
    assert (t["p_holm"] >= t["p_unadjusted"] - 1e-12).all() and (t["p_holm"] <= 1).all()
    for r, p in zip(fam, t["p_unadjusted"]):
        lo, hi = r.ci
        assert (p < 0.05) == (not lo <= 0 <= hi) or r.identical
    assert "Holm" in fam.summary() and "Holm" in fam.summary("es") and "consejo" in fam.summary("es")
    # the t-test p-value agrees with the interval's t quantile
    x = np.array([1.0, -0.5, 2.0, 0.25, 1.5])
    from hearts.stats import t_pvalue

    lo, _ = t_interval(x, confidence=1 - t_pvalue(x))
    assert lo == pytest.approx(0.0, abs=1e-6)


@pytest.mark.parametrize(
    ("a", "b", "field", "seat"),
    [
        ("rule", "random", "rule-no-flush", "field"),
        ("random", "rule", ["random", "random", "rule-no-flush"], "field[2]"),
        ("rule", "random", ["rule", "labelled-rule-no-flush", "random"], "field[1]"),
    ],
)
def test_compare_refuses_a_field_bot_labelled_like_a_or_b_but_different(a, b, field, seat):
    from hearts.bots import RuleBot, Tips

    made = {
        "rule-no-flush": RuleBot(tips=Tips().without("flush_queen")),
        "labelled-rule-no-flush": bot_spec("rule", tips=Tips().without("flush_queen"), label="Rule bot"),
    }
    field = [made.get(f, f) for f in field] if isinstance(field, list) else made.get(field, field)
    with pytest.raises(ExperimentError, match="different bots with the same label 'Rule bot'") as e:
        compare(a, b, field=field, n_deals=2, workers=1, progress=False)
    assert e.value.option == "field"
    assert f" and {seat} are different bots" in str(e.value)


def test_compare_keeps_a_field_that_is_the_same_bot_as_a():
    from hearts.bots import RuleBot, Tips

    for field in ("rule", RuleBot(), ["rule", "random", RuleBot()]):
        r = compare("rule", bot_spec("rule", tips=Tips().without("flush_queen")), field=field, n_deals=2,
                    workers=1, progress=False)
        assert isinstance(r, ExperimentResult)
