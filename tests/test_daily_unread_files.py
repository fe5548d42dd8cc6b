"""A day file the daily run cannot read is named, left pending and never lost (trial 18).

`episodes/2026-11-30.md` with the typo `date: 2026-11-31` in its frontmatter was skipped in silence:
`status` said "0 pending", the run "nothing to change", exit 0; only `lint` knew. Now such a file
(a frontmatter date that does not exist, or a name that starts with one) is left pending like an
episode inside a merge conflict: the run names it in one line and exits 75, `status` counts its
episodes as pending and names it, `lint` calls it an error, and the night after the fix it is read.
Here a bicycle workshop (English) and a beekeeper (Japanese); the CLI in real subprocesses.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from test_daily_support import YESTERDAY

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}
EARLIER = YESTERDAY - timedelta(days=1)
WORKSHOP = f"""---
date: {EARLIER.isoformat()}
---

## 16:00 — Rear hub bearing

The rear hub of the blue cargo bike ground when spun. We opened it and found the cone too tight.
Lesson learned: always back the cone off a quarter turn after tightening the locknut.
"""
BEES = """---
date: {day}
---

## 09:30 — 巣箱3の点検

巣箱3で女王蜂が見つからなかった。王台が2つあったので、10日後にもう一度確認する。
教訓: 分蜂の時期は週に一度、王台を確認すること。
"""


def _notes(root: Path) -> str:
    files = sorted((root / "knowledge").rglob("*.md")) + sorted((root / "procedures").rglob("*.md"))
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def test_a_day_file_with_an_impossible_frontmatter_date_is_named_pending_and_read_once_fixed(
    root: Path, run_cli: Run
) -> None:
    day_file = root / "episodes" / f"{YESTERDAY.isoformat()}.md"
    day_file.write_text(BEES.format(day="2026-02-30"), encoding="utf-8")  # the typo
    (root / "episodes" / f"{EARLIER.isoformat()}.md").write_text(WORKSHOP, encoding="utf-8")
    rel = f"episodes/{YESTERDAY.isoformat()}.md"

    res = run_cli("consolidate", "daily", env=HASHING)
    assert res.returncode == 75, res.stdout + res.stderr
    assert "2 looked at, 0 skipped, 1 left pending" in res.stdout
    assert len(res.stderr.splitlines()) == 1, res.stderr
    assert rel in res.stderr and "does not exist" in res.stderr and "memdir lint" in res.stderr
    assert "cone" in _notes(root) and "王台" not in _notes(root)  # the other day went on; nothing made up

    status = json.loads(run_cli("status", "--json", env=HASHING).stdout)
    assert status["pending_episodes"] == 1
    assert [(u["file"], u["episodes"]) for u in status["unread_episode_files"]] == [(rel, 1)]
    text = run_cli("status", env=HASHING, timeout=60).stdout
    assert "1 pending consolidation" in text and rel in text

    fixed = BEES.format(day=YESTERDAY.isoformat())
    assert day_file.read_text(encoding="utf-8") == BEES.format(
        day="2026-02-30"
    )  # left as the person wrote it
    day_file.write_text(fixed, encoding="utf-8")
    res = run_cli("consolidate", "daily", env=HASHING)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "王台" in _notes(root)
    status = json.loads(run_cli("status", "--json", env=HASHING).stdout)
    assert status["pending_episodes"] == 0 and status["unread_episode_files"] == []


def test_a_day_file_named_with_a_day_that_does_not_exist_is_named_by_the_run_status_and_lint(
    root: Path, run_cli: Run
) -> None:
    bad = root / "episodes" / "2025-04-31.md"  # April has 30 days; the frontmatter has the right day
    bad.write_text(WORKSHOP, encoding="utf-8")

    res = run_cli("consolidate", "daily", env=HASHING)
    assert res.returncode == 75, res.stdout + res.stderr
    assert "1 looked at, 0 skipped, 1 left pending" in res.stdout
    assert "episodes/2025-04-31.md" in res.stderr and len(res.stderr.splitlines()) == 1
    assert _notes(root) == ""
    assert "episodes/2025-04-31.md" in run_cli("status", env=HASHING).stdout
    lint = run_cli("lint", env=HASHING)
    assert (
        lint.returncode == 1 and "episodes/2025-04-31.md: error:" in lint.stdout and "rename" in lint.stdout
    )

    bad.rename(root / "episodes" / f"{EARLIER.isoformat()}.md")
    res = run_cli("consolidate", "daily", env=HASHING)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "cone" in _notes(root)
