"""Values that a sentence names as a password, however the sentence is built (English and Japanese).

`secret_rules.py` knows `password is X`, `password: X` and `パスワードは X`. People also write

- a change: `set the password to X`, `passphrase changed to X`, `pw as X`, `password updated → X`,
  `パスフレーズを X に設定`, `パスワードに X を使って`;
- a change from an old value to a new one: `password from A to B`, `パスワードを旧 A から新 B に`
  (both are secrets);
- whose it is: `password for li.wei: X`, `password for the NAS admin account is X`, `…用のパスワード：X`;
- an aside: `password (X)`, `パスワード（X）`, `パスワード X を送った`.

The value must look like a credential (`looks_like_credential`: 8+ characters, a digit or mixed
classes with a symbol, not a path, date or identifier), so `password to expire`, `password for
svc-backup02: rotated`, `policy to 14 characters`, `token from vault-01.internal` stay. The plural
(`passwords from LastPass to 1Password`) names a collection, not a value, and a value that holds
the word naming it (`1Password`) is a product's name. In a change from A to B, both must look like
credentials (`from KeePassXC to Bitwarden2` moves a vault).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memdir.secret_rules import looks_like_credential

# a word naming one credential (singular: `passwords` names a collection)
_EN_WORD = (
    r"(?<![\w-])(?:password|passwd|passphrase|passcode|pw|pwd|secret|token|api[ _-]?key|access[ _-]?key|"
    r"credentials?)(?![\w-])"
)
_JA_WORD = r"(?:パスワード|パスフレーズ|パスコード|暗証番号|合言葉|トークン|シークレット|認証コード|APIキー|アクセスキー)"
_OPEN = r"[\"'`「『“‘]?"
_VAL = r"([^\s,;\"'`”’<>()\[\]{}\u3000-\u9fff\uff00-\uffef]{6,300})"  # no kana, kanji or full-width

# after the word: a verb of change, then to/as/an arrow
_CHANGE = r"(?:\s+(?:is|was|has\s+been|had\s+been|will\s+be|got|gets|now))?(?:\s+(?:changed|updated|reset|set|rotated|switched|moved|renewed))?"
_EN = re.compile(
    rf"(?i){_EN_WORD}(?:"
    rf"{_CHANGE}\s*(?:\s(?:to|into|as)\s|→|->|=>)\s*{_OPEN}{_VAL}"  # 1: to X
    rf"|\s+(?:is\s+now|now\s+is|became|becomes|has\s+become|remains|stays)\s+{_OPEN}{_VAL}"  # 2: became X
    rf"|\s+(?:for|of)\s+[^\n:=;,()]{{1,40}}?(?:\s*[:=：]|\s+(?:is|was|will\s+be|became|→|->))\s*{_OPEN}{_VAL}"  # 3: for X: Y
    rf"|\s*[(（]\s*{_OPEN}{_VAL}[\"'`”’]?\s*[)）]"  # 4: (X)
    rf")"
)
# a change from A to B: the word, then `from A to B` within the same clause
_EN_FROM = re.compile(
    rf"(?i){_EN_WORD}{_CHANGE}\s+from\s+{_OPEN}{_VAL}[\"'`”’]?\s+(?:to|into|→|->)\s+{_OPEN}{_VAL}"
)
# Japanese: the word, a particle or mark, maybe 旧/新/一時 (old, new, temporary), then the value
_JA = re.compile(
    rf"{_JA_WORD}(?:\s*(?:を|は|が|に|：|:|＝|=|→|->)\s*(?:(?:新しい|新|旧|一時|仮)(?:の)?\s*)?{_OPEN}{_VAL}"
    rf"|\s*[(（]\s*{_OPEN}{_VAL}[\"'`”’」』]?\s*[)）]"
    rf"|[ \t\u3000]+{_OPEN}{_VAL}[\"'`”’」』]?\s*(?=を|で|に|は|が|と|$))"
)
# after a Japanese value: `から 新 B に` (from A to B)
_JA_TO = re.compile(rf"\s*から\s*(?:(?:新しい|新)(?:の)?\s*)?{_OPEN}{_VAL}")
_TRAIL = ".:!?"
_WORD_IN = re.compile(r"(?i)password|passphrase|passcode|token|secret|credential|パスワード|トークン")


def _value(text: str, m: re.Match[str], group: int) -> tuple[int, int] | None:
    start, end = m.span(group)
    while end > start and text[end - 1] in _TRAIL:
        end -= 1
    value = text[start:end]
    if not looks_like_credential(value) or _WORD_IN.search(value):
        return None
    return start, end


def prose_spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of values a sentence names as a credential (`password to X`, `パスワードを旧 A から新 B に`)."""
    for m in _EN_FROM.finditer(text):
        old, new = _value(text, m, 1), _value(text, m, 2)
        if old and new:
            yield old
            yield new
    for m in _EN.finditer(text):
        group = next(i for i in range(1, (_EN.groups or 0) + 1) if m.group(i) is not None)
        span = _value(text, m, group)
        if span:
            yield span
    for m in _JA.finditer(text):
        group = next(i for i in range(1, (_JA.groups or 0) + 1) if m.group(i) is not None)
        span = _value(text, m, group)
        if span is None:
            continue
        yield span
        to = _JA_TO.match(text, m.end(group))
        new = _value(text, to, 1) if to else None
        if new:
            yield new
