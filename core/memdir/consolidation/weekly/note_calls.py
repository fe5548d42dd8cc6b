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

from memdir.consolidation.weekly.listed import unlisted
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


_LATEX_CODE = re.compile(r"\\(?:texttt|verb|code)\{([^{}]*)\}")


def named_tools(lines: Sequence[str], tools: Iterable[str]) -> set[str]:
    """The tools a note names in any layout: a code span, a quoted term, an identifier of its prose, and a
    LaTeX note's `\\texttt{batla\\_moreki}` (a code span, its `\\_` read as `_`); lower case."""
    terms = {t for line in lines for t in named_terms(_LATEX_CODE.sub(r"`\1`", line.replace("\\_", "_")))}
    return {t.lower() for t in tools if t.lower() in terms}


def other_kind_runs(lines: Sequence[str], draft: Draft, drafts: Sequence[Draft]) -> bool:
    """Whether another kind of the run is the note's repeat and this one is not (round 58: a necklace order,
    `batla_moreki`, `ngola_odara`, `romela_molaetsa`, against a person's note on re-stringing that names
    `batla_moreki`, `lokisa_sefaha`, `romela_molaetsa`, which the re-stringing kind makes): the note names
    two or more of the run's calls, another draft makes every one of them and this draft does not. Two kinds
    of one week are both the note's repeat only when both run its calls."""
    named = named_tools(lines, {t for d in drafts for t in d.tools})
    if len(named) < 2 or named <= {t.lower() for t in draft.tools}:
        return False
    return any(d is not draft and named <= {t.lower() for t in d.tools} for d in drafts)


def other_work(lines: Sequence[str], run_tools: Iterable[str], draft: Draft, drafts: Sequence[Draft]) -> bool:
    """The note's calls are other work for this draft: `other_calls`, or another kind runs them (`other_kind_runs`)."""
    return other_calls(lines, run_tools, draft.tools) or other_kind_runs(lines, draft, drafts)


def unnamed_calls(steps: Sequence[str], lines: Sequence[str], tools: Iterable[str]) -> list[str]:
    """The steps whose call a note written in calls does not name: when the note names two or more of the
    draft's tools, a step of another tool is work the note does not hold, however its arguments read like
    a line of it (an order's `ngola_odara` among a re-stringing note's `lokisa_sefaha` values)."""
    named = named_tools(lines, tools)
    if len(named) < 2:
        return []
    return [s for s in steps if (m := _STEP_TOOL.match(s)) and m.group(1).lower() not in named]


def not_held(steps: Sequence[str], lines: Sequence[str], body: Sequence[str], draft: Draft) -> list[str]:
    """The steps a note does not hold: those its step lines do not list (`listed.unlisted`) and those whose
    call a note written in calls never names (`unnamed_calls`, read in its whole `body`)."""
    keep = set(unlisted(steps, lines, draft.steps, draft.values)) | set(
        unnamed_calls(steps, body, draft.tools)
    )
    return [s for s in steps if s in keep]


_STEP_TOOL = re.compile(r"^\s*([\w.:/-]{1,40}): (?=`)")
_ID = re.compile(r"[a-z0-9][_.:/-][a-z0-9]|^[a-z]+\d")


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text).lower()
