"""Run independent pieces of work on every core, or on a Dask cluster.

Self-play and experiments split their deals into chunks and hand each chunk
to :func:`run_tasks`. Each chunk's result depends only on the chunk itself
(every deal and seat has its own seed), and results come back in task
order, so the merged result is the same whatever the number of workers,
and the same on a :class:`dask.distributed.Client` as on this machine.

>>> run_tasks(abs, [-3, 2, -1], workers=1, progress=False)
[3, 2, 1]

Workers are separate processes started by :mod:`concurrent.futures`; the
task function and its arguments must be importable by name (a module-level
function and plain data), so the pool works with the ``spawn`` start
method too. A worker that dies (it could not import what it was sent, or
its process ended) raises :class:`WorkerError`, not the pool's own
``BrokenProcessPool``.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from hearts.errors import HeartsError

__all__ = ["ParallelError", "WorkerError", "available_cores", "check_workers", "run_tasks"]

T = TypeVar("T")
R = TypeVar("R")


class ParallelError(HeartsError):
    """A bad option for running in parallel (names the option)."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.option = option

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.option))


class WorkerError(ParallelError):
    """A worker process died before finishing its task (``option`` is ``'workers'``).

    It could not rebuild what it was sent (a class a new process cannot
    import), or its process ended. The other tasks are cancelled.
    """


def available_cores() -> int:
    """Cores this process may use (respects CPU affinity where the OS has it).

    >>> available_cores() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return max(1, os.cpu_count() or 1)


def check_workers(workers: int | None) -> int:
    """``workers`` as a count: ``None`` means every available core.

    >>> check_workers(None) == available_cores()
    True
    >>> check_workers(0)
    Traceback (most recent call last):
    ...
    hearts.parallel.ParallelError: workers must be a whole number 1 or more (or None for every core), not 0
    """
    if workers is None:
        return available_cores()
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ParallelError(
            f"workers must be a whole number 1 or more (or None for every core), not {workers!r}", "workers"
        )
    return workers


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    weights: Sequence[int] | None = None,
    desc: str | None = None,
    unit: str = "task",
    mp_context: str | None = None,
) -> list[R]:
    """``[fn(t) for t in tasks]``, computed in parallel, returned in task order.

    - ``client``: a ``dask.distributed.Client``; the tasks run on its cluster.
    - otherwise ``workers`` processes (``None``: every core; ``1``: in this
      process, no pool).
    - ``progress``: a :mod:`tqdm.auto` bar (a widget in Jupyter) advancing by
      ``weights[i]`` when task ``i`` finishes (1 each by default).
    - ``mp_context``: start method for the pool (``'spawn'``, ``'fork'``,
      ``'forkserver'``); ``None`` uses Python's default.
    """
    tasks = list(tasks)
    if weights is None:
        weights = [1] * len(tasks)
    if len(weights) != len(tasks):
        raise ParallelError("weights must give one number per task", "weights")
    bar = _progress_bar(sum(weights), progress, desc, unit)
    try:
        if client is not None:
            return _run_dask(fn, tasks, client, bar, weights)
        n = check_workers(workers)
        if n == 1 or len(tasks) <= 1:
            out = []
            for t, w in zip(tasks, weights):
                out.append(fn(t))
                bar.update(w)
            return out
        return _run_pool(fn, tasks, min(n, len(tasks)), bar, weights, mp_context)
    finally:
        bar.close()


def _progress_bar(total: int, enabled: bool, desc: str | None, unit: str) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, disable=not enabled, desc=desc, unit=unit, smoothing=0.1)


def _run_pool(
    fn: Callable[[T], R],
    tasks: list[T],
    n: int,
    bar: Any,
    weights: Sequence[int],
    mp_context: str | None,
) -> list[R]:
    ctx = multiprocessing.get_context(mp_context) if mp_context else None
    results: list[Any] = [None] * len(tasks)
    try:
        with ProcessPoolExecutor(max_workers=n, mp_context=ctx) as pool:
            pending = {pool.submit(fn, t): i for i, t in enumerate(tasks)}
            try:
                while pending:
                    done, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in done:
                        i = pending.pop(fut)
                        results[i] = fut.result()
                        bar.update(weights[i])
            except BaseException:
                for fut in pending:
                    fut.cancel()
                raise
    except BrokenProcessPool as e:
        raise WorkerError(f"a worker process died before finishing its task: {e}", "workers") from e
    return results


def _run_dask(fn: Callable[[T], R], tasks: list[T], client: Any, bar: Any, weights: Sequence[int]) -> list[R]:
    try:
        from distributed import as_completed
    except ImportError as e:  # pragma: no cover - only without dask installed
        raise ParallelError("a Dask client was given but dask.distributed is not installed", "client") from e
    if not hasattr(client, "map") or not hasattr(client, "gather"):
        raise ParallelError(f"client must be a dask.distributed.Client, not {type(client).__name__}", "client")
    futures = client.map(fn, tasks, pure=False)
    index = {f.key: i for i, f in enumerate(futures)}
    for fut in as_completed(futures):  # type: ignore[no-untyped-call]
        bar.update(weights[index[fut.key]])
    return list(client.gather(futures))
