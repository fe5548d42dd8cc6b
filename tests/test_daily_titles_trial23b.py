"""Trial 23 re-check L2: a day file's `### Morning` / `### Evening` sections gave `knowledge/morning.md` titled
`Morning`, described by the narrator's act (`Called 田中さん`), and a lesson `# Lesson: Evening`.

A heading that names only a time of day, a weekday, a date or a generic slot (Evening, Notes, 夕方, Abend) says
nothing of its note: the note is titled (and named) from its content, as an untitled episode is, and described by
the fact, not the act before a colon. An allotment, a kitchen, a pottery class (English, Japanese, German), through `memdir consolidate daily`
(a real subprocess).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import consolidated_day

DAYFILE = """# 2026-05-17

### Evening
- Repotted the lemon tree: the drainage layer must go in before the soil, otherwise the roots rot within weeks. Lesson learned: lay the gravel first.

## Notes
- Met the allotment secretary: plot 14 switches to the new water meter in April; readings must be sent to meter@allot.example from then on.

## 夕方
- 金継ぎの練習をした。漆は十分に乾かしてから次の層を塗ること、でないと表面が縮んでしまう。教訓：一層ごとに丸一日乾かす。

## Abend
- Sauerteig angesetzt: das Anstellgut muss vor dem Mischen aktiv sein, sonst geht der Teig nicht auf. Gelernt: das Anstellgut immer am Vorabend füttern.
"""

SLOTS = ("evening", "notes", "夕方", "abend")


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(tmp_path_factory.mktemp("titles23b"), "2026-05-17", {"2026-05-17.md": DAYFILE})


def _notes(root: Path) -> dict[str, str]:
    return {
        str(f.relative_to(root)): f.read_text(encoding="utf-8")
        for d in ("knowledge", "procedures")
        for f in sorted((root / d).rglob("*.md"))
    }


def _citing(root: Path, anchor: str) -> dict[str, str]:
    return {p: t for p, t in _notes(root).items() if f"#{anchor}\n" in t or f"#{anchor}`" in t}


@pytest.mark.parametrize("anchor", ["evening", "夕方", "abend"])  # "Notes" was a vague title already
def test_a_time_or_slot_heading_is_no_title_nor_file_name(root: Path, anchor: str) -> None:
    notes = _citing(root, anchor)
    assert notes, sorted(_notes(root))
    for path, text in notes.items():
        name = Path(path).stem.casefold()
        assert name not in SLOTS, path
        heading = next(line for line in text.splitlines() if line.startswith("# "))
        assert (
            heading.removeprefix("# ").removeprefix("Lesson: ").removeprefix("教訓：").casefold() not in SLOTS
        ), (
            path,
            heading,
        )


def test_the_lesson_of_an_evening_section_is_named_by_what_it_is_about(root: Path) -> None:
    lessons = [t for p, t in _citing(root, "evening").items() if p.startswith("knowledge/lessons/")]
    assert lessons and "# Lesson: Repotted the lemon tree" in lessons[0], lessons


def test_a_fact_after_the_narrators_act_is_the_description(root: Path) -> None:
    [text] = _citing(root, "notes").values()
    desc = next(line for line in text.splitlines() if line.startswith("description:"))
    assert "plot 14 switches to the new water meter in april" in desc.casefold(), desc
    assert not desc.removeprefix("description:").strip().startswith("Met the allotment secretary"), desc
