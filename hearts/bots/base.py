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
import dataclasses
import random
from collections.abc import Callable, Iterable
from typing import Any

from hearts.cards import Card, CardSet, card
from hearts.errors import HeartsError
from hearts.messages import text
from hearts.observation import Observation
from hearts.rules import PassDirection, moon_choice, pass_refusal

__all__ = ["Bot", "Decision", "bot_from_functions", "BotError", "PassDirection"]


class BotError(HeartsError):
    """A bot returned something the rules do not allow (names the bot and the move)."""


@dataclasses.dataclass(frozen=True)
class Decision:
    """What a bot chose, and why.

    ``reason`` is a message key in the catalogue (``hearts/locale``) and
    ``values`` fill its placeholders; ``tip`` names the strategy tip that
    drove the choice, if any.
    """

    cards: tuple[Card, ...]
    reason: str = "bot.reason.default"
    values: tuple[tuple[str, Any], ...] = ()
    tip: str | None = None

    @property
    def card(self) -> Card:
        """The single card of a play decision."""
        return self.cards[0]

    def explain(self, lang: str = "en") -> str:
        """The reason in words."""
        return text(self.reason, lang, **dict(self.values))


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
