"""A room on a network a class reaches: no secret in a URL, no other site's page, no spreadsheet formula,
limits per address, and the teacher's powers only with the teacher's key."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hearts.room.server import RoomServer
from hearts.room.tables import Room, RoomSettings

FAST = {"level": "random", "bot_delay": 0}


def _served(tmp_path: Path, **options: object) -> tuple[RoomServer, dict[str, str]]:
    room, keys = Room.create(RoomSettings(number=21, tables=1, **FAST))  # type: ignore[arg-type]
    return RoomServer(tmp_path, [room], rate=200, burst=400, **options), keys  # type: ignore[arg-type]


def test_the_csv_takes_the_teachers_key_only_in_a_header_never_in_the_url(tmp_path: Path) -> None:
    server, keys = _served(tmp_path)
    base = f"/r/{keys['room']}"
    with TestClient(server.app) as client:
        assert client.get(f"{base}/leaderboard.csv?key={keys['teacher']}").status_code == 403
        assert client.get(f"{base}/leaderboard.csv", headers={"Authorization": keys["teacher"]}).status_code == 403
        got = client.get(f"{base}/leaderboard.csv", headers={"Authorization": f"Bearer {keys['teacher']}"})
        assert got.status_code == 200 and got.text.startswith("rank,")
        script = client.get("/static/teacher.js").text
        assert "?key=" not in script and "Authorization" in script


def test_a_name_that_is_a_spreadsheet_formula_reaches_the_csv_as_text(tmp_path: Path) -> None:
    server, keys = _served(tmp_path)
    names = ['=HYPERLINK("x")', "+1", "@SUM(A1)", "-2+3"]
    with TestClient(server.app) as client:
        for s, name in enumerate(names):
            with client.websocket_connect(f"/r/{keys['room']}/ws") as ws:
                ws.receive_json()
                ws.send_json({"type": "join", "table": 0, "seat": s, "name": name, "browser": f"browser-{s}-0123"})
                while ws.receive_json()["type"] != "seated":
                    pass
        got = client.get(f"/r/{keys['room']}/leaderboard.csv", headers={"Authorization": f"Bearer {keys['teacher']}"})
    players = [row["player"] for row in csv.DictReader(io.StringIO(got.text))]
    assert sorted(players) == sorted("'" + n for n in names)
    assert not any(p.startswith(("=", "+", "-", "@")) for p in players)


@pytest.mark.parametrize("origin", ["https://evil.example", "http://testserver.evil.example", "null"])
def test_a_websocket_from_another_sites_page_is_refused(tmp_path: Path, origin: str) -> None:
    server, keys = _served(tmp_path)
    with TestClient(server.app) as client:
        with pytest.raises(WebSocketDisconnect) as refused, \
                client.websocket_connect(f"/r/{keys['room']}/ws", headers={"origin": origin}):
            pass
        assert refused.value.code == 4403
        with client.websocket_connect(f"/r/{keys['room']}/ws", headers={"origin": "http://testserver"}) as ws:
            assert ws.receive_json()["type"] == "lobby"


def test_an_origin_the_owner_allows_is_let_in(tmp_path: Path) -> None:
    server, keys = _served(tmp_path, origins=["https://hearts.school.example"])
    with TestClient(server.app) as client, client.websocket_connect(
        f"/r/{keys['room']}/ws", headers={"origin": "https://hearts.school.example"}
    ) as ws:
        assert ws.receive_json()["type"] == "lobby"


def test_one_address_holds_a_limited_number_of_connections(tmp_path: Path) -> None:
    server, keys = _served(tmp_path, per_address=2)
    path = f"/r/{keys['room']}/ws"
    with TestClient(server.app) as client:
        with client.websocket_connect(path) as a, client.websocket_connect(path) as b:
            a.receive_json(), b.receive_json()
            with client.websocket_connect(path) as third:
                said = third.receive_json()  # the browser is told why, in words naming the option, then closed
                assert said["type"] == "error" and said["code"] == "too_many_connections"
                assert said["field"] == "per_address" and "2" in said["text"] and "--per-address" in said["text"]
                with pytest.raises(WebSocketDisconnect) as refused:
                    third.receive_json()
            assert refused.value.code == 4429
        with client.websocket_connect(path) as c:  # the two closed: room again
            assert c.receive_json()["type"] == "lobby"


def test_the_teachers_powers_need_the_teachers_key(tmp_path: Path) -> None:
    server, keys = _served(tmp_path)
    path = f"/r/{keys['room']}/ws"
    with TestClient(server.app) as client, client.websocket_connect(path) as ana, client.websocket_connect(path) as eve:
        ana.receive_json(), eve.receive_json()
        ana.send_json({"type": "join", "table": 0, "seat": 0, "name": "Ana", "browser": "browser-ana-0123"})
        while ana.receive_json()["type"] != "seated":
            pass
        for key in (keys["room"], "", "x" * 32):
            eve.send_json({"type": "free", "key": key, "table": 0, "seat": 0})
            msg = eve.receive_json()
            while msg["type"] != "error":
                msg = eve.receive_json()
            assert msg["code"] == "not_teacher" and msg["field"] == "key"
            eve.send_json({"type": "watch", "key": key})
            msg = eve.receive_json()
            while msg["type"] != "error":
                msg = eve.receive_json()
            assert msg["code"] == "not_teacher"
        assert server.rooms[next(iter(server.rooms))].tables[0].seats[0].name == "Ana"
