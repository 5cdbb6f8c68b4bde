"""The bot interface: choose 3 cards to pass and a card to play from an observation.

A bot sees only its seat's :class:`~hearts.observation.Observation`. It
returns a :class:`Decision`: the cards chosen and, when it can say, the
strategy tip behind the choice, which explains itself in English or Spanish.

Write a bot by subclassing :class:`Bot` (override :meth:`Bot.decide_play`
and optionally :meth:`Bot.decide_pass`) or from plain functions with
:func:`bot_from_functions`:

>>> from hearts import Deal, HandState
>>> lowest = bot_from_functions("Lowest", play=lambda obs, rng: obs.legal_moves.lowest())
>>> h = HandState(Deal.from_number(2), pass_direction=PassDirection.NONE)
>>> str(lowest.choose_play(h.observation(h.to_play)))
'2♣'
"""

from __future__ import annotations

import abc
import contextlib
import contextvars
import dataclasses
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from hearts.cards import Card, CardSet, card
from hearts.errors import HeartsError
from hearts.messages import text
from hearts.observation import Observation
from hearts.rules import PassDirection, moon_choice, pass_refusal

__all__ = [
    "Bot",
    "Decision",
    "answers_forced_plays",
    "bot_from_functions",
    "BotError",
    "PassDirection",
    "report_progress",
    "reporting",
]

_PROGRESS: contextvars.ContextVar[Callable[[float], None] | None] = contextvars.ContextVar("progress", default=None)


@contextlib.contextmanager
def reporting(callback: Callable[[float], None]) -> Iterator[None]:
    """Within the block (in this thread), a bot that thinks for long calls ``callback(fraction)`` as it goes:
    the share of its decision done, 0 to 1. A view shows it while the player waits.

    >>> from hearts import Deal, HandState
    >>> from hearts.bots.expert import ExpertBot
    >>> h = HandState(Deal.from_number(2), pass_direction=PassDirection.NONE)
    >>> seen = []
    >>> with reporting(seen.append):
    ...     _ = ExpertBot(seed=1, worlds=8).choose_play(h.observation(h.to_play))
    >>> seen == [] or seen[-1] == 1.0  # a single legal card (2♣) needs no thinking
    True
    """
    token = _PROGRESS.set(callback)
    try:
        yield
    finally:
        _PROGRESS.reset(token)


def report_progress(fraction: float) -> None:
    """Tell whoever is :func:`reporting` how much of the decision is done (0 to 1); nothing when nobody is."""
    callback = _PROGRESS.get()
    if callback is not None:
        callback(min(max(fraction, 0.0), 1.0))


class BotError(HeartsError):
    """A bot returned something the rules do not allow (names the bot and the move)."""


@dataclasses.dataclass(frozen=True)
class Decision:
    """What a bot chose, and why.

    ``reason`` is a message key in the catalogue (``hearts/locale``) and
    ``values`` fill its placeholders; ``tip`` names the strategy tip that
    drove the choice, if any.

    A pass can have one reason per card: ``parts`` then holds a one-card
    decision for each passed card (in the order of ``cards``), each made by
    the rule that chose that card, and :meth:`explain` says them all, cards
    with the same reason together; the pass's own ``reason`` stays its
    summary (the key self-play records).

    >>> from hearts.cards import Card
    >>> qs, ad, kd = Card.parse("QS"), Card.parse("AD"), Card.parse("KD")
    >>> def why(c, key):
    ...     return Decision((c,), f"bot.reason.pass_card.{key}", (("card", str(c)),))
    >>> d = Decision((kd, ad, qs), parts=(why(kd, "high"), why(ad, "high"), why(qs, "last")))
    >>> [(" ".join(map(str, cards)), words[:25]) for cards, words in d.reasons("en")]
    [('K♦ A♦', 'K♦, A♦: none of the clubs'), ('Q♠', 'Q♠: the lowest card you h')]
    >>> why(kd, "last").reasons("es")
    [((Card.parse('K♦'),), 'K♦: la carta más baja que te queda por dar.')]
    """

    cards: tuple[Card, ...]
    reason: str = "bot.reason.default"
    values: tuple[tuple[str, Any], ...] = ()
    tip: str | None = None
    parts: tuple[Decision, ...] = ()

    def __post_init__(self) -> None:
        if self.parts and tuple(c for p in self.parts for c in p.cards) != tuple(self.cards):
            raise BotError(
                f"a decision's parts must give each of its cards once, in order: {[str(c) for c in self.cards]}"
            )

    @property
    def card(self) -> Card:
        """The single card of a play decision."""
        return self.cards[0]

    def explain(self, lang: str = "en") -> str:
        """The reason in words (a pass with :attr:`parts`: each card's reason, one after the other)."""
        if self.parts:
            return " ".join(words for _, words in self.reasons(lang))
        return text(self.reason, lang, **dict(self.values))

    def reasons(self, lang: str = "en") -> list[tuple[tuple[Card, ...], str]]:
        """Each reason with the cards it is for, from :attr:`parts` (cards with the same reason together,
        in the order of :attr:`cards`); a decision without parts has one reason for all its cards."""
        if not self.parts:
            return [(self.cards, text(self.reason, lang, **dict(self.values)))]
        groups: dict[tuple[str, tuple[tuple[str, Any], ...]], list[Card]] = {}
        for p in self.parts:
            groups.setdefault((p.reason, tuple(kv for kv in p.values if kv[0] != "card")), []).extend(p.cards)
        return [
            (tuple(cards), text(key, lang, **dict(values), card=", ".join(map(str, cards))))
            for (key, values), cards in groups.items()
        ]


class Bot(abc.ABC):
    """Base class of every bot. Deterministic given ``seed``.

    Subclasses implement :meth:`decide_play` and may override
    :meth:`decide_pass` (default: pass the three highest cards) and
    :meth:`choose_moon`.
    """

    #: Short display name, e.g. ``"Rule bot"``.
    name: str = "Bot"

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed
        self._rng: random.Random | None = None

    def reseed(self, seed: int | None) -> None:
        """Restart the bot's random source (self-play does this per deal and seat)."""
        self.seed = seed
        self._rng = None

    @property
    def rng(self) -> random.Random:
        """The bot's random source, made from :attr:`seed` on first use.

        Bots that never draw (the rule bot) never pay for seeding it, which
        self-play does for every seat of every hand.
        """
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    # ----- what subclasses write ---------------------------------------------

    @abc.abstractmethod
    def decide_play(self, obs: Observation) -> Decision:
        """Choose one of ``obs.legal_moves``."""

    def decide_pass(self, obs: Observation) -> Decision:
        """Choose ``obs.rules.pass_size`` cards of ``obs.hand`` to pass."""
        ranked = sorted(obs.hand, key=lambda c: (c.rank, c.suit), reverse=True)
        return Decision(tuple(ranked[: obs.rules.pass_size]), "bot.reason.pass_high")

    def forced_play(self, card: Card) -> Decision | None:
        """The decision when ``card`` is the only legal one, made without an observation; ``None`` to be asked.

        Self-play builds an observation only for a bot that needs one: a bot
        that overrides this to answer a forced play is not asked
        :meth:`decide_play` then. The default returns ``None``, so every
        play goes through :meth:`decide_play` (a bot that draws random
        numbers or remembers what it saw keeps doing so).
        """
        return None

    def choose_moon(self, obs: Observation) -> str:
        """``'add'`` (26 to each other player) or ``'subtract'`` (26 off your own total).

        The default is :func:`hearts.rules.moon_choice`: add, unless adding
        would end the game with this seat behind (by the game totals, when
        the observation has them).
        """
        return moon_choice(obs.totals, obs.seat, obs.rules)

    # ----- what callers use --------------------------------------------------

    def choose_play(self, obs: Observation) -> Card:
        """The card to play (checked against the rules)."""
        d = self.decide_play(obs)
        if len(d.cards) != 1 or not obs.legal_mask() >> d.cards[0] & 1:
            raise BotError(f"{self.name} chose {[str(c) for c in d.cards]}, not one legal card")
        return d.cards[0]

    def choose_pass(self, obs: Observation) -> CardSet:
        """The cards to pass (checked: right count, distinct, in hand)."""
        d = self.decide_pass(obs)
        if pass_refusal(obs.hand_mask, [card(c) for c in d.cards], obs.rules) is not None:
            raise BotError(
                f"{self.name} chose to pass {[str(c) for c in d.cards]}, not {obs.rules.pass_size} cards of its hand"
            )
        return CardSet(d.cards)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


def answers_forced_plays(bot: Bot | type[Bot]) -> bool:
    """True when ``bot``'s :meth:`Bot.forced_play` speaks for its :meth:`Bot.decide_play` (a bot or its class).

    That is when the class that defines ``forced_play`` is the one that
    defines ``decide_play`` or a subclass of it: a subclass that changes
    ``decide_play`` alone must be asked even for forced plays.

    >>> from hearts.bots import RandomBot, RuleBot
    >>> answers_forced_plays(RuleBot()), answers_forced_plays(RandomBot())
    (True, False)
    >>> class Mine(RuleBot):
    ...     def decide_play(self, obs):
    ...         return super().decide_play(obs)
    >>> answers_forced_plays(Mine())
    False
    """
    mro = (bot if isinstance(bot, type) else type(bot)).__mro__
    forced = next(k for k in mro if "forced_play" in k.__dict__)
    play = next(k for k in mro if "decide_play" in k.__dict__)
    return forced is not Bot and issubclass(forced, play)


def bot_from_functions(
    name: str,
    play: Callable[[Observation, random.Random], Card | int],
    pass_: Callable[[Observation, random.Random], Iterable[Card | int]] | None = None,
) -> Bot:
    """A bot from one or two plain functions ``f(observation, rng)``.

    ``play`` returns a card of ``obs.legal_moves``; ``pass_`` returns 3 cards.
    """

    class FunctionBot(Bot):
        def decide_play(self, obs: Observation) -> Decision:
            return Decision((Card(int(play(obs, self.rng))),), "bot.reason.custom")

        def decide_pass(self, obs: Observation) -> Decision:
            if pass_ is None:
                return super().decide_pass(obs)
            return Decision(tuple(Card(int(c)) for c in pass_(obs, self.rng)), "bot.reason.custom")

    FunctionBot.name = name
    FunctionBot.__name__ = FunctionBot.__qualname__ = "".join(ch for ch in name.title() if ch.isalnum()) or "Bot"
    return FunctionBot()
