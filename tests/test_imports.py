"""The package's import graph has no circles, counting every import the source holds: at the top,
under ``TYPE_CHECKING``, inside functions, and ``importlib.import_module("upto9...")`` with a
written name. An import hidden in a function still ties the two modules together; the layers are
rules data -> engine -> widgets, each module above the ones it imports."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# upto9.widgets lives in widgets/ (pyproject.toml's package-dir).
PACKAGES = {"upto9": ROOT / "upto9", "upto9.widgets": ROOT / "widgets", "upto9.server": ROOT / "server"}


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):  # subpackages too (upto9.families.phase10...)
            parts = (package, *path.relative_to(folder).with_suffix("").parts)
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _package_of(name: str, path: Path) -> str:
    return name if path.stem == "__init__" else name.rpartition(".")[0]


def _target(imported: str, modules: dict[str, Path]) -> str | None:
    """The package's module that importing ``imported`` runs last (``upto9.cards.Card`` is
    ``upto9.cards``), or ``None`` for a module outside the package."""
    while imported and imported not in modules:
        imported = imported.rpartition(".")[0]
    return imported or None


def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the package's modules it imports (anywhere in its source)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = _package_of(name, path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
                # ``from upto9 import phase10`` imports the module upto9.phase10; ``from upto9 import check`` the package.
                names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute | ast.Name)
                and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) in ("import_module", "__import__")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                names = [node.args[0].value]
            for imported in names:
                target = _target(imported, modules)
                if target is not None and target != name:
                    graph[name].add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_sees_every_kind_of_import() -> None:
    graph = import_graph()
    assert "upto9.rules" in graph["upto9.cards"] or "upto9.cards" in graph["upto9.rules"]
    assert "upto9.families.phase10.phases" in graph["upto9.families.phase10.family"]  # ``from upto9.families.phase10 import phases``: the module
    assert "upto9.simulate" in graph["upto9.compare"]  # imported inside a function
    assert graph["upto9"] >= {"upto9.cards", "upto9.family", "upto9.families.upto9.checker", "upto9.families.phase10.phases"}
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_package_has_no_import_circles() -> None:
    assert circles(import_graph()) == []


def test_cards_and_rules_and_the_two_meld_models_are_layered() -> None:
    graph = import_graph()
    assert "upto9.rules" not in graph["upto9.cards"]  # cards needs a rule set only as ``cards.DeckRules``
    families = {name for name in graph if name.startswith("upto9.families.")}
    # The families build on the engine's layers; nothing below them names a family: the engine
    # finds them through the entry points (upto9.plugins), so a family is a plug-in.
    for name in ("upto9.cards", "upto9.rules", "upto9.problems", "upto9.messages", "upto9.plugins", "upto9.family"):
        assert not graph[name] & families, name
    upto9_family = {n for n in families if n.startswith("upto9.families.upto9")}
    phase10_family = {n for n in families if n.startswith("upto9.families.phase10")}
    for name in upto9_family:
        assert not graph[name] & phase10_family, name  # neither family imports the other
    for name in phase10_family:
        assert not graph[name] & upto9_family, name


if __name__ == "__main__":
    for circle in circles(import_graph()):
        print(" <-> ".join(circle))
