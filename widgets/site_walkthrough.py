"""The learn-to-play walkthrough of the static site: :class:`~hearts_widgets.walkthrough_model.WalkthroughModel`
driven by JSON messages, as :class:`~hearts_widgets.site_table.SiteTable` drives the table.

The page's bridge gives the widgets' front end (``static/table.js``) the model interface it gets from anywidget;
the answer to each message holds the board's values that changed and what the page shows around the board (the
chapter, the step's caption, rule notes and prompt, Back / Next, the chapter menu), as the Jupyter
:class:`~hearts_widgets.walkthrough.Walkthrough` shows them.

>>> import json
>>> w = SiteWalkthrough(lang="es")
>>> out = json.loads(w.handle(json.dumps({"event": "press", "button": "next"})))
>>> out["page"]["counter"].startswith("Paso 2 de "), out["page"]["back"]["disabled"]
(True, False)
"""

from __future__ import annotations

import html
import json
from typing import Any

from hearts.display import table_svg
from hearts.messages import text

from .rule_notes import LEARNER
from .site_table import BOARD_DEFAULTS
from .walkthrough_model import WalkthroughModel, step_speech

__all__ = ["SiteWalkthrough"]


class SiteWalkthrough:
    """The walkthrough of the static page: Next / Back, the chapter menu, clicks on cards at the learner's turns."""

    def __init__(self, lang: str = "en") -> None:
        self.model = WalkthroughModel(lang=lang)
        self.board: dict[str, Any] = dict(BOARD_DEFAULTS, keep_copy=False, lang=lang)
        self._sent: dict[str, Any] = {}
        self._focus = ""
        self._said_index = -1
        self._redraw()

    def handle(self, message: str) -> str:
        """Handle one JSON message from the page (``click``, ``press`` next/back, ``chapter``, ``sync``, ``hello``);
        answer (JSON) with the board's changed values and the page."""
        try:
            msg = json.loads(message)
        except ValueError:
            msg = None
        full = isinstance(msg, dict) and msg.get("event") == "hello"
        if isinstance(msg, dict) and self._dispatch(msg):
            self._redraw()
        state = {k: v for k, v in self.board.items() if full or self._sent.get(k, _MISSING) != v}
        self._sent.update(state)
        return json.dumps({"state": state, "messages": [], "page": self.page()})

    def _dispatch(self, msg: dict[str, Any]) -> bool:
        m = self.model
        event = msg.get("event")
        if event in ("click", "why", "step", "continue"):
            self.board["handled"] += 1
        if event == "click" and isinstance(msg.get("card"), str):
            before = m.index
            m.click_card(msg["card"])
            if m.index != before:
                self._focus = "hw-btn-next"
            return True
        if event == "press" and msg.get("button") in ("next", "back"):
            if msg["button"] == "next":
                m.next()
                self._focus = "hw-btn-back" if m.index == len(m) - 1 else "hw-btn-next"
            else:
                m.back()
                self._focus = "hw-btn-next" if m.index == 0 else "hw-btn-back"
            return True
        if event == "chapter" and isinstance(msg.get("index"), int) and 0 <= msg["index"] < len(m):
            m.goto(msg["index"])
            return True
        if event == "sync" and isinstance(msg.get("changes"), dict):
            fit = msg["changes"].get("fit")
            if isinstance(fit, int) and not isinstance(fit, bool) and fit > 0 and fit != self.board["fit"]:
                self.board["fit"] = fit
                return True
        return event in ("click", "why", "step", "continue")  # answered: the front end waits for the count

    def _redraw(self) -> None:
        m = self.model
        st = m.step
        b = self.board
        b["svg"] = table_svg(
            m.game(), viewer=LEARNER, selected=st.selected, highlighted=st.highlighted, trick=st.trick,
            message=m.banner(), title=m.title(), lang=m.lang, fit=float(b["fit"]) if b["fit"] > 0 else None,
        )  # fmt: skip
        b["focus"], self._focus = self._focus, ""
        b["announce"] = self._speech()
        b["announce_n"] += 1
        b["version"] += 1

    def _speech(self) -> str:
        out = step_speech(self.model, self._said_index)
        self._said_index = self.model.index
        return out

    def page(self) -> dict[str, Any]:
        """What the page shows around the board, in the walkthrough's language."""
        m = self.model
        lang = m.lang
        st = m.step
        message = ""
        if m.message is not None:
            kind, said = m.message
            message = f'<div class="hw-message hw-{kind}">{html.escape(said)}</div>'
        notes = "".join(
            f'<div class="hw-note" data-rule="{rule}"><b>{html.escape(text("learn.rule_label", lang))}</b> '
            f"{html.escape(note)}</div>"
            for rule, note in st.notes
        )
        bounds = m.chapter_bounds()
        return {
            "title": f"{text('learn.title', lang)} · {text(f'learn.chapter.{st.chapter}', lang)}",
            "chapter": st.chapter,
            "counter": text("learn.step", lang, index=m.index + 1, total=len(m)),
            "caption": f'<div class="hw-caption">{html.escape(st.caption)}</div>'
            f'<div class="hw-prompt">{html.escape(m.prompt())}</div>',
            "notes": notes,
            "message": message,
            "back": {"label": text("ui.button.back", lang), "disabled": m.index == 0},
            "next": {"label": text("ui.button.forward", lang), "disabled": m.index == len(m) - 1},
            "chapters": [[i, text(f"learn.chapter.{cid}", lang)] for cid, i in bounds],
            "chapter_at": max((i for _, i in bounds if i <= m.index), default=0),
            "chapter_label": text("learn.chapter_label", lang),
            "index": m.index,
            "steps": len(m),
            "lang": lang,
        }


_MISSING = object()
