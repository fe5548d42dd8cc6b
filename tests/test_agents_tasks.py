"""Task logging helpers: the events an agent's `with mem.task(...)` block leaves in the activity log."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memdir import MemdirError, Memory
from memdir.agents.tasks import TaskLogger, new_task_id


def _lines(root: Path) -> list[dict]:
    out = []
    for f in sorted((root / "activity").glob("*.jsonl")):
        out += [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines()]
    return out


def test_with_block_writes_start_tool_use_and_one_task_end(mem: Memory, root: Path) -> None:
    with mem.task("deploy the API to staging", agent="claude") as t:
        t.tool_use("bash", "make release")
        t.tool_result("ok")
        t.success()
    events = _lines(root)
    assert [e["type"] for e in events] == ["task_start", "tool_use", "tool_result", "task_end"]
    assert {e["task_id"] for e in events} == {t.task_id}
    assert events[0]["summary"] == "deploy the API to staging"
    assert events[1]["tool"] == "bash" and events[1]["input"] == "make release"
    assert events[3]["outcome"] == "success"
    assert all(e["agent"] == "claude" for e in events)
    assert "outcome" not in events[2]  # no outcome given -> none written


def test_exception_in_block_is_failure_and_reraised(mem: Memory, root: Path) -> None:
    with pytest.raises(RuntimeError, match="disk full"), mem.task("rotate the db password") as t:
        t.tool_use("bash", "vault write ...")
        t.success()  # an exception after success() still makes the task fail
        raise RuntimeError("disk full")
    ends = [e for e in _lines(root) if e["type"] == "task_end"]
    assert len(ends) == 1
    assert ends[0]["outcome"] == "failure"
    assert "disk full" in ends[0]["summary"]


def test_block_without_outcome_is_unknown(mem: Memory, root: Path) -> None:
    with mem.task("look around"):
        pass
    end = _lines(root)[-1]
    assert end["type"] == "task_end" and "outcome" not in end


def test_without_with_success_writes_task_end_at_once(mem: Memory, root: Path) -> None:
    t = mem.task("summarise the incident", task_id="t42")
    t.start()
    t.failure("timeout")
    events = _lines(root)
    assert [e["type"] for e in events] == ["task_start", "task_end"]
    assert events[1] == {**events[1], "task_id": "t42", "outcome": "failure", "summary": "timeout"}
    with pytest.raises(MemdirError):
        t.success()


def test_feedback_event_names_the_procedure(mem: Memory, root: Path) -> None:
    assert mem.add_note("procedures", "Deploy API", "1. make release") == "procedures/deploy-api.md"
    with mem.task("deploy") as t:
        t.feedback("procedures/deploy-api.md", success=False, note="step 3 is outdated")
        t.failure()
    fb = [e for e in _lines(root) if e["type"] == "feedback"]
    assert fb == [
        {
            **fb[0],
            "procedure": "procedures/deploy-api.md",
            "outcome": "failure",
            "summary": "step 3 is outdated",
            "task_id": t.task_id,
        }
    ]


def test_clock_sets_explicit_timestamps_and_day_files(mem: Memory, root: Path) -> None:
    times = iter(datetime(2026, 11, 2, 9, 0, tzinfo=UTC) + timedelta(minutes=i) for i in range(10))
    with mem.task("build docs", clock=lambda: next(times)) as t:
        t.tool_use("bash", "make docs")
        t.success()
    assert t.task_id.startswith("20261102T090000")
    assert [p.name for p in (root / "activity").iterdir()] == ["2026-11-02.jsonl"]
    stamps = [e["ts"] for e in _lines(root)]
    assert stamps == sorted(stamps) and len(set(stamps)) == 3
    assert all(s.startswith("2026-11-02T09:0") for s in stamps)


def test_read_back_as_one_successful_task(mem: Memory) -> None:
    with mem.task("deploy") as t:
        t.tool_use("bash", "make release")
        t.success()
    events = [e for e in mem.activity.read() if e.task_id == t.task_id]
    assert [e.type for e in events] == ["task_start", "tool_use", "task_end"]
    assert events[-1].get("outcome") == "success"


def test_task_ids_are_unique_and_time_sortable() -> None:
    a = new_task_id(datetime(2026, 1, 1, tzinfo=UTC))
    b = new_task_id(datetime(2026, 1, 2, tzinfo=UTC))
    assert a < b
    assert len({new_task_id() for _ in range(1000)}) == 1000


def test_empty_intent_and_per_event_fields_are_refused(mem: Memory) -> None:
    with pytest.raises(MemdirError):
        TaskLogger(mem.activity, "  ")
    with pytest.raises(MemdirError, match="type"):
        mem.task("deploy", type="task_end")


def test_huge_tool_input_is_clipped(mem: Memory, root: Path) -> None:
    with mem.task("paste") as t:
        t.tool_use("editor", "x" * 50_000)
    assert len(_lines(root)[1]["input"]) < 5000


def test_threads_log_concurrently_without_torn_lines(mem: Memory, root: Path) -> None:
    def work(n: int) -> None:
        for i in range(10):
            with mem.task(f"thread {n} task {i}") as t:
                t.tool_use("bash", "echo " + "y" * 500)
                t.success()

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    events = _lines(root)  # json.loads of every line: a torn line would raise
    assert len(events) == 8 * 10 * 3
    ends = [e for e in events if e["type"] == "task_end"]
    assert len({e["task_id"] for e in ends}) == 80
    assert all(e["outcome"] == "success" for e in ends)


CHILD = """
import sys
from memdir import Memory
mem = Memory(sys.argv[1])
for i in range(15):
    with mem.task(f"proc {sys.argv[2]} task {i}") as t:
        t.tool_use("bash", "z" * 3000)
        t.tool_result("done", outcome="success")
        t.success()
"""


def test_processes_log_concurrently_without_torn_lines(root: Path) -> None:
    procs = [subprocess.Popen([sys.executable, "-c", CHILD, str(root), str(n)]) for n in range(3)]
    assert [p.wait(timeout=60) for p in procs] == [0, 0, 0]
    events = _lines(root)
    assert len(events) == 3 * 15 * 4
    per_task: dict[str, list[str]] = {}
    for e in events:
        per_task.setdefault(e["task_id"], []).append(e["type"])
    assert len(per_task) == 45
    assert all(types == ["task_start", "tool_use", "tool_result", "task_end"] for types in per_task.values())


def test_feedback_event_is_applied_once_by_the_daily_run(mem: Memory, root: Path) -> None:
    (root / "procedures" / "deploy-api.md").write_text(
        "---\ndescription: Deploy the API\nconfidence: 0.4\nsuccess_count: 0\nfailure_count: 0\norigin: weekly\n---\n\n"
        "1. make release\n",
        encoding="utf-8",
    )
    with mem.task("deploy the API") as t:
        t.feedback("procedures/deploy-api.md", success=True)
        t.success()
    mem.consolidate_daily()
    mem.consolidate_daily()
    note = mem.store.read("procedures/deploy-api.md")
    assert note.meta["success_count"] == 1 and note.meta["confidence"] == 0.6
