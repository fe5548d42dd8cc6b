"""Issue 15, round 25 (branch weekly25): a requester's e-mail address whose domain other tasks share, a call's
input that names the call itself (`{name, arguments}`), coordinates taken for versions, one-word and fragment
titles.

Domains and log shapes other than set 25's (a tennis club's desk logged as plain `tool_use` events and as a
function-calling gateway's `{function, arguments}` records; a coastal bird survey; a bicycle workshop, a
language school and a dog-walking service in English, Japanese, Spanish and Portuguese).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.agreement import StepAgreement
from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.naming import candidates, value_class
from memdir.consolidation.weekly.tasks import group_tasks

Work = list[tuple[str, str]]


def _court(member: str, mail: str, extra: bool = False) -> Work:
    """A court booked for a member, the confirmation mailed to the member's own address."""
    out = [("find_member", f"member={member}"), ("list_courts", "surface=clay hours=2")]
    if extra:
        out.append(("get_club_rules", "topic=guests"))  # one task's own look at the rules
    return out + [
        ("reserve_court", f"member={member} court=C-{len(member)} hours=2 plan=CLAY-PEAK"),
        ("send_email", f"to={mail} template=court_booked_v4"),
    ]


def _lesson(member: str, mail: str) -> Work:
    return [
        ("find_member", f"member={member}"),
        ("book_lesson", f"member={member} coach_pool=juniors level=beginner"),
        ("send_email", f"to={mail} template=lesson_booked_v1"),
    ]


def test_a_requesters_address_is_one_value_whatever_domain_other_tasks_share() -> None:
    # the Japanese members write from one provider, the English one from another: the same kind all the same
    week = [
        _court("M-2201", "sato.k@sakura-net.example"),
        _court("M-3318", "r.evans@postbox.example", extra=True),
        _court("M-4410", "ito.y@sakura-net.example"),
        _lesson("M-5120", "mori.a@sakura-net.example"),
        _lesson("M-6631", "kato.h@sakura-net.example"),
        _lesson("M-7702", "j.brown@postbox.example"),
    ]
    agreement = StepAgreement(week, 3)
    # the base kept `sakura net example` as words of the mail step (5 tasks write the domain), so the English
    # member did not take the step the other two took, and with its look at the rules was set apart
    assert agreement.one_off(week[:3]) == [[0, 1, 2]]
    assert len(agreement.parts(week[:3])) == 1
    keys = agreement.keys(week[0])
    assert not any("sakura" in k for k in keys), keys


def test_an_address_every_task_writes_stays_part_of_the_step() -> None:
    week: list[Work] = [
        [("find_member", f"member=M-{n}0 club=riverside"), ("send_email", "to=desk@club.example template=t")]
        for n in range(4)
    ]
    assert any("desk" in k for k in StepAgreement(week, 3).keys(week[0]))


def _tennis_week(mem: Memory) -> None:
    for n, (tid, who) in enumerate([("t1", "Haruto Sato"), ("t2", "Rhys Evans"), ("t3", "Yui Ito")]):
        items: list[dict[str, Any]] = [
            {"type": "user_message", "content": f"Please book a clay court for {who} on Saturday morning."},
            # an MCP-style record: the call's own name inside its params
            {"type": "tool_use", "tool": "reserve_court",
             "params": {"name": "reserve_court", "arguments": {"member": who, "surface": "clay"}}},
            # a function-calling gateway: the function's name beside its arguments
            {"type": "tool_use", "tool": "send_email",
             "input": {"function": "send_email", "arguments": {"template": "court_booked_v4"}}},
            # a `name` that is not the tool's is an argument
            {"type": "tool_use", "tool": "add_guest", "input": {"name": "Guest Player", "court": "C-2"}},
            {"type": "task_end", "outcome": "success"},
        ]  # fmt: skip
        mem.activity.append_many(events(tid, n, items))


def test_the_tool_named_inside_a_calls_input_is_the_call_not_an_argument(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    _tennis_week(mem)
    tasks = group_tasks(mem.activity.read())
    steps = [(s.tool, s.input) for s in tasks[0].steps]
    # the base: `reserve_court: name=reserve_court member=Haruto Sato surface=clay`
    assert steps[0] == ("reserve_court", "member=Haruto Sato surface=clay"), steps
    assert steps[1] == ("send_email", "template=court_booked_v4"), steps
    assert steps[2] == ("add_guest", "name=Guest Player court=C-2"), steps


# (task, request, lat, lon): a sighting recorded where it was made; south of the equator, east and west
SIGHTINGS = [
    ("b1", "Record a hooded plover sighting at the northern spit", "-38.4127", "145.0951"),
    ("b2", "Record a hooded plover sighting at the lagoon mouth", "-38.3904", "145.1286"),
    ("b3", "Record a hooded plover sighting at the dune track", "-38.4410", "145.0702"),
]


def test_a_coordinate_is_named_by_its_key_and_is_no_version(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    for n, (tid, ask, lat, lon) in enumerate(SIGHTINGS):
        items: list[dict[str, Any]] = [
            {"type": "task_start", "summary": ask},
            {"type": "tool_use", "tool": "record_sighting",
             "input": {"species": "hooded-plover", "lat": float(lat), "lon": float(lon), "survey": "BEACH-26"}},
            {"type": "tool_use", "tool": "sync_atlas", "input": {"survey": "BEACH-26", "depth": float(f"1.{n}25")}},
            {"type": "task_end", "outcome": "success"},
        ]  # fmt: skip
        mem.activity.append_many(events(tid, n, items))
    report = mem.consolidate_weekly(until=UNTIL)
    made = [p for p in report.created if p.startswith("procedures/")]
    assert len(made) == 1
    body = mem.store.read(made[0]).body
    # the base: `lat=-{version} lon={version2}`, "a version, different between the tasks"
    assert "lat=-{lat}" in body and "lon={lon}" in body, body
    assert "version" not in body, body


def test_a_decimal_number_is_a_number_and_a_version_stays_a_version() -> None:
    assert value_class(["43.9521", "44.0317"]) == (1.8, "number")
    assert value_class(["3.12", "3.11"]) == (2.5, "version")
    assert value_class(["2.32.3", "2.31.0"]) == (2.5, "version")
    assert (5.0, "offset") in candidates("shift offset=-", " hours", ["3.5", "2"], in_title=False)
    assert (5.0, "to") not in candidates("sms to=+", "", ["64274185521", "64277702645"], in_title=False)


WORKSHOP = [
    "find_customer: `phone={phone}`",
    "list_bays: `day={day} kind=service`",
    "schedule_repair: `customer={customer} bay={bay} plan=TUNE-UP-B`",
    "send_sms: `to={phone} template=repair_booked_v2`",
]


def test_a_fragment_title_gives_way_to_the_decisive_call_named_by_its_tool() -> None:
    asked = [
        "Can you fit my bike in for a tune-up this week?",
        "the gears on my bike are slipping, any slot?",
    ]
    # words around a pronoun or a preposition, one word: no phrase a person names work by
    for title in ("Him into the workshop", "Gears on bike", "Bike", "Slot for"):
        assert fragment_title(title, WORKSHOP, asked) == "Schedule a repair", title
    # a verb and its object, a thing and its number, a request written with a placeholder: they stay
    for title in ("Tune up a bike", "Book the tune-up at bay {bay}", "Fix the {part} on a bike"):
        assert fragment_title(title, WORKSHOP, asked) == title
    # the call's words in another order are the call
    assert fragment_title("Repair schedule", WORKSHOP, asked) == "Schedule a repair"


def test_fragment_titles_in_japanese_spanish_and_portuguese() -> None:
    lessons = [
        "search_student: `id={id}`",
        "enroll_course: `student={student} course={course} term=2027-S1`",
        "send_line: `to={student} template=入会のご案内_v1`",
    ]
    ja = ["来月から英会話のクラスに入りたいです", "娘を初級コースに入れてください"]
    assert fragment_title("日程", lessons, ja) == "Enroll a course"
    assert fragment_title("コースの申し込み", lessons, ja) == "コースの申し込み"  # a phrase: it stays
    assert fragment_title("英会話コース受付", lessons, ja) == "英会話コース受付"  # a long name: it stays
    paseos = [
        "buscar_cliente: `telefono={telefono}`",
        "programar_paseo: `perro={perro} franja=MAÑANA tarifa=PASEO-45`",
        "enviar_sms: `a={telefono} plantilla=paseo_confirmado_v1`",
    ]
    es = ["¿Podéis sacar a mi perro el martes por la mañana?", "necesito que paseen a Toby mañana temprano"]
    assert fragment_title("Perro por", paseos, es) == "Programar paseo"
    assert fragment_title("Que a la de mi perro", paseos, es) == "Programar paseo"
    pt = ["Vocês podem passear o meu cão amanhã de manhã?", "preciso de um passeio para a Nina na terça"]
    passeios = [s.replace("buscar_cliente", "consultar_cliente").replace("programar_paseo", "agendar_passeio")
                for s in paseos]  # fmt: skip
    assert fragment_title("Passeio de", passeios, pt) == "Agendar passeio"


def test_a_title_stays_when_no_call_is_named_as_a_verb_and_its_object() -> None:
    shell = ["bash: `bikeshop bays list --day {day}`", "bash: `bikeshop repair add --bay {bay}`"]
    assert fragment_title("Bike", shell, ["fix my bike"]) == "Bike"
    notices_only = ["find_customer: `phone={phone}`", "send_sms: `to={phone} template=reminder_v1`"]
    assert fragment_title("Bike", notices_only, ["remind them"]) == "Bike"
    http = ["admin_api: `POST /v3/repairs body=bay={bay}`"]  # a tool that runs HTTP calls names no kind
    assert fragment_title("Bike", http, ["fix my bike"]) == "Bike"
