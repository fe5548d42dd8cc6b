"""What the embedded Chroma copy costs a sync: the same syncs with and without writing it.

    PYTHONPATH=/path/to/old/core .venv/bin/python -u scripts/bench_search_chroma.py   # a tree that writes it
    .venv/bin/python -u scripts/bench_search_chroma.py                                # this tree (it does not)

Generated short notes, synthetic vectors (embedding is the same with or without Chroma and
would hide the difference on two busy cores). Times a full build, a no-change sync and a
one-note-change sync, each in a fresh `Memory` (as a new CLI process would), and the
on-disk size of `.memdir/index`. With `--no-chroma` on a tree that writes Chroma, the
ChromaStore writes are replaced by no-ops (what "stop writing it" saves, same code otherwise).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_search import SyntheticVectors, generate  # noqa: E402


def disable_chroma() -> None:
    """Make every ChromaStore write and read a no-op (for the `without` run of an old tree)."""
    from memdir.index import chroma_store

    cls = chroma_store.ChromaStore
    for name in ("reset", "upsert", "upsert_many", "delete_paths"):
        setattr(cls, name, lambda self, *a, **k: None)
    cls.count = lambda self: 0  # type: ignore[method-assign]
    cls.missing = lambda self: False  # type: ignore[method-assign]
    cls.close = lambda self: None  # type: ignore[method-assign]


def du(path: Path) -> int:
    """Bytes under path."""
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main() -> None:
    """Run the syncs and print the times."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workdir", default="/tmp/memdir-bench-chroma")
    ap.add_argument("--notes", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-chroma", action="store_true")
    args = ap.parse_args()
    if args.no_chroma:
        disable_chroma()
    from memdir import Memory

    emb = SyntheticVectors()
    src = Path(args.workdir) / f"src-{args.notes}"
    if not (src / "knowledge").exists():
        Memory(src).init()
        generate(src, args.notes)
    print(f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.1f} at start", flush=True)
    builds, nochange, onechange = [], [], []
    for r in range(args.runs):
        root = Path(args.workdir) / f"run-{r}"
        shutil.rmtree(root, ignore_errors=True)
        shutil.copytree(src, root, ignore=shutil.ignore_patterns(".memdir"))
        t = time.perf_counter()
        Memory(root, embedder=emb).sync_index()
        builds.append(time.perf_counter() - t)
        t = time.perf_counter()
        Memory(root, embedder=emb).sync_index()
        nochange.append(time.perf_counter() - t)
        note = root / "knowledge" / "note-00001.md"
        note.write_text(note.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
        t = time.perf_counter()
        Memory(root, embedder=emb).sync_index()
        onechange.append(time.perf_counter() - t)
        size = du(root / ".memdir" / "index")
        has = (root / ".memdir" / "index" / "chroma").exists()
    what = "chroma disabled" if args.no_chroma else "as the tree does it"
    print(
        f"{args.notes} notes ({what}; chroma folder present: {has}): "
        f"build median {statistics.median(builds):.2f}s {[round(x, 2) for x in builds]}, "
        f"no-change sync {statistics.median(nochange):.3f}s, "
        f"one-note change {statistics.median(onechange):.3f}s {[round(x, 3) for x in onechange]}, "
        f"index size {size / 1e6:.1f} MB"
    )
    print(f"load average {os.getloadavg()[0]:.1f} at end")


if __name__ == "__main__":
    main()
