"""Weekly distillation: grouping activity events into tasks, success rules, abstraction."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from memdir.activity import ActivityEvent, parse_ts
from memdir.consolidation.weekly.similarity import abstract_text
from memdir.consolidation.weekly.spans import template_of
from memdir.consolidation.weekly.tasks import group_tasks

T0 = datetime(2026, 11, 24, 9, 0, tzinfo=timezone.utc)


def ev(i: int, type_: str, **data: object) -> ActivityEvent:
    ts = T0 + timedelta(seconds=i)
    return ActivityEvent(
        ts=ts, type=type_, data={"ts": ts.isoformat(), "type": type_, **data}, source=f"x.jsonl:{i}"
    )


def test_task_start_summary_is_the_intent_and_tools_are_collected() -> None:
    [task] = group_tasks(
        [
            ev(0, "task_start", task_id="a", summary="Fix issue 12 in Foo"),
            ev(1, "tool_use", task_id="a", tool="Bash", input="pytest -x", summary="run tests"),
            ev(2, "tool_use", task_id="a", tool="Edit", input={"file": "src/foo.py"}),
            ev(3, "task_end", task_id="a", outcome="success", summary="done"),
        ]
    )
    assert task.intent == "Fix issue 12 in Foo"
    assert task.tools == ["Bash", "Edit"]
    assert [s.tool for s in task.steps] == ["Bash", "Edit"]
    assert task.succeeded


def test_intent_falls_back_to_first_summary_then_description() -> None:
    [a, b] = group_tasks(
        [
            ev(0, "tool_use", task_id="a", tool="x", summary="first words"),
            ev(1, "task_end", task_id="b", description="from the description", outcome="success"),
        ]
    )
    assert a.intent == "first words"
    assert b.intent == "from the description"


def test_success_is_the_last_explicit_outcome_in_time_order() -> None:
    tasks = {
        t.task_id: t
        for t in group_tasks(
            [
                ev(5, "task_end", task_id="late-fail", outcome="failure"),
                ev(1, "tool_result", task_id="late-fail", outcome="success"),
                ev(1, "tool_result", task_id="recovered", outcome="failure"),
                ev(2, "task_end", task_id="recovered", outcome="success"),
                ev(1, "task_start", task_id="unknown", summary="no outcome"),
                ev(2, "task_end", task_id="unknown"),
            ]
        )
    }
    assert not tasks["late-fail"].succeeded
    assert tasks["recovered"].succeeded
    assert tasks["unknown"].outcome is None and not tasks["unknown"].succeeded


def test_events_without_task_id_are_tasks_of_their_own() -> None:
    tasks = group_tasks(
        [
            ev(0, "task_end", summary="one", outcome="success"),
            ev(1, "task_end", summary="two", outcome="success"),
        ]
    )
    assert len(tasks) == 2
    assert len({t.task_id for t in tasks}) == 2


def test_object_words_from_tool_inputs_are_abstracted_in_the_intent() -> None:
    [task] = group_tasks(
        [
            ev(0, "task_start", task_id="a", summary="put a clean mug in shelf."),
            ev(1, "tool_use", task_id="a", tool="take", input="take mug 1 from countertop 2"),
            ev(2, "tool_use", task_id="a", tool="clean", input="clean mug 1 with sinkbasin 1"),
            ev(3, "tool_use", task_id="a", tool="put", input="put mug 1 in/on shelf 1"),
        ]
    )
    assert task.intent_text() == "put a clean {obj} in {obj}."


def test_abstract_text_removes_instance_details() -> None:
    a = abstract_text(
        'Change the title of "Home Page" to "Welcome" on 2024-03-01 for order #123 at https://x.io/a'
    )
    b = abstract_text('Change the title of "About" to "Hi there" on 2023-12-31 for order #9 at https://y.org')
    assert a == b
    assert "{str}" in a and "{date}" in a and "{num}" in a and "{url}" in a
    assert abstract_text("Show the route from Carnegie Mellon University to Pittsburgh") == abstract_text(
        "Show the route from Yale University to Boston"
    )
    assert abstract_text("edit src/core/app.py line 10") == "edit {path} line {num}"
    assert abstract_text("put mug 1 in/on shelf 1") == "put mug {num} in/on shelf {num}"


def test_only_the_parts_that_differ_between_tasks_become_a_span() -> None:
    tpl = template_of({"a": "take mug 1 from countertop 2", "b": "take cup 1 from countertop 3"})
    # the instance number both wrote after the differing noun goes with it (an agent's mug may be mug 4)
    assert [p for p in tpl.parts if isinstance(p, str)] == ["take ", " from countertop "]
    assert [s.seen() for s in tpl.spans] == [["mug 1", "cup 1"], ["2", "3"]]


def test_a_slashed_constant_stays_whole_and_spans_are_whole_atoms() -> None:
    tpl = template_of({"a": "put mug 1 in/on shelf 1", "b": "put apple 2 in/on desk 1"})
    assert tpl.render() == "put {value} in/on {value}"
    assert [s.seen() for s in tpl.spans] == [["mug 1", "apple 2"], ["shelf 1", "desk 1"]]


def test_timestamps_parse_with_and_without_zone() -> None:
    assert parse_ts("2025-01-06T09:10:12.537265") == datetime(
        2025, 1, 6, 9, 10, 12, 537265, tzinfo=timezone.utc
    )
