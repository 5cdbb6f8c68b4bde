"""The table each tip is tested at, why a tip may seldom be put to the test, and what an experiment will cost.

A tip can only show what it is worth where its situation arises. Most of
the nine tips act in every few hands among rule bots, but ``stop_moon`` needs
rivals who try the moon, and rule bots seldom do. So each tip's default
experiment (:func:`hearts.experiment.tip_experiment` without ``field=``)
seats the field of :data:`TIP_FIELDS`:

>>> tip_field("flush_queen").label, tip_field("stop_moon").label
('Rule bot', 'Moon hunter')

The field is named in the result (``result.meta["field"]``) and in its
summary. Where a tip still changed fewer than :data:`RARE_SHARE` of the
paired hands, :func:`rare_note` says why in words, from what the tip needs
and the deals that were played.

Stronger or mixed tables (``tip_experiments(field="expert")``) cost far
more time per hand; :func:`estimate_time` measures a few hands with the
field on this machine first and says how long the whole run will take:

>>> est = estimate_time(["flush_queen"], n_deals=10, workers=1)
>>> est.hands, est.workers
(80, 1)
>>> est.sentence("en").startswith("About ")
True
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

from hearts.bots.registry import BotLike, BotSpec, Seating, as_bot, bot_spec
from hearts.bots.rule_bot import moon_strength
from hearts.bots.tips import HABIT_NAMES, TIP_NAMES, Tips
from hearts.deal import Deal
from hearts.errors import OptionError
from hearts.game import Game
from hearts.hand import HandState
from hearts.messages import bot_name, number, percent, text, text_n
from hearts.rules import Rules
from hearts.runs import Run
from hearts.selfplay import hand_seeds, play_out

__all__ = ["RARE_SHARE", "TIP_FIELDS", "TimeEstimate", "estimate_time", "rare_note", "tip_field", "tip_field_note"]

TIP_FIELDS: dict[str, str] = dict.fromkeys(TIP_NAMES + HABIT_NAMES, "rule") | {
    "stop_moon": "moon",
    "stop_moon_discards": "moon",
}
"""The bots in the other seats of each tip's default experiment (a name of :func:`~hearts.bots.bot_spec`).

- ``"rule"`` (the default rule bot) for seven of the nine tips: their
  situations (Q♠ to pass or to flush, a short suit, a void, the first
  trick, ...) arise in every few hands whatever the others play.
- ``"moon"`` (the moon hunter, :data:`hearts.bots.registry.STYLES`) for
  ``stop_moon`` and its habit ``stop_moon_discards``: the tip acts only
  against a rival who has taken Q♠ and every heart so far. On 500 deals
  (seeds apart from any quoted) a rival reached that in 14% of the tested
  seat's hands among moon hunters, 7% among rule bots.
- ``shoot_moon`` keeps the rule bots: it acts on the tested seat's own
  hand, so no field makes it arise more often (see :func:`rare_note`).
"""

RARE_SHARE = 0.03
"""Below this share of paired hands changed, a tip's result says why it was seldom put to the test."""


def tip_field(tip: str) -> BotSpec:
    """The field of ``tip``'s default experiment (see :data:`TIP_FIELDS`), as a labelled recipe.

    >>> tip_field("stop_moon").build().tips.moon_min_strength
    12
    >>> tip_field("moon")
    Traceback (most recent call last):
    ...
    hearts.errors.OptionError: unknown tip 'moon'; tips are: pass_high_spades, ..., stop_moon; habits: ...
    """
    try:
        name = TIP_FIELDS[tip]
    except (KeyError, TypeError):
        raise OptionError(
            f"unknown tip {tip!r}; tips are: {', '.join(TIP_NAMES)}; habits: {', '.join(HABIT_NAMES)}", "tip"
        ) from None
    return bot_spec(name, label="Rule bot") if name == "rule" else bot_spec(name)


def tip_field_note(meta: Mapping[str, Any], lang: str = "en") -> str:
    """Why the default field of a tip experiment is not the rule bots (empty for the others, or a field given).

    >>> tip_field_note({"tip": "stop_moon", "default_field": True}, "en")[:40]
    'The other seats are moon hunters: rule b'
    >>> tip_field_note({"tip": "flush_queen", "default_field": True})
    ''
    """
    tip = meta.get("tip")
    if not meta.get("default_field") or TIP_FIELDS.get(str(tip)) != "moon":
        return ""
    return text("experiment.note.field.moon", lang, tip=tip)


def rare_note(meta: Mapping[str, Any], changed_share: float, deals: Any, lang: str = "en") -> str:
    """Why a tip changed fewer than :data:`RARE_SHARE` of the paired hands, in words ('' otherwise).

    ``deals`` is the result's table (its ``deal_number`` and ``hand_number``
    columns): for ``shoot_moon`` the note counts the hands dealt there that
    were strong enough for the tip.

    >>> import pandas as pd
    >>> rare_note({"tip": "flush_queen", "field": "Rule bot"}, 0.2, None)
    ''
    >>> rare_note({"tip": "watch_voids", "field": "Rule bot"}, 0.01, None)[:35]
    'The tip watch_voids changed the out'
    """
    tip = meta.get("tip")
    if tip is None or changed_share >= RARE_SHARE or changed_share <= 0:
        return ""
    changed = percent(changed_share, lang)
    field = ", ".join(bot_name(x, lang) for x in str(meta.get("field", "?")).split(", "))
    if tip == "shoot_moon":
        bar = Tips().moon_min_strength
        here = deals is not None and "deal_number" in getattr(deals, "columns", ())
        share = _moon_hand_share(meta, deals if here else None, bar)
        where = text(f"experiment.note.rare.where.{'here' if here else 'any'}", lang)
        hands = percent(share, lang)
        return text("experiment.note.rare.shoot_moon", lang, changed=changed, bar=bar, hands=hands, where=where)
    if tip in ("stop_moon", "stop_moon_discards"):
        return text("experiment.note.rare.stop_moon", lang, changed=changed, field=field, tip=tip)
    return text("experiment.note.rare.any", lang, changed=changed, field=field, tip=tip)


def _moon_hand_share(meta: Mapping[str, Any], deals: Any, bar: int) -> float:
    """Share of the seats' dealt hands (before passing) of moon strength ``bar`` or more: in ``deals`` (a table
    of ``deal_number`` and ``hand_number``), or without them in deals 0 to 1999."""
    rules = Rules.from_dict(dict(meta["rules"])) if "rules" in meta else Rules()
    if deals is None:
        pairs: Any = ((k, k % 4 + 1) for k in range(2000))
    else:
        pairs = zip(deals["deal_number"], deals["hand_number"])
    strong = total = 0
    for number_, hand_number in pairs:
        deal = Deal.from_number(int(number_), rules, hand_number=int(hand_number))
        for hand in deal.hands:
            strong += moon_strength(hand.mask) >= bar
            total += 1
    return strong / max(1, total)


# ----- the cost in time ------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class TimeEstimate:
    """How long a set of tip experiments should take: hands to play, measured seconds per hand, processes."""

    hands: int
    per_hand: float
    workers: int
    measured: int

    @property
    def seconds(self) -> float:
        """The expected wall time in seconds."""
        return self.hands * self.per_hand / self.workers

    def sentence(self, lang: str = "en") -> str:
        """The estimate for people, in English or Spanish."""
        s = self.seconds
        if s < 90:
            when = text("experiment.estimate.seconds", lang, n=number(max(1.0, s), lang, 0))
        else:
            when = text("experiment.estimate.minutes", lang, n=number(s / 60, lang, 0 if s >= 600 else 1))
        return text_n(
            "experiment.estimate",
            self.measured,
            lang,
            when=when,
            hands=f"{self.hands:,}".replace(",", "\u202f"),
            ms=number(1000 * self.per_hand, lang, 1),
            measured=self.measured,
            workers=self.workers,
        )


def estimate_time(
    tips: Sequence[str] | None = None,
    *,
    field: BotLike | Sequence[BotLike] | None = None,
    unit: str = "hands",
    n_deals: int | None = None,
    n_games: int | None = None,
    budget: float = 1.0,
    **options: Any,
) -> TimeEstimate:
    """The time :func:`~hearts.experiment.tip_experiments` will take with these options, measured now.

    Plays a few hands (for about ``budget`` seconds, at least one) with the
    tested rule bot and the field of each tip on this machine, the way the
    experiment plays them, and scales by the hands the run needs: ``2 ×
    seats`` per deal (per game: times the hands a game of rule bots lasts
    under these rules), divided among the worker processes.
    """
    names = tuple(TIP_NAMES if tips is None else tips)
    run_options = {k: v for k, v in options.items() if k in ("seed", "rules", "workers", "client", "mp_context")}
    run = Run.check(run_options, caller="estimate_time", error=OptionError)
    rules = run.rules
    n = rules.num_players
    fields: dict[str, tuple[BotSpec | Any, ...]] = {}
    tips_at: dict[str, int] = {}  # how many of the tips play at each field: its share of the hands
    for tip in names:
        f = tip_field(tip) if field is None else field
        specs = _field_specs(f, n)
        fields[repr(specs)] = specs
        tips_at[repr(specs)] = tips_at.get(repr(specs), 0) + 1
    cost = 0.0
    measured = 0
    for key, specs in fields.items():
        per, k = _per_hand(specs, rules, run.seed, budget / len(fields))
        cost += per * tips_at[key]
        measured += k
    per_hand = cost / len(names)
    if unit == "games":
        per_game = _hands_per_game(rules, run.seed)
        hands = len(names) * (200 if n_games is None else n_games) * 2 * n * per_game
    else:
        hands = len(names) * (1000 if n_deals is None else n_deals) * 2 * n
    workers = max(1, min(run.worker_count, math.ceil(hands / 50)))
    return TimeEstimate(int(hands), per_hand, workers, measured)


def _field_specs(field: BotLike | Sequence[BotLike], n: int) -> tuple[Any, ...]:
    if isinstance(field, (str, type, BotSpec)) or not isinstance(field, Sequence):
        return (as_bot(field),) * (n - 1)
    return tuple(as_bot(b) for b in field)


def _per_hand(specs: tuple[Any, ...], rules: Rules, seed: int, budget: float) -> tuple[float, int]:
    """Seconds per hand with the default rule bot in seat 0 and ``specs`` around it, and the hands measured."""
    n = rules.num_players
    seats = list(specs[: n - 1]) + [specs[-1]] * max(0, n - 1 - len(specs))
    table = Seating([bot_spec("rule", label="Rule bot"), *seats])
    start = time.perf_counter()
    k = 0
    while k < 1 or (time.perf_counter() - start < budget and k < 8):
        number_, seeds = hand_seeds(seed, k, n)
        state = HandState(Deal.from_number(number_, rules, hand_number=k % 4 + 1), rules)
        play_out(state, table.fresh(seeds))
        k += 1
    return (time.perf_counter() - start) / k, k


def _hands_per_game(rules: Rules, seed: int) -> float:
    """Hands in a game of rule bots under ``rules`` (two games' average)."""
    n = rules.num_players
    table = Seating([bot_spec("rule")] * n)
    hands = 0
    for g in range(2):
        number_, _ = hand_seeds(seed, 1, n, game=g)
        game = Game(number_, rules)
        while True:
            _, seeds = hand_seeds(seed, game.hand_number, n, game=g)
            play_out(game.hand, table.fresh(seeds), tuple(game.totals))
            if game.is_over or game.hand_number >= 1000:
                break
            game.next_hand()
        hands += game.hand_number
    return hands / 2
