"""Usual-way uses told inside longer texts (trial 28 #3): for `bench_usage_cross.py --domains clause`.

Three one-trade roots (a public pool, a bookbinding workshop, a school office), three or four procedures each
(English and Japanese), and texts that are no plain usage report: a use with a deviation told after it ("…
the usual procedure: … Two bounced because …; I called them instead", 「いつもの手順で…したが、…だったので…した」)
or a story with the use in one clause ("Mei did X the usual way and flagged it; …"). The negatives name the
usual way too: set aside ("instead of the usual way", 「いつもの手順ではなく」), planned ("will do it the usual way
on Monday"), habitual ("we always do it the usual way"), or a use of work no procedure of the root tells.
Written for fix37e before it was run; not the trial's vet clinic, nor the tests' ferry and print shop.
"""

from __future__ import annotations

from usage_cross_domains import Domain

POOL: Domain = (
    {
        "Test the pool water": "1. Take a sample from the deep end at elbow depth.\n2. Read free chlorine and pH "
        "with the photometer.\n3. Write both in the water log.\n4. Dose from the plant room if out of range.\n",
        "Backwash the sand filter": "1. Stop the circulation pump.\n2. Turn the valve to backwash and run for 3 "
        "minutes.\n3. Rinse for 30 seconds.\n4. Back to filter and restart the pump.\n",
        "Lifeguard rota for the week": "1. Collect the availability sheets by Thursday.\n2. Put two qualified "
        "lifeguards on every session.\n3. Post the rota in the staff room and the group chat.\n",
        "更衣室の清掃": "1. ロッカーの忘れ物を回収する。\n2. 床を洗剤でブラシがけする。\n3. シャワーの排水口の髪を取る。\n"
        "4. 清掃表にサインする。\n",
    },
    [
        (
            "Tested the pool water using the usual procedure: chlorine 1.4, pH 7.6. The photometer battery died "
            "halfway because nobody had changed it; I used the spare strips instead.",
            "Test the pool water",
        ),
        (
            "Busy Saturday, the swim club had the lanes till noon. Tom backwashed the sand filter the usual way "
            "after the club left and the pressure dropped back; a parent complained about the cold showers.",
            "Backwash the sand filter",
        ),
        (
            "いつもの手順で更衣室を清掃したが、シャワーの排水口が詰まっていたので、業者に連絡した。",
            "更衣室の清掃",
        ),
        (
            "朝から団体利用があり、受付は大混乱だった。午後、佐々木さんがいつもの手順で水質を測定したが、"
            "試薬が切れかけていたので予備を使った。",
            "Test the pool water",
        ),
        (
            "Did the lifeguard rota by phone instead of the usual procedure: the group chat was down, and two "
            "people had swapped shifts because of exams.",
            None,
        ),
        (
            "The pump made a grinding noise all morning. We will backwash the filter the usual way on Monday "
            "when the engineer is in, because he wants to see the pressure first.",
            None,
        ),
        (
            "A toddler's shoe was found in the slide pool. Anna cleaned the café tables the usual way and "
            "mopped the entrance; the mother came back for the shoe at five.",
            None,
        ),
    ],
)
BINDERY: Domain = (
    {
        "Rebind a paperback in cloth": "1. Take off the old cover and glue.\n2. Sew the signatures on tapes.\n"
        "3. Case in with bookcloth over board.\n4. Press overnight.\n",
        "Make wheat starch paste": "1. Mix one part starch with six parts water.\n2. Cook while stirring "
        "until it turns translucent.\n3. Strain and let it cool.\n",
        "製本見積もりの作成": "1. 冊数と判型を聞く。\n2. 材料費と作業時間を見積もる。\n3. 見積書を作ってメールで送る。\n",
    },
    [
        (
            "Made the wheat starch paste using the usual procedure: two batches, 1:6. The second one went "
            "lumpy because the pot was too hot; I strained it twice instead.",
            "Make wheat starch paste",
        ),
        (
            "Mrs. Ortega brought her grandmother's cookbook in pieces. Lena rebound the paperback in cloth the "
            "usual way and pressed it overnight; Mrs. Ortega cried when she picked it up.",
            "Rebind a paperback in cloth",
        ),
        (
            "いつもの手順で製本の見積もりを作成したが、判型が特殊だったので、材料費を多めに見た。",
            "製本見積もりの作成",
        ),
        (
            "Made the paste by eye instead of the usual procedure: the scale was broken, and the batch came "
            "out thin because I guessed the water.",
            None,
        ),
        (
            "いつもの手順ではなく、今日は見積もりを電話で伝えた。先方が急いでいたため。",
            None,
        ),
        (
            "The shop was quiet. Lena gilded the spine titles the usual way and sorted the leather offcuts; "
            "a student came in asking about an apprenticeship.",
            None,
        ),
    ],
)
SCHOOL: Domain = (
    {
        "Send the absence letter to parents": "1. Check the register for three days absent.\n2. Fill the "
        "letter template with the pupil's name.\n3. Post it and note the date in the pupil file.\n",
        "Order classroom supplies": "1. Collect the teachers' requests.\n2. Check the budget sheet.\n"
        "3. Order from the supplier portal.\n",
        "保護者会の案内の配布": "1. 案内文を印刷する。\n2. クラスごとに仕分ける。\n3. 担任に渡して連絡帳に挟んでもらう。\n",
    },
    [
        (
            "Sent the absence letters to parents using the usual procedure: 6 pupils. Two came back because "
            "the families had moved; I phoned them instead.",
            "Send the absence letter to parents",
        ),
        (
            "Inspection week, everyone on edge. Mr. Hale ordered the classroom supplies the usual way on "
            "Tuesday and the boxes came Thursday; the inspector liked the reading corner.",
            "Order classroom supplies",
        ),
        (
            "いつもの手順で保護者会の案内を配布したが、3年2組は学級閉鎖だったので、メールで送った。",
            "保護者会の案内の配布",
        ),
        (
            "We always order the supplies the usual way, but this term the portal changed, so from now on "
            "the requests go through the office form.",
            None,
        ),
        (
            "Should we send the absence letters the usual way this term? The head wants a phone call first.",
            None,
        ),
        (
            "運動会の前日で職員室はばたばたしていた。田中先生がいつもの手順で体育倉庫の鍵を返却し、放送機器を点検した。",
            None,
        ),
    ],
)
CLAUSE: dict[str, Domain] = {"pool": POOL, "bindery": BINDERY, "school office": SCHOOL}
