"""Builds the written failure weeks (EN and JA): failure -> alternative -> success sequences.

Run `python tests/data/lessons/build_weeks.py` to regenerate `en/activity` and `ja/activity`.
Each week holds three kinds of task with three successes each (so a procedure is distilled):
one kind with a recovery inside a task (a step fails, a different step works, a check passes),
one with two independent failed tasks at the same step, and one whose only failure is a single
task retrying the same step (retries are not evidence: no lesson, only a trace).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
Step = tuple[str, str, str]  # tool, input, error ('' = ok)


def task(tid: str, start: datetime, intent: str, steps: list[Step], outcome: str) -> list[dict[str, object]]:
    t = start
    out: list[dict[str, object]] = [
        {"ts": t.isoformat(), "task_id": tid, "type": "task_start", "summary": intent, "agent": "agent-1"}
    ]
    for tool, inp, err in steps:
        t += timedelta(seconds=40)
        out.append({"ts": t.isoformat(), "task_id": tid, "type": "tool_use", "tool": tool, "input": inp})
        t += timedelta(seconds=20)
        res: dict[str, object] = {"ts": t.isoformat(), "task_id": tid, "type": "tool_result", "tool": tool}
        res.update({"exit_code": 1, "error": err} if err else {"exit_code": 0})
        out.append(res)
    t += timedelta(seconds=30)
    out.append(
        {"ts": t.isoformat(), "task_id": tid, "type": "task_end", "outcome": outcome, "summary": intent}
    )
    return out


def en() -> list[list[dict[str, object]]]:
    d = datetime(2026, 11, 23, 9, tzinfo=timezone.utc)
    day = timedelta(days=1)
    docs = lambda p: [  # noqa: E731
        ("bash", f"mkdocs build --strict -f {p}/mkdocs.yml", ""),
        ("bash", f"rsync -a {p}/site/ docs-host:/srv/docs/{p}/", ""),
        ("bash", f"curl -fsS https://docs.example.com/{p}/", ""),
    ]
    restore = lambda db: [  # noqa: E731
        ("bash", "createuser --no-login app_reader || true", ""),
        ("bash", f"pg_restore -d {db}_test /backups/{db}-latest.dump", ""),
        ("bash", f"psql -d {db}_test -c 'select count(*) from schema_migrations'", ""),
    ]
    key = lambda s: [  # noqa: E731
        ("bash", f"vault write -f secret/{s}/api-key/rotate", ""),
        ("bash", f"kubectl -n {s} rollout restart deployment/{s}", ""),
    ]
    return [
        task("docs-1", d, "Publish the docs site for the billing project", docs("billing"), "success"),
        task(
            "docs-2",
            d + day,
            "Publish the docs site for the search project",
            [
                (
                    "bash",
                    "mkdocs gh-deploy -f search/mkdocs.yml",
                    "error: remote rejected: protected branch gh-pages",
                ),
                *docs("search"),
            ],
            "success",
        ),
        task("docs-3", d + 2 * day, "Publish the docs site for the auth project", docs("auth"), "success"),
        task(
            "restore-1",
            d + timedelta(hours=2),
            "Restore the orders database backup to the test server",
            restore("orders"),
            "success",
        ),
        task(
            "restore-2",
            d + day + timedelta(hours=2),
            "Restore the users database backup to the test server",
            [
                (
                    "bash",
                    "pg_restore -d users_test /backups/users-latest.dump",
                    'pg_restore: error: role "app_reader" does not exist',
                )
            ],
            "failure",
        ),
        task(
            "restore-3",
            d + 2 * day + timedelta(hours=2),
            "Restore the carts database backup to the test server",
            restore("carts"),
            "success",
        ),
        task(
            "restore-4",
            d + 3 * day + timedelta(hours=2),
            "Restore the payments database backup to the test server",
            [
                (
                    "bash",
                    "pg_restore -d payments_test /backups/payments-latest.dump",
                    'pg_restore: error: role "app_reader" does not exist',
                )
            ],
            "failure",
        ),
        task(
            "restore-5",
            d + 4 * day + timedelta(hours=2),
            "Restore the invoices database backup to the test server",
            restore("invoices"),
            "success",
        ),
        task(
            "key-1",
            d + timedelta(hours=5),
            "Rotate the API key of the mailer service",
            key("mailer"),
            "success",
        ),
        task(
            "key-2",
            d + day + timedelta(hours=5),
            "Rotate the API key of the geo service",
            key("geo"),
            "success",
        ),
        task(
            "key-3",
            d + 2 * day + timedelta(hours=5),
            "Rotate the API key of the ledger service",
            [("bash", "vault write -f secret/ledger/api-key/rotate", "Error writing data: permission denied")]
            * 3,
            "failure",
        ),
        task(
            "key-4",
            d + 3 * day + timedelta(hours=5),
            "Rotate the API key of the ads service",
            key("ads"),
            "success",
        ),
    ]


def ja() -> list[list[dict[str, object]]]:
    d = datetime(2026, 11, 23, 10, tzinfo=timezone.utc)
    day = timedelta(days=1)
    logs = lambda s: [  # noqa: E731
        ("bash", f"aws s3 cp /var/log/{s}/ s3://acme-log-archive/{s}/ --recursive --profile archive", ""),
        ("bash", f"aws s3 ls s3://acme-log-archive/{s}/ --profile archive", ""),
    ]
    acct = lambda u: [  # noqa: E731
        ("bash", f"ldapadd -f /srv/ldap/{u}.ldif", ""),
        ("bash", f"ldapsearch -x uid={u}", ""),
    ]
    return [
        task("ログ-1", d, "paymentsのログをS3にアーカイブする", logs("payments"), "success"),
        task(
            "ログ-2",
            d + day,
            "searchのログをS3にアーカイブする",
            [
                (
                    "bash",
                    "aws s3 cp /var/log/search/ s3://acme-log-archive/search/ --recursive",
                    "An error occurred (AccessDenied) when calling the PutObject operation: Access Denied",
                ),
                *logs("search"),
            ],
            "success",
        ),
        task("ログ-3", d + 2 * day, "mailerのログをS3にアーカイブする", logs("mailer"), "success"),
        task(
            "アカウント-1",
            d + timedelta(hours=3),
            "田中さんの社内アカウントを作成する",
            acct("tanaka"),
            "success",
        ),
        task(
            "アカウント-2",
            d + day + timedelta(hours=3),
            "佐藤さんの社内アカウントを作成する",
            [("bash", "ldapadd -f /srv/ldap/sato.ldif", "ldap_add: Insufficient access (50)")],
            "failure",
        ),
        task(
            "アカウント-3",
            d + 2 * day + timedelta(hours=3),
            "鈴木さんの社内アカウントを作成する",
            acct("suzuki"),
            "success",
        ),
        task(
            "アカウント-4",
            d + 3 * day + timedelta(hours=3),
            "高橋さんの社内アカウントを作成する",
            [("bash", "ldapadd -f /srv/ldap/takahashi.ldif", "ldap_add: Insufficient access (50)")],
            "failure",
        ),
        task(
            "アカウント-5",
            d + 4 * day + timedelta(hours=3),
            "伊藤さんの社内アカウントを作成する",
            acct("ito"),
            "success",
        ),
    ]


def write(name: str, tasks: list[list[dict[str, object]]]) -> None:
    folder = HERE / name / "activity"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.jsonl"):
        old.unlink()
    events = sorted((e for t in tasks for e in t), key=lambda e: str(e["ts"]))
    for e in events:
        with (folder / f"{str(e['ts'])[:10]}.jsonl").open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(e, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    write("en", en())
    write("ja", ja())
