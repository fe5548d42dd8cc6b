"""Cross-language usage reports in eight domains (trial 27 #1c): for `bench_usage_cross.py --domains`.

Each domain is one root of six procedures of one trade (three English, three Japanese, so near neighbours
exist), written as a person writes them (some open with prose), and reports "done the usual way" in the
other language than the procedure they use: Japanese reports of English procedures and English reports of
Japanese ones, naming the work as a noun phrase, a する verb, the title's own words or a thing's id. The
negatives say the usual way too: work no procedure of the root tells (`None`), and a neighbour's work (a
task next to a procedure's, in its trade, that no procedure tells: also `None`).

The split is by domain: `TUNE` chose the rule's levels, `TEST` is reported once (docs/trials.md, trial 27).
None of it is the trial's museum.
"""

from __future__ import annotations

# domain -> (procedures: title -> body, reports: (report, the title it uses or None))
Domain = tuple[dict[str, str], list[tuple[str, str | None]]]

KENNEL: Domain = (
    {
        "Kennel deep clean between boarders": "When a dog leaves we clean the run before the next one comes in.\n\n"
        "1. Take out the bedding and bowls.\n2. Scrub the floor and walls with the kennel disinfectant.\n"
        "3. Rinse and squeegee dry.\n4. Put in fresh bedding.\n",
        "Check-in of a boarding dog": "1. Check the vaccination card (kennel cough within 12 months).\n"
        "2. Weigh the dog and note it on the board.\n3. Label the owner's food.\n4. Take a photo for the owner.\n",
        "Giving oral medication to a boarder": "1. Read the owner's medication sheet.\n"
        "2. Hide the tablet in a bit of cheese.\n3. Watch the dog swallow it.\n4. Tick the dose on the sheet.\n",
        "爪切りの手順": "1. 犬を台に乗せて首輪を固定する。\n2. 血管の手前まで少しずつ切る。\n3. やすりで角を丸める。\n"
        "4. カルテに日付を書く。\n",
        "シャンプーの手順": "1. ブラッシングで毛玉をほぐす。\n2. ぬるま湯で全身を濡らす。\n3. 犬用シャンプーで洗って流す。\n"
        "4. ドライヤーで乾かす。\n",
        "狂犬病ワクチン証明書の確認": "1. 証明書の日付が1年以内か見る。\n2. 犬の名前と登録番号を照合する。\n"
        "3. コピーを預かりファイルに入れる。\n",
    },
    [
        ("ポチの退所後、いつもの手順でケージの清掃をした。問題なし。", "Kennel deep clean between boarders"),
        ("いつも通りチェックインした。ワクチンカードもOK。", "Check-in of a boarding dog"),
        ("ハナに投薬をいつもの手順で行った。ちゃんと飲んだ。", "Giving oral medication to a boarder"),
        ("Clipped Rex's nails the usual way, no bleeding.", "爪切りの手順"),
        ("Shampooed Bella the usual way, dried and done.", "シャンプーの手順"),
        ("Checked the rabies certificate for Max as usual, all fine.", "狂犬病ワクチン証明書の確認"),
        ("いつもの手順で散歩に連れて行った。元気。", None),
        ("Walked the big dogs the usual way, all good.", None),
        ("耳掃除をいつも通りやった。汚れなし。", None),
        ("Brushed Luna's teeth the usual way, fine.", None),
    ],
)

BREWERY: Domain = (
    {
        "Cleaning the fermenter after a batch": "1. Drain the yeast from the cone.\n2. Rinse with hot water.\n"
        "3. Run caustic through the CIP ball for 30 min.\n4. Rinse and sanitise with peracetic acid.\n",
        "Dry hopping a batch": "Dry hops go in on day 4 when gravity has dropped below 1.020.\n\n"
        "1. Purge the hop port with CO2.\n2. Add the hops through the port.\n3. Rouse with CO2 after 24 h.\n",
        "Kegging beer from the bright tank": "1. Sanitise the kegs.\n2. Purge each keg with CO2.\n"
        "3. Fill through the racking arm.\n4. Label with batch and date.\n",
        "比重の測定手順": "1. サンプルを取って20℃に冷ます。\n2. 比重計を浮かべて目盛りを読む。\n3. 仕込み記録に書く。\n",
        "麦芽の粉砕": "1. ミルのギャップを1.2mmに合わせる。\n2. 麦芽を計量してホッパーに入れる。\n"
        "3. 粉砕して袋に移す。\n",
        "瓶詰めラインの洗浄": "1. フィラーのノズルを外す。\n2. 温水で配管を流す。\n3. 洗剤を循環させる。\n"
        "4. すすいで乾かす。\n",
    },
    [
        ("FV-3 をいつもの手順で洗浄した。問題なし。", "Cleaning the fermenter after a batch"),
        ("バッチ42のドライホップをいつも通り投入した。", "Dry hopping a batch"),
        ("いつもの手順でケグ詰めをした。12本。", "Kegging beer from the bright tank"),
        ("Took the gravity reading the usual way, 1.012.", "比重の測定手順"),
        ("Milled the malt for tomorrow's brew the usual way, done.", "麦芽の粉砕"),
        ("Cleaned the bottling line as usual after the run, no issues.", "瓶詰めラインの洗浄"),
        ("いつも通りラベルを発注した。来週届く。", None),
        ("Delivered the kegs to the pub the usual way, all good.", None),
        ("いつもの手順で缶詰めをした。問題なし。", None),
        ("Cleaned the brewhouse floor drains the usual way, done.", None),
    ],
)

HELPDESK: Domain = (
    {
        "Reset a user's password": "1. Verify the caller with their employee number.\n"
        "2. Reset in the admin console with 'must change at next login'.\n3. Read the temporary password out.\n",
        "Set up a new laptop for a starter": "1. Enrol it in Intune.\n2. Install the standard apps.\n"
        "3. Sign in as the user and check OneDrive syncs.\n4. Add it to the asset list.\n",
        "Unlock a locked-out account": "1. Check the lockout source in the event log.\n"
        "2. Unlock in AD.\n3. Ask the user to sign in within 5 minutes.\n",
        "プリンターの紙詰まり対応": "1. 電源を切る。\n2. トレイと背面カバーを開けて紙を取る。\n3. テスト印刷する。\n",
        "退職者のアカウント停止": "1. ADでアカウントを無効にする。\n2. メールを上司に転送する設定にする。\n"
        "3. ライセンスを外す。\n4. 台帳に記録する。\n",
        "VPNの接続トラブル対応": "1. クライアントのバージョンを確認する。\n2. 証明書の期限を見る。\n"
        "3. 再インストールして接続を試す。\n",
    },
    [
        ("いつもの手順で田中さんのパスワードをリセットした。ログインできた。", "Reset a user's password"),
        ("新入社員のノートPCのセットアップをいつも通り行った。完了。", "Set up a new laptop for a starter"),
        ("ロックされたアカウントをいつもの手順で解除した。問題なし。", "Unlock a locked-out account"),
        ("Cleared the paper jam on the 3F printer the usual way, prints fine.", "プリンターの紙詰まり対応"),
        ("Disabled the leaver's account the usual way, done.", "退職者のアカウント停止"),
        ("Fixed Sato's VPN connection problem the usual way, connected.", "VPNの接続トラブル対応"),
        ("いつもの手順でモニターを交換した。問題なし。", None),
        ("Renewed the domain name the usual way, all done.", None),
        ("いつも通りWi-Fiのパスワードを変更した。", None),
        ("Restored a deleted file from backup the usual way, user happy.", None),
    ],
)

FARM: Domain = (
    {
        "Milking parlour wash-down": "1. Flush the lines with warm water.\n2. Run the hot detergent cycle.\n"
        "3. Acid rinse twice a week.\n4. Hose down the pit.\n",
        "Drenching the ewes": "1. Weigh a sample of ewes.\n2. Set the drench gun to the heaviest.\n"
        "3. Drench and mark each ewe.\n4. Record the batch number.\n",
        "Tractor pre-season service": "1. Change the engine oil and filter.\n2. Grease every nipple.\n"
        "3. Check the tyre pressures.\n4. Test the lights.\n",
        "鶏舎の消毒": "1. 敷料を全部出す。\n2. 高圧洗浄機で床と壁を洗う。\n3. 消毒液を散布する。\n"
        "4. 乾かしてから新しい敷料を入れる。\n",
        "牛の削蹄": "1. 牛を枠場に入れる。\n2. 蹄の長さを測る。\n3. 余分な角質を削る。\n4. 記録表に書く。\n",
        "種まき前の土壌検査": "1. 畑の5か所から土を取る。\n2. 混ぜて袋に入れる。\n3. 農協に送る。\n",
    },
    [
        ("いつもの手順でパーラーの洗浄をした。問題なし。", "Milking parlour wash-down"),
        ("雌羊の駆虫をいつも通りやった。40頭。", "Drenching the ewes"),
        ("シーズン前のトラクター整備をいつもの手順で済ませた。", "Tractor pre-season service"),
        ("Disinfected the chicken house the usual way, done.", "鶏舎の消毒"),
        ("Trimmed the cows' hooves the usual way, all fine.", "牛の削蹄"),
        ("Did the soil test before sowing as usual, samples sent.", "種まき前の土壌検査"),
        ("いつもの手順で羊の毛刈りをした。問題なし。", None),
        ("Fixed the fence in the north field the usual way, done.", None),
        ("いつも通り子牛に哺乳した。元気。", None),
        ("Washed the egg trays the usual way, all good.", None),
    ],
)

DENTAL_LAB: Domain = (
    {
        "Pouring a stone model from an impression": "1. Rinse and disinfect the impression.\n"
        "2. Mix type IV stone at the set water ratio.\n3. Vibrate it into the impression.\n4. Leave 45 min.\n",
        "Sintering zirconia crowns": "1. Place the crowns on the sintering beads.\n"
        "2. Run the 8-hour programme.\n3. Let them cool in the furnace.\n",
        "Shipping finished cases to clinics": "1. Check each case against the prescription.\n"
        "2. Bag and label it.\n3. Book the courier.\n4. Email the clinic the tracking number.\n",
        "印象の消毒手順": "1. 流水で血液と唾液を落とす。\n2. 消毒液に10分浸す。\n3. 水洗して袋に入れる。\n",
        "義歯の研磨": "1. バーで粗削りする。\n2. 研磨材で中仕上げする。\n3. バフで艶を出す。\n",
        "咬合器の装着": "1. フェイスボウの記録を確認する。\n2. 上顎の模型を石膏で付ける。\n"
        "3. 咬合記録で下顎を付ける。\n",
    },
    [
        ("いつもの手順で石膏模型を注いだ。気泡なし。", "Pouring a stone model from an impression"),
        ("ジルコニアクラウンのシンタリングをいつも通り行った。問題なし。", "Sintering zirconia crowns"),
        ("完成した技工物をいつもの手順で医院に発送した。", "Shipping finished cases to clinics"),
        ("Disinfected the impressions from Dr. Lee's clinic the usual way, done.", "印象の消毒手順"),
        ("Polished the upper denture the usual way, looks good.", "義歯の研磨"),
        ("Mounted the models on the articulator as usual, fine.", "咬合器の装着"),
        ("いつもの手順でワックスアップをした。問題なし。", None),
        ("Ordered more type IV stone the usual way, arriving Friday.", None),
        ("いつも通りシェードを確認した。A2で合っている。", None),
        ("Invoiced the clinics for November the usual way, sent.", None),
    ],
)

FERRY: Domain = (
    {
        "Pre-departure safety check": "Before the first sailing the mate walks the ship.\n\n"
        "1. Check the lifejacket lockers are sealed.\n2. Test the PA and the alarms.\n"
        "3. Check the bow door indicator.\n4. Sign the log.\n",
        "Loading vehicles on the car deck": "1. Load lorries first on the centre lanes.\n"
        "2. Chock every lorry.\n3. Cars fill the outer lanes.\n4. Close the bow door.\n",
        "Refuelling the vessel at the berth": "1. Put out the boom.\n2. Connect the bunker hose.\n"
        "3. Take soundings every 10 minutes.\n4. Record the quantity.\n",
        "乗客数の集計": "1. 改札の人数を読む。\n2. 船内のカウンターと照合する。\n3. 運航日誌に書く。\n",
        "救命ボートの降下訓練": "1. 乗組員を配置につける。\n2. ボートを海面まで降ろす。\n3. エンジンを回す。\n"
        "4. 巻き上げて固定する。\n",
        "係留ロープの点検": "1. ロープの摩耗を見る。\n2. アイの部分のほつれを確認する。\n3. 交換が必要なら船長に伝える。\n",
    },
    [
        ("いつもの手順で出航前の安全点検をした。異常なし。", "Pre-departure safety check"),
        ("車両の積み込みをいつも通り行った。満載。", "Loading vehicles on the car deck"),
        ("岸壁でいつもの手順で給油した。問題なし。", "Refuelling the vessel at the berth"),
        ("Counted the passengers the usual way, 212 on board.", "乗客数の集計"),
        ("Did the lifeboat lowering drill the usual way, all fine.", "救命ボートの降下訓練"),
        ("Inspected the mooring ropes as usual, no wear.", "係留ロープの点検"),
        ("いつもの手順でデッキの清掃をした。問題なし。", None),
        ("Sold the tickets for the evening sailing the usual way, done.", None),
        ("いつも通り消火器の点検をした。異常なし。", None),
        ("Unloaded the lorries the usual way, all off.", None),
    ],
)

BAKERY: Domain = (
    {
        "Feeding the sourdough starter": "1. Discard all but 50 g.\n2. Add 100 g flour and 100 g water.\n"
        "3. Mix and mark the level on the jar.\n",
        "Shaping baguettes": "1. Pre-shape into logs and rest 20 min.\n2. Shape and roll to 55 cm.\n"
        "3. Put seam-up on the couche.\n",
        "Deep clean of the deck oven": "1. Let the oven cool overnight.\n2. Brush out the decks.\n"
        "3. Wipe the glass.\n4. Check the door seals.\n",
        "アレルゲン表示ラベルの作成": "1. レシピから原材料を拾う。\n2. 特定原材料に印を付ける。\n3. ラベルを印刷して貼る。\n",
        "ミキサーの洗浄": "1. フックとボウルを外す。\n2. 温水と洗剤で洗う。\n3. 乾かして戻す。\n",
        "仕込み量の計算": "1. 前日の売上を見る。\n2. 天気予報で補正する。\n3. 品目ごとの仕込み量を表に書く。\n",
    },
    [
        ("いつもの手順で元種に餌をやった。よく膨らんだ。", "Feeding the sourdough starter"),
        ("バゲットの成形をいつも通りやった。30本。", "Shaping baguettes"),
        ("デッキオーブンの清掃をいつもの手順で行った。問題なし。", "Deep clean of the deck oven"),
        ("Made the allergen labels for the new scones the usual way, done.", "アレルゲン表示ラベルの作成"),
        ("Washed the mixer the usual way after close, clean.", "ミキサーの洗浄"),
        ("Worked out tomorrow's prep quantities as usual, done.", "仕込み量の計算"),
        ("いつもの手順でクロワッサンを焼いた。問題なし。", None),
        ("Ordered flour from the mill the usual way, comes Monday.", None),
        ("いつも通りレジを締めた。差額なし。", None),
        ("Shaped the sandwich loaves the usual way, fine.", None),
    ],
)

BIKE_SHOP: Domain = (
    {
        "Truing a wheel": "1. Mount the wheel in the truing stand.\n2. Find the wobble with the caliper.\n"
        "3. Tighten and loosen spokes a quarter turn.\n4. Check the tension.\n",
        "Bleeding hydraulic disc brakes": "1. Fit the bleed kit to the caliper.\n2. Push fluid up to the lever.\n"
        "3. Close the ports and top up.\n4. Test the lever feel.\n",
        "Fitting a new chain": "1. Measure the old chain for stretch.\n2. Size the new chain.\n"
        "3. Join with the quick link.\n4. Check the shifting.\n",
        "パンク修理の手順": "1. タイヤを外してチューブを出す。\n2. 水につけて穴を探す。\n3. パッチを貼る。\n"
        "4. 空気を入れて確認する。\n",
        "変速機の調整": "1. ワイヤーの張りを見る。\n2. 調整ボルトでローとトップを合わせる。\n3. 試乗して確認する。\n",
        "電動アシストのバッテリー診断": "1. 診断ツールをつなぐ。\n2. 充電回数と容量を読む。\n3. 結果を顧客に渡す。\n",
    },
    [
        ("いつもの手順で後輪の振れ取りをした。問題なし。", "Truing a wheel"),
        ("ディスクブレーキのエア抜きをいつも通り行った。レバーの感触OK。", "Bleeding hydraulic disc brakes"),
        ("いつもの手順でチェーンを交換した。変速もOK。", "Fitting a new chain"),
        ("Fixed a puncture on Aoki's bike the usual way, holds air.", "パンク修理の手順"),
        ("Adjusted the derailleur the usual way, shifts clean.", "変速機の調整"),
        (
            "Ran the e-bike battery diagnosis as usual, report given to the customer.",
            "電動アシストのバッテリー診断",
        ),
        ("いつもの手順でサドルを交換した。問題なし。", None),
        ("Washed the rental bikes the usual way, done.", None),
        ("いつも通りタイヤを交換した。問題なし。", None),
        ("Serviced the suspension fork the usual way, smooth.", None),
    ],
)

TUNE: dict[str, Domain] = {"kennel": KENNEL, "brewery": BREWERY, "helpdesk": HELPDESK, "farm": FARM}
TEST: dict[str, Domain] = {"dental lab": DENTAL_LAB, "ferry": FERRY, "bakery": BAKERY, "bike shop": BIKE_SHOP}
