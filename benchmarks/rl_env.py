"""How fast are the reinforcement-learning environments, and how good is an agent trained for a few minutes?

Prints, in one run (everything on one core, in this process):

1. steps per second of :class:`hearts.rl.aec.HeartsEnv` (PettingZoo AEC, the
   four seats played by a random masked policy, ``last()`` then ``step()``:
   encoding the observation, the mask and the engine's move), for one-hand
   and whole-game episodes;
2. steps per second of :class:`hearts.rl.solo.HeartsSoloEnv` (Gymnasium, one
   seat at random, the other three seats rule bots: their decisions count in
   the time, not as steps);
3. with ``--train SECONDS``: the notebook 11 agent (``CardPolicy``,
   REINFORCE) trained that long against three rule bots on deals 1000000
   and up, then measured against the rule bot by :func:`hearts.experiment.compare`
   on ``--deals`` duplicate deals of a fresh seed (``--seed``): the effect is the
   agent's points per hand minus the rule bot's, with its 95% interval.

    python benchmarks/rl_env.py
    python benchmarks/rl_env.py --train 180 --deals 1000 --seed 7
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from hearts.experiment import compare
from hearts.rl import PolicyBot
from hearts.rl.aec import HeartsEnv
from hearts.rl.policy import CardPolicy
from hearts.rl.solo import HeartsSoloEnv


def aec_speed(episode: str, seconds: float) -> tuple[float, float]:
    """Steps per second of wall time and per second of this process's CPU time (fairer on a busy machine)."""
    env = HeartsEnv(episode=episode)
    rng = np.random.default_rng(0)
    steps, number = 0, 0
    started, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds:
        env.reset(seed=number)
        number += 1
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - started), steps / (time.process_time() - cpu)


def solo_speed(seconds: float) -> tuple[float, float, float]:
    """Agent steps per second (wall, CPU) and hands per second (wall)."""
    env = HeartsSoloEnv("rule")
    rng = np.random.default_rng(0)
    steps = hands = 0
    started, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds:
        obs, _ = env.reset(seed=hands)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        hands += 1
    elapsed = time.perf_counter() - started
    return steps / elapsed, steps / (time.process_time() - cpu), hands / elapsed


def train(seconds: float) -> tuple[CardPolicy, int]:
    """The training loop of notebook 11."""
    env = HeartsSoloEnv(opponents="rule")
    policy = CardPolicy(4, greedy=False, seed=0)
    learning_rate, baseline = 0.01, -10.0
    hands = 0
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        obs, _ = env.reset(seed=1_000_000 + hands)
        grad_sum = np.zeros_like(policy.weights)
        rewards, done = 0.0, False
        while not done:
            x, mask = obs["observation"], obs["action_mask"]
            action = policy(x, mask)
            grad_sum += policy.grad_log_prob(x, mask, action)["weights"]
            obs, reward, done, _, _ = env.step(action)
            rewards += reward
        policy.weights += learning_rate * (rewards - baseline) * grad_sum
        baseline += 0.02 * (rewards - baseline)
        hands += 1
    policy.greedy = True
    return policy, hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per speed measurement (5)")
    parser.add_argument("--train", type=float, default=0.0, help="train the notebook's agent this many seconds")
    parser.add_argument("--deals", type=int, default=500, help="duplicate deals of the comparison (500)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the comparison's deals (7)")
    parser.add_argument("--workers", type=int, default=1, help="processes for the comparison (1)")
    args = parser.parse_args()
    for episode in ("hand", "game"):
        wall, cpu = aec_speed(episode, args.seconds)
        print(f"HeartsEnv (AEC, random masked policy, episode={episode!r}): {wall:,.0f} steps/s ({cpu:,.0f} per CPU s)")
    wall, cpu, hands = solo_speed(args.seconds)
    print(f"HeartsSoloEnv (random agent, 3 rule bots): {wall:,.0f} agent steps/s ({cpu:,.0f} per CPU s), "
          f"{hands:,.0f} hands/s")
    if args.train > 0:
        policy, hands = train(args.train)
        print(f"trained {args.train:g} s: {hands} hands; weights {np.round(policy.weights, 2).tolist()}")
        result = compare("rule", PolicyBot(policy, name="Trained agent"), n_deals=args.deals, field="rule",
                         seed=args.seed, workers=args.workers, progress=False)
        print(result.summary("en"))


if __name__ == "__main__":
    main()
