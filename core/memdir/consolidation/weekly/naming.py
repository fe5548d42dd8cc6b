"""Names for placeholders, from the constant text around each of their spans.

Every occurrence of a placeholder (in the title or a step) offers candidate names, each of a
tier; a placeholder takes the name of its strongest tier (most frequent within it):

| tier | evidence | example |
|---|---|---|
| 5.5 | values that are all e-mail addresses or amounts, whatever key passes them | `--to {}` -> email |
| 5 | a key right before it, when it is the key's whole value (or its quoted text); a flag's name | `--week {}`, `SERVICE={}`, `?username={}`, `version = "{}"`, `help="{}."`, `"--{}"` -> flag |
| 4.6 | a currency sign next to it | `below €{}` -> price |
| 4.5 | the first label of a host name | `ssh {}.acme.net` |
| 4.2 | values of several capitalised words | `Tomás Ruiz` -> name |
| 4 | a noun it qualifies in the title, a noun before it, a Japanese counter | `the {} service`, `issue {}`, `{} replicas`, `第{}週`, `{}さん` |
| 3 | the URL or path segment before it | `/groups/{}/members` -> group |
| 2.5 | what its values are; a mailbox before `@domain` | version, date, month, url, email, price, path, file, name (capitalised words); `{}@acme.test` -> user |
| 2.2 | the noun of a `noun verb` subcommand it is the first argument of | `idpctl users show {}` -> user |
| 2 | a noun it qualifies in a step, a word glued after it, the noun of a `verb-noun` command | `acme-{}-worker`, `add-member {}` |
| 1.8 | numbers | number |
| 1.5 | the preposition before it | `to {}` target, `from {}` source |
| 0.8 | a verb or determiner before it | `take {}`, `some {}` -> object |

Only English function words and a few Japanese counters are known; nothing is specific to a
benchmark. Words glued before a span (`app-{}`) are weak evidence (0.7): `bump-{}` names no
thing.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from memdir.consolidation.weekly.function_words import DETERMINERS as DETERMINERS
from memdir.consolidation.weekly.function_words import FUNCTION_WORDS as FUNCTION_WORDS
from memdir.consolidation.weekly.span_dates import DATE, period_name

_JA_PARTICLES = (("から", "source"), ("を", "object"), ("に", "target"), ("へ", "target"))
_TARGET = frozenset(["to", "into", "onto", "in", "on", "in/on"])
_CJK_COUNTERS = {
    "週": "week",
    "日": "day",
    "月": "month",
    "年": "year",
    "時": "hour",
    "分": "minute",
    "号": "number",
    "番": "number",
    "件": "count",
    "個": "count",
    "回": "count",
    "人": "count",
    "円": "amount",
    "歳": "age",
    "さ": "name",  # さん
    "様": "name",
    "君": "name",
}
_KEY = (
    re.compile(r"--([A-Za-z][\w-]{1,30})[ =]$"),
    re.compile(r"[?&]([A-Za-z][\w-]{1,30})=$"),
    re.compile(r"(?:^|[\s,;(&])([A-Za-z][\w-]{1,30})=[\"']?$"),
    re.compile(r"(?:^|[\s,;(=])([A-Za-z][\w-]{1,30})\s*[:=]\s*[\"']?$"),
)
# a key whose value the span ends after a constant prefix: `acct=40-{}`, `--holder H-{}`, `room=RM-{}`
_PREFIXED_KEY = (
    re.compile(r"--([A-Za-z][\w-]{1,30})[ =][A-Za-z0-9][^\s=&{}\"'`/]{0,11}$"),
    re.compile(r"(?:^|[\s,;(&?=])([A-Za-z][\w-]{1,30})=[\"']?[A-Za-z0-9][^\s=&{}\"'`/]{0,11}$"),
)
# a key, then a country's calling code every value carries (`telepon=+62 {}`, `to=+1-{}`): the key's number
# a key, a constant head word, a space, then the value's varying part up to the next key (`by=Aarhus {}`, round 40)
_HEAD_KEY = re.compile(r"(?:^|[\s,;(&?=.])([A-Za-z][\w-]{1,30})=[\"']?[A-Za-z][^\s=&{}\"'`/]{1,15}( ?)$")
_CALLING_CODE_KEY = re.compile(r"(?:^|[\s,;(&?])([A-Za-z][\w-]{1,30})\s*[=:]\s*[\"']?\+\d{1,4}[ -]$")
# a key, then a minus sign that every value carries (`lat=-{}`, `offset: -{}`): the number is the key's
# (a `+` is a phone number's as often as a sign: `to=+{}` stays a number)
_SIGNED_KEY = re.compile(r"(?:^|[\s,;(&?])([A-Za-z][\w-]{1,30})\s*[=:]\s*-$")
_NUMBER = re.compile(r"^\d+(?:[.,]\d+)?$")
# a decimal number (`43.9521`): one point and three digits or more after it in some value; a version's
# parts after its first point are short (`3.12`) or more than one (`2.32.3`)
_DECIMAL = re.compile(r"^\d+\.(\d+)$")
_CJK_KEY = re.compile(
    r"(?:^|[\s,;(&])([\u3040-\u30ff\u3400-\u9fff]{1,10})=$"
)  # `件名={}`: the log's own role
_PARTIAL_KEY = re.compile(
    r"(?:^|[\s,;(&.=])([A-Za-z][\w-]{1,30})=[\"']?$"
)  # a key whose value the span opens
_SUFFIX = re.compile(r"[^\s=&{}\"'`,;]{1,6}(?:[\s\"'`,;&)]|$)")  # a short constant tail, then the value ends
_QUOTED_OPTION = re.compile(r"(?:^|\s)--([A-Za-z][\w-]{1,30})[ =][\"']$")
_QUOTED_KEY = re.compile(r"(?:^|[\s,;(&])([A-Za-z][\w-]{1,30})=[\"']$")
_HOST_RIGHT = re.compile(r"^\.[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b", re.I)
_LEFT_WORD = re.compile(r"(?:^|[\s\"'(])([A-Za-z][a-z]{1,30}) #?$")
_RIGHT_WORD = re.compile(r"^ ([a-z][a-z-]{1,30})(?: ([a-z][a-z-]{1,30}))?")
_SEGMENT = re.compile(r"(?:^|/)([A-Za-z][\w-]{1,30})/$")
_STEP_NOUN = re.compile(r"\S\s+([a-z][a-z]{2,20}) $")  # a word before the value, not the command's first
_STEP_VERBS = frozenset(
    ["show", "get", "list", "set", "add", "remove", "delete", "create", "run", "start", "stop", "restart"]
    + ["open", "close", "send", "check", "clear", "apply", "update", "search", "find", "read", "write"]
)
# keys that say only "a value" (a form's `value=`, `text=`): the value's own class names it better
_GENERIC_KEYS = frozenset(
    ["", "value", "val", "text", "input", "arg", "args", "data", "param", "params", "q"]
)
_GLUED_RIGHT = re.compile(r"^[-_]([A-Za-z]{2,30})\b")
_GLUED_LEFT = re.compile(r"\b([A-Za-z]{2,30})[-_]$")
_IPV4 = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2})?$")  # an address (and prefix length), not a version
_IPV6 = re.compile(
    r"^(?=.*(?:::|(?::[0-9a-f]{0,4}){4}))[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}(?:/\d{1,3})?$", re.I
)
_VERSION = re.compile(r"^v?\d+(?:\.\d+)+$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
_INT = re.compile(r"^#?\d+$")
_ID = re.compile(r"^[A-Za-z]{1,4}-?\d{3,}$")
_URL = re.compile(r"^[a-z][a-z0-9+.-]*://", re.I)
_SUBCOMMAND = re.compile(r"^(?:[\w.-]+: )?`?[a-z][\w.-]* ([a-z][a-z-]{1,30}) ([a-z][a-z-]{1,30}) $")
_VERB_NOUN = re.compile(r"(?:^|\s)[a-z]{2,20}-([a-z]{3,20}) $")
# a package: what an installer adds, or the name before a version specifier
_PKG_SPEC = re.compile(r"^(?:==|>=|<=|~=|!=)")
_PKG_CMD = re.compile(
    r"(?:^|[\s`])(?:pip3? install|uv (?:add|remove|pip install)|poetry (?:add|remove)|npm (?:install|i|uninstall)|"
    r"yarn add|pnpm add|cargo add|gem install)(?: -{1,2}[\w-]+)* $"
)
_CURRENCY = "$€£¥"
_PRICE = re.compile(r"^[$€£¥]\s?\d[\d,.]*$|^\d[\d,.]*\s?[$€£¥]$")
# `2026-10` (also render's legend); `0711-01` of an order number `SA-33-0711-01` names no year
MONTH = re.compile(r"^(?:1[89]|2\d)\d{2}-(?:0[1-9]|1[0-2])$")
EMAIL = re.compile(r"^[\w.+-]+@[\w-]+\.[\w.-]+$")
# a phone number: an international `+48601234567` / `+1 (555) 010-2233`, or a national one that starts with
# its trunk `0` (`090-1234-5678`, `0612345678`); 9 to 15 digits, so a date or an amount is never one
_PHONE = re.compile(r"^(?:\+\d[\d ().-]{6,}\d|0\d{1,4}[ .-]?\d{1,4}[ .-]?\d{3,5})$")


def is_phone(value: str) -> bool:
    """A phone number, by its shape alone (any country's writing of it)."""
    return bool(_PHONE.match(value)) and 9 <= sum(c.isdigit() for c in value) <= 15


# a national number without a trunk `0`, in groups or whole (`739 204 615`, `(250) 555-0142`, `2505550119`)
_NATIONAL = re.compile(r"^\(?\d{2,4}\)?(?:[ .-]?\d{2,4}){1,2}[ .-]?\d{3,5}$|^\d{9,11}$")


# a number of 8 to 12 digits in groups (or whole): a phone when the tasks group it in different ways, as people
# write phones (an amount or an id is written one way by its system)
_GROUPED = re.compile(r"^\+?(?=(?:\D*\d){8,12}\D*$)\d{2,4}(?:[ .-]\d{2,4}){1,4}$|^\d{8,11}$")


def _grouping(value: str) -> tuple[int, ...]:
    return tuple(len(d) for d in re.findall(r"\d+", value))  # the digits' groups, whatever separates them


def all_phones(values: Sequence[str]) -> bool:
    """Whether every value is a phone number: each of the phone's shape or a national number of 9 to 11 digits,
    one at least of the phone's shape (`+420 775 930 218` beside `739 204 615`: round 37)."""
    vals = [v.strip() for v in values]
    national = [bool(_NATIONAL.match(v)) and 9 <= sum(c.isdigit() for c in v) <= 11 for v in vals]
    if len(vals) >= 2 and all(_GROUPED.match(v) for v in vals) and len(set(map(_grouping, vals))) >= 2:
        return any(not v.isdigit() for v in vals)  # `412 33 907`, `47 95 51 20 36`, `93882715` (round 38)
    return (
        bool(vals)
        and any(map(is_phone, vals))
        and all(is_phone(v) or n for v, n in zip(vals, national, strict=True))
    )


_FILE = re.compile(r"^[\w.-]+\.[A-Za-z0-9]{1,5}$")
_MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY_RANGE = r"\d{1,2}(?:\s?[-–~]\s?\d{1,2})?"
_DAYS = re.compile(rf"(?:{_MONTH_WORD} |\d{{1,2}}/){_DAY_RANGE}", re.I)  # `Dec 12-14`, `12/5-6`
_MONTH_LEFT = re.compile(rf"(?:^|\s){_MONTH_WORD} $", re.I)
_DAYS_ONLY = re.compile(_DAY_RANGE)
_CAPITALISED = re.compile(r"^[A-Z][a-z\u00e0-\u024f]+(?:[ -][A-Z][a-z\u00e0-\u024f]+)*$")

Candidate = tuple[float, str]
_NEXT_KEY = re.compile(r" +[A-Za-z_][\w.-]*=")


def clean_name(word: str) -> str:
    """A placeholder name: lower case, words joined by `_`, letters of any script kept (`kön`, not `k_n`)."""
    word = re.sub(r"(?<=[a-z0-9])(?=[A-Z][a-z])", "_", word)  # `workOrder` -> `work_order`
    return re.sub(r"[\W_]+", "_", word.lower()).strip("_")[:30]


# keys that hold an edit's text, not a role: a package inside `new_string="{}>=1.2"` is no `new_string`
_TEXT_KEYS = frozenset(
    [
        "old_string",
        "new_string",
        "old_str",
        "new_str",
        "old_text",
        "new_text",
        "old",
        "new",
        "content",
        "text",
    ]
    + ["replacement", "patch", "diff", "body", "message"]
)
_FLAG_VERBS = frozenset(["upgrade", "update", "add", "remove", "set", "use", "with", "new"])


def key_name(key: str) -> str:
    """The name a `key=` / `--key` gives what follows it: `` for an edit's text (`new_string`), the
    noun of a verb-noun flag (`--upgrade-package` -> `package`), else the key."""
    name = clean_name(key)
    if name in _TEXT_KEYS:
        return ""
    first, _, rest = name.partition("_")
    return rest if first in _FLAG_VERBS and rest else name


def singular(word: str) -> str:
    """`groups` -> `group` (plain English plurals only)."""
    w = word.lower()
    if len(w) > 3 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


_KWARGS = re.compile(r"[A-Za-z_]\w*=[^\s=]")


def value_class(values: Sequence[str]) -> Candidate | None:
    """A name from what every value is (version, date, url, email, file, path, number)."""
    vals = [v.strip() for v in values if v.strip()]
    if not vals:
        return None
    decimals = [_DECIMAL.match(v) for v in vals]
    if all(decimals) and any(len(m.group(1)) >= 3 for m in decimals if m):
        return 1.8, "number"  # `43.9521`, `176.4422`: a coordinate, an amount, not a version
    for pattern, name in (
        (_IPV4, "address"),
        (_IPV6, "address"),
        (_VERSION, "version"),
        (_DATE, "date"),
        (MONTH, "month"),
        (_URL, "url"),
        (EMAIL, "email"),
    ):
        if all(pattern.match(v) for v in vals):
            return 2.5, name
    if all_phones(vals):
        return 2.5, "phone"
    if period := period_name(vals):  # `July 2026`, `Q2 2026`, `2026年8月`: before a capitalised name
        return 4.5, period
    if all(DATE.fullmatch(v) for v in vals):  # `2026/07/31`, `2026年7月31日`: above a unit after it (`分`)
        return 4.5, "date"
    if all(_KWARGS.match(v) for v in vals):  # `type=int, default=None`: the call's options
        return 2.5, "options"
    if all(_FILE.match(v) for v in vals):
        return 2.5, "file"
    if all("/" in v and " " not in v and re.search(r"/[^\W\d_]", v) for v in vals):  # not `Te2/0/5`
        return 2.5, "path"
    if all(_CAPITALISED.match(v) for v in vals):
        # `Tomás Ruiz`, `Ana Lima`: several capitalised words are a name whatever stands before them
        return (4.2 if all(" " in v for v in vals) else 2.5), "name"
    if all(_PRICE.match(v) for v in vals):
        return 2.5, "price"
    if all(_DAYS.fullmatch(v) for v in vals) and any("-" in v or "–" in v for v in vals):
        return 2.5, "dates"  # `Dec 12-14`, `12/5-6`, `Jan 3-5`: the days of a stay, an event
    if all(_INT.match(v) for v in vals):
        return 1.8, "number"
    if all(_ID.match(v) for v in vals):  # `S20417`, `E-1042`: an id whose prefix varies too
        return 1.8, "id"
    return None


def _after_function_word(text: str) -> bool:
    """Whether the text ends with a function word (`… requested at `): what follows ends a phrase."""
    words = text.split()
    return bool(words) and words[-1].lower() in FUNCTION_WORDS


def candidates(left: str, right: str, values: Sequence[str], in_title: bool) -> list[Candidate]:
    """Candidate names from one occurrence: the text before and after it, its values, where it is."""
    out: list[Candidate] = []
    whole = not right or right[0] in " \t\"'`&,;)]}/?|<>"  # the span is the key's whole value
    # ... in prose ("Alert set: {} to {} under €{}") a word and a colon before a span is no key
    prose = left.rstrip().endswith(":") and bool(re.match(r" +[A-Za-z]", right))
    for pattern in _KEY:
        m = pattern.search(left)
        if m and m.group(0).rstrip(" \"'").endswith(":") and _after_function_word(left[: m.start(1)]):
            continue  # `requested at Hanatsuki: {}`: a sentence's last word before a colon, no label
        if m and len(m.group(1)) > 1 and whole and not prose:
            name = key_name(m.group(1))
            # `text={text}`: the text whole, never a value that opens it (`body={user} 様 …`, round 37)
            if not name and left.endswith("=") and (right[:1] in ("", "`") or _NEXT_KEY.match(right)):
                name = clean_name(m.group(1))
            out.append((5.0, name))
            break
    if not out and whole and not prose:
        for pattern in _PREFIXED_KEY:
            m = pattern.search(left)
            name = key_name(m.group(1)) if m else ""
            if m and len(m.group(1)) > 1 and re.search(r"[^\w]$", left) and name not in _GENERIC_KEYS:
                out.append((4.9, name))  # `room=RM-{}`: the room, after its constant prefix
                break
    m = _HEAD_KEY.search(left) if whole and not out and (not right or _NEXT_KEY.match(right)) else None
    if m and key_name(m.group(1)) not in _GENERIC_KEYS and (m[2] or all(v[:1] in " " for v in values)):
        out.append((4.9, key_name(m.group(1))))  # `by=Aarhus {}`: the varying part after a constant head
    m = _PARTIAL_KEY.search(left) if not whole else None
    if m and not out and _SUFFIX.match(right) and key_name(m.group(1)) not in _GENERIC_KEYS:
        out.append(
            (4.9, key_name(m.group(1)))
        )  # `chair.style={}チェア`: the varying part of the style (round 38)
    m = _CALLING_CODE_KEY.search(left)
    if m and not out and whole:
        out.append((5.0, key_name(m.group(1))))  # `telepon=+62 {}`: the phone number, its country constant
    m = _SIGNED_KEY.search(left)
    if m and not out and whole and all(_NUMBER.match(v.strip()) for v in values if v.strip()):
        out.append((5.0, key_name(m.group(1))))  # `lat=-{}`: the latitude, its sign constant
    m = _QUOTED_OPTION.search(left)
    if m and not out and whole:  # `--tlf "{}"`: the option's quoted value (round 38)
        out.append((5.0, "phone" if all_phones(values) else key_name(m.group(1))))
    m = _QUOTED_KEY.search(left)
    if m and not out and re.match(r"[^\"'\n{}]{0,3}[\"']", right):  # `help="{}."`: the quoted value
        out.append((5.0, key_name(m.group(1))))
    if re.search(r"(?:^|[\s\"'\[(=`])--$", left) and not out:  # `"--{}"`: the flag's own name
        out.append((5.0, "flag"))
    m = _CJK_KEY.search(left)
    if m and whole and not out:
        out.append((5.0, m.group(1)))
    if _HOST_RIGHT.match(right) and (not left or left[-1] in " @/'\""):
        out.append((4.5, "host"))
    numeric = all(_INT.match(v.strip()) for v in values if v.strip())
    m = _RIGHT_WORD.match(right)
    qualifies = left.rstrip().lower().rsplit(" ", 1)[-1] in DETERMINERS and left.endswith(" ")
    if m and m.group(1) not in FUNCTION_WORDS and (qualifies or (numeric and in_title)):
        words = [m.group(1)]
        if m.group(2) and m.group(2) not in FUNCTION_WORDS and right[m.end() :][:1] in ("", " ", ".", ","):
            words.append(m.group(2))
        out.append((4.0 if in_title else 2.0, clean_name("_".join(words))))
    m = _LEFT_WORD.search(left)
    if _MONTH_LEFT.search(left) and all(_DAYS_ONLY.fullmatch(v.strip()) for v in values if v.strip()):
        out.append((4.5, "days"))  # `stay Dec {}` with `10-20`, `11-19`: the days, not a `dec`
    elif in_title and m and m.group(1).lower() not in FUNCTION_WORDS and left.strip() != m.group(1):
        out.append((4.0, clean_name(m.group(1))))
    if right[:1] and right[0] in _CJK_COUNTERS:
        out.append((4.0, _CJK_COUNTERS[right[0]]))
    m = _SEGMENT.search(left)
    if m and "." not in m.group(1):
        out.append((3.0, clean_name(singular(m.group(1)))))
    if right.startswith("@") and _HOST_RIGHT.match("." + right[1:]):  # `{}@acme.test`: a mailbox
        out.append((2.5, "user"))
    if (left[-1:] or "_") in _CURRENCY or (right[:1] or "_") in _CURRENCY:  # `below €{}`, `{} $`
        out.append((4.6, "price"))
    if _PKG_SPEC.match(right) or _PKG_CMD.search(left):  # `uv add {}=={}`, `pip install -U {}`
        out.append((3.0, "package"))
    cls = value_class(values)
    if cls:
        # an e-mail address or an amount is what it is, whatever flag passes it (`--to {email}`)
        out.append((5.5, cls[1]) if cls[1] in ("email", "price") else cls)
    m = _VERB_NOUN.search(left)
    if m and not in_title:  # `add-member {}`, `set-owner {}`: the noun the command takes
        out.append((2.0, clean_name(m.group(1))))
    m = _SUBCOMMAND.match(left)
    if m and not in_title and m.group(1) not in FUNCTION_WORDS and m.group(2) not in FUNCTION_WORDS:
        # `dirctl account unlock {}`, `idpctl users show {}`: the first argument of a `noun verb`
        # subcommand is one of those nouns (a user id is the `user`, not the `show`)
        out.append((2.2, clean_name(singular(m.group(1)))))
    m = _GLUED_RIGHT.match(right)
    if m and not numeric:
        out.append((2.0, clean_name(m.group(1))))
    last = left.rstrip().lower().rsplit(" ", 1)[-1] if left.strip() else ""
    if left.endswith(" ") and last in _TARGET:
        out.append((1.5, "target"))
    elif left.endswith(" ") and last == "from":
        out.append((1.5, "source"))
    particle = next((name for p, name in _JA_PARTICLES if right.startswith(p)), "")
    if particle:  # `{}を置いて` object, `{}に` / `{}へ` target, `{}から` source
        out.append((1.5 if particle != "object" else 0.8, particle))
    if left.endswith(" ") and (last in DETERMINERS or len(left.split()) == 1):
        out.append((0.8, "object"))
    m = _STEP_NOUN.search(left)
    if m and not in_title and m.group(1) not in FUNCTION_WORDS and m.group(1) not in _STEP_VERBS:
        out.append(
            (1.2, clean_name(m.group(1)))
        )  # `interface {}`: the noun a command writes before its value
    m = _GLUED_LEFT.search(left)
    if m:
        out.append((0.7, clean_name(m.group(1))))
    return [c for c in out if c[1]]


def choose(evidence: Sequence[Candidate], taken: set[str]) -> str:
    """The strongest free name (most frequent within its tier, at most one tier down), else `best2`..."""
    tally: Counter[tuple[float, str]] = Counter(evidence)
    ranked = sorted(tally, key=lambda c: (-c[0], -tally[c], c[1]))
    for tier, name in ranked:
        if tier < ranked[0][0] - 1.0:
            break  # a much weaker name is worse than a numbered strong one
        if name not in taken:
            return name
    base = ranked[0][1] if ranked else "value"
    if base not in taken:
        return base
    n = 2
    while f"{base}{n}" in taken:
        n += 1
    return f"{base}{n}"
