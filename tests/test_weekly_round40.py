"""Round 40: a kind's task whose value is written in a few words (or masked) still agrees with its kind; a
value after a constant head word is named by its key; a title with an HTTP method after its first word is
the calls' shape, named by the work; an HTTP call's nested JSON body is written with its keys; a Japanese
title of words few requests and no call write gives way to the work its calls and template name."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import pytest

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.agreement import StepAgreement
from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.http_work import says_only_the_calls
from memdir.consolidation.weekly.keyed_args import input_of, keyed_text, keys_of
from memdir.consolidation.weekly.naming import candidates


def _move(n: int, kind: str, city: str, retry: bool = False) -> list[tuple[str, str]]:
    # a Porto piano mover: the piano's kind one word or two, the city a district after a constant head or another
    book = (
        "agendar_transporte",
        f"cliente_id=C-{410 + n} piano=tipo={kind} andar={n + 1} servico=Transporte com escadas e manta "
        f"morada=rua=Rua {n} numero={n + 3} cidade={city} data=2045-02-1{n}",
    )
    return [
        ("procurar_cliente", f"telefone=+351 91 555 0{n}1{n}"),
        *([book] if retry else []),
        book,
        ("enviar_sms", f"para=+351 91 555 0{n}1{n} modelo=transporte_confirmado_v3 nome=Cliente {n}"),
    ]


@pytest.mark.xfail(
    strict=True,
    reason="round 40 left it: letting a `*` cover a value of a few words (`step_cover`) made set 35's dryer visit "
    "a kind apart (`one_kind`: its washers then agreed at 1.0); reverted, docs/weekly.md Round 40",
)
def test_a_task_whose_value_is_two_words_or_masked_agrees_with_its_kind() -> None:
    kind = [
        _move(0, "vertical antigo", "Porto Foz"),
        _move(1, "vertical antigo", "Porto Boavista"),
        _move(2, "cauda", "Porto Campanha"),
        _move(3, "meia cauda", "Gaia", retry=True),  # a retried call, two other words, another town
    ]
    others = [
        [("consultar_preco", f"item=afinacao {n}"), ("enviar_sms", f"para=+351 92 555 0{n} modelo=info_v1")]
        for n in range(3)
    ] + [
        [("consultar_preco", "piano=vertical antigo"), ("enviar_sms", "para=+351 92 555 09 modelo=info_v1")],
        [("procurar_cliente", "telefone=+351 93 555 0999"), ("remarcar", "servico_id=S-1 data=2045-02-20")],
    ]
    agreement = StepAgreement([*kind, *others], 3)
    agree = agreement.agreement(kind)
    # main: the fourth task's `tipo * … cidade *` and the others' `tipo vertical antigo … cidade porto *` were two
    # steps, so it agreed with its kind below the cut (0.5) and was set apart with one source missing
    assert agree.min() >= 0.5, agree
    assert agreement.parts(kind) == [[0, 1, 2, 3]]
    # a one-off that takes another step still stays apart
    assert agreement.agreement([*kind[:3], others[4]])[3, :3].max() < 0.5


def test_a_value_after_a_constant_head_is_named_by_its_key() -> None:
    left = "morada.rua={rua} morada.cidade=Porto"
    assert candidates(left, " data={data}", [" Foz", " Boavista", ""], False)[0] == (4.9, "cidade")
    assert candidates(left + " ", " data={data}", ["Foz", "Boavista", ""], False)[0] == (4.9, "cidade")
    # inside a message (`texto=Olá {nome}, …`) the head is no key's: no such name
    assert (4.9, "texto") not in candidates("texto=Olá ", ", obrigado", ["Ana", "Rui"], False)


PIANO_STEPS = [  # as the steps are read: nested bodies flat (`keyed_args` keys only the written line)
    "http_call: `POST https://api.pianos.example/v2/clients/search body=owner=phone={phone}`",
    "http_call: `POST https://api.pianos.example/v2/moves body=client_id={client_id} piano=kind={kind}`",
    "http_call: `POST https://api.pianos.example/v2/notify body=to={phone} template=piano_move_booked_v4`",
]
PIANO_ASKED = [
    "Can you move our upright piano to the new flat on Friday?",
    "We need the piano taken down two floors next week",
    "piano move please, grand, 3rd floor",
]


def test_a_title_with_a_method_after_its_first_word_is_named_by_the_work() -> None:
    # main: `Piano patch` (a URL's word and the method) stayed
    assert says_only_the_calls("Piano patch", PIANO_STEPS)
    assert fragment_title("Piano patch", PIANO_STEPS, PIANO_ASKED) == "Book a piano move"
    # a verb a person writes first stays a title
    assert not says_only_the_calls("Get a piano quote", PIANO_STEPS)


def _call(data: dict[str, Any]) -> ActivityEvent:
    return ActivityEvent(datetime(2045, 2, 10, 10, tzinfo=timezone.utc), "tool_call", data)


def test_an_http_calls_nested_body_is_keyed() -> None:
    event = _call(
        {
            "task_id": "m1",
            "tool": "http_call",
            "input": {
                "method": "POST",
                "url": "https://api.pianos.example/v2/clients/search",
                "body": {"owner": {"phone": "+351 91 555 0101", "name": "Ana"}},
            },
        }
    )
    text = input_of(event, "http_call")
    assert text.startswith("POST https://api.pianos.example/v2/clients/search body=owner=phone=")
    keyed = keyed_text(
        "POST https://api.pianos.example/v2/clients/search body=owner=phone={phone} name={name}",
        [keys_of(event, "http_call")],
    )
    # main: no keys for a request's body (its method and URL are written without theirs)
    assert (
        keyed
        == "POST https://api.pianos.example/v2/clients/search body.owner.phone={phone} body.owner.name={name}"
    )
    # a command that writes its own `key=` is never re-keyed
    shell = _call(
        {
            "task_id": "m2",
            "tool": "http_call",
            "input": {"method": "POST", "url": "x=1 https://h/p", "body": {"a": {"b": "c"}}},
        }
    )
    assert keys_of(shell, "http_call") == ()


def test_a_japanese_title_of_few_requests_words_gives_way_to_the_work() -> None:
    from memdir.consolidation.weekly.japanese_work import few_write  # new in round 40

    # a Kanazawa optician: a duration and a frame two customers wrote, the calls exchange lenses
    steps = [
        "find_customer: `tel={tel}`",
        "book_lens_exchange: `customer_id={customer_id} frame={frame} lens=薄型非球面・UVカット`",
        "send_line: `to={line_uid} template=レンズ交換受付_v2`",
    ]
    asked = [
        "三日間ほど老眼鏡を預けてレンズを替えたいです",
        "眼鏡のレンズ交換をお願いします、三日間で大丈夫です",
        "老眼鏡のレンズに傷が入ったので交換したい",
        "レンズ交換希望",
    ]
    assert few_write("三日間の老眼鏡", asked, steps)
    assert fragment_title("三日間の老眼鏡", steps, asked) == "レンズ交換の予約"
    # a word most requests write, or one the calls pass, stays
    assert not few_write("レンズ", asked, steps)
    assert not few_write("薄型の老眼鏡", asked, steps)
