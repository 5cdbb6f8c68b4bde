"""Starting a room server: from the command line (``python -m hearts room``) or from a notebook.

From a notebook (for example on Binder, where ``jupyter-server-proxy`` makes
the server reachable at ``<your session>/proxy/<port>/``)::

    from hearts.room.run import start_room
    room = start_room(number=4721, tables=3, level="rule")
    room            # shows the players' link and the teacher's link
    room.leaderboard()   # the scores so far, as a DataFrame
    room.stop()

The server listens on 127.0.0.1 unless told otherwise; the games are saved in
``folder`` (default: ``rooms`` under the table's data folder) after every
card, and a server started again on the same folder resumes them.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import secrets
import socket
import sys
import threading
from pathlib import Path
from typing import Any

from hearts.bots import LEVELS
from hearts.deal import Deal
from hearts.errors import HeartsError
from hearts.messages import LANGUAGES, text
from hearts.room.storage import room_folder, write_json_atomic
from hearts.room.tables import Room, RoomSettings, token_hash

__all__ = ["RunningRoom", "default_folder", "links", "load_links", "open_rooms", "start_room"]


def default_folder() -> Path:
    """``$HEARTS_DATA_DIR/rooms``, else ``~/.local/share/hearts/rooms`` (``$XDG_DATA_HOME`` respected)."""
    base = os.environ.get("HEARTS_DATA_DIR")
    if base:
        return Path(base) / "rooms"
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "hearts" / "rooms"


def save_links(folder: Path, room: Room, keys: dict[str, str]) -> None:
    """Keep a new room's two secrets beside it (readable by this user only), so its links can be shown again."""
    path = room_folder(folder, room) / "links.json"
    write_json_atomic(path, {"room": keys["room"], "teacher": keys["teacher"]})
    os.chmod(path, 0o600)


def load_links(folder: Path, room: Room) -> dict[str, str] | None:
    """The secrets kept by :func:`save_links`, if they are there and match the room."""
    try:
        data = json.loads((room_folder(folder, room) / "links.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("room", "teacher")):
        return None
    if token_hash(data["room"]) != room.room_hash or token_hash(data["teacher"]) != room.teacher_hash:
        return None
    return {"room": data["room"], "teacher": data["teacher"]}


def links(base: str, keys: dict[str, str]) -> dict[str, str]:
    """The players' link and the teacher's link of a room served at ``base``.

    >>> links("http://127.0.0.1:8765", {"room": "R", "teacher": "T"})["teacher"]
    'http://127.0.0.1:8765/r/R/teacher#key=T'
    """
    base = base.rstrip("/")
    return {"players": f"{base}/r/{keys['room']}/", "teacher": f"{base}/r/{keys['room']}/teacher#key={keys['teacher']}"}


def open_rooms(folder: Path, settings: RoomSettings | None, *, new: bool = False) -> tuple[Any, list[Room]]:
    """A :class:`~hearts.room.server.RoomServer` for ``folder``: the saved rooms, plus a new one when
    ``new`` is true or nothing is saved (made with ``settings``). Returns the server and its rooms."""
    from hearts.room.server import RoomServer

    server = RoomServer(folder)
    if new or not server.rooms:
        room, keys = Room.create(settings or RoomSettings())
        server.add(room)
        save_links(folder, room, keys)
    return server, list(server.rooms.values())


def bind(host: str, port: int) -> socket.socket:
    """A listening socket (``port=0``: any free port)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    return sock


def uvicorn_server(app: Any, *, log_level: str = "warning") -> Any:
    """The uvicorn server for a room app, with the room's websocket limits."""
    import uvicorn

    from hearts.room.server import MAX_FRAME

    config = uvicorn.Config(
        app,
        ws="websockets-sansio",
        ws_max_size=MAX_FRAME,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        log_level=log_level,
        lifespan="on",
        timeout_graceful_shutdown=2,
    )
    return uvicorn.Server(config)


class RunningRoom:
    """A room server running in a background thread (for notebooks); :meth:`stop` ends it."""

    def __init__(self, server: Any, sock: socket.socket, thread: threading.Thread, uv: Any, host: str) -> None:
        self.server = server
        self.port = int(sock.getsockname()[1])
        self.host = host
        self._sock, self._thread, self._uv = sock, thread, uv

    @property
    def room(self) -> Room:
        """The newest room of the server (the one :func:`start_room` opened or resumed)."""
        return list(self.server.rooms.values())[-1]  # type: ignore[no-any-return]

    def base(self) -> str:
        """Where browsers reach the server: behind JupyterHub/Binder's proxy when there is one."""
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX")
        if prefix:
            return f"{prefix.rstrip('/')}/proxy/{self.port}"
        return f"http://{self.host}:{self.port}"

    def links(self) -> dict[str, str] | None:
        """The players' and the teacher's links (``None`` when the room's secrets were not kept)."""
        keys = load_links(self.server.folder, self.room)
        return None if keys is None else links(self.base(), keys)

    def leaderboard(self, lang: str = "en") -> Any:
        """Every seat's score at every table, as a DataFrame (``.to_csv()`` exports it)."""
        return self.room.leaderboard(lang)

    def stop(self) -> None:
        """Stop the server (the games stay saved)."""
        self._uv.should_exit = True
        self._thread.join(timeout=10)
        self._sock.close()

    def _repr_html_(self) -> str:
        lang = self.room.settings.lang
        got = self.links()
        if got is None:
            return f"<p>{html.escape(text('room.cli.no_links', lang, folder=str(self.server.folder)))}</p>"
        s = self.room.settings
        head = text("room.cli.open", lang, number=s.number, tables=s.tables, level=s.level)
        rows = "".join(
            f'<li>{html.escape(text(f"room.cli.{k}", lang, url=""))}<a href="{html.escape(v)}" target="_blank">'
            f"{html.escape(v)}</a></li>"
            for k, v in (("players", got["players"]), ("teacher", got["teacher"]))
        )
        return f"<p>{html.escape(head)}</p><ul>{rows}</ul>"


def start_room(
    *,
    folder: str | Path | None = None,
    host: str = "127.0.0.1",
    port: int = 8765,
    new: bool = False,
    **settings: Any,
) -> RunningRoom:
    """Start a room server in the background and return it (see the module's example).

    ``settings`` are those of :class:`~hearts.room.tables.RoomSettings`
    (``number``, ``tables``, ``level``, ``target_score``, ``bot_after``,
    ``bot_delay``, ``lang``); they make the new room when ``folder`` has
    none (or ``new=True``). ``port=0`` picks a free port.
    """
    where = Path(folder) if folder is not None else default_folder()
    server, _ = open_rooms(where, RoomSettings(**settings), new=new)
    sock = bind(host, port)
    uv = uvicorn_server(server.app)
    thread = threading.Thread(target=lambda: asyncio.run(uv.serve(sockets=[sock])), daemon=True, name="hearts-room")
    thread.start()
    return RunningRoom(server, sock, thread, uv, host)


# ----- the command line ----------------------------------------------------------------------


def add_parser(sub: Any) -> None:
    """Add the ``room`` command to the CLI's subparsers."""
    p = sub.add_parser(
        "room",
        help="serve a room: people at tables from their own browsers, bots in the empty seats",
        description="Serve a Hearts room on this computer: players open the room's link in a browser, choose a "
        "seat and play; empty seats are bots. Every table plays the same deal number, and the teacher's link shows "
        "a live leaderboard (CSV download). Games are saved after every card and resume when the server starts "
        "again on the same --data folder. Needs the 'room' extra (pip install 'hearts-tutor[room]').",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this computer only; "
                   "0.0.0.0 lets a classroom network in)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 picks a free one)")
    p.add_argument("--data", metavar="DIR", help="folder for the rooms' saved games (default: the table's data "
                   "folder /rooms, or $HEARTS_DATA_DIR/rooms)")
    p.add_argument("--new", action="store_true", help="open a new room even if the folder has saved ones")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--deal", type=int, metavar="N", help="the deal number every table plays (default: random)")
    which.add_argument("--day", nargs="?", const="today", metavar="DATE",
                       help="play the deal of the day (today, or a date like 2026-11-30)")
    p.add_argument("--tables", type=int, default=1, metavar="N", help="how many tables (default 1)")
    p.add_argument("--level", choices=list(LEVELS), default="rule", help="the bots' level (default rule)")
    p.add_argument("--target-score", type=int, default=100, metavar="N", help="a game ends at N points (100)")
    p.add_argument("--bot-after", type=float, default=None, metavar="SECONDS",
                   help="a bot plays for a player who lost the connection after SECONDS (default: the table waits)")
    p.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                   help="pause between two bot cards, so people see them land (default 0.6)")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="the pages' first language (en, es)")


def settings_from(args: Any) -> RoomSettings:
    """The new room's settings from the command line's options (a bad value raises ``RoomError``)."""
    if args.day is not None:
        number = Deal.of_the_day(None if args.day == "today" else args.day).number or 0
    elif args.deal is not None:
        number = args.deal
    else:
        number = secrets.randbelow(1_000_000) + 1
    return RoomSettings(
        number=number,
        tables=args.tables,
        level=args.level,
        target_score=args.target_score,
        bot_after=args.bot_after,
        bot_delay=args.bot_delay,
        lang=args.lang,
    )


def main(args: Any) -> int:
    """``python -m hearts room``: open (or resume) the rooms and serve them until Ctrl+C."""
    try:
        settings = settings_from(args)
    except HeartsError as e:
        option = "--" + (getattr(e, "field", "") or "deal").replace("_", "-").replace("number", "deal")
        print(f"python -m hearts room: error: argument {option}: {e}", file=sys.stderr)
        return 2
    folder = Path(args.data) if args.data else default_folder()
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise SystemExit("the room server needs the 'room' extra: pip install 'hearts-tutor[room]'") from None
    server, rooms = open_rooms(folder, settings, new=args.new)
    lang = args.lang
    sock = bind(args.host, args.port)
    port = sock.getsockname()[1]
    shown_host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    base = f"http://{shown_host}:{port}"
    for problem in server.problems:
        print(text("room.cli.problem", lang, problem=problem), flush=True)
    for room in rooms:
        s = room.settings
        print(text("room.cli.open", lang, number=s.number, tables=s.tables, level=s.level), flush=True)
        keys = load_links(folder, room)
        if keys is None:
            print(text("room.cli.no_links", lang, folder=str(room_folder(folder, room))), flush=True)
            continue
        got = links(base, keys)
        print(text("room.cli.players", lang, url=got["players"]), flush=True)
        print(text("room.cli.teacher", lang, url=got["teacher"]), flush=True)
    print(text("room.cli.stop", lang), flush=True)
    uv = uvicorn_server(server.app)
    try:
        asyncio.run(uv.serve(sockets=[sock]))
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    return 0
