"""Round 35: one task's value is no title word, a verb's form no Japanese title, another word's kanji no witness.

Weeks of other domains and languages than set 35's (a Dutch bike shop, a Kyoto dry cleaner, a banquet hall).
"""

from __future__ import annotations

BIKES = [
    "Gazelle fiets, de ketting springt eraf bij het schakelen. Kan iemand langskomen?",
    "Mijn Batavus fiets maakt een tikkend geluid, graag een reparatie aan huis",
    "De remmen van mijn Cortina fiets piepen, wanneer kunnen jullie komen?",
]


def test_one_tasks_brand_is_no_title_word() -> None:
    from memdir.consolidation.weekly.title_guard import fit_title
    from memdir.consolidation.weekly.varying_words import holds_value, one_task_values

    # the steps' `bike.brand={brand}`: one value per task; `fiets` is every task's, no placeholder's
    values = one_task_values({"brand": {"Gazelle": 1, "Batavus": 1, "Cortina": 1}, "when": {"di": 2}}, BIKES)
    assert values == ["Gazelle", "Batavus", "Cortina"]
    assert holds_value("Gazelle fiets", values)
    assert not holds_value("Plan een reparatie aan huis", values)
    assert not holds_value("Fiets van {brand}", values)  # a placeholder is no value
    title = fit_title("Gazelle fiets", (lambda: "Plan een reparatie aan huis",), varying=values)
    assert title == "Plan een reparatie aan huis"


def test_a_value_two_requests_write_stays() -> None:
    from memdir.consolidation.weekly.title_guard import fit_title
    from memdir.consolidation.weekly.varying_words import one_task_values

    # `fiets` as a placeholder's value written by every request is the kind's word, not one task's
    values = one_task_values({"type": {"fiets": 1, "bakfiets": 1}}, BIKES)
    assert "fiets" not in values
    assert fit_title("Fiets repareren", (lambda: "other",), varying=values) == "Fiets repareren"


CLEANER = [
    "コートのクリーニングをお願いしたいです。金曜に引き取れますか",
    "ダウンジャケットを洗ってほしい。来週引き取れると助かります",
    "スーツ上下、引き取れる日を教えてください",
]


def test_a_verbs_form_gives_way_to_the_work() -> None:
    from memdir.consolidation.weekly.japanese_work import names_less, verb_form

    assert verb_form("クリーニングの引き取れ", CLEANER)
    assert names_less("クリーニングの引き取れ", "クリーニングの受付", CLEANER)
    # a verb's noun form that the requests write before て stays (`取り下げ` of `取り下げて`)
    asked = ["申請を取り下げてください", "先週の申請、取り下げて", "経費申請を取り下げてほしい"]
    assert not verb_form("申請の取り下げ", asked)
    assert not names_less("申請の取り下げ", "申請の削除", asked)


BANQUET = [
    "歓送迎会で20名、個室の予約をお願いします",
    "新年会の予約、30人でできますか",
    "誕生会を土曜に8名で予約したい",
]


def test_another_words_kanji_is_no_witness_of_a_menu() -> None:
    from memdir.consolidation.weekly.message_titles import call_word_title, japanese_call_title

    # `会` ends 歓送迎会, 新年会, 誕生会: no request writes the menu `祝宴会席`
    steps = ["reserve_hall: `menu=祝宴会席 guests={guests} date={date}`", "send_mail: `template=予約確認_v1`"]
    assert call_word_title(steps, BANQUET) != "祝宴会席"
    assert japanese_call_title(steps, BANQUET) != "祝宴会席"


def test_a_kanji_written_alone_still_witnesses() -> None:
    from memdir.consolidation.weekly.message_titles import call_word_title

    # `休` of お休み, 休ませ, 休む names the plan `在籍休会` (round 22's example)
    steps = ["set_plan: `member={id} plan=在籍休会`", "send_mail: `template=休会受付_v1`"]
    asked = ["来月お休みしたいです", "子どもを夏の間休ませたい", "8月は休むので手続きを"]
    assert call_word_title(steps, asked) == "在籍休会"


def test_a_katakana_name_in_english_is_no_japanese_request() -> None:
    from memdir.consolidation.weekly.message_titles import japanese_call_title

    # two Japanese requests write 実 and 印 of `実印`; the English one quotes a name in katakana
    steps = ["create_order: `seal=type=実印 proof=method=画像確認`"]
    asked = ["実印を作りたい", "実印一本お願いします", "Could you carve one with スミス in katakana?"]
    assert japanese_call_title(steps, asked) == "実印"


def test_an_arguments_method_is_keyed() -> None:
    # a ferry booking's `payment {method: card}`: an argument, kept with its key (`payment.method=`)
    from datetime import UTC, datetime

    from memdir.activity import ActivityEvent
    from memdir.consolidation.weekly.keyed_args import keyed_text, keys_of

    data = {
        "task_id": "t1",
        "tool": "book_ferry",
        "input": {
            "rider": {"name": "Ines"},
            "payment": {"method": "card"},
            "deck": {"level": 2, "side": "port"},
        },
    }
    event = ActivityEvent(ts=datetime(2031, 5, 2, tzinfo=UTC), type="tool_call", data=data)
    keys = keys_of(event, "book_ferry")
    text = keyed_text("rider=name={name} payment=method=card deck=level=2 side=port", [keys])
    assert text == "rider.name={name} payment.method=card deck.level=2 deck.side=port"
    # a JSON-RPC `method` names the call: nothing to re-key
    rpc = {"task_id": "t2", "tool": "rpc", "input": {"method": "tools/call", "params": {"name": "x"}}}
    assert (
        keys_of(ActivityEvent(ts=datetime(2031, 5, 2, tzinfo=UTC), type="tool_call", data=rpc), "rpc") == ()
    )
