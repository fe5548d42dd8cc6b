"""Random-looking values, masked only where the line around them names a credential.

Entropy alone flags hashes, digests, UUIDs and build ids, which must stay. Here a value is a
secret when it is random (`high_entropy`: 20+ characters, upper and lower case and digits mixed at
random, or a short prefix before a long random tail, `lin_api_…`, `shpss_…`) AND its line names a
credential (`client secret`, `server key`, `Authorization:`, `webhook`, `authenticates`,
`パスワード`, `トークン`, ...) AND nothing on the line says it is a public thing or a checksum
(`public key`, `fingerprint`, `sha256:`, `integrity`). Also: a list of one-time codes under a line
that names them (recovery codes, backup codes, リカバリーコード).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator

# words that say a line speaks of a credential (`key` only with a word that makes it one)
_CONTEXT = re.compile(
    r"(?i)(?<![a-z])(?:password|passwd|passphrase|secret|token|credentials?|bearer|webhooks?|"
    r"auth(?:orization|enticat\w*|[_ -]?token)?|(?:api|private|secret|access|server|signing|master|recovery|"
    r"account|license|client|app)[ _-]?key|sk|pat)(?![a-z])|パスワード|トークン|秘密|シークレット|認証|キー"
)
# the credential word is the name of something else: token id, secret name, key fingerprint
_CONTEXT_NOT = re.compile(
    r"(?i)[ _-]?(?:ids?|names?|fingerprints?|hash|digest|length|prefix|count|type)\b|の?(?:ID|ＩＤ|名|番号|長さ|数|指紋)"
)
# an id just before the value: `request req_8f3K…`, `build 2024…`, `trace id …`
_ID_BEFORE = re.compile(
    r"(?i)\b(?:ids?|request|req|trace|span|build|commit|order|user|playlist|video|record|job|run|row|ref|uuid|"
    r"number|no|digest|hash|checksum)\W{0,3}$"
)
_REACH = 80  # a value is named by a credential word at most this far before it
# the line is about something public or a checksum
_PUBLIC = re.compile(
    r"(?i)public[ _-]?key|publickey|fingerprint|checksum|integrity|\bsha-?\d+\b|\bmd5\b|ssh-(?:rsa|ed25519|dss)|"
    r"ecdsa-sha2|\bdigest\b|公開鍵|ハッシュ"
)
_CANDIDATE = re.compile(r"(?<![A-Za-z0-9+/_~.:-])[A-Za-z0-9+/_~.:-]{20,}={0,2}")
_DIGEST_BEFORE = re.compile(r"(?i)(?:sha\d*|md5|h1|base64|sum)[-:=,]$")
_PREFIXED = re.compile(r"^[A-Za-z]{2,12}[_-](?:[A-Za-z]{2,12}[_-])?[A-Za-z0-9]{20,}$")
_RUN = re.compile(r"[A-Z]+|[a-z]+|[0-9]+|[^A-Za-z0-9]+")


def _entropy(value: str) -> float:
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in Counter(value).values())


def high_entropy(value: str) -> bool:
    """True for a random credential-like string; False for words, identifiers, hex digests, UUIDs."""
    if len(value) < 20:
        return False
    if _PREFIXED.match(value) and any(c.isdigit() for c in value):
        return _entropy(value) >= 3.5
    if not (any(c.isupper() for c in value) and any(c.islower() for c in value)):
        return False
    if not any(c.isdigit() for c in value):
        return False
    runs = _RUN.findall(value)
    return len(value) / len(runs) <= 2.4 and _entropy(value) >= 3.8  # CamelCaseNames have long runs


def _credential_words(line: str) -> list[int]:
    """Where the words that name a credential end on a line (none if the line speaks of a public thing)."""
    if _PUBLIC.search(line):
        return []
    return [m.end() for m in _CONTEXT.finditer(line) if not _CONTEXT_NOT.match(line, m.end())]


def _named_before(ends: list[int], start: int) -> bool:
    return any(0 <= start - end <= _REACH for end in ends)


def context_spans(text: str) -> Iterator[tuple[int, int]]:
    """Random-looking values on a line that names a credential (and nothing public)."""
    lines: dict[int, tuple[str, list[int]]] = {}  # a line's start -> (line, where its credential words end)
    for m in _CANDIDATE.finditer(text):
        value = m.group(0).rstrip(".:-")
        parts = [(m.start(), value)] if "://" not in value and high_entropy(value) else []
        if not parts and len(value) > 20 and ("/" in value or ":" in value):
            offset = m.start()
            for part in re.split(r"([/:])", value):  # a URL's path: /api/webhooks/<id>/<token>
                if high_entropy(part):
                    parts.append((offset, part))
                offset += len(part)
        for start, part in parts:
            head = text.rfind("\n", 0, start) + 1
            if head not in lines:
                tail = text.find("\n", start)
                line = text[head : tail if tail >= 0 else len(text)]
                lines[head] = (line, _credential_words(line))
            line, ends = lines[head]
            before = line[max(0, m.start() - head - 24) : m.start() - head]
            if _DIGEST_BEFORE.search(before) or _ID_BEFORE.search(before):
                continue
            if _named_before(ends, start - head):
                yield start, start + len(part)


# a line that introduces one-time codes: `recovery codes`, `backup codes`, `2FA codes`, `リカバリーコード`
_CODES_HEAD = re.compile(
    r"(?i)(?:recovery|backup|scratch|emergency|one[- ]time|2fa|mfa|otp)[ -](?:codes?|keys?)|"
    r"(?:リカバリー|バックアップ|復旧|予備)(?:コード|キー)"
)
_CODES_WORDS = ("code", "key", "コード", "キー")
_CODE = re.compile(
    r"(?<![\w-])(?=[A-Za-z0-9 -]*\d)[A-Za-z0-9]{4,6}(?:[ -][A-Za-z0-9]{4,6})?(?![\w-])|\b[A-Z0-9]{8,12}\b"
)


def code_list_spans(text: str) -> Iterator[tuple[int, int]]:
    """One-time codes listed after a line that names them, up to the first blank line."""
    low = text.lower()
    if not any(word in low for word in _CODES_WORDS):
        return
    for head in _CODES_HEAD.finditer(text):
        start = head.end()
        end = text.find("\n\n", start)
        block = text[start : min(end if end >= 0 else len(text), start + 2000)]
        for m in _CODE.finditer(block):
            if any(c.isdigit() for c in m.group(0)):
                yield start + m.start(), start + m.end()
