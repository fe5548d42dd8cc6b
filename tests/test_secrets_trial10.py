"""Trial 10: a secret is masked in every field of a write and wherever it recurs, and output shows what was stored.

The trial found activity events written with their type, task id, tool, agent and session in
clear; a value masked where a name marked it (`DB_PASSWORD=…`) and left in clear where it came
again (later in the text, in the title, in a decision's options); and `episode add --json`,
`context` and `eval --export` echoing secrets. Each case here uses other token types and
wordings than the trial's, Japanese prose among them, and searches every file under the root
(hidden folders included), every file name and the command's output for every secret.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from test_secrets_written import _ok

from memdir import Memory
from memdir.redaction import redact_text

Run = Callable[..., subprocess.CompletedProcess[str]]
GITLAB = "glpat-Xk4Vq8mLp2Rt7Wn9Zs3B"
NPM = "npm_Q7wE3rT9yU1iO5pA8sD2fG6hJ4kL0zX1cV3b"
SLACK_BOT = "xoxb-2481632641-1357913579135-Rk8Wq3Zt5Yp7Lm2Nx4Vb6Jc"
GOOGLE = "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r"
REDIS_PW = "Vq8mT2pLx9wK"  # a secret only where a name marks it: in clear anywhere else
SMTP_PW = "Nz4!kR7qWm2x"
JA_PW = "Hq5-wX8tPz3m"
DB_URL_PW = "Wq9-Tz4pLm8x"
SECRETS = (GITLAB, NPM, SLACK_BOT, GOOGLE, REDIS_PW, SMTP_PW, JA_PW, DB_URL_PW)
DAY = (date.today() - timedelta(days=1)).isoformat()
HASHING = {"MEMDIR_EMBEDDER": "hashing"}


def _found(
    root: Path, *outputs: str, skip: tuple[str, ...] = (), secrets: tuple[str, ...] = SECRETS
) -> list[str]:
    """Every file under root (hidden ones too) whose content or name holds a secret, in any case, and
    every output that does; files under the folders in `skip` are the person's own inputs."""
    hits = []
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            rel = path.relative_to(root).as_posix()
            if rel.split("/")[0] in skip:
                continue
            data = path.read_bytes().decode("utf-8", "replace").lower()
            hits += [f"{rel}: {s}" for s in secrets if s.lower() in data or s.lower() in rel.lower()]
    hits += [f"output {i}: {s}" for i, out in enumerate(outputs) for s in secrets if s.lower() in out.lower()]
    return hits


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"Set REDIS_PASSWORD={REDIS_PW} in the .env, then pasted {REDIS_PW} at the prompt.", REDIS_PW),
        (f"ステージングのパスワードは {JA_PW} です。ログイン画面に {JA_PW} を貼り付けた。", JA_PW),
        (f"smtp_pass: {SMTP_PW}\nThe anchor reads {SMTP_PW.lower()} in lower case.", SMTP_PW),
        (
            "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjaS1ib3QifQ.Qm9vN2tZcVhMa3BQd1RyOGdWYnM"
            " was sent; later the bare signature Qm9vN2tZcVhMa3BQd1RyOGdWYnM showed up in the proxy log.",
            "Qm9vN2tZcVhMa3BQd1RyOGdWYnM",
        ),
    ],
)
def test_a_value_found_a_secret_is_masked_wherever_it_recurs_in_the_text(text: str, secret: str) -> None:
    assert secret.lower() not in redact_text(text).lower()


def test_a_secret_found_in_one_field_is_masked_in_the_others_of_the_write() -> None:
    from memdir.redaction import redact_together  # new with trial 10

    option, reason = redact_together([f"env file with {JA_PW}", f"パスワードは {JA_PW} だった"])
    assert (option, reason) == ("env file with [REDACTED]", "パスワードは [REDACTED] だった")


@pytest.mark.parametrize(
    "text",
    [
        "password=test; then run the test suite and the smoke test.",
        "PASSWORD=password is the default; the password reset flow changes it.",
        "secret: letmein was the old one; nobody types letmein any more.",
    ],
)
def test_a_short_or_plain_word_is_masked_only_where_it_is_named(text: str) -> None:
    """Only a value nobody writes by chance is masked where it recurs: `test suite` stays readable."""
    masked = redact_text(text)
    assert masked.count("[REDACTED]") == 1 and masked.replace("[REDACTED]", "").count(" ") == text.count(" ")


def test_the_python_api_masks_every_field_of_an_event_at_any_depth(mem: Memory) -> None:
    written = mem.activity.append_many(
        [
            {
                "type": f"deploy {GITLAB}",
                "task_id": NPM,
                "tool": SLACK_BOT,
                "agent": GOOGLE,
                "session": f"s-{REDIS_PW}",
                "summary": f"REDIS_PASSWORD={REDIS_PW}",
                "extra": {"env": [{"note": f"then typed {REDIS_PW}"}, f"api key {GOOGLE}"]},
            }
        ]
    )
    assert _found(mem.root, json.dumps(written)) == []
    (line,) = (mem.root / "activity").glob("*.jsonl")
    event = json.loads(line.read_text(encoding="utf-8"))
    assert event["type"] == "deploy [REDACTED]" and event["session"] == "s-[REDACTED]"
    assert event["extra"] == {"env": [{"note": "then typed [REDACTED]"}, "api key [REDACTED]"]}


def test_log_masks_the_type_ids_tool_agent_and_session(ready: Run, root: Path) -> None:
    res = _ok(
        ready(
            "log",
            "--type",
            f"deploy {GITLAB}",
            "--task",
            NPM,
            "--tool",
            SLACK_BOT,
            "--agent",
            GOOGLE,
            "--session",
            REDIS_PW,
            "--summary",
            f"REDIS_PASSWORD={REDIS_PW}",
            "--input",
            f"redis-cli ping # {REDIS_PW}",
            "--json",
        )
    )
    assert _found(root, res.stdout, res.stderr) == []
    assert json.loads(res.stdout)["task_id"] == "[REDACTED]"


def _task(tid: str, pw: str, ts: datetime, n: int) -> list[dict[str, object]]:
    at = (ts + timedelta(minutes=n)).isoformat()
    return [
        {"ts": at, "type": "task_start", "task_id": tid, "summary": "deploy the billing api to staging"},
        {
            "ts": at,
            "type": "tool_use",
            "task_id": tid,
            "tool": "bash",
            "input": f"REDIS_PASSWORD={pw} make deploy ENV=staging",
            "agent": SLACK_BOT,
            "session": NPM,
        },
        {"ts": at, "type": "tool_use", "task_id": tid, "tool": "bash", "input": "make smoke ENV=staging"},
        {"ts": at, "type": f"note {GITLAB}", "task_id": tid, "extra": {"seen": [f"typed {pw}"]}},
        {"ts": at, "type": "task_end", "task_id": tid, "outcome": "success"},
    ]


def test_weekly_writes_nothing_of_a_hand_written_activity_file_with_secrets(ready: Run, root: Path) -> None:
    """A person's log holds secrets in every field, and task ids that differ only by a password:
    nothing the run writes holds one, and the three tasks stay three (their ids mask alike)."""
    base = datetime.now(timezone.utc) - timedelta(days=2)
    pws = ("Kd8vR2xPq5Tz", "Lm3wQ9sYk7Np", "Rt6zH4jWc2Vb")
    events = [e for i, pw in enumerate(pws) for e in _task(f"deploy-{pw}", pw, base, i)]
    lines = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)
    (root / "activity" / f"{base.date().isoformat()}.jsonl").write_text(lines, encoding="utf-8")
    until = (date.today() + timedelta(days=1)).isoformat()
    res = _ok(ready("consolidate", "weekly", "--until", until, "--json", env=HASHING, timeout=300))
    assert _found(root, res.stdout, res.stderr, skip=("activity",), secrets=SECRETS + pws) == []
    (proc,) = (root / "procedures").glob("*.md")
    text = proc.read_text(encoding="utf-8")
    for tid in ("deploy-[REDACTED]", "deploy-[REDACTED]-2", "deploy-[REDACTED]-3"):
        assert tid in text  # three tasks, not one


def test_episode_add_masks_every_occurrence_and_prints_what_was_stored(ready: Run, root: Path) -> None:
    res = _ok(
        ready(
            "episode",
            "add",
            f"Set SMTP_PASS={SMTP_PW} in the .env, then pasted {SMTP_PW} into the mail console. "
            f"The deploy token {GITLAB} went into the CI variables.",
            "--title",
            f"token {GITLAB} and {SMTP_PW}",
            "--at",
            f"{DAY}T10:00:00",
            "--json",
        )
    )
    shown = json.loads(res.stdout)
    assert shown["title"] == "token [REDACTED] and [REDACTED]"
    daily = _ok(ready("consolidate", "daily", "--date", DAY, "--json", env=HASHING, timeout=300))
    assert _found(root, res.stdout, res.stderr, daily.stdout, daily.stderr) == []


def test_a_heading_repeating_a_secret_of_its_text_gives_no_id_with_it(ready: Run, root: Path) -> None:
    """A hand-written episode: the anchor (the episode's id in state and `sources`) is masked too."""
    (root / "episodes" / f"{DAY}.md").write_text(
        f"---\ndate: {DAY}\n---\n\n## 09:30 — psql as billing with {REDIS_PW}\n\n"
        f"export PGPASSWORD={REDIS_PW} then psql -h db -U billing worked. Lesson: keep the password in "
        "the vault, never in the shell history.\n",
        encoding="utf-8",
    )
    res = _ok(ready("consolidate", "daily", "--date", DAY, "--json", env=HASHING, timeout=300))
    assert _found(root, res.stdout, res.stderr, skip=("episodes",)) == []
    state = (root / ".memdir" / "state" / "episodes.json").read_text(encoding="utf-8")
    assert "psql-as-billing-with-redacted" in state


def test_note_add_masks_the_repeat_in_the_text_description_and_file_name(ready: Run, root: Path) -> None:
    res = _ok(
        ready(
            "note",
            "add",
            "knowledge",
            f"Mail console {SMTP_PW}",
            f"The SMTP_PASS={SMTP_PW} is set. Also remember {SMTP_PW} for the console.",
            "--json",
        )
    )
    assert _found(root, res.stdout, res.stderr) == []
    assert (root / "knowledge" / "mail-console-redacted.md").is_file()


def test_decision_options_are_masked_with_what_the_reasons_name(ready: Run, root: Path) -> None:
    res = _ok(
        ready(
            "decision",
            "add",
            f"Move {JA_PW} out of the env file",
            "-o",
            "Vault",
            "-o",
            f"env file with {JA_PW}",
            "--chosen",
            "Vault",
            "--reason",
            f"ステージングのパスワードは {JA_PW} で、前に漏れた。",
            "--json",
        )
    )
    assert _found(root, res.stdout, res.stderr) == []
    (note,) = (root / "knowledge" / "decisions").glob("*.md")
    assert note.name == "move-redacted-out-of-the-env-file.md"
    assert "- env file with [REDACTED]\n" in note.read_text(encoding="utf-8")


def test_context_shows_the_query_masked(ready: Run, root: Path) -> None:
    (root / "procedures" / "reconnect-billing.md").write_text(
        "---\ndescription: Reconnect the billing database after a failover\n---\n\n# Reconnect billing\n\n"
        "1. Point the billing service at the new primary.\n2. Restart the billing workers.\n",
        encoding="utf-8",
    )
    query = f"reconnect postgres://billing:{DB_URL_PW}@db.internal:5432/billing after the failover"
    res = _ok(ready("context", query, env=HASHING, timeout=300))
    assert "### Relevant to: reconnect postgres://billing:[REDACTED]@db.internal" in res.stdout
    assert _found(root, res.stdout, res.stderr) == []


def test_eval_export_masks_the_notes_queries_and_ids(run_cli: Run, tmp_path: Path) -> None:
    data = tmp_path / "set.jsonl"
    rows = [
        {
            "type": "document",
            "id": "d1",
            "title": f"Mail {SMTP_PW}",
            "text": f"SMTP_PASS={SMTP_PW} on relay-2",
        },
        {"type": "document", "id": f"deploy token {GITLAB}", "text": f"CI uses {GITLAB} to push images."},
        {"type": "document", "id": "ja", "text": f"ステージングのパスワードは {JA_PW} です。"},
        {"type": "query", "id": "q1", "text": f"where is {NPM} used", "gold": ["d1"]},
    ]
    data.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "runs.jsonl"
    export = tmp_path / "exported"
    res = _ok(
        run_cli(
            "eval",
            "jsonl",
            str(data),
            "--export",
            str(export),
            "--out",
            str(out),
            "--no-progress",
            "--rankers",
            "lexical,grep",
            env=HASHING,
            timeout=300,
        )
    )
    assert _found(export, res.stdout, res.stderr, out.read_text(encoding="utf-8")) == []
    assert any(
        "SMTP_PASS=[REDACTED] on relay-2" in p.read_text(encoding="utf-8") for p in export.rglob("*.md")
    )


def test_search_errors_and_usage_errors_show_no_secret(ready: Run, root: Path) -> None:
    """Output that quotes what was typed (a query that matched nothing, a path, a mistyped argument)."""
    key = (
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
        "-----END OPENSSH PRIVATE KEY-----"
    )
    search = ready("search", f"token {GITLAB}", env=HASHING, timeout=300)
    assert "no note matched 'token [REDACTED]'" in search.stderr
    missing = ready("note", "show", f"knowledge/{NPM}.md")
    assert missing.returncode == 1 and "knowledge/[REDACTED].md" in missing.stderr
    usage = ready("note", "add", "knowledge", key)  # an argument that starts with dashes reads as an option
    assert usage.returncode == 2 and "-----BEGIN OPENSSH PRIVATE KEY-----[REDACTED]" in usage.stderr
    outputs = [r.stdout + r.stderr for r in (search, missing, usage)]
    assert _found(root, *outputs, secrets=(*SECRETS, "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ")) == []
