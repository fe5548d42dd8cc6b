"""Secrets in structured values (an event's `input` object, an argv list), found by their place.

A string masked on its own misses what the structure says: `{"password": "Hunter2-Aozora!"}`
holds a password although the string `Hunter2-Aozora!` names nothing, and `["mysql", "-p",
"s3cr3t"]` is a command line cut into words. So, before every string is redacted as text:

- a value under a key that names a secret (`secret_names.names_secret`: password, api_key,
  Authorization, x-auth-token, Cookie, パスワード, APIキー, ... in any case and spelling) is masked
  whole: a string, a list's items, and under a password's name a number or any word (`letmein`);
  under other names (token, key, signature) a value one could use as a credential (not a plain word,
  a number, a path); under a name ending in a bare `key` (`X-Shop-Key`, `LINEAR_KEY`) a random
  value (`secret_named.named_value`, the rule the text detector reads `X-Shop-Key=…` by, which `lint`
  shares: trial 30 #14). An `Authorization` value keeps its scheme word (`DeepL-Auth-Key [REDACTED]`,
  `Basic [REDACTED]`). An object under such a key is walked as any other. Left to the text
  detectors: a structured record id (`"pass": "LP-7781203"`, a ski pass) and an agent log's
  `session`/`sessionId` (the conversation's id, which groups events);
- a list of strings is read as one command line (its words joined by spaces), so an option and
  its value in two elements are found as in a string;
- a string that holds a JSON object or list is read as that value too, and the secrets found in
  it are masked where they stand in the string.

Placeholders stay (`"$DB_PASSWORD"`, `"<token>"`, `"${{ secrets.X }}"`): they are no secret and
they say what the call needed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from memdir.secret_named import credential_value, named_value
from memdir.secret_named import is_placeholder as _named_placeholder
from memdir.secret_names import names_password, names_secret

MASK = "[REDACTED]"
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9._-]{0,40})[ \t]+(?=\S)")  # `DeepL-Auth-Key 9f8e…`, `Basic dXN…`
_AUTH_KEY = re.compile(r"(?i)authori[sz]ation")
_COOKIE = re.compile(r"(?i)(?:set[-_]?)?cookies?")  # a Cookie header's pairs are sessions and tokens
# an agent log's `session`, `sessionId`, `sid`: the conversation's id, read to group events (a web
# session's secret is named `session_token`, `Cookie`, ...; the text detectors still judge the value)
_SESSION = re.compile(r"(?i)(?:^|[-_.]|(?<=[a-z]))(?:session|sess|sid)(?:[-_.]?id)?$")
_STRUCTURED_ID = re.compile(r"^[A-Za-z]{1,6}(?:[-_][0-9]{2,8}){1,4}$")
# a record id is told from a password only under a bare `pass` (a ski pass, a boarding pass): under `password`,
# `passphrase`, `pwd` a value shaped like `Copper-77` is a password (trial 25's wifi passphrases)
_BARE_PASS = re.compile(r"(?:^|[^A-Za-z])pass$|(?<=[a-z])Pass$", re.IGNORECASE)
_JA_PASSWORD = re.compile(r"パスワード|暗証番号|合言葉|パスフレーズ|パスコード|ＰＩＮ")
_PATH = re.compile(r"(?:~|\.{1,2})?/[\w.@%+-]*[A-Za-z][\w.@%+/-]*$")
_JSON_START = re.compile(r"\s*[\[{]")

MAX_DEPTH = 40  # an event holds at most 32 levels (activity.MAX_DEPTH); a JSON string in it a few more
Spans = Callable[[str], list[tuple[int, int]]]


def is_placeholder(value: str) -> bool:
    """A placeholder (`$DB_PASS`, `<token>`, `***`, `DB_PASSWORD`), not a capital word (`HUNTER2`)."""
    return _named_placeholder(value) and not re.fullmatch(r"[A-Z0-9]+", value.strip())


def _password(key: str) -> bool:
    return names_password(key) or bool(_JA_PASSWORD.search(key))


def _masked_scalar(value: object, key: str) -> object:
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float):
        return MASK if _password(key) else value  # `"pin": 4321`, `"暗証番号": 4071`; not `"retries": 3`
    if not isinstance(value, str):
        return value
    bare = value.strip()
    record_id = bool(_STRUCTURED_ID.match(bare)) and bool(_BARE_PASS.search(key))
    if not bare or MASK in bare or is_placeholder(bare) or record_id or _PATH.match(bare):
        return (
            value  # `"pass": "LP-7781203"`, a ski pass's number; `"PWD": "/home/ci"`, the shell's directory
        )
    scheme = _SCHEME.match(bare) if _AUTH_KEY.search(key) else None
    if scheme and not is_placeholder(bare[scheme.end() :].strip()):
        return f"{scheme.group(1)} {MASK}"
    # a password may be any word (`letmein`); a token, a key, a signature is one a person could use
    return MASK if _password(key) or credential_value(bare) else value


def _under_secret(value: object, key: str, found: set[str]) -> object:
    """A value under a key that names a secret: a string or number masked whole, a list's items too."""
    if isinstance(value, list | tuple):
        return [_under_secret(v, key, found) for v in value]
    masked = _masked_scalar(value, key)
    if isinstance(value, str) and masked != value:  # with its scheme kept, the credential after it
        found.add(value.strip() if masked == MASK else value.strip().split(None, 1)[1])
    return masked


def _argv(words: list[str], spans: Spans, found: set[str]) -> list[str]:
    """A list of strings read as one command line: the secrets found in it masked in its words."""
    line = " ".join(words)
    starts: list[int] = []
    pos = 0
    for w in words:
        starts.append(pos)
        pos += len(w) + 1
    cuts = spans(line)
    if not cuts:
        return words
    out = list(words)
    for i, (w, s) in enumerate(zip(words, starts, strict=True)):
        parts = [(max(a, s) - s, min(b, s + len(w)) - s) for a, b in cuts if a < s + len(w) and b > s]
        if not parts:
            continue
        text, shift = w, 0
        for a, b in parts:
            found.add(w[a:b])
            text = text[: a + shift] + MASK + text[b + shift :]
            shift += len(MASK) - (b - a)
        out[i] = text
    return out


def _json_string(text: str, spans: Spans, found: set[str], depth: int) -> str:
    """A string that holds JSON: the values its structure makes secrets, masked where they stand."""
    if not _JSON_START.match(text):
        return text
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested past what Python parses
        return text
    inner: set[str] = set()
    walk(parsed, spans, inner, depth + 1)
    for value in sorted(inner, key=len, reverse=True):
        quoted = json.dumps(value, ensure_ascii=False)[1:-1]
        text = text.replace(f'"{quoted}"', f'"{MASK}"')
        if quoted != value or len(value) >= 6:
            text = text.replace(quoted, MASK)
    found |= inner
    return text


def walk(value: object, spans: Spans, found: set[str], depth: int = 0) -> object:
    """value with the secrets its structure names masked; the values masked are added to found.

    Past MAX_DEPTH levels (objects, lists and JSON strings in strings) a value is left to the text
    detectors, which read every string anyway."""
    if depth > MAX_DEPTH:
        return value
    if isinstance(value, str):
        return _json_string(value, spans, found, depth)
    if isinstance(value, dict):
        return {
            k: (
                _under_secret(v, k, found)
                if isinstance(k, str)
                and not isinstance(v, dict)
                and (names_secret(k) or _COOKIE.fullmatch(k) or (isinstance(v, str) and named_value(k, v)))
                and not _SESSION.search(k)
                else walk(v, spans, found, depth + 1)
            )
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        if len(value) > 1 and all(isinstance(v, str) for v in value):
            value = _argv([str(v) for v in value], spans, found)
        return [walk(v, spans, found, depth + 1) for v in value]
    return value
