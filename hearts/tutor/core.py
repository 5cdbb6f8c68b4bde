"""``check`` and ``show_solution``: what a notebook's exercise cell calls."""

from __future__ import annotations

import dataclasses
import html
import os
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hearts.errors import OptionError
from hearts.messages import check_language, text
from hearts.tutor.checking import Case, Exercise, Failure, Outcome, run_answer

__all__ = [
    "SOLUTIONS_ENV",
    "CheckResult",
    "SolutionCode",
    "TutorError",
    "check",
    "load_solution",
    "show_solution",
    "solution_path",
]

SOLUTIONS_ENV = "HEARTS_TUTOR_SOLUTIONS"
"""Set to ``1`` (as CI does) and :func:`check` checks the shipped solution instead of the answer, and raises
:class:`TutorError` if the solution fails: the notebooks then run their exercises with the solutions."""

_TRIES: dict[str, int] = {}


class TutorError(OptionError):
    """An exercise that does not exist, a solution file that cannot be found, or a shipped solution that fails
    its own check (``option`` names what was wrong)."""


def _exercise(exercise: str) -> Exercise:
    from hearts.tutor.exercises import EXERCISES

    if exercise not in EXERCISES:
        raise TutorError(f"exercise must be one of {', '.join(EXERCISES)}, not {exercise!r}", "exercise")
    return EXERCISES[exercise]


@dataclasses.dataclass(frozen=True)
class CheckResult:
    """What :func:`check` found: ``passed``, how many cases passed, the sentences to read, and ``values``, the
    answer's results on the shown cases (a table among them is drawn under the sentences when the check passed).
    """

    exercise: str
    lang: str
    passed: bool
    passed_cases: int
    total_cases: int
    lines: tuple[str, ...]
    failure: str | None = None
    case: str | None = None
    values: tuple[Any, ...] = ()

    @property
    def value(self) -> Any:
        """The answer's result on the first shown case (``None`` if there was none or the check failed)."""
        return self.values[0] if self.values else None

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour = "#1b5e20" if self.passed else "#8a1c1c"
        body = "<br>".join(html.escape(line) for line in self.lines)
        said = f'<div role="status" style="border-left:4px solid {colour};padding:4px 8px">{body}</div>'
        drawn = getattr(self.value, "_repr_html_", None)
        if self.passed and callable(drawn):
            said += drawn()
        return said


def solution_path(exercise: str) -> Path:
    """The shipped solution's file (``tutorials/solutions/<notebook>.py``): beside the notebook being run, else
    in the repository this package was installed from."""
    ex = _exercise(exercise)
    for folder in (Path.cwd().parent / "solutions", Path(__file__).resolve().parents[2] / "tutorials" / "solutions"):
        if (folder / ex.solution).is_file():
            return folder / ex.solution
    raise TutorError(f"the solution file {ex.solution} is not beside the notebooks", "exercise")


def load_solution(exercise: str, namespace: Mapping[str, Any] | None = None) -> Any:
    """The shipped solution's answer (its function, or for notebook 09 its bot), run in a copy of ``namespace``
    (the notebook's names it uses: ``south_pairs``, ``N_HANDS``, ...)."""
    ex = _exercise(exercise)
    scope = dict(namespace or {})
    scope["__name__"] = "__solution__"
    path = solution_path(exercise)
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), scope)
    return scope[ex.solution_name]


class SolutionCode(str):
    """A solution's source: a plain string, which a notebook shows as a block of highlighted Python (not as one
    long quoted line)."""

    def _repr_markdown_(self) -> str:
        fence = "~~~~" if "```" in self else "```"
        return f"{fence}python\n{self.rstrip()}\n{fence}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


def show_solution(exercise: str, namespace: dict[str, Any] | None = None, *, lang: str = "en",
                  data_dir: str | os.PathLike[str] | None = None) -> SolutionCode:
    """Show the shipped solution, only when asked; with ``namespace`` (``globals()``) also define it there, as
    ``%load`` and a run would. Returns the code, which a notebook shows as a block of Python.

    >>> code = show_solution("03")
    >>> "def refusals" in code
    True
    >>> code._repr_markdown_().splitlines()[0]
    '```python'
    """
    check_language(lang, TutorError)
    ex = _exercise(exercise)
    code = solution_path(exercise).read_text(encoding="utf-8")
    if namespace is not None:
        namespace[ex.answer_name] = load_solution(exercise, namespace)
        _record(exercise, None, solution_seen=True, folder=data_dir)
    return SolutionCode(code)


def _record(exercise: str, failure: tuple[str, str] | None, *, passed: bool = False, solution_seen: bool = False,
            folder: str | os.PathLike[str] | None = None) -> str:  # fmt: skip
    from hearts.tutor.progress import record_exercise

    try:
        record_exercise(exercise, passed=passed, failed=failure, solution_seen=solution_seen, folder=folder)
    except OSError as error:  # a read-only or full data folder: the check still answers
        return str(error)
    return ""


def check(exercise: str, answer: Any, lang: str = "en", namespace: Mapping[str, Any] | None = None, *,
          data_dir: str | os.PathLike[str] | None = None) -> CheckResult:
    """Run ``answer`` (the learner's function, or bot for notebook 09) against exercise ``exercise``'s cases:
    the shown ones (from ``namespace``, the notebook's ``globals()``) and hidden ones drawn from deals.

    The result reads as a few sentences in ``lang``: what passed, or the first case that failed, with its input
    and the expected value; after a second failed try, a hint. The try is kept in the learner's progress (in
    ``data_dir``, by default the data folder).

    >>> import tempfile
    >>> def trick_winner(trick):
    ...     return trick[0][0]
    >>> result = check("02", trick_winner, data_dir=tempfile.mkdtemp())
    >>> result.passed, result.failure
    (False, 'trick.first_player')
    >>> print(result.lines[2])
    You chose West, who led the trick; a higher ♣ was played: North wins with A♣.
    >>> check("02", 42, data_dir=tempfile.mkdtemp()).failure
    'not_callable'
    """
    check_language(lang, TutorError)
    ex = _exercise(exercise)
    solutions = os.environ.get(SOLUTIONS_ENV, "") == "1"
    if solutions:
        answer = load_solution(exercise, namespace)
    result = _run_checks(ex, answer, lang, namespace or {}, solutions)
    if solutions:
        if not result.passed:
            raise TutorError(f"the shipped solution of exercise {exercise} fails its check: {result}", "exercise")
        return result
    failed_tries = _TRIES[exercise] = _TRIES.get(exercise, 0) + (not result.passed)
    lines = list(result.lines)
    if not result.passed and failed_tries >= 2:
        lines.append(text(f"tutor.hint.{exercise}", lang))
        lines.append(text("tutor.solution_offer", lang, exercise=exercise))
    failed = None if result.passed else (result.failure or "", result.case or "")
    problem = _record(exercise, failed, passed=result.passed, folder=data_dir)
    if problem:
        lines.append(text("tutor.not_saved", lang, error=problem))
    return dataclasses.replace(result, lines=tuple(lines))


def _run_checks(ex: Exercise, answer: Any, lang: str, namespace: Mapping[str, Any], solutions: bool = False
                ) -> CheckResult:  # fmt: skip
    def failed(failure: Failure, case: Case | None, passed: int, total: int) -> CheckResult:
        lines = [text("tutor.failed", lang, passed=passed, total=total) if total else text("tutor.not_run", lang)]
        if case is not None:
            lines.append(text("tutor.case", lang, case=case.label))
        lines.append(failure.say(lang))
        return CheckResult(ex.id, lang, False, passed, total, tuple(lines), failure.kind,
                           case.label if case else None)  # fmt: skip

    if ex.answer_kind == "function" and not callable(answer):
        return failed(Failure("not_callable", {"name": ex.function, "got": type(answer).__name__}), None, 0, 0)
    if ex.answer_kind == "bot":
        answer = ex.prepare(answer) if ex.prepare else answer
        if isinstance(answer, Failure):
            return failed(answer, None, 0, 0)
    cases = ex.cases(namespace, lang)
    shown_values: list[Any] = []
    values: list[Any] = []
    wrong: list[tuple[Case, Failure]] = []
    for i, case in enumerate(cases):
        if solutions and ex.from_solution:  # the expected value is the solution's own: no need to run it again
            case = case.resolved()
            outcome = Outcome(value=case.expected)
        else:
            outcome = run_answer(answer, case.args, ex.time_limit)
        if outcome.timed_out:
            return failed(Failure("timeout", {"seconds": f"{ex.time_limit:g}"}), case, i, len(cases))
        if outcome.error is not None:
            return failed(Failure("raised", {"error": outcome.error}), case, i, len(cases))
        value = outcome.value
        if value is None and type(None) not in _types(ex.returns):
            return failed(Failure("returned_none", {"expected": ex.returns_name}), case, i, len(cases))
        if not isinstance(value, ex.returns) or (isinstance(value, bool) and bool not in _types(ex.returns)):
            got = type(value).__name__
            return failed(Failure("wrong_type", {"got": got, "expected": ex.returns_name}), case, i, len(cases))
        case = case.resolved()
        failure = ex.judge(value, case, lang)
        if failure is not None:
            wrong.append((case, failure))
            continue
        if case.shown:
            shown_values.append(value)
        values.append(value)
    if wrong:
        # One wrong value can fit several mistakes (the leader's seat may also be the winner's place in the
        # trick): the mistake named is the one most of the failed cases show, with the first case that shows it.
        kinds = Counter(f.kind for _, f in wrong)
        kind = max(kinds, key=lambda k: (kinds[k], -next(i for i, (_, f) in enumerate(wrong) if f.kind == k)))
        case, failure = next((c, f) for c, f in wrong if f.kind == kind)
        return failed(failure, case, len(cases) - len(wrong), len(cases))
    failure = ex.overall(cases, values) if ex.overall else None
    if failure is not None:
        return failed(failure, None, len(cases), len(cases))
    shown = sum(case.shown for case in cases)
    hidden = len(cases) - shown
    line = text(ex.passed_key if hidden else "tutor.passed.shown", lang, total=len(cases), shown=shown, hidden=hidden)
    return CheckResult(ex.id, lang, True, len(cases), len(cases), (line,), values=tuple(shown_values))


def _types(returns: type | tuple[type, ...]) -> tuple[type, ...]:
    return returns if isinstance(returns, tuple) else (returns,)
