"""A table whose game another table (another tab, another kernel) has taken draws nobody "to play".

The game itself still has a seat to play (South, at the table that took it), and the drawing used to read the
turn from the game alone: the taken table drew South's plate gold, with the turn pointer and "to play" in its
accessible name, though nothing can be played there. The table now tells the drawing (``show_turn=False``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from hearts.drawing import table_svg
from hearts.drawing.base import DisplayError
from hearts.hand import HandState, Phase
from hearts.rules import Rules
from hearts_widgets.table_model import TableModel

SOUTH = 0
ACTIVE = re.compile(r'<g class="seat active" data-seat="(\d+)"')


def _drawn(m: TableModel, **size: Any) -> str:
    subject, options = m.drawing()
    return table_svg(subject, **options, **size)


def _turn_marks(svg: str) -> tuple[list[str], int, int]:
    """The seats drawn gold, the turn pointers and the accessible names that say "to play"."""
    return ACTIVE.findall(svg), svg.count('class="turn-pointer"'), len(re.findall(r'aria-label="[^"]*to play', svg))


@pytest.mark.parametrize("players", [4, 5])
def test_a_taken_table_draws_no_seat_to_play_where_the_owner_draws_south(tmp_path: Path, players: int) -> None:
    rules = Rules(num_players=players)
    first = TableModel(data_dir=tmp_path, level="random", number=3, rules=rules)
    for c in list(first.hand.hand_of(SOUTH))[: rules.pass_size]:
        first.click_card(c.code)
    first.press("pass")
    if first.hand.to_play != SOUTH:  # South's turn at the first table, whoever led
        first.click_card(first.hand.legal_moves.lowest().code)
    assert first.hand.phase is Phase.PLAYING and first.hand.to_play == SOUTH
    second = TableModel(data_dir=tmp_path, level="random", seed=5)  # opened on the same folder: resumes it
    assert second.displaced and second.hand.to_play == SOUTH  # the same game, South to play in it
    for size in ({}, {"fit": 390.0, "fit_height": 844.0}):  # the wide table and the phone's
        owner, taken = _drawn(first, **size), _drawn(second, **size)
        assert _turn_marks(owner) == (["0"], 1, 1), size
        assert _turn_marks(taken) == ([], 0, 0), size
        assert "Another table" in taken or "another table" in taken  # and the banner says why


def test_show_turn_takes_only_true_or_false_and_changes_only_the_turn_marks() -> None:
    from hearts import Deal, PassDirection

    h = HandState(Deal.from_number(3), pass_direction=PassDirection.NONE)
    shown = table_svg(h, viewer=h.to_play)
    hidden = table_svg(h, viewer=h.to_play, show_turn=False)
    assert _turn_marks(shown)[:2] == ([str(h.to_play)], 1) and _turn_marks(hidden) == ([], 0, 0)
    assert shown == table_svg(h, viewer=h.to_play, show_turn=True)  # the default: as drawn before
    with pytest.raises(DisplayError) as e:
        table_svg(h, viewer=h.to_play, show_turn="no")  # type: ignore[arg-type]
    assert e.value.option == "show_turn"
