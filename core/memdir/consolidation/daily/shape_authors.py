"""Lines about who wrote a note or did the work with whom, not about what the note is for.

"…保存できるように、山田さんとその場で設定した。", "Set this up with Yamada on the spot.", "Ken helped me
configure the scanner so scans land on the NAS." tell the story of the day: who was there. A description says
what the steps are for, so such a line is never one; only a clause of purpose it carries ("so scans land on
the NAS", 「…保存できるように」) says something the note is for, and it is kept on its own.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.shape_case import cap_first

# a companion: "with Yamada", "with my colleague", "Ken and I", "Ken helped me", 「山田さんと」「佐藤さんに手伝ってもらって」
_WITH = re.compile(
    r"\b(?:(?:together |along )?with|alongside|helped by|assisted by)\s+(?:[A-Z][a-z]+(?:-san)?\b|(?:my|our)\s+(?:colleague|boss|manager|lead|"
    r"team|teammate|coworker|co-worker|partner|friend|admin|nurse|doctor)s?\b)"
    r"|\b[A-Z][\w'-]+(?:-san)?\s+and\s+(?:I|me)\b|\b(?:I|me)\s+and\s+[A-Z][\w'-]+"
    r"|\b[A-Z][\w'-]+(?:-san)?\s+(?:helped|showed|walked|talked)\s+(?:me|us)\b"
)
_JA_WITH = re.compile(
    r"[^\s、。,（）()]{1,12}?(?:さん|くん|君|先生|部長|課長|主任|氏|ちゃん)"
    r"(?:と(?:一緒に|いっしょに|二人で|ふたりで)?|に(?:手伝って|教えて|見て|立ち会って)(?:もらって|もらい|もらいながら)|"
    r"の(?:立ち会いで|手を借りて)|が(?:一緒に|手伝って))"
)
_HOW = re.compile(r"\bhow\b|(?:方法|手順|やり方)を")
_PAST = re.compile(
    r"\b(?:\w+ed|set|did|got|made|went|sat|ran|built|put|found|took|had|spent|worked|figured|sorted)\b", re.I
)
_JA_PAST = re.compile(r"(?:た|ました|だ|でした)[。.!！]?$")
_SO = re.compile(r"\b(?:so that|so|in order to)\s+(?P<rest>[^,.;]{8,})", re.I)
_JA_SO = re.compile(r"^(?P<rest>[^。]{6,}?(?:ように|ため))(?:に)?、")


def authors_line(sentence: str) -> str | None:
    """None for a line that is not about who did the work; else its clause of purpose, or "" when it has none.

    "Set this up with Yamada so scans go straight to the NAS." -> "Scans go straight to the NAS";
    「…保存できるように、山田さんとその場で設定した。」 -> 「…保存できるようにする」;
    "Sat down with Ken and configured the scanner." -> "".
    """
    s = " ".join(sentence.split())
    if _HOW.search(s):  # "Ken and I figured out how to V": the task is said (strip_narrative keeps it)
        return None
    if _JA_WITH.search(s) and _JA_PAST.search(s):
        m = _JA_SO.match(s)
        if not m or _JA_WITH.search(m.group("rest")):
            return ""
        rest = m.group("rest")
        return rest + "する" if rest.endswith("ように") else rest
    if _WITH.search(s) and _PAST.search(s):
        m = _SO.search(s)
        if not m or _WITH.search(m.group("rest")):
            return ""
        rest = m.group("rest").strip()
        return cap_first(rest)
    return None


def without_authors(lead: list[str]) -> list[str]:
    """The lead's sentences with each line about who did the work replaced by its purpose, or left out."""
    out: list[str] = []
    for s in lead:
        said = authors_line(s)
        if said is None:
            out.append(s)
        elif said:
            out.append(said)
    return out
