"""Trial 28 re-check N2 (`fix38b`): a verb's 〜方 after の frames a Japanese question (「予約の取り方」).

「予約の取り方」 ("how to take a booking") asks about bookings; 取り方 only says *how*. Its bigrams 取り and り方 are
in any note that says 取り扱い or 取らない, so 予約 was a fifth of the query and a note about bookings shared too
little of it (`words` 0.10) to pass on its words. Like のやり方 and の方法 (index/frame.py), a verb's stem with 方
after の or を (取り方, 書き方, 借り方, 決め方) is now the question's frame: the note that holds the topic holds all of
the question's words. Seen here where words alone decide (`--mode lexical`, no model): a school office and a
bike shop.
"""

from __future__ import annotations

from pathlib import Path

from memdir import Memory


def write(root: Path, rel: str, body: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(f"---\ndescription: {body.splitlines()[0][2:]}\n---\n\n{body}\n", encoding="utf-8")


def office(root: Path) -> Memory:
    write(
        root,
        "knowledge/学期末の事務.md",
        "# 学期末の事務\n\n通知表は担任が下書きし、教頭が確認する。保護者会の日程は来月決める。"
        "出席簿は年度末に事務室の金庫に保管する。予算の残りは備品に回す。",
    )
    write(
        root,
        "knowledge/書道の時間.md",
        "# 書道の時間\n\n書き初めの半紙は一人三枚まで。墨は書き終わったら片付ける。",
    )
    write(
        root,
        "knowledge/倉庫.md",
        "# 倉庫の鍵\n\n体育倉庫の鍵は職員室の左の棚。使ったら台帳に名前を書き込む。フロアの見取り図も貼ってある。",
    )
    write(root, "knowledge/夕方の当番.md", "# 夕方の当番\n\n夕方の戸締まりは当番の先生が職員室の鍵をかける。")
    write(root, "knowledge/給食.md", "# 給食\n\nアレルギーのある子の一覧は職員室の掲示板に貼ってある。")
    return Memory(root)


def test_a_question_framed_by_a_verbs_way_finds_the_note_on_its_topic(tmp_path: Path) -> None:
    mem = office(tmp_path / "root")
    for question, note in (
        ("出席簿の書き方", "knowledge/学期末の事務.md"),
        ("通知表の書き方を教えて", "knowledge/学期末の事務.md"),
        ("倉庫の鍵の借り方", "knowledge/倉庫.md"),
    ):
        hits = mem.search(question, k=3, mode="lexical")
        assert [h.path for h in hits][:1] == [note], (question, [(h.path, h.words) for h in hits])
        assert "knowledge/書道の時間.md" not in [h.path for h in hits]  # it shares 書き, the frame's word
    # a noun with 方 (夕方: no verb's kana before 方) is what a question is about, never its frame
    hits = mem.search("夕方の鍵", k=3, mode="lexical")
    assert hits and hits[0].path == "knowledge/夕方の当番.md", [(h.path, h.words) for h in hits]
