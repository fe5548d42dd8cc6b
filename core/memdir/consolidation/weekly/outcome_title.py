"""A kind's title from the outcome its replies report (round 21).

Requests are paraphrased ("Can the Hendersons come meet Biscuit…", "meet and greet request: …"), but an
agent that does one kind of work often reports it the same way each time: "Visit booked in the VISIT-2 room
(30 min); the adopter got an SMS confirmation.", 「技能教習を予約し、LINEで確定のお知らせを送りました。」. When
at least two of the kind's sources, and at least half of them, open their reply with the same words, those
words say what the kind does, and they are read as a thing and what was done to it:

- English, passive: "<thing> [was|has been] <past participle> [<preposition> …]" becomes
  "<Verb> the <thing> [<preposition> …]" ("Permit package submitted to the AHJ portal" ->
  "Submit the permit package to the AHJ portal"); active with a pronoun ("We booked the visit") becomes
  "<Verb> <object>". The shared words are the longest opening the replies have in common, so a value
  that differs between the tasks ("…for Saturday", "…for Thursday") is never part of it.
- Japanese: "<thing>を|に<verb>し…" becomes the noun phrase "<thing>の<verb>" (サ変 nouns drop し:
  「技能教習を予約し」 -> 「技能教習の予約」; a verb's 連用形 is its noun: 「技能予約を取り消し」 ->
  「技能予約の取り消し」). The whole first clause must be the same in those replies (digits aside).

The verb's base form is the word the week's own text writes (`permit_submit` gives `submit` for
`submitted`), else a spelling rule. Anything else (no shared reply, "Done.", "Moved and notified.",
"Reserved; …", a thing with a number in it) gives "" and the title is chosen as before.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from memdir.index.stemmer import stem

_CLAUSE_END = re.compile(r"[;；:!?。！？\n]|[.,](?:\s|$)|\s[—–-]\s|、")
_PAREN = re.compile(r"\s*[(（][^)）]*[)）]")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_DIGIT = re.compile(r"\d")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_KANA_OR_KANJI_NOUN = re.compile(r"^[\u30a0-\u30ff\u3400-\u9fffー]+$")  # 予約, 変更, キャンセル
_AUX = frozenset(
    ["is", "are", "was", "were", "been", "be", "has", "have", "had", "got", "gets", "get", "now"]
)
_PRONOUNS = frozenset(
    ["i", "we", "i've", "we've", "i'd", "we'd", "i'll", "we'll", "you", "they", "he", "she"]
)
_DETERMINERS = frozenset(
    ["the", "a", "an", "your", "their", "our", "his", "her", "its", "this", "that", "these", "those", "my"]
)
_PREPOSITIONS = frozenset(
    ["to", "in", "into", "onto", "with", "for", "on", "at", "from", "via", "through", "under"]
)
_NOT_THINGS = frozenset(
    ["done", "ok", "okay", "all", "everything", "it", "this", "that", "request", "task", "yes", "no", "sure"]
)
_IRREGULAR = {
    "sent": "send",
    "made": "make",
    "built": "build",
    "rebuilt": "rebuild",
    "paid": "pay",
    "held": "hold",
    "kept": "keep",
    "set": "set",
    "reset": "reset",
    "put": "put",
    "shut": "shut",
    "run": "run",
    "rerun": "rerun",
    "done": "do",
    "redone": "redo",
    "written": "write",
    "rewritten": "rewrite",
    "taken": "take",
    "given": "give",
    "chosen": "choose",
    "found": "find",
    "told": "tell",
    "left": "leave",
    "bought": "buy",
    "sold": "sell",
    "read": "read",
    "frozen": "freeze",
    "drawn": "draw",
    "shown": "show",
    "hidden": "hide",
    "begun": "begin",
    "split": "split",
    "cut": "cut",
    "shipped": "ship",
    "upgraded": "upgrade",
    "laid": "lay",
    "spent": "spend",
    "lent": "lend",
}
_OWNERS = frozenset(["our", "your", "my", "their", "his", "her", "us", "you", "me", "them"])
_RE = re.compile(r"^(?:(?:re|fw|fwd|aw|件名)\s*[:：]\s*)+", re.I)
_COURTESY = re.compile(
    r"^(?:hi|hello|hey|dear|kia ora|aloha|good (?:morning|afternoon|evening)|thanks?|thank you|many thanks|sorry|"
    r"apologies|no problem|no worries|got it|sure|of course|ok|okay|great|noted|cheers|ngā mihi|best|regards)\b"
    r"|ありがと|申し訳|恐れ入|お世話に|拝受|承知|了解|かしこまり|失礼いたし|お疲れ|様$|さん$|先生$|御中$",
    re.I,
)
_MAX_THING = 5
_MAX_REST = 6
_MAX_JA = 24


def outcome_title(
    replies: Sequence[Sequence[str]], evidence: Sequence[str], subjects: Sequence[Sequence[str]] = ()
) -> str:
    """The title the kind's shared reply gives, or "" (`replies`: each source's reply texts; `subjects`: each
    source's reply subject lines, which say it first when most of them share their opening)."""
    n = len(replies)
    need = max(2, math.ceil(n / 2))
    words = {w.lower() for text in evidence for w in re.split(r"[^A-Za-z]+", text) if w}
    said = _subject_title([_RE.sub("", s[0]).strip() for s in subjects if s], need, words)
    if said:
        return said
    firsts = [_first_clause(r[0]) for r in replies if r]
    if len([f for f in firsts if f]) < need:
        return ""
    ja = _shared_ja([f for f in firsts if _CJK.search(f)], need)
    en, en_n, whole = _shared_en([f for f in firsts if not _CJK.search(f)], need)
    if ja[0] and ja[1] > en_n:
        return _ja_title(ja[0])
    return _en_title(en, words, whole) if en else ""


def _first_clause(text: str) -> str:
    """The reply's first clause that is not a greeting, thanks or apology ("Kia ora … team", "Sorry about
    that", 「ご依頼ありがとうございます」)."""
    text = _PAREN.sub("", text.strip())
    while text:
        m = _CLAUSE_END.search(text)
        clause = (text[: m.start()] if m else text).strip()
        if not _COURTESY.search(clause):
            return clause
        text = text[m.end() :].strip() if m else ""
    return ""


def _subject_title(subjects: Sequence[str], need: int, words: set[str]) -> str:
    """A subject line's opening most sources share: what was done ("Your standing order has been updated"),
    else the thing as the subject names it ("Credit note CN-5521" -> "Credit note")."""
    subjects = [s for s in subjects if s and not _COURTESY.search(s)]
    ja = _shared_ja([s for s in subjects if _CJK.search(s)], need)
    en, en_n, whole = _shared_en([s for s in subjects if not _CJK.search(s)], need)
    if ja[0] and ja[1] > en_n:
        return _ja_title(ja[0]) or ("" if "#" in _DIGIT.sub("#", ja[0]) else ja[0])
    if not en:
        return ""
    done = _en_title(en, words, whole)
    if done:
        return done
    toks = [t.strip(",.:;\"'") for t in en]
    toks = [t for t in toks if t]
    if (
        len(toks) < 2
        or any(_DIGIT.search(t) for t in toks)
        or toks[-1].lower() in _DETERMINERS | _PREPOSITIONS
    ):
        return ""
    return " ".join([toks[0][:1].title() + toks[0][1:], *toks[1:]])


def _shared_en(clauses: Sequence[str], need: int) -> tuple[list[str], int, bool]:
    """The longest opening (in words) at least `need` of the clauses share, how many do, and whether it is
    the whole clause in all of them (else the words after it differ: what follows is no constant)."""
    split = [c.split() for c in clauses]
    best: list[str] = []
    best_n, whole = 0, False
    for toks in split:
        for k in range(len(toks), 0, -1):
            head = [t.lower() for t in toks[:k]]
            same = [other for other in split if [t.lower() for t in other[:k]] == head]
            if len(same) >= need:
                if k > len(best) or (k == len(best) and len(same) > best_n):
                    best, best_n, whole = toks[:k], len(same), all(len(o) == k for o in same)
                break
    return best, best_n, whole


def _shared_ja(clauses: Sequence[str], need: int) -> tuple[str, int]:
    """A whole first clause (digits masked) at least `need` of the Japanese replies share."""
    keys: dict[str, list[str]] = {}
    for c in clauses:
        keys.setdefault(_DIGIT.sub("#", c), []).append(c)
    if not keys:
        return "", 0
    key, same = max(keys.items(), key=lambda kv: len(kv[1]))
    return (same[0], len(same)) if len(same) >= need else ("", 0)


def _en_title(tokens: Sequence[str], words: set[str], whole: bool) -> str:
    toks = [t.strip(",.\"'") for t in tokens]
    toks = [t for t in toks if t]
    low = [t.lower() for t in toks]
    for i, w in enumerate(low):
        base = _base(w, words)
        if not base:
            continue
        before = [t for t in toks[:i] if t.lower() not in _AUX]
        after = toks[i + 1 :]
        if before and before[0].lower() in _PRONOUNS and len(before) == 1:  # "We booked the visit"
            thing, rest = _object_and_rest(after)
            if not thing:
                return ""
            return _join(base, thing, rest if whole else [])
        if not before or len(before) > _MAX_THING or any(_DIGIT.search(t) for t in before):
            return ""
        if {t.lower() for t in before} & (_PRONOUNS | {"and", "or"}) or before[-1].lower() in _NOT_THINGS:
            return ""
        if not any(_WORD.fullmatch(t) and t.lower() not in _DETERMINERS for t in before):
            return ""
        thing = [before[0].lower(), *before[1:]] if before[0].lower() in _DETERMINERS else ["the", *before]
        thing = [thing[0], *(_lower_first(t) for t in thing[1:2]), *thing[2:]] if len(thing) > 1 else thing
        return _join(base, thing, _rest(after) if whole else [])
    return ""


def _lower_first(word: str) -> str:
    """`Permit` at the start of a reply is `permit` inside a title (`AHJ`, `VISIT-2` stay)."""
    return word[0].lower() + word[1:] if word[:1].isupper() and word[1:].islower() else word


def _object_and_rest(after: Sequence[str]) -> tuple[list[str], list[str]]:
    for k, t in enumerate(after):
        if t.lower() in _PREPOSITIONS:
            return list(after[:k]), _rest(after[k:])
    return list(after[:_MAX_THING]), []


def _rest(after: Sequence[str]) -> list[str]:
    """A following preposition and its object, when it is constant (it is: the opening is shared)."""
    if not after or after[0].lower() not in _PREPOSITIONS:
        return []
    rest = list(after[:_MAX_REST])
    second = next((k for k in range(1, len(rest)) if rest[k].lower() in _PREPOSITIONS), len(rest))
    rest = rest[:second]  # one phrase: "on the folio", not "… with reason RF-WAIVE-SVC"
    if any(t.lower() in _OWNERS for t in rest):
        return []  # "to our email": the writer's, not the work's
    while rest and (rest[-1].lower() in _PREPOSITIONS | _DETERMINERS | {"and", "or"}):
        rest.pop()
    return rest if len(rest) >= 2 else []


def _join(base: str, thing: Sequence[str], rest: Sequence[str]) -> str:
    return " ".join([base[:1].title() + base[1:], *thing, *rest])


def _base(word: str, words: set[str]) -> str:
    """The base form of a past participle ("booked" -> "book"), or "" when `word` is none."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) < 5 or not word.endswith("ed") or word.endswith("eed") or not word.isalpha():
        return ""
    if word.endswith("ied"):
        return word[:-3] + "y"
    s = word[:-2]
    options = [s + "e", s]
    if len(s) > 2 and s[-1] == s[-2] and s[-1] not in "aeiou":
        options.insert(0, s[:-1])
    for o in options:  # the spelling the week writes (`permit_submit`, `reserve,A-07,…`)
        if o in words:
            return o
    target = stem(word)
    for w in words:
        if len(w) >= 3 and not w.endswith(("ed", "ing", "s")) and stem(w) == target and w != word:
            return w
    if s[-1] == s[-2] and s[-1] not in "lsfz" and s[-1] not in "aeiou":
        return s[:-1]  # planned -> plan
    if s.endswith(
        ("v", "c", "g", "at", "ut", "ul", "ur", "iz", "ys", "us", "rs", "ns", "ps", "ls")
    ) and not s.endswith(("ng", "gg")):
        return (
            s + "e"
        )  # reserve, introduce, change, update, schedule, secure, finalize, analyse, reverse, license
    if s.endswith("u") or (s.endswith("ang") and len(s) > 4):
        return s + "e"  # issue; change, arrange (not bang)
    if len(s) <= 4 and re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxyr]", s) and not s.endswith("en"):
        return s + "e"  # file, move, close, save
    return s


_JA_END = (
    ("いたしました", "し"),
    ("しました", "し"),
    ("しています", "し"),
    ("しております", "し"),
    ("ました", ""),
)


def _ja_title(clause: str) -> str:
    """「<thing>を<verb>し」 -> 「<thing>の<verb>」, or ""."""
    m = re.match(r"^(?P<thing>[^をに]{1,16}?)(?P<p>を|に)(?P<verb>[^をに]{1,10})$", clause)
    if m is None:
        return ""
    thing, verb = m["thing"], m["verb"]
    if _DIGIT.search(thing) or re.search("[でがは、]", thing) or not _CJK.search(thing):
        return ""
    for end, keep in _JA_END:
        if verb.endswith(end):
            verb = verb[: -len(end)] + keep
            break
    if (
        verb.endswith("し")
        and len(verb) >= 3
        and (
            _KANA_OR_KANJI_NOUN.match(verb[:-1]) or verb[0] in "おご"  # 予約し, お送りし, ご用意し: the noun
        )
    ):
        verb = verb[:-1]
    elif not re.search(r"[しみりきぎびちいえけせてね]$", verb) and not _KANA_OR_KANJI_NOUN.match(verb):
        return ""
    title = f"{thing}の{verb}"
    return title if len(title) <= _MAX_JA else ""


def preferred(current: str, outcome: str) -> str:
    """The outcome's title, or the title chosen from the requests and calls when that one already says the
    same work in more words: it names the outcome's verb or the thing done (`Lock a fuel card` over
    `Lock the card`, `Invite {user}@… to Teamspace` over `Send the invitation`). A one-word title, a
    Japanese title of one or two characters (`県立`, `見積`) or one that shares neither gives way."""
    if not outcome:
        return current
    if _CJK.search(current) and not re.search("[A-Za-z]", current):
        return current if len(_CJK.findall(current)) >= 3 else outcome
    words = [w.lower() for w in re.findall(r"[A-Za-z]+", current)]
    if len(words) < 2 or _CJK.search(outcome):
        return outcome if len(words) < 2 else current
    stems = {stem(w) for w in words}
    out = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]*", outcome)]
    verb = out[0]
    before_rest = [w for w in out[1:]]
    cut = next((k for k, w in enumerate(before_rest) if w in _PREPOSITIONS), len(before_rest))
    head = before_rest[cut - 1] if cut > 0 else ""
    shared = stem(verb) in stems or (head and stem(head) in stems)
    return current if shared else outcome
