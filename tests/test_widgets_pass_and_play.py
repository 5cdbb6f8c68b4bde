"""Pass-and-play at the game table: people in any seats, one screen, hands covered between them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hearts.cards import CardSet
from hearts.hand import Phase
from hearts_widgets.table import GameTable
from hearts_widgets.table_model import TableModel

FACE_UP = re.compile(r'<g class="card face[^"]*"[^>]*data-card="([^"]+)"')


def face_up(svg: str) -> set[str]:
    """Codes of every face-up card in a drawing (the trick in the middle included)."""
    return set(FACE_UP.findall(svg))


def hand_codes(svg: str, seat: int) -> set[str]:
    """Face-up cards drawn in ``seat``'s hand (not in the trick)."""
    m = re.search(rf'<g class="hand mine[^"]*" data-seat="{seat}"[^>]*>(.*?)</g></svg>', svg, re.S)
    assert m, "the viewer's hand is missing from the drawing"
    return set(re.findall(r'data-card="([^"]+)"', m.group(1)))


def public(table: GameTable) -> set[str]:
    """Cards anyone at the table has seen: played this hand."""
    return {c.code for _, c in table.model.hand.plays}


def check_drawings(table: GameTable) -> None:
    """Every drawing of this refresh shows no card of a hand other than the person's, and none while covered."""
    m = table.model
    h = m.hand
    drawings = [table.board.svg, *table.board.frames]
    for svg in drawings:
        if m.covered:
            assert hand_codes(svg, m.seat) == set(), "a covered hand shows its cards"
            assert 'class="hand mine covered"' in svg
        others = set().union(*(h.hand_of(s).codes() for s in range(4) if s != m.seat))
        assert not (face_up(svg) - public(table)) & others, "another seat's hidden card is in the drawing"
    if not m.covered:
        assert hand_codes(table.board.svg, m.seat) == set(h.hand_of(m.seat).codes())


def test_two_people_play_a_whole_hand_passing_one_screen(tmp_path: Path) -> None:
    t = GameTable(number=21, level="random", data_dir=tmp_path, paced=False, humans=[0, 2], target_score=200)
    m = t.model
    assert m.humans == (0, 2) and m.bot_seats == (1, 3)
    assert m.covered and m.hand.phase is Phase.PASSING
    check_drawings(t)
    assert t.buttons["ready"].layout.display is None and t.buttons["pass"].layout.display == "none"
    handovers = 0
    while not m.hand.is_over:
        check_drawings(t)
        h = m.hand
        if m.covered:
            before = (m.actions, list(h.history), m.seat)
            t.click_card(next(iter(h.hand_of(m.seat))).code)  # a click on a covered hand does nothing
            assert m.message.kind == "error" and "Ready" in m.message.text
            assert (m.actions, list(h.history), m.seat) == before
            t.press("ready")
            handovers += 1
            continue
        if h.phase is Phase.PASSING:
            first = m.seat
            for c in list(h.hand_of(first))[:3]:
                t.click_card(c.code)
            t.press("pass")
            if m.hand.phase is Phase.PASSING:  # the other person chooses next, not told what was passed
                assert m.covered and m.seat != first
                assert not any(c in m.message.text for c in ("♣", "♦", "♠", "♥"))
            continue
        assert h.to_play == m.seat
        t.click_card(next(iter(h.legal_moves)).code)
    assert handovers >= 4  # both passed, and the lead moved between North and South several times
    assert sum(m.hand.result().points) == 26
    # Who played what: bots only in their seats, each person's cards by that person.
    assert {a.seat for a in m.hand.history if a.kind == "pass"} == {0, 1, 2, 3}


def test_four_people_pass_one_after_another_and_see_what_they_received(tmp_path: Path) -> None:
    m = TableModel(number=8, level="random", data_dir=tmp_path, humans=[3, 1, 0, 2])
    assert m.humans == (0, 1, 2, 3) and m.bot_seats == ()
    order = []
    while m.hand.phase is Phase.PASSING:
        m.press("ready")
        order.append(m.seat)
        for c in list(m.hand.hand_of(m.seat))[:3]:
            m.click_card(c.code)
        m.press("pass")
    assert order == [0, 1, 2, 3]
    # Whoever plays first gets the screen; each person is shown what they received when they first see
    # their hand after the exchange (the last to pass at once if they lead).
    first = m.hand.to_play
    if first == 3:
        assert not m.covered and m.message.kind == "ok" and "received" in m.message.text
    else:
        assert m.covered and m.seat == first
        m.press("ready")
        got = CardSet(m.hand.received[first] or 0)
        assert m.received_flash == got.mask and "received" in m.message.text
    m.click_card(next(iter(m.hand.legal_moves)).code)
    assert m.covered and m.seat == (first + 1) % 4
    m.press("ready")
    assert m.received_flash == m.hand.received[m.seat]


def test_ready_when_nothing_is_covered_is_refused(tmp_path: Path) -> None:
    m = TableModel(number=8, level="random", data_dir=tmp_path)
    assert not m.covered
    m.press("ready")
    assert m.message.kind == "error" and m.actions == 1


def test_a_saved_pass_and_play_game_resumes_covered_for_the_same_person(tmp_path: Path) -> None:
    m = TableModel(number=33, level="random", data_dir=tmp_path, humans=[0, 1])
    while m.hand.phase is Phase.PASSING:
        m.press("ready")
        m.click_card(next(iter(m.hand.hand_of(m.seat))).code)
        m.click_card(list(m.hand.hand_of(m.seat))[1].code)
        m.click_card(list(m.hand.hand_of(m.seat))[2].code)
        m.press("pass")
    if m.covered:
        m.press("ready")
    m.click_card(next(iter(m.hand.legal_moves)).code)
    saved = json.loads(m.save_path.read_text())
    assert saved["table"]["humans"] == [0, 1]
    m.close()  # a restart: the first table is gone
    again = TableModel(level="random", data_dir=tmp_path)
    assert again.humans == (0, 1) and again.seat == m.seat
    assert again.covered, "whoever sits down after a restart must say they are ready first"
    assert again.hand.plays == m.hand.plays
    assert "Ready" in again.message.text


def test_a_damaged_people_list_in_the_save_is_reported_and_kept(tmp_path: Path) -> None:
    m = TableModel(number=5, level="random", data_dir=tmp_path)
    data = m.save_data()
    data["table"]["humans"] = [0, 7]
    m.save_path.write_text(json.dumps(data))
    again = TableModel(level="random", data_dir=tmp_path)
    assert again.notices and "table.humans" in again.notices[0].text
    assert (tmp_path / "table-save.bad.json").exists()


def test_giving_the_seat_to_move_to_a_bot_lets_the_bot_play(tmp_path: Path) -> None:
    m = TableModel(number=4, level="random", data_dir=tmp_path, humans=[0, 1, 2, 3])
    while m.hand.phase is Phase.PASSING:
        m.press("ready")
        for c in list(m.hand.hand_of(m.seat))[:3]:
            m.click_card(c.code)
        m.press("pass")
    mover = m.hand.to_play
    m.set_humans([s for s in range(4) if s != mover])
    assert mover in m.bot_seats
    assert m.hand.cards_played >= 1 and m.hand.plays[0][0] == mover
    assert m.hand.to_play in m.humans and m.seat == m.hand.to_play


@pytest.mark.parametrize("bad", [[], [0, 0], [4], ["S"], "02", [True]])
def test_bad_people_lists_are_refused_naming_the_option(bad: object, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="humans"):
        TableModel(number=1, data_dir=tmp_path, humans=bad)  # type: ignore[arg-type]
    m = TableModel(number=1, level="random", data_dir=tmp_path, resume=False)
    before = m.humans
    m.set_humans(bad)  # type: ignore[arg-type]
    assert m.message.kind == "error" and m.humans == before


def test_the_people_buttons_choose_the_seats(tmp_path: Path) -> None:
    t = GameTable(number=9, level="random", data_dir=tmp_path, paced=False)
    assert [b.value for b in t.people] == [True, False, False, False]
    t.people[2].value = True
    assert t.model.humans == (0, 2)
    t.people[0].value = False
    t.people[2].value = False  # the last person cannot leave: refused, buttons show the truth again
    assert t.model.humans == (2,) and [b.value for b in t.people] == [False, False, True, False]
    assert t.model.message.kind == "error"
