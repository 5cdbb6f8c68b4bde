"""A room's tables: people and bots at several games, with no web server in sight.

A :class:`Room` holds one or more :class:`RoomTable` games, all dealt from one
deal number (a class plays the same cards at every table). People take seats
with :meth:`RoomTable.join` and get a seat token; every action names its
seat through that token, and the table accepts it only from the seat whose
turn it is, checked by the engine. What a seat is shown comes from
:meth:`RoomTable.view`, built from that seat's
:class:`~hearts.observation.Observation` alone, so nothing of another seat's
hand can be in it. Seats nobody holds are played by bots; so is a person's
seat once they have been away longer than the room's ``bot_after``.

The web server (:mod:`hearts.room.server`) only carries these calls over
websockets.

>>> room, keys = Room.create(RoomSettings(number=21, level="random", tables=1))
>>> table = room.tables[0]
>>> token = table.join(2, "Ana")
>>> table.seat_of(token)
2
>>> table.act(token, {"type": "play", "card": "2C", "at": table.at()})
Traceback (most recent call last):
...
hearts.room.tables.RoomError: play: wrong_phase: That cannot be done now: the hand is in the passing phase.
>>> while table.bot_step():
...     pass
>>> view = table.view(2, "en")
>>> view["phase"], len(view["hand"]), view["can_pass"]
('passing', 13, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from hearts.bots import LEVELS, Bot, make_bot
from hearts.cards import Card, CardSet
from hearts.deal import StableRandom
from hearts.display import table_svg
from hearts.errors import CardParseError, HeartsError, IllegalMoveError, Rule
from hearts.game import Game
from hearts.hand import Phase
from hearts.messages import LANGUAGES, card_name, number, seat_name, text, text_n
from hearts.observation import Observation
from hearts.record import GameRecord
from hearts.rules import PRESETS, MoonScoring, Rules, hand_scores, moon_choice

__all__ = [
    "MAX_NAME",
    "Room",
    "RoomError",
    "RoomSettings",
    "RoomTable",
    "new_token",
    "player_key",
    "token_hash",
]

SEATS = 4
MAX_NAME = 24
MAX_TABLES = 50
TOKEN_BYTES = 18  # 144 random bits: secrets.token_urlsafe gives 24 characters


def new_token() -> str:
    """An unguessable token (room, teacher key or seat), from :mod:`secrets`.

    >>> len(new_token()), new_token() != new_token()
    (24, True)
    """
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What is stored and compared instead of a token: its SHA-256, so a saved file grants nothing.

    >>> token_hash("abc")[:12]
    'ba7816bf8f01'
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class RoomError(HeartsError):
    """A message or action the room refuses; nothing changes.

    ``.code`` is the reason (a catalogue key ``room.error.<code>``), ``.field``
    the part of the message that was wrong, and :meth:`explain` the words in
    ``'en'`` or ``'es'``. An engine refusal travels inside: ``.rule`` is the
    :class:`~hearts.errors.Rule` broken (``None`` for the room's own reasons).

    >>> e = RoomError("seat_taken", "seat", seat=2)
    >>> e.explain("es")
    'Ese asiento ya tiene jugador: elige otro.'
    """

    def __init__(self, code: str, field: str = "", *, cause: HeartsError | None = None, **values: Any) -> None:
        self.code = code
        self.field = field
        self.values = values
        self.cause = cause
        self.rule: Rule | None = cause.rule if isinstance(cause, IllegalMoveError) else None
        super().__init__(": ".join(x for x in (field, code, self.explain("en")) if x))

    def __reduce__(self) -> tuple[Any, ...]:  # rebuilt whole when it crosses a process boundary
        return (_rebuild_room_error, (type(self), self.code, self.field, self.cause, self.values))

    def explain(self, lang: str = "en") -> str:
        """The reason in words."""
        explain = getattr(self.cause, "explain", None)
        if callable(explain):
            return str(explain(lang))
        return text(f"room.error.{self.code}", lang, **self.values)


def _rebuild_room_error(
    cls: type[RoomError], code: str, field: str, cause: HeartsError | None, values: dict[str, Any]
) -> RoomError:
    return cls(code, field, cause=cause, **values)


def _refused(e: HeartsError, field: str) -> RoomError:
    """An engine error as the room's error (same words, the rule kept)."""
    if isinstance(e, RoomError):
        return e
    if isinstance(e, IllegalMoveError):
        return RoomError(e.rule.value, field, cause=e)
    if isinstance(e, CardParseError):
        return RoomError("not_a_card", field, cause=e)
    return RoomError("refused", field, reason=str(e))


@dataclasses.dataclass(frozen=True)
class RoomSettings:
    """How a room plays. Every table uses the same settings.

    - ``number``: the deal number every table plays (hand ``k`` is
      ``Deal.from_number(number, hand_number=k)``, as at the game table).
    - ``tables``: how many tables (four seats each).
    - ``level``: the bots' level (``random``, ``rule``, ``expert``, ``master``).
    - ``target_score``: the score that ends a game.
    - ``rules``: the variant every table plays (:class:`~hearts.rules.Rules`,
      3 to 7 seats, or Cancellation Hearts for a class of 6 to 10 at one
      table, ``Rules.cancellation(n)``; ``None``: the default game). Its target score is the
      room's: given only in ``rules``, it becomes ``target_score``. Under the
      shooter's choice of moon scoring a person who shot the moon is asked (the
      ``moon`` message, :meth:`RoomTable.moon_outcomes`); for a bot, an absent
      person or one whose turn clock ran out, the rules' own
      :func:`~hearts.rules.moon_choice` decides (and the table says so).
    - ``bot_after``: seconds a person who lost the connection may be away
      before a bot plays for them (``None``: the table waits for them).
    - ``bot_delay``: seconds between two bot cards, so people see them land.
    - ``lang``: the pages' first language (each person can switch).
    - ``ranked``: a finished game moves its players' ratings (:mod:`hearts.room.ratings`).
    - ``turn_clock``: seconds a person has for a card (and for the pass); when they run out the
      bot plays that card for them and the table says so (``None``: no clock).
    - ``seat_kept``: seconds the seat of a person who went away stays theirs (a bot plays meanwhile
      when ``bot_after`` says so); then it is given to a bot for good (``None``: kept for ever).

    >>> RoomSettings(number=5, bot_after=-1)
    Traceback (most recent call last):
    ...
    hearts.room.tables.RoomError: bot_after: bad_setting: The setting bot_after cannot be -1.
    """

    number: int = 0
    tables: int = 1
    level: str = "rule"
    target_score: int = 100
    bot_after: float | None = None
    bot_delay: float = 0.6
    lang: str = "en"
    rules: Rules | None = None
    ranked: bool = True
    turn_clock: float | None = None
    seat_kept: float | None = None

    def __post_init__(self) -> None:
        def bad(name: str) -> RoomError:
            return RoomError("bad_setting", name, setting=name, value=getattr(self, name))

        def whole(v: object) -> bool:
            return isinstance(v, int) and not isinstance(v, bool)

        def seconds(v: object) -> bool:
            return whole(v) or (isinstance(v, float) and math.isfinite(v))

        if not whole(self.number) or not 0 <= self.number < 10**12:
            raise bad("number")
        if not whole(self.tables) or not 1 <= self.tables <= MAX_TABLES:
            raise bad("tables")
        if self.level not in LEVELS:
            raise bad("level")
        if not whole(self.target_score) or self.target_score < 1:
            raise bad("target_score")
        if self.bot_after is not None and (not seconds(self.bot_after) or self.bot_after < 0):
            raise bad("bot_after")
        if not seconds(self.bot_delay) or not 0 <= self.bot_delay <= 10:
            raise bad("bot_delay")
        if self.lang not in LANGUAGES:
            raise bad("lang")
        if not isinstance(self.ranked, bool):
            raise bad("ranked")
        if self.turn_clock is not None and (not seconds(self.turn_clock) or not 1 <= self.turn_clock <= 3600):
            raise bad("turn_clock")
        if self.seat_kept is not None and (not seconds(self.seat_kept) or not 1 <= self.seat_kept <= 7 * 86400):
            raise bad("seat_kept")
        if self.rules is not None:
            if not isinstance(self.rules, Rules):
                raise bad("rules")
            if self.target_score == 100 and self.rules.target_score != 100:  # given in the rules alone
                object.__setattr__(self, "target_score", self.rules.target_score)
            elif self.rules.target_score != self.target_score:
                raise bad("target_score")

    @property
    def game_rules(self) -> Rules:
        """The rules each table's game is played by.

        >>> RoomSettings(rules=Rules(num_players=3, target_score=50)).game_rules.num_players
        3
        >>> RoomSettings(target_score=50).game_rules.target_score
        50
        """
        return Rules(target_score=self.target_score) if self.rules is None else self.rules

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (saved with the room; ``rules`` only when there are some)."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "rules"}
        if self.rules is not None:
            out["rules"] = self.rules.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: object) -> RoomSettings:
        """Settings from :meth:`to_dict`; anything but an object, unknown fields or bad values raise
        :class:`RoomError`.

        >>> RoomSettings.from_dict({"number": 5, "tables": 2}).tables
        2
        >>> RoomSettings.from_dict([1, 2]).tables
        Traceback (most recent call last):
        ...
        hearts.room.tables.RoomError: settings: bad_file: A saved room file is damaged (settings: ...a list).
        """
        if not isinstance(data, Mapping):
            raise RoomError("bad_file", "settings", where=f"settings: an object, not {json_kind(data)}")
        names = {f.name for f in dataclasses.fields(cls)}
        extra = {str(k) for k in data} - names
        if extra:
            raise RoomError("unknown_field", sorted(extra)[0], field_name=sorted(extra)[0])
        values = {str(k): v for k, v in data.items()}
        if values.get("rules") is not None:
            try:
                values["rules"] = Rules.from_dict(values["rules"])
            except HeartsError as e:
                raise RoomError("bad_file", "settings.rules", where=f"settings.rules: {e}") from None
        try:
            return cls(**values)
        except TypeError as e:
            raise RoomError("refused", "settings", reason=str(e)) from None


@dataclasses.dataclass
class Seat:
    """Who sits at a seat: a person (``name`` and the hash of their token) or nobody (a bot plays).

    ``browser`` is the hash of the token of the browser that took the seat
    (one browser holds one seat per room, see :meth:`Room.join`); ``player`` the
    player's key in every room (:func:`player_key`: their ratings follow it).
    """

    name: str | None = None
    token_hash: str | None = None
    browser: str | None = None
    player: str | None = None
    connected: int = 0  # live connections (the server keeps one per seat)
    away_since: float | None = None  # time.monotonic() when the last connection went; None while connected
    ready: bool = False  # pressed Next hand

    @property
    def person(self) -> bool:
        """True when a person holds the seat."""
        return self.token_hash is not None


def check_name(name: object) -> str:
    """A player's name: 1 to 24 printable characters, spaces trimmed.

    >>> check_name("  Ana ")
    'Ana'
    >>> check_name("")
    Traceback (most recent call last):
    ...
    hearts.room.tables.RoomError: name: bad_name: A name is 1 to 24 letters, digits or signs (no line breaks).
    """
    if not isinstance(name, str):
        raise RoomError("bad_name", "name", most=MAX_NAME)
    cleaned = " ".join(name.split())
    if not 1 <= len(cleaned) <= MAX_NAME or not cleaned.isprintable():
        raise RoomError("bad_name", "name", most=MAX_NAME)
    return cleaned


class RoomTable:
    """One game in a room: four seats, people and bots.

    Every change bumps :attr:`version`; :meth:`view` gives a seat everything
    its screen shows. Actions (:meth:`act`) come with the seat's token and the
    ``at`` the person's screen showed (:meth:`at`), so an old or replayed
    message never acts on a position the person has not seen.
    """

    def __init__(self, index: int, settings: RoomSettings, *, game: Game | None = None) -> None:
        self.index = index
        self.settings = settings
        self.game = game if game is not None else Game(settings.number, settings.game_rules)
        self.n = self.game.rules.num_players  # the seats at this table
        self.seats = [Seat() for _ in range(self.n)]
        self.selection = [0] * self.n  # the cards each seat has chosen so far for its pass
        self.version = 0
        self.game_id = new_token()  # names this game (a rematch is a new one): its rating is recorded once
        self.games = 0  # games finished at this table before this one (a rematch deals the next number)
        self._clock_at: tuple[int, int, str] | None = None  # the position the turn clock runs for
        self._clock_start = 0.0
        self.timed_out: tuple[int, str] | None = None  # (seat, card) the bot played when the clock ran out
        self.moon_late: int | None = None  # the shooter whose moon the rules scored when their clock ran out
        self.clock: Callable[[], float] = time.monotonic
        self.wall: Callable[[], float] = time.time  # the time of day a hand ended is kept by (see ended)
        self._drawn: dict[int, tuple[tuple[Any, ...], str]] = {}  # each seat's last drawing, and what it showed
        # when each finished hand of this game ended (seconds since the epoch, UTC; None: a hand finished under an
        # older version, which did not keep it)
        self.ended: list[float | None] = []
        self.bots: dict[int, Bot] = {s: make_bot(settings.level, seed=s) for s in range(self.n)}
        self.last_error: dict[int, RoomError] = {}
        self.unsaved = False  # the server could not save the table's last change: play waits until it can

    def restore(self, saved: Mapping[str, Any]) -> None:
        """Go back to ``saved`` (a :meth:`to_dict` taken before a change that could not be saved).

        The game, the seats and the pass selections become what they were; who
        is connected stays as it is now. :attr:`version` still goes up, so every
        screen redraws.
        """
        before = RoomTable.from_dict(self.index, self.settings, saved)
        for s, seat in enumerate(before.seats):
            now = self.seats[s]
            if seat.token_hash is not None and seat.token_hash == now.token_hash:
                seat.connected, seat.away_since = now.connected, now.away_since
        self.game, self.seats, self.selection = before.game, before.seats, before.selection
        self.game_id, self.games, self.ended = before.game_id, before.games, before.ended
        self.version += 1

    # ----- reading -------------------------------------------------------------------

    def at(self) -> list[int]:
        """Where the table is: ``[hand number, cards played]``. An action must name the position it answers."""
        h = self.game.hand
        return [h.hand_number, h.cards_played]

    def seat_of(self, token: object) -> int | None:
        """The seat a token holds at this table, or ``None``."""
        if not isinstance(token, str):
            return None
        digest = token_hash(token)
        for s, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return s
        return None

    def free_seats(self) -> list[int]:
        """Seats nobody holds (bots play them until someone sits down)."""
        return [s for s, seat in enumerate(self.seats) if not seat.person]

    def name(self, s: int, lang: str) -> str:
        """A seat's name on screen: the person's name, or e.g. "West (bot)"."""
        seat = self.seats[s]
        if seat.name is not None:
            return seat.name
        return text("room.bot_name", lang, seat=seat_name(s, lang, self.n))

    def names(self, lang: str) -> list[str]:
        """Every seat's name, South first."""
        return [self.name(s, lang) for s in range(self.n)]

    def bot_plays_for(self, s: int) -> bool:
        """True when a bot acts for seat ``s`` now: nobody holds it, its person is away too long, or their
        turn clock ran out."""
        seat = self.seats[s]
        if not seat.person:
            return True
        if self.clock_left(s) == 0:
            return True
        if seat.connected or self.settings.bot_after is None or seat.away_since is None:
            return False
        return self.clock() - seat.away_since >= self.settings.bot_after

    def clock_left(self, s: int) -> float | None:
        """Seconds seat ``s`` has left to act (0: the time ran out), or ``None`` when no clock runs for it:
        no ``turn_clock``, or the seat owes no card, pass or moon choice now."""
        limit = self.settings.turn_clock
        h = self.game.hand
        owing = h.phase in (Phase.PASSING, Phase.PLAYING, Phase.MOON_CHOICE)
        if limit is None or not self.started or not owing or s not in self._due():
            return None
        where = (h.hand_number, h.cards_played, h.phase.value)
        if where != self._clock_at:  # a new turn: its clock starts now
            self._clock_at, self._clock_start = where, self.clock()
        return max(0.0, self._clock_start + limit - self.clock())

    def _due(self) -> list[int]:
        """Seats that must act before the table can go on."""
        g = self.game
        h = g.hand
        if h.phase is Phase.PASSING:
            return h.waiting_to_pass
        if h.phase in (Phase.PLAYING, Phase.MOON_CHOICE):  # a card, or the shooter's choice of moon scoring
            return [h.to_play]
        if h.is_over and not g.is_over:
            return [s for s in range(self.n) if not self.seats[s].ready]
        return []

    @property
    def started(self) -> bool:
        """True once a person holds a seat: until then (and whenever every person has left) the bots wait."""
        return any(seat.person for seat in self.seats)

    def _bot_due(self) -> list[int]:
        """Seats whose bot must act now.

        Nothing before a person sits down. While passing, the bots of empty seats
        choose last, once every person has passed, so that someone who sits down
        meanwhile still chooses their own cards.
        """
        if not self.started:
            return []
        due = self._due()
        ready = [s for s in due if self.bot_plays_for(s)]
        if self.game.hand.phase is Phase.PASSING and any(not self.bot_plays_for(s) for s in due):
            ready = [s for s in ready if self.seats[s].person]  # a person away too long: their bot passes
        return ready

    def bot_wait(self) -> float | None:
        """Seconds until a bot must act here (0: now), or ``None`` when only people can move the table on."""
        if not self.started:
            return None
        if self._bot_due():
            return 0.0
        waits = [max(0.0, since - self.clock()) for since in self._seat_deadlines()]
        for s in self._due():
            left = self.clock_left(s)
            if left is not None:
                waits.append(left)
            seat = self.seats[s]
            if seat.person and not seat.connected and seat.away_since is not None and self.settings.bot_after:
                waits.append(max(0.0, seat.away_since + self.settings.bot_after - self.clock()))
        return min(waits) if waits else None

    def _seat_deadlines(self) -> list[float]:
        """When each away person's seat stops being kept (``seat_kept``)."""
        kept = self.settings.seat_kept
        if kept is None:
            return []
        return [x.away_since + kept for x in self.seats if x.person and not x.connected and x.away_since is not None]

    def stale_seats(self) -> list[int]:
        """Seats whose person has been away longer than ``seat_kept``."""
        kept = self.settings.seat_kept
        now = self.clock()
        return [
            s for s, x in enumerate(self.seats)
            if kept is not None and x.person and not x.connected and x.away_since is not None
            and now - x.away_since >= kept
        ]

    def release_stale(self) -> list[str]:
        """Give to a bot, for good, every seat kept longer than ``seat_kept`` for someone away; their names."""
        return [self.free(s) for s in self.stale_seats()]

    def bot_plays_next(self) -> bool:
        """True when the next action due is a bot's card (the server paces those by ``bot_delay``)."""
        h = self.game.hand
        return h.phase is Phase.PLAYING and self.bot_plays_for(h.to_play)

    def moon_asked(self, s: int) -> bool:
        """True while seat ``s`` is a person who shot the moon under the shooter's choice and is asked how it
        scores (no bot acts for them: they are here and their clock, if any, still runs)."""
        h = self.game.hand
        return h.phase is Phase.MOON_CHOICE and h.to_play == s and not self.bot_plays_for(s)

    def moon_outcomes(self) -> dict[str, list[int]]:
        """While the shooter chooses: the game totals each choice gives, ``{"add": [...], "subtract": [...]}``
        (one total per seat, by the engine's own scoring, :func:`~hearts.rules.hand_scores`); ``{}`` otherwise.

        >>> from hearts.rules import MoonScoring
        >>> room, _ = Room.create(RoomSettings(number=5, level="random", rules=Rules(moon=MoonScoring.SHOOTERS_CHOICE)))
        >>> room.tables[0].moon_outcomes()
        {}
        """
        g = self.game
        h = g.hand
        if h.phase is not Phase.MOON_CHOICE:
            return {}
        before = g.totals_before_hand
        out = {}
        for choice in ("add", "subtract"):
            scores, _ = hand_scores(list(h.points), h.to_play, g.rules, choice)
            out[choice] = [t + x for t, x in zip(before, scores, strict=True)]
        return out

    def view(self, s: int, lang: str) -> dict[str, Any]:
        """Everything seat ``s`` is shown, from its own observation: the SVG table and the facts beside it.

        Nothing here comes from another seat's hand: the drawing and the lists
        are made from :meth:`Game.observation` of ``s`` and the public totals.
        """
        g = self.game
        obs = g.observation(s)
        h_phase = obs.phase
        trick = None
        if h_phase is Phase.PLAYING and not obs.trick and obs.tricks:
            trick = obs.tricks[-1]  # the trick just won stays in view until the next card
        can_pass = h_phase is Phase.PASSING and obs.passed_mask is None
        selected = self.selection[s] & obs.hand_mask if can_pass else 0
        received = 0
        played_first = s in {seat for seat, _ in obs.trick}
        if h_phase is Phase.PLAYING and obs.trick_number == 0 and obs.received_mask and not played_first:
            received = obs.received_mask  # outlined until this seat plays its first card
        names = self.names(lang)
        over = g.is_over
        message = None
        if over:
            message = _game_over_text(g, names, lang)
        h = g.hand
        # Everything the drawing is made from: when none of it changed (someone connected, another seat chose a
        # card to pass), the seat's last drawing is used again instead of drawn anew.
        key = (lang, g.number, h.hand_number, h.cards_played, h_phase.value, tuple(p is None for p in h.passes),
               tuple(g.scores), over, selected, received, tuple(names), message)  # fmt: skip
        drawn = self._drawn.get(s)
        if drawn is not None and drawn[0] == key:
            svg = drawn[1]
        else:
            svg = table_svg(
                obs,
                viewer=s,
                selected=selected,
                highlighted=received,
                trick=trick,
                names=names,
                scores=list(g.scores),
                message=message,
                lang=lang,
            )
            self._drawn[s] = (key, svg)
        your_turn = h_phase is Phase.PLAYING and obs.to_play == s
        hand_over = h_phase is Phase.DONE
        asked = self.moon_asked(s)
        return {
            "type": "state",
            "table": self.index,
            "seat": s,
            "version": self.version,
            "at": self.at(),
            "number": g.number,
            "hand_number": obs.hand_number,
            "phase": h_phase.value,
            "to_play": obs.to_play,
            "your_turn": your_turn,
            "can_pass": can_pass,
            "can_next": hand_over and not over and not self.seats[s].ready,
            "can_rematch": over and not self.seats[s].ready,
            "moon_choice": self.moon_outcomes() if asked else None,
            "moon_points": g.rules.moon_points,
            "ranked": self.settings.ranked,
            "clock_left": self.clock_left(s),
            "hand_over": hand_over,
            "game_over": over,
            "hand": obs.hand.codes(),
            "legal": obs.legal_moves.codes() if your_turn else [],
            "selected": CardSet(selected).codes(),
            "pass_size": g.rules.pass_size,
            "scores": list(g.scores),
            "points": list(obs.points),
            "players": [self._player(p, lang) for p in range(self.n)],
            "message": self._line(s, lang),
            "saved": not self.unsaved,
            "svg": svg,
            **self._piles(obs),
        }

    def spectator_view(self, lang: str) -> dict[str, Any]:
        """What a spectator (the teacher) sees of the table: public facts only, no card of anyone's hand —
        the cards of the trick on the table, whose turn it is, the points and scores.

        >>> room, _ = Room.create(RoomSettings(number=5, level="random"))
        >>> v = room.tables[0].spectator_view("en")
        >>> v["type"], v["trick"], v["scores"]
        ('spectate', [], [0, 0, 0, 0])
        """
        g = self.game
        h = g.hand
        names = self.names(lang)
        return {
            "type": "spectate",
            "table": self.index,
            "version": self.version,
            "hand_number": h.hand_number,
            "phase": h.phase.value,
            "to_play": h.to_play if h.phase is Phase.PLAYING else None,
            "names": names,
            "trick": [{"seat": p, "name": names[p], "card": c.code, "card_name": card_name(c, lang)}
                      for p, c in h.current_trick],
            "cards_played": h.cards_played,
            "points": list(h.points),
            "scores": list(g.scores),
            "game_over": g.is_over,
        }

    @staticmethod
    def _piles(obs: Observation) -> dict[str, Any]:
        """Cancellation Hearts (public to every seat): the cards of the tricks that wait and their points, the
        widow once taken and who took it (-1: not yet). Nothing with one pack."""
        if obs.rules.decks != 2:
            return {}
        rules = obs.rules
        return {
            "pile": CardSet(obs.pile_mask).codes(), "pile_points": rules.points_of(obs.pile_mask),
            "widow": CardSet(obs.widow_mask).codes(), "widow_taker": obs.widow_taker, "widow_size": rules.widow_size,
        }  # fmt: skip

    def _player(self, p: int, lang: str) -> dict[str, Any]:
        seat = self.seats[p]
        return {
            "seat": p,
            "name": self.name(p, lang),
            "kind": "person" if seat.person else "bot",
            "connected": bool(seat.connected) if seat.person else True,
            "bot_playing": seat.person and self.bot_plays_for(p),
        }

    def _line(self, s: int, lang: str) -> dict[str, str]:
        """The message line under seat ``s``'s table."""
        g = self.game
        h = g.hand
        names = self.names(lang)
        if self.unsaved:
            return {"kind": "error", "text": text("room.msg.not_saved", lang)}
        if self.timed_out is not None and not g.is_over and h.phase is not Phase.DONE:
            late, cards = self.timed_out
            key = "room.msg.timed_out_you" if late == s else "room.msg.timed_out"
            return {"kind": "warning", "text": text(key, lang, name=names[late], cards=cards)}
        moon = self._moon_said(s, names, lang)
        if g.is_over:
            return {"kind": "ok", "text": " ".join(x for x in (moon, _game_over_text(g, names, lang)) if x)}
        if h.is_over:
            r = h.result()
            if moon:  # the shooter's choice: how this moon scored, then the total it leaves
                said = moon + " " + text("room.msg.moon_total", lang, hand=h.hand_number, score=f"{r.scores[s]:+d}",
                                          total=g.scores[s])
            else:
                said = text_n("room.msg.hand_done", r.points[s], lang, hand=h.hand_number, points=r.points[s],
                              total=g.scores[s])
            waiting = [names[p] for p in range(self.n) if not self.seats[p].ready and p != s]
            if not self.seats[s].ready:
                return {"kind": "ok", "text": said + " " + text("room.msg.press_next", lang)}
            return {"kind": "ok", "text": said + " " + text("room.msg.waiting_next", lang, names=", ".join(waiting))}
        if h.phase is Phase.PASSING:
            if h.passes[s] is None:
                return {
                    "kind": "info",
                    "text": text(
                        "room.msg.choose_pass",
                        lang,
                        count=g.rules.pass_size,
                        direction=text(f"pass.{h.pass_direction.value}", lang),
                        to=names[h.pass_target(s)],
                    ),
                }
            waiting = [names[p] for p in h.waiting_to_pass]
            return {"kind": "info", "text": text("room.msg.waiting_pass", lang, names=", ".join(waiting))}
        mover = h.to_play
        choosing = h.phase is Phase.MOON_CHOICE
        if mover == s:
            if choosing:
                return {"kind": "info", "text": self._moon_question(s, names, lang)}
            return {"kind": "info", "text": text("room.msg.your_turn", lang)}
        seat = self.seats[mover]
        if seat.person and not seat.connected and not self.bot_plays_for(mover):
            key = "room.msg.away_waits" if self.settings.bot_after is None else "room.msg.away_bot_soon"
            wait = self.settings.bot_after
            shown = "" if wait is None else number(wait, lang, 0 if float(wait).is_integer() else 1)
            return {"kind": "info", "text": text(key, lang, name=names[mover], seconds=shown)}
        key = "room.msg.moon_waiting" if choosing else "room.msg.waiting"
        return {"kind": "info", "text": text(key, lang, name=names[mover])}

    def _moon_question(self, s: int, names: list[str], lang: str) -> str:
        """The shooter's question: both ways to score the moon, with the totals each leaves (theirs and
        everyone else's), and whether adding ends the game."""
        g = self.game
        out = self.moon_outcomes()
        add, sub = out["add"], out["subtract"]
        full = g.rules.moon_points
        others = [text("room.msg.moon_ask_others", lang, name=names[p], total=add[p]) for p in range(self.n) if p != s]
        if max(add) >= g.rules.target_score:
            others.append(text("room.msg.moon_ask_ends", lang))
        before = g.totals_before_hand[s]  # adding leaves it unless the shooter's own J♦ (Omnibus) moves it
        key = "room.msg.moon_ask" if add[s] == before else "room.msg.moon_ask_moved"
        return text(
            key, lang, subtract=text("room.page.moon_subtract", lang, points=full), before=before,
            add=text("room.page.moon_add", lang, points=full), total=add[s], minus=sub[s], others=", ".join(others),
        )  # fmt: skip

    def _moon_said(self, s: int, names: list[str], lang: str) -> str:
        """Once a moon under the shooter's choice is scored: who shot it and how it scored, after "ran out of
        time: the rules chose" when the shooter's clock decided; ``""`` for any other hand."""
        h = self.game.hand
        if self.game.rules.moon is not MoonScoring.SHOOTERS_CHOICE or not h.is_over or h.result().shooter is None:
            return ""
        r = h.result()
        shooter = r.shooter
        assert shooter is not None
        way = "add" if r.moon is MoonScoring.ADD_TO_OTHERS else "subtract"
        you = ".you" if shooter == s else ""
        said = text(f"room.msg.moon_scored.{way}{you}", lang, name=names[shooter], points=self.game.rules.moon_points)
        if self.moon_late == shooter:
            late = text(f"room.msg.moon_timed_out{you}", lang, name=names[shooter])
            said = late + " " + said
        return said

    # ----- seats ---------------------------------------------------------------------

    def join(self, s: object, name: object, *, browser: str | None = None, player: str | None = None) -> str:
        """A person takes free seat ``s``; returns their seat token (keep it: it is the seat's only key).

        ``browser`` is the hash of the browser's own token (:func:`browser_hash`), kept with the seat so that
        :meth:`Room.join` gives that browser this seat again rather than another one.
        """
        s = _seat_number(s, self.n)
        who = check_name(name)
        if self.seats[s].person:
            raise RoomError("seat_taken", "seat", seat=s)
        token = new_token()
        self.seats[s] = Seat(name=who, token_hash=token_hash(token), browser=browser, player=player,
                             ready=self.seats[s].ready)
        self.selection[s] = 0
        self.version += 1
        return token

    def reissue(self, s: int) -> str:
        """A new token for the person at seat ``s`` (the old one stops working); used when their browser
        asks for a seat again, so it gets the one it holds."""
        seat = self.seats[s]
        if not seat.person:
            raise RoomError("seat_free", "seat")
        token = new_token()
        seat.token_hash = token_hash(token)
        self.version += 1
        return token

    def free(self, s: object) -> str:
        """The teacher gives seat ``s`` to a bot: the person's token stops working. Returns their name.

        >>> room, _ = Room.create(RoomSettings(number=5, level="random"))
        >>> t = room.tables[0]
        >>> token = t.join(1, "Ana")
        >>> t.free(1), t.seat_of(token), t.free_seats()
        ('Ana', None, [0, 1, 2, 3])
        >>> t.free(1)
        Traceback (most recent call last):
        ...
        hearts.room.tables.RoomError: seat: seat_free: Nobody holds that seat: a bot already plays it.
        """
        s = _seat_number(s, self.n)
        seat = self.seats[s]
        if not seat.person:
            raise RoomError("seat_free", "seat")
        self.seats[s] = Seat(ready=seat.ready)
        self.selection[s] = 0
        self.version += 1
        return str(seat.name)

    def leave(self, token: object) -> int:
        """The person gives their seat back to a bot; their token stops working. Returns the seat."""
        s = self._seat(token)
        ready = self.seats[s].ready
        self.seats[s] = Seat(ready=ready)
        self.selection[s] = 0
        self.version += 1
        return s

    def connect(self, s: int) -> None:
        """A connection for seat ``s`` opened."""
        seat = self.seats[s]
        seat.connected += 1
        seat.away_since = None
        self.version += 1

    def disconnect(self, s: int) -> None:
        """A connection for seat ``s`` closed (the seat stays the person's)."""
        seat = self.seats[s]
        seat.connected = max(0, seat.connected - 1)
        if not seat.connected:
            seat.away_since = self.clock()
        self.version += 1

    def _seat(self, token: object) -> int:
        s = self.seat_of(token)
        if s is None:
            raise RoomError("bad_token", "token")
        return s

    # ----- actions -------------------------------------------------------------------

    def act(self, token: object, message: Mapping[str, Any]) -> None:
        """Carry out a person's message (``select``, ``pass``, ``play``, ``moon``, ``next`` or ``rematch``) for
        their own seat.

        Raises :class:`RoomError` and changes nothing when the token holds no
        seat here, the message answers a position that is no longer on the
        table (``at``), or the engine refuses the action.
        """
        s = self._seat(token)
        kind = message.get("type")
        if message.get("at") != self.at():
            raise RoomError("stale", "at")
        g = self.game
        h = g.hand
        try:
            if kind == "select":
                c = _card(message.get("card"), "card")
                if h.phase is not Phase.PASSING:
                    raise IllegalMoveError(Rule.WRONG_PHASE, phase=h.phase.value)
                if h.passes[s] is not None:
                    raise IllegalMoveError(Rule.ALREADY_PASSED, seat=s, players=self.n)
                # Two packs: which of two identical cards was clicked (data-copy); the first copy is chosen first.
                copy = message.get("copy", 1)
                if copy not in (1, 2) or isinstance(copy, bool):
                    raise RoomError("bad_field", "copy", field_name="copy")
                if not h.hands[s] >> c & 1 or (copy == 2 and not h.hands[s] >> (c + 52) & 1):
                    raise IllegalMoveError(Rule.CARD_NOT_IN_HAND, card=str(c))
                first, second = 1 << c, 1 << (c + 52)
                chosen = self.selection[s]
                if chosen & (second if copy == 2 else first):  # drawn chosen: one copy goes back
                    self.selection[s] = chosen & ~second if chosen & second else chosen & ~first
                elif len(CardSet(chosen)) >= g.rules.pass_size:
                    raise RoomError("three_chosen", "card", count=g.rules.pass_size)
                else:
                    self.selection[s] = chosen | second if chosen & first else chosen | first
            elif kind == "pass":
                cards = message.get("cards")
                if not isinstance(cards, list) or not all(isinstance(x, str) for x in cards):
                    raise RoomError("bad_field", "cards", field_name="cards")
                h.pass_cards(s, [_card(x, "cards") for x in cards])
                self.selection[s] = 0
            elif kind == "play":
                c = _card(message.get("card"), "card")
                if h.phase is Phase.PASSING:
                    raise IllegalMoveError(Rule.WRONG_PHASE, phase=h.phase.value)
                h.play(c, seat=s)
                self._settle_moon()
            elif kind == "moon":
                choice = message.get("choice")
                if choice not in ("add", "subtract"):
                    raise RoomError("bad_field", "choice", field_name="choice")
                h.choose_moon(s, str(choice))  # the engine checks the phase and that this seat is the shooter
            elif kind == "next":
                self._ready(s)
            elif kind == "rematch":
                self._rematch(s)
            else:
                raise RoomError("unknown_type", "type", given=str(kind))
        except HeartsError as e:
            raise _refused(e, str(kind)) from None
        if self.timed_out is not None and self.timed_out[0] == s:
            self.timed_out = None  # back at the table: the notice has done its job
        self._stamp()
        self.version += 1

    def _stamp(self) -> None:
        """Keep the time of day the hand ended, once, when the change just made ended it (:attr:`ended`)."""
        g = self.game
        done = g.hand_number - (0 if g.hand.is_over else 1)
        while len(self.ended) < done:
            self.ended.append(round(self.wall(), 3))

    def _ready(self, s: int) -> None:
        g = self.game
        if not g.hand.is_over:
            raise RoomError("hand_not_over", "next")
        if g.is_over:
            raise IllegalMoveError(Rule.GAME_OVER)
        self.seats[s].ready = True
        if all(seat.ready for seat in self.seats):
            g.next_hand()
            self.moon_late = None
            for seat in self.seats:
                seat.ready = False
            self.selection = [0] * self.n

    def _rematch(self, s: int) -> None:
        """Seat ``s`` wants another game with the same people; it starts once every person does (a bot
        always does), on the next deal number."""
        g = self.game
        if not g.is_over:
            raise RoomError("game_not_over", "rematch")
        self.seats[s].ready = True
        if all(seat.ready or not seat.person for seat in self.seats):
            self.games += 1
            number = (self.settings.number + self.games) % 10**12
            self.game = Game(number, self.settings.game_rules)
            self.game_id = new_token()
            self.moon_late = None
            self.ended = []
            for seat in self.seats:
                seat.ready = False
            self.selection = [0] * self.n

    def _bot(self, s: int) -> Bot:
        """Seat ``s``'s bot, reseeded from the position, so a resumed room plays on exactly as it would have."""
        h = self.game.hand
        key = f"hearts-room/v1/{self.game.number}/{h.hand_number}/{s}/{h.cards_played}"
        bot = self.bots[s]
        bot.reseed(StableRandom(key).bits64())
        return bot

    def bot_step(self) -> bool:
        """One action a bot owes now (a card, every bot pass, or Next hand). False when none is due."""
        g = self.game
        h = g.hand
        due = self._bot_due()
        if not due:
            return False
        if h.phase is Phase.PASSING:
            for s in due:
                late = self.seats[s].person and self.clock_left(s) == 0
                cards = list(self._bot(s).choose_pass(g.observation(s)))
                h.pass_cards(s, cards)
                self.selection[s] = 0
                if late:
                    self.timed_out = (s, " ".join(str(c) for c in cards))
        elif h.phase is Phase.PLAYING:
            s = h.to_play
            late = self.seats[s].person and self.clock_left(s) == 0
            c = self._bot(s).choose_play(g.observation(s))
            h.play(c, seat=s)
            self._settle_moon()
            if late:
                self.timed_out = (s, str(c))
        elif h.phase is Phase.MOON_CHOICE:  # the shooter's bot, or a person away or out of time
            s = h.to_play
            late = self.seats[s].person and self.clock_left(s) == 0
            self._moon_by_rules(s)
            if late:
                self.moon_late = s
        else:
            for s in due:
                self._ready(s)
        self._stamp()
        self.version += 1
        return True

    def bot_turn(self) -> tuple[list[int], int, Observation, Bot] | None:
        """The bot to move and what it sees, ``(at, seat, observation, bot)``, without playing.

        The server asks the bot in a worker thread (the strong levels think for a
        while) and plays its card with :meth:`apply_bot_card`, which refuses it
        if the table moved meanwhile. ``None`` when no bot card is due.
        """
        h = self.game.hand
        if h.phase is not Phase.PLAYING or not self.started or not self.bot_plays_for(h.to_play):
            return None
        s = h.to_play
        return self.at(), s, self.game.observation(s), self._bot(s)

    def apply_bot_card(self, at: list[int], s: int, c: Card) -> bool:
        """Play a card from :meth:`bot_turn` if the table is still where it was decided."""
        h = self.game.hand
        if at != self.at() or h.phase is not Phase.PLAYING or h.to_play != s or not self.bot_plays_for(s):
            return False
        late = self.seats[s].person and self.clock_left(s) == 0
        h.play(c, seat=s)
        self._settle_moon()
        if late:
            self.timed_out = (s, str(c))
        self._stamp()
        self.version += 1
        return True

    def _settle_moon(self) -> None:
        """A moon under the shooter's choice, shot by a seat a bot plays now, is scored at once by the rules' own
        choice; a person at the table is asked instead (:meth:`moon_asked`, the ``moon`` message)."""
        h = self.game.hand
        if h.phase is Phase.MOON_CHOICE and self.bot_plays_for(h.to_play):
            self._moon_by_rules(h.to_play)

    def _moon_by_rules(self, s: int) -> None:
        """Score seat ``s``'s moon by the rules' own :func:`~hearts.rules.moon_choice` (by the game totals)."""
        g = self.game
        g.hand.choose_moon(s, moon_choice(g.totals_before_hand, s, g.rules))

    # ----- the scores ---------------------------------------------------------------

    def leaderboard_rows(self, lang: str = "en") -> list[dict[str, Any]]:
        """One row per seat: table, seat, player, kind, hands finished, score (public facts only)."""
        g = self.game
        h = g.hand
        done = g.hand_number - (0 if h.is_over else 1)
        rows = []
        for s in range(self.n):
            seat = self.seats[s]
            rows.append(
                {
                    "table": self.index + 1,
                    "seat": seat_name(s, lang, self.n),
                    "seat_index": s,
                    "player": self.name(s, lang),
                    "kind": "person" if seat.person else "bot",
                    "hands": done,
                    "score": g.scores[s],
                    "hand_points": h.points[s],
                    "game_over": g.is_over,
                }
            )
        return rows

    # ----- saving --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: the game record, who sits where (token hashes only), the pass selections."""
        return {
            "game": GameRecord.from_game(self.game).to_dict(),
            "seats": [
                {"name": x.name, "token_hash": x.token_hash, "browser": x.browser, "player": x.player,
                 "ready": x.ready}
                for x in self.seats
            ],
            "game_id": self.game_id,
            "games": self.games,
            "ended": list(self.ended),
            "selection": [CardSet(m).codes() for m in self.selection],
        }

    @classmethod
    def from_dict(cls, index: int, settings: RoomSettings, data: Any) -> RoomTable:
        """A table from :meth:`to_dict`; a damaged part raises :class:`RoomError` naming it."""
        where = f"tables[{index}]"
        if not isinstance(data, dict):
            raise RoomError("bad_file", where, where=where)
        try:
            game = GameRecord.from_dict(data.get("game")).replay()
        except HeartsError as e:
            raise RoomError("bad_file", f"{where}.game", where=f"{where}.game: {e}") from e
        if game.rules != settings.game_rules:  # a table plays its room's variant, nothing else
            raise RoomError("bad_file", f"{where}.game.rules", where=f"{where}.game.rules: not the room's rules")
        table = cls(index, settings, game=game)
        finished = game.hand_number - (0 if game.hand.is_over else 1)
        ended = data.get("ended", [None] * finished)  # saved by an older version: those times are not known
        if not isinstance(ended, list) or len(ended) > finished or not all(
            x is None or (isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and x >= 0)
            for x in ended
        ):
            raise RoomError("bad_file", f"{where}.ended", where=f"{where}.ended")
        table.ended = [None if x is None else float(x) for x in ended]
        game_id, games = data.get("game_id", table.game_id), data.get("games", 0)
        if not isinstance(game_id, str) or not 8 <= len(game_id) <= 64 or type(games) is not int or games < 0:
            raise RoomError("bad_file", f"{where}.game_id", where=f"{where}.game_id")
        table.game_id, table.games = game_id, games
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != table.n:
            raise RoomError("bad_file", f"{where}.seats", where=f"{where}.seats")
        for s, x in enumerate(seats):
            ok = isinstance(x, dict) and isinstance(x.get("ready", False), bool)
            name, digest = (x.get("name"), x.get("token_hash")) if isinstance(x, dict) else (None, None)
            ok = ok and (name is None) == (digest is None)
            ok = ok and (digest is None or (isinstance(digest, str) and len(digest) == 64))
            browser = x.get("browser") if isinstance(x, dict) else None
            ok = ok and (browser is None or (digest is not None and isinstance(browser, str) and len(browser) == 64))
            player = x.get("player") if isinstance(x, dict) else None
            ok = ok and (player is None or (digest is not None and isinstance(player, str) and len(player) == 64))
            if not ok:
                raise RoomError("bad_file", f"{where}.seats[{s}]", where=f"{where}.seats[{s}]")
            table.seats[s] = Seat(
                name=None if name is None else check_name(name),
                token_hash=digest,
                browser=browser,
                player=player,
                ready=x.get("ready", False),
                away_since=table.clock() if digest is not None else None,  # away until they reconnect
            )
        selection = data.get("selection", [[]] * table.n)
        if not isinstance(selection, list) or len(selection) != table.n:
            raise RoomError("bad_file", f"{where}.selection", where=f"{where}.selection")
        for s, codes in enumerate(selection):
            try:
                table.selection[s] = CardSet([Card.parse(c) for c in codes]).mask & game.hand.hands[s]
            except (CardParseError, TypeError, AttributeError):
                raise RoomError("bad_file", f"{where}.selection[{s}]", where=f"{where}.selection[{s}]") from None
        return table


def _seat_number(s: object, seats: int = SEATS) -> int:
    if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < seats:
        raise RoomError("no_such_seat", "seat", last=seats - 1)
    return s


def json_kind(value: object) -> str:
    """What a JSON value is, in words, for a message about a damaged file.

    >>> json_kind(True), json_kind(-1), json_kind([1, 2])
    ('true', 'a number (-1)', 'a list')
    """
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return f"a number ({value!r})"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def preset_of(rules: Rules) -> str | None:
    """The name of the :data:`~hearts.rules.PRESETS` variant ``rules`` play, whatever their target (``None``:
    rules of their own).

    >>> preset_of(Rules(num_players=3, target_score=50)), preset_of(Rules(num_players=3, passing=False))
    ('three', None)
    """
    for name, preset in PRESETS.items():
        if dataclasses.replace(preset, target_score=rules.target_score) == rules:
            return name
    return None


def player_key(browser: str) -> str:
    """The key of the player whose browser keeps the secret ``browser``: the same in every room (their
    ratings follow it), and nothing of the secret can be read back from it.

    >>> len(player_key("a-browser-secret")), player_key("a") == player_key("a")
    (64, True)
    """
    return token_hash("hearts-player/v1/" + browser)


def browser_hash(room_hash: str, browser: str) -> str:
    """What a seat keeps of the browser that took it: a hash of the browser's token, salted by the room
    (so the same browser cannot be followed from one room's file to another's).

    >>> len(browser_hash("r" * 64, "my-browser-token")), browser_hash("a", "b") != browser_hash("c", "b")
    (64, True)
    """
    return token_hash(f"hearts-room-browser/{room_hash}/{browser}")


def _card(value: object, field: str) -> Card:
    if not isinstance(value, str):
        raise RoomError("bad_field", field, field_name=field)
    return Card.parse(value)


def _game_over_text(g: Game, names: list[str], lang: str) -> str:
    w = g.winners
    key = "room.msg.game_shared" if len(w) > 1 else "room.msg.game_winner"
    return text(key, lang, names=", ".join(names[s] for s in w))


class Room:
    """Several tables on one deal number, a teacher's key, and the people who joined.

    Make one with :meth:`create`, which returns the room and its two secrets:
    the room token (in the link players open) and the teacher's key (for the
    leaderboard). Neither is stored: the room keeps only their hashes.
    """

    def __init__(
        self, room_hash: str, teacher_hash: str, settings: RoomSettings, tables: list[RoomTable], *,
        parent: str | None = None,
    ) -> None:
        self.room_hash = room_hash
        self.teacher_hash = teacher_hash
        self.settings = settings
        self.tables = tables
        self.parent = parent  # the room (a class) this live or friends' table was opened from, if any

    @classmethod
    def create(cls, settings: RoomSettings, *, parent: str | None = None) -> tuple[Room, dict[str, str]]:
        """A new room; returns it and ``{"room": token, "teacher": key}``. ``parent``: the hash of the room it
        is opened from (its games count on that room's leaderboard too)."""
        room_token, teacher = new_token(), new_token()
        tables = [RoomTable(i, settings) for i in range(settings.tables)]
        return cls(token_hash(room_token), token_hash(teacher), settings, tables, parent=parent), {
            "room": room_token,
            "teacher": teacher,
        }

    def is_teacher(self, key: object) -> bool:
        """True for the teacher's key."""
        return isinstance(key, str) and secrets.compare_digest(token_hash(key), self.teacher_hash)

    def table(self, index: object) -> RoomTable:
        """Table ``index`` (0-based); a bad index raises :class:`RoomError`."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.tables):
            raise RoomError("no_such_table", "table", last=len(self.tables))
        return self.tables[index]

    def join(self, index: object, s: object, name: object, browser: object) -> tuple[RoomTable, int, str]:
        """A browser takes a seat: ``(table, seat, seat token)``. One browser holds one seat per room.

        ``browser`` is the browser's own token (kept in its storage). When that
        browser already holds a seat in this room, the answer is that seat
        (with a new token; the old one stops working), whatever was asked.

        >>> room, _ = Room.create(RoomSettings(number=5, tables=2, level="random"))
        >>> t, s, first = room.join(0, 1, "Ana", "browser-of-ana-123")
        >>> t2, s2, again = room.join(1, 3, "Ana", "browser-of-ana-123")
        >>> (t2.index, s2), room.tables[1].free_seats(), t.seat_of(first), t.seat_of(again)
        ((0, 1), [0, 1, 2, 3], None, 1)
        """
        held = self.held_by(browser)
        if held is not None:
            t, s_held = held
            return t, s_held, t.reissue(s_held)
        table = self.table(index)
        s = _seat_number(s, table.n)
        return table, s, table.join(s, name, browser=browser_hash(self.room_hash, str(browser)),
                                    player=player_key(str(browser)))

    def held_by(self, browser: object) -> tuple[RoomTable, int] | None:
        """The table and seat a browser (its own token) holds in this room, or ``None``."""
        if not isinstance(browser, str) or not 8 <= len(browser) <= 200:
            raise RoomError("bad_field", "browser", field_name="browser")
        digest = browser_hash(self.room_hash, browser)
        for t in self.tables:
            for s, seat in enumerate(t.seats):
                if seat.person and seat.browser is not None and secrets.compare_digest(seat.browser, digest):
                    return t, s
        return None

    def find(self, token: object) -> tuple[RoomTable, int] | None:
        """The table and seat a seat token holds in this room, or ``None``."""
        for t in self.tables:
            s = t.seat_of(token)
            if s is not None:
                return t, s
        return None

    def lobby(self, lang: str) -> dict[str, Any]:
        """The room as a newcomer sees it: each table's seats, who holds them, which are free. Everything in it
        follows from :meth:`lobby_key` (and ``lang``): while that key is the same, so is the lobby.

        >>> room, _ = Room.create(RoomSettings(number=5, tables=2, level="random"))
        >>> lobby = room.lobby("en")
        >>> [t["variant"] for t in lobby["tables"]], lobby["tables"][1]["seats"][3]["free"]
        (['standard', 'standard'], True)
        """
        described: dict[Rules, tuple[str | None, dict[str, Any]]] = {}  # the tables of a room share their rules
        for t in self.tables:
            if t.game.rules not in described:
                described[t.game.rules] = (preset_of(t.game.rules), t.game.rules.to_dict())
        return {
            "type": "lobby",
            "number": self.settings.number,
            "tables": [
                {
                    "table": t.index,
                    "variant": described[t.game.rules][0],
                    "rules": dict(described[t.game.rules][1]),
                    "hand_number": t.game.hand_number,
                    "game_over": t.game.is_over,
                    "seats": [
                        {
                            "seat": s,
                            "seat_name": seat_name(s, lang, t.n),
                            "name": t.seats[s].name,
                            "free": not t.seats[s].person,
                        }
                        for s in range(t.n)
                    ],
                }
                for t in self.tables
            ],
        }

    def lobby_key(self) -> tuple[Any, ...]:
        """What :meth:`lobby` shows, in short: it changes exactly when the lobby does (a seat taken or given
        back, a new hand or a finished game), and costs a few microseconds a table to make, so a server can tell
        whether the lobby it sent is still the room's without building it again.

        >>> room, _ = Room.create(RoomSettings(number=5, tables=2, level="random"))
        >>> before = room.lobby_key()
        >>> _ = room.tables[1].join(2, "Ana")
        >>> room.lobby_key() == before
        False
        """
        return tuple(
            (t.game.hand_number, t.game.is_over, tuple((x.name, x.person) for x in t.seats)) for t in self.tables
        )

    def leaderboard_rows(self, lang: str = "en") -> list[dict[str, Any]]:
        """Every seat of every table, lowest score first (people before bots when tied), with a rank."""
        rows = [r for t in self.tables for r in t.leaderboard_rows(lang)]
        rows.sort(key=lambda r: (r["score"], r["kind"] != "person", r["table"]))
        rank = 0
        last = None
        for i, r in enumerate(rows, 1):
            if r["score"] != last:
                rank, last = i, r["score"]
            r["rank"] = rank
        return rows

    def leaderboard(self, lang: str = "en") -> Any:
        """The leaderboard as a pandas DataFrame (one row per seat; ``to_csv`` exports it).

        >>> room, _ = Room.create(RoomSettings(number=3, tables=2, level="random"))
        >>> df = room.leaderboard()
        >>> list(df.columns)
        ['rank', 'table', 'seat', 'player', 'kind', 'hands', 'score', 'hand_points', 'game_over']
        >>> len(df), str(df["score"].dtype)
        (8, 'int64')
        """
        import pandas as pd

        cols = ["rank", "table", "seat", "player", "kind", "hands", "score", "hand_points", "game_over"]
        df = pd.DataFrame(self.leaderboard_rows(lang), columns=cols)
        for c in ("rank", "table", "hands", "score", "hand_points"):
            df[c] = df[c].astype("int64")
        df["game_over"] = df["game_over"].astype(bool)
        return df

    def to_dict(self) -> dict[str, Any]:
        """The room's own file (tables are saved one file each)."""
        return {
            "format": ROOM_FORMAT,
            "version": 1,
            "room_hash": self.room_hash,
            "teacher_hash": self.teacher_hash,
            "settings": self.settings.to_dict(),
        }


ROOM_FORMAT = "hearts-room"
