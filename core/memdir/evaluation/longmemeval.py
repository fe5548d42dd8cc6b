"""LongMemEval (xiaowu0162/LongMemEval: longmemeval_s / _m / _oracle .json): per-question haystacks.

The file is a list of items, each with its own haystack: `haystack_session_ids`,
`haystack_dates` and `haystack_sessions` (lists of `{role, content, has_answer?}` turns),
and the evidence in `answer_session_ids`. The haystacks are drawn from one shared pool of
sessions, so the same session turns up in many items. Each distinct session (same id, same
turns) is written once, as `episodes/longmemeval/sNNNNNN.md`, and every question is searched
only among the notes of its own haystack (`EvalQuery.scope`): the figures are those of a root
per item, at the cost of one index instead of 500.

Session ids never reach a note: LongMemEval marks evidence sessions in the id itself
(`answer_...`) and fillers by their source (`sharegpt_...`), which would hand the label to any
system that reads the files. Notes get a neutral id; the root's `.memdir/eval/documents.jsonl` maps
paths back to session ids. `has_answer` (turn-level labels) is never written either, and
neither are dates: one session sits at different dates in different haystacks; each
question's dates are in the root's `.memdir/eval/queries.jsonl`. Notes are numbered in hash order, so
neither their names nor their order say which sessions are new to a haystack. Abstention questions (`_abs`) are skipped,
as LongMemEval's own retrieval evaluation does.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from memdir.errors import DatasetError
from memdir.evaluation.dataset import (
    EvalDataset,
    EvalDocument,
    EvalQuery,
    clean_text,
    note_text,
    ordered_categories,
    read_json,
)
from memdir.jsonvalue import JSONValue

FOLDER = "episodes/longmemeval"
ORDER = (
    "single-session-user",
    "single-session-assistant",
    "single-session-preference",
    "multi-session",
    "knowledge-update",
    "temporal-reasoning",
)


def _strings(value: JSONValue, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DatasetError(f"{where}: expected a list of strings")
    return [str(v) for v in value]


def session_body(turns: Sequence[JSONValue], where: str) -> str:
    """The Markdown of one session: a paragraph per turn, `**role:** content` (content verbatim)."""
    parts = []
    for j, raw in enumerate(turns):
        if not isinstance(raw, Mapping):
            raise DatasetError(f"{where}: turn {j}: expected an object with role and content")
        role, content = raw.get("role"), raw.get("content")
        if not isinstance(role, str) or not isinstance(content, str | None):
            raise DatasetError(f"{where}: turn {j}: role and content must be strings")
        parts.append(f"**{role}:** {(content or '').strip()}")
    return "\n\n".join(parts)


@dataclass
class _Item:
    qid: str
    question: str
    qtype: str
    date: str | None
    keys: list[str] = field(default_factory=list)  # one per distinct session of the haystack, in its order
    dates: list[str] = field(default_factory=list)
    gold: list[str] = field(default_factory=list)


def _read_item(path: Path, pos: int, item: JSONValue, sessions_by_key: dict[str, tuple[str, str]]) -> _Item:
    """Check one item and collect its sessions (by key: a hash of session id and text) into sessions_by_key."""
    if not isinstance(item, Mapping):
        raise DatasetError(f"{path}: item {pos}: expected an object")
    qid = item.get("question_id")
    if not isinstance(qid, str) or not qid:
        raise DatasetError(f"{path}: item {pos}: question_id must be a non-empty string")
    where = f"{path}: item {pos} ({qid})"
    question, qtype = item.get("question"), item.get("question_type")
    if not isinstance(question, str) or not isinstance(qtype, str):
        raise DatasetError(f"{where}: question and question_type must be strings")
    sids = _strings(item.get("haystack_session_ids"), f"{where}: haystack_session_ids")
    sessions = item.get("haystack_sessions")
    if not isinstance(sessions, list) or len(sessions) != len(sids):
        raise DatasetError(f"{where}: haystack_sessions must be a list as long as haystack_session_ids")
    raw_dates = item.get("haystack_dates")
    dates = _strings(raw_dates if raw_dates is not None else [], f"{where}: haystack_dates")
    if dates and len(dates) != len(sids):
        raise DatasetError(f"{where}: haystack_dates must be as long as haystack_session_ids")
    answers = set(_strings(item.get("answer_session_ids"), f"{where}: answer_session_ids"))
    qdate = item.get("question_date")
    out = _Item(qid, question, qtype, qdate if isinstance(qdate, str) else None)
    for n, (sid, turns) in enumerate(zip(sids, sessions, strict=True)):
        if not isinstance(turns, list):
            raise DatasetError(f"{where}: session {sid}: expected a list of turns")
        body = clean_text(session_body(turns, f"{where}: session {sid}"))
        key = hashlib.sha256(f"{sid}\n{body}".encode()).hexdigest()
        sessions_by_key.setdefault(key, (sid, body))
        if key not in out.keys:
            out.keys.append(key)
            out.dates.append(dates[n] if dates else "")
            if sid in answers:
                out.gold.append(key)
    if not dates:
        out.dates = []
    return out


def load_longmemeval(path: Path) -> EvalDataset:
    """Read a LongMemEval file: one note per distinct session, one query per non-abstention item.

    Notes are numbered in the order of a hash of their session id and text, not in the order
    they first appear: an evidence session is new to its item while fillers were mostly seen
    before, so first-seen numbers would tell a reader which sessions of a haystack are the answer.
    """
    raw = read_json(path)
    if not isinstance(raw, list) or not raw:
        raise DatasetError(f"{path}: expected a non-empty list of LongMemEval items")
    sessions: dict[str, tuple[str, str]] = {}
    items = [_read_item(path, pos, item, sessions) for pos, item in enumerate(raw)]
    paths: dict[str, str] = {}
    documents: list[EvalDocument] = []
    for n, key in enumerate(sorted(sessions), 1):
        sid, body = sessions[key]
        neutral = f"s{n:06d}"
        paths[key] = f"{FOLDER}/{neutral}.md"
        text = note_text({"id": neutral, "source": "longmemeval"}, f"# Chat session {neutral}\n\n{body}")
        documents.append(EvalDocument(paths[key], sid, text))
    queries: list[EvalQuery] = []
    skipped = {"abstention": 0, "without an answer session in the haystack": 0}
    for it in items:
        if it.qid.endswith("_abs"):
            skipped["abstention"] += 1
            continue
        if not it.gold:
            skipped["without an answer session in the haystack"] += 1
            continue
        queries.append(
            EvalQuery(
                id=it.qid,
                text=it.question,
                gold=tuple(paths[k] for k in it.gold),
                category=it.qtype,
                scope=tuple(paths[k] for k in it.keys),
                dates=tuple(it.dates),
                date=it.date,
            )
        )
    return EvalDataset(
        name="longmemeval",
        source=str(path),
        documents=documents,
        queries=queries,
        skipped={k: v for k, v in skipped.items() if v},
        categories=ordered_categories(queries, ORDER),
    )
