"""The hand review widget: which decisions cost points, and what the options were worth.

:class:`ReviewModel` holds the logic (no browser needed): it runs
:func:`hearts.review.review_hand` once and renders the decision table (costly
decisions marked), a bar chart of expected points per option for one
decision (SVG), and a sentence about it, in English or Spanish.
:class:`HandReview` shows them with a picker for the decision.

>>> from hearts import Deal, HandState
>>> from hearts.bots.random_bot import RandomBot
>>> h = HandState(Deal.from_number(11))
>>> bots = [RandomBot(seed=s) for s in range(4)]
>>> for seat in range(4):
...     h.push_pass(seat, bots[seat].choose_pass(h.observation(seat)).mask)
>>> while not h.is_over:
...     h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
>>> m = ReviewModel(h, 0, lang="es", worlds=4, pass_worlds=2)
>>> "Repaso de las decisiones de Sur" in m.title()
True
>>> m.select(3)
>>> m.chart_svg().startswith("<svg")
True
>>> w = HandReview(h, 0, worlds=4, pass_worlds=2)
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
from hearts.messages import seat_name, text, text_n
from hearts.review import COSTLY, decision_table, replay_decisions, review_hand

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
</style>
"""


def _n(x: float) -> str:
    return f"{x:.1f}"


class ReviewModel:
    """The review of one seat's decisions in a finished hand, ready to show.

    ``hand``: a finished :class:`~hearts.hand.HandState` or a hand record;
    ``seat``: whose decisions; ``worlds``/``pass_worlds``/``seed``: the
    expert's sampling (see :func:`hearts.review.review_hand`); ``costly``:
    the cost in expected points above which a decision is marked.
    ``review`` reuses a DataFrame already computed by ``review_hand``.
    """

    def __init__(
        self,
        hand: Any,
        seat: int = 0,
        *,
        lang: str = "en",
        worlds: int | None = None,
        pass_worlds: int | None = None,
        seed: int = 0,
        costly: float = COSTLY,
        review: Any = None,
    ) -> None:
        text("review.title", lang, seat="")  # checks the language
        self.seat = seat
        self.lang = lang
        self.costly = costly
        self._steps = replay_decisions(hand, seat)
        if review is None:
            kw: dict[str, Any] = {"seed": seed}
            if worlds is not None:
                kw["worlds"] = worlds
            if pass_worlds is not None:
                kw["pass_worlds"] = pass_worlds
            review = review_hand(hand, seat, **kw)
        self.options = review
        self.decisions = decision_table(review, costly=costly) if len(review) else decision_table(review)
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
            raise ValueError(f"no decision {decision!r}; this review has 0 to {len(self.decisions) - 1}")
        self.selected = int(decision)

    # ----- text ----------------------------------------------------------------------

    def _kind(self, kind: str) -> str:
        return text(f"review.kind.{kind}", self.lang)

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
            threshold=_n(self.costly),
            total=_n(float(bad["cost"].sum())),
        )

    def labels(self) -> list[tuple[str, int]]:
        """Picker entries: ``("Play 3 (trick 3): 9♦, cost 2.1 ⚠", 3)``."""
        out = []
        row: Any  # pandas rows are untyped
        for row in self.decisions.itertuples():
            mark = " ⚠" if row.costly else ""
            where = f"{self._kind(row.kind)} {row.trick}" if row.kind == "play" else self._kind(row.kind)
            out.append((f"{where}: {row.chosen} ({_n(row.cost)}){mark}", int(row.decision)))
        return out

    def explanation(self, decision: int | None = None) -> str:
        """One sentence about a decision: what was chosen, what the expert prefers, the cost."""
        decision = self.selected if decision is None else decision
        if decision is None:
            return text("review.empty", self.lang)
        row = self.decisions[self.decisions["decision"] == decision].iloc[0]
        number = row["trick"] if row["kind"] == "play" else ""
        if row["forced"]:
            return f"{self._kind(row['kind'])} {number}: {row['chosen']} ({text('review.forced', self.lang)})."
        return text(
            "review.explain",
            self.lang,
            kind=self._kind(row["kind"]),
            number=number,
            chosen=row["chosen"],
            chosen_expected=_n(row["chosen_expected"]),
            best=row["best"],
            best_expected=_n(row["best_expected"]),
            cost=_n(row["cost"]),
        ).replace(" :", ":")

    # ----- rendering -------------------------------------------------------------------

    def table_html(self) -> str:
        """The decisions as an HTML table; costly rows have class ``hr-costly`` and a ⚠ mark."""
        d = self.decisions
        if not len(d):
            return f"<p>{html.escape(text('review.empty', self.lang))}</p>"
        cols = ("decision", "kind", "trick", "chosen", "best", "expected", "cost", "tip")
        head = "".join(f"<th>{html.escape(text(f'review.column.{c}', self.lang))}</th>" for c in cols)
        rows = []
        r: Any  # pandas rows are untyped
        for r in d.itertuples():
            cls = []
            if r.costly:
                cls.append("hr-costly")
            if r.decision == self.selected:
                cls.append("hr-selected")
            mark = f" ⚠ {html.escape(text('review.costly', self.lang))}" if r.costly else ""
            expected = f"{_n(r.chosen_expected)} / {_n(r.best_expected)}" if not r.forced else "–"
            cells = [
                f'<td class="hr-num">{r.decision}</td>',
                f"<td>{html.escape(self._kind(r.kind))}</td>",
                f'<td class="hr-num">{r.trick if r.kind == "play" else ""}</td>',
                f"<td>{html.escape(r.chosen)}</td>",
                f"<td>{html.escape(r.best)}</td>",
                f'<td class="hr-num">{expected}</td>',
                f'<td class="hr-num hr-cost">{_n(r.cost)}{mark}</td>',
                f"<td>{html.escape(self._tip(r.tip))}</td>",
            ]
            rows.append(f'<tr class="{" ".join(cls)}" data-decision="{r.decision}">{"".join(cells)}</tr>')
        return f'<table class="hr-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'

    def chart_svg(self, decision: int | None = None, *, width: float = 560) -> str:
        """Horizontal bars: expected points of each option of one decision (fewer is better).

        The chosen option is drawn in orange, the expert's in green; each
        bar is labelled with its cards (suit-coloured) and its value.
        """
        decision = self.selected if decision is None else decision
        if decision is None:
            return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
        g = self.options[self.options["decision"] == decision].sort_values(["expected", "option"])
        row = self.decisions[self.decisions["decision"] == decision].iloc[0]
        bar_h, gap, label_w, top = 20, 6, 130, 34
        height = top + len(g) * (bar_h + gap) + 24
        vmax = max(1.0, float(g["expected"].fillna(0).max()))
        scale = (width - label_w - 190) / vmax  # room for the value and its tag
        number = row["trick"] if row["kind"] == "play" else ""
        title = text("review.chart.title", self.lang, kind=self._kind(row["kind"]), number=number)
        title = title.replace(" :", ":")
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" class="hr-chart" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
            f'<text x="4" y="18" font-size="14" font-weight="bold">{html.escape(title)}</text>',
        ]
        y = top
        for r in g.itertuples():
            value = 0.0 if r.expected != r.expected else float(r.expected)  # nan for a forced card
            color = "#2e7d32" if r.best else "#ef6c00" if r.chosen else "#90a4ae"
            x = label_w
            tx = 4
            for code in str(r.option).split():
                c = Card.parse(code)
                parts.append(
                    f'<text x="{tx}" y="{y + 15}" font-size="14" fill="{suit_color(c.suit)}">'
                    f"{html.escape(str(c))}</text>"
                )
                tx += 12 + 9 * len(str(c))
            w = max(1.0, value * scale)
            parts.append(
                f'<rect x="{x}" y="{y}" width="{w:.1f}" height="{bar_h}" rx="3" fill="{color}" '
                f'data-option="{html.escape(str(r.codes))}">'
                f"<title>{html.escape(str(r.option))}: {_n(value)}</title></rect>"
            )
            tags = []
            if r.chosen:
                tags.append(text("review.chart.chosen", self.lang))
            if r.best:
                tags.append(text("review.chart.best", self.lang))
            tag = f" ({', '.join(tags)})" if tags else ""
            parts.append(f'<text x="{x + w + 6:.1f}" y="{y + 15}" font-size="13">{_n(value)}{html.escape(tag)}</text>')
            y += bar_h + gap
        axis = text("review.column.expected", self.lang)
        parts.append(f'<text x="{label_w}" y="{height - 6}" font-size="12" fill="#555">{html.escape(axis)}</text>')
        parts.append("</svg>")
        return "".join(parts)

    def cards_html(self, decision: int | None = None) -> str:
        """The seat's hand at that decision, chosen cards raised and the expert's outlined."""
        decision = self.selected if decision is None else decision
        if decision is None:
            return ""
        kind, state, _ = self._steps[decision]
        row = self.decisions[self.decisions["decision"] == decision].iloc[0]
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
        row = self.decisions[self.decisions["decision"] == decision].iloc[0]
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
        pick_row = W.HBox([W.HTML(html.escape(text("review.pick", lang))), self.picker])
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
            f'<div class="hr-summary">{html.escape(m.summary())}</div>'
        )
        self.table.value = m.table_html()
        self.explain.value = f'<div class="hr-explain">{html.escape(m.explanation())} {m.best_card_svg()}</div>'
        self.chart.value = m.chart_svg()
        self.hand.value = m.cards_html()
