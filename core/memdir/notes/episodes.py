"""Episodes: `episodes/YYYY-MM-DD.md` files where each `## ` section is one episode.

Heading marks typed through a Japanese IME are read as Markdown's: `＃＃ 見出し`, `＃＃　見出し`
(full-width number signs, an ideographic space) start an episode like `## 見出し`, and a full-width
heading inside an episode's text is given to the daily reader with ASCII marks (`### 詳細`). The
file keeps what the person typed (ids and content hashes come from the file's own text).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path

from memdir.config import named_zone
from memdir.errors import InputError, NoteError, NoteNotFound
from memdir.inputs import MAX_DAY_FILE_BYTES, MAX_EPISODE_BYTES, check_text, check_when
from memdir.locks import file_lock
from memdir.masked_refs import settled
from memdir.notes.conflicts import find_conflicts
from memdir.notes.day_cuts import (  # demote_headings moved there; tests still import it from here
    Cut,
    ascii_heading_marks,
    day_cuts,
    demote_headings,
    prose_lines,
    top_holds_content,
    top_title,
)
from memdir.notes.episode_copies import WrittenSection, keep_copy
from memdir.notes.episode_size import day_file_too_large, episode_too_large
from memdir.notes.episode_titles import heading_title
from memdir.notes.frontmatter import parse_yaml, split_text
from memdir.notes.model import hash_bytes, hash_text
from memdir.notes.store import NoteStore
from memdir.notes.template_text import without_template_code
from memdir.paths import STATE_DIR
from memdir.redaction import redact_text, secrets_repeated

log = logging.getLogger(__name__)

_DATE_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})")
# a heading's time and its separator: `14:00 — `, `14:00 ー `, `14:00：` (dash, long-vowel mark, colons)
_TIME = re.compile(r"^(\d{1,2}):(\d{2})(?::\d{2})?\s*(?:[—–\-:|ー－―：｜]\s*)?(.*)$")
# the long-vowel mark typed as the dash after a time (`09:30 ー 題`) is a letter to `\w`: the anchor drops
# it as it drops `—` (`0930-題`); inside a word (`サーバー`) it stays
_TIME_LONG_VOWEL = re.compile(r"^(\d{1,2}:\d{2}(?::\d{2})?\s*)ー")
_MAYBE_SECRET = re.compile(
    r"[=:@＝：]|\S{6,}"
)  # a heading without a separator or a 6+ character word holds no secret


@dataclass(frozen=True)
class Episode:
    """One episode: its file, heading anchor, title, optional time, text and content hash."""

    file: str  # relpath, e.g. episodes/2026-11-28.md
    anchor: str  # e.g. 1030-fixed-flaky-ci ("" for a whole-file episode)
    title: str
    day: date | None
    time: str | None  # "10:30"
    text: str  # the section body (without its heading)
    hash: str

    @property
    def id(self) -> str:
        """Stable id: file plus heading anchor (`episodes/2026-11-28.md#1030-fix-ci`)."""
        return f"{self.file}#{self.anchor}" if self.anchor else self.file

    @property
    def ref(self) -> str:
        """The provenance reference used in `sources`."""
        return self.id


@functools.lru_cache(maxsize=8192)
def anchor_of(heading: str, known: frozenset[str] = frozenset()) -> str:
    """GitHub-style anchor of a heading: lower case, punctuation dropped, spaces to dashes.

    The anchor is an episode's id in run state and in notes' `sources`, so it is made from the
    heading with secrets masked (`## 10:30 — export DB_PASS=x` -> `1030-export-db_pass-redacted`),
    and with the `known` secrets of its section masked (`secrets_repeated`).
    """
    heading = _TIME_LONG_VOWEL.sub(r"\1", heading.strip(), count=1)
    words = _TIME.sub(r"\3", heading, count=1)  # `10:30 — Fix CI`: the time holds no secret
    if not (known or _MAYBE_SECRET.search(words)):
        return _anchor_text(heading)
    # masking the id again changes nothing
    return settled(_anchor_text(redact_text(heading, known)), _anchor_text)


def _anchor_text(text: str) -> str:
    text = re.sub(r"[^\w\- ]", "", text.strip().lower(), flags=re.UNICODE)
    return re.sub(r"-{2,}", "-", re.sub(r"\s", "-", text)).strip("-") or "episode"


def _first_title(text: str) -> str:
    """The first line that gives a title (a heading that is only a clock time gives none)."""
    return next((t for ln in text.splitlines() if ln.strip() and (t := heading_title(ln))), "")


def default_title(body: str) -> str:
    """The title of a text added without one: a pasted page's frontmatter `title`, else its first line.

    A page that opens with YAML frontmatter is titled by its `title` key (a Docusaurus/MkDocs page), or
    by the first line after the block; never by the `---` delimiter. Unreadable YAML counts as no title.
    """
    split = split_text(body)
    if split.has_frontmatter:
        try:
            value = parse_yaml(split.yaml_text).get("title")
        except NoteError:
            value = None
        if isinstance(value, str) and value.strip():
            return value
        body = split.body
    return _first_title(body)


def _day_of(name: str) -> date | None:
    m = _DATE_NAME.match(name)
    try:
        return date.fromisoformat(m.group(1)) if m else None
    except ValueError:
        return None


def _section_episode(relpath: str, day: date | None, cut: Cut, anchor: str) -> Episode:
    """The episode of a heading's section (`## 10:30 — Fix CI`, or `### Morning` before any `## `)."""
    heading = cut.heading or ""
    tm = _TIME.match(heading)
    time_s = f"{int(tm.group(1)):02d}:{tm.group(2)}" if tm else None
    title = tm.group(3).strip() if tm and tm.group(3).strip() else heading
    title = heading_title(f"## {title}") or title  # `10:00–11:30 点検`: the range's end is no title
    full = f"{heading}\n{cut.text}".strip()
    text = ascii_heading_marks(without_template_code(cut.text).strip())  # no `<%* … %>` line (M6)
    return Episode(relpath, anchor, title, day, time_s, text, hash_text(full))


def _whole(relpath: str, day: date | None, content: str, first: str = "") -> Episode:
    """The file's own episode (id: the file): a whole file, or the top of a day file; titled by its first
    line (`first`: the top's title line, its H1 or first prose)."""
    title = _first_title(first or content) or relpath.rsplit("/", 1)[-1]
    text = ascii_heading_marks(without_template_code(content).strip())
    return Episode(relpath, "", title[:200], day, None, text, hash_text(content))


def _anchored(cuts: list[Cut]) -> list[str]:
    """Each cut's anchor: `## ` headings numbered among themselves (their ids as before trial 23), then
    the headings before the first `## `, numbered past every anchor taken."""
    anchors = [""] * len(cuts)
    seen: dict[str, int] = {}
    for i, cut in enumerate(cuts):
        if cut.level == 2 and cut.heading is not None:
            anchor = anchor_of(cut.heading, secrets_repeated(cut.heading, cut.text))
            if anchor in seen:
                seen[anchor] += 1
                anchor = f"{anchor}-{seen[anchor]}"
            else:
                seen[anchor] = 0
            anchors[i] = anchor
    taken = set(anchors)
    for i, cut in enumerate(cuts):
        if cut.level != 2 and cut.heading is not None:
            base = anchor = anchor_of(cut.heading, secrets_repeated(cut.heading, cut.text))
            n = 0
            while anchor in taken:
                n += 1
                anchor = f"{base}-{n}"
            anchors[i] = anchor
            taken.add(anchor)
    return anchors


def _episodes_at(relpath: str, text: str) -> list[tuple[Episode, int]]:
    """(episode, offset in the body where its text starts) per episode of one file, in file order."""
    name = relpath.rsplit("/", 1)[-1]
    day = _day_of(name)
    body = split_text(text).body
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}\.md", name):  # an episode file of its own: one episode
        content = body.strip()
        return [(_whole(relpath, day, content), 0)] if content else []
    cuts = day_cuts(body)
    out: list[tuple[Episode, int]] = []
    for cut, anchor in zip(cuts, _anchored(cuts), strict=True):
        if cut.heading is not None:
            if cut.level == 2 or prose_lines(cut.text):  # before the first `## `: a heading over prose
                out.append((_section_episode(relpath, day, cut, anchor), cut.start))
        elif top_holds_content(cut.text):  # the top of the file: prose besides its H1 title
            out.append((_whole(relpath, day, cut.text.strip(), top_title(cut.text)), 0))
    return out


def parse_episode_text(relpath: str, text: str) -> list[Episode]:
    """Split one episode file's text into episodes (notes/day_cuts.py says where a day file is cut)."""
    return [ep for ep, _ in _episodes_at(relpath, text)]


def episode_lines(relpath: str, text: str) -> dict[str, tuple[int, int]]:
    """episode id -> (first, last) line of its section in the file (1-based), as parse_episode_text cuts it;
    the file's own episode (its top, or all of it) starts at line 1."""
    found = _episodes_at(relpath, text)
    last = text.count("\n") + (0 if text.endswith("\n") else 1)
    base = len(text) - len(split_text(text).body)
    starts = [1 if not ep.anchor else text.count("\n", 0, base + at) + 1 for ep, at in found]
    ends = [s - 1 for s in starts[1:]] + [
        last
    ]  # the cuts follow one another; only an empty top is no episode
    return {ep.id: (a, b) for (ep, _), a, b in zip(found, starts, ends, strict=True)}


def conflicted_episodes(relpath: str, text: str) -> dict[str, int]:
    """episode id -> line of the unresolved merge conflict its section holds or lies in (notes/conflicts.py)."""
    conflicts = find_conflicts(text)
    if not conflicts:
        return {}
    out: dict[str, int] = {}
    for eid, (first, last) in episode_lines(relpath, text).items():
        hit = next((c for c in conflicts if c.start <= last and c.end >= first), None)
        if hit is not None:
            out[eid] = hit.start
    return out


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def bad_day_name(relpath: str) -> str | None:
    """Why an episode file's name gives it no day (`2026-11-31.md`, `2026-13-01-retro.md`), else None."""
    m = _DATE_NAME.match(relpath.rsplit("/", 1)[-1])
    if m is None:
        return None  # not a day file (an exported document): not consolidated, never meant to be
    try:
        date.fromisoformat(m.group(1))
    except ValueError:
        return f"its name starts with {m.group(1)}, a day that does not exist"
    return None


@dataclass(frozen=True)
class UnreadFile:
    """A day file the daily run cannot read: its name is no real date (`2026-11-31.md`), or its
    frontmatter does not parse (`date: 2026-11-31`, broken YAML). Its episodes stay pending, named."""

    file: str
    reason: str
    episodes: int  # the sections its text holds (at least 1): what waits for the fix

    @property
    def line(self) -> str:
        """One line: the file, why, and what to do."""
        return f"{self.file}: {self.reason}; fix it by hand (`memdir lint`)"


def _refuse(refused: list[str] | None, why: str) -> None:
    if refused is None:
        log.warning("%s; left as it is", why)
    else:  # the caller reports it: the daily run leaves it pending and exits 75, as for an unread file
        refused.append(why)


class EpisodeLog:
    """Reads episodes from `episodes/` and appends new ones safely across processes."""

    def __init__(self, store: NoteStore) -> None:
        self.store = store

    def files(self) -> list[str]:
        """Episode files whose name starts with a date, oldest first."""
        return [p for p in self.store.iter_paths(("episodes",)) if _DATE_NAME.match(p.rsplit("/", 1)[-1])]

    def iter_episodes(
        self,
        until: date | None = None,
        on: date | None = None,
        refused: list[str] | None = None,
        unread: list[UnreadFile] | None = None,
        after: date | None = None,
    ) -> Iterator[Episode]:
        """Episodes in date order; `until` and `after` are exclusive, `on` selects one day. Bad files are skipped.

        A day file over MAX_DAY_FILE_BYTES is not read, and an episode over MAX_EPISODE_BYTES is
        left out (what `episode add` would refuse): each gets one line in `refused`, and stays
        in its file as it is. A file named with a date that does not exist (`2026-11-31.md`: no day
        to file it under; only when `on` is None) or whose frontmatter does not parse goes to
        `unread`, with the reason `memdir lint` gives.
        """
        for rel in self.files():
            m = _DATE_NAME.match(rel.rsplit("/", 1)[-1])
            bad_name = bad_day_name(rel)
            if bad_name is not None:
                if unread is not None and on is None:
                    unread.append(self._unread(rel, bad_name))
                continue
            fday = date.fromisoformat(m.group(1)) if m else None
            if fday is None or (until and fday >= until) or (on and fday != on) or (after and fday <= after):
                continue
            too_large = day_file_too_large(rel, _size(self.store.root / rel))
            if too_large is not None:
                _refuse(refused, too_large)
                continue
            try:
                note = self.store.read(rel)
            except NoteNotFound:
                continue  # gone since it was listed
            except NoteError as exc:
                if unread is not None:
                    why = str(exc)
                    unread.append(
                        self._unread(rel, why[len(rel) + 2 :] if why.startswith(f"{rel}: ") else why)
                    )
                continue
            for ep in parse_episode_text(rel, note.text):
                too_large = episode_too_large(ep.id, ep.text)
                if too_large is not None:
                    _refuse(refused, too_large)
                    continue
                yield ep

    def _unread(self, rel: str, reason: str) -> UnreadFile:
        """An UnreadFile for `rel`, its episodes counted from the text as it is (frontmatter not parsed)."""
        try:
            text = self.store.read_bytes(rel).decode("utf-8", "replace")
        except NoteError:
            return UnreadFile(rel, reason, 1)
        return UnreadFile(rel, reason, max(1, len(parse_episode_text(rel, text))))

    def in_days_zone(self, at: datetime) -> datetime:
        """`at` where the root's days are (re-check M7): with `schedule.timezone` naming a zone, an instant
        given in another offset is moved into it and a naive time is that zone's wall time (a time the
        zone skips, 02:30 on a spring-forward night, becomes the instant's, 03:30); with `local` an
        offset is kept as given and a naive time is the machine's."""
        zone = named_zone(self.store.timezone_name)
        if zone is None:
            return at if at.tzinfo is not None else at.astimezone()
        if at.tzinfo is None:
            at = at.replace(tzinfo=zone)
        return at.astimezone(timezone.utc).astimezone(zone)

    def add(self, text: str, title: str | None = None, at: datetime | None = None) -> Episode:
        """Append an episode section to the day's file (created if needed); safe under concurrency."""
        check_text(text, "the episode text", MAX_EPISODE_BYTES)
        if title is not None:
            check_text(title, "the episode title", 1000)
        if at is not None:
            check_when(at, "the episode time")
        at = self.in_days_zone(at) if at is not None else self.store.day_now()  # the daily run's today (N9)
        day = at.date().isoformat()
        rel = f"episodes/{day}.md"
        body = text.strip()
        if not body:
            raise NoteError("an episode needs some text")
        # a body's own `## ` headings would end this episode: they go down a level or two (a pasted page)
        body = demote_headings(body)
        title = " ".join((title or default_title(body)).split())[:120] or "Episode"
        heading = f"## {at.strftime('%H:%M')} — {title}"
        lock = Path(self.store.root) / STATE_DIR / "locks" / f"episodes-{day}.lock"
        with file_lock(lock):
            current = self.store.current_hash(rel)
            existing = f"---\ndate: {day}\n---\n".encode() if current is None else self.store.read_bytes(rel)
            # append at the byte level: another writer's bytes (even a NUL) stay exactly as they were
            sep = b"" if existing.endswith(b"\n\n") else (b"\n" if existing.endswith(b"\n") else b"\n\n")
            new_bytes = existing + sep + f"{heading}\n\n{body}\n".encode()
            if len(new_bytes) > MAX_DAY_FILE_BYTES:  # past it the index would stop reading the day: refuse
                raise InputError(
                    f"{rel} would grow to {len(new_bytes):,} bytes (> {MAX_DAY_FILE_BYTES:,}, the most one day "
                    "file may hold and stay searchable); nothing written"
                )
            written = self.store.write_bytes(rel, new_bytes, current)
            if written != hash_bytes(new_bytes):  # a secret was masked: the episode is what was written
                new_bytes = self.store.read_bytes(rel)
        new_text = new_bytes.decode("utf-8", "replace")
        ep = parse_episode_text(rel, new_text)[-1]
        head_line = next((ln for ln in reversed(new_text.splitlines()) if ln.startswith("## ")), heading)
        try:  # a copy as the file holds it: an editor's save over it is noticed (episode_copies.py)
            keep_copy(self.store.root, day, WrittenSection(ep.id, head_line.rstrip(), ep.text))
        except OSError as exc:
            log.warning("no copy kept of %s: %s", ep.id, exc)
        return ep
