"""The report's row for an episode whose lesson a daily run writes: one path for the run and its dry run.

The lesson step runs after the plan, so the plan's row for an episode routed `skip` said "read as nothing to
keep" while the lesson keeps it. The real run rewrote that row (and took it off the skipped count); a dry run
did not, so `--dry-run` said `1 skipped` and `action: skip` for an episode the run then wrote a lesson for
(trial 23 second re-check M3). Both now call `lesson_row`. `stats.actions` stays the router's count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memdir.runs.report import RunReport


def lesson_row(report: RunReport, episode: str, lesson: str, created: bool) -> None:
    """The report's `episodes` row for a lesson written from `episode` (unless the plan's row names it); a
    skipped episode's row becomes this one (and leaves the skipped count), and an episode added to a lesson
    that was there says it was folded into it (trial 22 #11)."""
    rows = [r for r in report.episodes if r.get("episode") == episode]
    if any(r.get("target") == lesson for r in rows):
        return
    reason = (
        "records a mistake and its fix: a lesson (knowledge/lessons/)"
        if created
        else f"folded into {lesson}: the lesson it tells again (a source of it now)"
    )
    row: dict[str, str | None] = {"episode": episode, "action": "lesson", "target": lesson, "reason": reason}
    skip = next((r for r in rows if r.get("action") == "skip" and not r.get("target")), None)
    if skip is not None:  # it was read as nothing to keep; its lesson keeps it
        skip.update(row)
        report.skipped = max(0, report.skipped - 1)
    else:
        report.episodes.append(row)
