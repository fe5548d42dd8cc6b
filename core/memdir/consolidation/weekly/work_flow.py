"""The kind's work by what its calls do with each other's values, in any language (round 32).

Titles chosen by word lists (reads, notices, function words of a language) fail on the next language: set 32's
Dutch window cleaners titled a kind by its look-up (`Zoek klant`) and another by a letter's sign-off (`Met
groet`), and a car booking by a request's words (`Car the airport`). The calls say more, whatever language
their tools are named in:

- the *message* is the kind's last call when it sends a template (a versioned id, `RSV_CONFIRM_v4`,
  `bevestiging_eenmalig_v2`) or an address (an e-mail address, a phone number `+{number}`);
- a *look-up* is a call whose varying values later calls send: its result gave them (a value a call sends
  that no earlier call sent and every task varies is the earlier calls' answer, `klant_id={klant_id}`);
- the *work* is the last call before the message that is no look-up of the calls before the message: its
  values only the message sends on (`reservation_id=` of `create_reservation`), or none do.

A Latin title without holes (one with holes is what the requests share, `Fix the {part} on a bike`) that
names neither the work call's words nor a word of its constants, but speaks the calls' language (a word of
another call's name, key or constant: `Zoek klant`, `Car the airport` beside `car_class=`), gives way to the
work call's name in its own language: `pauzeer_abonnement` -> `Pauzeer abonnement`, `create_reservation` ->
`Create a reservation` (English requests: an article); but English requests over calls whose names and keys
they never write (`prenota_ricrinatura`, `telefono=`: `speak_apart`, round 48) keep their words. A title in a language the calls never write (`Pick up
the laundry` beside `Kutipan-Buat`) stays. A sign-off or greeting (`Met groet`, `Best regards`, `Mit freundlichen Grüßen`) is a line the requests
write by itself at their end or start: never a title. Japanese and Korean titles are left to their own
paths (`japanese_work`, `korean_work`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.request_language import english as english_requests

_CALL = re.compile(r"^([A-Za-z][\w.:-]*): `(.*)`$", re.S)
_ARG = re.compile(r"(?:^|\s)([^\W\d][\w-]*)=(\S*)", re.U)
_HOLE = re.compile(r"\{([^{}]+)\}")
_TEMPLATE = re.compile(r"(?:^|[\s=])[^\W\d_][\w-]*[_-]v\d+(?=\s|$)", re.U)  # a versioned template's id
_ADDRESS = re.compile(r"=\+?\{(?:email|number|phone)\d*\}|=[^\s=]+@[^\s=]+\.\w+")
_PLUGIN_FUNCTION = re.compile(r"^([A-Z][A-Za-z]*)-([A-Z][A-Za-z]*)$")
_PARTS = re.compile(r"[_\-.]+|(?<=[a-z0-9])(?=[A-Z])")
_LATIN = re.compile(r"[^\W\d_]+", re.U)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
# a sentence ends here (not after an initial, `R. Tjoa`)
_SENTENCE_SPLIT = re.compile(r"(?<=[^\W\d_]{2}[.?!])\s+|(?<=[?!。！？])\s*", re.U)
_OPENING = re.compile(r"^([^,!\n.?]{1,40})[,!\n]")
MAX_NAME = 4  # words of a greeting
MAX_CLOSING = 7  # words after the last sentence: a sign-off and a name


def _call(step: str) -> tuple[str, str] | None:
    m = _CALL.match(step.strip())
    if m is None or "=" not in m.group(2):
        return None
    return m.group(1), m.group(2)


def tool_words(tool: str) -> list[str]:
    """A tool name's words, lower-cased: its last part after an MCP server's or an API's prefix, split at
    `_`, `-`, `.` and camelCase; Semantic Kernel's `Plugin-Function` gives the function's words first."""
    name = re.split(r"__|[.:/]", tool)[-1]
    if sk := _PLUGIN_FUNCTION.match(name):  # Semantic Kernel's `Plugin-Function`: the function's verb first
        function = [w.lower() for w in _PARTS.split(sk.group(2)) if w]
        return function if len(function) > 1 else function + [sk.group(1).lower()]
    return [w.lower() for w in _PARTS.split(name) if w]


def _spoken(steps: Sequence[str]) -> list[str]:
    """Every word the calls write outside their values' holes: tools' names, keys, constants."""
    out: list[str] = []
    for call in (_call(s) for s in steps):
        if call is not None:
            out.extend(tool_words(call[0]))
            out.extend(w.lower() for w in _LATIN.findall(_HOLE.sub(" ", call[1].replace("_", " "))))
    return out


def _holes(args: str) -> set[str]:
    return set(_HOLE.findall(args))


def is_message(args: str) -> bool:
    """Whether a call sends a template or an address (any language's keys)."""
    return _TEMPLATE.search(args) is not None or _ADDRESS.search(args) is not None


def work_call(steps: Sequence[str]) -> str:
    """The tool of the kind's work: the last call before the message whose varying values no later call
    before the message sends (see the module); "" without a message or such a call."""
    calls = [c for c in (_call(s) for s in steps) if c is not None]
    if len(calls) < 2 or not is_message(calls[-1][1]):
        return ""
    before = calls[:-1]
    if before and is_message(before[-1][1]):  # two notices: the work is before both
        before = before[:-1]
    for i in range(len(before) - 1, -1, -1):
        tool, args = before[i]
        words = tool_words(tool)
        if not 2 <= len(words) <= 3 or not all(w.isalpha() and len(w) >= 2 for w in words):
            continue
        sent_before = set().union(*(_holes(a) for _, a in before[:i])) if i else set()
        later = set().union(*(_holes(a) for _, a in before[i + 1 :])) if i + 1 < len(before) else set()
        if later - sent_before - _holes(args):  # later calls send values first seen after it: a look-up
            return ""  # the work is later, and it was passed over (no name of the right form)
        if i == 0 and len(before) > 1:
            return ""
        return tool
    return ""


def _shared(said: Sequence[str], asked: Sequence[str]) -> bool:
    """Whether more than half of the requests write every word of the title of four letters or more."""
    words = [w.lower() for w in said if len(w) >= 4]
    texts = [{w.lower() for w in _LATIN.findall(a)} for a in asked]
    return bool(words) and 2 * sum(1 for t in texts if all(w in t for w in words)) > len(asked)


def _one_request(said: Sequence[str], tool: str, asked: Sequence[str]) -> bool:
    """Whether the title is one request's words and the work call names the kind better (round 34): of three
    requests or more, at most one writes every word of the title of four letters or more (`Long crack`),
    and two or more write a word of the work call's name (`cancel_membership`: `cancel`, `membership`)."""
    words = [w.lower() for w in said if len(w) >= 4]
    texts = [{w.lower() for w in _LATIN.findall(a)} for a in asked]
    if len(asked) < 3 or not words or sum(1 for t in texts if all(w in t for w in words)) > 1:
        return False
    named = [w for w in tool_words(tool) if len(w) >= 4]
    return sum(1 for t in texts if any(_names(x, w) for x in t for w in named)) >= 2


def _looked_up(calls: Sequence[tuple[str, str]], i: int) -> bool:
    """Whether call i starts from the request (it sends no value an earlier call sent) and later calls
    (before the message) send values first seen after it: its answer."""
    before = calls[:-1]
    if i >= len(before):
        return False  # the last call (the kind's own calls end with it, round 38): nothing after it
    if i and _holes(before[i][1]) & set().union(*(_holes(a) for _, a in before[:i])):
        return False  # it works on what was looked up (`create_rental` after a look-up): no look-up
    seen = set().union(*(_holes(a) for _, a in before[: i + 1]))
    return (
        bool(set().union(*(_holes(a) for _, a in before[i + 1 :])) - seen) if i + 1 < len(before) else False
    )


def _names(word: str, other: str) -> bool:
    w, c = word.lower(), other.lower()
    n = min(len(w), len(c), max(4, len(c) - 3))
    return len(w) >= 3 and len(c) >= 3 and w[:n] == c[:n]


def _constants(args: str) -> list[str]:
    out: list[str] = []
    for _, value in _ARG.findall(args):
        if "{" not in value:
            out.extend(w.lower() for w in _LATIN.findall(value))
    return out


def _closing(text: str) -> list[str]:
    """The words after a request's last sentence (a sign-off and a name), when that is short."""
    parts = [p for p in _SENTENCE_SPLIT.split(text.strip()) if p.strip()]
    last = parts[-1].rstrip() if len(parts) > 1 else ""
    words = [] if last.endswith(tuple(".?!。！？")) else [w.lower() for w in _LATIN.findall(last)]
    return words if len(words) <= MAX_CLOSING else []


def courtesy(title: str, asked: Sequence[str]) -> bool:
    """Whether the title is what the requests write after their last sentence (a sign-off before a name:
    `Met vriendelijke groet, R. Tjoa`, `Groetjes Wim` -> `Met groet`) or alone before their first: every
    word of it there, and two requests or more whose closing or opening starts with one of its words."""
    said = [w.lower() for w in _LATIN.findall(title)]
    if not said or "{" in title:
        return False
    edges = [_closing(a) for a in asked] + [_opening(a) for a in asked]
    starts = sum(1 for e in edges if e and any(e[0].startswith(w) for w in said))
    return starts >= 2 and all(any(x.startswith(w) for e in edges for x in e) for w in said)


def _opening(text: str) -> list[str]:
    """The words before a request's first sentence or line when they end with a comma or `!` (`Hi there,`)."""
    m = _OPENING.match(text.strip())
    words = [w.lower() for w in _LATIN.findall(m.group(1))] if m else []
    return words if len(words) <= MAX_NAME else []


def names_work(title: str, tool: str, args: str) -> bool:
    """Whether a title's words name the work call's words or a word of its constants."""
    mine = [*tool_words(tool), *_constants(args)]
    return any(_names(w, c) for w in _LATIN.findall(title) for c in mine)


def flow_title(title: str, steps: Sequence[str], asked: Sequence[str], english: bool) -> str:
    """The work call's name when a Latin title names none of it, or is a courtesy (see the module)."""
    if _CJK.search(title) or not _LATIN.search(title) or _HOLE.search(title):
        return title  # a Japanese or Korean title has its own paths; one with holes is the requests' phrasing
    if english and speak_apart(steps, asked):  # the calls' English name for their service (round 50), also
        service = constant_head(title, steps, asked)  # when no call's name is of a work's form (round 53:
        if service:  # `divar_temiri_sifaris_et`, four words, under `Musteri an axtar`, the look-up's words)
            return service
    tool = work_call(steps)
    if not tool:
        return title
    calls = [c for c in (_call(s) for s in steps) if c is not None]
    args = next(a for t, a in calls if t == tool)
    said = _LATIN.findall(title)
    if names_work(title, tool, args):
        return title
    named = [
        i for i, (t, _) in enumerate(calls) if all(any(_names(w, c) for w in said) for c in tool_words(t))
    ]
    if named:  # the title is a call's name: another path chose it; a look-up's name gives way (`Zoek klant`)
        if not any(_looked_up(calls, i) for i in named):
            return title
    elif courtesy(title, asked):
        pass  # a greeting or a sign-off names no work, in any language
    elif any(_names(w, c) for w in said for _, a in calls for c in _constants(a)):
        return title  # a constant the calls pass (`Révision complète`)
    elif _shared(said, asked):
        return title  # what most requests write (`Summer set`): their name for the kind
    elif not any(_names(w, c) for w in said for c in _spoken(steps)) and not _one_request(said, tool, asked):
        return title  # the requests' language, which the calls do not speak (`Pick up the laundry`)
    if english and speak_apart(steps, asked):
        return title  # English requests over calls named in another language (`prenota_ricrinatura`): theirs
    words = tool_words(tool)
    if not english:
        return " ".join(words).capitalize()
    verb, noun = words[0], words[1:]
    thing = " ".join([*noun[:-1], _singular(noun[-1])])
    vowel = thing[:1] in "aeio" or thing[:1] == "u" and thing[1:2] not in ("s", "n", "r")
    return f"{verb.capitalize()} {'an' if vowel else 'a'} {thing}"


def speak_apart(steps: Sequence[str], asked: Sequence[str]) -> bool:
    """Whether English requests (`request_language.english`) write no word of their calls' names and keys (3
    letters whole, or the first 4 of a longer one): the calls are named in another language (`trova_cliente`,
    `telefono=`, `prenota_ricrinatura` under "book a rehair for my bow") and their words are no title for them.
    English calls share a word with English requests (`phone=`, `date=`, `book_`, `car_class=`)."""
    calls = [c for c in (_call(s) for s in steps) if c is not None]
    if not calls or not english_requests(asked):
        return False
    named = {w for tool, args in calls for w in tool_words(tool)}
    named |= {w.lower() for _, args in calls for key, _ in _ARG.findall(args) for w in _PARTS.split(key) if w}
    words = {w.lower() for a in asked for w in _LATIN.findall(a)}
    stems = {w[:4] for w in words if len(w) >= 4}
    return not any(
        w in words if len(w) == 3 else w[:4] in stems for w in named if w.isalpha() and len(w) >= 3
    )


_VALUE_SPLIT = re.compile(r"\s(?=[^\W\d][\w.-]*=)", re.U)
_HEAD = re.compile(r"^[^\W\d_][^\W\d_'-]*(?:-[^\W\d_]+)?(?: [^\W\d_][^\W\d_'-]*(?:-[^\W\d_]+)?)*", re.U)


def constant_head(title: str, steps: Sequence[str], asked: Sequence[str]) -> str:
    """The head of a constant the calls pass (its words before a comma, a number or a small word:
    `servei.descripcio=Thatch survey, 60 min, …` -> `Thatch survey`) when the requests write each of its
    words (the first four letters: `renewed` of `renewal`), one of them more than half of the requests
    write and the title lacks (`Thatch cottage` of "survey" in every request). Under English requests over
    calls named in another language (`speak_apart`) the service's English name is theirs (round 50's
    `Put scaffold`, `Thatch cottage` over Catalan tools); "" when none."""
    texts = [{w.lower()[:4] for w in _LATIN.findall(a)} for a in asked if a.strip()]
    have = {w.lower()[:4] for w in _LATIN.findall(title)}
    for _, args in (c for c in (_call(s) for s in steps) if c is not None):
        for part in _VALUE_SPLIT.split(args):
            value = part.split("=", 1)[1] if "=" in part else ""
            m = _HEAD.match(value) if "{" not in value else None
            words: list[str] = []
            for w in m.group(0).split() if m else []:
                if w.lower() in _SMALL:
                    break
                words.append(w)
            if len(words) < 2:
                continue
            stems = [p.lower()[:4] for w in words for p in w.split("-") if len(p) >= 3]
            common = [s for s in stems if 2 * sum(1 for t in texts if s in t) > len(texts)]
            if all(any(s in t for t in texts) for s in stems) and (
                any(s not in have for s in common) or _tools_word(title, steps)
            ):
                return _kind_words(words, texts).capitalize()
    return ""


def _kind_words(words: Sequence[str], texts: Sequence[set[str]]) -> str:
    """A long head (a catalogue's description, `LONG_HEAD` words or more) without the words one request alone
    writes (`Dry stone wall gap repair` -> `Wall repair`: "gap", "dry stone", one request's words each, round
    53); the head whole when that leaves fewer than two words, or when it is short (a name: `Winter sail
    storage`)."""

    def writers(w: str) -> int:
        stems = [p.lower()[:4] for p in w.split("-") if len(p) >= 3]
        return min((sum(1 for t in texts if s in t) for s in stems), default=0)

    kept = [w for w in words if writers(w) >= 2]
    long = len(words) >= LONG_HEAD  # `Winter sail storage`, `Monthly student rental`: a name, kept whole
    return " ".join(kept if long and len(texts) >= 3 and 2 <= len(kept) < len(words) else words)


def _tools_word(title: str, steps: Sequence[str]) -> bool:
    """Whether a title writes a word of the calls' names or keys (`Drop an aflaai` of `aflaai.datum=`): under
    requests that write none of them (`speak_apart`) the tools' language, never the requests' (round 51)."""
    calls = [c for c in (_call(s) for s in steps) if c is not None]
    named = {w for tool, _ in calls for w in tool_words(tool)}
    named |= {w.lower() for _, args in calls for key in _KEY.findall(args) for w in _PARTS.split(key) if w}
    return any(w.lower() in named for w in _LATIN.findall(title) if len(w) >= 3)


_KEY = re.compile(r"(?:^|\s)([^\W\d][\w.-]*)=", re.U)  # `aflaai.datum=`, dotted keys whole


LONG_HEAD = 4
_SMALL = frozenset(["a", "an", "the", "in", "on", "of", "with", "for", "and", "or", "to", "at", "by", "from"])


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def says_only_the_call(title: str, steps: Sequence[str]) -> bool:
    """Whether a title is the work call's own name and nothing more (`Schedule a visit` of `schedule_visit`)."""
    tool = work_call(steps)
    said = [w.lower() for w in _LATIN.findall(title) if w.lower() not in ("a", "an", "the")]
    return bool(tool) and [_singular(w) for w in said] == [_singular(w) for w in tool_words(tool)]
