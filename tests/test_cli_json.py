"""`--json` on every verb, each printing the one shape docs/cli-json.md documents.

The verbs run in this process through the command's own entry point (`memdir.cli.main.main`), on
real files; tests/test_cli_bugs.py runs the same verbs as subprocesses.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest

from memdir import Memory
from memdir.cli.main import cli, main

REPO = Path(__file__).resolve().parent.parent
HIT = {
    "path",
    "score",
    "description",
    "kind",
    "title",
    "confidence",
    "snippet",
    "tags",
    "anchor",
    "relevant",
    "words",
    "cosine",
    "title_words",
    "rankers",
}
REPORT = {
    "job",
    "dry_run",
    "started_at",
    "finished_at",
    "created",
    "updated",
    "review",
    "archived",
    "skipped",
    "processed",
    "pending",
    "errors",
    "diff",
    "stats",
    "incomplete",
    "pending_reasons",
    "pending_causes",  # trial 23 #12: why a reason happened, in a few words (the model call failed -> …)
    "episodes",
    "update_counts",  # trial 22 #11: how many times each updated note was updated (paths named once)
}
SYNC = {"new", "changed", "moved", "deleted", "errors", "unchanged", "embedded_chunks", "rebuilt", "reason"}
ITEM = {"id", "kind", "target", "similarity", "created_at", "sources", "description", "path", "title", "key"}
STATUS = {
    "root",
    "notes",
    "episode_count",
    "pending_episodes",
    "daemon",
    "jobs",
    "recent_runs",
    "index",
    "weekly",
}


def leaves(cmd: click.Command = cli, prefix: str = "") -> dict[str, click.Command]:
    if not isinstance(cmd, click.Group):
        return {prefix.strip(): cmd}
    out: dict[str, click.Command] = {}
    for name, sub in cmd.commands.items():
        out.update(leaves(sub, f"{prefix} {name}"))
    return out


def run(root: Path, *args: str) -> object:
    """`memdir --root ROOT ARGS --json` in this process (the same entry point as the command); its JSON."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(["--root", str(root), *args, "--json"])
        except SystemExit as exc:
            code = int(exc.code or 0)
    assert code in (0, 1) and err.getvalue().count("\n") <= 1, (args, code, err.getvalue())
    return json.loads(out.getvalue())


def keys(data: object) -> set[str]:
    assert isinstance(data, dict), data
    return set(data)


def test_every_verb_takes_json_and_is_documented() -> None:
    doc = (REPO / "docs" / "cli-json.md").read_text(encoding="utf-8")
    first_cells = [line.split("|")[1] for line in doc.splitlines() if line.startswith("| `")]
    documented = {
        re.sub(r" [A-Z\[].*", "", v).strip() for c in first_cells for v in re.findall(r"`([^`]+)`", c)
    }
    for name, cmd in leaves().items():
        assert any(p.name == "as_json" for p in cmd.params), f"{name} has no --json"
        assert name in documented, f"{name} is not in docs/cli-json.md"


def test_the_json_shapes(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMDIR_EMBEDDER", "hashing")
    mem = Memory(root)
    (root / "procedures" / "deploy.md").write_text(
        "---\ndescription: Deploy the API\nconfidence: 0.4\ntags: [ops]\n---\n# Deploy\n\n1. make release\n"
    )
    mem.add_episode("Deployed the API with make release.", title="Deploy")
    path = mem.review.raise_item("merge_candidate", "procedures/deploy.md", "t", "b", 0.9, [], key="k")
    assert path is not None
    item = mem.review.get(path).id
    assert keys(run(root, "index", "sync")) >= SYNC
    jobs = {
        "search": ("search", "make release"),
        "context": ("context", "deploy the api"),
        "status": ("status",),
        "lint": ("lint",),
        "review list": ("review", "list"),
        "review show": ("review", "show", item),
        "log": ("log", "--type", "task_start", "--task", "t1", "--summary", "deploy"),
        "note show": ("note", "show", "procedures/deploy.md"),
        "weekly": ("consolidate", "weekly", "--dry-run"),
    }
    out = {name: run(root, *args) for name, args in jobs.items()}
    hits = out["search"]
    assert isinstance(hits, list) and hits and set(hits[0]) == HIT
    assert keys(out["context"]) == {"text", "tokens", "budget"}
    assert keys(out["status"]) >= STATUS
    assert out["lint"] == []
    listed = out["review list"]
    assert isinstance(listed, list) and set(listed[0]) >= ITEM
    assert keys(out["review show"]) >= ITEM | {"candidate"}
    assert keys(out["log"]) >= {"ts", "type", "task_id", "summary"}
    assert keys(out["note show"]) == {
        "path",
        "kind",
        "title",
        "description",
        "tags",
        "confidence",
        "meta",
        "text",
        "warning",  # trial 10: null, or what to fix by hand
        "total_chars",  # trial 15: the whole size; `text` is cut at 100000 characters
        "next_offset",
    }
    assert keys(out["weekly"]) == REPORT
    # the verbs that change things, one after the other
    assert keys(run(root, "note", "add", "knowledge", "Runner images", "Pin them.")) == {
        "path",
        "kind",
        "title",
        "description",
    }
    assert keys(run(root, "episode", "add", "Fixed CI.")) == {
        "id",
        "file",
        "anchor",
        "title",
        "day",
        "time",
        "hash",
    }
    assert keys(run(root, "feedback", "procedures/deploy.md", "--success")) == {
        "path",
        "success_count",
        "failure_count",
        "confidence",
        "previous_confidence",
        "last_used",
    }
    assert keys(run(root, "review", "accept", item)) >= {"id", "kind", "archived", "target"}
    archived = mem.store.archive("knowledge/runner-images.md", reason="test")
    assert run(root, "restore", archived) == {"restored": "knowledge/runner-images.md"}
    assert keys(run(root, "index", "rebuild")) >= SYNC
    assert keys(run(root, "consolidate", "daily", "--dry-run")) == REPORT
    assert run(root, "daemon", "--stop") == {"stopped": False, "pid": None}
    assert keys(run(root.parent / "other", "init")) == {"root", "created", "outside_notes"}
