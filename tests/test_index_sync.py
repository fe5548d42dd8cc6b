"""Index sync: the report, no re-embedding of unchanged notes, bad files, rebuild triggers."""

from __future__ import annotations

import hashlib
import json
import os
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from memdir import Memory


class WordEmbedder:
    """Deterministic bag-of-words embedder that counts what it embeds (a fake through the real interface)."""

    def __init__(self, name: str = "test-words", dim: int = 64) -> None:
        self.name = name
        self.version = "1"
        self.dim = dim
        self.calls = 0
        self.texts: list[str] = []

    def _vec(self, text: str) -> np.ndarray:
        v = np.zeros(self.dim, np.float32)
        for w in text.lower().split():
            v[zlib.crc32(w.encode()) % self.dim] += 1.0
        n = np.linalg.norm(v)
        return v / n if n else v

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        self.texts.extend(texts)
        return np.vstack([self._vec(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return np.vstack([self._vec(t) for t in texts])


def note(desc: str, body: str, **meta: object) -> str:
    extra = "".join(f"{k}: {json.dumps(v)}\n" for k, v in meta.items())
    return f"---\ndescription: {desc}\n{extra}---\n\n# {desc}\n\n{body}\n"


@pytest.fixture
def emb() -> WordEmbedder:
    return WordEmbedder()


@pytest.fixture
def wmem(root: Path, emb: WordEmbedder) -> Memory:
    return Memory(root, embedder=emb)


def write(root: Path, rel: str, text: str) -> Path:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p


def test_sync_reports_new_changed_moved_deleted(root: Path, wmem: Memory) -> None:
    write(root, "knowledge/a.md", note("Alpha", "alpha facts"))
    write(root, "knowledge/b.md", note("Beta", "beta facts"))
    write(root, "procedures/c.md", note("Gamma", "1. gamma step", confidence=0.4))
    write(root, "episodes/2026-11-28.md", "## 10:30 — Fixed CI\n\npinned the runner\n")
    first = wmem.sync_index()
    assert first.new == ["episodes/2026-11-28.md", "knowledge/a.md", "knowledge/b.md", "procedures/c.md"]
    assert first.rebuilt and first.reason == "no index yet"

    write(root, "knowledge/a.md", note("Alpha", "alpha facts, revised"))
    os.rename(root / "knowledge/b.md", root / "knowledge/b-renamed.md")
    (root / "procedures/c.md").unlink()
    write(root, "knowledge/d.md", note("Delta", "delta facts"))
    rep = wmem.sync_index()
    assert rep.changed == ["knowledge/a.md"]
    assert rep.moved == [("knowledge/b.md", "knowledge/b-renamed.md")]
    assert rep.deleted == ["procedures/c.md"]
    assert rep.new == ["knowledge/d.md"]
    assert rep.unchanged == 1 and not rep.rebuilt
    paths = {h.path for h in wmem.search("facts", k=10, mode="lexical")}
    assert paths == {"knowledge/a.md", "knowledge/b-renamed.md", "knowledge/d.md"}


def test_unchanged_notes_are_never_re_embedded(root: Path, wmem: Memory, emb: WordEmbedder) -> None:
    for i in range(5):
        write(root, f"knowledge/n{i}.md", note(f"Note {i}", f"body number {i}"))
    wmem.sync_index()
    embedded = len(emb.texts)
    assert embedded >= 5
    again = wmem.sync_index()
    assert again.unchanged == 5 and again.embedded_chunks == 0 and len(emb.texts) == embedded
    # touched (mtime changes, same bytes): read and hashed, still not embedded
    p = root / "knowledge/n0.md"
    os.utime(p, ns=(p.stat().st_atime_ns, p.stat().st_mtime_ns + 5_000_000_000))
    assert wmem.sync_index().embedded_chunks == 0 and len(emb.texts) == embedded
    # a moved note keeps its vectors
    os.rename(root / "knowledge/n1.md", root / "knowledge/moved.md")
    rep = wmem.sync_index()
    assert rep.moved and rep.embedded_chunks == 0 and len(emb.texts) == embedded
    # only the edited note is embedded
    write(root, "knowledge/n2.md", note("Note 2", "body number 2 edited"))
    rep = wmem.sync_index()
    assert rep.changed == ["knowledge/n2.md"]
    assert all("edited" in t for t in emb.texts[embedded:])


def test_bad_files_are_reported_skipped_and_left_untouched(root: Path, wmem: Memory) -> None:
    write(root, "knowledge/good.md", note("Good", "a perfectly fine note about kiwis"))
    bad = {
        "knowledge/yaml.md": b"---\ntitle: [unclosed\n---\nbody\n",
        "knowledge/binary.md": b"\x89PNG\r\n\x1a\n\x00\x00\x00",
        "knowledge/latin1.md": "caf\xe9 notes".encode("latin-1"),
        "knowledge/huge.md": b"---\ndescription: huge\n---\n" + b"word " * (5 * 1024 * 1024 // 5),
    }
    for rel, data in bad.items():
        (root / rel).write_bytes(data)
    os.symlink("loop.md", root / "knowledge/loop.md")
    before = {rel: hashlib.sha256((root / rel).read_bytes()).hexdigest() for rel in bad}
    rep = wmem.sync_index()
    assert rep.new == ["knowledge/good.md"]
    errors = {e["path"]: e["error"] for e in rep.errors}
    assert set(errors) == set(bad) | {"knowledge/loop.md"}
    assert "YAML" in errors["knowledge/yaml.md"] and "binary" in errors["knowledge/binary.md"]
    assert "UTF-8" in errors["knowledge/latin1.md"] and "too large" in errors["knowledge/huge.md"]
    assert [h.path for h in wmem.search("kiwis", mode="lexical")] == ["knowledge/good.md"]
    assert before == {rel: hashlib.sha256((root / rel).read_bytes()).hexdigest() for rel in bad}
    # still reported by the next (no-change) sync, and visible in the index info for status
    assert {e["path"] for e in wmem.sync_index().errors} == set(errors)
    assert {b["path"] for b in wmem.index.info()["bad_files"]} == set(errors) - {"knowledge/loop.md"}


def test_ignores_state_archive_temp_and_non_markdown(root: Path, wmem: Memory) -> None:
    write(root, "knowledge/real.md", note("Real", "real"))
    write(root, "archive/knowledge/old.md", note("Old", "old"))
    write(root, "knowledge/.real.md.memdir-tmp-1-ab", "temp")
    write(root, "knowledge/notes.txt", "text file")
    write(root, "knowledge/real.md.swp", "swap")
    write(root, ".memdir/stray.md", note("Stray", "stray"))
    rep = wmem.sync_index()
    assert rep.new == ["knowledge/real.md"] and not rep.errors


def test_embedder_change_triggers_rebuild(root: Path, emb: WordEmbedder) -> None:
    write(root, "knowledge/a.md", note("Alpha", "alpha"))
    Memory(root, embedder=emb).sync_index()
    other = WordEmbedder(name="other-words", dim=32)
    rep = Memory(root, embedder=other).sync_index()
    assert rep.rebuilt and "embedder" in (rep.reason or "") and rep.new == ["knowledge/a.md"]
    assert other.texts
    assert Memory(root, embedder=other).index.view().matrix.shape == (1, 32)


@pytest.mark.parametrize("damage", ["catalog", "vectors"])
def test_damaged_index_is_rebuilt(root: Path, emb: WordEmbedder, damage: str) -> None:
    write(root, "knowledge/a.md", note("Alpha", "alpha apples"))
    write(root, "knowledge/b.md", note("Beta", "beta bananas"))
    Memory(root, embedder=emb).sync_index()
    idx = root / ".memdir/index"
    if damage == "catalog":
        (idx / "catalog.json").write_bytes(b"{not json")
    else:
        (idx / "vectors.npy").write_bytes(b"garbage")
    mem = Memory(root, embedder=emb)
    rep = mem.sync_index()
    assert rep.rebuilt and "damaged" in (rep.reason or "")
    assert [h.path for h in mem.search("bananas", mode="lexical")] == ["knowledge/b.md"]


def test_embedded_index_keeps_no_chroma_copy_and_drops_an_old_one(root: Path, emb: WordEmbedder) -> None:
    """Embedded mode: the catalog and vectors.npy are the index; an older version's chroma/ folder goes."""
    write(root, "knowledge/a.md", note("Alpha", "alpha apples"))
    mem = Memory(root, embedder=emb)
    mem.sync_index()
    idx = root / ".memdir/index"
    assert sorted(p.name for p in idx.iterdir()) == ["catalog.json", "data.lock", "vectors.npy"]
    (idx / "chroma").mkdir()
    (idx / "chroma" / "chroma.sqlite3").write_bytes(b"left by an older memdir")
    write(root, "knowledge/b.md", note("Beta", "beta bananas"))
    rep = Memory(root, embedder=emb).sync_index()
    assert rep.new == ["knowledge/b.md"] and rep.embedded_chunks == 1
    assert not (idx / "chroma").exists()
    assert [h.path for h in Memory(root, embedder=emb).search("bananas", mode="vector", k=1)] == [
        "knowledge/b.md"
    ]


def test_damaged_catalog_found_by_search_is_rebuilt(root: Path, emb: WordEmbedder) -> None:
    write(root, "knowledge/a.md", note("Alpha", "alpha apples"))
    Memory(root, embedder=emb).sync_index()
    (root / ".memdir/index/catalog.json").write_text("[]", encoding="utf-8")
    assert [h.path for h in Memory(root, embedder=emb).search("apples")] == ["knowledge/a.md"]


def test_targeted_sync_touches_only_given_paths(root: Path, wmem: Memory) -> None:
    write(root, "knowledge/a.md", note("Alpha", "alpha"))
    wmem.sync_index()
    write(root, "knowledge/b.md", note("Beta", "beta"))
    write(root, "knowledge/c.md", note("Gamma", "gamma"))
    rep = wmem.index.sync(paths=["knowledge/b.md"])
    assert rep.new == ["knowledge/b.md"] and rep.unchanged == 0
    (root / "knowledge/a.md").unlink()
    rep = wmem.index.sync(paths=[str(root / "knowledge/a.md")])
    assert rep.deleted == ["knowledge/a.md"]
    assert set(wmem.index.view().catalog.records) == {"knowledge/b.md"}


def test_long_note_is_chunked_and_its_end_is_searchable(root: Path, wmem: Memory, emb: WordEmbedder) -> None:
    filler = "\n".join(f"- line {i} about ordinary weekly chores and errands" for i in range(400))
    write(
        root, "knowledge/long.md", note("Long", filler + "\n- the zebra password hint lives at the very end")
    )
    write(root, "knowledge/short.md", note("Short", "nothing special"))
    wmem.sync_index()
    rec = wmem.index.view().catalog.records["knowledge/long.md"]
    assert rec.n_chunks > 5
    assert any("zebra" in t for t in emb.texts)
    assert max(len(t) for t in emb.texts) < 512 * 3
    assert wmem.search("zebra password hint", k=1, mode="vector")[0].path == "knowledge/long.md"


def test_search_and_sync_never_modify_notes(root: Path, wmem: Memory) -> None:
    texts = {
        "knowledge/a.md": "---\n# a comment\ndescription:   spaced   \ntags: [x,  y]\n---\nno trailing newline",
        "procedures/b.md": "no frontmatter at all\r\nwith CRLF\r\n",
    }
    for rel, t in texts.items():
        (root / rel).write_bytes(t.encode("utf-8"))
    stats = {rel: (root / rel).stat().st_mtime_ns for rel in texts}
    wmem.sync_index()
    wmem.search("trailing newline")
    wmem.rebuild_index()
    for rel, t in texts.items():
        assert (root / rel).read_bytes() == t.encode("utf-8")
        assert (root / rel).stat().st_mtime_ns == stats[rel]


def test_tokenizer_change_recounts_terms_without_re_embedding(
    root: Path, emb: WordEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(root, "knowledge/cat.md", note("Cats", "猫には毎朝ごはんをあげる。"))
    Memory(root, embedder=emb).sync_index()
    embedded = len(emb.texts)
    catalog = root / ".memdir/index/catalog.json"
    doc = json.loads(catalog.read_text(encoding="utf-8"))
    doc["manifest"]["lexical"] = 1
    doc["records"][0]["tf"] = {}
    catalog.write_text(json.dumps(doc), encoding="utf-8")
    mem = Memory(root, embedder=emb)
    rep = mem.sync_index()
    assert not rep.rebuilt and len(emb.texts) == embedded
    assert [h.path for h in mem.search("猫", mode="lexical")] == ["knowledge/cat.md"]


class FailingEmbedder(WordEmbedder):
    """Fails on the n-th call, like a build interrupted half-way."""

    def __init__(self, fail_on: int) -> None:
        super().__init__()
        self.fail_on = fail_on

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if self.calls + 1 == self.fail_on:
            self.calls += 1
            raise KeyboardInterrupt
        return super().embed_passages(texts)


def test_interrupted_build_keeps_what_it_embedded(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import memdir.index.service as service
    import memdir.index.sync as sync

    monkeypatch.setattr(sync, "GROUP_CHUNKS", 2)
    monkeypatch.setattr(service, "CHECKPOINT_SECONDS", 0.0)
    for i in range(6):
        write(root, f"knowledge/n{i}.md", note(f"Note {i}", f"body {i}"))
    with pytest.raises(KeyboardInterrupt):
        Memory(root, embedder=FailingEmbedder(fail_on=3)).sync_index()
    kept = json.loads((root / ".memdir/index/catalog.json").read_text(encoding="utf-8"))["records"]
    # every note was published for lexical search first; two groups of two got their vectors
    assert len(kept) == 6 and sum(not r["pending"] for r in kept) == 4
    assert len(Memory(root, embedder=WordEmbedder()).search("body", k=10, mode="lexical")) == 6
    emb = WordEmbedder()
    rep = Memory(root, embedder=emb).sync_index()
    assert not rep.rebuilt and rep.new == [] and len(emb.texts) == 2 and rep.pending == 0
    assert len(Memory(root, embedder=emb).index.view().paths) == 6


def test_a_sync_asked_to_stop_saves_what_it_embedded_and_the_next_finds_the_rest(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The daemon's live sync stops at a safe point on SIGTERM: no half-written file, no note lost."""
    import memdir.index.sync as sync

    monkeypatch.setattr(sync, "GROUP_CHUNKS", 2)
    monkeypatch.setattr(sync, "EMBED_BATCH", 2)
    for i in range(6):
        write(root, f"knowledge/n{i}.md", note(f"Note {i}", f"body {i}"))
    write(root, "knowledge/n0.md", note("Note 0", "body 0"))
    emb = WordEmbedder()
    mem = Memory(root, embedder=emb)
    rep = mem.index.sync(should_stop=lambda: emb.calls >= 2)
    assert rep.interrupted and emb.calls == 2 and len(rep.new) == 6 and rep.pending == 2
    assert rep.to_dict()["interrupted"] is True
    assert not list(root.rglob("*.memdir-tmp-*"))
    kept = json.loads((root / ".memdir/index/catalog.json").read_text(encoding="utf-8"))["records"]
    assert len(kept) == 6 and sum(r["pending"] for r in kept) == 2
    again = WordEmbedder()
    rep = Memory(root, embedder=again).index.sync()
    assert not rep.interrupted and not rep.rebuilt and rep.new == [] and len(again.texts) == 2
    assert len(Memory(root, embedder=again).index.view().paths) == 6
