"""Trial 12: a report of the usual steps, a mistake story and a lesson's conditions (a research lab, EN and JA).

In other words and another domain than the trial's (a travel office): a prose report that says it did the work
"with the usual steps" holds no steps, even when the usage model is unsure of it; a short story of a mistake
and its fix is one lesson note, also when the router read its past-tense sentences as steps, and `context`
gives the agent that lesson, not a procedure whose step 1 is the mistake; a lesson's "When it applies" names
what the rule applies to, or is left out. Real files, the shipped embedder, one daily run (the CLI in a
subprocess where the agent's view is the point).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from test_daily_support import at, e5_memory, notes, run

Cli = Callable[..., CompletedProcess[str]]

# prose reports of the usual steps whose first verb is irregular and whose outcome is no "done" word: the
# usage model reads them at 0.46-0.49, the router as procedures
REPORTS = [
    (
        "Badges for the visiting researchers",
        "Gave the badge cards to the two visiting researchers from Porto (Rui Sousa, Marta Lima) with the usual "
        "steps. Photos checked against the passport copies. Both cards activated.",
    ),
    (
        "Accounts for the visiting researchers",
        "Set up the cluster accounts for the two visiting researchers from Porto (Rui Sousa, Marta Lima) with "
        "the usual steps. Quotas matched to the project sheet. Both logged in.",
    ),
    (
        "Keys for the visiting researchers",
        "Gave the lab keys to the visiting researchers from Porto (Rui Sousa, Marta Lima) with the usual steps. "
        "Signatures collected on the key form. Both keys returned to the safe copy list.",
    ),
]


@pytest.mark.parametrize(("title", "report"), REPORTS)
def test_a_usual_steps_report_the_usage_model_is_unsure_of_is_no_procedure(
    root: Path, title: str, report: str
) -> None:
    mem = e5_memory(root)
    mem.add_episode(report, title=title, at=at(10))
    result = run(mem)
    assert notes(root, "procedures") == [], result.episodes
    (decision,) = result.episodes
    assert decision["action"] == "skip" and "no note describes" in str(decision["reason"]), decision


def test_a_prose_procedure_that_mentions_the_last_setting_is_still_a_procedure(root: Path) -> None:
    """「前回と同じ」 inside a how-to told in the present is no report: it keeps its note."""
    mem = e5_memory(root)
    mem.add_episode(
        "月初にセンサーのデータが揃ったら、集計ノートブックで月次の表を作り直す。次に校正スクリプトを前回と同じ"
        "設定ファイルで実行し、基準値と比較する。差が基準内なら、表を共有ドライブの「月次」フォルダに置く。",
        title="月次の校正チェック",
        at=at(9),
    )
    run(mem)
    assert len(notes(root, "procedures")) == 1


MISTAKES = [
    (
        "Wrong UN number on a courier form",
        "Booked the courier for the Basel samples with the wrong UN number on the dry-ice form: I copied it from "
        "the previous booking in the portal. Customs held the box for a day. Fixed it by filling in a new form "
        "from the template and having Jun check it against the safety data sheet before sealing. Lesson "
        "learned: always compare the UN number with the safety data sheet before sealing, never copy it from "
        "an old booking.",
        "UN number",
        "Book the courier for the next samples with a dry-ice form",
    ),
    (
        "試薬の発注ミス",
        "抗体の発注書を前回の注文書からコピーして送ったら、カタログ番号が古く別のクローンが届いた。メーカーに"
        "連絡して交換してもらい、注文書はテンプレートから作り直してデータシートと照合した。教訓：発注書は必ず"
        "テンプレートから作り、カタログ番号をデータシートと照合すること。",
        "カタログ番号",
        "次の抗体の発注書を作る",
    ),
]


@pytest.mark.parametrize(("title", "story", "rule_word", "task"), MISTAKES)
def test_a_mistake_story_read_as_steps_is_one_lesson_and_context_gives_the_lesson(
    ready: Cli, root: Path, title: str, story: str, rule_word: str, task: str
) -> None:
    day = "2026-03-05"
    (root / "episodes" / f"{day}.md").write_text(
        f"---\ndate: {day}\n---\n\n## 09:10 — {title}\n\n{story}\n", encoding="utf-8"
    )
    res = ready("consolidate", "daily", "--date", day, "--json")
    assert res.returncode == 0, res.stderr
    assert notes(root, "procedures") == [], json.loads(res.stdout)["episodes"]
    lessons = sorted((root / "knowledge" / "lessons").glob("*.md"))
    assert len(lessons) == 1 and notes(root, "knowledge") == []
    text = lessons[0].read_text(encoding="utf-8")
    assert rule_word in text and story.split(":")[0].split("、")[0][:20] in text  # every sentence kept
    ctx = ready("context", task, "--budget", "600")
    assert ctx.returncode == 0, ctx.stderr
    assert "procedures/" not in ctx.stdout and lessons[0].name in ctx.stdout, ctx.stdout


def test_a_lessons_conditions_are_lines_a_person_keeps_or_none(root: Path) -> None:
    """A bare act ("before sealing", 「発送前に」) and the rule's 「今後は」 frame are no condition."""
    mem = e5_memory(root)
    mem.add_episode(
        "The centrifuge rotor was not balanced and the run stopped with an imbalance error; two tubes cracked. "
        "From now on we weigh the opposite tubes before spinning.",
        title="Centrifuge imbalance",
        at=at(9),
    )
    mem.add_episode(
        "検体を常温の箱で送ってしまい、先方で溶けていた。原因は保冷剤を入れ忘れたこと。"
        "今後は発送前に必ず保冷剤と温度ロガーを確認すること。",
        title="検体の発送ミス",
        at=at(10),
    )
    mem.add_episode(
        "The -80 freezer door was left open overnight and the alarm did not ring. From now on, when the last "
        "person leaves the cold room, they check that the freezer door is latched.",
        title="Freezer door left open",
        at=at(11),
    )
    run(mem)
    bodies = {p.name: p.read_text(encoding="utf-8") for p in (root / "knowledge" / "lessons").glob("*.md")}
    assert len(bodies) == 3, list(bodies)
    for name, body in bodies.items():
        when = (
            body.split("## When it applies\n", 1)[1].split("\n\n", 1)[0]
            if "## When it applies" in body
            else ""
        )
        assert "今後" not in when and "before spinning" not in when and "発送前に" not in when, (name, when)
    freezer = next(b for n, b in bodies.items() if "freezer" in n)
    assert "## When it applies\n- when the last person leaves the cold room\n" in freezer


JA_SHIPPING = (
    "担当：小林（不在時は Nora）\n\n"
    "1. 依頼者から検体リストを受け取り、Googleドライブ「Lab Shipping/2026」に保存する\n"
    "2. Googleドキュメントのテンプレート「Specimen Transfer Form v4」をコピーする\n"
    "3. 検体番号・本数・保存温度・宛先を入力する ⚠️ 検体番号はラベルと照合！\n"
    "4. PDFに書き出して「Lab Shipping/2026」に保存\n"
    "5. Gmailのテンプレート「TPL-Courier-Booking」で集荷を依頼する\n\n"
    "| 宛先 | 所要日数 |\n|---|---|\n| 大阪 | 1日 |\n| 札幌 | 2日 |\n"
)
EN_SHIPPING = (
    "When a partner lab asks us to ship specimens:\n\n"
    '1. Get the specimen list from the requester and save it in Drive "Lab Shipping/2026".\n'
    '2. Copy the Google Docs template "Specimen Transfer Form v4".\n'
    "3. Fill in specimen IDs, counts, storage temperature and address; compare the IDs with the labels.\n"
    '4. Export as PDF into "Lab Shipping/2026".\n'
    "5. Have Dr. Okafor countersign it (since March, not the lab manager).\n"
    '6. Book the pickup with the Gmail template "TPL-Courier-Booking".\n'
)


def test_an_english_rewrite_of_a_persons_japanese_procedure_is_a_merge_candidate_on_it(root: Path) -> None:
    """Names written against the Japanese (「Googleドライブ」「PDFに」, as typed through an IME) are still the
    names the English keeps. Same templates, folder and mail template, one new step: the Japanese note gets a merge candidate, not a
    second procedure beside it; an English procedure for other work that names Google Docs and Gmail too does not."""
    from memdir.notes.frontmatter import render_note

    meta = {"description": "検体を他機関へ送るときの手順", "origin": "human", "confidence": 0.8}
    (root / "procedures" / "検体の発送手順.md").write_text(
        render_note(meta, "# 検体の発送手順\n\n" + JA_SHIPPING), encoding="utf-8"
    )
    mem = e5_memory(root)
    mem.add_episode(EN_SHIPPING, title="How to ship specimens to a partner lab", at=at(10))
    mem.add_episode(
        'To order lab coats for new staff:\n\n1. Copy the Google Docs template "Uniform Order 2026".\n'
        '2. Fill in sizes and names.\n3. Send it to the laundry with the Gmail template "TPL-Uniforms".\n',
        title="Ordering lab coats",
        at=at(11),
    )
    report = run(mem)
    merged = [e for e in report.episodes if e["action"] == "merge_candidate"]
    assert [e["target"] for e in merged] == ["procedures/検体の発送手順.md"], report.episodes
    assert "ship-specimens" not in " ".join(notes(root, "procedures"))
    assert any("lab-coats" in p for p in notes(root, "procedures"))


MINUTES = [
    "Present: Head, Year 5 and 6 teachers, office\n\n"
    "- Decided: from now on parents' evening slots are booked through the office only, not by the teachers, "
    "because double bookings kept happening.\n- Sports day may move to the 14th, to be confirmed on Thursday.\n"
    "- Ms Hale will order the new reading books.\n\nAction items:\n- Office: send the booking link to parents "
    "(by Friday)\n- Mr Evans: check the field with the groundskeeper\n",
    "出席：校長、5・6年担任、事務\n\n- 運動会の予備日は3/14。\n"
    "- 決定：今後、保護者面談の予約は事務室で一括して受け付ける。担任は受け付けない。\n- 図書の発注は木曜までに。\n\n"
    "アクションアイテム：\n- 事務：予約フォームを保護者に送る（金曜まで）\n- 田中：グラウンドの確認\n",
]


@pytest.mark.parametrize("minutes", MINUTES)
def test_minutes_that_state_a_decision_keep_it_as_knowledge(root: Path, minutes: str) -> None:
    """The model reads staff-meeting minutes as skip (attendance, action items); a line that states a
    decision under its label makes them knowledge, so `context --kind knowledge` can give the decision."""
    mem = e5_memory(root)
    mem.add_episode(minutes, title="Staff meeting / 職員会議", at=at(8))
    report = run(mem)
    assert [e["action"] for e in report.episodes] == ["create"], report.episodes
    [path] = notes(root, "knowledge")
    assert ("booked through the office only" if "Decided" in minutes else "事務室で一括して") in (
        root / path
    ).read_text(encoding="utf-8")


@pytest.mark.xfail(
    strict=True,
    reason="known limit: fix12b's refit of the router weights kept this fact but turned two round-3 usage "
    "reports into procedures (tests/test_daily_round3.py), so the shipped weights are the ones before it",
)
def test_a_suppliers_new_price_and_ordering_rule_is_kept_as_knowledge(root: Path) -> None:
    """A price change, how to order now and a new contact: what an office keeps (the router read it as skip)."""
    mem = e5_memory(root)
    mem.add_episode(
        "グリーン資材は4月から腐葉土1袋 ¥980 → ¥1,080（税込）。注文はFAXではなく専用フォームから、前日16時まで。"
        "担当は大野さんに代わった。",
        title="園芸資材の仕入れ先",
        at=at(9),
    )
    report = run(mem)
    assert [e["action"] for e in report.episodes] == ["create"], report.episodes
    [path] = notes(root, "knowledge")
    assert "¥1,080" in (root / path).read_text(encoding="utf-8")
