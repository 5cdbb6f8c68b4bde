"""The OpenSpiel bridge: numbering of seats, cards and pass directions, and its errors.

These facts are read from OpenSpiel itself (action names, the printed
table), not from our own tables, so a change on either side shows here.
"""

from __future__ import annotations

import numpy as np
import pyspiel  # OpenSpiel is required here: CI installs the 'compare' extra
import pytest

from hearts.cards import Card, CardSet
from hearts.deal import Deal
from hearts.errors import HeartsError, RulesError
from hearts.hand import HandState
from hearts.interop import openspiel as osb
from hearts.rules import DEFAULT_RULES, MoonScoring, PassDirection, Rules

COMPASS = {"N": 2, "E": 3, "S": 0, "W": 1}  # OpenSpiel's seat letters -> our seats


def dealt_state(rules: Rules = DEFAULT_RULES) -> object:
    """A raw OpenSpiel state past the pass-direction and deal chance nodes."""
    state = osb.load_game(rules).new_initial_state()
    state.apply_action(0)
    for a in range(52):
        state.apply_action(a)
    return state


def test_card_numbering_matches_openspiel_names() -> None:
    state = dealt_state()
    for action in range(52):
        name = state.action_to_string(state.current_player(), action)  # e.g. "TD", "QS"
        ours = osb.action_to_card(action)
        assert Card.parse(name) == ours, (action, name)
        assert osb.card_to_action(ours) == action
    assert sorted(osb.card_to_action(c) for c in range(52)) == list(range(52))
    assert osb.card_to_action("QS") == 43 and osb.card_to_action("2C") == 0
    # OpenSpiel's Python bots answer with NumPy integers.
    assert osb.action_to_card(np.int64(43)) == Card.parse("QS")
    with pytest.raises(osb.OpenSpielError):
        osb.action_to_card(True)  # type: ignore[arg-type]


def test_mask_conversions_round_trip() -> None:
    hand = CardSet.parse("2C 10D QS AH 3S")
    actions = osb.mask_to_actions(hand)
    assert actions == sorted(actions)
    assert osb.actions_to_mask(actions) == hand.mask


def test_pass_direction_actions_match_openspiel_names() -> None:
    state = osb.load_game(Rules()).new_initial_state()
    names = {a: state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a in state.legal_actions()}
    assert names == {0: "No Pass", 1: "Left", 2: "Across", 3: "Right"}
    wanted = {"No Pass": PassDirection.NONE, "Left": PassDirection.LEFT, "Across": PassDirection.ACROSS}
    wanted["Right"] = PassDirection.RIGHT
    for action, name in names.items():
        assert osb.pass_direction_from_action(action) is wanted[name]
        assert osb.pass_direction_action(wanted[name]) == action


def test_no_passing_offers_only_no_pass() -> None:
    state = osb.load_game(Rules(passing=False)).new_initial_state()
    assert state.legal_actions() == [0]


def test_seats_keep_their_compass_names_and_left_is_the_same_way() -> None:
    deal = Deal.from_number(11)
    hand = HandState(deal, pass_direction=PassDirection.LEFT)
    state = osb.new_state(deal, PassDirection.LEFT)
    # Each of our seats holds the hand OpenSpiel prints under the same letter.
    struct = state.to_struct()
    for letter, seat in COMPASS.items():
        player = "NESW".index(letter)
        assert osb.to_openspiel_player(seat) == player
        assert osb.from_openspiel_player(player) == seat
        assert CardSet.parse(" ".join(struct.hands[player])) == deal.hands[seat]
    # The k-th dealt card went to OpenSpiel player k mod 4.
    for k, action in enumerate(state.history()[1:]):
        assert osb.action_to_card(action) in deal.hands[osb.from_openspiel_player(k % 4)]
    # Pass left: South gives to West in both engines.
    for seat in range(4):
        hand.pass_cards(seat, list(hand.hand_of(seat))[:3])
    osb.apply_passes(state, hand.passes)
    struct = state.to_struct()
    south, west = osb.to_openspiel_player(0), osb.to_openspiel_player(1)
    assert hand.pass_target(0) == 1
    assert CardSet.parse(" ".join(struct.received_cards[west])) == CardSet(hand.passes[0])
    assert CardSet.parse(" ".join(struct.passed_cards[south])) == CardSet(hand.passes[0])
    # Play order: both engines go to seat + 1 (OpenSpiel prints "N E S W" = our 2 3 0 1).
    assert osb.seat_to_move(state) == hand.to_play
    for _ in range(3):
        c = hand.legal_moves.lowest()
        hand.play(c)
        osb.apply_play(state, c)
        assert osb.seat_to_move(state) == hand.to_play


def test_game_parameters_are_all_explicit() -> None:
    game = osb.load_game(Rules(qs_breaks_hearts=True, jack_of_diamonds=True))
    params = game.get_parameters()
    assert params == osb.game_parameters(Rules(qs_breaks_hearts=True, jack_of_diamonds=True))
    assert params["qs_breaks_hearts"] is True and params["jd_bonus"] is True
    assert osb.game_parameters()["qs_breaks_hearts"] is False


@pytest.mark.parametrize(
    ("rules", "option"),
    [
        (Rules(num_players=5), "num_players"),
        (Rules(moon=MoonScoring.SUBTRACT_FROM_SHOOTER), "moon"),
        (Rules(moon=MoonScoring.SHOOTERS_CHOICE), "moon"),
    ],
)
def test_unsupported_rules_are_named(rules: Rules, option: str) -> None:
    with pytest.raises(RulesError) as info:
        osb.game_parameters(rules)
    assert info.value.option == option


def test_no_passing_rules_refuse_a_pass_direction() -> None:
    rules = Rules(passing=False)
    with pytest.raises(RulesError) as info:
        osb.new_state(Deal.from_number(1, rules), PassDirection.LEFT, rules)
    assert info.value.option == "passing"


def test_refusals_are_typed_and_change_nothing() -> None:
    deal = Deal.from_number(5)
    state = osb.new_state(deal, PassDirection.RIGHT)
    before = state.history()
    assert osb.is_passing(state) and osb.seat_to_move(state) == 2  # North passes first
    with pytest.raises(osb.OpenSpielError, match="expects the pass of seat 2"):
        osb.apply_pass(state, 0, list(deal.hands[0])[:3])
    with pytest.raises(osb.OpenSpielError, match="3 cards"):
        osb.apply_pass(state, 2, list(deal.hands[2])[:2])
    with pytest.raises(osb.OpenSpielError, match="single card"):
        osb.apply_pass(state, 2, deal.hands[2].lowest())  # type: ignore[arg-type]
    with pytest.raises(osb.OpenSpielError, match="refuses"):
        osb.apply_pass_card(state, deal.hands[0].lowest())  # not North's card
    with pytest.raises(osb.OpenSpielError, match="not in the playing phase"):
        osb.apply_play(state, deal.hands[2].lowest())
    assert state.history() == before
    with pytest.raises(osb.OpenSpielError):
        osb.action_to_card(52)
    with pytest.raises(osb.OpenSpielError):
        osb.to_openspiel_player(4)
    assert issubclass(osb.OpenSpielError, HeartsError) and issubclass(osb.OpenSpielError, ValueError)


def test_illegal_play_is_refused_with_our_card_names() -> None:
    deal = Deal.from_number(5)
    hand = HandState(deal, pass_direction=PassDirection.NONE)
    state = osb.new_state(deal, PassDirection.NONE)
    leader_cards = hand.hand_of(hand.to_play)
    wrong = (leader_cards - hand.legal_moves).lowest()
    assert wrong is not None
    with pytest.raises(osb.OpenSpielError, match=f"refuses {wrong}.*legal: 2♣"):
        osb.apply_play(state, wrong)
    assert osb.legal_cards(state) == hand.legal_moves


def test_state_from_hand_mid_pass_and_mid_play() -> None:
    hand = HandState(Deal.from_number(21), pass_direction=PassDirection.ACROSS)
    # West and East have passed, North (OpenSpiel's first passer) has not: OpenSpiel waits for North.
    hand.pass_cards(1, list(hand.hand_of(1))[:3])
    hand.pass_cards(3, list(hand.hand_of(3))[:3])
    state = osb.state_from_hand(hand)
    assert osb.is_passing(state) and osb.seat_to_move(state) == 2
    assert osb.legal_cards(state) == hand.hand_of(2)
    for seat in (0, 2):
        hand.pass_cards(seat, list(hand.hand_of(seat))[-3:])
    for _ in range(17):
        hand.play(hand.legal_moves.highest())
    state = osb.state_from_hand(hand)
    assert not osb.is_passing(state)
    assert osb.seat_to_move(state) == hand.to_play
    assert osb.legal_cards(state) == hand.legal_moves
    while not hand.is_over:
        c = hand.legal_moves.highest()
        hand.play(c)
        osb.apply_play(state, c)
    assert osb.seat_to_move(state) is None and osb.legal_mask(state) == 0
    assert osb.scores(state) == hand.result().scores


def test_pass_state_for_seats_the_passer_first() -> None:
    hand = HandState(Deal.from_number(33), pass_direction=PassDirection.RIGHT)
    hand.pass_cards(2, list(hand.hand_of(2))[-3:])  # North has chosen; the others have not
    for seat in (0, 1, 3):
        state = osb.pass_state_for(hand, seat)
        assert state.current_player() == 0 and osb.is_passing(state)
        assert osb.pass_direction_from_action(state.history()[0]) is PassDirection.RIGHT
        assert osb.legal_cards(state) == hand.hand_of(seat)
        # The table is turned, not reshuffled: the next players hold the next seats' hands.
        struct = state.to_struct()
        for p in range(4):
            assert CardSet.parse(" ".join(struct.hands[p])) == hand.deal.hands[(seat + p) % 4]
        # One card at a time, as an OpenSpiel bot answers.
        first = hand.hand_of(seat).lowest()
        osb.apply_pass_card(state, first)
        assert first not in osb.legal_cards(state) and state.current_player() == 0
    with pytest.raises(osb.OpenSpielError, match="no pass to choose"):
        osb.pass_state_for(hand, 2)
