"""The clickable card table: an anywidget that shows SVG drawn in Python.

Python draws the whole table with :func:`hearts.display.table_svg` and sets
``svg``; the small ES module in ``static/table.js`` (shipped with the
package, nothing from a CDN) puts it on the page and sends each click on a
face-up card back as its code. ``frames`` are drawings shown one after the
other, ``delay`` milliseconds apart, before ``svg`` (the bots' cards landing);
with ``delay=0`` the final drawing shows at once. Tests never wait: the
Python state is complete as soon as a handler returns.

For the keyboard and screen readers (see the script): the learner's cards are
buttons the arrow keys move between; ``announce`` is said by a live region
each time ``announce_n`` changes; ``focus`` (``"hand"``, or the class of a
button of the same app) is where the focus goes after the drawing, when the
focus was in the app.

>>> v = SvgTable()
>>> got = []
>>> v.on_card(got.append)
>>> v._handle_message(v, {"event": "click", "card": "QS"}, [])
>>> got
['QS']
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from hearts.display import COMPACT_BELOW

__all__ = ["SvgTable"]

_STATIC = Path(__file__).parent / "static"


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
    fit = traitlets.Int(0).tag(sync=True)  # the board's width in CSS pixels, told by the browser (0: not yet)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._card_callbacks: list[Callable[[str], None]] = []
        self._refit_callbacks: list[Callable[[], None]] = []
        self._drawn_for: float | None = None
        self.on_msg(self._handle_message)
        self.observe(self._on_fit, names="fit")

    @property
    def fit_px(self) -> float | None:
        """The width to draw for (``table_svg(fit=...)``): the board's width once the browser has told it.

        >>> v = SvgTable()
        >>> v.fit_px is None
        True
        >>> v.fit = 390
        >>> v.fit_px
        390.0
        """
        return float(self.fit) if self.fit > 0 else None

    def on_refit(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the board's width changes enough to need a new drawing: the small-screen
        layout starts or ends, or a small screen's width changes by more than 4% (the cards' tap targets are
        sized for the width)."""
        self._refit_callbacks.append(callback)

    def _on_fit(self, _change: Any) -> None:
        new, old = self.fit_px, self._drawn_for
        if new is None:
            return
        small_new, small_old = new < COMPACT_BELOW, old is not None and old < COMPACT_BELOW
        if small_new == small_old and (not small_new or abs(new - (old or new)) <= 0.04 * new):
            return
        for cb in self._refit_callbacks:
            cb()

    def on_card(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(code)`` when a card is clicked."""
        self._card_callbacks.append(callback)

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "click" and isinstance(content.get("card"), str):
            for cb in self._card_callbacks:
                cb(content["card"])

    def show(
        self,
        svg: str,
        frames: list[str] | None = None,
        flash: list[str] | None = None,
        *,
        announce: str | None = None,
        focus: str = "",
    ) -> None:
        """Draw ``svg`` (after ``frames``, if any) in one message to the browser.

        ``announce``: words for screen readers (said even when they are the same as last time);
        ``focus``: where the keyboard focus goes once it is drawn (``""``: where it is).
        """
        with self.hold_sync():
            self.frames = list(frames or [])
            self.flash = list(flash or [])
            self.svg = svg
            self._drawn_for = self.fit_px
            self.focus = focus
            if announce is not None:
                self.announce = announce
                self.announce_n += 1
            self.version += 1
