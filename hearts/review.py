"""Hand review: where did the points come from?

:func:`review_hand` replays a finished hand and, for every decision one seat
made (its pass and each card it played), asks the expert
(:mod:`hearts.bots.expert`) what each legal option was worth *from that
seat's observation at that moment*: worlds are sampled exactly as the expert
samples them when it plays, and every option is played out in the same
worlds. Next to these estimates it puts what really happened: the points
the seat took in the trick each card went to. The result is a tidy
:class:`pandas.DataFrame` with one row per decision and option;
:func:`decision_table` folds it to one row per decision and
:func:`hand_points` tells how the seat's points for the hand add up.

**How the cost of a choice is measured.** The expert picks its option from
the *screening* worlds (``worlds`` per play, ``pass_worlds`` per candidate
pass). Picking the smallest of many noisy averages makes the winner look
better than it is, so the cost is *not* read off those same worlds: the
chosen option and the expert's option are played out again in
``check_worlds`` fresh worlds, and the cost is the mean of the per-world
difference (chosen minus expert's choice), with the standard error of that
paired difference (``cost_se``). A decision is marked costly only when the
low end of its range is above the threshold:
``cost - COSTLY_Z * cost_se > costly`` (:data:`COSTLY_Z` is 2, about 95 %).
The cost estimates how much worse the choice was than the expert's pick
(without the winner's flattery of the screening; the expert's inference
weighs the worlds, which leaves a small bias of order one over the number
of worlds); it can come out below zero when the two are about equal, or
when the chosen card is in fact the better one (the screening worlds
misjudged them). When the seat made the expert's choice, or only one card
was legal, the cost is exactly 0. Play worlds are drawn as the expert
draws them, by its inference (:func:`hearts.bots.expert.inferred_worlds`):
a deal drawn twice is played out once and counts once, so the world counts
below are distinct deals, and the standard errors include what drawing
again adds. :func:`verdict` puts a cost and its
standard error into one word (:data:`VERDICTS`): a choice that did as well
as the expert's, or better, is said to be so.

**One set of numbers.** Every number a reader is shown for an option is its
``estimate``: the check worlds' for the chosen and the expert's options once
they were checked (so that ``cost`` is exactly the difference of the two),
the screening worlds' otherwise. :func:`decision_table` takes the chosen and
the expert's numbers from there, and the review widget draws its chart from
the same column.

**Two packs.** A Cancellation Hearts hand (``rules.decks == 2``) is judged
the same way, with the same columns and verdicts, by the two-pack expert's
pure-Python search (:mod:`hearts.bots.cancel_expert`): a play's legal cards
are played out in the same ``worlds`` sampled deals
(:func:`~hearts.bots.cancel_expert.evaluate_play_two`), a pass's candidates
(:func:`~hearts.bots.cancel_expert.pass_candidates_two`, the pass made and
the rule bot's) in the same ``pass_worlds`` deals each
(:func:`~hearts.bots.cancel_expert.evaluate_pass_two`, no halving), and the
chosen and the expert's option again in ``check_worlds`` fresh deals. The
hand is replayed from its own dealer; a pass of both copies of a card lists
the card twice (``"5♣ 5♣ Q♠"``). A trick that waited was won by nobody
(``won`` False, ``points`` 0); its points count in the trick that took it.

Tricks are numbered from 0 in data (``trick`` 0-12, as in
:mod:`hearts.selfplay` and :attr:`hearts.hand.Trick.number`); text for
people says "trick 1" to "trick 13". The pass belongs to no trick
(``trick``, ``won`` and ``points`` are ``<NA>``).

Columns of :func:`review_hand` (one row per decision x option):

=================  =========================================================
``decision``       0, 1, 2, ... in the order the seat decided
``kind``           ``"pass"`` or ``"play"``
``trick``          trick number 0-12 for a play, ``<NA>`` for the pass
``option``         the option as notation: ``"Q♠"`` or ``"Q♠ A♥ K♥"``
``codes``          the same in ASCII record codes: ``"QS"``, ``"QS AH KH"``
``expected``       expected points for the seat (hand score, moon included),
                   from the screening worlds
``stderr``         standard error of ``expected``
``playouts``       distinct screening worlds behind ``expected``
``regret``         ``expected`` minus the best option's ``expected`` (>= 0;
                   biased upwards, see above: the cost is measured apart)
``regret_se``      standard error of ``regret`` (per-world paired difference)
``chosen``         True for the option the seat took
``best``           True for the option the expert prefers
``forced``         True when the rules left a single legal card
``check_expected`` expected points in the check worlds (chosen and best
                   options only, else NaN)
``cost``           check-world mean of (this option - the expert's option);
                   0 for the expert's option, NaN for options not checked
``cost_se``        standard error of ``cost`` (paired, over the check worlds)
``check_worlds``   distinct fresh worlds behind ``cost`` (0 when nothing needed
                   checking)
``estimate``       the option's expected points to show and compare: from the
                   check worlds for the options checked there (the chosen and
                   the expert's), else from the screening worlds
``estimate_se``    standard error of ``estimate``
``estimate_worlds`` distinct worlds behind ``estimate``
``won``            the seat won the trick this decision was part of
``points``         points the seat took in that trick (0 if it did not win it)
``tip``            the strategy tip the rule bot would follow here, or <NA>
``tip_option``     the option that tip suggests, or <NA>
=================  =========================================================

Plays consider every legal card. A pass considers the expert's candidate
passes (3-card subsets of the most dangerous cards), the pass the seat made
and the rule bot's pass; there are 286 possible passes and the rest are not
evaluated.

>>> from hearts import Deal, HandState
>>> from hearts.bots.random_bot import RandomBot
>>> h = HandState(Deal.from_number(11))
>>> bots = [RandomBot(seed=s) for s in range(4)]
>>> for seat in range(4):
...     h.push_pass(seat, bots[seat].choose_pass(h.observation(seat)).mask)
>>> while not h.is_over:
...     h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
>>> df = review_hand(h, 0, worlds=4, pass_worlds=2, check_worlds=8)
>>> list(decision_table(df).columns)[:6]
['decision', 'kind', 'trick', 'chosen', 'chosen_expected', 'chosen_se']
>>> table = decision_table(df)
>>> len(table), table["trick"].tolist()[:3]
(14, [<NA>, 0, 1])
>>> bool((df.groupby("decision")["chosen"].sum() == 1).all())
True
>>> int(table["points"].sum()) == hand_points(h, 0).points == h.result().points[0]
True
>>> review_hand(h, 0, worlds=0)
Traceback (most recent call last):
...
hearts.review.ReviewError: worlds must be a whole number 1 or more, not 0
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from hearts.bots.expert import (
    DEFAULT_PASS_WORLDS,
    DEFAULT_WORLDS,
    Evaluation,
    OptionValue,
    evaluate_pass,
    evaluate_play,
    pass_candidates,
)
from hearts.bots.rule_bot import RuleBot
from hearts.cards import Card, ms_from
from hearts.errors import OptionError
from hearts.hand import HandState
from hearts.messages import seat_name, text
from hearts.stats import paired_difference

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "COLUMNS",
    "COSTLY",
    "COSTLY_Z",
    "DECISION_COLUMNS",
    "DEFAULT_CHECK_WORLDS",
    "VERDICTS",
    "HandPoints",
    "ReviewError",
    "decision_rows",
    "decision_table",
    "hand_points",
    "replay_decisions",
    "review_hand",
    "review_rows",
    "verdict",
]

COSTLY = 1.0
"""A decision whose choice surely cost more than this many expected points is marked costly."""

COSTLY_Z = 2.0
"""How many standard errors the cost must clear the threshold by (2: about 95 % sure)."""

DEFAULT_CHECK_WORLDS = 4000
"""Fresh worlds in which the chosen and the expert's option are played out again to measure the cost."""

COLUMNS = (
    "decision",
    "kind",
    "trick",
    "option",
    "codes",
    "expected",
    "stderr",
    "playouts",
    "regret",
    "regret_se",
    "chosen",
    "best",
    "forced",
    "check_expected",
    "cost",
    "cost_se",
    "check_worlds",
    "estimate",
    "estimate_se",
    "estimate_worlds",
    "won",
    "points",
    "tip",
    "tip_option",
)
"""Columns of :func:`review_hand`, in order."""

DECISION_COLUMNS = (
    "decision",
    "kind",
    "trick",
    "chosen",
    "chosen_expected",
    "chosen_se",
    "best",
    "best_expected",
    "best_se",
    "cost",
    "cost_se",
    "costly",
    "verdict",
    "forced",
    "options",
    "check_worlds",
    "won",
    "points",
    "tip",
    "tip_option",
)
"""Columns of :func:`decision_table`, in order."""

VERDICTS = ("forced", "same", "better", "as_well", "small", "unclear", "costly")
"""What :func:`verdict` can say of a choice, from the best for the seat to the worst:

``forced`` only one legal card; ``same`` the expert's own choice; ``better``
surely fewer points expected than the expert's choice; ``as_well`` no more
points than it, or a difference within the noise (the range includes 0);
``small`` surely more points, but surely no more than the threshold;
``unclear`` surely more points, maybe more than the threshold; ``costly``
surely more than the threshold."""


class ReviewError(OptionError):
    """A review that cannot be made as asked; ``.option`` (also ``.parameter``) names the argument at fault.

    >>> try:
    ...     review_hand(None, 0)
    ... except ReviewError as e:
    ...     e.parameter, isinstance(e, ValueError)
    ('hand', True)
    """

    @property
    def parameter(self) -> str:
        """The argument at fault (the same as ``.option``)."""
        return self.option


def verdict(cost: float, cost_se: float, *, costly: float = COSTLY, forced: bool = False, same: bool = False) -> str:
    """One of :data:`VERDICTS` for a choice whose cost (its expected points minus the expert's choice's) is
    ``cost`` with standard error ``cost_se``; "surely" means by :data:`COSTLY_Z` standard errors.

    >>> verdict(-0.5, 0.1), verdict(-0.5, 0.3), verdict(0.2, 0.3), verdict(0.6, 0.1), verdict(1.2, 0.2)
    ('better', 'as_well', 'as_well', 'small', 'unclear')
    >>> verdict(2.0, 0.3), verdict(0.0, 0.0, same=True), verdict(0.0, 0.0, forced=True)
    ('costly', 'same', 'forced')

    With no standard error (a single check world), nothing is sure: a cost
    above 0 is ``unclear``, one at or below 0 ``as_well``.
    """
    if forced:
        return "forced"
    if same:
        return "same"
    if cost_se != cost_se:
        return "as_well" if cost <= 0 else "unclear"
    margin = COSTLY_Z * cost_se
    if cost + margin < 0:
        return "better"
    if cost - margin <= 0:
        return "as_well"
    if cost - margin > costly:
        return "costly"
    if cost + margin > costly:
        return "unclear"
    return "small"


def _count(value: object, parameter: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ReviewError(f"{parameter} must be a whole number 1 or more, not {value!r}", parameter)
    return value


def _as_state(hand: Any) -> HandState:
    if isinstance(hand, HandState):
        return hand
    replay = getattr(hand, "replay", None)
    if callable(replay):
        state = replay()
        if isinstance(state, HandState):
            return state
    raise ReviewError(f"a hand review needs a HandState or a hand record, not {type(hand).__name__}", "hand")


def _finished(hand: Any, seat: object) -> HandState:
    state = _as_state(hand)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.n:
        raise ReviewError(f"seat must be 0 to {state.n - 1}, not {seat!r}", "seat")
    if not state.is_over:
        raise ReviewError("the hand is not finished yet: review it once every card is played", "hand")
    return state


def replay_decisions(hand: Any, seat: int) -> list[tuple[str, HandState, tuple[Card, ...]]]:
    """The decisions ``seat`` made: (kind, state just before, cards chosen), in order.

    ``hand`` is a finished :class:`~hearts.hand.HandState` or a hand record
    (anything with a ``replay()`` giving one). The states are fresh copies, so
    callers may read their observations. Cancellation Hearts (two packs) is replayed from its own
    dealer (whose left leads first); a pass of both copies of a card lists the card twice.
    """
    state = _finished(hand, seat)
    replay = HandState(state.deal, state.rules, hand_number=state.hand_number, pass_direction=state.pass_direction,
                       dealer=state.dealer)  # fmt: skip
    out: list[tuple[str, HandState, tuple[Card, ...]]] = []
    for action in state.history:
        if action.seat == seat and action.kind in ("pass", "play"):
            out.append((action.kind, replay.copy(), action.cards))
        if action.kind == "pass":
            replay.push_pass(action.seat, ms_from(action.cards))
        elif action.kind == "play":
            replay.push(action.cards[0])
        else:
            replay.choose_moon(action.seat, action.choice or "add")
    return out


# ----------------------------------------------------------------------------
# What really happened
# ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class HandPoints:
    """Where one seat's points for a finished hand came from.

    ``by_trick[t]`` are the points the seat took in trick ``t`` (0-based; 0
    for a trick it did not win); ``points`` is their sum, the penalty points
    it took; ``score`` what the hand added to its total (they differ only
    when someone shot the moon: ``shooter``).
    """

    seat: int
    by_trick: tuple[int, ...]
    points: int
    score: int
    shooter: int | None
    players: int = 4  # seats are named for this many players (Player 1… where there are not four)

    def explain(self, lang: str = "en") -> str:
        """One or two sentences: the points trick by trick (numbered from 1), then the moon if any.

        >>> HandPoints(0, (0, 13, 0, 2) + (0,) * 9, 15, 15, None).explain("en")
        'South took 15 points: 13 in trick 2 and 2 in trick 4.'
        >>> HandPoints(1, (0,) * 13, 0, 26, 3).explain("es")
        'Oeste no se llevó ningún punto. Este disparó a la luna: a Oeste la mano le suma 26.'
        >>> HandPoints(4, (4, 0, -4) + (0,) * 7, 0, 0, None, 5).explain("en")  # J♦ −10 took off the 4 points
        'Player 5 took 0 points: 4 in trick 1 and -4 in trick 3.'
        >>> HandPoints(0, (0,) * 12 + (26,), 26, -26, 0).explain("en").split(". ")[1]
        "South shot the moon, so the hand takes 26 off South's total."
        """
        n = self.players
        who = seat_name(self.seat, lang, n)
        parts = [text("review.points.part", lang, points=p, number=t + 1) for t, p in enumerate(self.by_trick) if p]
        if len(parts) > 1:
            listed = text("review.points.list", lang, first=", ".join(parts[:-1]), last=parts[-1])
        else:
            listed = parts[0] if parts else ""
        # With J♦ (−10) the sum may be 0 or below while tricks counted: "1 point" only for exactly 1.
        form = "zero" if not parts else "one" if self.points == 1 else "other"
        out = text(f"review.points.{form}", lang, seat=who, points=self.points, tricks=listed)
        if self.shooter is not None:
            shooter = seat_name(self.shooter, lang, n)
            if self.score < 0:  # the moon subtracted from the shooter
                out += " " + text("review.points.moon.subtract", lang, seat=who, shooter=shooter, off=-self.score)
            else:
                out += " " + text("review.points.moon", lang, seat=who, shooter=shooter, score=self.score)
        return out


def hand_points(hand: Any, seat: int) -> HandPoints:
    """The points ``seat`` really took in a finished hand, trick by trick (see :class:`HandPoints`).

    The per-trick points add up to the hand's points for the seat:

    >>> from hearts import Deal, HandState
    >>> from hearts.bots.rule_bot import RuleBot
    >>> from hearts.selfplay import play_out
    >>> h = HandState(Deal.from_number(4))
    >>> _ = play_out(h, [RuleBot(seed=s) for s in range(4)])
    >>> hp = hand_points(h, 2)
    >>> sum(hp.by_trick) == hp.points == h.result().points[2], len(hp.by_trick)
    (True, 13)
    """
    state = _finished(hand, seat)
    by_trick = tuple(t.points if t.winner == seat else 0 for t in state.tricks)
    result = state.result()
    return HandPoints(seat, by_trick, sum(by_trick), result.scores[seat], result.shooter, state.n)


# ----------------------------------------------------------------------------
# The review
# ----------------------------------------------------------------------------


def _tip(state: HandState, seat: int, kind: str) -> tuple[str | None, tuple[Card, ...] | None]:
    bot = RuleBot(seed=0)
    obs = state.observation(seat)
    d = bot.decide_pass(obs) if kind == "pass" else bot.decide_play(obs)
    return d.tip, tuple(d.cards)


def _decisions(value: object, count: int) -> set[int] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ReviewError(f"decisions must be decision numbers (0 to {count - 1}) or None, not {value!r}", "decisions")
    wanted = list(value)
    bad = [d for d in wanted if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d < count]
    if bad:
        raise ReviewError(
            f"decisions must be numbers 0 to {count - 1} (this seat made {count} decisions), not {bad!r}", "decisions"
        )
    return set(wanted)


def _check_rng(seed: int, index: int) -> random.Random:
    """The random stream of the check worlds of decision ``index`` (apart from its screening stream)."""
    return random.Random(f"hearts.review check {seed} {index}")


def review_hand(
    hand: Any,
    seat: int,
    *,
    worlds: int = DEFAULT_WORLDS,
    pass_worlds: int = DEFAULT_PASS_WORLDS,
    check_worlds: int = DEFAULT_CHECK_WORLDS,
    seed: int = 0,
    tips: bool = True,
    decisions: Iterable[int] | None = None,
) -> pd.DataFrame:
    """Evaluate every decision ``seat`` made in a finished hand (see the module doc for the columns).

    The rows of :func:`review_rows` (the same arguments) as a typed DataFrame:
    ``trick`` and ``points`` nullable integers, ``won`` nullable booleans,
    the words pandas strings.
    """
    rows = review_rows(
        hand,
        seat,
        worlds=worlds,
        pass_worlds=pass_worlds,
        check_worlds=check_worlds,
        seed=seed,
        tips=tips,
        decisions=decisions,
    )
    import pandas as pd

    df = pd.DataFrame(rows, columns=list(COLUMNS))
    text = {col: "string" for col in ("kind", "option", "codes", "tip", "tip_option")}
    ints = {col: "int64" for col in ("decision", "playouts", "check_worlds", "estimate_worlds")}
    flags = {col: "bool" for col in ("chosen", "best", "forced")}
    nullable = {"trick": "Int64", "points": "Int64", "won": "boolean"}
    floats = {
        col: "float64"
        for col in (
            "expected", "stderr", "regret", "regret_se", "check_expected", "cost", "cost_se", "estimate", "estimate_se"
        )
    }
    return df.astype({**ints, **text, **flags, **nullable, **floats})


def review_rows(
    hand: Any,
    seat: int,
    *,
    worlds: int = DEFAULT_WORLDS,
    pass_worlds: int = DEFAULT_PASS_WORLDS,
    check_worlds: int = DEFAULT_CHECK_WORLDS,
    seed: int = 0,
    tips: bool = True,
    decisions: Iterable[int] | None = None,
) -> list[dict[str, Any]]:
    """The review of :func:`review_hand` as plain rows, one dict per decision and option (keys :data:`COLUMNS`),
    with no pandas: where pandas is not installed (the static site) this is the review. ``None`` stands where
    the DataFrame has ``<NA>`` (the pass's ``trick``, ``won`` and ``points``; a missing ``tip``).

    >>> from hearts import Deal, HandState
    >>> from hearts.bots.random_bot import RandomBot
    >>> h = HandState(Deal.from_number(11))
    >>> bots = [RandomBot(seed=s) for s in range(4)]
    >>> for seat in range(4):
    ...     h.push_pass(seat, bots[seat].choose_pass(h.observation(seat)).mask)
    >>> while not h.is_over:
    ...     h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
    >>> rows = review_rows(h, 0, worlds=4, pass_worlds=2, check_worlds=8, decisions=[0, 1])
    >>> rows[0]["kind"], rows[0]["trick"], sorted({r["decision"] for r in rows})
    ('pass', None, [0, 1])
    >>> [d["decision"] for d in decision_rows(rows)]
    [0, 1]

    ``worlds`` deals are sampled per play and ``pass_worlds`` per candidate
    pass, from the seat's observation at that moment only; the cost of a
    choice that differs from the expert's is then measured in
    ``check_worlds`` fresh deals. Deterministic given ``seed`` (each
    decision has its own random streams, so reviewing only some
    ``decisions``, by index, gives the same rows for those). With ``tips``
    the rule bot names the tip it would follow at each decision.

    Bad arguments raise :class:`ReviewError` naming the argument, before
    any work is done.
    """
    _count(worlds, "worlds")
    _count(pass_worlds, "pass_worlds")
    _count(check_worlds, "check_worlds")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ReviewError(f"seed must be a whole number, not {seed!r}", "seed")
    if not isinstance(tips, bool):
        raise ReviewError(f"tips must be True or False, not {tips!r}", "tips")
    steps = replay_decisions(hand, seat)
    wanted = _decisions(decisions, len(steps))
    state_over = _as_state(hand)
    taken = hand_points(state_over, seat).by_trick
    rows: list[dict[str, Any]] = []
    for index, (kind, state, chosen) in enumerate(steps):
        if wanted is not None and index not in wanted:
            continue
        obs = state.observation(seat)
        rng = random.Random(seed * 1_000_003 + index)
        tip, tip_cards = _tip(state, seat, kind) if tips else (None, None)
        chosen_mask = ms_from(chosen)
        budget = (worlds, pass_worlds, check_worlds)
        check: Evaluation | None
        if state.rules.decks == 2:  # Cancellation Hearts: the two-pack expert's search, in pure Python
            ev, check = _review_two(state, obs, kind, rng, chosen_mask, tip_cards, budget, _check_rng(seed, index))
            forced = kind == "play" and len(ev.options) == 1
            trick = obs.trick_number if kind == "play" else None
        else:
            ev, check, forced, trick = _review_one(
                obs, kind, rng, chosen, chosen_mask, tip_cards, budget, _check_rng(seed, index)
            )
        won = None if trick is None else state_over.tricks[trick].winner == seat
        points = None if trick is None else taken[trick]
        rows.extend(_rows(index, kind, trick, ev, check, chosen_mask, forced, won, points, tip, tip_cards))
    return rows


def _mask(o: OptionValue) -> int:
    return ms_from(o.cards)


def _review_one(
    obs: Any,
    kind: str,
    rng: random.Random,
    chosen: tuple[Card, ...],
    chosen_mask: int,
    tip_cards: tuple[Card, ...] | None,
    budget: tuple[int, int, int],
    check_rng: random.Random,
) -> tuple[Evaluation, Evaluation | None, bool, int | None]:
    """A one-pack decision's screening and check evaluations, whether it was forced, and its trick."""
    worlds, pass_worlds, check_worlds = budget
    if kind == "pass":
        cands = pass_candidates(obs.hand_mask, k=obs.rules.pass_size)
        extra = [chosen_mask]
        if tip_cards is not None:
            extra.append(ms_from(tip_cards))
        for m in extra:
            if m not in cands:
                cands.append(m)
        ev = evaluate_pass(obs, rng, pass_worlds, candidates=cands)
        forced = False
        trick = None
    else:
        ev = evaluate_play(obs, rng, worlds, forced=True)
        forced = len(ev.options) == 1
        trick = obs.trick_number
    best_mask = ms_from(ev.best.cards)
    check: Evaluation | None = None
    if not forced and best_mask != chosen_mask:
        if kind == "pass":
            check = evaluate_pass(obs, check_rng, check_worlds, candidates=[chosen_mask, best_mask])
        else:
            check = evaluate_play(obs, check_rng, check_worlds, forced=True, candidates=[chosen[0], ev.best.cards[0]])
    return ev, check, forced, trick


def _review_two(
    state: HandState,
    obs: Any,
    kind: str,
    rng: random.Random,
    chosen_mask: int,
    tip_cards: tuple[Card, ...] | None,
    budget: tuple[int, int, int],
    check_rng: random.Random,
) -> tuple[Evaluation, Evaluation | None]:
    """A two-pack decision's screening and (when the choice was not the expert's) check evaluations: the same
    method as one pack (:mod:`hearts.bots.cancel_expert`: every option played out in the same deals)."""
    from hearts.bots.cancel_expert import evaluate_pass_two, evaluate_play_two, pass_candidates_two

    worlds, pass_worlds, check_worlds = budget
    if kind == "pass":
        cands = pass_candidates_two(obs.hand_mask, k=obs.rules.pass_size)
        for m in (chosen_mask, None if tip_cards is None else ms_from(tip_cards)):
            if m is not None and m not in cands:
                cands.append(m)
        ev = evaluate_pass_two(obs, rng, pass_worlds, dealer=state.dealer, candidates=cands)
        best_mask = _mask(ev.best)
        if best_mask == chosen_mask:
            return ev, None
        return ev, evaluate_pass_two(obs, check_rng, check_worlds, dealer=state.dealer,
                                     candidates=[chosen_mask, best_mask])  # fmt: skip
    ev = evaluate_play_two(obs, rng, worlds, forced=True)
    chosen = chosen_mask.bit_length() - 1
    if len(ev.options) == 1 or int(ev.best.cards[0]) == chosen:
        return ev, None
    return ev, evaluate_play_two(obs, check_rng, check_worlds, candidates=[chosen, int(ev.best.cards[0])])


def _rows(
    index: int,
    kind: str,
    trick: int | None,
    ev: Evaluation,
    check: Evaluation | None,
    chosen_mask: int,
    forced: bool,
    won: bool | None,
    points: int | None,
    tip: str | None,
    tip_cards: tuple[Card, ...] | None,
) -> list[dict[str, Any]]:
    best = ev.best
    best_mask = _mask(best)
    tip_label = " ".join(str(c) for c in sorted(tip_cards)) if tip and tip_cards else None
    checked: dict[int, OptionValue] = {}
    check_best: OptionValue | None = None
    if check is not None:
        checked = {_mask(o): o for o in check.options}
        check_best = checked[best_mask]
    out = []
    for o in ev.options:
        mask = _mask(o)
        if forced:
            regret, regret_se = 0.0, 0.0
        else:
            regret, regret_se = paired_difference(o.scores, best.scores, ev.draws or None)
            if mask == best_mask:
                regret, regret_se = 0.0, 0.0
        c = checked.get(mask)
        shown = o if c is None else c  # the one estimate of this option that readers are shown
        if c is not None and check_best is not None and check is not None:
            check_expected = c.expected
            cost, cost_se = (0.0, 0.0) if mask == best_mask else paired_difference(
                c.scores, check_best.scores, check.draws or None
            )
        elif mask == best_mask or forced:
            check_expected, cost, cost_se = math.nan, 0.0, 0.0
        else:
            check_expected, cost, cost_se = math.nan, math.nan, math.nan
        out.append(
            {
                "decision": index,
                "kind": kind,
                "trick": trick,
                "option": o.label,
                "codes": " ".join(c.code for c in o.cards),
                "expected": o.expected,
                "stderr": o.stderr,
                "playouts": o.playouts,
                "regret": regret,
                "regret_se": regret_se,
                "chosen": mask == chosen_mask,
                "best": mask == best_mask,
                "forced": forced,
                "check_expected": check_expected,
                "cost": cost,
                "cost_se": cost_se,
                "check_worlds": 0 if check is None else check.worlds,
                "estimate": shown.expected,
                "estimate_se": shown.stderr,
                "estimate_worlds": shown.playouts,
                "won": won,
                "points": points,
                "tip": tip,
                "tip_option": tip_label,
            }
        )
    return out


def _check_costly(costly: object) -> None:
    if isinstance(costly, bool) or not isinstance(costly, (int, float)) or math.isnan(costly):
        raise ReviewError(f"costly must be a number of points, not {costly!r}", "costly")


def _missing(value: Any) -> Any:
    """``None`` for pandas' ``<NA>`` (rows read back from a DataFrame), else the value."""
    return None if value is not None and type(value).__name__ == "NAType" else value


def decision_rows(rows: Iterable[dict[str, Any]], *, costly: float = COSTLY) -> list[dict[str, Any]]:
    """:func:`decision_table` on the plain rows of :func:`review_rows`, with no pandas: one dict per decision
    (keys :data:`DECISION_COLUMNS`), by decision number; ``None`` where the table has ``<NA>``.

    >>> decision_rows([], costly="high")
    Traceback (most recent call last):
    ...
    hearts.review.ReviewError: costly must be a number of points, not 'high'
    """
    _check_costly(costly)
    groups: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(int(row["decision"]), []).append(row)
    out = []
    for decision in sorted(groups):
        g = groups[decision]
        chosen = next(r for r in g if r["chosen"])
        best = next(r for r in g if r["best"])
        cost = float(chosen["cost"])
        se = float(chosen["cost_se"])
        said = verdict(cost, se, costly=costly, forced=bool(chosen["forced"]), same=bool(chosen["best"]))
        won = _missing(chosen["won"])
        trick = _missing(chosen["trick"])
        points = _missing(chosen["points"])
        out.append(
            {
                "decision": decision,
                "kind": str(chosen["kind"]),
                "trick": None if trick is None else int(trick),
                "chosen": str(chosen["option"]),
                "chosen_expected": float(chosen["estimate"]),
                "chosen_se": float(chosen["estimate_se"]),
                "best": str(best["option"]),
                "best_expected": float(best["estimate"]),
                "best_se": float(best["estimate_se"]),
                "cost": cost,
                "cost_se": se,
                "costly": bool(cost - COSTLY_Z * se > costly),  # False when se is nan (a single check world)
                "verdict": said,
                "forced": bool(chosen["forced"]),
                "options": len(g),
                "check_worlds": int(chosen["check_worlds"]),
                "won": None if won is None else bool(won),
                "points": None if points is None else int(points),
                "tip": _missing(chosen["tip"]),
                "tip_option": _missing(chosen["tip_option"]),
            }
        )
    return out


def decision_table(df: pd.DataFrame, *, costly: float = COSTLY) -> pd.DataFrame:
    """One row per decision: what was chosen, what the expert prefers, what it cost, what happened.

    Columns (:data:`DECISION_COLUMNS`): ``decision``, ``kind``, ``trick``
    (0-12, ``<NA>`` for the pass), ``chosen`` / ``chosen_expected``,
    ``best`` / ``best_expected``, ``cost`` and ``cost_se`` (expected points
    lost by the choice and its standard error, see the module doc),
    ``costly`` (``cost - COSTLY_Z * cost_se`` above ``costly``), ``forced``,
    ``options`` (how many were evaluated), ``check_worlds``, ``won`` and
    ``points`` (the seat won the trick / the points it took there), ``tip``,
    ``tip_option``; ``chosen_se`` and ``best_se`` are the standard errors
    of the two expected points, ``verdict`` the choice in one word
    (:func:`verdict`; for a threshold of 0 or more, ``costly`` is
    ``verdict == "costly"``).

    ``chosen_expected`` and ``best_expected`` are the options' ``estimate``
    (see the module doc): from the check worlds when the choice was checked
    (``check_worlds`` > 0), so that ``cost`` is their difference; otherwise
    the choice was the expert's and both are the screening estimate.
    """
    _check_costly(costly)
    rows = decision_rows(cast("list[dict[str, Any]]", df.to_dict("records")), costly=costly)
    import pandas as pd

    out = pd.DataFrame(rows, columns=list(DECISION_COLUMNS))
    return out.astype(
        {
            "decision": "int64",
            "kind": "string",
            "trick": "Int64",
            "chosen": "string",
            "best": "string",
            "chosen_expected": "float64",
            "chosen_se": "float64",
            "best_expected": "float64",
            "best_se": "float64",
            "cost": "float64",
            "cost_se": "float64",
            "costly": "bool",
            "verdict": "string",
            "forced": "bool",
            "options": "int64",
            "check_worlds": "int64",
            "won": "boolean",
            "points": "Int64",
            "tip": "string",
            "tip_option": "string",
        }
    )
