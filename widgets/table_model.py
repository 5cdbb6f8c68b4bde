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

import dataclasses
import datetime
import functools
import os
import random
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hearts.bots.base import Bot
from hearts.cards import SOUTH, Card, CardSet
from hearts.deal import day_number
from hearts.errors import CardParseError, HeartsError, IllegalMoveError, OptionError, Rule
from hearts.explain import Explanation, HintDecision, why_not
from hearts.game import Game
from hearts.hand import HandState, Phase, Trick
from hearts.messages import LANGUAGES, check_language
from hearts.rules import Rules

from . import levels, store
from .learn_model import LEARN_APP_PROGRESS_FILE, PROGRESS_FILE, Lesson, describe
from .rule_notes import RULES, Move
from .table_flow import FlowMixin
from .table_learning import LearningMixin
from .table_pacing import PENDING, BotChoice, BotJob, PacingMixin
from .table_saving import (
    _OPEN_TABLES,
    _SAVE_FILES,
    SavingMixin,
    _Claim,
    _played,
    check_humans,
    read_save,
)

# Moved out of this module by concern; still importable from here as before.
from .table_saving import SAVE_FORMAT as SAVE_FORMAT
from .table_saving import owner_alive as owner_alive
from .table_saving import owner_of_this_process as owner_of_this_process
from .table_words import (
    Hint,
    Message,
    Phrase,
    Words,
    _button,
    _Line,
    _reason_words,
    _sentence,
    _tells_news,
    say,
)
from .text import cards_label, game_over_text, level_label
from .variants import check_table_rules, preset_name, preset_rules

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
    "cancel", "count_earlier", "moon_add", "moon_subtract",
)
_STARTS = ("restart", "new", "day")  # buttons that start a game of this table's own
# What is said once a game starts, by what started it (otherwise "ui.msg.started"); "link": a deal link.
_STARTED = {
    "restart": "ui.msg.restarted", "day": "ui.msg.day", "link": "ui.msg.link_started", "rules": "ui.msg.rules_started"
}  # fmt: skip
APPS = ("table", "learn")
"""Whose game and lessons a table is (``TableModel(app=...)``): the game table's, or the Learn by playing app's."""
_PROGRESS_FILES = {"table": PROGRESS_FILE, "learn": LEARN_APP_PROGRESS_FILE}
SOUNDS = ("turn", "trick", "hearts", "queen")
"""Sound cues the view may play: the learner's turn, a trick taken, hearts broken, Q♠ taken."""
MAX_DEAL_NUMBER = 10**12


def check_bots(bots: Bot | Mapping[int, Bot] | None, num_players: int = 4) -> dict[int, Bot]:
    """``bots=`` of the table as a seat -> bot mapping (a single bot: every seat but South's), checked.

    >>> from hearts.bots import RandomBot
    >>> sorted(check_bots(RandomBot()))
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    >>> check_bots({0: "rule"})
    Traceback (most recent call last):
    ...
    hearts.errors.OptionError: bots: seat 0 needs a Bot, not 'rule'
    """
    if bots is None:
        return {}
    last = num_players - 1
    if isinstance(bots, Bot):
        return {s: bots for s in range(1, 10)}  # every seat but South's, with up to 10 players (Cancellation Hearts)
    if not isinstance(bots, Mapping):
        raise OptionError(f"bots: a Bot, or a mapping from seat (0-{last}) to Bot, not {bots!r}", "bots")
    out: dict[int, Bot] = {}
    for s, b in bots.items():
        if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s <= last:
            raise OptionError(f"bots: seats are 0-{last}, not {s!r}", "bots")
        if not isinstance(b, Bot):
            raise OptionError(f"bots: seat {s} needs a Bot, not {b!r}", "bots")
        out[s] = b
    return out


class TableModel(FlowMixin, PacingMixin, LearningMixin, SavingMixin):
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
    progress asks first; ``rules`` any :class:`~hearts.rules.Rules` of
    ``docs/rules.md`` (3 to 7 players, any target, Q♠ breaking hearts, every
    moon scoring, no passing, J♦ −10, Cancellation Hearts for 6 to 10 with
    ``Rules.cancellation(n)``) for this table's games instead of the
    settings' preset (:mod:`hearts_widgets.variants`; a saved game of other
    rules is not resumed: a new one is dealt and the saved one goes into
    History as left). A saved game keeps its own rules when resumed. Under
    the shooter's choice a learner who shoots the moon is asked
    (:attr:`moon_to_choose`); bots choose by :func:`~hearts.rules.moon_choice`.

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
        rules: Rules | None = None,
    ) -> None:
        self._options = {k: v for k, v in locals().items() if k != "self"}  # for reopen()
        # Every option is checked before any file is read or written: bad input changes nothing.
        _option(
            isinstance(app, str) and app in APPS, "app", f"app must be one of {', '.join(map(repr, APPS))}, not {app!r}"
        )
        self.app = app
        given = None if rules is None else check_table_rules(rules)
        if given is not None and target_score is not None and target_score != given.target_score:
            raise OptionError(
                f"target_score={target_score!r} and rules with target_score={given.target_score}: give one of them",
                "target_score",
            )
        n = 4 if given is None else given.num_players
        self.own_bots = check_bots(bots, n)
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
        if given is None:
            Rules(target_score=100 if target_score is None else target_score)  # RulesError naming it
        self._humans_given = humans is not None
        self.humans: tuple[int, ...] = (SOUTH,) if humans is None else check_humans(humans, n)
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
        self._target_given = target_score is not None or given is not None
        self._target = target_score if given is None else given.target_score
        # The table's own rules (rules=, or rules chosen here that are no preset); None: the settings' preset.
        self._own_rules: Rules | None = given
        self._asked_rules: tuple[Rules, str | None] | None = None  # rules a new game will have, once confirmed
        self.rules = self._rules_in_force()
        if self._humans_given:  # the seats of the settings' variant (rules= was checked with its own)
            self.humans = check_humans(self.humans, self.rules.num_players)
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
            # Nobody plays here until then: no seat is drawn "to play" (the game's turn is the other table's).
            options = {"dimmed": mine, "reasons": {c: why for c in mine}, "show_turn": False}
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
    def click_card(self, code: str | int, copy: int | None = None) -> None:
        """A click on a card: choose it for the pass, or play it.

        Refused with a message while the table is busy (:attr:`pending`) or
        waiting for an answer to a question (:attr:`confirming`).

        With two packs (Cancellation Hearts) a hand may hold a card twice; the
        drawing says which of the two was clicked in ``data-copy`` (1 or 2) and
        the click passes it as ``copy``. Playing either copy plays one of them
        (they are equal). While passing, the first copy is the one chosen
        first: a click on a copy drawn chosen takes one back, a click on one
        not chosen chooses one more, so both copies can be passed. Without
        ``copy`` a click acts on the first copy.
        """
        _option(copy in (None, 1, 2), "copy", f"copy must be 1 or 2 (which of two identical cards), not {copy!r}")
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
            self._toggle(c, copy or 1)
            return
        if h.phase is Phase.DONE:
            self._error(say("ui.msg.hand_over", button=_button("next")))
            return
        if h.phase is Phase.MOON_CHOICE:
            self._error(self._moon_words("ui.msg.moon_answer") if self.moon_to_choose else say("ui.msg.no_moon_choice"))
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
        ``reset_history``, ``ready`` (the next person has the screen), ``confirm`` / ``cancel`` (the
        answers when a new game would abandon this one), and ``moon_add`` / ``moon_subtract`` (how the
        person's moon scores, when the rules let the shooter choose: see :attr:`moon_to_choose`)."""
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
            seats = check_humans(humans, self.rules.num_players)
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
        ``speed``, ``trick_pause``, ``sound``, ``target_score``, ``rules`` (a preset's name: see
        :meth:`set_rules`, which asks first when a game is in progress), and learn mode's ``learn``,
        ``notes_again``, ``coach``).

        A new language re-says the message line in that language. A value the
        setting cannot take is refused with a message naming the setting. A
        new ``target_score`` applies to the game on the table if nothing of it
        has been played yet, else from the next game.
        """
        if name == "level" or name not in {f.name for f in dataclasses.fields(store.Settings)}:
            raise OptionError(f"unknown setting {name!r}", "name")
        if name == "rules":
            self.set_rules(value)
            return
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
            if self._own_rules is not None:  # rules chosen at this table take the new target too
                self._own_rules = dataclasses.replace(self._own_rules, target_score=value)
            if self.in_progress or self.game.is_over or self._displaced:
                self._info(say("ui.msg.target_next", target=value))
            else:
                self.rules = dataclasses.replace(self.rules, target_score=value)
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

    def set_rules(self, rules: str | Rules) -> None:
        """Play another variant: a preset's name (:data:`~hearts_widgets.variants.PRESETS`, kept in the
        settings) or any :class:`~hearts.rules.Rules` (this table's only).

        New rules start a new game; with a game in progress the table asks
        first, as New game does (``confirm`` / ``cancel``), and nothing changes
        until the answer is yes. A preset keeps the table's target score.
        Rules the table cannot play are refused with a message naming them.

        >>> import tempfile
        >>> m = TableModel(number=3, level="random", data_dir=tempfile.mkdtemp())
        >>> m.set_rules("three")
        >>> m.rules.num_players, len(m.hand.hand_of(0)), m.message.text
        (3, 17, 'Game ... dealt, with these rules: 3 players (2♦ taken out, 17 cards each), games to 100 points.')
        """
        preset: str | None = None
        if isinstance(rules, str):
            try:
                dataclasses.replace(self.settings, rules=rules).validate()
            except store.StoreError as e:
                self._error(say("ui.msg.bad_setting", reason=e.explain))
                return
            preset = rules
            target = self._target if self._target_given and self._target is not None else self.settings.target_score
            wanted = preset_rules(rules, target)
        else:
            wanted = check_table_rules(rules)  # OptionError: not rules a table can play (nothing changes)
        if self.confirming is not None:
            self._error(say("ui.msg.answer_first", yes=_button("confirm"), no=_button("cancel")))
            return
        if wanted == self.rules and not self._displaced and not self.game.is_over:
            self._keep_rules(wanted, preset)
            self._info(say("ui.msg.rules_same", rules=self._rules_words(wanted)))
            return
        self._asked_rules = (wanted, preset)
        self._new_game("rules", self._new_number())


    @property
    def rules_preset(self) -> str | None:
        """The preset the rules on the table are (:data:`~hearts_widgets.variants.PRESETS`), ``None`` if none."""
        return preset_name(self.rules)

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
                    to=self._seat_of(h.pass_target(me)),
                    got=cards_label(CardSet(got)),
                    source=self._seat_of(h.pass_source(me)),
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
                keys = {"restart": "ui.msg.confirm_restart", "rules": "ui.msg.confirm_rules"}
                key = keys.get(button, "ui.msg.confirm_new")
                question = say(key, number=self.number, hand=self.hand.hand_number, new=number,
                               rules=self._rules_words(self._rules_in_force()))  # fmt: skip
            self._line = _Line(
                "info",
                (
                    *((say("ui.msg.link_asks", new=number),) if button == "link" else ()),
                    question,
                    say("ui.msg.confirm_history", yes=_button("confirm"), no=_button("cancel")),
                ),
            )
            return
        rules = self._rules_words(self._rules_in_force())
        self._start(number, said=(say(_STARTED.get(button, "ui.msg.started"), number=number, rules=rules),))

    def _press_confirm(self) -> None:
        if self.confirming is None:
            self._error(say("ui.msg.nothing_to_confirm"))
            return
        button, number = self.confirming
        self.confirming = None
        left = self._record_abandoned()
        rules = self._rules_words(self._rules_in_force())
        started = say(_STARTED.get(button, "ui.msg.started"), number=number, rules=rules)
        # The learner said yes: a game in progress at another table is left too (into History as abandoned).
        self._start(number, said=(*(() if left is None else (left,)), started), abandon=True)

    def _press_cancel(self) -> None:
        if self.confirming is None:
            self._error(say("ui.msg.nothing_to_confirm"))
            return
        self.confirming = None
        self._asked_rules = None  # the rules stay as they are
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
            if h.is_over or h.phase is Phase.MOON_CHOICE:
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

    @property
    def moon_to_choose(self) -> bool:
        """Whether the person at the screen shot the moon and must choose how it scores (``press("moon_add")``
        or ``press("moon_subtract")``): only under ``MoonScoring.SHOOTERS_CHOICE``.

        >>> import tempfile
        >>> m = TableModel(number=3, level="random", data_dir=tempfile.mkdtemp())
        >>> m.moon_to_choose
        False
        """
        h = self.hand
        return (
            h.phase is Phase.MOON_CHOICE
            and h.to_play == self.seat
            and not self.covered
            and self.pending is None
            and not self._displaced
        )


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
            source = self._seat_of(h.pass_source(me))
            received = say("ui.msg.received", got=cards_label(CardSet(got or 0)), source=source)
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
        """The learner's progress (the games in progress, History, settings, learn progress, kept hands, exercises
        and quizzes) as one file's bytes, to keep and load back with :meth:`load_progress` here or at any other table.

        >>> import tempfile, json
        >>> m = TableModel(number=5, data_dir=tempfile.mkdtemp())
        >>> sorted(json.loads(m.save_progress())["files"])
        ['table-save.json']
        """
        from .browser_copy import progress_file

        return progress_file(self.folder)

    def load_progress(self, raw: bytes | str | os.PathLike[str], name: str = "progress file") -> int:
        """Load a progress file made by :meth:`save_progress` (``raw``, its bytes or path; ``name``, its label):
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
        self._info(say(key, report.games_added, name=name, games=report.games_added))
        return report.games_added


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


    def _toggle(self, c: Card, copy: int = 1) -> None:
        """Choose or take back one copy of ``c`` for the pass (``selection`` is a two-copy mask: bit ``c + 52``
        is the second copy of ``c`` chosen, drawn on the card whose ``data-copy`` is 2)."""
        h = self.hand
        if h.passes[self.seat] is not None:
            self._error(IllegalMoveError(Rule.ALREADY_PASSED, seat=self.seat, players=self.rules.num_players).explain)
            return
        held = h.hands[self.seat]
        if not held >> c & 1 or (copy == 2 and not held >> (c + 52) & 1):
            self._error(IllegalMoveError(Rule.CARD_NOT_IN_HAND, card=str(c)).explain)
            return
        first, second = 1 << c, 1 << (c + 52)
        chosen = self.selection
        if chosen & (second if copy == 2 else first):  # that copy is drawn chosen: take one copy back
            self.selection = chosen & ~second if chosen & second else chosen & ~first
        elif len(CardSet(chosen)) >= self.rules.pass_size:
            self._error(say("ui.msg.three_chosen", count=self.rules.pass_size))
            return
        else:  # one more copy (the first, or the second when the first is chosen already)
            self.selection = chosen | second if chosen & first else chosen | first
        n = len(CardSet(self.selection))
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

    # The game's flow (dealing, the bots' moves, turns, the hand's end, the moon choice, the rules in force) is in
    # table_flow.FlowMixin, pacing in table_pacing.PacingMixin, learn mode in table_learning.LearningMixin, and the
    # files (settings, History, the save and who owns it) in table_saving.SavingMixin.


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


def _option(ok: bool, name: str, message: str) -> None:
    if not ok:
        raise OptionError(message, name)


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
