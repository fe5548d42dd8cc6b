"""A blind reading test of daily titles and descriptions: two checkouts, one set of episodes.

    # each checkout files every keeper episode of the set and maps episode id -> its notes
    python scripts/reading_ab.py notes /work/main SET.jsonl /tmp/root-old /tmp/old.json
    python scripts/reading_ab.py notes /work/wt/new SET.jsonl /tmp/root-new /tmp/new.json
    # blind items for a reader who sees no code (A/B in a seeded random order) and the key
    python scripts/reading_ab.py items SET.jsonl /tmp/old.json /tmp/new.json items.jsonl key.json
    # the reader writes marks.jsonl ({"item", "A": [{"title_keep", "desc_keep"}], "B": [...]}); then
    python scripts/reading_ab.py score key.json items.jsonl marks.jsonl

Used for the titles round (docs/daily.md, `examples/reading_set/heldout12/`). Each checkout runs its
own `.venv/bin/memdir` in a subprocess, so what is measured is what a user runs.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

DAY = "2026-12-03"


def _rows(data: str) -> list[dict[str, object]]:
    rows = [json.loads(x) for x in Path(data).read_text(encoding="utf-8").splitlines() if x.strip()]
    return [r for r in rows if r.get("label", "knowledge") != "skip"]


def notes(checkout: str, data: str, root: str, out: str) -> None:
    """File every keeper episode with one checkout's memdir; write {episode id: [notes]}."""
    memdir = f"{checkout}/.venv/bin/memdir"
    env = dict(os.environ, LITELLM_LOCAL_MODEL_COST_MAP="True", ANONYMIZED_TELEMETRY="False")
    if Path(root).exists():
        sys.exit(f"{root} exists: give a new folder")
    subprocess.run([memdir, "--root", root, "init"], check=True, capture_output=True, env=env)
    ids: dict[str, str] = {}
    for i, r in enumerate(_rows(data)):
        hh, mm = 8 + i // 60, i % 60
        ids[f"{hh:02d}{mm:02d}"] = str(r["id"])
        cmd = [memdir, "--root", root, "episode", "add", "-", "--at", f"{DAY}T{hh:02d}:{mm:02d}:00Z"]
        cmd += ["--title", str(r["title"])] if r.get("title") else []
        subprocess.run(cmd, input=str(r["text"]), text=True, check=True, capture_output=True, env=env)
    subprocess.run([memdir, "--root", root, "consolidate", "daily"], check=True, capture_output=True, env=env)
    found: dict[str, list[dict[str, str]]] = {v: [] for v in ids.values()}
    for f in sorted(Path(root).glob("*/**/*.md")):
        rel = f.relative_to(root).as_posix()
        if not rel.startswith(("knowledge/", "procedures/")):
            continue
        text = f.read_text(encoding="utf-8")
        title = next((x[2:].strip() for x in text.splitlines() if x.startswith("# ")), "")
        m = re.search(r"^description: (.*)$", text, re.M)
        for anchor in sorted(set(re.findall(rf"episodes/{DAY}\.md#(\d{{4}})", text))):
            if anchor in ids:
                found[ids[anchor]].append(
                    {"path": rel, "title": title, "description": m.group(1) if m else ""}
                )
    Path(out).write_text(json.dumps(found, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{sum(1 for v in found.values() if v)} of {len(found)} episodes have a note")


def items(data: str, old: str, new: str, out: str, key_out: str, seed: int = 20261205) -> None:
    """Blind items: each episode's text and the two versions' notes as A and B in a random order."""
    a, b = json.loads(Path(old).read_text()), json.loads(Path(new).read_text())
    rng = random.Random(seed)
    key: dict[str, dict[str, str]] = {}
    lines = []
    for i, r in enumerate(sorted(_rows(data), key=lambda r: str(r["id"]))):
        k = str(r["id"])
        flip = rng.random() < 0.5
        key[k] = {"A": "candidate" if flip else "main", "B": "main" if flip else "candidate"}
        first, second = (b[k], a[k]) if flip else (a[k], b[k])

        def shown(ns: list[dict[str, str]]) -> list[dict[str, str]]:
            return [{"title": n["title"], "description": n["description"]} for n in ns] or [
                {"title": "(no note: skipped)", "description": ""}
            ]

        item = {"item": f"item-{i + 1:02d}", "lang": r["lang"], "given_title": r["title"], "text": r["text"]}
        lines.append(json.dumps({**item, "A": shown(first), "B": shown(second)}, ensure_ascii=False))
    Path(out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    Path(key_out).write_text(json.dumps(key, indent=1), encoding="utf-8")


def score(key_file: str, items_file: str, marks_file: str) -> None:
    """Kept titles and descriptions per version, and the episodes where they differ."""
    key = json.loads(Path(key_file).read_text())
    order = [json.loads(x)["item"] for x in Path(items_file).read_text(encoding="utf-8").splitlines() if x]
    marks = {json.loads(x)["item"]: json.loads(x) for x in Path(marks_file).read_text().splitlines() if x}
    kept = {"main": [0, 0], "candidate": [0, 0]}
    lost, won = [], []
    for ep, item in zip(sorted(key), order, strict=True):
        seen = {key[ep][o]: marks[item][o] for o in ("A", "B")}
        for who, notes_marks in seen.items():
            kept[who][0] += sum(bool(m["title_keep"]) for m in notes_marks)
            kept[who][1] += sum(bool(m["desc_keep"]) for m in notes_marks)
        old_ok = all(m["title_keep"] for m in seen["main"])
        new_ok = all(m["title_keep"] for m in seen["candidate"])
        (lost if old_ok and not new_ok else won if new_ok and not old_ok else []).append(ep)
    for who, (t, d) in kept.items():
        print(f"{who}: titles kept {t}, descriptions kept {d}")
    print("titles lost:", ", ".join(lost) or "none")
    print("titles gained:", ", ".join(won) or "none")


if __name__ == "__main__":
    cmds = {"notes": notes, "items": items, "score": score}
    if len(sys.argv) < 2 or sys.argv[1] not in cmds:
        sys.exit(__doc__)
    cmds[sys.argv[1]](*sys.argv[2:])  # type: ignore[operator]
