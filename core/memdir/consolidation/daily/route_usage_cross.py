"""A usage report of a procedure in the other language, named by its work phrase (trial 27 #1c).

A Japanese 「根付（KCM-0712）の状態報告をいつも通り行った。変化なし。」 of the English "Condition report for
outgoing loans" named nothing (match score 0.18): across languages whole texts and whole titles sit as near
as unrelated ones. What a person compares is the work: the report's 「状態報告」 and the title's act "Condition
report" (route_usage_phrase). Only a report that names the usual way is read so, only against the procedures
of the other language, and only where no other rule named a note:

- the work phrase's calibrated similarity to one procedure's title act is at least `COUNT` and its margin over
  the next procedure of that language at least `COUNT_MARGIN`: that procedure is named, the outcome counts;
- at least `ASK` with a margin of `ASK_MARGIN`: an `evidence` item on it (route_usage_near), not counted;
- else nothing (the report is skipped as before).

With one procedure of that language the margin is over `ASK`, what an unrelated title reaches.

The four levels were set on the tune half of `scripts/usage_cross_domains.py` (kennel, brewery, helpdesk,
farm) and reported once on the other half (`bench_usage_cross.py --domains test`, docs/trials.md trial 27).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from memdir.consolidation.daily.route_lang import language
from memdir.consolidation.daily.route_rag import calibrate
from memdir.consolidation.daily.route_usage import names_usual_way
from memdir.consolidation.daily.route_usage_phrase import report_work, title_works

COUNT = 0.65  # calibrated similarity of work phrase and title act from which the outcome counts
COUNT_MARGIN = 0.10  # over the next procedure of that language
ASK = 0.45  # from here, with ASK_MARGIN, an evidence item asks a person
ASK_MARGIN = 0.08


@dataclass(frozen=True)
class CrossPick:
    """The procedure a report's work phrase names across languages, and how sure."""

    path: str
    counted: bool
    why: str


def phrase_sims(
    work: str, cands: dict[str, list[str]], embed: Callable[[list[str]], np.ndarray], embedder: str
) -> dict[str, tuple[float, str]]:
    """Per procedure (path -> its title's act phrases), the calibrated similarity of the report's work to
    its closest phrase, and that phrase."""
    phrases = [(p, w) for p, ws in cands.items() for w in ws]
    vecs = embed([work, *(w for _, w in phrases)])
    best_of: dict[str, tuple[float, str]] = {}
    for i, (p, w) in enumerate(phrases):  # a procedure's closest phrase: its act, or its act of its object
        sim = calibrate(float(vecs[0] @ vecs[i + 1]), embedder)
        if sim > best_of.get(p, (-1.0, ""))[0]:
            best_of[p] = (sim, w)
    return best_of


def pick_by_phrase(
    report: str, titles: dict[str, str], embed: Callable[[list[str]], np.ndarray], embedder: str
) -> CrossPick | None:
    """The procedure (path -> title) of the other language whose title's act the report's work names."""
    if not names_usual_way(report):
        return None
    work = report_work(report)
    lang = language(report)
    cands = {
        p: ws
        for p, t in titles.items()
        if t.strip() and language(t) != lang and not p.startswith("skills/") and (ws := title_works(t))
    }
    if not work or not cands:
        return None
    best_of = phrase_sims(work, cands, embed, embedder)
    sims = sorted(((s, p) for p, (s, _) in best_of.items()), reverse=True)
    best, path = sims[0]
    # with one procedure of that language there is no next one: the margin is over the item level, what an
    # unrelated title reaches (trial 26b's "payroll export" beside a root's one Japanese procedure, 会議室の予約)
    margin = best - (sims[1][0] if len(sims) > 1 else ASK)
    said = f'its work "{work}" is the act of its title, "{best_of[path][1]}", at {best:.2f}, {margin:+.2f} over the next'
    if best >= COUNT and margin >= COUNT_MARGIN:
        return CrossPick(path, True, said)
    if best >= ASK and margin >= ASK_MARGIN:
        return CrossPick(
            path,
            False,
            f"{said}: across languages, under the {COUNT:.2f} / {COUNT_MARGIN:+.2f} a count needs",
        )
    return None
