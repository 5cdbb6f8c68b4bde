"""One seat's :class:`~hearts.observation.Observation` as a fixed-size vector of numbers, and back.

The vector is what reinforcement-learning code sees. It is built from the
seat's own observation and nothing else (no hidden card can reach it), and
it loses nothing of that observation: :func:`decode` rebuilds it, which is
how any project bot can play from the vector alone
(:class:`~hearts.rl.adapters.BotPolicy`).

Seats in the vector are **relative**: index 0 is the observing seat, 1 the
next seat in play order (its left), and so on; ``seat`` gives the absolute
seat. Cards are indexed 0–51 as everywhere in the package (``suit * 13 +
rank - 2``, suits ♣ ♦ ♠ ♥). The fields, in order (``n`` players; see
:func:`layout` for the offsets and :func:`describe` for this table as text):

=================  =========  ================================================================
field              size       meaning
=================  =========  ================================================================
num_players        5          one-hot of 3, 4, 5, 6, 7 players
target_score       1          ``Rules.target_score / 100``
qs_breaks_hearts   1          1 when Q♠ breaks hearts
jack_of_diamonds   1          1 when taking J♦ is worth −10
passing            1          1 when the rules pass cards
moon               3          one-hot of add to the others, subtract from the shooter, shooter's choice
seat               n          one-hot of the observing seat (absolute)
hand_number        1          the hand within the game ``/ 100``
phase              4          one-hot of passing, playing, moon choice, done
pass_direction     4          one-hot of left, right, across, none
hand               52         cards held now (cards chosen to pass are no longer held)
pass_chosen        52         cards this seat chose to pass (so far, while it chooses)
pass_done          1          1 once this seat has chosen all its cards
received           52         cards received in the pass
pass_received      1          1 once the passed cards have changed hands
played             n × 52     card c played this hand by relative seat r (``played[r * 52 + c]``)
played_trick       52         ``(t + 1) / hand_size`` for a card played in trick t (0 if unplayed)
trick              52         cards of the trick in progress
leader             n          one-hot of the relative seat leading the trick in progress (once over: the last winner)
to_play            n          one-hot of the relative seat to act (none while passing or when done)
led_suit           4          one-hot of the suit led to the trick in progress
trick_number       1          tricks completed ``/ hand_size``
hearts_broken      1          1 once hearts are broken
points             n          penalty points taken this hand per relative seat ``/ 26``
voids              n × 4      suit s shown out of by relative seat r (``voids[r * 4 + s]``)
totals             n          game totals before this hand per relative seat ``/ target_score``
has_totals         1          1 when the observation carries game totals
=================  =========  ================================================================

**Two packs.** With Cancellation Hearts rules (``decks=2``, 6 to 10 players)
every card can be held twice: the vector is :mod:`hearts.rl.two_packs`'s
(card fields hold counts 0-2, two planes of plays per seat, the waiting pile,
the widow and who took it; ``347 + 115 n`` numbers), and ``layout``,
``size``, ``bounds`` and ``describe`` take ``decks=2``. The actions are the
same: a card action plays or passes one copy, and ``chosen`` is a two-copy
mask (:func:`hearts.cards.ms_from`).

Actions are integers ``0 … 53``: a card index (to pass or to play it), or
:data:`MOON_ADD` (52) / :data:`MOON_SUBTRACT` (53), the shooter's choice
under ``MoonScoring.SHOOTERS_CHOICE``. Passing is three actions in a row,
one card each; :func:`action_mask` allows the held cards not yet chosen.

>>> from hearts import Deal, HandState
>>> h = HandState(Deal.from_number(5))
>>> x = encode(h.observation(0))
>>> x.shape, x.dtype, size(4)
((534,), dtype('float32'), 534)
>>> int(action_mask(h.observation(0)).sum())
13
>>> obs, chosen = decode(x)
>>> obs.hand == h.hand_of(0), chosen
(True, 0)
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from hearts.cards import ALL_CARDS_MASK, CARDS, ms_sub
from hearts.errors import HeartsError
from hearts.hand import Phase, Trick
from hearts.observation import Observation
from hearts.rl._shared import DIRECTIONS as _DIRECTIONS
from hearts.rl._shared import PHASES as _PHASES
from hearts.rl._shared import TOTALS_BOUND as _TOTALS_BOUND
from hearts.rl._shared import game_fields
from hearts.rl.two_packs import PLAYERS_TWO, decode_two, encode_two, fields_two
from hearts.rules import MoonScoring, Rules, complete_trick

__all__ = [
    "MOON_ADD",
    "MOON_SUBTRACT",
    "NUM_ACTIONS",
    "EncodingError",
    "Field",
    "action_mask",
    "bounds",
    "decode",
    "describe",
    "encode",
    "layout",
    "same_observation",
    "size",
]

MOON_ADD = 52
"""The action of a shooter who adds 26 to every other player."""
MOON_SUBTRACT = 53
"""The action of a shooter who takes 26 off its own score."""
NUM_ACTIONS = 54
"""Actions are 0–51 (a card) and the two moon choices."""

_PLAYERS = (3, 4, 5, 6, 7)
_MOONS = (MoonScoring.ADD_TO_OTHERS, MoonScoring.SUBTRACT_FROM_SHOOTER, MoonScoring.SHOOTERS_CHOICE)


class EncodingError(HeartsError):
    """A vector that is not an encoded observation (wrong size, or a field out of its range)."""


@dataclasses.dataclass(frozen=True)
class Field:
    """One field of the vector: ``vector[start:stop]``, what it holds, and its bounds."""

    name: str
    start: int
    stop: int
    meaning: str
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        """How many numbers."""
        return self.stop - self.start


def _fields(n: int) -> list[tuple[str, int, str, float, float]]:
    b = _TOTALS_BOUND
    return [
        ("num_players", 5, "one-hot of 3, 4, 5, 6, 7 players", 0, 1),
        *game_fields(n),
        ("hand", 52, "cards held now (cards chosen to pass are no longer held)", 0, 1),
        ("pass_chosen", 52, "cards this seat chose to pass (so far, while it chooses)", 0, 1),
        ("pass_done", 1, "1 once this seat has chosen all its cards", 0, 1),
        ("received", 52, "cards received in the pass", 0, 1),
        ("pass_received", 1, "1 once the passed cards have changed hands", 0, 1),
        ("played", n * 52, "card c played this hand by relative seat r (played[r * 52 + c])", 0, 1),
        ("played_trick", 52, "(t + 1) / hand_size for a card played in trick t (0 if unplayed)", 0, 1),
        ("trick", 52, "cards of the trick in progress", 0, 1),
        ("leader", n, "one-hot of the relative seat leading the trick in progress (once over: the last winner)", 0, 1),
        ("to_play", n, "one-hot of the relative seat to act (none while passing or when done)", 0, 1),
        ("led_suit", 4, "one-hot of the suit led to the trick in progress", 0, 1),
        ("trick_number", 1, "tricks completed / hand_size", 0, 1),
        ("hearts_broken", 1, "1 once hearts are broken", 0, 1),
        ("points", n, "penalty points taken this hand per relative seat / 26", -1, 1),
        ("voids", n * 4, "suit s shown out of by relative seat r (voids[r * 4 + s])", 0, 1),
        ("totals", n, "game totals before this hand per relative seat / target_score", -b, b),
        ("has_totals", 1, "1 when the observation carries game totals", 0, 1),
    ]


_LAYOUTS: dict[int, dict[str, Field]] = {}  # by player count; two packs by minus the count


def layout(num_players: int = 4, *, decks: int = 1) -> dict[str, Field]:
    """The fields of the vector for ``num_players`` players, by name, in order (``decks=2``: Cancellation
    Hearts, 6 to 10 players, :mod:`hearts.rl.two_packs`).

    >>> f = layout(4)["hand"]
    >>> f.start, f.stop, f.meaning
    (25, 77, 'cards held now (cards chosen to pass are no longer held)')
    >>> layout(8, decks=2)["hand"].high
    2.0
    """
    if decks not in (1, 2) or isinstance(decks, bool):
        raise EncodingError(f"decks must be 1 or 2, not {decks!r}")
    players = _PLAYERS if decks == 1 else PLAYERS_TWO
    if num_players not in players or isinstance(num_players, bool):
        packs = "one pack" if decks == 1 else "two packs"
        raise EncodingError(f"num_players must be {players[0]} to {players[-1]} with {packs}, not {num_players!r}")
    key = num_players if decks == 1 else -num_players
    found = _LAYOUTS.get(key)
    if found is None:
        found = {}
        at = 0
        for name, width, meaning, low, high in _fields(num_players) if decks == 1 else fields_two(num_players):
            found[name] = Field(name, at, at + width, meaning, float(low), float(high))
            at += width
        _LAYOUTS[key] = found
    return found


def size(num_players: int = 4, *, decks: int = 1) -> int:
    """Length of the vector for ``num_players`` players (534 with four; ``347 + 115 n`` with two packs)."""
    return list(layout(num_players, decks=decks).values())[-1].stop


def bounds(num_players: int = 4, *, decks: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Lowest and highest value of every entry (the observation space's box)."""
    low = np.zeros(size(num_players, decks=decks), np.float32)
    high = np.zeros(size(num_players, decks=decks), np.float32)
    for f in layout(num_players, decks=decks).values():
        low[f.start : f.stop] = f.low
        high[f.start : f.stop] = f.high
    return low, high


def describe(num_players: int = 4, *, decks: int = 1) -> str:
    """The layout as a plain-text table: field, offsets, meaning.

    >>> print(describe(4).splitlines()[1])
    num_players          0    5  one-hot of 3, 4, 5, 6, 7 players
    """
    lines = [f"{'field':<18} {'start':>5} {'stop':>4}  meaning"]
    for f in layout(num_players, decks=decks).values():
        lines.append(f"{f.name:<18} {f.start:>5} {f.stop:>4}  {f.meaning}")
    return "\n".join(lines)


# ----- encoding --------------------------------------------------------------------------------------------


def _bits(mask: int) -> np.ndarray:
    """The 52 bits of a card mask as 0/1 bytes, card 0 first."""
    return np.unpackbits(np.frombuffer(mask.to_bytes(7, "little"), np.uint8), bitorder="little")[:52]


def encode(obs: Observation, chosen: int = 0) -> np.ndarray:
    """The vector of ``obs`` (float32); ``chosen`` is the mask of cards picked so far in a pass.

    While a seat chooses its pass one card at a time, the cards it has
    picked are still in its hand for the engine; here they move from
    ``hand`` to ``pass_chosen``.
    """
    rules = obs.rules
    if rules.decks == 2:
        return encode_two(obs, chosen)
    n = rules.num_players
    at = _starts(n)
    x = np.zeros(at["_size"], np.float32)
    me = obs.seat
    hand_size = rules.hand_size
    # The bit blocks (52 cards each), one numpy call per block.
    passed = obs.passed_mask
    pass_chosen = chosen if passed is None else passed
    blocks = [("hand", obs.hand_mask & ~pass_chosen), ("pass_chosen", pass_chosen)]
    if obs.received_mask is not None:
        blocks.append(("received", obs.received_mask))
    by_seat = [0] * n
    when = [0.0] * 52
    for t in obs.tricks:
        value = (t.number + 1) / hand_size
        r = t.leader - me
        for c in t.cards:
            by_seat[r % n] |= 1 << c
            when[c] = value
            r += 1
    value = (obs.trick_number + 1) / hand_size
    in_trick = 0
    for seat, c in obs.trick:
        by_seat[(seat - me) % n] |= 1 << c
        when[c] = value
        in_trick |= 1 << c
    blocks.append(("trick", in_trick))
    for name, mask in blocks:
        if mask:
            x[at[name] : at[name] + 52] = _bits(mask)
    played = at["played"]
    for r, mask in enumerate(by_seat):
        if mask:
            x[played + r * 52 : played + r * 52 + 52] = _bits(mask)
    if obs.tricks or obs.trick:
        x[at["played_trick"] : at["played_trick"] + 52] = when
    # Everything else: single numbers, written together.
    index = [
        at["num_players"] + _PLAYERS.index(n),
        at["target_score"],
        at["qs_breaks_hearts"],
        at["jack_of_diamonds"],
        at["passing"],
        at["moon"] + _MOONS.index(rules.moon),
        at["seat"] + me,
        at["hand_number"],
        at["phase"] + _PHASES.index(obs.phase),
        at["pass_direction"] + _DIRECTIONS.index(obs.pass_direction),
        at["pass_done"],
        at["pass_received"],
        at["trick_number"],
        at["hearts_broken"],
    ]
    values = [
        1.0,
        rules.target_score / 100,
        rules.qs_breaks_hearts,
        rules.jack_of_diamonds,
        rules.passing,
        1.0,
        1.0,
        obs.hand_number / 100,
        1.0,
        1.0,
        passed is not None,
        obs.received_mask is not None,
        obs.trick_number / hand_size,
        obs.hearts_broken,
    ]
    if obs.leader >= 0:
        index.append(at["leader"] + (obs.leader - me) % n)
        values.append(1.0)
    if obs.to_play >= 0:
        index.append(at["to_play"] + (obs.to_play - me) % n)
        values.append(1.0)
    if obs.trick:
        index.append(at["led_suit"] + obs.led_suit)
        values.append(1.0)
    pts, voids, tot = at["points"], at["voids"], at["totals"]
    totals = obs.totals
    bound, target = _TOTALS_BOUND, rules.target_score
    for r in range(n):
        seat = (me + r) % n
        index.append(pts + r)
        values.append(obs.points[seat] / 26)
        v = obs.voids[seat]
        for s in range(4):
            if v >> s & 1:
                index.append(voids + r * 4 + s)
                values.append(1.0)
        if totals is not None:
            index.append(tot + r)
            values.append(max(-bound, min(bound, totals[seat] / target)))
    if totals is not None:
        index.append(at["has_totals"])
        values.append(1.0)
    x[index] = values
    return x


_STARTS: dict[int, dict[str, int]] = {}


def _starts(num_players: int) -> dict[str, int]:
    """Where each field starts (and ``_size``), for the fast path of :func:`encode`."""
    found = _STARTS.get(num_players)
    if found is None:
        found = {name: f.start for name, f in layout(num_players).items()}
        found["_size"] = size(num_players)
        _STARTS[num_players] = found
    return found


def action_mask(obs: Observation, chosen: int = 0) -> np.ndarray:
    """Which of the :data:`NUM_ACTIONS` actions the seat may take now (int8, 1 = allowed).

    Passing: the held cards not yet ``chosen``, until the seat has passed.
    Playing: the cards of ``obs.legal_mask()`` (the one rule function), none
    unless it is the seat's turn. Moon choice: the two moon actions, for the
    shooter. All zero otherwise.
    """
    out = np.zeros(NUM_ACTIONS, np.int8)
    phase = obs.phase
    if phase is Phase.PASSING:
        if obs.passed_mask is None:
            # two packs: a card held twice may be chosen twice (``chosen`` is a two-copy mask)
            left = ms_sub(obs.hand_mask, chosen) if obs.rules.decks == 2 else obs.hand_mask & ~chosen
            out[:52] = _bits(left & ALL_CARDS_MASK)
    elif phase is Phase.PLAYING:
        out[:52] = _bits(obs.legal_mask())
    elif phase is Phase.MOON_CHOICE and obs.to_play == obs.seat:
        out[MOON_ADD] = out[MOON_SUBTRACT] = 1
    return out


# ----- decoding --------------------------------------------------------------------------------------------


def _mask(values: np.ndarray) -> int:
    """The card mask of 52 entries that are 0 or positive."""
    return int.from_bytes(np.packbits(values[:52] > 0, bitorder="little").tobytes(), "little")


def _one(x: np.ndarray, field: Field, what: str) -> int:
    part = x[field.start : field.stop]
    hot = np.flatnonzero(part)
    if len(hot) != 1:
        raise EncodingError(f"{what}: field {field.name!r} must have exactly one 1, not {len(hot)}")
    return int(hot[0])


def _optional_one(x: np.ndarray, field: Field) -> int:
    hot = np.flatnonzero(x[field.start : field.stop])
    return int(hot[0]) if len(hot) else -1


def decode(vector: Any) -> tuple[Observation, int]:
    """The observation a vector was made from, and the cards chosen so far in a pass (a mask).

    Inverse of :func:`encode`: ``decode(encode(obs, chosen))`` gives back an
    observation equal in every field, so a bot playing from the vector plays
    as it would from the observation.
    """
    x = np.asarray(vector, dtype=np.float32).ravel()
    what = "cannot decode the vector"
    if len(x) > 10 and not x[:5].any() and np.count_nonzero(x[5:10]) == 1:  # the marker of a two-pack vector
        return decode_two(x)
    n = 0
    if len(x) >= 5:
        hot = np.flatnonzero(x[:5])
        if len(hot) == 1:
            n = _PLAYERS[int(hot[0])]
    if not n or len(x) != size(n):
        raise EncodingError(f"{what}: expected {size(n) if n else 'an encoded observation'} numbers, got {len(x)}")
    f = layout(n)

    def get(name: str) -> np.ndarray:
        return x[f[name].start : f[name].stop]

    rules = Rules(
        num_players=n,
        target_score=round(float(get("target_score")[0]) * 100),
        qs_breaks_hearts=bool(get("qs_breaks_hearts")[0]),
        jack_of_diamonds=bool(get("jack_of_diamonds")[0]),
        passing=bool(get("passing")[0]),
        moon=_MOONS[_one(x, f["moon"], what)],
    )
    me = _one(x, f["seat"], what)
    hand_size = rules.hand_size
    o = Observation.__new__(Observation)
    o.seat = me
    o.rules = rules
    o.hand_number = round(float(get("hand_number")[0]) * 100)
    o.phase = _PHASES[_one(x, f["phase"], what)]
    o.pass_direction = _DIRECTIONS[_one(x, f["pass_direction"], what)]
    off = o.pass_direction.offset(n)
    o.pass_target = (me + off) % n
    o.pass_source = (me - off) % n
    pass_chosen = _mask(get("pass_chosen"))
    done = bool(get("pass_done")[0])
    o.hand_mask = _mask(get("hand")) | (0 if done else pass_chosen)
    o.passed_mask = pass_chosen if done else None
    o.received_mask = _mask(get("received")) if get("pass_received")[0] else None
    # Who played what, and in which trick.
    played = get("played")
    when = np.rint(get("played_trick") * hand_size).astype(int) - 1
    by_trick: dict[int, dict[int, int]] = {}
    played_mask = 0
    for r in range(n):
        for c in np.flatnonzero(played[r * 52 : (r + 1) * 52]):
            by_trick.setdefault(int(when[c]), {})[(me + r) % n] = int(c)
            played_mask |= 1 << int(c)
    o.played_mask = played_mask
    o.trick_number = round(float(get("trick_number")[0]) * hand_size)
    first = rules.first_lead
    tricks: list[Trick] = []
    leader = -1
    for t in range(o.trick_number):
        cards_of = by_trick.get(t, {})
        if len(cards_of) != n:
            raise EncodingError(f"{what}: trick {t} has {len(cards_of)} cards, not {n}")
        if t == 0:
            leader = next(s for s, c in cards_of.items() if c == first)
        order = [cards_of[(leader + i) % n] for i in range(n)]
        winner, taken = complete_trick(order, leader, n)
        tricks.append(Trick(t, leader, tuple(CARDS[c] for c in order), winner, rules.points_of(taken)))
        leader = winner
    o.tricks = tuple(tricks)
    lead_r = _optional_one(x, f["leader"])
    o.leader = (me + lead_r) % n if lead_r >= 0 else -1
    current = by_trick.get(o.trick_number, {})
    o.trick = tuple(((o.leader + i) % n, CARDS[current[(o.leader + i) % n]]) for i in range(len(current)))
    to_r = _optional_one(x, f["to_play"])
    o.to_play = (me + to_r) % n if to_r >= 0 else -1
    o.led_suit = _optional_one(x, f["led_suit"])
    o.hearts_broken = bool(get("hearts_broken")[0])
    pts = np.rint(get("points") * 26).astype(int)
    o.points = tuple(int(pts[(s - me) % n]) for s in range(n))
    v = get("voids")
    o.voids = tuple(
        sum(1 << s for s in range(4) if v[((seat - me) % n) * 4 + s] > 0) for seat in range(n)
    )
    if get("has_totals")[0]:
        tot = np.rint(get("totals").astype(np.float64) * rules.target_score).astype(int)
        o.totals = tuple(int(tot[(s - me) % n]) for s in range(n))
    else:
        o.totals = None
    return o, 0 if done else pass_chosen


def same_observation(a: Observation, b: Observation) -> bool:
    """True when two observations agree in every field (used to check :func:`decode`), the waiting pile and
    the widow of two packs included."""
    names = (*Observation.__slots__, "pile_mask", "pile_tricks", "widow_mask", "widow_taker")
    return all(getattr(a, name, None) == getattr(b, name, None) for name in names)
