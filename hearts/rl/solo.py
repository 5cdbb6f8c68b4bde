"""One seat as a Gymnasium environment; the project's bots play the other seats.

:class:`HeartsSoloEnv` runs :class:`~hearts.rl.aec.HeartsEnv` and lets bots
(``'random'``, ``'rule'``, ``'expert'``, any :class:`~hearts.bots.base.Bot`,
class or spec) act for every seat but the agent's. Observations, actions,
masks, rewards and seeding are those of the AEC environment, for the
agent's seat: a step takes the agent's action, plays the bots until the
agent must act again or the episode ends, and returns the agent's reward
(minus its hand score when a hand ends, 0 otherwise). The mask is in the
observation (``obs["action_mask"]``) and from :meth:`HeartsSoloEnv.action_masks`
(the method masked-action learners such as sb3-contrib's ``MaskablePPO``
look for).

The bots are made fresh for every episode and seeded from the deal number,
so ``reset(seed=N)`` gives the same episode every time.

>>> env = HeartsSoloEnv(opponents="rule")
>>> obs, info = env.reset(seed=3)
>>> info["deal_number"], obs["observation"].shape
(3, (534,))
>>> done = False
>>> while not done:
...     action = int(obs["action_mask"].nonzero()[0][-1])
...     obs, reward, done, truncated, info = env.step(action)
>>> reward == -env.hand.result().scores[0]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from hearts.bots.registry import BotLike
from hearts.deal import StableRandom
from hearts.hand import HandState
from hearts.rl.adapters import BotPolicy
from hearts.rl.aec import EnvError, HeartsEnv, check_options, check_seed
from hearts.rules import Rules

__all__ = ["ENV_ID", "HeartsSoloEnv"]

ENV_ID = "hearts/Solo-v0"
"""Its Gymnasium id: ``gymnasium.make("hearts/Solo-v0", opponents="rule")`` once :mod:`hearts.rl.solo` is
imported, or ``gymnasium.make("hearts.rl.solo:hearts/Solo-v0")`` from anywhere (Gymnasium imports the module)."""


class HeartsSoloEnv(gym.Env[dict[str, np.ndarray], int]):
    """Hearts for one agent (Gymnasium API) against the project's bots.

    Options (keyword-only): ``opponents``, one bot for every other seat or
    a list with one per other seat, in seat order (default ``'rule'``);
    ``seat``, the agent's seat (0); ``rules``, ``episode``, ``hand_number``,
    ``illegal`` and ``render_mode`` as for :class:`~hearts.rl.aec.HeartsEnv`,
    except that ``illegal`` is ``'lose'`` by default: Gymnasium lets an agent
    send any action of the action space, and one the rules refuse ends the
    episode with reward ``-26`` and ``info["illegal"]`` naming the rule
    (``'raise'`` raises the rule's error instead, to find a bug).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012  # Gymnasium declares it so

    def __init__(
        self,
        opponents: BotLike | Sequence[BotLike] = "rule",
        *,
        seat: int = 0,
        rules: Rules | None = None,
        episode: str = "hand",
        hand_number: int | None = None,
        illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        rules = check_options(rules, episode, hand_number, illegal)
        n = rules.num_players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise EnvError(f"seat must be a seat number 0-{n - 1}, not {seat!r}", "seat")
        others = [s for s in range(n) if s != seat]
        if isinstance(opponents, Sequence) and not isinstance(opponents, str):
            if len(opponents) != n - 1:
                raise EnvError(f"opponents: one bot for all, or one per other seat ({n - 1}), not {len(opponents)}",
                               "opponents")
            chosen = list(opponents)
        else:
            chosen = [opponents] * (n - 1)
        try:
            self._opponents = {s: BotPolicy(b) for s, b in zip(others, chosen)}  # checked now, made again per episode
        except ValueError as e:
            raise EnvError(f"opponents: {e}", "opponents") from None
        self._templates = dict(zip(others, chosen))
        self.aec = HeartsEnv(rules, episode=episode, hand_number=hand_number, illegal=illegal, render_mode=render_mode)
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.rules = rules
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)

    @property
    def opponents(self) -> dict[int, str]:
        """The bot of each other seat, by name."""
        return {s: p.name for s, p in self._opponents.items()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal deal number ``seed`` (or the next number), play the bots up to the agent's first turn."""
        number = check_seed(seed)
        super().reset(seed=number)
        self.aec.reset(seed=number)
        self._hand_seen = 0
        self._reward = 0.0
        self._play_bots()
        return self.aec.observe(self.agent), dict(self.aec.infos[self.agent])

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """The agent's action, then the bots' until the agent acts again or the episode ends."""
        aec = self.aec
        if not aec.agents or aec.terminations.get(self.agent):
            raise EnvError("the episode is over: call reset()", "reset")
        if aec.agent_selection != self.agent:  # pragma: no cover - the bots always hand the turn back
            raise EnvError("it is not the agent's turn", "action")
        self._reward = 0.0
        aec.step(action)
        self._reward += aec.rewards[self.agent]
        self._play_bots()
        terminated = aec.terminations[self.agent]
        return aec.observe(self.agent), self._reward, terminated, False, dict(aec.infos[self.agent])

    def action_masks(self) -> np.ndarray:
        """The agent's action mask as booleans."""
        return self.aec.observe(self.agent)["action_mask"].astype(bool)

    def render(self) -> str | None:
        """The table as text (see :meth:`HeartsEnv.render`)."""
        return self.aec.render()

    @property
    def hand(self) -> HandState:
        """The engine's hand being played (every hidden card: for people and tests, not for the agent)."""
        return self.aec.hand

    # ----- the bots ------------------------------------------------------------

    def _play_bots(self) -> None:
        aec = self.aec
        while aec.agents and not aec.terminations[self.agent] and aec.agent_selection != self.agent:
            hand = aec.hand
            if hand.hand_number != self._hand_seen:
                self._new_bots(hand.hand_number)
            seat = aec.agent_name_mapping[aec.agent_selection]
            action = self._opponents[seat].act(aec.seat_observation(seat), aec.chosen[seat])
            aec.step(action)
            self._reward += aec.rewards[self.agent]

    def _new_bots(self, hand_number: int) -> None:
        """Fresh bots for a new episode, reseeded for every hand, from the deal number (reproducible)."""
        rng = StableRandom(f"hearts-rl-bots/v1/{self.aec.deal_number}/{hand_number}")
        for s in self._opponents:
            seed = rng.bits64() >> 1
            if hand_number == 1 or self._hand_seen == 0:
                self._opponents[s] = BotPolicy(self._templates[s], seed=seed)
            else:
                self._opponents[s].reseed(seed)
        self._hand_seen = hand_number


if ENV_ID not in gym.registry:
    gym.register(ENV_ID, entry_point="hearts.rl.solo:HeartsSoloEnv")
