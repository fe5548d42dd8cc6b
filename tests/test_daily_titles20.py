"""The fifth titles round (`titles20`): a procedure is titled by the task its lead names, and an episode's
heading that is only its first line is no title a person gave.

The cases are in other domains than the reading sets they were found on (a string-instrument workshop, a
pottery kiln, a shop's till, a neighbourhood association, a warehouse), in English and Japanese.
"""

from __future__ import annotations

import pytest

from memdir.consolidation.daily.router import read_text, shaped
from memdir.consolidation.daily.shape import shape
from memdir.consolidation.daily.shape_task import lead_task

BOW = (
    "Marta asked me at the quiz night how we restring a cello bow, so here it is.\n\n"
    "Loosen the screw at the frog until the hair is slack. Remove the old hair and the wedge from the tip. "
    "Comb the new hank and tie one end. Fit it into the tip mortise with a fresh wedge. Then tension the hair "
    "evenly and rosin it well."
)
TILL = (
    "店長から連絡です。閉店後のレジ締めの流れを統一します。\n\n"
    "まずレジを点検モードにして、売上票を印刷します。次に現金を数えて金額を記入します。最後に金庫に入れて鍵をかけます。"
)


def test_a_procedure_is_titled_by_the_task_its_lead_names() -> None:
    assert shape("procedures", "", BOW).title == "Restring a cello bow"
    assert shape("procedures", "", TILL).title == "閉店後のレジ締めの流れ"


@pytest.mark.parametrize(
    ("sentence", "task"),
    [
        (
            "Since you asked how to bleed the radiators before winter, here goes:",
            "Bleed the radiators before winter",
        ),
        ("Jun wanted to know how we do the glaze tests, so:", "The glaze tests"),  # "do" says nothing
        (
            "ここに、停電でエレベーターが止まったときの動き方を書いておきます。",
            "停電でエレベーターが止まったときの動き方",
        ),
        ("【苗の植え替えの手順】", "苗の植え替えの手順"),
    ],
)
def test_the_task_is_read_from_the_grammar_of_the_lead(sentence: str, task: str) -> None:
    assert lead_task([sentence]) == task


@pytest.mark.parametrize(
    "sentence",
    [
        "Dev wanted to know how I usually do these, so writing it here.",  # a pronoun names nothing
        "Writing this down while I remember how Ana does it.",  # "how" + a name + verb: Ana's way, no task
        "How do we reset the glaze kiln controller?",  # a question stays a question
        "This is how it is done at the depot.",
        "途中で止まった場合も、今年もこの流れで行う。",  # 「この流れ」 points back
        "私のやり方を書いておきます。",
        "夕方の片付けは二人で。",  # 「夕方」 is no way of doing
    ],
)
def test_a_pronoun_a_question_or_a_pointer_names_no_task(sentence: str) -> None:
    assert lead_task([sentence]) == ""


@pytest.mark.parametrize(
    "text",
    [
        "受付記録　No.5521　4月2日\n\n消火器の圧力計が赤い範囲を指していたら、消火器の交換を申し込む。"
        "消火器の交換費用は町内会が持つ。圧力計は毎年4月に班長が確認する。",
        "Log\tNo. 5521\t22:00\n\nThe forklift charger in bay 4 trips when two forklifts charge at once. "
        "Charge the forklifts one after the other; the charger resets itself after ten minutes.",
    ],
)
def test_a_heading_that_is_the_first_line_with_its_spaces_collapsed_is_no_given_title(text: str) -> None:
    heading = " ".join(text.splitlines()[0].split())  # what `memdir episode add` writes as the heading
    note = shaped("knowledge", read_text(heading, text), text)
    assert note.title == shape("knowledge", "", text).title != heading
    assert read_text(heading, text).title == heading  # routing reads the heading as it always has


@pytest.mark.parametrize(
    "text",
    [
        "Front counter (desk: Priya) walk-in with a buckled wheel\n\nThe rear wheel had two broken spokes. "
        "Spokes for that rim take three days to order, so we lent a spare bike.",
        "受付メモ　14:05 山田様より来店（対応：鈴木）\n\n山田様の自転車は後輪のスポークが2本折れていた。"
        "スポークの交換は部品の取り寄せで3日かかる。代車は貸し出し済み。",
    ],
)
def test_a_colon_inside_brackets_does_not_cut_the_title(text: str) -> None:
    title = shape("knowledge", "", text).title
    assert title.count("(") == title.count(")") and title.count("（") == title.count("）"), title
