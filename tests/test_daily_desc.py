"""A procedure's description says what the steps are for, never the title plus a chain of step heads (`desc22`).

Other domains than the reading sets: a food bank, a bike workshop, a library, a bus station, a choir.
"""

from __future__ import annotations

from memdir.consolidation.daily.shape import shape

FOOD_BANK = """Since the new volunteers start at the food bank on Monday, here's how we sort a donated crate of tins:

1. Check every tin for dents on the seam and bin the dented ones.
2. Sort the rest by best-before month onto the shelving trolley.
3. Put anything past its date in the red crate for the farm.
4. Write the crate count on the whiteboard.
"""

CHAIN = """Replacing a bike chain:

1. Shift to the smallest cog at the back.
2. Break the old chain with the chain tool.
3. Size the new chain against the old one on the bench.
4. Join it with the quick link and check it runs.
"""

LIBRARY = """返却ポストの回収：

1. 鍵を事務室から持ち出す。
2. ポストの扉を開けて本をブックトラックに移す。
3. 延滞本を分けて返却処理する。
"""

BUS = """大雪で始発のバスが遅れたとき、駅の案内所でお客様にお伝えすることをまとめます。

1. 運行情報の画面で遅れの見込みを確認する。
2. 掲示板に手書きで見込み時刻を貼る。
3. 振替輸送の乗車券を求められたら、証明書を渡す。
"""

CHOIR = """If the choir's rehearsal room is double-booked on a Thursday night, the church hall is the fallback.

1. Ring the verger before 17:00 to get the hall key.
2. Carry the keyboard and the two music stands over from the store.
3. Put a sign on the rehearsal room door pointing to the hall.
"""


def _no_chain(desc: str) -> None:
    assert " → " not in desc and "; " not in desc, desc


def test_a_lead_that_says_what_the_steps_are_for_is_the_description_alone() -> None:
    s = shape("procedures", "", FOOD_BANK)
    assert s.description.startswith("Since the new volunteers start at the food bank on Monday"), (
        s.description
    )
    assert "dents" not in s.description
    _no_chain(s.description)


def test_a_condition_is_the_description_without_the_steps() -> None:
    s = shape("procedures", "", CHOIR)
    assert s.description.startswith("If the choir's rehearsal room is double-booked"), s.description
    assert "verger" not in s.description
    _no_chain(s.description)


def test_steps_under_a_bare_title_give_their_count_and_their_ends_not_a_chain() -> None:
    s = shape("procedures", "", CHAIN)
    assert s.title == "Replace a bike chain"
    assert (
        s.description
        == '4 steps, from "Shift to the smallest cog at the back" to "Join it with the quick link and check it runs"'
    )


def test_japanese_steps_under_a_bare_title_give_their_count_and_their_ends() -> None:
    s = shape("procedures", "", LIBRARY)
    assert s.title == "返却ポストの回収"
    assert s.description == "3つの手順：「鍵を事務室から持ち出す」から「延滞本を分けて返却処理する」まで"


def test_a_japanese_lead_with_its_condition_is_the_description_alone() -> None:
    s = shape("procedures", "", BUS)
    assert "大雪で始発のバスが遅れたとき" in s.description, s.description
    assert "運行情報" not in s.description
    _no_chain(s.description)


def test_a_step_that_quotes_a_screen_name_nests_its_quotes_as_the_language_does() -> None:
    """Seen in the 15-episode table (ba-08): 「「既知のネットワーク」から…」 read as a broken bracket."""
    ja = "券売機の再起動：\n\n1. 「保守メニュー」からシャットダウンを選ぶ。\n2. 電源を入れ直し、「営業開始」を押す。\n"
    desc = shape("procedures", "", ja).description
    assert "『保守メニュー』" in desc and "「「" not in desc, desc
    en = 'Restarting the ticket machine:\n\n1. Pick "Shut down" in the service menu.\n2. Switch it on and press "Open".\n'
    desc = shape("procedures", "", en).description
    assert desc.count('"') == 4 and "'Shut down'" in desc, desc
