"""Trial 23 re-check N1, #8 and L3: the notes a daily lesson is written as.

- N1: a German lesson cue ("Gelernt:", "Merke:", "Lehre daraus:") made a procedure with no steps, described by the
  narration, and no lesson; only the English "Lesson learned:" made one. French and Spanish cues ("Leçon retenue :",
  "Lección aprendida:") are read the same way.
- #8: *What worked instead* repeated the failure sentence whole ("The export dropped …; re-exported with …") and its
  first bullet started in lower case ("- always open …").
- L3: a failure stated as a rule's consequence ("…, otherwise the roots rot", "sonst …", 「でないと…」) was not
  recorded: *What failed* said the episode names no failed step.

A pottery studio, a beekeeper, a cellar, a garden (English, German, French, Spanish, Japanese), through one
`memdir consolidate daily` (a real subprocess).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import consolidated_day

DAY = """---
date: 2026-05-14
---

## 08:00 — Brennofen
Die Glasurproben um acht in den Ofen gestellt. Der Ofen hat die Temperatur wieder nicht gehalten; mit dem neuen Thermoelement neu gebrannt. Gelernt: vor jedem Brand das Thermoelement mit dem Handmessgerät prüfen.

## 10:00 — Bienenstock 3
Die Bienenstöcke am Waldrand kontrolliert. Das Futter in Stock 3 war wieder verschimmelt; mit frischem Zuckersirup neu befüllt. Merke: das Futter nie länger als eine Woche im Stock stehen lassen.

## 12:00 — Fahrradkeller
Den Fahrradkeller aufgeräumt. Die Regale sind beim Ausräumen wieder umgekippt, weil sie nicht an der Wand befestigt waren; mit Winkeln neu montiert. Lehre daraus: schwere Regale immer an der Wand verschrauben.

## 14:00 — Atelier de poterie
J'ai sorti les bols du four à 14 h. L'émail a encore coulé sur la plaque. Leçon retenue : toujours poser les bols sur des cales avant la cuisson.

## 16:00 — Huerto
Regué el huerto por la tarde. Las tomateras se cayeron otra vez con el viento. Lección aprendida: atar las tomateras con dos nudos desde el principio.

## 17:00 — glaze test tiles
Loaded the test tiles at five. The kiln controller skipped the hold segment again; re-fired the batch with the old profile. Lesson learned: always read back the firing profile before starting the kiln.

## 18:00 — 釉薬のテスト
17時にテストピースを窯に入れた。温度計の表示がまたずれていたので、予備の熱電対で焼き直した。教訓：窯に火を入れる前に必ず熱電対を確認する。
"""

DAYFILE = """# 2026-05-15

### Evening
- Repotted the lemon tree: the drainage layer must go in before the soil, otherwise the roots rot within weeks. Lesson learned: lay the gravel first.

## 夕方
- 金継ぎの練習をした。漆は十分に乾かしてから次の層を塗ること、でないと表面が縮んでしまう。教訓：一層ごとに丸一日乾かす。

## Abend
- Sauerteig angesetzt: das Anstellgut muss vor dem Mischen aktiv sein, sonst geht der Teig nicht auf. Gelernt: das Anstellgut immer am Vorabend füttern.
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(tmp_path_factory.mktemp("lessons23b"), "2026-05-14", {"2026-05-14.md": DAY})


@pytest.fixture(scope="module")
def dayfile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(
        tmp_path_factory.mktemp("lessons23b_day"), "2026-05-15", {"2026-05-15.md": DAYFILE}
    )


def _citing(root: Path, anchor: str) -> list[str]:
    """The notes (paths under the root) that cite the episode `anchor`."""
    return sorted(
        str(f.relative_to(root))
        for d in ("knowledge", "procedures")
        if (root / d).exists()
        for f in (root / d).rglob("*.md")
        if f"#{anchor}" in f.read_text(encoding="utf-8")
    )


def _lesson(root: Path, word: str) -> str:
    [text] = [
        t
        for f in (root / "knowledge" / "lessons").glob("*.md")
        if word in (t := f.read_text(encoding="utf-8"))
    ]
    return text


def _section(text: str, heading: str) -> str:
    return text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize(
    ("anchor", "failure", "rule"),
    [
        (
            "0800-brennofen",
            "Der Ofen hat die Temperatur wieder nicht gehalten",
            "Vor jedem Brand das Thermoelement",
        ),
        ("1000-bienenstock-3", "Das Futter in Stock 3 war wieder verschimmelt", "Das Futter nie länger als"),
        (
            "1200-fahrradkeller",
            "Die Regale sind beim Ausräumen wieder umgekippt",
            "Schwere Regale immer an der Wand",
        ),
    ],
)
def test_a_german_lesson_cue_makes_the_lesson_not_a_procedure(
    root: Path, anchor: str, failure: str, rule: str
) -> None:
    [path] = _citing(root, anchor)  # one note: the lesson (no procedure with no steps beside it)
    assert path.startswith("knowledge/lessons/"), path
    text = (root / path).read_text(encoding="utf-8")
    assert failure in _section(text, "What failed"), text
    worked = _section(text, "What worked instead")
    assert f"- {rule}" in worked and failure not in worked, text


@pytest.mark.parametrize(
    ("anchor", "rule"),
    [
        ("1400-atelier-de-poterie", "- Toujours poser les bols sur des cales avant la cuisson."),
        ("1600-huerto", "- Atar las tomateras con dos nudos desde el principio."),
    ],
)
def test_a_french_or_spanish_lesson_cue_makes_a_lesson(root: Path, anchor: str, rule: str) -> None:
    lessons = [p for p in _citing(root, anchor) if p.startswith("knowledge/lessons/")]
    assert lessons, _citing(root, anchor)
    text = (root / lessons[0]).read_text(encoding="utf-8")
    assert rule in _section(text, "What worked instead"), text


@pytest.mark.parametrize(
    ("word", "failure", "repair"),
    [
        (
            "hold segment",
            "The kiln controller skipped the hold segment again",
            "- Re-fired the batch with the old profile.",
        ),
        ("熱電対", "温度計の表示がまたずれていた", "- 予備の熱電対で焼き直した。"),
        (
            "Thermoelement",
            "Der Ofen hat die Temperatur wieder nicht gehalten",
            "- Mit dem neuen Thermoelement neu gebrannt.",
        ),
    ],
)
def test_what_worked_lists_the_repair_not_the_failure_again(
    root: Path, word: str, failure: str, repair: str
) -> None:
    text = _lesson(root, word)
    worked = _section(text, "What worked instead")
    assert failure in _section(text, "What failed"), text
    assert repair in worked and failure not in worked, text


def test_the_first_fix_bullet_starts_with_a_capital(root: Path) -> None:
    text = _lesson(root, "hold segment")
    first = _section(text, "What worked instead").strip().splitlines()[0]
    assert first == "- Always read back the firing profile before starting the kiln.", text


@pytest.mark.parametrize(
    ("anchor", "failure"),
    [
        ("evening", "- Otherwise the roots rot within weeks"),
        ("夕方", "- でないと表面が縮んでしまう"),
        ("abend", "- Sonst geht der Teig nicht auf"),
    ],
)
def test_a_stated_consequence_is_what_failed(dayfile: Path, anchor: str, failure: str) -> None:
    [path] = [p for p in _citing(dayfile, anchor) if p.startswith("knowledge/lessons/")]
    text = (dayfile / path).read_text(encoding="utf-8")
    failed = _section(text, "What failed")
    assert failure in failed, text
    assert "names no failed step" not in failed and "失敗した手順の記載がない" not in failed, text
