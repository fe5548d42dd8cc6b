"""Trial 13 (a solo developer's terse bullet episodes in Git), read in other domains and languages.

Each test runs the real CLI over hand-written day files, as a person keeping the root in Git does.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

Cli = Callable[..., CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "hashing"}


def _day(root: Path, day: str, body: str) -> None:
    (root / "episodes" / f"{day}.md").write_text(f"---\ndate: {day}\n---\n\n{body}", encoding="utf-8")


KILN = """## 08:30 — bisque firing

- the kiln stopped at 600 °C with error E-3: the vent plug was still in
- lesson: pull the vent plug before starting the program

## 13:00 — 釉薬の調合

- 長石を 40% から 35% に減らしたら縮れが消えた
- 次からは調合を変える前にテストピースを焼く
"""


@pytest.mark.slow
def test_dry_run_lists_the_lessons_the_real_run_writes(root: Path, run_cli: Cli) -> None:
    _day(root, "2026-03-02", KILN)
    dry = run_cli("consolidate", "daily", "--date", "2026-03-02", "--dry-run", "--json", env=ENV)
    assert dry.returncode == 0, dry.stderr
    planned = json.loads(dry.stdout)
    assert not list((root / "knowledge").rglob("*.md"))  # the dry run wrote nothing
    real = run_cli("consolidate", "daily", "--date", "2026-03-02", "--json", env=ENV)
    assert real.returncode == 0, real.stderr
    done = json.loads(real.stdout)
    lessons = [p for p in done["created"] if p.startswith("knowledge/lessons/")]
    assert lessons, done["created"]
    assert sorted(planned["created"]) == sorted(done["created"])
    for rel in lessons:
        assert f"+++ b/{rel}" in planned["diff"]
    text = run_cli("consolidate", "daily", "--date", "2026-03-02", "--dry-run", env=ENV)
    assert "would create" not in text.stdout  # nothing left to do once it ran
