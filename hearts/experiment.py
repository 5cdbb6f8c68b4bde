"""A/B experiments: does one strategy take fewer points than another?

:func:`compare` plays two strategies, A and B, on the same deals
(duplicate deals, common random numbers). For every deal and every seat
``s`` it plays the hand twice: once with A in seat ``s`` and once with B in
seat ``s``, the other seats held by the same *field* of bots with the same
random seeds both times. The per-deal difference is B's average score over
the seats minus A's, so luck of the cards cancels out; the effect is the
mean difference in **points per hand**, with a t-interval over deals (95%
by default: ``confidence=``).

:func:`tip_experiment` is the ready experiment for one of the nine tips of
the rule bot: the rule bot with the tip (B) against the same bot without it
(A). A negative effect means the tip saves points. :func:`tip_experiments`
runs several tips on the same deals as a :class:`TipFamily`, which speaks
only through Holm's adjustment for testing them at once: its table, sentences
and plot give the adjusted intervals and verdicts.

One convention in every result of the package: an effect is B minus A (the
tested strategy minus the one it is compared with), its interval ``ci_low``
to ``ci_high``; a printed interval end has enough decimals that no value but
zero reads 0.

Whole games. Some tips only matter through the game score: giving Q♠ to
the player with the fewest points, or the moon decisions. With
``unit="games"`` the experiment plays ``n_games`` whole games instead
(:class:`GameExperimentResult`): game ``g`` is played with A in seat ``s``
and again with B in seat ``s``, for every seat, on the same deal sequence
with the same bot seeds (as :func:`hearts.selfplay.play_games` would play
game ``g``). Per game it reports the tested strategy's win share and final
score, averaged over the seats; a game won jointly by ``k`` players counts
``1/k`` win for each of them, so the win shares of a game add up to 1.

>>> r = compare("random", "rule", n_deals=6, field="random", workers=1, progress=False)
>>> r.n_deals, r.verdict
(6, 'better')

Two strategies that never play differently give an interval of width zero;
that is no evidence they are equal, and the result says so (with an
:class:`ExperimentWarning`):

>>> import textwrap, warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     same = compare("random", "random", n_deals=6, field="random", workers=1, progress=False)
>>> same.ci, caught[0].category.__name__
((0.0, 0.0), 'ExperimentWarning')
>>> print(textwrap.fill(same.takeaway(), 100))
Random and Random played all 24 paired hands exactly alike, so these data cannot tell them apart:
the interval of width zero is no evidence that they are equal, only that these deals never gave them
a reason to differ.
"""

from __future__ import annotations

import dataclasses
import json
import math
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, Unpack, overload

import numpy as np
import pandas as pd

from hearts import files
from hearts.bots.registry import (
    BotLike,
    BotSpec,
    Seating,
    as_bot,
    bot_label,
    bot_spec,
    broken_pool_message,
    check_labels,
    local_workers_for,
)
from hearts.bots.rule_bot import RuleBot
from hearts.bots.tips import HABIT_NAMES, TIP_NAMES, Tips, tip_title
from hearts.columns import data_dictionary
from hearts.deal import Deal
from hearts.errors import HeartsError, SelfPlayError
from hearts.game import Game
from hearts.hand import HandState
from hearts.messages import bot_name, catalogue, check_language, figures, number, percent, text, text_n
from hearts.parallel import ParallelError, WorkerError, run_tasks
from hearts.plotting import TITLE_SIZE, fit_title
from hearts.rules import Rules
from hearts.runs import Run, RunOptions
from hearts.selfplay import (
    PASS_DTYPE,
    hand_seeds,
    parquet_set_id,
    play_out,
    read_info,
    read_parquet,
    reads_results,
    writable_folder,
    write_parquet,
)
from hearts.stats import holm, holm_levels, t_interval, t_pvalue, t_quantile
from hearts.tip_fields import estimate_time, rare_note, tip_field, tip_field_note

__all__ = [
    "ExperimentError",
    "ExperimentResult",
    "ExperimentWarning",
    "GameExperimentResult",
    "TipFamily",
    "announce_time",
    "compare",
    "plot_effects",
    "plot_game_effects",
    "t_interval",
    "table_number",
    "t_quantile",
    "tip_experiment",
    "tip_experiments",
]

_PASS_CODES = list(PASS_DTYPE.categories)
_MEASURES = ("score", "points")
_UNITS = ("hands", "games")


class ExperimentError(SelfPlayError):
    """A bad experiment option; ``.option`` names it."""


class ExperimentWarning(UserWarning):
    """An experiment whose data cannot say what its interval seems to say (e.g. no paired hand differed)."""


def _warn_if_identical(result: ExperimentResult | GameExperimentResult, stacklevel: int = 3) -> None:
    """Warn when A and B never played differently: an interval of width zero there is no evidence."""
    if result.identical:
        warnings.warn(result.identical_sentence("en"), ExperimentWarning, stacklevel=stacklevel)


class CompareOptions(RunOptions, total=False):
    """The keyword options of :func:`compare` besides ``unit`` (see its docstring); the run options too."""

    n_deals: int | None
    n_games: int | None
    field: BotLike | Sequence[BotLike]
    measure: str
    confidence: float
    meta: dict[str, Any] | None


# ----- the result ------------------------------------------------------------


def _level(confidence: float, lang: str = "en") -> str:
    """The confidence level as a percentage, written the reader's way.

    >>> _level(0.95), _level(0.5), _level(0.975, "es")
    ('95', '50', '97,5')
    """
    s = f"{round(100 * confidence, 6):g}"
    return s.replace(".", ",") if lang == "es" else s


def _adjusted_level(confidence: float, lang: str) -> str:
    """A Holm-adjusted confidence level as a percentage with one decimal (as the table's ``level`` rounds it).

    >>> _adjusted_level(0.994444, "en"), _adjusted_level(0.9928571, "es"), _adjusted_level(float("nan"), "en")
    ('99.4', '99,3', '?')
    """
    if math.isnan(confidence):
        return "?"
    return number(100 * confidence, lang, 1)


def table_number(x: float, lang: str = "en", digits: int = 3) -> str:
    """A number for a results table: ``digits`` decimals, more (up to 6) when a value other than zero would read 0.

    Below a millionth it is written in scientific notation, so a tiny p-value does not print as 0:

    >>> table_number(0.0003), table_number(-0.25, "es"), table_number(0.0), table_number(3.2e-9, "es")
    ('0.0003', '-0,250', '0.000', '3,2e-09')
    """
    return figures([x], lang, digits)[0]


def _levels(results: Sequence[Any], lang: str) -> str:
    """The confidence level of several results: one number, or each distinct one ('90/95')."""
    return "/".join(dict.fromkeys(_level(r.confidence, lang) for r in results))


def _cap(sentence: str) -> str:
    """``sentence`` with its first letter upper case (a sentence may start with a strategy's name).

    >>> _cap("following “x” against not following it")
    'Following “x” against not following it'
    """
    return sentence[:1].upper() + sentence[1:]


def _field_name(meta: dict[str, Any], lang: str) -> str:
    """The field's bots, named in ``lang`` (the built-in bots translated)."""
    return ", ".join(bot_name(x, lang) for x in str(meta.get("field", "?")).split(", "))


def _field_note(meta: dict[str, Any], unit: str, lang: str, a: str, b: str) -> str:
    """When B is the field itself (a tip experiment), the line that says what that fixes by construction.

    It names the two strategies (``a``, ``b``) as the summary above it does.
    """
    if not meta.get("b_is_field"):
        return ""
    seats = int(meta.get("num_players", 4))
    share = number(100 / seats, lang, 1)
    key = f"experiment.note.b_is_field.{'tip.' if meta.get('tip') else ''}{unit}"
    note = text(key, lang, seats=seats, share=share, a=a, b=b)
    return _cap(note) + "\n"


def _tip_notes(result: ExperimentResult | GameExperimentResult, lang: str) -> str:
    """A tip experiment's notes on its field and on how seldom the tip was put to the test (see
    :mod:`hearts.tip_fields`), each on a line of its own after the summary."""
    table = result.deals if isinstance(result, ExperimentResult) else None
    notes = [tip_field_note(result.meta, lang), rare_note(result.meta, result.changed_share, table, lang)]
    return "".join("\n" + n for n in notes if n)


def _names(a: str, b: str, meta: dict[str, Any], lang: str) -> tuple[str, str, str | None]:
    """The names of A and B (and the tip's title) in ``lang``."""
    tip = meta.get("tip")
    if tip:
        title = tip_title(tip, lang)
        return (
            text("experiment.without_tip", lang, tip=title),
            text("experiment.with_tip", lang, tip=title),
            title,
        )
    return bot_name(a, lang), bot_name(b, lang), None


def _unadjusted_note(meta: dict[str, Any], lang: str) -> str:
    """For a tip tested in a :class:`TipFamily`: its own interval and verdict are not Holm's ('' otherwise)."""
    n = int(meta.get("family_tips", 1))
    return " " + text("experiment.note.unadjusted", lang, n=n) if n > 1 else ""


def _paired_ci(diffs: pd.Series, confidence: float) -> tuple[float, float]:
    """The t-interval of the mean of paired differences (NaN with fewer than two)."""
    return t_interval(diffs, confidence)


@dataclasses.dataclass
class ExperimentResult:
    """The outcome of an A/B experiment.

    ``deals`` has one row per deal: ``deal`` (index), ``deal_number`` and
    ``hand_number`` (replay with ``Deal.from_number``), ``pass_direction``,
    ``a_points`` and ``b_points`` (the strategy's mean score per hand over
    the seats it sat in), ``diff`` (``b_points - a_points``) and ``changed``
    (in how many of the seat rotations the two runs ended differently).

    ``effect`` is the mean of ``diff``: B's points per hand minus A's
    (negative: B takes fewer points, which is better).
    """

    a: str
    b: str
    deals: pd.DataFrame
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)
    confidence: float = 0.95

    @staticmethod
    def data_dictionary() -> pd.DataFrame:
        """The columns of :attr:`deals`: dtype, unit and meaning (see :mod:`hearts.columns`)."""
        return data_dictionary("deals")

    @property
    def n_deals(self) -> int:
        """How many deals were played (each one 2 × seats hands)."""
        return len(self.deals)

    @property
    def effect(self) -> float:
        """Mean points per hand of B minus A."""
        return float(self.deals["diff"].mean()) if self.n_deals else math.nan

    @property
    def std_error(self) -> float:
        """Standard error of :attr:`effect` (paired differences over deals)."""
        if self.n_deals < 2:
            return math.nan
        return float(self.deals["diff"].std(ddof=1)) / math.sqrt(self.n_deals)

    @property
    def ci(self) -> tuple[float, float]:
        """The confidence interval of :attr:`effect` (t-interval at :attr:`confidence`, 95% by default)."""
        if self.n_deals < 2:
            return (math.nan, math.nan)
        half = t_quantile(0.5 + self.confidence / 2, self.n_deals - 1) * self.std_error
        return (self.effect - half, self.effect + half)

    @property
    def half_width(self) -> float:
        """Half the width of :attr:`ci`, in points per hand."""
        lo, hi = self.ci
        return (hi - lo) / 2

    @property
    def a_points(self) -> float:
        """A's mean score per hand."""
        return float(self.deals["a_points"].mean())

    @property
    def b_points(self) -> float:
        """B's mean score per hand."""
        return float(self.deals["b_points"].mean())

    @property
    def verdict(self) -> str:
        """``'better'`` (B takes fewer points), ``'worse'`` or ``'unclear'`` (the interval holds zero)."""
        lo, hi = self.ci
        if hi < 0:
            return "better"
        if lo > 0:
            return "worse"
        return "unclear"

    def _names(self, lang: str) -> tuple[str, str, str | None]:
        return _names(self.a, self.b, self.meta, lang)

    @property
    def p_value(self) -> float:
        """Two-sided p-value of the paired t-test of :attr:`effect` (the test that goes with :attr:`ci`)."""
        return t_pvalue(self.deals["diff"])

    @property
    def identical(self) -> bool:
        """True when A and B ended every paired hand the same way: the data hold no comparison at all."""
        return self.n_deals > 0 and int(self.deals["changed"].sum()) == 0

    def identical_sentence(self, lang: str = "en") -> str:
        """The plain sentence for :attr:`identical` data: what they cannot tell."""
        a, b, _ = self._names(lang)
        hands = self.n_deals * int(self.meta.get("num_players", 4))
        return _cap(text("experiment.identical", lang, a=a, b=b, hands=hands))

    def takeaway(self, lang: str = "en") -> str:
        """One sentence that says what the interval shows, and no more (or what the data cannot tell)."""
        check_language(lang, ExperimentError)
        if self.identical:
            return self.identical_sentence(lang)
        a, b, tip = self._names(lang)
        lo, hi = self.ci
        verdict = "unclear" if math.isnan(lo) else self.verdict
        effect, lo_s, hi_s = figures([self.effect, lo, hi], lang)
        key = f"experiment.takeaway.{'tip_' if tip else ''}{verdict}"
        level = _level(self.confidence, lang)
        said = _cap(text(key, lang, a=a, b=b, tip=tip, effect=effect, lo=lo_s, hi=hi_s, level=level))
        return said + _unadjusted_note(self.meta, lang)

    def summary(self, lang: str = "en") -> str:
        """A short report in English (``'en'``) or Spanish (``'es'``)."""
        check_language(lang, ExperimentError)
        a, b, tip = self._names(lang)
        if tip:  # the tip is named once; the two sides are "following it" and "not following it"
            a, b = text("experiment.without_it", lang), text("experiment.with_it", lang)
        lo, hi = self.ci
        effect, lo_s, hi_s = figures([self.effect, lo, hi], lang)
        head = text(
            "experiment.summary.tip" if tip else "experiment.summary",
            lang,
            tip=tip,
            a=a,
            b=b,
            n=self.n_deals,
            seats=self.meta.get("num_players", 4),
            field=_field_name(self.meta, lang),
            a_points=number(self.a_points, lang),
            b_points=number(self.b_points, lang),
            effect=effect,
            lo=lo_s,
            hi=hi_s,
            changed=percent(self.changed_share, lang),
            level=_level(self.confidence, lang),
        )
        note = _field_note(self.meta, "hands", lang, a, b)
        return _cap(head) + "\n" + note + self.takeaway(lang) + _tip_notes(self, lang)

    @property
    def changed_share(self) -> float:
        """Share of the paired hands whose outcome differed between A and B."""
        seats: int = self.meta.get("num_players", 4)
        return float(self.deals["changed"].sum()) / max(1, seats * self.n_deals)

    def plot(self, ax: Any = None, lang: str = "en") -> Any:
        """The effect with its error bar (the interval at :attr:`confidence`), in points per hand (an ``Axes``)."""
        return plot_effects([self], ax=ax, lang=lang)

    def to_parquet(self, directory: str | Path) -> Path:
        """Write ``deals.parquet`` and ``experiment.json`` into ``directory``."""
        d = writable_folder(directory, ExperimentError)
        set_id = files.new_set_id()  # in both files: a pair left half-renamed by a kill is refused when read
        with files.replacing(d / "deals.parquet", d / "experiment.json") as (table_tmp, info_tmp):
            write_parquet(self.deals, table_tmp, set_id=set_id)
            info = {"a": self.a, "b": self.b, "confidence": self.confidence, "meta": self.meta, files.SET_FIELD: set_id}
            info["effect"], info["ci"], info["n_deals"] = self.effect, list(self.ci), self.n_deals
            info_tmp.write_text(json.dumps(info, indent=2, sort_keys=True), encoding="utf-8")
        return d

    @classmethod
    @reads_results("experiment.json", ["deals.parquet"], ExperimentError)
    def from_parquet(cls, directory: str | Path) -> ExperimentResult:
        """Read what :meth:`to_parquet` wrote.

        Files from two different saves (one killed between its renames) are
        refused with :class:`hearts.files.FileContentError` (``'mixed_set'``)
        naming the file.
        """
        d = Path(directory)
        if not (d / "deals.parquet").is_file() or not (d / "experiment.json").is_file():
            raise ExperimentError(f"{d} holds no experiment: expected deals.parquet and experiment.json", "directory")
        info = read_info(d / "experiment.json", ExperimentError, ("a", "b"))
        files.check_set([(d / "deals.parquet", parquet_set_id(d / "deals.parquet")),
                         (d / "experiment.json", info.get(files.SET_FIELD))])  # fmt: skip
        deals = read_parquet(d / "deals.parquet")
        deals["pass_direction"] = deals["pass_direction"].astype(PASS_DTYPE)
        return cls(info["a"], info["b"], deals, info.get("meta", {}), info.get("confidence", 0.95))

    def __repr__(self) -> str:
        lo, hi = self.ci
        return (
            f"<ExperimentResult {self.b!r} - {self.a!r}: {self.effect:+.3f} points per hand "
            f"({_level(self.confidence)}% CI {lo:+.3f} to {hi:+.3f}), {self.n_deals} deals>"
        )


@dataclasses.dataclass
class GameExperimentResult:
    """The outcome of a whole-game A/B experiment (``compare(..., unit="games")``).

    ``games`` has one row per game: ``game`` (index), ``game_number``
    (replay with ``Game(game_number, rules)``), and for each strategy
    (``a_`` and ``b_``), averaged over the seats it was tested in:

    - ``a_win``, ``b_win``: its share of the win, 0 to 1 (a win shared by
      ``k`` players counts ``1/k``);
    - ``a_score``, ``b_score``: its final score (lower is better);
    - ``a_hands``, ``b_hands``: hands played in the games of that strategy,
      summed over the seats;

    then ``win_diff`` (``b_win - a_win``), ``score_diff`` (``b_score -
    a_score``) and ``changed`` (in how many seat rotations the two games
    ended with different totals).

    >>> from hearts import Rules
    >>> r = compare("random", "rule", unit="games", n_games=3, field="random",
    ...             rules=Rules(target_score=30), workers=1, progress=False)
    >>> r.n_games, list(r.games.columns[:4])
    (3, ['game', 'game_number', 'a_win', 'b_win'])
    """

    a: str
    b: str
    games: pd.DataFrame
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)
    confidence: float = 0.95

    @staticmethod
    def data_dictionary() -> pd.DataFrame:
        """The columns of :attr:`games`: dtype, unit and meaning (see :mod:`hearts.columns`)."""
        return data_dictionary("experiment_games")

    @property
    def n_games(self) -> int:
        """How many games were played (each one 2 × seats times)."""
        return len(self.games)

    def _mean(self, column: str) -> float:
        return float(self.games[column].mean()) if self.n_games else math.nan

    @property
    def win_effect(self) -> float:
        """B's share of games won minus A's (0 to 1 scale; positive: B wins more)."""
        return self._mean("win_diff")

    @property
    def win_ci(self) -> tuple[float, float]:
        """The confidence interval of :attr:`win_effect` (paired t-interval over games)."""
        return _paired_ci(self.games["win_diff"], self.confidence)

    @property
    def score_effect(self) -> float:
        """B's mean final score minus A's (negative: B ends lower, which is better)."""
        return self._mean("score_diff")

    @property
    def score_ci(self) -> tuple[float, float]:
        """The confidence interval of :attr:`score_effect` (paired t-interval over games)."""
        return _paired_ci(self.games["score_diff"], self.confidence)

    @property
    def a_win(self) -> float:
        """A's share of games won (a seat's expected share is 1/seats)."""
        return self._mean("a_win")

    @property
    def b_win(self) -> float:
        """B's share of games won."""
        return self._mean("b_win")

    @property
    def a_score(self) -> float:
        """A's mean final score."""
        return self._mean("a_score")

    @property
    def b_score(self) -> float:
        """B's mean final score."""
        return self._mean("b_score")

    @property
    def a_points_per_hand(self) -> float:
        """A's points per hand: game by game its final total / hands played, averaged over the games.

        The same estimator as :attr:`per_hand_effect`, which is exactly
        ``b_points_per_hand - a_points_per_hand``.
        """
        return float(self._column("a_per_hand").mean()) if self.n_games else math.nan

    @property
    def b_points_per_hand(self) -> float:
        """B's points per hand, the same way as :attr:`a_points_per_hand`."""
        return float(self._column("b_per_hand").mean()) if self.n_games else math.nan

    @property
    def changed_share(self) -> float:
        """Share of the paired games whose final totals differed between A and B."""
        seats: int = self.meta.get("num_players", 4)
        return float(self.games["changed"].sum()) / max(1, seats * self.n_games)

    @property
    def win_verdict(self) -> str:
        """``'better'`` (B wins more), ``'worse'`` or ``'unclear'`` (the interval holds zero)."""
        lo, hi = self.win_ci
        return "better" if lo > 0 else "worse" if hi < 0 else "unclear"

    @property
    def score_verdict(self) -> str:
        """``'better'`` (B ends with a lower score), ``'worse'`` or ``'unclear'``."""
        lo, hi = self.score_ci
        return "better" if hi < 0 else "worse" if lo > 0 else "unclear"

    def _sentence(self, kind: str, lang: str, effect: float, ci: tuple[float, float], verdict: str) -> str:
        a, b, tip = _names(self.a, self.b, self.meta, lang)
        lo, hi = ci
        digits = 1 if kind == "wins" else 2  # percentage points, or points
        prefix = f"experiment.games.{kind}.{'tip_' if tip else ''}"
        level = _level(self.confidence, lang)
        verdict = "unclear" if math.isnan(lo) else verdict
        size, lo_s, hi_s = figures([effect, lo, hi], lang, digits)  # B minus A, signed like the summary
        return _cap(text(prefix + verdict, lang, a=a, b=b, tip=tip, effect=size, lo=lo_s, hi=hi_s, level=level))

    def _column(self, name: str) -> pd.Series:
        """A per-game column; the per-hand ones derived from scores and hands for tables saved before them."""
        g = self.games
        if name in g.columns:
            return g[name]
        seats = int(self.meta.get("num_players", 4))
        if name == "hands_diff":
            return (g["b_hands"] - g["a_hands"]) / seats
        if name in ("a_per_hand", "b_per_hand"):
            side = name[0]
            return g[f"{side}_score"] * seats / g[f"{side}_hands"]
        if name == "per_hand_diff":
            return self._column("b_per_hand") - self._column("a_per_hand")
        raise KeyError(name)

    @property
    def per_hand_effect(self) -> float:
        """B's points per hand minus A's, game by game (final total / hands played): not confounded by length.

        A strategy that makes games shorter ends them with lower totals
        without taking fewer points per hand; this effect does not mix the two.
        """
        return float(self._column("per_hand_diff").mean()) if self.n_games else math.nan

    @property
    def per_hand_ci(self) -> tuple[float, float]:
        """The confidence interval of :attr:`per_hand_effect` (paired t-interval over games)."""
        return _paired_ci(self._column("per_hand_diff"), self.confidence)

    @property
    def per_hand_verdict(self) -> str:
        """``'better'`` (B takes fewer points per hand), ``'worse'`` or ``'unclear'``."""
        lo, hi = self.per_hand_ci
        return "better" if hi < 0 else "worse" if lo > 0 else "unclear"

    @property
    def hands_effect(self) -> float:
        """How many hands longer B's games lasted than A's (per seat, mean over games)."""
        return float(self._column("hands_diff").mean()) if self.n_games else math.nan

    @property
    def hands_ci(self) -> tuple[float, float]:
        """The confidence interval of :attr:`hands_effect`."""
        return _paired_ci(self._column("hands_diff"), self.confidence)

    @property
    def length_correlation(self) -> float:
        """Correlation over games of the final-score difference with the difference in hands played.

        Near 1, the final-score effect is mostly game length; NaN when either does not vary.
        """
        x, y = self.games["score_diff"], self._column("hands_diff")
        if len(x) < 2 or float(x.std()) == 0.0 or float(y.std()) == 0.0:
            return math.nan
        return float(np.corrcoef(x, y)[0, 1])

    @property
    def p_values(self) -> dict[str, float]:
        """Two-sided paired t-test p-values: ``wins``, ``per_hand`` and ``score``."""
        return {
            "wins": t_pvalue(self.games["win_diff"]),
            "per_hand": t_pvalue(self._column("per_hand_diff")),
            "score": t_pvalue(self.games["score_diff"]),
        }

    @property
    def identical(self) -> bool:
        """True when A's and B's games ended with the same totals every time: no comparison in the data."""
        return self.n_games > 0 and int(self.games["changed"].sum()) == 0

    def identical_sentence(self, lang: str = "en") -> str:
        """The plain sentence for :attr:`identical` data: what they cannot tell."""
        a, b, _ = _names(self.a, self.b, self.meta, lang)
        games = self.n_games * int(self.meta.get("num_players", 4))
        return _cap(text("experiment.games.identical", lang, a=a, b=b, games=games))

    def _length_sentence(self, lang: str) -> str:
        a, b, _ = _names(self.a, self.b, self.meta, lang)
        lo, hi = self.hands_ci
        effect = self.hands_effect
        level = _level(self.confidence, lang)
        clear = not math.isnan(lo) and not lo <= 0 <= hi
        kind = ("longer" if effect > 0 else "shorter") if clear else "same"
        size, lo_s, hi_s = figures([effect, lo, hi], lang, 1)
        return _cap(text(
            f"experiment.games.length.{kind}", lang, a=a, b=b, hands=size, lo=lo_s,
            hi=hi_s, level=level, score=number(self.score_effect, lang),
        ))  # fmt: skip

    def takeaway(self, lang: str = "en") -> str:
        """What the intervals show, and no more: games won, points per hand, and what game length does to the score.

        The final-score difference is not given as the effect: a strategy
        that shortens games lowers final totals without playing better per
        hand. Points per hand (final total / hands, game by game) is the
        measure game length does not confound.
        """
        check_language(lang, ExperimentError)
        if self.identical:
            return self.identical_sentence(lang)
        pct = (100 * self.win_ci[0], 100 * self.win_ci[1])
        wins = self._sentence("wins", lang, 100 * self.win_effect, pct, self.win_verdict)
        per_hand = self._sentence("per_hand", lang, self.per_hand_effect, self.per_hand_ci, self.per_hand_verdict)
        return f"{wins} {per_hand} {self._length_sentence(lang)}" + _unadjusted_note(self.meta, lang)

    def summary(self, lang: str = "en") -> str:
        """A short report in English (``'en'``) or Spanish (``'es'``)."""
        check_language(lang, ExperimentError)
        a, b, tip = _names(self.a, self.b, self.meta, lang)
        if tip:  # the tip is named once; the two sides are "with the tip" and "without the tip"
            a, b = text("experiment.without_it", lang), text("experiment.with_it", lang)
        win_lo, win_hi = self.win_ci
        score_lo, score_hi = self.score_ci
        wins = figures([100 * self.win_effect, 100 * win_lo, 100 * win_hi], lang, 1)
        scores = figures([self.score_effect, score_lo, score_hi], lang)
        pph = figures([self.per_hand_effect, *self.per_hand_ci], lang)
        head = text_n(
            "experiment.games.summary.tip" if tip else "experiment.games.summary",
            self.n_games,
            lang,
            tip=tip,
            a=a,
            b=b,
            games=self.n_games,
            target=self.meta.get("rules", {}).get("target_score", "?"),
            field=_field_name(self.meta, lang),
            a_win=number(100 * self.a_win, lang, 1),
            b_win=number(100 * self.b_win, lang, 1),
            win_effect=wins[0],
            win_lo=wins[1],
            win_hi=wins[2],
            a_score=number(self.a_score, lang),
            b_score=number(self.b_score, lang),
            score_effect=scores[0],
            score_lo=scores[1],
            score_hi=scores[2],
            a_pph=number(self.a_points_per_hand, lang),
            b_pph=number(self.b_points_per_hand, lang),
            pph_effect=pph[0],
            pph_lo=pph[1],
            pph_hi=pph[2],
            changed=percent(self.changed_share, lang),
            level=_level(self.confidence, lang),
        )
        note = _field_note(self.meta, "games", lang, a, b)
        return _cap(head) + "\n" + note + self.takeaway(lang) + _tip_notes(self, lang)

    def plot(self, axes: Any = None, lang: str = "en") -> Any:
        """The two effects (games won, final score) with their error bars (at :attr:`confidence`): two ``Axes``."""
        return plot_game_effects([self], axes=axes, lang=lang)

    def to_parquet(self, directory: str | Path) -> Path:
        """Write ``games.parquet`` and ``experiment.json`` into ``directory``."""
        d = writable_folder(directory, ExperimentError)
        set_id = files.new_set_id()  # in both files: a pair left half-renamed by a kill is refused when read
        with files.replacing(d / "games.parquet", d / "experiment.json") as (table_tmp, info_tmp):
            write_parquet(self.games, table_tmp, set_id=set_id)
            info = {"a": self.a, "b": self.b, "confidence": self.confidence, "meta": self.meta, "unit": "games"}
            info[files.SET_FIELD] = set_id
            info["win_effect"], info["win_ci"] = self.win_effect, list(self.win_ci)
            info["score_effect"], info["score_ci"] = self.score_effect, list(self.score_ci)
            info["n_games"] = self.n_games
            info_tmp.write_text(json.dumps(info, indent=2, sort_keys=True), encoding="utf-8")
        return d

    @classmethod
    @reads_results("experiment.json", ["games.parquet"], ExperimentError)
    def from_parquet(cls, directory: str | Path) -> GameExperimentResult:
        """Read what :meth:`to_parquet` wrote.

        Files from two different saves (one killed between its renames) are
        refused with :class:`hearts.files.FileContentError` (``'mixed_set'``)
        naming the file.
        """
        d = Path(directory)
        if not (d / "games.parquet").is_file() or not (d / "experiment.json").is_file():
            raise ExperimentError(
                f"{d} holds no whole-game experiment: expected games.parquet and experiment.json", "directory"
            )
        info = read_info(d / "experiment.json", ExperimentError, ("a", "b"))
        files.check_set([(d / "games.parquet", parquet_set_id(d / "games.parquet")),
                         (d / "experiment.json", info.get(files.SET_FIELD))])  # fmt: skip
        games = read_parquet(d / "games.parquet")
        return cls(info["a"], info["b"], games, info.get("meta", {}), info.get("confidence", 0.95))

    def __repr__(self) -> str:
        (wlo, whi), (slo, shi) = self.win_ci, self.score_ci
        level = _level(self.confidence)
        return (
            f"<GameExperimentResult {self.b!r} - {self.a!r}: win share {self.win_effect:+.3f} "
            f"({level}% CI {wlo:+.3f} to {whi:+.3f}), final score {self.score_effect:+.2f} "
            f"({level}% CI {slo:+.2f} to {shi:+.2f}), {self.n_games} games>"
        )


_COLOURS = {"better": "tab:green", "worse": "tab:red"}


def _forest(ax: Any, effects: Sequence[float], cis: Sequence[tuple[float, float]], verdicts: Sequence[str]) -> None:
    """One row per effect, top to bottom: the dot, its interval and the verdict's colour; a line at zero."""
    y = np.arange(len(effects))[::-1]
    for yi, e, (lo, hi), v in zip(y, effects, cis, verdicts):
        ax.errorbar([e], [yi], xerr=[[e - lo], [hi - e]], fmt="o", color=_COLOURS.get(v, "tab:gray"), capsize=4)
    ax.axvline(0.0, color="black", linewidth=0.8)
    ax.set_ylim(-0.7, len(effects) - 0.3)


def _legend(ax: Any, verdicts: Sequence[str], lang: str, kind: str = "per_hand") -> None:
    """A legend of the colours the adjusted verdicts gave (only those present)."""
    from matplotlib.lines import Line2D

    shown = [v for v in ("better", "worse", "unclear") if v in verdicts]
    handles = [Line2D([], [], marker="o", color=_COLOURS.get(v, "tab:gray"), linestyle="-") for v in shown]
    labels = [text(f"experiment.family.legend.{kind}.{v}", lang) for v in shown]
    ax.legend(handles, labels, loc="best", fontsize=8)


def _label(r: ExperimentResult | GameExperimentResult, lang: str) -> str:
    a, b, tip = _names(r.a, r.b, r.meta, lang)
    return tip if tip else f"{b} − {a}"


def _fewest_most(counts: Sequence[int]) -> tuple[int, int]:
    """The fewest and the most deals (or games) of several experiments."""
    return min(counts), max(counts)


def plot_game_effects(
    results: Sequence[GameExperimentResult] | TipFamily, axes: Any = None, lang: str = "en"
) -> Any:
    """Two forest plots side by side: the effect on games won (percentage points) and on points per hand.

    The second panel is points per hand over the games, not the final
    score: the final score also moves with how long games last.

    One row per experiment, each with its interval (95% unless the
    experiment was run with another ``confidence``); with one experiment
    the figure's title ends with its takeaway. Several experiments are each
    drawn alone, and the title says the intervals are not adjusted; a
    :class:`TipFamily` is drawn with its Holm-adjusted intervals and
    verdicts (:meth:`TipFamily.plot`). Returns the two ``Axes``.
    """
    if isinstance(results, TipFamily):
        return _plot_family(results, axes, lang)
    check_language(lang, ExperimentError)
    if not results:
        raise ExperimentError("plot_game_effects needs at least one experiment", "results")
    panels = (
        ([100 * r.win_effect for r in results], [(100 * r.win_ci[0], 100 * r.win_ci[1]) for r in results],
         [r.win_verdict for r in results]),
        ([r.per_hand_effect for r in results], [r.per_hand_ci for r in results],
         [r.per_hand_verdict for r in results]),
    )  # fmt: skip
    n = min(r.n_games for r in results)
    parts = [text_n("experiment.games.title", n, lang, games=n, level=_levels(results, lang))]
    if len(results) == 1:
        parts.append(results[0].takeaway(lang))
    else:
        parts.append(text("experiment.title.unadjusted", lang, m=len(results)))
    return _game_panels(list(results), panels, parts, axes, lang)


def _game_panels(
    results: list[GameExperimentResult],
    panels: tuple[tuple[list[float], list[tuple[float, float]], list[str]], ...],
    parts: list[str],
    axes: Any,
    lang: str,
) -> Any:
    import matplotlib.pyplot as plt

    created = axes is None
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(10, 1.85 + 0.45 * len(results)), sharey=True)
    for ax, kind, (effects, cis, verdicts) in zip(axes, ("wins", "per_hand"), panels):
        _forest(ax, effects, cis, verdicts)
        ax.set_xlabel(text(f"experiment.games.axis.{kind}", lang), wrap=True)
    axes[0].set_yticks(np.arange(len(results))[::-1], [_label(r, lang) for r in results])
    fig = axes[0].figure
    fit_title(fig, lambda t: fig.suptitle(t, fontsize=TITLE_SIZE), parts, lambda: 0.95 * fig.get_figwidth(), created)
    return axes


def _plot_family(family: TipFamily, ax: Any, lang: str) -> Any:
    """:meth:`TipFamily.plot`: the Holm-adjusted intervals, coloured by the adjusted verdicts."""
    import matplotlib.pyplot as plt

    check_language(lang, ExperimentError)
    df = family.table("en")
    alpha = number(100 * (1 - family.confidence), lang, 0)
    if family.games:
        games = [r for r in family.results if isinstance(r, GameExperimentResult)]
        panels = (
            ((100 * df["win_effect"]).tolist(), list(zip(100 * df["win_ci_low"], 100 * df["win_ci_high"])),
             df["win_verdict"].tolist()),
            (df["per_hand_effect"].tolist(), list(zip(df["per_hand_ci_low"], df["per_hand_ci_high"])),
             df["verdict"].tolist()),
        )  # fmt: skip
        fewest, most = _fewest_most([g.n_games for g in games])
        if fewest == most:  # "8 to 8 per tip" said one number twice
            title = text("experiment.family.plot.games_title_one", lang, m=len(games), n=fewest, alpha=alpha)
        else:
            title = text("experiment.family.plot.games_title", lang, m=len(games), lo=fewest, hi=most, alpha=alpha)
        axes = _game_panels(games, panels, [title, family.takeaway(lang)], ax, lang)
        _legend(axes[0], df["win_verdict"].tolist(), lang, "wins")
        _legend(axes[1], df["verdict"].tolist(), lang)
        return axes
    hands = [r for r in family.results if isinstance(r, ExperimentResult)]
    created = ax is None
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 1.45 + 0.45 * len(hands)))
    _forest(ax, df["effect"].tolist(), list(zip(df["ci_low"], df["ci_high"])), df["verdict"].tolist())
    _legend(ax, df["verdict"].tolist(), lang)
    ax.set_yticks(np.arange(len(hands))[::-1], [_label(r, lang) for r in hands])
    ax.set_xlabel(text("experiment.axis.effect", lang))
    fewest, most = _fewest_most([r.n_deals for r in hands])
    key = "experiment.family.plot.title" if fewest == most else "experiment.family.plot.title_range"
    title = text(key, lang, m=len(hands), n=fewest, hi=most, alpha=alpha)
    fig = ax.figure
    fit_title(
        fig, lambda t: ax.set_title(t, fontsize=TITLE_SIZE), [title, family.takeaway(lang)],
        lambda: ax.get_position().width * fig.get_figwidth(), created,
    )  # fmt: skip
    return ax


def plot_effects(
    results: Sequence[ExperimentResult | GameExperimentResult] | TipFamily, ax: Any = None, lang: str = "en"
) -> Any:
    """A forest plot: one row per experiment, effect (B minus A) and interval (95% by default) in points per hand.

    With one experiment the title is its takeaway sentence. With several,
    each interval and colour is that experiment's alone, and the title says
    they are not adjusted for testing several at once. A :class:`TipFamily`
    (``tip_experiments(...)``) is drawn with its Holm-adjusted intervals and
    verdicts, as :meth:`TipFamily.plot`. Whole-game experiments are drawn by
    :func:`plot_game_effects` (``ax``: two axes).
    """
    import matplotlib.pyplot as plt

    check_language(lang, ExperimentError)
    if isinstance(results, TipFamily):
        return results.plot(ax, lang)
    if not results:
        raise ExperimentError("plot_effects needs at least one experiment", "results")
    games = [r for r in results if isinstance(r, GameExperimentResult)]
    if games:
        if len(games) != len(results):
            raise ExperimentError("cannot plot whole-game and per-hand experiments together", "results")
        return plot_game_effects(games, axes=ax, lang=lang)
    hands = [r for r in results if isinstance(r, ExperimentResult)]
    created = ax is None
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 1.45 + 0.45 * len(hands)))
    _forest(ax, [r.effect for r in hands], [r.ci for r in hands], [r.verdict for r in hands])
    ax.set_yticks(np.arange(len(hands))[::-1], [_label(r, lang) for r in hands])
    ax.set_xlabel(text("experiment.axis.effect", lang))
    level = _levels(hands, lang)
    if len(hands) == 1:
        # A title, then the takeaway computed from the interval.
        parts = [text("experiment.title.single", lang, n=hands[0].n_deals, level=level), hands[0].takeaway(lang)]
    else:
        fewest, most = _fewest_most([r.n_deals for r in hands])
        key = "experiment.title.many" if fewest == most else "experiment.title.many_range"
        parts = [text(key, lang, n=fewest, hi=most, level=level),
                 text("experiment.title.unadjusted", lang, m=len(hands))]  # fmt: skip
    fig = ax.figure
    fit_title(
        fig, lambda t: ax.set_title(t, fontsize=TITLE_SIZE), parts,
        lambda: ax.get_position().width * fig.get_figwidth(), created,
    )  # fmt: skip
    return ax


# ----- running ---------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _ExpChunk:
    seed: int
    start: int
    stop: int
    a: BotSpec | Any
    b: BotSpec | Any
    field: tuple[Any, ...]  # one per other seat, relative: left of the tested seat first
    rules: Rules
    measure: str


def _run_exp_chunk(chunk: _ExpChunk) -> dict[str, np.ndarray]:
    rules = chunk.rules
    n = rules.num_players
    seatings = _rotations(chunk.a, chunk.b, chunk.field, n)
    count = chunk.stop - chunk.start
    out: dict[str, np.ndarray] = {
        "deal_number": np.zeros(count, np.int64),
        "hand_number": np.zeros(count, np.int16),
        "pass_code": np.zeros(count, np.int8),
        "a_sum": np.zeros(count, np.int32),
        "b_sum": np.zeros(count, np.int32),
        "changed": np.zeros(count, np.int8),
    }
    use_score = chunk.measure == "score"
    for j, i in enumerate(range(chunk.start, chunk.stop)):
        number, seeds = hand_seeds(chunk.seed, i, n)
        deal = Deal.from_number(number, rules, hand_number=i % 4 + 1)
        a_total = b_total = changed = 0
        pass_dir = None
        for s in range(n):
            outcomes = []
            for seating in seatings[s]:
                seat_bots = seating.fresh(seeds)  # fresh bots: nothing carries over from another rotation
                state = HandState(deal, rules)
                play_out(state, seat_bots)
                res = state.result()
                outcomes.append(res.scores if use_score else res.points)
                pass_dir = state.pass_direction
            a_total += outcomes[0][s]
            b_total += outcomes[1][s]
            changed += outcomes[0] != outcomes[1]
        out["deal_number"][j] = number
        out["hand_number"][j] = deal.hand_number
        out["pass_code"][j] = _PASS_CODES.index(pass_dir.value)  # type: ignore[union-attr]
        out["a_sum"][j] = a_total
        out["b_sum"][j] = b_total
        out["changed"][j] = changed
    return out


@dataclasses.dataclass(frozen=True)
class _GameChunk:
    seed: int
    start: int
    stop: int
    a: BotSpec | Any
    b: BotSpec | Any
    field: tuple[Any, ...]
    rules: Rules
    max_hands_per_game: int = 1000


_GAME_KEYS = (
    "game_number", "a_win", "b_win", "a_total", "b_total", "a_hands", "b_hands", "a_rate", "b_rate", "changed",
)  # fmt: skip
_FLOAT_KEYS = ("a_win", "b_win", "a_rate", "b_rate")


def _run_game_chunk(chunk: _GameChunk) -> dict[str, np.ndarray]:
    """Games ``start..stop``: each with A, then B, in every seat, on the same deals and bot seeds."""
    rules = chunk.rules
    n = rules.num_players
    seatings = _rotations(chunk.a, chunk.b, chunk.field, n)
    count = chunk.stop - chunk.start
    out: dict[str, np.ndarray] = {k: np.zeros(count, np.float64 if k in _FLOAT_KEYS else np.int64) for k in _GAME_KEYS}
    for j, g in enumerate(range(chunk.start, chunk.stop)):
        number, _ = hand_seeds(chunk.seed, 1, n, game=g)  # the game number, as in play_games
        out["game_number"][j] = number
        for s in range(n):
            finals = []
            for side, seating in zip("ab", seatings[s]):
                game = Game(number, rules)
                while True:
                    k = game.hand_number
                    _, seeds = hand_seeds(chunk.seed, k, n, game=g)
                    # fresh bots for every game and rotation; within the game they may remember earlier hands
                    seat_bots = seating.fresh(seeds) if k == 1 else seating.reseed(seeds)
                    play_out(game.hand, seat_bots, tuple(game.totals))
                    if game.is_over:
                        break
                    if k >= chunk.max_hands_per_game:
                        raise ExperimentError(f"game {g} did not end within {k} hands", "n_games")
                    game.next_hand()
                outcome = game.outcome()
                if s in outcome.winners:
                    out[f"{side}_win"][j] += 1.0 / len(outcome.winners)
                out[f"{side}_total"][j] += outcome.totals[s]
                out[f"{side}_hands"][j] += outcome.hands_played
                out[f"{side}_rate"][j] += outcome.totals[s] / outcome.hands_played
                finals.append(outcome.totals)
            out["changed"][j] += finals[0] != finals[1]
    return out


def _at_least_two(n: object, option: str, what: str) -> int:
    """``n`` if it is a whole number 2 or more (the fewest an interval needs), else an error naming ``option``.

    >>> try:
    ...     _at_least_two(-3, "n_deals", "deals")
    ... except ExperimentError as e:
    ...     print(e.option, "|", e)
    n_deals | n_deals must be a whole number, 2 or more (an interval needs at least two deals), not -3
    """
    if not isinstance(n, (int, np.integer)) or isinstance(n, bool) or n < 2:
        raise ExperimentError(
            f"{option} must be a whole number, 2 or more (an interval needs at least two {what}), not {n!r}", option
        )
    return int(n)


def _rotations(a: Any, b: Any, field: Sequence[Any], n: int) -> list[tuple[Seating, Seating]]:
    """For each tested seat ``s``: the table with A in ``s`` and the one with B, the field around it."""
    return [
        (
            Seating([a if t == s else field[(t - s) % n - 1] for t in range(n)]),
            Seating([b if t == s else field[(t - s) % n - 1] for t in range(n)]),
        )
        for s in range(n)
    ]


def _field(field: BotLike | Sequence[BotLike], n: int) -> tuple[Any, ...]:
    if isinstance(field, (str, type, BotSpec)) or not isinstance(field, Sequence):
        field = [field] * (n - 1)
    if len(field) != n - 1:
        raise ExperimentError(
            f"field must be one bot or a list of {n - 1} (the other seats), got {len(field)}", "field"
        )
    try:
        out = tuple(as_bot(b) for b in field)
        for b in out:
            if isinstance(b, BotSpec):
                b.resolve()
    except SelfPlayError as e:
        raise ExperimentError(str(e).replace("bots", "field", 1), "field") from None
    return out


def _check_field_labels(a: Any, b: Any, field_specs: Sequence[Any], field: Any) -> None:
    """Refuse a field bot labelled like ``a`` or ``b`` but a different bot (option ``field``): the data would pool them.

    The same bot as ``a`` or ``b`` in the field is fine (e.g. ``field="rule"`` with ``a="rule"``).
    """
    one = isinstance(field, (str, type, BotSpec)) or not isinstance(field, Sequence)
    for i, spec in enumerate(field_specs):
        name = "field" if one else f"field[{i}]"
        for bot, tested in ((a, "a"), (b, "b")):
            check_labels([bot, spec], [tested, name], "field", ExperimentError, "the results would pool them")
        if one:
            break  # one bot for every seat: checked once


@overload
def compare(
    a: BotLike, b: BotLike, *, unit: Literal["hands"] = ..., **options: Unpack[CompareOptions]
) -> ExperimentResult: ...


@overload
def compare(
    a: BotLike, b: BotLike, *, unit: Literal["games"], **options: Unpack[CompareOptions]
) -> GameExperimentResult: ...


@overload
def compare(
    a: BotLike, b: BotLike, *, unit: str, **options: Unpack[CompareOptions]
) -> ExperimentResult | GameExperimentResult: ...


def compare(
    a: BotLike,
    b: BotLike,
    *,
    unit: str = "hands",
    n_deals: int | None = None,
    n_games: int | None = None,
    field: BotLike | Sequence[BotLike] = "rule",
    measure: str = "score",
    confidence: float = 0.95,
    meta: dict[str, Any] | None = None,
    **options: Unpack[RunOptions],
) -> ExperimentResult | GameExperimentResult:
    """Play strategy ``a`` against strategy ``b`` on ``n_deals`` duplicate deals (1000 by default).

    Each deal is played ``2 × seats`` times: A, then B, in every seat, the
    other seats taken by ``field`` (one bot for all, or one per other seat
    starting from the tested seat's left) with the same seeds both times.
    Every one of these hands (with ``unit='games'``: every game) starts from
    fresh bots, so a bot that remembers what it saw cannot carry another
    seat's cards into the next rotation.

    - ``n_deals`` (and ``n_games``): 2 or more, the fewest an interval needs.
    - ``measure``: ``'score'`` (after moon adjustment, the default) or
      ``'points'`` (penalty points taken).
    - ``confidence``: the level of the intervals (0.95); the words and the
      plots give the level asked for.
    - ``workers``, ``client``, ``progress``, ``chunk_size``, ``seed``,
      ``rules``: as in :func:`hearts.selfplay.play_hands`; the result does not
      depend on ``workers`` or ``chunk_size``.
    - ``unit``: ``'hands'`` (the default, above) or ``'games'``: play
      ``n_games`` whole games (200 by default) to ``rules.target_score``
      instead, A and then B in every seat of each game, and measure the win
      share and the final score (see :class:`GameExperimentResult`). With
      ``'games'``, ``n_deals`` does not apply and ``measure`` must be
      ``'score'``; with ``'hands'``, ``n_games`` does not apply.
    """
    n_deals, n_games = _counts(unit, n_deals, n_games, measure)
    run = Run.check(options, caller="compare", error=ExperimentError)
    try:
        a_spec, b_spec = as_bot(a), as_bot(b)
        for spec in (a_spec, b_spec):
            if isinstance(spec, BotSpec):
                spec.resolve()
        check_labels([a_spec, b_spec], ["a", "b"], "a/b", ExperimentError, "the results could not tell them apart")
    except SelfPlayError as e:
        raise ExperimentError(str(e), "a/b") from None
    if measure not in _MEASURES:
        raise ExperimentError(f"measure must be one of {', '.join(_MEASURES)}, not {measure!r}", "measure")
    if not isinstance(confidence, float) or not 0.0 < confidence < 1.0:
        raise ExperimentError(f"confidence must be a number between 0 and 1, not {confidence!r}", "confidence")
    rules = run.rules
    n = rules.num_players
    field_specs = _field(field, n)
    _check_field_labels(a_spec, b_spec, field_specs, field)
    every_bot = (a_spec, b_spec, *field_specs)
    nworkers = local_workers_for(every_bot, run.worker_count, run.client, run.mp_context, stacklevel=2)
    info = {
        "seed": run.seed,
        "measure": measure,
        "num_players": n,
        "rules": rules.to_dict(),
        "field": ", ".join(dict.fromkeys(bot_label(f) for f in field_specs)),
        "tip": None,
    } | (meta or {})
    result: ExperimentResult | GameExperimentResult
    try:
        if unit == "games":
            assert n_games is not None
            game_chunks = [
                _GameChunk(run.seed, lo, hi, a_spec, b_spec, field_specs, rules)
                for lo, hi in run.chunks(n_games, nworkers, 5)
            ]
            info["unit"] = "games"
            result = _games_result(
                bot_label(a_spec), bot_label(b_spec), game_chunks, n_games, info, confidence, run.parallel(nworkers)
            )
        else:
            chunks = [
                _ExpChunk(run.seed, lo, hi, a_spec, b_spec, field_specs, rules, measure)
                for lo, hi in run.chunks(n_deals, nworkers, 50)
            ]
            result = _hands_result(
                bot_label(a_spec), bot_label(b_spec), chunks, n_deals, info, confidence, run.parallel(nworkers)
            )
    except WorkerError as e:
        raise ExperimentError(broken_pool_message(every_bot, run.mp_context, e), "a/b") from None
    _warn_if_identical(result)
    return result


def _counts(unit: str, n_deals: int | None, n_games: int | None, measure: str) -> tuple[int, int | None]:
    """``unit``, ``n_deals`` and ``n_games`` checked against each other (and ``measure`` for whole games);
    the number of deals and, for whole games, of games (their defaults: 1000 deals, 200 games)."""
    if unit not in _UNITS:
        raise ExperimentError(f"unit must be one of {', '.join(_UNITS)}, not {unit!r}", "unit")
    if unit == "games" and n_deals is not None:
        raise ExperimentError("n_deals is for unit='hands'; whole-game experiments take n_games", "n_deals")
    if unit == "hands" and n_games is not None:
        raise ExperimentError("n_games is for unit='games'; per-hand experiments take n_deals", "n_games")
    if unit == "games" and measure != "score":
        raise ExperimentError("whole-game experiments measure the game score: measure must be 'score'", "measure")
    if unit == "games":
        return 1000, _at_least_two(200 if n_games is None else n_games, "n_games", "games")
    return _at_least_two(1000 if n_deals is None else n_deals, "n_deals", "deals"), None


def _hands_result(
    a: str,
    b: str,
    chunks: list[_ExpChunk],
    n_deals: int,
    info: dict[str, Any],
    confidence: float,
    parallel: dict[str, Any],
) -> ExperimentResult:
    """The deals of a per-hand experiment played (in ``chunks``, as ``parallel`` says) and put in a table."""
    try:
        parts = run_tasks(
            _run_exp_chunk,
            chunks,
            weights=[c.stop - c.start for c in chunks],
            desc="deals",
            unit="deal",
            **parallel,
        )
    except WorkerError:
        raise
    except ParallelError as e:
        raise ExperimentError(str(e), e.option) from None
    cols = {k: np.concatenate([p[k] for p in parts]) if parts else np.zeros(0) for k in _ExpChunkKeys}
    n = int(info["num_players"])
    a_pts = (cols["a_sum"] / n).astype(np.float64)
    b_pts = (cols["b_sum"] / n).astype(np.float64)
    deals = pd.DataFrame(
        {
            "deal": np.arange(n_deals, dtype=np.int32),
            "deal_number": cols["deal_number"].astype(np.int64),
            "hand_number": cols["hand_number"].astype(np.int16),
            "pass_direction": pd.Categorical.from_codes(cols["pass_code"].astype(np.int8), dtype=PASS_DTYPE),
            "a_points": a_pts,
            "b_points": b_pts,
            "diff": b_pts - a_pts,
            "changed": cols["changed"].astype(np.int16),
        }
    )
    return ExperimentResult(a, b, deals, info, confidence)


def _games_result(
    a: str,
    b: str,
    chunks: list[_GameChunk],
    n_games: int,
    info: dict[str, Any],
    confidence: float,
    parallel: dict[str, Any],
) -> GameExperimentResult:
    """The games of a whole-game experiment played (in ``chunks``, as ``parallel`` says) and put in a table."""
    try:
        parts = run_tasks(
            _run_game_chunk,
            chunks,
            weights=[c.stop - c.start for c in chunks],
            desc="games",
            unit="game",
            **parallel,
        )
    except WorkerError:
        raise
    except ParallelError as e:
        raise ExperimentError(str(e), e.option) from None
    cols = {k: np.concatenate([p[k] for p in parts]) if parts else np.zeros(0) for k in _GAME_KEYS}
    n = int(info["num_players"])
    a_win, b_win = cols["a_win"] / n, cols["b_win"] / n
    a_score, b_score = cols["a_total"] / n, cols["b_total"] / n
    games = pd.DataFrame(
        {
            "game": np.arange(n_games, dtype=np.int32),
            "game_number": cols["game_number"].astype(np.int64),
            "a_win": a_win.astype(np.float64),
            "b_win": b_win.astype(np.float64),
            "win_diff": (b_win - a_win).astype(np.float64),
            "a_score": a_score.astype(np.float64),
            "b_score": b_score.astype(np.float64),
            "score_diff": (b_score - a_score).astype(np.float64),
            "a_hands": cols["a_hands"].astype(np.int32),
            "b_hands": cols["b_hands"].astype(np.int32),
            "a_per_hand": (cols["a_rate"] / n).astype(np.float64),
            "b_per_hand": (cols["b_rate"] / n).astype(np.float64),
            "per_hand_diff": ((cols["b_rate"] - cols["a_rate"]) / n).astype(np.float64),
            "hands_diff": ((cols["b_hands"] - cols["a_hands"]) / n).astype(np.float64),
            "changed": cols["changed"].astype(np.int16),
        }
    )
    return GameExperimentResult(a, b, games, info, confidence)


_ExpChunkKeys = ("deal_number", "hand_number", "pass_code", "a_sum", "b_sum", "changed")


@overload
def tip_experiment(
    tip: str, *, unit: Literal["hands"] = "hands", **options: Unpack[CompareOptions]
) -> ExperimentResult: ...


@overload
def tip_experiment(tip: str, *, unit: Literal["games"], **options: Unpack[CompareOptions]) -> GameExperimentResult: ...


@overload
def tip_experiment(
    tip: str, *, unit: str, **options: Unpack[CompareOptions]
) -> ExperimentResult | GameExperimentResult: ...


def tip_experiment(
    tip: str,
    *,
    n_deals: int | None = None,
    field: BotLike | Sequence[BotLike] | None = None,
    seed: int = 0,
    unit: str = "hands",
    n_games: int | None = None,
    **options: Any,
) -> ExperimentResult | GameExperimentResult:
    """The ready experiment for one tip: the rule bot with it (B) against without it (A).

    B is the default rule bot (every tip on, no habit), A the same bot with
    this one tip off. ``field`` defaults to the tip's field
    (:data:`hearts.tip_fields.TIP_FIELDS`): default rule bots for most tips,
    so B plays exactly like the rest of the table (its points per hand are
    the table's average and its win share is 1/seats by construction, the
    summary says so, and the effect measures how A differs from the bots
    around it); moon hunters for ``stop_moon``, whose situation needs a rival
    trying the moon. The result names the field (``meta["field"]``) and its
    summary says why a tip changed fewer than 3% of the paired hands. Other
    options as :func:`compare`. A negative effect means following the tip
    saves points. ``unit="games"`` plays ``n_games`` whole games instead:
    the test for the tips that act through the game score
    (``queen_to_leader``, ``shoot_moon``, ``stop_moon``).

    A habit (see :data:`~hearts.bots.tips.HABIT_NAMES`) is tested the same
    way by name: B has the habit on top of the default bot, A is the
    default bot, and the field is the default bot (so A is the field).
    """
    if tip not in TIP_NAMES and tip not in HABIT_NAMES:
        raise ExperimentError(
            f"unknown tip {tip!r}; tips are: {', '.join(TIP_NAMES)}; habits: {', '.join(HABIT_NAMES)}", "tip"
        )
    if tip in HABIT_NAMES:
        with_tip = bot_spec("rule", tips=Tips().with_(tip), label=f"with {tip}")
        without = bot_spec("rule", tips=Tips(), label=f"without {tip}")
    else:
        with_tip = bot_spec("rule", tips=Tips(), label=f"with {tip}")
        without = bot_spec("rule", tips=Tips().without(tip), label=f"without {tip}")
    default_field = field is None
    if field is None:
        field = tip_field(tip)
    seats = list(field) if isinstance(field, Sequence) and not isinstance(field, str) else [field]
    meta = {
        "tip": tip,
        "b_is_field": tip in TIP_NAMES and all(_plays_like_default_rule(f) for f in seats),
        "default_field": default_field,
    }
    return compare(
        without, with_tip, n_deals=n_deals, unit=unit, n_games=n_games, field=field, seed=seed,
        meta=meta, **options,
    )  # fmt: skip


def _plays_like_default_rule(bot: Any) -> bool:
    """Whether ``bot`` is the default rule bot (every tip on, no habit, default settings)."""
    try:
        spec = as_bot(bot)
    except SelfPlayError:
        return False
    if not isinstance(spec, BotSpec) or spec.resolve() is not RuleBot:
        return isinstance(spec, RuleBot) and type(spec) is RuleBot and spec.tips == Tips()
    kwargs = dict(spec.kwargs)
    return set(kwargs) <= {"tips"} and kwargs.get("tips", Tips()) == Tips()


@dataclasses.dataclass
class TipFamily:
    """Several tip experiments run on the same data, with Holm's adjustment for testing them at once.

    Testing nine tips at the 95% level, the chance that at least one looks
    clear by luck alone is far above 5%. Holm's step-down adjustment
    (:func:`hearts.stats.holm`) keeps that family-wise chance at most
    ``1 - confidence``. Everything the family says uses the adjusted
    verdicts: :meth:`table` gives each tip's effect (B minus A: with the tip
    minus without it), its interval at the level Holm tested it
    (:func:`hearts.stats.holm_levels`, so an interval excludes zero exactly
    when the adjusted verdict is clear), the unadjusted and adjusted
    p-values, the verdict after adjustment and the share of paired hands the
    tip changed; :meth:`summary`, :meth:`takeaway` and :meth:`plot` say the
    same. In whole games the adjusted measure is points per hand (the one
    game length does not confound) and games won is adjusted as a second
    family.

    >>> fam = tip_experiments(["void_short_suit", "flush_queen"], n_deals=4, workers=1, progress=False)
    >>> list(fam.table().columns)
    ['effect', 'ci_low', 'ci_high', 'level', 'p_unadjusted', 'p_holm', 'verdict', 'changed']
    """

    results: list[ExperimentResult | GameExperimentResult]
    confidence: float = 0.95

    @classmethod
    def tested_at_once(
        cls, results: Sequence[ExperimentResult | GameExperimentResult], confidence: float = 0.95
    ) -> TipFamily:
        """The family of experiments run together (as :func:`tip_experiments` does), each result told so.

        The family holds copies whose ``meta["family_tips"]`` is the number
        of tips tested at once, so each tip's own :meth:`~ExperimentResult.summary`
        and ``takeaway`` (and its files) say that their interval and verdict
        are not Holm-adjusted; the results given are left as they were.

        >>> fam = tip_experiments(["void_short_suit", "flush_queen"], n_deals=4, workers=1, progress=False)
        >>> fam[0].meta["family_tips"], "not adjusted for the 2 tips" in fam[0].takeaway()
        (2, True)
        """
        n = len(results)
        return cls([dataclasses.replace(r, meta={**r.meta, "family_tips": n}) if n > 1 else r for r in results],
                   confidence)  # fmt: skip

    def __len__(self) -> int:
        return len(self.results)

    def __iter__(self) -> Any:
        return iter(self.results)

    def __getitem__(self, i: int) -> ExperimentResult | GameExperimentResult:
        return self.results[i]

    @property
    def games(self) -> bool:
        """True for whole-game experiments."""
        return bool(self.results) and isinstance(self.results[0], GameExperimentResult)

    def _adjusted(self, diffs: list[pd.Series], effects: list[float], lower_is_better: bool) -> dict[str, list[Any]]:
        """Holm's adjustment of one family of paired differences: intervals, levels, p-values and verdicts."""
        alpha = 1.0 - self.confidence
        p = [t_pvalue(d) for d in diffs]
        p_holm = holm(p)
        levels = holm_levels(p, self.confidence)
        cis = [t_interval(d, lv) if not math.isnan(lv) else (math.nan, math.nan) for d, lv in zip(diffs, levels)]
        verdicts = [_verdict(ph, e, alpha, lower_is_better) for ph, e in zip(p_holm, effects)]
        return {"ci": cis, "level": levels, "p": p, "p_holm": p_holm, "verdict": verdicts}

    def table(self, lang: str = "en") -> pd.DataFrame:
        """One row per tip, every interval and verdict Holm-adjusted (see the class docstring).

        Columns: ``effect`` (points per hand, with minus without the tip),
        ``ci_low``/``ci_high`` (its interval at the adjusted ``level``),
        ``p_unadjusted``, ``p_holm``, ``verdict`` (``better``, ``worse`` or
        ``unclear`` in ``lang``) and ``changed`` (share of the paired hands,
        or games, whose outcome the tip changed, 0 to 1). Whole games give
        ``per_hand_…`` for points per hand and ``win_…`` for the share of
        games won (percentage-point scale 0 to 1), each family adjusted on
        its own.
        """
        check_language(lang, ExperimentError)
        tips = [str(r.meta.get("tip")) for r in self.results]
        if not self.results:
            return pd.DataFrame(index=pd.Index([], name="tip"))
        df = pd.DataFrame(index=pd.Index(tips, name="tip"))
        families: list[tuple[str, str, list[pd.Series], list[float], bool]] = []
        if self.games:
            games = [r for r in self.results if isinstance(r, GameExperimentResult)]
            families.append(("per_hand_", "", [g._column("per_hand_diff") for g in games],
                             [g.per_hand_effect for g in games], True))
            families.append(("win_", "win_", [g.games["win_diff"] for g in games], [g.win_effect for g in games],
                             False))  # fmt: skip
        else:
            hands = [r for r in self.results if isinstance(r, ExperimentResult)]
            families.append(("", "", [h.deals["diff"] for h in hands], [h.effect for h in hands], True))
        for prefix, test, diffs, effects, lower in families:
            adj = self._adjusted(diffs, effects, lower)
            df[f"{prefix}effect"] = effects
            df[f"{prefix}ci_low"] = [lo for lo, _ in adj["ci"]]
            df[f"{prefix}ci_high"] = [hi for _, hi in adj["ci"]]
            df[f"{prefix}level"] = adj["level"]
            df[f"{test}p_unadjusted"] = adj["p"]
            df[f"{test}p_holm"] = adj["p_holm"]
            df[f"{test}verdict"] = [text(f"experiment.family.verdict.{v}", lang) for v in adj["verdict"]]
        df["changed"] = [r.changed_share for r in self.results]
        return df

    def _verdicts(self) -> list[str]:
        """The adjusted verdict of each tip on points per hand: ``better``, ``worse`` or ``unclear``."""
        words = {text(f"experiment.family.verdict.{v}", "en"): v for v in ("better", "worse", "unclear")}
        return [words[v] for v in self.table("en")["verdict"]] if self.results else []

    def takeaway(self, lang: str = "en") -> str:
        """One sentence: which tips have a clear effect after Holm's adjustment, and which way.

        >>> fam = tip_experiments(["stop_moon", "shoot_moon"], n_deals=3, workers=1, progress=False)
        >>> print(fam.takeaway())
        After Holm's adjustment for testing 2 tips at once, no tip has a clear effect on points per hand.
        """
        check_language(lang, ExperimentError)
        verdicts = self._verdicts()
        clear = [
            text(f"experiment.family.takeaway.{v}", lang, tip=tip_title(str(r.meta.get("tip")), lang))
            for r, v in zip(self.results, verdicts) if v != "unclear"
        ]  # fmt: skip
        if not clear:
            return text("experiment.family.none", lang, n=len(self.results))
        return text("experiment.family.some", lang, n=len(self.results), clear=len(clear), tips="; ".join(clear))

    def lines(self, lang: str = "en") -> list[str]:
        """One sentence per tip, from its Holm-adjusted interval and verdict, with the share of hands it changed.

        A tip that changed no paired hand gets the sentence that says the data cannot tell.

        >>> fam = tip_experiments(["flush_queen", "stop_moon"], n_deals=3, workers=1, progress=False)
        >>> "cannot tell them apart" in fam.lines()[1], "Holm" in fam.lines()[0]
        (True, True)
        """
        check_language(lang, ExperimentError)
        df = self.table("en")
        out = []
        for r, (_, row) in zip(self.results, df.iterrows()):
            title = tip_title(str(r.meta.get("tip")), lang)
            prefix = "per_hand_" if self.games else ""
            effect, lo, hi = figures([row[f"{prefix}effect"], row[f"{prefix}ci_low"], row[f"{prefix}ci_high"]], lang)
            unit = "games" if self.games else "hands"
            line = text(
                f"experiment.family.line.{row['verdict']}", lang, tip=title, effect=effect, lo=lo, hi=hi,
                level=_adjusted_level(row[f"{prefix}level"], lang),
                changed=percent(row["changed"], lang), what=text(f"experiment.family.what.{unit}", lang),
            )  # fmt: skip
            if self.games:
                w_effect, w_lo, w_hi = figures([100 * row["win_effect"], 100 * row["win_ci_low"],
                                                 100 * row["win_ci_high"]], lang, 1)  # fmt: skip
                line += " " + text(f"experiment.family.line.wins.{row['win_verdict']}", lang, effect=w_effect,
                                   lo=w_lo, hi=w_hi)  # fmt: skip
            out.append(r.identical_sentence(lang) if r.identical else line)  # no comparison in the data at all
        return out

    def fields(self, lang: str = "en") -> str:
        """One sentence naming the other seats of each tip's experiment (its own field, or the one given).

        >>> import warnings
        >>> warnings.simplefilter("ignore", ExperimentWarning)  # two deals: stop_moon changes nothing in them
        >>> fam = TipFamily([tip_experiment(t, n_deals=2, workers=1, progress=False)
        ...                  for t in ("flush_queen", "void_short_suit", "stop_moon")])
        >>> for part in fam.fields().split("; "):
        ...     print(part)
        Other seats, each tip's own field: Moon hunter for “stop a moon shot by taking a heart”
        Rule bot for the other 2 tips.
        >>> print(TipFamily(fam.results[:2]).fields("es"))
        Resto de la mesa en todos los experimentos: Bot de reglas.
        """
        check_language(lang, ExperimentError)
        groups: dict[str, list[str]] = {}
        for r in self.results:
            groups.setdefault(_field_name(r.meta, lang), []).append(str(r.meta.get("tip")))
        if len(groups) <= 1:
            return text("experiment.family.field.same", lang, field=next(iter(groups), "?"))
        ordered = sorted(groups.items(), key=lambda kv: (len(kv[1]), kv[0]))  # the most common field last
        parts = []
        for i, (field, tips) in enumerate(ordered):
            if i == len(ordered) - 1 and len(tips) > 1:
                parts.append(text("experiment.family.field.rest", lang, field=field, n=len(tips)))
                continue
            titles = ", ".join(text("experiment.family.field.tip", lang, tip=tip_title(t, lang)) for t in tips)
            parts.append(text("experiment.family.field.group", lang, field=field, tips=titles))
        return text("experiment.family.field.mixed", lang, groups="; ".join(parts))

    def summary(self, lang: str = "en") -> str:
        """What the family shows after Holm's adjustment: the fields, a sentence per tip, the table, the takeaway."""
        check_language(lang, ExperimentError)
        df = self.table(lang)
        alpha = number(100 * (1 - self.confidence), lang, 0)
        head = text("experiment.family.title", lang, n=len(df), alpha=alpha) + "\n" + self.fields(lang)
        words = catalogue(lang)
        shown = df.rename(columns=lambda c: words.get(f"experiment.family.col.{c}", c))
        shown.index = pd.Index(list(shown.index), name=words["experiment.family.col.tip"])
        body = shown.to_string(float_format=lambda x: table_number(x, lang))
        return "\n".join([head, *self.lines(lang), body, self.takeaway(lang)])

    def plot(self, ax: Any = None, lang: str = "en") -> Any:
        """The effects with their Holm-adjusted intervals in one figure, coloured by the adjusted verdicts.

        Green: clearly saves points after adjustment; red: clearly costs
        points; grey: unclear. The title gives the number of tips and deals
        and the takeaway (:meth:`takeaway`). Whole games: two panels, games
        won and points per hand (``ax``: two axes). Returns the axes.

        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> fam = tip_experiments(["void_short_suit", "flush_queen"], n_deals=4, workers=1, progress=False)
        >>> ax = fam.plot()
        >>> "Holm" in ax.get_title()
        True
        """
        check_language(lang, ExperimentError)
        if not self.results:
            raise ExperimentError("an empty family has nothing to plot", "results")
        return _plot_family(self, ax, lang)

    def to_parquet(self, directory: str | Path) -> Path:
        """Write ``family.parquet`` (every tip's table after ``experiment`` and ``tip`` columns) and ``family.json``.

        Both or neither, through :func:`hearts.files.replacing`, with one set
        id in both files, as the other results.

        >>> import tempfile
        >>> fam = tip_experiments(["void_short_suit", "flush_queen"], n_deals=3, workers=1, progress=False)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     back = TipFamily.from_parquet(fam.to_parquet(d))
        >>> back.table().equals(fam.table()), [r.meta["tip"] for r in back]
        (True, ['void_short_suit', 'flush_queen'])
        """
        if not self.results:
            raise ExperimentError("an empty family has nothing to write", "results")
        d = writable_folder(directory, ExperimentError)
        tables = []
        for i, r in enumerate(self.results):  # ``experiment`` numbers them: the same tip may be in a family twice
            t = r.games if isinstance(r, GameExperimentResult) else r.deals
            labelled = t.assign(experiment=np.int16(i), tip=str(r.meta.get("tip")))
            tables.append(labelled[["experiment", "tip", *t.columns]])
        table = pd.concat(tables, ignore_index=True)
        set_id = files.new_set_id()
        info = {
            "unit": "games" if self.games else "hands", "confidence": self.confidence, files.SET_FIELD: set_id,
            "results": [{"a": r.a, "b": r.b, "confidence": r.confidence, "meta": r.meta} for r in self.results],
        }  # fmt: skip
        with files.replacing(d / "family.parquet", d / "family.json") as (table_tmp, info_tmp):
            write_parquet(table, table_tmp, set_id=set_id)
            info_tmp.write_text(json.dumps(info, indent=2, sort_keys=True), encoding="utf-8")
        return d

    @classmethod
    @reads_results("family.json", ["family.parquet"], ExperimentError)
    def from_parquet(cls, directory: str | Path) -> TipFamily:
        """Read what :meth:`to_parquet` wrote; a mixed set is refused (:class:`hearts.files.FileContentError`)."""
        d = Path(directory)
        if not (d / "family.parquet").is_file() or not (d / "family.json").is_file():
            raise ExperimentError(f"{d} holds no tip family: expected family.parquet and family.json", "directory")
        info = read_info(d / "family.json", ExperimentError, ("unit", "confidence", "results"))
        files.check_set([(d / "family.parquet", parquet_set_id(d / "family.parquet")),
                         (d / "family.json", info.get(files.SET_FIELD))])  # fmt: skip
        table = read_parquet(d / "family.parquet")
        results: list[ExperimentResult | GameExperimentResult] = []
        for i, item in enumerate(info["results"]):
            part = table[table["experiment"] == i].drop(columns=["experiment", "tip"]).reset_index(drop=True)
            if info["unit"] == "games":
                results.append(GameExperimentResult(item["a"], item["b"], part, item["meta"], item["confidence"]))
            else:
                part["pass_direction"] = part["pass_direction"].astype(PASS_DTYPE)
                results.append(ExperimentResult(item["a"], item["b"], part, item["meta"], item["confidence"]))
        return cls(results, float(info["confidence"]))

    def __repr__(self) -> str:
        verdicts = self._verdicts()
        clear = sum(v != "unclear" for v in verdicts)
        return f"<TipFamily {len(self.results)} tips, {clear} clear after Holm's adjustment>"


def announce_time(names: Sequence[str], unit: str, options: Mapping[str, Any], lang: str = "en") -> None:
    """Print, in ``lang``, the time these tip experiments will take (with ``progress`` on), before they start.

    :func:`tip_experiments` and ``python -m hearts experiment --tip`` call it;
    it measures a few hands with each tip's field
    (:func:`hearts.tip_fields.estimate_time`). Nothing is printed when the
    options are bad: the experiment itself then raises the error that names
    the option.

    >>> announce_time(["flush_queen"], "hands", {"n_deals": 10, "progress": False})  # progress off: silent
    """
    if not options.get("progress", True):
        return
    for tip in names:
        if tip not in TIP_NAMES and tip not in HABIT_NAMES:
            return  # tip_experiment names the unknown tip
    asked = {k: v for k, v in options.items() if k != "unit"}
    try:
        estimate = estimate_time(tuple(names), unit=unit, **asked)
    except (HeartsError, TypeError):
        return  # a bad option: the experiment itself raises the error that names it
    print(estimate.sentence(lang), flush=True)


def _verdict(p: float, effect: float, alpha: float, lower_is_better: bool) -> str:
    """``better``, ``worse`` or ``unclear`` from an adjusted p-value and the effect's sign."""
    if math.isnan(p) or p >= alpha:
        return "unclear"
    good = effect < 0 if lower_is_better else effect > 0
    return "better" if good else "worse"


def tip_experiments(
    tips: Sequence[str] | None = None, *, unit: str = "hands", lang: str = "en", **options: Any
) -> TipFamily:
    """:func:`tip_experiment` for several tips (all nine by default) on the same seeds, Holm-adjusted together.

    Each tip is tested at its own field (:data:`hearts.tip_fields.TIP_FIELDS`)
    unless ``field=`` names one for all: ``"expert"`` for a stronger table,
    or a list of one bot per other seat for a mixed one (``["expert",
    "rule", "moon"]``). With ``progress`` on (the default) it first prints how
    long the run will take, from a few hands measured with the field
    (:func:`hearts.tip_fields.estimate_time`); an expert plays a hand
    hundreds of times slower than a rule bot. ``lang`` is the language of
    that sentence (``"en"`` or ``"es"``).

    >>> fam = tip_experiments(["void_short_suit", "flush_queen"], n_deals=4, workers=1, progress=False)
    >>> fam.table().index.tolist()
    ['void_short_suit', 'flush_queen']
    """
    check_language(lang, ExperimentError)
    names = tuple(TIP_NAMES if tips is None else tips)
    if not names:
        raise ExperimentError("tips must name at least one tip", "tips")
    announce_time(names, unit, options, lang)
    results: list[ExperimentResult | GameExperimentResult] = [tip_experiment(t, unit=unit, **options) for t in names]
    return TipFamily.tested_at_once(results, float(options.get("confidence", 0.95)))
