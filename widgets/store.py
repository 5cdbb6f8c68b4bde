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
>>> h.add(number=7, final=(40, 55, 101, 62), winners=(0,), game_id="game-1")
True
>>> h.add(number=7, final=(40, 55, 101, 62), winners=(0,), game_id="game-1")  # the same game: never twice
False
>>> h.save()
>>> s = History.load(d).stats()
>>> s.played, s.won, s.win_percent, s.best_final, s.current_streak
(1, 1, 100.0, 40, 1)
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import functools
import hashlib
import json
import os
import uuid
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from hearts import files
from hearts.display import BACKS, TABLE_COLORS
from hearts.errors import HeartsError
from hearts.messages import LANGUAGES, text
from hearts.rules import Rules

from .variants import PRESETS, variant_key

__all__ = [
    "ARCHIVE_FILE",
    "ENV_VAR",
    "HISTORY_BUDGET",
    "Archived",
    "History",
    "HistoryStats",
    "KeptCopy",
    "LEARN_SAVE_FILE",
    "Settings",
    "StoreError",
    "check_version",
    "data_dir",
    "keep_bad_copy",
    "locked",
    "parse_json",
    "put_back",
    "read_bytes",
    "read_json",
    "write_json",
]

ENV_VAR = "HEARTS_DATA_DIR"
SAVE_FILE = "table-save.json"
"""The game table's saved game."""
LEARN_SAVE_FILE = "learn-by-playing-save.json"
"""The Learn by playing app's own saved game (``TableModel(app="learn")``): never the game table's."""
HISTORY_FILE = "history.json"
SETTINGS_FILE = "settings.json"

TABLE_COLOURS = tuple(TABLE_COLORS)
CARD_BACKS = tuple(BACKS)
SPEEDS = ("off", "fast", "normal", "slow")
TRICK_PAUSES = (0, 1, 2, 3, 5)  # seconds; 0: the trick stays until the learner continues
TARGETS = (50, 100)
RULE_PRESETS = tuple(PRESETS)
"""The named variants a table's settings may hold: the keys of :data:`hearts_widgets.variants.PRESETS`."""


class StoreError(HeartsError):
    """A saved file that is missing pieces, has the wrong types, or is not JSON.

    ``.path`` is the file, ``.field`` the part that was wrong (may be empty).
    The reason is a catalogue message, ``.key`` with ``.values``, so the table
    can say it in the learner's language with :meth:`explain` (which names the
    field in words); ``str()`` is the English version, for programmers and logs.
    A value that is a function of the language (a setting's name, a list of
    choices) is put into words in the language asked for.

    >>> e = StoreError("ui.store.setting_on_off", "settings.json", "four_colour",
    ...                setting=setting_name("four_colour"), value=shown("yes"))
    >>> print(e)
    settings.json: four_colour: the setting “four-colour suits” must be on or off (true or false in the file),
    not “yes”
    >>> e.explain("es")
    'el ajuste «palos en cuatro colores» debe estar activado o desactivado (true o false en el archivo), no «yes»'
    """

    def __init__(self, key: str, path: Path | str = "", field: str = "", **values: Any) -> None:
        self.key = key
        self.values = values
        self.path = str(path)
        self.field = field
        super().__init__(": ".join(x for x in (self.path, field, self.explain("en")) if x))

    def __reduce__(self) -> tuple[Any, ...]:  # rebuilt whole when it crosses a process boundary
        return (_rebuild_store_error, (type(self), self.key, self.path, self.field, self.values))

    def explain(self, lang: str = "en") -> str:
        """The reason in ``'en'`` or ``'es'``, naming the part of the file that was wrong."""
        vals = {k: v(lang) if callable(v) else v for k, v in self.values.items()}
        return text(self.key, lang, **vals)

    @property
    def reason(self) -> str:
        """The reason in English (``str()`` without the file and the field)."""
        return self.explain("en")


def _rebuild_store_error(cls: type[StoreError], key: str, path: str, field: str, values: dict[str, Any]) -> StoreError:
    return cls(key, path, field, **values)


def setting_name(name: str) -> Callable[[str], str]:
    """A setting's name in words, in the language it is asked for (``ui.setting.<name>``).

    >>> setting_name("table_colour")("es")
    'color de la mesa'
    """
    return functools.partial(text, f"ui.setting.{name}")


def shown(value: object) -> str:
    """A value from a file as a person reads it: text as it is, anything else as JSON.

    >>> shown("pink"), shown(True), shown([1, 2])
    ('pink', 'true', '[1, 2]')
    """
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=repr)


def _choices(prefix: str, names: tuple[str, ...]) -> Callable[[str], str]:
    """The allowed values of a setting in words (``<prefix><name>`` for each), comma-separated."""
    return functools.partial(_say_choices, prefix, names)


def _say_choices(prefix: str, names: tuple[str, ...], lang: str) -> str:
    return ", ".join(text(prefix + n, lang) for n in names)


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


MAX_FILE_SIZE = 4 * 1024 * 1024
"""The largest save, history or settings file the table reads (a saved game is a few kilobytes)."""


def read_json(path: Path, limit: int | None = None) -> Any | None:
    """The JSON in ``path``; ``None`` if the file does not exist.

    Raises :class:`StoreError` for anything unreadable: not a regular file
    (a named pipe is refused, never waited on), larger than ``limit`` bytes
    (by default :data:`MAX_FILE_SIZE`), not UTF-8, not JSON, nested too deep,
    a number too long to read.
    """
    raw = read_bytes(path, limit)
    return None if raw is None else parse_json(raw, path)


def read_bytes(path: Path, limit: int | None = None) -> bytes | None:
    """The bytes of ``path`` (``None`` if it does not exist); :class:`StoreError` if it is not a regular file
    or is larger than ``limit`` bytes, by default :data:`MAX_FILE_SIZE` (the first half of :func:`read_json`)."""
    try:
        return files.read_limited(path, MAX_FILE_SIZE if limit is None else limit)
    except files.FileContentError as e:
        raise StoreError(f"ui.store.{e.reason}", path, **e.values) from None


def parse_json(raw: bytes, path: Path | str = "") -> Any:
    """The JSON in the bytes ``raw`` read from ``path``; :class:`StoreError` if they are not JSON (the second
    half of :func:`read_json`).

    >>> parse_json(b'{"a": 1}')
    {'a': 1}
    >>> parse_json(b'{"a": ', "x.json")
    Traceback (most recent call last):
    ...
    hearts_widgets.store.StoreError: x.json: it is not valid JSON: something is wrong at line 1, column 7
    """
    try:
        return files.parse_json(raw)
    except files.FileContentError as e:
        raise StoreError(f"ui.store.{e.reason}", path, **e.values) from None


def write_json(path: Path, data: Any) -> bytes:
    """Write ``data`` as JSON to ``path`` whole or not at all (:func:`hearts.files.write_file`; creates the folder).

    Returns the bytes written, so a table can tell later whether the file is still as it left it.
    """
    raw = (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    files.write_file(path, raw)
    return raw


LOCK_FILE = files.LOCK_FILE
"""The lock file of a data folder, held while a shared file is read, merged and written
(:data:`hearts.files.LOCK_FILE`)."""
LOCK_TIMEOUT = files.LOCK_TIMEOUT
"""Seconds to wait for another table to finish writing before giving up (with ``TimeoutError``;
:data:`hearts.files.LOCK_TIMEOUT`)."""


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the data folder's lock (:mod:`filelock`) while shared files are read, merged and written.

    Every table, in every process, takes it before it changes the history,
    the settings, the learn progress or the saved game, so two tables never
    undo each other's changes. ``OSError`` if the folder cannot hold the lock
    (read-only), ``TimeoutError`` (an ``OSError`` too) if another table keeps
    it for more than :data:`LOCK_TIMEOUT` seconds.
    """
    with files.locked(folder):  # the same lock as the tutor's progress (hearts.tutor.progress)
        yield


def keep_bad_copy(path: Path) -> Path | None:
    """Move an unreadable file aside (``name.bad.json``, ``name.bad-2.json``, …: never over an earlier copy).

    Returns where it was kept, or ``None`` if it could not be moved (it is then left where it is, untouched).
    """
    return files.keep_damaged(path)


def put_back(copy: Path, path: Path) -> bool:
    """Move a copy kept by :func:`keep_bad_copy` back to ``path``, if nothing has taken its place meanwhile.

    For when what was to replace the damaged file could not be written: the
    folder is then as it was. False if the copy stays where it was kept.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "history.json").write_text("{damaged")
    >>> kept = keep_bad_copy(d / "history.json")
    >>> put_back(kept, d / "history.json"), sorted(p.name for p in d.iterdir())
    (True, ['history.json'])
    """
    try:
        os.link(copy, path, follow_symlinks=False)  # fails if ``path`` exists: nothing is written over
    except FileExistsError:
        return False
    except OSError:
        if path.exists() or path.is_symlink():
            return False
        try:  # no hard links here: a rename, the name being free
            os.rename(copy, path)
        except OSError:
            return False
        return True
    with contextlib.suppress(OSError):  # if it cannot go, the copy stays too: nothing is lost
        os.unlink(copy)
    return True


@dataclasses.dataclass(frozen=True)
class KeptCopy:
    """A damaged file found while writing: ``error`` says what was wrong with ``path``, kept as ``copy``."""

    path: Path
    copy: Path
    error: StoreError


def _need(cond: bool, key: str, path: Path, field: str, **values: Any) -> None:
    if not cond:
        raise StoreError(key, path, field, where=field, **values)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def is_version_1(value: object) -> bool:
    """Whether a file's ``"version"`` is the number 1 (``true`` is not: it only equals 1 in Python).

    >>> is_version_1(1), is_version_1(True), is_version_1(1.0)
    (True, False, False)
    """
    return _is_int(value) and value == 1


def check_version(value: object, path: Path | str) -> None:
    """Refuse a file whose ``"version"`` is not 1, with :class:`StoreError` on the field ``version``: one
    written by a newer version of hearts (a whole number above 1) says so, and that updating hearts reads it.

    >>> check_version(1, "x.json")
    >>> check_version(2, "x.json")
    Traceback (most recent call last):
    ...
    hearts_widgets.store.StoreError: x.json: version: it was written by a newer version of hearts (its “version” is 2,
    and this version reads only version 1): update hearts to open it
    >>> check_version(True, "x.json")
    Traceback (most recent call last):
    ...
    hearts_widgets.store.StoreError: x.json: version: its “version” is true, and only version 1 can be read
    """
    if is_version_1(value):
        return
    key = "ui.store.newer" if isinstance(value, int) and _is_int(value) and value > 1 else "ui.store.version"
    raise StoreError(key, path, "version", value=shown(value))


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


HISTORY_BUDGET = 3 * 1024 * 1024
"""The largest ``history.json`` the table writes: well under :data:`MAX_FILE_SIZE`, the largest it reads.
A history that would grow past it moves its oldest games into an archive file (see :meth:`History.save`)."""
HISTORY_KEEP = HISTORY_BUDGET // 2
"""What ``history.json`` is brought down to when its oldest games are archived (so it is not done at every game)."""
OLDER_HISTORY_LIMIT = 16 * 1024 * 1024
"""The largest ``history.json`` read at all: one an older version wrote past :data:`MAX_FILE_SIZE` (pretty-printed)
is still read, and archived down to size at the next save, so its games are not lost."""
ARCHIVE_FILE = "history-archive-{n}.json"
"""Where the oldest games go (n = 1, 2, …): kept for the learner, never written over nor deleted by the table."""


@dataclasses.dataclass(frozen=True)
class Archived:
    """What the History panel needs of the games moved into archive files, kept in ``history.json``
    (``"archived"``), so the totals and streaks stay right without reading the archives.

    ``last_streak``: the winning streak the archived games end with (it goes on in ``history.json``).
    ``files``: the archive files, oldest first. ``variants``: the same counts for each variant's games alone
    (by :func:`~hearts_widgets.variants.variant_key`; a game recorded before games kept their rules counts
    as the standard game to 100). ``ids``: the keys (:func:`game_key`) of counted games that are in no archive
    file here, left out of a browser's copy or a progress file for lack of room (:meth:`History.take_in` does
    not count such a game twice when it comes back whole from another copy).
    """

    played: int = 0
    won: int = 0
    best_final: int | None = None
    longest_streak: int = 0
    last_streak: int = 0
    files: tuple[str, ...] = ()
    variants: tuple[tuple[str, Archived], ...] = ()
    ids: tuple[str, ...] = ()

    def variant(self, key: str) -> Archived:
        """The counts of variant ``key``'s archived games alone.

        >>> a = Archived().then([{"won": True, "final": [30, 50, 60, 70]}, {"won": True, "final": [4, 1, 2],
        ...     "rules": {"num_players": 3, "target_score": 50}}])
        >>> a.variant("p4-t100").played, a.variant("p3-t50").last_streak, a.variant("p5-t100").played
        (1, 1, 0)
        """
        if not self.variants and key == variant_key(None):  # written before variants were kept apart
            return dataclasses.replace(self, files=())
        return dict(self.variants).get(key, Archived())

    def then(self, games: Iterable[dict[str, Any]]) -> Archived:
        """These totals followed by ``games`` (in the order played).

        >>> a = Archived().then([{"won": True, "final": [30, 50, 60, 70]}, {"won": True, "final": [40, 1, 2, 3]}])
        >>> a.played, a.won, a.best_final, a.longest_streak, a.last_streak
        (2, 2, 30, 2, 2)
        >>> b = a.then([{"won": False, "final": [90, 1, 2, 3]}, {"won": True, "final": [20, 50, 60, 70]}])
        >>> b.played, b.won, b.best_final, b.longest_streak, b.last_streak
        (4, 3, 20, 2, 1)
        """
        games = list(games)
        by_key: dict[str, list[dict[str, Any]]] = {}
        for g in games:
            by_key.setdefault(variant_key(g.get("rules")), []).append(g)
        variants = dict(self.variants)
        if not variants and self.played:  # archived before variants were kept apart: the standard game's
            variants[variant_key(None)] = dataclasses.replace(self, files=())
        for key, some in by_key.items():
            variants[key] = variants.get(key, Archived())._counted(some)
        return dataclasses.replace(self._counted(games), variants=tuple(sorted(variants.items())))

    def _counted(self, games: list[dict[str, Any]]) -> Archived:
        """These counts followed by ``games``, all variants together (``variants`` left as they are)."""
        played, won, best = self.played, self.won, self.best_final
        longest, streak = self.longest_streak, self.last_streak
        for g in games:
            played += 1
            won += bool(g["won"])
            streak = streak + 1 if g["won"] else 0
            longest = max(longest, streak)
            best = g["final"][0] if best is None else min(best, g["final"][0])
        return Archived(played, won, best, longest, streak, self.files, self.variants, self.ids)

    def to_dict(self) -> dict[str, Any]:
        """As kept in ``history.json``."""
        return {
            "played": self.played,
            "won": self.won,
            "best_final": self.best_final,
            "longest_streak": self.longest_streak,
            "last_streak": self.last_streak,
            "files": list(self.files),
            **({"variants": {k: v._counts() for k, v in self.variants}} if self.variants else {}),
            **({"ids": list(self.ids)} if self.ids else {}),
        }

    def _counts(self) -> dict[str, Any]:
        return {k: v for k, v in self.to_dict().items() if k not in ("files", "variants", "ids")}

    @classmethod
    def from_dict(cls, data: object, path: Path, where: str = "archived") -> Archived:
        """Read ``"archived"`` from ``history.json``: :class:`StoreError` naming the part that is wrong."""
        key = "ui.store.history_archived"
        if not isinstance(data, dict):
            raise StoreError(key, path, where, where=where)
        counts: dict[str, int] = {}
        for name in ("played", "won", "longest_streak", "last_streak"):
            value = data.get(name)
            if not (isinstance(value, int) and _is_int(value) and value >= 0):
                raise StoreError(key, path, f"{where}.{name}", where=f"{where}.{name}")
            counts[name] = value
        best = data.get("best_final")
        if not (best is None or (isinstance(best, int) and _is_int(best))):
            raise StoreError(key, path, f"{where}.best_final", where=f"{where}.best_final")
        names = data.get("files", [] if where != "archived" else None)
        if not (isinstance(names, list) and all(isinstance(n, str) and "/" not in n and "\\" not in n for n in names)):
            raise StoreError(key, path, f"{where}.files", where=f"{where}.files")
        variants: list[tuple[str, Archived]] = []
        if where == "archived" and "variants" in data:
            found = data["variants"]
            if not isinstance(found, dict):
                raise StoreError(key, path, f"{where}.variants", where=f"{where}.variants")
            for variant, its in found.items():
                variants.append((str(variant), cls.from_dict(its, path, f"{where}.variants.{variant}")))
        ids = data.get("ids", []) if where == "archived" else []
        if not (isinstance(ids, list) and all(isinstance(i, str) for i in ids)):
            raise StoreError(key, path, f"{where}.ids", where=f"{where}.ids")
        won, played, longest, last = counts["won"], counts["played"], counts["longest_streak"], counts["last_streak"]
        if not (won <= played and last <= longest <= won and len(ids) <= played):  # the numbers must add up
            raise StoreError(key, path, where, where=where)
        return cls(played, won, best, longest, last, tuple(str(n) for n in names), tuple(sorted(variants)),
                   tuple(ids))  # fmt: skip


@dataclasses.dataclass
class History:
    """Finished games at the table, kept in ``history.json``.

    A shared win (a tie for the lowest total) counts as a win. The file is
    written compactly (one game a line) and never past :data:`HISTORY_BUDGET`:
    the oldest games then go into an archive file (:data:`ARCHIVE_FILE`), and
    ``archived`` keeps what the totals and streaks need of them.
    """

    folder: Path
    games: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    _new: list[dict[str, Any]] = dataclasses.field(default_factory=list, repr=False, compare=False)
    archived: Archived = dataclasses.field(default_factory=Archived)

    FORMAT = "hearts-history"
    ARCHIVE_FORMAT = "hearts-history-archive"

    @property
    def path(self) -> Path:
        """The history file."""
        return self.folder / HISTORY_FILE

    @classmethod
    def load(cls, folder: Path) -> History:
        """Read the history (empty if there is none); :class:`StoreError` if it is damaged."""
        path = folder / HISTORY_FILE
        try:
            raw = files.read_limited(path, OLDER_HISTORY_LIMIT)  # an older version's oversized file is read too
        except files.FileContentError as e:
            raise StoreError(f"ui.store.{e.reason}", path, **e.values) from None
        if raw is None:
            return cls(folder)
        data = parse_json(raw, path)
        _need(isinstance(data, dict), "ui.store.not_object", path, "")
        _need(data.get("format") == cls.FORMAT, "ui.store.history_format", path, "format", format=cls.FORMAT)
        check_version(data.get("version"), path)
        games = data.get("games")
        _need(isinstance(games, list), "ui.store.history_games", path, "games")
        archived = Archived.from_dict(data["archived"], path) if "archived" in data else Archived()
        for i, g in enumerate(games):
            where = f"games[{i}]"
            _need(isinstance(g, dict), "ui.store.history_entry", path, where, entry=i + 1)
            _need(
                _is_int(g.get("number")) and g["number"] >= 0,
                "ui.store.history_number",
                path,
                where + ".number",
                entry=i + 1,
                value=shown(g.get("number")),
            )
            final = g.get("final")
            _need(
                isinstance(final, list) and len(final) >= 3 and all(_is_int(x) for x in final),
                "ui.store.history_final",
                path,
                where + ".final",
                entry=i + 1,
            )
            _need(isinstance(g.get("won"), bool), "ui.store.history_won", path, where + ".won", entry=i + 1)
            # Optional (early files lack them), but of the right kind when present.
            _need(
                isinstance(g.get("shared", False), bool),
                "ui.store.history_shared",
                path,
                where + ".shared",
                entry=i + 1,
            )
            _need(isinstance(g.get("id", ""), str), "ui.store.history_id", path, where + ".id", entry=i + 1)
            for name in ("level", "date"):
                _need(isinstance(g.get(name, ""), str), "ui.store.history_text", path, f"{where}.{name}", entry=i + 1)
            if "rules" in g:  # the game's variant (games recorded before rules were kept have none)
                ok = _game_problem("rules", g["rules"], g) is None
                _need(ok, "ui.store.history_rules", path, f"{where}.rules", entry=i + 1)
        return cls(folder, list(games), archived=archived)

    @classmethod
    def reset(cls, folder: Path) -> History:
        """Start a new, empty history in ``folder`` (written at once, under the folder's lock) and return it."""
        h = cls(folder)
        with locked(folder):
            files.write_file(h.path, h._encode())
        return h

    def add(
        self,
        *,
        number: int,
        final: tuple[int, ...],
        winners: tuple[int, ...],
        level: str = "",
        game_id: str | None = None,
        abandoned: bool = False,
        rules: Rules | None = None,
    ) -> bool:
        """Record a finished game (South is seat 0); False if the game ``game_id`` is already recorded.

        ``game_id`` is the game's identity (the table gives every game one): a
        game is never counted twice, even when a table that crashed after
        recording it records it again on resuming. Without it a fresh identity
        is made. The game is written by the next :meth:`save`. ``abandoned``: a
        game left unfinished, so played and not won (a winning streak ends).
        A value the history file cannot hold is refused with :class:`StoreError`
        naming it (``.field``), and nothing is recorded. ``rules``: the game's
        rules, kept with it, so :meth:`stats` counts each variant apart.

        >>> h = History(Path("."))
        >>> h.add(number=1, final=(20, 30, 40, 50), winners=(0,))
        True
        >>> h.add(number=2, final=(31, 12, 8, 40), winners=(), abandoned=True)
        True
        >>> s = h.stats()
        >>> s.played, s.won, s.current_streak, s.longest_streak
        (2, 1, 0, 1)
        >>> h.add(number="x", final=(1, 2, 3, 4), winners=(0,))
        Traceback (most recent call last):
        ...
        hearts_widgets.store.StoreError: history.json: number: the game cannot be recorded: “number” must be a whole
        number, 0 or more, not “x”
        """
        if rules is not None and not isinstance(rules, Rules):
            raise StoreError("ui.store.history_add", self.path, "rules", where="rules", need=_need_text("rules"),
                             value=shown(repr(rules)))  # fmt: skip
        _check_game(
            {"number": number, "final": final, "winners": winners, "level": level, "game_id": game_id,
             "abandoned": abandoned, **({} if rules is None else {"rules": rules.to_dict()})}, self.path,
        )  # fmt: skip
        if game_id is not None and any(g.get("id") == game_id for g in (*self.games, *self._new)):
            return False
        entry: dict[str, Any] = {
            "id": game_id if game_id is not None else uuid.uuid4().hex,
            "number": number,
            "final": list(final),
            "won": 0 in winners and not abandoned,
            "shared": 0 in winners and len(winners) > 1 and not abandoned,
            "level": level,
            "date": datetime.date.today().isoformat(),
        }
        if abandoned:
            entry["abandoned"] = True
        if rules is not None:
            entry["rules"] = rules.to_dict()
        self.games.append(entry)
        self._new.append(entry)
        return True

    def save(self) -> None:
        """Write ``history.json``, merged under the folder's lock with what other tables wrote meanwhile.

        The games added here since the last save are added to the file as it
        is now (those whose identity it already holds are skipped), so two
        tables never lose each other's games and a history started anew
        elsewhere is not undone. :class:`StoreError` if the file became damaged
        meanwhile (it is then left as it is), or if a game added here was
        changed into one the file cannot hold (then nothing is written).
        """
        for entry in self._new:  # what load() would refuse is never written
            _check_game(entry, self.path)
        with locked(self.folder):
            disk = History.load(self.folder)
            ids = {g.get("id") for g in disk.games}
            disk.games.extend(g for g in self._new if g["id"] not in ids)
            raw = disk._encode()
            archive = None
            if len(raw) > HISTORY_BUDGET:
                archive, raw = disk._archive_oldest()
            try:
                files.write_file(self.path, raw)
            except BaseException:
                if archive is not None:  # not in history.json's list: its games are still in history.json
                    with contextlib.suppress(OSError):
                        archive.unlink()
                raise
        self.games = disk.games
        self.archived = disk.archived
        self._new = []

    def take_in(self, games: Iterable[dict[str, Any]], *, archived: Archived | None = None) -> int:
        """Add games recorded elsewhere (a browser's copy, a progress file; each as :meth:`load` reads them) to
        the file, under the folder's lock; those whose identity it already holds are skipped, and the games are
        kept in the order played (by date). ``archived``: the totals of games archived elsewhere, taken when
        this history has none and no game yet, or no totals and none of the games they count (every one of
        them known by its key, ``Archived.ids``: the oldest games, left out of a copy for lack of room); a game
        counted in the totals taken is not added again. Returns how many games were added.

        >>> import tempfile, pathlib
        >>> d = pathlib.Path(tempfile.mkdtemp())
        >>> g = {"id": "a", "number": 3, "final": [20, 30, 40, 50], "won": True, "level": "", "date": "2026-01-02"}
        >>> History.load(d).take_in([g]), History.load(d).take_in([g]), History.load(d).stats().played
        (1, 0, 1)
        """
        with locked(self.folder):
            disk = History.load(self.folder)
            take_archived = archived is not None and disk.archived == Archived() and _joins(archived, disk.games)
            counted = set(archived.ids if take_archived and archived is not None else disk.archived.ids)
            seen = {g.get("id") or json.dumps(g, sort_keys=True) for g in disk.games}
            new = []
            for g in games:
                key = g.get("id") or json.dumps(g, sort_keys=True)
                if key not in seen and game_key(g) not in counted:  # not here, nor counted in the totals
                    seen.add(key)
                    new.append(dict(g))
            if not new and not take_archived:
                self.games, self.archived = disk.games, disk.archived
                return 0
            disk.games = sorted(disk.games + new, key=lambda g: str(g.get("date", "")))  # stable: same day keeps order
            if take_archived and archived is not None:
                disk.archived = dataclasses.replace(archived, files=())  # the archive files are not here
            raw = disk._encode()
            if len(raw) > HISTORY_BUDGET:
                _archive, raw = disk._archive_oldest()
            files.write_file(self.path, raw)
        self.games, self.archived = disk.games, disk.archived
        return len(new)

    def _archive_oldest(self) -> tuple[Path, bytes]:
        """Move the oldest games into a new archive file (under the folder's lock), so that ``history.json`` is
        back to :data:`HISTORY_KEEP`; the archive file and the bytes ``history.json`` is to hold now.

        The archive is written first, whole or not at all; ``archived`` then counts its games. The archive
        gets the first free name (an archive is never written over), and holds at most what was moved.
        """
        lines = [_game_line(g) for g in self.games]
        left, cut = sum(len(x) + 2 for x in lines), 0
        while cut < len(lines) - 1 and left > HISTORY_KEEP:
            left -= len(lines[cut]) + 2
            cut += 1
        moved = self.games[:cut]
        n = 1
        archive = self.folder / ARCHIVE_FILE.format(n=n)
        while archive.exists() or archive.is_symlink():  # an archive, or any file of that name, is never written over
            n += 1
            archive = self.folder / ARCHIVE_FILE.format(n=n)
        files.write_file(archive, _encode_games({"format": self.ARCHIVE_FORMAT, "version": 1}, lines[:cut]))
        self.games = self.games[cut:]
        self.archived = dataclasses.replace(self.archived.then(moved), files=(*self.archived.files, archive.name))
        return archive, _encode_games(self._head(), lines[cut:])

    def refresh(self) -> None:
        """Take in the games other tables recorded (unchanged if the file cannot be read now)."""
        try:
            disk = History.load(self.folder)
        except StoreError:
            return
        ids = {g.get("id") for g in disk.games}
        self.games = disk.games + [g for g in self._new if g["id"] not in ids]
        self.archived = disk.archived  # another table may have moved old games into an archive meanwhile

    def _head(self) -> dict[str, Any]:
        head: dict[str, Any] = {"format": self.FORMAT, "version": 1}
        if self.archived != Archived():
            head["archived"] = self.archived.to_dict()
        return head

    def _encode(self) -> bytes:
        """``history.json`` as written: compact JSON, one game a line."""
        return _encode_games(self._head(), [_game_line(g) for g in self.games])

    def stats(self, rules: Rules | None = None) -> HistoryStats:
        """Games played and won, win %, best final score, current and longest winning streak (the archived
        games counted too): of every game, or of the games played with ``rules`` alone (the same variant and
        target; a game recorded before games kept their rules counts as the standard game to 100).

        >>> h = History(Path("."))
        >>> h.add(number=1, final=(20, 30, 40, 50), winners=(0,))
        True
        >>> h.add(number=2, final=(60, 12, 8), winners=(2,), rules=Rules(num_players=3, target_score=50))
        True
        >>> h.stats().played, h.stats(Rules()).current_streak, h.stats(Rules(num_players=3, target_score=50)).won
        (2, 1, 0)
        """
        if rules is None:
            a = self.archived.then(self.games)
        else:
            key = variant_key(rules)
            a = self.archived.variant(key)._counted([g for g in self.games if variant_key(g.get("rules")) == key])
        pct = round(100.0 * a.won / a.played, 1) if a.played else 0.0
        return HistoryStats(a.played, a.won, pct, a.best_final, a.last_streak, a.longest_streak)


def _joins(archived: Archived, games: list[dict[str, Any]]) -> bool:
    """Whether the totals ``archived`` (from a copy) can be taken by a history whose games are ``games`` and that
    has no totals: with no game yet, or when every game they count is known by its key and none is among these."""
    if not games:
        return True
    if len(archived.ids) != archived.played or not archived.played:
        return False
    ids = set(archived.ids)
    return not any(game_key(g) in ids for g in games)


def game_key(game: dict[str, Any]) -> str:
    """A History game's identity as a short key (16 hex digits of a SHA-256): of its ``"id"``, or of the whole
    game for one recorded before games had one.

    >>> game_key({"id": "a"}) == game_key({"id": "a", "won": True}), len(game_key({"won": False}))
    (True, 16)
    """
    ident = game.get("id") or json.dumps(game, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(str(ident).encode("utf-8")).hexdigest()[:16]


def _game_line(game: dict[str, Any]) -> bytes:
    return json.dumps(game, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _encode_games(head: dict[str, Any], lines: list[bytes]) -> bytes:
    """``head`` and ``"games"`` (each already :func:`_game_line`) as compact JSON, one game a line (small, and
    still readable in a text editor).

    >>> _encode_games({"format": "x"}, [_game_line({"a": 1}), _game_line({"a": 2})]).decode()
    '{"format":"x","games":[\\n{"a":1},\\n{"a":2}\\n]}\\n'
    """
    start = json.dumps(head, ensure_ascii=False, separators=(",", ":"))[:-1]
    body = b",\n".join(lines)
    return start.encode("utf-8") + (b',"games":[\n' + body + b"\n]}\n" if lines else b',"games":[]}\n')


def _need_text(kind: str) -> Callable[[str], str]:
    return functools.partial(text, f"ui.store.need.{kind}")


def _game_problem(name: str, value: object, entry: dict[str, Any]) -> str | None:
    """What ``value`` of the field ``name`` of a game for the history must be (``None``: it is fine)."""
    if name == "number":
        return None if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else "number"
    if name == "final":
        ok = isinstance(value, (list, tuple)) and len(value) >= 3 and all(_is_int(x) for x in value)
        return None if ok else "final"
    if name == "winners":
        if not isinstance(value, (list, tuple)):
            return "winners"
        seats = range(len(entry["final"]))
        ok = all(_is_int(x) and x in seats for x in value) and len(set(value)) == len(value)
        return None if ok else "winners"
    if name in ("won", "shared", "abandoned"):
        return None if isinstance(value, bool) else "on_off"
    if name == "game_id":
        return None if value is None or isinstance(value, str) else "text"
    if name in ("id", "level", "date"):
        return None if isinstance(value, str) else "text"
    if name == "rules":
        if not isinstance(value, dict):
            return "rules"
        try:
            rules = Rules.from_dict(value)
        except HeartsError:
            return "rules"
        return None if len(entry.get("final", ())) == rules.num_players else "rules"
    return None


def _check_game(entry: dict[str, Any], path: Path) -> None:
    """Refuse, naming the field, a game the history file could not hold (what :meth:`History.load` checks)."""
    for name, value in entry.items():
        kind = _game_problem(name, value, entry)
        if kind is not None:
            raise StoreError(
                "ui.store.history_add", path, name, where=name, need=_need_text(kind), value=shown(value)
            )


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
    learn: bool | None = None  # learn mode; None: on until the learner has finished a hand
    notes_again: bool = False  # learn mode shows each rule's note again in every hand
    coach: bool = False  # learn mode comments when the rule bot would have chosen differently
    speed: str = "normal"  # how fast cards move: one of SPEEDS ("off": no movement)
    trick_pause: int = 0  # seconds a finished trick stays before it is taken away; 0: until you continue
    sound: bool = False  # short sounds made in the browser (Web Audio), off by default
    target_score: int = 100  # the score that ends a game: one of TARGETS
    rules: str = "standard"  # the variant new games are played with: one of RULE_PRESETS (hearts_widgets.variants)

    def validate(self, path: Path | str = "") -> None:
        """Raise :class:`StoreError` naming the first bad field (the setting's name, in words).

        >>> Settings(table_colour="pink").validate()
        Traceback (most recent call last):
        ...
        hearts_widgets.store.StoreError: table_colour: “pink” is not a choice for the setting “table colour” (...)
        """
        for name in ("four_colour", "step_bots", "learn", "notes_again", "coach", "sound"):
            value = getattr(self, name)
            if not isinstance(value, bool) and not (name == "learn" and value is None):
                raise StoreError(
                    "ui.store.setting_on_off", path, name, setting=setting_name(name), value=shown(value)
                )
        choices: tuple[tuple[str, type, tuple[str | int, ...], str], ...] = (
            ("table_colour", str, TABLE_COLOURS, "ui.colour."),
            ("card_back", str, CARD_BACKS, "ui.colour."),
            ("lang", str, LANGUAGES, "ui.lang."),
            ("speed", str, SPEEDS, "ui.speed."),
            ("trick_pause", int, TRICK_PAUSES, "ui.pause."),
            ("target_score", int, TARGETS, "ui.target."),
            ("rules", str, RULE_PRESETS, "ui.rules.preset."),
        )
        for name, kind, allowed, prefix in choices:
            value = getattr(self, name)
            if not isinstance(value, kind) or isinstance(value, bool) or value not in allowed:
                raise StoreError(
                    "ui.store.setting_choice",
                    path,
                    name,
                    setting=setting_name(name),
                    value=shown(value),
                    choices=_choices(prefix, tuple(str(x) for x in allowed)),
                )
        if not isinstance(self.level, str) or not self.level:
            raise StoreError(
                "ui.store.setting_level", path, "level", setting=setting_name("level"), value=shown(self.level)
            )

    @classmethod
    def load(cls, folder: Path) -> Settings:
        """Read ``settings.json`` (defaults if absent); :class:`StoreError` if damaged."""
        path = folder / SETTINGS_FILE
        data = read_json(path)
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise StoreError("ui.store.not_object", path)
        known = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in known:
                raise StoreError("ui.store.unknown_setting", path, key, name=key)
        s = cls(**data)
        s.validate(path)
        return s

    def save(self, folder: Path) -> None:
        """Write every setting to ``settings.json`` (under the folder's lock).

        Settings :meth:`load` would refuse are refused here, with
        :class:`StoreError` naming the first bad one, and nothing is written.
        """
        self.validate(folder / SETTINGS_FILE)
        with locked(folder):
            write_json(folder / SETTINGS_FILE, dataclasses.asdict(self))

    @classmethod
    def update(
        cls,
        folder: Path,
        names: Iterable[str],
        source: Settings,
        *,
        on_kept: Callable[[KeptCopy], None] | None = None,
    ) -> Settings:
        """Change only the settings ``names`` in ``settings.json``, to their values in ``source``.

        Read, changed and written under the folder's lock, so a setting another
        table changed meanwhile is kept. A file that became damaged meanwhile
        is kept aside (:func:`keep_bad_copy`), ``on_kept`` is told where, and
        every setting of ``source`` is written in its place (what the table
        shows, not the defaults); if it cannot be moved aside it is left as it
        is and :class:`StoreError` is raised. If the new file then cannot be
        written, the damaged one is put back (:func:`put_back`). Returns the
        settings as written.

        >>> import tempfile, pathlib
        >>> d = pathlib.Path(tempfile.mkdtemp())
        >>> a, b = Settings(), Settings()
        >>> a.four_colour, b.table_colour = True, "red"
        >>> _ = Settings.update(d, ["four_colour"], a)
        >>> s = Settings.update(d, ["table_colour"], b)
        >>> s.four_colour, s.table_colour
        (True, 'red')
        """
        names = list(names)
        source.validate()
        path = folder / SETTINGS_FILE
        kept: KeptCopy | None = None
        with locked(folder):
            try:
                current = cls.load(folder)
            except StoreError as e:
                copy = keep_bad_copy(path)
                if copy is None:
                    raise
                kept = KeptCopy(path, copy, e)
                current = dataclasses.replace(source)
            for name in names:
                setattr(current, name, getattr(source, name))
            try:
                write_json(path, dataclasses.asdict(current))
            except OSError:
                if kept is not None and put_back(kept.copy, path):
                    kept = None  # the damaged file is where it was
                raise
            finally:
                if kept is not None and on_kept is not None:
                    on_kept(kept)
        return current
