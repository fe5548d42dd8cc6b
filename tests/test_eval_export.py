"""The exported root: plain notes that pass `memdir lint`, that grep finds, and that re-exports keep intact."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from memdir.errors import PathError
from memdir.evaluation.export import DOCUMENTS_FILE, LAYOUT, QUERIES_FILE, export_dataset
from memdir.evaluation.load import load_dataset
from memdir.notes.lint import lint_root
from memdir.notes.store import NoteStore

DATA = Path(__file__).parent / "data" / "eval"
FIXTURES = [("locomo", "locomo.json"), ("longmemeval", "longmemeval.json"), ("jsonl", "generic.jsonl")]


@pytest.mark.parametrize(("kind", "name"), FIXTURES)
def test_exported_root_passes_lint_and_grep_finds_every_gold_text(
    kind: str, name: str, tmp_path: Path
) -> None:
    ds = load_dataset(kind, DATA / name)
    root = tmp_path / "root"
    report = export_dataset(ds, root)
    assert report.written == len(ds.documents) and report.unchanged == 0
    assert lint_root(NoteStore(root)) == []
    if shutil.which("grep") is None:
        pytest.skip("no grep on this machine")
    texts = {d.path: d.text for d in ds.documents}
    for q in ds.queries:
        for gold in q.gold:
            body = texts[gold].split("\n---\n", 1)[1]
            for line in (ln.strip() for ln in body.splitlines()):
                if not line:
                    continue
                res = subprocess.run(
                    ["grep", "-rlF", "--include=*.md", "-e", line, str(root)],
                    capture_output=True,
                    text=True,
                    check=False,
                )
                assert str(root / gold) in res.stdout.splitlines(), (gold, line)


def test_root_holds_only_notes_and_the_scorer_files_sit_beside_the_index(tmp_path: Path) -> None:
    from memdir.memory import LAYOUT as MEMORY_LAYOUT

    assert LAYOUT == MEMORY_LAYOUT
    ds = load_dataset("longmemeval", DATA / "longmemeval.json")
    root = tmp_path / "root"
    export_dataset(ds, root)
    assert all((root / d).is_dir() for d in LAYOUT) and (root / ".gitignore").read_text() == ".memdir/\n"
    assert sorted(p.name for p in root.iterdir()) == sorted([*LAYOUT, ".gitignore", ".memdir"])
    notes = [
        p for p in root.rglob("*") if p.is_file() and ".memdir" not in p.parts and p.name != ".gitignore"
    ]
    assert sorted(str(p.relative_to(root)) for p in notes) == sorted(d.path for d in ds.documents)
    rows = [json.loads(line) for line in (root / QUERIES_FILE).read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == [q.id for q in ds.queries]
    first = rows[0]
    assert set(first) == {"id", "text", "category", "gold", "scope", "dates", "date"}
    assert all((root / p).is_file() for r in rows for p in r["scope"])
    docs = [json.loads(line) for line in (root / DOCUMENTS_FILE).read_text(encoding="utf-8").splitlines()]
    assert {d["path"]: d["id"] for d in docs}[first["gold"][0]] == "answer_8c1e_1"


def test_re_export_rewrites_nothing_unchanged_and_drops_notes_that_are_gone(tmp_path: Path) -> None:
    root = tmp_path / "root"
    f = tmp_path / "d.jsonl"

    def write(docs: dict[str, str]) -> None:
        lines = [{"type": "document", "id": i, "text": t} for i, t in docs.items()]
        lines.append({"type": "query", "id": "q", "text": "x", "gold": [next(iter(docs))]})
        f.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")

    write({"a": "alpha", "b": "beta", "c": "gamma"})
    export_dataset(load_dataset("jsonl", f), root)
    a = root / "episodes/documents/a.md"
    os.utime(a, (1_000_000, 1_000_000))
    write({"a": "alpha", "b": "beta, edited"})
    report = export_dataset(load_dataset("jsonl", f), root)
    assert (report.written, report.unchanged, report.removed) == (1, 1, 1)
    assert a.stat().st_mtime == 1_000_000  # untouched: the index keeps its vectors
    assert "beta, edited" in (root / "episodes/documents/b.md").read_text(encoding="utf-8")
    assert not (root / "episodes/documents/c.md").exists()
    assert lint_root(NoteStore(root)) == []


def test_refuses_a_root_that_is_not_an_export(tmp_path: Path) -> None:
    ds = load_dataset("jsonl", DATA / "generic.jsonl")
    real = tmp_path / "real"
    (real / "knowledge").mkdir(parents=True)
    note = real / "knowledge" / "mine.md"
    note.write_text("---\ndescription: mine\n---\nkeep me\n", encoding="utf-8")
    with pytest.raises(PathError, match="not empty and not an earlier `memdir eval --export`"):
        export_dataset(ds, real)
    assert sorted(p.name for p in real.rglob("*")) == ["knowledge", "mine.md"]  # nothing written
    plain = tmp_path / "file"
    plain.write_text("x", encoding="utf-8")
    with pytest.raises(PathError, match="is not a folder"):
        export_dataset(ds, plain)
    empty = tmp_path / "empty"
    empty.mkdir()
    export_dataset(ds, empty)  # an empty folder is fine
    (empty / "knowledge" / "mine.md").write_text("---\ndescription: mine\n---\nkeep me\n", encoding="utf-8")
    with pytest.raises(PathError, match="knowledge/mine.md, which no earlier export wrote"):
        export_dataset(ds, empty)
    assert (empty / "knowledge" / "mine.md").exists()
