"""The learner's progress through the tutorials: exercises and quizzes done, kept in the data folder beside the
table's saved game and settings, shown as a course map, handed in as one file, and read back by a teacher.

The file is ``tutor_progress.json`` in the data folder (``HEARTS_DATA_DIR``, else the user's data folder, the
same folder as :func:`hearts_widgets.store.data_dir`). Every change reads, merges and writes it whole under the
folder's lock, so two notebooks open at once never undo each other's progress.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import datetime
import html
import json
import os
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from hearts import files
from hearts.messages import check_language, text

__all__ = [
    "FORMAT",
    "PROGRESS_FILE",
    "ClassView",
    "CourseMap",
    "HandIn",
    "class_view",
    "course_map",
    "add_listener",
    "data_folder",
    "hand_in",
    "is_progress",
    "load_progress",
    "made_up_class",
    "merge_progress",
    "record_exercise",
    "record_quiz",
    "take_in",
]

PROGRESS_FILE = "tutor_progress.json"
FORMAT = "hearts-tutor-progress"
LOCK_FILE = files.LOCK_FILE  # the data folder's lock, the one every table takes (hearts.files.locked)
MAX_SIZE = 1024 * 1024
ENV_VAR = "HEARTS_DATA_DIR"
CHECK_CALL = re.compile(r"""\bcheck\(\s*["'](\w+)["']""")
QUIZ_CALL = re.compile(r"""\bQuiz\(\s*["'](\w+)["']""")


def data_folder(override: str | os.PathLike[str] | None = None) -> Path:
    """The learner's data folder (as :func:`hearts_widgets.store.data_dir` finds it; a test keeps them equal).

    >>> str(data_folder("/tmp/somewhere"))
    '/tmp/somewhere'
    """
    if override is not None:
        return Path(override)
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR])
    try:
        import platformdirs

        return Path(platformdirs.user_data_dir("hearts", appauthor=False))
    except ImportError:  # pragma: no cover - platformdirs comes with Jupyter
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(base) / "hearts"


def _empty() -> dict[str, Any]:
    return {"format": FORMAT, "version": 1, "learner": "", "exercises": {}, "quizzes": {}}


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _valid_exercise(entry: Any) -> bool:
    if not isinstance(entry, dict) or not _count(entry.get("tries", 0)):
        return False
    if not isinstance(entry.get("passed", False), bool) or not isinstance(entry.get("solution_seen", False), bool):
        return False
    failed = entry.get("failed", {})
    return isinstance(failed, dict) and all(
        isinstance(seen, dict) and _count(seen.get("count", 1)) and isinstance(seen.get("case", ""), str)
        for seen in failed.values()
    )


def _valid_quiz(entry: Any) -> bool:
    return isinstance(entry, dict) and _count(entry.get("tries", 0)) and _count(entry.get("right", 0))


def _valid(data: Any) -> bool:
    """A progress record whose every entry has the shape the course map, the checks and the class view read
    (counts are whole numbers 0 or more, ``passed`` a boolean, ``failed`` a table of mistakes): a file edited
    by hand or damaged inside is refused whole, never half read."""
    return (isinstance(data, dict) and data.get("format") == FORMAT
            and isinstance(data.get("learner", ""), str)
            and isinstance(data.get("exercises"), dict) and all(map(_valid_exercise, data["exercises"].values()))
            and isinstance(data.get("quizzes"), dict) and all(map(_valid_quiz, data["quizzes"].values()))
            )  # fmt: skip


def _read(path: Path) -> dict[str, Any] | None:
    """The progress in ``path``; ``None`` if there is none; a damaged file is moved aside (never deleted)."""
    try:
        raw = files.read_limited(path, MAX_SIZE)
    except files.FileContentError:
        files.keep_damaged(path)
        return None
    if raw is None:
        return None
    try:
        data = files.parse_json(raw)
    except files.FileContentError:
        data = None
    if not _valid(data):
        files.keep_damaged(path)
        return None
    assert isinstance(data, dict)
    return data


_LISTENERS: list[Callable[[Path], None]] = []


def add_listener(callback: Callable[[Path], None]) -> None:
    """Call ``callback(folder)`` after every change this process makes to the progress of ``folder`` (the widget
    layer keeps the browser's copy up to date so). A listener that raises is left out of that change; the
    progress is kept all the same.

    >>> import tempfile
    >>> changed = []
    >>> add_listener(changed.append)
    >>> record_quiz("moon", right=False, folder=tempfile.mkdtemp())
    >>> len(changed)
    1
    >>> _LISTENERS.remove(changed.append)
    """
    if callback not in _LISTENERS:
        _LISTENERS.append(callback)


def _tell(where: Path) -> None:
    for callback in list(_LISTENERS):
        with contextlib.suppress(Exception):
            callback(where)


@contextlib.contextmanager
def _changing(folder: str | os.PathLike[str] | None) -> Iterator[dict[str, Any]]:
    where = data_folder(folder)
    with files.locked(where):
        data = _read(where / PROGRESS_FILE) or _empty()
        before = json.dumps(data, sort_keys=True)
        yield data
        if json.dumps(data, sort_keys=True) == before:
            return
        files.write_file(where / PROGRESS_FILE, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    _tell(where)


def is_progress(data: Any) -> bool:
    """``data`` is a progress record this version reads whole (the file's format, every entry's shape).

    >>> is_progress(load_progress("/nonexistent")), is_progress({"format": FORMAT, "exercises": []})
    (True, False)
    """
    return _valid(data) and isinstance(data, dict) and data.get("version", 1) == 1


def _later(a: Mapping[str, Any], b: Mapping[str, Any]) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """(the earlier, the later) of two entries, by their last attempt (``b`` on a tie)."""
    return (b, a) if str(a.get("last", "")) > str(b.get("last", "")) else (a, b)


def merge_progress(mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> dict[str, Any]:
    """Two copies of one learner's progress as one: every exercise passed in either is passed (at the earlier
    time), the solution seen if seen in either; the tries, the last attempt and the quizzes' counts are those of
    the copy whose attempt is the latest; the mistakes of both are kept (the larger count of each).

    >>> a = {"format": FORMAT, "version": 1, "learner": "", "quizzes": {"moon": {"tries": 2, "right": 1,
    ...      "last": "2026-01-02T00:00:00+00:00"}}, "exercises": {"03": {"tries": 1, "passed": True, "failed": {},
    ...      "last": "2026-01-01T00:00:00+00:00", "passed_at": "2026-01-01T00:00:00+00:00"}}}
    >>> b = {"format": FORMAT, "version": 1, "learner": "", "quizzes": {}, "exercises": {"03": {"tries": 3,
    ...      "passed": False, "failed": {"x": {"count": 2, "case": "deal 4"}}, "last": "2026-01-05T00:00:00+00:00"},
    ...      "05": {"tries": 1, "passed": True, "failed": {}, "last": "2026-01-05T00:00:00+00:00"}}}
    >>> m = merge_progress(a, b)
    >>> e = m["exercises"]["03"]
    >>> e["passed"], e["tries"], sorted(m["exercises"]), m["quizzes"]["moon"]["right"]
    (True, 3, ['03', '05'], 1)
    """
    out = {**_empty(), **{k: v for k, v in mine.items()}}
    exercises: dict[str, Any] = {}
    for name in list(dict.fromkeys([*mine["exercises"], *theirs["exercises"]])):
        a, b = mine["exercises"].get(name), theirs["exercises"].get(name)
        if a is None or b is None:
            exercises[name] = json.loads(json.dumps(a if b is None else b))
            continue
        earlier, later = _later(a, b)
        entry = json.loads(json.dumps(later))
        entry["passed"] = bool(a.get("passed")) or bool(b.get("passed"))
        times = [str(e["passed_at"]) for e in (a, b) if e.get("passed") and e.get("passed_at")]
        if times:
            entry["passed_at"] = min(times)
        if a.get("solution_seen") or b.get("solution_seen"):
            entry["solution_seen"] = True
        failed = dict(entry.get("failed", {}))
        for kind, seen in (earlier.get("failed") or {}).items():
            mine_seen = failed.get(kind)
            if mine_seen is None:
                failed[kind] = dict(seen)
            else:
                failed[kind] = {**mine_seen, "count": max(int(mine_seen.get("count", 1)), int(seen.get("count", 1)))}
        entry["failed"] = failed
        exercises[name] = entry
    quizzes: dict[str, Any] = {}
    for kind in list(dict.fromkeys([*mine["quizzes"], *theirs["quizzes"]])):
        a, b = mine["quizzes"].get(kind), theirs["quizzes"].get(kind)
        quizzes[kind] = json.loads(json.dumps(a if b is None else b if a is None else _later(a, b)[1]))
    out["exercises"], out["quizzes"] = exercises, quizzes
    if not out.get("learner") and theirs.get("learner"):
        out["learner"] = theirs["learner"]
    return out


def take_in(theirs: Mapping[str, Any], folder: str | os.PathLike[str] | None = None) -> bool:
    """Merge another copy of the learner's progress (a browser's, a progress file's) into ``folder``'s, under
    the folder's lock (:func:`merge_progress`); True if the folder's file changed. A copy that is not a progress
    record raises :class:`~hearts.errors.OptionError` on ``theirs`` and nothing changes; a damaged file in the
    folder is moved aside (never deleted) and the copy taken.

    >>> import tempfile
    >>> where = tempfile.mkdtemp()
    >>> record_exercise("03", passed=True, folder=where)
    >>> other = tempfile.mkdtemp()
    >>> take_in(load_progress(where), other), take_in(load_progress(where), other)
    (True, False)
    >>> load_progress(other)["exercises"]["03"]["passed"]
    True
    """
    from hearts.errors import OptionError

    if not is_progress(theirs):
        raise OptionError("theirs is not a tutor progress record (format 'hearts-tutor-progress', version 1)",
                          "theirs")  # fmt: skip
    changed = False
    with _changing(folder) as data:
        merged = merge_progress(data, theirs)
        if merged != data:
            data.clear()
            data.update(merged)
            changed = True
    return changed


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def load_progress(folder: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The learner's progress (an empty record if there is none yet).

    >>> import tempfile
    >>> load_progress(tempfile.mkdtemp())["exercises"]
    {}
    """
    path = data_folder(folder) / PROGRESS_FILE
    try:
        raw = files.read_limited(path, MAX_SIZE)
        data = None if raw is None else files.parse_json(raw)
    except files.FileContentError:
        data = None
    if _valid(data):
        assert isinstance(data, dict)
        return data
    return _empty()


def record_exercise(exercise: str, *, passed: bool, failed: tuple[str, str] | None = None,
                    solution_seen: bool = False, folder: str | os.PathLike[str] | None = None) -> None:  # fmt: skip
    """Keep one try at ``exercise``: ``passed``, or the mistake and case that ``failed`` (``solution_seen``: the
    learner asked for the solution, not a try).

    >>> import tempfile
    >>> where = tempfile.mkdtemp()
    >>> record_exercise("03", passed=False, failed=("refusals.rule", "deal 11"), folder=where)
    >>> record_exercise("03", passed=True, folder=where)
    >>> done = load_progress(where)["exercises"]["03"]
    >>> done["tries"], done["passed"], done["failed"]["refusals.rule"]["count"]
    (2, True, 1)
    """
    with _changing(folder) as data:
        entry = data["exercises"].setdefault(exercise, {"tries": 0, "passed": False, "failed": {}})
        if solution_seen:
            entry["solution_seen"] = True
            return
        entry["tries"] = int(entry.get("tries", 0)) + 1
        entry["last"] = _now()
        if passed and not entry.get("passed"):
            entry["passed"] = True
            entry["passed_at"] = entry["last"]
        if failed is not None:
            kind, case = failed
            seen = entry.setdefault("failed", {}).setdefault(kind, {"count": 0, "case": case})
            seen["count"] = int(seen.get("count", 0)) + 1
            seen["case"] = case


def record_quiz(kind: str, *, right: bool, folder: str | os.PathLike[str] | None = None) -> None:
    """Keep one answer to a rule quiz of ``kind`` (``legal``, ``winner``, ``points``, ``moon``).

    >>> import tempfile
    >>> where = tempfile.mkdtemp()
    >>> record_quiz("winner", right=True, folder=where)
    >>> load_progress(where)["quizzes"]["winner"]["right"]
    1
    """
    with _changing(folder) as data:
        entry = data["quizzes"].setdefault(kind, {"tries": 0, "right": 0})
        entry["tries"] = int(entry.get("tries", 0)) + 1
        entry["right"] = int(entry.get("right", 0)) + int(right)
        entry["last"] = _now()


# ----- the course map ---------------------------------------------------------------------------------------


def _notebooks(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.ipynb") if re.match(r"\d\d_", p.name))


def _tutorial_folder(lang: str, tutorials: str | os.PathLike[str] | None) -> Path:
    if tutorials is not None:
        return Path(tutorials)
    if _notebooks(Path.cwd()):
        return Path.cwd()
    return Path(__file__).resolve().parents[2] / "tutorials" / lang


def _read_notebook(path: Path) -> tuple[str, list[str], list[str]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    title = path.stem
    code = []
    for cell in nb.get("cells", []):
        source = "".join(cell.get("source", []))
        if cell.get("cell_type") == "markdown" and title == path.stem:
            heading = re.search(r"^# (.+)$", source, re.MULTILINE)
            if heading:
                title = heading.group(1).strip()
        elif cell.get("cell_type") == "code":
            code.append(source)
    joined = "\n".join(code)
    return title, list(dict.fromkeys(CHECK_CALL.findall(joined))), list(dict.fromkeys(QUIZ_CALL.findall(joined)))


@dataclasses.dataclass(frozen=True)
class CourseMap:
    """The tutorials present, in order, with each one's exercises and quizzes and what the learner has done.

    ``table`` is a DataFrame (one row per notebook); in a notebook the map draws as a list of links.
    """

    lang: str
    rows: tuple[dict[str, Any], ...]

    @property
    def table(self) -> Any:
        import pandas as pd

        return pd.DataFrame(list(self.rows)).set_index("notebook")

    def _repr_html_(self) -> str:
        items = []
        for row in self.rows:
            marks = " ".join(html.escape(m) for m in row["marks"])
            done = "✓ " if row["complete"] else ""
            items.append(f'<li>{done}<a href="{html.escape(row["file"])}">{html.escape(row["notebook"])} · '
                         f"{html.escape(row['title'])}</a> {marks}</li>")  # fmt: skip
        head = html.escape(text("tutor.map.summary", self.lang, done=sum(r["done"] for r in self.rows),
                                total=sum(r["tasks"] for r in self.rows)))  # fmt: skip
        return f'<div role="navigation"><p>{head}</p><ul>{"".join(items)}</ul></div>'


def course_map(lang: str = "en", *, tutorials: str | os.PathLike[str] | None = None,
               folder: str | os.PathLike[str] | None = None) -> CourseMap:  # fmt: skip
    """The course map of the notebooks in ``tutorials`` (by default the notebook's own folder, else the
    package's ``tutorials/<lang>``): generated from the notebooks present, so a new tutorial appears by itself.

    >>> import tempfile
    >>> cm = course_map("en", folder=tempfile.mkdtemp())
    >>> cm.table.loc["03", "exercises"]
    '03 ○'
    """
    check_language(lang)
    progress = load_progress(folder)
    rows = []
    for path in _notebooks(_tutorial_folder(lang, tutorials)):
        title, exercises, quizzes = _read_notebook(path)
        marks, done = [], 0
        for exercise in exercises:
            entry = progress["exercises"].get(exercise, {})
            passed = bool(entry.get("passed"))
            done += passed
            marks.append(f"{exercise} {'✓' if passed else '✗' if entry.get('tries') else '○'}")
        quiz_marks = []
        for kind in quizzes:
            right = int(progress["quizzes"].get(kind, {}).get("right", 0))
            done += right > 0
            quiz_marks.append(f"{text(f'tutor.quiz.name.{kind}', lang)} {'✓' if right else '○'}")
        tasks = len(exercises) + len(quizzes)
        rows.append({"notebook": path.name[:2], "title": title, "file": path.name,
                     "exercises": " ".join(marks), "quizzes": " ".join(quiz_marks), "marks": marks + quiz_marks,
                     "tasks": tasks, "done": done, "complete": tasks > 0 and done == tasks})  # fmt: skip
    return CourseMap(lang, tuple(rows))


# ----- handing in -------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class HandIn:
    """A progress file to hand in: ``path`` where it was written, and in a notebook a download link (a data URL:
    no server needed, so it works in Voilà and JupyterLite too)."""

    path: Path
    lang: str

    def _repr_html_(self) -> str:
        raw = base64.b64encode(self.path.read_bytes()).decode("ascii")
        label = html.escape(text("tutor.hand_in.link", self.lang, name=self.path.name))
        return (f'<a download="{html.escape(self.path.name)}" href="data:application/json;base64,{raw}">'
                f"{label}</a>")  # fmt: skip

    def __str__(self) -> str:
        return text("tutor.hand_in.written", self.lang, path=str(self.path))


def _safe_name(name: str) -> str:
    cleaned = re.sub(r"[^\w.-]+", "_", name.strip(), flags=re.UNICODE).strip("._")
    return cleaned[:60]


def hand_in(name: str, lang: str = "en", *, to: str | os.PathLike[str] = ".",
            folder: str | os.PathLike[str] | None = None) -> HandIn:  # fmt: skip
    """Write the learner's progress, with ``name``, to ``progress-<name>.json`` in ``to`` (whole or not at all)
    and return it with a download link.

    >>> import tempfile
    >>> handed = hand_in("Ana López", to=tempfile.mkdtemp(), folder=tempfile.mkdtemp())
    >>> handed.path.name, json.loads(handed.path.read_text())["learner"]
    ('progress-Ana_López.json', 'Ana López')
    >>> hand_in("  ", folder=tempfile.mkdtemp())
    Traceback (most recent call last):
    ...
    hearts.errors.OptionError: name must have a letter or a digit, not '  '
    """
    from hearts.errors import OptionError

    check_language(lang)
    if not isinstance(name, str) or not _safe_name(name):
        raise OptionError(f"name must have a letter or a digit, not {name!r}", "name")
    data = load_progress(folder)
    data["learner"] = name.strip()
    data["handed_in"] = _now()
    path = Path(to) / f"progress-{_safe_name(name)}.json"
    files.write_file(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    return HandIn(path, lang)


# ----- the class view ---------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ClassView:
    """A class's handed-in progress: ``learners`` (one row per learner: each exercise ✓, ✗ with the number of
    tries, or blank; quizzes right/tries), ``failures`` (the most common failed cases per exercise: how many
    learners met each mistake, and an example case) and ``skipped`` (files that could not be read, and why)."""

    lang: str
    learners: Any
    failures: Any
    skipped: tuple[tuple[str, str], ...]

    def _repr_html_(self) -> str:
        parts = [f"<h3>{html.escape(text('tutor.class.who', self.lang))}</h3>", self.learners.to_html()]
        parts += [f"<h3>{html.escape(text('tutor.class.failures', self.lang))}</h3>", self.failures.to_html()]
        if self.skipped:
            parts.append("<p>" + "<br>".join(html.escape(text("tutor.class.skipped", self.lang, name=n, reason=r))
                                             for n, r in self.skipped) + "</p>")  # fmt: skip
        return "".join(parts)


def class_view(folder: str | os.PathLike[str], lang: str = "en") -> ClassView:
    """Read every ``*.json`` progress file handed in to ``folder`` (no server: files copied into a folder).

    >>> import tempfile
    >>> where = made_up_class(tempfile.mkdtemp(), learners=4, seed=1)
    >>> view = class_view(where)
    >>> len(view.learners), list(view.failures.columns)[:2]
    (4, ['exercise', 'mistake'])
    """
    import pandas as pd

    check_language(lang)
    rows, failures, skipped = [], [], []
    handed: dict[str, tuple[str, Path, dict[str, Any]]] = {}
    for path in sorted(Path(folder).glob("*.json")):
        try:
            raw = files.read_limited(path, MAX_SIZE)
            data = None if raw is None else files.parse_json(raw)
        except files.FileContentError as error:
            skipped.append((path.name, str(error)))
            continue
        if not _valid(data):
            skipped.append((path.name, text("tutor.class.not_progress", lang)))
            continue
        assert isinstance(data, dict)
        learner = str(data.get("learner") or path.stem)
        # A learner who handed in twice (a browser saves the second download as "progress-Ana (1).json") is one
        # learner: the newest hand-in counts, the earlier ones are listed as left out.
        when = str(data.get("handed_in") or "")
        earlier = handed.get(learner)
        if earlier is not None:
            older, newer = sorted([earlier, (when, path, data)], key=lambda h: (h[0], h[1].name))
            skipped.append((older[1].name, text("tutor.class.older", lang, learner=learner, newest=newer[1].name)))
            if newer[1] is earlier[1]:
                continue
        handed[learner] = (when, path, data)
    for learner, (_, _path, data) in sorted(handed.items(), key=lambda item: item[1][1].name):
        row: dict[str, Any] = {text("tutor.class.learner", lang): learner}
        for exercise, entry in sorted(data["exercises"].items()):
            if not isinstance(entry, Mapping):
                continue
            tries = int(entry.get("tries", 0))
            row[exercise] = f"✓ {tries}" if entry.get("passed") else f"✗ {tries}" if tries else ""
            for kind, seen in (entry.get("failed") or {}).items():
                if isinstance(seen, Mapping):
                    failures.append({"exercise": exercise, "mistake": kind, "learner": learner,
                                     "times": int(seen.get("count", 1)),
                                     "case": str(seen.get("case", ""))})  # fmt: skip
        for kind, entry in sorted(data["quizzes"].items()):
            if isinstance(entry, Mapping):
                row[_quiz_name(kind, lang)] = f"{entry.get('right', 0)}/{entry.get('tries', 0)}"
        rows.append(row)
    learners = pd.DataFrame(rows).fillna("") if rows else pd.DataFrame()
    if rows:
        learners = learners.set_index(text("tutor.class.learner", lang))
        learners = learners[sorted(learners.columns, key=lambda c: (not str(c)[:2].isdigit(), str(c)))]
    columns = ["exercise", "mistake", "learners", "times", "example", "says"]
    if failures:
        frame = pd.DataFrame(failures)
        table = frame.groupby(["exercise", "mistake"]).agg(learners=("learner", "nunique"), times=("times", "sum"),
                                                          example=("case", "first")).reset_index()  # fmt: skip
        table["says"] = [_mistake_words(kind, lang) for kind in table["mistake"]]
        table = table.sort_values(["exercise", "learners", "times"], ascending=[True, False, False])
        table = table.reset_index(drop=True)[columns]
    else:
        table = pd.DataFrame(columns=columns)
    return ClassView(lang, learners, table, tuple(skipped))


def _quiz_name(kind: str, lang: str) -> str:
    """The quiz's name in ``lang``; a kind this version does not know (a newer version's) by itself."""
    from hearts.messages import catalogue

    return catalogue(lang).get(f"tutor.quiz.name.{kind}", kind)


def _mistake_words(kind: str, lang: str) -> str:
    """What the check told the learner for mistake ``kind``, with the case's values left out.

    >>> _mistake_words("moon.count", "en")
    'success is a count; it should be a rate between 0 and 1 (the mean of shot).'
    >>> _mistake_words("trick.first_player", "es")
    'Elegiste a …, que salió; se jugó una carta de … más alta: gana … con ….'
    """
    from hearts.messages import catalogue

    cat = catalogue(lang)
    template = cat.get(f"tutor.fail.{kind}", cat.get(f"tutor.fail.{kind}.other"))
    return kind if template is None else re.sub(r"\{\w+\}", "…", template)


def made_up_class(folder: str | os.PathLike[str], *, learners: int = 10, seed: int = 0) -> Path:
    """Write ``learners`` made-up progress files into ``folder`` (to try the class view), deterministic by seed.

    >>> import tempfile
    >>> len(list(made_up_class(tempfile.mkdtemp(), learners=3).glob("*.json")))
    3
    """
    import numpy as np

    from hearts.tutor.exercises import EXERCISES

    rng = np.random.default_rng(seed)
    names = ["Ana", "Ben", "Chloé", "Dario", "Eva", "Farid", "Greta", "Hugo", "Inés", "Jonas", "Kemal", "Lena"]
    mistakes = {"02": ["trick.ignored_suit", "trick.first_player"], "03": ["refusals.rule", "refusals.all_allowed"],
                "08": ["moon.break_even", "moon.failed_all"], "11": ["lowest.by_number", "lowest.not_allowed"],
                "13": ["cancel.ignored", "cancel.waits"]}
    where = Path(folder)
    where.mkdir(parents=True, exist_ok=True)
    for i in range(learners):
        data = _empty()
        data["learner"] = names[i % len(names)] + ("" if i < len(names) else f" {i // len(names) + 1}")
        for exercise in EXERCISES:
            if rng.random() < 0.3:
                continue
            tries = int(rng.integers(1, 5))
            failed = {}
            for kind in mistakes.get(exercise, ["value"])[: tries - 1]:
                failed[kind] = {"count": int(rng.integers(1, 3)), "case": f"deal {int(rng.integers(1, 100))}"}
            data["exercises"][exercise] = {"tries": tries, "passed": bool(rng.random() < 0.75), "failed": failed}
        for kind in ("legal", "winner", "points", "moon"):
            tries = int(rng.integers(0, 6))
            if tries:
                data["quizzes"][kind] = {"tries": tries, "right": int(rng.integers(0, tries + 1))}
        files.write_file(where / f"progress-{_safe_name(data['learner'])}.json",
                         json.dumps(data, ensure_ascii=False, indent=1) + "\n")  # fmt: skip
    return where
