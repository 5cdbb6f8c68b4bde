"""Values and positions survive pickle, copy and deepcopy: worker processes, a notebook exploring a copy.

A ``CardSet`` is immutable; its copies are rebuilt from the mask (pickling once
failed on it, and with it every ``Deal``, ``HandState`` and ``Game``).
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from hearts import Card, CardSet, Deal, Game, HandState, Rules
from hearts.bots.rule_bot import RuleBot

ROUND_TRIPS: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda o: pickle.loads(pickle.dumps(o)),
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
}


def _midway(deal: Deal, plays: int) -> HandState:
    h = HandState(deal)
    bots = [RuleBot(seed=s) for s in range(h.n)]
    if h.phase.name == "PASSING":
        for s in range(h.n):
            h.push_pass(s, bots[s].choose_pass(h.observation(s)).mask)
    for _ in range(plays):
        h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
    return h


def _finish(h: HandState) -> tuple[int, ...]:
    bots = [RuleBot(seed=10 + s) for s in range(h.n)]
    while not h.is_over:
        h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
    return h.result().scores


@pytest.mark.parametrize("how", ROUND_TRIPS)
@pytest.mark.parametrize(
    "value",
    [
        Card.parse("QS"),
        CardSet.parse("QS 2C 10H"),
        CardSet(),
        Deal.from_number(5),
        Deal.from_number(7, Rules(num_players=3)),
        Deal.from_number(9, Rules(num_players=5), hand_number=2),
        Rules(num_players=6),
    ],
    ids=repr,
)
def test_values_come_back_equal(value: object, how: str) -> None:
    back = ROUND_TRIPS[how](value)
    assert back == value
    assert type(back) is type(value)
    if isinstance(value, CardSet):
        assert isinstance(back, CardSet)
        assert back.mask == value.mask and list(back) == list(value)
        with pytest.raises(AttributeError, match="immutable"):
            back.mask = 0  # the copy is as immutable as the original


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_copied_hand_plays_on_alone(how: str, players: int) -> None:
    deal = Deal.from_number(40 + players, Rules(num_players=players))
    original = _midway(deal, 9)
    before = (original.history, original.hands, original.to_play)
    twin = ROUND_TRIPS[how](original)
    assert (twin.history, twin.hands, twin.to_play, twin.legal_moves) == (*before, original.legal_moves)
    twin_scores = _finish(twin)
    assert (original.history, original.hands, original.to_play) == before  # untouched by the copy's play
    assert _finish(original) == twin_scores  # the same position, the same bots: the same hand


def test_a_copied_game_carries_on() -> None:
    game = Game()
    h = game.hand
    bots = [RuleBot(seed=s) for s in range(4)]
    for s in range(4):
        h.push_pass(s, bots[s].choose_pass(h.observation(s)).mask)
    twin = pickle.loads(pickle.dumps(game))
    assert twin.hand.history == game.hand.history and twin.scores == game.scores
    assert _finish(twin.hand) == _finish(game.hand)
