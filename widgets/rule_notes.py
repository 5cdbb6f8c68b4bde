"""When does a rule matter? The engine-event detectors behind every rule note.

The scripted walkthrough (:mod:`hearts_widgets.walkthrough_model`) and learn
mode at the table (:mod:`hearts_widgets.learn_model`) both teach with a note
the first time each rule matters. Neither decides that by itself: each
action is played through the engine, and the detectors here look at the
hand before and after it (an :class:`Event`). A detector that fires returns
the values its note needs; :func:`note_text` puts them into words from the
message catalogue (``learn.note.<rule>``), so the text names exactly what
the engine did.

>>> from hearts import Deal, Game
>>> g = Game(3)
>>> h = g.hand
>>> for s in range(4):
...     h.pass_cards(s, list(h.hand_of(s))[:3])
>>> before = h.copy()
>>> lead = h.legal_moves.lowest()
>>> h.play(lead)
>>> e = Event(before, h.copy(), Move("play", before.to_play, lead), g)
>>> [rule for rule, _ in fired(e)]
['lead_lowest_club']
>>> note_text("lead_lowest_club", fired(e)[0][1], "en").endswith(
...     "whoever has 2♣, the lowest club in the deck, leads first.")
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from hearts.cards import JACK_OF_DIAMONDS, PENALTY_MASK, QUEEN_OF_SPADES, SOUTH, Card, CardSet
from hearts.explain import Fact, fact_words
from hearts.game import Game
from hearts.hand import HandState
from hearts.messages import seat_name, text
from hearts.rules import MoonScoring, Rules, cancel_trick

from .text import card_label, cards_label

__all__ = [
    "DETECTORS",
    "LEARNER",
    "RULES",
    "SCENES",
    "ALL_RULES",
    "TWO_PACK_RULES",
    "checklist",
    "Detector",
    "Event",
    "Move",
    "fired",
    "localize",
    "note_key",
    "note_text",
    "rule_title",
]

_TWO_OF_CLUBS = Card.parse("2C")

LEARNER = SOUTH
"""The learner's seat (South) in the walkthrough and at the table."""

Values = dict[str, tuple[str, Any]]
"""A note's values, typed so they can be put into any language: ``{"seat": ("seat", 2), "card": ("card", c)}``.
A fact about the trick or the players is a :class:`~hearts.explain.Fact` (``("fact", Fact("void", seat=2,
suit=0))``), said in the hint's words (:func:`hearts.explain.fact_words`), so learn mode, the walkthrough, the
review and the hint say the same thing the same way."""


@dataclasses.dataclass(frozen=True)
class Move:
    """One action as the detectors see it.

    ``kind`` is ``"deal"`` (a new hand is dealt: ``before`` and ``after`` are the same), ``"pass"`` (every
    seat's three cards have just been exchanged), ``"play"`` (``seat`` played ``card``) or ``"moon"`` (``seat``,
    the shooter, chose how its moon scores: the hand is scored). In an ``ahead``
    event the learner has not chosen yet and ``card`` may be ``None``.
    """

    kind: str
    seat: int = -1
    card: Card | None = None


@dataclasses.dataclass(frozen=True)
class Event:
    """One action seen by the detectors: the hand before and after, and the game after.

    ``ahead`` is true for the learner's coming card, seen while the learner chooses it.
    """

    before: HandState
    after: HandState
    act: Move
    game: Game
    ahead: bool = False


@dataclasses.dataclass(frozen=True)
class Detector:
    """A rule note: ``fires(event)`` returns the note's values when the rule matters, else ``None``.

    A detector with ``ahead`` also sees the learner's coming card (``event.ahead``), so its note can
    show while the learner decides.
    """

    rule: str
    fires: Callable[[Event], Values | None]
    ahead: bool = False


def _is_play(e: Event) -> bool:
    return e.act.kind == "play"


def _suit(c: Card | None) -> int:
    return -1 if c is None else c // 13


def _trick_done(e: Event) -> bool:
    return _is_play(e) and len(e.after.tricks) > len(e.before.tricks)


def _hand_done(e: Event) -> bool:
    return e.after.is_over and not e.before.is_over


def _d_passing(e: Event) -> Values | None:
    if e.act.kind != "pass":
        return None
    h = e.after
    return {
        "direction": ("pass", h.pass_direction.value),
        "to": ("seat", h.pass_target(LEARNER)),
        "source": ("seat", h.pass_source(LEARNER)),
        "got": ("cards", CardSet(h.received[LEARNER] or 0)),
        **_cycle(h),
    }


def _cycle(h: HandState) -> Values:
    """The pass cycle of the hand's rules, for the notes that describe it."""
    cycle = h.rules.pass_cycle
    return {"cycle": ("cycle", tuple(d.value for d in cycle)), "period": ("int", len(cycle))}


def _d_no_pass(e: Event) -> Values | None:
    """A hand dealt with no pass: the fourth hand of the cycle, or rules that never pass."""
    h = e.after
    if e.act.kind == "deal" and h.pass_direction.value == "none":
        return {"hand": ("int", h.hand_number), "size": ("int", h.rules.hand_size), **_cycle(h)}
    return None


def _d_lead_lowest_club(e: Event) -> Values | None:
    if _is_play(e) and e.before.trick_number == 0 and not e.before.trick:
        rules = e.before.rules
        values: Values = {"seat": ("seat", e.act.seat), "card": ("card", e.act.card)}
        if rules.decks == 2:  # every club twice: the dealer's left leads (the note's key says so)
            values["dealer"] = ("seat", e.before.dealer)
            return values
        values["first"] = ("card", rules.first_lead)
        if rules.first_lead != _TWO_OF_CLUBS:  # 2♣ is out of the deck: say which cards are, and why another club leads
            values["removed"] = ("card_list", rules.removed_cards)
        return values
    return None


def _d_follow_suit(e: Event) -> Values | None:
    b = e.before
    if _is_play(e) and b.trick and _suit(e.act.card) == b.led_suit:
        return {"seat": ("seat", e.act.seat), "card": ("card", e.act.card), "suit": ("suit", b.led_suit)}
    return None


def _d_first_trick(e: Event) -> Values | None:
    """No points on trick one: shown while the learner chooses a card to follow to it (the note's advice
    is for that choice), or as the trick ends if the learner led it."""
    b = e.before
    if not _is_play(e) or b.trick_number != 0:
        return None
    if e.act.seat == LEARNER and b.trick:
        return {}
    if not e.ahead and len(b.trick) == b.n - 1:
        return {}
    return None


def _d_first_trick_exception(e: Event) -> Values | None:
    b = e.before
    c = e.act.card
    off_suit = c is not None and c // 13 != b.led_suit
    if _is_play(e) and off_suit and b.trick_number == 0 and b.trick and (1 << c) & PENALTY_MASK:  # type: ignore[operator]
        return {"seat": ("seat", e.act.seat), "card": ("card", c)}
    return None


def _won_by_a_card(e: Event) -> bool:
    """A trick was just taken by its highest card of the suit led (not a trick that waits, nor the last trick
    of Cancellation Hearts taken by its leader because every card of the suit led cancelled)."""
    if not _trick_done(e):
        return False
    tr = e.after.tricks[-1]
    return tr.winner >= 0 and tr.played_by(tr.winner) not in tr.cancelled


def _d_trick_winner(e: Event) -> Values | None:
    if _won_by_a_card(e):
        tr = e.after.tricks[-1]
        best = tr.played_by(tr.winner)
        return {"seat": ("seat", tr.winner), "card": ("card", best), "suit": ("suit", best // 13)}
    return None


def _d_offsuit_never_wins(e: Event) -> Values | None:
    if not _won_by_a_card(e):
        return None
    tr = e.after.tricks[-1]
    best = tr.played_by(tr.winner)
    for c in tr.cards:
        if c // 13 != best // 13 and c.rank > best.rank:
            return {"card": ("card", c), "best": ("card", best), "suit": ("suit", best // 13)}
    return None


def _d_discard(e: Event) -> Values | None:
    b = e.before
    if _is_play(e) and b.trick and _suit(e.act.card) != b.led_suit:
        return {
            "seat": ("seat", e.act.seat), "card": ("card", e.act.card), "suit": ("suit", b.led_suit),
            "void": ("fact", Fact("void", seat=e.act.seat, suit=b.led_suit)),
        }  # fmt: skip
    return None


def _d_queen_played(e: Event) -> Values | None:
    if _is_play(e) and e.act.card == QUEEN_OF_SPADES:
        return {"seat": ("seat", e.act.seat), "breaks": ("flag", e.before.rules.qs_breaks_hearts)}
    return None


def _d_queen_taken(e: Event) -> Values | None:
    a = e.after
    if _trick_done(e) and a.tricks[-1].winner >= 0 and QUEEN_OF_SPADES in a.tricks[-1].cards:
        return {"seat": ("seat", a.tricks[-1].winner), "points": ("int", a.tricks[-1].points)}
    return None


def _d_hearts_broken(e: Event) -> Values | None:
    if _is_play(e) and e.after.hearts_broken and not e.before.hearts_broken:
        return {"seat": ("seat", e.act.seat), "card": ("card", e.act.card)}
    return None


def _d_lead_hearts(e: Event) -> Values | None:
    b = e.before
    if _is_play(e) and not b.trick and _suit(e.act.card) == 3 and b.hearts_broken:
        return {"seat": ("seat", e.act.seat), "card": ("card", e.act.card), "broken": ("fact", Fact("broken"))}
    return None


def _d_lead_only_hearts(e: Event) -> Values | None:
    b = e.before
    if _is_play(e) and not b.trick and _suit(e.act.card) == 3 and not b.hearts_broken:
        return {"seat": ("seat", e.act.seat), "card": ("card", e.act.card)}
    return None


def _d_scoring(e: Event) -> Values | None:
    """The points each seat took and, after a moon, what the moon rule put on the totals instead (the engine's own
    :meth:`~hearts.hand.HandState.result`, so the note says what the scores say)."""
    if _hand_done(e):
        r = e.after.result()
        rules = e.after.rules
        values: Values = {
            "points": ("points", r.points),
            "total": ("int", sum(r.points)),
            "penalty": ("int", rules.moon_points),
            "queen": ("int", rules.card_points(QUEEN_OF_SPADES)),
        }
        if r.shooter is not None:
            values["shooter"] = ("seat", r.shooter)
            values["scores"] = ("points", r.scores)
        elif rules.jack_of_diamonds:
            values["jack"] = ("int", -rules.card_points(JACK_OF_DIAMONDS))
        return values
    return None


def _d_moon(e: Event) -> Values | None:
    """Who shot the moon and what it scored, told by the way the engine scored it (the others' points added, or the
    shooter's taken off), or seat by seat where neither describes it."""
    a = e.after
    if not _hand_done(e):
        return None
    r = a.result()
    s = r.shooter
    if s is None:
        return None
    # Where the shooter chooses, the note says which way this moon was scored (else the choice is empty).
    chosen = r.moon.value if a.rules.moon is MoonScoring.SHOOTERS_CHOICE and r.moon is not None else None
    choice: Values = {"choice": ("moon_choice", (chosen, a.rules.moon_points))}
    others = {p for i, p in enumerate(r.scores) if i != s}
    if r.scores[s] == 0 and len(others) == 1:
        return {"seat": ("seat", s), "points": ("int", others.pop()), **choice}
    if r.scores[s] < 0 and others == {0}:
        return {"seat": ("seat", s), "points": ("int", -r.scores[s]), "way": ("flag", "subtract"), **choice}
    return {"seat": ("seat", s), "scores": ("points", r.scores), "way": ("flag", "scores"), **choice}


def _d_game_end(e: Event) -> Values | None:
    if _hand_done(e) and e.game.is_over:
        totals = e.game.scores
        top = max(range(len(totals)), key=lambda s: totals[s])
        return {"seat": ("seat", top), "total": ("int", totals[top]), "target": ("int", e.game.rules.target_score)}
    return None


def _d_shared_win(e: Event) -> Values | None:
    if _hand_done(e) and e.game.is_over and len(e.game.winners) > 1:
        w = e.game.winners
        return {"seats": ("seats", tuple(w)), "total": ("int", e.game.scores[w[0]])}
    return None


def _d_cancel_pair(e: Event) -> Values | None:
    """Cancellation Hearts: a card lands on its twin in the same trick (both cancel: neither can win)."""
    b = e.before
    c = e.act.card
    if not _is_play(e) or c is None or b.rules.decks != 2 or c not in b.trick:
        return None
    first = (b.leader + b.trick.index(c)) % b.n
    trick = [int(x) for x in b.trick] + [int(c)]
    index = cancel_trick(trick)[0]
    values: Values = {"seat": ("seat", e.act.seat), "card": ("card", c), "other": ("seat", first)}
    if index >= 0:
        values["best"] = ("card", Card(trick[index]))
    return values


def _d_trick_waits(e: Event) -> Values | None:
    """Cancellation Hearts: every card of the suit led cancelled, so nobody takes the trick yet."""
    if not _trick_done(e) or e.after.tricks[-1].winner >= 0:
        return None
    tr = e.after.tricks[-1]
    pile = CardSet(getattr(e.after, "pile", 0))
    waiting = len(getattr(e.after, "pile_tricks", ()))
    return {
        "seat": ("seat", tr.leader), "suit": ("suit", tr.cards[0] // 13),
        "points": ("int", e.after.rules.points_of(pile.mask)), "tricks": ("int", waiting),
    }  # fmt: skip


def _d_widow_taken(e: Event) -> Values | None:
    """Cancellation Hearts: the first trick's winner takes the widow, which everyone now sees."""
    if not _trick_done(e) or not e.after.tricks[-1].widow:
        return None
    tr = e.after.tricks[-1]
    widow = CardSet(tr.widow)
    return {
        "seat": ("seat", tr.winner), "cards": ("cards", widow), "count": ("int", len(tr.widow)),
        "points": ("int", e.after.rules.points_of(widow.mask)),
    }  # fmt: skip


DETECTORS: tuple[Detector, ...] = (
    Detector("no_pass", _d_no_pass),
    Detector("passing", _d_passing),
    Detector("lead_lowest_club", _d_lead_lowest_club),
    Detector("follow_suit", _d_follow_suit),
    Detector("first_trick_exception", _d_first_trick_exception),
    Detector("first_trick", _d_first_trick, ahead=True),
    Detector("discard", _d_discard),
    Detector("queen_played", _d_queen_played),
    Detector("hearts_broken", _d_hearts_broken),
    Detector("trick_winner", _d_trick_winner),
    Detector("offsuit_never_wins", _d_offsuit_never_wins),
    Detector("queen_taken", _d_queen_taken),
    Detector("lead_hearts", _d_lead_hearts),
    Detector("lead_only_hearts", _d_lead_only_hearts),
    Detector("scoring", _d_scoring),
    Detector("moon", _d_moon),
    Detector("game_end", _d_game_end),
    Detector("shared_win", _d_shared_win),
    Detector("cancel_pair", _d_cancel_pair),
    Detector("trick_waits", _d_trick_waits),
    Detector("widow_taken", _d_widow_taken),
)
"""Every rule note, in the order they are checked within one action."""

RULES: tuple[str, ...] = (
    "passing",
    "no_pass",
    "lead_lowest_club",
    "follow_suit",
    "discard",
    "first_trick",
    "first_trick_exception",
    "trick_winner",
    "offsuit_never_wins",
    "queen_played",
    "queen_taken",
    "hearts_broken",
    "lead_hearts",
    "lead_only_hearts",
    "scoring",
    "moon",
    "game_end",
    "shared_win",
)
"""Every rule with a note, in the order a learner usually meets them (the checklist's order)."""

TWO_PACK_RULES: tuple[str, ...] = ("widow_taken", "cancel_pair", "trick_waits")
"""The rules only Cancellation Hearts has (``Rules.cancellation(n)``): the checklist adds them at such a table."""

ALL_RULES: tuple[str, ...] = RULES + TWO_PACK_RULES
"""Every rule a note teaches, at any table (what the progress file may hold)."""


def checklist(rules: Rules) -> tuple[str, ...]:
    """The rules whose notes a table of ``rules`` can show, in checklist order.

    >>> from hearts.rules import Rules
    >>> len(checklist(Rules())), checklist(Rules.cancellation(6))[-3:]
    (18, ('widow_taken', 'cancel_pair', 'trick_waits'))
    """
    return ALL_RULES if rules.decks == 2 else RULES


assert sorted(ALL_RULES) == sorted(d.rule for d in DETECTORS)

SCENES: dict[str, str] = {
    "first_trick_exception": "first_trick_exception",
    "lead_only_hearts": "lead_only_hearts",
    "moon": "moon",
    "game_end": "game_end",
    "shared_win": "game_end",
}
"""Rules that are rare in play (see ``benchmarks/learn_rules.py``) -> the walkthrough's scene that shows each."""


def fired(e: Event, skip: Iterable[str] = ()) -> list[tuple[str, Values]]:
    """``(rule, values)`` of every detector that fires on ``e``, in :data:`DETECTORS` order.

    Rules in ``skip`` are not asked; an ``ahead`` event asks only the detectors made for it.
    """
    skipped = set(skip)
    out = []
    for d in DETECTORS:
        if d.rule in skipped or (e.ahead and not d.ahead):
            continue
        vals = d.fires(e)
        if vals is not None:
            if e.after.n != 4:  # seats are named by the number of players (Player 1… beside South, West…)
                vals = {**vals, "players": ("players", e.after.n)}
            out.append((d.rule, vals))
    return out


def localize(values: Values, lang: str) -> dict[str, Any]:
    """Turn typed values (``("seat", 2)``, ``("card", c)`` …) into words (seats named for ``values["players"]``
    players, four if it is not given; facts said to ``values["reader"]``, the learner if it is not given).

    >>> localize({"void": ("fact", Fact("void", seat=LEARNER, suit=1))}, "es")
    {'void': 'No te quedan ♦.'}
    """
    out: dict[str, Any] = {}
    n = int(values["players"][1]) if "players" in values else 4
    reader = int(values["reader"][1]) if "reader" in values else LEARNER
    for k, (kind, v) in values.items():
        if kind == "fact":
            out[k] = fact_words(v, lang, num_players=n, seat=reader)
        elif kind == "seat":
            out[k] = seat_name(v, lang, n)
        elif kind == "seats":
            first = ", ".join(seat_name(s, lang, n) for s in v[:-1])
            out[k] = text("learn.and", lang, first=first, last=seat_name(v[-1], lang, n))
        elif kind == "card":
            out[k] = card_label(v)
        elif kind == "cards":
            out[k] = cards_label(v)
        elif kind == "card_list":  # "2♣ and 2♦"
            labels = [card_label(c) for c in v]
            last = labels.pop()
            out[k] = text("learn.and", lang, first=", ".join(labels), last=last) if labels else last
        elif kind == "suit":
            out[k] = text(f"suit.{v}", lang)
        elif kind == "pass":
            out[k] = text(f"pass.{v}", lang)
        elif kind == "moon_choice":  # (the way chosen or None, the moon's points)
            way, full = v
            out[k] = "" if way is None else text(f"learn.moon_choice.{way}", lang, full=full)
        elif kind == "cycle":  # the pass directions of one round of hands, in order
            parts = [text(f"learn.cycle.{d}", lang) for d in v]
            first = ", ".join(parts[:-1])
            out[k] = parts[0] if len(parts) == 1 else text("learn.and", lang, first=first, last=parts[-1])
        elif kind == "points":
            out[k] = ", ".join(f"{seat_name(s, lang, n)} {p}" for s, p in enumerate(v))
        else:
            out[k] = v
    return out


_YOU_VARIANTS = {
    "lead_lowest_club",
    "follow_suit",
    "discard",
    "queen_played",
    "hearts_broken",
    "trick_winner",
    "queen_taken",
    "lead_hearts",
    "lead_only_hearts",
    "moon",
    "first_trick_exception",
    "cancel_pair",
    "trick_waits",
    "widow_taken",
}


def note_key(rule: str, values: Values) -> str:
    """The catalogue key of a note; notes about the learner's own play say 'you'.

    >>> note_key("discard", {"seat": ("seat", LEARNER)}), note_key("discard", {"seat": ("seat", 2)})
    ('learn.note.discard.you', 'learn.note.discard')
    >>> note_key("no_pass", {"cycle": ("cycle", ("none",))})
    'learn.note.no_pass.without'
    >>> note_key("moon", {"seat": ("seat", LEARNER), "points": ("int", 26), "way": ("flag", "subtract")})
    'learn.note.moon.subtract.you'
    """
    key = f"learn.note.{rule}"
    if rule == "moon" and "way" in values:
        key += f".{values['way'][1]}"  # the shooter's points taken off, or every seat's score
    if rule == "scoring" and "shooter" in values:
        key += ".moon"
    elif rule == "scoring" and "jack" in values:
        key += ".jack"
    if rule == "no_pass" and values["cycle"][1] == ("none",):
        key += ".without"  # rules that never pass
    if rule == "lead_lowest_club" and "dealer" in values:
        key += ".dealer_left"  # Cancellation Hearts: every club twice, so no card names the first leader
    elif rule == "lead_lowest_club" and "removed" in values:
        key += ".removed"  # 2♣ is out of the deck
    if rule == "queen_played" and values.get("breaks", ("flag", False))[1]:
        key += ".breaks"  # Q♠ breaks hearts in these rules
    if rule == "cancel_pair":
        key += ".winner" if "best" in values else ".none"  # which card wins now, or none of the suit led is left
    if rule == "trick_waits" and values["tricks"][1] > 1:
        key += ".more"  # tricks already waited before this one
    if rule == "hearts_broken" and values.get("card", ("card", None))[1] == QUEEN_OF_SPADES:
        key += ".queen"
    who = values.get("seat")
    if who is not None and who[0] == "seat" and who[1] == LEARNER and rule in _YOU_VARIANTS:
        key += ".you"
    return key


def note_text(rule: str, values: Values, lang: str) -> str:
    """The note of ``rule`` with its values, in ``lang``."""
    return text(note_key(rule, values), lang, **localize(values, lang))


def rule_title(rule: str, lang: str) -> str:
    """A rule's short name, as the checklist of rules met shows it.

    >>> rule_title("hearts_broken", "es")
    'Romper los corazones'
    """
    if rule not in ALL_RULES:
        raise ValueError(f"unknown rule {rule!r}; the rules with notes are {', '.join(ALL_RULES)}")
    return text(f"learn.rule.{rule}", lang)
