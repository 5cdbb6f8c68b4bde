"""Running a learner's answer against an exercise's cases, and saying what happened in words.

An :class:`Exercise` holds the cases (a few shown ones built from the notebook's own values, hidden ones drawn
from deals) and a judge that names, for a wrong value, the specific mistake it shows. :func:`run_answer` calls
the learner's function with a time limit and never lets its traceback out: an exception, a loop or a value of
the wrong type become a :class:`Outcome` that the checker turns into a sentence.
"""

from __future__ import annotations

import dataclasses
import math
import signal
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hearts.messages import number, text, text_n

__all__ = ["Case", "Exercise", "Failure", "Outcome", "compare_values", "run_answer", "short"]


@dataclasses.dataclass(frozen=True)
class Case:
    """One input for the learner's function: ``label`` says in words where it comes from (``where`` its values),
    ``args`` are passed to the function, ``expected`` is the engine's (or the shipped solution's) answer."""

    label: str
    args: tuple[Any, ...]
    expected: Any
    where: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    shown: bool = False
    compute: Callable[[], Any] | None = None  # computes ``expected`` when it is first needed (a slow solution)

    def resolved(self) -> Case:
        """This case with ``expected`` computed (the solution runs only once the answer has given a value).

        >>> Case("x", (), None, compute=lambda: 42).resolved().expected
        42
        """
        return self if self.compute is None else dataclasses.replace(self, expected=self.compute(), compute=None)


@dataclasses.dataclass(frozen=True)
class Amount:
    """A number a :class:`Failure` says in prose, written the reader's way (a decimal comma in Spanish), with
    ``digits`` decimals; a learner's own value is shown as Python shows it instead (:func:`short`).

    >>> said = Failure("bot.worse", {"deals": 40, "mine": Amount(5.25), "ducker": Amount(4.0), "low": Amount(0.5),
    ...                              "high": Amount(1.75)}).say("es")
    >>> said[said.index("se llevó"):][:40]
    'se llevó 5,2 puntos por mano, el Ducker '
    """

    value: float
    digits: int = 1


@dataclasses.dataclass(frozen=True)
class Failure:
    """A wrong value: ``kind`` names the mistake (message ``tutor.fail.<kind>``), ``values`` fill it in;
    ``plural``: the count that chooses the message's form (``tutor.fail.<kind>.one``/``.other``), if it has them.

    >>> Failure("costs.inconsistent", {"seat": "West", "count": 1, "costly": "0.5", "threshold": "1"}, 1).say("en")[:40]
    'For West: 1 costly decision with a cost '
    """

    kind: str
    values: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    plural: int | None = None

    def say(self, lang: str) -> str:
        values = {k: number(v.value, lang, v.digits) if isinstance(v, Amount) else v for k, v in self.values.items()}
        if self.plural is not None:
            return text_n(f"tutor.fail.{self.kind}", self.plural, lang, **values)
        return text(f"tutor.fail.{self.kind}", lang, **values)


Judge = Callable[[Any, Case, str], "Failure | None"]
CaseMaker = Callable[[Mapping[str, Any], str], list[Case]]


@dataclasses.dataclass(frozen=True)
class Exercise:
    """An exercise: the notebook it is in, the function the learner writes, its cases and its judge.

    ``returns`` is the type (or types) an answer must return, ``returns_name`` how the message names it.
    """

    id: str
    notebook: str
    function: str
    solution: str
    cases: CaseMaker
    judge: Judge
    returns: type | tuple[type, ...]
    returns_name: str
    time_limit: float = 20.0
    answer_kind: str = "function"
    solution_var: str = ""
    prepare: Callable[[Any], Any] | None = None
    overall: Callable[[list[Case], list[Any]], Failure | None] | None = None
    from_solution: bool = False  # the cases' expected values are the shipped solution's on the same inputs
    passed_key: str = "tutor.passed"  # what a pass says of the hidden cases (drawn from deals, or made up)

    @property
    def solution_name(self) -> str:
        """The name the solution file gives its answer."""
        return self.solution_var or self.function

    @property
    def answer_name(self) -> str:
        """The name :func:`~hearts.tutor.show_solution` defines in the notebook."""
        return self.solution_var or self.function


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What calling the learner's function did: ``value`` it returned, or ``error`` (the exception's type and
    text), or ``timed_out``."""

    value: Any = None
    error: str | None = None
    timed_out: bool = False


class _TimeUp(BaseException):
    """Raised inside the learner's function when its time is up (a BaseException: a bare ``except Exception``
    in the answer cannot swallow it)."""


def run_answer(function: Callable[..., Any], args: Sequence[Any], limit: float) -> Outcome:
    """Call ``function(*args)`` for at most ``limit`` seconds; never raises for what the function does.

    >>> run_answer(lambda x: x + 1, (1,), 1.0)
    Outcome(value=2, error=None, timed_out=False)
    >>> run_answer(lambda x: 1 / x, (0,), 1.0).error
    'ZeroDivisionError: division by zero'
    >>> def forever():
    ...     while True:
    ...         pass
    >>> run_answer(forever, (), 0.2).timed_out
    True
    """
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        return _run_with_alarm(function, args, limit)
    return _run_in_thread(function, args, limit)


def _describe(error: BaseException) -> str:
    said = str(error)
    return f"{type(error).__name__}: {said}" if said else type(error).__name__


def _run_with_alarm(function: Callable[..., Any], args: Sequence[Any], limit: float) -> Outcome:
    def time_up(signum: int, frame: object) -> None:
        raise _TimeUp

    previous = signal.signal(signal.SIGALRM, time_up)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        return Outcome(value=function(*args))
    except _TimeUp:
        return Outcome(timed_out=True)
    except Exception as error:  # the learner's exception, said in a sentence
        return Outcome(error=_describe(error))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _run_in_thread(function: Callable[..., Any], args: Sequence[Any], limit: float) -> Outcome:
    # Where no alarm can interrupt (a worker thread, Pyodide): the answer runs in a daemon thread that is
    # abandoned when the time is up.
    box: list[Outcome] = []

    def target() -> None:
        try:
            box.append(Outcome(value=function(*args)))
        except Exception as error:
            box.append(Outcome(error=_describe(error)))

    worker = threading.Thread(target=target, daemon=True)
    try:
        worker.start()
    except RuntimeError:  # no threads at all (Pyodide, the JupyterLite kernel): run it here, without a limit
        target()
        return box[0]
    worker.join(limit)
    return box[0] if box else Outcome(timed_out=True)


def short(value: Any, limit: int = 160) -> str:
    """A value as a learner reads it, cut to ``limit`` characters.

    >>> short(0.123456)
    '0.1235'
    >>> short("x" * 200)[-3:]
    '...'
    """
    if isinstance(value, float):
        said = f"{value:.4g}"
    elif hasattr(value, "to_string"):
        said = value.to_string(max_rows=8, max_cols=8)
    else:
        said = str(value)
    return said if len(said) <= limit else said[: limit - 3] + "..."


def close(a: Any, b: Any, tol: float = 1e-6) -> bool:
    """Equal, numbers up to ``tol`` (relative) and NaN equal to NaN."""
    try:
        fa, fb = float(a), float(b)
    except (TypeError, ValueError):
        return bool(a == b)
    if math.isnan(fa) or math.isnan(fb):
        return math.isnan(fa) and math.isnan(fb)
    return math.isclose(fa, fb, rel_tol=tol, abs_tol=tol)


def compare_values(got: Any, expected: Any) -> Failure | None:
    """The first difference between a dict or DataFrame ``got`` and ``expected``, as a :class:`Failure`
    (``missing_key``, ``missing_column``, ``rows``, ``cell``, ``value``), or ``None`` if they agree.

    >>> compare_values({"a": 1, "b": 2.0}, {"a": 1, "b": 2.5}).kind
    'value'
    >>> compare_values({"a": 1}, {"a": 1, "b": 2}).values["name"]
    'b'
    """
    import pandas as pd

    if isinstance(expected, pd.DataFrame):
        assert isinstance(got, pd.DataFrame)
        missing = [c for c in expected.columns if c not in got.columns]
        if missing:
            return Failure("missing_column", {"name": missing[0], "names": ", ".join(map(str, expected.columns))})
        want = [str(i) for i in expected.index]
        have = [str(i) for i in got.index]
        if sorted(want) != sorted(have):
            return Failure("rows", {"got": ", ".join(have) or "-", "expected": ", ".join(want)})
        by_label = {str(i): i for i in got.index}
        for row in expected.index:
            for column in expected.columns:
                a, b = got.loc[by_label[str(row)], column], expected.loc[row, column]
                if not close(a, b):
                    return Failure("cell", {"row": row, "name": column, "got": short(a), "expected": short(b)})
        return None
    assert isinstance(got, Mapping)
    for key, want in expected.items():
        if key not in got:
            return Failure("missing_key", {"name": key, "names": ", ".join(map(str, expected))})
        if not close(got[key], want):
            return Failure("value", {"name": key, "got": short(got[key]), "expected": short(want)})
    return None
