"""Example: hybrid search (lexical + vector) over a memory root, in English and Japanese.

Run: python examples/search.py   (offline; works on a temporary copy of examples/memory_root)
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

os.environ.pop("MEMDIR_LLM_MODEL", None)  # offline: no LLM is needed here
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from memdir import Memory  # noqa: E402

SAMPLE = Path(__file__).resolve().parent / "memory_root"


def main() -> None:
    """Index the sample root and check that each query finds the note a person would expect."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "memory_root"
        shutil.copytree(SAMPLE, root, ignore=shutil.ignore_patterns(".memdir"))
        mem = Memory(root)
        mem.sync_index()  # files -> index; re-running it re-embeds nothing that is unchanged

        expected = {
            ("how do we rotate the db password", "procedures"): "procedures/rotate-database-password.md",
            ("why are CI images pinned", None): "knowledge/ci-runner-images.md",
            ("オンコールの引き継ぎはいつ？", None): "knowledge/on-call-policy.md",
        }
        for (query, kind), path in expected.items():
            hits = mem.search(query, k=3, kind=kind)
            print(f"{query!r} (kind={kind}):")
            for hit in hits:
                print(f"  {hit.score:.3f}  {hit.path}  {hit.description}")
            assert hits and hits[0].path == path, (query, [h.path for h in hits])
            assert hits[0].description  # every hit carries its one-line description


if __name__ == "__main__":
    main()
