"""The table's words before they are put into a language: phrases, message lines, seat names.

Split out of :mod:`hearts_widgets.table_model` (which imports everything here again); moved code only.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from hearts.bots.base import Bot, Decision
from hearts.cards import Card
from hearts.explain import Explanation
from hearts.game import Game
from hearts.hand import HandState
from hearts.messages import seat_name, text, text_n
from hearts.rules import Rules

from . import store
from .learn_model import Lesson

if TYPE_CHECKING:
    from .table_model import TableModel
    from .table_saving import _Claim


Words = Callable[[str], str]
"""Text not yet put into a language: called with ``'en'`` or ``'es'`` when it is shown."""


_P = ParamSpec("_P")


_R = TypeVar("_R")


def _tells_news(method: Callable[Concatenate[TableModel, _P], _R]) -> Callable[Concatenate[TableModel, _P], _R]:
    """A public action of the table: what became of its files on the way (a damaged file kept aside, a game
    replaced in History) is put in front of the message line once the action is done, whatever it said."""

    @functools.wraps(method)
    def act(self: TableModel, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(self, *args, **kwargs)
        finally:
            self._tell_news()

    return act


@dataclasses.dataclass(frozen=True)
class Phrase:
    """A catalogue message kept as its key and values, put into words when it is shown.

    A value that is itself :data:`Words` (another phrase, a seat's name, an
    error's or a bot decision's ``explain``) is put into words in the same
    language; other values (numbers, cards) are used as they are. ``plural``,
    the count, picks the plural form (:func:`~hearts.messages.text_n`).

    >>> p = say("ui.msg.waiting", seat=say("seat.1"), button=say("ui.button.continue"))
    >>> p("en")
    'West is next: press Next bot card.'
    >>> p("es")
    'Le toca a Oeste: pulsa Siguiente carta de bot.'
    """

    key: str
    values: tuple[tuple[str, Any], ...] = ()
    plural: int | None = None

    def __call__(self, lang: str) -> str:
        vals = {k: v(lang) if callable(v) else v for k, v in self.values}
        if self.plural is None:
            return text(self.key, lang, **vals)
        return text_n(self.key, self.plural, lang, **vals)


def say(key: str, plural: int | None = None, /, **values: Any) -> Phrase:
    """A :class:`Phrase` for the catalogue message ``key`` (in the form for the count ``plural``, if given)."""
    return Phrase(key, tuple(values.items()), plural)


def _sentence(e: Explanation, i: int, lang: str) -> str:
    """The ``i``-th sentence of a hint's explanation in ``lang``."""
    return e.sentences(lang)[i]


def _seat(s: int, num_players: int = 4) -> Words:
    return functools.partial(seat_name, s, num_players=num_players)


def _seats(seats: Sequence[int], num_players: int = 4) -> Words:
    def names(lang: str) -> str:
        return ", ".join(seat_name(s, lang, num_players) for s in seats)

    return names


def _reason_words(d: Decision, index: int, lang: str) -> str:
    """The ``index``-th of a decision's reasons (:meth:`~hearts.bots.Decision.reasons`) in ``lang``."""
    return d.reasons(lang)[index][1]


def _button(name: str) -> Phrase:
    """A button's label, so a prompt names the button exactly as it reads."""
    return say(f"ui.button.{name}")


@dataclasses.dataclass(frozen=True)
class Message:
    """The line under the table: ``kind`` is ``'info'``, ``'ok'`` or ``'error'``; ``items``, a list shown
    under it (a pass hint's reason for each card, each naming its cards)."""

    kind: str
    text: str
    items: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class _Line:
    """The message line before it is put into words: its kind, its sentences and the list under it."""

    kind: str
    parts: tuple[Words, ...] = ()
    items: tuple[Words, ...] = ()

    def render(self, lang: str) -> Message:
        return Message(self.kind, " ".join(p(lang) for p in self.parts), tuple(i(lang) for i in self.items))


@dataclasses.dataclass(frozen=True)
class Hint:
    """What Hint suggests (the expert's choice): the cards, and the decision that puts its reason into words."""

    cards: tuple[Card, ...]
    decision: Decision

    def reason(self, lang: str) -> str:
        """Why, in ``'en'`` or ``'es'``."""
        return self.decision.explain(lang)


class TableState:
    """What :class:`~hearts_widgets.table_model.TableModel` keeps, declared once for the parts it is made of
    (:mod:`~hearts_widgets.table_flow`, :mod:`~hearts_widgets.table_pacing`, :mod:`~hearts_widgets.table_learning`,
    :mod:`~hearts_widgets.table_saving`); the table's ``__init__`` sets every one."""

    app: str
    own_bots: dict[int, Bot]
    bots: dict[int, Bot]
    _humans_given: bool
    humans: tuple[int, ...]
    seat: int
    covered: bool
    folder: Path
    table_id: str
    game_id: str
    _displaced: str
    _replaced_by: tuple[int, bool] | None
    _claim: _Claim | None
    _written: bytes | None
    _news: list[_Line]
    _notices: list[_Line]
    _history_problem: Words | None
    _line: _Line | None
    _save_blocked: bool
    _settings_blocked: bool
    settings: store.Settings
    lesson: Lesson
    _earlier: frozenset[str] | None
    _learning: bool
    _level_given: bool
    history: store.History | None
    paced: bool
    pending: str | None
    confirming: tuple[str, int] | None
    events: list[str]
    _target_given: bool
    _target: int | None
    _own_rules: Rules | None
    _asked_rules: tuple[Rules, str | None] | None
    rules: Rules
    rng: random.Random
    selection: int
    hint: Hint | None
    received_flash: int
    recorded: bool
    frames: list[HandState]
    actions: int
    game: Game
