"""The table's files: every damaged file gives a typed StoreError that names the part that was wrong,
in the learner's language (English and Spanish), with an English ``str()`` for programmers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.messages import catalogue
from hearts_widgets.store import HISTORY_FILE, SETTINGS_FILE, History, Settings, StoreError, read_json

GOOD_GAME = {"number": 7, "final": [40, 55, 101, 62], "won": True}


def history_file(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {"format": "hearts-history", "version": 1, "games": [dict(GOOD_GAME)]}
    data.update(changes)
    return data


def load_error(loader, folder: Path, name: str, content: object) -> StoreError:
    raw = content if isinstance(content, bytes) else json.dumps(content).encode()
    (folder / name).write_bytes(raw)
    with pytest.raises(StoreError) as info:
        loader(folder)
    return info.value


# (file content, the field StoreError.field names, words the English reason has, words the Spanish one has)
HISTORY_CASES = [
    (b"{not json", "", ["not valid JSON", "line 1, column 2"], ["no es JSON válido", "línea 1, columna 2"]),
    (b"\xff\xfe{}", "", ["not text", "byte 0"], ["no es texto", "byte 0"]),
    ([1, 2], "", ["not a JSON object"], ["no es un objeto JSON"]),
    (history_file(format="chess"), "format", ["“hearts-history”"], ["«hearts-history»"]),
    (history_file(version=2), "version", ["“version” is 2"], ["«version» es 2"]),
    (history_file(games="x"), "games", ["list of games"], ["lista de partidas"]),
    (history_file(games=[GOOD_GAME, 3]), "games[1]", ["game 2 of the list", "“games[1]”"],
     ["partida 2 de la lista", "«games[1]»"]),
    (history_file(games=[{**GOOD_GAME, "number": "x"}]), "games[0].number", ["deal number", "“games[0].number”"],
     ["número de reparto", "«games[0].number»"]),
    (history_file(games=[{**GOOD_GAME, "final": [1, 2]}]), "games[0].final", ["final totals", "“games[0].final”"],
     ["totales finales", "«games[0].final»"]),
    (history_file(games=[{**GOOD_GAME, "won": "yes"}]), "games[0].won", ["whether you won", "“games[0].won”"],
     ["si ganaste", "«games[0].won»"]),
]


@pytest.mark.parametrize(("content", "field", "english", "spanish"), HISTORY_CASES)
def test_a_damaged_history_names_what_is_wrong_in_both_languages(
    tmp_path: Path, content: object, field: str, english: list[str], spanish: list[str]
) -> None:
    e = load_error(History.load, tmp_path, HISTORY_FILE, content)
    assert e.field == field and e.path == str(tmp_path / HISTORY_FILE)
    assert e.key in catalogue("en") and e.key in catalogue("es")
    en, es = e.explain("en"), e.explain("es")
    assert all(w in en for w in english), en
    assert all(w in es for w in spanish), es
    assert es != en
    # str() is for programmers: the file, the field and the English reason.
    assert str(e) == ": ".join(x for x in (str(tmp_path / HISTORY_FILE), field, en) if x)
    assert e.reason == en


SETTINGS_CASES = [
    ({"four_colour": "yes"}, "four_colour", ["“four-colour suits”", "“yes”"], ["«palos en cuatro colores»", "«yes»"]),
    ({"step_bots": 1}, "step_bots", ["“bots' cards one by one”", "“1”"], ["«cartas de los bots de una en una»"]),
    ({"table_colour": "pink"}, "table_colour", ["“pink”", "“table colour”", "green, blue"],
     ["«pink»", "«color de la mesa»", "verde, azul"]),
    ({"card_back": None}, "card_back", ["“null”", "“card back”"], ["«null»", "«reverso de las cartas»"]),
    ({"lang": "fr"}, "lang", ["“fr”", "“language”", "English"], ["«fr»", "«idioma»", "Español"]),
    ({"level": ""}, "level", ["“bot level”"], ["«nivel de los bots»"]),
    ({"table_color": "blue"}, "table_color", ["“table_color” is not one of the table's settings"],
     ["«table_color» no es ninguno de los ajustes de la mesa"]),
    ([], "", ["not a JSON object"], ["no es un objeto JSON"]),
]


@pytest.mark.parametrize(("content", "field", "english", "spanish"), SETTINGS_CASES)
def test_a_damaged_settings_file_names_the_setting_in_words(
    tmp_path: Path, content: object, field: str, english: list[str], spanish: list[str]
) -> None:
    e = load_error(Settings.load, tmp_path, SETTINGS_FILE, content)
    assert e.field == field
    en, es = e.explain("en"), e.explain("es")
    assert all(w in en for w in english), en
    assert all(w in es for w in spanish), es
    if "_" in field and field != "table_color":  # a known setting is named in words, never by its identifier
        assert field not in en and field not in es


@pytest.mark.parametrize("value", [[1], {"a": 1}, None, 3.5, "", ["green"]])
@pytest.mark.parametrize("name", ["four_colour", "table_colour", "card_back", "lang", "level", "step_bots"])
def test_settings_of_any_json_type_are_refused_with_a_store_error(tmp_path: Path, name: str, value: object) -> None:
    """Whatever a hand-edited file holds, the table gets a StoreError naming the setting, never a crash."""
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({name: value}))
    with pytest.raises(StoreError) as info:
        Settings.load(tmp_path)
    assert info.value.field == name


def test_settings_round_trip(tmp_path: Path) -> None:
    s = Settings(four_colour=True, table_colour="blue", card_back="red", lang="es", level="random")
    s.save(tmp_path)
    assert Settings.load(tmp_path) == s
    assert read_json(tmp_path / "missing.json") is None


# ----- what the public API writes, its loaders read ------------------------------------------------------

GOOD_ADD: dict[str, object] = {"number": 7, "final": (40, 55, 101, 62), "winners": (0,)}


@pytest.mark.parametrize(
    ("changes", "field", "es_words"),
    [
        ({"number": "x"}, "number", ["número entero"]),
        ({"number": -1}, "number", ["número entero"]),
        ({"number": True}, "number", ["número entero"]),
        ({"final": None}, "final", ["uno por jugador"]),
        ({"final": (1, 2)}, "final", ["uno por jugador"]),
        ({"final": (1, 2, "3", 4)}, "final", ["uno por jugador"]),
        ({"winners": 5}, "winners", ["asientos"]),
        ({"winners": (4,)}, "winners", ["asientos"]),
        ({"winners": (0, 0)}, "winners", ["cada uno una vez"]),
        ({"level": 3}, "level", ["texto"]),
        ({"game_id": 5}, "game_id", ["texto"]),
        ({"abandoned": "yes"}, "abandoned", ["true o false"]),
    ],
)
def test_history_add_refuses_what_the_file_cannot_hold_and_records_nothing(
    tmp_path: Path, changes: dict[str, object], field: str, es_words: list[str]
) -> None:
    """An entry load() refuses was accepted by add() and written by save(): then the whole history was refused."""
    h = History.load(tmp_path)
    h.add(**GOOD_ADD, game_id="first")  # type: ignore[arg-type]
    with pytest.raises(StoreError) as info:
        h.add(**{**GOOD_ADD, **changes})  # type: ignore[arg-type]
    assert info.value.field == field and f"“{field}”" in str(info.value)
    assert all(w in info.value.explain("es") for w in es_words), info.value.explain("es")
    assert [g["id"] for g in h.games] == ["first"]  # nothing recorded
    h.save()
    assert [g["id"] for g in History.load(tmp_path).games] == ["first"]


def test_history_save_refuses_a_game_changed_after_it_was_added(tmp_path: Path) -> None:
    h = History.load(tmp_path)
    h.add(**GOOD_ADD)  # type: ignore[arg-type]
    h.games[-1]["final"] = [1, 2]  # the entry is the caller's to change, the file not
    with pytest.raises(StoreError) as info:
        h.save()
    assert info.value.field == "final"
    assert not (tmp_path / HISTORY_FILE).exists()


@pytest.mark.parametrize(
    ("settings", "field"),
    [(Settings(table_colour="pink"), "table_colour"), (Settings(lang=5), "lang"),  # type: ignore[arg-type]
     (Settings(four_colour="yes"), "four_colour"), (Settings(level=""), "level")],  # type: ignore[arg-type]
)  # fmt: skip
def test_settings_save_refuses_what_load_would_refuse_and_writes_nothing(
    tmp_path: Path, settings: Settings, field: str
) -> None:
    Settings(four_colour=True).save(tmp_path)
    before = (tmp_path / SETTINGS_FILE).read_bytes()
    with pytest.raises(StoreError) as info:
        settings.save(tmp_path)
    assert info.value.field == field
    assert (tmp_path / SETTINGS_FILE).read_bytes() == before
    assert Settings.load(tmp_path).four_colour is True


# ----- a history that would outgrow its own read limit (issue 33, item 24) -----------------------------------------


def _games(n: int, start: int = 0) -> list[dict[str, object]]:
    """``n`` recorded games, a pattern of wins and losses (runs of up to 4 wins), with distinct identities."""
    return [
        {"id": f"g{i:08d}", "number": i, "final": [30 + i % 90, 55, 101, 62], "won": i % 5 != 4, "shared": False,
         "level": "rule", "date": "2026-01-02"}
        for i in range(start, start + n)
    ]  # fmt: skip


def _write_history(folder: Path, games: list[dict[str, object]], *, indent: int | None = None) -> bytes:
    data = {"format": "hearts-history", "version": 1, "games": games}
    seps = (",", ":") if indent is None else None
    raw = (json.dumps(data, indent=indent, separators=seps) + "\n").encode()
    (folder / HISTORY_FILE).write_bytes(raw)
    return raw


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> int:
    """The history's limits scaled down (a read limit of 60 kB), so the cases below run fast; the read limit."""
    from hearts_widgets import store

    monkeypatch.setattr(store, "MAX_FILE_SIZE", 60_000)
    monkeypatch.setattr(store, "HISTORY_BUDGET", 45_000)
    monkeypatch.setattr(store, "HISTORY_KEEP", 22_000)
    monkeypatch.setattr(store, "OLDER_HISTORY_LIMIT", 240_000)
    return 60_000


def _stats_of(games: list[dict[str, object]]) -> tuple[int, int, object, int, int]:
    h = History(Path("."), [dict(g) for g in games])
    s = h.stats()
    return s.played, s.won, s.best_final, s.current_streak, s.longest_streak


def test_a_history_near_the_read_limit_stays_under_it_and_archives_its_oldest_games(tmp_path: Path) -> None:
    from hearts_widgets.store import HISTORY_BUDGET, MAX_FILE_SIZE

    games = _games(30_000)
    raw = _write_history(tmp_path, games)
    assert HISTORY_BUDGET < len(raw) < MAX_FILE_SIZE  # a compact 4 MB file, as a long-time player has
    h = History.load(tmp_path)
    assert h.add(number=5, final=(20, 60, 70, 80), winners=(0,), game_id="new-game")
    h.save()
    written = (tmp_path / HISTORY_FILE).read_bytes()
    assert len(written) <= HISTORY_BUDGET < MAX_FILE_SIZE  # readable again: the next game is recorded too
    assert b'\n "' not in written and b": " not in written  # compact, not pretty-printed
    archive = tmp_path / "history-archive-1.json"
    kept = json.loads(archive.read_text())
    back = History.load(tmp_path)
    # Every game is somewhere, once, in the order played: the archive holds the oldest.
    assert [g["id"] for g in kept["games"] + back.games] == [g["id"] for g in games] + ["new-game"]
    assert back.archived.files == ("history-archive-1.json",)
    every = [*games, back.games[-1]]
    s = back.stats()
    assert (s.played, s.won, s.best_final, s.current_streak, s.longest_streak) == _stats_of(every)
    again = History.load(tmp_path)  # and the next game is recorded, with no new archive
    assert again.add(number=6, final=(90, 1, 2, 3), winners=(1,), game_id="next")
    again.save()
    assert History.load(tmp_path).stats().played == len(every) + 1
    assert sorted(p.name for p in tmp_path.glob("history-archive-*")) == ["history-archive-1.json"]


def test_an_archive_is_never_written_over_and_streaks_run_across_it(tmp_path: Path, small_limits: int) -> None:
    (tmp_path / "history-archive-1.json").write_text("the learner's own file")
    games = _games(400)
    for g in games[-40:]:  # a winning streak of 40 that the archive does not cut
        g["won"] = True
    _write_history(tmp_path, games)
    h = History.load(tmp_path)
    h.add(number=1, final=(10, 50, 60, 70), winners=(0,), game_id="win")
    h.save()
    assert (tmp_path / "history-archive-1.json").read_text() == "the learner's own file"
    assert History.load(tmp_path).archived.files == ("history-archive-2.json",)
    s = History.load(tmp_path).stats()
    assert s.current_streak == 41 and s.played == 401


def test_an_oversized_pretty_printed_history_from_an_older_version_is_read_and_brought_under_the_limit(
    tmp_path: Path, small_limits: int
) -> None:
    games = _games(400)
    raw = _write_history(tmp_path, games, indent=1)
    assert len(raw) > small_limits  # what an older version wrote back: no finished game was recorded after it
    h = History.load(tmp_path)
    assert h.add(number=5, final=(20, 60, 70, 80), winners=(0,), game_id="new-game")
    h.save()
    assert len((tmp_path / HISTORY_FILE).read_bytes()) < small_limits
    assert History.load(tmp_path).stats().played == 401


def test_a_history_that_cannot_be_written_leaves_no_archive_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_limits: int
) -> None:
    from hearts import files

    raw = _write_history(tmp_path, _games(400))
    h = History.load(tmp_path)
    h.add(number=5, final=(20, 60, 70, 80), winners=(0,), game_id="new-game")
    real = files.write_file

    def fail_history(path, data, **kw):  # type: ignore[no-untyped-def]
        if Path(path).name == HISTORY_FILE:
            raise OSError(28, "No space left on device")
        return real(path, data, **kw)

    monkeypatch.setattr(files, "write_file", fail_history)
    with pytest.raises(OSError):
        h.save()
    assert (tmp_path / HISTORY_FILE).read_bytes() == raw
    assert list(tmp_path.glob("history-archive-*")) == []  # its games are still in history.json: not twice


def test_a_damaged_archive_summary_is_named(tmp_path: Path) -> None:
    content = history_file(archived={"played": 3, "won": 5, "best_final": 1, "longest_streak": 1, "last_streak": 0,
                                     "files": []})  # fmt: skip
    e = load_error(History.load, tmp_path, HISTORY_FILE, content)
    assert e.field == "archived" and "archive" in str(e) and "archivos" in e.explain("es")
