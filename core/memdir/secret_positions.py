"""Values in a credential position, whatever names them or not.

- the password of a (user, password) pair passed to something that names a login:
  `auth=("u", "p")`, `HTTPBasicAuth('u', 'p')`, `PSCredential('u', (ConvertTo-SecureString 'p' ...))`,
  `ConvertTo-SecureString "p"`, `.login("u", "p")`;
- the last field of a `.pgpass`-like line (`host:port:db:user:password`) and a password hash in a
  `user:hash` line (`admin:$apr1$…`, `deploy:$2y$…`, `metrics:{SHA}…`: htpasswd, shadow);
- the answer sent after a prompt that asks for a secret (`expect "password:"` / `send "…\\r"`,
  pexpect's `sendline`);
- the value of a single-letter flag that is a password only for its command (`ldapsearch -w`,
  `redis-cli -a`, `mongo -p`, `zip -P`, `smbclient -U user%pass`);
- a token that names itself a secret and ends in a random tail (`AGE-SECRET-KEY-1…`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memdir.secret_context import high_entropy
from memdir.secret_named import credential_value
from memdir.secret_names import names_secret

_Q = r"""(?:"([^"\n]{1,300})"|'([^'\n]{1,300})')"""
# a call or assignment whose name names a login, then ( "user", "password" )
# (the password may be cut at the end of a line or text: a title cut from a longer line)
_Q_CUT = r"""(?:"([^"\n]{1,300})(?:"[ \t]*\)|$)|'([^'\n]{1,300})(?:'[ \t]*\)|$))"""
_PAIR = re.compile(rf"""(?m)([A-Za-z_][\w.]{{0,60}})[ \t]*(?:=[ \t]*)?\([ \t]*{_Q}[ \t]*,[ \t]*{_Q_CUT}""")
_LOGIN_WORDS = re.compile(r"(?i)auth|cred|login|logon|basic|signin|sign_in|connect|password|passwd")
# a call that turns its argument into a secret: ConvertTo-SecureString "p", SecureString('p')
_SECURE = re.compile(
    rf"""(?i)\b(?:ConvertTo-SecureString|SecureString|set_?password|setPassword)[ \t(]*{_Q}"""
)
# host:port:database:user:password (.pgpass), with `*` wildcards
_PGPASS = re.compile(r"(?m)(?:^|(?<=['\"\s]))[\w.*-]+:(?:\d{2,5}|\*):[\w.*-]+:[\w.*@-]+:([^\s'\"]{4,300})")
# user:hash with a crypt or LDAP scheme: $apr1$, $2y$, $6$, $argon2id$, {SHA}, {SSHA}
_USER_HASH = re.compile(
    r"(?<![\w$])[\w.@-]{1,64}:((?:\$(?:1|2[abxy]?|5|6|y|apr1|argon2(?:id|i|d)?|scrypt|pbkdf2[-\w]*)\$[^\s:'\"]{8,300})"
    r"|\{(?:SHA|SSHA|SHA256|SSHA256|SHA512|SSHA512|MD5|SMD5|CRYPT)\}[A-Za-z0-9+/=]{8,300})"
)
# a prompt that asks for a secret, then the answer sent to it
_ANSWER = re.compile(
    rf"""(?is)(?:pass(?:word|phrase)?|assword|pin|secret|token|パスワード)[^"'\n]{{0,20}}["'].{{0,40}}?"""
    rf"""\b(?:send|sendline|send_user|write|puts)\b[ \t(]*{_Q}"""
)
# single-letter flags that carry a password only for these commands (value attached or after a space)
_SHORT_FLAGS = {
    "w": r"ldap(?:search|modify|add|delete|whoami|passwd|compare|modrdn)",
    "a": r"redis-cli|keydb-cli",
    "p": r"mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|sshpass|rabbitmqadmin",
    "P": r"zip|unzip|7z|rar|unrar|sqlcmd|bcp|ipmitool|mosquitto_pub|mosquitto_sub",
}
_SHORT = re.compile(
    "|".join(
        rf"\b(?:{cmds})\b[^\n|;&]{{0,300}}?[ \t]-{flag}[ \t]*(\"[^\"\n]+\"|'[^'\n]+'|[^\s'\"`]+)"
        for flag, cmds in _SHORT_FLAGS.items()
    )
)
_SMB_USER = re.compile(
    r"\b(?:smbclient|rpcclient|net|smbmap|crackmapexec)\b[^\n|;&]{0,300}?[ \t]-U[ \t]*['\"]?[^\s%'\"]+%([^\s'\"]+)"
)
# a name/value pair whose name names a secret: <add key="SmtpPassword" value="…"/>, {"name": …, "value": …}
_NAME_VALUE = re.compile(
    rf"""(?i)\b(?:key|name)["']?[ \t]*[=:][ \t]*["']([\w.-]{{1,80}})["'](?:[ \t]*,?\s{{0,40}}["']?value["']?[ \t]*[=:]"""
    rf"""[ \t]*{_Q}|[^<>\n]{{0,80}}>([^<>\n]{{1,300}})</)"""
)
# a value piped into a command that reads a secret from stdin: printf 'p' | docker login --password-stdin
_PIPED = re.compile(
    r"""\b(?:echo|printf)(?:[ \t]+-\w+)*[ \t]+(?:"([^"\n]{1,300})"|'([^'\n]{1,300})'|([^\s|'"]{1,300}))[ \t]*\|"""
    r"""[^\n|]{0,200}?--?[\w-]*(?:pass|password|secret|token|key)[\w-]*stdin"""
)
# `-p` after a login subcommand of any CLI: `az login -u x -p '…'`, `cf login -p …`
_LOGIN_P = re.compile(
    r"""\b(?:login|signin|auth)\b[^\n|;&]{0,200}?[ \t]-p[ \t]+(?:"([^"\n]+)"|'([^'\n]+)'|([^\s'"`]+))"""
)
# `-p VALUE` after a user option of the same command (`ncftp -u bob -p …`, `tool --user x -p …`); not for
# the commands whose `-p` with a space asks for the password and the next word is a database (mysql)
_USER_THEN_P = re.compile(
    r"""(?:^|[\s'"`])(?:-u|--user|--username|-l|--login)(?:=|[ \t]+)[^\s-][^\n|;&]{0,200}?[ \t]-p[ \t]+"""
    r"""(?:"([^"\n]+)"|'([^'\n]+)'|([^\s'"`-][^\s'"`]*))"""
)
_PROMPT_P = re.compile(r"(?:^|[\s/])(?:mysql\w*|mariadb[\w-]*)[ \t]")
_NEEDS_USER_P = re.compile(r"[ \t]-p[ \t]")
# a token that names itself a secret and ends in a random tail: AGE-SECRET-KEY-1…, …_PRIVATE_KEY_…
_SELF_NAMED = re.compile(
    r"(?<![\w-])[A-Za-z0-9]*[-_](?i:secret|private)[-_][A-Za-z0-9_-]*?[-_]?([A-Za-z0-9]{20,})"
)


_OPEN_PAIR = re.compile(r"""\([ \t]*["'][^"'\n]{0,300}["'][ \t]*,""")
_NEEDS_SECURE = re.compile(r"(?i)secure|set_?password")
_NEEDS_ANSWER = re.compile(r"send|write|puts")
_NEEDS_PIPED = re.compile(r"stdin")
_NEEDS_LOGIN = re.compile(r"login|signin|auth")
_NEEDS_PGPASS = re.compile(r":(?:\d{2,5}|\*):")
_NEEDS_HASH = re.compile(r":(?:\$|\{[A-Z])")
_NEEDS_SMB = re.compile(r"-U[ \t]*['\"]?[^\s%'\"]+%")
_NEEDS_SHORT = re.compile(r"ldap|redis|keydb|mongo|sshpass|rabbitmq|zip|7z|rar|sqlcmd|bcp|ipmitool|mosquitto")
_NEEDS_SELF = re.compile(r"(?i)[-_](?:secret|private)[-_]")


def _quoted(m: re.Match[str], first: int) -> tuple[int, int]:
    group = first if m.group(first) is not None else first + 1
    return m.span(group)


def position_spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of values that stand where a credential stands."""
    # each pattern runs only when the text holds what it cannot match without (most texts hold none)
    if _OPEN_PAIR.search(text):
        for m in _PAIR.finditer(text):
            if _LOGIN_WORDS.search(m.group(1)) or names_secret(m.group(1)):
                start, end = _quoted(m, 4)
                if credential_value(text[start:end]):
                    yield start, end
    if "alue" in text or "</" in text:
        for m in _NAME_VALUE.finditer(text):
            start, end = m.span(4) if m.group(4) is not None else _quoted(m, 2)
            if names_secret(m.group(1)) and credential_value(text[start:end]):
                yield start, end
    for pattern, needs in ((_SECURE, _NEEDS_SECURE), (_ANSWER, _NEEDS_ANSWER)):
        for m in pattern.finditer(text) if needs.search(text) else ():
            start, end = _quoted(m, 1)
            value = text[start:end]
            for tail in ("\\r", "\\n"):
                if value.endswith(tail):
                    end -= len(tail)
            if end - start >= 4:
                yield start, end
    for pattern, needs in ((_PIPED, _NEEDS_PIPED), (_LOGIN_P, _NEEDS_LOGIN)):
        for m in pattern.finditer(text) if needs.search(text) else ():
            start, end = m.span(next(i for i in (1, 2, 3) if m.group(i) is not None))
            if credential_value(text[start:end]) and not text[start:end].startswith("$"):
                yield start, end
    for m in _USER_THEN_P.finditer(text) if _NEEDS_USER_P.search(text) else ():
        segment = max(text.rfind(c, 0, m.start() + 1) for c in "\n|;&")
        start, end = m.span(next(i for i in (1, 2, 3) if m.group(i) is not None))
        if not _PROMPT_P.search(text, segment + 1, m.start() + 1) and credential_value(text[start:end]):
            yield start, end
    for m in _USER_HASH.finditer(text) if _NEEDS_HASH.search(text) else ():
        yield m.span(1)
    for pattern, needs in ((_PGPASS, _NEEDS_PGPASS), (_SMB_USER, _NEEDS_SMB)):
        for m in pattern.finditer(text) if needs.search(text) else ():
            if credential_value(m.group(1)):  # not `build:8213:ok:amd64:done`
                yield m.span(1)
    for m in _SHORT.finditer(text) if _NEEDS_SHORT.search(text) else ():
        group = next(i for i in range(1, (_SHORT.groups or 0) + 1) if m.group(i) is not None)
        start, end = m.span(group)
        if text[start] in "\"'":
            start, end = start + 1, end - 1
        if end - start >= 4 and not text[start:end].startswith("-") and not text[start:end].isdigit():
            yield start, end
    for m in _SELF_NAMED.finditer(text) if _NEEDS_SELF.search(text) else ():
        tail = m.group(1)
        if high_entropy(tail) or (len(tail) >= 24 and len(set(tail)) >= 16):  # base32: AGE-SECRET-KEY-1…
            yield m.start(), m.end()
