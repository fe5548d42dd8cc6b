"""Trial 12 #1: the daemon's weekly catch-up distils the weeks it missed, not the 7 days up to now.

A bakery's ordering agent: the office machine was off for two Sundays. The catch-up must distil
each missed week (its activity is older than "the last 7 days" by then) and the run records and
`status` must say which week each run distilled.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from freezegun import freeze_time
from test_daemon_process import start_daemon, wait_for  # noqa: F401 (fixture)
from test_weekly_run import WordEmbedder, log_task

from memdir import Memory
from memdir.daemon.catchup import MAX_CATCHUP_WEEKS, missed_windows
from memdir.daemon.runs import RunJournal
from memdir.daemon.schedule import build_trigger, previous_fire_time
from memdir.daemon.service import DaemonOptions

BERLIN = ZoneInfo("Europe/Berlin")
SUNDAY = build_trigger("sun 04:00", BERLIN)


def _sunday(day: int, month: int = 11) -> datetime:
    return datetime(2026, month, day, 4, 0, tzinfo=BERLIN)


def test_each_missed_sunday_gives_its_own_week_oldest_first() -> None:
    now = datetime(2026, 12, 12, 9, 0, tzinfo=BERLIN)  # Saturday; Sundays 11-29 and 12-06 were missed
    ends, dropped = missed_windows(SUNDAY, now, covered=_sunday(22))
    assert ends == [_sunday(29), _sunday(6, 12)] and dropped == []
    # nothing missed once the last window reached the most recent Sunday
    assert missed_windows(SUNDAY, now, covered=_sunday(6, 12)) == ([], [])
    # no run on record: only the week before the most recent Sunday
    assert missed_windows(SUNDAY, now, covered=None) == ([_sunday(6, 12)], [])


def test_a_long_absence_distils_the_last_weeks_and_names_the_older_ones() -> None:
    now = datetime(2027, 1, 16, 9, 0, tzinfo=BERLIN)
    ends, dropped = missed_windows(SUNDAY, now, covered=_sunday(15))
    assert len(ends) == MAX_CATCHUP_WEEKS and ends[-1] == datetime(2027, 1, 10, 4, 0, tzinfo=BERLIN)
    assert [e - s for s, e in zip(ends, ends[1:], strict=False)] == [timedelta(days=7)] * (len(ends) - 1)
    assert dropped == [_sunday(22), _sunday(29), _sunday(6, 12), _sunday(13, 12)]  # named in the log
    # frequent schedules do not make overlapping windows
    hourly = build_trigger("every 1h", BERLIN)
    ends, _ = missed_windows(hourly, now, covered=now - timedelta(days=10))
    assert [e - s for s, e in zip(ends, ends[1:], strict=False)] == [timedelta(days=7)]


def _order_flour(mem: Memory, tid: str, branch: str, at: datetime) -> None:
    log_task(
        mem,
        tid,
        f"Order flour from the Kornmühle mill for the {branch} bakery",
        "email",
        [
            "open the order sheet Mehlbestellung-2026",
            f"email bestellung@kornmuehle.example: 25 sacks Type 550 for {branch}",
            "file the confirmation in Bestellungen/Mehl",
        ],
        "success",
        at,
    )


def _proof_dough(mem: Memory, tid: str, batch: str, at: datetime) -> None:
    log_task(
        mem,
        tid,
        f"Schedule the overnight proofing of the {batch} dough batch",
        "scheduler",
        [
            "open the proofing planner Gärplan",
            f"book proofing cabinet 2 for {batch} from 22:00 to 05:00",
            "post the plan in #backstube",
        ],
        "success",
        at,
    )


def test_catch_up_after_two_missed_sundays_distils_both_weeks(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMDIR_TIMEZONE", "Europe/Berlin")
    mem = Memory(root, embedder=WordEmbedder())
    journal = RunJournal(root)
    with freeze_time(datetime(2026, 11, 22, 3, 0, 5, tzinfo=timezone.utc)):  # the last Sunday run
        record = journal.start("weekly", "scheduled", window=(_sunday(15), _sunday(22)))
        journal.finish(record, "ok")
    for i, branch in enumerate(["Altstadt", "Hafen", "Südstadt"]):  # the week of the first missed Sunday
        _order_flour(mem, f"flour-{i}", branch, datetime(2026, 11, 23 + i, 8, 0, tzinfo=BERLIN))
    for i, batch in enumerate(["rye", "spelt", "wheat"]):  # the week of the second
        _proof_dough(mem, f"proof-{i}", batch, datetime(2026, 12, 1 + i, 16, 0, tzinfo=BERLIN))

    with freeze_time(datetime(2026, 12, 12, 8, 0, tzinfo=timezone.utc)):  # switched on again on a Saturday
        daemon = mem.daemon(options=DaemonOptions(watch=False, heartbeat=60))
        assert daemon.run_job("weekly", "catchup") == "ok"

    made = sorted(p.name for p in (root / "procedures").glob("*.md"))
    assert any("flour" in name for name in made), made
    assert any("proof" in name for name in made), made
    runs = journal.history("weekly")[1:]
    assert [r["reason"] for r in runs] == ["catchup", "catchup"]
    assert [r["window"] for r in runs] == [
        [_sunday(22).isoformat(), _sunday(29).isoformat()],
        [_sunday(29).isoformat(), _sunday(6, 12).isoformat()],
    ]
    assert journal.covered_until("weekly") == _sunday(6, 12)
    with freeze_time(datetime(2026, 12, 12, 9, 0, tzinfo=timezone.utc)):  # done: a wake check runs nothing
        assert daemon.run_job("weekly", "wake") == "skipped"


@pytest.mark.slow
def test_daemon_process_catches_up_the_week_before_its_missed_scheduled_time(
    root: Path,
    start_daemon: Callable[..., subprocess.Popen[str]],  # noqa: F811
    run_cli: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    now = datetime.now(timezone.utc)
    day = (now - timedelta(days=3)).strftime("%a").lower()  # the weekly run was due about 3 days ago
    trigger = build_trigger(f"{day} 04:00", timezone.utc)
    due = previous_fire_time(trigger, now)
    assert due is not None
    mem = Memory(root)
    for i, branch in enumerate(["Altstadt", "Hafen", "Südstadt"]):  # 8-10 days ago: not "the last 7 days"
        _order_flour(mem, f"flour-{i}", branch, due - timedelta(days=5, hours=i))
    proc = start_daemon(
        MEMDIR_SCHEDULE_WEEKLY=f"{day} 04:00",
        MEMDIR_DAEMON_JOB_DAILY="",
        MEMDIR_DAEMON_JOB_WEEKLY="",
        MEMDIR_EMBEDDER="hashing",
    )
    journal = RunJournal(root)
    wait_for(lambda: (journal.last_run("weekly") or {}).get("finished_at"), timeout=120, proc=proc)
    last = journal.last_run("weekly")
    assert last is not None and last["result"] == "ok" and last["reason"] == "catchup"
    assert last["window"] == [(due - timedelta(days=7)).isoformat(), due.isoformat()]
    assert last["counts"]["created"] == 1, last
    assert any("flour" in p.name for p in (root / "procedures").glob("*.md"))
    shown = run_cli("status", env={"MEMDIR_SCHEDULE_WEEKLY": f"{day} 04:00", "TZ": "UTC"})
    assert f"week {(due - timedelta(days=7)):%Y-%m-%d %H:%M}" in " ".join(shown.stdout.split()), shown.stdout
    status = json.loads(run_cli("status", "--json").stdout)
    assert status["jobs"]["weekly"]["last_run"]["window"] == last["window"]
