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
import contextlib
import errno
import html
import ipaddress
import json
import os
import re
import secrets
import shutil
import socket
import sys
import threading
from pathlib import Path
from typing import Any

from hearts.bots import LEVELS
from hearts.deal import Deal
from hearts.errors import HeartsError
from hearts.messages import LANGUAGES, text, text_n
from hearts.room.database import DATABASE_NAME
from hearts.room.storage import room_folder, write_json_atomic
from hearts.room.tables import Room, RoomError, RoomSettings, token_hash

__all__ = [
    "RunningRoom",
    "bind",
    "check_folder",
    "check_host",
    "check_port",
    "default_folder",
    "links",
    "load_links",
    "open_rooms",
    "start_room",
]

_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


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


def check_port(port: object) -> int:
    """A port to listen on: 1 to 65535, or 0 (any free port); else :class:`RoomError` naming ``port``.

    >>> check_port(8765)
    8765
    >>> try:
    ...     check_port(70000)
    ... except RoomError as e:
    ...     print(e.field, e.code, "|", e.explain("es"))
    port bad_port | El puerto debe ser un número entero del 1 al 65535 (o 0: cualquier puerto libre), no 70000.
    """
    if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
        raise RoomError("bad_port", "port", port=port)
    return port


def check_host(host: object) -> str:
    """An address to listen on: an IP address, or a host name (letters, digits and hyphens between dots).

    >>> check_host("0.0.0.0"), check_host("::1"), check_host("localhost")
    ('0.0.0.0', '::1', 'localhost')
    >>> try:
    ...     check_host("256.1.1.1")
    ... except RoomError as e:
    ...     print(e.field, e.code, "|", e.explain())
    host bad_host | “256.1.1.1” is neither an IP address (like 127.0.0.1 or ::1) nor a host name.
    """
    if not isinstance(host, str):
        raise RoomError("bad_host", "host", host=str(host))
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    labels = host[:-1].split(".") if host.endswith(".") else host.split(".")
    named = 0 < len(host) <= 253 and all(_LABEL.fullmatch(x) for x in labels)
    if not named or labels[-1].isdigit():  # 256.1.1.1 is a wrong address, not a name
        raise RoomError("bad_host", "host", host=host)
    return host


def check_folder(folder: str | os.PathLike[str]) -> Path:
    """``folder`` if the rooms can be kept there: a folder this user can write in, or one that can be made
    (its nearest existing parent is such a folder). Nothing is created; a bad one raises
    :class:`RoomError` naming ``data``.

    >>> import tempfile, pathlib
    >>> base = pathlib.Path(tempfile.mkdtemp())
    >>> check_folder(base / "rooms") == base / "rooms", (base / "rooms").exists()
    (True, False)
    >>> (base / "a-file").write_text("x")
    1
    >>> try:
    ...     check_folder(base / "a-file" / "rooms")
    ... except RoomError as e:
    ...     print(e.field, e.code, e.values["path"] == str(base / "a-file"))
    data data_not_folder True
    """
    path = Path(folder).expanduser()
    probe = path
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent
    if not probe.is_dir():
        raise RoomError("data_not_folder", "data", path=str(probe))
    try:
        read_only = bool(os.statvfs(probe).f_flag & os.ST_RDONLY)
    except OSError:
        read_only = True
    if read_only or not os.access(probe, os.W_OK | os.X_OK):
        raise RoomError("data_read_only", "data", path=str(probe))
    return path


def open_rooms(
    folder: Path, settings: RoomSettings | None, *, new: bool = False, sync: str = "normal"
) -> tuple[Any, list[Room]]:
    """A :class:`~hearts.room.server.RoomServer` for ``folder``: the saved rooms, plus a new one when
    ``new`` is true or nothing is saved (made with ``settings``). Returns the server and its rooms.

    If the new room cannot be saved, nothing of it is left behind (its folder, and the folders made for it,
    are removed) and :class:`RoomError` (``cannot_save_room``, naming ``data``) is raised.
    """
    from hearts.room.server import RoomServer

    folder = Path(folder)
    missing = []  # the folders this call will make, innermost first
    probe = folder
    while not probe.exists() and probe.parent != probe:
        missing.append(probe)
        probe = probe.parent
    database = folder / DATABASE_NAME
    fresh_database = not database.exists()

    def undo() -> None:
        """Remove what this call made: the database it started, the folders it made (only if empty)."""
        if fresh_database:
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(OSError):
                    Path(f"{database}{suffix}").unlink()
        for made in missing:
            with contextlib.suppress(OSError):
                made.rmdir()

    try:
        server = RoomServer(folder, sync=sync)
    except OSError as e:
        undo()
        raise RoomError("cannot_save_room", "data", path=str(folder), reason=e.strerror or str(e)) from None
    if new or not server.rooms:
        room, keys = Room.create(settings or RoomSettings())
        where = room_folder(folder, room)
        try:
            server.add(room)
            save_links(folder, room, keys)
        except OSError as e:
            shutil.rmtree(where, ignore_errors=True)
            server.db.close()
            undo()
            raise RoomError("cannot_save_room", "data", path=str(folder), reason=e.strerror or str(e)) from None
    return server, list(server.rooms.values())


def bind(host: str, port: int) -> socket.socket:
    """A listening socket (``port=0``: any free port). A host or port that cannot be used raises
    :class:`RoomError` naming ``host`` or ``port`` (a port in use, say), and nothing is left open.

    >>> sock = bind("127.0.0.1", 0)
    >>> try:
    ...     bind("127.0.0.1", sock.getsockname()[1])
    ... except RoomError as e:
    ...     print(e.field, e.code)
    ... finally:
    ...     sock.close()
    port port_in_use
    """
    host, port = check_host(host), check_port(port)
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (OSError, UnicodeError) as e:
        reason = getattr(e, "strerror", None) or str(e)
        raise RoomError("cannot_listen", "host", host=host, port=port, reason=reason) from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise RoomError("port_in_use", "port", host=host, port=port) from None
        if e.errno == errno.EACCES:
            raise RoomError("port_not_allowed", "port", port=port) from None
        raise RoomError("cannot_listen", "host", host=host, port=port, reason=e.strerror or str(e)) from None
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
    where = check_folder(Path(folder) if folder is not None else default_folder())
    wanted = RoomSettings(**settings)
    sock = bind(host, port)  # before anything is made: a port in use leaves no room behind
    try:
        server, _ = open_rooms(where, wanted, new=new)
    except BaseException:
        sock.close()
        raise
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
    p.add_argument("--per-address", type=int, default=None, metavar="N",
                   help="websockets one address may hold at once (default 32; behind a proxy that does not pass "
                   "the client's address, or for a whole class behind one NAT, raise it)")
    p.add_argument("--seat-kept", type=float, default=None, metavar="SECONDS",
                   help="a player who went away keeps their seat SECONDS (a bot plays meanwhile with --bot-after), "
                   "then a bot takes it for good (default: kept)")
    p.add_argument("--turn-clock", type=float, default=None, metavar="SECONDS",
                   help="seconds a player has for a card or a pass; then the bot plays it for them (default: no clock)")
    p.add_argument("--sync", choices=["normal", "full"], default="normal",
                   help="normal: every move survives the server being killed; full: also a power cut (waits for "
                   "the disk at every move)")
    p.add_argument("--fill-after", type=float, default=60.0, metavar="SECONDS",
                   help="Play live: after SECONDS in the queue, bots take the seats nobody came for (default 60)")
    p.add_argument("--unranked", action="store_true", help="games here do not move the players' ratings")
    p.add_argument("--origin", action="append", default=[], metavar="URL",
                   help="a page origin the websocket accepts besides the server's own (like https://hearts.school.org "
                   "when a reverse proxy rewrites Host); may be given again")


def settings_from(args: Any) -> RoomSettings:
    """The new room's settings from the command line's options (a bad value raises ``RoomError``)."""
    if args.day is not None:
        try:
            number = Deal.of_the_day(None if args.day == "today" else args.day).number or 0
        except HeartsError:
            raise RoomError("bad_day", "day", day=args.day) from None
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
        ranked=not getattr(args, "unranked", False),
        turn_clock=getattr(args, "turn_clock", None),
        seat_kept=getattr(args, "seat_kept", None),
    )


def _refuse(e: HeartsError, lang: str) -> int:
    """Say on one line which option is wrong and why (as argparse does); the exit status 2."""
    field = getattr(e, "field", "") or "deal"
    option = "--" + field.replace("_", "-").replace("number", "deal")
    explain = getattr(e, "explain", None)
    said = explain(lang) if callable(explain) else str(e)
    print(f"python -m hearts room: error: argument {option}: {said}", file=sys.stderr)
    return 2


def main(args: Any) -> int:
    """``python -m hearts room``: open (or resume) the rooms and serve them until Ctrl+C.

    Every option is checked, and the port is bound, before anything is written: a start that fails
    leaves the ``--data`` folder as it was and ends with a one-line error (exit status 2).
    """
    lang = args.lang
    try:
        settings = settings_from(args)
        check_host(args.host)
        check_port(args.port)
        folder = check_folder(Path(args.data) if args.data else default_folder())
        if args.per_address is not None and args.per_address < 1:
            raise RoomError("bad_setting", "per_address", setting="per_address", value=args.per_address)
        if not 0 <= args.fill_after <= 3600:
            raise RoomError("bad_setting", "fill_after", setting="fill_after", value=args.fill_after)
    except HeartsError as e:
        return _refuse(e, lang)
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise SystemExit("the room server needs the 'room' extra: pip install 'hearts-tutor[room]'") from None
    try:
        sock = bind(args.host, args.port)
    except HeartsError as e:
        return _refuse(e, lang)
    try:
        server, rooms = open_rooms(folder, settings, new=args.new, sync=args.sync)
    except HeartsError as e:
        sock.close()
        return _refuse(e, lang)
    server.origins = tuple(args.origin)
    if args.per_address is not None:
        server.limits.connections = args.per_address
    server.queue.fill_after = args.fill_after
    port = sock.getsockname()[1]
    shown_host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    base = f"http://{shown_host}:{port}"
    for problem in server.problems:
        print(text("room.cli.problem", lang, problem=problem.explain(lang)), flush=True)
    private = [room for room in rooms if room.parent]  # live and friends' tables: reached by their own links
    for room in rooms:
        if room.parent:
            continue
        s = room.settings
        print(text("room.cli.open", lang, number=s.number, tables=s.tables, level=s.level), flush=True)
        keys = load_links(folder, room)
        if keys is None:
            print(text("room.cli.no_links", lang, folder=str(room_folder(folder, room))), flush=True)
            continue
        got = links(base, keys)
        print(text("room.cli.players", lang, url=got["players"]), flush=True)
        print(text("room.cli.teacher", lang, url=got["teacher"]), flush=True)
    if private:
        print(text_n("room.cli.private", len(private), lang, count=len(private)), flush=True)
    print(text("room.cli.stop", lang), flush=True)
    uv = uvicorn_server(server.app)
    try:
        asyncio.run(uv.serve(sockets=[sock]))
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    return 0
