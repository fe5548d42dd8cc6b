"""Turn the ALFWorld ReAct trajectories into memdir activity events (JSON lines).

Each trajectory `react_<type>_<n>` becomes one task: a `task_start` whose summary is the
"Your task is to: ..." intent, one `tool_use` per "> action" line (input = the whole action;
`> think:` lines become `thought` events), the environment's reply as a `tool_result`, and a
`task_end` with outcome success. Two log shapes (`--shape`): `verb` (tool = the action's verb,
`tool: go`) and `single` (one tool for every action, `tool: alfworld`).

Independent of the `memdir` package so other scripts and tests can reuse it, e.g. to replay
the same trajectories a week later under new task ids (`--prefix`, `--start`).

Usage:
  python scripts/alfworld_to_activity.py [--data FILE] [--start 2026-11-23T09:00:00+00:00]
      [--prefix alf] [--shape verb|single] [--root MEMORY_ROOT]   # writes activity/<day>.jsonl there
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

DEFAULT_DATA = (
    Path(__file__).resolve().parent.parent.parent
    / "shared/eval/alfworld/react_prompts_alfworld_3prompts.json"
)
_KEY = re.compile(r"^react_([a-z]+)_(\d+)$")
_INTENT = re.compile(r"Your task is to:\s*(.+)")


def load_trajectories(path: Path = DEFAULT_DATA) -> dict[str, str]:
    """The 18 ReAct trajectories: key `react_<type>_<n>` -> text."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if _KEY.match(k)}


def task_type(key: str) -> str:
    """The ALFWorld task type of a trajectory key (`react_clean_1` -> `clean`)."""
    m = _KEY.match(key)
    if not m:
        raise ValueError(f"not a ReAct trajectory key: {key}")
    return m.group(1)


SHAPES = ("verb", "single")


def trajectory_events(
    key: str, text: str, task_id: str, start: datetime, step: timedelta, shape: str = "verb"
) -> list[dict[str, Any]]:
    """Activity events of one trajectory, `step` apart from `start` (`shape`: tool per verb, or one tool)."""
    m = _INTENT.search(text)
    intent = m.group(1).strip() if m else key
    events: list[dict[str, Any]] = []
    clock = start

    def add(**fields: Any) -> None:
        nonlocal clock
        events.append({"ts": clock.isoformat(), "task_id": task_id, **fields})
        clock += step

    add(type="task_start", summary=intent, agent="react-alfworld")
    lines = text[m.end() :].splitlines() if m else text.splitlines()
    for i, line in enumerate(lines):
        if not line.startswith("> "):
            continue
        action = line[2:].strip()
        if action.startswith("think:"):
            add(type="thought", summary=action[len("think:") :].strip())
            continue
        tool = action.split()[0] if shape == "verb" else "alfworld"
        add(type="tool_use", tool=tool, input=action)
        reply = lines[i + 1].strip() if i + 1 < len(lines) and not lines[i + 1].startswith("> ") else ""
        if reply:
            add(type="tool_result", tool=tool, summary=reply[:300])
    add(type="task_end", outcome="success", summary=f"done: {intent}")
    return events


def build_events(
    path: Path = DEFAULT_DATA,
    start: datetime | None = None,
    prefix: str = "alf",
    spacing: timedelta | None = None,
    shape: str = "verb",
) -> list[dict[str, Any]]:
    """Events of all 18 trajectories, one task every `spacing` (default 2 h) from `start`."""
    if shape not in SHAPES:
        raise ValueError(f"shape must be one of {', '.join(SHAPES)}")
    start = start or datetime(2026, 11, 23, 9, 0, tzinfo=timezone.utc)
    spacing = spacing or timedelta(hours=2)
    events: list[dict[str, Any]] = []
    for n, (key, text) in enumerate(sorted(load_trajectories(path).items())):
        events += trajectory_events(
            key, text, f"{prefix}-{key}", start + n * spacing, timedelta(seconds=20), shape
        )
    return events


def write_activity(root: Path, events: list[dict[str, Any]]) -> list[Path]:
    """Append events to `root/activity/<UTC day>.jsonl` (plain appends; use memdir's ActivityLog for locking)."""
    by_day: dict[str, list[str]] = {}
    for e in events:
        day = datetime.fromisoformat(e["ts"]).astimezone(timezone.utc).date().isoformat()
        by_day.setdefault(day, []).append(json.dumps(e, ensure_ascii=False) + "\n")
    out = []
    for day, lines in sorted(by_day.items()):
        p = root / "activity" / f"{day}.jsonl"
        p.parent.mkdir(parents=True, exist_ok=True)
        with open(p, "a", encoding="utf-8") as fh:
            fh.writelines(lines)
        out.append(p)
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--start", default="2026-11-23T09:00:00+00:00", help="ISO time of the first task")
    ap.add_argument("--prefix", default="alf", help="task id prefix (use another one to replay as new tasks)")
    ap.add_argument("--shape", choices=SHAPES, default="verb", help="tool per verb, or one tool `alfworld`")
    ap.add_argument("--root", type=Path, help="memory root to append activity to (default: print JSONL)")
    args = ap.parse_args(argv)
    events = build_events(args.data, datetime.fromisoformat(args.start), args.prefix, shape=args.shape)
    if args.root:
        for p in write_activity(args.root, events):
            print(p)
    else:
        sys.stdout.writelines(json.dumps(e, ensure_ascii=False) + "\n" for e in events)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
