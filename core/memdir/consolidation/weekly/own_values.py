"""Words one request of a kind writes as its own value: no words the kind shares.

A call that passes each request's own value (`vuto=dried out over winter`, `kuwotcha=heavy`) tells
which words of the requests are that request's: its complaint, its option. Two requests may write
the same option (`heavy char`) or the same complaint (`dried out`), and then they look shared; the
kind's title names its act and its thing, never a value the calls carry from one request.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from memdir.consolidation.weekly.function_words import FUNCTION_WORDS
from memdir.consolidation.weekly.placeholders import Placeholder
from memdir.consolidation.weekly.script_words import MIN_STEM, alike
from memdir.consolidation.weekly.script_words import words as script_words

_WORD = re.compile(r"[^\W\d_]+")
_HOLE_RX = re.compile(r"\{[^{}]*\}")


MIN_VALUES = (
    3  # two values (`collect`, `post`; two vessels) are a choice the kind offers, not a request's own
)


def own_value_words(groups: Iterable[Placeholder], steps: Sequence[str] = ()) -> set[str]:
    """Lower-case words (3+ letters, no function word) of the values a placeholder takes when its tasks pass
    three or more; not a placeholder only a reply holds (`{value2}` of "Reply …"), nor a word a step's constant
    holds (`saddle` of `descricao=Home saddle fitting visit`)."""
    calls = [s for s in steps if not s.startswith("Reply")]
    held = {w.lower() for s in calls for w in _WORD.findall(re.sub(r"\{[^{}]*\}", " ", s))}
    out: set[str] = set()
    for g in groups:
        values = {v.strip().lower() for v in g.task_values().values()}
        if len(values) < MIN_VALUES or steps and not any("{" + g.name + "}" in s for s in calls):
            continue
        out.update(
            w
            for v in values
            for w in _WORD.findall(v)
            if len(w) >= 3 and w not in FUNCTION_WORDS and w not in held
        )
    return out


def without_own(phrase: str, groups: Iterable[Placeholder], steps: Sequence[str] = ()) -> str:
    """The phrase, or "" when it holds a word of a value the calls carry from one request (`has dried out`
    of `vuto=dried out over winter`, `cask heavy char` of `kuwotcha=heavy`), written in lower case (a name,
    `Sea Tern`, is read as one by `title_guard`)."""
    own = own_value_words(groups, steps)
    return "" if any(w.islower() and w in own for w in _WORD.findall(phrase)) else phrase


_VALUE = re.compile(r"(?:^|[\s=])[^\W\d][\w.-]*=([^\s`{=][^=`{}]*?)(?=\s+[^\W\d][\w.-]*=|`|$)")
_HEAD_END = re.compile(r"[\d(（\[{;,.:!?、，。]")


def written_head(steps: Sequence[str], asked: Sequence[str]) -> str:
    """The head (before a number, a comma, a bracket) of a constant the kind's calls pass, in no Latin
    letters, that more than half of the requests write whole: the thing the kind's requests name in their
    own language (`ngalan=ແຄນແປດ 16 ລຳ` and "ຢາກສັ່ງແຄນແປດ …" -> `ແຄນແປດ`), over the tools' words in
    another language (`Himoa order`, round 57); the longest, "" when none."""
    texts = [a for a in asked if a.strip()]
    best = ""
    for step in steps:
        for m in _VALUE.finditer(step.split(": `", 1)[-1]):
            head = " ".join(_HEAD_END.split(m.group(1), maxsplit=1)[0].split())
            if len(head) < 2 or any("a" <= c.lower() <= "z" for c in head):
                continue
            if 2 * sum(1 for t in texts if head in t) > len(texts) and len(head) > len(best):
                best = head
    return best


def over_own_words(phrase: str, steps: Sequence[str], asked: Sequence[str]) -> str:
    """The service the kind's calls pass over a phrase of the requests holding a word no constant does
    (`કાપડ લાવીશ`, "I will bring cloth", one request's words, beside `izina=ગ્રાહકના કાપડ પર બાંધણી અને રંગાઈ`,
    "bandhani and dyeing on the customer's cloth": round 57): a constant's head (before a number, a comma, a
    bracket) in no Latin letters that holds the phrase's first word (in one form or another: `മിനുക്കി`,
    "polished", of `മിനുക്കൽ`, "polishing", round 58) and two or more words the requests write; the one
    holding the most. The phrase as it is when none, or when it holds the head whole (each word in one form or
    another) and more: it names the thing the head does and its act (`Հարսանեկան լավաշի պատվեր`, "wedding
    lavash order", over `Հարսանեկան լավաշ`, round 58)."""
    words = phrase.split()
    texts = [a for a in asked if a.strip()]
    if not words or len(texts) < 3:
        return phrase
    if len(words) == 1 and (service := _service_over_word(words[0], steps, texts)):
        return service  # `கொண்டு`, "having taken" (of "bring"): a word of how they ask (round 62)
    written = {w for t in texts for w in t.split()}
    best: tuple[int, str] = (0, "")
    for step in steps:
        for m in _VALUE.finditer(step.split(": `", 1)[-1]):
            head = " ".join(_HEAD_END.split(m.group(1), maxsplit=1)[0].split())
            held = head.split()
            if any("a" <= c.lower() <= "z" for c in head) or not any(alike(words[0], h) for h in held):
                continue
            if all(w in held for w in words):
                return phrase  # the phrase is the constant's words: the requests name it so
            if len(words) > len(held) and all(any(alike(h, w) for w in words) for h in held):
                return phrase  # the head's thing and more: its act
            n = sum(1 for w in set(held) if w in written)
            if n >= 2 and n > best[0]:
                best = (n, head)
    return best[1] or phrase


def _writes(word: str, text_words: Sequence[str]) -> bool:
    """Whether a request writes the word in some form: as it is, `alike`, or with endings after it (`வீணை` in
    `வீணையின்`, "of the veena": a suffixing language's case) when the word has `MIN_STEM` characters."""
    return any(
        w == word or alike(word, w) or len(word) >= MIN_STEM and w.startswith(word) for w in text_words
    )


def _service_over_word(word: str, steps: Sequence[str], texts: Sequence[str]) -> str:
    """A phrase of one word no call writes in any form, under a constant head in no Latin letters that holds
    two or more words the requests write (`_writes`), one of them written by more than half: the head (the
    service the calls pass, `வீணை மெட்டு சீரமைப்பு`, "veena fret re-setting", over `கொண்டு`, the first half
    of "bring" that three requests write); the one whose words the most requests write. "" otherwise."""
    calls = " ".join(_HOLE_RX.sub(" ", s) for s in steps).lower()
    if any(_writes(word.lower(), [w]) or _writes(w, [word.lower()]) for w in re.findall(r"\S+", calls)):
        return ""
    bags = [script_words(t.lower()) for t in texts]
    best: tuple[int, int, str] = (0, 0, "")
    for step in steps:
        for m in _VALUE.finditer(step.split(": `", 1)[-1]):
            head = " ".join(_HEAD_END.split(m.group(1), maxsplit=1)[0].split())
            held = script_words(head.lower())
            if len(held) < 2 or any("a" <= c.lower() <= "z" for c in head):
                continue
            shares = [sum(1 for b in bags if _writes(h, b)) for h in held]
            n = sum(1 for k in shares if k)
            if n < 2 or 2 * max(shares) <= len(texts):
                continue
            if (n, sum(shares)) > best[:2]:
                best = (n, sum(shares), head)
    return best[2]
