"""Pacing the bots at the table: the jobs a view may run in another thread, one step at a time.

Split out of :mod:`hearts_widgets.table_model` (which imports everything here again); moved code only.
"""

# mypy: disable-error-code="misc"
# (each method takes ``self: TableModel``, the class it is mixed into: mypy calls that an error of kind misc)

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hearts.bots.base import Bot, reporting
from hearts.cards import Card
from hearts.hand import Phase
from hearts.observation import Observation

from .rule_notes import Move
from .table_words import (
    Phrase,
    TableState,
    _button,
    _Line,
    _tells_news,
    say,
)

if TYPE_CHECKING:
    from .table_model import TableModel


PENDING = ("pass", "bot", "trick")
"""What a paced table waits for: the bots' passes, a bot's card (both one :meth:`TableModel.step` each),
or the learner to look at a finished trick and continue."""


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

    def decide_showing(self, show: Callable[[int, float], None]) -> BotChoice:
        """:meth:`decide`, telling ``show(seat, fraction)`` how far the decision has got: at the start, then at
        most every 0.1 s and 2% (a view draws it as a bar), and at the end.

        >>> from hearts_widgets.table_model import TableModel
        >>> import tempfile
        >>> m = TableModel(number=3, level="expert", data_dir=tempfile.mkdtemp(), paced=True)
        >>> for c in list(m.hand.hand_of(0))[:3]:
        ...     m.click_card(c.code)
        >>> m.press("pass")
        >>> seen = []
        >>> _ = m.prepare_step().decide_showing(lambda seat, f: seen.append((seat, f)))
        >>> seen[0], seen[-1]
        ((1, 0.0), (1, 1.0))
        """
        last = [0.0, 0.0]  # the share last shown, and when

        def shown(fraction: float) -> None:
            now = time.monotonic()
            if fraction >= 1.0 or (now - last[1] >= 0.1 and fraction - last[0] >= 0.02):
                last[:] = [fraction, now]
                show(self.seat, fraction)

        show(self.seat, 0.0)
        with reporting(shown):
            choice = self.decide()
        if last[0] < 1.0:
            show(self.seat, 1.0)
        return choice


class PacingMixin(TableState):
    """Pacing: the bots' passes and cards one step at a time, and what waits meanwhile.

    A part of :class:`~hearts_widgets.table_model.TableModel`, which is the only class that uses it.
    """

    @property
    def thinking(self: TableModel) -> int | None:
        """The bot seat whose pass or card comes next while paced (``None`` when no bot is about to move)."""
        h = self.hand
        if self.pending == "pass":
            return next((s for s in self.bot_seats if h.passes[s] is None), None)
        if self.pending == "bot":
            return h.to_play
        return None

    @_tells_news
    def step(self: TableModel, decided: BotChoice | None = None) -> None:
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

    def _proceed(self: TableModel) -> None:
        """After the learner's action: the bots move at once, or (paced) one :meth:`step` at a time."""
        if self.paced:
            self.pending = self._next_pending()
        else:
            self._run_bots()

    def _next_pending(self: TableModel) -> str | None:
        """What a paced table waits for in this position (never a finished trick: see :meth:`_after_card`)."""
        h = self.hand
        if h.phase is Phase.PASSING and h.waiting_to_pass and not set(self.humans) & set(h.waiting_to_pass):
            return "pass"
        if h.phase is Phase.PLAYING and h.to_play in self.bot_seats and not self.settings.step_bots:
            return "bot"
        return None

    def _after_card(self: TableModel) -> None:
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

    def _refuse_while_busy(self: TableModel) -> bool:
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

    def wait_words(self: TableModel) -> Phrase:
        """Why a click is refused while a bot is thinking (the view shows it at once, in the browser)."""
        s = self.thinking
        if s is None:  # the table has not answered the last click yet
            return say("ui.msg.wait_answer")
        return say("ui.msg.wait_thinking", seat=self._seat_of(s))

    def thinking_words(self: TableModel) -> Phrase | None:
        """'West is thinking…' (or choosing cards to pass), for the board; ``None`` when no bot is due."""
        s = self.thinking
        if s is None:
            return None
        return say("ui.msg.thinking_pass" if self.pending == "pass" else "ui.msg.thinking", seat=self._seat_of(s))
