"""Cards, hands, tricks and the whole table drawn as SVG, for 3 to 10 seats.

Pure functions that return SVG text; nothing here changes a game, and the engine never imports this
package at import time: the core types import it lazily for their notebook display
(``Card._repr_svg_``, ``CardSet._repr_html_``, ``Trick._repr_html_``, ``HandState._repr_html_``), and the
widgets draw their table with :func:`table_svg`. :mod:`hearts.display` is the same API under its old name.

The modules, from the bottom up:

- :mod:`~hearts.drawing.base`: colours, fonts, text, the checks of options shared by every drawing;
- :mod:`~hearts.drawing.cards`: one card (face, back and marks), a hand (:func:`card_svg`, :func:`hand_svg`);
- :mod:`~hearts.drawing.layout`: where the seats, their hands and the trick's cards go around a table of
  3 to 10 seats, and where the pass arrows run (geometry only, no cards);
- :mod:`~hearts.drawing.trick`: the cards in the middle (:func:`trick_svg`);
- :mod:`~hearts.drawing.view`: what a seat sees of a state, and the options that mark cards;
- :mod:`~hearts.drawing.plates`: name plates, the message line, the pass arrow, the viewer's hand;
- :mod:`~hearts.drawing.scores`: the score sheet at the end of a hand;
- :mod:`~hearts.drawing.full` and :mod:`~hearts.drawing.compact`: the table full size, and for a small screen;
- :mod:`~hearts.drawing.table`: :func:`table_svg`, which picks one of the two.

Every card is a ``<g class="card ...">`` element with data attributes that the widget's script and the
tests read: ``data-card`` (the code, e.g. ``"QS"``; face-up cards only), ``data-seat``, ``data-legal`` and
``data-dimmed``, and a ``<title>`` with the card's name; where a deck holds two copies of each card
(Cancellation Hearts), a card of which a hand or a trick holds both copies says which it is in ``data-copy``
(``"1"`` or ``"2"``), and a single card leaves it out. A face-down card carries no trace of which card it is.
The output is deterministic (no random ids, no ``id`` attributes at all, so several drawings can share one
page) and uses no external fonts or images.

>>> from hearts import Card, CardSet
>>> svg = card_svg(Card.parse("QS"))
>>> svg.startswith("<svg") and 'data-card="QS"' in svg
True
>>> 'data-card="2C"' in hand_svg(CardSet.parse("2C 10H"), dimmed="10H")
True
"""

from __future__ import annotations

from hearts.drawing.base import BACKS, TABLE_COLORS, CardsLike, DisplayError, suit_color
from hearts.drawing.cards import card_svg, hand_svg
from hearts.drawing.compact import COMPACT_BELOW, LANDSCAPE, TAP, is_landscape
from hearts.drawing.table import table_svg
from hearts.drawing.trick import trick_svg

__all__ = [
    "BACKS",
    "COMPACT_BELOW",
    "LANDSCAPE",
    "is_landscape",
    "TAP",
    "TABLE_COLORS",
    "DisplayError",
    "CardsLike",
    "suit_color",
    "card_svg",
    "hand_svg",
    "trick_svg",
    "table_svg",
]
