"""The import graph keeps the layers honest (read from the source, nothing is imported).

- a module of ``hearts`` imports only its own layer and the layers below it (:data:`LAYERS`), at the top
  or inside a function; the one exception is drawing: ``_repr_*`` methods import :mod:`hearts.display`
  lazily (or :mod:`hearts.drawing`, the package it names), as python-chess's core types import its SVG renderer;
- ``hearts`` never imports a Jupyter package (nor the widget layer);
- the widget layer uses the public names of ``hearts`` only;
- the lean core (:data:`LEAN_ROOTS` and every module they import at import time) imports the data stack
  (:data:`DATA_STACK`) only inside functions or for type checking, and the table's models import no Jupyter
  package: the static site runs them where neither exists (``tests/test_lean_core.py`` runs them so).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LAYERS: list[set[str]] = [
    # 0. vocabulary and utilities
    {"hearts.errors", "hearts.messages", "hearts.cards", "hearts.stats", "hearts.parallel", "hearts.files",
     "hearts._kernel", "hearts.native", "hearts.card_column", "hearts.columns", "hearts.plotting"},
    # 1. the engine
    {"hearts", "hearts.rules", "hearts.deal", "hearts.hand", "hearts.observation", "hearts.game",
     "hearts.record", "hearts.examples", "hearts.sim", "hearts.cancellation"},
    # 2. players, drawing, bridges
    {"hearts.bots", "hearts.display", "hearts.drawing", "hearts.interop"},
    # 3. running bots: run options, self-play, review, hints, environments, rooms
    {"hearts.runs", "hearts.selfplay", "hearts.review", "hearts.explain", "hearts.rl", "hearts.room",
     "hearts.cancel_hint",  # the hint at a two-pack table (the Cancellation expert's card and its reasons)
     "hearts.tip_fields"},  # the tip experiments' fields and the time they take (measured by playing hands)
    # 4. analysis and the command line
    {"hearts.experiment", "hearts.study", "hearts.tournament", "hearts.tip_fields", "hearts.cli", "hearts.__main__",
     "hearts.tutor",  # the tutorials' exercises, quizzes and progress
     "hearts.site",  # the static site's build (python -m hearts site build)
     "hearts.own_games"},  # a person's own hands as self-play data, judged by the review
]  # fmt: skip

JUPYTER = ("ipywidgets", "IPython", "ipykernel", "jupyter", "jupyterlab", "jupyter_server", "jupyter_client",
           "notebook", "nbformat", "nbclient", "anywidget", "traitlets", "voila", "hearts_widgets")  # fmt: skip


DATA_STACK = ("numpy", "pandas", "pyarrow", "matplotlib", "scipy")

#: What the static site imports: the engine, the bots, records, the review, the hint words, the table's models.
LEAN_ROOTS = ("hearts", "hearts.record", "hearts.bots", "hearts.review", "hearts.explain", "hearts.examples",
              "hearts_widgets", "hearts_widgets.table_model", "hearts_widgets.learn_model",
              "hearts_widgets.walkthrough_model", "hearts_widgets.store", "hearts_widgets.levels",
              "hearts_widgets.coach")  # fmt: skip


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _layer(module: str) -> int:
    for i, layer in enumerate(LAYERS):
        for name in layer:
            if module == name or (name != "hearts" and module.startswith(name + ".")):
                return i
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in tests/test_layers.py")


def _imports(tree: ast.Module) -> list[tuple[str, str, str]]:
    """(module imported, name imported or '', enclosing function or '') for every import statement."""
    out: list[tuple[str, str, str]] = []

    def visit(node: ast.AST, func: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else func
            if isinstance(child, ast.Import):
                out.extend((a.name, "", func) for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and not child.level:
                out.extend((child.module, a.name, func) for a in child.names)
            visit(child, inner)

    visit(tree, "")
    return out


def _sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def test_every_hearts_module_imports_only_its_layer_and_below() -> None:
    wrong = []
    for path in _sources("hearts"):
        me = _module_name(path)
        mine = _layer(me)
        for module, name, func in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if module != "hearts" and not module.startswith("hearts."):
                continue
            target = f"hearts.{name}" if module == "hearts" and name and (ROOT / "hearts" / name).exists() else module
            if target == "hearts" and name == "_kernel":
                target = "hearts._kernel"
            if func.startswith("_repr_") and target in ("hearts.display", "hearts.drawing"):
                continue  # drawing is imported lazily by the core types
            if _layer(target) > mine:
                wrong.append(f"{me} (layer {mine}) imports {target} (layer {_layer(target)}) in {func or 'the module'}")
    assert not wrong, "\n".join(wrong)


def test_the_engine_reaches_nothing_above_it() -> None:
    engine = [p for p in _sources("hearts") if _layer(_module_name(p)) <= 1]
    assert {_module_name(p) for p in engine} >= {"hearts.rules", "hearts.hand", "hearts.cards", "hearts.observation"}
    for path in engine:
        for module, _, func in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if module.startswith("hearts.") and not func.startswith("_repr_"):
                assert _layer(module) <= 1, f"{_module_name(path)} imports {module}"


def test_hearts_never_imports_jupyter() -> None:
    for path in _sources("hearts"):
        for module, _, _ in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            top = module.partition(".")[0]
            assert top not in JUPYTER, f"{_module_name(path)} imports {module}: hearts must run without Jupyter"


def test_widgets_use_public_names_of_hearts_only() -> None:
    wrong = []
    for path in _sources("widgets"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for module, name, _ in _imports(tree):
            if module.startswith("hearts") and (
                name.startswith("_") or any(p.startswith("_") for p in module.split("."))
            ):
                wrong.append(f"{path.name} imports {module}.{name}")
        hearts_names = {
            (a.asname or a.name).partition(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for a in node.names
            if a.name.startswith("hearts")
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and isinstance(node.value, ast.Name)
                and node.value.id in hearts_names
            ):
                wrong.append(f"{path.name}:{node.lineno} reads {node.value.id}.{node.attr}")
    assert not wrong, "\n".join(wrong)


def _module_path(module: str) -> Path | None:
    """The source of a module of ``hearts`` or ``hearts_widgets`` (``widgets/``), or None (a built extension)."""
    parts = module.split(".")
    folder = ROOT / ("widgets" if parts[0] == "hearts_widgets" else "hearts")
    base = folder.joinpath(*parts[1:])
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _import_time_imports(module: str, path: Path) -> list[str]:
    """Every module ``module`` imports when it is imported: import statements outside functions and outside
    ``if TYPE_CHECKING:`` (class bodies run at import, so they count); relative imports resolved."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: list[str] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                out.extend(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    up = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join(up + ([base] if base else []))
                out.append(base)
                out.extend(f"{base}.{a.name}" for a in child.names if _module_path(f"{base}.{a.name}"))
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return out


def _lean_core() -> dict[str, list[str]]:
    """The modules of the lean core (the roots and all they import at import time), each with its imports."""
    seen: dict[str, list[str]] = {}
    todo = list(LEAN_ROOTS)
    while todo:
        module = todo.pop()
        path = _module_path(module)
        if module in seen or path is None:
            continue
        seen[module] = _import_time_imports(module, path)
        parent = module.rpartition(".")[0]
        todo.extend(m for m in [*seen[module], parent] if m.partition(".")[0] in ("hearts", "hearts_widgets") and m)
    return seen


def test_the_lean_core_imports_the_data_stack_only_where_it_is_used() -> None:
    core = _lean_core()
    assert {"hearts.bots.expert", "hearts.sim", "hearts.stats", "hearts_widgets.table_model"} <= set(core)
    assert "hearts.selfplay" not in core and "hearts_widgets.table" not in core
    wrong = [
        f"{module} imports {name} when it is imported"
        for module, names in sorted(core.items())
        for name in names
        if name.partition(".")[0] in DATA_STACK + JUPYTER[:-1]
    ]
    assert not wrong, "\n".join(wrong)
