"""What the table keeps in files: the save's format, reading it, and which table owns a game.

Split out of :mod:`hearts_widgets.table_model` (which imports everything here again); moved code only.
"""

# mypy: disable-error-code="misc"
# (each method takes ``self: TableModel``, the class it is mixed into: mypy calls that an error of kind misc)

from __future__ import annotations

import dataclasses
import os
import socket
import uuid
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hearts import files
from hearts.cards import SOUTH, Card, CardSet
from hearts.errors import CardParseError, HeartsError, OptionError, RecordError
from hearts.game import Game
from hearts.hand import Phase
from hearts.record import GameRecord

from . import levels, store
from .table_words import (
    TableState,
    Words,
    _button,
    _Line,
    say,
)
from .variants import check_table_rules

if TYPE_CHECKING:
    from .table_model import TableModel


SAVE_FORMAT = "hearts-table-save"


_SAVE_FILES = {"table": store.SAVE_FILE, "learn": store.LEARN_SAVE_FILE}


_OPEN_TABLES: weakref.WeakValueDictionary[str, TableModel] = weakref.WeakValueDictionary()
"""The tables open in this process, by identity: a saved game owned by one of them is in use."""


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
    try:
        check_table_rules(game.rules)
    except OptionError as e:
        raise store.StoreError("ui.store.table_rules", path, "game.rules", where="game.rules", reason=str(e)) from e
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
        humans = check_humans(people, game.rules.num_players)
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


class SavingMixin(TableState):
    """The table's files: settings, History, the saved game, and which table owns it.

    A part of :class:`~hearts_widgets.table_model.TableModel`, which is the only class that uses it.
    """

    def _load_settings(self: TableModel) -> store.Settings:
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

    def _save_settings(self: TableModel, *names: str) -> None:
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

    def _settings_kept(self: TableModel, kept: store.KeptCopy) -> None:
        e = kept.error
        self._tell("error", say("ui.msg.settings_damaged_kept", path=e.path, reason=e.explain, kept=str(kept.copy)))

    def _load_history(self: TableModel) -> None:
        try:
            self.history = store.History.load(self.folder)
        except store.StoreError as e:
            self.history = None
            self._history_problem = say("ui.msg.bad_history", path=e.path, reason=e.explain)
            self._notices.append(_Line("error", (self._history_problem,)))

    def _record_abandoned(self: TableModel) -> Words | None:
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
            rules=self.game.rules,
        )
        self.recorded = True
        problem = self._save_history()
        if problem is not None:
            return problem
        return say("ui.msg.abandoned")

    def _save_history(self: TableModel) -> Words | None:
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

    def _record_finished_game(self: TableModel) -> None:
        if self.recorded:
            return
        self.recorded = True
        if self.history is None:
            return  # the damaged file is left as it is; the History panel says so
        o = self.game.outcome()
        self.history.add(
            number=self.number,
            final=o.totals,
            winners=o.winners,
            level=self.opponents_label,
            game_id=self.game_id,
            rules=self.game.rules,
        )
        self._save_history()

    @property
    def save_path(self: TableModel) -> Path:
        """The file the game is saved to after every action."""
        return self.folder / _SAVE_FILES[self.app]

    def save_data(self: TableModel) -> dict[str, Any]:
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

    def _save_game(self: TableModel, *, claim: _Claim | None = None) -> None:
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

    def _may_write(self: TableModel) -> bool:
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

    def _lost_to_another_table(self: TableModel) -> bool:
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

    def _set_aside_save(self: TableModel, e: store.StoreError) -> bool:
        """The save file became damaged while this table was open: kept aside (True: write the game in its
        place) or, if it cannot be moved, left exactly as it is and never written over (False)."""
        kept = store.keep_bad_copy(self.save_path)
        if kept is None:
            self._save_blocked = True
            self._tell("error", say("ui.msg.save_damaged_left", path=e.path, reason=e.explain))
            return False
        self._tell("error", say("ui.msg.save_damaged_kept", path=e.path, reason=e.explain, kept=str(kept)))
        return True

    def _taken(self: TableModel, saved: _Saved) -> None:
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

    def _elsewhere(self: TableModel, saved: _Saved, *, any_owner: bool, ownerless: bool = False) -> bool:
        """Whether ``saved`` is another table's game in progress: one that table is still playing (open), or
        with ``any_owner`` one left by a table since closed, or with ``ownerless`` one saved with no owner."""
        owner = saved.owner
        if owner is None:
            return ownerless and saved.in_progress
        if owner["table"] == self.table_id or not saved.in_progress:
            return False
        return any_owner or owner_alive(owner)

    def _game_elsewhere(self: TableModel) -> _Saved | None:
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

    def _abandon_elsewhere(self: TableModel, saved: _Saved, *, any_owner: bool, ownerless: bool = False) -> None:
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
                rules=g.rules,
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

    def _tell(self: TableModel, kind: str, words: Words) -> None:
        """Say ``words`` once the action is done, before whatever else it says (see :func:`_tells_news`)."""
        self._news.append(_Line(kind, (words,)))

    def _tell_news(self: TableModel) -> None:
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

    def _resume(self: TableModel, *, take_over: bool = False) -> bool:
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
        if self._own_rules is not None and saved.game.rules != self._own_rules:
            return False  # rules= asks for another game: a new one is dealt (the saved one goes into History)
        if saved.level in levels.available_levels() and not self._level_given:
            self.settings.level = saved.level
        game = saved.game
        self.game = game
        self.rules = game.rules
        self.game_id = saved.game_id or uuid.uuid4().hex  # a save from before games had one gets its identity now
        h = game.hand
        humans = self.humans if self._humans_given else saved.humans  # the humans option wins over the file
        humans = _seated(humans, game.rules.num_players)
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
        self._settle_moon()
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
        elif self.moon_to_choose:
            self._line = _Line("info", (*self._line.parts, self._moon_words("ui.msg.moon_ask")))
        return True

    def _press_reset_history(self: TableModel) -> None:
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


def check_humans(seats: Sequence[int] | Any, num_players: int = 4) -> tuple[int, ...]:
    """The seats people play, checked: at least one, each a seat of the table (0-3 with four players) once. Sorted.

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
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < num_players:
            which = "0 South, 1 West, 2 North, 3 East" if num_players == 4 else f"0 to {num_players - 1}"
            raise OptionError(f"humans: seat {x!r} is not a seat ({which})", "humans")
        if x in out:
            raise OptionError(f"humans: seat {x} is listed twice", "humans")
        out.append(x)
    if not out:
        raise OptionError("humans: at least one seat must be a person's", "humans")
    return tuple(sorted(out))


def _seated(humans: tuple[int, ...], num_players: int) -> tuple[int, ...]:
    """The people who have a seat at a table of ``num_players`` (South at least).

    >>> _seated((0, 3), 3), _seated((3,), 3)
    ((0,), (0,))
    """
    return tuple(s for s in humans if s < num_players) or (SOUTH,)
