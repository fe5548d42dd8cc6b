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
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.named import named_terms

if TYPE_CHECKING:
    from memdir.consolidation.weekly.draft import Draft

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


def names_own_work(lines: Sequence[str], draft: Draft, drafts: Sequence[Draft]) -> bool:
    """Whether a note in any layout (steps, prose, question and answer, a table) names this kind's own work.

    Round 41: a person's crib note of question-and-answer pairs (`**K: …** V: Megkeresed (`ugyfel_keres`), aztán
    `szunyoghalo_felmeres`-t nyitsz … `sms_kuldes`, `szunyoghalo_felmeres_v1` sablon`) names the calls and the
    template of its kind inline; no line is a step, and each names only tool names, which `named.py` leaves out
    as evidence. A note that names two or more of the run's calls, of which the draft makes more than half, and
    that names a call or a template no other draft of the run makes or writes (`szunyoghalo_felmeres`,
    `szunyoghalo_felmeres_v1`), is that kind's note: another kind sharing the look-up and the message calls
    makes no more than the shared ones."""
    tools = {t.lower() for d in drafts for t in d.tools}
    terms = list(dict.fromkeys(t for line in lines for t in named_terms(line)))
    named = [t for t in terms if t in tools]
    made = {t.lower() for t in draft.tools}
    if len(named) < 2 or 2 * sum(1 for t in named if t in made) <= len(named):
        return False
    texts = {id(d): _squash(" ".join(d.steps)) for d in drafts}
    texts.setdefault(id(draft), _squash(" ".join(draft.steps)))

    def holders(term: str) -> list[int]:
        return [
            id(d) for d in (*drafts, draft) if term in {t.lower() for t in d.tools} or term in texts[id(d)]
        ]

    return any(len(t) >= 5 and _ID.search(t) and set(holders(t)) == {id(draft)} for t in terms)


_ID = re.compile(r"[a-z0-9][_.:/-][a-z0-9]|^[a-z]+\d")


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text).lower()
