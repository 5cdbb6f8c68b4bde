"""Two game tables that show the learner the same thing but hide different cards.

``twin_tables()`` builds two :class:`~hearts_widgets.GameTable` at South's first turn of a hand
without passing: South holds the same 13 cards, West, North and East have played the same three
clubs to the first trick, and the 36 cards still in the bots' hands are dealt among them in two
different ways. Nothing the browser receives may tell the two apart (tests/test_access.py in Python,
tests/browser/test_access_browser.py in the page).
"""

from __future__ import annotations

import random
from pathlib import Path

from hearts.cards import CardSet
from hearts.deal import Deal
from hearts.game import Game
from hearts.rules import Rules
from hearts_widgets import GameTable

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
RULES = Rules(passing=False)


def twin_deals(seed: int = 0) -> tuple[Deal, Deal, list[tuple[int, str]]]:
    """Two deals with the same South hand and the same first three plays (West's 2♣, then two clubs),
    the other unplayed cards shuffled differently; and those plays."""
    for number in range(1, 10_000):
        a = Deal.from_number(number, RULES)
        hands = [set(a.hands[s].codes()) for s in range(4)]
        if "2C" not in hands[WEST]:
            continue
        clubs = {s: sorted(c for c in hands[s] if c.endswith("C") and c != "2C") for s in (NORTH, EAST)}
        if not clubs[NORTH] or not clubs[EAST]:
            continue
        plays = [(WEST, "2C"), (NORTH, clubs[NORTH][0]), (EAST, clubs[EAST][0])]
        played = {c for _, c in plays}
        rest = sorted(c for s in (WEST, NORTH, EAST) for c in hands[s] if c not in played)
        random.Random(seed).shuffle(rest)
        b_hands = [sorted(hands[SOUTH])]
        i = 0
        for s in (WEST, NORTH, EAST):
            keep = [c for p, c in plays if p == s]
            size = len(hands[s]) - len(keep)
            b_hands.append(keep + rest[i : i + size])
            i += size
        b = Deal.from_hands([" ".join(h) for h in b_hands], RULES)
        if all(set(b.hands[s].codes()) != hands[s] for s in (WEST, NORTH, EAST)):
            return a, b, plays
    raise AssertionError("no deal found")  # pragma: no cover


def twin_tables(data_dir: str | Path, *, lang: str = "en") -> tuple[GameTable, GameTable]:
    """The two tables (files in two folders under ``data_dir``), drawn and ready."""
    a, b, plays = twin_deals()
    tables = []
    for name, deal in (("a", a), ("b", b)):
        table = GameTable(number=1, level="rule", lang=lang, data_dir=Path(data_dir) / name, resume=False, paced=False)
        game = Game(1, RULES, deals=[deal])
        for seat, code in plays:
            game.hand.play(code, seat=seat)
        table.model.game = game
        table.model.rules = RULES
        table.model._after_move()  # the turn's message line, and the save, for the new game
        table.refresh()
        tables.append(table)
    assert CardSet(tables[0].model.hand.hands[SOUTH]) == CardSet(tables[1].model.hand.hands[SOUTH])
    return tables[0], tables[1]
