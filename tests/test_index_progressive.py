"""Progressive indexing: notes are searchable by their words before their vectors exist.

A first index of a big vault takes many minutes to embed on two cores. Lexical search must
work as soon as the terms are counted; vectors fill in behind, and every hit says which
rankers found it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from memdir import Memory

EMBEDDER = textwrap.dedent(
    """
    import time, zlib
    import numpy as np

    class SlowWords:
        '''Bag-of-words vectors; each embedding call sleeps `delay` seconds (a busy model).'''
        name, version, dim = "slow-words", "1", 32

        def __init__(self, delay=0.0):
            self.delay, self.texts = delay, []

        def _vec(self, text):
            v = np.zeros(self.dim, np.float32)
            for w in text.lower().split():
                v[zlib.crc32(w.strip(".,").encode()) % self.dim] += 1.0
            n = np.linalg.norm(v)
            return v / n if n else v

        def embed_passages(self, texts):
            time.sleep(self.delay)
            self.texts.extend(texts)
            return np.vstack([self._vec(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

        def embed_queries(self, texts):
            return np.vstack([self._vec(t) for t in texts])
    """
)


@pytest.fixture
def slow_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The SlowWords class, importable here and in a subprocess (PYTHONPATH)."""
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "slowwords.py").write_text(EMBEDDER, encoding="utf-8")
    monkeypatch.syspath_prepend(str(lib))
    import slowwords

    return slowwords.SlowWords


def vault(root: Path, n: int) -> None:
    for i in range(n):
        word = "zebra" if i == n - 3 else f"topic{i}"
        p = root / "knowledge" / f"note-{i:03d}.md"
        p.write_text(
            f"---\ndescription: note {i}\n---\n# Note {i}\n\nA note about {word}.\n", encoding="utf-8"
        )


def test_search_answers_by_words_while_another_process_embeds(root: Path, slow_words, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    vault(root, 40)
    script = (
        "import sys\nimport memdir.index.sync as sync\nfrom memdir import Memory\nfrom slowwords import SlowWords\n"
        "sync.EMBED_BATCH = 4\n"
        f"rep = Memory({str(root)!r}, embedder=SlowWords(delay=0.6)).sync_index()\n"
        "print(rep.embedded_chunks, rep.pending)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "lib")}
    proc = subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while not (root / ".memdir/index/catalog.json").exists():
            assert time.monotonic() < deadline and proc.poll() is None, "the sync never published its terms"
            time.sleep(0.05)
        hits = Memory(root, embedder=slow_words()).search("zebra", k=3)
        assert proc.poll() is None  # still embedding (10 batches of 0.6 s)
        assert [h.path for h in hits][:1] == ["knowledge/note-037.md"]
        assert hits[0].rankers == ["lexical"]
        out, _ = proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.wait()
    assert out.split() == ["40", "0"]
    hits = Memory(root, embedder=slow_words()).search("zebra", k=3)
    assert hits[0].path == "knowledge/note-037.md" and hits[0].rankers == ["lexical", "vector"]


def test_first_search_on_a_big_vault_counts_terms_and_leaves_vectors_to_index_sync(
    root: Path, slow_words
) -> None:  # type: ignore[no-untyped-def]
    vault(root, 80)  # 80 chunks: more than a search embeds itself
    emb = slow_words()
    mem = Memory(root, embedder=emb)
    t0 = time.monotonic()
    hits = mem.search("zebra", k=3)
    assert time.monotonic() - t0 < 10
    assert hits[0].path == "knowledge/note-077.md" and hits[0].rankers == ["lexical"]
    assert emb.texts == []  # nothing embedded on the query path
    info = mem.index.info()
    assert info["notes"] == 80 and info["pending"] == 80 and info["chunks"] == 0
    rep = Memory(root, embedder=emb).sync_index()
    assert rep.new == [] and rep.embedded_chunks == 80 and rep.pending == 0
    assert len(emb.texts) == 80
    again = Memory(root, embedder=emb)
    assert again.index.info()["pending"] == 0
    assert again.search("zebra", k=1)[0].rankers == ["lexical", "vector"]


def test_a_small_change_is_embedded_by_the_search_itself(root: Path, slow_words) -> None:  # type: ignore[no-untyped-def]
    vault(root, 5)
    emb = slow_words()
    Memory(root, embedder=emb).sync_index()
    (root / "knowledge/new.md").write_text("# New\n\nA note about giraffes.\n", encoding="utf-8")
    hits = Memory(root, embedder=emb).search("giraffes", k=1)
    assert hits[0].path == "knowledge/new.md" and hits[0].rankers == ["lexical", "vector"]


def test_newest_notes_get_their_vectors_first(
    root: Path, slow_words, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    import memdir.index.sync as sync

    monkeypatch.setattr(sync, "GROUP_CHUNKS", 1)  # one note per group: the order is the notes' order
    vault(root, 6)
    for i, p in enumerate(sorted((root / "knowledge").glob("*.md"))):
        os.utime(p, ns=(1_700_000_000_000_000_000 + i, 1_700_000_000_000_000_000 + i))
    emb = slow_words()
    Memory(root, embedder=emb).sync_index()
    assert [t.split("\n", 1)[0] for t in emb.texts] == [f"Note {i}: note {i}" for i in range(5, -1, -1)]


def test_cli_sync_json_reports_pending_and_search_json_names_rankers(run_cli) -> None:  # type: ignore[no-untyped-def]
    rep = run_cli("index", "sync", "--json")
    assert rep.returncode == 0, rep.stderr
    assert json.loads(rep.stdout)["pending"] == 0
    res = run_cli("episode", "add", "Rotated the staging database password today")
    assert res.returncode == 0, res.stderr
    out = run_cli("search", "staging password", "--mode", "lexical", "--json")
    assert out.returncode == 0, out.stderr
    hits = json.loads(out.stdout)
    assert hits and hits[0]["rankers"] == ["lexical"]
