"""The operation a structured input names: what a call does when one tool does many things.

Some tools take every operation through one entry point and say which in a map written as the input's
text: an EDN map (`{:op :booking/move :ref "…"}`), a map-like text no JSON reader takes. The call's action
is then `tool:<operation>`, as `git commit` is `git:commit`, so two kinds of the same tool that differ only
in that operation are two kinds, and one kind asked in two languages (whose requests share no words) is
held together by the operation its calls name.

Rules:
- The operation is the value of the map's first key when that key is `op`, `operation`, `action`,
  `method`, `rpc` or `command` (EDN `:op`, `"op":`, `op=`): a map names what it does first; a later
  `action` is an argument of another call. It is written as a name: letters, digits and `_ . / -`
  (an EDN keyword's colon dropped), starting with a letter; a sentence, a path or a number is none.
- Only text that opens a map (`{`). A map the logger kept as JSON is read as `k=v` words already
  (`steps.input_text`: `action`/`method` values lead and are the verb); its `op=` is not taken here:
  taking it split set 12's pharmacy kind, whose cabinet tool lists then resolves (read and write differ
  by `op`) and whose tasks' requests differ, into no kind.
"""

from __future__ import annotations

import re

_KEYS = "op|operation|action|method|rpc|command"
# `{:op :booking/move`, `{"op": "refund.issue"`, `op=orders.cancel`, `{'method': 'x'`: the first key only
_FIRST_KEY = re.compile(
    rf"""^\s*\{{\s*(?::(?:{_KEYS})\s+:?|["']?(?:{_KEYS})["']?\s*[:=]\s*["':]?:?)([A-Za-z][\w./-]{{0,60}})""",
    re.I,
)


def named_operation(text: str) -> str:
    """The operation the input's first key names (`booking/move`), '' when it names none."""
    m = _FIRST_KEY.match(text)
    if not m:
        return ""
    op = m.group(1).rstrip("./-")
    return op.lower() if op else ""
