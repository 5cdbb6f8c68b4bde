"""Hearts for reinforcement-learning libraries: a PettingZoo environment, a Gymnasium one, adapters.

- :class:`~hearts.rl.aec.HeartsEnv`: PettingZoo's AEC API, one agent per seat
  (``player_0`` … ``player_{n-1}``), every :class:`~hearts.rules.Rules` variant.
- :class:`~hearts.rl.solo.HeartsSoloEnv`: a Gymnasium environment for one
  seat, the other seats played by any of the project's bots.
- :mod:`hearts.rl.encoding`: the fixed-size vector of one seat's observation,
  field by field, and the action mask.
- :class:`~hearts.rl.adapters.BotPolicy` (any bot as a policy) and
  :class:`~hearts.rl.adapters.PolicyBot` (any policy as a bot, for
  :func:`~hearts.experiment.compare`, self-play and the table).
- :class:`~hearts.rl.policy.LinearPolicy`: a small numpy softmax policy to train.

The environments need the ``rl`` extra (``pip install "hearts-tutor[rl]"``:
PettingZoo and Gymnasium); the encoding, the adapters and the policy need
only numpy, so a trained agent plays anywhere the package runs.

>>> from hearts.rl import PolicyBot, LinearPolicy
>>> PolicyBot(LinearPolicy(4)).name
'Policy'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hearts.rl.adapters import BotPolicy, Policy, PolicyBot
from hearts.rl.encoding import MOON_ADD, MOON_SUBTRACT, NUM_ACTIONS, EncodingError, action_mask, decode, encode
from hearts.rl.policy import LinearPolicy

if TYPE_CHECKING:
    from hearts.rl.aec import EnvError, HeartsEnv
    from hearts.rl.solo import HeartsSoloEnv

__all__ = [
    "MOON_ADD",
    "MOON_SUBTRACT",
    "NUM_ACTIONS",
    "BotPolicy",
    "EncodingError",
    "EnvError",
    "HeartsEnv",
    "HeartsSoloEnv",
    "LinearPolicy",
    "Policy",
    "PolicyBot",
    "action_mask",
    "decode",
    "encode",
]

_LAZY = {"EnvError": "hearts.rl.aec", "HeartsEnv": "hearts.rl.aec", "HeartsSoloEnv": "hearts.rl.solo"}


def __getattr__(name: str) -> Any:
    """The environments, imported when first used (they need PettingZoo and Gymnasium)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hearts.rl' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
