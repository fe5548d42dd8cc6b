"""Trial 29 re-check N5: a credential a call passed is no argument of the procedure's step.

The trial's refund step read `stripe_refund: … currency=jpy headers.Authorization=Bearer [REDACTED]`: masked, but
an agent following it is told to send the literal mask. Here a courier's label printing (English requests, a
bearer header) and a library's reservations (Japanese requests, an `api_key` argument), each a week of an agent's
tasks through `Memory.task` and `consolidate_weekly`: the written step leaves the credential out and says to
authenticate as configured, and a second week of the same calls is still counted on the note (it followed it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from memdir import Memory

CASES = {
    "en": (
        "Print the express label for parcel {n}",
        [
            ("parcels.get", lambda n: {"parcel": f"PX-{n}"}),
            (
                "labels.create",
                lambda n: {
                    "parcel": f"PX-{n}",
                    "service": "express",
                    "headers": {"Authorization": "Bearer lbl_live_9fK2mQ7xR4vT8wZ1pL6n"},
                },
            ),
            ("printer.send", lambda n: {"queue": "dock-2", "parcel": f"PX-{n}"}),
        ],
        "headers.Authorization: Bearer",
    ),
    "ja": (
        "蔵書{n}の取り置きを予約して",
        [
            ("catalog.find", lambda n: {"isbn": f"978-4-{n}"}),
            (
                "holds.create",
                lambda n: {"isbn": f"978-4-{n}", "branch": "中央館", "api_key": "Hq7Zp2Lx9Vt4Rk8Wm3Ys"},
            ),
            ("sms.send", lambda n: {"template": "取り置き完了", "isbn": f"978-4-{n}"}),
        ],
        "api_key",
    ),
}


def _clock(day: int, hour: int) -> Callable[[], datetime]:
    def ticks() -> Iterator[datetime]:
        t = datetime(2026, 10, day, hour, tzinfo=timezone.utc)
        while True:
            t += timedelta(seconds=30)
            yield t

    it = ticks()
    return lambda: next(it)


def _week(mem: Memory, lang: str, first_day: int, base: int) -> None:
    intent, steps, _ = CASES[lang]
    for k in range(3):
        n = base + k
        with mem.task(intent.format(n=n), clock=_clock(first_day + k, 9 + k), agent="desk") as t:
            for tool, args in steps:
                t.tool_use(tool, args(n))
            t.success()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_credential_argument_is_written_as_configured_not_as_a_mask(tmp_path: Path, lang: str) -> None:
    root = tmp_path / "mem"
    mem = Memory(root)
    mem.init()
    _week(mem, lang, 5, 5100)
    report = mem.consolidate_weekly(until=date(2026, 10, 11))
    assert not report.errors, report.errors
    assert len(report.created) == 1, report.created
    path = root / report.created[0]
    text = path.read_text(encoding="utf-8")
    steps = text.split("## Steps", 1)[1].split("\n## ", 1)[0]
    assert "REDACTED" not in steps and "redacted" not in steps, steps
    line = next(ln for ln in steps.splitlines() if "holds.create" in ln or "labels.create" in ln)
    assert "authenticate as configured" in line and CASES[lang][2] in line, line
    assert "lbl_live" not in text and "Hq7Zp2" not in text
    # the next week's same calls followed the note: counted on it, not a stale item
    _week(mem, lang, 12, 5200)
    again = mem.consolidate_weekly(until=date(2026, 10, 18))
    assert not again.errors, again.errors
    meta = yaml.safe_load(path.read_text(encoding="utf-8").split("---")[1])
    assert meta["success_count"] == 3, meta
    assert not list((root / "review").glob("*.md"))
