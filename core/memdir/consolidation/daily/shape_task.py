"""The task a procedure's lead names: "…since you asked how we take in a jacket at the seam" -> the task.

A person who writes steps down often says what they are for in a sentence about the writing: "Jo asked
how we set a lane for under-8s", "this is how I run each prep session", 「シニア犬の施術の流れを統一します」,
「不在票の再配達受付のやり方をまとめておきます」. That sentence is a poor title (a remark about the note, a
reply, a memo), but the phrase it points at is the note's task. It is found by its grammar, not by the
words around it: English "how" + (to | a person) + verb + object, and a Japanese noun phrase ending in
「の手順・やり方・流れ・方法・段取り・仕方・〜方」. The verb stays as written (after "how we" or "how to" it is
already its base form; "do" gives its object alone); an object that is only a pronoun ("how I do these")
names nothing and is no task.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.shape_case import cap_first

_HOW = re.compile(
    r"\bhow\s+(?:to|(?:(?:do|does|did|can|could|should|would|shall)\s+)?(?:i|we|you|they|one))\s+"
    r"(?:(?:usually|normally|actually|always|now|then|properly)\s+)?"
    r"(?P<verb>[a-z][a-z-]+)\s+(?P<obj>[^.?!:;()\[\]\n—–]+)",
    re.I,
)
_NO_VERB_WORDS = (
    "is are was were be am been being will would can could should shall might must may have has had it this "
    "that these those they we you i he she the a an my our your their its much many long often far"
)
NO_VERB = frozenset(_NO_VERB_WORDS.split())  # words after "how I" that are no verb of a task
_PRONOUN_OBJ = re.compile(
    r"^(?:it|this|that|these|those|them|things|stuff|so|one|ones|all|everything)\b", re.I
)
# where the object phrase ends: a subordinate or coordinated clause, a dash, a quotation of the writer
_OBJ_END = re.compile(
    r",|\s+(?:so|because|since|while|and then|but|before you|after you|for (?:the )?(?:new|next)|"
    r"in case|which|who)\b",
    re.I,
)
# 「…の手順」「…のやり方」「…ときの動き方」: a verb stem and 方 (never 「夕方」「両方」, which have no kana)
# a line that opens with "how we …" ("(voice memo) so how we stack the trailer") is titled as it is
_OPENS_HOW = re.compile(r"^\W*(?:\([^)]*\)\s*)?(?:(?:so|ok|okay|right|well|and)\b[\s,]*)?$", re.I)
_JA_TASK = re.compile(
    r"の(?:手順|流れ|方法|段取り|仕方|要領|[\u4e00-\u9fff]?[\u3041-\u3093]{1,2}方)(?![\u4e00-\u9fff])"
)
_JA_START = re.compile(r"[、。：:「」『』【】（）()・]")
_JA_PARTICLE_HEAD = re.compile(r"^[をにがはでもとのへやか]")
# demonstratives and pronouns point back; they name no task (「この流れ」「私のやり方」「いつもの手順」)
_JA_DEICTIC = re.compile(
    r"(?:[こそあど]|これ|それ|あれ|いつも|私|わたし|僕|俺|自分|うち|今回|以下|下記|次|前|上記)$"
)


def _en_task(sentence: str) -> str:
    if re.search(r"[?？][^\w]*$", sentence):
        return ""  # a question is titled as a question (shape_fit.question_title)
    m = _HOW.search(sentence)
    if not m or m.group("verb").lower() in NO_VERB or _OPENS_HOW.match(sentence[: m.start()]):
        return ""
    obj = m.group("obj").strip()
    end = _OBJ_END.search(obj)
    obj = (obj[: end.start()] if end else obj).strip(" ,")
    if _PRONOUN_OBJ.match(obj) or len(obj.split()) < 2 and len(obj) < 4:
        return ""
    verb = m.group("verb")
    if verb.lower() == "do":  # "how we do the seedling trays": the light verb says nothing, its object does
        return cap_first(obj)
    return cap_first(f"{verb} {obj}")


def _ja_task(sentence: str) -> str:
    for m in _JA_TASK.finditer(sentence):
        head = sentence[: m.start()]
        starts = [s.end() for s in _JA_START.finditer(head)]
        start = starts[-1] if starts else 0
        if head.count("「") > head.count("」"):  # inside a quotation: it starts at its bracket
            start = head.rfind("「") + 1
        topic = head[start:]
        topic = topic.strip()
        if len(topic) < 2 or _JA_PARTICLE_HEAD.match(topic) or _JA_DEICTIC.search(topic):
            continue
        return sentence[start : m.end()].strip()
    return ""


def lead_task(sentences: list[str]) -> str:
    """The task the first of `sentences` that names one points at ("" when none does)."""
    for s in sentences:
        task = _ja_task(s) or _en_task(s)
        if task:
            return task
    return ""
