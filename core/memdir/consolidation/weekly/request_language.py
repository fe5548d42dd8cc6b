"""Titles in the requests' language: a kind's tool names are in English, its requests may not be (round 46).

(1) `call_name_title`: when nothing the requests write titles a kind, its decisive call's name is read as a
    verb and its thing, in the requests' spelling (`schedule_touchup`, a request writing "touch-up" ->
    "Schedule a touch-up"), never as a list of tool names with placeholders (`lookup_client,
    schedule_touchup, notify ({phone}, {date})`). Only over English requests: a tool's English words are
    no title for requests in another language. The call is the first whose name is two words (`verb_noun`,
    or `verbNoun`), none of them a read (`lookup_client`, `find_member`); a one-word call (`notify`) is
    what every kind of a desk ends with.
(2) `request_words_title`: a title in Latin letters none of whose words the requests write, over requests
    in another language (no word of 4+ letters of the tools' names written by a request either: Spanish
    requests over `abrir_parte` are in the tools' language, their title stays), gives way to the requests' own shared words:
    - requests mostly in Latin letters but not English (`english`: by form, fewer than one word in
      twelve an English function word; a Swahili, Indonesian or Finnish request writes none of `the`,
      `to`, `for`, `my`…): the phrase most of them share (`titles.shared_phrase`, the steps' constants
      counting as shared: "hina harusi" over `Book henna visit`);
    - requests mostly in a script written without spaces (Thai, Lao, Khmer, Myanmar: `unspaced_phrase`):
      the strings of 3+ letters more than half of the requests write (`คลาส`, `มวย`, `เช้า`), as the
      shortest stretch of one request that holds the most of them (`คลาสมวยเช้า`);
    - requests mostly in another script written with spaces (Devanagari, Arabic, Persian, Bengali, Tamil,
      Georgian, Amharic...: `script_words.spaced_phrase`, round 47): the longest run of words more than half
      of them write, each word whole with its marks and joiners (`तबले की पूड़ी` over `Tabla puri badlo`);
      in Arabic letters, none but words the calls write or their ids carry romanised (round 48:
      `script_titles.unheard_word`; `جلسة يوم`, "session day", a frame of "a session on <day>", is none).
    - when neither reads a phrase, what the kind's requests share and the week's other requests do not
      (`kind_words.kind_phrase`, round 51: Icelandic requests over Esperanto tools, "Bóka reiðtúr").
    "" from either reader leaves the title as it is (nothing is invented).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from memdir.consolidation.weekly.action_titles import READS, singular
from memdir.consolidation.weekly.asked_form import capitalised, service_over_asking, without_count_tail
from memdir.consolidation.weekly.asked_spelling import spelled
from memdir.consolidation.weekly.frame_words import without_frame
from memdir.consolidation.weekly.function_words import FUNCTION_WORDS
from memdir.consolidation.weekly.kind_runs import ja_kind_title, kind_run
from memdir.consolidation.weekly.kind_words import kind_constant, kind_phrase, written_constant
from memdir.consolidation.weekly.own_values import over_own_words, written_head
from memdir.consolidation.weekly.romaji_titles import romaji_title
from memdir.consolidation.weekly.script_titles import unheard_word
from memdir.consolidation.weekly.script_words import (
    alike,
    dated_words,
    spaced_phrase,
    spaced_script,
)
from memdir.consolidation.weekly.thing_acts import thing_act
from memdir.consolidation.weekly.titles import shared_phrase
from memdir.consolidation.weekly.tool_verbs import verb_first
from memdir.consolidation.weekly.unspaced_heads import unspaced_head

_WORD = re.compile(r"[^\W\d_]+")
_HOLE = re.compile(r"\{[^{}]*\}")
_JAPANESE = re.compile(r"[\u3041-\u3096\u30a0-\u30ff]|[\u3400-\u4dbf\u4e00-\u9fff]{2}")
_KEY = re.compile(r"^[\w.:-]+: `|[\w.-]+=")  # a step's tool name, an argument's key
_TOOL_STEP = re.compile(r"^([A-Za-z][\w.:-]*): `")
_NAME_WORD = re.compile(r"[A-Z]?[a-z]+")
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f\u1e00-\u1eff]+")  # a word in Latin letters, marks included
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]{2}")
# a word's letters in a script with spaces, not Latin, CJK or Hangul (Cyrillic, Greek, Hebrew, Armenian...)
_OTHER_LETTERS = re.compile(
    r"(?:(?![A-Za-z\u00c0-\u024f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])[^\W\d_]){3}"
)
_UNSPACED = re.compile(r"[\u0e01-\u0e4f\u0e81-\u0ecf\u1000-\u103f\u1050-\u108f\u1780-\u17d3]+")
_LEADING_VOWEL = re.compile(r"[\u0e40-\u0e44\u0ec0-\u0ec4]$")  # written before its consonant: no word ends so
ENGLISH_SHARE = 12  # English prose writes one function word in every few; a terse request still one in 12
MIN_RUN = 3  # letters of a shared string in an unspaced script (one syllable is too little: `มา`, `คน`)
MAX_RUN = 12
MIN_WORD = 5  # letters of a shared word alone as a title (`šakotį`; not `kovo`, "March")


def english(texts: Sequence[str]) -> bool:
    """Whether requests are English: mostly Latin words, one in `ENGLISH_SHARE` or more a function word, one
    of them of 3+ letters (`the`, `for`, `you`): `a`, `i`, `me` are words of other languages too (Albanian
    `A keni gliko?`, `me qershi`, "with cherries"; round 52)."""
    words = [w.lower() for t in texts for w in _WORD.findall(t)]
    latin = [w for w in words if w.isascii()]
    if not latin or 2 * len(latin) <= len(words):
        return False
    small = [w for w in latin if w in FUNCTION_WORDS]
    return ENGLISH_SHARE * len(small) >= len(latin) and any(len(w) >= 3 for w in small)


def call_name_title(steps: Sequence[str], asked: Sequence[str], shared: frozenset[str] = frozenset()) -> str:
    """The decisive call's name as "Verb a thing" over English requests; "" otherwise (see the module).
    `shared`: tools other kinds of the week call too, no kind's own work."""
    if not english(asked):
        return ""
    for step in steps:
        m = _TOOL_STEP.match(step)
        if m is None:
            continue
        if m.group(1) in shared:
            continue
        name = re.split(r"[.:]", m.group(1))[-1]
        words = [w.lower() for w in _NAME_WORD.findall(name)]
        if (
            len(words) != 2
            or any(w in READS or len(w) < 3 for w in words)
            or verb_first(words)[0] != words[0]
        ):
            continue  # `line_send`, `supplier_order`: a system's name and its act, no verb and thing
        verb, noun = (spelled(w, asked) for w in words)
        thing = singular(noun)
        article = "an" if thing[:1] in "aeio" else "a"
        return f"{verb[:1].title()}{verb[1:]} {article} {thing}"
    return ""


def _is_mark(c: str) -> bool:
    return unicodedata.category(c).startswith("M")


def _strings(text: str) -> set[str]:
    """The strings of an unspaced script a request writes, cut where a word may end (never before a mark)."""
    out: set[str] = set()
    for run in _UNSPACED.findall(text):
        for i in range(len(run)):
            if _is_mark(run[i]):
                continue
            for j in range(i + MIN_RUN, min(len(run), i + MAX_RUN) + 1):
                if j < len(run) and _is_mark(run[j]) or _LEADING_VOWEL.search(run[i:j]):
                    continue
                out.add(run[i:j])
    return out


def unspaced_phrase(asked: Sequence[str], week: Sequence[str] = ()) -> str:
    """What requests in a script without spaces share, as one request's stretch (see the module); not a
    string every other request of the week writes too: a form's label every request carries
    (`សរសេរអ្វីដែលអ្នកចង់បាន`, "write what you want", round 56) is no kind's."""
    texts = [a for a in asked if a.strip()]
    if len(texts) < 3:
        return ""
    rest = Counter(a for a in week if a.strip())
    rest.subtract(Counter(texts))
    others = list((+rest).elements())
    bags = [_strings(t) for t in texts]
    count: dict[str, int] = {}
    for bag in bags:
        for s in bag:
            count[s] = count.get(s, 0) + 1
    shared = {
        s for s, c in count.items() if 2 * c > len(texts) and (not others or any(s not in o for o in others))
    }
    # a piece of a longer string written as often is no word of its own (`ลาส` of `คลาส`)
    words = {
        s for s in shared if not any(len(o) > len(s) and s in o and count[o] >= count[s] for o in shared)
    }
    # of stretches holding as many, the one fewest of the week's other requests write: a verb's ending
    # every kind writes (`ပါမယ်`, "will", round 64) is how people write, not the kind's thing
    best: tuple[int, int, int, str] = (1, 1, 0, "")  # two strings or more
    for text in texts:
        for run in _UNSPACED.findall(text):
            at = sorted(
                (m.start(), m.start() + len(w)) for w in words for m in re.finditer(re.escape(w), run)
            )
            for i, (start, _) in enumerate(at):
                for _, end in at[i:]:
                    piece = run[start:end]
                    held = [w for w in words if w in piece]
                    covered = sum(len(w) for w in held)
                    if end <= start or len(piece) - covered > 2:
                        continue
                    elsewhere = sum(1 for o in others if any(w in o for w in held))
                    if (len(held), -elsewhere, -len(piece)) > best[:3]:
                        best = (len(held), -elsewhere, -len(piece), piece)
    return best[3]


def constant_phrase(steps: Sequence[str], asked: Sequence[str]) -> str:
    """The longest run of two or more words of a step's constants that a request writes as they are, one
    of them a word more than half of the requests write (`package.name=Kifurushi cha wageni 10 – …` and
    "Naomba kifurushi cha wageni kwa …" -> "kifurushi cha wageni"); "" when none."""
    texts = [a for a in asked if a.strip()]
    bags = [{w.lower() for w in _WORD.findall(t)} for t in texts]
    anchors = {w for b in bags for w in b if len(w) >= 3 and 2 * sum(1 for o in bags if w in o) > len(texts)}
    runs = [
        [w.lower() for w in _WORD.findall(part)]
        for s in steps
        for part in re.split(r"[^\w\s-]|_", _HOLE.sub(",", s))
    ]
    best: list[str] = []
    for text in texts:
        for clause in re.split(r"[^\w\s'-]", text):
            toks = [w.lower() for w in _WORD.findall(clause)]
            for i in range(len(toks)):
                for j in range(len(toks), i + 1, -1):
                    piece = toks[i:j]
                    if len(piece) <= len(best) or not set(piece) & anchors:
                        continue
                    if any(piece == run[k : k + len(piece)] for run in runs for k in range(len(run))):
                        best = piece
                        break
    return " ".join(best) if len(best) >= 2 else ""


def shared_word(texts: Sequence[str], steps: Sequence[str], week: Sequence[str] = ()) -> str:
    """The word of `MIN_WORD`+ letters more than half of the requests write in one form or another
    (`script_words.alike`: `šakotį`, `šakotis`), no function word, not written next to a number everywhere
    (`dated_words`), nor written as it is by more than half of the week's other requests (`sveiki`, "hello";
    the week's other kinds may sell the same thing in another case, `šakotis`); as the most requests write it
    (round 49: Lithuanian requests over German tools, `Baumkuchen bestellen`, share no run of two words);
    only a word the steps write too, in one form or another (`bezeichnung=Šakotis 2 kg`): the thing the calls
    pass, not a word the requests happen to share (`içinde`, "inside"; `ramen`, "windows", of a booking)."""
    bags = [{w.lower() for w in _WORD.findall(t)} for t in texts]
    rest = Counter(a for a in week if a.strip())
    rest.subtract(Counter(texts))
    others = [{w.lower() for w in _WORD.findall(t)} for t in (+rest).elements()]
    dated = dated_words(texts)
    passed = {  # the calls' values, not their keys nor tool names (`kart=`, `kunde_suchen`)
        w.lower()
        for st in steps
        for w in _WORD.findall(_KEY.sub(" ", _HOLE.sub(" ", st)))
        if len(w) >= MIN_WORD
    }

    def share(word: str, among: Sequence[set[str]]) -> int:
        return sum(1 for b in among if any(alike(word, w) for w in b))

    said = Counter(w for b in bags for w in b)
    best = max(
        (
            (share(w, bags), said[w], w)
            for w in said
            if len(w) >= MIN_WORD
            and w not in FUNCTION_WORDS
            and w not in dated
            and any(alike(w, p) for p in passed)
        ),
        default=(0, 0, ""),
    )
    if 2 * best[0] <= len(bags) or 2 * sum(1 for b in others if best[2] in b) > len(others):
        return ""
    return best[2]


def _cjk(text: str) -> bool:
    """Whether a request is written in Chinese or Japanese (kana, or two kanji in a row)."""
    return bool(_JAPANESE.search(text) or _HAN.search(text))


def request_words_title(
    title: str, steps: Sequence[str], asked: Sequence[str], week: Sequence[str] = ()
) -> str:
    """The requests' shared words over a Latin title they do not write, when they are in another language;
    `week`: every request of the week (words other kinds write too are no title's edge). A title that asks,
    wishes or names a thing alone then gives way to the service the calls pass (`asked_form`, round 53); the
    title opens with a capital where its script has one (`asked_form.capitalised`)."""
    titled = service_over_asking(_words_title(title, steps, asked, week), steps, asked)
    return capitalised(thing_act(titled, steps, asked), steps)  # `Order a delta kite` (round 55)


def _words_title(title: str, steps: Sequence[str], asked: Sequence[str], week: Sequence[str]) -> str:
    texts = [a for a in asked if a.strip()]
    if _JAPANESE.search(title):  # `錦鯉受付`, every kind's: a constant's head the kind writes (round 52)
        return ja_kind_title(without_count_tail(title, texts), steps, texts, week)
    bare = _HOLE.sub(" ", title)
    words = [w.lower() for w in _WORD.findall(bare)]
    if len(texts) < 3 or not words or not all(_LATIN.fullmatch(w) for w in words):
        return title  # `Spigel poléieren` is Latin too: its `é` no other script (round 58)
    said = " ".join(texts).lower()
    if any(len(w) >= 3 and w not in FUNCTION_WORDS and re.search(rf"\b{re.escape(w)}", said) for w in words):
        return title  # the requests write the title's words: it is in their language
    tools = {w.lower() for s in steps if (m := _TOOL_STEP.match(s)) for w in _NAME_WORD.findall(m.group(1))}
    if any(len(w) >= 4 and re.search(rf"(?<![^\W\d_]){re.escape(w[:4])}", said) for w in tools):
        return title  # a request writes a word of the tools' names: the tools speak the requests' language
    if 2 * sum(1 for t in texts if _UNSPACED.search(t)) > len(texts):
        phrase = unspaced_phrase(texts, week)
        # the service the calls pass in the requests' letters, holding their phrase and more (round 64)
        phrase = unspaced_head(phrase, steps, texts) or phrase or written_head(steps, texts)  # `ແຄນແປດ` (57)
    elif not english(texts) and 2 * sum(1 for t in texts if re.search("[A-Za-z]{3}", t)) > len(texts):
        phrase = (
            without_frame(
                shared_phrase(texts, steps), texts, steps
            )  # `Airson fèileadh-beag`, "for" (round 61)
            or constant_phrase(steps, texts)
            or shared_word(texts, steps, week)
            # `Bóka reiðtúr` over `rezervi_rajdon`: what the kind writes and the week's others do not (round 51)
            or kind_phrase(texts, week, sorted(tools))
        )
    elif spaced_script(texts):  # Devanagari, Arabic, Persian...: words whole, marks and joiners kept
        phrase = (
            spaced_phrase(texts, week, steps)
            or kind_phrase(texts, week, sorted(tools))  # the kind's words (round 51)
            or kind_constant(texts, week, steps)  # a service's name in them (round 54)
        )
        phrase = (
            "" if unheard_word(phrase, steps, texts) else phrase
        )  # `جلسة يوم`: a shared frame; the tools' title
        phrase = over_own_words(phrase, steps, texts)  # `કાપડ લાવીશ` (round 57)
    elif 2 * sum(1 for t in texts if _cjk(t)) > len(texts):
        # Chinese, Japanese: the kind's character runs (round 54); not when a request is English, the tools'
        # title then its words (bilingual kinds: `Extend a reservation` over `返却`, "return"); nor over a title
        # in romaji that `romaji_titles` reads from the calls' constants (`Kaisuuken a hakkou` -> `10回券の発行`)
        if any(english([t]) for t in texts if not _cjk(t)) or romaji_title(title, steps, texts) != title:
            return title
        phrase = kind_run(texts, week)
    elif 2 * sum(1 for t in texts if _OTHER_LETTERS.search(t)) > len(texts):
        # Cyrillic, Greek, Hebrew, Armenian... under tools in Latin letters: the kind's words (round 54)
        phrase = (
            kind_phrase(texts, week, sorted(tools))
            or kind_constant(texts, week, steps)
            or written_constant(texts, steps)  # `Шырдак оңдоо`: words every kind writes (round 63)
        )
    elif english(texts):  # English requests over tools of another language: the service the kind's calls
        phrase = kind_constant(texts, week, steps, latin=True)  # pass, in the requests' words (round 55)
    else:
        return title
    return phrase[:1].title() + phrase[1:] if phrase else title
