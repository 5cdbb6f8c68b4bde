"""Hearts as a PettingZoo AEC environment: one agent per seat, the project's engine underneath.

Agents are ``player_0`` … ``player_{n-1}`` (seat 0 is South at the table).
Each agent's observation is a dict: ``"observation"``, the vector of
:func:`~hearts.rl.encoding.encode` made from that seat's own
:class:`~hearts.observation.Observation` (never a hidden card), and
``"action_mask"``, the int8 mask of :func:`~hearts.rl.encoding.action_mask`.
Actions are ``Discrete(54)``: a card 0–51, or the shooter's moon choice
(52 add, 53 subtract) under ``MoonScoring.SHOOTERS_CHOICE``. With Cancellation
Hearts rules (``Rules.cancellation(n)``, 6 to 10 seats, two packs) a card action
plays or passes one copy, a card held twice may be passed twice, and the vector
is the two-pack one (:mod:`hearts.rl.two_packs`: ``347 + 115 n`` numbers).

Turn order. Passing (when the hand passes): every seat in turn, from seat 0,
chooses its three cards **one card per step** (three steps in a row); the
cards change hands when the last seat has chosen. Then the player to move,
as the engine says, until the hand ends; a shooter with a choice decides it
in one more step.

Rewards. When a hand ends every agent is given minus its score for that
hand (after any moon). ``episode="hand"`` (the default) ends the episode
there; ``episode="game"`` deals the next hand until someone reaches the
target score, so an agent's rewards add up to minus its final total.

Seeding. ``reset(seed=N)`` plays deal number ``N``: with ``episode="game"``
the game ``Game(N, rules)``; with ``episode="hand"`` the hand
``HandState(Deal.from_number(N, rules, hand_number=k))`` with ``k = N % 4 + 1``
(so consecutive numbers rotate the pass direction, as self-play does), or
the ``hand_number`` given to the environment. Each later ``reset()`` without
a seed plays the next number (``N + 1``, ...; the very first ``reset()``
without a seed draws a number at random). ``infos[agent]`` holds
``deal_number`` and ``hand_number``, enough to replay any episode with the
engine alone. ``options`` of ``reset`` are not used.

Bad actions raise and change nothing: an action the rules refuse raises
:class:`~hearts.errors.IllegalMoveError` naming the rule; a value that is
not an action raises :class:`EnvError`.

>>> env = HeartsEnv()
>>> env.reset(seed=4)
>>> env.agent_selection, env.observation_space("player_0")["observation"].shape
('player_0', (534,))
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
...     env.step(action)
>>> sum(env.hand.result().scores), env.agents
(26, [])
"""

from __future__ import annotations

import secrets
from typing import Any, ClassVar

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"hearts.rl environments need PettingZoo and Gymnasium ({e}): pip install 'hearts-tutor[rl]'"
    ) from e

from hearts.cards import Card, ms_add, ms_count
from hearts.deal import Deal
from hearts.errors import IllegalMoveError, OptionError, Rule
from hearts.game import Game
from hearts.hand import HandState, Phase
from hearts.observation import Observation
from hearts.rl.encoding import MOON_ADD, NUM_ACTIONS, action_mask, bounds, encode
from hearts.rules import DEFAULT_RULES, Rules

__all__ = ["EPISODES", "EnvError", "HeartsEnv"]

EPISODES = ("hand", "game")
"""What one episode is: one hand, or a whole game to the target score."""
ILLEGAL = ("raise", "lose")
"""What an action the rules refuse does: raise the rule's error, or end the episode as a loss."""


def ms_size(m: int) -> int:
    """How many cards a two-copy mask holds, copies counted (a one-pack mask: its bit count)."""
    return (m & ((1 << 52) - 1)).bit_count() + (m >> 52).bit_count()


class EnvError(OptionError):
    """A bad option or action for an environment; ``.option`` names it (``'action'`` for an action)."""


def check_options(rules: Any, episode: Any, hand_number: Any, illegal: Any) -> Rules:
    """The rules, after checking the options every environment shares (typed errors naming the option)."""
    if illegal not in ILLEGAL:
        raise EnvError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}", "illegal")
    if rules is None:
        rules = DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise EnvError(f"rules must be a Rules object, not {type(rules).__name__}", "rules")
    if episode not in EPISODES:
        raise EnvError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}", "episode")
    if hand_number is not None:
        if episode == "game":
            raise EnvError("hand_number is for episode='hand'; a game numbers its own hands", "hand_number")
        if not isinstance(hand_number, int) or isinstance(hand_number, bool) or hand_number < 1:
            raise EnvError(f"hand_number must be a whole number 1 or more, not {hand_number!r}", "hand_number")
    return rules


def check_seed(seed: Any) -> int | None:
    """A reset seed: ``None`` or a whole number 0 or more (it is the deal number)."""
    if seed is None:
        return None
    if isinstance(seed, np.integer):
        seed = int(seed)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise EnvError(f"seed must be a whole number 0 or more (the deal number), not {seed!r}", "seed")
    return seed


class HeartsEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type hints
    """Hearts for PettingZoo (AEC): every seat an agent, every :class:`~hearts.rules.Rules` variant.

    Options (keyword-only): ``rules`` (the default game if ``None``),
    ``episode`` (``'hand'`` or ``'game'``), ``hand_number`` (with
    ``episode='hand'``: always play this hand of the deal number, which fixes
    the pass direction), ``illegal`` (``'raise'``: an action the rules
    refuse raises its :class:`~hearts.errors.IllegalMoveError`; ``'lose'``:
    it ends the episode at once, the agent that chose it getting
    ``-rules.moon_points``, as if it had taken every penalty card, and its
    info naming the rule under ``"illegal"``), ``render_mode`` (``'ansi'``:
    :meth:`render` returns the table as text; ``'human'``: it prints it; or ``None``).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "hearts_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        episode: str = "hand",
        hand_number: int | None = None,
        illegal: str = "raise",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = check_options(rules, episode, hand_number, illegal)
        self.illegal = illegal
        if render_mode not in (None, "ansi", "human"):
            raise EnvError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}", "render_mode")
        self.episode = episode
        self.fixed_hand_number = hand_number
        self.render_mode = render_mode
        n = self.rules.num_players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        low, high = bounds(n, decks=self.rules.decks)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._next_number: int | None = None
        self.deal_number = -1
        self.game: Game | None = None  # with episode="game"
        self._hand: HandState | None = None
        self.chosen = [0] * n
        self.agents: list[str] = []

    # ----- the PettingZoo API ------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal deal number ``seed`` (or the next number) and start the episode."""
        number = check_seed(seed)
        if number is None:
            number = self._next_number if self._next_number is not None else secrets.randbelow(1 << 62)
        self._next_number = number + 1
        self.deal_number = number
        if self.episode == "game":
            self.game = Game(number, self.rules)
            self._hand = self.game.hand
        else:
            k = self.fixed_hand_number or number % 4 + 1
            self.game = None
            self._hand = HandState(Deal.from_number(number, self.rules, hand_number=k), self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.chosen = [0] * self.rules.num_players
        self.infos = {a: self._info() for a in self.agents}
        self.agent_selection = self.possible_agents[self._seat_to_act()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation: its vector and its action mask."""
        seat = self._seat(agent)
        obs = self.seat_observation(seat)
        return {"observation": encode(obs, self.chosen[seat]), "action_mask": action_mask(obs, self.chosen[seat])}

    def step(self, action: Any) -> None:
        """The selected agent acts (``None`` for an agent whose episode is over)."""
        hand = self.hand  # an EnvError before the first reset
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        try:
            a = self._check(action)
        except IllegalMoveError as err:
            if self.illegal == "raise":
                raise
            self._lose(agent, err)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {x: 0.0 for x in self.agents}
        if hand.phase is Phase.PASSING:
            self.chosen[seat] = ms_add(self.chosen[seat], 1 << a)  # two packs: a card held twice may go twice
            if ms_size(self.chosen[seat]) == self.rules.pass_size:
                hand.push_pass(seat, self.chosen[seat])
                self.chosen[seat] = 0
        elif hand.phase is Phase.PLAYING:
            hand.push(a)
        else:
            hand.choose_moon(seat, "add" if a == MOON_ADD else "subtract")
        if hand.is_over:
            scores = hand.result().scores
            for x in self.agents:
                self.rewards[x] = float(-scores[self.agent_name_mapping[x]])
            if self.game is None or self.game.is_over:
                self.terminations = {x: True for x in self.agents}
            else:
                self._hand = self.game.next_hand()
        self.infos = {x: self._info() for x in self.agents}
        self.agent_selection = self.possible_agents[self._seat_to_act()]
        self._accumulate_rewards()

    def _lose(self, agent: str, err: IllegalMoveError) -> None:
        """``illegal='lose'``: the episode ends, the agent that broke the rule takes the worst a hand can cost."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {x: 0.0 for x in self.agents}
        self.rewards[agent] = -float(self.rules.moon_points)
        self.terminations = {x: True for x in self.agents}
        self.infos = {x: self._info() for x in self.agents}
        self.infos[agent]["illegal"] = err.rule.name
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text (every hand shown: for people watching, not an observation); ``'human'`` prints it."""
        if self.render_mode is None or self._hand is None:
            return None
        if self.render_mode == "human":
            print(self._table_text())
            return None
        return self._table_text()

    def _table_text(self) -> str:
        h = self.hand
        lines = [f"deal {self.deal_number}, hand {h.hand_number} ({h.pass_direction.value}), {h.phase.value}"]
        totals = self.totals_before_hand() or (0,) * self.rules.num_players
        for s in range(self.rules.num_players):
            mark = ">" if self._seat_to_act() == s and h.phase is not Phase.DONE else " "
            lines.append(f"{mark} player_{s}: {h.hand_of(s)!s:<40} points {h.points[s]:>3}  total {totals[s]:>4}")
        if h.current_trick:
            lines.append("trick: " + " ".join(f"{s}:{c}" for s, c in h.current_trick))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""

    # ----- for people and tests ----------------------------------------------

    @property
    def hand(self) -> HandState:
        """The engine's hand being played (the whole state: every hidden card; not for agents)."""
        if self._hand is None:
            raise EnvError("call reset() first", "reset")
        return self._hand

    def totals_before_hand(self) -> tuple[int, ...] | None:
        """The game totals before the hand being played (``None`` when an episode is one hand)."""
        return None if self.game is None else self.game.totals_before_hand

    def seat_observation(self, seat: int) -> Observation:
        """What ``seat`` sees, as the engine's :class:`~hearts.observation.Observation` (with game totals)."""
        return Observation.from_state(self.hand, seat, self.totals_before_hand())

    def _seat(self, agent: str) -> int:
        seat = self.agent_name_mapping.get(agent)
        if seat is None:
            raise EnvError(f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}", "agent")
        return seat

    def _seat_to_act(self) -> int:
        h = self.hand
        if h.phase is Phase.PASSING:
            return h.waiting_to_pass[0]
        if h.phase is Phase.DONE:
            current = self.agent_name_mapping.get(self.agent_selection, 0) if self.agents else 0
            return current
        return h.to_play

    def _info(self) -> dict[str, Any]:
        return {"deal_number": self.deal_number, "hand_number": self.hand.hand_number}

    def _check(self, action: Any) -> int:
        """The action as an int, if the rules allow it now; otherwise a typed error and nothing changes."""
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
            action = action.reshape(())[()]
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or not 0 <= action < NUM_ACTIONS:
            raise EnvError(f"an action is a whole number 0-{NUM_ACTIONS - 1}, not {action!r}", "action")
        a = int(action)
        seat = self.agent_name_mapping[self.agent_selection]
        h = self.hand
        if h.phase is Phase.MOON_CHOICE:
            if a < 52:
                raise IllegalMoveError(Rule.BAD_MOON_CHOICE, given=repr(a))
            return a
        if a >= 52:
            raise IllegalMoveError(Rule.WRONG_PHASE, phase=h.phase.value)
        if h.phase is Phase.PASSING:
            chosen = ms_count(self.chosen[seat], a)
            if chosen and chosen >= ms_count(h.hands[seat], a):
                raise IllegalMoveError(Rule.DUPLICATE_PASS_CARD, card=str(Card(a)), expected=self.rules.pass_size)
            if not h.hands[seat] >> a & 1:
                raise IllegalMoveError(Rule.CARD_NOT_IN_HAND, card=str(Card(a)))
            return a
        err = h.why_not(a)
        if err is not None:
            raise err
        return a

    def __str__(self) -> str:
        return "hearts_v0"

    def __repr__(self) -> str:
        return f"HeartsEnv({self.rules!r}, episode={self.episode!r})"

