"""A pasted question and its answer (`Q: …` / `A: …`) keep both, as written (trial 19 #4).

A FAQ pasted from a ticket, `Q: "My job failed … How do I see my real quota?"` / `A: Lustre counts quota per
group …`, was shaped like prose: the question's last sentence and the `A:` ran together into one sentence
(`How do I see my real quota?" A: …`), which the shaper dropped from the body and cut into the
description (`How do I see my real quota?" A`). A reader of a FAQ needs the question and the answer as
they were asked and given. `qa_pairs` finds the pairs (a line opening with `Q:` / `Question:` / 質問： / 問：,
then one opening with `A:` / `Answer:` / 回答： / 答え：; a full stop or a full-width colon after the label
too); `qa_shaped` keeps the text as written, one paragraph a label, and describes the note by its first
question (the sentence that asks, without its quotation marks), or, when the question asks nothing in so many
words (「ジョブがずっと PENDING になります」), by the whole question.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import sentences
from memdir.consolidation.daily.shape_cols import DESC_LIMIT
from memdir.consolidation.daily.shape_cols import cut as _cut

_Q = re.compile(
    r"^\s*(?:\*\*)?(?:Q|Question|質問|問)(?:\*\*)?\s*(?:\d+\s*)?[.:：．](?:\*\*)?\s*(\S.*)$", re.I
)
_A = re.compile(
    r"^\s*(?:\*\*)?(?:A|Answer|回答|答え?)(?:\*\*)?\s*(?:\d+\s*)?[.:：．](?:\*\*)?\s*(\S.*)$", re.I
)
MIN_ASKED = 6  # words (a CJK character half a word) from which the asking sentence alone describes a FAQ
_JA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_QUOTES = "\"'“”‘’「」『』"


# an answer on the question's own line after its question mark: `Q: Can I paint the walls? A: No, …` (trial 21)
_INLINE_A = re.compile(
    r"(?<=[?？])[\s\u3000]*(?:\*\*)?(?:A|Answer|回答|答え?)(?:\*\*)?\s*[.:：．](?:\*\*)?\s*(?=\S)", re.I
)


def qa_pairs(text: str) -> list[tuple[str, str]]:
    """The (question, answer) pairs of a text, each as written on its lines; [] when it holds none."""
    pairs: list[tuple[str, str]] = []
    question: list[str] | None = None
    answer: list[str] | None = None
    for line in text.splitlines():
        q, a = _Q.match(line), _A.match(line)
        inline = _INLINE_A.search(q.group(1)) if q else None
        if q and inline:  # the question and its answer on one line
            if question is not None and answer is not None:
                pairs.append((" ".join(question), " ".join(answer)))
            said = q.group(1)
            question, answer = [said[: inline.start()].strip()], [said[inline.end() :].strip()]
        elif q:
            if question is not None and answer is not None:
                pairs.append((" ".join(question), " ".join(answer)))
            question, answer = [q.group(1).strip()], None
        elif a and question is not None and answer is None:
            answer = [a.group(1).strip()]
        elif line.strip() and question is not None:
            (answer if answer is not None else question).append(line.strip())
    if question is not None and answer is not None:
        pairs.append((" ".join(question), " ".join(answer)))
    return pairs


def _size(text: str) -> float:
    """Words, a CJK character counting half a word."""
    return (
        len(re.findall(r"[A-Za-z0-9][\w.'-]*", text))
        + len(re.findall(r"[\u3040-\u30ff\u3400-\u9fff]", text)) / 2
    )


def asked(question: str) -> str:
    """What a question asks: its last sentence that ends with a question mark when that says what it is
    about (MIN_ASKED words or more: "How do I see my real quota?", not 「どうすれば使えますか？」), else all of it."""
    said = question.strip().strip(_QUOTES).strip()
    asks = [
        s.strip().strip(_QUOTES).strip() for s in sentences(said) if s.strip().rstrip(_QUOTES)[-1:] in "?？"
    ]
    return asks[-1] if asks and _size(asks[-1]) >= MIN_ASKED else said


def qa_shaped(text: str) -> tuple[str, str] | None:
    """(description, body) of a text of questions and answers, else None: the body as written, one
    paragraph a label, described by its first question."""
    pairs = qa_pairs(text)
    if not pairs:
        return None
    lines = [ln.rstrip() for ln in text.strip().splitlines()]
    body: list[str] = []
    for ln in lines:
        if (_Q.match(ln) or _A.match(ln)) and body and body[-1] != "":
            body.append("")  # each label opens its own paragraph
        body.append(ln)
    return faq_description([q for q, _ in pairs]), "\n".join(body)


def faq_description(questions: list[str]) -> str:
    """What a text of questions and answers is: one question is described by what it asks; two or more are a
    FAQ, said so in the note's language with the questions it answers (`FAQ, 4 questions: Who do I call …?
    Can I paint …?`, 「よくある質問（4問）：…？…？」), never by its first question alone (trial 21 #3e)."""
    asks = [asked(q) for q in questions]
    if len(asks) == 1:
        return _cut(asks[0], DESC_LIMIT)
    if sum(bool(_JA.match(c)) for c in "".join(asks)) * 2 >= len(re.sub(r"\W", "", "".join(asks))):
        return _cut(f"よくある質問（{len(asks)}問）：" + "".join(asks), DESC_LIMIT)
    return _cut(f"FAQ, {len(asks)} questions: " + " ".join(asks), DESC_LIMIT)
