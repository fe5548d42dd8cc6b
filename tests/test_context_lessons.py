"""`memdir context` gives a lesson's fix before its failure detail (trial 14 #1).

A lesson lists one "What failed" line per task; with a long failed command seen on several nights
the per-note cut fell inside "What failed" and the agent never got "What worked instead".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DBT = "dbt run --select marts.finance.fct_revenue_daily+ --target prod --threads 8 --vars '{run_date: 2026-03-0X}'"
FIX = "dbt run --select marts.finance.fct_revenue_daily+ --target prod --threads 1"


def _write(root: Path, rel: str, meta: str, body: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(f"---\n{meta.strip()}\n---\n\n{body}", encoding="utf-8")


def _etl_lesson(root: Path) -> None:
    failed = "\n".join(
        f"- `etl-{n}` (2026-03-0{n}): `bash: {DBT}` failed: could not obtain lock on relation "
        '"analytics"."fct_revenue_daily" (SQLSTATE 55P03) while the BI extract was reading it'
        for n in range(1, 7)
    )
    _write(
        root,
        "knowledge/lessons/could-not-obtain-lock-on-relation.md",
        "type: lesson\ndescription: 'Lesson: nightly revenue mart build: dbt run failed: could not obtain lock'\n"
        "confidence: 0.4\nsupport: 6",
        "# Lesson: nightly revenue mart build\n\n## When it applies\n"
        "When you build the nightly revenue mart (`procedures/build-the-nightly-revenue-mart.md`), "
        f"at step `bash: {DBT}`.\n\n## What failed\n{failed}\n\n## What worked instead\n"
        f"- after the lock error in `etl-1`, the same task took `bash: {FIX}` and succeeded\n\n"
        f"## How to check\n- run `bash: {FIX}` and see it succeed before you report the task done\n",
    )


def test_cli_context_shows_the_lessons_fix_before_its_failure_lines(root: Path, run_cli: Any) -> None:
    """Six nights of a data team's dbt build failing on a lock: the fix (`--threads 1`) reaches the agent,
    within the budget, and the six identical failure lines become one line naming the six runs."""
    _etl_lesson(root)
    env = {"MEMDIR_EMBEDDER": "hashing"}
    for budget in ("1500", "400"):
        res = run_cli("context", "nightly revenue mart build dbt lock", "--budget", budget, "--json", env=env)
        assert res.returncode == 0, res.stderr
        data = json.loads(res.stdout)
        text = data["text"]
        assert "knowledge/lessons/could-not-obtain-lock-on-relation.md" in text
        assert "What worked instead" in text and "--threads 1" in text
        assert data["tokens"] <= int(budget)
        assert text.index("What worked instead") < text.index("failed: could not obtain lock") or (
            "## What failed" not in text
        )
    from memdir.agents.lesson_view import fix_first  # new in trial 14

    # the file itself is never reordered; shown, the six identical failures are one line naming each run
    on_disk = (root / "knowledge/lessons/could-not-obtain-lock-on-relation.md").read_text(encoding="utf-8")
    assert on_disk.index("## What failed") < on_disk.index("## What worked instead")
    shown = fix_first(on_disk.split("---\n", 2)[2])
    assert "`etl-1` (2026-03-01), `etl-2` (2026-03-02)" in shown and shown.count("SQLSTATE 55P03") == 1


def test_japanese_daily_lesson_keeps_its_fix_and_merges_same_failures() -> None:
    """A daily lesson (episode references at the end of each line), in Japanese: a clinic's vaccine fridge."""
    from memdir.agents.lesson_view import fix_first, merge_same_failures  # new in trial 14

    body = (
        "# 教訓：ワクチン冷蔵庫の温度記録\n\n## What failed\n"
        "- 金曜の夕方に冷蔵庫の扉が半開きのまま帰宅し、土曜の朝に庫内が12℃まで上がっていた。"
        "（`episodes/2026-03-06.md#1800-冷蔵庫`）\n"
        "- 金曜の夕方に冷蔵庫の扉が半開きのまま帰宅し、土曜の朝に庫内が12℃まで上がっていた。"
        " (`episodes/2026-03-13.md#1800-冷蔵庫`)\n"
        "- 金曜の夕方に冷蔵庫の扉が半開きのまま帰宅し、土曜の朝に庫内が12℃まで上がっていた。"
        " (`episodes/2026-03-20.md#1800-冷蔵庫`)\n\n"
        "## What worked instead\n- 帰る前に扉のアラームをオンにして、温度ロガーの表示を二人で確認する。\n\n"
        "## Notes\n院長と相談して決めた。\n"
    )
    shown = fix_first(body)
    assert shown.index("## What worked instead") < shown.index("## What failed") < shown.index("## Notes")
    assert shown.startswith("# 教訓：ワクチン冷蔵庫の温度記録")
    assert "(`episodes/2026-03-13.md#1800-冷蔵庫`, `episodes/2026-03-20.md#1800-冷蔵庫`)" in shown
    assert shown.count("12℃") == 2  # the first line has a full-width paren: not the same reference shape
    plain = "# A note\n\nSome text.\n\n## Background\n- one\n"
    assert fix_first(plain) == plain
    assert merge_same_failures("- a (`x`)\n- b (`y`)") == "- a (`x`)\n- b (`y`)"
