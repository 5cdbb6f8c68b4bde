"""The review widget: table with costly decisions marked, chart per decision, both languages; table, chart and
sentence give the same numbers, and a choice as good as the expert's or better is said to be so."""

from __future__ import annotations

import html
import re

import pytest

from hearts import Deal, HandState, Phase
from hearts.bots.random_bot import RandomBot
from hearts.bots.rule_bot import RuleBot
from hearts.review import review_hand


@pytest.fixture(scope="module")
def hand() -> HandState:
    h = HandState(Deal.from_number(32))
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
    cells = re.findall(r'<td class="hr-num hr-cost">([^<]*)</td>', table)
    assert sum(" ± " in c for c in cells) == len(checked)
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
        bars = re.findall(r'<rect [^>]*fill="(#[0-9a-f]+)"[^>]*data-option="([^"]+)"', svg)
        opts = review[review["decision"] == decision]
        assert sorted(code for _, code in bars) == sorted(opts["codes"])
        colours = dict((code, fill) for fill, code in bars)
        best = opts[opts["best"]].iloc[0]["codes"]
        assert colours[best] == "#2e7d32"
        chosen = opts[opts["chosen"]].iloc[0]
        if not chosen["best"]:
            assert colours[chosen["codes"]] == "#ef6c00"
        # One error line (±2 standard errors) per option with a spread, and the takeaway under the title.
        assert svg.count('class="hr-err"') == int((opts["estimate_se"] > 0).sum()) > 0
        assert m.takeaway() in html.unescape(re.sub(r"<[^>]+>", "", svg))
        assert "Expected points for South in this hand" in svg
    with pytest.raises(ValueError, match="no decision"):
        m.select(99)


def test_takeaway_follows_the_cost_and_its_uncertainty(hand: HandState, review) -> None:
    from hearts_widgets.review import ReviewModel

    m = ReviewModel(hand, 0, review=review, costly=0.5)
    seen = set()
    for row in m.decisions.itertuples():
        line = m.takeaway(row.decision)
        margin = 2 * row.cost_se
        if row.forced:
            kind = "forced"
        elif row.chosen == row.best:
            kind = "same"
        elif row.cost + margin < 0:
            kind = "better"
        elif row.cost - margin <= 0:
            kind = "as_well"
        elif row.costly:
            kind = "costly"
        elif row.cost + margin > 0.5:
            kind = "unclear"
        else:
            kind = "small"
        assert row.verdict == kind
        start = {
            "forced": "Only one card",
            "same": "You made the expert's choice",
            "better": f"Your {row.chosen} did better than the expert's {row.best}",
            "as_well": f"Your {row.chosen} did {'exactly ' if row.cost == row.cost_se == 0 else ''}as well as",
            "costly": "Costly:",
            "unclear": "Maybe costly:",
            "small": "A small cost:",
        }[kind]
        assert line.startswith(start), (row.decision, line)
        seen.add(kind)
    # A random player's hand has choices of every sort (which ones exactly depends on the expert's play).
    assert "same" in seen and seen & {"better", "as_well"} and seen & {"small", "unclear", "costly"}, seen


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


# ----- one set of numbers: the table row, the chart and the sentence agree -------------------------


def _reviewed(number: int) -> tuple[HandState, object]:
    """A hand where South plays at random against rule bots, reviewed with small (fast) samples."""
    h = HandState(Deal.from_number(number))
    bots = [RandomBot(seed=number)] + [RuleBot(seed=s) for s in range(1, 4)]
    if h.phase is Phase.PASSING:
        for s in range(4):
            h.push_pass(s, bots[s].choose_pass(h.observation(s)).mask)
    while not h.is_over:
        h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
    return h, review_hand(h, 0, worlds=8, pass_worlds=3, check_worlds=40, seed=number)


def _cells(table: str, decision: int) -> dict[str, str]:
    row = re.search(rf'<tr class="[^"]*" data-decision="{decision}">(.*?)</tr>', table)
    assert row is not None
    return {cls: value for cls, value in re.findall(r'<td class="[^"]*?(hr-[a-z-]+)">([^<]*)</td>', row.group(1))}


def _float(shown: str) -> float:
    return float(shown.replace("\u2212", "-").replace(",", "."))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_table_chart_and_sentence_give_the_same_numbers(lang: str) -> None:
    from hearts_widgets.review import ReviewModel

    verdicts = set()
    for number in (31, 5, 12, 6):
        hand, review = _reviewed(number)
        m = ReviewModel(hand, 0, review=review, lang=lang)
        table = m.table_html()
        for decision in m.decisions["decision"]:
            n = m.numbers(decision)
            verdicts.add(n.verdict)
            cells = _cells(table, decision)
            svg = m.chart_svg(decision)
            bars = dict(re.findall(r'data-role="(best|chosen)" data-expected="([^"]+)"', svg))
            sentence, takeaway = m.explanation(decision), m.takeaway(decision)
            assert takeaway in html.unescape(re.sub(r"<[^>]+>", "", svg))
            if n.verdict == "forced":
                assert cells["hr-chosen-expected"] == cells["hr-best-expected"] == cells["hr-cost"] == "–"
                continue
            # The chart's bars carry the very numbers of the table row ...
            assert bars["best"] == cells["hr-best-expected"]
            assert bars.get("chosen", bars["best"]) == cells["hr-chosen-expected"]
            # ... and the sentence says them too (the expert's own choice: one number).
            assert cells["hr-chosen-expected"] in sentence
            if n.verdict == "same":
                assert cells["hr-cost"] == m._n(0.0)
                continue
            assert cells["hr-best-expected"] in sentence
            # The difference is yours minus the expert's, its sign always written, and its size is in the sentence.
            diff, margin = cells["hr-cost"].split(" ± ")
            yours, theirs = _float(cells["hr-chosen-expected"]), _float(cells["hr-best-expected"])
            assert abs(_float(diff) - (yours - theirs)) <= 0.1 + 1e-9
            assert diff[0] in "+\u2212" or _float(diff) == 0
            if n.cost == n.cost_se == 0:  # the same points in every check world
                assert ("exactly" if lang == "en" else "exactamente") in sentence
            else:
                assert f"{diff.lstrip('+').lstrip(chr(0x2212))} ± {margin}" in sentence
            # The verdict word in the table is the verdict the sentence tells.
            assert html.unescape(cells["hr-verdict"]).removeprefix("⚠ ") == m.verdict_text(decision)
            if n.verdict in ("better", "as_well"):
                assert ("did" if lang == "en" else "lo hizo") in sentence and "ara" not in takeaway.split(":")[0]
    # Choices of every sort were compared (which ones exactly depends on the expert's play).
    assert {"same", "forced"} <= verdicts, verdicts
    assert verdicts & {"better", "as_well"} and verdicts & {"small", "unclear", "costly"}, verdicts


def test_a_choice_as_good_as_the_experts_or_better_is_said_to_be_so(hand: HandState, review) -> None:
    """The case seen before: a difference of −0.5 ± 0.3 (the expert's card did worse). Said plainly, both ways."""
    from hearts_widgets.review import ReviewModel

    d = ReviewModel(hand, 0, review=review).decisions
    decision = int(d.loc[(d["check_worlds"] > 0) & (d["cost"] > 0), "decision"].iloc[0])
    cases = ((-0.5, 0.15, "better", "did better than"), (-0.5, 0.3, "as_well", "did as well as"))
    for cost, se, verdict, words in cases:
        changed = review.copy()
        rows = changed["decision"] == decision
        chosen, best = rows & changed["chosen"], rows & changed["best"]
        base = float(changed.loc[best, "estimate"].iloc[0])
        changed.loc[chosen, ["cost", "cost_se", "estimate"]] = [cost, se, base + cost]
        m = ReviewModel(hand, 0, review=changed)
        n = m.numbers(decision)
        assert n.verdict == verdict and not n.costly
        row = d[d["decision"] == decision].iloc[0]
        sentence = m.explanation(decision)
        assert sentence.startswith(f"{m._where(n)}: your {row['chosen']} {words} the expert's choice, {row['best']}")
        assert f"0.5 ± {m._n(2 * se)}" in sentence and "cost" not in sentence
        assert m.takeaway(decision).startswith(f"Your {row['chosen']} {words}")
        cells = _cells(m.table_html(), decision)
        assert cells["hr-cost"] == f"\u22120.5 ± {m._n(2 * se)}"
        said = "better than the expert's" if verdict == "better" else "as well as the expert's"
        assert html.unescape(cells["hr-verdict"]) == said
        es = ReviewModel(hand, 0, review=changed, lang="es")
        assert ("lo hizo mejor que" if verdict == "better" else "lo hizo tan bien como") in es.explanation(decision)


def test_no_card_picture_inside_a_sentence(hand: HandState, review) -> None:
    from hearts_widgets.review import HandReview

    w = HandReview(hand, 0, review=review)
    for decision in (0, 3, 6):
        w.select(decision)
        assert "<svg" not in w.explain.value and "<svg" not in w.header.value
        assert w.model.explanation() in html.unescape(w.explain.value)
        assert "<svg" in w.hand.value and w.hand.value.startswith('<div class="hr-hand-caption">')
