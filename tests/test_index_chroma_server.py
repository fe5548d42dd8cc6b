"""`index: {backend: http}` against a real `chroma run` server on 127.0.0.1."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from memdir import Memory
from memdir.index.embedder import get_embedder

CHROMA = shutil.which("chroma") or str(Path(sys.executable).parent / "chroma")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def chroma_server(tmp_path: Path) -> Iterator[int]:
    if not Path(CHROMA).exists():
        pytest.skip("the `chroma` executable is not installed")
    port = free_port()
    log = open(tmp_path / "chroma.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [CHROMA, "run", "--host", "127.0.0.1", "--port", str(port), "--path", str(tmp_path / "chroma-data")],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(
                    f"chroma run did not start: {(tmp_path / 'chroma.log').read_text(errors='replace')}"
                )
            time.sleep(0.3)
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.mark.slow
def test_sync_and_search_against_chroma_server(root: Path, chroma_server: int) -> None:
    (root / "memdir.yaml").write_text(
        f"index: {{backend: http, host: 127.0.0.1, port: {chroma_server}, collection: memdir-test}}\n",
        encoding="utf-8",
    )
    notes = {
        "knowledge/kiwi.md": "Kiwis are flightless birds from New Zealand.",
        "knowledge/tea.md": "Brew green tea at 80 degrees for two minutes.",
        "procedures/release.md": "1. bump the version\n2. tag the commit and push it",
    }
    for rel, body in notes.items():
        (root / rel).write_text(f"---\ndescription: {body.splitlines()[0]}\n---\n{body}\n", encoding="utf-8")
    emb = get_embedder("hashing")
    mem = Memory(root, embedder=emb)
    assert mem.config.index.backend == "http"
    rep = mem.sync_index()
    assert sorted(rep.new) == sorted(notes)
    assert not (root / ".memdir/index/chroma").exists()  # nothing embedded locally

    import chromadb

    client = chromadb.HttpClient(host="127.0.0.1", port=chroma_server)
    col = client.get_collection("memdir-test")
    assert col.count() == 3
    assert {m["path"] for m in col.get(include=["metadatas"])["metadatas"]} == set(notes)

    assert mem.index.vector_search("green tea brewing", k=1)[0][0] == "knowledge/tea.md"
    assert [h.path for h in mem.search("flightless birds", k=1)] == ["knowledge/kiwi.md"]
    assert [h.path for h in mem.search("tag the commit", k=3, kind="procedures", mode="vector")] == [
        "procedures/release.md"
    ]

    # a move and a delete reach the server
    (root / "knowledge/kiwi.md").rename(root / "knowledge/birds.md")
    (root / "knowledge/tea.md").unlink()
    rep = mem.sync_index()
    assert rep.moved == [("knowledge/kiwi.md", "knowledge/birds.md")] and rep.deleted == ["knowledge/tea.md"]
    assert {m["path"] for m in col.get(include=["metadatas"])["metadatas"]} == {
        "knowledge/birds.md",
        "procedures/release.md",
    }
    # a server that lost the collection is refilled from the local catalog, without re-embedding
    client.delete_collection("memdir-test")
    (root / "knowledge/new.md").write_text("a new note about penguins\n", encoding="utf-8")
    rep = Memory(root, embedder=emb).sync_index()
    assert rep.new == ["knowledge/new.md"] and rep.embedded_chunks == 1 and not rep.rebuilt
    assert client.get_collection("memdir-test").count() == 3
