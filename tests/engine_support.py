"""Helpers shared by the engine tests: state snapshots, scripted deals, simple policies."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

from hearts import Card, CardSet, Deal, HandState, PassDirection, Rules
from hearts.bots import Bot, Decision
from hearts.hand import Phase
from hearts.rules import MoonScoring


def snapshot(state: HandState) -> dict[str, Any]:
    """Every slot of the state, lists frozen to tuples: equal snapshots = same state."""
    out: dict[str, Any] = {}
    for name in HandState.__slots__:
        value = getattr(state, name)
        if isinstance(value, list):
            value = tuple(value)
        out[name] = value
    return out


def scripted_deal(partial: Mapping[int, str], rules: Rules | None = None) -> Deal:
    """A deal where each seat holds the cards given for it, topped up with the
    lowest remaining cards of the deck seat by seat (seat 0 first)."""
    rules = rules or Rules()
    hands = {seat: CardSet.parse(text).mask for seat, text in partial.items()}
    used = 0
    for m in hands.values():
        assert not used & m, "a card is given to two seats"
        used |= m
    free = [c for c in rules.deck if not used >> c & 1]
    for seat in range(rules.num_players):
        m = hands.get(seat, 0)
        while m.bit_count() < rules.hand_size:
            m |= 1 << free.pop(0)
        hands[seat] = m
    return Deal.from_hands([CardSet(hands[s]) for s in range(rules.num_players)], rules)


def no_pass_state(partial: Mapping[int, str], rules: Rules | None = None) -> HandState:
    """A hand with no passing, from :func:`scripted_deal`."""
    rules = rules or Rules()
    return HandState(scripted_deal(partial, rules), rules, pass_direction=PassDirection.NONE)


def play_all(state: HandState, codes: str) -> None:
    """Play the cards (space separated codes) through the checked path."""
    for code in codes.split():
        state.play(code)


Policy = Callable[[HandState], int]


def lowest(state: HandState) -> int:
    """The lowest legal card by index."""
    m = state.legal_mask()
    return (m & -m).bit_length() - 1


def highest(state: HandState) -> int:
    """The highest legal card by index."""
    return state.legal_mask().bit_length() - 1


def pass_lowest(state: HandState) -> None:
    """Every seat still to pass passes its three lowest cards (checked)."""
    for seat in state.waiting_to_pass:
        state.pass_cards(seat, list(state.hand_of(seat))[:3])


def finish(state: HandState, policy: Policy = lowest) -> HandState:
    """Pass (lowest three) and play the hand out with ``policy`` through ``push``."""
    pass_lowest(state)
    while state.phase is Phase.PLAYING:
        state.push(policy(state))
    return state


def codes(cards: Any) -> list[str]:
    """Card codes of an iterable of cards, in iteration order."""
    return [Card(c).code for c in cards]


def consistent_worlds(obs: Any) -> list[Any]:
    """Every deal of the hidden cards consistent with ``obs``, listed exhaustively (small, late positions only).

    The independent check of the expert's sampler and the review's expected points.
    """
    from hearts.bots.expert import World, consistent, hidden_constraints

    cons = hidden_constraints(obs)
    n = obs.rules.num_players
    others = [s for s in range(n) if s != obs.seat]
    free = [c for c in range(52) if cons.free >> c & 1]
    worlds: list[Any] = []

    def deal_out(i: int, left: frozenset[int], hands: list[int]) -> None:
        if i == len(others):
            w = World(tuple(hands))
            if consistent(obs, w):
                worlds.append(w)
            return
        s = others[i]
        for combo in itertools.combinations(sorted(left), cons.need[s] - cons.known[s].bit_count()):
            new = list(hands)
            new[s] = cons.known[s] | sum(1 << c for c in combo)
            deal_out(i + 1, left - set(combo), new)

    deal_out(0, frozenset(free), [obs.hand_mask if s == obs.seat else 0 for s in range(n)])
    return worlds


class Moody(Bot):
    """A bot with memory: it counts the hands it has played, and plays low on odd ones, high on even ones."""

    name = "Moody"

    def __init__(self, seed: int | None = 0) -> None:
        super().__init__(seed)
        self.hands_seen = 0

    def decide_play(self, obs):
        if len(obs.hand) == obs.rules.hand_size:
            self.hands_seen += 1
        legal = obs.legal_moves
        card = legal.lowest() if self.hands_seen % 2 else legal.highest()
        return Decision((card,), "bot.reason.custom", tip=f"hand {self.hands_seen}")


# Every rule variant the lean paths are checked in (hearts.sim and self-play's loops against HandState).
VARIANTS = [
    Rules(),
    Rules(num_players=3),
    Rules(num_players=5),
    Rules(num_players=6),
    Rules(num_players=7),
    Rules(qs_breaks_hearts=True),
    Rules(moon=MoonScoring.SUBTRACT_FROM_SHOOTER),
    Rules(moon=MoonScoring.SHOOTERS_CHOICE),
    Rules(passing=False),
    Rules(jack_of_diamonds=True),
    Rules(num_players=5, jack_of_diamonds=True, moon=MoonScoring.SHOOTERS_CHOICE, qs_breaks_hearts=True),
]
