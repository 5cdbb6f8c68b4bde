"""The import graph keeps the layers honest (read from the source, nothing is imported).

- a module of ``hearts`` imports only its own layer and the layers below it (:data:`LAYERS`), at the top
  or inside a function; the one exception is drawing: ``_repr_*`` methods import :mod:`hearts.display`
  lazily, as python-chess's core types import its SVG renderer;
- ``hearts`` never imports a Jupyter package (nor the widget layer);
- the widget layer uses the public names of ``hearts`` only.
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
     "hearts.record", "hearts.examples", "hearts.sim"},
    # 2. players, drawing, bridges
    {"hearts.bots", "hearts.display", "hearts.interop"},
    # 3. running bots: run options, self-play, review, hints, environments, rooms
    {"hearts.runs", "hearts.selfplay", "hearts.review", "hearts.explain", "hearts.rl", "hearts.room",
     "hearts.tip_fields"},  # the tip experiments' fields and the time they take (measured by playing hands)
    # 4. analysis and the command line
    {"hearts.experiment", "hearts.study", "hearts.tournament", "hearts.cli", "hearts.__main__"},
]  # fmt: skip

JUPYTER = ("ipywidgets", "IPython", "ipykernel", "jupyter", "jupyterlab", "jupyter_server", "jupyter_client",
           "notebook", "nbformat", "nbclient", "anywidget", "traitlets", "voila", "hearts_widgets")  # fmt: skip


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
            if func.startswith("_repr_") and target == "hearts.display":
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
