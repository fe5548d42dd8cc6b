"""A path whose note was archived says so: when, why and where, in the CLI and MCP (trial 11 #10).

Failure feedback archived a weekly procedure; the agent, holding its path from an earlier search,
then got "no such note" from `feedback` and `read_note`. Here a bakery's weekly procedure (another
domain) is archived by three failure reports and the daily run, through the real CLI.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import anyio
from mcp import Client

from memdir import Memory
from memdir.index.embedder import get_embedder
from memdir.mcp.server import build_server

Cli = Callable[..., CompletedProcess[str]]
REL = "procedures/proof-the-sourdough-for-batch.md"
NOTE = """---
description: How to proof the sourdough for {batch}
confidence: 0.4
success_count: 0
failure_count: 0
origin: weekly
sources: [b-1, b-2, b-3]
created_at: '2026-09-01T05:00:00+00:00'
updated_at: '2026-09-01T05:00:00+00:00'
---

# Proof the sourdough for {batch}

## Steps

1. oven.set: `mode=proof temp=26`
2. timer.start: `minutes=240`
"""


def test_an_archived_procedure_s_path_says_where_it_went(root: Path, run_cli: Cli) -> None:
    (root / REL).write_text(NOTE, encoding="utf-8")
    for note in ("the dough overproofed at 26C", "overproofed again", "flat loaves"):
        res = run_cli("feedback", REL, "--failure", "--note", note)
        assert res.returncode == 0, res.stderr
    res = run_cli("consolidate", "daily", "--json")
    assert res.returncode == 0 and REL in res.stdout, res.stdout + res.stderr
    assert (root / "archive" / REL).is_file() and not (root / REL).exists()

    for args in (("feedback", REL, "--success"), ("note", "show", REL)):
        res = run_cli(*args)
        assert res.returncode == 1
        line = res.stderr.strip()
        assert "\n" not in line, line  # one line
        assert "archived on " in line and "after 3 failures" in line, line
        assert f"archive/{REL}" in line and "memdir restore" in line, line

    mem = Memory(root, embedder=get_embedder("hashing"))

    async def go() -> str:
        async with Client(build_server(mem, read_only=True)) as client:
            res = await client.call_tool("read_note", {"path": REL})
            assert res.is_error
            return str(res.content[0].text)  # type: ignore[union-attr]

    said = anyio.run(go)
    assert "archived on " in said and f"archive/{REL}" in said


def test_a_path_that_never_held_a_note_still_says_no_such_note(root: Path, run_cli: Cli) -> None:
    res = run_cli("note", "show", "procedures/never-written.md")
    assert res.returncode == 1 and "no such note" in res.stderr and "archived" not in res.stderr
