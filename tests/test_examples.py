"""The published examples, replayed through the engine.

- seeds/000 section 05: not the first trick, clubs led; A K♣, B (void in clubs)
  Q♠, C 4♣, D A♣. D takes the trick and 13 points; hearts stay unbroken.
- seeds/001: the whole example hand (you, Ada, Bo, Cleo), from the complete
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
