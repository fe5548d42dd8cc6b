"""Round 48: Arabic requests over romanised (Franco-Arabic) tools titled in their words and never by a frame
they share; English requests over tools named in another language keep their words; Japanese requests over
romaji tools titled by the calls' Japanese constant and the act they ask for.

Written on other domains and languages than set 48 (a perfumer in Amman, a bouldering gym, a violin shop, a
lechon shop): an Iraqi tailor, an Egyptian dentist's desk, a Saudi car wash, a Lisbon piano tuner's
Portuguese tools under English requests, a Japanese dry cleaner and key shop with romaji tools.
"""

from __future__ import annotations

from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.purpose import work_phrase
from memdir.consolidation.weekly.request_language import request_words_title
from memdir.consolidation.weekly.script_titles import latin_skeleton, request_script_title, script_skeleton

TAILOR_STEPS = [
    "bahth_zaboon: `hatif={hatif}`",
    "tafsil_dishdasha: `zaboon_id={zaboon_id} qiyas={qiyas} qumash=قطن ياباني`",
    "ersal_resala: `qanat=whatsapp qalib=tafsil_dishdasha_mustalam_v1 ism={ism}`",
]
TAILOR_ASKED = [
    "مرحبا، أريد تفصيل دشداشة بيضاء للعيد، المقاس ٥٨. رقمي 07701234567",
    "ممكن تفصلون لي دشداشة صيفية؟ أجي يوم الخميس",
    "تفصيل دشداشة رمادية، يوم السبت، 07809876543",
]


def test_arabic_requests_over_franco_arabic_tools_are_titled_in_their_words() -> None:
    # `tafsil` is `تفصيل`, `dishdasha` is `دشداشة` (its `ة` silent): the id's words as the requests write them
    assert request_script_title("Tafsil dishdasha", TAILOR_STEPS, TAILOR_ASKED) == "تفصيل دشداشة"


def test_arabic_letters_and_franco_arabic_digits_sound_alike() -> None:
    assert latin_skeleton("7agz") == script_skeleton("حجز")  # `7` is `ح`: no consonant class, as `h`
    assert latin_skeleton("ma3ad") == script_skeleton("موعد")  # `3` is `ع`
    assert latin_skeleton("jalsat") == script_skeleton("جلسات")
    # a prefix letter or the article before the word (`أحجز`, "I book"; `والموعد`)
    steps = ["hajz_maw3id: `mareed_id={mareed_id}`", "ersal_sms: `qalib=maw3id_v2`"]
    asked = [
        "عايز أحجز موعد لتنظيف الأسنان يوم الأحد",
        "ممكن حجز موعد بكرة الصبح؟ 01001234567",
        "لو سمحت احجزلي موعد مع الدكتورة",
    ]
    assert request_script_title("Hajz maw3id", steps, asked) == "حجز موعد"


def test_a_frame_arabic_requests_share_is_no_title_over_their_romanised_tools() -> None:
    # a car wash: "a wash on <day>" is shared, the act (`ghasil dakhili`, an inside wash) is written once;
    # `غسيل يوم` ("wash day") is a frame, no title a person keeps: the tools' title stays
    steps = [
        "bahth_zaboon: `jawwal={jawwal}`",
        "hajz_ghasil_dakhili_kamil: `zaboon_id={zaboon_id} mawid={mawid}`",
        "ersal_resala: `qalib=ghasil_mahjooz_v1`",
    ]
    asked = [
        "السلام عليكم، أبغى غسيل يوم الجمعة للسيارة من الداخل",
        "ممكن غسيل يوم السبت الصبح؟ 0551234567",
        "أحتاج غسيل يوم الأحد، تنظيف كامل",
    ]
    title = "Hajz ghasil dakhili kamil"
    assert request_words_title(title, steps, asked, asked) == title


CAFE_ASKED = [
    "Hi, could someone tune my upright piano next Tuesday? It has gone flat. Ana Ferreira, 912 345 678",
    "Piano tuning please, Friday 3pm, the grand in our living room. Rui 913 222 111",
    "I'd like a piano tuning for my daughter's recital, any morning this week works. Joana Lopes",
    "piano tuning thu 10am 914555000",
]
PT_STEPS = [
    "buscar_cliente: `telefone={telefone}`",
    "agendar_afinacao: `cliente_id={cliente_id} servico.codigo=AFN-STD "
    "servico.descricao=Full piano tuning with pitch raise data={data} hora={hora}`",
    "enviar_mensagem: `canal=sms modelo=afinacao_agendada_v2 variaveis.nome={nome} telefone={telefone}`",
]


def test_english_requests_over_tools_named_in_another_language_keep_their_words() -> None:
    # one request's words the calls' constant speaks too (`piano tuning`): main took `Agendar an afinacao`
    assert fragment_title("Upright piano tuning", PT_STEPS, CAFE_ASKED) == "Upright piano tuning"
    # and the description is no Portuguese verb before their words (`How to agendar a piano tuning`)
    assert work_phrase("Piano tuning", CAFE_ASKED, PT_STEPS) == ""


def test_english_requests_over_english_tools_still_take_the_calls_work() -> None:
    steps = [
        "find_customer: `phone={phone}`",
        "book_tuning: `customer_id={customer_id} service=PIANO-FULL date={date}`",
        "send_sms: `to={phone} template=tuning_booked_v2`",
    ]
    asked = [
        "Hi, my piano sounds off, can someone come Tuesday? phone 912 345 678",
        "Piano sounds off again, Friday 3pm. phone 913 222 111",
        "Our piano sounds awful, any morning this week, my phone is 914 555 000",
    ]
    assert work_phrase("Piano sounds", asked, steps).startswith("How to book")


JA_STEPS = [
    "kokyaku_sagasu: `denwa={denwa}`",
    "shiminuki_uketsuke: `kokyaku_id={kokyaku_id} menu.namae=しみ抜き（ウール・シルク可） ryoukin=1800`",
    "tsuuchi_okuru: `channel=line template=shiminuki_uketsuke_kanryou_v1 params.shimei={shimei}`",
]
JA_ASKED = [
    "コートにワインをこぼしてしまいました。しみ抜きをお願いします。090-1111-2222 佐藤",
    "ネクタイのシミを取ってほしいです。金曜に持っていきます。",
    "スーツのしみ抜き、受付お願いします。080-3333-4444",
]


def test_japanese_requests_over_romaji_tools_are_titled_by_the_calls_constant() -> None:
    from memdir.consolidation.weekly.romaji_titles import romaji, romaji_title

    assert romaji("Shiminuki a uketsuke") and romaji("Kokyaku sagasu")
    assert not romaji("Create a contract") and not romaji("Book a key")
    # the constant the calls pass and the requests write (`しみ抜き`), with the act they ask for (`受付`)
    assert romaji_title("Shiminuki a uketsuke", JA_STEPS, JA_ASKED) == "しみ抜きの受付"
    # English tools over Japanese requests are no romaji: the other readers keep them
    assert romaji_title("Create a contract", JA_STEPS, JA_ASKED) == "Create a contract"
    # a key shop: `合鍵作成（ディンプルキー）` is written by the requests, their ask is `作成`'s own
    steps = ["aikagi_sakusei: `kagi.shurui=合鍵作成（ディンプルキー） kazu={kazu}`"]
    asked = [
        "合鍵作成をお願いします。2本です",
        "合鍵作成できますか？",
        "ディンプルキーの合鍵作成お願いします",
    ]
    assert romaji_title("Aikagi sakusei", steps, asked) == "合鍵作成"
