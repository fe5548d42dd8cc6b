"""The act of a kind's decisive call, in the language its desk writes (Japanese and Korean work titles).

One table for both languages: the call's verb (`book`, `create`, `issue`) or an object that is itself an act
(`create_print_order`, `make_booking`) names an act, and each language writes that act with its own noun
(reserve: 予約 / 예약; apply: 申込 / 신청; issue: 発行 / 발급; order: 注文 / 주문). `japanese_work` writes it after
the thing with の, `korean_work` after a space.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.action_titles import singular

_VERB_ACT = {
    "book": "reserve",
    "reserve": "reserve",
    "schedule": "reserve",
    "create": "apply",
    "register": "apply",
    "enroll": "apply",
    "apply": "apply",
    "subscribe": "apply",
    "issue": "issue",
    "order": "order",
}
_NOUN_ACT = {
    "order": "order",
    "booking": "reserve",
    "reservation": "reserve",
    "appointment": "reserve",
    "application": "apply",
}
_WORDS = {
    "ja": {"reserve": "予約", "apply": "申込", "issue": "発行", "order": "注文"},
    "ko": {"reserve": "예약", "apply": "신청", "issue": "발급", "order": "주문"},
}


def act_word(verb: str, noun: Sequence[str], lang: str) -> str:
    """The act's word in `lang` ("ja", "ko"): the object's when it is an act, else the verb's; "" when neither."""
    act = (_NOUN_ACT.get(singular(noun[-1])) if noun else None) or _VERB_ACT.get(verb, "")
    return _WORDS[lang].get(act, "")


def led_by(asked: Sequence[str], script: re.Pattern[str]) -> bool:
    """Whether most requests are written in a script (`script` finds one of its characters)."""
    return 2 * sum(1 for a in asked if script.search(a)) > len(asked)
