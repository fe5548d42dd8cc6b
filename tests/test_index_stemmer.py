"""Stemming is PyStemmer's Porter algorithm, checked against the algorithm's reference output."""

from __future__ import annotations

from memdir.index.lexical import tokenize
from memdir.index.stemmer import stem

# word -> stem pairs from M. F. Porter's paper (1980) and the start of the reference vocabulary
# of the Snowball `porter` stemmer (voc.txt / output.txt), as the algorithm defines them.
REFERENCE = {
    "a": "a", "aaron": "aaron", "abaissiez": "abaissiez", "abandon": "abandon", "abandoned": "abandon",
    "abase": "abas", "abash": "abash", "abate": "abat", "abated": "abat", "abatement": "abat",
    "abatements": "abat", "abates": "abat", "abbess": "abbess", "abbey": "abbei", "abbeys": "abbei",
    "abbot": "abbot", "abbots": "abbot", "abbreviated": "abbrevi", "caresses": "caress", "ponies": "poni",
    "ties": "ti", "caress": "caress", "cats": "cat", "feed": "feed", "agreed": "agre", "plastered": "plaster",
    "bled": "bled", "motoring": "motor", "sing": "sing", "conflated": "conflat", "troubled": "troubl",
    "sized": "size", "hopping": "hop", "tanned": "tan", "falling": "fall", "hissing": "hiss", "fizzed": "fizz",
    "failing": "fail", "filing": "file", "happy": "happi", "sky": "sky", "relational": "relat",
    "conditional": "condit", "rational": "ration", "digitizer": "digit", "vietnamization": "vietnam",
    "predication": "predic", "operator": "oper", "feudalism": "feudal", "decisiveness": "decis",
    "hopefulness": "hope", "callousness": "callous", "triplicate": "triplic", "formative": "form",
    "formalize": "formal", "electrical": "electr", "hopeful": "hope", "goodness": "good", "revival": "reviv",
    "allowance": "allow", "inference": "infer", "airliner": "airlin", "gyroscopic": "gyroscop",
    "adjustable": "adjust", "defensible": "defens", "irritant": "irrit", "replacement": "replac",
    "adjustment": "adjust", "dependent": "depend", "adoption": "adopt", "communism": "commun",
    "activate": "activ", "homologous": "homolog", "effective": "effect", "bowdlerize": "bowdler",
    "probate": "probat", "rate": "rate", "cease": "ceas", "roll": "roll", "generalizations": "gener",
    "oscillators": "oscil",
    # where the hand-written stemmer this replaced departed from the reference
    "technology": "technologi", "psychology": "psychologi", "possibly": "possibli", "trekked": "trekk",
}  # fmt: skip


def test_stems_match_the_reference_list() -> None:
    wrong = {w: (stem(w), want) for w, want in REFERENCE.items() if stem(w) != want}
    assert wrong == {}


def test_only_ascii_words_of_three_letters_or_more_are_stemmed() -> None:
    assert stem("is") == "is" and stem("café") == "café" and stem("v2") == "v2"
    assert tokenize("Painted paintings, パスワード") == ["paint", "paint", "パス", "スワ", "ワー", "ード"]
