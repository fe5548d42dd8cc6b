"""How the daily run shapes a procedure whose lead says where the text came from or who was there, and a memo
written right under the last step (trial 8, problems 4 and 5), in other words than the trial's (EN and JA).

Real files: the episodes go in through `Memory.add_episode`, one daily run writes the notes, the test reads them.
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, memory, note_of, run

MANUAL = """Straight out of the Hobart AM15 operator's manual, p. 31:

1. Switch the machine off and drain the wash tank.
2. Remove the scrap screens and rinse them under the tap.
3. Wipe the wash arms and check that the nozzles are clear.
4. Refill the tank and switch the machine back on.
"""
MANUAL_JA = """ニチレイ保冷庫 NR-40 の取扱説明書 5.1 節より抜粋：

1. 電源を切り、庫内の薬剤を別の保冷庫に移す。
2. 霜取りボタンを 5 秒押し続ける。
3. 排水トレーの水を捨てて、乾いた布で拭く。
4. 電源を入れ、庫内が 8°C 以下に戻るのを確認する。
"""
WITH_JA = """新しいタブレットでも予約アプリの通知が届くように、佐藤さんと一緒に受付で設定しました。
1. タブレットの「設定」→「通知」を開く。
2. 予約アプリを選び、通知を許可する。
3. アプリにログインし、テスト予約を入れて通知が来るか確かめる。
※ 管理者のパスコードは金庫のファイルにあります。
"""
WITH_EN = """Set the label printer up with Marco at the dock this afternoon.
1. Plug the printer into the packing PC and install the driver from the vendor site.
2. In the driver settings choose the 4x6 roll and 203 dpi.
3. Print a test label from the shipping app and check the barcode scans.
Note: the spare rolls are in the blue cabinet.
"""


def test_a_line_saying_where_the_text_was_copied_from_is_never_the_description(root: Path) -> None:
    mem = memory(root)
    en = mem.add_episode(MANUAL, title="Dishwasher nightly clean", at=at(9))
    ja = mem.add_episode(MANUAL_JA, title="保冷庫の霜取り", at=at(10))
    run(mem)
    for ep in (en, ja):
        path, desc, body = note_of(root, ep.ref)
        assert path.startswith("procedures/"), path
        assert "manual" not in desc and "取扱説明書" not in desc and "p. 31" not in desc, desc
        assert "4." in body, body


def test_who_was_there_is_never_the_description_only_what_it_was_for(root: Path) -> None:
    mem = memory(root)
    ja = mem.add_episode(WITH_JA, title="タブレットの通知設定", at=at(9))
    en = mem.add_episode(WITH_EN, title="Label printer setup", at=at(10))
    run(mem)
    _, desc, _ = note_of(root, ja.ref)
    assert desc == "新しいタブレットでも予約アプリの通知が届くようにする", desc
    _, desc, _ = note_of(root, en.ref)
    assert "Marco" not in desc and "this afternoon" not in desc, desc


def test_a_memo_under_the_last_step_is_a_paragraph_of_its_own(root: Path) -> None:
    mem = memory(root)
    ja = mem.add_episode(WITH_JA, title="タブレットの通知設定", at=at(9))
    en = mem.add_episode(WITH_EN, title="Label printer setup", at=at(10))
    run(mem)
    _, _, body = note_of(root, ja.ref)
    assert "確かめる。\n\n※ 管理者のパスコードは金庫のファイルにあります。" in body, body
    _, _, body = note_of(root, en.ref)
    assert "check the barcode scans.\n\nNote: the spare rolls are in the blue cabinet." in body, body
