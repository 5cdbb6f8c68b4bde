"""What the one-pack (:mod:`hearts.rl.encoding`) and two-pack (:mod:`hearts.rl.two_packs`) vectors share: the
order of the phases and pass directions in their one-hot fields, the bound of the game totals, and the fields that
describe the rules and where the hand stands, which both vectors lay out the same way."""

from __future__ import annotations

from hearts.hand import Phase
from hearts.rules import PassDirection

PHASES = (Phase.PASSING, Phase.PLAYING, Phase.MOON_CHOICE, Phase.DONE)
DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)
TOTALS_BOUND = 100.0  # totals / target_score stay within ±100 (a total of 100 targets is never reached)


def game_fields(n: int) -> list[tuple[str, int, str, float, float]]:
    """(name, width, meaning, low, high) of the fields after the player count: the rules, the seat, the hand.

    >>> [name for name, *_ in game_fields(4)][:3], game_fields(4)[5][1]
    (['target_score', 'qs_breaks_hearts', 'jack_of_diamonds'], 4)
    """
    return [
        ("target_score", 1, "Rules.target_score / 100", 0, 1e6),
        ("qs_breaks_hearts", 1, "1 when Q♠ breaks hearts", 0, 1),
        ("jack_of_diamonds", 1, "1 when taking J♦ is worth −10", 0, 1),
        ("passing", 1, "1 when the rules pass cards", 0, 1),
        ("moon", 3, "one-hot of add to the others, subtract from the shooter, shooter's choice", 0, 1),
        ("seat", n, "one-hot of the observing seat (absolute)", 0, 1),
        ("hand_number", 1, "the hand within the game / 100", 0, 1e6),
        ("phase", 4, "one-hot of passing, playing, moon choice, done", 0, 1),
        ("pass_direction", 4, "one-hot of left, right, across, none", 0, 1),
    ]
