"""Compare two memory roots written by the same benchmark (e.g. `bench_daily.py --keep DIR`) byte for byte.

Masked, as random by design: ISO timestamps (`created_at`/`updated_at`/`raised_at`: the run's clock),
and in `.memdir/state/daily-sections.json` the sha256 under `written` of each note text as written
(those texts hold the timestamps). Every other byte must be equal; exit 1 when any file differs.

Usage:
  .venv/bin/python scripts/compare_roots.py ROOT_A ROOT_B
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

TS = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:\d\d|Z)?")


def masked(rel: str, data: bytes) -> bytes:
    """The file's bytes with what is random by design masked."""
    if rel.endswith("daily-sections.json"):
        doc = json.loads(data)
        doc["written"] = dict.fromkeys(doc.get("written", {}), "HASH")
        data = json.dumps(doc, ensure_ascii=False, sort_keys=True, indent=1).encode("utf-8")
    return TS.sub(b"TS", data)


def main() -> int:
    """Print the counts (identical, identical once masked, different) and the differing files."""
    a, b = Path(sys.argv[1]), Path(sys.argv[2])
    fa = {p.relative_to(a).as_posix() for p in a.rglob("*") if p.is_file()}
    fb = {p.relative_to(b).as_posix() for p in b.rglob("*") if p.is_file()}
    for name, only in ((a, fa - fb), (b, fb - fa)):
        if only:
            print(f"only in {name}: {sorted(only)[:10]}")
    same = after_mask = 0
    diff: list[str] = []
    for rel in sorted(fa & fb):
        x, y = (a / rel).read_bytes(), (b / rel).read_bytes()
        if x == y:
            same += 1
        elif masked(rel, x) == masked(rel, y):
            after_mask += 1
        else:
            diff.append(rel)
    print(
        f"files {len(fa & fb)}: identical {same}, identical once masked {after_mask}, different {len(diff)}"
    )
    for rel in diff[:20]:
        print("different:", rel)
    return 1 if diff or fa != fb else 0


if __name__ == "__main__":
    raise SystemExit(main())
