"""The room server: Starlette pages and one websocket per browser, served by uvicorn.

The server holds every game (:mod:`hearts.room.tables`); a browser only
sends what its person does and receives what that seat may see. Paths
(all relative, so the server also works behind a proxy such as
``jupyter-server-proxy``'s ``/proxy/<port>/``):

- ``/r/<room>/``: the players' page (choose a seat, then play);
- ``/r/<room>/teacher#key=<key>``: the teacher's live leaderboard;
- ``/r/<room>/leaderboard.csv``: the leaderboard as CSV, for the teacher's key sent in the
  ``Authorization: Bearer <key>`` header (never in the URL, where proxies and logs keep it; the teacher's
  page fetches it that way); every cell that a spreadsheet would read as a formula is made text;
- ``/r/<room>/ws``: the websocket both pages use (messages: :mod:`hearts.room.protocol`);
- ``/leaderboard``: the ratings of every player of the server's ranked games; ``/r/<room>/leaderboard``: those of
  a class (the room's ranked games and those of the live and friends' tables opened from it), plain HTML
  (:mod:`hearts.room.boards`).

Limits: a message over :data:`~hearts.room.protocol.MAX_MESSAGE` bytes is
refused, one over 8 KiB closes the connection (uvicorn's ``ws_max_size``); each
connection may send :data:`RATE` messages a second on average (bursts of
:data:`BURST`), and one that keeps sending faster is closed; one address may hold
:data:`PER_ADDRESS` connections at once (one more is sent the error ``too_many_connections``, naming the
limit, and closed with code 4429). A websocket opened by a page of another
origin than the server's (or one of ``origins``) is refused (code 4403).

Needs the ``room`` extra (``pip install hearts-tutor[room]``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import html
import io
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from hearts.errors import HeartsError
from hearts.messages import LANGUAGES, catalogue, seat_name, text, text_n
from hearts.room import storage
from hearts.room.boards import leaderboard_html
from hearts.room.database import DATABASE_NAME, RoomDatabase, code_hash, unseal
from hearts.room.matchmaking import MatchQueue
from hearts.room.protocol import error_message, parse_message
from hearts.room.ratings import MODEL, Ratings
from hearts.room.safety import AddressLimits, csv_cell, origin_allowed
from hearts.room.tables import Room, RoomError, RoomSettings, RoomTable, check_name, player_key, token_hash
from hearts.rules import PRESETS

__all__ = ["BURST", "LOBBY_EVERY", "MAX_FRAME", "PER_ADDRESS", "RATE", "RETRY_SAVE", "RoomServer", "svg_delta"]

T = TypeVar("T")

log = logging.getLogger("hearts.room")

RATE = 20.0  # messages a second, on average, per connection
BURST = 40  # messages at once
STRIKES = 60  # messages refused for speed before the connection is closed
MAX_FRAME = 8192  # uvicorn closes a connection that sends a bigger frame (code 1009)
MAX_QUEUE = 256  # messages waiting for a slow browser before it is disconnected
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud in a class
CODE_LENGTH = 8  # about 39 bits, tried at most 20 times a minute per address
MAX_TARGET = 10_000  # the highest target score a friends' table may play to
PER_ADDRESS = 32  # websockets one address may hold at once (a class behind one NAT shares an address)
RETRY_SAVE = 2.0  # seconds between two tries to save a table that could not be saved
LOBBY_EVERY = 0.25  # seconds: a room's changed lobby (and teacher's board) goes to its browsers at most this often
_STATIC = Path(__file__).parent / "static"
_STATIC_FILES = {
    "common.js": "text/javascript",
    "room.js": "text/javascript",
    "room.css": "text/css",
    "teacher.js": "text/javascript",
}
_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"
)
_HEADERS = {
    "Content-Security-Policy": _CSP,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


def svg_delta(before: list[str], svg: str) -> tuple[list[str | list[int]], list[str]]:
    """``svg`` as the change from a drawing sent before in parts (``before``): its parts (the text cut before
    every ``<g``), each new part as text and each run of parts ``before`` had as
    ``[first, count]``. Returns that and the new parts (the next ``before``). Joining
    ``before[first:first + count]`` for each run and the texts gives ``svg`` back.

    >>> a = '<svg><g id="1">A</g><g id="2">B</g><g id="3">C</g></svg>'
    >>> parts, first = svg_delta([], a)
    >>> parts == first and "".join(first) == a
    True
    >>> b = a.replace("B", "b")
    >>> delta, second = svg_delta(first, b)
    >>> delta
    [[0, 2], '<g id="2">b</g>', [3, 1]]
    >>> "".join(x if isinstance(x, str) else "".join(first[x[0]:x[0] + x[1]]) for x in delta) == b
    True
    """
    first, *rest = svg.split("<g")  # str.split: a tenth of a millisecond for a drawing (a regular expression: 10)
    new = [first, *("<g" + p for p in rest)] if first else ["<g" + p for p in rest]
    where = {p: i for i, p in reversed(list(enumerate(before)))}
    out: list[str | list[int]] = []
    for p in new:
        i = where.get(p)
        if i is None:
            out.append(p)
            continue
        last = out[-1] if out else None
        if isinstance(last, list) and last[0] + last[1] == i:
            last[1] += 1
        else:
            out.append([i, 1])
    return out, new


class _Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.level = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


class Connection:
    """One browser's websocket: its language, and the seat (or the teacher's board) it holds."""

    def __init__(self, ws: WebSocket, room: Room, lang: str, rate: float, burst: int) -> None:
        self.ws = ws
        self.room = room
        self.lang = lang
        self.table: RoomTable | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.teacher = False
        self.bucket = _Bucket(rate, burst)
        self.strikes = 0
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.last_lobby: str | None = None
        self.closed = False
        self.queued: str | None = None  # the player key this connection waits in the queue with
        self.spectating: RoomTable | None = None  # the table the teacher watches
        self.address = "?"
        self.chunks: list[str] | None = None  # the drawing last sent, in parts (once the browser asks for parts)

    def send_state(self, view: dict[str, Any]) -> None:
        """Queue a seat's screen (:meth:`RoomTable.view`). A browser that asked for ``parts`` gets the drawing as
        the change from the last one it was sent (:func:`svg_delta`), about a third of its size; else whole."""
        if self.chunks is None:
            self.send(view)
            return
        parts, self.chunks = svg_delta(self.chunks, view["svg"])
        self.send({k: v for k, v in view.items() if k != "svg"} | {"svg_parts": parts})

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (sent in order by the connection's writer)."""
        self.send_text(json.dumps(message, ensure_ascii=False, separators=(",", ":")))

    def send_text(self, said: str) -> None:
        """Queue a message already made JSON (one text sent to many browsers is made once)."""
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(said)

    async def writer(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                item = await self.queue.get()
                if item is None:
                    break
                await self.ws.send_text(item)
        self.closed = True
        if self.ws.client_state is WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await self.ws.close(code=1008)


class RoomServer:
    """The rooms saved in ``folder``'s database (:mod:`hearts.room.database`; loaded at once, rooms of the
    older folder format imported once; :attr:`problems` says what could not be),
    served as a Starlette app (:attr:`app`). :meth:`add` opens a new room.

    Every change to a table is saved before anyone is shown it (write-ahead,
    :meth:`commit`): a change that cannot be saved (a full disk) is undone and
    refused, the table's people and the teacher are told, its bots pause, and
    the server tries again every ``retry`` seconds; play goes on once a save
    works. So a server killed at any moment resumes exactly where the screens were.
    """

    def __init__(
        self,
        folder: str | Path,
        rooms: Iterable[Room] = (),
        *,
        rate: float = RATE,
        burst: int = BURST,
        retry: float = RETRY_SAVE,
        origins: Iterable[str] = (),
        per_address: int = PER_ADDRESS,
        sync: str = "normal",
        fill_after: float = 60.0,
        queue_joins: int = 20,
    ) -> None:
        self.folder = Path(folder)
        self.rate, self.burst, self.retry = rate, burst, retry
        self.origins = tuple(origins)
        self.limits = AddressLimits(connections=per_address, joins=queue_joins)
        self.queue = MatchQueue(fill_after=fill_after)
        self._queued: dict[str, tuple[Connection, str, Room]] = {}  # player key -> (connection, browser, from room)
        self._matcher: asyncio.Task[None] | None = None
        self.db = RoomDatabase(self.folder / DATABASE_NAME, sync=sync)
        _, imported_problems = self.db.import_folder(self.folder)  # the folder format of earlier versions, once
        loaded, problems = self.db.load_rooms()
        self.problems: list[storage.RoomProblem] = [*imported_problems, *problems]
        self.ratings = Ratings(self.db)
        self.rooms: dict[str, Room] = {r.room_hash: r for r in loaded}
        self.connections: dict[str, set[Connection]] = {h: set() for h in self.rooms}
        self._wake: dict[tuple[str, int], asyncio.Event] = {}
        self._lobbies: dict[tuple[str, str], tuple[tuple[Any, ...], str]] = {}  # (room, lang) -> (lobby_key, JSON)
        # (what, room) -> when it last went out ("lobby": to everyone choosing a seat; "board": to its teachers),
        # and those to send once LOBBY_EVERY has passed (see _soon)
        self._sent: dict[tuple[str, str], float] = {}
        self._due: set[tuple[str, str]] = set()
        self._drivers: list[asyncio.Task[None]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        for r in rooms:
            self.add(r)
        self.app = Starlette(
            routes=[
                Route("/", self._index),
                Route("/favicon.ico", lambda _r: Response(status_code=204)),
                Route("/static/{name}", self._static),
                Route("/r/{room}/", self._player_page),
                Route("/r/{room}/teacher", self._teacher_page),
                Route("/leaderboard", self._server_board),
                Route("/r/{room}/leaderboard", self._class_board),
                Route("/r/{room}/leaderboard.csv", self._csv),
                WebSocketRoute("/r/{room}/ws", self._websocket),
            ],
            lifespan=self._lifespan,
        )

    # ----- start and stop --------------------------------------------------------------

    def add(self, room: Room) -> None:
        """Open a room (saved at once; its bots start when the server runs)."""
        self.rooms[room.room_hash] = room
        self.connections.setdefault(room.room_hash, set())
        self.db.save_room(room)
        if self._loop is not None:  # running: its bots start in the server's own loop (any thread may call)
            self._loop.call_soon_threadsafe(self._start, room)

    def _start(self, room: Room) -> None:
        for table in room.tables:
            self._wake[(room.room_hash, table.index)] = asyncio.Event()
            self._drivers.append(asyncio.create_task(self._drive(room, table)))

    @contextlib.asynccontextmanager
    async def _lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        self._loop = asyncio.get_running_loop()
        for room in self.rooms.values():
            for table in room.tables:  # a game that ended just before a stop is rated now (once)
                self._record_game(room, table)
            self._start(room)
        self._matcher = asyncio.create_task(self._match_loop())
        try:
            yield
        finally:
            if self._matcher is not None:
                self._matcher.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await self._matcher
            for task in self._drivers:
                task.cancel()
            for task in self._drivers:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            self._drivers.clear()
            self._loop = None
            self._due.clear()  # lobbies and boards held back for a loop that stopped: the next start sends them at once
            for room in self.rooms.values():
                with contextlib.suppress(OSError):
                    self.db.save_room(room)

    def _room(self, token: str) -> Room | None:
        return self.rooms.get(token_hash(token))

    # ----- the bots --------------------------------------------------------------------

    async def _drive(self, room: Room, table: RoomTable) -> None:
        """Make the bots act at one table when they owe an action: at once, after a pause, or after a timeout."""
        wake = self._wake[(room.room_hash, table.index)]
        heavy = room.settings.level not in ("random", "rule")
        while True:
            wake.clear()
            if table.unsaved:  # the bots pause; try the save again now and then
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), timeout=self.retry)
                if table.unsaved:
                    self.retry_save(room, table)
                continue
            if table.stale_seats():  # away longer than the seat is kept: a bot takes it for good
                with contextlib.suppress(RoomError):
                    self.commit(room, table, table.release_stale)
                continue
            wait = table.bot_wait()
            if wait is None or wait > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), timeout=wait)
                continue
            try:
                if table.bot_plays_next():
                    if room.settings.bot_delay:
                        await asyncio.sleep(room.settings.bot_delay)
                    turn = table.bot_turn()
                    if turn is None:
                        continue
                    at, s, obs, bot = turn
                    card = await asyncio.to_thread(bot.choose_play, obs) if heavy else bot.choose_play(obs)
                    self.commit(room, table, functools.partial(table.apply_bot_card, at, s, card))
                else:
                    self.commit(room, table, table.bot_step)
            except RoomError as e:
                if e.code != "not_saved":
                    log.exception("a bot at table %s failed", table.index + 1)
                    await asyncio.sleep(1)
            except HeartsError:  # a bot that breaks the rules is a bug: say so, and let people go on
                log.exception("a bot at table %s failed", table.index + 1)
                await asyncio.sleep(1)

    # ----- play live: the queue ----------------------------------------------------------

    async def _match_loop(self) -> None:
        """Seat whoever the queue can seat, twice a second (the ranges widen as people wait)."""
        while True:
            await asyncio.sleep(0.5)
            try:
                self.match_now()
            except Exception:  # a failed match must not stop the queue
                log.exception("matching the queue failed")

    def _enqueue(self, conn: Connection, msg: dict[str, Any]) -> None:
        name = check_name(msg["name"])
        browser = msg["browser"]
        conn.room.held_by(browser)  # checks the browser token's form
        if conn.seat is not None:
            raise RoomError("already_seated", "seat")
        key = player_key(browser)
        if key not in self._queued and not self.limits.join(conn.address):
            raise RoomError("too_many_joins", "queue", seconds=int(self.limits.window))
        rated = self.ratings.rating_of(key)
        self.queue.add(key, name, MODEL.mu if rated is None else rated[0], now=time.monotonic())
        self._queued[key] = (conn, browser, conn.room)
        conn.queued = key
        conn.send({"type": "queued", "waiting": len(self.queue.waiting), "fill_after": self.queue.fill_after})
        self.match_now()

    def _dequeue(self, conn: Connection) -> None:
        if conn.queued is not None:
            self.queue.remove(conn.queued)
            self._queued.pop(conn.queued, None)
            conn.queued = None

    def _friends(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Open a private table: a new one-table room with the asker's options, its link's token and a
        short code to share; the asker takes the first seat."""
        name = check_name(msg["name"])
        browser = msg["browser"]
        conn.room.held_by(browser)  # checks the browser token's form
        if not self.limits.join(conn.address):
            raise RoomError("too_many_joins", "queue", seconds=int(self.limits.window))
        base = conn.room.settings
        variant = msg.get("variant", "standard")
        if variant not in PRESETS:
            raise RoomError("bad_setting", "variant", setting="variant", value=variant)
        target = msg["target"]
        if not 1 <= target <= MAX_TARGET:
            raise RoomError("bad_setting", "target_score", setting="target_score", value=target)
        settings = RoomSettings(
            number=secrets.randbelow(1_000_000) + 1, tables=1, level=base.level, target_score=target,
            bot_after=base.bot_after, bot_delay=base.bot_delay, lang=base.lang, ranked=msg["ranked"],
            turn_clock=base.turn_clock, seat_kept=base.seat_kept,
            rules=None if variant == "standard" else dataclasses.replace(PRESETS[variant], target_score=target),
        )
        room, keys = Room.create(settings, parent=conn.room.parent or conn.room.room_hash)
        _, _, token = room.join(0, 0, name, browser)
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        try:
            self.add(room)
            self.db.save_code(code, room, keys["room"])
        except OSError:
            raise RoomError("not_saved", "save") from None
        conn.send({"type": "friends", "room": keys["room"], "code": code, "token": token,
                   "target": settings.target_score, "ranked": settings.ranked, "variant": variant,
                   "seats": room.tables[0].n})

    def _code(self, conn: Connection, code: str) -> None:
        """The room a friends' code opens (codes are tried at most as often as queue joins)."""
        if not self.limits.join(conn.address):
            raise RoomError("too_many_joins", "queue", seconds=int(self.limits.window))
        said = "".join(code.split()).upper()
        kept = self.db.codes().get(code_hash(said))
        if kept is None or kept[0] not in self.rooms:
            raise RoomError("bad_code", "code")
        conn.send({"type": "friends_room", "room": unseal(said, kept[1])})

    def match_now(self) -> None:
        """Seat every group the queue makes: a new one-table room each (the settings of the room they queued
        from, ranked), its people seated, bots in the empty seats; each person is sent their new seat."""
        for group in self.queue.match(now=time.monotonic()):
            waiting = [(w, *self._queued.pop(w.key)) for w in group if w.key in self._queued]
            if not waiting:
                continue
            base = waiting[0][3].settings
            settings = RoomSettings(
                number=secrets.randbelow(1_000_000) + 1, tables=1, level=base.level, target_score=base.target_score,
                bot_after=base.bot_after, bot_delay=base.bot_delay, lang=base.lang, ranked=True,
                turn_clock=base.turn_clock,
            )
            source = waiting[0][3]
            room, keys = Room.create(settings, parent=source.parent or source.room_hash)
            seated = [(conn, room.join(0, s, w.name, browser)[2]) for s, (w, conn, browser, _r) in enumerate(waiting)]
            try:
                self.add(room)
            except OSError as e:
                log.error("cannot save a new live table (%s); its players wait again", e.strerror or e)
                for w, conn, browser, source in waiting:
                    self.queue.add(w.key, w.name, w.mu, now=w.since)
                    self._queued[w.key] = (conn, browser, source)
                continue
            bots = 4 - len(waiting)
            for conn, token in seated:
                conn.queued = None
                conn.send({"type": "matched", "room": keys["room"], "token": token, "bots": bots,
                           "text": text_n("room.msg.matched", bots, conn.lang, bots=bots)})

    # ----- after every change ------------------------------------------------------------

    def commit(self, room: Room, table: RoomTable, change: Callable[[], T]) -> T:
        """Make ``change`` to ``table``, save it, and only then show it (write-ahead).

        ``change`` either raises (a :class:`RoomError`: nothing changed) or
        changes the table. If the table's file cannot be written, the change is
        undone (:meth:`RoomTable.restore`), everyone concerned is told, and
        ``RoomError('not_saved')`` is raised; the table waits until a save works.
        """
        before, version = table.to_dict(), table.version
        result = change()
        if table.version == version:  # nothing changed (a bot with nothing to do)
            return result
        try:
            self._save(room, table)
        except OSError as e:
            table.restore(before)
            self._cannot_save(room, table, e)
            raise RoomError("not_saved", "save") from None
        if table.unsaved:
            table.unsaved = False
            log.warning("table %s of room %s is saved again; play goes on", table.index + 1, self._name(room))
        self.changed(room, table)
        self._record_game(room, table)
        return result

    def _record_game(self, room: Room, table: RoomTable) -> None:
        """A game just ended: record it and move the ratings (once), then show everyone in the room the new
        leaderboard. A failed save is retried at the next start."""
        if not table.game.is_over:
            return
        try:
            changes = self.ratings.record_game(room, table)
        except OSError as e:
            log.error("cannot record the game of table %s (%s); it is recorded at the next start",
                      table.index + 1, e.strerror or e)
            return
        if changes is None:
            return
        message = self._ratings(room)
        message["game"] = {"table": table.index, "ranked": room.settings.ranked, "seats": changes}
        for conn in list(self.connections.get(room.room_hash, ())):
            conn.send(message)

    def _ratings(self, room: Room) -> dict[str, Any]:
        """The room's leaderboard of ratings (players of its ranked games)."""
        return {"type": "ratings", "rows": self.ratings.leaderboard(room.room_hash)}

    def retry_save(self, room: Room, table: RoomTable) -> bool:
        """Try to save a table that could not be saved (its state is the last one saved); True when it worked
        and play goes on."""
        try:
            self._save(room, table)
        except OSError:
            return False
        table.unsaved = False
        table.version += 1
        log.warning("table %s of room %s is saved again; play goes on", table.index + 1, self._name(room))
        self.changed(room, table)
        return True

    def _cannot_save(self, room: Room, table: RoomTable, e: OSError) -> None:
        """A save failed: the first time, say so on the console and to the table's people and the teacher."""
        if table.unsaved:
            return
        table.unsaved = True
        path = self.db.path
        log.error("cannot save %s (%s): the move is refused and table %s waits until it can be saved",
                  path, e.strerror or e, table.index + 1)
        self.changed(room, table)

    @staticmethod
    def _name(room: Room) -> str:
        return f"{room.settings.number} ({room.room_hash[:8]})"

    def changed(self, room: Room, table: RoomTable | None) -> None:
        """Wake the table's bots, and send every browser of the room what changed for it (saving is
        :meth:`commit`'s job: only saved positions reach this)."""
        if table is not None:
            wake = self._wake.get((room.room_hash, table.index))
            if wake is not None:
                wake.set()
        views: dict[tuple[int, str], dict[str, Any]] = {}
        choosing = teaching = False
        for conn in list(self.connections.get(room.room_hash, ())):
            if conn.table is not None and conn.seat is not None:
                if conn.table is table:
                    key = (conn.seat, conn.lang)
                    if key not in views:
                        views[key] = table.view(conn.seat, conn.lang)
                    conn.send_state(views[key])
            elif conn.teacher:
                teaching = True
                if table is not None and conn.spectating is table:
                    conn.send(table.spectator_view(conn.lang))  # the table watched: every card
            else:
                choosing = True
        if choosing:
            self._soon("lobby", room, self._send_lobbies)
        if teaching:
            self._soon("board", room, self._send_boards)

    def _soon(self, what: str, room: Room, send: Callable[[Room], None]) -> None:
        """``send(room)`` now, or, when it went out less than :data:`LOBBY_EVERY` seconds ago, once that time has
        passed: one message for a burst of changes, the last one always the room's current state.

        The lobby (``"lobby"``, to every browser still choosing a seat): a class sitting down is a burst, each of
        200 seats taken changing the lobby that the browsers not yet seated are shown; sending each change to each
        of them is 200 x 200 messages of every table's seats (the server then spent all its time on lobbies and a
        50-table class never started). The teacher's board (``"board"``): every card at any of 50 tables changes
        its scores, about 85 times a second, each a whole board of every player. Coalesced, each browser gets
        about four a second."""
        key = (what, room.room_hash)
        if key in self._due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None

        def go() -> None:
            self._due.discard(key)
            self._sent[key] = time.monotonic()
            send(room)

        wait = self._sent.get(key, -LOBBY_EVERY) + LOBBY_EVERY - time.monotonic()
        if loop is None or loop is not self._loop or wait <= 0:  # called outside the server's loop: at once
            go()
            return
        self._due.add(key)
        loop.call_later(wait, go)

    def _send_lobbies(self, room: Room) -> None:
        for conn in list(self.connections.get(room.room_hash, ())):
            if (conn.table is None or conn.seat is None) and not conn.teacher:
                self._send_lobby(conn)

    def _send_boards(self, room: Room) -> None:
        """The room's board to each of its teachers' pages (made once per language)."""
        board: dict[str, dict[str, Any]] = {}
        for conn in list(self.connections.get(room.room_hash, ())):
            if conn.teacher and (conn.table is None or conn.seat is None):
                if conn.lang not in board:
                    board[conn.lang] = self._board(room, conn.lang)
                conn.send(board[conn.lang])

    def _save(self, room: Room, table: RoomTable) -> None:
        """Save the table in one transaction (raises ``OSError`` when it cannot)."""
        self.db.save_table(room, table)

    def _send_lobby(self, conn: Connection) -> None:
        """Send a browser the room's lobby, unless it has it already."""
        said = self._lobby_text(conn.room, conn.lang)
        if said != conn.last_lobby:
            conn.last_lobby = said
            conn.send_text(said)

    def _lobby_text(self, room: Room, lang: str) -> str:
        """The room's lobby as JSON, made again only when :meth:`Room.lobby_key` says it changed."""
        key = room.lobby_key()
        kept = self._lobbies.get((room.room_hash, lang))
        if kept is None or kept[0] != key:
            said = json.dumps(room.lobby(lang), ensure_ascii=False, separators=(",", ":"))
            kept = self._lobbies[(room.room_hash, lang)] = (key, said)
        return kept[1]

    @staticmethod
    def _board(room: Room, lang: str) -> dict[str, Any]:
        alerts = [text("room.msg.teacher_not_saved", lang, table=t.index + 1) for t in room.tables if t.unsaved]
        return {
            "type": "leaderboard",
            "number": room.settings.number,
            "rows": room.leaderboard_rows(lang),
            "alerts": alerts,
        }

    # ----- the websocket ---------------------------------------------------------------

    async def _websocket(self, ws: WebSocket) -> None:
        room = self._room(ws.path_params["room"])
        if room is None:
            await ws.close(code=4404)
            return
        host = ws.headers.get("x-forwarded-host") or ws.headers.get("host")
        if not origin_allowed(ws.headers.get("origin"), host, self.origins):
            log.warning("a websocket from the page %r was refused (not this server's origin)", ws.headers.get("origin"))
            await ws.close(code=4403)
            return
        address = ws.client.host if ws.client is not None else "?"
        if not self.limits.open(address):  # the browser is told why (it would only see "reconnecting"), then closed
            most = self.limits.connections
            log.warning("%s holds %s connections, the most one address may (--per-address); one more was refused",
                        address, most)
            with contextlib.suppress(Exception):
                await ws.accept()
                lang = room.settings.lang
                refused = RoomError("too_many_connections", "per_address", most=most)
                await ws.send_text(json.dumps(error_message(refused, lang), ensure_ascii=False))
            with contextlib.suppress(Exception):
                await ws.close(code=4429)
            return
        try:
            await self._serve(ws, room)
        finally:
            self.limits.close(address)

    async def _serve(self, ws: WebSocket, room: Room) -> None:
        await ws.accept()
        conn = Connection(ws, room, room.settings.lang, self.rate, self.burst)
        conn.address = ws.client.host if ws.client is not None else "?"
        self.connections.setdefault(room.room_hash, set()).add(conn)
        writer = asyncio.create_task(conn.writer())
        self._send_lobby(conn)
        conn.send(self._ratings(room))
        try:
            while not conn.closed:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                raw = msg.get("text")
                if not conn.bucket.take():
                    conn.strikes += 1
                    if conn.strikes > STRIKES:
                        break
                    if conn.strikes == 1 or conn.strikes % 10 == 0:
                        conn.send(error_message(RoomError("too_fast", "message"), conn.lang))
                    continue
                try:
                    parsed = parse_message(raw if raw is not None else msg.get("bytes") or b"")
                    self._handle(conn, parsed)
                except RoomError as e:
                    conn.send(error_message(e, conn.lang))
        except WebSocketDisconnect:
            pass
        finally:
            self.connections.get(room.room_hash, set()).discard(conn)
            self._dequeue(conn)
            conn.closed = True
            conn.queue.put_nowait(None)
            if conn.table is not None and conn.seat is not None:
                conn.table.disconnect(conn.seat)
                self.changed(room, conn.table)
            with contextlib.suppress(Exception):
                await writer

    def _handle(self, conn: Connection, msg: dict[str, Any]) -> None:
        room = conn.room
        kind = msg["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "parts":
            conn.chunks = []  # from now on the drawing comes as changes; the first one is whole (in parts)
        elif kind == "ratings":
            conn.send(self._ratings(room))
        elif kind == "spectate":
            if not room.is_teacher(msg["key"]):
                raise RoomError("not_teacher", "key")
            table = room.table(msg["table"])
            conn.teacher = True
            conn.spectating = table
            conn.send(table.spectator_view(conn.lang))
        elif kind == "queue":
            self._enqueue(conn, msg)
        elif kind == "friends":
            self._friends(conn, msg)
        elif kind == "code":
            self._code(conn, msg["code"])
        elif kind == "unqueue":
            self._dequeue(conn)
            conn.send({"type": "unqueued"})
        elif kind == "lang":
            if msg["lang"] not in LANGUAGES:
                raise RoomError("bad_field", "lang", field_name="lang")
            conn.lang = msg["lang"]
            conn.last_lobby = None
            self._resend(conn)
        elif kind == "watch":
            if not room.is_teacher(msg["key"]):
                raise RoomError("not_teacher", "key")
            conn.teacher = True
            conn.send(self._board(room, conn.lang))
        elif kind == "join":
            if conn.seat is not None:
                raise RoomError("already_seated", "seat")
            held = room.held_by(msg["browser"])  # this browser's seat, if it has one: it gets that seat again
            target = held[0] if held is not None else room.table(msg["table"])
            table, s, token = self.commit(
                room, target, lambda: room.join(msg["table"], msg["seat"], msg["name"], msg["browser"])
            )
            self._seat(conn, table, s, token)
        elif kind == "resume":
            found = room.find(msg["token"])
            if found is None:
                raise RoomError("bad_token", "token")
            table, s = found
            if conn.seat is not None and (conn.table is not table or conn.seat != s):
                raise RoomError("already_seated", "token")
            if conn.seat is None:
                self._seat(conn, table, s, msg["token"])
            else:
                self._resend(conn)
        elif kind == "leave":
            if conn.table is None or conn.seat is None:
                raise RoomError("not_seated", "type")
            table, s, held_token = conn.table, conn.seat, conn.token
            conn.table, conn.seat, conn.token = None, None, None
            try:
                self.commit(room, table, lambda: table.leave(held_token))
            except RoomError:
                conn.table, conn.seat, conn.token = table, s, held_token
                raise
            conn.send({"type": "left"})
            conn.last_lobby = None
            self._send_lobby(conn)
        elif kind == "free":
            if not room.is_teacher(msg["key"]):
                raise RoomError("not_teacher", "key")
            table = room.table(msg["table"])
            s = msg["seat"]
            name = self.commit(room, table, lambda: table.free(s))
            for other in list(self.connections.get(room.room_hash, ())):
                if other.table is table and other.seat == s:
                    other.table, other.seat, other.token = None, None, None
                    other.send({"type": "freed", "text": text("room.msg.seat_freed", other.lang)})
                    other.last_lobby = None
                    self._send_lobby(other)
            said = text("room.msg.freed_done", conn.lang, seat=seat_name(s, conn.lang, table.n), table=table.index + 1,
                        name=name)
            conn.send({"type": "notice", "text": said})
        else:  # select, pass, play, moon, next, rematch
            if conn.table is None or conn.seat is None:
                raise RoomError("not_seated", "type")
            table, mine = conn.table, conn.token
            self.commit(room, table, lambda: table.act(mine, msg))

    def _seat(self, conn: Connection, table: RoomTable, s: int, token: str) -> None:
        """Bind a connection to a seat; an older connection of the same seat is told and closed."""
        for other in list(self.connections.get(conn.room.room_hash, ())):
            if other is not conn and other.table is table and other.seat == s:
                other.send({"type": "replaced"})
                other.closed = True
                other.queue.put_nowait(None)
        conn.table, conn.seat, conn.token = table, s, token
        table.connect(s)
        conn.send({"type": "seated", "table": table.index, "seat": s, "token": token})
        self.changed(conn.room, table)

    def _resend(self, conn: Connection) -> None:
        if conn.table is not None and conn.seat is not None:
            conn.send_state(conn.table.view(conn.seat, conn.lang))
        elif conn.teacher:
            conn.send(self._board(conn.room, conn.lang))
        else:
            self._send_lobby(conn)

    # ----- pages -------------------------------------------------------------------

    @staticmethod
    def _lang(request: Request, default: str | None) -> str:
        """``?lang=``, else the room's language, else (pages of no room) the browser's, else English."""
        asked = request.query_params.get("lang")
        if asked in LANGUAGES:
            return asked
        if default is not None:
            return default
        default = "en"
        accept = request.headers.get("accept-language", "")
        first = accept.split(",")[0].strip().lower()[:2]
        return first if first in LANGUAGES else default

    async def _index(self, request: Request) -> Response:
        lang = self._lang(request, None)
        return _page(lang, text("room.page.title", lang), f"<p>{html.escape(text('room.page.index', lang))}</p>", [])

    async def _static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC_FILES:
            return PlainTextResponse("not found", status_code=404)
        return Response((_STATIC / name).read_bytes(), media_type=_STATIC_FILES[name], headers=dict(_HEADERS))

    def _not_found(self, request: Request) -> Response:
        lang = self._lang(request, None)
        body = f"<p>{html.escape(text('room.page.not_found', lang))}</p>"
        return _page(lang, text("room.page.title", lang), body, [], status=404)

    async def _server_board(self, request: Request) -> Response:
        """The ratings of every player of this server's ranked games (``/leaderboard``)."""
        lang = self._lang(request, None)
        body = leaderboard_html(self.ratings.leaderboard(), lang, scope="server")
        return _page(lang, text("room.page.lb_title_server", lang), body, [], root="../")

    async def _class_board(self, request: Request) -> Response:
        """The ratings of one class: the room's ranked games and those of the tables opened from it."""
        room = self._room(request.path_params["room"])
        if room is None:
            return self._not_found(request)
        lang = self._lang(request, room.settings.lang)
        body = leaderboard_html(self.ratings.leaderboard(room.parent or room.room_hash), lang, scope="class")
        return _page(lang, text("room.page.lb_title_class", lang), body, [])

    async def _player_page(self, request: Request) -> Response:
        body = (
            '<section id="lobby" class="room-lobby" hidden><p id="join-intro"></p>'
            '<label><span id="name-label"></span> <input id="name" maxlength="24" autocomplete="nickname"></label>'
            '<p class="room-live"><button id="live" type="button"></button> '
            '<button id="live-cancel" type="button" hidden></button></p>'
            '<p id="queue-status" role="status" aria-live="polite"></p>'
            '<fieldset class="room-friends"><legend id="friends-legend"></legend>'
            '<label><span id="friends-target-label"></span> <input id="friends-target" type="number" min="1" '
            'max="10000" value="100" list="targets"></label><datalist id="targets"><option value="50">'
            '<option value="100"></datalist> <label><span id="friends-variant-label"></span> '
            '<select id="friends-variant">'
            + "".join(f'<option value="{name}">' + "</option>" for name in PRESETS)
            + '</select></label> <label><input id="friends-ranked" type="checkbox" checked> '
            '<span id="friends-ranked-label"></span></label> <button id="friends" type="button"></button></fieldset>'
            '<p class="room-code"><label><span id="code-label"></span> <input id="code" maxlength="12" '
            'autocomplete="off"></label> <button id="join-code" type="button"></button></p>'
            '<div id="tables" class="room-tables"></div></section>'
            '<section id="play" class="room-play" hidden>'
            '<div id="board" class="room-board" data-version="-1" data-phase=""></div>'
            '<div id="message" class="room-message" role="status" aria-live="polite"></div>'
            '<p id="clock" class="room-clock" hidden></p>'
            '<div class="room-actions"><button id="pass" type="button" hidden></button>'
            '<button id="moon-subtract" type="button" aria-describedby="message" hidden></button>'
            '<button id="moon-add" type="button" aria-describedby="message" hidden></button>'
            '<button id="next" type="button" hidden></button>'
            '<button id="rematch" type="button" hidden></button>'
            '<button id="leave" type="button" class="room-quiet"></button></div>'
            '<h2 id="players-title"></h2><ul id="players" class="room-players"></ul></section>'
            '<section id="ratings-box" class="room-ratings" aria-labelledby="ratings-title">'
            '<h2 id="ratings-title"></h2><p id="rating-change" role="status" aria-live="polite"></p>'
            '<p><a id="leaderboard-link" href="leaderboard"></a></p>'
            '<table id="ratings" data-games="0"><thead></thead><tbody></tbody></table></section>'
        )
        return self._room_page(request, "room", "room.page.title", body, "room.js")

    async def _teacher_page(self, request: Request) -> Response:
        body = (
            '<p id="intro"></p><p><a id="csv" href="#" download="leaderboard.csv"></a></p>'
            '<div id="alerts" class="room-alerts" role="alert" hidden></div>'
            '<table id="board" class="room-board-table" data-version="0"><thead></thead><tbody></tbody></table>'
            '<div id="watch-tables" class="room-actions"></div>'
            '<p id="watch" class="room-watch-line" role="status" aria-live="polite"></p>'
        )
        return self._room_page(request, "room room-teacher", "room.page.teacher_title", body, "teacher.js")

    def _room_page(self, request: Request, cls: str, title: str, body: str, script: str) -> Response:
        """A page of one room: the title, the language menu and the status line, then ``body``."""
        room = self._room(request.path_params["room"])
        if room is None:
            return self._not_found(request)
        lang = self._lang(request, room.settings.lang)
        page = (
            f'<div id="room" class="{cls}" data-number="{room.settings.number}">'
            '<header class="room-top"><h1 id="room-title"></h1>'
            '<label class="room-lang"><span id="lang-label"></span> <select id="lang">'
            '<option value="en">English</option><option value="es">Español</option></select></label></header>'
            f'<p id="status" class="room-status" role="status" aria-live="polite"></p>{body}</div>'
        )
        return _page(lang, text(title, lang), page, ["common.js", script])

    async def _csv(self, request: Request) -> Response:
        room = self._room(request.path_params["room"])
        scheme, _, key = request.headers.get("authorization", "").partition(" ")
        if room is None or scheme.lower() != "bearer" or not room.is_teacher(key.strip()):
            return PlainTextResponse("forbidden", status_code=403, headers=dict(_HEADERS))
        lang = self._lang(request, room.settings.lang)
        out = io.StringIO()
        board = room.leaderboard(lang)
        for column in board.columns:
            if board[column].dtype.kind not in "biufc":  # text columns (object or str dtype)
                board[column] = board[column].map(csv_cell)
        board.to_csv(out, index=False)
        headers = dict(_HEADERS)
        headers["Content-Disposition"] = 'attachment; filename="leaderboard.csv"'
        return Response(out.getvalue(), media_type="text/csv; charset=utf-8", headers=headers)


def page_texts() -> dict[str, dict[str, str]]:
    """The pages' words in every language (``room.page.*``, and ``variant.<name>`` for each of
    :data:`hearts.rules.PRESETS`), for the pages' scripts.

    >>> page_texts()["es"]["variant.three"]
    '3 jugadores (17 cartas cada uno)'
    """
    out = {}
    for lang in LANGUAGES:
        words = {k[len("room.page.") :]: v for k, v in catalogue(lang).items() if k.startswith("room.page.")}
        words.update({f"variant.{name}": text(f"ui.rules.preset.{name}", lang) for name in PRESETS})
        out[lang] = words
    return out


def _page(lang: str, title: str, body: str, scripts: list[str], *, status: int = 200, root: str = "../../") -> Response:
    """A whole page; ``root`` leads from its address to the server's root (relative: works behind a proxy)."""
    words = json.dumps(page_texts(), ensure_ascii=False).replace("<", "\\u003c") if scripts else "{}"
    tags = "".join(f'<script src="{root}static/{s}" defer></script>' for s in scripts)
    doc = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title>"
        f'<link rel="stylesheet" href="{root}static/room.css">'
        f'<script id="room-text" type="application/json">{words}</script>{tags}</head>'
        f'<body data-lang="{lang}">{body}</body></html>'
    )
    return HTMLResponse(doc, status_code=status, headers=dict(_HEADERS))
