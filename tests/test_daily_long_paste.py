"""A pasted log in an episode (trial 14 #4): a note takes the log's error lines that matter, says how much
was left out and where the full text is (the episode), and the lesson episode makes one note, not two."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest

Cli = Callable[..., CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "hashing"}
DAY = (date.today() - timedelta(days=2)).isoformat()


def _wal_log(n: int) -> str:
    out = []
    for i in range(n):
        out.append(
            f"2026-03-04 01:{i % 60:02d}:{i % 57:02d}.{i:03d} UTC [{4100 + i}] LOG:  archive command failed with exit code 1"
        )
        out.append(
            f"2026-03-04 01:{i % 60:02d}:{i % 57:02d}.{i:03d} UTC [{4100 + i}] DETAIL:  The failed archive command was: cp pg_wal/0000000100000A{i:06X} /mnt/wal/"
        )
    out.insert(
        7,
        '2026-03-04 01:00:07.007 UTC [4107] FATAL:  could not write to file "/mnt/wal/archive_status": No space left on device',
    )
    return "\n".join(out)


def _plc_log(n: int) -> str:
    return "\n".join(
        f"2026/03/04 22:{i % 60:02d}:00 成形機{i % 4 + 1}号 金型温度 {180 + i % 7}℃ 異常 E-{41 + i % 2}"
        for i in range(n)
    )


@pytest.mark.slow
def test_a_pasted_log_makes_one_small_lesson_that_points_to_the_episode(root: Path, run_cli: Cli) -> None:
    wal = _wal_log(900)  # 1,801 lines, about 220 kB
    plc = _plc_log(400)
    (root / "episodes" / f"{DAY}.md").write_text(
        f"---\ndate: {DAY}\n---\n\n## 09:00 — Postgres WAL archiving stuck\n\n"
        "The replica fell 40 GB behind because WAL archiving failed all night. Pasted the server log.\n\n"
        f"{wal}\n\n"
        "Fix: moved the archive to the big volume and restarted archiving; lesson learned: alert on "
        "archive failures, not only on replica lag.\n\n"
        "## 23:00 — 成形機の金型温度異常\n\n夜勤で成形機の金型温度の異常が続いた。ログを貼る。\n\n"
        f"{plc}\n\n教訓：ヒーターの点検を週次にすべきだった。\n",
        encoding="utf-8",
    )
    day_file = (root / "episodes" / f"{DAY}.md").read_bytes()
    res = run_cli("consolidate", "daily", "--date", DAY, "--json", env=ENV, timeout=600)
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    written = [p for p in report["created"] + report["updated"] if not p.startswith("episodes/")]
    assert written, report
    wal_notes = [p for p in written if "postgres" in p or "wal" in p]
    assert wal_notes and all(p.startswith("knowledge/lessons/") for p in wal_notes), written  # one copy
    for rel in written:
        text = (root / rel).read_text(encoding="utf-8")
        assert len(text.encode()) < 8_000, (rel, len(text.encode()))
        assert max(len(line) for line in text.splitlines()) < 400, rel
    lesson = (root / wal_notes[0]).read_text(encoding="utf-8")
    assert "FATAL:  could not write to file" in lesson  # the error line that matters is kept
    assert "more log lines" in lesson and f"`episodes/{DAY}.md#0900-postgres-wal-archiving-stuck`" in lesson
    assert "What worked instead" in lesson and "alert on archive failures" in lesson
    ja = "\n".join((root / p).read_text(encoding="utf-8") for p in written if p not in wal_notes)
    assert "ログの残り" in ja and "省略" in ja  # said in the note's language
    assert (root / "episodes" / f"{DAY}.md").read_bytes() == day_file  # the episode keeps the full text


def test_condense_keeps_each_error_shape_once_and_leaves_prose_and_steps_alone() -> None:
    from memdir.consolidation.daily.long_paste import condense, excerpt_lines  # new in trial 14

    log = _wal_log(30)
    cut = condense(f"Replica lag.\n\n{log}\n\nRestarted.", "episodes/x.md#a")
    lines = cut.splitlines()
    assert len(lines) < 12 and sum("FATAL" in ln for ln in lines) == 1
    assert sum("LOG:  archive command failed" in ln for ln in lines) == 1  # one line per shape of error
    assert "(… " in cut and "`episodes/x.md#a`" in cut
    assert excerpt_lines(cut) and all(k not in excerpt_lines(cut) for k in (0, len(lines) - 1))
    steps = "\n".join(f"{i}. Check pump {i} pressure and write it in the log book." for i in range(1, 30))
    prose = " ".join(["The kiln was loaded on Monday and fired on Tuesday."] * 40)
    assert condense(steps) == steps and condense(prose) == prose
