"""The tutorials as a JupyterLite site: ``python -m hearts site build OUT --lite`` writes it into ``OUT/lite``.

JupyterLite is JupyterLab running in the browser, with a Python kernel on Pyodide. The build runs
``jupyter lite build`` (``jupyterlite-core`` and ``jupyterlite-pyodide-kernel``, the ``[site]`` extra) on a copy of
``tutorials/``, with:

- the package's own pure-Python wheel (``hearts`` and ``hearts_widgets``) and the pure-Python wheels the notebooks'
  widgets need (:data:`LITE_DISTRIBUTIONS`: anywidget, ipywidgets and theirs), made from the installed
  distributions, nothing downloaded, all listed in the kernel's wheel index ``lite/pypi/all.json``;
- the JupyterLab extensions of the Pyodide kernel, of ipywidgets and of anywidget (:data:`LAB_EXTENSIONS`), taken
  from this environment and nothing else from it;
- in every notebook's copy, a first code cell ``%pip install -q hearts-tutor`` that installs the package from the
  site's own index (see :func:`install_cell`); the notebooks in ``tutorials/`` are not changed;
- ``lite/index.html``, which says what needs internet: the kernel loads Pyodide, numpy and pandas from the public
  CDN on the first visit (unlike the table pages), and Binder stays the full option.

What was built is written to ``lite/hearts-lite.json`` (versions, notebooks, wheels, every file with its SHA-256).
A finished build is kept in the cache folder under a key made of everything it was built from, so building the
same site again copies it instead of running JupyterLite.

>>> [name for name, _ in wheel_requirements()][:3]
['numpy', 'pandas', 'matplotlib']
>>> install_cell("es")["source"].splitlines()[1]
'%pip install -q hearts-tutor'
"""

from __future__ import annotations

import hashlib
import html
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hearts.messages import LANGUAGES, text

from .build import SiteError, _package_dir, _wheel, default_cache, wheel_bytes

__all__ = [
    "BINDER_TUTORIALS",
    "CANNOT_RUN",
    "LAB_EXTENSIONS",
    "LITE_DISTRIBUTIONS",
    "LITE_FOLDER",
    "LITE_MARK",
    "KERNEL_STARTS_WITH",
    "build_lite",
    "install_cell",
    "kernel_lock",
    "lite_notebooks",
    "pure_wheel",
    "unmet_requirements",
    "wheel_requirements",
]

LITE_FOLDER = "lite"
"""Where the JupyterLite site goes inside the site's folder."""

LITE_MARK = "hearts-lite.json"
"""What was built, inside ``lite/``."""

LITE_DISTRIBUTIONS = ("anywidget", "ipywidgets", "jupyterlab_widgets", "psygnal", "comm", "typing_extensions", "tqdm",
                      "filelock")  # fmt: skip
"""Installed distributions put into the site as pure-Python wheels: the widgets (anywidget, ipywidgets) and what
they, the kernel and the package need that Pyodide's own distribution lacks (comm, which the kernel installs as it
starts, is not in it: without it here the kernel would fetch it from PyPI). numpy, pandas, matplotlib, IPython and
traitlets come from Pyodide's distribution (the CDN); the build checks that every requirement is met
(:func:`unmet_requirements`)."""

KERNEL_STARTS_WITH = ("ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
"""What the Pyodide kernel installs with piplite as it starts (its worker's ``initKernel``)."""

LAB_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")
"""The JupyterLab extensions the site carries: the Pyodide kernel, and the widgets' front ends."""

CANNOT_RUN = ("11_train_an_agent.ipynb",)
"""Tutorials that cannot run on JupyterLite (they say so in their first cell): 11 needs PettingZoo and Gymnasium,
which the site does not carry, and trains for minutes with the native kernel."""

BINDER_TUTORIALS = "https://mybinder.org/v2/gh/hearts-tutor/hearts/HEAD?urlpath=lab/tree/tutorials/{lang}/00_index.ipynb"
"""The README's Binder link for the tutorials (the full option), in ``lang``."""

INSTALL_CELL_ID = "hearts-lite-install"
_SKIP_DIRS = {".ipynb_checkpoints", "__pycache__"}
_KEEP_SUFFIXES = (".ipynb", ".py", ".css", ".md", ".json")


def wheel_requirements() -> list[tuple[str, str]]:
    """The ``Requires-Dist`` of the package's wheel on JupyterLite: the package's own dependencies (from its installed
    metadata) without pyarrow (only Parquet files need it, and no tutorial writes one there), then anywidget and
    ipywidgets (the ``[notebook]`` extra's widgets). Each as (name, requirement)."""
    own = importlib.metadata.requires("hearts-tutor") or []
    out: list[tuple[str, str]] = []
    for req in own:
        if ";" in req:
            continue  # extras
        name = re.split(r"[<>=!~ \[]", req, maxsplit=1)[0]
        if name.lower() != "pyarrow":
            out.append((name, req))
    for req in own:
        name = re.split(r"[<>=!~ \[;]", req, maxsplit=1)[0]
        if name in ("anywidget", "ipywidgets") and "extra == \"notebook\"" in req:
            out.append((name, req.split(";")[0].strip()))
    return out


def pure_wheel(dist_name: str) -> tuple[str, bytes]:
    """An installed distribution as a pure-Python wheel: its files, its ``Requires-Dist`` (without extras), no data
    files outside the import packages. A compiled module is left out when its Python source is beside it (mypyc's
    builds, such as psygnal's, keep both); one without its source is refused (:class:`SiteError`).

    >>> name, data = pure_wheel("filelock")
    >>> name.startswith("filelock-") and name.endswith("-py3-none-any.whl")
    True
    """
    dist = importlib.metadata.distribution(dist_name)
    listed = {Path(str(f)).as_posix() for f in dist.files or ()}
    files = []
    for f in dist.files or ():
        rel = Path(str(f)).as_posix()
        parts = rel.split("/")
        if parts[0].endswith((".dist-info", ".egg-info")) or "__pycache__" in parts or ".." in parts:
            continue
        if rel.endswith((".so", ".pyd")):
            source = rel.split(".")[0] + ".py"
            if source in listed or "__mypyc" in parts[-1]:
                continue
            raise SiteError(text("lite.error.binary", dist=dist_name, path=rel), "lite")
        files.append((rel, Path(str(f.locate())).read_bytes()))
    requires = [r for r in dist.requires or () if "extra ==" not in r]
    name = (dist.metadata["Name"] or dist_name).replace("-", "_")
    return f"{name}-{dist.version}-py3-none-any.whl", _wheel(name, dist.version, sorted(files), requires)


def install_cell(lang: str) -> dict[str, Any]:
    """The code cell put first in every notebook's copy on the site: installs the package (and with it anywidget and
    ipywidgets) from the site's own wheel index. On JupyterLite ``%pip`` is the kernel's piplite."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": INSTALL_CELL_ID,
        "metadata": {"tags": ["hearts-lite"]},
        "outputs": [],
        "source": f"# {text('lite.cell.install', lang)}\n%pip install -q hearts-tutor",
    }


def _lang_of(rel: Path) -> str:
    return next((p for p in rel.parts if p in LANGUAGES), LANGUAGES[0])


def lite_notebooks(tutorials: Path, langs: Sequence[str] = LANGUAGES) -> list[str]:
    """The notebooks of ``tutorials`` that go on the site (those of ``langs``), as paths relative to it.

    >>> from hearts.site.lite import _tutorials_dir
    >>> names = lite_notebooks(_tutorials_dir(None), ["es"])
    >>> "es/00_index.ipynb" in names and "en/00_index.ipynb" in names
    False
    >>> "es/00_index.ipynb" in names, "apps/es/table.ipynb" in names
    (True, True)
    """
    out = []
    for path in sorted(tutorials.rglob("*.ipynb")):
        rel = path.relative_to(tutorials)
        if _SKIP_DIRS.intersection(rel.parts):
            continue
        langs_in_path = [p for p in rel.parts if p in LANGUAGES]
        if langs_in_path and langs_in_path[0] not in langs:
            continue
        out.append(rel.as_posix())
    return out


def _copy_contents(tutorials: Path, dest: Path, langs: Sequence[str]) -> list[str]:
    """The tutorials' folder as the site's contents: every notebook of ``langs`` with the install cell first, and the
    files the notebooks read (solutions, the apps' style sheet)."""
    notebooks = lite_notebooks(tutorials, langs)
    for path in sorted(tutorials.rglob("*")):
        rel = path.relative_to(tutorials)
        if not path.is_file() or _SKIP_DIRS.intersection(rel.parts) or path.suffix not in _KEEP_SUFFIXES:
            continue
        if path.suffix == ".ipynb" and rel.as_posix() not in notebooks:
            continue
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".ipynb":
            nb = json.loads(path.read_text(encoding="utf-8"))
            cells = nb["cells"]
            first_code = next((i for i, c in enumerate(cells) if c["cell_type"] == "code"), len(cells))
            cells.insert(first_code, install_cell(_lang_of(rel)))
            nb["nbformat"], nb["nbformat_minor"] = 4, max(5, int(nb.get("nbformat_minor", 5)))
            target.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        else:
            shutil.copyfile(path, target)
    return notebooks


def _tutorials_dir(tutorials: str | Path | None) -> Path:
    """``--tutorials``, else the repository's ``tutorials/`` beside the package (an editable install)."""
    path = Path(tutorials) if tutorials is not None else _package_dir("hearts").parent / "tutorials"
    if not (path / "en" / "00_index.ipynb").is_file():
        raise SiteError(text("lite.error.tutorials", path=str(path)), "tutorials")
    return path


def _extension_dirs() -> list[Path]:
    from jupyter_core.paths import jupyter_path

    roots = [Path(sys.prefix) / "share" / "jupyter" / "labextensions"]
    roots += [Path(p) for p in jupyter_path("labextensions")]
    found = []
    for name in LAB_EXTENSIONS:
        hit = next((r / name for r in roots if (r / name / "package.json").is_file()), None)
        if hit is None:
            raise SiteError(text("lite.error.missing", missing=f"the JupyterLab extension {name}"), "lite")
        found.append(hit)
    return found


def _check_tools() -> tuple[str, str]:
    missing = [m for m in ("jupyterlite_core", "jupyterlite_pyodide_kernel") if importlib.util.find_spec(m) is None]
    if missing:
        raise SiteError(text("lite.error.missing", missing=", ".join(m.replace("_", "-") for m in missing)), "lite")
    return importlib.metadata.version("jupyterlite-core"), importlib.metadata.version("jupyterlite-pyodide-kernel")


def _cdn() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL

    return str(PYODIDE_CDN_URL)


def _title(notebook: Path) -> str:
    """A notebook's title: the first heading of its first cell."""
    first = "".join(json.loads(notebook.read_text(encoding="utf-8"))["cells"][0]["source"])
    return next((line.lstrip("#").strip() for line in first.splitlines() if line.startswith("#")), notebook.stem)


def _index(langs: Sequence[str], notebooks: Sequence[str], cdn: str, contents: Path) -> str:
    host = re.sub(r"^https?://([^/]+).*$", r"\1", cdn)
    sections = []
    for lang in langs:
        cannot = [
            f"{n.rsplit('/', 1)[-1][:2]} · {_title(contents / n)}"
            for n in notebooks
            if n.startswith(f"{lang}/") and n.rsplit("/", 1)[-1] in CANNOT_RUN
        ]

        def t(key: str, lang: str = lang, **kw: object) -> str:
            return html.escape(text(key, lang, **kw))

        first = f"{lang}/00_index.ipynb"
        links = [f'<li><a class="lite-open" href="lab/index.html?path={first}">{t("lite.index.open")}</a>']
        if f"apps/{lang}/table.ipynb" in notebooks:
            links.append(f'<li><a href="tree/index.html?path=apps/{lang}">{t("lite.index.apps")}</a>')
        if f"teachers/{lang}/class_view.ipynb" in notebooks:
            teachers = f"teachers/{lang}/class_view.ipynb"
            links.append(f'<li><a href="lab/index.html?path={teachers}">{t("lite.index.teachers")}</a>')
        binder = html.escape(BINDER_TUTORIALS.format(lang=lang))
        limits = " " + t("lite.index.cannot", notebooks="; ".join(cannot)) if cannot else ""
        sections.append(f"""<section lang="{lang}" class="lite-{lang}">
<h1>{t("lite.index.title")}</h1>
<ul>{"".join(links)}</ul>
<p class="lite-internet"><strong>{t("lite.index.internet", cdn=host)}</strong></p>
<p class="lite-install">{t("lite.index.install")}</p>
<p class="lite-limits">{t("lite.index.limits")}{limits}</p>
<p class="lite-kept">{t("lite.index.kept")}</p>
<p class="lite-binder">{t("lite.index.binder")} <a href="{binder}">{t("lite.index.binder_link")}</a></p>
<p><a href="../{lang}/index.html">{t("lite.index.back")}</a></p>
</section>""")  # fmt: skip
    return f"""<!doctype html>
<html lang="{langs[0]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{html.escape(text("lite.index.title", langs[0]))}</title>
<link rel="stylesheet" href="../assets/site.css">
</head>
<body>
<main class="hearts-app">
{"".join(sections)}
</main>
</body>
</html>
"""


def _inputs_key(parts: dict[str, bytes]) -> str:
    h = hashlib.sha256()
    for name in sorted(parts):
        h.update(name.encode() + b"\0" + hashlib.sha256(parts[name]).digest())
    return h.hexdigest()[:24]


def _tree_bytes(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def build_lite(dest: str | Path, langs: Sequence[str] = LANGUAGES, *, tutorials: str | Path | None = None,
               cache: str | Path | None = None, say: bool = False,
               shown: str | Path | None = None) -> dict[str, Any]:  # fmt: skip
    """Write the JupyterLite site into ``dest`` (replaced if it exists; :func:`hearts.site.build_site` gives it
    ``OUT/lite`` inside the folder it puts in place whole). Returns what was built (also ``dest/hearts-lite.json``),
    with the build's ``seconds`` and whether it came ``from_cache``. ``shown``: the path the messages name."""
    start = time.perf_counter()
    dest = Path(dest)
    if dest.exists() and (not dest.is_dir() or (any(dest.iterdir()) and not (dest / LITE_MARK).is_file())):
        # only a JupyterLite site this function built is replaced: never a folder of the user's
        raise SiteError(text("site.error.out", path=str(shown if shown is not None else dest)), "dest")
    core_version, kernel_version = _check_tools()
    source = _tutorials_dir(tutorials)
    extensions = _extension_dirs()
    cdn = _cdn()
    cache_root = (Path(cache) if cache is not None else default_cache()) / "lite"
    with tempfile.TemporaryDirectory(prefix="hearts-lite-") as tmp:
        lite_dir, contents, wheels_dir = Path(tmp) / "lite", Path(tmp) / "contents", Path(tmp) / "wheels"
        for d in (lite_dir, contents, wheels_dir):
            d.mkdir()
        notebooks = _copy_contents(source, contents, langs)
        wheels = [wheel_bytes([r for _, r in wheel_requirements()])]
        wheels += [pure_wheel(d) for d in LITE_DISTRIBUTIONS]
        for name, data in wheels:
            (wheels_dir / name).write_bytes(data)
        config = {
            "jupyter-config-data": {
                "appName": text("lite.index.title", langs[0]),
                "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {"pipliteUrls": []}},
            }
        }
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
        inputs = {f"contents/{k}": v for k, v in _tree_bytes(contents).items()}
        inputs |= {f"wheels/{k}": v for k, v in _tree_bytes(wheels_dir).items()}
        inputs |= {f"config/{k}": v for k, v in _tree_bytes(lite_dir).items()}
        for ext in extensions:
            inputs[f"ext/{ext.name}/package.json"] = (ext / "package.json").read_bytes()
        inputs["versions"] = f"{core_version} {kernel_version} {sys.version_info[:2]}".encode()
        inputs["builder"] = Path(__file__).read_bytes()  # this module writes the index page and the manifest
        key = _inputs_key(inputs)
        cached = cache_root / key
        built = Path(tmp) / "out"
        if (cached / LITE_MARK).is_file():
            shutil.copytree(cached, built)
            from_cache = True
        else:
            from_cache = False
            if say:
                print(text("lite.cli.building", version=core_version, path=str(shown or dest)), flush=True)
            args = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
                    "--output-dir", str(built), "--contents", str(contents), "--ignore-sys-prefix",
                    "--no-sourcemaps", "--source-date-epoch", "315532800", "--piplite-wheels", str(wheels_dir),
                    f"--LiteBuildConfig.cache_dir={Path(tmp) / 'cache'}"]  # fmt: skip
            for ext in extensions:
                args.append(f"--LiteBuildConfig.federated_extensions={ext}")
            try:
                subprocess.run(args, cwd=lite_dir, check=True, capture_output=True, timeout=900)
            except subprocess.CalledProcessError as e:
                reason = (e.stderr or b"").decode("utf-8", "replace").strip()[-400:] or str(e)
                raise SiteError(text("lite.error.build", reason=reason), "lite") from None
            except subprocess.TimeoutExpired as e:
                raise SiteError(text("lite.error.build", reason=str(e)), "lite") from None
            for name in ("rspack.config.js", "rspack.config.analyze.js", "rspack.config.watch.js", "package.json"):
                (built / name).unlink(missing_ok=True)  # the app's own build files, not for serving
            (built / "index.html").write_text(_index(langs, notebooks, cdn, contents), encoding="utf-8")
            index = json.loads((built / "pypi" / "all.json").read_text(encoding="utf-8"))
            kernel_index = built / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
            unmet = unmet_requirements([built / "pypi" / "all.json", kernel_index / "all.json"], kernel_lock(cache),
                                       ["hearts-tutor", *KERNEL_STARTS_WITH])  # fmt: skip
            if unmet:
                raise SiteError(text("lite.error.unmet", unmet="; ".join(unmet)), "lite")
            files = {
                p.relative_to(built).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(built.rglob("*"))
                if p.is_file()
            }
            manifest: dict[str, Any] = {
                "format": "hearts-lite", "version": 1, "jupyterlite_core": core_version,
                "jupyterlite_pyodide_kernel": kernel_version, "pyodide_cdn": cdn, "langs": list(langs),
                "notebooks": notebooks, "cannot_run": [n for n in notebooks if n.rsplit("/", 1)[-1] in CANNOT_RUN],
                "wheels": {name: hashlib.sha256(data).hexdigest() for name, data in wheels},
                "wheel_index": sorted(index), "extensions": list(LAB_EXTENSIONS), "key": key, "files": files,
                "size": sum(p.stat().st_size for p in built.rglob("*") if p.is_file()),
            }  # fmt: skip
            (built / LITE_MARK).write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
            _keep_in_cache(built, cache_root, key)
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(built, dest)
    manifest = json.loads((dest / LITE_MARK).read_text(encoding="utf-8"))
    seconds = time.perf_counter() - start
    if say:
        print(text("lite.cli.built", path=str(shown or dest), files=len(manifest["files"]),
                   size=f"{manifest['size'] / 1e6:.1f}", tutorials=len(manifest["notebooks"]), seconds=f"{seconds:.0f}",
                   cached=text("lite.cli.cached") if from_cache else ""), flush=True)  # fmt: skip
    manifest["seconds"], manifest["from_cache"] = round(seconds, 1), from_cache
    return manifest


def kernel_lock(cache: str | Path | None = None) -> dict[str, Any]:
    """The ``pyodide-lock.json`` of the Pyodide the kernel loads from the CDN: the list of what Pyodide's
    distribution holds. Read from the npm package ``pyodide`` of that version (``npm pack``, once, into the cache;
    only this file is kept, and nothing of it goes into the site)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as version

    root = Path(cache) if cache is not None else default_cache()
    path = root / f"pyodide-lock-{version}.json"
    if not path.is_file():
        root.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=root) as tmp:
            try:
                subprocess.run(["npm", "pack", f"pyodide@{version}", "--pack-destination", tmp, "--silent"],
                               cwd=tmp, check=True, capture_output=True, timeout=600)  # fmt: skip
            except (FileNotFoundError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
                reason = (getattr(e, "stderr", b"") or b"").decode("utf-8", "replace").strip()[-300:] or str(e)
                raise SiteError(text("site.error.npm", version=version, reason=reason), "cache") from None
            with tarfile.open(Path(tmp) / f"pyodide-{version}.tgz", "r:gz") as tar:
                member = tar.extractfile("package/pyodide-lock.json")
                if member is None:
                    raise SiteError(f"pyodide-{version}.tgz has no pyodide-lock.json", "cache")
                data = member.read()
            json.loads(data)
            (Path(tmp) / "lock.json").write_bytes(data)
            os.replace(Path(tmp) / "lock.json", path)
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _index_of(all_json: Path) -> dict[str, dict[str, list[str]]]:
    """A wheel index (``all.json``): each project's versions, each with its ``Requires-Dist`` read from its wheel."""
    out: dict[str, dict[str, list[str]]] = {}
    for project, entry in json.loads(all_json.read_text(encoding="utf-8")).items():
        for version, (release, *_) in entry["releases"].items():
            with zipfile.ZipFile(all_json.parent / release["url"].removeprefix("./")) as z:
                meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode("utf-8")
            requires = [ln[len("Requires-Dist: ") :] for ln in meta.splitlines() if ln.startswith("Requires-Dist: ")]
            out.setdefault(_normal(project), {})[version] = requires
    return out


def unmet_requirements(indexes: Sequence[Path], lock: dict[str, Any], wanted: Sequence[str]) -> list[str]:
    """What ``wanted`` (and what it requires, and so on) needs that neither the wheel indexes (``all.json``, first
    first, as piplite reads them) nor Pyodide's distribution (``lock``) provide at a version that fits: each as
    ``"needed-by: requirement"``. Empty when the kernel can install everything from the site and the CDN alone."""
    from packaging.requirements import Requirement

    projects: dict[str, dict[str, list[str]]] = {}
    for index in reversed(indexes):
        projects.update(_index_of(index))  # piplite takes a project from the first index that has it
    packages = {_normal(k): v for k, v in lock["packages"].items()}
    python = str(lock.get("info", {}).get("python", "3.12"))
    env = {"extra": "", "sys_platform": "emscripten", "platform_system": "Emscripten",
           "python_version": ".".join(python.split(".")[:2]), "python_full_version": python,
           "implementation_name": "cpython", "platform_python_implementation": "CPython"}  # fmt: skip
    unmet, seen, todo = [], set(), [("", Requirement(w)) for w in wanted]
    while todo:
        by, req = todo.pop()
        if req.marker is not None and not req.marker.evaluate(env):
            continue
        name = _normal(req.name)
        if name in packages and req.specifier.contains(packages[name]["version"], prereleases=True):
            continue  # Pyodide's own package, with its dependencies
        fits = [v for v in projects.get(name, {}) if req.specifier.contains(v, prereleases=True)]
        if fits:
            for version in fits:
                if (name, version) not in seen:
                    seen.add((name, version))
                    todo += [(name, Requirement(r)) for r in projects[name][version]]
            continue
        unmet.append(f"{by or 'the kernel'}: {req}")
    return sorted(unmet)


def _keep_in_cache(built: Path, cache_root: Path, key: str) -> None:
    """Keep this build as the cache's only one (older keys are removed); written beside and renamed into place."""
    try:
        cache_root.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{key}-", dir=cache_root))
        shutil.copytree(built, tmp, dirs_exist_ok=True)
        if (cache_root / key).exists():
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            os.replace(tmp, cache_root / key)
        for old in cache_root.iterdir():
            if old.name != key and not old.name.startswith("."):
                shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass  # a cache that cannot be written only makes the next build slower
