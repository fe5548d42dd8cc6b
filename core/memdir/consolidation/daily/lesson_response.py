"""What was done about it is no failure: a step taken for a stated reason (trial 22 #1).

"Lilies cause fatal kidney injury in cats, so I told the owner to come in at once." tells a step and its
reason; the failure word ("injury", 「腎障害」) is in the reason, stated as a general fact (what the thing
causes, in the present), not as something that went wrong. Filed under "What failed", the step the lesson
generalises read as the failure, the opposite of the episode. So a sentence made of a reason and a response
("<reason>, so I …", "<reason>, so we …", 「<理由>ので、…した」), or with the reason first ("Since <reason>,
we …", "Because <reason>, I …", "As <reason>, we …", "Given that <reason>, I …"; trial 22 re-check N1: these
were filed under "What failed" whole) is read in two parts:

- the response (what the narrator did) never goes under "What failed" unless it tells a failure or a slip of
  its own ("so I skipped the check");
- the reason goes there only when it tells an event (past: "the pump failed, so we …", 「止まったので」); a
  general fact (present: "X causes Y", "X can cause Y", 「…を起こすので」) tells no failure at all.

A story whose steps before its lesson end in such a response took the right step: what led up to it is the
situation, not a failure, so no sentence of it is filed as failed just for coming before the lesson.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_change import is_slip
from memdir.consolidation.daily.lesson_text import failure_told

# "<reason>, so I told …", "<reason>, so we immediately sent …", "<reason>, which is why I …"
_EN = re.compile(
    r"^(?P<reason>.{8,}?),?\s+(?:and\s+)?(?:so|therefore|which is why|that is why|that's why)\s+"
    r"(?P<act>(?:[\w-]+,?\s+){0,4}?(?:i|we|they|he|she)\b.{6,})$",  # "so an hour later I sent …"
    re.I,
)
# "Since grapes can cause kidney failure in dogs, we told …": the reason first, in a clause of its own
_EN_FRONT = re.compile(
    r"^(?:since|because|as(?!\s+(?:soon|long|well|far|much|usual|if|though)\b)|given that|seeing that|now that)\s+"
    r"(?P<reason>.{8,}?),\s+"
    r"(?P<act>(?:[\w-]+,?\s+){0,4}?(?:i|we|they|he|she)\b.{6,})$",  # "Since …, at 23:05 we told …"
    re.I,
)
# 「<理由>ので、すぐに…よう指示した。」「<理由>ため、…へ運んだ。」「…を中止しました。」: the response is a past act
_JA = re.compile(r"^(?P<reason>.{4,}?)(?:ので|ため|から)[、,]\s*(?P<act>.{4,}?(?:た|だ|ました))[。！!]?$")
# a reason told as a general fact: a present verb of causing or a modal ("cause(s)", "can lead to", "is toxic")
_GENERAL_EN = re.compile(
    r"(?i)\b(?:causes?|can|may|might|could|will|leads? to|results? in|makes?|kills?|triggers?|"
    r"(?:is|are) (?:toxic|poisonous|fatal|lethal|deadly|dangerous|harmful|hazardous|corrosive|flammable))\b"
)
_PAST_EN = re.compile(
    r"(?i)\b(?:was|were|had|did|got|went|came|became|began|broke|fell|ran|left|took|found|saw|said|told|"
    r"made|kept|stopped|failed)\b|\b[a-z]{2,}(?<!e)ed\b"
)
# 「…を起こす」「…になる」「危険な」: a non-past end; 「切れている」「止まった」 tell a state or an event
_GENERAL_JA = re.compile(r"(?:(?<![てで])[うくすつぬむるぐぶ]|な|ある|恐れがある|おそれがある)$")


def response(s: str) -> tuple[str, str] | None:
    """(reason, act) when the sentence tells a step the narrator took for a reason it states; None otherwise."""
    m = _EN_FRONT.match(s.strip()) or _EN.match(s.strip()) or _JA.match(s.strip())
    if not m:
        return None
    act = m.group("act")
    if failure_told(act) or is_slip(act):
        return None  # the step itself went wrong: the sentence is the failure
    return m.group("reason").strip(" ,、"), act


def general(reason: str) -> bool:
    """The reason is a general fact (what a thing causes, in the present), not an event that happened."""
    if re.search(r"[\u3040-\u30ff\u3400-\u9fff]", reason[-1:]):
        return bool(_GENERAL_JA.search(reason))
    return bool(_GENERAL_EN.search(reason)) and not _PAST_EN.search(reason)


def failed_part(s: str) -> str | None:
    """What of a failed sentence tells the failure: all of it; its reason when it is a response to an event
    ("the pump failed, so we …": the act is what was done about it); None when it is a step taken for a
    general reason (no failure told)."""
    cut = response(s)
    if cut is None:
        return s
    reason, _ = cut
    return None if general(reason) else reason


def without_responses(failed: list[str]) -> list[str]:
    """The failed lines with each step taken for a reason left out (its reason kept when it tells an event)."""
    out = [failed_part(s) for s in failed]
    return list(dict.fromkeys(s for s in out if s))


def took_the_step(story: list[str]) -> bool:
    """The story before the lesson ends in a step taken for a general reason: it did what the lesson says."""
    return bool(story) and (cut := response(story[-1])) is not None and general(cut[0])
