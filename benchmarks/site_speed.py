"""The static site: its size, the time to the first playable card on a cold load, and each bot level's decision
time in the page (Pyodide, pure-Python path), in headless Chromium served from 127.0.0.1.

Builds the site (``python -m hearts site build``) into a temporary folder, serves it with a plain static file
server, and in a fresh browser context (nothing cached) measures from ``page.goto`` to the moment the table takes
a click on a card (the first drawing on screen, the board not busy). Then, in that page, plays hands at each level
(South plays its first legal card, passes its three right-most) and times every bot decision (``BotJob.decide``)
with Python's clock inside Pyodide. Prints the median and the worst per level, and the machine's load (``uptime``).

Usage: python benchmarks/site_speed.py [--levels random,rule,expert] [--decisions 12] [--json out.json]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

import conftest  # noqa: E402  (the browser tests' Chromium options: no host but 127.0.0.1 resolves)

from hearts.site import build_site  # noqa: E402
from hearts.site.build import default_cache  # noqa: E402

DECISIONS = """
import json, time
from hearts_widgets.site_table import SiteTable

def _learner_moves(m):
    # South: takes a finished trick, goes on to the next hand, passes its three right-most, plays its first legal.
    if m.pending == "trick":
        m.press("continue")
    elif m.hand.is_over:
        m.press("next")
    elif m.hand.phase.value == "passing":
        for c in list(m.hand.hand_of(m.seat))[-3:]:
            m.click_card(c.code)
        m.press("pass")
    else:
        m.click_card(next(iter(m.playable)).code)

def _timed(level, want):
    t = SiteTable(data_dir="/home/pyodide/bench-" + level, number=4242, level=level, lang="en", resume=False)
    m = t.model
    times = []
    for _ in range(2000):
        if len(times) >= want or m.game.is_over:
            break
        job = m.prepare_step()
        if job is not None:
            start = time.perf_counter()
            choice = job.decide()
            times.append(time.perf_counter() - start)
            m.step(choice)
        else:
            _learner_moves(m)
    return times

def _budgets(budgets, hands):
    # The expert at each (worlds, pass_worlds) on the same positions: a rule-level game's bot turns.
    from hearts.bots.expert import ExpertBot
    t = SiteTable(data_dir="/home/pyodide/bench-budgets", number=4343, level="rule", lang="en", resume=False)
    m = t.model
    times = {f"{w}/{pw}": {"play": [], "pass": []} for w, pw in budgets}
    for _ in range(5000):
        if m.game.is_over or m.hand.hand_number > hands:
            break
        job = m.prepare_step()
        if job is not None:
            for w, pw in budgets:
                bot = ExpertBot(job.seed, worlds=w, pass_worlds=pw)
                start = time.perf_counter()
                bot.choose_pass(job.observation) if job.kind == "pass" else bot.choose_play(job.observation)
                times[f"{w}/{pw}"][job.kind].append(time.perf_counter() - start)
            m.step(job.decide())
        else:
            _learner_moves(m)
    return times

_out = {"levels": {level: _timed(level, WANT) for level in LEVELS}}
_out["budgets"] = _budgets(BUDGETS, HANDS) if BUDGETS else {}
json.dumps(_out)
"""


class _Files(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, *args: Any) -> None:
        pass


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--levels", default="random,rule,expert", help="bot levels to time in the page")
    ap.add_argument("--decisions", type=int, default=12, help="bot decisions timed per level")
    ap.add_argument("--budgets", default="", metavar="W/P,...",
                    help="also time the expert at these budgets (worlds/pass_worlds, e.g. 300/48,60/12) on the bot "
                    "turns of a rule-level game's first --hands hands (every budget on the same positions)")
    ap.add_argument("--hands", type=int, default=1, help="hands of positions for --budgets")
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = ap.parse_args()
    levels = [x for x in args.levels.split(",") if x]
    budgets = [tuple(int(v) for v in b.split("/")) for b in args.budgets.split(",") if b]
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        manifest = build_site(out, cache=default_cache())
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Files, directory=str(out)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/en/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=conftest.CHROMIUM, args=conftest.CHROMIUM_ARGS, headless=True)
            ctx = browser.new_context(viewport={"width": 1100, "height": 900})
            page = ctx.new_page()
            start = time.perf_counter()
            page.goto(url)
            page.wait_for_function(
                """() => { const b = document.querySelector('.hearts-svg-table');
                           return b && b.getAttribute('data-busy') === 'false' && b.getAttribute('data-version') !== '0'
                                  && b.querySelector('g.hand.mine g.card[role="button"]') !== null; }""",
                timeout=180_000,
                polling=20,
            )
            first_card = time.perf_counter() - start
            python_start = page.evaluate("window.heartsSite.startMs") / 1000
            head = f"WANT = {args.decisions}\nLEVELS = {levels!r}\nBUDGETS = {budgets!r}\nHANDS = {args.hands}\n"
            code = head + DECISIONS
            timed = json.loads(page.evaluate("code => window.heartsSite.run(code)", code))
            browser.close()
        server.shutdown()
    times, by_budget = timed["levels"], timed["budgets"]
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    size = int(manifest["size"])  # type: ignore[call-overload]
    print(f"site size: {size / 1e6:.1f} MB ({len(manifest['files'])} files)")  # type: ignore[arg-type]
    print(f"cold load from 127.0.0.1 to the first playable card: {first_card:.1f} s "
          f"(Python started and the table made in {python_start:.1f} s of it)")  # fmt: skip
    figures: dict[str, Any] = {"size_bytes": size, "first_card_s": first_card, "python_start_s": python_start}
    for level in levels:
        ts = times[level]
        med, worst = statistics.median(ts), max(ts)
        figures[level] = {"n": len(ts), "median_s": med, "worst_s": worst}
        print(f"{level:>8}: {len(ts)} decisions in the page, median {med * 1000:.1f} ms, worst {worst * 1000:.1f} ms")
    figures["budgets"] = {}
    for budget, kinds in by_budget.items():
        figures["budgets"][budget] = {}
        for kind, ts in kinds.items():
            if not ts:
                continue
            med, worst = statistics.median(ts), max(ts)
            figures["budgets"][budget][kind] = {"n": len(ts), "median_s": med, "worst_s": worst}
            print(f"expert at {budget} worlds, {kind}: {len(ts)} decisions, median {med * 1000:.0f} ms, "
                  f"worst {worst * 1000:.0f} ms")  # fmt: skip
    print(f"load: {load}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
