"""Fixtures for the real-browser tests: a JupyterLab (and a Voilà) server on 127.0.0.1 and headless
Chromium from Debian driven by Playwright.

Screenshots go to ``$HEARTS_SCREENSHOTS`` (default ``<repo>/screenshots``, ignored by git); the report's
summary names the folder. A failing test leaves ``FAILED-<test>-<n>.png`` there, one per open page.
Every test in this folder carries the ``browser`` marker (``-m "not browser"`` skips them).

Pages never reach the internet: Chromium resolves no host name but 127.0.0.1, and every request to another
host is kept in ``page.external_requests``, so a test can check that nothing it shows depends on a CDN.

Under pytest-xdist (scripts/test runs this folder in two workers, ``--dist loadfile``) every worker starts its own
servers and Chromium, on ports of its own, the first time a test asks for them.

The servers find the apps' Voilà template (widgets/voila/share/jupyter/voila/templates/hearts) and its
config (widgets/voila/etc/jupyter) in the repository, as an installed wheel has them in its prefix.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hearts_pages import OPEN_PAGES, new_page

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Offline by construction: no host name but 127.0.0.1 resolves, so nothing can come from a CDN.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]

# CI runs as root; Jupyter refuses that unless told.
ROOT = ["--ServerApp.allow_root=True"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []

# JupyterLab user settings for the test server: no "get notified about Jupyter news?" popup over the
# notebook, no update checks.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_http(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status < 500:
                    return
        except Exception:
            time.sleep(0.3)
    raise RuntimeError(f"server did not answer {url} in {timeout}s:\n{log.read_text()[-3000:]}")


class Server:
    """A running Jupyter-family server: ``url(path)`` adds the token."""

    def __init__(self, base: str, token: str, proc: subprocess.Popen[bytes], workdir: Path, data_dir: Path) -> None:
        self.base, self.token, self.proc, self.workdir = base, token, proc, workdir
        self.data_dir = data_dir  # HEARTS_DATA_DIR of the server's kernels: the table's save, history, settings

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}/{path.lstrip('/')}" + (f"{sep}token={self.token}" if self.token else "")


def _start(
    command: Callable[[int], list[str]], workdir: Path, tmp: Path, token: str, ready: str, port: int | None = None
) -> Iterator[Server]:
    """Start the server ``command(port)`` on a free port and yield it once ``ready`` answers; stop it afterwards.

    The port is free when chosen, but another process (a second pytest-xdist worker starting its own servers, a
    room server) can take it before the server binds it: then the server exits saying so, and starts again on
    another port. A ``port`` given is kept (a test that needs the same origin after a restart: the browser's
    storage belongs to it); it is tried again for a while if it is still held."""
    env = dict(os.environ)
    # Kernels start "python" from PATH: make it this test run's interpreter, not whatever else is installed.
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    # Isolated Jupyter state, so a developer's settings or a stale server never interfere.
    for var, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
    ):
        (tmp / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(tmp / sub)
    env["HEARTS_DATA_DIR"] = str(tmp / "hearts-data")
    # The apps' Voilà page template and the config that selects it, from the repository: an editable install
    # (scripts/test, development) does not install setuptools data files; a wheel (Binder) does.
    for var, sub in (("JUPYTER_PATH", "share/jupyter"), ("JUPYTER_CONFIG_PATH", "etc/jupyter")):
        env[var] = os.pathsep.join(p for p in (str(REPO / "widgets" / "voila" / sub), env.get(var, "")) if p)
    for name, value in LAB_SETTINGS.items():
        f = tmp / "lab-settings" / name
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps(value))
    log = tmp / "server.log"
    fixed = port
    for attempt in range(3):
        port = fixed if fixed is not None else _free_port()
        with open(log, "wb") as out:
            proc = subprocess.Popen(command(port), cwd=workdir, env=env, stdout=out, stderr=subprocess.STDOUT)
        server = Server(f"http://127.0.0.1:{port}", token, proc, workdir, Path(env["HEARTS_DATA_DIR"]))
        try:
            _wait_http(server.url(ready), proc, log)
            break
        except RuntimeError:
            _stop(proc)
            if attempt == 2 or not _PORT_TAKEN.search(log.read_text(errors="replace")):
                raise
            if fixed is not None:
                time.sleep(2)  # the last server on this port may still be letting it go
    try:
        yield server
    finally:
        _stop(proc)


# What Jupyter servers and Voilà say when their port was taken between choosing it and binding it.
_PORT_TAKEN = re.compile(r"address already in use|is already in use|Errno 98", re.IGNORECASE)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=15)


@pytest.fixture(scope="session")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the tutorials the servers serve, so runs never write into the repository."""
    return copy_tutorials(tmp_path_factory.mktemp("served"))


def serve_lab(workdir: Path, tmp: Path) -> Iterator[Server]:
    """JupyterLab (and Notebook 7, same server) on 127.0.0.1 with a token, serving ``workdir``; state in ``tmp``."""
    token = secrets.token_hex(16)

    def cmd(port: int) -> list[str]:
        return [
            sys.executable,
            "-m",
            "jupyter",
            "lab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            *ROOT,
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={workdir}",
            "--LabApp.news_url=",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]

    yield from _start(cmd, workdir, tmp, token, "api/status")


def serve_voila(workdir: Path, tmp: Path) -> Iterator[Server]:
    """Voilà serving ``workdir``, as Binder's voila/render links do; state in ``tmp``."""

    def cmd(port: int) -> list[str]:
        return [
            sys.executable,
            "-m",
            "voila",
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            *ROOT,
            "--ServerApp.port_retries=0",
            str(workdir),
        ]

    yield from _start(cmd, workdir, tmp, "", "")


def copy_tutorials(dest: Path) -> Path:
    """A copy of the tutorials in ``dest``, for a server to serve (runs never write into the repository)."""
    shutil.copytree(REPO / "tutorials", dest / "tutorials")
    return dest


@pytest.fixture(scope="session")
def lab(workdir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab (and Notebook 7, same server) on 127.0.0.1 with a token; a taken port fails loudly."""
    yield from serve_lab(workdir, tmp_path_factory.mktemp("lab"))


@pytest.fixture(scope="session")
def voila(workdir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voilà serving the tutorials folder, as Binder's voila/render links do."""
    yield from serve_voila(workdir, tmp_path_factory.mktemp("voila"))


_SHOTS: list[Path] = []


def _screenshot_folder() -> Path:
    folder = Path(os.environ.get("HEARTS_SCREENSHOTS", REPO / "screenshots")).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    if folder not in _SHOTS:
        _SHOTS.append(folder)
    return folder


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The folder for screenshots; it is named at the end of the test run's report."""
    folder = _screenshot_folder()
    print(f"\nscreenshots: {folder}")
    return folder


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    pages = [p for p in OPEN_PAGES if not p.is_closed()]
    if report.when in ("setup", "call") and report.failed and pages:  # setup: a page opened by a fixture
        name = re.sub(r"[^\w.-]+", "-", item.name)
        for n, pg in enumerate(pages):
            try:
                pg.screenshot(path=str(_screenshot_folder() / f"FAILED-{name}-{n}.png"))
            except Exception as e:  # a crashed page must not hide the test's own failure
                print(f"no screenshot of page {n}: {e}")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    folders = list(_SHOTS)
    # Under pytest-xdist the tests (and their screenshots) ran in the workers: this is the controller.
    ran_here = any(
        "tests/browser/" in getattr(r, "nodeid", "") for reports in terminalreporter.stats.values() for r in reports
    )
    if not folders and ran_here:
        folder = Path(os.environ.get("HEARTS_SCREENSHOTS", REPO / "screenshots")).resolve()
        folders = [folder] if folder.is_dir() else []
    for folder in folders:
        n = len(list(folder.glob("*.png")))
        terminalreporter.write_line(f"browser tests: {n} screenshots in {folder}")
    # A test run again (pytest-rerunfailures) and passed is listed by name only: its first failure is said here, so
    # that a rare race on a busy machine can be found from the CI log.
    for report in terminalreporter.stats.get("rerun", []):
        lines = str(getattr(report, "longreprtext", "") or "").splitlines()
        errors = [line for line in lines if line.startswith("E ")][:12]
        where = [line for line in lines if re.match(r"^\S+\.py:\d+: ", line)][-1:]
        terminalreporter.write_line(f"first attempt of {report.nodeid}:")
        for line in [*errors, *where] or lines[-12:]:
            terminalreporter.write_line(f"    {line[:200]}")


_PLAYWRIGHT: list[tuple[Any, Any]] = []  # (Playwright, its browser) while the browser tests run


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium (scripts/test does)")
    p = sync_playwright().start()
    b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    _PLAYWRIGHT.append((p, b))
    yield b
    _stop_playwright()


def _stop_playwright() -> None:
    while _PLAYWRIGHT:
        p, b = _PLAYWRIGHT.pop()
        try:
            b.close()
        finally:
            p.stop()


@pytest.hookimpl(trylast=True)  # after the test's own fixtures (its pages) are torn down
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Stop Playwright once the browser tests are over, not at the end of the session.

    Its sync API keeps its event loop marked as running in the thread it drives; the widget tests that run
    after this folder would take that loop for a kernel's (GameTable.step then thinks in a thread and waits
    for a loop that never runs), so it must be gone before them.
    """
    if nextitem is None or nextitem.get_closest_marker("browser") is None:
        _stop_playwright()


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """``open_page(width=1280, height=900)``: a new page in its own browser context (closed after the test)."""
    contexts = []

    def make(width: int = 1280, height: int = 900) -> Any:
        ctx, pg = new_page(browser, width, height)
        contexts.append(ctx)
        return pg

    yield make
    for ctx in contexts:
        ctx.close()
