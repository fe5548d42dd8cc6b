"""Trial 24 (fix26b): `consolidate daily --date D` applies the activity log's feedback events up to the end of
D only, so a catch-up day by day writes "Outcome notes" in date order (#13); on a day with no episodes it says
so instead of crediting an earlier run of another day (#12). A lab's Japanese procedure and an English one;
real CLI, the root's days in Asia/Tokyo."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from cli_helper import run_memdir

from memdir import Memory

PIPETTE = "procedures/ピペットを校正する.md"
PIPETTE_NOTE = """---
description: 研究室のピペットを重量法で校正する手順
confidence: 0.6
origin: human
---

# ピペットを校正する

1. 天びんの水平を確認する。
2. 純水を10回量り取り、重さを記録する。
3. 誤差が1%を超えたら校正ラベルを赤にする。
"""
CENTRIFUGE = "procedures/balance-the-centrifuge-rotor.md"
CENTRIFUGE_NOTE = """---
description: How we balance the centrifuge rotor before a run
confidence: 0.6
origin: human
---

# Balance the centrifuge rotor

1. Weigh each tube pair on the lab balance.
2. Place pairs opposite each other in the rotor.
3. Run at 500 rpm for a minute and listen for vibration.
"""


def run(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    return run_memdir(args, root)


def _root(tmp_path: Path, notes: dict[str, str], events: list[dict[str, str]]) -> Path:
    root = tmp_path / "lab"
    assert run(["init", str(root)], root).returncode == 0
    (root / "memdir.yaml").write_text("schedule: {timezone: Asia/Tokyo}\n", encoding="utf-8")
    for rel, text in notes.items():
        (root / rel).write_text(text, encoding="utf-8")
    by_day: dict[str, list[str]] = {}
    for e in events:
        by_day.setdefault(e["ts"][:10], []).append(json.dumps(e, ensure_ascii=False))
    for day, lines in by_day.items():
        (root / "activity" / f"{day}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def _feedback(ts: str, path: str, outcome: str, note: str) -> dict[str, str]:
    return {
        "ts": ts,
        "type": "feedback",
        "agent": "lab-bot",
        "procedure": path,
        "outcome": outcome,
        "note": note,
    }


def test_a_daily_run_for_one_day_applies_that_days_feedback_not_later_days(tmp_path: Path) -> None:
    root = _root(
        tmp_path,
        {PIPETTE: PIPETTE_NOTE},
        [
            _feedback(
                "2026-11-04T23:30:00+00:00", PIPETTE, "success", "P200 は誤差0.4%で合格"
            ),  # 5 Nov in Tokyo
            _feedback("2026-11-20T01:00:00+00:00", PIPETTE, "failure", "P1000 の誤差が2%、赤ラベル"),
        ],
    )
    first = run(["consolidate", "daily", "--date", "2026-11-05"], root)
    assert first.returncode == 0, first.stderr
    meta = Memory(root).store.read(PIPETTE).meta
    # main: both events applied by the 5 Nov run (the 20 Nov failure written before the days in between)
    assert (meta["success_count"], meta["failure_count"]) == (1, 0)
    assert "P1000" not in (root / PIPETTE).read_text(encoding="utf-8")
    second = run(["consolidate", "daily", "--date", "2026-11-20"], root)
    assert second.returncode == 0, second.stderr
    meta = Memory(root).store.read(PIPETTE).meta
    assert (meta["success_count"], meta["failure_count"]) == (1, 1)
    text = (root / PIPETTE).read_text(encoding="utf-8")
    assert text.index("P200") < text.index("P1000")
    again = run(["consolidate", "daily", "--date", "2026-11-20"], root)  # each event once
    assert again.returncode == 0 and Memory(root).store.read(PIPETTE).meta["failure_count"] == 1


def test_a_day_with_no_episodes_says_so_not_an_earlier_days_run(tmp_path: Path) -> None:
    root = _root(
        tmp_path,
        {CENTRIFUGE: CENTRIFUGE_NOTE},
        [_feedback("2026-11-10T02:00:00+00:00", CENTRIFUGE, "success", "balanced, no vibration")],
    )
    (root / "episodes" / "2026-11-10.md").write_text(
        "## 11:00 — Rotor\n\nBalanced the centrifuge rotor the usual way, no vibration at all.\n",
        encoding="utf-8",
    )
    wrote = run(["consolidate", "daily", "--date", "2026-11-10"], root)
    assert wrote.returncode == 0 and "update procedures/balance-the-centrifuge-rotor.md" in wrote.stdout
    empty = run(["consolidate", "daily", "--date", "2026-11-11"], root)
    assert empty.returncode == 0, empty.stderr
    # main: "the pending episodes were consolidated at … by an earlier run (…): 1 procedure (…); nothing new since"
    assert "no episodes on 2026-11-11; nothing to change" in empty.stdout
    assert "earlier run" not in empty.stdout
    as_json = json.loads(run(["consolidate", "daily", "--date", "2026-11-11", "--json"], root).stdout)
    assert as_json["stats"]["no_episodes_on"] == "2026-11-11" and "earlier_run" not in as_json["stats"]
    # the same day again, its episodes done: the run that did that day's work is named, as before
    same = run(["consolidate", "daily", "--date", "2026-11-10"], root)
    assert "by an earlier run" in same.stdout and "no episodes" not in same.stdout
