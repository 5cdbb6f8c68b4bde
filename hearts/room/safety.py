"""What keeps a room safe on a network a class reaches: origins, per-address limits, safe CSV cells.

Nothing here imports the web stack, so each check is tested on its own:

- :func:`origin_allowed`: a websocket opened by a page of another site is refused (a browser always says
  which page opened it in ``Origin``; tools that send none are let in, they carry no one's cookies);
- :class:`AddressLimits`: how many connections one address may hold at once, and how often it may join
  the queue;
- :func:`csv_cell`: a cell a spreadsheet would read as a formula (``=HYPERLINK(...)``) is made text.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

__all__ = ["AddressLimits", "csv_cell", "origin_allowed"]

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def csv_cell(value: object) -> object:
    """``value`` as a CSV cell no spreadsheet runs: text that starts like a formula gets a leading ``'``
    (OWASP's advice for CSV injection); numbers and other text are left as they are.

    >>> csv_cell('=HYPERLINK("x")'), csv_cell("Ana"), csv_cell(-3), csv_cell("-3")
    ('\\'=HYPERLINK("x")', 'Ana', -3, "'-3")
    """
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def origin_allowed(origin: str | None, host: str | None, allowed: Iterable[str] = ()) -> bool:
    """True when a websocket from a page at ``origin`` may talk to the server reached as ``host``.

    Let in: no ``Origin`` (not a browser), the same host and port as the request's ``Host`` (or the
    ``X-Forwarded-Host`` a reverse proxy set), or an origin listed in ``allowed`` (``scheme://host[:port]``).

    >>> origin_allowed("http://127.0.0.1:8765", "127.0.0.1:8765")
    True
    >>> origin_allowed("https://evil.example", "127.0.0.1:8765")
    False
    >>> origin_allowed("https://school.example", "127.0.0.1:8765", ["https://school.example"])
    True
    >>> origin_allowed(None, "127.0.0.1:8765"), origin_allowed("null", "127.0.0.1:8765")
    (True, False)
    """
    if origin is None:
        return True
    origin = origin.strip().lower().rstrip("/")
    if origin in {a.strip().lower().rstrip("/") for a in allowed}:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    default = "443" if parts.scheme == "https" else "80"
    said = parts.netloc if ":" in parts.netloc.rsplit("]", 1)[-1] else f"{parts.netloc}:{default}"
    if not host:
        return False
    for h in host.split(","):
        h = h.strip().lower()
        if not h:
            continue
        full = h if ":" in h.rsplit("]", 1)[-1] else f"{h}:{default}"
        if full == said:
            return True
    return False


class AddressLimits:
    """Per-address limits: at most ``connections`` open websockets, at most ``joins`` queue joins in
    ``window`` seconds.

    >>> limits = AddressLimits(connections=2, joins=2, window=60, clock=lambda: 0.0)
    >>> limits.open("10.0.0.5"), limits.open("10.0.0.5"), limits.open("10.0.0.5")
    (True, True, False)
    >>> limits.close("10.0.0.5"); limits.open("10.0.0.5")
    True
    >>> limits.join("10.0.0.5"), limits.join("10.0.0.5"), limits.join("10.0.0.5")
    (True, True, False)
    """

    def __init__(
        self,
        *,
        connections: int = 32,
        joins: int = 20,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.connections, self.joins, self.window, self.clock = connections, joins, window, clock
        self._open: dict[str, int] = {}
        self._joins: dict[str, deque[float]] = {}

    def open(self, address: str) -> bool:
        """Count a new connection from ``address``; False (and not counted) when it holds too many."""
        held = self._open.get(address, 0)
        if held >= self.connections:
            return False
        self._open[address] = held + 1
        return True

    def close(self, address: str) -> None:
        """A connection from ``address`` ended."""
        held = self._open.get(address, 0) - 1
        if held > 0:
            self._open[address] = held
        else:
            self._open.pop(address, None)

    def join(self, address: str) -> bool:
        """Count a queue join from ``address``; False when it joined too often lately."""
        now = self.clock()
        times = self._joins.setdefault(address, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.joins:
            return False
        times.append(now)
        return True
