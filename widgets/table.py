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
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W

from hearts.bots.base import Bot
from hearts.cards import CardSet
from hearts.display import table_svg, trick_svg
from hearts.hand import HandState, Phase
from hearts.messages import seat_name, text
from hearts.rules import Rules

from . import levels
from .browser_copy import Keeper
from .dealbox import DealBox
from .speech import said_from, table_speech
from .svgview import SvgTable
from .table_model import BotChoice, BotJob, TableModel, say
from .table_panels import (
    checklist_html,
    checklist_title,
    history_html,
    settings_fields,
    sheet_html,
    summary_html,
)
from .table_panels import (
    sheet_note as sheet_note,  # kept importable from here
)
from .text import level_label, notes_html

__all__ = ["GameTable"]

_STYLE = "<style>\n" + (Path(__file__).parent / "static" / "panels.css").read_text(encoding="utf-8") + "</style>\n"


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
        self._said = said_from(self.model)  # narrated up to here
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
        threading.Thread(target=self._think, args=(job, loop), name=f"hearts-bot-{job.seat}", daemon=True).start()

    def _think(self, job: BotJob, loop: asyncio.AbstractEventLoop) -> None:
        """In the bot's thread: decide, telling the board how far it has got, then hand the choice to the loop."""
        try:
            choice: BotChoice | None = job.decide_showing(self.board.progress)
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
            self.panels.set_title(3, checklist_title(m))
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
        return checklist_html(self.model)

    def speech(self) -> str:
        """What the screen reader says after this action: the cards played since the last words (who took
        each trick, hearts breaking), then the message line. Said in the table's language."""
        said, self._said = table_speech(self.model, self._said, notes=True)
        return said
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
        return summary_html(self.model)

    def _sheet_html(self) -> str:
        """Every hand: your pass (given, to whom; received, from whom), each seat's score and running total."""
        return sheet_html(self.model)

    def _history(self) -> None:
        m = self.model
        self.reset_history.description = text("ui.button.reset_history", m.lang)
        self.reset_history.layout.display = None if m.history is None else "none"
        self.history_html.value = history_html(m)

    def _settings(self) -> None:
        m = self.model
        lang = m.lang
        fields = {f.name: f for f in settings_fields(m)}
        for w, name in self._setting_widgets:
            f = fields[name]
            w.description = f.label
            if f.kind == "select":
                options = [(label, value) for value, label in f.options]
                if list(w.options) != options:
                    w.options = options
            w.value = f.value
        self.rules_note.value = f'<div class="hw-sheet-note">{html.escape(fields["rules"].note)}</div>'
        self.people_label.value = html.escape(text("ui.label.people", lang))
        n = m.rules.num_players
        if len(self.people) != n:
            self._seat_people(n)
        for p, b in enumerate(self.people):
            b.description = seat_name(p, lang, n)
            b.value = p in m.humans
            b.icon = "user" if b.value else "robot"
            b.tooltip = text("ui.label.person" if b.value else "ui.label.bot", lang, seat=seat_name(p, lang, n))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this call (a kernel's, answering a widget's message), else ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _cards(mask: int) -> list[Any]:
    return list(CardSet(mask))
