"""The hint with two packs (Cancellation Hearts): the expert's card and the rule bot's pass, in words.

:func:`hearts.explain.hint` sends a two-pack position here. A card is the
expert's (:func:`hearts.bots.cancel_expert.evaluate_play_two`, the sampled
deals played out with cancelling), said with its expected points beside the
next best cards, whether the rule bot's tip agrees, and a tie when the two
best cannot be told apart. The pass is the rule bot's (the expert passes as the
rule bot does with two packs), said tip by tip.

What a card does in the trick is said the two-pack way (:func:`cancel_facts`,
each fact true in every layout of the hidden cards the seat cannot rule out):

- ``wins`` / ``loses``: certain with cancelling counted (a card whose twin
  may still fall on it is never "certain to win"; a card below one that nobody
  still to play can cancel cannot win, nor can a card that cancels);
- ``cancels``: the card is the twin of one already in the trick: both cancel;
- ``twin_out``: its twin has not been seen (another hand or the face-down
  widow): if it falls on this trick the two cancel and a lower card can win;
- ``twin_safe``: nobody can cancel it (the seat holds the twin, or it was
  played in trick ``count``);

and about the position (:func:`position_facts`): ``all_cancelled`` (every card
of the suit led is cancelled so far: the trick would wait), ``pile`` (cards of
tricks that wait, ``points`` in them, go to whoever takes this trick),
``widow_waits`` (the widow, ``count`` cards face down, goes with its points to
the first player to take a trick), ``widow_taken`` (``seat`` took it, its
``points``).

>>> from hearts import Deal, HandState, Rules
>>> rules = Rules.cancellation(6, passing=False)
>>> h = HandState(Deal.from_number(4, rules), rules)
>>> e = hint_two(h.observation(h.to_play), worlds=8)
>>> e.kind, e.cards[0] in h.legal_moves, "expected" in e.words("en")
('play', True, True)
"""

from __future__ import annotations

from typing import Any

from hearts.bots.rule_bot import RuleBot
from hearts.cards import ALL_CARDS_MASK, CARDS, SUIT_MASKS, Card, CardSet, ms_count, ms_from
from hearts.explain import _CANCEL_FACTS, Explanation, Fact, _equal, _estimate, _paired, _rng
from hearts.hand import Phase
from hearts.messages import seat_name, text, text_n
from hearts.observation import Observation
from hearts.rules import cancel_trick

__all__ = ["CANCEL_FACTS", "cancel_facts", "cancel_words", "hint_two", "position_facts", "trick_outcome_two"]

CANCEL_FACTS = _CANCEL_FACTS
"""The kinds of :class:`~hearts.explain.Fact` only Cancellation Hearts has (said by :func:`cancel_words`)."""


def _may_hold(obs: Observation, seat: int) -> int:
    """Cards (each once) ``seat`` may hold as far as ``obs.seat`` can tell: an unseen copy of a suit it has not
    shown out of, or a card passed to it (wider than the truth, never narrower: claims made from it stay true)."""
    m = obs.unseen_mask
    m = (m | m >> 52) & ALL_CARDS_MASK
    for s in range(4):
        if obs.voids[seat] >> s & 1:
            m &= ~SUIT_MASKS[s]
    return m | (obs.known_mask(seat) & ALL_CARDS_MASK)


def _later(obs: Observation) -> list[int]:
    n = obs.rules.num_players
    return [(obs.seat + k) % n for k in range(1, n - len(obs.trick))]


def _twin_seen(obs: Observation, c: int) -> int | None:
    """Where the seat has seen the other copy of ``c`` (besides the one it plays): -1 in its hand, -2 in the
    widow it was shown, the number of the trick it was played in, or None if it has not seen it."""
    if ms_count(obs.hand_mask, c) == 2:
        return -1
    for t in obs.tricks:
        if c in [int(x) for x in t.cards]:
            return t.number
    if any(int(x) == c for _, x in obs.trick):
        return obs.trick_number
    if ms_count(obs.widow_mask, c):
        return -2
    return None


def trick_outcome_two(obs: Observation, card: Card | int) -> Fact | None:
    """What playing ``card`` now surely does in this trick under cancelling: ``wins``, ``loses``, or ``None``
    when it depends on hidden cards.

    >>> from hearts import Deal, HandState, Rules
    >>> rules = Rules.cancellation(6, passing=False)
    >>> h = HandState(Deal.from_number(4, rules), rules)
    >>> h.push(h.legal_moves.lowest())
    >>> obs = h.observation(h.to_play)
    >>> off = next((c for c in obs.legal_moves if c.suit != obs.trick[0][1].suit), None)
    >>> off is None or trick_outcome_two(obs, off).kind == "loses"
    True
    """
    c = int(card)
    trick = [int(x) for _, x in obs.trick]
    points = obs.rules.points_of(ms_from(trick)) if trick else 0
    led = trick[0] // 13 if trick else c // 13
    if c // 13 != led or c in trick:  # off suit, or it cancels the copy already there: it cannot win
        return Fact("loses", (CARDS[c],), points=points)
    later = _later(obs)
    could = 0
    for s in later:
        could |= _may_hold(obs, s)
    after = [*trick, c]
    standing = [x for x in after if x // 13 == led and after.count(x) == 1]
    above = [x for x in standing if x > c]
    if any(not could >> x & 1 for x in above):  # a higher card nobody still to play can cancel
        return Fact("loses", (CARDS[c],), points=points)
    higher_out = could & SUIT_MASKS[led] & ~((1 << (c + 1)) - 1)
    if not above and not could >> c & 1 and not higher_out:
        return Fact("wins", (CARDS[c],), points=points)
    return None


def cancel_facts(obs: Observation, card: Card | int) -> list[Fact]:
    """What is surely true of playing ``card`` now, the two-pack way (see the module's text): the trick
    outcome when it is certain, then what its twin can do.

    >>> from hearts import Deal, HandState, Rules
    >>> rules = Rules.cancellation(6, passing=False)
    >>> h = HandState(Deal.from_number(4, rules), rules)
    >>> obs = h.observation(h.to_play)
    >>> all(f.kind in ("wins", "loses", *CANCEL_FACTS) for c in obs.legal_moves for f in cancel_facts(obs, c))
    True
    """
    c = int(card)
    facts: list[Fact] = []
    outcome = trick_outcome_two(obs, c)
    if outcome is not None:
        facts.append(outcome)
    trick = [(s, int(x)) for s, x in obs.trick]
    led = trick[0][1] // 13 if trick else c // 13
    if c // 13 != led:
        return facts
    there = [s for s, x in trick if x == c]
    if there:
        facts.append(Fact("cancels", (CARDS[c],), seat=there[0]))
        return facts
    seen = _twin_seen(obs, c)
    if seen is None:
        if any(_may_hold(obs, s) >> c & 1 for s in _later(obs)):
            facts.append(Fact("twin_out", (CARDS[c],)))
    elif seen != -2 and (outcome is None or outcome.kind != "loses"):
        facts.append(Fact("twin_safe", (CARDS[c],), count=seen))
    return facts


def position_facts(obs: Observation) -> list[Fact]:
    """What is true of the position with two packs: the trick in progress all cancelled so far, the cards
    that wait, the widow (see the module's text)."""
    facts: list[Fact] = []
    rules = obs.rules
    trick = [int(x) for _, x in obs.trick]
    last = obs.trick_number + 1 == rules.hand_size
    if trick and cancel_trick(trick)[0] < 0:
        facts.append(Fact("all_cancelled", seat=obs.leader if last else None,
                          points=rules.points_of(ms_from(trick))))  # fmt: skip
    if obs.pile_mask:
        count = len(getattr(obs, "pile_tricks", ()))  # a CancelObservation's
        facts.append(Fact("pile", count=count, points=rules.points_of(obs.pile_mask)))
    if obs.widow_taker < 0 and rules.widow_size:
        facts.append(Fact("widow_waits", count=rules.widow_size))
    elif obs.tricks and obs.tricks[-1].widow:  # taken with the trick just finished: say what it held
        t = obs.tricks[-1]
        points = rules.points_of(ms_from(int(c) for c in t.widow))
        facts.append(Fact("widow_taken", t.widow, seat=t.winner, points=points))
    return facts


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
        return Explanation("play", obs.seat, n, (c,), (Fact("forced", (c,)), *cancel_facts(obs, c),
                                                        *position_facts(obs)))  # fmt: skip
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
    facts += cancel_facts(obs, card)
    facts += position_facts(obs)
    if rule.tip is not None and rule.card == card:
        facts.append(Fact("tip_follows", (card,), tip=rule.tip))
    return Explanation("play", obs.seat, n, (card,), tuple(facts), ev, rule.tip if rule.card == card else None)


def cancel_words(f: Fact, lang: str, e: Explanation) -> str:
    """One fact of :data:`CANCEL_FACTS` in words (``hearts/locale/hints.*.json``, keys ``hint.two.*``).

    >>> from hearts.explain import fact_words
    >>> fact_words(Fact("twin_out", (Card.parse("KS"),)), "en")
    'The other K♠ has not been seen yet: if it falls on this trick, the two cancel and a lower card can win it.'
    >>> fact_words(Fact("widow_waits", count=2), "es")
    'La viuda (2 cartas boca abajo) se la lleva, con los puntos que tenga, el primero que gane una baza.'
    """
    k = f.kind
    card = " ".join(map(str, f.cards))
    seat = "" if f.seat is None else seat_name(f.seat, lang, e.num_players)
    values: dict[str, Any] = {"card": card, "seat": seat, "points": f.points, "count": f.count}
    if k == "twin_safe":
        if f.count == -1:
            return text("hint.two.twin_safe.hand", lang, **values)
        return text("hint.two.twin_safe.played", lang, **values, number=f.count + 1)
    if k == "all_cancelled":
        key = "hint.two.all_cancelled" if f.seat is None else "hint.two.all_cancelled_last"
        if f.seat == e.seat:
            key += "_you"
        return text_n(key, f.points, lang, **values)
    if k == "pile":
        return text_n("hint.two.pile", f.points, lang, **values)
    if k == "widow_waits":
        return text_n("hint.two.widow_waits", f.count, lang, **values)
    if k == "widow_taken":
        who = "you" if f.seat == e.seat else "seat"
        return text_n(f"hint.two.widow_taken.{who}", f.points, lang, **values, cards=", ".join(map(str, f.cards)))
    return text(f"hint.two.{k}", lang, **values)
