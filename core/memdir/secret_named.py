"""Values a name calls a secret: `NAME=v`, `NAME: v`, `--name v`, `-name v`, `<name>v</name>`, `NAME：v`.

Where a secret word stands in the text (`pass`, `token`, `psk`, `session`, `キー`, ...), the whole
name around it is read (`-storepass`, `x-auth-token`, `"client_secret"`, `_gitlab_session`) and
judged by `secret_names.names_secret`; the value after it is masked if it is one a person could use
as a credential (not a placeholder, a path, a plain word, a number, a date or a version). One scan
covers env files, JSON, YAML, TOML, INI, XML, HTTP headers, cookies, query strings, connection
strings, mount options and command-line flags, in any of their spellings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memdir.secret_context import high_entropy
from memdir.secret_names import names_a_key, names_password, names_secret

_STEM = re.compile(  # the lookahead lets the regex engine skip to a possible first character
    r"(?i)(?=[pstckaoパ暗合ト秘シキ鍵認])(?:pass|pwd|pw|secret|token|cred|cookie|sess|sid|psk|auth|key|pin|otp|sig"
    r"|パスワード|暗証番号|合言葉|暗号|トークン|秘密鍵|シークレット|パスフレーズ|キー|鍵|認証コード)"
)
_NAME_CHARS = re.compile(r"[A-Za-z0-9_.\-]{0,80}")
_NAME_BACK = re.compile(r"[A-Za-z0-9_.\-]*$")
_JA_FORWARD = re.compile(r"[゠-ヿ一-鿿]*")
_JA_BACK = re.compile(r"[A-Za-z0-9゠-ヿ一-鿿]*$")  # `APIキー`, `秘密鍵`: ASCII, katakana and kanji before
_SEP = re.compile(r"""["']?[ \t]*(?:=>|:=|[=＝：]|:(?![:/\\])|は|が)[ \t]*""")
_FLAG_GAP = re.compile(r"(?:=|[ \t]+)")
_VALUE = re.compile(
    r"""\"([^\"\n]{1,500})\"|'([^'\n]{1,500})'|「([^」\n]{1,500})」|<\(echo[ \t]+([^\s)]{1,500})\)|\{([^}\s\"':,]{1,300})\}|([^\s,;\"'`<>\[\]{}\u0080-\U0010ffff]{1,500})"""
)
_XML_VALUE = re.compile(r">([^<\n]{1,500})</")
_PLACEHOLDER = re.compile(
    r"(?i)^(?:\$\{?\{?.*|\{\{.*\}\}|%\(?\w+\)?s?|<[^<>]*>|\[redacted\]|\*+|x{3,}|\.{3,}|"
    r"true|false|null|none|nil|yes|no|on|off|required|optional|changeme\b.*|your[_-].*|example|string|"
    r"secretkeyref|valuefrom|undefined|redacted|hidden|masked|(?:env|file|fd|stdin|keychain|vault|op)(?::.*)?|"
    r"os\.environ.*|process\.env.*|getenv.*|(?-i:[A-Z][A-Z0-9_]*))$"
)
_NOT_VALUE = re.compile(
    r"(?i)^(?:[./~]|[a-z][a-z0-9+.-]*://)|^(?:sha\d+|md5|h1)[-:=]"  # a path, a URL, a digest
    r"|(?-i:^[A-Z]?[a-z]+(?:[-_.][A-Z]?[a-z]+)*$)"  # a word or an identifier: ldap, dark-high-contrast, Month-end
    r"|^\S+(?: \S+){2,}$"  # a phrase of three words or more: a title or a question, not a password
    r"|^[0-9]+(?:[-_.:/T ][0-9]+)*Z?$|^v?\d+(?:\.\d+)+(?:[-+.][\w.]+)?$"  # a number, a date, a version
)
_CALL = re.compile(r"[A-Za-z_][A-Za-z_.]{2,}\((?:[\"'A-Za-z_)]|$)")
_DOTTED = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$")
# a record's structured id (a prefix of letters, then groups of digits: `KS-2032-0412`), never random
# or a catalogue code whose groups are digits and capital words (`TKO-90-BASIC`, a 90-minute basic session)
_STRUCTURED_ID = re.compile(
    r"^[A-Za-z]{1,6}(?:[-_][0-9]{2,8}){1,4}$|^[A-Z]{2,6}(?=.*-[0-9])(?:-(?:[0-9]{2,4}|[A-Z]{2,8})){1,3}$"
)
# names of a session or a token, whose value is an issued id rather than a chosen password
_NESTED_ID = re.compile(r"(?:id|no|number|code)=(\S+)$")
_ISSUED = re.compile(r"(?i)(?:session|sessid|sid|token)[-_.]?(?:id|no|number|code)?$")
_AUTH_NAME = re.compile(r"(?i)authori[sz]ation$")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,40}[ \t]+(?=\S)")
_SCHEME_NEXT = re.compile(r"[ \t]+[^\s'\"]")
_PASS_PREFIX = re.compile(r"(?i)^(?:pass|password|pw):")  # openssl's `-passin pass:SECRET`


def is_placeholder(value: str) -> bool:
    """True for a value that stands for a secret without being one: `$DB_PASS`, `<token>`, `***`, `null`."""
    return bool(_PLACEHOLDER.match(value.strip()))


def credential_value(value: str, any_word: bool = False) -> bool:
    """True for a value one could log in with: not a placeholder, path, word, number, date or version.

    With `any_word` (the name says password), a plain word of 4+ letters is one too: `letmein`.
    """
    bare = value.strip()
    if any_word and len(bare) >= 4 and re.fullmatch(r"(?-i:[A-Z]?[a-z]+(?:[-_.][A-Z]?[a-z]+)*)", bare):
        return not _PLACEHOLDER.match(bare)
    return (
        len(bare) >= 6
        and not _PLACEHOLDER.match(bare)
        and not _NOT_VALUE.match(bare)
        and not bare.endswith((".py", ".json", ".yaml", ".yml", ".txt", ".pem", ".key", ".gz", ".md"))
    )


def named_value(name: str, value: str) -> bool:
    """Whether `value`, written under `name`, is a secret by the rule `named_spans` reads `name=value` with.

    One rule for text and structure: the weekly's masking reads a call's `{"headers": {"X-Shop-Key": …}}` as
    `X-Shop-Key=…` text, and `lint` and the activity log's masking read the same pair as a key and its value
    (trial 30 #14: the text was masked, the key unflagged). A name of a secret (`password`, `api_token`) takes
    any value one could use as a credential (any word under a password's name); a name ending in a bare
    `key` (`X-Shop-Key`, `LINEAR_KEY`) a random one only (`shpk_4f9a…`, not `primary`)."""
    bare = value.strip()
    if names_secret(name):
        return credential_value(bare, any_word=names_password(name))
    return names_a_key(name) and credential_value(bare) and high_entropy(bare)


def _value_span(
    text: str, pos: int, random_only: bool, any_word: bool, issued: bool = False
) -> tuple[int, int] | None:
    m = _VALUE.match(text, pos)
    if m is None:
        return None
    group = next(i for i in range(1, 7) if m.group(i) is not None)
    start, end = m.span(group)
    while (
        end > start
        and group == 6
        and (
            text[end - 1] in ".:!?"
            or (text[end - 1] == ")" and text.count("(", start, end) < text.count(")", start, end))
        )
    ):  # `... secret=x.` in prose, `(token=x)`
        end -= 1
    if group == 6 and (_CALL.match(text, start, end) or _DOTTED.match(text[start:end])):
        return None  # code, not a literal: `auth=HTTPDigestAuth(...)`, `password=settings.DB_PASSWORD`
    if group < 6 and text[start:end][:1] in ")]},;":
        return None  # a quote that closes one string and opens the next: `expect('Password: '); send('...')`
    prefix = _PASS_PREFIX.match(text, start, end)
    if prefix:
        start = prefix.end()
    if not credential_value(text[start:end], any_word) or (random_only and not high_entropy(text[start:end])):
        return None
    nested = _NESTED_ID.match(text, start, end)  # `session=code=TKO-90-BASIC`: a nested key, flattened
    if issued and _STRUCTURED_ID.match(nested.group(1) if nested else text[start:end]):
        return None  # `session_id=KS-2032-0412`: a studio's booking record, no credential
    return start, end


def named_spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of values after a name (key, flag, option, header, element) that names a secret."""
    seen: set[int] = set()
    covered = 0  # the end of the last value masked: a stem inside it is part of a secret, not a name
    for m in _STEM.finditer(text):
        if m.start() < covered:
            continue
        ascii_stem = m.group(0).isascii()
        if ascii_stem:
            start = m.start() - len(_NAME_BACK.search(text[max(0, m.start() - 80) : m.start()]).group(0))  # type: ignore[union-attr]
            end = _NAME_CHARS.match(text, m.end()).end()  # type: ignore[union-attr]
        else:
            start = m.start() - len(_JA_BACK.search(text[max(0, m.start() - 20) : m.start()]).group(0))  # type: ignore[union-attr]
            end = _JA_FORWARD.match(text, m.end()).end()  # type: ignore[union-attr]  # 暗号化キー, パスワード変更日
        if start in seen:
            continue
        seen.add(start)
        raw = text[start:end]
        name = raw.lstrip("-").rstrip(".-")
        end = start + len(raw.rstrip(".-"))
        random_only = not names_secret(name)  # `LINEAR_KEY=`: a bare key, a secret if its value is random
        if not name or (random_only and not names_a_key(name)):
            continue
        span: tuple[int, int] | None = None
        flag = raw.startswith("-") and (start == 0 or text[start - 1] in " \t\n'\"`(")
        if start > 0 and text[start - 1] == "<" and text.startswith(">", end):
            x = _XML_VALUE.match(text, end)
            if x and credential_value(x.group(1)) and (not random_only or high_entropy(x.group(1))):
                span = x.span(1)
        elif (sep := _SEP.match(text, end)) is not None and sep.end() > end + (text[end] in "\"'"):
            span = _value_span(text, sep.end(), random_only, names_password(name), bool(_ISSUED.search(name)))
        elif flag and (gap := _FLAG_GAP.match(text, end)) is not None and not text.startswith("-", gap.end()):
            span = _value_span(text, gap.end(), random_only, names_password(name), bool(_ISSUED.search(name)))
        if span is not None and _AUTH_NAME.search(name):
            if _SCHEME_NEXT.match(text, span[1]):
                continue  # `Authorization: DeepL-Auth-Key 9f8e…`: a scheme word, the credential follows (secret_rules)
            scheme = _SCHEME.match(text, span[0], span[1])
            span = (
                (scheme.end(), span[1]) if scheme else span
            )  # `"Authorization": "Basic dXN…"`: the scheme stays
        if span is not None:
            covered = span[1]
            yield span
