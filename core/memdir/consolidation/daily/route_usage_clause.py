"""A use of the usual way told inside a longer text: the clause that says so (trial 28 #3).

"Sent December's vaccine reminders using the usual procedure: 51 owners, 4 postcards. Two bounced on LINE
because the owners blocked the clinic account; I called them instead." and "Mei did the nail trim and ear
clean the usual way and flagged it; Dr. Aoki saw her … and prescribed Otomax" were no usage reports to the
usage model (0.06: "because", "instead" and the colon are its signs of new material; 0.32: a story whose
first sentence is not the report), so neither counted. Each holds a *usual-way clause*: a clause told as
done that names the usual way ("<someone> did X the usual way", "Sent X using the usual procedure",
「いつもの手順で送ったが、…」). `usual_clause` finds it; the planner names a procedure by it
(route_plan, route_usage_name) besides whatever else the text is kept as.

Not a use: the usual way negated or set against ("instead of the usual way", "not the usual steps",
"skipped the usual procedure", 「いつもの手順ではなく」「いつもの手順を使わず」), asked or planned ("Should we do
it the usual way?", "will do it the usual way tomorrow", 「いつもの手順でやる予定」), or a clause that does not
open with a verb told as done (its subject, a pronoun or a name, may come first).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import sentences
from memdir.consolidation.daily.past_tense import JA_PAST_END, PAST_VERB
from memdir.consolidation.daily.route_usage import _USUAL_BARE, USUAL, names_usual_way, usage_outcome

__all__ = ["clause_use", "sets_usual_aside", "use_outcome", "usual_clause"]

_JA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# the clause's subject before its verb: a pronoun, up to three capitalised words ("Mei", "Dr. Aoki",
# "Yuki and I") or a determiner and one or two words ("the night shift"), then an optional adverb ("also")
# (case matters for the names: only the pronouns and the verb are read in either case)
_SUBJECT = (
    r"(?:(?i:i|we|they|she|he|you)|(?:(?i:the)\s+)?(?:[A-Z][\w'.-]*\s+){0,2}[A-Z][\w'.-]*"
    r"(?:\s+and\s+(?:I|[A-Z]\w*))?|(?i:the|our|my)\s+[a-z]+(?:\s+[a-z]+)?)"
)
_DONE_OPENING = re.compile(
    rf"^(?:{_SUBJECT}\s+)?(?i:(?:also|just|then|finally|already)\s+)?(?i:{PAST_VERB})\b"
)
# the usual way negated, set against, or not (yet) done: no use of it
_NOT_USED_EN = re.compile(
    r"\b(?:not|n't|never|no longer|instead of|rather than|unlike|without|skipp\w*|abandon\w*|ignor\w*|"
    r"deviat\w*|departed from|than|should|shall|will|would|could|might|may|must|going to|plan\w*|"
    r"intend\w*|want\w*|tomorrow|next|every|each time|whenever|always|usually)\b|\?",
    re.I,
)
_NOT_USED_JA = re.compile(
    r"ではなく|じゃなく|でなく|を使わず|を使わない|と違|とは違|に従わず|通りにいか|通りにはいか|予定|つもり|たい|よう[。、]|"
    r"ましょう|しよう|ない|ず[、。]|ません|か[？?]|[？?]"
)
# the Japanese usual way as an adverb of the work: 「いつも通り」「いつもの手順で」「例年どおり」「手順書に沿って」
# (not 「いつものおばあちゃん」, 「通常の予備食」: a usual thing, not a usual way of doing)
_JA_FRAME = re.compile(
    r"(?:いつも|普段|従来|前回|毎回|例年|通常|所定)(?:の)?"
    r"(?:[^、。,]{0,10}?(?:手順書?|やり方|段取り|流れ|方法|要領|チェックリスト|表|フロー|ルーティン))?"
    r"(?:通り|どおり|とおり|と同じ|同様|のように|ように|で|に沿って|に従って)|"
    r"(?:手順書?|チェックリスト|マニュアル)(?:の)?(?:通り|どおり|とおり|に沿って|に従って)|例によって"
)
# the usual way set aside: right before the frame in English, right after it in Japanese
# (English: anywhere in the frame's clause before it, "Didn't do the reconciliation the usual way")
_SET_ASIDE_EN = re.compile(
    r"(?:\b(?:instead of|rather than|unlike|without|not|never|no longer|skipp\w*|ignor\w*|abandon\w*|"
    r"deviat\w* from|departed from)|n't)\s",
    re.I,
)
_SET_ASIDE_JA = re.compile(
    r"^(?:は|も)?(?:なく|なし|ない|使わず|使わない|やらず|せず|しなかった|できなかった|と違|とは違)"
)
_SET_ASIDE_JA_WAY = re.compile(
    r"(?:いつも|普段|通常|従来|例)の(?:手順書?|やり方|方法|段取り|流れ|チェックリスト)(?:を|は)?"
    r"(?:使わず|使わない|使わなかった|省略し|飛ばし|無視し|やめ)"
)
_CLAUSE_END_EN = re.compile(r"[,;:]|\s+(?:and|but|then|so|because|while|until)\s+|\s+-\s+", re.I)
_CLAUSE_START_EN = re.compile(r".*(?:[;:]|\s+-\s+)\s*", re.S)
# a Japanese done clause after the frame: up to the first past ending, bare or before が／けど／ので／、／。
_JA_DONE_AFTER = re.compile(
    rf"^[^。！？!?]*?(?:{JA_PAST_END}|済み|済ませ|完了|実施)(?=が|けど|けれど|ので|から|[、,。．.！!]|$)|"
    # a log's sentence closed by its act, an object or a place before it: 「波情報をLINEに投稿。」 (trial 31 #2)
    r"^[^。！？!?、,]*?[をにへ][^。！？!?、,]*?[\u4e00-\u9fff]{2,}(?=[。．！!])"
)


def usual_clause(body: str) -> str | None:
    """The first clause of `body` that tells the usual way used, as done; None when no clause does."""
    found = _find(body)
    return found[0] if found else None


def clause_use(body: str) -> tuple[str, str] | None:
    """The usual-way clause and the outcome told from its sentence on (route_usage.usage_outcome: "…, but
    the pH was not neutral" is a failure), or None when `body` holds no such clause."""
    found = _find(body)
    return None if found is None else (found[0], usage_outcome(found[1]))


def use_outcome(body: str) -> str:
    """The outcome a usage report tells, read from its first sentence that names the usual way on: what a
    story says before the use is its context, not how the use went (「コピー機が一台止まり、修理を呼んだ。…
    いつもの手順で用紙を発注したが、問屋が休みだったので別の店にファクスした。」 read 止ま as a failure of the order)."""
    sents = sentences(body)
    at = next((i for i, s in enumerate(sents) if names_usual_way(s)), 0)
    return usage_outcome(" ".join(sents[at:]) if at else body)


def sets_usual_aside(body: str) -> bool:
    """Whether `body` names the usual way only to set it aside ("Counted the stock by hand instead of the
    usual procedure", "didn't follow the usual steps", 「いつもの手順ではなく、手で数えた」): no clause tells it
    used, and one says it was not. Such a text is no report of using the procedure, whatever the usage model
    reads (it read both as successes)."""
    if _find(body) is not None:
        return False
    for sent in sentences(body):
        if _JA.search(sent):
            if _SET_ASIDE_JA_WAY.search(sent) or any(
                _SET_ASIDE_JA.match(sent[m.end() :]) for m in _JA_FRAME.finditer(sent)
            ):
                return True
        elif any(_SET_ASIDE_EN.search(_CLAUSE_END_EN.split(sent[: m.start()])[-1]) for m in _frames(sent)):
            return True
    return False


def _find(body: str) -> tuple[str, str] | None:
    """The clause and the text its outcome is read from (its sentence and the rest)."""
    sents = sentences(body)
    for i, sent in enumerate(sents):
        found = None
        if _JA.search(sent):
            frame = _JA_FRAME.search(sent)
            found = _ja_clause(sent, frame) if frame else None
        else:
            frame = next((m for m in _frames(sent) if not _in_brackets(sent, m.start())), None)
            found = _en_clause(sent, frame) if frame else None
        if found:
            return found, " ".join(sents[i:])
    return None


def _frames(sent: str) -> list[re.Match[str]]:
    """The usual-way frames of an English sentence, in order; a bare "routine" ("ran the priming routine")
    names a thing, not the way it was done."""
    found = [*USUAL.finditer(sent), *_USUAL_BARE.finditer(sent)]
    return sorted((m for m in found if m.group(0).lower() != "routine"), key=lambda m: m.start())


def _in_brackets(sent: str, at: int) -> bool:
    """Whether `at` is inside a bracket's aside ("(fine, doubled in 4 h as usual)": the levain, not the work)."""
    before = sent[:at]
    return before.count("(") > before.count(")")


def _en_clause(sent: str, frame: re.Match[str]) -> str | None:
    """The English clause around the frame, when it opens with a verb told as done and nothing unsays it."""
    head = _CLAUSE_START_EN.sub("", sent[: frame.start()])  # from the last ";" or ":" before the frame
    head = head[head.rfind(", ") + 2 :] if not _DONE_OPENING.match(head.strip()) and ", " in head else head
    tail = _CLAUSE_END_EN.split(sent[frame.end() :], maxsplit=1)[0]
    clause = " ".join(f"{head}{sent[frame.start() : frame.end()]}{tail}".split()).strip(" .")
    if not _DONE_OPENING.match(clause) or _NOT_USED_EN.search(f"{head} {tail}"):
        return None
    return clause


def _ja_clause(sent: str, frame: re.Match[str]) -> str | None:
    """The Japanese clause from the sentence's last 。／、 before its work to the first done verb after the frame."""
    after = sent[frame.end() :].lstrip("、, ")
    done = _JA_DONE_AFTER.match(after)
    # one clause: the work done right after the frame (「いつも通り、…作っておいて、…」 is none)
    if done is None or re.search(r"[、,]", done.group(0)) or _NOT_USED_JA.search(after[: done.end() + 3]):
        return None
    if re.fullmatch(r"(?:だった|でした)", done.group(0)):
        return None  # 「…は手順どおりだった」: a state said of a story, no work told as done
    start = max(sent.rfind("。", 0, frame.start()) + 1, 0)
    clause = f"{sent[start : frame.end()]}{done.group(0)}".strip(" 、,")
    return clause or None
