"""Cancellation Hearts: the hints' and "why not"'s facts about twins, waiting tricks and the widow are true.

Over many random two-pack positions (6 to 10 players, random and rule bots), every fact
:func:`hearts.cancel_hint.cancel_facts` says of every legal card, and every fact of
:func:`hearts.cancel_hint.position_facts`, is checked against the full :class:`~hearts.hand.HandState`: the
cards every player really holds, the widow, the trick, the pile. "Certain to win" and "cannot win" are also
checked by playing the trick out from the real hands in several random ways on a copy of the engine.
"""

from __future__ import annotations

import random

import pytest

from hearts import Deal, HandState, Rules
from hearts.bots import RandomBot, RuleBot
from hearts.cancel_hint import CANCEL_FACTS, cancel_facts, hint_two, position_facts, trick_outcome_two
from hearts.cards import Card, ms_count, ms_from
from hearts.explain import Explanation, Fact, fact_words, why_not
from hearts.hand import Phase
from hearts.rules import cancel_trick


def _count(h: HandState, seat: int, c: int) -> int:
    return ms_count(h.hands[seat], c)


def _later(h: HandState, seat: int) -> list[int]:
    return [(seat + k) % h.n for k in range(1, h.n - len(h.trick))]


def _finish_trick(h: HandState, c: int, rng: random.Random) -> tuple[list[int], int]:
    """Play ``c`` on a copy and the rest of the trick at random: (the trick's cards, the index of ``c``)."""
    g = h.copy()
    index = len(g.trick)
    number = g.trick_number
    g.push(c)
    while g.trick_number == number and not g.is_over:
        g.push(rng.choice(list(g.legal_moves)))
    return [int(x) for x in g.tricks[number].cards], index


def check(f: Fact, h: HandState, seat: int, card: int | None, rng: random.Random) -> None:
    """Assert that ``f``, said to ``seat`` about playing ``card`` (or about the position), is true in ``h``."""
    k = f.kind
    trick = [int(x) for x in h.trick]
    rules = h.rules
    if k in ("wins", "loses"):
        assert card is not None and int(f.cards[0]) == card
        assert f.points == rules.points_of(ms_from(trick)) if trick else f.points == 0
        for _ in range(4):
            cards, index = _finish_trick(h, card, rng)
            winner = cancel_trick(cards)[0]
            if k == "wins":
                assert winner == index, (cards, index)
            else:
                assert winner != index, (cards, index)
        later = _later(h, seat)
        led = trick[0] // 13 if trick else card // 13
        if k == "wins":  # over the real hands: nothing still to play can beat or cancel it
            assert card // 13 == led and card not in trick
            assert all(not _count(h, s, card) for s in later)
            assert all(not _count(h, s, u) for s in later for u in range(card + 1, (led + 1) * 13))
            assert all(trick.count(x) == 2 for x in trick if x // 13 == led and x > card)
    elif k == "cancels":
        assert card is not None and trick.count(card) == 1 and int(f.cards[0]) == card
        assert f.seat is not None and h.current_trick[trick.index(card)][0] == f.seat
    elif k == "twin_out":
        assert card is not None and card not in trick
        assert _count(h, seat, card) == 1  # the copy played; the other is not in the hand...
        assert not any(card in [int(x) for x in t.cards] for t in h.tricks)  # ...nor played...
        elsewhere = sum(_count(h, s, card) for s in range(h.n) if s != seat)
        widow = ms_count(h.deal.widow.mask, card) if h.widow_taker < 0 else 0
        assert elsewhere + widow == 1  # ...but in another hand or the face-down widow
        assert h.widow_taker < 0 or not ms_count(h.deal.widow.mask, card)
    elif k == "twin_safe":
        assert card is not None
        assert all(not _count(h, s, card) for s in _later(h, seat))  # nobody still to play can cancel it
        if f.count == -1:
            assert _count(h, seat, card) == 2
        else:
            assert card in [int(x) for x in h.tricks[f.count].cards]
    elif k == "all_cancelled":
        assert trick and cancel_trick(trick)[0] < 0
        assert f.points == rules.points_of(ms_from(trick))
        last = h.trick_number + 1 == rules.hand_size
        assert (f.seat == h.leader) if last else f.seat is None
    elif k == "pile":
        assert h.pile and f.points == rules.points_of(h.pile) and f.count == len(h.pile_tricks)
    elif k == "widow_waits":
        assert h.widow_taker < 0 and f.count == len(h.deal.widow) > 0
    elif k == "widow_taken":
        t = h.tricks[-1]
        assert h.widow_taker == t.winner == f.seat and t.widow == f.cards == tuple(h.deal.widow)
        assert f.points == rules.points_of(h.deal.widow.mask)
    else:
        raise AssertionError(f"a fact the sweep does not check: {k}")
    for lang in ("en", "es"):
        words = fact_words(f, lang, num_players=h.n, seat=seat)
        assert words and "{" not in words and words.endswith(".")


def _hands(count: int):
    """Random two-pack hands (6 to 10 players, with and without passing), played by random and rule bots."""
    for i in range(count):
        n = 6 + i % 5
        rules = Rules.cancellation(n, passing=i % 3 != 0)
        h = HandState(Deal.from_number(100 + i, rules), rules, hand_number=1 + i % 4)
        bots = [(RuleBot(seed=i * 10 + s) if (s + i) % 2 else RandomBot(seed=i * 10 + s)) for s in range(n)]
        if h.phase is Phase.PASSING:
            for s in range(n):
                h.push_pass(s, bots[s].choose_pass(h.observation(s)).mask)
        yield h, bots


def test_every_cancel_fact_is_true_in_the_full_state() -> None:
    rng = random.Random(5)
    said: dict[str, int] = {}
    positions = 0
    for h, bots in _hands(40):
        while not h.is_over:
            seat = h.to_play
            obs = h.observation(seat)
            positions += 1
            for f in position_facts(obs):
                check(f, h, seat, None, rng)
                said[f.kind] = said.get(f.kind, 0) + 1
            for c in obs.legal_moves:
                for f in cancel_facts(obs, c):
                    check(f, h, seat, int(c), rng)
                    said[f.kind] = said.get(f.kind, 0) + 1
            h.push(bots[seat].choose_play(obs))
    assert positions > 2000
    # every fact was said, and often: the sweep checks what the hints really say
    assert set(said) == {"wins", "loses", *CANCEL_FACTS}, said
    assert min(said.values()) >= 10, said


def test_a_card_whose_twin_may_still_fall_is_never_certain_to_win() -> None:
    """Leading A♠ while the other A♠ is out: one-pack reasoning says it wins; cancelling says it may not."""
    rules = Rules.cancellation(6, passing=False)
    for number in range(200):
        h = HandState(Deal.from_number(number, rules), rules)
        obs = h.observation(h.to_play)
        aces = [c for c in obs.legal_moves if c.rank == 14 and ms_count(obs.hand_mask, int(c)) == 1]
        if aces:
            break
    else:
        pytest.fail("no first leader with a single ace")
    ace = int(aces[0])
    assert trick_outcome_two(obs, ace) is None  # not certain: its twin may cancel it
    kinds = [f.kind for f in cancel_facts(obs, ace)]
    assert kinds == ["twin_out"]
    assert "the two cancel and a lower card can win it" in fact_words(cancel_facts(obs, ace)[0], "en")
    assert "widow_waits" in [f.kind for f in position_facts(obs)]


def test_the_hint_and_why_not_say_the_cancel_facts_and_they_are_true() -> None:
    """The hint's and "why not"'s facts, end to end, in positions of a few hands (a small search budget: the
    facts do not depend on it)."""
    rng = random.Random(3)
    said: set[str] = set()
    for h, bots in _hands(6):
        while not h.is_over:
            seat = h.to_play
            obs = h.observation(seat)
            if h.trick_number % 3 == 0 or h.pile or len(h.trick) == h.n - 1:
                e = hint_two(obs, worlds=2)
                answers: list[Explanation] = [e]
                other = next((c for c in obs.legal_moves if c != e.cards[0]), None)
                if other is not None:
                    answers.append(why_not(obs, e, other))
                for a in answers:
                    for f in a.facts:
                        if f.kind in ("wins", "loses", *CANCEL_FACTS):
                            card = int(f.cards[0]) if f.kind in ("wins", "loses", "cancels", "twin_out",
                                                                 "twin_safe") else None  # fmt: skip
                            check(f, h, seat, card, rng)
                            said.add(f.kind)
                    for lang in ("en", "es"):
                        assert "{" not in a.words(lang)
            h.push(bots[seat].choose_play(obs))
    assert {"loses", "twin_out", "widow_waits"} <= said, said


def test_the_widow_and_the_pile_in_words() -> None:
    e = Explanation("play", 0, 6, (), ())
    taken = Fact("widow_taken", (Card.parse("QS"), Card.parse("2H")), seat=0, points=14)
    pile = Fact("pile", count=1, points=1)
    last = Fact("all_cancelled", seat=3, points=2)
    from hearts.cancel_hint import cancel_words

    assert cancel_words(taken, "en", e) == "You took the widow (Q♠, 2♥) with the first trick taken: 14 points."
    assert cancel_words(taken, "es", e) == "Te llevaste la viuda (Q♠, 2♥) con la primera baza ganada: 14 puntos."
    assert "with 1 point:" in cancel_words(pile, "en", e)
    assert "Player 4" in cancel_words(last, "en", e) and "2 points" in cancel_words(last, "en", e)
