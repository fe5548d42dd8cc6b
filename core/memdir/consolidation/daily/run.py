"""Daily consolidation: pending episodes -> knowledge/, procedures/ or skip.

The steps of a run, in the order `DailyConsolidator._run` takes them:
1. complete a run that was interrupted (its journal is still there);
2. collect episodes not yet consolidated (id + hash), and those whose lesson step is still to do; one
   in a merge conflict or in a day file that cannot be read stays pending, named in the report;
3. load the vectors of the existing notes (RAG: the related notes of each part);
4. route every episode (LLM when configured, else the built-in router) into parts;
5. plan every write against the notes that exist, plus move proposals for misfiled notes;
6. write the plan to a journal and apply it through the NoteStore (dry run: diff it);
7. let the index sync what was written, then the lesson step (lessons_step); an episode is done once
   both its notes and its lesson step are (a write refused by a person's save leaves it pending);
8. the lifecycle steps: apply feedback events, forget what went stale;
9. commit the run to Git when `git.autocommit` is on.
A run killed anywhere is completed by the next one; a second run over the same day finds nothing
pending and changes nothing. `dry_run` writes nothing at all.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from memdir.config import LLMConfig
from memdir.consolidation.daily.callouts import read_callouts
from memdir.consolidation.daily.held import hold_unresolved
from memdir.consolidation.daily.lesson_fold import fold_lessons
from memdir.consolidation.daily.lesson_preview import preview_lessons
from memdir.consolidation.daily.lessons_step import EpisodeLessons
from memdir.consolidation.daily.long_paste import condense
from memdir.consolidation.daily.route_moves import move_proposals
from memdir.consolidation.daily.route_plan import Planner
from memdir.consolidation.daily.route_rag import NoteVectors
from memdir.consolidation.daily.route_sections import SectionState
from memdir.consolidation.daily.router import RoutedPart, Router
from memdir.consolidation.daily.run_apply import apply_plan, preview_plan, within_note_size
from memdir.consolidation.daily.run_gone import gone_episodes
from memdir.consolidation.daily.run_text import count_actions, unnamed_reports
from memdir.errors import MemdirError
from memdir.index.catalog import index_dir
from memdir.index.embedder import routing_name
from memdir.index.view import pending_notes
from memdir.lifecycle.daily_steps import run_daily_steps
from memdir.locks import file_lock
from memdir.notes.episode_copies import lost_line, lost_sections
from memdir.notes.episode_size import TOO_LARGE_FIX
from memdir.notes.episodes import Episode, UnreadFile
from memdir.runs.gitcommit import commit_run
from memdir.runs.journal import Journal, Plan
from memdir.runs.redact import MASK, redact_together
from memdir.runs.report import RunReport
from memdir.runs.state import EpisodeState

if TYPE_CHECKING:
    from memdir.activity import ActivityLog
    from memdir.config import Config
    from memdir.index.embedder import Embedder
    from memdir.index.service import IndexService
    from memdir.lifecycle.review import ReviewQueue
    from memdir.llm.base import LLMEngine
    from memdir.notes.episodes import EpisodeLog
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)
EMBED_SECONDS = 60.0  # a daily run embeds notes left waiting for vectors for at most this long


class DailyConsolidator:
    """Runs the daily job over one memory root (holds no state between runs).

    It takes exactly the parts it uses: the store it writes, the episodes it reads, the activity
    log (feedback events), the config, an embedder (a callable, so the model loads only when a
    run starts), the review queue, an LLM engine (None: the built-in router) and the index to
    sync after the writes (None: leave that to the next sync).
    """

    def __init__(
        self,
        *,
        store: NoteStore,
        episodes: EpisodeLog,
        activity: ActivityLog,
        config: Config,
        embedder: Callable[[], Embedder],
        review: ReviewQueue,
        engine: LLMEngine | None = None,
        index: IndexService | None = None,
        lock_timeout: float = 600.0,
    ) -> None:
        self.store = store
        self.root = store.root
        self.episodes = episodes
        self.activity = activity
        self.config = config
        self.embedder = embedder
        self.review = review
        self.engine = engine
        self.index = index
        self.lock_timeout = lock_timeout
        self.waiting_today = 0  # pending episodes of today that a run without --date leaves for tomorrow
        self.waiting_later: dict[str, int] = {}  # pending per day after today (another zone's session)
        self.today = date.today()  # the run's today: `schedule.timezone`'s date when it names a zone
        self.seen: list[str] = []  # ids of every episode in the day files the last collect read

    def run(self, day: date | None = None, dry_run: bool = False) -> RunReport:
        """Consolidate `day` (or every pending episode up to yesterday); returns the RunReport."""
        started = self.store.now()  # every timestamp the run writes is in this zone (memdir.clock)
        report = RunReport(job="daily", dry_run=dry_run, started_at=started.isoformat())
        report.stats["engine"] = f"llm:{self.engine.model}" if self.engine is not None else "builtin"
        self.store.unread.clear()  # what this run cannot read, not what an earlier one (the daemon's) could not
        if dry_run:
            self._run(report, day, started)
        else:
            with file_lock(self.root / ".memdir" / "locks" / "daily.lock", timeout=self.lock_timeout):
                self._run(report, day, started)
        if self.store.unread:  # notes the run could not read: named once in the report (`lint` says why)
            report.stats["notes_unread"] = sorted(self.store.unread)
        report.settle()  # each path once, with how many times it was updated
        report.finished_at = self.store.stamp()
        return report

    # -- the run -------------------------------------------------------------------
    def _run(self, report: RunReport, day: date | None, started: datetime) -> None:
        # 1. complete an interrupted run
        journal = Journal(self.root, "daily")
        unfinished = journal.pending(discard_torn=not report.dry_run)
        if unfinished is not None:
            if report.dry_run:
                report.errors.append(
                    f"an interrupted run ({unfinished.run_id}) will be completed by the next run"
                )
            else:
                log.warning("completing interrupted daily run %s", unfinished.run_id)
                apply_plan(self.store, self.review, unfinished, journal, report)
                report.stats["resumed_run"] = unfinished.run_id
        # 2. collect pending episodes (and those whose lesson step an earlier run left to do)
        refused: list[str] = []
        unread: list[UnreadFile] = []
        episodes, retried = self._collect(day, refused, unread)
        # too large to read: pending and named until cut down, like an unread file (exit 75; trial 29 #13)
        for why in refused:
            report.leave_pending(1, f"{why}: {TOO_LARGE_FIX} (`memdir lint`)")
        if lost := lost_line([s.id for s in lost_sections(self.root)]):  # an editor saved over them
            report.errors.append(lost)
        if gone := gone_episodes(self.store, self.seen, remember=not report.dry_run):  # said once (run_gone)
            report.stats["gone_episodes"] = gone
        if day is not None and not (refused or unread or next(self.episodes.iter_episodes(on=day), None)):
            report.stats["no_episodes_on"] = day.isoformat()  # none at all, not "done by an earlier run"
        report.processed = len(episodes) + len(retried) + sum(u.episodes for u in unread) + len(refused)
        for u in unread:  # a typo a person must fix: pending and named, like a merge conflict (exit 75)
            report.leave_pending(u.episodes, u.line)
        waiting = {"waiting_today": self.waiting_today, "waiting_later": dict(self.waiting_later)}
        if day is None and any(waiting.values()):  # later: a day file written in another time zone
            report.stats.update({k: v for k, v in waiting.items() if v}, today=self.today.isoformat())
            report.stats["today_words"] = self.config.schedule.today_words()  # the named zone's day
        if retried:
            report.stats["lessons_retried"] = len(retried)
        # a `git pull` stopped mid-merge (or a sync tool's conflict copy): no text to learn from yet
        until = day + timedelta(days=1) if day is not None else self.today
        episodes, retried = hold_unresolved(self.store, (episodes, retried), report, until, day)
        # 3. the existing notes' vectors (related notes, duplicate checks)
        vectors = NoteVectors(self.store, self.embedder())
        # 4. route
        # the routing name says which e5 engine embeds: each has weight sets fit on its own vectors
        router = Router(vectors.embed, routing_name(vectors.embedder), vectors.embedder.dim)
        routed = self._route(episodes, vectors, router, report)
        # 5. plan: creates, updates and review items, then move proposals
        planner = Planner(self.store, self.config.thresholds, started.isoformat(), vectors)
        planner.gone = frozenset(row["episode"] for row in report.stats.get("gone_episodes", []))
        result = planner.plan(routed)
        # a note this run writes, or a merge it proposes, is not also proposed to move; a usage report tied to it
        # (an `evidence` item: it writes nothing) leaves its move open (trial 28 #10b: the report and the move
        # proposal of the same discharge how-to, in one run)
        touched = {
            o.path for o in result.ops if not (o.op == "review" and o.review.get("kind") == "evidence")
        }
        own = SectionState(self.root).written
        ops = within_note_size(result.ops, report)
        kept = {id(o) for o in ops}
        dropped = {eid for o in result.ops if id(o) not in kept for eid in o.episodes}
        sections = result.sections.items()
        result.sections = {
            k: v for k, v in sections if not (isinstance(v, dict) and v.get("episode") in dropped)
        }
        ops, folded = fold_lessons(self.store, ops, result, episodes, started.isoformat())  # one per lesson
        if folded:
            report.stats["lessons_from_episodes"] = folded
        ops += move_proposals(self.store, router, vectors, skip=touched, own=own)
        report.skipped += result.skipped
        report.stats.update(
            episodes=len(episodes),
            parts=result.parts,
            # masks the episodes reached the plan with (masked when added or when read), plus any after
            redactions=result.redactions + sum(f"{ep.title}\n{ep.text}".count(MASK) for ep in episodes),
            outcomes=result.outcomes,
            router=router.model.name,
            actions=count_actions(result.decisions),
        )
        report.episodes = result.episode_rows(dropped)
        if unnamed := unnamed_reports(report.episodes):  # printed under the summary, never silent (trial 26)
            report.stats["usage_unnamed"] = unnamed
        run_id = f"{started.strftime('%Y%m%dT%H%M%S')}-{hashlib.sha1(repr(ops).encode()).hexdigest()[:8]}"
        plan = Plan(run_id, started.isoformat(), ops, {ep.id: ep.hash for ep, _ in routed})
        plan.meta["sections"] = result.sections
        report.stats["vectors_reused"] = vectors.reused
        # 6. journal, then apply (dry run: preview)
        if report.dry_run:
            preview_plan(self.store, plan, report)
            preview_lessons(self.store, report, [*episodes, *retried], result.decisions, plan.ops)
        elif plan.ops or plan.episodes:
            journal.begin(plan)
            apply_plan(self.store, self.review, plan, journal, report)
        if not report.dry_run:
            vectors.save_cache(
                {
                    o.path: o.text
                    for o in plan.ops
                    if o.op != "review" and o.path in set(report.created + report.updated)
                }
            )
            # 7. the index catches up with what was written (and drops what it archived: plan_retire)
            self._sync_index(report, [o.path for o in plan.ops if o.op == "archive"])
        lessons = EpisodeLessons(self.store, self.review, report, self.embedder).run(
            episodes, result.decisions, retried
        )
        if not report.dry_run:
            self._lessons_done([*episodes, *retried], lessons, report)
        # 8. lifecycle: feedback events, then forgetting
        run_daily_steps(self.store, self.activity, self.config, report, report.dry_run, day)
        # 9. one Git commit for the whole run
        commit_run(self.root, self.config, report)

    def collect(self, day: date | None, refused: list[str] | None = None) -> list[Episode]:
        """Pending episodes of `day`, else of every day before today (`schedule.timezone`'s); `refused`: too large."""
        return self._collect(day, refused)[0]

    def _collect(
        self, day: date | None, refused: list[str] | None, unread: list[UnreadFile] | None = None
    ) -> tuple[list[Episode], list[Episode]]:
        """(episodes to route, consolidated ones whose lesson step is to do); unreadable files to `unread`."""
        state = EpisodeState(self.root)
        if day is not None:
            found = self.episodes.iter_episodes(on=day, refused=refused, unread=unread)
        else:  # today's day file is still being written: it waits, and the report says so (trial 13)
            self.today = self.config.schedule.today()  # the root's zone, not the machine's (re-check N9)
            found = self.episodes.iter_episodes(until=self.today, refused=refused, unread=unread)
            today = self.episodes.iter_episodes(on=self.today)
            self.waiting_today = sum(1 for ep in today if state.needs_routing(ep.id, ep.hash))
            later = (ep for ep in self.episodes.iter_episodes(after=self.today) if ep.day is not None)
            days = Counter(ep.day.isoformat() for ep in later if ep.day and state.is_pending(ep.id, ep.hash))
            self.waiting_later = dict(sorted(days.items()))
        # an episode file may hold a secret (a person's, an older memdir's): nothing in a note, a lesson, a review
        # item or the state is made from its unredacted text; title and text are one write (a password twice)
        route: list[Episode] = []
        retry: list[Episode] = []
        self.seen = []
        for ep in found:
            self.seen.append(ep.id)
            if state.needs_routing(ep.id, ep.hash):
                route.append(ep)
            elif state.needs_lessons(ep.id, ep.hash):
                retry.append(ep)
        return [_redacted(ep) for ep in route], [_redacted(ep) for ep in retry]

    def _lessons_done(self, episodes: list[Episode], refused: dict[str, str], report: RunReport) -> None:
        """Close the lesson step of each consolidated episode; one whose write was refused stays pending."""
        state = EpisodeState(self.root)
        changed = False
        for ep in episodes:
            if not state.needs_lessons(ep.id, ep.hash):
                continue  # not consolidated (left pending already), or nothing left to do
            if ep.id in refused:
                report.leave_pending(1, refused[ep.id])
            else:
                state.lessons_done(ep.id)
                changed = True
        if changed:
            state.save()

    def _route(
        self, episodes: list[Episode], vectors: NoteVectors, router: Router, report: RunReport
    ) -> list[tuple[Episode, list[RoutedPart]]]:
        if self.engine is None:
            return router.route(episodes)
        from memdir.consolidation.daily.route_llm import LLMRouter
        from memdir.llm.budget import RunBudget

        cfg = getattr(self.engine, "config", None)
        llm_cfg = cfg if isinstance(cfg, LLMConfig) else self.config.llm
        budget = RunBudget(self.engine, llm_cfg)
        res = LLMRouter(self.engine, llm_cfg, vectors, budget=budget, store=self.store).route(episodes)
        for reason, n in res.reasons.items():
            report.leave_pending(n, reason, res.causes.get(reason))
        report.errors.extend(res.errors)
        report.stats.update(budget.stats())
        report.stats["llm_input_chars"] = res.input_chars
        return res.routed

    def _sync_index(self, report: RunReport, archived: list[str]) -> None:
        """Index what the run wrote (and archived), then embed notes left waiting for vectors (by searches, an
        earlier run) for up to EMBED_SECONDS: a daily run is how a root without a daemon catches up."""
        changed = report.created + report.updated + archived
        if self.index is None:
            return
        try:
            if changed:
                self.index.sync(paths=changed)
            if index_dir(self.store.root).joinpath("catalog.json").exists() and pending_notes(
                self.index.view()
            ):
                deadline = time.monotonic() + EMBED_SECONDS
                self.index.sync(lock_timeout=0.0, should_stop=lambda: time.monotonic() > deadline)
        except (ImportError, MemdirError) as exc:  # ImportError: chromadb loads only here
            log.warning("index not synced after the daily run: %s", exc)


def _redacted(ep: Episode) -> Episode:
    """The episode with secrets masked (title and text together), a pasted log cut, callouts read (callouts.py)."""
    title, text = redact_together([ep.title, ep.text])
    return replace(ep, title=title, text=condense(read_callouts(text), ep.id))
