"""The room when things go wrong: a full disk, a killed server, a damaged room file, one person taking every
seat, and a start that cannot work (issue 33, items 19 to 22)."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import signal
import socket
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fault_support import small_disk
from room_support import FullDisk, free_port, read_only_folder, start_server
from starlette.testclient import TestClient

from hearts.cli import main as cli_main
from hearts.hand import Phase
from hearts.record import GameRecord
from hearts.room import storage
from hearts.room.database import DATABASE_NAME
from hearts.room.run import open_rooms
from hearts.room.server import RoomServer
from hearts.room.tables import Room, RoomError, RoomSettings

FAST = {"level": "random", "bot_delay": 0}


def recv_until(ws: Any, pred: Callable[[dict[str, Any]], bool], limit: int = 600) -> dict[str, Any]:
    """The first message that ``pred`` accepts; an error it does not expect fails the test at once."""
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return msg
        if msg["type"] == "error":
            raise AssertionError(f"refused: {msg}")
    raise AssertionError("the message never came")


def saved_table(folder: Path, room: Room, index: int = 0) -> Any:
    """A table as the database on disk has it (read by a connection of its own)."""
    with contextlib.closing(sqlite3.connect(folder / DATABASE_NAME)) as db:
        row = db.execute("SELECT state FROM room_tables WHERE room_hash = ? AND idx = ?", (room.room_hash, index))
        return json.loads(row.fetchone()[0])


def saved_plays(folder: Path, room: Room, index: int = 0) -> list[Any]:
    """The cards of the current hand as the database on disk has them."""
    data = saved_table(folder, room, index)
    return list(GameRecord.from_dict(data["game"]).replay().hand.plays)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[FullDisk]:
    with small_disk(512) as folder:
        yield FullDisk(folder, monkeypatch)


# ----- 19. a move that cannot be saved is not made ---------------------------------------------------------


def test_a_move_that_cannot_be_saved_is_refused_everyone_is_told_the_bots_pause_and_play_resumes(
    disk: FullDisk, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="hearts.room")

    def said_cannot_save() -> int:
        return sum("cannot save" in r.getMessage() for r in caplog.records)

    room, keys = Room.create(RoomSettings(number=21, level="random", bot_delay=0.4))
    server = RoomServer(disk.folder, [room], rate=500, burst=500, retry=0.05)
    table = room.tables[0]
    path = f"/r/{keys['room']}/ws"
    with TestClient(server.app) as client, client.websocket_connect(path) as ana:
        ana.receive_json()
        # Joining is a change too: on a full disk it is refused, and the seat stays free.
        disk.fill()
        ana.send_json({"type": "join", "table": 0, "seat": 0, "name": "Ana", "browser": "ana-browser-1"})
        err = recv_until(ana, lambda m: m["type"] == "error")
        assert err["code"] == "not_saved" and "cannot save" in err["text"]
        assert not table.seats[0].person
        disk.free()
        time.sleep(0.2)
        ana.send_json({"type": "join", "table": 0, "seat": 0, "name": "Ana", "browser": "ana-browser-1"})
        recv_until(ana, lambda m: m["type"] == "seated")
        view = recv_until(ana, lambda m: m["type"] == "state" and m["can_pass"] and m["saved"])
        ana.send_json({"type": "pass", "cards": view["hand"][:3], "at": view["at"]})
        view = recv_until(ana, lambda m: m["type"] == "state" and m["your_turn"])
        before = list(table.game.hand.plays)
        assert saved_plays(disk.folder, room) == before

        with client.websocket_connect(path) as teacher:
            teacher.receive_json()
            teacher.send_json({"type": "lang", "lang": "es"})
            teacher.send_json({"type": "watch", "key": keys["teacher"]})
            assert recv_until(teacher, lambda m: m["type"] == "leaderboard")["alerts"] == []
            # Ana's card cannot be saved: it is not played, and Ana, and the teacher (in Spanish), are told.
            disk.fill()
            count = said_cannot_save()
            ana.send_json({"type": "play", "card": view["legal"][0], "at": view["at"]})
            shown = recv_until(ana, lambda m: m["type"] == "state" and not m["saved"])
            assert shown["message"]["kind"] == "error" and view["legal"][0] in shown["hand"]
            assert "cannot save the game" in shown["message"]["text"]
            assert recv_until(ana, lambda m: m["type"] == "error")["code"] == "not_saved"
            board = recv_until(teacher, lambda m: m["type"] == "leaderboard" and m["alerts"])
            assert board["alerts"] == [
                "Mesa 1: el servidor no puede guardar la partida (quizá su disco está lleno). Allí se rechazan las "
                "jugadas, y el juego sigue solo en cuanto se pueda guardar."
            ]
            assert list(table.game.hand.plays) == before == saved_plays(disk.folder, room)
            time.sleep(0.3)  # the server tries again and again meanwhile, without saying so each time
            assert said_cannot_save() == count + 1

            # The disk has room again: the next try succeeds by itself, everyone is told, and play goes on.
            disk.free()
            again = recv_until(ana, lambda m: m["type"] == "state" and m["saved"])
            assert again["message"]["kind"] != "error" and again["your_turn"]
            assert recv_until(teacher, lambda m: m["type"] == "leaderboard" and not m["alerts"])["alerts"] == []

        # A bot's card that cannot be saved: the bots pause (nothing moves on) until it can be saved.
        while True:
            ana.send_json({"type": "play", "card": again["legal"][0], "at": again["at"]})
            done = recv_until(ana, lambda m, a=again: m["type"] == "state" and m["at"][1] == a["at"][1] + 1)
            if not done["your_turn"]:
                break
            again = done  # Ana won the trick and leads: play on until a bot is next
        disk.fill()
        count = said_cannot_save()
        paused = recv_until(ana, lambda m: m["type"] == "state" and not m["saved"])
        stuck = list(table.game.hand.plays)
        assert paused["at"] == table.at() == done["at"] and stuck == saved_plays(disk.folder, room)
        time.sleep(0.6)
        assert list(table.game.hand.plays) == stuck and table.unsaved and said_cannot_save() == count + 1
        disk.free()
        recv_until(ana, lambda m: m["type"] == "state" and m["saved"] and m["at"][1] > len(stuck))
    assert saved_plays(disk.folder, room) == list(table.game.hand.plays)


def test_after_a_full_disk_and_kill_9_the_room_comes_back_exactly_where_the_screens_were(disk: FullDisk) -> None:
    import resource

    from websockets.sync.client import connect

    folder = disk.folder / "rooms"
    port = free_port()
    proc, keys = start_server(folder, port, "--deal", "21", "--level", "random", "--bot-delay", "0")

    def fill() -> None:  # a real full disk, or else no file of the server may grow (the same error to it)
        if disk.real:
            disk.fill()
        else:
            resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))

    url = f"ws://127.0.0.1:{port}/r/{keys['room']}/ws"
    last: dict[str, Any] = {}
    try:
        with connect(url) as ws:

            def until(pred: Callable[[dict[str, Any]], bool], timeout: float = 30) -> dict[str, Any]:
                while True:
                    msg = json.loads(ws.recv(timeout=timeout))
                    if msg["type"] == "state":
                        last.clear()
                        last.update(msg)
                    if pred(msg):
                        return msg

            ws.send(json.dumps({"type": "join", "table": 0, "seat": 0, "name": "Ana", "browser": "ana-browser-1"}))
            token = until(lambda m: m["type"] == "seated")["token"]
            view = until(lambda m: m["type"] == "state" and m["can_pass"])
            ws.send(json.dumps({"type": "pass", "cards": view["hand"][:3], "at": view["at"]}))
            for _ in range(3):  # three of Ana's cards, and the bots' after each
                view = until(lambda m: m["type"] == "state" and m["your_turn"])
                ws.send(json.dumps({"type": "play", "card": view["legal"][0], "at": view["at"]}))
                until(lambda m, v=view: m["type"] == "state" and m["at"] != v["at"])
            view = until(lambda m: m["type"] == "state" and m["your_turn"])
            fill()
            ws.send(json.dumps({"type": "play", "card": view["legal"][0], "at": view["at"]}))
            assert until(lambda m: m["type"] == "error")["code"] == "not_saved"
            with pytest.raises(TimeoutError):  # nothing moves on meanwhile
                until(lambda m: m["type"] == "state" and m["at"] != view["at"], timeout=1.5)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    disk.free()
    seen = dict(last)
    assert seen["at"] == view["at"] and not seen["saved"] and view["legal"][0] in seen["hand"]
    proc, _ = start_server(folder, port)
    try:
        with connect(url) as ws:
            ws.send(json.dumps({"type": "resume", "token": token}))
            while True:
                msg = json.loads(ws.recv(timeout=30))
                if msg["type"] == "state":
                    break
        assert msg["at"] == seen["at"] and msg["hand"] == seen["hand"] and msg["scores"] == seen["scores"]
        assert msg["your_turn"] and msg["saved"]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)


# ----- 20. a damaged room file -------------------------------------------------------------------------


@pytest.mark.parametrize("settings", [True, -1, 1.5, [1, 2], None, "rule", {"number": 3, 7: 1}])
def test_a_room_file_with_damaged_settings_is_kept_aside_and_the_other_rooms_open(
    tmp_path: Path, settings: Any
) -> None:
    damaged, _ = Room.create(RoomSettings(number=3, **FAST))
    good, _ = Room.create(RoomSettings(number=4, **FAST))
    storage.save_room(tmp_path, damaged)
    storage.save_room(tmp_path, good)
    path = storage.room_folder(tmp_path, damaged) / "room.json"
    data = json.loads(path.read_text())
    data["settings"] = settings
    raw = json.dumps(data)
    path.write_text(raw)
    server, rooms = open_rooms(tmp_path, RoomSettings(number=5), new=False)
    assert [r.room_hash for r in rooms] == [good.room_hash]
    assert len(server.problems) == 1 and "room.json" in server.problems[0] and "not opened" in server.problems[0]
    assert not path.exists() and (path.parent / "room.bad.json").read_text() == raw


def test_damaged_room_files_are_said_in_the_teachers_language_and_a_room_file_that_is_a_folder_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The sentences were English only, built in code ("…: room.json: bad_file: A saved room file is damaged
    # (room.json).; the room is not opened …", printed after "Not opened:" even for a table that starts again),
    # and a room.json that is a folder left its room closed without a word.
    rooms = [Room.create(RoomSettings(number=n, **FAST))[0] for n in (3, 4, 5)]
    for room in rooms:
        storage.save_room(tmp_path, room)
    damaged, folder_room, table_room = (storage.room_folder(tmp_path, r) for r in rooms)
    (damaged / "room.json").write_bytes(b"[]")
    (folder_room / "room.json").unlink()
    (folder_room / "room.json").mkdir()
    (table_room / "table-0.json").write_bytes(b'{"x')
    loaded, problems = storage.load_rooms(tmp_path)
    assert [r.room_hash for r in loaded] == [rooms[2].room_hash]
    by_path = {Path(p.values["path"]).parent.name + "/" + Path(p.values["path"]).name: p for p in problems}
    expected = {f"{damaged.name}/room.json", f"{folder_room.name}/room.json", f"{table_room.name}/table-0.json"}
    assert set(by_path) == expected
    assert (folder_room / "room.json").is_dir()  # left as it is
    for p in problems:
        assert "bad_file" not in p and ".;" not in p and p.explain("en") == str(p)
    es = {k: p.explain("es") for k, p in by_path.items()}
    assert "Su sala no se abre; el archivo se guarda como" in es[f"{damaged.name}/room.json"]
    assert "no es un archivo: su sala no se abre" in es[f"{folder_room.name}/room.json"]
    assert "La mesa 1 empieza su partida de nuevo; el archivo se guarda como" in es[f"{table_room.name}/table-0.json"]
    assert "Table 1 starts its game again" in by_path[f"{table_room.name}/table-0.json"]


def test_settings_that_are_not_an_object_are_a_room_error() -> None:
    for value in (True, -1, 1.5, [1, 2], None):
        with pytest.raises(RoomError) as e:
            RoomSettings.from_dict(value)
        assert e.value.field == "settings" and isinstance(e.value, ValueError)
        assert "settings" in e.value.explain("es")


# ----- 21. one browser, one seat; the teacher frees seats --------------------------------------------------


def test_one_browser_holds_one_seat_in_a_room_even_after_a_restart(tmp_path: Path) -> None:
    room, _ = Room.create(RoomSettings(number=8, tables=3, **FAST))
    got = {room.join(t, s, "Greedy", "one-browser-123")[:2] for t in range(3) for s in range(4)}
    assert len(got) == 1
    table, seat = next(iter(got))
    assert sum(len(t.free_seats()) for t in room.tables) == 11
    other = room.join(1, 2, "Bea", "another-browser-9")
    assert other[:2] == (room.tables[1], 2)
    storage.save_room(tmp_path, room)
    again = storage.load_rooms(tmp_path)[0][0]
    t, s, token = again.join(2, 3, "Greedy", "one-browser-123")
    assert (t.index, s) == (table.index, seat) and t.seat_of(token) == s
    assert sum(len(x.free_seats()) for x in again.tables) == 10
    with pytest.raises(RoomError) as e:
        again.join(0, 1, "Cy", "short")
    assert e.value.field == "browser"


def test_a_second_seat_request_from_the_same_browser_gets_the_seat_it_holds(tmp_path: Path) -> None:
    room, keys = Room.create(RoomSettings(number=21, tables=3, **FAST))
    server = RoomServer(tmp_path, [room], rate=500, burst=500)
    path = f"/r/{keys['room']}/ws"
    with TestClient(server.app) as client, client.websocket_connect(path) as a:
        a.receive_json()
        a.send_json({"type": "join", "table": 0, "seat": 1, "name": "Ana", "browser": "ana-browser-1"})
        first = recv_until(a, lambda m: m["type"] == "seated")
        for t in range(3):
            for s in range(4):
                with client.websocket_connect(path) as b:
                    b.receive_json()
                    b.send_json({"type": "join", "table": t, "seat": s, "name": "Ana", "browser": "ana-browser-1"})
                    got = recv_until(b, lambda m: m["type"] in ("seated", "error"))
                    assert (got["type"], got["table"], got["seat"]) == ("seated", 0, 1)
        assert sum(len(t.free_seats()) for t in room.tables) == 11
        assert room.tables[0].seat_of(first["token"]) is None  # the last window holds the seat now
        assert room.tables[0].seat_of(got["token"]) == 1


def test_the_teacher_frees_a_seat_and_a_bot_plays_it(tmp_path: Path) -> None:
    room, keys = Room.create(RoomSettings(number=21, tables=2, **FAST))
    server = RoomServer(tmp_path, [room], rate=500, burst=500)
    table = room.tables[1]
    path = f"/r/{keys['room']}/ws"
    with TestClient(server.app) as client, client.websocket_connect(path) as ana, \
            client.websocket_connect(path) as bea, client.websocket_connect(path) as teacher:
        for ws in (ana, bea, teacher):
            ws.receive_json()
        ana.send_json({"type": "lang", "lang": "es"})
        ana.send_json({"type": "join", "table": 1, "seat": 2, "name": "Ana", "browser": "ana-browser-1"})
        token = recv_until(ana, lambda m: m["type"] == "seated")["token"]
        bea.send_json({"type": "join", "table": 1, "seat": 0, "name": "Bea", "browser": "bea-browser-1"})
        recv_until(bea, lambda m: m["type"] == "seated")
        view = recv_until(bea, lambda m: m["type"] == "state" and m["can_pass"])
        bea.send_json({"type": "pass", "cards": view["hand"][:3], "at": view["at"]})
        recv_until(bea, lambda m: m["type"] == "state" and not m["can_pass"])
        assert table.game.hand.phase is Phase.PASSING  # the table waits for Ana, who went away
        # Only the teacher's key frees a seat.
        bea.send_json({"type": "free", "key": keys["room"], "table": 1, "seat": 2})
        assert recv_until(bea, lambda m: m["type"] == "error")["code"] == "not_teacher"
        assert table.seats[2].name == "Ana"
        teacher.send_json({"type": "watch", "key": keys["teacher"]})
        board = recv_until(teacher, lambda m: m["type"] == "leaderboard")
        row = next(r for r in board["rows"] if r["player"] == "Ana")
        teacher.send_json({"type": "free", "key": keys["teacher"], "table": row["table"] - 1,
                           "seat": row["seat_index"]})
        notice = recv_until(teacher, lambda m: m["type"] == "notice")
        assert notice["text"] == "North at table 2 (Ana) is now played by a bot."
        freed = recv_until(ana, lambda m: m["type"] == "freed")
        assert freed["text"] == "El profesor ha dado tu asiento a un bot. Elige un asiento para volver a jugar."
        assert recv_until(ana, lambda m: m["type"] == "lobby")["tables"][1]["seats"][2]["free"]
        # The bot plays North now: the table goes on.
        recv_until(bea, lambda m: m["type"] == "state" and m["phase"] == "playing")
        assert table.seat_of(token) is None and not table.seats[2].person
        teacher.send_json({"type": "free", "key": keys["teacher"], "table": 1, "seat": 2})
        assert recv_until(teacher, lambda m: m["type"] == "error")["code"] == "seat_free"
        # The freed browser may sit again (it holds no seat now).
        ana.send_json({"type": "join", "table": 0, "seat": 3, "name": "Ana", "browser": "ana-browser-1"})
        assert recv_until(ana, lambda m: m["type"] == "seated")["table"] == 0
    assert saved_table(tmp_path, room, 1)["seats"][2]["name"] is None


# ----- 22. a start that cannot work -------------------------------------------------------------------------


def _start(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert cli_main(["room", *args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--port", "70000"], "--port"),
        (["--port", "-5"], "--port"),
        (["--host", "256.1.1.1"], "--host"),
        (["--host", "bad host"], "--host"),
        (["--day", "2026-02-30"], "--day"),
        (["--tables", "0"], "--tables"),
    ],
)
def test_a_bad_option_is_a_one_line_error_and_nothing_is_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], option: str
) -> None:
    data = tmp_path / "rooms"
    err = _start(["--data", str(data), "--new", *args], capsys)
    assert err.startswith(f"python -m hearts room: error: argument {option}: "), err
    assert not data.exists()


def test_a_data_folder_that_is_a_file_or_read_only_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    for data in (a_file, a_file / "rooms"):
        err = _start(["--data", str(data), "--port", "0"], capsys)
        assert "argument --data:" in err and "is a file, not a folder" in err
    assert a_file.read_text() == "mine"
    with read_only_folder() as ro:
        for data in (ro, ro / "rooms"):
            err = _start(["--data", str(data), "--port", "0", "--lang", "es"], capsys)
            assert "argument --data:" in err and "No se puede escribir en" in err
        assert os.listdir(ro) == []


def test_a_port_in_use_leaves_no_new_room_behind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "rooms"
    room, _ = Room.create(RoomSettings(number=1, **FAST))
    storage.save_room(data, room)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        for _ in range(3):
            err = _start(["--data", str(data), "--port", str(port), "--new"], capsys)
            assert "argument --port:" in err and f"Port {port} on 127.0.0.1 is already in use" in err
    assert [p.name for p in data.iterdir()] == [storage.room_folder(data, room).name]


def test_a_new_room_that_cannot_be_saved_leaves_nothing_behind(
    disk: FullDisk, capsys: pytest.CaptureFixture[str]
) -> None:
    data = disk.folder / "class" / "rooms"
    disk.fill()
    err = _start(["--data", str(data), "--port", "0", "--new"], capsys)
    assert "argument --data:" in err and "Nothing was created" in err
    assert not (disk.folder / "class").exists()
