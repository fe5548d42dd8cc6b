"""LoCoMo session-level retrieval: memdir hybrid / vector / lexical vs a grep-like baseline.

Builds the 272 LoCoMo session notes (as /work/shared/eval/locomo/build_locomo_eval.py
does) into one memory root, syncs memdir's index, runs the 1,536 non-adversarial
questions pooled over all 272 notes and prints recall@1/5/10 per category: for all
questions, then for a dev half and a held-out half.

    .venv/bin/python scripts/bench_retrieval.py --data ../shared/eval/locomo

The split is by conversation, in the order of locomo10.json: the 1st, 3rd, 5th, 7th and
9th conversations are dev, the others held out. Methods and parameters are chosen on
dev only; the fusion variants below are printed for both halves so that the choice can
be checked. The corpus is always all 272 notes (the split only selects questions).

The root and its index are kept in --workdir, so a second run reuses the embeddings
(only --chunk-tokens or the embedder force a re-embed).
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
CATS = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
ORDER = ["single-hop", "multi-hop", "temporal", "open-domain", "ALL"]
_GREP_STOP_TEXT = (
    "a an the of to in on at for and or is are was were be been did do does what when where who whom which why how "
    "with by from as that this it its his her their they he she you i me my we our your has have had about after "
    "before during not no yes would could should can will"
)
GREP_STOP = set(_GREP_STOP_TEXT.split())
SPLITS = ("dev", "held-out")  # by conversation: even positions in locomo10.json are dev


def build_notes(data: Path, root: Path) -> tuple[dict[tuple[str, int], str], list[dict]]:
    """Write one note per session under root/episodes/<conv>/ and return (rel path per session, queries)."""
    raw = json.loads((data / "locomo10.json").read_text(encoding="utf-8"))
    paths: dict[tuple[str, int], str] = {}
    queries: list[dict] = []
    for pos, x in enumerate(raw):
        cid, conv = x["sample_id"], x["conversation"]
        sess = sorted(int(k.split("_")[1]) for k in conv if re.fullmatch(r"session_\d+", k))
        for s in sess:
            when = conv[f"session_{s}_date_time"]
            lines = [
                f"---\nconversation: {cid}\nsession: {s}\ndate: {when}\n"
                f"speakers: [{conv['speaker_a']}, {conv['speaker_b']}]\n---\n",
                f"# Session {s} — {when}\n",
            ]
            for t in conv[f"session_{s}"]:
                txt = t["text"] + (f" [shares image: {t['blip_caption']}]" if t.get("blip_caption") else "")
                lines.append(f"- **{t['speaker']}** ({t['dia_id']}): {txt}")
            rel = f"episodes/{cid}/session_{s:02d}.md"
            target = root / rel
            text = "\n".join(lines) + "\n"
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
            paths[(cid, s)] = rel
        for i, q in enumerate(x["qa"]):
            gold = set()
            for e in q.get("evidence", []):
                for tok in re.split(r"[;\s]+", e.strip()):
                    m = re.fullmatch(r"D(\d+):(\d+)", tok.replace("D:", "D"))
                    if m and int(m.group(1)) in sess:
                        gold.add(int(m.group(1)))
            queries.append(
                {
                    "qid": f"{cid}-q{i}",
                    "conv": cid,
                    "question": q["question"],
                    "category": q["category"],
                    "gold": sorted(paths[(cid, s)] for s in gold),
                    "split": SPLITS[pos % 2],
                }
            )
    return paths, queries


def grep_rank(question: str, bodies: dict[str, str]) -> list[str]:
    """The eval's grep-like baseline: count of query terms found as word prefixes."""
    terms = {w for w in re.findall(r"[a-z0-9']+", question.lower()) if w not in GREP_STOP}
    pats = [re.compile(r"\b" + re.escape(t)) for t in terms]
    scored = [(sum(1 for p in pats if p.search(body)), path) for path, body in bodies.items()]
    return [p for _, p in sorted(scored, key=lambda x: -x[0])]


def recall_table(name: str, ranked: dict[str, list[str]], queries: list[dict]) -> dict[str, dict[int, float]]:
    """recall@1/5/10 per category for one system."""
    acc: dict[str, dict[int, list[float]]] = collections.defaultdict(lambda: collections.defaultdict(list))
    for q in queries:
        gold = set(q["gold"])
        r = ranked[q["qid"]]
        for k in (1, 5, 10):
            rec = len(gold & set(r[:k])) / len(gold)
            acc[CATS[q["category"]]][k].append(rec)
            acc["ALL"][k].append(rec)
    return {c: {k: float(np.mean(v[k])) for k in (1, 5, 10)} for c, v in acc.items()}


def main() -> None:
    """Run the benchmark and print the tables."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(REPO / ".." / "shared" / "eval" / "locomo"))
    ap.add_argument("--workdir", default="/tmp/memdir-bench-locomo")
    ap.add_argument("--chunk-tokens", type=int, default=None, help="chunk size (estimated tokens)")
    ap.add_argument("--embedder", default="auto")
    ap.add_argument("--limit", type=int, default=0, help="only the first N questions (smoke runs)")
    args = ap.parse_args()

    sys.path.insert(0, str(REPO / "core"))
    from memdir import Memory
    from memdir.config import load_config
    from memdir.index.chunking import DEFAULT_CHUNK_TOKENS
    from memdir.index.embedder import get_embedder
    from memdir.index.search import LEXICAL_WEIGHT, MIN_DEPTH, fuse, fuse_hybrid
    from memdir.index.service import IndexService

    root = Path(args.workdir) / f"root-{args.chunk_tokens or DEFAULT_CHUNK_TOKENS}"
    root.mkdir(parents=True, exist_ok=True)
    mem = Memory(root, config=load_config(root), embedder=get_embedder(args.embedder))
    mem.init()
    mem._index = IndexService(
        mem.store,
        mem.config.index,
        lambda: mem.embedder,
        chunk_tokens=args.chunk_tokens or DEFAULT_CHUNK_TOKENS,
    )
    paths, queries = build_notes(Path(args.data), root)
    queries = [q for q in queries if q["category"] != 5 and q["gold"]]
    if args.limit:
        queries = queries[: args.limit]
    print(f"notes {len(paths)}, questions {len(queries)} (non-adversarial, with gold sessions)")

    t0 = time.perf_counter()
    last = [0.0]

    def progress(stage: str, done: int, total: int) -> None:
        if time.perf_counter() - last[0] > 15 or done == total:
            last[0] = time.perf_counter()
            print(f"  {stage} {done}/{total} ({time.perf_counter() - t0:.0f}s)", flush=True)

    rep = mem.sync_index(progress=progress)
    view = mem.index.view()
    print(
        f"index: {len(rep.new)} new, {rep.embedded_chunks} chunks embedded in {rep.seconds:.1f}s; "
        f"{len(view.catalog.records)} notes, {view.matrix.shape[0]} chunks"
    )

    cache = root.parent / f"queries-{mem.embedder.name}-{len(queries)}.npy"
    if cache.exists():
        qvecs = np.load(cache)
    else:
        t1 = time.perf_counter()
        qvecs = mem.embedder.embed_queries([q["question"] for q in queries])
        np.save(cache, qvecs)
        print(f"embedded {len(queries)} questions in {time.perf_counter() - t1:.1f}s")

    from memdir.notes.frontmatter import split_text

    bodies = {
        rel: split_text((root / rel).read_text(encoding="utf-8")).body.lower() for rel in paths.values()
    }
    depth = MIN_DEPTH  # what Memory.search uses for k <= MIN_DEPTH
    lex: dict[str, list[tuple[str, float]]] = {}
    vec: dict[str, list[tuple[str, float]]] = {}
    grep: dict[str, list[str]] = {}
    for q, qv in zip(queries, qvecs, strict=True):
        lex[q["qid"]] = view.lexical.rank(q["question"], depth)
        vec[q["qid"]] = mem.index.rank_by_vector(qv, depth)
        grep[q["qid"]] = grep_rank(q["question"], bodies)

    def paths_of(ranking: list[tuple[str, float]]) -> list[str]:
        return [p for p, _ in ranking]

    def hybrid_scores(w_lex: float) -> dict[str, list[str]]:
        return {qid: paths_of(fuse_hybrid(lex[qid], vec[qid], w_lex)) for qid in lex}

    def hybrid_rrf(rrf_k: int, wl: float, wv: float) -> dict[str, list[str]]:
        return {qid: paths_of(fuse([paths_of(lex[qid]), paths_of(vec[qid])], [wl, wv], rrf_k)) for qid in lex}

    systems = {
        "hybrid": hybrid_scores(LEXICAL_WEIGHT),
        "vector": {qid: paths_of(r) for qid, r in vec.items()},
        "lexical": {qid: paths_of(r) for qid, r in lex.items()},
        "grep": grep,
    }
    halves = {"all": queries, **{name: [q for q in queries if q["split"] == name] for name in SPLITS}}
    for half, qs in halves.items():
        print_table(f"{half} questions" if half != "all" else "all questions", systems, qs)

    print(
        f"\nfusion variants (R@5 ALL / multi-hop; the default, score fusion w_lex={LEXICAL_WEIGHT}, "
        "was chosen on dev):"
    )
    print(f"  {'variant':34s} {'dev':>13s}   {'held-out':>13s}   {'all':>13s}")
    variants: list[tuple[str, dict[str, list[str]]]] = [
        (f"score fusion w_lex={w:.2f}", hybrid_scores(w))
        for w in (0.3, 0.4, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9)
    ]
    variants += [
        (f"rrf k={k} w_lex={wl:.1f} w_vec=1.0", hybrid_rrf(k, wl, 1.0))
        for k, wl in ((60, 1.0), (10, 1.0), (10, 1.5), (60, 1.5))
    ]
    for name, ranked in variants:
        cells = []
        for qs in (halves["dev"], halves["held-out"], queries):
            t = recall_table("v", ranked, qs)
            cells.append(f"{t['ALL'][5]:.3f} / {t.get('multi-hop', {5: float('nan')})[5]:.3f}")
        print(f"  {name:34s} " + "   ".join(cells))

    # the library's own search must give the fused ranking above (same ranking for any k <= MIN_DEPTH)
    check = queries[:: max(1, len(queries) // 25)][:25]
    same = sum(
        [h.path for h in mem.search(q["question"], k=k)] == systems["hybrid"][q["qid"]][:k]
        for q in check
        for k in (5, 10)
    )
    print(f"\nMemory.search agrees with the fused ranking on {same}/{2 * len(check)} (question, k) pairs")


def print_table(title: str, systems: dict[str, dict[str, list[str]]], queries: list[dict]) -> None:
    """One recall table (R@1 / R@5 / R@10 per category, one column per system)."""
    tables = {name: recall_table(name, ranked, queries) for name, ranked in systems.items()}
    n_by_cat = collections.Counter(CATS[q["category"]] for q in queries)
    convs = sorted({q["conv"] for q in queries})
    print(
        f"\nsession-level recall, {title} ({len(convs)} conversations), pooled over all notes (R@1 / R@5 / R@10)"
    )
    print(f"{'category':14s} {'n':>5s}  " + "  ".join(f"{n:>20s}" for n in systems))
    for cat in ORDER:
        n = len(queries) if cat == "ALL" else n_by_cat[cat]
        if not n:
            continue
        cells = "  ".join(
            f"{tables[s][cat][1]:.3f}/{tables[s][cat][5]:.3f}/{tables[s][cat][10]:.3f}".rjust(20)
            for s in systems
        )
        print(f"{cat:14s} {n:5d}  {cells}")


if __name__ == "__main__":
    main()
