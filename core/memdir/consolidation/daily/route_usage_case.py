"""What a usage report did, not who or what it was done for (trial 17 #6).

"Onboarded Mr. Haddad with the usual onboarding steps" was matched to the note that shares the client's
name ("Mail from Mr. Haddad (pasted)", match score 0.56) over the onboarding procedure (0.42): the name
counted as much as the work. A procedure is named by its work, so the report's *case words* are left out
before it is matched (`without_case`): a person or a company named with an honorific or a company form
("Mr. Haddad", "Dr. Ito's", "Acme Ltd", 「Nguyenさん」「山本商店様」「株式会社ミナト」), ids and numbers (a word
with two digits or more, "INV-2025-118", "C-2031", "T8120001234567"), e-mail addresses and links. The note's
title is read the same way, so a title that is one client's name shares nothing with a report of the work.

A report that names its procedure by the work ("the usual onboarding steps", "per the month-end close
checklist", 「いつもの受け入れ手順で」「受け入れをいつもの手順で」) is read as a person reads it
(`named_work`): when exactly one procedure's title holds every word of that work, it is that procedure.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_usage import stem

_HONORIFIC_EN = r"(?:mr|mrs|ms|mx|miss|dr|prof|sr|sra|herr|frau|mme|mlle)\.?"
_CASE_EN = re.compile(
    rf"(?i:\b{_HONORIFIC_EN})\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?|"
    r"\b(?:[A-Z][\w&'’-]*\s+){1,3}(?i:inc|ltd|llc|gmbh|corp|co|plc|kk|k\.k)\b\.?|"
    r"\S+@\S+\.\w+|https?://\S+|"
    r"\b[\w-]*\d[\w-]*\d[\w-]*\b"
)
# a name (Latin, katakana, or up to four kanji) with an honorific after it, a company form around one
_CASE_JA = re.compile(
    r"(?:[A-Za-z][\w.'-]*\s?|[\u30a0-\u30ffー]{2,}|[\u4e00-\u9fff々]{1,4}(?:商店|商事|工業|産業)?)"
    r"(?:さん|様|さま|氏(?![\u4e00-\u9fff])|くん|君(?![\u4e00-\u9fff])|ちゃん|先生|殿|御中)|"
    r"(?:株式会社|有限会社|合同会社)[\u30a0-\u30ffー\u4e00-\u9fff々A-Za-z]+|"
    r"[\u30a0-\u30ffー\u4e00-\u9fff々A-Za-z]+(?:株式会社|有限会社|合同会社)"
)


def without_case(text: str) -> str:
    """The text without the words naming who or what one case was (names, companies, ids, numbers)."""
    return " ".join(_CASE_JA.sub(" ", _CASE_EN.sub(" ", text)).split())


# the work a report names with its usual way: "the usual onboarding steps", "per the close checklist"
_NOUN = r"(?:steps|procedure|checklist|runbook|playbook|process|protocol|routine|workflow)"
_WORK_EN = re.compile(
    rf"(?i)\b(?:usual|standard|regular|normal|same)\s+((?:[a-z][\w-]*\s+){{1,3}}?){_NOUN}\b|"
    rf"\b(?:per|following|followed|according to|by|using|with) (?:the|our) ((?:[a-z][\w-]*\s+){{1,3}}?){_NOUN}\b"
)
_NOT_WORK = frozenset(
    ["usual", "standard", "regular", "normal", "same", "new", "old", "whole", "full", "entire"]
)
_WORK_JA = re.compile(
    r"(?:いつもの|通常の|例の|所定の)([^\s、。をでにはがの]{2,12}?)(?:手順|手順書|フロー|流れ|チェックリスト|マニュアル|やり方)|"
    r"([^\s、。をでにはが]{2,12})を(?:いつもの|いつも通り|いつもどおり|通常の|前回と同じ|手順どおり|手順通り)"
)


def named_work(report: str) -> list[str]:
    """The words of the work a report names with its usual way (stemmed English words or a Japanese run)."""
    said = without_case(report)
    for m in _WORK_EN.finditer(said):
        words = [stem(w) for w in re.findall(r"[a-z]+", (m.group(1) or m.group(2) or "").lower())]
        words = [w for w in words if w not in _NOT_WORK and len(w) > 2]
        if words:
            return words
    for m in _WORK_JA.finditer(said):
        run = (m.group(1) or m.group(2) or "").lstrip("の")  # 「（Nguyenさん）の受け入れ」: the name is gone
        if len(run) >= 2:
            return [run]
    return []


def _holds(title: str, work: list[str]) -> bool:
    if re.search(r"[\u3040-\u9fff]", work[0]):
        kanji = re.sub(r"[\u3040-\u309f]", "", work[0])  # 受け入れ also as 受入
        return work[0] in title or (len(kanji) >= 2 and kanji in title)
    terms = {stem(w) for w in re.findall(r"[a-z]+", title.lower())}
    return all(w in terms for w in work)


def pick_by_work(report: str, titles: dict[str, str]) -> str | None:
    """The one procedure (path -> title) whose title holds every word of the work the report names."""
    work = named_work(report)
    if not work:
        return None
    found = [path for path, title in titles.items() if _holds(without_case(title), work)]
    return found[0] if len(found) == 1 else None
