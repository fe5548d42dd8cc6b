"""Routing benchmark: macro-F1 and confusion matrix of the built-in router on labelled episodes.

Usage:
  .venv/bin/python scripts/bench_routing.py --data ../shared/eval/routing-uvdocs
  .venv/bin/python scripts/bench_routing.py --data examples/routing_set

A data folder holds `labels.csv` with columns `path` and `label` (procedure | knowledge | skip,
or procedures); each file is routed as one episode.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "core"))

from memdir.consolidation.daily.router import classify  # noqa: E402

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


def main() -> int:
    """Route every labelled file and print macro-F1, per-label F1 and the confusion matrix."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(REPO.parent / "shared" / "eval" / "routing-uvdocs"))
    ap.add_argument("--errors", action="store_true", help="list the misrouted files")
    args = ap.parse_args()
    data = Path(args.data)
    rows = list(csv.DictReader((data / "labels.csv").open(encoding="utf-8")))
    gold, pred, names = [], [], []
    t0 = time.perf_counter()
    for row in rows:
        text = (data / row["path"]).read_text(encoding="utf-8")
        gold.append(ALIASES[row["label"].strip()])
        pred.append(classify(text))
        names.append(row["path"])
    elapsed = time.perf_counter() - t0
    f1, per = macro_f1(gold, pred)
    print(f"data: {data}  ({len(rows)} episodes, routed in {elapsed * 1000:.0f} ms)")
    print(f"macro-F1: {f1:.3f}   " + "  ".join(f"F1[{k}]={v:.3f}" for k, v in per.items()))
    acc = sum(1 for g, p in zip(gold, pred, strict=True) if g == p) / len(gold)
    print(f"accuracy: {acc:.3f}")
    print("confusion (rows = gold, columns = predicted):")
    print(f"{'':>12}" + "".join(f"{lab:>12}" for lab in LABELS))
    for g in LABELS:
        print(
            f"{g:>12}"
            + "".join(
                f"{sum(1 for a, b in zip(gold, pred, strict=True) if a == g and b == p):>12}" for p in LABELS
            )
        )
    if args.errors:
        for n, g, p in zip(names, gold, pred, strict=True):
            if g != p:
                print(f"  {n}: gold {g}, predicted {p}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
