"""The tutorials as a JupyterLite site (``python -m hearts site build OUT --lite``): what the build writes.

JupyterLite's kernel loads Pyodide from the public CDN, which tests cannot reach, so the site is not run here: its
contents are checked. Every tutorial (English and Spanish) is there with the install cell first; the package's wheel
and the widgets' wheels are in the kernel's wheel index with their SHA-256, and import from those wheels alone; the
index page says what needs internet; the notebooks that cannot run there say so in their first cell.

The JupyterLite build is kept in the site cache (``$HEARTS_SITE_CACHE`` or ``~/.cache/hearts-site``) under a key of
everything it is built from, so a second build of the same sources copies it.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from hearts.site import SiteError, build_site
from hearts.site.build import default_cache
from hearts.site.lite import (
    CANNOT_RUN,
    INSTALL_CELL_ID,
    KERNEL_STARTS_WITH,
    LITE_DISTRIBUTIONS,
    _cdn,
    kernel_lock,
    unmet_requirements,
)

ROOT = Path(__file__).resolve().parents[1]
TUTORIALS = ROOT / "tutorials"
# A notebook that uses one of these cannot run on JupyterLite (one process, no native kernel, no RL libraries).
CANNOT = re.compile(r"\bhearts\.rl\b|\bdask\b|\bmultiprocessing\b|\bpettingzoo\b|\bgymnasium\b|workers\s*=\s*None|"
                    r"\bsubprocess\b|^\s*!", re.MULTILINE)  # fmt: skip


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lite") / "out"
    build_site(out, cache=default_cache(), lite=True)
    return out


def _notebooks() -> list[str]:
    return sorted(
        p.relative_to(TUTORIALS).as_posix() for p in TUTORIALS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )


def test_every_tutorial_is_there_in_both_languages_with_the_install_cell_first(site: Path) -> None:
    lite = site / "lite"
    manifest = json.loads((lite / "hearts-lite.json").read_text())
    names = _notebooks()
    assert {n[:3] for n in names if n[:3] in ("en/", "es/")} == {"en/", "es/"}
    en = sum(n.startswith("en/") for n in names)
    assert en == sum(n.startswith("es/") for n in names) and en >= 14  # 00 to 13 at least
    assert manifest["notebooks"] == names and manifest["langs"] == ["en", "es"]
    listed = json.loads((lite / "api/contents/en/all.json").read_text())
    assert {c["name"] for c in listed["content"]} >= {n.split("/")[-1] for n in names if n.startswith("en/")}
    for name in names:
        source = json.loads((TUTORIALS / name).read_text(encoding="utf-8"))
        copy = json.loads((lite / "files" / name).read_text(encoding="utf-8"))
        cells = copy["cells"]
        first_code = next(i for i, c in enumerate(cells) if c["cell_type"] == "code")
        install = cells[first_code]
        assert install["id"] == INSTALL_CELL_ID, name
        assert install["source"].splitlines()[-1] == "%pip install -q hearts-tutor", name
        lang = "es" if "/es/" in f"/{name}" else "en"
        assert ("instala el paquete" if lang == "es" else "install the package") in install["source"], name
        assert cells[:first_code] + cells[first_code + 1 :] == source["cells"], f"{name}: the rest as in tutorials/"
    # The files the notebooks read beside them (the apps' style sheet, the solutions) are there too.
    assert (lite / "files/apps/app.css").is_file() and (lite / "files/solutions/09_your_own_bot.py").is_file()
    # Every file of the JupyterLite site is in its manifest, with its SHA-256; the site's own manifest points to it.
    on_disk = {p.relative_to(lite).as_posix() for p in lite.rglob("*") if p.is_file()} - {"hearts-lite.json"}
    assert set(manifest["files"]) == on_disk
    for name in ("index.html", "pypi/all.json", "jupyter-lite.json"):
        assert hashlib.sha256((lite / name).read_bytes()).hexdigest() == manifest["files"][name]
    site_json = json.loads((site / "site.json").read_text())
    assert site_json["lite"]["manifest"] == "lite/hearts-lite.json" and site_json["lite"]["notebooks"] == names


def test_the_wheels_are_in_the_kernels_index_with_their_sha256_and_import_from_it_alone(
    site: Path, tmp_path: Path
) -> None:
    lite = site / "lite"
    config = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]
    urls = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["pipliteUrls"]
    index_bytes = (lite / "pypi/all.json").read_bytes()
    assert f"./pypi/all.json?sha256={hashlib.sha256(index_bytes).hexdigest()}" in urls
    index = json.loads(index_bytes)
    assert {"hearts-tutor", "anywidget", "ipywidgets", "jupyterlab-widgets"} <= set(index)
    versions: dict[str, str] = {}
    for project, entry in index.items():
        ((version, (release,)),) = entry["releases"].items()
        wheel = lite / "pypi" / release["url"].removeprefix("./")
        assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == release["digests"]["sha256"], project
        assert release["size"] == wheel.stat().st_size
        names = zipfile.ZipFile(wheel).namelist()
        assert not [n for n in names if n.endswith((".so", ".pyd"))], f"{project}: a compiled module"
        versions[project] = version
    # Everything the kernel installs as it starts, and the package with all it requires, comes from the site's index,
    # the kernel's own, or Pyodide's distribution (its pyodide-lock.json) at a version that fits: nothing from PyPI.
    kernel_index = lite / "extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/all.json"
    lock = kernel_lock(default_cache())
    wanted = ["hearts-tutor", *KERNEL_STARTS_WITH]
    assert unmet_requirements([lite / "pypi/all.json", kernel_index], lock, wanted) == []
    assert "comm" in index and "comm" not in lock["packages"]  # the kernel needs it as it starts; Pyodide lacks it
    # Without it the check says so (the kernel would have fetched it from PyPI).
    shutil.copytree(lite / "pypi", tmp_path / "pypi")
    (tmp_path / "pypi/all.json").write_text(json.dumps({k: v for k, v in index.items() if k != "comm"}))
    unmet = unmet_requirements([tmp_path / "pypi/all.json", kernel_index], lock, wanted)
    assert "the kernel: comm" in unmet and "ipywidgets: comm>=0.1.3" in unmet
    shutil.rmtree(tmp_path / "pypi")
    meta = zipfile.ZipFile(lite / "pypi/hearts_tutor-0.1.0-py3-none-any.whl").read(
        "hearts_tutor-0.1.0.dist-info/METADATA"
    )
    assert b"pyarrow" not in meta and b"Requires-Dist: pandas" in meta
    # Unpacked first on the path, the wheels import and play: the package from its wheel (not the install here), and
    # psygnal as pure Python (its installed build is compiled; the wheel keeps the sources only).
    for project, version in versions.items():
        zipfile.ZipFile(lite / "pypi" / index[project]["releases"][version][0]["url"].removeprefix("./")).extractall(
            tmp_path
        )
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import hearts, psygnal, filelock, tqdm\n"
        "from hearts import Deal, HandState\n"
        "from hearts.bots import RuleBot\n"
        "from hearts.selfplay import play_out\n"
        "assert hearts.__file__.startswith(sys.argv[1]) and psygnal.__file__.startswith(sys.argv[1])\n"
        "assert not psygnal._compiled\n"
        "points, _ = play_out(HandState(Deal.from_number(7)), [RuleBot()] * 4)\n"
        "print(sum(points))\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    from hearts import Deal, HandState
    from hearts.bots import RuleBot
    from hearts.selfplay import play_out

    assert done.stdout.split() == [str(sum(play_out(HandState(Deal.from_number(7)), [RuleBot()] * 4)[0]))]


def test_the_widgets_front_ends_and_the_kernel_are_the_only_extensions(site: Path) -> None:
    lite = site / "lite"
    config = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]
    names = {e["name"] for e in config["federated_extensions"]}
    assert names == {"@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget"}
    for name in names:
        assert (lite / "extensions" / name / "package.json").is_file(), name
    assert set(LITE_DISTRIBUTIONS) >= {"anywidget", "ipywidgets"}


def test_the_index_page_says_what_needs_internet_and_that_binder_is_the_full_option(site: Path) -> None:
    page = (site / "lite/index.html").read_text()
    host = re.sub(r"^https?://([^/]+).*$", r"\1", _cdn())
    for lang, words in (
        ("en", ["Needs internet", "Pyodide", "numpy, pandas", host, "work offline",
                "Binder stays the full option", "cannot run here", "11 · Train an agent"]),
        ("es", ["Necesita internet", "Pyodide", "numpy, pandas", host, "sin conexión",
                "Binder sigue siendo la opción completa", "no pueden ejecutarse aquí", "11 · Entrena un agente"]),
    ):  # fmt: skip
        section = re.search(rf'<section lang="{lang}".*?</section>', page, re.DOTALL)
        assert section is not None, lang
        for word in words:
            assert word in section.group(0), (lang, word)
        assert f'href="lab/index.html?path={lang}/00_index.ipynb"' in section.group(0)
        assert f"tutorials/{lang}/00_index.ipynb" in section.group(0)  # the Binder link, in that language
    top = (site / "index.html").read_text()
    assert 'href="lite/index.html#lite-en"' in top and 'href="lite/index.html#lite-es"' in top
    assert "JupyterLite" in top


def test_the_notebooks_that_cannot_run_there_say_so_in_their_first_cell_and_only_they() -> None:
    cannot = set()
    for name in _notebooks():
        nb = json.loads((TUTORIALS / name).read_text(encoding="utf-8"))
        code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
        first = "".join(nb["cells"][0]["source"])
        if CANNOT.search(code):
            cannot.add(name.rsplit("/", 1)[-1])
            assert "JupyterLite" in first and ("does not run" in first or "no funciona" in first), name
            assert "Binder" in first, name
        else:
            assert "JupyterLite" not in first, f"{name} runs there"
    assert cannot == set(CANNOT_RUN)


def test_a_second_build_of_the_same_sources_comes_from_the_cache(site: Path, tmp_path: Path) -> None:
    out = tmp_path / "again"
    done = subprocess.run(
        [sys.executable, "-m", "hearts", "site", "build", str(out), "--lite"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "(from the cache)" in done.stdout and str(out / "lite") in done.stdout
    first = json.loads((site / "lite/hearts-lite.json").read_text())
    again = json.loads((out / "lite/hearts-lite.json").read_text())
    assert again["key"] == first["key"] and again["files"] == first["files"]


def test_bad_input_is_refused_before_anything_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    with pytest.raises(SiteError) as err:
        build_site(out, lite=True, tutorials=tmp_path / "nowhere")
    assert err.value.option == "tutorials" and "en/00_index.ipynb" in str(err.value)
    assert not out.exists()
    import hearts.site.lite as lite

    real = lite.importlib.util.find_spec
    monkeypatch.setattr(lite.importlib.util, "find_spec", lambda n, *a: None if n == "jupyterlite_core" else real(n))
    with pytest.raises(SiteError) as err:
        build_site(out, lite=True)
    assert (
        err.value.option == "lite" and "hearts-tutor[site]" in str(err.value) and "jupyterlite-core" in str(err.value)
    )
    assert not out.exists()


def test_build_lite_replaces_only_a_site_it_built_never_a_users_folder(tmp_path: Path) -> None:
    from hearts.site.lite import build_lite

    mine = tmp_path / "Documents"
    mine.mkdir()
    (mine / "essay.txt").write_text("mine")
    for dest in (mine, mine / "essay.txt"):
        with pytest.raises(SiteError) as err:
            build_lite(dest)
        assert err.value.option == "dest" and "is not a site built by this command" in str(err.value)
    assert [p.name for p in mine.iterdir()] == ["essay.txt"] and (mine / "essay.txt").read_text() == "mine"
