"""A task line naming someone memory has never seen still recalls the note whose title it holds (trial 11, #4).

The agent guide says: call `context` once per task with the task in one line. A real line names a new
person, host or customer; those words weigh most in the `words` share, so before this fix "Reset the
VPN password for Priya Raman" recalled nothing on a root whose only procedure was "Reset a VPN
password". A line that only shares a word or two with a title still recalls nothing.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}

NOTES = {
    "procedures/reset-a-vpn-password.md": "# Reset a VPN password\n\n1. Open the VPN admin console and find the "
    "user.\n2. Reset the password and tick 'change at next login'.\n3. Send the temporary password by SMS.\n",
    "procedures/order-lab-reagents.md": "# Order lab reagents\n\n1. Check the stock sheet.\n2. Ask the supplier "
    "for a quote.\n3. Raise a purchase order in SAP.\n",
    "procedures/新しい取引先を登録する.md": "# 新しい取引先を登録する\n\n1. 登記簿謄本を確認する。\n2. 反社チェックを行う。\n"
    "3. 会計システムに取引先コードを登録する。\n",
    "knowledge/parking-permits.md": "# Parking permits\n\nOffice parking permits are renewed every April.\n",
}


def _write(root: Path) -> None:
    for rel, text in NOTES.items():
        (root / rel).write_text(text, encoding="utf-8")


def _paths(run_cli: Run, *args: str) -> list[str]:
    res = run_cli("search", *args, "--json", env=HASHING)
    assert res.returncode == 0, res.stderr
    return [h["path"] for h in json.loads(res.stdout)]


def test_a_task_line_with_new_names_recalls_the_procedure_it_names(root: Path, run_cli: Run) -> None:
    _write(root)
    assert _paths(run_cli, "Reset the VPN password for Priya Raman") == ["procedures/reset-a-vpn-password.md"]
    assert "procedures/order-lab-reagents.md" in _paths(
        run_cli, "Order reagents for the Okonkwo lab: Tris buffer and ethanol"
    )
    assert _paths(run_cli, "山本商事を新しい取引先として登録する") == ["procedures/新しい取引先を登録する.md"]
    ctx = run_cli("context", "Reset the VPN password for Priya Raman", env=HASHING)
    assert ctx.returncode == 0 and "Reset a VPN password" in ctx.stdout


def test_a_line_sharing_one_title_word_still_recalls_nothing(root: Path, run_cli: Run) -> None:
    _write(root)
    for line in (
        "Order a birthday cake for Anna",
        "Renew the passport of Jonas Keller",
        "新しいロゴのデザインを依頼する",
    ):
        res = run_cli("search", line, env=HASHING)
        assert res.returncode == 0 and res.stdout == "", (line, res.stdout)
        assert "no note matched" in res.stderr
