"""Round 59: a thing with no act gets the verb the requests write before it, after a question's `could you`
and past a word between the article and the thing; a weekly lesson is named after its rule, not one task's date."""

from __future__ import annotations

from memdir.consolidation.weekly.lesson_words import lesson_name
from memdir.consolidation.weekly.phrase_verb import with_verb

# a Black Forest clock repairer's English requests over Czech tools: the cuckoo clock repairs
_CLOCKS = [
    "Hello, could you repair an antique Cuckoo clock for me? I can bring it on the 3rd.",
    "My late aunt's Cuckoo clock stopped ticking, can you repair it before Christmas?",
    "Cuckoo clock, walnut, bird no longer calls. Drop off Friday.",
]
_CLOCK_STEPS = ["najít_zákazníka: `telefon={telefon}`", "opravit_hodiny: `zákazník={zákazník} datum={datum}`"]


def test_a_thing_gets_the_verb_a_could_you_question_writes_before_it() -> None:
    # `repair` follows `could you`, `antique` stands between the article and the thing; two requests write it
    assert with_verb("Cuckoo clock", _CLOCKS, _CLOCK_STEPS) == "Repair a Cuckoo clock"


def test_a_verb_one_request_writes_alone_leaves_the_thing() -> None:
    # `tune` is one person's wording, written nowhere else: nothing is invented, the thing stays
    asked = [
        "Could you tune an old Upright piano?",
        "Upright piano, sounds flat since the move.",
        "Upright piano",
    ]
    assert with_verb("Upright piano", asked, ["ladit_klavir: `datum={datum}`"]) == "Upright piano"


def test_a_lessons_name_says_the_rule_not_one_tasks_date() -> None:
    # a Lyon bakery's refusal of one early cake order: the date is a value, not the lesson's name
    name = lesson_name(
        "CommandeRefusee: not before 2061-03-12 (HTTP 409)",
        "passer_commande: jour=2061-03-01",
        "x",
        "Order a cake",
    )
    assert name == "order-a-cake-not-before-date"
    dotted = lesson_name("Fehler: ausgebucht am 12.03.2061", "buchen: tag=12.03.2061", "x", "Book a sauna")
    assert "2061" not in dotted and dotted.endswith("ausgebucht-am-date")


def test_a_lesson_keeps_a_version_and_a_count() -> None:
    # a version or a count is the failure's own word, not a task's date: `1.2.3`, `30`
    assert (
        lesson_name("deploy: v1.2.3 broke the build", "deploy", "x", "Ship") == "ship-v1-2-3-broke-the-build"
    )
    assert (
        lesson_name("Error: only 30 seats left", "book: seats=40", "x", "Book") == "book-only-30-seats-left"
    )
