"""Example: log tasks with `mem.task`, then the weekly run distils repeated successes into a procedure.

Run: python examples/task_weekly.py   (offline; works on a temporary memory root)
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta
from functools import partial
from pathlib import Path

os.environ.pop("MEMDIR_LLM_MODEL", None)  # offline: the built-in distiller
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from memdir import Memory  # noqa: E402

UNTIL = date(2026, 11, 30)  # the week covered is [2026-11-23, 2026-11-30)


def _ticks(start: datetime) -> Iterator[datetime]:
    t = start
    while True:
        yield t
        t += timedelta(seconds=30)


def clock(start: str) -> Callable[[], datetime]:
    """Explicit, advancing timestamps (30 s apart) so the tasks land on the simulated days."""
    return partial(next, _ticks(datetime.fromisoformat(start)))


def main() -> None:
    """Deploy four times (3 successes, 1 failure), plus unrelated work; run the weekly distiller."""
    with tempfile.TemporaryDirectory() as tmp:
        mem = Memory(Path(tmp) / "memory_root")
        mem.init()
        deploys = [
            ("2026-11-23", "1.4.0", True),
            ("2026-11-24", "1.4.1", True),
            ("2026-11-25", "1.4.2", False),
            ("2026-11-26", "1.4.3", True),
        ]
        ok_ids = []
        for day, version, ok in deploys:
            with mem.task(
                "deploy the API to staging", clock=clock(f"{day}T10:00:00+00:00"), agent="example"
            ) as t:
                t.tool_use("bash", "make test")
                t.tool_use("bash", f"make release VERSION={version}")
                t.tool_use("bash", "kubectl rollout status deploy/api -n staging")
                t.success() if ok else t.failure("rollout timed out")
            if ok:
                ok_ids.append(t.task_id)
        for day, question in (
            ("2026-11-24", "what is the on-call rotation?"),
            ("2026-11-27", "fix a typo in the README"),
        ):
            with mem.task(question, clock=clock(f"{day}T15:00:00+00:00")) as t:
                t.tool_use("read", "docs/on-call.md" if "on-call" in question else "README.md")
                t.success()

        report = mem.consolidate_weekly(until=UNTIL)
        print(f"created {report.created}, review {report.review}, skipped {report.skipped}")
        assert not report.errors, report.errors
        created = [p for p in report.created if p.startswith("procedures/")]
        assert len(created) == 1, report.to_dict()  # one procedure, from the one repeated task
        proc = mem.store.read(created[0])
        print(proc.text)
        assert proc.meta["confidence"] == 0.4 and proc.meta["origin"] == "weekly"
        assert sorted(str(s) for s in proc.meta["sources"]) == sorted(ok_ids)  # successes only
        assert "make release" in proc.body

        again = mem.consolidate_weekly(until=UNTIL)  # never the same procedure twice
        assert not again.created, again.to_dict()


if __name__ == "__main__":
    main()
