"""Secret redaction: applied to episode text before any LLM call and before any note is written."""

from __future__ import annotations

import re

MASK = "[REDACTED]"

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "private_key",
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)",
            re.S,
        ),
    ),
    ("aws_access_key", re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16}\b")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b")),
    (
        "provider_key",
        re.compile(
            r"\b(?:sk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|"
            r"xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{30,}|glpat-[A-Za-z0-9_-]{20,}|hf_[A-Za-z0-9]{20,}|"
            r"sk_live_[A-Za-z0-9]{16,}|rk_live_[A-Za-z0-9]{16,}|npm_[A-Za-z0-9]{30,})"
        ),
    ),
    ("bearer", re.compile(r"(?i)\b(bearer|token)\s+[A-Za-z0-9._~+/=-]{16,}")),
    ("url_credentials", re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://[^\s:/@]+:)[^\s@/]+(@)")),
    (
        "assignment",
        re.compile(
            r"(?i)\b((?:[A-Z0-9_]*_|PG)?(?:password|passwd|pwd|passphrase|secret|api[_-]?key|apikey|access[_-]?key|"
            r"secret[_-]?key|auth[_-]?token|access[_-]?token|refresh[_-]?token|client[_-]?secret|token|"
            r"パスワード)(?:_[A-Z0-9_]+)?[\"']?[ \t]*(?:[:=]|：)[ \t]*)(\"[^\"\n]+\"|'[^'\n]+'|[^\s,;\"'`]+)"
        ),
    ),
    (
        "spoken_password",
        re.compile(
            r"(?i)\b((?:password|passwd|passphrase|secret|token)\s+(?:is|was|=)\s+)"
            r"(?=\S*[\d!@#$%^&*_+=-])([^\s,;\"'`]{6,})"
        ),
    ),
]


def redact(text: str) -> tuple[str, int]:
    """Mask secrets in text; returns (redacted text, number of secrets masked)."""
    count = 0

    def sub(kind: str, m: re.Match[str]) -> str:
        nonlocal count
        if kind == "assignment" and m.group(2) == MASK:
            return m.group(0)
        count += 1
        if kind == "bearer":
            return f"{m.group(1)} {MASK}"
        if kind == "url_credentials":
            return f"{m.group(1)}{MASK}{m.group(2)}"
        if kind in ("assignment", "spoken_password"):
            return f"{m.group(1)}{MASK}"
        return MASK

    out = text
    for kind, pat in _PATTERNS:
        out = pat.sub(lambda m, k=kind: sub(k, m), out)  # type: ignore[misc]
    return out, count


def redact_text(text: str) -> str:
    """Mask secrets in text."""
    return redact(text)[0]
