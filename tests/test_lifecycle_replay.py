"""Repeated work after distillation: ALFWorld trajectories replayed a week later become evidence, not new procedures.

Work that repeats a weekly procedure and adds nothing counts as its successes (trial 14 #3); work that adds
something the procedure lacks waits in review/."""

from __future__ import annotations

import importlib.util
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from types import ModuleType

import pytest

from memdir import Memory
from memdir.lifecycle.review import ReviewQueue

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared/eval/alfworld/react_prompts_alfworld_3prompts.json"


def _converter() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "alfworld_to_activity", REPO / "scripts/alfworld_to_activity.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.slow
@pytest.mark.skipif(not DATA.exists(), reason="public ALFWorld data not present")
def test_replayed_week_raises_evidence_and_accept_merges_provenance(root: Path) -> None:
    conv = _converter()
    mem = Memory(root)
    week1 = conv.build_events(DATA, datetime(2026, 11, 16, 9, tzinfo=timezone.utc), "w1")
    mem.activity.append_many(week1)
    first = mem.consolidate_weekly(until=date(2026, 11, 23))
    assert not first.errors, first.errors
    created = sorted(first.created)
    assert created, first.stats  # at least one ALFWorld task type distilled

    queue = ReviewQueue(mem.store)
    before_ids = {
        it.id for it in queue.list_items()
    }  # week 1 may already have raised some (same-run duplicates)
    procs_before = {p: (root / p).read_bytes() for p in mem.store.iter_paths(("procedures",))}
    week2 = conv.build_events(DATA, datetime(2026, 11, 23, 9, tzinfo=timezone.utc), "w2")
    mem.activity.append_many(week2)
    second = mem.consolidate_weekly(until=date(2026, 11, 30))
    assert not second.errors, second.errors
    assert second.created == []  # no second procedure for the same work
    after = {p: (root / p).read_bytes() for p in mem.store.iter_paths(("procedures",))}
    assert set(after) == set(procs_before)
    assert {p for p in after if after[p] != procs_before[p]} == set(second.updated)
    for p in second.updated:  # repeated with nothing to add: the tasks are its successes
        meta = mem.store.read(p).meta
        assert int(meta["success_count"]) > 0 and any(str(s).startswith("w2-") for s in meta["sources"])

    items = [queue.get(p) for p in second.review]
    assert not {it.id for it in items} & before_ids
    by_target: dict[str, list] = {}
    for it in items:
        by_target.setdefault(it.target, []).append(it)
        assert it.sources and all(s.startswith("w2-") for s in it.sources)
        assert it.similarity is not None and it.similarity >= mem.config.thresholds.duplicate
    assert set(created) <= set(by_target) | set(second.updated), (created, sorted(by_target))

    again = mem.consolidate_weekly(until=date(2026, 11, 30))  # the same evidence is never raised twice
    assert again.created == [] and again.review == [] and again.updated == []
    open_before = len(queue.list_items())

    for it in items:
        queue.accept(it.id)
    assert {i.id for i in queue.list_items()} == before_ids and len(before_ids) == open_before - len(items)
    for target, its in by_target.items():
        note = mem.store.read(target)
        sources = [str(s) for s in note.meta["sources"]]
        for it in its:
            assert set(it.sources) <= set(sources)  # provenance: the new task ids are in the target
            assert f"merged from review {it.id}" in note.body
        assert any(s.startswith("w1-") for s in sources)  # the original provenance is kept

    final = mem.consolidate_weekly(until=date(2026, 11, 30))
    assert final.created == [] and final.review == []


def _kitchen_week(prefix: str, start: datetime) -> list[dict[str, object]]:
    """Two kinds of task, three successful instances each (a small, controlled week of activity)."""
    intents = [
        "put a clean mug in the coffee machine",
        "put a clean cup in the coffee machine",
        "put a clean bowl in the coffee machine",
        "heat an egg and put it in the fridge",
        "heat a potato and put it in the fridge",
        "heat an apple and put it in the fridge",
    ]
    events: list[dict[str, object]] = []
    for n, intent in enumerate(intents):
        t, tid, obj = start + timedelta(hours=2 * n), f"{prefix}-{n}", intent.split()[2]
        events.append({"ts": t.isoformat(), "type": "task_start", "task_id": tid, "summary": intent})
        for k, (tool, arg) in enumerate(
            [
                ("go", "go to countertop 1"),
                ("take", f"take {obj} 1"),
                ("go", "go to sinkbasin 1"),
                ("clean", f"clean {obj} 1"),
            ]
        ):
            events.append(
                {
                    "ts": (t + timedelta(seconds=10 * (k + 1))).isoformat(),
                    "type": "tool_use",
                    "task_id": tid,
                    "tool": tool,
                    "input": arg,
                }
            )
        events.append(
            {
                "ts": (t + timedelta(minutes=5)).isoformat(),
                "type": "task_end",
                "task_id": tid,
                "outcome": "success",
            }
        )
    return events


@pytest.mark.slow
def test_replay_of_controlled_week_via_cli(root: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    import json

    mem = Memory(root)
    mem.activity.append_many(_kitchen_week("w1", datetime(2026, 11, 16, 9, tzinfo=timezone.utc)))
    first = mem.consolidate_weekly(until=date(2026, 11, 23))
    assert len(first.created) == 2, first.to_dict()
    mem.activity.append_many(_kitchen_week("w2", datetime(2026, 11, 23, 9, tzinfo=timezone.utc)))
    second = mem.consolidate_weekly(until=date(2026, 11, 30))
    # the same work again, adding nothing: its three tasks are successes of each procedure, no review item
    assert second.created == [] and second.review == [] and sorted(second.updated) == sorted(first.created)
    assert sorted(mem.store.iter_paths(("procedures",))) == sorted(first.created)
    assert json.loads(run_cli("review", "list", "--json").stdout) == []
    for rel in first.created:
        meta = mem.store.read(rel).meta
        sources = [str(s) for s in meta["sources"]]
        assert (meta["success_count"], meta["confidence"]) == (3, 0.76)  # (3 + 0.8) / 5
        assert sum(s.startswith("w2-") for s in sources) == 3 and any(s.startswith("w1-") for s in sources)
    again = mem.consolidate_weekly(until=date(2026, 11, 30))  # never the same tasks twice
    assert again.review == [] and again.updated == []
