"""Habit studies: South plays the same hands with and without one habit, and the difference is read by group.

The strategy notebooks (04–08) ask questions such as "does passing Q♠ pay when I hold few spades?". A
:class:`Study` answers them the same way each time: South plays ``n`` hands as one bot and then the same
hands as another, against the same field; each hand gives one paired difference (points with the habit
minus points without it), and groups of hands get a mean effect with its 95% t-interval, a plot, and a
sentence chosen by where that interval lies.

>>> s = Study(lang="es")
>>> s.num(0.256), s.side(-0.4, -0.1), s.side(-0.1, 0.2)
('0,26', 'better', 'unclear')
>>> mean, lo, hi = s.interval(pd.Series([1.0, 2.0, 3.0, 4.0]))
>>> s.num(mean), s.num(lo), s.num(hi)
('2,50', '0,45', '4,55')
"""

from __future__ import annotations

import copy
import dataclasses
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import pandas as pd

from hearts.bots.registry import BotSpec, as_bot, bot_label, same_bot
from hearts.messages import check_language, figures, number, text
from hearts.selfplay import play_hands
from hearts.stats import t_interval

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from hearts.selfplay import SelfPlayResult

__all__ = ["Study", "UnsupportedClaim", "readable"]


def readable(frame: pd.DataFrame, lang: str = "en", digits: int = 2) -> pd.DataFrame:
    """``frame`` for display: each float column written with its own decimals, enough that none hides a sign.

    Use it instead of ``frame.round(2)``: a rounded table shows an interval end
    of -0.003 as "-0.00" or "0.00", as if the interval touched zero. Each
    float column gets ``digits`` decimals, or more when a value other than
    zero would read 0 (:func:`hearts.messages.figures`), in the reader's way
    (a decimal comma in Spanish). Other columns and the index are kept; the
    float columns become text, so compute first and call this last.

    >>> t = pd.DataFrame({"effect": [0.41, -0.0012], "ci_low": [0.004, -0.5], "hands": [10, 12]})
    >>> readable(t)
        effect ci_low  hands
    0   0.410  0.004     10
    1  -0.001 -0.500     12
    >>> readable(t, "es", 1)["ci_low"].tolist()
    ['0,004', '-0,500']
    """
    lang = check_language(lang)
    out = frame.copy()
    for i in range(frame.shape[1]):
        values = frame.iloc[:, i]
        if pd.api.types.is_float_dtype(values.dtype):
            written = figures([float(v) for v in values], lang, digits)
            present = values.notna()
            out.isetitem(i, [s if ok else v for s, v, ok in zip(written, values, present, strict=True)])
    return out


class UnsupportedClaim(AssertionError):
    """A sentence of a notebook that the data in front of the reader do not support (the notebook stops)."""


def _own_label(bot: Any, field: Any) -> Any:
    """South's bot, labelled ``'… (South)'`` when it is another bot than the field's under the same label.

    Self-play refuses two different bots under one label (their rows would be
    pooled), as with a rule bot without one tip in a field of rule bots.

    >>> from hearts.bots import RuleBot, Tips
    >>> bot_label(_own_label(RuleBot(tips=Tips().without("flush_queen")), "rule")), _own_label("rule", "rule")
    ('Rule bot (South)', 'rule')
    """
    south, others = as_bot(bot), as_bot(field)
    if bot_label(south) != bot_label(others) or same_bot(south, others):
        return bot
    label = f"{bot_label(south)} (South)"
    if isinstance(south, BotSpec):
        return dataclasses.replace(south, label=label)
    named = copy.deepcopy(south)
    named.name = label
    return named


@dataclasses.dataclass(frozen=True)
class Study:
    """Paired runs of South's habits, in the reader's language.

    ``seed`` and ``workers`` are passed to :func:`~hearts.selfplay.play_hands`; the same seed plays the same
    deals on every machine, whatever the number of workers.
    """

    lang: str = "en"
    seed: int = 0
    workers: int | None = 1

    def __post_init__(self) -> None:
        check_language(self.lang)

    def num(self, x: float, digits: int = 2) -> str:
        """A number written the reader's way (decimal comma in Spanish); also the tables' float format."""
        return number(x, self.lang, digits)

    def table(self, frame: pd.DataFrame, digits: int = 2) -> pd.DataFrame:
        """``frame`` ready to show in the reader's language, no interval end hiding its sign (:func:`readable`).

        >>> Study(lang="es").table(pd.DataFrame({"ci_low": [-0.003, 0.52]}))["ci_low"].tolist()
        ['-0,003', '0,520']
        """
        return readable(frame, self.lang, digits)

    @staticmethod
    def interval(diffs: pd.Series) -> tuple[float, float, float]:
        """The mean of paired differences and its 95% t-interval: ``(mean, low, high)``."""
        lo, hi = t_interval(diffs)
        return float(np.mean(diffs)) if len(diffs) else float("nan"), lo, hi

    @staticmethod
    def side(lo: float, hi: float) -> str:
        """``'better'`` if the whole interval is below zero (fewer points), ``'worse'`` if above, else ``'unclear'``."""
        return "better" if hi < 0 else "worse" if lo > 0 else "unclear"

    def takeaway(self, key: str, mean: float, lo: float, hi: float) -> str:
        """The sentence ``key.better``, ``key.worse`` or ``key.unclear``, chosen by the interval ``(lo, hi)``.

        >>> Study(lang="es").takeaway("tut.pass.group", -0.5, -0.7, -0.3) == text(
        ...     "tut.pass.group.better", "es", effect="0,50", lo="0,30", hi="0,70")
        True
        """
        verdict = self.side(lo, hi)
        if verdict == "better":
            lo, hi = -hi, -lo
        effect, low, high = figures([abs(mean), lo, hi], self.lang)
        return text(f"{key}.{verdict}", self.lang, effect=effect, lo=low, hi=high)

    def check(self, claim: str, lo: float, hi: float, expected: str) -> None:
        """Print that the data support the sentence ``claim`` (``expected`` side of zero), or raise
        :class:`UnsupportedClaim` naming it, so that a notebook never states what its own data contradict."""
        low, high = figures([lo, hi], self.lang)
        values = {"claim": text(claim, self.lang), "lo": low, "hi": high}
        if self.side(lo, hi) != expected:
            raise UnsupportedClaim(text("tut.strategy.unsupported", self.lang, **values))
        print(text("tut.strategy.supported", self.lang, **values))

    def south_pairs(
        self,
        bot: Any,
        baseline: Any,
        n_hands: int,
        detail: Literal["hands", "tricks", "plays"] = "hands",
        field: Any = "rule",
    ) -> tuple[pd.DataFrame, list[SelfPlayResult]]:
        """Play the same hands with South as ``bot``, then as ``baseline``; ``field`` bots in the other seats.

        Returns South's rows of the first run indexed by deal, with ``score_without``, ``took_qs_without``
        and ``diff`` (score with minus score without), and both runs.
        """
        runs = [
            play_hands([_own_label(b, field), field, field, field], n_hands, seed=self.seed, workers=self.workers,
                       progress=False, detail=detail)
            for b in (bot, baseline)
        ]
        south = [run.hands[run.hands["seat"] == "South"].set_index("deal") for run in runs]
        pairs = south[0].assign(
            score_without=south[1]["score"],
            took_qs_without=south[1]["took_qs"],
            diff=south[0]["score"] - south[1]["score"],
        )
        return pairs, runs

    def effect_by(self, pairs: pd.DataFrame, column: str) -> pd.DataFrame:
        """Per group of ``column``: hands, mean score with and without the habit, the effect and its 95% interval."""
        rows = []
        for key, group in pairs.groupby(column, observed=True, sort=True):
            mean, lo, hi = self.interval(group["diff"])
            rows.append({column: key, "hands": len(group), "score": group["score"].mean(),
                         "score_without": group["score_without"].mean(), "effect": mean, "ci_low": lo,
                         "ci_high": hi})
        return pd.DataFrame(rows).set_index(column)

    def plot_groups(self, table: pd.DataFrame, title: str, ylabel: str) -> Axes:
        """Effect per group (groups of more than one hand) with its 95% error bar, in points per hand."""
        import matplotlib.pyplot as plt

        table = table[table["hands"] > 1]
        fig, ax = plt.subplots(figsize=(7.5, 1.4 + 0.45 * len(table)))
        y = np.arange(len(table))[::-1]
        errors = [table["effect"] - table["ci_low"], table["ci_high"] - table["effect"]]
        ax.errorbar(table["effect"], y, xerr=errors, fmt="o", capsize=4)
        ax.axvline(0.0, color="black", linewidth=0.8)
        ax.set_yticks(y, [str(label) for label in table.index])
        ax.set_xlabel(text("experiment.axis.effect", self.lang))
        ax.set_ylabel(ylabel)
        ax.set_title(title, fontsize=10, wrap=True)
        fig.tight_layout()
        return ax
