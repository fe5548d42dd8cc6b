"""A note's title: the episode's heading as written, else the phrase its first line opens with.

The part before a colon, or the first clause without "Today," / "again"; a mail's "FW:" and a commit's
"fix(api):" prefixes go, a question is kept whole (or as its task), and a procedure's title starts with
the base form of its verb ("Rotated the DB password" -> "Rotate the DB password").
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, strip_marker, units
from memdir.consolidation.daily.sentence_ends import split_sentences
from memdir.consolidation.daily.shape_case import cap_first
from memdir.consolidation.daily.shape_central import central_opening, vague
from memdir.consolidation.daily.shape_cols import cut as _cut
from memdir.consolidation.daily.shape_cols import one_line as _one_line
from memdir.consolidation.daily.shape_cols import width
from memdir.consolidation.daily.shape_desc import meta_phrase
from memdir.consolidation.daily.shape_fit import fit_title, question_title
from memdir.consolidation.daily.shape_items import CLAUSE_END as _CLAUSE_END
from memdir.consolidation.daily.shape_items import depth as _depth
from memdir.consolidation.daily.shape_items import unlabel as _unlabel
from memdir.consolidation.daily.shape_lead import candidates, ja_title_clause, opening_topic
from memdir.consolidation.daily.shape_opening import ASIDE, EMPHASIS, JA_TOPIC, QA, SPEAKER, unquote
from memdir.consolidation.daily.shape_task import lead_task
from memdir.consolidation.daily.shape_text import is_meta, past_to_base, strip_narrative, title_phrase

TITLE_LIMIT = 72
_CHECKBOX = re.compile(r"^\[[ xX]\]\s*")
_SAID_END = re.compile(r"(?<=[a-z0-9)][.!])\s+(?=\S)")
_CODE_COMMENT = re.compile(r"^\s*(?:#|//|--)\s*(?!!)(\S.*)$")


def item_text(unit: str) -> str:
    """A list item without its marker and checkbox."""
    return _CHECKBOX.sub("", strip_marker(unit))


def first_line(blocks: list[Block]) -> str:
    """The opening sentence, item or heading; for code alone, its first comment."""
    for b in blocks:
        if b.kind in ("para", "list", "heading"):
            first = units(b)[0] if b.kind != "heading" else b.text.lstrip("# ")
            return _one_line(item_text(first))
    for b in blocks:
        for line in b.text.splitlines()[1:]:
            m = _CODE_COMMENT.match(line)
            if m:
                return _one_line(m.group(1))
    return ""


_MAIL_PREFIX = re.compile(
    r"^(?:\s*(?:re|fw|fwd|aw|wg|転送|返信)\s*[:：]\s*)+", re.I
)  # "FW: how to set up..."
COMMIT_PREFIX = re.compile(r"^[a-z]+(?:\([^)]*\))?!?:\s+")
STEPS_OF = re.compile(
    r"^(?:add(?:ed)?\s+)?(?:the\s+)?(?:steps?|how|runbook|procedure|checklist)\s+(?:for|to|on)\s+", re.I
)


# a closing parenthesis naming the person a note was written for: 「（山本さん向け）」「（新人さんへ）」, "(for Tanaka-kun)"
_READER = re.compile(
    r"(?<=.{2})\s*[（(](?:[^（）()]{1,16}?(?:さん|くん|君|様|ちゃん|氏)|新人|後輩|担当者?)(?:向け|宛て?|へ)?[）)]$|"
    r"(?<=.{2})\s*\((?:for|to)\s+(?:the\s+new\s+\w+|[A-Z][a-z]+-(?:san|kun|chan|sama|sensei))\)$"
)


def make_title(kind: str, given: str, blocks: list[Block], page: bool = False) -> str:
    """The note's title: the heading as written, else the phrase the episode opens with."""
    given = _one_line(given).strip(" .。:：")
    source = "\n\n".join(b.text for b in blocks)  # a name spelt in lower case there keeps its case
    mail = _MAIL_PREFIX.match(given)
    if mail and given[mail.end() :].strip(" .。:："):
        given = given[mail.end() :].strip(" .。:：")
        given = cap_first(given)  # "FW: how to set up..." -> "How to set up..."
    # 「来年の高校献血バス担当者へ」 names its reader: the note is about 「来年の高校献血バス」
    given = re.sub(r"(?<=.{2})の?(?:担当者|担当の方|担当|係|の方|皆さん|みなさん|各位|さん|様)へ$", "", given)
    given = _READER.sub(
        "", given
    )  # 「洗米のやり方（山本さん向け）」, "(for Tanaka-kun)": whom it was written for (trial 30 #7)
    if given and (page or not vague(given, blocks)):  # "Notes" says nothing of the note
        return _cut(given, TITLE_LIMIT)
    task = lead_task(candidates(blocks)[:3]) if kind == "procedures" and blocks[0].kind != "heading" else ""
    if task:  # "Jo asked how we set a lane for under-8s" -> "Set a lane for under-8s"
        return fit_title(task, TITLE_LIMIT)
    opening = opening_topic(blocks)  # not "Pasting this because…", 「佐伯 様」, "Re your question about X"
    opening = central_opening(kind, blocks, opening or first_line(blocks))  # not a frame line
    line = COMMIT_PREFIX.sub("", EMPHASIS.sub("", opening))  # "**Mo:** the maglock…"
    aside = ASIDE.match(line)  # "(voice memo, typed up) so how we load...": the aside is not the subject
    if aside and len(line) - aside.end() >= 12:
        line = line[aside.end() :]
    if is_meta(line):  # "本番へのデプロイ手順をまとめた。" -> "本番へのデプロイ手順"
        line = meta_phrase([line]) or line
    speaker = SPEAKER.match(line)
    listed = speaker and re.match(
        r"[・•\-*①-⑳]|\d+[.)]\s", line[speaker.end() :]
    )  # 「…の電源接続： ・プラグを…」
    if speaker and not listed and ("**" in speaker.group(0) or len(speaker.group(0).split()) <= 2):
        line = line[speaker.end() :]
    line = STEPS_OF.sub("", line)
    line = _unlabel(line) if QA.match(line) else line  # "Q: the card reader shows E42"
    line = re.sub(r"^\s*[QqＱ][.．]\s*", "", line)  # 「Q. なぜ…のか？」
    asked = strip_narrative(unquote(line)).strip()
    if re.search(r"[?？]$", asked) and not re.search(r"[?？。.!](?=\s*\S)", asked[:-1]) and len(asked) >= 8:
        asked = question_title(asked, kind, TITLE_LIMIT)  # a question is kept whole, or as its task
        return cap_first(asked, source)
    colon = re.search(r"(?<!\d)[:：]|[:：](?!\d)", line)  # not the colon of a time ("until 15:00")
    if (
        colon and 3 <= colon.start() <= 70 and not _depth(line[: colon.start()])
    ):  # not inside 「（受：佐野）」
        line = line[: colon.start()]
    said = split_sentences(
        _SAID_END, line
    )  # "dock gate 3 stuck shut again. fix": one sentence; not "2. Dezember"
    line = said[0] if len(said) > 1 and len(said[0]) >= 12 else line
    topic = JA_TOPIC.match(line) if kind == "procedures" else None
    if topic:  # 「月末の棚卸しは、通路ごとに…」: the topic is what the steps are for
        line = topic.group(1)
    head = re.split(r"\s+(?=まず|最初に|はじめに)", line)[0]  # 「閉店後の掃除 まず湯船の栓…」
    line = head if kind == "procedures" and len(head) >= 2 else line
    line = title_phrase(strip_narrative(unquote(line)), kind)
    line = ja_title_clause(line, long=width(line) > TITLE_LIMIT)  # not cut after 「…しても」
    m = _CLAUSE_END.search(line)
    if m and m.start() >= 12 and (len(line) > 50 or not colon):
        line = line[: m.start()]
    line = re.sub(
        r"(?<=[\u3040-\u30ff\u4e00-\u9fff])[はがをも]$|(?<=[\u30a0-\u30ff\u4e00-\u9fffー0-9])で$",
        "",
        unquote(strip_narrative(line).strip(" .。!！")),
    )  # 「…年額36,500円で」
    line = re.sub(r"\s+(?:u+m+|u+h+|erm|er)\b,?(?=\s)", "", line, flags=re.I)  # a voice memo's "um"
    words = line.split()
    if kind == "procedures" and words:
        low = words[0].lower()
        if low in ("to", "i", "we") and len(words) > 1:  # "To restore a table" / "I rotated the key"
            words = words[1:]
        base = past_to_base(words[0])
        if base:
            words[0] = base
    named = cap_first(" ".join(words), source)  # "iPhone", "eSIM", `kubectl`, a path keep their case
    return fit_title(re.sub(r"\s*[\u2600-\u27bf\U0001f000-\U0001faff]+$", "", named), TITLE_LIMIT) or "Note"
