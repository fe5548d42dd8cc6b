"""How a note's first words open: an aside in brackets, an address to a person, a speaker's label, a filler.

None of these is what the note is about ("(voice memo, typed up) so how we load…", "Sam — for the spot
colour jobs while I'm away…", "**Mo:** the maglock failed again", "Right so before every lesson…",
「えーと、来月から…」), so the title and the description start after them; the body keeps them.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block
from memdir.consolidation.daily.shape_case import cap_first
from memdir.notes.mail_lines import HEADER

SPEAKER = re.compile(
    r"^\s*(?:\*\*[^*]{1,40}\*\*|[\w .()-]{1,24})\s*(?:(?<!\d)[:：]|[:：](?!\d))\s*(?=\S)"
)  # not "14:00"
EMPHASIS = re.compile(r"\*\*|__")
# spoken fillers before what is said (also left out of a line by shape_text.strip_narrative)
FILLER_LEAD = re.compile(
    r"^(?:\.{2,}|…)?\s*(?:(?:all ?)?right(?:,|\s+so\b)[\s,]*|yeah(?:,|\s+so\b)[\s,]*|u+m+[\s,]+|u+h+[\s,]+|"
    r"anyway,\s*|(?:えー+と?|ええと|えっと|あー+|あのー*|まあ|じゃあ|さて)[、,\s]+)",
    re.I,
)
# 「新人の子用に書いとくね、閉店後の掃除…」: a clause saying the writer is writing it down
JA_WRITE_LEAD = re.compile(
    r"^[^、。\n]{0,20}?(?:書いとく|書いておく|書いておきます|メモしとく|メモしておく|まとめとく|まとめておく|"
    r"残しとく|残しておく|共有しとく|共有しておく|共有します)(?:ね|よ|わ)?[、,，]\s*"
)
ASIDE = re.compile(r"^\s*(?:[(（][^()（）]{1,80}[)）]|[\[【][^\[\]【】]{1,80}[\]】])\s*")  # (…) […] 【…】

QA = re.compile(r"^\s*(?:q|question|質問|Ｑ)\s*[:：]", re.I)
TOPIC_REST = re.compile(r"^(?:(?:では|は|って)(?:ね|さ)?(?=[、，])|ね(?=[、，。]))?[\s,:：、は.。]*")
JA_TOPIC = re.compile(
    r"^([^、。\s]{2,24}?)(?:(?:では|は|って)(?:ね|さ)?[、，]|は(?=「)|(?<=[\u4e00-\u9fff\u30a0-\u30ffー])ね[、，。])"
)  # 「蒸しはね、」「散歩ね、」「給餌ね。」「水抜きは「…」」; not a verb's 「書いとくね、」


_ADDRESS_GREETING = re.compile(
    r"^(?:hi|hey|hello|dear|yo)\s+@?[\w.'-]{1,24}(?:\s+[\w.'-]{1,24})?\s*[,!:—–]\s*", re.I
)
_ADDRESS_MENTION = re.compile(r"^@[\w.-]{1,30}[,:]?\s+")
_ADDRESS_DASH = re.compile(r"^[A-Z][\w.'-]{1,20}(?:\s+[A-Z][\w.'-]{1,20})?\s*(?:[—–]|--?\s)\s*")
_FIRST_PERSON = re.compile(r"\b(?:you|your|I|I'm|I'd|I'll|I've|me|my)\b")
_ADDRESS_JA = re.compile(
    r"^(?:[^\s、。,，]{1,12}(?:さん|様|さま|くん|君|ちゃん|殿|各位)(?:へ|に)?|各位|皆さん|みなさん|皆様|みなさま)"
    r"(?:[、,，:：]\s*|\s+|(?<=へ))"
)


def opening_address(text: str) -> int:
    """Where a text starts after an opening address to a person ("Sam — for the spot colour jobs while
    I'm away…", "Hi Marco, …", "@jules …", 「佐藤さんへ …」, 「各位、…」); 0 when it has none.

    A capitalised word before a dash counts only when the rest speaks to someone (you, I'm, my):
    "Nginx — reload without downtime" keeps its topic. At least a short sentence must follow.
    """
    for pat in (_ADDRESS_GREETING, _ADDRESS_MENTION, _ADDRESS_DASH, _ADDRESS_JA):
        m = pat.match(text)
        if not m:
            continue
        rest = text[m.end() :]
        if pat is _ADDRESS_DASH and not _FIRST_PERSON.search(rest.split("\n")[0]):
            continue
        if pat is _ADDRESS_JA and rest.startswith(
            ("の", "は", "が")
        ):  # 「お客様への説明用に」 names no reader
            continue
        if len(rest.strip()) >= (6 if pat is _ADDRESS_JA else 12):
            return m.end()
    return 0


def _chat_as_sentences(text: str) -> str:
    """A chat ("**Mei:** the door won't latch" / "**Tom:** loosen the hinge screws…", each line a speaker's)
    read as the sentences its lines say, without the speakers; other text as it is."""
    lines = [EMPHASIS.sub("", ln).strip() for ln in text.splitlines() if ln.strip()]
    labels = [m.group(0).strip() for ln in lines if (m := SPEAKER.match(ln))]
    bold = sum(ln.startswith("**") and bool(SPEAKER.match(EMPHASIS.sub("", ln))) for ln in text.splitlines())
    if (
        len(lines) < 2
        or len(labels) < 2
        or (bold < 2 and len(labels) < 3 and len(set(labels)) == len(labels))
    ):
        return text  # 「日時：12月2日 / 出席：5名」 is a header, not two people talking
    said = [SPEAKER.sub("", ln, count=1) for ln in lines]
    said = [cap_first(t) for t in said]
    return " ".join(s if s.endswith(_ENDS) else s + ("。" if _CJK.search(s) else ".") for s in said)


_ENDS = (".", "!", "?", "。", "！", "？", "…")
_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # a Japanese line ends with 。 (also after an emoji)


def plain_opening(text: str) -> str:
    """A first paragraph without its opening aside, address, bold marks, short speaker label and filler."""
    text = _chat_as_sentences(text)
    aside = ASIDE.match(text)  # "(voice memo, typed up) so how we load...": not what the note says
    if aside and len(text) - aside.end() >= 12:
        text = text[aside.end() :]
    text = EMPHASIS.sub("", text[opening_address(text) :])  # "**Mo:** the maglock…": no bold in a title
    speaker = SPEAKER.match(text)
    if speaker and len(speaker.group(0).split()) <= 2 and len(text) - speaker.end() >= 12:
        text = text[speaker.end() :]
    return JA_WRITE_LEAD.sub("", FILLER_LEAD.sub("", text))


# a pasted mail's header line (trial 20: a description `From: orders@…`): never a title or a description
_HEADER = HEADER  # one rule with the other writers of a description (notes/mail_lines.py)


def unheaded(blocks: list[Block]) -> list[Block]:
    """The blocks without a pasted mail's header: a paragraph that opens with two or more header lines
    (From:/To:/Subject:/Date:/Cc:, 差出人：/宛先：/件名：/日時：) loses them; nothing else left: as they were."""
    out: list[Block] = []
    for b in blocks:
        lines = b.text.splitlines()
        n = next((i for i, ln in enumerate(lines) if not _HEADER.match(ln)), len(lines))
        if b.kind == "para" and n >= 2:
            rest = "\n".join(lines[n:]).strip()
            out += [Block("para", rest)] if rest else []
        else:
            out.append(b)
    return out if out else blocks


def unaddressed(blocks: list[Block]) -> list[Block]:
    """The blocks as the title and description read them: without an opening aside, address or filler."""
    blocks = unheaded(blocks)
    if not blocks or blocks[0].kind != "para":
        return blocks
    if len(blocks) > 1 and ASIDE.fullmatch(blocks[0].text.strip()):  # "[typed up from my notebook]" alone
        return unaddressed(blocks[1:])
    rest = plain_opening(blocks[0].text)
    if rest == blocks[0].text:
        return blocks
    return [Block("para", cap_first(rest)), *blocks[1:]]


_CLOSING = {'"': '"', "“": "”", "「": "」"}


def unquote(text: str) -> str:
    """Text without the quotes around it; a single quote only when it opens and closes the text
    (`…stuck on 'NOT IN SERVICE'` keeps its quotes, as does `the users'`)."""
    text = text.strip()
    close = _CLOSING.get(text[:1], "")
    if close and text.find(close, 1) not in (-1, len(text) - 1):
        return text  # `「…」――more` is a quotation and what follows it: both quotes stay
    inner = text.strip(' "“”「」')
    if text.endswith(('"', "”", "」")) and not text.startswith(('"', "“", "「")):
        inner = text.lstrip(' "“「')  # `a parcel that comes back "refused by recipient"` keeps its quote
    return inner[1:-1] if len(inner) > 2 and inner[0] == inner[-1] == "'" else inner
