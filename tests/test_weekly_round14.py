"""Round 14: placeholders named by what carries them, one value per token, titles that name the kind.

Rules about how logs and requests are written, in domains other than round 14's data (a fuel depot, a
bike shop, a network, a hotel, a municipal parking office):

- a placeholder is named by the key, parameter or flag that carries it, also after a constant prefix
  (`room=RM-{}` -> `{room}`, `workOrder=WO-{}` -> `{work_order}`); its type word only when nothing
  names it, and an IP address is an `address`, never a `version`;
- one token whose varying parts a constant mark separates (`core-r1.par2`, `Te2/0/5`) is one value;
- a title is the decisive call's verb and object when the requests write both (`name=book_service`,
  `action=renew_license`), never a status report's subject ("Marlow needs …", "Tank T-12 is empty");
  when nothing else names the kind, the verb the requests share and the thing its value is;
- a Japanese title from one terse request with holes gives way to the words the requests share.
"""

from __future__ import annotations

import re

from weekly_support import draft

from memdir.consolidation.weekly.naming import candidates, choose, value_class


def _names(steps: list[str]) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", "\n".join(steps)))


def test_a_placeholder_after_a_constant_prefix_is_named_by_its_key() -> None:
    guests = ["1042", "1077", "1103", "1190"]
    rooms = ["311", "512", "208", "704"]
    d = draft(
        [f"hold a room for guest {g}" for g in guests],
        [
            [
                f"op=hold_room&guest=G-{g}&room=RM-{r}",
                f"variables=workOrder=WO-{r}{g} guest=G-{g}",
            ]
            for g, r in zip(guests, rooms, strict=True)
        ],
        tool="pms",
    )
    steps = "\n".join(d.steps)
    assert "guest=G-{guest}" in steps and "room=RM-{room}" in steps, d.steps
    assert "workOrder=WO-{work_order}" in steps, d.steps
    assert not {"number", "number2", "number3"} & _names(d.steps), d.steps


def test_a_flag_names_a_value_with_a_constant_prefix() -> None:
    evidence = candidates("parkctl permit issue --holder H-", " --zone 4", ["1203", "1388"], False)
    assert choose(evidence, set()) == "holder", evidence


def test_a_generic_key_before_a_constant_prefix_does_not_name_the_value() -> None:
    """A form field's `value=BK-{}` says nothing: the value is a number (set 15's `value=HC-{value}`)."""
    evidence = candidates("ui.type selector=#booking-search value=BK-", "", ["2041", "2077", "2310"], False)
    assert choose(evidence, set()) == "number", evidence


def test_an_ip_address_is_an_address_not_a_version() -> None:
    assert value_class(["10.2.3.4", "192.168.10.7"]) == (2.5, "address")
    assert value_class(["2001:db8::1", "fe80::2"]) == (2.5, "address")
    assert value_class(["2.32.3", "1.4.0"]) == (2.5, "version")
    evidence = candidates("traceroute ", "", ["10.2.3.4", "192.168.10.7"], False)
    assert choose(evidence, set()) == "address", evidence


def test_one_token_whose_parts_vary_is_one_placeholder() -> None:
    hosts = ["core-r1.par2", "core-r4.fra1", "core-r2.ams3", "core-r7.lhr1"]
    ports = ["Te2/0/5", "Te1/0/17", "Gi3/0/2", "Gi1/0/40"]
    d = draft(
        [f"bounce {p} on {h}" for h, p in zip(hosts, ports, strict=True)],
        [
            [f"host={h} show interface {p}", f"host={h} interface {p} ; shutdown ; no shutdown"]
            for h, p in zip(hosts, ports, strict=True)
        ],
        tool="netcli",
    )
    steps = "\n".join(d.steps)
    # before: `host=core-{core}.{value}`, `{value2}/0/{number}`
    assert "host={host}" in steps or "host=core-{host}" in steps, d.steps
    assert "interface {interface}" in steps, d.steps
    assert not {"value", "value2", "number", "version", "path"} & _names(d.steps), d.steps


def test_a_function_call_kind_is_titled_by_its_decisive_call_when_the_requests_write_its_words() -> None:
    bikes = ["BK-2041", "BK-2077", "BK-2102", "BK-2135"]
    d = draft(
        [
            "Marlow's commuter bike is squeaking again, book it in",
            "the cargo bike brakes are soft, it needs a service",
            "Chain skipping on BK-2102, can you book a slot this week",
            "hey, the tandem is due its annual service",
        ],
        [
            [
                f"name=get_bike arguments=bike={b}",
                f"name=book_service arguments=bike={b} bay=2 date=2026-05-{10 + n}",
                f"name=notify arguments=channel=#workshop ref={b}",
            ]
            for n, b in enumerate(bikes)
        ],
        tool="shopos",
    )
    assert d.title == "Book a service", d.title
    assert "Marlow" not in d.title


def test_a_status_report_is_no_title_the_form_action_is() -> None:
    licences = ["LIC-5512", "LIC-5530", "LIC-5561"]
    d = draft(
        [
            "Harwick Foods' trading license lapsed last week, please renew",
            "Renew the license for the Orchard St kiosk",
            "Pemberton Cafe needs its license renewed before Friday",
        ],
        [
            [
                f"action=get_license&license={x}",
                f"action=renew_license&license={x}&term=12m",
                "to=ops template=renewed",
            ]
            for x in licences
        ],
        tool="citydesk",
    )
    assert d.title == "Renew a license", d.title


def test_a_chatty_kind_is_titled_by_the_verb_its_requests_share_and_the_thing_its_value_is() -> None:
    tanks = ["T-12", "T-07", "T-33", "T-19"]
    d = draft(
        [
            "Tank T-12 is nearly empty, let's refill it",
            "refill T-07 today if the truck is in",
            "refilling run for T-33 this afternoon please (diesel)",
            "T-19 ran dry overnight, top it up",
        ],
        [
            [
                f"name=get_tank tank={t}",
                f"name=pump tank={t} fuel=diesel truck=TR-2",
                f"name=log_delivery tank={t}",
            ]
            for t in tanks
        ],
        tool="depot",
    )
    # before: "Tank T-{value} is nearly empty, let's refill it"
    assert d.title == "Refill a tank", d.title


def test_a_japanese_title_of_one_terse_request_names_the_kind_not_its_holes() -> None:
    cards = (("C0501147", "U2277310"), ("C0418823", "U2119934"), ("C0372260", "U1865502"))
    d = draft(
        [
            "C0501147 紛失→再発行 U2277310",
            "U2119934 さんが 定期券 C0418823 をなくしたそうです、再発行の手続きを",
            "定期券紛失の申し出です（利用者 U1865502、券 C0372260）。再発行の処理をお願いします。",
        ],
        [
            [
                f"parkctl card show {c}",
                f"parkctl card reissue {c} --holder {u}",
                f"parkctl notice send --holder {u}",
            ]
            for c, u in cards
        ],
        tool="bash",
        replies=["紛失登録し、再発行のご案内を送りました。"] * 3,
    )
    # before: "{card} 紛失→再発行 {holder}"
    assert "再発行" in d.title and "{" not in d.title, d.title
