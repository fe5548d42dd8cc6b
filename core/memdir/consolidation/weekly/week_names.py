"""A Japanese title that opens with a name every request of the week writes drops it (round 57).

Set 57's iron-kettle foundry titled its kettle orders `鉄瓶デスクの宝珠`: every request of the week opens with the
chat's mention of the desk (`@鉄瓶デスク …`), so the desk's name recurs in each of the kind's requests as much as the
kettle's shape does, and the title joined the two. A string every request of the week writes, whatever its kind,
is the channel's (a desk's name, a form's label: round 56's `សរសេរអ្វីដែលអ្នកចង់បាន`), never a kind's: `Xの…`
with such an `X` keeps what follows (`宝珠`), which `ja_act` then reads as any bare thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_LEAD = re.compile(r"^([\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{2,})の(.+)$")
MIN_REQUESTS = 5  # a week with fewer requests says nothing of what all of them share


def without_week_name(title: str, week: Sequence[str]) -> str:
    """The title without a leading `Xの` whose `X` every request of the week writes (see the module)."""
    texts = [w for w in week if w.strip()]
    m = _LEAD.match(title)
    if m is None or len(texts) < MIN_REQUESTS or not all(m.group(1) in t for t in texts):
        return title
    return m.group(2)
