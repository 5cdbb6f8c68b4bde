"""The rules: one frozen :class:`Rules` object and the one legality function.

Every variant is a named option of :class:`Rules`; the default object is the
game of ``seeds/000`` (four players, 100 points, Q♠ does not break hearts,
a moon adds 26 to the others). Legality lives in :func:`legal_mask` and
:func:`refusal`, which the hand state, observations, bots and widgets all use.

>>> r = Rules(target_score=50, qs_breaks_hearts=True)
>>> r.target_score, r.qs_breaks_hearts, r.hand_size
(50, True, 13)
>>> Rules(num_players=3).removed_cards
CardSet.parse('2♦')
>>> Rules(num_players=9)
Traceback (most recent call last):
...
hearts.errors.RulesError: num_players must be 3 to 7, not 9
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from hearts.cards import (
    ALL_CARDS_MASK,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    CardSet,
)
from hearts.errors import IllegalMoveError, Rule, RulesError

__all__ = ["DEFAULT_RULES", "MoonScoring", "PassDirection", "Rules", "legal_mask", "refusal", "trick_winner"]


class PassDirection(enum.Enum):
    """Where the 3 passed cards go. Left is the next seat in play order."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"

    def offset(self, num_players: int) -> int:
        """Seat offset of the receiver: receiver = (passer + offset) % n.

        >>> PassDirection.LEFT.offset(4), PassDirection.RIGHT.offset(4), PassDirection.ACROSS.offset(4)
        (1, 3, 2)
        """
        if self is PassDirection.LEFT:
            return 1
        if self is PassDirection.RIGHT:
            return num_players - 1
        if self is PassDirection.ACROSS:
            return num_players // 2
        return 0


class MoonScoring(enum.Enum):
    """What happens when one player takes every penalty card."""

    ADD_TO_OTHERS = "add"  # shooter 0, everyone else +26 (default)
    SUBTRACT_FROM_SHOOTER = "subtract"  # shooter -26, others 0
    SHOOTERS_CHOICE = "choice"  # the shooter picks one of the two


# Cards removed so the deck divides evenly (seeds/002).
_REMOVED = {
    3: ("2D",),
    4: (),
    5: ("2D", "2C"),
    6: ("2D", "3D", "3C", "4C"),
    7: ("2D", "3D", "3C"),
}


@dataclasses.dataclass(frozen=True)
class Rules:
    """Every option of the game, frozen. ``Rules()`` is the default game.

    Options (keyword-only):

    - ``num_players``: 3 to 7 (default 4); other counts remove low cards.
    - ``target_score``: the game ends after a hand where someone reaches it (100).
    - ``qs_breaks_hearts``: playing Q♠ breaks hearts too (False).
    - ``moon``: :class:`MoonScoring` (add 26 to the others).
    - ``passing``: pass 3 cards before each hand (True).
    - ``jack_of_diamonds``: taking J♦ is worth −10 ("Omnibus"; False).
    """

    num_players: int = 4
    target_score: int = 100
    qs_breaks_hearts: bool = False
    moon: MoonScoring = MoonScoring.ADD_TO_OTHERS
    passing: bool = True
    jack_of_diamonds: bool = False
    pass_size: int = dataclasses.field(default=3, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.num_players, int) or self.num_players not in _REMOVED:
            raise RulesError(f"num_players must be 3 to 7, not {self.num_players!r}", "num_players")
        if not isinstance(self.target_score, int) or isinstance(self.target_score, bool) or self.target_score < 1:
            raise RulesError(
                f"target_score must be a positive whole number, not {self.target_score!r}", "target_score"
            )
        for name in ("qs_breaks_hearts", "passing", "jack_of_diamonds"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be True or False, not {getattr(self, name)!r}", name)
        if isinstance(self.moon, str):
            try:
                object.__setattr__(self, "moon", MoonScoring(self.moon))
            except ValueError:
                raise RulesError(
                    f"moon must be one of 'add', 'subtract', 'choice', not {self.moon!r}", "moon"
                ) from None
        if not isinstance(self.moon, MoonScoring):
            raise RulesError(f"moon must be a MoonScoring, not {self.moon!r}", "moon")
        if self.pass_size != 3:
            raise RulesError("pass_size is 3 in every supported variant", "pass_size")
        # Derived constants, cached on the frozen object for the fast paths.
        removed = CardSet.parse(" ".join(_REMOVED[self.num_players])).mask
        deck = ALL_CARDS_MASK & ~removed
        object.__setattr__(self, "_deck_mask", deck)
        object.__setattr__(self, "_first_lead", (deck & -deck).bit_length() - 1)
        breakers = HEARTS_MASK | ((1 << QUEEN_OF_SPADES) if self.qs_breaks_hearts else 0)
        object.__setattr__(self, "_breakers_mask", breakers)

    # ----- derived facts ---------------------------------------------------

    @property
    def deck(self) -> CardSet:
        """The cards in play (52 less the removed ones)."""
        return CardSet(self._deck_mask)  # type: ignore[attr-defined]

    @property
    def deck_mask(self) -> int:
        """Bitmask of :attr:`deck`."""
        return self._deck_mask  # type: ignore[attr-defined, no-any-return]

    @property
    def removed_cards(self) -> CardSet:
        """Cards taken out for this number of players."""
        return CardSet(ALL_CARDS_MASK & ~self._deck_mask)  # type: ignore[attr-defined]

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (13 with four)."""
        return len(self.deck) // self.num_players

    @property
    def first_lead(self) -> Card:
        """The card that must open the first trick: the lowest club in the deck."""
        return Card(self._first_lead)  # type: ignore[attr-defined]

    @property
    def penalty_mask(self) -> int:
        """Hearts and Q♠: the cards that cannot go on the first trick and make a moon."""
        return HEARTS_MASK | (1 << QUEEN_OF_SPADES)

    @property
    def moon_points(self) -> int:
        """Points of all penalty cards together (26)."""
        return 13 + 13

    def pass_direction(self, hand_number: int) -> PassDirection:
        """Pass direction of the hand numbered from 1.

        Four players: left, right, across, none, repeat; other counts: left,
        right, repeat; ``passing=False``: never.

        >>> [Rules().pass_direction(i).value for i in range(1, 6)]
        ['left', 'right', 'across', 'none', 'left']
        >>> [Rules(num_players=5).pass_direction(i).value for i in range(1, 4)]
        ['left', 'right', 'left']
        """
        if hand_number < 1:
            raise RulesError(f"hand numbers start at 1, not {hand_number!r}", "hand_number")
        cycle = self._pass_cycle
        return cycle[(hand_number - 1) % len(cycle)]

    @property
    def _pass_cycle(self) -> tuple[PassDirection, ...]:
        if not self.passing:
            return (PassDirection.NONE,)
        if self.num_players == 4:
            return (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)
        return (PassDirection.LEFT, PassDirection.RIGHT)

    @property
    def pass_directions(self) -> tuple[PassDirection, ...]:
        """Every pass direction a hand may have under these rules (``NONE`` too: a hand may skip the pass).

        >>> [d.value for d in Rules(num_players=5).pass_directions]
        ['left', 'right', 'none']
        >>> [d.value for d in Rules(passing=False).pass_directions]
        ['none']
        """
        cycle = self._pass_cycle
        return cycle if PassDirection.NONE in cycle else (*cycle, PassDirection.NONE)

    def check_pass_direction(self, direction: object) -> PassDirection:
        """``direction`` (a :class:`PassDirection` or its value) if a hand of these rules may pass that way.

        >>> Rules().check_pass_direction("across")
        <PassDirection.ACROSS: 'across'>
        >>> Rules(num_players=5).check_pass_direction(PassDirection.ACROSS)
        Traceback (most recent call last):
        ...
        hearts.errors.RulesError: there is no seat across with 5 players
        """
        if not isinstance(direction, PassDirection):
            try:
                direction = PassDirection(direction)
            except ValueError:
                raise RulesError(
                    f"pass_direction must be one of {', '.join(d.value for d in PassDirection)}, not {direction!r}",
                    "pass_direction",
                ) from None
        if direction is PassDirection.ACROSS and self.num_players % 2:
            raise RulesError(f"there is no seat across with {self.num_players} players", "pass_direction")
        if direction not in self.pass_directions:
            allowed = ", ".join(d.value for d in self.pass_directions)
            raise RulesError(f"these rules never pass {direction.value} (they allow: {allowed})", "pass_direction")
        return direction

    def card_points(self, c: int) -> int:
        """Points for taking one card: heart 1, Q♠ 13, J♦ −10 in that variant."""
        if c >= 39:
            return 1
        if c == QUEEN_OF_SPADES:
            return 13
        if c == JACK_OF_DIAMONDS and self.jack_of_diamonds:
            return -10
        return 0

    def points_of(self, mask: int) -> int:
        """Points of a set of taken cards (before any moon adjustment)."""
        pts = (mask & HEARTS_MASK).bit_count()
        if mask >> QUEEN_OF_SPADES & 1:
            pts += 13
        if self.jack_of_diamonds and mask >> JACK_OF_DIAMONDS & 1:
            pts -= 10
        return pts

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready options (used by records)."""
        return {
            "num_players": self.num_players,
            "target_score": self.target_score,
            "qs_breaks_hearts": self.qs_breaks_hearts,
            "moon": self.moon.value,
            "passing": self.passing,
            "jack_of_diamonds": self.jack_of_diamonds,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Inverse of :meth:`to_dict`; unknown keys are an error naming the key."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object, not {type(data).__name__}", "rules")
        known = {f.name for f in dataclasses.fields(cls)} - {"pass_size"}
        for key in data:
            if key not in known:
                raise RulesError(f"unknown rule option {key!r}", key)
        return cls(**data)


DEFAULT_RULES = Rules()


def legal_mask(
    hand: int,
    led_suit: int,
    first_trick: bool,
    hearts_broken: bool,
    rules: Rules,
) -> int:
    """Bitmask of the cards that may be played: the one source of rule truth.

    ``led_suit`` is -1 when the player leads. The checks come in the order a
    player learns them.

    >>> h = CardSet.parse("2C 5D QS 3H").mask
    >>> str(CardSet(legal_mask(h, -1, True, False, DEFAULT_RULES)))
    '2♣'
    >>> str(CardSet(legal_mask(h, 0, False, False, DEFAULT_RULES)))
    '2♣'
    >>> str(CardSet(legal_mask(h & ~1, 0, True, False, DEFAULT_RULES)))
    '5♦'
    """
    if led_suit >= 0:
        # 1. Follow suit when you can.
        same = hand & SUIT_MASKS[led_suit]
        if same:
            return same
        # 2. No points on the first trick, unless the hand holds only penalty cards.
        if first_trick:
            safe = hand & ~(HEARTS_MASK | (1 << QUEEN_OF_SPADES))
            if safe:
                return safe
        # 3. Otherwise anything.
        return hand
    # Leading.
    if first_trick:
        # 4. The lowest club in the deck opens the hand.
        first: int = 1 << rules._first_lead  # type: ignore[attr-defined]
        if hand & first:
            return first
    if not hearts_broken:
        # 5. No heart leads until hearts are broken, unless you hold only hearts.
        rest = hand & ~HEARTS_MASK
        if rest:
            return rest
    return hand


def trick_winner(trick: list[int]) -> tuple[int, int]:
    """Who wins a complete trick: (index in play order, mask of its cards).

    The highest card of the led suit wins; no other suit ever does.

    >>> trick_winner([int(Card.parse(c)) for c in ("KC", "QS", "4C", "AC")])[0]
    3
    """
    mask = 0
    for x in trick:
        mask |= 1 << x
    return trick.index((mask & SUIT_MASKS[trick[0] // 13]).bit_length() - 1), mask


def refusal(
    hand: int,
    c: int,
    led_suit: int,
    first_trick: bool,
    hearts_broken: bool,
    rules: Rules,
) -> IllegalMoveError | None:
    """Why card ``c`` may not be played now, or ``None`` if it may.

    Derived from :func:`legal_mask` so that prose never disagrees with play.
    """
    if not hand >> c & 1:
        return IllegalMoveError(Rule.CARD_NOT_IN_HAND, card=str(Card(c)))
    legal = legal_mask(hand, led_suit, first_trick, hearts_broken, rules)
    if legal >> c & 1:
        return None
    cs = str(Card(c))
    if led_suit >= 0:
        if hand & SUIT_MASKS[led_suit]:
            return IllegalMoveError(Rule.MUST_FOLLOW_SUIT, card=cs, suit="♣♦♠♥"[led_suit])
        return IllegalMoveError(Rule.NO_POINTS_ON_FIRST_TRICK, card=cs)
    if first_trick and hand >> rules._first_lead & 1:  # type: ignore[attr-defined]
        return IllegalMoveError(Rule.MUST_LEAD_LOWEST_CLUB, card=cs, first=str(rules.first_lead))
    if rules.qs_breaks_hearts:
        return IllegalMoveError(Rule.HEARTS_NOT_BROKEN, card=cs, variant="queen_breaks")
    return IllegalMoveError(Rule.HEARTS_NOT_BROKEN, card=cs)

