"""A chat told in passing is no knowledge note (trial 29 re-check #12).

"Tom back from Osaka. Talked about winter hours: 10:00-17:00 from December, closed on Wednesdays." was written as
`knowledge/morning-chat.md`, described "Tom back from Osaka.", and outranked the decision that holds those hours.
GUIDELINES.md: small talk is skip, and a chat that only names a topic settled elsewhere adds nothing of its own.
A text the model reads as knowledge is read as skip here (a skip the model is unsure of, so the run asks in a
review item whether to file it) when

- a sentence reports a conversation in the past ("Talked about …", "we chatted about …", "caught up on …",
  「…について話した」「…の話をした」「雑談した」);
- it is short (at most MAX_SENTENCES sentences), with no list, heading, table or code;
- no sentence says why or what was found, learned, decided or made a rule ("because", "turns out", "we agreed",
  "always", 「から」「ので」「ため」「とのこと」「そうだ」「わかった」「決め」「必ず」): a chat that tells a finding
  (「先生と雑談。糸が緩むのは湿気を吸うからだそう」) stays knowledge.

Such a chat is skipped; one that tells a standing fact is asked about in a review item, unless it restates a
decision the root holds or the same run writes (`restated_decision`: "Talked about winter hours: 10:00-17:00 from
December" beside 「12月から冬季営業時間にすることに決めた：10時〜17時」): that item would file the decision again.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from memdir.consolidation.daily.blocks import Block, sentences

if TYPE_CHECKING:
    from memdir.consolidation.daily.route_rag import Match

CHAT_REASON = (
    "a chat told in passing (what was talked about, nothing found, decided or explained): nothing to keep"
)
MAX_SENTENCES = 3
# calibrated similarity from which a chat restates a decision note: the trial's English chat of winter hours and
# the Japanese decision are 0.62 (the same decision told in English, 0.73); two other decisions of the shop 0.37, 0.22
RESTATES_DECISION = 0.5

_TALKED = re.compile(
    r"(?i)^(?:(?:we|i|they|he|she|[A-Z]\w+(?: and [A-Z]\w+)?)\s+)?(?:(?:just|briefly|mostly)\s+)?"
    r"(?:talked|chatted|spoke|caught up|had a (?:quick |short |long )?(?:chat|talk))\b(?:\s+(?:about|on|over|re)\b)?|"
    r"(?:について|の)(?:話|雑談|おしゃべり)を?(?:し|しました)|雑談(?:した|しました|。|$)|話し(?:た|ました|込んだ)[。]?$"
)
_SAYS_MORE = re.compile(
    r"(?i)\b(?:because|since|so that|due to|turns? out|the reason|learn(?:ed|t)|found (?:out|that)|realis|realiz|"
    r"decided|agreed|settled|always|never|must|should|rule|policy|tip|trick|means|why)\b|"
    r"から|ので|ため|とのこと|そう(?:だ|です|な)|らしい|わかった|分かった|判明|決め|決ま|必ず|べき|ルール|方針|原因|理由|コツ"
)


def chat_in_passing(body: str, blocks: list[Block]) -> bool:
    """Whether `body` is a chat told in passing (the module's rule)."""
    if any(b.kind in ("list", "code", "heading", "table") for b in blocks) or "|" in body:
        return False
    said = [s.strip() for s in sentences(body) if s.strip()]
    if not said or len(said) > MAX_SENTENCES or not any(_TALKED.search(s) for s in said):
        return False
    return not any(_SAYS_MORE.search(s) for s in said)


def restated_decision(near: list[Match]) -> str | None:
    """The decision note (`knowledge/decisions/`) a chat restates, from its nearest knowledge notes; None when none
    is at RESTATES_DECISION: the chat's item would file the decision again as a note of its own."""
    return next(
        (
            m.path
            for m in near
            if m.path.startswith("knowledge/decisions/") and m.similarity >= RESTATES_DECISION
        ),
        None,
    )
