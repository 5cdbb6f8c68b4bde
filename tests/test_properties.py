"""Property tests (hypothesis) over random deals, variants, passes and plays."""

from __future__ import annotations

import random

from engine_support import snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Deal, HandState, Rules
from hearts.errors import IllegalMoveError
from hearts.hand import Phase
from hearts.record import HandRecord

FAST = settings(max_examples=60, deadline=None, database=None, derandomize=True)

rules_strategy = st.builds(
    Rules,
    num_players=st.sampled_from([3, 4, 4, 4, 5, 6, 7]),
    qs_breaks_hearts=st.booleans(),
    moon=st.sampled_from(["add", "subtract", "choice"]),
    passing=st.booleans(),
    jack_of_diamonds=st.booleans(),
)


def play_random(rules: Rules, number: int, seed: int, stop: int | None = None) -> HandState:
    """A hand of random legal actions; ``stop`` = how many actions to take (None: to the end)."""
    rng = random.Random(seed)
    h = HandState(Deal.from_number(number, rules, hand_number=1 + seed % 4), rules)
    taken = 0
    while not h.is_over and (stop is None or taken < stop):
        if h.phase is Phase.PASSING:
            seat = rng.choice(h.waiting_to_pass)
            h.pass_cards(seat, rng.sample(list(h.hand_of(seat)), 3))
        elif h.phase is Phase.MOON_CHOICE:
            h.choose_moon(h.to_play, rng.choice(["add", "subtract"]))
        else:
            assert h.legal_moves == h.legal_moves_for(h.to_play) == h.observation(h.to_play).legal_moves
            h.play(rng.choice(list(h.legal_moves)))
        taken += 1
    return h


@FAST
@given(rules=rules_strategy, number=st.integers(0, 10**9), seed=st.integers(0, 10**6))
def test_every_card_is_played_exactly_once_and_points_add_up(rules, number, seed):
    h = play_random(rules, number, seed)
    played = [c for t in h.tricks for c in t.cards]
    assert len(played) == len(set(played)) == len(rules.deck)
    assert set(played) == set(rules.deck)
    for t in h.tricks:
        assert [c for c in t.cards] == [t.played_by(s) for s in t.seats]
    r = h.result()
    jack = -10 if rules.jack_of_diamonds else 0
    assert sum(r.points) == 26 + jack
    if r.shooter is None:
        assert r.scores == r.points
    elif r.moon.value == "add":
        assert sum(r.scores) == 78 + jack and r.scores[r.shooter] == r.points[r.shooter] - 26
    else:
        assert sum(r.scores) == -26 + jack and r.scores[r.shooter] == r.points[r.shooter] - 52
    assert sum(r.tricks_won) == rules.hand_size


@FAST
@given(rules=rules_strategy, number=st.integers(0, 10**9), seed=st.integers(0, 10**6), stop=st.integers(0, 60))
def test_a_refused_action_leaves_the_state_unchanged(rules, number, seed, stop):
    h = play_random(rules, number, seed, stop)
    rng = random.Random(seed + 1)
    before = snapshot(h)
    attempts = []
    if h.phase is Phase.PLAYING:
        illegal = [c for c in range(52) if c not in h.legal_moves]
        attempts.append(lambda: h.play(rng.choice(illegal)))
        wrong = [s for s in range(rules.num_players) if s != h.to_play]
        attempts.append(lambda: h.play(h.legal_moves.lowest(), seat=rng.choice(wrong)))
        attempts.append(lambda: h.pass_cards(0, list(h.hand_of(0))[:3]))
    elif h.phase is Phase.PASSING:
        seat = rng.choice(h.waiting_to_pass)
        hand = list(h.hand_of(seat))
        attempts.append(lambda: h.pass_cards(seat, hand[:2]))
        attempts.append(lambda: h.pass_cards(seat, [hand[0], hand[0], hand[1]]))
        attempts.append(lambda: h.play(hand[0]))
    else:
        attempts.append(lambda: h.play(0))
    for attempt in attempts:
        try:
            attempt()
        except IllegalMoveError as err:
            assert err.explain("es") and err.explain("en")
        else:
            raise AssertionError("the action should have been refused")
        assert snapshot(h) == before


@FAST
@given(rules=rules_strategy, number=st.integers(0, 10**9), seed=st.integers(0, 10**6), stop=st.integers(0, 70))
def test_a_record_round_trips(rules, number, seed, stop):
    h = play_random(rules, number, seed, stop)
    rec = HandRecord.from_json(HandRecord.from_state(h).to_json())
    assert rec.finished is h.is_over
    assert snapshot(rec.replay()) == snapshot(h)


@FAST
@given(rules=rules_strategy, number=st.integers(0, 10**9), seed=st.integers(0, 10**6), stop=st.integers(1, 70))
def test_undo_then_redo_is_the_identity(rules, number, seed, stop):
    h = play_random(rules, number, seed, stop)
    if not h.history:
        return
    after = snapshot(h)
    action = h.undo()
    undone = snapshot(h)
    assert undone != after
    if action.kind == "pass":
        h.pass_cards(action.seat, action.cards)
    elif action.kind == "play":
        h.play(action.cards[0], seat=action.seat)
    else:
        h.choose_moon(action.seat, action.choice)
    assert snapshot(h) == after
