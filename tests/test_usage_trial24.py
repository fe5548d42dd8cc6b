"""Trial 24 #3: usage reports a person reads otherwise than the run did.

A shop's "Packed the Kyoto orders the usual way but ran out of double-wall boxes halfway; two orders wait until
Monday" was counted a success; "Packed the Osaka orders" (domestic) was credited to "Pack and ship an overseas
order" at 0.79 and its twin skipped at 0.69; a Japanese report of the English procedure was skipped at 0.51 with
no review item (route_usage.py, route_usage_near.py, docs/daily.md "Usage reports"). Here: a database team and
a school office, English and Japanese.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_daily_support import at, e5_memory, run

from memdir.consolidation.daily.route_usage import usage_outcome
from memdir.notes.frontmatter import render_note

META: dict[str, object] = {"confidence": 0.8, "success_count": 0, "failure_count": 0, "origin": "human"}
BACKUP = (
    "# Back up the production database\n\n1. Stop the writers on the primary.\n"
    "2. Take a snapshot with `pg_basebackup -D /backups/prod`.\n3. Copy the snapshot to the off-site bucket.\n"
    "4. Start the writers again and check the replication lag.\n"
)


@pytest.mark.parametrize(
    "report",
    [
        "Restocked the lab fridge the usual way but ran out of pipette tips halfway; two racks wait until Friday.",
        "Printed the exam papers the usual way; the last two classes are held until tomorrow.",
        "いつもの手順で試薬を補充した。チップを切らしたので、残りは月曜に回した。",
        "いつもの手順で成績表を印刷した。用紙が足りなくなって、3年生の分は持ち越し。",
    ],
)
def test_a_shortfall_or_work_put_off_is_a_failure(report: str) -> None:
    assert usage_outcome(report) == "failure"


@pytest.mark.parametrize(
    "report",
    [
        "Waited until the glue dried, then bound the exam papers the usual way, all fine.",
        "Restocked the lab fridge the usual way, no shortage this time.",
        "いつもの手順で試薬を補充した。問題なし。",
    ],
)
def test_a_plain_report_stays_a_success(report: str) -> None:
    assert usage_outcome(report) == "success"


def test_another_scope_than_the_title_names_is_told() -> None:
    from memdir.consolidation.daily.route_usage_near import scope_differs  # new in this fix

    assert "staging database" in scope_differs(
        "Backed up the staging database the usual way.", "Back up the production database"
    )
    assert "検証データベース" in scope_differs(
        "検証データベースのバックアップをいつもの手順で取った。", "本番データベースのバックアップ手順"
    )
    assert scope_differs("Backed up the database the usual way.", "Back up the production database") == ""


def _procedure(root: Path, name: str, body: str) -> None:
    (root / "procedures" / name).write_text(render_note(dict(META), body), encoding="utf-8")


def _items(root: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((root / "review").glob("*.md"))]


def test_a_report_on_another_scope_is_a_review_item_not_a_success(root: Path) -> None:
    mem = e5_memory(root)
    _procedure(root, "back-up-the-production-database.md", BACKUP)
    mem.add_episode(
        "Backed up the staging database the usual way, all fine.", title="Staging backup", at=at(9)
    )
    run(mem)
    note = mem.store.read("procedures/back-up-the-production-database.md")
    assert note.meta.get("success_count") == 0 and "## Outcome notes" not in note.body
    items = _items(root)
    assert len(items) == 1 and "target: procedures/back-up-the-production-database.md" in items[0]
    assert 'title "production database", report "staging database"' in items[0]
    assert "memdir feedback procedures/back-up-the-production-database.md --success" in items[0]


def test_a_shortfall_after_the_usual_work_counts_as_a_failure(root: Path) -> None:
    mem = e5_memory(root)
    _procedure(root, "back-up-the-production-database.md", BACKUP)
    mem.add_episode(
        "Backed up the production database the usual way but ran out of disk space halfway; "
        "the off-site copy waits until Monday.",
        title="Production backup",
        at=at(9),
    )
    run(mem)
    note = mem.store.read("procedures/back-up-the-production-database.md")
    assert note.meta.get("failure_count") == 1 and note.meta.get("success_count") == 0
    assert " failure: Backed up the production database" in note.body


def test_a_japanese_report_on_the_english_procedure_is_never_a_silent_skip(root: Path) -> None:
    mem = e5_memory(root)
    _procedure(root, "back-up-the-production-database.md", BACKUP)
    mem.add_episode("本番のデータベースをいつも通りバックアップした。", title="バックアップ", at=at(10))
    report = run(mem)
    items = _items(root)
    skipped = [d for d in report.episodes if d.get("action") == "skip"]
    assert len(items) == 1 and "target: procedures/back-up-the-production-database.md" in items[0], (
        report.episodes
    )
    assert "in the other language" in items[0]
    assert skipped and skipped[0]["target"] == "procedures/back-up-the-production-database.md"
