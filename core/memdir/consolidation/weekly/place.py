"""Where a distilled draft goes: a new procedure, or one review item on the note it repeats.

Against `procedures/` and `skills/` the check is by content (`dedupe.py`): the intent's calibrated similarity
reaching `thresholds.duplicate`, or the note already holding most of the draft's steps (>= 2 and at least half of
them, each by `COVERED` of its words, and more than half of the note's own steps). Steps many notes or many of
the run's drafts share (`GENERIC`: `goto {url}`, `git pull`) are no evidence and are left out. A person's note is
also found by what it names (`named.py`), by its sentences (`prose.py`), and by those ways together (`together`):
the steps any way holds, the note's own steps among the draft's and the kind's own terms written; any note in the
other language by its terms (`cross_language.py`), a person's by the kind's calls (`kind_across.py`: of the
people's notes in the other script, the one the calls pair with, not only the closest by title). Weekly notes
distilled from this same week, and drafts placed earlier in this run, are siblings the clustering set apart by
intent: they count only when their step sequences are the same work (`dedupe.same_work`) and their meaning
agrees. A match raises one review item (`merge_candidate`, or `evidence` for a skill) keyed
`weekly:<target>:<signature>`, never twice; its candidate is only what the draft adds (the steps the note lacks,
their placeholders), so accepting it merges evidence, not boilerplate; a person's command lines acted by the
calls are the note's (`command_acts.person_commands`). A match adding nothing to an auto procedure, or a person's
one confirmed before (`counted_here.py`), raises no item: its followers (`follows.py`) are counted (`refound.py`).
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

import numpy as np

from memdir.consolidation.weekly.asked_across import asked_aliases
from memdir.consolidation.weekly.changed import changed_values
from memdir.consolidation.weekly.command_acts import person_commands
from memdir.consolidation.weekly.counted_here import counted_here
from memdir.consolidation.weekly.cross_language import told_in_order
from memdir.consolidation.weekly.dedupe import (
    GENERIC,
    SAME_MEANING,
    SAME_STEPS,
    DuplicateIndex,
    Match,
    note_tools,
    same_work,
    step_key,
)
from memdir.consolidation.weekly.draft import Draft
from memdir.consolidation.weekly.fixed_values import fixed_against_asked
from memdir.consolidation.weekly.found_again import count_found_again
from memdir.consolidation.weekly.kind_across import across_note, held_or_told
from memdir.consolidation.weekly.listed import list_items, placed, resolve
from memdir.consolidation.weekly.llm_draft import render_draft
from memdir.consolidation.weekly.note_calls import names_own_work, not_held, other_work
from memdir.consolidation.weekly.prose import (
    ProseMatch,
    draft_terms,
    note_sentences,
    prose_match,
    step_weights,
    together,
)
from memdir.consolidation.weekly.refused import refused_for
from memdir.consolidation.weekly.render import candidate_body, reports_work
from memdir.consolidation.weekly.shaped import placer_notes
from memdir.consolidation.weekly.stale import own_calls, own_kind, step_lines
from memdir.consolidation.weekly.weekly_state import WeeklyState, signature
from memdir.lifecycle.feedback import OUTCOME_HEADING
from memdir.notes.body_sections import drop_section
from memdir.notes.frontmatter import render_note
from memdir.paths import slugify
from memdir.runs.redact import redact_text
from memdir.runs.report import RunReport

if TYPE_CHECKING:
    from memdir.config import Thresholds
    from memdir.consolidation.weekly.tasks import Task
    from memdir.lifecycle.review import ReviewQueue
    from memdir.notes.store import NoteStore

ALLOW = ("procedures", "review")


@dataclass
class Sibling:
    """A weekly procedure of this week (written earlier, or in this run): path, title, steps."""

    path: str
    title: str
    steps: list[str]


WHOLE = 0.8  # both step lists, generic steps included, held by the other at least this much (by count)


def steps_match(m: Match) -> bool:
    """The note already holds most of the draft's specific work: >= 2 and at least half of the steps compared,
    and more than half of the note's own steps; or, when the kind's own work is a single step (kinds sharing
    a long prefix: plate prep, then one read), that step and the whole sequence both ways (>= WHOLE)."""
    if m.covered >= 2 and 2 * m.covered >= m.compared and m.reverse > 0.5:
        return True
    return m.compared >= 1 and m.covered == m.compared and m.whole >= WHOLE


class Placer:
    """Places drafts for one run: duplicate checks against the root and the run's own siblings."""

    def __init__(
        self,
        store: NoteStore,
        review: ReviewQueue,
        thresholds: Thresholds,
        embed: Callable[[list[str]], np.ndarray],
        window_ids: set[str],
    ) -> None:
        self.store = store
        self.review = review
        self.th = thresholds
        self.embed = embed
        self.index = DuplicateIndex(embed)
        self.by_sources: dict[str, str] = {}
        self.placed: dict[str, tuple[str | None, bool]] = {}  # signature -> (its lessons' note, written now)
        self.siblings: list[Sibling] = []
        self.titles: dict[str, str] = {}
        self.generic: set[str] = set()
        self.sentences: dict[str, list[str]] = {}  # a note's sentences (`prose.py`)
        self.people: set[str] = set()  # notes a person wrote (no daily or weekly origin)
        self.auto: set[str] = set()  # daily and weekly procedures: a re-find counts as their successes
        self.term_drafts: Counter[str] = Counter()  # per term, how many of the run's drafts have it
        self.run_tools: set[str] = set()  # the tools the run's drafts call (`note_calls.py`)
        self.drafts: list[Draft] = []
        self._across: str | None = None  # the person's note in the other script the draft's calls pair with
        items: list[tuple[str, str, list[str] | None]] = []
        bodies: list[str] = []
        for note in placer_notes(store):
            raw = note.get("sources")
            sources = [str(s) for s in raw] if isinstance(raw, list) else []
            if sources:
                self.by_sources[signature(sources)] = note.path
            self.titles[note.path] = note.title
            body = drop_section(note.body, OUTCOME_HEADING)  # reports of its use name no step
            if sources and note.get("origin") == "weekly" and all(s in window_ids for s in sources):
                self.siblings.append(Sibling(note.path, note.title, list_items(body)))
                continue
            items.append((note.path, f"{note.title}\n{note.description}", note_tools(note)))
            if str(note.get("origin") or "").lower() not in ("daily", "weekly"):
                self.people.add(note.path)
            elif note.path.startswith("procedures/"):
                self.auto.add(note.path)
            bodies.append(body)
            self.sentences[note.path] = note_sentences(body)
        self.index.add_many(items, bodies)

    def learn_generic(self, drafts: list[Draft]) -> None:
        """Steps `GENERIC` or more of this run's drafts share (`goto {url}`, `git pull`): no evidence of sameness."""
        df = Counter(k for d in drafts for k in {step_key(s) for s in d.steps})
        self.generic = {k for k, n in df.items() if n >= GENERIC and k}
        self.term_drafts = Counter(t for d in drafts for t in draft_terms(d.steps, d.tools))
        self.run_tools = {t for d in drafts for t in d.tools}
        self.drafts = drafts

    def closest(self, draft: Draft, k: int = 3) -> list[Match]:
        """The existing notes most alike the draft in content."""
        return self.index.closest(draft.title, draft.steps, k, self.generic)

    def duplicate_of(
        self, draft: Draft, refused: frozenset[str] | set[str] = frozenset(), asked: Sequence[str] = ()
    ) -> tuple[str, float, list[str]] | None:
        """(target, similarity, steps the draft adds) when the draft repeats a note or a sibling.

        Every note that holds the draft by one of the ways (intent, steps, named terms, prose) is a
        candidate; the one that holds most of the draft's steps wins, a person's note before a
        daily or weekly one that holds no more (`told`). `refused`: notes a person rejected for
        these tasks (`memdir review reject`), never proposed again. `asked`: the kind's requests; a note
        that sets to one amount what each of them asks for is other work (`fixed_values.py`).
        """
        found = self.index.closest(draft.title, draft.steps, len(self.index.paths), self.generic)
        ways: list[tuple[tuple[float, bool, float], str, float, list[str]]] = []
        rivals: list[tuple[tuple[float, bool, float], str, float, list[str]]] = []
        weights = step_weights(draft.steps, draft.tools)
        people = [(m.path, self.index.lines[self.index.paths.index(m.path)], m.intent) for m in found]
        self._across = across_note(draft, [n for n in people if n[0] in self.people], self.embed)
        for rank, m in enumerate(found):
            if self._other_calls(draft, m.path) or self._fixed(draft, m.path, asked):  # other calls, or
                continue  # the calls set to one fixed amount what each request asks for
            p = self.prose(draft, m.path)
            held = set(m.held) | set(m.named.steps_run) | set(p.held)
            told = sum(weights[i] for i in held) / (sum(weights) or 1.0)
            rank_key = (round(told, 6), m.path in self.people, m.similarity)
            hit = self._way(draft, m, p, top=rank == 0)
            if hit is not None:
                ways.append((rank_key, m.path, hit[0], hit[1]))
            elif held and p.own_written >= 1 and 2 * p.own_written >= p.own:
                rest = [s for i, s in enumerate(draft.steps) if i not in held]
                rivals.append((rank_key, m.path, max(m.intent, told), rest))
        if ways:  # the kind repeats a note: the one that tells most of its steps is the target (a note
            best = max(w[0][0] for w in ways)  # refused still shows that the kind is written down)
            open_ = [w for w in ways + [r for r in rivals if r[0][0] >= best] if w[1] not in refused]
            if open_:
                _, path, sim, added = max(open_, key=lambda w: w[0])
                return path, sim, self._unlisted(path, added, draft)
        for sib in self.siblings:
            if sib.path in refused:
                continue
            work = same_work(draft.steps, sib.steps, self.generic)
            if work < SAME_STEPS:
                continue
            meaning = self._meaning(draft.title, sib.title)
            if meaning >= SAME_MEANING:
                added = [
                    s for s in draft.steps if not difflib.get_close_matches(s, sib.steps, n=1, cutoff=0.9)
                ]
                return sib.path, work, added
        return None

    def _way(self, draft: Draft, m: Match, p: ProseMatch, top: bool) -> tuple[float, list[str]] | None:
        """(similarity, steps it adds) when note `m` holds the draft by one of the ways: the intent and the
        steps (asked of the closest note only, `top`), the named terms, the prose (`p`)."""
        rest = [draft.steps[i] for i in m.new_steps]
        if top and m.intent >= self.th.duplicate:
            return m.intent, rest
        if top and steps_match(m):
            return max(m.intent, 2 * m.coverage * m.reverse / (m.coverage + m.reverse)), rest
        # a person's note in other words, whose named commands, actions, templates the steps run
        if m.named.same_work():
            added = [s for i, s in enumerate(draft.steps) if i not in m.named.steps_run]
            return max(m.intent, m.named.lines_run / m.named.lines), added
        if p.same_work():  # a person's prose that writes the draft's steps and what sets this kind apart
            added = [s for i, s in enumerate(draft.steps) if i not in p.held]
            return max(m.intent, len(p.held) / p.steps), added
        held = set(m.held) | set(m.named.steps_run) | set(p.held)
        if together(len(held), p, m.reverse):  # each way saw part of it: a step by its code, one by its terms
            added = [s for i, s in enumerate(draft.steps) if i not in held]
            return max(m.intent, len(held) / p.steps), added
        at = self.index.paths.index(m.path)
        if told := held_or_told(draft, self.index.lines[at], m, m.path == self._across, self.embed):
            rest = [s for i, s in enumerate(draft.steps) if i not in told_in_order(draft.steps, told)]
            return max(m.intent, len(told) / len(draft.steps)), rest
        at = at if m.path in self.people else -1  # a person's note in any layout
        if at >= 0 and (acted := person_commands(self.index.body_lines[at], draft, self.drafts, m.intent)):
            return acted  # its command lines, by the calls' acts
        if at >= 0 and names_own_work(self.index.body_lines[at], draft, self.drafts):  # naming the kind's own
            return m.intent, [s for i, s in enumerate(draft.steps) if i not in held]  # calls (a last way)
        return None

    def _other_calls(self, draft: Draft, path: str) -> bool:
        """The note names two or more of the run's calls and the draft makes at most half, or another kind
        makes them all and this one not (`note_calls.other_work`)."""
        at = self.index.paths.index(path) if path in self.index.paths else -1
        return at >= 0 and other_work(self.index.body_lines[at], self.run_tools, draft, self.drafts)

    def _fixed(self, draft: Draft, path: str, asked: Sequence[str]) -> bool:
        lines = self.index.body_lines[self.index.paths.index(path)] if path in self.index.paths else []
        return bool(fixed_against_asked(draft.steps, draft.values, lines, asked))

    def _unlisted(self, path: str, steps: list[str], draft: Draft) -> list[str]:
        """The steps the note's lines do not list, read as a person reads them (`listed.py`)."""
        at = self.index.paths.index(path) if path in self.index.paths else -1
        return not_held(steps, self.index.lines[at], self.index.body_lines[at], draft) if at >= 0 else steps

    def _places(self, path: str, added: list[str], whole: list[str]) -> dict[str, str]:
        at = self.index.paths.index(path) if path in self.index.paths else -1
        return {s: placed(s, whole, self.index.lines[at]) for s in added} if at >= 0 else {}

    def _changed(self, path: str, draft: Draft) -> list[str]:
        """The values the note's steps write that the draft's steps write otherwise (`changed.py`)."""
        at = self.index.paths.index(path) if path in self.index.paths else -1
        return changed_values(draft.steps, self.index.lines[at], draft.started) if at >= 0 else []

    def _resolved(self, path: str, draft: Draft) -> dict[str, str]:
        """The draft's placeholders the note writes in its own spelling (`listed.resolve`)."""
        at = self.index.paths.index(path) if path in self.index.paths else -1
        return resolve(draft.steps, self.index.body_lines[at], draft.values) if at >= 0 else {}

    def prose(self, draft: Draft, path: str) -> ProseMatch:
        """How much of the draft a note's sentences tell (generic steps blank; `own`: terms no other draft has)."""
        telling = [s if step_key(s) not in self.generic else "" for s in draft.steps]
        terms = draft_terms(draft.steps, draft.tools)
        own = {t for t in terms if self.term_drafts[t] <= 1}
        return prose_match(self.sentences.get(path, []), telling, own, draft.tools)

    def _meaning(self, a: str, b: str) -> float:
        from memdir.consolidation.weekly.similarity import abstract_text, to_calibrated

        va, vb = self.embed([abstract_text(a), abstract_text(b)])
        return float(to_calibrated(float(va @ vb)))

    def place(
        self,
        draft: Draft,
        sig: str,
        ids: list[str],
        window: str,
        state: WeeklyState,
        report: RunReport,
        when: datetime | None = None,
        tasks: Sequence[Task] = (),
        failed: Sequence[Task] = (),
    ) -> str | None:
        """Write the draft as a procedure or raise its review item; returns the path written (or None).

        `when`: the end of the last of the tasks (a re-find of a daily or weekly procedure records those
        that followed it as its successes on that day); `tasks`, `failed`: the kind's successful and
        failed tasks (without them every id counts as a success that followed the note)."""
        dry = report.dry_run
        body = redact_text(render_draft(draft, window))  # the model's sections for an LLMDraft
        tools = list(dict.fromkeys(draft.tools))
        dup = self.duplicate_of(draft, refused_for(state, ids), [t.intent for t in tasks])
        if dup and dup[0] in self.auto and own_calls(tasks, step_lines(self.store.read(dup[0]).body)):
            dup = own_kind(report, dup[0], len(tasks))  # other calls than the note's: own procedure (`stale`)
        if dup is not None:
            target, sim, added = dup
            added = [s for s in added if not reports_work(s, draft.steps)]  # a report is no step of the note
            kind = "evidence" if target.startswith("skills/") else "merge_candidate"
            candidate = redact_text(
                candidate_body(
                    added,
                    ids,
                    draft.values,
                    draft.value_tasks,
                    self._resolved(target, draft),
                    self._changed(target, draft),
                    self._places(target, added, draft.steps),
                    draft.title if added else "",
                    draft.returned,
                )
            )
            if not candidate.strip() and when and counted_here(target, self, draft.steps):
                return self._refound(target, ids, when, sig, state, report, tasks, failed)
            self.placed[sig] = (target, False)
            if dry:
                report.review.append(f"review/ ({kind} for {target}, similarity {sim:.3f})")
                return None
            path = self.review.raise_item(
                kind=kind,
                target=target,
                title=draft.title,
                body=candidate,
                similarity=round(min(1.0, sim), 4),
                sources=ids,
                key=f"weekly:{target}:{sig}",
                description=f"Weekly: {draft.description}",
            )
            if path:
                report.review.append(path)
            state.mark(sig, ids, path, "review")
            return path
        now = self.store.stamp()
        meta = {
            "description": redact_text(draft.description),
            "confidence": self.th.initial_confidence,
            "success_count": 0,
            "failure_count": 0,
            "origin": "weekly",
            "sources": ids,
            "tools": tools,
            "created_at": now,
            "updated_at": now,
        }
        if aliases := asked_aliases(draft.title, [t.intent for t in tasks if t.intent]):
            meta = {
                "description": meta.pop("description"),
                "aliases": aliases,
                **meta,
            }  # asked in Japanese too
        text = render_note(meta, body)
        stem = draft.stem or slugify(redact_text(draft.title), max_length=60)
        rel = self.store.unique_path("procedures", slugify(redact_text(stem), max_length=60))
        report.created.append(rel)
        self.placed[sig] = (rel, True)
        if dry:
            report.diff += "".join(difflib.unified_diff([], text.splitlines(True), "/dev/null", f"b/{rel}"))
        else:
            self.store.create(rel, text, allow=ALLOW)
            state.mark(sig, ids, rel, "created")
            self.by_sources[sig] = rel
        self.siblings.append(Sibling(rel, draft.title, list(draft.steps)))
        if not draft.consensus:
            report.stats.setdefault("without_consensus_steps", []).append(rel)
        return rel

    def _refound(
        self,
        target: str,
        ids: list[str],
        when: datetime,
        sig: str,
        state: WeeklyState,
        report: RunReport,
        tasks: Sequence[Task],
        failed: Sequence[Task],
    ) -> str:
        """The tasks repeat an auto procedure's work and add nothing: counted on it (`found_again.py`)."""
        self.placed[sig] = (target, False)
        entry = count_found_again(
            self.store, self.review, target, ids, when, self.th.initial_confidence, report, tasks, failed
        )
        if not report.dry_run:
            state.mark(sig, ids, target, "refound")
        if (entry["tasks"] or entry["failures"]) and target not in report.updated:
            report.updated.append(target)
        return target
