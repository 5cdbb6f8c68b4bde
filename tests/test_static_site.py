"""The static site's build (``python -m hearts site build OUT``): what it writes, and what it refuses.

The build fetches the pinned ``pyodide`` npm package once into a cache (``$HEARTS_SITE_CACHE``, else
``~/.cache/hearts-site``); the browser test (tests/browser/test_static_site_browser.py) plays at the built table.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from hearts.site import PYODIDE_INTEGRITY, PYODIDE_VERSION, SiteError, build_site
from hearts.site.build import PYODIDE_FILES, default_cache, fetch_pyodide, integrity

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "out"
    build_site(out, cache=default_cache())
    return out


def test_the_site_has_its_pages_pyodide_the_wheels_and_a_manifest_of_every_file(site: Path) -> None:
    manifest = json.loads((site / "site.json").read_text())
    assert manifest["pyodide"] == PYODIDE_VERSION and manifest["langs"] == ["en", "es"]
    for name in ("index.html", "en/index.html", "es/index.html", "en/learn.html", "es/learn.html",
                 "en/walkthrough.html", "es/walkthrough.html", "sw.js",
                 "assets/bridge.js", "assets/table.js"):  # fmt: skip
        assert (site / name).is_file(), name
    for name in PYODIDE_FILES:
        assert (site / "pyodide" / name).stat().st_size > 0
    listed = set(manifest["files"])
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()} - {"site.json"}
    assert listed == on_disk
    for name, digest in manifest["files"].items():
        assert hashlib.sha256((site / name).read_bytes()).hexdigest() == digest, name
    # The front end is the widgets' own, unchanged: one front end, not two.
    assert (site / "assets/table.js").read_bytes() == (ROOT / "widgets/static/table.js").read_bytes()
    # The pages are in their language, and the service worker keeps every file of the site.
    es = (site / "es/index.html").read_text()
    assert '<html lang="es">' in es and "Cargando" in es
    learn = (site / "es/learn.html").read_text()
    assert "Corazones: aprende jugando" in learn and '"app": "learn"' in learn and 'href="../en/learn.html"' in learn
    sw = (site / "sw.js").read_text()
    for name in on_disk - {"sw.js"}:
        assert f'"{name}"' in sw, name
    assert manifest["stamp"] in sw


def test_the_pyodide_files_are_those_of_the_pinned_package_checked_by_its_integrity_hash(site: Path) -> None:
    tgz = fetch_pyodide(default_cache())
    assert integrity(tgz.read_bytes()) == PYODIDE_INTEGRITY
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            assert member is not None and member.read() == (site / "pyodide" / name).read_bytes(), name


def test_a_tarball_that_does_not_match_its_hash_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    good = fetch_pyodide(default_cache()).read_bytes()
    bad = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    bad.write_bytes(good[:-10] + b"0123456789")
    with pytest.raises(SiteError, match="integrity") as e:
        build_site(tmp_path / "out", cache=cache)
    assert e.value.option == "cache"
    assert not (tmp_path / "out").exists() and not bad.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["cache"]  # no half-built folder left beside OUT


def test_the_pages_request_nothing_from_another_host(site: Path) -> None:
    ours = [site / "index.html", site / "sw.js", *(site / "en").iterdir(), *(site / "es").iterdir(),
            *(site / "assets").iterdir()]  # fmt: skip
    for path in ours:
        body = path.read_text(encoding="utf-8")
        found = re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"'`)]*", body)
        urls = [u for u in found if "www.w3.org/2000/svg" not in u]  # an XML namespace, not a request
        assert urls == [], (path.name, urls)
        for attr in re.findall(r'(?:src|href)="([^"]*)"', body):
            assert not re.match(r"^(?:[a-z]+:)?//", attr) and (attr.startswith((".", "#", "data:")) or "/" not in attr
                                                                 or not attr.startswith("/")), (path.name, attr)
    worker = (site / "assets/worker.js").read_text()  # Python runs in the page's worker, from the site's own folder
    assert 'from "../pyodide/pyodide.mjs"' in worker and "indexURL" in worker
    assert 'new Worker(new URL("worker.js", import.meta.url)' in (site / "assets/bridge.js").read_text()
    # The panels' style is the widgets' own file, as the Jupyter table's.
    assert (site / "assets/panels.css").read_bytes() == (ROOT / "widgets/static/panels.css").read_bytes()


def test_the_wheel_is_pure_python_and_its_table_runs_from_it_alone(site: Path, tmp_path: Path) -> None:
    manifest = json.loads((site / "site.json").read_text())
    target = tmp_path / "site-packages"
    for wheel in manifest["wheels"]:
        names = zipfile.ZipFile(site / wheel).namelist()
        assert not [n for n in names if n.endswith((".so", ".c", ".pyd"))]
        zipfile.ZipFile(io.BytesIO((site / wheel).read_bytes())).extractall(target)
    code = (
        "import json, tempfile, hearts_widgets.site_table as s; "
        f"assert s.__file__.startswith({str(target)!r}), s.__file__; "
        "t = s.SiteTable(data_dir=tempfile.mkdtemp(), number=5, level='rule', lang='es'); "
        "out = json.loads(t.handle(json.dumps({'event': 'hello'}))); "
        "print(out['page']['title'], out['state']['version'])"
    )
    env = {"PYTHONPATH": str(target), "HEARTS_KERNEL": "python", "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, "-S", "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["Corazones", "·", "partida", "5", "1"]


def test_the_command_builds_and_refuses_bad_options_naming_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hearts.cli import main

    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "hearts", "site", "build", str(out), "--lang", "es", "--cache",
                           str(default_cache())], capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Site written to" in done.stdout and (out / "es/index.html").is_file() and not (out / "en").exists()
    with pytest.raises(SystemExit) as e:
        main(["site", "build", str(tmp_path / "x"), "--lang", "fr"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "argument --lang" in err and "'fr'" in err and not (tmp_path / "x").exists()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    with pytest.raises(SystemExit) as e:
        main(["site", "build", str(mine), "--cache", str(default_cache())])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "argument --out" in err and "is not a site" in err
    assert (mine / "notes.txt").read_text() == "keep me" and [p.name for p in mine.iterdir()] == ["notes.txt"]
    build_site(out, ("en",), cache=default_cache())  # a site built before is replaced whole
    assert (out / "en/index.html").is_file() and not (out / "es").exists()


def test_the_table_imports_where_python_has_no_multiprocessing() -> None:
    # Pyodide's Python has no _multiprocessing: the bots and the site's table must import without it.
    code = (
        "import sys; sys.modules['_multiprocessing'] = None; "
        "import hearts.bots, hearts_widgets.site_table, hearts.parallel; print('ok')"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-1500:]
