"""The room: tables, seats and tokens, saving, the leaderboard, and the server's security over websockets."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from room_support import LeakWatch
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hearts.cards import Card
from hearts.hand import Phase
from hearts.room import storage
from hearts.room.protocol import MAX_MESSAGE, parse_message
from hearts.room.server import RoomServer
from hearts.room.tables import Room, RoomError, RoomSettings, RoomTable, token_hash

FAST = {"level": "random", "bot_delay": 0}
Served = tuple[TestClient, RoomServer, dict[str, str], LeakWatch]


def play_out_bots(table: RoomTable) -> None:
    while table.bot_step():
        pass


def person_move(table: RoomTable, tokens: dict[int, str]) -> bool:
    """The person due to act does the first legal thing; False when no person is due."""
    h = table.game.hand
    if h.phase is Phase.PASSING:
        for s in h.waiting_to_pass:
            if s in tokens:
                table.act(tokens[s], {"type": "pass", "cards": list(h.hand_of(s).codes())[:3], "at": table.at()})
                return True
        return False
    if h.phase is Phase.PLAYING and h.to_play in tokens:
        s = h.to_play
        table.act(tokens[s], {"type": "play", "card": h.legal_moves.lowest().code, "at": table.at()})
        return True
    if h.is_over and not table.game.is_over:
        for s, tok in tokens.items():
            if not table.seats[s].ready:
                table.act(tok, {"type": "next", "at": table.at()})
                return True
    return False


# ----- settings, seats, turns ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [("number", -1), ("tables", 0), ("tables", 51), ("level", "grandmaster"), ("target_score", 0),
     ("bot_after", -2), ("bot_after", float("nan")), ("bot_delay", 11), ("lang", "fr"), ("number", True)],
)
def test_bad_settings_are_refused_naming_the_setting(field: str, value: Any) -> None:
    with pytest.raises(RoomError) as e:
        RoomSettings(**{field: value})
    assert e.value.field == field and isinstance(e.value, ValueError)


def test_two_people_and_two_bots_play_a_whole_hand_at_a_table() -> None:
    room, _ = Room.create(RoomSettings(number=21, **FAST))
    t = room.tables[0]
    tokens = {0: t.join(0, "Ana"), 2: t.join(2, "Bea")}
    assert t.free_seats() == [1, 3]
    while not t.game.hand.is_over:
        if not person_move(t, tokens):
            assert t.bot_step()
    h = t.game.hand
    assert sum(h.result().points) == 26
    people = {a.seat for a in h.history if a.kind == "play"}
    assert people == {0, 1, 2, 3}
    # The next hand starts once both people (the bots are always ready) press Next hand.
    assert t.bot_step()  # the bots say they are ready
    assert not t.bot_step()
    person_move(t, tokens)
    assert t.game.hand_number == 1
    person_move(t, tokens)
    assert t.game.hand_number == 2


def test_a_person_acts_only_for_their_own_seat_and_only_in_turn() -> None:
    room, _ = Room.create(RoomSettings(number=5, **FAST))
    t = room.tables[0]
    tokens = {s: t.join(s, f"P{s}") for s in range(4)}
    while t.game.hand.phase is Phase.PASSING:
        person_move(t, tokens)
    h = t.game.hand
    mover = h.to_play
    other = (mover + 1) % 4
    before = (t.version, list(h.history))
    with pytest.raises(RoomError) as e:
        t.act(tokens[other], {"type": "play", "card": next(iter(h.hand_of(other))).code, "at": t.at()})
    assert e.value.rule is not None and e.value.rule.value == "not_your_turn"
    with pytest.raises(RoomError) as e:  # the mover's card, sent with another seat's token: still not theirs
        t.act(tokens[other], {"type": "play", "card": h.legal_moves.lowest().code, "at": t.at()})
    assert e.value.code == "not_your_turn"
    with pytest.raises(RoomError) as e:
        t.act("forged-" + tokens[mover][7:], {"type": "play", "card": "2C", "at": t.at()})
    assert e.value.code == "bad_token"
    with pytest.raises(RoomError) as e:
        t.act(tokens[mover], {"type": "play", "card": "ZZ", "at": t.at()})
    assert e.value.code == "not_a_card" and "ZZ" in e.value.explain("en")
    assert (t.version, list(h.history)) == before
    # A replayed message: the first card again, once the table has moved on.
    first = {"type": "play", "card": h.legal_moves.lowest().code, "at": t.at()}
    t.act(tokens[mover], first)
    with pytest.raises(RoomError) as e:
        t.act(tokens[mover], first)
    assert e.value.code == "stale"


def test_seats_names_and_leaving() -> None:
    room, _ = Room.create(RoomSettings(number=5, **FAST))
    t = room.tables[0]
    token = t.join(1, "  Ana  María ")
    assert t.seats[1].name == "Ana María" and t.seats[1].token_hash == token_hash(token)
    with pytest.raises(RoomError, match="seat_taken"):
        t.join(1, "Bo")
    for bad in ("", "x" * 25, "a\x00b", "\u202e", 7):
        with pytest.raises(RoomError, match="bad_name"):
            t.join(2, bad)
    for seat in (4, -1, True, "1"):
        with pytest.raises(RoomError, match="no_such_seat"):
            t.join(seat, "Bo")
    assert t.leave(token) == 1 and t.free_seats() == [0, 1, 2, 3]
    with pytest.raises(RoomError, match="bad_token"):
        t.act(token, {"type": "next", "at": t.at()})


def test_bots_wait_until_someone_sits_and_for_a_person_who_is_away() -> None:
    now = [100.0]
    room, _ = Room.create(RoomSettings(number=9, bot_after=30, **FAST))
    t = room.tables[0]
    t.clock = lambda: now[0]
    assert t.bot_wait() is None and not t.bot_step()  # nobody here yet: nothing is played
    tok = t.join(0, "Ana")
    t.connect(0)
    play_out_bots(t)
    assert t.game.hand.waiting_to_pass == [0, 1, 2, 3]  # the empty seats' bots pass once the people have
    t.disconnect(0)
    assert t.bot_wait() == 30 and not t.bot_step()
    assert t.view(1, "en")["players"][0]["connected"] is False
    now[0] += 30
    assert t.bot_wait() == 0 and t.bot_step()  # the bot passes for her, and the empty seats' bots too
    assert t.game.hand.phase is Phase.PLAYING
    t.connect(0)  # back: her seat is hers again
    assert not t.bot_plays_for(0) and t.seat_of(tok) == 0


def test_a_view_shows_only_the_seats_own_cards() -> None:
    room, _ = Room.create(RoomSettings(number=12, **FAST))
    t = room.tables[0]
    tok = t.join(3, "Ana")
    play_out_bots(t)
    v = t.view(3, "es")
    mine = set(t.game.hand.hand_of(3).codes())
    assert set(v["hand"]) == mine and v["can_pass"] and v["seat"] == 3
    assert set(__import__("re").findall(r'data-card="([^"]+)"', v["svg"])) == mine
    assert "Elige" in v["message"]["text"]
    for c in list(mine)[:3]:
        t.act(tok, {"type": "select", "card": c, "at": t.at()})
    assert set(t.view(3, "en")["selected"]) == set(list(mine)[:3])
    with pytest.raises(RoomError, match="three_chosen"):
        t.act(tok, {"type": "select", "card": list(mine)[3], "at": t.at()})


# ----- saving -------------------------------------------------------------------------------


def test_a_room_saved_mid_trick_resumes_exactly(tmp_path: Path) -> None:
    room, _ = Room.create(RoomSettings(number=31, tables=2, **FAST))
    t = room.tables[1]
    tokens = {0: t.join(0, "Ana")}
    while t.game.hand.phase is not Phase.PLAYING or t.game.hand.cards_played < 6:
        if not person_move(t, tokens):
            t.bot_step()
    storage.save_room(tmp_path, room)
    rooms, problems = storage.load_rooms(tmp_path)
    assert problems == [] and len(rooms) == 1
    again = rooms[0].tables[1]
    assert again.game.hand.plays == t.game.hand.plays and again.seat_of(tokens[0]) == 0
    assert again.seats[0].connected == 0  # nobody is connected after a restart, until they come back
    saved = (storage.room_folder(tmp_path, room) / "table-1.json").read_text()
    assert tokens[0] not in saved and token_hash(tokens[0]) in saved  # only the hash is kept
    # The two go on identically, bots included.
    while not t.game.hand.is_over:
        if not person_move(t, tokens):
            t.bot_step()
        if not person_move(again, tokens):
            again.bot_step()
    assert again.game.hand.plays == t.game.hand.plays


def test_damaged_files_are_kept_and_reported(tmp_path: Path) -> None:
    room, _ = Room.create(RoomSettings(number=3, tables=2, **FAST))
    other, _ = Room.create(RoomSettings(number=4, **FAST))
    storage.save_room(tmp_path, room)
    storage.save_room(tmp_path, other)
    where = storage.room_folder(tmp_path, room)
    (where / "table-1.json").write_text('{"game": {"format": "nope"}, "seats": []}')
    (storage.room_folder(tmp_path, other) / "room.json").write_text("{not json")
    rooms, problems = storage.load_rooms(tmp_path)
    assert [r.room_hash for r in rooms] == [room.room_hash]  # the room with a bad table opens; the other not
    assert len(problems) == 2 and any("table-1.json" in p for p in problems)
    assert (where / "table-1.bad.json").exists()
    assert (storage.room_folder(tmp_path, other) / "room.bad.json").read_text() == "{not json"


# ----- the leaderboard ---------------------------------------------------------------------


def test_the_leaderboard_covers_every_table_and_exports(tmp_path: Path) -> None:
    room, _ = Room.create(RoomSettings(number=7, tables=3, **FAST))
    tokens = {0: room.tables[0].join(0, "Ana"), 1: room.tables[2].join(1, "Bea")}
    for t, tok in ((room.tables[0], {0: tokens[0]}), (room.tables[2], {1: tokens[1]})):
        while not t.game.hand.is_over:
            if not person_move(t, tok):
                t.bot_step()
    df = room.leaderboard()
    assert len(df) == 12 and df["score"].is_monotonic_increasing
    people = df[df["kind"] == "person"].set_index("player")
    assert people.loc["Ana", "table"] == 1 and people.loc["Bea", "seat"] == "West"
    assert people.loc["Ana", "score"] == room.tables[0].game.scores[0]
    assert (df["hands"] == [1 if t in (1, 3) else 0 for t in df["table"]]).all()
    assert df["rank"].iloc[0] == 1
    csv = tmp_path / "board.csv"
    df.to_csv(csv, index=False)
    assert csv.read_text().splitlines()[0] == "rank,table,seat,player,kind,hands,score,hand_points,game_over"


# ----- messages -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "code", "field"),
    [
        ("not json", "not_json", "message"),
        ("[1, 2]", "not_object", "message"),
        ('{"type": "shout"}', "unknown_type", "type"),
        ('{"type": "play", "card": "QS"}', "bad_field", "at"),
        ('{"type": "play", "card": 12, "at": [1, 0]}', "bad_field", "card"),
        ('{"type": "play", "card": "QS", "at": [1, true]}', "bad_field", "at"),
        ('{"type": "join", "table": 0, "seat": 1.5, "name": "A"}', "bad_field", "seat"),
        ('{"type": "pass", "cards": ["QS"], "at": [1, 0], "seat": 2}', "unknown_field", "seat"),
        ('{"type": "leave", "token": "x"}', "unknown_field", "token"),
        ('{"type": "join", "table": 0, "seat": 99999999999, "name": "A"}', "bad_field", "seat"),
        ("[" * 5000, "too_big", "message"),
        ("[" * 1020 + "]" * 1020, "not_json", "message"),
    ],
)
def test_malformed_messages_are_refused_naming_the_field(raw: str, code: str, field: str) -> None:
    with pytest.raises(RoomError) as e:
        parse_message(raw)
    assert (e.value.code, e.value.field) == (code, field)
    assert e.value.explain("es") and e.value.explain("en")


# ----- the server over websockets ---------------------------------------------------------------


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    watch = LeakWatch()
    watch.install(monkeypatch)
    room, keys = Room.create(RoomSettings(number=21, tables=2, **FAST))
    server = RoomServer(tmp_path, [room], rate=200, burst=400)
    with TestClient(server.app) as client:
        yield client, server, keys, watch
    assert watch.problems == [], watch.problems[:5]
    assert watch.sent > 0


def recv_until(ws: Any, pred: Callable[[dict[str, Any]], bool], limit: int = 400) -> dict[str, Any]:
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return msg
    raise AssertionError("the message never came")


def state_of(ws: Any, pred: Callable[[dict[str, Any]], bool] = lambda m: True) -> dict[str, Any]:
    return recv_until(ws, lambda m: m["type"] == "state" and pred(m))


def test_four_browsers_play_a_whole_hand_and_no_message_shows_another_seats_cards(served: Any) -> None:
    client, server, keys, _watch = served
    path = f"/r/{keys['room']}/ws"
    socks = [client.websocket_connect(path) for _ in range(4)]
    wss = [s.__enter__() for s in socks]
    try:
        for s, ws in enumerate(wss):
            assert ws.receive_json()["type"] == "lobby"
            ws.send_json({"type": "join", "table": 1, "seat": s, "name": f"P{s}", "browser": f"browser-{s}-0123"})
            assert recv_until(ws, lambda m: m["type"] == "seated")["seat"] == s
        table = server.rooms[next(iter(server.rooms))].tables[1]
        latest = [state_of(ws) for ws in wss]
        while not table.game.hand.is_over:
            h = table.game.hand
            if h.phase is Phase.PASSING:
                s = h.waiting_to_pass[0]
                view = latest[s]
                wss[s].send_json({"type": "pass", "cards": view["hand"][:3], "at": view["at"]})
            else:
                s = h.to_play
                if not (latest[s]["your_turn"] and latest[s]["at"] == table.at()):
                    latest[s] = state_of(wss[s], lambda m: m["your_turn"] and m["at"] == table.at())
                view = latest[s]
                wss[s].send_json({"type": "play", "card": view["legal"][0], "at": view["at"]})
            latest[s] = state_of(wss[s], lambda m, v=view["version"]: m["version"] > v)
        assert sum(table.game.hand.result().points) == 26
    finally:
        for s in socks:
            s.__exit__(None, None, None)


def test_the_server_refuses_forged_replayed_and_out_of_turn_messages(served: Any) -> None:
    client, server, keys, _ = served
    room = next(iter(server.rooms.values()))
    path = f"/r/{keys['room']}/ws"
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/r/" + "x" * 24 + "/ws") as ws:
        ws.receive_json()  # a made-up room: the socket is shut at once
    assert closed.value.code == 4404
    with client.websocket_connect(path) as a, client.websocket_connect(path) as b:
        a.receive_json(), b.receive_json()
        for ws, msg, code in (
            (a, {"type": "play", "card": "2C", "at": [1, 0]}, "not_seated"),
            (a, {"type": "resume", "token": "A" * 24}, "bad_token"),
            (a, {"type": "watch", "key": keys["room"]}, "not_teacher"),
            (a, {"type": "join", "table": 5, "seat": 0, "name": "A", "browser": "browser-a-0123"}, "no_such_table"),
        ):
            ws.send_json(msg)
            err = recv_until(ws, lambda m: m["type"] == "error")
            assert err["code"] == code, err
        a.send_json({"type": "join", "table": 0, "seat": 0, "name": "Ana", "browser": "browser-a-0123"})
        token = recv_until(a, lambda m: m["type"] == "seated")["token"]
        b.send_json({"type": "join", "table": 0, "seat": 0, "name": "Bo", "browser": "browser-b-0123"})
        assert recv_until(b, lambda m: m["type"] == "error")["code"] == "seat_taken"
        b.send_json({"type": "join", "table": 0, "seat": 2, "name": "Bo", "browser": "browser-b-0123"})
        bo_token = recv_until(b, lambda m: m["type"] == "seated")["token"]
        view = state_of(b, lambda m: m["phase"] == "passing")
        # Bo plays and passes for Ana's seat: the messages have no seat to name, only Bo's own.
        b.send_text(json.dumps({"type": "pass", "cards": view["hand"][:3], "at": view["at"], "seat": 0}))
        assert recv_until(b, lambda m: m["type"] == "error")["code"] == "unknown_field"
        b.send_json({"type": "play", "card": view["hand"][0], "at": view["at"]})
        err = recv_until(b, lambda m: m["type"] == "error")
        assert err["rule"] == "wrong_phase"
        not_mine = next(Card(c).code for c in range(52) if Card(c).code not in view["hand"])
        b.send_json({"type": "select", "card": not_mine, "at": view["at"]})
        assert recv_until(b, lambda m: m["type"] == "error")["rule"] == "card_not_in_hand"
        b.send_json({"type": "select", "card": view["hand"][0], "at": [view["at"][0] + 1, 0]})
        assert recv_until(b, lambda m: m["type"] == "error")["code"] == "stale"
        table = room.tables[0]
        assert table.game.hand.passes[0] is None and table.seats[2].name == "Bo"
        # Oversized and malformed messages: refused, the table unchanged, the connection still open.
        version = table.version
        b.send_text(json.dumps({"type": "join", "table": 0, "seat": 1, "name": "x" * MAX_MESSAGE, "browser": "b" * 9}))
        assert recv_until(b, lambda m: m["type"] == "error")["code"] == "too_big"
        b.send_text("{")
        assert recv_until(b, lambda m: m["type"] == "error")["code"] == "not_json"
        b.send_bytes(b"\x00\x01")
        assert recv_until(b, lambda m: m["type"] == "error")["code"] == "binary"
        b.send_json({"type": "ping"})
        assert recv_until(b, lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
        assert table.version == version
        # A second window with Ana's token takes the seat over; the first is told and closed.
        with client.websocket_connect(path) as c:
            c.receive_json()
            c.send_json({"type": "resume", "token": token})
            recv_until(c, lambda m: m["type"] == "seated")
            assert recv_until(a, lambda m: m["type"] in ("replaced",))["type"] == "replaced"
            # Leaving ends the token: replaying it later is refused.
            c.send_json({"type": "leave"})
            recv_until(c, lambda m: m["type"] == "left")
            c.send_json({"type": "resume", "token": token})
            assert recv_until(c, lambda m: m["type"] == "error")["code"] == "bad_token"
        # A seat token of this room is worthless in another room, and so is what the saved file keeps of it.
        other, other_keys = Room.create(RoomSettings(number=1, **FAST))
        server.add(other)
        with client.websocket_connect(f"/r/{other_keys['room']}/ws") as d:
            d.receive_json()
            for forged in (bo_token, table.seats[2].token_hash, bo_token[:-1]):
                d.send_json({"type": "resume", "token": forged})
                assert recv_until(d, lambda m: m["type"] == "error")["code"] == "bad_token"
            b.send_json({"type": "resume", "token": bo_token[:-1] + ("A" if bo_token[-1] != "A" else "B")})
            assert recv_until(b, lambda m: m["type"] == "error")["code"] in ("bad_token", "already_seated")


def test_a_flood_of_messages_is_slowed_then_cut_off(tmp_path: Path) -> None:
    room, keys = Room.create(RoomSettings(number=2, **FAST))
    server = RoomServer(tmp_path, [room], rate=5, burst=5)
    with TestClient(server.app) as client, client.websocket_connect(f"/r/{keys['room']}/ws") as ws:
        ws.receive_json()
        for _ in range(100):
            ws.send_json({"type": "ping"})
        kinds = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                kinds.append(ws.receive_json().get("code") or "pong")
        assert closed.value.code == 1008
        assert kinds.count("pong") <= 6 and "too_fast" in kinds


def test_teacher_board_and_csv_need_the_teachers_key(served: Any) -> None:
    client, _server, keys, _ = served
    base = f"/r/{keys['room']}"
    assert client.get(f"{base}/leaderboard.csv").status_code == 403
    assert client.get(f"{base}/leaderboard.csv", headers={"Authorization": f"Bearer {keys['room']}"}).status_code == 403
    got = client.get(f"{base}/leaderboard.csv?lang=es", headers={"Authorization": f"Bearer {keys['teacher']}"})
    assert got.status_code == 200 and got.text.splitlines()[0].startswith("rank,table,seat")
    assert "Oeste (bot)" in got.text and len(got.text.splitlines()) == 9
    page = client.get(f"{base}/")
    assert page.status_code == 200 and "default-src 'none'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"
    assert client.get("/r/nothing-here/").status_code == 404
    assert client.get("/static/../tables.py").status_code == 404
    with client.websocket_connect(f"{base}/ws") as t, client.websocket_connect(f"{base}/ws") as p:
        t.receive_json(), p.receive_json()
        t.send_json({"type": "watch", "key": keys["teacher"]})
        board = recv_until(t, lambda m: m["type"] == "leaderboard")
        assert len(board["rows"]) == 8 and all(r["score"] == 0 for r in board["rows"])
        p.send_json({"type": "join", "table": 0, "seat": 3, "name": "Cy", "browser": "browser-c-0123"})
        board = recv_until(t, lambda m: m["type"] == "leaderboard" and any(r["player"] == "Cy" for r in m["rows"]))
        assert {r["table"] for r in board["rows"]} == {1, 2}


def test_the_command_line_refuses_bad_room_options(capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.cli import main

    assert main(["room", "--bot-after", "-1", "--data", "/nonexistent/never"]) == 2
    assert "--bot-after" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["room", "--deal", "5", "--day"])
    assert Card.parse("QS")  # the engine is untouched by the room's command


def test_the_core_and_the_command_line_import_without_the_web_stack() -> None:
    import subprocess
    import sys

    code = (
        "import sys; sys.modules.update(starlette=None, uvicorn=None, websockets=None)\n"
        "import hearts, hearts.cli, hearts.room, hearts.room.run\n"
        "hearts.cli.build_parser().parse_args(['room', '--deal', '3'])\n"
        "assert 'starlette' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "print('ok')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr


def test_a_room_started_from_a_notebook_serves_its_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import urllib.request

    from hearts.room.run import start_room

    running = start_room(folder=tmp_path, port=0, number=3, tables=2, level="random", bot_delay=0)
    try:
        got = running.links()
        assert got is not None and got["players"].startswith(f"http://127.0.0.1:{running.port}/r/")
        for _ in range(50):
            try:
                with urllib.request.urlopen(got["players"], timeout=5) as page:
                    assert page.status == 200 and b"room.js" in page.read()
                break
            except OSError:
                import time

                time.sleep(0.1)
        else:
            raise AssertionError("the server never answered")
        assert len(running.leaderboard()) == 8 and "teacher#key=" in running._repr_html_()
        monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/ana/")
        assert running.links()["players"].startswith(f"/user/ana/proxy/{running.port}/r/")  # type: ignore[index]
    finally:
        running.stop()
    again = start_room(folder=tmp_path, port=0)  # the saved room, with the same links
    try:
        first, second = running.links(), again.links()
        assert again.room.room_hash == running.room.room_hash and first and second
        assert second["teacher"].split("/r/")[1] == first["teacher"].split("/r/")[1]
    finally:
        again.stop()
