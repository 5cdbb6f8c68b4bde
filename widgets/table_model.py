"""The game table's logic: people and bots at one table, with no Jupyter in sight.

:class:`TableModel` holds the game and everything the table shows around it
(the pass selection, the hint, the message line, the cards just received).
Every button and every click of the widget calls one method here, so tests
drive the table exactly as a learner does. A refused action sets a clear
message and changes nothing.

By default South is the one person and the other seats are bots. With
``humans=(0, 2)`` (any seats) the table is pass-and-play on one screen:
:attr:`TableModel.seat` is the person whose turn it is, and whenever the turn
goes to another person the hand is covered (:attr:`TableModel.covered`) until
that person presses Ready, so no one sees another's cards; passing goes from
person to person the same way.

The message line is kept as catalogue keys and values (:class:`Phrase`), not
as finished text: it is put into words each time it is read, in the table's
language of the moment, so switching the language re-says it.

>>> import tempfile
>>> m = TableModel(number=3, level="random", data_dir=tempfile.mkdtemp())
>>> m.hand.phase.value, m.hand.pass_direction.value
('passing', 'left')
>>> for c in list(m.hand.hand_of(0))[:3]:
...     m.click_card(c.code)
>>> m.press("pass")
>>> m.hand.phase.value, m.hand.to_play
('playing', 0)
>>> m.click_card("ZZ")
>>> m.message.kind
'error'
"""

from __future__ import annotations

import copy
import dataclasses
import datetime
import functools
import os
import random
import socket
import uuid
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from hearts import files
from hearts.bots.base import Bot, Decision
from hearts.cards import SOUTH, Card, CardSet
from hearts.deal import StableRandom, day_number
from hearts.errors import CardParseError, HeartsError, IllegalMoveError, OptionError, RecordError, Rule
from hearts.explain import Explanation, HintDecision, why_not
from hearts.game import Game
from hearts.hand import HandState, Phase, Trick
from hearts.messages import LANGUAGES, check_language, seat_name, text, text_n
from hearts.observation import Observation
from hearts.record import GameRecord
from hearts.rules import MoonScoring, Rules

from . import levels, store
from .learn_model import LEARN_APP_PROGRESS_FILE, PROGRESS_FILE, Lesson, Progress, describe
from .rule_notes import RULES, Event, Move
from .text import cards_label, game_over_text, level_label

__all__ = [
    "APPS",
    "BUTTONS",
    "PENDING",
    "SOUNDS",
    "BotChoice",
    "BotJob",
    "FinishedHand",
    "Hint",
    "Message",
    "Phrase",
    "TableModel",
    "last_finished_hand",
    "say",
]

BUTTONS = (
    "pass", "hint", "restart", "new", "day", "next", "continue", "reset_history", "ready", "take_over", "confirm",
    "cancel", "count_earlier",
)
_STARTS = ("restart", "new", "day")  # buttons that start a game of this table's own
# What is said once a game starts, by what started it (otherwise "ui.msg.started"); "link": a deal link.
_STARTED = {"restart": "ui.msg.restarted", "day": "ui.msg.day", "link": "ui.msg.link_started"}
_OPEN_TABLES: weakref.WeakValueDictionary[str, TableModel] = weakref.WeakValueDictionary()
"""The tables open in this process, by identity: a saved game owned by one of them is in use."""
PENDING = ("pass", "bot", "trick")
"""What a paced table waits for: the bots' passes, a bot's card (both one :meth:`TableModel.step` each),
or the learner to look at a finished trick and continue."""
APPS = ("table", "learn")
"""Whose game and lessons a table is (``TableModel(app=...)``): the game table's, or the Learn by playing app's."""
_SAVE_FILES = {"table": store.SAVE_FILE, "learn": store.LEARN_SAVE_FILE}
_PROGRESS_FILES = {"table": PROGRESS_FILE, "learn": LEARN_APP_PROGRESS_FILE}
SOUNDS = ("turn", "trick", "hearts", "queen")
"""Sound cues the view may play: the learner's turn, a trick taken, hearts broken, Q♠ taken."""
_QS = 36
SAVE_FORMAT = "hearts-table-save"
MAX_DEAL_NUMBER = 10**12


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
class _Claim:
    """A claim on the save file that this table has still to write (it stays until a save succeeds).

    ``"start"``: a game of this table's own, written over whatever the file
    holds (a game in progress at another table goes into History as
    abandoned first: when that table is open, or always with ``abandon``,
    the learner having said yes to leaving it; with ``left``, a table
    opened with ``number=`` or ``resume=False``, also one left at a table
    since closed or saved with no owner). ``"take"``: the game read
    from the file (``basis``, its bytes), written only while the file still
    holds exactly that: if another table saved meanwhile, that table keeps it.
    """

    kind: str
    basis: bytes | None = None
    abandon: bool = False
    left: bool = False


@dataclasses.dataclass(frozen=True)
class _Saved:
    """A save file, read and checked (:func:`read_save`)."""

    game: Game
    game_id: str
    owner: dict[str, Any] | None
    humans: tuple[int, ...]
    seat: Any  # whose screen it was, as written (``None`` if not): used only if it is one of the humans
    selection: CardSet
    recorded: bool
    level: Any

    @property
    def owner_table(self) -> str | None:
        """The identity of the table that owns the game (``None``: a save from before tables had one)."""
        return None if self.owner is None else str(self.owner["table"])

    @property
    def in_progress(self) -> bool:
        """Whether the game is unfinished, not yet in History, and a person has passed or played in it."""
        return not self.recorded and _played(self.game, self.humans)


def _played(game: Game, people: Sequence[int]) -> bool:
    """Whether leaving ``game`` would lose play: it is not over and one of ``people`` has passed or played."""
    if game.is_over:
        return False
    h = game.hand
    return game.hand_number > 1 or any(h.passes[s] is not None for s in people) or any(s in people for s, _ in h.plays)


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


def _seat(s: int) -> Words:
    return functools.partial(seat_name, s)


def _seats(seats: Sequence[int]) -> Words:
    def names(lang: str) -> str:
        return ", ".join(seat_name(s, lang) for s in seats)

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


def check_bots(bots: Bot | Mapping[int, Bot] | None) -> dict[int, Bot]:
    """``bots=`` of the table as a seat -> bot mapping (a single bot: every seat 1-3), checked.

    >>> from hearts.bots import RandomBot
    >>> sorted(check_bots(RandomBot()))
    [1, 2, 3]
    >>> check_bots({0: "rule"})
    Traceback (most recent call last):
    ...
    hearts.errors.OptionError: bots: seat 0 needs a Bot, not 'rule'
    """
    if bots is None:
        return {}
    if isinstance(bots, Bot):
        return {s: bots for s in (1, 2, 3)}
    if not isinstance(bots, Mapping):
        raise OptionError(f"bots: a Bot, or a mapping from seat (0-3) to Bot, not {bots!r}", "bots")
    out: dict[int, Bot] = {}
    for s, b in bots.items():
        if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s <= 3:
            raise OptionError(f"bots: seats are 0-3, not {s!r}", "bots")
        if not isinstance(b, Bot):
            raise OptionError(f"bots: seat {s} needs a Bot, not {b!r}", "bots")
        out[s] = b
    return out


@dataclasses.dataclass(frozen=True)
class BotChoice:
    """What a :class:`BotJob` chose: the cards, and the position (``key``) they were chosen for."""

    key: tuple[Any, ...]
    cards: tuple[Card, ...]


@dataclasses.dataclass(frozen=True)
class BotJob:
    """One bot's decision for a paced table's next step (:meth:`TableModel.prepare_step`).

    :meth:`decide` is the slow part (the expert and master levels think for a
    second or more): it uses only the bot, a copy of its seat's observation and
    the seed of the position, so it may run in another thread while the table
    answers clicks; :meth:`TableModel.step` then plays what it chose. Long
    decisions report their progress through :func:`hearts.bots.reporting`.
    """

    key: tuple[Any, ...]  # the position: game, hand, cards played, seat, kind
    seat: int
    kind: str  # "pass" or "play"
    bot: Bot
    observation: Observation
    seed: int

    def decide(self) -> BotChoice:
        """The bot's pass or card (reseeded from the position, so a resumed game plays on identically)."""
        self.bot.reseed(self.seed)
        if self.kind == "pass":
            return BotChoice(self.key, tuple(self.bot.choose_pass(self.observation)))
        return BotChoice(self.key, (self.bot.choose_play(self.observation),))


class TableModel:
    """People and bots at one table: by default South (the learner) against bots at West, North and East.

    Options (keyword-only): ``number`` starts that game (otherwise the saved
    game is resumed, or a new one dealt); ``humans`` the seats people play
    (default South only; pass-and-play when there are several); ``level`` the bots' level;
    ``target_score`` the score that ends the game (default: the setting, 50 or
    100); ``lang`` overrides the language setting; ``data_dir`` the folder for
    the save, history and settings files (see :mod:`hearts_widgets.store`);
    ``resume=False`` ignores any saved game; ``seed`` fixes the numbers New
    game picks; ``learn`` turns learn mode on or off for this table (default: the
    setting, which is on until the learner has finished a hand; see
    :mod:`hearts_widgets.learn_model`); ``app`` whose game and lessons these
    are: ``"table"`` (the game table: ``table-save.json``, ``learn-progress.json``)
    or ``"learn"`` (the Learn by playing app: ``learn-by-playing-save.json``,
    ``learn-by-playing-progress.json``, learn mode on by default), so neither
    opens the other's half-played game or counts the other's lessons (the
    settings and the history are shared); ``bots`` seats bots of your own
    instead of the level's: one :class:`~hearts.bots.base.Bot` for every bot
    seat, or a mapping from seat to bot (other seats keep the level's). Each
    seat gets its own copy, seeded with the seat number; a trained agent sits
    here as ``bots=PolicyBot(policy)`` (:mod:`hearts.rl`). They play until
    a level is chosen in the settings;     ``deal`` is the deal a link asks for
    (:func:`~hearts_widgets.address.deal_from_address`): after the saved game
    is resumed it is played as if typed into the deal box, so a game in
    progress asks first.

    ``paced=True`` is how the widget plays: nothing the learner has not seen
    is ever acted on. After the learner's action the bots do not move at once:
    :attr:`pending` says what comes next, the view draws each position and
    calls :meth:`step` for one bot's pass or card at a time, and a finished
    trick stays (``pending == 'trick'``) until the learner continues. While
    anything is pending, a click on a card is refused with a message saying
    who is thinking. With ``paced=False`` (the default, for notebooks and
    tests) the bots move at once and tricks are not held.

    >>> import tempfile
    >>> m = TableModel(number=3, level="rule", data_dir=tempfile.mkdtemp(), paced=True)
    >>> for c in list(m.hand.hand_of(0))[:3]:
    ...     m.click_card(c.code)
    >>> m.press("pass")
    >>> m.pending, m.thinking
    ('pass', 1)
    >>> m.click_card(next(iter(m.hand.hand_of(0))).code)
    >>> m.message.text
    'Wait: West is thinking. Nothing was played.'
    >>> while m.pending in ("pass", "bot"):
    ...     m.step()
    >>> m.pending, m.hand.to_play
    (None, 0)
    """

    def __init__(
        self,
        *,
        number: int | None = None,
        level: str | None = None,
        target_score: int | None = None,
        lang: str | None = None,
        data_dir: str | Path | None = None,
        resume: bool = True,
        seed: int | None = None,
        step_bots: bool | None = None,
        humans: Sequence[int] | None = None,
        learn: bool | None = None,
        bots: Bot | Mapping[int, Bot] | None = None,
        paced: bool = False,
        deal: str | int | Sequence[str] | None = None,
        app: str = "table",
    ) -> None:
        self._options = {k: v for k, v in locals().items() if k != "self"}  # for reopen()
        # Every option is checked before any file is read or written: bad input changes nothing.
        _option(
            isinstance(app, str) and app in APPS, "app", f"app must be one of {', '.join(map(repr, APPS))}, not {app!r}"
        )
        self.app = app
        self.own_bots = check_bots(bots)
        link = None if deal is None else read_link(deal)
        if number is not None:
            self._check_number(number)
        if level is not None:
            self._check_level(level)
        if lang is not None:
            _option(lang in LANGUAGES, "lang", f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
        for name, flag, may_be_none in (("resume", resume, False), ("step_bots", step_bots, True),
                                        ("learn", learn, True), ("paced", paced, False)):  # fmt: skip
            ok = isinstance(flag, bool) or (may_be_none and flag is None)
            _option(ok, name, f"{name} must be True or False{' (or None)' if may_be_none else ''}, not {flag!r}")
        _option(
            seed is None or (isinstance(seed, int) and not isinstance(seed, bool)),
            "seed",
            f"seed must be a whole number (or None), not {seed!r}",
        )
        _option(
            data_dir is None or (isinstance(data_dir, (str, os.PathLike)) and "\0" not in str(os.fspath(data_dir))),
            "data_dir",
            f"data_dir must be a folder name (str or Path, without NUL characters), not {data_dir!r}",
        )
        rules = Rules(target_score=100 if target_score is None else target_score)  # RulesError naming it
        self._humans_given = humans is not None
        self.humans: tuple[int, ...] = (SOUTH,) if humans is None else check_humans(humans)
        self.seat = self.humans[0]  # the person at the screen: whose cards are shown
        self.covered = False  # the screen is between two people: every hand face down until Ready
        self.folder = store.data_dir(data_dir)
        self.table_id = uuid.uuid4().hex  # this table: the saved game says which table owns it
        _OPEN_TABLES[self.table_id] = self
        self.game_id = ""  # the game's identity, kept in the save and in the history
        # "" while this table owns its game; "elsewhere": the saved game it found is open at another table;
        # "taken": another table took this one's game over. Not "": nothing is saved from here.
        self._displaced = ""
        self._replaced_by: tuple[int, bool] | None = None  # "taken" by another game: (its number, ours in History)
        self._claim: _Claim | None = None  # a claim on the save file still to be written (see _Claim)
        self._written: bytes | None = None  # the save file as this table last wrote it
        self._news: list[_Line] = []  # what became of the files during an action, said once it is done
        self._notices: list[_Line] = []  # damaged files, said in the table's language when shown
        self._history_problem: Words | None = None
        self._line: _Line | None = None
        self._save_blocked = False  # a damaged save that could not be moved aside: never written over
        self._settings_blocked = False  # the same for the settings file
        self.settings = self._load_settings()
        if lang is not None:  # before any message is put into words
            self.settings.lang = check_language(lang)
        if step_bots is not None:
            self.settings.step_bots = step_bots
        self.lesson = Lesson(self.folder, again=self.settings.notes_again, file=_PROGRESS_FILES[app])
        self._earlier = self._earlier_lessons()
        if self.lesson.problem is not None:
            e = self.lesson.problem
            self._notices.append(_Line("error", (say("ui.msg.bad_progress", path=e.path, reason=e.explain),)))
        if learn is not None:
            self._learning = learn
        elif app == "learn":  # the app is learn mode
            self._learning = True
        elif self.settings.learn is not None:
            self._learning = self.settings.learn
        else:  # on for a learner who has not finished a hand yet
            self._learning = self.lesson.progress.hands_finished == 0
        self._level_given = level is not None
        if level is not None:
            self._check_level(level)
            self.settings.level = level
        elif self.settings.level not in levels.available_levels():
            self.settings.level = "rule" if "rule" in levels.available_levels() else "random"
        self.history: store.History | None = None
        self._load_history()
        self.paced = paced
        self.pending: str | None = None  # one of PENDING, or None: the learner may act
        self.confirming: tuple[str, int] | None = None  # (button, deal) waiting for Yes / No
        self.events: list[str] = []  # SOUNDS of the last action, for the view
        self._target_given = target_score is not None
        self.rules = rules if self._target_given else Rules(target_score=self.settings.target_score)
        self.rng = random.Random(seed)
        self.selection = 0
        self.hint: Hint | None = None
        self.received_flash = 0
        self.recorded = False
        self.frames: list[HandState] = []
        self.actions = 0  # counts accepted actions (tests and the view use it)
        self.game: Game
        resumed = False
        if number is None and resume:
            resumed = self._resume()
        if not resumed:
            # Opened over the file: a game in progress in it, even one a closed table left, goes into History.
            self._start(self._new_number() if number is None else self._check_number(number), left=True)
        if self._notices:
            self._line = _Line("error", tuple(p for n in self._notices for p in n.parts))
        elif self._earlier is not None and self.learning:  # asked once, beside what the table says on opening
            offer = say("ui.msg.earlier_lessons", met=len(self._earlier), rules=len(RULES),
                        button=_button("count_earlier"))  # fmt: skip
            parts = self._line.parts if self._line is not None else ()
            self._line = _Line(self._line.kind if self._line is not None else "info", (offer, *parts))
        if link is not None:
            self._link_deal(link)
        self._tell_news()

    # ----- reading -------------------------------------------------------------

    @property
    def message(self) -> Message | None:
        """The line under the table, in the table's language (``None`` before anything is said)."""
        return None if self._line is None else self._line.render(self.lang)

    @property
    def notices(self) -> list[Message]:
        """What was wrong with the saved files when the table opened, in the table's language."""
        return [n.render(self.lang) for n in self._notices]

    @property
    def displaced(self) -> bool:
        """True while the game shown belongs to another table (another tab or window): the table then offers
        to take it over (``press("take_over")``) or to start a game of its own, and saves nothing until then."""
        return bool(self._displaced)

    @property
    def history_error(self) -> str | None:
        """Why the history file could not be read (``None`` when it could), in the table's language."""
        return None if self._history_problem is None else self._history_problem(self.lang)

    @property
    def lang(self) -> str:
        """The table's language."""
        return self.settings.lang

    @property
    def level(self) -> str:
        """The bots' level."""
        return self.settings.level

    @property
    def learning(self) -> bool:
        """Whether learn mode is on: rule notes, what the rules allow at each turn, the tricks' outcomes.

        Learn mode teaches one learner at South against bots: with more than one person at the table it is off.
        """
        return self._learning and self.humans == (SOUTH,)

    @property
    def notes(self) -> list[tuple[str, str | None, str]]:
        """Learn mode's notes since the learner's last action, in the table's language: ``(kind, rule, text)``
        (see :class:`~hearts_widgets.learn_model.Note`); empty when learn mode is off."""
        if not self.learning:
            return []
        return describe(self.lesson.notes, self.lang)

    @property
    def hand(self) -> HandState:
        """The hand being played."""
        return self.game.hand

    @property
    def number(self) -> int:
        """The game (deal) number: share it to replay the same cards."""
        return self.game.number

    @property
    def bot_seats(self) -> tuple[int, ...]:
        """The seats bots play: every seat no person plays."""
        return tuple(s for s in range(self.rules.num_players) if s not in self.humans)

    @property
    def thinking(self) -> int | None:
        """The bot seat whose pass or card comes next while paced (``None`` when no bot is about to move)."""
        h = self.hand
        if self.pending == "pass":
            return next((s for s in self.bot_seats if h.passes[s] is None), None)
        if self.pending == "bot":
            return h.to_play
        return None

    @property
    def last_trick(self) -> Trick | None:
        """The last finished trick of the hand (``None`` before the first one)."""
        return self.hand.tricks[-1] if self.hand.tricks else None

    @property
    def in_progress(self) -> bool:
        """Whether leaving this game now would lose play: it is not over and a person has passed or played."""
        if self._displaced:  # a game open at another table is not this table's to lose (a new game asks first)
            return False
        return _played(self.game, self.humans)

    @property
    def can_hint(self) -> bool:
        """Whether a hint has something to say: South is choosing cards to pass, or it is South's turn to play.

        Between hands and once the game is over there is nothing to hint (the table hides its Hint button).
        """
        h = self.hand
        if self.game.is_over or self.covered or self.pending is not None:
            return False
        if h.phase is Phase.PASSING:
            return h.passes[self.seat] is None
        return h.phase is Phase.PLAYING and h.to_play == self.seat

    @property
    def playable(self) -> CardSet:
        """The cards of the person's hand a click would act on now: the cards they may play on their turn, or
        their hand while they choose 3 to pass. None while the game belongs to another table (:attr:`displaced`),
        while bots think or a trick is on show, while a question waits, with the screen covered, or once the
        game is over; the table dims the rest.

        >>> import tempfile
        >>> m = TableModel(number=3, level="rule", data_dir=tempfile.mkdtemp())
        >>> len(m.playable)  # choosing 3 cards to pass: any of the 13
        13
        """
        h = self.hand
        if self._displaced or self.pending is not None or self.confirming is not None or self.covered:
            return CardSet(0)
        if self.game.is_over:
            return CardSet(0)
        if h.phase is Phase.PASSING:
            return h.hand_of(self.seat) if h.passes[self.seat] is None else CardSet(0)
        if h.phase is Phase.PLAYING and h.to_play == self.seat:
            return h.legal_moves_for(self.seat)
        return CardSet(0)

    def drawing(self, state: HandState | None = None) -> tuple[Game | HandState, dict[str, Any]]:
        """What the table draws, for :func:`hearts.display.table_svg`: the game (or ``state``, one of the
        bots' frames) and the drawing options, from the settings and the person's view.

        A frame shows the game totals as they were; the current position shows the person's
        selection, the cards just received, the hint and, at the end, who won.
        """
        s = self.settings
        final = state is None
        h = self.hand if state is None else state
        # The last trick stays in the middle while it is on show (paced), or (not paced) until the next card.
        held = self.pending == "trick" or (not self.paced and h.phase is Phase.PLAYING)
        trick = h.tricks[-1] if not h.trick and h.tricks and (held if final else h.phase is Phase.PLAYING) else None
        hinted = sum(1 << c for c in self.hint.cards) if final and self.hint is not None else 0
        options: dict[str, Any] = {}
        if self._displaced and not self.covered:  # another table's game: nothing here can be played, and says why
            mine = h.hand_of(self.seat)
            why = self._displaced_words()[0](self.lang)
            options = {"dimmed": mine, "reasons": {c: why for c in mine}}
        return self.game if final else h, {
            **options,
            "viewer": self.seat,
            "cover": self.covered,
            "selected": self.selection if final else 0,
            "highlighted": self.received_flash if final else 0,
            "hinted": hinted,
            "trick": trick,
            "scores": None if final else list(self.game.totals),
            "four_color": s.four_colour,
            "table_color": s.table_colour,
            "back": s.card_back,
            "message": self._banner() if final else None,
            "lang": self.lang,
        }

    def _banner(self) -> str | None:
        """The line over the hand when the table says something of its own: the game is over, or a finished
        trick waits (who took it; click to go on)."""
        if self.pending == "trick" and self.hand.tricks:
            return self.trick_words()(self.lang)
        if self.game.is_over:
            return game_over_text(self.game, self.lang)
        if self._displaced and self._replaced_by is not None:  # this game is no longer in the file
            game = self._replaced_by[0]
            return say("ui.msg.banner_replaced", game=game, take=_button("take_over"), new=_button("new"))(self.lang)
        if self._displaced:  # not "choose 3 cards": nothing can be played here until then
            return say("ui.msg.not_owner", take=_button("take_over"), new=_button("new"))(self.lang)
        return None

    def summary(self) -> dict[str, Any] | None:
        """End-of-hand (and end-of-game) facts once the hand is scored, else ``None``."""
        h = self.hand
        if not h.is_over:
            return None
        r = h.result()
        out: dict[str, Any] = {
            "hand_number": h.hand_number,
            "points": r.points,
            "scores": r.scores,
            "shooter": r.shooter,
            "totals": self.game.scores,
            "game_over": self.game.is_over,
        }
        if self.game.is_over:
            o = self.game.outcome()
            out["winners"] = o.winners
            out["shared"] = o.shared
        return out

    # ----- actions: every click and button ends here ---------------------------

    @_tells_news
    def click_card(self, code: str | int) -> None:
        """A click on a card: choose it for the pass, or play it.

        Refused with a message while the table is busy (:attr:`pending`) or
        waiting for an answer to a question (:attr:`confirming`).
        """
        self.frames = []
        self.events = []
        if self._displaced and self.confirming is None:
            self._refuse_displaced()
            return
        if self._refuse_while_busy() or self._lost_to_another_table():
            return
        try:
            c = Card(code) if isinstance(code, int) else Card.parse(code)
        except CardParseError:
            self._error(say("ui.msg.not_a_card", text=str(code)))
            return
        h = self.hand
        if self.covered:
            self._error(self._cover_prompt())
            return
        if self.game.is_over:
            self._error(IllegalMoveError(Rule.GAME_OVER).explain)
            return
        if h.phase is Phase.PASSING:
            self._toggle(c)
            return
        if h.phase is Phase.DONE:
            self._error(say("ui.msg.hand_over", button=_button("next")))
            return
        err = h.why_not(c, seat=self.seat)
        if err is not None:
            self._error(err.explain)
            return
        self._learn_start()
        before = h.copy()
        coach_view = self.game.observation(self.seat) if self._coaching else None
        broken = h.hearts_broken
        h.push(c)  # why_not just said the rules take it: the fast path, not a second check
        self._learn_event(before, Move("play", self.seat, c))
        if coach_view is not None:
            from .coach import comment_play

            self.lesson.coached(comment_play(coach_view, c))
        self.hint = None
        self.received_flash = 0
        self._accepted(None)
        self._card_events(broken)
        if self.paced:
            self._after_card()
            self._after_move(keep_message=self.pending == "trick")
            return
        if h.phase is Phase.PLAYING and h.to_play in self.bot_seats and not self.settings.step_bots:
            self.frames.append(h.copy())  # the learner's own card lands first
        self._run_bots()
        self._after_move()

    @_tells_news
    def press(self, button: str) -> None:
        """A button: ``pass``, ``hint``, ``restart``, ``new``, ``day``, ``next``, ``continue``,
        ``reset_history``, ``ready`` (the next person has the screen), and ``confirm`` / ``cancel`` (the
        answers when a new game would abandon this one)."""
        self.frames = []
        self.events = []
        if button not in BUTTONS:
            raise OptionError(f"unknown button {button!r}; the buttons are {', '.join(BUTTONS)}", "button")
        if self.confirming is not None and button not in ("confirm", "cancel"):
            self._error(say("ui.msg.answer_first", yes=_button("confirm"), no=_button("cancel")))
            return
        plays = button not in (*_STARTS, "take_over", "reset_history", "confirm", "cancel", "count_earlier")
        if self._displaced and plays:
            self._refuse_displaced()
            return
        if plays and self._lost_to_another_table():
            return
        getattr(self, f"_press_{button}")()

    def prepare_step(self) -> BotJob | None:
        """The slow part of the next :meth:`step`: the bot's decision, as a :class:`BotJob` that may run in
        another thread (it reads a copy of the position, nothing else of the table); ``None`` when no bot is due.

        >>> import tempfile
        >>> m = TableModel(number=3, level="rule", data_dir=tempfile.mkdtemp(), paced=True)
        >>> for c in list(m.hand.hand_of(0))[:3]:
        ...     m.click_card(c.code)
        >>> m.press("pass")
        >>> job = m.prepare_step()
        >>> job.seat, job.kind
        (1, 'pass')
        >>> m.step(job.decide())  # what the bot chose, in this thread or another
        >>> m.thinking
        2
        """
        h = self.hand
        s = self.thinking
        if s is None or self.pending not in ("pass", "bot") or s not in self.bots or self._displaced:
            return None
        if self.pending == "pass":
            obs, kind = h.observation(s), "pass"
        elif h.phase is Phase.PLAYING:
            obs, kind = self.game.observation(s), "play"
        else:
            return None
        key = (self.game_id, h.hand_number, len(h.plays), s, kind)
        return BotJob(key, s, kind, self.bots[s], obs, self._seed_of(s))

    @_tells_news
    def step(self, decided: BotChoice | None = None) -> None:
        """One piece of the bots' work while paced: the next bot's pass, or the next bot's card.

        The view calls it once the previous position is on screen. It does
        nothing when no bot is due (a step asked for twice is harmless).
        ``decided``: what a :class:`BotJob` from :meth:`prepare_step` chose (the
        view may think in another thread, so the page stays responsive); a
        choice for another position than the table's (the learner started a
        new game meanwhile) is ignored. Without it, the bot decides here.
        """
        if self._lost_to_another_table():  # its bots play on there, not here
            return
        job = self.prepare_step()
        if job is None:
            return
        if decided is None:
            decided = job.decide()
        elif decided.key != job.key:
            return
        self.frames = []
        self.events = []
        h = self.hand
        if self.pending == "pass":
            s = job.seat
            before = h.copy()
            h.pass_cards(s, list(decided.cards))
            if h.phase is Phase.PASSING:
                return
            self._learn_event(before, Move("pass", self.seat))  # every seat has chosen: the cards have moved
            self._passes_done()
            self.pending = self._next_pending()
            self._after_move(keep_message=True)
        elif self.pending == "bot":
            broken = h.hearts_broken
            self._bot_move(decided.cards[0])
            self._card_events(broken)
            self._after_card()
            # A finished trick's line stays; so does what the pass brought while the bots open the hand.
            self._after_move(keep_message=self.pending == "trick" or self._says("ui.msg.passed"))

    @_tells_news
    def play_deal(self, number: str | int) -> None:
        """The deal-number box: start game ``number`` (to replay or share a deal).

        When the game on the table is in progress, the table asks first (:attr:`confirming`).
        """
        self.frames = []
        self.events = []
        if self.confirming is not None:
            self._error(say("ui.msg.answer_first", yes=_button("confirm"), no=_button("cancel")))
            return
        try:
            n = self._check_number(int(str(number).strip()))
        except (ValueError, HeartsError):
            self._error(say("ui.msg.bad_number", text=str(number), max=MAX_DEAL_NUMBER - 1))
            return
        self._new_game("play_deal", n)

    def _link_deal(self, link: tuple[int | None, Phrase | None]) -> None:
        """The deal a link asks for (see :func:`read_link`): started (asking first when a game is in progress),
        or an error that names the link's ``deal`` and says which game is on the table instead."""
        number, problem = link
        if number is not None:
            if number != self.number:  # the link's game already on the table carries on as it was
                self._new_game("link", number)
            return
        assert problem is not None
        earlier = self._line.parts if self._displaced and self._line is not None else ()  # Continue here, or New
        instead = say("ui.msg.link_instead", number=self.number, box=say("ui.label.deal"))
        self._line = _Line("error", (problem, instead, *earlier))

    @_tells_news
    def set_level(self, level: str) -> None:
        """Change the bots' level (takes effect from their next move; the level's bots replace ``bots=``)."""
        try:
            self._check_level(level)
        except ValueError:
            self._error(say("ui.msg.bad_level", level=str(level)))
            return
        self.settings.level = level
        self.own_bots = {}
        self._make_bots()
        self._info(say("ui.msg.level", level=functools.partial(level_label, level)))
        self._save_settings("level")
        self._save_game()  # a could-not-write error replaces the line: it is not hidden behind the level's

    @_tells_news
    def set_humans(self, humans: Sequence[int]) -> None:
        """Choose the seats people play (at least one); bots take the others from their next move.

        A seat freed in the middle of its turn is played by its bot at once; a
        new person's hand stays covered until they press Ready.

        >>> import tempfile
        >>> m = TableModel(number=3, level="random", data_dir=tempfile.mkdtemp())
        >>> m.set_humans([0, 2])
        >>> m.humans, m.bot_seats
        ((0, 2), (1, 3))
        >>> m.set_humans([])
        >>> m.message.text
        'Choose at least one seat for a person.'
        """
        try:
            seats = check_humans(humans)
        except ValueError:
            self._error(say("ui.msg.bad_humans"))
            return
        if self._displaced:
            self._refuse_displaced()
            return
        self.frames = []
        self.humans = seats
        self._make_bots()
        self._bots_pass()
        target = self._person_to_act()
        if target != self.seat:
            self._hand_to(target)
        self._accepted(None)
        self._run_bots()
        self._after_move()

    @_tells_news
    def set_setting(self, name: str, value: Any) -> None:
        """Change one setting (``four_colour``, ``table_colour``, ``card_back``, ``lang``, ``step_bots``,
        ``speed``, ``trick_pause``, ``sound``, ``target_score``, and learn mode's ``learn``, ``notes_again``,
        ``coach``).

        A new language re-says the message line in that language. A value the
        setting cannot take is refused with a message naming the setting. A
        new ``target_score`` applies to the game on the table if nothing of it
        has been played yet, else from the next game.
        """
        if name == "level" or name not in {f.name for f in dataclasses.fields(store.Settings)}:
            raise OptionError(f"unknown setting {name!r}", "name")
        old = getattr(self.settings, name)
        setattr(self.settings, name, value)
        try:
            self.settings.validate()
        except store.StoreError as e:
            setattr(self.settings, name, old)
            self._error(say("ui.msg.bad_setting", reason=e.explain))
            return
        self._save_settings(name)
        if name == "target_score" and not self._target_given:
            if self.in_progress or self.game.is_over or self._displaced:
                self._info(say("ui.msg.target_next", target=value))
            else:
                self.rules = Rules(target_score=value)
                self._start(self.number)
                self._info(say("ui.msg.target_now", target=value, number=self.number))
        if name == "step_bots" and self.pending is None and not self._displaced:  # another table's game: never
            if self.paced:
                self.pending = self._next_pending()
            elif not value:
                self._run_bots()
                self._after_move()
        elif name == "learn":
            self._learning = value if value is not None else self.lesson.progress.hands_finished == 0
            self.lesson.start()
            if not self._displaced:
                self._learn_decide()
        elif name == "notes_again":
            self.lesson.again = bool(value)

    # ----- buttons -------------------------------------------------------------

    def _press_pass(self) -> None:
        h = self.hand
        if self.game.is_over:
            self._error(IllegalMoveError(Rule.GAME_OVER).explain)
            return
        if self.covered:
            self._error(self._cover_prompt())
            return
        me = self.seat
        before = h.copy()
        coach_view = self.game.observation(me) if self._coaching and h.phase is Phase.PASSING else None
        try:
            h.pass_cards(me, list(CardSet(self.selection)))
        except IllegalMoveError as e:
            self._error(e.explain)
            return
        self._learn_start()
        if h.phase is not Phase.PASSING:  # every seat has chosen: the cards have moved
            self._learn_event(before, Move("pass", me))
        if coach_view is not None:
            from .coach import comment_pass

            self.lesson.coached(comment_pass(coach_view, CardSet(h.passes[me] or 0)))
        self.selection = 0
        self.hint = None
        waiting = [s for s in self.humans if s in h.waiting_to_pass]
        if waiting:  # the next person chooses theirs; nothing of this pass is shown to them
            self._hand_to(waiting[0])
            self._accepted(_Line("info", (self._cover_prompt(),)))
            self._save_game()
            return
        if h.phase is Phase.PASSING and self.paced:  # the bots choose theirs one step each, shown as they think
            self.pending = "pass"
            self._accepted(_Line("info", (say("ui.msg.passing_wait"),)))
            self._save_game()
            return
        if h.phase is Phase.PASSING:  # a game saved by a paced table: the bots' passes are still to choose
            before = h.copy()
            self._bots_pass()
            self._learn_event(before, Move("pass", me))
        self._accepted(None)
        self._passes_done()
        self._proceed()
        self._after_move(keep_message=True)

    def _passes_done(self) -> None:
        """Every pass is made and the cards have changed hands: say what went where."""
        h = self.hand
        me = self.seat
        got = h.received[me] or 0
        self.received_flash = got
        self._line = _Line(
            "ok",
            (
                say(
                    "ui.msg.passed",
                    given=cards_label(CardSet(h.passes[me] or 0)),
                    to=_seat(h.pass_target(me)),
                    got=cards_label(CardSet(got)),
                    source=_seat(h.pass_source(me)),
                ),
            ),
        )
        if h.to_play == me:
            self.events.append("turn")

    def _press_hint(self) -> None:
        if not self.can_hint:
            self._error(say("ui.msg.no_hint"))
            return
        bot = levels.hint_bot()
        obs = self.game.observation(self.seat)
        d = bot.decide_pass(obs) if self.hand.phase is Phase.PASSING else bot.decide_play(obs)
        self.hint = Hint(tuple(d.cards), d)
        explanation = getattr(d, "explanation", None)
        if isinstance(explanation, Explanation) and explanation.kind == "pass":  # the pass: its facts as a list
            count = len(explanation.facts)
            items = tuple(functools.partial(_sentence, explanation, i) for i in range(count))
            self._line = _Line("info", (say("ui.msg.hint_pass_why", cards=cards_label(d.cards)),), items)
            return
        if d.parts and len(d.cards) > 1:  # a pass: each card's own reason, in a list naming its cards
            count = len(d.reasons("en"))
            items = tuple(functools.partial(_reason_words, d, i) for i in range(count))
            self._line = _Line("info", (say("ui.msg.hint_pass", cards=cards_label(d.cards)),), items)
            return
        choice = isinstance(explanation, Explanation) and len(obs.legal_moves) > 1
        how = (say("ui.msg.why_not_howto"),) if choice else ()  # how to ask "why not" another card
        self._line = _Line("info", (say("ui.msg.hint", cards=cards_label(d.cards), reason=d.explain), *how))

    def why_not_card(self, code: str | int) -> None:
        """"Why not this card?": the card's expected points beside the hinted card's, and what each does in the
        trick, in the words of the hint (:func:`hearts.explain.why_not`); during the pass, the best pass the
        expert weighed with the card. Shows the hint too. A card that is not the learner's to play or pass
        now gets an error message and changes nothing."""
        self.frames = []
        self.events = []
        try:
            c = Card(code) if isinstance(code, int) else Card.parse(code)
        except (CardParseError, ValueError):
            self._error(say("ui.msg.not_a_card", text=str(code)))
            return
        if not self.can_hint:
            self._error(say("ui.msg.no_hint"))
            return
        obs = self.game.observation(self.seat)
        allowed = obs.hand_mask if self.hand.phase is Phase.PASSING else obs.legal_mask()
        if not allowed >> c & 1:
            self._error(say("ui.msg.why_not_illegal", card=str(c)))
            return
        if self.hint is None or not isinstance(self.hint.decision, HintDecision):
            d = levels.hint_bot().advise(obs)
            self.hint = Hint(tuple(d.cards), d)
        given = self.hint.decision.explanation  # type: ignore[attr-defined]
        assert given is not None
        answer = why_not(obs, given, c)
        self._info(say("ui.msg.why_not", card=str(c), reason=answer.words))

    def _press_restart(self) -> None:
        self._new_game("restart", self.number)

    def _press_new(self) -> None:
        self._new_game("new", self._new_number())

    def _press_day(self) -> None:
        self._new_game("day", day_number(datetime.date.today()))

    def _new_game(self, button: str, number: int) -> None:
        """Start game ``number`` for ``button``, or first ask whether to abandon the game in progress: this
        table's own, or the one the save file holds for another table (shown here or not)."""
        elsewhere = None if self.in_progress else self._game_elsewhere()
        if self.in_progress or elsewhere is not None:
            self.confirming = (button, number)
            if elsewhere is not None:
                g = elsewhere.game
                again = button == "restart" and number == g.number
                key = "ui.msg.confirm_restart_elsewhere" if again else "ui.msg.confirm_new_elsewhere"
                question = say(key, number=g.number, hand=g.hand_number, new=number)
            else:
                key = "ui.msg.confirm_restart" if button == "restart" else "ui.msg.confirm_new"
                question = say(key, number=self.number, hand=self.hand.hand_number, new=number)
            self._line = _Line(
                "info",
                (
                    *((say("ui.msg.link_asks", new=number),) if button == "link" else ()),
                    question,
                    say("ui.msg.confirm_history", yes=_button("confirm"), no=_button("cancel")),
                ),
            )
            return
        self._start(number, said=(say(_STARTED.get(button, "ui.msg.started"), number=number),))

    def _press_confirm(self) -> None:
        if self.confirming is None:
            self._error(say("ui.msg.nothing_to_confirm"))
            return
        button, number = self.confirming
        self.confirming = None
        left = self._record_abandoned()
        started = say(_STARTED.get(button, "ui.msg.started"), number=number)
        # The learner said yes: a game in progress at another table is left too (into History as abandoned).
        self._start(number, said=(*(() if left is None else (left,)), started), abandon=True)

    def _press_cancel(self) -> None:
        if self.confirming is None:
            self._error(say("ui.msg.nothing_to_confirm"))
            return
        self.confirming = None
        if self._displaced:  # still another table's game: the choice it offers stays
            self._line = _Line("info", self._displaced_words())
            return
        self._line = _Line("info", (say("ui.msg.kept_playing", number=self.number), *self._turn_message().parts))

    def _press_next(self) -> None:
        if self.pending is not None:
            self._refuse_while_busy()
            return
        if not self.hand.is_over:
            self._error(say("ui.msg.hand_not_over"))
            return
        if self.game.is_over:
            self._error(IllegalMoveError(Rule.GAME_OVER).explain)
            return
        self._learn_start()
        self.game.next_hand()
        self._begin_hand()
        self._accepted(_Line("info", (self._hand_intro(),)))
        self._after_move(keep_message=True)

    def _press_continue(self) -> None:
        h = self.hand
        if self.pending == "trick":  # the finished trick goes to its winner
            self.pending = None
            self._accepted(None)
            self.pending = self._next_pending()
            if h.is_over:
                self._after_move()
            else:
                self._line = self._turn_message()
                self._next_person()
                if h.to_play == self.seat and not self.covered:
                    self.events.append("turn")
                self._save_game()
            return
        if self.pending is not None:
            self._refuse_while_busy()
            return
        if h.phase is Phase.PLAYING and h.to_play in self.bot_seats:
            self._learn_start()
            broken = h.hearts_broken
            self._bot_move()
            self._card_events(broken)
            self._accepted(None)
            if self.paced:
                self._after_card()
                self._after_move(keep_message=self.pending == "trick")
                return
            self._after_move()
            return
        self._error(say("ui.msg.nothing_to_continue"))

    def _press_ready(self) -> None:
        if not self.covered:
            self._error(say("ui.msg.nothing_to_ready"))
            return
        self.covered = False
        h = self.hand
        me = self.seat
        got = h.received[me]
        if got and h.phase is Phase.PLAYING and me not in {s for s, _ in h.plays}:
            self.received_flash = got  # this person has not seen the cards passed to them yet
        self._accepted(None)
        self._after_move()
        if self.received_flash and self._line is not None and self._line.kind == "info":
            received = say("ui.msg.received", got=cards_label(CardSet(got or 0)), source=_seat(h.pass_source(me)))
            self._line = _Line("info", (received, *self._line.parts))

    def _press_take_over(self) -> None:
        if not self._displaced:
            self._error(say("ui.msg.nothing_to_take_over"))
            return
        shown, was, replaced = self.game_id, self.number, self._replaced_by
        displaced, self._displaced, self._replaced_by = self._displaced, "", None
        self.frames = []
        try:
            with store.locked(self.folder):  # nobody saves between reading the game and claiming it
                if not self._resume(take_over=True):
                    # The save is gone (or was damaged and kept aside): the game shown here carries on from here.
                    self._save_game(claim=_Claim("start"))
        except OSError as e:  # the folder's lock: nothing was read or written
            self._displaced, self._replaced_by = displaced, replaced
            self._error(say("ui.msg.cannot_write", path=str(self.save_path), reason=str(e)))
            return
        if self._claim is not None:  # the claim could not be written: it is made with the next save that works
            parts = self._line.parts if self._line is not None else ()
            self._line = _Line("error", (*parts, say("ui.msg.take_over_unsaved", number=self.number)))
            return
        if self._notices:  # a damaged save found on the way: say what became of it
            self._line = _Line("error", tuple(p for n in self._notices for p in n.parts))
            self._notices = []
            return
        if self.game_id == shown:
            self._info(say("ui.msg.took_over", number=self.number, hand=self.hand.hand_number))
        else:  # not the game this table showed: the other table had started this one in its place
            self._info(say("ui.msg.took_over_other", number=self.number, was=was, hand=self.hand.hand_number))

    def _refuse_displaced(self) -> None:
        self._line = _Line("error", self._displaced_words())

    def _displaced_words(self) -> tuple[Words, ...]:
        """Why nothing can be played here, and the choice the table offers: take the file's game, or a new one."""
        take, new = _button("take_over"), _button("new")
        if self._displaced == "taken" and self._replaced_by is not None:
            game, in_history = self._replaced_by
            replaced = say("ui.msg.replaced", game=game, number=self.number, take=take, new=new)
            return (replaced, *((say("ui.msg.replaced_in_history", number=self.number),) if in_history else ()))
        key = "ui.msg.taken_over" if self._displaced == "taken" else "ui.msg.not_owner"
        return (say(key, take=take, new=new),)

    def close(self) -> None:
        """This table is closed: its saved game is free for another table to open without asking."""
        _OPEN_TABLES.pop(self.table_id, None)

    def reopen(self, *, link: bool = False) -> None:
        """Read the data folder again, as a table opened now would (the saved game resumed, the settings,
        History and learn progress read anew): after the folder was merged with a browser's copy or a progress
        file (:mod:`hearts_widgets.browser_copy`). The options given when the table was made stay, but a deal
        asked for (``number``) is not dealt again, nor a link's ``deal`` asked for again unless ``link``."""
        options = {**self._options, "number": None, "resume": True}
        if not link:
            options["deal"] = None
        self.close()
        TableModel.__init__(self, **options)

    def save_progress(self) -> bytes:
        """The learner's progress (the games in progress, History, settings, learn progress) as one file's
        bytes, to keep and load back with :meth:`load_progress` here or at any other table.

        >>> import tempfile, json
        >>> m = TableModel(number=5, data_dir=tempfile.mkdtemp())
        >>> sorted(json.loads(m.save_progress())["files"])
        ['table-save.json']
        """
        from .browser_copy import progress_file

        return progress_file(self.folder)

    def load_progress(self, raw: bytes, name: str = "progress file") -> int:
        """Load a progress file made by :meth:`save_progress` (``raw``, its bytes; ``name``, what to call it):
        merged with the folder as a browser's copy is (games never lost, by their identity; the newer game in
        progress resumed, the other into History), then the table is reopened on the result (:meth:`reopen`).

        Every part is checked by the same strict loaders as the folder's files first: a damaged file, or one
        written by a newer version, is refused with :class:`~hearts_widgets.store.StoreError` (said in the
        learner's language with ``.explain(lang)``) and nothing changes. Returns the games added to History.

        >>> import tempfile
        >>> a = TableModel(number=5, data_dir=tempfile.mkdtemp())
        >>> b = TableModel(number=9, data_dir=tempfile.mkdtemp())
        >>> b.load_progress(b'{"format": "hearts-progress", "version": 2}')
        Traceback (most recent call last):
        ...
        hearts_widgets.store.StoreError: progress file: version: it was written by a newer version of hearts ...
        >>> b.load_progress(a.save_progress()), b.number
        (0, 9)
        """
        from .browser_copy import load_progress_file

        report = load_progress_file(self.folder, raw, label=name, owner=self.table_id)
        if report.changed:
            self.reopen()
        key = "ui.progress.loaded_game" if _SAVE_FILES[self.app] in report.brought else "ui.progress.loaded"
        self._info(say(key, name=name, games=report.games_added))
        return report.games_added

    def _press_reset_history(self) -> None:
        kept = None
        path = self.folder / store.HISTORY_FILE
        try:
            with store.locked(self.folder):  # no table writes the history between moving it aside and the reset
                if self._history_problem is not None and (path.exists() or path.is_symlink()):
                    kept = store.keep_bad_copy(path)
                    if kept is None:  # never written over: the damaged file stays exactly as it is
                        self._error(say("ui.msg.history_reset_left", path=str(path)))
                        return
                try:
                    self.history = store.History.reset(self.folder)
                except OSError as e:
                    if kept is None:
                        raise
                    if store.put_back(kept, path):  # the damaged history is where it was: "left as it is" holds
                        self._error(say("ui.msg.history_reset_failed", path=str(path), reason=str(e)))
                    else:
                        said = say("ui.msg.history_reset_failed_kept", path=str(path), reason=str(e), kept=str(kept))
                        self._history_problem = said
                        self._error(said)
                    return
        except OSError as e:
            self._error(say("ui.msg.cannot_write", path=str(path), reason=str(e)))
            return
        self._history_problem = None
        if kept is not None:
            self._info(say("ui.msg.history_reset_kept", kept=str(kept)))
        else:
            self._info(say("ui.msg.history_reset"))

    # ----- internals -----------------------------------------------------------

    def _check_level(self, level: str) -> None:
        if level not in levels.available_levels():
            raise OptionError(
                f"unknown bot level {level!r}; choose one of {', '.join(levels.available_levels())}", "level"
            )

    @staticmethod
    def _check_number(n: int) -> int:
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < MAX_DEAL_NUMBER:
            raise OptionError(f"the deal number must be 0 to {MAX_DEAL_NUMBER - 1}, not {n!r}", "number")
        return n

    def _new_number(self) -> int:
        return self.rng.randrange(1, 1_000_000)

    def _make_bots(self) -> None:
        self.bots: dict[int, Bot] = {}
        for s in self.bot_seats:
            own = self.own_bots.get(s)
            if own is None:
                self.bots[s] = levels.make(self.level, seed=s)
            else:
                self.bots[s] = copy.deepcopy(own)
                self.bots[s].reseed(s)

    @property
    def opponents_label(self) -> str:
        """Who the bots are, for the history: the level, or the names of the bots given with ``bots=``."""
        if not self.own_bots:
            return self.level
        return ", ".join(dict.fromkeys(str(b.name) for b in self.own_bots.values()))

    def _start(self, number: int, *, said: tuple[Words, ...] = (), abandon: bool = False, left: bool = False) -> None:
        """Deal game ``number``, this table's own, and save it over whatever the file holds (see :class:`_Claim`;
        ``abandon``: the learner said yes to leaving a game in progress at another table; ``left``: the table
        opens over the file, so a game in progress a closed table left is recorded too).

        ``said`` is the message line (the hand's intro by default); a save that fails comes after it.
        """
        self._learn_start()
        self._displaced = ""  # a game of this table's own
        self._replaced_by = None
        self.game_id = uuid.uuid4().hex
        if not self._target_given:
            self.rules = Rules(target_score=self.settings.target_score)
        self.pending = None
        self.confirming = None
        self.game = Game(number, self.rules)
        self.recorded = False
        self.selection = 0
        self.hint = None
        self.received_flash = 0
        self._make_bots()
        self._begin_hand()
        self._line = _Line("info", said or (self._hand_intro(),))
        self.actions += 1
        self._save_game(claim=_Claim("start", abandon=abandon, left=left))
        if self._claim is not None and self._line is not None and self._line.kind == "error":
            self._line = _Line("error", (*said, *self._line.parts))  # the game is dealt here, but not saved yet

    def _begin_hand(self) -> None:
        self.selection = 0
        self.hint = None
        self.received_flash = 0
        h = self.hand
        if len(self.humans) > 1:  # a new hand on a shared screen: the first person to act takes it, covered
            first = [s for s in self.humans if s in h.waiting_to_pass] or [self.humans[0]]
            self.seat = first[0]
            self.covered = True
        if self.learning:
            self.lesson.dealt(self.game)
        if self.paced:  # the bots choose their passes after the people's, one step each
            self.pending = self._next_pending()
        else:
            self._bots_pass()
            self._run_bots()
        self._learn_decide()

    def _bots_pass(self) -> None:
        h = self.hand
        if h.phase is Phase.PASSING:
            for s in self.bot_seats:
                if h.passes[s] is None:
                    bot = self._seeded(s)
                    h.pass_cards(s, list(bot.choose_pass(h.observation(s))))

    def _hand_intro(self) -> Phrase:
        h = self.hand
        if self.covered:
            return self._cover_prompt()
        if h.phase is Phase.PASSING:
            return say(
                "ui.msg.choose_pass",
                hand=h.hand_number,
                direction=say(f"pass.{h.pass_direction.value}"),
                to=_seat(h.pass_target(self.seat)),
                button=_button("pass"),
            )
        return say("ui.msg.no_pass", hand=h.hand_number)

    def _seed_of(self, s: int) -> int:
        """The seed of seat ``s``'s bot in this position, so a resumed game plays on identically."""
        h = self.hand
        return StableRandom(f"hearts-table/v1/{self.number}/{h.hand_number}/{s}/{h.cards_played}").bits64()

    def _seeded(self, s: int) -> Bot:
        """The bot at seat ``s``, reseeded from the position (see :meth:`_seed_of`)."""
        bot = self.bots[s]
        bot.reseed(self._seed_of(s))
        return bot

    def _bot_move(self, chosen: Card | None = None) -> None:
        h = self.hand
        s = h.to_play
        if h.phase is Phase.PLAYING:
            c = self._seeded(s).choose_play(self.game.observation(s)) if chosen is None else chosen
            before = h.copy()
            h.play(c, seat=s)
            self._learn_event(before, Move("play", s, c))
            if not self.paced:  # paced, every card is its own drawing already
                self.frames.append(h.copy())

    def _run_bots(self) -> None:
        """Bots move until a person must act (or the hand ends). Not in step mode."""
        if not self.settings.step_bots:
            while True:
                h = self.hand
                if h.phase is Phase.PLAYING and h.to_play in self.bot_seats:
                    self._bot_move()
                else:
                    break
        self._next_person()

    def _person_to_act(self) -> int:
        """The person who acts next (or, when no person must act, the one at the screen if still playing)."""
        h = self.hand
        waiting = [s for s in self.humans if s in h.waiting_to_pass]
        if waiting:
            return self.seat if self.seat in waiting else waiting[0]
        if h.phase is Phase.PLAYING and h.to_play in self.humans:
            return h.to_play
        return self.seat if self.seat in self.humans else self.humans[0]

    def _next_person(self) -> None:
        """When another person is to play, the screen goes to them (covered)."""
        h = self.hand
        if h.phase is Phase.PLAYING and h.to_play in self.humans and h.to_play != self.seat:
            self._hand_to(h.to_play)

    def _hand_to(self, seat: int) -> None:
        """The screen goes to the person at ``seat``: their hand stays covered until they press Ready."""
        self.seat = seat
        self.covered = len(self.humans) > 1
        self.selection = 0
        self.hint = None
        self.received_flash = 0

    def _cover_prompt(self) -> Phrase:
        return say("ui.msg.covered", seat=_seat(self.seat), button=_button("ready"))

    def _proceed(self) -> None:
        """After the learner's action: the bots move at once, or (paced) one :meth:`step` at a time."""
        if self.paced:
            self.pending = self._next_pending()
        else:
            self._run_bots()

    def _next_pending(self) -> str | None:
        """What a paced table waits for in this position (never a finished trick: see :meth:`_after_card`)."""
        h = self.hand
        if h.phase is Phase.PASSING and h.waiting_to_pass and not set(self.humans) & set(h.waiting_to_pass):
            return "pass"
        if h.phase is Phase.PLAYING and h.to_play in self.bot_seats and not self.settings.step_bots:
            return "bot"
        return None

    def _after_card(self) -> None:
        """Paced: after any card, hold a finished trick on the table, else say who moves next."""
        h = self.hand
        if not h.trick and h.tricks and h.cards_played == len(h.tricks) * h.n:
            self.pending = "trick"
            self._line = _Line("ok", self._trick_text(h.tricks[-1]))
            return
        self.pending = self._next_pending()
        if self.pending is None:
            self._next_person()
            if h.phase is Phase.PLAYING and h.to_play == self.seat and not self.covered:
                self.events.append("turn")

    def _card_events(self, hearts_were_broken: bool) -> None:
        """The sounds a card just played calls for."""
        h = self.hand
        if h.hearts_broken and not hearts_were_broken:
            self.events.append("hearts")
        if not h.trick and h.tricks:
            self.events.append("trick")
            if _QS in h.tricks[-1].cards:
                self.events.append("queen")

    def _trick_text(self, trick: Trick) -> tuple[Words, ...]:
        """Who took the trick, with which card, and its points (and where Q♠ went); then how to go on."""
        high = trick.played_by(trick.winner)
        you = trick.winner == self.seat and len(self.humans) == 1
        if you:
            parts: list[Words] = [say("ui.msg.trick_you", trick.points, card=str(high), points=trick.points)]
        else:
            parts = [say("ui.msg.trick_taken", trick.points, seat=_seat(trick.winner), card=str(high),
                         points=trick.points)]
        if _QS in trick.cards:
            parts.append(say("ui.msg.queen_you" if you else "ui.msg.queen_to", seat=_seat(trick.winner)))
        last = self.hand.is_over
        parts.append(say("ui.msg.collect_last" if last else "ui.msg.collect", button=say("ui.button.collect")))
        return tuple(parts)

    def trick_words(self) -> Phrase:
        """The finished trick on show, in a few words for the board: who took it and how to go on."""
        trick = self.hand.tricks[-1]
        who = say("ui.msg.you") if trick.winner == self.seat and len(self.humans) == 1 else _seat(trick.winner)
        return say("ui.msg.banner_trick", trick.points, seat=who, points=trick.points)

    def _refuse_while_busy(self) -> bool:
        """Refuse a click while bots think, a trick is on show, or a question waits (True when refused)."""
        if self.confirming is not None:
            self._error(say("ui.msg.answer_first", yes=_button("confirm"), no=_button("cancel")))
            return True
        if self.pending in ("pass", "bot"):
            s = self.thinking
            assert s is not None
            self._error(self.wait_words())
            return True
        if self.pending == "trick":
            self._error(say("ui.msg.trick_on_show", button=say("ui.button.collect")))
            return True
        return False

    def wait_words(self) -> Phrase:
        """Why a click is refused while a bot is thinking (the view shows it at once, in the browser)."""
        s = self.thinking
        if s is None:  # the table has not answered the last click yet
            return say("ui.msg.wait_answer")
        return say("ui.msg.wait_thinking", seat=_seat(s))

    def thinking_words(self) -> Phrase | None:
        """'West is thinking…' (or choosing cards to pass), for the board; ``None`` when no bot is due."""
        s = self.thinking
        if s is None:
            return None
        return say("ui.msg.thinking_pass" if self.pending == "pass" else "ui.msg.thinking", seat=_seat(s))

    def _after_move(self, *, keep_message: bool = False) -> None:
        h = self.hand
        self._learn_decide()
        if h.is_over and self.pending == "trick":
            if self.game.is_over:
                self._record_finished_game()
            self._save_game()
            return
        if h.is_over:
            self.lesson.finished_hand(self.game)
            self.received_flash = 0
            if self.game.is_over:
                self._record_finished_game()
            s = self.summary()
            assert s is not None
            if not keep_message or self._line is None or self._line.kind != "error":
                self._line = _Line("ok", self._summary_text(s))
        elif self.covered:
            self._line = _Line("info", (self._cover_prompt(),))
        elif not keep_message:
            self._line = self._turn_message()
        self._save_game()
        self._learn_write_error()

    def _turn_message(self) -> _Line:
        h = self.hand
        if self.pending in ("pass", "bot"):
            words = self.thinking_words()
            assert words is not None
            return _Line("info", (words,))
        if h.phase is Phase.PASSING and h.passes[self.seat] is None:
            return _Line("info", (self._hand_intro(),))
        if h.phase is Phase.PLAYING and h.to_play == self.seat:
            key = "ui.msg.your_lead" if not h.trick else "ui.msg.your_turn"
            return _Line("info", (say(key),))
        if h.phase is Phase.PLAYING:
            return _Line("info", (say("ui.msg.waiting", seat=_seat(h.to_play), button=_button("continue")),))
        return _Line("info")

    def _summary_text(self, s: dict[str, Any]) -> tuple[Words, ...]:
        shooter = s["shooter"]
        if shooter is None:
            parts: list[Words] = [
                say(
                    "ui.msg.hand_done",
                    s["points"][self.seat],
                    hand=s["hand_number"],
                    points=s["points"][self.seat],
                    total=s["totals"][self.seat],
                )
            ]
        else:  # the moon: say where the 26 went, and what it did to the learner's total
            full = self.rules.moon_points
            added = self.hand.result().moon is MoonScoring.ADD_TO_OTHERS
            who = "you" if shooter == self.seat else "other"
            parts = [
                say("ui.msg.hand_over_moon", hand=s["hand_number"]),
                say(f"ui.msg.moon_{'add' if added else 'subtract'}_{who}", seat=_seat(shooter), full=full),
                say("ui.msg.moon_total", score=f"{s['scores'][self.seat]:+d}", total=s["totals"][self.seat]),
            ]
        if s["game_over"]:
            if self.seat in s["winners"]:
                key = "ui.msg.game_won_shared" if s["shared"] else "ui.msg.game_won"
            else:
                key = "ui.msg.game_lost_shared" if s["shared"] else "ui.msg.game_lost"
            parts.append(say(key, winners=_seats(s["winners"])))
        else:
            parts.append(say("ui.msg.press_next", button=_button("next")))
        return tuple(parts)

    def _toggle(self, c: Card) -> None:
        h = self.hand
        if h.passes[self.seat] is not None:
            self._error(IllegalMoveError(Rule.ALREADY_PASSED, seat=self.seat, players=self.rules.num_players).explain)
            return
        if not h.hands[self.seat] >> c & 1:
            self._error(IllegalMoveError(Rule.CARD_NOT_IN_HAND, card=str(c)).explain)
            return
        bit = 1 << c
        if self.selection & bit:
            self.selection &= ~bit
        elif self.selection.bit_count() >= self.rules.pass_size:
            self._error(say("ui.msg.three_chosen", count=self.rules.pass_size))
            return
        else:
            self.selection |= bit
        n = self.selection.bit_count()
        if n == self.rules.pass_size:
            said = say("ui.msg.pass_ready", count=n, need=self.rules.pass_size, button=_button("pass"))
        else:
            said = say("ui.msg.pass_count", count=n, need=self.rules.pass_size)
        self._accepted(_Line("info", (said,)))
        self._save_game()

    def _says(self, key: str) -> bool:
        """Whether the message line opens with the catalogue message ``key``."""
        first = self._line.parts[0] if self._line is not None and self._line.parts else None
        return isinstance(first, Phrase) and first.key == key

    def _accepted(self, line: _Line | None) -> None:
        self.actions += 1
        if line is not None:
            self._line = line

    def _error(self, words: Words) -> None:
        self._line = _Line("error", (words,))

    def _info(self, words: Words) -> None:
        self._line = _Line("info", (words,))

    # ----- learn mode ----------------------------------------------------------

    @property
    def _coaching(self) -> bool:
        return self.learning and self.settings.coach

    def _learn_start(self) -> None:
        """The learner acts: learn mode's notes start afresh."""
        self.lesson.start()

    def _learn_event(self, before: HandState, move: Move) -> None:
        """An action was played (``before`` is the hand just before it): learn mode looks at it."""
        if self.learning:
            self.lesson.observe(Event(before, self.hand.copy(), move, self.game))

    def _learn_decide(self) -> None:
        if self.learning:
            self.lesson.decide(self.game)

    @property
    def earlier_lessons(self) -> int:
        """How many rules the learner met in learn mode before Learn by playing had lessons of its own (kept in
        the game table's progress file), offered to count here (``press("count_earlier")``); 0: nothing to offer.

        Only the Learn by playing app (``app="learn"``) offers them, and only while it has no progress of its
        own yet: they may be another person's, so they are not counted unless the learner says so.
        """
        return 0 if self._earlier is None else len(self._earlier)

    def _earlier_lessons(self) -> frozenset[str] | None:
        """The rules met in the game table's progress file, when this is the Learn by playing app and it has no
        progress file of its own yet (the files every table shared before it had one); else ``None``."""
        own = self.lesson.progress
        if self.app != "learn" or own.path.exists() or own.path.is_symlink() or self.lesson.problem is not None:
            return None
        try:
            shared = Progress.load(self.folder, PROGRESS_FILE)
        except store.StoreError:  # the game table says what is wrong with its file when it opens
            return None
        return frozenset(shared.seen) if shared.seen else None

    def _press_count_earlier(self) -> None:
        earlier = self._earlier
        if earlier is None:
            self._error(say("ui.msg.no_earlier_lessons"))
            return
        self._earlier = None
        self.lesson.count_met(earlier)
        self._info(say("ui.msg.earlier_counted", met=len(earlier)))
        self._learn_write_error()

    def _learn_write_error(self) -> None:
        """The progress file could not be written (a full disk, a read-only folder): say so; play goes on."""
        e = self.lesson.write_error
        if e is not None:
            self.lesson.write_error = None
            self._error(say("ui.msg.cannot_write", path=str(self.lesson.progress.path), reason=str(e)))

    # ----- files ---------------------------------------------------------------

    def _load_settings(self) -> store.Settings:
        """The settings file, or the defaults and a notice (said in the table's language once it is known)."""
        try:
            return store.Settings.load(self.folder)
        except store.StoreError as e:
            kept = store.keep_bad_copy(self.folder / store.SETTINGS_FILE)
            if kept is None:
                self._settings_blocked = True  # the damaged file is never written over
                said = say("ui.msg.bad_settings_left", path=e.path, reason=e.explain)
            else:
                said = say("ui.msg.bad_settings", path=e.path, reason=e.explain, kept=str(kept))
            self._notices.append(_Line("error", (said,)))
            return store.Settings()

    def _save_settings(self, *names: str) -> None:
        """Write the settings ``names`` (only those: another table's changes to the others are kept).

        A file damaged since the table opened is kept aside and every setting shown here is written in its
        place; the learner is told where the damaged file went.
        """
        if self._settings_blocked:
            return
        try:
            store.Settings.update(self.folder, names, self.settings, on_kept=self._settings_kept)
        except store.StoreError as e:
            self._settings_blocked = True  # damaged since, and it could not be moved aside: left as it is
            self._error(say("ui.msg.settings_damaged_left", path=e.path, reason=e.explain))
        except OSError as e:
            self._error(say("ui.msg.cannot_write", path=str(self.folder), reason=str(e)))

    def _settings_kept(self, kept: store.KeptCopy) -> None:
        e = kept.error
        self._tell("error", say("ui.msg.settings_damaged_kept", path=e.path, reason=e.explain, kept=str(kept.copy)))

    def _load_history(self) -> None:
        try:
            self.history = store.History.load(self.folder)
        except store.StoreError as e:
            self.history = None
            self._history_problem = say("ui.msg.bad_history", path=e.path, reason=e.explain)
            self._notices.append(_Line("error", (self._history_problem,)))

    def _record_abandoned(self) -> Words | None:
        """The game left unfinished goes into History as played and not won (a streak ends with it).

        Returns what to say about it (``None``: nothing was left here: the game is over, already recorded,
        or another table's).
        """
        if self.recorded or not self.in_progress:  # (a game another table's, or over, is never in progress here)
            return None
        if self.history is None:  # the damaged history is left as it is: the game cannot go into it
            return say("ui.msg.abandoned_unrecorded")
        self.history.add(
            number=self.number,
            final=tuple(self.game.scores),
            winners=(),
            level=self.opponents_label,
            game_id=self.game_id,
            abandoned=True,
        )
        self.recorded = True
        problem = self._save_history()
        if problem is not None:
            return problem
        return say("ui.msg.abandoned")

    def _save_history(self) -> Words | None:
        """Save the history (merged with other tables' under the lock); a problem is said (and returned), never
        raised. A game that could not be written stays in memory and is written with the next save."""
        assert self.history is not None
        try:
            self.history.save()
        except store.StoreError as e:  # damaged since the table opened: left as it is, said in the panel
            self.history = None
            self._history_problem = say("ui.msg.bad_history", path=e.path, reason=e.explain)
            return say("ui.msg.abandoned_unrecorded")
        except OSError as e:
            said = say("ui.msg.cannot_write", path=str(self.history.path), reason=str(e))
            self._error(said)
            return said
        return None

    def _record_finished_game(self) -> None:
        if self.recorded:
            return
        self.recorded = True
        if self.history is None:
            return  # the damaged file is left as it is; the History panel says so
        o = self.game.outcome()
        self.history.add(
            number=self.number, final=o.totals, winners=o.winners, level=self.opponents_label, game_id=self.game_id
        )
        self._save_history()

    @property
    def save_path(self) -> Path:
        """The file the game is saved to after every action."""
        return self.folder / _SAVE_FILES[self.app]

    def save_data(self) -> dict[str, Any]:
        """The saved game as JSON-ready data (a :mod:`hearts.record` game record plus the table's own state)."""
        return {
            "format": SAVE_FORMAT,
            "version": 1,
            "game": GameRecord.from_game(self.game).to_dict(),
            "table": {
                "level": self.level,
                "selection": CardSet(self.selection).codes(),
                "recorded": self.recorded,
                "game_id": self.game_id,
                "owner": owner_of_this_process(self.table_id),
                "humans": list(self.humans),
                "seat": self.seat,
            },
        }

    def _save_game(self, *, claim: _Claim | None = None) -> None:
        """Save the game, unless another table has taken it over since (``claim``: this table takes it).

        A claim that cannot be written (a full disk) stays, and the next save makes it (see :class:`_Claim`);
        a damaged file found in the way is kept aside first (or, if it cannot be, left and no longer written).
        """
        if self._save_blocked or self._displaced:
            return
        if claim is not None:
            self._claim = claim
        try:
            with store.locked(self.folder):
                if not self._may_write():
                    return
                self._written = store.write_json(self.save_path, self.save_data())
        except OSError as e:
            self._error(say("ui.msg.cannot_write", path=str(self.save_path), reason=str(e)))
            return
        self._claim = None

    def _may_write(self) -> bool:
        """Whether this table may write the save file now (under the folder's lock), from what it holds.

        Yes when it is missing, as this table left it (or, for a claim to take a game, as it was read), or
        this table's; a damaged file is kept aside first. Another table's game: this table's claim to start a
        game of its own replaces it (see :meth:`_abandon_elsewhere`); otherwise that table keeps it, and this
        one is told (:meth:`_taken`).
        """
        claim = self._claim
        path = self.save_path
        try:
            raw = store.read_bytes(path)
            if raw is None or raw == (self._written if claim is None else claim.basis):
                return True
            saved = read_save(raw, path)  # someone else wrote it, or it is damaged: it is read in full
        except store.StoreError as e:
            return self._set_aside_save(e)
        if saved.owner_table == self.table_id or (saved.owner_table is None and not (claim and claim.left)):
            return True
        if claim is None or claim.kind == "take":
            self._claim = None  # that table saved this game since: it is that table's
            self._taken(saved)
            return False
        # OSError (History not written): nothing replaced
        self._abandon_elsewhere(saved, any_owner=claim.abandon or claim.left, ownerless=claim.left)
        return True

    def _lost_to_another_table(self) -> bool:
        """Whether another table (another tab or window) has saved over this table's game since this table
        last saved it: then the learner is told (:meth:`_taken`) before anything is done here, so no card is
        played in a game that can no longer be saved. True also while the game shown is another table's."""
        if self._displaced:
            return True
        if self._save_blocked or self._claim is not None or self._written is None:
            return False  # nothing of this table's in the file yet: the next save decides (see _may_write)
        try:
            raw = store.read_bytes(self.save_path)
            if raw is None or raw == self._written:
                return False
            saved = read_save(raw, self.save_path)
        except store.StoreError:
            return False  # damaged: kept aside at the next save, and said then
        if saved.owner_table is None or saved.owner_table == self.table_id:
            return False
        self._taken(saved)
        return True

    def _set_aside_save(self, e: store.StoreError) -> bool:
        """The save file became damaged while this table was open: kept aside (True: write the game in its
        place) or, if it cannot be moved, left exactly as it is and never written over (False)."""
        kept = store.keep_bad_copy(self.save_path)
        if kept is None:
            self._save_blocked = True
            self._tell("error", say("ui.msg.save_damaged_left", path=e.path, reason=e.explain))
            return False
        self._tell("error", say("ui.msg.save_damaged_kept", path=e.path, reason=e.explain, kept=str(kept)))
        return True

    def _taken(self, saved: _Saved) -> None:
        """Another table saved over this table's game: nothing more is saved here, and the learner is told
        what the file holds now (this game, taken over; or another game started in its place)."""
        self._displaced = "taken"
        self._replaced_by = None
        self.pending = None  # no bot moves and no trick waits here any more: the game goes on at the other table
        self.hint = None
        if saved.game_id != self.game_id:
            in_history = False
            if self.history is not None:
                self.history.refresh()
                in_history = any(g.get("id") == self.game_id and g.get("abandoned") for g in self.history.games)
            self._replaced_by = (saved.game.number, in_history)
        self._refuse_displaced()

    def _elsewhere(self, saved: _Saved, *, any_owner: bool, ownerless: bool = False) -> bool:
        """Whether ``saved`` is another table's game in progress: one that table is still playing (open), or
        with ``any_owner`` one left by a table since closed, or with ``ownerless`` one saved with no owner."""
        owner = saved.owner
        if owner is None:
            return ownerless and saved.in_progress
        if owner["table"] == self.table_id or not saved.in_progress:
            return False
        return any_owner or owner_alive(owner)

    def _game_elsewhere(self) -> _Saved | None:
        """The game in the save file, if a new game here would leave it unfinished at another table (a table
        showing it, :attr:`displaced`, counts one left at a table since closed too); else ``None``."""
        try:
            raw = store.read_bytes(self.save_path)
            if raw is None or raw == self._written:
                return None
            saved = read_save(raw, self.save_path)
        except store.StoreError:  # a damaged file is kept aside when the new game is saved
            return None
        return saved if self._elsewhere(saved, any_owner=bool(self._displaced)) else None

    def _abandon_elsewhere(self, saved: _Saved, *, any_owner: bool, ownerless: bool = False) -> None:
        """A game in progress at another table is about to be replaced by this table's: it goes into History
        as played and not won first, as a game left here does, and the learner is told.

        ``OSError`` if History cannot be written: the save file is then not replaced either.
        """
        if not self._elsewhere(saved, any_owner=any_owner, ownerless=ownerless):
            return
        open_elsewhere = saved.owner is not None and owner_alive(saved.owner)  # else: left by a closed table
        g = saved.game
        if self.history is not None:
            level = saved.level if isinstance(saved.level, str) else ""
            self.history.add(
                number=g.number,
                final=tuple(g.scores),
                winners=(),
                level=level,
                game_id=saved.game_id or None,
                abandoned=True,
            )
            try:
                self.history.save()
            except store.StoreError as e:  # damaged since the table opened: left as it is, said in the panel
                self.history = None
                self._history_problem = say("ui.msg.bad_history", path=e.path, reason=e.explain)
        key = "ui.msg.replaced_recorded" if self.history is not None else "ui.msg.replaced_unrecorded"
        if not open_elsewhere:
            key = key.replace("replaced_", "replaced_left_")
        self._tell("info", say(key, number=g.number, hand=g.hand_number))

    def _tell(self, kind: str, words: Words) -> None:
        """Say ``words`` once the action is done, before whatever else it says (see :func:`_tells_news`)."""
        self._news.append(_Line(kind, (words,)))

    def _tell_news(self) -> None:
        """What became of the files during the action (and learn mode's progress file), put in front of the
        message line; the line is an error if any of it is."""
        lesson = self.lesson
        for kept in lesson.kept:
            e = kept.error
            said = say("ui.msg.progress_damaged_kept", path=e.path, reason=e.explain, kept=str(kept.copy))
            self._tell("error", said)
        lesson.kept = []
        if lesson.left is not None:
            e = lesson.left
            self._tell("error", say("ui.msg.progress_damaged_left", path=e.path, reason=e.explain))
            lesson.left = None
        if not self._news:
            return
        news, self._news = self._news, []
        line = self._line
        kinds = [n.kind for n in news] + ([line.kind] if line is not None else [])
        kind = "error" if "error" in kinds else line.kind if line is not None else news[0].kind
        parts = tuple(p for n in news for p in n.parts) + (line.parts if line is not None else ())
        self._line = _Line(kind, parts, line.items if line is not None else ())

    def _resume(self, *, take_over: bool = False) -> bool:
        """Load the saved game; a damaged file gives a message, is kept aside, and a new game starts.

        A game open at another table is shown but not played until this table
        takes it over (``take_over``, the Continue-here button) or starts its own.
        """
        path = self.save_path
        try:
            raw = store.read_bytes(path)
            if raw is None:
                return False
            saved = read_save(raw, path)
        except store.StoreError as e:
            kept = store.keep_bad_copy(path) if path.exists() or path.is_symlink() else None
            if kept is None:
                self._save_blocked = True  # the damaged file is never written over
                said = say("ui.msg.bad_save_left", path=e.path, reason=e.explain)
            else:
                said = say("ui.msg.bad_save", path=e.path, reason=e.explain, kept=str(kept))
            self._notices.append(_Line("error", (said,)))
            return False
        if saved.level in levels.available_levels() and not self._level_given:
            self.settings.level = saved.level
        game = saved.game
        self.game = game
        self.rules = game.rules
        self.game_id = saved.game_id or uuid.uuid4().hex  # a save from before games had one gets its identity now
        h = game.hand
        humans = self.humans if self._humans_given else saved.humans  # the humans option wins over the file
        person = saved.seat if saved.seat in humans and not isinstance(saved.seat, bool) else humans[0]
        self.humans, self.seat = humans, person
        self.covered = len(humans) > 1 and not h.is_over  # whoever sits down first says they are ready
        self.selection = saved.selection.mask & h.hands[person] if h.phase is Phase.PASSING and not self.covered else 0
        self.recorded = saved.recorded
        self._make_bots()
        owner = saved.owner
        if not take_over and owner is not None and owner["table"] != self.table_id and owner_alive(owner):
            self._displaced = "elsewhere"  # shown as it was saved; played only once taken over
            self.covered = False
            self._line = _Line(
                "info",
                (say("ui.msg.owned_elsewhere", number=game.number, take=_button("take_over"), new=_button("new")),),
            )
            return True
        if self.paced:
            self.pending = self._next_pending()
        else:
            self._bots_pass()  # seats given to bots since the save (humans=...) choose their cards
            self._run_bots()
        self._line = _Line("info", (say("ui.msg.resumed", number=game.number, hand=h.hand_number),))
        self._learn_decide()
        if game.is_over and not saved.recorded:
            self._record_finished_game()  # finished just before the kernel stopped (never counted twice)
        # This table's game now (another table opened later asks first): only if the file still holds what was
        # read. If that write fails, the next save claims it (see _Claim), and the could-not-write line stays.
        self._save_game(claim=_Claim("take", raw))
        if self._claim is not None:
            return True
        if h.is_over:
            s = self.summary()
            assert s is not None
            self._line = _Line("info", self._summary_text(s))
        elif self.covered:
            self._line = _Line("info", (self._cover_prompt(),))
        return True


def read_link(deal: str | int | Sequence[str] | Any) -> tuple[int | None, Phrase | None]:
    """The deal a link asks for (``TableModel(deal=...)``, from
    :func:`~hearts_widgets.address.deal_from_address`): ``(number, None)``, or ``(None, why not)`` when the
    link's ``deal`` is empty, given twice, or not a whole number below ``MAX_DEAL_NUMBER`` written in digits.
    Not a text, a number or texts: :class:`~hearts.errors.OptionError` naming ``deal``.

    >>> read_link(" 4721 ")
    (4721, None)
    >>> number, why = read_link("abc")
    >>> number, why("en")[:37]
    (None, "This page's address asks for deal=abc")
    >>> read_link(("5", "7"))[1]("en")[:50]
    "This page's address gives deal more than once (dea"
    """
    top = MAX_DEAL_NUMBER - 1
    if isinstance(deal, int) and not isinstance(deal, bool):
        text = str(deal)
    elif isinstance(deal, str):
        text = deal.strip()
    elif isinstance(deal, Sequence) and deal and all(isinstance(x, str) for x in deal):
        return None, say("ui.msg.link_twice", values=", ".join(f"deal={x}" for x in deal))
    else:
        raise OptionError(f"deal must be a deal number, its text, or a link's texts, not {deal!r}", "deal")
    if not text:
        return None, say("ui.msg.link_empty", max=top)
    if text.isascii() and text.isdigit() and int(text) <= top:
        return int(text), None
    return None, say("ui.msg.link_bad", text=text if len(text) <= 40 else text[:39] + "…", max=top)


def check_humans(seats: Sequence[int] | Any) -> tuple[int, ...]:
    """The seats people play, checked: at least one, each a seat 0-3 once. Sorted.

    >>> check_humans([2, 0])
    (0, 2)
    >>> check_humans([4])
    Traceback (most recent call last):
    ...
    hearts.errors.OptionError: humans: seat 4 is not a seat (0 South, 1 West, 2 North, 3 East)
    """
    if isinstance(seats, (str, bytes)) or not isinstance(seats, (Sequence, set, frozenset)):
        raise OptionError(f"humans: a list of seats such as [0, 2], not {seats!r}", "humans")
    out = []
    for x in seats:
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < 4:
            raise OptionError(f"humans: seat {x!r} is not a seat (0 South, 1 West, 2 North, 3 East)", "humans")
        if x in out:
            raise OptionError(f"humans: seat {x} is listed twice", "humans")
        out.append(x)
    if not out:
        raise OptionError("humans: at least one seat must be a person's", "humans")
    return tuple(sorted(out))


def _option(ok: bool, name: str, message: str) -> None:
    if not ok:
        raise OptionError(message, name)


def owner_of_this_process(table_id: str) -> dict[str, Any]:
    """How a save names the table that owns it: the table, its process and its machine."""
    return {"table": table_id, "pid": os.getpid(), "host": socket.gethostname()}


def _is_owner(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and set(value) == {"table", "pid", "host"}
        and isinstance(value["table"], str)
        and isinstance(value["host"], str)
        and type(value["pid"]) is int
        and value["pid"] > 0
    )


def read_save(raw: bytes, path: Path) -> _Saved:
    """The table's save file, from its bytes: every part checked, the game replayed by the engine.

    :class:`~hearts_widgets.store.StoreError` naming the part that is wrong
    (a ``"version"`` must be the number 1: ``true`` is refused).
    """
    data = store.parse_json(raw, path)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise store.StoreError("ui.store.save_format", path, "format", format=SAVE_FORMAT)
    store.check_version(data.get("version"), path)  # a newer version's save says so
    table = data.get("table")
    if not isinstance(table, dict):
        raise store.StoreError("ui.store.save_table", path, "table", where="table")
    try:
        game = GameRecord.from_dict(data.get("game")).replay()
    except HeartsError as e:
        raise _record_problem(e, path) from e
    if game.rules.num_players != 4:
        raise store.StoreError("ui.store.four_players", path, "game.rules", where="game.rules")
    if game.rules.moon is MoonScoring.SHOOTERS_CHOICE:  # no button here makes the shooter's choice
        where = "game.rules.moon"
        raise store.StoreError("ui.store.moon_choice", path, where, where=where)
    game_id = table.get("game_id", "")
    if not isinstance(game_id, str):
        raise store.StoreError("ui.store.save_id", path, "table.game_id", where="table.game_id")
    owner = table.get("owner")
    if owner is not None and not _is_owner(owner):
        raise store.StoreError("ui.store.save_owner", path, "table.owner", where="table.owner")
    where = "table.selection"
    selection = table.get("selection", [])
    if not isinstance(selection, list):
        raise store.StoreError("ui.store.selection_list", path, where, where=where)
    cards = []
    for x in selection:
        try:
            cards.append(Card.parse(x))
        except (CardParseError, AttributeError, TypeError) as e:
            raise store.StoreError("ui.store.selection_card", path, where, where=where, value=store.shown(x)) from e
    level = table.get("level")
    if level is not None and not (isinstance(level, str) and level in levels.available_levels()):
        # The bots would change mid-game: a damaged level is a damaged save, kept aside and said.
        where = "table.level"
        choices = ", ".join(levels.available_levels())
        raise store.StoreError("ui.store.save_level", path, where, where=where, value=store.shown(level),
                               choices=choices)  # fmt: skip
    recorded = table.get("recorded", False)
    if not isinstance(recorded, bool):
        where = "table.recorded"
        raise store.StoreError("ui.store.recorded", path, where, where=where, value=store.shown(recorded))
    people = table.get("humans", [SOUTH])
    try:
        humans = check_humans(people)
    except ValueError as e:
        where = "table.humans"
        raise store.StoreError("ui.store.humans", path, where, where=where, value=store.shown(people)) from e
    return _Saved(
        game=game,
        game_id=game_id,
        owner=owner,
        humans=humans,
        seat=table.get("seat"),
        selection=CardSet(cards),
        recorded=recorded,
        level=level,
    )


def owner_alive(owner: dict[str, Any]) -> bool:
    """Whether the table that owns a saved game may still be open.

    In this process: the table is still open here. In another process on
    this machine: that process is running. On another machine it cannot be
    told, and it is taken to be open (the learner can still take the game over).
    """
    if owner["host"] != socket.gethostname():
        return True
    if owner["pid"] == os.getpid():
        return owner["table"] in _OPEN_TABLES
    return files.process_alive(owner["pid"])


def _record_problem(e: HeartsError, path: Path) -> store.StoreError:
    """A saved game record the engine refused, as a file problem naming the field (``game.<path>``).

    The engine's own detail stays as the engine wrote it (English); the sentence around it is the learner's.
    """
    if isinstance(e, RecordError):
        where = f"game.{e.path}" if e.path else "game"
        message = str(e)
        detail = message[len(e.path) + 2 :] if e.path and message.startswith(f"{e.path}: ") else message
        return store.StoreError("ui.store.record", path, where, where=where, detail=detail)
    explain = getattr(e, "explain", None)  # a refused move or card says itself in the learner's language
    detail = explain if callable(explain) else str(e)
    return store.StoreError("ui.store.record", path, "game", where="game", detail=detail)


@dataclasses.dataclass(frozen=True)
class FinishedHand:
    """A finished hand found in a saved game (:func:`last_finished_hand`): which app saved it, and where."""

    app: str
    """``"table"`` (the game table, notebook 02) or ``"learn"`` (Learn by playing, notebook 01): see :data:`APPS`."""
    game_number: int
    """The saved game's deal number."""
    hand: HandState
    """The last finished hand of that game, replayed by the engine."""
    path: Path
    """The save file it was read from."""


def last_finished_hand(folder: str | os.PathLike[str] | None = None) -> FinishedHand | None:
    """The most recent finished hand in the data folder's saved games, the game table's or Learn by playing's.

    Each app keeps a game of its own (:data:`APPS`); a hand is reviewed from either. Of the saves that hold a
    finished hand, the one written last is taken (a table writes its save after every click). A save that is
    missing, damaged or from a newer version is passed over and left exactly as it is (the table itself says
    what is wrong with it when it opens). ``None`` when no save holds a finished hand.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> last_finished_hand(folder) is None
    True
    >>> table = TableModel(number=4721, level="random", data_dir=folder, paced=False, app="learn")
    >>> for card in list(table.hand.hand_of(SOUTH))[:3]:
    ...     table.click_card(card.code)
    >>> table.press("pass")
    >>> while not table.hand.is_over:
    ...     table.click_card(table.hand.legal_moves.lowest().code)
    >>> found = last_finished_hand(folder)
    >>> found.app, found.game_number, found.hand.hand_number, found.path.name
    ('learn', 4721, 1, 'learn-by-playing-save.json')
    """
    where = store.data_dir(folder)
    found: list[tuple[int, FinishedHand]] = []
    for app in APPS:
        path = where / _SAVE_FILES[app]
        try:
            written = path.stat().st_mtime_ns
            raw = store.read_bytes(path)
            if raw is None:
                continue
            game = read_save(raw, path).game
        except (OSError, store.StoreError):
            continue
        finished = [hand for hand in game.hands if hand.is_over]
        if finished:
            found.append((written, FinishedHand(app, game.number, finished[-1], path)))
    return max(found, key=lambda x: x[0])[1] if found else None
