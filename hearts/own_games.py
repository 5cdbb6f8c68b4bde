"""A person's own hands as the tidy data of self-play, and what cost them points.

:class:`OwnGames` takes finished hands (:class:`~hearts.hand.HandState`) with
the seats people played and gives:

- ``hands``, ``tricks`` and ``plays``: the DataFrames of
  :func:`hearts.selfplay.play_hands`, with the same columns and dtypes (see
  :mod:`hearts.columns`), so every self-play analysis works on one's own play;
  then a few columns of their own: ``person`` (this seat was a person),
  ``player`` (their name, ``"you"`` at one's own table, or the bot's level),
  and on ``hands`` ``played_at`` (UTC), ``table`` and ``game_id``. Columns a
  bot's decision fills (``reason``, ``tip``, ``pass_reason`` …) are missing
  (``NaN``) here: nobody gave a reason.
- :meth:`OwnGames.mistakes`: one row per decision of a person where the card
  (or pass) cost surely more than a threshold of expected points, measured by
  the hand review's evaluation (:func:`hearts.review.review_rows`, the same
  numbers the review shows for the same seed), explained in words from the
  hints' detectors (:mod:`hearts.explain`) and the tips
  (:mod:`hearts.bots.tips`).
- :meth:`OwnGames.habits`: for each of the nine tips, how often its situation
  came up, how often it was followed, and what following it or not cost.
- :meth:`OwnGames.progress`: points per hand over time, smoothed, beside the
  bots' level at the same tables.

Cancellation Hearts hands (two packs) are judged the same way, by the review's two-pack evaluation
(:mod:`hearts.bots.cancel_expert`), and their mistakes are explained with the cancel-aware facts of
:mod:`hearts.cancel_hint` (a twin still out, a trick that would wait, the widow).

**Never blaming noise.** A decision is a mistake only when the review's
verdict is ``costly``: the cost (the chosen option's expected points minus the
expert's choice's, measured again in fresh worlds) less two standard errors is
above the threshold (:data:`hearts.review.COSTLY`, 1 point). The expert's own
search picks its card from a few hundred sampled worlds, and the smallest of
several noisy averages looks better than it is; so the search may prefer a card
that the review, in fresh worlds, finds no better, or worse (the review once
rated the expert's own choice 3.3 ± 2.8 points worse than a learner's card).
The search is for choosing; the review's check is for judging, and only a cost
whose whole interval lies above the threshold is called a mistake.

>>> from hearts import Deal, HandState
>>> from hearts.bots.rule_bot import RuleBot
>>> from hearts.selfplay import play_out
>>> h = HandState(Deal.from_number(4))
>>> _ = play_out(h, [RuleBot(seed=s) for s in range(4)])
>>> g = OwnGames([OwnHand(h, people=(0,))])
>>> len(g.hands), len(g.plays), int(g.hands["person"].sum())
(4, 52, 1)
>>> m = g.mistakes(worlds=60, pass_worlds=8, check_worlds=200)
>>> list(m.columns[:6])
['deal', 'seat', 'player', 'decision', 'kind', 'trick']
>>> bool((m["cost"] - 2 * m["cost_se"] > 1.0).all())
True
"""

from __future__ import annotations

import dataclasses
import datetime
import math
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import pandas as pd

from hearts.bots.tips import TIP_NAMES, tip_title
from hearts.cards import Card, CardSet
from hearts.errors import OptionError
from hearts.explain import Fact, _pass_because_hand, fact_words, trick_outcome
from hearts.hand import HandState
from hearts.messages import check_language, number, text, text_n
from hearts.review import COSTLY, COSTLY_Z, DEFAULT_CHECK_WORLDS, decision_rows, replay_decisions, review_rows
from hearts.rules import Rules

__all__ = [
    "HABIT_COLUMNS",
    "MIN_CASES",
    "MISTAKE_COLUMNS",
    "SCREEN_CHECK_WORLDS",
    "OwnGames",
    "OwnGamesError",
    "OwnHand",
    "plot_habits",
    "plot_progress",
    "sample",
]

MIN_CASES = 5
"""A tip's situation must have come up this many times (and each side, followed and not, twice) before
:meth:`OwnGames.habits` puts a number on what following it cost; below that it says "not enough hands yet"."""

MISTAKE_COLUMNS = (
    "deal", "seat", "player", "decision", "kind", "trick", "card", "better", "cost", "cost_se", "low",
    "tip", "explanation", "played_at", "game_id",
)  # fmt: skip
"""Columns of :meth:`OwnGames.mistakes`."""

HABIT_COLUMNS = (
    "tip", "title", "arose", "followed", "followed_share", "cost_followed", "cost_followed_se",
    "cost_not_followed", "cost_not_followed_se", "difference", "difference_se", "verdict",
)  # fmt: skip
"""Columns of :meth:`OwnGames.habits`."""

SCREEN_CHECK_WORLDS = 200
"""Check worlds of the first pass over every decision (see :meth:`OwnGames.mistakes`)."""

_UTC: Final = "datetime64[ns, UTC]"


class OwnGamesError(OptionError):
    """An analysis of one's own games asked for with a bad argument; ``.option`` names it."""


@dataclasses.dataclass(frozen=True)
class OwnHand:
    """One finished hand and who played it: ``people`` the seats people played, ``players`` a name per seat
    (default ``"you"`` for a person, ``"bot"`` otherwise), ``played_at`` when it finished (UTC), ``table``
    where (``"solo"``, ``"learn"``, ``"pass_and_play"``, ``"room"``), ``game_id`` the game it belongs to."""

    state: HandState
    people: tuple[int, ...] = (0,)
    players: tuple[str, ...] | None = None
    played_at: datetime.datetime | None = None
    table: str = "solo"
    game_id: str = ""

    def names(self) -> tuple[str, ...]:
        """A name per seat."""
        if self.players is not None:
            return self.players
        return tuple("you" if s in self.people else "bot" for s in range(self.state.n))


def _shape(rules: Rules) -> tuple[int, int, int]:
    return rules.num_players, rules.hand_size, rules.pass_size


def _frames(hands: Sequence[OwnHand], rules: Rules) -> dict[str, pd.DataFrame]:
    """The three tables of :func:`~hearts.selfplay.play_hands` for ``hands`` (all of one shape of ``rules``)."""
    from hearts import selfplay as sp

    labels = list(dict.fromkeys(name for h in hands for name in h.names())) or ["you"]
    rec = sp._Recorder(rules.num_players, "plays", False)
    rec.pass_value.extend([-1] * rules.num_players for _ in hands)
    for own in hands:
        state = own.state
        n = state.n
        res = state.result()
        rec.deal_number.append(state.deal.number or 0)
        rec.hand_number.append(state.hand_number)
        rec.pass_dir.append(sp._PASS_CODE[state.pass_direction])
        rec.bot.extend(labels.index(name) for name in own.names())
        rec.dealt.extend(h.mask for h in state.deal.hands)
        rec.passed.extend(p or 0 for p in state.passes)
        rec.received.extend(r or 0 for r in state.received)
        rec.pass_reason.extend([-1] * n)
        rec.pass_tip.extend([-1] * n)
        rec.points.extend(res.points)
        rec.score.extend(res.scores)
        rec.tricks_won.extend(res.tricks_won)
        rec.taken.extend(state.taken)
        rec.shot.extend(s == res.shooter for s in range(n))
        for t in state.tricks:
            rec.leader.append(t.leader)
            rec.winner.append(t.winner)
            rec.trick_points.append(t.points)
            rec.cards.extend(t.cards)
            rec.reason.extend([-1] * n)
            rec.reason_values.extend([None] * n)
            rec.tip.extend([-1] * n)
    out = sp._frames(rec, labels, rules)
    run = sp.run_id({"format": sp.FORMAT_VERSION, "mode": "own_games", "rules": rules.to_dict()})
    for df in out.values():
        df.insert(0, "run", sp._run_column(run, len(df)))
    return out


def _add_own_columns(out: dict[str, pd.DataFrame], hands: Sequence[OwnHand]) -> None:
    n = hands[0].state.n if hands else 4
    names = [name for h in hands for name in h.names()]
    people = [s in h.people for h in hands for s in range(n)]
    player = pd.Categorical(names, categories=sorted(set(names)))
    hd = out["hands"]
    hd["person"] = np.asarray(people, dtype=bool)
    hd["player"] = player
    when = [h.played_at for h in hands for _ in range(n)]
    hd["played_at"] = pd.to_datetime(pd.Series(when, dtype="object"), utc=True).astype(_UTC)
    hd["table"] = pd.Categorical([h.table for h in hands for _ in range(n)])
    hd["game_id"] = pd.array([h.game_id for h in hands for _ in range(n)], dtype="string")
    for name in ("plays",):
        df = out[name]
        deal = df["deal"].to_numpy()
        seat = df["seat"].cat.codes.to_numpy().astype(np.int64)
        flat = np.asarray(people, dtype=bool)
        df["person"] = flat[deal * n + seat]
        df["player"] = pd.Categorical.from_codes(player.codes[deal * n + seat], dtype=player.dtype)


class OwnGames:
    """Finished hands people played, as tidy data, with the review's verdict on their decisions.

    ``hands`` is a list of :class:`OwnHand`, oldest first. Hands whose rules deal a different number of
    players or cards than most of them are set aside (:attr:`set_aside`): one table holds one shape of game.
    ``damaged`` lists what could not be read (from :func:`hearts_widgets.my_games`).
    """

    def __init__(self, hands: Sequence[OwnHand], *, damaged: Sequence[Any] = ()) -> None:
        if isinstance(hands, (str, bytes)) or not all(isinstance(h, OwnHand) for h in hands):
            raise OwnGamesError("hands must be a list of OwnHand", "hands")
        for k, h in enumerate(hands):
            if not isinstance(h.state, HandState) or not h.state.is_over:
                raise OwnGamesError(f"hands[{k}] is not a finished hand", "hands")
            n = h.state.n
            if not all(isinstance(s, int) and 0 <= s < n for s in h.people) or len(h.names()) != n:
                raise OwnGamesError(f"hands[{k}]: people must be seats 0 to {n - 1} and players one name a seat",
                                    "hands")  # fmt: skip
        shapes: dict[tuple[int, int, int], int] = {}
        for h in hands:
            shapes[_shape(h.state.rules)] = shapes.get(_shape(h.state.rules), 0) + 1
        main = max(shapes, key=lambda k: (shapes[k], k == (4, 13, 3))) if shapes else (4, 13, 3)
        self.kept: list[OwnHand] = [h for h in hands if _shape(h.state.rules) == main]
        self.set_aside: list[OwnHand] = [h for h in hands if _shape(h.state.rules) != main]
        self.damaged = list(damaged)
        rules = self.kept[0].state.rules if self.kept else Rules()
        out = _frames(self.kept, rules)
        _add_own_columns(out, self.kept)
        self.hands: pd.DataFrame = out["hands"]
        self.tricks: pd.DataFrame = out["tricks"]
        self.plays: pd.DataFrame = out["plays"]
        self._reviews: dict[tuple[Any, ...], list[dict[str, Any]]] = {}

    def __len__(self) -> int:
        return len(self.kept)

    def __repr__(self) -> str:
        return f"<OwnGames: {len(self.kept)} hands, {len(self.damaged)} damaged records skipped>"

    def selfplay(self) -> Any:
        """The three tables as a :class:`hearts.selfplay.SelfPlayResult` (``meta["mode"]`` is ``"own_games"``),
        for the code written for self-play (``.summary()``, ``.to_parquet()``, ``SelfPlayResult.concat``).

        >>> r = OwnGames([]).selfplay()
        >>> r.meta["mode"], len(r.hands)
        ('own_games', 0)
        """
        from hearts.selfplay import FORMAT_VERSION, SelfPlayResult

        run = int(self.hands["run"].iloc[0]) if len(self.hands) else None
        rules = self.kept[0].state.rules if self.kept else Rules()
        meta = {"format": FORMAT_VERSION, "mode": "own_games", "n": len(self.kept), "rules": rules.to_dict(),
                "detail": "plays", "run": run}  # fmt: skip
        return SelfPlayResult(self.hands, self.tricks, self.plays, meta)

    def players(self) -> list[str]:
        """The people's names, in the order they first played (``["you"]`` at one's own table).

        >>> OwnGames([]).players()
        []
        """
        return list(dict.fromkeys(h.names()[s] for h in self.kept for s in h.people))

    def only(self, player: str) -> OwnGames:
        """The hands ``player`` played, with only their seats counted as the person's (a teacher's view of one
        student); :class:`OwnGamesError` if nobody of that name played.

        >>> OwnGames([]).only("Ana")
        Traceback (most recent call last):
        ...
        hearts.own_games.OwnGamesError: nobody called 'Ana' played these hands; the players are: (none)
        """
        if player not in self.players():
            names = ", ".join(self.players()) or "(none)"
            raise OwnGamesError(f"nobody called {player!r} played these hands; the players are: {names}", "player")
        hands = [
            dataclasses.replace(h, people=tuple(s for s in h.people if h.names()[s] == player))
            for h in self.kept
            if any(h.names()[s] == player for s in h.people)
        ]
        return OwnGames(hands)

    def common_mistakes(self, lang: str = "en", **options: Any) -> pd.DataFrame:
        """The class view: the costly mistakes grouped by what would have avoided them, most frequent first.

        One row per group: ``kind`` (pass / play), ``tip`` (the tip that plays the better card there, or
        ``<NA>`` when no tip does), ``title`` (the tip in ``lang``), ``mistakes``, ``players`` (how many
        different people made one), ``mean_cost`` and ``total_cost`` (expected points). ``options`` go to
        :meth:`mistakes`.
        """
        m = self.mistakes(lang, **options)
        m = m.assign(tip=m["tip"].fillna(""))
        out = (
            m.groupby(["kind", "tip"], sort=False)
            .agg(mistakes=("cost", "size"), players=("player", "nunique"), mean_cost=("cost", "mean"),
                 total_cost=("cost", "sum"))
            .reset_index()
            .sort_values(["mistakes", "total_cost"], ascending=False, kind="stable")
            .reset_index(drop=True)
        )  # fmt: skip
        titles = [" + ".join(tip_title(t, lang) for t in tip.split("+")) if tip else "" for tip in out["tip"]]
        out.insert(2, "title", pd.Series(titles, dtype="string", index=out.index))
        out["tip"] = pd.array([t or None for t in out["tip"]], dtype="string")
        out["title"] = out["title"].replace("", pd.NA)
        return out

    # ----- the review of every decision ------------------------------------------------------

    def _review(self, i: int, seat: int, budget: tuple[int, int, int, int], decisions: tuple[int, ...] | None
                ) -> list[dict[str, Any]]:  # fmt: skip
        key: tuple[Any, ...] = (i, seat, *budget, decisions)
        rows = self._reviews.get(key)
        if rows is None:
            worlds, pass_worlds, check_worlds, seed = budget
            rows = self._reviews[key] = review_rows(
                self.kept[i].state, seat, worlds=worlds, pass_worlds=pass_worlds, check_worlds=check_worlds,
                seed=seed, decisions=decisions,
            )  # fmt: skip
        return rows

    def _decisions(self, worlds: int | None, pass_worlds: int | None, check_worlds: int, seed: int, costly: float
                   ) -> list[tuple[int, int, list[dict[str, Any]], list[dict[str, Any]], set[int]]]:  # fmt: skip
        """Every decision of every person, reviewed in two passes (see :meth:`mistakes`): the rows, the
        decisions, and which of them were measured with the full ``check_worlds``."""
        from hearts.bots.expert import DEFAULT_PASS_WORLDS, DEFAULT_WORLDS

        w = DEFAULT_WORLDS if worlds is None else worlds
        pw = DEFAULT_PASS_WORLDS if pass_worlds is None else pass_worlds
        for name, v in (("worlds", w), ("pass_worlds", pw), ("check_worlds", check_worlds), ("seed", seed)):
            if isinstance(v, bool) or not isinstance(v, int) or v < (0 if name == "seed" else 1):
                raise OwnGamesError(f"{name} must be a whole number{'' if name == 'seed' else ' 1 or more'}, "
                                    f"not {v!r}", name)  # fmt: skip
        if isinstance(costly, bool) or not isinstance(costly, (int, float)) or not costly >= 0:
            raise OwnGamesError(f"costly must be a number of points, 0 or more, not {costly!r}", "costly")
        first = (w, pw, min(check_worlds, SCREEN_CHECK_WORLDS), seed)
        out = []
        for i, own in enumerate(self.kept):
            for seat in own.people:
                rows = self._review(i, seat, first, None)
                suspects = sorted({
                    int(r["decision"]) for r in rows
                    if r["chosen"] and not r["best"] and not r["forced"]
                    and r["regret"] + COSTLY_Z * r["regret_se"] > costly
                })  # fmt: skip
                if suspects and first[2] < check_worlds:
                    full = self._review(i, seat, (w, pw, check_worlds, seed), tuple(suspects))
                    rows = [r for r in rows if r["decision"] not in suspects] + full
                    rows.sort(key=lambda r: int(r["decision"]))
                out.append((i, seat, rows, decision_rows(rows, costly=costly), set(suspects)))
        return out

    def mistakes(
        self,
        lang: str = "en",
        *,
        costly: float = COSTLY,
        worlds: int | None = None,
        pass_worlds: int | None = None,
        check_worlds: int = DEFAULT_CHECK_WORLDS,
        seed: int = 0,
    ) -> pd.DataFrame:
        """One row per decision of a person whose cost is surely above ``costly`` points (verdict ``costly``).

        Columns (:data:`MISTAKE_COLUMNS`): ``deal`` (the row of ``hands`` / ``plays``), ``seat``, ``player``,
        ``decision`` (as the review numbers them), ``kind`` (``pass`` / ``play``), ``trick`` (0-12, ``<NA>``
        for the pass), ``card`` (what was played or passed), ``better`` (the expert's choice), ``cost`` and
        ``cost_se`` (expected points lost and its standard error, from the review's check worlds), ``low``
        (``cost - 2 cost_se``: the cost is surely above it), ``tip`` (the tip that plays the better card here,
        if one does), ``explanation`` (in ``lang``), ``played_at``, ``game_id``. Costliest first.

        The numbers are those of :func:`hearts.review.review_hand` for the same seat, ``seed`` and world counts.
        To be quick on hundreds of hands, every decision is first reviewed with :data:`SCREEN_CHECK_WORLDS`
        check worlds; only the decisions whose screening regret could exceed ``costly`` (the regret plus two
        standard errors above it: the screening regret leans high, so a real mistake is not left out this
        way) are reviewed again with the full ``check_worlds``, with the review's own random streams, so their
        numbers are exactly the review's. Only those are ever called mistakes.
        """
        check_language(lang)
        rows = []
        for i, seat, raw, decided, full in self._decisions(worlds, pass_worlds, check_worlds, seed, costly):
            costly_ones = [d for d in decided if d["verdict"] == "costly" and d["decision"] in full]
            if not costly_ones:
                continue
            steps = replay_decisions(self.kept[i].state, seat)
            for d in costly_ones:
                options = [r for r in raw if r["decision"] == d["decision"]]
                chosen = next(r for r in options if r["chosen"])
                best = next(r for r in options if r["best"])
                mine = tuple(Card.parse(c) for c in str(chosen["codes"]).split())
                theirs = tuple(Card.parse(c) for c in str(best["codes"]).split())
                kind, state, _ = steps[d["decision"]]
                tip = d["tip"] if d["tip"] and _same(d["tip_option"], theirs) else None
                rows.append({
                    "deal": i, "seat": seat, "player": self.kept[i].names()[seat], "decision": d["decision"],
                    "kind": kind, "trick": d["trick"], "card": _label(mine), "better": _label(theirs),
                    "cost": d["cost"], "cost_se": d["cost_se"], "low": d["cost"] - COSTLY_Z * d["cost_se"],
                    "tip": tip,
                    "explanation": _explain(state, seat, kind, mine, theirs, d, lang),
                    "played_at": self.kept[i].played_at, "game_id": self.kept[i].game_id,
                })  # fmt: skip
        df = pd.DataFrame(rows, columns=list(MISTAKE_COLUMNS))
        df = df.astype({
            "deal": "int64", "seat": "int64", "player": "string", "decision": "int64", "kind": "string",
            "trick": "Int64", "card": "string", "better": "string", "cost": "float64", "cost_se": "float64",
            "low": "float64", "tip": "string", "explanation": "string", "game_id": "string",
        })  # fmt: skip
        df["played_at"] = pd.to_datetime(df["played_at"], utc=True).astype(_UTC)
        return df.sort_values("cost", ascending=False, kind="stable").reset_index(drop=True)

    def habits(
        self,
        lang: str = "en",
        *,
        worlds: int | None = None,
        pass_worlds: int | None = None,
        check_worlds: int = DEFAULT_CHECK_WORLDS,
        seed: int = 0,
    ) -> pd.DataFrame:
        """For each of the nine tips: how often its situation came up in the people's decisions, how often
        they followed it, and what their choices cost there (expected points lost against the expert's
        choice, as the review measures it), followed or not.

        Columns (:data:`HABIT_COLUMNS`): ``tip``, ``title`` (in ``lang``), ``arose`` (decisions where the rule
        bot's detectors found the tip's situation), ``followed`` (the person chose the tip's card or pass),
        ``followed_share``, ``cost_followed`` / ``cost_not_followed`` (mean cost per decision) with standard
        errors (``_se``), ``difference`` (not followed minus followed: what not following cost more per
        decision) and ``difference_se``, ``verdict`` in words, "not enough hands yet" below
        :data:`MIN_CASES`.

        Each decision's cost is the review's (as in :meth:`mistakes`: the full check for the decisions that
        might be costly, :data:`SCREEN_CHECK_WORLDS` check worlds for the others, whose cost is 0 when the
        choice was the expert's); the intervals come from the spread across decisions.
        """
        check_language(lang)
        cases: dict[str, list[tuple[bool, float]]] = {name: [] for name in TIP_NAMES}
        for _, _, raw, decided, _ in self._decisions(worlds, pass_worlds, check_worlds, seed, COSTLY):
            for d in decided:
                if not d["tip"] or d["forced"]:
                    continue
                chosen = next(r for r in raw if r["decision"] == d["decision"] and r["chosen"])
                followed = _same(d["tip_option"], tuple(Card.parse(c) for c in str(chosen["codes"]).split()))
                cost = float(d["cost"]) if not math.isnan(d["cost"]) else 0.0
                for name in str(d["tip"]).split("+"):
                    if name in cases:
                        cases[name].append((followed, cost))
        rows = []
        for name in TIP_NAMES:
            got = cases[name]
            yes = [c for f, c in got if f]
            no = [c for f, c in got if not f]
            my, sy = _mean_se(yes)
            mn, sn = _mean_se(no)
            enough = len(got) >= MIN_CASES and len(yes) >= 2 and len(no) >= 2
            diff, dse = (mn - my, math.hypot(sn, sy)) if enough else (math.nan, math.nan)
            rows.append({
                "tip": name, "title": tip_title(name, lang), "arose": len(got), "followed": len(yes),
                "followed_share": len(yes) / len(got) if got else math.nan,
                "cost_followed": my, "cost_followed_se": sy, "cost_not_followed": mn, "cost_not_followed_se": sn,
                "difference": diff, "difference_se": dse,
                "verdict": _habit_words(len(got), len(yes), diff, dse, enough, lang),
            })  # fmt: skip
        df = pd.DataFrame(rows, columns=list(HABIT_COLUMNS))
        return df.astype({"tip": "string", "title": "string", "arose": "int64", "followed": "int64",
                          "verdict": "string"})  # fmt: skip

    def progress(self, window: int = 10) -> pd.DataFrame:
        """One row per hand of a person, oldest first: ``hand`` (that person's own count of hands, from 0),
        ``points`` taken, ``smoothed`` (the mean of that person's last ``window`` hands), with ``smoothed_se``;
        ``bots`` the mean points of the bots in the same hand (``NaN`` where every seat was a person). Each
        person's line is their own: at a pass-and-play table or in a class, one player's points never smooth
        another's.

        >>> OwnGames([]).progress().columns.tolist()
        ['hand', 'played_at', 'player', 'points', 'smoothed', 'smoothed_se', 'bots']
        """
        if isinstance(window, bool) or not isinstance(window, int) or window < 1:
            raise OwnGamesError(f"window must be a whole number 1 or more, not {window!r}", "window")
        hd = self.hands
        me = hd[hd["person"]].reset_index(drop=True)
        bots = hd[~hd["person"]].groupby("deal")["points"].mean()
        points = me["points"].astype("float64")
        player = me["player"].astype("string")
        hand = np.zeros(len(me), dtype=np.int64)
        smoothed = np.full(len(me), np.nan)
        se = np.full(len(me), np.nan)
        for rows in points.groupby(player, sort=False).indices.values():
            roll = points.iloc[rows].rolling(window, min_periods=1)
            count = roll.count().to_numpy()
            hand[rows] = np.arange(len(rows))
            smoothed[rows] = roll.mean().to_numpy()
            se[rows] = np.where(count > 1, roll.std().to_numpy() / np.sqrt(count), np.nan)
        return pd.DataFrame({
            "hand": hand, "played_at": me["played_at"], "player": player, "points": me["points"],
            "smoothed": smoothed, "smoothed_se": se, "bots": me["deal"].map(bots).astype("float64"),
        })  # fmt: skip


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    if not values:
        return math.nan, math.nan
    a = np.asarray(values, dtype=float)
    se = float(a.std(ddof=1) / math.sqrt(len(a))) if len(a) > 1 else math.nan
    return float(a.mean()), se


def _same(option: object, cards: tuple[Card, ...]) -> bool:
    if not isinstance(option, str) or not option:
        return False
    return CardSet.parse(option.replace(" ", ",") if "," not in option else option).mask == CardSet(cards).mask


def _label(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards))


def _explain(state: HandState, seat: int, kind: str, mine: tuple[Card, ...], theirs: tuple[Card, ...],
             d: dict[str, Any], lang: str) -> str:  # fmt: skip
    """The mistake in words: what it cost, then true facts from the hints' detectors, then the tip."""
    cost, margin = number(d["cost"], lang, 1), number(COSTLY_Z * d["cost_se"], lang, 1)
    n = state.n
    if kind == "pass":
        words = [text("mygames.mistake.pass", lang, cards=_label(mine), better=_label(theirs), cost=cost,
                      margin=margin)]  # fmt: skip
        # The hand facts count each card once: with two packs they are not said.
        because = _pass_because_hand(state.hands[seat], theirs, mine) if state.rules.decks == 1 else None
        if because is not None:
            words.append(fact_words(because, lang, kind="pass", num_players=n, seat=seat))
    else:
        obs = state.observation(seat)
        words = [text("mygames.mistake.play", lang, trick=int(d["trick"]) + 1, card=str(mine[0]),
                      better=str(theirs[0]), cost=cost, margin=margin)]  # fmt: skip
        if state.rules.decks == 2:  # what each card surely does with cancelling counted, then the position
            from hearts.cancel_hint import cancel_facts, position_facts

            facts = [*cancel_facts(obs, mine[0]), *cancel_facts(obs, theirs[0]), *position_facts(obs)]
            words += [fact_words(f, lang, num_players=n, seat=seat) for f in facts]
        else:
            for c in (mine[0], theirs[0]):
                words.append(fact_words(trick_outcome(obs, c), lang, num_players=n, seat=seat))
        if not obs.trick:
            suit = int(mine[0]) // 13
            voids = [s for s in range(n) if s != seat and obs.voids[s] >> suit & 1]
            if voids:
                words.append(fact_words(Fact("void", seat=voids[0], suit=suit), lang, num_players=n, seat=seat))
    words += _moon_words(state, seat, lang)
    tip = d["tip"]
    if tip and _same(d["tip_option"], theirs):
        titles = [text("hint.quote", lang, tip=tip_title(t, lang)) for t in str(tip).split("+") if t in TIP_NAMES]
        if titles:
            words.append(text("mygames.mistake.tip", lang, tips=", ".join(titles), better=_label(theirs)))
    elif tip and _same(d["tip_option"], mine):
        titles = [text("hint.quote", lang, tip=tip_title(t, lang)) for t in str(tip).split("+") if t in TIP_NAMES]
        if titles:
            words.append(text("mygames.mistake.tip_same", lang, tips=", ".join(titles), card=_label(mine)))
    return " ".join(words)


def _moon_words(state: HandState, seat: int, lang: str) -> list[str]:
    """When one player has taken every point played so far (a moon may be on), say so: it is often why the
    better card is better. Only finished tricks are counted, all of them public."""
    from hearts.messages import seat_name

    taken = [0] * state.n
    for t in state.tricks:
        if t.winner >= 0:  # a trick that waits is nobody's yet (its points count where it is taken)
            taken[t.winner] += t.points
    total = sum(taken)
    if total < 2 or max(taken) != total:
        return []
    who = taken.index(total)
    if who == seat:
        return [text("mygames.mistake.moon_you", lang, points=total)]
    return [text("mygames.mistake.moon_other", lang, seat=seat_name(who, lang, state.n), points=total)]


def _habit_words(arose: int, followed: int, diff: float, se: float, enough: bool, lang: str) -> str:
    if arose == 0:
        return text("mygames.habit.never", lang)
    if arose < MIN_CASES:
        return text_n("mygames.habit.too_few", arose, lang, arose=arose, need=MIN_CASES)
    if not enough:
        return text("mygames.habit.one_sided", lang, arose=arose, followed=followed)
    margin = COSTLY_Z * se
    values = {"gap": number(abs(diff), lang, 1), "margin": number(margin, lang, 1), "followed": followed,
              "arose": arose}  # fmt: skip
    if diff - margin > 0:
        return text("mygames.habit.pays", lang, **values)
    if diff + margin < 0:
        return text("mygames.habit.costs", lang, **values)
    return text("mygames.habit.unclear", lang, **values)


def sample(n: int = 40, *, seed: int = 7) -> OwnGames:
    """A small sample of games to try the analysis on before one has played: ``n`` hands of a learner at
    South against three rule bots, deterministic by ``seed``. The learner plays like the rule bot with no tips
    for the first half of the hands and with every tip for the second half, so that the progress plot has
    something to show (this is how the sample is made, not a finding).

    >>> g = sample(4)
    >>> len(g), g.players(), int(g.hands["person"].sum())
    (4, ['you'], 4)
    """
    from hearts.bots.rule_bot import RuleBot
    from hearts.bots.tips import Tips
    from hearts.deal import Deal
    from hearts.selfplay import hand_seeds, play_out

    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise OwnGamesError(f"n must be a whole number 0 or more, not {n!r}", "n")
    start = datetime.datetime(2026, 1, 5, 17, 0, tzinfo=datetime.UTC)
    hands = []
    for i in range(n):
        number, seeds = hand_seeds(seed, i)
        state = HandState(Deal.from_number(number, hand_number=i % 4 + 1))
        learner = RuleBot(tips=Tips.none() if i < n // 2 else Tips(), seed=seeds[0])
        play_out(state, [learner] + [RuleBot(seed=s) for s in seeds[1:]])
        players = ("you", "rule", "rule", "rule")
        hands.append(OwnHand(state, (0,), players, start + datetime.timedelta(minutes=6 * i), "solo",
                             f"sample-{seed}-{i // 4}"))  # fmt: skip
    return OwnGames(hands)


def _bots_level(g: OwnGames) -> tuple[float, float]:
    hd = g.hands
    pts = hd.loc[~hd["person"], "points"].astype(float)
    if len(pts) < 2:
        return math.nan, math.nan
    return float(pts.mean()), float(pts.std(ddof=1) / math.sqrt(len(pts)))


def plot_progress(g: OwnGames, lang: str = "en", *, window: int = 10, ax: Any = None) -> Any:
    """Points per hand over time: each hand as a dot, the mean of the last ``window`` hands as a line with a
    band of two standard errors, and the bots' mean points per hand at the same tables (with its band) for
    comparison. Returns the matplotlib ``Axes``; the title ends with a one-line takeaway.
    """
    import matplotlib.pyplot as plt

    from hearts.plotting import fit_title

    check_language(lang)
    prog = g.progress(window)
    grow = ax is None
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.6))
    people = list(dict.fromkeys(prog["player"]))
    colours = [f"C{i}" for i in range(10) if i != 1]  # C1 (orange) is the bots'
    for k, name in enumerate(people or [None]):
        one = prog[prog["player"] == name] if name is not None else prog
        colour = colours[k % len(colours)]
        who = f"{name}: " if len(people) > 1 else ""
        x = one["hand"].to_numpy() + 1
        y = one["smoothed"].to_numpy(dtype=float)
        band = COSTLY_Z * one["smoothed_se"].fillna(0).to_numpy(dtype=float)
        ax.plot(x, one["points"], "o", ms=3, alpha=0.35, color=colour, label=who + text("mygames.plot.hand", lang))
        ax.plot(x, y, color=colour, label=who + text("mygames.plot.smoothed", lang, window=window))
        ax.fill_between(x, y - band, y + band, color=colour, alpha=0.2)
    level, level_se = _bots_level(g)
    if not math.isnan(level):
        ax.axhline(level, color="tab:orange", ls="--", label=text("mygames.plot.bots", lang))
        ax.axhspan(level - COSTLY_Z * level_se, level + COSTLY_Z * level_se, color="tab:orange", alpha=0.15)
    ax.set_xlabel(text("mygames.plot.x", lang))
    ax.set_ylabel(text("mygames.plot.y", lang))
    if len(prog):
        ax.legend(fontsize=8, loc="upper right")
    fig = ax.figure
    fit_title(fig, ax.set_title, [text("mygames.plot.title", lang), _progress_takeaway(prog, level, level_se, lang)],
              lambda: ax.get_position().width * fig.get_figwidth(), grow)  # fmt: skip
    return ax


def _progress_takeaway(prog: pd.DataFrame, level: float, level_se: float, lang: str) -> str:
    if len(prog) < 2 or math.isnan(level):
        return text("mygames.plot.takeaway.few", lang, n=len(prog))
    pts = prog["points"].astype(float)
    mean = float(pts.mean())
    se = float(pts.std(ddof=1) / math.sqrt(len(pts)))
    diff, margin = mean - level, COSTLY_Z * math.hypot(se, level_se)
    values = {"expected": number(mean, lang, 1), "level": number(level, lang, 1), "margin": number(margin, lang, 1),
              "n": len(pts)}  # fmt: skip
    if diff - margin > 0:
        return text("mygames.plot.takeaway.more", lang, **values)
    if diff + margin < 0:
        return text("mygames.plot.takeaway.fewer", lang, **values)
    return text("mygames.plot.takeaway.same", lang, **values)


def plot_habits(habits: pd.DataFrame, lang: str = "en", *, ax: Any = None) -> Any:
    """The habits table drawn: for each tip with enough decisions, what not following it cost more per
    decision than following it (expected points, error bars of two standard errors); the tips without enough
    decisions are listed as such. Returns the ``Axes``.
    """
    import matplotlib.pyplot as plt

    from hearts.plotting import fit_title

    check_language(lang)
    grow = ax is None
    if ax is None:
        _, ax = plt.subplots(figsize=(8.5, 4))
    h = habits.reset_index(drop=True)
    y = np.arange(len(h))[::-1]
    known = h["difference"].notna().to_numpy()
    ax.errorbar(h.loc[known, "difference"], y[known], xerr=COSTLY_Z * h.loc[known, "difference_se"], fmt="o",
                color="tab:blue", capsize=3)  # fmt: skip
    for yi in y[~known]:
        ax.text(0, yi, text("mygames.plot.too_few", lang), va="center", ha="center", fontsize=8, color="0.4")
    ax.axvline(0, color="0.5", lw=0.8)
    ax.set_yticks(y)
    ax.set_yticklabels([f"{t} ({a})" for t, a in zip(h["title"], h["arose"])], fontsize=8)
    ax.set_xlabel(text("mygames.plot.habits_x", lang))
    fig = ax.figure
    parts = [text("mygames.plot.habits_title", lang)]
    paying = h.loc[known & (h["difference"] - COSTLY_Z * h["difference_se"] > 0).to_numpy(), "title"].tolist()
    parts.append(text("mygames.plot.habits_takeaway", lang, tips=", ".join(paying)) if paying
                 else text("mygames.plot.habits_takeaway_none", lang))  # fmt: skip
    fit_title(fig, ax.set_title, parts, lambda: ax.get_position().width * fig.get_figwidth(), grow)
    return ax
