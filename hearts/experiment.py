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
(A). A negative effect means the tip saves points.

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
from collections.abc import Sequence
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
from hearts.messages import bot_name, catalogue, check_language, number, text, text_n
from hearts.parallel import ParallelError, WorkerError, run_tasks
from hearts.plotting import TITLE_SIZE, fit_title
from hearts.rules import Rules
from hearts.runs import Run, RunOptions, check_count
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
from hearts.stats import holm, t_interval, t_pvalue, t_quantile
from hearts.tip_fields import estimate_time, rare_note, tip_field, tip_field_note

__all__ = [
    "ExperimentError",
    "ExperimentResult",
    "ExperimentWarning",
    "GameExperimentResult",
    "TipFamily",
    "compare",
    "plot_effects",
    "plot_game_effects",
    "t_interval",
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


def _levels(results: Sequence[Any], lang: str) -> str:
    """The confidence level of several results: one number, or each distinct one ('90/95')."""
    return "/".join(dict.fromkeys(_level(r.confidence, lang) for r in results))


def _field_name(meta: dict[str, Any], lang: str) -> str:
    """The field's bots, named in ``lang`` (the built-in bots translated)."""
    return ", ".join(bot_name(x, lang) for x in str(meta.get("field", "?")).split(", "))


def _field_note(meta: dict[str, Any], unit: str, lang: str) -> str:
    """When B is the field itself (a tip experiment), the line that says what that fixes by construction."""
    if not meta.get("b_is_field"):
        return ""
    seats = int(meta.get("num_players", 4))
    share = number(100 / seats, lang, 1)
    return text(f"experiment.note.b_is_field.{unit}", lang, seats=seats, share=share) + "\n"


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
        return text("experiment.identical", lang, a=a, b=b, hands=hands)

    def takeaway(self, lang: str = "en") -> str:
        """One sentence that says what the interval shows, and no more (or what the data cannot tell)."""
        check_language(lang, ExperimentError)
        if self.identical:
            return self.identical_sentence(lang)
        a, b, tip = self._names(lang)
        lo, hi = self.ci
        verdict = self.verdict
        if verdict == "unclear" or math.isnan(lo):
            key = "experiment.takeaway.tip_unclear" if tip else "experiment.takeaway.unclear"
            lo_s, hi_s = number(lo, lang), number(hi, lang)
            return text(key, lang, a=a, b=b, tip=tip, lo=lo_s, hi=hi_s, level=_level(self.confidence, lang))
        size = abs(self.effect)
        low, high = (-hi, -lo) if verdict == "better" else (lo, hi)
        lo_s, hi_s = number(low, lang), number(high, lang)
        key = f"experiment.takeaway.{'tip_' if tip else ''}{verdict}"
        level = _level(self.confidence, lang)
        return text(key, lang, a=a, b=b, tip=tip, effect=number(size, lang), lo=lo_s, hi=hi_s, level=level)

    def summary(self, lang: str = "en") -> str:
        """A short report in English (``'en'``) or Spanish (``'es'``)."""
        check_language(lang, ExperimentError)
        a, b, _ = self._names(lang)
        lo, hi = self.ci
        head = text(
            "experiment.summary",
            lang,
            a=a,
            b=b,
            n=self.n_deals,
            seats=self.meta.get("num_players", 4),
            field=_field_name(self.meta, lang),
            a_points=number(self.a_points, lang),
            b_points=number(self.b_points, lang),
            effect=number(self.effect, lang),
            lo=number(lo, lang),
            hi=number(hi, lang),
            changed=number(100 * self.changed_share, lang, 1),
            level=_level(self.confidence, lang),
        )
        return head + "\n" + _field_note(self.meta, "hands", lang) + self.takeaway(lang) + _tip_notes(self, lang)

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

    def _per_hand(self, side: str) -> float:
        hands = float(self.games[f"{side}_hands"].sum())
        seats: int = self.meta.get("num_players", 4)
        return float((self.games[f"{side}_score"] * seats).sum()) / hands if hands else math.nan

    @property
    def a_points_per_hand(self) -> float:
        """A's score per hand over all its games (total of final scores / hands played)."""
        return self._per_hand("a")

    @property
    def b_points_per_hand(self) -> float:
        """B's score per hand over all its games."""
        return self._per_hand("b")

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
        if verdict == "unclear" or math.isnan(lo):
            lo_s, hi_s = number(lo, lang, digits), number(hi, lang, digits)
            return text(prefix + "unclear", lang, a=a, b=b, tip=tip, lo=lo_s, hi=hi_s, level=level)
        # the interval of the size of the effect, lowest first
        if effect < 0:
            lo, hi = -hi, -lo
        size = number(abs(effect), lang, digits)
        lo_s, hi_s = number(lo, lang, digits), number(hi, lang, digits)
        return text(prefix + verdict, lang, a=a, b=b, tip=tip, effect=size, lo=lo_s, hi=hi_s, level=level)

    def _column(self, name: str) -> pd.Series:
        """A per-game column; the per-hand ones derived from scores and hands for tables saved before them."""
        g = self.games
        if name in g.columns:
            return g[name]
        seats = int(self.meta.get("num_players", 4))
        if name == "hands_diff":
            return (g["b_hands"] - g["a_hands"]) / seats
        if name == "per_hand_diff":
            return g["b_score"] * seats / g["b_hands"] - g["a_score"] * seats / g["a_hands"]
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
        return text("experiment.games.identical", lang, a=a, b=b, games=games)

    def _length_sentence(self, lang: str) -> str:
        a, b, _ = _names(self.a, self.b, self.meta, lang)
        lo, hi = self.hands_ci
        effect = self.hands_effect
        level = _level(self.confidence, lang)
        clear = not math.isnan(lo) and not lo <= 0 <= hi
        kind = ("longer" if effect > 0 else "shorter") if clear else "same"
        size = number(abs(effect), lang, 1)
        return text(
            f"experiment.games.length.{kind}", lang, a=a, b=b, hands=size, lo=number(lo, lang, 1),
            hi=number(hi, lang, 1), level=level, score=number(self.score_effect, lang),
        )  # fmt: skip

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
        return f"{wins} {per_hand} {self._length_sentence(lang)}"

    def summary(self, lang: str = "en") -> str:
        """A short report in English (``'en'``) or Spanish (``'es'``)."""
        check_language(lang, ExperimentError)
        a, b, _ = _names(self.a, self.b, self.meta, lang)
        win_lo, win_hi = self.win_ci
        score_lo, score_hi = self.score_ci
        head = text_n(
            "experiment.games.summary",
            self.n_games,
            lang,
            a=a,
            b=b,
            games=self.n_games,
            target=self.meta.get("rules", {}).get("target_score", "?"),
            field=_field_name(self.meta, lang),
            a_win=number(100 * self.a_win, lang, 1),
            b_win=number(100 * self.b_win, lang, 1),
            win_effect=number(100 * self.win_effect, lang, 1),
            win_lo=number(100 * win_lo, lang, 1),
            win_hi=number(100 * win_hi, lang, 1),
            a_score=number(self.a_score, lang),
            b_score=number(self.b_score, lang),
            score_effect=number(self.score_effect, lang),
            score_lo=number(score_lo, lang),
            score_hi=number(score_hi, lang),
            a_pph=number(self.a_points_per_hand, lang),
            b_pph=number(self.b_points_per_hand, lang),
            changed=number(100 * self.changed_share, lang, 1),
            level=_level(self.confidence, lang),
        )
        return head + "\n" + _field_note(self.meta, "games", lang) + self.takeaway(lang) + _tip_notes(self, lang)

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


def plot_game_effects(results: Sequence[GameExperimentResult], axes: Any = None, lang: str = "en") -> Any:
    """Two forest plots side by side: the effect on games won (percentage points) and on points per hand.

    The second panel is points per hand over the games, not the final
    score: the final score also moves with how long games last.

    One row per experiment, each with its interval (95% unless the
    experiment was run with another ``confidence``); with one experiment
    the figure's title ends with its takeaway. Returns the two ``Axes``.
    """
    import matplotlib.pyplot as plt

    check_language(lang, ExperimentError)
    if not results:
        raise ExperimentError("plot_game_effects needs at least one experiment", "results")
    created = axes is None
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(10, 1.85 + 0.45 * len(results)), sharey=True)
    labels = []
    for r in results:
        a, b, tip = _names(r.a, r.b, r.meta, lang)
        labels.append(tip if tip else f"{b} − {a}")
    y = np.arange(len(results))[::-1]
    panels: tuple[tuple[str, list[float], list[tuple[float, ...]], list[str]], ...] = (
        ("wins", [100 * r.win_effect for r in results], [tuple(100 * x for x in r.win_ci) for r in results],
         [r.win_verdict for r in results]),
        ("per_hand", [r.per_hand_effect for r in results], [r.per_hand_ci for r in results],
         [r.per_hand_verdict for r in results]),
    )  # fmt: skip
    for ax, (kind, effects, cis, verdicts) in zip(axes, panels):
        for yi, e, (lo, hi), v in zip(y, effects, cis, verdicts):
            color = {"better": "tab:green", "worse": "tab:red"}.get(v, "tab:gray")
            ax.errorbar([e], [yi], xerr=[[e - lo], [hi - e]], fmt="o", color=color, capsize=4)
        ax.axvline(0.0, color="black", linewidth=0.8)
        ax.set_xlabel(text(f"experiment.games.axis.{kind}", lang), wrap=True)
    axes[0].set_yticks(y, labels)
    axes[0].set_ylim(-0.7, len(results) - 0.3)
    n = min(r.n_games for r in results)
    parts = [text_n("experiment.games.title", n, lang, games=n, level=_levels(results, lang))]
    if len(results) == 1:
        parts.append(results[0].takeaway(lang))
    fig = axes[0].figure
    fit_title(fig, lambda t: fig.suptitle(t, fontsize=TITLE_SIZE), parts, lambda: 0.95 * fig.get_figwidth(), created)
    return axes


def plot_effects(results: Sequence[ExperimentResult | GameExperimentResult], ax: Any = None, lang: str = "en") -> Any:
    """A forest plot: one row per experiment, effect and interval (95% by default) in points per hand.

    With one experiment the title is its takeaway sentence. Whole-game
    experiments are drawn by :func:`plot_game_effects` (``ax``: two axes).
    """
    import matplotlib.pyplot as plt

    check_language(lang, ExperimentError)
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
    labels, effects, lows, highs = [], [], [], []
    for r in hands:
        a, b, tip = r._names(lang)
        labels.append(tip if tip else f"{b} − {a}")
        lo, hi = r.ci
        effects.append(r.effect)
        lows.append(r.effect - lo)
        highs.append(hi - r.effect)
    y = np.arange(len(hands))[::-1]
    colors = [{"better": "tab:green", "worse": "tab:red"}.get(r.verdict, "tab:gray") for r in hands]
    for yi, e, lo, hi, c in zip(y, effects, lows, highs, colors):
        ax.errorbar([e], [yi], xerr=[[lo], [hi]], fmt="o", color=c, capsize=4)
    ax.axvline(0.0, color="black", linewidth=0.8)
    ax.set_yticks(y, labels)
    ax.set_ylim(-0.7, len(hands) - 0.3)
    ax.set_xlabel(text("experiment.axis.effect", lang))
    level = _levels(hands, lang)
    if len(hands) == 1:
        # A title, then the takeaway computed from the interval.
        parts = [text("experiment.title.single", lang, n=hands[0].n_deals, level=level), hands[0].takeaway(lang)]
    else:
        parts = [text("experiment.title.many", lang, n=min(r.n_deals for r in hands), level=level)]
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


def _at_least_two(n: int, option: str, what: str) -> int:
    if n < 2:
        raise ExperimentError(f"{option} must be 2 or more: an interval needs at least two {what}, not {n}", option)
    return n


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
        n_games = _at_least_two(
            check_count(200 if n_games is None else n_games, "n_games", ExperimentError), "n_games", "games"
        )
    n_deals = check_count(1000 if n_deals is None else n_deals, "n_deals", ExperimentError)
    if unit == "hands":
        _at_least_two(n_deals, "n_deals", "deals")
    return n_deals, n_games


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
    (:func:`hearts.stats.holm`) keeps that family-wise chance at
    ``1 - confidence``; :meth:`table` gives each tip's raw and adjusted
    p-value and the verdict after adjustment. In whole games the adjusted
    measure is points per hand (the one game length does not confound) and
    games won is adjusted as a second family.
    """

    results: list[ExperimentResult | GameExperimentResult]
    confidence: float = 0.95

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

    def table(self, lang: str = "en") -> pd.DataFrame:
        """One row per tip: effect, interval, p-value, Holm-adjusted p-value and the verdict after adjustment."""
        check_language(lang, ExperimentError)
        alpha = 1.0 - self.confidence
        rows: list[dict[str, Any]] = []
        for r in self.results:
            tip = str(r.meta.get("tip"))
            if isinstance(r, GameExperimentResult):
                lo, hi = r.per_hand_ci
                wlo, whi = r.win_ci
                p = r.p_values
                rows.append({
                    "tip": tip, "per_hand_effect": r.per_hand_effect, "per_hand_lo": lo, "per_hand_hi": hi,
                    "p": p["per_hand"], "win_effect": r.win_effect, "win_lo": wlo, "win_hi": whi, "win_p": p["wins"],
                })  # fmt: skip
            else:
                lo, hi = r.ci
                rows.append({"tip": tip, "effect": r.effect, "lo": lo, "hi": hi, "p": r.p_value})
        df = pd.DataFrame(rows).set_index("tip")
        if df.empty:
            return df
        effect = "per_hand_effect" if self.games else "effect"
        df["p_holm"] = holm(df["p"].tolist())
        df["verdict"] = [
            _verdict_after(p, e, alpha, lower_is_better=True, lang=lang) for p, e in zip(df["p_holm"], df[effect])
        ]
        if self.games:
            df["win_p_holm"] = holm(df["win_p"].tolist())
            df["win_verdict"] = [
                _verdict_after(p, e, alpha, lower_is_better=False, lang=lang)
                for p, e in zip(df["win_p_holm"], df["win_effect"])
            ]
        return df

    def summary(self, lang: str = "en") -> str:
        """The table with the sentence on testing many tips at once, in English or Spanish."""
        check_language(lang, ExperimentError)
        df = self.table(lang)
        unclear = text("experiment.family.verdict.unclear", lang)
        clear = int((df["verdict"] != unclear).sum()) if len(df) else 0
        alpha = number(100 * (1 - self.confidence), lang, 0)
        head = text("experiment.family.title", lang, n=len(df), alpha=alpha)
        tail = text("experiment.family.none", lang) if not clear else text(
            "experiment.family.some", lang, clear=clear, n=len(df)
        )  # fmt: skip
        words = catalogue(lang)
        shown = df.rename(columns=lambda c: words.get(f"experiment.family.col.{c}", c))
        shown.index = pd.Index(list(shown.index), name=words["experiment.family.col.tip"])
        body = shown.to_string(float_format=lambda x: number(x, lang, 3))
        return f"{head}\n{body}\n{tail}"


def _announce_time(names: tuple[str, ...], unit: str, options: dict[str, Any]) -> None:
    """Print the time :func:`tip_experiments` will take (with ``progress`` on), before it starts."""
    if not options.get("progress", True):
        return
    for tip in names:
        if tip not in TIP_NAMES and tip not in HABIT_NAMES:
            return  # tip_experiment names the unknown tip
    try:
        estimate = estimate_time(names, unit=unit, **options)
    except (HeartsError, TypeError):
        return  # a bad option: the experiment itself raises the error that names it
    print(estimate.sentence("en"), flush=True)


def _verdict_after(p: float, effect: float, alpha: float, *, lower_is_better: bool, lang: str) -> str:
    if math.isnan(p) or p >= alpha:
        return text("experiment.family.verdict.unclear", lang)
    good = effect < 0 if lower_is_better else effect > 0
    return text(f"experiment.family.verdict.{'better' if good else 'worse'}", lang)


def tip_experiments(tips: Sequence[str] | None = None, *, unit: str = "hands", **options: Any) -> TipFamily:
    """:func:`tip_experiment` for several tips (all nine by default) on the same seeds, Holm-adjusted together.

    Each tip is tested at its own field (:data:`hearts.tip_fields.TIP_FIELDS`)
    unless ``field=`` names one for all: ``"expert"`` for a stronger table,
    or a list of one bot per other seat for a mixed one (``["expert",
    "rule", "moon"]``). With ``progress`` on (the default) it first prints how
    long the run will take, from a few hands measured with the field
    (:func:`hearts.tip_fields.estimate_time`); an expert plays a hand
    hundreds of times slower than a rule bot.

    >>> fam = tip_experiments(["void_short_suit", "flush_queen"], n_deals=4, workers=1, progress=False)
    >>> list(fam.table().columns)
    ['effect', 'lo', 'hi', 'p', 'p_holm', 'verdict']
    """
    names = tuple(TIP_NAMES if tips is None else tips)
    if not names:
        raise ExperimentError("tips must name at least one tip", "tips")
    _announce_time(names, unit, options)
    results: list[ExperimentResult | GameExperimentResult] = [tip_experiment(t, unit=unit, **options) for t in names]
    return TipFamily(results, float(options.get("confidence", 0.95)))
