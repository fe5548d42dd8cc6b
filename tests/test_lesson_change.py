"""A lesson told in plain words (lessons18): something went wrong, and a change of practice stated
plainly ("Starting next term …", "we've added … to the checklist", 「〜ことにした」「〜運用に変えた」),
with no cue word; and the look-alikes that lack one of the two parts.

Domains of their own (a village library, a bike-hire shop, a dental lab, a primary school, a
community pool), none from the development sets.
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, memory, run

from memdir.consolidation.daily.lesson_sentences import sentences
from memdir.consolidation.daily.lesson_text import fix_sentences


def fixes(text: str) -> list[str]:
    return fix_sentences(sentences(text), text)


def test_a_rule_framed_by_when_it_starts_after_a_slip_is_a_lesson() -> None:
    text = (
        "The reserved copies for the Thursday reading group were not on the hold shelf; the volunteer "
        "didn't check the request list before opening. Starting next week the volunteer who opens "
        "prints the request list and pulls the copies before ten."
    )
    assert fixes(text) == [
        "Starting next week the volunteer who opens prints the request list and pulls the copies before ten."
    ]


def test_an_item_added_to_a_checklist_after_a_complaint_is_a_lesson() -> None:
    text = (
        "Two customers complained that their hire bikes came back to them with flat e-bike batteries. "
        "We've added a charge check to the return checklist: the display reads above 80% before a bike "
        "goes back on the rack."
    )
    assert fixes(text) == [
        "We've added a charge check to the return checklist: the display reads above 80% before a bike "
        "goes back on the rack."
    ]


def test_a_decision_stated_first_with_a_past_problem_among_its_reasons_is_no_lesson() -> None:
    text = (
        "From next quarter the lab's case backups go to the cloud bucket instead of tape. Reasons: the "
        "tape drive is slow, the cloud copy is off site, and restores from tape failed twice last year."
    )
    assert fixes(text) == []


def test_japanese_decision_and_changed_practice_after_a_failure_are_lessons() -> None:
    decided = (
        "先週の遠足で、集合写真用のカメラの電池が切れていて撮れなかった。"
        "今学期から、前日の放課後に担任が電池を充電して持ち帰ることにした。"
    )
    assert fixes(decided) == ["今学期から、前日の放課後に担任が電池を充電して持ち帰ることにした。"]
    changed = (
        "予約本の取り置き期限を一日間違えて、三件の予約を流してしまった。"
        "取り置き棚の期限票は、貼る前に二人で確認する運用に変えた。"
    )
    assert fixes(changed) == ["取り置き棚の期限票は、貼る前に二人で確認する運用に変えた。"]


def test_a_change_without_an_incident_or_an_incident_without_a_change_is_no_lesson() -> None:
    # a decision with its reasons (EN and JA), a success kept up, an incident log that only says what was done
    assert (
        fixes(
            "From January all pool passes are renewed online; the front desk no longer takes paper forms, "
            "because the council moved the service to its portal."
        )
        == []
    )
    assert fixes("来月から、朝の会は8時20分に始めることにした。バスの時刻が変わったため。") == []
    assert (
        fixes(
            "The swim gala went smoothly and every heat started on time. Starting next season we keep the "
            "same lane rota and the same marshals."
        )
        == []
    )
    assert (
        fixes("午前10時、プールのろ過ポンプが止まった。管理会社に連絡し、部品を交換して11時に復旧した。")
        == []
    )


def test_the_lesson_note_says_when_it_applies_and_leaves_out_what_the_episode_does_not_say(
    root: Path,
) -> None:
    mem = memory(root)
    mem.add_episode(
        "The kiln shelf cracked during Saturday's glaze firing because the bisque pieces were stacked "
        "straight onto it without kiln wash. From now on, before every glaze firing, the shelves get a "
        "fresh coat of kiln wash.",
        title="Cracked kiln shelf",
        at=at(9),
    )
    mem.add_episode(
        "発表会の当日、譜面台が一台足りず、開演が15分遅れた。"
        "今後、会場を借りるときは前日に譜面台の数を数えることにした。",
        title="譜面台の不足",
        at=at(10),
    )
    run(mem)
    bodies = [p.read_text(encoding="utf-8") for p in sorted((root / "knowledge" / "lessons").glob("*.md"))]
    assert len(bodies) == 2
    en = next(b for b in bodies if "kiln" in b)
    ja = next(b for b in bodies if "譜面台" in b)
    assert "## When it applies\n- before every glaze firing\n" in en
    assert "## When it applies\n- 会場を借りるとき\n" in ja
    assert "\n# 教訓：" in ja and "Lesson:" not in ja  # a Japanese lesson is named in Japanese
    assert "\n# Lesson: " in en
    for body in (en, ja):  # no boilerplate where the episode says nothing
        assert "## How to check" not in body and "When the situation of" not in body
        assert "同じ状況になったとき" not in body


def test_a_chat_turn_is_its_own_sentence_so_a_change_agreed_in_chat_is_found() -> None:
    en = (
        "**mara:** the walk-in freezer alarm went off at 2am and nobody heard it, we lost the ice cream stock\n"
        "**dev:** ugh\n"
        "**mara:** from tonight the alarm also texts the closing manager's phone\n"
        "**dev:** 👍"
    )
    assert fixes(en) == ["**mara:** from tonight the alarm also texts the closing manager's phone"]
    ja = (
        "**田中**: 昨日、冷凍庫の扉が半開きで、アイスが全部溶けてた\n"
        "**鈴木**: うわ…\n"
        "**田中**: 今日から閉店時に扉のロックを二人で確認することにします"
    )
    assert fixes(ja) == ["**田中**: 今日から閉店時に扉のロックを二人で確認することにします"]


def test_a_loss_or_a_near_miss_told_without_a_failure_word_then_a_change_is_a_lesson() -> None:
    en = (
        "On Thursday the cold room read 9 °C at opening and we binned all the dairy. From Monday the "
        "cold room is checked at opening and the reading goes on the door sheet."
    )
    assert fixes(en) == [
        "From Monday the cold room is checked at opening and the reading goes on the door sheet."
    ]
    ja = "先週、アレルギー表示のない皿を危うく出すところだった。来週から盛り付け前にアレルギー札を二人で読み合わせる。"
    assert fixes(ja) == ["来週から盛り付け前にアレルギー札を二人で読み合わせる。"]
