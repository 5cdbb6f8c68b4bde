"""Every exercise of the tutorials: its cases (shown ones from the notebook, hidden ones from deals) and the
judge that names the mistake a wrong value shows.

Cases built on the engine say what the rules say (``legal_moves``, ``why_not``, a trick's winner); the
data-analysis exercises compare with the shipped solution run on the same inputs (the notebook's tables, and
hidden samples of their deals).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from typing import Any

from hearts.messages import seat_name, text
from hearts.tutor.checking import Amount, Case, Exercise, Failure, close, compare_values, short

__all__ = ["EXERCISES", "made_up_mistakes", "played_big_hand", "played_hand"]

HIDDEN_DEALS = (11, 23, 37, 58, 71, 94)


@functools.cache
def played_hand(number: int) -> Any:
    """Deal ``number`` played out by four rule bots, after their pass (a finished :class:`~hearts.HandState`).

    >>> played_hand(11).is_over
    True
    """
    from hearts import Deal, HandState
    from hearts.bots import RuleBot
    from hearts.selfplay import play_out

    state = HandState(Deal.from_number(number))
    play_out(state, [RuleBot(seed=seat) for seat in range(4)])
    return state


def _rewound(number: int, cards_played: int) -> Any:
    position = played_hand(number).copy()
    while position.cards_played > cards_played:
        position.undo()
    return position


def _deal_label(lang: str, number: int, **more: Any) -> str:
    parts = [text("tutor.where.deal", lang, number=number)]
    parts += [text(f"tutor.where.{key}", lang, value=value) for key, value in more.items()]
    return ", ".join(parts)


def _frame() -> type:
    import pandas as pd

    return pd.DataFrame


# ----- 02: who wins a trick --------------------------------------------------------------------------------


def _trick_cases(namespace: Mapping[str, Any], lang: str) -> list[Case]:
    cases = []
    for number in (2024, *HIDDEN_DEALS):
        for trick in played_hand(number).tricks:
            plays = list(zip(trick.seats, trick.cards))
            where = " ".join(f"{seat_name(s, lang)}:{c}" for s, c in plays)
            cases.append(Case(f"{_deal_label(lang, number, trick=trick.number + 1)} ({where})", (plays,),
                              trick.winner, shown=number == 2024))  # fmt: skip
    return cases


def _judge_trick(value: Any, case: Case, lang: str) -> Failure | None:
    plays = case.args[0]
    if value == case.expected:
        return None
    seats = [seat for seat, _ in plays]
    led = plays[0][1].suit
    winner_card = dict(plays)[case.expected]
    values = {"expected": seat_name(case.expected, lang), "card": str(winner_card), "suit": led.symbol}
    if value not in seats:
        return Failure("trick.not_a_seat", {**values, "got": short(value)})
    card = dict(plays)[value]
    values |= {"got": seat_name(value, lang), "got_card": str(card)}
    if value == max(plays, key=lambda p: p[1].rank)[0]:
        return Failure("trick.ignored_suit", values)
    if value == plays[0][0]:
        return Failure("trick.first_player", values)
    if value == plays[-1][0]:
        return Failure("trick.last_player", values)
    if 0 <= value < len(plays) and seats[value] == case.expected:
        return Failure("trick.position", {**values, "got": value})
    return Failure("trick.wrong", values)


# ----- 03: every card, allowed or not ----------------------------------------------------------------------


def _refusal_cases(namespace: Mapping[str, Any], lang: str) -> list[Case]:
    cases = []
    if "position" in namespace:
        position = namespace["position"]
        cases.append(Case(text("tutor.where.notebook", lang, name="position"), (position, position.to_play), None,
                          shown=True))  # fmt: skip
    for number in HIDDEN_DEALS:
        for played in (0, 13, 22, 35):
            position = _rewound(number, played)
            label = _deal_label(lang, number, cards=played, seat=seat_name(position.to_play, lang))
            cases.append(Case(label, (position, position.to_play), None))
    return cases


def _judge_refusals(value: Any, case: Case, lang: str) -> Failure | None:
    position, seat = case.args
    columns = ["card", "allowed", "rule", "reason"]
    missing = [c for c in columns if c not in value.columns]
    if missing:
        return Failure("missing_column", {"name": missing[0], "names": ", ".join(columns)})
    hand = [str(card) for card in position.hand_of(seat)]
    got = [str(card) for card in value["card"]]
    if sorted(got) != sorted(hand):
        return Failure("refusals.cards", {"got": " ".join(got) or "-", "expected": " ".join(hand)})
    for _, row in value.iterrows():
        err = position.why_not(str(row["card"]), seat)
        allowed = err is None
        if bool(row["allowed"]) != allowed:
            if all(bool(a) for a in value["allowed"]):
                reason = err.explain(lang) if err else ""
                return Failure("refusals.all_allowed", {"card": row["card"], "reason": reason})
            key = "refusals.allowed" if allowed else "refusals.refused"
            return Failure(key, {"card": row["card"], "reason": err.explain(lang) if err else ""})
        if err is not None and row["rule"] != err.rule.name:
            return Failure("refusals.rule", {"card": row["card"], "got": short(row["rule"]), "expected": err.rule.name})
        if err is not None and row["reason"] != err.explain(lang):
            other = "es" if lang == "en" else "en"
            kind = "refusals.language" if row["reason"] == err.explain(other) else "refusals.reason"
            return Failure(kind, {"card": row["card"], "got": short(row["reason"]), "expected": err.explain(lang)})
    return None


# ----- the data-analysis exercises: the same inputs through the shipped solution ------------------------------


def _solution_cases(exercise: str, calls: Callable[[Mapping[str, Any], str], list[tuple[str, tuple[Any, ...]]]],
                    hidden_from: int = 1_000) -> Callable[[Mapping[str, Any], str], list[Case]]:  # fmt: skip
    """Cases whose expected values are the shipped solution's on the same inputs; the first ``hidden_from`` are the
    notebook's own (shown), the rest hidden samples."""

    def cases(namespace: Mapping[str, Any], lang: str) -> list[Case]:
        from hearts.tutor.core import load_solution

        solution = load_solution(exercise, namespace)
        return [Case(label, args, None, shown=i < hidden_from, compute=functools.partial(solution, *args))
                for i, (label, args) in enumerate(calls(namespace, lang))]  # fmt: skip

    return cases


def _need(namespace: Mapping[str, Any], *names: str) -> list[Any]:
    missing = [name for name in names if name not in namespace]
    if missing:
        from hearts.tutor.core import TutorError

        raise TutorError(f"the check needs the notebook's {', '.join(missing)}: pass globals()", "namespace")
    return [namespace[name] for name in names]


def _judge_record(kind: str) -> Callable[[Any, Case, str], Failure | None]:
    """Compare a dict or table with the solution's, naming a known mistake of exercise ``kind`` first."""

    def judge(value: Any, case: Case, lang: str) -> Failure | None:
        failure = compare_values(value, case.expected)
        if failure is None or kind not in _KNOWN or failure.kind not in ("cell", "value", "rows"):
            return failure
        return _KNOWN[kind](value, case, failure) or failure

    return judge


def _interval_mistake(value: Any, expected: Any, names: tuple[str, str, str]) -> Failure | None:
    mean, lo, hi = (value[n] for n in names)
    if not (lo <= mean <= hi):
        return Failure("interval.order", {"mean": short(mean), "lo": short(lo), "hi": short(hi)})
    return None


def _known_keep_queen(value: Any, case: Case, failure: Failure) -> Failure | None:
    want = case.expected
    if failure.values.get("name") == "verdict":
        return Failure("verdict", {"got": short(value["verdict"]), "expected": want["verdict"]})
    if failure.values.get("name") == "hands_changed" and value["hands_changed"] > want["hands_changed"]:
        return Failure("passing.all_hands", {"got": value["hands_changed"], "expected": want["hands_changed"]})
    if failure.values.get("name") == "effect_vs_4" and close(value["effect_vs_4"], -want["effect_vs_4"]):
        return Failure("effect.sign", {"got": short(value["effect_vs_4"]), "expected": short(want["effect_vs_4"])})
    return _interval_mistake(value, want, ("effect_vs_4", "ci_low", "ci_high"))


def _known_void(value: Any, case: Case, failure: Failure) -> Failure | None:
    want = case.expected
    if failure.values.get("name") == "verdict":
        return Failure("verdict", {"got": short(value["verdict"]), "expected": want["verdict"]})
    if failure.values.get("name") == "effect" and close(value["effect"], -want["effect"]):
        return Failure("effect.sign", {"got": short(value["effect"]), "expected": short(want["effect"])})
    if failure.values.get("name") == "effect" and value["effect"] != 0 and abs(value["effect"]) > abs(want["effect"]):
        return Failure("void.changed_only", {"got": short(value["effect"]), "expected": short(want["effect"])})
    return _interval_mistake(value, want, ("effect", "ci_low", "ci_high"))


def _known_fate(value: Any, case: Case, failure: Failure) -> Failure | None:
    want = case.expected
    if "trick" in value.columns and len(value) == len(want) and all(
        close(a, b - 1) for a, b in zip(value["trick"], want["trick"])
    ):
        return Failure("fate.trick_from_zero", {})
    if failure.kind == "rows":
        return Failure("fate.rows", failure.values)
    return None


def _known_moon(value: Any, case: Case, failure: Failure) -> Failure | None:
    want = case.expected
    name = failure.values.get("name")
    has = {"never_score", "failed_score"} <= set(value.columns)
    ratio = value["never_score"] / value["failed_score"] if has else None
    if name == "break_even" and ratio is not None and all(close(a, b) for a, b in zip(value["break_even"], ratio)):
        return Failure("moon.break_even", {})
    if name == "failed_score" and all(close(a, b) for a, b in zip(value["failed_score"], _all_attempts(case))):
        return Failure("moon.failed_all", {})
    if name == "pays" and "success" in value.columns:
        return Failure("moon.pays", {"row": failure.values.get("row")})
    if name == "success" and (value["success"] > 1).any():
        return Failure("moon.count", {})
    del want
    return None


def _all_attempts(case: Case) -> list[float]:
    moons = case.args[0]
    return list(moons.groupby("band", observed=True)["score"].mean())


def _known_games(value: Any, case: Case, failure: Failure) -> Failure | None:
    return None


_KNOWN: dict[str, Callable[[Any, Case, Failure], Failure | None]] = {
    "04": _known_keep_queen, "05": _known_void, "06": _known_fate, "08": _known_moon,
}  # fmt: skip


def _moon_calls(namespace: Mapping[str, Any], lang: str) -> list[tuple[str, tuple[Any, ...]]]:
    (moons,) = _need(namespace, "moons")
    deals = sorted(set(moons["deal"])) if "deal" in moons.columns else list(range(len(moons)))
    calls: list[tuple[str, tuple[Any, ...]]] = [(text("tutor.where.moons", lang), (moons,))]
    import numpy as np

    for seed in (1, 2, 3):
        keep = set(np.random.default_rng(seed).choice(deals, size=max(1, int(len(deals) * 0.7)), replace=False))
        rows = moons["deal"].isin(keep) if "deal" in moons.columns else moons.index.isin(keep)
        label = text("tutor.where.sample", lang, kept=len(keep), total=len(deals), seed=seed)
        calls.append((label, (moons[rows].copy(),)))
    return calls


def _judge_games(value: Any, case: Case, lang: str) -> Failure | None:
    if len(value) != 3:
        return Failure("games.three", {"got": len(value)})
    share, lo, hi = value
    want = case.expected
    if not 0 <= float(share) <= 1:
        return Failure("games.share_range", {"got": short(float(share))})
    if not lo <= share <= hi:
        return Failure("interval.order", {"mean": short(float(share)), "lo": short(float(lo)), "hi": short(float(hi))})
    if close(share, 1 - want[0]) and not close(share, want[0]):
        return Failure("games.other_side", {"got": short(float(share)), "expected": short(float(want[0]))})
    for name, a, b in zip(("share", "ci_low", "ci_high"), value, want):
        if not close(a, b):
            return Failure("value", {"name": name, "got": short(float(a)), "expected": short(float(b))})
    return None


# ----- 09: a bot of your own --------------------------------------------------------------------------------


def _prepare_bot(answer: Any) -> Any:
    from hearts.bots import Bot

    bot = answer() if isinstance(answer, type) and issubclass(answer, Bot) else answer
    if not isinstance(bot, Bot):
        return Failure("bot.not_a_bot", {"got": type(answer).__name__})

    def play(number: int) -> Any:
        return _bot_hand(bot, number)

    return play


def _bot_hand(bot: Any, number: int) -> Any:
    """Deal ``number`` with ``bot`` in South and rule bots elsewhere, every decision through the checked path;
    returns the plays and South's score, or a :class:`Failure` for the first decision the rules or the types
    refuse."""
    from hearts import Deal, HandState, IllegalMoveError
    from hearts.bots import Decision, RuleBot

    state = HandState(Deal.from_number(number))
    others = [RuleBot(seed=seat) for seat in range(4)]
    for seat in state.waiting_to_pass:
        obs = state.observation(seat)
        decision = bot.decide_pass(obs) if seat == 0 else others[seat].decide_pass(obs)
        if seat == 0:
            if not isinstance(decision, Decision):
                return Failure("bot.not_decision", {"got": type(decision).__name__, "what": "decide_pass"})
            if len(decision.cards) != 3:
                return Failure("bot.pass_count", {"got": len(decision.cards)})
        try:
            state.pass_cards(seat, decision.cards)
        except IllegalMoveError as err:
            return Failure("bot.illegal", {"card": " ".join(map(str, decision.cards)), "reason": err})
    while not state.is_over:
        seat = state.to_play
        obs = state.observation(seat)
        decision = bot.decide_play(obs) if seat == 0 else others[seat].decide_play(obs)
        if seat == 0 and not isinstance(decision, Decision):
            return Failure("bot.not_decision", {"got": type(decision).__name__, "what": "decide_play"})
        card = decision.cards[0]
        refused = state.why_not(card)
        if refused is not None:
            return Failure("bot.illegal", {"card": str(card), "reason": refused})
        state.play(card)
    return tuple(state.plays), state.result().scores[0]


BOT_DEALS = (9, *HIDDEN_DEALS, *range(100, 133))
"""The deals a bot of notebook 09 plays, the Ducker on the same: 40, enough to see a bot that is clearly worse."""


def _bot_cases(namespace: Mapping[str, Any], lang: str) -> list[Case]:
    ducker = namespace.get("Ducker")
    return [Case(_deal_label(lang, number), (number,), _bot_hand(ducker(), number) if ducker else None,
                 shown=number == 9) for number in BOT_DEALS]  # fmt: skip


def _judge_bot(value: Any, case: Case, lang: str) -> Failure | None:
    if isinstance(value, Failure):
        if value.kind == "bot.illegal" and not isinstance(value.values["reason"], str):
            return Failure("bot.illegal", {**value.values, "reason": value.values["reason"].explain(lang)})
        return value
    return None


def _bot_overall(cases: list[Case], values: list[Any]) -> Failure | None:
    """The bot as a whole, once every deal was played by the rules: not the Ducker unchanged, and not clearly
    worse than it (the paired difference of South's points over the deals, its 95 % interval above zero)."""
    pairs = [(value, case.expected) for case, value in zip(cases, values) if case.expected is not None]
    if len(pairs) != len(cases):
        return None  # no Ducker in the notebook to compare with
    if all(value == expected for value, expected in pairs):
        return Failure("bot.unchanged", {"deals": len(cases)})
    diffs = [value[1] - expected[1] for value, expected in pairs]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    low = mean - 1.96 * sd / math.sqrt(n)
    if low > 0:
        mine, ducker = sum(v[1] for v, _ in pairs) / n, sum(e[1] for _, e in pairs) / n
        high = mean + 1.96 * sd / math.sqrt(n)
        return Failure("bot.worse", {"deals": n, "mine": Amount(mine), "ducker": Amount(ducker),
                                     "low": Amount(low), "high": Amount(high)})  # fmt: skip
    return None


# ----- 10: the whole table ---------------------------------------------------------------------------------


def _cost_cases(namespace: Mapping[str, Any], lang: str) -> list[Case]:
    (hand,) = _need(namespace, "hand")
    return [Case(text("tutor.where.notebook", lang, name="hand"), (hand,), hand, shown=True)]


def _judge_costs(value: Any, case: Case, lang: str) -> Failure | None:
    hand = case.expected
    columns = ["points", "costly_decisions", "cost_of_costly", "total_cost"]
    missing = [c for c in columns if c not in value.columns]
    if missing:
        return Failure("missing_column", {"name": missing[0], "names": ", ".join(columns)})
    names = [seat_name(seat, lang) for seat in range(hand.n)]
    got = [str(i) for i in value.index]
    if len(got) != hand.n:
        return Failure("costs.rows", {"got": len(got), "expected": hand.n})
    if got != names:
        other = [seat_name(seat, "es" if lang == "en" else "en") for seat in range(hand.n)]
        kind = "costs.language" if got == other else "costs.names"
        return Failure(kind, {"got": ", ".join(got), "expected": ", ".join(names)})
    points = list(hand.result().points)
    if [int(p) for p in value["points"]] != points:
        kind = "costs.scores" if [int(p) for p in value["points"]] == list(hand.result().scores) else "costs.points"
        return Failure(kind, {"got": ", ".join(str(int(p)) for p in value["points"]),
                              "expected": ", ".join(map(str, points))})  # fmt: skip
    from hearts.review import COSTLY

    reference = _reference_costs(hand)
    for (name, row), ref in zip(value.iterrows(), reference):
        count = float(row["costly_decisions"])
        if count != int(count) or not 0 <= count <= ref["decisions"]:
            return Failure("costs.count", {"seat": name, "got": short(row["costly_decisions"]),
                                           "decisions": ref["decisions"]})  # fmt: skip
        # Each costly decision surely cost more than the review's threshold (a decision can also cost less than
        # nothing, by the estimate: so the total can be below the costly part, and that is no mistake).
        if (count == 0 and abs(float(row["cost_of_costly"])) > 1e-9) or (
            count > 0 and float(row["cost_of_costly"]) < count * COSTLY - 1e-9
        ):
            cost = short(row["cost_of_costly"])
            return Failure("costs.inconsistent", {"seat": name, "count": int(count), "costly": cost,
                                                  "threshold": short(COSTLY)}, int(count))  # fmt: skip
    totals = [float(t) for t in value["total_cost"]]
    costly_parts = [float(c) for c in value["cost_of_costly"]]
    far = max(reference, key=lambda ref: abs(ref["total_cost"]))
    if all(abs(t) < 1e-9 for t in totals) and abs(far["total_cost"]) > 0.5:
        total = short(far["total_cost"])
        return Failure("costs.zero", {"seat": seat_name(far["seat"], lang), "total": total},
                       1 if total.lstrip("-") == "1" else 2)  # fmt: skip
    rows = [tuple(float(x) for x in r) for r in value[["costly_decisions", "cost_of_costly", "total_cost"]].to_numpy()]
    ref_totals = [ref["total_cost"] for ref in reference]
    if hand.n > 1 and len(set(rows)) == 1 and max(ref_totals) - min(ref_totals) > 0.5:
        return Failure("costs.same", {"total": short(totals[0])})
    if all(abs(t - c) < 1e-9 for t, c in zip(totals, costly_parts)) and any(
        abs(ref["total_cost"] - ref["cost_of_costly"]) > 0.5 for ref in reference
    ):
        return Failure("costs.only_costly", {})
    return None


@functools.lru_cache(maxsize=8)
def _reference_costs(hand: Any) -> tuple[dict[str, Any], ...]:
    """Each seat's decisions in ``hand`` as the review rates them, at the solution's defaults (a few seconds)."""
    from hearts.review import decision_table, review_hand

    rows = []
    for seat in range(hand.n):
        review = review_hand(hand, seat, worlds=48, pass_worlds=24, check_worlds=1000, seed=0)
        table = decision_table(review)
        costly = table[table["costly"]]
        rows.append({"seat": seat, "decisions": len(table), "costly_decisions": len(costly),
                     "cost_of_costly": float(costly["cost"].sum()),
                     "total_cost": float(table["cost"].sum())})  # fmt: skip
    return tuple(rows)


# ----- 11: the lowest allowed card -------------------------------------------------------------------------


@functools.cache
def _masks() -> tuple[tuple[Any, Any, int, int], ...]:
    import numpy as np

    from hearts.rl.solo import HeartsSoloEnv

    env = HeartsSoloEnv(opponents="rule")
    found = []
    for seed in (1, 2, 3):
        obs, _ = env.reset(seed=seed)
        done, step = False, 0
        while not done:
            mask = obs["action_mask"]
            allowed = [int(a) for a in np.flatnonzero(mask) if a < 52]
            found.append((obs["observation"], mask.copy(), seed, step))
            obs, _, done, _, _ = env.step(min(allowed))
            step += 1
    return tuple(found)


def _lowest_cases(namespace: Mapping[str, Any], lang: str) -> list[Case]:
    import numpy as np

    from hearts import Card

    cases = []
    for observation, mask, seed, step in _masks():
        allowed = [int(a) for a in np.flatnonzero(mask) if a < 52]
        best = min(allowed, key=lambda a: (Card(a).rank, a))
        label = _deal_label(lang, seed, step=step + 1) + ": " + " ".join(str(Card(a)) for a in allowed)
        cases.append(Case(label, (observation, mask), best, shown=seed == 1 and step == 0))
    return cases


def _judge_lowest(value: Any, case: Case, lang: str) -> Failure | None:
    import numpy as np

    from hearts import Card

    if int(value) == case.expected:
        return None
    mask = case.args[1]
    allowed = [int(a) for a in np.flatnonzero(mask) if a < 52]
    values = {"got": short(value), "expected": f"{case.expected} ({Card(case.expected)})"}
    if not 0 <= int(value) < 52 or int(value) not in allowed:
        return Failure("lowest.not_allowed", values)
    values["got"] = f"{int(value)} ({Card(int(value))})"
    if int(value) == min(allowed):
        return Failure("lowest.by_number", values)
    if int(value) == max(allowed, key=lambda a: (Card(a).rank, a)):
        return Failure("lowest.highest", values)
    return Failure("lowest.wrong", values)


# ----- 12: where in the hand the mistakes were --------------------------------------------------------------


def made_up_mistakes(seed: int, rows: int = 24) -> Any:
    """A table with the columns and dtypes of :meth:`hearts.own_games.OwnGames.mistakes` (``kind``, ``trick``,
    ``cost`` drawn at random, deterministic by ``seed``): hidden cases of exercise 12.

    >>> m = made_up_mistakes(1)
    >>> len(m), str(m["trick"].dtype), set(m["kind"]) == {"pass", "play"}
    (24, 'Int64', True)
    """
    import numpy as np
    import pandas as pd

    from hearts.own_games import MISTAKE_COLUMNS

    rng = np.random.default_rng(seed)
    kind = ["pass" if k < 0.2 else "play" for k in rng.random(rows)]
    kind[0], kind[1] = "pass", "play"
    trick = [None if k == "pass" else int(rng.integers(0, 13)) for k in kind]
    cost = np.round(rng.uniform(1.2, 14.0, rows), 2)
    frame = pd.DataFrame({c: [None] * rows for c in MISTAKE_COLUMNS})
    frame["deal"], frame["seat"], frame["decision"] = np.arange(rows), 0, np.arange(rows)
    frame["kind"] = pd.array(kind, dtype="string")
    frame["trick"] = pd.array(trick, dtype="Int64")
    frame["cost"], frame["cost_se"] = cost, 0.3
    frame["low"] = frame["cost"] - 0.6
    frame["player"] = pd.array(["you"] * rows, dtype="string")
    return frame.sort_values("cost", ascending=False, kind="stable").reset_index(drop=True)


def _places(mistakes: Any) -> dict[str, tuple[int, float]]:
    """Where each mistake was (``"pass"`` or the trick, 1 to 13): how many, and their total cost."""
    out: dict[str, tuple[int, float]] = {}
    for kind, trick, cost in zip(mistakes["kind"], mistakes["trick"], mistakes["cost"]):
        place = "pass" if kind == "pass" else str(int(trick) + 1)
        count, total = out.get(place, (0, 0.0))
        out[place] = (count + 1, total + float(cost))
    return dict(sorted(out.items(), key=lambda item: -1 if item[0] == "pass" else int(item[0])))


def _by_trick_cases(namespace: Mapping[str, Any], lang: str) -> list[Case]:
    cases = []
    if "mistakes" in namespace:
        mine = namespace["mistakes"]
        cases.append(Case(text("tutor.where.notebook", lang, name="mistakes"), (mine,), _places(mine), shown=True))
    for seed in (1, 2, 3):
        made = made_up_mistakes(seed)
        cases.append(Case(text("tutor.where.made_up", lang, rows=len(made), seed=seed), (made,), _places(made)))
    return cases


def _label_place(label: Any) -> str:
    try:
        return str(int(str(label).strip()))
    except ValueError:
        return "pass"


def _judge_by_trick(value: Any, case: Case, lang: str) -> Failure | None:
    import numpy as np

    want: dict[str, tuple[int, float]] = case.expected
    if not want and len(value) == 0:
        return None
    have = [_label_place(i) for i in value.index]
    names = {"pass": text("tut.mygames.pass", lang)}
    listed = ", ".join(names.get(p, p) for p in want)
    if "pass" in want and "pass" not in have and sorted(have) == sorted(p for p in want if p != "pass"):
        return Failure("by_trick.no_pass", {})
    if sorted(have) != sorted(want):
        shifted = sorted(str(int(p) - 1) if p != "pass" else p for p in want)
        if sorted(have) == shifted:
            return Failure("by_trick.from_zero", {})
        return Failure("by_trick.rows", {"got": ", ".join(names.get(p, p) for p in have) or "-", "expected": listed})
    numbers = [value[c].to_numpy(dtype=float, na_value=np.nan) for c in value.columns
               if value[c].dtype.kind in "iuf" or str(value[c].dtype) in ("Int64", "Float64")]  # fmt: skip
    counts = [float(want[p][0]) for p in have]
    costs = [want[p][1] for p in have]
    means = [want[p][1] / want[p][0] for p in have]
    if not any(np.allclose(col, counts) for col in numbers):
        return Failure("by_trick.count", {"expected": ", ".join(f"{names.get(p, p)}: {want[p][0]}" for p in want)})
    if not any(np.allclose(col, costs, atol=0.011) for col in numbers):
        if any(np.allclose(col, means, atol=0.011) for col in numbers):
            return Failure("by_trick.mean", {})
        return Failure("by_trick.cost", {"expected": ", ".join(f"{names.get(p, p)}: {want[p][1]:.2f}" for p in want)})
    return None


# ----- 13: who takes a trick of Cancellation Hearts -----------------------------------------------------------

# (players, deal) played out by rule bots: hidden cases of exercise 13. Deal 741 (6 players) and deal 19 (8) end
# with a last trick whose every card of the suit led is cancelled; all of them have tricks that wait.
BIG_TABLE_DEALS = ((6, 741), (6, 11), (8, 19), (8, 37), (10, 21), (10, 71))
BIG_TABLE_SHOWN = (6, 1)  # the notebook's deal


@functools.cache
def played_big_hand(players: int, number: int) -> Any:
    """Deal ``number`` of Cancellation Hearts for ``players`` played out by rule bots, after their pass.

    >>> h = played_big_hand(6, 1)
    >>> h.is_over, h.tricks[0].waited, h.tricks[1].carried
    (True, True, (0,))
    """
    from hearts import Deal, HandState, Rules
    from hearts.bots import RuleBot
    from hearts.selfplay import play_out

    rules = Rules.cancellation(players)
    state = HandState(Deal.from_number(number, rules), rules)
    play_out(state, [RuleBot(seed=seat) for seat in range(players)])
    return state


def _taker_cases(namespace: Mapping[str, Any], lang: str) -> list[Case]:
    cases = []
    for players, number in (BIG_TABLE_SHOWN, *BIG_TABLE_DEALS):
        state = played_big_hand(players, number)
        last = len(state.tricks) - 1
        for trick in state.tricks:
            plays = list(zip([(trick.leader + i) % players for i in range(players)], trick.cards))
            where = " ".join(f"{seat}:{card}" for seat, card in plays)
            label = text("tutor.where.big_table", lang, players=players, number=number, trick=trick.number + 1)
            if trick.number == last:
                label += ", " + text("tutor.where.last_trick", lang)
            expected = None if trick.waited else trick.winner
            cases.append(Case(f"{label} ({where})",
                              (plays, trick.number == last), expected,
                              shown=(players, number) == BIG_TABLE_SHOWN))  # fmt: skip
    return cases


def _alive(plays: list[tuple[int, Any]]) -> list[tuple[int, Any]]:
    """The plays of the suit led whose card has no twin in the trick."""
    from collections import Counter

    count = Counter(int(card) for _, card in plays)
    led = plays[0][1].suit
    return [(seat, card) for seat, card in plays if card.suit == led and count[int(card)] == 1]


def _judge_taker(value: Any, case: Case, lang: str) -> Failure | None:
    plays, last = case.args
    expected = case.expected
    if value is None and expected is None:
        return None
    if value is not None and expected is not None and int(value) == expected:
        return None
    seats = [seat for seat, _ in plays]
    leader = seats[0]
    led = plays[0][1].suit
    alive = _alive(plays)
    said = {"got": "None" if value is None else str(value), "suit": led.symbol,
            "expected": "None" if expected is None else str(expected)}  # fmt: skip
    if alive:
        best = max(alive, key=lambda play: play[1].rank)[1]
        said["card"] = str(best)
    if value is None:
        return Failure("cancel.last_trick" if last and not alive else "cancel.none_with_winner", said)
    if int(value) not in seats:
        return Failure("cancel.not_a_seat", said)
    value = int(value)
    of_led = [(seat, card) for seat, card in plays if card.suit == led]
    top = max(card.rank for _, card in of_led)
    tops = [seat for seat, card in of_led if card.rank == top]
    if len(tops) == 2 and value == tops[0]:
        return Failure("cancel.ignored", {**said, "twin": str(plays[seats.index(value)][1])})
    if len(tops) == 2 and value == tops[1]:
        return Failure("cancel.later_copy", {**said, "twin": str(plays[seats.index(value)][1])})
    if not alive:
        from collections import Counter

        count = Counter(int(card) for _, card in plays)
        single = [(seat, card) for seat, card in plays if count[int(card)] == 1]
        if single and value == max(single, key=lambda play: play[1].rank)[0]:
            return Failure("cancel.off_suit", said)
        if value == leader and not last:
            return Failure("cancel.waits", said)
    return Failure("cancel.wrong", said)


def _int_types() -> tuple[type, ...]:
    import numpy as np

    return (int, np.integer)


EXERCISES: dict[str, Exercise] = {
    e.id: e
    for e in (
        Exercise("02", "02_play_against_bots", "trick_winner", "02_play_against_bots.py", _trick_cases,
                 _judge_trick, _int_types(), "int", time_limit=5),
        Exercise("03", "03_rules_as_code", "refusals", "03_rules_as_code.py", _refusal_cases, _judge_refusals,
                 _frame(), "pandas.DataFrame", time_limit=5),
        Exercise("04", "04_passing", "keep_queen_test", "04_passing.py",
                 _solution_cases("04", lambda ns, lang: [(f"k = {k}", (k,)) for k in (3, 5)]),
                 _judge_record("04"), dict, "dict", time_limit=300, from_solution=True),
        Exercise("05", "05_voiding_a_suit", "void_length_test", "05_voiding_a_suit.py",
                 _solution_cases("05", lambda ns, lang: [(f"({lo}, {hi})", (lo, hi)) for lo, hi in ((1, 3), (2, 2))]),
                 _judge_record("05"), dict, "dict", time_limit=300, from_solution=True),
        Exercise("06", "06_first_trick", "fate_of_dumped_card", "06_first_trick.py",
                 _solution_cases("06", lambda ns, lang: [(text("tutor.where.pairs_runs", lang),
                                                          tuple(_need(ns, "pairs", "runs")))]),
                 _judge_record("06"), _frame(), "pandas.DataFrame", time_limit=120, from_solution=True),
        Exercise("07", "07_hunting_the_queen", "leader_in_games", "07_hunting_the_queen.py",
                 _solution_cases("07", lambda ns, lang: [(f"N_GAMES = {_need(ns, 'N_GAMES')[0]}", ())]),
                 _judge_games, tuple, "tuple (share, low, high)", time_limit=600, from_solution=True),
        Exercise("08", "08_the_moon", "moon_odds", "08_the_moon.py", _solution_cases("08", _moon_calls, hidden_from=1),
                 _judge_record("08"), _frame(), "pandas.DataFrame", from_solution=True),
        Exercise("09", "09_your_own_bot", "MyBot", "09_your_own_bot.py", _bot_cases, _judge_bot, (tuple, Failure),
                 "Bot", answer_kind="bot", solution_var="bot", prepare=_prepare_bot,
                 overall=_bot_overall),
        Exercise("10", "10_review_your_hand", "cost_by_seat", "10_review_your_hand.py", _cost_cases, _judge_costs,
                 _frame(), "pandas.DataFrame", time_limit=300),
        Exercise("11", "11_train_an_agent", "lowest_card", "11_train_an_agent.py", _lowest_cases, _judge_lowest,
                 _int_types(), "int", time_limit=5),
        Exercise("12", "12_your_own_games", "mistakes_by_trick", "12_your_own_games.py", _by_trick_cases,
                 _judge_by_trick, _frame(), "pandas.DataFrame", time_limit=30, passed_key="tutor.passed.made_up"),
        Exercise("13", "13_big_table", "trick_taker", "13_big_table.py", _taker_cases, _judge_taker,
                 (*_int_types(), type(None)), "int or None", time_limit=5),
    )
}  # fmt: skip
