"""An episode hit names the episode that matched, not its day file's first one (trial 7, item 5).

A day file is indexed as one document whose title and description are its first episode's
heading; a hit on the second episode showed `09:05 — Standup` in `search`, `search --json`,
`context` and the MCP `search` tool.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import anyio
from mcp import Client

from memdir import Memory
from memdir.index.embedder import get_embedder
from memdir.mcp.server import build_server

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}

DAY_16 = (
    "---\ndate: 2026-11-16\n---\n\n## 09:05 — Standup\n\n"
    "morning all. nothing blocking, Ken is out today, coffee machine on 3F is broken again\n\n"
    "## 14:30 — Rotate the staging DB password\n\n"
    "Worked out with Aiko how to rotate the staging Postgres password without downtime.\n"
    "1. Create the new password in Vault: vault kv put secret/staging/db password=<new>\n"
    "2. Restart the api pods one by one: kubectl rollout restart deploy/api -n staging\n"
)
DAY_17 = (
    "---\ndate: 2026-11-17\n---\n\n## 10:15 — Decision: queue on Postgres, not Redis\n\n"
    "We decided to keep the job queue in Postgres (SKIP LOCKED) instead of Redis Streams.\n\n"
    "## 15:00 — VPN証明書の更新手順\n\n"
    "VPN のクライアント証明書の更新方法をまとめた。\n"
    "1. 社内ポータルの「証明書」ページを開く\n"
    "2. 「再発行」を押して .p12 ファイルをダウンロードする\n"
)


def _days(root: Path) -> None:
    (root / "episodes" / "2026-11-16.md").write_text(DAY_16, encoding="utf-8")
    (root / "episodes" / "2026-11-17.md").write_text(DAY_17, encoding="utf-8")


def _episode_hit(hits: list[dict[str, object]], path: str) -> dict[str, object]:
    return next(h for h in hits if h["path"] == path)


def test_search_shows_the_matching_episodes_title(root: Path, run_cli: Run) -> None:
    _days(root)
    res = run_cli("search", "VPN 証明書 更新", "-k", "3", "--json", env=HASHING)
    assert res.returncode == 0, res.stderr
    hit = _episode_hit(json.loads(res.stdout), "episodes/2026-11-17.md")
    assert hit["anchor"] == "episodes/2026-11-17.md#1500-vpn証明書の更新手順"
    assert hit["title"] == hit["description"] == "15:00 — VPN証明書の更新手順"
    assert "証明書" in str(hit["snippet"])

    res = run_cli("search", "rotate the staging db password", "-k", "3", env=HASHING)
    assert res.returncode == 0, res.stderr
    assert "14:30 — Rotate the staging DB password" in res.stdout
    assert "Standup" not in res.stdout and "coffee" not in res.stdout


def test_context_lists_the_episode_that_matched(root: Path, run_cli: Run) -> None:
    _days(root)
    res = run_cli("context", "rotate the staging db password", "--budget", "500", env=HASHING)
    assert res.returncode == 0, res.stderr
    assert "`episodes/2026-11-16.md#1430-rotate-the-staging-db-password`: 14:30 — Rotate" in res.stdout
    assert "Standup" not in res.stdout


def test_mcp_search_gives_the_episodes_title(root: Path) -> None:
    _days(root)
    mem = Memory(root, embedder=get_embedder("hashing"))

    async def go() -> list[dict[str, object]]:
        async with Client(build_server(mem, read_only=True)) as client:
            res = await client.call_tool("search", {"query": "VPN 証明書 更新", "k": 3})
            return list(res.structured_content["hits"])  # type: ignore[index]

    hit = _episode_hit(anyio.run(go), "episodes/2026-11-17.md")
    assert hit["title"] == "15:00 — VPN証明書の更新手順"
    assert "Decision" not in str(hit["description"])
