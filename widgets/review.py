"""The hand review widget: which decisions cost points, and what the options were worth.

:class:`ReviewModel` holds the logic (no browser needed): it runs
:func:`hearts.review.review_hand` once and renders the points the seat
really took (trick by trick), the decision table (costly decisions marked,
each cost with its uncertainty, and the points taken in that trick), a bar
chart of expected points per option for one decision with ±2 standard
error lines and a one-line takeaway (SVG), and a sentence about it, in
English or Spanish (numbers with the language's decimal mark). Tricks are
numbered from 1 here, for people; the DataFrames number them from 0.
:class:`HandReview` shows them with a picker for the decision.

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

import html
from typing import Any

import ipywidgets as W

from hearts.cards import Card
from hearts.display import card_svg, hand_svg, suit_color
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

__all__ = ["HandReview", "ReviewModel"]

_STYLE = """
<style>
.hearts-review { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1000px; }
.hearts-review .hr-title { font-size: 1.25em; font-weight: bold; margin: 4px 0; }
.hearts-review .hr-summary { background: #fff8e1; border: 2px solid #ffb300; border-radius: 10px;
  padding: 6px 12px; margin: 4px 0; }
.hearts-review table.hr-table { border-collapse: collapse; margin: 4px 0; }
.hearts-review table.hr-table th, .hearts-review table.hr-table td { padding: 2px 10px;
  border-bottom: 1px solid #ddd; text-align: left; }
.hearts-review table.hr-table td.hr-num { text-align: right; }
.hearts-review tr.hr-costly td { background: #ffebee; }
.hearts-review tr.hr-costly td.hr-cost { color: #b71c1c; font-weight: bold; }
.hearts-review tr.hr-selected td { outline: 2px solid #1565c0; }
.hearts-review .hr-explain { padding: 6px 10px; background: #eef5ee; border-radius: 8px; margin: 4px 0; }
.hearts-review .hr-points { margin: 2px 0; }
</style>
"""


def _n(x: float, lang: str) -> str:
    """One decimal, with the language's decimal mark (the project's number format)."""
    return number(float(x), lang, 1)


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
        self.selected = self._default_selection()

    # ----- state -------------------------------------------------------------------

    def _default_selection(self) -> int | None:
        if not len(self.decisions):
            return None
        idx: Any = self.decisions["cost"].astype(float).idxmax()
        return int(self.decisions.loc[idx, "decision"])

    def select(self, decision: int) -> None:
        """Show ``decision`` (its index, as in the ``decision`` column)."""
        if decision not in set(self.decisions["decision"]):
            raise ReviewError(f"no decision {decision!r}; this review has 0 to {len(self.decisions) - 1}", "decision")
        self.selected = int(decision)

    def _row(self, decision: int) -> Any:
        return self.decisions[self.decisions["decision"] == decision].iloc[0]

    # ----- text ----------------------------------------------------------------------

    def _n(self, x: float) -> str:
        return _n(x, self.lang)

    def _margin(self, se: float) -> str:
        """Half the width of the range shown with a cost: ``COSTLY_Z`` standard errors."""
        return "?" if se != se else self._n(COSTLY_Z * se)

    def _kind(self, kind: str) -> str:
        return text(f"review.kind.{kind}", self.lang)

    def _where(self, row: Any) -> str:
        """``"Play 3"`` (the trick, counted from 1) or ``"Pass"``."""
        if row["kind"] == "play":
            return f"{self._kind('play')} {int(row['trick']) + 1}"
        return self._kind(row["kind"])

    def _tip(self, name: Any) -> str:
        if not isinstance(name, str):
            return ""
        try:
            from hearts.bots.tips import tip_title

            return tip_title(name, self.lang)
        except Exception:  # an unknown tip name is shown as it is
            return name

    def title(self) -> str:
        """``"Review of South's decisions"``."""
        return text("review.title", self.lang, seat=seat_name(self.seat, self.lang))

    def points_text(self) -> str:
        """What really happened: the points the seat took, trick by trick (they add up to its points)."""
        return self.points.explain(self.lang)

    def summary(self) -> str:
        """How many decisions were costly and what they cost together."""
        d = self.decisions
        if not len(d):
            return text("review.empty", self.lang)
        bad = d[d["costly"]]
        return text_n(
            "review.summary",
            len(bad),
            self.lang,
            costly=len(bad),
            decisions=len(d),
            threshold=self._n(self.costly),
            total=self._n(float(bad["cost"].sum())),
        )

    def labels(self) -> list[tuple[str, int]]:
        """Picker entries: ``("Play 3: 9♦ (2.1) ⚠", 3)``."""
        out = []
        for _, row in self.decisions.iterrows():
            mark = " ⚠" if row["costly"] else ""
            out.append((f"{self._where(row)}: {row['chosen']} ({self._n(row['cost'])}){mark}", int(row["decision"])))
        return out

    def takeaway(self, decision: int | None = None) -> str:
        """One line on what the chart shows: was the choice costly, and how sure is that?"""
        decision = self.selected if decision is None else decision
        if decision is None:
            return text("review.empty", self.lang)
        row = self._row(decision)
        if row["forced"]:
            return text("review.takeaway.forced", self.lang)
        if row["chosen"] == row["best"]:
            return text("review.takeaway.same", self.lang)
        cost, se = float(row["cost"]), float(row["cost_se"])
        values = {
            "best": row["best"],
            "cost": self._n(cost),
            "margin": self._margin(se),
            "threshold": self._n(self.costly),
        }
        if row["costly"]:
            key = "costly"
        elif cost <= 0:
            key = "even"
        elif se != se or cost + COSTLY_Z * se > self.costly:
            key = "unclear"
        else:
            key = "small"
        return text(f"review.takeaway.{key}", self.lang, **values)

    def explanation(self, decision: int | None = None) -> str:
        """A few sentences about a decision: the choice, the expert's, the cost and the points really taken."""
        decision = self.selected if decision is None else decision
        if decision is None:
            return text("review.empty", self.lang)
        row = self._row(decision)
        if row["forced"]:
            out = f"{self._where(row)}: {row['chosen']} ({text('review.forced', self.lang)})."
        else:
            out = text(
                "review.explain",
                self.lang,
                where=self._where(row),
                chosen=row["chosen"],
                chosen_expected=self._n(row["chosen_expected"]),
                best=row["best"],
                best_expected=self._n(row["best_expected"]),
                cost=self._n(row["cost"]),
                margin=self._margin(float(row["cost_se"])),
            )
        if row["kind"] == "play":
            points = int(row["points"])
            out += " " + text_n("review.taken", points, self.lang, points=points)
        return out

    # ----- rendering -------------------------------------------------------------------

    def table_html(self) -> str:
        """The decisions as an HTML table; costly rows have class ``hr-costly`` and a ⚠ mark.

        The cost is shown with its range (± two standard errors); the last
        columns say how many points the seat really took in that trick.
        """
        d = self.decisions
        if not len(d):
            return f"<p>{html.escape(text('review.empty', self.lang))}</p>"
        cols = ("decision", "kind", "trick", "chosen", "best", "expected", "cost", "points", "tip")
        head = "".join(f"<th>{html.escape(text(f'review.column.{c}', self.lang))}</th>" for c in cols)
        rows = []
        for _, r in d.iterrows():
            cls = []
            if r["costly"]:
                cls.append("hr-costly")
            if r["decision"] == self.selected:
                cls.append("hr-selected")
            mark = f" ⚠ {html.escape(text('review.costly', self.lang))}" if r["costly"] else ""
            forced = bool(r["forced"])
            expected = "–" if forced else f"{self._n(r['chosen_expected'])} / {self._n(r['best_expected'])}"
            same = forced or r["chosen"] == r["best"]
            cost = self._n(0.0) if same else f"{self._n(r['cost'])} ± {self._margin(float(r['cost_se']))}"
            play = r["kind"] == "play"
            cells = [
                f'<td class="hr-num">{r["decision"]}</td>',
                f"<td>{html.escape(self._kind(r['kind']))}</td>",
                f'<td class="hr-num">{int(r["trick"]) + 1 if play else ""}</td>',
                f"<td>{html.escape(r['chosen'])}</td>",
                f"<td>{html.escape(r['best'])}</td>",
                f'<td class="hr-num">{expected}</td>',
                f'<td class="hr-num hr-cost">{cost}{mark}</td>',
                f'<td class="hr-num hr-taken">{int(r["points"]) if play else ""}</td>',
                f"<td>{html.escape(self._tip(r['tip']))}</td>",
            ]
            rows.append(f'<tr class="{" ".join(cls)}" data-decision="{r["decision"]}">{"".join(cells)}</tr>')
        return f'<table class="hr-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'

    def chart_svg(self, decision: int | None = None, *, width: float = 560) -> str:
        """Horizontal bars: expected points of each option of one decision (fewer is better).

        Each bar has a line for ± two standard errors of its estimate. The
        chosen option is drawn in orange, the expert's in green; each bar is
        labelled with its cards (suit-coloured) and its value. Under the
        title, a one-line takeaway (:meth:`takeaway`); under the bars, the
        axis: expected points for the seat in this hand.
        """
        decision = self.selected if decision is None else decision
        if decision is None:
            return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
        g = self.options[self.options["decision"] == decision].sort_values(["expected", "option"])
        row = self._row(decision)
        bar_h, gap, label_w, top = 20, 6, 130, 52
        height = top + len(g) * (bar_h + gap) + 28
        values = g["expected"].astype(float).fillna(0.0)
        spread = COSTLY_Z * g["stderr"].astype(float).fillna(0.0)
        lo = min(0.0, float((values - spread).min()))
        hi = max(1.0, float((values + spread).max()))
        scale = (width - label_w - 190) / (hi - lo)  # room for the value and its tag

        def x_of(v: float) -> float:
            return label_w + (v - lo) * scale

        title = text("review.chart.title", self.lang, where=self._where(row))
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" class="hr-chart" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
            f'<text x="4" y="18" font-size="14" font-weight="bold">{html.escape(title)}</text>',
            f'<text x="4" y="38" font-size="13" class="hr-takeaway">{html.escape(self.takeaway(decision))}</text>',
        ]
        y = top
        zero = x_of(0.0)
        for (_, r), value, err in zip(g.iterrows(), values, spread):
            color = "#2e7d32" if r["best"] else "#ef6c00" if r["chosen"] else "#90a4ae"
            tx = 4
            for code in str(r["option"]).split():
                c = Card.parse(code)
                parts.append(
                    f'<text x="{tx}" y="{y + 15}" font-size="14" fill="{suit_color(c.suit)}">'
                    f"{html.escape(str(c))}</text>"
                )
                tx += 12 + 9 * len(str(c))
            x0, x1 = sorted((zero, x_of(value)))
            w = max(1.0, x1 - x0)
            label = f"{r['option']}: {self._n(value)} ± {self._margin(err / COSTLY_Z)}"
            parts.append(
                f'<rect x="{x0:.1f}" y="{y}" width="{w:.1f}" height="{bar_h}" rx="3" fill="{color}" '
                f'data-option="{html.escape(str(r["codes"]))}">'
                f"<title>{html.escape(label)}</title></rect>"
            )
            end = x0 + w
            if err > 0:
                a, b, mid = x_of(value - err), x_of(value + err), y + bar_h / 2
                parts.append(
                    f'<path class="hr-err" d="M{a:.1f} {mid:.1f}H{b:.1f}M{a:.1f} {mid - 5:.1f}V{mid + 5:.1f}'
                    f'M{b:.1f} {mid - 5:.1f}V{mid + 5:.1f}" stroke="#37474f" stroke-width="1.5" fill="none"/>'
                )
                end = max(end, b)
            tags = []
            if r["chosen"]:
                tags.append(text("review.chart.chosen", self.lang))
            if r["best"]:
                tags.append(text("review.chart.best", self.lang))
            tag = f" ({', '.join(tags)})" if tags else ""
            parts.append(
                f'<text x="{end + 6:.1f}" y="{y + 15}" font-size="13">{self._n(value)}{html.escape(tag)}</text>'
            )
            y += bar_h + gap
        axis_y = y + 2
        parts.append(f'<path d="M{zero:.1f} {top - 4}V{axis_y}" stroke="#999" stroke-width="1"/>')
        axis = text("review.chart.axis", self.lang, seat=seat_name(self.seat, self.lang))
        parts.append(f'<text x="{label_w}" y="{height - 6}" font-size="12" fill="#555">{html.escape(axis)}</text>')
        parts.append("</svg>")
        return "".join(parts)

    def cards_html(self, decision: int | None = None) -> str:
        """The seat's hand at that decision, chosen cards raised and the expert's outlined."""
        decision = self.selected if decision is None else decision
        if decision is None:
            return ""
        kind, state, _ = self._steps[decision]
        row = self._row(decision)
        chosen = [Card.parse(c) for c in row["chosen"].split()]
        best = [Card.parse(c) for c in row["best"].split()]
        hand = state.hand_of(self.seat)
        legal = state.legal_moves_for(self.seat) if kind == "play" else hand
        dimmed = [c for c in hand if c not in legal]
        return hand_svg(hand, selected=chosen, highlighted=best, dimmed=dimmed, width=52, lang=self.lang)

    def best_card_svg(self, decision: int | None = None) -> str:
        """The expert's choice as card pictures."""
        decision = self.selected if decision is None else decision
        if decision is None:
            return ""
        row = self._row(decision)
        return "".join(card_svg(c, width=46, highlighted=True, lang=self.lang) for c in row["best"].split())


class HandReview(W.VBox):  # type: ignore[misc]
    """The review widget: title and summary, decision table, a picker, the chart and the hand.

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
            [W.HTML(_STYLE), self.header, self.table, pick_row, self.explain, self.chart, self.hand],
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
        self.table.value = m.table_html()
        self.explain.value = f'<div class="hr-explain">{html.escape(m.explanation())} {m.best_card_svg()}</div>'
        self.chart.value = m.chart_svg()
        self.hand.value = m.cards_html()
