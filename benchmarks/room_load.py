"""Load test of the room server, on loopback only: simulated players at many tables for a bounded time.

Starts ``python -m hearts room`` on 127.0.0.1 (a free port, a temporary folder), seats ``players``
simulated people (websocket clients, four per table, bots in no seat) and lets them play for ``--seconds``,
each waiting ``--think`` seconds (0.5x to 1.5x, seeded) before a card as a person or a paced bot does (0: as
fast as the server answers); then they stop, the last answers are awaited, and the server is stopped. The
clients run in this process, the server in its own: the latency is measured across processes.

Printed figures:
- moves sent and moves lost (a card sent on a player's turn that never reached every screen of its table,
  or was refused): must be 0;
- latency from a card sent to every player of that table having the new position: median and 99th
  percentile, in milliseconds;
- the server process's memory (resident now, and its peak), in MiB, and the CPU time it used (ms a card).

The clients ask for each drawing as the change from the last one (``parts``) and rebuild it, as the room page
does; ``--whole`` has them sent the whole drawing at every move, as before.

More tables than one room holds (:data:`~hearts.room.tables.MAX_TABLES`, 50: a class of 200) are several rooms
served by the one process, as a school's server started again with ``--new`` for each class serves them all; the
figures are the process's. Also printed: how long it took until every player was seated and shown their table,
players never seated (must be 0), and the share of one core the server used while they played (the server is one
asyncio process: near 100 % it is saturated, and every figure beyond is the queue's).

``--find-capacity`` answers "how many tables does one process hold": it steps the tables up (25, 50, 75, ...:
``--start``, then by ``--step``), each step ``--seconds`` long (40 by default there), prints each step's figures with
the machine's load averages, and stops at the first step that fails; the answer is the largest number of tables
whose p99 stays under ``--p99-limit`` ms (250) with no move lost, every player seated, and the server under
``--cpu-limit`` (90 %) of its core.

Usage: ``python benchmarks/room_load.py [--tables 25] [--seconds 60] [--think 0.6]``, or
``python benchmarks/room_load.py --find-capacity [--step 25] [--seconds 40]``. The machine's load matters:
say how busy it was when quoting the figures (each line gives ``uptime``'s load averages).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from hearts.room.run import save_links
from hearts.room.tables import MAX_TABLES, Room, RoomSettings


@dataclass
class Result:
    tables: int
    players: int
    seconds: float
    moves: int = 0
    lost: int = 0
    errors: list[str] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    rss_mib: float = 0.0
    peak_mib: float = 0.0
    cpu_s: float = 0.0  # CPU time the server process used (user + system), seconds
    think: float = 0.0
    rooms: int = 1
    seated: int = 0  # players shown their table
    seated_s: float = float("nan")  # seconds from the first connection until every player was shown their table
    play_cpu: float = float("nan")  # the server's share of one core while the players played (after seating)
    play_wait: float = float("nan")  # the share of that time its event loop was ready but waited for a core
    client_cpu: float = float("nan")  # this process's share of one core meanwhile (the simulated players)
    base_mib: float = float("nan")  # the server's memory before anyone connected
    load: tuple[float, float, float] = (float("nan"),) * 3  # the machine's load averages (1, 5, 15 min) at the end

    @property
    def median_ms(self) -> float:
        return statistics.median(self.latencies_ms) if self.latencies_ms else float("nan")

    @property
    def p99_ms(self) -> float:
        if not self.latencies_ms:
            return float("nan")
        xs = sorted(self.latencies_ms)
        return xs[min(len(xs) - 1, int(0.99 * len(xs)))]

    @property
    def mib_per_table(self) -> float:
        """The server's memory for one table and its four connections (resident, after play)."""
        return (self.rss_mib - self.base_mib) / self.tables

    def holds(self, p99_limit: float = 250.0, cpu_limit: float = 0.9) -> bool:
        """True when the process held this load: every player seated, no move lost or refused, the p99 under
        ``p99_limit`` ms, the server under ``cpu_limit`` of its core while they played."""
        return (
            self.seated == self.players and self.lost == 0 and not self.errors and self.moves > 0
            and self.p99_ms < p99_limit and self.play_cpu < cpu_limit
        )

    def report(self) -> str:
        rooms = f" in {self.rooms} rooms" if self.rooms > 1 else ""
        return (
            f"{self.players} players at {self.tables} tables{rooms} for {self.seconds:.0f} s (think {self.think:g} s): "
            f"{self.seated} seated in {self.seated_s:.1f} s; "
            f"{self.moves} moves sent, {self.lost} lost, {len(self.errors)} refused; "
            f"move -> every screen of the table: median {self.median_ms:.1f} ms, p99 {self.p99_ms:.1f} ms; "
            f"server CPU {100 * self.play_cpu:.0f} % of a core while playing, waiting for a core "
            f"{100 * self.play_wait:.0f} % of the time (players' process {100 * self.client_cpu:.0f} %); "
            f"server memory {self.rss_mib:.0f} MiB (peak {self.peak_mib:.0f} MiB, "
            f"{self.mib_per_table:.2f} MiB a table); "
            f"server CPU {self.cpu_s:.1f} s ({1000 * self.cpu_s / max(1, self.moves):.1f} ms a move, start-up "
            f"included); load averages {self.load[0]:.2f} {self.load[1]:.2f} {self.load[2]:.2f}"
        )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) a process used so far (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _waited(pid: int) -> float:
    """Seconds the process's main thread (the server's event loop) spent ready to run but waiting for a core, so far
    (Linux ``/proc/<pid>/schedstat``: time on a core, time waiting on a run queue, in ns)."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return float("nan")


def _memory(pid: int) -> tuple[float, float]:
    """Resident and peak resident memory of a process, MiB (Linux /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return float("nan"), float("nan")
    got = {k: int(v) / 1024 for k, v in re.findall(r"^(VmRSS|VmHWM):\s+(\d+) kB", status, re.M)}
    return got.get("VmRSS", float("nan")), got.get("VmHWM", float("nan"))


class _Table:
    """What the benchmark knows of one table: when each move was sent, and who has seen it."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.sent: dict[tuple[int, int], float] = {}  # at -> time the card was sent
        self.seen: dict[tuple[int, int], set[int]] = {}  # at -> seats whose screen moved past it
        self.done: dict[tuple[int, int], float] = {}  # at -> latency, once every seat saw it
        self.seated: set[int] = set()  # seats shown their table at least once


async def _player(
    url: str, table: int, seat: int, info: _Table, result: Result, stop: asyncio.Event, think: float, seed: int,
    parts: bool = True,
) -> None:
    try:
        await _play(url, table, seat, info, result, stop, think, seed, parts)
    except Exception as e:  # a player who could not connect, or was cut off, is a failure to report, not to skip
        result.errors.append(f"table {table} seat {seat}: {type(e).__name__}: {e}")


async def _play(
    url: str, table: int, seat: int, info: _Table, result: Result, stop: asyncio.Event, think: float, seed: int,
    parts: bool = True,
) -> None:
    pace = random.Random(seed * 1000 + table * 4 + seat)
    async with websockets.connect(url, max_size=2**22) as ws:
        join = {"type": "join", "table": table, "seat": seat, "name": f"T{table}S{seat}"}
        if parts:  # as the room page does: the drawing as the change from the last one
            await ws.send(json.dumps({"type": "parts"}))
        await ws.send(json.dumps({**join, "browser": f"bench-browser-{table}-{seat}"}))  # one browser each
        drawing: list[str] = []
        passed: set[int] = set()
        nexted: set[int] = set()
        played: set[tuple[int, int]] = set()
        while True:
            timeout = 5.0 if stop.is_set() else 30.0
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=timeout)
            except TimeoutError:
                if seat not in info.seated:
                    result.errors.append(f"table {table} seat {seat}: never shown its table in {timeout:g} s")
                return
            except websockets.ConnectionClosed as e:
                if not stop.is_set():
                    result.errors.append(f"table {table} seat {seat}: the server closed the connection ({e})")
                return
            msg = json.loads(raw)
            if msg["type"] == "error":
                result.errors.append(f"table {table} seat {seat}: {msg['code']}: {msg['text']}")
                continue
            if msg["type"] != "state":
                continue
            if "svg_parts" in msg:  # the drawing rebuilt as the page does (the cost is the client's, as in a browser)
                old, drawing = drawing, []
                for p in msg["svg_parts"]:
                    drawing.extend([p] if isinstance(p, str) else old[p[0] : p[0] + p[1]])
                msg["svg"] = "".join(drawing)
            now = time.perf_counter()
            if seat not in info.seated:
                info.seated.add(seat)
                result.seated += 1
                if result.seated == result.players:
                    result.seated_s = now - _T0[0]
                    _ALL_SEATED.set()
            at = (msg["at"][0], msg["at"][1])
            for sent_at, t0 in list(info.sent.items()):
                if at > sent_at and seat not in info.seen.setdefault(sent_at, set()):
                    info.seen[sent_at].add(seat)
                    if len(info.seen[sent_at]) == info.n:
                        info.done[sent_at] = (now - t0) * 1000
                        del info.sent[sent_at]
            if stop.is_set():
                if not info.sent:
                    return
                continue
            hand = msg["hand_number"]
            if msg["can_pass"] and hand not in passed:
                passed.add(hand)
                await ws.send(json.dumps({"type": "pass", "cards": msg["hand"][:3], "at": msg["at"]}))
            elif msg["your_turn"] and at not in played:
                played.add(at)
                if think:
                    await asyncio.sleep(think * pace.uniform(0.5, 1.5))
                    if stop.is_set():  # time is up while thinking: no card after the stop (the others may be gone)
                        continue
                info.sent[at] = time.perf_counter()
                result.moves += 1
                await ws.send(json.dumps({"type": "play", "card": msg["legal"][0], "at": msg["at"]}))
            elif msg["can_next"] and hand not in nexted:
                nexted.add(hand)
                await ws.send(json.dumps({"type": "next", "at": msg["at"]}))


_T0 = [0.0]  # when the players started connecting (perf_counter)
_ALL_SEATED = asyncio.Event()


async def _clients(
    bases: list[str], tables: int, seconds: float, result: Result, think: float, seed: int, parts: bool = True,
    server_pid: int | None = None,
) -> None:
    """Seat ``tables`` tables of four (table ``t`` is table ``t % MAX_TABLES`` of room ``t // MAX_TABLES``),
    play ``seconds`` from the first connection, then stop. The server's CPU share is taken from the moment every
    player is seated (or a third of the time has passed) to the stop."""
    global _ALL_SEATED
    _ALL_SEATED = asyncio.Event()
    stop = asyncio.Event()
    infos = [_Table(4) for _ in range(tables)]
    _T0[0] = time.perf_counter()
    tasks = [
        asyncio.create_task(
            _player(bases[t // MAX_TABLES] + "ws", t % MAX_TABLES, s, infos[t], result, stop, think, seed, parts)
        )
        for t in range(tables)
        for s in range(4)
    ]
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(_ALL_SEATED.wait(), timeout=seconds / 3)
    start, mine0 = time.perf_counter(), time.process_time()
    cpu0, wait0 = (_cpu(server_pid), _waited(server_pid)) if server_pid else (float("nan"), float("nan"))
    await asyncio.sleep(max(1.0, seconds - (start - _T0[0])))
    wall = time.perf_counter() - start
    if server_pid:
        result.play_cpu = (_cpu(server_pid) - cpu0) / wall
        result.play_wait = (_waited(server_pid) - wait0) / wall
    result.client_cpu = (time.process_time() - mine0) / wall
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    for info in infos:
        result.lost += len(info.sent)
        result.latencies_ms.extend(info.done.values())


def run(*, tables: int = 10, seconds: float = 60.0, seed: int = 7, think: float = 0.0, parts: bool = True) -> Result:
    """Play for ``seconds`` at ``tables`` tables of four simulated people; the server's figures. ``parts``: the
    clients ask for the drawing as changes (as the room page does); ``False``: whole at every move."""
    rooms = -(-tables // MAX_TABLES)
    result = Result(tables=tables, players=4 * tables, seconds=seconds, think=think, rooms=rooms)
    with tempfile.TemporaryDirectory(prefix="hearts-room-load-") as tmp:
        port = _free_port()
        log = Path(tmp) / "server.log"
        tokens = _make_rooms(Path(tmp), tables, seed)
        cmd = [
            sys.executable, "-m", "hearts", "room", "--host", "127.0.0.1", "--port", str(port), "--data", tmp,
            "--per-address", str(4 * tables + 8),  # every client is on 127.0.0.1
        ]
        with open(log, "wb") as out:
            proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ))
        try:
            deadline = time.monotonic() + 90
            url = None
            while time.monotonic() < deadline and url is None:
                if proc.poll() is not None:
                    raise RuntimeError(f"the room server stopped:\n{log.read_text()[-2000:]}")
                found = re.search(r"http://127\.0\.0\.1:\d+/r/[\w-]+/", log.read_text(errors="replace"))
                if found and "Ctrl+C" in log.read_text(errors="replace"):
                    url = found.group(0)
                else:
                    time.sleep(0.2)
            if url is None:
                raise RuntimeError(f"the room server did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.5)  # the socket is bound before the message is printed; let the loop start
            result.base_mib = _memory(proc.pid)[0]
            bases = [f"ws://127.0.0.1:{port}/r/{token}/" for token in tokens]
            _run_in_own_thread(_clients(bases, tables, seconds, result, think, seed, parts, proc.pid))
            result.load = os.getloadavg()
            result.rss_mib, result.peak_mib = _memory(proc.pid)
            result.cpu_s = _cpu(proc.pid)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    return result


def _make_rooms(folder: Path, tables: int, seed: int) -> list[str]:
    """Save the rooms the server will serve (``MAX_TABLES`` tables each, the last one the rest) in ``folder``, as
    ``python -m hearts room --new`` does once per class; their tokens, in order. Bots at level random, no pause
    between bot cards, games to 100,000 points (no game ends during a run)."""
    from hearts.room.database import DATABASE_NAME, RoomDatabase

    db = RoomDatabase(folder / DATABASE_NAME)
    tokens = []
    try:
        for first in range(0, tables, MAX_TABLES):
            settings = RoomSettings(number=seed, tables=min(MAX_TABLES, tables - first), level="random",
                                    bot_delay=0, target_score=100_000)
            room, keys = Room.create(settings)
            db.save_room(room)  # and its tables
            save_links(folder, room, keys)
            tokens.append(keys["room"])
    finally:
        db.close()
    return tokens


def _run_in_own_thread(coro: Coroutine[Any, Any, None]) -> None:
    """``asyncio.run`` in a thread of its own, so it works even where this thread already runs an event loop
    (a test process whose browser tests drive Playwright's synchronous API)."""
    failure: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(coro)
        except BaseException as e:  # handed to the caller's thread
            failure.append(e)

    worker = threading.Thread(target=target, name="room-load-clients")
    worker.start()
    worker.join()
    if failure:
        raise failure[0]


def find_capacity(
    *, start: int = 25, step: int = 25, most: int = 1000, seconds: float = 40.0, seed: int = 7, think: float = 0.6,
    p99_limit: float = 250.0, cpu_limit: float = 0.9, parts: bool = True,
) -> int:
    """Run at ``start``, ``start + step``, ... tables until a step fails (:meth:`Result.holds`); print each step and
    the answer. Returns the largest number of tables held (0: not even ``start``)."""
    held = 0
    for tables in range(start, most + 1, step):
        r = run(tables=tables, seconds=seconds, seed=seed, think=think, parts=parts)
        ok = r.holds(p99_limit, cpu_limit)
        print(("held: " if ok else "NOT held: ") + r.report(), flush=True)
        for e in r.errors[:3]:
            print("  refused:", e, flush=True)
        if not ok:
            break
        held = tables
    if held == 0:
        print(f"one process did not hold {start} tables", flush=True)
        return 0
    print(f"one process holds {held} tables ({4 * held} players): p99 under {p99_limit:g} ms, no move lost, every "
          f"player seated, the server under {100 * cpu_limit:.0f} % of its core (think {think:g} s, {seconds:g} s a "
          f"step)", flush=True)
    return held


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=10, help="tables of four simulated players (default 10: 40 players)")
    p.add_argument("--seconds", type=float, default=60.0, help="how long they play (default 60)")
    p.add_argument("--seed", type=int, default=7, help="the room's deal number (default 7)")
    p.add_argument("--think", type=float, default=0.6,
                   help="seconds a player waits before a card, 0.5x to 1.5x (default 0.6, the bots' pace; 0: flat out)")
    p.add_argument("--whole", action="store_true", help="ask for the whole drawing at every move (as before parts)")
    p.add_argument("--find-capacity", action="store_true",
                   help="step the tables up (--start, then by --step) until the process no longer holds them")
    p.add_argument("--step", type=int, default=25, help="tables added at each step of --find-capacity (default 25)")
    p.add_argument("--start", type=int, default=None, help="the first step of --find-capacity (default: --step)")
    p.add_argument("--most", type=int, default=1000, help="the most tables --find-capacity tries (default 1000)")
    p.add_argument("--p99-limit", type=float, default=250.0, help="--find-capacity: p99 allowed, ms (default 250)")
    p.add_argument("--cpu-limit", type=float, default=0.9,
                   help="--find-capacity: the server's share of its core allowed while playing (default 0.9)")
    args = p.parse_args(argv)
    if args.find_capacity:
        seconds = args.seconds if "--seconds" in (argv if argv is not None else sys.argv) else 40.0
        held = find_capacity(start=args.start or args.step, step=args.step, most=args.most, seconds=seconds,
                             seed=args.seed, think=args.think, p99_limit=args.p99_limit, cpu_limit=args.cpu_limit,
                             parts=not args.whole)
        return 0 if held else 1
    r = run(tables=args.tables, seconds=args.seconds, seed=args.seed, think=args.think, parts=not args.whole)
    print(r.report())
    for e in r.errors[:5]:
        print("  refused:", e)
    return 0 if r.lost == 0 and not r.errors else 1


if __name__ == "__main__":
    sys.exit(main())
