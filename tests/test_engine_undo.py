"""undo takes back exactly one action of any kind and restores the state exactly."""

from __future__ import annotations

import random

import pytest
from engine_support import snapshot

from hearts import Deal, HandState, PassDirection, Rules
from hearts.hand import Action, Phase


def _apply(h: HandState, action: Action) -> None:
    if action.kind == "pass":
        h.pass_cards(action.seat, action.cards)
    elif action.kind == "play":
        h.play(action.cards[0], seat=action.seat)
    else:
        h.choose_moon(action.seat, action.choice)


def _random_hand(number: int, rules: Rules, rng: random.Random) -> tuple[HandState, list[dict]]:
    h = HandState(Deal.from_number(number, rules), rules)
    snaps = [snapshot(h)]
    order = list(range(rules.num_players))
    rng.shuffle(order)
    for seat in order if h.phase is Phase.PASSING else []:
        h.pass_cards(seat, rng.sample(list(h.hand_of(seat)), 3))
        snaps.append(snapshot(h))
    while not h.is_over:
        if h.phase is Phase.MOON_CHOICE:
            h.choose_moon(h.to_play, rng.choice(["add", "subtract"]))
        else:
            h.play(rng.choice(list(h.legal_moves)))
        snaps.append(snapshot(h))
    return h, snaps


@pytest.mark.parametrize("number", [0, 1, 2, 4])
def test_undo_walks_back_through_every_state(number):
    rng = random.Random(number)
    h, snaps = _random_hand(number, Rules(), rng)
    history = h.history
    assert len(history) == len(snaps) - 1
    for i in range(len(history) - 1, -1, -1):
        taken_back = h.undo()
        assert taken_back == history[i]
        assert snapshot(h) == snaps[i], f"after undoing action {i} ({taken_back})"
    assert h.history == []


def test_undo_then_redo_is_the_identity():
    rng = random.Random(7)
    h, snaps = _random_hand(7, Rules(num_players=5), rng)
    for i in range(len(snaps) - 1, 0, -1):
        # Undo back to state i-1, redo the action, and compare; then undo again to move on.
        h2 = h.copy()
        a = h2.undo()
        _apply(h2, a)
        assert snapshot(h2) == snapshot(h)
        h.undo()
        assert snapshot(h) == snaps[i - 1]


def test_undo_through_a_moon_choice():
    rules = Rules(moon="choice")
    h = HandState(Deal.from_number(51, rules), rules, pass_direction=PassDirection.NONE)
    snaps = [snapshot(h)]
    while h.phase is Phase.PLAYING:
        m = h.legal_mask()
        h.push(m.bit_length() - 1 if h.to_play == 0 else (m & -m).bit_length() - 1)
        snaps.append(snapshot(h))
    assert h.phase is Phase.MOON_CHOICE
    h.choose_moon(3, "subtract")
    assert h.undo().kind == "moon"
    assert snapshot(h) == snaps[-1]
    h.undo()  # the last card: back into the last trick
    assert snapshot(h) == snaps[-2] and h.phase is Phase.PLAYING and len(h.trick) == 3


def test_undo_of_the_last_pass_takes_back_the_exchange():
    h = HandState(Deal.from_number(12))
    for seat in range(3):
        h.pass_cards(seat, list(h.hand_of(seat))[:3])
    before = snapshot(h)
    h.pass_cards(3, list(h.hand_of(3))[:3])
    assert h.phase is Phase.PLAYING
    a = h.undo()
    assert a.kind == "pass" and a.seat == 3
    assert snapshot(h) == before and h.received == [None] * 4


def test_copy_is_independent():
    h = HandState(Deal.from_number(3), pass_direction=PassDirection.NONE)
    c = h.copy()
    c.play(c.legal_moves.lowest())
    assert h.cards_played == 0 and c.cards_played == 1
    assert snapshot(h) != snapshot(c)
