"""The learner's finished hands, kept as validated game records in the data folder.

Every hand finished at a table (solo, learn by playing, pass-and-play) is
appended, with who sat where, to ``games/hands-NNNN.jsonl`` in the table's data
folder (:func:`~hearts_widgets.store.data_dir`): one JSON object a line, each
holding a :class:`hearts.record.HandRecord` (rules in force, deal, passes,
plays, result, checksum). A file is written whole or not at all
(:func:`hearts.files.write_file`), under the folder's lock
(:func:`~hearts_widgets.store.locked`), so two tables never lose each other's
hands; it never grows past :data:`FILE_BUDGET` bytes (the next hand starts a
new file), so every file stays quick to read. A hand is kept once, whatever
saves it again (its key is the game's identity and the hand number).

Reading (:func:`read_kept`) replays every record through the checked engine.
A line that is damaged (not JSON, a forged or truncated record) is listed with
the reason and skipped; it is never deleted or rewritten: appending keeps the
file's bytes as they were.

A room's folder (:mod:`hearts.room.storage`) is read too: every finished hand
of every table's game, the people being the seats a student sat in.

>>> import tempfile, pathlib
>>> from hearts import Deal, HandState
>>> from hearts.bots.rule_bot import RuleBot
>>> from hearts.selfplay import play_out
>>> h = HandState(Deal.from_number(4))
>>> _ = play_out(h, [RuleBot(seed=s) for s in range(4)])
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> keep_hand(folder, h, key="game-1/1", people=(0,), players=("you", "rule", "rule", "rule"))
True
>>> keep_hand(folder, h, key="game-1/1", people=(0,), players=("you", "rule", "rule", "rule"))  # kept once
False
>>> kept, damaged = read_kept(folder)
>>> len(kept), kept[0].people, kept[0].state.result().points == h.result().points, damaged
(1, (0,), True, [])
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hearts import files
from hearts.errors import HeartsError
from hearts.hand import HandState
from hearts.record import GameRecord, HandRecord

from . import store

if TYPE_CHECKING:
    from hearts.own_games import OwnGames

__all__ = [
    "FILE_BUDGET",
    "GAMES_DIR",
    "KEPT_FORMAT",
    "Damaged",
    "Kept",
    "keep_hand",
    "check_records",
    "keep_table_hand",
    "kept_records",
    "my_games",
    "read_kept",
    "take_in_records",
]

GAMES_DIR = "games"
"""The data folder's sub-folder of kept hands."""
KEPT_FORMAT = "hearts.kept-hand"
"""The ``format`` of one line."""
FILE_BUDGET = 1_000_000
"""A file of kept hands never grows past this many bytes (about 600 hands); the next hand starts a new file."""
MAX_LINE = 64 * 1024
"""A line longer than this is not a kept hand (a hand's record is about 1.5 kB)."""
TABLES = ("solo", "learn", "pass_and_play", "room")
"""Where a hand was played."""
_NAME = "hands-{n:04d}.jsonl"


@dataclasses.dataclass(frozen=True)
class Kept:
    """One kept hand: ``state`` the finished hand (replayed, so checked), ``people`` the seats people played,
    ``players`` a name per seat (a person's name, ``"you"``, or the bot's level), ``table`` where it was played
    (:data:`TABLES`), ``key`` its identity, ``finished_at`` when (UTC), ``game_id`` the game it belongs to."""

    key: str
    game_id: str
    finished_at: datetime.datetime
    table: str
    people: tuple[int, ...]
    players: tuple[str, ...]
    state: HandState
    source: str


@dataclasses.dataclass(frozen=True)
class Damaged:
    """A line (or a room's table file) that is not a valid kept hand: ``file``, ``line`` (1-based; 0 for a
    whole file) and ``reason``. It was skipped and left as it is."""

    file: str
    line: int
    reason: str


def _files(folder: Path) -> list[Path]:
    where = Path(folder) / GAMES_DIR
    if not where.is_dir():
        return []
    return sorted(p for p in where.glob("hands-*.jsonl") if p.is_file())


def _line(state: HandState, key: str, people: Sequence[int], players: Sequence[str], table: str,
          finished_at: datetime.datetime) -> bytes:  # fmt: skip
    data = {
        "format": KEPT_FORMAT,
        "version": 1,
        "key": key,
        "finished_at": finished_at.astimezone(datetime.UTC).isoformat(timespec="seconds"),
        "table": table,
        "people": list(people),
        "players": list(players),
        "hand": HandRecord.from_state(state).to_dict(),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def _check(state: object, key: object, people: object, players: object, table: object) -> HandState:
    if not isinstance(state, HandState) or not state.is_over:
        raise store.StoreError("ui.store.kept_hand", "", "state", where="state")
    n = state.n
    ok_people = isinstance(people, (tuple, list)) and all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in people
    ) and len(set(people)) == len(people)  # fmt: skip
    for name, good in (
        ("key", isinstance(key, str) and 0 < len(key) <= 200),
        ("people", ok_people),
        ("players", isinstance(players, (tuple, list)) and len(players) == n
         and all(isinstance(p, str) and len(p) <= 100 for p in players)),
        ("table", table in TABLES),
    ):  # fmt: skip
        if not good:
            raise store.StoreError("ui.store.kept_hand", "", name, where=name)
    return state


def keep_hand(
    folder: str | Path,
    state: HandState,
    *,
    key: str,
    people: Sequence[int],
    players: Sequence[str],
    table: str = "solo",
    finished_at: datetime.datetime | None = None,
) -> bool:
    """Append the finished hand ``state`` to the kept hands of ``folder``, under the folder's lock.

    False if a hand with this ``key`` is already kept (nothing is written). Bad arguments raise
    :class:`~hearts_widgets.store.StoreError` naming the field, before anything is written; ``OSError`` if the
    folder cannot be written.
    """
    _check(state, key, people, players, table)
    when = finished_at or datetime.datetime.now(datetime.UTC)
    raw = _line(state, key, people, players, table, when)
    folder = Path(folder)
    with store.locked(folder):
        paths = _files(folder)
        needle = b'"key":' + json.dumps(key, ensure_ascii=False).encode("utf-8") + b","
        for p in paths[-2:]:  # a hand saved twice is saved twice within minutes: the last files hold it
            old = _tail(p)
            if old is not None and needle in old:
                return False
        last = paths[-1] if paths else None
        old = _tail(last) if last is not None else None
        if last is None or old is None or len(old) + len(raw) > FILE_BUDGET:
            n = int(last.stem.split("-")[1]) + 1 if last is not None else 1
            last, old = Path(folder) / GAMES_DIR / _NAME.format(n=n), b""
        if old and not old.endswith(b"\n"):  # a damaged end stays as it is, on its own line
            old += b"\n"
        files.write_file(last, old + raw)
    return True


def _tail(path: Path) -> bytes | None:
    """The bytes of the kept-hands file ``path`` to append to; ``None`` when it is missing or cannot be read as one
    (too large, not a regular file, unreadable): it is left as it is (:func:`read_kept` lists it as damaged) and
    the next hands go to the next file."""
    try:
        return files.read_limited(path, FILE_BUDGET + MAX_LINE)
    except files.FileContentError:
        return None


def keep_table_hand(model: Any) -> bool:
    """The table's hook: keep the hand just finished at a :class:`~hearts_widgets.table_model.TableModel`.

    A table with no person (bots in every seat) keeps nothing. A hand that cannot be kept (a read-only
    folder, a full disk) is not kept, and play goes on: returns False then.
    """
    humans = tuple(model.humans)
    h: HandState = model.hand
    if not humans or not h.is_over or not model.game_id:
        return False
    table = "learn" if model.app == "learn" else "pass_and_play" if len(humans) > 1 else "solo"
    players = tuple("you" if s in humans else str(model.level) for s in range(h.n))
    try:
        return keep_hand(model.folder, h, key=f"{model.game_id}/{h.hand_number}", people=humans, players=players,
                         table=table)  # fmt: skip
    except (OSError, HeartsError):
        return False


def _parse(raw: bytes, source: str) -> Kept:
    data = files.parse_json(raw)
    if not isinstance(data, dict) or data.get("format") != KEPT_FORMAT or data.get("version") != 1:
        raise ValueError(f"not a kept hand (format {KEPT_FORMAT!r}, version 1)")
    hand = HandRecord.from_dict(data.get("hand"))
    state = hand.replay()
    if not state.is_over:
        raise ValueError("the hand is not finished")
    try:
        when = datetime.datetime.fromisoformat(str(data.get("finished_at")))
    except ValueError:
        raise ValueError(f"finished_at is not a date and time: {data.get('finished_at')!r}") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    key, people, players, table = data.get("key"), data.get("people"), data.get("players"), data.get("table")
    try:
        _check(state, key, people, players, table)
    except store.StoreError as e:
        raise ValueError(f"{e.field} is not valid") from None
    assert isinstance(key, str) and isinstance(people, list) and isinstance(players, list)
    return Kept(key, key.rsplit("/", 1)[0], when.astimezone(datetime.UTC), str(table), tuple(people),
                tuple(players), state, source)  # fmt: skip


def _read_room_tables(folder: Path, kept: list[Kept], damaged: list[Damaged]) -> None:
    """Every finished hand of every table of the rooms under ``folder`` (a room server's folder or one room's)."""
    tables = sorted(folder.glob("table-[0-9]*.json")) + sorted(folder.glob("room-*/table-[0-9]*.json"))
    for path in tables:
        try:
            raw = files.read_limited(path, 16 * 1024 * 1024)
            data = files.parse_json(raw or b"")
            if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
                raise ValueError("not a room's table file")
            game = GameRecord.from_dict(data.get("game")).replay()
            names = [s.get("name") if isinstance(s, dict) else None for s in data["seats"]]
        except (HeartsError, ValueError, OSError) as e:
            damaged.append(Damaged(str(path), 0, str(e)))
            continue
        ended: list[Any] = data["ended"] if isinstance(data.get("ended"), list) else []
        _room_hands(f"{path.parent.name}/{path.stem}/{game.number}", game.hands, names, ended, None,
                    path.stat().st_mtime, str(path), kept)
    _read_room_database(folder, kept, damaged)


def _read_room_database(folder: Path, kept: list[Kept], damaged: list[Damaged]) -> None:
    """The finished hands of the games a room server's database holds (``folder`` is the server's folder)."""
    from hearts.room.database import DATABASE_NAME, read_games

    path = folder / DATABASE_NAME
    if not path.is_file():
        return
    games, bad = read_games(path)
    damaged.extend(Damaged(where, 0, why) for where, why in bad)
    mtime = path.stat().st_mtime
    for g in games:
        game_id = f"room-{g.room_hash[:16]}/table-{g.table}/{g.game.number}"  # as the folder format's tables
        _room_hands(game_id, g.game.hands, list(g.names), list(g.ended), g.finished, mtime, str(path), kept)


def _room_hands(game_id: str, hands: Sequence[HandState], names: list[Any], ended: list[Any], finished: float | None,
                fallback: float, source: str, kept: list[Kept]) -> None:
    """A room game's finished hands, each at the time it ended as the server stored it (``ended``), else when
    the game ended (``finished``); a table of an older version, which kept neither, at ``fallback``."""
    people = tuple(s for s, name in enumerate(names) if isinstance(name, str))
    players = tuple(name if isinstance(name, str) else "bot" for name in names)
    for i, h in enumerate(hands):
        if h.is_over and people and len(players) == h.n:
            at = ended[i] if i < len(ended) and isinstance(ended[i], (int, float)) else finished
            when = datetime.datetime.fromtimestamp(fallback if at is None else float(at), datetime.UTC)
            kept.append(Kept(f"{game_id}/{h.hand_number}", game_id, when, "room", people, players, h, source))


def read_kept(folder: str | Path) -> tuple[list[Kept], list[Damaged]]:
    """The kept hands of ``folder``, oldest first, and the lines that could not be read (skipped, kept).

    ``folder`` is a table's data folder, or a room server's folder (or one room's): its tables' finished
    hands are read from their game records. A hand found twice is taken once.
    """
    folder = Path(folder)
    kept: list[Kept] = []
    damaged: list[Damaged] = []
    for path in _files(folder):
        try:
            raw = files.read_limited(path, FILE_BUDGET + MAX_LINE) or b""
        except (files.FileContentError, OSError) as e:
            damaged.append(Damaged(str(path), 0, str(e)))
            continue
        for i, line in enumerate(raw.split(b"\n"), start=1):
            if not line.strip():
                continue
            try:
                if len(line) > MAX_LINE:
                    raise ValueError(f"{len(line)} bytes is more than a kept hand may have")
                kept.append(_parse(line, str(path)))
            except (HeartsError, ValueError) as e:
                damaged.append(Damaged(str(path), i, str(e)))
    _read_room_tables(folder, kept, damaged)
    seen: set[str] = set()
    unique = []
    for k in kept:
        if k.key not in seen:
            seen.add(k.key)
            unique.append(k)
    unique.sort(key=lambda k: k.finished_at)  # stable: hands of one moment keep their order
    return unique, damaged


_RECORDS: dict[Path, tuple[tuple[int, int], list[dict[str, Any]], list[Damaged]]] = {}
"""Each file's valid records and damaged lines, by the file's (time of change, size): a file is replayed again
only when it changed (only the newest one does)."""


def _file_records(path: Path) -> tuple[list[dict[str, Any]], list[Damaged]]:
    try:
        st = path.stat()
    except OSError:
        return [], []
    stamp = (st.st_mtime_ns, st.st_size)
    cached = _RECORDS.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1], cached[2]
    good: list[dict[str, Any]] = []
    damaged: list[Damaged] = []
    try:
        raw = files.read_limited(path, FILE_BUDGET + MAX_LINE) or b""
    except (files.FileContentError, OSError) as e:
        return [], [Damaged(str(path), 0, str(e))]
    for i, line in enumerate(raw.split(b"\n"), start=1):
        if not line.strip():
            continue
        try:
            if len(line) > MAX_LINE:
                raise ValueError(f"{len(line)} bytes is more than a kept hand may have")
            _parse(line, str(path))
            good.append(json.loads(line))
        except (HeartsError, ValueError) as e:
            damaged.append(Damaged(str(path), i, str(e)))
    _RECORDS[path] = (stamp, good, damaged)
    return good, damaged


def kept_records(folder: str | Path) -> tuple[list[dict[str, Any]], list[Damaged]]:
    """The kept hands of a table's data folder as their records (one JSON object each, as a line of
    ``games/hands-NNNN.jsonl`` holds it), in the order they were kept, each checked by replaying it; and the
    lines that could not be read (skipped, left as they are). A file is read again only when it changed.

    >>> import tempfile
    >>> kept_records(tempfile.mkdtemp())
    ([], [])
    """
    good: list[dict[str, Any]] = []
    damaged: list[Damaged] = []
    seen: set[str] = set()
    for path in _files(Path(folder)):
        records, bad = _file_records(path)
        damaged += bad
        for r in records:
            if r["key"] not in seen:
                seen.add(r["key"])
                good.append(r)
    return good, damaged


def _record_line(record: object) -> tuple[bytes, Kept]:
    """A record (an object) as a kept line, checked (replayed); ``ValueError`` or ``HeartsError`` if it is not one."""
    try:
        raw = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError) as e:
        raise ValueError(f"not JSON: {e}") from None
    if len(raw) > MAX_LINE:
        raise ValueError(f"{len(raw)} bytes is more than a kept hand may have")
    return raw, _parse(raw, "")


def check_records(records: Sequence[object]) -> list[tuple[int, str]]:
    """The records (objects, as :func:`kept_records` gives them) that are not valid kept hands, as
    ``(index, reason)``; ``[]`` when every one replays.

    >>> check_records([{"format": "hearts.kept-hand", "version": 1}])[0][0]
    0
    """
    bad = []
    for i, record in enumerate(records):
        try:
            _record_line(record)
        except (HeartsError, ValueError) as e:
            bad.append((i, str(e)))
    return bad


def take_in_records(folder: str | Path, records: Sequence[object]) -> tuple[int, list[tuple[int, str]]]:
    """Append to ``folder``'s kept hands the ``records`` (objects as :func:`kept_records` gives them: a browser's
    copy, a progress file) it does not hold yet, by their key (never twice), under the folder's lock.

    Each record not kept yet is checked as a kept line is (replayed); one that is not valid is skipped and listed as
    ``(index, reason)``; nothing in the folder is deleted or rewritten (new hands are appended, a full file
    leads to the next one). Returns how many hands were added and the damaged ones. ``OSError`` if the folder
    cannot be written.

    >>> import tempfile
    >>> take_in_records(tempfile.mkdtemp(), [{"format": "x"}])
    (0, [(0, "not a kept hand (format 'hearts.kept-hand', version 1)")])
    """
    folder = Path(folder)
    damaged: list[tuple[int, str]] = []
    with store.locked(folder):
        have = {r["key"] for r in kept_records(folder)[0]}
        lines: list[bytes] = []
        for i, record in enumerate(records):
            if isinstance(record, dict) and record.get("key") in have:
                continue  # kept already (the usual case when a table opens): not replayed again
            try:
                raw, kept = _record_line(record)
            except (HeartsError, ValueError) as e:
                damaged.append((i, str(e)))
                continue
            if kept.key not in have:
                have.add(kept.key)
                lines.append(raw + b"\n")
        paths = _files(folder)
        last = paths[-1] if paths else None
        old = _tail(last) if last is not None else None
        if last is None or old is None:
            n = int(last.stem.split("-")[1]) + 1 if last is not None else 1
            last, old = folder / GAMES_DIR / _NAME.format(n=n), b""
        if old and not old.endswith(b"\n"):
            old += b"\n"
        out, added = old, False
        for line in lines:
            if out and len(out) + len(line) > FILE_BUDGET:
                if added:
                    files.write_file(last, out)
                n = int(last.stem.split("-")[1]) + 1
                last, out, added = folder / GAMES_DIR / _NAME.format(n=n), b"", False
            out, added = out + line, True
        if added:
            files.write_file(last, out)
    return len(lines), damaged


def my_games(folder: str | Path | None = None) -> OwnGames:
    """The learner's own finished hands as tidy data: ``g.hands``, ``g.tricks``, ``g.plays`` (the columns and
    dtypes of :func:`hearts.selfplay.play_hands`, plus ``person`` and ``player``), ``g.mistakes()``,
    ``g.habits()``, ``g.progress()`` (:class:`hearts.own_games.OwnGames`).

    ``folder`` is the table's data folder (``None``: the one the table uses, :func:`store.data_dir`, which holds
    no games until a hand is finished), or a room server's folder: the room's finished games, each student by
    name. A folder named that does not exist, or is a file, is refused (:class:`~hearts_widgets.store.StoreError`
    on ``folder``): a mistyped path never reads as "no games yet". Damaged records are listed in ``g.damaged``
    (file, line, reason) and skipped; nothing is deleted.

    >>> import tempfile
    >>> g = my_games(tempfile.mkdtemp())
    >>> len(g), len(g.hands), g.damaged
    (0, 0, [])
    """
    from hearts.own_games import OwnGames, OwnHand

    if folder is not None:
        if not isinstance(folder, (str, Path)) or "\0" in str(folder) or not str(folder):
            raise store.StoreError("ui.store.games_folder.type", "", "folder", got=repr(folder)[:80])
        if not Path(folder).exists():
            raise store.StoreError("ui.store.games_folder.missing", "", "folder", folder=str(folder))
        if not Path(folder).is_dir():
            raise store.StoreError("ui.store.games_folder.file", "", "folder", folder=str(folder))
    kept, damaged = read_kept(store.data_dir(folder))
    hands = [OwnHand(k.state, k.people, k.players, k.finished_at, k.table, k.game_id) for k in kept]
    return OwnGames(hands, damaged=damaged)
