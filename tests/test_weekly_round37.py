"""Round 37: a kind's task whose id is written glued joins it, nested arguments keyed although a hole swallowed
one task's key, two nouns written as one word are no act on each other, a Japanese title never opens with a
particle, a generic tool's command names the work, a national phone number, a description that says what a
procedure is for, a text key that names only its whole text.

Weeks of other domains, log shapes and languages than set 37's and trial 19's (a Porto bike-repair shop in
Portuguese, a Kanazawa watch-repair counter, a Wellington mail-hosting desk, a Kraków piano tuner in Polish,
a Leeds window cleaner).
"""

from __future__ import annotations


def _repair(order: str, phone: str, town: str) -> list[tuple[str, str]]:
    return [
        ("procurar_cliente", f"telefone={phone}"),
        ("abrir_reparacao", f"cliente=C-{phone[-3:]} bicicleta=estrada oficina=Porto-Centro vila={town}"),
        ("enviar_sms", f"telefone={phone} modelo=reparacao_aberta_v1 ordem={order}"),
    ]


def test_an_id_written_glued_is_the_same_step() -> None:
    from memdir.consolidation.weekly.agreement import StepAgreement

    # three repairs cite their order `OS 2041 77`, `OS-2041-78`, `os 2041-79`; the fourth wrote `OS204180`
    week = [
        _repair("OS 2041 77", "912 000 101", "Gaia"),
        _repair("OS-2041-78", "912 000 102", "Maia"),
        _repair("os 2041-79", "912 000 103", "Matosinhos"),
        _repair("OS204180", "912 000 104", "Gondomar"),
        [("tabela_precos", "item=pneu")],
        [("tabela_precos", "item=corrente")],
        [("cancelar_reparacao", "ordem=OS 2041 77")],
        [("enviar_sms", "telefone=912 000 109 modelo=horario_v1")],
    ]
    agreement = StepAgreement(week, 3)
    sms = [k for n in range(4) for k in agreement.keys(week[n]) if k.startswith("enviar_sms")]
    assert len(set(sms)) == 1
    assert agreement.agreement(week[:4]).min() >= 0.5


def test_nested_arguments_keyed_when_a_hole_swallowed_one_tasks_key() -> None:
    from memdir.consolidation.weekly.keyed_args import keyed_text

    # one service order had two items: its aligned line lost `qty=` inside `{model}`
    one = (("client=id=", "client.id="), ("name=", "client.name="), ("items=kind=", "items[].kind="))
    one += (("model=", "items[].model="), ("qty=", "items[].qty="), ("shop=", "shop="))
    two = one[:5] + (("kind=", "items[].kind="), ("model=", "items[].model="), ("qty=", "items[].qty="))
    two += (("shop=", "shop="),)
    text = "client=id={id} name={name} items=kind={kind} model={model} shop=Porto-Centro"
    assert keyed_text(text, [two, one]) == (
        "client.id={id} client.name={name} items[].kind={kind} items[].model={model} shop=Porto-Centro"
    )
    # a marker written elsewhere (out of order) is no hole's: the line stays flat
    assert (
        keyed_text("name={name} client=id={id}", [(("client=id=", "client.id="), ("name=", "client.name="))])[
            :5
        ]
        == "name="
    )


WATCH = [
    "祖父の腕時計がすっかり動かなくなってしまって…。オーバーホールってお願いできますか？",
    "機械式の時計、分解掃除ってやってもらえます？ベルトも腕に合わせて詰めてほしいです",
    "腕時計 オーバーホール 郵送希望",
    "父の形見の時計を直してもらいたいです。腕に巻くタイプです。",
]


def test_two_nouns_written_as_one_word_are_no_act_on_each_other() -> None:
    from memdir.consolidation.weekly.titles_ja import shared_phrase_ja

    # a rug workshop: `羊毛` and `絨毯` of `羊毛絨毯` are one thing's name, not `絨毯の羊毛`
    rugs = [
        "母から譲ってもらった羊毛絨毯がすっかり色あせてしまって…。リペアってお願いできますか？6畳です。",
        "ウールの手織り絨毯、再染色ってやってもらえます？ちょっと羊毛も足してほしいです",
        "羊毛じゅうたん リペア 集荷希望 8畳",
        "古い絨毯の仕立て直しを頼みたいです。取りに来てもらえると助かります。",
    ]
    assert shared_phrase_ja(rugs) == ""
    assert shared_phrase_ja(WATCH) == ""


def test_a_japanese_work_title_takes_the_act_its_things_constant_writes() -> None:
    from memdir.consolidation.weekly.japanese_work import asked_act, japanese_work_title

    steps = [
        "find_member: `tel={tel}`",
        "quote_service: `plan=時計オーバーホール・ベーシック item.kind=機械式腕時計 item.brand={brand}`",
        "create_intake: `member.id={id} item.kind=機械式腕時計 plan=時計オーバーホール・ベーシック box=専用時計箱`",
        "send_line: `template=intake_v2`",
    ]
    assert asked_act(steps, WATCH, "機械式腕時計") == "オーバーホール"
    title = japanese_work_title(steps, WATCH, "create", ["intake"], lambda t: len(t) < 3)
    assert title.endswith("のオーバーホール")
    assert asked_act(steps, ["ベルト交換", "電池交換を", "ベルトを"], "機械式腕時計") == ""


def test_a_japanese_title_never_opens_with_a_particle() -> None:
    from memdir.consolidation.weekly.japanese_work import opens_with_particle
    from memdir.consolidation.weekly.title_guard import unfit_title

    assert unfit_title("の返送を受け付けました")
    assert unfit_title("を交換しました")
    assert opens_with_particle("にベルトを交換")
    # the same kana inside a word open it
    assert not unfit_title("はがきの送付")
    assert not unfit_title("にんじんの配達")
    assert not unfit_title("腕時計のオーバーホール")


def test_a_generic_tools_command_names_the_work() -> None:
    from memdir.consolidation.weekly.fragment_titles import fragment_title, tool_call
    from memdir.consolidation.weekly.generic_calls import generic, generic_title

    asked = [
        "My mailbox stopped receiving mail, it says blocked?",
        "Mailbox is blocked again after the spam wave",
        "hi, our shared mailbox seems blocked",
    ]
    steps = [
        "find_tenant: `domain={domain}`",
        "exec: `host=mx1 mailctl --mailbox {mailbox} --unblock`",
        "send_ticket_reply: `ticket={ticket} body=Your mailbox {mailbox} receives mail again.`",
    ]
    assert generic("exec") and generic("http_request") and not generic("unblock_mailbox")
    assert tool_call(steps, asked)[0] != "exec"
    assert generic_title(steps) == "Unblock mailctl for a mailbox"
    assert fragment_title("Mailbox is blocked", steps, asked) == "Unblock mailctl for a mailbox"
    http = ["http_request: `method=POST url=https://api.example.net/v2/subscriptions/{id}/renew`"]
    assert generic_title(http) == "Renew a subscription"
    assert (
        generic_title(["http_request: `DELETE https://api.example.net/v2/sessions/{id}`"])
        == "Delete a session"
    )


def test_holes_glued_after_a_japanese_phrase_are_cut() -> None:
    from memdir.consolidation.weekly.generic_calls import without_glued_values

    assert without_glued_values("メールボックスの解除{value}mx-{mx}") == "メールボックスの解除"
    assert without_glued_values("メールボックス解除申請{value}mx-{mx}い") == "メールボックス解除申請"
    assert without_glued_values("{name}様のメールボックス解除") == "{name}様のメールボックス解除"


def test_a_national_phone_number_beside_an_international_one() -> None:
    from memdir.consolidation.weekly.naming import all_phones

    # a Kraków piano tuner's clients: Polish numbers have no trunk `0`
    assert all_phones(["+48 601 234 567", "601 234 568", "601-234-569", "601234570"])
    assert not all_phones(["601 234 568", "601-234-569"])  # no number of a phone's shape: may be ids
    assert not all_phones(["+48 601 234 567", "12"])


def test_a_description_says_what_the_procedure_is_for() -> None:
    from memdir.consolidation.weekly.purpose import describe

    asked = [
        "Could you come and clean the windows of the shop on Friday?",
        "Need the windows cleaned at the office, it is a two storey building",
        "Can we book a window cleaning for next week?",
    ]
    steps = [
        "find_client: `phone={phone}`",
        "book_visit: `service=WINDOWS-2F client={id} date={date}`",
        "send_text: `to={phone} template=visit_booked_v2`",
    ]
    assert describe("Window cleaning", asked, True, steps) == "How to book a window cleaning"
    polish = [
        "Proszę o strojenie pianina w piątek",
        "Strojenie fortepianu w przyszłym tygodniu",
        "strojenie pianina",
    ]
    tuning = ["znajdz_klienta: `telefon={telefon}`", "umow_strojenie: `klient={id} termin={termin}`"]
    # round 43: never the list of its calls (was "Umow strojenie: znajdz_klienta, …"), no empty "when" clause
    assert describe("Umow strojenie", polish, True, tuning) == "Steps for: Umow strojenie"
    assert describe("Book a visit", asked, True, steps) == "How to book a visit"
    assert describe("メールボックスの解除", [], True, steps) == "メールボックスの解除の手順"
    assert describe("GPUサーバーの予約", [], True, steps) == "GPUサーバーの予約の手順"


def test_a_text_key_names_only_its_whole_text() -> None:
    from memdir.consolidation.weekly.naming import candidates

    # a user name that opens a reply body is no `{body}`
    opening = candidates(
        "send_reply: ticket_id=T-1 body=", " 様 メールボックスを解除しました。", ["tanaka.k"], False
    )
    assert "body" not in {name for _, name in opening}
    whole = candidates("send_reply: ticket_id=T-1 body=", " channel=mail", ["Thanks!", "Done."], False)
    assert (5.0, "body") in whole
