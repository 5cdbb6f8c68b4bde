"""A bridge to OpenSpiel's ``hearts`` game: seats, cards, pass directions, states.

OpenSpiel (``pip install open_spiel``, our ``compare`` extra) is imported
only when a function here needs it, so ``hearts`` never depends on it.

The two engines number things differently (ours first, then OpenSpiel's):

- seats: 0 South, 1 West, 2 North, 3 East / 0 North, 1 East, 2 South,
  3 West; both play to seat + 1, the same rotation;
- cards: ``suit * 13 + rank - 2`` with suits ♣ ♦ ♠ ♥ / ``(rank - 2) * 4 + suit``
  with suits ♣ ♦ ♥ ♠ (so Q♠ is 36 here and 43 there);
- pass direction: :class:`~hearts.rules.PassDirection` / the root chance
  action: 0 no pass, 1 left, 2 across, 3 right;
- deal: :class:`~hearts.deal.Deal` / 52 chance actions, the k-th card going
  to player k mod 4;
- passing: simultaneous, in any order / players 0, 1, 2, 3 in turn, one
  card per action.

A seat keeps its compass name across the bridge (our South is OpenSpiel's
South), and "left" is the next seat in play order in both engines, so a pass
direction keeps its name too.

>>> str(action_to_card(43)), card_to_action(Card.parse("QS"))
('Q♠', 43)
>>> to_openspiel_player(0), from_openspiel_player(0)
(2, 2)
>>> pass_direction_action(PassDirection.RIGHT)
3
>>> game_parameters(Rules(qs_breaks_hearts=True))["qs_breaks_hearts"]
True

With OpenSpiel installed, a state built from one of our deals takes our
passes and plays and answers with our cards:

>>> from hearts import Deal, HandState
>>> hand = HandState(Deal.from_number(7))
>>> state = new_state(hand.deal, hand.pass_direction)
>>> seat_to_move(state)  # OpenSpiel's North passes first
2
>>> for seat in range(4):
...     hand.pass_cards(seat, list(hand.hand_of(seat))[:3])
>>> apply_passes(state, hand.passes)
>>> legal_cards(state) == hand.legal_moves, seat_to_move(state) == hand.to_play
(True, True)
>>> apply_play(state, hand.legal_moves.lowest())
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Sequence
from typing import Any

from hearts.cards import Card, CardSet, card
from hearts.deal import Deal
from hearts.errors import HeartsError, RulesError
from hearts.hand import HandState
from hearts.rules import DEFAULT_RULES, MoonScoring, PassDirection, Rules

__all__ = [
    "OpenSpielError",
    "OpenSpielState",
    "action_to_card",
    "actions_to_mask",
    "apply_pass",
    "apply_pass_card",
    "apply_passes",
    "apply_play",
    "card_to_action",
    "check_supported",
    "from_openspiel_player",
    "game_parameters",
    "is_passing",
    "legal_cards",
    "legal_mask",
    "load_game",
    "mask_to_actions",
    "new_state",
    "pass_state_for",
    "pass_direction_action",
    "pass_direction_from_action",
    "scores",
    "seat_to_move",
    "state_from_hand",
    "to_openspiel_player",
]

OpenSpielState = Any
"""A ``pyspiel.State`` of the ``hearts`` game (pyspiel ships no type stubs)."""

NUM_SEATS = 4
_DEAL_END = 1 + 52  # history length once the pass direction and the deal are chosen
_PASS_END = _DEAL_END + 4 * 3  # history length once every card is passed

# ----- numbering ------------------------------------------------------------

_OS_SUIT = (0, 1, 3, 2)  # our C D S H -> OpenSpiel's suit index (C D H S)
_CARD_TO_ACTION: tuple[int, ...] = tuple((c % 13) * 4 + _OS_SUIT[c // 13] for c in range(52))
_ACTION_TO_CARD: tuple[Card, ...] = tuple(Card(c) for _, c in sorted((a, c) for c, a in enumerate(_CARD_TO_ACTION)))
_BIT_TO_ACTION: dict[int, int] = {1 << c: a for c, a in enumerate(_CARD_TO_ACTION)}

_PASS_ACTIONS: dict[PassDirection, int] = {
    PassDirection.NONE: 0,
    PassDirection.LEFT: 1,
    PassDirection.ACROSS: 2,
    PassDirection.RIGHT: 3,
}
_PASS_FROM_ACTION: dict[int, PassDirection] = {a: d for d, a in _PASS_ACTIONS.items()}


class OpenSpielError(HeartsError):
    """OpenSpiel refused an action, or a state is not where the call needs it."""


def to_openspiel_player(seat: int) -> int:
    """OpenSpiel's player number for our ``seat`` (same compass point).

    >>> [to_openspiel_player(s) for s in range(4)]  # S W N E -> 2 3 0 1
    [2, 3, 0, 1]
    """
    return (_check_index(seat, NUM_SEATS, "seat") + 2) % NUM_SEATS


def from_openspiel_player(player: int) -> int:
    """Our seat for OpenSpiel's ``player`` (0 North, 1 East, 2 South, 3 West).

    >>> [from_openspiel_player(p) for p in range(4)]
    [2, 3, 0, 1]
    """
    return (_check_index(player, NUM_SEATS, "OpenSpiel player") + 2) % NUM_SEATS


def card_to_action(c: Card | int | str) -> int:
    """OpenSpiel's action (and card index) for one of our cards.

    >>> card_to_action("2C"), card_to_action("2H"), card_to_action("AS")
    (0, 2, 51)
    """
    return _CARD_TO_ACTION[card(c)]


def action_to_card(action: int) -> Card:
    """Our card for an OpenSpiel card action (0-51).

    >>> [str(action_to_card(a)) for a in range(4)]
    ['2♣', '2♦', '2♥', '2♠']
    """
    return _ACTION_TO_CARD[_check_index(action, 52, "OpenSpiel card action")]


def mask_to_actions(mask: int | CardSet) -> list[int]:
    """OpenSpiel actions of a set of our cards, in increasing order.

    >>> mask_to_actions(CardSet.parse("QS 2H 3C"))
    [2, 4, 43]
    """
    m = mask.mask if isinstance(mask, CardSet) else mask
    out = []
    while m:
        low = m & -m
        out.append(_BIT_TO_ACTION[low])
        m ^= low
    out.sort()
    return out


def actions_to_mask(actions: Iterable[int]) -> int:
    """Bitmask of our cards for OpenSpiel card actions.

    >>> str(CardSet(actions_to_mask([2, 4, 43])))
    '3♣ Q♠ 2♥'
    """
    m = 0
    for a in actions:
        m |= 1 << action_to_card(a)
    return m


def pass_direction_action(direction: PassDirection) -> int:
    """The root chance action that picks ``direction`` in OpenSpiel."""
    if not isinstance(direction, PassDirection):
        raise OpenSpielError(f"pass direction must be a PassDirection, not {direction!r}")
    return _PASS_ACTIONS[direction]


def pass_direction_from_action(action: int) -> PassDirection:
    """Our :class:`~hearts.rules.PassDirection` for OpenSpiel's root action.

    >>> [pass_direction_from_action(a).value for a in range(4)]
    ['none', 'left', 'across', 'right']
    """
    return _PASS_FROM_ACTION[_check_index(action, 4, "OpenSpiel pass-direction action")]


# ----- rules and games -------------------------------------------------------


def check_supported(rules: Rules) -> None:
    """Raise :class:`~hearts.errors.RulesError` naming an option OpenSpiel cannot play.

    OpenSpiel's ``hearts`` has four players and adds 26 to the others on a
    moon; target score is a game-level option that a single hand ignores.

    >>> check_supported(Rules(moon="subtract"))
    Traceback (most recent call last):
    ...
    hearts.errors.RulesError: OpenSpiel's hearts only scores a moon by adding 26 to the others, not 'subtract'
    """
    if rules.num_players != NUM_SEATS:
        raise RulesError(f"OpenSpiel's hearts has 4 players, not {rules.num_players}", "num_players")
    if rules.moon is not MoonScoring.ADD_TO_OTHERS:
        raise RulesError(
            f"OpenSpiel's hearts only scores a moon by adding 26 to the others, not {rules.moon.value!r}", "moon"
        )


def game_parameters(rules: Rules = DEFAULT_RULES) -> dict[str, bool]:
    """OpenSpiel ``hearts`` parameters that play exactly our ``rules``.

    Every parameter is given explicitly (OpenSpiel's own default has Q♠
    breaking hearts, ours does not).

    >>> sorted(k for k, v in game_parameters().items() if v)
    ['must_break_hearts', 'no_pts_on_first_trick', 'pass_cards']
    """
    check_supported(rules)
    return {
        "pass_cards": rules.passing,
        "no_pts_on_first_trick": True,
        "can_lead_any_club": False,
        "jd_bonus": rules.jack_of_diamonds,
        "avoid_all_tricks_bonus": False,
        "must_break_hearts": True,
        "qs_breaks_hearts": rules.qs_breaks_hearts,
        "can_lead_hearts_instead_of_qs": False,
    }


def _pyspiel() -> Any:
    try:
        import pyspiel
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(
            "OpenSpiel is not installed: pip install open_spiel (or the 'compare' extra of hearts-tutor)"
        ) from e
    return pyspiel


@functools.cache
def load_game(rules: Rules = DEFAULT_RULES) -> Any:
    """The ``pyspiel.Game`` for ``rules`` (loaded once per rules object)."""
    return _pyspiel().load_game("hearts", game_parameters(rules))


# ----- states ----------------------------------------------------------------


def new_state(
    deal: Deal,
    pass_direction: PassDirection | None = None,
    rules: Rules | None = None,
) -> OpenSpielState:
    """An OpenSpiel state holding our ``deal``, ready for the first pass or play.

    ``pass_direction`` defaults to the direction of the deal's hand number;
    ``rules`` to the deal's rules.
    """
    rules = rules or deal.rules
    check_supported(rules)
    if len(deal.hands) != NUM_SEATS:
        raise OpenSpielError(f"OpenSpiel's hearts needs a deal for 4 seats, not {len(deal.hands)}")
    if pass_direction is None:
        pass_direction = rules.pass_direction(deal.hand_number)
    if not rules.passing and pass_direction is not PassDirection.NONE:
        raise RulesError(f"these rules have no passing, so the pass cannot go {pass_direction.value}", "passing")
    state = load_game(rules).new_initial_state()
    _apply(state, pass_direction_action(pass_direction))
    # The k-th dealt card goes to OpenSpiel player k mod 4.
    per_player = [mask_to_actions(deal.hands[from_openspiel_player(p)]) for p in range(NUM_SEATS)]
    for i in range(len(per_player[0])):
        for p in range(NUM_SEATS):
            _apply(state, per_player[p][i])
    return state


def seat_to_move(state: OpenSpielState) -> int | None:
    """Our seat for the player to move, or ``None`` at a chance node or the end."""
    player = state.current_player()
    return from_openspiel_player(player) if player >= 0 else None


def is_passing(state: OpenSpielState) -> bool:
    """True while the players are still choosing cards to pass."""
    history = state.history()
    return _DEAL_END <= len(history) < _PASS_END and history[0] != 0


def legal_mask(state: OpenSpielState) -> int:
    """Bitmask (our card numbering) of OpenSpiel's legal actions.

    While passing this is every card the passer still holds (OpenSpiel passes
    one card per action); during play, the cards that may be played.
    """
    if state.is_chance_node() or state.is_terminal():
        return 0
    return actions_to_mask(state.legal_actions())


def legal_cards(state: OpenSpielState) -> CardSet:
    """:func:`legal_mask` as a :class:`~hearts.cards.CardSet`."""
    return CardSet(legal_mask(state))


def apply_play(state: OpenSpielState, c: Card | int | str) -> None:
    """Play our card ``c`` for the player to move, with OpenSpiel checking it."""
    if is_passing(state) or state.is_chance_node() or state.is_terminal():
        raise OpenSpielError("OpenSpiel is not in the playing phase")
    _apply(state, card_to_action(c))


def apply_pass(state: OpenSpielState, seat: int, cards: Iterable[Card | int | str] | CardSet | int) -> None:
    """``seat`` passes ``cards`` (3 cards or a mask); it must be OpenSpiel's passer now.

    OpenSpiel takes passes one player at a time: North, East, South, West.
    """
    if not is_passing(state):
        raise OpenSpielError("OpenSpiel is not in the passing phase")
    if seat_to_move(state) != seat:
        raise OpenSpielError(f"OpenSpiel expects the pass of seat {seat_to_move(state)}, not seat {seat}")
    if isinstance(cards, Card):
        raise OpenSpielError(f"a pass is 3 cards, not the single card {cards}")
    actions = mask_to_actions(cards) if isinstance(cards, int) else [card_to_action(c) for c in cards]
    if len(actions) != 3:
        raise OpenSpielError(f"a pass is 3 cards, not {len(actions)}")
    for a in actions:
        _apply(state, a)


def apply_pass_card(state: OpenSpielState, c: Card | int | str) -> None:
    """One card of a pass, for the seat OpenSpiel expects (it takes passes a card at a time).

    This is how an OpenSpiel bot's pass action comes back; :func:`apply_pass`
    applies a whole pass.
    """
    if not is_passing(state):
        raise OpenSpielError("OpenSpiel is not in the passing phase")
    _apply(state, card_to_action(c))


def apply_passes(state: OpenSpielState, passes: Sequence[int | CardSet | Iterable[Card | int | str] | None]) -> None:
    """Apply every seat's pass (``passes[seat]``, e.g. ``HandState.passes``) in OpenSpiel's order.

    A ``None`` entry stops at that seat's turn, leaving OpenSpiel waiting for it.
    """
    if len(passes) != NUM_SEATS:
        raise OpenSpielError(f"expected 4 passes, one per seat, got {len(passes)}")
    while is_passing(state):
        seat = seat_to_move(state)
        assert seat is not None
        chosen = passes[seat]
        if chosen is None:
            return
        apply_pass(state, seat, chosen)


def state_from_hand(hand: HandState) -> OpenSpielState:
    """The OpenSpiel state matching our hand: same deal, passes (as far as OpenSpiel's order allows) and plays."""
    check_supported(hand.rules)
    state = new_state(hand.deal, hand.pass_direction, hand.rules)
    if is_passing(state):
        apply_passes(state, hand.passes)
    for _, c in hand.plays:
        apply_play(state, c)
    return state


def pass_state_for(hand: HandState, seat: int) -> OpenSpielState:
    """An OpenSpiel state in which ``seat`` chooses its pass, seated as OpenSpiel's player 0.

    Our passes are simultaneous; OpenSpiel asks North (player 0) first, then
    East, South, West. A seat's pass depends only on its own hand and the
    direction, so the table is turned until ``seat`` sits at player 0 (play
    order and pass direction are unchanged by turning it). This is also the
    one passer OpenSpiel's ``ISMCTSBot`` handles: in open_spiel 2.0.2 its
    resampling (``resample_from_infostate``) gives broken states for the later
    passers (their searches end in a state with no legal action).

    Ask the bot one card at a time (``action_to_card``) and give each back
    with :func:`apply_pass_card`. Do not read :func:`seat_to_move` on this
    state: its player 0 is ``seat``, not North.

    >>> from hearts import Deal, HandState
    >>> hand = HandState(Deal.from_number(3))
    >>> state = pass_state_for(hand, 1)
    >>> state.current_player(), legal_cards(state) == hand.hand_of(1)
    (0, True)
    """
    check_supported(hand.rules)
    seat = _check_index(seat, NUM_SEATS, "seat")
    if hand.passes[seat] is not None or not hand.waiting_to_pass:
        raise OpenSpielError(f"seat {seat} has no pass to choose now")
    # OpenSpiel player p gets the hand of our seat (seat + p) % 4.
    hands = [hand.deal.hands[(seat + to_openspiel_player(q)) % NUM_SEATS] for q in range(NUM_SEATS)]
    turned = Deal(tuple(hands), hand.rules)
    return new_state(turned, hand.pass_direction, hand.rules)


def scores(state: OpenSpielState) -> tuple[int, ...]:
    """Points per our seat (moon included once the hand is over), from OpenSpiel."""
    return tuple(int(state.points(to_openspiel_player(s))) for s in range(NUM_SEATS))


# ----- helpers ---------------------------------------------------------------


def _apply(state: OpenSpielState, action: int) -> None:
    if state.is_chance_node():
        # Chance outcomes (pass direction, deal) are ours to pick; OpenSpiel's
        # legality check covers players only, so check the outcome here.
        if action not in state.legal_actions():
            raise OpenSpielError(f"OpenSpiel offers no chance outcome {action} here")
        state.apply_action(action)
        return
    if action not in state.legal_actions():
        what = str(action_to_card(action)) if isinstance(action, int) and 0 <= action < 52 else repr(action)
        legal = " ".join(str(action_to_card(a)) for a in state.legal_actions())
        raise OpenSpielError(f"OpenSpiel refuses {what} for seat {seat_to_move(state)}; legal: {legal}")
    state.apply_action_with_legality_check(action)


def _check_index(value: int, bound: int, what: str) -> int:
    """``value`` as an ``int`` in ``range(bound)`` (NumPy integers too, as OpenSpiel's bots return)."""
    if not isinstance(value, bool):
        try:
            v = operator.index(value)
        except TypeError:
            pass
        else:
            if 0 <= v < bound:
                return v
    raise OpenSpielError(f"{what} must be 0 to {bound - 1}, not {value!r}")
