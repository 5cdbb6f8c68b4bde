"""Coaching in learn mode: a short comment after the learner's choice, when a better one mattered.

After the learner passes or plays, the coach asks the rule bot (the bot
behind the Hint button, which follows the strategy tips) what it would have
done from the learner's own observation. When it would have chosen the
same, there is nothing to say. When it would have chosen differently, the
expert (:func:`hearts.bots.expert.evaluate_play` / ``evaluate_pass``)
plays both choices out in the same sampled deals; only when the learner's
choice surely cost more (the paired difference, less two standard errors,
above :data:`hearts.review.COSTLY` points: the review's test of a costly
decision) does the coach speak, with the rule bot's reason and the tip it
followed. The comment never stops play: it is one more note beside the table.

Every evaluation is seeded from the position, so the same choices always
get the same comments.

>>> from hearts import Deal, HandState
>>> h = HandState(Deal.from_number(8))
>>> obs = h.observation(0)
>>> mine = sorted(h.hand_of(0))[:3]   # the three lowest cards: keeps every danger
>>> c = comment_pass(obs, mine)
>>> c is None or c.bot_cards != tuple(mine)
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable

from hearts.bots.base import Decision
from hearts.bots.expert import evaluate_pass, evaluate_play
from hearts.cards import Card, CardSet
from hearts.deal import StableRandom
from hearts.observation import Observation
from hearts.review import COSTLY, COSTLY_Z, _paired

from . import levels

__all__ = ["COACH_WORLDS", "Comment", "comment_pass", "comment_play"]

COACH_WORLDS = 200
"""Sampled deals in which the learner's choice and the rule bot's are both played out."""


@dataclasses.dataclass(frozen=True)
class Comment:
    """What the coach says: the rule bot's choice and reason, and the expected points the learner's choice cost.

    ``cost`` is the mean over the sampled deals of (learner's points - rule bot's points), ``cost_se`` its
    standard error; a comment exists only when ``cost - COSTLY_Z * cost_se > COSTLY``.
    """

    kind: str  # "pass" or "play"
    chosen: tuple[Card, ...]
    bot_cards: tuple[Card, ...]
    decision: Decision
    cost: float
    cost_se: float


def _rng(obs: Observation, kind: str, chosen: Iterable[Card]) -> random.Random:
    """A random source fixed by the position and the choice: the same choice always gets the same comment."""
    position = [str(obs.seat), str(obs.hand_mask), str(obs.played_mask), *(c.code for _, c in obs.trick)]
    parts = ["hearts-coach/v1", kind, *position, "chose", *(c.code for c in chosen)]
    return random.Random(StableRandom("/".join(parts)).bits64())


def _judge(kind: str, chosen: tuple[Card, ...], d: Decision, mine: list[int], theirs: list[int]) -> Comment | None:
    cost, se = _paired(mine, theirs)
    if not cost - COSTLY_Z * se > COSTLY:
        return None
    return Comment(kind, chosen, tuple(d.cards), d, cost, se)


def comment_play(obs: Observation, card: Card | int) -> Comment | None:
    """The coach's word on playing ``card`` from ``obs`` (the learner's view just before), or ``None``."""
    chosen = Card(int(card))
    if not obs.legal_mask() >> chosen & 1:
        raise ValueError(f"{chosen} is not a legal card for seat {obs.seat} here")
    d = levels.hint_bot().decide_play(obs)
    if d.cards == (chosen,):
        return None
    ev = evaluate_play(obs, _rng(obs, "play", (chosen,)), COACH_WORLDS, candidates=[chosen, d.card])
    mine, theirs = ev.value_of([chosen]), ev.value_of(d.cards)
    assert mine is not None and theirs is not None
    return _judge("play", (chosen,), d, list(mine.scores), list(theirs.scores))


def comment_pass(obs: Observation, cards: Iterable[Card | int]) -> Comment | None:
    """The coach's word on passing ``cards`` from ``obs`` (the learner's view before the pass), or ``None``."""
    chosen = tuple(sorted(Card(int(c)) for c in cards))
    mask = CardSet(chosen).mask
    d = levels.hint_bot().decide_pass(obs)
    theirs_mask = CardSet(d.cards).mask
    if theirs_mask == mask:
        return None
    rng = _rng(obs, "pass", chosen)
    ev = evaluate_pass(obs, rng, COACH_WORLDS, candidates=[mask, theirs_mask])
    mine, theirs = ev.value_of(chosen), ev.value_of(d.cards)
    assert mine is not None and theirs is not None
    return _judge("pass", chosen, d, list(mine.scores), list(theirs.scores))
