"""Trial 22 re-check N1: a daily lesson filed the right step under "What failed" when the reason came first.

fix22c read "<reason>, so I told …" as a step taken for a reason (no failure), but "Since grapes can cause kidney
failure in dogs, we told the owner to come in immediately." was filed under "What failed" whole: the same reason and
step, with the reason in a fronted clause ("Since …", "Because …", "As …", "Given that …"). Here a battery workshop's
punctured lithium packs and a print shop's solvent spills, in English and Japanese: the right step told after a
general-fact reason is never what failed; a reason that tells an event is.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from memdir import Memory

DAY = date(2026, 6, 3)
JST = timezone(timedelta(hours=9))

STORIES = [
    (
        "Punctured pack (since)",
        "A drone pack was punctured on the bench at 14:00. Since lithium cells can ignite minutes after a puncture, "
        "we carried the pack outside to the sand bin at once. Lesson learned: a punctured lithium pack always goes "
        "to the sand bin first.",
        "sand bin first",
        "carried the pack outside",
    ),
    (
        "Swollen pack (because)",
        "A scooter pack came in swollen. Because swollen cells may vent toxic gas, I moved it to the fume cabinet "
        "straight away. Lesson learned: every swollen pack is opened only in the fume cabinet.",
        "opened only in the fume cabinet",
        "moved it to the fume cabinet",
    ),
    (
        "Solvent near the dryer (as)",
        "A new can of ink solvent was delivered next to the dryer. As the vapour is flammable, we switched the dryer off before wiping it "
        "up. Lesson learned: any solvent spill near a heater means switching the heater off first.",
        "switching the heater off first",
        "switched the dryer off",
    ),
    (
        "Solvent on skin (given that)",
        "A printer got solvent on both hands. Given that the solvent causes burns after long contact, I sent him "
        "to the eyewash station to rinse for fifteen minutes. Lesson learned: solvent on skin is rinsed for fifteen minutes, "
        "never wiped.",
        "never wiped",
        "sent him to the eyewash station",
    ),
    (
        "パック破損（ため）",
        "14時、作業台でドローン用パックに穴が開いた。リチウム電池は穴が開くと数分後に発火するおそれがあるため、"
        "すぐに屋外の砂箱へ運んだ。教訓：穴の開いたリチウムパックはまず砂箱へ。",
        "まず砂箱へ",
        "屋外の砂箱へ運んだ",
    ),
    (
        "溶剤の缶（から）",
        "乾燥機の横でインク溶剤の缶が開いていた。溶剤の蒸気は引火するから、すぐに缶を屋外の保管庫へ運んだ。"
        "教訓：溶剤の缶はヒーターの近くで開けたままにしない。",
        "開けたままにしない",
        "保管庫へ運んだ",
    ),
]
EVENT = (
    "Because the extractor fan had stopped overnight, we ran the solvent bath with the doors open. Lesson learned: check "
    "the extractor fan before the first solvent bath of the day."
)


def _section(body: str, head: str) -> str:
    return body.split(head, 1)[1].split("\n## ", 1)[0] if head in body else ""


def _lesson(mem: Memory, word: str) -> str:
    lessons = mem.root / "knowledge" / "lessons"
    [body] = [t for f in lessons.glob("*.md") if word in (t := f.read_text(encoding="utf-8"))]
    return body


def _day(tmp_path: Path, title: str, text: str) -> Memory:
    """One story, one memory: the lesson is the episode's own note (no merge into a neighbour's)."""
    m = Memory(tmp_path / "mem")
    m.init()
    m.add_episode(text, title=title, at=datetime(DAY.year, DAY.month, DAY.day, 9, tzinfo=JST))
    m.consolidate_daily(day=DAY)
    return m


@pytest.mark.parametrize(("title", "text", "rule", "step"), STORIES, ids=[s[0] for s in STORIES])
def test_the_step_after_a_fronted_reason_is_not_what_failed(
    tmp_path: Path, title: str, text: str, rule: str, step: str
) -> None:
    body = _lesson(_day(tmp_path, title, text), rule)
    failed = _section(body, "## What failed")
    assert step not in failed, failed
    assert "no failed step" in failed or "失敗した手順の記載がない" in failed, failed
    assert rule in _section(body, "## What worked instead")


def test_a_fronted_reason_that_tells_an_event_stays_what_failed(tmp_path: Path) -> None:
    mem = _day(tmp_path, "Extractor fan", EVENT)
    failed = _section(_lesson(mem, "before the first solvent bath"), "## What failed")
    assert "the extractor fan had stopped overnight" in failed, failed
    assert "ran the solvent bath with the doors open" not in failed, failed
