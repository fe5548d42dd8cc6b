"""Titles of the weekly run against the kinds' `title_any`, kind by kind, set by set.

    # every week of these sets: each expected kind's requests, the title written, whether it names a word
    OMP_NUM_THREADS=1 .venv/bin/python scripts/weekly_titles.py examples/heldout/weekly1[789] --rows
    # counts only, as JSON (to compare two branches)
    OMP_NUM_THREADS=1 .venv/bin/python scripts/weekly_titles.py tests/data/weekly examples/heldout/weekly* \
        --json /tmp/titles.json

A kind is the procedure whose sources overlap the expected sources most (a review item's kind has no
title). A kind with no `title_any` is counted as `unscored`; a kind no procedure covers as `missing`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from weekly_checks import parse_procedure  # noqa: E402

from memdir import Memory  # noqa: E402
from memdir.activity import ReadStats  # noqa: E402
from memdir.config import load_config  # noqa: E402
from memdir.consolidation.weekly.run import week_window  # noqa: E402
from memdir.consolidation.weekly.tasks import group_tasks  # noqa: E402


def _sources(text: str) -> list[str]:
    lines = text.split("\nsources:\n", 1)[1].splitlines() if "\nsources:\n" in text else []
    out = []
    for ln in lines:
        if not ln.startswith("- "):
            break
        out.append(ln[2:].strip().strip("'\""))
    return out


def week_titles(week: Path, tmp: Path) -> list[dict[str, Any]]:
    """One row per expected kind of the week: requests, title, hit."""
    exp = json.loads((week / "expected.json").read_text(encoding="utf-8"))
    root = tmp / str(week.parent).replace("/", "_") / week.name
    shutil.copytree(week, root)
    mem = Memory(root, config=load_config(root))
    mem.init()
    until = date.fromisoformat(exp["until"])
    since, end = week_window(until)
    intents = {t.task_id: t.intent for t in group_tasks(mem.activity.read(since, end, ReadStats()))}
    report = mem.consolidate_weekly(until=until)
    procs = []
    for rel in report.created:
        if rel.startswith("procedures/"):
            text = (root / rel).read_text(encoding="utf-8")
            procs.append((parse_procedure(text)["title"], set(_sources(text))))
    rows = []
    for want in exp.get("procedures", []):
        wanted = set(want["sources"])
        best = max(procs, key=lambda p: len(p[1] & wanted), default=("", set()))
        title = best[0] if best[1] & wanted else ""
        words = [str(w) for w in want.get("title_any", [])]
        hit = bool(title) and any(w.lower() in title.lower() for w in words)
        rows.append(
            {
                "set": str(week.parent),
                "week": week.name,
                "kind": want.get("type", ""),
                "requests": [intents.get(s, "") for s in want["sources"]],
                "title": title,
                "title_any": words,
                "verdict": "missing"
                if not title
                else ("unscored" if not words else ("hit" if hit else "miss")),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sets", nargs="+", type=Path, help="folders of weeks (each week holds expected.json)")
    ap.add_argument("--rows", action="store_true", help="print every kind: requests, title, verdict")
    ap.add_argument("--json", type=Path, help="write every row here")
    args = ap.parse_args(argv)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as d:
        for folder in args.sets:
            for week in sorted(p for p in folder.iterdir() if (p / "expected.json").exists()):
                rows += week_titles(week, Path(d))
    if args.rows:
        for r in rows:
            print(f"[{r['verdict']}] {r['set']}/{r['week']}: {r['title']!r}  (any of {r['title_any']})")
            for q in r["requests"]:
                print(f"      - {q[:140]!r}")
    for name in dict.fromkeys(r["set"] for r in rows):
        mine = [r for r in rows if r["set"] == name]
        scored = [r for r in mine if r["verdict"] in ("hit", "miss")]
        hits = sum(r["verdict"] == "hit" for r in scored)
        misses = [r["title"] for r in scored if r["verdict"] == "miss"]
        print(f"{name}: titles naming the kind {hits}/{len(scored)}; misses {misses}")
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
