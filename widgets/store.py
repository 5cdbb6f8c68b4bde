"""Files the table keeps between sessions: the saved game, the history, the settings.

Everything lives in one folder, chosen in this order:

1. the ``data_dir`` argument given to the table;
2. the ``HEARTS_DATA_DIR`` environment variable;
3. the user's data folder (``platformdirs.user_data_dir("hearts")``, or
   ``$XDG_DATA_HOME/hearts``, or ``~/.local/share/hearts``).

Files are plain JSON, written atomically (a temporary file, then a rename),
so a crash never leaves half a file. A file that cannot be read is never
trusted and never crashes the table: :func:`read_json` raises
:class:`StoreError`, which the table turns into a message.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> h = History.load(d)
>>> h.add(number=7, final=(40, 55, 101, 62), winners=(0,))
>>> h.save()
>>> s = History.load(d).stats()
>>> s.played, s.won, s.win_percent, s.best_final, s.current_streak
(1, 1, 100.0, 40, 1)
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hearts.display import BACKS, TABLE_COLORS
from hearts.errors import HeartsError

__all__ = [
    "ENV_VAR",
    "History",
    "HistoryStats",
    "Settings",
    "StoreError",
    "data_dir",
    "read_json",
    "write_json",
]

ENV_VAR = "HEARTS_DATA_DIR"
SAVE_FILE = "table-save.json"
HISTORY_FILE = "history.json"
SETTINGS_FILE = "settings.json"

TABLE_COLOURS = tuple(TABLE_COLORS)
CARD_BACKS = tuple(BACKS)


class StoreError(HeartsError):
    """A saved file that is missing pieces, has the wrong types, or is not JSON.

    ``.path`` is the file, ``.field`` the part that was wrong (may be empty).
    """

    def __init__(self, message: str, path: Path | str = "", field: str = "") -> None:
        super().__init__(f"{path}: {field + ': ' if field else ''}{message}")
        self.path = str(path)
        self.field = field
        self.reason = message


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder for the save, history and settings files (not created here).

    >>> str(data_dir("/tmp/somewhere"))
    '/tmp/somewhere'
    """
    if override is not None:
        return Path(override)
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    try:
        import platformdirs

        return Path(platformdirs.user_data_dir("hearts", appauthor=False))
    except ImportError:  # pragma: no cover - platformdirs comes with Jupyter
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(base) / "hearts"


def read_json(path: Path) -> Any | None:
    """The JSON in ``path``; ``None`` if the file does not exist.

    Raises :class:`StoreError` for anything unreadable (not UTF-8, not JSON).
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise StoreError(f"cannot be read ({e.strerror or e})", path) from e
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise StoreError(f"is not valid JSON ({e})", path) from e


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically (creates the folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=1)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def keep_bad_copy(path: Path) -> Path | None:
    """Move an unreadable file aside (``name.bad.json``) so nothing is silently lost."""
    bad = path.with_name(path.stem + ".bad" + path.suffix)
    try:
        os.replace(path, bad)
    except OSError:
        return None
    return bad


def _need(cond: bool, message: str, path: Path, field: str) -> None:
    if not cond:
        raise StoreError(message, path, field)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# ----- history -----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class HistoryStats:
    """What the History panel shows."""

    played: int
    won: int
    win_percent: float
    best_final: int | None  # South's lowest final total, None before any game
    current_streak: int
    longest_streak: int


@dataclasses.dataclass
class History:
    """Finished games at the table, kept in ``history.json``.

    A shared win (a tie for the lowest total) counts as a win.
    """

    folder: Path
    games: list[dict[str, Any]] = dataclasses.field(default_factory=list)

    FORMAT = "hearts-history"

    @property
    def path(self) -> Path:
        """The history file."""
        return self.folder / HISTORY_FILE

    @classmethod
    def load(cls, folder: Path) -> History:
        """Read the history (empty if there is none); :class:`StoreError` if it is damaged."""
        path = folder / HISTORY_FILE
        data = read_json(path)
        if data is None:
            return cls(folder)
        _need(isinstance(data, dict), "expected a JSON object", path, "")
        _need(data.get("format") == cls.FORMAT, f"format must be {cls.FORMAT!r}", path, "format")
        _need(data.get("version") == 1, "unknown version", path, "version")
        games = data.get("games")
        _need(isinstance(games, list), "expected a list", path, "games")
        for i, g in enumerate(games):
            where = f"games[{i}]"
            _need(isinstance(g, dict), "expected an object", path, where)
            _need(_is_int(g.get("number")) and g["number"] >= 0, "number must be a whole number", path, where)
            final = g.get("final")
            _need(
                isinstance(final, list) and len(final) >= 3 and all(_is_int(x) for x in final),
                "final must be a list of totals",
                path,
                where + ".final",
            )
            _need(isinstance(g.get("won"), bool), "won must be true or false", path, where + ".won")
        return cls(folder, list(games))

    def add(self, *, number: int, final: tuple[int, ...], winners: tuple[int, ...], level: str = "") -> None:
        """Record a finished game (South is seat 0)."""
        self.games.append(
            {
                "number": number,
                "final": list(final),
                "won": 0 in winners,
                "shared": 0 in winners and len(winners) > 1,
                "level": level,
                "date": datetime.date.today().isoformat(),
            }
        )

    def save(self) -> None:
        """Write ``history.json``."""
        write_json(self.path, {"format": self.FORMAT, "version": 1, "games": self.games})

    def stats(self) -> HistoryStats:
        """Games played and won, win %, best final score, current and longest winning streak."""
        played = len(self.games)
        won = sum(1 for g in self.games if g["won"])
        streak = longest = 0
        for g in self.games:
            streak = streak + 1 if g["won"] else 0
            longest = max(longest, streak)
        best = min((g["final"][0] for g in self.games), default=None)
        pct = round(100.0 * won / played, 1) if played else 0.0
        return HistoryStats(played, won, pct, best, streak, longest)


# ----- settings ----------------------------------------------------------------


@dataclasses.dataclass
class Settings:
    """Table settings kept in ``settings.json``."""

    four_colour: bool = False
    table_colour: str = "green"
    card_back: str = "blue"
    lang: str = "en"
    level: str = "rule"
    step_bots: bool = False

    def validate(self, path: Path | str = "") -> None:
        """Raise :class:`StoreError` naming the first bad field."""
        from hearts.messages import LANGUAGES

        if not isinstance(self.four_colour, bool):
            raise StoreError("must be true or false", path, "four_colour")
        if not isinstance(self.step_bots, bool):
            raise StoreError("must be true or false", path, "step_bots")
        if self.table_colour not in TABLE_COLOURS:
            raise StoreError(f"must be one of {', '.join(TABLE_COLOURS)}", path, "table_colour")
        if self.card_back not in CARD_BACKS:
            raise StoreError(f"must be one of {', '.join(CARD_BACKS)}", path, "card_back")
        if self.lang not in LANGUAGES:
            raise StoreError(f"must be one of {', '.join(LANGUAGES)}", path, "lang")
        if not isinstance(self.level, str) or not self.level:
            raise StoreError("must be a bot level name", path, "level")

    @classmethod
    def load(cls, folder: Path) -> Settings:
        """Read ``settings.json`` (defaults if absent); :class:`StoreError` if damaged."""
        path = folder / SETTINGS_FILE
        data = read_json(path)
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise StoreError("expected a JSON object", path)
        known = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in known:
                raise StoreError("unknown setting", path, key)
        s = cls(**data)
        s.validate(path)
        return s

    def save(self, folder: Path) -> None:
        """Write ``settings.json``."""
        write_json(folder / SETTINGS_FILE, dataclasses.asdict(self))
