"""Example: episodes -> the daily consolidation -> knowledge and procedures (offline router).

Run: python examples/episode_daily.py   (offline; works on a temporary memory root)
"""

from __future__ import annotations

import os
import tempfile
from datetime import UTC, date, datetime
from pathlib import Path

os.environ.pop("MEMDIR_LLM_MODEL", None)  # offline: the built-in extractive router
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from memdir import Memory  # noqa: E402

DAY = date(2026, 11, 16)


def main() -> None:
    """Add three episodes (a lesson, a how-to, small talk), consolidate the day, re-run it."""
    with tempfile.TemporaryDirectory() as tmp:
        mem = Memory(Path(tmp) / "memory_root")
        mem.init()
        at = lambda h, m: datetime(DAY.year, DAY.month, DAY.day, h, m, tzinfo=UTC)  # noqa: E731
        mem.add_episode(
            "Good morning! Quick standup, nothing blocking. The coffee machine is fixed.",
            title="Standup",
            at=at(9, 10),
        )
        lesson = mem.add_episode(
            "The integration test test_sync_orders failed three times this week. Root cause: it read the "
            "wall clock and broke around midnight UTC. We decided to freeze time in that test with freezegun. "
            "Lesson learned: tests must never read the real clock; always inject or freeze time.",
            title="Flaky integration test root cause",
            at=at(14, 20),
        )
        howto = mem.add_episode(
            "How to restore the staging database from last night's backup:\n\n"
            "1. Stop the API: `kubectl scale deploy/api --replicas=0 -n staging`\n"
            "2. Download the dump: `aws s3 cp s3://backups/staging/latest.dump /tmp/latest.dump`\n"
            "3. Restore it: `pg_restore --clean --no-owner -d staging /tmp/latest.dump`\n"
            "4. Start the API: `kubectl scale deploy/api --replicas=2 -n staging`\n"
            "5. Check that `/healthz` returns 200.",
            title="Restore the staging database from backup",
            at=at(10, 5),
        )

        report = mem.consolidate_daily(day=DAY)
        print(
            f"created {report.created}, updated {report.updated}, review {report.review}, "
            f"skipped {report.skipped}"
        )
        assert not report.errors, report.errors

        notes = {p: mem.store.read(p) for p in report.created + report.updated}
        sources = {p: [str(s) for s in (n.meta.get("sources") or [])] for p, n in notes.items()}
        knowledge = [p for p, s in sources.items() if p.startswith("knowledge/") and lesson.ref in s]
        procedures = [p for p, s in sources.items() if p.startswith("procedures/") and howto.ref in s]
        assert knowledge, sources  # the lesson became knowledge
        assert procedures, sources  # the how-to became a procedure
        assert not any("standup" in s for ss in sources.values() for s in ss)  # small talk skipped
        for path in knowledge + procedures:
            note = notes[path]
            assert note.meta["origin"] == "daily" and note.meta["description"]
            print(f"--- {path}\n{note.text}")
        proc = notes[procedures[0]]
        assert proc.meta.get("confidence") == 0.4, proc.meta

        again = mem.consolidate_daily(day=DAY)  # re-running the same day changes nothing
        assert not again.changed, again.to_dict()
        print("second run: nothing to change")


if __name__ == "__main__":
    main()
