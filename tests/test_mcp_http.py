"""`memdir mcp --http PORT --read-only`: streamable HTTP on 127.0.0.1, driven by the SDK's client."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import anyio
import httpx
from mcp import Client

from memdir import Memory


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(port: int, proc: subprocess.Popen[str], timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("the server did not listen in time")


def test_http_read_only_server(tmp_path: Path) -> None:
    root = tmp_path / "root"
    Memory(root).init()
    (root / "knowledge" / "kiwi.md").write_text(
        "---\ndescription: Kiwi facts\n---\n# Kiwi\n\nKiwis cannot fly.\n"
    )
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env["MEMDIR_EMBEDDER"] = "hashing"
    cmd = [
        sys.executable,
        "-m",
        "memdir",
        "--root",
        str(root),
        "mcp",
        "--http",
        str(port),
        "--read-only",
        "--json",
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        info = json.loads(proc.stdout.readline())
        url = f"http://127.0.0.1:{port}/mcp"
        assert info == {
            "transport": "http",
            "url": url,
            "root": str(root),
            "read_only": True,
            "tools": ["search", "read_note", "context", "list_review", "decision_list"],
        }
        wait_for(port, proc)

        async def session() -> None:
            async with Client(url, read_timeout_seconds=120) as client:
                names = {t.name for t in (await client.list_tools()).tools}
                assert names == {"search", "read_note", "context", "list_review", "decision_list"}
                res = await client.call_tool("search", {"query": "can kiwis fly"})
                assert not res.is_error and res.structured_content
                assert res.structured_content["hits"][0]["path"] == "knowledge/kiwi.md"
                res = await client.call_tool("add_episode", {"text": "should not be written"})
                assert res.is_error

        anyio.run(session)
        assert list((root / "episodes").glob("*.md")) == []  # the write tool is not served
        # DNS-rebinding protection: a page on another host cannot drive the local server
        bad = httpx.post(url, headers={"Host": "evil.example"}, json={}, timeout=10)
        assert bad.status_code in (403, 421)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
