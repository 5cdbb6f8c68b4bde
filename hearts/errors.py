"""Typed errors. Every error here is a ``ValueError``.

A refused action raises :class:`IllegalMoveError`, which carries the
:class:`Rule` that was broken and can explain itself to a learner in English
or Spanish:

>>> err = IllegalMoveError(Rule.MUST_FOLLOW_SUIT, suit="♣", card="Q♠")
>>> err.rule.name
'MUST_FOLLOW_SUIT'
>>> err.explain("en")
'You must follow suit: a ♣ was led and you still hold one, so Q♠ cannot be played.'
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

import enum
from typing import Any

__all__ = [
    "CardParseError",
    "DealError",
    "HeartsError",
    "IllegalMoveError",
    "OptionError",
    "RecordError",
    "Rule",
    "RulesError",
    "SelfPlayError",
]


class Rule(enum.Enum):
    """Which rule an action broke. The value is the message key."""

    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_LEAD_LOWEST_CLUB = "must_lead_lowest_club"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    NO_POINTS_ON_FIRST_TRICK = "no_points_on_first_trick"
    HEARTS_NOT_BROKEN = "hearts_not_broken"
    WRONG_PASS_COUNT = "wrong_pass_count"
    DUPLICATE_PASS_CARD = "duplicate_pass_card"
    ALREADY_PASSED = "already_passed"
    NO_PASS_THIS_HAND = "no_pass_this_hand"
    NOT_THE_SHOOTER = "not_the_shooter"
    NOTHING_TO_UNDO = "nothing_to_undo"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"
    NO_SUCH_SEAT = "no_such_seat"
    BAD_MOON_CHOICE = "bad_moon_choice"


class HeartsError(ValueError):
    """Base class of every error this package raises on purpose."""


class OptionError(HeartsError):
    """A bad option (an argument, a setting): ``.option`` names it.

    The base of every "this option cannot be used" error of the package
    (rules, self-play, experiments, the expert, drawings, reviews, tips).
    It is rebuilt whole when it crosses a process boundary:

    >>> import pickle
    >>> e = pickle.loads(pickle.dumps(RulesError("num_players must be 3 to 7, not 2", "num_players")))
    >>> type(e).__name__, str(e), e.option
    ('RulesError', 'num_players must be 3 to 7, not 2', 'num_players')
    """

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.option = option

    def __reduce__(self) -> tuple[Any, ...]:  # rebuilt whole when it crosses a process boundary
        return (type(self), (str(self), self.option))


class CardParseError(HeartsError):
    """Text (or a number) that does not name a card. ``.text`` is the input.

    >>> CardParseError("cannot read 'ZZ' as a card", "ZZ").explain("es")
    '«ZZ» no es una carta: escribe el valor y luego el palo, como QS (Q♠) o 10H (10♥).'
    """

    def __init__(self, message: str, text: object) -> None:
        super().__init__(message)
        self.text = text

    def __reduce__(self) -> tuple[Any, ...]:  # rebuilt whole when it crosses a process boundary
        return (type(self), (str(self), self.text))

    def explain(self, lang: str = "en") -> str:
        """The learner's text, in ``'en'`` or ``'es'``."""
        from hearts.messages import text

        return text("error.not_a_card", lang, text=self.text)


class DealError(HeartsError):
    """A deal that is not valid for the rules (wrong count, duplicates, missing cards)."""


class RulesError(OptionError):
    """An impossible combination of rule options, naming the option."""


class SelfPlayError(OptionError):
    """A bad self-play option (or bot given to self-play); ``.option`` names it."""


class RecordError(HeartsError):
    """A game or hand record that is malformed, truncated or forged.

    ``.path`` names the field (e.g. ``'hands[0].plays[17]'``).
    """

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.path))


class IllegalMoveError(HeartsError):
    """An action the rules refuse. The state it was tried on is unchanged.

    ``.rule`` is the :class:`Rule` broken; ``.details`` the values that
    fill the explanation; :meth:`explain` gives the learner's text.
    """

    def __init__(self, rule: Rule, **details: Any) -> None:
        self.rule = rule
        self.details = details
        super().__init__(self.explain("en"))

    def explain(self, lang: str = "en") -> str:
        """The reason in words, in ``'en'`` or ``'es'``."""
        from hearts.messages import rule_message

        return rule_message(self.rule, lang, **self.details)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_illegal_move, (self.rule, self.details))


def _rebuild_illegal_move(rule: Rule, details: dict[str, Any]) -> IllegalMoveError:
    return IllegalMoveError(rule, **details)
