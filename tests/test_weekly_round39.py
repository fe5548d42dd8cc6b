"""Round 39: a kind run through one generic HTTP tool is titled by its work, never its methods or the tool; a phone
cut around its constant digits is one value; a Japanese kind is named by the thing every request writes and the
work its call does, never by a handover constant."""

from __future__ import annotations

from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.http_work import http_work_title, says_only_the_calls
from memdir.consolidation.weekly.japanese_work import japanese_work_title
from memdir.consolidation.weekly.phone_values import join_phones
from memdir.consolidation.weekly.span_types import Part, Span

# a Montréal dog groomer whose agent does everything through one `http` tool (`method=… url=…` arguments)
GROOM_STEPS = [
    "http: `method=GET url=https://api.toilettage.example/v1/clients tel={phone}`",
    "http: `method=POST url=https://api.toilettage.example/v1/appointments body=client_id={client_id} "
    "pet=name={name} breed={breed} service=Bain et coupe date={date}`",
    "http: `method=POST url=https://api.toilettage.example/v1/sms body=to={phone} template=grooming_booked_v2`",
]
GROOM_ASKED = [
    "Bonjour, je voudrais faire toiletter mon caniche samedi",
    "Est-ce que Biscuit peut avoir un bain et une coupe la semaine prochaine?",
    "toilettage pour mon chien svp",
]


def test_an_http_only_kind_is_named_by_its_work() -> None:
    assert fragment_title("GET, POST ({phone})", GROOM_STEPS, GROOM_ASKED) == "Book a grooming"
    assert fragment_title("Http", GROOM_STEPS, GROOM_ASKED) == "Book a grooming"
    # no notice names the act: the work call's path noun, with the method's act
    steps = [s.replace("grooming_booked_v2", "rappel_v1") for s in GROOM_STEPS]
    assert http_work_title("POST, GET", steps, GROOM_ASKED) == "Create an appointment"
    # its body's kind when it passes one, the act a request writes
    kind = [s.replace("service=Bain", "type=Nail trim notes=x bain") for s in steps]
    assert http_work_title("Http a request", kind, ["Please book a nail trim for Rex"]) == "Book a nail trim"


def test_a_title_that_names_work_stays() -> None:
    assert not says_only_the_calls("Toilettage d'un chien", GROOM_STEPS)
    assert says_only_the_calls("Http a request", GROOM_STEPS)
    assert http_work_title("Toilettage d'un chien", GROOM_STEPS, GROOM_ASKED) == "Toilettage d'un chien"
    mixed = [*GROOM_STEPS[:2], "send_sms: `to={phone} template=grooming_booked_v2`"]
    assert http_work_title("GET, POST", mixed, GROOM_ASKED) == "GET, POST"  # not every call is the tool's


def test_a_phone_cut_around_its_constant_digits_is_one_value() -> None:
    # Montréal numbers, area code and exchange shared, each written its own way
    parts: list[Part] = [
        "body=to=",
        Span({"a": "", "b": "(", "c": "+1 "}),
        "514",
        Span({"a": " ", "b": ") ", "c": " "}),
        "555",
        Span({"a": " 0142", "b": "-0199", "c": " 0123"}),
        " template=rappel_v1",
    ]
    out = join_phones(parts)
    assert len(out) == 3 and isinstance(out[1], Span)
    assert out[1].values == {"a": "514 555 0142", "b": "(514) 555-0199", "c": "+1 514 555 0123"}
    # a space the alignment did not keep comes back from the task's own call
    gap: list[Part] = [
        Span({"a": "", "b": "+1 "}),
        "514",
        Span({"a": "-", "b": ""}),
        "555",
        Span({"a": "-0142", "b": " 0123"}),
    ]
    whole = join_phones(gap, {"a": "to=514-555-0142", "b": "to=+1 514 555 0123"})
    assert isinstance(whole[0], Span) and whole[0].values["b"] == "+1 514 555 0123"
    # a date's pieces around constant digits are no phone: they stay
    date: list[Part] = ["date=", Span({"a": "12", "b": "14"}), "-07-", Span({"a": "01", "b": "02"})]
    assert join_phones(date) == date


def test_a_japanese_kind_is_named_by_its_thing_and_work() -> None:
    # a Sendai watchmaker: every request writes 腕時計, the call repairs it
    steps = [
        "find_customer: `tel={tel}`",
        "book_repair: `customer_id={customer_id} item=腕時計・{model} plan=オーバーホール・部品代別`",
        "send_mail: `to={email} template=受付完了_v1`",
    ]
    asked = [
        "腕時計が止まってしまったので修理をお願いします",
        "父の腕時計の修理を頼みたいです",
        "腕時計、動かなくなりました。見てもらえますか",
    ]
    title = fragment_title("腕時計", steps, asked)
    assert title == "腕時計修理の予約"


def test_a_handover_constant_names_no_kind() -> None:
    # a Kyoto kimono tailor: the alteration is its style constant, the shop's handover no work
    steps = [
        "find_customer: `tel={tel}`",
        "order_alteration: `customer_id={customer_id} item=着物・{value} style=袖丈直し・手縫い "
        "handover=着物預かり・店頭受取`",
        "send_mail: `to={email} template=受付完了_v1`",
    ]
    asked = [
        "着物を少し短くしたいのですが",
        "母の着物、袖丈直しをお願いできますか",
        "着物のサイズを合わせてほしいです",
    ]
    title = japanese_work_title(steps, asked, "order", ["alteration"], lambda s: len(s) <= 2)
    assert title == "着物の袖丈直し"
    assert "預かり" not in fragment_title("着物", steps, asked)
