"""A prefix every call of a kind shares is its framework's, not the kind's words (round 34).

Rasa's custom actions are named `action_<name>` (`action_musteri_bul`, `action_siparis_olustur`), and other
frameworks write `tool_`, `fn_` or `func_` before every function. Read as words, the prefix was the first word
of every call: a title from the look-up (`Action musteri bul`) "named" the work call (`action_siparis_olustur`)
by that shared word, so the work never took its place, in both kinds of set 34. When every call of the kind
(two tools or more) starts with the same word before `_` or `-` and goes on after it, and no request writes
that word, the word is the framework's: the title readers read the calls without it (`musteri_bul`,
`siparis_olustur`). A word the requests write (`ticket_get`, `ticket_close` of a desk whose requests say
"ticket") is the kind's and stays. The procedure's steps keep the tools' full names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_CALL = re.compile(r"^([A-Za-z][\w-]*)(: `)", re.S)
_HEAD = re.compile(r"^([A-Za-z][A-Za-z0-9]*)[_-](?=[A-Za-z])")
_WORD = re.compile(r"[^\W\d_]+", re.U)


def framework_prefix(steps: Sequence[str], asked: Sequence[str]) -> str:
    """The prefix (`action_`) every call of the steps starts with when it is no word of the requests; ""."""
    tools = {m.group(1) for m in (_CALL.match(s.strip()) for s in steps) if m}
    heads = {h.group(0) if (h := _HEAD.match(t)) else "" for t in tools}
    if len(tools) < 2 or len(heads) != 1 or "" in heads:
        return ""
    (head,) = heads
    word = head[:-1].lower()
    written = {w.lower() for a in asked for w in _WORD.findall(a)}
    return "" if word in written else head


def without_framework(steps: Sequence[str], asked: Sequence[str]) -> list[str]:
    """The steps with their calls' framework prefix dropped (`action_musteri_bul: …` -> `musteri_bul: …`)."""
    head = framework_prefix(steps, asked)
    if not head:
        return list(steps)
    return [s.strip()[len(head) :] if _CALL.match(s.strip()) else s for s in steps]
