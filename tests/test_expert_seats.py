"""The expert's sampled worlds at 3 to 7 seats (issue 31): right hand sizes, known cards and voids, and found fast.

At 5 to 7 seats some cards are removed and the pass cycle is left, right, left, ...; every world the expert plays
out must still give each seat exactly the cards it holds, the cards we passed to the seat we passed them to, and no
card of a suit a seat has shown out of, and the real deal must be among the worlds it can draw. The sampler splits
the unseen cards group by group among the other seats: at six and seven seats it once tried every split of the
last group (every card any seat may hold) and threw all but one away, hundreds of thousands of splits per decision
and seconds per card, so that the 7-player tournament of docs/variants.md never finished.
"""

from __future__ import annotations

import math
import random
import types

import pytest

from hearts import Deal, HandState, Phase, Rules
from hearts.bots import RandomBot, expert
from hearts.bots.expert import World, consistent, hidden_constraints, sample_worlds
from hearts.cards import SUIT_MASKS
from hearts.observation import Observation

SEATS = [3, 5, 6, 7]


def _observations(n: int, deal: int) -> list[tuple[Observation, HandState]]:
    """The observation of every player to move in one hand of random play under ``n`` seats (passing on), with a
    copy of the true state at that moment."""
    rules = Rules(num_players=n)
    h = HandState(Deal.from_number(deal, rules, hand_number=deal % 4 + 1), rules)
    bots = [RandomBot(seed=s) for s in range(n)]
    out = []
    if h.phase is Phase.PASSING:
        out.append((h.observation(deal % n), h.copy()))
        for s in range(n):
            h.pass_cards(s, bots[s].choose_pass(h.observation(s)))
    while h.phase is Phase.PLAYING:
        obs = h.observation(h.to_play)
        out.append((obs, h.copy()))
        h.play(bots[obs.seat].choose_play(obs))
    return out


@pytest.mark.parametrize("n", SEATS)
def test_sampled_worlds_give_every_seat_its_cards_its_known_cards_and_its_voids(n: int) -> None:
    rng = random.Random(n)
    positions = 0
    for deal in (31_001,):
        for obs, state in _observations(n, deal):
            truth = World(tuple(state.hands))
            assert consistent(obs, truth), "the real deal must be one the expert can draw"
            sizes = obs.hand_sizes
            for w in sample_worlds(obs, 6, rng):
                assert w.hands[obs.seat] == obs.hand_mask
                assert [m.bit_count() for m in w.hands] == [
                    obs.hand_mask.bit_count() if s == obs.seat else sizes[s] for s in range(n)
                ]
                union = 0
                for s, m in enumerate(w.hands):
                    assert not union & m
                    union |= m
                    assert m & obs.known_mask(s) == obs.known_mask(s)  # what we passed is still where it went
                    for suit in range(4):
                        if obs.voids[s] >> suit & 1:
                            assert not m & SUIT_MASKS[suit], f"seat {s} showed out of suit {suit}"
                assert union == obs.hand_mask | obs.unseen_mask
                assert union & ~obs.rules.deck_mask == 0  # no removed card is ever dealt
            positions += 1
    assert positions > obs.rules.hand_size  # every position of a whole hand


def test_the_passed_cards_stay_with_the_seat_they_went_to_under_the_n_player_cycle() -> None:
    # 5 seats, hand 2: the pass goes right (seat s passes to s - 1), and the receiver is known to hold the cards.
    rules = Rules(num_players=5)
    h = HandState(Deal.from_number(8, rules, hand_number=2), rules)
    passed = [list(h.hand_of(s))[:3] for s in range(5)]
    for s in range(5):
        h.pass_cards(s, passed[s])
    obs = h.observation(h.to_play)
    target = (obs.seat - 1) % 5
    assert obs.pass_target == target
    cons = hidden_constraints(obs)
    mine = sum(1 << int(c) for c in passed[obs.seat])
    assert cons.known[target] == mine & ~obs.played_mask
    for w in sample_worlds(obs, 20, random.Random(1)):
        assert w.hands[target] & cons.known[target] == cons.known[target]


@pytest.mark.parametrize("n", [6, 7])
def test_the_sampler_splits_only_where_a_deal_can_follow(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every split the sampler enumerates leads to at least one deal (none made only to be thrown away), the last
    # group is split in exactly one way, and the second trick's decisions (the most unseen cards spread over the
    # most groups) take few steps: each step of the enumeration weighs a split with one binomial coefficient.
    steps = 0

    def comb(a: int, b: int) -> int:
        nonlocal steps
        steps += 1
        return math.comb(a, b)

    samplers = []
    with monkeypatch.context() as patch:
        patch.setattr(expert, "math", types.SimpleNamespace(comb=comb))
        for obs, _ in _observations(n, 31_003):
            if obs.phase is Phase.PLAYING and obs.trick_number == 1:
                cons = hidden_constraints(obs)
                sampler = expert._Sampler(cons, [obs.hand_mask if s == obs.seat else 0 for s in range(n)])
                sampler.native_table()  # every state the kernel's table holds
                samplers.append(sampler)
    assert steps < 400_000  # 7 seats: 270,000 steps; trying every split of every group took 24,000,000 (a minute)
    for sampler in samplers:
        for (g, caps), (options, _) in sampler._option_memo.items():
            allowed, cards = sampler.groups[g]
            splits = sampler._splits(allowed, len(cards), caps, g)
            assert len(splits) == len(options), "a split that no deal can follow"
            if g == len(sampler.groups) - 1:
                assert len(splits) == 1
