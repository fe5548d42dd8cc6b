"""A quoted value after a command's option names a kind only when a request writes its words (round 38).

Set 38's cabin rental ran every booking as `utleie book … --avbestilling "Fleks 14 dager"` and was titled by that
quote (`titles.quoted_title` takes a message the steps all write as the kind's own words): a constant term of the
command, which no request writes. A quote right after an option (`--type "…"`, `-m '…'`) is the kind's word only
when a request writes one of its words (four letters or more, as a word's start: `sluttvasken` writes
`sluttvask` of `--type "Full sluttvask"`); a commit message (`git commit -am 'Bump …'`) after `-am` is still read
stays the kind's words: an option that takes a message (`-m`, `--message`, `--title`, …) is no term.
"""

from __future__ import annotations

import re

_OPTION = re.compile(r"(?:^|\s)--?([A-Za-z][\w-]*)[ =]$")  # a quote right after a command's option: its value
_MESSAGE = frozenset(
    ["m", "am", "message", "msg", "title", "subject", "description", "comment", "body", "text"]
)
_WORD = re.compile(r"[^\W\d_]+")


def after_option(before: str) -> bool:
    """Whether the text before a quote ends with a command's option (`--avbestilling `)."""
    m = _OPTION.search(before)
    return m is not None and m.group(1).lower() not in _MESSAGE


def option_asked(quote: str, said: set[str]) -> bool:
    """Whether a request writes a word of an option's quoted value (`said`: the requests' words, lower case)."""
    words = [w for w in _WORD.findall(quote.lower()) if len(w) >= 4]
    return any(s.startswith(w) for w in words for s in said)
