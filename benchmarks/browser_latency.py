"""How long the table takes, in a real browser, from a click on a card to what the learner sees.

Starts Voilà on a copy of the tutorials (as Binder's voila/render links serve the table app) and headless
Chromium (Debian's, as the browser tests use), then at each bot level plays whole hands by clicking a legal
card of South's (the passes too), and records in the page, for every card click:

- *first change*: the time until the board first draws the clicked card in the middle of the table (Python has
  answered and the drawing is on screen);
- *bots' last card*: the time until the bots have played their cards after it and the board takes clicks again
  (or holds the finished trick for the learner to take away): every card's movement and every bot's thinking
  included, as the learner waits for them.

Prints the median and the worst per level, and the machine's load (``uptime``): the figures depend on it.
Cards move at the ``--speed`` setting (``normal`` by default, as a new learner has it; ``off`` leaves only
the thinking and the drawing).

Usage: python benchmarks/browser_latency.py [--hands 1] [--levels random,rule,expert,master] [--speed normal]
       [--deal 5150] [--json out.json]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

import conftest  # noqa: E402  (the browser tests' servers and Chromium options)
from hearts_pages import RECORDER, Board, choose_deal, new_page, pass_three, voila_app  # noqa: E402

from hearts_widgets.levels import available_levels  # noqa: E402
from hearts_widgets.text import level_label  # noqa: E402

APP = "tutorials/apps/en/table.ipynb"


def play_hands(table: Board, level: str, deal: int, hands: int) -> list[dict[str, float]]:
    """Start ``deal`` at ``level`` and play ``hands`` hands by clicks; the page's record of every card click."""
    page = table.page
    select = table.root.locator(".hw-level select")
    if select.locator("option:checked").inner_text() != level_label(level, "en"):
        old = table.version()
        select.select_option(label=level_label(level, "en"))
        table.settle(old)
    choose_deal(table, deal)
    page.evaluate("() => { window.__hw.clicks = []; }")
    played = 0
    while True:
        table.collect()
        if table.root.locator(".hw-game-over").is_visible():
            break
        if table.root.locator(".hw-btn-next").is_visible():
            played += 1
            if played >= hands:
                break
            table.press("next")
            continue
        if table.root.locator(".hw-btn-pass").is_visible():
            pass_three(table)
            continue
        legal = [c for c in table.hand() if c.legal]
        if not legal:
            break
        table.click_card(legal[0].code)
    return [c for c in page.evaluate("() => window.__hw.clicks") if "last" in c and c.get("code")]


def summary(clicks: list[dict[str, float]]) -> dict[str, float]:
    """Median and worst of both times, in ms, over the clicks that played a card (the passes' choices excluded:
    they change only the chosen card's place)."""
    plays = [c for c in clicks if c.get("played")]
    firsts = [c["first"] for c in plays]
    lasts = [c["last"] for c in plays]
    return {
        "clicks": len(plays),
        "first_median_ms": round(statistics.median(firsts)),
        "first_worst_ms": round(max(firsts)),
        "bots_done_median_ms": round(statistics.median(lasts)),
        "bots_done_worst_ms": round(max(lasts)),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=1, help="hands per level (default 1: 13 card clicks)")
    ap.add_argument("--levels", default=",".join(available_levels()))
    ap.add_argument("--speed", default="normal", choices=["off", "fast", "normal", "slow"])
    ap.add_argument("--deal", type=int, default=5150, help="the first level's deal; the next levels take the next")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        root = Path(tmp)
        work = conftest.copy_tutorials(root / "served")
        (root / "voila").mkdir()
        server = stack.enter_context(contextlib.contextmanager(conftest.serve_voila)(work, root / "voila"))
        server.data_dir.mkdir(parents=True, exist_ok=True)
        settings = {"speed": args.speed, "trick_pause": 0, "target_score": 100, "learn": False}
        (server.data_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
        p = stack.enter_context(sync_playwright())
        browser = p.chromium.launch(executable_path=conftest.CHROMIUM, args=conftest.CHROMIUM_ARGS, headless=True)
        stack.callback(browser.close)
        _ctx, page = new_page(browser, 1280, 900)
        page.goto(server.url(f"voila/render/{APP}"))
        table = Board(voila_app(page, "hearts-table-app"))
        page.evaluate(RECORDER)
        for n, level in enumerate(args.levels.split(",")):
            figures[level] = summary(play_hands(table, level, args.deal + n, args.hands))
    load = subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()
    print(f"Voilà + Chromium 1280x900, cards moving: {args.speed}, {args.hands} hand(s) per level, deals from "
          f"{args.deal}; {os.cpu_count()} cores; load: {load}")  # fmt: skip
    print(f"{'level':<8} {'clicks':>6} {'first change ms':>16} {'(worst)':>8} {'bots last card ms':>18} {'(worst)':>8}")
    for level, f in figures.items():
        print(
            f"{level:<8} {f['clicks']:>6} {f['first_median_ms']:>16} {f['first_worst_ms']:>8} "
            f"{f['bots_done_median_ms']:>18} {f['bots_done_worst_ms']:>8}"
        )
    if args.json:
        args.json.write_text(json.dumps({"load": load, "speed": args.speed, "levels": figures}, indent=1))


if __name__ == "__main__":
    main()
