"""What the daily run adds to an existing note: outcome lines in the note's own section, as one plain line.

Each case runs `memdir consolidate daily` in a real subprocess (the shipped embedder) on real files and
reads the note a person would open.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from test_daily_support import YESTERDAY, at, e5_memory, notes

from memdir.notes.frontmatter import render_note

Cli = Callable[..., CompletedProcess[str]]
pytestmark = pytest.mark.slow

ROTATE = "procedures/rotate-the-staging-db-password.md"
STEPS = (
    "1. Create the new password in Vault: vault kv put secret/staging/db password=<new>\n"
    "2. Run ALTER ROLE app WITH PASSWORD '<new>'; on the primary\n"
    "3. Restart the api pods one by one: kubectl rollout restart deploy/api -n staging\n"
    "4. Check the logs for auth errors\n"
)
GOTCHAS = "## Gotchas (added by hand)\n\n- Vault token must have the `db-admin` policy.\n"


def _rotate(root: Path, outcome_notes: bool) -> None:
    meta = {"description": "Rotate the staging Postgres password", "confidence": 0.6}
    meta.update(success_count=1, failure_count=0, origin="daily")
    body = f"# Rotate the staging DB password\n\n{STEPS}\n"
    if outcome_notes:
        body += "## Outcome notes\n\n- 2026-11-20 success: did the usual steps. All fine.\n\n"
    (root / ROTATE).write_text(render_note(meta, body + GOTCHAS), encoding="utf-8")


def _section(text: str, heading: str) -> str:
    """The lines under `heading` up to the next `## ` heading."""
    after = text.split(f"\n{heading}\n", 1)[1]
    return after.split("\n## ", 1)[0]


def _daily(run_cli: Cli) -> dict[str, object]:
    res = run_cli("consolidate", "daily", "--date", YESTERDAY.isoformat(), "--json")
    assert res.returncode == 0, res.stderr
    return dict(json.loads(res.stdout))


@pytest.mark.parametrize("outcome_notes", [True, False])
def test_an_outcome_line_goes_under_outcome_notes_never_into_a_persons_section(
    root: Path, run_cli: Cli, outcome_notes: bool
) -> None:
    _rotate(root, outcome_notes)
    ep = e5_memory(root).add_episode(
        "Tried rotating the staging DB password with the usual steps but step 3 failed: the rollout got "
        "stuck because one pod was in CrashLoopBackOff. Rolled back the password in Vault.",
        title="Staging DB password rotation failed",
        at=at(10),
    )
    _daily(run_cli)
    text = (root / ROTATE).read_text(encoding="utf-8")
    assert text.endswith(GOTCHAS) if outcome_notes else GOTCHAS in text  # the person's section as written
    assert ep.ref not in _section(text, "## Gotchas (added by hand)")
    kept = _section(text, "## Outcome notes")
    assert "failure: Tried rotating the staging DB password with the usual steps but step 3 failed" in kept
    assert f"({ep.ref})" in kept and "failure_count: 1" in text


def test_feedback_note_goes_under_outcome_notes_wherever_it_is(root: Path, run_cli: Cli) -> None:
    _rotate(root, outcome_notes=True)
    res = run_cli("feedback", ROTATE, "--failure", "--note", "ALTER ROLE hung on a lock")
    assert res.returncode == 0, res.stderr
    text = (root / ROTATE).read_text(encoding="utf-8")
    assert text.endswith(GOTCHAS) and "failure: ALTER ROLE hung on a lock" in _section(
        text, "## Outcome notes"
    )


@pytest.mark.parametrize(
    ("report", "gist"),
    [
        (
            "1. Rotated the staging db password again, did the usual steps.\n2. All fine.",
            "success: Rotated the staging db password again, did the usual steps. All fine. (",
        ),
        (
            "- **Rotated** the staging DB password the usual way (`vault kv put`)\n- all good",
            "success: Rotated the staging DB password the usual way (vault kv put); all good (",
        ),
        (
            "1. いつもの手順でステージングDBのパスワードをローテーションした\n2. 問題なし",
            "success: いつもの手順でステージングDBのパスワードをローテーションした、問題なし (",
        ),
    ],
)
def test_an_outcome_line_is_the_reports_gist_on_one_plain_line(
    root: Path, run_cli: Cli, report: str, gist: str
) -> None:
    _rotate(root, outcome_notes=False)
    e5_memory(root).add_episode(report, title="Rotated staging DB password", at=at(16))
    _daily(run_cli)
    lines = [ln for ln in (root / ROTATE).read_text(encoding="utf-8").splitlines() if " success: " in ln]
    assert len(lines) == 1 and gist in lines[0], lines


VPN_JA = (
    "---\ndescription: VPN のクライアント証明書の更新方法\nconfidence: 0.4\nsuccess_count: 0\n"
    "failure_count: 0\norigin: daily\n---\n\n# VPN証明書の更新手順\n\n"
    "1. 社内ポータルの「証明書」ページを開く\n2. 「再発行」を押して .p12 ファイルをダウンロードする\n"
    "3. キーチェーンアクセスで古い証明書を削除する\n4. 新しい .p12 をダブルクリックしてインポートする\n"
    "5. VPN クライアントを再起動して接続を確認する\n"
)


def test_an_english_usage_report_is_an_outcome_on_the_japanese_procedure(root: Path, run_cli: Cli) -> None:
    (root / "procedures" / "vpn証明書の更新手順.md").write_text(VPN_JA, encoding="utf-8")
    ep = e5_memory(root).add_episode(
        "Renewed the VPN cert for Ken using the usual steps, worked.", title="VPN cert for Ken", at=at(11)
    )
    data = _daily(run_cli)
    assert data["created"] == [] and notes(root, "procedures") == ["procedures/vpn証明書の更新手順.md"]
    text = (root / "procedures" / "vpn証明書の更新手順.md").read_text(encoding="utf-8")
    assert "success_count: 1" in text and f"({ep.ref})" in text


def test_a_usage_report_with_no_procedure_is_not_filed_as_one(root: Path, run_cli: Cli) -> None:
    e5_memory(root).add_episode(
        "Renewed the signing key for the billing service using the usual steps, worked.",
        title="Signing key for billing",
        at=at(11),
    )
    data = _daily(run_cli)
    assert data["created"] == [] and notes(root, "procedures") == [] and notes(root, "knowledge") == []


def test_a_usage_report_that_writes_its_own_steps_is_still_filed(root: Path, run_cli: Cli) -> None:
    """A line "(did the south gate the same way)" under the commands it ran is no bare usage report: with no
    procedure to report on, the episode's own steps are a procedure (it was skipped, commands and all)."""
    e5_memory(root).add_episode(
        "re-keyed the door controller at the north gate after the firmware reset\n\n"
        "$ ssh gate-n1\n$ sudo doorctl keys import --file /etc/door/keys.json\n"
        "$ sudo systemctl restart doorctl\n(did the south gate the same way)\n",
        title="door keys on gate-n1",
        at=at(11),
    )
    data = _daily(run_cli)
    assert len(notes(root, "procedures")) == 1, data
