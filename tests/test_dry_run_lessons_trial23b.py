"""Trial 23 second re-check M3: a dry run said `1 skipped` and `action: skip` for an episode the real run then
wrote a lesson for (`0 skipped`). The lesson's row is one path for both runs (`lesson_rows.lesson_row`).

A choir (German, English), real `memdir consolidate daily` subprocesses.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import memdir_stdout

EPISODES = {
    "de": "Die Chorprobe lief gut, sonst nichts Neues. Gelernt: die Noten eine Woche früher austeilen.",
    "en": "The choir rehearsal went well and the altos liked the new piece. Otherwise nothing new. "
    "Lesson learned: hand out the scores a week early.",
}


@pytest.mark.parametrize("lang", sorted(EPISODES))
def test_the_dry_run_reports_the_lesson_the_run_writes(tmp_path: Path, lang: str) -> None:
    root = tmp_path / "root"
    memdir_stdout(root, "init")
    memdir_stdout(
        root, "episode", "add", EPISODES[lang], "--title", "Chor", "--at", "2026-06-03T18:00:00+02:00"
    )
    dry = json.loads(memdir_stdout(root, "consolidate", "daily", "--dry-run", "--json"))
    dry_text = memdir_stdout(root, "consolidate", "daily", "--dry-run")
    real = json.loads(memdir_stdout(root, "consolidate", "daily", "--json"))
    assert real["created"] and all(p.startswith("knowledge/lessons/") for p in real["created"]), real
    assert [(e["action"], e.get("target")) for e in dry["episodes"]] == [
        (e["action"], e.get("target")) for e in real["episodes"]
    ], (dry["episodes"], real["episodes"])
    assert dry["skipped"] == real["skipped"] == 0, (dry, real)
    assert "0 skipped" in dry_text, dry_text
