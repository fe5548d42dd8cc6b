"""An edited episode's text in its lesson is replaced, as route_sections does for the router's notes.

The lesson step records what it wrote from each episode in `.memdir/state/daily-sections.json`
(kind `lesson`, next to the router's records): for a lesson it created (or folded, lesson_fold.py),
the whole body and the description; for a lesson the episode gave evidence to, the lines it added
under "What failed". When the episode is edited (a typo fixed, a merge conflict resolved), the next
run drafts the lesson again and replaces exactly the recorded text with the new one; a description
the episode gave is updated too, unless a person changed it. When the recorded text is no longer
there as a whole (another episode's evidence was added inside it, a person edited a line), each
changed run of lines is replaced where it stands, provided it is found exactly once. Otherwise, or
when there is no record (a lesson written before records were kept), the lesson is left as it is
and the new version goes to review/ as a merge candidate.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from memdir.consolidation.daily.lesson_units import as_item
from memdir.consolidation.daily.route_sections import SectionState, record_key, replace_section
from memdir.notes.model import hash_text

if TYPE_CHECKING:
    from memdir.lifecycle.review import ReviewQueue
    from memdir.notes.episodes import Episode
    from memdir.notes.store import NoteStore
    from memdir.runs.report import RunReport

LESSON = "lesson"  # the record kind
CREATED, FOLDED, EVIDENCE = "created", "folded", "evidence"


class LessonDraft(Protocol):
    """What this module reads of a lesson drafted from an episode (lessons_step.LessonDraft)."""

    ep: Episode
    title: str
    meta: dict[str, object]
    failed: list[str]

    def body(self, notes: bool = False) -> str:
        """The lesson note's body."""
        ...


def lesson_record(draft: LessonDraft, path: str, mode: str, text: str) -> dict[str, str]:
    """The record of what `draft`'s episode left in the lesson at `path`."""
    description = str(draft.meta.get("description") or "") if mode != EVIDENCE else ""
    return {"path": path, "text": text, "description": description, "episode": draft.ep.id, "mode": mode}


def evidence_lines(draft: LessonDraft) -> str:
    """The "What failed" lines an episode adds to a lesson that already exists."""
    return "\n".join(as_item(s, draft.ep.id) for s in draft.failed[:3])


class LessonRecords:
    """The records of `daily-sections.json` for one lesson step, parsed once per version of the file.

    The step asks for the record of every episode it reads (about 1,000 in a big run), and parsing
    the whole file for each cost seconds. The parsed file is kept with the bytes it was parsed from;
    each look-up reads the file again (a fraction of a millisecond) and parses it only when its bytes
    differ, so a write by this step, or by anyone else, is always seen.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.path = root / ".memdir" / "state" / "daily-sections.json"
        self._state: SectionState | None = None
        self._bytes: bytes | None = None

    def _read(self) -> bytes | None:
        try:
            return self.path.read_bytes()
        except OSError:
            return None

    def state(self) -> SectionState:
        """The file as it is on disk now."""
        now = self._read()  # read before parsing: a write in between is seen by the next look-up
        if self._state is None or now != self._bytes:
            self._state, self._bytes = SectionState(self.root), now
        return self._state

    def record(self, draft: LessonDraft, path: str, mode: str, text: str) -> None:
        """Keep what the episode left in the lesson (saved at once: the lesson is already written)."""
        state, self._state = self.state(), None  # the next look-up parses the file as saved
        state.put_all({record_key(draft.ep.ref, LESSON): lesson_record(draft, path, mode, text)})

    def recorded(self, ref: str) -> dict[str, str] | None:
        """The lesson record of an episode, if any."""
        rec = self.state().sections.get(record_key(ref, LESSON))
        return rec if isinstance(rec, dict) and rec.get("path") else None


def patch_lines(body: str, old: str, new: str) -> str | None:
    """body with each changed run of `old`'s lines made as in `new`, each found exactly once; else None."""
    old_l, new_l = old.strip("\r\n").split("\n"), new.strip("\r\n").split("\n")
    out = body
    ops = difflib.SequenceMatcher(a=old_l, b=new_l, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in reversed(ops):
        if tag == "equal":
            continue
        if i1 < i2:  # replace or delete: the old lines as a whole
            block, repl = "\n".join(old_l[i1:i2]), "\n".join(new_l[j1:j2])
            done = replace_section(out, block, repl) if repl else _delete_lines(out, block)
        elif i1 > 0:  # insert after the line before
            before = old_l[i1 - 1]
            done = replace_section(out, before, "\n".join([before, *new_l[j1:j2]]))
        else:  # insert at the top: before the first line
            done = replace_section(out, old_l[0], "\n".join([*new_l[j1:j2], old_l[0]]))
        if done is None:
            return None
        out = done
    return out


def _delete_lines(body: str, block: str) -> str | None:
    marked = replace_section(body, block, "\0")
    if marked is None:
        return None
    at = marked.index("\0")
    end = at + 1
    end += 2 if marked[end : end + 2] == "\r\n" else 1 if marked[end : end + 1] == "\n" else 0
    return marked[:at] + marked[end:]


class LessonEdits:
    """Replaces the text an edited episode left in its lesson (or proposes the new version in review/)."""

    def __init__(
        self,
        store: NoteStore,
        review: ReviewQueue,
        report: RunReport,
        now: str,
        records: LessonRecords | None = None,
    ) -> None:
        self.store = store
        self.review = review
        self.report = report
        self.now = now
        self.records = records or LessonRecords(store.root)

    def replace(self, draft: LessonDraft, path: str) -> str:
        """Bring the lesson at `path` (which cites the draft's episode) in line with the edited episode."""
        ep = draft.ep
        note = self.store.read(path)
        rec = self.records.recorded(ep.ref)
        if rec is None or rec.get("path") != path:
            return self._propose(draft, path, "edited episode; no record of the text it left in the lesson")
        mode = rec.get("mode") or CREATED
        new = evidence_lines(draft) if mode == EVIDENCE else draft.body(notes=mode == FOLDED)
        old = str(rec.get("text") or "")
        if new.strip() == old.strip():
            return path
        body = (replace_section(note.body, old, new) if new.strip() else None) or patch_lines(
            note.body, old, new
        )
        if body is None:
            return self._propose(draft, path, "edited episode; its text in the lesson was changed by hand")
        changes: dict[str, object] = {"updated_at": self.now}
        desc = str(draft.meta.get("description") or "")
        if mode != EVIDENCE and rec.get("description") and note.description == rec["description"] != desc:
            changes["description"] = desc  # the description came from this episode; nobody changed it
        self.store.update_meta(path, changes, body=body, allow=("knowledge",))
        self.records.record(draft, path, mode, new)
        if path not in self.report.updated:
            self.report.updated.append(path)
        self.report.stats["lessons_replaced"] = self.report.stats.get("lessons_replaced", 0) + 1
        return path

    def _propose(self, draft: LessonDraft, path: str, why: str) -> str:
        text = draft.body(notes=False)
        item = self.review.raise_item(
            kind="merge_candidate",
            target=path,
            title=draft.title,
            body=text,
            similarity=None,
            sources=[draft.ep.ref],
            key=f"daily-lesson:{path}:{draft.ep.ref}:{hash_text(text)[:12]}",
            description=f"{why} ({draft.ep.ref})",
        )
        if item and item not in self.report.review:
            self.report.review.append(item)
        return path
