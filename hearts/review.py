"""Hand review: where did the points come from?

:func:`review_hand` replays a finished hand and, for every decision one seat
made (its pass and each card it played), asks the expert
(:mod:`hearts.bots.expert`) what each legal option was worth *from that
seat's observation at that moment*: worlds are sampled exactly as the expert
samples them when it plays, and every option is played out in the same
worlds. The result is a tidy :class:`pandas.DataFrame` with one row per
decision and option; :func:`decision_table` folds it to one row per decision.

Columns of :func:`review_hand` (one row per decision x option):

=================  =========================================================
``decision``       0, 1, 2, ... in the order the seat decided
``kind``           ``"pass"`` or ``"play"``
``trick``          trick number 1-13 for a play, 0 for the pass
``option``         the option as notation: ``"Q♠"`` or ``"Q♠ A♥ K♥"``
``codes``          the same in ASCII record codes: ``"QS"``, ``"QS AH KH"``
``expected``       expected points for the seat (hand score, moon included)
``stderr``         standard error of ``expected``
``playouts``       playouts behind ``expected``
``regret``         ``expected`` minus the best option's ``expected`` (>= 0)
``chosen``         True for the option the seat took
``best``           True for the option the expert prefers
``forced``         True when the rules left a single legal card
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
>>> df = review_hand(h, 0, worlds=4, pass_worlds=2)
>>> list(decision_table(df).columns)[:6]
['decision', 'kind', 'trick', 'chosen', 'chosen_expected', 'best']
>>> len(decision_table(df))
14
>>> bool((df.groupby("decision")["chosen"].sum() == 1).all())
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from hearts.bots.expert import (
    DEFAULT_PASS_WORLDS,
    DEFAULT_WORLDS,
    Evaluation,
    evaluate_pass,
    evaluate_play,
    pass_candidates,
)
from hearts.cards import Card
from hearts.errors import HeartsError
from hearts.hand import HandState

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COSTLY", "COLUMNS", "DECISION_COLUMNS", "decision_table", "replay_decisions", "review_hand"]

COSTLY = 1.0
"""A decision whose choice cost more than this many expected points is marked costly."""

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
    "chosen",
    "best",
    "forced",
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
    "best",
    "best_expected",
    "cost",
    "costly",
    "forced",
    "options",
    "tip",
    "tip_option",
)
"""Columns of :func:`decision_table`, in order."""


def _as_state(hand: Any) -> HandState:
    if isinstance(hand, HandState):
        return hand
    replay = getattr(hand, "replay", None)
    if callable(replay):
        state = replay()
        if isinstance(state, HandState):
            return state
    raise HeartsError(f"a hand review needs a HandState or a hand record, not {type(hand).__name__}")


def replay_decisions(hand: Any, seat: int) -> list[tuple[str, HandState, tuple[Card, ...]]]:
    """The decisions ``seat`` made: (kind, state just before, cards chosen), in order.

    ``hand`` is a finished :class:`~hearts.hand.HandState` or a hand record
    (anything with a ``replay()`` giving one). The states are fresh copies, so
    callers may read their observations.
    """
    state = _as_state(hand)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.n:
        raise HeartsError(f"seat must be 0 to {state.n - 1}, not {seat!r}")
    if not state.is_over:
        raise HeartsError("the hand is not finished yet: review it once every card is played")
    replay = HandState(state.deal, state.rules, hand_number=state.hand_number, pass_direction=state.pass_direction)
    out: list[tuple[str, HandState, tuple[Card, ...]]] = []
    for action in state.history:
        if action.seat == seat and action.kind in ("pass", "play"):
            out.append((action.kind, replay.copy(), action.cards))
        if action.kind == "pass":
            replay.push_pass(action.seat, sum(1 << c for c in action.cards))
        elif action.kind == "play":
            replay.push(action.cards[0])
        else:
            replay.choose_moon(action.seat, action.choice or "add")
    return out


def _tip(state: HandState, seat: int, kind: str) -> tuple[str | None, tuple[Card, ...] | None]:
    try:
        from hearts.bots.rule_bot import RuleBot
    except ImportError:  # pragma: no cover - the rule bot ships with the package
        return None, None
    bot = RuleBot(seed=0)
    obs = state.observation(seat)
    d = bot.decide_pass(obs) if kind == "pass" else bot.decide_play(obs)
    return d.tip, tuple(d.cards)


def review_hand(
    hand: Any,
    seat: int,
    *,
    worlds: int = DEFAULT_WORLDS,
    pass_worlds: int = DEFAULT_PASS_WORLDS,
    seed: int = 0,
    tips: bool = True,
    decisions: Iterable[int] | None = None,
) -> pd.DataFrame:
    """Evaluate every decision ``seat`` made in a finished hand (see the module doc for the columns).

    ``worlds`` deals are sampled per play and ``pass_worlds`` per candidate
    pass, from the seat's observation at that moment only. Deterministic
    given ``seed`` (each decision has its own random stream, so reviewing
    only some ``decisions``, by index, gives the same rows for those). With
    ``tips`` the rule bot names the tip it would follow at each decision.
    """
    import pandas as pd

    wanted = None if decisions is None else set(decisions)
    rows: list[dict[str, Any]] = []
    for index, (kind, state, chosen) in enumerate(replay_decisions(hand, seat)):
        if wanted is not None and index not in wanted:
            continue
        obs = state.observation(seat)
        rng = random.Random(seed * 1_000_003 + index)
        tip, tip_cards = _tip(state, seat, kind) if tips else (None, None)
        chosen_mask = sum(1 << c for c in chosen)
        if kind == "pass":
            cands = pass_candidates(obs.hand_mask, k=obs.rules.pass_size)
            extra = [chosen_mask]
            if tip_cards is not None:
                extra.append(sum(1 << c for c in tip_cards))
            for m in extra:
                if m not in cands:
                    cands.append(m)
            ev = evaluate_pass(obs, rng, pass_worlds, candidates=cands)
            forced = False
            trick = 0
        else:
            ev = evaluate_play(obs, rng, worlds, forced=True)
            forced = len(ev.options) == 1
            trick = obs.trick_number + 1
        rows.extend(_rows(index, kind, trick, ev, chosen_mask, forced, tip, tip_cards))
    df = pd.DataFrame(rows, columns=list(COLUMNS))
    text = {col: "string" for col in ("kind", "option", "codes", "tip", "tip_option")}
    ints = {col: "int64" for col in ("decision", "trick", "playouts")}
    flags = {col: "bool" for col in ("chosen", "best", "forced")}
    return df.astype({**ints, **text, **flags})


def _rows(
    index: int,
    kind: str,
    trick: int,
    ev: Evaluation,
    chosen_mask: int,
    forced: bool,
    tip: str | None,
    tip_cards: tuple[Card, ...] | None,
) -> list[dict[str, Any]]:
    best = ev.best.expected
    tip_label = " ".join(str(c) for c in sorted(tip_cards)) if tip and tip_cards else None
    out = []
    for i, o in enumerate(ev.options):
        mask = sum(1 << c for c in o.cards)
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
                "regret": 0.0 if forced or math.isnan(best) else o.expected - best,
                "chosen": mask == chosen_mask,
                "best": i == 0,
                "forced": forced,
                "tip": tip,
                "tip_option": tip_label,
            }
        )
    return out


def decision_table(df: pd.DataFrame, *, costly: float = COSTLY) -> pd.DataFrame:
    """One row per decision: what was chosen, what the expert prefers, and what it cost.

    Columns (:data:`DECISION_COLUMNS`): ``decision``, ``kind``, ``trick``,
    ``chosen`` / ``chosen_expected``, ``best`` / ``best_expected``, ``cost``
    (expected points lost by the choice, >= 0), ``costly`` (cost above
    ``costly``), ``forced``, ``options`` (how many were evaluated), ``tip``,
    ``tip_option``.
    """
    import pandas as pd

    rows = []
    for decision, g in df.groupby("decision", sort=True):
        chosen = g[g["chosen"]].iloc[0]
        best = g[g["best"]].iloc[0]
        cost = float(chosen["regret"])
        rows.append(
            {
                "decision": int(decision),  # type: ignore[arg-type]
                "kind": chosen["kind"],
                "trick": int(chosen["trick"]),
                "chosen": chosen["option"],
                "chosen_expected": float(chosen["expected"]),
                "best": best["option"],
                "best_expected": float(best["expected"]),
                "cost": cost,
                "costly": bool(cost > costly),
                "forced": bool(chosen["forced"]),
                "options": len(g),
                "tip": chosen["tip"],
                "tip_option": chosen["tip_option"],
            }
        )
    return pd.DataFrame(rows, columns=list(DECISION_COLUMNS))
