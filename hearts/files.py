"""Files written whole or not at all, and files read without trusting them.

Every file the project writes goes through :func:`write_file` (or
:func:`replacing` for a library that writes to a path itself, such as
pandas' ``to_parquet``): the bytes go to a temporary file in the same
folder, are flushed and ``fsync``-ed, and the temporary file is renamed over
the real name, so a reader sees the old file or the new one, never half of
one, even when the process is killed or the disk fills up mid-write.
Temporaries left behind by a killed process are removed the next time the
same file is written. A results folder is built the same way
(:func:`results_folder`): in a temporary folder renamed into place only when
everything in it was written; an earlier folder it replaces is never lost,
even when the run is killed between the renames (:func:`put_back_replaced`).
A results folder carries a manifest (``hearts-results.json``, :data:`MANIFEST`)
listing the files written into it; only a folder whose every file the manifest
accounts for is ever replaced (:func:`check_replaceable`): a folder with a
file of anyone else is refused with :class:`ResultsFolderError`, and nothing
in it is touched.
Several files that must agree (a self-play run's tables and ``meta.json``)
are renamed together, undone together if a rename fails, and carry one id
(:func:`new_set_id`) that their reader checks (:func:`check_set`), for a kill
between two renames.

A damaged file is never destroyed: :func:`keep_damaged` moves it aside to a
name that no earlier copy has (``table-save.bad.json``, then
``table-save.bad-2.json``, …) and says where, or that it could not.

Reading untrusted files is bounded: :func:`read_limited` refuses anything but
a regular file (a named pipe never blocks it) and anything larger than the
limit before reading it; :func:`parse_json` turns every way JSON text can be
wrong (not UTF-8, not JSON, nested too deep, a number too long) into a
:class:`FileContentError` that says which.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> write_file(d / "notes.json", '{"a": 1}')
>>> parse_json(read_limited(d / "notes.json", 1000))
{'a': 1}
>>> sorted(p.name for p in d.iterdir())
['notes.json']
>>> str(keep_damaged(d / "notes.json").name), str(keep_damaged(d / "other.json"))
('notes.bad.json', 'None')
>>> parse_json(b"[" * 100 + b"]" * 100)
Traceback (most recent call last):
...
hearts.files.FileContentError: the JSON is nested deeper than 32 levels
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import stat
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from hearts.errors import HeartsError

__all__ = [
    "LOCK_FILE",
    "LOCK_TIMEOUT",
    "MANIFEST",
    "MAX_DEPTH",
    "SET_FIELD",
    "FileContentError",
    "ResultsFolderError",
    "check_replaceable",
    "check_set",
    "keep_damaged",
    "locked",
    "new_set_id",
    "parse_json",
    "process_alive",
    "put_back_replaced",
    "read_limited",
    "replacing",
    "results_folder",
    "write_file",
]

MAX_DEPTH = 32
"""How deeply nested the JSON of a file the project reads may be (records need 5 levels)."""

LOCK_FILE = ".hearts.lock"
"""The lock file of a data folder: held while a shared file is read, merged and written."""
LOCK_TIMEOUT = 20.0
"""Seconds to wait for another table or notebook to finish writing before giving up (with ``TimeoutError``)."""


@contextlib.contextmanager
def locked(folder: str | os.PathLike[str]) -> Iterator[None]:
    """Hold a data folder's lock (:mod:`filelock`, :data:`LOCK_FILE`) while its shared files are read, merged and
    written: the one lock every table (:func:`hearts_widgets.store.locked`) and the tutor's progress take.

    The folder is made if it is missing. ``OSError`` if it cannot hold the lock (read-only), ``TimeoutError`` (an
    ``OSError`` too) if another process keeps it for more than :data:`LOCK_TIMEOUT` seconds. One lock object per
    folder (filelock's singleton), so code already holding it can take it again.

    >>> import tempfile
    >>> d = tempfile.mkdtemp()
    >>> with locked(d):
    ...     with locked(d):  # taken again by its holder
    ...         pass
    >>> sorted(p.name for p in Path(d).iterdir())
    ['.hearts.lock']
    """
    import filelock

    where = Path(folder)
    where.mkdir(parents=True, exist_ok=True)
    with filelock.FileLock(where / LOCK_FILE, timeout=LOCK_TIMEOUT, is_singleton=True):
        yield

SET_FIELD = "files_set"
"""The key of a set's id (:func:`new_set_id`) in the JSON file of the set (``meta.json``, ``experiment.json``, …)."""

MANIFEST = "hearts-results.json"
"""The manifest of a results folder (:func:`results_folder`): every file written into it, with its size."""

_MANIFEST_FORMAT = "hearts.results"
_MANIFEST_LIMIT = 16 * 1024 * 1024  # bytes: a manifest lists file names, never this many
_TMP_SUFFIX = ".tmp"
_OLD_SUFFIX = ".old"  # a results folder being replaced waits in a holder named so (see put_back_replaced)
_STALE_SECONDS = 24 * 3600  # a temporary this old is stale even if its process id was reused
_NAME_ROOM = 100  # characters of the real name kept in a temporary's name (names stay under 255 bytes)


class FileContentError(HeartsError):
    """A file, or JSON text, that cannot be used: ``.reason`` says why.

    ``.reason`` is one of ``'not_a_file'``, ``'too_large'``, ``'unreadable'``,
    ``'not_utf8'``, ``'not_json'``, ``'too_deep'``, ``'number_too_long'``,
    ``'mixed_set'`` (files of one set from different saves, :func:`check_set`);
    ``.values`` the details (a size, a position), ``.path`` the file (may be empty).

    >>> try:
    ...     parse_json(b"\\xff")
    ... except FileContentError as e:
    ...     e.reason, e.values
    ('not_utf8', {'position': 0})
    """

    def __init__(self, reason: str, message: str, path: str | os.PathLike[str] = "", **values: Any) -> None:
        self.reason = reason
        self.values = values
        self.path = os.fspath(path)
        self.message = message
        super().__init__(f"{self.path}: {message}" if self.path else message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.reason, self.message, self.path, self.values))


def _rebuild(reason: str, message: str, path: str, values: dict[str, Any]) -> FileContentError:
    return FileContentError(reason, message, path, **values)


class ResultsFolderError(HeartsError):
    """A results folder that is not replaced: ``.reason`` says why, ``.path`` which folder.

    ``.reason`` is ``'not_ours'`` (files but no manifest of hearts: a folder
    hearts never wrote), ``'foreign'`` (files the manifest does not list:
    ``.files`` names them), ``'changed'`` (files of the manifest changed since
    hearts wrote them), ``'not_replaceable'`` (the root folder), or
    ``'moved'`` (a replace failed and the earlier folder could not be put
    back: ``.kept`` says where it is, whole). Except for ``'moved'``, nothing
    in the folder was changed. ``.kept`` is also where the new results were
    kept when the folder was refused only once they were complete.

    >>> import pickle
    >>> e = pickle.loads(pickle.dumps(ResultsFolderError("foreign", "has notes.txt", "/r", files=["notes.txt"])))
    >>> e.reason, e.files, str(e)
    ('foreign', ['notes.txt'], '/r: has notes.txt')
    """

    def __init__(
        self,
        reason: str,
        message: str,
        path: str | os.PathLike[str],
        *,
        files: Sequence[str] = (),
        kept: str | os.PathLike[str] | None = None,
    ) -> None:
        self.reason = reason
        self.message = message
        self.path = os.fspath(path)
        self.files = list(files)
        self.kept = None if kept is None else Path(kept)
        super().__init__(f"{self.path}: {message}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_folder, (self.reason, self.message, self.path, self.files, self.kept))


def _rebuild_folder(reason: str, message: str, path: str, names: list[str], kept: Path | None) -> ResultsFolderError:
    return ResultsFolderError(reason, message, path, files=names, kept=kept)


# ----- writing -------------------------------------------------------------------


def _temp_prefix(name: str) -> str:
    return f".{name[:_NAME_ROOM]}.{os.getpid()}-"


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` is running on this machine (a process of another user counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def clean_temporaries(folder: Path, name: str) -> int:
    """Remove temporaries of ``name`` left in ``folder`` by processes that died; returns how many.

    A temporary is ``.<name>.<pid>-<random>.tmp``. It is stale when its
    process is gone or when it is more than a day old; a temporary of a
    process still writing is left alone.
    """
    head = f".{name[:_NAME_ROOM]}."
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        if not (entry.name.startswith(head) and entry.name.endswith(_TMP_SUFFIX)):
            continue
        pid_text = entry.name[len(head) :].partition("-")[0]
        if not pid_text.isdigit():
            continue
        pid = int(pid_text)
        try:
            old = now - entry.stat(follow_symlinks=False).st_mtime > _STALE_SECONDS
        except OSError:
            continue
        if pid == os.getpid() and not old:
            continue  # ours: another thread may be writing it
        if old or not process_alive(pid):
            with contextlib.suppress(OSError):
                if entry.is_dir(follow_symlinks=False):
                    if os.listdir(entry.path) == ["old"] and not os.path.lexists(folder / name):
                        continue  # an earlier version's holder of a replaced results folder: its only copy
                    shutil.rmtree(entry.path)
                else:
                    os.unlink(entry.path)
                removed += 1
    return removed


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - a folder that cannot be opened (some platforms)
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - not every filesystem syncs folders
        pass
    finally:
        os.close(fd)


def _fsync_path(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_file(path: str | os.PathLike[str], data: str | bytes, *, make_folder: bool = True) -> None:
    """Write ``data`` (text is written as UTF-8) to ``path`` whole or not at all.

    The data goes to a temporary file in the same folder, is flushed and
    ``fsync``-ed, and the temporary is renamed over ``path``; the folder is
    synced too. On any error (a full disk, a kill) the old file is untouched
    and the temporary is removed (or, after a kill, removed by the next write).

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "sub" / "x.txt"
    >>> write_file(p, "hello")
    >>> p.read_text()
    'hello'
    """
    with replacing(path, make_folder=make_folder) as (tmp,), open(tmp, "wb") as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)


@contextlib.contextmanager
def replacing(*paths: str | os.PathLike[str], make_folder: bool = True) -> Iterator[tuple[Path, ...]]:
    """Temporary paths to write in place of ``paths``; renamed over them only if the block succeeds.

    For writers that want a file name (``DataFrame.to_parquet``,
    ``Figure.savefig``). The temporaries are ``fsync``-ed before the renames,
    which happen one after the other at the end, after everything was written.
    If one of several renames fails, those already made are undone, so the
    files are all old or all new. A kill between two renames cannot be undone:
    a set of files that must agree carries one :func:`new_set_id` in each file,
    and its reader refuses a mixed set with :func:`check_set`.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> with replacing(d / "a.txt", d / "b.txt") as (a, b):
    ...     _ = a.write_text("A"), b.write_text("B")
    >>> (d / "a.txt").read_text() + (d / "b.txt").read_text()
    'AB'
    """
    finals = [Path(p) for p in paths]
    temps: list[Path] = []
    try:
        for final in finals:
            if make_folder:
                final.parent.mkdir(parents=True, exist_ok=True)
            clean_temporaries(final.parent, final.name)
            fd, name = tempfile.mkstemp(prefix=_temp_prefix(final.name), suffix=_TMP_SUFFIX, dir=final.parent)
            os.close(fd)
            temps.append(Path(name))
        yield tuple(temps)
        for tmp in temps:
            _fsync_path(tmp)
        if len(temps) == 1:
            os.replace(temps[0], finals[0])
        else:
            _replace_all(temps, finals)
        for folder in {f.parent for f in finals}:
            _fsync_folder(folder)
    except BaseException:
        for tmp in temps:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise


def _backup(final: Path) -> Path | None:
    """A second name for ``final`` (a hard link, else a copy) to put it back from; ``None`` if there is no file."""
    if not (final.exists() or final.is_symlink()):
        return None
    backup = final.parent / f"{_temp_prefix(final.name)}{uuid.uuid4().hex[:8]}{_TMP_SUFFIX}"
    try:
        os.link(final, backup, follow_symlinks=False)
    except FileNotFoundError:
        return None
    except OSError:  # no hard links here (a FAT drive): a copy
        shutil.copy2(final, backup, follow_symlinks=False)
    return backup


def _replace_all(temps: list[Path], finals: list[Path]) -> None:
    """Rename ``temps`` over ``finals``; if one rename fails, the files already renamed are put back as they were.

    A kill between two renames cannot be undone here: that is why every set
    written this way carries one id in each file (:func:`new_set_id`), which
    its reader checks (:func:`check_set`).
    """
    backups: list[Path | None] = []
    try:
        for final in finals:  # before anything is renamed; a failure here changes nothing
            backups.append(_backup(final))
        done = 0
        try:
            for tmp, final in zip(temps, finals):
                os.replace(tmp, final)
                done += 1
        except BaseException:
            for final, backup in reversed(list(zip(finals[:done], backups[:done]))):
                with contextlib.suppress(OSError):
                    if backup is None:
                        os.unlink(final)  # there was no file: there is none again
                    else:
                        os.replace(backup, final)
            raise
    finally:
        for backup in backups:
            if backup is not None:
                with contextlib.suppress(OSError):
                    os.unlink(backup)


def new_set_id() -> str:
    """A fresh id for a set of files written together by one :func:`replacing` (see :func:`check_set`).

    >>> len(new_set_id()), new_set_id() == new_set_id()
    (32, False)
    """
    return uuid.uuid4().hex


def check_set(ids: Sequence[tuple[str | os.PathLike[str], str | None]]) -> None:
    """Refuse a set of files that were not all written by the same save.

    ``ids`` holds each file with the set id found in it (``None``: it holds
    none, as files written before ids existed), the file renamed last (the
    one that describes the others) last. :func:`replacing` renames the files
    of a set one after the other, so a process killed between two renames
    leaves some files new and the rest old; their ids then differ, and this
    raises :class:`FileContentError` (``'mixed_set'``) naming the first file
    that does not belong with the last one. Files with no id at all pass.

    >>> check_set([("hands.parquet", "a1"), ("meta.json", "a1")])
    >>> check_set([("hands.parquet", "b2"), ("plays.parquet", "a1"), ("meta.json", "a1")])
    Traceback (most recent call last):
    ...
    hearts.files.FileContentError: hands.parquet: this file was written by another save than meta.json ...
    """
    if not ids:
        return
    last, expected = ids[-1]
    for path, found in ids[:-1]:
        if found != expected:
            message = (
                f"this file was written by another save than {Path(last).name} (a save was stopped half-way); "
                "write the results again"
            )
            raise FileContentError("mixed_set", message, path, other=os.fspath(last))


def _fsync_tree(folder: Path) -> None:
    for root, _dirs, names in os.walk(folder):
        for n in names:
            _fsync_path(Path(root) / n)
        _fsync_folder(Path(root))


def _free_name(final: Path, tag: str) -> Path:
    for i in range(1, 10_000):
        candidate = final.with_name(f"{final.name}.{tag}{'' if i == 1 else f'-{i}'}")
        if not (candidate.exists() or candidate.is_symlink()):
            return candidate
    raise FileExistsError(errno.EEXIST, "no free name", str(final))  # pragma: no cover - ten thousand copies


def put_back_replaced(path: str | os.PathLike[str]) -> list[Path]:
    """Finish what a run killed while replacing the results folder ``path`` left half done; where folders went.

    :func:`results_folder` moves the earlier folder into a holder
    (``.<name>.<pid>-i<inode>-<random>.old``) just before it renames the new
    one into place. For each holder of a process that is gone:

    - if ``path`` is missing (killed between the two renames), the earlier
      folder is put back as ``path``: the results a reader finds are the
      previous ones, whole;
    - if ``path`` is the new folder (killed after the swap), the earlier
      folder, which it replaced on purpose, is removed;
    - if ``path`` is some other folder, the earlier one is kept beside it as
      ``<name>.previous`` (``.previous-2``, …), never removed.

    The same is done for a holder left by earlier versions
    (``.<name>.<pid>-<random>.tmp`` holding only ``old``), except that, not
    knowing which folder was new, it is never removed. Returns the folders
    put back or kept.

    >>> import tempfile, pathlib
    >>> base = pathlib.Path(tempfile.mkdtemp())
    >>> holder = base / ".run.999999999-i1-abc.old"  # a dead process's holder, killed mid-swap
    >>> (holder / "old").mkdir(parents=True)
    >>> _ = (holder / "old" / "meta.json").write_text("{}")
    >>> [p.name for p in put_back_replaced(base / "run")], sorted(p.name for p in base.iterdir())
    (['run'], ['run'])
    """
    final = Path(path)
    head = f".{final.name[:_NAME_ROOM]}."
    restored: list[Path] = []
    try:
        entries = list(os.scandir(final.parent))
    except OSError:
        return restored
    now = time.time()
    for entry in entries:
        legacy = entry.name.endswith(_TMP_SUFFIX)
        if not (entry.name.startswith(head) and (legacy or entry.name.endswith(_OLD_SUFFIX))):
            continue
        pid_text, _, rest = entry.name[len(head) :].partition("-")
        if not pid_text.isdigit() or not entry.is_dir(follow_symlinks=False):
            continue
        holder = Path(entry.path)
        kept = holder / "old"
        try:
            if legacy and os.listdir(holder) != ["old"]:
                continue  # a temporary folder of results, clean_temporaries' to judge
            old = now - entry.stat(follow_symlinks=False).st_mtime > _STALE_SECONDS
        except OSError:
            continue
        pid = int(pid_text)
        if not old and (pid == os.getpid() or process_alive(pid)):
            continue  # a run still replacing the folder
        new_id = rest.partition("-")[0]
        with contextlib.suppress(OSError):
            if kept.exists() or kept.is_symlink():
                if not (final.exists() or final.is_symlink()):
                    os.rename(kept, final)
                    restored.append(final)
                elif legacy or not (new_id[1:].isdigit() and os.stat(final).st_ino == int(new_id[1:])):
                    aside = _free_name(final, "previous")
                    os.rename(kept, aside)
                    restored.append(aside)
            if not legacy or not (kept.exists() or kept.is_symlink()):
                shutil.rmtree(holder)
    if restored:
        _fsync_folder(final.parent)
    return restored


def _shown(names: Sequence[str], most: int = 5) -> str:
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def _manifest_files(folder: Path) -> dict[str, int] | None:
    """The files the manifest of ``folder`` lists with their sizes; ``None`` if it has no manifest of ours."""
    try:
        raw = read_limited(folder / MANIFEST, _MANIFEST_LIMIT)
        data = None if raw is None else parse_json(raw)
    except FileContentError:
        return None
    if not isinstance(data, dict) or data.get("format") != _MANIFEST_FORMAT or data.get("version") != 1:
        return None
    listed = data.get("files")
    if not isinstance(listed, dict):
        return None
    if not all(isinstance(k, str) and type(v) is int for k, v in listed.items()):
        return None
    return listed


def _entries(folder: Path) -> tuple[dict[str, os.stat_result], set[str]]:
    """Every file (and link) under ``folder`` by its path from there with ``/``, and every folder under it."""
    found: dict[str, os.stat_result] = {}
    folders: set[str] = set()
    for root, dirs, names in os.walk(folder, onerror=_raise):
        rel = Path(root).relative_to(folder)
        for d in list(dirs):
            path = Path(root) / d
            if path.is_symlink():  # a link is an entry of its own, never followed
                dirs.remove(d)
                found[(rel / d).as_posix()] = os.lstat(path)
            else:
                folders.add((rel / d).as_posix())
        for n in names:
            found[(rel / n).as_posix()] = os.lstat(Path(root) / n)
    return found, folders


def _raise(error: OSError) -> None:
    raise error


def check_replaceable(path: str | os.PathLike[str]) -> None:
    """Refuse (:class:`ResultsFolderError`) to replace ``path`` unless it holds only results hearts wrote there.

    A folder is replaceable when it is empty, or when its manifest
    (:data:`MANIFEST`, written by :func:`results_folder`) lists every file in
    it, each still the size hearts wrote. A folder without a manifest, or with
    a file the manifest does not list, or with a listed file that was changed,
    is refused, and the error names the files. Nothing is changed either way.
    A folder written before folders had a manifest passes when it holds one
    results set of hearts (an info file with its set id and the tables of its
    kind) and nothing else.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> check_replaceable(d)  # empty
    >>> _ = (d / "thesis.tex").write_text("mine")
    >>> check_replaceable(d)
    Traceback (most recent call last):
    ...
    hearts.files.ResultsFolderError: ...: it has no hearts-results.json (the list of the files hearts wrote there), ...
    """
    folder = Path(path)
    found, folders = _entries(folder)
    listed = _manifest_files(folder)
    if listed is None:
        if (not found and not folders) or _earlier_results(folder, found, folders):
            return
        names = sorted(found) or sorted(folders)
        raise ResultsFolderError(
            "not_ours",
            f"it has no {MANIFEST} (the list of the files hearts wrote there), so nothing shows that hearts wrote "
            f"what it holds: {_shown(names)}; nothing in it was changed (choose another folder, or empty this one "
            "yourself)",
            folder,
            files=names,
        )
    needed = {Path(name).parent.as_posix() for name in listed}
    needed |= {p.as_posix() for name in listed for p in Path(name).parents}
    foreign = sorted(n for n in found if n != MANIFEST and n not in listed)
    foreign += sorted(f for f in folders if f not in needed)
    if foreign:
        raise ResultsFolderError(
            "foreign",
            f"besides the results hearts wrote, this folder holds {_shown(foreign)}, which hearts did not write; "
            "nothing in it was changed (move those elsewhere, or choose another folder)",
            folder,
            files=foreign,
        )
    changed = sorted(
        n
        for n, info in found.items()
        if n != MANIFEST and (not stat.S_ISREG(info.st_mode) or info.st_size != listed[n])
    )
    if changed:
        raise ResultsFolderError(
            "changed",
            f"{_shown(changed)} changed since hearts wrote {'it' if len(changed) == 1 else 'them'}; nothing in the "
            "folder was changed (keep a copy elsewhere, or choose another folder)",
            folder,
            files=changed,
        )


#: The files of a results set written before folders had a manifest: its info file, and the tables beside it.
_EARLIER_SETS = {
    "meta.json": {"hands.parquet", "tricks.parquet", "plays.parquet"},
    "experiment.json": {"deals.parquet", "games.parquet"},
    "tournament.json": {"tournament.parquet"},
}


def _earlier_results(folder: Path, found: dict[str, os.stat_result], folders: set[str]) -> bool:
    """Whether ``folder`` holds results of a version of hearts that wrote no manifest, and nothing else.

    Such a folder holds one results set (an info file carrying the set's id,
    :data:`SET_FIELD`, and only the tables of its kind), or only folders that
    each hold one (``experiment --tip all``); every file is a regular file.
    """
    if any("/" in f for f in folders) or (folders and any("/" not in n for n in found)):
        return False
    groups: dict[str, list[str]] = {f: [] for f in folders} if folders else {".": []}
    for name, info in found.items():
        parent = Path(name).parent.as_posix()
        if parent not in groups or not stat.S_ISREG(info.st_mode):
            return False
        groups[parent].append(Path(name).name)
    for parent, names in groups.items():
        infos = [n for n in names if n in _EARLIER_SETS]
        if len(infos) != 1 or not set(names) - {infos[0]} <= _EARLIER_SETS[infos[0]]:
            return False
        try:
            raw = read_limited(folder / parent / infos[0], _MANIFEST_LIMIT)
            data = None if raw is None else parse_json(raw)
        except FileContentError:
            return False
        if not (isinstance(data, dict) and isinstance(data.get(SET_FIELD), str)):
            return False
    return True


def _write_manifest(folder: Path) -> None:
    found, _ = _entries(folder)
    listed = {name: info.st_size for name, info in sorted(found.items()) if name != MANIFEST}
    data = {"format": _MANIFEST_FORMAT, "version": 1, "files": listed}
    with open(folder / MANIFEST, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


def _is_empty(folder: Path) -> bool:
    with os.scandir(folder) as entries:
        return next(entries, None) is None


def _absolute(path: str | os.PathLike[str]) -> Path:
    """``path`` with every link and ``..`` resolved: the renames must not depend on the working folder.

    Replacing a folder moves it, and with it a working folder inside it: a
    relative ``../run`` would then name another place half-way through.
    """
    final = Path(os.path.realpath(path))
    if final.parent == final:
        raise ResultsFolderError("not_replaceable", "the root folder cannot hold results", final)
    return final


@contextlib.contextmanager
def results_folder(path: str | os.PathLike[str], *, replace: bool = False) -> Iterator[Path]:
    """A temporary folder to write results into, renamed to ``path`` only if the block succeeds.

    Everything is checked before the block runs, by doing it: ``path`` is
    created (as an empty folder) if it does not exist, and the temporary
    folder is made beside it, so a name that cannot be created fails at once
    (with ``OSError``) rather than after a long run. An existing ``path`` that
    is not empty is refused with ``FileExistsError`` unless ``replace`` is true; then it is
    replaced only once the new results are complete, and only if it holds
    nothing but results hearts wrote (:func:`check_replaceable`, checked
    before the block and again just before the replace; refused then, the
    new results are kept beside it as ``<name>.new`` and the error says so).
    The finished folder gets a manifest (:data:`MANIFEST`) of its files. If
    the block fails, the temporary folder is removed, a ``path`` made here is
    removed again, and an earlier ``path`` is left exactly as it was, under
    its own name. A link to a folder is followed (the folder it names is
    replaced, the link stays), and every path is made absolute first, so
    the working folder may be inside ``path``. A run killed while it
    replaced ``path`` is finished or undone first (:func:`put_back_replaced`):
    killed between its two renames, the earlier folder is put back.

    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "run"
    >>> with results_folder(out) as tmp:
    ...     _ = (tmp / "meta.json").write_text("{}")
    >>> sorted(p.name for p in out.iterdir())
    ['hearts-results.json', 'meta.json']
    >>> with results_folder(out) as tmp:
    ...     pass
    Traceback (most recent call last):
    ...
    FileExistsError: ...
    """
    final = _absolute(path)
    put_back_replaced(final)  # before anything else: a folder a killed run took away is put back first
    clean_temporaries(final.parent, final.name)  # what dead runs left half-written
    if final.exists() or final.is_symlink():
        if not final.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(final))
        if not replace and not _is_empty(final):  # an empty folder (made beforehand, or by a killed run) is used
            raise FileExistsError(errno.EEXIST, "the results folder already exists", str(final))
        check_replaceable(final)
        made = False
    else:
        final.mkdir(parents=True)
        made = True
    try:
        tmp = Path(tempfile.mkdtemp(prefix=_temp_prefix(final.name), suffix=_TMP_SUFFIX, dir=final.parent))
    except BaseException:
        if made:
            with contextlib.suppress(OSError):
                final.rmdir()
        raise
    complete = False  # the block ran to its end: the new results are whole
    try:
        yield tmp
        complete = True
        _write_manifest(tmp)
        _fsync_tree(tmp)
        if made:
            try:
                os.rename(tmp, final)  # over the empty folder made above
            except OSError as e:
                if e.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                    raise
                check_replaceable(final)  # someone filled it meanwhile: says with what
                raise
        else:
            _swap(tmp, final)
        _fsync_folder(final.parent)
    except ResultsFolderError as e:
        if complete and e.reason in ("not_ours", "foreign", "changed") and tmp.is_dir():
            with contextlib.suppress(OSError):  # the complete new results are not thrown away
                kept = _free_name(final, "new")
                os.rename(tmp, kept)
                raise ResultsFolderError(
                    e.reason, f"{e.message}; the new results are in {kept}", e.path, files=e.files, kept=kept
                ) from None
        shutil.rmtree(tmp, ignore_errors=True)
        if made:
            with contextlib.suppress(OSError):
                final.rmdir()  # only if still empty
        raise
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        if made:
            with contextlib.suppress(OSError):
                final.rmdir()  # only if still empty
        raise


def _swap(tmp: Path, final: Path) -> None:
    """Put the complete folder ``tmp`` in the place of the earlier folder ``final``, which must be ours.

    The earlier folder waits in a holder named after the new one's inode while the new one takes its place; a
    process killed in between leaves the holder to put_back_replaced (never cleaned as a temporary), which puts
    the earlier folder back, or removes it once the new one is in place. Any failure before the new folder is in
    place puts the earlier one back under its own name; if even that fails, :class:`ResultsFolderError`
    (``'moved'``) says where it is.
    """
    check_replaceable(final)  # again: files may have been added during the run
    new_id = os.stat(tmp).st_ino
    prefix = f"{_temp_prefix(final.name)}i{new_id}-"
    holder = Path(tempfile.mkdtemp(prefix=prefix, suffix=_OLD_SUFFIX, dir=final.parent))
    kept = holder / "old"
    try:
        os.rename(final, kept)
    except BaseException:
        with contextlib.suppress(OSError):
            holder.rmdir()
        raise
    try:
        os.rename(tmp, final)
    except BaseException as e:
        try:
            os.rename(kept, final)
        except OSError as again:
            raise ResultsFolderError(
                "moved",
                f"the new results could not take its place ({_why(e)}) and the earlier folder could not be put back "
                f"({_why(again)}): it is whole in {kept}; move it back with: mv {str(kept)!r} {str(final)!r}",
                final,
                kept=kept,
            ) from e
        with contextlib.suppress(OSError):
            holder.rmdir()
        raise
    shutil.rmtree(holder, ignore_errors=True)


def _why(e: BaseException) -> str:
    return (e.strerror or str(e)) if isinstance(e, OSError) else type(e).__name__


# ----- damaged files ---------------------------------------------------------------


def keep_damaged(path: str | os.PathLike[str]) -> Path | None:
    """Move a damaged file aside under a name no earlier copy has; the new name, or ``None``.

    ``name.ext`` becomes ``name.bad.ext``, or ``name.bad-2.ext``, ``name.bad-3.ext``
    … if those exist: an earlier copy is never overwritten. ``None`` means the
    file was left where it is (it is gone, or it could not be moved: a
    read-only folder, say); it is never deleted.
    """
    p = Path(path)
    for i in range(1, 10_000):
        bad = p.with_name(f"{p.stem}.bad{'' if i == 1 else f'-{i}'}{p.suffix}")
        if bad.exists() or bad.is_symlink():
            continue
        try:
            os.link(p, bad, follow_symlinks=False)  # fails if ``bad`` appeared meanwhile: nothing overwritten
        except FileExistsError:
            continue
        except OSError as e:
            if e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK):
                return None  # gone, read-only folder, …: left in place
            # No hard links here (a FAT drive, a directory): a rename, after checking the name is free.
            if bad.exists():
                continue
            try:
                os.rename(p, bad)
            except OSError:
                return None
            return bad
        try:
            os.unlink(p)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(bad)
            return None
        return bad
    return None  # pragma: no cover - ten thousand damaged copies


# ----- reading ---------------------------------------------------------------------


def _unreadable(path: Path, e: OSError) -> FileContentError:
    detail = e.strerror or str(e)
    return FileContentError("unreadable", f"cannot be read: {detail}", path, detail=detail)


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes | None:
    """The bytes of ``path`` (``None`` if it does not exist), refusing what is not a regular file or is too large.

    The file is opened without blocking, so a named pipe or a device in its
    place is refused (``'not_a_file'``) instead of hanging; a file larger than
    ``limit`` bytes is refused (``'too_large'``) before anything is read.
    """
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise FileContentError("not_a_file", "this is a folder, not a file", p) from None
    except OSError as e:
        raise _unreadable(p, e) from e
    # Everything is checked on the descriptor before it is wrapped, and it is closed on every refusal: on
    # Linux a folder opens (and only fails when read), so the checks must not leak it.
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileContentError("not_a_file", "this is a folder, not a file", p)
        if not stat.S_ISREG(info.st_mode):
            raise FileContentError("not_a_file", "this is not a regular file (a pipe or a device?)", p)
        if info.st_size > limit:
            message = f"{info.st_size} bytes is more than the {limit} a file may have"
            raise FileContentError("too_large", message, p, size=info.st_size, limit=limit)
        f = os.fdopen(fd, "rb")
    except BaseException as e:
        os.close(fd)
        if isinstance(e, OSError):
            raise _unreadable(p, e) from e
        raise
    with f:
        try:
            data = f.read(limit + 1)
        except OSError as e:
            raise _unreadable(p, e) from e
    if len(data) > limit:  # grew while being read
        raise FileContentError(
            "too_large", f"more than the {limit} bytes a file may have", p, size=len(data), limit=limit
        )
    return data


def depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (0 for a plain value), without recursion.

    >>> depth(1), depth([]), depth({"a": [1, {"b": 2}]})
    (0, 1, 3)
    """
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        elif not isinstance(v, list):
            continue
        deepest = max(deepest, d + 1)
        stack.extend((x, d + 1) for x in v if isinstance(x, (list, dict)))
    return deepest


def parse_json(raw: str | bytes, *, max_depth: int = MAX_DEPTH, **options: Any) -> Any:
    """JSON text (UTF-8 bytes or str) as Python values; :class:`FileContentError` for every way it can be wrong.

    ``options`` go to :func:`json.loads` (e.g. ``object_pairs_hook``); a
    ``ValueError`` raised by a hook is reported as ``'not_json'``.

    >>> parse_json('{"n": ' + "9" * 5000 + '}')
    Traceback (most recent call last):
    ...
    hearts.files.FileContentError: a number in the JSON has more than 4300 digits
    """
    if isinstance(raw, (bytes, bytearray)):
        try:
            text = bytes(raw).decode("utf-8")
        except UnicodeDecodeError as e:
            raise FileContentError("not_utf8", f"not UTF-8 text (byte {e.start})", position=e.start) from None
    elif isinstance(raw, str):
        text = raw
    else:
        raise FileContentError("not_json", f"expected JSON text (str or bytes), not {type(raw).__name__}")
    try:
        value = json.loads(text, **options)
    except RecursionError:
        raise FileContentError("too_deep", f"the JSON is nested deeper than {max_depth} levels") from None
    except json.JSONDecodeError as e:
        raise FileContentError(
            "not_json", f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})", line=e.lineno, column=e.colno
        ) from None
    except ValueError as e:
        if "digits" in str(e) and "integer" in str(e):
            limit = sys_int_digits()
            raise FileContentError(
                "number_too_long", f"a number in the JSON has more than {limit} digits", limit=limit
            ) from None
        raise FileContentError("not_json", f"not valid JSON: {e}", line=0, column=0) from None
    if depth(value) > max_depth:
        raise FileContentError("too_deep", f"the JSON is nested deeper than {max_depth} levels")
    return value


def sys_int_digits() -> int:
    """The most digits Python reads in a whole number (``sys.get_int_max_str_digits``, 4300 by default)."""
    import sys

    return sys.get_int_max_str_digits() or 4300
