"""Git merge-conflict markers are no text to learn from, and `lint` and `note show` name them (trial 10).

A day file pulled mid-merge (`<<<<<<< HEAD` … `=======` … `>>>>>>> laptop`) became a procedure and a
lesson holding both sides and the markers. Now an episode inside a conflict stays pending, with its
file and line in the run's output, until a person resolves it. Real files, the CLI in real subprocesses.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from test_daily_support import YESTERDAY

from memdir import Memory

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}
DAY = f"episodes/{YESTERDAY.isoformat()}.md"
CONFLICTED = f"""---
date: {YESTERDAY.isoformat()}
---

## 11:00 — Restarted the queue worker

<<<<<<< HEAD
We restarted the queue worker with systemctl restart worker, then checked the logs.
=======
We restarted the queue worker via kubectl delete pod worker-0 and watched it come back.
>>>>>>> laptop
Lesson learned: always drain the queue before restarting.

## 15:00 — Backup schedule

We moved the nightly backup job to 02:00 because it collided with the report job.
Decision: backups now run at 02:00.
"""
RESOLVED = CONFLICTED.replace("<<<<<<< HEAD\n", "").replace(
    "=======\nWe restarted the queue worker via kubectl delete pod worker-0 and watched it come back.\n"
    ">>>>>>> laptop\n",
    "",
)


def _written(root: Path) -> str:
    """Every note the runs wrote, as one text."""
    files = sorted((root / "knowledge").rglob("*.md")) + sorted((root / "procedures").rglob("*.md"))
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def test_an_episode_inside_a_merge_conflict_stays_pending_until_it_is_resolved(
    root: Path, run_cli: Run
) -> None:
    (root / DAY).write_text(CONFLICTED, encoding="utf-8")
    for looked in (2, 1):  # the next night says the same, and still learns nothing from it
        res = run_cli("consolidate", "daily", env=HASHING)
        assert res.returncode == 75, res.stdout + res.stderr
        assert f"{looked} looked at, 0 skipped, 1 left pending" in res.stdout
        assert f"unresolved merge conflict in {DAY}:7" in res.stderr and len(res.stderr.splitlines()) == 1
    text = _written(root)
    assert "02:00" in text  # the other episode of the day was consolidated
    assert "<<<<<<<" not in text and ">>>>>>>" not in text and "kubectl delete pod" not in text
    status = json.loads(run_cli("status", "--json", env=HASHING).stdout)
    assert status["pending_episodes"] == 1
    (root / DAY).write_text(RESOLVED, encoding="utf-8")
    res = run_cli("consolidate", "daily", env=HASHING)
    assert res.returncode == 0, res.stdout + res.stderr
    text = _written(root)
    assert "systemctl restart worker" in text and "drain the queue" in text
    assert "<<<<<<<" not in text and "=======" not in text and "kubectl delete pod" not in text


def test_only_the_sections_a_conflict_touches_are_held() -> None:
    from memdir.notes.conflicts import find_conflicts
    from memdir.notes.episodes import conflicted_episodes

    text = CONFLICTED.replace(
        "## 15:00 — Backup schedule\n", "## 15:00 — Backup schedule\n\n```\n<<<<<<< HEAD\nan example\n```\n"
    )
    held = conflicted_episodes(DAY, text)
    assert held == {f"{DAY}#1100-restarted-the-queue-worker": 7}  # markers in a code block are an example
    spanning = "---\ndate: x\n---\n\n## A\n\n<<<<<<< HEAD\none\n\n## B\n\n=======\ntwo\n>>>>>>> other\n\n## C\n\nok\n"
    assert sorted(conflicted_episodes("episodes/2026-12-04.md", spanning).values()) == [7, 7]
    assert find_conflicts("Title\n=======\n\ntext\n") == []  # a setext heading is no conflict


def test_lint_names_every_conflict_with_its_line_and_note_show_still_shows_the_file(
    root: Path, run_cli: Run
) -> None:
    (root / DAY).write_text(CONFLICTED, encoding="utf-8")
    (root / "procedures" / "worker.md").write_text(
        "---\ndescription: Restart the worker\nconfidence: 0.4\n---\n\n# Worker\n\n<<<<<<< HEAD\n1. systemctl restart"
        " worker\n=======\n1. kubectl delete pod worker-0\n>>>>>>> laptop\n",
        encoding="utf-8",
    )
    broken = (
        "---\ndescription: Runner image policy\n<<<<<<< HEAD\ntags: [ci]\n=======\ntags: [ci, images]\n"
        ">>>>>>> laptop\norigin: human\n---\n\n# Runner images\n\nPin the image to a digest.\n"
    )
    (root / "knowledge" / "conflicted.md").write_text(broken, encoding="utf-8")
    res = run_cli("lint", env=HASHING)
    assert res.returncode == 1
    lines = res.stdout.splitlines()
    for want in (
        f"{DAY}: error: unresolved merge conflict at line 7",
        "procedures/worker.md: error: unresolved merge conflict at line 8",
        "knowledge/conflicted.md: error: unresolved merge conflict at line 3",
    ):
        assert any(ln.startswith(want) for ln in lines), (want, res.stdout)
    show = run_cli("note", "show", "knowledge/conflicted.md", env=HASHING)
    assert show.returncode == 0 and show.stdout == broken  # the file as it is, so it can be fixed
    [warning] = show.stderr.splitlines()
    assert warning.startswith("warning: knowledge/conflicted.md: frontmatter not read (invalid YAML")
    assert "unresolved merge conflict at line 3" in warning
    view = Memory(root).read_note("knowledge/conflicted.md")  # what MCP `read_note` returns
    assert view.text == broken and view.warning == warning.removeprefix("warning: knowledge/conflicted.md: ")
