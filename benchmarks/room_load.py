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

Usage: ``python benchmarks/room_load.py [--tables 25] [--seconds 60] [--think 0.6]``. The machine's load matters:
say how busy it was when quoting the figures.
"""

from __future__ import annotations

import argparse
import asyncio
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

    @property
    def median_ms(self) -> float:
        return statistics.median(self.latencies_ms) if self.latencies_ms else float("nan")

    @property
    def p99_ms(self) -> float:
        if not self.latencies_ms:
            return float("nan")
        xs = sorted(self.latencies_ms)
        return xs[min(len(xs) - 1, int(0.99 * len(xs)))]

    def report(self) -> str:
        return (
            f"{self.players} players at {self.tables} tables for {self.seconds:.0f} s (think {self.think:g} s): "
            f"{self.moves} moves sent, {self.lost} lost, {len(self.errors)} refused; "
            f"move -> every screen of the table: median {self.median_ms:.1f} ms, p99 {self.p99_ms:.1f} ms; "
            f"server memory {self.rss_mib:.0f} MiB (peak {self.peak_mib:.0f} MiB); server CPU {self.cpu_s:.1f} s "
            f"({1000 * self.cpu_s / max(1, self.moves):.1f} ms a move, start-up included)"
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


async def _player(
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
            except (TimeoutError, websockets.ConnectionClosed):
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
                info.sent[at] = time.perf_counter()
                result.moves += 1
                await ws.send(json.dumps({"type": "play", "card": msg["legal"][0], "at": msg["at"]}))
            elif msg["can_next"] and hand not in nexted:
                nexted.add(hand)
                await ws.send(json.dumps({"type": "next", "at": msg["at"]}))


async def _clients(
    base: str, tables: int, seconds: float, result: Result, think: float, seed: int, parts: bool = True
) -> None:
    stop = asyncio.Event()
    infos = [_Table(4) for _ in range(tables)]
    tasks = [
        asyncio.create_task(_player(base + "ws", t, s, infos[t], result, stop, think, seed, parts))
        for t in range(tables)
        for s in range(4)
    ]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    for info in infos:
        result.lost += len(info.sent)
        result.latencies_ms.extend(info.done.values())


def run(*, tables: int = 10, seconds: float = 60.0, seed: int = 7, think: float = 0.0, parts: bool = True) -> Result:
    """Play for ``seconds`` at ``tables`` tables of four simulated people; the server's figures. ``parts``: the
    clients ask for the drawing as changes (as the room page does); ``False``: whole at every move."""
    result = Result(tables=tables, players=4 * tables, seconds=seconds, think=think)
    with tempfile.TemporaryDirectory(prefix="hearts-room-load-") as tmp:
        port = _free_port()
        log = Path(tmp) / "server.log"
        cmd = [
            sys.executable, "-m", "hearts", "room", "--host", "127.0.0.1", "--port", str(port), "--data", tmp,
            "--tables", str(tables), "--deal", str(seed), "--level", "random", "--bot-delay", "0",
            "--target-score", "100000", "--per-address", str(4 * tables + 8),  # every client is on 127.0.0.1
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
            _run_in_own_thread(_clients("ws" + url[4:], tables, seconds, result, think, seed, parts))
            result.rss_mib, result.peak_mib = _memory(proc.pid)
            result.cpu_s = _cpu(proc.pid)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    return result


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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=10, help="tables of four simulated players (default 10: 40 players)")
    p.add_argument("--seconds", type=float, default=60.0, help="how long they play (default 60)")
    p.add_argument("--seed", type=int, default=7, help="the room's deal number (default 7)")
    p.add_argument("--think", type=float, default=0.6,
                   help="seconds a player waits before a card, 0.5x to 1.5x (default 0.6, the bots' pace; 0: flat out)")
    p.add_argument("--whole", action="store_true", help="ask for the whole drawing at every move (as before parts)")
    args = p.parse_args(argv)
    r = run(tables=args.tables, seconds=args.seconds, seed=args.seed, think=args.think, parts=not args.whole)
    print(r.report())
    for e in r.errors[:5]:
        print("  refused:", e)
    return 0 if r.lost == 0 and not r.errors else 1


if __name__ == "__main__":
    sys.exit(main())
