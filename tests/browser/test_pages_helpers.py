"""The shared helpers of the browser tests (hearts_pages) against a page that redraws under them.

No Jupyter server: a few lines of HTML in Chromium stand in for the widget and for JupyterLab's notebook, and
replace their elements (as a redraw does) while a helper waits on them. A helper that held on to the element it
found first would wait for the old element until its timeout (60 s); these wait for seconds at most.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from hearts_pages import Board, box_of, run_all, wait_for

# A widget whose board box is replaced by a new one (showing drawing 2, done) once a wait has started to poll it:
# 300 ms after the first time something asks the box whether it is busy.
REDRAWN_BOARD = """<div class="app"><div class="hearts-svg-table" data-version="1" data-busy="true">
<svg width="300" height="200"><rect width="300" height="200"></rect></svg></div></div>
<script>
const first = document.querySelector('.hearts-svg-table'), read = first.getAttribute.bind(first);
first.getAttribute = (name) => {
  if (name === 'data-busy' && !window.replacing) window.replacing = setTimeout(() => {
    document.querySelector('.app').innerHTML = '<div class="hearts-svg-table" data-version="2" data-busy="false">'
      + '<svg width="300" height="200"><rect width="300" height="200"></rect></svg></div>';
  }, 300);
  return read(name);
};
</script>"""


def test_settle_and_wait_for_follow_a_board_that_a_redraw_replaced(open_page: Any) -> None:
    page = open_page(800, 600)
    page.set_content(REDRAWN_BOARD)
    board = Board(page.locator(".app"))
    assert board.version() == "1"
    started = time.monotonic()
    board.settle("1")  # the box polled first is taken out of the page; the new one shows drawing 2
    assert board.version() == "2" and time.monotonic() - started < 20
    assert wait_for(board.box, "(box, v) => box.dataset.version === v && box.dataset.version", "2") == "2"
    assert box_of(board.box.locator("svg"))["width"] == 300


def test_wait_for_says_what_it_waited_for(open_page: Any) -> None:
    page = open_page(800, 600)
    page.set_content(REDRAWN_BOARD)
    board = Board(page.locator(".app"))
    with pytest.raises(AssertionError, match="version === '9'"):
        wait_for(board.box, "box => box.dataset.version === '9'", timeout=1500)


# A notebook as run_all sees it: two code cells whose prompts already show numbers (a notebook saved with its
# outputs, or a kernel an earlier page left), and a Run menu whose Run All queues both cells ("[*]:") and numbers
# them a second later. Until the notebook is "connected" (after 1.5 s) the menu item is disabled.
NOTEBOOK_PAGE = """<div class="lm-MenuBar"><div class="lm-MenuBar-itemLabel" id="run">Run</div></div>
<div class="lm-Menu" hidden><div class="lm-Menu-item lm-mod-disabled" data-command="runmenu:run-all">Run All</div></div>
<div class="jp-NotebookPanel">
  <div class="jp-CodeCell"><div class="jp-InputArea-prompt">[1]:</div></div>
  <div class="jp-CodeCell"><div class="jp-InputArea-prompt">[2]:</div></div>
</div>
<script>
const menu = document.querySelector('.lm-Menu'), item = menu.firstElementChild;
window.runs = 0;
document.querySelector('#run').onclick = () => { menu.hidden = false; };
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') menu.hidden = true; });
setTimeout(() => item.classList.remove('lm-mod-disabled'), 1500);
item.onclick = () => {
  menu.hidden = true;
  if (item.classList.contains('lm-mod-disabled')) return;
  window.runs += 1;
  const prompts = document.querySelectorAll('.jp-InputArea-prompt');
  prompts.forEach((p) => { p.textContent = '[*]:'; });
  setTimeout(() => prompts.forEach((p, i) => { p.textContent = `[${3 + i}]:`; }), 1000);
};
</script>"""


class FakeSessions:
    """A server whose ``api/sessions`` says the kernel of every notebook is idle (as run_all asks it)."""

    def __init__(self) -> None:
        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = json.dumps([{"path": "nb.ipynb", "kernel": {"execution_state": "idle"}}]).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/{path}"


@pytest.fixture
def sessions() -> Iterator[FakeSessions]:
    server = FakeSessions()
    yield server
    server.httpd.shutdown()


def test_run_all_waits_for_this_run_not_for_numbers_shown_before(open_page: Any, sessions: FakeSessions) -> None:
    page = open_page(800, 600)
    page.set_content(NOTEBOOK_PAGE)
    run_all(page, sessions, "nb.ipynb")
    prompts = page.locator(".jp-InputArea-prompt").all_inner_texts()
    assert prompts == ["[3]:", "[4]:"], prompts  # returned once the cells of this run were numbered
    assert page.evaluate("() => window.runs") == 1  # Run All pressed once it did something, and only once
