"""A run of a procedure: a day-file section whose commands are a procedure's own with its placeholders filled.

Trial 26 #1: a person's checklist says ``git tag cert/<version>`` and
``./tools/certcheck --platform <platform> --build <version>``; a day file ticks a checklist of the same steps
with one run's values (``git tag cert/1.0.3``, ``--platform switch --build 1.0.3``) and a status table beside
it. The anchors of the two never met (a placeholder is not a value, and the table's cells only widened the
union), so the daily run wrote the run as a second procedure titled by its version. Now a part whose commands
fill at least VERSION_SHARED of a procedure's placeholder commands, consistently (one value a placeholder), is
a report of a use of that procedure: an `evidence` item on it (route_plan), never a new note. The values are
the run's; a status table is not a step, so it plays no part here.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_lang import VERSION_SHARED, VERSION_SIMILAR, anchors
from memdir.consolidation.daily.route_rag import Match
from memdir.notes.model import hash_text
from memdir.runs.journal import Op
from memdir.runs.redact import redact

# `<version>`, `{platform}`, `<build-id>`: a slot a run fills with its own value
_SLOT = re.compile(r"<([A-Za-z_][\w-]{0,30})>|\{([A-Za-z_][\w-]{0,30})\}")
_TICKED = re.compile(r"^\s*[-*+]\s+\[[xX]\]\s", re.M)
_OPEN = re.compile(r"^\s*[-*+]\s+\[ \]\s", re.M)


def _pattern(template: str) -> tuple[re.Pattern[str], list[str]] | None:
    """The template as a pattern whose slots catch one value each (None: no slot, or too little literal text)."""
    parts, names, at = [], [], 0
    for m in _SLOT.finditer(template):
        parts.append(re.escape(template[at : m.start()]))
        parts.append(r"([^\s<>{}]+?)")
        names.append((m.group(1) or m.group(2)).lower())
        at = m.end()
    parts.append(re.escape(template[at:]))
    literal = _SLOT.sub("", template)
    if not names or len(re.sub(r"[\s\W]", "", literal)) < 3:
        return None
    return re.compile("".join(parts)), names


def filled_slots(text: str, body: str) -> dict[str, str]:
    """The slots of procedure `body` as `text` filled them ({} when fewer than VERSION_SHARED of its commands
    with slots appear in `text` with values in their place, or one slot takes two values)."""
    concrete = [a for a in anchors(text) if not _SLOT.search(a)]
    values: dict[str, str] = {}
    matched = 0
    for template in sorted(a for a in anchors(body) if _SLOT.search(a)):
        pat = _pattern(template)
        if pat is None:
            continue
        rx, names = pat
        hit = next((m for c in concrete if (m := rx.fullmatch(c))), None)
        if hit is None:
            continue
        for name, value in zip(names, hit.groups(), strict=True):
            if values.setdefault(name, value) != value:
                return {}
        matched += 1
    return values if matched >= VERSION_SHARED else {}


def run_of(text: str, body: str, similarity: float) -> str:
    """Why `text` reads as a run of the procedure `body` ("" when it does not): its slots filled, named."""
    if similarity < VERSION_SIMILAR:
        return ""
    slots = filled_slots(text, body)
    if not slots:
        return ""
    said = ", ".join(f"<{k}> = {v}" for k, v in slots.items())
    return f"a run of this procedure, its placeholders filled ({said})"


def run_review(m: Match, why: str, ep_ref: str, ep_id: str, text: str) -> Op:
    """The `evidence` item on procedure `m` for a run of it: a use, not counted (all ticked: a success)."""
    said = redact(text.strip())[0]
    done = bool(_TICKED.search(text)) and not _OPEN.search(text)
    result, flag = ("success", "--success") if done else ("a use", "--success|--failure")
    usage = f"{result}, not counted: {why}; to count it: memdir feedback {m.path} {flag}"
    item = {
        "kind": "evidence",
        "target": m.path,
        "title": m.title or m.path,
        "body": said,
        "similarity": round(m.similarity, 4),
        "sources": [ep_ref],
        "key": f"daily-evidence:{m.path}:{ep_ref}:{hash_text(said)[:12]}",
        "description": f"{usage} ({ep_ref})",
        "extra": {"usage": usage},
    }
    return Op("review", m.path, "", None, [ep_id], item)


def general_of(path: str, texts: dict[str, str]) -> tuple[str, str]:
    """The general procedure `path` is a copy of, bound to one run's values (its commands fill that one's
    placeholders), and the values, said; ("", "") when none (trial 26 #2: "usual way" reports for Xbox and
    PS5 counted on a copy bound to Switch 1.0.3, never on the person's checklist with `<platform>`)."""
    own = texts.get(path, "")
    for other, body in sorted(texts.items()):
        if other != path and other.startswith("procedures/") and (slots := filled_slots(own, body)):
            return other, ", ".join(f"<{k}> = {v}" for k, v in slots.items())
    return "", ""
