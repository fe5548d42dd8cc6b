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
from collections.abc import Sequence

from memdir.consolidation.weekly.align import atoms

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


def _quote_words(text: str) -> list[str]:
    return [a.lower() for a in atoms(text) if not a.isspace()]


_QUOTED = re.compile(r"""(?<![\w=])['"]([A-Z][a-z]{2,}(?: [^'"=/\n]{1,60})?)['"]""")


def quoted_title(steps: Sequence[str], texts: Sequence[str] = ()) -> str:
    """A message the steps all wrote in prose (`git commit -am 'Bump {package} to {target}'`): the
    kind's own words for its work, better than its command list ("" when no step quotes one).

    Of several quotes (a browser's button labels), the one whose words the requests use most:
    `Change plan` over the sign-in's `Continue with SSO` that every kind of the week clicks.
    """
    said = {w for t in texts for w in _quote_words(t.lower())}
    quotes = [
        m.group(1)
        for s in steps
        for m in _QUOTED.finditer(s)
        if len(m.group(1).split()) >= 2
        and (not after_option(s[: m.start()]) or option_asked(m.group(1), said))
    ]
    if not quotes:
        return ""
    return max(quotes, key=lambda q: sum(1 for w in set(_quote_words(q.lower())) if w in said))
