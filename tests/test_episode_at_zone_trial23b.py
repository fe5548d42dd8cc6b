"""Trial 23 second re-check M7: in a root whose `schedule.timezone` names a zone, `memdir episode add --at`
files the episode under that zone's day and `## HH:MM` (an instant in another offset is converted; a
time without an offset is that zone's wall time), so the day files agree with the daily run's today.
With `local`, `--at` keeps its own offset as before. A lighthouse keeper's log (EN) and a tea farm's (JA);
real CLI on a machine whose zone is neither."""

from __future__ import annotations

import subprocess
from pathlib import Path

from cli_helper import run_memdir

MACHINE = "Pacific/Kiritimati"  # UTC+14


def run(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    return run_memdir(args, root, TZ=MACHINE)


def _root(tmp_path: Path, zone: str) -> Path:
    root = tmp_path / "mem"
    assert run(["init", str(root)], root).returncode == 0
    (root / "memdir.yaml").write_text(f"schedule: {{timezone: {zone}}}\n", encoding="utf-8")
    return root


def _headings(root: Path) -> dict[str, list[str]]:
    return {
        p.name: [ln for ln in p.read_text(encoding="utf-8").splitlines() if ln.startswith("## ")]
        for p in sorted((root / "episodes").glob("*.md"))
    }


def test_an_instant_in_another_offset_goes_under_the_zones_day_and_time(tmp_path: Path) -> None:
    root = _root(tmp_path, "Europe/Berlin")
    late = run(
        ["episode", "add", "The lamp was relit after the storm.", "--at", "2026-12-06T16:00:00-08:00"], root
    )
    assert late.returncode == 0, late.stderr
    assert late.stdout.startswith("added episodes/2026-12-07.md#0100-")  # 01:00 on the 7th in Berlin
    evening = run(["episode", "add", "灯台の窓を拭いた。", "--at", "2026-12-06T23:59:00+01:00"], root)
    assert "episodes/2026-12-06.md#2359" in evening.stdout
    naive = run(["episode", "add", "Fog signal tested.", "--at", "2026-12-07T09:30"], root)
    assert "episodes/2026-12-07.md#0930" in naive.stdout  # Berlin's wall time, not the machine's
    skipped = run(["episode", "add", "Clock changed.", "--at", "2026-03-29T02:30"], root)
    assert "episodes/2026-03-29.md#0330" in skipped.stdout  # 02:30 does not exist in Berlin that night
    heads = _headings(root)
    assert heads["2026-12-07.md"][0].startswith("## 01:00")
    assert heads["2026-12-06.md"] == [h for h in heads["2026-12-06.md"] if h.startswith("## 23:59")]


def test_a_tokyo_root_converts_too_and_local_keeps_the_offset(tmp_path: Path) -> None:
    root = _root(tmp_path, "Asia/Tokyo")
    res = run(["episode", "add", "茶畑の霜よけファンを点検した。", "--at", "2026-05-01T20:00:00+00:00"], root)
    assert "episodes/2026-05-02.md#0500" in res.stdout, res.stdout + res.stderr
    local = tmp_path / "local"
    assert run(["init", str(local)], local).returncode == 0
    kept = run(["episode", "add", "Frost fans checked.", "--at", "2026-05-01T20:00:00+00:00"], local)
    assert "episodes/2026-05-01.md#2000" in kept.stdout  # `local`: the offset as given, as before
