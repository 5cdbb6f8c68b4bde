"""Self-play: many hands or whole games between bots, as tidy pandas data.

:func:`play_hands` plays ``n`` independent hands, :func:`play_games` plays
``n`` whole games to the target score. Both return a
:class:`SelfPlayResult` holding three DataFrames (columns documented on the
class): ``hands`` (one row per hand and seat), ``tricks`` (one row per trick)
and ``plays`` (one row per card played, with the reason the bot gave).

>>> result = play_hands(["random"] * 4, 8, seed=1, workers=1, progress=False)
>>> len(result.hands), len(result.tricks), len(result.plays)
(32, 104, 416)
>>> result.hands.groupby("deal", observed=True)["points"].sum().eq(26).all()
np.True_
>>> str(result.hands["seat"].dtype), str(result.plays["card"].dtype)
('category', 'category')

Seeds. Deal ``i`` of a run with seed ``s`` and every bot's random source
for that deal and seat come from SHA-256 of ``(s, i, seat)``, so a run gives
the same data on every machine, whatever the number of workers or the size
of the chunks it is cut into. The deal of any row can be replayed with
``Deal.from_number(row.deal_number, hand_number=row.hand_number)``.

Bots are given as names (``"random"``, ``"rule"``), bot classes,
:class:`BotSpec` recipes (a class and its keyword arguments, which travel to
worker processes and Dask workers) or bot instances (copied per seat; they
must be importable by name to run on several workers).
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import json
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np
import pandas as pd

from hearts.bots.base import Bot, BotError
from hearts.cards import QUEEN_OF_SPADES, Card
from hearts.deal import Deal, StableRandom
from hearts.errors import HeartsError
from hearts.game import Game
from hearts.hand import HandState, Phase
from hearts.messages import seat_name
from hearts.observation import Observation
from hearts.parallel import ParallelError, check_workers, run_tasks
from hearts.rules import DEFAULT_RULES, PassDirection, Rules

__all__ = [
    "BOT_ALIASES",
    "CARD_DTYPE",
    "PASS_DTYPE",
    "ROLE_DTYPE",
    "SUIT_DTYPE",
    "BotSpec",
    "SelfPlayError",
    "SelfPlayResult",
    "bot_spec",
    "hand_seeds",
    "play_games",
    "play_hands",
    "play_out",
    "seat_dtype",
]

Detail = Literal["hands", "tricks", "plays"]
_DETAILS = ("hands", "tricks", "plays")
FORMAT_VERSION = 1


class SelfPlayError(HeartsError):
    """A bad self-play option; ``.option`` names it."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.option = option


# ----- dtypes ----------------------------------------------------------------

CARD_DTYPE = pd.CategoricalDtype([str(Card(i)) for i in range(52)], ordered=True)
"""Cards as an ordered categorical: ``2♣ … A♣, 2♦ … A♥`` (the card index order)."""
SUIT_DTYPE = pd.CategoricalDtype(["clubs", "diamonds", "spades", "hearts"], ordered=True)
PASS_DTYPE = pd.CategoricalDtype([d.value for d in PassDirection])
ROLE_DTYPE = pd.CategoricalDtype(["led", "followed", "discarded"])
_CAT_STR = CARD_DTYPE.categories.dtype  # the string dtype pandas gives new categories
_OPEN_CATEGORIES = ("pass_reason", "pass_tip", "reason", "tip")


def seat_dtype(num_players: int = 4) -> pd.CategoricalDtype:
    """Seats as a categorical in play order: South, West, North, East with four players.

    >>> list(seat_dtype().categories)
    ['South', 'West', 'North', 'East']
    """
    return pd.CategoricalDtype([seat_name(s, "en", num_players) for s in range(num_players)], ordered=True)


# ----- bots ------------------------------------------------------------------

BOT_ALIASES: dict[str, str] = {
    "random": "hearts.bots.random_bot:RandomBot",
    "rule": "hearts.bots.rule_bot:RuleBot",
    "expert": "hearts.bots.expert:ExpertBot",
}
"""Short names accepted wherever a bot is expected."""


@dataclasses.dataclass(frozen=True)
class BotSpec:
    """A recipe for a bot: an importable class (``"module:Class"`` or the class) and keyword arguments.

    Specs are plain data, so they travel to worker processes and Dask
    workers; each worker builds its own bots from them.

    >>> spec = bot_spec("random")
    >>> spec.label, type(spec.build()).__name__
    ('Random', 'RandomBot')
    """

    target: str | type
    kwargs: tuple[tuple[str, Any], ...] = ()
    label: str = ""

    def resolve(self) -> type:
        """The bot class."""
        if isinstance(self.target, type):
            return self.target
        module, sep, name = self.target.partition(":")
        if not sep or not module or not name:
            raise SelfPlayError(f"cannot import bot {self.target!r}: write it as 'module:Class'", "bots")
        try:
            obj: Any = importlib.import_module(module)
            for part in name.split("."):
                obj = getattr(obj, part)
        except (ImportError, AttributeError) as e:
            raise SelfPlayError(f"cannot import bot {self.target!r}: {e}", "bots") from e
        if not (isinstance(obj, type) and issubclass(obj, Bot)):
            raise SelfPlayError(f"{self.target!r} is not a Bot class", "bots")
        return obj

    def build(self) -> Bot:
        """A new bot made from this recipe."""
        cls = self.resolve()
        try:
            return cls(**dict(self.kwargs))  # type: ignore[no-any-return]
        except TypeError as e:
            raise SelfPlayError(f"cannot make {cls.__name__} with {dict(self.kwargs)!r}: {e}", "bots") from e

    @property
    def name(self) -> str:
        """The label, or the class's display name."""
        return self.label or _default_label(self.resolve(), dict(self.kwargs))


def _default_label(cls: type, kwargs: dict[str, Any]) -> str:
    base = str(getattr(cls, "name", cls.__name__))
    if not kwargs:
        return base
    return base + " (" + ", ".join(f"{k}={v!r}" for k, v in kwargs.items()) + ")"


def bot_spec(kind: str | type, *, label: str = "", **kwargs: Any) -> BotSpec:
    """A :class:`BotSpec` from a short name (``'random'``, ``'rule'``), ``'module:Class'`` or a class.

    >>> bot_spec("random", label="Baseline").label
    'Baseline'
    >>> bot_spec("chess")
    Traceback (most recent call last):
    ...
    hearts.selfplay.SelfPlayError: unknown bot 'chess': use random, rule, expert, 'module:Class' or a Bot class
    """
    target: str | type
    if isinstance(kind, str):
        target = BOT_ALIASES.get(kind.strip().lower(), kind.strip())
        if ":" not in target:
            raise SelfPlayError(
                f"unknown bot {kind!r}: use {', '.join(BOT_ALIASES)}, 'module:Class' or a Bot class", "bots"
            )
    elif isinstance(kind, type) and issubclass(kind, Bot):
        target = kind
        if "<locals>" not in kind.__qualname__:
            target = f"{kind.__module__}:{kind.__qualname__}"
    else:
        raise SelfPlayError(f"a bot must be a name, a Bot class, a BotSpec or a Bot, not {kind!r}", "bots")
    spec = BotSpec(target, tuple(sorted(kwargs.items())), label)
    if not label:
        spec = dataclasses.replace(spec, label=spec.name)
    return spec


BotLike = str | type | BotSpec | Bot


def _as_spec(bot: BotLike) -> BotSpec | Bot:
    if isinstance(bot, BotSpec):
        if not bot.label:
            return dataclasses.replace(bot, label=bot.name)
        return bot
    if isinstance(bot, Bot):
        return bot
    return bot_spec(bot)


def _label(bot: BotSpec | Bot) -> str:
    return bot.label if isinstance(bot, BotSpec) else str(bot.name)


def _seat_bots(bots: BotLike | Sequence[BotLike], n: int) -> tuple[BotSpec | Bot, ...]:
    if isinstance(bots, (str, type, BotSpec, Bot)):
        bots = [bots] * n
    if not isinstance(bots, Sequence):
        raise SelfPlayError(f"bots must be one bot or a list of {n}, not {type(bots).__name__}", "bots")
    if len(bots) != n:
        raise SelfPlayError(f"bots must name one bot per seat ({n}), got {len(bots)}", "bots")
    out = tuple(_as_spec(b) for b in bots)
    for b in out:
        if isinstance(b, BotSpec):
            b.resolve()
    return out


def _local_workers(bots: Sequence[Any], workers: int, client: Any, stacklevel: int = 4) -> int:
    """``workers``, or 1 with a warning when a bot cannot travel to worker processes.

    Bots travel by multiprocessing's own transport, which needs their class
    importable by name (a function-made bot or a class defined inside a
    function is not). The result is the same in one process, only slower.
    """
    if workers == 1 or client is not None:
        return workers
    from multiprocessing.reduction import ForkingPickler

    for b in bots:
        try:
            ForkingPickler.dumps(b)
        except Exception:  # any failure means it cannot be sent
            name = _label(b) if isinstance(b, (BotSpec, Bot)) else repr(b)
            warnings.warn(
                f"bot {name!r} cannot be sent to worker processes (its class is not importable by name), "
                "so it plays in this process on one core; define the class at the top level of a module "
                "(or give workers=1) to silence this",
                RuntimeWarning,
                stacklevel=stacklevel,
            )
            return 1
    return workers


def _build(bots: Sequence[BotSpec | Bot]) -> list[Bot]:
    return [b.build() if isinstance(b, BotSpec) else copy.deepcopy(b) for b in bots]


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
        rng = StableRandom(f"hearts-selfplay/v1/{seed}/{index}")
        number = rng.bits64() >> 1
    else:
        number = StableRandom(f"hearts-selfplay-game/v1/{seed}/{game}").bits64() >> 1
        rng = StableRandom(f"hearts-selfplay-game/v1/{seed}/{game}/{index}")
    return number, [rng.bits64() >> 1 for _ in range(num_players)]


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


class _Recorder:
    """Collects one chunk's hands as flat lists; :meth:`frames` makes the DataFrames."""

    def __init__(self, n: int, detail: str, games: bool) -> None:
        self.n = n
        self.detail = detail
        self.games = games
        self.reasons = _Codes()
        self.tips = _Codes()
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
        self.tip: list[int] = []

    @property
    def hands_recorded(self) -> int:
        return len(self.deal_number)


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
    if state.phase is Phase.PASSING:
        views = [from_state(state, s, totals) for s in range(n)]  # everyone chooses before anything moves
        need = state.rules.pass_size
        for s in range(n):
            d = bots[s].decide_pass(views[s])
            mask = 0
            for c in d.cards:
                mask |= 1 << c
            if len(d.cards) != need or mask.bit_count() != need or mask & ~views[s].hand_mask:
                chosen = [str(Card(c)) for c in d.cards]
                raise BotError(f"{bots[s].name} chose to pass {chosen}, not {need} cards of its hand")
            if rec is not None:
                pass_reason[s] = rec.reasons.code(d.reason)
                pass_tip[s] = rec.tips.code(d.tip)
            state.push_pass(s, mask)
    if state.phase is not Phase.PLAYING:
        return pass_reason, pass_tip
    decide = [b.decide_play for b in bots]
    hands = state.hands
    push = state.push
    remaining = state.rules.deck_mask.bit_count() - state.cards_played
    record = rec is not None and rec.detail == "plays"
    if record:
        rcode, tcode = rec.reasons.code, rec.tips.code  # type: ignore[union-attr]
        rlist, tlist = rec.reason, rec.tip  # type: ignore[union-attr]
    for _ in range(remaining):
        s = state.to_play
        d = decide[s](from_state(state, s, totals))
        cards = d.cards
        c = cards[0] if len(cards) == 1 else -1
        # Following suit with a card in hand is always legal; anything else asks the rule function.
        if c < 0 or not ((c // 13 == state.led_suit and hands[s] >> c & 1) or state.legal_mask() >> c & 1):
            raise BotError(f"{bots[s].name} chose {[str(Card(x)) for x in cards]}, not one legal card")
        if record:
            rlist.append(rcode(d.reason))
            tlist.append(tcode(d.tip))
        push(c)
    if state.phase is Phase.MOON_CHOICE:  # type: ignore[comparison-overlap]  # push() changed the phase
        s = state.to_play
        state.choose_moon(s, bots[s].choose_moon(from_state(state, s, totals)))
    return pass_reason, pass_tip


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
    bots = _build(chunk.bots)
    codes = [chunk.labels.index(_label(b)) for b in chunk.bots]
    rec = _Recorder(n, chunk.detail, chunk.games)
    if not chunk.games:
        for i in range(chunk.start, chunk.stop):
            number, seeds = hand_seeds(chunk.seed, i, n)
            hand_number = i % 4 + 1
            for b, s in zip(bots, seeds):
                b.reseed(s)
            deal = Deal.from_number(number, rules, hand_number=hand_number)
            _play_hand(HandState(deal, rules, pass_direction=chunk.pass_direction), bots, rec, codes)
    else:
        for g in range(chunk.start, chunk.stop):
            number, _ = hand_seeds(chunk.seed, 1, n, game=g)
            game = Game(number, rules)
            while True:
                k = game.hand_number
                _, seeds = hand_seeds(chunk.seed, k, n, game=g)
                for b, s in zip(bots, seeds):
                    b.reseed(s)
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


def _bits(masks: np.ndarray, shift: int, width: int) -> np.ndarray:
    return np.bitwise_count((masks >> np.uint64(shift)) & np.uint64((1 << width) - 1)).astype(np.int8)  # type: ignore[no-any-return]


def _hand_features(masks: np.ndarray, suffix: str) -> dict[str, np.ndarray]:
    counts = {name: _bits(masks, 13 * s, 13) for s, name in enumerate(SUIT_DTYPE.categories)}
    voids = sum((c == 0).astype(np.int8) for c in counts.values())
    qs = int(QUEEN_OF_SPADES)
    out = {f"{k}_{suffix}": v for k, v in counts.items()}
    out[f"has_qs_{suffix}"] = ((masks >> np.uint64(qs)) & np.uint64(1)).astype(bool)
    out[f"qs_guards_{suffix}"] = _bits(masks, 26, qs - 26)
    out[f"high_spades_{suffix}"] = _bits(masks, qs + 1, 2)
    out[f"voids_{suffix}"] = np.asarray(voids, dtype=np.int8)
    return out


def _cat(codes: Any, dtype: pd.CategoricalDtype) -> pd.Categorical:
    return pd.Categorical.from_codes(np.asarray(codes, dtype=np.int16), dtype=dtype)


def _open_cat(codes: list[int], names: list[str]) -> pd.Categorical:
    return pd.Categorical.from_codes(np.asarray(codes, dtype=np.int16), categories=pd.Index(names, dtype=_CAT_STR))


def _frames(rec: _Recorder, labels: Sequence[str], rules: Rules) -> dict[str, pd.DataFrame]:
    n = rec.n
    h = rec.hands_recorded
    seats = seat_dtype(n)
    bot_dtype = pd.CategoricalDtype(list(labels))
    local = np.repeat(np.arange(h, dtype=np.int32), n)
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
    hands |= _hand_features(dealt, "before")
    hands |= _hand_features(after, "after")
    for name, masks in (("passed", passed), ("received", received)):
        for j, idx in enumerate(_lowest_cards(masks, rules.pass_size), start=1):
            hands[f"{name}_{j}"] = _cat(idx, CARD_DTYPE)
        hands[f"{name}_qs"] = ((masks >> np.uint64(int(QUEEN_OF_SPADES))) & np.uint64(1)).astype(bool)
    hands |= {
        "pass_reason": _open_cat(rec.pass_reason, rec.reasons.names),
        "pass_tip": _open_cat(rec.pass_tip, rec.tips.names),
        "points": np.asarray(rec.points, dtype=np.int8),
        "score": np.asarray(rec.score, dtype=np.int8),
        "tricks_won": np.asarray(rec.tricks_won, dtype=np.int8),
        "hearts_taken": _bits(taken, 39, 13),
        "took_qs": ((taken >> np.uint64(int(QUEEN_OF_SPADES))) & np.uint64(1)).astype(bool),
        "shot_moon": np.asarray(rec.shot, dtype=bool),
    }
    if rec.games:
        hands["total"] = np.asarray(rec.total, dtype=np.int16)
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
    trick_deal = np.repeat(np.arange(h, dtype=np.int32), per_hand) if t_count else np.zeros(0, np.int32)
    trick_no = np.tile(np.arange(per_hand, dtype=np.int8), h) if t_count else np.zeros(0, np.int8)
    if rec.detail != "hands":
        out["tricks"] = pd.DataFrame(
            {
                "deal": trick_deal,
                "trick": trick_no,
                "leader": _cat(leader, seats),
                "led_suit": _cat(led, SUIT_DTYPE),
                "winner": _cat(winner, seats),
                "winning_card": _cat(np.take_along_axis(cards, win_pos[:, None].astype(np.intp), 1)[:, 0], CARD_DTYPE),
                "points": np.asarray(rec.trick_points, dtype=np.int8),
                "hearts": (suits == 3).sum(axis=1).astype(np.int8),
                "has_qs": (cards == int(QUEEN_OF_SPADES)).any(axis=1),
                "discards": (suits != led[:, None]).sum(axis=1).astype(np.int8),
            }
        )
    if rec.detail == "plays":
        flat = cards.reshape(-1)
        fsuit = suits.reshape(-1)
        pos = np.tile(np.arange(n, dtype=np.int8), t_count)
        role = np.where(pos == 0, 0, np.where(fsuit == np.repeat(led, n), 1, 2))
        fseat = seat_of.reshape(-1)
        bot_codes = np.asarray(rec.bot, dtype=np.int16).reshape(h, n) if h else np.zeros((0, n), np.int16)
        out["plays"] = pd.DataFrame(
            {
                "deal": np.repeat(trick_deal, n),
                "trick": np.repeat(trick_no, n),
                "position": pos,
                "seat": _cat(fseat, seats),
                "bot": _cat(bot_codes[np.repeat(trick_deal, n), fseat], bot_dtype),
                "card": _cat(flat, CARD_DTYPE),
                "suit": _cat(fsuit, SUIT_DTYPE),
                "rank": (flat % 13 + 2).astype(np.int8),
                "role": _cat(role, ROLE_DTYPE),
                "reason": _open_cat(rec.reason, rec.reasons.names),
                "tip": _open_cat(rec.tip, rec.tips.names),
                "won": fseat == np.repeat(winner, n),
            }
        )
    return out


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


# ----- the result ------------------------------------------------------------


@dataclasses.dataclass
class SelfPlayResult:
    """Self-play data: three tidy DataFrames and how they were made.

    ``hands`` — one row per hand and seat:

    ==================  ==========  ==================================================
    deal                int32       hand index in this run (0, 1, …)
    game                int32       game index (only from :func:`play_games`)
    deal_number         int64       replay with ``Deal.from_number(deal_number, hand_number=…)``
    hand_number         int16       hand within its game (sets the pass direction)
    seat                category    South, West, North, East
    bot                 category    the bot's label
    pass_direction      category    left, right, across, none
    dealt               uint64      bitmask of the 13 cards dealt (bit ``i`` = card ``i``)
    <suit>_before       int8        clubs/diamonds/spades/hearts held as dealt
    has_qs_before       bool        holds Q♠ as dealt
    qs_guards_before    int8        spades below Q♠ (2♠–J♠) as dealt: the cards that guard it
    high_spades_before  int8        how many of K♠ and A♠ as dealt
    voids_before        int8        suits with no card as dealt
    …_after             …           the same features after the pass (= before when no pass)
    passed_1..3         category    cards passed, lowest first (NaN when no pass)
    received_1..3       category    cards received, lowest first
    passed_qs           bool        passed Q♠
    received_qs         bool        received Q♠
    pass_reason         category    message key the bot gave for its pass
    pass_tip            category    strategy tip behind the pass (NaN if none)
    points              int8        penalty points taken (hearts + 13 for Q♠)
    score               int8        points added to the total after a moon (0 for the shooter, 26 for others)
    tricks_won          int8        tricks taken
    hearts_taken        int8        hearts taken
    took_qs             bool        took Q♠
    shot_moon           bool        this seat took every penalty card
    total               int16       game total after this hand (only from :func:`play_games`)
    ==================  ==========  ==================================================

    ``tricks`` — one row per trick: ``deal``, ``trick`` (0–12), ``leader``,
    ``led_suit``, ``winner``, ``winning_card``, ``points``, ``hearts``
    (hearts in it), ``has_qs``, ``discards`` (cards not of the led suit).

    ``plays`` — one row per card: ``deal``, ``trick``, ``position`` (0 for
    the lead), ``seat``, ``bot``, ``card``, ``suit``, ``rank`` (2–14),
    ``role`` (led, followed, discarded), ``reason`` (the bot's message key;
    ``hearts.messages.text(key)`` words it), ``tip`` (the strategy tip that
    drove the play, NaN if none), ``won`` (this card took the trick).

    ``meta`` holds the options that made the data (seed, bots, rules…).
    """

    hands: pd.DataFrame
    tricks: pd.DataFrame
    plays: pd.DataFrame
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)

    _TABLES = ("hands", "tricks", "plays")

    def to_parquet(self, directory: str | Path) -> Path:
        """Write ``hands.parquet``, ``tricks.parquet``, ``plays.parquet`` and ``meta.json`` into ``directory``."""
        d = Path(directory)
        d.mkdir(parents=True, exist_ok=True)
        for name in self._TABLES:
            getattr(self, name).to_parquet(d / f"{name}.parquet", engine="pyarrow", index=False)
        (d / "meta.json").write_text(json.dumps(self.meta, indent=2, sort_keys=True), encoding="utf-8")
        return d

    @classmethod
    def from_parquet(cls, directory: str | Path) -> SelfPlayResult:
        """Read what :meth:`to_parquet` wrote; dtypes come back as they were."""
        d = Path(directory)
        missing = [f"{n}.parquet" for n in cls._TABLES if not (d / f"{n}.parquet").is_file()]
        if missing:
            raise SelfPlayError(f"{d} holds no self-play data: missing {', '.join(missing)}", "directory")
        frames = {n: _restore(pd.read_parquet(d / f"{n}.parquet", engine="pyarrow")) for n in cls._TABLES}
        meta_path = d / "meta.json"
        meta = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.is_file() else {}
        return cls(frames["hands"], frames["tricks"], frames["plays"], meta)

    @property
    def games(self) -> pd.DataFrame:
        """One row per game and seat (from :func:`play_games`): final total, hands, won (ties share).

        Empty for :func:`play_hands` data.
        """
        hands = self.hands
        if "game" not in hands.columns or hands.empty:
            return pd.DataFrame(columns=["game", "seat", "bot", "hands", "total", "won"])
        last = hands.groupby("game", observed=True)["hand_number"].transform("max") == hands["hand_number"]
        final = hands.loc[last, ["game", "seat", "bot", "hand_number", "total"]].rename(
            columns={"hand_number": "hands"}
        )
        best = final.groupby("game")["total"].transform("min")
        return final.assign(won=final["total"] == best).reset_index(drop=True)

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

    def memory_mb(self) -> float:
        """Memory held by the three tables, in MB (deep)."""
        return sum(int(getattr(self, n).memory_usage(deep=True).sum()) for n in self._TABLES) / 1e6

    def __repr__(self) -> str:
        return (
            f"<SelfPlayResult {self.hands['deal'].nunique() if len(self.hands) else 0} hands, "
            f"{len(self.tricks)} tricks, {len(self.plays)} plays>"
        )


def _restore(df: pd.DataFrame) -> pd.DataFrame:
    """Categories come back from Parquet in the string dtype pandas uses for new ones."""
    for col in df.columns:
        dtype = df[col].dtype
        if isinstance(dtype, pd.CategoricalDtype) and dtype.categories.dtype != _CAT_STR:
            cats = pd.Index(list(dtype.categories), dtype=_CAT_STR)
            df[col] = df[col].cat.rename_categories(cats)
    return df


# ----- the public entry points -----------------------------------------------


def _check_count(n: Any, option: str) -> int:
    if not isinstance(n, (int, np.integer)) or isinstance(n, bool) or n < 0:
        raise SelfPlayError(f"{option} must be a whole number 0 or more, not {n!r}", option)
    return int(n)


def _check_common(
    seed: Any, rules: Rules | None, detail: str, chunk_size: int | None, pass_direction: Any
) -> tuple[int, Rules, PassDirection | None]:
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0:
        raise SelfPlayError(f"seed must be a whole number 0 or more, not {seed!r}", "seed")
    rules = DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise SelfPlayError(f"rules must be a Rules object, not {type(rules).__name__}", "rules")
    if detail not in _DETAILS:
        raise SelfPlayError(f"detail must be one of {', '.join(_DETAILS)}, not {detail!r}", "detail")
    if chunk_size is not None and (not isinstance(chunk_size, int) or isinstance(chunk_size, bool) or chunk_size < 1):
        raise SelfPlayError(f"chunk_size must be a whole number 1 or more, not {chunk_size!r}", "chunk_size")
    if pass_direction is not None and not isinstance(pass_direction, PassDirection):
        try:
            pass_direction = PassDirection(pass_direction)
        except ValueError:
            raise SelfPlayError(
                f"pass_direction must be one of {', '.join(d.value for d in PassDirection)}, not {pass_direction!r}",
                "pass_direction",
            ) from None
    if pass_direction is PassDirection.ACROSS and rules.num_players % 2:
        raise SelfPlayError(f"there is no seat across with {rules.num_players} players", "pass_direction")
    return int(seed), rules, pass_direction


def chunk_ranges(n: int, workers: int, chunk_size: int | None, per_task: int = 200) -> list[tuple[int, int]]:
    """Cut ``range(n)`` into chunks: several per worker, at most ``per_task`` items each by default.

    >>> chunk_ranges(10, 2, 4)
    [(0, 4), (4, 8), (8, 10)]
    """
    if chunk_size is None:
        chunk_size = max(1, min(per_task, -(-n // (workers * 4))))
    return [(a, min(n, a + chunk_size)) for a in range(0, n, chunk_size)]


def _run(
    games: bool,
    bots: BotLike | Sequence[BotLike],
    n: int,
    *,
    seed: int,
    rules: Rules | None,
    pass_direction: Any,
    workers: int | None,
    client: Any,
    progress: bool,
    detail: str,
    chunk_size: int | None,
    mp_context: str | None,
) -> SelfPlayResult:
    option = "n_games" if games else "n_hands"
    n = _check_count(n, option)
    seed, rules, pass_direction = _check_common(seed, rules, detail, chunk_size, pass_direction)
    if games and pass_direction is not None:
        raise SelfPlayError(
            "pass_direction cannot be fixed in whole games (it follows the hand number)", "pass_direction"
        )
    try:
        nworkers = 1 if client is not None else check_workers(workers)
    except ParallelError as e:
        raise SelfPlayError(str(e), "workers") from None
    seat_bots = _seat_bots(bots, rules.num_players)
    nworkers = _local_workers(seat_bots, nworkers, client)
    labels = tuple(dict.fromkeys(_label(b) for b in seat_bots))
    ranges = chunk_ranges(n, nworkers if client is None else 8, chunk_size, 20 if games else 200)
    chunks = [_Chunk(games, seed, a, b, seat_bots, labels, rules, pass_direction, detail) for a, b in ranges]
    if not chunks:
        chunks = [_Chunk(games, seed, 0, 0, seat_bots, labels, rules, pass_direction, detail)]
    try:
        parts = run_tasks(
            _run_chunk,
            chunks,
            workers=nworkers,
            client=client,
            progress=progress,
            weights=[c.stop - c.start for c in chunks],
            desc="games" if games else "hands",
            unit="game" if games else "hand",
            mp_context=mp_context,
        )
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
        "seed": seed,
        "bots": [_label(b) for b in seat_bots],
        "rules": rules.to_dict(),
        "pass_direction": pass_direction.value if pass_direction else None,
        "detail": detail,
    }
    return SelfPlayResult(tables["hands"], tables["tricks"], tables["plays"], meta)


def _empty(name: str, rules: Rules, labels: Sequence[str]) -> pd.DataFrame:
    rec = _Recorder(rules.num_players, "plays", False)
    return _frames(rec, labels, rules)[name]


def play_hands(
    bots: BotLike | Sequence[BotLike],
    n_hands: int,
    *,
    seed: int = 0,
    rules: Rules | None = None,
    pass_direction: PassDirection | str | None = None,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    detail: Detail = "plays",
    chunk_size: int | None = None,
    mp_context: str | None = None,
) -> SelfPlayResult:
    """Play ``n_hands`` independent hands; bots sit in ``bots`` (one per seat, or one for all).

    - ``seed``: picks the deals and every bot's random choices.
    - ``rules``: the game's :class:`~hearts.rules.Rules` (default game if ``None``).
    - ``pass_direction``: fix it (``'left'``…); by default hand ``i`` passes
      as hand number ``i % 4 + 1`` of a game: left, right, across, none.
    - ``workers``: processes (``None``: every core, ``1``: this process);
      ``client``: a ``dask.distributed.Client`` to run on instead.
    - ``detail``: ``'plays'`` (all three tables), ``'tricks'`` or ``'hands'``
      (leave the larger tables empty: faster, smaller).
    - ``chunk_size``: hands per task (does not change the result).

    >>> r = play_hands("random", 2, seed=3, workers=1, progress=False, pass_direction="none")
    >>> r.hands["pass_direction"].unique().tolist()
    ['none']
    """
    return _run(
        False, bots, n_hands, seed=seed, rules=rules, pass_direction=pass_direction, workers=workers,
        client=client, progress=progress, detail=detail, chunk_size=chunk_size, mp_context=mp_context,
    )  # fmt: skip


def play_games(
    bots: BotLike | Sequence[BotLike],
    n_games: int,
    *,
    seed: int = 0,
    rules: Rules | None = None,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    detail: Detail = "plays",
    chunk_size: int | None = None,
    mp_context: str | None = None,
) -> SelfPlayResult:
    """Play ``n_games`` whole games to ``rules.target_score``; options as :func:`play_hands`.

    The hands table gains ``game`` and ``total`` columns, and
    :attr:`SelfPlayResult.games` gives one row per game and seat.

    >>> from hearts import Rules
    >>> r = play_games("random", 2, rules=Rules(target_score=30), workers=1, progress=False)
    >>> r.games.groupby("game")["won"].any().all()
    np.True_
    """
    return _run(
        True, bots, n_games, seed=seed, rules=rules, pass_direction=None, workers=workers,
        client=client, progress=progress, detail=detail, chunk_size=chunk_size, mp_context=mp_context,
    )  # fmt: skip
