"""Stopping a run: worker processes never outlive it, and Ctrl+C ends it with one line and status 130.

Issue 33, item 18: ``kill -9`` of ``python -m hearts selfplay`` (or experiment, tournament) left its pool
workers alive forever, adopted by PID 1 and holding the caller's output pipe open; Ctrl+C printed a
KeyboardInterrupt traceback. Each test runs the real command in a session of its own and looks at every
process of that session (the workers, and a fork server's), with bounded waits.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from hearts.cli import main

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads processes from /proc")


def _session(sid: int) -> list[int]:
    """The live (not zombie) processes of session ``sid``."""
    alive = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            alive.append(int(entry))
    return alive


def _wait_for(condition: Callable[[], object], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


Start = Callable[..., "subprocess.Popen[bytes]"]


def _as_a_terminal_starts_it() -> None:
    """In the child, before it runs: Ctrl+C does what it does for a command typed at a terminal. A test run
    started in the background by a script without job control (``cmd &``, nohup, some CI runners) inherits
    Ctrl+C ignored, and Python then never installs its KeyboardInterrupt handler, so the command would never
    see the Ctrl+C these tests send."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def start() -> Iterator[Start]:
    """Start a command in a session of its own; every process left in it is killed at the end."""
    started: list[subprocess.Popen[bytes]] = []

    def run(argv: list[str], cwd: Path | None = None, workers: int = 2) -> subprocess.Popen[bytes]:
        """``argv`` started, once its session holds ``workers`` processes besides it."""
        p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                             preexec_fn=_as_a_terminal_starts_it)  # fmt: skip
        started.append(p)
        assert _wait_for(lambda: len(_session(p.pid)) >= 1 + workers, 120), "the workers never started"
        time.sleep(1.0)  # past the workers' start-up
        return p

    yield run
    for p in started:
        for pid in _session(p.pid):  # only processes of the sessions these tests started
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            p.communicate(timeout=10)


COMMANDS = {
    "selfplay": ["selfplay", "--hands", "400000", "--bots", "random"],
    "experiment": ["experiment", "--a", "random", "--b", "rule", "--deals", "200000"],
    "tournament": ["tournament", "--bots", "random", "rule", "--deals", "200000"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_kill_9_leaves_no_worker_behind(command: str, start: Start) -> None:
    argv = [sys.executable, "-m", "hearts", *COMMANDS[command], "--workers", "2", "--no-progress"]
    p = start(argv)
    workers = [pid for pid in _session(p.pid) if pid != p.pid]
    os.kill(p.pid, signal.SIGKILL)
    p.communicate(timeout=30)  # returns only once no process holds its output pipes open
    assert _wait_for(lambda: not _session(p.pid), 10), f"still running after the kill: {_session(p.pid)} of {workers}"


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_pool_workers_end_with_the_process_that_started_them(method: str, start: Start) -> None:
    code = (
        "import time\nfrom hearts.parallel import run_tasks\n"
        f"run_tasks(time.sleep, [600] * 4, workers=2, progress=False, mp_context={method!r})\n"
    )
    helpers = {"fork": 0, "spawn": 1, "forkserver": 2}[method]  # the resource tracker, the fork server
    p = start([sys.executable, "-c", code], workers=2 + helpers)
    os.kill(p.pid, signal.SIGKILL)
    p.communicate(timeout=30)
    assert _wait_for(lambda: not _session(p.pid), 10), f"{method}: still running {_session(p.pid)}"


@pytest.mark.parametrize(
    ("signum", "status", "says", "group"),
    [(signal.SIGINT, 130, "Stopped (Ctrl+C)", True), (signal.SIGTERM, 143, "Stopped (SIGTERM)", False)],
)
def test_a_stopped_run_says_one_line_and_leaves_the_folder_as_it_was(
    signum: int, status: int, says: str, group: bool, start: Start, tmp_path: Path
) -> None:
    """Ctrl+C goes to the whole process group (as a terminal sends it); SIGTERM to the command only."""
    out = tmp_path / "run"
    assert main(["selfplay", "--hands", "8", "--bots", "random", "--out", str(out), "--workers", "1", "--quiet"]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    argv = [sys.executable, "-m", "hearts", *COMMANDS["selfplay"], "--workers", "2", "--no-progress",
            "--out", "run", "--force"]  # fmt: skip
    p = start(argv, cwd=tmp_path)
    if group:
        os.killpg(p.pid, signum)
    else:
        os.kill(p.pid, signum)
    stdout, stderr = p.communicate(timeout=60)
    note = "Note: this run takes the slower path"  # said first where no native kernel is built
    lines = [line for line in stderr.decode().strip().splitlines() if not line.startswith(note)]
    assert p.returncode == status and len(lines) == 1 and says in lines[0], stderr.decode()
    assert "left as it was" in lines[0] and "run" in lines[0] and stdout == b""
    assert _wait_for(lambda: not _session(p.pid), 10), f"still running: {_session(p.pid)}"
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]  # no temporary left beside it


def test_ctrl_c_while_starting_up_is_one_line_too() -> None:
    """The first seconds go to importing pandas and the rest; a Ctrl+C then is not a traceback either.

    ``-X importtime`` reports each import as it ends: the Ctrl+C is sent once pandas is being imported.
    """
    p = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "hearts", "selfplay", "--hands", "5", "--lang", "es"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, preexec_fn=_as_a_terminal_starts_it,
    )  # fmt: skip
    assert p.stderr is not None
    try:
        for raw in p.stderr:
            if b"pandas" in raw:
                break
        os.killpg(p.pid, signal.SIGINT)
        _, rest = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    lines = [line for line in rest.decode().strip().splitlines() if not line.startswith("import time:")]
    assert p.returncode == 130 and len(lines) == 1 and lines[0].startswith("Detenido (Ctrl+C)"), rest.decode()


def test_ctrl_c_cancels_the_tasks_on_a_dask_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a Dask client the cluster is the user's; a stopped run does not leave it computing for nobody."""
    import distributed

    from hearts.parallel import run_tasks

    class Client:
        def __init__(self) -> None:
            self.cancelled: list[object] = []

        def map(self, fn: object, tasks: list[int], pure: bool) -> list[object]:
            return [type("Future", (), {"key": f"k{t}"})() for t in tasks]

        def gather(self, futures: list[object]) -> list[object]:  # pragma: no cover - never reached
            raise AssertionError

        def cancel(self, futures: list[object]) -> None:
            self.cancelled.extend(futures)

    def interrupted(futures: list[object]) -> Iterator[object]:
        raise KeyboardInterrupt
        yield  # pragma: no cover

    monkeypatch.setattr(distributed, "as_completed", interrupted)
    client = Client()
    with pytest.raises(KeyboardInterrupt):
        run_tasks(abs, [1, 2, 3], client=client, progress=False)
    assert [f.key for f in client.cancelled] == ["k1", "k2", "k3"]  # type: ignore[attr-defined]


def test_ctrl_c_while_workers_send_large_results_does_not_hang_the_exit(start: Start) -> None:
    """A worker killed half-way through sending a result left a partial message; the pool's manager thread
    waited for the rest forever, and the interpreter's exit with it (seen as a CLI that said its line and hung)."""
    code = (
        "import os\nfrom hearts.parallel import run_tasks\n"
        "try:\n    run_tasks(os.urandom, [40_000_000] * 400, workers=2, progress=False)\n"
        "except KeyboardInterrupt:\n    print('stopped', flush=True)\n"
    )
    p = start([sys.executable, "-c", code])
    time.sleep(1.0)  # results on their way
    os.killpg(p.pid, signal.SIGINT)
    stdout, stderr = p.communicate(timeout=60)
    assert p.returncode == 0 and stdout == b"stopped\n", stderr.decode()
    assert _wait_for(lambda: not _session(p.pid), 10), f"still running: {_session(p.pid)}"


def test_the_pool_managers_error_on_cancelled_tasks_is_not_printed_when_a_run_stops(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Python 3.11's pool manager thread sets an error on the tasks shutdown() has just cancelled once the workers are
    # killed (InvalidStateError, CANCELLED): a fresh-clone CI run printed its traceback under the stop's one line.
    import threading
    from concurrent.futures import InvalidStateError

    from hearts.parallel import _quiet_manager

    said: list[BaseException | None] = []  # what the hook in place (the default one prints it) was given
    monkeypatch.setattr(threading, "excepthook", lambda args: said.append(args.exc_value))

    def raising(error: Exception) -> threading.Thread:
        def run() -> None:
            raise error

        return threading.Thread(target=run)

    manager, other = raising(InvalidStateError("CANCELLED: <Future>")), raising(ValueError("a real fault"))
    before = threading.excepthook
    with _quiet_manager(manager):
        for t in (manager, other):
            t.start()
            t.join()
    assert threading.excepthook is before
    assert [type(e) for e in said] == [ValueError]  # the manager's error while stopping is not passed on
    late = raising(InvalidStateError("CANCELLED"))
    late.start()
    late.join()
    assert [type(e) for e in said] == [ValueError, InvalidStateError]  # after the stop, every error is said again
