"""The same values through different tools: what a task's calls passed, whatever tool carried them.

One kind of task is sometimes run through two tools: one person calls `fleet.set_status` with
`{"status": "out_of_service"}`, another runs `fleetctl status set … out_of_service` in a shell. The
tool names, the actions and the step keys (`features.work_tokens`, `agreement.StepAgreement`, which
pair each word with its action) differ, but the calls pass the same constants (`24h`,
`out_of_service`, `dtc-diagnostic`, `north-yard`, `#fleet-dispatch`). A task's *values* are those,
tool-free: its inputs' tokens but a key (`status=`, `ref: `, also nested: `json=file=`), an option name
(`--window`), a route (`/v2/quotes`: the call's name as an action is, not a value; a file has a dot), a bare
number, a function word, and a word of any action's name of the week (`fleetctl dtc read` holds the
`read` and `dtc` of `telematics__read_dtc`: which call it is, not what it passed). Weighed by how few
tasks of the week passed them (a value every task passed weighs nothing, and so does one fewer than
`min_support` tasks passed: an instance, `VAN-2231`, or one person's command word), two tasks
whose values mostly agree (`SAME_VALUES`) did the same work through whatever tools.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from memdir.consolidation.weekly.naming import FUNCTION_WORDS
from memdir.consolidation.weekly.steps import Step

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

Work = Sequence[tuple[str, str]]
SAME_VALUES = 0.7
# fewer distinct weighted values than this say too little to call two tasks one kind
MIN_VALUES = 3
_VALUE = re.compile(r"[^\s=,;'\"(){}\[\]<>|]+")
_NAME_PART = re.compile(r"[^\W_]+")
# a key, also one nested in another's value (`json=file=a.docx`: `json` and `file` are keys)
_KEY = re.compile(r"(?:(?<=[\s=])|^)[\w.-]+(?:=|: )", re.M)


def value_tokens(work: Work, names: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """Distinct values a task's calls passed, lower-cased, tool-free (see the module's docstring)."""
    out: set[str] = set()
    for action, text in work:
        skip = names | set(_NAME_PART.findall(action.lower()))
        for raw in _VALUE.findall(_KEY.sub(" ", text.lower()[:300])):
            tok = raw.strip(".!?:")
            if len(tok) < 2 or tok[0] == "-" or tok[0] == "/" and "." not in tok or tok.isdigit():
                continue  # an option name, or a route (`/v2/quotes`): which call it is, not a value
            if tok in FUNCTION_WORDS or tok in skip:
                continue
            out.add(tok)
    return sorted(out)


class WeekValues:
    """The week's values and their weights; unit vectors of tasks' values; how alike two tasks are."""

    def __init__(self, week: Sequence[Work], min_support: int = 3) -> None:
        self.min_support = min_support
        self.names = {w for work in week for action, _ in work for w in _NAME_PART.findall(action.lower())}
        self._df: Counter[str] = Counter()
        for work in week:
            self._df.update(value_tokens(work, self.names))
        self.n = len(week)

    def weight(self, value: str) -> float:
        df = self._df[value]
        return math.log((self.n + 1) / (df + 1)) if self.min_support <= df < self.n else 0.0

    def vector(self, work: Work) -> dict[str, float]:
        """A task's weighted values, unit length; empty when fewer than `MIN_VALUES` weigh anything."""
        vec = {v: w for v in value_tokens(work, self.names) if (w := self.weight(v)) > 0}
        if len(vec) < MIN_VALUES:
            return {}
        norm = math.sqrt(sum(w * w for w in vec.values()))
        return {v: w / norm for v, w in vec.items()}

    def matrix(self, works: Sequence[Work]) -> np.ndarray:
        """(m, m) cosines of the tasks' value vectors (0 where either has too few values)."""
        vecs = [self.vector(w) for w in works]
        m = len(vecs)
        out = np.zeros((m, m), dtype=np.float32)
        for i in range(m):
            for j in range(i, m):
                a, b = vecs[i], vecs[j]
                out[i, j] = out[j, i] = sum(w * b[v] for v, w in a.items() if v in b)
        return out

    def sparse(self, works: Sequence[Work]) -> csr_matrix:
        """(m, k) sparse unit rows over the values the given tasks passed (for `features.TaskFeatures`)."""
        from scipy.sparse import csr_matrix

        vecs = [self.vector(w) for w in works]
        index = {v: i for i, v in enumerate(dict.fromkeys(v for vec in vecs for v in vec))}
        rows = [r for r, vec in enumerate(vecs) for _ in vec]
        cols = [index[v] for vec in vecs for v in vec]
        data = [w for vec in vecs for w in vec.values()]
        shape = (len(vecs), max(1, len(index)))
        return csr_matrix((np.asarray(data, dtype=np.float32), (rows, cols)), shape=shape)


def _ident(value: str) -> bool:
    """A value written as an identifier (`out_of_service`, `north-yard`, `#fleet-dispatch`, `24h`), not a
    plain word (`cabinet`, `high`): a constant a tool passes, not a place or a verb any call may name."""
    return any(not c.isalpha() for c in value) and any(c.isalpha() for c in value)


def same_call(a: Step, b: Step) -> float:
    """How alike two calls of different tools are by what they passed: 0, or 0.7 to 0.85 when they pass
    the same identifier-like values (`fleet.set_status` with `status=out_of_service` and `fleetctl status
    set … out_of_service`): at least one, and half or more of the values of the call that passed fewer."""
    names = set(_NAME_PART.findall(a.action.lower())) | set(_NAME_PART.findall(b.action.lower()))
    va = set(value_tokens([(a.action, a.plain or a.input)], names))
    vb = set(value_tokens([(b.action, b.plain or b.input)], names))
    shared = va & vb
    if not any(_ident(v) for v in shared) or 2 * len(shared) < min(len(va), len(vb)):
        return 0.0
    return 0.7 + 0.15 * len(shared) / min(len(va), len(vb))


def other_tools(works: Sequence[Work]) -> np.ndarray:
    """(m, m): 1 where two tasks' actions overlap by less than half (Jaccard), else 0."""
    acts = [{a for a, _ in w} for w in works]
    m = len(acts)
    out = np.zeros((m, m), dtype=np.float32)
    for i in range(m):
        for j in range(m):
            union = len(acts[i] | acts[j])
            out[i, j] = 1.0 if union and 2 * len(acts[i] & acts[j]) < union else 0.0
    return out
