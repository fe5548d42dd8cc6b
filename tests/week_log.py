"""A week of agent tasks written as activity files, and the weekly run over it with a frozen clock (the weekly
trial tests share them)."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from freezegun import freeze_time

from memdir import Memory
from memdir.runs.report import RunReport


def task_events(
    when: datetime, tid: str, request: str, calls: list[tuple[str, Any, str]], reply: str, error: str = ""
) -> list[dict[str, Any]]:
    """A task's events: `calls` are (tool, input, result); with `error` the last call fails and the task ends."""
    ev: list[dict[str, Any]] = []

    def add(**kw: Any) -> None:
        ev.append(
            {"ts": (when + timedelta(minutes=len(ev))).isoformat(), "task_id": tid, "agent": "desk", **kw}
        )

    add(type="task_start", summary=request)
    for n, (tool, given, result) in enumerate(calls):
        add(type="tool_use", tool=tool, input=given)
        if error and n == len(calls) - 1:
            add(type="tool_result", tool=tool, outcome="failure", error=error)
            add(type="task_end", outcome="failure")
            return ev
        add(type="tool_result", tool=tool, outcome="success", output=result)
    add(type="response_sent", summary=reply)
    add(type="task_end", outcome="success")
    return ev


def write_log(root: Path, tasks: list[list[dict[str, Any]]]) -> None:
    for events in tasks:
        for e in events:
            with (root / "activity" / f"{e['ts'][:10]}.jsonl").open("a", encoding="utf-8") as f:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")


def run_weekly(root: Path, e5: object, until: date) -> RunReport:
    mem = Memory(root, embedder=e5)  # type: ignore[arg-type]
    with freeze_time(f"{until.isoformat()}T03:00:00+00:00"):
        report = mem.weekly_distiller(cache_dir=root.parent / "cache").run(until=until)
    assert report.errors == []
    return report
