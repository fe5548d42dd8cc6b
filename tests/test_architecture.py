"""Layering stays honest: lower layers never import higher ones; the public API is what the docs promise."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import memdir

CORE = Path(memdir.__file__).parent

FORBIDDEN = {
    "memdir/notes": ("memdir.index", "memdir.consolidation", "memdir.daemon", "memdir.cli", "memdir.llm", "memdir.lifecycle"),
    "memdir/index": ("memdir.consolidation", "memdir.daemon", "memdir.cli"),
    "memdir/llm": ("memdir.daemon", "memdir.cli"),
    "memdir/consolidation": ("memdir.daemon", "memdir.cli"),
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_layers_do_not_import_upwards() -> None:
    problems = []
    for folder, banned in FORBIDDEN.items():
        for py in sorted((CORE.parent / folder).rglob("*.py")):
            for mod in _imports(py):
                if mod.startswith(banned):
                    problems.append(f"{py.relative_to(CORE.parent)} imports {mod}")
    assert problems == []


def test_only_the_cli_prints() -> None:
    offenders = []
    for py in sorted(CORE.rglob("*.py")):
        rel = py.relative_to(CORE.parent).as_posix()
        if rel.startswith("memdir/cli/"):
            continue
        tree = ast.parse(py.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
                offenders.append(f"{rel}:{node.lineno}")
    assert offenders == []


def test_public_api() -> None:
    assert {"Memory", "MemdirError", "ConflictError", "PathError", "NoteError"} <= set(memdir.__all__)
    for name in memdir.__all__:
        assert hasattr(memdir, name)


def test_heavy_libraries_stay_off_the_import_path() -> None:
    code = (
        "import sys, memdir, memdir.cli.main\n"
        "heavy = [m for m in ('litellm', 'sklearn', 'chromadb', 'apscheduler', 'watchdog') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
