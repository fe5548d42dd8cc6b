"""Round 38: a kind titled by its own call and its command's work, never an option's value or one task's count;
a participle is no title; a phone in a command line; a value's varying part named by its key."""

from __future__ import annotations

from memdir.consolidation.weekly.fragment_titles import fragment_title, is_fragment, tool_call
from memdir.consolidation.weekly.generic_calls import shared_tools
from memdir.consolidation.weekly.naming import all_phones, candidates
from memdir.consolidation.weekly.option_quotes import quoted_title
from memdir.consolidation.weekly.varying_words import holds_value, one_task_values

# a Swedish kayak rental on the Stockholm archipelago, every call through one `terminal` tool
KAYAK_STEPS = [
    "terminal: `paddla lediga --plats Vaxholm --datum {datum} --antal {antal}`",
    'terminal: `paddla boka --kajak K-{kajak} --datum {datum} --namn "{namn}" --villkor "Flex 7 dagar"`',
    'terminal: `sms skicka --till "{phone}" --mall bokning_v2 --ref P-{ref}`',
]
KAYAK_ASKED = [
    "Hej! Vi vill hyra två kajaker från lördag, finns det något ledigt?",
    "Kan vi hyra en kajak på söndag för en person från Vaxholm?",
    "Hej, jag vill gärna hyra dubbelkajak i helgen, mvh Lena",
    "kajak imorgon 2 pers, ledigt?",
]


def test_an_options_constant_nobody_asks_for_is_no_title() -> None:
    assert quoted_title(KAYAK_STEPS, KAYAK_ASKED) == ""
    # a quote the requests write stays the kind's words, and so does a message (`-m`)
    steps = ['terminal: `städ beställ --typ "Full städning" --ref P-{ref}`']
    assert quoted_title(steps, ["Kan ni ta städningen när vi åker?"]) == "Full städning"
    commit = ["bash: `git commit -am 'Bump {package} to {target}'`"]
    assert quoted_title(commit, ["please update the dependency"]) == "Bump {package} to {target}"


def test_a_shell_only_kind_is_named_by_its_commands_work() -> None:
    title = fragment_title("Hyra en kajak från", KAYAK_STEPS, KAYAK_ASKED)
    assert title == "Boka paddla"
    assert "Flex" not in title


def test_a_call_another_kind_makes_names_neither() -> None:
    # a Lisbon jeweller: ring resizing (its own call a quote) and watch repair both end with the courier call
    resize = [
        "find_client: `email={email}`",
        "quote_resize: `metal={metal} size_from={size} size_to={size2}`",
        "book_courier: `client_id={client_id} address={address} date={date}`",
        "send_whatsapp: `to={phone} template=ring_ready_v1`",
    ]
    asked = [
        "Please book a courier, my wedding ring is too tight",
        "Could you make my ring a size bigger? A courier pickup is fine",
        "ring too small, send a courier",
    ]
    shared = frozenset(["find_client", "book_courier", "send_whatsapp"])
    assert tool_call(resize, asked)[0] == "book"  # the courier, which the watch repairs book too
    assert tool_call(resize, asked, shared) == ("", [])
    assert fragment_title("Ring", resize, asked) == "Book a courier"  # main
    assert fragment_title("Ring", resize, asked, shared) == "Ring"  # the word every request writes
    groups = [
        [["find_client", "quote_resize", "book_courier"]] * 3,
        [["find_client", "repair_watch", "book_courier"]] * 2,
    ]
    assert shared_tools(groups) == frozenset(["find_client", "book_courier"])


def test_a_count_in_words_is_one_tasks_value() -> None:
    values = one_task_values({"guests": {"2": 2, "5": 1, "3": 1}}, ["table for two guests tonight"] * 2)
    assert holds_value("Reserve a table for two guests", values)
    assert not holds_value("Reserve a table", values)


def test_a_participle_and_its_particle_is_a_fragment() -> None:
    assert is_fragment("Towed away", "book", ["tow"])
    assert not is_fragment("Book a tow", "book", ["tow"])


def test_a_phone_grouped_differently_by_each_task() -> None:
    # Danish mobile numbers, eight digits, grouped as each person wrote them
    assert all_phones(["31 42 55 60", "2045 8812", "40156677", "22 11 90 34"])
    assert not all_phones(["1 200 000", "2 500 000"])  # amounts written one way
    vals = ["31 42 55 60", "2045 8812", "40156677"]
    assert candidates('bilvask bestil --mobil "', '" --pakke guld', vals, False)[0] == (5.0, "phone")


def test_a_values_varying_part_is_named_by_its_key() -> None:
    vals = ["250", "330", "500"]
    assert (4.9, "size") in candidates("order_drink: cup.size=", "ml brand=x", vals, False)


def test_an_amount_with_and_without_its_unit_is_one_value() -> None:
    from memdir.consolidation.weekly.span_types import Span
    from memdir.consolidation.weekly.unit_values import unit_apart

    # a Graz brewery's keg orders: `--volume 30L` in the order, `30 litres` in the e-mail
    order: list[str | Span] = [
        "kegctl order --volume ",
        Span({"a": "30L", "b": "50L", "c": "20L"}),
        " --to x",
    ]
    mail: list[str | Span] = [
        "mail body=Your ",
        Span({"a": "30", "b": "50", "c": "20"}),
        " litres are booked",
    ]
    out = unit_apart([order, mail])
    assert out[0][2] == "L" and isinstance(out[0][1], Span)
    assert out[0][1].values == {"a": "30", "b": "50", "c": "20"}
    assert out[1] == mail
    alone = unit_apart([order])  # no span holds the number alone: the value stays whole
    assert alone[0] == order
