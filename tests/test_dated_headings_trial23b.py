"""Trial 23 second re-check D1 and M8: a date as a day file's top heading, and a date in a section heading.

- D1: a day file whose top is `# Mittwoch, 2. Dezember` and a paragraph gave a note with two headings,
  `# Mittwoch, 2` (the title cut at the date's "2.") and `# Mittwoch, 2. Dezember`. A heading that names only a
  date is no title at a day file's top either (the note is titled from its text), an ordinal's dot ends no
  sentence, and a note has one `# ` title.
- M8: a heading that is a date with words (`## 2026-12-03 Kickoff`, `## Thursday 3 December: call with X`,
  「12月3日 …」) kept the date in the title and the file name (`knowledge/2026-12-03-kickoff.md`).

A bakery and a beekeeper (English, German, Japanese), through one `memdir consolidate daily` (a real subprocess).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import consolidated_day, memdir_stdout

FILES = {
    "2026-06-09.md": """---
date: 2026-06-09
---
# Dienstag, 9. Juni

Met the baker in the village. We decided that from July the school canteen orders rye bread twice a week instead of daily.
""",
    "2026-06-10.md": """# 6月10日（水）

町のパン屋と話した。七月から学校の食堂はライ麦パンを毎日ではなく週二回注文すると決めた。
""",
    "2026-06-11.md": """# 2026-06-11

## 2026-06-11 Beekeeper visit
- The beekeeper says the north hive has a new queen since May; honey can be taken from the second super in August.

## 6月11日 養蜂家の訪問
- 養蜂家によると、南の巣箱は五月から新しい女王蜂がいる。八月に二段目から採蜜できる。
""",
}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = consolidated_day(tmp_path_factory.mktemp("dated"), "2026-06-11", FILES)
    memdir_stdout(root, "consolidate", "daily")  # the days before it, too
    return root


def _notes(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in (root / "knowledge").rglob("*.md")
    }


def _from(root: Path, source: str) -> list[tuple[str, str]]:
    return [(p, t) for p, t in _notes(root).items() if f"- episodes/{source}" in t]


@pytest.mark.parametrize("source", ["2026-06-09.md"])
def test_a_day_files_date_heading_is_no_title(root: Path, source: str) -> None:
    notes = _from(root, source)
    assert notes, sorted(_notes(root))
    for path, text in notes:
        titles = [ln for ln in text.splitlines() if ln.startswith("# ")]
        assert len(titles) == 1, (path, titles)  # one title, not `# Dienstag, 9` and `# Dienstag, 9. Juni`
        assert not any(w in titles[0] for w in ("Dienstag", "Juni", "6月10日")), titles
        assert "dienstag" not in path and "6月10日" not in path, path


def test_a_date_with_words_leaves_the_date_out_of_title_and_file_name(root: Path) -> None:
    notes = _from(root, "2026-06-11.md")
    paths = sorted(p for p, _ in notes)
    assert paths, sorted(_notes(root))
    titles = [next(ln for ln in t.splitlines() if ln.startswith("# ")) for _, t in notes]
    assert not any("2026-06-11" in p or "6月11日" in p for p in paths), paths
    assert not any("2026-06-11" in t or "6月11日" in t for t in titles), titles
