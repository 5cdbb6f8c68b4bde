"""A small policy to train with numpy: a softmax over the allowed actions of a linear score.

``LinearPolicy`` scores every action as ``weights @ x + bias`` from the
vector ``x`` of :func:`~hearts.rl.encoding.encode`, and turns the scores of
the allowed actions into probabilities (actions the mask forbids get none).
It plays the most likely action (``greedy=True``) or draws one. A policy
gradient step needs :meth:`LinearPolicy.grad_log_prob`, the gradient of the
log-probability of the action taken.

It is a plain object (numpy arrays), so it pickles: wrapped in
:class:`~hearts.rl.adapters.PolicyBot` it travels to the worker processes of
:func:`~hearts.experiment.compare`.

>>> import numpy as np
>>> p = LinearPolicy(4)
>>> x, mask = np.zeros(p.weights.shape[1], np.float32), np.zeros(54, np.int8)
>>> mask[[3, 7]] = 1
>>> p.probabilities(x, mask)[[3, 7]].tolist()
[0.5, 0.5]
>>> p(x, mask)
3
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np

from hearts.errors import HeartsError
from hearts.rl.encoding import NUM_ACTIONS, size

__all__ = ["LinearPolicy", "PolicyError"]


class PolicyError(HeartsError):
    """A policy file or array that does not fit (wrong shape, not a policy file)."""


class LinearPolicy:
    """``softmax(weights @ x + bias)`` over the allowed actions.

    ``num_players`` fixes the length of ``x``; ``greedy`` plays the most
    likely action (ties: the lowest action), otherwise one is drawn with the
    policy's own random source (``seed``; :meth:`reseed` restarts it).
    """

    def __init__(self, num_players: int = 4, *, greedy: bool = True, seed: int | None = 0) -> None:
        self.num_players = num_players
        self.weights = np.zeros((NUM_ACTIONS, size(num_players)), np.float64)
        self.bias = np.zeros(NUM_ACTIONS, np.float64)
        self.greedy = greedy
        self.reseed(seed)

    def reseed(self, seed: int | None) -> None:
        """Restart the random source used when not greedy."""
        self.rng = np.random.default_rng(seed)

    def logits(self, x: np.ndarray) -> np.ndarray:
        """The score of every action."""
        return np.asarray(self.weights @ x + self.bias, np.float64)

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The probability of every action; zero where ``mask`` is 0."""
        allowed = np.asarray(mask) > 0
        if not allowed.any():
            raise PolicyError("the mask allows no action")
        z = np.where(allowed, self.logits(x), -np.inf)
        e = np.exp(z - z.max())
        return np.asarray(e / e.sum(), np.float64)

    def __call__(self, x: np.ndarray, mask: np.ndarray, /) -> int:
        p = self.probabilities(x, mask)
        if self.greedy:
            return int(np.argmax(p))
        return int(self.rng.choice(NUM_ACTIONS, p=p))

    def grad_log_prob(self, x: np.ndarray, mask: np.ndarray, action: int) -> tuple[np.ndarray, np.ndarray]:
        """Gradient of ``log p(action)`` with respect to ``weights`` and ``bias``.

        >>> import numpy as np
        >>> p = LinearPolicy(3)
        >>> x, mask = np.ones(p.weights.shape[1]), np.ones(54)
        >>> gw, gb = p.grad_log_prob(x, mask, 5)
        >>> round(float(gb[5]), 4), gw.shape == p.weights.shape
        (0.9815, True)
        """
        g = -self.probabilities(x, mask)
        g[action] += 1.0
        return np.outer(g, x), g

    # ----- files -------------------------------------------------------------

    def save(self, path: str | Path) -> Path:
        """Write the weights to a ``.npz`` file (atomically: a crash leaves the old file whole)."""
        target = Path(path)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                np.savez(fh, weights=self.weights, bias=self.bias, num_players=self.num_players)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return target

    @classmethod
    def load(cls, path: str | Path, *, greedy: bool = True, seed: int | None = 0) -> LinearPolicy:
        """A policy from a file written by :meth:`save`."""
        try:
            with np.load(Path(path)) as data:
                n = int(data["num_players"])
                weights, bias = data["weights"], data["bias"]
        except (OSError, ValueError, KeyError) as e:
            raise PolicyError(f"{path}: not a policy file ({e})") from None
        policy = cls(n, greedy=greedy, seed=seed)
        if weights.shape != policy.weights.shape or bias.shape != policy.bias.shape:
            raise PolicyError(f"{path}: weights of shape {weights.shape}, expected {policy.weights.shape}")
        policy.weights[:] = weights
        policy.bias[:] = bias
        return policy

    def __repr__(self) -> str:
        return f"LinearPolicy({self.num_players}, greedy={self.greedy})"
