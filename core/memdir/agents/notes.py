"""A note a person adds by hand (`memdir note add`), and one note or episode read by path.

Both go through the store, so a path is confined to the root and a new note is written
atomically and never over an existing file.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from memdir.errors import ConflictError, MemdirError, NoteError, NoteNotFound, PathError
from memdir.jsonvalue import JSONObject
from memdir.notes.conflicts import find_conflicts
from memdir.notes.episodes import parse_episode_text
from memdir.notes.frontmatter import render_note
from memdir.notes.lint import note_errors
from memdir.notes.mail_lines import HEADER, described_line
from memdir.notes.model import Note, valid_confidence
from memdir.notes.template_text import note_template_leftover
from memdir.paths import ARCHIVE_DIR, NOTE_DIRS, kind_of, slugify
from memdir.redaction import secret_lines, secret_values

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

NEW_NOTE_KINDS = ("knowledge", "procedures", "skills")
_LIST_ITEM = re.compile(r"^(\d+[.)]|[-*+])\s")
MAX_DESCRIPTION = 160
READ_LIMIT = 100_000  # characters of text a read returns unless asked for more (MCP, `note show --json`)


@dataclass
class NoteView:
    """One note (or one episode of a day file) as `note show` and the MCP `read_note` tool return it."""

    path: str  # root-relative; `file#anchor` for one episode
    kind: str | None
    title: str
    description: str
    tags: list[str]
    confidence: float | None
    meta: JSONObject  # the frontmatter, JSON-safe (dates as strings)
    text: str  # the whole file as on disk, or the episode's section
    warning: str | None = None  # e.g. an unresolved merge conflict, or frontmatter that does not parse
    total_chars: int = 0  # characters of the whole text; `text` holds fewer when the read was cut
    next_offset: int | None = None  # where the rest starts when the read was cut, else None

    def to_dict(self) -> JSONObject:
        """The JSON form (`note show --json`)."""
        return asdict(self)


def _json_safe(meta: object) -> JSONObject:
    """The frontmatter as JSON: dates as strings, and `.nan`/`.inf` as the strings `NaN`/`Infinity`
    (strict JSON has no such numbers; the frontmatter's own check is `memdir lint`'s)."""
    text = json.dumps(meta, default=str, ensure_ascii=False)
    data = json.loads(text, parse_constant=str)
    return data if isinstance(data, dict) else {}


def _note_path(store: NoteStore, path: str) -> str:
    """A checked root-relative path of a Markdown note (refuses `.memdir/`, activity, config...)."""
    rel = store.relpath(path)
    top = rel.split("/", 1)[0]
    if not rel.endswith(".md") or (top not in NOTE_DIRS and top != ARCHIVE_DIR) or "/" not in rel:
        raise PathError(
            f"{rel} is not a note (notes are .md files in {', '.join(NOTE_DIRS)} or archive)", rel
        )
    return rel


def read_note(store: NoteStore, path: str, offset: int = 0, limit: int | None = None) -> NoteView:
    """A note by path (relative to the root, or absolute inside it); `file.md#anchor` reads one episode.

    `offset` and `limit` (characters) give a window of the text; the view then says the whole
    size (`total_chars`) and where the rest starts (`next_offset`), and its warning says it was cut.
    """
    view = _read_whole(store, path)
    return window(view, offset, limit)


def window(view: NoteView, offset: int = 0, limit: int | None = None) -> NoteView:
    """The view with `text` cut to [offset, offset + limit) and a warning line saying so."""
    total = len(view.text)
    if offset < 0 or (limit is not None and limit < 1):
        raise MemdirError("offset must be 0 or more and limit 1 or more (characters)")
    if offset and offset >= total:
        raise MemdirError(f"offset {offset} is past the end of {view.path} ({total} characters)")
    end = total if limit is None else min(total, offset + limit)
    view.total_chars = total
    if offset == 0 and end == total:
        return view
    view.text = view.text[offset:end]
    view.next_offset = end if end < total else None
    more = f"; read on with offset={end}" if end < total else ""
    cut = f"cut: characters {offset}-{end} of {total} shown{more}"
    view.warning = f"{cut}; {view.warning}" if view.warning else cut
    return view


def _read_whole(store: NoteStore, path: str) -> NoteView:
    # an anchor never holds `#` or `.`: `c#-tips.md` is a file, `2026-11-28.md#1030-fix-ci` an episode
    file, anchor = (path, "") if path.endswith(".md") or "#" not in path else path.rsplit("#", 1)
    rel = _note_path(store, file)
    try:
        note = store.read(rel)
    except NoteNotFound:
        raise
    except NoteError as exc:  # frontmatter that does not parse (a merge conflict): the raw text, to fix it
        note = Note(rel, _raw_text(store, rel, exc), "")
        note.body = note.text
        bad = str(exc).removeprefix(f"{rel}: ")
    else:
        bad = ""
    view = NoteView(
        path=rel,
        kind=kind_of(rel),
        title=note.title,
        description="" if bad else note.description,
        tags=note.tags,
        confidence=valid_confidence(note.meta.get("confidence")),
        meta=_json_safe(note.meta),
        text=note.text,
        warning=_warning(note.text, bad, [] if bad else note_errors(note)),
    )
    if not anchor:
        return _with_secret_warning(view, note.text)
    for ep in parse_episode_text(rel, note.text):
        if ep.anchor == anchor:
            heading = f"{ep.time} — {ep.title}" if ep.time else ep.title
            view.path, view.title, view.text = ep.id, ep.title, f"## {heading}\n\n{ep.text}\n"
            view.description = ep.text.strip().splitlines()[0][:MAX_DESCRIPTION] if ep.text.strip() else ""
            return _with_secret_warning(view, view.text)
    raise NoteNotFound(f"no episode #{anchor} in this file", rel)


def _with_secret_warning(view: NoteView, text: str) -> NoteView:
    """The view, its warning saying which lines of the text hold a secret-like value a person wrote
    (the text stays exact, as the file is; search snippets mask it; `memdir lint` names the lines)."""
    lines = secret_lines(text)
    if lines:
        shown = ", ".join(str(n) for n in lines[:5]) + (", …" if len(lines) > 5 else "")
        said = (
            f"holds a secret-like value (line {shown} of this text), shown as the file has it: "
            "do not repeat it; rotate a credential, and delete it (or a personal id or account number) from the "
            "file (`memdir lint` lists such files)"
        )
        view.warning = f"{view.warning}; {said}" if view.warning else said
    return view


def _raw_text(store: NoteStore, rel: str, exc: NoteError) -> str:
    """The file's text as it is, when it is text at all (binary or not UTF-8: the error stands)."""
    data = store.read_bytes(rel)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise exc from None
    if "\x00" in text:
        raise exc
    return text


def _warning(text: str, bad_frontmatter: str, errors: list[str]) -> str | None:
    """One line on what to fix by hand: frontmatter memdir cannot read, a value lint calls an error
    (a `!!python/object` tag read as a list, a number for a description), an unresolved merge conflict."""
    parts = [f"frontmatter not read ({bad_frontmatter}); shown as it is on disk"] if bad_frontmatter else []
    parts += [f"frontmatter: {e}" for e in errors[:3]]
    if not bad_frontmatter and (leftover := note_template_leftover(text)):  # M6: `<% … %>` in the text
        parts.append(leftover.split("; render it")[0])
    conflicts = find_conflicts(text)
    if conflicts:
        parts.append(f"unresolved merge conflict at {conflicts[0].describe()}")
    return "; ".join(parts) + ": fix it by hand (`memdir lint`)" if parts else None


def _description(text: str, title: str) -> str:
    """The first line of text when it is a sentence (a pasted mail: its subject or first sentence of content,
    `notes/mail_lines.py`); the title when it is a step, a heading or nothing."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    if HEADER.match(line):  # a pasted mail: its subject or its first line of content, never `From: …`
        line = described_line(text)
    if not line or _LIST_ITEM.match(line) or line.startswith(("#", "```", "|")):
        return title
    line = line.lstrip(">").strip()
    return line if len(line) <= MAX_DESCRIPTION else line[: MAX_DESCRIPTION - 1] + "…"


def add_note(
    store: NoteStore,
    kind: str,
    title: str,
    text: str = "",
    description: str | None = None,
    tags: list[str] | None = None,
    initial_confidence: float = 0.4,
    now: datetime | None = None,
) -> str:
    """Create `kind/<slug of title>.md` (origin: human); refuses an existing file. Returns its path.

    A long title names its file cut to 80 characters and 180 UTF-8 bytes; the note keeps it whole.
    """
    if kind not in NEW_NOTE_KINDS:
        raise MemdirError(f"unknown kind {kind!r} (use {', '.join(NEW_NOTE_KINDS)})")
    title = " ".join(title.split())
    if not title:
        raise MemdirError("a note needs a title")
    desc = " ".join((description or _description(text, title)).split())
    when = now or store.now()
    # a title with no letter or digit (`🔥🔥`, `-`) names its file by the day and a hash of the title;
    # a secret found in any field is masked in the name (`Zr4…` in the title, `password=Zr4…` in the text)
    known = secret_values([title, text, desc, *(tags or [])])
    slug = (
        slugify(title, default="", known=known)
        or f"note-{when:%Y%m%d}-{hashlib.sha1(title.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"
    )
    rel = f"{kind}/{slug}.md"
    if store.exists(rel) and slug != slugify(title, default="", known=known, cut=False):
        # a long title's name is cut (by characters and bytes, trial 22); another title cut to the
        # same name is numbered (`-2`), as the same title again is refused
        try:
            other = store.read(rel).title
        except MemdirError:
            other = title  # unreadable: refused below, as before
        if other != title:
            rel = store.unique_path(kind, slug)
    if store.exists(rel):
        raise MemdirError(f"{rel} already exists; choose another title or edit that file")
    stamp = when.isoformat(timespec="seconds")
    meta: dict[str, object] = {"description": desc}
    if tags:
        meta["tags"] = list(tags)
    if kind == "procedures":
        meta.update(confidence=initial_confidence, success_count=0, failure_count=0)
    meta.update(origin="human", created_at=stamp, updated_at=stamp)
    body = f"# {title}\n\n{text.strip()}" if text.strip() else f"# {title}"
    try:
        store.create(rel, render_note(meta, body), allow=(kind,))
    except ConflictError:
        raise MemdirError(f"{rel} already exists; choose another title or edit that file") from None
    return rel
