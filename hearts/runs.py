"""Run options: the settings every self-play run and experiment takes, with their defaults and checks.

:func:`hearts.selfplay.play_hands`, :func:`hearts.selfplay.play_games` and
:func:`hearts.experiment.compare` all take these keyword options
(:class:`RunOptions`); :meth:`Run.check` reads them once, fills in the
defaults and refuses a bad one with an :class:`~hearts.errors.OptionError`
that names it.

>>> run = Run.check({"seed": 7, "workers": 1})
>>> run.seed, run.workers, run.progress, run.rules.num_players
(7, 1, True, 4)
>>> Run.check({"seed": -1})
Traceback (most recent call last):
...
hearts.errors.SelfPlayError: seed must be a whole number 0 or more, not -1
>>> Run.check({"sed": 1}, caller="play_hands")
Traceback (most recent call last):
...
TypeError: play_hands() got an unexpected keyword argument 'sed'
"""

from __future__ import annotations

import dataclasses
import numbers
from collections.abc import Mapping
from typing import Any, TypedDict

from hearts.errors import OptionError, RulesError, SelfPlayError
from hearts.messages import check_language
from hearts.parallel import ParallelError, check_workers, chunk_ranges
from hearts.rules import DEFAULT_RULES, PassDirection, Rules

__all__ = ["Run", "RunOptions", "check_count", "check_pass_direction"]


class RunOptions(TypedDict, total=False):
    """The keyword options of a run (see :class:`Run` for what each means and its default)."""

    seed: int
    rules: Rules | None
    workers: int | None
    client: Any
    progress: bool
    chunk_size: int | None
    mp_context: str | None
    lang: str


@dataclasses.dataclass(frozen=True)
class Run:
    """The checked options of one run.

    - ``seed``: picks the deals and every bot's random choices (0).
    - ``rules``: the game's :class:`~hearts.rules.Rules` (the default game).
    - ``workers``: processes (``None``: every core, ``1``: this process).
    - ``client``: a ``dask.distributed.Client`` to run on instead.
    - ``progress``: show a progress bar (True).
    - ``chunk_size``: items per task (does not change the result).
    - ``mp_context``: start method of the worker processes (``'spawn'``,
      ``'forkserver'``, ``'fork'``; ``None``: Python's default).
    - ``lang``: the language of the progress bar's words (``'en'``).
    """

    seed: int = 0
    rules: Rules = DEFAULT_RULES
    workers: int | None = None
    client: Any = None
    progress: bool = True
    chunk_size: int | None = None
    mp_context: str | None = None
    lang: str = "en"

    @classmethod
    def check(cls, options: Mapping[str, Any], *, caller: str = "run", error: type[OptionError] = SelfPlayError) -> Run:
        """The run ``options`` ask for; an unknown name is a ``TypeError``, a bad value an ``error``."""
        names = RunOptions.__annotations__
        for key in options:
            if key not in names:
                raise TypeError(f"{caller}() got an unexpected keyword argument {key!r}")
        seed = options.get("seed", 0)
        if not isinstance(seed, numbers.Integral) or isinstance(seed, bool) or seed < 0:
            raise error(f"seed must be a whole number 0 or more, not {seed!r}", "seed")
        rules = options.get("rules")
        rules = DEFAULT_RULES if rules is None else rules
        if not isinstance(rules, Rules):
            raise error(f"rules must be a Rules object, not {type(rules).__name__}", "rules")
        chunk_size = options.get("chunk_size")
        if chunk_size is not None and (
            not isinstance(chunk_size, int) or isinstance(chunk_size, bool) or chunk_size < 1
        ):
            raise error(f"chunk_size must be a whole number 1 or more, not {chunk_size!r}", "chunk_size")
        check_language(options.get("lang", "en"), error)
        run = cls(int(seed), rules, **{k: v for k, v in options.items() if k not in ("seed", "rules")})
        if run.client is None:
            try:
                check_workers(run.workers)
            except ParallelError as e:
                raise error(str(e), "workers") from None
        return run

    @property
    def worker_count(self) -> int:
        """Processes on this machine: 1 with a Dask client (the cluster has its own), else ``workers`` counted."""
        return 1 if self.client is not None else check_workers(self.workers)

    def chunks(self, n: int, workers: int, per_task: int) -> list[tuple[int, int]]:
        """``range(n)`` cut into tasks for ``workers`` local processes (8 tasks' worth on a Dask cluster)."""
        return chunk_ranges(n, workers if self.client is None else 8, self.chunk_size, per_task)

    def parallel(self, workers: int) -> dict[str, Any]:
        """The keyword arguments of :func:`hearts.parallel.run_tasks` for this run on ``workers`` processes."""
        return {"workers": workers, "client": self.client, "progress": self.progress, "mp_context": self.mp_context,
                "lang": self.lang}  # fmt: skip


def check_count(n: object, option: str, error: type[OptionError] = SelfPlayError) -> int:
    """``n`` if it is a whole number 0 or more (numpy integers too), else ``error`` naming ``option``.

    >>> check_count(3, "n_hands")
    3

    Any integral number passes (numpy registers its integers as :class:`numbers.Integral`), so this module
    needs no numpy.
    """
    if not isinstance(n, numbers.Integral) or isinstance(n, bool) or n < 0:
        raise error(f"{option} must be a whole number 0 or more, not {n!r}", option)
    return int(n)


def check_pass_direction(
    pass_direction: object, rules: Rules, error: type[OptionError] = SelfPlayError
) -> PassDirection | None:
    """``None`` (follow the hand number), or a direction these rules allow (see :meth:`Rules.check_pass_direction`).

    >>> check_pass_direction("none", Rules())
    <PassDirection.NONE: 'none'>
    """
    if pass_direction is None:
        return None
    try:
        return rules.check_pass_direction(pass_direction)
    except RulesError as e:
        raise error(str(e), e.option) from None
