"""Does the daily run write a lesson exactly when an episode records one? (docs/lifecycle.md)

    python scripts/lesson_score.py CHECKOUT SET.jsonl ROOT

CHECKOUT's own `.venv/bin/memdir` files every row of SET (`lesson`, `fix_fragment` per row; see
`examples/lesson_set/heldout14/README.md`) into a new ROOT with `memdir episode add` and runs
`memdir consolidate daily` once (an existing ROOT is scored as it is). A lesson is counted for an
episode when a file in `knowledge/lessons/` cites it in `sources`; its fix is right when the row's
`fix_fragment` is under that file's `## What worked instead`. Prints recall, false lessons, precision
and right fixes, per language, and the ids behind each miss.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path


def file_rows(checkout: str, rows: list[dict[str, object]], root: Path) -> None:
    memdir = f"{checkout}/.venv/bin/memdir"
    subprocess.run([memdir, "--root", str(root), "init"], check=True, capture_output=True)
    for i, r in enumerate(rows):
        cmd = [
            memdir,
            "--root",
            str(root),
            "episode",
            "add",
            "-",
            "--at",
            f"2026-12-03T{8 + i // 60:02d}:{i % 60:02d}:00Z",
        ]
        cmd += ["--title", str(r["title"])] if r.get("title") else []
        subprocess.run(cmd, input=str(r["text"]), text=True, check=True, capture_output=True)
    subprocess.run([memdir, "--root", str(root), "consolidate", "daily"], check=True, capture_output=True)


def cited_fixes(root: Path, rows: list[dict[str, object]]) -> dict[str, list[str]]:
    """Episode id -> the `What worked instead` text of every lesson citing it."""
    by_time = {f"{8 + i // 60:02d}{i % 60:02d}": str(r["id"]) for i, r in enumerate(rows)}
    out: dict[str, list[str]] = {}
    for f in sorted((root / "knowledge" / "lessons").glob("*.md")):
        text = f.read_text(encoding="utf-8")
        m = re.search(r"^sources:\n((?:- .+\n)+)", text, re.M)
        sources = [s[2:].strip().strip("'\"") for s in m.group(1).splitlines()] if m else []
        fixes = text.split("## What worked instead", 1)[-1].split("## How to check", 1)[0]
        for s in sources:
            k = re.search(r"#(\d{4})", s)
            if k and k.group(1) in by_time:
                out.setdefault(by_time[k.group(1)], []).append(fixes)
    return out


def main(checkout: str, data: str, root_dir: str) -> None:
    rows = [json.loads(x) for x in Path(data).read_text(encoding="utf-8").splitlines() if x.strip()]
    root = Path(root_dir)
    if not root.exists():
        file_rows(checkout, rows, root)
    cited = cited_fixes(root, rows)
    for lang in ("all", "en", "ja"):
        sub = [r for r in rows if lang == "all" or r["lang"] == lang]
        found = [r for r in sub if r["lesson"] and r["id"] in cited]
        false = [r for r in sub if not r["lesson"] and r["id"] in cited]
        right = [r for r in found if any(str(r["fix_fragment"]) in fx for fx in cited[str(r["id"])])]
        n = sum(1 for r in sub if r["lesson"])
        precision = len(found) / (len(found) + len(false)) if found or false else 0.0
        print(
            f"[{lang}] lessons found {len(found)}/{n}, false {len(false)}, precision {precision:.3f}, "
            f"right fixes {len(right)}"
        )
        if lang == "all":
            print("  false:", [r["id"] for r in false])
            print("  missed:", [r["id"] for r in sub if r["lesson"] and r["id"] not in cited])
            print("  wrong fix:", [r["id"] for r in found if r not in right])


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:4])
