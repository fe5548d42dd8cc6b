"""Routing round 27 (docs/daily.md, "Routing round 27 (`route27`)"): a decision or a standing fact told in prose.

Made-up texts in domains no routing set has (a ferry office, a pottery co-op, a bakery, a choir, a hop farm),
written for these tests (not training rows, not held-out rows). GUIDELINES.md: "decisions and their reasons,
policies, rules" and "facts about systems" are knowledge; "schedule and logistics changes" and a person's own news
are skip. A text the model reads as skip is knowledge when it tells a standing or reasoned decision without a
label, a standing deadline, or (Japanese) states how a thing is in general in two sentences
(`route_decided.states_a_decision`); a one-off change for tomorrow, lunch or a resignation is not read.
"""

from __future__ import annotations

from memdir.consolidation.daily.route_decided import states_a_decision

DECIDED_EN = (
    "We decided that from March the ferry office takes card payments only, because cash counts took an hour."
)
DEADLINE_EN = "Reminder for the pottery co-op: the filing deadline for Q4 is 10 February, same as every year."
DECIDED_JA = (
    "来月から、パンの予約は前日の15時までとすることになった。当日の予約は焼き数が読めず、廃棄が増えたため。"
)
HUMBLE_JA = "来年度から、楽譜のコピーの配布はご遠慮いただくことにいたしました。著作権の確認で許諾が要ると分かったためです。"
CUTOFF_JA = "ホップ農園の出荷伝票は毎月20日締め。20日を過ぎた分は翌月の請求になる。"
GENERAL_JA = (
    "ホップは摘んでから半日のうちに乾燥機に入れないと、香りが抜けてしまう。乾かしすぎても苦味が強く出る。"
)
TOMORROW_EN = "We decided to move tomorrow's rehearsal to 7:30 because the hall is booked."
LUNCH_EN = "We decided to get ramen for lunch today."
TOMORROW_JA = "明日の朝礼は10時からにすることになった。会議室が使えないため。"
NEWS_JA = "皆さん、今月末で退職することになりました。今までありがとうございました。"
PLAIN_DECISION_EN = "We decided on the blue banner."


def test_a_standing_decision_told_in_prose_is_read() -> None:
    assert states_a_decision(DECIDED_EN)
    assert states_a_decision(DECIDED_JA)
    assert states_a_decision(HUMBLE_JA)


def test_a_standing_deadline_is_read() -> None:
    assert states_a_decision(DEADLINE_EN)
    assert states_a_decision(CUTOFF_JA)


def test_two_general_statements_in_japanese_are_read() -> None:
    assert states_a_decision(GENERAL_JA)


def test_a_one_off_change_lunch_or_personal_news_is_not_read() -> None:
    for text in (TOMORROW_EN, LUNCH_EN, TOMORROW_JA, NEWS_JA):
        assert not states_a_decision(text), text


def test_a_decision_with_no_start_recurrence_or_reason_is_not_read() -> None:
    assert not states_a_decision(PLAIN_DECISION_EN)


WISH_JA = "いつも楽しく遊ばせてもらってます。冬に温かいお茶があったら最高です。待ち席が広いと嬉しいです。"


def test_a_wish_or_a_thank_you_in_japanese_is_not_a_general_statement() -> None:
    assert not states_a_decision(WISH_JA)
