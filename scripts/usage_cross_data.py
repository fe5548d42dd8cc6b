"""Procedures in one language and usage reports in the other, for the cross-language usage tests and the
false-match measurement in docs/daily.md ("the usual steps"): for each language, procedures a root holds,
reports of using one of them, and reports of work no note describes (each says "the usual way" and an outcome).
`SAME_LANGUAGE_USES` (trial 9) are reports of using a procedure of their own language that name what its
steps name rather than its title's words.
"""

from __future__ import annotations

JA_PROCEDURES = {
    "ワクチンの発注方法": "1. 在庫表で残数と使用期限を確認する。\n2. 卸の発注サイトにログインして品目と数量を入れる。\n"
    "3. 在庫表の「発注中」欄に数量と納品予定日を書く。\n4. 院長にチャットで報告する。\n",
    "スキャンを共有フォルダに保存する設定": "1. 複合機の管理画面を開いてログインする。\n"
    "2. 「スキャン to ネットワーク」でプロファイルを選ぶ。\n3. 保存先に NAS のフォルダを入れる。\n"
    "4. テスト送信して NAS にファイルができたら完了。\n",
    "冷蔵庫の朝の温度チェック": "1. 冷蔵庫の最高・最低温度を読む。\n2. 温度記録表に記入する。\n"
    "3. 8°C を超えていたら院長に連絡する。\n4. 最高・最低温度をリセットする。\n",
    "レセプトの月末締め": "1. 未請求の明細を一覧で確認する。\n2. 返戻分を修正して再請求に回す。\n"
    "3. オンライン請求で送信する。\n4. 受付結果を印刷して保管する。\n",
    "待合室の消毒": "1. 診療終了後に椅子と手すりをアルコールで拭く。\n2. おもちゃを消毒液に浸ける。\n"
    "3. 床をモップで拭く。\n4. 消毒記録に時刻と名前を書く。\n",
    "新人スタッフのアカウント作成": "1. 電子カルテの管理画面で新規ユーザーを作る。\n2. 権限を「受付」に設定する。\n"
    "3. 初期パスワードを封筒に入れて本人に渡す。\n4. 台帳に追加する。\n",
}
EN_PROCEDURES = {
    "Rotate the staging database password": "1. Generate a new password in the vault.\n"
    "2. Add it as a second valid password on the database.\n3. Roll the app pods.\n4. Drop the old password.\n",
    "Restock the first-aid kits": "1. Check each kit against the contents card.\n2. Take missing items from the store room.\n"
    "3. Note expiry dates on the card.\n4. Seal the kit with a new tag.\n",
    "Close the till at the end of the day": "1. Print the Z report.\n2. Count the cash drawer.\n"
    "3. Compare with the report and note any difference.\n4. Put the cash in the safe.\n",
    "Renew the TLS certificate on the edge servers": "1. Run certbot renew on edge-1.\n2. Reload nginx.\n"
    "3. Check the expiry date with openssl.\n4. Repeat on edge-2.\n",
    "Onboard a new volunteer": "1. Send the welcome email with the handbook.\n2. Book the induction session.\n"
    "3. Add them to the rota app.\n4. Give them a lanyard and a locker key.\n",
    "Back up the laptop to the NAS": "1. Plug the laptop into the office network.\n2. Open the backup app.\n"
    "3. Choose the NAS share as target and start.\n4. Check the log for errors.\n",
}
# (report, the procedure it reports using)
EN_REPORTS_OF_JA = [
    (
        "Ordered 20 more flu vaccine doses the usual way, the wholesaler confirmed delivery for Friday.",
        "ワクチンの発注方法",
    ),
    (
        "Set up scanning to the shared folder on the new front desk PC the usual way, test scan landed fine.",
        "スキャンを共有フォルダに保存する設定",
    ),
]
TRIAL = (
    "Ordered 30 more flu doses the usual way, confirmation came back, stock sheet updated.",
    "ワクチンの発注方法",
)
JA_REPORTS_OF_EN = [
    ("いつもの手順でレジを締めた。差額なし。", "Close the till at the end of the day"),
    ("救急箱の補充をいつものやり方でやった。問題なし。", "Restock the first-aid kits"),
]
EN_UNRELATED = [
    "Renewed the parking permits for the staff car park the usual way, all done.",
    "Changed the water cooler bottle the usual way, no leaks.",
    "Sent the monthly newsletter the usual way, it went out to everyone.",
    "Booked the plumber for the staff toilet the usual way, he comes Tuesday.",
    "Replaced the printer toner the usual way, prints are clean again.",
    "Paid the electricity bill the usual way, receipt filed.",
    "Updated the opening hours on the website the usual way, looks right.",
    "Ran payroll for November the usual way, everyone got paid.",
    "Defrosted the staff kitchen freezer the usual way, all good.",
    "Filed the quarterly tax return the usual way, accepted.",
    "Ordered new business cards for Dr. Ito the usual way, arriving next week.",
    "Reset a patient's portal password the usual way, she could log in.",
]
JA_UNRELATED = [
    "いつもの手順で駐車場の許可証を更新した。問題なし。",
    "ウォーターサーバーのボトルをいつも通り交換した。漏れなし。",
    "いつものやり方でニュースレターを配信した。全員に届いた。",
    "いつもの手順で給与計算をした。全員に振り込み済み。",
    "トナーをいつも通り交換した。きれいに印刷できる。",
    "電気代をいつものやり方で支払った。領収書は保管済み。",
    "いつもの手順でホームページの診療時間を更新した。表示も確認した。",
    "名刺の発注をいつも通りやった。来週届く。",
    "いつもの手順で患者さんのポータルのパスワードをリセットした。ログインできた。",
    "いつも通り四半期の税務申告をした。受理された。",
    "いつもの手順でスタッフ用冷凍庫の霜取りをした。問題なし。",
    "植木の水やりをいつも通りやった。元気。",
]
# (report, the procedure it reports using), same language; written for trial 9's measurement before its rule
SAME_LANGUAGE_USES = [
    (
        "Did the certbot thing on edge-1 and edge-2 the usual way, nginx reloaded, expiry now March.",
        "Renew the TLS certificate on the edge servers",
    ),
    (
        "Cashed up the register tonight with the usual steps, Z report matched the drawer.",
        "Close the till at the end of the day",
    ),
    (
        "Got Maya started as a volunteer the usual way: handbook sent, induction booked for Monday.",
        "Onboard a new volunteer",
    ),
    ("Ran the laptop backup to the office NAS share as usual, log clean.", "Back up the laptop to the NAS"),
    ("いつもの手順で冷蔵庫の温度を記録した。最高7°C、問題なし。", "冷蔵庫の朝の温度チェック"),
    (
        "受付の佐藤さんのカルテのユーザーをいつも通り作った。権限は受付、台帳にも追加済み。",
        "新人スタッフのアカウント作成",
    ),
    ("月末の請求をいつもの手順でオンライン送信した。返戻の修正も済み。", "レセプトの月末締め"),
    ("いつも通り診療後に待合室を拭いて、記録表に書いた。", "待合室の消毒"),
]
