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

Workers never outlive the process that started them: each one ends when
that process does, even one killed with ``kill -9`` (on Linux the kernel
sends it ``SIGKILL`` as its parent dies, ``PR_SET_PDEATHSIG``; on every
system a thread in the worker waits for that process to end and ends the
worker then), whatever the start method, so no orphan keeps computing or
holds the caller's output pipe open. Workers ignore Ctrl+C: the process that runs the tasks
gets it as ``KeyboardInterrupt``, stops its workers at once and raises it
on (with a Dask client, the cluster's tasks are cancelled).

Shipping. Before a pool starts, :func:`local_workers` checks that every
object the tasks carry (bots, recipes) can travel to a worker process: by
pickling, and, under the ``spawn`` and ``forkserver`` start methods, by a
new Python process being able to import every class it names. If one
cannot, the work runs in this process (same result, one core) with a
warning that says why. :func:`chunk_ranges` cuts the work into tasks.
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import multiprocessing
import os
import pickle
import select
import signal
import sys
import threading
import time
import types
import warnings
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, wait
from typing import TYPE_CHECKING, Any, TypeVar

from hearts.errors import OptionError
from hearts.files import process_alive
from hearts.messages import catalogue, text

if TYPE_CHECKING:  # imported where a pool is made: Pyodide (the static site) has no _multiprocessing
    from concurrent.futures import ProcessPoolExecutor

__all__ = [
    "ParallelError",
    "WorkerError",
    "available_cores",
    "broken_pool_message",
    "check_workers",
    "chunk_ranges",
    "local_workers",
    "new_process_can_import",
    "pickled_classes",
    "progress_words",
    "run_tasks",
    "start_method",
]

T = TypeVar("T")
R = TypeVar("R")


class ParallelError(OptionError):
    """A bad option for running in parallel (names the option)."""


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


def chunk_ranges(n: int, workers: int, chunk_size: int | None, per_task: int = 200) -> list[tuple[int, int]]:
    """Cut ``range(n)`` into chunks: several per worker, at most ``per_task`` items each by default.

    >>> chunk_ranges(10, 2, 4)
    [(0, 4), (4, 8), (8, 10)]
    >>> chunk_ranges(2500, 2, None, per_task=1000), chunk_ranges(2500, 1, None, per_task=1000)[0]
    ([(0, 313), (313, 626), (626, 939), (939, 1252), (1252, 1565), (1565, 1878), (1878, 2191), (2191, 2500)], (0, 1000))
    """
    if chunk_size is None:
        # Four tasks per worker balance a pool; one process needs no balancing, only a progress bar that moves.
        chunk_size = max(1, min(per_task, -(-n // (workers * 4 if workers > 1 else 1))))
    return [(a, min(n, a + chunk_size)) for a in range(0, n, chunk_size)]


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
    lang: str = "en",
) -> list[R]:
    """``[fn(t) for t in tasks]``, computed in parallel, returned in task order.

    - ``client``: a ``dask.distributed.Client``; the tasks run on its cluster.
    - otherwise ``workers`` processes (``None``: every core; ``1``: in this
      process, no pool).
    - ``progress``: a :mod:`tqdm.auto` bar (a widget in Jupyter) advancing by
      ``weights[i]`` when task ``i`` finishes (1 each by default).
    - ``mp_context``: start method for the pool (``'spawn'``, ``'fork'``,
      ``'forkserver'``); ``None`` uses Python's default.
    - ``desc``, ``unit``: the bar's words (``'deals'``, ``'deal'``...: said in
      ``lang`` when the message catalogue has them, see :func:`progress_words`).
    """
    tasks = list(tasks)
    if weights is None:
        weights = [1] * len(tasks)
    if len(weights) != len(tasks):
        raise ParallelError("weights must give one number per task", "weights")
    bar = _progress_bar(sum(weights), progress, desc, unit, lang)
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


def progress_words(word: str, lang: str = "en") -> str:
    """A progress bar's word (what it counts: ``deals``, ``deal``, ``games``, ``hands``, ``task``...) in ``lang``;
    a word the catalogue does not have is shown as given.

    >>> progress_words("deals", "es"), progress_words("hand", "es"), progress_words("widgets", "es")
    ('repartos', 'mano', 'widgets')
    """
    key = f"progress.word.{word}"
    return text(key, lang) if key in catalogue(lang) else word


def _progress_bar(total: int, enabled: bool, desc: str | None, unit: str, lang: str = "en") -> Any:
    from tqdm.auto import tqdm

    desc = None if desc is None else progress_words(desc, lang)
    return tqdm(total=total, disable=not enabled, desc=desc, unit=progress_words(unit, lang), smoothing=0.1)


_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
_WATCH_SECONDS = 0.5  # how often a worker looks whether its parent is still there


def _worker_start(parent: int, method: str) -> None:
    """The initializer of every pool worker: it ignores Ctrl+C and ends when ``parent`` ends.

    ``parent`` is the process that started the pool; a worker started by
    ``fork`` or ``spawn`` is its child, one started by ``forkserver`` the
    child of the fork server, which lives as long as any of its workers does.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the parent, which stops the workers
    _die_with(parent)
    if method != "forkserver" and os.getppid() != parent:
        os._exit(1)  # the parent died before this worker could ask to follow it


def _die_with(parent: int) -> None:
    """End this process when process ``parent`` ends, however it ends (``kill -9`` too).

    On Linux the kernel is asked (``prctl(PR_SET_PDEATHSIG, SIGKILL)``) to
    kill this process when its own parent ends. A daemon thread also waits
    for ``parent`` to end (on a pidfd where the system has them; elsewhere it
    looks twice a second whether this process was adopted or ``parent`` is
    gone) and then ends this process with ``os._exit``: that covers a worker
    of a fork server, whose own parent is the server, not ``parent``.
    """
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
            pass
    pidfd: int | None = None
    if hasattr(os, "pidfd_open"):
        try:
            pidfd = os.pidfd_open(parent)
        except OSError:  # gone already (ProcessLookupError), or a kernel without pidfds
            if not process_alive(parent):
                os._exit(1)
    watch = threading.Thread(target=_watch, args=(parent, os.getppid(), pidfd), name="hearts-parent", daemon=True)
    watch.start()


def _watch(parent: int, own_parent: int, pidfd: int | None) -> None:
    if pidfd is not None:
        select.select([pidfd], [], [])  # readable once ``parent`` has ended
        os._exit(1)
    while os.getppid() == own_parent and process_alive(parent):  # pragma: no cover - systems without pidfds
        time.sleep(_WATCH_SECONDS)
    os._exit(1)  # pragma: no cover - only in a worker whose parent is gone


@contextlib.contextmanager
def _quiet_manager(manager: object) -> Iterator[None]:
    """While the workers are stopped: the one error Python 3.11's pool manager thread raises then is not printed.

    Killing the workers breaks the pool, and the manager thread then sets an error on every task still pending,
    the ones :meth:`~concurrent.futures.Executor.shutdown` has just cancelled included: ``InvalidStateError``
    (``CANCELLED``), printed as a traceback under the stop's one line (Python 3.12 skips cancelled tasks there).
    Nothing is lost: those tasks were cancelled. Any other error, and any other thread's, is printed as before.
    """
    from concurrent.futures import InvalidStateError

    before = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if args.thread is manager and isinstance(args.exc_value, InvalidStateError):
            return
        before(args)

    threading.excepthook = hook
    try:
        yield
    finally:
        threading.excepthook = before


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop every worker of ``pool`` now (after Ctrl+C), not once its running task ends.

    A worker killed half-way through sending its result leaves part of a
    message in the result pipe, and the pool's manager thread would wait
    for the rest forever (this process holds the pipe's other end too), and
    with it the interpreter's exit: that end is closed once the workers are
    gone, so the thread reads the end of the pipe, finds the pool broken and
    ends.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())
    results = getattr(pool, "_result_queue", None)  # shutdown() forgets these: taken first
    manager = getattr(pool, "_executor_manager_thread", None)
    with _quiet_manager(manager):
        pool.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            with contextlib.suppress(OSError, ValueError, AttributeError):  # already gone, or closed
                p.kill()
        for p in processes:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                p.join(5)
        writer = getattr(results, "_writer", None)
        if writer is not None:
            with contextlib.suppress(OSError):
                writer.close()
        if isinstance(manager, threading.Thread):
            manager.join(10)


def _run_pool(
    fn: Callable[[T], R],
    tasks: list[T],
    n: int,
    bar: Any,
    weights: Sequence[int],
    mp_context: str | None,
) -> list[R]:
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    ctx = multiprocessing.get_context(mp_context) if mp_context else multiprocessing.get_context()
    results: list[Any] = [None] * len(tasks)
    start = (os.getpid(), ctx.get_start_method())
    try:
        with ProcessPoolExecutor(max_workers=n, mp_context=ctx, initializer=_worker_start, initargs=start) as pool:
            pending = {pool.submit(fn, t): i for i, t in enumerate(tasks)}
            try:
                while pending:
                    done, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in done:
                        i = pending.pop(fut)
                        results[i] = fut.result()
                        bar.update(weights[i])
            except BaseException as e:
                for fut in pending:
                    fut.cancel()
                if not isinstance(e, Exception):  # Ctrl+C, SystemExit: the workers stop now
                    _stop_workers(pool)
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
    try:
        index = {f.key: i for i, f in enumerate(futures)}
        for fut in as_completed(futures):  # type: ignore[no-untyped-call]
            bar.update(weights[index[fut.key]])
        return list(client.gather(futures))
    except BaseException:  # Ctrl+C or a failed task: the cluster does not go on computing for nobody
        with contextlib.suppress(Exception):  # a client already closed
            client.cancel(futures)
        raise


# ----- shipping objects to worker processes ----------------------------------


def start_method(mp_context: str | None) -> str:
    """The start method a process pool will use, without fixing Python's default as a side effect.

    >>> start_method("spawn")
    'spawn'
    """
    return mp_context or multiprocessing.get_start_method(allow_none=True) or multiprocessing.get_all_start_methods()[0]


def new_process_can_import(obj: Any) -> bool:
    """Whether a new Python process (``spawn``, ``forkserver``) can import ``obj`` (a class or function) by name.

    Such a process gets this one's ``sys.path`` and rebuilds ``__main__``
    from the script file or module it was run as; a class defined in a
    notebook, an interactive session or ``python -c`` is nowhere to import.

    >>> new_process_can_import(ParallelError)
    True
    """
    module = getattr(obj, "__module__", None)
    if not isinstance(module, str) or module == "builtins":
        return True
    if module in ("__main__", "__mp_main__"):
        main = sys.modules.get("__main__")
        name = getattr(getattr(main, "__spec__", None), "name", None)
        if name is not None:  # run with python -m: the module is imported again (not a package's __main__)
            return name != "__main__" and not name.endswith(".__main__")
        path = getattr(main, "__file__", None)  # run as a script: the file is run again
        return isinstance(path, str) and os.path.isfile(path) and os.path.basename(path) != "ipython"
    top = module.partition(".")[0]
    if top in sys.builtin_module_names:
        return True
    for finder in sys.meta_path:  # the finders, not sys.modules: a module made at run time is not found
        find = getattr(finder, "find_spec", None)
        try:
            if find is not None and find(top, None) is not None:
                return True
        except Exception:  # a finder that fails on this name does not find it
            continue
    return False


def pickled_classes(obj: Any) -> list[Any]:
    """Every class and function that sending ``obj`` to a worker names (so the worker must import).

    >>> ParallelError in pickled_classes(ParallelError("x", "workers"))
    True
    """
    from multiprocessing.reduction import ForkingPickler

    seen: dict[int, Any] = {}

    class Probe(ForkingPickler):
        def reducer_override(self, o: Any) -> Any:
            t = o if isinstance(o, type) else type(o)
            seen.setdefault(id(t), t)
            if isinstance(o, (types.FunctionType, types.BuiltinFunctionType)):
                seen.setdefault(id(o), o)
            return NotImplemented

    Probe(io.BytesIO(), pickle.HIGHEST_PROTOCOL).dump(obj)
    return list(seen.values())


def _why_not_shipped(obj: Any, imports: Sequence[Any], method: str) -> str:
    """Why ``obj`` cannot travel to a worker started by ``method`` ('' if it can)."""
    from multiprocessing.reduction import ForkingPickler

    try:
        ForkingPickler.dumps(obj)
    except Exception:  # any failure means it cannot be sent
        return "its class is not importable by name"
    if method == "fork":
        return ""
    try:
        named = [*pickled_classes(obj), *imports]
    except Exception:
        return "its class is not importable by name"
    missing = [c for c in named if not new_process_can_import(c)]
    if not missing:
        return ""
    where = ", ".join(f"{getattr(c, '__module__', '?')}.{getattr(c, '__qualname__', c)}" for c in missing)
    return (
        f"worker processes started by {method!r} are new Python processes that cannot import {where} "
        "(defined in a notebook, an interactive session or python -c)"
    )


def local_workers(
    items: Sequence[tuple[str, Any, Sequence[Any]]],
    workers: int,
    client: Any,
    mp_context: str | None = None,
    *,
    kind: str = "bot",
    stacklevel: int = 1,
) -> int:
    """``workers``, or 1 with a warning when an object the tasks carry cannot travel to worker processes.

        ``items`` are ``(name, object, imports)``: what the warning calls it,
        the object sent, and the classes a worker must import besides those its
        pickle names (a recipe's target class). Objects travel by
        multiprocessing's own transport, which needs their classes importable by
        name (a class defined inside a function is not). Under the ``spawn`` and
        ``forkserver`` start methods (the default on macOS and Windows, and on
        Linux from Python 3.14) a worker is a new Python process, which must
        also be able to import each class: one defined in a notebook or in
        ``python -c`` cannot go. The result is the same in one process, only
        slower. The warning points at the caller of this function
    (``stacklevel=1``) or further up the stack.

        >>> local_workers([("abs", abs, ())], 2, None)
        2
    """
    if workers == 1 or client is not None:
        return workers
    method = start_method(mp_context)
    for name, obj, imports in items:
        why = _why_not_shipped(obj, imports, method)
        if why:
            warnings.warn(
                f"{kind} {name!r} cannot be sent to worker processes ({why}), so it plays in this process on one "
                "core; define the class at the top level of a module file (or give workers=1) to silence this",
                RuntimeWarning,
                stacklevel=stacklevel + 1,
            )
            return 1
    return workers


def broken_pool_message(names: Sequence[str], mp_context: str | None, error: Exception) -> str:
    """Why a pool whose worker died broke, naming what it was playing with (``names``).

    >>> broken_pool_message(["Quitter"], "spawn", RuntimeError("gone"))[:60]
    "a worker process (started by 'spawn') stopped while playing "
    """
    shown = ", ".join(repr(n) for n in dict.fromkeys(names))
    return (
        f"a worker process (started by {start_method(mp_context)!r}) stopped while playing with {shown} "
        f"({error}); a bot whose class a new process cannot import, or that ends its process, does this: "
        "define bot classes at the top level of a module file, or give workers=1 to play in this process"
    )
