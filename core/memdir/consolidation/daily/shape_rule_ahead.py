"""A status line closed by a rule for the future, named by its rule (trial 26 #6).

"Nightly 1160 green on PS5. Next time, check the save flush test before cert." under a slot heading
(`## Evening`) tells no failure, so it stays knowledge (trial 24, `fix28c`); it was titled by its status line
(`knowledge/nightly-1160-green-on-ps5.md`). What a person keeps of it is the rule: a short paragraph whose later
sentence opens a rule for the future ("Next time", "From now on", "Going forward", 「次回から」「今後は」) is
titled by the rule's phrase ("Check the save flush test before cert") and its body is the rule, when what
comes before it is a short status line (at most `STATUS_WORDS` words, `STATUS_CHARS` characters in Japanese),
left out. A longer lead says what the note is about ("Camera for the next short: FX6 over the Blackmagic.
Night exteriors make up half the script …. Next time we'd pick the same …"): the note stays as it was.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences
from memdir.consolidation.daily.lesson_incident import RULE_AHEAD
from memdir.consolidation.daily.lesson_title import MAX_CHARS_JA, MAX_WORDS, rule_phrase

STATUS_WORDS = 10
STATUS_CHARS = 30
MAX_SENTENCES = 4
_WIDE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_WORDS = re.compile(r"[^\W_]+")


def _short(lead: list[str]) -> bool:
    text = " ".join(lead)
    return len(text) <= STATUS_CHARS if _WIDE.search(text) else len(_WORDS.findall(text)) <= STATUS_WORDS


def rule_ahead(blocks: list[Block]) -> tuple[str, list[Block]] | None:
    """The rule's title and the blocks a note keeps (module doc), or None: not such a paragraph."""
    if len(blocks) != 1 or blocks[0].kind != "para":
        return None
    sents = sentences(blocks[0].text)
    if not 2 <= len(sents) <= MAX_SENTENCES:
        return None
    k = next((i for i, s in enumerate(sents) if i and RULE_AHEAD.match(s)), 0)
    if not k:
        return None
    phrase = rule_phrase(sents[k])
    words = len(_WORDS.findall(phrase))
    wide = bool(_WIDE.search(phrase))
    if (not 6 <= len(phrase) <= MAX_CHARS_JA) if wide else not 2 <= words <= MAX_WORDS:
        return None
    if not _short(sents[:k]):
        return None
    return phrase, [Block("para", ("" if wide else " ").join(sents[k:]))]
