"""Weekly lessons (trial 9): what worked instead is what differs that can fix the error (a changed
argument, the retry's stated change), never a wait or a look; "When it applies" names no single task's
values; the file is named after the failure; the description is cut at a word.

Real files (a memory root, the lesson written through `LessonWriter`), tasks built as the activity
log gives them. Other domains than the trial's (video transcoding, a sales report batch), EN and JA.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from memdir import Memory
from memdir.consolidation.weekly.lesson_evidence import collect, recoveries
from memdir.consolidation.weekly.lessons import LessonWriter
from memdir.consolidation.weekly.steps import Step
from memdir.consolidation.weekly.tasks import Task
from memdir.runs.report import RunReport


def bash(cmd: str, error: str = "") -> Step:
    return Step("Bash", cmd, f"bash:{cmd.split()[0]}", failed=bool(error), error=error)


def task(tid: str, intent: str, steps: list[Step], outcome: str, hour: int) -> Task:
    when = datetime(2026, 11, 24, hour, tzinfo=timezone.utc)
    return Task(tid, intent=intent, steps=steps, outcome=outcome, start=when, end=when)


def film(client: str, threads: int, ok: bool, wait: bool = False) -> list[Step]:
    src = f"/media/{client}-wedding"
    steps = [
        bash(f"ffprobe {src}/raw.mov"),
        bash(f"ffmpeg -i {src}/raw.mov -c:v libx265 -threads {threads} {src}/out.mp4"),
    ]
    if wait:
        steps.append(bash(f"sleep 60 && ls -l {src}/"))
    steps.append(
        bash(f"tail -n 5 {src}/render.log", "" if ok else "Killed: out of memory (oom-killer), rss 31.8 GB")
    )
    return steps


SUCCESSES = [
    task("tx-1", "Transcode the wedding film for client 1187 to 4K", film("1187", 4, True), "success", 1),
    task("tx-2", "Transcode the wedding film for client 1290 to 4K", film("1290", 4, True), "success", 2),
]


def _lesson(tmp_path: Path, successes: list[Task], failed: list[Task]) -> str:
    mem = Memory(tmp_path / "r")
    mem.init()
    (tmp_path / "r" / "procedures" / "transcode.md").write_text(
        "---\ndescription: Transcode a film\norigin: weekly\n---\n# Transcode a film\n1. ffmpeg\n"
    )
    found = collect(
        "Transcode the wedding film for {client} to 4K", "procedures/transcode.md", successes, failed
    )
    rel = LessonWriter(mem.store, RunReport(job="weekly")).write(found, created_procedure=False)
    assert rel, found
    return str(rel)


def _section(text: str, heading: str) -> str:
    return text.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]


def test_the_retrys_stated_change_is_what_worked_not_the_wait_it_added(tmp_path: Path) -> None:
    failed = task(
        "tx-3", "Transcode the wedding film for client 2041 to 4K", film("2041", 8, False), "failure", 3
    )
    retry = task(
        "tx-4",
        "client 2041 wedding film again, with 2 threads",
        film("2041", 8, True, wait=True),
        "success",
        4,
    )
    rel = _lesson(tmp_path, [*SUCCESSES, retry], [failed])
    text = (tmp_path / "r" / rel).read_text(encoding="utf-8")
    worked = _section(text, "## What worked instead")
    assert "2 threads" in worked and "tx-4" in worked, text
    assert "sleep" not in worked and "ls -l" not in worked, text
    assert "2041" not in _section(text, "## When it applies"), text  # one task's value
    assert "/media/<…>/render.log" in _section(text, "## When it applies"), text
    assert "2041" in _section(text, "## What failed")  # the evidence keeps what the task ran
    assert rel == "knowledge/lessons/transcode-out-of-memory.md", rel  # its job, then its error (trial 14)


def test_a_changed_argument_of_the_retry_is_what_worked(tmp_path: Path) -> None:
    failed = task(
        "tx-3", "Transcode the wedding film for client 2041 to 4K", film("2041", 8, False), "failure", 3
    )
    retry = task(
        "tx-4", "Transcode the wedding film for client 2041 to 4K", film("2041", 2, True), "success", 4
    )
    rel = _lesson(tmp_path, [*SUCCESSES, retry], [failed])
    worked = _section((tmp_path / "r" / rel).read_text(encoding="utf-8"), "## What worked instead")
    assert "-threads 2" in worked and "-threads 8" in worked, worked


def test_a_wait_then_the_same_call_is_a_retry_not_a_recovery() -> None:
    bad = bash("rsync -a /srv/batch/2026-11/ nas:/sales/2026-11/", "rsync: connection unexpectedly closed")
    same = bash("rsync -a /srv/batch/2026-11/ nas:/sales/2026-11/")
    wait = bash("sleep 30 && ping -c 1 nas")
    done = task("sl-1", "売上集計バッチ 2026-11 をNASに送る", [bad, wait, same], "success", 1)
    assert recoveries(done) == []


def test_a_japanese_retrys_stated_change_and_a_description_cut_at_a_word(tmp_path: Path) -> None:
    def batch(month: str, ok: bool) -> list[Step]:
        return [
            bash(f"ls /srv/sales/{month}/"),
            bash(f"python aggregate.py --month {month} --out /srv/sales/{month}/summary.parquet"),
            bash(
                f"tail -n 3 /srv/sales/{month}/aggregate.log",
                ""
                if ok
                else "MemoryError: Unable to allocate 14.2 GiB for an array with shape (190000000, 10) "
                "and data type float64 while building the monthly sales summary for every store in the region",
            ),
        ]

    ok = [
        task(f"sa-{m}", f"売上集計バッチ 2026-{m} を実行する", batch(f"2026-{m}", True), "success", h)
        for h, m in ((1, "08"), (2, "09"))
    ]
    failed = task("sa-11", "売上集計バッチ 2026-11 を実行する", batch("2026-11", False), "failure", 3)
    retry = task(
        "sa-11b",
        "売上集計バッチ 2026-11 を再実行、チャンクを 100 万行にして",
        batch("2026-11", True),
        "success",
        4,
    )
    mem = Memory(tmp_path / "r")
    mem.init()
    found = collect("売上集計バッチを実行する", None, [*ok, retry], [failed])
    rel = LessonWriter(mem.store, RunReport(job="weekly")).write(found, created_procedure=False)
    note = mem.store.read(str(rel))
    worked = _section(note.body, "## What worked instead")
    assert "チャンクを 100 万行に" in worked and "ls " not in worked, note.body
    assert "2026-11" not in _section(note.body, "## When it applies"), note.body
    desc = str(note.meta["description"])
    # trial 24 re-check N5: what to do differently (the retry's stated change), not the failed call cut short
    assert len(desc) <= 200 and "「チャンクを 100 万行にして」" in desc and "tail -n" not in desc, desc
    if desc.endswith("…"):
        words = desc.removesuffix("…").split()
        assert words[-1] in note.body.replace("\n", " ").split(), desc  # ends on a whole word
