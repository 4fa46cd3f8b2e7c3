"""The engine in layers, each module importing only from its own layer or below, and no import
cycle anywhere in the package (docs/architecture.md, "Layers"). Imports inside functions count;
imports under ``if TYPE_CHECKING:`` don't (they are for type hints only). One exception, by
name: an object's ``_repr_svg_`` (Jupyter's display hook) may import the drawing code when a
notebook asks for it; that import is not part of the graph."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mtgrules

PACKAGE = Path(mtgrules.__file__).parent

#: Bottom first. A module belongs to the first layer with a prefix that names it.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("base", ("errors", "text", "data", "mana", "parsecache", "codecache", "cr",
              "collector", "deferred", "frozen", "counters")),
    ("state and vocabulary", ("continuous", "filters", "words", "abilities", "actions", "events",
                              "objects", "choices", "timeline", "schema", "cards")),
    ("characteristics and queries", ("characteristics", "targeting", "references", "instructions",
                                     "damage", "placement", "restrictions", "saving",
                                     "replacement", "protection", "replaced")),
    ("zone moves and events", ("triggers", "zones")),
    ("rules procedures", ("casting", "copying", "effects", "resolution", "leaving", "sba",
                          "combat", "turns")),
    ("the Game facade", ("game",)),
    ("rulings data", ("rulings",)),
    ("scenarios", ("scenarios",)),
    ("the verdicts", ("check",)),
    ("views and commands", ("rulings.table", "draw", "teach", "widgets", "cli", "__main__", "")),
]


#: Jupyter's display hooks: they import a view lazily, only when a notebook displays the object.
DISPLAY_HOOKS = ("_repr_svg_", "_repr_html_")


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _layer(module: str) -> int:
    best, length = None, -1
    for i, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            fits = module == prefix or module.startswith(prefix + ".") or prefix == ""
            if fits and len(prefix) > length:
                best, length = i, len(prefix)
    assert best is not None, f"mtgrules.{module} is in no layer: add it to LAYERS"
    return best


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(path: Path, modules: set[str]) -> list[tuple[str, int]]:
    """(imported module, line) for every import of a module of the package."""
    name = _name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                continue
            if isinstance(child, ast.FunctionDef) and child.name in DISPLAY_HOOKS:
                continue
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".") if package else []
                    base = base[:len(base) - (child.level - 1)]
                    target = ".".join(b for b in [*base, child.module or ""] if b)
                elif (child.module or "").startswith("mtgrules"):
                    target = (child.module or "").removeprefix("mtgrules").lstrip(".")
                else:
                    continue
                for alias in child.names:
                    sub = f"{target}.{alias.name}" if target else alias.name
                    found.append((sub if sub in modules else target, child.lineno))
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.startswith("mtgrules"):
                        found.append((alias.name.removeprefix("mtgrules").lstrip("."),
                                      child.lineno))
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return [(m, line) for m, line in found if m in modules and m != name]


def _graph() -> dict[str, list[tuple[str, int]]]:
    paths = {_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: _imports(path, set(paths)) for name, path in paths.items()}


GRAPH = _graph()


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_a_module_imports_only_from_its_layer_or_below(module: str):
    mine = _layer(module)
    upward = [f"line {line}: {target} ({LAYERS[_layer(target)][0]})"
              for target, line in GRAPH[module] if _layer(target) > mine]
    assert not upward, f"mtgrules.{module} ({LAYERS[mine][0]}) imports upward: {upward}"


def test_no_import_cycle():
    """Tarjan's strongly connected components: any component of two or more is a cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w, _ in GRAPH[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(GRAPH):
        if v not in index:
            connect(v)
    assert not cycles, f"import cycles: {cycles}"


def test_the_check_finds_a_cycle_and_an_upward_import():
    """The checker itself can fail: an upward import and a cycle are both seen."""
    assert _layer("zones") < _layer("game") < _layer("scenarios.loader")
    fake = {"a": [("b", 1)], "b": [("a", 2)]}
    saved = dict(GRAPH)
    GRAPH.clear()
    GRAPH.update(fake)
    try:
        with pytest.raises(AssertionError, match="import cycles"):
            test_no_import_cycle()
    finally:
        GRAPH.clear()
        GRAPH.update(saved)
    assert ("game", 1) not in GRAPH["zones"]
