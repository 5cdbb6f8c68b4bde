"""A room takes any Rules (issue 31): every table plays the variant, its seats named for the number of players."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.hand import Phase
from hearts.room.storage import load_rooms, save_room, save_table
from hearts.room.tables import Room, RoomError, RoomSettings
from hearts.rules import MoonScoring, Rules


def test_a_room_plays_a_whole_game_of_a_variant_and_keeps_its_rules(tmp_path: Path) -> None:
    rules = Rules(num_players=3, moon=MoonScoring.SHOOTERS_CHOICE, qs_breaks_hearts=True, target_score=40)
    room, _keys = Room.create(RoomSettings(number=12, tables=1, level="random", bot_delay=0, rules=rules))
    table = room.tables[0]
    assert room.settings.target_score == 40 and table.game.rules == rules and len(table.seats) == 3
    assert [s["seat_name"] for s in room.lobby("en")["tables"][0]["seats"]] == ["Player 1", "Player 2", "Player 3"]
    with pytest.raises(RoomError) as e:
        room.join(0, 3, "Dan", "browser-of-dan-123")  # no fourth seat at a 3-player table
    assert e.value.field == "seat"
    _t, seat, token = room.join(0, 1, "Ana", "browser-of-ana-123")
    view = table.view(seat, "en")
    assert len(view["hand"]) == 17 and len(view["players"]) == 3
    while not table.game.is_over:
        h = table.game.hand
        if h.phase is Phase.PASSING and seat in h.waiting_to_pass:
            table.act(token, {"type": "pass", "cards": list(h.hand_of(seat).codes())[:3], "at": table.at()})
        elif h.phase is Phase.PLAYING and h.to_play == seat:
            table.act(token, {"type": "play", "card": h.legal_moves.lowest().code, "at": table.at()})
        elif h.phase is Phase.MOON_CHOICE and h.to_play == seat:  # Ana shot the moon: she is asked
            table.act(token, {"type": "moon", "choice": "subtract", "at": table.at()})
        elif h.is_over and not table.seats[seat].ready:
            table.act(token, {"type": "next", "at": table.at()})
        else:
            assert table.bot_step(), h.phase  # never stuck, a bot's moon under the shooter's choice included
    assert max(table.game.scores) >= 40
    save_room(tmp_path, room)
    save_table(tmp_path, room, table)
    rooms, problems = load_rooms(tmp_path)
    assert not problems and rooms[0].settings.rules == rules and rooms[0].tables[0].game.rules == rules


def test_room_rules_that_disagree_or_are_damaged_are_refused_naming_them() -> None:
    with pytest.raises(RoomError) as e:
        RoomSettings(rules=Rules(target_score=50), target_score=60)
    assert e.value.field == "target_score"
    with pytest.raises(RoomError) as e:
        RoomSettings(rules={"num_players": 3})  # type: ignore[arg-type]
    assert e.value.field == "rules"
    with pytest.raises(RoomError) as e:
        RoomSettings.from_dict({"number": 5, "rules": {"num_players": 9}})
    assert e.value.field == "settings.rules" and "num_players" in str(e.value)
    assert RoomSettings.from_dict(RoomSettings(rules=Rules(num_players=5)).to_dict()).game_rules == Rules(num_players=5)
