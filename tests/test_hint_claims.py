"""Every claim a hint makes is true in the full state of the hand (issue 34).

The hint is the expert's choice, explained by :mod:`hearts.explain` from facts. Over thousands of positions
from many seeded deals (hands of rule bots, random bots and cheap experts, with and without game totals) every
fact of the hint, and of a "why not this card?" for another card, is checked here against the
:class:`~hearts.hand.HandState` itself: the cards every player really holds, the tricks, the trick on the
table. "Certain to win" must hold for the real hands (and it is claimed for every layout the seat cannot rule
out, so it holds here); "North has no ♣ left" must be true of North's real hand; and so on.

The hints in the sweep use a small budget (:data:`WORLDS` deals per play, :data:`PASS_WORLDS` per pass): the
facts about the trick and the players do not depend on it, only which card is hinted.
"""

from __future__ import annotations

import math
import random

import pytest

from hearts import Deal, HandState
from hearts.bots import RandomBot, RuleBot
from hearts.bots.base import Bot
from hearts.bots.expert import DEFAULT_PASS_WORLDS, DEFAULT_WORLDS, ExpertBot
from hearts.cards import QUEEN_OF_SPADES, Card
from hearts.errors import OptionError
from hearts.explain import Explanation, Fact, HintBot, hint, hint_budget, trick_outcome, why_not
from hearts.game import Game
from hearts.hand import Phase
from hearts.observation import Observation

WORLDS = 12
PASS_WORLDS = 3


def _suit(c: int) -> int:
    return c // 13


class Full:
    """The full state at one decision of ``seat``: what the checks compare the claims with."""

    def __init__(self, h: HandState, seat: int) -> None:
        self.h = h
        self.seat = seat
        self.n = h.n
        self.hands = [{int(c) for c in h.hand_of(s)} for s in range(self.n)]
        self.trick = [(s, int(c)) for s, c in h.current_trick]
        self.played = {int(c) for t in h.tricks for c in t.cards} | {c for _, c in self.trick}
        self.legal = {int(c) for c in h.legal_moves_for(seat)} if h.phase is Phase.PLAYING else self.hands[seat]
        self.later = [(seat + k) % self.n for k in range(1, self.n - len(self.trick))]

    def still_out(self, c: int) -> bool:
        return c not in self.played and c not in self.hands[self.seat]

    def trick_points(self) -> int:
        return self.h.rules.points_of(sum(1 << c for _, c in self.trick))

    def would_lead_the_trick(self, c: int) -> bool:
        """Played now, ``c`` is the winning card of the trick so far."""
        if not self.trick:
            return True
        led = _suit(self.trick[0][1])
        return _suit(c) == led and c > max(x for _, x in self.trick if _suit(x) == led)

    def real_beaters(self, c: int) -> set[int]:
        """Higher cards of the suit ``c`` would win in, really held by the players still to play."""
        led = _suit(self.trick[0][1]) if self.trick else _suit(c)
        return {u for s in self.later for u in self.hands[s] if _suit(u) == led and u > c}


def check_fact(f: Fact, p: Full, e: Explanation, obs: Observation) -> str:
    """Assert the fact ``f`` is true in ``p``; returns its kind."""
    k = f.kind
    c = int(f.cards[0]) if f.cards else -1
    if k == "forced":
        assert p.legal == {c}
    elif k in ("estimate", "why", "why_pass"):
        assert f.estimate is not None and math.isfinite(f.estimate.expected) and f.estimate.stderr >= 0
        cards = f.estimate.cards if k != "why" else (f.cards[0],)
        assert {int(x) for x in cards} <= p.hands[p.seat]
        if e.kind == "play":
            assert all(int(o.cards[0]) in p.legal for o in f.compare)
    elif k == "tie":
        assert f.others and f.others != f.cards
        assert math.isnan(f.gap) or abs(f.gap) < 0.05 or abs(f.gap) < 2 * f.gap_se
    elif k == "wins":
        assert p.would_lead_the_trick(c) and not p.real_beaters(c), (f, p.trick, p.hands)
        assert f.points == p.trick_points()
    elif k == "loses":
        assert not p.would_lead_the_trick(c)
    elif k in ("unless", "may_win"):
        assert p.would_lead_the_trick(c)
        beaters = {int(x) for x in f.others}
        assert all(p.still_out(u) and u > c for u in beaters)
        if k == "unless":
            assert p.real_beaters(c) <= beaters, (f, p.real_beaters(c))
        else:
            assert len(p.real_beaters(c)) <= f.count <= sum(p.still_out(u) and _suit(u) == f.suit and u > c
                                                            for u in range(52))  # fmt: skip
    elif k == "void":
        assert f.seat is not None and f.seat != p.seat and f.suit is not None
        assert not any(_suit(x) == f.suit for x in p.hands[f.seat]), (f, p.hands[f.seat])
    elif k == "unbroken":
        assert not p.h.hearts_broken and not p.trick
        assert any(_suit(x) == 3 for x in p.hands[p.seat]) and not any(_suit(x) == 3 for x in p.legal)
    elif k == "queen_out":
        assert p.still_out(QUEEN_OF_SPADES)
    elif k == "tip_follows":
        rule = RuleBot().decide_pass(obs) if e.kind == "pass" else RuleBot().decide_play(obs)
        parts = rule.parts or (rule,)
        assert all(any(x in q.cards and q.tip == f.tip for q in parts) for x in f.cards), (f, rule)
    elif k in ("tip_differs", "tip_equal", "tip_better"):
        rule = RuleBot().decide_pass(obs) if e.kind == "pass" else RuleBot().decide_play(obs)
        assert set(f.others) == set(rule.cards) and set(f.others) != set(e.cards) and rule.tip is not None
        assert k == "tip_equal" or (f.gap >= 0.05 if k == "tip_differs" else f.gap <= -0.05)
        assert k == "tip_equal" or abs(f.gap) >= 2 * f.gap_se
        if f.because is not None:
            assert k == "tip_differs"
            if e.kind == "play":
                assert f.because.kind in ("void", "wins", "unless")
            else:  # a pass: only the seat's own hand, and a card the two passes treat differently
                assert f.because.kind in ("queen_guarded", "queen_short", "above_queen", "low_card")
                assert set(f.because.cards) <= set(e.cards) ^ set(f.others), (f, e.cards)
            check_fact(f.because, p, e, obs)
            for lang, word in (("en", "because"), ("es", "porque")):
                assert f", {word} " in e.words(lang), e.words(lang)
    elif k in ("queen_guarded", "queen_short"):  # Q♠ in the hand, with ``count`` spades below it there
        assert f.cards == (QUEEN_OF_SPADES,) and QUEEN_OF_SPADES in p.hands[p.seat]
        below = sum(_suit(x) == 2 and x < QUEEN_OF_SPADES for x in p.hands[p.seat])
        assert f.count == below and (below >= 2 if k == "queen_guarded" else below <= 2)
        assert (QUEEN_OF_SPADES in e.cards) == (k == "queen_short"), (f, e.cards)  # passed only when short
    elif k == "above_queen":  # A♠/K♠ passed by the hint, and Q♠ not in the hand
        assert QUEEN_OF_SPADES not in p.hands[p.seat] and set(f.cards) <= set(e.cards)
        assert all(_suit(int(x)) == 2 and int(x) > QUEEN_OF_SPADES for x in f.cards)
    elif k == "low_card":  # a card of 2 to 8 the hint keeps, with ``count`` higher cards of its suit elsewhere
        assert c in p.hands[p.seat] and f.cards[0] not in e.cards and c % 13 <= 6 and f.suit == _suit(c)
        higher = range(c + 1, (c // 13 + 1) * 13)
        # Held by the other players (a card another seat has already chosen to pass is still theirs until the
        # exchange): every higher card of the suit that is not the seat's own (nothing is played yet).
        assert not p.played and f.count == sum(u not in p.hands[p.seat] for u in higher)
        assert f.count >= 4
    elif k == "not_weighed":
        assert e.evaluation is not None and all(f.cards[0] not in o.cards for o in e.evaluation.options)
    elif k == "is_hint":
        assert f.cards[0] in e.cards
    else:
        raise AssertionError(f"a fact without a check: {k}")
    return k


def check(e: Explanation, p: Full, obs: Observation, seen: dict[str, int]) -> None:
    for lang in ("en", "es"):
        words = e.words(lang)
        assert "{" not in words and all(str(c) in words for c in e.cards + e.subject), words
    if e.kind == "play":
        assert int(e.cards[0]) in p.legal
        if e.evaluation is not None:  # the expert's choice: the option with the fewest expected points
            assert e.evaluation.best.cards == e.cards
    for f in e.facts:
        kind = check_fact(f, p, e, obs)
        seen[kind] = seen.get(kind, 0) + 1


def sweep(deals: range, budget: tuple[int, int] = (WORLDS, PASS_WORLDS)) -> dict[str, int]:
    """Hint at every decision of seat ``number % 4`` in each deal; check every claim. How often each came."""
    seen: dict[str, int] = {"positions": 0}
    for number in deals:
        rng = random.Random(number)
        kinds = [rng.choice(("rule", "rule", "random", "expert")) for _ in range(4)]
        bots: list[Bot] = [
            RuleBot() if k == "rule" else RandomBot(seed=number * 4 + s) if k == "random"
            else ExpertBot(seed=number * 4 + s, worlds=8, pass_worlds=2)
            for s, k in enumerate(kinds)
        ]  # fmt: skip
        me = number % 4
        totals = None if number % 3 == 0 else tuple(rng.randrange(0, 96) for _ in range(4))
        h = HandState(Deal.from_number(number, hand_number=number % 4 + 1))
        while not h.is_over and h.phase is not Phase.MOON_CHOICE:
            if h.phase is Phase.PASSING:
                for s in range(4):
                    obs = Observation.from_state(h, s, totals)
                    if s == me:
                        e = hint(obs, worlds=budget[0], pass_worlds=budget[1], seed=number)
                        check(e, Full(h, s), obs, seen)
                        other = rng.choice(sorted(obs.hand))
                        check(why_not(obs, e, other), Full(h, s), obs, seen)
                        seen["positions"] += 1
                    h.pass_cards(s, bots[s].decide_pass(obs).cards)
                continue
            s = h.to_play
            obs = Observation.from_state(h, s, totals)
            if s == me:
                e = hint(obs, worlds=budget[0], pass_worlds=budget[1], seed=number)
                check(e, Full(h, s), obs, seen)
                for c in obs.legal_moves:  # "why not" every legal card
                    if c != e.cards[0] and rng.random() < 0.5:
                        check(why_not(obs, e, c), Full(h, s), obs, seen)
                seen["positions"] += 1
            h.play(bots[s].decide_play(obs).card, s)
    return seen


def test_every_claim_of_every_hint_is_true_in_the_full_state() -> None:
    seen = sweep(range(480))  # 480 deals, about 6,600 positions (about 15 s on the native kernel)
    assert seen["positions"] >= 6000, seen
    # Every kind of claim came up (each checked every time it did).
    kinds = {"forced", "estimate", "tie", "wins", "loses", "unless", "may_win", "void", "unbroken", "queen_out",
             "tip_follows", "tip_differs", "tip_equal", "why", "why_pass", "is_hint"}  # fmt: skip
    assert kinds <= set(seen), kinds - set(seen)


def test_a_pass_the_tips_would_make_worse_says_a_true_because() -> None:
    """Where the tips' pass surely costs more than the hint's, the hint says why from the seat's own hand (Q♠
    guarded or short, A♠/K♠ passed without Q♠, a low card kept), and each such claim is true."""
    because: dict[str, int] = {}
    differs = 0
    for number in range(500):
        h = HandState(Deal.from_number(number, hand_number=number % 4 + 1))
        if h.phase is not Phase.PASSING:
            continue
        obs = h.observation(number % 4)
        e = hint(obs, worlds=WORLDS, pass_worlds=PASS_WORLDS, seed=number)
        check(e, Full(h, number % 4), obs, {})  # checks each "because" (see check_fact)
        for f in e.facts:
            if f.kind == "tip_differs":
                differs += 1
                if f.because is not None:
                    because[f.because.kind] = because.get(f.because.kind, 0) + 1
    assert set(because) == {"queen_guarded", "queen_short", "above_queen", "low_card"}, because
    assert sum(because.values()) >= differs * 2 // 3, (because, differs)  # most differences get a reason


def test_the_pass_because_in_words() -> None:
    h = HandState(Deal.from_number(32, hand_number=1))  # 6♠ J♠ Q♠ A♠: the tips pass Q♠, the hint keeps it
    e = hint(h.observation(0), worlds=WORLDS, pass_worlds=PASS_WORLDS, seed=32)
    f = next(f for f in e.facts if f.kind == "tip_differs")
    assert QUEEN_OF_SPADES in f.others and QUEEN_OF_SPADES not in e.cards
    assert e.words("en").endswith("more, because you hold 2 spades below Q♠ to guard it.")
    assert e.words("es").endswith("más, porque tienes 2 picas por debajo de la Q♠ que la cubren.")


def _issue_position() -> tuple[Game, Observation]:
    """Deal 152879 as the issue played it: South passes the rule bot's hinted K♦ A♠ A♥ and plays every hinted
    card against rule bots, up to trick 11, South to lead with 8♣ 10♣ J♥."""
    g = Game(152879)
    h = g.hand
    rule = RuleBot()
    assert [str(c) for c in rule.decide_pass(g.observation(0)).cards] == ["K♦", "A♠", "A♥"]
    for s in range(4):
        h.pass_cards(s, rule.decide_pass(g.observation(s)).cards)
    while not (h.to_play == 0 and len(h.tricks) == 10 and not h.current_trick):
        h.play(rule.decide_play(g.observation(h.to_play)).card, h.to_play)
    return g, g.observation(0)


def test_the_issue_position_hints_a_club_and_says_why_not_the_tip() -> None:
    g, obs = _issue_position()
    assert sorted(map(str, obs.hand)) == ["10♣", "8♣", "J♥"]
    e = hint(obs)  # the expert's budget
    assert e.cards[0] in (Card.parse("8C"), Card.parse("10C"))
    p = Full(g.hand, 0)
    check(e, p, obs, {})
    kinds = {f.kind: f for f in e.facts}
    assert kinds["unless"].others == (Card.parse("JC"),)  # 8♣ (or 10♣) wins unless J♣ falls on it
    tip = kinds["tip_differs"]
    assert tip.tip == "watch_voids" and tip.others == (Card.parse("JH"),) and tip.gap > 0.3
    assert tip.because is not None and tip.because.kind == "wins"
    words = e.words("en")
    assert "J♥ is certain to win this trick" in words and "could throw points" not in words
    assert "gana esta baza seguro" in e.words("es")
    j = why_not(obs, e, Card.parse("JH"))
    assert "J♥ is certain to win this trick" in j.words("en") and "J♥ instead" in j.words("en")


def test_equal_cards_are_named_both() -> None:
    _, obs = _issue_position()  # 8♣ and 10♣: the same points in every deal (J♣ beats both, nothing between)
    e = hint(obs)
    tie = next(f for f in e.facts if f.kind == "tie")
    assert {str(c) for c in (*tie.cards, *tie.others)} == {"8♣", "10♣"}
    assert "either will do" in e.words("en") and "cualquiera sirve" in e.words("es")


def test_trick_outcome_is_certain_only_over_every_consistent_layout() -> None:
    # South leads a club while one club higher than it is unseen: "wins unless" naming it, never "certain".
    _, obs = _issue_position()
    f = trick_outcome(obs, Card.parse("10C"))
    assert f.kind == "unless" and f.others == (Card.parse("JC"),)
    assert trick_outcome(obs, Card.parse("JH")).kind == "wins"


def test_hint_chooses_as_the_expert_at_the_experts_budget() -> None:
    assert hint_budget("native") == (DEFAULT_WORLDS, DEFAULT_PASS_WORLDS)
    worlds, passes = hint_budget("python")
    assert worlds < DEFAULT_WORLDS and passes < DEFAULT_PASS_WORLDS
    with pytest.raises(OptionError) as err:
        hint_budget("gpu")
    assert err.value.option == "path"
    h = HandState(Deal.from_number(11))
    e = hint(h.observation(0), worlds=40, pass_worlds=8)
    assert e.evaluation is not None and e.evaluation.kind == "pass" and set(e.evaluation.best.cards) == set(e.cards)
    d = HintBot(worlds=40, pass_worlds=8).decide_pass(h.observation(0))
    assert d.cards == e.cards and d.explain("en") == e.words("en")  # the same position: the same hint


def test_why_not_refuses_a_card_that_is_not_legal() -> None:
    _, obs = _issue_position()
    e = hint(obs, worlds=30)
    with pytest.raises(OptionError) as err:
        why_not(obs, e, Card.parse("QS"))
    assert err.value.option == "card" and isinstance(err.value, ValueError)


def test_the_review_says_what_each_card_did_in_the_trick_with_the_hints_words() -> None:
    """The hand review's sentence for a play names what the chosen card (and the expert's) did in the trick,
    from the same facts and words as the hint, and those claims are true in the full state."""
    from hearts.explain import fact_words
    from hearts.review import replay_decisions
    from hearts_widgets.review import ReviewModel

    hand = HandState(Deal.from_number(31))
    bots: list[Bot] = [RandomBot(seed=0)] + [RuleBot(seed=s) for s in range(1, 4)]
    for seat in range(4):
        hand.pass_cards(seat, bots[seat].decide_pass(hand.observation(seat)).cards)
    while not hand.is_over:
        hand.play(bots[hand.to_play].decide_play(hand.observation(hand.to_play)).card)
    review = ReviewModel(hand, 0, worlds=8, pass_worlds=3, check_worlds=20, seed=2)
    steps = replay_decisions(hand, 0)
    said = 0
    for d, (kind, state, chosen) in enumerate(steps):
        if kind != "play" or state.legal_mask().bit_count() == 1:
            continue
        obs = state.observation(0)
        fact = trick_outcome(obs, chosen[0])
        check_fact(fact, Full(state, 0), Explanation("play", 0, 4, chosen, (fact,)), obs)
        assert fact_words(fact, "en") in review.explanation(d)
        said += 1
    assert said >= 5


def test_the_pure_python_path_hints_at_its_own_budget() -> None:
    """With ``HEARTS_KERNEL=python`` (chosen when hearts is imported) a hint uses the smaller budget, so that
    it stays under half a second there (README "Hints" gives the times and what the budget costs)."""
    import os
    import subprocess
    import sys

    code = (
        "from hearts import Deal, HandState, sim\n"
        "from hearts.explain import hint, hint_budget\n"
        "h = HandState(Deal.from_number(3))\n"
        "e = hint(h.observation(0))\n"
        "print(sim.kernel(), hint_budget(), len(e.cards))\n"
    )
    env = dict(os.environ, HEARTS_KERNEL="python")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["python", "(100,", "24)", "3"], out.stdout
