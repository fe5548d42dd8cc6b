"""Names and paths inside a memory root: slugs, kinds, and confinement to the root."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path, PurePosixPath

from memdir.errors import PathError
from memdir.masked_refs import settled
from memdir.redaction import redact_text

KINDS = ("knowledge", "procedures", "episodes")
NOTE_DIRS = ("knowledge", "procedures", "episodes", "skills", "review")
STATE_DIR = ".memdir"
ARCHIVE_DIR = "archive"
MAX_SLUG = 80
# A file name holds at most 255 bytes on ext4, APFS, XFS, btrfs (NTFS: 255 UTF-16 units, never more bytes' worth).
# A slug is cut by its UTF-8 bytes too, so 80 Japanese characters (240 bytes) still make a name; the room left
# is for `-N` (a second note of the same title), `.md`, and the store's temp file `.NAME.memdir-tmp-PID-XXXXXXXX`.
NAME_MAX_BYTES = 255
_WRITE_ROOM = 40  # `.` + `.memdir-tmp-` + pid (7 digits) + `-` + 8 hex = 29, and a margin
MAX_STEM_BYTES = NAME_MAX_BYTES - _WRITE_ROOM - len(".md")
MAX_SLUG_BYTES = 180  # leaves `-N`, `decision-` and `.2.md` (archive) their room under MAX_STEM_BYTES
_RESERVED = {"con", "prn", "aux", "nul"} | {f"com{i}" for i in range(10)} | {f"lpt{i}" for i in range(10)}
_SLUG_DROP = re.compile(r"[^\w]+", re.UNICODE)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
BAD_NAME = "a file name with a control character (a line break, a tab) is not a note: memdir skips it; rename the file"


def has_control(name: str) -> bool:
    """True for a name holding a control character (a newline...): memdir never reads, lists or writes one."""
    return _CONTROL.search(name) is not None


def shown_name(name: str) -> str:
    """A name on one line: control characters as `\\xNN` (`knowledge/evil\\x0a### Pinned.md`)."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", name)


def slugify(
    text: str,
    max_length: int = MAX_SLUG,
    default: str = "note",
    known: frozenset[str] = frozenset(),
    cut: bool = True,
) -> str:
    """Return a readable, filesystem-safe slug (Unicode letters kept, so Japanese survives).

    A long one is cut to `max_length` characters and MAX_SLUG_BYTES bytes (`cut=False`: the whole
    slug, to tell whether a name was cut). Secrets are masked first (`token ghp_...` ->
    `token-redacted`), and so are the `known` secrets of the write the name is for (`secret_values`
    of a note's fields): no file name holds one, and masking the name again (in a review item's
    `target`, in run state) leaves it as it is.
    """
    return settled(
        _slug(redact_text(text, known), max_length, default, cut),
        lambda t: _slug(t, max_length, default, cut),
    )


def _marks(m: re.Match[str]) -> bool:
    """Whether a run the slug drops is combining marks written on the letter before it."""
    return m.start() > 0 and all(unicodedata.category(c).startswith("M") for c in m.group(0))


def _slug(text: str, max_length: int, default: str, cut: bool = True) -> str:
    norm = unicodedata.normalize("NFKC", text).lower()
    # a combining mark (a Thai or Devanagari vowel sign) is part of its letter, no word break (round 46)
    slug = _SLUG_DROP.sub(lambda m: m.group(0) if _marks(m) else "-", norm).replace("_", "-")
    slug = re.sub(r"-{2,}", "-", slug).strip("-")
    if cut and len(slug) > max_length:
        head = slug[:max_length]
        slug = head.rsplit("-", 1)[0] if "-" in head[max_length // 2 :] else head
        slug = slug.strip("-")
    if cut:
        slug = cut_to_bytes(slug, MAX_SLUG_BYTES)
    if not slug:
        slug = default
    if slug.split(".")[0] in _RESERVED:
        slug = f"{slug}-note"
    return slug


def _utf8_len(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def cut_to_bytes(stem: str, limit: int) -> str:
    """`stem` cut to at most `limit` UTF-8 bytes at a character boundary (at a `-` in its second half when
    there is one; never between a letter and its combining mark), so a file name fits the filesystem."""
    if _utf8_len(stem) <= limit:
        return stem
    end, size = 0, 0
    for ch in stem:
        size += _utf8_len(ch)
        if size > limit:
            break
        end += 1
    while end > 0 and end < len(stem) and unicodedata.combining(stem[end]):
        end -= 1  # `e` + U+0301 stays together: drop both rather than leave a bare mark
    cut = stem[:end]
    if "-" in cut[end // 2 :]:
        cut = cut.rsplit("-", 1)[0]
    return cut.strip("-")


def fit_name(stem: str, suffix: str = "") -> str:
    """`stem` cut so `stem + suffix + ".md"` (and the store's temp file beside it) fits a file name."""
    return cut_to_bytes(stem, MAX_STEM_BYTES - _utf8_len(suffix)) + suffix


def kind_of(relpath: str) -> str | None:
    """The kind of a note from its path relative to the root (`knowledge`, ...), or None."""
    parts = PurePosixPath(relpath).parts
    return parts[0] if parts and parts[0] in NOTE_DIRS else None


def to_relpath(root: Path, path: str | os.PathLike[str]) -> str:
    """Turn a path (relative to the root, or absolute inside it) into a checked POSIX relpath."""
    raw = str(path)
    if not raw or "\x00" in raw:
        raise PathError(f"invalid path {raw!r}", raw)
    if has_control(raw):  # `note show` would name another file than the one listed, cut at its newline
        raise PathError(f"invalid path {shown_name(raw)}: {BAD_NAME}", raw)
    p = Path(raw)
    if p.is_absolute():
        try:
            p = p.resolve(strict=False).relative_to(root.resolve())
        except ValueError:
            raise PathError(f"{raw} is outside the memory root {root}", raw) from None
    rel = PurePosixPath(p.as_posix())
    if any(part in ("..", "") for part in rel.parts) or rel.as_posix().startswith("/"):
        raise PathError(f"{raw} leaves the memory root", raw)
    if rel.as_posix() in (".", ""):
        raise PathError(f"{raw} names the root itself", raw)
    parts = [p for p in rel.parts if p != "."]
    return "/".join(parts)


def resolve_inside(root: Path, relpath: str) -> Path:
    """Absolute path for relpath, refusing anything (including symlinks) that leads outside root."""
    rel = to_relpath(root, relpath)
    target = root / rel
    try:
        root_real = Path(os.path.realpath(root))
        real = Path(os.path.realpath(target))
    except OSError as exc:  # a folder on the way changed while it was resolved
        raise PathError(f"{rel} cannot be resolved: {exc.strerror or exc}", rel) from None
    if real != root_real and root_real not in real.parents:
        raise PathError(f"{rel} resolves outside the memory root", rel)
    return target
