"""Obsidian callouts in an episode (trial 25 #4, `fix29f`).

A callout (`> [!warning] 教訓`, `> [!tip]+ Lesson`) is a container: its type and title are markup, its body is
text; a lesson callout marks the lesson as a `Lesson:` label does. Real files: episodes in, one daily run, the
notes read back. Other domains than the trial's, English and Japanese.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_daily_support import at, memory, run

from memdir.consolidation.daily.callouts import read_callouts
from memdir.notes.store import NoteStore

INCIDENTS = [
    (
        "The kiln firing on Saturday cracked six glazed bowls because the cooling vent was left open.\n"
        "We fired the next batch with the vent shut and every bowl came out whole.\n"
        "> [!tip]+ Lesson\n"
        "> The vent stays open only above 600 °C. From now on always shut the vent before the kiln cools down.",
        "Cracked bowls in the kiln",
    ),
    (
        "町内会の夏祭りでテントを固定したら、夕方の突風で一張りが飛ばされた。重りが10kgしかなかった。\n"
        "20kg の重りに替えて張り直したら、その後は問題なかった。\n"
        "> [!warning] 教訓\n"
        "> テントの重りは脚ごとに20kg以上。今後は設営の前に必ず重りの重さを確かめる。",
        "夏祭りのテントが飛ばされた",
    ),
]


def _citing(root: Path, ref: str) -> list[str]:
    store = NoteStore(root)
    return sorted(
        n.path for n in store.iter_notes(("knowledge", "procedures")) if ref in n.str_list("sources")
    )


@pytest.mark.parametrize(("text", "title"), INCIDENTS)
def test_an_incident_with_a_lesson_callout_is_one_lesson_without_markup(
    root: Path, text: str, title: str
) -> None:
    mem = memory(root)
    ep = mem.add_episode(text, title=title, at=at(9))
    run(mem)
    [path] = _citing(root, ep.ref)  # one note: no "procedure" of the past events beside the lesson
    assert path.startswith("knowledge/lessons/"), path
    note = NoteStore(root).read(path)
    assert note.meta["type"] == "lesson"
    assert (
        "[!" not in note.text
        and "\n- >" not in note.body
        and not str(note.meta["description"]).startswith(">")
    )


def test_a_callout_reads_as_its_title_and_body() -> None:
    text = (
        "Before.\n> [!note]\n> Plain body.\n\n> [!example]- Worked example.\n> Body line.\n"
        "```\n> [!note] kept in code\n```\n> From: someone quoted"
    )
    assert read_callouts(text) == (
        "Before.\nPlain body.\n\nWorked example.\nBody line.\n```\n> [!note] kept in code\n```\n> From: someone quoted"
    )
    assert read_callouts("> [!warning] 教訓\n> 必ず確かめる。") == "教訓：必ず確かめる。"
    assert read_callouts("> [!tip] Lesson\n> > [!note]\n> > Check twice.") == "Lesson: Check twice."


# A lesson told after one case, its rule general (trial 25 #11): the rule names the lesson, and what another
# person asked for is no failure.
CASES = [
    (
        "Serviced the Hendricks Bakery mixer today, 3 hours on site. The owner asked for a written report. "
        "Lesson learned: always photograph the gearbox before opening it, the warranty needs it.",
        "Mixer service at Hendricks Bakery",
        "knowledge/lessons/photograph-the-gearbox-before-opening-it.md",
        "The owner asked for a written report.",
    ),
    (
        "Ishikawa 様の庭の剪定を終えた。先方から写真付きの報告の依頼があった。"
        "教訓：今後は作業の前に必ず境界線を施主と確認する。",
        "Ishikawa 様の庭の剪定",
        "knowledge/lessons/作業の前に境界線を施主と確認する.md",
        "依頼があった",
    ),
]


@pytest.mark.parametrize(("text", "title", "path", "asked"), CASES)
def test_a_lesson_after_one_case_is_named_by_its_rule(
    root: Path, text: str, title: str, path: str, asked: str
) -> None:
    mem = memory(root)
    ep = mem.add_episode(text, title=title, at=at(9))
    run(mem)
    lessons = [p for p in _citing(root, ep.ref) if p.startswith("knowledge/lessons/")]
    assert lessons == [path]
    body = NoteStore(root).read(path).body
    failed = body.split("## What failed", 1)[1].split("\n## ", 1)[0]
    assert asked not in failed
