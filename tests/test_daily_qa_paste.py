"""Trial 19 #4: a pasted FAQ keeps its question and answer; a pasted chat line with no step is no procedure.

`Q: "… How do I see my real quota?"` / `A: Lustre counts …` lost its question sentence and its `A:`, and its
description was `How do I see my real quota?" A`; a forwarded Slack message (a token to put in a file)
became a procedure with no step. Here a library's help desk, in English and Japanese (shape_qa.py,
route_no_steps.shaped_steps; docs/daily.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from memdir.notes.store import NoteStore

Cli = Callable[..., CompletedProcess[str]]

EPISODES = """---
date: 2027-06-02
---

## 10:00 — FAQ: renewing a loan online (from desk mail)

Q: "I tried to renew my books but the button is grey. Can I renew a loan that is already overdue?"
A: Overdue loans cannot be renewed online. Bring the book to the desk, pay the fine at the kiosk with your card, and the desk renews it for two weeks. Reserved books cannot be renewed at all.

## 11:00 — FAQ：学外からのデータベース接続

Q：「自宅から論文データベースに入ろうとするとログイン画面に戻されます。どうすれば使えますか？」
A：学外からは VPN に接続してから図書館のポータル経由で開いてください。ブックマークした直接のリンクでは認証が通りません。

## 15:00 — 転送（システム係より）

> カウンター端末の新しい API キーです、設定に入れておいてください: sk-live-8f3kQ2nV9xLm4Rt7Wc1Yb6Hd
> 予約システムはこのキーで動きます
"""


@pytest.mark.slow
def test_a_pasted_faq_keeps_question_and_answer_and_a_chat_paste_is_no_procedure(
    root: Path, run_cli: Cli
) -> None:
    (root / "episodes" / "2027-06-02.md").write_text(EPISODES, encoding="utf-8")
    res = run_cli("consolidate", "daily", "--date", "2027-06-02", "--json", timeout=600)
    assert res.returncode == 0, res.stderr
    went = {e["episode"].split("#")[1][:4]: e for e in json.loads(res.stdout)["episodes"]}
    store = NoteStore(root)
    notes = {n.path: n for n in store.iter_notes(("knowledge", "procedures"))}
    en = next(n for n in notes.values() if "renew" in n.title.lower())
    assert "Can I renew a loan that is already overdue?" in en.body
    assert "\nA: Overdue loans cannot be renewed online." in en.body
    assert en.description == "Can I renew a loan that is already overdue?"
    ja = next(n for n in notes.values() if "データベース" in n.title)
    assert "どうすれば使えますか？" in ja.body and "\nA：学外からは VPN に接続してから" in ja.body
    assert ja.description.startswith("自宅から論文データベースに入ろうとすると")
    assert not any(p.startswith("procedures/") for p in notes), sorted(notes)  # no procedure without a step
    assert went["1500"]["action"] in ("skip", "create") and not str(went["1500"]["target"]).startswith(
        "procedures/"
    )
    assert "sk-live-" not in "".join(
        p.read_text(encoding="utf-8") for p in root.rglob("*.md") if "episodes" not in p.parts
    )


def test_a_one_line_instruction_in_the_writers_own_words_is_still_a_procedure() -> None:
    """The no-step rule above (a forwarded request is no procedure) must not take a one-step procedure the
    writer states in the imperative: `deploy the api with make deploy` was skipped by it (the reliability
    suite's root); a quoted request stays no procedure."""
    from memdir.consolidation.daily.route_no_steps import no_step_once_shaped

    own = "Wipe the steam wand with the blue cloth after every milk drink."
    assert not no_step_once_shaped(own, own)
    quoted = "> Put the new till key in the config file: [REDACTED]\n> The card reader uses it from Monday"
    assert no_step_once_shaped(quoted, quoted)
