"""The room's SQLite database: versioned migrations, the folder format imported once, and no acknowledged
move lost when the server is killed (kill -9)."""

from __future__ import annotations

import contextlib
import json
import signal
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from room_support import free_port, start_server

from hearts.hand import Phase
from hearts.room import storage
from hearts.room.database import DATABASE_NAME, MIGRATIONS, RoomDatabase
from hearts.room.server import RoomServer
from hearts.room.tables import Room, RoomError, RoomSettings

FAST = {"level": "random", "bot_delay": 0}


def test_the_database_is_wal_and_migrates_an_older_schema_keeping_its_rows(tmp_path: Path) -> None:
    path = tmp_path / DATABASE_NAME
    with contextlib.closing(sqlite3.connect(path)) as old:  # a file of schema 1, as the first release wrote it
        old.executescript(MIGRATIONS[0])
        old.execute("PRAGMA user_version = 1")
        old.execute("INSERT INTO imports VALUES ('x', NULL, 0)")
        old.commit()
    db = RoomDatabase(path)
    assert db.schema_version() == len(MIGRATIONS) >= 2
    assert db.query("PRAGMA journal_mode") == [("wal",)]
    assert db.query("SELECT path FROM imports") == [("x",)]
    assert {"players", "ratings", "games", "game_seats"} <= {n for (n,) in db.query(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    db.close()


def test_a_database_from_a_newer_version_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / DATABASE_NAME
    with contextlib.closing(sqlite3.connect(path)) as newer:
        newer.execute("PRAGMA user_version = 99")
        newer.commit()
    before = path.read_bytes()
    with pytest.raises(RoomError) as e:
        RoomDatabase(path)
    assert e.value.code == "newer_database" and e.value.field == "data" and "99" in e.value.explain("es")
    assert path.read_bytes() == before


def test_the_folder_format_is_imported_once_and_its_files_are_kept(tmp_path: Path) -> None:
    room, _ = Room.create(RoomSettings(number=31, tables=2, **FAST))
    t = room.tables[1]
    token = t.join(0, "Ana")
    while t.bot_step():
        pass
    storage.save_room(tmp_path, room)  # as the server of the last version left it
    files = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.json"))
    first = RoomServer(tmp_path)
    got = first.rooms[room.room_hash]
    assert got.tables[1].seat_of(token) == 0 and got.tables[1].game.hand.plays == t.game.hand.plays
    # Play on in the database; the JSON files stay as they were and are not read again.
    got.tables[1].join(2, "Bea")
    first.db.save_table(got, got.tables[1])
    first.db.close()
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.json")) == files
    second = RoomServer(tmp_path)
    assert list(second.rooms) == [room.room_hash]
    assert second.rooms[room.room_hash].tables[1].seats[2].name == "Bea"
    # A room folder that comes later (copied from another machine) is imported on the next start.
    other, _ = Room.create(RoomSettings(number=32, **FAST))
    storage.save_room(tmp_path, other)
    second.db.close()
    third = RoomServer(tmp_path)
    assert set(third.rooms) == {room.room_hash, other.room_hash}
    assert third.rooms[room.room_hash].tables[1].seats[2].name == "Bea"
    third.db.close()


def test_every_acknowledged_move_survives_kill_9_and_every_table_resumes(tmp_path: Path) -> None:
    from websockets.sync.client import connect

    folder = tmp_path / "rooms"
    port = free_port()
    proc, keys = start_server(folder, port, "--deal", "21", "--tables", "2", "--level", "random",
                              "--bot-delay", "0")
    url = f"ws://127.0.0.1:{port}/r/{keys['room']}/ws"
    seen: dict[int, dict[str, Any]] = {}
    tokens: dict[int, str] = {}
    try:
        with connect(url) as ana, connect(url) as bea:
            people = {0: ana, 1: bea}

            def until(t: int, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
                while True:
                    msg = json.loads(people[t].recv(timeout=30))
                    if msg["type"] == "state":
                        seen[t] = msg
                    if msg["type"] == "error":
                        raise AssertionError(msg)
                    if pred(msg):
                        return msg

            for t, ws in people.items():
                join = {"type": "join", "table": t, "seat": 0, "name": f"P{t}", "browser": f"browser-{t}-123"}
                ws.send(json.dumps(join))
                tokens[t] = until(t, lambda m: m["type"] == "seated")["token"]
                view = until(t, lambda m: m["type"] == "state" and m["can_pass"])
                ws.send(json.dumps({"type": "pass", "cards": view["hand"][:3], "at": view["at"]}))
            for _ in range(4):  # four cards each, and the bots' cards after them
                for t, ws in people.items():
                    view = until(t, lambda m: m["type"] == "state" and m["your_turn"])
                    ws.send(json.dumps({"type": "play", "card": view["legal"][0], "at": view["at"]}))
                    until(t, lambda m, v=view: m["type"] == "state" and m["at"] != v["at"])  # acknowledged
            until(0, lambda m: m["type"] == "state" and m["your_turn"])  # table 1 waits for Ana
            view = until(1, lambda m: m["type"] == "state" and m["your_turn"])
            bea.send(json.dumps({"type": "play", "card": view["legal"][0], "at": view["at"]}))
            until(1, lambda m, v=view: m["type"] == "state" and m["at"] != v["at"])
            proc.send_signal(signal.SIGKILL)  # at once after the acknowledgement: the bots may be mid-trick
            proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    proc, _ = start_server(folder, port)
    try:
        for t in (0, 1):
            with connect(url) as ws:
                ws.send(json.dumps({"type": "resume", "token": tokens[t]}))
                while (msg := json.loads(ws.recv(timeout=30)))["type"] != "state":
                    pass
                assert msg["table"] == t and msg["phase"] == Phase.PLAYING.value
                if t == 0:  # nothing moved after the last screen: exactly that
                    last = seen[0]
                    assert (msg["at"], msg["hand"], msg["scores"]) == (last["at"], last["hand"], last["scores"])
                else:  # every acknowledged card is there (the bots may have played on before the kill)
                    assert msg["at"] >= seen[1]["at"] and set(msg["hand"]) <= set(seen[1]["hand"])
                    assert view["legal"][0] not in msg["hand"]
        # The restarted server plays on: Ana's card is taken.
        with connect(url) as ws:
            ws.send(json.dumps({"type": "resume", "token": tokens[0]}))
            while (msg := json.loads(ws.recv(timeout=30)))["type"] != "state":
                pass
            ws.send(json.dumps({"type": "play", "card": msg["legal"][0], "at": msg["at"]}))
            while True:
                got = json.loads(ws.recv(timeout=30))
                assert got["type"] != "error", got
                if got["type"] == "state" and got["at"] != msg["at"]:
                    break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)


def test_the_sync_mode_is_chosen_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    full = RoomDatabase(tmp_path / "full.sqlite3", sync="full")
    normal = RoomDatabase(tmp_path / "normal.sqlite3")
    assert full.query("PRAGMA synchronous") == [(2,)] and normal.query("PRAGMA synchronous") == [(1,)]
    full.close(), normal.close()
    with pytest.raises(RoomError) as e:
        RoomDatabase(tmp_path / "x.sqlite3", sync="sometimes")
    assert e.value.field == "sync" and not (tmp_path / "x.sqlite3").exists()
