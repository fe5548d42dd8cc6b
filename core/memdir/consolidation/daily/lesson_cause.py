"""What failed in a lesson: the failure and its cause, not what was done after it (trial 20 #5).

An incident report names its cause with a label or a phrase ("Cause found: the two charts look the same",
"Cause: …", "a second cause was that …", "Root cause: …", 「原因：」「要因は」), and that line belongs under
"What failed" whatever words it uses. What followed the failure, telling the customer or apologising ("The owner
was informed and apologised to.", 「お客様に連絡してお詫びした。」), is its aftermath: under "What failed" only
when nothing else tells the failure. A step taken in the past in place of the right one ("The nurse read 0.3 mL
from the dog chart instead of …", 「…と取り違えた」) is the failure itself.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_change import is_slip
from memdir.consolidation.daily.lesson_text import failure_told

CAUSE = re.compile(
    r"(?i)\b(?:root cause|the cause|caused by)\b|^\W*(?:[\w-]+\s+){0,3}?causes?\b[^.:：;]{0,20}[:：]|"
    r"\b(?:a|one|another|second|third|main|real|actual|other|likely|probable)\s+(?:\w+\s+)?cause\s+(?:was|is|were)\b|"
    r"原因|要因"
)
# a step done in the past in place of the right one ("read X instead of Y", "used the old key instead of …")
INSTEAD = re.compile(
    r"(?i)\b(?:[a-z]+ed|read|took|gave|sent|put|wrote|ran|chose|picked|grabbed|sold|drew)\b(?:[^.;!?]|\.(?=\d)){0,60}\binstead of\b"
)
_AFTER = re.compile(
    r"(?i)\b(?:(?:was|were|been)\s+)?(?:informed|notified|told|called|contacted|apologi[sz]\w*(?:\s+to)?|"
    r"refund(?:ed)?|compensated)\b|お詫び|詫び|謝罪|謝っ|謝り|連絡し|報告し|返金|"
    # a replacement sent to the one it reached (trial 30 #6: "We sent her a new bottle for free.")
    r"\b(?:sent|gave|shipped|posted)\s+(?:her|him|them|the customer|the guest)\s+(?:a\s+)?(?:new|replacement|fresh|"
    r"another)\b|\bfree of charge\b|代わり(?:の[^。]{0,10})?を(?:送|渡|お送り)|無料で(?:交換|再送|送り直)|代替品"
)


# The symptom an incident opens with, told without a failure word: a supply or service gone since a time ("3F 302
# no hot water since 6am", "no brakes since Tuesday", "still no power at 9"), a thing that will not work ("the
# gate won't close", 「朝からお湯が出ない」「電源が入らない」); under "What failed", never "What worked" (trial 21 #3d).
SYMPTOM = re.compile(
    r"(?i)\b(?:still\s+)?no\s+(?:[\w-]+\s+){0,3}?(?:since|from|at)\s+(?:\d|yesterday|last|early|this (?:morning|"
    r"afternoon|evening)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|"
    r"\b(?:won't|will not|wouldn't|doesn't|does not|isn't|is not|can't|cannot)\s+(?:start|work|open|close|shut|lock|"
    r"drain|flush|heat|charge|turn on|turn off|switch on|shift|brake|stop)\b|\bout of order\b|"
    r"(?:出|つか|点か|使え|動か|入ら|効か|止まら|開か|閉まら|流れ|映ら|鳴ら)(?:ない|ません)(?:[。、]|$|と|ので|まま)|停電|断水"
)


def is_symptom(s: str) -> bool:
    """The symptom an incident reports (a supply gone, a thing that will not work), told as a fact."""
    return bool(SYMPTOM.search(s))


def tells_failure(s: str) -> bool:
    """A cause named, or a step taken in place of the right one."""
    return bool(CAUSE.search(s) or INSTEAD.search(s))


def aftermath(s: str) -> bool:
    """A sentence that tells only what was done after the failure (informing, apologising, refunding)."""
    if not _AFTER.search(s) or tells_failure(s):
        return False
    rest = _AFTER.sub(" ", s)
    return not (failure_told(rest) or is_slip(rest))


# What did not happen, said to reassure ("Nobody was hurt, we swapped the bike", "Luckily no harm done",
# 「幸いけが人はいなかった」): no failure, whatever follows it (trial 29 #4: "What failed: Nobody was hurt").
_UNHARMED = re.compile(
    r"(?i)^\W*(?:(?:luckily|fortunately|thankfully|at least)\W+)?(?:(?:nobody|no one|no-one|none of (?:us|them)|"
    r"no (?:customer|guest|child|patient|one else))\s+(?:was|were|got|has been|had been)\s+(?:hurt|injured|harmed)|"
    r"no (?:harm|damage|injur(?:y|ies))(?: was)?(?: done| caused)?\b)|"
    r"^\W*(?:幸い|さいわい)?[、,]?\s*(?:誰も|だれも)?(?:けが|怪我|ケガ)(?:人)?(?:は|も)?(?:なかった|なし|ありません|いなかった|しなかった)|"
    r"大事に(?:は)?至らなかった|被害は(?:なかった|なし)"
)


def reassures(s: str) -> bool:
    """A sentence that opens by saying no harm was done ("Nobody was hurt, …", 「けが人はいなかった」): no failure."""
    return bool(_UNHARMED.search(s))


def without_aftermath(failed: list[str]) -> list[str]:
    """`failed` without its aftermath lines, when something else in it tells the failure."""
    kept = [s for s in failed if not aftermath(s)]
    return kept or failed
