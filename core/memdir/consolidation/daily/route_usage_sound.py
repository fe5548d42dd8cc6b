"""A name written in katakana for a Latin name, read by its sound (trial 30 #11).

「オリバーさんの12月分の請求書、いつもの手順で作ってドライブに上げた。」 reports using "Make the UK invoice for
Oliver Trading for the {month} shipment"; the Japanese report shares no word with the English title as written,
and a name has no meaning an embedder could match (オリバー is not near "Oliver" as a loanword is near its word).
Japanese writes a foreign name by its sound, so the two are one word when their sounds agree: each is reduced to
a coarse key of its consonants (katakana by Hepburn romanisation; then both sides alike: l = r, v = b, th = s,
ph = f, c = k or s, a silent final e, and an r after a vowel that no vowel follows (-er, -or, Robert, Park), which Japanese
writes as a long vowel, left out;
vowels and doubled letters dropped), with a mark for a name that opens with a vowel. Oliver -> `_rb`, オリバー ->
`_rb`; Smith / スミス -> `sms`; Drive / ドライブ -> `drb`. A key of fewer than two consonants says too little.

`pick_by_sound`: when a usage report's katakana name is, by sound, a capitalised word of exactly one procedure's
title in the other language (a name: not the title's first word), that procedure is asked about (an `evidence`
item), never counted: one name is a clue to which procedure, not proof it was followed.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_lang import language
from memdir.consolidation.daily.route_usage import names_usual_way

_KANA = {
    **dict.fromkeys("アァ", "a"),
    **dict.fromkeys("イィ", "i"),
    **dict.fromkeys("ウゥ", "u"),
    **dict.fromkeys("エェ", "e"),
    **dict.fromkeys("オォ", "o"),
    "カ": "ka",
    "キ": "ki",
    "ク": "ku",
    "ケ": "ke",
    "コ": "ko",
    "ガ": "ga",
    "ギ": "gi",
    "グ": "gu",
    "ゲ": "ge",
    "ゴ": "go",
    "サ": "sa",
    "シ": "shi",
    "ス": "su",
    "セ": "se",
    "ソ": "so",
    "ザ": "za",
    "ジ": "ji",
    "ズ": "zu",
    "ゼ": "ze",
    "ゾ": "zo",
    "タ": "ta",
    "チ": "chi",
    "ツ": "tsu",
    "テ": "te",
    "ト": "to",
    "ダ": "da",
    "ヂ": "ji",
    "ヅ": "zu",
    "デ": "de",
    "ド": "do",
    "ナ": "na",
    "ニ": "ni",
    "ヌ": "nu",
    "ネ": "ne",
    "ノ": "no",
    "ハ": "ha",
    "ヒ": "hi",
    "フ": "fu",
    "ヘ": "he",
    "ホ": "ho",
    "バ": "ba",
    "ビ": "bi",
    "ブ": "bu",
    "ベ": "be",
    "ボ": "bo",
    "パ": "pa",
    "ピ": "pi",
    "プ": "pu",
    "ペ": "pe",
    "ポ": "po",
    "マ": "ma",
    "ミ": "mi",
    "ム": "mu",
    "メ": "me",
    "モ": "mo",
    "ヤ": "ya",
    "ユ": "yu",
    "ヨ": "yo",
    "ャ": "ya",
    "ュ": "yu",
    "ョ": "yo",
    "ラ": "ra",
    "リ": "ri",
    "ル": "ru",
    "レ": "re",
    "ロ": "ro",
    "ワ": "wa",
    "ヲ": "o",
    "ン": "n",
    "ヴ": "bu",
    "ー": "",
    "ッ": "",
    "・": "",
}
_KATAKANA_NAME = re.compile(r"[\u30a1-\u30fa\u30fc]{3,}")
_LATIN_NAME = re.compile(r"(?<![\w{])[A-Z][a-z]{3,}\b")
_VOWELS = re.compile(r"[aeiouy]+")
_MIN_CONSONANTS = 2


def romaji(katakana: str) -> str:
    """The katakana word in Latin letters (Hepburn, without long vowels or the small tsu's doubling)."""
    return "".join(_KANA.get(ch, "") for ch in katakana)


def sound_key(word: str) -> str:
    """The coarse key of a word's sound: its consonants after the rules of this module's docstring."""
    w = word.lower()
    w = re.sub(r"(?<=[^aeiou])e$", "", w)  # a silent final e ("Drive")
    w = re.sub(r"(?<=[a-z]{2})(?:er|or|ar|re)$", "a", w)  # "Oliver" -> オリバー: a long vowel, no r
    w = re.sub(r"(?<=[aeiou])r(?=[^aeiouy])", "", w)  # "Robert" -> ロバート, "Park" -> パーク
    for a, b in (
        ("ph", "f"),
        ("th", "s"),
        ("sh", "s"),
        ("ch", "t"),
        ("ts", "t"),
        ("ck", "k"),
        ("q", "k"),
        ("x", "ks"),
    ):
        w = w.replace(a, b)
    w = re.sub(r"c(?=[eiy])", "s", w).replace("c", "k").replace("l", "r").replace("v", "b").replace("w", "")
    w = w.replace("j", "z").replace("h", "")
    lead = "_" if w[:1] in "aeiouy" else ""
    skeleton = re.sub(r"(.)\1+", r"\1", _VOWELS.sub("", w))
    return lead + skeleton


def said_by_sound(katakana: str, latin: str) -> bool:
    """Whether a katakana word writes a Latin word's sound (オリバー / Oliver)."""
    key = sound_key(latin)
    return len(key.lstrip("_")) >= _MIN_CONSONANTS and sound_key(romaji(katakana)) == key


def title_names(title: str) -> list[str]:
    """The capitalised words of a title after its first (a name: "Oliver", "Trading"; not "Make")."""
    first = re.match(r"\W*\w+", title)
    return _LATIN_NAME.findall(title[first.end() :] if first else title)


def pick_by_sound(report: str, titles: dict[str, str]) -> tuple[str, str, str] | None:
    """(path, katakana, name): the one procedure of the other language whose title holds a name the usage report
    writes in katakana, else None (none, or several)."""
    if language(report) != "ja" or not names_usual_way(report):
        return None
    kana = list(dict.fromkeys(_KATAKANA_NAME.findall(report)))
    found: dict[str, tuple[str, str]] = {}
    for path, title in titles.items():
        if path.startswith("skills/") or language(title) == "ja":
            continue
        for name in title_names(title):
            said = next((k for k in kana if said_by_sound(k, name)), "")
            if said:
                found[path] = (said, name)
                break
    if len(found) != 1:
        return None
    [(path, (said, name))] = found.items()
    return path, said, name
