"""Uses of procedures the activity log shows: a successful task whose events cite the procedure.

An agent that runs a procedure every night and logs its work (`memdir log --procedure ...`,
MCP `log_event` with `procedure`) but sends no `feedback` still uses it. The forgetting rule
"procedure, unused" asks this module, only for the procedures it would archive, when such a
task last succeeded: a task counts when one of its events names the procedure in `procedure`
and the task (or that event itself, when it has no `task_id`) ended with `outcome: success`.
`feedback` events are left out: the daily run already applies them as reports.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import date, datetime

from memdir.activity import ActivityEvent, ActivityLog


def _cited(event: ActivityEvent) -> str | None:
    value = event.get("procedure")
    if not isinstance(value, str) or not value.strip() or event.type == "feedback":
        return None
    return value.strip().replace("\\", "/").removeprefix("./")


def cited_successes(activity: ActivityLog, paths: Collection[str], since: date) -> dict[str, datetime]:
    """path -> the end of the last successful task citing it, for the given procedures, from `since` on."""
    wanted = set(paths)
    cites: dict[str, set[str]] = {}  # task (or event) -> procedures it cites
    ended: dict[str, datetime] = {}  # task (or event) -> when it ended with success
    for file in activity.files(since=since):
        with open(file, "rb") as fh:
            for lineno, raw in enumerate(fh, 1):
                if b'"procedure"' not in raw and b'"outcome"' not in raw:
                    continue
                event = ActivityLog._parse_line(raw, f"{file.name}:{lineno}")
                if event is None:
                    continue
                key = event.task_id or event.source
                path = _cited(event)
                if path in wanted:
                    cites.setdefault(key, set()).add(path)
                if event.get("outcome") == "success" and event.type != "feedback":
                    ended[key] = max(ended.get(key, event.ts), event.ts)
    out: dict[str, datetime] = {}
    for key, named in cites.items():
        when = ended.get(key)
        if when is None:
            continue
        for path in named:
            out[path] = max(out.get(path, when), when)
    return out
