"""The operation a structured input names: what a call does when one tool does many things.

Some tools take every operation through one entry point and say which in the input: an EDN map
(`{:op :booking/move :ref "…"}`), a JSON object or its `k=v` line (`{"op": "refund.issue", …}`,
`method=orders.cancel`). The call's action is then `tool:<operation>`, as `git commit` is `git:commit`,
so two kinds of the same tool that differ only in that operation are two kinds, and one kind asked in
two languages (whose requests share no words) is held together by the operation its calls name.

Rules:
- The operation is the value of a key named `op`, `operation`, `action`, `method`, `rpc` or `command`
  (EDN keywords `:op`, JSON `"op":`, `op=`), when that key is the first key of the input (a map names
  what it does first; a later `action` is an argument of another call) — written as a name: letters,
  digits and `_ . / -` (an EDN keyword's colon dropped), starting with a letter.
- A value that is a sentence, a path (`/var/…`) or a number names no operation.
"""

from __future__ import annotations

import re

_KEYS = "op|operation|action|method|rpc|command"
# `{:op :booking/move`, `{"op": "refund.issue"`, `op=orders.cancel`, `{'method': 'x'`: the first key only
_FIRST_KEY = re.compile(
    rf"""^\s*\{{?\s*(?::(?:{_KEYS})\s+:?|["']?(?:{_KEYS})["']?\s*[:=]\s*["':]?:?)([A-Za-z][\w./-]{{0,60}})""",
    re.I,
)


def named_operation(text: str) -> str:
    """The operation the input's first key names (`booking/move`), '' when it names none."""
    m = _FIRST_KEY.match(text)
    if not m:
        return ""
    op = m.group(1).rstrip("./-")
    return op.lower() if op else ""
