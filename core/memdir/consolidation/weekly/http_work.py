"""A kind whose every call goes through one generic HTTP tool is named by the work, never the calls (round 39).

Set 39's propane desk ran all its work through `http_request` (`GET https://…/v2/accounts phone={phone}`,
`POST https://…/v2/deliveries json=…`, `POST https://…/v2/messages json=… template=fill_scheduled_v3 …`)
and its kinds were titled `GET, POST ({phone}, {date})` and `Http a request`: the methods the steps ran and
the tool's own words, which every kind of such a desk shares. When each step is one generic tool's HTTP call
and the title says no more than its methods, the tool's words and holes, the work is read from the calls:

- the object and the act a notice's template names as done (`leak_check_booked_v1` -> `Book a leak check`,
  `fill_scheduled_v3` -> `Schedule a fill`): the desk's own word for what the kind does;
- else the work call (the first write whose path is no notice's): the kind its body passes
  (`type=Out-of-gas leak check`), else its path's last noun (`…/service-calls` -> `service call`), done by the act
  the requests write (`book`, `schedule`, …) or the method's (`POST` -> `Create`).

The title stays when a step is no such call or the calls name nothing. A title that names something else
stays too, unless a notice's template names the work done and the title of English requests leaves out a word of the
thing it names (round 42: set 42's terse `estimate for sealing a concrete pool deck?` made `Sealing a
concrete` beside `seal_estimate_booked_v1`): then the template's work (`Book a seal estimate`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.action_titles import singular
from memdir.consolidation.weekly.generic_calls import GENERIC, generic
from memdir.consolidation.weekly.work_flow import tool_words

_STEP = re.compile(r"^([A-Za-z][\w.:-]*): `([^`]*)`")
_METHOD = re.compile(r"^(?:method=)?(GET|POST|PUT|PATCH|DELETE)\s+(?:url=)?(\S+)(.*)$")
_METHODS = frozenset(["get", "post", "put", "patch", "delete", "head"])
_NOTICES = frozenset(
    ["message", "messages", "sms", "email", "emails", "mail", "notification", "notifications", "notify"]
    + ["text", "texts", "send", "reply", "replies", "webhook", "webhooks", "push"]
)
# acts a template names as done (`…_booked`) or a request writes, as a person says them
_ACTS = {
    "booked": "book",
    "scheduled": "schedule",
    "ordered": "order",
    "reserved": "reserve",
    "registered": "register",
    "cancelled": "cancel",
    "canceled": "cancel",
    "renewed": "renew",
    "arranged": "arrange",
    "requested": "request",
    "submitted": "submit",
    "filed": "file",
    "opened": "open",
    "created": "create",
}
_METHOD_ACT = {"POST": "create", "PUT": "update", "PATCH": "update", "DELETE": "cancel"}
# body keys that pass what kind of work a call is for
_KIND_KEYS = frozenset(["type", "kind", "service", "job", "job_type", "service_type", "category", "work"])
_TEMPLATE = re.compile(r"(?:^|\s)(?:template|template_id|tmpl)=([a-z][a-z0-9_]*)")
_KIND_VALUE = re.compile(r"(?:^|\s)([a-z_]+)=([A-Za-z][A-Za-z -]{2,40}?)(?=\s+[\w.]+=|$)")
_WORD = re.compile(r"^[a-z][a-z-]*[a-z]$")
_ENGLISH = re.compile(r"\b(?:the|my|our|please|can|could|you|need|for|is|of)\b", re.I)  # a request in English
_LATIN = re.compile(r"[A-Za-z]+(?:[-'][A-Za-z]+)*")


def http_calls(steps: Sequence[str]) -> list[tuple[str, list[str], str]] | None:
    """Each step as (method, path words, the rest) when every step is one generic tool's HTTP call; else None."""
    calls: list[tuple[str, list[str], str]] = []
    tools: set[str] = set()
    for step in steps:
        if step.startswith("Reply"):
            continue
        m = _STEP.match(step)
        if m is None or not generic(m.group(1)):
            return None
        call = _METHOD.match(m.group(2).strip())
        if call is None:
            return None
        tools.add(m.group(1))
        path = re.sub(r"^\w+://[^/]+", "", call.group(2)).split("?")[0]
        words = [p.lower() for p in path.split("/") if _WORD.match(p.lower())]
        calls.append((call.group(1), words, call.group(3)))
    return calls if calls and len(tools) == 1 else None


def says_only_the_calls(title: str, steps: Sequence[str]) -> bool:
    """Whether a title holds no word but the methods, the generic tool's words and holes (`GET, POST
    ({phone}, {date})`, `Http a request`)."""
    tools = {w for s in steps if (m := _STEP.match(s)) for w in tool_words(m.group(1))}
    words = [w.lower() for w in _LATIN.findall(re.sub(r"\{\w+\}", " ", title))]
    small = {"a", "an", "the", "and", "or"}
    if re.search(r"[^\x00-\x7f]", title):
        return False
    # `Opener put`: a method after the title's first word is the call's, no verb a person writes (round 40)
    return all(w in _METHODS | GENERIC | tools | small for w in words) or any(
        w in _METHODS for w in words[1:]
    )


def _article(noun: str) -> str:
    vowel = noun[:1] in "aeio" or noun[:1] == "u" and noun[1:2] not in ("s", "n", "r")
    return f"{'an' if vowel else 'a'} {noun}"


def _template_work(rest: Sequence[str]) -> str:
    for text in rest:
        for name in _TEMPLATE.findall(text):
            words = [w for w in name.split("_") if not re.fullmatch(r"v?\d+", w)]
            if len(words) >= 2 and words[-1] in _ACTS and all(w.isalpha() for w in words[:-1]):
                return f"{_ACTS[words[-1]].capitalize()} {_article(' '.join(words[:-1]))}"
    return ""


def _misses_the_work(title: str, work: str) -> bool:
    """Whether an English title leaves out a word of the thing the notice's template names as done (round 42:
    `Sealing a concrete`, a terse request's words, for `seal_estimate_booked_v1`; `House wash` keeps
    `house_wash_booked_v1`'s): the desk's own name of its work is then the title."""
    if re.search(r"[^\x00-\x7f]", title):
        return False
    said = [w.lower()[:5] for w in _LATIN.findall(title)]
    thing = work.split(" ", 2)[-1].split()
    return any(not any(s.startswith(w.lower()[:5]) for s in said) for w in thing)


def _asked_act(asked: Sequence[str]) -> str:
    counts = {a: sum(1 for t in asked if re.search(rf"\b{a}\b", t.lower())) for a in set(_ACTS.values())}
    best = max(sorted(counts), key=lambda a: counts[a])
    return best if counts[best] else ""


def http_work_title(title: str, steps: Sequence[str], asked: Sequence[str]) -> str:
    """The kind's work when every step is one generic tool's HTTP call and the title names none (see the
    module); else the title."""
    calls = http_calls(steps)
    if calls is None:
        return title
    said = _template_work([rest for _, _, rest in calls])
    if not says_only_the_calls(title, steps):
        english = 2 * sum(1 for a in asked if _ENGLISH.search(a)) > len(asked)
        return said if said and english and _misses_the_work(title, said) else title
    if said:
        return said
    for method, words, rest in calls:
        if method == "GET" or not words or words[-1] in _NOTICES:
            continue
        kinds = [v.strip() for k, v in _KIND_VALUE.findall(rest) if k.split(".")[-1] in _KIND_KEYS]
        english = 2 * sum(1 for a in asked if _ENGLISH.search(a)) > len(asked)
        thing = kinds[0].lower() if kinds and english and len(kinds[0].split()) <= 5 else ""
        thing = thing or singular(words[-1]).replace("-", " ")
        act = _asked_act(asked) or _METHOD_ACT.get(method, "")
        return f"{act.capitalize()} {_article(thing)}" if act else title
    return title
