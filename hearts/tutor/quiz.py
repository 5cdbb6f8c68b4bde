"""Rule quizzes drawn from real deals, answered and explained by the engine.

Four kinds: ``legal`` (click every card you may play), ``winner`` (who wins this trick), ``points`` (how many
points does this hand give each player) and ``moon`` (did someone shoot the moon). Each question is a position
of a deal played by rule bots; a new seed draws a new deal. :func:`judge` checks an answer against the engine
(``legal_moves``, ``why_not``, the trick's winner, the hand's result) and explains it with the rule's own words.

>>> q = new_question("winner", seed=4)
>>> verdict = judge(q, q.answer)
>>> verdict.right
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from hearts import QUEEN_OF_SPADES, Card, Deal, HandState
from hearts.bots import RuleBot
from hearts.errors import OptionError
from hearts.messages import check_language, seat_name, text
from hearts.selfplay import play_out

__all__ = ["KINDS", "Question", "Verdict", "judge", "new_question", "penalty_cards"]

KINDS = ("legal", "winner", "points", "moon")


@dataclasses.dataclass(frozen=True)
class Question:
    """A quiz question: the ``kind``, the deal ``number`` it comes from, the ``state`` it shows (a position for
    ``legal``, a finished hand otherwise), the ``trick`` (for ``winner``: its plays) and the engine's ``answer``
    (a frozenset of cards, a seat, a tuple of scores, or a bool)."""

    kind: str
    number: int
    state: HandState
    seat: int
    answer: Any
    trick: tuple[tuple[int, Card], ...] = ()

    def prompt(self, lang: str = "en") -> str:
        """The question in words."""
        return text(f"tutor.quiz.ask.{self.kind}", lang, seat=seat_name(self.seat, lang), number=self.number)


@dataclasses.dataclass(frozen=True)
class Verdict:
    """Right or not, and the sentences that explain it."""

    right: bool
    lines: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join(self.lines)


def _played(number: int) -> HandState:
    state = HandState(Deal.from_number(number))
    play_out(state, [RuleBot(seed=seat) for seat in range(4)])
    return state


def penalty_cards(state: HandState) -> list[list[Card]]:
    """The penalty cards (hearts and Q♠) each seat took in a finished hand.

    >>> sum(len(cards) for cards in penalty_cards(_played(3)))
    14
    """
    taken: list[list[Card]] = [[] for _ in range(state.n)]
    for trick in state.tricks:
        taken[trick.winner] += [c for c in trick.cards if c.suit.name == "HEARTS" or c == QUEEN_OF_SPADES]
    return taken


def new_question(kind: str, seed: int | None = None) -> Question:
    """A new question of ``kind`` from a deal drawn with ``seed`` (``None``: a new one each time).

    >>> q = new_question("legal", seed=1)
    >>> set(q.answer) == set(q.state.legal_moves)
    True
    >>> new_question("trumps")
    Traceback (most recent call last):
    ...
    hearts.errors.OptionError: kind must be one of legal, winner, points, moon, not 'trumps'
    """
    if kind not in KINDS:
        raise OptionError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}", "kind")
    rng = random.Random(seed)
    number = rng.randrange(1, 1_000_000)
    if kind == "legal":
        state = _played(number)
        # Prefer a position where the rules refuse some of the cards in hand (a question worth asking).
        points = [k for k in range(1, 52) if _refuses_some(state, k)] or [1]
        position = state.copy()
        target = rng.choice(points)
        while position.cards_played > target:
            position.undo()
        return Question(kind, number, position, position.to_play, frozenset(position.legal_moves))
    if kind == "winner":
        state = _played(number)
        trick = rng.choice(state.tricks[1:])
        plays = tuple(zip(trick.seats, trick.cards))
        return Question(kind, number, state, trick.leader, trick.winner, plays)
    if kind == "moon" and rng.random() < 0.5:
        while _played(number).result().shooter is None:
            number += 1
    state = _played(number)
    return Question(kind, number, state, 0, state.result().shooter is not None if kind == "moon"
                    else tuple(state.result().scores))  # fmt: skip


def _refuses_some(state: HandState, played: int) -> bool:
    position = state.copy()
    while position.cards_played > played:
        position.undo()
    return len(position.legal_moves) < len(position.hand_of(position.to_play))


def judge(question: Question, given: Any, lang: str = "en") -> Verdict:
    """Check ``given`` against the engine's answer to ``question`` and explain, in ``lang``.

    >>> q = new_question("legal", seed=1)
    >>> wrong = judge(q, set(q.state.hand_of(q.seat)))
    >>> wrong.right, len(wrong.lines) > 1
    (False, True)
    """
    check_language(lang)
    kind = question.kind
    if kind == "legal":
        return _judge_legal(question, frozenset(Card.parse(c) if isinstance(c, str) else Card(c) for c in given),
                            lang)  # fmt: skip
    if kind == "winner":
        return _judge_winner(question, int(given), lang)
    if kind == "points":
        return _judge_points(question, tuple(int(p) for p in given), lang)
    return _judge_moon(question, bool(given), lang)


def _judge_legal(q: Question, given: frozenset[Card], lang: str) -> Verdict:
    right = given == q.answer
    lines = [text("tutor.quiz.right" if right else "tutor.quiz.wrong", lang)]
    by_rule: dict[Any, list[Card]] = {}
    for card in sorted(given - q.answer):  # one line per rule broken, with the engine's words for the first card
        err = q.state.why_not(card)
        by_rule.setdefault(err.rule if err else None, []).append(card)
    for cards in by_rule.values():
        err = q.state.why_not(cards[0])
        lines.append(text("tutor.quiz.legal.refused", lang, card=" ".join(map(str, cards)),
                          reason=err.explain(lang) if err else ""))  # fmt: skip
    for card in sorted(q.answer - given):
        lines.append(text("tutor.quiz.legal.missed", lang, card=str(card)))
    if right:
        refused = sorted(set(q.state.hand_of(q.seat)) - q.answer)
        if refused:
            err = q.state.why_not(refused[0])
            reason = err.explain(lang) if err else ""
            lines.append(text("tutor.quiz.legal.why", lang, card=str(refused[0]), reason=reason))
    return Verdict(right, tuple(lines))


def _judge_winner(q: Question, given: int, lang: str) -> Verdict:
    plays = dict(q.trick)
    led = q.trick[0][1]
    card = plays[q.answer]
    right = given == q.answer
    lines = [text("tutor.quiz.right" if right else "tutor.quiz.wrong", lang),
             text("tutor.quiz.winner.why", lang, seat=seat_name(q.answer, lang), card=str(card), suit=led.suit.symbol)]
    if not right and given in plays:
        other = plays[given]
        key = "tutor.quiz.winner.off_suit" if other.suit != led.suit else "tutor.quiz.winner.lower"
        lines.append(text(key, lang, seat=seat_name(given, lang), card=str(other), suit=led.suit.symbol))
    return Verdict(right, tuple(lines))


def _points_line(state: HandState, seat: int, lang: str) -> str:
    taken = penalty_cards(state)[seat]
    hearts = sum(1 for c in taken if c != QUEEN_OF_SPADES)
    queen = 13 if QUEEN_OF_SPADES in taken else 0
    return text("tutor.quiz.points.seat", lang, seat=seat_name(seat, lang), hearts=hearts, queen=queen,
                points=hearts + queen)  # fmt: skip


def _judge_points(q: Question, given: Sequence[int], lang: str) -> Verdict:
    right = tuple(given) == q.answer
    lines = [text("tutor.quiz.right" if right else "tutor.quiz.wrong", lang)]
    lines += [_points_line(q.state, seat, lang) for seat in range(q.state.n)]
    shooter = q.state.result().shooter
    if shooter is not None:
        lines.append(text("tutor.quiz.moon.yes", lang, seat=seat_name(shooter, lang)))
    return Verdict(right, tuple(lines))


def _judge_moon(q: Question, given: bool, lang: str) -> Verdict:
    right = given == q.answer
    lines = [text("tutor.quiz.right" if right else "tutor.quiz.wrong", lang)]
    shooter = q.state.result().shooter
    if shooter is not None:
        lines.append(text("tutor.quiz.moon.yes", lang, seat=seat_name(shooter, lang)))
    else:
        taken = penalty_cards(q.state)
        most = max(range(q.state.n), key=lambda s: len(taken[s]))
        lines.append(text("tutor.quiz.moon.no", lang, seat=seat_name(most, lang), cards=len(taken[most])))
    return Verdict(right, tuple(lines))
