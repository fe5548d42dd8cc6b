"""Text a daily run reports: the unified diff of a planned write, how many decisions took each action, and
the candidate of a merge candidate: what its note does not say yet (docs/formats.md)."""

from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from memdir.consolidation.daily.route_usage_fit import NO_PROCEDURE
from memdir.errors import MemdirError


def diff_of(old: str, new: str, path: str) -> str:
    a = old.splitlines(keepends=True)
    b = new.splitlines(keepends=True)
    return "".join(difflib.unified_diff(a, b, "/dev/null" if not old else f"a/{path}", f"b/{path}"))


def count_actions(decisions: list[dict[str, object]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for d in decisions:
        key = str(d.get("action"))
        out[key] = out.get(key, 0) + 1
    return out


# a unit of a candidate: a question opens a Q/A pair that runs to the next question
_QUESTION = re.compile(
    r"^(?:Q\s*\d*\s*[:：.．]|(?:質問|問)\s*\d*\s*[:：]|Question\s*\d*\s*:)|[?？]\s*$", re.I
)
Item = TypeVar("Item", bound=dict[str, Any])  # a review item's `raise_item` arguments
_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)]|[①-⑳])\s+(?:\[[ xX]\]\s+)?")
# an ordered step: three of them make the candidate a version of its steps, kept whole
_NUMBERED = re.compile(r"^\s*(?:\d{1,3}[.)．]|[０-９]{1,3}[．.]|[①-⑳])\s*\S")


def _plain(line: str) -> str:
    return " ".join(_MARKER.sub("", line).split()).casefold()


def _units(text: str) -> list[list[str]]:
    """The candidate's lines in units: a Q/A pair (a question and the lines up to the next question), else one
    line (a list item, a paragraph line, a heading)."""
    units: list[list[str]] = []
    in_pair = False
    for line in text.strip().splitlines():
        if not line.strip():
            continue
        asks = bool(_QUESTION.search(line.strip()))
        if in_pair and not asks and not line.lstrip().startswith("#"):
            units[-1].append(line)
            continue
        in_pair = asks
        units.append([line])
    return units


def unsaid(candidate: str, note_body: str) -> str:
    """What `candidate` says that `note_body` does not yet (trial 20 #7): its Q/A pairs, list items and lines
    left out when the note holds each of their lines already (list markers and spacing aside); a heading only
    with something kept under it. The whole candidate when nothing, or everything, is said already, and when
    it numbers three steps or more: a later version of a procedure is its whole list in order, the steps it
    keeps included (the note's `Current steps` line points at it, notes/current_steps.py)."""
    if sum(1 for ln in candidate.splitlines() if _NUMBERED.match(ln)) >= 3:
        return candidate
    said = {_plain(ln) for ln in note_body.splitlines() if ln.strip()}
    units = _units(candidate)
    keep = [u for u in units if not all(_plain(ln) in said for ln in u if not ln.lstrip().startswith("#"))]
    if len(keep) in (0, len(units)):
        return candidate
    out: list[str] = []
    for i, u in enumerate(keep):
        if (
            u[0].lstrip().startswith("#")
            and len(u) == 1
            and (i + 1 == len(keep) or keep[i + 1][0].startswith("#"))
        ):
            continue  # a heading with nothing new under it
        listed = bool(_MARKER.match(u[0])) and bool(out) and bool(_MARKER.match(out[-1].splitlines()[-1]))
        out.append(("\n" if listed else "\n\n") + "\n".join(u) if out else "\n".join(u))
    return "".join(out).strip() + "\n"


def unsaid_item(item: Item, body_of: Callable[[str], str]) -> Item:
    """A daily `merge_candidate`'s review item with only what its note does not say yet as the candidate."""
    if item.get("kind") != "merge_candidate":
        return item
    try:
        body = unsaid(str(item["body"]), body_of(str(item["target"])))
    except MemdirError:
        return item  # the note is gone or unreadable: the whole text, as before
    out = copy.copy(item)
    out["body"] = body
    return out


_CLOSEST = re.compile(r"closest (\S+), match score ([\d.]+)")


def unnamed_reports(rows: Sequence[Mapping[str, object]]) -> list[str]:
    """A usage report ("did it the usual way, fine") whose procedure neither rule found and no `evidence` item
    holds was skipped with its reason in `--json` only (trial 26: 「いつも通りの手順で Switch 1.0.4 を提出。問題なし。」
    vanished): one line each, naming the closest procedure and how to count it."""
    out: list[str] = []
    for r in rows:
        reason = str(r.get("reason") or "")
        if r.get("action") != "skip" or r.get("target") or not reason.startswith(NO_PROCEDURE):
            continue
        m = _CLOSEST.search(reason)
        near = f" (closest {m.group(1)}, match score {m.group(2)}: too far)" if m else ""
        out.append(
            f"{r.get('episode')}: a usage report naming no procedure found{near}; which procedure? "
            "`memdir feedback <procedure> --success` (or --failure) counts it"
        )
    return out
