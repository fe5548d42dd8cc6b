"""Trial 31 #2 (in part): a Japanese log sentence closed by its act, 「いつものやり方で波情報をLINEとインスタに投稿。」,
tells the usual way used: a longer text around it no longer drops the use without a word (route_usage_clause).
Here a florist and a library, through `memdir episode add` and `memdir consolidate daily`.
"""

from __future__ import annotations

from pathlib import Path

from usage_roots import daily_today, procedure_counts, procedure_root

FLORIST = {
    "市場への仕入れ発注.md": "# 市場への仕入れ発注\n\n1. 冷蔵庫の在庫を数える。\n2. 週末の予約を見て本数を決める。\n"
    "3. 花市場の発注サイトに入力する。\n",
    "店頭の水替え.md": "# 店頭の水替え\n\n1. バケツの水を捨てる。\n2. 延命剤を入れた水を張る。\n3. 茎を切り戻す。\n",
}


def test_a_use_told_as_a_sentence_closed_by_its_act_counts(tmp_path: Path) -> None:
    root = procedure_root(tmp_path, FLORIST)
    daily_today(
        root,
        [
            "いつものやり方でバラとカーネーションを花市場に発注。午後は雨、来店は少なめ。"
            "母の日の予約が5件入ったので、ノートに書いておいた。"
        ],
    )
    assert procedure_counts(root) == {"市場への仕入れ発注.md": (1, 0), "店頭の水替え.md": (0, 0)}


def test_a_plan_closed_by_its_act_counts_nothing(tmp_path: Path) -> None:
    root = procedure_root(tmp_path, FLORIST)
    daily_today(root, ["来週もいつものやり方でバラを花市場に発注予定。母の日の予約はまだ2件。"])
    assert procedure_counts(root) == {"市場への仕入れ発注.md": (0, 0), "店頭の水替え.md": (0, 0)}
