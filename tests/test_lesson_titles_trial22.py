"""Trial 22 #14: small text problems in the notes an agent reads.

- An episode titled "Lesson: …" gave `# Lesson: Lesson: …` (and 「教訓：…」 `# 教訓：教訓：…`): a lesson's heading
  takes the title's own label off first (notes/lesson_titles.py), for every writer of lessons.
- The daily run's reasons named a path no run writes (`closest knowledge/lesson-x.md`, the note an episode was
  planned to make before it became `knowledge/lessons/x.md`): they name the lesson it became.
- A procedure told after a story of the one time ("Booked Hana for her second shot. How to book a
  vaccination:") was described by the story; the line announcing the steps ("Steps to replace a toner
  cartridge:", 「トナー交換の手順：」) says what they are for, and is the description.

A print shop's day, in English and Japanese, through one daily run.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from memdir import Memory
from memdir.runs.report import RunReport

DAY = date(2026, 5, 12)
EPISODES = [
    (
        "Lesson: dull banner for the bakery",
        "We printed the bakery's banner straight from the customer's RGB file. The colours came out dull and we "
        "had to reprint it. Lesson learned: always convert the file to CMYK before sending it to the "
        "large-format printer.",
    ),
    (
        "教訓：名刺の裁ち落とし",
        "名刺のデータに裁ち落としがなく、断裁で白いふちが出て刷り直した。教訓：入稿データは必ず裁ち落とし3mmを確認する。",
    ),
    (
        "Large-format printer policy",
        "Banner files for the large-format printer must be CMYK PDFs at 150 dpi. When a customer sends an RGB "
        "file, we ask for a new one before printing. A 2 m banner costs 8,000 yen.",
    ),
    (
        "Printer 3 on floor 2",
        "Replaced the toner in printer 3 today for Mrs. Kato from accounting. Steps to replace a toner cartridge:"
        "\n\n1. Open the front panel.\n2. Pull out the old cartridge.\n3. Shake the new one five times.\n"
        "4. Push it in until it clicks.",
    ),
    (
        "2階のコピー機",
        "今日は経理の加藤さんの依頼で2階のコピー機のトナーを交換した。トナー交換の手順：\n\n1. 前面パネルを開ける。\n"
        "2. 古いカートリッジを抜く。\n3. 新しいカートリッジを5回振る。\n4. カチッと鳴るまで押し込む。",
    ),
]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, RunReport]:
    root = tmp_path_factory.mktemp("lessons22") / "root"
    mem = Memory(root)
    mem.init()
    for hour, (title, text) in enumerate(EPISODES, 9):
        mem.add_episode(text, title=title, at=datetime(2026, 5, 12, hour, 0, tzinfo=timezone.utc))
    return root, mem.consolidate_daily(day=DAY)


def _headings(root: Path, folder: str) -> list[str]:
    return [
        line
        for p in sorted((root / folder).glob("*.md"))
        for line in p.read_text(encoding="utf-8").splitlines()
        if line.startswith("# ")
    ]


def test_a_lesson_title_is_named_once(run: tuple[Path, RunReport]) -> None:
    root, _ = run
    heads = _headings(root, "knowledge/lessons")
    assert "# Lesson: dull banner for the bakery" in heads
    assert "# 教訓：名刺の裁ち落とし" in heads
    assert not any(re.search(r"(?i)lesson:\s*lesson|教訓：教訓", h) for h in heads), heads


def test_reasons_name_notes_that_exist(run: tuple[Path, RunReport]) -> None:
    root, report = run
    named = {
        m
        for e in report.episodes
        for m in re.findall(r"closest ((?:knowledge|procedures|skills)/\S+?\.md)", str(e.get("reason") or ""))
    }
    assert named, report.episodes  # the later episodes say which note was closest
    assert all((root / m).is_file() for m in named), sorted(m for m in named if not (root / m).is_file())


def test_a_procedure_told_after_a_story_is_described_by_its_steps_line(run: tuple[Path, RunReport]) -> None:
    root, _ = run
    descs = {
        p.name: line.split(":", 1)[1].strip()
        for p in (root / "procedures").glob("*.md")
        for line in p.read_text(encoding="utf-8").splitlines()
        if line.startswith("description:")
    }
    assert "Steps to replace a toner cartridge" in descs.values(), descs
    assert "トナー交換の手順" in descs.values(), descs
    assert not any("加藤" in d or "Kato" in d for d in descs.values())
