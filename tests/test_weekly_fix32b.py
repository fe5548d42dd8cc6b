"""fix32b: weekly repeats of an existing procedure in a light week (fewer than `min_successes` tasks of a kind).

1. A task that ran every step of a procedure and ADDED a call (or ran a step with another value) got nothing:
   no count and no review item, where the same work 3 times a week gets a `merge_candidate` on the note. Now
   it gets that item (the added steps, the values written otherwise), the note untouched; a one-off that
   shares one call with a note gets none. Since trial 27 #4 an added call is proposed only when most of
   those tasks (two or more) made it, with the step it goes after.
2. A counted repeat and its Outcome-notes line were two writes: a crash between them left a count without its
   line. Now one compare-and-swap write: the note is fully before or fully after.

Real files; `memdir consolidate weekly` in a subprocess. Here: a bike repair shop (English), a tea-ceremony
school's 茶会の予約 (Japanese), a pottery studio's kiln firing (the crash test).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from cli_helper import run_memdir
from repeat_weeks import repeat_root, repeat_task

UNTIL = "2026-11-30"  # the week [11-23, 11-30)


def _weekly(root: Path) -> str:
    res = run_memdir(["consolidate", "weekly", "--until", UNTIL], root)
    assert res.returncode == 0, res.stderr
    return res.stdout


def _items(root: Path) -> list[str]:
    folder = root / "review"
    return sorted(p.read_text(encoding="utf-8") for p in folder.glob("*.md")) if folder.is_dir() else []


TUNE = """---
description: How to tune up a customer's bike at the shop
tags: [bikes]
---

# Tune up a bike

1. stand.mount: `bike={bike} clamp=seatpost`
2. brakes.adjust: `pads=koolstop gap=1mm`
3. gears.index: `derailleur=rear cable_tension=standard`
4. ticket.close: `bike={bike} template=tuneup_done_v2`
"""


def _tune(day: int, tid: str, bike: str, extra: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    calls: list[tuple[str, dict[str, Any]]] = [
        ("stand.mount", {"bike": bike, "clamp": "seatpost"}),
        ("brakes.adjust", {"pads": "koolstop", "gap": "1mm"}),
        ("gears.index", {"derailleur": "rear", "cable_tension": "standard"}),
        *extra,
        ("ticket.close", {"bike": bike, "template": "tuneup_done_v2"}),
    ]
    return repeat_task(day, tid, f"Tune up {bike}", calls)


def _sale(day: int, tid: str) -> list[dict[str, Any]]:
    """A sale at the counter that only closes a ticket of the note's template: a one-off, not a tune-up."""
    return repeat_task(
        day,
        tid,
        "Sell a bell and close the ticket",
        [
            ("counter.sell", {"item": "bell", "price": 12}),
            ("ticket.close", {"bike": "walk-in", "template": "tuneup_done_v2"}),
        ],
    )


def test_tasks_that_add_a_step_in_a_light_week_get_the_review_item(tmp_path: Path) -> None:
    extra = [("chain.replace", {"chain": "KMC X11", "links": 114})]
    week = [_tune(24, "bk-7", "trek-fx3", extra), _tune(26, "bk-8", "cube-aim", extra)]
    root = repeat_root(tmp_path, TUNE, "tune-up-a-bike.md", week)
    before = (root / "procedures" / "tune-up-a-bike.md").read_text(encoding="utf-8")
    _weekly(root)
    items = _items(root)
    assert len(items) == 1, items
    item = items[0]
    assert "kind: merge_candidate" in item and "target: procedures/tune-up-a-bike.md" in item, item
    assert "Steps the new tasks took that this note does not list:" in item, item
    # both tasks added it (trial 27 #4: one task's one-off call is no step); where it goes is said
    assert "chain.replace: `chain=KMC X11 links=114` (after step 3)" in item, item
    assert "bk-7" in item and "bk-8" in item, item
    # the person's file is untouched: no count, no line
    assert (root / "procedures" / "tune-up-a-bike.md").read_text(encoding="utf-8") == before
    _weekly(root)  # a rerun of the week raises nothing new
    assert _items(root) == items
    # a one-off that shares one call (`ticket.close`) with the note gets none
    sale = repeat_root(tmp_path / "sale", TUNE, "tune-up-a-bike.md", [_sale(25, "bk-9")])
    _weekly(sale)
    assert _items(sale) == []


CHAKAI = """---
description: 茶会の予約を受けて席と道具を用意する
tags: [茶道教室]
---

# 茶会の予約

1. 席を押さえる: `chado-cli seat hold --room 広間 --guests {guests}`
2. 道具を出す: `chado-cli dogu prepare --set 風炉 --season 秋`
3. 確認を送る: `chado-cli mail send --template 茶会確認 --to {guest}`
"""


def _chakai(day: int, tid: str, guest: str, season: str) -> list[dict[str, Any]]:
    return repeat_task(
        day,
        tid,
        f"{guest} 様の茶会を予約する",
        [
            ("shell", {"command": "chado-cli seat hold --room 広間 --guests 5"}),
            ("shell", {"command": f"chado-cli dogu prepare --set 風炉 --season {season}"}),
            ("shell", {"command": f"chado-cli mail send --template 茶会確認 --to {guest}"}),
        ],
    )


def test_a_japanese_task_that_changes_a_constant_gets_the_item_naming_the_values(tmp_path: Path) -> None:
    root = repeat_root(tmp_path, CHAKAI, "茶会の予約.md", [_chakai(26, "cha-3", "yamada", "冬")])
    before = (root / "procedures" / "茶会の予約.md").read_text(encoding="utf-8")
    _weekly(root)
    items = _items(root)
    assert len(items) == 1, items
    item = items[0]
    assert "target: procedures/茶会の予約.md" in item, item
    assert "Values this note writes that the new tasks wrote otherwise:" in item, item
    assert (
        "step 2 writes `chado-cli dogu prepare --set 風炉 --season 秋`; task `cha-3` wrote "
        "`chado-cli dogu prepare --set 風炉 --season 冬`" in item
    ), item
    assert (root / "procedures" / "茶会の予約.md").read_text(encoding="utf-8") == before
    # the same task run exactly as written is counted, not reviewed (fix30e, unchanged)
    exact = repeat_root(tmp_path / "exact", CHAKAI, "茶会の予約.md", [_chakai(26, "cha-4", "sato", "秋")])
    _weekly(exact)
    assert _items(exact) == []
    assert "success_count: 1" in (exact / "procedures" / "茶会の予約.md").read_text(encoding="utf-8")


KILN = """---
description: How to fire a bisque load in the studio kiln
origin: weekly
confidence: 0.4
success_count: 0
failure_count: 0
sources: [k-1, k-2, k-3]
---

# Fire a bisque load

1. kiln.load: `shelf={shelf} cones=06`
2. kiln.fire: `program=bisque_slow hold=10m`
"""


class _Killed(BaseException):
    pass


def _die_at(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dies_at: int) -> tuple[str, str]:
    """Run the week, the process dying at the note's first write (`dies_at` 0) or at a second one (1): the
    note's text before and after."""
    from memdir import Memory
    from memdir.index.embedder import get_embedder
    from memdir.notes.store import NoteStore

    task = repeat_task(
        25,
        "k-9",
        "Fire the Tuesday bisque",
        [
            ("kiln.load", {"shelf": "B", "cones": "06"}),
            ("kiln.fire", {"program": "bisque_slow", "hold": "10m"}),
        ],
    )
    root = repeat_root(tmp_path / str(dies_at), KILN, "fire-a-bisque-load.md", [task])
    note = root / "procedures" / "fire-a-bisque-load.md"
    before = note.read_text(encoding="utf-8")
    real = NoteStore.update_meta
    writes = {"n": 0}

    def dying(self: NoteStore, relpath: str, *args: Any, **kwargs: Any) -> Any:
        if relpath.endswith("fire-a-bisque-load.md"):
            if writes["n"] >= dies_at:
                raise _Killed  # the process dies here
            writes["n"] += 1
        return real(self, relpath, *args, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(NoteStore, "update_meta", dying)
        try:
            Memory(root, embedder=get_embedder("hashing")).consolidate_weekly(until=date.fromisoformat(UNTIL))
        except _Killed:
            pass
    return before, note.read_text(encoding="utf-8")


def test_a_crash_leaves_the_note_fully_before_or_fully_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The count and its Outcome-notes line are never apart, wherever the process dies."""
    line = "- 2026-11-25 success: repeated by task k-9 (weekly)"
    before, text = _die_at(tmp_path, monkeypatch, 0)  # dies at the first write: nothing written
    assert text == before, text
    before, text = _die_at(tmp_path, monkeypatch, 1)  # dies after one write: that write holds it all
    assert "success_count: 1" in text and line in text, text
    assert "k-9" in text.split("---", 2)[1], text  # its source
