"""Trial 24 re-check N1 and N2: where a usage report that was not counted is offered, and what accepting it does.

N1: 「ロンドンとパリの注文をいつもの手順で梱包して発送した。」 was offered, with a ready `memdir feedback` line, on the
*returns* procedure 返品受付の手順: its title share came from the usual-way frame (「いつもの手順」 / 「…の手順」), and no
rule asked whether the procedure names the act the report tells. N2: accepting an item whose reason was
"another scope" wrote the report into the note as "Seen again". Here: a library (Japanese) and a school office
(English); docs/daily.md "Usage reports" 5.
"""

from __future__ import annotations

from pathlib import Path

from cli_helper import run_memdir
from test_daily_support import at, e5_memory, run

from memdir.notes.frontmatter import render_note

META: dict[str, object] = {"confidence": 0.8, "success_count": 0, "failure_count": 0, "origin": "human"}
RETURNS = (
    "# 図書の返却受付の手順\n\n1. 返却された本のバーコードを読み取る。\n2. 延滞があれば延滞料を計算して受け取る。\n"
    "3. 破損がないか確かめ、破損があれば修理箱に入れる。\n4. 返却棚に戻す。\n"
)
SHELVE = (
    "# Catalogue and shelve new books\n\n1. Scan the ISBN and check the record in the catalogue.\n"
    "2. Stamp the library mark and attach the spine label.\n3. Put the book on the new arrivals shelf.\n"
)
GRADE = (
    "# Grade the final exam papers\n\n1. Collect the papers from each class teacher.\n"
    "2. Mark them against the answer key and enter the scores in the grade book.\n"
    "3. Hand the grade sheet to the head of year.\n"
)
NEW_BOOKS = "新しく届いた本をいつもの手順で登録して配架した。"


def _procedure(root: Path, name: str, body: str) -> None:
    (root / "procedures" / name).write_text(render_note(dict(META), body), encoding="utf-8")


def _items(root: Path) -> dict[str, str]:
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted((root / "review").glob("*.md"))}


def test_a_procedure_of_another_act_is_never_offered(root: Path) -> None:
    mem = e5_memory(root)
    _procedure(root, "図書の返却受付の手順.md", RETURNS)
    mem.add_episode(NEW_BOOKS, title="新刊の登録", at=at(9))
    report = run(mem)
    assert _items(root) == {}, "a report of cataloguing new books offered on the returns procedure"
    (skip,) = [d for d in report.episodes if d.get("action") == "skip"]
    assert 'another act: report "登録, 配架", not named by "図書の返却受付の手順"' in str(skip["reason"])


def test_the_procedure_whose_act_it_tells_is_offered_instead(root: Path) -> None:
    mem = e5_memory(root)
    _procedure(root, "図書の返却受付の手順.md", RETURNS)
    _procedure(root, "catalogue-and-shelve-new-books.md", SHELVE)
    mem.add_episode(NEW_BOOKS, title="新刊の登録", at=at(9))
    run(mem)
    items = list(_items(root).values())
    assert len(items) == 1 and "target: procedures/catalogue-and-shelve-new-books.md" in items[0]
    assert "in the other language" in items[0] and "図書の返却受付の手順" not in items[0]


def test_accepting_a_report_of_another_scope_writes_nothing_into_the_note(root: Path) -> None:
    mem = e5_memory(root)
    _procedure(root, "grade-the-final-exam-papers.md", GRADE)
    mem.add_episode("Graded the midterm exam papers the usual way, all fine.", title="Midterms", at=at(9))
    run(mem)
    ((item_id, item),) = _items(root).items()
    assert 'another scope: title "final exam", report "midterm exam"' in item
    assert "accepting writes nothing into the note" in item  # the body, not only the cut description
    before = (root / "procedures" / "grade-the-final-exam-papers.md").read_bytes()
    done = run_memdir(["review", "accept", item_id], root)
    assert done.returncode == 0, done.stderr
    assert f"accepted {item_id}: wrote nothing to procedures/grade-the-final-exam-papers.md" in done.stdout
    assert (root / "procedures" / "grade-the-final-exam-papers.md").read_bytes() == before
    assert not (root / "review" / f"{item_id}.md").exists()


def test_the_act_is_read_in_english_too() -> None:
    from memdir.consolidation.daily.route_usage_act import act_differs  # new in this fix

    returns = "Check in returned books\n\n1. Scan each returned book.\n2. Take any late fee.\n3. Put it on the cart."
    said = "Catalogued and shelved the new books the usual way, all fine."
    assert act_differs(said, returns, "Check in returned books").startswith('another act: report "catalogued')
    assert act_differs(said, SHELVE, "Catalogue and shelve new books") == ""
    assert (
        act_differs("Did the new books the usual way.", returns, "Check in returned books") == ""
    )  # no act read
