"""A message addressed to someone: a letter or e-mail, or a handover between colleagues (trial 17 #1, #5).

A pasted client e-mail ("From: … / Subject: …", or "Dear …" … "Kind regards", 「お世話になっております」 …
「よろしくお願いいたします」) and a handover note (申し送り, 引き継ぎ, "Handover Emma → Sato") ask or tell
their reader things for one case: "you can log in with user … if you need the statements", 「登録番号が来たら
レジの設定をお願いしてください。」. Such a sentence reads as an instruction, but it is an errand for one reader
about one case, not a step a person follows again (the labelling guideline's "to-do lists and errands").
In a message, a sentence is a step only when it says it holds again or in order: a repeated occasion
("every month", "whenever", 「毎月」「その都度」), a rule for the future ("from now on", 「今後は」「次回から」),
a sequence ("first … then", 「まず」「次に」), a how-to ("here's how", "the steps", 「手順」「やり方」), a command
in backticks or a menu path (`general_instruction`). A list, a code block or other steps set out in lines
are the message's own steps, as in any text (route_no_steps).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_story import instruction_marked

# e-mail headers at the start of a line; two of them make a pasted mail
_HEADER = re.compile(
    r"(?im)^\s*(?:from|to|cc|subject|date|sent|reply-to|件名|差出人|宛先|送信日時)\s*[:：]\s*\S"
)
# a greeting that opens a letter, and a closing that signs it
_GREET_EN = re.compile(
    r"(?i)^\s*(?:dear|hi|hello|hey|good (?:morning|afternoon|evening)|greetings)\b[^\n.!?]{0,40}[,!:]?"
)
_SIGN_EN = re.compile(
    r"(?i)^\s*(?:thanks|thank you|many thanks|thanks again|best|best regards|kind regards|warm regards|"
    r"regards|sincerely|yours(?: sincerely| truly)?|cheers|all the best)\b[^\n]{0,30}$"
)
_GREET_JA = re.compile(
    r"お世話になっております|お世話になります|お疲れ様です|お疲れさまです|お疲れさまでございます|拝啓|"
    r"(?:^|\n)\s*[^\n]{1,20}(?:様|さま|御中)\s*(?:\n|$)"
)
_SIGN_JA = re.compile(
    r"よろしくお願い(?:いた|致)?します|よろしくお願い申し上げます|宜しくお願い|敬具|以上、?よろしく"
)
# a handover between colleagues, named as the head of its title or first line: at its start ("Handover to
# morning", 「申し送り（佐藤→田中）」) or its end or before a bracket, dash or colon ("Night shift handover",
# 「夜勤の引き継ぎ」); not a subject the text explains ("Toboggan handover at the base clinic")
_KW = r"(?:申し送り|申送り|引き継ぎ|引継ぎ|引継|handover|hand-over|handoff|hand-off|shift notes?)"
_HANDOVER = re.compile(
    rf"(?i)^[\W\d_]*{_KW}|{_KW}(?:です|でした)?\s*(?:$|[（(\-—–ー:：,、。.]|\b(?:to|from)\b|\S*\s*(?:→|->))"
)
# a message that says it explains how ("here's how to …", 「再実行のしかた」): its sentences are read as in any text
_HOW_TOLD = re.compile(
    r"(?i)\b(?:here'?s how|here is how|how to|how we|what to do|the steps|step by step|as follows|the following)\b|"
    r"しかた|仕方|やり方|方法|手順|の流れ|以下の(?:通り|とおり)|次の(?:通り|とおり)"
)
# what holds beyond one case: a repeated occasion, a rule for the future
_AGAIN = re.compile(
    r"(?i)\b(?:every|each|whenever|always|weekly|daily|monthly|yearly|annually|from now on|going forward|"
    r"in future|in the future|next time|each time)\b|毎|いつも|その都度|都度|たびに|度に|今後|次回から|次回以降|これからは"
)
# a request ending, which alone marks no step in a message (「…してください」 is the message's errand)
_REQUEST_JA = re.compile(r"して(?:ください|下さい)|しましょう")


# a sender's address on its own header line: "From: support@vendor.example", 「差出人：… <a@b.jp>」
_SENDER = re.compile(r"(?im)^\s*(?:from|差出人)\s*[:：][^\n]*?[\w.+-]+@[\w-]+\.\w")
# the marks of a quotation at the start of a line ("> From: …", ">> Hi Tom,")
_QUOTED = re.compile(r"(?m)^[ \t]*(?:>[ \t]?)+")


def is_letter(body: str) -> bool:
    """A letter or e-mail: two header lines (From:/Subject:/件名：…) or a sender's address under `From:`, or a
    greeting and a sign-off; a mail pasted as a quotation ("> From: …") is one as well (trial 18 #7)."""
    body = _QUOTED.sub("", body)
    if len(_HEADER.findall(body)) >= 2 or _SENDER.search(body):
        return True
    lines = [ln for ln in body.splitlines() if ln.strip()]
    if not lines:
        return False
    opens_en = any(_GREET_EN.match(ln) for ln in lines[:3])
    if opens_en and any(_SIGN_EN.match(ln) and len(ln.split()) <= 6 for ln in lines[1:]):
        return True
    head = "\n".join(lines[:3])
    return bool(_GREET_JA.search(head) and _SIGN_JA.search(body))


def is_handover(title: str, body: str) -> bool:
    """A handover between colleagues: 申し送り, 引き継ぎ, "handover" in its title or its first line."""
    first = next((ln.strip() for ln in body.splitlines() if ln.strip()), "")
    return bool(_HANDOVER.search(" ".join(title.split())) or _HANDOVER.search(first))


def is_message(title: str, body: str) -> bool:
    """A message to a reader about one case (the module's rule): a letter or e-mail, or a handover, that does
    not say it explains how to do something."""
    return (is_letter(body) or is_handover(title, body)) and not _HOW_TOLD.search(body)


def general_instruction(sentence: str) -> bool:
    """Whether a message's sentence is a step beyond its case: said to hold again, in order, or how to."""
    if _AGAIN.search(sentence):
        return True
    return instruction_marked(_REQUEST_JA.sub("して", sentence))
