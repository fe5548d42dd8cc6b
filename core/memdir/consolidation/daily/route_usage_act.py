"""The act a usage report tells (pack, ship; 梱包, 発送) against the procedure it would be offered on.

Trial 24 re-check N1: 「ロンドンとパリの注文をいつもの手順で梱包して発送した。」 was offered, with a ready "to count it:
memdir feedback …" line, on the *returns* procedure 返品受付の手順, the nearest vector in its language (0.50) whose title
share (0.17 of its 0.67) came from the usual-way frame itself (「いつもの手順」 / 「…の手順」: the bigrams 手順, の手).
A usage report is offered on a procedure only when the procedure's title, description or steps name what the
report says was done: its verbs told as done ("Packed", "Reset"; stemmed) or, in Japanese, the noun of a する verb
(梱包して, 発送した, リセットした, 霜取りをした). A report whose act no such text names tells other work
(`act_differs`); across languages the words cannot be compared, so nothing is said there (the near rule's
similarity floor decides).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.past_tense import PAST_VERB
from memdir.consolidation.daily.route_lang import language
from memdir.consolidation.daily.route_usage import DONE, FAILED, PROC_NOUN, USUAL, stem
from memdir.consolidation.daily.route_usage_case import without_case

_EN_ACT = re.compile(rf"\b{PAST_VERB}\b", re.I)
# the noun of a する verb: kanji or katakana (2+), or a kanji with its okurigana (取り), then (を) し/す/さ/やっ/行っ
_JA_ACT = re.compile(
    r"([\u4e00-\u9fff々]+(?:[りきしちいみ][\u4e00-\u9fff々]*)?|[\u30a0-\u30ffー]{2,})"
    r"(?:を)?(?:し|す(?!ぐ)|さ(?!ん|ま)|やっ|行っ|行い)"
)
_EN_WORD = re.compile(r"[a-z]+")
# a light verb tells no act of its own ("Did the new books the usual way", "Got it done"): it is not read
_LIGHT = re.compile(r"^(?:did|done|made|got|had|went|was|were|been|took|kept|gave)$", re.I)


def acts(report: str) -> list[str]:
    """What the report says was done: its past verbs (English, as written) or する nouns (Japanese)."""
    text = PROC_NOUN.sub(" ", USUAL.sub(" ", report))
    if language(report) == "ja":
        return list(dict.fromkeys(m.group(1) for m in _JA_ACT.finditer(text) if len(m.group(1)) >= 2))
    verbs = (m.group(0).lower() for m in _EN_ACT.finditer(text))
    return list(dict.fromkeys(v for v in verbs if not _LIGHT.match(v)))


def _names(act: str, procedure: str, ja: bool) -> bool:
    """Whether the procedure's text names the act: a Japanese noun or one of its two-kanji halves, an English
    verb by its stem (packed / pack / packing)."""
    if ja:
        pieces = {act} | {
            act[i : i + 2] for i in range(len(act) - 1) if re.fullmatch(r"[\u4e00-\u9fff]{2}", act[i : i + 2])
        }
        return any(p in procedure for p in pieces)
    words = {stem(w) for w in _EN_WORD.findall(procedure.lower())}
    return stem(act) in words or stem(act.rstrip("d")) in words


def act_differs(report: str, procedure: str, title: str) -> str:
    """'' when the procedure's text (title, description, steps) names something the report says was done, or
    the act cannot be told (no act read, or the two in other languages); else why not."""
    if language(report) != language(procedure):
        return ""
    told = acts(report)
    if not told or any(_names(a, procedure, language(report) == "ja") for a in told):
        return ""
    return f'another act: report "{", ".join(told[:3])}", not named by "{" ".join(title.split())}"'


def act_named(report: str, procedure: str) -> str:
    """The report's act the procedure's text names, when the report names nothing the procedure does not (its
    case words, the usual way and the outcome left out): "Delivered NX-0470 the usual way, fine." of "Deliver
    translated files to the client portal"; never "Renewed the parking permits" of "Renew the TLS certificate".
    "" when none, or in the other language. Such a report is asked about, never skipped silently (trial 25 #9)."""
    if language(report) != language(procedure):
        return ""
    ja = language(report) == "ja"
    told = next((a for a in acts(report) if _names(a, procedure, ja)), "")
    return told if told and not _unnamed(report, procedure, ja) else ""


# words that name no thing of a report's own: function words, a way of saying it was done
_FUNCTION = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "from",
        "this",
        "that",
        "these",
        "those",
        "our",
        "their",
        "its",
        "all",
        "way",
        "today",
        "again",
        "also",
        "then",
        "just",
        "one",
        "two",
        "here",
        "there",
        "some",
        "any",
        "same",
        "usual",
        "normal",
    ]
)
_NOUN_JA = re.compile(r"[\u4e00-\u9fff々]{2,}|[\u30a0-\u30ffー]{2,}")


def _unnamed(report: str, procedure: str, ja: bool) -> list[str]:
    """The report's words of its own (what it worked on) that the procedure's text does not name."""
    text = without_case(report)
    for pattern in (USUAL, PROC_NOUN, DONE, FAILED):
        text = pattern.sub(" ", text)
    if ja:
        done = set(acts(report))
        return [w for w in _NOUN_JA.findall(text) if w not in done and w not in procedure]
    words = {stem(w) for w in _EN_WORD.findall(procedure.lower())}
    own = (w for w in _EN_WORD.findall(text.lower()) if len(w) > 2 and w not in _FUNCTION)
    return [w for w in own if not _EN_ACT.fullmatch(w) and not _LIGHT.match(w) and stem(w) not in words]
