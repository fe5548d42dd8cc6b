"""memdir's own secret rules: the shapes a vendor-token scanner does not know.

detect-secrets (see redact.py) knows vendor tokens by their prefixes. These rules add what
appears in an engineer's or an agent's notes around them: a k8s `name:`/`value:` pair, prose
(`パスワードは … です`, `with password …`), credentials in a URL, command-line password flags (`--password X`, `mysql -pX`, `sshpass -p X`, `docker login -p X`,
`curl -u user:pass`), `Authorization:` headers, private-key blocks, and a few vendor prefixes
detect-secrets 1.5 lacks. Each rule names the group that holds the secret, so the key, the user
name and the host stay readable: `password=[REDACTED]`. A `key=value` whose key names a secret is
found by `secret_named.py` (any spelling, judged by `secret_names.names_secret`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from memdir.secret_named import credential_value


@dataclass(frozen=True)
class Rule:
    """A named pattern; `group` is the part to mask (0: the whole match).

    `needs`, when set, is a cheap pattern the text must contain for the rule to be tried at all
    (a text without any secret-naming word cannot hold a `key=value` secret).
    """

    name: str
    pattern: re.Pattern[str]
    group: int = 0
    needs: re.Pattern[str] | None = None
    check: Callable[[str], bool] | None = None  # the value must pass it (a credential, not a word)


_VALUE = r"(\"[^\"\n]{1,500}\"|'[^'\n]{1,500}'|[^\s,;\"'`<>]{1,500})"
_SECRET_WORDS = (
    r"pass(?:word|wd|phrase|code)?|pwd|pw|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|"
    r"client[_-]?secret|credentials?|auth(?![a-z])|auth[_-]?token|sig(?![a-z])|signature|account[_-]?key|"
    r"shared[_-]?access[_-]?key|session[_-]?key|encryption[_-]?key|signing[_-]?key|master[_-]?key|"
    r"app(?:lication)?[_-]?key|license[_-]?key"
)
# a key naming a secret: DB_PASS, aws_secret_access_key, "apiKey", spring.datasource.password, x-api-key
_WORDS = re.compile(rf"(?i)(?=[pstacrlmeo])(?:{_SECRET_WORDS})")  # the lookahead: a fast first-character skip
# (a prefix ends in a separator or is a camelCase word: SessionToken, apiKey; PGPASSWORD, SSHPASS)
_KEY = rf"(?:[A-Za-z0-9]{{1,40}}[_.-]|(?-i:[A-Za-z][a-z0-9]{{0,39}})(?=(?-i:[A-Z]))|(?-i:PG|SSH|FTP|SMB|VNC)){{0,6}}(?:{_SECRET_WORDS})[A-Za-z0-9]{{0,40}}(?:[_.-][A-Za-z0-9]{{1,40}}){{0,6}}"
# keys that name a secret's property, not the secret: PASSWORD_MIN_LENGTH, token_type, secret_name
_NOT_SECRET_KEY = re.compile(
    r"(?i)(?:^|[_.-])(?:min|max|length|len|count|limit|policy|expir\w*|ttl|timeout|type|name|names|id|ids|file|"
    r"path|dir|url|uri|endpoint|ref|env|enabled|required|format|field|prompt|hint|header|rotation|reset|"
    r"strength|chars|characters|mode|version|provider|store|manager|helper|command|cmd|stdin)(?:$|[_.-])"
    r"|^(?:max|min|num|n)[_-]?tokens?$|tokeniz"
    # English words, not keys: `It passed: restore took 41 minutes`
    r"|^(?:passed|passes|passing|passage|passenger|passive)$"
    # a file name is not a key: test_auth.py, secrets.yaml, token.json
    r"|\.(?:py|pyi|rb|js|jsx|ts|tsx|go|rs|java|kt|c|h|cc|cpp|hpp|cs|php|sh|md|txt|json|ya?ml|toml|ini|cfg|conf|lock)$"
)
_PLACEHOLDER = re.compile(
    r"(?i)^(?:\$\{\{?.*\}\}?|\$[A-Z_][A-Z0-9_]*|\{\{.*\}\}|%\(?\w+\)?s?|<[^<>]*>|\[redacted\]|\*+|x{3,}|\.{3,}|"
    r"true|false|null|none|nil|yes|no|on|off|required|optional|changeme\b.*|your[_-].*|example|string|"
    r"secretkeyref|valuefrom|env|undefined|redacted|hidden|masked|\d{1,8})$"
)

_CAMEL_NAME = re.compile(r"(?:[A-Z][a-z]+){2,}[.:]?")  # LastPass, KeePass: a name, not a password
_PATHLIKE = re.compile(
    r"(?i)^(?:[./~]|[a-z][a-z0-9+.-]*://)|\.(?:py|js|ts|go|rs|md|txt|json|ya?ml|toml|sh|html?)$"
)


def looks_like_credential(value: str) -> bool:
    """True for a word that reads as a credential: 8+ characters, no path, mixed classes or high entropy.

    `CorrectHorse88Staple`, `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`, `Xyz123!abc` are; `reset`,
    `manager`, `santa`, `bucket`, `rotation`, `v2`, `./token.json`, `refresh_token` are not.
    """
    bare = value.strip("\"'`").rstrip(".,:;!?)]}")
    if len(bare) < 8 or _PLACEHOLDER.match(bare) or _PATHLIKE.search(bare):
        return False
    lower = any(c.islower() for c in bare)
    upper = any(c.isupper() for c in bare)
    digit = any(c.isdigit() for c in bare)
    other = any(not c.isalnum() for c in bare)
    if not digit and not (lower and upper and other):  # words, CamelCase names, snake_case identifiers
        return False
    if re.fullmatch(r"[a-z0-9]+(?:[-_.][a-z0-9]+)+|[0-9]+(?:[-_.:/][0-9]+)*", bare):  # v2-migration, dates
        return False
    counts = [bare.count(c) for c in set(bare)]
    entropy = -sum(n / len(bare) * math.log2(n / len(bare)) for n in counts)
    return (lower + upper + digit + other >= 3) or entropy >= 3.5


# a word naming a secret, then (maybe) `is`, `was`, `:`, `=`, then a credential-looking word (prose)
_PROSE = re.compile(
    r"(?i)(?=[ptsac])(?<![\w-])(?:password|passwd|passphrase|passcode|pw|pwd|secret(?:[ _-](?:access[ _-])?key)?|token|"
    r"api[ _-]?key|access[ _-]?key|private[ _-]key|credentials?)(?![\w-])"  # not `token-cache-v2.tar.gz`
    r"(?:[ \t]+(?:is|was|will be|set to|now|becomes|=|:|->|→))?[ \t]*[:=＝：]?[ \t]*[\"'`「『]?"
    r"([^\s,;\"'`」』<>()\[\]{}]{8,300})"
)
# a 40-character AWS secret access key within a line of an access key id
_AWS_PAIR = re.compile(
    r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b[^\n]{0,120}?(?<![A-Za-z0-9/+])([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
)

RULES: list[Rule] = [
    Rule(
        "private_key",
        re.compile(
            r"(-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----)(.+?)(?=-----END [A-Z0-9 ]*PRIVATE KEY"
            r"(?: BLOCK)?-----|\Z)",
            re.S,
        ),
        2,
    ),
    Rule(
        "url_credentials",
        re.compile(r"(?i)\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@'\"<>]*:([^\s@/'\"<>]{1,300})@"),
        1,
    ),
    Rule(
        "slack_webhook",
        re.compile(
            r"hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9]+/[A-Za-z0-9]+/([A-Za-z0-9]+)"
        ),
        1,
    ),
    Rule("sentry_dsn", re.compile(r"(?i)https?://([0-9a-f]{32})(?::[0-9a-f]{32})?@[^\s/]*sentry"), 1),
    Rule(
        "authorization",
        re.compile(
            # any scheme word (Basic, Bearer, Token, a vendor's `DeepL-Auth-Key`, `SSWS`) or none: a word
            # with no scheme before it is the credential only when no other word follows it in the value
            r"(?i)\b(?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?(?:([A-Za-z][A-Za-z0-9_-]{0,40})[ \t]+)?"
            r"(?(1)|(?![A-Za-z][A-Za-z_-]*[ \t]+[^\s'\"]))"
            r"(?!(?:basic|bearer|token|digest)\b)([A-Za-z0-9._~+/=:-]{8,})"
        ),
        2,
    ),
    Rule(
        "bearer",
        re.compile(r"(?i)\b(?:bearer|token)\s+(?=[A-Za-z0-9._~+/=-]*\d)([A-Za-z0-9._~+/=-]{16,})"),
        1,
    ),
    Rule(
        "cli_password_flag",
        re.compile(
            r"(?i)(?:^|[\s'\"`])--?(?:password|passwd|pass|pwd|token|auth-token|access-token|api-key|apikey|"
            r"secret|client-secret|account-key|secret-key|private-key-password|db-password|key-password|"
            r"storepass|keypass)(?:=|\s+)(?!-)(\"[^\"\n]*\"|'[^'\n]*'|[^\s'\"`]+)"
        ),
        1,
    ),
    Rule(
        "mysql_p",
        re.compile(
            r"\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump)\b[^\n|;&]{0,300}?\s-p(?!\s)(\"[^\"\n]*\"|'[^'\n]*'|[^\s'\"`]+)"
        ),
        1,
    ),
    Rule(
        "sshpass",
        re.compile(r"\bsshpass\b(?:\s+-[a-oq-zA-Z]\S*(?:\s+(?!-)\S+)?)*\s+-p\s*(\"[^\"\n]*\"|'[^'\n]*'|\S+)"),
        1,
    ),
    Rule(
        "login_p",
        re.compile(
            r"\b(?:docker|podman|nerdctl|buildah|skopeo|twine|helm(?:\s+registry)?)\s+(?:login|upload)\b[^\n|;&]{0,300}?\s-p\s*(\"[^\"\n]*\"|'[^'\n]*'|[^\s'\"`]+)"
        ),
        1,
    ),
    Rule(
        "user_password_flag",
        re.compile(
            r"\b(?:curl|wget|http|httpie|xh)\b[^\n|;&]{0,300}?\s(?:-u|--user|--proxy-user|-U)[ =]?[\"']?[^\s:'\"]*:([^\s'\"]{1,300})"
        ),
        1,
    ),
    Rule(
        # `-u user,password` (lftp, `open -u`), `--user user:password`: the pair after a user option of any
        # command; the password must read as one (not `-u 1000:1000`, `ps -u root,daemon`, `-u app:staff`)
        "user_pair_option",
        re.compile(
            r"(?:^|[\s'\"`])(?:-u|--user|--username|--proxy-user|--auth|--credentials?)(?:=|[ \t]*)[\"']?"
            r"[^\s:,'\"]+[,:]([^\s'\"]{1,300})"
        ),
        1,
        check=lambda v: credential_value(v),
    ),
    Rule("netrc", re.compile(r"(?i)\blogin\s+\S+\s+password\s+(?![:=])(\S+)"), 1),
    # a `.netrc` line of its own: `password s3cret`, not a sentence that opens `password reset ...`
    Rule("netrc_line", re.compile(r"(?im)^[ \t]*password[ \t]+(?![:=])(\S+)[ \t]*$"), 1),
    Rule(
        "k8s_env", re.compile(rf"(?i)\bname:[ \t]*[\"']?({_KEY})[\"']?[ \t]*\n[ \t]*value:[ \t]*{_VALUE}"), 2
    ),
    Rule(
        "spoken",
        re.compile(
            r"(?i)\b(?:password|passwd|passphrase|pw|secret|token|pin)\s+(?:is|was|will be|=)\s+[\"'`]?"
            r"(?=[^\s\"'`]*[\d!@#$%^&*_+=-])([^\s,;\"'`]{6,})"
        ),
        1,
    ),
    Rule(
        "aws_secret_prose",
        re.compile(r"(?i)\bsecret(?:\s+(?:key|access key))?\s*[:=]?\s+([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])"),
        1,
    ),
    Rule(
        "japanese",
        re.compile(
            r"(?:パスワード|暗証番号|合言葉|パス|ＰＷ|トークン|シークレット)(?:は|が|を|：|:|＝|=)\s*[「『\"']?"
            r"([A-Za-z0-9!#$%&*+./:;=?@^_~\-]{6,})"
        ),
        1,
        check=lambda v: not _CAMEL_NAME.fullmatch(v),  # `パスワードを LastPass から…`: a product's name
    ),
    Rule(
        "vendor_prefix",
        re.compile(
            r"\b(?:(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ABIA|ACCA)[A-Z0-9]{16}|gh[pousr]_[A-Za-z0-9]{30,}|"
            r"github_pat_[A-Za-z0-9_]{40,}|glpat-[A-Za-z0-9_-]{20,}|xox[abposre]-[A-Za-z0-9-]{10,}|"
            r"sk-(?:proj-|ant-(?:api|admin)\d\d-)?[A-Za-z0-9_-]{20,}|(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|"
            r"SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}|npm_[A-Za-z0-9]{30,}|pypi-AgE[A-Za-z0-9_-]{50,}|"
            r"hf_[A-Za-z0-9]{30,}|AIza[0-9A-Za-z_-]{30,}|dop_v1_[a-f0-9]{64}|dckr_pat_[A-Za-z0-9_-]{20,}|"
            r"hv[sbr]\.[A-Za-z0-9_-]{24,}|GOCSPX-[A-Za-z0-9_-]{20,}|ya29\.[A-Za-z0-9_-]{20,}|"
            r"eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})"
        ),
    ),
    Rule("prose", _PROSE, 1, needs=_WORDS, check=looks_like_credential),
    Rule("aws_pair", _AWS_PAIR, 1, needs=re.compile("AKIA|ASIA"), check=looks_like_credential),
    Rule("vault_legacy", re.compile(r"(?<![\w.])s\.[A-Za-z0-9]{24}(?![\w.])")),
]


def value_is_secret(key: str, value: str) -> bool:
    """False for a key that names a property of a secret, or a value that is a placeholder or a flag."""
    bare = value.strip("\"'")
    if len(bare) < 4 or _NOT_SECRET_KEY.search(key) or _PLACEHOLDER.match(bare):
        return False
    if key.upper() in ("PWD", "OLDPWD") and bare.startswith(("/", "~")):  # the shell's working directory
        return False
    return not re.fullmatch(r"[A-Z][A-Z0-9_]*_(?:PASSWORD|PASS|TOKEN|SECRET|KEY)", bare)  # names a variable
