"""Round 60: words in an abugida read whole (a stem never cut inside a conjunct, the template check's tokens
keep their vowel signs), one id word heard by chance is no evidence the ids romanise the requests, a note's
`the` is no wording and a free-text argument after another is one value.

Written on other domains and languages than set 60 (a Kalamkari studio in Telugu, a hedge-laying crew): a
Jaipur tailor's Hindi requests, a Hindi grocer, a Kannada toy shop, a chimney sweep's notes.
"""

from __future__ import annotations

from memdir.consolidation.weekly.lexicon import tokens
from memdir.consolidation.weekly.script_titles import request_script_title, unheard_word
from memdir.consolidation.weekly.spans import template_of


def test_a_name_cut_inside_its_conjunct_is_no_id_word() -> None:
    # `शर्मा` (Sharma) is no `शर` + ending: the cut falls inside `र्म`; main titled `शर शर` over `sara_sher`
    steps = [
        "grahak_khoj: `phone={phone}`",
        "sara_sher: `code=X-1 naam={naam}`",
        "sandesh_bhejo: `template=ok_v1`",
    ]
    asked = [
        "नमस्ते, मुझे दो कुर्ते सिलवाने हैं। अनिल शर्मा",
        "कुर्ता सिलाई चाहिए, अगले हफ्ते तक",
        "तीन कुर्ते सिलवाने हैं, 9876543210",
    ]
    assert request_script_title("Sara sher", steps, asked) == "Sara sher"


def test_one_id_word_heard_by_chance_is_no_evidence() -> None:
    # Turkish tools: `kabul` sounds as `काबुली` (K-B-L) and no other id word is heard: the shared phrase stays
    steps = [
        "musteri_bul: `telefon={telefon}`",
        "siparis_yaz: `urun=X-2`",
        "mesaj_gonder: `sablon=kabul_onay_v1`",
    ]
    asked = ["काबुली चना दो किलो चाहिए", "काबुली चना भेज दीजिए", "एक किलो काबुली चना"]
    assert not unheard_word("काबुली चना", steps, asked)


def test_the_template_checks_words_keep_their_vowel_signs() -> None:
    assert tokens("ಗೊಂಬೆ ಸೆಟ್ ಬೇಕು {num} तबले की पूड़ी") == [
        "ಗೊಂಬೆ",
        "ಸೆಟ್",
        "ಬೇಕು",
        "{num}",
        "तबले",
        "की",
        "पूड़ी",
    ]


NOTES = [
    ("side gate", "cat stays in the kitchen"),
    ("front door", "ladder by the shed"),
    ("back lane", "park on the verge"),
    ("garage", "key under the mat"),
]


def test_a_note_every_task_writes_the_in_is_one_value() -> None:
    texts = {str(i): f"flue=2 note={n}" for i, (_, n) in enumerate(NOTES)}
    assert template_of(texts).render() == "flue=2 note={value}"


def test_a_free_text_note_after_another_free_value_is_one_value() -> None:
    texts = {str(i): f"flue=2 access={a} note={n}" for i, (a, n) in enumerate(NOTES)}
    assert template_of(texts).render() == "flue=2 access={value} note={value}"
