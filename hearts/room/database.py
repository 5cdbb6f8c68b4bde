"""The room server's database: one SQLite file (Python's ``sqlite3``) for rooms, tables, players, ratings
and finished games.

- WAL journal, one transaction per move, committed before the server shows the move to anyone
  (:meth:`RoomServer.commit <hearts.room.server.RoomServer.commit>`), so no move a player saw is lost when
  the server is killed (kill -9). ``sync="normal"`` (the default, SQLite's ``synchronous=NORMAL``) leaves a
  commit in the operating system's hands, which survives the server's death but not a power cut or a
  crash of the machine itself; ``sync="full"`` also waits for the disk at every move (no move lost even
  then, about 10 ms a move on a busy disk, which the event loop waits for).
- Versioned schema: :data:`MIGRATIONS` are applied in order, each in its own transaction, and the
  file's ``PRAGMA user_version`` says how many were; a file from a newer version is refused, never changed.
- The folder format of earlier versions (``room-*/room.json`` and ``table-*.json``,
  :mod:`hearts.room.storage`) is imported once: each imported ``room.json`` is remembered, the files are
  left as they are.
- A failed write (a full disk) raises ``OSError`` and leaves the previous state whole.

>>> import tempfile, pathlib
>>> from hearts.room.tables import Room, RoomSettings
>>> db = RoomDatabase(pathlib.Path(tempfile.mkdtemp()) / "room.sqlite3")
>>> room, keys = Room.create(RoomSettings(number=9, tables=2, level="random"))
>>> db.save_room(room)
>>> rooms, problems = db.load_rooms()
>>> [r.room_hash == room.room_hash for r in rooms], problems, db.schema_version() == len(MIGRATIONS)
([True], [], True)
>>> db.close()
"""

from __future__ import annotations

import errno
import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts.errors import HeartsError
from hearts.game import Game
from hearts.record import GameRecord
from hearts.room.storage import RoomProblem, load_rooms
from hearts.room.tables import Room, RoomError, RoomSettings, RoomTable

__all__ = ["DATABASE_NAME", "MIGRATIONS", "SYNC_MODES", "RoomDatabase", "StoredGame", "code_hash", "read_games",
           "seal", "unseal"]

SYNC_MODES = {"normal": "NORMAL", "full": "FULL"}
"""``sync`` choices: survives the server killed (``normal``), or also a power cut (``full``)."""

DATABASE_NAME = "hearts-room.sqlite3"

MIGRATIONS: list[str] = [
    # 1: rooms and their tables (a table's whole state, written in one transaction per move)
    """
    CREATE TABLE rooms (
        room_hash TEXT PRIMARY KEY,
        teacher_hash TEXT NOT NULL,
        settings TEXT NOT NULL,
        created REAL NOT NULL
    );
    CREATE TABLE room_tables (
        room_hash TEXT NOT NULL REFERENCES rooms (room_hash) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        state TEXT NOT NULL,
        saved REAL NOT NULL,
        PRIMARY KEY (room_hash, idx)
    );
    CREATE TABLE imports (path TEXT PRIMARY KEY, room_hash TEXT, at REAL NOT NULL);
    """,
    # 2: players (a name and the hash of a secret their browser keeps), ratings, finished games
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        secret_hash TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        created REAL NOT NULL
    );
    CREATE TABLE ratings (
        player_id INTEGER PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        updated REAL NOT NULL
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game_key TEXT NOT NULL UNIQUE,
        room_hash TEXT NOT NULL,
        table_idx INTEGER NOT NULL,
        ranked INTEGER NOT NULL,
        finished REAL NOT NULL,
        record TEXT NOT NULL
    );
    CREATE TABLE game_seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        player_id INTEGER REFERENCES players (id),
        name TEXT NOT NULL,
        score INTEGER NOT NULL,
        place INTEGER NOT NULL,
        mu_before REAL,
        sigma_before REAL,
        mu_after REAL,
        sigma_after REAL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX game_seats_player ON game_seats (player_id);
    """,
    # 3: friends' codes (kept across restarts), the room a live or friends' table was opened from (its class),
    # and when each hand of a recorded game ended
    """
    CREATE TABLE friend_codes (
        code_hash TEXT PRIMARY KEY,
        room_hash TEXT NOT NULL REFERENCES rooms (room_hash) ON DELETE CASCADE,
        sealed TEXT NOT NULL,
        created REAL NOT NULL
    );
    ALTER TABLE rooms ADD COLUMN parent TEXT;
    ALTER TABLE games ADD COLUMN hands_ended TEXT;
    """,
]
"""The schema, one step per version: never edit a step once released, add one."""


class RoomDatabase:
    """The rooms' SQLite file at ``path`` (made, and brought to the newest schema, when opened).

    Safe to call from several threads (one connection behind a lock; the server uses one thread).
    """

    def __init__(self, path: str | Path, *, sync: str = "normal") -> None:
        if sync not in SYNC_MODES:
            raise RoomError("bad_setting", "sync", setting="sync", value=sync)
        self.path = Path(path)
        self._lock = threading.RLock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10)
            have = int(self._db.execute("PRAGMA user_version").fetchone()[0])
            if have > len(MIGRATIONS):  # refused before anything (even the journal mode) is changed
                self._db.close()
                raise RoomError("newer_database", "data", path=str(self.path), version=have, known=len(MIGRATIONS))
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={SYNC_MODES[sync]}")
            self._db.execute("PRAGMA foreign_keys=ON")
            # The WAL starts empty after each checkpoint: a full disk refuses the next move instead of the
            # move landing in space the WAL already had (it would be saved, but the disk would be full).
            self._db.execute("PRAGMA journal_size_limit=0")
            self._db.execute("PRAGMA wal_autocheckpoint=200")
        except sqlite3.Error as e:
            raise _os_error(e, self.path) from None
        self._migrate()

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()

    # ----- schema --------------------------------------------------------------------

    def schema_version(self) -> int:
        """How many of :data:`MIGRATIONS` this file has."""
        with self._lock:
            return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        have = self.schema_version()
        if have > len(MIGRATIONS):
            raise RoomError("newer_database", "data", path=str(self.path), version=have, known=len(MIGRATIONS))
        for number in range(have, len(MIGRATIONS)):
            with self._transaction() as db:
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {number + 1}")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed whole, or rolled back and ``OSError`` raised."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as e:
                raise _os_error(e, self.path) from None

    # ----- rooms and tables ----------------------------------------------------------------

    def save_room(self, room: Room) -> None:
        """Save a room and all its tables (one transaction)."""
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO rooms (room_hash, teacher_hash, settings, created, parent) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (room_hash) DO UPDATE SET "
                "teacher_hash = excluded.teacher_hash, settings = excluded.settings, parent = excluded.parent",
                (room.room_hash, room.teacher_hash, _dump(room.settings.to_dict()), now, room.parent),
            )
            for table in room.tables:
                self._put_table(db, room, table, now)

    def save_table(self, room: Room, table: RoomTable) -> None:
        """Save one table after a change (one transaction: the move is on disk when this returns)."""
        with self._transaction() as db:
            self._put_table(db, room, table, time.time())

    @staticmethod
    def _put_table(db: sqlite3.Connection, room: Room, table: RoomTable, now: float) -> None:
        db.execute(
            "INSERT INTO room_tables VALUES (?, ?, ?, ?) ON CONFLICT (room_hash, idx) DO UPDATE SET "
            "state = excluded.state, saved = excluded.saved",
            (room.room_hash, table.index, _dump(table.to_dict()), now),
        )

    def load_rooms(self) -> tuple[list[Room], list[RoomProblem]]:
        """Every room in the file; a room or table that cannot be read is a :class:`RoomProblem` (a damaged
        room stays closed, a damaged table starts its game again; the rows are left as they are)."""
        rooms: list[Room] = []
        problems: list[RoomProblem] = []
        with self._lock:
            rows = self._db.execute(
                "SELECT room_hash, teacher_hash, settings, parent FROM rooms ORDER BY created"
            ).fetchall()
            states = {
                (h, i): s for h, i, s in self._db.execute("SELECT room_hash, idx, state FROM room_tables")
            }
        for room_hash, teacher_hash, raw, parent in rows:
            try:
                settings = RoomSettings.from_dict(json.loads(raw))
            except (HeartsError, ValueError) as e:
                problems.append(RoomProblem("room.problem.db_room", path=str(self.path), room=room_hash[:8],
                                            reason=str(e)))
                continue
            tables = []
            for i in range(settings.tables):
                try:
                    tables.append(RoomTable.from_dict(i, settings, json.loads(states.get((room_hash, i), "null"))))
                except (HeartsError, ValueError) as e:
                    tables.append(RoomTable(i, settings))
                    problems.append(RoomProblem("room.problem.db_table", path=str(self.path), room=room_hash[:8],
                                                table=i + 1, reason=str(e)))
            rooms.append(Room(room_hash, teacher_hash, settings, tables, parent=parent))
        return rooms, problems

    def import_folder(self, folder: Path) -> tuple[list[Room], list[RoomProblem]]:
        """Import the rooms of the folder format (``room-*/room.json``) not imported before; the files stay.
        Returns the rooms imported now and the problems met reading them."""
        base = Path(folder)
        with self._lock:
            done = {p for (p,) in self._db.execute("SELECT path FROM imports")}
        waiting = [p for p in sorted(base.glob("room-*/room.json")) if str(p.resolve()) not in done]
        if not waiting:
            return [], []
        rooms, problems = load_rooms(base)
        with self._lock:
            known = {h for (h,) in self._db.execute("SELECT room_hash FROM rooms")}
        fresh = [r for r in rooms if r.room_hash not in known]
        now = time.time()
        with self._transaction() as db:
            for room in fresh:
                db.execute("INSERT INTO rooms (room_hash, teacher_hash, settings, created) VALUES (?, ?, ?, ?)",
                           (room.room_hash, room.teacher_hash, _dump(room.settings.to_dict()), now))
                for table in room.tables:
                    self._put_table(db, room, table, now)
            for path in waiting:
                db.execute("INSERT OR IGNORE INTO imports VALUES (?, ?, ?)", (str(path.resolve()), None, now))
        return fresh, problems

    # ----- friends' codes -------------------------------------------------------------------

    def save_code(self, code: str, room: Room, room_token: str) -> None:
        """Keep a friends' table's short code (one transaction), so that it opens the table after a restart.

        The row keeps a hash of the code and the room's token sealed with a key made from the code
        (:func:`seal`): the file alone gives neither the code nor the link. Raises ``OSError`` when it
        cannot be saved, and ``sqlite3.IntegrityError``-free: a code already kept is replaced.
        """
        with self._transaction() as db:
            db.execute(
                "INSERT INTO friend_codes VALUES (?, ?, ?, ?) ON CONFLICT (code_hash) DO UPDATE SET "
                "room_hash = excluded.room_hash, sealed = excluded.sealed, created = excluded.created",
                (code_hash(code), room.room_hash, seal(code, room_token), time.time()),
            )

    def codes(self) -> dict[str, tuple[str, str]]:
        """Every kept code: its hash -> ``(room hash, sealed room token)``."""
        with self._lock:
            return {h: (r, s) for h, r, s in self._db.execute("SELECT code_hash, room_hash, sealed FROM friend_codes")}

    # ----- players, ratings, games ------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A transaction for the players' and ratings' modules (committed whole, or ``OSError``)."""
        with self._transaction() as db:
            yield db

    def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read-only query."""
        with self._lock:
            return list(self._db.execute(sql, args).fetchall())


def code_hash(code: str) -> str:
    """What the database keeps of a friends' code.

    >>> code_hash("ABCD2345") == code_hash("ABCD2345"), len(code_hash("ABCD2345"))
    (True, 64)
    """
    return hashlib.sha256(f"hearts-friends-code/v1/{code}".encode()).hexdigest()


def seal(code: str, token: str) -> str:
    """``token`` (a room's link token, ASCII) sealed with a key made from ``code``; :func:`unseal` opens it.

    >>> unseal("ABCD2345", seal("ABCD2345", "room-token-123")), seal("ABCD2345", "x") != "x"
    ('room-token-123', True)
    """
    raw = token.encode("ascii")
    return bytes(a ^ b for a, b in zip(raw, _pad(code, len(raw)), strict=True)).hex()


def unseal(code: str, sealed: str) -> str:
    """The token :func:`seal` sealed with ``code``."""
    raw = bytes.fromhex(sealed)
    return bytes(a ^ b for a, b in zip(raw, _pad(code, len(raw)), strict=True)).decode("ascii", "replace")


def _pad(code: str, size: int) -> bytes:
    out = b""
    block = 0
    while len(out) < size:
        out += hashlib.sha256(f"hearts-friends-seal/v1/{code}/{block}".encode()).digest()
        block += 1
    return out[:size]


@dataclass(frozen=True)
class StoredGame:
    """A room game as the database keeps it (:func:`read_games`): its id, room and table, who sat where
    (a person's name, ``None`` for a bot), the game, when each finished hand ended (``None``: finished under an
    older version, not kept) and, once the game is over, when it ended (seconds since the epoch, UTC)."""

    game_id: str
    room_hash: str
    table: int
    names: tuple[str | None, ...]
    game: Game
    ended: tuple[float | None, ...]
    finished: float | None


def read_games(path: str | Path) -> tuple[list[StoredGame], list[tuple[str, str]]]:
    """Every game of a room server's database, read only (nothing in the file is changed, not even its
    schema): the recorded finished games, then the games the tables are playing now (a game both finished and
    still on its table is given once). Returns them and ``(where, why)`` for each row that could not be read.
    """
    found: list[StoredGame] = []
    bad: list[tuple[str, str]] = []
    try:
        db = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=10)
    except sqlite3.Error as e:
        return found, [(str(path), str(e))]
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version < 2:
            return found, bad
        has_times = version >= 3
        seats: dict[int, dict[int, str | None]] = {}
        for game_id, seat, name, key in db.execute(
            "SELECT gs.game_id, gs.seat, gs.name, p.secret_hash FROM game_seats gs "
            "LEFT JOIN players p ON p.id = gs.player_id"
        ):
            seats.setdefault(game_id, {})[seat] = None if key is None or str(key).startswith("bot:") else name
        times = ", hands_ended" if has_times else ", NULL"
        seen: set[str] = set()
        for row_id, key, room_hash, idx, finished, record, ended in db.execute(
            f"SELECT id, game_key, room_hash, table_idx, finished, record{times} FROM games ORDER BY finished"
        ):
            try:
                game = GameRecord.from_dict(json.loads(record)).replay()
                stamps = tuple(None if x is None else float(x) for x in json.loads(ended or "[]"))
                names = tuple(seats.get(row_id, {}).get(s) for s in range(game.rules.num_players))
            except (HeartsError, ValueError, TypeError) as e:
                bad.append((f"{path}: games[{key}]", str(e)))
                continue
            seen.add(key)
            found.append(StoredGame(key, room_hash, idx, names, game, stamps, float(finished)))
        for room_hash, idx, state in db.execute("SELECT room_hash, idx, state FROM room_tables"):
            try:
                data = json.loads(state)
                if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
                    raise ValueError("not a table's state")
                key = str(data.get("game_id"))
                if key in seen:
                    continue
                game = GameRecord.from_dict(data.get("game")).replay()
                names = tuple(x.get("name") if isinstance(x, dict) else None for x in data["seats"])
                stamps = tuple(None if x is None else float(x) for x in data.get("ended", []))
            except (HeartsError, ValueError, TypeError) as e:
                bad.append((f"{path}: room_tables[{room_hash[:8]}/{idx}]", str(e)))
                continue
            found.append(StoredGame(key, room_hash, idx, names, game, stamps, None))
    except sqlite3.Error as e:
        bad.append((str(path), str(e)))
    finally:
        db.close()
    return found, bad


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _os_error(e: sqlite3.Error, path: Path) -> OSError:
    """A database error as the ``OSError`` the server handles (a full disk is ``ENOSPC``)."""
    said = str(e)
    code = errno.ENOSPC if "full" in said else errno.EIO
    return OSError(code, said, str(path))
