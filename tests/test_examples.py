"""The published examples, replayed through the engine.

- docs/rules.md, An example trick: not the first trick, clubs led; A K♣, B (void in clubs)
  Q♠, C 4♣, D A♣. D takes the trick and 13 points; hearts stay unbroken.
- docs/rules.md, An example hand: the whole example hand (you, Ada, Bo, Cleo), from the complete
  deal kept in ``hearts.examples``.
"""

from __future__ import annotations

import pytest
from engine_support import no_pass_state, play_all

from hearts import CardSet, Rule, Rules
from hearts.errors import IllegalMoveError

# A = South, B = West, C = North, D = East. East leads 2♣ to the first trick and
# South wins it with Q♣, so South (A) leads the trick of the example.
SECTION_05 = {
    0: "QC KC 5C 6C 7C 8C 9C 10C JC AD 5S 6S 7S",  # A
    1: "QS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",  # B: no clubs
    2: "3C 4C 8S 9S 10S JS KS AS 10H JH QH KH AH",  # C
    3: "2C AC 2S 3S 4S 2H 3H 4H 5H 6H 7H 8H 9H",  # D
}


def _section_05(rules: Rules | None = None):
    h = no_pass_state(SECTION_05, rules)
    play_all(h, "2C QC 2D 3C")  # the first trick: no points may fall on it
    assert len(h.tricks) == 1 and h.to_play == 0 and h.tricks[0].points == 0
    return h


def test_seed_000_section_05_the_ace_of_clubs_takes_the_queen():
    h = _section_05()
    assert h.trick_number == 1  # not the first trick
    h.play("KC")  # A leads clubs
    assert "QS" in h.legal_moves  # B is void in clubs: any card, Q♠ included
    h.play("QS")
    assert h.voids[1] >> 0 & 1  # B has shown out of clubs
    h.play("4C")  # C follows
    h.play("AC")  # D follows with the ace
    t = h.tricks[-1]
    assert [c.code for c in t.cards] == ["KC", "QS", "4C", "AC"] and t.seats == (0, 1, 2, 3)
    assert t.winner == 3 and t.points == 13 and h.points == [0, 0, 0, 13]
    # The queen is not a trump and does not open hearts.
    assert not h.hearts_broken
    assert h.to_play == 3 and h.legal_moves == CardSet.parse("2S 3S 4S")
    with pytest.raises(IllegalMoveError) as info:
        h.play("9H")
    assert info.value.rule is Rule.HEARTS_NOT_BROKEN


def test_seed_000_section_05_with_the_queen_breaking_hearts_variant():
    h = _section_05(Rules(qs_breaks_hearts=True))
    play_all(h, "KC QS 4C AC")
    assert h.tricks[-1].winner == 3 and h.tricks[-1].points == 13
    assert h.hearts_broken and "9H" in h.legal_moves


def test_seed_000_section_05_as_kept_in_the_package():
    from hearts.examples import SEED_000_TRICK as ex

    h = no_pass_state(dict(enumerate(" ".join(hand) for hand in ex.setup_deal)))
    play_all(h, " ".join(ex.setup_plays))
    assert h.trick_number == 1 and h.to_play == ex.leader
    play_all(h, " ".join(ex.plays))
    t = h.tricks[-1]
    assert t.leader == ex.leader and [c.code for c in t.cards] == list(ex.plays)
    assert t.winner == ex.winner == 3 and t.points == ex.points == 13
    assert h.hearts_broken is ex.hearts_broken_after is False


# ----- docs/rules.md, An example hand: the whole hand ---------------------------------------------

YOU, ADA, BO, CLEO = 0, 1, 2, 3  # play order Bo, Cleo, you, Ada: Ada sits on your left (West)


def _seed_001_state():
    from hearts import Deal, HandState
    from hearts.examples import SEED_001_HAND as ex

    return ex, HandState(Deal.from_hands([list(hand) for hand in ex.deal]))


def test_seed_001_names_and_seats():
    ex, h = _seed_001_state()
    assert ex.names == ("you", "Ada", "Bo", "Cleo")
    assert h.pass_direction.value == "left" and h.pass_target(YOU) == ADA and h.pass_source(YOU) == CLEO


def test_seed_001_hands_before_and_after_the_pass():
    ex, h = _seed_001_state()
    # "Tu mano: ♠ A Q 4, ♥ K 9 3, ♦ J 8 6 2, ♣ 10 7 5."
    assert h.hand_of(YOU) == CardSet.parse("AS QS 4S KH 9H 3H JD 8D 6D 2D 10C 7C 5C")
    for seat in (YOU, ADA, BO, CLEO):
        h.pass_cards(seat, list(ex.passes[seat]))
    # You pass Q♠, A♠ and K♥ to Ada; from Cleo you receive K♣, J♥ and 8♣.
    assert CardSet(h.passes[YOU]) == CardSet.parse("QS AS KH")
    assert CardSet(h.received[ADA]) == CardSet.parse("QS AS KH")
    assert CardSet(h.received[YOU]) == CardSet.parse("KC JH 8C")
    # "Ahora tienes ♠ 4, ♥ J 9 3, ♦ J 8 6 2 y ♣ K 10 8 7 5."
    assert h.hand_of(YOU) == CardSet.parse("4S JH 9H 3H JD 8D 6D 2D KC 10C 8C 7C 5C")
    for seat in range(4):
        assert h.hand_of(seat) == ex.after_pass(seat)
    # Bo has 2♣ and leads.
    assert "2C" in h.hand_of(BO) and h.to_play == BO and h.legal_moves == CardSet.parse("2C")


def _play_seed_001():
    ex, h = _seed_001_state()
    for seat in range(4):
        h.pass_cards(seat, list(ex.passes[seat]))
    snapshots = {}
    for i, code in enumerate(ex.plays):
        if i % 4 == 0:
            snapshots[i // 4] = h.copy()  # the position before each trick
        h.play(code)  # the checked path: every play must be legal
    return ex, h, snapshots


def test_seed_001_the_first_four_tricks_card_by_card():
    _, h, before = _play_seed_001()
    told = [
        # (leader, cards in play order, winner, points)
        (BO, "2C 9C KC 3C", YOU, 0),  # Bo 2♣, Cleo 9♣, you K♣, Ada 3♣: your king wins, no points
        (YOU, "4S 7S 10S JS", CLEO, 0),  # you lead your only spade; Ada 7♠, Bo 10♠, Cleo J♠ wins
        (CLEO, "5D 6D QS AD", BO, 13),  # Cleo 5♦, you 6♦, Ada drops Q♠, Bo's A♦ takes 13
        (BO, "10D 9D 8D KH", BO, 1),  # Bo 10♦, Cleo 9♦, you 8♦, Ada K♥ breaks hearts; Bo +1
    ]
    for n, (leader, cards, winner, points) in enumerate(told):
        t = h.tricks[n]
        assert (t.leader, " ".join(c.code for c in t.cards), t.winner, t.points) == (leader, cards, winner, points)
    # Trick 3: Ada has no diamonds; Bo holds A♦ and 10♦, so he wins whatever he plays.
    third = before[2]
    assert third.hand_of(ADA).count(1) == 0
    assert third.hand_of(BO).of_suit(1) == CardSet.parse("10D AD")
    # Before trick 4 no heart had been played; it is the first one and breaks hearts.
    assert not before[3].hearts_broken and h.tricks[3].cards[3].code == "KH"
    assert before[4].hearts_broken
    # Trick 2: Ada holds the ace and queen you passed her and plays under with 7♠.
    assert CardSet.parse("AS QS") <= before[1].hand_of(ADA)
    # After trick 2 you have no spades left.
    assert before[2].hand_of(YOU).count(2) == 0


def test_seed_001_final_points_3_4_3_16():
    ex, h, _ = _play_seed_001()
    r = h.result()
    assert r.points == (3, 4, 16, 3) == ex.expected_points  # you 3, Ada 4, Bo 16, Cleo 3
    assert sum(r.points) == 26 and r.shooter is None and r.scores == r.points
    taken = [CardSet(m) for m in h.taken]
    assert "QS" in taken[BO] and taken[BO].count(3) == 3  # Bo: the queen and three hearts
    assert taken[ADA].count(3) == 4 and taken[CLEO].count(3) == 3
    # Your 3 points come in one trick that holds your J♥.
    yours = [t for t in h.tricks if t.winner == YOU and t.points]
    assert len(yours) == 1 and yours[0].points == 3 and "JH" in {c.code for c in yours[0].cards}
    assert yours[0].played_by(YOU).code == "JH"


def test_seed_001_you_discard_a_heart_whenever_you_cannot_follow():
    _, h, before = _play_seed_001()
    for n, t in enumerate(h.tricks):
        mine = t.played_by(YOU)
        led = t.cards[0].suit
        if mine.suit != led and before[n].hand_of(YOU).count(3):
            assert mine.suit == 3, f"trick {n + 1}: you discarded {mine} while holding a heart"


def test_seed_001_as_a_game_you_and_cleo_share_the_lowest_score():
    from hearts import Deal, Game

    ex, _, _ = _play_seed_001()
    g = Game(deals=[Deal.from_hands([list(hand) for hand in ex.deal])], rules=Rules(target_score=16))
    for seat in range(4):
        g.hand.pass_cards(seat, list(ex.passes[seat]))
    for code in ex.plays:
        g.hand.play(code)
    assert g.is_over and g.scores == (3, 4, 16, 3)
    assert g.winners == [YOU, CLEO] and g.outcome().shared


def test_seed_001_round_trips_as_a_record():
    from hearts.record import HandRecord

    _, h, _ = _play_seed_001()
    again = HandRecord.from_json(HandRecord.from_state(h).to_json()).replay()
    assert again.result() == h.result() and again.plays == h.plays
