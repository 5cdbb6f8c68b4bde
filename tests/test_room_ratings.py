"""Players' ratings (openskill's Plackett-Luce) after ranked games, the leaderboard, and the rematch."""

from __future__ import annotations

from pathlib import Path

import pytest
from room_support import recv_until
from starlette.testclient import TestClient

from hearts.hand import Phase
from hearts.room.database import DATABASE_NAME, RoomDatabase
from hearts.room.ratings import MODEL, Ratings, bot_key, places
from hearts.room.server import RoomServer
from hearts.room.tables import Room, RoomError, RoomSettings, RoomTable, player_key

ONE_HAND = {"level": "random", "bot_delay": 0, "target_score": 1}  # a game of one hand


def person_move(table: RoomTable, tokens: dict[int, str]) -> bool:
    h = table.game.hand
    if h.phase is Phase.PASSING:
        for s in h.waiting_to_pass:
            if s in tokens:
                table.act(tokens[s], {"type": "pass", "cards": list(h.hand_of(s).codes())[:3], "at": table.at()})
                return True
        return False
    if h.phase is Phase.PLAYING and h.to_play in tokens:
        table.act(tokens[h.to_play], {"type": "play", "card": h.legal_moves.lowest().code, "at": table.at()})
        return True
    return False


def play_game(room: Room, browsers: dict[int, str]) -> tuple[RoomTable, dict[int, str]]:
    t = room.tables[0]
    tokens = {s: room.join(0, s, f"P{s}", b)[2] for s, b in browsers.items()}
    while not t.game.is_over:
        if not person_move(t, tokens):
            assert t.bot_step()
    return t, tokens


def test_places_from_scores_share_ties() -> None:
    assert places([26, 0, 0, 0]) == [4, 1, 1, 1]
    assert places([5, 9, 5, 7]) == [1, 4, 1, 3]


def test_a_ranked_game_moves_every_players_rating_once_and_ties_share(tmp_path: Path) -> None:
    db = RoomDatabase(tmp_path / DATABASE_NAME)
    ratings = Ratings(db)
    room, _ = Room.create(RoomSettings(number=7, **ONE_HAND))
    browsers = {0: "browser-ana-0001", 1: "browser-bea-0001", 2: "browser-cy-00001"}
    t, _ = play_game(room, browsers)
    changes = ratings.record_game(room, t)
    assert changes is not None and ratings.record_game(room, t) is None  # recorded once
    scores = list(t.game.scores)
    for c in changes:
        assert c["before"] == [MODEL.mu, MODEL.sigma] and c["place"] == places(scores)[c["seat"]]
        assert c["after"][1] < c["before"][1]  # everyone is surer after a game
    best = min(changes, key=lambda c: c["place"])
    worst = max(changes, key=lambda c: c["place"])
    assert best["after"][0] > MODEL.mu > worst["after"][0]
    for a in changes:  # equal scores (equal starting ratings): equal new ratings
        for b in changes:
            if a["score"] == b["score"] and a["seat"] < 3 and b["seat"] < 3:
                assert a["after"] == pytest.approx(b["after"])
    board = ratings.leaderboard(room.room_hash)
    assert {r["name"] for r in board} == {"P0", "P1", "P2", "Bot (random)"}
    assert [r["rank"] for r in board] == [1, 2, 3, 4] and all(r["games"] == 1 for r in board)
    assert all(r["uncertainty"] == pytest.approx(3 * c["after"][1], abs=0.01)
               for r in board for c in changes if c["name"] == r["name"])
    ordinals = [r["rating"] - r["uncertainty"] for r in board]
    assert ordinals == sorted(ordinals, reverse=True)
    mu, _sigma, games = ratings.rating_of(player_key(browsers[0])) or (0, 0, 0)
    assert games == 1 and mu == pytest.approx(changes[0]["after"][0])
    assert ratings.rating_of(bot_key("random")) is not None
    db.close()


def test_an_unranked_game_is_recorded_but_moves_no_rating(tmp_path: Path) -> None:
    db = RoomDatabase(tmp_path / DATABASE_NAME)
    room, _ = Room.create(RoomSettings(number=7, ranked=False, **ONE_HAND))
    t, _ = play_game(room, {0: "browser-ana-0001"})
    changes = Ratings(db).record_game(room, t)
    assert changes is not None and all(c["after"] == c["before"] for c in changes)
    assert Ratings(db).leaderboard() == [] and db.query("SELECT COUNT(*) FROM games") == [(1,)]
    with pytest.raises(RoomError) as e:
        RoomSettings(ranked="yes")  # type: ignore[arg-type]
    assert e.value.field == "ranked"
    db.close()


def test_a_game_over_the_websocket_shows_the_new_ratings_then_a_rematch_starts_a_new_game(tmp_path: Path) -> None:
    room, keys = Room.create(RoomSettings(number=11, **ONE_HAND))
    server = RoomServer(tmp_path, [room], rate=500, burst=500)
    with TestClient(server.app) as client, client.websocket_connect(f"/r/{keys['room']}/ws") as ana:
        assert recv_until(ana, lambda m: m["type"] == "ratings")["rows"] == []
        ana.send_json({"type": "join", "table": 0, "seat": 0, "name": "Ana", "browser": "browser-ana-0001"})
        view = recv_until(ana, lambda m: m["type"] == "state" and m["can_pass"])
        ana.send_json({"type": "pass", "cards": view["hand"][:3], "at": view["at"]})
        first_hand = view["hand_number"]
        played: list[int] = []
        while True:
            view = recv_until(ana, lambda m, p=played: m["type"] == "state" and m["at"] != p
                              and (m["your_turn"] or m["game_over"]))
            if view["game_over"]:
                break
            ana.send_json({"type": "play", "card": view["legal"][0], "at": view["at"]})
            played = view["at"]
        assert view["can_rematch"] and view["ranked"]
        shown = recv_until(ana, lambda m: m["type"] == "ratings" and "game" in m)
        mine = next(r for r in shown["rows"] if r["name"] == "Ana")
        assert mine["games"] == 1 and mine["uncertainty"] < 3 * MODEL.sigma
        assert shown["game"]["seats"][0]["after"][0] == pytest.approx(mine["rating"], abs=0.01)
        first_number = room.tables[0].game.number
        ana.send_json({"type": "rematch", "at": view["at"]})
        again = recv_until(ana, lambda m: m["type"] == "state" and not m["game_over"])
        assert again["can_pass"] and again["hand_number"] == first_hand and room.tables[0].game.number != first_number
        ana.send_json({"type": "rematch", "at": again["at"]})
        assert ana.receive_json()["code"] == "game_not_over"
    # Restarted: the new game and the ratings are there.
    server.db.close()
    again_server = RoomServer(tmp_path)
    table = again_server.rooms[room.room_hash].tables[0]
    assert table.games == 1 and not table.game.is_over
    assert again_server.ratings.rating_of(player_key("browser-ana-0001")) is not None
