"""A whole game: hands until the target score, rotation of dealer and pass, winners."""

from __future__ import annotations

import pytest
from engine_support import finish, lowest

from hearts import Deal, Game, PassDirection, Rule, Rules
from hearts.errors import DealError, IllegalMoveError
from hearts.hand import Phase


def play_game(game: Game) -> list[tuple[int, ...]]:
    """Play to the end (lowest three passed, lowest card played); return each hand's scores."""
    per_hand = []
    while True:
        finish(game.hand, lowest)
        per_hand.append(game.hand.result().scores)
        if game.is_over:
            return per_hand
        game.next_hand()


def test_the_game_ends_after_the_hand_where_someone_reaches_the_target():
    g = Game(number=5, rules=Rules(target_score=60))
    per_hand = play_game(g)
    totals = [sum(col) for col in zip(*per_hand)]
    assert list(g.scores) == totals and max(totals) >= 60
    before_last = [t - s for t, s in zip(totals, per_hand[-1])]
    assert max(before_last) < 60  # it did not end a hand too late
    assert g.outcome().hands_played == len(per_hand) == len(g.hands)


def test_default_target_is_one_hundred():
    g = Game(number=2)
    play_game(g)
    assert max(g.scores) >= 100 and g.rules.target_score == 100


def test_lowest_total_wins():
    g = Game(number=5, rules=Rules(target_score=60))
    play_game(g)
    low = min(g.scores)
    assert g.winners == [s for s in range(4) if g.scores[s] == low]
    assert g.outcome().winners == tuple(g.winners)


def test_ties_share_the_win():
    g = Game(number=1, rules=Rules(target_score=1))
    play_game(g)
    assert g.scores == (4, 5, 4, 13)
    assert g.winners == [0, 2] and g.outcome().shared


def test_dealer_rotates_clockwise_and_the_pass_follows_the_hand_number():
    g = Game(number=3, rules=Rules(target_score=200), first_dealer=2)
    seen = []
    for _ in range(6):
        seen.append((g.dealer, g.hand.pass_direction.value, g.hand.hand_number))
        finish(g.hand, lowest)
        g.next_hand()
    assert seen == [
        (2, "left", 1), (3, "right", 2), (0, "across", 3), (1, "none", 4), (2, "left", 5), (3, "right", 6),
    ]  # fmt: skip


def test_hand_k_of_game_n_is_deal_n_hand_k():
    g = Game(number=9)
    finish(g.hand)
    g.next_hand()
    assert g.hand.deal.hands == Deal.from_number(9, hand_number=2).hands


def test_first_dealer_is_drawn_from_the_game_number():
    assert Game(number=7).first_dealer == Game(number=7).first_dealer
    assert {Game(number=k).first_dealer for k in range(40)} == {0, 1, 2, 3}


def test_next_hand_refused_during_a_hand_and_after_the_end():
    g = Game(number=5, rules=Rules(target_score=60))
    with pytest.raises(IllegalMoveError) as info:
        g.next_hand()
    assert info.value.rule is Rule.WRONG_PHASE
    with pytest.raises(IllegalMoveError):
        g.outcome()
    play_game(g)
    hands = len(g.hands)
    with pytest.raises(IllegalMoveError) as info:
        g.next_hand()
    assert info.value.rule is Rule.GAME_OVER and len(g.hands) == hands


def test_totals_before_the_hand_and_observation_totals():
    g = Game(number=6, rules=Rules(target_score=100))
    finish(g.hand)
    first = g.hand.result().scores
    g.next_hand()
    assert g.totals_before_hand == first
    assert g.observation(0).totals == first
    assert g.phase is Phase.PASSING


def test_game_with_explicit_deals_runs_out():
    deals = [Deal.from_number(1), Deal.from_number(2)]
    g = Game(rules=Rules(target_score=500), deals=deals)
    finish(g.hand)
    g.next_hand()
    assert g.hand.deal.hands == deals[1].hands and g.hand.pass_direction is PassDirection.RIGHT
    finish(g.hand)
    scores, totals = g.scores, g.totals_before_hand
    with pytest.raises(IllegalMoveError) as info:
        g.next_hand()
    assert info.value.rule is Rule.GAME_OVER
    # Refused, so nothing moved: the finished hand is not counted twice.
    assert (g.scores, g.totals_before_hand, g.hand_number) == (scores, totals, 2)


def test_game_refuses_bad_deals_and_dealer():
    with pytest.raises(DealError, match="deals"):
        Game(deals=[])
    with pytest.raises(DealError, match=r"deals\[1\]"):
        Game(deals=[Deal.from_number(1), "2C 3C"])
    with pytest.raises(DealError, match="3 players"):
        Game(deals=[Deal.from_number(1, Rules(num_players=3))])
    for bad in (4, -1, True, "0"):
        with pytest.raises(IllegalMoveError) as info:
            Game(first_dealer=bad)
        assert info.value.rule is Rule.NO_SUCH_SEAT


@pytest.mark.parametrize("players", [3, 5])
def test_games_with_other_tables(players):
    g = Game(number=4, rules=Rules(num_players=players, target_score=50))
    play_game(g)
    assert len(g.scores) == players and max(g.scores) >= 50
    assert [h.pass_direction.value for h in g.hands[:3]] == ["left", "right", "left"][: len(g.hands)]


def test_a_moon_in_a_game_adds_26_to_the_others_and_the_shooter_wins():
    g = Game(deals=[Deal.from_number(51)], rules=Rules(passing=False, target_score=1))
    h = g.hand
    while not h.is_over:  # South high, others low: East shoots the moon (see test_engine_rules)
        m = h.legal_mask()
        h.play(m.bit_length() - 1 if h.to_play == 0 else (m & -m).bit_length() - 1)
    assert g.is_over and g.scores == (26, 26, 26, 0) and g.winners == [3]
