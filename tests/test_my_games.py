"""Issue 30: the learner's own hands kept at every table, loaded as self-play's tidy data, and judged."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pandas as pd
import pytest
from my_games_support import play_hand_at_table

import hearts.files
from hearts.bots.random_bot import RandomBot
from hearts.bots.rule_bot import RuleBot
from hearts.bots.tips import TIP_NAMES
from hearts.cards import QUEEN_OF_SPADES, Card
from hearts.columns import data_dictionary
from hearts.observation import Observation
from hearts.own_games import HABIT_COLUMNS, MISTAKE_COLUMNS, OwnGames
from hearts.review import decision_rows, review_rows
from hearts.selfplay import play_hands
from hearts_widgets import game_log, my_games, store

SMALL = {"worlds": 20, "pass_worlds": 4, "check_worlds": 60}


@pytest.fixture(scope="module")
def reference() -> object:
    return play_hands("rule", 2, seed=1, workers=1, progress=False)


@pytest.fixture(scope="session")
def hundred(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """100 hands finished at game tables in one folder, the person's seat clicked by a random bot."""
    folder = tmp_path_factory.mktemp("hundred")
    with pytest.MonkeyPatch.context() as mp:  # the tables' durable writes are not what is tested here
        mp.setattr(hearts.files, "_fsync_path", lambda p: None)
        mp.setattr(hearts.files, "_fsync_folder", lambda p: None)
        for i in range(100):
            play_hand_at_table(folder, 1000 + i, person=RandomBot(seed=i))
    return folder


def _same_shape(ours: pd.DataFrame, theirs: pd.DataFrame) -> None:
    cols = list(theirs.columns)
    assert list(ours.columns)[: len(cols)] == cols
    for c in cols:
        a, b = ours[c].dtype, theirs[c].dtype
        if isinstance(b, pd.CategoricalDtype) and c not in ("bot",) and not c.endswith(("reason", "values", "tip")):
            assert a == b, c  # seats, cards, suits, pass directions, roles: the very same categories
        else:
            assert str(a) == str(b), c


def test_no_games_gives_empty_tables_of_the_same_shape(tmp_path: Path, reference: object) -> None:
    g = my_games(tmp_path)
    assert len(g) == 0 and g.damaged == []
    for name in ("hands", "tricks", "plays"):
        _same_shape(getattr(g, name), getattr(reference, name))
        assert len(getattr(g, name)) == 0
    assert list(g.mistakes(**SMALL).columns) == list(MISTAKE_COLUMNS)
    habits = g.habits(**SMALL)
    assert list(habits.columns) == list(HABIT_COLUMNS) and habits["tip"].tolist() == list(TIP_NAMES)
    assert (habits["arose"] == 0).all() and habits["verdict"].str.contains("not come up").all()
    assert g.progress().empty


def test_every_table_keeps_its_finished_hand_once(tmp_path: Path, reference: object) -> None:
    solo = play_hand_at_table(tmp_path, 3)
    play_hand_at_table(tmp_path, 4, humans=(0, 2))
    learn = play_hand_at_table(tmp_path, 5, app="learn")
    assert game_log.keep_table_hand(solo) is False  # the table finished it: kept already, never twice
    g = my_games(tmp_path)
    assert len(g) == 3 and g.damaged == []
    hd = g.hands
    people = hd[hd["person"]]
    assert people["table"].astype(str).tolist() == ["solo", "pass_and_play", "pass_and_play", "learn"]
    assert people["seat"].astype(str).tolist() == ["South", "South", "North", "South"]
    assert set(hd.loc[~hd["person"], "player"].astype(str)) == {"rule"}
    assert hd["deal_number"].tolist()[::4][2] == learn.hand.deal.number
    # the record carries the rules in force, and replays to the same points
    line = (tmp_path / "games" / "hands-0001.jsonl").read_text().splitlines()[0]
    data = json.loads(line)
    assert data["hand"]["rules"] == solo.rules.to_dict()
    assert hd.loc[hd["deal"] == 0, "points"].tolist() == list(solo.hand.result().points)
    _same_shape(g.plays, reference.plays)
    p = g.plays
    assert p["person"].sum() == 13 * 4 and (p.loc[p["person"], "player"] == "you").all()


def test_one_hand(tmp_path: Path) -> None:
    play_hand_at_table(tmp_path, 9)
    g = my_games(tmp_path)
    assert len(g) == 1 and len(g.hands) == 4 and len(g.plays) == 52
    m = g.mistakes(**SMALL)
    assert (m["low"] > 1.0).all() and (m["low"] == m["cost"] - 2 * m["cost_se"]).all()
    prog = g.progress()
    assert len(prog) == 1 and prog["points"].iloc[0] == g.hands.loc[g.hands["person"], "points"].iloc[0]


def test_hundred_hands(hundred: Path, reference: object) -> None:
    g = my_games(hundred)
    assert len(g) == 100 and int(g.hands["person"].sum()) == 100 and g.damaged == []
    for name in ("hands", "tricks", "plays"):
        _same_shape(getattr(g, name), getattr(reference, name))
    assert g.hands.groupby("deal")["points"].sum().eq(26).all() or g.hands["shot_moon"].any()
    summary = g.selfplay().summary()  # the self-play code runs on one's own play
    assert summary.loc["you", "hands"] == 100 and summary.loc["rule", "hands"] == 300
    prog = g.progress(window=10)
    assert len(prog) == 100 and prog["smoothed_se"].iloc[20:].notna().all()
    habits = g.habits(**SMALL)
    assert habits["arose"].sum() > 50 and (habits["followed"] <= habits["arose"]).all()
    enough = habits[habits["difference"].notna()]
    assert len(enough) >= 1 and (enough["arose"] >= 5).all()
    thin = habits[(habits["arose"] > 0) & habits["difference"].isna()]
    assert thin["verdict"].str.startswith("Not enough hands yet").all()
    m = g.mistakes(**SMALL)
    assert len(m) > 0 and (m["low"] > 1.0).all() and m["cost"].is_monotonic_decreasing
    assert m["explanation"].str.len().gt(20).all()
    # the data dictionary describes every column of our own: the extra ones, and the analysis tables
    tables = {"own_hands": (g.hands, reference.hands), "own_plays": (g.plays, reference.plays),
              "mistakes": (m, None), "habits": (habits, None), "progress": (prog, None)}
    for table, (df, base) in tables.items():
        extra = [c for c in df.columns if base is None or c not in base.columns]
        d = data_dictionary(table)
        assert list(d.index) == extra, table
        assert [str(df[c].dtype) for c in extra] == d["dtype"].tolist(), table


class Planted:
    """The rule bot, but following spades onto a trick that holds Q♠ it plays its highest spade when a lower
    one would duck: a card known to take 13 points."""

    def __init__(self) -> None:
        self.rule = RuleBot(seed=1)
        self.planted: tuple[int, Card] | None = None

    def choose_pass(self, obs: Observation) -> object:
        return self.rule.choose_pass(obs)

    def choose_play(self, obs: Observation) -> Card:
        cards = [c for _, c in obs.trick]
        legal = sorted(obs.legal_moves)
        if self.planted is None and cards and QUEEN_OF_SPADES in cards and cards[0] // 13 == 2:
            top = max(c for c in cards if c // 13 == 2)
            over = [c for c in legal if c // 13 == 2 and c > top]
            under = [c for c in legal if c // 13 == 2 and c < top]
            if over and under and len(cards) == obs.rules.num_players - 1:  # last to play: certain to take it
                self.planted = (obs.trick_number, over[-1])
                return over[-1]
        return self.rule.choose_play(obs)


def test_a_planted_losing_card_is_found_and_explained(tmp_path: Path) -> None:
    for number in range(23, 400):  # deal 23 is the first where the planted card comes up (searched once)
        bot = Planted()
        m = play_hand_at_table(tmp_path / str(number), number, person=bot)
        if bot.planted is not None:
            break
    else:
        pytest.fail("no deal let the planted card be played")
    trick, card = bot.planted
    g = my_games(tmp_path / str(number))
    found = g.mistakes(check_worlds=400)
    row = found[found["trick"] == trick]
    assert len(row) == 1, found
    r = row.iloc[0]
    assert r["card"] == str(card) and r["kind"] == "play" and r["cost"] > 8 and r["low"] > 1
    assert r["better"] != str(card)
    words = r["explanation"]
    assert words.startswith(f"Trick {trick + 1}: you played {card}; {r['better']} was better by")
    assert f"{card} is certain to win this trick" in words
    es = g.mistakes("es", check_worlds=400)
    assert es.loc[es["trick"] == trick, "explanation"].iloc[0].startswith(f"Baza {trick + 1}: jugaste {card};")
    # the same numbers as the hand review shows for this seat and seed
    decided = decision_rows(review_rows(m.hand, 0, check_worlds=400))
    same = next(d for d in decided if d["trick"] == trick)
    assert (same["cost"], same["cost_se"], same["verdict"]) == (r["cost"], r["cost_se"], "costly")


def test_damaged_lines_are_listed_skipped_and_never_deleted(tmp_path: Path) -> None:
    play_hand_at_table(tmp_path, 11)
    path = tmp_path / "games" / "hands-0001.jsonl"
    good = path.read_bytes()
    forged = json.loads(good)
    forged["hand"]["plays"][5], forged["hand"]["plays"][6] = forged["hand"]["plays"][6], forged["hand"]["plays"][5]
    path.write_bytes(good + b"{not json\n" + json.dumps(forged).encode() + b"\n")
    before = path.read_bytes()
    g = my_games(tmp_path)
    assert len(g) == 1 and [d.line for d in g.damaged] == [2, 3]
    assert "JSON" in g.damaged[0].reason and "plays" in g.damaged[1].reason
    play_hand_at_table(tmp_path, 12)
    assert path.read_bytes().startswith(before)  # appended to, never rewritten over the damaged lines
    assert len(my_games(tmp_path)) == 2


def test_files_are_bounded_and_bad_input_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_log, "FILE_BUDGET", 2000)  # a hand is about 1.4 kB
    for n in (21, 22, 23):
        play_hand_at_table(tmp_path, n)
    names = sorted(p.name for p in (tmp_path / "games").iterdir())
    assert names == ["hands-0001.jsonl", "hands-0002.jsonl", "hands-0003.jsonl"]
    assert len(my_games(tmp_path)) == 3
    h = my_games(tmp_path).kept[0].state
    with pytest.raises(store.StoreError) as e:
        game_log.keep_hand(tmp_path, h, key="x/1", people=(7,), players=("you", "a", "b", "c"))
    assert e.value.field == "people" and isinstance(e.value, ValueError)
    assert len(my_games(tmp_path)) == 3
    with pytest.raises(ValueError) as bad:
        OwnGames(my_games(tmp_path).kept).mistakes(check_worlds=0)
    assert bad.value.option == "check_worlds"
    with pytest.raises(ValueError, match="people"):
        OwnGames([dataclasses.replace(my_games(tmp_path).kept[0], people=(4,))])
    with pytest.raises(store.StoreError) as e:
        my_games(123)
    assert e.value.field == "folder"


def test_a_rooms_finished_games_give_the_class_view(tmp_path: Path) -> None:
    from hearts.room.storage import save_room
    from hearts.room.tables import Room, RoomSettings

    room, _ = Room.create(RoomSettings(number=31, tables=2, level="random", target_score=30))
    tokens = {}
    for index, seat, name in ((0, 0, "Ana"), (0, 2, "Ben"), (1, 1, "Cleo")):
        _, s, tokens[name] = room.join(index, seat, name, f"browser-of-{name}-0123")
    bots = {name: RandomBot(seed=i) for i, name in enumerate(tokens)}
    for table in room.tables:
        people = {table.seat_of(tok): name for name, tok in tokens.items() if table.seat_of(tok) is not None}
        for _ in range(3000):
            g = table.game
            if g.is_over:
                break
            h = g.hand
            moved = False
            for s, name in people.items():
                at = table.at()
                if g.is_over:
                    break
                if h.is_over:
                    if not table.seats[s].ready:
                        table.act(tokens[name], {"type": "next", "at": at})
                        moved = True
                elif s in h.waiting_to_pass:
                    cards = [c.code for c in bots[name].choose_pass(g.observation(s))]
                    table.act(tokens[name], {"type": "pass", "cards": cards, "at": at})
                    moved = True
                elif h.to_play == s and not h.waiting_to_pass:
                    table.act(tokens[name], {"type": "play", "card": bots[name].choose_play(g.observation(s)).code,
                                             "at": at})
                    moved = True
            if not moved and not table.bot_step():
                raise AssertionError("the room's table is stuck")
    save_room(tmp_path, room)
    g = my_games(tmp_path)
    assert g.damaged == [] and set(g.players()) == {"Ana", "Ben", "Cleo"}
    hands_played = sum(len(t.game.hands) for t in room.tables)
    assert len(g) == hands_played
    hd = g.hands
    assert set(hd.loc[hd["person"], "player"].astype(str)) == {"Ana", "Ben", "Cleo"}
    assert (hd["table"] == "room").all()
    ana = g.only("Ana")
    assert ana.players() == ["Ana"] and int(ana.hands["person"].sum()) == len(room.tables[0].game.hands)
    assert ana.habits(**SMALL)["tip"].tolist() == list(TIP_NAMES)
    common = g.common_mistakes(**SMALL)
    assert list(common.columns) == ["kind", "tip", "title", "mistakes", "players", "mean_cost", "total_cost"]
    assert common["mistakes"].sum() == len(g.mistakes(**SMALL)) and common["mistakes"].is_monotonic_decreasing
    with pytest.raises(ValueError, match="Dana"):
        g.only("Dana")


def test_a_moon_in_reach_is_said_from_the_finished_tricks() -> None:
    from hearts.own_games import _moon_words, sample
    from hearts.review import replay_decisions

    hand = sample(16).kept[1].state  # South (playing without the tips) shoots the moon in this sample hand
    assert hand.result().shooter == 0
    steps = replay_decisions(hand, 0)
    before_trick_9 = next(state for kind, state, _ in steps if kind == "play" and len(state.tricks) == 8)
    taken = sum(t.points for t in before_trick_9.tricks)
    assert _moon_words(before_trick_9, 0, "en") == [
        f"You had taken every point played so far ({taken}): a moon was in reach."
    ]
    assert _moon_words(before_trick_9, 2, "es")[0].startswith("Sur se había llevado todos los puntos")
    assert _moon_words(steps[1][1], 0, "en") == []  # before the first trick: no points yet


def test_a_folder_that_is_not_there_is_refused_not_read_as_no_games(tmp_path: Path) -> None:
    """A teacher's mistyped path, or a file given for the folder, says so (in both languages) instead of giving an
    empty class; a folder that exists with no games is still 0 hands."""
    assert len(my_games(tmp_path)) == 0
    (tmp_path / "scores.csv").write_text("name,points\n", encoding="utf-8")
    for folder, words, palabras in (
        (tmp_path / "romm-data", "there is no folder", "no existe la carpeta"),
        (str(tmp_path / "scores.csv"), "is a file, not a folder", "es un archivo, no una carpeta"),
        (123, "give its path", "da su ruta"),
        ("", "give its path", "da su ruta"),
    ):
        with pytest.raises(store.StoreError) as e:
            my_games(folder)  # type: ignore[arg-type]
        assert e.value.field == "folder" and isinstance(e.value, ValueError)
        assert words in str(e.value) and palabras in e.value.explain("es") and "kept" not in str(e.value)
    assert not (tmp_path / "romm-data").exists()  # nothing made on the way


def test_each_persons_progress_is_smoothed_on_their_own_hands() -> None:
    """Two people at one table (pass-and-play, a room): each one's line is their own hands, counted from 0."""
    from hearts.own_games import plot_progress, sample

    hands = [dataclasses.replace(h, people=(0, 2), players=("Ana", "rule", "Ben", "rule")) for h in sample(4).kept]
    g = OwnGames(hands)
    prog = g.progress(window=3)
    assert len(prog) == 8 and prog["hand"].tolist() == [0, 0, 1, 1, 2, 2, 3, 3]
    points = g.hands[g.hands["person"]]
    for name in ("Ana", "Ben"):
        mine = prog[prog["player"] == name]
        theirs = points.loc[points["player"] == name, "points"].astype(float).reset_index(drop=True)
        assert mine["points"].tolist() == theirs.astype(int).tolist()
        expected = theirs.rolling(3, min_periods=1).mean()
        assert mine["smoothed"].reset_index(drop=True).tolist() == pytest.approx(expected.tolist())
    assert g.only("Ana").progress(window=3)["smoothed"].tolist() == pytest.approx(
        prog.loc[prog["player"] == "Ana", "smoothed"].tolist())  # fmt: skip
    import matplotlib

    matplotlib.use("Agg")
    ax = plot_progress(g, "es", window=3)
    labels = [line.get_label() for line in ax.get_lines()]
    assert any(label.startswith("Ana: ") for label in labels) and any(label.startswith("Ben: ") for label in labels)
    import matplotlib.pyplot as plt

    plt.close(ax.figure)


def test_a_habit_seen_once_reads_once() -> None:
    """'seen 1 times' / 'se dio 1 veces' was said of a tip whose situation came up once."""
    from hearts.own_games import _habit_words

    assert "seen once," in _habit_words(1, 0, math.nan, math.nan, False, "en")
    assert "se dio una vez," in _habit_words(1, 1, math.nan, math.nan, False, "es")
    assert "seen 3 times," in _habit_words(3, 1, math.nan, math.nan, False, "en")
    assert "in 1 of 6 decisions" in _habit_words(6, 1, math.nan, math.nan, False, "en")


def test_cancellation_hands_are_data_and_the_review_judges_them(tmp_path: Path) -> None:
    """A learner's Cancellation Hearts hands load as data, and mistakes() and habits() judge them with the
    two-pack expert's evaluation (tests/test_review_cancellation.py plants a mistake and finds it)."""
    from hearts import Deal, HandState
    from hearts.review import hand_points
    from hearts.rules import Rules
    from hearts.selfplay import play_out

    rules = Rules.cancellation(6)
    h = HandState(Deal.from_number(3, rules=rules))
    play_out(h, [RuleBot(seed=s) for s in range(6)])
    assert game_log.keep_hand(tmp_path, h, key="c/1", people=(0,), players=("you",) + ("rule",) * 5)
    g = my_games(tmp_path)
    assert len(g) == 1 and len(g.hands) == 6 and int(g.hands["points"].sum()) in (52, 5 * 52)
    small = {"worlds": 6, "pass_worlds": 2, "check_worlds": 30}
    assert list(g.mistakes(**small).columns) == list(MISTAKE_COLUMNS)
    assert len(g.habits(**small)) == len(TIP_NAMES)
    assert {d["decision"] for d in decision_rows(review_rows(h, 0, **small))} == set(range(1 + rules.hand_size))
    assert hand_points(h, 0).points == h.result().points[0]
