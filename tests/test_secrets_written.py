"""No secret is written anywhere: the verbs, the daily run and the index, checked on every file of the root.

Each case is one the hostile tester found leaking: a secret in prose (`with secret ...`, `with
password ...`), URL credentials and vendor tokens given to `feedback`, `outcome`, `decision add` and
`note add`, and episode headings kept verbatim in the index catalog. After each, every file under
the root (`.memdir/` included) and every file name is searched for the secret.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import pytest

from memdir.redaction import redact_text

Run = Callable[..., subprocess.CompletedProcess[str]]
AWS_ID = "AKIAIOSFODNN7EXAMPLE"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYZZZZKEY01"  # 39 characters: no vendor shape, only prose
PROSE_PW = "CorrectHorse88Staple"
GH = "ghp_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0EdCbA9"
DAY = (date.today() - timedelta(days=1)).isoformat()
HUMAN = (
    "---\ndescription: How we reach the build host\norigin: human\n---\n\n# Build host access\n\n"
    "ssh root@host to reach the build host; the build host runs the nightly jobs.\n"
)


def _leaks(root: Path, *secrets: str) -> list[str]:
    """Every file (content or name) under root that holds one of the secrets, in any case."""
    found = []
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            rel = path.relative_to(root).as_posix()
            data = path.read_bytes().decode("utf-8", "replace").lower()
            for s in secrets:
                if s.lower() in data or s.lower().replace("_", "-") in rel.lower():
                    found.append(f"{rel}: {s}")
    return found


def _ok(res: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert res.returncode == 0, res.stderr
    return res


def _daily_on(root: Path, run: Run, day_text: str) -> None:
    """An episode file a person wrote (memdir never saw its text), then `consolidate daily`."""
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{day_text}", encoding="utf-8")
    _ok(run("consolidate", "daily", "--date", DAY, env={"MEMDIR_EMBEDDER": "hashing"}, timeout=300))


def test_daily_keeps_an_aws_secret_in_prose_out_of_notes_and_state(ready: Run, root: Path) -> None:
    _daily_on(
        root,
        ready,
        f"## 09:00 — Rotated the AWS key\n\nThe AWS key {AWS_ID} with secret {AWS_SECRET} was rotated. "
        "Lesson: rotate keys before they expire, and update the CI variables the same day.\n",
    )
    assert (root / ".memdir" / "state").is_dir()
    assert _leaks(root, AWS_ID, AWS_SECRET) == [
        f"episodes/{DAY}.md: {AWS_ID}",
        f"episodes/{DAY}.md: {AWS_SECRET}",
    ]


def test_daily_never_appends_a_password_to_a_persons_note(ready: Run, root: Path) -> None:
    (root / "knowledge" / "build-host.md").write_text(HUMAN, encoding="utf-8")
    _daily_on(
        root,
        ready,
        f"## 10:00 — Build host access\n\nTo reach the build host: ssh root@host with password {PROSE_PW}. "
        "The build host runs the nightly jobs; restart them after a reboot.\n",
    )
    assert _leaks(root, PROSE_PW) == [f"episodes/{DAY}.md: {PROSE_PW}"]


def test_feedback_note_masks_url_credentials_and_keys(ready: Run, root: Path) -> None:
    (root / "procedures" / "deploy.md").write_text(
        "---\ndescription: Deploy the API\n---\n\n# Deploy\n\n1. make deploy\n", encoding="utf-8"
    )
    res = _ok(
        ready(
            "feedback",
            "procedures/deploy.md",
            "--failure",
            "--note",
            f"postgres://app:FbPassw0rd77@db refused; key {AWS_ID}",
        )
    )
    assert "masked 2 secrets in procedures/deploy.md" in res.stderr
    assert _leaks(root, "FbPassw0rd77", AWS_ID) == []
    assert "postgres://app:[REDACTED]@db refused" in (root / "procedures" / "deploy.md").read_text()


def test_decision_and_outcome_mask_tokens_in_text_and_file_names(ready: Run, root: Path) -> None:
    res = _ok(ready("decision", "add", f"Token {GH} rotation", "--chosen", "rotate", "--json"))
    assert "masked" in res.stderr
    rel = res.stdout.split('"path": "')[1].split('"')[0]
    _ok(ready("outcome", rel, f"{GH} leaked again, password=OutcomePw55", "--result", "failure"))
    assert _leaks(root, GH, "OutcomePw55", "zx9yw8vu7ts6") == []
    assert any((root / "knowledge" / "lessons").glob("*.md"))  # the failure's lesson was written, masked


def test_note_add_masks_a_token_in_the_title_and_says_so(ready: Run, root: Path) -> None:
    res = _ok(ready("note", "add", "knowledge", f"{GH} token", "-", input="We rotate it monthly.\n"))
    assert res.stderr.count("masked 1 secret in knowledge/") == 1
    assert _leaks(root, GH, "zx9yw8vu7ts6") == []


def test_the_index_catalog_keeps_no_secret_from_a_heading(ready: Run, root: Path) -> None:
    (root / "episodes" / f"{DAY}.md").write_text(
        f"---\ndate: {DAY}\n---\n\n## 10:00 — Key {GH} {AWS_ID} rotation\n\nRotated both.\n", encoding="utf-8"
    )
    _ok(ready("index", "sync", env={"MEMDIR_EMBEDDER": "hashing"}, timeout=300))
    assert (root / ".memdir" / "index" / "catalog.json").exists()
    assert [x for x in _leaks(root, GH, AWS_ID) if not x.startswith("episodes/")] == []


def test_a_persons_secret_stays_in_their_note_when_memdir_updates_it(ready: Run, root: Path) -> None:
    text = "---\ndescription: Deploy\n---\n\n# Deploy\n\n1. export DB_PASSWORD=Kept4Person!x\n"
    (root / "procedures" / "deploy.md").write_text(text, encoding="utf-8")
    res = _ok(ready("feedback", "procedures/deploy.md", "--success"))
    assert "masked" not in res.stderr
    assert "1. export DB_PASSWORD=Kept4Person!x\n" in (root / "procedures" / "deploy.md").read_text()


@pytest.mark.parametrize(
    "text",
    [
        "We use a password manager; the password reset flow sends a mail.",
        "The token bucket rate limiter allows 50 requests; the token expired at noon.",
        "Secret santa is on Friday; the secret sauce is caching.",
        "It passed: restore took 41 minutes; pin numpy==1.26.4 and Python3.11.",
        "Set secret v2-migration in the flag service; password policy2024 applies.",
        "docker run -v $PWD:/backup alpine tar czf /backup/x.tgz /data",
    ],
)
def test_ordinary_words_after_secret_words_stay(text: str) -> None:
    assert redact_text(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"ssh root@host with password {PROSE_PW}", PROSE_PW),
        (f"the AWS key {AWS_ID} with secret {AWS_SECRET} was rotated", AWS_SECRET),
        (f"{AWS_ID} wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        ("the token is Zx9Yw8Vu7Ts6Rq5Po4", "Zx9Yw8Vu7Ts6Rq5Po4"),
        ("パスワードは Xyz123!abc です", "Xyz123!abc"),
        ("pw: Hunter2Pass!", "Hunter2Pass!"),
    ],
)
def test_secrets_in_prose_are_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)


def test_episode_add_and_log_write_no_secret(ready: Run, root: Path) -> None:
    res = _ok(
        ready("episode", "add", f"ssh root@host with password {PROSE_PW}; key {AWS_ID} secret {AWS_SECRET}")
    )
    assert "masked" in res.stderr and "password-redacted" in res.stdout  # the id is made from the masked text
    _ok(ready("log", "--type", "task_end", "--summary", f"the token is {GH}, password=LogPw55x"))
    assert _leaks(root, PROSE_PW, AWS_ID, AWS_SECRET, GH, "LogPw55x") == []
