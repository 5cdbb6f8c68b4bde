"""The table's panels, from its model alone: the score sheet, the game-over summary, the rules checklist, History
and the Settings' fields. One place for the Jupyter table (:class:`~hearts_widgets.table.GameTable`, ipywidgets)
and the static site's page (:class:`~hearts_widgets.site_table.SiteTable`, no Jupyter), so both show the same.

>>> import tempfile
>>> from hearts_widgets.table_model import TableModel
>>> m = TableModel(number=3, level="random", data_dir=tempfile.mkdtemp())
>>> sheet_html(m).startswith('<table class="hw-sheet">')
True
>>> checklist_title(m)
'Rules met: 0 of 18'
>>> [f.name for f in settings_fields(m)][:4]
['rules', 'target_score', 'speed', 'trick_pause']
>>> settings_fields(m)[0].options[:2]
[('standard', 'Standard (4 players)'), ('omnibus', 'Omnibus (J♦ −10)')]
"""

from __future__ import annotations

import dataclasses
import html
from typing import TYPE_CHECKING, Any

from hearts.cards import CardSet
from hearts.messages import seat_name, text, text_n
from hearts.rules import Rules

from . import store
from .rule_notes import SCENES, checklist, rule_title
from .text import cards_label
from .variants import PRESETS, preset_label, rules_words

if TYPE_CHECKING:
    from .table_model import TableModel

__all__ = [
    "SETTING_NAMES",
    "Field",
    "checklist_html",
    "checklist_title",
    "history_html",
    "settings_fields",
    "sheet_html",
    "sheet_note",
    "summary_html",
]

SETTING_NAMES = ("rules", "target_score", "speed", "trick_pause", "step_bots", "lang", "four_colour", "table_colour",
                 "card_back", "sound", "learn", "notes_again", "coach")  # fmt: skip
"""The settings both tables offer, in the order the page shows them (:meth:`TableModel.set_setting` names)."""


@dataclasses.dataclass(frozen=True)
class Field:
    """One setting as a control shows it: its name, label, kind (``"select"`` or ``"check"``), its choices
    (value, label) for a select, and its value now. ``note``: a line under it (the rules on the table)."""

    name: str
    label: str
    kind: str
    value: Any
    options: list[tuple[Any, str]] = dataclasses.field(default_factory=list)
    note: str = ""

    def as_json(self) -> dict[str, Any]:
        """The field as plain data (for the static page)."""
        return {"name": self.name, "label": self.label, "kind": self.kind, "value": self.value,
                "options": [list(o) for o in self.options], "note": self.note}  # fmt: skip


def settings_fields(m: TableModel) -> list[Field]:
    """Every setting of :data:`SETTING_NAMES`: label, choices and value, in the table's language. The rules menu
    lists the presets (and, first, the table's own rules when they are none of them); changing it asks first
    when a game is in progress (:meth:`TableModel.set_rules`)."""
    s = m.settings
    lang = m.lang

    def label(name: str) -> str:
        return text(f"ui.label.{name}", lang)

    rules = [(x, preset_label(x, lang)) for x in PRESETS]
    if m.rules_preset is None:  # rules given to this table that are no preset
        rules.insert(0, ("", text("ui.rules.preset.custom", lang, rules=rules_words(m.rules, lang))))
    now = text("ui.rules.now", lang, rules=rules_words(m.rules, lang))
    selects: dict[str, tuple[Any, list[tuple[Any, str]]]] = {
        "rules": (m.rules_preset or "", rules),
        "target_score": (s.target_score, [(x, text(f"ui.target.{x}", lang)) for x in store.TARGETS]),
        "speed": (s.speed, [(x, text(f"ui.speed.{x}", lang)) for x in store.SPEEDS]),
        "trick_pause": (s.trick_pause, [(x, text(f"ui.pause.{x}", lang)) for x in store.TRICK_PAUSES]),
        "lang": (s.lang, [(x, text(f"ui.lang.{x}", lang)) for x in ("en", "es")]),
        "table_colour": (s.table_colour, [(c, text(f"ui.colour.{c}", lang)) for c in store.TABLE_COLOURS]),
        "card_back": (s.card_back, [(c, text(f"ui.colour.{c}", lang)) for c in store.CARD_BACKS]),
    }
    checks = {
        "step_bots": s.step_bots, "four_colour": s.four_colour, "sound": s.sound, "learn": m.learning,
        "notes_again": s.notes_again, "coach": s.coach,
    }  # fmt: skip
    out = []
    for name in SETTING_NAMES:
        if name in selects:
            value, options = selects[name]
            out.append(Field(name, label(name), "select", value, options, now if name == "rules" else ""))
        else:
            out.append(Field(name, label(name), "check", bool(checks[name])))
    return out


def summary_html(m: TableModel) -> str:
    """The game-over box (who won, the final totals); empty while the game goes on."""
    s = m.summary()
    if s is None or not s["game_over"]:
        return ""
    lang = m.lang
    n = m.rules.num_players
    winners = ", ".join(seat_name(w, lang, n) for w in s["winners"])
    key = "ui.summary.shared" if s["shared"] else "ui.summary.winner"
    rows = "".join(f"<tr><td>{html.escape(seat_name(p, lang, n))}</td><td>{s['totals'][p]}</td></tr>" for p in range(n))
    again = text("ui.summary.again", lang, new=text("ui.button.new", lang), restart=text("ui.button.restart", lang))
    return (
        f'<div class="hw-summary hw-game-over"><b>{html.escape(text("ui.summary.game_over", lang))}</b> '
        f"{html.escape(text(key, lang, winners=winners))}"
        f'<table class="hw-sheet">{rows}</table>'
        f"{html.escape(again)}</div>"
    )


def sheet_html(m: TableModel) -> str:
    """The score sheet: every hand, your pass (given, to whom; received, from whom), each seat's score and
    running total (nothing of anyone's pass while the screen is covered for the next person)."""
    lang = m.lang
    e = html.escape
    n = m.game.rules.num_players
    head = "".join(f'<th scope="col">{e(seat_name(p, lang, n))}</th>' for p in range(n))
    rows = []
    running = [0] * n
    me = m.seat
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
                mark = f" {e(text('ui.sheet.moon', lang))}" if moon and p == r.shooter else ""
                cls = ' class="hw-moon"' if moon else ""
                cells.append(f"<td{cls}>{r.scores[p]:+d}{mark}<br><small>{running[p]}</small></td>")
            body = "".join(cells)
        else:
            body = "".join(
                f"<td>{h.points[p]}<br><small>{e(text('ui.sheet.playing', lang))}</small></td>" for p in range(n)
            )
        rows.append(
            f'<tr data-hand="{h.hand_number}"><th scope="row">{e(text("ui.sheet.hand", lang, hand=h.hand_number))}'
            f'</th><td class="hw-pass">{passing}</td>{body}</tr>'
        )
    totals = "".join(f"<td>{x}</td>" for x in m.game.scores)
    return (
        f'<table class="hw-sheet"><tr><th></th>'
        f'<th class="hw-pass" scope="col">{e(text("ui.sheet.passing", lang))}</th>{head}</tr>'
        f'{"".join(rows)}<tr class="hw-total"><th scope="row">{e(text("ui.sheet.total", lang))}</th><td></td>'
        f'{totals}</tr></table><div class="hw-sheet-note">{e(sheet_note(m.game.rules, lang))}</div>'
    )


def sheet_note(rules: Rules, lang: str) -> str:
    """The score sheet's note: how to read a cell, and how a moon (☾) scores under ``rules``.

    >>> sheet_note(Rules(moon="subtract"), "en").endswith("takes 26 off their total and the others score 0.")
    True
    """
    way = {"add": "", "subtract": ".subtract", "choice": ".choice"}[rules.moon.value]
    note = text(f"ui.sheet.note{way}", lang, points=rules.moon_points)
    return f"{note} {text('ui.sheet.jack', lang)}" if rules.jack_of_diamonds else note


def checklist_title(m: TableModel) -> str:
    """The checklist panel's title: how many of the rules on the table the learner has met."""
    rules = checklist(m.rules)  # a two-pack table adds the rules only Cancellation Hearts has
    met = len([r for r in m.lesson.met if r in rules])
    return text("learn.checklist.title", m.lang, met=met, total=len(rules))


def checklist_html(m: TableModel) -> str:
    """Every rule with a note, ticked once the learner has met it (a rare one names its walkthrough scene)."""
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
    return f'<div class="hw-checklist-count">{html.escape(count)}</div><ul class="hw-checklist">{"".join(items)}</ul>'


def history_html(m: TableModel) -> str:
    """History: games played and won, streaks, under this table's rules; all games under any rules; the games
    moved to archive files. When History cannot be read, why (in an error line)."""
    lang = m.lang
    if m.history is None:
        return f'<div class="hw-message hw-error">{html.escape(m.history_error or "")}</div>'
    st = m.history.stats(m.rules)
    everything = m.history.stats()
    rows = [
        ("ui.history.played", st.played),
        ("ui.history.won", st.won),
        ("ui.history.win_percent", f"{st.win_percent:g}%"),
        ("ui.history.best", "–" if st.best_final is None else str(st.best_final)),
        ("ui.history.streak", st.current_streak),
        ("ui.history.longest", st.longest_streak),
    ]
    body = "".join(f"<tr><td>{html.escape(text(k, lang))}</td><td><b>{v}</b></td></tr>" for k, v in rows)
    said = text("ui.history.variant", lang, rules=rules_words(m.rules, lang), played=everything.played,
                won=everything.won)  # fmt: skip
    note = f'<div class="hw-sheet-note hw-history-variant">{html.escape(said)}</div>'
    a = m.history.archived
    if a.files:  # the oldest games, moved out to keep history.json readable: still counted, still the learner's
        said = text_n("ui.history.archived", a.played, lang, count=a.played, files=", ".join(a.files))
        note += f'<div class="hw-sheet-note">{html.escape(said)}</div>'
    return f'<table class="hw-stats">{body}</table>{note}'
