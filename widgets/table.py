"""The game table widget: South (you) against three bots, or several people passing one screen.

>>> import tempfile
>>> table = GameTable(number=12, level="random", data_dir=tempfile.mkdtemp(), paced=False)
>>> table.model.hand.phase.value
'passing'
>>> table.press("hint")
>>> table.model.message.kind
'info'

Every control calls a method a test can call too: :meth:`GameTable.click_card`,
:meth:`GameTable.press` (``pass``, ``hint``, ``restart``, ``new``, ``day``,
``next``, ``continue``, ``reset_history``, ``ready``, ``confirm``, ``cancel``),
:meth:`GameTable.play_deal` (the deal-number box), :meth:`GameTable.step`
(what the browser asks for while the bots move), and the settings widgets
(changing their ``value`` is what a click does).

In the browser the table is paced (see :class:`~hearts_widgets.table_model.TableModel`):
each bot's card is drawn before the next is thought of, the finished trick stays
until the learner continues, and a click made on an older drawing is refused:

>>> t = GameTable(number=3, level="rule", data_dir=tempfile.mkdtemp())
>>> for c in list(t.model.hand.hand_of(0))[:3]:
...     t.click_card(c.code)
>>> t.press("pass")
>>> t.board.hold, t.board.thinking_text
('step', 'West is choosing cards to pass…')
>>> t.click_card(next(iter(t.model.hand.hand_of(0))).code, version=t.board.version - 1)
>>> t.model.message.text[:33]
'That click was made on an earlier'
"""

from __future__ import annotations

import asyncio
import html
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W

from hearts.bots import reporting
from hearts.bots.base import Bot
from hearts.cards import CardSet
from hearts.display import table_svg, trick_svg
from hearts.hand import HandState, Phase
from hearts.messages import seat_name, text, text_n
from hearts.rules import Rules

from . import levels, store
from .browser_copy import Keeper
from .dealbox import DealBox
from .rule_notes import SCENES, checklist, rule_title
from .speech import narrate
from .svgview import SvgTable
from .table_model import BotChoice, BotJob, TableModel, say
from .text import cards_label, level_label, notes_html
from .variants import PRESETS, preset_label, rules_words

__all__ = ["GameTable"]

_STYLE = """
<style>
.hearts-app { max-width: 1000px; font-family: 'DejaVu Sans', Arial, sans-serif; }
.hearts-app .hw-title { font-size: 1.25em; font-weight: bold; }
.hearts-app .hw-message { min-height: 1.6em; padding: 6px 10px; border-radius: 8px; font-size: 1.05em; }
.hearts-app .hw-message.hw-error { background: #ffebee; color: #8e0000; border: 1px solid #e57373; }
.hearts-app .hw-message.hw-info { background: #eef5ee; color: #1b3d26; }
.hearts-app .hw-message-list { margin: 4px 0 0; padding-left: 1.3em; }
.hearts-app .hw-message-list li { margin: 2px 0; }
.hearts-app .hw-message.hw-ok { background: #e8f5e9; color: #1b5e20; border: 1px solid #81c784; }
.hearts-app .hw-summary { background: #fff8e1; border: 2px solid #ffb300; border-radius: 10px; padding: 8px 14px; }
.hearts-app table.hw-sheet { border-collapse: collapse; margin: 4px 0; }
.hearts-app table.hw-sheet th, .hearts-app table.hw-sheet td {
  padding: 2px 10px; text-align: right; border-bottom: 1px solid #ddd; }
.hearts-app table.hw-sheet tr.hw-total td { font-weight: bold; border-top: 2px solid #888; }
.hearts-app .hw-stats td { padding: 1px 12px 1px 0; }
.hearts-app .hw-top, .hearts-app .hw-actions, .hearts-app .hw-nav { gap: 6px; }
.hearts-app .hw-learn .hw-note { padding: 5px 12px; margin: 4px 0; border-radius: 6px; font-size: 1.02em;
  border-left: 6px solid #90a4ae; background: #f5f7f8; }
.hearts-app .hw-learn .hw-note-rule { background: #fffde7; border-left-color: #ffb300; }
.hearts-app .hw-learn .hw-note-now { background: #e3f2fd; border-left-color: #1e88e5; }
.hearts-app .hw-learn .hw-note-coach { background: #f3e5f5; border-left-color: #8e24aa; }
.hearts-app ul.hw-checklist { list-style: none; padding-left: 4px; margin: 4px 0; columns: 16em 2; }
.hearts-app ul.hw-checklist li[data-met="false"] { color: #777; }
.hearts-app ul.hw-checklist .hw-checklist-scene { font-size: 0.9em; font-style: italic; }
.hearts-app table.hw-sheet td.hw-moon { color: #b71c1c; font-weight: bold; }
.hearts-app table.hw-sheet td.hw-pass, .hearts-app table.hw-sheet th.hw-pass { text-align: left; min-width: 9em; }
.hearts-app table.hw-sheet small { color: #666; }
.hearts-app .hw-sheet-box { overflow-x: auto; max-width: 100%; container-type: inline-size; }
/* A narrow column (the Voilà app's, beside the board): each hand's pass goes on a line of its own under its
   scores, so the four seats' columns fit and none is cut off. */
@container (max-width: 560px) {
  .hearts-app .hw-sheet-box table.hw-sheet { display: block; }
  .hearts-app .hw-sheet-box table.hw-sheet tbody { display: block; }
  .hearts-app .hw-sheet-box table.hw-sheet tr {
    display: grid; grid-template-columns: minmax(4.5em, auto) repeat(4, minmax(3.2em, 1fr)); }
  .hearts-app .hw-sheet-box table.hw-sheet tr > :nth-child(2) { grid-column: 1 / -1; order: 9; min-width: 0;
    padding-left: 1.2em; }
  .hearts-app .hw-sheet-box table.hw-sheet tr:first-child > :nth-child(2),
  .hearts-app .hw-sheet-box table.hw-sheet tr.hw-total > :nth-child(2) { display: none; }
  .hearts-app .hw-sheet-box table.hw-sheet th, .hearts-app .hw-sheet-box table.hw-sheet td { padding: 2px 6px; }
}
.hearts-app .hw-sheet-note { font-size: 0.9em; color: #555; max-width: 40em; }
/* Settings: a long label wraps onto a second line (the row grows) instead of being cut off. */
.hearts-app .hw-settings .widget-checkbox { height: auto; min-height: var(--jp-widgets-inline-height, 28px); }
.hearts-app .hw-settings .widget-checkbox .widget-label-basic,
.hearts-app .hw-settings .widget-checkbox .widget-label-basic span {
  white-space: normal; line-height: 1.35; height: auto; }
.hearts-app .hw-deal { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.hearts-app .hw-deal input { width: 10em; height: var(--jp-widgets-inline-height, 28px); box-sizing: border-box;
  padding: 0 8px; border: 1px solid var(--jp-border-color1, #bbb); font-size: var(--jp-widgets-font-size, 13px); }
.hearts-app .hw-deal button { height: var(--jp-widgets-inline-height, 28px); padding: 0 12px; width: auto;
  white-space: nowrap; overflow: visible; }
</style>
"""


_OWN_BOTS = "__own__"  # the level menu's entry for the bots given with bots=


class GameTable(W.VBox):  # type: ignore[misc]
    """The table: the SVG board, the message line, the buttons, History and Settings.

    Keyword options are those of :class:`~hearts_widgets.table_model.TableModel` (``rules=Rules(...)`` plays
    any variant; Settings offers the named presets and asks before leaving a game in progress);
    ``paced=False`` lets the bots move at once (no steps, no held tricks), for
    scripts that drive the table without a browser.
    """

    def __init__(
        self,
        *,
        number: int | None = None,
        level: str | None = None,
        target_score: int | None = None,
        lang: str | None = None,
        data_dir: str | Path | None = None,
        resume: bool = True,
        seed: int | None = None,
        step_bots: bool | None = None,
        humans: Sequence[int] | None = None,
        learn: bool | None = None,
        bots: Bot | Mapping[int, Bot] | None = None,
        paced: bool = True,
        deal: str | int | Sequence[str] | None = None,
        app: str = "table",
        rules: Rules | None = None,
    ) -> None:
        self.model = TableModel(
            number=number,
            level=level,
            target_score=target_score,
            lang=lang,
            data_dir=data_dir,
            resume=resume,
            seed=seed,
            step_bots=step_bots,
            humans=humans,
            learn=learn,
            bots=bots,
            paced=paced,
            deal=deal,
            app=app,
            rules=rules,
        )
        self._updating = False
        self._focus = ""  # where the keyboard focus goes after the next drawing
        self._thinking: BotJob | None = None  # the bot's decision being made in another thread
        h = self.model.hand
        self._said = (self.model.game, h.hand_number, len(h.plays), h.hearts_broken)  # narrated up to here
        self.board = SvgTable()
        self.board.on_card(
            lambda code: self.click_card(code, version=self.board.clicked_version, copy=self.board.clicked_copy)
        )
        self.board.on_why(lambda code, version: self.why_not(code, version=version))
        self.board.on_step(self.step)
        self.board.on_continue(self._continue)
        self.board.on_refit(lambda: self.refresh())  # a new width: the same position, drawn again
        self.board.add_class("hw-board")

        self.title = W.HTML().add_class("hw-title")
        self.level_box = W.Dropdown(layout=W.Layout(width="auto")).add_class("hw-level")
        self.level_box.observe(self._on_level, names="value")
        self.buttons: dict[str, W.Button] = {}
        for name in ("new", "restart", "day", "pass", "hint", "next", "continue", "ready", "take_over", "confirm",
                     "cancel", "count_earlier", "moon_subtract", "moon_add"):
            b = W.Button(layout=W.Layout(width="auto")).add_class(f"hw-btn-{name}").add_class("hw-btn")
            b.on_click(lambda _b, name=name: self.press(name))
            self.buttons[name] = b
        self.buttons["pass"].button_style = "primary"
        self.buttons["next"].button_style = "success"
        self.buttons["hint"].button_style = "info"
        self.buttons["ready"].button_style = "warning"
        self.buttons["take_over"].button_style = "warning"
        self.buttons["confirm"].button_style = "danger"
        self.buttons["cancel"].button_style = "success"
        self.buttons["moon_subtract"].button_style = "primary"
        self.buttons["moon_add"].button_style = "primary"
        self.deal_box = DealBox().add_class("hw-deal-widget")
        self.deal_box.on_play(self.play_deal)
        self.message = W.HTML().add_class("hw-message-box")
        self.summary = W.HTML().add_class("hw-summary-box")
        self.sheet = W.HTML().add_class("hw-sheet-box")
        self.learn_notes = W.HTML().add_class("hw-learn-box")
        self.checklist = W.HTML().add_class("hw-checklist-box")

        # History and Settings.
        self.history_html = W.HTML().add_class("hw-history")
        self.reset_history = W.Button(layout=W.Layout(width="auto")).add_class("hw-btn-reset-history")
        self.reset_history.on_click(lambda _b: self.press("reset_history"))
        self.four_colour = W.Checkbox(indent=False).add_class("hw-set-four-colour")
        self.table_colour = W.Dropdown(layout=W.Layout(width="22em")).add_class("hw-set-table-colour")
        self.card_back = W.Dropdown(layout=W.Layout(width="22em")).add_class("hw-set-card-back")
        self.lang_box = W.Dropdown(layout=W.Layout(width="22em")).add_class("hw-set-lang")
        # Check boxes as wide as their labels, so no label is cut short.
        self.step_bots = W.Checkbox(indent=False, layout=W.Layout(width="auto")).add_class("hw-set-step-bots")
        self.four_colour.layout.width = "auto"
        wide = {"description_width": "12em"}
        for box in (self.table_colour, self.card_back, self.lang_box):
            box.style = wide
            box.layout = W.Layout(width="100%", max_width="30em")
        self.speed = W.Dropdown(layout=W.Layout(width="100%", max_width="30em"), style=wide).add_class("hw-set-speed")
        self.trick_pause = W.Dropdown(layout=W.Layout(width="100%", max_width="30em"), style=wide).add_class(
            "hw-set-trick-pause"
        )
        self.target = W.Dropdown(layout=W.Layout(width="100%", max_width="30em"), style=wide).add_class("hw-set-target")
        self.rules_box = W.Dropdown(layout=W.Layout(width="100%", max_width="30em"), style=wide)
        self.rules_box.add_class("hw-set-rules")
        self.rules_note = W.HTML().add_class("hw-rules-note")
        self.sound = W.Checkbox(indent=False, layout=W.Layout(width="auto")).add_class("hw-set-sound")
        # Who plays each seat: a person (pass-and-play on this screen) or a bot.
        self.people_label = W.HTML().add_class("hw-people-label")
        self.people: list[W.ToggleButton] = []
        self.people_box = W.HBox(layout=W.Layout(flex_flow="row wrap")).add_class("hw-people")
        self._seat_people(self.model.rules.num_players)
        self.learn = W.Checkbox(indent=False, layout=W.Layout(width="auto")).add_class("hw-set-learn")
        self.notes_again = W.Checkbox(indent=False, layout=W.Layout(width="auto")).add_class("hw-set-notes-again")
        self.coach = W.Checkbox(indent=False, layout=W.Layout(width="auto")).add_class("hw-set-coach")
        self._setting_widgets: tuple[tuple[W.ValueWidget, str], ...] = (
            (self.four_colour, "four_colour"),
            (self.table_colour, "table_colour"),
            (self.card_back, "card_back"),
            (self.lang_box, "lang"),
            (self.step_bots, "step_bots"),
            (self.learn, "learn"),
            (self.notes_again, "notes_again"),
            (self.coach, "coach"),
            (self.speed, "speed"),
            (self.trick_pause, "trick_pause"),
            (self.sound, "sound"),
            (self.target, "target_score"),
            (self.rules_box, "rules"),
        )
        for w, name in self._setting_widgets:
            w.observe(lambda ch, name=name: self._on_setting(name, ch["new"]), names="value")
        self.settings_box = W.VBox(
            [
                *(w for w, _ in self._setting_widgets),
                self.rules_note,
                self.people_label,
                self.people_box,
            ]
        ).add_class("hw-settings")
        self.keeper = Keeper(self)  # the copy kept in the browser, and the progress file (in History)
        self.panels = W.Accordion(
            children=[W.VBox([self.history_html, self.reset_history, self.keeper.box]), self.settings_box, self.sheet,
                      self.checklist]
        ).add_class("hw-panels")
        self.panels.selected_index = None

        top = W.HBox(
            [self.title, self.level_box, self.buttons["new"], self.buttons["restart"], self.buttons["day"],
             self.deal_box],
            layout=W.Layout(flex_flow="row wrap", align_items="center"),
        ).add_class("hw-top")
        actions = W.HBox(
            [self.buttons[n] for n in ("take_over", "ready", "pass", "hint", "next", "continue", "confirm", "cancel",
                                       "count_earlier", "moon_subtract", "moon_add")],
            layout=W.Layout(flex_flow="row wrap"),
        ).add_class("hw-actions")
        super().__init__(
            [W.HTML(_STYLE), top, self.board, self.message, self.keeper.line, actions, self.learn_notes, self.summary,
             self.panels],
            layout=W.Layout(max_width="1000px"),
        )
        self.add_class("hearts-app").add_class("hearts-table-app")
        self.refresh()

    # ----- what the controls call ----------------------------------------------

    def click_card(self, code: str, *, version: int | None = None, copy: int | None = None) -> None:
        """A card was clicked (the board calls this with the ``version`` of the drawing clicked on, and with two
        packs which ``copy`` of two identical cards it was: see :meth:`TableModel.click_card`).

        A click made on an older drawing than the one last sent is refused:
        the learner did not see the position it would act on.
        """
        if version is not None and version != self.board.version:
            self.model.frames = []
            self.model.events = []
            self.model._error(say("ui.msg.stale_click"))
        else:
            self.model.click_card(code, copy)
        self._focus = self._focus_after_play()
        self.refresh()

    def why_not(self, code: str, *, version: int | None = None) -> None:
        """"Why not this card?" for a card of the hand (:meth:`TableModel.why_not_card`); asked on an older
        drawing than the one last sent, it is refused like a click."""
        if version is not None and version != self.board.version:
            self.model.frames = []
            self.model.events = []
            self.model._error(say("ui.msg.stale_click"))
        else:
            self.model.why_not_card(code)
        self.refresh()

    def step(self, version: int | None = None) -> None:
        """The bots' next step (the browser asks once the last drawing is on screen; stale asks are ignored).

        In a running kernel the bot thinks in a thread of its own, so the page
        stays responsive (other widgets, Settings, the refused clicks' messages)
        and the board shows how far the bot has got (:meth:`SvgTable.progress`);
        its choice is played on the kernel's own loop, and only if the table is
        still at the position it was asked for. Without an event loop (a
        script, a test) the bot thinks here and the step is done on return.
        """
        if version is not None and version != self.board.version:
            return
        job = self.model.prepare_step()
        if job is None:
            return
        loop = _running_loop()
        if loop is None:
            self._stepped(job.decide())
            return
        if self._thinking is not None and self._thinking.key == job.key:
            return  # this position's bot is thinking already
        self._thinking = job
        self.board.progress(job.seat, 0.0)
        threading.Thread(target=self._think, args=(job, loop), name=f"hearts-bot-{job.seat}", daemon=True).start()

    def _think(self, job: BotJob, loop: asyncio.AbstractEventLoop) -> None:
        """In the bot's thread: decide, telling the board how far it has got, then hand the choice to the loop."""
        last = [0.0, 0.0]  # the share last shown, and when

        def shown(fraction: float) -> None:
            now = time.monotonic()
            if fraction >= 1.0 or (now - last[1] >= 0.1 and fraction - last[0] >= 0.02):
                last[:] = [fraction, now]
                self.board.progress(job.seat, fraction)

        try:
            with reporting(shown):
                choice: BotChoice | None = job.decide()
        except Exception:  # decided again on the loop, where the error is raised as it would be without a thread
            choice = None
        loop.call_soon_threadsafe(self._thought, job, choice)

    def _thought(self, job: BotJob, choice: BotChoice | None) -> None:
        """On the kernel's loop: play the bot's choice, if the table is still where the bot was asked."""
        if self._thinking is not job:
            return
        self._thinking = None
        self._stepped(choice)

    def _stepped(self, choice: BotChoice | None) -> None:
        self.model.step(choice)
        self._focus = self._focus_after_play()
        self.refresh()

    def _continue(self, version: int) -> None:
        """The learner (or the chosen pause) takes the finished trick away."""
        if version == self.board.version and self.model.pending == "trick":
            self.press("continue")

    def press(self, button: str) -> None:
        """A button was pressed."""
        self.model.press(button)
        if button == "continue" and self._continue_shown():
            self._focus = "hw-btn-continue"
        elif button in ("pass", "next", "continue", "restart", "new", "day", "ready"):
            self._focus = self._focus_after_play()
        self.refresh()

    def close(self) -> None:
        """Close the table: its saved game is free for another table to open without asking."""
        self.model.close()
        super().close()

    def play_deal(self, number: str | int) -> None:
        """The deal-number box: play that game."""
        self.model.play_deal(number)
        self._focus = self._focus_after_play()
        self.refresh()

    def _focus_after_play(self) -> str:
        """Where the keyboard goes next: the hand, or the button that goes on once the hand is over."""
        m = self.model
        if m.confirming is not None:
            return "hw-btn-cancel"
        if self._continue_shown():
            return "hw-btn-continue"
        if m.game.is_over:
            return "hw-btn-new"
        if m.covered:
            return "hw-btn-ready"
        if m.hand.is_over:
            return "hw-btn-next"
        if self._continue_shown():
            return "hw-btn-continue"
        return "hand"

    def _continue_shown(self) -> bool:
        """Continue takes away a finished trick on show, or (bots one by one) plays the next bot's card."""
        m = self.model
        h = m.hand
        if m.pending == "trick":
            return True
        return m.pending is None and m.settings.step_bots and h.phase is Phase.PLAYING and h.to_play in m.bot_seats

    def _on_level(self, change: dict[str, Any]) -> None:
        new = change["new"]
        if not self._updating and new != _OWN_BOTS and (new != self.model.level or self.model.own_bots):
            self.model.set_level(new)
            self.refresh()

    def _seat_people(self, n: int) -> None:
        """One person/bot toggle for each of the ``n`` seats of the rules on the table."""
        self.people = [
            W.ToggleButton(layout=W.Layout(width="auto")).add_class(f"hw-person-{s}").add_class("hw-person")
            for s in range(n)
        ]
        for s, b in enumerate(self.people):
            b.observe(lambda _ch, s=s: self._on_people(s), names="value")
        self.people_box.children = tuple(self.people)

    def _on_people(self, seat_: int) -> None:
        if self._updating:
            return
        self.model.set_humans([s for s, b in enumerate(self.people) if b.value])
        self.refresh()

    def _on_setting(self, name: str, value: Any) -> None:
        if name == "rules":
            current: Any = self.model.rules_preset or ""
        else:
            current = self.model.learning if name == "learn" else getattr(self.model.settings, name)
        if not self._updating and current != value:
            self.model.set_setting(name, value)
            self.refresh()

    # ----- drawing ---------------------------------------------------------------

    def svg(self, state: HandState | None = None) -> str:
        """The table drawing of the current position (or of ``state``, one of the bots' frames)."""
        subject, options = self.model.drawing(state)
        # The board's size is the view's to know.
        return table_svg(subject, **options, fit=self.board.fit_px, fit_height=self.board.fit_height_px)

    def refresh(self) -> None:
        """Redraw everything from the model."""
        m = self.model
        lang = m.lang
        self._updating = True
        try:
            frames = [self.svg(f) for f in m.frames]
            flash = [c.code for c in _cards(m.received_flash)]
            self.title.value = html.escape(text("ui.title.table", lang, number=m.number))
            opts = [(level_label(x, lang), x) for x in levels.available_levels()]
            if m.own_bots:  # bots given to the table come first, until a level is chosen
                opts.insert(0, (m.opponents_label, _OWN_BOTS))
            if list(self.level_box.options) != opts:
                self.level_box.options = opts
            self.level_box.value = _OWN_BOTS if m.own_bots else m.level
            self.level_box.description = text("ui.label.level", lang)
            for name, b in self.buttons.items():
                b.description = text(f"ui.button.{name}", lang, points=m.rules.moon_points)
            self.deal_box.description = text("ui.label.deal", lang)
            self.deal_box.placeholder = text("ui.label.deal_hint", lang)
            self.deal_box.label = text("ui.button.play_deal", lang)
            self.deal_box.value = str(m.number)
            self._show_buttons()
            msg = m.message
            if msg is None or not msg.text:
                self.message.value = '<div class="hw-message hw-info">&nbsp;</div>'
            else:
                items = "".join(f"<li>{html.escape(i)}</li>" for i in msg.items)
                listed = f'<ul class="hw-message-list">{items}</ul>' if items else ""
                self.message.value = f'<div class="hw-message hw-{msg.kind}">{html.escape(msg.text)}{listed}</div>'
            self.summary.value = self._summary_html()
            self.sheet.value = self._sheet_html()
            self._history()
            self._settings()
            self.panels.set_title(0, text("ui.label.history", lang))
            self.panels.set_title(1, text("ui.label.settings", lang))
            self.panels.set_title(2, text("ui.label.sheet", lang))
            rules = checklist(m.rules)  # a two-pack table adds the rules only Cancellation Hearts has
            met, total = len([r for r in m.lesson.met if r in rules]), len(rules)
            self.panels.set_title(3, text("learn.checklist.title", lang, met=met, total=total))
            self.learn_notes.value = self._notes_html()
            self.checklist.value = self._checklist_html()
            self._board_settings()
            # The board last: a new board drawing tells the browser (and browser tests) that
            # everything else of this refresh, the message line included, has arrived.
            focus, self._focus = self._focus, ""
            pending = m.pending
            hold = "step" if pending in ("pass", "bot") else "trick" if pending == "trick" else ""
            thinking = m.thinking_words()
            last = m.last_trick
            self.board.show(
                self.svg(),
                frames,
                flash,
                hold=hold,
                thinking=m.thinking,
                texts={
                    "thinking_text": "" if thinking is None else thinking(lang),
                    "wait_text": m.wait_words()(lang),
                    "moving_text": text("ui.msg.wait_moving", lang),
                    "last_trick_label": text("ui.button.last_trick", lang),
                },
                sounds=m.events if m.settings.sound else (),
                last_trick="" if last is None else self._last_trick_svg(),
                announce=self.speech(),
                focus=focus,
            )
            self.keeper.sync()
        finally:
            self._updating = False

    def _notes_html(self) -> str:
        """Learn mode's notes since the learner's last action (nothing when learn mode is off)."""
        return notes_html(self.model.notes, self.model.lang)

    def _checklist_html(self) -> str:
        """Every rule with a note, ticked once the learner has met it."""
        m = self.model
        lang = m.lang
        rules = checklist(m.rules)
        met = set(m.lesson.met) & set(rules)
        items = []
        for r in rules:
            where = ""
            if r not in met and r in SCENES:  # rare in play: the walkthrough has a scene for it
                scene = text("learn.checklist.scene", lang, scene=text(f"learn.chapter.{SCENES[r]}", lang))
                where = f' <span class="hw-checklist-scene">{html.escape(scene)}</span>'
            items.append(
                f'<li data-rule="{r}" data-met="{str(r in met).lower()}">{"✓" if r in met else "○"} '
                f"{html.escape(rule_title(r, lang))}{where}</li>"
            )
        count = text("learn.checklist.count", lang, met=len(met), total=len(rules))
        listed = "".join(items)
        return f'<div class="hw-checklist-count">{html.escape(count)}</div><ul class="hw-checklist">{listed}</ul>'

    def speech(self) -> str:
        """What the screen reader says after this action: the cards played since the last words (who took
        each trick, hearts breaking), then the message line. Said in the table's language."""
        m = self.model
        h = m.hand
        game, hand_number, since, broken = self._said
        if game is not m.game or hand_number != h.hand_number:
            since, broken = 0, False
        words = narrate(h, since, m.lang, learner=m.seat, hearts_were_broken=broken)
        self._said = (m.game, h.hand_number, len(h.plays), h.hearts_broken)
        if m.message is not None and m.message.text:
            words.append(m.message.text)
            words.extend(m.message.items)
        for kind, _rule, note in m.notes:  # learn mode's notes, with the label they are shown with
            words.append(text("learn.rule_label" if kind == "rule" else f"learn.label.{kind}", m.lang) + " " + note)
        return " ".join(words)
    def _board_settings(self) -> None:
        """How the board moves cards, holds tricks and sounds, from the settings."""
        s = self.model.settings
        self.board.move_ms = {"off": 0, "fast": 160, "normal": 320, "slow": 600}[s.speed]
        self.board.pause_ms = 1000 * s.trick_pause
        self.board.sound_on = s.sound
        self.board.lang = s.lang

    def _last_trick_svg(self) -> str:
        """The last finished trick, for the board's Last trick view."""
        m = self.model
        last = m.last_trick
        assert last is not None
        s = m.settings
        return trick_svg(
            list(zip(last.seats, last.cards)),
            winner=last.winner,
            four_color=s.four_colour,
            table_color=s.table_colour,
            width=340,
            lang=m.lang,
            num_players=m.rules.num_players,
        )

    def _show_buttons(self) -> None:
        m = self.model
        h = m.hand
        mine = not m.displaced  # a game open at another table offers only Continue here and the new-game buttons
        asking = m.confirming is not None
        show = {
            "take_over": m.displaced,
            "ready": m.covered and mine,
            "pass": h.phase is Phase.PASSING and h.passes[m.seat] is None and not m.covered and mine and not asking,
            "hint": m.can_hint and mine and not asking,
            "next": h.is_over and not m.game.is_over and mine and m.pending is None and not asking,
            "continue": self._continue_shown() and mine,
            "confirm": asking,
            "cancel": asking,
            "count_earlier": m.earlier_lessons > 0 and m.learning and not asking,
            "moon_subtract": m.moon_to_choose and not asking,
            "moon_add": m.moon_to_choose and not asking,
        }
        for name, visible in show.items():
            self.buttons[name].layout.display = None if visible else "none"
        if m.pending == "trick":
            self.buttons["continue"].description = text("ui.button.collect", m.lang)

    def _summary_html(self) -> str:
        m = self.model
        s = m.summary()
        if s is None or not s["game_over"]:
            return ""
        lang = m.lang
        n = m.rules.num_players
        winners = ", ".join(seat_name(w, lang, n) for w in s["winners"])
        key = "ui.summary.shared" if s["shared"] else "ui.summary.winner"
        rows = "".join(
            f"<tr><td>{html.escape(seat_name(p, lang, n))}</td><td>{s['totals'][p]}</td></tr>" for p in range(n)
        )
        again = text("ui.summary.again", lang, new=text("ui.button.new", lang), restart=text("ui.button.restart", lang))
        return (
            f'<div class="hw-summary hw-game-over"><b>{html.escape(text("ui.summary.game_over", lang))}</b> '
            f"{html.escape(text(key, lang, winners=winners))}"
            f'<table class="hw-sheet">{rows}</table>'
            f"{html.escape(again)}</div>"
        )

    def _sheet_html(self) -> str:
        """Every hand: your pass (given, to whom; received, from whom), each seat's score and running total."""
        m = self.model
        lang = m.lang
        e = html.escape
        n = m.game.rules.num_players
        head = "".join(f"<th>{e(seat_name(p, lang, n))}</th>" for p in range(n))
        rows = []
        running = [0] * n
        me = m.seat  # the person at the screen (nothing of anyone's pass while the screen is covered)
        for h in m.game.hands:
            given, got = h.passes[me], h.received[me]
            if m.covered:
                passing = ""
            elif h.pass_direction.value == "none":
                passing = e(text("ui.sheet.no_pass", lang))
            elif given is None or got is None:
                passing = e(text("ui.sheet.pass_pending", lang, direction=text(f"pass.{h.pass_direction.value}", lang)))
            else:
                to, source = seat_name(h.pass_target(me), lang, n), seat_name(h.pass_source(me), lang, n)
                gave = text("ui.sheet.gave", lang, given=cards_label(CardSet(given)), to=to)
                took = text("ui.sheet.got", lang, got=cards_label(CardSet(got)), source=source)
                passing = f"{e(gave)}<br>{e(took)}"
            if h.is_over:
                r = h.result()
                cells = []
                for p in range(n):
                    running[p] += r.scores[p]
                    moon = r.shooter is not None
                    mark = ""
                    if moon and p == r.shooter:
                        mark = f" {e(text('ui.sheet.moon', lang))}"
                    cls = ' class="hw-moon"' if moon else ""
                    cells.append(f"<td{cls}>{r.scores[p]:+d}{mark}<br><small>{running[p]}</small></td>")
                body = "".join(cells)
            else:
                body = "".join(
                    f"<td>{h.points[p]}<br><small>{e(text('ui.sheet.playing', lang))}</small></td>" for p in range(n)
                )
            rows.append(
                f'<tr data-hand="{h.hand_number}"><th>{e(text("ui.sheet.hand", lang, hand=h.hand_number))}</th>'
                f'<td class="hw-pass">{passing}</td>{body}</tr>'
            )
        totals = "".join(f"<td>{x}</td>" for x in m.game.scores)
        return (
            f'<table class="hw-sheet"><tr><th></th>'
            f'<th class="hw-pass">{e(text("ui.sheet.passing", lang))}</th>{head}</tr>'
            f'{"".join(rows)}<tr class="hw-total"><th>{e(text("ui.sheet.total", lang))}</th><td></td>{totals}</tr>'
            f'</table><div class="hw-sheet-note">{e(sheet_note(m.game.rules, lang))}</div>'
        )

    def _history(self) -> None:
        m = self.model
        lang = m.lang
        self.reset_history.description = text("ui.button.reset_history", lang)
        if m.history is None:
            self.history_html.value = f'<div class="hw-message hw-error">{html.escape(m.history_error or "")}</div>'
            self.reset_history.layout.display = None
            return
        self.reset_history.layout.display = "none"
        st = m.history.stats(m.rules)
        everything = m.history.stats()
        best = "–" if st.best_final is None else str(st.best_final)
        rows = [
            ("ui.history.played", st.played),
            ("ui.history.won", st.won),
            ("ui.history.win_percent", f"{st.win_percent:g}%"),
            ("ui.history.best", best),
            ("ui.history.streak", st.current_streak),
            ("ui.history.longest", st.longest_streak),
        ]
        body = "".join(f"<tr><td>{html.escape(text(k, lang))}</td><td><b>{v}</b></td></tr>" for k, v in rows)
        a = m.history.archived
        words = rules_words(m.rules, lang)
        said = text("ui.history.variant", lang, rules=words, played=everything.played, won=everything.won)
        note = f'<div class="hw-sheet-note hw-history-variant">{html.escape(said)}</div>'

        if a.files:  # the oldest games, moved out to keep history.json readable: still counted, still the learner's
            said = text_n("ui.history.archived", a.played, lang, count=a.played, files=", ".join(a.files))
            note += f'<div class="hw-sheet-note">{html.escape(said)}</div>'
        self.history_html.value = f'<table class="hw-stats">{body}</table>{note}'

    def _settings(self) -> None:
        m = self.model
        s = m.settings
        lang = m.lang
        self.four_colour.description = text("ui.label.four_colour", lang)
        self.four_colour.value = s.four_colour
        self.table_colour.description = text("ui.label.table_colour", lang)
        self.table_colour.options = [(text(f"ui.colour.{c}", lang), c) for c in store.TABLE_COLOURS]
        self.table_colour.value = s.table_colour
        self.card_back.description = text("ui.label.card_back", lang)
        self.card_back.options = [(text(f"ui.colour.{c}", lang), c) for c in store.CARD_BACKS]
        self.card_back.value = s.card_back
        self.lang_box.description = text("ui.label.lang", lang)
        self.lang_box.options = [(text("ui.lang.en", lang), "en"), (text("ui.lang.es", lang), "es")]
        self.lang_box.value = s.lang
        self.step_bots.description = text("ui.label.step_bots", lang)
        self.step_bots.value = s.step_bots
        self.people_label.value = html.escape(text("ui.label.people", lang))
        n = m.rules.num_players
        if len(self.people) != n:
            self._seat_people(n)
        for p, b in enumerate(self.people):
            b.description = seat_name(p, lang, n)
            b.value = p in m.humans
            b.icon = "user" if b.value else "robot"
            b.tooltip = text("ui.label.person" if b.value else "ui.label.bot", lang, seat=seat_name(p, lang, n))
        for box, name in ((self.learn, "learn"), (self.notes_again, "notes_again"), (self.coach, "coach")):
            box.description = text(f"ui.label.{name}", lang)
        self.learn.value = m.learning
        self.notes_again.value = s.notes_again
        self.coach.value = s.coach
        self.speed.description = text("ui.label.speed", lang)
        self.speed.options = [(text(f"ui.speed.{x}", lang), x) for x in store.SPEEDS]
        self.speed.value = s.speed
        self.trick_pause.description = text("ui.label.trick_pause", lang)
        self.trick_pause.options = [(text(f"ui.pause.{x}", lang), x) for x in store.TRICK_PAUSES]
        self.trick_pause.value = s.trick_pause
        self.target.description = text("ui.label.target_score", lang)
        self.target.options = [(text(f"ui.target.{x}", lang), x) for x in store.TARGETS]
        self.target.value = s.target_score
        self.rules_box.description = text("ui.label.rules", lang)
        options = [(preset_label(x, lang), x) for x in PRESETS]
        if m.rules_preset is None:  # rules given to this table that are no preset
            options.insert(0, (text("ui.rules.preset.custom", lang, rules=rules_words(m.rules, lang)), ""))
        self.rules_box.options = options
        self.rules_box.value = m.rules_preset or ""
        now = text("ui.rules.now", lang, rules=rules_words(m.rules, lang))
        self.rules_note.value = f'<div class="hw-sheet-note">{html.escape(now)}</div>'
        self.sound.description = text("ui.label.sound", lang)
        self.sound.value = s.sound


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this call (a kernel's, answering a widget's message), else ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _cards(mask: int) -> list[Any]:
    return list(CardSet(mask))


def sheet_note(rules: Rules, lang: str) -> str:
    """The score sheet's note: how to read a cell, and how a moon (☾) scores under ``rules``.

    >>> sheet_note(Rules(moon="subtract"), "en").endswith("takes 26 off their total and the others score 0.")
    True
    """
    way = {"add": "", "subtract": ".subtract", "choice": ".choice"}[rules.moon.value]
    note = text(f"ui.sheet.note{way}", lang, points=rules.moon_points)
    return f"{note} {text('ui.sheet.jack', lang)}" if rules.jack_of_diamonds else note
