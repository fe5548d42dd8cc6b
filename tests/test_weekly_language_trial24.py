"""Trial 24 #10, #14: a weekly kind that repeats a procedure written in the other language is a merge candidate.

The steps of an English kind (`curl …/members/{id}/cancellation -d '{"reason": …}'`) share no word with a
Japanese note's prose (「退会を登録する（理由を記録する）」): the word lookup gave coverage 0 and the run wrote a
second procedure. Terms matched by meaning across the two languages now find the note; a Japanese note
about other work still gets no item. #14: a weekly lesson on a request pasted whole quotes it
("When a task asks “…”"), where "When you <request>" read as no sentence.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from cli_helper import memdir_ok

GYM_NOTE = """---
description: 退会の受付のしかた
origin: human
---

# 退会受付の手順

1. 会員に本人確認の写真付き身分証を見せてもらう。
2. 会員情報を開き、未払いの会費を確認する。
3. 会員の退会を登録する（理由を記録する）。
4. ロッカーの鍵を回収し、ロッカーを解放する。
5. 会員に退会完了のメールを送る。
"""

STOCK_NOTE = """---
description: 消耗品の注文
origin: human
---

# タオルと洗剤を発注する

1. 倉庫の在庫表を開き、タオルの枚数を数える。
2. 業者の発注ページで洗剤を箱単位で注文する。
3. 納品日をカレンダーに書く。
"""


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return memdir_ok(root, *args, timeout=900)


def _gym_week(root: Path, notes: dict[str, str]) -> str:
    """Four membership cancellations an agent ran in English with curl, a locker script and a reply."""
    _cli(root, "init")
    for name, text in notes.items():
        (root / "procedures" / name).write_text(text, encoding="utf-8")
    lines: list[str] = []
    host = "https://desk.fitclub.example/api"
    for k, (member, why) in enumerate(
        [("3071", "moving away"), ("3188", "injury"), ("3342", "cost"), ("3409", "moving away")]
    ):
        tid, n = f"gym-{k + 1}", [0]

        def ev(_tid: str = tid, _day: int = k + 1, _n: list[int] = n, **kw: object) -> None:
            _n[0] += 1
            ts = f"2026-12-0{_day}T02:{_n[0]:02d}:00+00:00"
            lines.append(json.dumps({"ts": ts, "task_id": _tid, "agent": "desk-bot", **kw}))

        ev(type="task_start", summary=f"Member M-{member} wants to quit, cancel the membership")
        if k == 0:  # the first one tried an endpoint that does not exist, then the right one
            wrong = f'curl -sS -X POST {host}/members/M-{member}/cancel -d \'{{"reason": "{why}"}}\''
            ev(type="tool_use", tool="http", input={"command": wrong})
            ev(type="tool_result", tool="http", outcome="error", error="404 Not Found")
        for cmd in (
            f"curl -sS {host}/members/M-{member}",
            f'curl -sS -X POST {host}/members/M-{member}/cancellation -d \'{{"reason": "{why}"}}\'',
            f"python tools/locker.py --release --member M-{member} --photo-id inbox/M-{member}.jpg",
        ):
            ev(type="tool_use", tool="http" if cmd.startswith("curl") else "shell", input={"command": cmd})
            ev(type="tool_result", tool="http", outcome="success", output="ok")
        ev(type="response_sent", text=f"Cancelled the membership of M-{member} and released the locker key.")
        ev(type="task_end", outcome="success")
    (root / "activity").mkdir(exist_ok=True)
    (root / "activity" / "2026-12-01.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return _cli(root, "consolidate", "weekly", "--until", "2026-12-07").stdout


def test_an_english_kind_repeating_a_japanese_procedure_is_a_merge_candidate(tmp_path: Path) -> None:
    out = _gym_week(tmp_path, {"退会受付の手順.md": GYM_NOTE, "タオルと洗剤を発注する.md": STOCK_NOTE})
    assert sorted(p.name for p in (tmp_path / "procedures").glob("*.md")) == [
        "タオルと洗剤を発注する.md",
        "退会受付の手順.md",
    ], out
    items = [p.read_text(encoding="utf-8") for p in (tmp_path / "review").glob("rv-*.md")]
    assert [t for t in items if "target: procedures/退会受付の手順.md" in t and "merge_candidate" in t], out
    assert not [t for t in items if "タオル" in t], out  # the Japanese note about other work gets no item


def test_a_lesson_on_a_request_pasted_whole_quotes_it(tmp_path: Path) -> None:
    """#14: "When you member M-{member} wants to quit, …" (a request in a verb-phrase frame) reads as a sentence."""
    out = _gym_week(tmp_path, {"タオルと洗剤を発注する.md": STOCK_NOTE})
    (lesson,) = (tmp_path / "knowledge" / "lessons").glob("*.md")
    when = lesson.read_text(encoding="utf-8").split("## When it applies\n", 1)[1].split("\n", 1)[0]
    assert when.startswith(
        "When a task asks \u201cMember M-{member} wants to quit, cancel the membership\u201d"
    ), out
    assert "When you member" not in when
