"""Trial 18 #4 and #7: a supplier's part number and price is a fact to keep; a pasted mail is no procedure.

#4: a bakery's 「ヒーター HE-4.5kW-200V を2本発注。㈱関西ヒーター工業、単価 12,800円、納期 1週間。」 was read as
nothing to keep (skip, p=0.71, no review item) while its English twin was kept. Here a bicycle shop's spare
parts and a school office's supplier, in both languages: the item's number, its unit price, its lead time
and who sells it are what the next order needs (route_reference.py). An order's total and due date on an
approval form, or lunch with its price, are not.

#7: a vendor's mail pasted as a quotation ("> From: …") with one sentence of ours became a procedure
described as `3 steps, from … to …` with no steps in its body: the quoted lines joined read as a menu path
("example > Your"), and the description counted paragraphs kept as they were.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from memdir.consolidation.daily.blocks import split_blocks
from memdir.consolidation.daily.route_no_steps import has_step
from memdir.consolidation.daily.shape import shape

Cli = Callable[..., CompletedProcess[str]]
DAY = (date.today() - timedelta(days=2)).isoformat()

ORDERS = """## 10:05 — ブレーキパッドの仕入れ

シマノ用ブレーキパッド（品番 BR-M8100-K）を10組注文した。サイクルパーツ㈱、単価 1,450円、納期 3日。

## 11:20 — Toner for the office printer

Ordered toner TN-2480 for the staff room printer from Kato Office Supplies, 4,180 yen a cartridge, ships in 2 days.

## 12:30 — lunch

Lunch at the ramen place by the station, 900 yen, really good and the sun was out all afternoon.
"""

MAILS = """## 09:00 — uniform portal

Pasting the mail from the uniform vendor so we don't lose it:

> From: support@uniform-house.example
> Your service portal account is ready.
> URL: https://portal.uniform-house.example/login
> User: office-kita
> Password: Gm4#kita2026!
> Please change the password at first login.

Need to order the PE shirts through the portal.

## 09:30 — 教材業者のポータル

教材業者からのメールを貼っておく：

> 差出人：support@kyozai-sha.example
> 学校用アカウントを発行しました。
> URL：https://kyozai-sha.example/login
> ユーザー：kita-jimu
> 初回ログイン時にパスワードを変更してください。

来年度の教材はこのサイトから注文する。
"""


def _day(root: Path, text: str) -> None:
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{text}", encoding="utf-8")


def _rows(done: CompletedProcess[str]) -> dict[str, dict[str, object]]:
    assert done.returncode == 0, done.stderr
    return {str(r["episode"]).split("#", 1)[1]: r for r in json.loads(done.stdout)["episodes"]}


@pytest.mark.slow
def test_part_orders_with_number_price_and_lead_time_are_kept(root: Path, run_cli: Cli) -> None:
    _day(root, ORDERS)
    rows = _rows(run_cli("consolidate", "daily", "--date", DAY, "--json"))
    pads, toner, lunch = (
        rows[k] for k in ("1005-ブレーキパッドの仕入れ", "1120-toner-for-the-office-printer", "1230-lunch")
    )
    assert pads["action"] != "skip" and str(pads["target"]).startswith("knowledge/"), pads
    assert toner["action"] != "skip" and str(toner["target"]).startswith("knowledge/"), toner
    assert lunch["action"] == "skip", lunch  # a price alone is no reference fact
    kept = "\n".join(p.read_text(encoding="utf-8") for p in (root / "knowledge").rglob("*.md"))
    assert "BR-M8100-K" in kept and "1,450円" in kept
    assert "TN-2480" in kept and "4,180 yen a cartridge" in kept
    assert "ramen" not in kept


def test_one_case_totals_and_due_dates_are_no_reference() -> None:
    from memdir.consolidation.daily.route_reference import states_a_reference

    form = "稟議番号：R-2026-040\n申請者：事務室 田中\n件名：コピー用紙の追加購入\n金額：14,900円（税込）\n発注先：ヤマダ文具\n納期：12月10日"
    assert not states_a_reference(form)
    invoice = "Invoice INV-2026-11-7731 from Kato Office Supplies: 48,120 yen, due on 30 November."
    assert not states_a_reference(invoice)
    assert states_a_reference("コピー用紙（品番 PPC-A4-500）は1箱 2,980円、注文から2日で届く。")
    assert states_a_reference("Spare tubes TB-700C-32 cost $6 each from Velo Supply Ltd.")


@pytest.mark.slow
def test_a_pasted_supplier_mail_is_no_procedure(root: Path, run_cli: Cli) -> None:
    _day(root, MAILS)
    rows = _rows(run_cli("consolidate", "daily", "--date", DAY, "--json"))
    for key in ("0900-uniform-portal", "0930-教材業者のポータル"):
        assert not str(rows[key]["target"] or "").startswith("procedures/"), rows[key]
    assert not list((root / "procedures").glob("*.md"))
    assert "Gm4#kita2026!" not in "\n".join(
        p.read_text(encoding="utf-8") for p in root.rglob("*.md") if "episodes" not in p.parts
    )


def test_quoted_mail_lines_are_no_steps() -> None:
    body = MAILS.split("## 09:30", 1)[0].split("\n", 2)[2].strip()
    assert not has_step(body, split_blocks(body), "uniform portal")


def test_paragraphs_kept_as_written_promise_no_step_count() -> None:
    text = (
        "The bike workshop at closing time, as Ken does it.\n\n"
        "Sweep around the stands and hang every tool back on the wall board.\n\n"
        "Lock the compressor cabinet and switch off the main breaker.\n\n"
        "Set the alarm at the back door before you leave."
    )
    note = shape("procedures", "Closing the workshop", text)
    if not any(b.kind == "list" and b.ordered for b in split_blocks(note.text)):
        assert " steps, from " not in note.description, note.description
    ja = (
        "夜の閉店作業。\n\n工具を壁のボードに戻し、スタンドの周りを掃く。\n\n"
        "コンプレッサーの棚に鍵をかけ、主電源を切る。\n\n裏口の警報をセットしてから帰る。"
    )
    note = shape("procedures", "閉店作業", ja)
    if not any(b.kind == "list" and b.ordered for b in split_blocks(note.text)):
        assert "つの手順：" not in note.description, note.description
