"""What a move costs the room server: a seat's drawing is drawn again only when what it shows changed, and a
browser that asks for ``parts`` is sent each drawing as the change from the last one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from hearts.hand import Phase
from hearts.room import tables
from hearts.room.server import RoomServer, svg_delta
from hearts.room.tables import Room, RoomSettings


def test_a_seats_drawing_is_drawn_again_only_when_what_it_shows_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    room, _ = Room.create(RoomSettings(number=9, level="random", bot_delay=0))
    t = room.tables[0]
    tokens = {s: t.join(s, f"P{s}") for s in range(4)}
    drawn: list[int] = []
    real = tables.table_svg

    def counting(obs: Any, **kw: Any) -> str:
        drawn.append(kw["viewer"])
        return real(obs, **kw)

    monkeypatch.setattr(tables, "table_svg", counting)
    first = [t.view(s, "en")["svg"] for s in range(4)]
    assert drawn == [0, 1, 2, 3]
    t.connect(2)
    t.act(tokens[1], {"type": "select", "card": t.game.hand.hand_of(1).codes()[0], "at": t.at()})
    again = [t.view(s, "en") for s in range(4)]
    assert drawn == [0, 1, 2, 3, 1]  # only the seat that chose a card is drawn again
    assert [v["svg"] for v in again[::2]] == first[::2] and again[1]["svg"] != first[1]
    assert again[1]["selected"] and again[2]["players"][2]["connected"]
    assert t.view(0, "es")["svg"] != first[0] and drawn[-1] == 0  # another language: drawn anew
    for s, token in tokens.items():
        t.act(token, {"type": "pass", "cards": t.game.hand.hand_of(s).codes()[:3], "at": t.at()})
    assert t.game.hand.phase is Phase.PLAYING
    before = len(drawn)
    views = [t.view(s, "en") for s in range(4)]
    assert len(drawn) == before + 4 and all(len(v["hand"]) == 13 for v in views)  # the cards moved: all anew


def test_a_browser_that_asks_for_parts_rebuilds_every_drawing_exactly_and_is_sent_far_less(tmp_path: Path) -> None:
    room, keys = Room.create(RoomSettings(number=9, level="random", bot_delay=0))
    server = RoomServer(tmp_path, [room], rate=500, burst=500)
    table = room.tables[0]
    path = f"/r/{keys['room']}/ws"
    whole = parted = 0
    with TestClient(server.app) as client, client.websocket_connect(path) as ana, \
            client.websocket_connect(path) as bea:
        ana.send_json({"type": "parts"})
        ana.send_json({"type": "join", "table": 0, "seat": 0, "name": "Ana", "browser": "browser-ana-0001"})
        drawing: list[str] = []
        seen, passed, played = 0, False, []
        while seen < 12:
            raw = ana.receive_text()
            msg = json.loads(raw)
            assert msg["type"] != "error", msg
            if msg["type"] != "state":
                continue
            assert "svg" not in msg
            old, drawing = drawing, []
            for p in msg["svg_parts"]:
                drawing.extend([p] if isinstance(p, str) else old[p[0] : p[0] + p[1]])
            if msg["version"] == table.version:  # the table has not moved on: the drawing is the seat's own now
                assert "".join(drawing) == table.view(0, "en")["svg"]
            parted += len(raw)
            whole += len(json.dumps({**msg, "svg": "".join(drawing)}, ensure_ascii=False, separators=(",", ":")))
            seen += 1
            if msg["can_pass"] and not passed:
                passed = True
                ana.send_json({"type": "pass", "cards": msg["hand"][:3], "at": msg["at"]})
            elif msg["your_turn"] and msg["at"] not in played:
                played.append(msg["at"])
                ana.send_json({"type": "play", "card": msg["legal"][0], "at": msg["at"]})
        bea.send_json({"type": "join", "table": 0, "seat": 1, "name": "Bea", "browser": "browser-bea-0001"})
        while (other := bea.receive_json())["type"] != "state":
            pass
        assert other["svg"].startswith("<svg") and "svg_parts" not in other  # a browser that did not ask: whole
    assert parted < 0.6 * whole, (parted, whole)


def test_svg_delta_round_trips_any_change() -> None:
    a = "<svg>" + "".join(f'<g id="{i}">{i}</g>' for i in range(20)) + "</svg>"
    _, before = svg_delta([], a)
    for b in (a.replace(">3<", ">x<"), a.replace('<g id="5">5</g>', ""), a + "<g>new</g>", "<svg></svg>", a):
        delta, after = svg_delta(before, b)
        rebuilt = "".join(x if isinstance(x, str) else "".join(before[x[0] : x[0] + x[1]]) for x in delta)
        assert rebuilt == b and "".join(after) == b
        before = after
    assert svg_delta(before, a)[0] == [[0, len(before)]]
