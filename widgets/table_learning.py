"""Learn mode's part of the table.

Split out of :mod:`hearts_widgets.table_model` (which imports everything here again); moved code only.
"""

# mypy: disable-error-code="misc"
# (each method takes ``self: TableModel``, the class it is mixed into: mypy calls that an error of kind misc)

from __future__ import annotations

from typing import TYPE_CHECKING

from hearts.hand import HandState

from . import store
from .learn_model import PROGRESS_FILE, Progress
from .rule_notes import Event, Move
from .table_words import (
    TableState,
    say,
)

if TYPE_CHECKING:
    from .table_model import TableModel


class LearningMixin(TableState):
    """Learn mode at the table: the notes' lesson, the coach, the lessons counted earlier.

    A part of :class:`~hearts_widgets.table_model.TableModel`, which is the only class that uses it.
    """

    @property
    def _coaching(self: TableModel) -> bool:
        return self.learning and self.settings.coach

    def _learn_start(self: TableModel) -> None:
        """The learner acts: learn mode's notes start afresh."""
        self.lesson.start()

    def _learn_event(self: TableModel, before: HandState, move: Move) -> None:
        """An action was played (``before`` is the hand just before it): learn mode looks at it."""
        if self.learning:
            self.lesson.observe(Event(before, self.hand.copy(), move, self.game))

    def _learn_decide(self: TableModel) -> None:
        if self.learning:
            self.lesson.decide(self.game)

    @property
    def earlier_lessons(self: TableModel) -> int:
        """How many rules the learner met in learn mode before Learn by playing had lessons of its own (kept in
        the game table's progress file), offered to count here (``press("count_earlier")``); 0: nothing to offer.

        Only the Learn by playing app (``app="learn"``) offers them, and only while it has no progress of its
        own yet: they may be another person's, so they are not counted unless the learner says so.
        """
        return 0 if self._earlier is None else len(self._earlier)

    def _earlier_lessons(self: TableModel) -> frozenset[str] | None:
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

    def _press_count_earlier(self: TableModel) -> None:
        earlier = self._earlier
        if earlier is None:
            self._error(say("ui.msg.no_earlier_lessons"))
            return
        self._earlier = None
        self.lesson.count_met(earlier)
        self._info(say("ui.msg.earlier_counted", met=len(earlier)))
        self._learn_write_error()

    def _learn_write_error(self: TableModel) -> None:
        """The progress file could not be written (a full disk, a read-only folder): say so; play goes on."""
        e = self.lesson.write_error
        if e is not None:
            self.lesson.write_error = None
            self._error(say("ui.msg.cannot_write", path=str(self.lesson.progress.path), reason=str(e)))
