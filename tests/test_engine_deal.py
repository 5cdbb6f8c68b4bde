"""Cards, notation and deals: parsing, ordering, validation and golden vectors.

The golden vectors were generated once from ``Deal.from_number`` and are kept
literally here: if any of them changes, every saved deal number, record and
published example would silently change with it.
"""

from __future__ import annotations

import datetime

import pytest

from hearts import Card, CardSet, Deal, Rules, Suit
from hearts.errors import CardParseError, DealError

# ----- golden vectors ------------------------------------------------------------------

GOLDEN_4 = {
    0: [
        ["3C", "QC", "7D", "8D", "KD", "2S", "5S", "7S", "8S", "10S", "2H", "3H", "7H"],
        ["2C", "6C", "AC", "3D", "5D", "QD", "AS", "6H", "9H", "10H", "QH", "KH", "AH"],
        ["5C", "7C", "8C", "JC", "KC", "4D", "JD", "3S", "6S", "JS", "QS", "KS", "JH"],
        ["4C", "9C", "10C", "2D", "6D", "9D", "10D", "AD", "4S", "9S", "4H", "5H", "8H"],
    ],
    1: [
        ["7C", "10C", "JC", "AC", "9D", "10D", "QD", "KD", "QS", "6H", "7H", "10H", "QH"],
        ["2C", "3C", "8C", "KC", "4D", "7D", "2S", "9S", "JS", "KS", "2H", "5H", "AH"],
        ["4C", "5C", "6C", "QC", "5D", "8D", "JD", "3S", "6S", "7S", "8S", "3H", "KH"],
        ["9C", "2D", "3D", "6D", "AD", "4S", "5S", "10S", "AS", "4H", "8H", "9H", "JH"],
    ],
    12345: [
        ["2C", "5C", "7C", "9C", "5D", "6D", "9D", "QD", "AD", "7S", "4H", "5H", "KH"],
        ["4C", "8C", "QC", "KC", "2D", "10D", "JD", "4S", "8S", "7H", "8H", "9H", "10H"],
        ["10C", "JC", "AC", "4D", "8D", "2S", "3S", "9S", "JS", "QS", "KS", "AS", "6H"],
        ["3C", "6C", "3D", "7D", "KD", "5S", "6S", "10S", "2H", "3H", "JH", "QH", "AH"],
    ],
}

GOLDEN_3_DEAL_7 = [
    ["3C", "6C", "9C", "KC", "5D", "7D", "8D", "AD", "4S", "10S", "JS", "KS", "AS", "3H", "8H", "10H", "KH"],
    ["5C", "7C", "JC", "AC", "9D", "10D", "JD", "QD", "3S", "5S", "9S", "QS", "5H", "7H", "9H", "JH", "AH"],
    ["2C", "4C", "8C", "10C", "QC", "3D", "4D", "6D", "KD", "2S", "6S", "7S", "8S", "2H", "4H", "6H", "QH"],
]

GOLDEN_5_DEAL_3 = [
    ["3C", "QC", "3D", "5D", "QD", "2S", "7S", "JS", "10H", "JH"],
    ["4D", "AD", "3S", "5S", "6S", "8S", "AS", "2H", "3H", "4H"],
    ["8C", "KC", "AC", "6D", "JD", "4S", "5H", "6H", "9H", "QH"],
    ["4C", "7C", "9C", "10C", "JC", "7D", "9D", "10S", "KS", "KH"],
    ["5C", "6C", "8D", "10D", "KD", "9S", "QS", "7H", "8H", "AH"],
]

GOLDEN_DEAL_0_HAND_2_SOUTH = ["KC", "4D", "5D", "6D", "10D", "2S", "3S", "JS", "KS", "4H", "6H", "7H", "9H"]
GOLDEN_DAY_2026_11_30_SOUTH = ["3C", "5C", "AC", "3D", "QD", "KD", "AD", "6S", "7S", "8S", "6H", "JH", "KH"]


@pytest.mark.parametrize("number", sorted(GOLDEN_4))
def test_golden_four_player_deals(number):
    assert Deal.from_number(number).to_codes() == GOLDEN_4[number]


def test_golden_three_player_deal():
    assert Deal.from_number(7, Rules(num_players=3)).to_codes() == GOLDEN_3_DEAL_7


def test_golden_five_player_deal():
    assert Deal.from_number(3, Rules(num_players=5)).to_codes() == GOLDEN_5_DEAL_3


def test_golden_later_hand_of_a_game():
    assert Deal.from_number(0, hand_number=2).to_codes()[0] == GOLDEN_DEAL_0_HAND_2_SOUTH


def test_deal_of_the_day():
    d = Deal.of_the_day(datetime.date(2026, 11, 30))
    assert d.number == 20261130
    assert d.to_codes()[0] == GOLDEN_DAY_2026_11_30_SOUTH
    assert d.hands == Deal.from_number(20261130).hands
    assert Deal.of_the_day(datetime.date(2026, 12, 1)).hands != d.hands


def test_the_deal_depends_only_on_the_rules_table_size():
    assert Deal.from_number(12345, Rules(qs_breaks_hearts=True, target_score=50)).hands == Deal.from_number(12345).hands


def test_deal_numbers_are_validated():
    for bad in (-1, 1.5, "3", True):
        with pytest.raises(DealError):
            Deal.from_number(bad)  # type: ignore[arg-type]
    with pytest.raises(DealError):
        Deal.from_number(1, hand_number=0)


# ----- explicit deals -------------------------------------------------------------------


def test_explicit_deal_from_card_lists():
    d = Deal.from_hands(GOLDEN_4[1])
    assert d.hands == Deal.from_number(1).hands and d.number is None
    assert d.holder("2C") == 1 and d.holder(Card.parse("QS")) == 0


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (GOLDEN_4[1][:3], "expected 4 hands"),
        ([h[:12] for h in GOLDEN_4[1]], "holds 12 cards"),
        ([GOLDEN_4[1][0], GOLDEN_4[1][0], GOLDEN_4[1][2], GOLDEN_4[1][3]], "more than one seat"),
        ([["2C"] * 13, *GOLDEN_4[1][1:]], "more than once"),
        ([["ZZ", *GOLDEN_4[1][0][1:]], *GOLDEN_4[1][1:]], "ZZ"),
        ("2C 3C", "one hand per seat"),
    ],
)
def test_explicit_deals_are_validated(hands, message):
    with pytest.raises(DealError, match=message):
        Deal.from_hands(hands)


def test_explicit_deal_must_leave_out_the_removed_cards():
    rules = Rules(num_players=3)
    hands = [list(h) for h in GOLDEN_3_DEAL_7]
    hands[2][hands[2].index("3D")] = "2D"  # 2♦ is not in a three-player deck
    with pytest.raises(DealError, match="not in the deck"):
        Deal.from_hands(hands, rules)


# ----- cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "index"),
    [("QS", 36), ("Q♠", 36), ("10H", 47), ("TH", 47), ("th", 47), ("2C", 0), ("AH", 51), ("A♥", 51), (" 9 d ", 20)],
)
def test_card_parsing(text, index):
    assert Card.parse(text) == index


@pytest.mark.parametrize("text", ["1X", "", "QSS", "11H", "Q", "S", "10", "♠Q", "QX"])
def test_card_parsing_refuses_anything_else_quoting_the_input(text):
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value) and info.value.text == text
    assert isinstance(info.value, ValueError)


def test_card_values_print_as_notation():
    qs = Card.parse("QS")
    assert str(qs) == "Q♠" and qs.code == "QS" and repr(qs) == "Card.parse('Q♠')"
    assert eval(repr(qs)) == qs
    assert str(Card.parse("10H")) == "10♥"
    assert qs.suit is Suit.SPADES and qs.rank == 12
    assert [str(Card(i)) for i in (0, 12, 13, 51)] == ["2♣", "A♣", "2♦", "A♥"]
    with pytest.raises(CardParseError):
        Card(52)


def test_card_set_iterates_by_suit_then_rank():
    s = CardSet.parse("AH 2C QS 10D 3C JD")
    assert [str(c) for c in s] == ["2♣", "3♣", "10♦", "J♦", "Q♠", "A♥"]
    assert s.codes() == ["2C", "3C", "10D", "JD", "QS", "AH"]
    assert len(s) == 6 and "QS" in s and "KS" not in s
    assert s.lowest() == Card.parse("2C") and s.highest() == Card.parse("AH")
    assert s.of_suit(Suit.DIAMONDS) == CardSet.parse("10D JD") and s.count(Suit.CLUBS) == 2
    assert eval(repr(s)) == s
    with pytest.raises(AttributeError):
        s.mask = 0  # type: ignore[misc]
