"""A room seats a class of 6 to 10 at one Cancellation Hearts table (issue 36): through the room's Python API."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.cards import CardSet
from hearts.hand import Phase
from hearts.room.storage import load_rooms, save_room, save_table
from hearts.room.tables import Room, RoomError, RoomSettings
from hearts.rules import Rules


@pytest.mark.parametrize("n, number", [(6, 6), (10, 11)])  # deals where a trick waits
def test_a_class_of_n_plays_a_whole_cancellation_game_at_one_table(tmp_path: Path, n: int, number: int) -> None:
    rules = Rules.cancellation(n, target_score=40)
    room, _keys = Room.create(RoomSettings(number=number, tables=1, level="random", bot_delay=0, rules=rules))
    table = room.tables[0]
    assert len(table.seats) == n and table.game.rules == rules
    tokens = {}
    for s in range(n):  # every seat a person's: the whole class at one table
        _t, seat, token = room.join(0, s, f"Learner {s + 1}", f"browser-of-learner-{s}")
        tokens[seat] = token
    assert sorted(tokens) == list(range(n))
    with pytest.raises(RoomError) as e:
        room.join(0, n, "One too many", "browser-of-extra-1")
    assert e.value.field == "seat"
    seen_pile = seen_widow = False
    while not table.game.is_over:
        h = table.game.hand
        acted = False
        for seat, token in tokens.items():
            if h.phase is Phase.PASSING and seat in h.waiting_to_pass:
                table.act(token, {"type": "pass", "cards": list(h.hand_of(seat).codes())[:3], "at": table.at()})
            elif h.phase is Phase.PLAYING and h.to_play == seat:
                table.act(token, {"type": "play", "card": h.legal_moves.lowest().code, "at": table.at()})
            elif h.is_over and not table.seats[seat].ready:
                table.act(token, {"type": "next", "at": table.at()})
            else:
                continue
            acted = True
            break
        assert acted, h.phase  # people only: nothing is left to a bot
        view = table.view(n - 1, "en")
        if view["pile"]:
            seen_pile = True
            assert view["pile_points"] == rules.points_of(CardSet.parse(" ".join(view["pile"])).mask)
            assert "Waiting for the next trick" in view["svg"]
        if view["widow_taker"] >= 0 and rules.widow_size:
            seen_widow = True
            assert len(view["widow"]) == rules.widow_size and "Widow, taken by" in view["svg"]
    assert max(table.game.scores) >= 40
    assert (seen_pile, seen_widow) == (True, True)
    save_room(tmp_path, room)
    save_table(tmp_path, room, table)
    rooms, problems = load_rooms(tmp_path)
    assert not problems and rooms[0].tables[0].game.rules == rules


def test_a_room_person_passes_both_copies_of_a_card_held_twice() -> None:
    rules = Rules.cancellation(6)
    room, _keys = Room.create(RoomSettings(number=3, tables=1, level="random", bot_delay=0, rules=rules))
    table = room.tables[0]
    _t, seat, token = room.join(0, 0, "Ana", "browser-of-ana-123")
    listed = list(table.game.hand.hand_of(seat))
    twice = sorted({c for c in listed if listed.count(c) == 2})
    assert twice, "the test deal must give a card twice"
    c = twice[0]
    table.act(token, {"type": "select", "card": c.code, "copy": 2, "at": table.at()})
    table.act(token, {"type": "select", "card": c.code, "copy": 2, "at": table.at()})
    assert table.view(seat, "en")["selected"] == [c.code, c.code]
    with pytest.raises(RoomError) as e:
        table.act(token, {"type": "select", "card": c.code, "copy": 3, "at": table.at()})
    assert e.value.field == "copy" and table.view(seat, "en")["selected"] == [c.code, c.code]
    table.act(token, {"type": "select", "card": c.code, "copy": 1, "at": table.at()})  # one copy back
    assert table.view(seat, "en")["selected"] == [c.code]


def test_the_room_page_may_say_which_copy_it_selects() -> None:
    """The page sends ``copy`` with a two-pack card it selects to pass; the message check takes it (it refused every
    select from the page with 'a field “copy” that it cannot have') and refuses a copy that is not 1 or 2."""
    from hearts.room.protocol import parse_message

    assert parse_message('{"type": "select", "card": "QS", "copy": 2, "at": [1, 0]}')["copy"] == 2
    assert "copy" not in parse_message('{"type": "select", "card": "QS", "at": [1, 0]}')
    for bad in ('"2"', "true", "1.5", "null"):
        with pytest.raises(RoomError) as e:
            parse_message(f'{{"type": "select", "card": "QS", "copy": {bad}, "at": [1, 0]}}')
        assert e.value.field == "copy"
    with pytest.raises(RoomError) as e:
        parse_message('{"type": "play", "card": "QS", "copy": 1, "at": [1, 0]}')
    assert e.value.field == "copy"
