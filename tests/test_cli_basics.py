"""The CLI as a user runs it: init, episode add, log, lint, status, errors and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from memdir.config import load_config


def test_init_episode_log_status(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    fresh = tmp_path / "fresh"
    res = run_cli("init", str(fresh))
    assert res.returncode == 0, res.stderr
    assert {p.name for p in fresh.iterdir()} >= {"knowledge", "procedures", "episodes", "activity"}
    env = {"MEMDIR_ROOT": str(fresh)}
    res = run_cli(
        "episode",
        "add",
        "-",
        "--title",
        "Fix CI",
        "--at",
        "2026-11-28T10:30:00+00:00",
        input="Pinned the runner image.\n",
        env=env,
    )
    assert res.returncode == 0, res.stderr
    assert "episodes/2026-11-28.md#1030-fix-ci" in res.stdout
    res = run_cli(
        "log", "--type", "task_end", "--task", "t1", "--outcome", "success", "--summary", "deploy", env=env
    )
    assert res.returncode == 0, res.stderr
    status = json.loads(run_cli("status", "--json", env=env).stdout)
    assert status["notes"]["episodes"] == 1 and status["pending_episodes"] == 1
    assert status["activity_events_7d"] == 1


def test_errors_are_one_line_exit_1(run_cli) -> None:  # type: ignore[no-untyped-def]
    res = run_cli("feedback", "../../etc/passwd", "--success")
    assert res.returncode == 1
    assert res.stderr.strip().count("\n") == 0 and res.stderr.startswith("error:")
    assert "Traceback" not in res.stderr
    res = run_cli("feedback", "procedures/missing.md", "--success")
    assert res.returncode == 1 and "no such note" in res.stderr
    res = run_cli("episode", "add", "x", "--at", "not-a-time")
    assert res.returncode == 1 and "--at" in res.stderr


def test_usage_errors_exit_2(run_cli) -> None:  # type: ignore[no-untyped-def]
    assert run_cli("log").returncode == 2
    assert run_cli("no-such-command").returncode == 2
    assert run_cli("log", "--type", "x", "--outcome", "maybe").returncode == 2


def test_debug_env_shows_traceback(run_cli) -> None:  # type: ignore[no-untyped-def]
    res = run_cli("feedback", "../x.md", "--success", env={"MEMDIR_DEBUG": "1"})
    assert res.returncode != 0 and "Traceback" in res.stderr


def test_lint_reports_each_problem_with_its_path(root: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (root / "procedures" / "nodesc.md").write_text("---\nconfidence: 2\n---\nsteps\n")
    (root / "knowledge" / "bad.md").write_text("---\nkey: [unclosed\n---\nx\n")
    (root / "knowledge" / "bin.md").write_bytes(b"\x00\x01\x02")
    (root / "knowledge" / "ok.md").write_text("---\ndescription: fine\n---\nx\n")
    res = run_cli("lint")
    assert res.returncode == 1
    out = res.stdout
    assert "procedures/nodesc.md: error: missing one-line `description`" in out
    assert "procedures/nodesc.md: error: `confidence` must be a number in 0..1" in out
    assert "knowledge/bad.md: error: invalid YAML" in out
    assert "knowledge/bin.md: error: binary file" in out
    assert "knowledge/ok.md" not in out


def test_config_file_and_env_override(root: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (root / "memdir.yaml").write_text("llm: {model: gpt-4o-mini}\nthresholds: {duplicate: 0.9}\n")
    cfg = load_config(root)
    assert cfg.llm.model == "gpt-4o-mini" and cfg.thresholds.duplicate == 0.9
    monkeypatch.setenv("MEMDIR_LLM_MODEL", "ollama/llama3.1")
    assert load_config(root).llm.model == "ollama/llama3.1"
    before = sorted(p.name for p in root.iterdir())
    load_config(root / "nonexistent")
    assert sorted(p.name for p in root.iterdir()) == before and not (root / "nonexistent").exists()


def test_bad_config_is_a_clear_error(root: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (root / "memdir.yaml").write_text("thresholds: {duplicat: 0.9}\n")
    res = run_cli("status")
    assert res.returncode == 1 and "thresholds.duplicat" in res.stderr
