"""Trial 22 #1: a daily lesson filed the right step under "What failed" (EN and JA).

"Lilies cause fatal kidney injury in cats, so I told the owner to come in at once. Lesson: …" made a lesson whose
"What failed" was the step the episode took, and the one the lesson generalises: the opposite of the episode. A
step taken for a stated reason is no failure; a failure word in a general fact ("causes deep burns", 「…を起こす」)
tells no event. Here a university lab's hydrofluoric-acid splashes, told with the right step first and with a wrong
step first and the right one after it, in English and Japanese.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from memdir import Memory

DAY = date(2026, 5, 12)
JST = timezone(timedelta(hours=9))

RIGHT_FIRST_EN = (
    "Call at 09:10: a technician splashed hydrofluoric acid on his forearm. Hydrofluoric acid causes deep tissue damage "
    "that shows up hours later, so I sent him to the emergency room at once. Lesson: any skin contact with "
    "hydrofluoric acid goes to the emergency room, however small the splash."
)
RIGHT_FIRST_JA = (
    "9時10分に連絡。技術員がフッ化水素酸を前腕にはねた。フッ化水素酸は数時間後に深い組織障害を起こすので、"
    "すぐに救急外来へ行かせた。教訓：フッ化水素酸の皮膚接触は量にかかわらず救急扱い。"
)
WRONG_FIRST_EN = (
    "A student splashed hydrofluoric acid on her hand. At first I told her to rinse it and carry on, which was a "
    "mistake. Hydrofluoric acid causes deep tissue damage that shows up hours later, so an hour later I sent her to the "
    "emergency room. Lesson learned: never treat a hydrofluoric acid splash as a rinse-and-carry-on case."
)
WRONG_FIRST_JA = (
    "学生がフッ化水素酸を手にはねた。最初は水で洗って実験を続けるよう指示してしまった。フッ化水素酸は数時間後に"
    "深い組織障害を起こすので、1時間後に救急外来へ行かせた。教訓：フッ化水素酸は洗って様子見にしないこと。"
)


def _section(body: str, head: str) -> str:
    return body.split(head, 1)[1].split("\n## ", 1)[0] if head in body else ""


def _lesson(mem: Memory, word: str) -> str:
    lessons = mem.root / "knowledge" / "lessons"
    [body] = [t for f in lessons.glob("*.md") if word in (t := f.read_text(encoding="utf-8"))]
    return body


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> Memory:
    m = Memory(tmp_path_factory.mktemp("lessons22") / "mem")
    m.init()
    stories = [
        ("HF splash: right step", RIGHT_FIRST_EN, 9),
        ("フッ酸：正しい対応", RIGHT_FIRST_JA, 10),
        ("HF splash: wrong step first", WRONG_FIRST_EN, 11),
        ("フッ酸：最初の対応が誤り", WRONG_FIRST_JA, 12),
    ]
    for title, text, hour in stories:
        m.add_episode(text, title=title, at=datetime(DAY.year, DAY.month, DAY.day, hour, tzinfo=JST))
    m.consolidate_daily(day=DAY)
    return m


@pytest.mark.parametrize(
    ("word", "step"),
    [("however small the splash", "emergency room"), ("量にかかわらず救急扱い", "救急外来")],
)
def test_the_right_step_told_first_is_not_what_failed(mem: Memory, word: str, step: str) -> None:
    """The step the episode took and its lesson generalises is never the lesson's failure; nothing failed."""
    body = _lesson(mem, word)
    failed = _section(body, "## What failed")
    assert step not in failed, body
    assert "no failed step" in failed or "失敗した手順の記載がない" in failed, body
    assert word in _section(body, "## What worked instead"), body


@pytest.mark.parametrize(
    ("word", "wrong", "step"),
    [
        ("rinse-and-carry-on case", "rinse it and carry on", "emergency room"),
        ("洗って様子見にしないこと", "水で洗って実験を続ける", "救急外来"),
    ],
)
def test_a_wrong_step_then_the_right_one_files_only_the_wrong_one(
    mem: Memory, word: str, wrong: str, step: str
) -> None:
    """The wrong first step is what failed; the right step after it is not."""
    body = _lesson(mem, word)
    failed = _section(body, "## What failed")
    assert wrong in failed, body
    assert step not in failed, body


def test_a_failure_that_prompted_the_step_stays_what_failed(tmp_path: Path) -> None:
    """An event that went wrong stays under "What failed"; the step taken about it is not filed with it."""
    m = Memory(tmp_path / "mem")
    m.init()
    m.add_episode(
        "The fume hood alarm failed during the night run, so we moved the reaction to the second hood. "
        "Lesson learned: test the fume hood alarm before every night run.",
        title="Fume hood alarm",
        at=datetime(DAY.year, DAY.month, DAY.day, 9, tzinfo=JST),
    )
    m.consolidate_daily(day=DAY)
    failed = _section(_lesson(m, "before every night run"), "## What failed")
    assert "The fume hood alarm failed during the night run" in failed
    assert "second hood" not in failed
