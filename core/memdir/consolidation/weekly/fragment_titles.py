"""A title that is a fragment gives way to the kind's decisive call, named by its tool (round 25).

Titles built from the words a kind's requests keep writing can come out as no phrase a person would write:
one word (`日付`, `予約`, `バス`, `Fuel`), words around a pronoun or a preposition (`Her into the shed`,
`Agua por`), or a few words that name neither what was done nor what it was done to (`Suspect in hive` for a
kind that creates an inspection). When the kind's calls are named as a verb and its object
(`create_inspection`, `book_extraction`, `abrir_parte`, `lockCard`, `mcp__desk__enroll_bus`), the first such
call that is no read (`find_member`, `list_slots`, `get_apiary`, `consultar_tramo` are looked at, not done)
says what the kind does, and it is the title: "Create an inspection", "Book an extraction", "Abrir parte".

A title is a *fragment* (outside placeholders and brackets) when it is:
- one word: a Latin word alone, or Japanese without a kana (one run of kanji or katakana: `日付`, `在籍休会`);
- Latin words opening with a pronoun (`Her …`), ending with a function word (`… por`), or more than half
  function words (`Quisiera al riego del por la para la parcela`) — English and the Romance languages' are
  known;
- one person's whole message: more than 12 Latin words, or a sentence's end inside (`Caller: Hi, we're moving
  out of our apartment … {value} would that take and can I get in on {value}?`);
- a request sentence with holes: a question or polite ending (`ますか`, `ください`, `주세요`, `?`), or two holes or
  more with hiragana or Hangul around them (`注文番号MS-{target}に名前を{value}ますか…`); a list of tool names
  (snake_case or camelCase);
- four Latin words or fewer of which none is the call's verb or object (by their first letters: `inspection`
  is named by `inspect`), or exactly the call's words in another order (`Apiary register`).

The title is English ("Book an extraction", article by the noun's sound) when most requests are English or
Japanese (whose loggers name their tools in English), else the call's words as written (`Abrir parte`): the
grammar of no other language is known. Without such a call the title stays: nothing is invented.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.action_titles import READS, singular
from memdir.consolidation.weekly.asked_spelling import spelled
from memdir.consolidation.weekly.asked_verbs import asked_verb
from memdir.consolidation.weekly.dangling_titles import (
    constant_title,
    dangling,
    dangling_title,
    mended_act,
    thing_with_work,
)
from memdir.consolidation.weekly.framework_prefix import without_framework
from memdir.consolidation.weekly.function_words import (
    DETERMINERS,
    FUNCTION_WORDS,
    NORDIC_WORDS,
    ROMANCE_WORDS,
    VERB_LAST_WORDS,
)
from memdir.consolidation.weekly.generic_calls import (
    generic,
    generic_title,
    shell_title,
    without_glued_values,
)
from memdir.consolidation.weekly.http_work import http_work_title
from memdir.consolidation.weekly.japanese_work import (
    acted_template,
    japanese_led,
    japanese_work_title,
    names_less,
    unspoken_tools,
)
from memdir.consolidation.weekly.korean_work import is_korean, korean_led, korean_work_title
from memdir.consolidation.weekly.service_titles import service_title
from memdir.consolidation.weekly.template_qualifier import qualified_title
from memdir.consolidation.weekly.title_spelling import as_requests_write, without_mass_article
from memdir.consolidation.weekly.tool_verbs import verb_first
from memdir.consolidation.weekly.work_flow import flow_title, says_only_the_call, tool_words

# reads in the languages whose tool names are seen (English's are `action_titles.READS`)
_READS = READS | frozenset(
    ["lookup", "search", "consultar", "buscar", "listar", "ver", "obtener", "comprobar", "verificar"]
    + ["mostrar", "leer", "obter", "consulter", "chercher", "lister", "voir", "obtenir", "verifier"]
    + ["afficher", "lire", "suchen", "lesen", "pruefen", "holen", "zeigen", "cercare", "leggere"]
    + [
        "cerca",
        "trova",
        "verifica",
        "controlla",
        "mostra",
        "leggi",
        "elenca",
        "busca",
        "consulta",
        "cherche",
        "recherche",
        "trouve",
        "consulte",
    ]  # imperatives
    + ["rechercher", "trouver", "recuperer", "récupérer", "vérifier", "contrôler", "controler"]  # French
    + ["abrufen", "abfragen", "prüfen", "anzeigen", "finden", "laden", "zoeken", "bekijken", "ophalen"]
    + ["cek", "cari", "lihat", "periksa", "daftar"]  # Indonesian / Malay
    + [
        "quote",
        "estimate",
        "price",
        "estimer",
        "chiffrer",
    ]  # a quote prices the work; it does not do it (`quoteSharpening`)
    + ["verify", "validate"]  # a check before the work (`verify_key_registration`), not the work
)
_PARTICLES = frozenset(["away", "out", "off", "up", "down", "back", "over", "in", "on", "around", "through"])
_PRONOUNS = frozenset(["her", "him", "them", "it", "his", "she", "he", "they", "we", "i", "you", "me", "us"])
_TOOL_STEP = re.compile(r"^([A-Za-z][\w.:-]*): `")
_ARGUMENTS = re.compile(r"[^\W\d][\w-]*=", re.U)  # a call of arguments: `key=…` first (any script)
# what tells the requester or a channel: a notice, not the kind's work (the verbs and the media)
_NOTICE_VERBS = frozenset(
    ["send", "post", "notify", "reply", "enviar", "envoyer", "mandar", "notificar", "kirim", "kabari"]
    + ["senden", "versenden", "schicken", "benachrichtigen", "sturen", "versturen"]  # German, Dutch
)
_NOTICES = frozenset(
    ["message", "sms", "email", "mail", "text", "notification", "notice", "msg", "chat", "whatsapp"]
)
# a plugin's function named as Semantic Kernel does, `Plugin-Function` (`Pesanan-Buat`, `Jadwal-BuatTesRasa`)
_PRIVATE = frozenset(["my", "our", "your", "i", "we", "me", "us", "mine", "ours"])
_TOOL_NAME = re.compile(r"^[a-z][a-z0-9]*(?:(?:_[a-z0-9]+)+|(?:[A-Z][a-z0-9]+)+)$")  # snake_case, camelCase
# a request sentence: a question or a polite ending (Japanese, Korean, any `?`), not a name of work
_ASKING = re.compile(r"ますか|ませんか|でしょうか|お願い|ください|下さい|주세요|할까요|나요|습니까|[?？]")
# a request's question or its speaker (`Est-ce je peux le remplacement`, `Puedo cambiar…`): no name of work
_OPENER = re.compile(
    r"^\W*(?:est-ce|puis-je|pouvez|pourriez|peux|puedo|puede|pueden|podría|posso|può|potete|posso|pode)\b"
    r"|(?<![^\W\d_])(?:(?:je|nous|vous|yo|io)(?![^\W\d_])|j')",
    re.IGNORECASE,
)
_SENTENCE_SCRIPT = re.compile(r"[\u3040-\u309f\uac00-\ud7af]")  # hiragana, Hangul: a sentence's script
_HOLE = re.compile(r"\{[^{}]*\}")
_BRACKETED = re.compile(r"[（(\[【][^（()\[\]【】）]*[）)\]】]")
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]+")
_KANA = re.compile(r"[\u3040-\u309f]")
_VOWEL = re.compile(r"[aeiouy]")
_JA_WORD = re.compile(r"[\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+")
_KATAKANA = re.compile(r"[\u30a0-\u30ff]+")
_JA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
MAX_MESSAGE = 12  # Latin words: more than this is one person's whole message, not a name of work
_SENTENCE_END = re.compile(r"[.?!]\s+\S")  # a sentence ends inside the title: a message
MAX_SHORT = 4  # a fragment of words around a preposition: this many words at most
MAX_JA_WORD = 3  # a Japanese title of one word this long or shorter names no work (`日付`, `予約`, `テスト`)


def tool_call(
    steps: Sequence[str], asked: Sequence[str] = (), shared: frozenset[str] = frozenset()
) -> tuple[str, list[str]]:
    """The decisive call's verb and object words from its tool's name: of the calls of arguments
    (`key=value …`; a tool that runs commands or HTTP calls, `admin_api: GET …`, names no kind) that are no
    read and no notice (`send_sms`, `post_message`: the kind's work is told, not done, by them), the one
    whose words most requests write (the first on a tie). A German or Dutch week names its tools verb last
    (`kurse_suchen`, `probestunde_buchen`): the verb is the last word there (`verb_last`)."""
    last = verb_last(asked)

    def own(step: str) -> bool:  # a call of arguments only this kind makes (`quote_upholstery`)
        t = _TOOL_STEP.match(step)
        return t is not None and t.group(1) not in shared and bool(_ARGUMENTS.match(step[t.end() :]))

    found: list[tuple[str, list[str]]] = []
    for step in steps:
        m = _TOOL_STEP.match(step)
        if m is None or not _ARGUMENTS.match(step[m.end() :]):
            continue
        words = tool_words(m.group(1))  # without an MCP server's prefix or an API's namespace
        if m.group(1) in shared and any(own(s) for s in steps):
            continue  # a call another kind of the week makes names neither (round 38: `schedule_pickup`)
        if generic(m.group(1)):
            continue  # `run_command`: how a call is made, not the work (`generic_calls`)
        if not 2 <= len(words) <= 3 or not all(w.isalpha() and len(w) >= 2 for w in words):
            continue
        verb, noun = (words[-1], words[:-1]) if last else verb_first(words)
        if (
            not noun
            or verb in _READS
            or len(verb) < 3
            or singular(noun[-1]) == verb
            or not _VOWEL.search(verb)
        ):
            continue  # `pms_stock_note`: an acronym (no vowel) names a system, no act
        if verb in _NOTICE_VERBS or singular(noun[-1]) in _NOTICES:
            continue
        found.append((verb, noun))
    if not found:
        return "", []
    texts = [" ".join(_LATIN.findall(a.lower())) for a in asked]
    return max(found, key=lambda c: sum(1 for t in texts if any(_written(w, t) for w in (c[0], *c[1]))))


def _written(word: str, text: str) -> bool:
    """A call's word (four letters or more) in a request, also inside a compound (`kurs` in `grundkurs`)."""
    return len(word) >= 4 and word[: max(4, len(word) - 2)] in text


def verb_last(asked: Sequence[str]) -> bool:
    """Whether most requests are German or Dutch (two of their function words): tools named verb last."""

    def germanic(text: str) -> bool:
        return len({w.lower() for w in _LATIN.findall(text)} & VERB_LAST_WORDS) >= 2

    return bool(asked) and 2 * sum(1 for a in asked if germanic(a)) > len(asked)


def _english(asked: Sequence[str]) -> bool:
    """Whether most requests are English or Japanese (two English function words, other than `a`)."""

    def en_or_ja(text: str) -> bool:
        words = {w.lower() for w in _LATIN.findall(text)}
        return bool(_JA.search(text)) or len(words & (FUNCTION_WORDS - {"a", "no"})) >= 2

    return 2 * sum(1 for a in asked if en_or_ja(a)) > len(asked)


def _known_language(asked: Sequence[str]) -> bool:
    """Whether most requests are in a language whose function words are known (English, Japanese, Romance)."""

    def known(text: str) -> bool:
        words = {w.lower() for w in _LATIN.findall(text)}
        romance = {w for w in ROMANCE_WORDS if len(w) >= 3} | {"el", "la", "le", "de", "en", "un"}
        return (
            bool(_JA.search(text))
            or len(words & (FUNCTION_WORDS - {"a", "no"})) >= 2
            or len(words & romance) >= 2
        )

    return 2 * sum(1 for a in asked if known(a)) > len(asked)


def _names(word: str, call_word: str) -> bool:
    """Whether a title's word is the call's word (`inspection` and `inspect`, `bookings` and `book`)."""
    w, c = word.lower(), call_word.lower()
    n = min(len(w), len(c), max(4, len(c) - 3))
    return len(w) >= 3 and w[:n] == c[:n]


def _mixed_bracket(title: str) -> bool:
    """Latin words with a bracket of Japanese, or Japanese with a bracket of Latin words."""
    inner = " ".join(m.group(0) for m in _BRACKETED.finditer(_HOLE.sub(" ", title)))
    outer = _BRACKETED.sub(" ", _HOLE.sub(" ", title))
    return bool(inner) and (
        bool(_LATIN.search(outer))
        and not _JA.search(outer)
        and bool(_JA.search(inner))
        and not _LATIN.search(inner)
        or bool(_JA.search(outer))
        and not _LATIN.search(outer)
        and bool(_LATIN.search(inner))
        and not _JA.search(inner)
    )


def is_fragment(title: str, verb: str, noun: Sequence[str], known: bool = True) -> bool:
    """Whether a title is no phrase a person would name the work by (see the module)."""
    outside = _HOLE.sub(" ", title)
    # a request with holes (`注文番号MS-{target}に名前を{value}ますか…`): one sentence, no name of work
    if (
        _ASKING.search(outside)
        or _OPENER.search(outside)
        or len(_HOLE.findall(title)) >= 2
        and _SENTENCE_SCRIPT.search(outside)
    ):
        return True
    if _mixed_bracket(title):
        return True  # `Two-tank morning dive（ボート）`: one request's words and a word of another script
    text = _BRACKETED.sub(" ", _HOLE.sub(" X ", title)).strip()  # a placeholder is a word (`X`)
    names = [t.strip() for t in text.split(",")]
    if len(names) >= 2 and all(_TOOL_NAME.match(n) for n in names):
        return True  # `find_customer, get_job, issue_certificate`: the tools, not the work
    latin = _LATIN.findall(text)
    call = {verb, *noun}
    named = any(_names(w, c) for w in latin for c in call)
    # a request's `my`/`our` (not after its first word, a verb's: `Reorder my {order} order`), no placeholder
    private = "{" not in title and any(w.lower() in _PRIVATE for i, w in enumerate(latin) if i != 1)
    if len(latin) > MAX_MESSAGE or latin and _SENTENCE_END.search(text):
        return True  # one person's whole message (`Caller: Hi, we're moving out … {value} would that take?`)
    if latin and not named and (not known or private):
        return True  # a request's words (`Diantar jam`, `Door of my stove`) that name nothing the call does
    if not latin:
        ja = _JA_WORD.findall(text)
        one = len(ja) == 1 and not _KANA.search(text)  # one word: short, or a loanword alone (`ダイビング`)
        return one and (len(ja[0]) <= MAX_JA_WORD or _KATAKANA.fullmatch(ja[0]) is not None)
    low = [w.lower() if w != "X" else "X" for w in latin]
    small = FUNCTION_WORDS | ROMANCE_WORDS | NORDIC_WORDS
    if len(low) == 1 or low[0] in _PRONOUNS:
        return True
    if len(low) <= 3 and len(low[0]) > 4 and low[0].endswith("ed") and low[-1] in _PARTICLES:
        return (
            True  # `Hauled away`: a request's participle and its particle, done to nothing named (round 38)
        )
    if len(low) <= MAX_SHORT and (
        low[-1] in small
        or low[1] in small - DETERMINERS - {"a", "un", "una"}
        and not set(low[2:]) & (DETERMINERS | {"X"})
    ):
        return True  # `Agua por`, `Suspect in hive`: words around a preposition, no object
    if 2 * sum(1 for w in low if w in small) > len(low):
        return True
    content = [w for w in low if w not in small]
    return (
        len(content) == len(call)
        and content[0] != verb
        and all(any(_names(w, c) for c in call) for w in content)
    )


def said_by_all(title: str, asked: Sequence[str]) -> bool:
    """Whether every request (two or more) opens with the title, two words or more and no placeholder, word
    for word: what they all ask, in their words, is no fragment whatever the language reads as. Opens: a
    sign-off every request ends with (`Kind regards`, round 32) is no request."""
    words = title.lower().split()
    if len(asked) < 2 or len(words) < 2 or "{" in title:
        return False
    pattern = re.compile(r"\s+".join(map(re.escape, words)) + r"(?!\w)")
    return all(pattern.match(a.lower().strip()) for a in asked)


def fragment_title(
    title: str, steps: Sequence[str], asked: Sequence[str], shared: frozenset[str] = frozenset()
) -> str:
    """The decisive call's verb and object when the title is a fragment; then the work by the calls'
    values when the title names none of it (`work_flow`, any language)."""
    if said_by_all(title, asked):  # "book a vaccination", five times: the requests' own words (trial 22 #4)
        return title
    english = _english(asked) and not verb_last(asked)
    steps = without_framework(steps, asked)  # `action_siparis_olustur`: Rasa's prefix, no word of the kind
    title = http_work_title(
        title, steps, asked
    )  # `GET, POST ({phone})` of one HTTP tool: its work (round 39)
    title = flow_title(_fragment_title(title, steps, asked, shared), steps, asked, english)
    # `Schedule a visit`: the service it passes says more, whatever the requests' language was read as
    # (round 33: short English texts, `Web form: Book a pre-winter furnace inspection please`, read as none)
    if says_only_the_call(title, steps):
        title = service_title(steps, asked, title, False)
    title = qualified_title(title, steps)  # `Kurumsal siparis olustur`: the template's word for the work
    title = without_mass_article(as_requests_write(title, asked))  # `Boka besök`, `Reserve livestock`
    title = http_work_title(title, steps, asked)  # `Http a request`: the tool's words, never the work
    # `掛軸の装し直し`, `刺繍のミシン`: the template's work, not a mis-cut of it nor a thing alone (round 43)
    return thing_with_work(mended_act(title, steps), steps)


# the particles of English phrasal verbs a tool name writes after its verb (`loan_out`, `check_in`, `sign_off`)
PARTICLES = frozenset(["out", "in", "up", "off", "back", "down", "over", "away", "on"])


def _fragment_title(title: str, steps: Sequence[str], asked: Sequence[str], shared: frozenset[str]) -> str:
    verb, noun = tool_call(steps, asked)
    # a desk of another language names a fragment's kind by the service its calls pass (`service_titles`)
    other = not _english(asked) and not korean_led(asked)
    if other:
        title = service_title(steps, asked, title, is_fragment(title, verb, noun, _known_language(asked)))
    title = without_glued_values(title)
    if (
        not verb
        and (work := generic_title(steps) or shell_title(steps))
        and is_fragment(title, verb, noun)
        and not _JA.search(title)
    ):
        return work  # the work of a command run through a generic tool (`Reset faillock for a user`)
    if not verb:  # no call done, only looked at: a bare Japanese thing takes its template's act
        bare = japanese_led(asked) and is_fragment(title, verb, noun) and not _LATIN.search(title)
        return (bare and acted_template(steps, title)) or title
    # a Japanese-led kind is named in Japanese when its calls can (`japanese_work`)
    forced = constant_title(title, steps, asked)  # `エサ・氷は船で用意`: a constant a call passes (round 43)
    ja = japanese_work_title(
        steps, asked, verb, noun, lambda t: is_fragment(t, verb, noun) or forced and t == title
    )
    ko = "" if ja else korean_work_title(steps, asked, verb, noun)  # and a Korean one (`korean_work`)
    if dangling(title, steps, [verb, *noun]):  # `Tort pentru`: a word hanging after the thing (round 43)
        return dangling_title(title, steps, [verb, *noun])
    if not forced and not is_fragment(title, verb, noun, _known_language(asked)):
        if ko:  # a title in Korean already says it; the calls' English words say less
            return title if is_korean(title) else ko
        return ja if ja and names_less(title, ja, asked, steps) else title
    ja = ja or ko or (title if unspoken_tools(title, steps, [verb, *noun], asked) else "")  # `番傘` stays
    if ja:
        return ja
    # a call another kind makes is no name of this one (`Schedule a pickup`) when its own calls name no work:
    # the word most requests write stays (`座面`)
    most = 2 * sum(1 for a in asked if title.lower() in a.lower()) > len(asked)
    if shared and most and tool_call(steps, asked, shared) == ("", []) != (verb, noun):
        return title
    return _work(verb, noun, asked)


def call_work_title(steps: Sequence[str], asked: Sequence[str]) -> str:
    """The decisive call's verb and object as a title (`tool_call`), "" when no call names them."""
    verb, noun = tool_call(steps, asked)
    if verb and _english(asked) and not verb_last(asked):  # `Create an appointment` over "Book …" (round 62)
        verb = asked_verb(asked, verb) or verb
    return _work(verb, noun, asked) if verb else ""


def _work(verb: str, noun: Sequence[str], asked: Sequence[str]) -> str:
    thing = " ".join(noun)
    if verb_last(asked):  # `Probestunde buchen`: the thing, then the verb
        return f"{thing.capitalize()} {verb}"
    if not _english(asked):
        return f"{verb.capitalize()} {thing}"
    if noun == [noun[0]] and noun[0] in PARTICLES:  # `loan_out`: a verb and its particle, no thing
        return f"{verb.capitalize()} {noun[0]}"  # `Loan out`, never `Loan an out` (round 61)
    thing = " ".join(spelled(w, asked) for w in [*noun[:-1], singular(noun[-1])])  # `tune-up` as asked
    vowel = thing[:1] in "aeio" or thing[:1] == "u" and thing[1:2] not in ("s", "n", "r")
    return f"{verb.capitalize()} {'an' if vowel else 'a'} {thing}"
