"""Lint: check every note the way a careful reviewer would (parse, required keys, types, encoding).

Problems name the key and, where it helps, the line ("knowledge/x.md: error: `description` must
be text, got a number (123) (line 2)"). Frontmatter memdir does not read (TOML `+++`, JSON, a `---`
block that never closes) is reported instead of being silently taken as body. A secret-like value a
person wrote into a file (an API key in a pasted trace) is a warning naming its line, never the value. Unresolved Git
merge conflicts are reported with their line (notes/conflicts.py), and a file name with a control
character (which memdir never reads) with its name escaped.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memdir.errors import MemdirError, NoteError, PathError
from memdir.notes.atomic import is_temp_name
from memdir.notes.conflicts import find_conflicts
from memdir.notes.episode_copies import lost_sections
from memdir.notes.episode_size import TOO_LARGE_FIX, day_file_too_large, episode_too_large
from memdir.notes.episodes import bad_day_name, parse_episode_text
from memdir.notes.frontmatter import key_line, split_text, wide_colon_keys
from memdir.notes.outside import outside_notes
from memdir.notes.store import LINK_OUT
from memdir.notes.sync_copies import SyncCopy, copy_of, same_text
from memdir.notes.tag_lint import tags_problem
from memdir.notes.template_text import note_template_leftover
from memdir.paths import BAD_NAME, has_control, shown_name
from memdir.redaction import secret_lines

if TYPE_CHECKING:
    from ruamel.yaml.comments import CommentedMap

    from memdir.notes.model import Note
    from memdir.notes.store import NoteStore

LINT_DIRS = ("knowledge", "procedures", "episodes", "skills", "review")
SECRET = (
    "holds a secret-like value at line {} (not shown here): `search` masks it, but `note show` and "
    "`read_note` serve the file as written; rotate a credential, and delete it (or a personal id or "
    "account number) from the file"
)
NO_DESCRIPTION = "missing one-line `description`"
_SHOWN = 3  # paths named in a summary line
COPY_FIX = "rename it to keep it (memdir reads no conflict copy)"
CONFLICT = "unresolved merge conflict at {}: keep the side you want and delete the marker lines"
MAX_BYTES = 5 * 1024 * 1024
STRING_KEYS = ("title", "description", "origin", "summary")
LIST_KEYS = ("sources", "aliases", "tools")
_OTHER = {
    "toml": "TOML frontmatter (`+++`, line 1) is not read: memdir reads YAML frontmatter between `---` lines",
    "json": "JSON frontmatter (`{`, line 1) is not read: memdir reads YAML frontmatter between `---` lines",
    "unclosed": "frontmatter opened on line 1 never closes (no later `---` line): the whole file is read as body",
}


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
            if not (real == root_real or real.startswith(root_real + os.sep)):
                out.append(f"!outside:{os.path.relpath(dirpath, store.root)}")
                dirnames[:] = []
                continue
            seen.add(real)
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(filenames):
                if name.startswith(".") or is_temp_name(name):
                    continue
                out.append(os.path.relpath(os.path.join(dirpath, name), store.root).replace(os.sep, "/"))
    return out


def lint_root(store: NoteStore) -> list[LintProblem]:
    """All problems in the root's notes, sorted by path."""
    problems: list[LintProblem] = []
    other: list[str] = []  # attachments and other files beside the notes: one line for all
    for rel in _walk(store):
        if rel.startswith("!loop:"):
            problems.append(LintProblem(rel[6:], "error", "symlink loop"))
            continue
        if rel.startswith("!outside:"):
            problems.append(LintProblem(rel[9:], "error", LINK_OUT))
            continue
        if has_control(rel):  # printed escaped: a newline in a name must not forge lines of the report
            problems.append(LintProblem(shown_name(rel), "error", BAD_NAME))
            continue
        full = store.root / rel
        if not rel.endswith(".md"):
            if not (rel.startswith("skills/") or rel.startswith("review/")):
                other.append(rel)
            continue
        copy = copy_of(rel, lambda o: (store.root / o).is_file())
        if copy is not None:  # a sync tool's conflict copy: no note, nothing memdir reads
            problems.append(_copy_problem(store, copy))
            continue
        try:
            size = full.stat().st_size
        except OSError as exc:
            problems.append(LintProblem(rel, "error", f"cannot stat: {exc.strerror}"))
            continue
        if size > MAX_BYTES:
            problems.append(LintProblem(rel, "warning", f"very large note ({size // 1024} KiB)"))
        no_day = bad_day_name(rel) if rel.startswith("episodes/") else None
        if no_day is not None:  # the daily run leaves it pending until it is renamed
            problems.append(
                LintProblem(rel, "error", f"{no_day}: rename it (the daily run leaves it pending)")
            )
        try:
            note = store.read(rel)
        except PathError as exc:  # a link out of the root is one problem, not the end of lint
            msg = str(exc).removeprefix(f"{rel} ").removeprefix(f"{rel}: ")
            problems.append(LintProblem(rel, "error", f"{msg}: skipped (memdir never reads through it)"))
            continue
        except NoteError as exc:
            msg = str(exc).removeprefix(f"{rel}: ")
            problems.append(LintProblem(rel, "error", msg))
            problems.extend(_conflicts(store, rel))  # markers in the frontmatter are why it does not parse
            continue
        problems.extend(_check_note(note))
        # what the daily run cannot take for its size stays pending (trial 29 #13)
        if rel.startswith("episodes/") and no_day is None:
            problems.extend(_too_large(rel, size, note.text))
        if leftover := note_template_leftover(note.text):
            problems.append(LintProblem(rel, "warning", leftover))
        problems.extend(LintProblem(rel, "warning", SECRET.format(n)) for n in secret_lines(note.text))
        problems.extend(
            LintProblem(rel, "error", CONFLICT.format(c.describe())) for c in find_conflicts(note.text)
        )
    problems = _undescribed(problems)
    problems.extend(_not_markdown(other))
    outside = outside_notes(store.root)
    if outside.count:
        problems.append(LintProblem(".", "warning", outside.line()))  # the root: a count over it
    problems.extend(_lost_sections(store))
    return sorted(problems, key=lambda p: (p.path, p.level, p.message))


def _too_large(rel: str, size: int, text: str) -> list[LintProblem]:
    """A day file, or an episode in it, too large for the daily run: an error, as the run leaves it pending."""
    whole = day_file_too_large(rel, size)
    lines = [whole] if whole else [episode_too_large(ep.id, ep.text) for ep in parse_episode_text(rel, text)]
    return [  # named by the file, or by the episode's id (`episodes/2026-11-22.md#1200-huge-paste`)
        LintProblem(where, "error", f"{why}: {TOO_LARGE_FIX} (the daily run leaves it pending)")
        for where, why in (line.split(": ", 1) for line in lines if line)
    ]


def _lost_sections(store: NoteStore) -> list[LintProblem]:
    """A day file that lost sections memdir appended (an editor saved over them; trial 27 #10)."""
    by_file: dict[str, list[str]] = {}
    for s in lost_sections(store.root):
        by_file.setdefault(s.file, []).append(s.id)
    return [
        LintProblem(
            rel,
            "warning",
            f"{len(ids)} section(s) memdir appended are no longer here (an editor saved over them?): "
            "`memdir episode restore` appends them again, `memdir episode restore --dismiss` forgets them",
        )
        for rel, ids in sorted(by_file.items())
    ]


def _undescribed(problems: list[LintProblem]) -> list[LintProblem]:
    """Knowledge notes without a `description`, in one line when there are several (an imported vault:
    every hand-written note). Search shows their title or first line instead, so it is a gap, not an
    error; a procedure without one stays an error of its own (the daily run matches procedures on it)."""
    missing = sorted((p for p in problems if p.level == "warning" and p.message == NO_DESCRIPTION), key=str)
    if len(missing) < 2:
        return problems
    where = os.path.commonpath([p.path for p in missing])
    first = ", ".join(p.path for p in missing[:_SHOWN]) + (", …" if len(missing) > _SHOWN else "")
    line = LintProblem(
        f"{where}/",
        "warning",
        f"{len(missing)} knowledge notes have no one-line `description` (search shows their title or "
        f"first line instead): {first}",
    )
    return [p for p in problems if p not in missing] + [line]


def _not_markdown(paths: list[str]) -> list[LintProblem]:
    """One line for the files in note folders that are not Markdown (an Obsidian vault's images and
    PDFs beside the notes): how many, of which kinds, where; memdir reads none of them."""
    if not paths:
        return []
    if len(paths) == 1:
        return [LintProblem(paths[0], "warning", "not a Markdown (.md) file; ignored")]
    kinds = Counter(os.path.splitext(p)[1].lower() or "no extension" for p in paths)
    shown = ", ".join(f"{n} {ext}" for ext, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))[:5])
    where = os.path.commonpath(paths).replace(os.sep, "/")
    return [
        LintProblem(
            f"{where}/" if where else paths[0],
            "warning",
            f"{len(paths)} files that are not Markdown (.md) are ignored ({shown}; first: {paths[0]})",
        )
    ]


def _copy_problem(store: NoteStore, copy: SyncCopy) -> LintProblem:
    """The lint line of a conflict copy: an error unless it says what the original says."""
    try:
        same = same_text((store.root / copy.path).read_bytes(), (store.root / copy.original).read_bytes())
    except OSError:  # the original is gone: the copy holds the only text
        return LintProblem(
            copy.path, "error", f"conflict copy of {copy.original} ({copy.tool}), which is gone: {COPY_FIX}"
        )
    if same:
        return LintProblem(
            copy.path, "warning", f"conflict copy of {copy.original} ({copy.tool}), same text: delete it"
        )
    return LintProblem(
        copy.path, "error", f"conflict copy of {copy.original} ({copy.tool}): compare and keep one"
    )


def _conflicts(store: NoteStore, rel: str) -> list[LintProblem]:
    try:
        text = store.read_bytes(rel).decode("utf-8", "replace")
    except MemdirError:
        return []
    return [LintProblem(rel, "error", CONFLICT.format(c.describe())) for c in find_conflicts(text)]


def _type_name(value: object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return "text"
    return type(value).__name__


def note_errors(note: Note) -> list[str]:
    """What `memdir lint` calls an error in one parsed note (a value that is not read as written)."""
    return [p.message for p in _check_note(note) if p.level == "error"]


def _check_note(note: Note) -> list[LintProblem]:
    """Problems of one parsed note: unread frontmatter, required keys, value types (with lines)."""
    rel, meta = note.path, note.meta
    out: list[LintProblem] = []

    def at(key: str) -> str:
        line = key_line(meta, key)
        return f" (line {line})" if line else ""

    split = split_text(note.text)
    if split.other:
        out.append(LintProblem(rel, "error", _OTHER[split.other]))
    for line, key in wide_colon_keys(split.yaml_text):
        if key in meta and key_line(meta, key) == line:  # read as `key:` (frontmatter.parse_yaml)
            out.append(
                LintProblem(
                    rel,
                    "warning",
                    f"`{key}` is followed by a full-width colon `：`; read as `{key}:`, type `:` (line {line})",
                )
            )
    kind = note.kind
    for key in STRING_KEYS:
        value = meta.get(key)
        if key in meta and not isinstance(value, str):
            out.append(
                LintProblem(
                    rel, "error", f"`{key}` must be text, got {_type_name(value)} ({value!r}){at(key)}"
                )
            )
    if kind in ("knowledge", "procedures"):
        desc = meta.get("description")
        if "description" not in meta or (isinstance(desc, str) and not desc.strip()):
            level = "error" if kind == "procedures" else "warning"
            out.append(LintProblem(rel, level, NO_DESCRIPTION))
        elif isinstance(desc, str) and "\n" in desc.strip():
            out.append(LintProblem(rel, "warning", f"`description` should be one line{at('description')}"))
    if kind == "procedures" and "confidence" not in meta and _written_by_memdir(meta):
        out.append(LintProblem(rel, "warning", "procedure without `confidence`"))
    out.extend(_check_numbers(rel, meta, at))
    if "tags" in meta:
        why = tags_problem(meta.get("tags"), split.yaml_text)
        if why is not None:
            out.append(LintProblem(rel, "warning", f"{why}{at('tags')}"))
    for key in LIST_KEYS:
        if key in meta and not isinstance(meta.get(key), list):
            out.append(
                LintProblem(
                    rel, "warning", f"`{key}` should be a list, got {_type_name(meta.get(key))}{at(key)}"
                )
            )
    return out


def _check_numbers(rel: str, meta: CommentedMap, at: Callable[[str], str]) -> list[LintProblem]:
    out: list[LintProblem] = []
    if "confidence" in meta:
        c = meta.get("confidence")
        if not isinstance(c, int | float) or isinstance(c, bool) or not 0 <= float(c) <= 1:
            out.append(
                LintProblem(
                    rel, "error", f"`confidence` must be a number in 0..1, got {c!r}{at('confidence')}"
                )
            )
    for key in ("success_count", "failure_count"):
        v = meta.get(key)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
            out.append(LintProblem(rel, "error", f"`{key}` must be a non-negative integer{at(key)}"))
    return out


def _written_by_memdir(meta: CommentedMap) -> bool:
    """Whether memdir wrote the note (`origin` daily, weekly, agent...): it always gives a procedure `confidence`,
    so one without it lost it. `confidence` is optional in a person's note (formats.md; feedback starts it at the
    prior), and a person's checklist moved from knowledge/ by an accepted move proposal keeps its bytes (trial 28
    #10: lint warned about the note memdir had just moved)."""
    origin = meta.get("origin")
    return isinstance(origin, str) and origin.strip() not in ("", "human")
