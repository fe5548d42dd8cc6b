"""An identifier is one value: `slot_id={slot_id}`, not `slot_id=SL-{number}-1400`.

A value under a key that names an identifier (`slot_id`, `order_id`, `id`, `booking_no`, `caseNr`, `ref`)
is opaque: the agent takes it whole from the result of the search before, and never builds it. The
alignment keeps the parts of it the week's tasks happened to share (`SL-0208-1400`, `SL-0210-1400`: the
same time) as constant text, and an agent following `SL-{number}-1400` would always book 14:00. So the
token under such a key is one span when any part of it varies (`whole_ids`), and the same value written
under another key of the kind's steps (`vars: slot=SL-0208-1400`) is that span too (`same_ids`), so both
are the one placeholder the key names. An e-mail address and a phone number are one value too, under any key (`courriel`, `to`). The smallest span that differs stays the rule for URLs, paths and
commands whose constant parts mean something (`/v2/orders/{order}/items`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from memdir.consolidation.weekly.naming import is_phone, key_name
from memdir.consolidation.weekly.span_types import Part, Span
from memdir.consolidation.weekly.spans import find_word

# a key naming an identifier, then `=`, then the start of its value (in the constant text before a span)
_ID_KEY = re.compile(
    r"(?:^|[\s,;=(\[{'\"`])(?:(?:[A-Za-z][A-Za-z0-9]*[_-])*(?:id|ID|Id|no|No|NO|nr|Nr|num|number|ref|Ref)"
    r"|[a-z][a-z0-9]*(?:Id|ID|No|Nr|Num|Number|Ref))=([^\s=]*)$"
)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
# constant text that ends an identifier's token
_TOKEN_END = re.compile(r"[\s'\"`()\[\]{}<>,;|&=]")
# constant text inside a token: no space, quote, bracket or separator
_INSIDE = re.compile(r"[^\s'\"`()\[\]{}<>,;|&=]{1,24}")


def _solid(span: Span) -> bool:
    vals = list(span.values.values())
    return bool(vals) and span.ref is None and all(v and not re.search(r"\s", v) for v in vals)


def _run(parts: Sequence[Part], i: int) -> int:
    """The last index of the run of solid spans from parts[i] glued by constant text inside one token."""
    j = i
    while (
        j + 2 < len(parts)
        and isinstance(sep := parts[j + 1], str)
        and _INSIDE.fullmatch(sep)
        and isinstance(nxt := parts[j + 2], Span)
        and _solid(nxt)
    ):
        j += 2
    return j


def _tail(text: str) -> str:
    m = _TOKEN_END.search(text)
    return text[: m.start()] if m else text


def _head(text: str) -> str:
    cut = max((m.end() for m in _TOKEN_END.finditer(text)), default=0)
    return text[cut:]


def _joined(parts: Sequence[Part]) -> Span:
    tasks = list(dict.fromkeys(t for p in parts if isinstance(p, Span) for t in p.values))
    return Span({t: "".join(p if isinstance(p, str) else p.values.get(t, "") for p in parts) for t in tasks})


def _widen(parts: list[Part], keep: Callable[[str, str, Span], bool]) -> list[Part]:
    """Each run of spans in one token that `keep(before, pre, span)` accepts, as one span of the whole token."""
    out: list[Part] = []
    i = 0
    while i < len(parts):
        p = parts[i]
        if not (isinstance(p, Span) and _solid(p)):
            out.append(p)
            i += 1
            continue
        j = _run(parts, i)
        before = out[-1] if out and isinstance(out[-1], str) else ""
        after = parts[j + 1] if j + 1 < len(parts) and isinstance(parts[j + 1], str) else ""
        assert isinstance(after, str)
        pre, post = _head(before), _tail(after)
        whole = _joined([pre, *parts[i : j + 1], post])
        if (pre or post or j > i) and keep(before, pre, whole):
            if pre:
                out[-1] = before[: len(before) - len(pre)]
            out.append(whole)
            i = j + 1
            if i < len(parts) and isinstance(parts[i], str):
                out.append(after[len(post) :])
                i += 1
            continue
        out.extend(parts[i : j + 1])
        i = j + 1
    return [x for x in out if x != ""]


def _email(
    before: str,
    pre: str,
    whole: Span,
    said: Mapping[str, str] | None = None,
    calls: Mapping[str, str] | None = None,
) -> bool:
    """An e-mail address whose domain varies is one value like an id (`courriel={courriel}`, not
    `{value}@exemple.{value2}`), named by its key (`email`, `courriel`) or `email` under a short one (`to`, `a`).

    One domain across the tasks stays constant text (`{user}@acme.test`) only when every task's request
    (`said`) names its mailbox (`y.sato`, `Ana` of `ana@…`): the agent builds the address from it. A mailbox
    no request names is looked up, and what is looked up is the whole address: three customers who happen
    to share a mail provider (`c1042@example.jp`) give `to={email}`, not `to={user}@example.jp` (trial 30 #3);
    a domain the calls also reach as a host (`https://keihi.corp.example/…` beside `E10234@corp.example`) is the
    house's own and stays (`_house_host`).
    """
    vals = list(whole.values.values())
    if len(vals) < 2 or not all(_EMAIL.fullmatch(v) for v in vals):
        return False
    domains = {v.rsplit("@", 1)[1].lower() for v in vals}
    if len(domains) < 2 and (_mailboxes_said(whole, said) or _house_host(next(iter(domains)), calls)):
        return False  # one domain (`{user}@acme.test`): the company's, constant text
    key = re.search(r"([A-Za-z][\w-]*)=" + re.escape(pre) + "$", before)
    whole.name = key_name(key.group(1)) if key and len(key.group(1)) >= 4 else "email"
    return True


def _house_host(domain: str, calls: Mapping[str, str] | None) -> bool:
    """Whether a task's calls name `domain` as a host (`keihi.corp.example`, `//corp.example`), not only after an
    `@`: the house's own domain, not a provider its customers share."""
    host = re.compile(r"(?<![@\w.-])(?:[\w-]+\.)*" + re.escape(domain) + r"(?![\w.-]*@)\b", re.I)
    return any(host.search(text) for text in (calls or {}).values())


def _mailboxes_said(whole: Span, said: Mapping[str, str] | None) -> bool:
    """Whether every task's request names the mailbox of its address (no requests known: it is taken as said)."""
    if said is None:
        return True
    for tid, value in whole.values.items():
        if (
            find_word(said.get(tid, ""), value.rsplit("@", 1)[0]) is None
        ):  # `ana` of "Refund Ana", not "banana"
            return False
    return True


def _phone(before: str, pre: str, whole: Span) -> bool:
    """A phone number is one value (`telefon={telefon}`, not `telefon=+{number}` or `090-{phone}`): the
    agent copies it whole from the request or the customer's record; the trunk or country code the week's
    tasks happened to share is part of it. Named by its key (`telefon`, `mobile`) or `phone` under a short
    one (`to`)."""
    vals = list(whole.values.values())
    if len(set(vals)) < 2 or not all(is_phone(v) for v in vals):
        return False
    key = re.search(r"([A-Za-z][\w-]*)=" + re.escape(pre) + "$", before)
    whole.name = key_name(key.group(1)) if key and len(key.group(1)) >= 4 else "phone"
    return True


def whole_ids(
    parts: list[Part], said: Mapping[str, str] | None = None, calls: Mapping[str, str] | None = None
) -> list[Part]:
    """The value under an identifier's key, one span when any part of it varies; `said`: each task's request,
    `calls`: each task's calls."""

    def under_id(before: str, pre: str, whole: Span) -> bool:
        m = _ID_KEY.search(before)
        if m is None or m.group(1) != pre:
            return _email(before, pre, whole, said, calls) or _phone(before, pre, whole)
        whole.name = key_name(m.group(0).strip(" \t,;=([{'\"`").split("=")[0])
        return True

    return _spaced_phones(_widen(parts, under_id))


# a key and the start of a phone number written with spaces (`phone=+1 757 555 `, `tel=06 1234 `)
_SPACED_PHONE = re.compile(r"([A-Za-z][\w-]*)=(\+?\d[\d ().-]*)$")
_PHONE_TAIL = re.compile(r"^[\d().-]*")


def _spaced_phones(parts: list[Part]) -> list[Part]:
    """A phone number written with spaces is one value too (`phone={phone}`, not `phone=+1 757 555 {number}`):
    a token ends at a space, so the area code and exchange the week's tasks shared stayed constant text."""
    out: list[Part] = []
    for i, p in enumerate(parts):
        before = out[-1] if out and isinstance(out[-1], str) else ""
        m = _SPACED_PHONE.search(before)
        if not (isinstance(p, Span) and _solid(p) and m and " " in m.group(2)):
            out.append(p)
            continue
        after = parts[i + 1] if i + 1 < len(parts) and isinstance(parts[i + 1], str) else ""
        assert isinstance(after, str)
        post = _PHONE_TAIL.match(after)
        tail = post.group(0) if post else ""
        whole = _joined([m.group(2), p, tail])
        vals = list(whole.values.values())
        if len(set(vals)) < 2 or not all(is_phone(v) for v in vals):
            out.append(p)
            continue
        whole.name = key_name(m.group(1)) if len(m.group(1)) >= 4 else "phone"
        out[-1] = before[: m.start(2)]
        out.append(whole)
        if tail:  # the rest of the text after the number stays, without its digits
            parts[i + 1] = after[len(tail) :]
    return out


def same_ids(templates: Sequence[list[Part]], ids: Sequence[Span]) -> list[list[Part]]:
    """Tokens of the steps whose every task's text is that task's identifier (a span of `ids`), as that span."""
    known = [dict(s.values) for s in ids if len(s.values) >= 2]

    def is_id(before: str, pre: str, whole: Span) -> bool:
        return any(whole.values == k for k in known)

    return [_widen(parts, is_id) if known else parts for parts in templates]


def id_spans(parts: Sequence[Part], before: Sequence[Part]) -> list[Span]:
    """The spans of `parts` that `whole_ids` made (not among `before`)."""
    old = {id(p) for p in before}
    return [p for p in parts if isinstance(p, Span) and id(p) not in old]
