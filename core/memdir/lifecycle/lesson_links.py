"""Which procedure a weekly lesson is linked from, when a person turns down the note its tasks were put on.

A weekly lesson is about a kind of task's failures; it is linked from the procedure of that kind (its
`applies_to`, the procedure's `lessons:`). When the kind was a review item against an existing note (a
merge candidate) and the person rejects it ("not this note"), the tasks are not that note's work, so
neither is the lesson written from them (trial 24 re-check N3: after the refund candidate on 返品受付の手順
was rejected, the 404 lesson stayed on the Japanese note and the new English procedure had no link to it).

- On the reject (`unlink_rejected`): each lesson the item's kind wrote (the item's `lessons:`) that still
  applies to the item's target applies to no note for now: `applies_to` is emptied, the target's `lessons:`
  loses it, and its "When it applies" no longer calls the task the target's type.
- On the weekly run that places the tasks again (`retarget`): the lesson applies to the new procedure,
  which lists it.
A lesson that applies to another note as well (a failure shared by two kinds) is linked from both.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from memdir.errors import NoteError

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

ALLOW = ("knowledge", "procedures")
OWN_ORIGINS = ("weekly", "daily")  # a person's note stays byte for byte theirs


def _type_clause(target: str) -> re.Pattern[str]:
    """The words of a lesson's "When it applies" naming the kind's procedure (`lesson_render._applies`)."""
    name = re.escape(f"`{target}`")
    return re.compile(rf" \(the task type of {name}\)|（{name} の種類のタスク）")


_WHEN_EN = re.compile(
    r"^(When a task asks \u201c[^\u201d]*\u201d|When you [^,.\n]*)(?=, at the step |\.$)", re.M
)
_WHEN_JA = re.compile(r"^([^\n]*?とき)(?=、手順 |。$)", re.M)


def _with_type(body: str, target: str) -> str:
    """The "When it applies" line calls the task `target`'s type again (`lesson_render._applies`)."""
    if not target or f"`{target}`" in body:
        return body
    head, sep, rest = body.partition("## When it applies\n")
    line, nl, tail = rest.partition("\n")
    line = _WHEN_EN.sub(lambda m: f"{m.group(1)} (the task type of `{target}`)", line, count=1)
    line = _WHEN_JA.sub(lambda m: f"{m.group(1)}（`{target}` の種類のタスク）", line, count=1)
    return head + sep + line + nl + tail if sep else body


def link(store: NoteStore, target: str, lesson: str) -> None:
    """List the lesson in the procedure's `lessons:` (a note memdir wrote; a person's note is left as it is)."""
    try:
        note = store.read(target)
    except NoteError:
        return
    if note.get("origin") not in OWN_ORIGINS:
        return
    have = note.str_list("lessons")
    if lesson not in have:
        store.update_meta(target, {"lessons": [*have, lesson]}, allow=ALLOW)


def unlink(store: NoteStore, target: str, lesson: str) -> None:
    """Take the lesson out of the procedure's `lessons:` (the key goes when it lists nothing else)."""
    try:
        note = store.read(target)
    except NoteError:
        return
    have = note.str_list("lessons")
    if lesson not in have or note.get("origin") not in OWN_ORIGINS:
        return
    rest = [x for x in have if x != lesson]
    store.update_meta(
        target, {"lessons": rest} if rest else {}, allow=ALLOW, remove=() if rest else ["lessons"]
    )


def retarget(store: NoteStore, lesson: str, old: str, new: str) -> bool:
    """The lesson applies to `new` instead of `old` ("" for none): its `applies_to`, its kind's context, its
    words naming the procedure, and both procedures' `lessons:`. False when it no longer applies to `old`."""
    try:
        note = store.read(lesson)
    except NoteError:
        return False
    if str(note.meta.get("applies_to") or "") != old:
        return False
    body = note.body if old else _with_type(note.body, new)
    if old:
        body = (
            body.replace(f"`{old}`", f"`{new}`")
            if new
            else _type_clause(old)
            .sub("", body)
            .replace(f"the steps of `{old}`", "the steps of the successful tasks")
        )
    contexts = [c for c in note.str_list("contexts") if c != f"type:{old}"]
    if new and f"type:{new}" not in contexts:
        contexts.append(f"type:{new}")
    changes: dict[str, object] = {"applies_to": new, "contexts": contexts, "updated_at": store.stamp()}
    store.update_meta(lesson, changes, body=body, allow=ALLOW)
    if old:
        unlink(store, old, lesson)
    if new:
        link(store, new, lesson)
    return True


def unlink_rejected(store: NoteStore, item: str, target: str) -> list[str]:
    """On rejecting the review item `item` against `target`: the lessons its kind wrote (the item's `lessons:`,
    a weekly item's) apply to no note until its tasks are placed again; returns those changed."""
    try:
        lessons = store.read(item).str_list("lessons")
    except NoteError:
        return []
    return [rel for rel in lessons if retarget(store, rel, target, "")]
