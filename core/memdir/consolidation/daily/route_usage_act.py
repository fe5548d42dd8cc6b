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

from memdir.consolidation.daily.past_tense import BASE_OF, PAST_VERB
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
# how it went: an outcome, not the work ("it went out fine", "worked fine", 「うまくいった」「問題なく終わった」)
_OUTCOME = re.compile(
    r"\b(?:it |that |all |everything )?(?:went|worked|ran|turned out|came out|went out)(?:\s+\w+)?\s+"
    r"(?:fine|well|ok|okay|smoothly|great|without (?:a hitch|issues|problems))\b|"
    r"\bno (?:issues|problems|errors|trouble|surprises)\b|"
    r"うまく(?:いった|いきました|いか[^。、]*)|問題(?:なく|なし|ありません)[^。、]*|無事[^。、]*",
    re.I,
)
OUTCOME = _OUTCOME  # how it went, never the work (route_usage_work reads it too)
# a light verb tells no act of its own ("Did the new books the usual way", "Got it done"): it is not read
_LIGHT = re.compile(r"^(?:did|done|made|got|had|went|was|were|been|took|kept|gave)$", re.I)


# a noun made from a verb (delivery, preparation, shipment, renewal, cleaning): with a light verb it names the act
_DEVERBAL = re.compile(r"^[a-z]{3,}?(?:tion|sion|ment|ery|ry|al|ance|ence|ing)$")
_NOUN_ENDINGS = ("ation", "ition", "ion", "ment", "y", "al", "ance", "ence", "ing")  # inspection -> inspect
_NOUN_PHRASE_END = re.compile(r"^(?:the|a|an|of|for|to|with|at|in|on|by|from|and|as|usual|way)$", re.I)


def _light_verb_noun(text: str) -> list[str]:
    """The act a light verb carries: the head noun of its object when it is made from a verb ("Did the Midori
    delivery" -> "delivery", "Made the monthly renewal" -> "renewal"; trial 25 re-check N5)."""
    out = []
    for m in re.finditer(
        r"\b(?:did|done|made|got|had|took|gave)\s+(?:the|a|an|our|this|that|its|their)\s+", text, re.I
    ):
        head = ""
        for w in re.findall(r"[A-Za-z][\w'’-]*", text[m.end() : m.end() + 80])[:4]:
            if _NOUN_PHRASE_END.match(w):
                break
            head = w
        if head and head.islower() and _DEVERBAL.match(head):
            out.append(head)
    return out


def acts(report: str) -> list[str]:
    """What the report says was done: its past verbs (English, as written), a light verb's noun made from a verb,
    or する nouns (Japanese). An outcome word ("worked", "went fine", "failed", 「うまくいった」「問題なし」) is
    what came of the work, never the act (trial 25 re-check N5)."""
    text = PROC_NOUN.sub(" ", USUAL.sub(" ", report))
    text = FAILED.sub(" ", DONE.sub(" ", _OUTCOME.sub(" ", text)))
    if language(report) == "ja":
        return list(dict.fromkeys(m.group(1) for m in _JA_ACT.finditer(text) if len(m.group(1)) >= 2))
    verbs = (m.group(0).lower() for m in _EN_ACT.finditer(text))
    return list(dict.fromkeys([v for v in verbs if not _LIGHT.match(v)] + _light_verb_noun(text)))


def _names(act: str, procedure: str, ja: bool) -> bool:
    """Whether the procedure's text names the act: a Japanese noun or one of its two-kanji halves, an English
    verb by its stem (packed / pack / packing) or, in the irregular past, by its present (sent / send)."""
    if ja:
        pieces = {act} | {
            act[i : i + 2] for i in range(len(act) - 1) if re.fullmatch(r"[\u4e00-\u9fff]{2}", act[i : i + 2])
        }
        return any(p in procedure for p in pieces)
    words = {stem(w) for w in _EN_WORD.findall(procedure.lower())}
    forms = [act, *([BASE_OF[act]] if act in BASE_OF else [])]  # sent -> send: no stemmer joins them
    forms += [act[: -len(x)] for x in _NOUN_ENDINGS if _DEVERBAL.match(act) and act.endswith(x)]
    return any(stem(a) in words or stem(a.rstrip("d")) in words for a in forms)


def act_differs(report: str, procedure: str, title: str) -> str:
    """'' when the procedure's text (title, description, steps) names something the report says was done, or
    the act cannot be told (no act read, or the two in other languages); else why not."""
    if language(report) != language(procedure):
        return ""
    told = acts(report)
    if not told or any(_names(a, procedure, language(report) == "ja") for a in told):
        return ""
    return f'another act: report "{", ".join(told[:3])}", not named by "{" ".join(title.split())}"'


def act_named(report: str, procedure: str, title: str = "") -> str:
    """The report's act the procedure's text names, when the report names nothing the procedure does not (its
    case words, the usual way and the outcome left out): "Delivered NX-0470 the usual way, fine." of "Deliver
    translated files to the client portal"; never "Renewed the parking permits" of "Renew the TLS certificate".
    "" when none, or in the other language. Such a report is asked about, never skipped silently (trial 25 #9)."""
    if language(report) != language(procedure):
        return ""
    ja = language(report) == "ja"
    told = next((a for a in acts(report) if _names(a, procedure, ja)), "")
    return told if told and not _unnamed(report, procedure, ja, title) else ""


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


_PLACEHOLDER = re.compile(r"\{[^{}\n]{1,40}\}|<[^<>\n]{1,40}>")
# a name: capitalised words inside a sentence ("for Midori Foods"), a katakana or Latin name before の (「ネクサの」)
_NAME_EN = re.compile(r"(?<=[a-z,] )[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")
_NAME_JA = re.compile(r"(?:[\u30a0-\u30ffー]{2,}|[A-Za-z][\w-]*)(?=の)")


def _without_names(text: str, title: str) -> str:
    """The text without the names that fill a placeholder of the procedure (its title or steps): "Prepare a quote
    for {name}" and "Prepared a quote for Midori Foods" tell the same work for one case (trial 25 re-check N1)."""
    if not _PLACEHOLDER.search(title):
        return text
    names = {w for m in _NAME_EN.finditer(text) for w in m.group(0).split()}  # also in the heading
    text = re.sub(r"\S+", lambda m: " " if m.group(0).strip(".,;:!?") in names else m.group(0), text)
    for name in sorted({m.group(0) for m in _NAME_JA.finditer(text)}, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def _unnamed(report: str, procedure: str, ja: bool, title: str = "") -> list[str]:
    """The report's words of its own (what it worked on) that the procedure's text does not name."""
    text = _without_names(without_case(_OUTCOME.sub(" ", report)), f"{title}\n{procedure}")
    for pattern in (USUAL, PROC_NOUN, DONE, FAILED):
        text = pattern.sub(" ", text)
    if ja:
        done = set(acts(report))
        return [w for w in _NOUN_JA.findall(text) if w not in done and w not in procedure]
    own = (w for w in _EN_WORD.findall(text.lower()) if len(w) > 2 and w not in _FUNCTION)
    return [
        w for w in own if not _EN_ACT.fullmatch(w) and not _LIGHT.match(w) and not _names(w, procedure, False)
    ]
