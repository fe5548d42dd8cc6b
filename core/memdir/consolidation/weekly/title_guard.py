"""A title names the work: never only placeholders or ids, never a proper name, never a pronoun's action.

Whatever a title reader found, some titles say nothing about the kind: `sr-{sr}` (a task id's prefix and a
hole), `Sea Tern` (a vessel's name, a value the tasks pass), `Bring it and close` (one request's words whose
thing is a pronoun). Such a title is unfit and the next candidate is taken, in order: the verb the requests
write before the phrase they share (`phrase_verb.with_verb`), the decisive call's verb and object
(`action_titles.titled_by_work`), the verb the requests write before a value and that value's thing
(`verb_titles.verb_and_thing`), the steps' commands (`titles.steps_title`), then those commands with the
tool that ran each (`with_tools`: `harbour.moorings.assign` run with `berth=…` is the command
`harbour.moorings.assign berth=…`); the first fit one wins, else the title stays (nothing is invented).

Unfit: (1) no word of three letters, nor two Japanese characters, outside placeholders and ids (a token
mixing letters and digits, `CLK-2301`, `T-07`, or ending in a hyphen, `sr-`; a trace id or UUID,
`098a10eea8e00a242cd5eca0c8bba50e`: trial 17); (2) two or more capitalised
words and nothing else (a name: `Sea Tern`, `Ines Caldwell`; terms in capitals, `TLS`, are no name), or
a placeholder and capitalised words after it (the rest of a lender's name the requests write around the
value the calls pass, `{target} Museum`: trial 27 #12, round 61);
(3) a pronoun (`it`, `them`) right after the title's first word, its object (`Bring it and close`).

For (3) the first candidate is the request's own clause, its pronoun the thing that request names
(`pronoun_clause`): "T-40 is done. Bring it back online and close the job." with the steps' `T-{turbine}`
-> "Bring a turbine back online and close the job".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from memdir.consolidation.weekly.asked_terms import unasked_word
from memdir.consolidation.weekly.japanese_work import opens_with_particle
from memdir.consolidation.weekly.title_support import anchored, natural, unsupported
from memdir.consolidation.weekly.varying_words import holds_value

_HOLE = re.compile(r"\{[^{}]*\}")
_ID = re.compile(
    r"(?<![\w-])(?=[\w-]*\d)[A-Za-z][\w-]*|(?<![\w-])[A-Za-z]+-(?![\w])|(?<![\w-])(?:0x)?(?=[\w-]*\d)[0-9a-fA-F-]{16,}(?![\w-])"
)
# an id a machine made (a trace id `098a10ee…`, a UUID): no word of it is the work's
_OPAQUE = re.compile(r"(?:0x)?(?=[0-9a-f-]*\d)(?=[0-9a-f-]*[a-f])[0-9a-f-]{16,}", re.I)
_WORD = re.compile(r"[^\W\d_]{3,}")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{2,}")
_NAME = re.compile(r"^[A-Z][a-z\u00c0-\u024f'-]+(?: [A-Z][a-z\u00c0-\u024f'-]+)+$")
# a hole and capitalised words only: the rest of a name (`{target} Museum`, `{city} General Hospital`)
_HOLE_NAME = re.compile(r"^(?:\{[^{}]*\} )+[A-Z][a-z\u00c0-\u024f'-]+(?: [A-Z][a-z\u00c0-\u024f'-]+)*$")
_PRONOUN_OBJECT = re.compile(r"^\S+ (?:it|them)\b", re.I)


def readable_id(task_id: str) -> str:
    """A task id as words for a title of last resort: "" for an id a machine made (a trace id, a UUID)."""
    return "" if _OPAQUE.fullmatch(task_id.strip()) else task_id


def unfit_title(title: str) -> bool:
    """Whether a title names no work: only holes and ids, a proper name, or a pronoun as its object."""
    text = title.strip().rstrip(".!?")
    rest = _ID.sub(" ", _HOLE.sub(" ", text))
    if not _WORD.search(rest) and not _CJK.search(rest):
        return True
    return any(
        rx.match(text) for rx in (_NAME, _HOLE_NAME, _PRONOUN_OBJECT, _SPEAKER)
    ) or opens_with_particle(text)


# a sentence someone says, not work: "We'll send and the crown back", "Can you …", "May: POST /messages:"
_SPEAKER = re.compile(
    r"^(?:i|we|you|they|he|she)(?:'(?:ll|re|ve|d|m))?\b|^(?:can|could|would|will|shall|may|might|pls|please)\b",
    re.I,
)


def fit_title(
    title: str,
    candidates: Iterable[Callable[[], str]],
    asked: Sequence[str] = (),
    sources: Sequence[str] = (),
    shared: Callable[[], str] = str,
    varying: Sequence[str] = (),
) -> str:
    """The title when fit, else the first fit candidate (computed in order, only when needed), else the
    title. With the requests (`asked`), one word no request writes is unfit too (`asked_terms.unasked_word`).
    With each task's request and calls (`sources`), a title holding a word fewer than two tasks write
    (`title_support.unsupported`) and no word that most requests and the calls write (`anchored`) gives way to what all tasks did (`shared`, the decisive call's verb and
    object) when that is a natural, supported title; an unfit title takes the fit candidate that reads
    naturally and has the fewest such words (the first on a tie). A title holding one task's value
    (`varying`, `varying_words`: `Maytag washer`) is unfit, and so is such a candidate."""
    if not unfit_title(title) and not unasked_word(title, asked) and not holds_value(title, varying):
        if not unsupported(title, sources) or anchored(title, asked, sources):
            return title
        said = shared().strip()
        return said if said and natural(said) and not unsupported(said, sources) else title
    best, rank = title, (True, 10**6)
    for candidate in (*candidates, shared):
        said = candidate().strip()
        if not said or unfit_title(said) or unasked_word(said, asked) or holds_value(said, varying):
            continue
        mine = (not natural(said), len(unsupported(said, sources)))
        if mine == (False, 0) or not sources:
            return said
        if mine < rank:
            best, rank = said, mine
    return best


_GENERIC = frozenset(["value", "number", "id", "name", "text", "date", "time", "code", "key", "item"])
_CLAUSE_END = re.compile(r"[.;:!?\n]|,\s|\s-\s")


def pronoun_clause(title: str, intents: Mapping[str, str], values: Mapping[str, Mapping[str, str]]) -> str:
    """A title `Verb it …`: a request's clause that opens with that verb and pronoun, the pronoun written as
    the thing of the placeholder whose value that request writes (`values`: name -> task -> value); ""
    when no request writes one."""
    m = _PRONOUN_OBJECT.match(title.strip())
    if m is None:
        return ""
    verb = title.split()[0].lower()
    for task, text in intents.items():
        found = re.search(rf"\b{re.escape(verb)}\s+(?:it|them)\b", text, re.I)
        if found is None:
            continue
        rest = _CLAUSE_END.split(text[found.end() :], maxsplit=1)[0].rstrip()
        for name, by_task in values.items():
            thing = re.sub(r"\d+$", "", name).replace("_", " ")
            value = by_task.get(task, "")
            if thing in _GENERIC or not thing.isascii() or not value.strip():
                continue
            if re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text):
                article = "an" if thing[:1] in "aeiou" else "a"
                return f"{verb.capitalize()} {article} {thing}{rest}"
    return ""


_TOOL_STEP = re.compile(r"^([A-Za-z][\w.-]*): `([^`]*)`$")


def with_tools(steps: Iterable[str]) -> list[str]:
    """Steps `tool: code` (code in backticks) written as the command `tool code` in backticks."""
    return [f"`{m.group(1)} {m.group(2)}`" if (m := _TOOL_STEP.match(s)) else s for s in steps]
