"""The tutorial series: English and Spanish in step, stored without outputs, parameters where promised.

"In step" means the same code (up to the language setting) and prose of the same shape: cell by cell, the
same paragraphs, headings, list items, bold phrases, code, links and numbers. A translation that drops a
paragraph or a number, or changes the code it quotes, fails here. The Voilà apps (tutorials/apps) are held to
the same code and output rules.

Executing the notebooks is done by nbmake (see tests/test_binder.py, which runs every notebook in an
environment built from binder/ alone).
"""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path
from typing import Any

import pytest

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
APPS = TUTORIALS / "apps"
LANGS = ("en", "es")
LANG_LINE = re.compile(r'^LANG = "(en|es)"\s*$', re.MULTILINE)
LANG_ARGUMENT = re.compile(r'\blang="(en|es)"')
STRATEGY = ("04", "05", "06", "07", "08")
EXPECTED = [f"{i:02d}" for i in range(14)]


def notebooks(lang: str) -> list[Path]:
    return sorted((TUTORIALS / lang).glob("*.ipynb"))


def apps(lang: str) -> list[Path]:
    return sorted((APPS / lang).glob("*.ipynb"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[str]:
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def layout(nb: dict) -> list[tuple[str, str | None]]:
    return [(c["cell_type"], c.get("id")) for c in nb["cells"]]


def without_language(code: str) -> str:
    r"""The code with its language setting and the words of its comments blanked: `LANG = "en"` and
    `lang="en"` alike, and each comment kept as a bare `#` (each language's notebook comments in its own
    language, in the same places).

    >>> without_language('N = 5  # deals; try 50\nx = "#1"  # not a comment in the string')
    'N = 5  #\nx = "#1"  #'
    """
    return LANG_ARGUMENT.sub('lang="?"', LANG_LINE.sub('LANG = "?"', blank_comments(code)))


def comments(code: str) -> list[str]:
    """The text of every comment in ``code`` (Python's tokenizer finds them: a `#` in a string is none)."""
    try:
        return [t.string for t in tokenize.generate_tokens(io.StringIO(code).readline) if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError):  # not Python (a magic the tokenizer refuses): every `#` to the end
        return re.findall(r"#.*", code)


def blank_comments(code: str) -> str:
    lines = code.splitlines(keepends=True)
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(code).readline) if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError):
        return re.sub(r"#.*", "#", code)
    for t in reversed(tokens):
        row, col = t.start
        line = lines[row - 1]
        lines[row - 1] = line[:col] + "#" + line[col + len(t.string) :]
    return "".join(lines)


# ----- the shape of a markdown cell ----------------------------------------------------------------------

CODE_SPAN = re.compile(r"`[^`]+`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s", re.MULTILINE)
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+\.)\s", re.MULTILINE)
BOLD = re.compile(r"\*\*[^*]+\*\*")
# A number in prose, with an optional ordinal ending ("13th", "13.ª"); decimals with a point or a comma.
NUMBER = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)(?:st|nd|rd|th|\.?[ªº])?(?!\w)")


def shape(markdown: str) -> dict[str, object]:
    """What a translation must keep: paragraphs, headings, list items, bold phrases, code, links, numbers."""
    prose = LINK.sub("]()", CODE_SPAN.sub("", markdown))
    links = [re.sub(r"\.(en|es)\.md$", ".md", re.sub(r"^\.\./(en|es)/", "../LANG/", t)) for t in LINK.findall(markdown)]
    return {
        "paragraphs": len([b for b in re.split(r"\n\s*\n", markdown.strip()) if b.strip()]),
        "headings": [len(h) for h in HEADING.findall(markdown)],
        "list items": len(LIST_ITEM.findall(markdown)),
        "bold phrases": len(BOLD.findall(markdown)),
        "code": sorted(re.sub(r"\s+", " ", span) for span in CODE_SPAN.findall(markdown)),
        "links": sorted(links),
        "numbers": sorted(n.replace(",", ".") for n in NUMBER.findall(prose)),
    }


def test_the_shape_check_sees_what_a_translation_can_lose() -> None:
    english = "## Try it\n\nPass `Q♠` **now**: 13 points, 0.5 per [hand](../en/x.ipynb).\n\n- one\n- two"
    spanish = "## Pruébalo\n\nPasa `Q♠` **ya**: 13 puntos, 0,5 por [mano](../es/x.ipynb).\n\n- uno\n- dos"
    assert shape(english) == shape(spanish)
    assert shape("After the 13th trick") == shape("Tras la baza 13")
    dropped = "## Pruébalo\n\n- uno\n- dos"
    assert {key for key in shape(english) if shape(english)[key] != shape(dropped)[key]} == {
        "paragraphs",
        "bold phrases",
        "code",
        "links",
        "numbers",
    }


def test_series_is_complete_and_numbered() -> None:
    for lang in LANGS:
        numbers = [p.name[:2] for p in notebooks(lang)]
        assert numbers == EXPECTED, f"{lang}: {numbers}"


def test_english_and_spanish_have_the_same_notebooks() -> None:
    assert [p.name for p in notebooks("en")] == [p.name for p in notebooks("es")]


@pytest.mark.parametrize("name", [p.name for p in notebooks("en")])
def test_same_code_in_both_languages(name: str) -> None:
    en, es = load(TUTORIALS / "en" / name), load(TUTORIALS / "es" / name)
    assert [without_language(c) for c in code_cells(en)] == [without_language(c) for c in code_cells(es)]
    assert layout(en) == layout(es), "the same cells, code and prose, in the same order and with the same ids"
    for lang, nb in (("en", en), ("es", es)):
        first = code_cells(nb)[0] if code_cells(nb) else ""
        assert f'LANG = "{lang}"' in first, f"{lang}/{name}: the first code cell sets LANG"


@pytest.mark.parametrize("name", [p.name for p in notebooks("en")])
def test_prose_has_the_same_shape_in_both_languages(name: str) -> None:
    en, es = load(TUTORIALS / "en" / name), load(TUTORIALS / "es" / name)
    problems = []
    for cell_en, cell_es in zip(en["cells"], es["cells"]):
        if cell_en["cell_type"] != "markdown":
            continue
        shape_en, shape_es = shape("".join(cell_en["source"])), shape("".join(cell_es["source"]))
        problems += [
            f"cell {cell_en.get('id')}: {key} {shape_en[key]} / {shape_es[key]}"
            for key in shape_en
            if shape_en[key] != shape_es[key]
        ]
    assert not problems, f"{name}: English and Spanish prose differ in shape: {problems}"


def test_apps_are_the_same_in_both_languages() -> None:
    names = [p.name for p in apps("en")]
    assert names and names == [p.name for p in apps("es")]
    for name in names:
        en, es = load(APPS / "en" / name), load(APPS / "es" / name)
        assert [without_language(c) for c in code_cells(en)] == [without_language(c) for c in code_cells(es)], name
        for lang, nb in (("en", en), ("es", es)):
            assert f'lang="{lang}"' in "".join(code_cells(nb)), f"apps/{lang}/{name} runs in its own language"


@pytest.mark.parametrize(
    "path",
    [*notebooks("en"), *notebooks("es"), *apps("en"), *apps("es")],
    ids=lambda p: str(p.relative_to(TUTORIALS)),
)
def test_stored_without_outputs(path: Path) -> None:
    for cell in load(path)["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, path


@pytest.mark.parametrize("number", STRATEGY)
def test_strategy_notebooks_have_a_parameters_cell(number: str) -> None:
    for lang in LANGS:
        (path,) = (TUTORIALS / lang).glob(f"{number}_*.ipynb")
        tagged = [c for c in load(path)["cells"] if "parameters" in c.get("metadata", {}).get("tags", [])]
        assert len(tagged) == 1 and tagged[0]["cell_type"] == "code", path


# ----- the notebooks that read the learner's saved game, run with one saved ------------------------------------
# (test_binder runs every notebook with no saved game: the other branch.) A notebook reads the learner's files when
# its code uses the store or opens a table or the walkthrough (they resume the saved game, settings and progress).
READS_SAVED_GAME = ("01_learn_to_play.ipynb", "02_play_against_bots.ipynb", "10_review_your_hand.ipynb")
APPS_READ_SAVED_GAME = ("learn.ipynb", "learn_by_playing.ipynb", "table.ipynb")
READS = re.compile(r"\bstore\.|\bGameTable\(|\bWalkthrough\(|\blast_finished_hand\(")
# What the learner has saved: a hand just over; the next hand begun (the usual state after a break); a save
# file that cannot be read (a crash mid-write on an old version, a disk that filled up). Notebook 10 reviews a
# hand from either app's save (the game table's, Learn by playing's): "learn" plays it in Learn by playing, "both"
# plays one hand at the game table and then one in Learn by playing, the more recent.
SAVED_STATES = [
    ("01_learn_to_play.ipynb", "next_hand"),
    ("02_play_against_bots.ipynb", "hand_over"),
    ("10_review_your_hand.ipynb", "hand_over"),
    ("10_review_your_hand.ipynb", "next_hand"),
    ("10_review_your_hand.ipynb", "damaged"),
    ("10_review_your_hand.ipynb", "learn"),
    ("10_review_your_hand.ipynb", "both"),
    *((f"apps/{name}", "next_hand") for name in APPS_READ_SAVED_GAME),
]


def _reads_saved_state(path: Path) -> bool:
    code = "".join("".join(c["source"]) for c in load(path)["cells"] if c["cell_type"] == "code")
    return bool(READS.search(code))


def test_the_notebooks_that_read_the_saved_game_are_these() -> None:
    readers = {p.name for p in notebooks("en") if _reads_saved_state(p)}
    assert readers == set(READS_SAVED_GAME), f"{readers}: a notebook that reads the saved game is run with one below"
    apps_reading = {p.name for p in apps("en") if _reads_saved_state(p)}
    assert apps_reading == set(APPS_READ_SAVED_GAME), apps_reading
    assert {name for name, _ in SAVED_STATES} == {*READS_SAVED_GAME, *(f"apps/{a}" for a in APPS_READ_SAVED_GAME)}


def _save(data: Path, state: str) -> bytes:
    """Leave the learner's files in ``state`` (game 4721, as teachers.md asks a class); the game table's save file's
    bytes (in "learn", Learn by playing's; in "both", game 4721 at the table and then game 4722 in Learn by playing).
    """
    from hearts_widgets import TableModel
    from hearts_widgets.store import LEARN_SAVE_FILE, SAVE_FILE

    if state in ("learn", "both"):
        if state == "both":
            before = _save(data, "hand_over")
        _play_a_hand(TableModel(number=4722 if state == "both" else 4721, level="random", data_dir=data,
                                paced=False, app="learn"))  # fmt: skip
        return before if state == "both" else (data / LEARN_SAVE_FILE).read_bytes()
    table = TableModel(number=4721, level="random", data_dir=data, paced=False)
    _play_a_hand(table)
    if state == "next_hand":
        table.press("next")
        assert table.hand.hand_number == 2
    elif state == "damaged":
        (data / SAVE_FILE).write_bytes(b'{"format": "hearts-table-save", "game": {"numb')
    return (data / SAVE_FILE).read_bytes()


def _play_a_hand(table: Any) -> None:
    for c in list(table.hand.hand_of(0))[:3]:
        table.click_card(c.code)
    table.press("pass")
    while not table.hand.is_over:
        table.click_card(table.hand.legal_moves.lowest().code)


@pytest.mark.notebooks
@pytest.mark.parametrize(("name", "state"), SAVED_STATES)
def test_runs_with_the_learners_game_saved(
    name: str, state: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nbformat
    from nbclient import NotebookClient

    from hearts_widgets.store import LEARN_SAVE_FILE, SAVE_FILE

    data = tmp_path / "data"
    before = _save(data, state)
    monkeypatch.setenv("HEARTS_DATA_DIR", str(data))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    path = APPS / "en" / name.removeprefix("apps/") if name.startswith("apps/") else TUTORIALS / "en" / name
    nb = nbformat.read(path, as_version=4)
    where = {"metadata": {"path": str(path.parent)}}  # notebook 10 reads ../solutions from there
    client = NotebookClient(nb, timeout=300, kernel_name="python3", resources=where)
    client.execute()
    said = "".join(
        out.get("text", "") for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])
    )
    if name.startswith("10"):
        if state == "damaged":  # nothing to review of the learner's: the example, and the file is left as it was
            assert "here is an example: deal 11" in said, said[:2000]
        elif state == "learn":  # a hand played only in Learn by playing (notebook 01) is reviewed, and said so
            assert "Your saved game 4721 in Learn by playing (notebook 01), hand 1:" in said, said[:2000]
        elif state == "both":  # the more recent of the two saves' finished hands
            assert "Your saved game 4722 in Learn by playing (notebook 01), hand 1:" in said, said[:2000]
        else:  # it reviews the learner's own finished hand, not the example
            assert "Your saved game 4721 at the game table (notebook 02), hand 1:" in said, said[:2000]
    if state == "learn":
        assert (data / LEARN_SAVE_FILE).read_bytes() == before and not (data / SAVE_FILE).exists()
    elif state == "damaged":
        assert (data / SAVE_FILE).read_bytes() == before  # never destroyed, even damaged
    else:  # the learner's game is still there, at least as far as it was
        saved = json.loads((data / SAVE_FILE).read_text(encoding="utf-8"))
        assert saved["game"]["number"] == 4721, saved


@pytest.mark.notebooks
@pytest.mark.parametrize("lang", LANGS)
def test_your_own_games_runs_on_the_learners_kept_hand(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Notebook 12 with one hand finished at the game table: it analyses that hand, not the sample (test_binder
    runs it with none: the sample)."""
    import nbformat
    from nbclient import NotebookClient

    from hearts_widgets import TableModel

    data = tmp_path / "data"
    _play_a_hand(TableModel(number=4721, level="random", data_dir=data, paced=False))
    kept = sorted((data / "games").iterdir())
    before = kept[0].read_bytes()
    monkeypatch.setenv("HEARTS_DATA_DIR", str(data))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    path = TUTORIALS / lang / "12_your_own_games.ipynb"
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    said = "".join(
        out.get("text", "") for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])
    )
    yours = {"en": "Your games: 1 finished hand, reviewed below.",
             "es": "Tus partidas: 1 mano terminada, revisada abajo."}
    assert yours[lang] in said, said[:2000]
    assert sorted((data / "games").iterdir()) == kept and kept[0].read_bytes() == before  # read, never rewritten


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_notebook_with_a_check_keeps_it_in_the_browser_from_its_first_cell(lang: str) -> None:
    """A notebook whose exercises call ``check()`` shows ``progress_line(LANG)`` at the end of its first code cell:
    every check made in it then reaches the browser's copy (a Binder's folder does not outlast the session), even if
    the learner opens no table, quiz or course map. Running that cell draws it (the last expression is shown)."""
    checked = [p for p in notebooks(lang) if any(re.search(r"\bcheck\(\"\d+\"", c) for c in code_cells(load(p)))]
    assert len(checked) >= 12, [p.name for p in checked]
    for path in checked:
        first = code_cells(load(path))[0]
        assert first.rstrip().splitlines()[-1] == "progress_line(LANG)", path.name
        assert re.search(r"^from hearts_widgets import .*\bprogress_line\b", first, re.M), path.name
