"""A weekly lesson's description: what the lesson is for, in a person's words, never the failed call.

The description is what `memdir search` and `context` show of a lesson. It was the failed call itself,
masked and cut at 200 characters (trial 24 re-check N5: `Lesson: Customer says …: http: curl -sS -X POST
https://…/refund -H 'X-Shop-Access-Token:…`). Now it is the task and what to do differently:

- a step that failed and a step of the same call that then worked, differing in one place: that place,
  from the boundary before it (`/`, `=`, `:`, a quote) to the one after it: "<task>: use `/refunds`, not
  `/refund` (it failed: Not Found)"; 「<task>：`/refund` ではなく `/refunds` を使う（失敗：Not Found）」;
- another step that worked: "<task>: `<what worked>` worked where `<what failed>` failed (<error>)", each
  step by its action (its tool, else its words before the first value: `lesson_words.step_action`);
- a request that asked again with a change: "<task>: ask again with “<the change>” …";
- failures with nothing seen to work: "<task>: `<action>` failed in N tasks (<error>)".
The masked call stays in the lesson's body ("What failed"). The text is cut after a word, never inside one.
"""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.lesson_words import description, error_gist, step_action

if TYPE_CHECKING:
    from memdir.consolidation.weekly.lesson_evidence import Failure, TypeLessons
    from memdir.consolidation.weekly.lesson_retry import Change

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_EDGE = "/=:,;'\"`?&#() "
SAME_CALL = 0.8  # two runs of one call: alike as text (as `lesson_evidence.SAME_STEP`)
MAX_PART = 40  # a differing place longer than this is no short "use X, not Y"


def _tool(step: str) -> str:
    return step.split(":", 1)[0] if re.match(r"^[^\s:=]{1,60}:\s", step) else ""


def differing_place(failed: str, worked: str) -> tuple[str, str] | None:
    """The first place two runs of one call differ: (what failed there, what worked there), each widened to
    the boundaries around it (`…/SO-1/refund` vs `…/SO-1/refunds` -> `/refund`, `/refunds`)."""
    if not failed or not worked or _tool(failed) != _tool(worked):
        return None
    if difflib.SequenceMatcher(None, failed, worked, autojunk=False).ratio() < SAME_CALL:
        return None  # another call (a look-up after a failed POST), not the same one done otherwise
    ops = [
        op
        for op in difflib.SequenceMatcher(None, failed, worked, autojunk=False).get_opcodes()
        if op[0] != "equal"
    ]
    if not ops:
        return None
    a0, b0, a1, b1 = ops[0][1], ops[0][3], ops[0][2], ops[0][4]  # the first place they differ
    while a0 > 0 and b0 > 0 and failed[a0 - 1] not in _EDGE:
        a0, b0 = a0 - 1, b0 - 1
    if a0 > 0 and failed[a0 - 1] in "/":  # a path's segment keeps its slash
        a0, b0 = a0 - 1, b0 - 1
    while a1 < len(failed) and b1 < len(worked) and failed[a1] not in _EDGE:
        a1, b1 = a1 + 1, b1 + 1
    if re.match(r":\d\d", failed[a1:]) and re.match(r":\d\d", worked[b1:]):  # a time: its minutes too
        a1, b1 = a1 + 3, b1 + 3
    old, new = failed[a0:a1].strip(), worked[b0:b1].strip()
    day = re.match(r"\d{4}-\d\d-\d\dT?", old)  # one task's day is not the kind's: the time that differs
    if day and new.startswith(day.group(0)):
        old, new = old[day.end() :], new[day.end() :]
    if not old or not new or len(old) > MAX_PART or len(new) > MAX_PART or "<…>" in old + new:
        return None
    return old, new


def added_argument(failed: str, worked: str) -> str:
    """The arguments the call that worked has and the failed one lacks, all else the same
    (`rush=true` -> `rush=true minimum_jpy=8000`: `minimum_jpy=8000`); '' for any other difference."""
    if not failed or not worked or _tool(failed) != _tool(worked):
        return ""
    a, b = failed.split(), worked.split()
    ops = [op for op in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(ops) != 1 or ops[0][0] != "insert":
        return ""
    return " ".join(b[ops[0][3] : ops[0][4]])


# what an error names to do: an option (`--bands`, `-s`), a parameter (`key=`), a quoted name, in a clause
# that is advice ("re-run … with --bands", "use `x`", 「--bands を付けて…」)
_NAMED = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*|\b[A-Za-z_][\w.]*=|`[^`]+`")
_ADVICE = re.compile(
    r"(?i)\b(?:use|try|run|re-?run|retry|pass|set|add|specify|with|did you mean)\b|してください|を付け|を指定|を使"
)


def error_advice(error: str) -> tuple[str, list[str]]:
    """The clause of an error that says what to do, and the options or parameters it names ('' when none)."""
    for clause in re.split(r"[()（）;；]|(?<=[.!?。])\s+|:\s+", error):
        named = _NAMED.findall(clause)
        if named and _ADVICE.search(clause):
            return " ".join(clause.split()).rstrip(".。"), [n.strip("`=").lstrip("-") for n in named]
    return "", []


def contradicts(error: str, change: str) -> str:
    """The error's advice when the change the retry made touches nothing it names ('' otherwise)."""
    advice, named = error_advice(error)
    if not advice or not change:
        return ""
    return "" if any(n and n in change for n in named) else advice


def _action(step: str) -> str:
    """What a step does: a tool's command when the tool only says how it was logged (`http: curl -sS -X
    POST …` -> `curl -sS -X POST`), else `step_action`."""
    rest = step.split(": ", 1)[1] if _tool(step) else ""
    return step_action(rest) if rest and not re.match(r"^[\w.-]+=", rest) else step_action(step)


def _gist(f: Failure) -> str:
    return error_gist(f.error) if f.error else ""


def change_of(f: Failure) -> str:
    """What the call that worked changed: the argument it added, else the place it differs, else itself."""
    before = f.changed or f.step
    added = added_argument(before, f.alternative)
    place = differing_place(before, f.alternative)
    return added or (place[1] if place else f.alternative)


def _clause(c: Change, ja: bool) -> str:
    """One call the retry changed or added, as what to do, for the kind (`lesson_retry.Change`)."""
    if c.before:
        act = _action(c.before)
        arg = added_argument(c.before, c.step)
        if arg and len(arg) <= MAX_PART:
            return f"`{act}` に `{arg}` を付ける" if ja else f"add `{arg}` to `{act}`"
        return f"`{act}` で `{c.part}` を使う" if ja else f"use `{c.part}` in `{act}`"
    if c.repeat:
        act = _action(c.repeat)
        return f"`{act}` を `{c.part}` でもう一度実行する" if ja else f"run `{act}` again with `{c.part}`"
    act = _action(c.shown)
    return f"`{act}` も実行する" if ja else f"run `{act}`"


def lesson_description(found: TypeLessons) -> str:
    """What the lesson is for: the task and what to do differently (see the module)."""
    title = " ".join(found.title.split())
    ja = bool(_CJK.search(title))
    fails = found.failures
    first = next((f for f in fails if f.alternative or f.asked), fails[0])
    gist = _gist(first)
    why_en = f" (it failed: {gist})" if gist else ""
    why_ja = f"（失敗：{gist}）" if gist else ""
    if first.asked:
        text = (
            f"{title}：「{first.asked}」と頼み直すとうまくいった{why_ja}"
            if ja
            else f"{title}: ask again with \u201c{first.asked}\u201d{why_en}"
        )
    elif first.alternative and contradicts(first.error, change_of(first)):
        advice = contradicts(first.error, change_of(first))
        text = (
            f"{title}：エラーの指示どおり「{advice}」{why_ja}"
            if ja
            else f"{title}: {advice}, as the error says{why_en}"
        )
    elif len(first.steps) > 1:  # the retry changed or added more than one call: each, in order (re-check N2)
        said = [_clause(c, ja) for c in first.steps]
        text = (
            f"{title}：" + "。次に ".join(said) + why_ja
            if ja
            else f"{title}: " + ", then ".join(said) + why_en
        )
    elif first.alternative:
        added = added_argument(first.changed or first.step, first.alternative)
        place = differing_place(first.changed or first.step, first.alternative)
        if added and len(added) <= MAX_PART:
            text = (
                f"{title}：`{_action(first.changed or first.step)}` に `{added}` を付ける{why_ja}"
                if ja
                else f"{title}: add `{added}` to `{_action(first.changed or first.step)}`{why_en}"
            )
        elif place:
            old, new = place
            text = (
                f"{title}：`{old}` ではなく `{new}` を使う{why_ja}"
                if ja
                else f"{title}: use `{new}`, not `{old}`{why_en}"
            )
        else:
            alt, step = _action(first.alternative), _action(first.step)
            if first.before:
                text = (
                    f"{title}：`{step}` の前に `{alt}` をする{why_ja}"
                    if ja
                    else f"{title}: run `{alt}` before `{step}`{why_en}"
                )
            else:
                text = (
                    f"{title}：`{step}` が失敗したら `{alt}` でうまくいった{why_ja}"
                    if ja
                    else f"{title}: `{alt}` worked where `{step}` failed{why_en}"
                )
    else:
        n = len(found.task_ids)
        step = _action(first.step) if first.step else ""
        if ja:
            text = (
                f"{title}：`{step}` が {n} 件失敗した{why_ja}" if step else f"{title}：{n} 件失敗した{why_ja}"
            )
        else:
            what = f"`{step}` failed" if step else "the task failed"
            text = f"{title}: {what} in {n} task{'' if n == 1 else 's'}{why_en}"
    return description(text)
