"""English function words and determiners: words that never name a placeholder or a kind."""

from __future__ import annotations

DETERMINERS = frozenset(
    [
        "a",
        "an",
        "the",
        "some",
        "any",
        "this",
        "that",
        "these",
        "those",
        "my",
        "our",
        "your",
        "their",
        "its",
        "each",
        "every",
    ]
)
FUNCTION_WORDS = DETERMINERS | frozenset(
    [
        "all",
        "no",
        "to",
        "into",
        "onto",
        "in",
        "on",
        "at",
        "from",
        "by",
        "for",
        "with",
        "without",
        "of",
        "off",
        "over",
        "under",
        "via",
        "per",
        "as",
        "than",
        "and",
        "or",
        "but",
        "nor",
        "so",
        "then",
        "if",
        "when",
        "while",
        "until",
        "before",
        "after",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "it",
        "them",
        "they",
        "he",
        "she",
        "we",
        "you",
        "i",
        "me",
        "us",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "first",
        "second",
        "third",
        "both",
    ]
)
# function words of the Romance languages (English's are `FUNCTION_WORDS`): never a title's last word
ROMANCE_WORDS = frozenset(
    ["a", "al", "de", "del", "el", "la", "las", "los", "lo", "le", "les", "en", "por", "para", "con", "sin"]
    + ["y", "o", "que", "un", "una", "su", "sus", "mi", "du", "des", "et", "pour", "avec", "dans", "sur"]
    + ["par", "da", "di", "per", "il", "e", "do", "das", "dos", "no", "na", "se", "me", "te"]
    + [
        "je",
        "ma",
        "mon",
        "mes",
        "ta",
        "ton",
        "ses",
        "au",
        "aux",
        "ne",
        "pas",
        "qui",
        "nous",
        "vous",
    ]  # French
)
# function words of the Nordic languages: a fragment's, never a known language's (`Leie deres i netter fra`)
NORDIC_WORDS = frozenset(
    ["i", "og", "til", "fra", "på", "med", "av", "om", "som", "deres", "dere", "vi", "jeg", "det", "den"]
    + ["ett", "och", "från", "för", "att", "jag", "ni", "er", "eller", "ikke", "inte", "har", "kan"]
)
# function words of German and Dutch, whose tool names put the verb last (`probestunde_buchen`)
VERB_LAST_WORDS = frozenset(
    ["der", "die", "das", "und", "ich", "ihr", "wir", "mit", "für", "ein", "eine", "einen", "ist", "nicht"]
    + ["den", "dem", "mein", "meine", "meinen", "bitte", "kann", "gern", "gerne", "auf", "zu", "im", "am"]
    + ["het", "een", "ik", "wil", "graag", "voor", "van", "niet", "mijn", "kunnen", "jullie"]
)
SMALL_WORDS = (
    FUNCTION_WORDS | ROMANCE_WORDS | NORDIC_WORDS | VERB_LAST_WORDS
)  # the small words of the languages known
# prepositions of place and direction (round 62): a run opening with one says where a request's thing is
# (`near the tail`), never what is done; no word of a kind
PLACE_WORDS = frozenset(
    [
        "near",
        "nearby",
        "beside",
        "behind",
        "above",
        "below",
        "beneath",
        "underneath",
        "around",
        "inside",
        "outside",
        "within",
        "along",
        "across",
        "between",
        "among",
        "amongst",
        "against",
        "toward",
        "towards",
        "beyond",
        "through",
        "throughout",
    ]
)
# the prepositions that tell whom or where an act goes (`Order from Marui Parts`, round 64): after a verb,
# the rest of an act's phrase
LINK_WORDS = frozenset(["from", "to", "at", "with", "via", "for", "into", "onto"])
