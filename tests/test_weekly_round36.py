"""Round 36: a Japanese title is a phrase of the work, a tool name's word as the requests spell it, no article
before a mass noun, a phone written with spaces is one value.

Weeks of other domains, log shapes and languages than set 36's (a Sapporo snow-removal desk, a Norwegian
heat-pump service, a German piano workshop, an office-furniture store, a Paris locksmith).
"""

from __future__ import annotations

SNOW = [
    "月極駐車場の雪をどけてもらえませんか。北区の駐車場です。",
    "除雪をお願いできるでしょうか、車が出せなくて",
    "屋根の雪下ろしを頼みたいです。南区の一軒家。",
    "除雪の依頼。東区の駐車場、朝までに。",
]


def test_no_japanese_title_of_a_request_noun_and_a_place() -> None:
    from memdir.consolidation.weekly.titles_ja import shared_phrase_ja

    # no request writes a verb: the act two of them ask for (`除雪をお願い`, `除雪の依頼`) is the kind's,
    # the place two of them name last (`駐車場`) is none: not `除雪の駐車場`
    assert shared_phrase_ja(SNOW) == ""
    assert shared_phrase_ja(SNOW, alone=True) == "除雪"


def test_a_verbal_title_still_stands() -> None:
    from memdir.consolidation.weekly.titles_ja import shared_phrase_ja

    asked = ["経費精算を差し戻してください", "先月の経費精算、差し戻しお願い", "経費精算の差戻しを"]
    assert shared_phrase_ja(asked) == "経費精算の差し戻し"


def test_the_work_title_leaves_a_grade_no_request_writes() -> None:
    from memdir.consolidation.weekly.fragment_titles import is_fragment
    from memdir.consolidation.weekly.japanese_work import japanese_work_title

    steps = [
        "find_customer: `tel={tel}`",
        "book_removal: `service=除雪作業・プレミアム site.lot={lot} date={date}`",
        "send_line: `template=removal_booked_v1`",
    ]
    title = japanese_work_title(
        steps, SNOW, "book", ["removal"], lambda t: is_fragment(t, "book", ["removal"])
    )
    assert title == "除雪作業の予約"


HEAT_PUMP = [
    "Hei, kan dere komme på servicebesøk til varmepumpa vår i Drammen?",
    "Varmepumpa lager rar lyd, trenger et servicebesøk snart",
    "Servicebesøk på luft-til-luft varmepumpe, helst neste uke",
]


def test_a_tool_names_word_is_spelt_as_the_requests_write_it() -> None:
    from memdir.consolidation.weekly.fragment_titles import fragment_title

    steps = [
        "finn_kunde: `telefon={telefon}`",
        "ledige_tider: `tjeneste=SERVICE-VP dato={dato}`",
        "bestill_besok: `kunde.id={id} tjeneste=SERVICE-VP tid_id={tid_id}`",
        "send_sms: `mal=besok_bestilt_v1`",
    ]
    # `besok` of the tool's name is the tail of the requests' `servicebesøk`
    assert fragment_title("Bestill besok", steps, HEAT_PUMP) == "Bestill besøk"


def test_spelling_whole_words_and_spelt_out_marks() -> None:
    from memdir.consolidation.weekly.title_spelling import as_requests_write

    asked = ["Können Sie den Stimmtermin bestätigen?", "Bitte den Termin bestätigen", "Termin für Flügel"]
    assert as_requests_write("Termin bestatigen", asked) == "Termin bestätigen"
    assert as_requests_write("Termin bestaetigen", asked) == "Termin bestätigen"
    assert as_requests_write("Flugel stimmen", asked) == "Flügel stimmen"
    # a word no request writes with letters of its own stays; romaji is never respelt from kana
    assert as_requests_write("Klavier stimmen", asked) == "Klavier stimmen"
    assert as_requests_write("Yoyaku henko", ["予約変更をお願いします"]) == "Yoyaku henko"
    assert as_requests_write("Tune a {piano}", asked) == "Tune a {piano}"


def test_no_article_before_a_mass_noun() -> None:
    from memdir.consolidation.weekly.fragment_titles import fragment_title
    from memdir.consolidation.weekly.title_spelling import without_mass_article

    asked = [
        "Can you hold the new office furniture for us until Friday?",
        "We need to hold furniture for our move next week",
        "Please hold the furniture we picked, the desks and chairs",
    ]
    steps = [
        "find_account: `email={email}`",
        "hold_furniture: `account={id} items={items} until={date}`",
        "send_email: `template=hold_ok_v1`",
    ]
    assert fragment_title("Hold a furniture", steps, asked) == "Hold furniture"
    assert without_mass_article("Move an equipment to a site") == "Move equipment to a site"
    # the article stays where the phrase's head counts (`rental`, `tank`)
    assert without_mass_article("Book an equipment rental") == "Book an equipment rental"
    assert without_mass_article("Clean a fish tank") == "Clean a fish tank"
    assert without_mass_article("Book a visit") == "Book a visit"


def test_a_phone_written_with_spaces_is_one_value() -> None:
    from memdir.consolidation.weekly.id_values import whole_ids
    from memdir.consolidation.weekly.span_types import Span

    # a Paris locksmith's French numbers: the area code and exchange the tasks shared are part of each number
    number = Span({"a": "1010", "b": "2020", "c": "3030"})
    out = whole_ids(["trouver_client: telephone=+33 1 42 68 ", number, " ville=Paris"])
    spans = [p for p in out if isinstance(p, Span)]
    assert out[0] == "trouver_client: telephone="
    assert [s.name for s in spans] == ["telephone"]
    assert spans[0].values["a"] == "+33 1 42 68 1010"
    # under a short key, it is named `phone`; a number that is no phone (a quantity) stays as it was
    out = whole_ids(["envoyer_sms: a=+33 6 12 34 ", Span({"a": "5678", "b": "8765"}), " modele=rdv_v1"])
    assert [p.name for p in out if isinstance(p, Span)] == ["phone"]
    qty = Span({"a": "12", "b": "30"})
    assert whole_ids(["commander: lot=4 5 ", qty, " unite=pcs"])[1] is qty
