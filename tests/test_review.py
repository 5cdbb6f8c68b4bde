"""Hand review: every decision of a seat, valued by the expert's sampling."""

from __future__ import annotations

import pytest
from engine_support import consistent_worlds

from hearts import Deal, HandState, Phase
from hearts.bots.expert import rollout_card
from hearts.bots.random_bot import RandomBot
from hearts.bots.rule_bot import RuleBot
from hearts.bots.tips import TIP_NAMES
from hearts.errors import HeartsError
from hearts.review import COLUMNS, DECISION_COLUMNS, decision_table, replay_decisions, review_hand


def _finished(deal_no: int, bots: list | None = None) -> HandState:
    h = HandState(Deal.from_number(deal_no))
    bots = bots or [RandomBot(seed=deal_no * 4 + s) for s in range(4)]
    if h.phase is Phase.PASSING:
        for s in range(4):
            h.push_pass(s, bots[s].choose_pass(h.observation(s)).mask)
    while not h.is_over:
        h.push(bots[h.to_play].choose_play(h.observation(h.to_play)))
    return h


@pytest.fixture(scope="module")
def hand() -> HandState:
    return _finished(31, [RuleBot(seed=s) for s in range(4)])


@pytest.fixture(scope="module")
def review(hand: HandState):
    return review_hand(hand, 0, worlds=6, pass_worlds=2, seed=1)


def test_one_row_per_decision_and_option(hand: HandState, review) -> None:
    assert tuple(review.columns) == COLUMNS
    table = decision_table(review)
    assert tuple(table.columns) == DECISION_COLUMNS
    assert list(table["kind"]) == ["pass"] + ["play"] * 13
    assert list(table["trick"]) == list(range(14))
    per = review.groupby("decision")
    assert (per["chosen"].sum() == 1).all() and (per["best"].sum() == 1).all()
    assert (review["regret"] >= 0).all()
    # What was chosen is what the seat really did.
    played = [str(c) for s, c in hand.plays if s == 0]
    assert list(table["chosen"][1:]) == played
    assert table["chosen"][0] == " ".join(str(c) for c in sorted(hand.history[0].cards))
    # Plays list every legal card, and the cost is the chosen option's regret.
    for kind, state, _ in replay_decisions(hand, 0):
        if kind == "play":
            n = len(state.legal_moves)
            trick = state.trick_number + 1
            assert (review[(review["kind"] == "play") & (review["trick"] == trick)].shape[0]) == n
    chosen_rows = review[review["chosen"]].set_index("decision")
    assert (table.set_index("decision")["cost"] == chosen_rows["regret"]).all()
    assert (table["cost"][table["forced"]] == 0).all()


def test_tips_name_the_rule_bots_tip(review) -> None:
    tips = set(review["tip"].dropna())
    assert tips and tips <= set(TIP_NAMES)
    with_tip = review[review["tip"].notna()]
    assert with_tip["tip_option"].notna().all()


def test_review_is_deterministic_and_can_focus(hand: HandState, review) -> None:
    again = review_hand(hand, 0, worlds=6, pass_worlds=2, seed=1, decisions=[3, 5])
    part = review[review["decision"].isin([3, 5])].reset_index(drop=True)
    assert again.equals(part)


def test_review_accepts_a_record(hand: HandState) -> None:
    from hearts.record import HandRecord

    rec = HandRecord.from_json(HandRecord.from_state(hand).to_json())
    a = review_hand(rec, 2, worlds=3, pass_worlds=1, decisions=[0, 7], tips=False)
    b = review_hand(hand, 2, worlds=3, pass_worlds=1, decisions=[0, 7], tips=False)
    assert a.equals(b) and len(a) > 0
    assert a["tip"].isna().all()


def test_bad_input() -> None:
    unfinished = HandState(Deal.from_number(1))
    with pytest.raises(HeartsError, match="not finished"):
        review_hand(unfinished, 0)
    with pytest.raises(HeartsError, match="seat"):
        review_hand(_finished(2), 4)
    with pytest.raises(HeartsError, match="HandState or a hand record"):
        review_hand("hand", 0)


def _exact_values(state: HandState, seat: int) -> dict[str, float]:
    """Every consistent deal of the hidden cards, each option played out with the reference engine."""
    obs = state.observation(seat)
    worlds = consistent_worlds(obs)
    out = {}
    for c in state.legal_moves:
        total = 0
        for w in worlds:
            sim = state.copy()
            sim.hands = list(w.hands)
            sim.push(c)
            while not sim.is_over:
                sim.push(rollout_card(sim))
            total += sim.result().scores[seat]
        out[str(c)] = total / len(worlds)
    return out


def test_expected_points_agree_with_a_direct_playout_estimate() -> None:
    """Late in a fixed hand, the review's estimates match the exact average over every consistent deal."""
    hand = _finished(41)
    seat = 0
    decisions = replay_decisions(hand, seat)
    index, state = next(
        (i, st)
        for i, (kind, st, _) in enumerate(decisions)
        if kind == "play" and st.trick_number == 10 and len(st.legal_moves) >= 2
    )
    exact = _exact_values(state, seat)
    df = review_hand(hand, seat, worlds=300, decisions=[index], tips=False)
    assert set(df["option"]) == set(exact)
    assert len(set(exact.values())) > 1  # the options really differ
    for row in df.itertuples():
        assert abs(row.expected - exact[row.option]) <= 4 * row.stderr + 1e-9
    best = df[df["best"]].iloc[0]
    assert exact[best.option] <= min(exact.values()) + 4 * best.stderr + 1e-9
