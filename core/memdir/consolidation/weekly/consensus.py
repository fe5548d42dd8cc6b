"""Consensus steps of a cluster: what most of its successful tasks did, in order.

1. Retries: consecutive calls of one step (the same text, or a failed call followed by a
   similar one of the same action) are one step, the last.
2. Search loops: a run of at least `LOOP_MIN` steps that repeat one action over numbered
   things (`go to cabinet 1`, `go to drawer 2`, `curl ...?page=3`), possibly interleaved with
   other steps on what was just visited (`open cabinet 1`), is one *search* item; the run's last
   visit (what was found) stays a step of its own. Steps that name what the task is about (a word
   of its intent) never hide inside a run.
3. Alignment: the tasks' item sequences are aligned progressively (`align.align_many`) on a step
   similarity (same action, then how alike their words are).
4. Majority: columns filled by more than half of the tasks are the procedure, in order; the rest
   is exploration (dropped). Consecutive columns that come out as the same step are one.

Two calls of one tool whose whole input is one short value each (`search_member: 高橋 陽翔`, `search_member:
Mia Lawson`: a name or an id, no key, no operator) are the same step on different values, however unlike the
values are: a framework that logs a one-argument call as its value alone leaves nothing else to compare.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from memdir.consolidation.weekly.align import align_many, atoms
from memdir.consolidation.weekly.same_values import same_call
from memdir.consolidation.weekly.steps import Step
from memdir.consolidation.weekly.tasks import Task

LOOP_MIN = 3
STEP_THRESHOLD = 0.55
RETRY_SIMILARITY = 0.6
MAX_ALIGN_TASKS = 12
LONE_VALUE_SIMILARITY = 0.75  # one tool, each input one short value: the same call on other values
_LONE_VALUE = re.compile(r"^[^=:/{}()\[\]<>|\"'`;,]+$")
_CONTENT = re.compile(r"[^\W\d_]{3,}")
_STOP = frozenset(
    ["the", "and", "for", "with", "from", "into", "onto", "that", "this", "then", "some", "any", "all", "its"]
)


@dataclass(frozen=True)
class Search:
    """Exploration folded into one item: the steps of a search loop."""

    steps: tuple[Step, ...]

    @property
    def actions(self) -> set[str]:
        """The actions the loop used."""
        return {s.action for s in self.steps}


Item = Step | Search


@dataclass(frozen=True)
class Act:
    """A step as aligned: the step, and whether what it visits is used by the step after it."""

    step: Step
    feeds: bool = False


Aligned = Act | Search


@dataclass
class Column:
    """One consensus step: each supporting task's step (or search) there."""

    steps: dict[str, Step] = field(default_factory=dict)
    searches: dict[str, Search] = field(default_factory=dict)
    feeding: set[str] = field(default_factory=set)  # tasks whose step here visits what the next step uses

    @property
    def support(self) -> int:
        """How many tasks fill this column."""
        return len(self.steps) + len(self.searches)

    @property
    def is_search(self) -> bool:
        """True when most of its tasks searched here."""
        return len(self.searches) > len(self.steps)


@dataclass
class Consensus:
    """The kept columns, how many tasks were aligned, and what each task did beyond them."""

    columns: list[Column]
    tasks: list[str]
    dropped: dict[str, list[str]] = field(default_factory=dict)  # task -> exploration steps left out
    retries: int = 0
    searches: int = 0


@lru_cache(maxsize=65536)
def _words(text: str) -> tuple[str, ...]:
    # `cabinet_1` / `cabinet-1` read as `cabinet 1`: an id's glue separates nothing a visit differs in
    a = [x.lower() for x in atoms(text) if not x.isspace()]
    return tuple(
        x
        for i, x in enumerate(a)
        if not (x in "_-" and 0 < i < len(a) - 1 and a[i - 1].isalpha() and a[i + 1].isdigit())
    )


def aligned_similarity(a: Aligned, b: Aligned) -> float:
    """`step_similarity`, nudged by data flow: a visit whose find the next step uses aligns with its like."""
    if isinstance(a, Act) and isinstance(b, Act):
        sim = step_similarity(a.step, b.step)
        if sim > 0:
            sim += 0.1 if a.feeds and b.feeds else -0.15 if a.feeds != b.feeds else 0.0
        return min(1.0, sim)
    return step_similarity(a.step if isinstance(a, Act) else a, b.step if isinstance(b, Act) else b)


def _with_flow(items: list[Item]) -> list[Aligned]:
    out: list[Aligned] = []
    for i, x in enumerate(items):
        if isinstance(x, Search):
            out.append(x)
            continue
        nxt = items[i + 1] if i + 1 < len(items) else None
        found = _entity(x)
        feeds = bool(found) and isinstance(nxt, Step) and _contains(_words(nxt.text()), found)
        out.append(Act(x, feeds))
    return out


def step_similarity(a: Item, b: Item) -> float:
    """How alike two items are: 0 across actions; same action 0.5 + 0.5 * word alignment ratio."""
    if isinstance(a, Search) or isinstance(b, Search):
        if isinstance(a, Search) and isinstance(b, Search):
            union = a.actions | b.actions
            return 0.6 + 0.4 * len(a.actions & b.actions) / len(union)
        return 0.0
    return _tool_similarity(a, b)


@lru_cache(maxsize=65536)
def _tool_similarity(a: Step, b: Step) -> float:
    if a.kind == b.kind == "tool" and a.tool != b.tool:
        return same_call(a, b)
    if a.kind != b.kind or a.action != b.action:
        return 0.0
    wa, wb = _words(a.text()), _words(b.text())
    if wa == wb:
        return 1.0
    sim = 0.5 + 0.5 * difflib.SequenceMatcher(a=wa, b=wb, autojunk=False).ratio()
    if a.kind == "tool" and a.tool == b.tool and _lone_value(a) and _lone_value(b):
        return max(sim, LONE_VALUE_SIMILARITY)
    return sim


def _lone_value(step: Step) -> bool:
    """The call's whole input is one short value (up to 3 words, no key or operator), not a command line."""
    text = step.input.strip()
    return (
        bool(text)
        and not text.lower().startswith(step.tool.lower())
        and len(text.split()) <= 3
        and _LONE_VALUE.match(text) is not None
    )


def _collapse_retries(steps: list[Step]) -> tuple[list[Step], int]:
    out: list[Step] = []
    merged = 0
    for s in steps:
        if out and out[-1].action == s.action and out[-1].kind == s.kind:
            prev = out[-1]
            same = _words(prev.text()) == _words(s.text())
            if same or (prev.failed and step_similarity(prev, s) >= 0.5 + 0.5 * RETRY_SIMILARITY):
                out[-1] = s
                merged += 1
                continue
        out.append(s)
    return out, merged


def _numbered(words: tuple[str, ...], i1: int, i2: int) -> bool:
    """The words i1..i2 name a numbered thing: one of them, or the word right after, has a digit."""
    return any(c.isdigit() for w in words[i1 : min(len(words), i2 + 1)] for c in w)


def _mates(a: Step, b: Step) -> bool:
    """Two visits of one loop: same action, one differing run of <= 3 words naming numbered things."""
    if a.action != b.action or a.kind != "tool":
        return False
    wa, wb = _words(a.text()), _words(b.text())
    ops = [op for op in difflib.SequenceMatcher(a=wa, b=wb, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(ops) != 1 or ops[0][0] != "replace":
        return False
    _, i1, i2, j1, j2 = ops[0]
    da, db = wa[i1:i2], wb[j1:j2]
    shared = len(wa) - len(da)
    return shared >= 1 and len(da) <= 3 and len(db) <= 3 and _numbered(wa, i1, i2) and _numbered(wb, j1, j2)


def _things(step: Step) -> int:
    """How many numbered things a step names (words holding a digit)."""
    return sum(1 for w in _words(step.text()) if any(c.isdigit() for c in w))


def _entity(step: Step) -> tuple[str, ...]:
    """The numbered thing a step visits: its last word with a digit and the word before it."""
    words = _words(step.text())
    for i in range(len(words) - 1, -1, -1):
        if any(c.isdigit() for c in words[i]):
            return words[max(0, i - 1) : i + 1]
    return ()


def _contains(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    return any(words[i : i + len(part)] == part for i in range(len(words) - len(part) + 1))


def _linked(step: Step, intent_words: set[str]) -> bool:
    return any(w.lower() in intent_words for w in _CONTENT.findall(step.text()))


def _explored(item: Step, later: list[Step], intent_words: set[str]) -> bool:
    """A step right before a search that looked at one numbered place the task never names again
    (`open fridge 1`, then `go to countertop 1..3`, `take egg 2 from countertop 3`): the search's first
    look, not a step of the procedure."""
    if item.kind != "tool" or _things(item) != 1 or _linked(item, intent_words):
        return False
    place = _entity(item)
    return bool(place) and not any(_contains(_words(s.text()), place) for s in later)


def fold_searches(steps: list[Step], intent: str) -> list[Item]:
    """Steps with search loops folded into `Search` items (the last visit of each loop kept)."""
    n = len(steps)
    if n < LOOP_MIN:
        return list(steps)
    intent_words = {w.lower() for w in _CONTENT.findall(intent)} - _STOP
    mate = [
        [j for j in range(max(0, i - 2), min(n, i + 3)) if j != i and _mates(steps[i], steps[j])]
        for i in range(n)
    ]
    # a step may be bridged when it loops itself (`open drawer 1` .. `open drawer 2`) or is not about the
    # task and names at most one numbered thing (what was just visited); one that names two acts on
    # what was found (`pick object=mug_2 source=countertop_2`, whatever language the intent is in)
    bridgeable = [
        bool(mate[i]) or not _linked(steps[i], intent_words) and _things(steps[i]) <= 1 for i in range(n)
    ]
    # boundary b (between steps b and b+1) is inside a run when a mate pair spans it
    inside = [False] * max(0, n - 1)
    for i in range(n):
        for j in mate[i]:
            if j <= i:
                continue
            if j == i + 2 and not bridgeable[i + 1]:
                continue  # never bridge over a step about the task's own objects ("clean apple 3 with ...")
            for b in range(i, j):
                inside[b] = True
    out: list[Item] = []
    i = 0
    while i < n:
        j = i
        while j < n - 1 and inside[j]:
            j += 1
        run = steps[i : j + 1]
        if len(run) >= LOOP_MIN:
            last = run[-1]
            tail = [last]
            found = _entity(last)
            for s in reversed(run[:-1]):
                if found and s.action != last.action and _contains(_words(s.text()), found):
                    tail.insert(0, s)
                else:
                    break
            head = run[: len(run) - len(tail)]
            first = out[-1] if head and out else None
            if isinstance(first, Step) and _explored(first, steps[j + 1 :], intent_words):
                head = [first, *head]  # `open fridge 1` (nothing there), then the countertops
                out.pop()
            if len(head) >= 1:
                out.append(Search(tuple(head)))
            out.extend(tail)
        else:
            out.extend(run)
        i = j + 1
    return out


def _compact(columns: list[list[int | None]], seqs: list[list[Aligned]], n: int) -> list[list[int | None]]:
    """Join minority columns a few apart that hold alike items of different tasks into a majority one.

    Progressive alignment keeps order: a search one task did before a minor step and another task
    after it lands in two minority columns; together they are what most tasks did.
    """
    cols = [list(c) for c in columns]
    i = 0
    while i < len(cols):
        rows_i = {r for r, x in enumerate(cols[i]) if x is not None}
        if 2 * len(rows_i) > n:
            i += 1
            continue
        for j in range(i + 1, min(len(cols), i + 4)):
            rows_j = {r for r, x in enumerate(cols[j]) if x is not None}
            if rows_i & rows_j or 2 * len(rows_j) > n or 2 * (len(rows_i) + len(rows_j)) <= n:
                continue
            pairs = [(a, b) for a in rows_i for b in rows_j]
            items = [(seqs[a][cols[i][a]], seqs[b][cols[j][b]]) for a, b in pairs]  # type: ignore[index]
            if sum(aligned_similarity(x, y) for x, y in items) / len(items) > STEP_THRESHOLD:
                for r in rows_j:
                    cols[i][r] = cols[j][r]
                del cols[j]
                break
        else:
            i += 1
    return cols


def build_consensus(tasks: list[Task]) -> Consensus:
    """Consensus columns of the tasks' steps (at most MAX_ALIGN_TASKS tasks, in the order given)."""
    used = tasks[:MAX_ALIGN_TASKS]
    seqs: list[list[Aligned]] = []
    retries = searches = 0
    for t in used:
        steps, merged = _collapse_retries([s for s in t.steps if s.input or s.kind == "tool"])
        retries += merged
        items = fold_searches(steps, t.intent)
        searches += sum(1 for x in items if isinstance(x, Search))
        seqs.append(_with_flow(items))
    ids = [t.task_id for t in used]
    result = Consensus(columns=[], tasks=ids, retries=retries, searches=searches)
    if not any(seqs):
        return result
    n = len(used)
    aligned = _compact(align_many(seqs, aligned_similarity, STEP_THRESHOLD), seqs, n)
    for col in aligned:
        column = Column()
        for r, idx in enumerate(col):
            if idx is None:
                continue
            item = seqs[r][idx]
            if isinstance(item, Search):
                column.searches[ids[r]] = item
            else:
                column.steps[ids[r]] = item.step
                if item.feeds:
                    column.feeding.add(ids[r])
        if column.support * 2 > n:
            result.columns.append(column)
        else:
            for tid, step in column.steps.items():
                result.dropped.setdefault(tid, []).append(step.render())
            for tid, search in column.searches.items():
                result.dropped.setdefault(tid, []).extend(s.render() for s in search.steps)
    return result


def one_tool(column: Column, order: list[str]) -> Column:
    """A column whose tasks ran it through different tools (the same values, `same_values.same_call`),
    as the tool most of them used (of equals, the most typical task's) ran it: one command to follow."""
    tools = Counter(s.tool for s in column.steps.values())
    if len(tools) < 2:
        return column
    first = {s.tool: n for n, t in reversed(list(enumerate(order))) if (s := column.steps.get(t))}
    tool = max(tools, key=lambda x: (tools[x], -first.get(x, len(order))))
    keep = {t: s for t, s in column.steps.items() if s.tool == tool}
    return Column(steps=keep, searches=column.searches, feeding=column.feeding & set(keep))


def common_prefix(column: Column) -> str:
    """The tool to name before a column's step text ('' when the inputs name it themselves)."""
    counts = Counter(s.prefix() for s in column.steps.values())
    return counts.most_common(1)[0][0] if counts else ""
