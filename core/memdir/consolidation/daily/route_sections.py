"""Which text of which note came from which episode, so an edited episode replaces its section.

When the daily run writes a part into a note (a new note's body, or a dated section appended to
an existing one), it records the exact text it wrote under the episode's provenance reference
(`episodes/2026-11-28.md#1030-fix-ci`, the value in the note's `sources`) and the part's kind, in
`.memdir/state/daily-sections.json`. When that episode is edited (a typo fixed), the next run finds
the note by its `sources`, finds the recorded text in it, and replaces exactly that text: every
other byte, including whatever a person wrote, stays. If the recorded text is no longer in the
note (a person rewrote that section) nothing in the note is touched and the new version goes to
review/ as a merge candidate. The records are written together with the episode state, after the
journal's writes; they are derived state like the rest of `.memdir/`. The same file keeps the hash of
every note as the daily run last wrote it, so reclassification (route_moves) does not second-guess
the router's own filing of a note nobody has changed since.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import cast

from memdir.masked_refs import stored_ref
from memdir.notes.newlines import crlf_like
from memdir.runs.state import JsonState


@dataclass(frozen=True)
class Section:
    """The text a part left in a note (and the description it gave a note it created)."""

    path: str
    text: str
    description: str = ""


def record_key(ref: str, kind: str) -> str:
    """One record per episode and kind (an episode split in two leaves two sections)."""
    return f"{kind}:{ref}"


class SectionState(JsonState):
    """record key -> {path, text, description}."""

    def __init__(self, root: Path) -> None:
        super().__init__(root / ".memdir" / "state" / "daily-sections.json")
        sections, written = self.data.get("sections"), self.data.get("written")
        # ids and paths an earlier memdir stored masked twice are read as the ones memdir makes now
        self.data["sections"] = {
            stored_ref(k): _stored_record(v)
            for k, v in (sections if isinstance(sections, dict) else {}).items()
        }
        self.data["written"] = {
            stored_ref(k): v for k, v in (written if isinstance(written, dict) else {}).items()
        }

    @property
    def written(self) -> dict[str, str]:
        """path -> hash of the text the daily run last wrote there (a note nobody changed since)."""
        return cast(dict[str, str], self.data["written"])

    @property
    def sections(self) -> dict[str, dict[str, str]]:
        """The raw records."""
        return cast(dict[str, dict[str, str]], self.data["sections"])

    def get(self, ref: str, kind: str) -> Section | None:
        """The section recorded for this episode and kind, if any."""
        rec = self.sections.get(record_key(ref, kind))
        if not isinstance(rec, dict) or not rec.get("path"):
            return None
        return Section(str(rec["path"]), str(rec.get("text") or ""), str(rec.get("description") or ""))

    def put_all(self, records: dict[str, dict[str, str]], written: dict[str, str] | None = None) -> None:
        """Merge the records of an applied plan (and the hashes of the notes it wrote) and save."""
        if not records and not written:
            return
        self.sections.update(records)
        self.written.update(written or {})
        self.save()


def _stored_record(rec: object) -> object:
    if not isinstance(rec, dict):
        return rec
    return {
        k: stored_ref(v) if k in ("path", "episode") and isinstance(v, str) else v for k, v in rec.items()
    }


def replace_section(body: str, old: str, new: str) -> str | None:
    """body with `old` (whole lines) replaced by `new`; None unless `old` is there exactly once, as whole lines.

    In a CRLF note (memdir keeps a file's line endings, notes/newlines.py) the recorded text is found,
    and replaced, with CRLF line breaks.
    """
    old_s, new_s = old.strip("\r\n"), new.strip("\r\n")
    if not old_s:
        return None
    at = _once(body, old_s)
    if at is None and "\r\n" in body:
        old_s, new_s = crlf_like(old_s, body), crlf_like(new_s, body)
        at = _once(body, old_s)
    return None if at is None else body[:at] + new_s + body[at + len(old_s) :]


def same_text(a: str, b: str) -> bool:
    """Whether two texts differ only by what an editor rewrites unasked: line endings, a BOM, spaces at line
    ends, blank lines around."""
    return _plain(a) == _plain(b)


def _plain(text: str) -> str:
    return "\n".join(ln.rstrip() for ln in text.replace("\ufeff", "").splitlines()).strip("\n")


def _once(body: str, text: str) -> int | None:
    """Where text stands in body as whole lines, when it does exactly once."""
    found, i = [], body.find(text)
    while i >= 0:
        if (i == 0 or body[i - 1] == "\n") and body[i + len(text) : i + len(text) + 1] in ("", "\n", "\r"):
            found.append(i)
        i = body.find(text, i + 1)
    return found[0] if len(found) == 1 else None
