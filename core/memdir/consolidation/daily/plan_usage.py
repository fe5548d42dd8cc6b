"""The daily plan's usage reports: an outcome for the procedure (or skill) an episode says it used the usual way,
an `evidence` item when a person should look, and the note a report names by its title (route_usage_name,
route_usage_clause, route_usage_title). Split from route_plan, whose Planner inherits it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from memdir.consolidation.daily.plan_retire import RetiringDrafts
from memdir.consolidation.daily.route_outcome import Outcome
from memdir.consolidation.daily.route_usage_match import procedure_text
from memdir.consolidation.daily.route_usage_name import Named, UsageNamer
from memdir.consolidation.daily.route_usage_near import Near, as_written, near_review
from memdir.consolidation.daily.route_usage_otherwise import step_done_otherwise
from memdir.consolidation.daily.route_usage_title import is_howto, named_by_title, title_review
from memdir.runs.redact import redact

if TYPE_CHECKING:
    from memdir.consolidation.daily.route_rag import NoteVectors
    from memdir.consolidation.daily.route_skill_use import SkillNames
    from memdir.consolidation.daily.router import RoutedPart
    from memdir.notes.episodes import Episode


class UsageDrafts(RetiringDrafts):
    """The drafts plus what a usage report does to them (see the module)."""

    vectors: NoteVectors
    namer: UsageNamer
    skill_names: SkillNames

    def _skip(self, ep: Episode, reason: str, target: str | None = None) -> None:
        self.result.skipped += 1
        row = {"episode": ep.id, "kind": "skip", "action": "skip", "reason": reason, "target": target}
        self.result.decisions.append(row)

    def _named_by_title(self, ep: Episode, part: RoutedPart, usage: str, within: str = "") -> bool:
        """An `evidence` item on the procedure or knowledge how-to (under `within`) whose whole title a report of
        the usual way writes (route_usage_title, trial 28 #10b); False when it names none."""
        titles = [
            (path, note.title)
            for path, note in self._notes.items()
            if path.startswith(within) and is_howto(path, self._body_of(path), note.meta.get("type"))
        ]
        hit = named_by_title(f"{part.title}\n{part.text}", titles)
        if hit is None:
            return False
        op = title_review(*hit, ep.ref, ep.id, as_written(part.text, ep.text), usage)
        self.result.ops.append(op)
        self._skip(
            ep,
            f"reports using the note it names by its title, {hit[0]}: not counted, asked in review",
            op.path,
        )
        return True

    def _usage(self, ep: Episode, part: RoutedPart, vec: Any) -> str:
        """An outcome for the procedure (or skill) this episode reports using (route_usage_name); "" when done,
        else one line on why no note was named."""
        named = self.namer.name(ep.title, ep.text, vec, self._procedure_texts)
        if isinstance(named, str):
            return named
        self._credit(ep, part.title, part.text, str(part.usage), named, "reports using this procedure")
        return ""

    def _clause_use(self, ep: Episode, part: RoutedPart, clause: str, usage: str) -> None:
        """The outcome for the procedure one clause of a longer text says was used the usual way
        (route_usage_clause); an `evidence` item on the closest procedure when a person should look; else
        nothing. The part itself is planned as its kind afterwards (a story is still kept)."""
        said = redact(clause)[0]
        named = self.namer.name("", said, self.vectors.embed([said])[0], self._procedure_texts)
        lead = f'tells a use of the usual way in a longer text ("{said}")'
        near = self.namer.near
        if not isinstance(named, str) and part.kind != "procedures":
            self._credit(ep, part.title, ep.text, usage, named, lead)
            return
        if not isinstance(named, str):  # steps of its own beside it: maybe another way now; a person decides
            near = Near(named.match, named.score, f"the text also writes steps of its own ({named.why})")
            named = "it also writes steps of its own"
        op = near_review(near, ep.ref, ep.id, ep.text, usage)
        if op is not None:
            self.result.ops.append(op)
            row = {
                "episode": ep.id,
                "kind": "usage",
                "action": "evidence",
                "outcome": usage,
                "target": op.path,
            }
            self.result.decisions.append({**row, "reason": f"{lead}: not counted, {named}"})

    def _credit(self, ep: Episode, title: str, text: str, usage: str, named: Named, lead: str) -> None:
        """The named note's outcome (a procedure) or an `evidence` item (a skill), and the run's row."""
        best, score, why = named.match, named.score, named.why
        said = redact(" ".join(text.split()))[0]
        day = ep.day.isoformat() if ep.day else self.started_at[:10]
        decision: dict[str, Any] = {
            "episode": ep.id,
            "kind": "usage",
            "outcome": usage,
            "target": best.path,
            "reason": f"{lead}: {usage} ({why})",
        }
        decision["similarity"] = round(best.similarity, 4)
        decision["score"] = round(score, 4)
        if best.path.startswith("skills/"):
            self._review(ep, "evidence", title, said, best, f"{usage}: reports using this skill")
            decision["action"] = "evidence"
        else:
            report = redact(ep.text.strip() or text)[0]  # the writer's words, not the shaped steps
            self._draft_for(best.path).outcomes.append(Outcome(usage, ep.ref, day, report))
            self._draft_for(best.path).op.episodes.append(ep.id)
            decision["action"] = "outcome"
            self.result.outcomes += 1
            note = self._notes.get(best.path)
            otherwise = step_done_otherwise(report, note.title, self._body_of(best.path)) if note else None
            if (
                usage == "success" and otherwise is not None
            ):  # counted, and the person sees the step done otherwise
                no, step, _ = otherwise
                why = f'success, counted, but step {no} was done otherwise ("{step[:60]}"): change step {no}?'
                self._review(ep, "evidence", title, said, best, why)
                decision["reason"] += f"; step {no} done otherwise, an evidence item asks"
        self.result.decisions.append(decision)

    def _procedure_texts(self) -> dict[str, str]:
        """Every procedure's and skill's title, description and steps (route_usage_match), as of now in the run."""
        out = self.skill_names.texts()
        for path, note in self._notes.items():
            if path.startswith("procedures/"):
                out[path] = procedure_text(note.title, note.description, self._body_of(path))
        for path, draft in self._ops.items():
            if path.startswith("procedures/") and draft.meta is not None:  # created earlier in this run
                out[path] = procedure_text("", str(draft.meta.get("description") or ""), draft.body)
        return out
