"""After `no note matched`, `search` says where to look next (trial 7, item 4): `--weak`, and the
other language when the memory holds notes in it (an English question about a Japanese note
matches by meaning only, and multilingual-e5-small's cosines across languages mostly stay
under the floor)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}


def test_no_match_points_at_weak_and_at_the_other_language(root: Path, run_cli: Run) -> None:
    (root / "knowledge" / "monitoring.md").write_text(
        "---\ndescription: 監視ツールの選定\n---\n# モニタリングツールの選定\n\n"
        "監視ツールは Datadog ではなく Grafana Cloud にすることに決定。理由：コストが約 1/3。\n",
        encoding="utf-8",
    )
    res = run_cli("search", "frobnicate the quux", env=HASHING)
    assert res.returncode == 0 and res.stdout == ""
    assert "no note matched" in res.stderr
    assert "--weak" in res.stderr and "Japanese" in res.stderr
    (root / "knowledge" / "monitoring.md").unlink()
    (root / "knowledge" / "billing.md").write_text(
        "# Billing\n\nThe billing batch ran twice.\n", encoding="utf-8"
    )
    res = run_cli("search", "ディスクが一杯になった", env=HASHING)
    assert "no note matched" in res.stderr and "English" in res.stderr
