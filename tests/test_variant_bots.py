"""The bots under the variants (issue 31): J♦ captured when safe under the Omnibus rules, the moon chosen by score.

Crafted positions under ``Rules(jack_of_diamonds=True)``: the rule bot and the expert win the trick with J♦ (or take
the J♦ another seat played) when nothing can beat them and no point card can fall on the trick, and duck it when Q♠
is in it. Under the shooter's choice every built-in bot makes :func:`hearts.rules.moon_choice`'s choice from the
game totals, including the choices where adding 26 would end the game.
"""

from __future__ import annotations

import pytest

from hearts import Deal, HandState, PassDirection, Phase, Rules
from hearts.bots import RandomBot, RuleBot
from hearts.bots.base import Bot
from hearts.bots.expert import ExpertBot
from hearts.cards import JACK_OF_DIAMONDS
from hearts.game import Game
from hearts.rules import MoonScoring, moon_choice

OMNIBUS = Rules(jack_of_diamonds=True)


def _position(hands: list[str], moves: str, rules: Rules = OMNIBUS) -> HandState:
    h = HandState(Deal.from_hands(hands, rules), rules, pass_direction=PassDirection.NONE)
    for code in moves.split():
        h.play(code)
    return h


# South (seat 0) is to play in each, on a diamond trick led by the winner of the first trick.
SAFE = {
    # Last to play on 5♦ J♦ 3♦: A♦ takes J♦ and nothing else.
    "J♦ in the trick, last": (
        ["2C 2D AD 2S 3S 4S 5S 6S 7S 2H 3H 4H 5H", "AC 5D 6D 7D 8D 9D 8S 9S 10S JS 6H 7H 8H",
         "3C 4C 5C 6C 7C 8C JD 9H 10H JH QH KH AH", "9C 10C JC QC KC 3D 4D 10D QD KD QS KS AS"],
        "2C AC 3C 9C 5D JD 3D", {"A♦"},
    ),
    # Last to play on 5♦ 4♦ 3♦ holding J♦ and A♦: J♦ wins it, and only J♦ played now is sure to be taken.
    "J♦ in hand, last": (
        ["2C 2D JD AD 2S 3S 4S 5S 6S 7S 2H 3H 4H", "AC 5D 6D 7D 8D 9D 8S 9S 10S JS 6H 7H 8H",
         "3C 4C 5C 6C 7C 8C 4D 9H 10H JH QH KH AH", "9C 10C JC QC KC 3D 10D QD KD 5H QS KS AS"],
        "2C AC 3C 9C 5D 4D 3D", {"J♦"},
    ),
}
UNSAFE = {
    # Last to play on 5♦ J♦ Q♠: winning would cost 13 − 10 = 3 points; 2♦ ducks.
    "J♦ and Q♠ in the trick": (
        ["2C 2D AD 2S 3S 4S 5S 6S 7S 2H 3H 4H 5H", "AC 3D 4D 5D 6D 7D 8D 9D 10D QD KD 6H 7H",
         "3C 4C 5C 6C 7C 8C JD 9H 10H JH QH KH AH", "9C 10C JC QC KC QS KS AS 8S 9S 10S JS 8H"],
        "2C AC 3C 9C 5D JD QS", {"2♦"},
    ),
}


# Second to play on East's 5♦ holding 2♦ J♦, A♦ still out: early in the hand the rule bot sheds its highest card
# of the suit, but not J♦, which could go to whoever holds A♦ (the expert weighs this case by search).
EARLY = (
    ["2C 2D JD 2S 3S 4S 5S 6S 7S 2H 3H 4H 5H", "3C 6D 7D 8D 9D AD 8S 9S 10S JS 6H 7H 8H",
     "4C 5C 6C 7C 8C 9C 10C 9H 10H JH QH KH AH", "AC JC QC KC 3D 4D 5D 10D QD KD QS KS AS"],
    "2C 3C 4C AC 5D",
)


def test_the_rule_bot_keeps_jack_of_diamonds_off_a_trick_it_may_lose() -> None:
    d = RuleBot().decide_play(_position(*EARLY).observation(0))
    assert str(d.card) == "2♦" and d.reason == "bot.reason.early_high_keep_jack"
    assert d.explain("en").startswith("Playing 2♦, your highest diamond but J♦")
    # Under the default rules it sheds J♦, its highest, as on any early trick.
    d = RuleBot().decide_play(_position(*EARLY, rules=Rules()).observation(0))
    assert str(d.card) == "J♦" and d.reason == "bot.reason.early_high"


def _bots() -> list[tuple[str, Bot]]:
    return [("rule", RuleBot()), *((f"expert seed {s}", ExpertBot(seed=s, worlds=60)) for s in range(2))]


@pytest.mark.parametrize("name", list(SAFE) + list(UNSAFE))
def test_the_bots_take_jack_of_diamonds_when_it_is_safe(name: str) -> None:
    hands, moves, expected = {**SAFE, **UNSAFE}[name]
    h = _position(hands, moves)
    assert h.to_play == 0
    for who, bot in _bots():
        d = bot.decide_play(h.observation(0))
        assert str(d.card) in expected, (name, who, str(d.card))
        after = h.copy()
        after.play(d.card)
        while after.trick:  # the others finish the trick as they like: South's result is sure
            after.play(next(iter(after.legal_moves)))
        last = after.tricks[-1]
        if name in SAFE:
            assert last.winner == 0 and JACK_OF_DIAMONDS in last.cards and last.points == -10, (who, last)
        else:
            assert last.winner != 0, (who, last)


def test_the_rule_bot_says_why_it_plays_jack_of_diamonds() -> None:
    hands, moves, _ = SAFE["J♦ in hand, last"]
    d = RuleBot().decide_play(_position(hands, moves).observation(0))
    assert d.explain("en") == (
        "Playing J♦ on a trick it surely wins with no point card: in this game J♦ takes 10 points off your hand."
    )
    assert "J♦" in d.explain("es") and "10 puntos" in d.explain("es")
    # Under the default rules J♦ is an ordinary diamond: the rule bot sheds A♦, its highest, last on a clean trick.
    plain = Rules()
    d = RuleBot().decide_play(_position(hands, moves, plain).observation(0))
    assert str(d.card) == "A♦"


# South takes every trick: the top four clubs, diamonds and spades and A♥ K♥.
MOON = ["AC KC QC JC AD KD QD JD AS KS QS AH KH", "2C 3C 4C 5C 6C 2D 3D 4D 5D 2S 3S 4S 2H",
        "7C 8C 9C 10C 6D 7D 8D 9D 5S 6S 7S 3H 4H", "10D 8S 9S 10S JS 5H 6H 7H 8H 9H 10H JH QH"]


def _moon_game(totals: list[int], rules: Rules) -> Game:
    """A game at ``totals`` whose hand South has shot the moon in, waiting for the shooter's choice."""
    g = Game(7, rules, deals=[Deal.from_hands(MOON, rules)], first_dealer=3)
    g.totals = list(totals)
    h = g.hand
    if h.phase is Phase.PASSING:
        for s in range(4):
            h.pass_cards(s, list(h.hand_of(s))[-3:] if s else ["JC", "JD", "QS"])
    while h.phase is Phase.PLAYING:
        legal = list(h.legal_moves)
        h.play(legal[-1] if h.to_play == 0 else legal[0])
    assert h.phase is Phase.MOON_CHOICE and h.to_play == 0, h.phase
    return g


@pytest.mark.parametrize(
    "totals",
    [[0, 0, 0, 0], [10, 20, 30, 40], [60, 80, 40, 50], [80, 75, 40, 50], [40, 75, 80, 50], [85, 90, 95, 99]],
)
def test_every_bot_chooses_the_moon_by_score(totals: list[int]) -> None:
    rules = Rules(moon=MoonScoring.SHOOTERS_CHOICE, passing=False)
    g = _moon_game(totals, rules)
    want = moon_choice(totals, 0, rules)
    for bot in (RuleBot(), ExpertBot(seed=1, worlds=20), RandomBot(seed=3)):
        assert bot.choose_moon(g.observation(0)) == want, (type(bot).__name__, totals)
    g.hand.choose_moon(0, want)
    scores = list(g.scores)
    if want == "add":
        assert scores == [totals[0], *(t + 26 for t in totals[1:])]
        assert not g.is_over or (min(scores) == scores[0] and scores.count(scores[0]) == 1)
    else:
        assert scores == [totals[0] - 26, *totals[1:]]
        # subtracting is chosen only where adding would have ended the game with South not alone in front
        assert max(totals[1:]) + 26 >= rules.target_score
