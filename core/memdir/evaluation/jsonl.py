"""The generic JSONL format: one JSON object per line, documents and queries in one file.

    {"type": "document", "id": "d1", "text": "...", "title": "optional heading"}
    {"type": "query", "id": "q1", "text": "...", "gold": ["d1"], "category": "optional",
     "scope": ["d1", "d2"]}

Documents become `episodes/documents/<id as a slug>.md` (frontmatter `id` and `source`, the
title as a `# ` heading when given, then the text verbatim). `gold` lists the ids of the
documents that answer the query; `scope`, optional, restricts the query to those documents
(a per-query haystack, as in LongMemEval), else it is searched over all of them. Blank lines
are ignored. A malformed line stops the load with its line number; a query with an empty
`gold` list is skipped and counted.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from memdir.errors import DatasetError
from memdir.evaluation.dataset import (
    NO_CATEGORY,
    EvalDataset,
    EvalDocument,
    EvalQuery,
    PathNamer,
    note_text,
    ordered_categories,
)
from memdir.jsonvalue import JSONValue

FOLDER = "episodes/documents"


@dataclass(frozen=True)
class _RawQuery:
    where: str
    id: str
    text: str
    gold: list[str]
    category: str
    scope: list[str] | None


def _ids(value: JSONValue, where: str, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DatasetError(f"{where}: `{key}` must be a list of document ids (strings)")
    return [str(v) for v in value]


def read_lines(path: Path) -> list[tuple[int, Mapping[str, JSONValue]]]:
    """(line number, object) for each non-blank line of a JSONL file; DatasetError names the bad line."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise DatasetError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise DatasetError(f"{path}: is a directory, expected a file") from None
    except UnicodeDecodeError:
        raise DatasetError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise DatasetError(f"{path}: cannot read ({exc.strerror})") from None
    out: list[tuple[int, Mapping[str, JSONValue]]] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{path}:{n}: invalid JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise DatasetError(f"{path}:{n}: expected a JSON object")
        out.append((n, obj))
    return out


def document_note(doc_id: str, text: str, title: str | None) -> str:
    """The note of one document."""
    body = f"# {title.strip()}\n\n{text}" if title and title.strip() else text
    return note_text({"id": doc_id, "source": "jsonl"}, body)


def load_jsonl(path: Path) -> EvalDataset:
    """Read a generic JSONL data set (see the module docstring for the format)."""
    namer = PathNamer(FOLDER)
    documents: list[EvalDocument] = []
    by_id: dict[str, str] = {}
    pending: list[_RawQuery] = []
    seen_queries: set[str] = set()
    for n, obj in read_lines(path):
        where = f"{path}:{n}"
        kind, oid, text = obj.get("type"), obj.get("id"), obj.get("text")
        if kind not in ("document", "query"):
            raise DatasetError(f'{where}: `type` must be "document" or "query"')
        if not isinstance(oid, str) or not oid.strip():
            raise DatasetError(f"{where}: `id` must be a non-empty string")
        if not isinstance(text, str):
            raise DatasetError(f"{where}: `text` must be a string")
        if kind == "document":
            if oid in by_id:
                raise DatasetError(f"{where}: document id {oid!r} appears twice")
            title = obj.get("title")
            if title is not None and not isinstance(title, str):
                raise DatasetError(f"{where}: `title` must be a string")
            rel = namer.name(oid)
            by_id[oid] = rel
            documents.append(EvalDocument(rel, oid, document_note(oid, text, title)))
            continue
        if oid in seen_queries:
            raise DatasetError(f"{where}: query id {oid!r} appears twice")
        seen_queries.add(oid)
        category = obj.get("category", NO_CATEGORY)
        if not isinstance(category, str) or not category.strip():
            raise DatasetError(f"{where}: `category` must be a non-empty string")
        scope = obj.get("scope")
        gold = _ids(obj.get("gold"), where, "gold")
        scope_ids = None if scope is None else _ids(scope, where, "scope")
        pending.append(_RawQuery(where, oid, text, gold, category.strip(), scope_ids))
    if not documents:
        raise DatasetError(f'{path}: no documents (lines with "type": "document")')
    queries: list[EvalQuery] = []
    skipped = 0
    for q in pending:
        missing = [d for d in q.gold + (q.scope or []) if d not in by_id]
        if missing:
            raise DatasetError(f"{q.where}: query {q.id!r} names unknown document id {missing[0]!r}")
        if q.scope is not None and not set(q.gold) <= set(q.scope):
            raise DatasetError(f"{q.where}: query {q.id!r} has a gold document outside its scope")
        if not q.gold:
            skipped += 1
            continue
        scope_paths = None if q.scope is None else tuple(dict.fromkeys(by_id[d] for d in q.scope))
        gold_paths = tuple(dict.fromkeys(by_id[d] for d in q.gold))
        queries.append(EvalQuery(q.id, q.text, gold_paths, category=q.category, scope=scope_paths))
    return EvalDataset(
        name="jsonl",
        source=str(path),
        documents=documents,
        queries=queries,
        skipped={"without gold documents": skipped} if skipped else {},
        categories=ordered_categories(queries),
    )
