"""A weekly lesson's file name says which job it is about, then its error (trial 14 #10).

Two unrelated jobs failing with the same error text were named `the-operation-has-timed-out.md` and
`the-operation-has-timed-out-2.md`: the name said nothing of the job. Here a genomics lab's nightly
sequencer sync and its LIMS backup both fail with "Connection reset by peer" and recover another way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

from memdir import Memory

Cli = Callable[..., CompletedProcess[str]]
ERROR = "Connection reset by peer"
JOBS = {
    "sync": (
        "Sync the sequencer run {n} to the cluster",
        "rsync",
        "rsync -a /seq/run{n} hpc:/data/",
        "rsync -a --partial --timeout=600 /seq/run{n} hpc:/data/",
    ),
    "lims": (
        "Back up the LIMS database for night {n}",
        "pg_dump",
        "pg_dump -h lims01 lims > /backup/lims{n}.sql",
        "pg_dump -h lims02 lims > /backup/lims{n}.sql",
    ),
}


def _week(root: Path) -> None:
    mem = Memory(root)
    for job, (summary, tool, cmd, alt) in JOBS.items():
        for i in range(3):
            task, ts = f"{job}-{i}", f"2026-10-1{i + 2}T0{2 + (job == 'lims')}:00"
            ev = dict(task_id=task)
            mem.log(type="task_start", summary=summary.format(n=40 + i), ts=f"{ts}:00Z", **ev)
            mem.log(type="tool_use", tool=tool, input=cmd.format(n=40 + i), ts=f"{ts}:05Z", **ev)
            if i == 0:
                mem.log(type="tool_result", tool=tool, outcome="failure", error=ERROR, ts=f"{ts}:06Z", **ev)
                mem.log(type="tool_use", tool=tool, input=alt.format(n=40 + i), ts=f"{ts}:10Z", **ev)
            mem.log(type="tool_result", tool=tool, outcome="success", ts=f"{ts}:15Z", **ev)
            mem.log(type="task_end", outcome="success", ts=f"{ts}:20Z", **ev)


def test_two_jobs_with_the_same_error_get_lessons_named_after_each_job(root: Path, run_cli: Cli) -> None:
    _week(root)
    res = run_cli(
        "consolidate", "weekly", "--until", "2026-10-19", "--json", env={"MEMDIR_EMBEDDER": "hashing"}
    )
    assert res.returncode == 0, res.stderr
    lessons = sorted(p for p in json.loads(res.stdout)["created"] if p.startswith("knowledge/lessons/"))
    assert len(lessons) == 2, res.stdout
    names = [Path(p).stem for p in lessons]
    assert all(n.endswith("connection-reset-by-peer") for n in names), names
    assert any("sequencer" in n for n in names) and any("lims" in n for n in names), names
    for rel in lessons:  # each named after the job its `applies_to` procedure is about
        text = (root / rel).read_text(encoding="utf-8")
        target = next(ln.split(": ", 1)[1] for ln in text.splitlines() if ln.startswith("applies_to:"))
        assert Path(target).stem[:20] in Path(rel).stem, (rel, target)
