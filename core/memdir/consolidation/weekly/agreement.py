"""Step agreement: a task belongs to a kind only when it did the kind's own steps.

Intents that read alike, or skeletons masked alike (`{w} the {w}`), let a one-off join a kind whose requests look
the same; commands every task runs (a sign-in, a triage) let tasks of two kinds look the same. What tells a kind is
the steps its tasks share that the rest of the week does not.
- A step's *key* is its action and words, a word holding a digit as `#` and a word fewer than `min_support` (the
  design's 3) tasks of the week wrote as `*` (an instance value: a user, a hotel); so `dirctl account unlock pnair`
  and `… lchen` are one key, `keihi approve EX-2291 --stage 経理` and `keihi return EX-2342 …` two. An id (words a
  `-`, `_` or `.` joins, no quotes) whose words are all masked is one value: `sku *` for `TEE-BLK-M`, `MUG-0412` and
  `LMP-OAK-220` alike (a task whose id has no digit is not set apart from its kind).
- A key *tells* when at most half of the week's n tasks took it, and then weighs `ln((n + 1) / (df + 1))`: a sign-in
  or a triage that most tasks run tells nothing about the kind, nor does a search over places most tasks visit; a
  step only a kind's tasks took weighs most.
- Two members of a cluster *agree* by the weighted Jaccard of their telling keys that at least two members hold (a
  key one member holds alone is its own exploration or value).
- A cluster whose members agree by less than `MIN_AGREEMENT` is cut (complete linkage) into parts that do; only when
  some part holds min_successes tasks that agree (a kind's steps repeated 3 times): ALFWorld's kinds, whose few
  tasks also share places they happened to search, are judged by their intents and tools as before. Each part is
  then kept apart from the others (a one-off that joined a kind; two kinds behind one shared prefix).

`WeeklyDistiller` then clusters again with those constraints: a kind's tasks come together, two kinds stay two.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

import numpy as np

from memdir.consolidation.weekly.features import work_tokens
from memdir.consolidation.weekly.free_text import READ_CHARS, FreeText, cut_key
from memdir.consolidation.weekly.same_values import SAME_VALUES, WeekValues, other_tools
from memdir.consolidation.weekly.script_words import KEY_NAME, MARKS
from memdir.consolidation.weekly.step_cover import (
    alike,
    covered,
    general,
    id_words,
    most_general,
    settled,
    single_values,
    whole_values,
)

MIN_AGREEMENT = 0.5
# a value after one of these is the requester's language (`locale=ja`, `--lang en`): the same steps in both
LANGUAGE_KEYS = frozenset(["locale", "lang", "language", "hl"])
MAX_CUT = 400  # tasks of one cluster cut by their steps at most (O(n^2) agreement)
_WORD = re.compile(rf"[^\W_](?:[^\W_]|[{MARKS}])*", re.U)  # a word with its marks (`सुनौलो`, round 55)

Work = Sequence[tuple[str, str]]
_QUOTES = "'\"`"
_IDENT = re.compile(r"[^\W_]+(?:[-_.][^\W_]+)+")  # an id (`TEE-BLK-M`, `MUG-0412`), not a quoted label
# an e-mail address is one value: its domain is words only when the whole address recurs
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.U)
_MASKED = re.compile(rf"{_WORD.pattern}|~", re.U)  # words, and `~` for an address written once or twice
# a switch's value is the task's choice (`climate_controlled=True` for a heated unit), never the step
_SWITCH = frozenset(["true", "false"])
_ARGUMENTS = re.compile(rf"{KEY_NAME}=", re.U)  # a call written as `key=value …` (any script's names)


def _words(action: str, text: str) -> list[str]:
    text = text.lower()[:READ_CHARS]
    return [action.lower(), *_WORD.findall(text), *_EMAIL.findall(text)]


def _addresses(text: str, support: Counter[str], min_support: int) -> str:
    """Each e-mail address fewer than min_support tasks wrote, as one masked word: a requester's address is the
    requester's, whatever domain it shares (the parents who write from `…@rokko-net.example` are no kind apart)."""
    return _EMAIL.sub(lambda m: m.group(0) if support[m.group(0)] >= min_support else "~", text)


class StepAgreement:
    """Step keys of the week's tasks and their weights; how a cluster's members agree on them.

    A masked word (`*`) in a key stands for any words: `place object * # receptacle * #` is also
    held by a task that placed something on a shelf (`… receptacle shelf #`).
    """

    def __init__(self, week: Sequence[Work], min_support: int = 3) -> None:
        self.min_support = min_support
        support: Counter[str] = Counter()
        for work in week:
            support.update({w for action, text in work for w in _words(action, text)})
        self._support = support
        self.free = FreeText(week, min_support)  # a note's words, one value (round 64)
        self.whole = whole_values(text for work in week for _, text in work)  # `agency=PADI`: PADI a value
        self.single = single_values(text for work in week for _, text in work)  # `size=M`: a choice
        self._tasks: dict[str, set[int]] = {}
        self._of: list[frozenset[str]] = []  # each task's keys
        self.arguments: set[str] = set()  # keys of calls written as arguments (`agency=PADI card_no=…`)
        for n, work in enumerate(week):
            self._of.append(self.keys(work))
            for key in self._of[-1]:
                self._tasks.setdefault(key, set()).add(n)
        self._by_action: dict[str, list[str]] = {}
        for key in self._tasks:
            self._by_action.setdefault(key.split(" ", 1)[0], []).append(key)
        self._takers: dict[str, set[int]] = {}
        self._patterns: dict[str, re.Pattern[str] | None] = {}
        self.n = len(week)
        self.values = WeekValues(week, min_support)

    def keys(self, work: Work) -> frozenset[str]:
        """The distinct step keys of one task (values masked); none when its steps say nothing.

        Steps that say no more than their command and numbers (a web agent's `goto <site>`, `click
        [812]`: `features.work_tokens` is empty) tell no kind: such tasks are judged by their intents.
        """
        if not work_tokens(work):
            return frozenset()
        out = set()
        for action, text in work:
            words: list[str] = [action.lower()]
            quoted = ""  # inside a quoted label (`'Ugreen 5-in-1 USB-C Hub'`): words, not ids
            read = self.free.read(text) if _ARGUMENTS.match(text) else text.lower()[:READ_CHARS]
            for token in _addresses(read, self._support, self.min_support).split():
                masked = [
                    self._mask(w) for w in id_words(_MASKED.findall(token), self._support, self.min_support)
                ]
                opens = not quoted and token[:1] in _QUOTES
                quoted = token[0] if opens else quoted
                if quoted and token[-1:] == quoted and (len(token) > 1 or not opens):
                    quoted, inside = "", True
                else:
                    inside = bool(quoted)
                if (
                    len(masked) > 1
                    and all(w in "#*" for w in masked)
                    and not inside
                    and _IDENT.fullmatch(token)
                ):
                    masked = ["*" if "*" in masked else "#"]
                for w in masked:
                    if words[-1] in LANGUAGE_KEYS:
                        w = "*"  # `locale=ja`: the language the requester wrote in, not the work
                    if not (w in "#*" and words and words[-1] == w):
                        words.append(w)
            out.add(key := " ".join(cut_key(once(words))))
            if _ARGUMENTS.match(text):
                self.arguments.add(key)
        return frozenset(out)

    def _mask(self, word: str) -> str:
        """`#` for a word with a digit, `*` for one fewer than min_support tasks wrote or a switch's value
        (`true`, `false`: one task asks for a heated unit, the next does not), else the word."""
        if any(c.isdigit() for c in word):
            return "#"
        return (
            word if word != "~" and word not in _SWITCH and self._support[word] >= self.min_support else "*"
        )

    def matches(self, pattern: str, key: str) -> bool:
        """Whether a key is an instance of the pattern (`*` stands for one word or more)."""
        if pattern not in self._patterns:
            parts = pattern.split(" ")
            self._patterns[pattern] = (
                re.compile(" ".join(r"\S+(?: \S+)*?" if p == "*" else re.escape(p) for p in parts))
                if "*" in parts
                else None
            )
        rx = self._patterns[pattern]
        return key == pattern if rx is None else rx.fullmatch(key) is not None

    def holds(self, keys: frozenset[str], pattern: str) -> bool:
        """Whether a task with these keys took the step the pattern says."""
        return pattern in keys or any(self.matches(pattern, k) for k in keys)

    def takers(self, key: str) -> set[int]:
        """The week's tasks (indexes) that took the step a key (or pattern) says."""
        if key not in self._takers:
            tasks: set[int] = set()
            for k in self._by_action.get(key.split(" ", 1)[0], []):
                if self.matches(key, k):
                    tasks |= self._tasks[k]
            self._takers[key] = tasks
        return self._takers[key]

    def weight(self, key: str) -> float:
        """How much a step tells about a kind: nothing when more than half of the week's tasks took it."""
        df = len(self.takers(key))
        return math.log((self.n + 1) / (df + 1)) if df > 0 and 2 * df <= self.n else 0.0

    def distinctive(self, members: Sequence[int], others_ok: set[int]) -> int:
        """How many steps most of the members (week indexes) took and no other successful task took.

        A kind's own steps (`Billing → Invoices → Export`) are distinctive although its requests are
        paraphrased in two languages; a sign-in or a `git pull` that other tasks of the week run too
        is not, nor is a step that says no more than its command and numbers. They must be more than half of
        the telling steps two members or more took, and of most members' own telling steps: one-off edits (a
        `sed` and a commit message each) between a `git pull` and a `git push` only they ran are no kind (0).
        `others_ok`: the successful tasks outside the members (a failed try of the kind may take its steps).
        """
        # a step on other values is held as its most general key (`step_cover.general`, round 41)
        of = dict(
            zip(
                members,
                general([self._of[n] for n in members], self.arguments, self.whole, self.single),
                strict=True,
            )
        )
        held = Counter(k for n in members for k in of[n])

        def tells(key: str) -> bool:  # most of the week took it: tells if no other success did (trial 30 #9)
            return self.weight(key) > 0 or not self.takers(key) & others_ok

        telling = [key for key in held if held[key] >= 2 and tells(key)]  # one's own: exploration
        own = {
            key
            for key in telling
            if 2 * held[key] > len(members)
            and not all(w in "#*" for w in key.split(" ")[1:])
            and not self.takers(key) & others_ok
        }
        # most members did mostly the kind's own steps: one-off edits between a pull and a push did not
        mostly = sum(1 for n in members if 2 * len(own & of[n]) > sum(1 for k in self._of[n] if tells(k)))
        return len(own) if 2 * len(own) > len(telling) and 2 * mostly > len(members) else 0

    def agreement(self, members: Sequence[Work]) -> np.ndarray:
        """(m, m) weighted Jaccard of the telling steps that two members or more took (1 when none)."""
        # one call on other values is one key (`step_cover.settled`: a value's words, a note, a choice)
        keys = settled([self.keys(w) for w in members], self.arguments, self.single, choices_only=True)
        telling = [k for k in dict.fromkeys(k for ks in keys for k in sorted(ks)) if self.weight(k) > 0]
        # one step on other values (`agency padi` / `agency *`, `rental pickup` / `rental * pickup`): its
        # most general key (`step_cover`)
        held = most_general(
            [
                {p for p in telling if self.holds(ks, p) or covered(ks, p, self.arguments, self.whole, True)}
                for ks in keys
            ],
            self.arguments,
            self.whole,
        )
        count = Counter(p for h in held for p in h)
        shared = [{p for p in h if count[p] >= 2} for h in held]
        m = len(members)
        out = np.ones((m, m), dtype=np.float64)
        for i in range(m):
            for j in range(i + 1, m):
                union = sum(self.weight(k) for k in shared[i] | shared[j])
                both = sum(self.weight(k) for k in shared[i] & shared[j])
                out[i, j] = out[j, i] = both / union if union > 0 else 1.0
        # the same values through different tools (`same_values.py`) are the same steps; tasks of one
        # set of tools are judged by their steps alone (a one-off re-run of a kind's call stays apart)
        vals = self.values.matrix(members) * other_tools(members)
        return np.where(vals >= SAME_VALUES, np.maximum(out, vals), out)

    def one_off(self, members: Sequence[Work]) -> list[list[int]]:
        """The rest of a kind and one task apart, when that task's decisive step differs from every
        member's: it took a step of an action none of the others took and no other task of the week took,
        and did not take a telling step every other member took (its kind's own). Else one part."""
        keys = [self.keys(w) for w in members]
        whole = [list(range(len(members)))]
        if len(members) < 3:
            return whole
        agree = self.agreement(members)
        odd = int(np.argmin(agree.sum(axis=1)))  # the least alike on the whole
        rest = [i for i in range(len(members)) if i != odd]
        actions = {k.split(" ", 1)[0] for i in rest for k in keys[i]}
        own = any(
            len(self.takers(k)) == 1 and k.split(" ", 1)[0] not in actions
            for k in keys[odd]
            if self.weight(k) > 0
        )
        shared = set.intersection(*({k for k in keys[i] if self.weight(k) > 0} for i in rest))
        # the same step on other values (`channel sms` / `channel *`) is taken (`step_cover`)
        if own and any(
            not self.holds(keys[odd], k) and not alike(keys[odd], k, self.arguments, self.whole)
            for k in shared
        ):
            return [rest, [odd]]
        return whole

    def parts(self, members: Sequence[Work]) -> list[list[int]]:
        """The members cut into parts that agree on their steps; one part when they do (or say nothing)."""
        m = len(members)
        agree = self.agreement(members)
        if m < 2 or agree.min() >= MIN_AGREEMENT:
            return [list(range(m))]
        from sklearn.cluster import AgglomerativeClustering

        model = AgglomerativeClustering(
            n_clusters=None,
            metric="precomputed",
            linkage="complete",
            distance_threshold=1.0 - MIN_AGREEMENT + 1e-6,
        )
        labels = model.fit_predict(1.0 - agree)
        out = [[i for i in range(m) if labels[i] == lab] for lab in dict.fromkeys(labels)]
        return out


def once(words: list[str]) -> list[str]:
    """A run of words repeated right after itself written once: a list of records whose length varies
    (`lines=[{seat, price_type}, …]`, one item per seat) is the same call whatever its length. A run of two
    words or more: masked values alone (`* # * #`) may be different arguments."""
    out: list[str] = []
    for w in words:
        out.append(w)
        for n in range(2, len(out) // 2 + 1):
            if out[-n:] == out[-2 * n : -n] and sum(w not in "#*" for w in out[-n:]) >= 2:
                del out[-n:]
                break
    return out


def apart_tags(
    agreement: StepAgreement,
    clusters: Sequence[Sequence[tuple[int, Work]]],
    tags: np.ndarray,
    low: int,
    high: int,
) -> bool:
    """Tag the rows (unique tasks) of clusters of low..high tasks whose members disagree on their steps.

    Each cluster is a list of (row, the task's work), one item per task. Cut only when a part holds
    `low` tasks (a kind of its own), or when one task is a one-off beside the rest (`one_off`); every part gets a tag of its own (a part of fewer tasks may be
    the rest of a kind whose other tasks the clustering put elsewhere: it can still join them).
    Clusters below the range cannot qualify (too few tasks); one above it (far from the margin where one
    task tips the count) is cut only when its steps make two parts of `low` tasks or more: three kinds
    done with the same generic tools (`sheet`, `mail`) whose requests read alike. Returns whether any
    tag changed.
    """
    changed = False
    for members in clusters:
        if len(members) < low or len(members) > MAX_CUT:
            continue
        if len(members) > high:  # far from the margin: cut only where the steps tell two kinds or more
            parts = agreement.parts([w for _, w in members])
            if sum(1 for p in parts if len(p) >= low) < 2:
                continue
        else:
            parts = agreement.parts([w for _, w in members])
        need = low
        if max(len(p) for p in parts) < low or len(parts) == 1:
            parts = agreement.one_off([w for _, w in members])  # a one-off beside the rest of a kind
            need = 2
        if len(parts) < 2 or max(len(p) for p in parts) < need:
            continue  # no part that could be a kind of its own: the steps do not tell (exploration varies)
        for part in parts:  # each part apart from the others; a part of 1 or 2 may be a kind's rest
            tag = int(tags.max(initial=0)) + 1
            for r in {members[i][0] for i in part}:
                tags[r] = tag
        changed = True
    return changed
