"""Layering stays honest: every layer imports only the layers below it, nothing below the facade knows
`Memory`, and no two modules import each other, even through a chain or inside a function.

The import graph is built from the AST of every module of the package (imports inside functions and
under `if TYPE_CHECKING:` count: a cycle there is still a tangle a reader has to hold in their head).
Set MEMDIR_ARCH_PACKAGE to another copy of the package folder to check that tree instead (this is how
the test was shown red on the tree before the restructuring; see docs/architecture.md).
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import memdir

PKG = Path(os.environ.get("MEMDIR_ARCH_PACKAGE") or Path(memdir.__file__).parent)
NAME = "memdir"

# Lowest first. A module belongs to the first layer with a prefix that matches its dotted name.
LAYERS: dict[str, tuple[str, ...]] = {
    "base": (
        "memdir.errors",
        "memdir.paths",
        "memdir.locks",
        "memdir.config",
        "memdir.clock",  # the zone of written timestamps (trial 23)
        "memdir.jsonvalue",
        "memdir.yamlload",
        "memdir.confined",
        "memdir.inputs",
        "memdir.arguments",  # the public API's argument checks (trial 22)
        "memdir.redaction",
        "memdir.secret_rules",
        "memdir.secret_names",
        "memdir.secret_named",
        "memdir.secret_positions",
        "memdir.secret_context",
        "memdir.secret_prose",
        "memdir.secret_ids",
        "memdir.masked_refs",
        "memdir.secret_detect",
        "memdir.secret_echoes",
        "memdir.secret_fields",  # secrets by their place in an object or an argv list (trial 25)
    ),
    "notes": ("memdir.notes",),
    "activity": ("memdir.activity",),
    "llm": ("memdir.llm",),
    "index": ("memdir.index",),
    "runs": ("memdir.runs",),
    "lifecycle": ("memdir.lifecycle",),
    # a daily lesson -> the procedure it is about (trial 25 #4); within the daily prefix, named for the record
    "daily": ("memdir.consolidation.daily", "memdir.consolidation.daily.lesson_link"),
    "weekly": ("memdir.consolidation.weekly",),
    "consolidation": ("memdir.consolidation",),  # the package __init__ only
    "daemon": ("memdir.daemon",),
    "status": ("memdir.status",),
    "agents": ("memdir.agents",),
    "evaluation": ("memdir.evaluation",),  # `memdir eval`: data sets as roots, rankers, metrics
    # `memdir` is the package __init__ (re-exports Memory); `memory_root` holds the parts `Memory` is built on
    "facade": ("memdir.memory", "memdir.memory_root", "memdir"),
    "mcp": ("memdir.mcp",),  # the MCP server: over the facade; `memdir mcp` (cli) starts it
    "cli": ("memdir.cli", "memdir.__main__"),
}
ORDER = list(LAYERS)

# What each layer may import besides itself (an allow-list: anything not named is refused).
ALLOWED: dict[str, set[str]] = {
    "base": set(),
    "notes": {"base"},
    "activity": {"base"},
    "llm": {"base"},
    "index": {"base", "notes"},
    "runs": {"base", "notes"},
    "lifecycle": {"base", "notes", "activity", "runs"},
    "daily": {"base", "notes", "activity", "llm", "index", "runs", "lifecycle"},
    "weekly": {"base", "notes", "activity", "llm", "index", "runs", "lifecycle"},
    "consolidation": set(),  # the package __init__: daily/ and weekly/ are its rooms
    "daemon": {"base", "notes", "activity", "index", "runs"},
    "status": {"base", "notes", "activity", "index", "runs", "weekly", "daemon"},
    "agents": {"base", "notes", "activity", "index"},
    "evaluation": {"base", "notes", "index"},
    "facade": {
        "base",
        "notes",
        "activity",
        "llm",
        "index",
        "runs",
        "lifecycle",
        "daily",
        "weekly",
        "daemon",
        "status",
        "agents",
    },
    "mcp": {"base", "runs", "status", "agents", "facade"},
    "cli": {"base", "runs", "daemon", "status", "agents", "evaluation", "facade", "mcp"},
}
MAY_USE_MEMORY = {"facade", "cli", "mcp"}


def module_name(path: Path) -> str:
    """Dotted name of a module file of the package."""
    parts = list(path.relative_to(PKG).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([NAME, *parts])


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    return {module_name(p): p for p in sorted(PKG.rglob("*.py")) if "__pycache__" not in p.parts}


def imports_of(name: str, path: Path, known: set[str]) -> Iterator[tuple[str, int, list[str]]]:
    """(imported package module, line, names) for every import anywhere in the file (functions included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == NAME or alias.name.startswith(NAME + "."):
                    yield alias.name, node.lineno, []
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not (target == NAME or target.startswith(NAME + ".")):
                continue
            names = [a.name for a in node.names]
            subs = [f"{target}.{n}" for n in names if f"{target}.{n}" in known]
            for sub in subs:  # `from memdir.daemon import cancel` imports the module memdir.daemon.cancel
                yield sub, node.lineno, []
            rest = [n for n in names if f"{target}.{n}" not in known]
            if rest or not subs:
                yield target, node.lineno, rest


def layer_of(name: str) -> str | None:
    """The layer of a dotted module name (the longest matching prefix wins), or None."""
    best: tuple[int, str] | None = None
    for layer, prefixes in LAYERS.items():
        for prefix in prefixes:
            matches = name == prefix or (prefix != NAME and name.startswith(prefix + "."))
            if matches and (best is None or len(prefix) > best[0]):
                best = (len(prefix), layer)
    return best[1] if best else None


def graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
    mods = modules()
    known = set(mods)
    return {
        name: {t for t, _, _ in imports_of(name, path, known) if t != name} for name, path in mods.items()
    }


def strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module (each one an import cycle)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in edges:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_allow_lists_point_downwards_only() -> None:
    assert set(ALLOWED) == set(LAYERS)
    upward = [
        f"{layer} -> {other}"
        for layer, allowed in ALLOWED.items()
        for other in allowed
        if ORDER.index(other) >= ORDER.index(layer)
    ]
    assert not upward, "allowed imports that point upwards:\n" + "\n".join(upward)


def test_every_module_has_a_layer() -> None:
    orphans = [name for name in modules() if layer_of(name) is None]
    assert not orphans, "modules in no layer (add them to LAYERS):\n" + "\n".join(orphans)


def test_layers_import_only_what_their_allow_list_names() -> None:
    mods = modules()
    known = set(mods)
    problems = []
    for name, path in mods.items():
        layer = layer_of(name)
        if layer is None:
            continue
        for target, line, _ in imports_of(name, path, known):
            other = layer_of(target)
            if other is None or other == layer or other in ALLOWED[layer]:
                continue
            problems.append(f"{path.relative_to(PKG.parent)}:{line}: {layer} imports {target} ({other})")
    assert not problems, f"{len(problems)} imports outside the allow-lists:\n" + "\n".join(problems)


def test_nothing_below_the_facade_knows_memory() -> None:
    mods = modules()
    known = set(mods)
    problems = []
    for name, path in mods.items():
        if layer_of(name) in MAY_USE_MEMORY:
            continue
        for target, line, names in imports_of(name, path, known):
            if target == f"{NAME}.memory" or (target == NAME and "Memory" in names):
                problems.append(f"{path.relative_to(PKG.parent)}:{line}: imports Memory ({target})")
    assert not problems, f"{len(problems)} imports of Memory below the facade:\n" + "\n".join(problems)


def test_no_import_cycles() -> None:
    cycles = strongly_connected(graph())
    assert not cycles, f"{len(cycles)} import cycle(s):\n" + "\n".join(
        f"{len(c)} modules: {', '.join(c)}" for c in cycles
    )


def _mentions_any(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    for node in ast.walk(annotation):
        if isinstance(node, ast.Name) and node.id == "Any":
            return True
        if isinstance(node, ast.Attribute) and node.attr == "Any":
            return True
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and "Any" in node.value.split("[")[0]
        ):
            return True
    return False


def test_public_signatures_have_no_any() -> None:
    """`Any` stays inside function bodies and private helpers: the API says what it takes and returns."""
    problems = []

    def visit(body: list[ast.stmt], prefix: str, rel: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                visit(node.body, f"{prefix}{node.name}.", rel)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                dunder = node.name.startswith("__") and node.name.endswith("__")
                if node.name.startswith("_") and not dunder:
                    continue
                a = node.args
                args = [*a.posonlyargs, *a.args, *a.kwonlyargs, *(x for x in (a.vararg, a.kwarg) if x)]
                bad = [x.arg for x in args if _mentions_any(x.annotation)]
                bad += ["return"] if _mentions_any(node.returns) else []
                if bad:
                    problems.append(f"{rel}:{node.lineno}: {prefix}{node.name} ({', '.join(bad)})")

    for path in modules().values():
        visit(ast.parse(path.read_text(encoding="utf-8")).body, "", str(path.relative_to(PKG.parent)))
    assert not problems, f"{len(problems)} public signatures with Any:\n" + "\n".join(problems)


def test_modules_stay_under_400_lines() -> None:
    long = [
        f"{path.relative_to(PKG.parent)}: {n} lines"
        for path in modules().values()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 400
    ]
    assert not long, "modules over 400 lines (split them):\n" + "\n".join(long)


def test_only_the_cli_prints() -> None:
    offenders = []
    for name, py in modules().items():
        if layer_of(name) == "cli":
            continue
        tree = ast.parse(py.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
                offenders.append(f"{py.relative_to(PKG.parent)}:{node.lineno}")
    assert not offenders, "print() outside the CLI:\n" + "\n".join(offenders)


def test_public_api() -> None:
    assert {"Memory", "MemdirError", "ConflictError", "PathError", "NoteError"} <= set(memdir.__all__)
    for name in memdir.__all__:
        assert hasattr(memdir, name)


def test_heavy_libraries_stay_off_the_import_path() -> None:
    code = (
        "import sys, memdir, memdir.cli.main\n"
        "heavy = [m for m in ('litellm', 'sklearn', 'chromadb', 'apscheduler', 'watchdog', 'mcp') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
