"""Trial 12 #14: `review list` folded target paths inside the file name at 80 columns.

A hospital ward's review queue: long English and Japanese procedure names. Each path must be on
one line, whole, so it can be copied (`memdir note show PATH`), whatever the width.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

Run = Callable[..., subprocess.CompletedProcess[str]]
TARGETS = {
    "rv-7a1c0e52": "procedures/hand-over-a-post-operative-patient-from-recovery-to-the-surgical-ward.md",
    "rv-93d4b1f0": "procedures/夜勤帯の輸液ポンプ点検と記録を病棟の共有シートに残す手順.md",
}


def _item(root: Path, item_id: str, target: str) -> None:
    (root / "review" / f"{item_id}.md").write_text(
        f"---\nid: {item_id}\nkind: merge_candidate\ntarget: {target}\nsimilarity: 0.87\n"
        "created_at: '2026-06-02T06:10:00+00:00'\nsources:\n- episodes/2026-06-01.md#2300-night-shift\n"
        "description: new steps for the ward\n---\n\n# Merge candidate\n\nNew steps.\n",
        encoding="utf-8",
    )


@pytest.mark.parametrize("columns", ["60", "80", "200"])
def test_review_list_keeps_every_target_path_whole_on_one_line(
    root: Path, run_cli: Run, columns: str
) -> None:
    (root / "review").mkdir(exist_ok=True)
    for item_id, target in TARGETS.items():
        _item(root, item_id, target)
    (root / TARGETS["rv-93d4b1f0"]).write_text(
        "---\ndescription: 夜勤帯の点検\nconfidence: 0.6\n---\n# 点検\n\n1. 輸液ポンプの点検をする\n",
        encoding="utf-8",
    )
    res = run_cli("review", "list", env={"COLUMNS": columns})
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    for item_id, target in TARGETS.items():
        at = next(i for i, line in enumerate(lines) if line.startswith(item_id))
        assert "merge_candidate" in lines[at] and "0.870" in lines[at]
        assert lines[at + 1].strip() == target, res.stdout  # the next line is the path, whole
    copied = next(line.strip() for line in lines if "輸液ポンプ" in line)  # copied as printed, it works
    shown = run_cli("note", "show", copied)
    assert shown.returncode == 0 and "輸液ポンプの点検" in shown.stdout, shown.stderr
