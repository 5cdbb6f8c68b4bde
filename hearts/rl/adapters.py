"""Bots and policies, both ways.

A **policy** is any function ``policy(observation, mask) -> action``: the
vector of :func:`~hearts.rl.encoding.encode`, the action mask of
:func:`~hearts.rl.encoding.action_mask`, and an action number (a card 0–51,
or a moon choice). It is what reinforcement-learning code trains.

- :class:`BotPolicy` makes any project bot a policy. It reads the seat's
  observation back from the vector (:func:`~hearts.rl.encoding.decode`),
  asks the bot, and answers one card at a time while passing.
- :class:`PolicyBot` makes any policy a project :class:`~hearts.bots.base.Bot`,
  so a trained agent plays in :func:`~hearts.experiment.compare`, self-play,
  tournaments and at the table. Its choices are checked like any bot's.

>>> from hearts import Deal, HandState
>>> from hearts.rl.encoding import action_mask, encode
>>> h = HandState(Deal.from_number(8))
>>> rule = BotPolicy("rule")
>>> obs = h.observation(0)
>>> rule(encode(obs), action_mask(obs)) in [int(c) for c in rule.bot.choose_pass(obs)]
True
>>> first_cards = PolicyBot(lambda x, mask: int(mask.nonzero()[0][0]), name="Lowest")
>>> str(first_cards.choose_pass(obs)) == " ".join(str(c) for c in list(obs.hand)[:3])
True
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from hearts.bots.base import Bot, BotError, Decision
from hearts.bots.registry import BotLike, Seating, as_bot
from hearts.cards import ALL_CARDS_MASK, CARDS, lowest, ms_add, ms_count, ms_sub
from hearts.hand import Phase
from hearts.observation import Observation
from hearts.rl.encoding import MOON_ADD, MOON_SUBTRACT, NUM_ACTIONS, action_mask, decode, encode

__all__ = ["BotPolicy", "Policy", "PolicyBot", "fresh_bot"]


class Policy(Protocol):
    """What a policy is: the encoded observation and the action mask in, an action number out."""

    def __call__(self, observation: np.ndarray, mask: np.ndarray, /) -> int: ...


def fresh_bot(bot: BotLike, seed: int | None = 0) -> Bot:
    """A new bot, seeded, from a level name (``'rule'``, ...), ``'module:Class'``, a class, a spec or a bot.

    A bot instance is copied, so the caller's bot keeps its own state.

    >>> fresh_bot("rule", seed=3).name, fresh_bot("rule", seed=3).seed
    ('Rule bot', 3)
    """
    made = Seating([as_bot(bot)]).bots[0]
    made.reseed(seed)
    return made


class BotPolicy:
    """A project bot as a policy: ``BotPolicy("rule")(observation, mask) -> action``.

    ``bot`` is a bot (copied), a bot name or class. The bot sees exactly
    what the vector says, as an :class:`~hearts.observation.Observation`.
    While passing it chooses its three cards once and gives them one per call,
    lowest first. :meth:`act` is the same without the vector, for callers
    that have the observation itself.
    """

    def __init__(self, bot: BotLike = "rule", *, seed: int | None = 0) -> None:
        self.bot = fresh_bot(bot, seed)
        self._pass: tuple[int, int, int] | None = None  # (seat, hand, chosen cards)

    @property
    def name(self) -> str:
        """The bot's name."""
        return str(self.bot.name)

    def reseed(self, seed: int | None) -> None:
        """Restart the bot's random source."""
        self.bot.reseed(seed)
        self._pass = None

    def __call__(self, observation: np.ndarray, mask: np.ndarray | None = None, /) -> int:
        obs, chosen = decode(observation)
        return self.act(obs, chosen)

    def act(self, obs: Observation, chosen: int = 0) -> int:
        """The bot's action for ``obs`` (``chosen``: the cards it has already given while passing)."""
        if obs.phase is Phase.PASSING:
            key = (obs.seat, obs.hand_mask)
            if self._pass is None or self._pass[:2] != key or ms_sub(chosen, self._pass[2]) or not chosen:
                self._pass = (*key, self.bot.choose_pass(obs).mask)
            return lowest(ms_sub(self._pass[2], chosen) & ALL_CARDS_MASK)  # two packs: copies counted
        if obs.phase is Phase.MOON_CHOICE:
            return MOON_ADD if self.bot.choose_moon(obs) == "add" else MOON_SUBTRACT
        return int(self.bot.choose_play(obs))

    def __repr__(self) -> str:
        return f"BotPolicy({self.bot!r})"


class PolicyBot(Bot):
    """A policy as a project bot: it encodes its observation, asks ``policy``, and checks the answer.

    ``name`` is how experiments and the table label it. When the policy has
    a ``reseed(seed)`` method, :meth:`reseed` passes the seed on, so a
    stochastic policy is reproducible wherever the project seeds bots.
    """

    name = "Policy"

    def __init__(self, policy: Policy, *, name: str | None = None, seed: int | None = 0) -> None:
        if not callable(policy):
            raise BotError(f"a policy is a function (observation, mask) -> action, not {policy!r}")
        self.policy = policy
        if name is not None:
            self.name = str(name)
        super().__init__(seed)
        self.reseed(seed)

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        reseed = getattr(self.policy, "reseed", None)
        if callable(reseed):
            reseed(seed)

    def _ask(self, obs: Observation, chosen: int = 0) -> int:
        mask = action_mask(obs, chosen)
        action = self.policy(encode(obs, chosen), mask)
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
            action = action.reshape(())[()]
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise BotError(f"{self.name}: a policy returns an action number 0-{NUM_ACTIONS - 1}, not {action!r}")
        a = int(action)
        if not 0 <= a < NUM_ACTIONS or not mask[a]:
            allowed = [int(i) for i in np.flatnonzero(mask)]
            raise BotError(f"{self.name} chose action {a}, which the mask does not allow (allowed: {allowed})")
        return a

    def decide_play(self, obs: Observation) -> Decision:
        """The policy's card."""
        return Decision((CARDS[self._ask(obs)],), "bot.reason.policy")

    def decide_pass(self, obs: Observation) -> Decision:
        """The policy's three cards, asked one at a time."""
        chosen = 0
        for _ in range(obs.rules.pass_size):
            chosen = ms_add(chosen, 1 << self._ask(obs, chosen))  # two packs: a card may be chosen twice
        cards = tuple(CARDS[c] for c in range(52) for _ in range(ms_count(chosen, c)))
        return Decision(cards, "bot.reason.policy_pass")

    def choose_moon(self, obs: Observation) -> str:
        """The policy's moon choice (``'add'`` or ``'subtract'``)."""
        return "add" if self._ask(obs) == MOON_ADD else "subtract"

    def __repr__(self) -> str:
        return f"PolicyBot({self.policy!r}, name={self.name!r})"
