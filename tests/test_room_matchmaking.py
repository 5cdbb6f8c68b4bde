"""Play live: the queue seats four people of similar rating, widens the range as they wait, and fills with bots
after the owner's wait; queue joins are limited per address."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from hearts.room.matchmaking import MatchQueue
from hearts.room.server import RoomServer
from hearts.room.tables import Room, RoomSettings


def test_the_range_widens_with_waiting_time() -> None:
    q = MatchQueue(spread=2, widen=0.5, fill_after=1000)
    for i, mu in enumerate([20, 25, 30, 35]):
        q.add(f"p{i}", f"P{i}", mu, now=0)
    assert q.match(now=0) == [] and q.match(now=15) == []  # reach 9.5: 20 and 35 still too far apart
    groups = q.match(now=27)  # reach 15.5: everyone accepts everyone
    assert [[w.key for w in g] for g in groups] == [["p0", "p1", "p2", "p3"]] and q.waiting == []


def test_a_far_rating_waits_while_four_close_ones_are_seated_and_the_longest_waiting_comes_first() -> None:
    q = MatchQueue(spread=3, widen=0, fill_after=1000)
    q.add("far", "Far", 50, now=0)
    for i in range(5):
        q.add(f"p{i}", f"P{i}", 25 + i * 0.5, now=i)
    (group,) = q.match(now=10)
    assert [w.key for w in group] == ["p0", "p1", "p2", "p3"]
    assert [w.key for w in q.waiting] == ["far", "p4"]
    q.add("p4", "P4", 99, now=50)  # joining again keeps the place (and the rating it joined with)
    assert q.waiting[1].since == 4 and q.remove("far") and not q.remove("far")


def recv_until(ws: Any, pred: Callable[[dict[str, Any]], bool], limit: int = 400) -> dict[str, Any]:
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return msg
    raise AssertionError("the message never came")


def test_four_in_the_queue_get_a_new_table_together_and_their_seats_there(tmp_path: Path) -> None:
    room, keys = Room.create(RoomSettings(number=5, level="random", bot_delay=0, turn_clock=20))
    server = RoomServer(tmp_path, [room], rate=500, burst=500, fill_after=600)
    path = f"/r/{keys['room']}/ws"
    with TestClient(server.app) as client:
        sockets = [client.websocket_connect(path) for _ in range(4)]
        people = [ws.__enter__() for ws in sockets]
        try:
            for i, ws in enumerate(people):
                ws.send_json({"type": "queue", "name": f"P{i}", "browser": f"browser-live-{i:04d}"})
                if i < 3:
                    assert recv_until(ws, lambda m: m["type"] == "queued")["waiting"] == i + 1
            matched = [recv_until(ws, lambda m: m["type"] == "matched") for ws in people]
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
        assert len({m["room"] for m in matched}) == 1 and all(m["bots"] == 0 for m in matched)
        assert matched[0]["text"] == "Four players found: your table is ready."
        new = f"/r/{matched[0]['room']}/ws"
        with client.websocket_connect(new) as ws:
            ws.send_json({"type": "resume", "token": matched[2]["token"]})
            view = recv_until(ws, lambda m: m["type"] == "state")
            assert view["seat"] == 2 and view["ranked"] and [p["name"] for p in view["players"]] == [
                "P0", "P1", "P2", "P3"]
            assert view["clock_left"] is not None  # the room's turn clock came along
    assert len(server.rooms) == 2 and server.queue.waiting == []


def test_after_the_owners_wait_bots_fill_the_table_and_the_page_says_so(tmp_path: Path) -> None:
    room, keys = Room.create(RoomSettings(number=5, level="random", bot_delay=0, lang="es"))
    server = RoomServer(tmp_path, [room], rate=500, burst=500, fill_after=0)
    with TestClient(server.app) as client, client.websocket_connect(f"/r/{keys['room']}/ws") as ws:
        ws.send_json({"type": "queue", "name": "Ana", "browser": "browser-ana-0001"})
        got = recv_until(ws, lambda m: m["type"] == "matched")
        assert got["bots"] == 3 and got["text"] == "Tu mesa está lista: 3 bots ocupan los asientos vacíos."


def test_queue_joins_are_limited_per_address_and_a_bad_name_is_refused(tmp_path: Path) -> None:
    room, keys = Room.create(RoomSettings(number=5, level="random", bot_delay=0))
    server = RoomServer(tmp_path, [room], rate=500, burst=500, fill_after=600, queue_joins=2)
    with TestClient(server.app) as client, client.websocket_connect(f"/r/{keys['room']}/ws") as ws:
        ws.send_json({"type": "queue", "name": "=" * 30, "browser": "browser-x-000001"})
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "bad_name"
        for i in range(2):
            ws.send_json({"type": "queue", "name": f"P{i}", "browser": f"browser-x-{i:06d}"})
            recv_until(ws, lambda m: m["type"] == "queued")
            ws.send_json({"type": "unqueue"})
            recv_until(ws, lambda m: m["type"] == "unqueued")
        ws.send_json({"type": "queue", "name": "P9", "browser": "browser-x-000009"})
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "too_many_joins" and err["field"] == "queue"
        assert server.queue.waiting == []


def test_a_friends_table_has_its_options_a_link_and_a_code_that_others_join_by(tmp_path: Path) -> None:
    room, keys = Room.create(RoomSettings(number=5, level="random", bot_delay=0))
    server = RoomServer(tmp_path, [room], rate=500, burst=500)
    path = f"/r/{keys['room']}/ws"
    with TestClient(server.app) as client, client.websocket_connect(path) as ana, client.websocket_connect(path) as bo:
        ana.send_json({"type": "friends", "name": "Ana", "browser": "browser-ana-0001", "target": 50, "ranked": False})
        made = recv_until(ana, lambda m: m["type"] == "friends")
        assert (made["target"], made["ranked"]) == (50, False) and len(made["code"]) == 8
        bo.send_json({"type": "code", "code": "NOPE1234"})
        assert recv_until(bo, lambda m: m["type"] == "error")["code"] == "bad_code"
        bo.send_json({"type": "code", "code": made["code"].lower()})
        assert recv_until(bo, lambda m: m["type"] == "friends_room")["room"] == made["room"]
        with client.websocket_connect(f"/r/{made['room']}/ws") as friend:
            lobby = recv_until(friend, lambda m: m["type"] == "lobby")
            assert [s["name"] for s in lobby["tables"][0]["seats"]] == ["Ana", None, None, None]
            friend.send_json({"type": "join", "table": 0, "seat": 2, "name": "Bo", "browser": "browser-bo-00001"})
            view = recv_until(friend, lambda m: m["type"] == "state")
            assert not view["ranked"] and view["players"][2]["name"] == "Bo"
        ana.send_json({"type": "friends", "name": "Ana", "browser": "browser-ana-0001", "target": 0, "ranked": True})
        err = recv_until(ana, lambda m: m["type"] == "error")
        assert err["field"] == "target_score"
        ana.send_json({"type": "friends", "name": "Ana", "browser": "browser-ana-0001", "target": 100, "ranked": 1})
        assert recv_until(ana, lambda m: m["type"] == "error")["field"] == "ranked"
    new = server.rooms[next(h for h in server.rooms if h != room.room_hash)]
    assert new.settings.target_score == 50 and not new.settings.ranked and len(server.rooms) == 2
