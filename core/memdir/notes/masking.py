"""Masking new secrets in a note the store is about to write: the store's choke point for secrets.

Whatever memdir writes into a note (a verb's text, a generated note, a line appended by the daily
run, a frontmatter value) passes here first. A secret the file did not hold before is masked
(`[REDACTED]`); a secret already in the file stays byte for byte, so a person's note is never
rewritten, only kept from growing a new secret. Frontmatter values are masked as values (the
YAML stays valid and keeps its types); the body is masked in place.
"""

from __future__ import annotations

from typing import Any

from memdir.errors import NoteError
from memdir.notes.frontmatter import parse_yaml, split_text, update_yaml_text
from memdir.redaction import MASK, find_secrets
from memdir.secret_echoes import echo_values


def _mask_spans(text: str, old: str, known: frozenset[str]) -> tuple[str, int]:
    """Text with every secret (and every `known` one) that old does not contain masked; (text, secrets masked)."""
    spans = [(a, b) for a, b in find_secrets(text, known) if text[a:b] not in old]
    if not spans:
        return text, 0
    out: list[str] = []
    pos = 0
    for a, b in spans:
        out += [text[pos:a], MASK]
        pos = b
    out.append(text[pos:])
    return "".join(out), len(spans)


def _mask_value(value: Any, old: str, known: frozenset[str]) -> tuple[Any, int]:
    if isinstance(value, str):
        return _mask_spans(value, old, known)
    if isinstance(value, list):
        items = [_mask_value(v, old, known) for v in value]
        return [v for v, _ in items], sum(n for _, n in items)
    if isinstance(value, dict):
        pairs = {k: _mask_value(v, old, known) for k, v in value.items()}
        return {k: v for k, (v, _) in pairs.items()}, sum(n for _, n in pairs.values())
    return value, 0


def mask_new_secrets(new: str, old: str = "") -> tuple[str, int]:
    """new with the secrets old does not already hold masked; (text, number masked).

    The whole file is one write: a value found to be a secret anywhere in it (the body's
    `## Reasons`) is masked everywhere in it (a frontmatter list of `options`, a heading).
    """
    spans = find_secrets(new)
    if not spans:
        return new, 0
    known = echo_values(new[a:b] for a, b in spans)
    split = split_text(new)
    if not split.has_frontmatter:
        return _mask_spans(new, old, known)
    masked_body, count = _mask_spans(split.body, old, known)
    if find_secrets(split.yaml_text, known):
        try:
            meta = parse_yaml(split.yaml_text)
            changes: dict[str, object] = {}
            for key, value in meta.items():
                masked, n = _mask_value(value, old, known)
                if n:
                    changes[str(key)] = masked
                    count += n
            if changes:
                split.yaml_text = update_yaml_text(split.yaml_text, changes)
        except NoteError:  # frontmatter memdir cannot read is text: mask it as text
            split.yaml_text, n = _mask_spans(split.yaml_text, old, known)
            count += n
    split.body = masked_body
    return split.join(), count


def mask_new_bytes(data: bytes, old: bytes) -> tuple[bytes, int]:
    """The bytes about to replace `old` with every secret `old` did not hold masked, and how many were.

    Another writer's bad bytes stay as they were (surrogateescape); in an append only the new part can
    bring a secret, so only it is read.
    """
    text = data.decode("utf-8", "surrogateescape")
    before = old.decode("utf-8", "surrogateescape")
    if old and data.startswith(old):
        tail, n = mask_new_secrets(text[len(before) :], before)
        text = before + tail
    else:
        text, n = mask_new_secrets(text, before)
    if not n:
        return data, 0
    return text.encode("utf-8", "surrogateescape"), n
