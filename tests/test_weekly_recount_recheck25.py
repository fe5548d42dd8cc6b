"""Trial 25 re-check N4 (fix30e): a week's task that repeats an existing procedure exactly is that procedure's
success even when the kind ran fewer than `min_successes` times that week (two uses a week kept
`success_count: 0`, `confidence: 0.4`, and `unused_days` could archive the note). A one-off that shares one
call with the note, or a task that ran a step with another constant, is never counted; a rerun counts nothing
twice. Real files, `memdir consolidate weekly` in a subprocess."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from cli_helper import run_memdir
from repeat_weeks import repeat_root, repeat_task

UNTIL = "2026-11-30"  # the week [11-23, 11-30)


def _meta(path: Path) -> dict[str, Any]:
    meta = yaml.safe_load(path.read_text(encoding="utf-8").split("---\n")[1])
    assert isinstance(meta, dict)
    return meta


def _weekly(root: Path) -> str:
    res = run_memdir(["consolidate", "weekly", "--until", UNTIL], root)
    assert res.returncode == 0, res.stderr
    return res.stdout


# --- English: a weekly procedure (week 1's), two exact repeats in week 2 -----------------------------------

REPOT = """---
description: How to repot a {plant} for the greenhouse
confidence: 0.4
success_count: 0
failure_count: 0
origin: weekly
sources: [g-1, g-2, g-3]
tools: [soil.mix, pots.pick, labels.print]
---

# Repot a {plant} for the greenhouse

## Steps

1. soil.mix: `blend=peat-perlite ratio=3:1 litres={litres}`
2. pots.pick: `size={size} material=terracotta`
3. labels.print: `plant={plant} template=greenhouse_v2`
"""


def _repot(day: int, tid: str, plant: str, litres: int) -> list[dict[str, Any]]:
    return repeat_task(
        day,
        tid,
        f"Repot the {plant} for the greenhouse",
        [
            ("soil.mix", {"blend": "peat-perlite", "ratio": "3:1", "litres": litres}),
            ("pots.pick", {"size": "20cm", "material": "terracotta"}),
            ("labels.print", {"plant": plant, "template": "greenhouse_v2"}),
        ],
    )


def test_two_exact_repeats_count_once_each_and_a_one_off_never(tmp_path: Path) -> None:
    tasks = [
        _repot(23, "g-4", "fiddle-leaf-fig", 6),
        _repot(26, "g-5", "monstera", 8),
        repeat_task(
            24,
            "x-1",
            "Print a label for the seed swap table",
            [("labels.print", {"plant": "mixed", "template": "greenhouse_v2"})],
        ),
    ]
    root = repeat_root(tmp_path, REPOT, "repot-a-plant.md", tasks)
    out = _weekly(root)
    assert "update procedures/repot-a-plant.md" in out, out
    meta = _meta(root / "procedures" / "repot-a-plant.md")
    assert meta["success_count"] == 2
    assert meta["confidence"] > 0.4
    assert "g-4" in meta["sources"] and "g-5" in meta["sources"]
    assert "x-1" not in meta["sources"]
    assert meta["last_used"] == "2026-11-26"
    again = _weekly(root)  # a rerun of the week counts nothing twice
    assert "update" not in again, again
    assert _meta(root / "procedures" / "repot-a-plant.md")["success_count"] == 2


# --- Japanese: a person's note (no origin), one exact repeat; a one-off shares the notify call ----------------

KASHIDASHI = """---
description: 図書館の予約本を取り置きして利用者に知らせる
tags: [図書館]
---

# 予約本の取り置き

1. 蔵書を確保する: `lib-cli hold --isbn {isbn} --branch 中央館`
2. 取り置き棚に登録する: `lib-cli shelf add --isbn {isbn} --shelf 予約棚-A`
3. 利用者に知らせる: `notify --template 取り置き完了 --to {patron}`
"""


def _hold(day: int, tid: str, isbn: str, patron: str, shelf: str = "予約棚-A") -> list[dict[str, Any]]:
    return repeat_task(
        day,
        tid,
        f"{patron} さんの予約本 {isbn} を取り置きする",
        [
            ("shell", {"command": f"lib-cli hold --isbn {isbn} --branch 中央館"}),
            ("shell", {"command": f"lib-cli shelf add --isbn {isbn} --shelf {shelf}"}),
            ("shell", {"command": f"notify --template 取り置き完了 --to {patron}"}),
        ],
    )


def test_a_persons_note_repeated_once_is_its_success_a_shared_notify_is_not(tmp_path: Path) -> None:
    tasks = [
        _hold(24, "lib-7", "9784000000001", "yamada"),
        _hold(25, "lib-8", "9784000000002", "sato", shelf="予約棚-B"),  # another shelf: not the note's step
        repeat_task(
            27,
            "ev-1",
            "読書会の案内を送る",
            [("shell", {"command": "notify --template 取り置き完了 --to kato"})],
        ),
    ]
    root = repeat_root(tmp_path, KASHIDASHI, "予約本の取り置き.md", tasks)
    out = _weekly(root)
    assert "update procedures/予約本の取り置き.md" in out, out
    meta = _meta(root / "procedures" / "予約本の取り置き.md")
    assert meta["success_count"] == 1
    assert meta["sources"] == ["lib-7"]
    assert meta["last_used"] == "2026-11-24"
    again = _weekly(root)
    assert "update" not in again, again
    assert _meta(root / "procedures" / "予約本の取り置き.md")["success_count"] == 1
