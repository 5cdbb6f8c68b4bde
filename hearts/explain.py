"""Hints a strong player would give, with reasons that are true: the expert's choice, explained from facts.

:func:`hint` asks the expert (:class:`~hearts.bots.expert.ExpertBot`) for its
pass or card from one seat's :class:`~hearts.observation.Observation`, at the
expert's budget on the native kernel and at :data:`PYTHON_WORLDS` /
:data:`PYTHON_PASS_WORLDS` on the pure-Python path (so that a hint stays under
half a second there; see :func:`hint_budget`). What decided it and what is
true in the position is kept as an :class:`Explanation`: a tuple of
:class:`Fact` records, and only then put into words, in English or Spanish,
through the message catalogue (``hearts/locale/hints.*.json``):

- the expected points of the hinted card beside those of the other cards a
  learner would consider, from the same evaluation the hand review shows,
  each with its margin (two standard errors);
- what the card does in this trick: certain to win it, unable to win it, or
  winning unless one of the named cards still out is played on it. "Certain"
  means in every layout of the hidden cards that agrees with what the seat has
  seen (:func:`trick_outcome`);
- the strategy tip the hint follows, found by the tips' own detectors (the
  rule bot's decision for the position and the tip it names), or, where the
  tip chooses another card, what that costs here, played out again in fresh
  deals, and a true public fact that explains it when there is one (for a
  pass, a fact about the seat's own hand: "because you hold 2 spades below Q♠
  to guard it");
- two cards equal within the evaluation's noise are named both.

Claims about other players' hands come only from what is public: a player
"has no ♣ left" only after showing out of clubs.

>>> from hearts import Deal, HandState
>>> h = HandState(Deal.from_number(5))
>>> e = hint(h.observation(0), worlds=40, pass_worlds=8)
>>> e.kind, len(e.cards)
('pass', 3)
>>> e.words("en").startswith("Pass " + " ".join(map(str, e.cards)))
True
>>> "{" in e.words("es")
False
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterable, Sequence
from typing import Any

from hearts import sim
from hearts.bots.base import Bot, Decision
from hearts.bots.expert import (
    DEFAULT_PASS_WORLDS,
    DEFAULT_WORLDS,
    Evaluation,
    ExpertBot,
    OptionValue,
    evaluate_pass,
    evaluate_play,
    hidden_constraints,
)
from hearts.bots.rule_bot import RuleBot
from hearts.bots.tips import tip_title
from hearts.cards import CARDS, HEARTS_MASK, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SUIT_MASKS, Card, CardSet
from hearts.deal import StableRandom
from hearts.errors import OptionError
from hearts.hand import Phase, Trick
from hearts.messages import check_language, number, seat_name, text, text_n
from hearts.observation import Observation
from hearts.rules import DEFAULT_RULES, Rules

__all__ = [
    "EQUAL_Z",
    "PYTHON_PASS_WORLDS",
    "PYTHON_WORLDS",
    "Estimate",
    "Explanation",
    "Fact",
    "HintBot",
    "HintDecision",
    "fact_words",
    "hint",
    "hint_budget",
    "trick_outcome",
    "trick_taken",
    "why_not",
]

PYTHON_WORLDS = 100
"""Deals sampled per play hint on the pure-Python path (the expert's own budget, 300, on the native kernel)."""
PYTHON_PASS_WORLDS = 24
"""Playouts per candidate pass for a pass hint on the pure-Python path (48 on the native kernel)."""

EQUAL_Z = 2.0
"""Two options are equal within the evaluation's noise when their paired difference is below this many
standard errors (or below 0.05 points)."""

_SUITS = "♣♦♠♥"


def hint_budget(path: str | None = None) -> tuple[int, int]:
    """``(worlds, pass_worlds)`` a hint uses on ``path`` (``"native"`` or ``"python"``; default: this process's).

    >>> hint_budget("native"), hint_budget("python")
    ((300, 48), (100, 24))
    """
    path = sim.kernel() if path is None else path
    if path not in ("native", "python"):
        raise OptionError(f"path must be 'native' or 'python', not {path!r}", "path")
    return (DEFAULT_WORLDS, DEFAULT_PASS_WORLDS) if path == "native" else (PYTHON_WORLDS, PYTHON_PASS_WORLDS)


# ----------------------------------------------------------------------------
# Facts
# ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Estimate:
    """One option's expected points for the seat (hand score, moon included) and its standard error.

    >>> Estimate((Card.parse("8C"),), 0.42, 0.05).margin
    0.1
    """

    cards: tuple[Card, ...]
    expected: float
    stderr: float

    @property
    def margin(self) -> float:
        """Two standard errors (about 95 %), as the hand review shows them."""
        return 2 * self.stderr

    @property
    def label(self) -> str:
        """The cards as notation."""
        return " ".join(map(str, self.cards))


@dataclasses.dataclass(frozen=True)
class Fact:
    """One thing the explanation says. ``kind`` is one of:

    ``forced`` (``cards``: the only legal card); ``estimate`` (``estimate``: the hinted option, ``compare``:
    others a learner would consider); ``tie`` (``estimate`` and ``compare[0]`` equal within noise; ``gap``,
    ``gap_se`` their paired difference); ``wins`` (``cards[0]`` is certain to win this trick, with ``points``
    in it so far); ``loses`` (``cards[0]`` cannot win it); ``unless`` (``cards[0]`` wins it unless one of
    ``others``, all still out, is played on it); ``may_win`` (the same with ``count`` such cards, too many to
    name, of ``suit``); ``void`` (``seat`` has shown out of ``suit``; "you" for the reader's own seat);
    ``unbroken`` (hearts are not broken and no heart in the hand may be led); ``broken`` (hearts are broken:
    a heart may be led); ``took`` (``seat`` took trick number ``count`` with ``cards[0]``, ``points`` in it,
    the penalty cards ``others``); ``queen_out`` (Q♠ is not played and not in the hand); ``tip_follows``
    (the rule bot's detectors chose ``cards`` by ``tip``); ``tip_differs`` (``tip`` chooses ``others``
    instead: ``gap`` ± 2 ``gap_se`` more points here, because of the fact in ``because``, if any);
    ``tip_equal`` (the same, the two equal within noise); a pass's ``because``, about the seat's own hand:
    ``queen_guarded`` (Q♠ kept, ``count`` spades below it in the hand), ``queen_short`` (Q♠ passed, only
    ``count`` below it), ``above_queen`` (``cards``, A♠ or K♠, passed while Q♠ is not in the hand),
    ``low_card`` (``cards[0]`` kept, ``count`` higher cards of ``suit`` in other hands); ``tip_better`` (the
    tip's choice did surely better in the fresh deals: ``gap`` below zero); for :func:`why_not`: ``why``
    (``estimate`` of ``cards`` beside ``compare[0]``, the hinted card's), ``why_pass`` (the best pass weighed
    with ``cards[0]``: ``others``), ``not_weighed`` (no pass the expert weighed has ``cards[0]``: it is among
    the safest cards to keep), ``is_hint``.
    """

    kind: str
    cards: tuple[Card, ...] = ()
    others: tuple[Card, ...] = ()
    seat: int | None = None
    suit: int | None = None
    points: int = 0
    count: int = 0
    tip: str | None = None
    estimate: Estimate | None = None
    compare: tuple[Estimate, ...] = ()
    gap: float = math.nan
    gap_se: float = math.nan
    because: Fact | None = None


@dataclasses.dataclass(frozen=True)
class Explanation:
    """A hint (or a "why not this card?") as facts: what decided it and what is true in the position.

    ``cards`` is the hinted pass or card, ``evaluation`` the expert's (``None`` for a forced card),
    ``facts`` what the words say, in order; :meth:`words` says them in ``lang``.
    """

    kind: str  # "pass" or "play"
    seat: int
    num_players: int
    cards: tuple[Card, ...]
    facts: tuple[Fact, ...]
    evaluation: Evaluation | None = dataclasses.field(default=None, repr=False, compare=False)
    tip: str | None = None
    subject: tuple[Card, ...] = ()
    """For :func:`why_not`: the card asked about (empty for the hint itself)."""

    def words(self, lang: str = "en") -> str:
        """Every fact in words, in ``lang`` (``"en"`` or ``"es"``)."""
        return " ".join(self.sentences(lang))

    def sentences(self, lang: str = "en") -> list[str]:
        """Each fact in words, one sentence each (the table lists a pass hint's this way)."""
        check_language(lang)
        return [_fact_words(f, lang, self) for f in self.facts]

    def estimate_of(self, cards: Iterable[Card | int]) -> Estimate | None:
        """The evaluation's estimate of one option (``None`` if it was not evaluated)."""
        if self.evaluation is None:
            return None
        o = self.evaluation.value_of(cards)
        return None if o is None else _estimate(o)


# ----------------------------------------------------------------------------
# What a card does in this trick (certain over every consistent layout)
# ----------------------------------------------------------------------------

_NAMED = 3
"""Up to this many cards that could beat a card are named; more are counted."""


def trick_outcome(obs: Observation, card: Card | int) -> Fact:
    """What playing ``card`` now does in this trick, for every layout of the hidden cards consistent with ``obs``.

    ``wins`` when no player still to play can hold a higher card of the led suit (the suits they showed out
    of, the cards passed to them and what legality revealed are counted: :func:`hidden_constraints`);
    ``loses`` when the card does not follow the led suit or is below the winning card; ``unless`` with the
    higher cards someone still to play could hold otherwise (``may_win`` when there are more than three).

    >>> from hearts import Deal, HandState
    >>> h = HandState(Deal.from_number(5))
    >>> for s in range(4):
    ...     h.pass_cards(s, sorted(h.hand_of(s))[:3])
    >>> f = trick_outcome(h.observation(h.to_play), Card.parse("2C"))
    >>> f.kind, f.count  # the eight higher clubs it does not hold could still fall on it
    ('may_win', 8)
    """
    c = int(card)
    n = obs.rules.num_players
    trick = [int(x) for _, x in obs.trick]
    points = obs.rules.points_of(sum(1 << x for x in trick))
    if trick:
        led = trick[0] // 13
        top = max(x for x in trick if x // 13 == led)
        if c // 13 != led or c < top:
            return Fact("loses", (CARDS[c],), points=points)
    led = c // 13
    cons = hidden_constraints(obs)
    later = [(obs.seat + k) % n for k in range(1, n - len(trick))]
    higher = [u for u in range(c + 1, (led + 1) * 13) if obs.unseen_mask >> u & 1]
    beaters = [
        u for u in higher
        if any(cons.known[s] >> u & 1 or (cons.free >> u & 1 and not cons.forbidden[s] >> u & 1) for s in later)
    ]  # fmt: skip
    if not beaters:
        return Fact("wins", (CARDS[c],), points=points)
    if len(beaters) <= _NAMED:
        return Fact("unless", (CARDS[c],), tuple(CARDS[u] for u in beaters), points=points)
    return Fact("may_win", (CARDS[c],), suit=led, count=len(beaters), points=points)


def trick_taken(trick: Trick, rules: Rules = DEFAULT_RULES) -> Fact:
    """Who took a finished trick, with which card, and its points: the ``took`` fact (learn mode and the
    walkthrough say it after each trick). The cards named are those that score under ``rules`` (hearts, Q♠,
    and J♦ where it takes 10 off).

    >>> from hearts import Deal, HandState
    >>> h = HandState(Deal.from_number(5))
    >>> for s in range(4):
    ...     h.pass_cards(s, sorted(h.hand_of(s))[:3])
    >>> for _ in range(4):
    ...     h.play(h.legal_moves.lowest())
    >>> f = trick_taken(h.tricks[0])
    >>> fact_words(f, "en") == f"{seat_name(f.seat, 'en')} took trick 1 with {f.cards[0]}: no points in it."
    True
    """
    best = trick.played_by(trick.winner)
    penalty = tuple(c for c in trick.cards if rules.card_points(c))
    return Fact("took", (best,), penalty, seat=trick.winner, points=trick.points, count=trick.number + 1)


def _voids_in(obs: Observation, suit: int) -> list[int]:
    return [s for s in range(obs.rules.num_players) if s != obs.seat and obs.voids[s] >> suit & 1]


def _because(obs: Observation, card: Card) -> Fact | None:
    """A true public fact that tells why ``card`` (the tip's) is worse here, when there is a plain one."""
    c = int(card)
    if not obs.trick:
        out = _voids_in(obs, c // 13)
        points_out = obs.unseen_mask & (HEARTS_MASK | 1 << QUEEN_OF_SPADES)
        if out and points_out:
            return Fact("void", seat=out[0], suit=c // 13)
    f = trick_outcome(obs, c)
    if f.kind == "wins" or (f.kind == "unless" and len(f.others) <= 2):
        return f
    return None


_LOW_RANK = 6
"""Cards up to 8 (rank index 6) are low: a tip that passes one away gives up a safe card to keep ..."""
_LOW_HIGHER = 4
"""... when at least this many higher cards of its suit are in other hands."""


def _spades_below_queen(hand: int) -> int:
    return (hand & SUIT_MASKS[2] & ((1 << QUEEN_OF_SPADES) - 1)).bit_count()


def _pass_because(obs: Observation, mine: Sequence[Card], theirs: Sequence[Card]) -> Fact | None:
    """A true fact about the seat's own hand that tells why the tips' pass ``theirs`` is worse than ``mine``.

    Only what the player sees during the pass (the hand) is used, and only a fact about a card the two passes
    treat differently: Q♠ kept with two or more spades below it (``queen_guarded``), Q♠ passed with at most
    two below it (``queen_short``), A♠ or K♠ passed while Q♠ is not in the hand (``above_queen``), or a low
    card (2 to 8) the tips pass and the hint keeps, with at least four higher cards of its suit in other
    hands (``low_card``).
    """
    return _pass_because_hand(obs.hand_mask, mine, theirs)


def _pass_because_hand(hand: int, mine: Iterable[Card], theirs: Iterable[Card]) -> Fact | None:
    """:func:`_pass_because` for the hand ``hand`` (a mask).

    >>> hand = CardSet.parse("2C 6C AC 2D 7D 8D KD 6S JS QS AS 9H 10H")
    >>> f = _pass_because_hand(hand.mask, CardSet.parse("8D 9H 10H"), CardSet.parse("AC QS AS"))
    >>> f.kind, f.count, fact_words(f, "en")
    ('queen_guarded', 2, 'You hold 2 spades below Q♠ to guard it.')
    >>> hand = CardSet.parse("7C KC AC 3D 9D JD QD 5S 6S 8S KS AS QH")
    >>> f = _pass_because_hand(hand.mask, CardSet.parse("AC KS QH"), CardSet.parse("7C KC AC"))
    >>> fact_words(f, "en"), fact_words(f, "es")
    ('K♠ ranks above Q♠, which is not in your hand.', 'K♠ está por encima de la Q♠, que no está en tu mano.')
    """
    mine_set, their_set = {int(c) for c in mine}, {int(c) for c in theirs}
    qs = int(QUEEN_OF_SPADES)
    below = _spades_below_queen(hand)
    if qs in their_set and qs not in mine_set and below >= 2:
        return Fact("queen_guarded", (QUEEN_OF_SPADES,), count=below)
    if qs in mine_set and qs not in their_set and below <= 2:
        return Fact("queen_short", (QUEEN_OF_SPADES,), count=below)
    high = tuple(CARDS[c] for c in sorted(mine_set - their_set) if c // 13 == 2 and c > qs)
    if high and not hand >> qs & 1:
        return Fact("above_queen", high)
    for c in sorted(c for c in their_set - mine_set if c % 13 <= _LOW_RANK):
        higher = (SUIT_MASKS[c // 13] & ~((2 << c) - 1) & ~hand).bit_count()
        if higher >= _LOW_HIGHER:
            return Fact("low_card", (CARDS[c],), suit=c // 13, count=higher)
    return None


_CANCEL_FACTS = ("cancels", "twin_out", "twin_safe", "all_cancelled", "pile", "widow_waits", "widow_taken")
"""The facts only two packs have (:data:`hearts.cancel_hint.CANCEL_FACTS`, said by its ``cancel_words``)."""

_OWN_HAND = ("queen_guarded", "queen_short", "above_queen", "low_card")
"""Facts about the seat's own hand (a pass's reason): a sentence that starts with a word ("You hold …") goes
on in lower case after "because"."""


# ----------------------------------------------------------------------------
# The hint
# ----------------------------------------------------------------------------


def _estimate(o: OptionValue) -> Estimate:
    return Estimate(tuple(sorted(o.cards)), o.expected, o.stderr)


def _rng(obs: Observation, salt: str) -> random.Random:
    """A random source fixed by the position: the same position always gets the same hint."""
    parts = ["hearts-hint/v1", salt, str(obs.seat), str(obs.hand_mask), str(obs.played_mask)]
    parts += [c.code for _, c in obs.trick]
    return random.Random(StableRandom("/".join(parts)).bits64())


def _paired(a: OptionValue, b: OptionValue, draws: Sequence[int]) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the worlds both were played out in."""
    from hearts.stats import paired_difference

    k = min(len(a.scores), len(b.scores))
    if draws and sum(draws) == k:
        return paired_difference(a.scores, b.scores, draws)
    return paired_difference(a.scores[:k], b.scores[:k])


_TIP_AGAINST = ("tip_differs", "tip_equal", "tip_better")
"""The facts that set the tip's choice against the hint's."""


def _tip_kind(gap: float, se: float) -> str:
    """How the tip's choice did against the hint's in fresh deals (``gap``: the tip's points minus the hint's):
    surely worse (``tip_differs``), surely better (``tip_better``: the hint was a close call the screening
    misjudged), or equal within the noise (``tip_equal``)."""
    if _equal(gap, se):
        return "tip_equal"
    return "tip_differs" if gap > 0 else "tip_better"


def _equal(gap: float, se: float) -> bool:
    return math.isnan(gap) or abs(gap) < 0.05 or (not math.isnan(se) and abs(gap) < EQUAL_Z * se)


def hint(
    obs: Observation, *, worlds: int | None = None, pass_worlds: int | None = None, seed: int | None = 0
) -> Explanation:
    """The expert's pass or card for ``obs``, explained (see the module's text).

    ``worlds`` and ``pass_worlds`` default to :func:`hint_budget`; the expert's random source is seeded from
    the position (and ``seed``), so the same position always gets the same hint.
    """
    default_worlds, default_pass = hint_budget()
    worlds = default_worlds if worlds is None else worlds
    pass_worlds = default_pass if pass_worlds is None else pass_worlds
    if obs.rules.decks == 2:  # Cancellation Hearts: the two-pack expert's card, the rule bot's pass
        from hearts.cancel_hint import hint_two

        return hint_two(obs, worlds=worlds, seed=seed)
    rng = _rng(obs, f"expert/{seed}")
    expert = ExpertBot(rng.getrandbits(64), worlds=worlds, pass_worlds=pass_worlds)
    if obs.phase is Phase.PASSING:
        return _pass_hint(obs, expert, pass_worlds, seed)
    if obs.phase is not Phase.PLAYING or not obs.is_my_turn:
        from hearts.errors import HeartsError

        raise HeartsError(f"seat {obs.seat} has nothing to choose now: no hint")
    return _play_hint(obs, expert, worlds, seed)


def _play_hint(obs: Observation, expert: ExpertBot, worlds: int, seed: int | None) -> Explanation:
    n = obs.rules.num_players
    legal = obs.legal_mask()
    if legal.bit_count() == 1:
        (c,) = CardSet(legal)
        return Explanation("play", obs.seat, n, (c,), (Fact("forced", (c,)), trick_outcome(obs, c)))
    ev = expert.evaluate_play(obs)
    best = ev.best
    card = best.cards[0]
    facts: list[Fact] = []
    rule = RuleBot().decide_play(obs)
    tip_card = rule.card if rule.tip is not None and rule.card != card else None
    compare = [o for o in ev.options[1:3]]
    if tip_card is not None and all(o.cards[0] != tip_card for o in compare):
        tip_value = ev.value_of([tip_card])
        if tip_value is not None:
            compare.append(tip_value)
    facts.append(Fact("estimate", (card,), estimate=_estimate(best), compare=tuple(map(_estimate, compare))))
    second = ev.options[1]
    gap, se = _paired(second, best, ev.draws)
    if _equal(gap, se):
        facts.append(Fact("tie", (card,), second.cards, estimate=_estimate(best), compare=(_estimate(second),),
                          gap=gap, gap_se=se))  # fmt: skip
    facts += _card_facts(obs, card)
    if rule.tip is not None and rule.card == card:
        facts.append(Fact("tip_follows", (card,), tip=rule.tip))
    elif tip_card is not None:
        # The tip's card against the hint's, played out again in fresh deals (no winner's flattery).
        check = evaluate_play(obs, _rng(obs, f"tip/{seed}"), worlds, candidates=[card, tip_card])
        a, b = check.value_of([tip_card]), check.value_of([card])
        assert a is not None and b is not None
        gap, se = paired_gap(a, b, check.draws)
        kind = _tip_kind(gap, se)
        because = _because(obs, tip_card) if kind == "tip_differs" else None
        facts.append(Fact(kind, (card,), (tip_card,), tip=rule.tip, gap=gap, gap_se=se, because=because))
    return Explanation("play", obs.seat, n, (card,), tuple(facts), ev, rule.tip if rule.card == card else None)


def paired_gap(a: OptionValue, b: OptionValue, draws: Sequence[int] = ()) -> tuple[float, float]:
    """Mean and standard error of ``a``'s points minus ``b``'s, over the deals both were played out in.

    >>> a = OptionValue((Card.parse("8C"),), 1.0, 0.0, 3, (1, 1, 1))
    >>> b = OptionValue((Card.parse("JH"),), 2.0, 0.0, 3, (2, 2, 2))
    >>> paired_gap(b, a)
    (1.0, 0.0)
    """
    return _paired(a, b, draws)


def _card_facts(obs: Observation, card: Card) -> list[Fact]:
    """What is true about playing ``card`` here: its trick outcome, and the public facts behind a lead."""
    c = int(card)
    facts = [trick_outcome(obs, card)]
    if c // 13 == 2 and c < QUEEN_OF_SPADES and obs.unseen_mask >> QUEEN_OF_SPADES & 1:
        facts.append(Fact("queen_out"))
    if not obs.trick and not obs.hearts_broken and obs.hand_mask & HEARTS_MASK and not obs.legal_mask() & HEARTS_MASK:
        facts.append(Fact("unbroken"))
    return facts


def _pass_hint(obs: Observation, expert: ExpertBot, pass_worlds: int, seed: int | None) -> Explanation:
    n = obs.rules.num_players
    ev = expert.evaluate_pass(obs)
    best = ev.best
    cards = tuple(sorted(best.cards))
    facts: list[Fact] = []
    compare = [o for o in ev.options[1:2]]
    facts.append(Fact("estimate", cards, estimate=_estimate(best), compare=tuple(map(_estimate, compare))))
    if len(ev.options) > 1:
        second = ev.options[1]
        gap, se = _paired(second, best, ())
        if _equal(gap, se):
            facts.append(Fact("tie", cards, tuple(sorted(second.cards)), estimate=_estimate(best),
                              compare=(_estimate(second),), gap=gap, gap_se=se))  # fmt: skip
    rule = RuleBot().decide_pass(obs)
    tips: dict[str, list[Card]] = {}
    for part in rule.parts or (rule,):
        for c in part.cards:
            if c in cards and part.tip is not None:
                tips.setdefault(part.tip, []).append(c)
    for tip, tipped in tips.items():
        facts.append(Fact("tip_follows", tuple(sorted(tipped)), tip=tip))
    theirs = tuple(sorted(rule.cards))
    if theirs != cards and rule.tip is not None:
        mine_mask, their_mask = CardSet(cards).mask, CardSet(theirs).mask
        check = evaluate_pass(obs, _rng(obs, f"tip-pass/{seed}"), 2 * pass_worlds, candidates=[mine_mask, their_mask])
        a, b = check.value_of(theirs), check.value_of(cards)
        assert a is not None and b is not None
        gap, se = _paired(a, b, ())
        differing = [p.tip for p in rule.parts if p.cards[0] not in cards and p.tip is not None] or [rule.tip]
        kind = _tip_kind(gap, se)
        because = _pass_because(obs, cards, theirs) if kind == "tip_differs" else None
        facts.append(Fact(kind, cards, theirs, tip=differing[0], gap=gap, gap_se=se, because=because))
    return Explanation("pass", obs.seat, n, cards, tuple(facts), ev, rule.tip if theirs == cards else None)


def why_not(obs: Observation, given: Explanation, card: Card | int) -> Explanation:
    """"Why not this card?": ``card``'s expected points beside the hinted card's, and what each does here.

    ``given`` is the hint for ``obs`` (:func:`hint`); ``card`` must be legal now.

    >>> from hearts import Deal, HandState
    >>> h = HandState(Deal.from_number(5))
    >>> for s in range(4):
    ...     h.pass_cards(s, sorted(h.hand_of(s))[-3:])
    >>> h.play(h.legal_moves.lowest()); obs = h.observation(h.to_play)
    >>> e = hint(obs, worlds=30)
    >>> other = next(c for c in obs.legal_moves if c != e.cards[0])
    >>> w = why_not(obs, e, other)
    >>> w.subject == (other,) and str(other) in w.words("en") and str(e.cards[0]) in w.words("es")
    True
    """
    c = Card(int(card))
    n = obs.rules.num_players
    if given.kind == "pass" and obs.phase is Phase.PASSING and obs.hand_mask >> c & 1:
        return _why_not_pass(obs, given, c)
    if given.kind != "play" or obs.phase is not Phase.PLAYING or not obs.legal_mask() >> c & 1:
        raise OptionError(f"{c} is not a legal card for seat {obs.seat} to play or pass now", "card")
    hinted = given.cards[0]
    if c == hinted:
        facts = [Fact("is_hint", (c,)), *(f for f in given.facts if f.kind not in _TIP_AGAINST)]
        return Explanation("play", obs.seat, n, given.cards, tuple(facts), given.evaluation, given.tip, (c,))
    ev = given.evaluation
    facts = []
    if ev is not None:
        mine, theirs = ev.value_of([c]), ev.value_of([hinted])
        if mine is not None and theirs is not None:
            gap, se = _paired(mine, theirs, ev.draws)
            facts.append(Fact("why", (c,), (hinted,), estimate=_estimate(mine), compare=(_estimate(theirs),),
                              gap=gap, gap_se=se))  # fmt: skip
            if _equal(gap, se):
                facts.append(Fact("tie", (hinted,), (c,), estimate=_estimate(theirs), compare=(_estimate(mine),),
                                  gap=gap, gap_se=se))  # fmt: skip
    if obs.rules.decks == 1:
        facts.append(trick_outcome(obs, c))
        facts.append(trick_outcome(obs, hinted))
    else:  # two packs: what each card surely does with cancelling counted, and what its twin can do
        from hearts.cancel_hint import cancel_facts

        facts += cancel_facts(obs, c) + cancel_facts(obs, hinted)
    if not obs.trick:
        facts += [Fact("void", seat=s, suit=int(c) // 13) for s in _voids_in(obs, int(c) // 13)][:1]
    for f in given.facts:
        if f.kind in _TIP_AGAINST and f.others == (c,):
            facts.append(f)
    return Explanation("play", obs.seat, n, given.cards, tuple(facts), ev, given.tip, (c,))


def _why_not_pass(obs: Observation, given: Explanation, c: Card) -> Explanation:
    """A card of the hand during the pass: the best pass the expert weighed with it, beside the hinted pass."""
    n = obs.rules.num_players
    ev = given.evaluation
    facts: list[Fact] = []
    if c in given.cards:
        facts = [Fact("is_hint", (c,)), *(f for f in given.facts if f.kind not in _TIP_AGAINST)]
    elif ev is not None:
        with_it = next((o for o in ev.options if c in o.cards), None)
        if with_it is None:
            facts.append(Fact("not_weighed", (c,), given.cards))
        else:
            gap, se = _paired(with_it, ev.best, ())
            facts.append(Fact("why_pass", (c,), tuple(sorted(with_it.cards)), estimate=_estimate(with_it),
                              compare=(_estimate(ev.best),), gap=gap, gap_se=se))  # fmt: skip
            if _equal(gap, se):
                facts.append(Fact("tie", given.cards, tuple(sorted(with_it.cards)), estimate=_estimate(ev.best),
                                  compare=(_estimate(with_it),), gap=gap, gap_se=se))  # fmt: skip
    return Explanation("pass", obs.seat, n, given.cards, tuple(facts), ev, given.tip, (c,))


# ----------------------------------------------------------------------------
# Words
# ----------------------------------------------------------------------------


def _cards(cards: Sequence[Card], lang: str, joiner: str = "list") -> str:
    names = [str(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return text(f"hint.{joiner}", lang, first=", ".join(names[:-1]), last=names[-1])


def _pts(x: float, lang: str) -> str:
    return number(x, lang, 1)


def _below(gap: float, margin: float, lang: str) -> tuple[str, str]:
    """``gap`` and ``margin`` in words with as few digits (1 to 3) as show the gap below the margin: a tie's
    "they differ by 0.1 points, less than its margin of 0.1" would contradict itself.

    >>> _below(0.08, 0.12, "en"), _below(0.3, 0.9, "es"), _below(0.0994, 0.0996, "en")
    (('0.08', '0.12'), ('0,3', '0,9'), ('0.099', '0.100'))
    """
    digits = next((d for d in (1, 2) if round(gap, d) < round(margin, d)), 3)
    return number(gap, lang, digits), number(margin, lang, digits)


def _option(e: Estimate, lang: str) -> str:
    return text("hint.option", lang, cards=e.label, expected=_pts(e.expected, lang), margin=_pts(e.margin, lang))


def _pair(f: Fact, lang: str) -> dict[str, str]:
    """The numbers of a "why not": the option's estimate and the hinted option's."""
    assert f.estimate is not None and f.compare
    mine, theirs = f.estimate, f.compare[0]
    return {
        "expected": _pts(mine.expected, lang), "margin": _pts(mine.margin, lang),
        "other_expected": _pts(theirs.expected, lang), "hinted_margin": _pts(theirs.margin, lang),
    }  # fmt: skip


def fact_words(fact: Fact, lang: str = "en", *, kind: str = "play", num_players: int = 4, seat: int = 0) -> str:
    """One fact in words, for the player in ``seat`` ("you"): the review, learn mode's notes, the walkthrough
    and the table say the same things with the hint's words.

    >>> fact_words(Fact("wins", (Card.parse("JH"),)), "en")
    'J♥ is certain to win this trick.'
    >>> fact_words(Fact("unless", (Card.parse("8C"),), (Card.parse("JC"),)), "es")
    '8♣ gana esta baza salvo que le echen J♣.'
    >>> fact_words(Fact("void", seat=2, suit=0), "en"), fact_words(Fact("void", seat=2, suit=0), "en", seat=2)
    ('North has no ♣ left.', 'You have no ♣ left.')
    """
    check_language(lang)
    return _fact_words(fact, lang, Explanation(kind, seat, num_players, (), (fact,)))


def _fact_words(f: Fact, lang: str, e: Explanation) -> str:
    k = f.kind
    if k in _CANCEL_FACTS:  # Cancellation Hearts: twins, waiting tricks, the widow
        from hearts.cancel_hint import cancel_words

        return cancel_words(f, lang, e)
    card = " ".join(map(str, f.cards))
    seat = "" if f.seat is None else seat_name(f.seat, lang, e.num_players)
    suit = "" if f.suit is None else _SUITS[f.suit]
    if k == "forced":
        return text("hint.forced", lang, card=card)
    if k == "estimate":
        assert f.estimate is not None
        values: dict[str, Any] = {
            "cards": card, "expected": _pts(f.estimate.expected, lang), "margin": _pts(f.estimate.margin, lang),
        }  # fmt: skip
        others = [_option(o, lang) for o in f.compare]
        key = f"hint.{e.kind}.head" + ("_others" if others else "")
        return text(key, lang, **values, others="; ".join(others))
    if k == "why":
        assert f.estimate is not None
        return text("hint.why", lang, card=card, hinted=" ".join(map(str, f.others)), **_pair(f, lang))
    if k == "why_pass":
        assert f.estimate is not None
        return text("hint.why_pass", lang, card=card, cards=f.estimate.label, hinted=f.compare[0].label,
                    **_pair(f, lang))  # fmt: skip
    if k == "not_weighed":
        return text("hint.not_weighed", lang, card=card, hinted=" ".join(map(str, f.others)))
    if k == "is_hint":  # a pass hint is three cards: the card asked about is one of them
        return text("hint.why.same" if e.kind == "play" else "hint.why.same_pass", lang, card=card,
                    cards=" ".join(map(str, e.cards)))  # fmt: skip
    if k == "tie":
        gap, se = (0.0 if math.isnan(f.gap) else abs(f.gap)), (0.0 if math.isnan(f.gap_se) else f.gap_se)
        if gap == 0 and se == 0:  # the same points in every deal played out
            return text(f"hint.{e.kind}.same", lang, cards=card, other=" ".join(map(str, f.others)))
        if gap < 0.05 and EQUAL_Z * se < 0.05:  # both round to 0.0: say so without the numbers
            return text(f"hint.{e.kind}.close", lang, cards=card, other=" ".join(map(str, f.others)))
        shown_gap, shown_margin = _below(gap, EQUAL_Z * se, lang)
        return text(f"hint.{e.kind}.tie", lang, cards=card, other=" ".join(map(str, f.others)),
                    gap=shown_gap, margin=shown_margin)  # fmt: skip
    if k == "wins":
        if f.points:
            return text_n("hint.trick.wins_points", f.points, lang, card=card, points=f.points)
        return text("hint.trick.wins", lang, card=card)
    if k == "loses":
        return text("hint.trick.loses", lang, card=card)
    if k == "unless":
        return text("hint.trick.unless", lang, card=card, cards=_cards(f.others, lang, "either"))
    if k == "may_win":
        return text("hint.trick.may_win", lang, card=card, count=f.count, suit=suit)
    if k == "void":
        return text("hint.void.you" if f.seat == e.seat else "hint.void", lang, seat=seat, suit=suit)
    if k == "unbroken":
        return text("hint.unbroken", lang)
    if k == "broken":
        return text("hint.broken", lang)
    if k == "took":
        who = "you" if f.seat == e.seat else "seat"
        if JACK_OF_DIAMONDS in f.others:  # J♦ takes points off: the total may be 0 or less, no plural forms
            return text(f"hint.took.{who}.jack", lang, seat=seat, number=f.count, card=card, points=f.points,
                        cards=", ".join(map(str, f.others)))  # fmt: skip
        return text_n(f"hint.took.{who}", f.points, lang, seat=seat, number=f.count, card=card,
                      points=f.points, cards=", ".join(map(str, f.others)))  # fmt: skip
    if k == "queen_out":
        return text("hint.queen_out", lang)
    if k in ("queen_guarded", "queen_short"):
        return text_n(f"hint.pass.{k}", f.count, lang, count=f.count)
    if k == "above_queen":
        return text_n("hint.pass.above_queen", len(f.cards), lang, cards=_cards(f.cards, lang))
    if k == "low_card":
        return text_n("hint.pass.low_card", f.count, lang, card=card, count=f.count, suit=suit)
    assert f.tip is not None
    titles = [tip_title(name, lang) for name in f.tip.split("+")]  # a pass may follow several tips
    quoted = [text("hint.quote", lang, tip=t) for t in titles]
    tip = quoted[0] if len(quoted) == 1 else text("hint.list", lang, first=", ".join(quoted[:-1]), last=quoted[-1])
    if k == "tip_follows":
        return text(f"hint.{e.kind}.tip_follows", lang, cards=_cards(f.cards, lang), tip=tip)
    if k in _TIP_AGAINST:
        values = {
            "tip": tip, "tip_cards": " ".join(map(str, f.others)), "cards": card,
            "gap": _pts(abs(f.gap), lang), "margin": _pts(EQUAL_Z * f.gap_se, lang),
        }  # fmt: skip
        words = text(f"hint.{e.kind}.{k}", lang, **values)
        if f.because is not None:
            fact = _fact_words(f.because, lang, e)[:-1]
            if f.because.kind in _OWN_HAND and fact[:2].isalpha():  # "You hold …" but not "K♠ ranks …"
                fact = fact[0].lower() + fact[1:]
            words = words[:-1] + text("hint.because", lang, fact=fact)
        return words
    raise ValueError(f"no words for the fact {k!r}")  # pragma: no cover


# ----------------------------------------------------------------------------
# The bot behind the Hint button
# ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class HintDecision(Decision):
    """A :class:`~hearts.bots.base.Decision` whose words come from its :class:`Explanation`."""

    explanation: Explanation | None = None

    def explain(self, lang: str = "en") -> str:
        """The explanation in words."""
        if self.explanation is None:
            return super().explain(lang)
        return self.explanation.words(lang)

    def reasons(self, lang: str = "en") -> list[tuple[tuple[Card, ...], str]]:
        """One reason for all the cards: the explanation's words."""
        return [(self.cards, self.explain(lang))]


class HintBot(Bot):
    """The bot behind the Hint button: it chooses as the expert chooses and explains with :func:`hint`.

    ``worlds`` / ``pass_worlds`` default to :func:`hint_budget` for the path in use.

    >>> from hearts import Deal, HandState
    >>> d = HintBot(worlds=30, pass_worlds=6).decide_pass(HandState(Deal.from_number(2)).observation(0))
    >>> len(d.cards), d.explain("en") == d.explanation.words("en")
    (3, True)
    """

    name = "Hint"

    def __init__(self, seed: int | None = 0, *, worlds: int | None = None, pass_worlds: int | None = None) -> None:
        super().__init__(seed)
        self.worlds = worlds
        self.pass_worlds = pass_worlds
        self.last_explanation: Explanation | None = None

    def advise(self, obs: Observation) -> HintDecision:
        """The hint for ``obs`` as a decision that keeps its :class:`Explanation` (also in :attr:`last_explanation`)."""
        return self._decide(obs)

    def _decide(self, obs: Observation) -> HintDecision:
        e = hint(obs, worlds=self.worlds, pass_worlds=self.pass_worlds, seed=self.seed)
        self.last_explanation = e
        return HintDecision(e.cards, "hint.decision", (), e.tip, (), e)

    def decide_play(self, obs: Observation) -> Decision:
        """The expert's card, explained."""
        return self._decide(obs)

    def decide_pass(self, obs: Observation) -> Decision:
        """The expert's pass, explained."""
        return self._decide(obs)
