"""Weeks of tasks that repeat a procedure, written as activity files (the weekly repeat tests share them)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any


def repeat_task(
    day: int, tid: str, request: str, calls: list[tuple[str, dict[str, Any]]]
) -> list[dict[str, Any]]:
    when = datetime(2026, 11, day, 1, 0, tzinfo=timezone.utc)
    ev: list[dict[str, Any]] = []

    def add(**kw: Any) -> None:
        ev.append({"ts": (when + timedelta(minutes=len(ev))).isoformat(), "task_id": tid, "agent": "a", **kw})

    add(type="task_start", summary=request)
    for tool, given in calls:
        add(type="tool_use", tool=tool, input=given)
        add(type="tool_result", tool=tool, outcome="success")
    add(type="task_end", outcome="success")
    return ev


def repeat_root(tmp: Path, note: str, name: str, tasks: list[list[dict[str, Any]]]) -> Path:
    root = tmp / "mem"
    (root / "procedures").mkdir(parents=True)
    (root / "activity").mkdir()
    (root / "procedures" / name).write_text(note, encoding="utf-8")
    for events in tasks:
        for e in events:
            with (root / "activity" / f"{e['ts'][:10]}.jsonl").open("a", encoding="utf-8") as f:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
    return root
