"""The learn-to-play widget: the example hand step by step, then short scenes.

>>> w = Walkthrough(lang="es", delay=0)
>>> w.press("next")
>>> w.model.index
1
>>> w.press("back")
>>> w.model.index
0

Next / Back (:meth:`Walkthrough.press`), the chapter list, the "show every
hand" box and clicks on cards (:meth:`Walkthrough.click_card`) all go through
methods a test can call.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from hearts.display import table_svg
from hearts.messages import text

from .rule_notes import LEARNER
from .svgview import SvgTable
from .table import _STYLE
from .walkthrough_model import WalkthroughModel, step_speech

__all__ = ["Walkthrough"]

_NOTE_STYLE = """
<style>
.hearts-learn .hw-caption { font-size: 1.1em; padding: 4px 2px; line-height: 1.45; }
.hearts-learn .hw-note, .hearts-learn .hw-prompt { line-height: 1.45; }
.hearts-learn .hw-note { background: #fffde7; border-left: 6px solid #ffb300; padding: 6px 12px; margin: 4px 0;
  border-radius: 6px; font-size: 1.05em; }
.hearts-learn .hw-note b { color: #6d4c00; }
.hearts-learn .hw-prompt { color: #33691e; font-style: italic; }
.hearts-learn .hw-chapter { font-weight: bold; font-size: 1.15em; }
.hearts-learn .hw-learn-top { gap: 6px 14px; }
.hearts-learn .hw-learn-top .hw-chapter-title { flex: 1 1 auto; }
.hearts-learn .hw-nav { gap: 6px 10px; margin: 2px 0 4px; }
/* The story's progress: a thin bar across, under the chapter's title and menu. */
.hearts-learn .hw-learn-top .hw-progress { max-width: 100%; height: auto; margin: 0; }
.hearts-learn .hw-learn-top .hw-progress .progress { height: 8px; align-self: center; }
/* In a narrow column (the Voilà app's, beside the board) the chapter menu and the bar shrink to fit it. */
.hearts-learn .hw-learn-top .hw-chapters { max-width: 100%; min-width: 0; }
.hearts-learn .hw-learn-top .hw-chapters select { min-width: 0; }
</style>
"""


WORDS_ROOM = 430
"""Pixels of the window's height the board leaves for what is under it: the step's words (caption, rule
notes, prompt: up to about 260 px at 850 px wide), Back / Next, the chapter row, and JupyterLab's own bars."""


class Walkthrough(W.VBox):  # type: ignore[misc]
    """Learn to play: Next / Back through the example hand and the scenes; click cards at your turns."""

    def __init__(self, lang: str = "en", *, reveal: bool = False, delay: int = 0) -> None:
        self.model = WalkthroughModel(lang=lang)
        self._updating = False
        self._focus = ""  # where the keyboard focus goes after the next drawing
        self._said_index = -1  # the step last described to a screen reader
        # The board leaves room in the window for the step's words and Back / Next under it.
        self.board = SvgTable(delay=delay, reserve=WORDS_ROOM)
        self.board.on_card(self.click_card)
        self.board.on_refit(lambda: self.board.show(self.svg()))  # a new width: the same step, drawn again
        self.board.add_class("hw-board")
        self.chapter = W.HTML().add_class("hw-chapter-title")
        self.counter = W.HTML().add_class("hw-counter")
        self.caption = W.HTML().add_class("hw-caption-box")
        self.notes = W.HTML().add_class("hw-notes")
        self.message = W.HTML().add_class("hw-message-box")
        self.back_btn = W.Button(icon="", layout=W.Layout(width="8em")).add_class("hw-btn-back").add_class("hw-btn")
        self.next_btn = W.Button(layout=W.Layout(width="8em"), button_style="primary")
        self.next_btn.add_class("hw-btn-next").add_class("hw-btn")
        self.back_btn.on_click(lambda _b: self.press("back"))
        self.next_btn.on_click(lambda _b: self.press("next"))
        self.chapters = W.Dropdown(layout=W.Layout(width="auto"), style={"description_width": "initial"})
        self.chapters.add_class("hw-chapters")
        self.chapters.observe(self._on_chapter, names="value")
        self.reveal = W.Checkbox(value=reveal, indent=False, layout=W.Layout(width="auto")).add_class("hw-reveal")
        self.reveal.observe(lambda _c: self.refresh(), names="value")
        # Filled up to the step on show (step 1 of 70 is 1/70 filled: never an empty bar).
        self.progress = W.IntProgress(
            min=0,
            max=len(self.model),
            layout=W.Layout(flex="1 1 12em", width="auto"),
            style={"description_width": "initial"},
        )
        self.progress.add_class("hw-progress")
        top = W.HBox(
            [self.chapter, self.chapters, self.reveal, self.progress],
            layout=W.Layout(flex_flow="row wrap", align_items="center"),
        ).add_class("hw-learn-top")
        nav = W.HBox(
            [self.back_btn, self.next_btn, self.counter],
            layout=W.Layout(flex_flow="row wrap", align_items="center"),
        ).add_class("hw-nav")
        # The note and its Next button together: the board, then what happens (the answer to a click, the
        # caption, the rule notes, what to do), then Back / Next right under the words they answer.
        super().__init__(
            [W.HTML(_STYLE + _NOTE_STYLE), top, self.board, self.message, self.caption, self.notes, nav],
            layout=W.Layout(max_width="1000px"),
        )
        self.add_class("hearts-app").add_class("hearts-learn")
        self.refresh()

    # ----- controls --------------------------------------------------------------

    def press(self, button: str) -> None:
        """``'next'`` or ``'back'``."""
        m = self.model
        if button == "next":
            m.next()
            self._focus = "hw-btn-back" if m.index == len(m) - 1 else "hw-btn-next"
        elif button == "back":
            m.back()
            self._focus = "hw-btn-next" if m.index == 0 else "hw-btn-back"
        else:
            raise ValueError(f"unknown button {button!r}; the buttons are next, back")
        self.refresh()

    def click_card(self, code: str) -> None:
        """A card was clicked on the board."""
        before = self.model.index
        self.model.click_card(code)
        if self.model.index != before:  # the card was played: Next goes on from here
            self._focus = "hw-btn-next"
        self.refresh()

    def goto(self, index: int) -> None:
        """Jump to a step."""
        self.model.goto(index)
        self.refresh()

    def _on_chapter(self, change: dict[str, Any]) -> None:
        if not self._updating and change["new"] is not None:
            self.goto(int(change["new"]))

    # ----- drawing -----------------------------------------------------------------

    def svg(self) -> str:
        """The drawing of the current step."""
        m = self.model
        st = m.step
        return table_svg(
            m.game(),
            viewer=LEARNER,
            reveal=bool(self.reveal.value),
            selected=st.selected,
            highlighted=st.highlighted,
            trick=st.trick,
            message=m.banner(),
            title=m.title(),
            lang=m.lang,
            fit=self.board.fit_px,
            fit_height=self.board.fit_height_px,
        )

    def refresh(self) -> None:
        """Redraw from the model."""
        m = self.model
        lang = m.lang
        st = m.step
        self._updating = True
        try:
            self.chapter.value = (
                f'<div class="hw-chapter" data-chapter="{st.chapter}">'
                f"{html.escape(text('learn.title', lang))} · "
                f"{html.escape(text(f'learn.chapter.{st.chapter}', lang))}</div>"
            )
            self.counter.value = html.escape(text("learn.step", lang, index=m.index + 1, total=len(m)))
            cap = st.caption
            self.caption.value = (
                f'<div class="hw-caption">{html.escape(cap)}</div>'
                f'<div class="hw-prompt">{html.escape(m.prompt())}</div>'
            )
            self.notes.value = "".join(
                f'<div class="hw-note" data-rule="{rule}"><b>{html.escape(text("learn.rule_label", lang))}</b> '
                f"{html.escape(note)}</div>"
                for rule, note in st.notes
            )
            if m.message is None:
                self.message.value = ""
            else:
                kind, said = m.message
                self.message.value = f'<div class="hw-message hw-{kind}">{html.escape(said)}</div>'
            self.back_btn.description = text("ui.button.back", lang)
            self.next_btn.description = text("ui.button.forward", lang)
            self.back_btn.disabled = m.index == 0
            self.next_btn.disabled = m.index == len(m) - 1
            self.reveal.description = text("learn.reveal", lang)
            opts = [(text(f"learn.chapter.{cid}", lang), str(i)) for cid, i in m.chapter_bounds()]
            if list(self.chapters.options) != opts:
                self.chapters.options = opts
            current = max((i for _, i in m.chapter_bounds() if i <= m.index), default=0)
            self.chapters.value = str(current)
            self.chapters.description = text("learn.chapter_label", lang)
            self.progress.value = m.index + 1
            self.progress.description = text("learn.progress_label", lang)
            # The board last: a new drawing tells the browser (and browser tests) that the rest of this step,
            # counter, notes and message line, has arrived. The received cards stay outlined: a note talks of them.
            focus, self._focus = self._focus, ""
            self.board.show(self.svg(), announce=self.speech(), focus=focus)
        finally:
            self._updating = False

    def speech(self) -> str:
        """What the screen reader says now: on a new step its number, caption, rule notes and prompt; on a
        click that stays on the step, the answer to the click."""
        out = step_speech(self.model, self._said_index)
        self._said_index = self.model.index
        return out
