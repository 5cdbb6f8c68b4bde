"""States for the drawing tests: real ones from games the engine plays with 3 to 7 seats, and what one seat
would see at a table of 8 to 10 (which no Rules seats yet), built straight as the drawing's view."""

from __future__ import annotations

from collections.abc import Iterator

from hearts import Deal, HandState, PassDirection, Phase, Rules
from hearts.cards import Card, CardSet
from hearts.display import table_svg
from hearts.drawing.view import _View

RULES_SEATS = range(3, 8)  # the counts Rules seats
LAYOUT_SEATS = range(8, 11)  # drawn from a view made here


def play(h: HandState, k: int) -> None:
    """``k`` plays (the first legal card each time), fewer if the hand ends."""
    for _ in range(k):
        if h.phase is not Phase.PLAYING:
            return
        h.play(next(iter(h.legal_moves)))


def pass_all(h: HandState) -> None:
    for seat in h.waiting_to_pass:
        h.pass_cards(seat, list(h.hand_of(seat))[-3:])


def real_states(n: int, number: int = 1) -> Iterator[tuple[str, HandState]]:
    """A hand of ``n`` players driven by the engine, at every phase: choosing the pass (each direction of the
    rules' cycle), mid-trick, a finished trick, the hand over."""
    rules = Rules(num_players=n)
    for hand_number, direction in enumerate(rules.pass_cycle, 1):
        h = HandState(Deal.from_number(number, rules, hand_number=hand_number), rules, pass_direction=direction)
        yield f"pass-{direction.value}", h
    h = HandState(Deal.from_number(number, rules), rules, pass_direction=PassDirection.LEFT)
    pass_all(h)
    yield "first-trick", h.copy()
    play(h, n - 1)
    yield "full-trick", h.copy()  # every seat but one has played: n - 1 cards in the middle
    play(h, 1 + n)
    yield "mid", h.copy()
    play(h, 10 * n)
    yield "late", h.copy()
    play(h, 60)
    yield "over", h


MINE = "2C 7C QC 3D 9D KD 4S JS 5H AH 6H 8H KS"


def synthetic_view(n: int, phase: Phase, *, trick: int = 0, viewer: int = 0, cards: int = 10) -> _View:
    """What seat ``viewer`` sees at a table of ``n`` seats with ``cards`` each (Cancellation Hearts deals 10 to
    each of 10), ``trick`` cards played into the first trick."""
    mine = CardSet.parse(" ".join(MINE.split()[:cards])).mask
    played = ["AC", "KC", "10C", "9C", "8C", "6C", "5C", "4C", "3C", "JC"]
    leader = (viewer + 1) % n
    tricks = [((leader + i) % n, Card.parse(played[i])) for i in range(trick)]
    sizes = tuple(cards - (1 if any(s == seat for seat, _ in tricks) else 0) for s in range(n))
    hands: list[int | None] = [None] * n
    hands[viewer] = mine
    passing = phase is Phase.PASSING
    return _View(
        n=n, viewer=viewer, phase=phase, hands=hands, sizes=sizes, trick=tricks, leader=leader,
        to_play=(leader + trick) % n, hearts_broken=False, points=tuple((s * 7) % 11 for s in range(n)),
        trick_number=0, tricks_total=cards, hand_number=1,
        pass_direction=PassDirection.LEFT if passing else PassDirection.NONE,
        pass_target=(viewer + 1) % n if passing else viewer, passed=False,
        legal=mine if passing or (leader + trick) % n == viewer else 0, reasons={}, totals=None, result=None,
    )  # fmt: skip


def synthetic_svgs(n: int, **options: object) -> Iterator[tuple[str, str]]:
    """The 8-10 seat table at each phase, drawn with ``options`` (e.g. ``fit=390``)."""
    yield "pass-left", table_svg(synthetic_view(n, Phase.PASSING), **options)  # type: ignore[arg-type]
    yield "full-trick", table_svg(synthetic_view(n, Phase.PLAYING, trick=n - 1), **options)  # type: ignore[arg-type]
    yield "over", table_svg(synthetic_view(n, Phase.DONE, cards=0), **options)  # type: ignore[arg-type]
