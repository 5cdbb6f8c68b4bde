"""Where rooms are kept between server runs: one folder per room, one JSON file per table.

``<folder>/room-<first 16 hex of the room hash>/room.json`` holds the room's
settings and the hashes of its secrets; ``table-<n>.json`` each table's game
record and seats. Every file is written whole or not at all
(:func:`hearts.files.write_file`: a temporary file in the same folder, flushed
to disk, then renamed over the old one), so a crash or a full disk leaves the
previous version whole. A file that cannot be read is never deleted: it is
kept aside as ``*.bad.json`` (:func:`hearts.files.keep_damaged`) and reported;
a damaged room file leaves its room closed, a damaged table file starts that
table's game again.

>>> import tempfile, pathlib
>>> from hearts.room.tables import Room, RoomSettings
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> room, keys = Room.create(RoomSettings(number=9, tables=2, level="random"))
>>> save_room(folder, room)
>>> rooms, problems = load_rooms(folder)
>>> [r.room_hash == room.room_hash for r in rooms], problems
([True], [])
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hearts.errors import HeartsError
from hearts.files import FileContentError, keep_damaged, parse_json, read_limited, write_file
from hearts.messages import text
from hearts.room.tables import ROOM_FORMAT, Room, RoomError, RoomSettings, RoomTable

__all__ = ["RoomProblem", "load_rooms", "room_folder", "save_room", "save_table", "write_json_atomic"]

MAX_FILE = 16 * 1024 * 1024  # a table's file (its whole game record) is far smaller


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` whole or not at all (:func:`hearts.files.write_file`)."""
    write_file(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")


def room_folder(folder: Path, room: Room) -> Path:
    """The folder of one room."""
    return Path(folder) / f"room-{room.room_hash[:16]}"


def save_room(folder: Path, room: Room) -> None:
    """Save the room file and every table."""
    where = room_folder(folder, room)
    write_json_atomic(where / "room.json", room.to_dict())
    for t in room.tables:
        save_table(folder, room, t)


def save_table(folder: Path, room: Room, table: RoomTable) -> None:
    """Save one table (after each of its changes)."""
    write_json_atomic(room_folder(folder, room) / f"table-{table.index}.json", table.to_dict())


class RoomProblem(str):
    """A saved room file that could not be used: ``str()`` says it in English (for logs), :meth:`explain`
    in the teacher's language (the server prints it with ``--lang``). ``key`` is the ``room.problem.*``
    message, ``values`` its values (a reason that depends on the language is a function of it).

    >>> p = RoomProblem("room.problem.not_a_file", path="rooms/room-1/room.json")
    >>> print(p)
    rooms/room-1/room.json is not a file: its room is not opened, and it is left as it is.
    >>> p.explain("es")
    'rooms/room-1/room.json no es un archivo: su sala no se abre, y se deja como está.'
    """

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, **values: Any) -> RoomProblem:
        self = super().__new__(cls, _problem_words(key, values, "en"))
        self.key, self.values = key, values
        return self

    def explain(self, lang: str = "en") -> str:
        """The problem in ``'en'`` or ``'es'``."""
        return _problem_words(self.key, self.values, lang)


def _problem_words(key: str, values: dict[str, Any], lang: str) -> str:
    return text(key, lang, **{k: v(lang) if callable(v) else v for k, v in values.items()})


def _reason(e: Exception) -> Callable[[str], str]:
    """Why a file could not be read, in the language asked for (an OS error as the system says it)."""
    explain = getattr(e, "explain", None)
    if callable(explain):
        return lambda lang: str(explain(lang))
    said = (e.strerror if isinstance(e, OSError) and e.strerror else str(e)).rstrip(".") + "."
    return lambda lang: said


def _keep_bad(path: Path) -> Path | None:
    return keep_damaged(path)


def _read(path: Path) -> Any:
    try:
        raw = read_limited(path, MAX_FILE)
        if raw is None:
            raise RoomError("bad_file", path.name, where=f"{path.name}: missing")
        return parse_json(raw)
    except FileContentError as e:
        raise RoomError("bad_file", path.name, where=f"{path.name}: {e}") from None


def load_rooms(folder: Path) -> tuple[list[Room], list[RoomProblem]]:
    """Every room saved under ``folder``, and a :class:`RoomProblem` for each file that could not be used.

    A damaged file is renamed ``*.bad.json`` (kept, never deleted); its room is skipped. A ``room.json``
    that is not a file (a folder, say) is said and left as it is.
    """
    rooms: list[Room] = []
    problems: list[RoomProblem] = []
    base = Path(folder)
    if not base.is_dir():
        return rooms, problems
    for where in sorted(base.glob("room-*")):
        path = where / "room.json"
        if not path.is_file():
            if path.exists() or path.is_symlink():
                problems.append(RoomProblem("room.problem.not_a_file", path=str(path)))
            continue
        try:
            data = _read(path)
            if not isinstance(data, dict) or data.get("format") != ROOM_FORMAT or data.get("version") != 1:
                raise RoomError("bad_file", "room.json", where="room.json")
            settings = RoomSettings.from_dict(data.get("settings"))
            room_hash, teacher_hash = data.get("room_hash"), data.get("teacher_hash")
            if not all(isinstance(x, str) and len(x) == 64 for x in (room_hash, teacher_hash)):
                raise RoomError("bad_file", "room.json", where="room.json: room_hash, teacher_hash")
        except (HeartsError, OSError) as e:
            kept = _keep_bad(path)
            key = "room.problem.room" if kept is not None else "room.problem.room_left"
            problems.append(RoomProblem(key, path=str(path), reason=_reason(e), kept=str(kept)))
            continue
        tables = []
        for i in range(settings.tables):
            tpath = where / f"table-{i}.json"
            try:
                tables.append(RoomTable.from_dict(i, settings, _read(tpath)))
            except (HeartsError, OSError) as e:
                kept = _keep_bad(tpath) if tpath.exists() else None
                tables.append(RoomTable(i, settings))
                key = "room.problem.table" if kept is not None else "room.problem.table_missing"
                problems.append(RoomProblem(key, path=str(tpath), reason=_reason(e), table=i + 1, kept=str(kept)))
        rooms.append(Room(str(room_hash), str(teacher_hash), settings, tables))
    return rooms, problems
