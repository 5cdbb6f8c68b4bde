"""Every bot by name: the playing levels, and the recipes that carry bots to other processes.

One table, :data:`LEVELS`, names the built-in bots from weakest to
strongest. The table widget offers them, :func:`make_bot` builds one for a
seat, and :func:`bot_spec` turns a name (or a class) into a :class:`BotSpec`
for self-play, the experiments and the command line.

>>> list(LEVELS)
['random', 'rule', 'expert', 'master']
>>> make_bot("rule", seed=2).name
'Rule bot'
>>> bot_spec("master").label, dict(bot_spec("master").kwargs)["worlds"]
('Master', 1200)

Beside the levels, :data:`STYLES` names bots that play a style rather than
a strength: ``"moon"``, the moon hunter, a rule bot that tries the moon
whenever its hand suits it (the field of the ``stop_moon`` experiment):

>>> bot_spec("moon").label, make_bot("moon").tips.moon_min_strength
('Moon hunter', 12)

A :class:`BotSpec` is plain data (an importable class and its keyword
arguments), so it travels to worker processes and Dask workers; each worker
builds its own bots. :class:`Seating` gives a table fresh bots for every
hand, so a bot that remembers what it saw never carries it into another
hand or another seat's rotation.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
from collections.abc import Sequence
from typing import Any

from hearts.bots.base import Bot
from hearts.bots.expert import DEFAULT_PASS_WORLDS, DEFAULT_WORLDS, ExpertBot
from hearts.bots.random_bot import RandomBot
from hearts.bots.rule_bot import RuleBot
from hearts.bots.tips import Tips
from hearts.errors import OptionError, SelfPlayError
from hearts.messages import seat_name, text
from hearts.parallel import broken_pool_message as _broken_pool_message
from hearts.parallel import local_workers

__all__ = [
    "BOT_ALIASES",
    "LEVELS",
    "MASTER_WORLDS",
    "STYLES",
    "BotLike",
    "BotSpec",
    "Level",
    "Seating",
    "as_bot",
    "bot_label",
    "bot_spec",
    "broken_pool_message",
    "check_labels",
    "level_description",
    "local_workers_for",
    "make_bot",
    "same_bot",
    "seat_bots",
]


# ----- levels ----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Level:
    """One playing level: its name, the bot class and the arguments it is built with, its search budget."""

    name: str
    bot: type[Bot]
    kwargs: tuple[tuple[str, Any], ...] = ()
    worlds: int | None = None

    def make(self, seed: int = 0) -> Bot:
        """A fresh bot of this level."""
        return self.bot(seed=seed, **dict(self.kwargs))

    def title(self, lang: str = "en") -> str:
        """The level's name for people."""
        return text(f"level.{self.name}.name", lang)

    def description(self, lang: str = "en") -> str:
        """What the level does, in a sentence or two."""
        return text(f"level.{self.name}.about", lang, worlds=self.worlds)


MASTER_WORLDS = 4 * DEFAULT_WORLDS
"""Deals sampled per play decision at the master level."""

LEVELS: dict[str, Level] = {
    "random": Level("random", RandomBot),
    "rule": Level("rule", RuleBot),
    "expert": Level("expert", ExpertBot, worlds=DEFAULT_WORLDS),
    "master": Level(
        "master",
        ExpertBot,
        (("pass_pool", 7), ("pass_worlds", 4 * DEFAULT_PASS_WORLDS), ("worlds", MASTER_WORLDS)),
        MASTER_WORLDS,
    ),
}
"""Levels from weakest to strongest; their names are the bot names self-play and the command line accept.

- ``random``: :class:`~hearts.bots.random_bot.RandomBot`, any legal card.
- ``rule``: :class:`~hearts.bots.rule_bot.RuleBot`, the strategy tips as fixed rules.
- ``expert``: :class:`~hearts.bots.expert.ExpertBot` with the default budget (``DEFAULT_WORLDS`` deals per card).
- ``master``: the expert with four times the deals and a wider choice of passes.
"""

STYLES: dict[str, Level] = {
    "moon": Level("moon", RuleBot, (("tips", Tips.moon_hunter()),)),
}
"""Bots named for how they play, not how strong they are (not on the ladder of :data:`LEVELS`).

- ``moon``: the moon hunter, a :class:`~hearts.bots.rule_bot.RuleBot` with
  :meth:`Tips.moon_hunter() <hearts.bots.tips.Tips.moon_hunter>`: every tip
  on, and it tries the moon from moon strength 12 instead of 20. A real
  strategy, not a script: it decides from its own hand before passing and
  plays the ``shoot_moon`` tip's moon play. It plays in self-play's native
  kernel like every rule bot (the bar is one of the tips the kernel reads),
  at the same speed. Measured on 1000 deals of seed 1 against rule bots, it
  took 0.14 fewer points per hand than the rule bot (interval 0.07 to 0.22);
  among four of them a moon is shot in about 13% of hands (4% among rule
  bots).
"""

BOT_ALIASES: dict[str, str] = {
    name: f"{lvl.bot.__module__}:{lvl.bot.__qualname__}" for name, lvl in (LEVELS | STYLES).items()
}
"""The class each bot name builds (``'module:Class'``); a level or style may add arguments of its own (see
:data:`LEVELS`, :data:`STYLES`)."""


def _level(level: object) -> Level:
    try:
        return (LEVELS | STYLES)[level]  # type: ignore[index]
    except (KeyError, TypeError):
        raise OptionError(
            f"unknown level {level!r}; choose one of {', '.join(LEVELS)} (or a style: {', '.join(STYLES)})", "level"
        ) from None


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of the named level or style (see :data:`LEVELS`, :data:`STYLES`), seeded.

    >>> make_bot("expert", seed=3)
    ExpertBot(seed=3, worlds=..., pass_worlds=...)
    >>> make_bot("grandmaster")
    Traceback (most recent call last):
    ...
    hearts.errors.OptionError: unknown level 'grandmaster'; choose one of random, rule, expert, master (or a style: ...)
    """
    return _level(level).make(seed)


def level_description(level: str, lang: str = "en") -> str:
    """The level's description for people, in English or Spanish.

    >>> level_description("random", "es")[:20]
    'Juega cualquier cart'
    """
    return _level(level).description(lang)


# ----- recipes ---------------------------------------------------------------


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
        if module.startswith(".") or not all(p.isidentifier() for p in module.split(".")):
            raise SelfPlayError(
                f"cannot import bot {self.target!r}: {module!r} is not a module name "
                "(write the whole dotted path, e.g. mypackage.bots:MyBot; relative names such as .bots cannot be used)",
                "bots",
            )
        try:
            obj: Any = importlib.import_module(module)
            for part in name.split("."):
                obj = getattr(obj, part)
        except (ImportError, AttributeError) as e:
            raise SelfPlayError(f"cannot import bot {self.target!r}: {e}", "bots") from e
        except Exception as e:  # the module itself failed while it was imported
            raise SelfPlayError(f"cannot import bot {self.target!r}: importing {module} failed: {e!r}", "bots") from e
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
        cls = self.resolve()
        return self.label or _default_label(str(getattr(cls, "name", cls.__name__)), dict(self.kwargs))

    @property
    def module(self) -> str:
        """The module that defines the bot's class."""
        target = self.target
        return target.partition(":")[0] if isinstance(target, str) else str(target.__module__)


def _default_label(base: str, kwargs: dict[str, Any]) -> str:
    if not kwargs:
        return base
    return base + " (" + ", ".join(f"{k}={v!r}" for k, v in kwargs.items()) + ")"


def bot_spec(kind: str | type, *, label: str = "", **kwargs: Any) -> BotSpec:
    """A :class:`BotSpec` from a level or style name (:data:`LEVELS`, :data:`STYLES`), ``'module:Class'`` or a class.

    >>> bot_spec("random", label="Baseline").label
    'Baseline'
    >>> bot_spec("chess")
    Traceback (most recent call last):
    ...
    hearts.errors.SelfPlayError: unknown bot 'chess': use random, rule, expert, master, moon, 'module:Class' or ...
    """
    target: str | type
    base: dict[str, Any] = {}
    title = ""
    if isinstance(kind, str):
        key = kind.strip().lower()
        level = LEVELS.get(key) or STYLES.get(key)
        if level is not None:
            target = BOT_ALIASES[level.name]
            base = dict(level.kwargs)
            title = level.title("en") if base else ""
        else:
            target = kind.strip()
            if ":" not in target:
                raise SelfPlayError(
                    f"unknown bot {kind!r}: use {', '.join(LEVELS | STYLES)}, 'module:Class' or a Bot class", "bots"
                )
    elif isinstance(kind, type) and issubclass(kind, Bot):
        target = kind
        if "<locals>" not in kind.__qualname__:
            target = f"{kind.__module__}:{kind.__qualname__}"
    else:
        raise SelfPlayError(f"a bot must be a name, a Bot class, a BotSpec or a Bot, not {kind!r}", "bots")
    spec = BotSpec(target, tuple(sorted((base | kwargs).items())), label)
    if not label:
        spec = dataclasses.replace(spec, label=_default_label(title, kwargs) if title else spec.name)
    return spec


BotLike = str | type | BotSpec | Bot
"""What self-play and the experiments accept as a bot: a name, a class, a recipe or an instance."""


def as_bot(bot: BotLike) -> BotSpec | Bot:
    """A labelled :class:`BotSpec` for a name, class or recipe; an instance as it is.

    >>> as_bot("rule").label
    'Rule bot'
    """
    if isinstance(bot, BotSpec):
        if not bot.label:
            return dataclasses.replace(bot, label=bot.name)
        return bot
    if isinstance(bot, Bot):
        return bot
    return bot_spec(bot)


def bot_label(bot: BotSpec | Bot) -> str:
    """What the data call this bot: a recipe's label or an instance's name."""
    return bot.label if isinstance(bot, BotSpec) else str(bot.name)


_RESEEDED = ("seed", "_rng")  # what every hand sets afresh, so two bots may differ in them and still be one bot


def _settings(bot: Bot) -> tuple[type, Any]:
    """A bot's class and its attributes (``__slots__`` too), less its seed and random source."""
    state = bot.__getstate__()
    if isinstance(state, tuple) and len(state) == 2 and all(isinstance(p, dict | None) for p in state):
        state = {**(state[0] or {}), **(state[1] or {})}
    if isinstance(state, dict):
        state = {k: v for k, v in state.items() if k not in _RESEEDED}
    return type(bot), state


def same_bot(x: BotSpec | Bot, y: BotSpec | Bot) -> bool:
    """Whether two seats hold the same bot: one recipe, one instance, or bots of one class set up alike.

    The seed and the random source do not count (self-play and the
    experiments reseed every bot for every hand); anything else the bot
    holds does (a :class:`RuleBot`'s tips, an expert's budget, a policy).

    >>> from hearts.bots import Tips
    >>> same_bot(as_bot("rule"), RuleBot(seed=5)), same_bot(RuleBot(), RuleBot(tips=Tips().without("flush_queen")))
    (True, False)
    """
    if x is y or (isinstance(x, BotSpec) and isinstance(y, BotSpec) and x == y):
        return True
    a = x.build() if isinstance(x, BotSpec) else x
    b = y.build() if isinstance(y, BotSpec) else y
    try:
        return bool(_settings(a) == _settings(b))
    except Exception:  # settings that cannot be compared (arrays…): not known to be the same
        return False


def check_labels(
    bots: Sequence[BotSpec | Bot],
    names: Sequence[str],
    option: str,
    error: type[OptionError] = SelfPlayError,
    why: str = "their data would be merged",
) -> None:
    """Refuse two different bots under one label: the data would pool them as one bot.

    ``names`` say where each bot sits (seats, or ``'a'`` and ``'b'``), ``why`` what one label would do,
    for the message.

    >>> from hearts.bots import Tips
    >>> check_labels([as_bot("rule"), RuleBot(tips=Tips().without("flush_queen"))], ["a", "b"], "a/b")
    Traceback (most recent call last):
    ...
    hearts.errors.SelfPlayError: a and b are different bots with the same label 'Rule bot', so their data ...
    """
    first: dict[str, int] = {}
    for i, bot in enumerate(bots):
        label = bot_label(bot)
        j = first.setdefault(label, i)
        if j != i and not same_bot(bots[j], bot):
            raise error(
                f"{names[j]} and {names[i]} are different bots with the same label {label!r}, so {why}; "
                "give each a label of its own: bot_spec(kind, label='...', **settings) for a recipe "
                "(e.g. bot_spec('rule', tips=Tips().without('flush_queen'), label='Rule bot, no flush')), "
                "or set an instance's .name",
                option,
            )


def seat_bots(bots: BotLike | Sequence[BotLike], n: int) -> tuple[BotSpec | Bot, ...]:
    """One bot per seat (one given for all, or a list of ``n``), each checked to be buildable.

    Seats that share a label must hold the same bot (see :func:`same_bot`):
    the data know a bot only by its label.

    >>> [bot_label(b) for b in seat_bots(["rule", "random", "rule"], 3)]
    ['Rule bot', 'Random', 'Rule bot']
    >>> from hearts.bots import Tips
    >>> seat_bots(["rule", RuleBot(tips=Tips().without("flush_queen")), "random", "random"], 4)
    Traceback (most recent call last):
    ...
    hearts.errors.SelfPlayError: South and West are different bots with the same label 'Rule bot', ...
    """
    if isinstance(bots, (str, type, BotSpec, Bot)):
        bots = [bots] * n
    if not isinstance(bots, Sequence):
        raise SelfPlayError(f"bots must be one bot or a list of {n}, not {type(bots).__name__}", "bots")
    if len(bots) != n:
        raise SelfPlayError(f"bots must name one bot per seat ({n}), got {len(bots)}", "bots")
    out = tuple(as_bot(b) for b in bots)
    for b in out:
        if isinstance(b, BotSpec):
            b.resolve()
    check_labels(out, [seat_name(s, "en", n) for s in range(n)], "bots")
    return out


# ----- sending bots to worker processes --------------------------------------


def _module_of(bot: BotSpec | Bot) -> str:
    return bot.module if isinstance(bot, BotSpec) else str(type(bot).__module__)


def local_workers_for(
    bots: Sequence[BotSpec | Bot], workers: int, client: Any, mp_context: str | None = None, *, stacklevel: int = 1
) -> int:
    """``workers``, or 1 with a warning when a bot cannot travel to worker processes.

    See :func:`hearts.parallel.local_workers`; a recipe's class counts as
    one the worker must import. The warning points at the caller
    (``stacklevel=1``) or further up the stack.
    """
    items = [(bot_label(b), b, [b.resolve()] if isinstance(b, BotSpec) else []) for b in bots]
    return local_workers(items, workers, client, mp_context, kind="bot", stacklevel=stacklevel + 1)


def broken_pool_message(bots: Sequence[BotSpec | Bot], mp_context: str | None, error: Exception) -> str:
    """Why a pool whose worker died broke, naming the bots that may have caused it (not the built-in ones)."""
    own = [b for b in bots if not _module_of(b).startswith("hearts.")] or list(bots)
    return _broken_pool_message([bot_label(b) for b in own], mp_context, error)


# ----- fresh bots ------------------------------------------------------------

_STATELESS = (RandomBot, RuleBot)  # their only state between decisions is their random source (reset by reseed)


def _build(template: BotSpec | Bot) -> Bot:
    return template.build() if isinstance(template, BotSpec) else copy.deepcopy(template)


class Seating:
    """The bots of one table, fresh from their templates whenever :meth:`fresh` is called.

    A bot that keeps state would otherwise carry it from one hand into the
    next (so results would depend on how the hands are cut into chunks) or,
    in an experiment, from one seat rotation of a deal into the next (where
    it would know another seat's cards). Exact instances of the stateless
    built-in bots are built once and only reseeded; any other bot is built
    again from its :class:`BotSpec` or deep-copied from its instance.

    >>> table = Seating([bot_spec("random")] * 4)
    >>> [b.name for b in table.fresh([1, 2, 3, 4])]
    ['Random', 'Random', 'Random', 'Random']
    """

    __slots__ = ("bots", "renew", "templates")

    def __init__(self, templates: Sequence[BotSpec | Bot]) -> None:
        self.templates = tuple(templates)
        self.bots = [_build(t) for t in self.templates]
        self.renew = [type(b) not in _STATELESS for b in self.bots]

    def fresh(self, seeds: Sequence[int]) -> list[Bot]:
        """New bots (or the reused stateless ones), seeded with ``seeds`` (one per seat)."""
        bots = self.bots
        for i, t in enumerate(self.templates):
            if self.renew[i]:
                bots[i] = _build(t)
            bots[i].reseed(seeds[i])
        return bots

    def reseed(self, seeds: Sequence[int]) -> list[Bot]:
        """The same bots, reseeded (the next hand of a game)."""
        for b, sd in zip(self.bots, seeds):
            b.reseed(sd)
        return self.bots
