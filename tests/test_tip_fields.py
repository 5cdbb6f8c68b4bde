"""Each tip's own field (moon hunters for stop_moon), the words on a tip seldom put to the test, and the time
a stronger or mixed table will take (issue 28)."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

from hearts import Card, CardSet, Deal, HandState, selfplay, sim
from hearts.bots import RuleBot, Tips, bot_spec, make_bot
from hearts.bots.registry import STYLES, level_description
from hearts.bots.rule_bot import moon_strength, plays_as_written
from hearts.cli import main as cli_main
from hearts.errors import HeartsError
from hearts.experiment import ExperimentError, ExperimentResult, ExperimentWarning, tip_experiment, tip_experiments
from hearts.messages import bot_name
from hearts.selfplay import _Recorder, hand_seeds, play_out
from hearts.tip_fields import RARE_SHARE, TIP_FIELDS, estimate_time, rare_note, tip_field

# A hand of moon strength 14: between the moon hunter's bar (12) and the rule bot's (20).
MIDDLING = CardSet.parse("AH KH QH 5H 4H AS 3S KC QC 9C 8D 7D 6S")


def quiet_tip(tip: str, **options: object) -> ExperimentResult:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ExperimentWarning)
        return tip_experiment(tip, workers=1, progress=False, **options)  # type: ignore[arg-type]


# ----- the moon hunter -------------------------------------------------------


def test_the_moon_style_is_a_rule_bot_that_tries_with_a_lower_bar() -> None:
    assert moon_strength(MIDDLING.mask) == 14
    spec = bot_spec("moon")
    assert spec.label == "Moon hunter" and spec.build().tips == Tips.moon_hunter()
    hunter = make_bot("moon", seed=4)
    assert isinstance(hunter, RuleBot) and hunter.tips.moon_min_strength == 12 < Tips().moon_min_strength
    assert plays_as_written(hunter)  # the native kernel plays it (the bar is one of the tips it reads)
    assert bot_name("Moon hunter", "es") == "Cazador de lunas" and "moon" in STYLES
    assert "luna" in level_description("moon", "es") and "moon" in level_description("moon", "en")
    state = HandState(Deal.from_hands([MIDDLING, *_rest(MIDDLING)]))
    obs = state.observation(0)
    assert hunter.decide_pass(obs).tip == "shoot_moon"  # judged from its own hand, before passing
    assert RuleBot().decide_pass(obs).tip != "shoot_moon"


def _rest(hand: CardSet) -> list[CardSet]:
    others = [c for c in range(52) if not hand.mask >> c & 1]
    return [CardSet([Card(c) for c in others[i::3]]) for i in range(3)]


def test_moon_hunters_shoot_the_moon_far_more_often_than_rule_bots() -> None:
    def moons(level: str) -> int:
        shot = 0
        for i in range(400):
            number, seeds = hand_seeds(28, i, 4)
            state = HandState(Deal.from_number(number, hand_number=i % 4 + 1))
            play_out(state, [make_bot(level, seed=s) for s in seeds])
            shot += state.result().shooter is not None
        return shot

    hunters, rule = moons("moon"), moons("rule")
    assert hunters >= 2 * rule and hunters >= 30, (hunters, rule)


@pytest.mark.skipif(not sim.native_available(), reason="the native kernel is not built here")
def test_the_kernel_plays_the_moon_hunter_as_the_python_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(selfplay, "_play_tricks", selfplay._play_tricks_native)

    def record(state: HandState, native: bool) -> tuple[object, ...]:
        saved = selfplay._RULE_DECISIONS
        if not native:
            selfplay._RULE_DECISIONS = None
        try:
            rec = _Recorder(4, "plays", False)
            play_out(state, [make_bot("moon", seed=s) for s in range(4)], None, rec)
        finally:
            selfplay._RULE_DECISIONS = saved
        return rec.reason, rec.tip, [(a.seat, a.cards) for a in state.history], state.result()

    tips = 0
    for i in range(150):
        number, _ = hand_seeds(2806, i, 4)
        deal = Deal.from_number(number, hand_number=i % 4 + 1)
        native, python = record(HandState(deal), True), record(HandState(deal), False)
        assert native == python
        tips += native[3].shooter is not None  # type: ignore[attr-defined]
    assert tips > 5  # the hands compared include moons


# ----- each tip's field ------------------------------------------------------


def test_stop_moon_is_tested_against_moon_hunters_and_says_so() -> None:
    r = quiet_tip("stop_moon", n_deals=4, seed=3)
    assert r.meta["field"] == "Moon hunter" and r.meta["default_field"] and not r.meta["b_is_field"]
    en, es = r.summary("en"), r.summary("es")
    assert "other seats: Moon hunter" in en and "The other seats are moon hunters" in en
    assert "Cazador de lunas" in es and "cazadores de lunas" in es
    given = quiet_tip("stop_moon", n_deals=4, seed=3, field="rule")
    assert given.meta["field"] == "Rule bot" and "moon hunters" not in given.summary()
    flush = quiet_tip("flush_queen", n_deals=4, seed=3)
    assert flush.meta["field"] == "Rule bot" and flush.meta["b_is_field"]
    assert {TIP_FIELDS[t] for t in TIP_FIELDS if t not in ("stop_moon", "stop_moon_discards")} == {"rule"}


def test_a_rarely_changed_tip_says_why_from_the_deals_played() -> None:
    r = quiet_tip("shoot_moon", n_deals=120, seed=11)
    assert 0 < r.changed_share < RARE_SHARE
    rules_hands = [Deal.from_number(int(k), hand_number=int(h)).hands for k, h in
                   zip(r.deals["deal_number"], r.deals["hand_number"])]  # fmt: skip
    strong = sum(moon_strength(h.mask) >= 20 for hands in rules_hands for h in hands) / (4 * 120)
    en = r.summary("en")
    assert "no field can change that" in en and "moon strength 20 or more" in en
    assert f"{100 * strong:.1f}% of the hands dealt here were that strong" in en
    assert "ningún rival puede cambiar eso" in r.summary("es")
    # A tip that changed plenty of hands gets no such note; another rare one gets the general words.
    assert "rests on those few hands" not in quiet_tip("flush_queen", n_deals=20, seed=11).summary()
    spanish = rare_note({"tip": "stop_moon", "field": "Moon hunter"}, 0.01, None, "es")
    assert spanish.startswith("La sugerencia stop_moon cambió")
    assert "rare on these deals" in rare_note({"tip": "watch_voids", "field": "Rule bot"}, 0.02, None)


def test_a_rare_note_for_whole_games_counts_strong_hands_without_the_deal_table() -> None:
    note = rare_note({"tip": "shoot_moon", "field": "Rule bot"}, 0.005, pd.DataFrame({"game_number": [1]}))
    assert "(2000 deals under these rules)" in note


def test_tip_field_refuses_an_unknown_tip() -> None:
    with pytest.raises(HeartsError, match="unknown tip 'moon'") as err:
        tip_field("moon")
    assert err.value.option == "tip"  # type: ignore[attr-defined]


# ----- stronger and mixed tables ---------------------------------------------


def test_the_estimate_measures_the_field_it_will_play() -> None:
    rule = estimate_time(["flush_queen", "watch_voids"], n_deals=30, workers=1)
    assert rule.hands == 2 * 30 * 8 and rule.workers == 1
    expert = estimate_time(["flush_queen"], field="expert", n_deals=30, workers=1, budget=0.0)
    assert expert.per_hand > 10 * rule.per_hand and expert.measured == 1
    games = estimate_time(["flush_queen"], unit="games", n_games=3, workers=1)
    assert games.hands > 3 * 8 * 3  # every game lasts more than three hands
    assert expert.sentence("es").startswith("Unos ") and "medido ahora en una mano" in expert.sentence("es")


def test_tip_experiments_prints_the_time_before_it_runs_and_takes_a_mixed_field(
    capsys: pytest.CaptureFixture[str],
) -> None:
    mixed = ["expert", "rule", "moon"]
    fam = tip_experiments(["pass_queen_when_short"], n_deals=2, field=mixed, seed=5, workers=1, progress=True)
    out = capsys.readouterr().out
    assert out.startswith("About ") and "ms per hand" in out and "hands to play: 16;" in out
    assert fam[0].meta["field"] == "Expert, Rule bot, Moon hunter"
    assert "Experto, Bot de reglas, Cazador de lunas" in fam[0].summary("es")
    tip_experiments(["flush_queen"], n_deals=2, workers=1, progress=False)
    assert capsys.readouterr().out == ""
    with pytest.raises(ExperimentError) as err:
        tip_experiments(["flush_queen"], n_deals=2, field="chess", workers=1, progress=True)
    assert err.value.option == "field" and "About" not in capsys.readouterr().out


def test_the_command_line_tests_a_tip_at_its_own_field(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["experiment", "--tip", "stop_moon", "--deals", "3", "--workers", "1", "--no-progress"]) == 0
    assert "other seats: Moon hunter" in capsys.readouterr().out
    argv = ["experiment", "--tip", "stop_moon", "--deals", "3", "--workers", "1", "--no-progress", "--field", "rule"]
    assert cli_main(argv) == 0
    assert "other seats: Rule bot" in capsys.readouterr().out
