"""Trial 25 second re-check M5: a task the weekly run counts as a repeat of a procedure (fix30e) moved
`success_count`, `confidence` and `sources`, but left no `## Outcome notes` line, so a person could not see why
confidence rose. Now each counted repeat leaves one line, `- DATE success: repeated by task ID (weekly)`,
once per task (a rerun adds none), appended under the person's own `## Outcome notes` without touching the rest.
Real files, `memdir consolidate weekly` in a subprocess. Here: a dog groomer (English), a clinic's 予防接種の記録 (Japanese)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cli_helper import run_memdir
from repeat_weeks import repeat_root, repeat_task

from memdir.lifecycle.outcome_notes import same_use_as_logged

UNTIL = "2026-11-30"  # the week [11-23, 11-30)


def _weekly(root: Path) -> str:
    res = run_memdir(["consolidate", "weekly", "--until", UNTIL], root)
    assert res.returncode == 0, res.stderr
    return res.stdout


GROOM = """---
description: How to groom a {breed} at the salon
confidence: 0.4
success_count: 0
failure_count: 0
origin: weekly
sources: [d-1, d-2, d-3]
tools: [bath.run, clip.set, booking.close]
---

# Groom a {breed} at the salon

## Steps

1. bath.run: `shampoo=oatmeal temp=37 minutes={minutes}`
2. clip.set: `blade=7F guard={guard}`
3. booking.close: `dog={dog} template=groomed_v1`
"""


def _groom(day: int, tid: str, dog: str) -> list[dict[str, Any]]:
    return repeat_task(
        day,
        tid,
        f"Groom {dog}",
        [
            ("bath.run", {"shampoo": "oatmeal", "temp": 37, "minutes": 20}),
            ("clip.set", {"blade": "7F", "guard": "1/2"}),
            ("booking.close", {"dog": dog, "template": "groomed_v1"}),
        ],
    )


def test_each_counted_repeat_leaves_one_outcome_line(tmp_path: Path) -> None:
    root = repeat_root(
        tmp_path, GROOM, "groom-a-dog.md", [_groom(23, "d-4", "biscuit"), _groom(26, "d-5", "mochi")]
    )
    out = _weekly(root)
    assert "update procedures/groom-a-dog.md" in out, out
    text = (root / "procedures" / "groom-a-dog.md").read_text(encoding="utf-8")
    assert "success_count: 2" in text
    assert "## Outcome notes" in text, text
    assert "- 2026-11-23 success: repeated by task d-4 (weekly)" in text, text
    assert "- 2026-11-26 success: repeated by task d-5 (weekly)" in text, text
    _weekly(root)  # a rerun of the week writes no line again
    assert (root / "procedures" / "groom-a-dog.md").read_text(encoding="utf-8") == text
    # a day file's report of that day is not taken for a logged feedback told twice
    assert not same_use_as_logged(text, "2026-11-23", "success")


SESSHU = """---
description: 診療所の予防接種を記録して次回を予約する
tags: [診療所]
---

# 予防接種の記録

1. 接種を記録する: `clinic-cli vaccine log --lot {lot} --room 第2診察室`
2. 次回を予約する: `clinic-cli book --weeks 4 --patient {patient}`

## Outcome notes

- 2026-11-02 success: 手順どおりでよかった。私のメモ。
"""


def _sesshu(day: int, tid: str, lot: str, patient: str) -> list[dict[str, Any]]:
    return repeat_task(
        day,
        tid,
        f"{patient} さんの予防接種を記録する",
        [
            ("shell", {"command": f"clinic-cli vaccine log --lot {lot} --room 第2診察室"}),
            ("shell", {"command": f"clinic-cli book --weeks 4 --patient {patient}"}),
        ],
    )


def test_a_persons_note_gets_the_line_under_its_own_outcome_notes(tmp_path: Path) -> None:
    root = repeat_root(tmp_path, SESSHU, "予防接種の記録.md", [_sesshu(25, "cl-9", "AB123", "tanaka")])
    out = _weekly(root)
    assert "update procedures/予防接種の記録.md" in out, out
    text = (root / "procedures" / "予防接種の記録.md").read_text(encoding="utf-8")
    body = text.split("---\n", 2)[2]
    assert body.startswith(SESSHU.split("---\n", 2)[2]), (
        body
    )  # the person's text, byte for byte, then the line
    assert body.endswith("- 2026-11-25 success: repeated by task cl-9 (weekly)\n"), body
    assert body.count("## Outcome notes") == 1
