"""Write a data set as a memory root: one plain note per document, plus its queries beside the notes.

The root is an ordinary memdir root (the standard folders, `.gitignore`) holding nothing but
the notes, so `memdir lint`, `memdir search`, `grep -r ROOT/episodes` and any other system read
the very same files and nothing else. What a scorer needs sits in `.memdir/eval/`, beside the
index, where no note reader looks: `queries.jsonl` (one line per query: id, text, category,
gold paths, and for per-query haystacks the scope's paths and dates), `documents.jsonl` (path
and data-set id of every note; for LongMemEval the ids are labels) and `export.json` (what this
export wrote). A root is written only when it is new or empty, or an earlier export;
re-exporting rewrites only notes whose text changed, so the index keeps every embedding it
can, and removes the notes of the earlier export that are gone. Secrets are masked in every
file it writes (the notes' texts, the queries, the ids), as in any other root.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from memdir.errors import PathError
from memdir.evaluation.dataset import EvalDataset
from memdir.jsonvalue import JSONObject
from memdir.notes.atomic import atomic_write_bytes
from memdir.notes.masking import mask_new_secrets
from memdir.paths import STATE_DIR, resolve_inside
from memdir.redaction import redact_value

log = logging.getLogger(__name__)

LAYOUT = ("knowledge", "procedures", "episodes", "skills", "activity", "review", "archive")
EVAL_DIR = f"{STATE_DIR}/eval"
MARKER = f"{EVAL_DIR}/export.json"
QUERIES_FILE = f"{EVAL_DIR}/queries.jsonl"
DOCUMENTS_FILE = f"{EVAL_DIR}/documents.jsonl"
Progress = Callable[[str, int, int], None]


@dataclass
class ExportReport:
    """What an export wrote: notes written, left as they were, and removed (from an earlier export)."""

    root: Path
    written: int = 0
    unchanged: int = 0
    removed: int = 0
    seconds: float = 0.0


def _earlier_export(root: Path) -> list[str] | None:
    """Paths written by an earlier export of this root, or None when the root is not one."""
    marker = root / MARKER
    if not marker.is_file():
        return None
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
        paths = data["paths"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return [p for p in paths if isinstance(p, str)] if isinstance(paths, list) else None


def _files(root: Path) -> set[str]:
    """Every file under root (root-relative), except derived state and the `.gitignore`."""
    out = set()
    for dirpath, dirnames, filenames in os.walk(root):
        if dirpath == str(root):
            dirnames[:] = [d for d in dirnames if d != STATE_DIR]
        for name in filenames:
            out.add(os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/"))
    out.discard(".gitignore")
    return out


def check_root(root: Path) -> list[str]:
    """Refuse a root that holds anything but an earlier export; return the earlier export's paths."""
    if not root.exists():
        return []
    if not root.is_dir():
        raise PathError(f"{root} is not a folder", str(root))
    earlier = _earlier_export(root)
    files = _files(root)
    if earlier is None:
        if files:
            raise PathError(
                f"{root} is not empty and not an earlier `memdir eval --export`; give a new or empty folder",
                str(root),
            )
        return []
    foreign = sorted(files - set(earlier))
    if foreign:
        raise PathError(
            f"{root} holds {foreign[0]}, which no earlier export wrote; not touching it", foreign[0]
        )
    return earlier


def _write_if_changed(target: Path, data: bytes, root: Path) -> bool:
    try:
        if target.read_bytes() == data:
            return False
    except OSError:
        pass
    atomic_write_bytes(target, data, root=root)  # confined to the export root, folders created
    return True


def _jsonl(rows: list[JSONObject]) -> bytes:
    return "".join(json.dumps(redact_value(r), ensure_ascii=False) + "\n" for r in rows).encode("utf-8")


def query_rows(dataset: EvalDataset) -> list[JSONObject]:
    """The lines of the root's queries.jsonl."""
    rows: list[JSONObject] = []
    for q in dataset.queries:
        row: JSONObject = {"id": q.id, "text": q.text, "category": q.category, "gold": list(q.gold)}
        if q.scope is not None:
            row["scope"] = list(q.scope)
        if q.dates:
            row["dates"] = list(q.dates)
        if q.date:
            row["date"] = q.date
        rows.append(row)
    return rows


def export_dataset(dataset: EvalDataset, root: Path, progress: Progress | None = None) -> ExportReport:
    """Write the data set's notes and query files under root (see the module docstring)."""
    t0 = time.perf_counter()
    paths = {d.path for d in dataset.documents}
    earlier = check_root(root)
    for name in LAYOUT:
        (root / name).mkdir(parents=True, exist_ok=True)
    (root / EVAL_DIR).mkdir(parents=True, exist_ok=True)
    if not (root / ".gitignore").exists():
        (root / ".gitignore").write_text(f"{STATE_DIR}/\n", encoding="utf-8")
    marker = root / MARKER
    everything = sorted(paths | set(earlier))  # a crash mid-way leaves a marker that covers all it wrote
    meta = {"dataset": dataset.name, "source": dataset.source}
    atomic_write_bytes(marker, json.dumps({**meta, "paths": everything}).encode("utf-8"))
    report = ExportReport(root=root)
    total = len(dataset.documents)
    for i, doc in enumerate(dataset.documents, 1):
        text, _ = mask_new_secrets(doc.text)  # frontmatter masked as YAML values, as the store does
        if _write_if_changed(resolve_inside(root, doc.path), text.encode("utf-8"), root):
            report.written += 1
        else:
            report.unchanged += 1
        if progress and (i % 200 == 0 or i == total):
            progress("write", i, total)
    for gone in sorted(set(earlier) - paths):
        target = resolve_inside(root, gone)
        if target.is_file():
            target.unlink()
            report.removed += 1
    docs: list[JSONObject] = [{"path": d.path, "id": d.id} for d in dataset.documents]
    _write_if_changed(root / QUERIES_FILE, _jsonl(query_rows(dataset)), root)
    _write_if_changed(root / DOCUMENTS_FILE, _jsonl(docs), root)
    atomic_write_bytes(marker, json.dumps({**meta, "paths": sorted(paths)}).encode("utf-8"))
    report.seconds = time.perf_counter() - t0
    log.info(
        "export %s: %d written, %d unchanged, %d removed",
        root,
        report.written,
        report.unchanged,
        report.removed,
    )
    return report
