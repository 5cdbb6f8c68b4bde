"""The hand review under the variants (issue 31): a 3-player hand, a J♦ hand and a shooter's-choice moon reviewed
through :class:`hearts_widgets.review.HandReview`, its words checked against the engine (seat names for the number of
players, the hand's points and score from the rules, no sentence of a rule not in force)."""

from __future__ import annotations

import re

import pytest
from test_notes_under_variants import LANGS, Said, _check_said

from hearts import Deal, HandState, Phase, Rules
from hearts.bots import RuleBot
from hearts.cards import JACK_OF_DIAMONDS
from hearts.messages import seat_name
from hearts.rules import MoonScoring

BUDGET = {"worlds": 4, "pass_worlds": 2, "check_worlds": 4}
# South takes every trick (the top clubs, diamonds and spades and A♥ K♥): a moon.
MOON = [
    "AC KC QC JC AD KD QD JD AS KS QS AH KH",
    "2C 3C 4C 5C 6C 2D 3D 4D 5D 2S 3S 4S 2H",
    "7C 8C 9C 10C 6D 7D 8D 9D 5S 6S 7S 3H 4H",
    "10D 8S 9S 10S JS 5H 6H 7H 8H 9H 10H JH QH",
]


def _played(h: HandState, moon: str = "add") -> HandState:
    bots = [RuleBot() for _ in range(h.n)]
    if h.phase is Phase.PASSING:
        for s in range(h.n):
            h.pass_cards(s, bots[s].choose_pass(h.observation(s)))
    while not h.is_over:
        if h.phase is Phase.MOON_CHOICE:
            h.choose_moon(h.to_play, moon)
        else:
            h.play(bots[h.to_play].choose_play(h.observation(h.to_play)))
    return h


def _jack_hand() -> tuple[HandState, int]:
    """An Omnibus hand and the seat that took J♦."""
    rules = Rules(jack_of_diamonds=True)
    for number in range(1, 50):
        h = _played(HandState(Deal.from_number(number, rules), rules))
        for t in h.tricks:
            if JACK_OF_DIAMONDS in t.cards and t.points < 0:
                return h, t.winner
    raise AssertionError("no hand of J♦ taken clean")


def _moon_hand() -> HandState:
    rules = Rules(moon=MoonScoring.SHOOTERS_CHOICE, passing=False)
    h = HandState(Deal.from_hands(MOON, rules), rules)
    while h.phase is Phase.PLAYING:
        legal = list(h.legal_moves)
        h.play(legal[-1] if h.to_play == 0 else legal[0])
    h.choose_moon(0, "subtract")
    assert h.is_over and h.result().scores == (-26, 0, 0, 0)
    return h


CASES = {
    "3 players": lambda: (_played(HandState(Deal.from_number(5, Rules(num_players=3)), Rules(num_players=3))), 0),
    "J♦ −10": _jack_hand,
    "shooter's choice": lambda: (_moon_hand(), 0),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_review_speaks_of_the_rules_in_force(name: str) -> None:
    from hearts_widgets.review import HandReview

    h, seat = CASES[name]()
    rules = h.rules
    r = h.result()
    review = None
    for lang in LANGS:
        options = BUDGET if review is None else {"review": review}  # the expert's numbers once, said in each language
        w = HandReview(h, seat, lang=lang, **options)
        m = w.model
        review = m.options
        me = seat_name(seat, lang, h.n)
        assert me in m.title(), m.title()
        assert m.points.points == r.points[seat] == rules.points_of(h.taken[seat]) == int(m.decisions["points"].sum())
        assert m.points.score == r.scores[seat]
        points = m.points_text()
        assert points.startswith(me), points
        texts = [m.title(), points, m.summary(), *(label for label, _ in m.labels())]
        for d in m.decisions["decision"]:
            texts += [m.explanation(d), m.takeaway(d)]
        texts += [re.sub(r"<[^>]+>", " ", v).replace("&#x27;", "'") for v in (w.header.value, w.table.value)]
        for t in texts:
            _check_said(rules, Said("review", t, h, lang))
        if name == "J♦ −10":
            assert r.points[seat] < 13 and any(p < 0 for p in m.points.by_trick), m.points
            assert "-10" in points or "−10" in points, points
        if name == "shooter's choice":
            assert ("26 off" in points) if lang == "en" else ("resta" in points), points
        if h.n != 4:
            assert "South" not in " ".join(texts) and "Sur " not in " ".join(texts)
