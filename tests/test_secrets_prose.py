"""A password that a sentence names, however the sentence is built (trial 11 #2, `secret_prose.py`).

`set the password to X`, `password from A to B`, `password for <user>: X` and their Japanese
forms were stored in clear, and the daily run copied the first into a procedure's file name. Here a
school's IT notes (another domain than the trial's) go through the real CLI and daily run; and the
held-out phrasings of tests/data/secrets/prose12.jsonl (written before the rule) are scored.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

from memdir.runs.redact import redact_text

Cli = Callable[..., CompletedProcess[str]]
ROWS = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "secrets" / "prose12.jsonl").read_text("utf-8").splitlines()
    if line.strip()
]
EPISODES = [  # (text, secrets in it)
    (
        "Set the library kiosk passphrase to Gl4cier-Fern-208 and wrote it on the handover sheet.",
        ["Gl4cier-Fern-208"],
    ),
    (
        "Changed the gradebook admin pw from Chalk-1187-old to Slate!Owl-5530 for Ms. Okafor.",
        ["Slate!Owl-5530"],
    ),
    ("Projector passcode for r.ito: Lumen-Dock-77 (reset every term)", ["Lumen-Dock-77"]),
    (
        "視聴覚室のパスコードを旧 Kage-4410-mm から新 Hikari-9023-Zq に変えた。",
        ["Kage-4410-mm", "Hikari-9023-Zq"],
    ),
]


def test_a_password_named_by_its_sentence_is_in_no_file_or_file_name(root: Path, run_cli: Cli) -> None:
    for i, (text, _) in enumerate(EPISODES):
        res = run_cli("episode", "add", text, "--at", f"2026-11-02T0{i + 1}:00:00+09:00")
        assert res.returncode == 0, res.stderr
    res = run_cli("consolidate", "daily")
    assert res.returncode == 0, res.stderr
    secrets = [s for _, found in EPISODES for s in found]
    for path in root.rglob("*"):
        name = str(path.relative_to(root)).lower()
        assert not any(s.lower() in name for s in secrets), name
        if path.is_file():
            text = path.read_bytes().decode("utf-8", "replace").lower()
            assert not any(s.lower() in text for s in secrets), path
    day = (root / "episodes" / "2026-11-02.md").read_text(encoding="utf-8")
    assert "kiosk passphrase to [REDACTED]" in day and "Ms. Okafor" in day and "r.ito" in day


def test_the_held_out_phrasings_and_their_look_alikes() -> None:
    """Measured once when written (docs/reliability.md): 25/26 caught, 20/20 unchanged (`from 55Tz-qq`:
    7 characters, under the 8 a credential needs)."""
    pos = [r for r in ROWS if "secret" in r]
    neg = [r for r in ROWS if r.get("negative")]
    caught = sum(1 for r in pos if r["secret"] not in redact_text(r["text"]))
    kept = [r["text"] for r in neg if redact_text(r["text"]) != r["text"]]
    assert caught >= 25 and kept == []


def test_words_around_a_password_word_stay() -> None:
    for text in (
        "Reset the password for alice.kim via the admin console.",
        "Set the password to expire after 90 days for guests.",
        "The passwords moved from LastPass to 1Password last spring.",
        "パスワードを LastPass から 1Password に移した。",
        "password for svc-backup02: rotated, see kv/ops/backup",
    ):
        assert redact_text(text) == text
