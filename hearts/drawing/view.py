"""What the table shows of a state: what one seat sees (:class:`_View`), the cards the options mark, whose
turn it is and the line said to the viewer."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hearts.cards import Card, iter_mask
from hearts.game import Game
from hearts.hand import HandState, Phase, Trick
from hearts.messages import text, text_n
from hearts.observation import Observation
from hearts.rules import refusal

if TYPE_CHECKING:
    from hearts.hand import HandResult
    from hearts.rules import PassDirection
from hearts.drawing.base import CardsLike, DisplayError, _mask_of, _one_per_seat
from hearts.drawing.cards import _reasons_of
from hearts.drawing.trick import _check_pairs


@dataclass
class _View:
    """Everything the table drawing needs, taken from an observation (plus every hand when revealed)."""

    n: int
    viewer: int
    phase: Phase
    hands: list[int | None]  # None: hidden from the viewer
    sizes: tuple[int, ...]
    trick: list[tuple[int, Card]]
    leader: int
    to_play: int
    hearts_broken: bool
    points: tuple[int, ...]
    trick_number: int
    tricks_total: int
    hand_number: int
    pass_direction: PassDirection
    pass_target: int
    passed: bool
    legal: int
    reasons: dict[int, str]
    totals: tuple[int, ...] | None
    result: HandResult | None
    trick_done: bool = False  # the trick just finished is on show (the next one has not begun)
    # Cancellation Hearts (public): the cards of tricks that wait, the widow once taken and who took it.
    pile: int = 0
    pile_points: int = 0
    widow: int = 0
    widow_points: int = 0
    widow_taker: int = -1
    widow_size: int = 0


def _view(
    source: HandState | Observation | Game | _View,
    viewer: int | None,
    reveal: bool,
    lang: str,
) -> _View:
    """What ``viewer`` sees of ``source``; a view made already (a table no Rules seat yet) is taken as it is (a
    copy: drawing it changes nothing of it)."""
    if isinstance(source, _View):
        if viewer is not None and viewer != source.viewer:
            raise DisplayError(f"this view is drawn for seat {source.viewer}, not viewer {viewer!r}", "viewer")
        return dataclasses.replace(source)
    obs, state, totals = _observed(source, viewer, reveal)
    viewer = obs.seat
    n = obs.num_players
    hands: list[int | None] = [None] * n
    hands[viewer] = obs.hand_mask
    if reveal and state is not None:
        hands = [state.hand_of(s).mask for s in range(n)]
    legal, reasons = _legal_now(obs, state, lang)
    return _View(
        n=n,
        viewer=viewer,
        phase=obs.phase,
        hands=hands,
        sizes=obs.hand_sizes,
        trick=list(obs.trick),
        leader=obs.leader,
        to_play=obs.to_play,
        hearts_broken=obs.hearts_broken,
        points=obs.points,
        trick_number=obs.trick_number,
        tricks_total=obs.rules.hand_size,
        hand_number=obs.hand_number,
        pass_direction=obs.pass_direction,
        pass_target=obs.pass_target,
        passed=obs.passed_mask is not None,
        legal=legal,
        reasons=reasons,
        totals=totals,
        result=state.result() if state is not None and state.is_over else None,
        pile=obs.pile_mask,
        pile_points=obs.rules.points_of(obs.pile_mask) if obs.pile_mask else 0,
        widow=obs.widow_mask,
        widow_points=obs.rules.points_of(obs.widow_mask) if obs.widow_mask else 0,
        widow_taker=obs.widow_taker,
        widow_size=obs.rules.widow_size,
    )


def _observed(
    source: HandState | Observation | Game, viewer: int | None, reveal: bool
) -> tuple[Observation, HandState | None, tuple[int, ...] | None]:
    """What ``viewer`` sees of ``source`` (checked), the full hand state when it is there, the game's totals."""
    totals: tuple[int, ...] | None = None
    if isinstance(source, Game):
        totals = tuple(source.scores)
        source = source.hand
    if isinstance(source, HandState):
        n = source.n
        if viewer is None:
            viewer = 0
        if not isinstance(viewer, int) or not 0 <= viewer < n:
            raise DisplayError(f"viewer must be a seat 0 to {n - 1}, not {viewer!r}", "viewer")
        return source.observation(viewer), source, totals
    if isinstance(source, Observation):
        if viewer is not None and viewer != source.seat:
            raise DisplayError(
                f"an observation can only be drawn for its own seat {source.seat}, not viewer {viewer!r}", "viewer"
            )
        if reveal:
            raise DisplayError(
                "reveal needs the full HandState: an observation does not hold the other hands", "reveal"
            )
        return source, None, source.totals
    raise DisplayError(
        f"table_svg draws a HandState, an Observation or a Game, not {type(source).__name__}", "state"
    )


def _legal_now(obs: Observation, state: HandState | None, lang: str) -> tuple[int, dict[int, str]]:
    """The cards the viewer may play (or pass) now, and the engine's reason for each card it refuses."""
    viewer = obs.seat
    reasons: dict[int, str] = {}
    if obs.phase is Phase.PASSING and obs.passed_mask is None:
        return obs.hand_mask, reasons
    if obs.phase is not Phase.PLAYING or obs.to_play != viewer:
        return 0, reasons
    # What the viewer may play now comes from the engine only.
    legal = obs.legal_mask() if state is None else state.legal_moves_for(viewer).mask
    for c in iter_mask(obs.hand_mask & ~legal):
        if state is not None:
            err = state.why_not(c, seat=viewer)
        else:
            led = obs.led_suit if obs.trick else -1
            err = refusal(obs.hand_mask, c, led, obs.trick_number == 0, obs.hearts_broken, obs.rules)
        if err is not None:
            reasons[int(c)] = err.explain(lang)
    return legal, reasons


def _count(key: str, count: int, lang: str) -> str:
    return text_n(f"display.{key}", count, lang, count=count)


def _check_scores(scores: Sequence[int], n: int) -> tuple[int, ...]:
    """``scores`` checked: the running totals shown on the plates, one whole number per seat."""
    return tuple(_one_per_seat(scores, n, int, "whole numbers", "scores"))


def _shown_trick(
    v: _View, trick: Trick | Iterable[tuple[int, Card | int | str]] | None
) -> tuple[list[tuple[int, Card]], int | None]:
    """The cards to draw in the middle (``trick``, default the trick in progress) and the finished trick's winner."""
    if trick is None:
        return v.trick, None
    if isinstance(trick, Trick):
        if len(trick.cards) != v.n:
            raise DisplayError(f"the trick has {len(trick.cards)} cards for {v.n} players", "trick")
        return list(zip(trick.seats, trick.cards)), trick.winner
    return _check_pairs(trick, v.n), None


@dataclass
class _Marks:
    """The viewer's cards as the table marks them (masks within the viewer's hand), and each dimmed card's reason."""

    dimmed: int
    selected: int
    highlighted: int
    hinted: int
    reasons: dict[int, str]
    everywhere: int  # the highlighted cards of every hand: a revealed hand shows them too


def _marks(
    v: _View,
    dimmed: CardsLike,
    selected: CardsLike,
    highlighted: CardsLike,
    hinted: CardsLike,
    reasons: Mapping[Card | int | str, str] | None,
    cover: bool,
) -> _Marks:
    """The options that mark cards, checked; ``dimmed`` defaults to the cards the engine refuses now.

    With ``cover`` no card is selected or highlighted (the backs say nothing of the cards)."""
    my_hand = v.hands[v.viewer] or 0
    dm = my_hand & ~v.legal if v.phase is Phase.PLAYING and v.to_play == v.viewer else 0
    if dimmed is not None:
        dm = _mask_of(dimmed, "dimmed")
    rs = dict(v.reasons)
    rs.update(_reasons_of(reasons))
    sm = _mask_of(selected, "selected")
    hm = _mask_of(highlighted, "highlighted")
    return _Marks(
        dimmed=dm & my_hand,
        selected=0 if cover else sm & my_hand,
        highlighted=0 if cover else hm & my_hand,
        hinted=_mask_of(hinted, "hinted") & my_hand,
        reasons=rs,
        everywhere=hm,
    )


def _turns(v: _View) -> tuple[int, int]:
    """The seat whose turn it is (-1: nobody's; the viewer while choosing a pass) and the trick's leader."""
    active = v.to_play if v.phase in (Phase.PLAYING, Phase.MOON_CHOICE) else -1
    if v.phase is Phase.PASSING and not v.passed:
        active = v.viewer
    leads = v.leader if v.phase is Phase.PLAYING and v.leader >= 0 else -1
    return active, leads


def _status(
    v: _View, message: str | None, winner: int | None, nm: Sequence[str], cover: bool, lang: str
) -> tuple[str | None, bool]:
    """The line above the viewer's hand, and whether it is strong (a message given, or a covered hand)."""
    if cover and message is None:
        return text("display.covered", lang, name=nm[v.viewer]), True
    if message is not None:
        return message, True
    if v.phase is Phase.PASSING:
        if v.passed:
            return text("display.waiting_pass", lang), False
        direction = text(f"pass.{v.pass_direction.value}", lang)
        return text("display.choose_pass", lang, count=3, direction=direction, target=nm[v.pass_target]), False
    if v.phase is Phase.PLAYING:
        if v.to_play == v.viewer:
            return text("display.your_turn", lang), False
        if winner is not None and winner < 0:  # Cancellation Hearts: a trick that waits
            return text("display.trick_waits", lang), False
        if winner is not None:
            return text("display.trick_won", lang, name=nm[winner]), False
    if v.phase is Phase.MOON_CHOICE:
        return text("display.moon_choice", lang, name=nm[v.to_play]), False
    return None, False
