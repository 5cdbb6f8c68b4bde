"""The static site's table (:class:`hearts_widgets.site_table.SiteTable`) driven by the JSON messages its page sends.

The page's bridge passes table.js's messages through as they are; here they are sent by hand, and the
browser's localStorage is a dict that takes the ``store`` messages, as table.js does.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hearts_widgets.browser_copy import PREFIX
from hearts_widgets.site_table import SiteTable


class Page:
    """A page: the board's values as the front end holds them, and its localStorage."""

    def __init__(self, folder: Path, storage: dict[str, str], **options: Any) -> None:
        self.table = SiteTable(data_dir=folder, lang="en", **options)
        self.storage = storage
        self.state: dict[str, Any] = {}
        self.page: dict[str, Any] = {}
        self.redraws = 0
        self.downloads: list[tuple[str, str]] = []
        self.send({"event": "hello"})
        self.send({"event": "sync", "changes": {"fit": 1000, "fit_height": 900, "fit_below": True}})
        self.send({"event": "copy", "entries": dict(storage), "problem": "", "origin": "open"})

    def send(self, msg: dict[str, Any]) -> None:
        out = json.loads(self.table.handle(json.dumps(msg)))
        if "version" in out["state"]:
            self.redraws += 1
        self.state.update(out["state"])
        self.page = out["page"]
        for m in out["messages"]:
            if m["event"] == "download":
                self.downloads.append((m["name"], m["text"]))
                continue
            assert m["event"] == "store"
            for k, v in m["entries"].items():
                if v is None:
                    self.storage.pop(k, None)
                else:
                    self.storage[k] = v

    def settle(self) -> None:
        """Do what the front end does once a drawing is on screen: ask for the bots' steps, take tricks away."""
        for _ in range(200):
            if self.state["hold"] == "step":
                self.send({"event": "step", "version": self.state["version"]})
            elif self.state["hold"] == "trick":
                self.send({"event": "continue", "version": self.state["version"]})
            else:
                return
        raise AssertionError("the bots never stopped")

    def hand(self) -> list[tuple[str, bool]]:
        import re

        svg = self.state["svg"]
        mine = svg[svg.index('class="hand mine'):]
        return [(c, legal == "true") for c, legal in re.findall(r'data-card="(\w+)"[^>]*?data-legal="(\w+)"', mine)]


def _play_tricks(p: Page, tricks: int) -> None:
    """Pass the three right-most cards, then play the first legal card until ``tricks`` tricks are taken."""
    for code, _ in p.hand()[-3:]:
        p.send({"event": "click", "card": code, "version": p.state["version"]})
    p.send({"event": "press", "button": "pass"})
    p.settle()
    while p.page["tricks"] < tricks:
        code = next(c for c, legal in p.hand() if legal)
        p.send({"event": "click", "card": code, "version": p.state["version"]})
        p.settle()


def test_a_trick_played_by_messages_is_found_again_by_a_new_page_from_the_browsers_copy(tmp_path: Path) -> None:
    storage: dict[str, str] = {}
    p = Page(tmp_path / "a", storage, number=21, level="rule")
    _play_tricks(p, 2)
    assert p.state["handled"] > 0 and PREFIX + "table-save.json" in storage
    # A reload: a new table on an empty folder (Pyodide's memory is new), the browser's copy merged at start.
    q = Page(tmp_path / "b", storage)
    assert (q.page["title"], q.page["tricks"], q.hand()) == (p.page["title"], 2, p.hand())


def test_a_click_on_an_older_drawing_is_refused_and_answered(tmp_path: Path) -> None:
    p = Page(tmp_path, {}, number=4, level="random")
    code = p.hand()[0][0]
    before = p.state["version"]
    handled = p.state["handled"]
    p.send({"event": "click", "card": code, "version": before - 1})
    assert p.state["handled"] == handled + 1 and "earlier" in p.page["message"]
    assert "2 of 3" not in p.page["message"] and "1 of 3" not in p.page["message"]


def test_only_a_new_layout_draws_the_table_again_not_a_scroll_bar(tmp_path: Path) -> None:
    p = Page(tmp_path, {}, number=4, level="random")
    drawn = p.redraws
    p.send({"event": "sync", "changes": {"fit": 985}})  # a scroll bar came: same layout, no redraw
    assert p.redraws == drawn
    p.send({"event": "sync", "changes": {"fit": 390, "fit_height": 800}})  # a phone: the compact table
    assert p.redraws == drawn + 1 and p.state["svg"] != ""
    p.send({"event": "sync", "changes": {"fit": "wide"}})  # nonsense is ignored
    assert p.redraws == drawn + 1


def test_a_deal_link_opens_its_deal_and_asks_before_leaving_the_game_in_the_browsers_copy(tmp_path: Path) -> None:
    storage: dict[str, str] = {}
    p = Page(tmp_path / "a", storage, number=21, level="rule")
    for code, _ in p.hand()[-3:]:
        p.send({"event": "click", "card": code, "version": p.state["version"]})
    p.send({"event": "press", "button": "pass"})
    p.settle()
    assert Page(tmp_path / "b", {}, deal="77").page["title"] == "Hearts · game 77"
    q = Page(tmp_path / "c", storage, deal="77")  # ?deal=77 in a browser with game 21 half-played
    assert q.page["title"] == "Hearts · game 21" and q.page["buttons"]["confirm"]["shown"]
    q.send({"event": "press", "button": "confirm"})
    assert q.page["title"] == "Hearts · game 77"


def test_the_learn_by_playing_page_has_its_own_game_and_shows_learn_modes_notes(tmp_path: Path) -> None:
    storage: dict[str, str] = {}
    table = Page(tmp_path / "a", storage, number=8, level="random")
    learn = Page(tmp_path / "b", storage, number=9, level="random", app="learn")
    assert 'class="hw-note' in learn.page["notes"] and "hw-learn" in learn.page["notes"]
    assert PREFIX + "learn-by-playing-save.json" in storage and PREFIX + "table-save.json" in storage
    assert table.page["title"] != learn.page["title"]


def test_history_kept_in_the_browser_is_shown_at_the_static_table(tmp_path: Path) -> None:
    from hearts_widgets import store
    from hearts_widgets.browser_copy import browser_entries

    elsewhere = tmp_path / "elsewhere"
    h = store.History.load(elsewhere)
    h.add(number=7, final=(40, 55, 101, 62), winners=(0,), game_id="g7")
    h.save()
    p = Page(tmp_path / "page", dict(browser_entries(elsewhere)), number=3, level="random")
    assert p.page["panels"]["history"] == "History"
    assert "<td>Games played</td><td><b>1</b></td>" in p.page["history"], p.page["history"]


def _field(p: Page, name: str) -> dict[str, Any]:
    return next(f for f in p.page["settings"] if f["name"] == name)


def test_settings_change_the_pace_and_a_new_variant_asks_first_then_starts_a_new_game(tmp_path: Path) -> None:
    storage: dict[str, str] = {}
    p = Page(tmp_path / "a", storage, number=21, level="rule")
    names = [f["name"] for f in p.page["settings"]]
    assert names[:4] == ["rules", "target_score", "speed", "trick_pause"] and "lang" in names and "learn" in names
    assert ["three", "3 players (17 cards each)"] in _field(p, "rules")["options"]
    # The pace: the page sends a menu's value as text, a check box's as true/false.
    p.send({"event": "setting", "name": "speed", "value": "off"})
    p.send({"event": "setting", "name": "trick_pause", "value": "2"})
    p.send({"event": "setting", "name": "step_bots", "value": True})
    assert p.state["move_ms"] == 0 and p.state["pause_ms"] == 2000
    assert (_field(p, "speed")["value"], _field(p, "trick_pause")["value"], _field(p, "step_bots")["value"]) == (
        "off", 2, True)  # fmt: skip
    assert json.loads(storage[PREFIX + "settings.json"])["file"]["trick_pause"] == 2
    p.send({"event": "setting", "name": "step_bots", "value": False})
    # A value the setting does not offer is refused, naming it; nothing changes.
    p.send({"event": "setting", "name": "speed", "value": "warp"})
    assert "“card movement”" in p.page["message"] and _field(p, "speed")["value"] == "off"
    # New rules with a game in progress: the table asks first; Cancel keeps the game, Confirm starts the variant.
    _play_tricks(p, 1)
    hand = p.hand()
    p.send({"event": "setting", "name": "rules", "value": "three"})
    assert p.page["buttons"]["confirm"]["shown"] and p.hand() == hand and _field(p, "rules")["value"] == "standard"
    p.send({"event": "press", "button": "cancel"})
    assert p.hand() == hand and p.page["tricks"] == 1
    p.send({"event": "setting", "name": "rules", "value": "three"})
    p.send({"event": "press", "button": "confirm"})
    assert _field(p, "rules")["value"] == "three" and len(p.hand()) == 17 and p.page["tricks"] == 0
    assert "3 players" in _field(p, "rules")["note"]
    # The score sheet, the checklist and History are the Jupyter table's own (hearts_widgets.table_panels).
    assert p.page["sheet"].startswith('<table class="hw-sheet">') and "West" not in p.page["sheet"]
    assert p.page["panels"]["checklist"].startswith("Rules met: ")
    assert 'data-rule="' in p.page["checklist"] and p.page["summary"] == ""
    # The language: the page's Python says everything in Spanish (the bridge then opens the Spanish page).
    p.send({"event": "setting", "name": "lang", "value": "es"})
    assert p.page["lang"] == "es" and p.page["panels"]["settings"] == "Ajustes"


def test_the_progress_file_downloads_and_loads_back_at_another_page_and_a_bad_one_changes_nothing(
    tmp_path: Path,
) -> None:
    p = Page(tmp_path / "a", {}, number=21, level="rule")
    _play_tricks(p, 1)
    p.send({"event": "save_progress"})
    [(name, content)] = p.downloads
    assert name.startswith("hearts-progress-") and name.endswith(".json")
    assert p.page["message"].startswith('<div class="hw-message hw-info">Your progress was saved')
    q = Page(tmp_path / "b", {}, number=5, level="rule")
    q_storage = q.storage
    q.send({"event": "load_progress", "name": "mine.json", "text": "{not json"})
    assert "mine.json was not loaded" in q.page["message"] and q.page["title"] == "Hearts · game 5"
    q.send({"event": "load_progress", "name": name, "text": content})
    assert f"Progress loaded from {name}" in q.page["message"]
    assert (q.page["title"], q.page["tricks"], q.hand()) == (p.page["title"], 1, p.hand())
    assert PREFIX + "table-save.json" in q_storage  # kept in this browser too


def test_a_thinking_bot_tells_the_page_how_far_it_has_got_and_the_expert_has_the_browsers_budget(
    tmp_path: Path,
) -> None:
    from hearts_widgets import levels

    said: list[dict[str, Any]] = []
    t = SiteTable(data_dir=tmp_path, number=21, level="expert", lang="es", notify=lambda s: said.append(json.loads(s)))
    m = t.model
    for c in list(m.hand.hand_of(m.seat))[-3:]:
        m.click_card(c.code)
    t.handle(json.dumps({"event": "press", "button": "pass"}))
    out = json.loads(t.handle(json.dumps({"event": "hello"})))
    assert out["state"]["thinking_text"] == "Oeste está eligiendo las cartas que pasa…"  # in the page's language
    t.handle(json.dumps({"event": "step", "version": t.board["version"]}))
    assert said[0] == {"event": "progress", "seat": 1, "fraction": 0.0} and said[-1]["fraction"] == 1.0
    assert all(s["seat"] == 1 for s in said)
    # In a browser the expert thinks with 30 deals a card (the page says what that costs, from measured figures).
    assert levels.make("expert", browser=True).worlds == 30 and levels.make("expert", browser=False).worlds == 300
    assert "30 repartos por carta" in out["page"]["level_cost"]


def test_the_walkthrough_page_steps_on_and_back_and_jumps_to_a_chapter() -> None:
    from hearts_widgets.site_walkthrough import SiteWalkthrough

    w = SiteWalkthrough(lang="en")

    def send(msg: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = json.loads(w.handle(json.dumps(msg)))
        return out

    first = send({"event": "hello"})
    assert first["page"]["counter"].startswith("Step 1 of ") and first["page"]["back"]["disabled"]
    assert first["state"]["svg"].startswith("<svg") and first["state"]["keep_copy"] is False
    out = send({"event": "press", "button": "next"})
    assert out["page"]["index"] == 1 and out["state"]["focus"] == "hw-btn-next" and "version" in out["state"]
    last = out["page"]["chapters"][-1][0]
    out = send({"event": "chapter", "index": last})
    assert out["page"]["index"] == last and out["page"]["chapter_at"] == last
    out = send({"event": "chapter", "index": 10**6})  # out of range: nothing changes
    assert out["page"]["index"] == last and "version" not in out["state"]
    out = send({"event": "press", "button": "back"})
    assert out["page"]["index"] == last - 1
