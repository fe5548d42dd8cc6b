"""Daily notes a person would keep as written (trial 24, `fix26c`).

Real files: episodes in, one daily run, the notes read back. Other domains than the trial's, English and Japanese.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from test_daily_support import at, memory, run

from memdir.consolidation.daily.lesson_change import applies_when
from memdir.consolidation.weekly.lesson_evidence import recoveries
from memdir.consolidation.weekly.steps import Step
from memdir.consolidation.weekly.tasks import Task
from memdir.notes.store import NoteStore

# A lesson the person labelled ("Lesson:", "Takeaway:", 「学び：」) rather than "lesson learned": one note, the lesson.
LABELLED = [
    (
        "The greenhouse irrigation timer stopped watering the seedlings because its battery had run flat. "
        "Half the tray wilted before anyone noticed. "
        "Lesson: replace the timer battery at the start of every season, before the first sowing.",
        "Irrigation timer battery",
    ),
    (
        "The choir's rehearsal room was double-booked with the chess club on Thursday. "
        "We lost forty minutes moving chairs. "
        "Takeaway: confirm the room booking by email the week before every rehearsal.",
        "Rehearsal room clash",
    ),
    (
        "図書館の貸出システムで延滞の通知メールが三日間送られていなかった。送信サーバーの証明書が切れていた。"
        "学び：証明書の期限は必ず共有カレンダーに登録し、一か月前に更新すること。",
        "延滞通知の停止",
    ),
]


def _citing(root: Path, ref: str) -> list[str]:
    store = NoteStore(root)
    return sorted(
        n.path for n in store.iter_notes(("knowledge", "procedures")) if ref in n.str_list("sources")
    )


@pytest.mark.parametrize(("text", "title"), LABELLED)
def test_a_labelled_lesson_episode_leaves_only_the_lesson(root: Path, text: str, title: str) -> None:
    mem = memory(root)
    ep = mem.add_episode(text, title=title, at=at(9))
    run(mem)
    [path] = _citing(root, ep.ref)  # one note, not a knowledge note repeating the lesson beside it
    assert path.startswith("knowledge/lessons/"), path
    assert NoteStore(root).read(path).meta["type"] == "lesson"


# A lesson's "When it applies" is the condition, never a fragment with the rule's second act glued on.
@pytest.mark.parametrize(
    ("fix", "when"),
    [
        (
            "From now on check the sample labels before loading the centrifuge and discard anything unlabelled.",
            "before loading the centrifuge",
        ),
        (
            "Going forward, read the allergy sheet when plating a table's order and set aside everything with nuts.",
            "when plating a table's order",
        ),
    ],
)
def test_when_it_applies_is_the_condition_alone(fix: str, when: str) -> None:
    assert applies_when([fix]) == [when]


def _task(tid: str, steps: list[Step], outcome: str, day: int) -> Task:
    when = datetime(2026, 11, day, 9, tzinfo=timezone.utc)
    return Task(tid, intent="Renew a library loan", steps=steps, outcome=outcome, start=when, end=when)


def test_how_to_check_names_a_step_of_the_failure_not_an_unrelated_last_step() -> None:
    """A renewal call that 404s, the right endpoint, then a receipt printed by another tool: the check is the call
    that worked, not the receipt (trial 24: a refund's 404 was to be checked by running the claim script)."""
    bad = Step("http", "POST /api/loans/L-1/renewal", "http:post", failed=True, error="Not Found (404)")
    good = Step("http", "POST /api/loans/L-1/renew", "http:post")
    receipt = Step("shell", "python print_receipt.py --loan L-1", "shell:python")
    [rec] = recoveries(_task("r1", [bad, good, receipt], "success", 23))
    assert rec.check == "http: POST /api/loans/L-1/renew"
    # a last step of the failure's own tool is still the check (the whole task's result)
    status = Step("http", "GET /api/loans/L-1", "http:get")
    [rec] = recoveries(_task("r2", [bad, good, status, receipt], "success", 24))
    assert rec.check == "http: GET /api/loans/L-1"


# A procedure titled "How I/we/to <task>" is described by its task, not `3 steps, from "…" to "…"`.
HOW = [
    (
        "How I repot an orchid so the roots do not rot:\n\n"
        "1. Soak the pot in water for ten minutes and ease the plant out.\n"
        "2. Cut away every brown or hollow root with sterile scissors.\n"
        "3. Set it in fresh bark, never in soil, and wait a week before watering.",
        "How I repot an orchid",
        "Repot an orchid so the roots do not rot",
    ),
    (
        "How we close the till so the float balances:\n\n"
        "1. Count the notes and coins into the cash bag.\n"
        "2. Leave exactly 150 in the drawer as the float.\n"
        "3. Print the Z report and staple it to the bag.",
        "How we close the till",
        "Close the till so the float balances",
    ),
]


@pytest.mark.parametrize(("text", "title", "description"), HOW)
def test_a_how_procedure_is_described_by_its_task(
    root: Path, text: str, title: str, description: str
) -> None:
    mem = memory(root)
    ep = mem.add_episode(text, title=title, at=at(9))
    run(mem)
    [path] = _citing(root, ep.ref)
    assert path.startswith("procedures/"), path
    assert NoteStore(root).read(path).meta["description"] == description
