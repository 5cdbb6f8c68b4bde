"""Learn mode: a real hand of your own against the bots, with a note on each new thing as it appears.

The table (:class:`~hearts_widgets.table_model.TableModel`) hands every
action to a :class:`Lesson`: the deal, the pass, every card. The lesson
asks the same detectors as the scripted walkthrough
(:mod:`hearts_widgets.rule_notes`) whether a rule mattered, and the first
time it does *for this learner* a rule note appears. Beside those:

- at each of the learner's decisions, what the rules allow now and why
  (from the engine's ``legal_mask`` and the reasons it gives for the
  refused cards, :meth:`~hearts.hand.HandState.why_not`);
- after each trick, who took it and its points;
- with coaching on (:mod:`hearts_widgets.coach`), a comment when the rule
  bot would have chosen differently and it surely mattered.

Which rules the learner has met is kept in :class:`Progress`
(``learn-progress.json`` beside the table's other files for the game table's
learn mode, ``learn-by-playing-progress.json`` for the Learn by playing app,
which has lessons of its own), so a note is not repeated in the next hand,
the next game or after a kernel restart, and two tables open at once share it.
With ``again`` ("show all notes again") each note shows again the first time
its rule matters in each hand.

>>> import tempfile
>>> from hearts import Game
>>> folder = tempfile.mkdtemp()
>>> lesson = Lesson(folder)
>>> g = Game(4)
>>> lesson.dealt(g)
>>> lesson.decide(g)
>>> [n.kind for n in lesson.notes]
['now']
>>> print(lesson.notes[0].text("en"))
Choose any 3 of your cards to pass to the left, to West. ...
>>> Lesson(folder).progress.seen == set()
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from hearts.cards import ALL_CARDS_MASK, QUEEN_OF_SPADES, SUIT_MASKS, CardSet
from hearts.errors import Rule
from hearts.explain import Fact, trick_taken
from hearts.game import Game
from hearts.hand import HandState, Phase, Trick
from hearts.messages import number, text
from hearts.rules import DEFAULT_RULES, Rules

from . import store
from .rule_notes import ALL_RULES, LEARNER, Event, Move, Values, fired, localize, note_text
from .store import _need as need
from .text import cards_label

if TYPE_CHECKING:
    from .coach import Comment

__all__ = [
    "LEARN_APP_PROGRESS_FILE",
    "PROGRESS_FILE",
    "Lesson",
    "Note",
    "Progress",
    "decision_values",
    "describe",
    "trick_values",
]

PROGRESS_FILE = "learn-progress.json"
"""The game table's learn progress (the file every table shared before Learn by playing had its own)."""
LEARN_APP_PROGRESS_FILE = "learn-by-playing-progress.json"
"""The Learn by playing app's own learn progress: its lessons are not the game table's."""

_PENALTY = SUIT_MASKS[3] | (1 << QUEEN_OF_SPADES)
_HAND_RULES = frozenset({"scoring", "moon", "game_end", "shared_win"})


# ----- progress ------------------------------------------------------------------


@dataclasses.dataclass
class Progress:
    """The rules a learner has met (their notes shown) and the hands finished in learn mode.

    Saved in ``learn-progress.json``. Saving merges with what is on disk (another table may have
    written since): the rules met are the union, and the hands finished add up.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> a, b = Progress.load(d), Progress.load(d)
    >>> a.meet("passing"); a.save()
    >>> b.meet("follow_suit"); b.finish_hand(); b.save()
    >>> p = Progress.load(d)
    >>> sorted(p.seen), p.hands_finished
    (['follow_suit', 'passing'], 1)
    """

    folder: Path
    seen: set[str] = dataclasses.field(default_factory=set)
    hands_finished: int = 0
    _unsaved_hands: int = 0
    name: str = PROGRESS_FILE  # the file in ``folder``: PROGRESS_FILE or LEARN_APP_PROGRESS_FILE

    FORMAT = "hearts-learn-progress"

    @property
    def path(self) -> Path:
        """The progress file."""
        return self.folder / self.name

    @classmethod
    def load(cls, folder: str | Path, name: str = PROGRESS_FILE) -> Progress:
        """Read the progress in ``folder``/``name`` (none yet if there is no file);
        :class:`~hearts_widgets.store.StoreError` if damaged."""
        p = cls(Path(folder), name=name)
        seen, hands = cls._read(p.path)
        p.seen, p.hands_finished = seen, hands
        return p

    @classmethod
    def _read(cls, path: Path) -> tuple[set[str], int]:
        data = store.read_json(path)
        if data is None:
            return set(), 0
        need(isinstance(data, dict), "ui.store.not_object", path, "")
        need(data.get("format") == cls.FORMAT, "learn.store.format", path, "format", format=cls.FORMAT)
        store.check_version(data.get("version"), path)
        seen = data.get("seen")
        need(isinstance(seen, list) and all(isinstance(r, str) for r in seen), "learn.store.seen", path, "seen")
        hands = data.get("hands_finished")
        ok = isinstance(hands, int) and not isinstance(hands, bool) and hands >= 0
        need(ok, "learn.store.hands", path, "hands_finished", value=store.shown(hands))
        return {r for r in seen if r in ALL_RULES}, hands

    def meet(self, rule: str) -> None:
        """Mark ``rule`` as met (its note shown)."""
        if rule not in ALL_RULES:
            raise ValueError(f"unknown rule {rule!r}; the rules with notes are {', '.join(ALL_RULES)}")
        self.seen.add(rule)

    def finish_hand(self) -> None:
        """Count one more hand finished in learn mode."""
        self.hands_finished += 1
        self._unsaved_hands += 1

    def refresh(self) -> None:
        """Take in what another table saved meanwhile (a damaged file is left for :meth:`save` to keep aside)."""
        try:
            seen, hands = self._read(self.path)
        except store.StoreError:
            return
        self.seen |= seen
        self.hands_finished = max(self.hands_finished, hands + self._unsaved_hands)

    def save(self) -> store.KeptCopy | None:
        """Merge with the file under the folder's lock and write it atomically.

        A damaged file is kept aside first (``.bad.json``, ``.bad-2.json``, …) and
        what was wrong and where it went is returned (``None``: nothing was
        damaged); if the new file then cannot be written, the damaged one is put
        back. One that cannot be moved aside is left as it is, and
        :class:`~hearts_widgets.store.StoreError` is raised.

        >>> import tempfile, pathlib
        >>> d = pathlib.Path(tempfile.mkdtemp())
        >>> _ = (d / PROGRESS_FILE).write_text("{damaged")
        >>> p = Progress(d)
        >>> p.meet("passing")
        >>> p.save().copy.name, sorted(Progress.load(d).seen)
        ('learn-progress.bad.json', ['passing'])
        """
        kept: store.KeptCopy | None = None
        with store.locked(self.folder):
            try:
                seen, hands = self._read(self.path)
            except store.StoreError as e:
                copy = store.keep_bad_copy(self.path)
                if copy is None:
                    raise
                kept = store.KeptCopy(self.path, copy, e)
                seen, hands = set(), self.hands_finished - self._unsaved_hands
            try:
                store.write_json(
                    self.path,
                    {
                        "format": self.FORMAT,
                        "version": 1,
                        "seen": [r for r in ALL_RULES if r in self.seen | seen],
                        "hands_finished": hands + self._unsaved_hands,
                    },
                )
            except OSError:
                if kept is not None:
                    store.put_back(kept.copy, self.path)  # the folder as it was; the next save tries again
                raise
            self.seen |= seen
            self.hands_finished = hands + self._unsaved_hands
        self._unsaved_hands = 0
        return kept


# ----- notes -----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Note:
    """One note beside the table, put into words when shown (so a language switch re-says it).

    ``kind``: ``"rule"`` (a rule met for the first time; ``rule`` names it), ``"now"`` (what the rules
    allow at the learner's decision), ``"trick"`` (who took the trick just played) or ``"coach"``.
    """

    kind: str
    rule: str | None
    words: Callable[[str], str]

    def text(self, lang: str) -> str:
        """The note in ``'en'`` or ``'es'``."""
        return self.words(lang)


def _with_players(values: Values, n: int) -> Values:
    """``values`` that name seats for ``n`` players (Player 1… where there are not four; see ``localize``)."""
    return values if n == 4 else {**values, "players": ("players", n)}


def _said(values: Values, name: str) -> Callable[[str], str]:
    """The words of one typed value (a fact) in the reader's language."""

    def words(lang: str) -> str:
        return str(localize(values, lang)[name])

    return words


def _catalogued(key: str, values: Values) -> Callable[[str], str]:
    def words(lang: str) -> str:
        vals = localize(values, lang)
        return text(key, lang, **vals)

    return words


def decision_values(h: HandState, seat: int = LEARNER) -> tuple[str, Values]:
    """What the rules allow ``seat`` now, as a note's catalogue key and values.

    The situation is read from the engine: the cards :meth:`~hearts.hand.HandState.legal_mask`
    allows, and the :class:`~hearts.errors.Rule` the engine gives for every refused card
    (:meth:`~hearts.hand.HandState.why_not`). Only when nothing is refused does the key say why
    from the position itself (void in the suit led, hearts broken, only hearts left).

    >>> from hearts import Deal
    >>> h = HandState(Deal.from_number(4))
    >>> for s in range(4):
    ...     h.pass_cards(s, list(h.hand_of(s))[:3])
    >>> h.play(h.legal_moves.lowest())
    >>> key, values = decision_values(h, h.to_play)
    >>> key, localize(values, "en")["allowed"] == str(h.legal_moves).replace(" ", ", ")
    ('learn.now.follow', True)
    """
    if h.phase is Phase.PASSING:
        return "learn.now.pass", {
            "count": ("int", h.rules.pass_size),
            "direction": ("pass", h.pass_direction.value),
            "to": ("seat", h.pass_target(seat)),
            "source": ("seat", h.pass_source(seat)),
        }
    if h.phase is not Phase.PLAYING or h.to_play != seat:
        raise ValueError(f"seat {seat} has no decision to make now ({h.phase.value})")
    mine = h.hands[seat] & ALL_CARDS_MASK  # each card once (Cancellation Hearts: a hand may hold both copies)
    legal = h.legal_mask()
    refused: set[Rule] = set()
    for c in CardSet(mine & ~legal):
        err = h.why_not(c, seat=seat)
        assert err is not None
        refused.add(err.rule)
    values: Values = {
        "allowed": ("cards", CardSet(legal)), "count": ("int", legal.bit_count()), "reader": ("seat", seat),
    }  # fmt: skip
    if h.trick:
        values["suit"] = ("suit", h.led_suit)
    by_rule = {
        Rule.MUST_LEAD_LOWEST_CLUB: "lead_first",
        Rule.MUST_FOLLOW_SUIT: "follow",
        Rule.NO_POINTS_ON_FIRST_TRICK: "void_first",
        Rule.HEARTS_NOT_BROKEN: "lead_unbroken",
    }
    if refused:
        (rule,) = refused  # the engine refuses for one reason at a time
        situation = by_rule[rule]
        if situation == "void_first" and not h.trick:  # Cancellation Hearts: the dealer's left opens trick one
            situation = "lead_first_open"
    elif len(h.hand_of(seat)) == 1:
        situation = "last_card"
    elif h.trick:
        if mine & SUIT_MASKS[h.led_suit]:
            situation = "follow_all"
        elif h.trick_number == 0 and not mine & ~_PENALTY:
            situation = "void_first_exception"
        else:
            situation = "void"
    elif h.hearts_broken:
        situation = "lead_broken"
    elif not mine & ~SUIT_MASKS[3]:
        situation = "lead_only_hearts"
    else:
        situation = "lead_any"
    # The facts the note states are the hint's (hearts.explain), in the hint's words.
    if situation in ("void", "void_first", "void_first_exception"):
        values["void"] = ("fact", Fact("void", seat=seat, suit=h.led_suit))
    elif situation == "lead_unbroken":
        values["unbroken"] = ("fact", Fact("unbroken"))
    elif situation == "lead_broken":
        values["broken"] = ("fact", Fact("broken"))
    return f"learn.now.{situation}", values


def trick_values(trick: Trick, rules: Rules = DEFAULT_RULES) -> Values:
    """The note after a trick: who took it, with which card, and its points, as the hint's ``took`` fact
    (:func:`hearts.explain.trick_taken`: the cards that score under ``rules``, J♦ included in that variant),
    said with ``localize(values, lang)["took"]``.

    >>> from hearts.cards import Card
    >>> t = Trick(3, 1, tuple(Card.parse(c) for c in ("QD", "JD", "5H", "KD")), 0, -9)
    >>> localize(trick_values(t, Rules(jack_of_diamonds=True)), "en")["took"]
    'You took trick 4 with K♦: -9 points (J♦, 5♥).'
    """
    return {"took": ("fact", trick_taken(trick, rules))}


# ----- the lesson ------------------------------------------------------------------------


class Lesson:
    """Learn mode for one learner: notes from the engine's events, progress kept in ``folder``/``file``.

    The table calls :meth:`start` when the learner acts, :meth:`dealt` for each new hand,
    :meth:`observe` after every pass and card (the learner's and the bots'), :meth:`coached`
    with the coach's comment, :meth:`decide` whenever it is the learner's turn, and
    :meth:`finished_hand` when a hand is over (in learn mode or not: learn mode is on by default
    only until the learner has finished a hand). :attr:`notes` are the notes since the learner's
    last action, in the order things happened.
    """

    def __init__(self, folder: str | Path, *, again: bool = False, file: str = PROGRESS_FILE) -> None:
        self.problem: store.StoreError | None = None
        try:
            self.progress = Progress.load(folder, file)
        except store.StoreError as e:
            self.problem = e  # said by the table; the file is kept aside when progress is next saved
            self.progress = Progress(Path(folder), name=file)
        self.again = again
        self.notes: list[Note] = []
        self._this_hand: set[str] = set()
        self._decided: tuple[int, int] | None = None
        self._counted: HandState | None = None
        self.write_error: OSError | None = None  # the last save that failed (the table says so, then clears it)
        self.kept: list[store.KeptCopy] = []  # damaged progress files moved aside (the table says where, then clears)
        self.left: store.StoreError | None = None  # a damaged file that could not be moved aside (said once)
        self._blocked = False  # that file is never written over: progress is no longer saved

    @property
    def met(self) -> list[str]:
        """The rules met so far, in checklist order (:data:`~hearts_widgets.rule_notes.RULES`)."""
        return [r for r in ALL_RULES if r in self.progress.seen]

    def start(self) -> None:
        """The learner acts: the notes of the last action go, and another table's progress is taken in."""
        self.notes = []
        self._decided = None
        self.progress.refresh()

    def dealt(self, game: Game) -> None:
        """A new hand is dealt (is there a pass, and if not, why not?)."""
        self._this_hand = set()
        self._decided = None
        h = game.hand
        self.observe(Event(h.copy(), h.copy(), Move("deal"), game))

    def observe(self, e: Event) -> None:
        """An action was played: the notes of rules that matter for the first time, and the trick's outcome."""
        skip = self._this_hand if self.again else self._this_hand | self.progress.seen
        new = fired(e, skip=skip)
        notes = [Note("rule", rule, _note(rule, values)) for rule, values in new]
        if e.act.kind == "play" and len(e.after.tricks) > len(e.before.tricks):
            tr = e.after.tricks[-1]
            # Who took the trick comes before what the end of the hand means.
            at = next((i for i, n in enumerate(notes) if n.rule in _HAND_RULES), len(notes))
            if tr.winner < 0:  # Cancellation Hearts: nobody took it, it waits
                pts = e.after.rules.points_of(CardSet(tr.cards).mask)
                waits: Values = {"number": ("int", tr.number + 1), "points": ("int", pts)}
                notes.insert(at, Note("trick", None, _catalogued("learn.waiting_trick", waits)))
            else:
                values = _with_players(trick_values(tr, e.after.rules), e.after.n)
                notes.insert(at, Note("trick", None, _said(values, "took")))
                at += 1
                for key, cards in _taken_with(tr, e.after):  # Cancellation Hearts: the waiting tricks, the widow
                    more: Values = {
                        "tricks": ("str", ", ".join(str(k + 1) for k in tr.carried)), "cards": ("cards", cards),
                        "points": ("int", e.after.rules.points_of(cards.mask)),
                    }  # fmt: skip
                    notes.insert(at, Note("trick", None, _catalogued(key, more)))
                    at += 1
        self.notes.extend(notes)
        for rule, _ in new:
            self._this_hand.add(rule)
            self.progress.meet(rule)
        if new:
            self._save()

    def finished_hand(self, game: Game) -> None:
        """The hand on the table is over: count it (once, however often the table asks)."""
        h = game.hand
        if h.is_over and h is not self._counted:
            self._counted = h
            self.progress.finish_hand()
            self._save()

    def decide(self, game: Game) -> None:
        """If the learner has a decision to make, say what the rules allow (once per position)."""
        h = game.hand
        if h.phase is Phase.PASSING:
            if h.passes[LEARNER] is not None:
                return
        elif h.phase is not Phase.PLAYING or h.to_play != LEARNER:
            return
        where = (h.hand_number, h.cards_played)
        if where == self._decided:
            return
        self._decided = where
        if h.phase is Phase.PLAYING:  # notes about the coming card, shown while the learner chooses it
            self.observe(Event(h.copy(), h.copy(), Move("play", LEARNER), game, ahead=True))
        key, values = decision_values(h)
        self.notes.append(Note("now", None, _catalogued(key, _with_players(values, h.n))))

    def count_met(self, rules: Iterable[str]) -> None:
        """Count ``rules`` as met (their notes are not shown again) and save, as when their notes were shown."""
        for rule in rules:
            if rule in ALL_RULES:
                self.progress.meet(rule)
        self._save()

    def coached(self, comment: Comment | None) -> None:
        """Add the coach's comment (a :class:`~hearts_widgets.coach.Comment`, or ``None``: nothing to say)."""
        if comment is not None:
            self.notes.append(Note("coach", None, _coach_words(comment)))

    def _save(self) -> None:
        if self._blocked:
            return
        try:
            kept = self.progress.save()
        except store.StoreError as e:
            self.problem = self.left = e
            self._blocked = True
        except OSError as e:
            self.write_error = e  # the table says it; what was met stays in memory and is saved next time
        else:
            if kept is not None:
                self.kept.append(kept)


def _taken_with(tr: Trick, after: HandState) -> list[tuple[str, CardSet]]:
    """What a Cancellation Hearts trick's winner took beside its own cards: the cards of the tricks that waited
    (``learn.took_pile``) and the widow (``learn.took_widow``), each with its cards; nothing with one pack."""
    out: list[tuple[str, CardSet]] = []
    if tr.carried:
        out.append(("learn.took_pile", CardSet([c for k in tr.carried for c in after.tricks[k].cards])))
    if tr.widow:
        out.append(("learn.took_widow", CardSet(tr.widow)))
    return out


def _note(rule: str, values: Values) -> Callable[[str], str]:
    def words(lang: str) -> str:
        return note_text(rule, values, lang)

    return words


def _coach_words(c: Comment) -> Callable[[str], str]:
    def words(lang: str) -> str:
        key = f"learn.coach.{c.kind}" + (".expert" if c.adviser == "expert" else "")
        reason = c.decision.explain(lang)
        return text(
            key,
            lang,
            chosen=cards_label(c.chosen),
            bot=cards_label(c.bot_cards),
            cost=number(c.cost, lang, 1),
            margin=number(2 * c.cost_se, lang, 1),
            reason=reason,
        )

    return words


def describe(notes: Iterable[Note], lang: str) -> list[tuple[str, str | None, str]]:
    """``(kind, rule, text)`` of each note, for views and tests."""
    return [(n.kind, n.rule, n.text(lang)) for n in notes]
