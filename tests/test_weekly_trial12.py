"""Trial 12's weekly problems, on weeks of other domains (real files, real weekly runs):

- a person's note that names the same report, message template and sheet as the tasks is found, though
  one of its lines names a second template in parentheses for another case (`named.py`: an aside);
- a note that received a usage report (`## Outcome notes`, written by the daily run) is still found: the
  dated outcome lines name episodes, not steps;
- a review item does not offer the steps the note lists in its own words at the same place
  (`listed.listed_in_order`);
- a value the note writes as a constant that the new tasks all wrote differently is in the review item.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder

from memdir import Memory

START = datetime(2026, 11, 23, 0, 30, tzinfo=timezone.utc)


def task(day: int, tid: str, summary: str, calls: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """A workflow tool's execution flattened to the activity log: one node per call, its parameters as input
    (`day` counts from Monday 23 November)."""
    at = START + timedelta(days=day, minutes=7 * (len(tid) + day))
    out: list[dict[str, Any]] = [
        {"ts": at.isoformat(), "type": "task_start", "task_id": tid, "summary": summary}
    ]
    for n, (tool, given) in enumerate(calls):
        ts = (at + timedelta(minutes=n + 1)).isoformat()
        out.append(
            {
                "ts": ts,
                "type": "tool_use",
                "task_id": tid,
                "tool": tool,
                "input": given,
                "node": f"{tool} {n}",
            }
        )
        out.append({"ts": ts, "type": "tool_result", "task_id": tid, "tool": tool, "status": "ok"})
    end = (at + timedelta(minutes=20)).isoformat()
    out.append({"ts": end, "type": "task_end", "task_id": tid, "outcome": "success"})
    return [json.dumps(e, ensure_ascii=False) for e in out]


def run_week(root: Path, tasks: list[list[str]], notes: dict[str, str], until: Any = UNTIL) -> None:
    if not root.exists():
        Memory(root).init()
    day = until - timedelta(days=5)
    (root / "activity" / f"{day.isoformat()}.jsonl").write_text(
        "\n".join(line for t in tasks for line in t) + "\n", encoding="utf-8"
    )
    for rel, text in notes.items():
        (root / rel).write_text(text, encoding="utf-8")
    report = Memory(root, embedder=WordEmbedder()).consolidate_weekly(until=until)  # type: ignore[arg-type]
    assert report.errors == []


def items_on(root: Path, note: str) -> list[str]:
    return [
        p.read_text(encoding="utf-8")
        for p in sorted((root / "review").glob("*.md"))
        if f"target: {note}" in p.read_text(encoding="utf-8")
    ]


def candidate(item: str) -> str:
    return item.split("## Candidate", 1)[1]


# --- #3: a person's note with an aside in parentheses ----------------------------------------------

RECALL_NOTE = """---
description: how we send the recall reminders
origin: human
---

# Recall reminders

Owner: the front desk. Ask the hygienist if a patient is overdue by more than a year.

1. In the practice system, run the report 「Recall Due Tomorrow」.
2. Check each phone number against the chart.
3. Text each patient with the SMS template "TPL-Recall-EN" (Spanish-speaking patients: "TPL-Recall-ES").
4. Log the reminders in the sheet Recalls2026 (one row per patient).
"""


def recall(day: int, n: int, patient: str, phone: str) -> list[str]:
    return task(
        day,
        f"rc-{day}{n}",
        f"Send the recall reminder to {patient}",
        [
            (
                "Dentrix",
                {"operation": "runReport", "report": "Recall Due Tomorrow", "site": "Harbor St", "days": 1},
            ),
            (
                "Twilio",
                {"operation": "sendSms", "from": "HarborDental", "to": phone, "template": "TPL-Recall-EN"},
            ),
            (
                "Google Sheets",
                {"operation": "appendRow", "spreadsheet": "Recalls2026", "values": [patient, phone]},
            ),
        ],
    )


def test_a_persons_note_naming_a_second_template_in_parentheses_is_found(tmp_path: Path) -> None:
    root = tmp_path / "root"
    tasks = [
        recall(0, 1, "Olsen", "+1-555-0101"),
        recall(1, 2, "Mbeki", "+1-555-0177"),
        recall(2, 3, "Tanaka", "+1-555-0142"),
    ]
    run_week(root, tasks, {"procedures/recall-reminders.md": RECALL_NOTE})
    assert sorted(p.name for p in (root / "procedures").glob("*.md")) == ["recall-reminders.md"]
    items = items_on(root, "procedures/recall-reminders.md")
    assert len(items) == 1
    assert "adds no step the note lacks" in items[0]  # the sheet is its line 4, the SMS template its line 3
    assert (root / "procedures" / "recall-reminders.md").read_text(encoding="utf-8") == RECALL_NOTE


# --- #4: outcome lines do not hide the note ---------------------------------------------------------

CLOSURE_NOTE = """---
description: 休講の連絡のしかた
origin: daily
sources:
- episodes/2026-11-02.md#1000-休講連絡
---

# 休講の連絡手順

1. 「生徒名簿」シートを開き、対象クラスで絞り込む
2. Gmail テンプレート「休講のお知らせ_v1」で保護者に送る
3. 教室の「掲示板/休講」フォルダに告知を置く
"""

OUTCOMES = """
## Outcome notes

- 2026-11-20 success: いつもの手順で休講の連絡をした（中2数学、台風のため）。 (episodes/2026-11-20.md#1710-休講連絡-中2)
- 2026-11-21 success: 同じ手順で高1英語の休講を連絡。 (episodes/2026-11-21.md#0905-休講-高1英語)
- 2026-11-22 success: 中1国語の休講連絡、問題なし。 (episodes/2026-11-22.md#1130-中1国語)
"""


def closure(day: int, n: int, klass: str, when: str) -> list[str]:
    return task(
        day,
        f"ky-{day}{n}",
        f"/休講連絡 {klass} {when}",
        [
            ("Google Sheets", {"operation": "read", "spreadsheet": "生徒名簿", "filter": f"class={klass}"}),
            (
                "Gmail",
                {
                    "operation": "send",
                    "to": f"保護者 of {klass}",
                    "template": "休講のお知らせ_v1",
                    "date": when,
                },
            ),
            ("Google Drive", {"operation": "upload", "folder": "掲示板/休講", "name": f"休講_{klass}.pdf"}),
        ],
    )


def test_outcome_lines_do_not_hide_a_note_from_the_duplicate_check(tmp_path: Path) -> None:
    root = tmp_path / "root"
    tasks = [
        closure(0, 1, "中3理科", "11/24"),
        closure(1, 2, "小6算数", "11/25"),
        closure(2, 3, "高2化学", "11/26"),
    ]
    note = CLOSURE_NOTE + OUTCOMES
    run_week(root, tasks, {"procedures/休講の連絡手順.md": note})
    assert sorted(p.name for p in (root / "procedures").glob("*.md")) == ["休講の連絡手順.md"]
    # found as the same work; a daily note it adds nothing to records the tasks as successes (trial 14 #3)
    assert items_on(root, "procedures/休講の連絡手順.md") == []
    text = (root / "procedures" / "休講の連絡手順.md").read_text(encoding="utf-8")
    assert "success_count: 3" in text and all(f"ky-{d}{d + 1}" in text for d in range(3))


# --- #9: steps the note lists in its own words at the same place ----------------------------------

SHIFT_NOTE = """---
description: シフト交代の連絡
origin: human
---

# シフト交代の連絡手順

1. 「勤務表2026」シートで交代する二人の行を更新する
2. Gmail テンプレート「シフト交代のお知らせ」で二人に送る
3. Chatwork の #夜勤 ルームに交代を書き込む
4. Google カレンダーの勤務の予定を入れ替える
"""


def shift(day: int, n: int, a: str, b: str, date: str) -> list[str]:
    return task(
        day,
        f"sf-{day}{n}",
        f"シフト交代 {a}→{b} {date}",
        [
            (
                "Google Sheets",
                {"operation": "update", "spreadsheet": "勤務表2026", "row": f"{a},{b}", "date": date},
            ),
            (
                "Gmail",
                {"operation": "send", "to": f"{a}, {b}", "template": "シフト交代のお知らせ", "date": date},
            ),
            (
                "Chatwork",
                {
                    "operation": "postMessage",
                    "room": "#夜勤",
                    "body": f"{date} の夜勤は {a} さんから {b} さんに交代です",
                },
            ),
            ("Google Calendar", {"operation": "updateEvent", "event": f"夜勤 {date}", "attendee": b}),
        ],
    )


def test_a_review_item_does_not_offer_steps_the_note_lists_in_its_own_words(tmp_path: Path) -> None:
    root = tmp_path / "root"
    tasks = [
        shift(0, 1, "佐々木", "大野", "12/01"),
        shift(1, 2, "石田", "吉川", "12/03"),
        shift(2, 3, "森", "北村", "12/05"),
    ]
    run_week(root, tasks, {"procedures/シフト交代の連絡手順.md": SHIFT_NOTE})
    items = items_on(root, "procedures/シフト交代の連絡手順.md")
    assert len(items) == 1
    assert "Chatwork" not in candidate(items[0])
    assert "updateEvent" not in candidate(items[0])
    assert "adds no step the note lacks" in items[0]


# --- #7: a constant every new task wrote otherwise ---------------------------------------------------


def dues(day: int, n: int, member: str, desk: str, period: str, due: str) -> list[str]:
    return task(
        day,
        f"du-{period}-{n}",
        f"Bill the desk fee for {member}",
        [
            (
                "Stripe",
                {
                    "operation": "createInvoice",
                    "customer": member,
                    "item": desk,
                    "period": period,
                    "due": due,
                },
            ),
            ("Gmail", {"operation": "send", "to": f"{member}@members.example.org", "template": "DeskFee-EN"}),
        ],
    )


def test_a_value_every_new_task_wrote_otherwise_is_in_the_review_item(tmp_path: Path) -> None:
    root = tmp_path / "root"
    november = [
        dues(0, 1, "kowalski", "hot-desk", "2026-11", "2026-12-05"),
        dues(1, 2, "achebe", "fixed-desk-4", "2026-11", "2026-12-05"),
        dues(2, 3, "lindqvist", "studio-2", "2026-11", "2026-12-05"),
    ]
    run_week(root, november, {})
    (note,) = sorted((root / "procedures").glob("*.md"))
    assert "due=2026-12-05" in note.read_text(encoding="utf-8")
    december = [
        dues(7, 4, "okafor", "hot-desk", "2026-12", "2027-01-05"),
        dues(8, 5, "brandt", "studio-1", "2026-12", "2027-01-05"),
        dues(9, 6, "moreau", "fixed-desk-2", "2026-12", "2027-01-05"),
    ]
    run_week(root, december, {}, until=UNTIL + timedelta(days=7))
    assert sorted((root / "procedures").glob("*.md")) == [note]
    (item,) = items_on(root, f"procedures/{note.name}")
    assert "adds no step the note lacks" not in item
    assert "`due=2026-12-05`; the new tasks all wrote `due=2027-01-05`" in candidate(item)
    assert "`period=2026-11`; the new tasks all wrote `period=2026-12`" in candidate(item)


# --- #6: placeholder names and file names ---------------------------------------------------------


def quote(day: int, n: int, client: str, amount: int) -> list[str]:
    return task(
        day,
        f"qt-{day}{n}",
        f"見積書を作成して送付：{client}様 {amount}円",
        [
            (
                "board",
                {
                    "operation": "createQuote",
                    "template": "見積テンプレートA",
                    "client": client,
                    "amount": amount,
                },
            ),
            (
                "Gmail",
                {"operation": "send", "to": f"sales@{client.lower()}.example.jp", "template": "TPL-見積送付"},
            ),
        ],
    )


def test_a_file_name_drops_the_counters_of_its_placeholders(tmp_path: Path) -> None:
    root = tmp_path / "root"
    run_week(root, [quote(0, 1, "MORI", 45000), quote(1, 2, "KAWASE", 128000), quote(2, 3, "ONO", 9800)], {})
    assert [p.name for p in (root / "procedures").glob("*.md")] == ["見積書を作成して送付.md"]


def minibus(day: int, n: int, group: str, seats: int, dates: str) -> list[str]:
    return task(
        day,
        f"mb-{day}{n}",
        f"Book a minibus from Kintaro Coaches for {group}, {seats} seats, {dates}",
        [
            (
                "Gmail",
                {
                    "operation": "send",
                    "to": "desk@kintaro.example.com",
                    "subject": f"Minibus - {group} - {dates}",
                },
            ),
            (
                "Slack",
                {
                    "operation": "postMessage",
                    "channel": "#transport",
                    "text": f"Minibus booked at Kintaro: {group}, {seats} seats, {dates}",
                },
            ),
        ],
    )


def test_a_placeholder_is_not_named_after_the_word_a_message_ends_with(tmp_path: Path) -> None:
    root = tmp_path / "root"
    tasks = [
        minibus(0, 1, "Lopez wedding", 14, "Apr 3-4"),
        minibus(1, 2, "KLM Foods", 20, "May 12-14"),
        minibus(2, 3, "Year 9 trip", 9, "Jun 1-2"),
    ]
    run_week(root, tasks, {})
    (made,) = (root / "procedures").glob("*.md")
    text = made.read_text(encoding="utf-8")
    assert "{kintaro}" not in text  # the company the message names, not the group
    assert "{dates}" in text
