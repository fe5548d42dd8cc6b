"""Lines of a pasted page that say when to use it, and lines that only say where it came from.

- A line labelled "When to use:", "Use this when:", "Purpose:", 「使うとき：」「目的：」 (or such a heading with
  a paragraph under it) is the page's own answer to what the procedure is for: it is the description.
- A line that announces the steps by what they do ("How to book a vaccination:", "Steps to replace a toner
  cartridge:", 「トナー交換の手順：」) says what they are for: after a story of the one time ("Booked Hana for her
  second shot. How to book a vaccination:", trial 22), it is the description, not the story.
- A breadcrumb or source line ("Copied from Confluence > SRE > Runbooks > Restore table", "Source: wiki",
  「社内Wikiから転載」) says where the text was, not what it is for: it is never the description.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences
from memdir.consolidation.daily.shape_text import is_step

_LABELS = (
    r"when to use(?: (?:it|this|them))?|use (?:it |this |them )?when|when you (?:need|want) (?:it|this)|"
    r"use cases?|purpose|goal|what (?:it|this) is for|applies when|"
    r"使うとき|使う時|使う場面|使用する場面|使いどころ|利用する場面|目的|用途|適用場面"
)
_USE = re.compile(rf"^\s*[*_]{{0,2}}\s*(?:{_LABELS})\s*[:：]\s*[*_]{{0,2}}\s*(?P<rest>\S.*)$", re.I)
_USE_HEADING = re.compile(rf"^#{{1,6}}\s*(?:{_LABELS})\s*[:：]?\s*$", re.I)
_SOURCE = re.compile(
    r"^\s*[*_]{0,2}(?:(?:copied|pasted|taken|imported|exported|mirrored|lifted|grabbed|adapted|moved)\s+"
    r"(?:\w+\s+){0,2}from\b|(?:source|from|via|origin|original|ref(?:erence)?)\s*[:：])|"
    r"(?:から|より)(?:コピー|転載|引用|抜粋|移植)|^\s*(?:出典|引用元|転載元|元ページ|元の?ページ)\s*[:：]",
    re.I,
)
_CRUMB = re.compile(r"\S\s+(?:>|›|»|/|→)\s+\S[^>›»→]{0,40}\s+(?:>|›|»|/|→)\s+\S")  # Space > Runbooks > Page


# a document a text is copied from, and the words that say it was copied from one
_DOC = re.compile(  # with the words naming it ("the VC-200 fridge's user manual", 「冷蔵庫の取扱説明書」)
    r"\b(?:[\w'.-]+\s+){0,3}?(?:(?:user|owner'?s|service|operator'?s|admin(?:istrator)?'?s|installation|quick[- ]?start|reference|"
    r"vendor'?s?|maker'?s|manufacturer'?s|official)\s+)*(?:manuals?|handbook|guide|guidebook|docs|documentation|"
    r"wiki|confluence|notion|sharepoint|readme|datasheet|data sheet|spec(?:ification)?s?|sop|kb|knowledge ?base|"
    r"article|page|web ?site|site|pdf|leaflet|booklet|binder|email|e-mail|mail|ticket|thread|post|book|"
    r"instructions|insert|label|brochure|policy|memo|slides?|deck)\b"
    r"|[^、。,:：]{0,24}?(?:取扱説明書|取説|説明書|マニュアル|手順書|仕様書|ドキュメント|資料|ページ|記事|サイト|Wiki|wiki|"
    r"メール|チケット|スレッド|冊子|添付文書|手引き?|ガイド|ヘルプ|社内規程|規程|PDF)",
    re.I,
)
_ORIGIN = re.compile(
    r"\b(?:copied|pasted|taken|lifted|quoted|excerpted|transcribed|scanned|grabbed|reproduced|cribbed|"
    r"verbatim|word for word|straight|excerpts?|extracts?|quote|copy|from|per|via|according to|out of|"
    r"section|chapter|page|p\.|pp\.|§)\b|§"
    r"|(?:より|から)?(?:抜粋|転載|引用|コピー|コピペ|貼り付け|貼り付けた|貼った|写し|抜き書き|そのまま)|より[。:：]?$"
    r"|の?\s*(?:第?[\d.]+\s*)?(?:節|章|項|ページ|頁)",
    re.I,
)
_FILLER = re.compile(
    r"\b(?:the|a|an|this|that|these|is|are|was|it|its|our|my|their|of|in|on|at|and|here|below|following|"
    r"text|part|bit|what|says?|said|has|for|reference|[A-Z][\w-]*|[\w-]*\d[\w.-]*)\b|"
    r"[\d.\-–,:：;()（）「」『』\"'/ 、。]|(?:以下|下記|メーカー|業者|ベンダー|公式|社内|院内|本部|です|でした|である|した|しました|から|より|まま|は|の|を|に|で|と|が|だ)",
)
_CONTENT = re.compile(r"[a-z]{3,}|[\u3040-\u30ff\u4e00-\u9fff]{2,}", re.I)


def source_line(sentence: str) -> bool:
    """True for a line that only says where the text came from (a breadcrumb, "Copied from …", "Pasted from the
    VC-200 user manual, section 4.2", 「取扱説明書 4.2 節より抜粋」): take away the origin words and the
    document it names (with its section or page number) and no content is left."""
    s = " ".join(sentence.split()).strip("*_ ")
    if not s or len(s) > 160:
        return False
    if _CRUMB.search(s) and len(s) <= 120:
        return not is_step(s, strict=True)  # "Go to Settings > Users > Roles" is a step
    if not (_SOURCE.search(s) or _ORIGIN.search(s)):
        return False
    if _DOC.search(s):  # what is left once the origin and the document are named ("Per the manual, press…")
        rest = _DOC.sub(" ", _ORIGIN.sub(" ", _SOURCE.sub(" ", s)))
        return not _CONTENT.search(_FILLER.sub(" ", rest))
    return (
        bool(_SOURCE.search(s)) and "," not in s and "、" not in s and not is_step(s, strict=True)
    )  # "Taken from…"


_SECTION = re.compile(
    r"^\s*(?:§\s*)?\d+(?:\.\d+)*\.?\s+[^.。!?！？:：]{2,60}$"
)  # "4.2 Temperature excursions"


def lead_sentences(block: Block) -> list[str]:
    """A lead paragraph's sentences without the source lines, nor a pasted section's own numbered heading line
    ("4.2 Temperature excursions" over "If the display shows…")."""
    lines = block.text.splitlines()
    text = "\n".join(lines[1:]) if len(lines) > 1 and _SECTION.match(lines[0]) else block.text
    return [s for s in sentences(text) if not source_line(s)]


# "How to X:", "Here's how to X:", "Steps to/for X:", "To X, do this:"; 「Xの手順：」「Xする方法は次のとおり：」
_ANNOUNCED = re.compile(
    r"^(?:here(?:'s| is| are)\s+|this is\s+)?(?P<en>(?:how\s+(?:to|we|you|i)|(?:the\s+)?steps?\s+(?:to|for))\s+\S.*?)"
    r"(?:,?\s+(?:is\s+)?as follows|,?\s+do this)?\s*[:：]$|"
    r"^(?P<ja>\S{2,}?(?:の手順|する手順|の方法|する方法|のやり方|の流れ))(?:は(?:次|以下)の(?:とおり|通り)(?:です)?)?\s*[:：]$",
    re.I,
)


def announced_purpose(lead: list[str]) -> str:
    """What the steps are for, as the line announcing them says it ("How to book a vaccination"), or ""."""
    for s in lead:
        m = _ANNOUNCED.match(" ".join(s.split()))
        if m:
            said = (m.group("en") or m.group("ja")).strip()
            return said[:1].title() + said[1:]
    return ""


def use_line(blocks: list[Block]) -> str:
    """The text of the page's own when-to-use or purpose line, or ""."""
    for i, b in enumerate(blocks):
        if b.kind == "heading" and _USE_HEADING.match(b.text):
            after = blocks[i + 1] if i + 1 < len(blocks) else None
            if after is not None and after.kind == "para":
                return sentences(after.text)[0]
        if b.kind not in ("para", "list"):
            continue
        for line in b.text.splitlines():
            m = _USE.match(re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", line))
            if m:
                return " ".join(m.group("rest").split()).strip("*_ ")
    return ""
