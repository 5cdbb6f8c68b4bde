"""The deal-number box with its Play this deal button, as one anywidget.

A press of the button (or Enter in the box) sends the text typed with it, in
one message, so the number played is always the one on screen: with a text
widget and a separate button, the button's press could reach Python before
the box's new contents. ``value`` is what the box shows; the table sets it to
the game on the table whenever a new game starts.

>>> box = DealBox()
>>> got = []
>>> box.on_play(got.append)
>>> box._handle_message(box, {"event": "play", "text": " 5555 "}, [])
>>> got
[' 5555 ']
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

__all__ = ["DealBox"]

_STATIC = Path(__file__).parent / "static"


class DealBox(anywidget.AnyWidget):
    """A text box and a button; calls the ``on_play`` callbacks with the text typed."""

    _esm = (_STATIC / "dealbox.js").read_text(encoding="utf-8")

    value = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)  # the box's visible label, its accessible name
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._play: list[Callable[[str], None]] = []
        self.on_msg(self._handle_message)

    def on_play(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(text)`` when the button is pressed or Enter is typed in the box."""
        self._play.append(callback)

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "play" and isinstance(content.get("text"), str):
            for cb in self._play:
                cb(content["text"])
