"""The work a usage report names and the work a procedure's title names, as phrases (trial 27 #1c).

「根付（KCM-0712）の状態報告をいつも通り行った。変化なし。」 of an English procedure "Condition report for
outgoing loans" (a long prose opening, then steps) scored 0.18 and named nothing: across languages the
report and the procedure's opening share no word, and the whole title (0.45) sits as near as unrelated ones
(0.33-0.41). The report's work, 「状態報告」, and the title's act, "Condition report", are 0.68 apart: the
title's qualifier ("for outgoing loans") and the report's case and frame are what blur the whole texts.

`report_work` is what the report says was done, without the usual-way frame, the outcome after it, the case
words (route_usage_case) and a light verb ("did the soil test" -> "soil test"; 「…を行った」 -> 「…」);
`title_work` is the title's act, cut before its first qualifier ("for", "of", "after", "between"…, in
Japanese the closing 手順 / 方法 / やり方). route_usage_cross compares the two.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import sentences
from memdir.consolidation.daily.route_usage import USUAL
from memdir.consolidation.daily.route_usage_case import without_case
from memdir.consolidation.daily.route_usage_work import attempt_as_work, is_failure, is_outcome

_EN_QUALIFIER = re.compile(
    r"\s+(?:for|of|on|at|in|to|from|with|after|before|between|by|during|when|while|using|via|per|under|into|"
    r"onto|across|through)\s+.*$",
    re.I,
)
_JA_TAIL = re.compile(r"(?:の)?(?:手順書?|方法|やり方|仕方|マニュアル|フロー|手引き?)$")
_BARE_USUAL = re.compile(
    r"\b(?:(?:the|as|like)\s+)?(?:usual|normal|standard|regular|same)\s+(?:steps|way|procedure|process|routine)\b|"
    r"\bas usual\b|\bas always\b",
    re.I,
)
_LIGHT_EN = re.compile(
    r"^(?:(?:i|we)\s+)?(?:did|made|got|had|ran|performed|carried out|went through)\s+", re.I
)
_ARTICLE = re.compile(r"^(?:the|a|an|our|my|this|today's|tonight's)\s+", re.I)
# the verb after a Japanese work, light or done: 「…をした」「…を行った」「…を済ませた」「…した」
_JA_LIGHT = re.compile(
    r"を?(?:行った|行いました|行う|おこなった|やった|やりました|した|しました|済ませた|済ませました|実施した|実施しました|"
    r"実施|終えた|済み|完了)$"
)
_CLAUSE_JA = re.compile(r"[、,]")
# 「いつもの手順で」, and 「いつも通りの手順で」 whose の follows the usual-way word (trial 28 #3)
_JA_FRAME_NOUN = re.compile(
    r"\x00(?:の?(?:やり方|手順書?|方法|流れ|段取り|要領))?(?:で|に沿って|どおり|通り)?"
)
_TRAILING_EN = re.compile(r"(?:\s+(?:for|of|on|at|in|to|from|with|by|the|a|an|and|'s))+\s*$", re.I)
_VALUE = re.compile(r"[A-Za-z0-9-]*\d[A-Za-z0-9.-]*")
# a Japanese counter after a number (2件, 6台, 40頭): how many, never part of the work (「保証金を2件返金した」)
COUNTED_JA = re.compile(
    r"[0-9０-９]+\s*(?:件|台|個|枚|回|人|名|本|冊|通|箱|袋|点|組|匹|頭|着|足|杯|部|軒|社|か所|箇所|ヶ所)"
)


def title_work(title: str) -> str:
    """The act a procedure's title names: English cut before its first qualifier, Japanese without 手順/方法."""
    t = " ".join(without_case(title).split()).strip()
    if re.search(r"[\u3040-\u9fff]", t):
        return _JA_TAIL.sub("", t) or t
    return _EN_QUALIFIER.sub("", t) or t


_HOW_FRAME = re.compile(r"(?i)^\s*how\s+(?:to|we|i|do\s+(?:we|i|you))(?:\s+|$)")


def title_works(title: str) -> list[str]:
    """`title_work`, and when an English act is cut before "of", also the act with what it is done to
    ("Deep clean" and "Deep clean of a guest bathroom"): a report may name either."""
    title = _HOW_FRAME.sub("", title)  # "How we clean the surgery room": the act is "clean the surgery room"
    act = title_work(title)
    if len(act.strip()) < 3:  # an empty or one-letter act names no work (trial 28 re-check N1)
        return []
    t = " ".join(without_case(title).split()).strip()
    m = re.match(rf"({re.escape(act)}\s+of\s+)(.+)$", t, re.I)
    if m is None or re.search(r"[\u3040-\u9fff]", t):
        return [act]
    return [act, m.group(1) + (_EN_QUALIFIER.sub("", m.group(2)) or m.group(2))]


def report_work(report: str) -> str:
    """The work a usage report says was done: its first sentence that names the usual way, its clause that
    does, without the frame, the case words and a light verb ("" when nothing is left)."""
    # ids and numbers first: without_case's number pattern reads \w, which takes kana and kanji with them
    said = without_case(_VALUE.sub(" ", COUNTED_JA.sub(" ", report)))
    sents = sentences(said) or [said]
    at = next((i for i, s in enumerate(sents) if USUAL.search(s) or _BARE_USUAL.search(s)), 0)
    work = _work_of(sents[at])
    # 「…をやった。いつもの手順で6台、問題なし。」: the work was told just before (trial 29 #2)
    if not work and at > 0:
        work = _work_of(sents[at - 1])
    return work


def _work_of(sentence: str) -> str:
    """The work one sentence names; "" when what is left says only how it went (route_usage_work)."""
    work = _ja_work(sentence) if re.search(r"[\u3040-\u9fff]", sentence) else _en_work(sentence)
    return "" if is_outcome(work) or is_failure(work) else work


def _en_work(sentence: str) -> str:
    clause = re.split(r"[,;:]|\s+-\s+", sentence)[0]
    m = _BARE_USUAL.search(clause) or USUAL.search(clause)
    if m is not None:
        clause = clause[: m.start()] if m.start() > 0 else clause[m.end() :]
    clause = _ARTICLE.sub("", _LIGHT_EN.sub("", clause.strip(" .")))
    clause = _TRAILING_EN.sub("", clause)  # "for" left by a name taken out ("… for Dr. Ito")
    return " ".join(clause.split())


def _ja_work(sentence: str) -> str:
    # the frame with its noun: 「いつものやり方で」 leaves no 「やり方で」 behind
    text = _JA_FRAME_NOUN.sub("", USUAL.sub("\x00", sentence.rstrip("。．.!！"))).replace("\x00", "")
    text = re.sub(r"[（(][^）)]*[）)]", "", text)  # an aside, an id in brackets
    text = re.sub(r"(?<=[\u3040-\u9fff])\s+(?=[\u3040-\u9fff])", "", text)  # where a number or an id was
    # the clause with the done verb, else the longest; a clause that is only the verb (「…耳掃除、いつも通りの手順で
    # やりました」: 「やりました」) names no work, the clause before it does (trial 28 #3); how it went is no work: a
    # clause of the outcome or of the failure is passed over (trial 29 #2)
    clauses = [c for c in _CLAUSE_JA.split(text) if not is_outcome(c) and not is_failure(c)]
    works = [
        (
            bool(_JA_LIGHT.search(c.strip())),
            _JA_LIGHT.sub("", attempt_as_work(c.strip())).strip(" をのでにもはが"),
        )
        for c in clauses
    ]
    works = [(light, w) for light, w in works if w] or [(False, "")]
    clause = max(works, key=lambda lw: lw[0] * 100 + len(lw[1]))[1]
    return " ".join(clause.split())
