"""Trial 29 re-check: a usual-way report no rule names, whose closest procedure is the only one holding its words,
leaves an `evidence` item with its outcome (not only a summary line), and `consolidate daily --json` lists each
episode once.

The trial (a bicycle shop) saw a Japanese failure report of the English booking procedure skipped with no item.
Here a veterinary clinic and a print shop, a Japanese report of English procedures and an English one of
Japanese procedures, through `memdir episode add` and `memdir consolidate daily --json` as a user runs them.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from usage_roots import daily_today, procedure_counts, procedure_root

CLINIC = {
    "remind-owners-of-tomorrows-appointments.md": "# Remind owners of tomorrow's appointments\n\n1. Open tomorrow's list in the clinic system.\n2. Send each owner an SMS from the reminder template.\n3. Tick the list.\n",
    "clean-the-kennels.md": "# Clean the kennels\n\n1. Move the dogs to the run.\n2. Hose the floors and scrub with the disinfectant.\n3. Refill the water bowls.\n",
    "order-the-cat-food.md": "# Order the cat food\n\n1. Count the bags in the store room.\n2. Order from the wholesaler's site.\n",
}
PRINT_SHOP = {
    "名刺の印刷.md": "# 名刺の印刷\n\n1. お客様のデータを確認する。\n2. 厚紙をセットして、Xeroxで100枚刷る。\n3. 断裁して箱に入れる。\n",
    "店内の清掃.md": "# 店内の清掃\n\n1. 床を掃除する。\n2. カウンターを拭く。\n",
    "月末の請求書を送る.md": "# 月末の請求書を送る\n\n1. 売上表から請求書を作る。\n2. お客様に郵送する。\n",
}


def _items(root: Path) -> list[dict[str, object]]:
    """Each open review item's frontmatter."""
    out = []
    for f in sorted((root / "review").glob("*.md")):
        out.append(yaml.safe_load(f.read_text(encoding="utf-8").split("---")[1]))
    return out


def test_a_failed_japanese_report_of_an_english_procedure_leaves_an_item(tmp_path: Path) -> None:
    """「SMS が届かなかった」: the closest procedure, the only one whose steps send an SMS, is asked about."""
    root = procedure_root(tmp_path, CLINIC)
    out = daily_today(
        root,
        [
            "明日の診察分、いつもの手順で飼い主さんに連絡しようとしたが、田中様の番号が古くてSMSが届かなかった。電話で伝えた。"
        ],
    )
    items = _items(root)
    target = "procedures/remind-owners-of-tomorrows-appointments.md"
    assert [i["target"] for i in items] == [target], out["episodes"]
    assert str(items[0]["usage"]).startswith("failure, not counted")
    assert str(items[0]["usage"]).endswith(f"memdir feedback {target} --failure")
    assert out["episodes"][0]["target"] == target
    assert procedure_counts(root)["remind-owners-of-tomorrows-appointments.md"] == (
        0,
        0,
    )  # asked, not counted


def test_an_english_report_of_a_japanese_procedure_leaves_an_item(tmp_path: Path) -> None:
    root = procedure_root(tmp_path, PRINT_SHOP)
    daily_today(
        root,
        [
            "Ran the Xerox job for the Sato order the usual way, but the paper jammed twice and we could not "
            "finish; the rest waits until Monday."
        ],
    )
    items = _items(root)
    assert [i["target"] for i in items] == ["procedures/名刺の印刷.md"]
    assert str(items[0]["usage"]).startswith("failure, not counted")


def test_two_procedures_holding_the_words_ask_nothing(tmp_path: Path) -> None:
    """SMS is in two procedures' steps: the run cannot tell which, so no item names one."""
    both = {
        **CLINIC,
        "send-the-vaccination-recalls.md": "# Send the vaccination recalls\n\n1. List the pets due this month.\n"
        "2. Send each owner an SMS from the recall template.\n",
    }
    root = procedure_root(tmp_path, both)
    out = daily_today(root, ["いつもの手順でSMSを送ろうとしたが、届かなかった。"])
    assert _items(root) == []
    assert out["episodes"][0]["action"] == "skip"


def test_json_rows_of_one_episode_say_which_part_they_are() -> None:
    """An episode read in two parts (a usage report and a skipped aside) was listed twice with opposite verdicts
    and nothing saying they were parts; each row now says its part and how many, a one-part episode as before."""
    from memdir.runs.report import RunReport

    report = RunReport(job="daily")
    report.episodes = [
        {
            "episode": "episodes/2026-03-02.md#0900-x",
            "action": "evidence",
            "target": "procedures/a.md",
            "reason": "r",
        },
        {
            "episode": "episodes/2026-03-02.md#0900-x",
            "action": "skip",
            "target": None,
            "reason": "nothing to keep",
        },
        {
            "episode": "episodes/2026-03-02.md#1000-y",
            "action": "create",
            "target": "knowledge/y.md",
            "reason": "r",
        },
    ]
    rows = report.to_dict()["episodes"]
    assert isinstance(rows, list)
    assert [(r.get("part"), r.get("parts")) for r in rows] == [(1, 2), (2, 2), (None, None)]
    assert "part" not in rows[2]
