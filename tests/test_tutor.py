"""hearts.tutor: every exercise's check accepts the shipped solution and names each plausible mistake, in English
and Spanish; quizzes agree with the engine on many deals; progress is kept, mapped, handed in and read back."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from hearts import QUEEN_OF_SPADES, Card, IllegalMoveError
from hearts.bots import Bot, Decision, RuleBot
from hearts.errors import OptionError
from hearts.tutor import (
    SOLUTIONS_ENV,
    TutorError,
    check,
    class_view,
    course_map,
    hand_in,
    load_progress,
    load_solution,
    made_up_class,
    show_solution,
)
from hearts.tutor import core as tutor_core
from hearts.tutor.checking import Case, Failure
from hearts.tutor.exercises import EXERCISES, played_hand
from hearts.tutor.progress import PROGRESS_FILE, data_folder, record_exercise
from hearts.tutor.quiz import KINDS, judge, new_question, penalty_cards

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
LANGS = ("en", "es")


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"
    monkeypatch.setenv("HEARTS_DATA_DIR", str(data))
    monkeypatch.delenv(SOLUTIONS_ENV, raising=False)
    monkeypatch.setattr(tutor_core, "_TRIES", {})
    return data


def said(result: Any) -> str:
    return str(result)


def assert_mistakes(exercise: str, answers: dict[str, Any], namespace: dict[str, Any] | None = None) -> None:
    """Each wrong answer fails with its own mistake, and the sentences differ between them and between languages."""
    sentences: dict[str, str] = {}
    for expected_kind, answer in answers.items():
        for lang in LANGS:
            result = check(exercise, answer, lang, namespace)
            assert not result.passed, (exercise, expected_kind, lang)
            assert result.failure == expected_kind, (exercise, expected_kind, lang, str(result))
            assert "Traceback" not in str(result)
            sentences[f"{expected_kind}/{lang}"] = result.lines[2 if result.case else 1]
    assert len(set(sentences.values())) == len(sentences), sentences


def accepts_solution(exercise: str, namespace: dict[str, Any] | None = None) -> None:
    for lang in LANGS:
        result = check(exercise, load_solution(exercise, {"LANG": lang, **(namespace or {})}), lang, namespace)
        assert result.passed, str(result)
        assert result.total_cases >= 1 and result.passed_cases == result.total_cases


# ----- the exercises built on the engine -----------------------------------------------------------------------


def test_02_trick_winner() -> None:
    accepts_solution("02")

    def highest(trick: list[tuple[int, Card]]) -> int:
        return max(trick, key=lambda play: play[1].rank)[0]

    def leader(trick: list[tuple[int, Card]]) -> int:
        return trick[0][0]

    def position(trick: list[tuple[int, Card]]) -> int:
        led = trick[0][1].suit
        return max(range(len(trick)), key=lambda i: trick[i][1].rank if trick[i][1].suit == led else -1)

    def last(trick: list[tuple[int, Card]]) -> int:
        return trick[-1][0]

    assert_mistakes("02", {"trick.ignored_suit": highest, "trick.first_player": leader, "trick.position": position,
                           "trick.last_player": last})  # fmt: skip


def test_03_refusals() -> None:
    position = played_hand(11).copy()
    while position.cards_played > 17:
        position.undo()
    namespace = {"position": position}
    accepts_solution("03", namespace)
    result = check("03", load_solution("03", {"LANG": "en"}), "en", namespace)
    assert result.value is not None and len(result.value) == len(position.hand_of(position.to_play))

    def table(position: Any, seat: int, *, allowed: Any = None, rule: Any = None, reason: Any = None) -> Any:
        rows = []
        for card in position.hand_of(seat):
            err = position.why_not(card, seat)
            rows.append({"card": str(card), "allowed": err is None if allowed is None else allowed(err),
                         "rule": None if err is None else (rule or (lambda e: e.rule.name))(err),
                         "reason": "" if err is None else (reason or (lambda e: e.explain("en")))(err)})  # fmt: skip
        return pd.DataFrame(rows)

    sentences = {}
    for kind, answer in {
        "refusals.all_allowed": lambda p, s: table(p, s, allowed=lambda err: True),
        "refusals.rule": lambda p, s: table(p, s, rule=lambda err: str(err.rule)),
        "missing_column": lambda p, s: table(p, s).drop(columns=["reason"]),
        "refusals.cards": lambda p, s: table(p, s).iloc[1:],
    }.items():
        for lang in LANGS:
            result = check("03", answer, lang, namespace)
            assert result.failure == kind, (kind, str(result))
            sentences[kind, lang] = result.lines[2]
    assert len(set(sentences.values())) == len(sentences)
    # Reasons in English in the Spanish notebook: named as such.
    assert check("03", lambda p, s: table(p, s), "es", namespace).failure == "refusals.language"


def test_11_lowest_card() -> None:
    accepts_solution("11")

    def by_number(observation: Any, mask: Any) -> int:
        return int(np.flatnonzero(mask)[0])

    def anything(observation: Any, mask: Any) -> int:
        return 0

    def highest(observation: Any, mask: Any) -> int:
        allowed = [int(a) for a in np.flatnonzero(mask) if a < 52]
        return max(allowed, key=lambda a: (Card(a).rank, a))

    assert_mistakes("11", {"lowest.by_number": by_number, "lowest.not_allowed": anything, "lowest.highest": highest})


# ----- the data-analysis exercises: on small made-up inputs ------------------------------------------------------


def moons_frame(seed: int = 0, n: int = 120) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    strength = rng.integers(5, 25, n)
    shot = rng.random(n) < (strength / 40)
    frame = pd.DataFrame({"deal": np.arange(n), "strength": strength, "shot": shot,
                          "score": np.where(shot, 0, rng.integers(8, 26, n)),
                          "score_without": rng.integers(2, 12, n)})  # fmt: skip
    frame["band"] = pd.cut(frame["strength"], [0, 13, 17, 30], right=False, labels=["weak", "middle", "strong"])
    return frame


def test_08_moon_odds() -> None:
    namespace = {"moons": moons_frame()}
    accepts_solution("08", namespace)
    solution = load_solution("08")

    def no_one_minus(moons: pd.DataFrame) -> pd.DataFrame:
        table = solution(moons)
        table["break_even"] = table["never_score"] / table["failed_score"]
        return table

    def all_attempts(moons: pd.DataFrame) -> pd.DataFrame:
        table = solution(moons)
        table["failed_score"] = moons.groupby("band", observed=True)["score"].mean()
        return table

    def counts(moons: pd.DataFrame) -> pd.DataFrame:
        table = solution(moons)
        table["success"] = moons.groupby("band", observed=True)["shot"].sum()
        return table

    def missing(moons: pd.DataFrame) -> pd.DataFrame:
        return solution(moons).drop(columns=["pays"])

    assert_mistakes("08", {"moon.break_even": no_one_minus, "moon.failed_all": all_attempts, "moon.count": counts,
                           "missing_column": missing}, namespace)  # fmt: skip


def judged(exercise: str, value: Any, expected: Any, args: tuple[Any, ...] = ()) -> str | None:
    failure = EXERCISES[exercise].judge(value, Case("made up", args, expected), "en")
    if failure is not None:
        assert failure.say("en") != failure.say("es")
    return None if failure is None else failure.kind


def test_04_05_07_judges_name_each_mistake() -> None:
    queen = {"keep_queen_with": 3, "hands_changed": 7, "effect_vs_4": -0.4, "ci_low": -1.0, "ci_high": 0.2,
             "verdict": "unclear"}  # fmt: skip
    assert judged("04", dict(queen), queen) is None
    assert judged("04", {**queen, "effect_vs_4": 0.4}, queen) == "effect.sign"
    assert judged("04", {**queen, "hands_changed": 40}, queen) == "passing.all_hands"
    assert judged("04", {**queen, "verdict": "incierto"}, queen) == "verdict"
    assert judged("04", {k: v for k, v in queen.items() if k != "ci_low"}, queen) == "missing_key"
    void = {"void_min_length": 1, "void_max_length": 3, "passes_changed": 9, "effect": -0.1, "ci_low": -0.5,
            "ci_high": 0.3, "verdict": "unclear"}  # fmt: skip
    assert judged("05", dict(void), void) is None
    assert judged("05", {**void, "effect": 0.1}, void) == "effect.sign"
    assert judged("05", {**void, "effect": -0.9}, void) == "void.changed_only"
    assert judged("05", {**void, "ci_low": 0.1, "ci_high": 0.2}, void) == "interval.order"
    games = (0.55, 0.45, 0.65)
    assert judged("07", games, games) is None
    assert judged("07", (1.1, 1.0, 1.2), games) == "games.share_range"
    assert judged("07", (0.45, 0.35, 0.55), games) == "games.other_side"
    assert judged("07", (0.55, 0.45), games) == "games.three"
    assert judged("07", (0.55, 0.6, 0.7), games) == "interval.order"


def test_06_judge_names_each_mistake() -> None:
    want = pd.DataFrame({"cards": [5, 3], "trick": [4.0, 6.5], "points": [0.4, 2.0], "with_points": [0.2, 0.6]},
                        index=pd.Index([False, True], name="won"))  # fmt: skip
    assert judged("06", want.copy(), want) is None
    assert judged("06", want.assign(trick=want["trick"] - 1), want) == "fate.trick_from_zero"
    assert judged("06", want.drop(columns=["points"]), want) == "missing_column"
    assert judged("06", want.iloc[:1], want) == "fate.rows"
    assert judged("06", want.assign(points=want["points"] * 2), want) == "cell"


def test_10_cost_table_is_checked_against_the_hand() -> None:
    hand = played_hand(3)  # a moon: points and scores differ
    assert hand.result().shooter is not None
    solution = {lang: load_solution("10", {"LANG": lang})(hand, lang) for lang in LANGS}

    case = Case("made up", (hand,), hand)
    judge = EXERCISES["10"].judge
    assert judge(solution["en"], case, "en") is None and judge(solution["es"], case, "es") is None
    good = solution["en"]
    costly = good[good["costly_decisions"] > 0].index[0]
    kinds = {
        "costs.language": judge(good, case, "es"),
        "costs.scores": judge(good.assign(points=list(hand.result().scores)), case, "en"),
        "costs.rows": judge(good.iloc[:1], case, "en"),
        "missing_column": judge(good.drop(columns=["total_cost"]), case, "en"),
        # a count of costly decisions with their cost left at 0
        "costs.inconsistent": judge(good.assign(cost_of_costly=0.0), case, "en"),
        # the number of costly decisions written as their cost
        "costs.count": judge(good.assign(costly_decisions=good["cost_of_costly"] + 0.5), case, "en"),
        "costs.zero": judge(good.assign(costly_decisions=0, cost_of_costly=0.0, total_cost=0.0), case, "en"),
        # South's review on every row
        "costs.same": judge(good.assign(**{c: good.loc["South", c] for c in
                                           ("costly_decisions", "cost_of_costly", "total_cost")}), case, "en"),
        "costs.only_costly": judge(good.assign(total_cost=good["cost_of_costly"]), case, "en"),
    }
    assert {k: f.kind if f else None for k, f in kinds.items()} == {k: k for k in kinds}, costly
    said = {(k, lang): f.say(lang) for k, f in kinds.items() if f for lang in LANGS}
    assert len(set(said.values())) == len(said)


def test_10_a_seat_with_one_costly_decision_or_a_cost_of_one_point_is_said_in_the_singular() -> None:
    hand = played_hand(3)
    good = load_solution("10", {"LANG": "en"})(hand, "en")
    case = Case("made up", (hand,), hand)
    judge = EXERCISES["10"].judge
    seat = good.index[0]
    one = good.copy()
    one.loc[seat, "costly_decisions"], one.loc[seat, "cost_of_costly"] = 1, 0.25  # below the 1-point threshold
    f = judge(one, case, "en")
    assert f is not None and f.kind == "costs.inconsistent"
    assert f.say("en").startswith(f"For {seat}: 1 costly decision with a cost of 0.25; a costly decision surely")
    assert "1 decisión cara con un coste de 0.25; una decisión cara" in f.say("es")
    two = one.copy()
    two.loc[seat, "costly_decisions"] = 2
    assert "2 costly decisions with a cost of 0.25; each" in judge(two, case, "en").say("en")
    zero = Failure("costs.zero", {"seat": "West", "total": "1"}, 1)
    assert "(for example West: 1 point in all)" in zero.say("en") and "1 punto en total" in zero.say("es")
    # the course map and the class view name the mistake by its words, whichever forms it has
    from hearts.tutor.progress import _mistake_words

    assert _mistake_words("costs.inconsistent", "en").startswith("For …: … costly decisions")


# ----- 09: a bot ----------------------------------------------------------------------------------------------


def notebook_code(name: str, marker: str) -> str:
    nb = json.loads((TUTORIALS / "en" / name).read_text(encoding="utf-8"))
    (code,) = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code" and marker in "".join(c["source"])]
    return code


@pytest.fixture(scope="module")
def ducker_namespace() -> dict[str, Any]:
    code = notebook_code("09_your_own_bot.ipynb", "class Ducker")
    namespace: dict[str, Any] = {"Bot": Bot, "Decision": Decision, "QUEEN_OF_SPADES": QUEEN_OF_SPADES}
    exec(code.rsplit("\n\n\n", 1)[0], namespace)  # the class, without the cell's last line (which needs obs)
    return namespace


def test_09_bot(ducker_namespace: dict[str, Any]) -> None:
    ducker = ducker_namespace["Ducker"]
    accepts_solution("09", ducker_namespace)

    class Unchanged(ducker):  # type: ignore[misc, valid-type]
        name = "My bot"

    class ReturnsCard(ducker):  # type: ignore[misc, valid-type]
        def decide_play(self, obs: Any) -> Any:
            return super().decide_play(obs).card

    class PassesTwo(ducker):  # type: ignore[misc, valid-type]
        def decide_pass(self, obs: Any) -> Any:
            return Decision(tuple(list(obs.hand)[:2]))

    class Lowest(ducker):  # type: ignore[misc, valid-type]
        def decide_play(self, obs: Any) -> Any:
            return Decision((min(obs.hand, key=lambda c: c.rank),))

    class Highest(ducker):  # type: ignore[misc, valid-type]
        """Legal, different from the Ducker, and clearly worse: it wins every trick it can."""

        def decide_play(self, obs: Any) -> Any:
            return Decision((max(obs.legal_moves, key=lambda c: c.rank),))

    class DumpsLow(ducker):  # type: ignore[misc, valid-type]
        """Legal and different: when it cannot follow it throws its lowest card and keeps its dangers."""

        def decide_play(self, obs: Any) -> Any:
            legal = list(obs.legal_moves)
            if obs.trick and all(c.suit != obs.led_suit for c in legal):
                return Decision((min(legal, key=lambda c: c.rank),))
            return super().decide_play(obs)

    assert_mistakes("09", {"bot.unchanged": Unchanged, "bot.not_decision": ReturnsCard, "bot.pass_count": PassesTwo,
                           "bot.illegal": Lowest, "bot.not_a_bot": "MyBot", "bot.worse": Highest},
                    ducker_namespace)  # fmt: skip
    worse = check("09", DumpsLow, "es", ducker_namespace)
    assert not worse.passed and "claramente peor que el Ducker" in str(worse), str(worse)
    assert "Hay que seguir el palo" in str(check("09", Lowest, "es", ducker_namespace)) or "salida" in str(
        check("09", Lowest, "es", ducker_namespace))


def test_09_a_clearly_worse_bot_is_told_its_points_with_the_readers_decimal_sign() -> None:
    from hearts.tutor.exercises import _bot_overall

    cases = [Case(f"deal {i}", (), (0, 10)) for i in range(40)]  # the Ducker took 10 points in South each time
    f = _bot_overall(cases, [(0, 20 + i % 5) for i in range(40)])  # the learner's bot 20 to 24: 22 a hand
    assert f is not None and f.kind == "bot.worse"
    es, en = f.say("es"), f.say("en")
    assert "en 40 repartos en Sur se llevó 22,0 puntos por mano, el Ducker 10,0" in es
    assert re.search(r"intervalo del 95 %: de 11,\d a 12,\d\)", es), es
    assert "over 40 deals in South it took 22.0 points a hand, the Ducker 10.0" in en


# ----- what every check does ---------------------------------------------------------------------------------


def test_a_raise_a_loop_a_none_and_a_wrong_type_are_sentences(monkeypatch: pytest.MonkeyPatch) -> None:
    def loops(trick: Any) -> int:
        while True:
            pass

    assert EXERCISES["02"].time_limit <= 5
    monkeypatch.setitem(EXERCISES, "02", dataclasses.replace(EXERCISES["02"], time_limit=0.3))
    cases = {"raised": lambda trick: trick[9], "timeout": loops, "returned_none": lambda trick: None,
             "wrong_type": lambda trick: "North", "not_callable": 3}  # fmt: skip
    for kind, answer in cases.items():
        for lang in LANGS:
            result = check("02", answer, lang)
            assert result.failure == kind and "Traceback" not in str(result), str(result)
    assert "IndexError" in str(check("02", cases["raised"], "en"))


def test_a_hint_after_the_second_failed_try_and_the_solution_only_when_asked(_data: Path) -> None:
    def leader(trick: Any) -> int:
        return trick[0][0]

    first, second = check("02", leader, "es"), check("02", leader, "es")
    assert "Pista" not in str(first) and "show_solution" not in str(first)
    assert "Pista:" in str(second) and 'show_solution("02", globals())' in str(second)
    namespace: dict[str, Any] = {"LANG": "en"}
    code = show_solution("02", namespace)
    assert "def trick_winner" in code and check("02", namespace["trick_winner"], "en").passed
    progress = load_progress()
    entry = progress["exercises"]["02"]
    assert entry["tries"] == 3 and entry["passed"] and entry["solution_seen"]
    first_player = entry["failed"]["trick.first_player"]
    assert first_player["count"] == 2 and "2024" in first_player["case"]


def test_bad_arguments_are_typed_errors() -> None:
    with pytest.raises(TutorError, match="exercise must be one of"):
        check("99", print)
    with pytest.raises(OptionError, match="language"):
        check("02", print, "fr")
    with pytest.raises(TutorError, match="pass globals"):
        check("08", print, "en", {})


def test_in_ci_the_check_runs_the_shipped_solution_and_fails_loudly_if_it_is_wrong(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(SOLUTIONS_ENV, "1")
    assert check("02", lambda trick: None, "en").passed  # the stub is replaced by the solution
    assert not (data_folder() / PROGRESS_FILE).exists()  # CI's runs are nobody's progress
    broken = tmp_path / "02.py"
    broken.write_text("def trick_winner(trick):\n    return trick[0][0]\n", encoding="utf-8")
    monkeypatch.setattr(tutor_core, "solution_path", lambda exercise: broken)
    with pytest.raises(TutorError, match="shipped solution of exercise 02 fails"):
        check("02", lambda trick: None, "en")


def test_an_unwritable_data_folder_does_not_stop_the_check(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("HEARTS_DATA_DIR", str(blocker / "data"))
    result = check("02", load_solution("02"), "en")
    assert result.passed and "could not be saved" in str(result)


def test_every_exercise_is_checked_in_its_notebooks_and_has_a_solution() -> None:
    for exercise, ex in EXERCISES.items():
        assert (TUTORIALS / "solutions" / ex.solution).is_file()
        for lang in LANGS:
            nb = json.loads((TUTORIALS / lang / f"{ex.notebook}.ipynb").read_text(encoding="utf-8"))
            code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
            assert f'check("{exercise}", {ex.function}, LANG, globals())' in code, (lang, ex.notebook)
            assert "solutions/" not in code.replace('"../solutions/09_your_own_bot.py"', ""), (lang, ex.notebook)


# ----- quizzes ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_quiz_answers_agree_with_the_engine_on_many_deals(kind: str) -> None:
    seen = set()
    for seed in range(40):
        q = new_question(kind, seed)
        again = new_question(kind, seed)  # the same seed, the same deal and position
        assert (again.number, again.seat, again.answer, again.trick) == (q.number, q.seat, q.answer, q.trick)
        if kind == "legal":
            hand = q.state.hand_of(q.seat)
            allowed = set()
            for card in hand:
                copy = q.state.copy()
                try:
                    copy.play(card)
                    allowed.add(card)
                except IllegalMoveError:
                    pass
            assert q.answer == allowed and allowed < set(hand)
            assert not judge(q, set(hand), "es").right
            seen.add(len(allowed))
        elif kind == "winner":
            led = q.trick[0][1].suit
            assert q.answer == max((p for p in q.trick if p[1].suit == led), key=lambda p: p[1].rank)[0]
            seen.add(q.answer)
        else:
            taken = penalty_cards(q.state)
            points = [sum(13 if c == QUEEN_OF_SPADES else 1 for c in cards) for cards in taken]
            moon = any(p == 26 for p in points)
            if kind == "points":
                assert q.answer == tuple(0 if p == 26 else 26 if moon else p for p in points)
            else:
                assert q.answer == moon
            seen.add(moon)
        assert judge(q, q.answer, "en").right and judge(q, q.answer, "es").right
    assert len(seen) >= 2, seen  # varied: different seats win, both moons and no moons, ...


def test_quiz_explanations_use_the_rules_words() -> None:
    q = new_question("winner", 5)
    wrong = next(seat for seat, card in q.trick if seat != q.answer)
    verdict = judge(q, wrong, "es")
    assert not verdict.right and "no hay triunfos" in str(verdict)
    q = new_question("legal", 2)
    refused = next(c for c in q.state.hand_of(q.seat) if c not in q.answer)
    err = q.state.why_not(refused)
    assert err is not None and err.explain("en") in str(judge(q, {refused}, "en"))
    with pytest.raises(OptionError, match="kind must be one of"):
        new_question("trumps")


def test_quiz_widget_checks_records_and_draws_a_new_position(_data: Path) -> None:
    from hearts_widgets.quiz import Quiz

    for kind in KINDS:
        quiz = Quiz(kind, lang="es", seed=7)
        if kind != "points":  # (the scores start at 0: always an answer)
            assert quiz.check() is None and "Elige primero" in quiz.feedback.value  # nothing chosen yet
        q = quiz.model.question
        if kind == "legal":
            for button in quiz.cards:
                button.value = Card.parse(button.description) in q.answer
        elif kind == "winner":
            quiz.seats.value = q.answer
        elif kind == "points":
            for box, score in zip(quiz.scores, q.answer):
                box.value = score
        else:
            quiz.moon.value = q.answer
        verdict = quiz.check()
        assert verdict is not None and verdict.right and "Correcto" in quiz.feedback.value
        before = q.number
        quiz.new()
        assert quiz.model.question.number != before or quiz.model.question != q
    assert {k: v["right"] for k, v in load_progress()["quizzes"].items()} == dict.fromkeys(KINDS, 1)


# ----- progress, course map, hand-in, class view ------------------------------------------------------------------


def test_the_data_folder_is_the_tables(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from hearts_widgets import store

    assert data_folder() == store.data_dir()
    assert data_folder(tmp_path) == store.data_dir(tmp_path)
    monkeypatch.delenv("HEARTS_DATA_DIR")
    assert data_folder() == store.data_dir()


def test_a_damaged_progress_file_is_kept_aside_never_lost(_data: Path) -> None:
    _data.mkdir(parents=True)
    (_data / PROGRESS_FILE).write_text('{"format": "hearts-tut', encoding="utf-8")
    record_exercise("02", passed=True)
    assert load_progress()["exercises"]["02"]["passed"]
    assert (_data / "tutor_progress.bad.json").read_text(encoding="utf-8") == '{"format": "hearts-tut'


def test_the_course_map_comes_from_the_notebooks_present(tmp_path: Path) -> None:
    folder = tmp_path / "en"
    folder.mkdir()
    for name in ("02_play_against_bots.ipynb", "03_rules_as_code.ipynb"):
        (folder / name).write_bytes((TUTORIALS / "en" / name).read_bytes())
    new = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Cancellation Hearts"]},
                     {"cell_type": "code", "metadata": {}, "source": ['check("12", f, LANG, globals())']}]}  # fmt: skip
    (folder / "12_cancellation.ipynb").write_text(json.dumps(new), encoding="utf-8")
    record_exercise("02", passed=True)
    record_exercise("03", passed=False, failed=("refusals.rule", "deal 11"))
    table = course_map("en", tutorials=folder).table
    assert list(table.index) == ["02", "03", "12"]
    assert table.loc["12", "title"] == "Cancellation Hearts" and table.loc["12", "exercises"] == "12 ○"
    assert table.loc["02", "exercises"] == "02 ✓" and table.loc["03", "exercises"] == "03 ✗"
    assert "Points ○" in table.loc["02", "quizzes"] and "Legal cards ○" in table.loc["03", "quizzes"]
    html = course_map("es", tutorials=folder)._repr_html_()
    assert 'href="12_cancellation.ipynb"' in html and "Hecho hasta ahora: 1 de" in html
    # The real series: every notebook, in order, with the exercises and quizzes it has.
    real = course_map("en", tutorials=TUTORIALS / "en").table
    assert list(real.index) == sorted(real.index) and len(real) >= 12
    assert real.loc["11", "exercises"].startswith("11") and "Trick winner" in real.loc["01", "quizzes"]


def test_hand_in_writes_the_progress_with_a_download_link(tmp_path: Path) -> None:
    record_exercise("11", passed=True)
    handed = hand_in("Ana López", "es", to=tmp_path)
    data = json.loads(handed.path.read_text(encoding="utf-8"))
    assert data["learner"] == "Ana López" and data["exercises"]["11"]["passed"]
    link = handed._repr_html_()
    assert 'download="progress-Ana_López.json"' in link and "data:application/json;base64," in link
    assert "Descarga" in link
    with pytest.raises(OptionError, match="name"):
        hand_in("../..", to=tmp_path)


def test_the_class_view_reads_a_folder_of_handed_in_files(tmp_path: Path) -> None:
    folder = made_up_class(tmp_path / "class", learners=10, seed=3)
    (folder / "notes.json").write_text('{"something": "else"}', encoding="utf-8")
    (folder / "broken.json").write_text("{", encoding="utf-8")
    view = class_view(folder, "en")
    assert len(view.learners) == 10 and {name for name, _ in view.skipped} == {"notes.json", "broken.json"}
    cells = view.learners.to_numpy().ravel()
    assert any(re.fullmatch(r"✓ \d", str(c)) for c in cells) and any(re.fullmatch(r"✗ \d", str(c)) for c in cells)
    failures = view.failures
    assert list(failures.columns) == ["exercise", "mistake", "learners", "times", "example", "says"]
    for _, group in failures.groupby("exercise"):
        assert list(group["learners"]) == sorted(group["learners"], reverse=True)  # most common first
    assert class_view(folder, "es")._repr_html_().count("<table") == 2
    # The made-up class is the same for the same seed.
    again = class_view(made_up_class(tmp_path / "again", learners=10, seed=3), "en")
    pd.testing.assert_frame_equal(again.learners, view.learners)


def test_rule_bots_played_hands_are_real_deals() -> None:
    state = played_hand(11)
    assert state.is_over and sum(state.result().points) == 26
    assert [RuleBot] and len(state.tricks) == 13


def test_the_class_view_notebooks_are_in_step_and_stored_clean() -> None:
    import nbformat

    cells = {}
    for lang in LANGS:
        path = TUTORIALS / "teachers" / lang / "class_view.ipynb"
        stored = path.read_text(encoding="utf-8")
        assert stored == nbformat.writes(nbformat.reads(stored, as_version=4)) + "\n"
        nb = json.loads(stored)
        assert all(c["outputs"] == [] and c["execution_count"] is None for c in nb["cells"] if c["cell_type"] == "code")
        code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
        assert code[0].startswith(f'LANG = "{lang}"')
        cells[lang] = [re.sub(r"#.*", "#", c).replace(f'LANG = "{lang}"', "LANG") for c in code]
        assert "made_up_class(" in code[0] and "class_view(folder, LANG)" in code[0]
    assert cells["en"] == cells["es"]


def test_a_slow_solution_runs_only_once_the_answer_has_a_value() -> None:
    # A table the solution cannot read (no "band"): had the checker run it before the answer, this would raise.
    namespace = {"moons": moons_frame().drop(columns=["band"])}
    for answer, kind in ((lambda moons: None, "returned_none"), (lambda moons: 1 / 0, "raised")):
        assert check("08", answer, "en", namespace).failure == kind


def test_a_seat_computed_with_numpy_or_pandas_is_a_right_answer() -> None:
    """A learner who finds the winner with pandas returns a numpy integer: it is the seat, not a wrong type."""

    def with_pandas(trick: list[tuple[int, Card]]) -> Any:
        frame = pd.DataFrame([(seat, card.suit, card.rank) for seat, card in trick], columns=["seat", "suit", "rank"])
        frame = frame[frame["suit"] == trick[0][1].suit]
        return frame.loc[frame["rank"].idxmax(), "seat"]

    result = check("02", with_pandas)
    assert result.passed, str(result)

    def highest(trick: list[tuple[int, Card]]) -> Any:
        return np.int64(max(trick, key=lambda play: play[1].rank)[0])

    assert check("02", highest).failure == "trick.ignored_suit"
    assert check("02", lambda trick: float(trick[0][0])).failure == "wrong_type"


def test_a_progress_file_damaged_inside_is_refused_whole(_data: Path, tmp_path: Path) -> None:
    """Valid JSON whose entries are not the progress's shape (edited by hand, cut, a list for a table) is a damaged
    file: the learner's is kept aside and started afresh, a class's is skipped with the reason; never a traceback."""
    bad_entries: list[dict[str, Any]] = [
        {"exercises": {"02": [1, 2]}, "quizzes": {}},
        {"exercises": {"02": {"tries": "three", "passed": False}}, "quizzes": {}},
        {"exercises": {"02": {"tries": 2, "passed": False, "failed": ["trick.wrong"]}}, "quizzes": {}},
        {"exercises": {"02": {"tries": 2, "passed": False, "failed": {"x": {"count": "2"}}}}, "quizzes": {}},
        {"exercises": {}, "quizzes": {"winner": "3/4"}},
        {"exercises": {}, "quizzes": {"winner": {"tries": 4, "right": None}}},
    ]
    classroom = made_up_class(tmp_path / "class", learners=2, seed=1)
    for i, entries in enumerate(bad_entries):
        raw = json.dumps({"format": "hearts-tutor-progress", "version": 1, "learner": f"L{i}", **entries})
        (classroom / f"progress-bad{i}.json").write_text(raw, encoding="utf-8")
    (classroom / "progress-newer.json").write_text(json.dumps({
        "format": "hearts-tutor-progress", "version": 1, "learner": "Zoe", "exercises": {},
        "quizzes": {"suits": {"tries": 2, "right": 1}}}), encoding="utf-8")  # fmt: skip
    for lang in LANGS:
        view = class_view(classroom, lang)
        assert {name for name, _ in view.skipped} == {f"progress-bad{i}.json" for i in range(len(bad_entries))}
        assert len(view.learners) == 3 and view.learners.loc["Zoe", "suits"] == "1/2"  # a quiz this version lacks
    _data.mkdir(parents=True)
    for i, entries in enumerate(bad_entries, start=1):
        raw = json.dumps({"format": "hearts-tutor-progress", "version": 1, "learner": "", **entries})
        (_data / PROGRESS_FILE).write_text(raw, encoding="utf-8")
        assert load_progress()["exercises"] == {} and "02 ○" in course_map("en").table.loc["02", "exercises"]
        record_exercise("02", passed=False, failed=("trick.wrong", "deal 11"))
        record_exercise("02", passed=True)
        assert load_progress()["exercises"]["02"]["tries"] == 2
        kept = _data / ("tutor_progress.bad.json" if i == 1 else f"tutor_progress.bad-{i}.json")
        assert kept.read_text(encoding="utf-8") == raw  # kept aside, never lost


def test_a_learner_who_handed_in_twice_is_one_learner_with_the_newest_file(tmp_path: Path) -> None:
    """A browser saves a second download as 'progress-Ana (1).json': the class view shows Ana once, with her newest
    hand-in, and says which file was left out and why."""
    record_exercise("02", passed=False, failed=("trick.first_player", "deal 2024"))
    first = hand_in("Ana", to=tmp_path)
    data = json.loads(first.path.read_text(encoding="utf-8"))
    record_exercise("02", passed=True)
    later = json.loads(hand_in("Ana", to=tmp_path / "later").path.read_text(encoding="utf-8"))
    later["handed_in"] = "2099-01-01T00:00:00+00:00"  # surely after the first
    (tmp_path / "progress-Ana (1).json").write_text(json.dumps(later), encoding="utf-8")
    record_exercise("11", passed=True, folder=tmp_path / "ben")
    hand_in("Ben", to=tmp_path, folder=tmp_path / "ben")
    for lang in LANGS:
        view = class_view(tmp_path, lang)
        assert list(view.learners.index) == ["Ana", "Ben"]
        assert view.learners.loc["Ana", "02"] == "✓ 2" and data["exercises"]["02"]["tries"] == 1
        assert [name for name, _ in view.skipped] == ["progress-Ana.json"]
        assert "progress-Ana (1).json" in view.skipped[0][1]
        assert view.failures["learners"].tolist() == [1]
    first.path.write_text(json.dumps({**data, "handed_in": "2100-01-01T00:00:00+00:00"}), encoding="utf-8")
    view = class_view(tmp_path, "en")  # the newest is the one that counts, whatever its name
    assert view.learners.loc["Ana", "02"] == "✗ 1" and [n for n, _ in view.skipped] == ["progress-Ana (1).json"]


def test_an_answer_that_cannot_run_does_not_say_0_of_0_cases() -> None:
    for exercise, answer in (("02", "trick_winner"), ("09", "MyBot")):
        for lang, words in (("en", "no case could run"), ("es", "no se pudo ejecutar ningún caso")):
            result = check(exercise, answer, lang)
            assert not result.passed and words in result.lines[0] and "0 " not in result.lines[0], str(result)


def test_12_mistakes_by_trick() -> None:
    """Notebook 12's exercise is checked like the others (it used to run the solution over the learner's answer)."""
    from hearts.tutor.exercises import made_up_mistakes

    namespace = {"mistakes": made_up_mistakes(9, 10)}
    accepts_solution("12", namespace)

    def place(m: pd.DataFrame) -> list[Any]:
        return ["pass" if k == "pass" else int(t) + 1 for k, t in zip(m["kind"], m["trick"])]

    def own_names(m: pd.DataFrame) -> pd.DataFrame:  # any names for rows and columns
        return m.assign(where=place(m)).groupby("where")["cost"].agg(n="count", total="sum")

    assert check("12", own_names, "es", namespace).passed

    def no_pass(m: pd.DataFrame) -> pd.DataFrame:
        return m.groupby(m["trick"] + 1)["cost"].agg(["count", "sum"])

    def from_zero(m: pd.DataFrame) -> pd.DataFrame:
        where = ["pass" if k == "pass" else int(t) for k, t in zip(m["kind"], m["trick"])]
        return m.assign(where=where).groupby("where")["cost"].agg(["count", "sum"])

    def mean(m: pd.DataFrame) -> pd.DataFrame:
        return m.assign(where=place(m)).groupby("where")["cost"].agg(["count", "mean"])

    def no_count(m: pd.DataFrame) -> pd.DataFrame:
        return m.assign(where=place(m)).groupby("where")[["cost"]].sum()

    assert_mistakes("12", {"by_trick.no_pass": no_pass, "by_trick.from_zero": from_zero, "by_trick.mean": mean,
                           "by_trick.count": no_count}, namespace)  # fmt: skip
    assert check("12", lambda m: pd.DataFrame(), "en", namespace).failure == "by_trick.rows"
    empty = {"mistakes": made_up_mistakes(9, 10).iloc[:0]}
    assert check("12", lambda m: pd.DataFrame(), "en", empty).failure == "by_trick.rows"  # the hidden ones have rows


def test_13_trick_taker() -> None:
    """Notebook 13's exercise (Cancellation Hearts): the solution passes on every trick of the shown and hidden deals,
    which hold tricks that wait and last tricks whose every card of the suit led is cancelled; each plausible
    mistake is named in its own words."""
    from collections import Counter

    from hearts.tutor.exercises import BIG_TABLE_DEALS, played_big_hand

    accepts_solution("13")
    tricks = [t for players, number in BIG_TABLE_DEALS for t in played_big_hand(players, number).tricks]
    assert any(t.waited for t in tricks) and any(t.carried for t in tricks)
    last_all_cancelled = [
        (players, number)
        for players, number in BIG_TABLE_DEALS
        for t in played_big_hand(players, number).tricks[-1:]
        if not [c for c in t.cards if c.suit == t.cards[0].suit and c not in t.cancelled]
    ]
    assert len(last_all_cancelled) >= 2, last_all_cancelled

    def alive(plays: list[tuple[int, Card]]) -> list[tuple[int, Card]]:
        count = Counter(card for _, card in plays)
        return [(s, c) for s, c in plays if c.suit == plays[0][1].suit and count[c] == 1]

    def highest_of(plays: list[tuple[int, Card]]) -> int | None:
        live = alive(plays)
        return max(live, key=lambda play: play[1].rank)[0] if live else None

    def one_pack(plays: list[tuple[int, Card]], last: bool) -> int:  # no cancelling: the first copy wins
        led = plays[0][1].suit
        return max((p for p in plays if p[1].suit == led), key=lambda play: play[1].rank)[0]

    def later_copy(plays: list[tuple[int, Card]], last: bool) -> int:  # the second of two identical cards wins
        led = plays[0][1].suit
        top = max(c.rank for _, c in plays if c.suit == led)
        return [s for s, c in plays if c.suit == led and c.rank == top][-1]

    def leader_when_all_cancelled(plays: list[tuple[int, Card]], last: bool) -> int:
        seat = highest_of(plays)
        return plays[0][0] if seat is None else seat

    def any_suit(plays: list[tuple[int, Card]], last: bool) -> int | None:
        seat = highest_of(plays)
        if seat is not None:
            return seat
        count = Counter(card for _, card in plays)
        single = [(s, c) for s, c in plays if count[c] == 1]
        return max(single, key=lambda play: play[1].rank)[0] if single else None

    def never_the_last(plays: list[tuple[int, Card]], last: bool) -> int | None:
        return highest_of(plays)

    assert_mistakes("13", {"cancel.ignored": one_pack, "cancel.later_copy": later_copy,
                           "cancel.waits": leader_when_all_cancelled, "cancel.off_suit": any_suit,
                           "cancel.last_trick": never_the_last})  # fmt: skip
    assert check("13", lambda plays, last: None, "en").failure == "cancel.none_with_winner"
    assert check("13", lambda plays, last: 11, "en").failure == "cancel.not_a_seat"
    assert check("13", lambda plays, last: "0", "en").failure == "wrong_type"
    assert check("13", lambda plays, last: True, "en").failure == "wrong_type"


def test_13_the_notebooks_examples_are_what_its_prose_says() -> None:
    """Notebook 13 names each special case before `show` draws it from a deal: the deals still show those cases."""
    from hearts.tutor.exercises import played_big_hand

    spade, queen = Card.parse("J♠"), QUEEN_OF_SPADES
    pair = played_big_hand(6, 1).tricks[3]  # "Two J♠ meet in this trick: they cancel, and a lower spade takes it."
    assert pair.cancelled == (spade,) and not pair.waited
    assert pair.cards[(pair.winner - pair.leader) % 6].suit == spade.suit
    assert pair.cards[(pair.winner - pair.leader) % 6].rank < spade.rank
    # "all six spades come in pairs"; the next trick takes both, and the widow
    first, second = played_big_hand(6, 1).tricks[:2]
    assert first.waited and all(c.suit == spade.suit for c in first.cards) and len(first.cancelled) == 3
    assert second.carried == (0,) and second.widow
    widow = played_big_hand(6, 8).tricks[0]  # the first trick has a winner, and the widow has points
    assert not widow.waited and widow.widow and queen in widow.widow
    queens = played_big_hand(6, 5).tricks[3]  # both Q♠ cancelled, 13 points each to the taker
    assert queen in queens.cancelled and queens.points >= 26
    waits, last = played_big_hand(6, 741).tricks[-2:]  # a trick waits, and the last one's leader takes both
    assert waits.waited and last.carried == (waits.number,) and last.winner == last.leader


def test_the_tutor_and_the_tables_share_one_lock_and_one_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A table in another process holds the data folder's lock (hearts_widgets.store.locked): the tutor's progress
    # waits for the same lock, and gives up after the one timeout both use (hearts.files.LOCK_TIMEOUT).
    import subprocess
    import sys
    import time

    from hearts import files
    from hearts.tutor.progress import record_quiz

    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time\nfrom hearts_widgets import store\n"
         f"with store.locked({str(tmp_path)!r}):\n    print('held', flush=True)\n    time.sleep(30)\n"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        monkeypatch.setattr(files, "LOCK_TIMEOUT", 0.5)
        start = time.monotonic()
        with pytest.raises(TimeoutError):
            record_quiz("moon", right=True, folder=tmp_path)
        assert time.monotonic() - start < 10  # the shared timeout, not one of its own
    finally:
        holder.kill()
        holder.wait()
    record_quiz("moon", right=True, folder=tmp_path)  # the lock is free again: recorded
