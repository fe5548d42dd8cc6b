"""`memdir context` within a budget gives a procedure's newest dated update, not only its old steps
(trial 7, item 6): the daily run appends `## YYYY-MM-DD — …` below the old list, and the budget cut
the note before it."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}

OLD_STEPS = "\n".join(
    [
        "1. Create the new password in Vault: vault kv put secret/staging/db password=<new>",
        "2. Run ALTER ROLE app WITH PASSWORD '<new>'; on the primary",
        "3. Restart the api pods one by one: kubectl rollout restart deploy/api -n staging",
        "4. Check the logs for auth errors: kubectl logs -n staging deploy/api | grep -i 'auth failed'",
    ]
)
PROCEDURE = f"""---
description: Rotate the staging Postgres password with zero downtime
confidence: 0.45
origin: daily
---

# Rotate the staging DB password

> Owner: platform team. Prod is different, see the prod runbook.

Worked out with Aiko how to rotate the staging Postgres password without downtime.

{OLD_STEPS}

Takes about 10 minutes. Don't restart all pods at once or the health checks flap and PagerDuty fires.

## Outcome notes

- 2026-11-20 success: rotated the staging db password again with the usual steps, all fine.
- 2026-11-24 failure: the rollout got stuck because one pod was in CrashLoopBackOff before we started.

## 2026-11-21 — Rotate the staging DB password (note)

Ask in #db before rotating on a Friday.

## 2026-11-27 — Rotate the staging DB password (updated)

1. Check all api pods are Ready first: kubectl get pods -n staging -l app=api
2. Create the new password in Vault: vault kv put secret/staging/db password=<new>
3. Run ALTER ROLE app WITH PASSWORD '<new>'; on the primary
4. Restart the api pods one by one: kubectl rollout restart deploy/api -n staging

## Gotchas (added by hand)

- Vault token must have the `db-admin` policy.
"""


def test_context_within_a_budget_gives_the_newest_steps_first(root: Path, run_cli: Run) -> None:
    path = root / "procedures" / "rotate-the-staging-db-password.md"
    path.write_text(PROCEDURE, encoding="utf-8")
    for query in ("rotate the staging db password", "staging password rotation"):
        res = run_cli("context", query, "--budget", "500", env=HASHING)
        assert res.returncode == 0, res.stderr
        out = res.stdout
        assert "Check all api pods are Ready first" in out, out
        assert out.index("2026-11-27") < out.index("Worked out with Aiko")  # the newest before the old list
        assert "older text follows" in out
        assert (
            "Ask in #db" not in out.split("older text follows")[1].split("Worked out")[0]
        )  # only the newest
    assert path.read_text(encoding="utf-8") == PROCEDURE  # the file is never reordered


def test_a_note_without_dated_sections_reads_as_before(root: Path, run_cli: Run) -> None:
    (root / "procedures" / "restore-a-table.md").write_text(
        "---\ndescription: Restore one table from backup\n---\n# Restore a table\n\n"
        "1. Find the backup: ls /backups\n2. Run pg_restore -t orders\n\n## Notes\n\nTakes 5 minutes.\n",
        encoding="utf-8",
    )
    res = run_cli("context", "restore a table from backup", env=HASHING)
    assert res.returncode == 0, res.stderr
    assert "older text follows" not in res.stdout
    assert res.stdout.index("Find the backup") < res.stdout.index("Takes 5 minutes")
