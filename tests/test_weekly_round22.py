"""Issue 15, round 22 (branch weekly22): titles from a reply's subject line and its first clause that is not a
courtesy; a title that is a sentence someone says names no work.

Domains other than set 22's (a garage, a ward clerk, a print shop, a council office).
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("subjects", "title"),
    [
        (["Re: Your MOT booking has been confirmed"] * 3, "Confirm your MOT booking"),  # what was done
        (["Invoice INV-2231 for print job", "Invoice INV-2240 for print job", "Invoice INV-2259"], "Invoice"),
        (
            ["Print proof PR-77", "Print proof PR-81", "Print proof PR-90"],
            "Print proof",
        ),  # the thing it names
        (
            ["粗大ごみ収集の受付完了", "粗大ごみ収集の受付完了", "粗大ごみ収集の受付完了"],
            "粗大ごみ収集の受付完了",
        ),
    ],
)
def test_a_subject_line_most_replies_share_names_the_kind(subjects: list[str], title: str) -> None:
    from memdir.consolidation.weekly.outcome_title import outcome_title  # main: subjects are not read

    replies = [["Hi there, see attached."], ["Hello, attached."], ["Dear customer, please find it attached."]]
    said = outcome_title(replies, ["garage book --mot"], [[s] for s in subjects])
    assert said == ("" if title == "Invoice" else title)  # one word: no title from a subject


@pytest.mark.parametrize(
    ("replies", "title"),
    [
        (
            [
                "Hi Ward 7 team, thanks for the heads-up. Porter booked for the 14:00 transfer.",
                "Hello Sister Abebe, no problem. Porter booked for the 09:30 transfer.",
                "Dear Dr Lowe, sorry about the wait. Porter booked for the 16:15 transfer.",
            ],
            "Book the porter",  # the greeting and apology skipped; the time differs: no phrase
        ),
        (
            [
                "山田様、いつもお世話になっております。粗大ごみの収集を受け付けました。",
                "佐藤様、ご連絡ありがとうございます。粗大ごみの収集を受け付けました。",
                "鈴木様、粗大ごみの収集を受け付けました。",
            ],
            "粗大ごみの収集の受け付け",
        ),
    ],
)
def test_a_greeting_or_thanks_is_no_outcome(replies: list[str], title: str) -> None:
    from memdir.consolidation.weekly.outcome_title import outcome_title

    assert outcome_title([[r] for r in replies], ["ward porter book"]) == title


@pytest.mark.parametrize(
    "title",
    [
        "We'll send and the crown back",
        "I'll check the order",
        "Can you resend the proof",
        "May: POST /messages:",
    ],
)
def test_a_sentence_someone_says_names_no_work(title: str) -> None:
    from memdir.consolidation.weekly.title_guard import unfit_title

    assert unfit_title(title)


@pytest.mark.parametrize(
    "title", ["Weigh the parcel", "Issue the refund", "Canvass the ward", "Mayoral letter"]
)
def test_a_title_that_opens_with_a_verb_is_fit(title: str) -> None:
    from memdir.consolidation.weekly.title_guard import unfit_title

    assert not unfit_title(title)
