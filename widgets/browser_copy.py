"""The copy of a learner's progress kept in the browser, and the progress file.

The kernel's data folder (:mod:`hearts_widgets.store`) is thrown away with a
Binder session or a temporary JupyterHub home. So the table's front end keeps
a copy of the same files in the browser's ``localStorage``, one key per file,
under :data:`PREFIX` (which names the format version)::

    hearts/v1/table-save.json                the game table's game in progress
    hearts/v1/learn-by-playing-save.json     the Learn by playing app's game
    hearts/v1/history.json                   History (the latest games, within HISTORY_BUDGET)
    hearts/v1/settings.json                  the settings
    hearts/v1/learn-progress.json            learn mode's progress (game table)
    hearts/v1/learn-by-playing-progress.json learn mode's progress (Learn by playing)
    hearts/v1/kept-hands.json                the kept hands (games/*.jsonl, the latest within KEPT_BUDGET)
    hearts/v1/tutor_progress.json            the exercises and quizzes done (hearts.tutor)

Each value is an envelope, ``{"format": "hearts-browser-copy", "version": 1,
"changed": <ms since 1970>, "file": <the file's JSON>}``. Keys of other apps
are never read nor written.

When a table opens, the browser sends its copy; :func:`merge` checks every
file with the same strict loaders as the folder's files, merges it into the
folder under the folder's lock and answers with what the browser should keep:

- History: the union of the games, by their identity (nothing finished is lost);
- learn progress: the union of the rules met, the larger count of hands;
- the kept hands (:mod:`hearts_widgets.game_log`, read by ``my_games()``): the union, by each hand's key
  (never twice); a record that does not replay is listed and skipped (and set aside in the browser);
- the exercises and quizzes (:func:`hearts.tutor.progress.merge_progress`): every exercise passed in either is
  passed; the latest attempt counts;
- settings: the ones changed last (the browser's time of change against the file's);
- the game in progress: the same game is taken where it is furthest on; of two
  different games, one a person has played in wins over one nobody has, else the
  newer; the other goes into History as unfinished (or as finished, if it was).

A progress file (:func:`progress_file`, :func:`load_progress_file`) holds the
same files in one JSON document, merged in the same way when loaded back.

>>> import tempfile, pathlib
>>> a, b = pathlib.Path(tempfile.mkdtemp()), pathlib.Path(tempfile.mkdtemp())
>>> h = store.History.load(a)
>>> h.add(number=7, final=(40, 55, 101, 62), winners=(0,), game_id="g7")
True
>>> h.save()
>>> report = merge(b, browser_entries(a))  # a browser that played in folder a opens a table on folder b
>>> report.changed, [g["id"] for g in store.History.load(b).games]
(True, ['g7'])
"""

from __future__ import annotations

import dataclasses
import datetime
import html
import json
import math
import os
import tempfile
import time
import weakref
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any

from hearts.messages import text, text_n
from hearts.tutor import progress as tutor_progress

from . import game_log, store
from .learn_model import LEARN_APP_PROGRESS_FILE, PROGRESS_FILE, Progress
from .rule_notes import ALL_RULES

__all__ = [
    "BROWSER_BUDGET",
    "COPY_FORMAT",
    "FILES",
    "HISTORY_BUDGET",
    "KEPT_BUDGET",
    "KEPT_FILE",
    "KEPT_FORMAT",
    "TUTOR_FILE",
    "PREFIX",
    "PROGRESS_FORMAT",
    "CopyKeeper",
    "Keeper",
    "MergeReport",
    "browser_entries",
    "load_progress_file",
    "merge",
    "progress_file",
]

PREFIX = "hearts/v1/"
"""The start of every localStorage key of this format (version 1); other keys are never touched."""
COPY_FORMAT = "hearts-browser-copy"
PROGRESS_FORMAT = "hearts-progress"
SAVES = (store.SAVE_FILE, store.LEARN_SAVE_FILE)
PROGRESSES = (PROGRESS_FILE, LEARN_APP_PROGRESS_FILE)
KEPT_FILE = "kept-hands.json"
"""The kept hands (the data folder's ``games/hands-NNNN.jsonl``), as one file of the copy: ``{"format":
KEPT_FORMAT, "version": 1, "hands": [record, ...]}``, each record an object as one line of those files holds it."""
KEPT_FORMAT = "hearts-kept-hands"
TUTOR_FILE = tutor_progress.PROGRESS_FILE
"""The exercises and quizzes done (:mod:`hearts.tutor.progress`), the data folder's ``tutor_progress.json``."""
FILES = (*SAVES, store.HISTORY_FILE, store.SETTINGS_FILE, *PROGRESSES, KEPT_FILE, TUTOR_FILE)
"""The files kept in the browser and in a progress file (names as in the data folder; the kept hands are the
folder's ``games/`` sub-folder)."""
KEPT_BUDGET = 500_000
"""The most characters of kept hands kept in the browser (a hand's record is about 1,300: some 380 hands): the
latest that fit; the older ones stay in the folder (and in the progress file). With History's
:data:`HISTORY_BUDGET`, the games in progress and the progress files, the copy stays within :data:`BROWSER_BUDGET`."""
PROGRESS_KEPT_BUDGET = 2_000_000
"""The most bytes of kept hands in a progress file (about 1,500 hands, the latest; fewer when the rest of the
file leaves less room: the whole file stays under :data:`hearts_widgets.store.MAX_FILE_SIZE` to be loaded back)."""
HISTORY_BUDGET = 1_000_000
"""The most characters of History kept in the browser (localStorage holds about 5 MB per site, shared with
the other apps of the same server): the latest games that fit; the older ones stay in the folder."""
BROWSER_BUDGET = 2_000_000
"""The most characters of the whole copy (every file) kept in the browser."""

Words = Callable[[str], str]


def _say(key: str, plural: int | None = None, /, **values: Any) -> Words:
    def words(lang: str) -> str:
        vals = {k: v(lang) if callable(v) else v for k, v in values.items()}
        return text(key, lang, **vals) if plural is None else text_n(key, plural, lang, **vals)

    return words


def _what(name: str) -> Words:
    """A kept file in words ("History", "the game in progress", …)."""
    return _say(f"ui.copy.file.{name.removesuffix('.json')}")


@dataclasses.dataclass
class MergeReport:
    """What :func:`merge` did.

    ``changed``: the folder was written (a table open on it should read it again); ``store``: what the browser
    should keep now (key → envelope text; ``None``: remove the key); ``damaged``: keys whose value could not be
    used (kept aside by the browser before ``store`` replaces them); ``problems``: what to tell the learner;
    ``brought``: the files taken from the copy; ``games_added``: games added to History; ``not_kept``: History's
    older games left out of the browser's copy for lack of room; ``hands_added``: kept hands added to the folder;
    ``hands_damaged``: the copy's hand records that could not be used, ``(index, reason)`` (skipped);
    ``hands_kept`` and ``hands_not_kept``: the kept hands in the browser's copy now, and the older ones only in
    the folder (``None``: the kept hands were not sent this time).
    """

    changed: bool = False
    store: dict[str, str | None] = dataclasses.field(default_factory=dict)
    damaged: list[str] = dataclasses.field(default_factory=list)
    problems: list[Words] = dataclasses.field(default_factory=list)
    brought: list[str] = dataclasses.field(default_factory=list)
    games_added: int = 0
    not_kept: int = 0
    hands_added: int = 0
    hands_damaged: list[tuple[int, str]] = dataclasses.field(default_factory=list)
    hands_kept: int | None = None
    hands_not_kept: int | None = None

    def say(self, lang: str) -> str:
        """The problems, in ``lang``, in one line ("" when there are none)."""
        return " ".join(p(lang) for p in self.problems)


@dataclasses.dataclass(frozen=True)
class _Copy:
    """One file of a copy, checked: its JSON, when it was changed (ms since 1970)."""

    data: Any
    changed: float


# ----- checking ---------------------------------------------------------------------


def _check(name: str, data: Any, label: str) -> Any:
    """``data`` as the file ``name`` would hold it, checked by that file's own loader; :class:`StoreError` naming
    ``label`` (where it came from) if the loader refuses it. Returns what the loader read (a save's ``_Saved``)."""
    from .table_saving import read_save

    if name == KEPT_FILE:  # each hand is checked (replayed) when it is merged: a damaged one is skipped alone
        if (not isinstance(data, dict) or data.get("format") != KEPT_FORMAT or data.get("version") != 1
                or not isinstance(data.get("hands"), list)):  # fmt: skip
            raise store.StoreError("ui.store.kept_copy", label, "hands", format=KEPT_FORMAT)
        return data
    if name == TUTOR_FILE:
        if not tutor_progress.is_progress(data):
            raise store.StoreError("ui.store.tutor_copy", label, "exercises", format=tutor_progress.FORMAT)
        return data
    raw = (json.dumps(data, ensure_ascii=False) + "\n").encode("utf-8")
    limit = store.OLDER_HISTORY_LIMIT if name == store.HISTORY_FILE else store.MAX_FILE_SIZE  # as History.load
    if len(raw) > limit:
        raise store.StoreError("ui.store.too_large", label, size=len(raw), limit=limit)
    with tempfile.TemporaryDirectory(prefix="hearts-copy-") as tmp:
        folder = Path(tmp)
        try:
            if name in SAVES:
                return read_save(raw, Path(label))
            (folder / name).write_bytes(raw)
            if name == store.HISTORY_FILE:
                return store.History.load(folder)
            if name == store.SETTINGS_FILE:
                return store.Settings.load(folder)
            return Progress.load(folder, name)
        except store.StoreError as e:
            if e.path == label:
                raise
            raise store.StoreError(e.key, label, e.field, **e.values) from None


def _is_time(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and x >= 0


def _unpack(value: object, key: str) -> _Copy:
    """A localStorage value (an envelope's JSON text), checked; :class:`StoreError` naming the key."""
    label = f"localStorage {key}"
    if not isinstance(value, str):
        raise store.StoreError("ui.store.not_object", label)
    data = store.parse_json(value.encode("utf-8"), label)
    if not isinstance(data, dict) or data.get("format") != COPY_FORMAT:
        raise store.StoreError("ui.store.copy_format", label, "format", format=COPY_FORMAT)
    store.check_version(data.get("version"), label)
    if not _is_time(data.get("changed")):
        raise store.StoreError("ui.store.copy_changed", label, "changed", value=store.shown(data.get("changed")))
    if not isinstance(data.get("file"), dict):  # (a missing settings or progress file would read as the defaults)
        raise store.StoreError("ui.store.not_object", label, "file")
    name = key.removeprefix(PREFIX)
    _check(name, data.get("file"), label)
    return _Copy(data.get("file"), float(data["changed"]))


def _envelope(data: Any, changed: float) -> str:
    return json.dumps({"format": COPY_FORMAT, "version": 1, "changed": changed, "file": data},
                      ensure_ascii=False, separators=(",", ":"))  # fmt: skip


# ----- the folder -------------------------------------------------------------------


def _read_folder(folder: Path, name: str) -> _Copy | None:
    """The folder's file ``name`` and its time of change; ``None`` if it is missing or damaged (a damaged file is
    the table's to keep aside and say; nothing here writes over it)."""
    if name == KEPT_FILE:
        records = game_log.kept_records(folder)[0]
        if not records:
            return None
        stamp = _stamp(folder, name)
        return _Copy({"format": KEPT_FORMAT, "version": 1, "hands": records}, stamp[0] / 1e6)
    path = folder / name
    try:
        # An older version's History past MAX_FILE_SIZE is read too (as History.load reads it): the copies and the
        # progress file take its latest games, the older ones counted (_history_within).
        data = store.read_json(path, store.OLDER_HISTORY_LIMIT if name == store.HISTORY_FILE else None)
        if data is None:
            return None
        _check(name, data, str(path))
        mtime = path.stat().st_mtime
    except (store.StoreError, OSError):
        return None
    return _Copy(data, mtime * 1000.0)


def _damaged_in_folder(folder: Path, name: str) -> bool:
    if name in (KEPT_FILE, TUTOR_FILE):  # damaged hands are skipped one by one; a damaged progress is set aside
        return False
    path = folder / name
    if not (path.exists() or path.is_symlink()):
        return False
    return _read_folder(folder, name) is None


def browser_entries(folder: Path) -> dict[str, str]:
    """What the browser keeps of ``folder``: key → envelope text, for every file there is (History within
    :data:`HISTORY_BUDGET`). For tests and for a browser's first copy.

    >>> import tempfile, pathlib
    >>> browser_entries(pathlib.Path(tempfile.mkdtemp()))
    {}
    """
    out: dict[str, str] = {}
    for name in FILES:
        got = _read_folder(folder, name)
        if got is not None:
            data, _ = _budgeted(name, got.data)
            out[PREFIX + name] = _envelope(data, got.changed)
    return out


def _latest(items: list[Any], budget: int, size: int = 0) -> list[Any]:
    """The latest of ``items`` whose JSON fits in ``budget`` characters (with ``size`` already taken)."""
    kept: list[Any] = []
    for item in reversed(items):
        line = len(json.dumps(item, ensure_ascii=False, separators=(",", ":"))) + 1
        if size + line > budget:
            break
        size += line
        kept.append(item)
    kept.reverse()
    return kept


def _budgeted(name: str, data: Any, kept_budget: int | None = None) -> tuple[Any, int]:
    """The file as the browser keeps it, and how many of History's games (or of the kept hands) were left out
    for lack of room."""
    if name == KEPT_FILE and isinstance(data, dict):
        hands = list(data.get("hands", []))
        latest = _latest(hands, KEPT_BUDGET if kept_budget is None else kept_budget, 60)
        return {**data, "hands": latest}, len(hands) - len(latest)
    if name != store.HISTORY_FILE or not isinstance(data, dict):
        return data, 0
    return _history_within(data, HISTORY_BUDGET, len)


def _history_within(data: dict[str, Any], budget: int, size: Callable[[str], int]) -> tuple[dict[str, Any], int]:
    """History's file with the latest games that fit, the whole file's compact JSON (measured by ``size``:
    characters, or UTF-8 bytes) within ``budget``; and how many older games were left out. Those are counted in its
    ``"archived"`` totals, as an archive file's games are: wherever this copy is taken in alone (a new Binder
    session), the games played and won, the best score and the streaks stay right.

    >>> h = {"format": "hearts-history", "version": 1, "games": [
    ...     {"id": str(i), "won": True, "final": [10 + i, 50, 60, 70], "number": i} for i in range(10)]}
    >>> fit, left = _history_within(h, 550, len)
    >>> left, [g["id"] for g in fit["games"]], fit["archived"]["played"], len(fit["archived"]["ids"])
    (8, ['8', '9'], 8, 8)
    >>> len(json.dumps(fit, separators=(",", ":"))) <= 550, _history_within(h, 10_000, len) == (h, 0)
    (True, True)
    """

    def compact(value: Any) -> int:
        return size(json.dumps(value, ensure_ascii=False, separators=(",", ":")))

    if compact(data) <= budget:
        return data, 0
    games = list(data.get("games", []))
    head = {k: v for k, v in data.items() if k != "games"}
    before = store.Archived.from_dict(data["archived"], Path(store.HISTORY_FILE)) if "archived" in data else None
    lines = [compact(g) + 1 for g in games]  # a comma each

    def counted(cut: int) -> store.Archived:  # the totals with the ``cut`` oldest games, known by identity
        archived = (before or store.Archived()).then(games[:cut])
        ids = tuple(store.game_key(g) for g in games[:cut])  # so that they are not counted twice
        return dataclasses.replace(archived, ids=(*archived.ids, *ids))

    # The oldest games out until the rest fits beside the totals; the totals grow with every game counted (its
    # identity), so the cut is measured again with them, a few times at most.
    cut, room = 0, budget - compact(head)
    while True:
        left = sum(lines[cut:])
        while cut < len(games) and left > room:
            left -= lines[cut]
            cut += 1
        archived = counted(cut)
        need = compact({**head, "archived": archived.to_dict(), "games": []}) + left
        if need <= budget or cut == len(games):
            break
        room = budget - (need - left) - 64 * (cut + 1 < len(games))  # the next identities' room too
    return {**head, "archived": archived.to_dict(), "games": games[cut:]}, cut


# ----- merging ------------------------------------------------------------------------


def _moves(game: Any) -> int:
    """How far a game is: the passes and cards played in all its hands."""
    return sum(len(h.plays) + sum(p is not None for p in h.passes) for h in game.hands)


def _merge_history(folder: Path, theirs: Any, report: MergeReport) -> None:
    if _damaged_in_folder(folder, store.HISTORY_FILE):
        return
    games = theirs.get("games", []) if isinstance(theirs, dict) else []
    h = store.History.load(folder)
    archived = store.Archived.from_dict(theirs["archived"], folder) if "archived" in theirs else None
    added = h.take_in(games, archived=archived)
    if added:
        report.games_added += added
        report.changed = True
        report.brought.append(store.HISTORY_FILE)


def _merge_progress(folder: Path, name: str, theirs: Any, report: MergeReport) -> None:
    if _damaged_in_folder(folder, name):
        return
    mine = Progress.load(folder, name)
    seen = {r for r in theirs["seen"] if r in ALL_RULES}
    hands = theirs["hands_finished"]
    if seen <= mine.seen and hands <= mine.hands_finished:
        return
    store.write_json(
        mine.path,
        {
            "format": Progress.FORMAT,
            "version": 1,
            "seen": [r for r in ALL_RULES if r in mine.seen | seen],
            "hands_finished": max(hands, mine.hands_finished),
        },
    )
    report.changed = True
    report.brought.append(name)


def _merge_kept(folder: Path, theirs: Any, report: MergeReport) -> None:
    added, damaged = game_log.take_in_records(folder, theirs["hands"])
    report.hands_damaged += damaged
    if damaged:
        first = damaged[0][1]
        report.problems.append(_say("ui.copy.kept_damaged", len(damaged), count=len(damaged), reason=first))
    if added:
        report.hands_added += added
        report.changed = True
        report.brought.append(KEPT_FILE)


def _merge_tutor(folder: Path, theirs: Any, report: MergeReport) -> None:
    if tutor_progress.take_in(theirs, folder):
        report.changed = True
        report.brought.append(TUTOR_FILE)


def _merge_settings(folder: Path, theirs: _Copy, report: MergeReport) -> None:
    if _damaged_in_folder(folder, store.SETTINGS_FILE):
        return
    mine = _read_folder(folder, store.SETTINGS_FILE)
    if mine is not None and (mine.changed >= theirs.changed or mine.data == theirs.data):
        return
    store.write_json(folder / store.SETTINGS_FILE, theirs.data)
    report.changed = True
    report.brought.append(store.SETTINGS_FILE)


def _record_left_game(folder: Path, saved: Any) -> bool:
    """A game that loses the merge goes into History: finished (if it was, and not yet recorded) or unfinished
    (if a person played in it); True if History changed."""
    if saved.recorded or _damaged_in_folder(folder, store.HISTORY_FILE):
        return False
    g = saved.game
    h = store.History.load(folder)
    level = saved.level if isinstance(saved.level, str) else ""
    game_id = saved.game_id or None
    if g.is_over:
        o = g.outcome()
        if not h.add(number=g.number, final=tuple(o.totals), winners=tuple(o.winners), level=level, game_id=game_id):
            return False
    elif saved.in_progress:
        if not h.add(number=g.number, final=tuple(g.scores), winners=(), level=level, game_id=game_id,
                     abandoned=True):  # fmt: skip
            return False
    else:
        return False
    h.save()
    return True


def _merge_save(folder: Path, name: str, theirs: _Copy, report: MergeReport, *, resume: bool = True) -> None:
    """The game in progress: see the module's docstring. ``resume=False``: the folder's game stays (a table opened
    on a deal of its own); the browser's, if it is another game, goes into History."""
    from .table_saving import owner_alive, read_save

    if _damaged_in_folder(folder, name):
        return
    path = folder / name
    their_save = read_save((json.dumps(theirs.data) + "\n").encode("utf-8"), path)
    mine = _read_folder(folder, name)
    if mine is not None:
        my_save = read_save((json.dumps(mine.data) + "\n").encode("utf-8"), path)
        if my_save.game_id and my_save.game_id == their_save.game_id:
            if _moves(their_save.game) <= _moves(my_save.game) or not resume:
                return  # the same game, as far on here
            loser = None
        else:
            elsewhere = (
                my_save.owner is not None
                and my_save.in_progress
                and owner_alive(my_save.owner)
                and str(my_save.owner["table"]) not in _OPENING
            )
            if elsewhere or not resume:  # being played at another table open now, or a deal asked for here
                if _record_left_game(folder, their_save):
                    report.changed = True
                return
            rank_mine = (my_save.in_progress, mine.changed)
            rank_theirs = (their_save.in_progress, theirs.changed)
            if rank_theirs <= rank_mine:
                if _record_left_game(folder, their_save):
                    report.changed = True
                return
            loser = my_save
        if loser is not None and _record_left_game(folder, loser):
            report.changed = True
    data = dict(theirs.data)
    data["table"] = {k: v for k, v in data["table"].items() if k != "owner"}  # no table owns it yet: the next takes it
    store.write_json(path, data)
    report.changed = True
    report.brought.append(name)


_APP_FILES = {"table": (store.SAVE_FILE, PROGRESS_FILE), "learn": (store.LEARN_SAVE_FILE, LEARN_APP_PROGRESS_FILE)}
"""Each app's own game and learn progress (History and the settings are shared)."""

_OPENING: set[str] = set()
"""Tables being opened with a browser's copy: their own freshly dealt game is not "another table's"."""


def _merge_copies(
    folder: Path, copies: Mapping[str, _Copy], report: MergeReport, *, games: bool, resume: bool = True
) -> None:
    with store.locked(folder):
        for name in FILES:
            got = copies.get(name)
            if got is None:
                continue
            if name == store.HISTORY_FILE:
                _merge_history(folder, got.data, report)
            elif name == store.SETTINGS_FILE:
                _merge_settings(folder, got, report)
            elif name in PROGRESSES:
                _merge_progress(folder, name, got.data, report)
            elif name == KEPT_FILE:
                _merge_kept(folder, got.data, report)
            elif name == TUTOR_FILE:
                _merge_tutor(folder, got.data, report)
            elif games:
                _merge_save(folder, name, got, report, resume=resume)


def merge(
    folder: Path,
    entries: Mapping[str, object],
    *,
    games: bool = True,
    resume: bool = True,
    owner: str | None = None,
    problem: str = "",
    known: dict[str, Any] | None = None,
    sizes: dict[str, int] | None = None,
    files: Collection[str] = FILES,
) -> MergeReport:
    """Merge the browser's copy ``entries`` (localStorage key → value) into ``folder``, and say what the browser
    should keep now (:class:`MergeReport`).

    Keys not under :data:`PREFIX` are ignored; a value that cannot be read, or a file its loader refuses, is
    left out (and said), the folder's kept. ``games=False`` leaves the games in progress alone (for what
    another tab wrote: that tab's game is its own); ``resume=False`` keeps the folder's game (a table opened on a
    deal of its own: ``number=`` or ``resume=False``), the browser's other game going into History.
    ``owner``: the table being opened, whose own new game does not count as another table's.
    ``problem``: what the browser said it could not do (``"unavailable"``).
    ``known``: what the browser holds (file name → JSON), brought up to date here (the entries read, then
    what it is told to write), so only what differs is written; ``sizes``: see :func:`answer`; ``files``: the
    files the answer may write (a page with no table leaves the games in progress alone).
    An ``OSError`` writing the folder is said, and the merge stops there.
    """
    folder = Path(folder)
    report = MergeReport()
    copies: dict[str, _Copy] = {}
    for key, value in entries.items():
        if not isinstance(key, str) or not key.startswith(PREFIX):
            continue
        name = key.removeprefix(PREFIX)
        if name not in FILES:
            continue
        try:
            copies[name] = _unpack(value, key)
        except store.StoreError as e:
            report.damaged.append(key)
            report.problems.append(_say("ui.copy.damaged", what=_what(name), reason=e.explain))
    if problem == "unavailable":
        report.problems.append(_say("ui.copy.unavailable", folder=str(folder)))
    if owner is not None:
        _OPENING.add(owner)
    try:
        _merge_copies(folder, copies, report, games=games, resume=resume)
    except OSError as e:
        report.problems.append(_say("ui.msg.cannot_write", path=str(folder), reason=str(e)))
    except store.StoreError as e:  # a folder file damaged while it was merged: left as it is
        report.problems.append(_say("ui.copy.folder_damaged", reason=e.explain))
    finally:
        if owner is not None:
            _OPENING.discard(owner)
    if report.hands_damaged:  # the browser sets its copy aside (under damaged/) before the folder's replaces it
        report.damaged.append(PREFIX + KEPT_FILE)
    known = {} if known is None else known
    known.update({n: c.data for n, c in copies.items()})
    for key in report.damaged:
        known.pop(key.removeprefix(PREFIX), None)
    report.store = answer(folder, known, report, sizes=sizes, names=files)
    return report


def answer(
    folder: Path,
    known: dict[str, Any],
    report: MergeReport | None = None,
    *,
    names: Collection[str] = FILES,
    sizes: dict[str, int] | None = None,
) -> dict[str, str | None]:
    """What the browser should write: the folder's files that differ from ``known`` (file name → what the browser
    holds, updated here with what it is told), History within :data:`HISTORY_BUDGET`, all within
    :data:`BROWSER_BUDGET` (what does not fit is said in ``report``). Only the files ``names`` are read (those
    changed); ``sizes`` (file name → characters kept in the browser, updated here) counts the others."""
    out: dict[str, str | None] = {}
    sizes = {} if sizes is None else sizes
    for name in FILES:
        if name not in names:
            continue
        got = _read_folder(folder, name)
        if got is None:
            continue
        data, left_out = _budgeted(name, got.data)
        if name == KEPT_FILE:
            if report is not None:
                report.hands_kept, report.hands_not_kept = len(data["hands"]), left_out
            left_out = 0  # said by the table in a line of its own (the counts change with every hand)
        if report is not None and left_out:
            report.not_kept = left_out
            games = len(data.get("games", [])) if isinstance(data, dict) else 0
            report.problems.append(_say("ui.copy.budget", left_out, kept=games, dropped=left_out))
        value = _envelope(data, got.changed)
        if sum(v for k, v in sizes.items() if k != name) + len(value) > BROWSER_BUDGET:
            if report is not None:
                report.problems.append(_say("ui.copy.full", what=_what(name), folder=str(folder)))
            continue
        if known.get(name) != data:
            out[PREFIX + name] = value
            known[name] = data
            sizes[name] = len(value)
    return out


# ----- the progress file -------------------------------------------------------------


def progress_file(folder: Path) -> bytes:
    """The learner's progress in ``folder`` as one JSON file (every kept file there is), to download and load back
    later (:func:`load_progress_file`). It stays within the size a load accepts (:data:`store.MAX_FILE_SIZE
    <hearts_widgets.store.MAX_FILE_SIZE>`): the latest kept hands that fit, and History whole unless the rest
    leaves no room for it; then its oldest games are left out, counted in its totals and streaks, and
    ``"left_out"`` says how many (``{"history_games": n}``). :class:`~hearts_widgets.store.StoreError` if even
    so it would be larger than a load accepts.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> json.loads(progress_file(d))["format"]
    'hearts-progress'
    """
    contents: dict[str, Any] = {}
    times: dict[str, float] = {}
    hands: list[Any] = []
    for name in FILES:
        got = _read_folder(Path(folder), name)
        if got is not None:
            if name == KEPT_FILE:
                hands = list(got.data["hands"])
                contents[name] = {**got.data, "hands": []}
            else:
                contents[name] = got.data
            times[name] = got.changed
    doc = {
        "format": PROGRESS_FORMAT,
        "version": 1,
        "saved": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "changed": times,
        "files": contents,
    }
    history = contents.get(store.HISTORY_FILE)
    over = len(_progress_bytes(doc)) - store.MAX_FILE_SIZE
    if over > 0 and history is not None:  # the oldest games of History out (counted), so the file loads back
        budget = len(_progress_bytes(history)) - over - 64  # with room for "left_out"
        contents[store.HISTORY_FILE], left = _history_within(history, budget, lambda t: len(t.encode("utf-8")))
        doc["left_out"] = {"history_games": left}
    if hands:  # the latest that fit both PROGRESS_KEPT_BUDGET and the room the rest leaves under MAX_FILE_SIZE
        room = min(PROGRESS_KEPT_BUDGET, store.MAX_FILE_SIZE - len(_progress_bytes(doc)))
        contents[KEPT_FILE]["hands"] = _latest_bytes(hands, room)
        if not contents[KEPT_FILE]["hands"]:
            del contents[KEPT_FILE], times[KEPT_FILE]
    raw = _progress_bytes(doc)
    if len(raw) > store.MAX_FILE_SIZE:  # never a file that a load would refuse
        raise store.StoreError("ui.store.too_large", "progress file", size=len(raw), limit=store.MAX_FILE_SIZE)
    return raw


def _progress_bytes(doc: Any) -> bytes:
    """A progress file's bytes: compact JSON (an indented kept hand takes some 2.4 times the room), one line."""
    return (json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _latest_bytes(items: list[Any], budget: int) -> list[Any]:
    """The latest of ``items`` whose compact JSON, in UTF-8 and with a comma each, fits in ``budget`` bytes."""
    kept: list[Any] = []
    size = 0
    for item in reversed(items):
        size += len(json.dumps(item, ensure_ascii=False, separators=(",", ":")).encode("utf-8")) + 1
        if size > budget:
            break
        kept.append(item)
    kept.reverse()
    return kept


def read_progress_file(raw: bytes, label: str = "progress file") -> dict[str, _Copy]:
    """The files of a progress file, every one checked by its own loader; :class:`StoreError` naming what is
    wrong (a newer version's file says so), and nothing is read."""
    data = store.parse_json(raw, label)
    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
        raise store.StoreError("ui.store.progress_format", label, "format", format=PROGRESS_FORMAT)
    store.check_version(data.get("version"), label)
    contents, times = data.get("files"), data.get("changed", {})
    if not isinstance(contents, dict):
        raise store.StoreError("ui.store.progress_files", label, "files", where="files")
    if not isinstance(times, dict):
        raise store.StoreError("ui.store.progress_files", label, "changed", where="changed")
    out: dict[str, _Copy] = {}
    for name, content in contents.items():
        if name not in FILES:
            raise store.StoreError("ui.store.progress_unknown", label, f"files.{name}", name=name)
        if not isinstance(content, dict):
            raise store.StoreError("ui.store.not_object", label, f"files.{name}")
        when = times.get(name, 0)
        if not _is_time(when):
            raise store.StoreError("ui.store.copy_changed", label, f"changed.{name}", value=store.shown(when))
        _check(name, content, f"{label}: {name}")
        if name == KEPT_FILE:  # a progress file is taken whole or not at all: every hand must replay
            bad = game_log.check_records(content["hands"])
            if bad:
                raise store.StoreError("ui.store.kept_record", label, f"files.{name}.hands[{bad[0][0]}]",
                                       reason=bad[0][1])  # fmt: skip
        out[name] = _Copy(content, float(when))
    return out


def load_progress_file(
    folder: Path, raw: bytes | str | os.PathLike[str], *, label: str = "progress file", owner: str | None = None
) -> MergeReport:
    """Merge a progress file (:func:`progress_file`) into ``folder``, as a browser's copy is merged.

    ``raw`` is the file's bytes (or its text), or the path of the file. Every file in it is checked first; a
    damaged file, or one from a newer version, is refused with :class:`StoreError` and nothing is changed;
    so is anything else given for ``raw`` (``None``, a number: :class:`StoreError` on ``raw``).
    """
    if isinstance(raw, os.PathLike):
        path = Path(raw)
        read = store.read_bytes(path)
        if read is None:
            raise store.StoreError("ui.store.progress_missing", path, "raw")
        label, raw = (str(path) if label == "progress file" else label), read
    elif isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    elif isinstance(raw, (bytearray, memoryview)):
        raw = bytes(raw)
    if not isinstance(raw, bytes):
        raise store.StoreError("ui.store.progress_raw", label, "raw", got=store.shown(repr(raw)[:60]))
    if len(raw) > store.MAX_FILE_SIZE:
        raise store.StoreError("ui.store.too_large", label, size=len(raw), limit=store.MAX_FILE_SIZE)
    copies = read_progress_file(raw, label)
    report = MergeReport()
    if owner is not None:
        _OPENING.add(owner)
    try:
        _merge_copies(Path(folder), copies, report, games=True)
    finally:
        if owner is not None:
            _OPENING.discard(owner)
    return report


def now_ms() -> float:
    """This moment, as the browser's copy counts time (ms since 1970)."""
    return time.time() * 1000.0


def file_stamp(folder: Path) -> dict[str, tuple[int, int]]:
    """Each kept file's (time of change, size): what changes when the file does (so it is sent again).

    >>> import tempfile, pathlib
    >>> file_stamp(pathlib.Path(tempfile.mkdtemp()))["history.json"]
    (0, -1)
    """
    return {name: _stamp(Path(folder), name) for name in FILES}


def _stamp(folder: Path, name: str) -> tuple[int, int]:
    """The file's (time of change in ns, size); for the kept hands, the newest file's time and the size of all."""
    try:
        if name == KEPT_FILE:
            where = folder / game_log.GAMES_DIR
            stats = [p.stat() for p in where.glob("hands-*.jsonl")] if where.is_dir() else []
            if not stats:
                return (0, -1)
            return (max(st.st_mtime_ns for st in stats), sum(st.st_size for st in stats))
        st = os.stat(folder / name)
        return (st.st_mtime_ns, st.st_size)
    except OSError:
        return (0, -1)



# ----- the table's side -----------------------------------------------------------------


class CopyKeeper:
    """The browser's copy and the progress file for one table, without any widget: what the Jupyter table's
    :class:`Keeper` and the static site's :class:`~hearts_widgets.site_table.SiteTable` both do with them.

    :meth:`receive` merges the copy the browser sends when the table is drawn (and reopens the table on the
    result), :meth:`changed` gives what the browser should keep after a change, :meth:`problem_line` says what
    could not be kept, :meth:`save` and :meth:`load` are "Save my progress to a file" and "Load progress from a file".

    >>> import tempfile
    >>> from hearts_widgets.table_model import TableModel
    >>> m = TableModel(number=4, data_dir=tempfile.mkdtemp())
    >>> k = CopyKeeper()
    >>> got = k.receive(m, {"event": "copy", "entries": {}, "problem": "", "origin": "open"})
    >>> sorted(key.removeprefix(PREFIX) for key in got.store), got.changed
    (['table-save.json'], False)
    >>> name, content = k.save(m)
    >>> name.startswith("hearts-progress-"), m.message.text.startswith("Your progress was saved")
    (True, True)
    >>> k.load(m, b"{}", "x.json")
    >>> m.message.kind, m.message.text[:22]
    ('error', 'x.json was not loaded,')
    """

    def __init__(self) -> None:
        self.problems: list[Words] = []
        self.full: list[str] = []  # the files the browser had no room for
        self.known: dict[str, Any] = {}  # what the browser holds: file name → JSON
        self.opened = False  # the browser's copy has been merged (nothing is written to it before)
        self.stamp: dict[str, tuple[int, int]] = {}
        self.sizes: dict[str, int] = {}  # characters of each file kept in the browser
        self.hands: tuple[int, int] = (0, 0)  # the kept hands in the browser's copy, and those only in the folder

    def receive(self, m: Any, msg: dict[str, Any]) -> MergeReport | None:
        """What the browser says of its copy (``copy``: its entries, merged; ``copy_problem``: keys it could not
        write, sent again at the next change). The merge's report (``report.changed``: the table needs drawing
        again; ``report.store`` and ``report.damaged``: what the browser should keep), or ``None`` when only
        :meth:`problem_line` may have changed."""
        if msg.get("event") == "copy_problem":
            keys = msg.get("keys")
            names = [k.removeprefix(PREFIX) for k in keys if isinstance(k, str)] if isinstance(keys, list) else []
            for name in names:
                self.known.pop(name, None)  # not written: sent again at the next change
                if name in FILES and name not in self.full:
                    self.full.append(name)
            return None
        entries = msg.get("entries")
        if not isinstance(entries, dict):
            return None
        first = msg.get("origin") == "open" and not self.opened
        problem = msg.get("problem") if isinstance(msg.get("problem"), str) else ""
        options = m._options
        resume = options["number"] is None and options["resume"]  # a table opened on a deal of its own keeps it
        report = merge(m.folder, entries, games=first, resume=resume, owner=m.table_id, problem=str(problem),
                       known=self.known, sizes=self.sizes)  # fmt: skip
        self.opened = True
        self._count_hands(report)
        for p in report.problems:
            self._problem(p)
        if report.changed:
            if first:
                self.reopening()
                m.reopen(link=True)
                mine = {_APP_FILES[m.app][0], store.HISTORY_FILE, store.SETTINGS_FILE, _APP_FILES[m.app][1],
                        KEPT_FILE, TUTOR_FILE}  # fmt: skip
                what = [_what(n) for n in dict.fromkeys(report.brought) if n in mine]
                m._tell("info", _say("ui.copy.restored", what=lambda lang: ", ".join(w(lang) for w in what)))
                m._tell_news()
            else:  # another tab's History or learn progress: taken in here too
                if m.history is not None:
                    m.history.refresh()
                m.lesson.progress.refresh()
        self.stamp = file_stamp(m.folder)
        return report

    def reopening(self) -> None:
        """Called just before the table is reopened on the merged copy (the Jupyter table forgets a bot's
        decision under way)."""

    def _problem(self, words: Words) -> None:
        if all(p("en") != words("en") for p in self.problems):
            self.problems.append(words)

    def changed(self, m: Any) -> dict[str, str | None]:
        """After a change: the entries of the files that changed, for the browser to keep (nothing before its
        copy is merged)."""
        if not self.opened:
            return {}
        stamp = file_stamp(m.folder)
        names = [n for n in FILES if stamp[n] != self.stamp.get(n)]
        if not names:
            return {}
        self.stamp = stamp
        report = MergeReport()
        entries = answer(m.folder, self.known, report, names=names, sizes=self.sizes)
        self._count_hands(report)
        for p in report.problems:
            self._problem(p)
        return entries

    def _count_hands(self, report: MergeReport) -> None:
        if report.hands_kept is not None and report.hands_not_kept is not None:
            self.hands = (report.hands_kept, report.hands_not_kept)

    def problem_line(self, m: Any) -> str:
        """What could not be kept in the browser (empty when everything was), in the table's language."""
        lang = m.lang
        said = [p(lang) for p in self.problems]
        if self.full:
            what = ", ".join(_what(n)(lang) for n in self.full)
            said.append(text("ui.copy.full", lang, what=what, folder=str(m.folder)))
        if self.hands[1]:
            said.append(text_n("ui.copy.kept_budget", self.hands[1], lang, kept=self.hands[0], dropped=self.hands[1]))
        return " ".join(said)

    def save(self, m: Any) -> tuple[str, str] | None:
        """Save my progress to a file: its name and content (for the browser to download); the message line
        says where it went. ``None`` (and the message line says why) when no file that loads back could be made."""
        name = f"hearts-progress-{datetime.date.today().isoformat()}.json"
        try:
            raw = m.save_progress()
        except store.StoreError as e:
            m._error(_say("ui.progress.not_saved", reason=e.explain))
            return None
        left = json.loads(raw).get("left_out", {}).get("history_games", 0)
        if left:
            m._info(_say("ui.progress.saved_without", left, name=name, count=left, folder=str(m.folder)))
        else:
            m._info(_say("ui.progress.saved", name=name))
        return name, raw.decode("utf-8")

    def load(self, m: Any, raw: bytes, name: str) -> None:
        """Load progress from a file: merged (the table reopened on it), or refused with a line saying why
        and nothing changed."""
        try:
            m.load_progress(raw, name)
        except store.StoreError as e:
            m._error(_say("ui.progress.refused", name=name, reason=e.explain))


class Keeper(CopyKeeper):
    """What a :class:`~hearts_widgets.table.GameTable` does with the browser's copy and the progress file
    (:class:`CopyKeeper`), with its widgets: a line (:attr:`line`) saying what could not be kept, and the
    "Save my progress to a file" and "Load progress from a file" controls (:attr:`box`, shown in History).

    >>> import tempfile
    >>> from hearts_widgets import GameTable
    >>> t = GameTable(number=4, data_dir=tempfile.mkdtemp(), paced=False)
    >>> t.keeper.receive({"event": "copy", "entries": {"other-app": "x"}, "problem": "unavailable",
    ...                   "origin": "open"})
    >>> t.keeper.line.value.startswith('<div class="hw-message hw-error hw-copy-line">This browser does not let')
    True
    """

    def __init__(self, table: Any) -> None:
        import ipywidgets as W

        super().__init__()
        self.table = table
        self.line = W.HTML().add_class("hw-copy-box")
        self.save_button = W.Button(layout=W.Layout(width="auto")).add_class("hw-btn-save-progress")
        self.save_button.on_click(lambda _b: self.save())
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False).add_class("hw-load-progress")
        self.upload.observe(self._on_upload, names="value")
        self.box = W.HBox([self.save_button, self.upload], layout=W.Layout(flex_flow="row wrap")).add_class(
            "hw-progress-file"
        )
        table.board.keep_copy = True
        table.board.on_copy(self.receive)
        _KEEPERS.add(self)

    def receive(self, msg: dict[str, Any]) -> None:  # type: ignore[override]
        """What the browser says of its copy (see :meth:`SvgTable.on_copy`)."""
        report = CopyKeeper.receive(self, self.table.model, msg)
        if report is None:
            self._show_line()  # the line only: the board is not drawn again (a drawing is not an answer)
            return
        self.table.board.store_copy(report.store, report.damaged)
        if report.changed:
            self.table.refresh()
        else:  # nothing new for the table: the board is not drawn again (a redraw would catch a click under way)
            self._show_line()

    def reopening(self) -> None:
        self.table._thinking = None  # a bot's decision asked of the game before is not played in this one

    def sync(self) -> None:
        """After every change: tell the browser the files that changed (nothing before its copy is merged), and
        show the buttons and the line in the table's language."""
        m = self.table.model
        lang = m.lang
        self.save_button.description = text("ui.button.save_progress", lang)
        self.upload.description = text("ui.label.load_progress", lang)
        self.table.board.store_copy(self.changed(m))
        self._show_line()

    def _show_line(self) -> None:
        """The line saying what could not be kept (empty when everything was), in the table's language."""
        line = self.problem_line(self.table.model)
        self.line.value = f'<div class="hw-message hw-error hw-copy-line">{html.escape(line)}</div>' if line else ""

    def save(self) -> None:  # type: ignore[override]
        """Save my progress to a file: the browser downloads it."""
        saved = CopyKeeper.save(self, self.table.model)
        if saved is not None:
            self.table.board.download(*saved)
        self.table.refresh()

    def load(self, raw: bytes, name: str) -> None:  # type: ignore[override]
        """Load progress from a file (what the upload does): merged, or refused with a line saying why."""
        CopyKeeper.load(self, self.table.model, raw, name)
        self.table.refresh()

    def _on_upload(self, change: dict[str, Any]) -> None:
        files_ = change["new"]
        if not files_:
            return
        for f in files_:
            self.load(bytes(f["content"]), str(f["name"]))
        self.upload.value = ()


_KEEPERS: weakref.WeakSet[Keeper] = weakref.WeakSet()


def _progress_changed(folder: Path) -> None:
    """The tutor's listener: a check or a quiz answer in this kernel reaches the browser of every table open on
    that folder at once (not at the table's next move)."""
    for keeper in list(_KEEPERS):
        try:
            same = Path(keeper.table.model.folder).resolve() == Path(folder).resolve()
        except (OSError, AttributeError):
            same = False
        if same and keeper.opened:
            keeper.sync()


tutor_progress.add_listener(_progress_changed)
