"""A usage report that names a note by its title (trial 28 #10b, re-check N1).

"Discharged Choco (lab, lump removal) following the post-op discharge steps" names the person's
`knowledge/post-op-discharge.md` (`# Post-op discharge`, six numbered steps, filed in knowledge/) in so many
words; the daily run read it as nothing to keep, unsure, and asked whether to file it as a new
`procedures/discharged-choco.md`. Its Japanese twin 「術後退院、post-op dischargeの手順どおり対応しました」 got an
`evidence` item on the dental-cleaning procedure, found by meaning across languages. A person who writes a
note's title into a report of the usual way means that note: a report that names the usual way
(route_usage.names_usual_way) and holds a note's whole title as a phrase is tied to that note, by an `evidence`
item on it, before any guess by meaning and instead of a new file.

The notes a report can name so: every procedure, and a how-to a person keeps in knowledge/ (numbered steps,
not a lesson, decision or rule). A title names one only when it is specific: two words or more (Latin), or
three characters or more of CJK; the longest title written wins (`Post-op discharge` over `Discharge`).
Matching ignores case, width and hyphens (`post-op discharge`, `Post op discharge`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from memdir.consolidation.daily.route_usage import names_usual_way
from memdir.notes.model import hash_text
from memdir.runs.journal import Op
from memdir.runs.redact import redact

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_STEP = re.compile(r"^\s*\d+[.)]\s+\S", re.M)
_NO_HOWTO = ("knowledge/lessons/", "knowledge/decisions/", "knowledge/rules/")
_NO_HOWTO_TYPES = frozenset({"lesson", "decision", "rule"})
_FRAME = re.compile(r"^(?:how\s+to|how\s+we|steps\s+(?:for|to))\s+|(?:の)?(?:手順書?|やり方|方法)$", re.I)
MIN_WORDS = 2
MIN_CJK = 3


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(re.sub(r"[-_‐–—/]", " ", text).split())


def _specific(title: str) -> bool:
    if len(_CJK.findall(title)) >= MIN_CJK:
        return True
    return len(re.findall(r"[^\W\d_]+", title)) >= MIN_WORDS


def is_howto(path: str, body: str, note_type: object = None) -> bool:
    """Whether a note can be the procedure a report names: a procedure, or a knowledge note of numbered steps."""
    if path.startswith(("procedures/", "skills/")):
        return True
    if not path.startswith("knowledge/") or path.startswith(_NO_HOWTO) or note_type in _NO_HOWTO_TYPES:
        return False
    return len(_STEP.findall(body)) >= 2


def named_by_title(text: str, titles: Iterable[tuple[str, str]]) -> tuple[str, str] | None:
    """(path, title) of the note whose whole title the report writes (the longest), when the report names the
    usual way; None otherwise."""
    if not names_usual_way(re.sub(r"(?<=\w)-(?=\w)", " ", text)):  # "following the post-op discharge steps"
        return None
    said = f" {_fold(text)} "
    best: tuple[int, str, str] | None = None
    for path, title in titles:
        core = _fold(_FRAME.sub("", unicodedata.normalize("NFKC", title).strip()))
        if not core or not _specific(core):
            continue
        found = (
            core in said
            if _CJK.search(core)
            else re.search(rf"(?<![a-z0-9]){re.escape(core)}(?![a-z0-9])", said)
        )
        if found and (best is None or len(core) > best[0]):
            best = (len(core), path, title)
    return None if best is None else (best[1], best[2])


def title_review(path: str, title: str, ep_ref: str, ep_id: str, text: str, result: str) -> Op:
    """The `evidence` item tying a report to the note it names by title; not counted (a person confirms)."""
    said = redact(" ".join(text.split()))[0]
    flag = f"--{result}" if result in ("success", "failure") else "--success|--failure"
    named = f'it names "{" ".join(title.split())}" by its title'
    if path.startswith("knowledge/"):
        dest = "procedures/" + path.split("/", 1)[1]
        why = (
            f"{result}, not counted: {named}, a how-to kept in knowledge/; to count it, move it to {dest} "
            f"(its move proposal, or by hand), then: memdir feedback {dest} {flag}"
        )
    else:
        why = f"{result}, not counted: {named}; to count it: memdir feedback {path} {flag}"
    item = {
        "kind": "evidence",
        "target": path,
        "title": title or path,
        "body": said,
        "similarity": None,
        "sources": [ep_ref],
        "key": f"daily-evidence:{path}:{ep_ref}:{hash_text(said)[:12]}",
        "description": f"{why} ({ep_ref})",
        "extra": {"usage": why},
    }
    return Op("review", path, "", None, [ep_id], item)
