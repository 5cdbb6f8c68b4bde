"""The game table of the static site: the same :class:`~hearts_widgets.table_model.TableModel`, without Jupyter.

In the site's pages the package runs on Pyodide, where ipywidgets and anywidget do not exist. The page's
bridge (``hearts/site/static/bridge.js``) gives the widgets' own front end (``static/table.js``) the model
interface anywidget gives it (``get``/``set``/``on``/``save_changes``/``send``), and passes every message and
change to :meth:`SiteTable.handle` as JSON. The answer holds the board's values that changed (the names of
:class:`~hearts_widgets.svgview.SvgTable`'s synced values), the custom messages for the front end (what to
keep in ``localStorage``: the same keys and envelopes as :mod:`hearts_widgets.browser_copy`) and what the page
shows around the board (title, message line, buttons).

The browser's copy is merged into the data folder (a folder in Pyodide's memory, empty at each load) when the
front end sends it, as the Jupyter table's :class:`~hearts_widgets.browser_copy.Keeper` does, so a reload finds
the game where it was.

>>> import json, tempfile
>>> t = SiteTable(data_dir=tempfile.mkdtemp(), number=3, level="random", lang="en")
>>> out = json.loads(t.handle(json.dumps({"event": "copy", "entries": {}, "problem": "", "origin": "open"})))
>>> sorted(k.removeprefix("hearts/v1/") for k in out["messages"][0]["entries"])
['table-save.json']
>>> out["page"]["buttons"]["pass"]["shown"], out["state"]["hold"]
(True, '')
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from hearts.cards import CardSet
from hearts.display import COMPACT_BELOW, is_landscape, table_svg, trick_svg
from hearts.hand import Phase
from hearts.messages import text

from . import levels, store
from .browser_copy import FILES, CopyKeeper
from .speech import said_from, table_speech
from .table_model import TableModel
from .table_panels import checklist_html, checklist_title, history_html, settings_fields, sheet_html, summary_html
from .text import notes_html

__all__ = ["BOARD_DEFAULTS", "PAGE_BUTTONS", "SiteTable", "level_cost"]

BOARD_DEFAULTS: dict[str, Any] = {
    "svg": "", "frames": [], "delay": 450, "flash": [], "flash_ms": 2500, "version": 0, "announce": "",
    "announce_n": 0, "focus": "", "hold": "", "thinking": -1, "thinking_text": "", "wait_text": "",
    "moving_text": "", "move_ms": 0, "pause_ms": 0, "sound_on": False, "sounds": [], "sounds_version": -1,
    "last_trick_svg": "", "last_trick_label": "", "lang": "en", "handled": 0, "fit": 0, "fit_height": 0,
    "fit_below": False, "keep_copy": True,
}  # fmt: skip
"""The board's values (those of :class:`~hearts_widgets.svgview.SvgTable`) as the front end first gets them."""

PAGE_BUTTONS = ("new", "restart", "day", "pass", "hint", "next", "continue", "confirm", "cancel", "moon_subtract",
                "moon_add")  # fmt: skip
"""The buttons the page shows (each with the class ``hw-btn-<name>``, as at the Jupyter table)."""

_FIT = ("fit", "fit_height", "fit_below")
_SPEED_MS = {"off": 0, "fast": 160, "normal": 320, "slow": 600}


class SiteTable:
    """The table of the static page: a :class:`TableModel` and the board's values, driven by JSON messages.

    Options are those of :class:`TableModel` (``data_dir``, ``number``, ``deal``, ``level``, ``lang``...);
    the table is paced, as in the browser it always is.
    """

    def __init__(self, *, data_dir: str | Path, notify: Callable[[str], None] | None = None, **options: Any) -> None:
        self.model = TableModel(data_dir=data_dir, paced=True, **options)
        self.board: dict[str, Any] = dict(BOARD_DEFAULTS)
        self._sent: dict[str, Any] = {}
        self._messages: list[dict[str, Any]] = []
        self._focus = ""
        self._said = said_from(self.model)
        self.keeper = CopyKeeper()  # the browser's copy and the progress file, as at the Jupyter table
        self.notify = notify
        self._drawn_for: float | None = None
        self._drawn_across = False
        self._redraw()

    # ----- the one entry point -------------------------------------------------

    def handle(self, message: str) -> str:
        """Handle one JSON message from the page; answer (JSON) with what changed.

        Messages: the front end's own (``click``, ``why``, ``step``, ``continue``, ``copy``, ``copy_problem``),
        ``{"event": "sync", "changes": {...}}`` (its ``save_changes``: the board's size), ``{"event": "press",
        "button": name}``, ``{"event": "deal", "number": n}``, ``{"event": "level", "level": name}`` and
        ``{"event": "setting", "name": name, "value": v}`` (a control of Settings), ``{"event": "save_progress"}``
        (the page downloads the progress file), ``{"event": "load_progress", "name": file, "text": content}``
        and ``{"event": "hello"}`` (everything, for a page that has just loaded).
        """
        try:
            msg = json.loads(message)
        except ValueError:
            msg = None
        if isinstance(msg, dict):
            self._dispatch(msg)
        return json.dumps(self._answer(full=isinstance(msg, dict) and msg.get("event") == "hello"))

    def _dispatch(self, msg: dict[str, Any]) -> None:
        event = msg.get("event")
        if event == "hello":
            return
        if event in ("copy", "copy_problem"):
            self._copy(msg)
            return
        if event == "sync":
            changes = msg.get("changes")
            if isinstance(changes, dict) and self._fit(changes):
                self._redraw()
            return
        if event in ("click", "why", "step", "continue"):
            self.board["handled"] += 1  # an action of the front end's: it waits for this count
        version = msg.get("version")
        version = version if isinstance(version, int) and not isinstance(version, bool) else None
        m = self.model
        if event == "click" and isinstance(msg.get("card"), str):
            if version is not None and version != self.board["version"]:
                m.frames, m.events = [], []
                m._error(_stale())
            else:
                m.click_card(msg["card"])
            self._focus = self._focus_after_play()
        elif event == "why" and isinstance(msg.get("card"), str):
            if version is None or version == self.board["version"]:
                m.why_not_card(msg["card"])
        elif event == "step":
            if version != self.board["version"]:
                return
            job = m.prepare_step()
            if job is None:
                return
            m.step(job.decide_showing(self._progress))
            self._focus = self._focus_after_play()
        elif event == "continue":
            if version != self.board["version"] or m.pending != "trick":
                return
            self._press("continue")
        elif event == "press" and msg.get("button") in PAGE_BUTTONS:
            self._press(str(msg["button"]))
        elif event == "deal" and isinstance(msg.get("number"), (str, int)):
            m.play_deal(msg["number"])
            self._focus = self._focus_after_play()
        elif event == "level" and msg.get("level") in levels.available_levels():
            m.set_level(str(msg["level"]))
        elif event == "setting" and isinstance(msg.get("name"), str):
            self._setting(msg["name"], msg.get("value"))
        elif event == "save_progress":
            saved = self.keeper.save(m)
            if saved is not None:
                self._messages.append({"event": "download", "name": saved[0], "text": saved[1]})
        elif event == "load_progress" and isinstance(msg.get("text"), str):
            label = msg.get("name")
            label = label if isinstance(label, str) and label else "progress file"
            self.keeper.load(m, msg["text"].encode("utf-8", "surrogatepass"), label)
            self._said = said_from(m)
            self._focus = self._focus_after_play()
        else:
            return
        self._redraw()

    def _setting(self, name: str, value: Any) -> None:
        """A control of Settings changed: the value as the page gives it (a select's option as text, a check
        box's state), taken by the field's own choices; a value it does not offer is refused by the model."""
        field = next((f for f in settings_fields(self.model) if f.name == name), None)
        if field is None:
            self.model.set_setting(name, value)  # an unknown setting: refused, naming it
            return
        if field.kind == "select":
            value = next((v for v, _label in field.options if str(v) == str(value)), value)
        if value != field.value:
            self.model.set_setting(name, value)

    def _progress(self, seat: int, fraction: float) -> None:
        """How far the thinking bot has got, for the board's bar: sent at once through :attr:`notify` (the page
        runs Python in a worker, so the bar moves while the bot thinks)."""
        if self.notify is not None:
            self.notify(json.dumps({"event": "progress", "seat": seat, "fraction": fraction}))

    def _press(self, button: str) -> None:
        self.model.press(button)
        if button in ("pass", "next", "continue", "restart", "new", "day", "confirm", "cancel"):
            self._focus = self._focus_after_play()

    # ----- the browser's copy --------------------------------------------------

    def _copy(self, msg: dict[str, Any]) -> None:
        report = self.keeper.receive(self.model, msg)
        if report is None:
            return
        if report.changed and msg.get("origin") == "open":
            self._said = said_from(self.model)
        if report.store or report.damaged:
            self._messages.append({"event": "store", "entries": report.store, "damaged": list(report.damaged)})
        if report.changed:
            self._redraw()

    def _keep(self) -> None:
        """After a change: the files that changed, for the browser to keep (nothing before its copy is merged)."""
        entries = self.keeper.changed(self.model)
        if entries:
            self._messages.append({"event": "store", "entries": entries, "damaged": []})

    # ----- drawing -------------------------------------------------------------

    def _fit(self, changes: dict[str, Any]) -> bool:
        """Take the board's size the front end told; whether the table needs drawing again for it: as at the
        Jupyter table (:meth:`SvgTable.on_refit`), only when the small-screen layout starts or ends, a phone is
        turned, or a small screen's width changes by more than 4% (a scroll bar coming and going does not)."""
        for name in _FIT:
            value = changes.get(name)
            good = isinstance(value, bool) if name == "fit_below" else _count(value)
            if good:
                self.board[name] = value
        new, old = self._fit_px(), self._drawn_for
        if new is None:
            return False
        small_new, small_old = new < COMPACT_BELOW, old is not None and old < COMPACT_BELOW
        turned = is_landscape(new, self._room()) != self._drawn_across
        return not (small_new == small_old and not turned and (not small_new or abs(new - (old or new)) <= 0.04 * new))

    def _fit_px(self) -> float | None:
        return float(self.board["fit"]) if self.board["fit"] > 0 else None

    def _room(self) -> float | None:
        return float(self.board["fit_height"]) if self.board["fit_height"] > 0 else None

    def _svg(self, state: Any = None) -> str:
        subject, options = self.model.drawing(state)
        return table_svg(subject, **options, fit=self._fit_px(), fit_height=self._room())

    def _focus_after_play(self) -> str:
        m = self.model
        if m.confirming is not None:
            return "hw-btn-cancel"
        if m.pending == "trick":
            return "hw-btn-continue"
        if m.game.is_over:
            return "hw-btn-new"
        if m.hand.is_over:
            return "hw-btn-next"
        return "hand"

    def _speech(self) -> str:
        said, self._said = table_speech(self.model, self._said)
        return said

    def _redraw(self) -> None:
        """The board's values from the model (a new version: the front end draws it)."""
        m = self.model
        lang = m.lang
        b = self.board
        s = m.settings
        pending = m.pending
        thinking = m.thinking_words()
        last = m.last_trick
        b["frames"] = [self._svg(f) for f in m.frames]
        b["flash"] = [c.code for c in CardSet(m.received_flash)]
        b["hold"] = "step" if pending in ("pass", "bot") else "trick" if pending == "trick" else ""
        b["thinking"] = -1 if m.thinking is None else m.thinking
        b["thinking_text"] = "" if thinking is None else thinking(lang)
        b["wait_text"] = m.wait_words()(lang)
        b["moving_text"] = text("ui.msg.wait_moving", lang)
        b["last_trick_label"] = text("ui.button.last_trick", lang)
        b["last_trick_svg"] = "" if last is None else trick_svg(
            list(zip(last.seats, last.cards)), winner=last.winner, four_color=s.four_colour,
            table_color=s.table_colour, width=340, lang=lang, num_players=m.rules.num_players,
        )  # fmt: skip
        b["focus"], self._focus = self._focus, ""
        b["announce"] = self._speech()
        b["announce_n"] += 1
        b["move_ms"] = _SPEED_MS[s.speed]
        b["pause_ms"] = 1000 * s.trick_pause
        b["sound_on"] = s.sound
        b["lang"] = lang
        b["svg"] = self._svg()
        self._drawn_for, self._drawn_across = self._fit_px(), is_landscape(self._fit_px(), self._room())
        b["version"] += 1
        if s.sound and m.events:
            b["sounds"] = list(m.events)
            b["sounds_version"] = b["version"]
        self._keep()

    def page(self) -> dict[str, Any]:
        """What the page shows around the board: title, message line (HTML), buttons, level, deal number."""
        m = self.model
        lang = m.lang
        h = m.hand
        msg = m.message
        if msg is None or not msg.text:
            message = '<div class="hw-message hw-info">&nbsp;</div>'
        else:
            items = "".join(f"<li>{html.escape(i)}</li>" for i in msg.items)
            listed = f'<ul class="hw-message-list">{items}</ul>' if items else ""
            message = f'<div class="hw-message hw-{msg.kind}">{html.escape(msg.text)}{listed}</div>'
        asking = m.confirming is not None
        shown = {
            "new": True, "restart": True, "day": True,
            "pass": h.phase is Phase.PASSING and h.passes[m.seat] is None and not asking,
            "hint": m.can_hint and not asking,
            "next": h.is_over and not m.game.is_over and m.pending is None and not asking,
            "continue": m.pending == "trick",
            "confirm": asking, "cancel": asking,
            "moon_subtract": m.moon_to_choose and not asking, "moon_add": m.moon_to_choose and not asking,
        }  # fmt: skip
        buttons = {}
        for name in PAGE_BUTTONS:
            label = text(f"ui.button.{name}", lang, points=m.rules.moon_points)
            if name == "continue" and m.pending == "trick":
                label = text("ui.button.collect", lang)
            buttons[name] = {"label": label, "shown": bool(shown[name])}
        return {
            "title": text("ui.title.table", lang, number=m.number),
            "message": message,
            "buttons": buttons,
            "level": m.level,
            "levels": [[x, _level(x, lang)] for x in levels.available_levels()],
            "level_label": text("ui.label.level", lang),
            "level_cost": level_cost(lang),
            "deal_label": text("ui.label.deal", lang),
            "deal_button": text("ui.button.play_deal", lang),
            "number": m.number,
            "lang": lang,
            "problems": self.keeper.problem_line(m),
            "notes": self._notes_html(),
            "summary": summary_html(m),
            "panels": {
                "history": text("ui.label.history", lang),
                "settings": text("ui.label.settings", lang),
                "sheet": text("ui.label.sheet", lang),
                "checklist": checklist_title(m),
            },
            "history": history_html(m),
            "save_label": text("ui.button.save_progress", lang),
            "load_label": text("ui.label.load_progress", lang),
            "settings": [f.as_json() for f in settings_fields(m)],
            "sheet": sheet_html(m),
            "checklist": checklist_html(m),
            "tricks": len(h.tricks),
            "hand_number": h.hand_number,
        }

    def _notes_html(self) -> str:
        """Learn mode's notes since the learner's last action (nothing when learn mode is off)."""
        return notes_html(self.model.notes, self.model.lang)

    def _answer(self, *, full: bool) -> dict[str, Any]:
        state = {k: v for k, v in self.board.items() if full or self._sent.get(k, _MISSING) != v}
        self._sent.update(state)
        messages, self._messages = self._messages, []
        return {"state": state, "messages": messages, "page": self.page()}


_MISSING = object()


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _stale() -> Any:
    from .table_model import say

    return say("ui.msg.stale_click")


def _level(name: str, lang: str) -> str:
    from .text import level_label

    return level_label(name, lang)


def level_cost(lang: str) -> str:
    """What each level costs in the browser, in words from the measured figures (:data:`levels.BROWSER_COST`):
    the expert's and the master's decision times in headless Chromium, and how much weaker the expert's browser
    budget plays than its full one (said as no measurable loss when the interval holds zero).

    >>> "30 deals a card instead of the 300" in level_cost("en"), "30 repartos por carta" in level_cost("es")
    (True, True)
    """
    from hearts.bots.expert import DEFAULT_WORLDS
    from hearts.messages import number

    c = levels.BROWSER_COST
    clear = c["weaker_low"] > 0 or c["weaker_high"] < 0
    return text(
        "site.levels.cost" if clear else "site.levels.cost_unclear", lang,
        median=number(c["expert_median_s"], lang), worst=number(c["expert_worst_s"], lang),
        worlds=levels.BROWSER_BUDGETS["expert"]["worlds"], full=DEFAULT_WORLDS, weaker=number(c["weaker"], lang),
        low=number(c["weaker_low"], lang), high=number(c["weaker_high"], lang),
        master_median=number(c["master_median_s"], lang, 1), master_worst=number(c["master_worst_s"], lang, 1),
    )  # fmt: skip


def files_in(folder: str | Path) -> Sequence[str]:
    """The kept files present in ``folder`` (for tests and the page's checks).

    >>> import tempfile
    >>> files_in(tempfile.mkdtemp())
    []
    """
    return [n for n in FILES if (Path(folder) / n).exists() and n != store.LOCK_FILE]
