"""Trial 17 #6: a usage report is matched by the work it did, not by whom it was done for.

A language school: "Enrolled Ms. Alvarez with the usual enrolment steps" went to no note (the closest was a
call note titled with Ms. Alvarez's name), and 「Garciaさんの受け入れをいつもの受け入れ手順で実施」 likewise; the
enrolment procedure never gained trust (route_usage_case.py, docs/daily.md "Usage reports").
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, e5_memory, run

from memdir.consolidation.daily.route_usage_case import named_work, without_case
from memdir.notes.frontmatter import render_note

META: dict[str, object] = {"confidence": 0.4, "success_count": 0, "failure_count": 0, "origin": "daily"}


def _write(root: Path, name: str, body: str) -> None:
    (root / "procedures" / name).write_text(render_note(dict(META), body), encoding="utf-8")


def test_a_report_credits_the_procedure_of_its_work_not_the_note_of_its_client(root: Path) -> None:
    mem = e5_memory(root)
    _write(
        root,
        "enrolment-of-a-new-student.md",
        "# Enrolment of a new student\n\n1. Book the placement test\n2. Send the contract for e-signature\n"
        "3. Copy the passport and the residence card\n4. Add the student to the class list\n",
    )
    _write(
        root,
        "call-with-ms-alvarez-about-fees.md",
        "# Call with Ms. Alvarez about fees\n\nMs. Alvarez asked whether the fees can be paid monthly. "
        "Her company pays half. She will send the company's letter.\n",
    )
    _write(
        root,
        "新規受講生の受け入れ手順.md",
        "# 新規受講生の受け入れ手順\n\n1. レベルチェックを予約する\n2. 契約書を電子署名で送る\n3. 在留カードをコピーする\n",
    )
    _write(
        root,
        "garciaさんからの電話.md",
        "# Garciaさんからの電話\n\nGarciaさんから学費の分割について電話があった。会社が半額を負担する。\n",
    )
    mem.add_episode(
        "Enrolled Ms. Alvarez with the usual enrolment steps, all done in one afternoon, no problems.",
        title="Enrolled Ms. Alvarez",
        at=at(10),
    )
    mem.add_episode(
        "Garciaさんの受け入れをいつもの手順で実施。契約書の電子署名まで完了、問題なし。",
        title="新規受講生対応（いつもの手順）",
        at=at(11),
    )
    run(mem)
    en = mem.store.read("procedures/enrolment-of-a-new-student.md")
    ja = mem.store.read("procedures/新規受講生の受け入れ手順.md")
    assert (en.get("success_count"), ja.get("success_count")) == (1, 1)
    for name in ("call-with-ms-alvarez-about-fees.md", "garciaさんからの電話.md"):
        assert "Outcome notes" not in (root / "procedures" / name).read_text(encoding="utf-8")


def test_case_words_are_who_and_what_for_not_the_work() -> None:
    assert without_case("Onboarded Dr. Ito's clinic, invoice INV-2025-118, for Acme Ltd") == (
        "Onboarded clinic, invoice , for"
    )
    assert "さん" not in without_case("Nguyenさんと山本商店様の受け入れ") and "受け入れ" in without_case(
        "Nguyenさんの受け入れ"
    )
    assert named_work("Renewed the rabies certificate for Mr. Lee per the vaccination checklist.") == [
        "vaccin"
    ]
    assert named_work("Onboarded him, the usual steps.") == []
    assert named_work("田中さんの受け入れをいつもの手順で実施した。") == ["受け入れ"]
