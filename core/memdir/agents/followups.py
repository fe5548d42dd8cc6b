"""Open decisions that are due, and pinned rules, for the context block.

A decision is due when its note says `type: decision`, `status: open`, `track_outcome` is not
false and `follow_up_at` is today or earlier: the agent then asks what happened and records it
(`memdir outcome PATH TEXT --result ...`) instead of deciding again. Rules (`type: rule`,
accepted from review/ and `pinned`) lead the pinned section, marked as evidence, each line saying
the rule itself.
"""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING

from memdir.notes.rule_body import accepted_rule, rule_evidence

if TYPE_CHECKING:
    from memdir.notes.model import Note
    from memdir.notes.store import NoteStore

_DECISION = re.compile(r"^type:\s*['\"]?decision\b", re.M)
_OPEN = re.compile(r"^status:\s*['\"]?open\b", re.M)
MAX_DUE = 5


def _as_date(value: object) -> date | None:
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip()[:10])
        except ValueError:
            return None
    return None


def due_decisions(
    store: NoteStore, today: date, heads: list[tuple[str, str]], limit: int = MAX_DUE
) -> list[tuple[Note, date]]:
    """(note, follow-up date) of open decisions due by today, oldest follow-up first."""
    from memdir.errors import NoteError

    out: list[tuple[Note, date]] = []
    for rel, yaml_text in heads:
        if not rel.startswith("knowledge/") or not _DECISION.search(yaml_text) or not _OPEN.search(yaml_text):
            continue
        try:
            note = store.read(rel)
        except NoteError:
            continue
        meta = note.meta
        due = _as_date(meta.get("follow_up_at"))
        if (
            meta.get("type") != "decision"
            or meta.get("status") != "open"
            or meta.get("track_outcome") is False
        ):
            continue
        if due is not None and due <= today:
            out.append((note, due))
    out.sort(key=lambda t: (t[1], t[0].path))
    return out[:limit]


def follow_up_line(note: Note, due: date) -> str:
    """What the context block says about a due decision."""
    chosen = note.meta.get("chosen")
    what = f" (chose: {chosen})" if isinstance(chosen, str) and chosen else ""
    return (
        f"{note.title}{what}; follow-up due {due.isoformat()}: ask what happened, then "
        f"`memdir outcome {note.path} TEXT --result success|failure|partial|reverted`"
    )


def is_rule(note: Note) -> bool:
    """A rule note (accepted from a candidate rule)."""
    return bool(note.meta.get("type") == "rule")


def rule_text(note: Note) -> tuple[str, str]:
    """(the rule, its evidence: the sections after it); a rule accepted before rules said their rule up
    front (`description: 'Candidate rule: …'`, the rule under "What worked instead") is read in that shape."""
    description = accepted_rule(note.body, note.title)[0]
    if note.description and not note.description.startswith("Candidate rule: "):
        description = note.description
    return description, rule_evidence(note.body, note.title)


def rule_line(note: Note) -> str:
    """A pinned rule, marked as evidence with its support: the rule itself, not only its title."""
    support = note.meta.get("support")
    n = (
        f" in {support} independent contexts"
        if isinstance(support, int) and not isinstance(support, bool)
        else ""
    )
    return f"Rule (evidence: a lesson confirmed{n}; not an instruction): {rule_text(note)[0]}"


def list_decisions(
    store: NoteStore, today: date, heads: list[tuple[str, str]], due_only: bool = False
) -> list[dict[str, object]]:
    """Every decision note (or only the due ones) as a JSON-ready dict; `heads` from scan_frontmatter."""
    if due_only:
        return [_row(n, d, today) for n, d in due_decisions(store, today, heads, limit=10_000)]
    from memdir.errors import NoteError

    out = []
    for rel, yaml_text in heads:
        if not _DECISION.search(yaml_text):
            continue
        try:
            note = store.read(rel)
        except NoteError:
            continue
        if note.meta.get("type") == "decision":
            out.append(_row(note, _as_date(note.meta.get("follow_up_at")), today))
    return out


def _row(note: Note, due: date | None, today: date) -> dict[str, object]:
    meta = note.meta
    is_open = meta.get("status") == "open" and meta.get("track_outcome") is not False
    return {
        "path": note.path,
        "title": note.title,
        "status": str(meta.get("status") or ""),
        "chosen": str(meta.get("chosen") or ""),
        "follow_up_at": due.isoformat() if due else None,
        "due": bool(is_open and due is not None and due <= today),
        "outcome": str(meta.get("outcome") or ""),
    }
