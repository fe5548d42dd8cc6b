"""Trial 18 recheck #1: accepting the same procedure in the other language keeps both as equal versions.

A kitchen's allergen clean-down after a peanut batch, told in English prose one day and as Japanese bullets
the next (the same slicer, detergent, meter and tags). The Japanese text is a merge candidate; accepted with
`memdir review accept`, it goes under a "Japanese version" heading below the English steps. No line at the
top calls the English steps "an earlier version", and `memdir context` shows the note's own steps first, never
under "Older text". (A later version in the same language still gets that line: test_daily_trial16_versions.)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest

Cli = Callable[..., CompletedProcess[str]]
DAY1 = (date.today() - timedelta(days=3)).isoformat()
DAY2 = (date.today() - timedelta(days=2)).isoformat()
NOTE = "procedures/allergen-clean-down-after-a-peanut-batch.md"

EN = """## 07:30 — Allergen clean-down after a peanut batch

When we finish a peanut batch on prep line B, first we take slicer SL-4 apart and soak the blade in ALG-9 \
detergent at 60 °C for 15 minutes. Then we wipe the bench with fresh blue cloths and swab it with the ATP \
meter, which must read below 150 RLU. After that we change aprons and gloves and hang the peanut-free tag \
PF-2 on the line. Finally the chef signs the allergen log AL-7 before any nut-free order starts.
"""
JA = """## 14:10 — ピーナッツ後のアレルゲン清掃

アレルゲン清掃手順（仕込みラインB）
- スライサー SL-4 を分解し、刃を ALG-9 洗剤（60℃）に15分つける
- 台を新しい青いクロスで拭き、ATP 測定で 150 RLU 未満を確認
- エプロンと手袋を替え、ラインに PF-2 札を付ける
- シェフがアレルゲン記録 AL-7 に署名してからナッツなしの注文を開始
"""


def _daily(root: Path, run_cli: Cli, day: str, body: str) -> list[dict[str, str]]:
    (root / "episodes" / f"{day}.md").write_text(f"---\ndate: {day}\n---\n\n{body}", encoding="utf-8")
    done = run_cli("consolidate", "daily", "--date", day, "--json")
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout)["episodes"])


@pytest.mark.slow
def test_an_accepted_translation_sits_beside_the_steps_and_context_shows_the_notes_own_first(
    root: Path, run_cli: Cli
) -> None:
    _daily(root, run_cli, DAY1, EN)
    rows = _daily(root, run_cli, DAY2, JA)
    assert [(r["action"], r["target"]) for r in rows] == [("merge_candidate", NOTE)], rows
    (item,) = json.loads(run_cli("review", "list", "--json").stdout)
    accepted = run_cli("review", "accept", item["id"])
    assert accepted.returncode == 0, accepted.stderr

    body = (root / NOTE).read_text(encoding="utf-8")
    assert "Current steps" not in body  # the English steps are not "an earlier version"
    heading = f"\n## Japanese version — merged from review {item['id']} ({date.today().isoformat()})\n"
    assert body.index("prep line B") < body.index(heading) < body.index("スライサー SL-4")

    shown = run_cli("context", "how do we clean down after a peanut batch", "--budget", "1500")
    assert shown.returncode == 0, shown.stderr
    assert "Older text" not in shown.stdout and "Current steps" not in shown.stdout
    assert shown.stdout.index("slicer SL-4") < shown.stdout.index("Japanese version")
