"""Forgetting over a simulated six months (freezegun): what moves, what stays, restore is byte-identical."""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from freezegun import freeze_time

from memdir import Memory
from memdir.lifecycle.daily_steps import run_daily_steps
from memdir.lifecycle.usage import record_hits
from memdir.runs.report import RunReport

START = datetime(2026, 1, 1, 3, 0, tzinfo=timezone.utc)


def _note(origin: str, created: str, extra: str = "", body: str = "Steps.") -> str:
    return (
        f"---\n# a person's comment\ndescription: {origin} note created {created}\n{extra}"
        f"origin: {origin}\nconfidence: 0.4\nsuccess_count: 0\nfailure_count: 0\n"
        f"created_at: '{created}T03:00:00+00:00'\n---\n\n# Title\n\n{body}\n"
    )


NOTES = {
    "procedures/unused.md": _note("weekly", "2026-01-01"),
    "procedures/used-monthly.md": _note("daily", "2026-01-01"),
    "procedures/failing.md": _note("weekly", "2026-01-01"),
    "procedures/two-failures.md": _note("weekly", "2026-01-01"),
    "procedures/human.md": _note("human", "2025-01-01"),
    "procedures/protected.md": _note("weekly", "2025-01-01", extra="protected: true\n"),
    "procedures/no-origin.md": "---\ndescription: hand-made\n---\n\nno origin key\n",
    "knowledge/stale-fact.md": _note("daily", "2025-03-01", body="Ports: 8080."),
    "knowledge/retrieved-fact.md": _note("daily", "2025-03-01", body="DB is Postgres 16."),
    "knowledge/edited-fact.md": _note("daily", "2025-03-01", body="CI runs on 2 cores."),
    "knowledge/日本語の事実.md": _note("weekly", "2025-02-01", body="本番は東京リージョン。"),
}


def _ts(dt: datetime) -> float:
    return dt.timestamp()


def _simulate(root: Path) -> tuple[Memory, dict[str, str], dict[str, bytes]]:
    mem = Memory(root)
    original = {}
    for rel, text in NOTES.items():
        mem.store.create(rel, text)
        original[rel] = (root / rel).read_bytes()
        created = (
            datetime.fromisoformat(text.split("created_at: '")[1][:25]) if "created_at" in text else START
        )
        os.utime(root / rel, (_ts(created), _ts(created)))
    os.utime(
        root / "knowledge/edited-fact.md", (_ts(START + timedelta(days=40)), _ts(START + timedelta(days=40)))
    )
    moved: dict[str, str] = {}
    last_bytes: dict[str, bytes] = {}
    with freeze_time(START) as clock:
        for day in range(182):
            now = START + timedelta(days=day)
            if day == 2:
                for i in range(3):
                    mem.log(
                        type="feedback",
                        procedure="procedures/failing.md",
                        outcome="failure",
                        ts=(now - timedelta(hours=i + 1)).isoformat(),
                    )
                mem.feedback("procedures/two-failures.md", success=False)
                mem.feedback("procedures/two-failures.md", success=False)
            if day % 30 == 5:
                mem.log(
                    type="feedback",
                    procedure="procedures/used-monthly.md",
                    outcome="success",
                    ts=(now - timedelta(hours=1)).isoformat(),
                )
                record_hits(mem.root, ["knowledge/retrieved-fact.md"])  # a search returned it
            report = RunReport(job="daily")
            run_daily_steps(mem.store, mem.activity, mem.config, report)
            assert not report.errors
            for rel in report.archived:
                moved[rel] = now.date().isoformat()
                last_bytes[rel] = (root / "archive" / rel).read_bytes()
            clock.tick(timedelta(days=1))
    return mem, moved, {**original, **{f"archived:{k}": v for k, v in last_bytes.items()}}


def test_six_months_what_moves_what_stays_and_restore(root: Path) -> None:
    mem, moved, original = _simulate(root)
    assert moved == {
        "procedures/failing.md": "2026-01-03",  # confidence 0.16 < 0.3 after 3 failures
        "knowledge/日本語の事実.md": "2026-02-02",  # > 365 days, never retrieved or edited
        "knowledge/stale-fact.md": "2026-03-02",
        "procedures/unused.md": "2026-04-02",  # never used, 91 days after creation
        "procedures/two-failures.md": "2026-04-04",  # 0.2 but only 2 failures: kept until unused for 91 days
    }
    for rel in (
        "procedures/used-monthly.md",
        "procedures/human.md",
        "procedures/protected.md",
        "procedures/no-origin.md",
        "knowledge/retrieved-fact.md",
        "knowledge/edited-fact.md",
    ):
        assert (root / rel).exists(), rel
        if rel != "procedures/used-monthly.md":
            assert (root / rel).read_bytes() == original[rel], rel
    used = mem.store.read("procedures/used-monthly.md").meta
    assert used["success_count"] == 6 and used["confidence"] > 0.4
    status = mem.status()
    archived = {e["path"]: e for e in status["archived"]}
    assert set(archived) == set(moved)
    assert "after 3 failures" in archived["procedures/failing.md"]["reason"]
    assert "forgotten" in archived["procedures/unused.md"]["reason"]
    for rel in moved:
        assert not (root / rel).exists()
        assert (root / "archive" / rel).read_bytes() == original[f"archived:{rel}"]
    for rel in ("procedures/unused.md", "knowledge/stale-fact.md", "knowledge/日本語の事実.md"):
        assert original[f"archived:{rel}"] == original[rel]  # moved untouched, never rewritten
    restored = mem.restore("archive/procedures/unused.md")
    assert restored == "procedures/unused.md"
    assert (root / restored).read_bytes() == original[restored]
    with freeze_time(START + timedelta(days=183)):
        again = RunReport(job="daily")
        run_daily_steps(mem.store, mem.activity, mem.config, again)
    assert again.archived == []  # a person's restore is respected by the next run
    assert (root / restored).exists()


def test_restore_via_cli_is_byte_identical(mem, root, run_cli) -> None:  # type: ignore[no-untyped-def]
    rel = "knowledge/日本語の事実.md"
    mem.store.create(rel, NOTES[rel])
    before = (root / rel).read_bytes()
    # The note's age also comes from its file time, which freezegun does not move: set it.
    written = datetime(2026, 1, 1, tzinfo=timezone.utc).timestamp()
    os.utime(root / rel, (written, written))
    with freeze_time("2028-01-01"):  # > 365 days after the file was last written
        report = RunReport(job="daily")
        run_daily_steps(mem.store, mem.activity, mem.config, report)
    assert report.archived == [rel]
    status = run_cli("status", "--json")
    assert status.returncode == 0 and "日本語の事実" in status.stdout
    out = run_cli("restore", f"archive/{rel}")
    assert out.returncode == 0, out.stderr
    assert (root / rel).read_bytes() == before
    assert run_cli("restore", f"archive/{rel}").returncode == 1  # nothing left to restore


def test_forgetting_off_switch_and_dry_run(root: Path) -> None:
    (root / "memdir.yaml").write_text("forget: {enabled: false}\n", encoding="utf-8")
    mem = Memory(root)
    mem.store.create("procedures/unused.md", NOTES["procedures/unused.md"])
    with freeze_time("2027-01-01"):
        off = RunReport(job="daily")
        run_daily_steps(mem.store, mem.activity, mem.config, off)
        assert off.archived == [] and off.stats["forgetting"] == "off"
        (root / "memdir.yaml").unlink()
        on = Memory(root)
        dry = RunReport(job="daily", dry_run=True)
        run_daily_steps(on.store, on.activity, on.config, dry, dry_run=True)
    assert dry.archived == ["procedures/unused.md"]
    assert (root / "procedures/unused.md").exists()


@pytest.mark.parametrize("env", [{"MEMDIR_FORGET_ENABLED": "0"}])
def test_forgetting_env_override(root: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    mem = Memory(root)
    mem.store.create("procedures/unused.md", NOTES["procedures/unused.md"])
    with freeze_time("2027-01-01"):
        report = RunReport(job="daily")
        run_daily_steps(mem.store, mem.activity, mem.config, report)
    assert report.archived == []
