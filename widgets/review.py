"""The hand review widget: which decisions cost points, and what the options were worth.

:class:`ReviewModel` holds the logic (no browser needed): it runs
:func:`hearts.review.review_hand` once and renders the points the seat
really took (trick by trick), the decision table (costly decisions marked,
each difference with its uncertainty, a verdict in words, and the points
taken in that trick), a bar chart of expected points per option for one
decision with ±2 standard error lines and a one-line takeaway (SVG), and a
sentence about it, in English or Spanish (numbers with the language's
decimal mark). Tricks are numbered from 1 here, for people; the DataFrames
number them from 0. :class:`HandReview` shows them with a picker for the
decision.

Table, chart and sentence show one set of numbers: each decision's
:class:`DecisionNumbers` is made once (:meth:`ReviewModel.numbers`) from
the review's ``estimate`` column and every part is written from it. Cards
are named in text everywhere; the only card pictures are the hand's, in a
block of their own.

>>> from hearts import Deal, HandState
>>> from hearts.bots.random_bot import RandomBot
>>> h = HandState(Deal.from_number(11))
>>> bots = [RandomBot(seed=s) for s in range(4)]
>>> for seat in range(4):
...     h.push_pass(seat, bots[seat].choose_pass(h.observation(seat)).mask)
>>> while not h.is_over:
...     h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
>>> m = ReviewModel(h, 0, lang="es", worlds=4, pass_worlds=2, check_worlds=20)
>>> "Repaso de las decisiones de Sur" in m.title()
True
>>> m.select(3)
>>> m.chart_svg().startswith("<svg")
True
>>> w = HandReview(h, 0, worlds=4, pass_worlds=2, check_worlds=20)
>>> w.select(5)
>>> w.picker.value
5
"""

from __future__ import annotations

import dataclasses
import html
import textwrap
from typing import Any

import ipywidgets as W

from hearts.cards import Card
from hearts.display import hand_svg, suit_color
from hearts.explain import fact_words, trick_outcome
from hearts.messages import number, seat_name, text, text_n
from hearts.review import (
    COSTLY,
    COSTLY_Z,
    ReviewError,
    decision_table,
    hand_points,
    replay_decisions,
    review_hand,
)

from .text import tip_label

__all__ = ["DecisionNumbers", "HandReview", "OptionNumbers", "ReviewModel"]

_STYLE = """
<style>
.hearts-review { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1000px; }
.hearts-review .hr-title { font-size: 1.25em; font-weight: bold; margin: 4px 0; }
.hearts-review .hr-summary { background: #fff8e1; border: 2px solid #ffb300; border-radius: 10px;
  padding: 6px 12px; margin: 4px 0; }
.hearts-review table.hr-table { border-collapse: collapse; margin: 4px 0; line-height: 1.35; width: 100%; }
.hearts-review table.hr-table th, .hearts-review table.hr-table td { padding: 2px 10px;
  border-bottom: 1px solid #ddd; text-align: left; }
.hearts-review table.hr-table td.hr-num { text-align: right; }
.hearts-review tr.hr-costly td { background: #ffebee; }
.hearts-review tr.hr-costly td.hr-cost { color: #b71c1c; font-weight: bold; }
.hearts-review tr.hr-good td.hr-verdict { color: #1b5e20; font-weight: bold; }
.hearts-review table.hr-table td.hr-num, .hearts-review table.hr-table td.hr-chosen,
.hearts-review table.hr-table td.hr-best, .hearts-review table.hr-table td.hr-where { white-space: nowrap; }
.hearts-review table.hr-table td.hr-tip { font-size: 0.9em; color: #444; min-width: 9em; }
.hearts-review tr.hr-selected td { background: #e3f2fd; box-shadow: inset 0 2px 0 #1565c0, inset 0 -2px 0 #1565c0; }
.hearts-review .hr-legend { font-size: 0.9em; color: #444; margin: 2px 0 6px; }
.hearts-review .hr-hand-caption { font-size: 0.9em; color: #444; margin: 6px 0 0; }
.hearts-review .hr-explain { padding: 6px 10px; background: #eef5ee; border-radius: 8px; margin: 4px 0; }
.hearts-review .hr-points { margin: 2px 0; }
.hearts-review .hr-table-title { font-weight: bold; margin: 10px 0 2px; }
</style>
"""


def _n(x: float, lang: str) -> str:
    """One decimal, with the language's decimal mark (the project's number format)."""
    return number(float(x), lang, 1)


@dataclasses.dataclass(frozen=True)
class OptionNumbers:
    """One option of a decision as the chart shows it: its ``estimate`` (see :mod:`hearts.review`)."""

    label: str
    codes: str
    expected: float
    stderr: float
    worlds: int
    chosen: bool
    best: bool
    checked: bool  # played out again in the check worlds (the chosen and the expert's, when they differ)


@dataclasses.dataclass(frozen=True)
class DecisionNumbers:
    """Everything the widget says about one decision, computed once: the table row, the chart and the
    sentence are all written from this (see :meth:`ReviewModel.numbers`).

    ``cost`` is the chosen option's expected points minus the expert's choice's (above 0: the choice
    expects more points, which is worse); ``verdict`` is :func:`hearts.review.verdict` of it.
    """

    decision: int
    kind: str
    trick: int | None
    chosen: str
    best: str
    chosen_expected: float
    chosen_se: float
    best_expected: float
    best_se: float
    cost: float
    cost_se: float
    worlds: int
    verdict: str
    costly: bool
    points: int | None
    tip: str | None
    options: tuple[OptionNumbers, ...]

    @property
    def compared(self) -> bool:
        """Whether there are two different options to compare (not forced, not the expert's own choice)."""
        return self.verdict not in ("forced", "same")


class ReviewModel:
    """The review of one seat's decisions in a finished hand, ready to show.

    ``hand``: a finished :class:`~hearts.hand.HandState` or a hand record;
    ``seat``: whose decisions; ``worlds``/``pass_worlds``/``check_worlds``/``seed``:
    the expert's sampling (see :func:`hearts.review.review_hand`); ``costly``:
    the cost in expected points a decision must surely exceed to be marked
    (see :func:`hearts.review.decision_table`). ``review`` reuses a DataFrame
    already computed by ``review_hand``.
    """

    def __init__(
        self,
        hand: Any,
        seat: int = 0,
        *,
        lang: str = "en",
        worlds: int | None = None,
        pass_worlds: int | None = None,
        check_worlds: int | None = None,
        seed: int = 0,
        costly: float = COSTLY,
        review: Any = None,
    ) -> None:
        text("review.title", lang, seat="")  # checks the language
        self.seat = seat
        self.lang = lang
        self.costly = costly
        self._steps = replay_decisions(hand, seat)
        self.points = hand_points(hand, seat)
        if review is None:
            kw: dict[str, Any] = {"seed": seed}
            for name, value in (("worlds", worlds), ("pass_worlds", pass_worlds), ("check_worlds", check_worlds)):
                if value is not None:
                    kw[name] = value
            review = review_hand(hand, seat, **kw)
        self.options = review
        self.decisions = decision_table(review, costly=costly)
        self._numbers = {n.decision: n for n in self._all_numbers()}
        self.selected = self._default_selection()

    # ----- the one set of numbers ------------------------------------------------------

    def _all_numbers(self) -> list[DecisionNumbers]:
        out = []
        for _, r in self.decisions.iterrows():
            decision = int(r["decision"])
            g = self.options[self.options["decision"] == decision]
            options = tuple(
                OptionNumbers(
                    str(o["option"]),
                    str(o["codes"]),
                    float(o["estimate"]),
                    float(o["estimate_se"]),
                    int(o["estimate_worlds"]),
                    bool(o["chosen"]),
                    bool(o["best"]),
                    int(o["check_worlds"]) > 0 and bool(o["chosen"] or o["best"]),
                )
                for _, o in g.iterrows()
            )
            chosen = next(o for o in options if o.chosen)
            play = r["kind"] == "play"
            out.append(
                DecisionNumbers(
                    decision=decision,
                    kind=str(r["kind"]),
                    trick=int(r["trick"]) if play else None,
                    chosen=str(r["chosen"]),
                    best=str(r["best"]),
                    chosen_expected=float(r["chosen_expected"]),
                    chosen_se=float(r["chosen_se"]),
                    best_expected=float(r["best_expected"]),
                    best_se=float(r["best_se"]),
                    cost=float(r["cost"]),
                    cost_se=float(r["cost_se"]),
                    worlds=chosen.worlds,
                    verdict=str(r["verdict"]),
                    costly=bool(r["costly"]),
                    points=int(r["points"]) if play else None,
                    tip=r["tip"] if isinstance(r["tip"], str) else None,
                    options=options,
                )
            )
        return out

    def numbers(self, decision: int | None = None) -> DecisionNumbers:
        """The numbers of one decision (default: the one shown), as the table, the chart and the sentence
        give them."""
        decision = self.selected if decision is None else decision
        if decision not in self._numbers:
            raise ReviewError(f"no decision {decision!r}; this review has 0 to {len(self.decisions) - 1}", "decision")
        return self._numbers[decision]

    # ----- state -------------------------------------------------------------------

    def _default_selection(self) -> int | None:
        if not len(self.decisions):
            return None
        idx: Any = self.decisions["cost"].astype(float).idxmax()
        return int(self.decisions.loc[idx, "decision"])

    def select(self, decision: int) -> None:
        """Show ``decision`` (its index, as in the ``decision`` column)."""
        self.numbers(decision)  # checks it
        self.selected = int(decision)

    # ----- text ----------------------------------------------------------------------

    def _n(self, x: float) -> str:
        return _n(x, self.lang)

    def _margin(self, se: float) -> str:
        """Half the width of the range shown with a number: ``COSTLY_Z`` standard errors."""
        return "?" if se != se else self._n(COSTLY_Z * se)

    def _signed(self, x: float) -> str:
        """A difference with its sign always written: ``+1.2``, ``−0.5`` (a true minus), ``0.0``."""
        s = self._n(x)
        if s.lstrip("-").replace(",", "").replace(".", "").strip("0") == "":
            return s.lstrip("-")
        return "\u2212" + s[1:] if s.startswith("-") else "+" + s

    def _kind(self, kind: str) -> str:
        return text(f"review.kind.{kind}", self.lang)

    def _where(self, n: DecisionNumbers) -> str:
        """``"Play 3"`` (the trick, counted from 1) or ``"Pass"``."""
        if n.trick is not None:
            return f"{self._kind('play')} {n.trick + 1}"
        return self._kind(n.kind)

    def _tip(self, name: str | None) -> str:
        return "" if name is None else tip_label(name, self.lang)

    def _values(self, n: DecisionNumbers) -> dict[str, Any]:
        """The placeholders every sentence about ``n`` is written with (one formatting of each number)."""
        return {
            "where": self._where(n),
            "chosen": n.chosen,
            "best": n.best,
            "chosen_expected": self._n(n.chosen_expected),
            "best_expected": self._n(n.best_expected),
            "gap": self._n(abs(n.cost)),
            "margin": self._margin(n.cost_se),
            "worlds": n.worlds,
            "threshold": self._n(self.costly),
        }

    @staticmethod
    def _sentence(n: DecisionNumbers) -> str:
        """Which sentence tells ``n``'s verdict: its own, or ``equal`` for a choice that gave the same points as
        the expert's in every check world."""
        return "equal" if n.verdict == "as_well" and n.cost == 0 and n.cost_se == 0 else n.verdict

    def verdict_text(self, decision: int | None = None) -> str:
        """The verdict in a few words, as the table's Verdict column says it (``"as well as the expert's"``)."""
        return text(f"review.verdict.{self.numbers(decision).verdict}", self.lang)

    def difference_text(self, decision: int | None = None) -> str:
        """The table's Difference cell: your choice's expected points minus the expert's, sign always written,
        with its range (``"+1.2 ± 0.4"``, ``"−0.5 ± 0.3"``); ``"0.0"`` for the expert's own choice, ``"–"``
        when only one card was legal."""
        n = self.numbers(decision)
        if n.verdict == "forced":
            return "–"
        if n.verdict == "same":
            return self._n(0.0)
        return f"{self._signed(n.cost)} ± {self._margin(n.cost_se)}"

    def title(self) -> str:
        """``"Review of South's decisions"``."""
        return text("review.title", self.lang, seat=seat_name(self.seat, self.lang, self.points.players))

    def points_text(self) -> str:
        """What really happened: the points the seat took, trick by trick (they add up to its points)."""
        return self.points.explain(self.lang)

    def summary(self) -> str:
        """How many decisions were costly and what they cost together; how many matched the expert or did as
        well or better."""
        d = self.decisions
        if not len(d):
            return text("review.empty", self.lang)
        bad = d[d["costly"]]
        out = text_n(
            "review.summary",
            len(bad),
            self.lang,
            costly=len(bad),
            decisions=len(d),
            threshold=self._n(self.costly),
            total=self._n(float(bad["cost"].sum())),
        )
        compared = d[~d["verdict"].isin(["forced", "same"])]
        good = int(compared["verdict"].isin(["better", "as_well"]).sum())
        same = int((d["verdict"] == "same").sum())
        said = text("review.summary_good", self.lang, same=same, decisions=len(d), good=good, compared=len(compared))
        return out + " " + said

    def labels(self) -> list[tuple[str, int]]:
        """Picker entries: ``("Play 3: 9♦ — costly (+2.1 ± 0.4) ⚠", 3)``."""
        out = []
        for n in self._numbers.values():
            mark = " ⚠" if n.costly else ""
            diff = f" ({self.difference_text(n.decision)})" if n.compared else ""
            label = f"{self._where(n)}: {n.chosen} — {self.verdict_text(n.decision)}{diff}{mark}"
            out.append((label, n.decision))
        return out

    def takeaway(self, decision: int | None = None) -> str:
        """One line on what the chart shows, from the verdict: did the choice do as well as the expert's or
        better, or what did it cost, and how sure is that?"""
        if decision is None and self.selected is None:
            return text("review.empty", self.lang)
        n = self.numbers(decision)
        return text(f"review.takeaway.{self._sentence(n)}", self.lang, **self._values(n))

    def explanation(self, decision: int | None = None) -> str:
        """A few sentences about a decision: the choice, the expert's, what the difference says, and the
        points really taken (cards named in text)."""
        if decision is None and self.selected is None:
            return text("review.empty", self.lang)
        n = self.numbers(decision)
        out = text(f"review.explain.{self._sentence(n)}", self.lang, **self._values(n))
        out += self._in_the_trick(n)
        if n.points is not None:
            out += " " + text_n("review.taken", n.points, self.lang, points=n.points)
        return out

    def _in_the_trick(self, n: DecisionNumbers) -> str:
        """For a play: what the chosen card, and the expert's, did in the trick when it was played, in the
        hint's words (:func:`hearts.explain.trick_outcome`, certain over what the seat could not see)."""
        if n.kind != "play":
            return ""
        _, state, chosen = self._steps[n.decision]
        obs = state.observation(self.seat)
        cards = [chosen[0]] + [c for c in (Card.parse(n.best),) if c != chosen[0] and obs.legal_mask() >> c & 1]
        if len(cards) == 1 and obs.legal_mask().bit_count() == 1:
            return ""
        if obs.rules.decks == 2:  # two packs: what each card surely does with cancelling counted, and its twin
            from hearts.cancel_hint import cancel_facts

            facts = [f for c in cards for f in cancel_facts(obs, c)]
            return "".join(" " + fact_words(f, self.lang, num_players=obs.num_players, seat=self.seat) for f in facts)
        return "".join(" " + fact_words(trick_outcome(obs, c), self.lang, num_players=obs.num_players) for c in cards)

    # ----- rendering -------------------------------------------------------------------

    def table_html(self) -> str:
        """The decisions as an HTML table; costly rows have class ``hr-costly`` and a ⚠ mark.

        Each row gives both options' expected points, their difference (yours
        minus the expert's, with ± two standard errors) and the verdict in
        words; the last columns say how many points the seat really took in
        that trick. A legend under it says how to read the difference.
        """
        if not self._numbers:
            return f"<p>{html.escape(text('review.empty', self.lang))}</p>"
        cols = (
            "decision", "chosen", "chosen_expected", "best", "best_expected", "difference", "verdict", "points", "tip",
        )
        head = "".join(f'<th scope="col">{html.escape(text(f"review.column.{c}", self.lang))}</th>' for c in cols)
        rows = []
        for n in self._numbers.values():
            cls = []
            if n.costly:
                cls.append("hr-costly")
            if n.verdict in ("same", "better", "as_well"):
                cls.append("hr-good")
            if n.decision == self.selected:
                cls.append("hr-selected")
            mark = "⚠ " if n.costly else ""
            forced = n.verdict == "forced"
            cells = [
                f'<td class="hr-where">{html.escape(self._where(n))}</td>',
                f'<td class="hr-chosen">{html.escape(n.chosen)}</td>',
                f'<td class="hr-num hr-chosen-expected">{"–" if forced else self._n(n.chosen_expected)}</td>',
                f'<td class="hr-best">{html.escape(n.best)}</td>',
                f'<td class="hr-num hr-best-expected">{"–" if forced else self._n(n.best_expected)}</td>',
                f'<td class="hr-num hr-cost">{html.escape(self.difference_text(n.decision))}</td>',
                f'<td class="hr-verdict">{mark}{html.escape(self.verdict_text(n.decision))}</td>',
                f'<td class="hr-num hr-taken">{"" if n.points is None else n.points}</td>',
                f'<td class="hr-tip">{html.escape(self._tip(n.tip))}</td>',
            ]
            rows.append(f'<tr class="{" ".join(cls)}" data-decision="{n.decision}">{"".join(cells)}</tr>')
        legend = html.escape(text("review.legend", self.lang))
        return (
            f'<table class="hr-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'<div class="hr-legend">{legend}</div>'
        )

    def chart_svg(self, decision: int | None = None, *, width: float = 560) -> str:
        """Horizontal bars: expected points of each option of one decision (fewer is better).

        The expert's choice comes first (green), then the chosen option
        (orange), then the others (grey); each bar has a line for ± two
        standard errors and is labelled with its cards (suit-coloured text)
        and its value, the same numbers as the table row and the sentence.
        When the two were played out again, a caption says so and the other
        options, estimated in the first worlds only, are drawn paler. Under
        the title, a one-line takeaway (:meth:`takeaway`); under the bars, the
        axis: expected points for the seat in this hand.
        """
        if decision is None and self.selected is None:
            return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
        n = self.numbers(decision)
        rest = sorted((o for o in n.options if not (o.best or o.chosen)), key=lambda o: (o.expected, o.label))
        shown = [o for o in n.options if o.best] + [o for o in n.options if o.chosen and not o.best] + rest
        checked = any(o.checked for o in shown)
        bar_h, gap, label_w = 20, 6, 130
        title = text("review.chart.title", self.lang, where=self._where(n))
        head: list[tuple[str, int, str]] = [
            (title, 14, 'font-weight="bold"'),
            (self.takeaway(n.decision), 13, 'class="hr-takeaway"'),
        ]
        if checked:
            screened = max((o.worlds for o in rest), default=0)
            for key in ("review.chart.checked", "review.chart.paler"):
                head.append((text(key, self.lang, worlds=n.worlds, screened=screened), 11, 'fill="#555"'))
        lines, y = [], 0.0
        for words, size, attrs in head:  # each wrapped to the chart's width (DejaVu Sans: about 0.6 em a letter)
            wrapped = textwrap.wrap(words, max(20, int((width - 8) / (0.62 * size))))
            spans = []
            for i, line in enumerate(wrapped):
                y += size * 1.35
                last = i == len(wrapped) - 1
                spans.append(f'<tspan x="4" y="{y:.0f}">{html.escape(line if last else line + " ")}</tspan>')
            lines.append(f'<text font-size="{size}" {attrs}>{"".join(spans)}</text>')
            y += 4
        top = int(y) + 12
        height = top + len(shown) * (bar_h + gap) + 28
        spread = [COSTLY_Z * (o.stderr if o.stderr == o.stderr else 0.0) for o in shown]
        lo = min(0.0, min(o.expected - e for o, e in zip(shown, spread)))
        hi = max(1.0, max(o.expected + e for o, e in zip(shown, spread)))
        scale = (width - label_w - 190) / (hi - lo)  # room for the value and its tag

        def x_of(v: float) -> float:
            return label_w + (v - lo) * scale

        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" class="hr-chart" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" role="img" '
            f'aria-label="{html.escape(title)}">',
            *lines,
        ]
        y = top
        zero = x_of(0.0)
        for o, err in zip(shown, spread):
            role = "best" if o.best else "chosen" if o.chosen else "other"
            color = {"best": "#2e7d32", "chosen": "#ef6c00", "other": "#90a4ae"}[role]
            faded = ' fill-opacity="0.55"' if checked and role == "other" else ""
            tx = 4
            for code in o.codes.split():
                c = Card.parse(code)
                parts.append(
                    f'<text x="{tx}" y="{y + 15}" font-size="14" fill="{suit_color(c.suit)}">'
                    f"{html.escape(str(c))}</text>"
                )
                tx += 12 + 9 * len(str(c))
            x0, x1 = sorted((zero, x_of(o.expected)))
            w = max(1.0, x1 - x0)
            value = self._n(o.expected)
            label = f"{o.label}: {value} ± {self._margin(o.stderr)}"
            parts.append(
                f'<rect x="{x0:.1f}" y="{y}" width="{w:.1f}" height="{bar_h}" rx="3" fill="{color}"{faded} '
                f'data-option="{html.escape(o.codes)}" data-role="{role}" data-expected="{value}">'
                f"<title>{html.escape(label)}</title></rect>"
            )
            end = x0 + w
            if err > 0:
                a, b, mid = x_of(o.expected - err), x_of(o.expected + err), y + bar_h / 2
                parts.append(
                    f'<path class="hr-err" d="M{a:.1f} {mid:.1f}H{b:.1f}M{a:.1f} {mid - 5:.1f}V{mid + 5:.1f}'
                    f'M{b:.1f} {mid - 5:.1f}V{mid + 5:.1f}" stroke="#37474f" stroke-width="1.5" fill="none"/>'
                )
                end = max(end, b)
            tags = []
            if o.chosen:
                tags.append(text("review.chart.chosen", self.lang))
            if o.best:
                tags.append(text("review.chart.best", self.lang))
            tag = f" ({', '.join(tags)})" if tags else ""
            parts.append(
                f'<text x="{end + 6:.1f}" y="{y + 15}" font-size="13" class="hr-value">{value}{html.escape(tag)}'
                "</text>"
            )
            y += bar_h + gap
        axis_y = y + 2
        parts.append(f'<path d="M{zero:.1f} {top - 4}V{axis_y}" stroke="#999" stroke-width="1"/>')
        axis = text("review.chart.axis", self.lang, seat=seat_name(self.seat, self.lang, self.points.players))
        parts.append(f'<text x="{label_w}" y="{height - 6}" font-size="12" fill="#555">{html.escape(axis)}</text>')
        parts.append("</svg>")
        return "".join(parts)

    def cards_html(self, decision: int | None = None) -> str:
        """The seat's hand at that decision, chosen cards raised and the expert's outlined, under a caption
        saying so (the widget's only card pictures, in a block of their own)."""
        if decision is None and self.selected is None:
            return ""
        n = self.numbers(decision)
        kind, state, _ = self._steps[n.decision]
        chosen = [Card.parse(c) for c in n.chosen.split()]
        best = [Card.parse(c) for c in n.best.split()]
        hand = state.hand_of(self.seat)
        legal = state.legal_moves_for(self.seat) if kind == "play" else hand
        dimmed = [c for c in hand if c not in legal]
        caption = html.escape(text("review.hand.caption", self.lang))
        picture = hand_svg(hand, selected=chosen, highlighted=best, dimmed=dimmed, width=52, lang=self.lang)
        return f'<div class="hr-hand-caption">{caption}</div>{picture}'


class HandReview(W.VBox):  # type: ignore[misc]
    """The review widget: title and summary; a picker with the decision it shows (sentence, chart, hand) right
    under it, so that all of it is on screen together; then the table of every decision.

    ``HandReview(hand, seat=0, lang="en")``; other keywords go to :class:`ReviewModel`.
    """

    def __init__(self, hand: Any, seat: int = 0, *, lang: str = "en", **kw: Any) -> None:
        self.model = ReviewModel(hand, seat, lang=lang, **kw)
        m = self.model
        self.header = W.HTML()
        self.table = W.HTML()
        self.picker = W.Dropdown(options=m.labels(), value=m.selected, layout=W.Layout(width="auto"))
        self.picker.add_class("hr-picker")
        self.picker.observe(self._on_pick, names="value")
        self.chart = W.HTML()
        self.hand = W.HTML()
        self.explain = W.HTML()
        # The picker's own label (a <label> tied to the <select>: screen readers name it).
        self.picker.description = text("review.pick", lang)
        self.picker.style.description_width = "initial"
        pick_row = W.HBox([self.picker])
        super().__init__(
            [W.HTML(_STYLE), self.header, pick_row, self.explain, self.chart, self.hand, self.table],
            layout=W.Layout(max_width="1000px"),
        )
        self.add_class("hearts-review")
        self.refresh()

    def _on_pick(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and change["new"] != self.model.selected:
            self.select(change["new"])

    def select(self, decision: int) -> None:
        """Show one decision (what the picker does)."""
        self.model.select(decision)
        if self.picker.value != decision:
            self.picker.value = decision
        self.refresh()

    def refresh(self) -> None:
        """Redraw every part from the model."""
        m = self.model
        self.header.value = (
            f'<div class="hr-title">{html.escape(m.title())}</div>'
            f'<div class="hr-summary"><div class="hr-points">{html.escape(m.points_text())}</div>'
            f"<div>{html.escape(m.summary())}</div></div>"
        )
        heading = html.escape(text("review.table.title", m.lang))
        self.table.value = f'<div class="hr-table-title">{heading}</div>{m.table_html()}'
        self.explain.value = f'<div class="hr-explain">{html.escape(m.explanation())}</div>'
        self.chart.value = m.chart_svg()
        self.hand.value = m.cards_html()
