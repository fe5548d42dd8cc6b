"""Titles from what the requests say: a title word nobody asked for, and a constant a request writes.

Two rules for the title guard (`title_guard`), whatever the log's shape:

(1) A title of one word (outside placeholders and parentheses) that no request of the kind writes, in
    any form, names no work: it is a tool's or a person's name (`Asuka`), a command (`Curl ({number})`)
    or the thing a read call fetches (`Ticket`). "Written" compares the word's first letters (at least
    four, all but two of a longer word) with the requests' words, case aside; a Japanese word is written
    when two of its characters in a row are (`精算の承認`: `精算`).
(2) A constant value the steps pass (`type=WDI`, `種別="車両入替"`, `"form": "…"`: a value after `=` or `:`
    with no placeholder and no digit) that a request writes as a word is the kind's own term. The title
    is that term: in Japanese the term itself (`車両入替`), in English the request's own phrase around
    it, its verb and article before it and its noun after it ("please issue the WDI certificate for …"
    -> "Issue the WDI certificate"). "" when no request writes such a value. A phrase of the article and
    the term alone ("… for a rebinding?" -> `A rebinding`) names an act and no thing: the step's whole text
    that opens with the term is the title, when it runs on over a few words with no digit ("Rebinding of a
    worn book": `name=Rebinding of a worn book`, round 61).
(3) A call written as an XML element (`<Pickup.Book ticket="RP-1"><Box …/></Pickup.Book>`) is read, for
    a title the guard looks for, as the command `pickup.book ticket="RP-1"` (its name in lower case, its
    attributes, its children dropped: `xml_commands`), so the decisive call's verb and object can name
    the kind ("Book a pickup for a ticket").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.function_words import FUNCTION_WORDS

_HOLE = re.compile(r"\{[^{}]*\}")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_ALPHA = re.compile(r"[^\W\d_]+")
_VALUE = re.compile(r"""(?:=|:)\s*["']?([^\s"'`&,;{}()<>/=:?\x00]+)""")
_ARTICLES = frozenset(["the", "a", "an", "our", "my", "his", "her", "their", "this"])
# a request's function words and its time and courtesy words are neither the noun nor the verb of a title
_NOT_NOUN = FUNCTION_WORDS | frozenset(["please", "asap", "now", "today", "tomorrow"])


def _written(word: str, asked: Sequence[str]) -> bool:
    """Whether a request writes the word in some form (its first letters), case aside."""
    if _CJK.search(word):  # any two of its Japanese characters in a row (`精算の承認`: `精算`)
        pairs = {
            word[i : i + 2]
            for i in range(len(word) - 1)
            if _CJK.fullmatch(word[i]) and _CJK.fullmatch(word[i + 1])
        }
        return any(p in a for p in pairs for a in asked)
    w = word.lower()
    head = w[: max(4, len(w) - 2)]
    pattern = re.compile(rf"(?<![^\W\d_]){re.escape(head)}", re.I)
    return any(pattern.search(a) for a in asked)


def unasked_word(title: str, asked: Sequence[str]) -> bool:
    """A title of one word (outside holes and parentheses) that no request writes (`Asuka`, `Ticket`)."""
    if not asked:
        return False
    rest = re.sub(r"\([^()]*\)", " ", _HOLE.sub(" ", title)).strip(" .!?,")
    words = rest.split()
    if len(words) != 1:
        return False
    word = words[0]
    if not (_ALPHA.fullmatch(word) or _CJK.search(word)):
        return False
    return not _written(word, asked)


def step_constants(steps: Sequence[str]) -> list[str]:
    """Values the steps pass outside placeholders (`type=WDI`, `種別="車両入替"`), in order, no digits."""
    out: list[str] = []
    for step in steps:
        code = _HOLE.sub("\x00", step)
        for m in _VALUE.finditer(code):
            if code[m.end() : m.end() + 1] in ("\x00", "/"):  # part of a placeholder's value, or a path
                continue
            value = m.group(1).strip(".-_")
            if len(value) < 2 or re.search(r"\d", value) or not _ALPHA.search(value):
                continue
            if value not in out:
                out.append(value)
    return out


def _english_phrase(value: str, text: str) -> str:
    m = re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text, re.I)
    if m is None:
        return ""
    before = text[: m.start()].split()
    after = text[m.end() :].split()
    term = text[m.start() : m.end()]
    noun = after[0].strip(".,;:!?") if after else ""
    noun = (
        noun
        if noun.replace("-", "").isalpha() and noun.islower() and len(noun) >= 3 and noun not in _NOT_NOUN
        else ""
    )
    head: list[str] = []
    if before and before[-1].lower() in _ARTICLES:
        head = [before[-1].lower()]
        verb = before[-2] if len(before) >= 2 else ""
        if verb.isalpha() and verb.islower() and verb not in _NOT_NOUN:
            head = [verb, *head]
    words = [*head, term, noun] if noun else [*head, term]
    if not noun and not head:
        return ""
    phrase = " ".join(w for w in words if w)
    return phrase[:1].title() + phrase[1:]


def constant_title(steps: Sequence[str], asked: Sequence[str]) -> str:
    """The kind's own term: a constant the steps pass that a request writes (see the module); "" if none."""
    for value in step_constants(steps):
        if _CJK.search(value):
            if any(value in a for a in asked):
                return value
            continue
        if len(value) < 3 or not value.replace("-", "").isalpha():
            continue
        for text in asked:
            phrase = _english_phrase(value, text)
            if phrase and len(phrase.split()) == 2 and phrase.split()[0].lower() in _ARTICLES:
                phrase = whole_constant(value, steps) or phrase  # `A rebinding`: the act, no thing
            if phrase:
                return phrase
    return ""


_MAX_WHOLE = 8  # words of a constant's whole text that a title holds


def whole_constant(value: str, steps: Sequence[str]) -> str:
    """The whole text a step passes that opens with the value, to its first comma or the next argument
    (`name=Rebinding of a worn book date={date}` -> "Rebinding of a worn book"); "" when the value is the
    text's one word, or the text holds a digit or runs past a few words."""
    for step in steps:
        code = _HOLE.sub("\x00", step)
        m = re.search(rf"(?:=|:)\s*[\"']?{re.escape(value)}(?![\w-])", code)
        if m is None or not code[m.end() :].startswith(" "):  # `Journal, A5`: the value is the text's head
            continue
        words = [value]
        for word in code[m.end() :].split(" ")[1:]:
            if not word or "=" in word or "\x00" in word or "`" in word:
                break
            words.append(word.rstrip(",;\"'"))
            if word.endswith((",", ";", '"', "'")):
                break
        text = " ".join(words).strip()
        if len(words) < 3 or len(words) > _MAX_WHOLE or re.search(r"\d", text):
            return ""
        return text[:1].upper() + text[1:]
    return ""


_XML = re.compile(r"`<([A-Za-z][\w.-]*)((?:\s+[\w.:-]+=(?:\"[^\"]*\"|'[^']*'))*)\s*/?>[^`]*`")


def xml_commands(steps: Sequence[str]) -> list[str]:
    """Steps whose code is an XML element, written as the command `name attr="…"` (see the module)."""
    return [
        _XML.sub(lambda m: f"`{m.group(1).lower()} {m.group(2).strip()}`".replace(" `", "`"), s)
        for s in steps
    ]
