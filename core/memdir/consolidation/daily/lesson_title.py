"""A daily lesson named after its rule when its heading names one case (trial 25 #11).

An episode headed by the case it tells ("Quote for Kobayashi Trading", "Kobayashi KT-2230", 「Sakura の納品で
413 エラー」) and ending in a general rule ("Lesson learned: always attach the Trados analysis PDF to the
quote") gave a lesson named after the case (`quote-for-kobayashi-trading.md`). A lesson is kept for its rule:
when the heading names something of its own (a name written with a capital inside the heading, or an id such
as `KT-2230`, `#4411`) that the rule does not name, the lesson is titled by its rule instead ("Attach the
Trados analysis PDF to the quote", 「100MB を超える ZIP は分割してからアップロードする」): the rule's first
clause without a label of its own ("What we'd change: …"), "always"/"from now on"/「今後は」「必ず」 and its reason (", clients ask for it",
", never XLIFF 2.0"). A heading whose names the rule also names, or with no name, stays the title; so does one
whose rule is too long for a title, or does not open with such a word ("Before each mail-out, check …" opens with
its condition, "Should have let them sit" is no rule: the heading stays).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_text import rule_first, unlabel

# an id (`KT-2230`, `ST-118`, `#4411`) or a word with a capital that does not open the heading
_ID = re.compile(r"(?<![\w-])(?:[A-Z]{1,6}-\d{2,}|#\d{3,})\b")
_NAME = re.compile(r"(?<=[\s\u3000])(?:[A-Z][a-z]+)\b|^(?:[A-Z][a-z]+)(?=\s*[\u3040-\u30ff\u3400-\u9fff])")
_LEAD_EN = re.compile(
    r"(?i)^(?:(?:so|and)\s+)?(?:from now on|going forward|next time|in (?:the )?future|from (?:today|here) on)?[,:]?\s*"
    r"(?:(?:we|i)\s+(?:will|must|should|need to|have to)\s+|(?:always|make sure (?:to|that)?|remember to|be sure to)\s+)*"
)
_LEAD_JA = re.compile(r"^(?:今後は?|次から(?:は)?|次回から(?:は)?|これからは|以後|今度から(?:は)?)[、,]?\s*")
_CUT = re.compile(
    r"\s*(?:[,;:—–]\s|、(?=(?:絶対に)?.{0,12}(?:しない|ないこと|禁止))|\s(?:because|since|so that|as)\s|[.!](?=\s|$)|[。！]).*$"
)
_WORDS = re.compile(r"[^\W_]+")
_LABEL = re.compile(r"^([^:：]{1,40})[:：]\s*(.+)$")
MAX_LABEL_WORDS = 5
MAX_WORDS = 12  # a longer rule is no title
MAX_CHARS_JA = 40


def _named(heading: str) -> set[str]:
    return {m.group(0).lower() for m in _ID.finditer(heading)} | {
        m.group(0).lower() for m in _NAME.finditer(heading)
    }


def rule_phrase(rule: str) -> str:
    rule = unlabel(rule).strip()
    label = _LABEL.match(rule)  # "What we'd change: …", "Won't do that again: …": a label of the writer's own
    if label and len(_WORDS.findall(label.group(1))) <= MAX_LABEL_WORDS:
        rule = label.group(2)
    bare = _LEAD_JA.sub("", _LEAD_EN.sub("", rule, count=1), count=1)
    if bare == rule and "必ず" not in rule:
        return ""  # no "always"/"from now on"/「今後は」「必ず」: the sentence may open with its condition
    rule = bare
    rule = _CUT.sub("", rule).strip()
    rule = rule.replace("必ず", "").replace("  ", " ").strip()
    return rule[:1].upper() + rule[1:]


def _fits(phrase: str) -> bool:
    """A rule's phrase short and long enough to be a title."""
    words = _WORDS.findall(phrase)
    if re.search(r"[\u3040-\u30ff\u3400-\u9fff]", phrase):
        return 6 <= len(phrase) <= MAX_CHARS_JA
    return 2 <= len(words) <= MAX_WORDS


def _labelled(heading: str) -> str:
    """The heading after a label of the writer's own ("振り返り: クラッシュレポート", "Retro: crash reports"): a
    label of at most `MAX_HEAD_LABEL_WORDS` words (`MAX_HEAD_LABEL_CHARS` characters in Japanese), no number
    in it; "" when the heading opens with none."""
    m = _LABEL.match(heading)
    if not m or re.search(r"\d", m.group(1)) or not m.group(2).strip():
        return ""
    label = m.group(1).strip()
    wide = bool(re.search(r"[\u3040-\u30ff\u3400-\u9fff]", label))
    short = len(label) <= MAX_HEAD_LABEL_CHARS if wide else len(_WORDS.findall(label)) <= MAX_HEAD_LABEL_WORDS
    return m.group(2).strip() if short else ""


MAX_HEAD_LABEL_WORDS = 2
MAX_HEAD_LABEL_CHARS = 6


def rule_title(heading: str, fixes: list[str]) -> str:
    """The lesson's title: `heading`, or its rule's phrase when the heading names a case the rule does not.
    A heading that opens with a label ("振り返り: クラッシュレポート") is a label and a heading, never a lesson's
    name (trial 26: 「教訓：振り返り: クラッシュレポート」): the rule's phrase, else the heading without its label."""
    if rest := _labelled(heading):
        phrase = rule_phrase(rule_first(fixes)[0]) if fixes else ""
        return phrase if _fits(phrase) else rest[:1].upper() + rest[1:]
    names = _named(heading)
    if not names or not fixes:
        return heading
    rule = rule_first(fixes)[0]
    said = rule.lower()
    if all(n in said for n in names):
        return heading
    phrase = rule_phrase(rule)
    if not _fits(phrase) or any(n in phrase.lower() for n in names):
        return heading
    return phrase
