"""Friends' tables: any variant the tables offer, their codes kept across a restart (even kill -9), the
leaderboard pages of a server and of a class, and when a room hand was played."""

from __future__ import annotations

import datetime
import functools
import json
import signal
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from room_support import free_port, start_server
from room_support import recv_until as recv_any
from starlette.testclient import TestClient

from hearts.hand import Phase
from hearts.record import GameRecord
from hearts.room.database import DATABASE_NAME, MIGRATIONS, RoomDatabase, read_games
from hearts.room.server import RoomServer
from hearts.room.tables import Room, RoomError, RoomSettings, RoomTable
from hearts.rules import PRESETS

FAST = {"level": "random", "bot_delay": 0}
recv_until = functools.partial(recv_any, limit=600)


def play_to_the_end(table: RoomTable, socks: dict[int, Any]) -> dict[int, dict[str, Any]]:
    """The people at ``socks`` (seat -> websocket) play ``table``'s game to its end from what their screens
    show (the first legal card); the bots play the other seats. Returns each person's last screen."""
    last: dict[int, dict[str, Any]] = {}
    deadline = time.monotonic() + 120

    def screen(s: int, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        if s in last and pred(last[s]):
            return last[s]
        last[s] = recv_until(socks[s], lambda m: m["type"] == "state" and pred(m))
        return last[s]

    while not table.game.is_over:
        assert time.monotonic() < deadline, "the game did not end"
        h = table.game.hand
        if h.phase is Phase.PASSING:
            due = [s for s in h.waiting_to_pass if s in socks]
        elif h.phase is Phase.PLAYING:
            due = [h.to_play] if h.to_play in socks else []
        else:
            due = [s for s in socks if not table.seats[s].ready and h.is_over]
        if not due:
            time.sleep(0.005)  # a bot's turn: the server plays it
            continue
        s = due[0]
        view = screen(s, lambda m: m["can_pass"] or m["your_turn"] or m["can_next"])
        if view["can_pass"]:
            socks[s].send_json({"type": "pass", "cards": view["hand"][: view["pass_size"]], "at": view["at"]})
            screen(s, lambda m: not m["can_pass"])  # taken: this seat's screen says so
        elif view["your_turn"]:
            socks[s].send_json({"type": "play", "card": view["legal"][0], "at": view["at"]})
            screen(s, lambda m, v=view: m["at"] != v["at"])
        else:
            socks[s].send_json({"type": "next", "at": view["at"]})
            screen(s, lambda m: not m["can_next"])
    for s in socks:
        screen(s, lambda m: m["game_over"])
    return last


@pytest.mark.parametrize(("variant", "people"), [("three", 2), ("omnibus", 2)])
def test_a_friends_table_plays_its_variant_end_to_end_joined_by_code(
    tmp_path: Path, variant: str, people: int
) -> None:
    room, keys = Room.create(RoomSettings(number=3, **FAST))
    server = RoomServer(tmp_path, [room], rate=500, burst=500)
    with TestClient(server.app) as client, client.websocket_connect(f"/r/{keys['room']}/ws") as ana:
        ana.send_json({"type": "friends", "name": "Ana", "browser": "browser-ana-0001", "target": 20,
                       "ranked": True, "variant": variant})
        opened = recv_until(ana, lambda m: m["type"] == "friends")
        assert (opened["variant"], opened["target"], opened["seats"]) == (variant, 20, PRESETS[variant].num_players)
        friends = server._room(opened["room"])
        assert friends is not None and friends.parent == room.room_hash
        table = friends.tables[0]
        assert table.game.rules == PRESETS[variant].__class__(**{**PRESETS[variant].to_dict(), "target_score": 20})
        with client.websocket_connect(f"/r/{keys['room']}/ws") as bea_lobby:
            bea_lobby.send_json({"type": "code", "code": " " + opened["code"].lower() + " "})
            assert recv_until(bea_lobby, lambda m: m["type"] == "friends_room")["room"] == opened["room"]
        path = f"/r/{opened['room']}/ws"
        with client.websocket_connect(path) as ana2, client.websocket_connect(path) as bea:
            lobby = recv_until(bea, lambda m: m["type"] == "lobby")
            assert lobby["tables"][0]["variant"] == variant and len(lobby["tables"][0]["seats"]) == table.n
            ana2.send_json({"type": "resume", "token": opened["token"]})
            bea.send_json({"type": "join", "table": 0, "seat": 1, "name": "Bea", "browser": "browser-bea-0001"})
            recv_until(bea, lambda m: m["type"] == "seated")
            first = recv_until(bea, lambda m: m["type"] == "state")
            assert len(first["players"]) == table.n and len(first["hand"]) == table.game.rules.hand_size
            last = play_to_the_end(table, {0: ana2, 1: bea})
    record = GameRecord.from_game(table.game)
    assert table.game.is_over and len(last[1]["scores"]) == table.n == PRESETS[variant].num_players
    if variant == "omnibus":  # J♦ counts −10 in every hand: a hand's points add up to 16 (26 − 10) unless a moon
        assert table.game.rules.jack_of_diamonds
        for h in table.game.hands:
            assert sum(h.result().points) == 16 or h.result().moon_shooter is not None
    assert record.rules == table.game.rules
    # Recorded and rated as that variant, under the class it was opened from.
    stored = RoomDatabase(tmp_path / DATABASE_NAME)
    (raw,) = stored.query("SELECT record FROM games WHERE room_hash = ?", (friends.room_hash,))[0]
    assert GameRecord.from_dict(json.loads(raw)).rules == table.game.rules
    names = {r["name"] for r in server.ratings.leaderboard(room.room_hash)}
    assert {"Ana", "Bea"} <= names


def test_a_friends_table_refuses_an_unknown_variant_or_target_and_opens_nothing(tmp_path: Path) -> None:
    room, keys = Room.create(RoomSettings(number=3, **FAST))
    server = RoomServer(tmp_path, [room], rate=500, burst=500)
    with TestClient(server.app) as client, client.websocket_connect(f"/r/{keys['room']}/ws") as ana:
        for bad, field in (({"variant": "black_maria"}, "variant"), ({"variant": 3}, "variant"),
                           ({"target": 0}, "target_score"), ({"target": 10**6}, "target_score")):
            msg = {"type": "friends", "name": "Ana", "browser": "browser-ana-0001", "target": 50, "ranked": False}
            ana.send_json({**msg, **bad})
            while (err := ana.receive_json())["type"] != "error":
                pass
            assert err["field"] == field and err["code"] in ("bad_setting", "bad_field"), err
        ana.send_json({"type": "lang", "lang": "es"})
        ana.send_json({"type": "friends", "name": "Ana", "browser": "browser-ana-0001", "target": 50, "ranked": False,
                       "variant": "nope"})
        while (err := ana.receive_json())["type"] != "error":
            pass
        assert "variant" in err["text"] and err["text"] != RoomError("bad_setting", "variant", setting="variant",
                                                                      value="nope").explain("en")
    assert list(server.rooms) == [room.room_hash]
    assert server.db.query("SELECT COUNT(*) FROM friend_codes") == [(0,)]


def test_a_friends_code_opens_its_table_after_the_server_is_killed_and_restarted(tmp_path: Path) -> None:
    from websockets.sync.client import connect

    folder = tmp_path / "rooms"
    port = free_port()
    proc, keys = start_server(folder, port, "--deal", "5", "--level", "random", "--bot-delay", "0")
    url = f"ws://127.0.0.1:{port}/r/{keys['room']}/ws"

    def until(ws: Any, kind: str) -> dict[str, Any]:
        while True:
            msg = json.loads(ws.recv(timeout=30))
            assert msg["type"] != "error", msg
            if msg["type"] == kind:
                return msg

    try:
        with connect(url) as ana:
            ana.send(json.dumps({"type": "friends", "name": "Ana", "browser": "browser-ana-0001", "target": 50,
                                 "ranked": False, "variant": "three"}))
            opened = until(ana, "friends")
        proc.send_signal(signal.SIGKILL)  # at once after the answer: the code was saved before it was sent
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    kept = sqlite3.connect(folder / DATABASE_NAME).execute("SELECT * FROM friend_codes").fetchall()
    assert len(kept) == 1 and opened["code"] not in repr(kept) and opened["room"] not in repr(kept)
    proc, _ = start_server(folder, port)
    said = (folder.parent / f"server-{port}.log").read_text().split("Press Ctrl+C")[-2]  # what the restart printed
    assert said.count("Room open") == 1  # the class's room, with its links: not the friends' table as a room
    assert "Also resumed: 1 live or friends’ table" in said and "--new" not in said
    try:
        with connect(url) as bea:
            bea.send(json.dumps({"type": "code", "code": opened["code"]}))
            assert until(bea, "friends_room")["room"] == opened["room"]
            bea.send(json.dumps({"type": "code", "code": "ZZZZZZZZ"}))
            while (err := json.loads(bea.recv(timeout=30)))["type"] != "error":
                pass
            assert err["code"] == "bad_code"
        with connect(f"ws://127.0.0.1:{port}/r/{opened['room']}/ws") as bea:
            bea.send(json.dumps({"type": "join", "table": 0, "seat": 1, "name": "Bea", "browser": "browser-bea-0001"}))
            until(bea, "seated")
            view = until(bea, "state")
            assert len(view["players"]) == 3 and len(view["hand"]) == 17 and view["players"][0]["name"] == "Ana"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)


def test_leaderboard_pages_of_the_server_and_of_a_class(tmp_path: Path) -> None:
    klass, keys = Room.create(RoomSettings(number=3, target_score=1, **FAST))
    other, other_keys = Room.create(RoomSettings(number=4, target_score=1, **FAST))
    server = RoomServer(tmp_path, [klass, other], rate=500, burst=500)
    live, live_keys = Room.create(RoomSettings(number=8, target_score=1, **FAST), parent=klass.room_hash)
    server.add(live)
    for r, name, browser in ((live, "Ana <b>", "browser-ana-0001"), (other, "Cy", "browser-cy-00001")):
        t, _, token = r.join(0, 0, name, browser)
        while not t.game.is_over:
            h = t.game.hand
            if h.phase is Phase.PASSING and 0 in h.waiting_to_pass:
                t.act(token, {"type": "pass", "cards": h.hand_of(0).codes()[:3], "at": t.at()})
            elif h.phase is Phase.PLAYING and h.to_play == 0:
                t.act(token, {"type": "play", "card": h.legal_moves.lowest().code, "at": t.at()})
            else:
                assert t.bot_step()
        assert server.ratings.record_game(r, t) is not None
    with TestClient(server.app) as client:
        whole = client.get("/leaderboard?lang=en")
        assert whole.status_code == 200 and whole.headers["content-security-policy"]
        assert "Ana &lt;b&gt;" in whole.text and "Cy" in whole.text and "<b>" not in whole.text.split("<body")[1]
        assert '<th scope="col">Rating (± uncertainty)</th>' in whole.text and "<caption>" in whole.text
        board = client.get(f"/r/{keys['room']}/leaderboard?lang=es")
        assert board.status_code == 200 and '<html lang="es">' in board.text
        assert "Ana &lt;b&gt;" in board.text and "Cy" not in board.text  # Cy played in another room
        row = board.text.split("Ana &lt;b&gt;</td>")[1].split("</tr>")[0]
        ana = next(r for r in server.ratings.leaderboard(klass.room_hash) if r["kind"] == "person")
        mu, sigma, games = ana["rating"], ana["uncertainty"], ana["games"]
        assert games == 1 and f"{mu:.1f}".replace(".", ",") in row and f"{sigma:.1f}".replace(".", ",") in row
        assert "Clasificación de esta clase" in board.text and 'href="?lang=en"' in board.text
        empty = client.get(f"/r/{other_keys['room']}/leaderboard")
        assert "Cy" in empty.text
        assert client.get("/r/not-a-room/leaderboard").status_code == 404
        # The player page links to its class's board.
        assert 'id="leaderboard-link" href="leaderboard"' in client.get(f"/r/{live_keys['room']}/").text
        assert "Ana &lt;b&gt;" in client.get(f"/r/{live_keys['room']}/leaderboard").text


def test_a_room_hand_is_dated_when_it_ended_and_stored_so(tmp_path: Path) -> None:
    from hearts_widgets import my_games

    room, _ = Room.create(RoomSettings(number=6, target_score=40, **FAST))
    server = RoomServer(tmp_path, [room])
    t, _, token = room.join(0, 0, "Ana", "browser-ana-0001")
    clock = iter(range(1_700_000_000, 1_800_000_000, 1000))
    t.wall = lambda: float(next(clock))
    while not t.game.is_over:
        h = t.game.hand
        if h.phase is Phase.PASSING and 0 in h.waiting_to_pass:
            msg: dict[str, Any] = {"type": "pass", "cards": h.hand_of(0).codes()[:3], "at": t.at()}
            server.commit(room, t, functools.partial(t.act, token, msg))
        elif h.phase is Phase.PLAYING and h.to_play == 0:
            msg = {"type": "play", "card": h.legal_moves.lowest().code, "at": t.at()}
            server.commit(room, t, functools.partial(t.act, token, msg))
        elif h.is_over and not t.seats[0].ready:
            server.commit(room, t, lambda: t.act(token, {"type": "next", "at": t.at()}))
        else:
            assert server.commit(room, t, t.bot_step)
    hands = t.game.hand_number
    assert hands >= 2 and t.ended == [1_700_000_000 + 1000 * k for k in range(hands)]
    (finished, times), = server.db.query("SELECT finished, hands_ended FROM games")
    assert finished == t.ended[-1] and json.loads(times) == t.ended
    games, bad = read_games(tmp_path / DATABASE_NAME)
    assert bad == [] and len(games) == 1 and games[0].ended == tuple(t.ended)  # finished and on its table: once
    server.db.close()
    (tmp_path / DATABASE_NAME).touch()  # the file's time says nothing
    g = my_games(tmp_path)
    when = sorted(g.hands["played_at"].unique())
    assert [x.timestamp() for x in when] == t.ended
    assert all(x.tzinfo is not None and x.utcoffset() == datetime.timedelta(0) for x in when)
    # A table's saved times come back with it after a restart, and damaged ones are refused by name.
    again = RoomServer(tmp_path).rooms[room.room_hash].tables[0]
    assert again.ended == t.ended
    saved = t.to_dict()
    older = {k: v for k, v in saved.items() if k != "ended"}  # a table saved before times were kept
    assert RoomTable.from_dict(0, room.settings, older).ended == [None] * hands
    with pytest.raises(RoomError, match="ended"):
        RoomTable.from_dict(0, room.settings, {**saved, "ended": ["soon"]})
    with pytest.raises(RoomError, match="rules"):
        RoomTable.from_dict(0, RoomSettings(number=6, target_score=40, rules=PRESETS["omnibus"].__class__(
            jack_of_diamonds=True, target_score=40), **FAST), saved)


def test_the_third_migration_keeps_an_older_files_rows(tmp_path: Path) -> None:
    path = tmp_path / DATABASE_NAME
    old = sqlite3.connect(path)
    for step in MIGRATIONS[:2]:
        old.executescript(step)
    old.execute("PRAGMA user_version = 2")
    old.execute("INSERT INTO rooms VALUES ('r', 't', '{\"number\": 1}', 0)")
    old.commit()
    old.close()
    db = RoomDatabase(path)
    assert db.schema_version() == len(MIGRATIONS) == 3
    assert db.query("SELECT room_hash, parent FROM rooms") == [("r", None)]
