"""The hint with two packs (Cancellation Hearts): the expert's card and the rule bot's pass, in words.

:func:`hearts.explain.hint` sends a two-pack position here. A card is the
expert's (:func:`hearts.bots.cancel_expert.evaluate_play_two`, the sampled
deals played out with cancelling), said with its expected points beside the
next best cards, whether the rule bot's tip agrees, and a tie when the two
best cannot be told apart. The pass is the rule bot's (the expert passes as the
rule bot does with two packs), said tip by tip. What a card does in the trick
(wins, loses, unless) is left out: those facts are the one-pack reasoning, and a
twin still out can cancel any card.

>>> from hearts import Deal, HandState, Rules
>>> rules = Rules.cancellation(6, passing=False)
>>> h = HandState(Deal.from_number(4, rules), rules)
>>> e = hint_two(h.observation(h.to_play), worlds=8)
>>> e.kind, e.cards[0] in h.legal_moves, "expected" in e.words("en")
('play', True, True)
"""

from __future__ import annotations

from hearts.bots.rule_bot import RuleBot
from hearts.cards import Card, CardSet
from hearts.explain import Explanation, Fact, _equal, _estimate, _paired, _rng
from hearts.hand import Phase
from hearts.observation import Observation

__all__ = ["hint_two"]


def hint_two(obs: Observation, *, worlds: int = 32, seed: int | None = 0) -> Explanation:
    """The hint for a two-pack position (``obs.rules.decks == 2``): see the module's text."""
    n = obs.rules.num_players
    rule = RuleBot().decide_pass(obs) if obs.phase is Phase.PASSING else RuleBot().decide_play(obs)
    if obs.phase is Phase.PASSING:
        cards = tuple(sorted(rule.cards))
        tips: dict[str, list[Card]] = {}
        for part in rule.parts or (rule,):
            if part.tip is not None:
                tips.setdefault(part.tip, []).extend(part.cards)
        said = tuple(Fact("tip_follows", tuple(sorted(t)), tip=tip) for tip, t in tips.items())
        return Explanation("pass", obs.seat, n, cards, said, None, rule.tip)
    legal = CardSet(obs.legal_mask())
    if len(legal) == 1:
        (c,) = legal
        return Explanation("play", obs.seat, n, (c,), (Fact("forced", (c,)),))
    from hearts.bots.cancel_expert import evaluate_play_two

    ev = evaluate_play_two(obs, _rng(obs, f"expert2/{seed}"), worlds)
    best = ev.best
    card = best.cards[0]
    facts = [Fact("estimate", (card,), estimate=_estimate(best), compare=tuple(map(_estimate, ev.options[1:3])))]
    second = ev.options[1]
    gap, se = _paired(second, best, ev.draws)
    if _equal(gap, se):
        facts.append(Fact("tie", (card,), second.cards, estimate=_estimate(best), compare=(_estimate(second),),
                          gap=gap, gap_se=se))  # fmt: skip
    if rule.tip is not None and rule.card == card:
        facts.append(Fact("tip_follows", (card,), tip=rule.tip))
    return Explanation("play", obs.seat, n, (card,), tuple(facts), ev, rule.tip if rule.card == card else None)
