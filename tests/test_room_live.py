"""What changes at a live table: the turn clock (out of time: the bot's card, and the table says so)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.hand import Phase
from hearts.room.tables import Room, RoomError, RoomSettings


def test_out_of_time_the_bot_plays_the_card_and_the_table_says_so() -> None:
    now = [1000.0]
    room, _ = Room.create(RoomSettings(number=21, level="random", bot_delay=0, turn_clock=5))
    t = room.tables[0]
    t.clock = lambda: now[0]
    ana = t.join(0, "Ana")
    t.connect(0)
    h = t.game.hand
    assert t.clock_left(0) == 5 and t.bot_wait() == 5  # the server's driver wakes when the pass is due
    now[0] += 4.9
    assert not t.bot_step() and 0 < (t.clock_left(0) or 0) < 1
    now[0] += 0.1
    assert t.bot_plays_for(0) and t.bot_step()  # the pass is chosen by Ana's bot, then the others pass
    while h.phase is Phase.PASSING:
        assert t.bot_step()
    assert h.passes[0] is not None
    line = t.view(0, "en")["message"]["text"]
    assert line.startswith("You ran out of time: the bot played ") and line.count(" ") >= 9
    assert "A Ana se le acabó el tiempo" in t.view(1, "es")["message"]["text"]
    # Play until Ana is to play, then let her clock run out: the bot's card, said to everyone.
    while h.to_play != 0:
        assert t.bot_step()
    before = h.cards_played
    assert t.view(0, "en")["clock_left"] == 5
    now[0] += 5
    assert t.bot_step() and h.cards_played == before + 1 and h.plays[-1][0] == 0
    card = str(h.plays[-1][1])
    assert t.view(2, "en")["message"]["text"] == f"Ana ran out of time: the bot played {card} for them."
    # Back in time for her next card: she plays it herself, and the notice goes.
    while h.to_play != 0:
        assert t.bot_step()
    t.act(ana, {"type": "play", "card": h.legal_moves.lowest().code, "at": t.at()})
    assert "ran out of time" not in t.view(0, "en")["message"]["text"]


def test_no_clock_no_timeout_and_a_bad_clock_is_refused() -> None:
    now = [0.0]
    room, _ = Room.create(RoomSettings(number=21, level="random", bot_delay=0))
    t = room.tables[0]
    t.clock = lambda: now[0]
    t.join(0, "Ana")
    t.connect(0)
    now[0] += 10_000
    assert t.clock_left(0) is None and not t.bot_plays_for(0) and t.bot_wait() is None
    for bad in (0, -3, 4000, float("inf"), "10"):
        with pytest.raises(RoomError) as e:
            RoomSettings(turn_clock=bad)  # type: ignore[arg-type]
        assert e.value.field == "turn_clock"


@pytest.mark.parametrize(
    ("option", "value"), [("--turn-clock", "0"), ("--per-address", "0"), ("--fill-after", "-1")]
)
def test_the_command_line_refuses_bad_live_options_before_anything_is_made(
    option: str, value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hearts.cli import main

    data = tmp_path / "rooms"
    assert main(["room", option, value, "--data", str(data), "--port", "0"]) == 2
    assert f"argument {option}:" in capsys.readouterr().err and not data.exists()


def test_a_seat_is_kept_a_while_for_someone_who_left_a_bot_playing_meanwhile_then_given_away() -> None:
    now = [0.0]
    room, _ = Room.create(RoomSettings(number=21, level="random", bot_delay=0, bot_after=10, seat_kept=120))
    t = room.tables[0]
    t.clock = lambda: now[0]
    ana, bea = t.join(0, "Ana"), t.join(2, "Bea")
    t.connect(0)
    t.connect(2)
    t.disconnect(0)  # Ana's connection goes at 0 s
    assert t.bot_wait() == 10 and t.stale_seats() == []
    now[0] = 10
    assert t.bot_plays_for(0) and t.seat_of(ana) == 0  # a bot plays for her; the seat is still hers
    now[0] = 60
    t.connect(0)  # she comes back in time: her seat, her cards
    t.disconnect(0)
    now[0] = 119
    assert t.stale_seats() == [] and t.bot_plays_for(0) and t.seat_of(ana) == 0
    now[0] = 180
    assert t.stale_seats() == [0] and t.release_stale() == ["Ana"]
    assert t.seat_of(ana) is None and t.seat_of(bea) == 2 and 0 in t.free_seats()
    with pytest.raises(RoomError):
        RoomSettings(seat_kept=0)


def test_the_server_gives_a_seat_away_too_long_to_a_bot(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from hearts.room.server import RoomServer

    room, keys = Room.create(RoomSettings(number=21, level="random", bot_delay=0, bot_after=0, seat_kept=1))
    server = RoomServer(tmp_path, [room], rate=500, burst=500)
    path = f"/r/{keys['room']}/ws"
    with TestClient(server.app) as client:
        with client.websocket_connect(path) as ana:
            ana.send_json({"type": "join", "table": 0, "seat": 0, "name": "Ana", "browser": "browser-ana-0001"})
            while ana.receive_json()["type"] != "seated":
                pass
        with client.websocket_connect(path) as other:
            while True:  # the lobby is sent again whenever it changes: wait for Ana's seat to be free
                msg = other.receive_json()
                if msg["type"] == "lobby" and msg["tables"][0]["seats"][0]["free"]:
                    break
    assert not room.tables[0].seats[0].person


def test_the_teacher_watches_a_table_and_sees_no_hidden_card(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from hearts.room.server import RoomServer

    room, keys = Room.create(RoomSettings(number=21, tables=2, level="random", bot_delay=0))
    server = RoomServer(tmp_path, [room], rate=500, burst=500)
    path = f"/r/{keys['room']}/ws"
    with TestClient(server.app) as client, client.websocket_connect(path) as ana, \
            client.websocket_connect(path) as teacher:
        teacher.send_json({"type": "spectate", "key": keys["room"], "table": 1})
        while (msg := teacher.receive_json())["type"] != "error":
            pass
        assert msg["code"] == "not_teacher"
        teacher.send_json({"type": "spectate", "key": keys["teacher"], "table": 1})
        while (msg := teacher.receive_json())["type"] != "spectate":
            pass
        assert msg["table"] == 1 and msg["trick"] == []
        ana.send_json({"type": "join", "table": 1, "seat": 0, "name": "Ana", "browser": "browser-ana-0001"})
        while not ((view := ana.receive_json())["type"] == "state" and view["can_pass"]):
            pass
        ana.send_json({"type": "pass", "cards": view["hand"][:3], "at": view["at"]})
        seen = []
        while len(seen) < 40:
            msg = teacher.receive_json()
            if msg["type"] == "spectate":
                seen.append(msg)
                if msg["trick"] and msg["to_play"] == 0:
                    break
        watched = seen[-1]
        table = room.tables[1]
        assert [t["card"] for t in watched["trick"]] == [c.code for _, c in table.game.hand.current_trick]
        hidden = {c for s in range(4) for c in table.game.hand.hand_of(s).codes()}
        import json as _json

        raw = _json.dumps(seen)
        assert not any(f'"{c}"' in raw for c in hidden)  # no card still in a hand was ever sent
