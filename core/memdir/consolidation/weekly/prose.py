"""Whether a person's procedure written in prose tells what a draft's calls do (the duplicate check's fourth way).

A person writes "まず証券番号で契約を照会し…あすかの異動登録で種別を「住所変更」にして…異動承認書をお客さまに郵送します"
or "Look the member up, then renew the card for twelve months and post the renewal letter": no list, no
code, the system's calls named in words. The other ways miss it: the intent says little (a title like
`引越` against `住所変更の手続き`), the step lines are whole paragraphs, and such a note names too few
terms for `named.py`.

Here the note's steps are its **sentences** (list items split the same way), and a draft step is read
for its **terms**: the words of its call's name and of its constant values (`asuka.異動登録` →
`異動登録`; `card.renew months=12` → `card`, `renew`, `12`), not the tool (it says how the work was
logged), not a parameter's key (every kind of one tool writes `証券番号=`; `file_path=` before a path
too), not a placeholder. A term is in a sentence when the sentence writes it: a Japanese term by more than
half of its character pairs (`契約照会` in `契約を照会し`: `契約`, `照会`), since Japanese has no spaces and
prose bends a call's name with particles; another word by its first letters (`renew` in `renewal`,
`ticket` in `tickets`).

A term at least 3 and more than half of the draft's steps write (`ssh anon-box` before every call:
`common_terms`) names where the work runs, not a step, and is left out of each step's terms.

The note tells the draft when (1) its sentences hold at least 2 and at least half of the draft's telling
steps (a step is held when one sentence writes more than half of its terms), and (2) it writes what
sets this kind apart from the run's other kinds: at least one, and at least half, of the draft's terms
that no other draft of the run has (`住所変更` for the move; a vehicle swap that shares the registration
and the mailing, `車両入替`, is not written, so it stays its own procedure).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from memdir.consolidation.weekly.function_words import FUNCTION_WORDS
from memdir.consolidation.weekly.tool_named import held_by_tool

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
_TERM = re.compile(rf"[{_CJK}]+|(?:(?![{_CJK}])[^\W\d_])+|\d+")
_CODE = re.compile(r"`+([^`]+)`+")
_HOLE = re.compile(r"\{[^{}]*\}|<[^<>\s]{1,40}>")
# a parameter's key: `key=` (`file_path=/home/…` too), `key:` (not `s3://`), `--key`, `"key":`
_KEY = re.compile(r"""(?:--?[\w-]+|["']?[^\W\d][\w.-]*["']?\s*(?:=(?!=)|:(?![=/])))""")
_TOOL_PREFIX = re.compile(r"^\s*([\w.:-]{1,40}): (?=`)")
_SENTENCE = re.compile(r"(?<=[。！？!?])|(?<=[.;])\s+(?=\S)")
_LIST = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s+(?:\[[ xX]\]\s+)?")


def note_sentences(body: str) -> list[str]:
    """A note's sentences, in order: every line but headings, list markers cut, split at sentence ends."""
    out: list[str] = []
    for line in body.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        out += [s.strip() for s in _SENTENCE.split(_LIST.sub("", line)) if s and s.strip()]
    return out


def step_terms(step: str, tools: Iterable[str] = ()) -> list[str]:
    """What a draft step's call says it does: the words of its name and constant values (not tools, keys, holes)."""
    m = _TOOL_PREFIX.match(step)
    skip = {t.lower() for t in tools} | ({m.group(1).lower()} if m else set())
    code = _CODE.findall(step)
    text = " ".join(code) if code else _TOOL_PREFIX.sub("", step)
    words = [w.lower() for w in _TERM.findall(_KEY.sub(" ", _HOLE.sub(" ", text)))]
    keep = [w for w in words if w not in skip and w not in FUNCTION_WORDS and len(w) > 1]
    return list(dict.fromkeys(keep))


def _is_cjk(word: str) -> bool:
    return re.fullmatch(rf"[{_CJK}]+", word) is not None


def written(term: str, sentence: str) -> bool:
    """Whether a sentence writes a term: a Japanese one by more than half of its character pairs, a word
    by its first letters (`renew` in `renewal`), a number as a whole."""
    text = sentence.lower()
    if _is_cjk(term):
        pairs = [term[i : i + 2] for i in range(len(term) - 1)]
        return 2 * sum(1 for p in pairs if p in text) > len(pairs)
    if term.isdigit():
        return re.search(rf"(?<!\d){term}(?!\d)", text) is not None
    head = term[: max(4, len(term) - 2)]
    return re.search(rf"(?<![^\W\d_]){re.escape(head)}", text) is not None


def draft_terms(steps: Iterable[str], tools: Iterable[str] = ()) -> set[str]:
    """Every term of a draft's steps (the run counts, per term, how many drafts have it)."""
    names = list(tools)
    return {t for s in steps for t in step_terms(s, names)}


def step_weights(steps: Sequence[str], tools: Iterable[str] = ()) -> list[float]:
    """How much each step says about this kind: its terms, each by how few of the steps write it.

    A value every call passes (the unit `VC-200`, the account) names the thing worked on, not the
    step: a sentence naming it is weak evidence that the note tells each of those steps. A step
    without terms weighs nothing, unless no step has any (then all weigh alike).
    """
    names = list(tools)
    terms = [step_terms(s, names) if s else [] for s in steps]
    df = Counter(t for ts in terms for t in ts)
    out = [sum(1.0 / df[t] for t in ts) for ts in terms]
    return out if any(out) else [1.0] * len(steps)


@dataclass
class ProseMatch:
    """How much of a draft a note's sentences tell: telling steps held, and the kind's own terms written."""

    steps: int = 0  # the draft's telling steps (with terms)
    held: list[int] = field(default_factory=list)  # those one sentence writes more than half of
    own: int = 0  # the draft's terms no other draft of the run has
    own_written: int = 0

    def same_work(self) -> bool:
        """>= 2 and at least half of the telling steps held, and >= 1 and at least half of the kind's own terms."""
        return (
            len(self.held) >= 2
            and 2 * len(self.held) >= self.steps
            and self.own_written >= 1
            and 2 * self.own_written >= self.own
        )


def common_terms(terms: Sequence[Sequence[str]]) -> set[str]:
    """Terms at least 3 and more than half of the draft's steps write (`ssh anon-box` before every call):
    they name where the work runs, not a step, and are no step's terms (unless a step has no other)."""
    df = Counter(t for ts in terms for t in set(ts))
    n = sum(1 for ts in terms if ts)
    return {t for t, k in df.items() if k >= 3 and 2 * k > n}


def prose_match(
    sentences: Sequence[str], steps: Sequence[str], own: set[str], tools: Iterable[str] = ()
) -> ProseMatch:
    """Which of the draft's steps (blank = not telling) a note's sentences hold, and how many of `own` it writes."""
    names = list(tools)
    out = ProseMatch()
    if not sentences:
        return out
    # a person may say one step in two sentences ("…で登録します。効力は即日にしてください。")
    windows = [" ".join(sentences[i : i + 2]) for i in range(len(sentences))]
    terms = [step_terms(step, names) if step else [] for step in steps]
    common = common_terms(terms)
    for i, all_terms in enumerate(terms):
        if not all_terms:
            continue
        out.steps += 1
        kept = [t for t in all_terms if t not in common] or all_terms
        if any(2 * sum(1 for t in kept if written(t, w)) > len(kept) for w in windows):
            out.held.append(i)
    by_tool = held_by_tool(steps, terms, windows, written)  # a step told by its tool's name (`tool_named`)
    out.steps, out.held = out.steps + len(by_tool), sorted(out.held + by_tool)
    whole = "\n".join(sentences)
    out.own = len(own)
    out.own_written = sum(1 for t in own if written(t, whole))
    return out


def together(held: int, p: ProseMatch, reverse: float) -> bool:
    """The ways together tell the kind: the steps any way holds are >= 2 and at least half of its telling
    steps, more than half of the note's own steps are among the draft's, and the note writes the kind's own
    terms (`ProseMatch.same_work`'s second condition). An agent that checks more than the person wrote down
    (a `sleep 60 && uptime`, a log tail) adds steps no way holds; the note's steps are all there."""
    return (
        held >= 2
        and 2 * held >= p.steps
        and reverse > 0.5
        and p.own_written >= 1
        and 2 * p.own_written >= p.own
    )
