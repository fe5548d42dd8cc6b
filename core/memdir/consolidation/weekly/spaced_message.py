"""A title that is one person's whole message in a script written with spaces gives way to the kind's words
(round 65).

The requests' template titles a kind when most of its requests write it, holes for their values; an Odia
desk's filigree orders came out as one buyer's whole message (`ନମସ୍କାର, ମୋ ଝିଅର ବାହାଘର ପାଇଁ {value2} ଡିଜାଇନର
ତାରକସି {value} ଦରକାର, ପ୍ରାୟ {number} ଗ୍ରାମ। …`, "Hello, for my daughter's wedding …"), with a word of hers
(`ଝିଅର`, "daughter's") kept. `fragment_titles` reads a message by Latin words and `message_titles` by Japanese
endings; here a message is read in any script written with spaces (`script_words.spaced_script`): a sentence's
end inside it (`.`, `?`, `!`, the danda `।`, Arabic `؟`, Urdu `۔`, then more text), or more than `MAX_WORDS`
words. Its title is then the words most of the kind's requests write (`script_words.spaced_phrase`); none, and
the title stays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.script_words import spaced_phrase, spaced_script, words

MAX_WORDS = 12  # words of a title (holes aside): more is a message (as `fragment_titles.MAX_MESSAGE`)
_HOLE = re.compile(r"\{\w+\}")
_SENTENCE_END = re.compile(r"[.?!\u0964\u0965\u061f\u06d4]\s+\S")  # then more text: a message


def is_spaced_message(title: str, asked: Sequence[str]) -> bool:
    """Whether the title is a whole message in the requests' script written with spaces (see the module)."""
    bare = _HOLE.sub(" ", title)
    if not spaced_script(asked) or not spaced_script([bare]):
        return False
    return bool(_SENTENCE_END.search(bare.strip())) or len(words(bare)) > MAX_WORDS


def spaced_message_title(title: str, steps: Sequence[str], asked: Sequence[str], week: Sequence[str]) -> str:
    """The kind's words over a title that is one person's whole message (see the module)."""
    if not is_spaced_message(title, asked):
        return title
    phrase = spaced_phrase(asked, week, steps)
    return phrase[:1].upper() + phrase[1:] if phrase else title
