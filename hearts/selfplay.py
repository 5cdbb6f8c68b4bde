"""Self-play: many hands or whole games between bots, as tidy pandas data.

:func:`play_hands` plays ``n`` independent hands, :func:`play_games` plays
``n`` whole games to the target score. Both return a
:class:`SelfPlayResult` holding three DataFrames (columns documented on the
class): ``hands`` (one row per hand and seat), ``tricks`` (one row per trick)
and ``plays`` (one row per card played, with the reason the bot gave).

>>> result = play_hands(["random"] * 4, 8, seed=1, workers=1, progress=False)
>>> len(result.hands), len(result.tricks), len(result.plays)
(32, 104, 416)
>>> bool(result.hands.groupby("deal", observed=True)["points"].sum().eq(26).all())
True
>>> str(result.hands["seat"].dtype), result.plays["card"].dtype == CARD_DTYPE
('category', True)

Seeds. Deal ``i`` of a run with seed ``s`` and every bot's random source
for that deal and seat come from SHA-256 of ``(s, i, seat)``, so a run gives
the same data on every machine, whatever the number of workers or the size
of the chunks it is cut into. The deal of any row can be replayed with
``Deal.from_number(row.deal_number, hand_number=row.hand_number)``.

Bots are given as names (``"random"``, ``"rule"``), bot classes,
:class:`BotSpec` recipes (a class and its keyword arguments, which travel to
worker processes and Dask workers) or bot instances (copied per seat; they
must be importable by name to run on several workers).

Fresh bots. A bot may keep state between decisions (a counter, the cards it
has seen). Every hand of :func:`play_hands` starts from a fresh bot in every
seat (built again from its recipe, or copied from the instance given), and
so does every game of :func:`play_games`: within a game a bot may remember
the earlier hands it saw. No hand depends on which hands were played before
it in the same worker, so the number of workers and the chunk size never
change the data. The built-in random and rule bots keep nothing between
decisions but their random source, which is reseeded for every hand, so
they are built once per chunk and reused (no copying cost).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable, Sequence
from json.encoder import encode_basestring as _json_str  # a JSON string, non-ASCII kept
from pathlib import Path
from typing import Any, Literal, TypeVar, Unpack

import numpy as np
import pandas as pd

from hearts import files, native
from hearts.bots.base import Bot, BotError, answers_forced_plays
from hearts.bots.registry import (
    BOT_ALIASES,
    BotLike,
    BotSpec,
    Seating,
    bot_label,
    bot_spec,
    broken_pool_message,
    local_workers_for,
    seat_bots,
)
from hearts.bots.rule_bot import native_decisions, native_tips, native_valued, plays_as_written
from hearts.card_column import CARD_DTYPE, is_card_dtype, to_cards
from hearts.cards import (
    ALL_CARDS_MASK,
    CARDS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    Card,
    highest,
    iter_mask,
    ms_add,
    ms_from,
    ms_sub,
)
from hearts.columns import data_dictionary
from hearts.deal import Deal, stable_words
from hearts.errors import HeartsError, SelfPlayError
from hearts.game import Game
from hearts.hand import HandState, Phase, new_trick
from hearts.messages import check_language, seat_name, text
from hearts.observation import KnownLegalObservation, Observation
from hearts.parallel import ParallelError, WorkerError, chunk_ranges, run_tasks
from hearts.rules import PassDirection, Rules, complete_trick, legal_mask, pass_refusal
from hearts.runs import Run, RunOptions, check_count, check_pass_direction
from hearts.sim import kernel_rules

__all__ = [
    "BOT_ALIASES",
    "CARD_DTYPE",
    "PASS_DTYPE",
    "ROLE_DTYPE",
    "SUIT_DTYPE",
    "BotLike",
    "BotSpec",
    "ParquetReadError",
    "SelfPlayError",
    "SelfPlayResult",
    "bot_spec",
    "chunk_ranges",
    "hand_seeds",
    "parquet_set_id",
    "play_games",
    "play_hands",
    "play_out",
    "read_parquet",
    "run_id",
    "seat_dtype",
    "write_parquet",
]

Detail = Literal["hands", "tricks", "plays"]
_DETAILS = ("hands", "tricks", "plays")
FORMAT_VERSION = 1


# ----- dtypes ----------------------------------------------------------------

SUIT_DTYPE = pd.CategoricalDtype(["clubs", "diamonds", "spades", "hearts"], ordered=True)
PASS_DTYPE = pd.CategoricalDtype([d.value for d in PassDirection])
ROLE_DTYPE = pd.CategoricalDtype(["led", "followed", "discarded"])
COUNT = np.int16
"""Counts and small numbers (cards held, tricks, positions, ranks; all at most 52): int16, which holds the sum,
square or product of any two of them (not a count times 1,000: widen to int64 first)."""
MEASURE = np.int64
"""Points and scores: int64, the width pandas gives any integer arithmetic, so nothing a user computes wraps."""
_CAT_STR = pd.Index(["a"]).dtype  # the string dtype pandas gives new categories
_OPEN_CATEGORIES = ("pass_reason", "pass_values", "pass_tip", "reason", "reason_values", "tip")


def seat_dtype(num_players: int = 4) -> pd.CategoricalDtype:
    """Seats as a categorical in play order: South, West, North, East with four players.

    >>> list(seat_dtype().categories)
    ['South', 'West', 'North', 'East']
    """
    return pd.CategoricalDtype([seat_name(s, "en", num_players) for s in range(num_players)], ordered=True)


# ----- seeds -----------------------------------------------------------------


def hand_seeds(seed: int, index: int, num_players: int = 4, *, game: int | None = None) -> tuple[int, list[int]]:
    """The deal number and the per-seat bot seeds of deal ``index`` of a run.

    With ``game`` given, ``index`` is the hand number within that game and
    the deal number is the game's number.

    >>> hand_seeds(0, 5) == hand_seeds(0, 5)
    True
    >>> hand_seeds(0, 5)[0] != hand_seeds(1, 5)[0]
    True
    """
    if game is None:
        words = stable_words(f"hearts-selfplay/v1/{seed}/{index}", num_players + 1)
        return words[0] >> 1, [w >> 1 for w in words[1:]]
    number = stable_words(f"hearts-selfplay-game/v1/{seed}/{game}", 1)[0] >> 1
    return number, [w >> 1 for w in stable_words(f"hearts-selfplay-game/v1/{seed}/{game}/{index}", num_players)]


# ----- playing one hand ------------------------------------------------------


class _Codes:
    """Small-int codes for open sets of strings (reason keys, tips)."""

    __slots__ = ("index", "names")

    def __init__(self) -> None:
        self.index: dict[str | None, int] = {None: -1}
        self.names: list[str] = []

    def code(self, name: str | None) -> int:
        c = self.index.get(name)
        if c is None:
            c = self.index[name] = len(self.names)
            self.names.append(str(name))
        return c


def _values_json(values: Sequence[tuple[str, Any]] | None) -> str | None:
    """A decision's message values as JSON (cards by name, as the messages show them); None if it has none.

    >>> _values_json((("cards", "2♦, 9♦"), ("guards", 2), ("expected", 1.5)))
    '{"cards": "2♦, 9♦", "guards": 2, "expected": 1.5}'
    """
    if not values:
        return None
    parts = []
    for k, v in values:
        if isinstance(v, str):
            j = _json_str(v)
        elif isinstance(v, Card):  # an int subclass: keep its name
            j = _json_str(str(v))
        elif isinstance(v, (bool, np.bool_)):
            j = "true" if v else "false"
        elif isinstance(v, (int, np.integer)):
            j = str(int(v))
        elif isinstance(v, (float, np.floating)):
            j = json.dumps(float(v))
        else:
            j = _json_str(str(v))
        parts.append(f"{_json_str(str(k))}: {j}")
    return "{" + ", ".join(parts) + "}"


_CARD_TEXT = tuple(str(Card(c)) for c in range(52))
_CARD_OF_TEXT = {t: c for c, t in enumerate(_CARD_TEXT)}
_CARDS_TEXT: dict[int, str] = {}


def _cards_text(mask: int) -> str:
    """The cards of ``mask`` as the bots name them in their reasons, lowest first: ``'2♦, 9♦, A♦'``."""
    text_ = _CARDS_TEXT.get(mask)
    if text_ is None:
        text_ = _CARDS_TEXT[mask] = ", ".join(_CARD_TEXT[c] for c in iter_mask(mask))
    return text_


class _ValueCodes:
    """Small-int codes for the values of decisions, less the one that only names the row's own card(s).

    A reason's values mostly repeat what the row shows (the card played,
    the cards passed); that value is left out, and :meth:`SelfPlayResult.reasons`
    puts it back from the row, so the values column has few categories.
    """

    __slots__ = ("index", "names")

    def __init__(self) -> None:
        self.index: dict[Any, int] = {}
        self.names: list[str] = []

    def code(self, values: Any, name: str, shown: str) -> int:
        if not values:
            return -1
        kept = values
        for item in values:
            if item[0] == name and isinstance(item[1], str) and item[1] == shown:
                kept = tuple(x for x in values if x is not item)
                break
        if not kept:
            return -1
        try:
            c = self.index.get(kept)
        except TypeError:  # a value that cannot be hashed: key it by its JSON
            kept = _values_json(kept)
            c = self.index.get(kept)
        if c is None:
            c = self.index[kept] = len(self.names)
            self.names.append(kept if isinstance(kept, str) else str(_values_json(kept)))
        return c


def _play_values_codes(values: list[Any], cards: np.ndarray, codes: _ValueCodes) -> np.ndarray:
    """Codes of the plays' values (see :class:`_ValueCodes`), one distinct values object at a time.

    Built-in bots reuse their decisions, so the rows hold few distinct
    objects: each is coded without its ``card`` value where that card is
    the row's own, and with it where it is not.
    """
    ids = np.fromiter((id(v) for v in values), dtype=np.uint64, count=len(values))
    _, first, inverse = np.unique(ids, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    own = np.full(len(first), -1, np.int16)
    short = np.full(len(first), -1, np.int32)
    card_of = _CARD_OF_TEXT.get
    for j, i in enumerate(first.tolist()):
        v = values[i]
        if not v:
            continue
        if len(v) == 1 and v[0][0] == "card":  # the usual reason: only the card played
            own[j] = card_of(v[0][1], -1) if isinstance(v[0][1], str) else -1
            continue
        card = next((x[1] for x in v if x[0] == "card"), None)
        if isinstance(card, str) and card in _CARD_OF_TEXT:
            own[j] = _CARD_OF_TEXT[card]
            short[j] = codes.code(v, "card", card)
    other = own[inverse] != cards  # the values name no card, or not this row's
    full = np.full(len(first), -1, np.int32)
    for j in np.unique(inverse[other]).tolist():
        full[j] = codes.code(values[first[j]], "", "")
    out: np.ndarray = np.where(other, full[inverse], short[inverse])
    return out


class _Recorder:
    """Collects one chunk's hands as flat lists; :meth:`frames` makes the DataFrames."""

    def __init__(self, n: int, detail: str, games: bool) -> None:
        self.n = n
        self.detail = detail
        self.games = games
        self.pass_keys = _Codes()  # each column has its own categories
        self.pass_tips = _Codes()
        self.play_keys = _Codes()
        self.play_tips = _Codes()
        self.pass_values = _ValueCodes()
        self.pass_value: list[list[int]] = []  # per hand: each seat's pass values code (-1: none)
        self.play_values = _ValueCodes()
        # per hand
        self.deal_number: list[int] = []
        self.hand_number: list[int] = []
        self.pass_dir: list[int] = []
        self.game: list[int] = []
        # per hand and seat
        self.bot: list[int] = []
        self.dealt: list[int] = []
        self.passed: list[int] = []
        self.received: list[int] = []
        self.pass_reason: list[int] = []
        self.pass_tip: list[int] = []
        self.points: list[int] = []
        self.score: list[int] = []
        self.tricks_won: list[int] = []
        self.taken: list[int] = []
        self.shot: list[bool] = []
        self.total: list[int] = []
        # per trick
        self.leader: list[int] = []
        self.winner: list[int] = []
        self.trick_points: list[int] = []
        # per play
        self.cards: list[int] = []
        self.reason: list[int] = []
        self.reason_values: list[Any] = []  # the decisions' values as given (coded by _frames)
        self.tip: list[int] = []

    @property
    def hands_recorded(self) -> int:
        return len(self.deal_number)


_local_workers = local_workers_for  # the old private name, kept for the tests that check it

_PASS_CODE = {d: i for i, d in enumerate(PassDirection)}


def play_out(
    state: HandState,
    bots: Sequence[Bot],
    totals: tuple[int, ...] | None = None,
    rec: _Recorder | None = None,
) -> tuple[list[int], list[int]]:
    """Play ``state`` to the end with ``bots`` (one per seat), by the fast paths.

    Each bot sees only its own :class:`~hearts.observation.Observation`;
    what it returns is checked against the one rule function (a
    :class:`~hearts.bots.base.BotError` names the bot otherwise). With a
    recorder, the reason and tip of every decision are kept. Returns the
    pass reason and tip codes per seat (-1 without a recorder or a pass).

    >>> from hearts.bots import RandomBot
    >>> h = HandState(Deal.from_number(9))
    >>> _ = play_out(h, [RandomBot(seed=s) for s in range(4)])
    >>> sum(h.result().points)
    26
    """
    n = state.n
    from_state = Observation.from_state
    pass_reason = [-1] * n
    pass_tip = [-1] * n
    c: int
    if rec is not None:
        pass_value = [-1] * n
        rec.pass_value.append(pass_value)  # filled below
    if state.phase is Phase.PASSING:
        views = [from_state(state, s, totals) for s in range(n)]  # everyone chooses before anything moves
        rules = state.rules
        for s in range(n):
            d = bots[s].decide_pass(views[s])
            if pass_refusal(views[s].hand_mask, d.cards, rules) is not None:
                chosen = [str(Card(c)) for c in d.cards]
                raise BotError(f"{bots[s].name} chose to pass {chosen}, not {rules.pass_size} cards of its hand")
            mask = 0
            if rules.decks == 2:
                mask = ms_from(d.cards)  # both copies of a card held twice may go
            else:
                for c in d.cards:
                    mask |= 1 << c
            if rec is not None:
                pass_reason[s] = rec.pass_keys.code(d.reason)
                pass_value[s] = rec.pass_values.code(d.values, "cards", _cards_text(mask))
                pass_tip[s] = rec.pass_tips.code(d.tip)
            state.push_pass(s, mask)
    if state.phase is not Phase.PLAYING:
        return pass_reason, pass_tip
    play = _play_tricks_two if state.rules.decks == 2 else _play_tricks
    play(state, bots, totals, rec if rec is not None and rec.detail == "plays" else None)
    if state.phase is Phase.MOON_CHOICE:  # type: ignore[comparison-overlap]  # push() changed the phase
        s = state.to_play
        state.choose_moon(s, bots[s].choose_moon(from_state(state, s, totals)))
    return pass_reason, pass_tip


_ANSWERS_FORCED: dict[type, bool] = {}


def _answers_forced(kind: type) -> bool:
    """:func:`~hearts.bots.base.answers_forced_plays` for a bot class, worked out once per class."""
    known = _ANSWERS_FORCED.get(kind)
    if known is None:
        known = _ANSWERS_FORCED[kind] = answers_forced_plays(kind)
    return known


def _play_tricks_python(
    state: HandState, bots: Sequence[Bot], totals: tuple[int, ...] | None, rec: _Recorder | None
) -> None:
    """Play the cards of ``state`` to the end of the hand: :meth:`HandState.push`'s steps on local variables.

    The lean loop of self-play. The state's lists are updated in place and its
    scalars set once at the end (:meth:`HandState._commit_plays`), also when
    a bot fails. Each bot is asked with a fresh
    :class:`~hearts.observation.KnownLegalObservation` whose parts that every
    seat sees (tricks, points, voids, the trick so far) are tuples shared
    between views and rebuilt only when they change; a bot that answers a
    forced play without looking (:meth:`Bot.forced_play`) gets no
    observation then. ``tests/test_selfplay.py`` checks the states, records
    and decisions against a loop of :meth:`HandState.push` and
    :meth:`Observation.from_state`.
    """
    n = state.n
    rules = state.rules
    hands = state.hands
    voids = state.voids
    taken = state.taken
    points = state.points
    tricks = state.tricks
    undo = state._stack
    passes = state.passes
    received = state.received
    off = state._pass_offset
    hand_number = state.hand_number
    pass_direction = state.pass_direction
    breakers = rules._breakers_mask
    points_of = rules.points_of
    last = rules._deck_mask.bit_count() // n  # tricks in a hand
    trick = list(state.trick)
    leader = state.leader
    s = state.to_play
    led = state.led_suit
    number = state.trick_number
    broken = state.hearts_broken
    played = state.played_mask
    tricks_seen = tuple(tricks)
    points_seen = tuple(points)
    voids_seen = tuple(voids)
    trick_seen = tuple([((leader + i) % n, CARDS[c]) for i, c in enumerate(trick)])
    cards_seen = tuple([int(c) for c in trick])
    targets = [(x + off) % n for x in range(n)]
    sources = [(x - off) % n for x in range(n)]
    decide = [b.decide_play for b in bots]
    forced = [b.forced_play if _answers_forced(type(b)) else None for b in bots]
    new = KnownLegalObservation.__new__
    view = KnownLegalObservation
    playing = Phase.PLAYING
    if rec is not None:
        rcode, tcode = rec.play_keys.code, rec.play_tips.code
        rindex, tindex = rec.play_keys.index, rec.play_tips.index
        rlist, vlist, tlist = rec.reason, rec.reason_values, rec.tip
    c: int
    try:
        while number < last:
            h = hands[s]
            legal = legal_mask(h, led, number == 0, broken, rules)
            d = None
            if not legal & (legal - 1) and forced[s] is not None:
                d = forced[s](CARDS[highest(legal)])  # type: ignore[misc]
            if d is None:
                o = new(view)
                o.seat = s
                o.rules = rules
                o.hand_number = hand_number
                o.pass_direction = pass_direction
                o.phase = playing
                o.hand_mask = h
                o.passed_mask = passes[s]
                o.received_mask = received[s]
                o.pass_target = targets[s]
                o.pass_source = sources[s]
                o.tricks = tricks_seen
                o.trick = trick_seen
                o.leader = leader
                o.to_play = s
                o.led_suit = led
                o.trick_number = number
                o.hearts_broken = broken
                o.points = points_seen
                o.voids = voids_seen
                o.played_mask = played
                o.totals = totals
                o.known_legal = legal
                o.trick_cards = cards_seen
                d = decide[s](o)
            cards = d.cards
            if len(cards) != 1 or (c := cards[0]) < 0 or not legal >> c & 1:
                raise BotError(f"{bots[s].name} chose {[str(Card(x)) for x in cards]}, not one legal card")
            if rec is not None:
                code = rindex.get(d.reason)
                rlist.append(rcode(d.reason) if code is None else code)
                vlist.append(d.values)
                code = tindex.get(d.tip)
                tlist.append(tcode(d.tip) if code is None else code)
            # HandState.push, step by step
            bit = 1 << c
            hands[s] = h ^ bit
            undo.append(("play", s, c, broken, voids[s]))
            if trick:
                if c // 13 != led:
                    voids[s] |= 1 << led
                    voids_seen = tuple(voids)
            else:
                led = c // 13
            if bit & breakers:
                broken = True
            trick.append(c)
            played |= bit
            if len(trick) < n:
                trick_seen += ((s, CARDS[c]),)
                cards_seen += (c,)
                s = s + 1 if s + 1 < n else 0
                continue
            winner, mask = complete_trick(trick, leader, n)
            pts = points_of(mask)
            taken[winner] |= mask
            points[winner] += pts
            tricks.append(new_trick(number, leader, tuple([CARDS[x] for x in trick]), winner, pts))
            tricks_seen = tuple(tricks)
            points_seen = tuple(points)
            trick = []
            trick_seen = ()
            cards_seen = ()
            led = -1
            number += 1
            leader = s = winner
    finally:
        state._commit_plays(trick, leader, s, led, number, broken, played)


def _play_tricks_two(
    state: HandState, bots: Sequence[Bot], totals: tuple[int, ...] | None, rec: _Recorder | None
) -> None:
    """Cancellation Hearts (two packs): each card by :meth:`HandState.push`, each bot given its
    :meth:`Observation.from_state` (with the waiting pile and the widow). The lean loops are one-pack."""
    from_state = Observation.from_state
    c: int
    while state.phase is Phase.PLAYING:
        s = state.to_play
        legal = state.legal_mask()
        d = bots[s].decide_play(from_state(state, s, totals))
        cards = d.cards
        if len(cards) != 1 or (c := cards[0]) < 0 or not legal >> c & 1:
            raise BotError(f"{bots[s].name} chose {[str(Card(x)) for x in cards]}, not one legal card")
        if rec is not None:
            rec.reason.append(rec.play_keys.code(d.reason))
            rec.reason_values.append(d.values)
            rec.tip.append(rec.play_tips.code(d.tip))
        state.push(c)


def _play_tricks_native(
    state: HandState, bots: Sequence[Bot], totals: tuple[int, ...] | None, rec: _Recorder | None
) -> None:
    """:func:`_play_tricks_python` with its bookkeeping in the native kernel (``hearts/_kernel.c``).

    The bots are asked exactly as the Python loop asks them (the same views,
    built by the kernel), except a bot that is exactly a
    :class:`~hearts.bots.RuleBot` playing as written
    (:func:`~hearts.bots.rule_bot.plays_as_written`): the kernel's copy of
    its plays decides for it, giving the same decision objects, without a
    view (while the scores it reads fit in 62 bits). The kernel returns a
    bot's exception or a refused decision instead of raising, so that the
    position is committed first.
    """
    n = state.n
    rules = state.rules
    off = state._pass_offset
    rule_bots = None
    if (
        _RULE_DECISIONS is not None
        and -_BIG < rules.target_score < _BIG
        and (totals is None or all(type(t) is int and -_BIG < t < _BIG for t in totals))
    ):
        tips = [native_tips(b.tips, _RULE_TIPS) if plays_as_written(b) else None for b in bots]  # type: ignore[attr-defined]
        if tips.count(None) < n:
            own = [0] * n  # the cards each seat has played
            for t in state.tricks:
                for i, card in enumerate(t.cards):
                    own[(t.leader + i) % n] |= 1 << card
            for i, x in enumerate(state.trick):
                own[(state.leader + i) % n] |= 1 << x
            rule_bots = (_RULE_DECISIONS, _RULE_VALUED, tips, own, rules.target_score)
    trick, leader, s, led, number, broken, played, legal, refused, error = _NATIVE.play_tricks(  # type: ignore[union-attr]
        state.hands,
        state.voids,
        state.taken,
        state.points,
        state.tricks,
        state._stack,
        state.passes,
        state.received,
        state.trick,
        state.leader,
        state.to_play,
        state.led_suit,
        state.trick_number,
        state.hearts_broken,
        state.played_mask,
        [(x + off) % n for x in range(n)],
        [(x - off) % n for x in range(n)],
        state.hand_number,
        state.pass_direction,
        rules,
        totals,
        [b.decide_play for b in bots],
        [b.forced_play if _answers_forced(type(b)) else None for b in bots],
        None
        if rec is None
        else (
            rec.play_keys.code,
            rec.play_tips.code,
            rec.reason,
            rec.reason_values,
            rec.tip,
            rec.play_keys.index,
            rec.play_tips.index,
        ),
        KnownLegalObservation,
        CARDS,
        new_trick,
        Phase.PLAYING,
        kernel_rules(rules),
        rule_bots,
    )
    state._commit_plays(trick, leader, s, led, number, broken, played)
    if error is not None:
        raise error
    if refused is not None:
        cards = refused.cards  # the Python loop's own check, so that odd answers fail as they fail there
        if len(cards) != 1 or (c := cards[0]) < 0 or not legal >> c & 1:
            raise BotError(f"{bots[s].name} chose {[str(Card(x)) for x in cards]}, not one legal card")
        raise BotError(f"{bots[s].name} chose {cards!r}, which the native loop cannot play (not a tuple of one int)")


_NATIVE = native.MODULE
_play_tricks = _play_tricks_native if native.USE else _play_tricks_python
# The kernel's copy of RuleBot.decide_play (None: ask every bot in Python, as tests do to compare the two).
_RULE_TIPS: tuple[str, ...] = () if _NATIVE is None else _NATIVE.RULE_TIPS
_RULE_DECISIONS = None if _NATIVE is None else native_decisions(_NATIVE.RULE_REASONS)
_RULE_VALUED = None if _NATIVE is None else native_valued(_NATIVE.RULE_REASONS)
_BIG = 1 << 62  # scores beyond this (or not ints) are left to the Python bot, which takes any number


def _play_hand(
    state: HandState,
    bots: Sequence[Bot],
    rec: _Recorder,
    bot_codes: Sequence[int],
    totals: tuple[int, ...] | None = None,
) -> None:
    """Play ``state`` to the end with ``bots`` (one per seat) and record it."""
    n = state.n
    pass_reason, pass_tip = play_out(state, bots, totals, rec)
    res = state.result()
    rec.deal_number.append(state.deal.number or 0)
    rec.hand_number.append(state.hand_number)
    rec.pass_dir.append(_PASS_CODE[state.pass_direction])
    rec.bot.extend(bot_codes)
    rec.dealt.extend(h.mask for h in state.deal.hands)
    rec.passed.extend(p or 0 for p in state.passes)
    rec.received.extend(r or 0 for r in state.received)
    rec.pass_reason.extend(pass_reason)
    rec.pass_tip.extend(pass_tip)
    rec.points.extend(res.points)
    rec.score.extend(res.scores)
    rec.tricks_won.extend(res.tricks_won)
    rec.taken.extend(state.taken)
    rec.shot.extend(s == res.shooter for s in range(n))
    if rec.detail != "hands":
        for t in state.tricks:
            rec.leader.append(t.leader)
            rec.winner.append(t.winner)
            rec.trick_points.append(t.points)
            rec.cards.extend(t.cards)


# ----- chunks (what a worker runs) -------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Chunk:
    games: bool
    seed: int
    start: int
    stop: int
    bots: tuple[BotSpec | Bot, ...]
    labels: tuple[str, ...]
    rules: Rules
    pass_direction: PassDirection | None
    detail: str
    max_hands_per_game: int = 1000


def _run_chunk(chunk: _Chunk) -> dict[str, pd.DataFrame]:
    rules = chunk.rules
    n = rules.num_players
    seating = Seating(chunk.bots)
    codes = [chunk.labels.index(bot_label(b)) for b in chunk.bots]
    rec = _Recorder(n, chunk.detail, chunk.games)
    if not chunk.games:
        for i in range(chunk.start, chunk.stop):
            number, seeds = hand_seeds(chunk.seed, i, n)
            hand_number = i % 4 + 1
            bots = seating.fresh(seeds)  # every hand starts from fresh bots
            deal = Deal.from_number(number, rules, hand_number=hand_number)
            _play_hand(HandState(deal, rules, pass_direction=chunk.pass_direction), bots, rec, codes)
    else:
        for g in range(chunk.start, chunk.stop):
            number, _ = hand_seeds(chunk.seed, 1, n, game=g)
            game = Game(number, rules)
            while True:
                k = game.hand_number
                _, seeds = hand_seeds(chunk.seed, k, n, game=g)
                # every game starts from fresh bots; within it they may remember the hands they saw
                bots = seating.fresh(seeds) if k == 1 else seating.reseed(seeds)
                before = tuple(game.totals)
                _play_hand(game.hand, bots, rec, codes, totals=before)
                rec.game.append(g)
                rec.total.extend(t + s for t, s in zip(before, game.hand.result().scores))
                if game.is_over:
                    break
                if k >= chunk.max_hands_per_game:
                    raise SelfPlayError(f"game {g} did not end within {k} hands", "n_games")
                game.next_hand()
    return _frames(rec, chunk.labels, rules)


def _lowest_cards(masks: np.ndarray, k: int) -> list[np.ndarray]:
    """The ``k`` lowest card indices of each mask (-1 where missing)."""
    m = masks.astype(np.uint64)
    out = []
    one = np.uint64(1)
    for _ in range(k):
        low = m & (~m + one)
        idx = np.where(low > 0, np.log2(np.maximum(low, one).astype(np.float64)), -1).astype(np.int8)
        out.append(idx)
        m = m ^ low
    return out


_POPCOUNT_13 = np.array([bin(i).count("1") for i in range(1 << 13)], dtype=np.int16)
"""How many bits are set in each 13-bit number (a suit of a hand mask); ``np.bitwise_count`` needs numpy 2."""


def _bits(masks: np.ndarray, shift: int, width: int) -> np.ndarray:
    if width > 13:
        raise ValueError(f"_bits counts at most 13 bits (one suit), not {width}")
    field = (masks >> np.uint64(shift)) & np.uint64((1 << width) - 1)
    return _POPCOUNT_13[field.astype(np.intp)].astype(COUNT)


def _hand_features(masks: np.ndarray, suffix: str, twice: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """Suit counts and Q♠ facts of hand masks; ``twice`` (two packs) the second copies, counted too."""

    def bits(shift: int, width: int) -> np.ndarray:
        b = _bits(masks, shift, width)
        return b if twice is None else (b + _bits(twice, shift, width)).astype(COUNT)

    counts = {name: bits(13 * s, 13) for s, name in enumerate(SUIT_DTYPE.categories)}
    voids = sum((c == 0).astype(COUNT) for c in counts.values())
    qs = int(QUEEN_OF_SPADES)
    out = {f"{k}_{suffix}": v for k, v in counts.items()}
    out[f"has_qs_{suffix}"] = ((masks >> np.uint64(qs)) & np.uint64(1)).astype(bool)
    out[f"qs_guards_{suffix}"] = bits(26, qs - 26)
    out[f"high_spades_{suffix}"] = bits(qs + 1, 2)
    out[f"voids_{suffix}"] = np.asarray(voids, dtype=COUNT)
    return out


def _cat(codes: Any, dtype: pd.CategoricalDtype) -> pd.Categorical:
    return pd.Categorical.from_codes(np.asarray(codes, dtype=np.int16), dtype=dtype)


def _open_cat(codes: Sequence[int] | np.ndarray, names: list[str]) -> pd.Categorical:
    return pd.Categorical.from_codes(np.asarray(codes, dtype=np.int16), categories=pd.Index(names, dtype=_CAT_STR))


def _frames(rec: _Recorder, labels: Sequence[str], rules: Rules) -> dict[str, pd.DataFrame]:
    n = rec.n
    h = rec.hands_recorded
    seats = seat_dtype(n)
    bot_dtype = pd.CategoricalDtype(list(labels))
    local = np.repeat(np.arange(h, dtype=np.int32), n)
    two = rules.decks == 2
    if two:  # two packs: each mask in two columns, the cards held at least once and those held twice
        after_ms = [ms_add(ms_sub(d, p), r) for d, p, r in zip(rec.dealt, rec.passed, rec.received)]
        dealt, dealt2 = _split(rec.dealt)
        passed, _ = _split(rec.passed)
        received, _ = _split(rec.received)
        after, after2 = _split(after_ms)
        taken, taken2 = _split(rec.taken)
    else:
        dealt = np.asarray(rec.dealt, dtype=np.uint64)
        passed = np.asarray(rec.passed, dtype=np.uint64)
        received = np.asarray(rec.received, dtype=np.uint64)
        after = (dealt & ~passed) | received
        taken = np.asarray(rec.taken, dtype=np.uint64)
    hands: dict[str, Any] = {"deal": local}
    if rec.games:
        hands["game"] = np.repeat(np.asarray(rec.game, dtype=np.int32), n)
    hands |= {
        "deal_number": np.repeat(np.asarray(rec.deal_number, dtype=np.int64), n),
        "hand_number": np.repeat(np.asarray(rec.hand_number, dtype=np.int16), n),
        "seat": _cat(np.tile(np.arange(n), h), seats),
        "bot": _cat(rec.bot, bot_dtype),
        "pass_direction": _cat(np.repeat(rec.pass_dir, n), PASS_DTYPE),
        "dealt": dealt,
    }
    if two:
        hands["dealt_twice"] = dealt2
        hands |= _hand_features(dealt, "before", dealt2)
        hands |= _hand_features(after, "after", after2)
    else:
        hands |= _hand_features(dealt, "before")
        hands |= _hand_features(after, "after")
    for name, masks in (("passed", passed), ("received", received)):
        if two:  # a card passed twice fills two of the columns
            raw = rec.passed if name == "passed" else rec.received
            firsts = [list(iter_mask(m))[: rules.pass_size] for m in raw]
            for j in range(rules.pass_size):
                hands[f"{name}_{j + 1}"] = _cat([f[j] if j < len(f) else -1 for f in firsts], CARD_DTYPE)
        else:
            for j, idx in enumerate(_lowest_cards(masks, rules.pass_size), start=1):
                hands[f"{name}_{j}"] = _cat(idx, CARD_DTYPE)
        hands[f"{name}_qs"] = ((masks >> np.uint64(int(QUEEN_OF_SPADES))) & np.uint64(1)).astype(bool)
    pass_value = [c for hand in rec.pass_value for c in hand]
    hands |= {
        "pass_reason": _open_cat(rec.pass_reason, rec.pass_keys.names),
        "pass_values": _open_cat(pass_value, rec.pass_values.names),
        "pass_tip": _open_cat(rec.pass_tip, rec.pass_tips.names),
        "points": np.asarray(rec.points, dtype=MEASURE),
        "score": np.asarray(rec.score, dtype=MEASURE),
        "tricks_won": np.asarray(rec.tricks_won, dtype=COUNT),
        "hearts_taken": _bits(taken, 39, 13),
        "took_qs": ((taken >> np.uint64(int(QUEEN_OF_SPADES))) & np.uint64(1)).astype(bool),
        "took_jd": ((taken >> np.uint64(int(JACK_OF_DIAMONDS))) & np.uint64(1)).astype(bool),
        "shot_moon": np.asarray(rec.shot, dtype=bool),
    }
    if two:
        hands["hearts_taken"] = hands["hearts_taken"] + _bits(taken2, 39, 13)
        hands["qs_taken"] = (hands["took_qs"].astype(COUNT) + _bits(taken2, int(QUEEN_OF_SPADES), 1)).astype(COUNT)
        hands["taken_twice"] = taken2
    if rec.games:
        hands["total"] = np.asarray(rec.total, dtype=MEASURE)
    out = {"hands": pd.DataFrame(hands)}

    per_hand = rules.hand_size
    t_count = h * per_hand if rec.detail != "hands" else 0
    cards = np.asarray(rec.cards, dtype=np.int8).reshape(t_count, n)
    leader = np.asarray(rec.leader, dtype=np.int8)
    winner = np.asarray(rec.winner, dtype=np.int8)
    suits = cards // 13
    led = suits[:, 0] if t_count else np.zeros(0, dtype=np.int8)
    seat_of = (leader[:, None] + np.arange(n, dtype=np.int8)[None, :]) % n
    win_pos = (winner - leader) % n
    # Two packs: a card met by its twin in the trick is cancelled; a trick whose every card of the suit led
    # is cancelled waits (winner -1: no winner, no winning card; its points go to a later trick's winner).
    cancelled = np.zeros(cards.shape, dtype=bool)
    copy = np.zeros(cards.shape, dtype=COUNT)
    if two and t_count:
        same = cards[:, :, None] == cards[:, None, :]
        cancelled = same.sum(axis=2) > 1
        # copy: 0 the first time a card is played in the hand, 1 the second (its twin): a stable sort puts
        # the earlier play of a card first.
        hand_cards = cards.reshape(h, per_hand * n)
        by_card = np.argsort(hand_cards, axis=1, kind="stable")
        ordered = np.take_along_axis(hand_cards, by_card, 1)
        second = np.zeros(ordered.shape, dtype=COUNT)
        second[:, 1:] = ordered[:, 1:] == ordered[:, :-1]
        flat_copy = np.empty_like(second)
        np.put_along_axis(flat_copy, by_card, second, 1)
        copy = flat_copy.reshape(t_count, n)
    trick_deal = np.repeat(np.arange(h, dtype=np.int32), per_hand) if t_count else np.zeros(0, np.int32)
    trick_no = np.tile(np.arange(per_hand, dtype=COUNT), h) if t_count else np.zeros(0, COUNT)
    if rec.detail != "hands":
        out["tricks"] = pd.DataFrame(
            {
                "deal": trick_deal,
                "trick": trick_no,
                "leader": _cat(leader, seats),
                "led_suit": _cat(led, SUIT_DTYPE),
                "winner": _cat(winner, seats),
                "winning_card": _cat(
                    np.where(
                        winner < 0, -1, np.take_along_axis(cards, win_pos[:, None].astype(np.intp), 1)[:, 0]
                    ),
                    CARD_DTYPE,
                ),
                "points": np.asarray(rec.trick_points, dtype=MEASURE),
                "hearts": (suits == 3).sum(axis=1).astype(COUNT),
                "has_qs": (cards == int(QUEEN_OF_SPADES)).any(axis=1),
                "has_jd": (cards == int(JACK_OF_DIAMONDS)).any(axis=1),
                "discards": (suits != led[:, None]).sum(axis=1).astype(COUNT),
            }
        )
        if two:
            out["tricks"]["has_qs"] = (cards == int(QUEEN_OF_SPADES)).sum(axis=1).astype(COUNT) > 0
            out["tricks"]["waited"] = winner < 0
            out["tricks"]["cancelled"] = cancelled.sum(axis=1).astype(COUNT)
    if rec.detail == "plays":
        flat = cards.reshape(-1)
        fsuit = suits.reshape(-1)
        pos = np.tile(np.arange(n, dtype=COUNT), t_count)
        role = np.where(pos == 0, 0, np.where(fsuit == np.repeat(led, n), 1, 2))
        fseat = seat_of.reshape(-1)
        bot_codes = np.asarray(rec.bot, dtype=np.int16).reshape(h, n) if h else np.zeros((0, n), np.int16)
        value_codes = _play_values_codes(rec.reason_values, flat, rec.play_values)
        out["plays"] = pd.DataFrame(
            {
                "deal": np.repeat(trick_deal, n),
                "trick": np.repeat(trick_no, n),
                "position": pos,
                "seat": _cat(fseat, seats),
                "bot": _cat(bot_codes[np.repeat(trick_deal, n), fseat], bot_dtype),
                "card": _cat(flat, CARD_DTYPE),
                "suit": _cat(fsuit, SUIT_DTYPE),
                "rank": (flat % 13 + 2).astype(COUNT),
                "role": _cat(role, ROLE_DTYPE),
                "reason": _open_cat(rec.reason, rec.play_keys.names),
                "reason_values": _open_cat(value_codes, rec.play_values.names),
                "tip": _open_cat(rec.tip, rec.play_tips.names),
                "won": fseat == np.repeat(winner, n),
            }
        )
        if two:
            out["plays"]["copy"] = copy.reshape(-1)
            out["plays"]["cancelled"] = cancelled.reshape(-1)
    return out


def _split(masks: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """Two-copy masks as two uint64 columns: the cards there at least once, and those there twice."""
    low = np.fromiter((m & ALL_CARDS_MASK for m in masks), dtype=np.uint64, count=len(masks))
    high = np.fromiter((m >> 52 for m in masks), dtype=np.uint64, count=len(masks))
    return low, high


# ----- merging ---------------------------------------------------------------


def _concat(frames: list[pd.DataFrame], offsets: list[int]) -> pd.DataFrame:
    """Concatenate chunk frames in order: shift ``deal`` and unify open categoricals (sorted)."""
    if not frames:
        return pd.DataFrame()
    frames = [
        f.assign(deal=(f["deal"] + np.int32(off)).astype(np.int32))  # type: ignore[type-var]  # pandas-stubs
        for f, off in zip(frames, offsets)
    ]
    first = frames[0]
    for col in first.columns:
        dtype = first[col].dtype
        if isinstance(dtype, pd.CategoricalDtype) and not all(f[col].dtype == dtype for f in frames):
            cats = sorted(set().union(*(set(f[col].cat.categories) for f in frames)))
            unified = pd.CategoricalDtype(pd.Index(cats, dtype=_CAT_STR), ordered=dtype.ordered)
            frames = [f.assign(**{col: f[col].astype(unified)}) for f in frames]
    out = pd.concat(frames, ignore_index=True)
    for col in out.columns:
        dtype = out[col].dtype
        if isinstance(dtype, pd.CategoricalDtype) and col in _OPEN_CATEGORIES:
            cats = sorted(dtype.categories)
            out[col] = out[col].cat.reorder_categories(pd.Index(cats, dtype=_CAT_STR))
    return out


def _concat_runs(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """The tables of several runs one after the other, categoricals unified (open ones sorted, others in order)."""
    frames = [f for f in frames if len(f.columns)]
    if not frames:
        return pd.DataFrame()
    columns = list(dict.fromkeys(c for f in frames for c in f.columns))
    for col in columns:
        dtypes = [f[col].dtype for f in frames if col in f.columns]
        if all(d == dtypes[0] for d in dtypes):
            continue
        cat_dtypes = [d for d in dtypes if isinstance(d, pd.CategoricalDtype)]
        if len(cat_dtypes) < len(dtypes):
            continue
        cats = list(dict.fromkeys(c for d in cat_dtypes for c in d.categories))
        if col in _OPEN_CATEGORIES:
            cats = sorted(cats)
        ordered = all(d.ordered for d in cat_dtypes)
        unified = pd.CategoricalDtype(pd.Index(cats, dtype=_CAT_STR), ordered=ordered)
        frames = [f.assign(**{col: f[col].astype(unified)}) if col in f.columns else f for f in frames]
    return pd.concat(frames, ignore_index=True)[columns]


# ----- the result ------------------------------------------------------------


_Reader = TypeVar("_Reader", bound=Callable[..., Any])


def read_info(
    path: Path, error: type[SelfPlayError] = SelfPlayError, required: Sequence[str] = ()
) -> dict[str, Any]:
    """The JSON object of a results set's info file (``meta.json``, ``experiment.json``, …) with the ``required``
    keys; anything else is ``error`` (option ``directory``) naming the file (damaged text is :func:`reads_results`'
    to name). Checked before the set's ids, so a file emptied of its fields is named as such."""
    info = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(info, dict):
        raise error(f"{path} holds a JSON {type(info).__name__}, not an object: it is damaged", "directory")
    missing = [k for k in required if k not in info]
    if missing:
        raise error(f"{path} has no {missing[0]!r}: it is not what to_parquet writes", "directory")
    return info


def reads_results(info: str, tables: Sequence[str], error: type[SelfPlayError]) -> Callable[[_Reader], _Reader]:
    """A ``from_parquet(cls, directory)`` whose damaged files give ``error`` (option ``directory``) naming the file.

    ``info`` is the JSON file of the set, ``tables`` its Parquet files. A
    JSON file cut short, not UTF-8, not an object, or missing a key, a
    folder in its place, or a Parquet file that cannot be read, is refused
    so; the files are left as they are. Typed errors of the reader itself
    pass through.
    """

    def wrap(read: _Reader) -> _Reader:
        @functools.wraps(read)
        def reader(cls: Any, directory: str | Path) -> Any:
            d = Path(directory)
            info_path = d / info
            if (info_path.exists() or info_path.is_symlink()) and not info_path.is_file():
                raise error(f"{info_path} is not a file (a folder?): cannot read the results", "directory")
            try:
                result = read(cls, directory)
            except ParquetReadError as e:  # the set's file, named as the reader's option
                raise error(str(e), "directory") from e
            except HeartsError:
                raise
            except UnicodeDecodeError as e:
                raise error(f"{info_path} is not UTF-8 text (byte {e.start}): it is damaged", "directory") from e
            except json.JSONDecodeError as e:
                problem = f"is not valid JSON ({e.msg}, line {e.lineno})"
                raise error(f"{info_path} {problem}: it is damaged", "directory") from e
            except KeyError as e:
                raise error(f"{info_path} has no {e.args[0]!r}: it is not what to_parquet writes", "directory") from e
            except TypeError as e:
                raise error(f"{info_path} is not the JSON object to_parquet writes: it is damaged", "directory") from e
            except Exception as e:
                if not (isinstance(e, OSError) or type(e).__module__.startswith("pyarrow")):
                    raise
                bad = [d / t for t in tables if (d / t).is_file() and not _parquet_readable(d / t)]
                where = str(bad[0]) if bad else f"a Parquet file in {d}"
                raise error(f"{where} cannot be read as Parquet: it is damaged ({e})", "directory") from e
            meta = getattr(result, "meta", {})
            if not isinstance(meta, dict):
                kind = type(meta).__name__
                raise error(f"{info_path} holds a JSON {kind}, not an object: it is damaged", "directory")
            return result

        return reader  # type: ignore[return-value]

    return wrap


def _parquet_readable(path: Path) -> bool:
    try:
        read_parquet(path)
    except Exception:
        return False
    return True




@dataclasses.dataclass
class SelfPlayResult:
    """Self-play data: three tidy DataFrames and how they were made.

    ``hands`` has one row per hand and seat, ``tricks`` one per trick,
    ``plays`` one per card played; :meth:`data_dictionary` (and
    ``docs/data.md``) gives every column's dtype, unit and meaning. Points
    and scores are ``int64``, so arithmetic on them does not wrap; counts
    are ``int16``, which holds the sum, square or product of two counts
    (at most 52 each), but not a count times 1,000 (``.astype("int64")`` first):

    >>> r = play_hands("rule", 8, workers=1, progress=False)
    >>> h = r.hands
    >>> bool((h["points"] ** 2).mean() > h["points"].mean() ** 2), int((h["points"] * 100).max()) >= 1300
    (True, True)

    A ``groupby`` of these tables compares different hands: hands that end
    the pass with a void score what such hands score, which is not what
    voiding does to a hand. To learn what a choice causes, play the same
    deals both ways with :func:`hearts.experiment.compare` or
    :func:`hearts.experiment.tip_experiment` (notebook 05 shows both).

    Card columns (``passed_1``…, ``received_1``…, ``winning_card``,
    ``card``) are ordered categoricals of the 52 card names
    (:data:`CARD_DTYPE`, see :mod:`hearts.card_column`): plain pandas
    compares them with the names as shown (``== "Q♠"``); the ``.cards``
    accessor reads the notation you type and compares ranks within a suit:

    >>> plays = r.plays
    >>> int((plays["card"] == "Q♠").sum()) == int(plays["card"].cards.eq("QS").sum()) == 8
    True
    >>> sorted(set(plays.loc[plays["card"].cards.ge("QS"), "card"]))
    ['A♠', 'K♠', 'Q♠']

    A reason is a message key plus its values, as in a bot's
    :class:`~hearts.bots.base.Decision`. The value naming the row's own
    card (``card`` of a play, ``cards`` of a pass, as ``'2♦, 9♦, A♦'``) is
    not repeated in the values column: :meth:`reasons` puts it back from
    the row and words every reason in English or Spanish
    (``hearts.messages.text(key, lang, card=…, **values)``). Each column has
    its own categories: the pass reasons list only pass keys.

    >>> r = play_hands("rule", 1, workers=1, progress=False, pass_direction="none")
    >>> r.plays[["card", "reason", "reason_values"]].iloc[0].tolist()
    ['2♣', 'bot.reason.only_card', nan]
    >>> r.reasons().iloc[0]
    '2♣ is the only card you can play here.'

    ``meta`` holds the options that made the data (seed, bots, rules…)
    and the run id, which every table has in its ``run`` column: tables
    of several runs join on ``["run", "deal", ...]``, and :meth:`concat`
    puts runs together keeping their categoricals.
    """

    hands: pd.DataFrame
    tricks: pd.DataFrame
    plays: pd.DataFrame
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)

    _TABLES = ("hands", "tricks", "plays")

    def reasons(self, lang: str = "en", table: str = "plays") -> pd.Series:
        """The bots' reasons in words: for every play (``table='plays'``) or pass (``table='hands'``).

        Aligned with the table's rows; NaN where there was no decision (a
        hand without a pass). The card played (``{card}``) or the cards
        passed (``{cards}``) come from the row; numbers are written with the
        language's decimal mark. One message is worded per distinct reason.
        """
        check_language(lang, SelfPlayError)
        if table not in ("plays", "hands"):
            raise SelfPlayError(f"table must be 'plays' or 'hands', not {table!r}", "table")
        df = getattr(self, table)
        names = ["reason", "reason_values", "card"] if table == "plays" else [
            "pass_reason", "pass_values", "passed_1", "passed_2", "passed_3"
        ]  # fmt: skip
        cols = [_coded(df, table, name, card=k >= 2) for k, name in enumerate(names)]
        codes = np.stack([_codes(c) for c in cols], axis=1).reshape(len(df), len(cols))
        distinct, inverse = np.unique(codes, axis=0, return_inverse=True)
        words: list[Any] = []
        for row in distinct:
            if row[0] < 0:
                words.append(np.nan)
                continue
            key = str(cols[0].cat.categories[row[0]])
            own = [_CARD_TEXT[row[k]] for k in range(2, len(cols)) if row[k] >= 0]
            values: dict[str, Any] = {"card" if table == "plays" else "cards": ", ".join(own)}
            if row[1] >= 0:
                values |= json.loads(cols[1].cat.categories[row[1]])
            words.append(text(key, lang, **{k: _number_text(v, lang) for k, v in values.items()}))
        out = np.asarray(words, dtype=object)[inverse.reshape(-1)] if len(df) else np.zeros(0, dtype=object)
        return pd.Series(out, index=df.index, name="reason", dtype=object)

    def to_parquet(self, directory: str | Path) -> Path:
        """Write ``hands.parquet``, ``tricks.parquet``, ``plays.parquet`` and ``meta.json`` into ``directory``.

        Each file keeps the categories of its categorical columns, so even
        empty tables come back with their dtypes.
        """
        d = writable_folder(directory)
        names = [d / f"{name}.parquet" for name in self._TABLES] + [d / "meta.json"]
        # Every file is written in full beside its real name first, then all are renamed into place, meta.json
        # last; each carries the id of this save, so a set left half-renamed by a kill is refused when read.
        set_id = files.new_set_id()
        with files.replacing(*names) as temps:
            for name, tmp in zip(self._TABLES, temps):
                write_parquet(getattr(self, name), tmp, set_id=set_id)
            meta = {**self.meta, files.SET_FIELD: set_id}
            temps[-1].write_text(json.dumps(meta, indent=2, sort_keys=True), encoding="utf-8")
        return d

    @classmethod
    @reads_results("meta.json", [f"{n}.parquet" for n in _TABLES], SelfPlayError)
    def from_parquet(cls, directory: str | Path) -> SelfPlayResult:
        """Read what :meth:`to_parquet` wrote; dtypes come back as they were.

        Files from two different saves (one killed between its renames) are
        refused with :class:`hearts.files.FileContentError` (``'mixed_set'``)
        naming the file.
        """
        d = Path(directory)
        missing = [f"{n}.parquet" for n in cls._TABLES if not (d / f"{n}.parquet").is_file()]
        if missing:
            raise SelfPlayError(f"{d} holds no self-play data: missing {', '.join(missing)}", "directory")
        meta_path = d / "meta.json"
        meta = read_info(meta_path) if meta_path.is_file() else {}
        set_id = meta.pop(files.SET_FIELD, None)
        sets = [(d / f"{n}.parquet", parquet_set_id(d / f"{n}.parquet")) for n in cls._TABLES]
        files.check_set([*sets, (meta_path, set_id)] if meta_path.is_file() else sets)  # all from one save
        frames = {n: read_parquet(d / f"{n}.parquet") for n in cls._TABLES}
        return cls(frames["hands"], frames["tricks"], frames["plays"], meta)

    @classmethod
    def concat(cls, results: Sequence[SelfPlayResult]) -> SelfPlayResult:
        """Several runs as one result: their tables one after the other, every categorical column kept.

        ``pd.concat`` of two runs' tables turns each categorical whose
        categories differ (the bots' labels, reasons, their values)
        into strings, which takes three times the memory; this keeps them
        categorical, with the categories of all the runs. Every row keeps
        its ``run`` id and its ``deal`` (which counts from 0 in each run), so
        tables join on ``["run", "deal", ...]``. A run may be given once
        only: the same run twice would count its hands twice. ``meta`` is
        ``{"runs": [the meta of each run]}``.

        >>> a = play_hands(["rule", "random", "rule", "random"], 3, seed=1, workers=1, progress=False)
        >>> b = play_hands("rule", 2, seed=2, workers=1, progress=False)
        >>> both = SelfPlayResult.concat([a, b])
        >>> len(both.hands), both.plays["bot"].dtype.name, both.hands["run"].nunique()
        (20, 'category', 2)
        >>> len(both.plays.merge(both.hands, on=["run", "deal", "seat"])) == len(both.plays)
        True
        >>> SelfPlayResult.concat([a, a])
        Traceback (most recent call last):
        ...
        hearts.errors.SelfPlayError: run ... is in more than one of the results: it would count its hands twice
        """
        runs = list(results) if isinstance(results, Sequence) and not isinstance(results, str) else None
        if not runs:
            raise SelfPlayError("concat takes a non-empty list of SelfPlayResult objects", "results")
        bad = next((r for r in runs if not isinstance(r, SelfPlayResult)), None)
        if bad is not None:
            raise SelfPlayError(f"concat takes SelfPlayResult objects, not {type(bad).__name__}", "results")
        named = [r._with_run() for r in runs]
        seen: set[int] = set()
        for r in named:
            ids = {int(i) for t in (r.hands, r.tricks, r.plays) for i in t["run"].unique()}
            again = sorted(ids & seen)
            if again:
                raise SelfPlayError(
                    f"run {again[0]} is in more than one of the results: it would count its hands twice", "results"
                )
            seen |= ids
        tables = {name: _concat_runs([getattr(r, name) for r in named]) for name in cls._TABLES}
        metas = [m for r in named for m in (r.meta["runs"] if isinstance(r.meta.get("runs"), list) else [r.meta])]
        return cls(tables["hands"], tables["tricks"], tables["plays"], {"runs": metas})

    def _with_run(self) -> SelfPlayResult:
        """This result with a ``run`` column in each table (added from ``meta`` for data saved before runs had one)."""
        if all("run" in getattr(self, n).columns for n in self._TABLES):
            return self
        run = int(self.meta.get("run") or run_id(self.meta))
        frames = {}
        for name in self._TABLES:
            df = getattr(self, name)
            frames[name] = df if "run" in df.columns else df.assign(run=_run_column(run, len(df)))[["run", *df.columns]]
        return SelfPlayResult(frames["hands"], frames["tricks"], frames["plays"], {**self.meta, "run": run})

    @property
    def games(self) -> pd.DataFrame:
        """One row per game and seat (from :func:`play_games`): final total, hands, won, win_share.

        ``won`` says the seat has the lowest total, alone or tied;
        ``win_share`` counts a win shared by ``k`` tied players as ``1/k``
        (so the shares of a game add up to 1, as in the experiments).
        Empty for :func:`play_hands` data.
        """
        hands = self.hands
        if "game" not in hands.columns or hands.empty:  # no games: the columns all the same, with their dtypes
            same = {c: hands[c].dtype for c in ("seat", "bot") if c in hands.columns}
            dtypes = {"seat": seat_dtype(), "bot": pd.CategoricalDtype(pd.Index([], dtype=_CAT_STR))} | same
            kinds = data_dictionary("games")["dtype"]
            return pd.DataFrame({c: pd.Series([], dtype=dtypes.get(str(c), kind)) for c, kind in kinds.items()})
        keys = ["run", "game"] if "run" in hands.columns else ["game"]  # games count from 0 in each run
        last = hands.groupby(keys, observed=True)["hand_number"].transform("max") == hands["hand_number"]
        final = hands.loc[last, [*keys, "seat", "bot", "hand_number", "total"]].rename(
            columns={"hand_number": "hands"}
        )
        final["hands"] = final["hands"].astype(np.int32)  # a count of hands: up to 1,000, whose square needs int32
        best = final.groupby(keys, observed=True)["total"].transform("min")
        won = final["total"] == best
        share = won / won.groupby([final[k] for k in keys], observed=True).transform("sum")
        return final.assign(won=won, win_share=share.astype(np.float64)).reset_index(drop=True)

    def summary(self) -> pd.DataFrame:
        """Per bot: hands played, mean points and score per hand, Q♠ and moon rates.

        >>> r = play_hands("random", 4, workers=1, progress=False)
        >>> list(r.summary().columns)
        ['hands', 'points_per_hand', 'score_per_hand', 'took_qs', 'shot_moon']
        """
        g = self.hands.groupby("bot", observed=True)
        return pd.DataFrame(
            {
                "hands": g.size(),
                "points_per_hand": g["points"].mean(),
                "score_per_hand": g["score"].mean(),
                "took_qs": g["took_qs"].mean(),
                "shot_moon": g["shot_moon"].mean(),
            }
        )

    @staticmethod
    def data_dictionary(table: str | None = None) -> pd.DataFrame:
        """Every column of ``hands``, ``tricks``, ``plays`` and ``games`` (or of one of them): dtype, unit, meaning.

        Indexed by column like the other results' dictionaries: by ``name``
        for one table, by ``(table, name)`` for all four.

        >>> SelfPlayResult.data_dictionary("hands").loc["score", "unit"]
        'points'
        >>> SelfPlayResult.data_dictionary().loc[("hands", "score"), "unit"]
        'points'
        """
        if table is None:
            d = data_dictionary()
            return d[d["table"].isin(["hands", "tricks", "plays", "games"])].set_index(["table", "name"])
        if table not in ("hands", "tricks", "plays", "games"):
            raise SelfPlayError(f"table must be hands, tricks, plays or games, not {table!r}", "table")
        return data_dictionary(table)

    def memory_mb(self) -> float:
        """Memory held by the three tables, in MB (deep)."""
        return sum(int(getattr(self, n).memory_usage(deep=True).sum()) for n in self._TABLES) / 1e6

    def __repr__(self) -> str:
        return (
            f"<SelfPlayResult {self.hands['deal'].nunique() if len(self.hands) else 0} hands, "
            f"{len(self.tricks)} tricks, {len(self.plays)} plays>"
        )


def _coded(df: pd.DataFrame, table: str, name: str, *, card: bool) -> pd.Series:
    """Column ``name`` as a categorical (or card) column again, as ``pd.concat`` of two runs may leave it.

    Concatenating tables whose categories differ gives plain strings; they
    are read back into categories here, so :meth:`SelfPlayResult.reasons`
    works on them.
    """
    if name not in df.columns:
        raise SelfPlayError(f"the {table} table has no {name!r} column, which reasons() reads", name)
    col = df[name]
    if card and not is_card_dtype(col.dtype):
        try:
            return to_cards(col)
        except (ValueError, TypeError) as e:
            raise SelfPlayError(f"column {name!r} of {table} does not hold cards (such as 'Q♠'): {e}", name) from None
    if not card and not isinstance(col.dtype, pd.CategoricalDtype):
        return col.astype(pd.CategoricalDtype(pd.Index(sorted(set(col.dropna().astype(str))), dtype=_CAT_STR)))
    return col


def writable_folder(directory: str | Path, error: type[SelfPlayError] = SelfPlayError) -> Path:
    """``directory`` as a path, refused (``error`` for option ``directory``) when it, or a folder above it, is a file.

    >>> writable_folder(__file__)
    Traceback (most recent call last):
    ...
    hearts.errors.SelfPlayError: cannot write results into .../selfplay.py: it is a file, not a folder
    """
    d = Path(directory)
    blocking = next((p for p in (d, *d.parents) if p.exists() or p.is_symlink()), None)
    if blocking is not None and not blocking.is_dir():
        where = "it" if blocking == d else str(blocking)
        raise error(f"cannot write results into {d}: {where} is a file, not a folder", "directory")
    return d


def _codes(col: pd.Series) -> np.ndarray:
    """The integer codes of a categorical column, card columns included (-1: missing)."""
    return col.cat.codes.to_numpy(np.int64)


def _number_text(x: Any, lang: str) -> Any:
    """A message value as the reader writes it: floats with the language's decimal mark."""
    if isinstance(x, float):
        s = repr(x)
        return s.replace(".", ",") if lang == "es" else s
    return x


_CATEGORIES_KEY = b"hearts.categories"
_SET_ID_KEY = b"hearts.set"
_INDEX_KEY = b"hearts.index"  # the dtypes of the index levels (a list, one per level), when the index is not a range
_CARDS_KEY = b"hearts.cards"  # files written before card columns were categoricals: their card columns


def _dtype_info(dtype: Any) -> dict[str, Any]:
    """What a column's dtype needs beyond what Parquet keeps: a categorical's categories (card columns too)."""
    if isinstance(dtype, pd.CategoricalDtype) and all(isinstance(c, str) for c in dtype.categories):
        return {"categories": [str(c) for c in dtype.categories], "ordered": bool(dtype.ordered)}
    return {}


def _restore(col: pd.Series, info: dict[str, Any]) -> pd.Series:
    """A column read from Parquet with the dtype :func:`_dtype_info` described (and pandas' string categories)."""
    if info.get("card") and pd.api.types.is_numeric_dtype(col.dtype):  # an older file: int8 card numbers
        codes = pd.to_numeric(col).fillna(-1).to_numpy(np.int16)
        return pd.Series(pd.Categorical.from_codes(codes, dtype=CARD_DTYPE), index=col.index, name=col.name)
    if info.get("card"):  # an older file: the card names
        return to_cards(col.astype(object))
    if "categories" in info:
        cats = pd.Index(info["categories"], dtype=_CAT_STR)
        return col.astype(pd.CategoricalDtype(cats, ordered=info["ordered"]))
    read = col.dtype
    if isinstance(read, pd.CategoricalDtype) and read.categories.dtype != _CAT_STR:
        # files without stored categories: the string dtype pandas uses for new ones
        return col.cat.rename_categories(pd.Index(list(read.categories), dtype=_CAT_STR))
    return col


def write_parquet(df: pd.DataFrame, path: str | Path, *, set_id: str | None = None) -> None:
    """Write ``df`` as Parquet with the categories of its categorical columns in the file's metadata.

    Parquet keeps only the categories that occur in the data, so an empty
    table would otherwise come back with no categories at all. ``set_id``
    (:func:`hearts.files.new_set_id`) marks the file as one of a set written
    together; :func:`parquet_set_id` reads it back. The index
    is kept (a range, a filtered index, named levels, a ``MultiIndex``)
    and :func:`read_parquet` gives it back as it was.

    Card columns are ordered categoricals of the card names (``'2♣'`` …
    ``'A♥'``), so plain pandas or pyarrow reads the file without importing
    this package, with the same dtype.

    A ``path`` that is a folder, under a file or in a missing folder raises
    :class:`SelfPlayError` (option ``path``) and changes nothing.
    """
    import pyarrow as pa  # type: ignore[import-untyped]
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    table = pa.Table.from_pandas(df, preserve_index=None)  # a RangeIndex as metadata, any other index as columns
    cats = {}
    for col in df.columns:
        info = _dtype_info(df[col].dtype)
        if "categories" in info:
            cats[str(col)] = info
    metadata = dict(table.schema.metadata or {})
    metadata[_CATEGORIES_KEY] = json.dumps(cats, ensure_ascii=False).encode("utf-8")
    if set_id is not None:
        metadata[_SET_ID_KEY] = set_id.encode("utf-8")
    if not isinstance(df.index, pd.RangeIndex):
        levels = [df.index.get_level_values(i).dtype for i in range(df.index.nlevels)]
        metadata[_INDEX_KEY] = json.dumps([_dtype_info(d) for d in levels], ensure_ascii=False).encode("utf-8")
    target = Path(path)
    if target.is_dir():
        raise SelfPlayError(f"cannot write {target}: this is a folder, not a file", "path")
    try:
        pq.write_table(table.replace_schema_metadata(metadata), target)
    except NotADirectoryError as e:
        raise SelfPlayError(f"cannot write {target}: a folder above it is a file", "path") from e
    except FileNotFoundError as e:
        raise SelfPlayError(f"cannot write {target}: its folder does not exist", "path") from e


def parquet_set_id(path: str | Path) -> str | None:
    """The set id :func:`write_parquet` stored in a Parquet file (``None`` if it has none); only the footer is read.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_parquet(pd.DataFrame({"x": [1]}), Path(d) / "t.parquet", set_id="abc")
    ...     parquet_set_id(Path(d) / "t.parquet")
    'abc'
    """
    import pyarrow.parquet as pq

    found = (pq.read_schema(path).metadata or {}).get(_SET_ID_KEY)
    return None if found is None else bytes(found).decode("utf-8", "replace")


class ParquetReadError(SelfPlayError):
    """A file :func:`read_parquet` cannot read as Parquet (option ``path``); ``.file`` and ``.reason`` say why.

    >>> str(ParquetReadError(Path("run/plays.parquet"), "file too small"))
    'run/plays.parquet cannot be read as Parquet: it is damaged (file too small)'
    """

    def __init__(self, file: Path, reason: str) -> None:
        super().__init__(f"{file} cannot be read as Parquet: it is damaged ({reason})", "path")
        self.file = file
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.file, self.reason))


def read_parquet(path: str | Path) -> pd.DataFrame:
    """Read what :func:`write_parquet` wrote: categorical columns come back with all their categories.

    A file that is not Parquet (cut short, another kind of file, a folder)
    raises :class:`SelfPlayError` (option ``path``) naming it, with pyarrow's
    reason; a missing file raises :class:`FileNotFoundError`.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "t.parquet").write_text("not parquet")
    ...     try:
    ...         read_parquet(Path(d) / "t.parquet")
    ...     except SelfPlayError as e:
    ...         e.option, "cannot be read as Parquet" in str(e)
    ('path', True)

    >>> import tempfile
    >>> df = pd.DataFrame({"seat": pd.Categorical([], dtype=seat_dtype())})
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_parquet(df, Path(d) / "t.parquet")
    ...     back = read_parquet(Path(d) / "t.parquet")
    >>> back["seat"].dtype == df["seat"].dtype
    True

    The index comes back too:

    >>> r = play_hands("random", 2, workers=1, progress=False)
    >>> keyed = r.hands.set_index(["deal", "seat"])
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_parquet(keyed, Path(d) / "t.parquet")
    ...     back = read_parquet(Path(d) / "t.parquet")
    >>> pd.testing.assert_frame_equal(back, keyed)
    >>> back.index.names
    FrozenList(['deal', 'seat'])
    """
    import pyarrow.parquet as pq

    if Path(path).is_dir():
        raise ParquetReadError(Path(path), "this is a folder, not a file")
    try:
        table = pq.read_table(path)
    except FileNotFoundError:
        raise
    except Exception as e:
        if not (isinstance(e, OSError) or type(e).__module__.startswith("pyarrow")):
            raise
        raise ParquetReadError(Path(path), str(e)) from e
    df: pd.DataFrame = table.to_pandas()
    metadata = table.schema.metadata or {}
    stored = json.loads(metadata.get(_CATEGORIES_KEY, b"{}"))
    stored |= {c: {"card": True} for c in json.loads(metadata.get(_CARDS_KEY, b"[]"))}
    for col in df.columns:
        df[col] = _restore(df[col], stored.get(col, {}) if isinstance(col, str) else {})
    if not isinstance(df.index, pd.RangeIndex):
        levels = json.loads(metadata.get(_INDEX_KEY, b"[]"))
        frame = df.index.to_frame(index=False)
        parts = [
            _restore(frame.iloc[:, i], levels[i] if i < len(levels) else {}) for i in range(df.index.nlevels)
        ]
        if len(parts) == 1:
            df.index = pd.Index(parts[0]).rename(df.index.name)
        else:
            df.index = pd.MultiIndex.from_arrays(parts, names=df.index.names)
    return df


# ----- the public entry points -----------------------------------------------


def _run(
    games: bool,
    bots: BotLike | Sequence[BotLike],
    n: int,
    pass_direction: Any,
    detail: str,
    options: RunOptions,
    caller: str,
) -> SelfPlayResult:
    n = check_count(n, "n_games" if games else "n_hands")
    run = Run.check(options, caller=caller)
    rules = run.rules
    if detail not in _DETAILS:
        raise SelfPlayError(f"detail must be one of {', '.join(_DETAILS)}, not {detail!r}", "detail")
    pass_direction = check_pass_direction(pass_direction, rules)
    if games and pass_direction is not None:
        raise SelfPlayError(
            "pass_direction cannot be fixed in whole games (it follows the hand number)", "pass_direction"
        )
    bots_ = seat_bots(bots, rules.num_players)
    nworkers = local_workers_for(bots_, run.worker_count, run.client, run.mp_context, stacklevel=3)
    labels = tuple(dict.fromkeys(bot_label(b) for b in bots_))
    # Tasks of up to 1,000 hands (100 games): making a chunk's DataFrames costs ~3 ms whatever its size,
    # so smaller tasks spend a tenth of self-play's time on pandas (several tasks per worker still).
    ranges = run.chunks(n, nworkers, 100 if games else 1000) or [(0, 0)]
    chunks = [_Chunk(games, run.seed, a, b, bots_, labels, rules, pass_direction, detail) for a, b in ranges]
    try:
        parts = run_tasks(
            _run_chunk,
            chunks,
            weights=[c.stop - c.start for c in chunks],
            desc="games" if games else "hands",
            unit="game" if games else "hand",
            **run.parallel(nworkers),
        )
    except WorkerError as e:
        raise SelfPlayError(broken_pool_message(bots_, run.mp_context, e), "bots") from None
    except ParallelError as e:
        raise SelfPlayError(str(e), e.option) from None
    offsets = list(np.cumsum([0] + [len(p["hands"]) // rules.num_players for p in parts[:-1]]))
    tables = {}
    for name in SelfPlayResult._TABLES:
        frames = [p[name] for p in parts if name in p]
        tables[name] = _concat(frames, offsets) if frames else _empty(name, rules, labels)
    meta = {
        "format": FORMAT_VERSION,
        "mode": "games" if games else "hands",
        "n": n,
        "seed": run.seed,
        "bots": [bot_label(b) for b in bots_],
        "rules": rules.to_dict(),
        "pass_direction": pass_direction.value if pass_direction else None,
        "detail": detail,
    }
    run_name = meta["run"] = run_id(meta)
    for table in tables.values():
        table.insert(0, "run", _run_column(run_name, len(table)))
    return SelfPlayResult(tables["hands"], tables["tricks"], tables["plays"], meta)


def run_id(meta: dict[str, Any]) -> int:
    """The id of the run ``meta`` describes: 48 bits of SHA-256 of what picks its hands, the same anywhere.

    An ``int64`` column rather than a categorical: ``pd.concat`` of two
    runs keeps it as it is (a categorical with another run's id would turn
    into strings), and it joins, sorts and goes to Parquet as a number.

    The mode (hands or games), seed, bots, rules and pass direction pick
    every hand: runs that differ in any of them have different ids. The
    count and the detail recorded do not change a hand (deal ``i`` of a run
    is the same hand whatever ``n``), so they are not part of the id:
    ``(run, deal)`` names one hand, whichever run it was read from.

    >>> a = play_hands("rule", 2, seed=1, workers=1, progress=False)
    >>> a.meta["run"] == run_id({k: v for k, v in a.meta.items() if k != "run"}), 0 <= a.meta["run"] < 2**48
    (True, True)
    >>> a.hands["run"].unique().tolist() == [a.meta["run"]], str(a.hands["run"].dtype)
    (True, 'int64')
    """
    import hashlib

    blob = json.dumps({k: v for k, v in meta.items() if k not in ("run", "n", "detail")}, sort_keys=True)
    return int(hashlib.sha256(blob.encode("utf-8")).hexdigest()[:12], 16)


def _run_column(run: int, n: int) -> np.ndarray:
    return np.full(n, run, dtype=np.int64)


def _empty(name: str, rules: Rules, labels: Sequence[str]) -> pd.DataFrame:
    rec = _Recorder(rules.num_players, "plays", False)
    return _frames(rec, labels, rules)[name]


def play_hands(
    bots: BotLike | Sequence[BotLike],
    n_hands: int,
    *,
    pass_direction: PassDirection | str | None = None,
    detail: Detail = "plays",
    **options: Unpack[RunOptions],
) -> SelfPlayResult:
    """Play ``n_hands`` independent hands; bots sit in ``bots`` (one per seat, or one for all).

    - ``pass_direction``: fix it (``'left'``…); by default hand ``i`` passes
      as hand number ``i % 4 + 1`` of a game: left, right, across, none.
    - ``detail``: ``'plays'`` (all three tables), ``'tricks'`` or ``'hands'``
      (leave the larger tables empty: faster, smaller).
    - the run options (:class:`~hearts.runs.RunOptions`): ``seed`` picks
      the deals and every bot's random choices; ``rules`` the game's
      :class:`~hearts.rules.Rules` (default game if ``None``); ``workers``
      processes (``None``: every core, ``1``: this process) or ``client``, a
      ``dask.distributed.Client`` to run on instead; ``progress``;
      ``chunk_size``, hands per task (does not change the result: every
      hand starts from fresh bots); ``mp_context``, the start method of the
      worker processes (``'spawn'``, ``'forkserver'``, ``'fork'``; ``None``:
      Python's default). A bot whose class a new process cannot import
      (defined in a notebook or ``python -c``) then plays in this process,
      with a warning.

    >>> r = play_hands("random", 2, seed=3, workers=1, progress=False, pass_direction="none")
    >>> r.hands["pass_direction"].unique().tolist()
    ['none']
    """
    return _run(False, bots, n_hands, pass_direction, detail, options, "play_hands")


def play_games(
    bots: BotLike | Sequence[BotLike],
    n_games: int,
    *,
    detail: Detail = "plays",
    **options: Unpack[RunOptions],
) -> SelfPlayResult:
    """Play ``n_games`` whole games to ``rules.target_score``; options as :func:`play_hands`.

    The hands table gains ``game`` and ``total`` columns, and
    :attr:`SelfPlayResult.games` gives one row per game and seat. Every
    game starts from fresh bots; within a game a bot may remember the
    hands it has played.

    >>> from hearts import Rules
    >>> r = play_games("random", 2, rules=Rules(target_score=30), workers=1, progress=False)
    >>> bool(r.games.groupby("game")["won"].any().all())
    True
    """
    return _run(True, bots, n_games, None, detail, options, "play_games")
