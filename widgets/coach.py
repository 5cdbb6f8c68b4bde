"""Coaching in learn mode: a short comment after the learner's choice, when a better one mattered.

After the learner passes or plays, the coach asks two advisers what they
would have done from the learner's own observation:

1. the rule bot (which follows the strategy tips; the Hint button shows the
   expert's choice, :mod:`hearts.explain`); when it would have chosen differently, both choices are played
   out in the same sampled deals (:func:`hearts.bots.expert.evaluate_play` /
   ``evaluate_pass``);
2. otherwise the expert, which screens every option in sampled deals; when
   its pick is not the learner's, the two are played out again in *fresh*
   deals, so that picking the best of many noisy estimates does not make
   the difference look larger than it is (as the hand review measures cost).

Only when the learner's choice surely cost more (the paired difference,
less two standard errors, above :data:`hearts.review.COSTLY` points: the
review's test of a costly decision) does the coach speak, with the
adviser's reason: the rule bot's names the tip it followed, the expert's
gives its estimates. The comment never stops play: it is one more note
beside the table.

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
from hearts.bots.expert import DEFAULT_PASS_WORLDS, ExpertBot, evaluate_pass, evaluate_play
from hearts.bots.rule_bot import RuleBot
from hearts.cards import Card, CardSet
from hearts.deal import StableRandom
from hearts.observation import Observation
from hearts.review import COSTLY, COSTLY_Z
from hearts.stats import paired_difference

__all__ = ["COACH_WORLDS", "Comment", "comment_pass", "comment_play"]

COACH_WORLDS = 200
"""Sampled deals in which the learner's choice and the adviser's are both played out."""

SCREEN_WORLDS = 60
"""Sampled deals in which the expert screens every option before the fresh check."""


@dataclasses.dataclass(frozen=True)
class Comment:
    """What the coach says: the rule bot's choice and reason, and the expected points the learner's choice cost.

    ``cost`` is the mean over the sampled deals of (learner's points - rule bot's points), ``cost_se`` its
    standard error; a comment exists only when ``cost - COSTLY_Z * cost_se > COSTLY``.
    """

    kind: str  # "pass" or "play"
    adviser: str  # "rule" (the rule bot) or "expert"
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


def _expert(obs: Observation, kind: str, chosen: tuple[Card, ...]) -> ExpertBot:
    """The expert that screens the options, seeded from the position (its figures are its reason)."""
    seed = _rng(obs, kind + "/screen", chosen).getrandbits(64)
    return ExpertBot(seed, worlds=SCREEN_WORLDS, pass_worlds=DEFAULT_PASS_WORLDS)


def _judge(
    kind: str,
    adviser: str,
    chosen: tuple[Card, ...],
    d: Decision,
    mine: list[int],
    theirs: list[int],
    draws: tuple[int, ...] = (),
) -> Comment | None:
    cost, se = paired_difference(mine, theirs, draws or None)
    if not cost - COSTLY_Z * se > COSTLY:
        return None
    return Comment(kind, adviser, chosen, tuple(d.cards), d, cost, se)


def _check_play(
    obs: Observation, chosen: Card, other: Card, salt: str
) -> tuple[list[int], list[int], tuple[int, ...]]:
    """Points for the seat in the same sampled deals: after ``chosen``, and after ``other``, and how often each
    deal was drawn (see :attr:`hearts.bots.expert.Evaluation.draws`)."""
    ev = evaluate_play(obs, _rng(obs, "play/" + salt, (chosen,)), COACH_WORLDS, candidates=[chosen, other])
    mine, theirs = ev.value_of([chosen]), ev.value_of([other])
    assert mine is not None and theirs is not None
    return list(mine.scores), list(theirs.scores), ev.draws


def _check_pass(
    obs: Observation, mask: int, other: int, salt: str, chosen: tuple[Card, ...]
) -> tuple[list[int], list[int]]:
    """Points for the seat in the same sampled deals: after passing ``mask``, and after passing ``other``."""
    ev = evaluate_pass(obs, _rng(obs, "pass/" + salt, chosen), COACH_WORLDS, candidates=[mask, other])
    mine, theirs = ev.value_of(CardSet(mask)), ev.value_of(CardSet(other))
    assert mine is not None and theirs is not None
    return list(mine.scores), list(theirs.scores)


def comment_play(obs: Observation, card: Card | int) -> Comment | None:
    """The coach's word on playing ``card`` from ``obs`` (the learner's view just before), or ``None``."""
    chosen = Card(int(card))
    if not obs.legal_mask() >> chosen & 1:
        raise ValueError(f"{chosen} is not a legal card for seat {obs.seat} here")
    if obs.legal_mask().bit_count() == 1:
        return None
    d = RuleBot().decide_play(obs)
    if d.cards != (chosen,):
        said = _judge("play", "rule", (chosen,), d, *_check_play(obs, chosen, d.card, "rule"))
        if said is not None:
            return said
    expert = _expert(obs, "play", (chosen,))
    said_by_expert = expert.decide_play(obs)
    best = said_by_expert.card
    if best in (chosen, d.card):
        return None
    return _judge("play", "expert", (chosen,), said_by_expert, *_check_play(obs, chosen, best, "expert"))


def comment_pass(obs: Observation, cards: Iterable[Card | int]) -> Comment | None:
    """The coach's word on passing ``cards`` from ``obs`` (the learner's view before the pass), or ``None``."""
    chosen = tuple(sorted(Card(int(c)) for c in cards))
    mask = CardSet(chosen).mask
    d = RuleBot().decide_pass(obs)
    theirs = CardSet(d.cards).mask
    if theirs != mask:
        said = _judge("pass", "rule", chosen, d, *_check_pass(obs, mask, theirs, "rule", chosen))
        if said is not None:
            return said
    said_by_expert = _expert(obs, "pass", chosen).decide_pass(obs)
    best = CardSet(said_by_expert.cards).mask
    if best in (mask, theirs):
        return None
    return _judge("pass", "expert", chosen, said_by_expert, *_check_pass(obs, mask, best, "expert", chosen))
