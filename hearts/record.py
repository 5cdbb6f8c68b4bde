"""Records: a hand or a whole game saved as JSON and loaded back by replay.

A record holds the rules, the deal(s), every pass, every card played and any
moon choice, plus the results. Loading never trusts the file: it replays every
action through the *checked* engine paths (:meth:`HandState.pass_cards`,
:meth:`HandState.play`, :meth:`HandState.choose_moon`), compares the results
and a checksum, and refuses anything malformed, truncated or forged with a
:class:`~hearts.errors.RecordError` whose ``.path`` names the field, e.g.
``hands[1].plays[17]``. Records are plain JSON (no pickle).

A record of an unfinished hand or game says so (``"status": "in_progress"``)
and loads as that unfinished state, so a table can save after every action and
resume later. A record that says it is finished must contain every action.

>>> from hearts import Deal, HandState
>>> h = HandState(Deal.from_number(7))
>>> for seat in range(4):
...     h.pass_cards(seat, list(h.hand_of(seat))[-3:])
>>> h.play("2C")
>>> text = HandRecord.from_state(h).to_json()
>>> again = HandRecord.from_json(text).replay()
>>> again.plays == h.plays, again.phase.value, again.to_play == h.to_play
(True, 'playing', True)

A forged record is refused, naming the place and, for an illegal action, the
rule in the engine's words:

>>> import json
>>> data = json.loads(text)
>>> data["plays"] = ["2C", "QD"]
>>> HandRecord.from_dict(data)
Traceback (most recent call last):
...
hearts.errors.RecordError: plays[1]: 'QD' — You must follow suit: a ♣ was led and you still hold one, ...

Records can be written to and read from files with :meth:`HandRecord.save`,
:meth:`HandRecord.load` (and the same on :class:`GameRecord`), or with the
module functions :func:`load` and :func:`loads`, which read either kind.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Callable
from typing import Any

from hearts import files
from hearts.cards import Card, CardSet
from hearts.deal import Deal
from hearts.errors import HeartsError, IllegalMoveError, RecordError
from hearts.game import Game, GameOutcome
from hearts.hand import HandResult, HandState, Phase
from hearts.rules import MoonScoring, PassDirection, Rules

__all__ = [
    "FORMAT_GAME",
    "FORMAT_HAND",
    "MAX_RECORD_SIZE",
    "VERSION",
    "GameRecord",
    "HandRecord",
    "load",
    "loads",
]

FORMAT_HAND = "hearts.hand"
"""The ``format`` field of a hand record."""
FORMAT_GAME = "hearts.game"
"""The ``format`` field of a game record."""
VERSION = 1
"""The record version this module writes and reads."""
MAX_RECORD_SIZE = 8 * 1024 * 1024
"""The largest record read, in bytes of the file (or characters of the text): a 1000-hand game is under 3 MB."""

_FINISHED = "finished"
_IN_PROGRESS = "in_progress"

_HAND_KEYS = {"hand_number", "pass_direction", "deal", "passes", "plays", "moon_choice", "status", "result"}
_HAND_RECORD_KEYS = _HAND_KEYS | {"format", "version", "rules", "checksum"}
_GAME_KEYS = {"format", "version", "rules", "number", "first_dealer", "deals", "status", "hands", "result", "checksum"}


# ----- small readers that name the path of what is wrong ----------------------


def _join(prefix: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{prefix}[{key}]"
    return f"{prefix}.{key}" if prefix else key


def _obj(value: Any, path: str, keys: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"expected an object, found {_kind(value)}", path)
    for key in value:
        if key not in keys:
            raise RecordError(f"unknown field {key!r}", _join(path, key) if path else key)
    for key in sorted(keys):
        if key not in value:
            raise RecordError("missing field", _join(path, key))
    return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _int(value: Any, path: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"expected a whole number, found {_kind(value)}", path)
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"{low} or more"
        raise RecordError(f"expected {span}, found {value}", path)
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"expected a list, found {_kind(value)}", path)
    return value


def _card(value: Any, path: str) -> Card:
    if not isinstance(value, str):
        raise RecordError(f"expected a card code such as 'QS', found {_kind(value)}", path)
    try:
        return Card.parse(value)
    except HeartsError as e:
        raise RecordError(str(e), path) from e


def _cards(value: Any, path: str) -> list[Card]:
    return [_card(v, _join(path, i)) for i, v in enumerate(_list(value, path))]


def _int_list(value: Any, path: str, length: int) -> tuple[int, ...]:
    items = _list(value, path)
    if len(items) != length:
        raise RecordError(f"expected {length} numbers, one per seat, found {len(items)}", path)
    return tuple(_int(v, _join(path, i)) for i, v in enumerate(items))


def _at_most_twice(cards: list[Card], path: str) -> None:
    """Two packs: no card three times in one list (the field and the entry named)."""
    seen: dict[int, int] = {}
    for i, c in enumerate(cards):
        seen[c] = seen.get(c, 0) + 1
        if seen[c] > 2:
            raise RecordError(f"{c.code!r} is listed a third time; there are two of each card", _join(path, i))


def _checksum(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:16]


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in a record")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"field {key!r} appears twice")
        out[key] = value
    return out


def _parse_json(text: str | bytes) -> Any:
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"a record is JSON text (str or bytes), not {type(text).__name__}")
    if len(text) > MAX_RECORD_SIZE:
        raise RecordError(
            f"{len(text)} characters is more than the {MAX_RECORD_SIZE} a record may have; it is not a record"
        )
    try:
        return files.parse_json(text, object_pairs_hook=_unique_keys, parse_constant=_reject_constant)
    except files.FileContentError as e:
        raise RecordError(e.message) from None


def _check_header(data: Any, expected_format: str | None) -> str:
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, found {_kind(data)}")
    fmt = data.get("format")
    if fmt not in (FORMAT_HAND, FORMAT_GAME):
        raise RecordError(f"expected {FORMAT_HAND!r} or {FORMAT_GAME!r}, found {_kind(fmt)}", "format")
    if expected_format is not None and fmt != expected_format:
        raise RecordError(f"this is a {fmt!r} record, not {expected_format!r}", "format")
    if "version" not in data:
        raise RecordError("missing field", "version")
    version = data["version"]
    if type(version) is not int or version != VERSION:
        raise RecordError(f"unknown record version {version!r}: this library reads version {VERSION}", "version")
    return fmt  # type: ignore[no-any-return]


def _rules(value: Any, path: str) -> Rules:
    # Every option is written down: a record never takes a default for a rule it does not state.
    keys = set(Rules().to_dict())
    if isinstance(value, dict) and "decks" in value:
        keys.add("decks")  # written only for two packs (Cancellation Hearts)
    data = _obj(value, path, keys)
    try:
        return Rules.from_dict(data)
    except HeartsError as e:
        raise RecordError(str(e), _join(path, getattr(e, "option", "") or "")) from e


def _status(value: Any, path: str) -> bool:
    if value not in (_FINISHED, _IN_PROGRESS):
        raise RecordError(f"expected {_FINISHED!r} or {_IN_PROGRESS!r}, found {_kind(value)}", path)
    return value == _FINISHED  # type: ignore[no-any-return]


# ----- deals ---------------------------------------------------------------------


def _deal_to_dict(deal: Deal, rules: Rules) -> dict[str, Any]:
    number = deal.number
    if number is not None:
        # Keep the number only when it really names these hands (a deal moved to
        # another hand of a game keeps its old number but not its old hand number).
        try:
            numbered = Deal.from_number(number, rules, hand_number=deal.hand_number)
            if numbered.hands != deal.hands or numbered.widow != deal.widow:
                number = None
        except HeartsError:
            number = None
    out: dict[str, Any] = {"number": number, "hand_number": deal.hand_number, "hands": deal.to_codes()}
    if rules.decks == 2:
        out["widow"] = deal.widow.codes()
    return out


def _deal_from_dict(value: Any, rules: Rules, path: str) -> Deal:
    two = rules.decks == 2
    data = _obj(value, path, {"number", "hand_number", "hands"} | ({"widow"} if two else set()))
    hand_number = _int(data["hand_number"], _join(path, "hand_number"), 1)
    hands_path = _join(path, "hands")
    raw = _list(data["hands"], hands_path)
    if len(raw) != rules.num_players:
        raise RecordError(f"expected {rules.num_players} hands, one per seat, found {len(raw)}", hands_path)
    hands = [_cards(h, _join(hands_path, seat)) for seat, h in enumerate(raw)]
    widow = None
    if two:
        widow_path = _join(path, "widow")
        widow = _cards(data["widow"], widow_path)
        for seat, h in enumerate(hands):
            _at_most_twice(h, _join(hands_path, seat))
        _at_most_twice(widow, widow_path)
        if len(widow) != rules.widow_size:
            raise RecordError(
                f"the widow holds {rules.widow_size} cards with {rules.num_players} players, found {len(widow)}",
                widow_path,
            )
    try:
        deal = Deal.from_hands(hands, rules) if widow is None else Deal.from_hands(hands, rules, widow)
    except HeartsError as e:
        raise RecordError(str(e), _join(path, "widow") if "widow:" in str(e) else hands_path) from e
    number = data["number"]
    if number is not None:
        number = _int(number, _join(path, "number"), 0)
        numbered = Deal.from_number(number, rules, hand_number=hand_number)
        if numbered.hands != deal.hands or numbered.widow != deal.widow:
            raise RecordError(
                f"the hands are not those of deal number {number} (hand {hand_number}); the record is forged",
                hands_path,
            )
    return dataclasses.replace(deal, number=number, hand_number=hand_number)


# ----- results -------------------------------------------------------------------


def _result_to_dict(r: HandResult) -> dict[str, Any]:
    return {
        "points": list(r.points),
        "scores": list(r.scores),
        "shooter": r.shooter,
        "moon": None if r.moon is None else r.moon.value,
        "tricks_won": list(r.tricks_won),
    }


def _result_from_dict(value: Any, rules: Rules, path: str) -> HandResult:
    data = _obj(value, path, {"points", "scores", "shooter", "moon", "tricks_won"})
    n = rules.num_players
    shooter = data["shooter"]
    if shooter is not None:
        shooter = _int(shooter, _join(path, "shooter"), 0, n - 1)
    moon = data["moon"]
    if moon is not None:
        if moon not in (MoonScoring.ADD_TO_OTHERS.value, MoonScoring.SUBTRACT_FROM_SHOOTER.value):
            raise RecordError(f"expected 'add', 'subtract' or null, found {_kind(moon)}", _join(path, "moon"))
        moon = MoonScoring(moon)
    return HandResult(
        _int_list(data["points"], _join(path, "points"), n),
        _int_list(data["scores"], _join(path, "scores"), n),
        shooter,
        moon,
        _int_list(data["tricks_won"], _join(path, "tricks_won"), n),
    )


def _compare_result(stated: HandResult, actual: HandResult, path: str) -> None:
    for f in dataclasses.fields(HandResult):
        a, b = getattr(stated, f.name), getattr(actual, f.name)
        if a != b:
            show: Callable[[Any], Any] = lambda v: (
                v.value if isinstance(v, MoonScoring) else (list(v) if isinstance(v, tuple) else v)
            )
            raise RecordError(
                f"the record says {show(a)!r} but replaying the hand gives {show(b)!r}; the record is forged",
                _join(path, f.name),
            )


# ----- hand records --------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class HandRecord:
    """Everything needed to rebuild one hand: rules, deal and every action.

    ``passes`` are ``(seat, cards)`` in the order they were made, ``plays``
    the cards in play order (the seat of each is the player to move),
    ``moon_choice`` the shooter's ``'add'``/``'subtract'`` under
    ``MoonScoring.SHOOTERS_CHOICE``, ``result`` the outcome (``None`` while the
    hand is in progress).

    >>> from hearts import Deal, HandState, PassDirection
    >>> h = HandState(Deal.from_number(3), pass_direction=PassDirection.NONE)
    >>> while not h.is_over:
    ...     h.play(h.legal_moves.highest())
    >>> rec = HandRecord.from_state(h)
    >>> rec.finished, len(rec.plays), sum(rec.result.points)
    (True, 52, 26)
    >>> rec.replay().result() == h.result()
    True
    """

    rules: Rules
    deal: Deal
    hand_number: int
    pass_direction: PassDirection
    passes: tuple[tuple[int, CardSet], ...] = ()
    plays: tuple[Card, ...] = ()
    moon_choice: str | None = None
    result: HandResult | None = None
    dealer: int | None = None  # Cancellation Hearts: the dealer, whose left leads first (written for two packs)

    @property
    def finished(self) -> bool:
        """True when the record holds a whole hand (it then has a result)."""
        return self.result is not None

    # ----- from and to live objects ----------------------------------------

    @classmethod
    def from_state(cls, state: HandState) -> HandRecord:
        """The record of a hand as it stands (finished or not)."""
        passes: list[tuple[int, CardSet]] = []
        plays: list[Card] = []
        moon = None
        for action in state.history:
            if action.kind == "pass":
                passes.append((action.seat, CardSet(action.cards)))
            elif action.kind == "play":
                plays.append(action.cards[0])
            else:
                moon = action.choice
        return cls(
            rules=state.rules,
            deal=state.deal,
            hand_number=state.hand_number,
            pass_direction=state.pass_direction,
            passes=tuple(passes),
            plays=tuple(plays),
            moon_choice=moon,
            result=state.result() if state.is_over else None,
            dealer=state.dealer if state.rules.decks == 2 else None,
        )

    def replay(self) -> HandState:
        """A fresh :class:`HandState` with every action of the record applied.

        Every action goes through the checked engine paths; a refused action,
        a missing action in a finished record, or a result that differs from
        the replay raises :class:`~hearts.errors.RecordError`.
        """
        try:
            state = HandState(
                dataclasses.replace(self.deal, rules=self.rules) if self.deal.rules != self.rules else self.deal,
                self.rules,
                hand_number=self.hand_number,
                pass_direction=self.pass_direction,
                dealer=self.dealer,
            )
        except HeartsError as e:
            raise RecordError(str(e), "dealer" if getattr(e, "option", "") == "dealer" else "pass_direction") from e
        _apply(state, self, "")
        return state

    # ----- plain data --------------------------------------------------------

    def _body(self, *, standalone: bool) -> dict[str, Any]:
        body: dict[str, Any] = {}
        if standalone:
            body.update(format=FORMAT_HAND, version=VERSION, rules=self.rules.to_dict())
        body.update(
            status=_FINISHED if self.finished else _IN_PROGRESS,
            hand_number=self.hand_number,
            pass_direction=self.pass_direction.value,
            deal=_deal_to_dict(dataclasses.replace(self.deal, hand_number=self.hand_number), self.rules),
            passes=[{"seat": seat, "cards": cards.codes()} for seat, cards in self.passes],
            plays=[c.code for c in self.plays],
            moon_choice=self.moon_choice,
            result=None if self.result is None else _result_to_dict(self.result),
        )
        if self.rules.decks == 2:
            body["dealer"] = self.dealer
        return body

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON-ready data, with its checksum."""
        body = self._body(standalone=True)
        body["checksum"] = _checksum(body)
        return body

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """Read and fully validate a record made by :meth:`to_dict`."""
        _check_header(data, FORMAT_HAND)
        _obj({k: v for k, v in data.items() if k != "dealer"}, "", _HAND_RECORD_KEYS)
        rules = _rules(data["rules"], "rules")
        _obj(data, "", _HAND_RECORD_KEYS | ({"dealer"} if rules.decks == 2 else set()))
        record = _hand_from_dict(data, rules, "")
        record.replay()
        _check_checksum(data, record._body(standalone=True))
        return record

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text."""
        return _dumps(self.to_dict(), indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> HandRecord:
        """Read and fully validate JSON made by :meth:`to_json`."""
        return cls.from_dict(_parse_json(text))

    def save(self, path: str | os.PathLike[str], *, indent: int | None = 1) -> None:
        """Write the record to a UTF-8 JSON file."""
        _write(path, self.to_json(indent=indent))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> HandRecord:
        """Read and fully validate a record file written by :meth:`save`."""
        return cls.from_json(_read(path))


def _hand_from_dict(data: Any, rules: Rules, prefix: str) -> HandRecord:
    """The fields of one hand (standalone record or an entry of a game record)."""
    if prefix:
        _obj(data, prefix, _HAND_KEYS | ({"dealer"} if rules.decks == 2 else set()))
    finished = _status(data["status"], _join(prefix, "status"))
    hand_number = _int(data["hand_number"], _join(prefix, "hand_number"), 1)
    pd_path = _join(prefix, "pass_direction")
    try:
        pass_direction = PassDirection(data["pass_direction"])
    except ValueError:
        raise RecordError(
            f"expected 'left', 'right', 'across' or 'none', found {_kind(data['pass_direction'])}", pd_path
        ) from None
    deal = _deal_from_dict(data["deal"], rules, _join(prefix, "deal"))
    if deal.hand_number != hand_number:
        raise RecordError(
            f"the deal says hand {deal.hand_number} but the hand is hand {hand_number}",
            _join(prefix, "deal.hand_number"),
        )

    passes_path = _join(prefix, "passes")
    passes: list[tuple[int, CardSet]] = []
    for i, entry in enumerate(_list(data["passes"], passes_path)):
        p = _join(passes_path, i)
        entry = _obj(entry, p, {"seat", "cards"})
        seat = _int(entry["seat"], _join(p, "seat"), 0, rules.num_players - 1)
        cards = _cards(entry["cards"], _join(p, "cards"))
        if rules.decks == 2:
            _at_most_twice(cards, _join(p, "cards"))
        elif len(set(cards)) != len(cards):
            raise RecordError("a card is listed twice", _join(p, "cards"))
        cs = CardSet(cards)
        passes.append((seat, cs))

    plays_path = _join(prefix, "plays")
    plays = _cards(data["plays"], plays_path)
    if rules.decks == 2:
        _at_most_twice(plays, plays_path)  # a card played twice is both copies
    else:
        first_seen: dict[int, int] = {}
        for j, c in enumerate(plays):
            if c in first_seen:
                raise RecordError(
                    f"{c.code!r} was already played at {_join(plays_path, first_seen[c])}; the record is forged",
                    _join(plays_path, j),
                )
            first_seen[c] = j

    moon = data["moon_choice"]
    if moon not in (None, "add", "subtract"):
        raise RecordError(f"expected 'add', 'subtract' or null, found {_kind(moon)}", _join(prefix, "moon_choice"))

    result_path = _join(prefix, "result")
    result = None
    if finished:
        if data["result"] is None:
            raise RecordError("a finished hand needs its result", result_path)
        result = _result_from_dict(data["result"], rules, result_path)
    elif data["result"] is not None:
        raise RecordError("a hand in progress has no result yet", result_path)
    dealer = None
    if rules.decks == 2:
        dealer = _int(data["dealer"], _join(prefix, "dealer"), 0, rules.num_players - 1)
    return HandRecord(rules, deal, hand_number, pass_direction, tuple(passes), tuple(plays), moon, result, dealer)


def _apply(state: HandState, record: HandRecord, prefix: str) -> None:
    """Replay the record's actions on ``state`` through the checked paths."""
    passes_path = _join(prefix, "passes")
    for i, (seat, cards) in enumerate(record.passes):
        try:
            state.pass_cards(seat, cards)
        except IllegalMoveError as e:
            raise RecordError(
                f"seat {seat} passing {' '.join(cards.codes())} — {e.explain('en')}", _join(passes_path, i)
            ) from e

    plays_path = _join(prefix, "plays")
    for j, c in enumerate(record.plays):
        path = _join(plays_path, j)
        if state.phase is Phase.PASSING:
            raise RecordError(
                f"{c.code!r} is played before every seat has passed (still waiting for seats {state.waiting_to_pass})",
                path,
            )
        if state.phase is not Phase.PLAYING:
            raise RecordError(f"{c.code!r} is played after the last trick ({j} cards were enough)", path)
        try:
            state.play(c)
        except IllegalMoveError as e:
            raise RecordError(f"{c.code!r} — {e.explain('en')} (seat {state.to_play} to play)", path) from e

    moon_path = _join(prefix, "moon_choice")
    if record.moon_choice is not None:
        if state.phase is not Phase.MOON_CHOICE:
            raise RecordError(
                f"{record.moon_choice!r} is recorded but there is no moon choice to make "
                f"(the hand is in the {state.phase.value} phase)",
                moon_path,
            )
        state.choose_moon(state.to_play, record.moon_choice)

    if record.finished:
        if state.phase is Phase.PASSING:
            raise RecordError(
                f"the record says the hand is finished but seats {state.waiting_to_pass} have not passed; "
                "it is truncated",
                passes_path,
            )
        if state.phase is Phase.PLAYING:
            raise RecordError(
                f"the record says the hand is finished but it stops after {state.cards_played} of "
                f"{len(state.rules.deck)} cards; it is truncated",
                plays_path,
            )
        if state.phase is Phase.MOON_CHOICE:
            raise RecordError("the record says the hand is finished but the shooter's choice is missing", moon_path)
        assert record.result is not None
        _compare_result(record.result, state.result(), _join(prefix, "result"))
    elif state.is_over:
        raise RecordError("the record says the hand is in progress but its actions finish it", _join(prefix, "status"))


def _check_checksum(data: dict[str, Any], body: dict[str, Any]) -> None:
    stated = data["checksum"]
    if not isinstance(stated, str):
        raise RecordError(f"expected text, found {_kind(stated)}", "checksum")
    if stated != _checksum(body):
        raise RecordError("does not match the record's content; the record was altered", "checksum")


def _dumps(value: Any, indent: int | None, level: int = 0) -> str:
    """JSON text; with ``indent``, objects and lists of lists are laid out over
    lines while lists of plain values (a hand, the plays) and small objects
    (a pass) stay on one line."""
    if indent is None or not isinstance(value, (dict, list)) or not value:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": ") if indent else None)
    if isinstance(value, list) and not any(isinstance(v, (dict, list)) for v in value):
        return json.dumps(value, ensure_ascii=False)
    flat = json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict) and len(flat) <= 60 and not any(isinstance(v, dict) for v in value.values()):
        return flat
    pad = " " * (indent * (level + 1))
    end = " " * (indent * level)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {_dumps(v, indent, level + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    items = [pad + _dumps(v, indent, level + 1) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + end + "]"


def _write(path: str | os.PathLike[str], text: str) -> None:
    """Write a record file atomically; a path that cannot be a file is a :class:`RecordError` naming it.

    Nothing is written or removed then: a folder at ``path`` is left as it is.
    """
    where = os.fspath(path)
    if os.path.isdir(where):
        raise RecordError(f"cannot save a record to {where}: this is a folder, not a file")
    try:
        files.write_file(path, text + "\n", make_folder=False)
    except NotADirectoryError as e:
        raise RecordError(f"cannot save a record to {where}: a folder above it is a file") from e
    except FileNotFoundError as e:
        raise RecordError(f"cannot save a record to {where}: its folder does not exist") from e
    except IsADirectoryError as e:  # a folder made there meanwhile
        raise RecordError(f"cannot save a record to {where}: this is a folder, not a file") from e


def _read(path: str | os.PathLike[str]) -> bytes:
    try:
        data = files.read_limited(path, MAX_RECORD_SIZE)
    except files.FileContentError as e:
        raise RecordError(e.message) from None
    if data is None:
        raise FileNotFoundError(2, "no such record file", os.fspath(path))
    return data


# ----- game records --------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """Everything needed to rebuild a game: rules, deals and every hand.

    ``number`` is the game number (hand ``k`` is ``Deal.from_number(number,
    hand_number=k)``) unless ``deals`` lists the game's explicit deals.
    ``hands`` holds a :class:`HandRecord` per hand dealt so far; only the last
    may be unfinished. ``outcome`` is set once the game is over.

    >>> from hearts import Game, Rules
    >>> g = Game(number=4, rules=Rules(target_score=40))
    >>> while not g.is_over:
    ...     h = g.hand
    ...     for seat in h.waiting_to_pass:
    ...         h.pass_cards(seat, list(h.hand_of(seat))[:3])
    ...     while not h.is_over:
    ...         h.play(h.legal_moves.lowest())
    ...     if not g.is_over:
    ...         _ = g.next_hand()
    >>> rec = GameRecord.from_json(GameRecord.from_game(g).to_json())
    >>> again = rec.replay()
    >>> again.scores == g.scores, again.winners == g.winners, again.is_over
    (True, True, True)
    """

    rules: Rules
    number: int
    first_dealer: int
    hands: tuple[HandRecord, ...]
    deals: tuple[Deal, ...] | None = None
    outcome: GameOutcome | None = None

    @property
    def finished(self) -> bool:
        """True when the game is over (the record then has its outcome)."""
        return self.outcome is not None

    @classmethod
    def from_game(cls, game: Game) -> GameRecord:
        """The record of a game as it stands (finished or not)."""
        explicit = game.deals
        return cls(
            rules=game.rules,
            number=game.number,
            first_dealer=game.first_dealer,
            hands=tuple(HandRecord.from_state(h) for h in game.hands),
            deals=None if explicit is None else tuple(explicit),
            outcome=game.outcome() if game.is_over else None,
        )

    def replay(self) -> Game:
        """A fresh :class:`~hearts.game.Game` with every hand of the record replayed.

        Raises :class:`~hearts.errors.RecordError` naming the hand and action
        that is wrong.
        """
        if not self.hands:
            raise RecordError("a game record holds at least one hand", "hands")
        if self.deals is not None and len(self.deals) < len(self.hands):
            raise RecordError(f"{len(self.hands)} hands were played, only {len(self.deals)} deals listed", "deals")
        try:
            game = Game(self.number, self.rules, deals=self.deals, first_dealer=self.first_dealer)
        except HeartsError as e:
            # Game() checks one seat (the first dealer's); the rest is about the deals.
            seat_error = isinstance(e, IllegalMoveError)
            raise RecordError(str(e), "first_dealer" if seat_error else "deals" if self.deals else "number") from e
        last = len(self.hands) - 1
        for i, hand in enumerate(self.hands):
            prefix = f"hands[{i}]"
            if i > 0:
                if game.is_over:
                    raise RecordError("the game was already over before this hand", prefix)
                game.next_hand()
            state = game.hand
            if hand.hand_number != i + 1:
                raise RecordError(f"expected {i + 1}, found {hand.hand_number}", f"{prefix}.hand_number")
            if hand.pass_direction is not state.pass_direction:
                raise RecordError(
                    f"hand {i + 1} passes {state.pass_direction.value}, not {hand.pass_direction.value}",
                    f"{prefix}.pass_direction",
                )
            if hand.dealer is not None and hand.dealer != state.dealer:
                raise RecordError(
                    f"hand {i + 1} is dealt by seat {state.dealer}, not {hand.dealer}", f"{prefix}.dealer"
                )
            if hand.deal.hands != state.deal.hands or hand.deal.widow != state.deal.widow:
                source = f"game number {self.number}" if self.deals is None else "the game's list of deals"
                raise RecordError(
                    f"the hands are not those of hand {i + 1} of {source}; the record is forged", f"{prefix}.deal"
                )
            _apply(state, hand, prefix)
            if i < last and not state.is_over:
                raise RecordError("only the last hand of a game may be unfinished", f"{prefix}.status")
        if self.finished:
            if not game.is_over:
                raise RecordError(
                    f"the record says the game is over but after {len(self.hands)} hand(s) the totals are "
                    f"{list(game.scores)}; it is truncated",
                    "status",
                )
            assert self.outcome is not None
            actual = game.outcome()
            for name in ("totals", "winners", "hands_played"):
                a, b = getattr(self.outcome, name), getattr(actual, name)
                if a != b:
                    show: Callable[[Any], Any] = lambda v: list(v) if isinstance(v, tuple) else v
                    raise RecordError(
                        f"the record says {show(a)!r} but replaying the game gives {show(b)!r}; the record is forged",
                        f"result.{name}",
                    )
        elif game.is_over:
            raise RecordError("the record says the game is in progress but its hands finish it", "status")
        return game

    def _body(self) -> dict[str, Any]:
        return {
            "format": FORMAT_GAME,
            "version": VERSION,
            "status": _FINISHED if self.finished else _IN_PROGRESS,
            "rules": self.rules.to_dict(),
            "number": self.number,
            "first_dealer": self.first_dealer,
            "deals": None if self.deals is None else [_deal_to_dict(d, self.rules) for d in self.deals],
            "hands": [h._body(standalone=False) for h in self.hands],
            "result": None
            if self.outcome is None
            else {
                "totals": list(self.outcome.totals),
                "winners": list(self.outcome.winners),
                "hands_played": self.outcome.hands_played,
            },
        }

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON-ready data, with its checksum."""
        body = self._body()
        body["checksum"] = _checksum(body)
        return body

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read and fully validate a record made by :meth:`to_dict`."""
        _check_header(data, FORMAT_GAME)
        _obj(data, "", _GAME_KEYS)
        rules = _rules(data["rules"], "rules")
        n = rules.num_players
        number = _int(data["number"], "number")
        first_dealer = _int(data["first_dealer"], "first_dealer", 0, n - 1)
        deals = None
        if data["deals"] is not None:
            deals = tuple(_deal_from_dict(d, rules, f"deals[{i}]") for i, d in enumerate(_list(data["deals"], "deals")))
        hands = tuple(_hand_from_dict(h, rules, f"hands[{i}]") for i, h in enumerate(_list(data["hands"], "hands")))
        finished = _status(data["status"], "status")
        outcome = None
        if finished:
            res = _obj(data["result"], "result", {"totals", "winners", "hands_played"})
            winners = _list(res["winners"], "result.winners")
            outcome = GameOutcome(
                _int_list(res["totals"], "result.totals", n),
                tuple(_int(w, f"result.winners[{i}]", 0, n - 1) for i, w in enumerate(winners)),
                _int(res["hands_played"], "result.hands_played", 1),
            )
        elif data["result"] is not None:
            raise RecordError("a game in progress has no result yet", "result")
        record = cls(rules, number, first_dealer, hands, deals, outcome)
        record.replay()
        _check_checksum(data, record._body())
        return record

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text."""
        return _dumps(self.to_dict(), indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read and fully validate JSON made by :meth:`to_json`."""
        return cls.from_dict(_parse_json(text))

    def save(self, path: str | os.PathLike[str], *, indent: int | None = 1) -> None:
        """Write the record to a UTF-8 JSON file."""
        _write(path, self.to_json(indent=indent))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> GameRecord:
        """Read and fully validate a record file written by :meth:`save`."""
        return cls.from_json(_read(path))


# ----- either kind -------------------------------------------------------------------


def loads(text: str | bytes) -> HandRecord | GameRecord:
    """Read a hand or game record from JSON text, whichever it is.

    >>> from hearts import Deal, HandState
    >>> rec = loads(HandRecord.from_state(HandState(Deal.from_number(1))).to_json())
    >>> type(rec).__name__, rec.finished
    ('HandRecord', False)
    >>> loads('{"format": "hearts.hand", "version": 99}')
    Traceback (most recent call last):
    ...
    hearts.errors.RecordError: version: unknown record version 99: this library reads version 1
    """
    data = _parse_json(text)
    fmt = _check_header(data, None)
    if fmt == FORMAT_HAND:
        return HandRecord.from_dict(data)
    return GameRecord.from_dict(data)


def load(path: str | os.PathLike[str]) -> HandRecord | GameRecord:
    """Read a hand or game record file, whichever it is."""
    return loads(_read(path))
