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
names neither the work call's words nor a word of its constants (a request's words,
a sign-off, another call's name) gives way to the work call's name in its own language: `pauzeer_abonnement`
-> `Pauzeer abonnement`, `create_reservation` -> `Create a reservation` (English requests: an article).
A sign-off or greeting (`Met groet`, `Best regards`, `Mit freundlichen Grüßen`) is a line the requests
write by itself at their end or start: never a title. Japanese and Korean titles are left to their own
paths (`japanese_work`, `korean_work`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_CALL = re.compile(r"^([A-Za-z][\w.:-]*): `(.*)`$", re.S)
_ARG = re.compile(r"(?:^|\s)([^\W\d][\w-]*)=(\S*)", re.U)
_HOLE = re.compile(r"\{([^{}]+)\}")
_TEMPLATE = re.compile(r"(?:^|[\s=])[^\W\d_][\w-]*[_-]v\d+(?=\s|$)", re.U)  # a versioned template's id
_ADDRESS = re.compile(r"=\+?\{(?:email|number|phone)\d*\}|=[^\s=]+@[^\s=]+\.\w+")
_PARTS = re.compile(r"[_\-.]+|(?<=[a-z0-9])(?=[A-Z])")
_LATIN = re.compile(r"[^\W\d_]+", re.U)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_LINE_END = re.compile(r"\s*[,!.:;]?\s*$")


def _call(step: str) -> tuple[str, str] | None:
    m = _CALL.match(step.strip())
    if m is None or "=" not in m.group(2):
        return None
    return m.group(1), m.group(2)


def _words(tool: str) -> list[str]:
    name = re.split(r"__|[.:/]", tool)[-1]
    return [w.lower() for w in _PARTS.split(name) if w]


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
        words = _words(tool)
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


def courtesy(title: str, asked: Sequence[str]) -> bool:
    """Whether the title is a line the requests write alone at their start or end (a greeting, a
    sign-off): in at least two requests, and in most of those that write it."""
    low = title.strip().lower()
    if not low or "{" in low:
        return False
    writing = alone = 0
    for text in asked:
        lines = [ln.strip().lower() for ln in text.splitlines() if ln.strip()]
        if not any(low in ln for ln in lines):
            continue
        writing += 1
        ends = lines[:1] + lines[-2:]
        alone += any(ln.startswith(low) and not _LINE_END.sub("", ln[len(low) :]) for ln in ends)
    return alone >= 2 and 2 * alone > writing


def names_work(title: str, tool: str, args: str) -> bool:
    """Whether a title's words name the work call's words or a word of its constants."""
    mine = [*_words(tool), *_constants(args)]
    return any(_names(w, c) for w in _LATIN.findall(title) for c in mine)


def flow_title(title: str, steps: Sequence[str], asked: Sequence[str], english: bool) -> str:
    """The work call's name when a Latin title names none of it, or is a courtesy (see the module)."""
    if _CJK.search(title) or not _LATIN.search(title) or _HOLE.search(title):
        return title  # a Japanese or Korean title has its own paths; one with holes is the requests' phrasing
    tool = work_call(steps)
    if not tool:
        return title
    args = next(c[1] for c in (_call(s) for s in steps) if c is not None and c[0] == tool)
    if names_work(title, tool, args) and not courtesy(title, asked):
        return title
    words = _words(tool)
    if not english:
        return " ".join(words).capitalize()
    verb, noun = words[0], words[1:]
    thing = " ".join([*noun[:-1], _singular(noun[-1])])
    vowel = thing[:1] in "aeio" or thing[:1] == "u" and thing[1:2] not in ("s", "n", "r")
    return f"{verb.capitalize()} {'an' if vowel else 'a'} {thing}"


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
    return bool(tool) and [_singular(w) for w in said] == [_singular(w) for w in _words(tool)]
