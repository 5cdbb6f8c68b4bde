"""Tournaments: any number of bots, every one in every seat, on duplicate deals.

:func:`tournament` plays each deal once for every seating of a schedule
built so that every bot meets every other and sits in every seat equally
often:

- with as many bots as seats or fewer, every table of the schedule seats
  all the bots, some of them twice (two bots at four seats: AAAB, AABB,
  ABBB; three: AABC, ABBC, ABCC);
- with more bots than seats, every table is one of the ways to choose as
  many bots as there are seats.

Each table is played in all its rotations (``seatings="rotations"``, each
bot in each seat once per table) or in every distinct order of its bots
(``seatings="permutations"``, which also balances who sits next to whom;
more hands). Every hand starts from fresh bots with the seeds of
:func:`hearts.selfplay.hand_seeds`, so a seat's random choices are the same
whoever sits there: the luck of the cards and of the dice cancels out of
the comparisons.

The result (:class:`TournamentResult`) holds one tidy row per deal,
seating and seat; :meth:`~TournamentResult.ranking` gives each bot's score
per hand with its interval and the range of ranks the data allow,
:meth:`~TournamentResult.pairwise` the effect of every pair with its
interval and Holm-adjusted p-value, and :meth:`~TournamentResult.plot` a
forest plot with a one-line takeaway.

>>> r = tournament(["random", "rule"], n_deals=4, workers=1, progress=False)
>>> len(r.seatings), len(r.table)  # AAAB, AABB, ABBB in 4 rotations each; 4 seats per hand
(12, 192)
>>> r.ranking()["rank"].tolist()
[1, 2]
>>> r.ranking().index.tolist()
['Rule bot', 'Random']
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np
import pandas as pd

from hearts import files
from hearts.bots.registry import BotLike, BotSpec, Seating, as_bot, bot_label, broken_pool_message, local_workers_for
from hearts.columns import data_dictionary
from hearts.deal import Deal
from hearts.errors import SelfPlayError
from hearts.experiment import table_number
from hearts.hand import HandState
from hearts.messages import bot_name, catalogue, check_language, number, seat_name, text
from hearts.parallel import ParallelError, WorkerError, run_tasks
from hearts.plotting import TITLE_SIZE, fit_title
from hearts.rules import Rules
from hearts.runs import Run
from hearts.selfplay import (
    hand_seeds,
    parquet_set_id,
    play_out,
    read_info,
    read_parquet,
    reads_results,
    writable_folder,
    write_parquet,
)
from hearts.stats import holm, t_interval, t_pvalue

__all__ = ["TournamentError", "TournamentResult", "TournamentWarning", "schedule", "tournament"]

Seatings = Literal["rotations", "permutations"]


class TournamentError(SelfPlayError):
    """A bad tournament option; ``.option`` names it."""


class TournamentWarning(UserWarning):
    """A tournament whose data cannot say what an interval seems to say (two bots that never played differently)."""


def schedule(n_bots: int, seats: int = 4, seatings: Seatings = "rotations") -> list[tuple[int, ...]]:
    """The seatings of a tournament: tuples of bot indices, one per seat (South first).

    Every bot sits in every seat equally often, and every pair of bots
    meets at the same number of tables.

    >>> schedule(3)[:4]
    [(0, 0, 1, 2), (0, 1, 2, 0), (1, 2, 0, 0), (2, 0, 0, 1)]
    >>> len(schedule(2)), len(schedule(3)), len(schedule(4)), len(schedule(8))
    (12, 12, 4, 280)
    >>> len(schedule(4, seatings="permutations"))
    24
    """
    if n_bots < 2:
        raise TournamentError(f"a tournament needs 2 bots or more, not {n_bots}", "bots")
    if seatings not in ("rotations", "permutations"):
        raise TournamentError(f"seatings must be 'rotations' or 'permutations', not {seatings!r}", "seatings")
    if n_bots <= seats:
        # every bot at every table: the multisets of size `seats` that hold each bot at least once
        tables = [
            t for t in itertools.combinations_with_replacement(range(n_bots), seats) if len(set(t)) == n_bots
        ]
    else:
        tables = list(itertools.combinations(range(n_bots), seats))
    out: list[tuple[int, ...]] = []
    for table in tables:
        if seatings == "rotations":
            orders = [table[i:] + table[:i] for i in range(seats)]
        else:
            orders = sorted(set(itertools.permutations(table)))
        out.extend(orders)
    return out


@dataclasses.dataclass(frozen=True)
class _Chunk:
    seed: int
    start: int
    stop: int
    bots: tuple[Any, ...]
    seatings: tuple[tuple[int, ...], ...]
    rules: Rules


def _run_chunk(chunk: _Chunk) -> dict[str, np.ndarray]:
    rules = chunk.rules
    n = rules.num_players
    tables = [Seating([chunk.bots[i] for i in seating]) for seating in chunk.seatings]
    rows = (chunk.stop - chunk.start) * len(tables) * n
    out: dict[str, np.ndarray] = {
        "deal": np.zeros(rows, np.int32),
        "deal_number": np.zeros(rows, np.int64),
        "hand_number": np.zeros(rows, np.int16),
        "seating": np.zeros(rows, np.int16),
        "seat": np.zeros(rows, np.int16),
        "bot": np.zeros(rows, np.int16),
        "points": np.zeros(rows, np.int64),
        "score": np.zeros(rows, np.int64),
        "shot_moon": np.zeros(rows, bool),
    }
    k = 0
    for i in range(chunk.start, chunk.stop):
        number, seeds = hand_seeds(chunk.seed, i, n)
        deal = Deal.from_number(number, rules, hand_number=i % 4 + 1)
        for j, (seating, table) in enumerate(zip(chunk.seatings, tables)):
            state = HandState(deal, rules)
            play_out(state, table.fresh(seeds))  # the seat's seeds, whoever sits there
            res = state.result()
            for s in range(n):
                out["deal"][k] = i
                out["deal_number"][k] = number
                out["hand_number"][k] = deal.hand_number
                out["seating"][k] = j
                out["seat"][k] = s
                out["bot"][k] = seating[s]
                out["points"][k] = res.points[s]
                out["score"][k] = res.scores[s]
                out["shot_moon"][k] = res.shooter == s
                k += 1
    return out


@dataclasses.dataclass
class TournamentResult:
    """What a :func:`tournament` played: the tidy ``table`` and the comparisons made from it.

    ``table`` has one row per deal, seating and seat (see
    :meth:`data_dictionary`). ``bots`` are the labels, ``seatings`` the
    schedule (bot indices per seat).
    """

    bots: list[str]
    seatings: list[tuple[int, ...]]
    table: pd.DataFrame
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)
    confidence: float = 0.95

    @staticmethod
    def data_dictionary() -> pd.DataFrame:
        """The columns of :attr:`table`: dtype, unit and meaning (see :mod:`hearts.columns`)."""
        return data_dictionary("tournament")

    @property
    def n_deals(self) -> int:
        """Deals played (each once per seating)."""
        return int(self.table["deal"].nunique()) if len(self.table) else 0

    @property
    def measure(self) -> str:
        """The column compared: ``score`` (after a moon) or ``points``."""
        return str(self.meta.get("measure", "score"))

    def per_deal(self) -> pd.DataFrame:
        """Each bot's mean score per hand on each deal, over all the seats it sat in (deals × bots)."""
        means = self.table.groupby(["deal", "bot"], observed=True)[self.measure].mean().unstack("bot")
        return means.reindex(columns=self.bots)

    def pairwise(self) -> pd.DataFrame:
        """Every pair: ``b`` minus ``a`` in points per hand, paired by deal, with interval and Holm-adjusted p.

        The project's convention (as :func:`hearts.experiment.compare`): the
        effect is B minus A, its interval ``ci_low`` to ``ci_high``. Negative
        ``effect``: ``b`` takes fewer points than ``a`` (better). ``p`` is
        unadjusted; ``clear`` is true when the Holm-adjusted ``p_holm`` is
        below ``1 - confidence``: the pairs are tested together. ``changed``
        is the share of deals on which the two bots' scores differed: 0
        means they played every deal alike, and their interval of width
        zero is no evidence that they are equal (:meth:`identical_pairs`).

        >>> r = tournament(["random", "rule"], n_deals=4, workers=1, progress=False)
        >>> row = r.pairwise().iloc[0]
        >>> (row["a"], row["b"]), bool(row["effect"] < 0)
        (('Random', 'Rule bot'), True)
        """
        d = self.per_deal()
        rows = []
        for i, j in itertools.combinations(range(len(self.bots)), 2):
            a, b = self.bots[i], self.bots[j]
            diff = d[b] - d[a]
            lo, hi = t_interval(diff, self.confidence)
            rows.append({"a": a, "b": b, "effect": float(diff.mean()), "ci_low": lo, "ci_high": hi,
                         "p": t_pvalue(diff), "changed": float((diff != 0).mean()) if len(diff) else 0.0})  # fmt: skip
        out = pd.DataFrame(rows, columns=["a", "b", "effect", "ci_low", "ci_high", "p", "changed"])
        out.insert(6, "p_holm", holm(out["p"].tolist()))
        out.insert(7, "clear", out["p_holm"] < 1 - self.confidence)
        return out

    def identical_pairs(self) -> list[tuple[str, str]]:
        """The pairs of bots whose scores were the same on every deal: these data cannot tell them apart.

        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     same = tournament(["rule", "rule"], labels=["one", "two"], n_deals=2, workers=1, progress=False)
        >>> same.identical_pairs(), caught[0].category.__name__, same.ranking()["rank"].tolist()
        ([('one', 'two')], 'TournamentWarning', [1, 1])
        >>> print(same.identical_sentence()[:62])
        one and two scored the same on every deal played (2), so these
        """
        pairs = self.pairwise()
        return [(str(a), str(b)) for a, b, c in zip(pairs["a"], pairs["b"], pairs["changed"]) if c == 0]

    def identical_sentence(self, lang: str = "en") -> str:
        """The plain sentences for :meth:`identical_pairs` (empty when every pair played differently somewhere)."""
        return " ".join(
            text("tournament.identical", lang, a=bot_name(a, lang), b=bot_name(b, lang), deals=self.n_deals)
            for a, b in self.identical_pairs()
        )

    def ranking(self) -> pd.DataFrame:
        """One row per bot, best first: score per hand with its interval, and the ranks the data allow.

        ``rank`` orders the scores; equal scores share a rank (two bots that
        played alike on every deal are both first, not first and second).
        ``vs_average`` is the bot's score per hand minus the mean of all
        bots on the same deal, with its interval. ``rank_best`` and
        ``rank_worst`` bound the bot's place: a bot can be no better than
        1 + the number of bots clearly better than it (Holm-adjusted
        pairwise tests), and no worse than the number of bots minus those
        clearly worse.
        """
        d = self.per_deal()
        average = d.mean(axis=1)
        pairs = self.pairwise()
        rows = []
        for bot in self.bots:
            lo, hi = t_interval(d[bot], self.confidence)
            rel = d[bot] - average
            rlo, rhi = t_interval(rel, self.confidence)
            clear = pairs[pairs["clear"]]  # effect: b minus a (negative: b takes fewer, better)
            better_than_me = int(((clear["a"] == bot) & (clear["effect"] < 0)).sum()
                                 + ((clear["b"] == bot) & (clear["effect"] > 0)).sum())  # fmt: skip
            worse_than_me = int(((clear["b"] == bot) & (clear["effect"] < 0)).sum()
                                + ((clear["a"] == bot) & (clear["effect"] > 0)).sum())  # fmt: skip
            rows.append({
                "bot": bot, "hands": int((self.table["bot"] == bot).sum()),
                "score_per_hand": float(d[bot].mean()), "ci_low": lo, "ci_high": hi,
                "vs_average": float(rel.mean()), "vs_ci_low": rlo, "vs_ci_high": rhi,
                "rank_best": 1 + better_than_me, "rank_worst": len(self.bots) - worse_than_me,
            })  # fmt: skip
        out = pd.DataFrame(rows).set_index("bot").sort_values("score_per_hand", kind="stable")
        # equal scores share a place (two bots that played alike are not first and second)
        out.insert(0, "rank", out["score_per_hand"].rank(method="min").astype(int).to_numpy())
        return out

    def takeaway(self, lang: str = "en") -> str:
        """One sentence on the top of the ranking, as far as the intervals allow."""
        check_language(lang, TournamentError)
        r = self.ranking()
        if not len(r):
            return ""
        first = r.index[0]
        level = number(100 * self.confidence, lang, 0)
        if int(r.iloc[0]["rank_worst"]) == 1 and int((r["rank"] == 1).sum()) == 1:
            return text("tournament.takeaway.first", lang, bot=bot_name(first, lang), n=len(r) - 1, level=level)
        tied = [bot_name(b, lang) for b in r.index if int(r.loc[b, "rank_best"]) == 1]
        return text("tournament.takeaway.open", lang, bots=", ".join(tied), level=level)

    def summary(self, lang: str = "en") -> str:
        """The ranking and the pairwise effects as text, in English or Spanish (headers and bot names too)."""
        check_language(lang, TournamentError)
        words = catalogue(lang)

        def shown(df: pd.DataFrame) -> pd.DataFrame:
            df = df.copy()
            for col in ("a", "b"):
                if col in df.columns:
                    df[col] = [bot_name(str(x), lang) for x in df[col]]
            return df.rename(columns=lambda c: words.get(f"tournament.col.{c}", c))

        ranking = shown(self.ranking())
        ranking.index = pd.Index([bot_name(str(b), lang) for b in ranking.index], name=words["tournament.col.bot"])
        pairs = shown(self.pairwise())
        head = text(
            "tournament.summary", lang, bots=len(self.bots), deals=self.n_deals, seatings=len(self.seatings),
            hands=self.n_deals * len(self.seatings), level=number(100 * self.confidence, lang, 0),
        )  # fmt: skip
        def fmt(x: float) -> str:
            return table_number(x, lang)

        return "\n".join([
            head, text("tournament.ranking", lang), ranking.to_string(float_format=fmt),
            text("tournament.pairs", lang), pairs.to_string(index=False, float_format=fmt),
            *filter(None, [self.identical_sentence(lang)]), self.takeaway(lang),
        ])  # fmt: skip

    def plot(self, ax: Any = None, lang: str = "en") -> Any:
        """A forest plot, best at the top: each bot's score per hand minus the average of all bots on the same
        deal (paired by deal, so the luck of the cards cancels), with its interval; the takeaway in the title."""
        import matplotlib.pyplot as plt

        check_language(lang, TournamentError)
        r = self.ranking()
        created = ax is None
        if ax is None:
            _, ax = plt.subplots(figsize=(8, 1.6 + 0.45 * len(r)))
        y = np.arange(len(r))[::-1]
        for yi, (_, row) in zip(y, r.iterrows()):
            e = row["vs_average"]
            ax.errorbar([e], [yi], xerr=[[e - row["vs_ci_low"]], [row["vs_ci_high"] - e]], fmt="o", capsize=4)
        ax.axvline(0.0, color="black", linewidth=0.8)
        ax.set_yticks(y, [bot_name(str(b), lang) for b in r.index])
        ax.set_ylim(-0.7, len(r) - 0.3)
        ax.set_xlabel(text("tournament.axis", lang))
        title = text(
            "tournament.title", lang, deals=self.n_deals, seatings=len(self.seatings),
            level=number(100 * self.confidence, lang, 0),
        )  # fmt: skip
        fig = ax.figure
        fit_title(
            fig, lambda t: ax.set_title(t, fontsize=TITLE_SIZE), [title, self.takeaway(lang)],
            lambda: ax.get_position().width * fig.get_figwidth(), created,
        )  # fmt: skip
        return ax

    def to_parquet(self, directory: str | Path) -> Path:
        """Write ``tournament.parquet`` and ``tournament.json`` into ``directory``, both or neither.

        Written through :func:`hearts.files.replacing`: a full disk or any
        other failure leaves earlier files as they were, and both files carry
        the id of this save, so a pair left half-renamed by a kill is refused
        by :meth:`from_parquet`.

        >>> import tempfile
        >>> r = tournament(["random", "rule"], n_deals=2, workers=1, progress=False)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     back = TournamentResult.from_parquet(r.to_parquet(d))
        >>> back.table.equals(r.table), back.bots == r.bots
        (True, True)
        """
        d = writable_folder(directory, TournamentError)
        set_id = files.new_set_id()
        info = {"bots": self.bots, "seatings": [list(s) for s in self.seatings], "meta": self.meta,
                "confidence": self.confidence, files.SET_FIELD: set_id}  # fmt: skip
        with files.replacing(d / "tournament.parquet", d / "tournament.json") as (table_tmp, info_tmp):
            write_parquet(self.table, table_tmp, set_id=set_id)
            info_tmp.write_text(json.dumps(info, indent=2, sort_keys=True), encoding="utf-8")
        return d

    @classmethod
    @reads_results("tournament.json", ["tournament.parquet"], TournamentError)
    def from_parquet(cls, directory: str | Path) -> TournamentResult:
        """Read what :meth:`to_parquet` wrote.

        Files from two different saves (one killed between its renames) are
        refused with :class:`hearts.files.FileContentError` (``'mixed_set'``)
        naming the file.
        """
        d = Path(directory)
        if not (d / "tournament.parquet").is_file() or not (d / "tournament.json").is_file():
            raise TournamentError(f"{d} holds no tournament: expected tournament.parquet and .json", "directory")
        info = read_info(d / "tournament.json", TournamentError, ("bots", "seatings", "meta", "confidence"))
        files.check_set([(d / "tournament.parquet", parquet_set_id(d / "tournament.parquet")),
                         (d / "tournament.json", info.get(files.SET_FIELD))])  # fmt: skip
        table = read_parquet(d / "tournament.parquet")
        n = int(info["meta"].get("num_players", 4))
        table["seat"] = table["seat"].astype(pd.CategoricalDtype(_seat_names(n), ordered=True))
        table["bot"] = table["bot"].astype(pd.CategoricalDtype(info["bots"]))
        seatings = [tuple(s) for s in info["seatings"]]
        return cls(info["bots"], seatings, table, info["meta"], info["confidence"])

    def __repr__(self) -> str:
        return f"<TournamentResult {len(self.bots)} bots, {self.n_deals} deals, {len(self.seatings)} seatings>"


def _seat_names(n: int) -> list[str]:
    return [seat_name(s, "en", n) for s in range(n)]


def tournament(
    bots: Sequence[BotLike],
    *,
    n_deals: int = 200,
    seatings: Seatings = "rotations",
    measure: str = "score",
    confidence: float = 0.95,
    labels: Sequence[str] | None = None,
    **options: Any,
) -> TournamentResult:
    """Play a tournament of ``bots`` (2 or more) on ``n_deals`` duplicate deals; see the module's docstring.

    - ``bots``: names (``'random'``, ``'rule'``, ``'expert'``), classes,
      :class:`~hearts.bots.registry.BotSpec` recipes or instances; their
      labels must differ (give ``labels`` to name them).
    - ``seatings``: ``'rotations'`` (default) or ``'permutations'``
      (see :func:`schedule`); each deal is played once per seating.
    - ``measure``: ``'score'`` (after moon scoring) or ``'points'``.
    - ``confidence``: the level of every interval (0.95).
    - run options as :func:`hearts.selfplay.play_hands` (``seed``,
      ``rules``, ``workers``, ``client``, ``progress``, ``chunk_size``,
      ``mp_context``); the result does not depend on ``workers``.
    """
    run = Run.check(options, caller="tournament", error=TournamentError)
    if not isinstance(n_deals, (int, np.integer)) or isinstance(n_deals, bool) or n_deals < 2:
        raise TournamentError(
            f"n_deals must be a whole number, 2 or more (an interval needs two deals), not {n_deals!r}", "n_deals"
        )
    n_deals = int(n_deals)
    if isinstance(bots, (str, BotSpec)) or not isinstance(bots, Sequence):
        raise TournamentError("bots must be a list of two bots or more", "bots")
    if measure not in ("score", "points"):
        raise TournamentError(f"measure must be 'score' or 'points', not {measure!r}", "measure")
    if not isinstance(confidence, float) or not 0.0 < confidence < 1.0:
        raise TournamentError(f"confidence must be a number between 0 and 1, not {confidence!r}", "confidence")
    try:
        specs = [as_bot(b) for b in bots]
        for s in specs:
            if isinstance(s, BotSpec):
                s.resolve()
    except SelfPlayError as e:
        raise TournamentError(str(e), "bots") from None
    names = list(labels) if labels is not None else [bot_label(s) for s in specs]
    if len(names) != len(specs):
        raise TournamentError(f"labels must name every bot ({len(specs)}), got {len(names)}", "labels")
    if len(set(names)) != len(names):
        doubles = sorted({x for x in names if names.count(x) > 1})
        raise TournamentError(f"two bots have the same label {doubles}; give labels=[...] to tell them apart", "labels")
    rules = run.rules
    order = schedule(len(specs), rules.num_players, seatings)
    nworkers = local_workers_for(specs, run.worker_count, run.client, run.mp_context, stacklevel=2)
    chunks = [
        _Chunk(run.seed, lo, hi, tuple(specs), tuple(order), rules) for lo, hi in run.chunks(n_deals, nworkers, 5)
    ]
    try:
        parts = run_tasks(
            _run_chunk, chunks, weights=[c.stop - c.start for c in chunks], desc="deals", unit="deal",
            **run.parallel(nworkers),
        )  # fmt: skip
    except WorkerError as e:
        raise TournamentError(broken_pool_message(specs, run.mp_context, e), "bots") from None
    except ParallelError as e:
        raise TournamentError(str(e), e.option) from None
    cols = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    n = rules.num_players
    table = pd.DataFrame(
        {
            "deal": cols["deal"],
            "deal_number": cols["deal_number"],
            "hand_number": cols["hand_number"],
            "seating": cols["seating"],
            "seat": pd.Categorical.from_codes(cols["seat"], dtype=pd.CategoricalDtype(_seat_names(n), ordered=True)),
            "bot": pd.Categorical.from_codes(cols["bot"], dtype=pd.CategoricalDtype(names)),
            "points": cols["points"],
            "score": cols["score"],
            "shot_moon": cols["shot_moon"],
        }
    )
    meta = {"seed": run.seed, "n_deals": n_deals, "seatings": seatings, "measure": measure,
            "num_players": n, "rules": rules.to_dict()}  # fmt: skip
    result = TournamentResult(names, order, table, meta, confidence)
    if result.identical_pairs():
        warnings.warn(result.identical_sentence("en"), TournamentWarning, stacklevel=2)
    return result
