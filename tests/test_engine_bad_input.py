"""Bad input to the engine: a typed error (a ``ValueError``) that names the field or the rule, and no change."""

from __future__ import annotations

import datetime
import json

import pytest
from engine_support import finish, snapshot

from hearts import Card, CardSet, Deal, Game, HandState, PassDirection, Rule, Rules
from hearts.cards import card
from hearts.errors import CardParseError, DealError, IllegalMoveError, RecordError, RulesError
from hearts.hand import Phase
from hearts.record import GameRecord, loads
from hearts.rules import refusal


@pytest.mark.parametrize("cards", [None, 123, 4.5])
def test_passing_something_that_is_not_cards(cards):
    h = HandState(Deal.from_number(0))
    before = snapshot(h)
    with pytest.raises(CardParseError) as info:
        h.pass_cards(0, cards)
    assert "cards to pass" in str(info.value) and snapshot(h) == before
    assert info.value.explain("es").startswith("«")


def test_a_mistyped_card_explains_itself_in_both_languages():
    h = HandState(Deal.from_number(0), pass_direction=PassDirection.NONE)
    with pytest.raises(CardParseError) as info:
        h.play("ZZ")
    assert info.value.text == "ZZ"
    assert info.value.explain("en") == "“ZZ” is not a card: write the rank then the suit, like QS (Q♠) or 10H (10♥)."
    assert "no es una carta" in info.value.explain("es")


@pytest.mark.parametrize("bad", [True, False])
def test_a_bool_is_not_a_card(bad):
    with pytest.raises(CardParseError):
        card(bad)
    with pytest.raises(CardParseError):
        Card(bad)


@pytest.mark.parametrize("bad", [None, 5, 2.0])
def test_a_deal_needs_a_hand_per_seat(bad):
    hands = [Deal.from_number(1).hands[s] for s in range(4)]
    hands[2] = bad
    with pytest.raises(DealError, match="seat 2"):
        Deal.from_hands(hands)


def test_deal_of_the_day_takes_a_date_or_iso_text():
    assert Deal.of_the_day("2026-11-30") == Deal.of_the_day(datetime.date(2026, 11, 30)) == Deal.from_number(20261130)
    for bad in ("30/11/2026", "tomorrow", 20261130):
        with pytest.raises(DealError, match="day must be a date"):
            Deal.of_the_day(bad)


def test_outside_play_nothing_is_legal():
    """legal_mask is the bitmask form of legal_moves in every phase, and empty when nobody may play."""
    h = HandState(Deal.from_number(0))
    assert h.phase is Phase.PASSING and h.legal_mask() == 0 and h.legal_moves.mask == 0
    finish(h)
    assert h.is_over and h.legal_mask() == 0
    rules = Rules(moon="choice")
    moon = HandState(Deal.from_number(51, rules), rules, pass_direction=PassDirection.NONE)
    while moon.phase is Phase.PLAYING:  # East shoots the moon on this deal with this play
        m = moon.legal_mask()
        moon.play(m.bit_length() - 1 if moon.to_play == 0 else (m & -m).bit_length() - 1)
    assert moon.phase is Phase.MOON_CHOICE and moon.to_play == 3
    assert moon.legal_mask() == 0 and moon.observation(3).legal_mask() == 0


def test_an_observation_offers_moves_only_to_the_seat_to_play():
    h = HandState(Deal.from_number(4), pass_direction=PassDirection.NONE)
    for seat in range(4):
        obs = h.observation(seat)
        if seat == h.to_play:
            assert str(obs.legal_moves) == "2♣" and obs.legal_mask() == 1
        else:
            assert obs.legal_mask() == 0 and len(obs.legal_moves) == 0


@pytest.mark.parametrize("bad", [-1, 4, True, "0", None])
def test_no_view_of_a_seat_that_does_not_exist(bad):
    h = HandState(Deal.from_number(4))
    for look in (h.observation, h.hand_of, h.legal_moves_for, Game(4).observation):
        with pytest.raises(IllegalMoveError) as info:
            look(bad)
        assert info.value.rule is Rule.NO_SUCH_SEAT
        assert "0" in info.value.explain("es") and "3" in info.value.explain("es")


@pytest.mark.parametrize(
    ("rules", "direction"),
    [
        (Rules(passing=False), PassDirection.LEFT),
        (Rules(passing=False), PassDirection.ACROSS),
        (Rules(num_players=5), PassDirection.ACROSS),
        (Rules(num_players=6), PassDirection.ACROSS),
        (Rules(num_players=3), PassDirection.ACROSS),
    ],
)
def test_a_pass_direction_the_rules_never_use_is_refused(rules, direction):
    with pytest.raises(RulesError) as info:
        HandState(Deal.from_number(2, rules), rules, pass_direction=direction)
    assert info.value.option == "pass_direction"


@pytest.mark.parametrize("rules", [Rules(), Rules(num_players=5), Rules(passing=False)])
def test_every_hand_may_skip_the_pass(rules):
    h = HandState(Deal.from_number(2, rules), rules, pass_direction=PassDirection.NONE)
    assert h.phase is Phase.PLAYING
    assert set(rules.pass_directions) >= {rules.pass_direction(k) for k in range(1, 9)}


def test_the_hearts_broken_reason_follows_the_variant():
    hand = CardSet.parse("2D AH KH").mask  # may not lead a heart while hearts are unbroken
    for rules in (Rules(), Rules(qs_breaks_hearts=True)):
        reason = refusal(hand, Card.parse("AH"), -1, False, False, rules)
        assert reason is not None and reason.rule is Rule.HEARTS_NOT_BROKEN
        assert ("a heart or Q♠ has been played" in reason.explain("en")) == rules.qs_breaks_hearts
        assert ("un corazón o la Q♠" in reason.explain("es")) == rules.qs_breaks_hearts


def test_a_game_record_with_too_few_deals_names_the_field():
    g = Game(deals=[Deal.from_number(1), Deal.from_number(2)], rules=Rules(target_score=500))
    finish(g.hand)
    g.next_hand()
    finish(g.hand)
    data = GameRecord.from_game(g).to_dict()
    data["deals"] = data["deals"][:1]
    with pytest.raises(RecordError) as info:
        loads(json.dumps(data))
    assert info.value.path == "deals"


def test_errors_survive_a_trip_to_another_process():
    """Self-play workers send errors back pickled: each comes back whole (type, fields, message)."""
    import pickle

    errors = [
        IllegalMoveError(Rule.MUST_FOLLOW_SUIT, suit="♣", card="Q♠"),
        CardParseError("cannot read 'ZZ' as a card", "ZZ"),
        RulesError("these rules never pass left", "pass_direction"),
        RecordError("expected a list", "hands[0].plays"),
        DealError("seat 2: a hand is a list of cards"),
    ]
    for err in errors:
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and str(back) == str(err)
        assert {k: v for k, v in vars(back).items()} == {k: v for k, v in vars(err).items()}
    assert pickle.loads(pickle.dumps(errors[0])).explain("es") == errors[0].explain("es")
