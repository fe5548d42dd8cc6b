"""A repair told as prose under a heading that names the one case it was done on (trial 29 #5).

`## 17:40 — Crossbike #7 rear wheel` over "It had a broken spoke on the drive side. … thread the new spoke …"
was titled `# Crossbike #7 rear wheel` and described by the story's opening ("Customer brought back crossbike #7
…"): the day's bike, not the work. A person files such steps as "Replace a broken spoke".

Read here: a heading naming one case by its id (`#7`, `No. 3`, `R-1100`, 「3号機」「7番」); the fault the text tells
("had a broken spoke", "the belt was worn", 「ベルトが切れていた」); and whether a step puts a new one in ("thread the
new spoke", 「新しいベルトを掛ける」). The title is the work on the fault: "Replace a broken spoke" / 「ベルトの交換」
when a new one goes in, else "Fix a broken spoke" / 「ベルトの修理」; the description says what it is for ("For a
broken spoke on the drive side."). With no fault told, the heading keeps its words without the id.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import sentences

# one case's id: "#7", "No. 3", "no.12", "R-1100", "BK-2291", 「3号機」「7号車」「2番」
CASE_ID = re.compile(
    r"(?:#\s?\d+|\b[Nn]o\.?\s?\d+\b|\b[A-Z]{1,4}-\d{2,}\b|\d+\s?(?:号機|号車|号室|号|番機|番)(?=[\u3040-\u9fff\s]|$))"
)
_FAULT = r"broken|cracked|worn|snapped|bent|torn|loose|flat|split|leaking|burst|blown|dead|stuck|jammed|frayed|seized|faulty|damaged"
# "had a broken spoke", "with a cracked screen", "found a worn belt": the fault and the thing it is in
_EN_HAD = re.compile(
    rf"\b(?:had|has|have|with|found|there was|there's)\s+(?:a|an|one|two|the|its)\s+(?P<fault>{_FAULT})\s+"
    r"(?P<thing>(?:[a-z][a-z-]*\s+){0,2}?[a-z][a-z-]*?)(?P<rest>(?:\s+(?:on|in|at|of|near|behind)\s+[^,.;]+)?)"
    r"(?=[,.;]|\s+(?:and|but|so|which)\b|$)",
    re.I,
)
# "the belt was worn", "the chain is snapped"
_EN_WAS = re.compile(
    rf"\bthe\s+(?P<thing>(?:[a-z][a-z-]*\s+){{0,2}}?[a-z][a-z-]*)\s+(?:was|is|were|had)\s+(?P<fault>{_FAULT})\b",
    re.I,
)
_JA_FAULT = re.compile(
    r"(?P<thing>[\u30a0-\u30ffー\u4e00-\u9fff]{2,})が(?P<fault>折れ|割れ|切れ|壊れ|外れ|緩ん|すり減っ|摩耗し|パンクし|詰まっ|破れ|曲がっ|漏れ)"
)
_JA_NEW = re.compile(r"(?:新しい|新品の|替えの|予備の|交換用の)([\u30a0-\u30ffー\u4e00-\u9fff]{2,})|交換")


def names_case(heading: str) -> bool:
    """Whether the heading names one case by its id ("Crossbike #7 rear wheel", 「3号機の紙詰まり」)."""
    return bool(CASE_ID.search(heading))


def without_case(heading: str) -> str:
    """The heading without its case's id: "Crossbike rear wheel", 「紙詰まり」."""
    out = CASE_ID.sub(" ", heading)
    out = re.sub(r"^\s*の", "", out)
    return " ".join(out.split()).strip(" -—:：の")


def repair_title(text: str, steps: list[str]) -> tuple[str, str] | None:
    """The title and description of a repair the text tells (a fault and its thing), or None."""
    said = sentences(" ".join(text.split())) or [text]
    for s in said:
        m = _EN_HAD.search(s) or _EN_WAS.search(s)
        if m is None:
            continue
        thing, fault = m.group("thing").lower(), m.group("fault").lower()
        head = thing.split()[-1].rstrip("s")
        new = any(
            re.search(rf"\b(?:new|spare|replacement)\s+(?:[a-z-]+\s+)?{re.escape(head)}", x, re.I)
            for x in steps
        )
        verb = "Replace" if new else "Fix"
        article = "an" if fault[0] in "aeiou" else "a"
        rest = m.groupdict().get("rest") or ""
        return f"{verb} {article} {fault} {thing}", f"For {article} {fault} {thing}{rest}."
    for s in said:
        j = _JA_FAULT.search(s)
        if j is None:
            continue
        thing = j.group("thing")
        new = any(
            (n := _JA_NEW.search(x)) and (n.group(1) is None or n.group(1) in thing or thing in n.group(1))
            for x in steps
        )
        work = "交換" if new else "修理"
        return f"{thing}の{work}", f"{thing}が{j.group('fault')}たときの{work}の手順。".replace(
            "んた", "んだ"
        )
    return None
