"""Which procedure (or skill) a usage report names, by two rules, or why it names none.

1. By score: calibrated similarity of the report to the note's opening plus TITLE_WEIGHT x the share of the
   note title's terms the report mentions (across languages only the title's Latin terms, and only when the
   report reads like the title); from USAGE_MATCH it is that note (docs/daily.md, "Usage reports").
2. By the words the report shares with each procedure's title, description and steps
   (route_usage_match), for a report that names what the steps name, not the title's words: where the
   first finds none, and also where it names another note than this one (trial 11: "listed pending
   expenses, approved them and posted to #経理" names the steps of 経費精算を承認する; the first rule's
   0.89 came from a story note whose title holds one Latin word of the report, `freee`).
3. By the work the report names with its usual way ("the usual onboarding steps", 「受け入れをいつもの手順で」):
   the one procedure whose title holds it (route_usage_case.pick_by_work), where neither rule names one.
4. By a thing's id and the work (trial 18: 「M-2 いつもの手順で洗浄した」 of "Mixer bowl wash (M-1 / M-2)"): the one
   procedure whose title or steps name an id of the report and the work it says was done
   (route_usage_id.pick_by_id); it wins over the first rule's note when they differ. An id alone names nothing.
5. Across languages, by the work phrase (trial 27 #1c: 「根付の状態報告をいつも通り行った」 of "Condition report for
   outgoing loans"): the report's work against each title's act (route_usage_cross.pick_by_phrase), where no
   rule above names one; counted when sure, else an evidence item on it.
The first three read the report without its case words, the person, company, id or number it was done for
(route_usage_case.without_case, trial 17: "Onboarded Mr. Haddad …" scored 0.56 on a note titled with
the client's name and 0.42 on the onboarding procedure).
The planner (route_plan) turns the answer into an outcome, an evidence item for a skill, or a skip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from memdir.consolidation.daily.route_lang import CROSS_SIMILAR, LATIN_TERM, language
from memdir.consolidation.daily.route_rag import EMBED_CHARS, Match, NoteVectors, calibrate, embed_text
from memdir.consolidation.daily.route_template import general_of
from memdir.consolidation.daily.route_usage import TITLE_WEIGHT, stem, title_overlap, title_terms
from memdir.consolidation.daily.route_usage_act_across import pick_by_act
from memdir.consolidation.daily.route_usage_agree import agreed_near
from memdir.consolidation.daily.route_usage_case import named_work, pick_by_work, without_case
from memdir.consolidation.daily.route_usage_cross import pick_by_phrase
from memdir.consolidation.daily.route_usage_fit import unnamed_reason, work_differs
from memdir.consolidation.daily.route_usage_id import pick_by_id
from memdir.consolidation.daily.route_usage_loan import english_words, katakana_words, loan_pairs
from memdir.consolidation.daily.route_usage_match import MIN_SHARED, SHARE_RATIO, SharedPick, pick_by_words
from memdir.consolidation.daily.route_usage_near import Near, add_near_review, nearest_of, scope_differs
from memdir.consolidation.daily.route_usage_sound import pick_by_sound
from memdir.runs.redact import redact

if TYPE_CHECKING:
    from memdir.consolidation.daily.router import RoutedPart
    from memdir.notes.episodes import Episode
    from memdir.runs.journal import Op

USAGE_MATCH = 0.7  # match score (TITLE_WEIGHT) from which a usage report names a procedure (docs/daily.md)


@dataclass(frozen=True)
class Named:
    """The note a usage report names, its first rule's score, and why it is that note."""

    match: Match
    score: float
    why: str


class UsageNamer:
    """Names the procedure or skill a usage report reports using (`name`); it writes nothing."""

    def __init__(self, vectors: NoteVectors) -> None:
        self.vectors = vectors
        self.near: Near | None = None  # the last report's closest procedure, when a person should look

    def name(self, t0: str, x0: str, vec: np.ndarray, texts: Callable[[], dict[str, str]]) -> Named | str:
        """The note the report names (`_name`), else one line on why none; a report about another scope
        than the named procedure's title is not credited (route_usage_near.scope_differs, trial 24), and
        `near` then holds the procedure a review item should name."""
        self.near = None
        named = self._name(t0, x0, vec, texts)
        if isinstance(named, Named) and (general := general_of(named.match.path, texts()))[0]:
            why = f"{named.why}; {named.match.path} is a run of it, bound to {general[1]} (trial 26)"
            named = Named(self._match_of(general[0], vec), named.score, why)  # the general procedure
        if (
            isinstance(named, Named)
            and not named.match.path.startswith("skills/")
            and (other := scope_differs(f"{t0}\n{x0}", named.match.title))
        ):
            self.near = Near(named.match, named.score, other)
            return f"closest {named.match.path}, {other}"
        if (
            isinstance(named, Named)
            and not named.match.path.startswith("skills/")
            and (other := work_differs(f"{t0}\n{x0}", texts().get(named.match.path, ""), named.match.title))
        ):  # a count needs a report about that procedure's work (route_usage_fit, trial 29 #1)
            return (
                f"closest {named.match.path}, {other}: not counted on a procedure whose work it does not tell"
            )
        return named

    def skip(self, missed: str, ep: Episode, part: RoutedPart, ops: list[Op]) -> tuple[str, str | None]:
        """A report `name` credited to none (`missed`: why): the skip's reason (route_usage_fit.unnamed_reason) and
        target, an `evidence` item on `near` (route_usage_near) appended to `ops` when there is one; never a
        silent skip of a near report."""
        return unnamed_reason(ep.text, missed), add_near_review(ops, self.near, ep, part)

    def _name(self, t0: str, x0: str, vec: np.ndarray, texts: Callable[[], dict[str, str]]) -> Named | str:
        """The note the report (`title`, `text`, its vector) names, else one line on why none.

        `texts` gives every procedure's and skill's route_usage_match.procedure_text. When the two
        rules name different notes, the steps' words win: they are what the writer says was done.
        The report is read without its case words (route_usage_case): what was done, not for whom.
        """
        title, text = without_case(t0), without_case(x0)
        if (title, text) != (" ".join(t0.split()), " ".join(x0.split())):  # embedded as the planner does
            vec = self.vectors.embed([redact(embed_text(title, text))[0]])[0]
        found = self.vectors.related(vec, "procedures", k=5) + self.vectors.related(vec, "skills", k=5)
        scored = [(m.similarity + TITLE_WEIGHT * self._title_share(text, m), m) for m in found]
        score, best = max(scored, key=lambda x: x[0], default=(0.0, None))
        procedures = texts()
        loans = self._loans(f"{title}\n{text}", procedures)
        pick = pick_by_words(f"{title}\n{text}", procedures, loans)
        by_id = pick_by_id(f"{t0}\n{x0}", procedures)  # the ids the case words left out are read here
        others = {pick.path if pick else None, by_id[0] if by_id else None} - {None}
        if best is not None and score >= USAGE_MATCH and others <= {best.path}:
            return Named(best, score, f"match score {score:.2f} >= {USAGE_MATCH}")
        if by_id is not None:
            match = next((m for m in found if m.path == by_id[0]), None) or self._match_of(by_id[0], vec)
            return Named(
                match, score, f"its title or steps name {by_id[1]} and the work the report did, {by_id[2]}"
            )
        if pick is None and (work := pick_by_work(f"{title}\n{text}", _titles(procedures))):
            match = next((m for m in found if m.path == work), None) or self._match_of(work, vec)
            return Named(match, score, _work_why(f"{title}\n{text}"))
        if pick is None and (
            cross := pick_by_phrase(x0, _titles(procedures), self.vectors.embed, self.vectors.name)
        ):
            match = next((m for m in found if m.path == cross.path), None) or self._match_of(cross.path, vec)
            if cross.counted:  # across languages, the report's work is the title's act (trial 27 #1c)
                return Named(match, score, cross.why)
            near, _ = nearest_of(scored, f"{t0}\n{x0}", procedures)
            if near is not None and near.match.path == cross.path:  # the same note asked by the older rule
                self.near = near
                return f"closest {cross.path}, {near.why}"
            self.near = Near(match, score, cross.why)
            return f"closest {cross.path} across languages: {cross.why}"
        if pick is None:
            self.near, passed = nearest_of(scored, f"{t0}\n{x0}", procedures)
            agreed = None
            if (
                self.near is None
            ):  # the closest is the only one sharing its words: asked (trial 29 re-check #2)
                self.near = agreed = agreed_near(scored, f"{title}\n{text}", procedures, loans)
            acted = None
            if self.near is None and (  # across languages, the one title whose act word is the report's act
                acted := pick_by_act(x0, _titles(procedures), self.vectors.embed, self.vectors.name)
            ):
                match = next((m for m in found if m.path == acted.path), None) or self._match_of(
                    acted.path, vec
                )
                self.near = Near(match, score, acted.why)
            sounded = None
            if self.near is None and (sounded := pick_by_sound(x0, _titles(procedures))):  # trial 30 #11
                match = next((m for m in found if m.path == sounded[0]), None) or self._match_of(
                    sounded[0], vec
                )
                self.near = Near(match, score, _sound_why(sounded))
            if self.near is not None and (general := general_of(self.near.match.path, procedures)[0]):
                self.near = Near(self._match_of(general, vec), self.near.score, self.near.why)  # trial 26
            closest = (
                f"closest {best.path}, match score {score:.2f} < {USAGE_MATCH}" if best else "no procedures"
            )
            passed = f"; not offered on {passed}" if passed else ""
            asked = f"; asked on {agreed.match.path}: the only one sharing its words" if agreed else ""
            if acted:  # the closest by its act, not the whole text's nearest (trial 29 re-check #2)
                if best is None or acted.path != best.path:
                    closest = f"closest {acted.path} by its act ({closest.removeprefix('closest ')})"
                asked = f"; asked on {acted.path}: {acted.why}"
            if sounded:  # the one title holding the name the report writes in katakana
                closest = f"closest {sounded[0]} by a name ({closest.removeprefix('closest ')})"
                asked = f"; asked on {sounded[0]}: {_sound_why(sounded)}"
            return f"{closest}; no procedure shares {MIN_SHARED}+ of its words, {SHARE_RATIO}x any other's{passed}{asked}"
        match = next((m for m in found if m.path == pick.path), None) or self._match_of(pick.path, vec)
        return Named(match, score, _shared_why(pick))

    def _loans(self, report: str, texts: dict[str, str]) -> dict[str, set[str]]:
        """Per procedure in the other language, the report's words it says as loanwords (quota / クォータ):
        shared words like those the two texts share as written (route_usage_loan, trial 19)."""
        out: dict[str, set[str]] = {}
        ja = language(report) == "ja"
        for path, text in texts.items():
            if language(text) == language(report):
                continue
            if ja:
                found = loan_pairs(english_words(text), katakana_words(report), self.vectors.embed)
            else:
                found = loan_pairs(english_words(report), katakana_words(text), self.vectors.embed)
            if found:
                out[path] = {stem(w) for w in found.values()}
        return out

    def _match_of(self, path: str, vec: np.ndarray) -> Match:
        """A Match for a known note (similarity to `vec`), for a procedure found by its words."""
        known = self.vectors.vector_of(path)
        raw = float(known @ vec.reshape(-1)) if known is not None else 0.0
        title = self.vectors.meta[self.vectors.paths.index(path)][2] if path in self.vectors.paths else ""
        return Match(path, raw, calibrate(raw, self.vectors.name), "", title)

    def _title_share(self, report: str, m: Match) -> float:
        """Share of the note title's terms the report mentions; across languages, of the terms a translation keeps.

        An English report of a Japanese procedure ("renewed the VPN cert" / 「VPN証明書の更新手順」) shares the
        title's Latin terms (VPN) and its katakana loanwords said in English (クォータ / "quota",
        route_usage_loan, trial 19). A Latin term alone counts only when the report reads like the title
        itself (calibrated similarity of report and title >= CROSS_SIMILAR), so one shared acronym alone
        names nothing; a loanword is read by its meaning, so it needs no such check.
        """
        if language(report) == language(m.title):
            return title_overlap(report, without_case(m.title))
        title = without_case(m.title)
        latin = " ".join(LATIN_TERM.findall(title))
        kana: list[str] = []
        kana_said = False
        if language(title) == "ja":  # the title's katakana words the report says in English
            kana = katakana_words(title)
            loans = len(loan_pairs(english_words(report), kana, self.vectors.embed)) if kana else 0
        else:  # the report's katakana words that are words of the English title, read as those words
            found = loan_pairs(english_words(title), katakana_words(report), self.vectors.embed)
            report, loans = " ".join([report, *found.values()]), 0
            kana_said = bool(found)
        want = len(title_terms(latin)) + len(kana)
        if not want:
            return 0.0
        if not (loans or kana_said):
            rv, tv = self.vectors.embed([" ".join(report.split())[:EMBED_CHARS], m.title])
            if calibrate(float(rv @ tv), self.vectors.name) < CROSS_SIMILAR:
                return 0.0
        return (len(title_terms(latin) & title_terms(report)) + loans) / want


def _work_why(report: str) -> str:
    return f"its title names the work the report says it did the usual way ({' '.join(named_work(report))})"


def _sound_why(sounded: tuple[str, str, str]) -> str:
    return f"it writes {sounded[1]} for {sounded[2]} of its title (by sound): one name, never counted"


def _titles(texts: dict[str, str]) -> dict[str, str]:
    """Each procedure's title: the first line of its route_usage_match.procedure_text."""
    return {path: text.split("\n", 1)[0] for path, text in texts.items()}


def _shared_why(pick: SharedPick) -> str:
    shown = ", ".join(pick.words[:8]) + (", ..." if len(pick.words) > 8 else "")
    return (
        f"shares {len(pick.words)} words with its title, description and steps ({shown}); "
        f"another shares {pick.runner_up}"
    )
