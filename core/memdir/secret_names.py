"""Does a key, flag or option name a secret? Names split into words, whatever their spelling.

`DB_PASS`, `dbPassword`, `db-password`, `spring.datasource.password`, `-storepass`, `-passout`,
`PGPASSWORD`, `x-auth-token`, `_gitlab_session`, `sessionid`, `wpa_psk`, `SOPS_AGE_KEY`,
`APIキー` all do; `password_min_length`, `PasswordPolicy`, `api_key_id`, `total_tokens`,
`PublicKey`, `primary_key`, `secretName`, `passenger`, `key_mgmt` do not. The rule: some word
of the name is a secret stem (`key` only after a word that makes it one: private, api, access,
...), and no word after the last stem names a property of the secret (length, id, file, name,
expiry, ...) rather than the secret itself.
"""

from __future__ import annotations

import functools
import re


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# stems that name a secret wherever they stand in a compound word (storepass, passout, authtoken)
_STEM_IN_WORD = re.compile(
    r"passwords?|passwd|passphrase|passcode|pass|pwd|secret|token|credentials?|creds?|cookie|sessid|session|"
    r"psk|apikey|auth"
)
# stems that name a secret only as a whole word (`pin` is not `spinner`, `sid` is not `inside`)
_WHOLE_STEMS = frozenset(
    {"pw", "pin", "sid", "otp", "totp", "hotp", "psk", "pwd", "sig", "signature", "cred"}
)
# English words that hold a stem and name no secret
_NOT_WORDS = _set(
    "passage passages passenger passengers passive passport passports compass bypass bypassed "
    "surpass trespass passthrough passthru passed passes passing passable passover impasse overpass "
    "underpass secretary secretaries secrete secreted tokenize tokenizer tokenizers tokenized "
    "tokenization tokens author authors authority authorities authored authoring authoritative "
    "authorize authorized authorizer autho credit credits creditor credible incredible sessions "
    "secrets passwords"
)
# words that make `key` (or `キー`, `鍵`) a secret: private_key, apiKey, SOPS_AGE_KEY, server key
_KEY_QUALIFIERS = _set(
    "private priv secret api access auth master signing sign encryption enc encrypt license licence "
    "account shared client app application server preshared psk hmac webhook root admin service sas "
    "storage subscription consumer deploy session age wg wireguard sops decryption decrypt cipher "
    "crypt x"
)
# words after the last stem that name a property of the secret, not the secret
_PROPERTIES = _set(
    "min max minimum maximum length len count counts limit limits policy policies expiry expires "
    "expire expiration expired ttl timeout type types name names id ids file files path paths dir "
    "url uri endpoint ref refs env enabled enable disabled required format field fields prompt hint "
    "header rotation rotate reset strength chars characters mode version provider store manager "
    "helper command cmd stdin hash hashed digest salt algorithm algo alg iterations rounds cost "
    "budget usage used total size bytes prefix suffix last4 template scheme kind label description "
    "desc help changed updated created at date time age days secs seconds ms interval lifetime "
    "duration rule rules regex pattern validation validator check level score index column table var "
    "variable location source src backend issuer audience mgmt management fingerprint public pub "
    "method methods strategy flow json yaml yml toml ini cfg conf txt py js sh md log csv xml "
    "full booked closed cancelled canceled"  # a class's state (`SessionFull: TKO-90-BASIC …`, round 45)
)
# words before a stem that make the whole name a count or a public thing: max_tokens, public_token
_NOT_BEFORE = frozenset({"max", "min", "num", "n", "total", "public", "pub", "primary", "foreign", "sort"})
# keys that are not secrets whatever their value: cache keys, sort keys, object keys, ssh/gpg key ids
_NOT_KEYS = _set(
    "cache sort partition routing object s3 idempotency dedup dedupe lookup map dict hash row ssh "
    "gpg pgp gpgkey host index shard cluster group foreign unique composite natural surrogate hotkey "
    "shortcut"
)
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_PARTS = re.compile(r"[A-Za-z0-9]+")
_KEY_STEM = re.compile(r"key$")
# Japanese: a stem, and `キー`/`鍵` after a word that makes it a secret
_JA_STEMS = (
    "パスワード",
    "暗証番号",
    "合言葉",
    "暗号",
    "トークン",
    "秘密鍵",
    "シークレット",
    "パスフレーズ",
    "認証コード",
)
_JA_KEY = re.compile(
    r"(?i)(?:api|アクセス|シークレット|秘密|プライベート|認証|サーバー?|暗号化?|署名)[ \t]?(?:キー|鍵)$"
)


def _words(name: str) -> list[str]:
    """`dbPassword` -> db, password; `SOPS_AGE_KEY` -> sops, age, key; `-storepass` -> storepass."""
    words: list[str] = []
    for part in _PARTS.findall(name):
        words.extend(w.lower() for w in _CAMEL.findall(part))
    return words


def _atoms(word: str) -> list[tuple[str, bool]]:
    """A word cut at the stems inside it: storepass -> (store, no), (pass, yes)."""
    if word in _NOT_WORDS:
        return [(word, False)]
    if word in _WHOLE_STEMS:
        return [(word, True)]
    out: list[tuple[str, bool]] = []
    pos = 0
    for m in _STEM_IN_WORD.finditer(word):
        if m.start() > pos:
            out.append((word[pos : m.start()], False))
        stem = m.group(0)
        out.append((stem, not stem.endswith("s") or stem in ("pass", "credentials", "creds")))
        pos = m.end()
    if pos < len(word):
        rest = word[pos:]
        if _KEY_STEM.search(rest) and rest[:-3] in _KEY_QUALIFIERS:  # privatekey, secretkey
            out.extend([(rest[:-3], False), ("key", True)] if rest[:-3] else [("key", False)])
        else:
            out.append((rest, False))
    return out


@functools.lru_cache(maxsize=8192)
def names_secret(name: str) -> bool:
    """True when a key, flag, option or header name names a secret (not a property of one)."""
    if any(name.endswith(stem) for stem in _JA_STEMS) or _JA_KEY.search(name):
        return True
    atoms: list[tuple[str, bool]] = []
    for word in _words(name):
        atoms.extend(_atoms(word))
    last = -1
    for i, (atom, stem) in enumerate(atoms):
        qualified_key = atom == "key" and i > 0 and atoms[i - 1][0] in _KEY_QUALIFIERS
        if stem or qualified_key:
            last = i
    if last < 0:
        return False
    tail = {atom for atom, _ in atoms[last + 1 :]}
    if atoms[last][0] in ("session", "sessid", "sid"):
        tail.discard("id")  # sessionid, JSESSIONID: the session's id is its secret
    if tail & _PROPERTIES or {atom for atom, _ in atoms} <= {"set", "cookie"}:
        return False  # a Cookie header holds pairs: each is judged by its own name
    before = {atom for atom, _ in atoms[:last]}
    return not before & _NOT_BEFORE


@functools.lru_cache(maxsize=8192)
def names_a_key(name: str) -> bool:
    """True for a name that ends in a bare `key` (`LINEAR_KEY`, `stripeKey`): a secret only if its value is random."""
    words = _words(name)
    return len(words) >= 2 and words[-1] == "key" and not set(words) & (_NOT_BEFORE | _NOT_KEYS)


# a one-time code (`otp`, `totp`, `hotp`) is digits, as a PIN is: masked whatever its shape (trial 26 #12)
_PASSWORD_ATOMS = frozenset(
    {
        "password",
        "passwd",
        "pass",
        "pwd",
        "pw",
        "passphrase",
        "passcode",
        "psk",
        "secret",
        "otp",
        "totp",
        "hotp",
    }
)


@functools.lru_cache(maxsize=8192)
def names_password(name: str) -> bool:
    """True for a name of a password or a secret, whose value may be any word (`DB_PASS=letmein`)."""
    atoms = [atom for word in _words(name) for atom, stem in _atoms(word) if stem]
    return names_secret(name) and bool(atoms) and atoms[-1] in _PASSWORD_ATOMS
