"""A title every request of the kind's main language writes is theirs, with the other language's few.

`asked_whole.written_by_all` keeps the template every request fills word for word. Asked in two languages,
the requests of one language align and the others cannot (no words in common): the brewery's "Ship online
order #1042 by cool delivery" twice and 「注文1043番をクール便で発送してください」 once. The template the English
two fill was then no template of all, so it gave way to the decisive call read as a fragment's title (trial
30 #2): an argument's value (`Cool refrigerated`, "Steps for: Cool refrigerated") or a tool's words (`Shop
mark shipped`, `Shop a mark shipped`), while the same tasks asked in English only gave the requests' title.

When the aligned group is every request of its language (two or more), that language is written by at least
half of the kind's requests, and every other request is in the one other language, the template is the
requests' act and thing in the kind's main language: it stays under the rule `written_by_all` applies to
those requests (three words outside its holes, no fragment by its form). By form: languages as
`title_language.language` tells them (Japanese script, else Latin letters).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memdir.consolidation.weekly.asked_whole import written_by_all
from memdir.consolidation.weekly.title_language import language


def written_by_its_language(
    title: str,
    intents: Mapping[str, str],
    group: Sequence[str],
    steps: Sequence[str],
    shared: frozenset[str] = frozenset(),
) -> bool:
    """Whether `title` is the template every request of one language fills (`group`, the aligned tasks), that
    language is no minority of the kind's requests and the rest are in one other language."""
    said = {t: language(text) for t, text in intents.items()}
    own = {said.get(t, "") for t in group}
    if len(group) < 2 or len(own) != 1 or "" in own:
        return False
    lang = own.pop()
    mine = [t for t in intents if said[t] == lang]
    others = {said[t] for t in intents if said[t] != lang}
    if set(mine) != set(group) or len(others) != 1 or "" in others or 2 * len(mine) < len(intents):
        return False
    return written_by_all(title, [intents[t] for t in mine], len(mine), steps, shared)
