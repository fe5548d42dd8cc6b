"""A placeholder whose value the agent has no source for says so in its legend (trial 21 re-check).

The maintenance desk's booking procedure sent `send_sms phone={phone}`, but no booking request gave the
tenant's phone and no call returned it (`get_lease` returned a lease id and an end date): an agent following
the procedure had nothing to fill `{phone}` from. When the week's log records what its calls returned (every
task of the placeholder has results, in any log shape `call_returns.py` reads) and, in every such task, the
value is in no request (nor any other text the task was given: a reply, a later user turn) and no call of the
task returned it, the legend adds: "not in the request and no earlier step returns it: ask or look it up".
A value counts as given when the request holds it, any word of it (`Hayashi` of `Hayashi Mio`), its digits
(a phone number written another way) or its date written another way (`12/10`, `12月10日`, `Dec 10`).
A log that records no result says nothing about what a step returns, so it adds nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from memdir.consolidation.weekly.placeholders import Placeholder
from memdir.consolidation.weekly.tasks import Task
from memdir.consolidation.weekly.value_forms import date_said, digits

NO_SOURCE = "not in the request and no earlier step returns it: ask or look it up"
_WORD = re.compile(r"[^\W_]{3,}|[\u3040-\u30ff\u3400-\u9fff]{2,}")
MIN_DIGITS = 6


def _given(value: str, task: Task) -> bool:
    """Whether the task had the value from a text or a result: the request, a reply, any call's result."""
    said = " ".join([task.intent, *(s.text() for s in task.steps if s.kind != "tool")]).lower()
    v = value.strip().lower()
    own = digits(v)
    if v in said or (len(own) >= MIN_DIGITS and own in digits(said)) or date_said(v, said):
        return True
    if any(w in said for w in _WORD.findall(v) if not w.isdigit()):
        return True
    for r in task.returns:
        got = r.value.strip().lower()
        if got and (v in got or got in v or (len(own) >= MIN_DIGITS and own == digits(got))):
            return True
    return False


def unsourced(groups: Sequence[Placeholder], steps: Sequence[str], tasks: Mapping[str, Task]) -> list[str]:
    """The placeholders of the steps whose value, in every task that fills one, has no source the log shows."""
    out: list[str] = []
    for g in groups:
        if not any("{" + g.name + "}" in s for s in steps):
            continue
        values: dict[str, str] = {}
        for span in g.spans:
            for tid, v in span.values.items():
                if v.strip() and tid not in values:
                    values[tid] = v
        mine = [(tasks[t], v) for t, v in values.items() if t in tasks]
        if len(mine) < 2 or not all(t.returns for t, _ in mine):
            continue  # a log that records no result says nothing about what a step returns
        if not any(_given(v, t) for t, v in mine):
            out.append(g.name)
    return out
