"""hearts.study: the paired habit studies the strategy notebooks read."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from hearts.bots import RuleBot, Tips
from hearts.errors import HeartsError
from hearts.stats import t_interval
from hearts.study import Study, UnsupportedClaim


def test_pairs_are_the_same_hands_with_and_without_the_habit():
    study = Study(seed=5, workers=1)
    with_tip, without = RuleBot(), RuleBot(Tips(pass_queen_when_short=False))
    pairs, runs = study.south_pairs(with_tip, without, 40)
    assert len(pairs) == 40 and pairs.index.is_unique
    assert (pairs["diff"] == pairs["score"] - pairs["score_without"]).all()
    # Same deals: what South was dealt is the same in both runs.
    dealt = [run.hands[run.hands["seat"] == "South"].set_index("deal")["dealt"] for run in runs]
    assert dealt[0].equals(dealt[1])
    again, _ = Study(seed=5, workers=1).south_pairs(with_tip, without, 40)
    pd.testing.assert_frame_equal(pairs, again)


def test_effect_by_group_is_the_paired_t_interval():
    pairs = pd.DataFrame({"g": ["a"] * 4 + ["b"] * 3, "score": [3, 0, 13, 1, 0, 2, 0],
                          "score_without": [1, 0, 13, 4, 0, 0, 1]})
    pairs["diff"] = pairs["score"] - pairs["score_without"]
    table = Study().effect_by(pairs, "g")
    assert list(table.index) == ["a", "b"] and list(table["hands"]) == [4, 3]
    lo, hi = t_interval(pairs.loc[pairs["g"] == "a", "diff"])
    assert table.loc["a", "effect"] == pytest.approx(-0.25)
    assert (table.loc["a", "ci_low"], table.loc["a", "ci_high"]) == pytest.approx((lo, hi))
    mean, lo1, hi1 = Study.interval(pd.Series([2.0]))
    assert mean == 2.0 and math.isnan(lo1) and math.isnan(hi1)


def test_a_claim_the_data_contradict_stops_the_notebook(capsys):
    study = Study(lang="es")
    study.check("tut.pass.claim.queen", -0.9, -0.2, "better")
    printed = capsys.readouterr().out
    assert "-0,90" in printed and "-0,20" in printed
    with pytest.raises(UnsupportedClaim) as info:
        study.check("tut.pass.claim.queen", -0.3, 0.4, "better")
    assert "0,40" in str(info.value)
    with pytest.raises(UnsupportedClaim):
        study.check("tut.pass.claim.queen", -0.9, -0.2, "worse")


def test_a_study_needs_a_known_language():
    with pytest.raises(HeartsError, match="language"):
        Study(lang="fr")
