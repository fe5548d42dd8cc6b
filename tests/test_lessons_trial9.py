"""Daily lessons (trial 9): what fixed it is never what failed; a mistake found out and then "from now on"
is a lesson; a status that is on track is no failure; another speaker's reply is not the rule; the same
lesson told again is evidence on the lesson, not a second note; nothing the episode says is dropped.

Real files: episodes in, daily runs, the notes read back. Other domains than the trial's (a bakery, an
invoicing desk, a theatre, a choir), EN and JA.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from test_daily_support import YESTERDAY, at, memory, run

from memdir.notes.store import NoteStore


def _lesson_citing(root: Path, ref: str) -> str:
    store = NoteStore(root)
    [path] = [n.path for n in store.iter_notes(("knowledge/lessons",)) if ref in n.str_list("sources")]
    return store.read(path).body


def _section(body: str, heading: str) -> str:
    return body.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0] if f"\n{heading}\n" in body else ""


def _notes_citing(root: Path, ref: str) -> list[str]:
    store = NoteStore(root)
    return sorted(
        n.path for n in store.iter_notes(("knowledge", "procedures")) if ref in n.str_list("sources")
    )


FLAT_EN = (
    "The sourdough came out flat again. Same as last week: I used the starter straight from the fridge. "
    "Two hours at room temperature fixed it. Lesson learned: always let the starter warm up before mixing."
)
FLAT_JA = (
    "パンがまた膨らまなかった。先週と同じで、冷蔵庫から出したばかりの種を使っていた。"
    "室温で2時間置いたら直った。教訓：こねる前に必ず種を室温に戻す。"
)


def test_what_fixed_it_goes_under_what_worked_never_under_what_failed(root: Path) -> None:
    mem = memory(root)
    en = mem.add_episode(FLAT_EN, title="Flat sourdough again", at=at(9))
    ja = mem.add_episode(FLAT_JA, title="パンが膨らまない", at=at(10))
    run(mem)
    for ref, remedy in (
        (en.ref, "Two hours at room temperature fixed it."),
        (ja.ref, "室温で2時間置いたら直った。"),
    ):
        body = _lesson_citing(root, ref)
        assert remedy not in _section(body, "## What failed"), body
        assert remedy in _section(body, "## What worked instead"), body


WRONG_EN = (
    "Spent an hour wondering why the invoice totals were off by 8% — it turned out I exported the March price "
    "list, because the shared folder's 'current' shortcut still pointed at it. Re-exported from the April file "
    "and the totals matched. From now on, always pick the price list by the month in its file name, never "
    "through the 'current' shortcut."
)
WRONG_JA = (
    "請求書の合計が8%ずれていて午前中ずっと悩んだ。調べたら、3月の価格表を書き出していたことが分かった。"
    "4月のファイルから書き出し直したら合計が合った。今後は、価格表はファイル名の月で選び、「最新」のショートカットは使わない。"
)


def test_a_mistake_found_out_then_from_now_on_is_a_lesson(root: Path) -> None:
    mem = memory(root)
    en = mem.add_episode(WRONG_EN, title="Invoices built on the wrong price list", at=at(9))
    ja = mem.add_episode(WRONG_JA, title="請求書の価格表", at=at(10))
    run(mem)
    body = _lesson_citing(root, en.ref)
    assert "From now on, always pick the price list by the month" in _section(body, "## What worked instead")
    assert "it turned out I exported the March price list" in _section(body, "## What failed")
    body = _lesson_citing(root, ja.ref)
    assert "今後は、価格表はファイル名の月で選び" in _section(body, "## What worked instead"), body
    for ref in (en.ref, ja.ref):  # one note per episode: the lesson, its other sentences under Notes
        [only] = _notes_citing(root, ref)
        assert only.startswith("knowledge/lessons/"), only


MEMO_EN = """Attendees: Rosa, Tom, Ines

- Set build: we lost two days to the storm, still on track for the 12th.
- Costumes: fittings done for 14 of 16 actors.
- The printer wants the programme files by Friday.

Action items:
1. Tom: book the van for the get-in (by Wed)
2. Ines: chase the last two fittings"""
MEMO_JA = """出席：ローザ、トム、イネス

- 大道具：嵐で作業が2日遅れたが、予定どおり12日に間に合う。
- 衣装：16人中14人の採寸が終わった。

やること：
1. トム：搬入用のバンを予約する（水曜まで）
2. イネス：残り2人の採寸を進める"""


def test_a_meeting_memo_whose_status_is_on_track_is_no_lesson(root: Path) -> None:
    mem = memory(root)
    en = mem.add_episode(MEMO_EN, title="Theatre production meeting 11/20", at=at(9))
    ja = mem.add_episode(MEMO_JA, title="公演の打ち合わせ 11/20", at=at(10))
    run(mem)
    store = NoteStore(root)
    cited = [
        n.path
        for n in store.iter_notes(("knowledge/lessons",))
        for r in (en.ref, ja.ref)
        if r in n.str_list("sources")
    ]
    assert cited == []


CHAT_JA = (
    "[09:58] yuki: 会員名簿の更新おわりました。ただ重複が3件あったので手で消してやり直してます\n"
    "[10:01] ken: ありがとう！重複は今後も出そうだから登録フォームに重複チェックを入れておいて\n"
    "[10:03] yuki: 了解、チェックを入れておきます\n"
    "[10:05] mai: FYI the hall booking expires 12/31, we need to renew before the spring concert"
)


def test_a_chat_reply_is_not_the_rule_and_no_line_of_the_paste_is_lost(root: Path) -> None:
    mem = memory(root)
    ep = mem.add_episode(CHAT_JA, title="Slack #choir-admin", at=at(9))
    run(mem)
    body = _lesson_citing(root, ep.ref)
    fixes = _section(body, "## What worked instead")
    assert "登録フォームに重複チェックを入れておいて" in fixes and "了解" not in fixes, body
    kept = "\n".join(NoteStore(root).read(p).body for p in _notes_citing(root, ep.ref))
    assert "the hall booking expires 12/31" in kept, kept


RYE_EN = (
    "The rye loaves came out flat too, same story with a cold starter. An hour on the counter fixed it. "
    "Lesson learned: always let the starter warm up at room temperature before mixing the dough."
)


def test_the_same_lesson_told_again_is_evidence_on_the_lesson_not_a_second_note(root: Path) -> None:
    mem = memory(root)
    first_day, second_day = YESTERDAY - timedelta(days=1), YESTERDAY
    first = mem.add_episode(FLAT_EN, title="Flat sourdough again", at=at(9, day=first_day))
    run(mem, day=first_day)
    again = mem.add_episode(RYE_EN, title="Another flat loaf", at=at(9, day=second_day))
    run(mem, day=second_day)
    assert len(_notes_citing(root, again.ref)) == 1, _notes_citing(root, again.ref)
    body = _lesson_citing(root, again.ref)
    assert first.ref in NoteStore(root).read(_notes_citing(root, again.ref)[0]).str_list("sources")
    assert "The rye loaves came out flat too" in _section(body, "## What failed"), body
    assert "An hour on the counter fixed it." in _section(body, "## What worked instead"), body
    rule = "always let the starter warm up at room temperature before mixing the dough."
    assert rule in body  # every sentence of the episode is kept
