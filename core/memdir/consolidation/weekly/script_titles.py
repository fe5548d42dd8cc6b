"""A kind asked in Hebrew, Cyrillic or Greek is titled in its requests' words, never a transliterated id (round 45).

Set 45's Hebrew desk calls `kva_tor_tikun` and sends the template `tikun_dud_shemesh_v3`; its requests are in
Hebrew ("…אפשר לשלוח מישהו לתקן?", "…צריך טכנאי שיבדוק את הדוד", "אפשר תור לתיקון השבוע?"), and the kind was
titled `Kva tor tikun`, Latin letters no requester wrote or reads. The ids are the requests' words spelled in
Latin letters: read both as consonant skeletons (vowels and the letters that stand for them left out, `sh`/`ש`,
`ch`/`ח`, `ts`/`צ` one sound each), `tikun` is `לתיקון` after its one-letter prefix, `dud` is `הדוד`, `shemesh` is
`שמש`. A Latin title over requests in another script becomes, when an id of the steps (a tool's name or a
template's) has every word written in the requests, those words as the requests spell them, in the id's order
(`תיקון דוד שמש`, `Ремонт пральки`); of several such ids, the one whose words the most requests write. Else the title stays.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from difflib import SequenceMatcher

# Brahmic scripts (round 49): Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam
# share one layout (ISCII's), a letter's place in its block being its sound: one table by offset for all nine
_BRAHMIC_BLOCKS = range(0x900, 0xD80, 0x80)
_BRAHMIC_SOUNDS = {
    **dict.fromkeys((0x01, 0x02), "N"),  # candrabindu, anusvara: a nasal (`কাঁথা`, kantha)
    **dict.fromkeys((0x15, 0x16, 0x58, 0x59), "K"),
    **dict.fromkeys((0x17, 0x18, 0x5A), "G"),
    **dict.fromkeys((0x19, 0x1E, 0x23, 0x28, 0x29), "N"),
    **dict.fromkeys((0x1A, 0x1B), "K"),  # `ch`, read `K` as Latin `ch` is
    **dict.fromkeys((0x1C, 0x1D), "G"),  # `j`, read `G` as Latin `j` is
    **dict.fromkeys((0x1F, 0x20, 0x24, 0x25, 0x4E), "T"),  # 0x4E: Bengali `ৎ`
    **dict.fromkeys((0x21, 0x22, 0x26, 0x27), "D"),
    **dict.fromkeys((0x2A, 0x2B, 0x5E), "P"),
    **dict.fromkeys((0x2C, 0x2D, 0x35, 0x71), "B"),
    **{0x2E: "M", 0x5B: "Z"},
    **dict.fromkeys((0x30, 0x31, 0x5C, 0x5D, 0x70), "R"),  # `ড়`, `ड़` are `r` in Latin letters
    **dict.fromkeys((0x32, 0x33, 0x34), "L"),
    **dict.fromkeys((0x36, 0x37, 0x38), "S"),
}
_BRAHMIC_VOWELS = {
    **dict.fromkeys((0x05, 0x06, 0x0D, 0x0E, 0x0F, 0x10, 0x3E, 0x45, 0x46, 0x47, 0x48), "a"),
    **dict.fromkeys((0x07, 0x08, 0x3F, 0x40), "i"),
    **dict.fromkeys((0x09, 0x0A, 0x11, 0x12, 0x13, 0x14, 0x41, 0x42, 0x49, 0x4A, 0x4B, 0x4C), "u"),
}
_BRAHMIC_VIRAMA = 0x4D  # a consonant's vowel killed: no word's stem ends on one
_BRAHMIC = "".join(
    chr(b + o) for b in _BRAHMIC_BLOCKS for o in range(0x80) if unicodedata.category(chr(b + o))[0] in "LM"
)
# each letter's sound class; "" for a vowel or a letter that may stand for one (Hebrew ו, י, א, ע, ה)
_LETTERS = {
    **dict.fromkeys("אהויע", ""),
    **{"ב": "B", "ג": "G", "ד": "D", "ז": "Z", "ח": "K", "ט": "T", "כ": "K", "ך": "K", "ל": "L"},
    **{"מ": "M", "ם": "M", "נ": "N", "ן": "N", "ס": "S", "פ": "P", "ף": "P", "צ": "C", "ץ": "C"},
    **{"ק": "K", "ר": "R", "ש": "S", "ת": "T"},
    **dict.fromkeys("аеёиіїйоуыэюяьъ", ""),
    **{"б": "B", "в": "B", "г": "G", "ґ": "G", "д": "D", "ж": "Z", "з": "Z", "к": "K", "л": "L"},
    **{"м": "M", "н": "N", "п": "P", "р": "R", "с": "S", "т": "T", "ф": "P", "х": "K", "ц": "C"},
    **{"ч": "K", "ш": "S", "щ": "S"},
    **dict.fromkeys("αάεέηήιίϊΐοόυύϋΰωώ", ""),
    **{"β": "B", "γ": "G", "δ": "D", "ζ": "Z", "θ": "T", "κ": "K", "λ": "L", "μ": "M", "ν": "N"},
    **{"ξ": "KS", "π": "P", "ρ": "R", "σ": "S", "ς": "S", "τ": "T", "φ": "P", "χ": "K", "ψ": "PS"},
    # Arabic (round 48): the long vowels, hamza carriers, `ع` and `ح`/`ه` (Franco-Arabic `3`, `7`, `h`) carry no
    # consonant class; `ة` is read both silent and as `t` (`_forms`)
    **dict.fromkeys("اأإآءئؤوىيعحهة", ""),
    **{"ب": "B", "ت": "T", "ث": "T", "ج": "G", "خ": "K", "د": "D", "ذ": "D", "ر": "R", "ز": "Z", "س": "S"},
    **{"ش": "S", "ص": "S", "ض": "D", "ط": "T", "ظ": "Z", "غ": "G", "ف": "P", "ق": "K", "ك": "K", "ل": "L"},
    **{"م": "M", "ن": "N", "پ": "P", "چ": "K", "ژ": "Z", "گ": "G", "ک": "K", "ی": ""},
    **{c: _BRAHMIC_SOUNDS.get((ord(c) - 0x900) % 0x80, "") for c in _BRAHMIC},
}
_BRAHMIC_SET = frozenset(_BRAHMIC)
_LATIN_PAIRS = {
    **{"sh": "S", "ch": "K", "kh": "K", "zh": "Z", "ts": "C", "tz": "C", "th": "T", "ph": "P"},
    **{"gh": "G", "dh": "D"},  # Arabic's `غ`, `ذ` in Latin letters
}
_LATIN = {
    **dict.fromkeys("aeiouywh", ""),
    **{"b": "B", "v": "B", "g": "G", "j": "G", "d": "D", "z": "Z", "t": "T", "k": "K", "c": "K"},
    **{"q": "K", "l": "L", "m": "M", "n": "N", "s": "S", "p": "P", "f": "P", "r": "R", "x": "KS"},
    **dict.fromkeys("2379", ""),  # Franco-Arabic digits for `ء`, `ع`, `ح`, `ق`/`ص` glottal or throat sounds
    "5": "K",  # `خ`
}
# the vowel a letter writes or stands for, by what it sounds like
_VOWEL = {
    **dict.fromkeys("aeאעהаеэяєαάεέηήاأإآعة", "a"),
    **dict.fromkeys("iyיиіїйыιίϊΐيىیئ", "i"),
    **dict.fromkeys("ouwוоуюёοόυύωώوؤ", "u"),
    **{c: v for c in _BRAHMIC if (v := _BRAHMIC_VOWELS.get((ord(c) - 0x900) % 0x80, ""))},
}
_HEBREW_PREFIX = "הולבמשכ"  # one letter written before a word: the, and, to, in, from, that, as
# Arabic: `ال` (the), one letter of and, so, with, to, as, and a present verb's person (`نحجز`, "we book")
_ARABIC_ARTICLE = "ال"
_ARABIC_PREFIX = "وفبلكنيتأ"
_SCRIPT = re.compile(rf"[\u0590-\u05ff\u0400-\u04ff\u0370-\u03ff\u0620-\u064a\u067e-\u06cc{_BRAHMIC}]")
_WORD = re.compile(rf"[\u0590-\u05ff\u0400-\u04ff\u0370-\u03ff\u0620-\u0652\u067e-\u06cc{_BRAHMIC}]+")
_ARABIC_MARK = re.compile(r"[\u064b-\u0652]")  # short vowels, shadda, sukun: no letter
_ID = re.compile(r"(?<![\w.])([a-z]{2,}(?:_[a-z0-9]+)+)(?![\w])")
_STEP_TOOL = re.compile(r"^([a-z][a-z0-9]*(?:_[a-z0-9]+)+):")
_VERSION = re.compile(r"^(?:v?\d+)$")
MIN_SKELETON = 2  # fewer sounds match too much by chance
MAX_ENDING = 3  # characters of a Brahmic word's ending (`ের`, `ों`, `ில்`)
MIN_HEARD = 3  # sounds of an id's word heard in a request: evidence the ids romanise the requests' words
# ids' words so heard: one is chance (Turkmen `kabul` sounds as Telugu `కావాలి`, "want": K-B-L), two are evidence
MIN_HEARD_WORDS = 2


def _latin_sounds(word: str) -> list[tuple[str, str]]:
    """(letters, sound class) of a Latin-letter word, a doubled letter once (`tikkun`)."""
    word = re.sub(r"(.)\1+", r"\1", word.lower())
    out, i = [], 0
    while i < len(word):
        pair = word[i : i + 2]
        if pair in _LATIN_PAIRS:
            out.append((pair, _LATIN_PAIRS[pair]))
            i += 2
            continue
        out.append((word[i], _LATIN.get(word[i], "")))
        i += 1
    return out


def latin_skeleton(word: str) -> str:
    """The consonant sounds of a Latin-letter word (`shemesh` -> `SMS`)."""
    return "".join(s for _, s in _latin_sounds(word))


def script_skeleton(word: str) -> str:
    """The consonant sounds of a Hebrew, Cyrillic, Greek or Arabic word (`שמש` -> `SMS`, `جلسة` -> `GLS`)."""
    return "".join(_LETTERS.get(c, "") for c in re.sub(r"(.)\1+", r"\1", _ARABIC_MARK.sub("", word.lower())))


def _skeletons(form: str) -> set[str]:
    """A form's skeleton; an Arabic `ة` read silent and as `t` (`جلسة`: `jalsa`, and `jalsat` before a noun)."""
    return {script_skeleton(form), script_skeleton(form.replace("ة", "ت"))}


def _vowelled(sounds: Sequence[tuple[str, str]]) -> str:
    """Consonant classes with the vowels between them (`a` for a, e; `i` for i, y; `u` for o, u, w)."""
    return "".join(s or _VOWEL.get(c, "") for c, s in sounds)


def _near(word: str, form: str) -> float:
    """How alike an id's word and a request's form sound, vowels and all (`tikun`: `תיקון` over `טכנאי`)."""
    mine = _vowelled(_latin_sounds(word))
    theirs = _vowelled(
        [(c, _LETTERS.get(c, "")) for c in _ARABIC_MARK.sub("", form.lower()).replace("ة", "ات")]
    )
    return SequenceMatcher(None, mine, theirs).ratio()


def _forms(word: str) -> list[str]:
    """A request's word and, in Hebrew, the word without one or two prefix letters (`לתיקון` -> `תיקון`); in
    Arabic without one or two prefix letters and the article (`والتوصيل` -> `توصيل`, `نحجز` -> `حجز`)."""
    out = [word]
    for _ in range(2):
        if len(out[-1]) > 3 and out[-1][0] in _HEBREW_PREFIX:
            out.append(out[-1][1:])
    bare = word
    for _ in range(2):
        if len(bare) > 3 and bare[0] in _ARABIC_PREFIX:
            bare = bare[1:]
            out.append(bare)
        if len(bare) > 4 and bare.startswith(_ARABIC_ARTICLE):
            bare = bare[len(_ARABIC_ARTICLE) :]
            out.append(bare)
    if word[:1] in _BRAHMIC_SET:  # a Brahmic case ending or suffix (`মেরামতের` -> `মেরামত`, `कपड़ों` -> `कपड़`)
        for cut in range(1, MAX_ENDING + 1):
            stem = word[:-cut]
            # a stem ends on a whole letter: not on a virama, nor on a consonant whose virama joins it to the
            # next (`వర్మ` is no `వర` + ending: a cut inside its conjunct `ర్మ`, round 60)
            edge = {(ord(c) - 0x900) % 0x80 for c in word[len(stem) - 1 : len(stem) + 1]}
            if len(stem) >= 2 and _BRAHMIC_VIRAMA not in edge:
                out.append(stem)
    return list(dict.fromkeys(out))


def _spelled(word: str, asked: Sequence[str]) -> tuple[str, int]:
    """How the requests write an id's word (the form that sounds most like it), and how many requests write it."""
    sound = latin_skeleton(word)
    if len(sound) < MIN_SKELETON:
        return "", 0
    seen: Counter[str] = Counter()
    tasks = 0
    whole = {w for text in asked for w in _WORD.findall(text)}
    for text in asked:
        found = False
        for w in _WORD.findall(text):
            forms = [f for f in _forms(w) if sound in _skeletons(f)]
            # a form without its prefix another request writes whole (`حجز` of `أحجز`): the word itself
            forms = [f for f in forms if f in whole and f != w][-1:] or forms
            for form in forms:
                seen[form] += 1
                found = True
        tasks += found
    if not seen:
        return "", 0
    best = max(seen, key=lambda f: (_near(word, f), seen[f], f))
    return best, tasks


def _ids(steps: Sequence[str]) -> list[str]:
    """Tool names and snake_case values of the steps, in order of first use."""
    out: list[str] = []
    for step in steps:
        m = _STEP_TOOL.match(step)
        if m:
            out.append(m.group(1))
        out.extend(_ID.findall(step))
    return list(dict.fromkeys(out))


def request_script_title(title: str, steps: Sequence[str], asked: Sequence[str]) -> str:
    """The title in the requests' own script (see the module), else `title` as it is."""
    if not asked or _SCRIPT.search(title) or not re.search("[A-Za-z]", title):
        return title
    if 2 * sum(1 for a in asked if _SCRIPT.search(a)) <= len(asked):
        return title
    best, best_tasks = "", 0
    for ident in _ids(steps):
        words = [w for w in ident.split("_") if not _VERSION.match(w)]
        if len(words) < 2:
            continue
        spelled = [_spelled(w, asked) for w in words]
        if any(not form for form, _ in spelled):
            continue  # a word no request writes: the id is not the requests' words
        tasks = sum(n for _, n in spelled)
        if tasks > best_tasks:
            best, best_tasks = " ".join(form for form, _ in spelled), tasks
    return best[:1].title() + best[1:] if best else title  # `Ремонт пральки`; Hebrew has no case


def unheard_word(phrase: str, steps: Sequence[str], asked: Sequence[str]) -> bool:
    """Whether a phrase in a script read here by sound (Arabic: round 48) holds a word the kind's calls
    neither write (a constant) nor carry in an id's romanised words (`jalsat` for `جلسة`), when the ids are
    the requests' words romanised (two of three sounds or more are heard in a request): `جلسة يوم` ("session
    day") of "a session on <day>", a frame the requests share, not the work. English ids (`order_panel`)
    are no evidence: a word's meaning is not read, only its sound."""
    written = {w for s in steps for w in _WORD.findall(s.lower())}
    heard = {latin_skeleton(w) for ident in _ids(steps) for w in ident.split("_") if not _VERSION.match(w)}
    said = {k for a in asked for w in _WORD.findall(a.lower()) for f in _forms(w) for k in _skeletons(f)}
    if sum(1 for k in heard if len(k) >= MIN_HEARD and k in said) < MIN_HEARD_WORDS:
        return False  # the ids are not the requests' words romanised (one word heard is chance, round 60)
    for word in _WORD.findall(phrase.lower()):
        if not any(_LETTERS.get(c) for c in word) or word in written:
            continue  # a script not read by sound (Devanagari...): no evidence either way
        if any(f in written for f in _forms(word)):
            continue
        if not any(k in heard for f in _forms(word) for k in _skeletons(f) if len(k) >= MIN_SKELETON):
            return True
    return False
