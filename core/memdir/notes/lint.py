"""Lint: check every note the way a careful reviewer would (parse, required keys, encoding)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memdir.errors import NoteError
from memdir.notes.atomic import is_temp_name

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

LINT_DIRS = ("knowledge", "procedures", "episodes", "skills", "review")
MAX_BYTES = 5 * 1024 * 1024


@dataclass(frozen=True)
class LintProblem:
    """One problem: where, how bad (`error` or `warning`), and what."""

    path: str
    level: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.level}: {self.message}"


def _walk(store: NoteStore) -> list[str]:
    out: list[str] = []
    root_real = os.path.realpath(store.root)
    for top in LINT_DIRS:
        base = store.root / top
        if not base.is_dir():
            continue
        seen: set[str] = set()
        for dirpath, dirnames, filenames in os.walk(base, followlinks=True):
            real = os.path.realpath(dirpath)
            if real in seen:
                rel = os.path.relpath(dirpath, store.root)
                out.append(f"!loop:{rel}")
                dirnames[:] = []
                continue
            seen.add(real)
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(filenames):
                if name.startswith(".") or is_temp_name(name):
                    continue
                out.append(os.path.relpath(os.path.join(dirpath, name), store.root).replace(os.sep, "/"))
        _ = root_real
    return out


def lint_root(store: NoteStore) -> list[LintProblem]:
    """All problems in the root's notes, sorted by path."""
    problems: list[LintProblem] = []
    for rel in _walk(store):
        if rel.startswith("!loop:"):
            problems.append(LintProblem(rel[6:], "error", "symlink loop"))
            continue
        full = store.root / rel
        if not rel.endswith(".md"):
            if not (rel.startswith("skills/") or rel.startswith("review/")):
                problems.append(LintProblem(rel, "warning", "not a Markdown (.md) file; ignored"))
            continue
        try:
            size = full.stat().st_size
        except OSError as exc:
            problems.append(LintProblem(rel, "error", f"cannot stat: {exc.strerror}"))
            continue
        if size > MAX_BYTES:
            problems.append(LintProblem(rel, "warning", f"very large note ({size // 1024} KiB)"))
        try:
            note = store.read(rel)
        except NoteError as exc:
            msg = str(exc).removeprefix(f"{rel}: ")
            problems.append(LintProblem(rel, "error", msg))
            continue
        kind = note.kind
        meta = note.meta
        if kind in ("knowledge", "procedures"):
            desc = meta.get("description")
            if not isinstance(desc, str) or not desc.strip():
                level = "error" if kind == "procedures" else "warning"
                problems.append(LintProblem(rel, level, "missing one-line `description`"))
            elif "\n" in desc.strip():
                problems.append(LintProblem(rel, "warning", "`description` should be one line"))
        if kind == "procedures" and "confidence" not in meta:
            problems.append(LintProblem(rel, "warning", "procedure without `confidence`"))
        if "confidence" in meta:
            c = meta.get("confidence")
            if not isinstance(c, int | float) or isinstance(c, bool) or not 0 <= float(c) <= 1:
                problems.append(
                    LintProblem(rel, "error", f"`confidence` must be a number in 0..1, got {c!r}")
                )
        for key in ("success_count", "failure_count"):
            v = meta.get(key)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
                problems.append(LintProblem(rel, "error", f"`{key}` must be a non-negative integer"))
        tags = meta.get("tags")
        if tags is not None and not (isinstance(tags, list) and all(isinstance(t, str) for t in tags)):
            problems.append(LintProblem(rel, "warning", "`tags` should be a list of strings"))
    return sorted(problems, key=lambda p: (p.path, p.level, p.message))
