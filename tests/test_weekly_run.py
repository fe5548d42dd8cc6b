"""Weekly distillation end to end with a deterministic fake embedder (fast, offline)."""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Sequence
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from memdir import Memory
from memdir.config import LLMConfig

UNTIL = date(2026, 11, 30)
DAY = datetime(2026, 11, 25, 9, 0, tzinfo=timezone.utc)


class WordEmbedder:
    """Bag of hashed words: identical word sets embed identically; disjoint ones are near-orthogonal."""

    name = "fake-words"
    version = "1"
    dim = 256

    def __init__(self) -> None:
        self.calls = 0

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += len(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for w in re.findall(r"\{?\w+\}?", text.lower()):
                out[i, int(hashlib.md5(w.encode()).hexdigest(), 16) % self.dim] += 1.0
            out[i] /= max(float(np.linalg.norm(out[i])), 1e-9)
        return out

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.embed_passages(texts)


def log_task(
    mem: Memory, tid: str, intent: str, tool: str, inputs: list[str], outcome: str | None, at: datetime
) -> None:
    events: list[dict[str, Any]] = [
        {"ts": at.isoformat(), "type": "task_start", "task_id": tid, "summary": intent}
    ]
    for k, inp in enumerate(inputs, 1):
        events.append(
            {
                "ts": (at + timedelta(seconds=k)).isoformat(),
                "type": "tool_use",
                "task_id": tid,
                "tool": tool,
                "input": inp,
            }
        )
    end: dict[str, Any] = {"ts": (at + timedelta(seconds=30)).isoformat(), "type": "task_end", "task_id": tid}
    if outcome:
        end["outcome"] = outcome
    events.append(end)
    mem.activity.append_many(events)


def close_issue(
    mem: Memory, tid: str, n: int, repo: str, outcome: str | None = "success", hours: int = 0
) -> None:
    log_task(
        mem,
        tid,
        f"Close issue {n} in the {repo} repository",
        "gh",
        [f"gh issue view {n} --repo acme/{repo.lower()}", f"gh issue close {n} --repo acme/{repo.lower()}"],
        outcome,
        DAY + timedelta(hours=hours),
    )


def deploy(mem: Memory, tid: str, svc: str, outcome: str | None, hours: int = 0) -> None:
    log_task(
        mem,
        tid,
        f"Deploy the {svc} service to staging",
        "kubectl",
        [f"kubectl rollout restart deploy/{svc.lower()}"],
        outcome,
        DAY + timedelta(hours=hours),
    )


@pytest.fixture
def wmem(root: Path) -> Memory:
    return Memory(root, embedder=WordEmbedder())


def tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "locks" not in p.parts
    }


def week(mem: Memory) -> None:
    close_issue(mem, "t1", 12, "Foo", hours=1)
    close_issue(mem, "t2", 7, "Bar", hours=2)
    close_issue(mem, "t3", 31, "Baz", hours=3)
    close_issue(mem, "t4", 5, "Qux", outcome="failure", hours=4)
    deploy(mem, "d1", "Billing", "success", hours=5)
    deploy(mem, "d2", "Search", "success", hours=6)
    deploy(mem, "d3", "Auth", "failure", hours=7)
    deploy(mem, "d4", "Mail", None, hours=8)


def test_three_distinct_successes_become_one_procedure(wmem: Memory) -> None:
    week(wmem)
    report = wmem.consolidate_weekly(until=UNTIL)
    assert len(report.created) == 1, report.to_dict()
    note = wmem.store.read(report.created[0])
    assert note.path.startswith("procedures/")
    assert note.get("sources") == ["t1", "t2", "t3"]  # the failure t4 is not cited
    assert note.get("confidence") == 0.4 and note.get("success_count") == 0 and note.get("failure_count") == 0
    assert note.get("origin") == "weekly"
    assert datetime.fromisoformat(note.get("created_at")).tzinfo is not None
    assert "\n" not in note.description and note.description
    # what varies between the tasks became named placeholders, the same in title, steps and legend
    assert note.title == "Close issue {issue} in the {repository} repository"
    assert "gh issue close {issue} --repo acme/{repository}" in note.body
    # the legend says what the placeholder takes; a value only one task wrote is shown nowhere
    assert "- `{repository}`: a name, different between the tasks (3 values seen)" in note.body
    assert not re.search(r"\b(foo|bar|baz)\b", note.body.lower().replace("{repository}", ""))
    # deploys: 2 successes, a failure and an unknown never reach 3
    assert not any("deploy" in p for p in report.created)


def test_the_same_task_logged_twice_counts_once(wmem: Memory) -> None:
    close_issue(wmem, "t1", 12, "Foo", hours=1)
    close_issue(wmem, "t1", 12, "Foo", hours=2)
    close_issue(wmem, "t2", 7, "Bar", hours=3)
    assert wmem.consolidate_weekly(until=UNTIL).created == []


def test_only_the_week_before_until_counts(wmem: Memory) -> None:
    close_issue(wmem, "old", 1, "Foo", hours=-72)  # 2026-11-22 09:00: outside [11-23, 11-30)
    close_issue(wmem, "t2", 7, "Bar", hours=2)
    close_issue(wmem, "t3", 31, "Baz", hours=3)
    assert wmem.consolidate_weekly(until=UNTIL).created == []
    assert len(wmem.consolidate_weekly(until=date(2026, 11, 29)).created) == 1  # [11-22, 11-29)


def test_second_run_changes_nothing_and_embeds_nothing(wmem: Memory) -> None:
    week(wmem)
    first = wmem.consolidate_weekly(until=UNTIL)
    before = tree(wmem.root / "procedures")
    emb = wmem.embedder
    assert isinstance(emb, WordEmbedder)
    calls = emb.calls
    again = Memory(wmem.root, embedder=emb).consolidate_weekly(until=UNTIL)
    assert first.changed and not again.changed
    assert tree(wmem.root / "procedures") == before
    assert emb.calls == calls  # task texts and background came from the cache
    assert again.stats["already_distilled"] == 3


def test_dry_run_writes_nothing(wmem: Memory) -> None:
    week(wmem)
    before = tree(wmem.root)
    report = wmem.consolidate_weekly(until=UNTIL, dry_run=True)
    assert tree(wmem.root) == before
    assert len(report.created) == 1 and report.dry_run
    assert "+origin: weekly" in report.diff and "+- t1" in report.diff
    real = wmem.consolidate_weekly(until=UNTIL)
    assert real.created == report.created


def test_killed_after_writing_before_saving_state_loses_nothing_and_duplicates_nothing(wmem: Memory) -> None:
    week(wmem)
    first = wmem.consolidate_weekly(until=UNTIL)
    (wmem.root / ".memdir" / "state" / "weekly.json").unlink()  # as if killed right after the write
    again = wmem.consolidate_weekly(until=UNTIL)
    assert not again.changed
    assert sorted(p.name for p in (wmem.root / "procedures").iterdir()) == [Path(first.created[0]).name]
    state = json.loads((wmem.root / ".memdir" / "state" / "weekly.json").read_text())
    assert set(state["tasks"]) == {"t1", "t2", "t3"}


def _existing_procedure(mem: Memory, rel: str = "procedures/close-an-issue.md") -> str:
    mem.store.create(
        rel,
        "---\ndescription: Close a GitHub issue\ntools: [gh]\n---\n\n"
        "# Close issue {num} in the {name} repository\n\n1. gh issue close {num}\n",
    )
    return rel


def test_duplicate_of_an_existing_procedure_becomes_one_review_item(wmem: Memory) -> None:
    target = _existing_procedure(wmem)
    week(wmem)
    report = wmem.consolidate_weekly(until=UNTIL)
    assert report.created == []
    assert len(report.review) == 1
    item = wmem.store.read(report.review[0])
    assert item.get("kind") == "merge_candidate" and item.get("target") == target
    assert item.get("similarity") >= 0.85
    assert item.get("sources") == ["t1", "t2", "t3"]
    # the same candidate is never raised twice, even with the run state gone
    (wmem.root / ".memdir" / "state" / "weekly.json").unlink()
    assert wmem.consolidate_weekly(until=UNTIL).review == []
    assert len(list((wmem.root / "review").iterdir())) == 1


def test_duplicate_of_a_skill_is_evidence_and_skills_are_never_written(wmem: Memory) -> None:
    skill = wmem.root / "skills" / "issues.md"
    skill.write_text(
        "---\ndescription: Closing issues\n---\n\n# Close issue {num} in the {name} repository\n"
    )
    before = skill.read_bytes()
    week(wmem)
    report = wmem.consolidate_weekly(until=UNTIL)
    assert report.created == [] and len(report.review) == 1
    assert wmem.store.read(report.review[0]).get("kind") == "evidence"
    assert skill.read_bytes() == before


def test_a_different_task_type_is_not_a_duplicate(wmem: Memory) -> None:
    wmem.store.create(
        "procedures/rotate.md",
        "---\ndescription: Rotate the database password\n---\n\n# Rotate the database password\n",
    )
    week(wmem)
    report = wmem.consolidate_weekly(until=UNTIL)
    assert len(report.created) == 1 and report.review == []


def test_llm_distillation_with_a_mocked_model(root: Path) -> None:
    from memdir.llm.litellm_engine import LiteLLMEngine

    reply = {
        "title": "Close issue {issue} in {repo}",
        "description": "Close a GitHub issue with the gh CLI",
        "steps": ["gh issue view {issue} --repo {repo}", "gh issue close {issue} --repo {repo}"],
    }
    llm = LiteLLMEngine(LLMConfig(model="gpt-4o-mini"), mock_response=json.dumps(reply))
    mem = Memory(root, embedder=WordEmbedder(), llm=llm)
    week(mem)
    report = mem.consolidate_weekly(until=UNTIL)
    note = mem.store.read(report.created[0])
    assert note.description == "Close a GitHub issue with the gh CLI"
    assert "1. gh issue view {issue} --repo {repo}" in note.body and "Distilled (llm)" in note.body
    assert note.get("sources") == ["t1", "t2", "t3"]
    assert report.stats["llm_calls"] == 1


def test_llm_failure_leaves_the_cluster_pending(root: Path) -> None:
    # issue 17: no built-in draft in the model's place; the run says what is pending (exit 75 in the CLI)
    from memdir.llm.litellm_engine import LiteLLMEngine

    llm = LiteLLMEngine(
        LLMConfig(model="gpt-4o-mini", retries=1), backoff=0.0, mock_response="litellm.RateLimitError"
    )
    mem = Memory(root, embedder=WordEmbedder(), llm=llm)
    week(mem)
    report = mem.consolidate_weekly(until=UNTIL)
    assert report.created == [] and report.pending == 1
    assert any("no answer after 2 attempts" in e for e in report.errors)


def test_cli_weekly_json(run_cli: Any, root: Path) -> None:
    mem = Memory(root)
    week(mem)
    proc = run_cli(
        "consolidate",
        "weekly",
        "--until",
        "2026-11-30",
        "--json",
        env={"MEMDIR_EMBEDDER": "hashing", **({"PYTHONWARNINGS": "ignore"} if os.name else {})},
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["job"] == "weekly" and data["processed"] == 8
    assert data["stats"]["successful_tasks"] == 5
    bad = run_cli("consolidate", "weekly", "--until", "30-11-2026")
    assert bad.returncode == 1 and "YYYY-MM-DD" in bad.stderr


def test_status_reports_what_weekly_runs_distilled(wmem: Memory) -> None:
    from memdir.consolidation.weekly.run import weekly_status

    assert weekly_status(wmem.root)["procedures_distilled"] == 0
    week(wmem)
    wmem.consolidate_weekly(until=UNTIL)
    section = weekly_status(wmem.root)
    assert section["procedures_distilled"] == 1 and section["tasks_consumed"] == 3 and section["last_at"]


KINDS = [
    ("Close issue {n} in the {r} repository", "gh"),
    ("Deploy the {r} service to staging", "kubectl"),
    ("Rotate the {r} database password", "vault"),
    ("Translate the {r} guide into Japanese", "deepl"),
    ("Book a flight to {r} for the offsite", "travel"),
    ("Order {n} boxes of coffee for {r}", "shop"),
]
REPOS = ["Foo", "Bar", "Baz"]


@pytest.mark.slow
def test_kill_9_mid_run_then_rerun_equals_an_uninterrupted_run(
    root: Path, tmp_path: Path, run_cli: Any
) -> None:
    import signal
    import subprocess
    import sys
    import time as _time

    mem = Memory(root)
    for k, (intent, tool) in enumerate(KINDS):
        for j, repo in enumerate(REPOS):
            log_task(
                mem,
                f"k{k}-{j}",
                intent.format(n=10 + j, r=repo),
                tool,
                [f"{tool} run {repo.lower()}"],
                "success",
                DAY + timedelta(hours=k * 3 + j),
            )
    env = {**os.environ, "MEMDIR_ROOT": str(root), "MEMDIR_EMBEDDER": "hashing"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "memdir.cli.main", "consolidate", "weekly", "--until", "2026-11-30"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = _time.monotonic() + 120
    while _time.monotonic() < deadline and proc.poll() is None and not any((root / "procedures").iterdir()):
        _time.sleep(0.005)
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = run_cli(
        "consolidate", "weekly", "--until", "2026-11-30", "--json", env={"MEMDIR_EMBEDDER": "hashing"}
    )
    assert done.returncode == 0, done.stderr
    sources = sorted(tuple(mem.store.read(p).get("sources")) for p in mem.store.iter_paths(("procedures",)))
    assert sources == [tuple(f"k{k}-{j}" for j in range(3)) for k in range(len(KINDS))]
    again = run_cli(
        "consolidate", "weekly", "--until", "2026-11-30", "--json", env={"MEMDIR_EMBEDDER": "hashing"}
    )
    assert json.loads(again.stdout)["created"] == []
