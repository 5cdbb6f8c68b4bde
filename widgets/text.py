"""What the widgets show of cards, levels and a finished game, worded from the one message catalogue.

Every sentence lives in ``hearts/locale/*.<lang>.json`` and is read with
:func:`hearts.messages.text` (and ``text_n``, ``seat_name``), which the widgets
import from :mod:`hearts.messages` directly; this module only adds the few
labels that are put together from several messages or from a card.

>>> cards_label([36, 9])
'Q♠, J♣'
>>> level_label("master", "es")
'Bots maestros'
>>> level_label("my_bot", "en")
'my_bot'
>>> tip_label("pass_high_spades+void_short_suit", "en")
'pass high spades you cannot guard + void a short suit by passing it'
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from hearts.bots.tips import TipError, tip_title
from hearts.cards import Card
from hearts.messages import catalogue, seat_name, text

if TYPE_CHECKING:
    from hearts.game import Game

__all__ = ["card_label", "cards_label", "game_over_text", "level_label", "tip_label"]


def card_label(c: int) -> str:
    """``'Q♠'``: cards are shown by symbol in both languages."""
    return str(Card(c))


def cards_label(cards: Any) -> str:
    """``'K♣, J♥, 8♣'``: cards by symbol, joined by commas (the same in every language)."""
    return ", ".join(str(Card(int(c))) for c in cards)


def game_over_text(g: Game, lang: str) -> str:
    """'Game over. Winner: …' or 'Game over. Shared win: …'."""
    w = g.winners
    key = "ui.summary.shared" if len(w) > 1 else "ui.summary.winner"
    names = ", ".join(seat_name(s, lang, g.rules.num_players) for s in w)
    return text("ui.summary.game_over", lang) + " " + text(key, lang, winners=names)


def level_label(level: str, lang: str) -> str:
    """A bot level's name for people (``ui.level.<name>``), or the level's own name if the catalogue has none."""
    key = f"ui.level.{level}"
    return text(key, lang) if key in catalogue(lang) else level


def tip_label(tip: str, lang: str) -> str:
    """The tip (or tips, joined by ``+``: a pass can follow several) that chose a card, by their titles
    (:func:`hearts.bots.tips.tip_title`); a name that is no tip is shown as it is."""
    titles = []
    for name in tip.split("+"):
        try:
            titles.append(tip_title(name, lang))
        except TipError:
            titles.append(name)
    return " + ".join(titles)


def notes_html(notes: Any, lang: str) -> str:
    """Learn mode's notes (``(kind, rule, note)`` triples, as a table model keeps them) as the HTML both the
    Jupyter table and the static page show under the board; ``""`` when there are none.

    >>> notes_html([("rule", "follow_suit", "Follow suit.")], "en").startswith('<div class="hw-learn">')
    True
    >>> notes_html([], "en")
    ''
    """
    out = []
    for kind, rule, note in notes:
        label = text("learn.rule_label" if kind == "rule" else f"learn.label.{kind}", lang)
        data = f' data-rule="{rule}"' if rule else ""
        out.append(
            f'<div class="hw-note hw-note-{kind}" data-kind="{kind}"{data}><b>{html.escape(label)}</b> '
            f"{html.escape(note)}</div>"
        )
    return f'<div class="hw-learn">{"".join(out)}</div>' if out else ""

