"""What a screen reader hears at the table: the cards played, who took each trick, hearts breaking.

The board's live region says these words after each action, with the message
line. Everything here is what every player at the table has seen: played
cards and finished tricks, never a card still in a hand.

>>> from hearts import Deal, HandState, PassDirection
>>> h = HandState(Deal.from_number(3), pass_direction=PassDirection.NONE)
>>> for _ in range(5):
...     h.play(h.legal_moves_for(h.to_play).codes()[0], seat=h.to_play)
>>> print("\\n".join(narrate(h, 0, "en", learner=0)))
You play 2♣.
West plays 7♣.
North plays 3♣.
East plays 5♣.
West took trick 1 with 7♣: no points in it.
West plays 8♣.
"""

from __future__ import annotations

from typing import Any

from hearts.explain import fact_words, trick_taken
from hearts.hand import HandState
from hearts.messages import seat_name, text

from .text import card_label

__all__ = ["narrate", "said_from", "table_speech"]


def narrate(h: HandState, since: int, lang: str, *, learner: int, hearts_were_broken: bool = True) -> list[str]:
    """Sentences for the plays of ``h`` after its first ``since`` (the learner's own said as "you").

    ``hearts_were_broken``: whether hearts were broken after those ``since`` plays; if they were not
    and are now, the words end by saying so (the engine's flag decides, not a rule repeated here).
    """
    plays = h.plays
    n = h.n
    out: list[str] = []
    for i in range(max(0, since), len(plays)):
        s, c = plays[i]
        key = "learn.caption.you_play" if s == learner else "learn.caption.plays"
        out.append(text(key, lang, seat=seat_name(s, lang, n), card=card_label(c)))
        if (i + 1) % n == 0 and (i + 1) // n <= len(h.tricks):
            # Who took the trick, in the words of learn mode, the walkthrough and the hint (hearts.explain).
            out.append(fact_words(trick_taken(h.tricks[(i + 1) // n - 1]), lang, num_players=n, seat=learner))
    if h.hearts_broken and not hearts_were_broken:
        out.append(text("display.hearts_broken", lang) + ".")
    return out


Said = tuple[Any, int, int, bool]
"""How far a table's words have gone: (the game, the hand's number, cards narrated, hearts broken then)."""


def said_from(m: Any) -> Said:
    """The point the words of table model ``m`` have reached once everything played so far is said."""
    h = m.hand
    return (m.game, h.hand_number, len(h.plays), h.hearts_broken)


def table_speech(m: Any, said: Said, *, notes: bool = False) -> tuple[str, Said]:
    """What the screen reader says after an action at table model ``m``: the cards played since ``said`` (who
    took each trick, hearts breaking), then the message line, then (with ``notes``) learn mode's notes with
    their labels; and the point the words have now reached. In the table's language."""
    h = m.hand
    game, hand_number, since, broken = said
    if game is not m.game or hand_number != h.hand_number:
        since, broken = 0, False
    words = narrate(h, since, m.lang, learner=m.seat, hearts_were_broken=broken)
    if m.message is not None and m.message.text:
        words.append(m.message.text)
        words.extend(m.message.items)
    if notes:
        for kind, _rule, note in m.notes:  # learn mode's notes, with the label they are shown with
            words.append(text("learn.rule_label" if kind == "rule" else f"learn.label.{kind}", m.lang) + " " + note)
    return " ".join(words), said_from(m)
