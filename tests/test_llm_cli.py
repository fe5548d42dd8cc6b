"""Exit codes that tell the truth: an unreachable model through the real CLI, the daemon's record and log."""

from __future__ import annotations

import json
import logging
import socket
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from llm_support import WEEK_UNTIL, log_week, memory, seed_notes, write_day

from memdir.config import LLMConfig

EXIT_INCOMPLETE = (
    75  # sysexits EX_TEMPFAIL (memdir.runs.report.EXIT_INCOMPLETE; literal so this runs on old trees)
)

Run = Callable[..., subprocess.CompletedProcess[str]]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _unreachable(root: Path, key: bool = True) -> tuple[int, dict[str, str]]:
    """A model server on a free port with nothing listening: `llm.api_base`, or litellm's OLLAMA_API_BASE."""
    port = _free_port()
    base = f"api_base: 'http://127.0.0.1:{port}', " if key else ""
    (root / "memdir.yaml").write_text(
        f"llm: {{model: ollama/llama3.1, {base}retries: 1, timeout: 5}}\nindex: {{embedder: hashing}}\n",
        encoding="utf-8",
    )
    write_day(root, "en")
    return port, ({} if key else {"OLLAMA_API_BASE": f"http://127.0.0.1:{port}"})


def test_consolidate_daily_against_an_unreachable_model_exits_75_and_keeps_the_episodes(
    root: Path, run_cli: Run
) -> None:
    _, env = _unreachable(root, key=False)  # the server named the way every version understands
    res = run_cli("consolidate", "daily", env=env)
    assert res.returncode == EXIT_INCOMPLETE, res.stderr
    last = res.stderr.strip().splitlines()[-1]
    assert last == (
        "error: daily run incomplete: 4 episodes left pending (the model call failed: 4, connection refused); "
        "the next run tries again"
    )
    assert "ollama/llama3.1: no answer after 2 attempts (APIConnectionError" in res.stderr
    assert "Traceback" not in res.stderr
    assert not list((root / "knowledge").glob("*.md")) and not list((root / "procedures").glob("*.md"))
    status = run_cli("status", "--json")
    doc = json.loads(status.stdout)
    assert doc["pending_episodes"] == 4
    last_run = doc["jobs"]["daily"]["last_run"]
    assert last_run["result"] == "incomplete" and last_run["error"] == last.removeprefix("error: ")
    assert last_run["counts"]["pending"] == 4 and doc["jobs"]["daily"]["last_success"] is None
    text = run_cli("status")
    shown = " ".join(text.stdout.split())  # status wraps at 80 columns
    assert "incomplete" in shown and "daily run incomplete: 4 episodes left pending" in shown


def test_a_dry_run_as_json_says_the_same_and_exits_75(root: Path, run_cli: Run) -> None:
    port, _ = _unreachable(root)
    res = run_cli("consolidate", "daily", "--dry-run", "--json")
    assert res.returncode == 75, res.stderr
    doc = json.loads(res.stdout)
    assert doc["pending"] == 4 and doc["pending_reasons"] == {"the model call failed": 4}
    assert doc["incomplete"].startswith("daily run incomplete: 4 episodes left pending")
    assert res.stderr.strip().splitlines()[-1] == "error: " + doc["incomplete"]
    assert doc["errors"][0].startswith(
        f"ollama/llama3.1 at http://127.0.0.1:{port}: no answer after 2 attempts"
    )


def test_consolidate_weekly_against_an_unreachable_model_exits_75_and_writes_no_draft(
    root: Path, run_cli: Run
) -> None:
    _, env = _unreachable(root, key=False)
    log_week(memory(root))
    res = run_cli("consolidate", "weekly", "--until", WEEK_UNTIL.isoformat(), env=env)
    assert res.returncode == 75, res.stderr
    assert res.stderr.strip().splitlines()[-1] == (
        "error: weekly run incomplete: 1 task cluster left pending (the model call failed: 1, connection refused); "
        "the next run tries again"
    )
    assert not list((root / "procedures").glob("*.md"))  # no built-in draft in the model's place


def test_the_daemon_records_an_incomplete_run_and_logs_why(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memdir.daemon.logs import log_path, setup_daemon_logging
    from memdir.daemon.runs import RunJournal
    from memdir.daemon.service import DaemonOptions
    from memdir.llm.litellm_engine import LiteLLMEngine

    mem = memory(root)
    seed_notes(root)
    write_day(root, "en")
    monkeypatch.setenv("OLLAMA_API_BASE", f"http://127.0.0.1:{_free_port()}")
    dead = LiteLLMEngine(LLMConfig(model="ollama/llama3.1", retries=0), backoff=0.0)

    def daily(_mem: object) -> object:
        return mem.daily_consolidator(engine=dead, sync_index=False).run()

    daemon = mem.daemon(jobs={"daily": daily}, options=DaemonOptions(watch=False, heartbeat=1))
    handler = setup_daemon_logging(root)
    try:
        assert daemon.run_job("daily", "manual") == "incomplete"
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()
    run = RunJournal(root).last_run("daily")
    assert run is not None and run["result"] == "incomplete" and run["counts"]["pending"] == 4
    assert RunJournal(root).last_success("daily") is None  # catch-up will run it again
    log = log_path(root).read_text(encoding="utf-8")
    assert (
        "daily job incomplete: daily run incomplete: 4 episodes left pending "
        "(the model call failed: 4, connection refused)" in log
    )
    assert mem.status()["jobs"]["daily"]["last_run"]["result"] == "incomplete"  # type: ignore[index]
