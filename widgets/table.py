"""The game table widget: South (you) against three bots, or several people passing one screen.

>>> import tempfile
>>> table = GameTable(number=12, level="random", data_dir=tempfile.mkdtemp(), delay=0)
>>> table.model.hand.phase.value
'passing'
>>> table.press("hint")
>>> table.model.message.kind
'info'

Every control calls a method a test can call too: :meth:`GameTable.click_card`,
:meth:`GameTable.press` (``pass``, ``hint``, ``restart``, ``new``, ``day``,
``next``, ``continue``, ``reset_history``, ``ready``),
:meth:`GameTable.play_deal` (the deal-number box), and the settings widgets
(changing their ``value`` is what a click does).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W

from hearts.bots.base import Bot
from hearts.display import table_svg
from hearts.hand import HandState, Phase

from . import levels, store
from .rule_notes import RULES, SCENES, rule_title
from .speech import narrate
from .svgview import SvgTable
from .table_model import TableModel
from .text import level_label, seat, t

__all__ = ["GameTable"]

_STYLE = """
<style>
.hearts-app { max-width: 1000px; font-family: 'DejaVu Sans', Arial, sans-serif; }
.hearts-app .hw-title { font-size: 1.25em; font-weight: bold; }
.hearts-app .hw-message { min-height: 1.6em; padding: 6px 10px; border-radius: 8px; font-size: 1.05em; }
.hearts-app .hw-message.hw-error { background: #ffebee; color: #8e0000; border: 1px solid #e57373; }
.hearts-app .hw-message.hw-info { background: #eef5ee; color: #1b3d26; }
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
</style>
"""


_OWN_BOTS = "__own__"  # the level menu's entry for the bots given with bots=


class GameTable(W.VBox):  # type: ignore[misc]
    """The table: the SVG board, the message line, the buttons, History and Settings.

    Keyword options are those of :class:`~hearts_widgets.table_model.TableModel`
    plus ``delay`` (milliseconds between the bots' cards in the browser; 0 = none).
    """

    def __init__(
        self,
        *,
        number: int | None = None,
        level: str | None = None,
        target_score: int = 100,
        lang: str | None = None,
        data_dir: str | Path | None = None,
        resume: bool = True,
        seed: int | None = None,
        step_bots: bool | None = None,
        humans: Sequence[int] | None = None,
        learn: bool | None = None,
        bots: Bot | Mapping[int, Bot] | None = None,
        delay: int = 450,
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
        )
        self._updating = False
        self._focus = ""  # where the keyboard focus goes after the next drawing
        h = self.model.hand
        self._said = (self.model.game, h.hand_number, len(h.plays), h.hearts_broken)  # narrated up to here
        self.board = SvgTable(delay=delay)
        self.board.on_card(self.click_card)
        self.board.on_refit(lambda: self.board.show(self.svg()))  # a new width: the same position, drawn again
        self.board.add_class("hw-board")

        self.title = W.HTML().add_class("hw-title")
        self.level_box = W.Dropdown(layout=W.Layout(width="auto")).add_class("hw-level")
        self.level_box.observe(self._on_level, names="value")
        self.buttons: dict[str, W.Button] = {}
        for name in ("new", "restart", "day", "pass", "hint", "next", "continue", "ready", "take_over"):
            b = W.Button(layout=W.Layout(width="auto")).add_class(f"hw-btn-{name}").add_class("hw-btn")
            b.on_click(lambda _b, name=name: self.press(name))
            self.buttons[name] = b
        self.buttons["pass"].button_style = "primary"
        self.buttons["next"].button_style = "success"
        self.buttons["hint"].button_style = "info"
        self.buttons["ready"].button_style = "warning"
        self.buttons["take_over"].button_style = "warning"
        self.deal_box = W.Text(layout=W.Layout(width="12em")).add_class("hw-deal-box")
        self.deal_box.continuous_update = False
        self.deal_go = W.Button(layout=W.Layout(width="auto")).add_class("hw-btn-play-deal").add_class("hw-btn")
        self.deal_go.on_click(lambda _b: self.play_deal(self.deal_box.value))
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
        # Who plays each seat: a person (pass-and-play on this screen) or a bot.
        self.people_label = W.HTML().add_class("hw-people-label")
        self.people = [
            W.ToggleButton(layout=W.Layout(width="auto")).add_class(f"hw-person-{s}").add_class("hw-person")
            for s in range(4)
        ]
        for s, b in enumerate(self.people):
            b.observe(lambda _ch, s=s: self._on_people(s), names="value")
        self.learn = W.Checkbox(indent=False, layout=W.Layout(width="auto")).add_class("hw-set-learn")
        self.notes_again = W.Checkbox(indent=False, layout=W.Layout(width="auto")).add_class("hw-set-notes-again")
        self.coach = W.Checkbox(indent=False, layout=W.Layout(width="auto")).add_class("hw-set-coach")
        for w, name in (
            (self.four_colour, "four_colour"),
            (self.table_colour, "table_colour"),
            (self.card_back, "card_back"),
            (self.lang_box, "lang"),
            (self.step_bots, "step_bots"),
            (self.learn, "learn"),
            (self.notes_again, "notes_again"),
            (self.coach, "coach"),
        ):
            w.observe(lambda ch, name=name: self._on_setting(name, ch["new"]), names="value")
        self.settings_box = W.VBox(
            [
                self.four_colour,
                self.table_colour,
                self.card_back,
                self.lang_box,
                self.step_bots,
                self.learn,
                self.notes_again,
                self.coach,
                self.people_label,
                W.HBox(self.people, layout=W.Layout(flex_flow="row wrap")).add_class("hw-people"),
            ]
        ).add_class("hw-settings")
        self.panels = W.Accordion(
            children=[W.VBox([self.history_html, self.reset_history]), self.settings_box, self.sheet, self.checklist]
        ).add_class("hw-panels")
        self.panels.selected_index = None

        top = W.HBox(
            [self.title, self.level_box, self.buttons["new"], self.buttons["restart"], self.buttons["day"],
             self.deal_box, self.deal_go],
            layout=W.Layout(flex_flow="row wrap", align_items="center"),
        ).add_class("hw-top")
        actions = W.HBox(
            [self.buttons[n] for n in ("take_over", "ready", "pass", "hint", "next", "continue")],
            layout=W.Layout(flex_flow="row wrap"),
        ).add_class("hw-actions")
        super().__init__(
            [W.HTML(_STYLE), top, self.board, self.message, actions, self.learn_notes, self.summary, self.panels],
            layout=W.Layout(max_width="1000px"),
        )
        self.add_class("hearts-app").add_class("hearts-table-app")
        self.refresh()

    # ----- what the controls call ----------------------------------------------

    def click_card(self, code: str) -> None:
        """A card was clicked (the board calls this)."""
        self.model.click_card(code)
        self._focus = self._focus_after_play()
        self.refresh()

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
        h = self.model.hand
        return self.model.settings.step_bots and h.phase is Phase.PLAYING and h.to_play in self.model.bot_seats

    def _on_level(self, change: dict[str, Any]) -> None:
        new = change["new"]
        if not self._updating and new != _OWN_BOTS and (new != self.model.level or self.model.own_bots):
            self.model.set_level(new)
            self.refresh()

    def _on_people(self, seat_: int) -> None:
        if self._updating:
            return
        self.model.set_humans([s for s, b in enumerate(self.people) if b.value])
        self.refresh()

    def _on_setting(self, name: str, value: Any) -> None:
        current = self.model.learning if name == "learn" else getattr(self.model.settings, name)
        if not self._updating and current != value:
            self.model.set_setting(name, value)
            self.refresh()

    # ----- drawing ---------------------------------------------------------------

    def svg(self, state: HandState | None = None) -> str:
        """The table drawing of the current position (or of ``state``, one of the bots' frames)."""
        subject, options = self.model.drawing(state)
        return table_svg(subject, **options, fit=self.board.fit_px)  # the board's size is the view's to know

    def refresh(self) -> None:
        """Redraw everything from the model."""
        m = self.model
        lang = m.lang
        self._updating = True
        try:
            frames = [self.svg(f) for f in m.frames]
            flash = [c.code for c in _cards(m.received_flash)]
            self.title.value = html.escape(t("ui.title.table", lang, number=m.number))
            opts = [(level_label(x, lang), x) for x in levels.available_levels()]
            if m.own_bots:  # bots given to the table come first, until a level is chosen
                opts.insert(0, (m.opponents_label, _OWN_BOTS))
            if list(self.level_box.options) != opts:
                self.level_box.options = opts
            self.level_box.value = _OWN_BOTS if m.own_bots else m.level
            self.level_box.description = t("ui.label.level", lang)
            for name, b in self.buttons.items():
                b.description = t(f"ui.button.{name}", lang)
            self.deal_box.placeholder = t("ui.label.deal", lang)
            self.deal_go.description = t("ui.button.play_deal", lang)
            self._show_buttons()
            msg = m.message
            if msg is None or not msg.text:
                self.message.value = '<div class="hw-message hw-info">&nbsp;</div>'
            else:
                self.message.value = f'<div class="hw-message hw-{msg.kind}">{html.escape(msg.text)}</div>'
            self.summary.value = self._summary_html()
            self.sheet.value = self._sheet_html()
            self._history()
            self._settings()
            self.panels.set_title(0, t("ui.label.history", lang))
            self.panels.set_title(1, t("ui.label.settings", lang))
            self.panels.set_title(2, t("ui.label.sheet", lang))
            met, total = len(m.lesson.met), len(RULES)
            self.panels.set_title(3, t("learn.checklist.title", lang, met=met, total=total))
            self.learn_notes.value = self._notes_html()
            self.checklist.value = self._checklist_html()
            # The board last: a new board drawing tells the browser (and browser tests) that
            # everything else of this refresh, the message line included, has arrived.
            focus, self._focus = self._focus, ""
            self.board.show(self.svg(), frames, flash, announce=self.speech(), focus=focus)
        finally:
            self._updating = False

    def _notes_html(self) -> str:
        """Learn mode's notes since the learner's last action (nothing when learn mode is off)."""
        lang = self.model.lang
        out = []
        for kind, rule, text in self.model.notes:
            label = t("learn.rule_label" if kind == "rule" else f"learn.label.{kind}", lang)
            data = f' data-rule="{rule}"' if rule else ""
            out.append(
                f'<div class="hw-note hw-note-{kind}" data-kind="{kind}"{data}><b>{html.escape(label)}</b> '
                f"{html.escape(text)}</div>"
            )
        return f'<div class="hw-learn">{"".join(out)}</div>' if out else ""

    def _checklist_html(self) -> str:
        """Every rule with a note, ticked once the learner has met it."""
        m = self.model
        lang = m.lang
        met = set(m.lesson.met)
        items = []
        for r in RULES:
            where = ""
            if r not in met and r in SCENES:  # rare in play: the walkthrough has a scene for it
                scene = t("learn.checklist.scene", lang, scene=t(f"learn.chapter.{SCENES[r]}", lang))
                where = f' <span class="hw-checklist-scene">{html.escape(scene)}</span>'
            items.append(
                f'<li data-rule="{r}" data-met="{str(r in met).lower()}">{"✓" if r in met else "○"} '
                f"{html.escape(rule_title(r, lang))}{where}</li>"
            )
        count = t("learn.checklist.count", lang, met=len(met), total=len(RULES))
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
        for kind, _rule, note in m.notes:  # learn mode's notes, with the label they are shown with
            words.append(t("learn.rule_label" if kind == "rule" else f"learn.label.{kind}", m.lang) + " " + note)
        return " ".join(words)

    def _show_buttons(self) -> None:
        m = self.model
        h = m.hand
        mine = not m.displaced  # a game open at another table offers only Continue here and the new-game buttons
        show = {
            "take_over": m.displaced,
            "ready": m.covered and mine,
            "pass": h.phase is Phase.PASSING and h.passes[m.seat] is None and not m.covered and mine,
            "hint": m.can_hint and mine,
            "next": h.is_over and not m.game.is_over and mine,
            "continue": self._continue_shown() and mine,
        }
        for name, visible in show.items():
            self.buttons[name].layout.display = None if visible else "none"

    def _summary_html(self) -> str:
        m = self.model
        s = m.summary()
        if s is None or not s["game_over"]:
            return ""
        lang = m.lang
        winners = ", ".join(seat(w, lang) for w in s["winners"])
        key = "ui.summary.shared" if s["shared"] else "ui.summary.winner"
        rows = "".join(
            f"<tr><td>{html.escape(seat(p, lang))}</td><td>{s['totals'][p]}</td></tr>" for p in range(4)
        )
        again = t("ui.summary.again", lang, new=t("ui.button.new", lang), restart=t("ui.button.restart", lang))
        return (
            f'<div class="hw-summary hw-game-over"><b>{html.escape(t("ui.summary.game_over", lang))}</b> '
            f"{html.escape(t(key, lang, winners=winners))}"
            f'<table class="hw-sheet">{rows}</table>'
            f"{html.escape(again)}</div>"
        )

    def _sheet_html(self) -> str:
        m = self.model
        lang = m.lang
        head = "".join(f"<th>{html.escape(seat(p, lang))}</th>" for p in range(4))
        rows = []
        for h in m.game.hands:
            if not h.is_over:
                continue
            cells = "".join(f"<td>{x}</td>" for x in h.result().scores)
            rows.append(f"<tr><th>{html.escape(t('ui.sheet.hand', lang, hand=h.hand_number))}</th>{cells}</tr>")
        totals = "".join(f"<td>{x}</td>" for x in m.game.scores)
        return (
            f'<table class="hw-sheet"><tr><th></th>{head}</tr>{"".join(rows)}'
            f'<tr class="hw-total"><th>{html.escape(t("ui.sheet.total", lang))}</th>{totals}</tr></table>'
        )

    def _history(self) -> None:
        m = self.model
        lang = m.lang
        self.reset_history.description = t("ui.button.reset_history", lang)
        if m.history is None:
            self.history_html.value = f'<div class="hw-message hw-error">{html.escape(m.history_error or "")}</div>'
            self.reset_history.layout.display = None
            return
        self.reset_history.layout.display = "none"
        st = m.history.stats()
        best = "–" if st.best_final is None else str(st.best_final)
        rows = [
            ("ui.history.played", st.played),
            ("ui.history.won", st.won),
            ("ui.history.win_percent", f"{st.win_percent:g}%"),
            ("ui.history.best", best),
            ("ui.history.streak", st.current_streak),
            ("ui.history.longest", st.longest_streak),
        ]
        body = "".join(f"<tr><td>{html.escape(t(k, lang))}</td><td><b>{v}</b></td></tr>" for k, v in rows)
        self.history_html.value = f'<table class="hw-stats">{body}</table>'

    def _settings(self) -> None:
        m = self.model
        s = m.settings
        lang = m.lang
        self.four_colour.description = t("ui.label.four_colour", lang)
        self.four_colour.value = s.four_colour
        self.table_colour.description = t("ui.label.table_colour", lang)
        self.table_colour.options = [(t(f"ui.colour.{c}", lang), c) for c in store.TABLE_COLOURS]
        self.table_colour.value = s.table_colour
        self.card_back.description = t("ui.label.card_back", lang)
        self.card_back.options = [(t(f"ui.colour.{c}", lang), c) for c in store.CARD_BACKS]
        self.card_back.value = s.card_back
        self.lang_box.description = t("ui.label.lang", lang)
        self.lang_box.options = [(t("ui.lang.en", lang), "en"), (t("ui.lang.es", lang), "es")]
        self.lang_box.value = s.lang
        self.step_bots.description = t("ui.label.step_bots", lang)
        self.step_bots.value = s.step_bots
        self.people_label.value = html.escape(t("ui.label.people", lang))
        for p, b in enumerate(self.people):
            b.description = seat(p, lang)
            b.value = p in m.humans
            b.icon = "user" if b.value else "robot"
            b.tooltip = t("ui.label.person" if b.value else "ui.label.bot", lang, seat=seat(p, lang))
        for box, name in ((self.learn, "learn"), (self.notes_again, "notes_again"), (self.coach, "coach")):
            box.description = t(f"ui.label.{name}", lang)
        self.learn.value = m.learning
        self.notes_again.value = s.notes_again
        self.coach.value = s.coach


def _cards(mask: int) -> list[Any]:
    from hearts.cards import CardSet

    return list(CardSet(mask))
