"""Every refused action raises the right Rule, explains itself in English and
Spanish, and leaves the state exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from engine_support import finish, no_pass_state, play_all, snapshot

from hearts import Deal, Game, HandState, PassDirection, Rule, Rules
from hearts.errors import HeartsError, IllegalMoveError

SCENE = {
    0: "QC KC 5C 6C 7C 8C 9C 10C JC AD 5S 6S 7S",
    1: "QS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    2: "3C 4C 8S 9S 10S JS KS AS 10H JH QH KH AH",
    3: "2C AC 2S 3S 4S 2H 3H 4H 5H 6H 7H 8H 9H",
}


def passing() -> HandState:
    return HandState(Deal.from_number(0))


def passing_after_south() -> HandState:
    h = passing()
    h.pass_cards(0, ["3C", "QC", "7D"])
    return h


def opening() -> HandState:
    return no_pass_state(SCENE)  # East to lead 2♣


def first_trick_west() -> HandState:
    h = no_pass_state(SCENE)
    play_all(h, "2C QC")  # West, void in clubs, holds Q♠
    return h


def second_trick_north() -> HandState:
    h = no_pass_state(SCENE)
    play_all(h, "2C QC 2D 3C 5S QS AS 2S")  # North leads, hearts unbroken
    return h


def finished() -> HandState:
    return finish(HandState(Deal.from_number(3)))


def moon_choice() -> HandState:
    rules = Rules(moon="choice")
    h = HandState(Deal.from_number(51, rules), rules, pass_direction=PassDirection.NONE)
    while h.phase.value != "moon_choice":
        m = h.legal_mask()
        h.play(m.bit_length() - 1 if h.to_play == 0 else (m & -m).bit_length() - 1)
    return h


# (name, state factory, action, expected rule)
CASES: list[tuple[str, Callable[[], HandState], Callable[[HandState], object], Rule]] = [
    ("play while passing", passing, lambda h: h.play("2C"), Rule.WRONG_PHASE),
    ("pass while playing", lambda: _played(passing), lambda h: h.pass_cards(0, ["AS", "KS", "QS"]), Rule.WRONG_PHASE),
    ("moon choice while playing", opening, lambda h: h.choose_moon(0, "add"), Rule.WRONG_PHASE),
    ("result before the end", opening, lambda h: h.result(), Rule.WRONG_PHASE),
    ("play out of turn", opening, lambda h: h.play("QC", seat=0), Rule.NOT_YOUR_TURN),
    ("play a card not held", opening, lambda h: h.play("AD"), Rule.CARD_NOT_IN_HAND),
    ("pass a card not held", passing, lambda h: h.pass_cards(0, ["3C", "QC", "AS"]), Rule.CARD_NOT_IN_HAND),
    ("lead other than 2♣", opening, lambda h: h.play("AC"), Rule.MUST_LEAD_LOWEST_CLUB),
    ("not following suit", lambda: _after(opening, "2C"), lambda h: h.play("AD"), Rule.MUST_FOLLOW_SUIT),
    ("Q♠ on the first trick", first_trick_west, lambda h: h.play("QS"), Rule.NO_POINTS_ON_FIRST_TRICK),
    ("heart led unbroken", second_trick_north, lambda h: h.play("KH"), Rule.HEARTS_NOT_BROKEN),
    ("pass two cards", passing, lambda h: h.pass_cards(0, ["3C", "QC"]), Rule.WRONG_PASS_COUNT),
    ("pass four cards", passing, lambda h: h.pass_cards(0, ["3C", "QC", "7D", "8D"]), Rule.WRONG_PASS_COUNT),
    ("pass a card twice", passing, lambda h: h.pass_cards(0, ["3C", "3C", "7D"]), Rule.DUPLICATE_PASS_CARD),
    ("pass a card twice, as text", passing, lambda h: h.pass_cards(0, "3C 3C 7D"), Rule.DUPLICATE_PASS_CARD),
    ("pass again", passing_after_south, lambda h: h.pass_cards(0, ["8D", "KD", "2S"]), Rule.ALREADY_PASSED),
    ("pass in a no-pass hand", opening, lambda h: h.pass_cards(0, ["QC", "KC", "5C"]), Rule.NO_PASS_THIS_HAND),
    ("moon choice by another seat", moon_choice, lambda h: h.choose_moon(1, "add"), Rule.NOT_THE_SHOOTER),
    ("undo with nothing done", passing, lambda h: h.undo(), Rule.NOTHING_TO_UNDO),
    ("play after the hand", finished, lambda h: h.play("2C"), Rule.HAND_OVER),
    ("pass for a seat that does not exist", passing, lambda h: h.pass_cards(4, ["3C", "QC", "7D"]), Rule.NO_SUCH_SEAT),
    ("pass for seat True", passing, lambda h: h.pass_cards(True, ["3C", "QC", "7D"]), Rule.NO_SUCH_SEAT),
    ("play as seat -1", opening, lambda h: h.play("2C", seat=-1), Rule.NO_SUCH_SEAT),
    ("look at seat -1", opening, lambda h: h.observation(-1), Rule.NO_SUCH_SEAT),
    ("look at seat 4's cards", opening, lambda h: h.hand_of(4), Rule.NO_SUCH_SEAT),
    ("moon choice by seat 9", moon_choice, lambda h: h.choose_moon(9, "add"), Rule.NO_SUCH_SEAT),
    ("moon scored double", moon_choice, lambda h: h.choose_moon(h.to_play, "double"), Rule.BAD_MOON_CHOICE),
]


def _after(factory: Callable[[], HandState], codes: str) -> HandState:
    h = factory()
    play_all(h, codes)
    return h


def _played(factory: Callable[[], HandState]) -> HandState:
    h = factory()
    for seat in range(4):
        h.pass_cards(seat, list(h.hand_of(seat))[:3])
    h.play(h.legal_moves.lowest())
    return h


def test_every_rule_has_a_refusal_case():
    # GAME_OVER is refused by Game (next_hand after the end), tested in test_engine_game.py.
    assert {rule for *_, rule in CASES} == set(Rule) - {Rule.GAME_OVER}


@pytest.mark.parametrize(("name", "factory", "action", "rule"), CASES, ids=[c[0] for c in CASES])
def test_refused_action_raises_the_rule_and_changes_nothing(name, factory, action, rule):
    h = factory()
    before = snapshot(h)
    history = h.history
    with pytest.raises(IllegalMoveError) as info:
        action(h)
    err = info.value
    assert err.rule is rule
    assert isinstance(err, ValueError)
    assert snapshot(h) == before and h.history == history
    en, es = err.explain("en"), err.explain("es")
    assert en and es and en != es and "{" not in en + es
    assert str(err) == en


def test_why_not_agrees_with_play_on_every_card():
    """For every card of the player to move, at many points of several hands:
    why_not is None exactly for legal_moves, and play raises the same rule."""
    for number in range(6):
        h = HandState(Deal.from_number(number), pass_direction=PassDirection.NONE)
        while not h.is_over:
            for c in range(52):
                err = h.why_not(c)
                assert (err is None) == (c in h.legal_moves), (number, c)
            h.push(h.legal_moves.highest() if len(h.tricks) % 2 else h.legal_moves.lowest())


def test_a_refused_play_in_the_middle_of_a_hand_leaves_it_unchanged():
    h = second_trick_north()
    for code in ("10H", "2C", "QS", "5C"):
        before = snapshot(h)
        with pytest.raises(IllegalMoveError):
            h.play(code)
        assert snapshot(h) == before


def test_bad_seats_and_card_text_are_typed_errors_that_change_nothing():
    h = passing()
    before = snapshot(h)
    for action in (
        lambda: h.pass_cards(4, ["3C", "QC", "7D"]),
        lambda: h.pass_cards(-1, ["3C", "QC", "7D"]),
        lambda: h.pass_cards(0, ["3C", "QC", "ZZ"]),
    ):
        with pytest.raises(HeartsError):
            action()
        assert snapshot(h) == before
    o = opening()
    before = snapshot(o)
    with pytest.raises(HeartsError):
        o.play("1X")
    with pytest.raises(HeartsError):
        o.play("2C", seat=9)
    assert snapshot(o) == before


def test_game_refusals_change_nothing():
    g = Game(number=1)
    with pytest.raises(IllegalMoveError) as info:
        g.next_hand()
    assert info.value.rule is Rule.WRONG_PHASE and len(g.hands) == 1 and g.totals == [0, 0, 0, 0]
