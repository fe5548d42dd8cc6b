"""Decision notes and their outcomes: a decision taken today is asked about again when it is due.

A decision is a knowledge note `knowledge/decisions/<name>.md` with `type: decision`,
`status: open|resolved|abandoned`, `track_outcome`, `follow_up_at` (a date), `options`,
`chosen`, and the reasons and trade-offs in words in its body. `record_outcome` appends a dated
line under "## Outcomes" and sets `outcome` and `status`: success, failure and reverted resolve
the decision; partial keeps it open and moves `follow_up_at` on by the follow-up interval.
A failure or a revert also writes (or adds evidence to) an avoidance lesson that cites the
decision, so the next agent facing the same choice finds what happened.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from memdir.errors import MemdirError, NoteError
from memdir.inputs import no_such_day
from memdir.notes.body_sections import append_to_section, find_section
from memdir.notes.frontmatter import render_note
from memdir.notes.lesson_titles import lesson_heading
from memdir.paths import slugify
from memdir.redaction import secret_values

if TYPE_CHECKING:
    from memdir.notes.model import Note
    from memdir.notes.store import NoteStore

DECISION_DIR = "knowledge/decisions"
LESSON_DIR = "knowledge/lessons"
STATUSES = ("open", "resolved", "abandoned")
RESULTS = ("success", "failure", "partial", "reverted")
DEFAULT_FOLLOW_UP_DAYS = 14
OUTCOMES_HEADING = "## Outcomes"
MAX_TEXT = 2000
_DAYS = re.compile(r"^(\d{1,4})d$")


class DecisionError(MemdirError):
    """A decision or an outcome that cannot be recorded (bad path, result or date)."""


@dataclass
class DecisionInput:
    """What `memdir decision add` takes; a decision the daily run reads from a day file also says how it was
    told (`told`, the lead paragraph), its status and origin, and writes only the sections it was told."""

    title: str
    options: list[str]
    chosen: str = ""
    reasons: str = ""
    tradeoffs: str = ""
    follow_up: str = ""  # YYYY-MM-DD or Nd (days from today); '' = the default interval
    track_outcome: bool = True
    sources: list[str] | None = None
    status: str = "open"
    origin: str = "human"
    told: str = ""  # the words it was told in (a day file's episode), kept whole under the title
    description: str = ""  # '' = "Decision: <title>"


def follow_up_date(spec: str, today: date) -> date:
    """`YYYY-MM-DD`, `Nd` (N days from today) or '' (the default interval)."""
    spec = spec.strip()
    if not spec:
        return today + timedelta(days=DEFAULT_FOLLOW_UP_DAYS)
    m = _DAYS.match(spec)
    if m:
        return today + timedelta(days=int(m.group(1)))
    try:
        return date.fromisoformat(spec)
    except ValueError:
        raise DecisionError(
            no_such_day(spec, "follow-up")
            or f"follow-up {spec!r} is not a date (YYYY-MM-DD) or a number of days (14d)"
        ) from None


def _clean(text: str, what: str, required: bool = False) -> str:
    text = " ".join(text.split()) if "\n" not in text else text.strip()
    if required and not text:
        raise DecisionError(f"a decision needs a {what}")
    if len(text) > MAX_TEXT:
        raise DecisionError(f"{what} is too long ({len(text)} characters, at most {MAX_TEXT})")
    return text


def add_decision(store: NoteStore, spec: DecisionInput, now: datetime | None = None) -> str:
    """Write an open decision note; returns its path."""
    now = (now or store.now()).astimezone(store.zone)
    follow = follow_up_date(spec.follow_up, now.date())
    meta, body = decision_note(spec, follow, now.isoformat(timespec="seconds"))
    # one write: a secret the reasons name is masked in the options, the title and the file name too
    # (the store masks the note's text as one write; the name is made here)
    rel = store.unique_path(DECISION_DIR, decision_slug(spec))
    store.create(rel, render_note(meta, body), allow=("knowledge",))
    return rel


def decision_slug(spec: DecisionInput) -> str:
    """The file name (no folder, no suffix) a decision is written under, a secret its words name masked."""
    known = secret_values([spec.title, *spec.options, spec.reasons, spec.tradeoffs, *(spec.sources or [])])
    return slugify(_clean(spec.title, "title", required=True), max_length=60, known=known) or "decision"


def decision_note(spec: DecisionInput, follow: date | None, stamp: str) -> tuple[dict[str, object], str]:
    """The frontmatter and body of a decision note (`memdir decision add`, and the daily run's told decisions).

    A decision told in a day file (`spec.told`) has its words under the title and only the sections it
    was told: `## Options` when it names an alternative, `## Reasons` and `## Outcomes` always (no follow-up
    date: `follow_up_at` is not written); one added by hand has every section, "(none written)" where empty."""
    title = _clean(spec.title, "title", required=True)
    options = [_clean(o, "option") for o in spec.options if o.strip()]
    chosen = _clean(spec.chosen, "chosen option")
    told = spec.told.strip("\n")
    if chosen and chosen not in options and (options or not told):  # told with no alternative: no options
        options.append(chosen)
    if spec.status not in STATUSES:
        raise DecisionError(f"unknown status {spec.status!r}: use one of {', '.join(STATUSES)}")
    meta: dict[str, object] = {
        "type": "decision",
        "description": (spec.description or f"Decision: {title}")[:200],
        "status": spec.status,
        "track_outcome": spec.track_outcome,
    }
    if follow is not None:
        meta["follow_up_at"] = follow.isoformat()
    meta.update(
        options=options,
        chosen=chosen,
        origin=spec.origin,
        sources=list(spec.sources or []),
        created_at=stamp,
        updated_at=stamp,
    )
    reasons, tradeoffs = _clean(spec.reasons, "reasons"), _clean(spec.tradeoffs, "trade-offs")
    lines = [f"# Decision: {title}", ""] + ([told, ""] if told else [])
    if options or not told:
        lines += ["## Options", ""]
        lines += [f"- {o}{' (chosen)' if o == chosen else ''}" for o in options] or ["- (none written)"]
        lines += [""]
    lines += ["## Reasons", "", reasons or ("(none told)" if told else "(none written)"), ""]
    if tradeoffs or not told:
        lines += ["## Trade-offs", "", tradeoffs or "(none written)", ""]
    later = f"(none yet; follow up on {follow.isoformat()})" if follow is not None else "(none yet)"
    lines += [OUTCOMES_HEADING, "", later, ""]
    return meta, "\n".join(lines)


def read_decision(store: NoteStore, path: str) -> Note:
    """The decision note at path; a clear error when it is not one."""
    try:
        note = store.read(path)
    except NoteError as exc:
        raise DecisionError(f"no decision at {path}: {exc}") from None
    if note.meta.get("type") != "decision":
        raise DecisionError(f"{note.path} is not a decision note (its frontmatter has no `type: decision`)")
    if not note.path.startswith("knowledge/"):  # `type: decision` on a procedure: none memdir tracks
        raise DecisionError(
            f"{note.path} is not a decision note: decision notes live in knowledge/ (`memdir decision add`)"
        )
    return note


def record_outcome(
    store: NoteStore, path: str, text: str, result: str, now: datetime | None = None
) -> dict[str, object]:
    """Append an outcome to a decision; returns {path, status, outcome, follow_up_at, lesson}."""
    if result not in RESULTS:
        raise DecisionError(f"unknown result {result!r}: use one of {', '.join(RESULTS)}")
    text = _clean(text, "outcome text", required=True)
    now = (now or store.now()).astimezone(store.zone)
    note = read_decision(store, path)
    day = now.date().isoformat()
    line = f"- {day} ({result}): {text}"
    lines = note.body.splitlines(keepends=True)
    found = find_section(lines, OUTCOMES_HEADING)
    if found:  # the placeholder goes; a person's sections after `## Outcomes` stay as they are
        start, end = found
        lines[start + 1 : end] = [ln for ln in lines[start + 1 : end] if not ln.startswith("(none yet")]
    body = append_to_section("".join(lines), OUTCOMES_HEADING, [line]).rstrip("\n")
    changes: dict[str, object] = {"outcome": result, "updated_at": now.isoformat(timespec="seconds")}
    if result == "partial":
        changes["follow_up_at"] = (now.date() + timedelta(days=DEFAULT_FOLLOW_UP_DAYS)).isoformat()
        changes["status"] = "open"
    else:
        changes["status"] = "resolved"
        changes["resolved_at"] = day
    store.update_meta(note.path, changes, body=body + "\n", allow=("knowledge",))
    lesson = _lesson_from(store, note, text, result, now) if result in ("failure", "reverted") else None
    return {
        "path": note.path,
        "status": changes["status"],
        "outcome": result,
        "follow_up_at": changes.get("follow_up_at", note.meta.get("follow_up_at")),
        "lesson": lesson,
    }


def _lesson_from(store: NoteStore, decision: Note, text: str, result: str, now: datetime) -> str:
    """A failed or reverted decision becomes (or adds evidence to) a lesson citing it."""
    title = decision.title.removeprefix("Decision: ")
    chosen = str(decision.meta.get("chosen") or "")
    others = [o for o in decision.str_list("options") if o != chosen]
    rel = f"{LESSON_DIR}/decision-{slugify(title, max_length=50) or 'decision'}.md"
    stamp = now.isoformat(timespec="seconds")
    line = f"- {now.date().isoformat()} ({result}): {text}"
    if store.exists(rel):
        note = store.read(rel)
        if line in note.body:
            return rel
        store.update_meta(
            rel, {"updated_at": stamp}, body=note.body.rstrip("\n") + "\n" + line + "\n", allow=("knowledge",)
        )
        return rel
    meta: dict[str, object] = {
        "type": "lesson",
        "description": f"Lesson: {title}: {chosen or 'the chosen option'} ended in {result}"[:200],
        "confidence": 0.4,
        "success_count": 0,
        "failure_count": 0,
        "support": 1,
        "origin": "decision",
        "sources": [decision.path],
        "applies_to": decision.path,
        "created_at": stamp,
        "updated_at": stamp,
    }
    body = [
        lesson_heading(title),
        "",
        "## When it applies",
        f"When the same choice comes up again (`{decision.path}`).",
        "",
        "## What failed",
        f"- chose {chosen!r}" if chosen else "- the option chosen in the decision",
        line,
        "",
        "## What worked instead",
        ("- not observed yet; the other options were: " + "; ".join(others))
        if others
        else "- not observed yet",
        "",
        "## How to check",
        "- read the decision's outcomes before choosing the same option again",
        "",
    ]
    store.create(rel, render_note(meta, "\n".join(body)), allow=("knowledge",))
    return rel
