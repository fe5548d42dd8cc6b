"""Small things trial 10 found: each message says what is wrong in one sentence, the CLI and MCP agree.

Real subprocesses for the CLI, the in-process MCP client for the server.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import anyio
import pytest
from mcp import Client
from readonly_mount import read_only_view

from memdir import Memory
from memdir.errors import PathError
from memdir.index.embedder import get_embedder
from memdir.mcp.server import build_server

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}


def _one_line(res: subprocess.CompletedProcess[str]) -> str:
    assert res.returncode == 1, (res.stdout, res.stderr)
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in res.stderr
    return lines[0]


def test_outcome_on_a_procedure_that_says_type_decision_names_the_reason(root: Path, run_cli: Run) -> None:
    fake = "---\ntype: decision\ndescription: a procedure\nstatus: open\n---\n\n# Fake\n\n1. step\n"
    (root / "procedures" / "fake-decision.md").write_text(fake, encoding="utf-8")
    line = _one_line(run_cli("outcome", "procedures/fake-decision.md", "it broke", "--result", "failure"))
    assert line == (
        "error: procedures/fake-decision.md is not a decision note: decision notes live in knowledge/ "
        "(`memdir decision add`)"
    )
    assert (root / "procedures" / "fake-decision.md").read_text(encoding="utf-8") == fake


def test_a_write_outside_the_allowed_folders_says_which_folders(root: Path) -> None:
    with pytest.raises(PathError) as err:
        Memory(root).store.create(
            "skills/x.md", "---\ndescription: x\n---\n", allow=("knowledge", "procedures")
        )
    assert (
        str(err.value)
        == "refusing to write skills/x.md: this can only write files in knowledge/, procedures/"
    )


def test_the_cli_and_mcp_accept_the_same_context_budgets(root: Path, run_cli: Run) -> None:
    MIN_BUDGET, MAX_BUDGET = 60, 100_000  # noqa: N806 - memdir.agents.context's, written out
    for budget in (MIN_BUDGET, MAX_BUDGET):
        assert run_cli("context", "--budget", str(budget), env=HASHING).returncode == 0
    low = _one_line(run_cli("context", "--budget", str(MIN_BUDGET - 1), env=HASHING))
    assert "budget 59 is too small: use 60 to 100,000 tokens" in low
    high = _one_line(run_cli("context", "--budget", str(MAX_BUDGET + 1), env=HASHING))
    assert "budget 100001 is too large: use 60 to 100,000 tokens" in high
    mem = Memory(root, embedder=get_embedder("hashing"))

    async def go() -> dict[int, bool]:
        async with Client(build_server(mem, read_only=True)) as client:
            out = {}
            for budget in (MIN_BUDGET - 1, MIN_BUDGET, MAX_BUDGET, MAX_BUDGET + 1):
                res = await client.call_tool("context", {"query": "deploy", "budget": budget})
                out[budget] = not res.is_error
            return out

    assert anyio.run(go) == {59: False, 60: True, 100_000: True, 100_001: False}


@pytest.fixture
def readonly_root(root: Path, tmp_path: Path) -> Iterator[Path]:
    """The test root bind-mounted read-only (skipped where mounting is not allowed)."""
    Memory(root).add_episode("an episode", title="ep")
    with read_only_view(root, tmp_path / "ro") as ro:
        yield ro


def test_the_daemon_on_a_read_only_root_says_so_in_one_sentence(readonly_root: Path, run_cli: Run) -> None:
    line = _one_line(run_cli("daemon", env={"MEMDIR_ROOT": str(readonly_root), **HASHING}))
    assert line.startswith(
        f"error: cannot start the daemon: cannot write {readonly_root}/.memdir/daemon/daemon.out"
    )
    assert "(Read-only file system)" in line and "OSError" not in line and "[Errno" not in line
