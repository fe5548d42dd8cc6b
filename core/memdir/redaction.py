"""Secret detection and redaction: before any LLM call and before any note, name, id, title or review item.

Two detectors find the spans to mask (`secret_detect.py`), and both always run:

- detect-secrets' vendor plugins (AWS, GitHub, GitLab, Slack, Stripe, Twilio, SendGrid, npm, PyPI,
  OpenAI, JWT, Discord, Telegram, Azure storage, private keys, ...), a maintained rule set;
- memdir's own rules: values whose key, flag, option, header or element names a secret in any
  spelling (`secret_named.py`, judged by `secret_names.py`), values in a credential position
  (`secret_positions.py`: (user, password) pairs, `.pgpass` lines, prompt answers, ...), random
  values on a line that names a credential (`secret_context.py`), and the shapes of
  `secret_rules.py` (URL credentials, Authorization headers, private-key bodies, vendor prefixes).

Only the secret is masked, so the text stays readable: `password=[REDACTED]`,
`postgres://app:[REDACTED]@db:5432/x`, `-----BEGIN RSA PRIVATE KEY-----[REDACTED]-----END ...`.
Redact whole texts before cutting them: a key on the cut would otherwise survive as half a key.
Redaction applies to what memdir generates or sends; a person's note is never rewritten.

A value found to be a secret is masked wherever it recurs: later in the same text, and in every
other field of the same write (`redact_together`, `redact_record`, `secret_values`: an event's
id and tool, a decision's options, a note's title and file name). Which values recur as the
same secret: `secret_echoes.py`.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Collection, Iterable, Iterator

from memdir.secret_detect import detect_spans
from memdir.secret_echoes import echo_spans, echo_values, echoable
from memdir.secret_fields import walk

MASK = "[REDACTED]"  # literal in rendered Markdown, where an unknown <tag> would vanish
# a mask, also as memdir's own names spell it: an anchor or file name made from masked text holds
# `-redacted-` (`1200-トークンは-redacted-です`), and masking that again would change an id memdir stores
_MASKED = re.compile(r"(?i)[-_\s]*(?:<redacted>|\[redacted\]|redacted)[-_\s]*")


def _merged(text: str, found: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(found):
        if _MASKED.fullmatch(text[start:end]):
            continue
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _with_echoes(text: str, found: set[tuple[int, int]], known: Collection[str]) -> list[tuple[int, int]]:
    """found, plus every occurrence of a value found (or known) to be a secret (`secret_echoes.py`)."""
    values = echo_values(text[a:b] for a, b in found) | frozenset(known)
    return _merged(text, found.union(echo_spans(text, values)) if values else found)


def find_secrets(text: str, known: Collection[str] = ()) -> list[tuple[int, int]]:
    """Sorted, merged (start, end) spans of the secrets in text (also inside JSON-escaped strings).

    A value found to be a secret is masked wherever it occurs in text, and so is every value of
    `known` (the secrets found elsewhere in the same write: `secret_values`).
    """
    return _with_echoes(text, set(_detected(text)), known)


def secret_values(texts: Iterable[str]) -> frozenset[str]:
    """The values found to be secrets in any of the texts, to be masked in all of them (one write)."""
    return echo_values(t[a:b] for t in texts if t for a, b in _detected_cached(t))


_WORD = re.compile(r"[^\s()\[\]{}<>\"'`,;]+")  # a word, brackets and quotes cut off
# a word no prose writes: a digit, a capital inside, a symbol (`Zr4…`, `p@ss`), not `all-hands`
_NOT_PROSE = re.compile(r"\d|.[A-Z]|[^\w.\-]")
_REPEATED: dict[str, frozenset[str]] = {}  # secret_values by the text's digest


def secrets_repeated(short: str, text: str) -> frozenset[str]:
    """The secrets of text that short (its heading, title or description) repeats with nothing
    naming them (`## psql with Zr4…` over `PGPASSWORD=Zr4…`). Text is scanned only when short has
    a word that text holds and that is no word of prose (a digit, a symbol, a capital inside; a
    hyphenated `all-hands` is prose), or one of 16 characters or more."""
    lowered = text.lower()
    words = (w.strip(".:!?。、") for w in _WORD.findall(short))
    words = (w for w in words if echoable(w) and (len(w) >= 16 or _NOT_PROSE.search(w)))
    if not any(w.lower() in lowered for w in words):
        return frozenset()
    key = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()  # day files are parsed often
    if key not in _REPEATED:
        if len(_REPEATED) >= 4096:
            _REPEATED.clear()
        _REPEATED[key] = secret_values([text])
    return _REPEATED[key]


_NUMERIC = re.compile(r"[\d\s:.,+\-TZ/]*")  # a time stamp, a date, a number: nothing can name a secret in it


def _detected_cached(text: str) -> frozenset[tuple[int, int]]:
    if len(text) <= 40 and _NUMERIC.fullmatch(text):  # every event's `ts`: unique, so never cached
        return frozenset()
    return _detected(text)


def _detected(text: str) -> frozenset[tuple[int, int]]:
    """detect_spans of text, kept for texts up to MAX_CACHED characters."""
    if len(text) <= 200:
        return _detected_short(text)
    if len(text) <= MAX_CACHED:
        return _detected_long(text)
    return frozenset(detect_spans(text))


@functools.lru_cache(maxsize=65536)
def _detected_short(text: str) -> frozenset[tuple[int, int]]:
    """detect_spans of a short string, cached: ids, titles and tags recur across writes."""
    return frozenset(detect_spans(text))


_LONG: dict[str, frozenset[tuple[int, int]]] = {}  # detect_spans of longer texts, by the text
_LONG_CHARS = [0]  # the characters of the texts _LONG keeps
LONG_BUDGET = 8_000_000  # ... at most; then it starts afresh


def _detected_long(text: str) -> frozenset[tuple[int, int]]:
    """detect_spans of a longer text, kept: a daily run scans each episode's text when it reads it, when
    it plans its part and when it writes the note (far apart, so an LRU of a few entries would miss)."""
    found = _LONG.get(text)
    if found is None:
        found = frozenset(detect_spans(text))
        if _LONG_CHARS[0] + len(text) > LONG_BUDGET:
            _LONG.clear()
            _LONG_CHARS[0] = 0
        _LONG[text] = found
        _LONG_CHARS[0] += len(text)
    return found


def secret_lines(text: str) -> list[int]:
    """The 1-based lines of text where a secret-like value starts (the values themselves are never
    returned: `memdir lint` and `read_note` name the line, not the secret)."""
    return sorted({text.count("\n", 0, start) + 1 for start, _ in find_secrets(text)})


def _masked(text: str, spans: list[tuple[int, int]]) -> str:
    out: list[str] = []
    pos = 0
    for start, end in spans:
        out += [text[pos:start], MASK]
        pos = end
    out.append(text[pos:])
    return "".join(out)


def redact(text: str, known: Collection[str] = ()) -> tuple[str, int]:
    """Mask secrets in text (and the `known` ones); returns (redacted text, number of secrets masked)."""
    if not text:
        return text, 0
    spans = _with_echoes(text, set(_detected(text)), known)
    return (_masked(text, spans), len(spans)) if spans else (text, 0)


def redact_text(text: str, known: frozenset[str] = frozenset()) -> str:
    """Mask secrets in text, and every occurrence of the `known` secrets of the same write."""
    if len(text) <= 200:
        return _redact_short(text, known)
    if len(text) <= MAX_CACHED:
        return _redact_long(text, known)
    return redact(text, known)[0]


MAX_CACHED = 20_000  # a note's section: run state is saved (and masked whole) many times in one run


@functools.lru_cache(maxsize=2048)
def _redact_long(text: str, known: frozenset[str]) -> str:
    """redact_text of a longer string, cached: every save of run state masks its section texts again."""
    return redact(text, known)[0]


@functools.lru_cache(maxsize=65536)
def _redact_short(text: str, known: frozenset[str]) -> str:
    """redact_text of a short string, cached: state files and the catalog repeat ids and titles."""
    return redact(text, known)[0]


def _redacted_all(texts: Iterable[str]) -> dict[str, str]:
    """Each distinct text of one write, redacted, with the secrets found in any of them masked in all."""
    found = {t: _detected_cached(t) for t in set(texts) if t}
    known = echo_values(t[a:b] for t, spans in found.items() for a, b in spans)
    out = {}
    for text, spans in found.items():
        merged = _with_echoes(text, set(spans), known)
        out[text] = _masked(text, merged) if merged else text
    return out


def redact_together(texts: Iterable[str]) -> list[str]:
    """The texts of one write, each redacted, with a secret found in any of them masked in all."""
    texts = list(texts)
    done = _redacted_all(texts)
    return [done.get(t, t) for t in texts]


def redact_value(value: object) -> object:
    """A JSON-like value with every string in it, keys included, redacted (dicts and lists walked).

    Memdir's JSON files (run state, the index catalog, activity lines, the archive log) are written
    from this, never by masking the serialized text, where a mask could cut a JSON escape in two.
    """
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, dict):
        return {redact_text(k) if isinstance(k, str) else k: redact_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact_value(v) for v in value]
    return value


def _strings(value: object) -> Iterator[str]:
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, str):
            yield v
        elif isinstance(v, dict):
            todo += [k for k in v if isinstance(k, str)] + list(v.values())
        elif isinstance(v, list | tuple):
            todo += list(v)


def _replaced(value: object, done: dict[str, str]) -> object:
    if isinstance(value, str):
        return done.get(value, value)
    if isinstance(value, dict):
        return {_replaced(k, done): _replaced(v, done) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_replaced(v, done) for v in value]
    return value


def redact_record(value: object) -> object:
    """redact_value of what is written at once (activity events): a secret found in any of its
    strings, keys included, is masked in every one of them (`"summary": "password=X"`, `"tool": "X"`).

    The structure is read first (`secret_fields.py`): a value under a key that names a secret is
    masked whatever its form, a list of words is read as one command line, a string holding JSON
    as that JSON; the values so found are masked wherever else they occur in the write."""
    found: set[str] = set()
    value = walk(value, find_secrets, found)
    texts = list(_strings(value))
    found_values = echo_values(found)
    done = _redacted_all(texts)
    if found_values:
        done = {t: redact_text(r, found_values) for t, r in done.items()}
    return _replaced(value, done)
