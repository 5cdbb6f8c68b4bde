"""The leaderboard pages of the room server: the ratings of every player of a server, or of a class.

A page is plain HTML made on the server (no script needed): a heading, a line
saying who is on the board and how it is ordered, and one table (rank,
player, rating ± uncertainty, ranked games played) with column headers, in
English or Spanish (``?lang=``, and a link to the other language).

>>> rows = [{"rank": 1, "name": "Ana <3", "kind": "person", "rating": 27.25, "uncertainty": 19.5, "games": 2}]
>>> page = leaderboard_html(rows, "es", scope="class")
>>> "<td>27,2 ± 19,5</td>" in page, "Ana &lt;3" in page, '<th scope="col">Partidas</th>' in page
(True, True, True)
>>> "Todavía" in leaderboard_html([], "es", scope="server")
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from hearts.messages import LANGUAGES, number, text

__all__ = ["LANGUAGE_NAMES", "leaderboard_html"]

LANGUAGE_NAMES = {"en": "English", "es": "Español"}
"""Each language in its own words (the link to switch to it)."""


def leaderboard_html(rows: Sequence[dict[str, Any]], lang: str, *, scope: str) -> str:
    """The body of a leaderboard page: ``rows`` from :meth:`~hearts.room.ratings.Ratings.leaderboard`,
    ``scope`` ``"server"`` (every player of the server) or ``"class"`` (one room and the tables opened from it)."""
    if scope not in ("server", "class"):
        raise ValueError(f"scope must be 'server' or 'class', not {scope!r}")

    def say(key: str, **values: Any) -> str:
        return html.escape(text(f"room.page.{key}", lang, **values))

    switch = " · ".join(
        f'<a href="?lang={code}" lang="{code}" hreflang="{code}"'
        + (' aria-current="true"' if code == lang else "")
        + f">{LANGUAGE_NAMES.get(code, code)}</a>"
        for code in LANGUAGES
    )
    head = "".join(f'<th scope="col">{say("col." + c)}</th>' for c in ("rank", "player", "rating", "games"))
    body = "".join(
        f'<tr class="room-{"bot" if r["kind"] == "bot" else "person"}"><td>{r["rank"]}</td>'
        f'<td>{html.escape(str(r["name"]))}</td>'
        f'<td>{number(r["rating"], lang, 1)} ± {number(r["uncertainty"], lang, 1)}</td><td>{r["games"]}</td></tr>'
        for r in rows
    )
    empty = "" if rows else f'<p id="leaderboard-empty">{say("lb_empty")}</p>'
    return (
        f'<main id="room" class="room room-leaderboard"><header class="room-top"><h1>{say("lb_title_" + scope)}</h1>'
        f'<nav class="room-lang" aria-label="{say("language")}">{switch}</nav></header>'
        f'<p id="leaderboard-intro">{say("lb_intro_" + scope)}</p>'
        f'<table id="leaderboard" class="room-board-table"><caption>{say("lb_caption")}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{empty}</main>"
    )
