"""The tutorial series: English and Spanish in step, stored without outputs, parameters where promised.

Executing the notebooks is done by nbmake (see tests/test_binder.py, which runs every notebook in an
environment built from binder/ alone).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
LANGS = ("en", "es")
LANG_LINE = re.compile(r'^LANG = "(en|es)"\s*$', re.MULTILINE)
STRATEGY = ("04", "05", "06", "07", "08")
EXPECTED = [f"{i:02d}" for i in range(11)]


def notebooks(lang: str) -> list[Path]:
    return sorted((TUTORIALS / lang).glob("*.ipynb"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[str]:
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def test_series_is_complete_and_numbered() -> None:
    for lang in LANGS:
        numbers = [p.name[:2] for p in notebooks(lang)]
        assert numbers == EXPECTED, f"{lang}: {numbers}"


def test_english_and_spanish_have_the_same_notebooks() -> None:
    assert [p.name for p in notebooks("en")] == [p.name for p in notebooks("es")]


@pytest.mark.parametrize("name", [p.name for p in notebooks("en")])
def test_same_code_in_both_languages(name: str) -> None:
    en, es = load(TUTORIALS / "en" / name), load(TUTORIALS / "es" / name)
    code_en = [LANG_LINE.sub('LANG = "?"', c) for c in code_cells(en)]
    code_es = [LANG_LINE.sub('LANG = "?"', c) for c in code_cells(es)]
    assert code_en == code_es
    assert len(en["cells"]) == len(es["cells"]), "the same cells, code and prose, in the same order"
    for lang, nb in (("en", en), ("es", es)):
        first = code_cells(nb)[0] if code_cells(nb) else ""
        assert f'LANG = "{lang}"' in first, f"{lang}/{name}: the first code cell sets LANG"


@pytest.mark.parametrize("path", [*notebooks("en"), *notebooks("es")], ids=lambda p: f"{p.parent.name}/{p.name}")
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
