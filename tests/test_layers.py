"""The layers of docs/architecture.md hold: no module imports a layer above
its own, no game imports another game or an application, and no two modules
import each other (directly or round a loop) at import time.

The imports are read from the source with ``ast`` (every ``import`` and
``from … import`` anywhere in a module, lazy ones inside functions included),
so the test needs no module to be importable."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

LAYERS: list[tuple[str, ...]] = [
    ("joker.errors", "joker.cards", "joker.i18n", "joker.version", "joker.tensors", "joker.lazy"),
    ("joker.game", "joker.registry", "joker.records", "joker.rulestring", "joker.bots", "joker.store", "joker.match",
     "joker.pace"),
    ("joker.games",),
    ("joker.ledger",),
    ("joker.env",),
    ("joker.server",),
    ("joker.cli", "joker.bench"),
]
"""Lowest first.  A module may import its own layer's modules and those below."""

FACADE = "joker"
"""The package itself re-exports Joker's public API for ``from joker import new_game``; nothing imports it back."""


FILES = sorted(SRC.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, lazy: bool = True) -> set[str]:
    """The ``joker`` modules ``path`` imports (``lazy``: also inside functions)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = ast.walk(tree) if lazy else iter(tree.body)
    out: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for a in node.names:  # `from pkg import submodule` imports the submodule
                sub = f"{target}.{a.name}"
                out.add(sub if sub in MODULES else target)
    return {m for m in out if m == "joker" or m.startswith("joker.")}


def known(modules: set[str], name: str) -> str | None:
    """The longest module of ``modules`` that ``name`` is or lies in (``name`` may be ``module.attribute``)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def layer(name: str) -> int:
    for i, prefixes in enumerate(LAYERS):
        if any(name == p or name.startswith(p + ".") for p in prefixes):
            return i
    raise AssertionError(f"{name} is in no layer: add it to LAYERS and to docs/architecture.md")


def game_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if parts[:2] == ["joker", "games"] and len(parts) > 2 else None


MODULES = {module_name(p) for p in FILES}


def test_no_module_imports_a_layer_above_it_and_no_game_imports_another() -> None:
    wrong: list[str] = []
    for path in FILES:
        name = module_name(path)
        if name == FACADE:
            continue
        for target in sorted(imports(path)):
            mod = known(MODULES, target)
            if mod is None:
                continue
            if mod == FACADE:
                wrong.append(f"{name} imports the package facade ({target}): import the module that defines it")
                continue
            if layer(mod) > layer(name):
                wrong.append(f"{name} (layer {layer(name)}) imports {mod} (layer {layer(mod)})")
            g, h = game_of(name), game_of(mod)
            if h is not None and g is not None and g != h:
                wrong.append(f"game module {name} imports another game's {mod}")
    assert not wrong, "\n".join(dict.fromkeys(wrong))


def test_no_import_cycles_at_import_time() -> None:
    graph: dict[str, set[str]] = {}
    for path in FILES:
        name = module_name(path)
        targets = {known(MODULES, t) for t in imports(path, lazy=False)}
        # importing a.b.c runs a and a.b first: a package's own __init__ is not an edge of its children
        graph[name] = {t for t in targets if t and t != name and not name.startswith(t + ".")}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    assert not cycles, "\n".join(" -> ".join(c) for c in cycles)
