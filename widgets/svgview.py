"""The clickable card table: an anywidget that shows SVG drawn in Python.

Python draws the whole table with :func:`hearts.display.table_svg` and sets
``svg``; the small ES module in ``static/table.js`` (shipped with the
package, nothing from a CDN) puts it on the page and sends each click on a
face-up card back as its code, with the ``version`` of the drawing it was
made on (a generation counter: every drawing has a new one).

What the script does next is said by ``hold``:

- ``""``: the learner may act;
- ``"step"``: the bots are to move: once the drawing is on screen and its
  cards have moved in, the script asks for the next step (a ``step`` message
  with the version), and refuses clicks with ``wait_text`` meanwhile;
- ``"trick"``: a finished trick is on show: a click on the table (or
  ``pause_ms`` milliseconds, when > 0) sends ``continue``.

``move_ms`` is how long a card takes to move (0: no movement, as when the
browser asks for reduced motion). ``frames`` are drawings shown one after
the other, ``delay`` milliseconds apart, before ``svg`` (the walkthrough).
Tests never wait: the Python state is complete as soon as a handler returns.

For the keyboard and screen readers (see the script): the learner's cards are
buttons the arrow keys move between; ``announce`` is said by a live region
each time ``announce_n`` changes; ``focus`` (``"hand"``, or the class of a
button of the same app) is where the focus goes after the drawing, when the
focus was in the app.

>>> v = SvgTable()
>>> got = []
>>> v.on_card(lambda code: got.append((code, v.clicked_version)))
>>> v._handle_message(v, {"event": "click", "card": "QS", "version": 0}, [])
>>> got
[('QS', 0)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from hearts.display import COMPACT_BELOW, is_landscape

__all__ = ["HOLDS", "WIDE_RATIO", "SvgTable"]

WIDE_RATIO = 0.72
"""The wide table's height per pixel of width (its drawing is 1000 x 720)."""

_STATIC = Path(__file__).parent / "static"
HOLDS = ("", "step", "trick")


class SvgTable(anywidget.AnyWidget):
    """Shows ``svg``; calls the ``on_card`` callbacks with the code of a clicked card."""

    _esm = (_STATIC / "table.js").read_text(encoding="utf-8")
    _css = (_STATIC / "table.css").read_text(encoding="utf-8")

    svg = traitlets.Unicode("").tag(sync=True)
    frames = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    delay = traitlets.Int(450).tag(sync=True)
    flash = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    flash_ms = traitlets.Int(2500).tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    announce = traitlets.Unicode("").tag(sync=True)
    announce_n = traitlets.Int(0).tag(sync=True)
    focus = traitlets.Unicode("").tag(sync=True)
    hold = traitlets.Unicode("").tag(sync=True)
    thinking = traitlets.Int(-1).tag(sync=True)  # the seat thinking while hold == "step"
    thinking_text = traitlets.Unicode("").tag(sync=True)
    wait_text = traitlets.Unicode("").tag(sync=True)  # said when a click comes while the bots think
    moving_text = traitlets.Unicode("").tag(sync=True)  # said when a click comes while cards move
    move_ms = traitlets.Int(0).tag(sync=True)
    pause_ms = traitlets.Int(0).tag(sync=True)  # a finished trick's pause; 0: until the learner clicks
    sound_on = traitlets.Bool(False).tag(sync=True)
    sounds = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    sounds_version = traitlets.Int(-1).tag(sync=True)  # the drawing the sounds belong to
    last_trick_svg = traitlets.Unicode("").tag(sync=True)
    last_trick_label = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    handled = traitlets.Int(0).tag(sync=True)  # messages from the browser handled so far (it is busy until then)
    fit = traitlets.Int(0).tag(sync=True)  # the board's width in CSS pixels, told by the browser (0: not yet)
    fit_height = traitlets.Int(0).tag(sync=True)  # the window's height in CSS pixels, told with the width
    # Told with the width: True when the app shows more under the board (one column), False when beside it.
    fit_below = traitlets.Bool(False).tag(sync=True)
    # The browser keeps a copy of the learner's progress in its localStorage (see hearts_widgets.browser_copy):
    # it sends its copy once drawn and writes what the kernel answers (``store_copy``).
    keep_copy = traitlets.Bool(False).tag(sync=True)

    def __init__(self, *, reserve: int = 0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if isinstance(reserve, bool) or not isinstance(reserve, int) or reserve < 0:
            raise ValueError(f"reserve must be a height in pixels, 0 or more, not {reserve!r}")
        self.reserve = reserve  # pixels of the window kept for what the app shows under the board
        self._card_callbacks: list[Callable[[str], None]] = []
        self._why_callbacks: list[Callable[[str, int | None], None]] = []
        self._callbacks: dict[str, list[Callable[[int], None]]] = {"step": [], "continue": []}
        self.clicked_version: int | None = None  # the drawing the card being handled was clicked on
        self.clicked_copy: int | None = None  # which of two identical cards was clicked (its data-copy), if two
        self._refit_callbacks: list[Callable[[], None]] = []
        self._copy_callbacks: list[Callable[[dict[str, Any]], None]] = []
        self._drawn_for: float | None = None
        self._drawn_across = False
        self.on_msg(self._handle_message)
        self.observe(self._on_fit, names=["fit", "fit_height", "fit_below"])

    @property
    def room(self) -> float | None:
        """The height the board may take: the window's, less ``reserve`` when the app shows something under
        the board (``None`` until the browser has told the height).

        >>> v = SvgTable(reserve=400)
        >>> v.fit, v.fit_height = 848, 900
        >>> v.room
        900.0
        >>> v.fit_below = True
        >>> v.room
        500.0
        """
        if self.fit_height <= 0:
            return None
        return float(max(self.fit_height - (self.reserve if self.fit_below else 0), 1))

    @property
    def fit_px(self) -> float | None:
        """The width to draw for (``table_svg(fit=...)``): the board's width once the browser has told it.

        When the wide table would be taller than :attr:`room`, a width just under
        :data:`~hearts.display.COMPACT_BELOW`: the compact table, which is laid across
        (seats beside the trick) for a short room, so what is under the board stays on screen.

        >>> v = SvgTable()
        >>> v.fit_px is None
        True
        >>> v.fit = 390
        >>> v.fit_px
        390.0
        >>> w = SvgTable(reserve=400)
        >>> w.fit, w.fit_height, w.fit_below = 1000, 900, True
        >>> w.fit_px, w.fit_height_px
        (879.0, 500.0)
        """
        if self.fit <= 0:
            return None
        room = self.room
        if self.reserve and room is not None and self.fit >= COMPACT_BELOW and self.fit * WIDE_RATIO > room:
            return float(math.ceil(COMPACT_BELOW) - 1)
        return float(self.fit)

    @property
    def fit_height_px(self) -> float | None:
        """The height to draw for (``table_svg(fit_height=...)``): :attr:`room`, once the browser has told it.

        >>> v = SvgTable()
        >>> v.fit, v.fit_height = 820, 390
        >>> v.fit_height_px
        390.0
        """
        return self.room

    def on_refit(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the board's width changes enough to need a new drawing: the small-screen
        layout starts or ends, or a small screen's width changes by more than 4% (the cards' tap targets are
        sized for the width), or a phone is turned (the compact table laid across or not)."""
        self._refit_callbacks.append(callback)

    def _on_fit(self, _change: Any) -> None:
        new, old = self.fit_px, self._drawn_for
        if new is None:
            return
        small_new, small_old = new < COMPACT_BELOW, old is not None and old < COMPACT_BELOW
        turned = is_landscape(new, self.fit_height_px) != self._drawn_across
        if small_new == small_old and not turned and (not small_new or abs(new - (old or new)) <= 0.04 * new):
            return
        for cb in self._refit_callbacks:
            cb()

    def progress(self, seat: int, fraction: float) -> None:
        """Tell the browser how much of its decision the bot at ``seat`` has made (0 to 1): the thinking
        label shows it as a bar. A message of its own, not a synced value, so a bot's thread may send it
        while the kernel's own thread draws.

        >>> v = SvgTable()
        >>> v.progress(2, 0.5)
        """
        self.send({"event": "progress", "seat": seat, "fraction": round(min(max(fraction, 0.0), 1.0), 3)})

    def on_card(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(code)`` when a card is clicked (:attr:`clicked_version` says on which drawing)."""
        self._card_callbacks.append(callback)

    def on_why(self, callback: Callable[[str, int | None], None]) -> None:
        """Call ``callback(code, version)`` when the learner asks "why not this card?" (key ``?`` or ``w`` on a
        card, a long press, the context menu)."""
        self._why_callbacks.append(callback)

    def on_step(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(version)`` when the browser asks for the bots' next step."""
        self._callbacks["step"].append(callback)

    def on_continue(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(version)`` when the learner (or the pause) takes the finished trick away."""
        self._callbacks["continue"].append(callback)

    def on_copy(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(message)`` with what the browser says of its copy of the learner's progress:
        ``{"event": "copy", "entries": {key: value}, "problem": "" or "unavailable", "origin": "open" or "tab"}``
        (its copy when the table is drawn, or what another tab wrote), or ``{"event": "copy_problem",
        "problem": "full", "keys": [...]}`` (what it could not write)."""
        self._copy_callbacks.append(callback)

    def store_copy(self, entries: dict[str, str | None], damaged: Sequence[str] = ()) -> None:
        """Tell the browser what to keep in its localStorage (key → value; ``None``: remove the key); the values
        of ``damaged`` keys are set aside first (under ``<prefix>damaged/``), never lost unseen.

        >>> SvgTable().store_copy({"hearts/v1/settings.json": "{}"})
        """
        if entries or damaged:
            self.send({"event": "store", "entries": entries, "damaged": list(damaged)})

    def download(self, name: str, content: str) -> None:
        """Have the browser save ``content`` as a file called ``name`` (the learner's downloads).

        >>> SvgTable().download("progress.json", "{}")
        """
        self.send({"event": "download", "name": name, "text": content})

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("event") in ("copy", "copy_problem"):  # not an action: the busy count is not touched
            for cb in self._copy_callbacks:
                cb(content)
            return
        with self.hold_sync():  # the count and the answer's drawing reach the browser in one message
            self.handled += 1
            self._answer(content)

    def _answer(self, content: dict[str, Any]) -> None:
        event, version = content.get("event"), content.get("version")
        version = version if isinstance(version, int) and not isinstance(version, bool) else None
        if event == "click" and isinstance(content.get("card"), str):
            self.clicked_version = version
            copy = content.get("copy")  # which of two identical cards (data-copy), with two packs
            self.clicked_copy = copy if copy in (1, 2) and not isinstance(copy, bool) else None
            try:
                for cb in self._card_callbacks:
                    cb(content["card"])
            finally:
                self.clicked_version = None
                self.clicked_copy = None
        elif event == "why" and isinstance(content.get("card"), str):
            for why in self._why_callbacks:
                why(content["card"], version)
        elif event in self._callbacks and version is not None:
            for step in self._callbacks[event]:
                step(version)

    def show(
        self,
        svg: str,
        frames: list[str] | None = None,
        flash: list[str] | None = None,
        *,
        hold: str = "",
        thinking: int | None = None,
        texts: dict[str, str] | None = None,
        sounds: Sequence[str] = (),
        last_trick: str = "",
        announce: str | None = None,
        focus: str = "",
    ) -> None:
        """Draw ``svg`` (after ``frames``, if any) in one message to the browser, with a new version.

        ``hold`` (one of :data:`HOLDS`) and the seat ``thinking`` say what the
        browser does next; ``texts`` sets ``thinking_text``, ``wait_text``,
        ``moving_text`` and ``last_trick_label``; ``sounds`` are played with this
        drawing (when ``sound_on``); ``last_trick`` is the drawing the Last
        trick button shows. ``announce``: words for screen readers (said even when
        they are the same as last time); ``focus``: where the keyboard focus goes
        once it is drawn (``""``: where it is).
        """
        if hold not in HOLDS:
            raise ValueError(f"hold must be one of {HOLDS}, not {hold!r}")
        with self.hold_sync():
            self.frames = list(frames or [])
            self.flash = list(flash or [])
            self.hold = hold
            self.thinking = -1 if thinking is None else thinking
            for name, value in (texts or {}).items():
                if name not in ("thinking_text", "wait_text", "moving_text", "last_trick_label"):
                    raise ValueError(f"unknown text {name!r}")
                setattr(self, name, value)
            self.last_trick_svg = last_trick
            self.focus = focus
            if announce is not None:
                self.announce = announce
                self.announce_n += 1
            self.svg = svg
            self._drawn_for = self.fit_px
            self._drawn_across = is_landscape(self.fit_px, self.fit_height_px)
            self.version += 1
            if sounds:
                self.sounds = list(sounds)
                self.sounds_version = self.version
