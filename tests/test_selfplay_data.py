"""The self-play and experiment tables as a data scientist uses them with plain pandas (from an audit)."""

from __future__ import annotations

import pytest

from hearts.bots import ExpertBot, RandomBot, RuleBot, Tips
from hearts.experiment import ExperimentError, compare
from hearts.selfplay import SelfPlayError, bot_spec, play_games, play_hands

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
