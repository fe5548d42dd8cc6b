"""A weekly procedure's description: what it is for, as its task and (when the requests say it) why or when.

The description is what search hits and `memdir context` show before a note is opened, so it says what
the procedure is for, not how it was found (how many tasks and steps: the body's provenance line and step
list say that). Its task is the title: an English request, a verb and its object (a determiner, a
placeholder, a name or a number after its first word: "Deploy the api to staging"), reads "How to deploy
the api to staging"; any other title (`Engine light`, a question, `ELISA: …`) reads "Steps for: <title>"; a Japanese one "<title>手順" (after a verb's plain form) or "<title>の手順"; a Korean one "<title> 절차".
A title that is the English requests' own clause ("Run nightly build and upload the symbols") reads "How to
run …" whatever its second word (`opens_requests`). A purpose or a condition (`…, because the disk fills up`, `…when the queue backs up`, `…ため、`) is added
when more than half of the kind's requests give the same one, in the same words, and the title does not
hold it already: one request's reason is that request's, not the kind's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from memdir.consolidation.weekly.asked_verbs import opening_verb
from memdir.consolidation.weekly.function_words import DETERMINERS, FUNCTION_WORDS, LINK_WORDS

_REQUEST = re.compile(r"^[A-Z][a-z]+(?=[\s,]|$)")  # `Deploy`, `Triage`: a request's verb, capitalised
_LATIN = re.compile(r"^[A-Za-z]")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")  # `GPUパーティションの利用`: a Japanese title
_KANA = re.compile(r"[\u3041-\u309f\u30a1-\u30fa]")  # a kana: Japanese, not Chinese
_LATIN_LETTERS = re.compile(r"[A-Za-z]")
# Greek, Cyrillic, Hebrew, Arabic (round 45); Indic, Thai, Lao, Myanmar, Khmer (round 46)
_OTHER_SCRIPT = re.compile(
    r"^[\u0370-\u03ff\u0400-\u04ff\u0590-\u05ff\u0600-\u06ff\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]"
)
_NO_VERB = frozenset(["please", "pls", "can", "could", "would", "will", "we", "i", "it", "hey", "hi", "need"])
# a verb's plain form: its u-row kana after a kanji and at most two kana more (`届ける`, `予約する`), or after an
# object's `を` (`ケーキをつくる`); not a noun written in kana (`絵ろうそく`, "painted candle": round 54)
_CJK_VERB_END = re.compile(
    r"(?:[\u3400-\u4dbf\u4e00-\u9fff々][\u3041-\u3096]{0,2}|を[\u3041-\u3096]{0,3})[うくぐすつぬぶむる]$"
)
# a purpose or a condition of an English request, to its end or its next sentence
_EN_CLAUSE = re.compile(
    r"(?:^|[,;(]\s*|\s)((?:so that|in order to|because|since|when|whenever|if|unless|before|after|once|until)\s[^.;()!?]+)",
    re.I,
)
# ... of a Japanese one: a leading clause that ends in a reason or a condition, before 、
_JA_CLAUSE = re.compile(r"^([^、。]{2,40}?(?:ため|ので|場合|とき|時|前に|後に|たら|なら))[、,]")


def _clause(intent: str) -> str:
    text = " ".join(intent.split())
    m = _JA_CLAUSE.search(text) or _EN_CLAUSE.search(text)
    return m.group(1).strip(" ,") if m else ""


def shared_reason(intents: Sequence[str]) -> str:
    """The purpose or condition more than half of the requests give in the same words ('' when none)."""
    found = Counter(c for c in (_clause(i) for i in intents) if c)
    if not found:
        return ""
    text, n = found.most_common(1)[0]
    return text if 2 * n > len(intents) else ""


def task_phrase(title: str) -> str:
    """The title as what the procedure is for: 'How to …', '…手順', or 'Steps for: …'."""
    title = title.strip()
    if not title:
        return ""
    if _HANGUL.match(title):  # a Korean title (`꽃다발 주문`, round 29): Korean's word for the steps
        return f"{title} 절차"
    if _OTHER_SCRIPT.match(title) or not (_LATIN.match(title) or _CJK.search(title)):
        # Hebrew, Cyrillic, Greek (round 45), Georgian, Bengali, Thai, a title that opens with a digit
        # (`3D print`): no Japanese `の手順` after a title with no Japanese in it
        return f"Steps for: {title}"
    if not _LATIN.match(title) or len(_CJK.findall(title)) > len(_LATIN_LETTERS.findall(title)):
        return f"{title}手順" if _CJK_VERB_END.search(title) else f"{title}の手順"
    m = _REQUEST.match(title)
    words = title.split()
    second = words[1] if len(words) > 1 else ""
    # a verb and its object: a determiner, a placeholder, a name or a number after it (`Engine light`,
    # `Sealing order`: a thing, not a request)
    acts = second.lower() in DETERMINERS or second[:1] == "{" or second[:1].isupper() or second[:1].isdigit()
    if m and acts and m.group(0).lower() not in FUNCTION_WORDS | _NO_VERB:
        return f"How to {title[0].lower()}{title[1:]}"
    return f"Steps for: {title}"


def describe(title: str, intents: Sequence[str], has_steps: bool = True, steps: Sequence[str] = ()) -> str:
    """One line: what the procedure is for (its task, and the kind's shared purpose or condition)."""
    out = task_phrase(title)
    if out.endswith("手順") and not any(_KANA.search(t) for t in (title, *intents)):
        out = f"Steps for: {title}"  # Chinese requests (`手雕麻雀`): no Japanese `の手順` (round 62)
    if out.startswith("How to ") and any(f"={title}" in s for s in steps):  # a constant's head names a
        out = f"Steps for: {title}"  # thing: `Bespoke English willow bat`, not "How to bespoke …" (round 56)
    if out.startswith("Steps for: ") and opens_requests(title, intents):
        out = f"How to {title[0].lower()}{title[1:]}"  # the requests' own clause (trial 26 #9)
    if out.startswith("Steps for: ") and asked_act(title, intents):
        out = (
            f"How to {title[0].lower()}{title[1:]}"  # `Order from Marui Parts`: the requests' act (round 64)
        )
    if out.startswith("Steps for: ") and steps:
        out = work_phrase(title, intents, steps) or out
    reason = shared_reason(intents)
    if reason and reason.lower() not in title.lower():
        out = f"{reason}、{out}" if not _LATIN.match(reason) else f"{out}, {reason}"  # 「…ため、…手順」
    if not has_steps:
        out += " (the tasks shared no steps yet)"
    return out


def asked_act(title: str, intents: Sequence[str]) -> bool:
    """The title opens with the verb two or more requests open with, a preposition after it (`Order from
    Marui Parts` over "Order 10 tubes … from Marui Parts", "Order 6 pairs …")."""
    words = title.split()
    return len(words) >= 3 and words[1] in LINK_WORDS and words[0].lower() == opening_verb(intents)


def opens_requests(title: str, intents: Sequence[str]) -> bool:
    """The title is the English requests' own clause, values left out: two or more requests open with its first
    word and write each of its words, and it has a word such as `the`, `and`, `for` ("Run nightly build and upload
    the symbols" from "Run nightly build 1143 for PS5 and upload the symbols"): its first word is their verb, and
    no call's word goes before it (not "How to birudo a run nightly build …", trial 26 #9)."""
    words = title.lower().split()
    if len(words) < 3 or not _REQUEST.match(title) or not any(w in FUNCTION_WORDS for w in words[1:]):
        return False
    asked = [set(re.findall(r"[\w'-]+", i.lower())) for i in intents if i.split()[:1] == [title.split()[0]]]
    return len(asked) >= 2 and all(set(words) <= a for a in asked)


def work_phrase(title: str, intents: Sequence[str], steps: Sequence[str]) -> str:
    """What a procedure titled by a thing (`Gutter cleaning`, `Rezervuj lodě`) is for, beyond its title (round
    37): with English requests and a work call whose verb the title lacks, "How to book a gutter cleaning";
    else nothing beyond the title ("Steps for: Rezervuj lodě"; English requests over calls in another language,
    `speak_apart`: "Steps for: Rehair violin bow", not "How to prenota a …"), never the list of its calls (round 43; a clause
    such as "when a request asks for it" says nothing a reader can check, so none is added)."""
    from memdir.consolidation.weekly.fragment_titles import tool_call  # a title reader, loaded late
    from memdir.consolidation.weekly.work_flow import speak_apart

    verb, _ = tool_call(steps, intents)
    if speak_apart(steps, intents):  # `prenota` under English requests: no verb of theirs (round 48)
        return ""
    english = 2 * sum(1 for i in intents if len(set(re.findall(r"[a-z]+", i.lower())) & FUNCTION_WORDS) >= 2)
    if (
        verb
        and english >= len(intents)
        and verb not in title.lower()
        and re.fullmatch(r"[A-Z][a-z]+(?: [a-z]+)+", title)
    ):
        thing = title.lower()
        vowel = thing[:1] in "aeio" or thing[:1] == "u" and thing[1:2] not in ("s", "n", "r")
        return f"How to {verb} {'an' if vowel else 'a'} {thing}"
    # never the list of its calls (round 43: `Tort pentru: cauta_client, …`)
    return ""
