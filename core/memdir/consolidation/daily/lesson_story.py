"""What failed when no sentence of a lesson episode tells a failure in words (trial 23 #8).

Before, the two sentences before the lesson were taken as what went wrong, whatever they said: the narrator's
plain act ("Sent the ACME invoice at 23:59."), a day file's heading ("### Evening"), a fact ("Called 田中さん:
Tanaka KK switches its accounting system in January …") and the repair itself ("The export dropped the VAT line
again; re-exported with the v2 template.") were filed under "What failed". Now:

- a sentence that tells a repair after what it was done for gives that part ("The export dropped the VAT line
  again", 「…行がまた消えていた」); the repair stays under "What worked instead" (`lesson_units.REDONE`);
- else a failure stated as a rule's consequence ("…, otherwise the tax line is wrong", "sonst …", "sinon …",
  「…しないと表がずれる」): the consequence is what goes wrong (`consequences`, re-check L3);
- else the story before the lesson, without the narrator's plain acts (`lesson_units.plain_act`) and headings;
- a heading is never a failed step.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_response import failed_part, response, took_the_step, without_responses
from memdir.consolidation.daily.lesson_text import sentences
from memdir.consolidation.daily.lesson_units import headings, plain_act, repaired
from memdir.consolidation.daily.shape_case import cap_first
from memdir.runs.redact import redact_text


def story_failed(
    failed: list[str], told: list[str], story: list[str], remedies: list[str], text: str
) -> list[str]:
    """`failed` without headings; when empty, what the repairs were done for, else the end of `story` (the
    sentences before the lesson, remedies left out) without plain acts; nothing when `told` ends in a step taken
    for a general reason (`took_the_step`)."""
    heads = headings(text)
    if not failed and not took_the_step(told):
        failed = [h for h in (repaired(s) if response(s) is None else failed_part(s) for s in remedies) if h]
        story = [s for s in story if s not in heads]
        failed = (
            failed or consequences(text) or without_responses([s for s in story[-2:] if not plain_act(s)])
        )
    return [s for s in failed if s not in heads]


# What goes wrong when a rule is not kept, stated after it: "otherwise"/"or else", German "sonst"/"andernfalls",
# French "sinon"/"autrement", Spanish "de lo contrario"/"de otro modo"; Japanese 「…しないと」「…でないと」
# 「…なければ」「さもないと」 (not "must": 「しないといけない」「しなければならない」).
_CONSEQUENCE = re.compile(
    r"(?i)(?P<x>\b(?:otherwise|or else|sonst|andernfalls|ansonsten|sinon|autrement|de lo contrario|de otro modo)\b"
    r"[,:]?\s+[^.;!?]{6,}?)\s*(?:[.;!?]|$)|"
    r"(?:(?<=[、,])|^)(?P<jc>(?:でないと|さもないと|でなければ)[、,]?\s*[^。！？]{3,}?)\s*(?:[。！？]|$)|"
    r"(?:ないと|なければ)(?!いけ|だめ|ダメ|なら|駄目)[、,]?\s*(?P<ja>[^。！？]{3,}?)\s*(?:[。！？]|$)"
)


def consequences(text: str) -> list[str]:
    """The consequences the episode states for a rule not kept, with the word that says so ("…, otherwise the
    roots rot" -> "Otherwise the roots rot", 「…、でないと表面が縮む」 -> 「でないと表面が縮む」), at most two."""
    out: list[str] = []
    for s in sentences(text):
        for m in _CONSEQUENCE.finditer(s):
            x = (m.group("x") or m.group("jc") or m.group("ja") or "").strip(" ,、")
            if x and x not in out:
                out.append(cap_first(redact_text(x), text))
    return out[:2]
