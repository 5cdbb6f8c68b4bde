"""Helpers for the room tests: a leak check on every message the server sends, a disk that fills up, and a
read-only folder."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from fault_support import fill

from hearts.cards import Card, iter_mask
from hearts.messages import card_name
from hearts.room.server import Connection
from hearts.room.tables import RoomTable

_DATA_CARD = re.compile(r'data-card="([^"]+)"')
_TITLE = re.compile(r"<title>([^<]*)</title>")


def hidden_from(table: RoomTable, seat: int | None) -> int:
    """Cards in other seats' hands that ``seat`` has no way to know (all of them for a non-player)."""
    h = table.game.hand
    mask = 0
    for p in range(4):
        if p != seat:
            mask |= h.hands[p] | (h.passes[p] or 0)  # chosen cards stay hidden until they change hands
    mask &= ~h.played_mask
    if seat is not None:
        mask &= ~h.hands[seat]
        obs = table.game.observation(seat)
        for p in range(4):
            mask &= ~obs.known_mask(p)  # cards it passed, still in the receiver's hand
    return mask


def leaks(raw: str, hidden: int) -> list[str]:
    """Every trace of a hidden card in one message: as a face-up card, a card's name, or a card code."""
    found = []
    codes = {Card(c).code for c in iter_mask(hidden)}
    names = {card_name(Card(c), lang) for c in iter_mask(hidden) for lang in ("en", "es")}
    for code in _DATA_CARD.findall(raw):
        if code in codes:
            found.append(f"face-up {code}")
    for title in _TITLE.findall(raw):
        for name in names:
            if name in title:
                found.append(f"title {title!r}")
    data = json.loads(raw)

    def walk(x: Any) -> None:
        if isinstance(x, str) and x in codes:
            found.append(f"code {x}")
        elif isinstance(x, list):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)

    walk(data)
    return found


class LeakWatch:
    """Wraps :meth:`Connection.send`: checks every message against the true game at the moment it is sent."""

    def __init__(self) -> None:
        self.sent = 0
        self.problems: list[str] = []

    def install(self, monkeypatch: Any) -> None:
        original = Connection.send
        watch = self

        def send(conn: Connection, message: dict[str, Any]) -> None:
            raw = json.dumps(message, ensure_ascii=False)
            tables = [conn.table] if conn.table is not None else list(conn.room.tables)
            for table in tables:
                seat = conn.seat if conn.table is table else None
                bad = leaks(raw, hidden_from(table, seat))
                if bad:
                    watch.problems.append(f"{message.get('type')} to seat {seat}: {bad[:3]}")
            watch.sent += 1
            original(conn, message)

        monkeypatch.setattr(Connection, "send", send)


class FullDisk:
    """A folder whose disk can be filled up and freed again (for the saving-failure tests).

    On a machine that can mount a small tmpfs (:func:`fault_support.small_disk`) the disk is really filled
    (every write fails with ENOSPC). Elsewhere the room's writer is made to fail the same way while "full".
    """

    def __init__(self, folder: Path | None, monkeypatch: Any) -> None:
        self.real = folder is not None
        self.folder = folder if folder is not None else Path(tempfile.mkdtemp(prefix="hearts-disk-"))
        self.full = False
        if not self.real:
            from hearts.room import storage
            from hearts.room.database import RoomDatabase

            original = storage.write_json_atomic

            def write(path: Path, data: Any) -> None:
                if self.full:
                    raise OSError(errno.ENOSPC, "No space left on device", str(path))
                original(path, data)

            monkeypatch.setattr(storage, "write_json_atomic", write)
            for name in ("save_table", "save_room"):  # the database's writes
                monkeypatch.setattr(RoomDatabase, name, self._refusing(getattr(RoomDatabase, name)))

    def _refusing(self, save: Any) -> Any:
        def refusing(db: Any, *args: Any) -> None:
            if self.full:
                raise OSError(errno.ENOSPC, "No space left on device", str(db.path))
            save(db, *args)

        return refusing

    def fill(self) -> None:
        self.full = True
        if self.real:
            fill(self.folder)

    def free(self) -> None:
        self.full = False
        if self.real:
            (self.folder / "filler").unlink(missing_ok=True)


@contextlib.contextmanager
def read_only_folder() -> Iterator[Path]:
    """An existing folder nobody may write in: a read-only tmpfs for root (who may write anywhere else),
    a folder without write permission for other users."""
    where = Path(tempfile.mkdtemp(prefix="hearts-ro-"))
    mounted = False
    if os.geteuid() == 0 and shutil.which("mount"):
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(where)],
                              capture_output=True, check=False)
        mounted = done.returncode == 0
    if not mounted:
        where.chmod(0o500)
    try:
        yield where
    finally:
        if mounted:
            subprocess.run(["umount", str(where)], capture_output=True, check=False)
        where.chmod(0o700)
        shutil.rmtree(where, ignore_errors=True)


def start_server(folder: Path, port: int, *args: str) -> tuple[subprocess.Popen[bytes], dict[str, str]]:
    """``python -m hearts room`` on ``port``, and its two links (read from what it prints)."""
    log = folder.parent / f"server-{port}.log"
    cmd = [sys.executable, "-m", "hearts", "room", "--data", str(folder), "--port", str(port), *args]
    start = log.stat().st_size if log.exists() else 0  # a server started again on this port appends to its log
    with open(log, "ab") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        said = log.read_bytes()[start:].decode(errors="replace")  # what this start printed, its first room first
        found = re.findall(r"http://127\.0\.0\.1:\d+/r/([\w-]+)/", said)
        if proc.poll() is not None:
            raise AssertionError(f"the server stopped: {said[-2000:]}")
        if found and "Ctrl+C" in said:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return proc, {"room": found[0]}
            except OSError:
                pass
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def recv_until(ws: Any, pred: Callable[[dict[str, Any]], bool], limit: int = 2000) -> dict[str, Any]:
    """The first message of a test client's websocket that ``pred`` accepts, reading at most ``limit``; an error
    message fails the test."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == "error":
            raise AssertionError(msg)
        if pred(msg):
            return msg
    raise AssertionError("the message never came")
