"""Secret detection and redaction: before any LLM call and before any note, name, id, title or review item.

Two detectors find the spans to mask, and both always run:

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
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterator

from memdir.secret_context import code_list_spans, context_spans
from memdir.secret_named import named_spans
from memdir.secret_names import names_secret
from memdir.secret_positions import position_spans
from memdir.secret_rules import RULES, value_is_secret

log = logging.getLogger(__name__)

MASK = "[REDACTED]"  # literal in rendered Markdown, where an unknown <tag> would vanish
# entropy plugins flag hashes and digests; the keyword plugin is covered by the assignment rules; the
# private-key plugin masks the BEGIN line only (the rules mask the key's body)
_SKIP_PLUGINS = {
    "Base64HighEntropyString",
    "HexHighEntropyString",
    "IPPublicDetector",
    "KeywordDetector",
    "PrivateKeyDetector",
}
_CALL = re.compile(
    r"[A-Za-z_][A-Za-z_.]{2,}\((?:[\"'A-Za-z_)]|$)"
)  # `auth=HTTPDigestAuth(...)`: a call, not a value
# a mask, also as memdir's own names spell it: an anchor or file name made from masked text holds
# `-redacted-` (`1200-トークンは-redacted-です`), and masking that again would change an id memdir stores
_MASKED = re.compile(r"(?i)[-_\s]*(?:<redacted>|\[redacted\]|redacted)[-_\s]*")


@functools.lru_cache(maxsize=1)
def _plugin_patterns() -> tuple[re.Pattern[str], ...]:
    """The regexes of detect-secrets' vendor plugins (entropy, keyword and IP plugins left out)."""
    try:
        from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
        from detect_secrets.plugins.base import RegexBasedDetector
    except ImportError:  # pragma: no cover - a declared dependency; memdir's own rules still run
        log.warning("detect-secrets is not installed; redacting with memdir's own rules only")
        return ()
    patterns: list[re.Pattern[str]] = []
    classes: list[type] = list(get_mapping_from_secret_type_to_class().values())
    for cls in classes:
        if cls.__name__ in _SKIP_PLUGINS or not issubclass(cls, RegexBasedDetector):
            continue
        patterns.extend(cls().denylist)
    return tuple(patterns)


def _unquote(text: str, start: int, end: int) -> tuple[int, int]:
    if end - start >= 2 and text[start] == text[end - 1] and text[start] in "\"'":
        return start + 1, end - 1
    while end > start and text[end - 1] in ")]}.":  # `key=value)` in code, `... secret=x.` in prose
        end -= 1
    return start, end


def _rule_spans(text: str) -> Iterator[tuple[int, int]]:
    for rule in RULES:
        if rule.needs is not None and not rule.needs.search(text):
            continue
        for m in rule.pattern.finditer(text):
            raw = m.group(rule.group)
            if rule.check is not None:
                if not rule.check(raw):
                    continue
            elif rule.name == "k8s_env":
                key = m.group(1)
                if not value_is_secret(key, raw) or not names_secret(key):  # secretName, password_changed_at
                    continue
                if raw[1:2] in tuple(")]},;") or _CALL.match(raw):
                    continue  # code, not a value: `expect('Password: '); send(...)`, `auth=HTTPDigestAuth(...)`
            elif rule.group and rule.name != "private_key" and not value_is_secret("", raw):
                continue
            start, end = _unquote(text, *m.span(rule.group))
            if end > start:
                yield start, end


def _plugin_spans(text: str) -> Iterator[tuple[int, int]]:
    for pattern in _plugin_patterns():
        for m in pattern.finditer(text):
            groups = [i for i in range(1, (pattern.groups or 0) + 1) if m.group(i)]
            best = max(groups, key=lambda i: len(m.group(i)), default=0)
            span = m.span(best) if best and len(m.group(best)) >= 8 else m.span()
            if span[1] > span[0]:
                yield span


_ESCAPES = {'\\"': '"', "\\'": "'", "\\n": "\n", "\\t": "\t", "\\\\": "\\", "\\/": "/"}
_ESCAPE = re.compile(r"\\[\"'nt\\/]")


def _unescaped(text: str) -> tuple[str, list[int]] | None:
    """Text with JSON/shell escapes (`\\"`, `\\n`) undone, and the original offset of every character."""
    if "\\" not in text:
        return None
    out: list[str] = []
    where: list[int] = []
    pos = 0
    for m in _ESCAPE.finditer(text):
        out.append(text[pos : m.start()])
        where.extend(range(pos, m.start()))
        out.append(_ESCAPES[m.group(0)])
        where.append(m.start())
        pos = m.end()
    out.append(text[pos:])
    where.extend(range(pos, len(text) + 1))
    return "".join(out), where


def _spans(text: str) -> set[tuple[int, int]]:
    found = set(_rule_spans(text)) | set(_plugin_spans(text))
    for spans in (named_spans, position_spans, context_spans, code_list_spans):
        found.update(spans(text))
    return found


def find_secrets(text: str) -> list[tuple[int, int]]:
    """Sorted, merged (start, end) spans of the secrets in text (also inside JSON-escaped strings)."""
    found = _spans(text)
    view = _unescaped(text)
    if view is not None:  # a JSON payload holding `{\"password\": \"...\"}`: scan it as it reads
        plain, where = view
        found |= {(where[a], where[b - 1] + 1) for a, b in _spans(plain)}
    spans = sorted(found)
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if _MASKED.fullmatch(text[start:end]):
            continue
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def redact(text: str) -> tuple[str, int]:
    """Mask secrets in text; returns (redacted text, number of secrets masked)."""
    if not text:
        return text, 0
    spans = find_secrets(text)
    if not spans:
        return text, 0
    out: list[str] = []
    pos = 0
    for start, end in spans:
        out.append(text[pos:start])
        out.append(MASK)
        pos = end
    out.append(text[pos:])
    return "".join(out), len(spans)


def redact_text(text: str) -> str:
    """Mask secrets in text."""
    if len(text) <= 200:
        return _redact_short(text)
    return redact(text)[0]


@functools.lru_cache(maxsize=65536)
def _redact_short(text: str) -> str:
    """redact_text of a short string, cached: state files and the catalog repeat ids and titles."""
    return redact(text)[0]


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
