"""A title says what most of the kind's tasks have in common: each of its words is supported by two tasks.

A task supports a word when its request (the text `request_text` found, in any field) or its calls (tool
names, the inputs with their method names split into words: `fleet.v1.RebalanceService/CreateMove` is
`fleet v1 rebalance service create move`, `create_move` and `moves.create` alike, argument keys and
action words) write it. A content word of a title (three letters or more, no function word; a run of two
or more kanji or katakana) that fewer than two of the kind's tasks write — one request's words (`Send
bikes`), a customer's name (`Harbor the approved`) — says what one task did, not the kind, and the title
guard (`title_guard.fit_title`) takes the next candidate. Words across languages meet only through the
calls: a Japanese request supports an English title only by the calls its task made.

"Written" is as a person reads it: an English word by its first letters (four, or all but two of a
longer word: `approved` is written by `approve`), a Japanese run when two of its characters in a row are.

When no candidate passes, the title is what the tasks all did (`call_title`): the decisive call's verb and
object, read from its method name (`RebalanceService/CreateMove` -> "Create a move", `proof.create` ->
"Create a proof"; a read such as `GetDock`, `ListDonors`, `job.get` is no decisive call); of several
such calls, the one whose words most requests write.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.function_words import FUNCTION_WORDS
from memdir.consolidation.weekly.tasks import Task

MIN_SUPPORT = 2  # tasks that must write a title's word (fewer when the kind has fewer tasks)
_HOLE = re.compile(r"\{[^{}]*\}")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SEPARATORS = re.compile(r"[._/:\-=]+")
_ENGLISH = re.compile(r"[A-Za-z]+")
_CJK_RUN = re.compile(r"[\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{2,}")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_CALLS = "\x00"  # in a task's source, what follows is its calls
_COURTESY = frozenset(["please", "pls", "plz", "asap", "thanks"])


def split_identifiers(text: str) -> str:
    """Names written as code, as words: camelCase, snake_case, dotted, slashed, kebab-case; lower case."""
    return _SEPARATORS.sub(" ", _CAMEL.sub(" ", text)).lower()


def task_source(task: Task) -> str:
    """What one task wrote and did: its request, and its calls' tools, inputs and actions as words."""
    calls = [f"{s.tool} {s.action} {s.input}" for s in task.steps]
    return "\n".join([task.intent.lower(), _CALLS, *(split_identifiers(c) for c in calls)])


_SUFFIXES = ("ments", "ment", "ings", "ing", "ions", "ion", "ed", "es", "s")


def _stem(word: str) -> str:
    """A word without its ending (`shipping`, `shipment` -> `ship`; `approved` -> `approv`)."""
    w = word.lower()
    for suffix in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]
    return w


def _supports(word: str, source: str) -> bool:
    if _CJK.search(word):
        return any(word[i : i + 2] in source for i in range(len(word) - 1))
    return re.search(rf"(?<![a-z]){re.escape(_stem(word))}", source) is not None


def content_words(title: str) -> list[str]:
    """The title's words that say something: English words of 3+ letters that are no function word, and
    runs of kanji or katakana (placeholders left out)."""
    text = _HOLE.sub(" ", title)
    words = [w for w in _ENGLISH.findall(text) if len(w) >= 3 and w.lower() not in FUNCTION_WORDS | _COURTESY]
    return words + _CJK_RUN.findall(text)


def unsupported(title: str, sources: Sequence[str]) -> list[str]:
    """The title's content words fewer than two of the kind's tasks (`sources`, one text a task) write."""
    if len(sources) < 2:
        return []
    need = min(MIN_SUPPORT, len(sources))
    return [w for w in content_words(title) if sum(1 for s in sources if _supports(w, s)) < need]


def anchored(title: str, asked: Sequence[str], sources: Sequence[str]) -> bool:
    """Whether the title names what the kind acts on: more than half of its requests write one of its
    supported words, in their own language, and the calls of two tasks write one of them (`vlan` in "Create
    vlan"; `correction` and `訂正` in "Run a correction（記事の訂正）"); words of a few requests (`bikes`) or of
    the requests alone (`approved`) are not."""
    words = [w for w in content_words(title) if w not in unsupported(w, sources)]
    texts = [a.lower() for a in asked if a.strip()]
    calls = [s.split(_CALLS, 1)[-1] for s in sources]
    need = min(MIN_SUPPORT, len(calls))
    covered = sum(1 for t in texts if any(_supports(w, t) for w in words))
    if any(all(_supports(w, t) for t in texts) for w in words) and len(texts) >= 2:  # every request: `PCR`
        return True
    return 2 * covered > len(texts) and any(sum(1 for c in calls if _supports(w, c)) >= need for w in words)


_READS = frozenset(
    ["get", "list", "show", "read", "fetch", "find", "search", "query", "lookup", "describe", "view", "check"]
)
_KEYED = re.compile(r"""\b(?:method|op|action|rpc|operation)\s*[=:]\s*["']?([A-Za-z][\w./-]*)""")
_METHOD = re.compile(r"[A-Za-z][\w-]*(?:[./][A-Za-z][\w-]*)*")


def _singular(noun: str) -> str:
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith("s") and not noun.endswith(("ss", "us", "is")) and len(noun) > 3:
        return noun[:-1]
    return noun


def _calls(steps: Sequence[str]) -> list[tuple[str, str]]:
    """Each step's method as (verb, object): `X/CreateMove` -> (create, move), `proof.create` -> (create,
    proof); reads and names that are no verb and object are left out."""
    out: list[tuple[str, str]] = []
    for step in steps:
        if step.startswith("Reply") or step.count("`") < 2:
            continue
        code = step.split("`")[1].strip()
        keyed = _KEYED.search(code)
        m = _METHOD.match(keyed.group(1) if keyed else code)
        if m is None or not keyed and code[m.end() : m.end() + 1] in ("=", ":"):  # a key, not a method
            continue
        parts = re.split(r"[/.]", m.group(0))
        words = split_identifiers(parts[-1]).split()
        if len(words) == 1 and len(parts) >= 2:  # `proof.create`: the noun, then its verb
            words = [words[0], *split_identifiers(parts[-2]).split()]
        if len(words) < 2 or not all(w.isalpha() and len(w) >= 3 for w in words) or words[0] in _READS:
            continue
        if words[0] == _singular(words[-1]):  # `booking.book`: nothing said
            continue
        out.append((words[0], " ".join([*words[1:-1], _singular(words[-1])])))
    return out


_ARTICLE = frozenset(["a", "an", "the"])


def natural(title: str) -> bool:
    """Whether a title reads as a person's: Japanese, or a verb and its object (`Create a move`), not a
    command list (`cmms, scada (…)`), a call (`POST /v2/analysis`), a noun phrase (`A late checkout`) or
    a verb that is its own object (`Booking a booking`)."""
    words = title.split()
    if not re.search("[A-Za-z]", title):
        return bool(words)
    if len(words) < 2 or re.search(r"[,/()（）]", title) or not re.fullmatch(r"[A-Z][a-z]+", words[0]):
        return False
    last = re.sub(r"[^a-z]", "", words[-1].lower())
    return words[0].lower() not in _ARTICLE and _stem(words[0]) != _stem(last)


def call_title(steps: Sequence[str], asked: Sequence[str] = ()) -> str:
    """The decisive call's verb and object from its method name (see the module): of the calls that are
    no read, the one whose words most requests write (the first on a tie); "" when there is none."""
    calls = _calls(steps)
    if not calls:
        return ""
    texts = [split_identifiers(a) for a in asked]
    verb, noun = max(
        calls,
        key=lambda c: sum(1 for t in texts for w in (c[0], *c[1].split()) if _supports(w, t)),
    )
    article = "an" if noun[:1] in "aeiou" else "a"
    return f"{verb.capitalize()} {article} {noun}"
