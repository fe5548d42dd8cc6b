"""A plain title from the calls when the requests share no word: the verb of the decisive call and the
word most of the kind's calls pass.

A kind asked in two languages, each request in its own words ("KT-4422 のお客様はベジタリアンです…",
"Guest on KT-4446 has a severe peanut allergy…", "KT-4468 ハラール対応で…"), shares no phrase; a word
one request and the replies write (`ツアー` of "ツアー会社に伝えて") names where the news went, not the
kind. The calls say it plainly: `op: update … field: dietary`, `template: dietary-notice-v2`,
`template: dietary-ack` -> "Update dietary". The subject is a word (4+ letters, no key, no tool name,
no placeholder) that more than half of the kind's calls, and at least two, pass; the verb is the value
of the first call's operation key (`op`, `action`, `method`, …) that is one plain word and no read, or
the subject alone when it is such a value (`op=rebook` + `template=rebook-notice` -> "Rebook").
Extracted, never invented: "" when no word is passed so.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from memdir.consolidation.weekly.action_titles import READS
from memdir.consolidation.weekly.call_forms import as_command

_CODE = re.compile(r"`([^`]+)`")
_KEYED = re.compile(r"(?:^|\s)[\w.-]+(?:=|:\s)")
_VERB = re.compile(r"(?:^|\s)(?:op|action|operation|method|verb|cmd|command)(?:=|:\s*)([a-z]{3,})(?=\s|$|&)")
_SUBJECT = re.compile(r"(?<![\w{])[a-z]{4,}(?![\w}])")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def call_subject_title(steps: Sequence[str]) -> str:
    """`op: update … field: dietary` + `template: dietary-notice-v2` + `template: dietary-ack` ->
    "Update dietary"; "" when no word most of the calls pass (see the module)."""
    calls = [
        (s.split(":", 1)[0].strip().lower(), as_command(m.group(1))) for s in steps if (m := _CODE.search(s))
    ]
    calls = [(tool, code) for tool, code in calls if not tool.startswith("reply")]
    if len(calls) < 2:
        return ""
    tools = {tool for tool, _ in calls}
    ops = [m.group(1) for _, code in calls if (m := _VERB.search(code)) and m.group(1) not in READS]
    verb = ops[0] if ops else ""
    held: Counter[str] = Counter()
    first: dict[str, tuple[int, int]] = {}  # the call first passing it, and where in that call
    for n, (_, code) in enumerate(calls):
        found = [(m.group(0), m.start()) for m in _SUBJECT.finditer(_KEYED.sub(" ", code.lower()))]
        words = {w for w, _ in found} - tools - {verb}
        held.update(words)
        for w, at in found:
            if w in words:
                first.setdefault(w, (n, at))
    best = [w for w in held if held[w] >= 2 and 2 * held[w] > len(calls)]
    if not best:
        return ""
    # a tie (`marui` and `parts` of `portal=marui-parts`) goes to the word a call passes first, the same
    # on every run (a set's order is not)
    subject = min(best, key=lambda w: (-held[w], first[w], w))
    if subject in ops:  # `op=rebook` + `template=rebook-notice`: the verb is the kind
        return subject.capitalize()
    return f"{verb.capitalize()} {subject}" if verb else subject.capitalize()


def weak_title(title: str, asked: Sequence[str]) -> bool:
    """A Japanese title fewer than two requests write (a word of one request and the replies)."""
    plain = re.sub(r"（[^）]*）", "", title).strip()
    if not plain or not _CJK.search(plain) or re.search("[A-Za-z]", plain):
        return False
    return sum(1 for a in asked if plain in a) < 2
