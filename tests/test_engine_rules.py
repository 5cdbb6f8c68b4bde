"""Every rule of the default game (docs/rules.md), one test per rule or edge case.

Scenes are built from explicit deals (see ``engine_support.scripted_deal``) and
played through the checked path, so a wrong rule shows up as a refused card or
a wrong legal set.
"""

from __future__ import annotations

import pytest
from engine_support import no_pass_state, play_all, snapshot

from hearts import CardSet, Deal, HandState, PassDirection, Rule, Rules, Suit
from hearts.errors import IllegalMoveError
from hearts.hand import Phase

NONE = PassDirection.NONE


def legal(state: HandState) -> str:
    return " ".join(state.legal_moves.codes())


def refused(state: HandState, code: str) -> Rule:
    """Play ``code`` expecting a refusal; check nothing changed; return the rule."""
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.play(code)
    assert snapshot(state) == before
    err = state.why_not(code)
    assert err is not None and err.rule is info.value.rule
    return info.value.rule


# A scene used by several tests: all four hands explicit.
# Trick 1: East leads 2♣, South wins with Q♣ (West is void in clubs).
SCENE = {
    0: "QC KC 5C 6C 7C 8C 9C 10C JC AD 5S 6S 7S",  # South
    1: "QS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",  # West: no clubs, holds Q♠
    2: "3C 4C 8S 9S 10S JS KS AS 10H JH QH KH AH",  # North
    3: "2C AC 2S 3S 4S 2H 3H 4H 5H 6H 7H 8H 9H",  # East
}


# ----- the opening lead ------------------------------------------------------------


def test_the_holder_of_two_of_clubs_leads_it_and_nothing_else():
    h = no_pass_state(SCENE)
    assert h.phase is Phase.PLAYING and h.to_play == 3
    assert legal(h) == "2C"
    for c in h.hand_of(3) - CardSet.parse("2C"):
        assert refused(h, c.code) is Rule.MUST_LEAD_LOWEST_CLUB


def test_the_lead_is_decided_after_the_pass():
    d = Deal.from_number(0)  # West (1) holds 2♣
    assert d.holder("2C") == 1
    h = HandState(d)  # pass left: West gives 2♣ to North
    for seat in range(4):
        cards = ["2C", "6C", "AC"] if seat == 1 else list(h.hand_of(seat))[-3:]
        h.pass_cards(seat, cards)
    assert h.to_play == 2 and legal(h) == "2C"


@pytest.mark.parametrize(("players", "first"), [(3, "2C"), (4, "2C"), (5, "3C"), (6, "2C"), (7, "2C")])
def test_the_lowest_club_in_the_deck_leads(players, first):
    rules = Rules(num_players=players)
    assert rules.first_lead.code == first
    h = HandState(Deal.from_number(11, rules), rules, pass_direction=NONE)
    assert h.to_play == h.deal.holder(first)
    assert legal(h) == first


def test_five_players_three_of_clubs_leads_because_two_is_removed():
    rules = Rules(num_players=5)
    h = HandState(Deal.from_number(3, rules), rules, pass_direction=NONE)
    assert "2C" not in rules.deck and h.to_play == 0 and legal(h) == "3C"
    assert refused(h, "QC") is Rule.MUST_LEAD_LOWEST_CLUB


# ----- following suit ---------------------------------------------------------------


def test_follow_suit_when_you_can():
    h = no_pass_state(SCENE)
    h.play("2C")  # East
    assert h.to_play == 0 and legal(h) == "5C 6C 7C 8C 9C 10C JC QC KC"
    for code in ("AD", "5S"):
        assert refused(h, code) is Rule.MUST_FOLLOW_SUIT


def test_playing_higher_is_never_required_and_the_highest_of_the_led_suit_wins():
    h = no_pass_state(SCENE)
    play_all(h, "2C 5C 2D 3C")  # South follows low with 5♣: still the highest club down
    t = h.tricks[0]
    assert t.winner == 0 and t.played_by(0).code == "5C"
    assert h.to_play == 0  # the winner leads next


def test_no_card_of_another_suit_ever_wins():
    h = no_pass_state(SCENE)
    play_all(h, "2C QC 2D 3C")
    play_all(h, "AD 3D AH 2H")  # North and East are void in diamonds and discard hearts
    t = h.tricks[1]
    assert t.winner == 0 and t.points == 2


# ----- the first trick ----------------------------------------------------------------


def test_first_trick_discard_must_not_be_a_point_card_when_another_card_is_held():
    h = no_pass_state(SCENE)
    h.play("2C")
    h.play("QC")
    assert h.to_play == 1
    assert legal(h) == "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"
    assert refused(h, "QS") is Rule.NO_POINTS_ON_FIRST_TRICK


def test_first_trick_hearts_refused_while_a_safe_card_is_held():
    h = no_pass_state({0: "2C", 1: "5D QS 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"})
    h.play("2C")
    assert legal(h) == "5D"
    for code in ("QS", "3H", "KH"):
        assert refused(h, code) is Rule.NO_POINTS_ON_FIRST_TRICK


def test_first_trick_a_hand_of_only_hearts_may_play_a_heart():
    h = no_pass_state({1: "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"})
    assert h.to_play == 0
    h.play("2C")
    assert legal(h) == "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    h.play("AH")
    assert h.hearts_broken


def test_first_trick_a_hand_of_only_hearts_and_the_queen_may_play_any_of_them():
    h = no_pass_state({1: "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"})
    h.play("2C")
    assert legal(h) == "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    h.play("QS")
    assert not h.hearts_broken  # Q♠ is not a heart


# ----- breaking hearts ----------------------------------------------------------------


def _after_first_trick() -> HandState:
    h = no_pass_state(SCENE)
    play_all(h, "2C QC 2D 3C")  # South wins the first trick
    return h


def test_hearts_cannot_be_led_until_broken():
    h = _after_first_trick()
    play_all(h, "5S QS AS 2S")  # West must follow with Q♠; North wins and leads
    assert h.to_play == 2 and not h.hearts_broken
    assert legal(h) == "4C 8S 9S 10S JS KS"
    assert refused(h, "AH") is Rule.HEARTS_NOT_BROKEN


def test_queen_of_spades_may_be_led_after_the_first_trick():
    h = no_pass_state(
        {
            0: "AC QS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
            1: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC KD",
            2: "AD 2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 7H 8H",
            3: "7S 8S 9S 10S JS KS AS 9H 10H JH QH KH AH",
        }
    )
    play_all(h, "2C 2S 7S AC")
    assert h.to_play == 0 and not h.hearts_broken
    assert legal(h) == "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD QS"
    h.play("QS")


def test_leading_hearts_with_only_hearts_left():
    # South wins trick 1 with A♣ and then holds only hearts, unbroken.
    h = no_pass_state({0: "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 1: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D"})
    assert h.to_play == 1
    play_all(h, "2C 3D 3S AC")
    assert h.to_play == 0 and not h.hearts_broken
    assert legal(h) == "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    h.play("KH")
    assert h.hearts_broken


@pytest.mark.parametrize("qs_breaks", [False, True])
def test_only_hearts_and_the_queen_must_lead_the_queen_while_unbroken(qs_breaks):
    rules = Rules(qs_breaks_hearts=qs_breaks)
    h = no_pass_state(
        {0: "AC QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", 1: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D"}, rules
    )
    play_all(h, "2C 3D 3S AC")
    assert h.to_play == 0 and not h.hearts_broken
    assert legal(h) == "QS"
    assert refused(h, "2H") is Rule.HEARTS_NOT_BROKEN
    h.play("QS")
    assert h.hearts_broken is qs_breaks


def test_queen_of_spades_does_not_break_hearts_by_default():
    h = _after_first_trick()
    play_all(h, "KC QS 4C AC")  # docs/rules.md, An example trick: East's A♣ takes Q♠
    assert h.tricks[-1].winner == 3 and h.tricks[-1].points == 13
    assert not h.hearts_broken
    assert h.to_play == 3 and legal(h) == "2S 3S 4S"
    assert refused(h, "9H") is Rule.HEARTS_NOT_BROKEN


def test_queen_of_spades_breaks_hearts_with_the_option():
    rules = Rules(qs_breaks_hearts=True)
    h = no_pass_state(SCENE, rules)
    play_all(h, "2C QC 2D 3C KC QS 4C AC")
    assert h.hearts_broken
    assert "9H" in legal(h).split()
    h.play("9H")


def test_a_heart_played_on_a_trick_breaks_hearts():
    # East is void in diamonds and discards a heart; North may lead hearts afterwards.
    h = no_pass_state(SCENE)
    play_all(h, "2C QC 2D 3C")  # South leads next
    play_all(h, "AD 3D")  # South leads A♦, West follows
    assert legal(h) == "4C 8S 9S 10S JS KS AS 10H JH QH KH AH"  # North is void in diamonds: anything
    play_all(h, "10H")
    assert h.hearts_broken and h.voids[2] == 1 << 1
    h.play("2H")  # East void in diamonds too
    assert h.tricks[-1].winner == 0 and h.tricks[-1].points == 2
    assert "2H" not in h.hand_of(3)


# ----- scoring ---------------------------------------------------------------------------


def test_each_heart_is_one_point_and_the_queen_thirteen():
    r = Rules()
    assert [r.card_points(c) for c in CardSet.parse("2H AH QS JD 2C AS")] == [0, 0, 13, 0, 1, 1]
    assert r.points_of(CardSet.parse("QS 2H AH JD").mask) == 15
    assert Rules(jack_of_diamonds=True).card_points(CardSet.parse("JD").lowest()) == -10
    assert Rules(jack_of_diamonds=True).points_of(CardSet.parse("QS 2H AH JD").mask) == 5


# ----- the moon ----------------------------------------------------------------------------


def _feed(state: HandState) -> int:
    """South plays its highest legal card, everyone else its lowest: a deterministic script."""
    m = state.legal_mask()
    return m.bit_length() - 1 if state.to_play == 0 else (m & -m).bit_length() - 1


def _scripted_hand(number: int, rules: Rules | None = None) -> HandState:
    rules = rules or Rules()
    h = HandState(Deal.from_number(number, rules), rules, pass_direction=NONE)
    while h.phase is Phase.PLAYING:
        h.play(_feed(h))
    return h


def test_shooting_the_moon_gives_the_others_26():
    h = _scripted_hand(51)
    r = h.result()
    assert r.points == (0, 0, 0, 26)
    assert r.shooter == 3 and r.moon.value == "add"
    assert r.scores == (26, 26, 26, 0)
    assert sum(r.scores) == 78


def test_the_moon_needs_every_penalty_card_not_every_trick():
    r = _scripted_hand(51).result()
    assert r.shooter == 3 and r.tricks_won == (3, 1, 0, 9)


def test_one_heart_escaping_leaves_25_and_no_moon():
    h = _scripted_hand(9)
    r = h.result()
    assert r.points == (0, 0, 25, 1) and r.scores == r.points
    assert r.shooter is None and r.moon is None
    taken = CardSet(h.taken[2])
    assert "QS" in taken and taken.count(Suit.HEARTS) == 12


def test_moon_variant_subtract_from_the_shooter():
    r = _scripted_hand(51, Rules(moon="subtract")).result()
    assert r.scores == (0, 0, 0, -26) and r.moon.value == "subtract"


def test_moon_variant_shooters_choice_is_a_decision_of_the_shooter():
    h = _scripted_hand(51, Rules(moon="choice"))
    assert h.phase is Phase.MOON_CHOICE and h.to_play == 3 and not h.is_over
    assert h.legal_moves == CardSet(0)
    with pytest.raises(IllegalMoveError) as info:
        h.result()
    assert info.value.rule is Rule.WRONG_PHASE
    before = snapshot(h)
    with pytest.raises(IllegalMoveError) as info:
        h.choose_moon(0, "add")
    assert info.value.rule is Rule.NOT_THE_SHOOTER and snapshot(h) == before
    with pytest.raises(IllegalMoveError, match=r"'add'.*'subtract'"):
        h.choose_moon(3, "double")
    assert snapshot(h) == before
    h.choose_moon(3, "add")
    assert h.result().scores == (26, 26, 26, 0)
    h.undo()
    assert snapshot(h) == before
    h.choose_moon(3, "subtract")
    assert h.result().scores == (0, 0, 0, -26)
    assert h.history[-1].kind == "moon" and h.history[-1].choice == "subtract"


def test_choose_moon_is_refused_when_nobody_shot():
    h = _scripted_hand(9, Rules(moon="choice"))
    assert h.is_over
    with pytest.raises(IllegalMoveError) as info:
        h.choose_moon(2, "add")
    assert info.value.rule is Rule.WRONG_PHASE


def test_jack_of_diamonds_is_minus_ten():
    r = _scripted_hand(9, Rules(jack_of_diamonds=True)).result()
    assert r.points == (0, 0, 25, -9)  # East took J♦ and 8♥
    r = _scripted_hand(51, Rules(jack_of_diamonds=True)).result()
    assert r.points == (-10, 0, 0, 26) and r.scores == (16, 26, 26, 0)


# ----- passing ------------------------------------------------------------------------------


def test_pass_direction_by_hand_number():
    r = Rules()
    assert [r.pass_direction(k).value for k in range(1, 10)] == [
        "left", "right", "across", "none", "left", "right", "across", "none", "left",
    ]  # fmt: skip


@pytest.mark.parametrize(("hand_number", "south_gives_to"), [(1, 1), (2, 3), (3, 2), (5, 1)])
def test_pass_left_means_south_passes_to_west(hand_number, south_gives_to):
    h = HandState(Deal.from_number(21, hand_number=hand_number))
    given = {seat: CardSet(list(h.hand_of(seat))[:3]) for seat in range(4)}
    for seat in range(4):
        h.pass_cards(seat, given[seat])
    assert h.pass_target(0) == south_gives_to
    assert CardSet(h.received[south_gives_to]) == given[0]
    for seat in range(4):
        assert CardSet(h.received[h.pass_target(seat)]) == given[seat]
        assert CardSet(h.passes[seat]) == given[seat]
        assert h.hand_of(seat) == h.deal.hands[seat] - given[seat] | given[h.pass_source(seat)]


def test_hand_four_has_no_pass():
    h = HandState(Deal.from_number(21, hand_number=4))
    assert h.pass_direction is NONE and h.phase is Phase.PLAYING
    assert h.hand_of(0) == h.deal.hands[0]
    with pytest.raises(IllegalMoveError) as info:
        h.pass_cards(0, list(h.hand_of(0))[:3])
    assert info.value.rule is Rule.NO_PASS_THIS_HAND


def test_everyone_chooses_before_anyone_sees_what_they_receive():
    h = HandState(Deal.from_number(5))
    order = [2, 0, 3, 1]
    for i, seat in enumerate(order):
        h.pass_cards(seat, list(h.hand_of(seat))[-3:])
        if i < 3:
            assert h.phase is Phase.PASSING and h.waiting_to_pass == sorted(order[i + 1 :])
            assert h.received == [None] * 4
            for s in range(4):
                chosen = h.passes[s] or 0
                assert h.hands[s] == h.deal.hands[s].mask & ~chosen  # nothing has arrived
                obs = h.observation(s)
                assert obs.received is None
            assert h.legal_moves == CardSet(0)
    assert h.phase is Phase.PLAYING and all(r is not None for r in h.received)


def test_any_three_cards_may_be_passed_including_the_two_of_clubs_and_the_queen():
    h = HandState(Deal.from_number(0))
    h.pass_cards(2, ["QS", "KS", "JH"])
    h.pass_cards(1, ["2C", "AH", "KH"])


def test_no_passing_variant():
    rules = Rules(passing=False)
    assert {rules.pass_direction(k) for k in range(1, 9)} == {NONE}
    h = HandState(Deal.from_number(8, rules), rules)
    assert h.phase is Phase.PLAYING
    with pytest.raises(IllegalMoveError) as info:
        h.pass_cards(h.to_play, list(h.hand_of(h.to_play))[:3])
    assert info.value.rule is Rule.NO_PASS_THIS_HAND


# ----- other numbers of players ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "removed", "size"),
    [(3, "2D", 17), (4, "", 13), (5, "2C 2D", 10), (6, "3C 4C 2D 3D", 8), (7, "3C 2D 3D", 7)],
)
def test_card_removals_and_hand_sizes(players, removed, size):
    rules = Rules(num_players=players)
    assert rules.removed_cards == CardSet.parse(removed)
    assert rules.hand_size == size and len(rules.deck) == size * players
    d = Deal.from_number(2, rules)
    assert [len(hand) for hand in d.hands] == [size] * players
    assert CardSet(sum(hand.mask for hand in d.hands)) == rules.deck


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_pass_rotation_left_right_repeat(players):
    rules = Rules(num_players=players)
    assert [rules.pass_direction(k).value for k in range(1, 6)] == ["left", "right", "left", "right", "left"]
    h = HandState(Deal.from_number(4, rules, hand_number=2), rules)
    assert h.pass_target(0) == players - 1 and h.pass_target(1) == 0


@pytest.mark.parametrize("players", [3, 5, 7])
def test_no_seat_across_with_an_odd_table(players):
    rules = Rules(num_players=players)
    with pytest.raises(ValueError, match="across"):
        HandState(Deal.from_number(1, rules), rules, pass_direction=PassDirection.ACROSS)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_a_whole_hand_with_any_table(players):
    rules = Rules(num_players=players)
    h = HandState(Deal.from_number(17, rules), rules)
    for seat in range(players):
        h.pass_cards(seat, list(h.hand_of(seat))[:3])
    while not h.is_over:
        h.play(h.legal_moves.highest())
    assert len(h.tricks) == rules.hand_size and all(len(t.cards) == players for t in h.tricks)
    played = [c for t in h.tricks for c in t.cards]
    assert sorted(played) == sorted(rules.deck)
    assert sum(h.result().points) == 26
    assert h.tricks[0].cards[0] == rules.first_lead


def test_rules_refuse_impossible_options_naming_the_option():
    for kwargs, option in [
        ({"num_players": 2}, "num_players"),
        ({"target_score": 0}, "target_score"),
        ({"moon": "sometimes"}, "moon"),
        ({"qs_breaks_hearts": "yes"}, "qs_breaks_hearts"),
    ]:
        with pytest.raises(ValueError) as info:
            Rules(**kwargs)
        assert info.value.option == option
