"""Players' ratings: one per player, moved after every ranked game, with openskill's Plackett-Luce model.

Why this model: Hearts is a free-for-all of four, and the Plackett-Luce model of
Weng and Lin (2011) rates exactly that (an ordering of several players, ties
allowed), where Elo and Glicko rate pairs; openskill is maintained, MIT-licensed,
pure Python and on PyPI (``openskill``), and is far faster than TrueSkill's factor graphs.

A game's places come from its final scores, lowest first; equal scores share a
place (and so share the gain). The bots are players too (one per level, ``Bot
(rule)``...), so beating a bot moves a rating as much as the bot's own rating says.
A player's rating is shown as ``mu ± 3 sigma`` and ordered by ``mu - 3 sigma``
(the rating the player is nearly sure to have), so a newcomer with one lucky game
does not lead.

>>> places([26, 0, 26, 52])
[2, 1, 2, 4]
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

from hearts.record import GameRecord
from hearts.room.database import RoomDatabase
from hearts.room.tables import Room, RoomTable

__all__ = ["MODEL", "Ratings", "bot_key", "places"]

MODEL = PlackettLuce()
"""The rating model (openskill's defaults: a new player is 25 ± 3 × 8.33)."""


def places(scores: Sequence[int]) -> list[int]:
    """Each seat's place from the final scores (lowest first); equal scores share the better place."""
    return [1 + sum(other < mine for other in scores) for mine in scores]


def bot_key(level: str) -> str:
    """The player key of the bots of one level (their rating is one for the level).

    >>> bot_key("rule")
    'bot:rule'
    """
    return f"bot:{level}"


class Ratings:
    """The ratings kept in the room server's database."""

    def __init__(self, db: RoomDatabase) -> None:
        self.db = db

    def record_game(self, room: Room, table: RoomTable) -> list[dict[str, Any]] | None:
        """Record ``table``'s finished game (once: its ``game_id``), and when the room is ranked move every
        seat's rating, all in one transaction. Returns each seat's change (``name``, ``place``, ``before``,
        ``after``: ``[mu, sigma]``), or ``None`` when the game is not over or was recorded already.
        Raises ``OSError`` when it cannot be saved (nothing changed)."""
        g = table.game
        if not g.is_over:
            return None
        ranked = room.settings.ranked
        scores = list(g.scores)
        where = places(scores)
        seats = []
        for seat in table.seats:
            if seat.person and seat.player is not None and seat.name is not None:
                seats.append((seat.player, seat.name))
            else:
                seats.append((bot_key(room.settings.level), f"Bot ({room.settings.level})"))
        now = time.time()
        changes: list[dict[str, Any]] = []
        with self.db.transaction() as db:
            done = db.execute("SELECT 1 FROM games WHERE game_key = ?", (table.game_id,)).fetchone()
            if done is not None:
                return None
            record = json.dumps(GameRecord.from_game(g).to_dict(), separators=(",", ":"))
            ended = list(table.ended)
            finished = ended[-1] if ended and ended[-1] is not None else now  # the last hand's end: the game's
            game_id = db.execute(
                "INSERT INTO games (game_key, room_hash, table_idx, ranked, finished, record, hands_ended) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (table.game_id, room.room_hash, table.index, int(ranked), finished, record, json.dumps(ended)),
            ).lastrowid
            ids, before = [], []
            for key, name in seats:
                db.execute(
                    "INSERT INTO players (secret_hash, name, created) VALUES (?, ?, ?) "
                    "ON CONFLICT (secret_hash) DO UPDATE SET name = excluded.name",
                    (key, name, now),
                )
                (pid,) = db.execute("SELECT id FROM players WHERE secret_hash = ?", (key,)).fetchone()
                row = db.execute("SELECT mu, sigma FROM ratings WHERE player_id = ?", (pid,)).fetchone()
                ids.append(pid)
                before.append((MODEL.mu, MODEL.sigma) if row is None else (float(row[0]), float(row[1])))
            after = list(before)
            # The same player in two seats (two bots of one level) is rated once, from the best of its seats.
            unique = {pid: s for s, pid in sorted(enumerate(ids), key=lambda x: -where[x[0]])}
            if ranked and len(unique) > 1:
                order = list(unique.items())
                teams = [[MODEL.rating(mu=before[s][0], sigma=before[s][1])] for _, s in order]
                rated = MODEL.rate(teams, ranks=[where[s] for _, s in order])
                moved = {pid: (team[0].mu, team[0].sigma) for (pid, _), team in zip(order, rated, strict=True)}
                after = [moved[pid] for pid in ids]
                for pid, (mu, sigma) in moved.items():
                    db.execute(
                        "INSERT INTO ratings VALUES (?, ?, ?, 1, ?) ON CONFLICT (player_id) DO UPDATE SET "
                        "mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1, "
                        "updated = excluded.updated",
                        (pid, mu, sigma, now),
                    )
            for s, (pid, (_key, name)) in enumerate(zip(ids, seats, strict=True)):
                db.execute(
                    "INSERT INTO game_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, s, pid, name, scores[s], where[s], *before[s], *after[s]),
                )
                changes.append({"seat": s, "name": name, "score": scores[s], "place": where[s],
                                "before": list(before[s]), "after": list(after[s])})
        return changes

    def leaderboard(self, room_hash: str | None = None, *, limit: int = 50) -> list[dict[str, Any]]:
        """The rated players, best first (``mu - 3 sigma``): ``rank``, ``name``, ``kind`` (``person`` or ``bot``),
        ``rating`` (``mu``), ``uncertainty`` (``3 sigma``), ``games`` (ranked games played). With ``room_hash``, a
        class's board: only the players of the ranked games of that room and of the live and friends' tables
        opened from it, and ``games`` counts those games (the rating is the player's one rating)."""
        if room_hash is None:
            rows = self.db.query(
                "SELECT p.name, p.secret_hash, r.mu, r.sigma, r.games FROM ratings r "
                "JOIN players p ON p.id = r.player_id ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, p.id LIMIT ?",
                (limit,),
            )
        else:
            rows = self.db.query(
                "SELECT p.name, p.secret_hash, r.mu, r.sigma, COUNT(DISTINCT g.id) AS n FROM ratings r "
                "JOIN players p ON p.id = r.player_id JOIN game_seats gs ON gs.player_id = r.player_id "
                "JOIN games g ON g.id = gs.game_id "
                "WHERE g.ranked = 1 AND (g.room_hash = ? OR g.room_hash IN "
                "(SELECT room_hash FROM rooms WHERE parent = ?)) "
                "GROUP BY r.player_id ORDER BY r.mu - 3 * r.sigma DESC, n DESC, p.id LIMIT ?",
                (room_hash, room_hash, limit),
            )
        return [
            {
                "rank": i,
                "name": name,
                "kind": "bot" if key.startswith("bot:") else "person",
                "rating": round(mu, 2),
                "uncertainty": round(3 * sigma, 2),
                "games": games,
            }
            for i, (name, key, mu, sigma, games) in enumerate(rows, 1)
        ]

    def rating_of(self, key: str) -> tuple[float, float, int] | None:
        """``(mu, sigma, games)`` of the player with ``key`` (:func:`~hearts.room.tables.player_key`), if rated."""
        rows = self.db.query(
            "SELECT r.mu, r.sigma, r.games FROM ratings r JOIN players p ON p.id = r.player_id WHERE p.secret_hash = ?",
            (key,),
        )
        return None if not rows else (float(rows[0][0]), float(rows[0][1]), int(rows[0][2]))
