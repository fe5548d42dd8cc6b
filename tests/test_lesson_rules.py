"""Which sentences of an episode are a lesson's fix (`fix_sentences`): a failure told as an event, then
a sentence that states a rule or a resolution for the future, or a label or question about what changes.

Each episode is in a domain of its own and uses none of the stock cue phrases ("should have", 教訓).
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, memory, run

from memdir.consolidation.daily.lesson_sentences import sentences
from memdir.consolidation.daily.lesson_text import fix_sentences


def fixes(text: str) -> list[str]:
    return fix_sentences(sentences(text), text)


def test_a_complaint_then_an_always_rule_is_a_lesson() -> None:
    text = (
        "Forty guests at the Halvorsen gala got lukewarm soup because the hot boxes were loaded an hour "
        "before the coaches left. Three tables complained to the host. "
        "Always load the hot boxes last, once the coaches are at the door."
    )
    assert fixes(text) == ["Always load the hot boxes last, once the coaches are at the door."]


def test_a_question_about_what_changes_gives_its_answer() -> None:
    text = (
        "Q: What happened with the Lindqvist crowns?\n"
        "A: The lab rejected six impressions taken with the old tray adhesive; the patients had to come back.\n\n"
        "Q: What will we do differently?\n"
        "A: Check the adhesive date on the tray box before each impression session."
    )
    assert fixes(text) == ["Check the adhesive date on the tray box before each impression session."]


def test_action_items_after_a_delay_give_the_items_in_their_own_wording() -> None:
    text = (
        "The Tuesday freight run to Skarvik was delayed by six hours: the pallet labels were printed "
        "for the Nordby depot.\n\n"
        "## Action items\n"
        "- print labels from the booking screen, not from the old template\n"
        "- the depot code is read back on the phone before loading"
    )
    assert fixes(text) == [
        "print labels from the booking screen, not from the old template",
        "the depot code is read back on the phone before loading",
    ]


def test_japanese_complaint_then_a_resolution_and_the_rule_that_goes_on() -> None:
    text = (
        "先週の発送で、重量を量らずに送った小包が料金不足で戻り、お客様からクレームが3件入った。"
        "以後、発送前に必ず重量を量る。伝票にも量った重さを書いておく。"
    )
    assert fixes(text) == ["以後、発送前に必ず重量を量る。", "伝票にも量った重さを書いておく。"]


def test_japanese_redo_then_a_rule_right_after_it() -> None:
    text = "棚卸しの数が合わず、倉庫の全棚をやり直しになった。棚卸しの前日は必ず入荷分を先に登録する。"
    assert fixes(text) == ["棚卸しの前日は必ず入荷分を先に登録する。"]


def test_a_failure_told_as_a_condition_is_a_house_rule_not_a_lesson() -> None:
    rule = "Return the kayak by 18:00, otherwise the deposit is lost. Always rinse the paddles."
    event = "Two kayaks came back at 20:00 and the deposits were lost. Always rinse the paddles."
    assert fixes(rule) == []
    assert fixes(event) == ["Always rinse the paddles."]


def test_steps_of_a_procedure_and_a_repair_log_are_no_lesson() -> None:
    steps = (
        "ボイラーが止まったときの手順。エラー表示を控える。\n"
        "1. 元栓を必ず閉める。\n"
        "2. 今後の点検日を記録表で確かめる。"
    )
    repair = "The press cushion was damaged on Monday.\nFix: new cushion fitted on Tuesday by the engineer."
    told = "The press cushion was damaged on Monday. From now on we keep a spare cushion in the store."
    assert fixes(steps) == [] and fixes(repair) == []
    assert fixes(told) == ["From now on we keep a spare cushion in the store."]


def test_a_cue_word_inside_a_name_is_no_cue() -> None:
    assert fixes("「失敗の教訓ノート」の増刷分を製本した。今回は200部。") == []
    assert fixes("増刷分の製本で失敗した。教訓：糊は一晩乾かす。") == ["教訓：糊は一晩乾かす。"]


def test_the_daily_run_writes_the_lessons_with_their_rule_sentences(root: Path) -> None:
    mem = memory(root)
    mem.add_episode(
        "The choir's coach to Bergen left 40 minutes late because nobody had the driver's number. "
        "From now on the tour manager shares the driver's number in the group chat the day before.",
        title="Coach to Bergen",
        at=at(9),
    )
    mem.add_episode(
        "配達先を取り違えて、冷蔵品を別の店舗に届けてしまい、全品廃棄になった。"
        "今後は、積み込み時に伝票と店舗コードを二人で読み合わせる。",
        title="冷蔵品の誤配送",
        at=at(10),
    )
    run(mem)
    found = sorted((root / "knowledge" / "lessons").glob("*.md"))
    assert len(found) == 2, found
    bodies = "\n".join(p.read_text(encoding="utf-8") for p in found)
    assert "## What worked instead\n- From now on the tour manager shares the driver's number" in bodies
    assert "## What worked instead\n- 今後は、積み込み時に伝票と店舗コードを二人で読み合わせる。" in bodies
