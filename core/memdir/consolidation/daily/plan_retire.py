"""An edited episode the router now reads as the other kind: the section it left in its old note is retired.

An episode first filed as knowledge and then edited into clear steps (or the other way) is planned as a part
of its new kind (a new note, or a section in a note on its subject). Two live notes must not tell two versions
of one episode, so the text the episode left in its old note (its route_sections record) is retired, and
nothing is deleted:

- the old note holds nothing but its title and that text (a typed decision: its fields too), cites only this
  episode, and nobody changed it since the run wrote it: the note is moved to `archive/` whole
  (`NoteStore.archive`, the reason in `archive/archive-log.jsonl`);
- the old note holds more (other episodes' sections, a person's text): that section, and the dated heading
  the run wrote above it, leave the note and the episode leaves its `sources`; a copy of the note as it was
  goes to `archive/` first (`NoteStore.archive_copy`). Every other byte stays;
- the section is not in the note as it was written (a person changed it), a person changed the note it alone
  made (its description, a tag), or there is no record of it: the old note is left as it is and the new version becomes a merge candidate on it in review/; no note of the
  new kind is written (a person decides which version stands).

An edit that leaves the episode of the same kind replaces its section (route_plan._replace); an episode edited
into nothing to keep, or deleted from its day file, leaves its note as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from memdir.consolidation.daily.lesson_edits import LESSON
from memdir.consolidation.daily.plan_notes import PlanDrafts
from memdir.consolidation.daily.route_rag import Match
from memdir.consolidation.daily.route_sections import SectionState, record_key, replace_section, same_text
from memdir.masked_refs import stored_ref
from memdir.runs.journal import Op

if TYPE_CHECKING:
    from memdir.consolidation.daily.plan_draft import Draft
    from memdir.consolidation.daily.router import RoutedPart
    from memdir.notes.episodes import Episode
    from memdir.notes.model import Note

WRITE_KINDS = ("knowledge", "procedures")
_MARK = "\x00"
_RUN_HEADING = re.compile(r"## (\d{4}-\d{2}-\d{2} — .+|.+ version — .+ \(\d{4}-\d{2}-\d{2}\))\s*")


@dataclass(frozen=True)
class KindMove:
    """The section an edited episode left in a note of the kind it no longer reads as."""

    ref: str
    old_kind: str
    path: str
    text: str
    whole: bool  # the note is that section and its title only: archived whole
    intact: bool  # the section is in the note as the run wrote it (else a person changed it)


def kind_moves(
    routed: Iterable[tuple[Episode, list[RoutedPart]]],
    sections: SectionState,
    by_source: dict[str, dict[str, str]],
    notes: dict[str, Note],
) -> dict[str, KindMove]:
    """Episode ref -> the note section its edit moves out of (episodes that changed kind only)."""
    moves: dict[str, KindMove] = {}
    for ep, parts in routed:
        kinds = {p.kind for p in parts if p.kind in WRITE_KINDS}
        lesson = sections.sections.get(record_key(ep.ref, LESSON))
        lesson_path = lesson.get("path") if isinstance(lesson, dict) else None
        for old in WRITE_KINDS if kinds else ():
            path, rec = by_source[old].get(ep.ref), sections.get(ep.ref, old)
            note = notes.get(path or "")
            if old in kinds or rec is None or note is None or rec.path != path or path == lesson_path:
                continue
            if note.meta.get("type") == "lesson":  # the lesson step's own (lesson_edits)
                continue
            rest = retired_body(note.body, rec.text)
            alone = {stored_ref(s) for s in note.str_list("sources")} == {ep.ref}
            whole = rest is not None and alone and (_title_only(rest) or note.meta.get("type") == "decision")
            mine = sections.written.get(note.path) in (None, note.hash)  # nobody changed it since the run
            moves[ep.ref] = KindMove(
                ep.ref, old, note.path, rec.text, whole, rest is not None and (mine or not whole)
            )
    return moves


def retired_body(body: str, text: str) -> str | None:
    """`body` without `text` (whole lines, found once) and the run's dated heading right above it when that
    heading then holds nothing; None when the text is not there as written."""
    marked = replace_section(body, text, _MARK)
    if marked is None:
        return None
    before, after = marked.split(_MARK, 1)
    head = before.rstrip()
    cut = head.rfind("\n") + 1
    under_heading = _RUN_HEADING.fullmatch(head[cut:]) is not None
    if under_heading and (not after.strip() or after.lstrip().startswith("#")):
        before = head[:cut]
    nl = "\r\n" if "\r\n" in body else "\n"
    tail = after.lstrip("\r\n")
    return before.rstrip("\r\n") + (nl + nl + tail if tail.strip() else nl)


def _title_only(body: str) -> bool:
    return all(not ln.strip() or ln.startswith("# ") for ln in body.splitlines())


def retire_ops(
    move: KindMove, episode: str, drafts: dict[str, Draft], draft_for: Callable[[str], Draft], note: Note
) -> tuple[list[Op], dict[str, str]]:
    """The ops that retire the move's section (an `archive`, or an `archive_copy` before the note's update),
    and the section record that says the episode left nothing there any more."""
    why = f"edited episode {move.ref} no longer reads as {move.old_kind}"
    record = {"path": "", "text": "", "episode": episode, "retired": move.path}
    if move.whole and move.path not in drafts:  # nothing else of this run goes into the note
        return [
            Op("archive", move.path, "", note.hash, [episode], reason=f"{why}; the note told only that")
        ], record
    draft = draft_for(move.path)
    body = retired_body(draft.body, move.text)
    if body is None:  # cannot happen unless this run wrote into that very text
        return [], record
    draft.body, draft.changed = body, True
    draft.sources[:] = [s for s in draft.sources if stored_ref(s) != move.ref]
    draft.op.episodes.append(episode)
    why += "; its section taken out of the note, which was copied first"
    return [Op("archive_copy", move.path, note.text, None, [episode], reason=why)], record


class RetiringDrafts(PlanDrafts):
    """The planner's drafts, with the sections of edited episodes that changed kind retired (this module)."""

    _moves: dict[str, KindMove]
    _retiring: dict[str, tuple[KindMove, str]]  # ref -> (its move, the episode id)
    gone: frozenset[str] = frozenset()  # consolidated episodes their day file no longer holds (run_gone)

    def _find_moves(self, routed: Iterable[tuple[Episode, list[RoutedPart]]]) -> None:
        self._moves = kind_moves(routed, self.sections, self._by_source, self._notes)
        self._retiring = {}

    def _held_for_review(
        self, ep: Episode, kind: str, title: str, text: str, decision: dict[str, Any]
    ) -> bool:
        """A merge candidate on the old note when a person changed it (True: the part is planned)."""
        move = self._moves.get(ep.ref)
        if move is None or move.intact:
            return False
        why = f"edited episode now reads as {kind}; {move.path}, with its earlier text, was changed by hand"
        why += ": keep one version"
        self._review(ep, "merge_candidate", title, text, Match(move.path, 1.0, 1.0, "", title), why)
        decision.update(action="merge_candidate", target=move.path, reason=why)
        self.result.decisions.append(decision)
        return True

    def _retire_later(self, ep: Episode, decision: dict[str, Any]) -> None:
        """Mark the episode's old section to retire once every part is planned, and say so in its row."""
        move = self._moves.get(ep.ref)
        if move is None or ep.ref in self._retiring:
            return
        self._retiring[ep.ref] = (move, ep.id)
        how = "archived" if move.whole else "its section taken out, the note as it was archived"
        decision["reason"] = (
            f"{decision.get('reason', '')}; edited from {move.old_kind}: {move.path} retired ({how})"
        )

    def _retire_all(self) -> None:
        for move, eid in self._retiring.values():
            ops, record = retire_ops(move, eid, self._ops, self._draft_for, self._notes[move.path])
            self.result.ops.extend(ops)
            self.result.sections[record_key(move.ref, move.old_kind)] = record

    def _renamed(self, ep: Episode, kind: str, text: str) -> str | None:
        """The note of an episode whose heading was renamed (a gone episode of the same day file left this very
        text there): it cites the new id instead of the old, and nothing else changes. None when there is none."""
        if ep.ref in self._by_source[kind] or self.sections.get(ep.ref, kind) is not None:
            return None
        for old in sorted(g for g in self.gone if g.split("#", 1)[0] == ep.file):
            rec = self.sections.get(old, kind)
            note = self._notes.get(rec.path) if rec is not None else None
            if (
                rec is None
                or note is None
                or not same_text(rec.text, text)
                or self._by_source[kind].get(old) != rec.path
            ):
                continue
            draft = self._draft_for(rec.path)
            draft.sources[:] = [ep.ref if stored_ref(s) == old else s for s in draft.sources]
            draft.changed = True
            draft.op.episodes.append(ep.id)
            self._by_source[kind][ep.ref] = rec.path
            self._by_source[kind].pop(old, None)
            self._record(ep, kind, rec.path, rec.text, rec.description)
            self.result.sections[record_key(old, kind)] = {
                "path": "",
                "text": "",
                "episode": old,
                "renamed": ep.ref,
            }
            return rec.path
        return None
