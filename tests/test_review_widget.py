"""The review widget: table with costly decisions marked, chart per decision, both languages."""

from __future__ import annotations

import re

import pytest

from hearts import Deal, HandState, Phase
from hearts.bots.random_bot import RandomBot
from hearts.bots.rule_bot import RuleBot
from hearts.review import review_hand


@pytest.fixture(scope="module")
def hand() -> HandState:
    h = HandState(Deal.from_number(31))
    bots = [RandomBot(seed=0)] + [RuleBot(seed=s) for s in range(1, 4)]
    if h.phase is Phase.PASSING:
        for s in range(4):
            h.push_pass(s, bots[s].choose_pass(h.observation(s)).mask)
    while not h.is_over:
        h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
    return h


@pytest.fixture(scope="module")
def review(hand: HandState):
    return review_hand(hand, 0, worlds=8, pass_worlds=3, seed=2)


def test_table_marks_the_costly_decisions(hand: HandState, review) -> None:
    from hearts_widgets.review import ReviewModel

    m = ReviewModel(hand, 0, review=review, costly=0.5)
    table = m.table_html()
    rows = re.findall(r'<tr class="([^"]*)" data-decision="(\d+)">', table)
    assert len(rows) == 14
    marked = {int(d) for cls, d in rows if "hr-costly" in cls}
    expected = set(m.decisions.loc[m.decisions["cost"] > 0.5, "decision"])
    assert marked == expected and marked  # a random player makes costly choices
    assert table.count("⚠") == len(marked)
    # By default the costliest decision is shown.
    assert m.selected == int(m.decisions.sort_values("cost").iloc[-1]["decision"])


def test_summary_counts_costly_decisions_in_words(hand: HandState, review) -> None:
    from hearts_widgets.review import ReviewModel

    costs = sorted(ReviewModel(hand, 0, review=review).decisions["cost"], reverse=True)
    assert costs[0] > costs[1]
    none = ReviewModel(hand, 0, review=review, costly=costs[0] + 1)
    assert none.summary().startswith("None of the 14 decisions cost more than")
    one = ReviewModel(hand, 0, review=review, costly=(costs[0] + costs[1]) / 2, lang="es")
    assert one.summary().startswith("1 de 14 decisiones costó más de")
    many = ReviewModel(hand, 0, review=review, costly=-1)
    assert many.summary().startswith("14 of 14 decisions cost more than")


def test_chart_has_one_bar_per_option_with_chosen_and_best_coloured(hand: HandState, review) -> None:
    from hearts_widgets.review import ReviewModel

    m = ReviewModel(hand, 0, review=review)
    for decision in (0, 4):
        m.select(decision)
        svg = m.chart_svg()
        bars = re.findall(r'<rect [^>]*fill="(#[0-9a-f]+)" data-option="([^"]+)"', svg)
        opts = review[review["decision"] == decision]
        assert sorted(code for _, code in bars) == sorted(opts["codes"])
        colours = dict((code, fill) for fill, code in bars)
        best = opts[opts["best"]].iloc[0]["codes"]
        assert colours[best] == "#2e7d32"
        chosen = opts[opts["chosen"]].iloc[0]
        if not chosen["best"]:
            assert colours[chosen["codes"]] == "#ef6c00"
    with pytest.raises(ValueError, match="no decision"):
        m.select(99)


def test_both_languages(hand: HandState, review) -> None:
    from hearts_widgets.review import HandReview, ReviewModel

    en, es = ReviewModel(hand, 0, review=review), ReviewModel(hand, 0, lang="es", review=review)
    assert "Review of South" in en.title() and "Repaso de las decisiones de Sur" in es.title()
    assert "Decision" in en.table_html() and "Decisión" in es.table_html()
    assert en.explanation() != es.explanation()
    assert "expected points" in en.chart_svg().lower() or "Expected points" in en.chart_svg()
    assert "Puntos esperados" in es.chart_svg()
    w = HandReview(hand, 0, lang="es", review=review)
    w.picker.value = 2  # picking in the dropdown shows that decision
    assert w.model.selected == 2
    assert "Jugada 2" in w.chart.value
    assert "<svg" in w.hand.value


def test_widget_examples_run() -> None:
    import doctest
    import importlib

    module = importlib.import_module("hearts_widgets.review")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
