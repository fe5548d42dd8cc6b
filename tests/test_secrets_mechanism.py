"""secrets7: secrets found by what names them or where they stand, not by their format.

Each mechanism has positives in formats no corpus file has (English and Japanese; main missed
every one of them) and hard negatives beside them that must come back byte for byte. The 20
negatives of tests/data/secrets/negatives7_dev.jsonl (written before the rules changed) stay too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memdir.runs.redact import redact_text
from memdir.secret_context import high_entropy
from memdir.secret_names import names_secret

# (text, secret): the secret must be gone from redact_text(text)
NAMED = [  # a key, flag, option, header or element whose name names a secret, in any spelling
    ("hostapd.conf:\nwpa_psk=Hx8qLm2RvTq9vLx2", "Hx8qLm2RvTq9vLx2"),
    ("ejabberdctl register bot chat.local --admin-passwd 'Zr7!kQ2mXp9L'", "Zr7!kQ2mXp9L"),
    ('<Property name="password">Fg5^hJk8Lm2n</Property>', "Fg5^hJk8Lm2n"),
    ("Cookie: PHPSESSID=r8k2xm9pzr4tvw8ybn3cdfg7hj; lang=ja", "r8k2xm9pzr4tvw8ybn3cdfg7hj"),
    (
        "keytool -importkeystore -srckeystore old.p12 -srcstorepass Kd8!mQ2zLx9p -destkeystore new.jks",
        "Kd8!mQ2zLx9p",
    ),
    ("GRAFANA_KEY=eyQk8Zr7mXp2Lw9Qa1Ws2Ed3Rf4Tg5 ./provision.sh", "eyQk8Zr7mXp2Lw9Qa1Ws2Ed3Rf4Tg5"),
    ("秘密鍵のパスフレーズ：Rb5$nM8qLz", "Rb5$nM8qLz"),
    ("ストレージの暗号化キー: Qm4Zx8Kp2Lr7Vt", "Qm4Zx8Kp2Lr7Vt"),
]
NAMED_KEEP = [
    "password_min_length: 12\nsecretName: orders-tls-2024-prod",
    '{"password_changed_at": "2024-11-02T09:13:44Z", "api_key_id": "7c9e6679-7425-40de-944b-e07fc1f097cf"}',
    "docker run -e POSTGRES_PASSWORD_FILE=/run/secrets/pg_password postgres:16",
    "[Peer]\nPublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    "Set-Cookie: theme=dark-high-contrast; Path=/; SameSite=Lax",
    "sort_key=8f3a9c2e7b1d, partition key: tenant-42",
    "auth-16: How do I undo a commit I already pushed to main?",
    "トークン数: 128000、パスワードの長さは12文字以上",
]
POSITIONS = [  # a value where a credential stands, whatever names it
    ("r = httpx.get(url, auth=httpx.DigestAuth('svc', 'Zq8!vT2mXk9'))", "Zq8!vT2mXk9"),
    ("child.expect('Passphrase for key: '); child.sendline('Qz7!kP2mW9xR')", "Qz7!kP2mW9xR"),
    (
        "/etc/shadow: deploy:$6$Ks9e$Kx9pQ2vL7mQz7kP2mW9xRt4vL8:19700:0:99999:7:::",
        "$6$Ks9e$Kx9pQ2vL7mQz7kP2mW9xRt4vL8",
    ),
    ("mosquitto_pub -h mqtt.local -u iot -P 'Qz7!kP2mW9xR' -t t -m x", "Qz7!kP2mW9xR"),
    ("printf 'Kj8#Lm2@Qp5z' | podman login -u bot --password-stdin quay.io", "Kj8#Lm2@Qp5z"),
    ("az login --service-principal -u http://app -p 'Qa1~Ws2.Ed3_Rf4-Tg5' --tenant x", "Qa1~Ws2.Ed3_Rf4-Tg5"),
    ("鍵ファイル: ACME-SECRET-KEY-1QZ8RK2XM9PZR4TVW8YBN3CDFG7HJ5LQZ8RK2X", "1QZ8RK2XM9PZR4TVW8YBN3CDFG7HJ5L"),
]
POSITIONS_KEEP = [
    "print('hello', 'world2024x') and f('a', 'b')",
    "ssh -p 2222 deploy@bastion; redis-cli -h cache -p 6379 info; mongo --host db -p 27017",
    "mysql -h db.internal -u report -p analytics_2024 < monthly.sql",
    "gpg --list-secret-keys --keyid-format LONG\nsec   rsa4096/3AA5C34371567BD2 2016-03-10 [SC]",
    "release: 2024-12-05 10:22:31 build:8213:ok:amd64:done",
]
CONTEXT = [  # a random value on a line whose credential word comes before it
    (
        "Mattermost incoming webhook: https://chat.example.com/hooks/k8f3qZ2mX9vT4bL7nW1pY6cRa",
        "k8f3qZ2mX9vT4bL7nW1pY6cRa",
    ),
    ("The Algolia client secret for search-prod is 7Hq2XkLm9PzR4tVw8YbN3cDf", "7Hq2XkLm9PzR4tVw8YbN3cDf"),
    ("本番のAPIトークンを再発行した → tk_8Kq2Xm9PzR4tVw8YbN3cDfG7hJ", "tk_8Kq2Xm9PzR4tVw8YbN3cDfG7hJ"),
    ("Vaultwarden recovery key: RK-8Kq2-Xm9P-zR4t-Vw8Y-3cDf", "RK-8Kq2-Xm9P-zR4t-Vw8Y-3cDf"),
    ("Bitwarden のリカバリーコード:\n8k2x-9pzr\n4tvw-8ybn", "8k2x-9pzr"),
]
CONTEXT_KEEP = [
    "image digest sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 for the token service",
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8: rotate the API key weekly",
    "Authorization failed for request req_8f3KqZ2mX9vT4bL7nW1pY6cR (see logs)",
    "The API key id is key_01HXYZ8J3KQ4M5N6P7R8S9T0VW; the secret itself stays in Vault.",
    "Primary key: usr_2x9fK3mQ8vL1pR7tY4wZ6nB3c for the users table",
    "Build ID: b7Xq9Lm2PzR4tVw8YbN3cDfG (CI run 48213), token refresh fixed",
    '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="> token icon',
    "APIキーのID：key_8Kq2Xm9PzR4tVw8YbN3cDfG（実体はVaultにある）",
    "公開鍵: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIroXcyL/EoUZLIVXBIgZ2SZU2IXH/+Jj5kwA0NqsonBz",
]
NEGATIVES7 = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "secrets" / "negatives7_dev.jsonl")
    .read_text("utf-8")
    .splitlines()
    if line.strip()
]


@pytest.mark.parametrize(("text", "secret"), NAMED + POSITIONS + CONTEXT)
def test_a_secret_named_or_placed_as_one_is_masked(text: str, secret: str) -> None:
    """The secret is gone; what names it stays readable."""
    out = redact_text(text)
    assert secret not in out, out
    assert "[REDACTED]" in out


@pytest.mark.parametrize("text", NAMED_KEEP + POSITIONS_KEEP + CONTEXT_KEEP)
def test_what_only_looks_like_one_stays(text: str) -> None:
    """Property names, ids, digests, ports, public keys and prose come back byte for byte."""
    assert redact_text(text) == text


@pytest.mark.parametrize("row", NEGATIVES7, ids=[r["format"] for r in NEGATIVES7])
def test_negatives7_dev_stay(row: dict[str, str]) -> None:
    """The hard negatives written before the rules changed."""
    assert redact_text(row["text"]) == row["text"]


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        ("DB_PASS", True),
        ("dbPassword", True),
        ("spring.datasource.password", True),
        ("-storepass", True),
        ("passout", True),
        ("PGPASSWORD", True),
        ("x-auth-token", True),
        ("_gitlab_session", True),
        ("JSESSIONID", True),
        ("SOPS_AGE_KEY", True),
        ("APIキー", True),
        ("password_min_length", False),
        ("PasswordPolicy", False),
        ("api_key_id", False),
        ("total_tokens", False),
        ("PublicKey", False),
        ("primary_key", False),
        ("secretName", False),
        ("passenger", False),
        ("key_mgmt", False),
        ("Set-Cookie", False),
    ],
)
def test_names_split_into_words(name: str, secret: bool) -> None:
    """A name names a secret by its words, in any spelling; a property of a secret does not."""
    assert names_secret(name) is secret


def test_entropy_alone_is_not_enough() -> None:
    """Digests and ids are random too: high_entropy says 'random', the line must say 'credential'."""
    assert high_entropy("nui8Q~YyxkBCkHO~5n_T3llChCc5W50Ahl~BlNGN")
    assert not high_entropy("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")  # hex
    assert not high_entropy("238a8073-5799-4078-947a-67962f4fcdbc")  # UUID
    assert not high_entropy("AuthenticationManagerBuilder2")  # an identifier
    assert redact_text("sha512-FKfNrwgKpd9t8vKkpX5pARnScluv28HA53huG5ZTMKAtI54Tm") == (
        "sha512-FKfNrwgKpd9t8vKkpX5pARnScluv28HA53huG5ZTMKAtI54Tm"
    )
