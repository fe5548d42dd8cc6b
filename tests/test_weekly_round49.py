"""Round 49: Brahmic requests (Devanagari, Gujarati, Bengali...) over romanised tools titled in their words by
sound; a month or another date's word never a title; Latin-script requests in one language over tools named in
another, sharing no run of words, titled by the one word they share.

Written on other domains and languages than set 49 (a kantha workshop in Dhaka, a šakotis bakery in Vilnius, a
saddle fitter, a lantern workshop): a Jaipur tailor's Hinglish tools under Hindi requests, an Ahmedabad farsan
shop's tools under Gujarati requests, a Pune laundry's Hindi requests that share a month, a Brno bakery's Czech
requests over German tools.
"""

from __future__ import annotations

from memdir.consolidation.weekly.request_language import request_words_title, shared_word
from memdir.consolidation.weekly.script_titles import latin_skeleton, request_script_title, script_skeleton
from memdir.consolidation.weekly.script_words import dated_words, spaced_phrase

TAILOR_STEPS = [
    "grahak_khojo: `mobile={mobile}`",
    "kurta_silai: `grahak_id={grahak_id} naap={naap} kapda=cotton`",
    "sandesh_bhejo: `madhyam=whatsapp template=silai_pakka_v1 naam={naam}`",
]
TAILOR_ASKED = [
    "नमस्ते, मुझे शादी के लिए एक कुर्ता सिलाई करवाना है, नाप 40. रमेश 98290 12345",
    "कुर्ते की सिलाई कितने दिन में होगी? दो कुर्ता चाहिए",
    "मेरा कुर्ता सिलाई के लिए देना है, शनिवार को आऊंगा",
]


def test_devanagari_requests_over_hinglish_tools_are_titled_in_their_words() -> None:
    # `kurta` is `कुर्ता` (K R T), `silai` is `सिलाई` (S L): the tool's words as the requests write them
    assert script_skeleton("कुर्ता") == latin_skeleton("kurta")
    assert request_script_title("Kurta silai", TAILOR_STEPS, TAILOR_ASKED) == "कुर्ता सिलाई"


def test_gujarati_requests_and_a_case_ending_are_read_by_the_same_table() -> None:
    # one table for the Brahmic blocks: Gujarati `ઢોકળા` is `dhokla`; `ઓર્ડરનો` ("of the order") is `ઓર્ડર`
    steps = [
        "grahak_shodho: `phone={phone}`",
        "dhokla_order: `grahak_id={grahak_id} kilo={kilo} dukan=Maninagar`",
        "sms_moklo: `template=order_thayo_v2`",
    ]
    asked = [
        "મારે 2 કિલો ઢોકળા ઓર્ડર કરવા છે, કાલે સવારે",
        "ઢોકળા નો ઓર્ડર આપવો છે, 5 કિલો, રવિવારે",
        "ઓર્ડરનો સમય? ઢોકળા 3 કિલો જોઈએ",
    ]
    assert request_script_title("Dhokla order", steps, asked) == "ઢોકળા ઓર્ડર"


def test_a_month_the_requests_share_is_never_a_title() -> None:
    # every request gives a date in December (`दिसंबर`): a date's word, written next to its day, is no title
    asked = [
        "मेरी साड़ी की धुलाई 12 दिसंबर को करवानी है",
        "3 दिसंबर को पिकअप कर लीजिए, साड़ी धुलाई",
        "20 दिसंबर तक साड़ी वापस चाहिए",
    ]
    assert "दिसंबर" in dated_words(asked)
    assert "दिसंबर" not in spaced_phrase(asked)
    assert "साड़ी" in spaced_phrase(asked)


def test_czech_requests_over_german_tools_keep_their_word() -> None:
    # no run of two words is shared, the tools' words are German: the word every request writes, in any case,
    # that the calls pass too (`artikel=Koláče moravské`); a word they only happen to share is none
    steps = [
        "kunde_finden: `telefon={telefon}`",
        "kuchen_bestellen: `kunden_id={kunden_id} artikel=Koláče moravské menge={menge} abholung={abholung}`",
        "sms_schicken: `vorlage=bestellung_ok_v1`",
    ]
    asked = [
        "Dobrý den, chtěla bych objednat koláče na svatbu, 40 kusů.",
        "Prosím 20 koláčů k výročí, sobota 14:00.",
        "Objednávám koláče pro babičku, tvarohové, zítra ráno.",
    ]
    assert shared_word(asked, steps) == "koláče"
    assert shared_word(asked, steps[:1]) == ""
    assert request_words_title("Kuchen bestellen", steps, asked) == "Koláče"
