"""The browser's copy of the learner's progress where no table is open: the course map and the quizzes.

The tables keep a copy of the learner's progress in the browser (:mod:`hearts_widgets.browser_copy`). The
exercises' and quizzes' progress (:mod:`hearts.tutor.progress`) is written by Python in the kernel, often in a
notebook with no table; so :class:`ProgressCopy`, a small invisible anywidget, does the same there: when it is
drawn it sends the browser's copy (every ``hearts/v1/`` key), which is merged into the data folder (History,
settings, learn progress, kept hands, exercises and quizzes; never a game in progress, which is a table's to
resume), and answers with what the browser should keep. After every change to the exercises' progress in this
kernel (a check, a quiz answer) every live copy on that folder tells its browser.

:func:`course_map_view` is the index notebook's course map with a copy: on a fresh Binder, the map fills from
the browser as soon as it is drawn. :class:`hearts_widgets.quiz.Quiz` carries one too.

>>> import tempfile
>>> from hearts.tutor.progress import record_exercise, load_progress
>>> old, new = tempfile.mkdtemp(), tempfile.mkdtemp()
>>> record_exercise("03", passed=True, folder=old)
>>> from hearts_widgets.browser_copy import browser_entries
>>> view = course_map_view("en", folder=new)
>>> view.copy.receive({"event": "copy", "entries": browser_entries(Path(old)), "problem": ""})
>>> load_progress(new)["exercises"]["03"]["passed"], "03 ✓" in view.map.value
(True, True)
"""

from __future__ import annotations

import html
import os
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

from hearts.messages import check_language, text
from hearts.tutor import progress as tutor_progress

from . import browser_copy, store

__all__ = ["ProgressCopy", "ProgressLine", "course_map_view", "progress_line"]

NOT_GAMES = tuple(n for n in browser_copy.FILES if n not in browser_copy.SAVES)
"""What a copy with no table merges and writes: everything but the games in progress."""

_ESM = r"""
const PREFIX = "hearts/v1/";
const DAMAGED = PREFIX + "damaged/";
function storage() {
  try {
    const s = window.localStorage;
    s.getItem(PREFIX + "probe");
    return s;
  } catch (e) {
    return null;
  }
}
function render({ model, el }) {
  el.classList.add("hearts-progress-copy");
  el.style.display = "none";
  const s = storage();
  const entries = {};
  if (s) {
    try {
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k && k.startsWith(PREFIX) && !k.startsWith(DAMAGED)) entries[k] = s.getItem(k);
      }
    } catch (e) {
      /* read what could be read */
    }
  }
  let writes = 0;
  function write(msg) {
    if (!msg || msg.event !== "store") return;
    const st = storage();
    if (!st) return;
    const full = [];
    const keep = new Set(); // damaged copies that could not be set aside: left as they are, never lost
    for (const k of msg.damaged || []) {
      try {
        const old = st.getItem(k);
        if (old !== null) st.setItem(DAMAGED + k.slice(PREFIX.length), old);
      } catch (e) {
        keep.add(k); // no room to set it aside: not replaced either (said as storage full)
        full.push(k);
      }
    }
    for (const [k, v] of Object.entries(msg.entries || {})) {
      if (!k.startsWith(PREFIX) || keep.has(k)) continue;
      try {
        if (v === null) st.removeItem(k);
        else st.setItem(k, v);
      } catch (e) {
        full.push(k);
      }
    }
    writes += 1;
    el.setAttribute("data-copy-writes", String(writes));
    if (full.length) model.send({ event: "copy_problem", problem: "full", keys: full });
  }
  model.on("msg:custom", write);
  model.send({ event: "copy", entries, problem: s ? "" : "unavailable" });
  return () => model.off("msg:custom", write);
}
export default { render };
"""

_LIVE: weakref.WeakSet[ProgressCopy] = weakref.WeakSet()


class ProgressCopy(anywidget.AnyWidget):
    """An invisible widget that merges the browser's copy into ``folder`` when drawn, and keeps the browser's copy
    up to date after every change to the exercises' and quizzes' progress made in this kernel. ``line`` says
    (in ``lang``) what was brought back or could not be kept; ``on_merged(callback)`` is called after a merge
    that changed the folder."""

    _esm = _ESM
    line = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *, lang: str = "en", folder: str | os.PathLike[str] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = check_language(lang)
        self.folder = store.data_dir(folder)
        self.known: dict[str, Any] = {}
        self.sizes: dict[str, int] = {}
        self.opened = False
        self.stamp: dict[str, tuple[int, int]] = {}
        self._merged: list[Callable[[], None]] = []
        self._progress: list[Callable[[], None]] = []
        self.on_msg(lambda _w, content, _b: self.receive(content))
        _LIVE.add(self)

    def on_merged(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after the browser's copy changed the folder (to draw again what shows it)."""
        self._merged.append(callback)

    def on_progress(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after the browser's copy changed the folder, or this kernel changed the exercises'
        and quizzes' progress in it."""
        self._merged.append(callback)
        self._progress.append(callback)

    def receive(self, msg: Any) -> None:
        """What the browser sends: its copy (``{"event": "copy", "entries": …, "problem": …}``) or what it could
        not write (``{"event": "copy_problem", "keys": […]}``)."""
        if not isinstance(msg, dict):
            return
        if msg.get("event") == "copy_problem":
            got = msg.get("keys")
            keys: list[Any] = got if isinstance(got, list) else []
            for key in keys:
                if isinstance(key, str):
                    self.known.pop(key.removeprefix(browser_copy.PREFIX), None)
            what = ", ".join(browser_copy._what(k.removeprefix(browser_copy.PREFIX))(self.lang)
                             for k in keys if isinstance(k, str))  # fmt: skip
            self.line = text("ui.copy.full", self.lang, what=what, folder=str(self.folder))
            return
        entries = msg.get("entries")
        if msg.get("event") != "copy" or not isinstance(entries, dict):
            return
        entries = {k: v for k, v in entries.items() if isinstance(k, str) and k.removeprefix(browser_copy.PREFIX)
                   in NOT_GAMES}  # fmt: skip
        report = browser_copy.merge(self.folder, entries, games=False, known=self.known, sizes=self.sizes,
                                    files=NOT_GAMES)  # fmt: skip
        self.opened = True
        self.stamp = browser_copy.file_stamp(self.folder)
        said = [p(self.lang) for p in report.problems]
        if msg.get("problem") == "unavailable":
            said = [text("ui.progress_copy.unavailable", self.lang, folder=str(self.folder))]
        if report.brought:
            what = ", ".join(browser_copy._what(n)(self.lang) for n in dict.fromkeys(report.brought))
            said.insert(0, text("ui.progress_copy.merged", self.lang, what=what))
        self.line = " ".join(said)
        self._store(report.store, report.damaged)
        if report.changed:
            for callback in list(self._merged):
                callback()

    def sync(self) -> None:
        """Tell the browser the files that changed in the folder since it was last told (nothing before its copy
        was merged)."""
        if not self.opened:
            return
        stamp = browser_copy.file_stamp(self.folder)
        changed = [n for n in NOT_GAMES if stamp[n] != self.stamp.get(n)]
        if changed:
            self.stamp = stamp
            self._store(browser_copy.answer(self.folder, self.known, names=changed, sizes=self.sizes), [])

    def _store(self, entries: dict[str, str | None], damaged: list[str]) -> None:
        if entries or damaged:
            self.send({"event": "store", "entries": entries, "damaged": damaged})


def _progress_changed(folder: Path) -> None:
    """The tutor's listener: every live copy on ``folder`` tells its browser."""
    for copy in list(_LIVE):
        try:
            same = copy.folder.resolve() == Path(folder).resolve()
        except OSError:
            same = False
        if same:
            copy.sync()
            for callback in list(copy._progress):
                callback()


tutor_progress.add_listener(_progress_changed)


class ProgressLine(W.VBox):  # type: ignore[misc]
    """A browser's copy (``copy``, :class:`ProgressCopy`) with the one line it has to say (``note``: what was
    brought back from the browser, or why the browser cannot keep the progress; empty when there is nothing to
    say). An exercise notebook shows one at its top, so that every ``check()`` made in it is kept in the browser
    too, even if no table or quiz was opened in that session."""

    def __init__(self, lang: str = "en", *, folder: str | os.PathLike[str] | None = None) -> None:
        self.copy = ProgressCopy(lang=lang, folder=folder)
        self.note = W.HTML()
        super().__init__([self.copy, self.note])
        self.add_class("hearts-progress-line")
        self.copy.observe(lambda _c: self._show_line(), names="line")

    def _show_line(self) -> None:
        line = self.copy.line
        self.note.value = f'<p class="hw-copy-line">{html.escape(line)}</p>' if line else ""


def progress_line(lang: str = "en", *, folder: str | os.PathLike[str] | None = None) -> ProgressLine:
    """Keep this notebook's exercise checks in the browser too (a Binder's folder is thrown away with its
    session): shown at the top of an exercise notebook, it brings back what the browser kept and keeps every
    later ``check()`` there. ``folder``: the data folder, as for :func:`hearts.tutor.check`.

    >>> import tempfile
    >>> from hearts.tutor.progress import record_exercise, load_progress
    >>> from hearts_widgets.browser_copy import browser_entries
    >>> old, new = tempfile.mkdtemp(), tempfile.mkdtemp()
    >>> record_exercise("04", passed=True, folder=old)
    >>> line = progress_line("en", folder=new)
    >>> line.copy.receive({"event": "copy", "entries": browser_entries(Path(old)), "problem": ""})
    >>> load_progress(new)["exercises"]["04"]["passed"], line.note.value
    (True, '<p class="hw-copy-line">Brought back from this browser: your exercises and quizzes.</p>')
    """
    return ProgressLine(check_language(lang), folder=folder)


class CourseMapView(W.VBox):  # type: ignore[misc]
    """The course map (:func:`hearts.tutor.course_map`) with the browser's copy: ``copy``, ``map`` (the map's
    HTML, drawn again when the copy or a check changes the progress) and ``note`` (the copy's line)."""

    def __init__(self, lang: str, *, tutorials: str | os.PathLike[str] | None = None,
                 folder: str | os.PathLike[str] | None = None) -> None:  # fmt: skip
        self.lang = check_language(lang)
        self.tutorials = tutorials
        self.folder = folder
        line = ProgressLine(lang, folder=folder)
        self.copy, self.note = line.copy, line.note
        self.map = W.HTML()
        super().__init__([self.map, line])
        self.add_class("hearts-course-map")
        self.copy.on_progress(self.draw)  # after a merge from the browser too (drawn once, not twice)
        self.draw()

    def draw(self) -> None:
        """Draw the map from the folder's progress."""
        self.map.value = tutor_progress.course_map(self.lang, tutorials=self.tutorials,
                                                   folder=self.copy.folder)._repr_html_()  # fmt: skip


def course_map_view(lang: str = "en", *, tutorials: str | os.PathLike[str] | None = None,
                    folder: str | os.PathLike[str] | None = None) -> CourseMapView:  # fmt: skip
    """The course map, filled from the data folder and from this browser's copy of the learner's progress (see
    the module's docstring); ``tutorials`` and ``folder`` as for :func:`hearts.tutor.course_map`."""
    return CourseMapView(lang, tutorials=tutorials, folder=folder)
