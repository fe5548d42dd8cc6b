"""A weekly procedure titled in English but asked for in Japanese too names itself in Japanese (`aliases:`).

Trial 28 N2 / trial 29 #8: a procedure distilled from requests in two languages carried only English words, so a
Japanese question (`context "予約の取り方"`) found it only as weak. The weekly now writes `aliases:` with what three
or more of its Japanese requests share, each word written by two of them at least (never one task's name or
date); the index reads aliases as the title (`weekly/asked_across.py`). A dry cleaner's pickups (English tools,
requests in both languages) and a bike courier's deliveries with one Japanese request (no alias).
"""

from __future__ import annotations

import json
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from cli_helper import run_memdir
from week_log import run_weekly, task_events, write_log

from memdir import Memory
from memdir.notes.frontmatter import split_text
from memdir.yamlload import load_limited

UNTIL = date(2026, 11, 30)


def _task(day: int, tid: str, request: str, customer: str, item: str) -> list[dict[str, Any]]:
    calls = [
        ("customer_lookup", {"name": customer}, f"customer {customer}"),
        ("schedule_pickup", {"customer": customer, "items": item, "van": "van-2"}, "pickup booked"),
        ("sms_customer", {"to": customer, "text": "Your pickup is booked"}, "sent"),
    ]
    return task_events(datetime(2026, 11, day, 9, 0, tzinfo=timezone.utc), tid, request, calls, "Booked.")


def _root(tmp_path: Path, requests: list[tuple[str, str, str]]) -> Path:
    root = tmp_path / "shop"
    Memory(root).init()
    write_log(root, [_task(23 + n, f"dc-{n}", r, c, i) for n, (r, c, i) in enumerate(requests)])
    return root


def _meta(root: Path, rel: str) -> dict[str, Any]:
    meta = load_limited(split_text((root / rel).read_text(encoding="utf-8")).yaml_text)
    assert isinstance(meta, dict)
    return meta


def test_a_kind_asked_in_japanese_three_times_gets_their_shared_words_as_an_alias(
    tmp_path: Path, e5: object
) -> None:
    root = _root(
        tmp_path,
        [
            ("Schedule a pickup of Mr Lee's suits for Friday", "Lee", "suits"),
            ("山田さんのコートの集荷を金曜に手配してください", "Yamada", "coat"),
            ("Please schedule a pickup for the Brown curtains on Monday", "Brown", "curtains"),
            ("佐藤さんのカーテンの集荷を月曜に手配して", "Sato", "curtains"),
            ("鈴木さんのスーツの集荷を明日手配してください", "Suzuki", "suits"),
        ],
    )
    report = run_weekly(root, e5, UNTIL)
    assert len(report.created) == 1, report.created
    rel = report.created[0]
    meta = _meta(root, rel)
    aliases = meta.get("aliases")
    assert isinstance(aliases, list) and len(aliases) == 1, meta
    assert "集荷" in aliases[0], aliases
    assert not any(x in aliases[0] for x in ("山田", "佐藤", "鈴木", "コート", "カーテン", "金曜", "月曜")), (
        aliases
    )
    res = run_memdir(["search", "集荷の手配のやり方", "--json"], root)  # a Japanese question finds it
    assert res.returncode == 0, res.stderr
    hits = json.loads(res.stdout)
    assert hits and hits[0]["path"] == rel, hits


def test_one_japanese_request_gives_no_alias(tmp_path: Path, e5: object) -> None:
    root = _root(
        tmp_path,
        [
            ("Schedule a pickup of Mr Lee's suits for Friday", "Lee", "suits"),
            ("Please schedule a pickup for the Brown curtains on Monday", "Brown", "curtains"),
            ("山田さんのコートの集荷を金曜に手配してください", "Yamada", "coat"),
            ("Schedule a pickup for Ms Green's rugs tomorrow", "Green", "rugs"),
        ],
    )
    report = run_weekly(root, e5, UNTIL)
    assert len(report.created) == 1, report.created
    assert "aliases" not in _meta(root, report.created[0])  # one request's words name no kind
