"""The hand review, mistakes() and habits() on Cancellation Hearts (two packs) hands kept by the table.

The review judges a two-pack decision as it judges a one-pack one: the two-pack expert's search
(:mod:`hearts.bots.cancel_expert`, every option played out in the same sampled deals) screens the options,
the chosen and the expert's option are played out again in fresh deals, and the verdict comes from that
paired difference. Small budgets here: the method, not the strength, is tested.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from my_games_support import play_hand_at_table

import hearts.files
from hearts import Deal, HandState, Rules
from hearts.bots.rule_bot import RuleBot
from hearts.cards import Card, CardSet, ms_count, ms_from
from hearts.observation import Observation
from hearts.own_games import HABIT_COLUMNS
from hearts.review import decision_rows, decision_table, hand_points, replay_decisions, review_hand, review_rows
from hearts.rules import cancel_trick
from hearts.selfplay import play_out
from hearts_widgets import my_games

BUDGET = {"worlds": 16, "pass_worlds": 4, "check_worlds": 300}


class Planted:
    """The rule bot, but last to play to a trick with points in it, it plays a card of the suit led that takes
    the trick (above the winning card, not cancelled: nobody plays after it) where one it holds would duck."""

    def __init__(self) -> None:
        self.rule = RuleBot(seed=1)
        self.planted: tuple[int, Card, int] | None = None

    def choose_pass(self, obs: Observation) -> object:
        return self.rule.choose_pass(obs)

    def choose_play(self, obs: Observation) -> Card:
        cards = [int(c) for _, c in obs.trick]
        n = obs.rules.num_players
        points = obs.rules.points_of(ms_from(cards)) + obs.rules.points_of(obs.pile_mask) if cards else 0
        if self.planted is None and len(cards) == n - 1 and points >= 4:
            index = cancel_trick(cards)[0]
            if index >= 0:
                top = cards[index]
                legal = sorted(obs.legal_moves)
                over = [c for c in legal if c // 13 == top // 13 and c > top and int(c) not in cards]
                under = [c for c in legal if c // 13 == top // 13 and (c < top or int(c) in cards)]
                if over and under:
                    self.planted = (obs.trick_number, over[-1], points)
                    return over[-1]
        return self.rule.choose_play(obs)


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object, Planted]:
    """A six-player Cancellation hand played at the game table (kept by it in hands-NNNN.jsonl), in which the
    person plays one known losing card."""
    root = tmp_path_factory.mktemp("cancel")
    rules = Rules.cancellation(6)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(hearts.files, "_fsync_path", lambda p: None)
        mp.setattr(hearts.files, "_fsync_folder", lambda p: None)
        for number in range(1, 60):  # the first deal where the planted card comes up (searched once: deal 3)
            bot = Planted()
            m = play_hand_at_table(root / str(number), number, person=bot, rules=rules)
            if bot.planted is not None:
                return root / str(number), m, bot
    pytest.fail("no deal let the planted card be played")


def test_a_planted_losing_card_is_found_and_explained_with_the_reviews_numbers(planted) -> None:
    folder, _table, bot = planted
    trick, card, _points = bot.planted
    g = my_games(folder)
    assert len(g) == 1 and g.kept[0].state.rules.decks == 2 and g.kept[0].state.deal.widow
    found = g.mistakes(**BUDGET)
    row = found[found["trick"] == trick]
    assert len(row) == 1, found
    r = row.iloc[0]
    assert r["card"] == str(card) and r["kind"] == "play" and r["low"] > 1 and r["cost"] > 2
    assert r["better"] != str(card)
    words = r["explanation"]
    assert words.startswith(f"Trick {trick + 1}: you played {card}; {r['better']} was better by")
    assert f"{card} is certain to win this trick" in words  # said the two-pack way: nobody plays after it
    es = g.mistakes("es", **BUDGET)
    assert es.loc[es["trick"] == trick, "explanation"].iloc[0].startswith(f"Baza {trick + 1}: jugaste {card};")
    # the very numbers of the hand review for this seat and seed (each decision has its own random streams, so
    # the review of this one decision is the whole review's row)
    decided = decision_rows(review_rows(g.kept[0].state, 0, **BUDGET, decisions=[int(r["decision"])]))
    same = next(d for d in decided if d["trick"] == trick)
    assert (same["cost"], same["cost_se"], same["verdict"]) == (r["cost"], r["cost_se"], "costly")
    habits = g.habits(**BUDGET)
    assert list(habits.columns) == list(HABIT_COLUMNS) and len(habits) == 9
    assert habits["arose"].sum() > 0 and habits["verdict"].str.len().gt(0).all()


def test_the_review_of_a_two_pack_hand_has_one_pack_columns_and_sound_numbers() -> None:
    rules = Rules.cancellation(7)
    h = HandState(Deal.from_number(5, rules), rules)
    play_out(h, [RuleBot(seed=s) for s in range(7)])
    df = review_hand(h, 3, worlds=12, pass_worlds=3, check_worlds=40)
    table = decision_table(df)
    assert len(table) == 1 + rules.hand_size and table["kind"].tolist()[0] == "pass"
    assert (df.groupby("decision")["chosen"].sum() == 1).all() and (df.groupby("decision")["best"].sum() == 1).all()
    plays = df[df["kind"] == "play"]
    assert plays["estimate"].between(-52, 52 * 2).all() and (plays["estimate_se"] >= 0).all()
    # every legal card of each play was weighed, in the same deals (a paired regret >= 0 for every option)
    steps = replay_decisions(h, 3)
    for d, (kind, state, _) in enumerate(steps):
        if kind == "play":
            legal = {str(c) for c in state.legal_moves}
            assert set(df.loc[df["decision"] == d, "option"]) == legal
    assert (df["regret"] >= 0).all()
    # what really happened: the points, the waiting tricks counted where they were taken, the widow too
    assert int(table["points"].sum()) == hand_points(h, 3).points == h.result().points[3]
    assert set(table["verdict"]) <= {"forced", "same", "better", "as_well", "small", "unclear", "costly"}


def test_a_pass_of_both_copies_is_reviewed_as_one_option() -> None:
    """A pass that holds a card twice is kept, replayed and weighed with both copies."""
    rules = Rules.cancellation(6)
    for number in range(300):
        h = HandState(Deal.from_number(number, rules), rules)
        hand = h.hands[0]
        twice = [c for c in range(52) if ms_count(hand, c) == 2]
        if twice:
            break
    c = twice[0]
    other = next(x for x in range(52) if hand >> x & 1 and x != c)
    h.push_pass(0, ms_from([c, c, other]))
    bots = [RuleBot(seed=s) for s in range(6)]
    for s in range(1, 6):
        h.push_pass(s, bots[s].choose_pass(h.observation(s)).mask)
    play_out(h, bots)
    steps = replay_decisions(h, 0)
    assert steps[0][0] == "pass" and ms_from(steps[0][2]) == ms_from([c, c, other])
    rows = review_rows(h, 0, worlds=4, pass_worlds=3, check_worlds=20, decisions=[0])
    chosen = [r for r in rows if r["chosen"]]
    assert len(chosen) == 1 and CardSet.parse(chosen[0]["codes"].replace(" ", ",")).mask == ms_from([c, c, other])


def test_the_review_widget_says_what_each_card_did_the_two_pack_way() -> None:
    """The review widget's sentence for a two-pack play uses the cancel-aware facts, never the one-pack "certain
    to win" of a card whose twin was still out."""
    from hearts.cancel_hint import cancel_facts
    from hearts.explain import fact_words
    from hearts_widgets.review import ReviewModel

    rules = Rules.cancellation(6, passing=False)
    h = HandState(Deal.from_number(9, rules), rules)
    play_out(h, [RuleBot(seed=s) for s in range(6)])
    m = ReviewModel(h, 2, worlds=4, pass_worlds=2, check_worlds=12)
    es = ReviewModel(h, 2, lang="es", worlds=4, pass_worlds=2, check_worlds=12)
    steps = replay_decisions(h, 2)
    said = 0
    for d, (_kind, state, chosen) in enumerate(steps):
        obs = state.observation(2)
        if obs.legal_mask().bit_count() == 1:
            continue
        words = m.explanation(d)
        for f in cancel_facts(obs, chosen[0]):
            assert fact_words(f, "en", num_players=6, seat=2) in words
            said += 1
        assert "{" not in words and "{" not in es.explanation(d)
    assert said > 0
