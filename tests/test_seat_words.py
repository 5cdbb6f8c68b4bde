"""Where the walkthrough says the seats are: words true in every layout the board is drawn in.

The wide table draws West on the left, North at the top and East on the right; the phone's compact layout
draws all three plates in a row along the top. "West sits on your left" described only the first. The welcome
now says what holds in both: South (you) at the bottom, and the seats in the order play goes round, the
engine's order (each seat's left-hand neighbour, the one a pass "to the left" reaches, comes next).
"""

from __future__ import annotations

import re

import pytest

from hearts import Rules
from hearts.messages import seat_name
from hearts.rules import PassDirection
from hearts_widgets import WalkthroughModel

# Words that place a seat on the screen by side; the bottom holds for South in every layout, nothing else does.
SIDE_WORDS = {
    "en": r"\b(left|right|across|opposite|top)\b",
    "es": r"\b(izquierda|derecha|enfrente|frente|arriba)\b",
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_welcome_places_the_seats_in_words_true_in_every_layout(lang: str) -> None:
    welcome = WalkthroughModel(lang=lang).step.caption
    assert not re.search(SIDE_WORDS[lang], welcome, re.IGNORECASE), welcome
    assert seat_name(0, lang) in welcome and ("bottom" if lang == "en" else "abajo") in welcome


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_welcome_names_the_seats_in_the_order_play_goes(lang: str) -> None:
    welcome = WalkthroughModel(lang=lang).step.caption
    sentence = next(s for s in re.split(r"(?<=[.!?])\s+", welcome) if seat_name(1, lang) in s)
    rules = Rules()
    # The engine's play order from South: each next seat is the one South's pass to the left reaches.
    order = [(PassDirection.LEFT.offset(rules.num_players) * k) % rules.num_players for k in range(1, 4)]
    names = [seat_name(s, lang) for s in order]
    positions = [sentence.find(n) for n in names]
    assert all(p >= 0 for p in positions) and positions == sorted(positions), (sentence, names)
