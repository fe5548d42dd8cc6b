"""The detectors' spans: where in a text the secrets are, before any merging or masking (`memdir.redaction`).

detect-secrets' vendor plugins, the shapes of `secret_rules.py`, the names of `secret_named.py`,
the positions of `secret_positions.py`, the contexts of `secret_context.py` and the national ids and
account numbers of `secret_ids.py`, run on the text as
it is and, when it holds JSON or shell escapes, on the text as it reads.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterator

from memdir.secret_context import code_list_spans, context_spans
from memdir.secret_ids import id_spans
from memdir.secret_named import named_spans
from memdir.secret_names import names_secret
from memdir.secret_positions import position_spans
from memdir.secret_prose import prose_spans
from memdir.secret_rules import RULES, value_is_secret

log = logging.getLogger(__name__)

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
    for spans in (named_spans, position_spans, prose_spans, context_spans, code_list_spans, id_spans):
        found.update(spans(text))
    return found


def detect_spans(text: str) -> set[tuple[int, int]]:
    """The spans the detectors find in text (also inside JSON-escaped strings), unmerged."""
    found = _spans(text)
    view = _unescaped(text)
    if view is not None:  # a JSON payload holding `{\"password\": \"...\"}`: scan it as it reads
        plain, where = view
        found |= {(where[a], where[b - 1] + 1) for a, b in _spans(plain)}
    return found
