"""The calls a person's note names, and whether a kind makes them (round 30).

A person writes the calls of their work in code spans: "prima cercate l'ordine con `cerca_ordine`, poi aprite la
segnalazione con `apri_segnalazione` … `crea_ordine_spedizione` … la mail `invia_email`". Another kind of the same
desk may share some of them (set 30's winery ships a case of wine with `crea_ordine_spedizione` and `invia_email`
too, after `cerca_cliente` and `verifica_giacenza`), and its prose, constants (`corriere: BRT`) and the words of the
shared calls then read like the note's. It is not the note's kind: the note's work is the calls it names, and a
kind that makes no more than half of them does other work.

A note's named calls are its code spans whose first word is a tool this run's kinds call (`cerca_ordine`,
`crea_ordine_spedizione {…}`); a note that names fewer than two such calls (commands, constants, or tools of no
kind of this week) says nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_CODE = re.compile(r"`+([^`]+)`+")
_FIRST = re.compile(r"[\w.:/-]+")


def named_calls(lines: Sequence[str], tools: Iterable[str]) -> list[str]:
    """The run's tools a note's code spans name, in the note's order."""
    known = set(tools)
    out: list[str] = []
    for line in lines:
        for span in _CODE.findall(line):
            m = _FIRST.match(span.strip())
            if m and m.group(0) in known and m.group(0) not in out:
                out.append(m.group(0))
    return out


def other_calls(lines: Sequence[str], run_tools: Iterable[str], draft_tools: Iterable[str]) -> bool:
    """Whether the note names two or more of the run's calls and the draft makes no more than half of them."""
    named = named_calls(lines, run_tools)
    made = set(draft_tools)
    return len(named) >= 2 and 2 * sum(1 for t in named if t in made) <= len(named)
