"""How often "closest in <language>" names the right note, and how often it speaks when nothing is right.

`agents/closest_across.py` names the note in the other language that came closest to a question when its cosine
is at least NEAR_MISS and it leads the next note in that language by a margin. On the root of
`bench_search_crosslang.py` (Vue docs, 80 pages, each asked by its title in the OTHER language; built and
embedded by `bench_crosslang_floor.py` or that script first, same --workdir) this prints, for levels 0.78-0.80
and margins 0 to 0.05,
on each half of the pages (split by a hash of the page path: choose the margin on `tune`, read `report`):
right hints (the asked page named), wrong hints (another page named), and hints given to off-topic and made-up
questions (no page is right for them).

    PYTHONPATH=core .venv/bin/python scripts/bench_crosslang_hint.py --workdir /tmp/x
"""

from __future__ import annotations

import argparse
import random
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_crosslang_floor as floor  # noqa: E402
import bench_search_crosslang as cross  # noqa: E402

MARGINS = (0.0, 0.01, 0.02, 0.03, 0.05)
LEVELS = (0.78, 0.79, 0.8)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workdir", default="/tmp/memdir-bench-crosslang")
    args = ap.parse_args()

    from memdir import Memory
    from memdir.agents import closest_across as ca

    gold, rest, titles = cross.draw(80, cross.SEED)
    root = Path(args.workdir) / "root-s18-p80-c1000"
    notes = cross.build_root(root, gold, rest, 1000, 0)
    mem = Memory(root)
    mem.sync_index()
    rng = random.Random(7)
    made = [
        "".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou") for _ in range(4)) for _ in range(20)
    ]
    kana = "アイウエオカキクケコサシスセソタチツテトナニヌネノマミムメモ"
    katakana = ["".join(rng.choice(kana) for _ in range(5)) for _ in range(20)]
    nonsense = [*made, *katakana, *floor.OFF_TOPIC]

    def across(q: str, margin: float, level: float) -> str:
        ca.LEAD_MARGIN = margin
        ca.NEAR_MISS[embedder] = level
        got = ca.closest_across(mem.index, q)
        return got.path if got else ""

    halves: dict[str, list[tuple[str, str]]] = {"tune": [], "report": []}
    for rel in gold:
        other = "ja" if notes[rel].split("/")[1] == "en" else "en"
        half = "tune" if zlib.crc32(rel.encode()) % 2 else "report"
        halves[half].append((titles[other][rel], notes[rel]))
    embedder = str(mem.index.view().catalog.manifest.get("embedder") or "")
    for level, m in ((lv, m) for lv in LEVELS for m in MARGINS):
        parts = []
        for half, qs in halves.items():
            named = [across(q, m, level) for q, _ in qs]
            right = sum(n == g for n, (_, g) in zip(named, qs, strict=True))
            wrong = sum(bool(n) and n != g for n, (_, g) in zip(named, qs, strict=True))
            parts.append(f"{half} ({len(qs)}): right {right}, wrong {wrong}")
        false = sum(bool(across(q, m, level)) for q in nonsense)
        print(
            f"level {level}, margin {m}: "
            + "; ".join(parts)
            + f"; off-topic/made-up ({len(nonsense)}) hinted {false}"
        )


if __name__ == "__main__":
    main()
