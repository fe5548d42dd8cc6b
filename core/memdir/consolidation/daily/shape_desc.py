"""A procedure's description says what the steps are for, never the steps chained.

Readers keep a description that says what a procedure achieves or when it is used ("Since you're covering
the depot on Tuesdays, here's how we handle a parcel that comes back refused"), and drop one that copies
the title and strings the first clause of each step together (`Title: step; step; …`, 「…: 選びますが →
…」). So:
- the sentence of purpose or condition the episode gives (its lead, "If the laptop will not boot",
  「証明書の更新が失敗したときは」) is the description on its own, whole, or cut where a phrase ends;
- when that sentence only says the title again (or there is none) and the person numbered the steps (an
  ordered list, numbered or told lines), the description says how many steps there are and where they
  start and end, each quoted as written: `5 steps, from "Scan it with status RFD" to "Log the cage count"` /
  「5つの手順：「…」から「…」まで」. The count and the frame are the only words it adds;
- a note of bullets or of commands (a fenced shell block, pasted shell history) has no steps the person
  counted: its description is what the note holds (its labelled bullets, `TODO:`, `fix:`, `ref:`) or the
  title, never `N steps, from "- note" to "- link"` (trial 13 #3).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences, units
from memdir.consolidation.daily.shape_case import cap_first
from memdir.consolidation.daily.shape_central import terms
from memdir.consolidation.daily.shape_cols import DESC_LIMIT, WIDE, one_line, width
from memdir.consolidation.daily.shape_fit import fit_title
from memdir.consolidation.daily.shape_items import head, unlabel
from memdir.consolidation.daily.shape_preamble import WAY_IS
from memdir.consolidation.daily.shape_task import NO_VERB
from memdir.consolidation.daily.shape_text import is_meta, strip_narrative

# a step head that leans on the next clause (a reason, a contrast, a condition, a topic, a bare particle)
_LEANS = re.compile(
    r"(?:が|ので|から|けど|けれど|ては|ても|たら|てから|れば|えば|場合|のみ|は|の件|を|に|で|と|て)$|"
    r"\b(?:if|when|and|or|but|so|then|to|the|a|of|with|for|until|once|before|after)$",
    re.I,
)
_JA_FINAL = re.compile(r"(?:[うくすつぬふむゆるぐぶたいだ]|ます|です|[)）」』])$")
# a lead that only announces the steps ("steps I ran:", 「実行したコマンド：」) says nothing they are for
_ANNOUNCES = re.compile(
    r"^(?:the\s+|here(?:'s| is| are)\s+)?(?:steps?|commands?|what)\s+(?:i|we)\s+(?:ran|did|used|typed)\b|"
    r"^(?:やったこと|実行した(?:コマンド|手順)|打ったコマンド)",
    re.I,
)
_PAIRS = {'"': '"', "“": "”", "「": "」", "『": "』", "'": "'", "‘": "’"}
_EMPTY_META = re.compile(
    r"\b(?:what (?:i|we) did|so (?:i|we) (?:don't|do not|won't) forget|for (?:future reference|next time|the record)|"
    r"to remember)\b|"
    r"\bfor (?:whoever|anyone who|the next (?:person|one|guy|girl))\b[^,.:;]*",  # "for whoever does the next one"
    re.I,
)


# what someone asked, when the text is the answer: "Someone asked how we clean the e-bikes …, so here it is.",
# 「雨の日のあとの洗い方を聞かれたので書いておく。」: the task the steps are for (trial 29 #9)
_ASKED = re.compile(
    r"(?i)\basked\s+(?:(?!(?:how|what|when|where|why)\b)[\w'-]+\s+){0,5}(?P<task>(?:how|what|when|where|why)\b[^.!?]{4,100}?),?\s+so here\b|"
    r"^(?P<ja>[^、。]{3,40}?)(?:を|について)(?:聞かれた|質問された|尋ねられた|訊かれた)(?:ので|から)"
)


def asked_task(lead: list[str]) -> str:
    """The task a lead says someone asked about ("How we clean the e-bikes after a rainy day"), else ""."""
    for s in lead[:2]:
        m = _ASKED.search(one_line(s))
        if m:
            return cap_first((m.group("task") or m.group("ja")).strip(" ,、"))
    return ""


def meta_phrase(meta: list[str]) -> str:
    """An announcement as a phrase: "本番へのデプロイ手順をまとめた。" -> "本番へのデプロイ手順"."""
    for s in meta:
        t = one_line(s).rstrip(":：.。")
        t = re.sub(r"(?:を|について)?(?:まとめ|メモ|書い|書き残|残し|記録|共有)[^、。]*$", "", t)
        t = re.sub(
            r"(?:を|について)[^、。]{0,20}?に(?:教え|説明し|伝え|見せ)[^、。]*$", "", t
        )  # told someone (trial 28)
        t = re.sub(
            r"^(?:here(?:'s| is| are)|i (?:wrote|noted|jotted) (?:up|down)|writing down|noting|"
            r"(?:i |we )?(?:showed|taught|explained to|walked) (?:the new \w+|\w+)(?: through)?)\s+",
            "",
            t,
            flags=re.I,
        )
        t = re.sub(_EMPTY_META, "", t).strip(" ,:")
        t = strip_narrative(t)
        if len(t) >= 4:
            return cap_first(t)
    return ""


# the words of an announcement, which name no task: "here is the procedure", "steps", 「手順」「やり方」
_ANNOUNCE_WORDS = re.compile(
    r"\b(?:here(?:'s| is| are)|the|our|my|steps?|how|to|procedure|runbook|checklist|process|instructions|"
    r"what|i|we|did|ran|used|below|follows?|as)\b|手順|やり方|方法|流れ|チェックリスト|以下|下記|次|の|は",
    re.I,
)


def names_task(line: str) -> bool:
    """Whether a line that announces steps also names what they are for ("Chain replacement procedure:",
    「オーブン1の扉パッキン交換手順：」), unlike "Steps I ran:", "Here's how:", 「手順：」「以下の手順」."""
    s = one_line(line).rstrip(" :：")
    if not s or _ANNOUNCES.match(s) or _EMPTY_META.search(s):
        return False
    return len(terms(_ANNOUNCE_WORDS.sub(" ", s))) >= 1


def announces(b: Block) -> bool:
    """A paragraph that only announces the steps ("Steps I ran:", 「手順をまとめた。」); a lead ending in a colon
    that names what they are for (「オーブン1の扉パッキン交換手順：」, "Chain replacement procedure:") is the
    steps' lead, kept in the body and read for the description (trial 18 re-check N4)."""
    if b.kind != "para" or not all(is_meta(u) for u in units(b)):
        return False
    return not (len(units(b)) == 1 and b.text.rstrip().endswith((":", "：")) and names_task(b.text))


def says_title(text: str, title: str) -> bool:
    """Whether text says nothing the title does not (its content terms are the title's, or almost)."""
    own, said = terms(title), terms(text)
    if not said:
        return True
    return len(said - own) <= max(1, len(said) // 5)


def _unwrap(text: str) -> str:
    """Text without the quotes around the whole of it; a quotation that opens a step and closes inside it
    (「保守メニュー」から…) keeps both of its marks."""
    text = text.strip()
    close = _PAIRS.get(text[:1], "")
    if close and len(text) > 1 and text.find(close, 1) == len(text) - 1:
        return text[1:-1].strip()
    return text


def _step_end(step: str, room: int) -> str:
    """A step as one end of the span: its first clause, or its first sentence when that clause leans on the
    next one (「希望時間帯を選びますが」), cut where a phrase ends."""
    h = _unwrap(head(step))
    # 「…を更新し」「…に載せ」: a Japanese clause not in a final form leans on the next one (trial 27 #6)
    leans = _LEANS.search(h) or (WIDE.search(h[-1:]) and not _JA_FINAL.search(h))
    if width(h) >= 16 and not leans:  # not "At 21:45", "On the 220"
        return fit_title(h, room)
    first = _unwrap(sentences(one_line(unlabel(step)))[0]).rstrip("。.")
    return fit_title(first, room)


_TRAIL = re.compile(r"[\s.。!！?？:：)）\]」』`*_\"']+$")
_CODE = re.compile(r"`[^`]*`")


def _japanese(step: str) -> bool:
    """A step written in Japanese: it ends in Japanese (its predicate, 「…を実行する」 after a command), or most
    of its letters outside code are; one Japanese name in an English step ("Called 田中さん: Tanaka KK
    switches …") does not make it Japanese (trial 23 #3: an English note got 「2つの手順：…」)."""
    end = _TRAIL.sub("", step)
    if end and WIDE.search(end[-1]):
        return True
    letters = [c for c in _CODE.sub(" ", step) if c.isalpha()]
    return bool(letters) and sum(bool(WIDE.search(c)) for c in letters) * 2 >= len(letters)


def _span(steps: list[str], limit: int = DESC_LIMIT) -> str:
    """`N steps, from "first" to "last"` (English) / 「N つの手順：「first」から「last」まで」 (Japanese)."""
    room = (limit - 28) // 2
    if len(steps) < 2:
        return whole(sentences(one_line(unlabel(steps[0])))[0]) if steps else ""  # one step: said whole
    first, last = _step_end(steps[0], room), _step_end(steps[-1], room)
    ja = _japanese(steps[0]) or _japanese(steps[-1])
    if ja:  # a quotation inside a quotation is 『』, as Japanese writes it
        first, last = (s.replace("「", "『").replace("」", "』") for s in (first, last))
        return f"{len(steps)}つの手順：「{first}」から「{last}」まで"
    first, last = (s.replace('"', "'") for s in (first, last))
    return f'{len(steps)} steps, from "{first}" to "{last}"'


# a title or lead that is itself "How I wrap a teapot so it survives EMS", "How to re-string a racket": the task
_HOW_TASK = re.compile(
    r"^\W*how\s+(?:to|(?:i|we|you)(?:\s+(?:usually|normally|always|now))?)\s+(?P<task>[a-z][a-z-]+\s+\S.*)$",
    re.I,
)


def how_task(text: str) -> str:
    """The task a "How I/we/to …" title or lead names, said as what the note is for ("How I wrap a teapot so
    it survives EMS" -> "Wrap a teapot so it survives EMS"); "" for any other text (trial 24 #14: such a
    note was described `3 steps, from "…" to "…"`, the count and the frame being all it said)."""
    m = _HOW_TASK.match(one_line(text).rstrip(" .:：?？"))
    task = m.group("task") if m else ""
    verb = task.split(" ", 1)[0].lower()
    if (
        verb in NO_VERB or verb in ("got", "did") or re.search(r"[^e]ed$", verb)
    ):  # "how we would like …", "how I got it …"
        return ""  # a modal or a past tense tells what happened, not a task
    task = task.capitalize() if task.isupper() else task  # "HOW TO DELIVER A STONE"
    return whole(cap_first(task)) if len(terms(task)) >= 2 and not re.search(r"[?？]", text) else ""


def whole(sentence: str) -> str:
    """A sentence on one line, at most `DESC_LIMIT` columns, cut where a phrase ends."""
    return fit_title(sentence.rstrip(" :："), DESC_LIMIT)


def procedure_summary(
    purpose: str,
    title: str,
    steps: list[str],
    context: list[str] = [],  # noqa: B006
    condition: bool = False,
    counted: bool = True,
    held: str = "",
) -> str:
    """The purpose or condition on its own when it says more than the title, else the first context sentence
    that does (the lead before the steps, whole), else where the steps go. A short condition ("If the gate
    sticks", 「閉園後、最後のお客様が出たら」) says when, and then where the steps go. Steps the person did not
    number (bullets, commands: not `counted`) are never counted: what the note holds (`held`), else the title."""
    for i, said in enumerate((purpose, *context)):
        said = _unwrap(said)
        aside = said.startswith(("(", "（")) and said.rstrip("。. ").endswith((")", "）"))
        aside = aside or all(w.startswith("#") for w in said.split())  # "#winter #gantry" says no purpose
        aside = aside or bool(_ANNOUNCES.match(said))
        aside = aside or bool(WAY_IS.search(said))  # "After X the room is a mess, so the way we do it is:"
        if said and not aside and not says_title(said, title) and width(said) >= (24 if i else 16):
            if i or not condition or width(said) > 60 or len(steps) < 2 or not counted:
                return whole(said)
            span = _span(
                steps, DESC_LIMIT - width(said) - 2
            )  # a bare condition: when, then where the steps go
            return f"{said}{'、' if WIDE.search(said) else ': '}{span}"
    if not counted:  # bullets or commands: what the note holds, never a count; one command: what it does
        words = steps[0].split(": `")[0] if len(steps) == 1 and ": `" in steps[0] else ""
        return (
            whole(words) if words else held or whole(title if _ANNOUNCES.match(purpose) else purpose or title)
        )
    task = how_task(purpose) or how_task(title)  # the task the steps are for, before a count of them
    if task and not _HOW_TASK.match(one_line(title)) and says_title(task, title):
        task = ""  # the title is the task already ("Rebuild the search index" over "How I rebuilt it: …")
    return task or _span(steps) or whole(purpose or title)
