"""Trial 29 re-check #2 (fix41a): a usual-way report in the other language whose work phrase is near no title
clearly, but whose act (返金, "sent") is one title's act, leaves an `evidence` item on that procedure; never a
count, and no item where no title's act is clearly the report's.

The trial (a bicycle shop) saw 「いつもの手順で保証金を2件返金した」 skipped, "closest" the booking procedure,
though "Refund the deposit for rental {rental_id}" was in the root. Here a museum's English procedures and a
swimming pool's Japanese ones, through `memdir episode add` and `memdir consolidate daily --json`.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from usage_roots import daily_today, procedure_counts, procedure_root

MUSEUM = {
    "refund-an-online-ticket.md": "# Refund an online ticket\n\n1. Look the booking up in the ticket dashboard by "
    "its reference.\n2. Cancel the time slot so it is free again.\n3. Issue the refund to the card and send the "
    "cancellation email.\n",
    "condition-check-of-a-loan-object.md": "# Condition check of a loan object\n\n1. Unpack on the padded table "
    "with gloves on.\n2. Photograph every side under the daylight lamp.\n3. Note every scratch on the form.\n",
    "send-the-press-release.md": "# Send the press release\n\n1. Export the release and two images from the shared "
    "drive.\n2. Mail it to the press list from the office account.\n3. Post it on the news page.\n",
    "replace-a-gallery-label.md": "# Replace a gallery label\n\n1. Print the new label on the foam board printer.\n"
    "2. Peel the old one off with the plastic scraper.\n3. Fix the new one at 150 cm to its centre.\n",
}
POOL = {
    "プールの水質検査.md": "# プールの水質検査\n\n1. 朝一番に試薬で塩素濃度を測る。\n2. pHを記録表に書く。\n",
    "更衣室の清掃.md": "# 更衣室の清掃\n\n1. 床をモップで拭く。\n2. ロッカーの忘れ物を集める。\n",
    "月謝の返金.md": "# 月謝の返金\n\n1. 会員番号で入金を確認する。\n2. 口座に振り込む。\n",
    "監視員のシフト送信.md": "# 監視員のシフト送信\n\n1. 来週の表を作る。\n2. 全員にLINEで送る。\n",
}


def _items(root: Path) -> list[dict[str, object]]:
    return [
        yaml.safe_load(f.read_text(encoding="utf-8").split("---")[1])
        for f in sorted((root / "review").glob("*.md"))
    ]


def test_a_japanese_report_is_asked_on_the_english_procedure_of_its_act(tmp_path: Path) -> None:
    """「入館料を返金した」: its work is near no title clearly, its act 返金 is "Refund"'s: an item there."""
    root = procedure_root(tmp_path, MUSEUM)
    out = daily_today(root, ["いつもの手順で入館料を2件返金した。問題なし。"])
    target = "procedures/refund-an-online-ticket.md"
    items = _items(root)
    assert [i["target"] for i in items] == [target], out["episodes"]
    assert str(items[0]["usage"]).startswith("success, not counted")
    assert f"memdir feedback {target} --success" in str(items[0]["usage"])
    assert out["episodes"][0]["target"] == target
    assert procedure_counts(root)["refund-an-online-ticket.md"] == (0, 0)  # asked, never counted


def test_an_english_report_is_asked_on_the_japanese_procedure_of_its_act(tmp_path: Path) -> None:
    root = procedure_root(tmp_path, POOL)
    out = daily_today(root, ["Sent the lifeguard rota the usual way."])
    items = _items(root)
    assert [i["target"] for i in items] == ["procedures/監視員のシフト送信.md"], out["episodes"]
    assert all(c == (0, 0) for c in procedure_counts(root).values())


def test_an_act_no_title_clearly_holds_asks_nothing(tmp_path: Path) -> None:
    """Replacing a light tube, painting the lane ropes: no title's act is clearly theirs, so no item names one."""
    museum = procedure_root(tmp_path / "m", MUSEUM)
    daily_today(museum, ["いつもの手順で蛍光灯を交換した。"])
    pool = procedure_root(tmp_path / "p", POOL)
    daily_today(pool, ["Painted the lane ropes the usual way."])
    assert _items(museum) == [] and _items(pool) == []
