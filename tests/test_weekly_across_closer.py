"""Trial 27 re-check #8 (fix36b): a person's note in the other language tells the week's work, and other notes or
skills, unrelated, are closer to the kind by title. The cross-language check by the kind's calls (`kind_across.py`)
was asked of the closest note only, so the weekly wrote a second procedure beside the person's. Now the person's
note the calls pair with gets the one review item, its file unchanged, and no procedure is written; a Japanese note
of other work with the same tool words is no repeat. Other work than the trial's (a museum's climate loggers): a
hotel's minibars (English requests, Japanese tools and note), a greenhouse's irrigation (Japanese requests,
English tools and note)."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from week_log import run_weekly, task_events, write_log

from memdir import Memory

UNTIL = date(2026, 11, 30)


def _note(description: str, title: str, steps: list[str]) -> str:
    body = "\n".join(f"{n}. {s}" for n, s in enumerate(steps, 1))
    return f"---\ndescription: {description}\norigin: human\n---\n\n# {title}\n\n{body}\n"


def _root(tmp_path: Path, name: str, notes: dict[str, str], tasks: list[list[dict[str, Any]]]) -> Path:
    root = tmp_path / name
    Memory(root).init()
    for rel, text in notes.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    write_log(root, tasks)
    return root


def _procedures(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "procedures").glob("*.md"))


def _items(root: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((root / "review").glob("rv-*.md"))]


def _one_item_on(root: Path, rel: str, before: dict[str, bytes], e5: object) -> str:
    report = run_weekly(root, e5, UNTIL)
    assert report.created == [], report.created  # no second procedure beside the person's
    items = _items(root)
    assert len(items) == 1, items
    assert "kind: merge_candidate" in items[0] and f"target: {rel}" in items[0], items[0]
    assert all((root / p).read_bytes() == b for p, b in before.items())  # every person's file, byte for byte
    return items[0]


# --- a Japanese note, English requests, Japanese tool names --------------------------------------------------

MINIBAR_JA = _note(
    "客室のミニバーを補充して宿泊客に請求する手順",
    "ミニバーの補充",
    [
        "客室のミニバーの在庫を数える。",
        "足りない品を倉庫に発注する。",
        "消費した分を宿泊客の請求に登録する。",
    ],
)
CLOSER_EN = {  # English, closer to "Restock the minibar …" by title, other work
    "skills/restock-the-lobby-coffee-station.md": _note(
        "Restock the lobby coffee station before breakfast",
        "Restock the lobby coffee station",
        ["Refill the beans and the milk.", "Wipe the counter.", "Stack clean cups by the machine."],
    ),
    "skills/restock-the-housekeeping-cart.md": _note(
        "How to restock a housekeeping cart for the morning shift",
        "Restock the housekeeping cart",
        ["Load towels and sheets.", "Add soap and shampoo bottles.", "Check the cart's wheels."],
    ),
    "procedures/room-service-tray-pickup.md": _note(
        "Collect room service trays from the corridors",
        "Room service tray pickup",
        [
            "Walk each floor after 21:00.",
            "Take trays to the kitchen lift.",
            "Log the rooms in the tray sheet.",
        ],
    ),
}


def _minibar(day: int, tid: str, room: str) -> list[dict[str, Any]]:
    calls = [
        ("在庫確認", {"room": room, "minibar": "standard"}, "2 items missing"),
        ("倉庫発注", {"room": room, "store": "floor-pantry"}, "ordered"),
        ("請求登録", {"room": room, "folio": "minibar"}, "charged"),
    ]
    when = datetime(2026, 11, day, 10, 0, tzinfo=timezone.utc)
    return task_events(
        when, tid, f"Restock the minibar in room {room} and bill the guest", calls, "Restocked."
    )


def _minibar_root(tmp_path: Path, name: str, notes: dict[str, str]) -> Path:
    tasks = [_minibar(d, f"mb-{n}", r) for n, (d, r) in enumerate([(23, "412"), (24, "518"), (26, "207")])]
    return _root(tmp_path, name, notes, tasks)


def test_a_japanese_note_is_found_with_english_skills_closer_by_title(tmp_path: Path, e5: object) -> None:
    notes = {"procedures/ミニバーの補充.md": MINIBAR_JA, **CLOSER_EN}
    root = _minibar_root(tmp_path, "minibar", notes)
    before = {rel: (root / rel).read_bytes() for rel in notes}
    item = _one_item_on(root, "procedures/ミニバーの補充.md", before, e5)
    assert "(3 tasks)" in item, item  # the evidence: the three tasks, counted
    assert "Reply" not in item.split("## Candidate", 1)[1], item  # "Restocked." confirms the calls: no step


# --- an English note, Japanese requests, English tool names -------------------------------------------------

IRRIGATION_EN = _note(
    "Weekly check of a greenhouse's drip irrigation",
    "Check the greenhouse irrigation",
    [
        "Read the soil moisture sensors of the bed.",
        "Adjust the drip valves to the crop's target.",
        "Tell the head grower what was changed.",
    ],
)
CLOSER_JA = {  # Japanese, closer to 「温室…の潅水を点検…」 by title, other work
    "procedures/温室の換気扇の点検.md": _note(
        "温室の換気扇を月に一度点検する",
        "温室の換気扇の点検",
        ["羽根のほこりを落とす。", "モーターの音を聞く。", "異常があれば施設係に伝える。"],
    ),
    "skills/温室の苗の植え替え.md": _note(
        "温室の苗を大きい鉢に植え替える",
        "温室の苗の植え替え",
        ["新しい鉢に培養土を入れる。", "苗を根ごと移す。", "たっぷり水をやる。"],
    ),
}


def _bed(day: int, tid: str, bed: str) -> list[dict[str, Any]]:
    calls = [
        ("read_soil_moisture", {"bed": bed, "depth_cm": 10}, "moisture 18%"),
        ("adjust_drip_valve", {"bed": bed, "target": "crop"}, "valve set"),
        ("message_head_grower", {"to": "grower@greenhouse.example", "bed": bed}, "sent"),
        (
            "upload_bed_photo",
            {"bed": bed, "album": "irrigation-2026"},
            "uploaded",
        ),  # the note does not say this
    ]
    when = datetime(2026, 11, day, 7, 0, tzinfo=timezone.utc)
    return task_events(
        when, tid, f"温室の{bed}番ベッドの潅水を点検して、主任に知らせてください", calls, "done"
    )


def test_an_english_note_is_found_with_japanese_notes_closer_by_title(tmp_path: Path, e5: object) -> None:
    notes = {"procedures/check-the-greenhouse-irrigation.md": IRRIGATION_EN, **CLOSER_JA}
    tasks = [_bed(d, f"gh-{n}", b) for n, (d, b) in enumerate([(23, "3"), (25, "7"), (27, "12")])]
    root = _root(tmp_path, "greenhouse", notes, tasks)
    before = {rel: (root / rel).read_bytes() for rel in notes}
    item = _one_item_on(root, "procedures/check-the-greenhouse-irrigation.md", before, e5)
    candidate = item.split("## Candidate", 1)[1]
    assert "upload_bed_photo" in candidate, item  # the one step the note lacks, and only it
    assert not any(t in candidate for t in ("read_soil_moisture", "adjust_drip_valve", "message_head_grower"))


# --- no false merge: a Japanese note of other work, the same tool words -------------------------------------

MINIBAR_REPAIR_JA = _note(
    "故障したミニバーの修理を手配する",
    "ミニバーの故障対応",
    [
        "ミニバーの冷却が止まっていないか確かめる。",
        "止まっていれば設備業者に修理を依頼する。",
        "修理の日時を客室係に伝える。",
    ],
)


@pytest.mark.parametrize("closer", [False, True])
def test_a_japanese_note_of_other_work_is_no_repeat(tmp_path: Path, e5: object, closer: bool) -> None:
    notes = {"procedures/ミニバーの故障対応.md": MINIBAR_REPAIR_JA, **(CLOSER_EN if closer else {})}
    root = _minibar_root(tmp_path, "repair", notes)
    report = run_weekly(root, e5, UNTIL)
    assert len(report.created) == 1, (report.created, _items(root))  # the restocking is its own procedure
    assert not [i for i in _items(root) if "ミニバーの故障対応" in i]
