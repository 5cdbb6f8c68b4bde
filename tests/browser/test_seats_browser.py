"""Tables of 3, 5, 7 and 10 seats in Chromium, on a laptop and on a phone: axe finds nothing serious or
critical, every card of the viewer's hand answers a tap on its visible strip, and screenshots of each
table go to the screenshots folder (``seats-<n>-<width>x<height>.png``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from test_access_browser import axe_counts

from hearts import HandState
from hearts.display import table_svg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, where the drawing tests' states are made
from drawing_support import real_states, synthetic_svgs

SEATS = (3, 5, 7, 10)


def _svg(n: int, width: int) -> str:
    """The ``n``-seat table in the middle of a trick (10 seats: drawn from one seat's view), for a window
    ``width`` px wide: the compact table on a phone."""
    options: dict[str, Any] = {"fit": float(width - 16)} if width < 880 else {}
    if n == 10:
        return dict(synthetic_svgs(n, **options))["full-trick"]
    h = dict(real_states(n))["full-trick"]
    assert isinstance(h, HandState)
    return table_svg(h, viewer=h.to_play, **options)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["laptop", "phone"])
def test_tables_of_3_5_7_and_10_seats_pass_axe_and_every_card_takes_a_tap(
    open_page: Any, screenshots: Path, size: tuple[int, int]
) -> None:
    width, height = size
    page = open_page(width, height)
    tables = "".join(f'<section aria-label="{n} seats"><h2>{n} seats</h2>{_svg(n, width)}</section>' for n in SEATS)
    page.set_content(f'<!doctype html><html lang="en"><head><title>Tables</title></head>'
                     f'<body style="margin:8px"><main>{tables}</main></body></html>')  # fmt: skip
    counts = axe_counts(page, "main")
    print(f"axe seats {width}x{height}: {counts}")
    for i, n in enumerate(SEATS):
        table = page.locator("svg.hearts-table").nth(i)
        table.scroll_into_view_if_needed()
        # Across each card, at 45 % of its height: at least 24 px where a tap reaches that card and no other.
        missed = table.evaluate(
            """svg => [...svg.querySelectorAll('.hand.mine .card')].filter(card => {
                const r = card.getBoundingClientRect();
                let hits = 0;
                for (let x = r.left + 1; x < r.right; x += 2) {
                    const hit = document.elementFromPoint(x, r.top + r.height * 0.45);
                    if (hit && hit.closest('.card') === card) hits += 2;
                }
                return hits < 24;
            }).map(card => card.dataset.card)"""
        )
        box = table.bounding_box()
        assert box is not None and box["width"] <= width, (n, box)
        assert not missed, f"{n} seats at {width}x{height}: no tap reaches {missed}"
        table.screenshot(path=str(screenshots / f"seats-{n}-{width}x{height}.png"))
