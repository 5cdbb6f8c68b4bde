"""The repository as a contributor clones it: notebooks stored clean behind a git filter, nothing pointing
outside the clone, the rules page in both languages, and each language's notebooks in their own language.

- Notebooks: stored as Jupyter writes them (nbformat's layout, ``language_info`` as the kernel reports it)
  less what running them changes: outputs, execution counts, widget state, cell timing and the kernel's
  Python version. ``scripts/git-setup`` (run by ``scripts/test`` and ``scripts/tutorials``) sets up the
  nbstripout filter that takes those out again, so a notebook run and saved in JupyterLab leaves
  ``git status`` clean.
- Links: no tracked file names a path outside the repository (``../shared/RULES.md`` was one), and every
  relative link of the Markdown pages and notebooks leads to a file of the clone.
"""

from __future__ import annotations

import copy
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
# Metadata a kernel or JupyterLab writes that depends on the run or the machine, never stored.
VOLATILE_NOTEBOOK = ("signature", "widgets")
VOLATILE_CELL = ("collapsed", "scrolled", "execution", "ExecuteTime", "heading_collapsed", "hidden")


def tracked(*patterns: str) -> list[Path]:
    """The files git tracks (the working tree's list: a clone's files, nothing generated)."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--", *patterns], cwd=REPO, capture_output=True, check=True
    ).stdout.decode()
    return [REPO / p for p in out.split("\0") if p and (REPO / p).exists()]


NOTEBOOKS = tracked("*.ipynb")


def kernel_language_info() -> dict[str, Any]:
    """What the project's kernel (ipykernel) reports and JupyterLab writes into ``metadata.language_info``."""
    from ipykernel.ipkernel import IPythonKernel

    return dict(IPythonKernel.language_info)


def test_there_are_notebooks() -> None:
    assert len(NOTEBOOKS) >= 30 and all(p.suffix == ".ipynb" for p in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(REPO)))
def test_notebook_is_stored_clean(path: Path) -> None:
    import nbformat

    text = path.read_text(encoding="utf-8")
    nb = json.loads(text)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, cell["id"]
        assert not set(cell.get("metadata", {})) & set(VOLATILE_CELL), (cell["id"], cell["metadata"])
    meta = nb["metadata"]
    assert not set(meta) & set(VOLATILE_NOTEBOOK), meta
    # language_info as the kernel writes it back, less the one field that depends on the machine.
    expected = {k: v for k, v in kernel_language_info().items() if k != "version"}
    assert meta["language_info"] == expected, meta["language_info"]
    assert meta["kernelspec"] == {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    # nbformat's own layout (sorted keys, one-space indent, final newline): what Jupyter writes on save.
    assert text == nbformat.writes(nbformat.reads(text, as_version=4)) + "\n"


def as_jupyter_saves(stored: str, python_version: str = "3.11.7") -> str:
    """A stored notebook after a JupyterLab session: run, autosaved with outputs, counts, widget state, cell
    timing and the kernel's full ``language_info``, written by nbformat as the Jupyter server does."""
    import nbformat

    nb = nbformat.reads(stored, as_version=4)
    ran = copy.deepcopy(nb)
    count = 0
    for cell in ran.cells:
        if cell.cell_type != "code":
            continue
        count += 1
        cell.execution_count = count
        cell.outputs = [
            nbformat.v4.new_output("stream", name="stdout", text=f"printed by cell {count}\n"),
            nbformat.v4.new_output(
                "execute_result",
                data={"text/plain": "GameTable(...)", "application/vnd.jupyter.widget-view+json": {"model_id": "ab"}},
                execution_count=count,
            ),
        ]
        cell.metadata["execution"] = {"iopub.execute_input": "2026-12-06T04:40:00.000Z"}
        cell.metadata["scrolled"] = True
    ran.metadata["language_info"] = {**kernel_language_info(), "version": python_version}
    ran.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}, "version_major": 2}}
    return nbformat.writes(ran) + "\n"


def git(cwd: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t")
    env.update(GIT_COMMITTER_EMAIL="t@example.org", GIT_CONFIG_NOSYSTEM="1", HOME=str(cwd.parent))
    done = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def test_the_scripts_set_up_the_notebook_filter() -> None:
    for script in ("test", "tutorials"):
        text = (REPO / "scripts" / script).read_text(encoding="utf-8")
        assert "./scripts/git-setup" in text, f"scripts/{script} sets up the notebook filter"
    assert re.search(r"^\*\.ipynb .*filter=nbstripout", (REPO / ".gitattributes").read_text(), re.MULTILINE)
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^dev = \[.*"nbstripout', pyproject, re.MULTILINE), "the filter's library is a dependency"
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "scripts/git-setup" in readme and "nbstripout" in readme, "README's contributor section explains it"


def test_a_notebook_run_and_saved_in_jupyter_shows_no_change_to_git(tmp_path: Path) -> None:
    """In a clone set up by scripts/git-setup, a tutorial written back as Jupyter does after a run shows no
    difference to git and stages nothing; a real edit still shows, and is stored without the outputs that came
    with it. Every tutorial goes through the configured filter command back to its stored bytes."""
    clone = tmp_path / "clone"
    clone.mkdir()
    shutil.copytree(REPO / "scripts", clone / "scripts")
    shutil.copy(REPO / ".gitattributes", clone / ".gitattributes")
    index, app = clone / "tutorials/en/00_index.ipynb", clone / "tutorials/apps/es/table.ipynb"
    for path in (index, app):  # two tutorials in git (each git command runs the filter once per notebook)
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / path.relative_to(clone), path)
    (clone / ".venv").symlink_to(Path(sys.prefix))  # the filter runs .venv/bin/python, as in a real clone
    (clone / ".gitignore").write_text(".venv\n")
    git(clone, "init", "-q")
    subprocess.run([str(clone / "scripts" / "git-setup")], cwd=clone, check=True)
    clean = git(clone, "config", "--local", "filter.nbstripout.clean").strip()
    assert "nbstripout" in clean
    git(clone, "add", "-A")
    git(clone, "commit", "-q", "-m", "tutorials")

    # Every tutorial, saved as Jupyter saves it, then cleaned by the filter's own command (one run for all).
    saved_dir = tmp_path / "saved"
    copies = []
    for n, nb in enumerate(NOTEBOOKS):
        copy_path = saved_dir / f"{n:02d}_{nb.name}"
        copy_path.parent.mkdir(exist_ok=True)
        saved = as_jupyter_saves(nb.read_text(encoding="utf-8"))
        assert saved != nb.read_text(encoding="utf-8")
        copy_path.write_text(saved, encoding="utf-8")
        copies.append((copy_path, nb))
    subprocess.run(f"{clean} " + " ".join(str(c) for c, _ in copies), shell=True, cwd=clone, check=True)
    changed = [str(nb.relative_to(REPO)) for c, nb in copies if c.read_bytes() != nb.read_bytes()]
    assert not changed, changed

    # Through git itself: a notebook Jupyter saved shows no difference, and adding it stages nothing.
    for path in (index, app):
        path.write_text(as_jupyter_saves(path.read_text(encoding="utf-8")), encoding="utf-8")
    assert git(clone, "diff") == ""
    git(clone, "add", "-A")
    assert git(clone, "status", "--porcelain") == "" and git(clone, "diff", "--cached") == ""

    # A real change (a new markdown line) shows, and only it is committed.
    nb = json.loads(index.read_text(encoding="utf-8"))
    nb["cells"][0]["source"].append("\nA new line.")
    index.write_text(json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    diff = git(clone, "diff")
    assert "A new line." in diff and "printed by cell" not in diff and "3.11.7" not in diff, diff
    git(clone, "add", "-A")
    assert git(clone, "status", "--porcelain").split() == ["M", "tutorials/en/00_index.ipynb"]
    stored = json.loads(git(clone, "show", ":tutorials/en/00_index.ipynb"))
    assert all(c.get("outputs", []) == [] for c in stored["cells"])
    assert "version" not in stored["metadata"]["language_info"]


# ----- nothing points outside the clone ---------------------------------------------------------------------

TEXT_SUFFIXES = {".md", ".py", ".ipynb", ".json", ".toml", ".txt", ".cfg", ".yml", ".yaml", ".css", ".js", ".html", ""}
# The documents the project was specified from are not in a clone: ../shared/RULES.md, seeds/000 to 004.
OUTSIDE = re.compile(r"\.\./shared\b|/work/(?:shared|main|wt|notes)\b|\bRULES\.md\b|\bseeds/\d{3}")
MD_LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_no_tracked_file_points_outside_the_repository() -> None:
    found = []
    for path in tracked():
        if path.suffix not in TEXT_SUFFIXES or path == Path(__file__):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found += [f"{path.relative_to(REPO)}: {m.group(0)}" for m in OUTSIDE.finditer(text)]
    assert not found, found


def _markdown_of(path: Path) -> str:
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


def test_every_relative_link_leads_to_a_file_of_the_clone() -> None:
    broken = []
    for path in tracked("*.md", "*.ipynb"):
        for target in MD_LINK.findall(_markdown_of(path)):
            if re.match(r"^[a-z]+:|^#", target):  # a web address, or a place on the same page
                continue
            dest = (path.parent / target.split("#")[0]).resolve()
            if REPO not in dest.parents or not dest.exists():
                broken.append(f"{path.relative_to(REPO)} -> {target}")
    assert not broken, broken


def test_the_rules_page_is_in_the_repository_in_both_languages() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "](docs/rules.md)" in readme and "](docs/rules.es.md)" in readme
    en = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    es = (REPO / "docs" / "rules.es.md").read_text(encoding="utf-8")
    assert "](rules.es.md)" in en and "](rules.md)" in es
    # The default game, then every variant the engine offers: each Rules option is named on both pages.
    from hearts import Rules

    options = [f for f in Rules.__dataclass_fields__.values() if f.init]
    for page in (en, es):
        for option in options:
            assert f"`{option.name}`" in page, option.name
        for removed in ("2♦, 3♦, 3♣, 4♣", "2♦, 2♣", "2♦, 3♦, 3♣"):
            assert removed in page
    for words in (("100", "26", "2♣", "Q♠"),):
        for page in (en, es):
            assert all(w in page for w in words)


# ----- each language's notebooks speak their own language --------------------------------------------------

# Small words of each language that the other one never uses: a comment holding two of them is in that language.
SPANISH = {
    "aquí",
    "código",
    "prueba",
    "para",
    "por",
    "los",
    "las",
    "del",
    "con",
    "una",
    "cada",
    "más",
    "que",
    "el",
    "en",
    "de",
    "otra",
    "otros",
    "repartos",
    "manos",
    "partidas",
    "semilla",
    "procesos",
    "usa",
    "todos",
    "núcleos",
    "tablas",
    "sus",
    "esa",
    "función",
    "asiento",
    "fila",
    "carta",
    "diseño",
    "pantalla",
}
ENGLISH = {
    "the",
    "and",
    "your",
    "here",
    "with",
    "for",
    "try",
    "every",
    "each",
    "by",
    "default",
    "not",
    "that",
    "is",
    "of",
    "in",
    "another",
    "deals",
    "hands",
    "games",
    "uses",
    "processes",
    "tables",
    "their",
    "way",
    "using",
    "row",
    "one",
    "words",
    "own",
    "numbers",
    "layout",
    "keeps",
    "usual",
    "address",
    "than",
    "wide",
}


def _words(comment: str) -> list[str]:
    """The words of a comment, without the code it quotes (`x`, names with dots, brackets or underscores)."""
    body = re.sub(r"`[^`]*`", " ", comment.lstrip("#"))
    tokens = [t.strip(".!?¿¡'\"") for t in re.split(r"[\s,;:/]+", body)]
    return [t.lower() for t in tokens if t and not re.search(r"[._=\[\]()<>]", t)]


def notebook_comments(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        code = "".join(cell["source"])
        try:
            tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
        except (tokenize.TokenError, SyntaxError):
            found += re.findall(r"#.*", code)
            continue
        found += [t.string for t in tokens if t.type == tokenize.COMMENT]
    return found


def test_the_word_lists_tell_the_languages_apart() -> None:
    assert len(set(_words("# Your code here / Tu código aquí")) & SPANISH) >= 2
    assert len(set(_words("# Your code here / Tu código aquí")) & ENGLISH) >= 2
    assert len(set(_words("# Tu código aquí: una fila por cada carta de position.hand_of(seat)")) & ENGLISH) == 0
    assert len(set(_words("# 4000 by default: narrower margins, slower")) & SPANISH) == 0


LANG_NOTEBOOKS = [
    (lang, p)
    for lang in ("en", "es")
    for p in [
        *sorted((REPO / "tutorials" / lang).glob("*.ipynb")),
        *sorted((REPO / "tutorials/apps" / lang).glob("*.ipynb")),
    ]
]


@pytest.mark.parametrize(("lang", "path"), LANG_NOTEBOOKS, ids=lambda x: x if isinstance(x, str) else x.name)
def test_notebook_comments_are_in_the_notebooks_language(lang: str, path: Path) -> None:
    other = SPANISH if lang == "en" else ENGLISH
    wrong = [c for c in notebook_comments(path) if len(set(_words(c)) & other) >= 2]
    assert not wrong, f"{path.relative_to(REPO)} ({lang}) has comments in the other language: {wrong}"


def test_every_package_of_the_source_is_installed() -> None:
    """A wheel holds every package folder of hearts/ and widgets/ (pyproject lists them one by one): a folder
    left out imports in the clone and fails after ``pip install .`` (Binder's notebooks met ``No module named
    'hearts.tutor'``)."""
    import tomllib

    setup = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(setup["packages"])
    names = {"hearts": "hearts", "widgets": "hearts_widgets"}
    found = {
        ".".join([names[init.relative_to(REPO).parts[0]], *init.relative_to(REPO).parts[1:-1]])
        for top in names
        for init in (REPO / top).rglob("__init__.py")
    }
    assert found - listed == set(), "add these packages to [tool.setuptools] packages in pyproject.toml"
