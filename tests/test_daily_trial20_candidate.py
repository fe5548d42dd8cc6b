"""Trial 20 #7: a re-pasted FAQ with one added Q/A raised a merge candidate whose candidate was the whole FAQ.

docs/formats.md: a merge candidate's candidate is what the note does not say yet. A bike shop's FAQ (EN) and a
community centre's FAQ (JA) are filed, consolidated, then pasted again with one new question each and
consolidated again (real `memdir` subprocesses): each review item's candidate is the new Q/A pair alone, and
accepting it leaves every old answer in the note once.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import memdir_stdout as _memdir

EN = """Q: Do you service e-bikes?
A: Yes, every brand, but motor faults go back to the maker.
Q: How long does a full service take?
A: Two working days; book a slot at the counter.
Q: Can I rent a bike for a day?
A: City bikes only, 25 euros a day with a deposit.
Q: Do you sell second-hand bikes?
A: Now and then; they are listed on the board by the door."""
EN_NEW = "Q: Can I bring my own parts?\nA: Yes, we fit them at the normal labour rate."

JA = """Q：駐車場はありますか？
A：正面に5台分あります。土日は満車になりやすいです。
Q：部屋の予約はいつからできますか？
A：利用日の2か月前の1日から、窓口か電話で受け付けます。
Q：キャンセル料はかかりますか？
A：3日前までは無料、それ以降は利用料の半額です。
Q：飲食はできますか？
A：和室と調理室のみ可能です。"""
JA_NEW = "Q：プロジェクターは借りられますか？\nA：はい、1回500円で貸し出しています。"


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cand20") / "root"
    _memdir(root, "init")
    for text, title, at in ((EN, "Bike shop FAQ", "08:00"), (JA, "公民館のよくある質問", "08:30")):
        _memdir(root, "episode", "add", "-", "--title", title, "--at", f"2026-06-01T{at}:00+00:00", text=text)
    _memdir(root, "consolidate", "daily")
    for text, title, at in (
        (EN + "\n" + EN_NEW, "Bike shop FAQ (updated)", "09:00"),
        (JA + "\n" + JA_NEW, "公民館のよくある質問（更新）", "09:30"),
    ):
        _memdir(root, "episode", "add", "-", "--title", title, "--at", f"2026-06-08T{at}:00+00:00", text=text)
    _memdir(root, "consolidate", "daily")
    return root


def _candidate(root: Path, word: str) -> tuple[Path, str]:
    [(path, text)] = [
        (f, t) for f in (root / "review").glob("rv-*.md") if word in (t := f.read_text(encoding="utf-8"))
    ]
    assert "kind: merge_candidate" in text
    return path, text.split("## Candidate", 1)[1]


@pytest.mark.parametrize(("new", "old"), [(EN_NEW, EN), (JA_NEW, JA)])
def test_the_candidate_is_the_new_question_and_its_answer_alone(root: Path, new: str, old: str) -> None:
    _, cand = _candidate(root, new.splitlines()[0])
    assert all(line in cand for line in new.splitlines())
    assert not any(line in cand for line in old.splitlines()), cand


def test_accepting_it_adds_the_new_answer_and_repeats_no_old_one(root: Path) -> None:
    path, _ = _candidate(root, EN_NEW.splitlines()[0])
    _memdir(root, "review", "accept", path.stem)
    [note] = [
        t for f in (root / "knowledge").glob("*.md") if "e-bikes" in (t := f.read_text(encoding="utf-8"))
    ]
    assert note.count("Two working days; book a slot at the counter.") == 1
    assert "we fit them at the normal labour rate" in note
