"""A bot that plays uniformly at random among the legal cards.

It is the baseline opponent of the strength checks and the fastest bot for
self-play. Given the same seed it makes the same choices.

>>> from hearts import Deal, HandState
>>> h = HandState(Deal.from_number(4))
>>> bot = RandomBot(seed=1)
>>> passed = bot.choose_pass(h.observation(0))
>>> len(passed), passed <= h.hand_of(0)
(3, True)
>>> for seat in range(4):
...     h.push_pass(seat, RandomBot(seed=seat).choose_pass(h.observation(seat)).mask)
>>> while not h.is_over:
...     h.push(bot.choose_play(h.observation(h.to_play)))
>>> sum(h.result().points)
26
"""

from __future__ import annotations

from hearts.bots.base import Bot, Decision
from hearts.cards import CARDS, lowest
from hearts.observation import Observation

__all__ = ["RandomBot", "nth_card"]

_PLAY = tuple(Decision((c,), "bot.reason.random") for c in CARDS)  # immutable, so shared


def nth_card(mask: int, k: int) -> int:
    """The ``k``-th card (0-based, lowest index first) of a non-empty bitmask."""
    for _ in range(k):
        mask &= mask - 1
    return lowest(mask)


class RandomBot(Bot):
    """Uniform over legal moves; passes 3 random cards. Deterministic given ``seed``."""

    name = "Random"

    def decide_play(self, obs: Observation) -> Decision:
        """A legal card chosen uniformly with ``self.rng``."""
        legal = obs.legal_mask()
        return _PLAY[nth_card(legal, self.rng.randrange(legal.bit_count()))]

    def decide_pass(self, obs: Observation) -> Decision:
        """Three cards of the hand, chosen uniformly (with two packs, both copies of a card may go)."""
        hand = obs.hand_mask
        idx = self.rng.sample(range(hand.bit_count()), obs.rules.pass_size)
        # Bit c + 52 of a two-copy mask is the second copy of card c.
        return Decision(tuple(sorted(CARDS[nth_card(hand, k) % 52] for k in idx)), "bot.reason.random_pass")
