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
    return review_hand(hand, 0, worlds=8, pass_worlds=3, check_worlds=40, seed=2)


def test_table_marks_the_costly_decisions(hand: HandState, review) -> None:
    from hearts_widgets.review import ReviewModel

    m = ReviewModel(hand, 0, review=review, costly=0.5)
    table = m.table_html()
    rows = re.findall(r'<tr class="([^"]*)" data-decision="(\d+)">', table)
    assert len(rows) == 14
    marked = {int(d) for cls, d in rows if "hr-costly" in cls}
    d = m.decisions
    expected = set(d.loc[d["cost"] - 2 * d["cost_se"] > 0.5, "decision"])
    assert marked == expected and marked  # a random player makes costly choices
    assert table.count("⚠") == len(marked)
    # A choice above the threshold that is not surely above it is not marked.
    unsure = d[(d["cost"] > 0.5) & ~d["costly"]]
    assert not set(unsure["decision"]) & marked
    # Each checked cost comes with its range; the points really taken are shown per trick.
    checked = d[d["check_worlds"] > 0]
    assert table.count(" ± ") == len(checked)
    taken = re.findall(r'<td class="hr-num hr-taken">(-?\d*)</td>', table)
    assert taken[0] == "" and [int(x) for x in taken[1:]] == list(d["points"][1:])
    # By default the costliest decision is shown.
    assert m.selected == int(m.decisions.sort_values("cost").iloc[-1]["decision"])


def test_summary_counts_costly_decisions_in_words(hand: HandState, review) -> None:
    from hearts_widgets.review import ReviewModel

    costs = sorted(ReviewModel(hand, 0, review=review).decisions["cost"], reverse=True)
    assert costs[0] > costs[1]
    none = ReviewModel(hand, 0, review=review, costly=costs[0] + 1)
    assert none.summary().startswith("None of the 14 decisions clearly cost more than")
    low = ReviewModel(hand, 0, review=review, costly=-100)
    assert low.summary().startswith("14 of 14 decisions clearly cost more than -100.0")
    m = ReviewModel(hand, 0, review=review, costly=1.0)
    n = int(m.decisions["costly"].sum())
    assert n >= 1
    start = "1 de 14 decisiones costó claramente" if n == 1 else f"{n} de 14 decisiones costaron claramente"
    es = ReviewModel(hand, 0, review=review, costly=1.0, lang="es")
    assert es.summary().startswith(start) and "1,0 puntos esperados" in es.summary()


def test_the_points_really_taken_are_told(hand: HandState, review) -> None:
    from hearts_widgets.review import HandReview, ReviewModel

    m = ReviewModel(hand, 0, review=review)
    points = hand.result().points[0]
    assert m.points_text() == m.points.explain("en") and f"South took {points} point" in m.points_text()
    assert int(m.decisions["points"].sum()) == points
    w = HandReview(hand, 0, review=review)
    assert m.points_text() in w.header.value.replace("&#x27;", "'")
    play = int(m.decisions[m.decisions["kind"] == "play"]["decision"].iloc[0])
    assert "this trick." in m.explanation(play)


def test_spanish_numbers_have_a_decimal_comma(hand: HandState, review) -> None:
    from hearts_widgets.review import ReviewModel

    es = ReviewModel(hand, 0, review=review, lang="es")
    texts = [es.summary(), es.table_html(), *(label for label, _ in es.labels())]
    for decision in es.decisions["decision"]:
        texts += [es.explanation(decision), es.takeaway(decision), es.chart_svg(decision)]
    visible = re.sub(r"<[^>]*>", " ", " ".join(texts))
    assert re.findall(r"\d,\d", visible) and not re.findall(r"\d\.\d", visible)
    en = ReviewModel(hand, 0, review=review)
    assert not re.findall(r"\d,\d", re.sub(r"<[^>]*>", " ", en.table_html()))


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
        # One error line (±2 standard errors) per option with a spread, and the takeaway under the title.
        assert svg.count('class="hr-err"') == int((opts["stderr"] > 0).sum()) > 0
        assert m.takeaway() in svg.replace("&#x27;", "'")
        assert "Expected points for South in this hand" in svg
    with pytest.raises(ValueError, match="no decision"):
        m.select(99)


def test_takeaway_follows_the_cost_and_its_uncertainty(hand: HandState, review) -> None:
    from hearts_widgets.review import ReviewModel

    m = ReviewModel(hand, 0, review=review, costly=0.5)
    seen = set()
    for row in m.decisions.itertuples():
        line = m.takeaway(row.decision)
        if row.forced:
            kind = "forced"
        elif row.chosen == row.best:
            kind = "same"
        elif row.costly:
            kind = "costly"
        elif row.cost <= 0:
            kind = "even"
        elif row.cost + 2 * row.cost_se > 0.5:
            kind = "unclear"
        else:
            kind = "small"
        start = {
            "forced": "Only one card",
            "same": "You made the expert's choice",
            "costly": "Costly.",
            "even": "No clear cost.",
            "unclear": "Maybe costly.",
            "small": "A small cost.",
        }[kind]
        assert line.startswith(start), (row.decision, line)
        seen.add(kind)
    assert {"costly", "same"} <= seen


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
    assert "Jugada 2" in w.chart.value  # decision 2 is the play to trick 1, the 2nd trick for people
    assert "<svg" in w.hand.value


def test_widget_examples_run() -> None:
    import doctest
    import importlib

    module = importlib.import_module("hearts_widgets.review")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
