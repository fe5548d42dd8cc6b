"""Issue 15 / trial 29 re-check: a later week's requests in Japanese extend a weekly procedure's `aliases:`.

A procedure titled in English gets `aliases:` when 3 or more of its Japanese requests share a phrase in the week
that writes it; a later run that found the kind again never looked at the new requests. Here a piano tuner's
bookings (English calls, requests in English and Japanese) over two weeks, through `Memory.task` and
`consolidate_weekly`: two Japanese requests in week one and one in week two make the alias (the threshold counts
both weeks); a procedure named in Japanese already gets a second alias when the next week asks otherwise; a rerun
changes nothing; a person's note is never edited.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import yaml

from memdir import Memory

STEPS = [
    ("tuners.slots", "area=north week={n}"),
    ("bookings.create", "service=piano-tuning slot={n} duration=90"),
    ("mail.send", "template=tuning-confirmed booking={n}"),
]
EN = ["Book a piano tuning for customer {n}", "Book a piano tuning for customer {n}, please"]
JA_TUNING = [
    "お客様{n}のピアノ調律の予約をお願いします",
    "ピアノ調律の予約をお願いします（お客様{n}）",
    "お客様{n}、ピアノ調律の予約を入れてください",
]
JA_TUNER = [
    "お客様{n}の調律師の手配をお願いします",
    "調律師の手配をお願いします（お客様{n}）",
    "お客様{n}、調律師の手配を頼みます",
]


def _clock(day: int, hour: int) -> Callable[[], datetime]:
    def ticks() -> Iterator[datetime]:
        t = datetime(2026, 9, day, hour, tzinfo=timezone.utc)
        while True:
            t += timedelta(seconds=30)
            yield t

    it = ticks()
    return lambda: next(it)


def _week(mem: Memory, first_day: int, requests: list[str], base: int) -> None:
    for k, request in enumerate(requests):
        n = base + k
        with mem.task(request.format(n=n), clock=_clock(first_day + k % 5, 8 + k), agent="desk") as t:
            for tool, text in STEPS:
                t.tool_use(tool, text.format(n=n))
            t.success()


def _meta(path: Path) -> dict[str, object]:
    return dict(yaml.safe_load(path.read_text(encoding="utf-8").split("---")[1]))


def _procedure(root: Path) -> Path:
    found = [
        p for p in (root / "procedures").glob("*.md") if "origin: weekly" in p.read_text(encoding="utf-8")
    ]
    assert len(found) == 1, found
    return found[0]


def test_two_weeks_of_japanese_requests_make_the_alias_together(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    mem = Memory(root)
    mem.init()
    _week(mem, 7, [EN[0], EN[1], EN[0], JA_TUNING[0], JA_TUNING[1]], 300)
    first = mem.consolidate_weekly(until=date(2026, 9, 13))
    assert not first.errors, first.errors
    path = _procedure(root)
    assert "aliases" not in _meta(path)  # two Japanese requests: under the rule's three
    _week(mem, 14, [EN[1], EN[0], EN[1], JA_TUNING[2]], 400)
    second = mem.consolidate_weekly(until=date(2026, 9, 20))
    assert not second.errors, second.errors
    meta = _meta(path)
    assert meta["success_count"] == 4, meta
    assert meta.get("aliases") == ["ピアノ調律の予約"], meta
    written = path.read_bytes()
    again = mem.consolidate_weekly(until=date(2026, 9, 20))  # a rerun of the week
    assert not again.errors and path.read_bytes() == written


def test_a_new_phrase_of_a_later_week_is_a_second_alias(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    mem = Memory(root)
    mem.init()
    _week(mem, 7, [EN[0], EN[1], EN[0], JA_TUNING[0], JA_TUNING[1]], 300)
    mem.consolidate_weekly(until=date(2026, 9, 13))
    _week(mem, 14, [EN[1], EN[0], EN[1], JA_TUNING[2]], 400)
    mem.consolidate_weekly(until=date(2026, 9, 20))
    path = _procedure(root)
    assert _meta(path).get("aliases") == ["ピアノ調律の予約"]
    _week(mem, 21, [EN[0], EN[1], *JA_TUNER], 500)
    report = mem.consolidate_weekly(until=date(2026, 9, 27))
    assert not report.errors, report.errors
    meta = _meta(path)
    assert meta["success_count"] == 9, meta
    assert meta.get("aliases") == ["ピアノ調律の予約", "調律師の手配"], meta


def test_a_persons_note_found_again_is_not_edited(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    mem = Memory(root)
    mem.init()
    note = (
        "---\ndescription: How we book a piano tuning\norigin: human\n---\n\n# Book a piano tuning\n\n"
        "1. Find a slot: `tuners.slots area=north week=<week>`.\n"
        "2. Book it: `bookings.create service=piano-tuning slot=<slot> duration=90`.\n"
        "3. Confirm: `mail.send template=tuning-confirmed booking=<booking>`.\n"
    )
    person = root / "procedures" / "book-a-piano-tuning.md"
    person.write_text(note, encoding="utf-8")
    _week(mem, 14, [EN[0], EN[1], *JA_TUNER], 500)
    report = mem.consolidate_weekly(until=date(2026, 9, 20))
    assert not report.errors, report.errors
    assert person.read_text(encoding="utf-8") == note
