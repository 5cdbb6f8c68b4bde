"""The vector of a Cancellation Hearts (two packs) observation, and back: :func:`hearts.rl.encoding.encode` and
:func:`~hearts.rl.encoding.decode` come here when ``rules.decks == 2``.

Every card is held, chosen, received, played, waiting or shown in the widow up to **twice**: the card fields
hold counts 0, 1 or 2 (``hand[c]`` is how many copies of card ``c`` the seat holds), and the plays have two
planes per seat, one for each copy a seat played. Seats are relative (0 is the observing seat) as in one
pack. The fields, in order, for ``n`` players (6 to 10):

=================  =========  ================================================================
field              size       meaning
=================  =========  ================================================================
marker             5          all 0: a two-pack vector (a one-pack vector has its player count here)
num_players        5          one-hot of 6, 7, 8, 9, 10 players
target_score       1          ``Rules.target_score / 100``
qs_breaks_hearts   1          1 when Q♠ breaks hearts
jack_of_diamonds   1          1 when taking J♦ is worth −10
passing            1          1 when the rules pass cards
moon               3          one-hot of add to the others, subtract from the shooter, shooter's choice
seat               n          one-hot of the observing seat (absolute)
hand_number        1          the hand within the game ``/ 100``
phase              4          one-hot of passing, playing, moon choice, done
pass_direction     4          one-hot of left, right, across, none
hand               52         copies held now, 0-2 (cards chosen to pass are no longer held)
pass_chosen        52         copies this seat chose to pass, 0-2
pass_done          1          1 once this seat has chosen all its cards
received           52         copies received in the pass, 0-2
pass_received      1          1 once the passed cards have changed hands
played_first       n × 52     ``(t + 1) / hand_size`` for relative seat r's first copy of c, played in trick t
played_second      n × 52     the same for its second copy of c (0 if it played fewer)
trick              52         copies in the trick in progress, 0-2
first_leader       n          one-hot of the relative seat that led the first trick (the dealer's left)
leader             n          one-hot of the relative seat leading the trick in progress
to_play            n          one-hot of the relative seat to act (none while passing or when done)
led_suit           4          one-hot of the suit led to the trick in progress
trick_number       1          tricks completed ``/ hand_size``
hearts_broken      1          1 once hearts are broken
points             n          penalty points taken this hand per relative seat ``/ 52``
pile               52         copies in the tricks that wait (every card of the suit led cancelled), 0-2
widow              52         copies in the widow once taken (shown to all), 0-2; 0 before
widow_taker        n          one-hot of the relative seat that took the widow (none before)
voids              n × 4      suit s shown out of by relative seat r
totals             n          game totals before this hand per relative seat ``/ target_score``
has_totals         1          1 when the observation carries game totals
=================  =========  ================================================================

**Size: 347 + 115 n** numbers (1037 for 6 players, 1267 for 8, 1497 for 10): :func:`size_two`.

>>> from hearts import Deal, HandState, Rules
>>> rules = Rules.cancellation(8)
>>> h = HandState(Deal.from_number(5, rules), rules)
>>> x = encode_two(h.observation(0))
>>> x.shape, size_two(8), float(x[layout_two(8)["hand"].start :][:52].max()) <= 2
((1267,), 1267, True)
>>> obs, chosen = decode_two(x)
>>> obs.hand == h.hand_of(0), chosen
(True, 0)
"""

from __future__ import annotations

import numpy as np

from hearts.cancellation import CancelObservation
from hearts.cards import ALL_CARDS_MASK, CARDS, Card, CardSet, ms_add, ms_count, ms_from
from hearts.hand import Phase, Trick
from hearts.observation import Observation
from hearts.rl._shared import DIRECTIONS as _DIRECTIONS
from hearts.rl._shared import PHASES as _PHASES
from hearts.rl._shared import TOTALS_BOUND as _TOTALS_BOUND
from hearts.rl._shared import game_fields
from hearts.rules import MoonScoring, Rules, cancel_trick

__all__ = ["PLAYERS_TWO", "counts", "decode_two", "encode_two", "fields_two", "layout_two", "size_two"]

PLAYERS_TWO = (6, 7, 8, 9, 10)
"""The tables Cancellation Hearts seats."""

_MOONS = (MoonScoring.ADD_TO_OTHERS, MoonScoring.SUBTRACT_FROM_SHOOTER, MoonScoring.SHOOTERS_CHOICE)


def fields_two(n: int) -> list[tuple[str, int, str, float, float]]:
    """(name, width, meaning, low, high) of every field of the two-pack vector for ``n`` players."""
    b = _TOTALS_BOUND
    return [
        ("marker", 5, "all 0: a two-pack vector (a one-pack vector has its player count here)", 0, 0),
        ("num_players", 5, "one-hot of 6, 7, 8, 9, 10 players", 0, 1),
        *game_fields(n),
        ("hand", 52, "copies held now, 0-2 (cards chosen to pass are no longer held)", 0, 2),
        ("pass_chosen", 52, "copies this seat chose to pass, 0-2", 0, 2),
        ("pass_done", 1, "1 once this seat has chosen all its cards", 0, 1),
        ("received", 52, "copies received in the pass, 0-2", 0, 2),
        ("pass_received", 1, "1 once the passed cards have changed hands", 0, 1),
        ("played_first", n * 52, "(t + 1) / hand_size for relative seat r's first copy of c played (trick t)", 0, 1),
        ("played_second", n * 52, "the same for its second copy of c (0 if it played fewer)", 0, 1),
        ("trick", 52, "copies in the trick in progress, 0-2", 0, 2),
        ("first_leader", n, "one-hot of the relative seat that led the first trick (the dealer's left)", 0, 1),
        ("leader", n, "one-hot of the relative seat leading the trick in progress", 0, 1),
        ("to_play", n, "one-hot of the relative seat to act (none while passing or when done)", 0, 1),
        ("led_suit", 4, "one-hot of the suit led to the trick in progress", 0, 1),
        ("trick_number", 1, "tricks completed / hand_size", 0, 1),
        ("hearts_broken", 1, "1 once hearts are broken", 0, 1),
        ("points", n, "penalty points taken this hand per relative seat / 52", -1, 1),
        ("pile", 52, "copies in the tricks that wait (every card of the suit led cancelled), 0-2", 0, 2),
        ("widow", 52, "copies in the widow once taken (shown to all), 0-2; 0 before", 0, 2),
        ("widow_taker", n, "one-hot of the relative seat that took the widow (none before)", 0, 1),
        ("voids", n * 4, "suit s shown out of by relative seat r (voids[r * 4 + s])", 0, 1),
        ("totals", n, "game totals before this hand per relative seat / target_score", -b, b),
        ("has_totals", 1, "1 when the observation carries game totals", 0, 1),
    ]


_STARTS: dict[int, dict[str, tuple[int, int]]] = {}


def layout_two(n: int) -> dict[str, range]:
    """Where each field lies in the two-pack vector for ``n`` players (a ``range`` of indices), by name.

    >>> layout_two(6)["num_players"], layout_two(6)["hand"]
    (range(5, 10), range(32, 84))
    """
    found = _STARTS.get(n)
    if found is None:
        found = {}
        at = 0
        for name, width, *_ in fields_two(n):
            found[name] = (at, at + width)
            at += width
        _STARTS[n] = found
    return {name: range(a, b) for name, (a, b) in found.items()}


def size_two(n: int) -> int:
    """Length of the two-pack vector for ``n`` players: ``347 + 115 n``.

    >>> [size_two(n) for n in (6, 8, 10)]
    [1037, 1267, 1497]
    """
    return 347 + 115 * n


def counts(m: int) -> np.ndarray:
    """The copies of each card (0, 1 or 2) in a two-copy mask, as 52 numbers, card 0 first.

    >>> counts(ms_from([0, 0, 5]))[[0, 5, 6]].tolist()
    [2, 1, 0]
    """
    low = np.unpackbits(np.frombuffer((m & ALL_CARDS_MASK).to_bytes(7, "little"), np.uint8), bitorder="little")
    high = np.unpackbits(np.frombuffer((m >> 52).to_bytes(7, "little"), np.uint8), bitorder="little")
    return low[:52] + high[:52]


def _from_counts(values: np.ndarray) -> int:
    """The two-copy mask of 52 counts (rounded; 0-2)."""
    c = np.rint(values[:52]).astype(np.int64)
    low = int.from_bytes(np.packbits(c >= 1, bitorder="little").tobytes(), "little")
    high = int.from_bytes(np.packbits(c >= 2, bitorder="little").tobytes(), "little")
    return low | high << 52


def _sub(a: int, b: int) -> int:
    """``a`` less the copies of ``b`` (``b`` within ``a``)."""
    out = [c for c in range(52) for _ in range(ms_count(a, c) - ms_count(b, c))]
    return ms_from(out)


def encode_two(obs: Observation, chosen: int = 0) -> np.ndarray:
    """The two-pack vector of ``obs`` (float32); ``chosen`` is the two-copy mask of cards picked so far in a
    pass (they move from ``hand`` to ``pass_chosen``)."""
    rules = obs.rules
    n = rules.num_players
    f = layout_two(n)
    x = np.zeros(size_two(n), np.float32)
    me = obs.seat
    hs = rules.hand_size

    def put(name: str, values: np.ndarray | float, offset: int = 0) -> None:
        x[f[name].start + offset : f[name].start + offset + (np.size(values))] = values

    def one(name: str, index: int) -> None:
        x[f[name].start + index] = 1.0

    passed = obs.passed_mask
    pass_chosen = chosen if passed is None else passed
    # once passed, the hand no longer holds the passed cards (it may hold the twin of one, received)
    put("hand", counts(obs.hand_mask if passed is not None else _sub(obs.hand_mask, chosen)))
    put("pass_chosen", counts(pass_chosen))
    if obs.received_mask is not None:
        put("received", counts(obs.received_mask))
        one("pass_received", 0)
    if passed is not None:
        one("pass_done", 0)
    first = f["played_first"].start
    second = f["played_second"].start
    seen: set[tuple[int, int]] = set()
    plays = [(t.number, t.leader, t.cards) for t in obs.tricks]
    if obs.trick:
        plays.append((obs.trick_number, obs.trick[0][0], tuple(c for _, c in obs.trick)))
    for number, leader, cards in plays:
        value = (number + 1) / hs
        for i, c in enumerate(cards):
            r = (leader + i - me) % n
            at = (second if (r, int(c)) in seen else first) + r * 52 + int(c)
            seen.add((r, int(c)))
            x[at] = value
    if obs.trick:
        put("trick", counts(ms_from(int(c) for _, c in obs.trick)))
    first_leader = obs.tricks[0].leader if obs.tricks else (obs.leader if obs.phase is Phase.PLAYING else -1)
    if first_leader >= 0:
        one("first_leader", (first_leader - me) % n)
    if obs.leader >= 0:
        one("leader", (obs.leader - me) % n)
    if obs.to_play >= 0:
        one("to_play", (obs.to_play - me) % n)
    if obs.trick:
        one("led_suit", obs.led_suit)
    one("num_players", PLAYERS_TWO.index(n))
    put("target_score", rules.target_score / 100)
    put("qs_breaks_hearts", float(rules.qs_breaks_hearts))
    put("jack_of_diamonds", float(rules.jack_of_diamonds))
    put("passing", float(rules.passing))
    one("moon", _MOONS.index(rules.moon))
    one("seat", me)
    put("hand_number", obs.hand_number / 100)
    one("phase", _PHASES.index(obs.phase))
    one("pass_direction", _DIRECTIONS.index(obs.pass_direction))
    put("trick_number", obs.trick_number / hs)
    put("hearts_broken", float(obs.hearts_broken))
    put("pile", counts(obs.pile_mask))
    put("widow", counts(obs.widow_mask))
    if obs.widow_taker >= 0:
        one("widow_taker", (obs.widow_taker - me) % n)
    totals = obs.totals
    for r in range(n):
        seat = (me + r) % n
        x[f["points"].start + r] = obs.points[seat] / 52
        for s in range(4):
            if obs.voids[seat] >> s & 1:
                x[f["voids"].start + r * 4 + s] = 1.0
        if totals is not None:
            x[f["totals"].start + r] = max(-_TOTALS_BOUND, min(_TOTALS_BOUND, totals[seat] / rules.target_score))
    if totals is not None:
        one("has_totals", 0)
    return x


def decode_two(x: np.ndarray) -> tuple[Observation, int]:
    """The observation a two-pack vector was made from (a :class:`~hearts.cancellation.CancelObservation`), and
    the two-copy mask of the cards chosen so far in a pass: the inverse of :func:`encode_two`."""
    from hearts.rl.encoding import EncodingError

    what = "cannot decode the vector"
    hot = np.flatnonzero(x[5:10]) if len(x) >= 10 else np.array([])
    if len(hot) != 1 or len(x) != size_two(PLAYERS_TWO[int(hot[0])]):
        raise EncodingError(f"{what}: not a two-pack vector (its player count or its size, {len(x)}, is wrong)")
    n = PLAYERS_TWO[int(hot[0])]
    f = layout_two(n)

    def get(name: str) -> np.ndarray:
        return x[f[name].start : f[name].stop]

    def one(name: str, optional: bool = False) -> int:
        found = np.flatnonzero(get(name))
        if len(found) == 1:
            return int(found[0])
        if optional and not len(found):
            return -1
        raise EncodingError(f"{what}: field {name!r} must have exactly one 1, not {len(found)}")

    rules = Rules.cancellation(
        n,
        target_score=round(float(get("target_score")[0]) * 100),
        qs_breaks_hearts=bool(get("qs_breaks_hearts")[0]),
        jack_of_diamonds=bool(get("jack_of_diamonds")[0]),
        passing=bool(get("passing")[0]),
        moon=_MOONS[one("moon")],
    )
    me = one("seat")
    hs = rules.hand_size
    o = CancelObservation.__new__(CancelObservation)
    o.seat = me
    o.rules = rules
    o.hand_number = round(float(get("hand_number")[0]) * 100)
    o.phase = _PHASES[one("phase")]
    o.pass_direction = _DIRECTIONS[one("pass_direction")]
    off = o.pass_direction.offset(n)
    o.pass_target = (me + off) % n
    o.pass_source = (me - off) % n
    pass_chosen = _from_counts(get("pass_chosen"))
    done = bool(get("pass_done")[0])
    hand = _from_counts(get("hand"))
    o.hand_mask = hand if done else ms_add(hand, pass_chosen)
    o.passed_mask = pass_chosen if done else None
    o.received_mask = _from_counts(get("received")) if get("pass_received")[0] else None
    by_trick: dict[int, dict[int, int]] = {}
    played: list[int] = []
    for plane in ("played_first", "played_second"):
        when = np.rint(get(plane) * hs).astype(int) - 1
        for k in np.flatnonzero(when >= 0):
            r, c = divmod(int(k), 52)
            by_trick.setdefault(int(when[k]), {})[(me + r) % n] = c
            played.append(c)
    o.played_mask = ms_from(played)
    o.trick_number = round(float(get("trick_number")[0]) * hs)
    widow_taker_r = one("widow_taker", optional=True)
    widow = _from_counts(get("widow"))
    widow_cards = tuple(CardSet(widow))
    first_r = one("first_leader", optional=True)
    if o.trick_number and first_r < 0:
        raise EncodingError(f"{what}: tricks were played but field 'first_leader' is empty")
    leader = (me + first_r) % n
    tricks: list[Trick] = []
    pile, pile_tricks, taker = 0, [], -1
    for t in range(o.trick_number):
        cards_of = by_trick.get(t, {})
        if len(cards_of) != n:
            raise EncodingError(f"{what}: trick {t} has {len(cards_of)} cards, not {n}")
        order = [cards_of[(leader + i) % n] for i in range(n)]
        index, mask, _ = cancel_trick(order)
        cards = tuple(CARDS[c] for c in order)
        if index < 0 and t + 1 < hs:
            pile = ms_add(pile, mask)
            pile_tricks.append(t)
            tricks.append(Trick(t, leader, cards, -1, 0))
            continue
        winner = (leader + index) % n if index >= 0 else leader
        taken = ms_add(mask, pile)
        shown: tuple[Card, ...] = ()
        if taker < 0:
            taker = winner
            if widow:
                taken = ms_add(taken, widow)
                shown = widow_cards
        tricks.append(Trick(t, leader, cards, winner, rules.points_of(taken), tuple(pile_tricks), shown))
        pile, pile_tricks, leader = 0, [], winner
    o.tricks = tuple(tricks)
    o.pile_mask = pile
    o.pile_tricks = tuple(pile_tricks)
    o.widow_taker = (me + widow_taker_r) % n if widow_taker_r >= 0 else -1
    o.widow_mask = widow if o.widow_taker >= 0 else 0
    lead_r = one("leader", optional=True)
    o.leader = (me + lead_r) % n if lead_r >= 0 else -1
    current = by_trick.get(o.trick_number, {})
    o.trick = tuple(((o.leader + i) % n, CARDS[current[(o.leader + i) % n]]) for i in range(len(current)))
    to_r = one("to_play", optional=True)
    o.to_play = (me + to_r) % n if to_r >= 0 else -1
    o.led_suit = one("led_suit", optional=True)
    o.hearts_broken = bool(get("hearts_broken")[0])
    pts = np.rint(get("points").astype(np.float64) * 52).astype(int)
    o.points = tuple(int(pts[(s - me) % n]) for s in range(n))
    v = get("voids")
    o.voids = tuple(sum(1 << s for s in range(4) if v[((seat - me) % n) * 4 + s] > 0) for seat in range(n))
    if get("has_totals")[0]:
        tot = np.rint(get("totals").astype(np.float64) * rules.target_score).astype(int)
        o.totals = tuple(int(tot[(s - me) % n]) for s in range(n))
    else:
        o.totals = None
    return o, 0 if done else pass_chosen
