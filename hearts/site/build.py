"""Build the static site: ``python -m hearts site build OUT [--lang en,es] [--cache DIR]``.

What ``OUT`` holds once built::

    index.html               links to the table in each language
    en/index.html, es/...    the game table, one page per language
    assets/table.js, .css    the widgets' own front end (hearts_widgets/static), copied unchanged
    assets/bridge.js         the model interface anywidget gives table.js, backed by Python in Pyodide
    assets/worker.js         Pyodide and the table model, in a worker (the page answers while a bot thinks)
    assets/panels.css        the widgets' style of the table's panels (score sheet, checklist, notes)
    assets/site.css          the page around the board
    pyodide/                 the Pyodide core files the pages load (from the npm package, pinned, checked)
    wheels/*.whl             the package's pure-Python wheel, and filelock's (the only dependency the table needs)
    sw.js                    the service worker: keeps every file above, so the site works offline
    site.json                what was built: versions, languages, every file with its SHA-256
    lite/                    with --lite: the tutorials as a JupyterLite site (see :mod:`hearts.site.lite`),
                             with its own manifest lite/hearts-lite.json

Pyodide is fetched at build time with ``npm pack pyodide@PYODIDE_VERSION`` into a cache folder and used only if
its SHA-512 matches :data:`PYODIDE_INTEGRITY` (the registry's ``dist.integrity`` for that version); it is never
committed. The pages request nothing from any host but their own.

>>> PYODIDE_VERSION
'0.27.7'
>>> parse_langs("es,en")
('es', 'en')
>>> parse_langs("fr")
Traceback (most recent call last):
...
hearts.site.build.SiteError: --lang takes languages from en, es, comma-separated, not 'fr'
"""

from __future__ import annotations

import base64
import hashlib
import html
import importlib.metadata
import importlib.util
import io
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from hearts.errors import OptionError
from hearts.messages import LANGUAGES, text

__all__ = [
    "PYODIDE_FILES",
    "PYODIDE_INTEGRITY",
    "PYODIDE_VERSION",
    "SiteError",
    "build_site",
    "fetch_pyodide",
    "parse_langs",
    "wheel_bytes",
]

PYODIDE_VERSION = "0.27.7"
"""The pinned version of the ``pyodide`` npm package (the Pyodide core: Python 3.12, no numpy or pandas)."""

PYODIDE_INTEGRITY = "sha512-RUSVJlhQdfWfgO9hVHCiXoG+nVZQRS5D9FzgpLJ/VcgGBLSAKoPL8kTiOikxbHQm1kRISeWUBdulEgO26qpSRA=="
"""``dist.integrity`` of ``pyodide@0.27.7`` in the npm registry's metadata: the tarball's SHA-512."""

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The files of the npm package a page needs to start Python (the rest are maps, types and a console)."""

SITE_MARK = "site.json"
_STATIC = Path(__file__).parent / "static"
_EPOCH = (1980, 1, 1, 0, 0, 0)  # zip entries' time: the same wheel from the same source, byte for byte
_WHEEL_NAME = "hearts_tutor"


class SiteError(OptionError):
    """The site cannot be built as asked (``option`` names the command-line option at fault)."""


def parse_langs(value: str) -> tuple[str, ...]:
    """``--lang``: comma-separated languages, each one of :data:`hearts.messages.LANGUAGES`."""
    langs = tuple(dict.fromkeys(x.strip() for x in value.split(",") if x.strip()))
    if not langs or any(x not in LANGUAGES for x in langs):
        raise SiteError(text("site.error.lang", choices=", ".join(LANGUAGES), value=value), "lang")
    return langs


def default_cache() -> Path:
    """Where fetched Pyodide packages are kept between builds: ``$HEARTS_SITE_CACHE``, else
    ``$XDG_CACHE_HOME/hearts-site`` (``~/.cache/hearts-site``)."""
    if os.environ.get("HEARTS_SITE_CACHE"):
        return Path(os.environ["HEARTS_SITE_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hearts-site"


def integrity(data: bytes) -> str:
    """The npm registry's integrity string of ``data`` (SHA-512, base64).

    >>> integrity(b"")[:20]
    'sha512-z4PhNX7vuL3xV'
    """
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def fetch_pyodide(cache: Path | None = None, *, say: bool = False) -> Path:
    """The pinned Pyodide tarball, from ``cache`` or fetched there with ``npm pack``; checked against
    :data:`PYODIDE_INTEGRITY` either way (a tarball that does not match is refused and removed)."""
    cache = Path(cache) if cache is not None else default_cache()
    cache.mkdir(parents=True, exist_ok=True)
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        if say:
            print(text("site.cli.fetching", version=PYODIDE_VERSION, cache=str(cache)), flush=True)
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            try:
                subprocess.run(
                    ["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp, "--silent"],
                    cwd=tmp, check=True, capture_output=True, timeout=600,
                )  # fmt: skip
            except FileNotFoundError:
                reason = "npm not found"
                raise SiteError(text("site.error.npm", version=PYODIDE_VERSION, reason=reason), "cache") from None
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
                reason = (getattr(e, "stderr", b"") or b"").decode("utf-8", "replace").strip()[-300:] or str(e)
                raise SiteError(text("site.error.npm", version=PYODIDE_VERSION, reason=reason), "cache") from None
            got = Path(tmp) / tgz.name
            _check(got.read_bytes(), got)
            os.replace(got, tgz)
    _check(tgz.read_bytes(), tgz)
    return tgz


def _check(data: bytes, path: Path) -> None:
    got = integrity(data)
    if got != PYODIDE_INTEGRITY:
        path.unlink(missing_ok=True)
        raise SiteError(text("site.error.integrity", version=PYODIDE_VERSION, got=got[:30] + "…"), "cache")


# ----- the wheels ------------------------------------------------------------------------------------


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SiteError(f"the package {name} is not installed here", "out")
    return Path(next(iter(spec.submodule_search_locations)))


def _source_files(root: Path, package: str) -> Iterable[tuple[str, Path]]:
    """The package's files a pure-Python install has: modules, message catalogues, the front end's files."""
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if not path.is_file() or "__pycache__" in rel.parts or rel.parts[0] in ("voila",):
            continue
        if path.suffix in (".py", ".json", ".js", ".css", ".typed") or path.name == "py.typed":
            if rel.parts[0] == "site" and package == "hearts":
                continue  # the builder itself is not needed in the browser (it would find no npm there)
            yield f"{package}/{rel.as_posix()}", path


def _wheel(name: str, version: str, files: Sequence[tuple[str, bytes]], requires: Sequence[str] = ()) -> bytes:
    """A pure-Python wheel (``py3-none-any``) of ``files`` (archive name, content), with its dist-info."""
    info = f"{name}-{version}.dist-info"
    meta = [f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}\nVersion: {version}\n"]
    meta += [f"Requires-Dist: {r}\n" for r in requires]
    extra = [
        (f"{info}/METADATA", "".join(meta).encode()),
        (f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: hearts.site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
    ]
    everything = list(files) + extra
    record = []
    for arc, data in everything:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    everything.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in everything:
            entry = zipfile.ZipInfo(arc, _EPOCH)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(entry, data)
    return buf.getvalue()


def wheel_bytes(requires: Sequence[str] = ("filelock",)) -> tuple[str, bytes]:
    """The package's pure-Python wheel (``hearts`` and ``hearts_widgets``, without the native kernel): its file
    name and bytes. The same source gives the same bytes. ``requires``: its ``Requires-Dist`` (the table pages need
    only filelock; the JupyterLite site's wheel asks for the notebooks' dependencies too).

    >>> name, data = wheel_bytes()
    >>> name
    'hearts_tutor-0.1.0-py3-none-any.whl'
    >>> names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    >>> "hearts_widgets/site_table.py" in names and "hearts_widgets/static/table.js" in names
    True
    >>> any(n.endswith((".so", ".c")) or n.startswith("hearts/site/") for n in names)
    False
    """
    version = importlib.metadata.version("hearts-tutor")
    files = [(arc, p.read_bytes()) for arc, p in _source_files(_package_dir("hearts"), "hearts")]
    files += [(arc, p.read_bytes()) for arc, p in _source_files(_package_dir("hearts_widgets"), "hearts_widgets")]
    return f"{_WHEEL_NAME}-{version}-py3-none-any.whl", _wheel(_WHEEL_NAME, version, files, requires)


def _dependency_wheel(dist_name: str) -> tuple[str, bytes]:
    """A pure-Python dependency, installed here, as a wheel (its installed files, not fetched)."""
    dist = importlib.metadata.distribution(dist_name)
    files = []
    for f in dist.files or ():
        parts = Path(str(f)).parts
        if not parts or parts[0].endswith((".dist-info", ".egg-info")) or "__pycache__" in parts or ".." in parts:
            continue
        files.append((Path(str(f)).as_posix(), Path(str(f.locate())).read_bytes()))
    name = dist.metadata["Name"].replace("-", "_")
    return f"{name}-{dist.version}-py3-none-any.whl", _wheel(name, dist.version, sorted(files))


# ----- the pages -------------------------------------------------------------------------------------


APPS = {"table": "index.html", "learn": "learn.html", "walkthrough": "walkthrough.html"}
"""The pages of each language: the game table, Learn by playing (the table in learn mode, its own game), and the
learn-to-play walkthrough (the example hand step by step, then short scenes)."""
_TITLES = {"table": "site.page.title", "learn": "site.page.learn_title", "walkthrough": "site.page.walkthrough_title"}


def _page(lang: str, langs: Sequence[str], wheels: Sequence[str], app: str = "table") -> str:
    def t(key: str) -> str:
        return html.escape(text(key, lang))

    config = json.dumps({"lang": lang, "wheels": list(wheels), "pyodide": PYODIDE_VERSION, "app": app,
                         "langs": list(langs), "page": APPS[app]})  # fmt: skip
    title = t(_TITLES[app])
    nav = "".join(
        f'<a class="hw-nav-{a}" href="{page}">{t("site.index." + a)}</a>' for a, page in APPS.items() if a != app
    )
    others = "".join(
        f'<a class="hw-other-lang" href="../{o}/{APPS[app]}" hreflang="{o}" lang="{o}">{t("site.page.other_lang")}</a>'
        for o in langs
        if o != lang
    )
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{title}</title>
<link rel="stylesheet" href="../assets/table.css">
<link rel="stylesheet" href="../assets/panels.css">
<link rel="stylesheet" href="../assets/site.css">
</head>
<body>
<main class="hearts-app hearts-table-app" id="hearts-app" data-ready="false" data-app="{app}">
<div class="hw-top"><h1 class="hw-title">{title}</h1>{nav}{others}</div>
{_walkthrough_controls() if app == "walkthrough" else _table_controls(t)}
<section class="hw-board" aria-label="{t("site.page.board_label")}"></section>
<div class="hw-message-box" role="status">
<div class="hw-message hw-info hw-loading">{t("site.page.loading")}</div></div>
{_walkthrough_below() if app == "walkthrough" else _table_below()}
<noscript><p>{t("site.page.noscript")}</p></noscript>
<p class="hw-offline-note">{t("site.page.offline")}</p>
</main>
<script type="application/json" id="hearts-site">{html.escape(config, quote=False)}</script>
<script type="module" src="../assets/bridge.js"></script>
</body>
</html>
"""


def _table_controls(t: Callable[[str], str]) -> str:
    return f"""<div class="hw-controls" hidden>
<label class="hw-level"><span class="hw-level-label"></span> <select class="hw-level-select"></select></label>
<form class="hw-deal"><label><span class="hw-deal-label">{t("site.page.deal_label")}</span>
<input class="hw-deal-input" inputmode="numeric" autocomplete="off"></label>
<button type="submit" class="hw-btn hw-btn-play-deal"></button></form>
<span class="hw-top-buttons"></span>
</div>
<p class="hw-level-cost"></p>"""


def _table_below() -> str:
    # The panels of the Jupyter table (History with the progress file, Settings, the score sheet, the rules
    # checklist), filled from hearts_widgets.table_panels as the Jupyter table fills its own.
    return """<div class="hw-actions"></div>
<div class="hw-learn-box hw-learn"></div>
<div class="hw-summary-box"></div>
<div class="hw-copy-box"></div>
<div class="hw-panels">
<details class="hw-panel hw-history-panel"><summary></summary><div class="hw-history"></div>
<div class="hw-progress-file"><button type="button" class="hw-btn hw-btn-save-progress"></button>
<label class="hw-load-progress"><span class="hw-load-label"></span>
<input type="file" class="hw-load-input" accept=".json,application/json"></label></div></details>
<details class="hw-panel hw-settings-panel"><summary></summary><form class="hw-settings"></form></details>
<details class="hw-panel hw-sheet-panel"><summary></summary><div class="hw-sheet-box"></div></details>
<details class="hw-panel hw-checklist-panel"><summary></summary><div class="hw-checklist-box"></div></details>
</div>"""


def _walkthrough_controls() -> str:
    return """<div class="hw-controls">
<label class="hw-chapters"><span class="hw-chapter-label"></span> <select class="hw-chapter-select"></select></label>
</div>"""


def _walkthrough_below() -> str:
    return """<div class="hw-caption-box"></div>
<div class="hw-learn-box hw-learn"></div>
<div class="hw-nav"><button type="button" class="hw-btn hw-btn-back"></button>
<button type="button" class="hw-btn hw-btn-next"></button> <span class="hw-counter"></span></div>"""


def _index(langs: Sequence[str], lite: bool = False) -> str:
    items = "".join(
        f'<li lang="{x}"><a href="{x}/{page}" hreflang="{x}">{html.escape(text("site.index." + a, x))}</a></li>'
        for x in langs
        for a, page in APPS.items()
    )
    if lite:  # the tutorials on JupyterLite: its own page says what needs internet
        items += "".join(
            f'<li lang="{x}"><a class="hw-lite" href="lite/index.html#lite-{x}">'
            f'{html.escape(text("lite.site.tutorials", x))}</a></li>'
            for x in langs
        )
    first = langs[0]
    return f"""<!doctype html>
<html lang="{first}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{html.escape(text("site.index.title", first))}</title>
<link rel="stylesheet" href="assets/site.css">
</head>
<body>
<main class="hearts-app">
<h1>{html.escape(" · ".join(dict.fromkeys(text("site.index.title", x) for x in langs)))}</h1>
<ul class="hw-index">{items}</ul>
</main>
</body>
</html>
"""


def _service_worker(files: Sequence[str], stamp: str) -> str:
    listed = json.dumps(["./", *files], indent=0)
    return (_STATIC / "sw.js").read_text(encoding="utf-8").replace("__VERSION__", stamp).replace("__FILES__", listed)


# ----- the build -------------------------------------------------------------------------------------


def build_site(out: str | Path, langs: Sequence[str] = LANGUAGES, *, cache: str | Path | None = None,
               say: bool = False, lite: bool = False,
               tutorials: str | Path | None = None) -> dict[str, object]:  # fmt: skip
    """Build the site into ``out`` (a new or empty folder, or one this function built before, which is
    replaced); returns what was built (also written as ``out/site.json``). ``lite``: also the tutorials (from
    ``tutorials``, default the repository's) as a JupyterLite site in ``out/lite``
    (:func:`hearts.site.lite.build_lite`).

    The folder is written beside ``out`` and put in place in one step: a failed build leaves ``out`` as it was.
    """
    out = Path(out)
    langs = tuple(langs)
    for lang in langs:
        if lang not in LANGUAGES:
            raise SiteError(text("site.error.lang", choices=", ".join(LANGUAGES), value=",".join(langs)), "lang")
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / SITE_MARK).is_file())):
        raise SiteError(text("site.error.out", path=str(out)), "out")
    if lite:
        from .lite import _check_tools, _tutorials_dir

        _check_tools(), _tutorials_dir(tutorials)  # refused before anything is fetched or written
    tgz = fetch_pyodide(Path(cache) if cache is not None else None, say=say)
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    work.chmod(0o755)  # a folder to serve: readable by the web server
    try:
        files: dict[str, bytes] = {}
        with tarfile.open(tgz, "r:gz") as tar:
            for name in PYODIDE_FILES:
                member = tar.extractfile(f"package/{name}")
                if member is None:
                    raise SiteError(f"pyodide-{PYODIDE_VERSION}.tgz has no {name}", "cache")
                files[f"pyodide/{name}"] = member.read()
        wheels = [wheel_bytes(), _dependency_wheel("filelock")]
        for name, data in wheels:
            files[f"wheels/{name}"] = data
        widgets_static = _package_dir("hearts_widgets") / "static"
        files["assets/table.js"] = (widgets_static / "table.js").read_bytes()
        files["assets/table.css"] = (widgets_static / "table.css").read_bytes()
        files["assets/panels.css"] = (widgets_static / "panels.css").read_bytes()
        for name in ("bridge.js", "worker.js", "site.css"):
            files[f"assets/{name}"] = (_STATIC / name).read_bytes()
        wheel_paths = [f"wheels/{n}" for n, _ in wheels]
        for lang in langs:
            for app, page in APPS.items():
                files[f"{lang}/{page}"] = _page(lang, langs, wheel_paths, app).encode("utf-8")
        files["index.html"] = _index(langs, lite).encode("utf-8")
        hashes = {name: hashlib.sha256(data).hexdigest() for name, data in sorted(files.items())}
        stamp = hashlib.sha256(json.dumps(hashes, sort_keys=True).encode()).hexdigest()[:16]
        listed = sorted(files) + [f"{lang}/" for lang in langs]
        files["sw.js"] = _service_worker(sorted(listed), stamp).encode("utf-8")
        hashes["sw.js"] = hashlib.sha256(files["sw.js"]).hexdigest()
        manifest: dict[str, object] = {
            "format": "hearts-site", "version": 1, "pyodide": PYODIDE_VERSION, "pyodide_integrity": PYODIDE_INTEGRITY,
            "langs": list(langs), "wheels": wheel_paths, "stamp": stamp, "files": hashes,
            "size": sum(len(d) for d in files.values()),
        }  # fmt: skip
        files[SITE_MARK] = json.dumps(manifest, indent=1, sort_keys=True).encode("utf-8")
        for name, data in files.items():
            path = work / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)  # inside the new folder, which is put in place whole below
        if lite:
            from .lite import LITE_FOLDER, LITE_MARK, build_lite

            built = build_lite(work / LITE_FOLDER, langs, tutorials=tutorials, cache=cache, say=say,
                               shown=out / LITE_FOLDER)  # fmt: skip
            manifest["lite"] = {"path": f"{LITE_FOLDER}/", "manifest": f"{LITE_FOLDER}/{LITE_MARK}",
                                "notebooks": built["notebooks"], "size": built["size"]}  # fmt: skip
            (work / SITE_MARK).write_bytes(json.dumps(manifest, indent=1, sort_keys=True).encode("utf-8"))
        old = None
        if out.exists():
            old = out.parent / f".{out.name}-old-{os.getpid()}"
            os.replace(out, old)
        os.replace(work, out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    if say:
        size = f"{manifest['size'] / 1e6:.1f}"  # type: ignore[operator]
        print(text("site.cli.built", path=str(out), files=len(files), size=size, version=PYODIDE_VERSION), flush=True)
    return manifest


# ----- the command line ------------------------------------------------------------------------------


def add_parser(sub: object) -> None:
    """Add the ``site`` command (``site build OUT``) to the CLI's subparsers."""
    p = sub.add_parser(  # type: ignore[attr-defined]
        "site",
        help="build the static site: the game table as web pages that run in the browser, offline, no server",
        description="Build the static site: plain pages (English and Spanish) in which the package's own Python "
        "runs in the browser on Pyodide, fetched at build time from the npm registry (npm is needed) at a pinned "
        "version and checked against its integrity hash. Serve OUT with any static web server.",
    )
    action = p.add_subparsers(
        dest="site_command", metavar="ACTION", required=True, help="build: write the site into a folder"
    )
    b = action.add_parser("build", help="write the site into OUT", description="Write the site into OUT.")
    b.add_argument("out", metavar="OUT", help="the folder to write (new, empty, or a site built here before)")
    b.add_argument("--lang", default=",".join(LANGUAGES), help="the pages' languages, comma-separated (en,es)")
    b.add_argument("--cache", metavar="DIR", help="where the fetched Pyodide package is kept (default "
                   "$HEARTS_SITE_CACHE or ~/.cache/hearts-site)")  # fmt: skip
    b.add_argument("--lite", action="store_true", help="also build the tutorials as a JupyterLite site in OUT/lite "
                   "(needs the [site] extra; its notebooks load Pyodide, numpy and pandas from the public CDN)")
    b.add_argument("--tutorials", metavar="DIR", help="with --lite: the tutorials folder (default: the repository's "
                   "tutorials/ beside the package)")  # fmt: skip
    b.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")


def main(args: object) -> int:
    """Run ``site build`` with the parsed ``args``."""
    langs = parse_langs(args.lang)  # type: ignore[attr-defined]
    build_site(args.out, langs, cache=args.cache, say=not args.quiet,  # type: ignore[attr-defined]
               lite=args.lite, tutorials=args.tutorials)  # type: ignore[attr-defined]  # fmt: skip
    return 0
