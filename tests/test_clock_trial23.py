"""Trial 23 #9: every timestamp one write puts into notes is in one zone, and `last_used` is its day.

The zone is the root's `schedule.timezone` when it names one, else UTC; the machine's own zone (`TZ`)
never leaks in. Real CLI subprocesses, machines placed in zones far from the root's.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

from llm_support import WEEK_UNTIL, log_week, memory

Run = Callable[..., subprocess.CompletedProcess[str]]
STAMP = re.compile(r"^(created_at|updated_at): '?([0-9T:+\-]+)'?\s*$", re.M)
LAST_USED = re.compile(r"^last_used: '?(\d{4}-\d{2}-\d{2})'?\s*$", re.M)


def _stamps(root: Path, *folders: str) -> list[str]:
    return [
        m.group(2)
        for folder in folders
        for path in sorted((root / folder).rglob("*.md"))
        for m in STAMP.finditer(path.read_text(encoding="utf-8"))
    ]


def _far_zone() -> str:
    """A machine zone whose date differs from UTC's right now (+14 h late in the UTC day, -12 h early)."""
    return "Pacific/Kiritimati" if datetime.now(timezone.utc).hour >= 12 else "Etc/GMT+12"


def _hand_procedure(root: Path, name: str, title: str, steps: list[str]) -> str:
    rel = f"procedures/{name}.md"
    body = "\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1))
    (root / rel).write_text(
        f"---\ndescription: {title}\ntags: [garden]\n---\n# {title}\n\n{body}\n", encoding="utf-8"
    )
    return rel


def test_feedback_writes_last_used_and_updated_at_in_the_roots_named_zone(root: Path, run_cli: Run) -> None:
    (root / "memdir.yaml").write_text("schedule: {timezone: Asia/Kolkata}\n", encoding="utf-8")
    rel = _hand_procedure(root, "sourdough", "サワードウを焼く", ["前日に種を起こす", "230度で40分焼く"])
    res = run_cli("feedback", rel, "--success", "--note", "皮がよく焼けた", env={"TZ": "America/Los_Angeles"})
    assert res.returncode == 0, res.stderr
    text = (root / rel).read_text(encoding="utf-8")
    stamps = _stamps(root, "procedures")
    assert len(stamps) == 1 and stamps[0].endswith("+05:30"), text  # not the machine's -08:00, not UTC
    used = LAST_USED.search(text)
    assert used is not None and used.group(1) == stamps[0][:10], text
    assert f"- {stamps[0][:10]} success: 皮がよく焼けた" in text  # the outcome line names the same day


def test_feedback_without_a_named_zone_writes_utc_and_the_utc_day(root: Path, run_cli: Run) -> None:
    rel = _hand_procedure(
        root, "prune-roses", "Prune the roses", ["Cut above an outward bud", "Seal big cuts"]
    )
    res = run_cli("feedback", rel, "--failure", "--note", "frost came early", env={"TZ": _far_zone()})
    assert res.returncode == 0, res.stderr
    text = (root / rel).read_text(encoding="utf-8")
    stamps = _stamps(root, "procedures")
    assert len(stamps) == 1 and stamps[0].endswith("+00:00"), text
    used = LAST_USED.search(text)
    assert used is not None and used.group(1) == stamps[0][:10], text  # the machine's date would differ


def test_one_daily_run_stamps_its_procedures_and_lessons_with_one_time_in_one_zone(
    root: Path, run_cli: Run
) -> None:
    (root / "memdir.yaml").write_text("schedule: {timezone: Asia/Kolkata}\n", encoding="utf-8")
    machine = {"TZ": "America/New_York"}
    earlier = (datetime.now(timezone(timedelta(hours=-5))) - timedelta(days=2)).date().isoformat()
    for text, title, hour in (
        (
            "Repotted the fig tree: 1. loosened the root ball, 2. moved it to a 40 cm pot with bark mix, "
            "3. watered until it drained. It failed first because the old pot had no drain hole; drilling "
            "one fixed it. Lesson: check the drain hole before repotting.",
            "Repot the fig tree",
            "10",
        ),
        (
            "鉢植えのレモンに液肥を与えた: 1. 水で500倍に薄める 2. 土が乾いてから与える 3. 二週間おきに繰り返す。",
            "レモンの施肥",
            "11",
        ),
    ):
        res = run_cli(
            "episode", "add", text, "--title", title, "--at", f"{earlier}T{hour}:00:00", env=machine
        )
        assert res.returncode == 0, res.stderr
    res = run_cli("consolidate", "daily", env=machine)
    assert res.returncode == 0, res.stderr
    stamps = _stamps(root, "procedures", "knowledge")
    assert len(stamps) >= 4, res.stdout  # two procedures at least, each created_at and updated_at
    assert len(set(stamps)) == 1 and stamps[0].endswith("+05:30"), stamps


def test_weekly_with_a_named_zone_in_the_environment_stamps_in_that_zone(root: Path, run_cli: Run) -> None:
    (root / "memdir.yaml").write_text("index: {embedder: hashing}\n", encoding="utf-8")
    log_week(memory(root))
    env = {"MEMDIR_TIMEZONE": "Asia/Kathmandu", "TZ": "Europe/Lisbon"}
    res = run_cli("consolidate", "weekly", "--until", WEEK_UNTIL.isoformat(), env=env)
    assert res.returncode == 0, res.stderr
    stamps = _stamps(root, "procedures", "knowledge")
    assert stamps, res.stdout
    assert all(s.endswith("+05:45") for s in stamps), stamps
