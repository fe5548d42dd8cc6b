"""A known fault with its stop-gap is knowledge, not a procedure (routing round 33, trial 28 #5b).

"The online booking form keeps double-booking the grooming room … Ken reported it to the vendor (ticket VB-2291).
For now, staff check the grooming calendar at 9:00 and 13:00 and call anyone who clashes." was filed as a procedure
at 0.4. GUIDELINES.md lists "gotchas" and "facts about systems" under knowledge; the how it holds lasts only until
someone else mends the fault ("until they fix it", 「修正されるまで」), so what a reader looks up later is that the
thing is broken, how, who was told, and what to do meanwhile: a known problem with its workaround. A fix of one's
own that is the reusable how ("If the build cache is corrupt: delete ~/.cache/x and rerun make") stays a procedure:
it has no fault left open with someone else and no "for now".

A text tells a known fault with its stop-gap when it names a fault (a bug, a glitch, "keeps double-booking",
"stopped working", 不具合, バグ, 故障) that is reported or waits on someone's fix (reported to, a ticket, the vendor,
support, 問い合わせ, 報告, メーカー), and a stop-gap marker ("for now", "until they fix it", "in the meantime", "as a
workaround", 当面, 直るまで, 暫定, それまでは); and it holds no list of three or more steps (a workaround written as
numbered steps, or in more than two sentences, is a procedure of its own: `heldout33`'s tracker bug whose
"WORKAROUND until they fix it" walks through a menu, an import and a merge). Acts where the model reads procedures with less than `UNSURE_PROC`.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import sentences
from memdir.consolidation.daily.route_fact import UNSURE_FACT_SKIP

# a procedures reading below this is one the model is unsure of: the bound round 32's labelled facts use
# (route_own_kind); trial 28's booking bug reads procedures at 0.71
UNSURE_PROC = UNSURE_FACT_SKIP

FAULT = re.compile(
    r"(?i)\b(?:bugs?|glitch(?:es)?|defects?|faults?|outages?|broken|crash(?:es|ing)?|"
    r"keeps?\s+(?:\w+-)?\w+ing|stopped working|(?:does|do|is|are)n['’]?t working|(?:does|do)\s+not work)\b|"
    r"不具合|バグ|障害|故障|誤作動|エラーが(?:出|起き)|(?:動か|使え|つながら|繋がら)なくな|調子が悪"
)
REPORTED = re.compile(
    r"(?i)\b(?:reported|raised|logged|filed|escalated)\b[^.\n]{0,40}\b(?:to|with)\b|\btickets?\b|\bvendor'?s?\b|"
    r"\bsupplier'?s?\b|\bmanufacturer'?s?\b|\bsupport\b|\bpatch(?:ed)?\b|\bfix(?:ed)?\b|"
    r"問い合わせ|問合せ|報告|連絡済|チケット|メーカー|業者|ベンダー|サポート|修理|修正"
)
STOPGAP = re.compile(
    r"(?i)\b(?:for now|for the time being|until (?:then|(?:they|it|the \w+|a \w+)\b[^.\n]{0,40}"
    r"\b(?:fix|fixe[sd]|patch|patche[sd]|repair|repaired|sort|sorted|resolve[sd]?|mend|mended))|"
    r"in the meantime|meanwhile|as a (?:stop-?gap|workaround|temporary (?:fix|measure))|"
    r"(?:a |the )?(?:stop-?gap|workaround)s?\b)|"
    r"当面|当分(?:の間)?は?|(?:直る|直す|修正され(?:る)?|修理(?:が終わる|され(?:る)?)|対応され(?:る)?|復旧する)まで|"
    r"それまで(?:は|の間)|暫定|応急"
)
_STEP_LINE = re.compile(r"^[ \t]*(?:\d+[.)、．]|[-*•・])[ \t]*\S", re.M)
MAX_LIST = 2  # a workaround in three or more listed steps is a procedure of its own
MAX_STOPGAP_SENTENCES = 2  # from the stop-gap's sentence on: a longer workaround is a how of its own


def _stopgap_sentences(body: str) -> int:
    """How many sentences the stop-gap takes: from the first that holds its marker to the end (0: none)."""
    said = sentences(body)
    first = next((i for i, s in enumerate(said) if STOPGAP.search(s)), len(said))
    return len(said) - first


def tells_stopgap(body: str) -> bool:
    """Whether the text tells a fault left to someone else's fix and what to do meanwhile (see the module)."""
    if len(_STEP_LINE.findall(body)) > MAX_LIST or not (FAULT.search(body) and REPORTED.search(body)):
        return False
    return 0 < _stopgap_sentences(body) <= MAX_STOPGAP_SENTENCES


def stopgap_kind(kind: str, proba: float, body: str) -> tuple[str, str]:
    """Knowledge and the rule's name for an unsure procedures reading of a known fault with its stop-gap."""
    if kind == "procedures" and proba < UNSURE_PROC and tells_stopgap(body):
        return "knowledge", "stopgap"
    return kind, ""
