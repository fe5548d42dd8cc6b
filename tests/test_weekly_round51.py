"""Round 51: a kind whose requests are in a language the code has no reader for, over tools named in another
language, is titled by what its requests share with each other and not with the week's other kinds; English
requests over tools named in another language take the service's English name over a title in the tools' words.

Written on other domains and languages than set 51 (an Icelandic horse stable's Esperanto tools, a Falmouth
sail loft's Afrikaans tools): a Lapland safari desk's Finnish requests over Italian tools, a Welsh cycle hire's
requests over Italian tools, a Utrecht bike workshop's English requests over Dutch tools.
"""

from __future__ import annotations

from memdir.consolidation.weekly.kind_words import kind_phrase, kind_words, same_word
from memdir.consolidation.weekly.request_language import request_words_title
from memdir.consolidation.weekly.work_flow import constant_head, flow_title

SAFARI_STEPS = [
    "cercare_cliente: `email={email}`",
    "prenotare_escursione: `cliente_id={cliente_id} servizio.nome=Escursione in motoslitta, 3 ore data={data}`",
    "inviare_avviso: `canale=sms modello=escursione_ok_v1`",
]
SAFARI_ASKED = [
    "Hei, haluaisimme varata moottorikelkkasafarin lauantaiksi 14.2. kahdelle hengelle. Terveisin Anna",
    "Moi! Voisinko varata moottorikelkkasafarin sunnuntaille, meitä on kolme. Mikko",
    "Hyvää päivää, perheemme haluaa kokeilla moottorikelkkasafaria ensi viikolla, lapset ovat 12 ja 14.",
    "moottorikelkkasafari 2 hlö 16.2 klo 13. Laine",
]
PICKUP_ASKED = [
    "Hei, haluaisimme kyydin. Voitteko hakea meidät hotelli Levitunturista ennen safaria? Kolme henkeä. Sari",
    "Moi, olemme mökillä Sirkassa ja tarvitsemme kyydin teille 15.2. Jari",
    "Voitteko hakea meidät hotelli Aakenuksesta 16.2 aamulla? Neljä. Pekka",
]
WEEK = SAFARI_ASKED + PICKUP_ASKED + ["Onko teillä lahjakortteja? Haluaisimme antaa sellaisen äidille."]


def test_one_word_in_two_forms_by_its_prefix() -> None:
    assert same_word("moottorikelkkasafarin", "moottorikelkkasafari")
    assert same_word("hotelli", "hotellista")
    assert not same_word("meidät", "meitä")  # a prefix of three letters is no stem
    assert not same_word("kylä", "kyydin")


def test_the_kinds_words_are_not_the_weeks_wish() -> None:
    words = kind_words(SAFARI_ASKED, WEEK)
    assert "varata" in words and "moottorikelkkasafarin" in words
    # `haluaisimme`, "we would like": half of the kind and a third of the others; `14.2.`: a value
    assert not {"haluaisimme", "hei", "moi"} & words
    assert not any(any(c.isdigit() for c in w) for w in words)


def test_finnish_requests_over_italian_tools_take_their_own_words() -> None:
    # the Italian `Prenotare escursione` is no word of the Finnish desk's
    assert kind_phrase(SAFARI_ASKED, WEEK).lower() == "varata moottorikelkkasafarin"
    title = request_words_title("Prenotare escursione", SAFARI_STEPS, SAFARI_ASKED, WEEK)
    assert title == "Varata moottorikelkkasafarin"


def test_a_clause_opening_frame_and_one_requests_value_stay_out() -> None:
    # `Voitteko hakea meidät hotelli …`, "could you fetch us (from the) hotel": `voitteko` opens every clause
    # it is in; the pickup is what the kind writes, its hotel's name one request's value
    phrase = kind_phrase(PICKUP_ASKED, WEEK)
    assert phrase.lower() == "hakea meidät hotelli"
    assert "voitteko" not in phrase.lower()


def test_welsh_requests_over_italian_tools() -> None:
    steps = [
        "cercare_cliente: `telefono={telefono}`",
        "noleggiare_bici: `cliente_id={cliente_id} bici.tipo={tipo} giorni={giorni}`",
        "inviare_avviso: `canale=sms modello=noleggio_ok_v1`",
    ]
    hire = [
        "Bore da, hoffwn i logi beic trydan ddydd Sadwrn am ddiwrnod. Diolch, Siân",
        "Helo, gawn ni logi dau feic i'r plant ar gyfer dydd Llun? Gareth",
        "Hoffwn logi beic mynydd am dri diwrnod o ddydd Mawrth ymlaen. Dafydd",
    ]
    repair = [
        "Mae teiar fy meic wedi byrstio, allwch chi ei drwsio heddiw? Elin",
        "Bore da, mae'r brêcs yn gwichian, allwch chi eu trwsio? Rhys",
        "Allwch chi drwsio cadwyn sydd wedi torri? Owain",
    ]
    title = request_words_title("Noleggiare bici", steps, hire, hire + repair)
    assert title.lower() in ("logi beic", "hoffwn logi beic"), title
    assert "noleggiare" not in title.lower()


def test_no_stretch_of_two_of_the_kinds_words_keeps_the_title() -> None:
    # nothing the kind writes twice and the others do not: the tools' title stays (nothing is invented)
    asked = ["Hei, onko vapaata?", "Moi, mitä kuuluu?", "Terve, kiitos viimeisestä."]
    assert kind_phrase(asked, asked + PICKUP_ASKED) == ""
    assert request_words_title("Prenotare escursione", SAFARI_STEPS, asked, asked) == "Prenotare escursione"


BIKE_STEPS = [
    "zoek_klant: `email={email}`",
    "boek_onderhoud: `klant_id={klant_id} dienst.omschrijving=Bike service: brakes, gears, chain check "
    "dienst.opmerking=Bring the bike in the morning; ready the same day afhaal.datum={datum}`",
    "stuur_bericht: `kanaal=email sjabloon=onderhoud_ok_v1 waarden.afhaal={afhaal}`",
]
BIKE_ASKED = [
    "Hi, my brakes squeal like mad and the gears skip. Could you have a look on Thursday? Tom",
    "Hello, I'd like to book a service for my bike, it's been a year. Any day next week.",
    "Could you fix the chain on my commuter? It keeps slipping off. Dropping it by on Monday.",
    "gears + brakes, drop off 12/5, Ana",
]


def test_english_requests_over_dutch_tools_take_the_services_english_name() -> None:
    # `Drop an afhaal`: the requests' `drop` and the tools' `afhaal`; the calls name the service in English
    assert constant_head("Drop an afhaal", BIKE_STEPS, BIKE_ASKED) == "Bike service"
    assert flow_title("Drop an afhaal", BIKE_STEPS, BIKE_ASKED, True) == "Bike service"


def test_a_title_in_the_requests_words_keeps_over_the_constant() -> None:
    # `Fix chain` writes no word of the Dutch calls and adds nothing the requests write more: it stays
    assert constant_head("Fix chain", BIKE_STEPS, BIKE_ASKED) == ""


def test_an_address_is_one_placeholder() -> None:
    # four customers' addresses of a bike workshop's look-up (`zoek_klant`): one value, never `{value}{value2}`
    from memdir.consolidation.weekly.spans import template_of

    texts = {
        "t1": "email=tom.vermeer@fietsplein-utrecht.co.uk",
        "t2": "email=ana@devries-fietsen.com",
        "t3": "email=kees.bakker@oudegracht.net",
        "t4": "email=lotte.smit@lombok.org",
    }
    template = template_of(texts)
    assert len(template.spans) == 1
    assert template.constant() == "email="
