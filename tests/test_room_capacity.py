"""A class of 200 sits down in one burst: every seat is taken with bounded work, and the browsers still
choosing a seat get a few lobbies, the last one the room's own (not one per seat taken).

Before: each seat taken sent every browser not yet seated a lobby built afresh (every table's seats), so a
50-table class cost 200 x 200 lobby builds and messages; the load benchmark at 50 tables never got past
seating (0 moves in 100 s, the server's CPU all on lobbies).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from hearts.room.protocol import parse_message
from hearts.room.server import LOBBY_EVERY, MAX_QUEUE, Connection, RoomServer
from hearts.room.tables import MAX_TABLES, Room, RoomSettings


def _queued(conn: Connection) -> list[dict[str, Any]]:
    out = []
    while not conn.queue.empty():
        item = conn.queue.get_nowait()
        assert item is not None, "the connection was closed"
        out.append(json.loads(item))
    return out


def test_a_class_of_200_sits_down_with_bounded_work(tmp_path: Path) -> None:
    room, _ = Room.create(RoomSettings(number=3, tables=MAX_TABLES, level="random"))
    builds = 0
    build = room.lobby

    def counted(lang: str) -> dict[str, Any]:
        nonlocal builds
        builds += 1
        return build(lang)

    room.lobby = counted  # type: ignore[method-assign]
    server = RoomServer(tmp_path, [room])
    people = 4 * MAX_TABLES

    async def sit_down() -> list[Connection]:
        server._loop = asyncio.get_running_loop()  # as while serving (the bots are not started: none is needed)
        conns = [Connection(None, room, "en", 1000, 1000) for _ in range(people + 1)]  # type: ignore[arg-type]
        for conn in conns:  # every browser opens the page first, as a class does when told the link
            server.connections[room.room_hash].add(conn)
            server._send_lobby(conn)
        for i, conn in enumerate(conns[:people]):  # then all sit down at once: one burst of messages
            join = {"type": "join", "table": i // 4, "seat": i % 4, "name": f"P{i}", "browser": f"browser-{i:04d}"}
            server._handle(conn, parse_message(json.dumps(join)))
        await asyncio.sleep(LOBBY_EVERY + 0.2)  # the lobby held back during the burst goes now
        return conns

    conns = asyncio.run(sit_down())
    server.db.close()
    got = [_queued(c) for c in conns]
    assert all(c.seat is not None for c in conns[:people]) and not any(c.closed for c in conns)
    assert [(c.table.index, c.seat) for c in conns[:people] if c.table is not None] == [
        (i // 4, i % 4) for i in range(people)
    ]
    assert builds <= people + 1  # at most once for each change of the lobby (was about 40,000 times)
    lobbies = [[m for m in g if m["type"] == "lobby"] for g in got]
    assert max(len(x) for x in lobbies) <= 3 < MAX_QUEUE  # the first one, the burst's first and its last
    last = lobbies[people][-1]  # the one browser still choosing sees every seat taken: the room as it is now
    assert not any(s["free"] for t in last["tables"] for s in t["seats"])
    assert last["tables"][49]["seats"][3]["name"] == f"P{people - 1}"


def test_a_teachers_board_is_sent_a_few_times_a_second_not_at_every_card(tmp_path: Path) -> None:
    # Every card at any table changes the board's scores: 50 tables played by people at a paced bot's speed are
    # about 85 changes a second, each a whole board of every player. The board goes at most every LOBBY_EVERY,
    # and the last one sent is the room as it is.
    room, keys = Room.create(RoomSettings(number=3, tables=4, level="random"))
    builds = 0
    rows = room.leaderboard_rows

    def counted(lang: str) -> Any:
        nonlocal builds
        builds += 1
        return rows(lang)

    room.leaderboard_rows = counted  # type: ignore[method-assign]
    server = RoomServer(tmp_path, [room])
    changes = 120

    async def play() -> Connection:
        server._loop = asyncio.get_running_loop()
        teacher = Connection(None, room, "en", 1000, 1000)  # type: ignore[arg-type]
        server.connections[room.room_hash].add(teacher)
        server._handle(teacher, parse_message(json.dumps({"type": "watch", "key": keys["teacher"]})))
        for i in range(changes):  # a burst of cards at the room's tables
            server.changed(room, room.tables[i % 4])
        await asyncio.sleep(LOBBY_EVERY + 0.2)  # the board held back during the burst goes now
        return teacher

    teacher = asyncio.run(play())
    server.db.close()
    boards = [m for m in _queued(teacher) if m["type"] == "leaderboard"]
    assert 2 <= len(boards) <= 3  # the one asked for, the burst's first and its last (was one per card: 121)
    assert builds <= 4
    assert boards[-1]["rows"] == room.leaderboard_rows("en")  # the room as it is now
