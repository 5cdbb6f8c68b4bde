"""Learner-facing text for the widgets, from the one message catalogue.

The widgets' sentences live in ``hearts/locale/widgets.<lang>.json`` and are
read through :func:`hearts.messages.text`, like every other message.

>>> t("ui.button.hint", "es")
'Pista'
>>> t_n("learn.caption.you_win_points", 1, "en", points=1)
'You win the trick and take 1 point.'
>>> seat(1, "es")
'Oeste'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hearts.cards import Card
from hearts.messages import catalogue, seat_name, text, text_n

if TYPE_CHECKING:
    from hearts.game import Game

__all__ = ["card_label", "cards_label", "game_over_text", "level_label", "seat", "t", "t_n"]


t = text
"""The catalogue message ``key`` in ``lang``: :func:`hearts.messages.text` under the widgets' short name."""
t_n = text_n
"""The message in the form for a count: :func:`hearts.messages.text_n` under the widgets' short name."""
seat = seat_name
"""South, West, North, East (or their Spanish names): :func:`hearts.messages.seat_name`."""


def card_label(c: int) -> str:
    """``'Q♠'``: cards are shown by symbol in both languages."""
    return str(Card(c))


def cards_label(cards: Any) -> str:
    """``'K♣, J♥ and 8♣'`` style list (the joining word is language-neutral: a comma)."""
    return ", ".join(str(Card(int(c))) for c in cards)


def game_over_text(g: Game, lang: str) -> str:
    """'Game over. Winner: …' or 'Game over. Shared win: …'."""
    w = g.winners
    key = "ui.summary.shared" if len(w) > 1 else "ui.summary.winner"
    names = ", ".join(seat(s, lang) for s in w)
    return t("ui.summary.game_over", lang) + " " + t(key, lang, winners=names)


def level_label(level: str, lang: str) -> str:
    """A bot level's name for people (``ui.level.<name>``), or the level's own name if the catalogue has none."""
    key = f"ui.level.{level}"
    return text(key, lang) if key in catalogue(lang) else level
