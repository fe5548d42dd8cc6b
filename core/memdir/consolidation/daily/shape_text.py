"""Sentence-level reading for note shaping: greetings, meta intros, steps, purpose clauses.

Small predicates over one sentence (English or Japanese), used by `shape` to decide what
becomes a step, what is the context before the steps, what is a narrative announcement
("I wrote down the deploy steps") and which clause says what a note is for.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_cues import (
    IMPERATIVE_VERBS,
    JA_PLAIN_VERB_END,
    JA_STATED,
    SEQUENCE_MARKERS,
    SERIES_IMPERATIVE,
    TO_PURPOSE,
    first_word,
    plain,
)
from memdir.consolidation.daily.shape_case import cap_first
from memdir.consolidation.daily.shape_opening import FILLER_LEAD

GREETING = re.compile(
    r"^(?:(?:hi|hello|hey|morning|good (?:morning|afternoon|evening))(?: (?:all|everyone|team|folks|there)"
    r"|,? \w+)?|お疲れ様です|お疲れさまです|おつかれさまです|おはようございます|こんにちは|こんばんは|"
    r"皆さん|みなさん)[\s,.!！。、]*$",
    re.I,
)
SIGNOFF = re.compile(
    r"^(?:thanks|thank you|thx|cheers|best|regards|let me know[^.]{0,40}|hope (?:this|that) helps[^.]{0,30}|"
    r"以上です|以上|(?:何卒)?よろしくお願い(?:します|いたします|申し上げます)|ありがとうございました|ありがとうございます)"
    r"[\s,.!！。]*$",
    re.I,
)
_HOW_WORD = re.compile(
    r"\b(?:steps?|how(?: to| i| we)?|procedure|runbook|checklist|recipe|process|instructions|"
    r"what (?:i|we) did|what worked|the fix)\b|"
    r"手順|やり方|方法|流れ|チェックリスト",
    re.I,
)
_WRITE_WORD = re.compile(
    r"\b(?:here(?:'s| is| are)|writing (?:this|it|these)? ?down|wrote (?:up|down)|jotting|noting|documenting|"
    r"for (?:future|next time|reference|the record)|so (?:i|we) (?:don't forget|remember)|note to self|"
    r"sharing|summar(?:y|ised|ized)|below)\b",
    re.I,
)
# or told to someone: 「掃除のやり方をりさちゃんに教えた」 (trial 28 #6: the telling became step 1)
_JA_META = re.compile(
    r"(?:手順|やり方|方法|流れ)(?:を|について|の)?(?:まとめ|メモ|書き|書い|残し|記録|共有)|"
    r"(?:手順|やり方|方法|流れ)(?:を|について)[^。、]{0,20}?に(?:教え|説明し|伝え|見せ)|"
    # why it is written down: asked for it, or for the next one (trial 29 #5, #9)
    r"(?:聞かれ|質問され|尋ねられ|訊かれ)た(?:ので|から)[、,]?[^。：:]{0,8}?(?:書い|書き|まとめ|残し|メモ)|"
    r"(?:次に?(?:やる|する|担当する)人|後任|次の人)(?:のため|向け)に[、,]?[^。：:]{0,8}?(?:書い|書き|まとめ|残し|メモ)"
)
# "Showed Risa how we clean the surgery room." (trial 28 #6): the telling of a how-to, not a step of it
_TOLD_HOW = re.compile(
    r"^(?:today,?\s+)?(?:i\s+|we\s+)?(?:showed|taught|explained to|walked)\s+[\w' ]{1,30}?\s+(?:through\s+)?"
    r"how\s+(?:we|to|i|you)\b",
    re.I,
)
_JA_SEQ = re.compile(
    r"(?:^|[:：]\s*)(?:まず|次に|その後|そのあと|続いて|最後に|それから)|してから|終わったら|したら|→"
)
_JA_REQUEST = re.compile(r"(?:ください|下さい|すること|しておく|しておいて|しましょう)[。.!！]?$")
_JA_NEGATIVE = re.compile(r"(?:ない|なく|ず|ません|なかった|できなかった)")
_JA_PAST_ACTION = re.compile(r"を[^。]{0,40}(?:た|ました)[。.!！]?$")
_RESULT = re.compile(
    r"^(?:finally|at last|so)\b[\s,]*(?:i |we )?(?:got|managed|figured|fixed|found|sorted|have)\b", re.I
)
_JA_TE_ACTION = re.compile(r"を[^。、]{0,30}(?:して|し)、")
_FIRST_PERSON_ACTION = re.compile(
    r"^(?:i|we|then i|then we|so i|so we)\s+(?:just\s+|then\s+|also\s+)?(\w+)", re.I
)
_YOU_ACTION = re.compile(r"\byou (?:then |first |just )?(?:can |need to |have to |should |must )?(\w+)", re.I)
_INLINE_CMD = re.compile(r"`[^`]{3,}`")
_COND_CLAUSE = re.compile(r"^((?:if|when|whenever|before|in case)\b[^,.:;]{4,100})[,:]", re.I)
_PURPOSE_CLAUSE = re.compile(r"^((?:to|in order to)\s+\w+[^,.:;]{2,100})[,:]", re.I)
_JA_COND_CLAUSE = re.compile(r"^([^、。]{4,60}?(?:たら|とき|時|場合|際|には|前に))は?、")
_NARRATIVE_LEAD = re.compile(
    r"^(?:today|yesterday|this (?:morning|afternoon|evening)|tonight|finally|so|ok(?:ay)?(?: so)?|well|"
    r"fyi|psa|til|note to self|quick note|heads[- ]up|update|(?:someone|a customer|a user|\w+) asked (?:me |us )?"
    r"(?=how|why|what|whether|if))\b[\s,:!-]*",
    re.I,
)
# "Worked out with Aiko how to rotate…", "Ken showed me how to…": who found it out is not the task
_LEARNT_HOW = re.compile(
    r"^(?:[\w.'-]+(?:\s+and\s+(?:i|me))?\s+)??(?:(?:i|we)\s+)?(?:worked out|figured out|found out|learned|learnt|"
    r"sorted out|worked through|showed (?:me|us)|taught (?:me|us)|walked (?:me|us) through|explained)"
    r"(?:\s+(?:together\s+)?with\s+[^,.;:]{1,30}?)?\s+how\s+to\s+(?=\w)",
    re.I,
)
_JA_LEARNT_HOW = re.compile(
    r"^[^、。]{1,20}?(?:と(?:一緒に)?|に教わって|に教えてもらって|から教わって)[、,]?\s*(?=[^、。]{4,}"
    r"(?:方法|手順)を(?:確認|整理|調べ|教わ|教えてもら|見つけ|決め))"
)
_JA_LEARNT_TAIL = re.compile(
    r"(?<=方法|手順)を(?:確認|整理|調べ|教わ|教えてもら|見つけ|決め)[^、。]{0,8}[。.]?$"
)
_NARRATIVE_TAIL = re.compile(
    r"[\s,;-]*\b(?:again )?(?:today|yesterday|this (?:morning|afternoon|evening)|again|as well|too)\b[\s.!]*$",
    re.I,
)
_JA_NARRATIVE_LEAD = re.compile(
    r"^(?:今日は|今日|本日は|本日|昨日は|昨日|さっき|先ほど|今朝|ついに|やっと)[、,\s]*"
)


# a title opens with the subject, not with how the writer came to know it ("Turns out", "It seems")
_TITLE_HEDGE = re.compile(
    r"^(?:(?:it )?turns out|(?:it )?seems|(?:it )?looks like|apparently|(?:i |we )?(?:found out|learned|realised|"
    r"realized|noticed))(?: that)?\b[\s,:]*",
    re.I,
)
# "(Finally) got the staging certs renewing" / "Managed to get the VPN working": a person titles the
# task ("Renew the staging certs", "Get the VPN working")
_ACHIEVED = re.compile(r"^(?:managed to|was able to|were able to)\s+(?=get\b)", re.I)
_GOT_DOING = re.compile(r"^(?:got|get|getting)\s+(.+)\s+(\w+ing)\b(.*)$", re.I)


def title_phrase(line: str, kind: str) -> str:
    """A title-like phrase from an opening line: no hedge in front; for steps, the task ("Renew X")."""
    out = _TITLE_HEDGE.sub("", line.strip())
    if kind != "procedures":
        return cap_first(out) if out != line.strip() else out
    out = _ACHIEVED.sub("", out)
    m = _GOT_DOING.match(out)
    if m:
        base = past_to_base(m.group(2))
        if base:  # "got the certs renewing" -> "renew the certs"
            return f"{base} {m.group(1)}{m.group(3)}"
    return out  # "get the VPN working" stays; "got" has no base form the engine may write


def past_to_base(word: str) -> str | None:
    """The base form of an English past-tense or -ing verb when that base is a known imperative verb."""
    w = word.lower()
    candidates: list[str] = []
    if w.endswith("ied"):
        candidates.append(w[:-3] + "y")
    if w.endswith("ed"):
        candidates += [w[:-2], w[:-1], w[:-3] if len(w) > 4 and w[-3] == w[-4] else w[:-2]]
    if w.endswith("ing"):
        candidates += [w[:-3], w[:-3] + "e", w[:-4] if len(w) > 5 and w[-4] == w[-5] else w[:-3]]
    for c in candidates:
        if c in IMPERATIVE_VERBS:
            return c
    return None


def is_filler(sentence: str) -> bool:
    """A greeting or a sign-off on its own ("Hi all,", "Thanks!", 「お疲れ様です。」)."""
    s = plain(sentence).strip()
    return len(s) <= 60 and bool(GREETING.match(s) or SIGNOFF.match(s))


def is_meta(sentence: str) -> bool:
    """A narrative announcement of the steps rather than a step ("I wrote down the steps", 手順をまとめた)."""
    s = plain(sentence).strip()
    if len(s) > 160 or _JA_SEQ.search(s) or SEQUENCE_MARKERS.match(s) or first_word(s) in IMPERATIVE_VERBS:
        return False
    if _JA_META.search(s) or _TOLD_HOW.match(s):
        return True
    if s.endswith((":", "：")) and _HOW_WORD.search(s):
        return True
    return bool(_HOW_WORD.search(s) and _WRITE_WORD.search(s))


def is_step(sentence: str, strict: bool = False) -> bool:
    """Does this sentence perform an action (an imperative, a sequence word, "I ran...", する/して)?"""
    s = plain(sentence).strip().lstrip("-*+ ")
    if not s:
        return False
    fw = first_word(s)
    if _RESULT.match(s):  # "Finally got it working again." is the outcome, not a step
        return False
    if fw in IMPERATIVE_VERBS or SEQUENCE_MARKERS.match(s) or TO_PURPOSE.match(s):
        return True
    if len(SERIES_IMPERATIVE.findall(s)) >= 1 and not strict:
        return True
    m = _FIRST_PERSON_ACTION.match(s)
    if m and (m.group(1).lower() in IMPERATIVE_VERBS or past_to_base(m.group(1)) is not None):
        return True
    m = _YOU_ACTION.search(s)
    if m and m.group(1).lower() in IMPERATIVE_VERBS:
        return True
    if _JA_SEQ.search(s) or _JA_REQUEST.search(s):
        return True
    if JA_STATED.search(s):  # 「IDは shop-01 です。」「鍵は金庫にあります。」: what is so, no act
        return False
    if not _JA_NEGATIVE.search(s[-8:]) and (JA_PLAIN_VERB_END.search(s) or _JA_PAST_ACTION.search(s)):
        return True
    if _JA_TE_ACTION.search(s):  # 「…を削除して、…」: actions in a row
        return True
    return not strict and bool(_INLINE_CMD.search(sentence)) and not s.endswith("?")


def purpose_clause(sentence: str) -> str:
    """The clause that says when or why to use a procedure ("To restore one table", "If the build hangs")."""
    s = plain(sentence).strip()
    for pat in (_PURPOSE_CLAUSE, _COND_CLAUSE, _JA_COND_CLAUSE):
        m = pat.match(s)
        if m:
            return m.group(1).strip()
    return ""


def strip_narrative(text: str) -> str:
    """A line without diary framing: leading "Today,", 「今日は」, trailing "again today"."""
    out = _NARRATIVE_LEAD.sub("", FILLER_LEAD.sub("", text.strip()))
    out = _JA_NARRATIVE_LEAD.sub("", out)
    learnt = _LEARNT_HOW.sub("", out)
    out = cap_first(learnt) if learnt != out else out
    learnt = _JA_LEARNT_TAIL.sub("", _JA_LEARNT_HOW.sub("", out))
    out = learnt if learnt != out and _JA_LEARNT_HOW.match(out) else out
    prev = None
    while prev != out:
        prev = out
        out = _NARRATIVE_TAIL.sub("", out).rstrip(" ,;")
    return out
