"""A daily lesson names the person's procedure it is about (trial 25 #4, `fix30a`).

A lesson written from a day file gets `applies_to: <procedure>` when its rule and its incident both read as one
of the person's procedures, step by step (`lesson_link.py`); the person's note stays byte for byte theirs. A lesson
about none of them links nothing. Real files: the person's procedures written by hand, an episode in, one daily
run, the lesson read back. A community library and a photo studio, English and Japanese, and across them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_daily_support import at, memory, run

from memdir.notes.store import NoteStore

PROCEDURES = {
    "procedures/lend-a-projector.md": (
        "Lend a projector",
        "How we lend the library's projectors to local groups",
        [
            "Check the borrower's library card and write their name in the loan book.",
            "Test the projector and the remote with the borrower before it leaves.",
            "Pack the HDMI cable, the power lead and the remote in the padded case.",
            "On return, check the lamp hours and note them in the loan book.",
        ],
    ),
    "procedures/スタジオ撮影の準備.md": (
        "スタジオ撮影の準備",
        "撮影の前日と当日の準備",
        [
            "前日にカメラとストロボのバッテリーを充電する。",
            "背景紙をセットし、ストロボの位置を合わせる。",
            "テスト撮影をして露出を確認する。",
            "撮影データを SD カードから NAS にコピーする。",
        ],
    ),
    "procedures/send-the-monthly-invoice.md": (
        "Send the monthly invoice",
        "Invoicing the regular clients at the end of the month",
        [
            "Export the month's sessions from the booking calendar.",
            "Create the invoice in the accounting app from the template.",
            "E-mail the PDF to the client's billing address.",
        ],
    ),
}


def _write_procedures(root: Path) -> dict[str, bytes]:
    for rel, (title, desc, steps) in PROCEDURES.items():
        body = "\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1))
        text = f"---\ndescription: {desc}\norigin: human\nconfidence: 0.8\n---\n\n# {title}\n\n{body}\n"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return {rel: (root / rel).read_bytes() for rel in PROCEDURES}


def _lesson(root: Path, ref: str) -> dict[str, object]:
    store = NoteStore(root)
    [note] = [n for n in store.iter_notes(("knowledge",)) if ref in n.str_list("sources")]
    assert note.path.startswith("knowledge/lessons/"), note.path
    return dict(note.meta)


CASES = [
    (  # English lesson, English procedure
        "The club took the projector on Tuesday and the lamp died halfway through their talk. Nobody had tested "
        "it before it left. From now on always test the projector and the remote with the borrower before it "
        "leaves the library.",
        "Projector failed at the club's talk",
        "procedures/lend-a-projector.md",
    ),
    (  # Japanese lesson, Japanese procedure
        "土曜の撮影で、ストロボのバッテリーが途中で切れて撮影が30分止まった。前日に充電していなかった。"
        "今後は撮影の前日に必ずカメラとストロボのバッテリーを充電する。",
        "ストロボの電池切れ",
        "procedures/スタジオ撮影の準備.md",
    ),
    (  # crossed: an English lesson about the Japanese procedure
        "On Sunday I formatted the SD card before the wedding shoot's photos were copied anywhere, and 40 shots "
        "were lost. From now on always copy the shoot's data from the SD card to the NAS right after the shoot.",
        "Lost wedding shots",
        "procedures/スタジオ撮影の準備.md",
    ),
]


@pytest.mark.parametrize(("text", "title", "procedure"), CASES)
def test_a_lesson_about_a_persons_procedure_names_it(
    root: Path, text: str, title: str, procedure: str
) -> None:
    before = _write_procedures(root)
    mem = memory(root)
    ep = mem.add_episode(text, title=title, at=at(9))
    run(mem)
    meta = _lesson(root, ep.ref)
    assert meta["type"] == "lesson" and meta.get("applies_to") == procedure
    # its context is that kind of task: the same failure found again in the log is no second context (M1)
    assert meta.get("contexts") == [f"type:{procedure}"]
    # the person's notes stay byte for byte theirs (no `lessons:` written into them)
    assert {rel: (root / rel).read_bytes() for rel in PROCEDURES} == before


def test_a_lesson_about_none_of_them_links_nothing(root: Path) -> None:
    """In the same run as a lesson about the projector loans (which names its procedure), a lesson about the
    coffee machine names none: the link is read lesson by lesson, not given to whatever is closest."""
    before = _write_procedures(root)
    mem = memory(root)
    text, title, procedure = CASES[0]
    about = mem.add_episode(text, title=title, at=at(9))
    other = mem.add_episode(
        "The coffee machine in the reading room leaked over the weekend and soaked the carpet. "
        "From now on always empty the drip tray of the coffee machine on Friday evening.",
        title="Coffee machine leak",
        at=at(11),
    )
    run(mem)
    assert _lesson(root, about.ref).get("applies_to") == procedure
    meta = _lesson(root, other.ref)
    assert meta["type"] == "lesson" and "applies_to" not in meta
    assert {rel: (root / rel).read_bytes() for rel in PROCEDURES} == before


def test_a_procedure_is_read_by_its_steps_not_by_what_memdir_reports_of_it() -> None:
    """Outcome lines (often the very episode a lesson comes from), known failures and the placeholder legend
    are no steps: the link reads what the procedure says to do, as the weekly duplicate check does."""
    from memdir.consolidation.daily.lesson_link import steps_of

    body = (
        "# 苗の出荷\n\n## Steps\n\n1. 苗をトレーごと箱に詰める。\n2. {customer} 宛ての送り状を貼る。\n\n"
        "## Placeholders\n\n- `{customer}`: a name, different between the tasks\n\n"
        "## Known failures\n\n- `t-3` (2026-11-02): `ship: box=S` failed: too small\n\n"
        "## Outcome notes\n- 2026-11-24 failure: the seedlings wilted in the box (episodes/2026-11-24.md#1)\n"
    )
    assert steps_of(body) == ["苗をトレーごと箱に詰める。", "{customer} 宛ての送り状を貼る。"]
