"""A player's observation shows its own cards and public facts, never another hand."""

from __future__ import annotations

import random

from engine_support import no_pass_state, play_all

from hearts import CardSet, Deal, HandState, Observation, Suit


def _view(obs: Observation) -> dict:
    return {name: getattr(obs, name) for name in Observation.__slots__}


def _swap_hidden(h: HandState, seat: int, rng: random.Random) -> HandState | None:
    """The same hand where two other seats had swapped two same-suit cards they
    still hold (not Q♠): every past action stays legal, only hidden cards differ."""
    others = [s for s in range(h.n) if s != seat]
    rng.shuffle(others)
    a, b = others[:2]
    for suit in rng.sample(range(4), 4):
        ca = [c for c in h.hand_of(a).of_suit(suit) if c.code != "QS" and c not in CardSet(h.received[a] or 0)]
        cb = [c for c in h.hand_of(b).of_suit(suit) if c.code != "QS" and c not in CardSet(h.received[b] or 0)]
        if ca and cb:
            x, y = rng.choice(ca), rng.choice(cb)
            hands = [set(hand) for hand in h.deal.hands]
            hands[a] = (hands[a] - {x}) | {y}
            hands[b] = (hands[b] - {y}) | {x}
            other = HandState(Deal.from_hands(hands), h.rules, pass_direction=h.pass_direction)
            for action in h.history:
                if action.kind == "pass":
                    other.pass_cards(action.seat, action.cards)
                else:
                    other.play(action.cards[0])
            return other
    return None


def test_observations_do_not_depend_on_hidden_cards():
    rng = random.Random(3)
    checked = 0
    for number in range(12):
        h = HandState(Deal.from_number(number))
        for seat in range(4):
            h.pass_cards(seat, rng.sample(list(h.hand_of(seat)), 3))
        stop = rng.randrange(0, 45)
        for _ in range(stop):
            h.play(rng.choice(list(h.legal_moves)))
        for seat in range(4):
            other = _swap_hidden(h, seat, rng)
            if other is None:
                continue
            assert other.hands != h.hands
            assert _view(other.observation(seat)) == _view(h.observation(seat))
            checked += 1
    assert checked > 30


def test_observation_contents():
    h = HandState(Deal.from_number(2))
    h.pass_cards(0, list(h.hand_of(0))[-3:])
    obs = h.observation(0)
    assert obs.passed == CardSet(h.passes[0]) and obs.received is None
    assert obs.hand == h.hand_of(0) and obs.hand_sizes == (10, 13, 13, 13)
    assert obs.pass_target == 1 and obs.pass_source == 3
    for seat in range(1, 4):
        h.pass_cards(seat, list(h.hand_of(seat))[:3])
    obs = h.observation(0)
    assert obs.received == CardSet(h.received[0]) and obs.known_mask(1) == h.passes[0]
    assert obs.known_mask(2) == 0


def test_observation_public_facts_during_play():
    scene = {
        0: "QC KC 5C 6C 7C 8C 9C 10C JC AD 5S 6S 7S",
        1: "QS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
        2: "3C 4C 8S 9S 10S JS KS AS 10H JH QH KH AH",
        3: "2C AC 2S 3S 4S 2H 3H 4H 5H 6H 7H 8H 9H",
    }
    h = no_pass_state(scene)
    play_all(h, "2C QC 2D 3C KC QS")
    obs = h.observation(2)
    assert obs.is_my_turn and obs.legal_moves == CardSet.parse("4C")
    assert obs.shown_out(1) == [Suit.CLUBS]
    assert obs.points == (0, 0, 0, 0) and obs.trick_winner_so_far() == 0
    assert obs.played == CardSet.parse("2C QC 2D 3C KC QS")
    assert [(s, c.code) for s, c in obs.trick] == [(0, "KC"), (1, "QS")]
    assert obs.possible_mask(1) & CardSet.parse("AC").mask == 0  # West showed out of clubs
    assert obs.unseen_mask & obs.hand_mask == 0
