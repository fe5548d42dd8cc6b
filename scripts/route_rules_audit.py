"""Audit of the router's rule layer: what each rule that overrides the model does on every spent set.

Usage:
  PYTHONPATH=core OMP_NUM_THREADS=1 .venv/bin/python scripts/route_rules_audit.py            # all spent sets
  PYTHONPATH=core OMP_NUM_THREADS=1 .venv/bin/python scripts/route_rules_audit.py --rows     # and each change

Every spent set is routed as `scripts/route_loso.py` routes it: each training-row set
(`train_router.SPENT_SETS`, `heldout17`-`heldout24` among them since routing round 24) by the `e5_ort` fit
without its rows, and any other set given (spent, not a training row: `route_loso.DEV_SETS`) by the full fit. For each row the model's own route (the argmax of its probabilities, before
any rule) and the final route (`Router.kind_of`) are recorded, with the rule that decided the final route
(`Router.rule_of`); a rule that changed the route counts right->wrong, wrong->right or wrong->wrong, per
language. A rule that turns more right routes wrong than wrong routes right over all sets is the one to narrow
(docs/daily.md, "Routing round 22"). `--as-run` (routing round 23) scores what a daily run writes
(`bench_routing.written`: the run's `Router.route`, with its shaping and the rule on the shaped text); a
route the shaped-text rule changed counts for `shaped_no_steps`, against the route `kind_of` gave.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "core"))
sys.path.insert(0, str(REPO / "scripts"))

import route_loso as rl  # noqa: E402
import train_router as tr  # noqa: E402
from bench_routing import load as load_set  # noqa: E402
from bench_routing import written  # noqa: E402

from memdir.consolidation.daily.route_model import LinearModel, RouterModels  # noqa: E402
from memdir.consolidation.daily.route_no_steps import SHAPED_NO_STEPS_REASON  # noqa: E402
from memdir.consolidation.daily.router import Router  # noqa: E402

OUTCOMES = ("right->wrong", "wrong->right", "wrong->wrong")


def audit_rows(
    scorer: rl.Scorer, model: LinearModel, rows: list[dict[str, str]], as_run: bool = False
) -> list[tuple[str, str, str, str]]:
    """Per row: the model's own route, the final route, the rule that changed it ('' when none did) and the
    model's probabilities (knowledge/procedures/skip). `as_run`: the final route is what a daily run writes,
    and a row the run changed after `kind_of` has `kind_of`'s route as its own and the run's rule."""
    from dataclasses import replace

    models = RouterModels(
        {**scorer.shipped.models, "e5_ort": replace(model, offsets={})}, scorer.shipped.meta
    )
    router = Router(scorer.embed, scorer.name, scorer.dim, models=models)
    out: list[tuple[str, str, str, str]] = []
    runs = written(router, rows) if as_run else [("", "")] * len(rows)
    for r, (run_kind, why) in zip(router.read([(x["title"], x["text"]) for x in rows]), runs, strict=True):
        own = router.model.classes[int(np.argmax(r.proba))]
        final, rule = router.rule_of(r)
        assert final == router.kind_of(r)
        probas = "/".join(f"{r.proba[router.model.classes.index(c)]:.2f}" for c in rl.KINDS)
        if why:
            own, final, rule = (
                final,
                run_kind,
                "shaped_no_steps" if why == SHAPED_NO_STEPS_REASON else why[:16],
            )
        out.append((own, final, rule if final != own else "", probas))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", nargs="*", default=[*tr.SPENT_SETS, *rl.DEV_SETS], help="spent sets to audit")
    ap.add_argument("--rows", action="store_true", help="list each row a rule changed")
    ap.add_argument("--as-run", action="store_true", help="what a daily run writes (its shaping and rule)")
    ap.add_argument("--new-weight", type=float, help="sample weight of heldout17-24's rows (a variant)")
    args = ap.parse_args()
    if args.new_weight is not None:
        tr.SPENT_WEIGHTS.update({f"heldout{n}": args.new_weight for n in range(17, 25)})
    recipe = rl.Recipe()
    scorer = rl.Scorer(recipe.shipped)
    sets = REPO / "examples" / "routing_set"
    full = recipe.fit()
    # rule -> lang -> outcome -> count
    counts: dict[str, dict[str, dict[str, int]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
    means: list[tuple[float, float, float]] = []
    kind_means: list[tuple[float, float, float]] = []
    per_set: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    for k in args.sets:
        rows = load_set(sets / k / "episodes.jsonl", "all")
        model = recipe.fit(k) if k in tr.SPENT_SETS else full
        routes = audit_rows(scorer, model, rows, args.as_run)
        pred = [x[1] for x in routes]
        f, en, ja = rl.figures(rows, pred)
        if k in tr.SPENT_SETS:
            means.append((f, en, ja))
        print(
            f"{'left out' if k in tr.SPENT_SETS else 'full fit':>9} {k:>10}: {f:.3f} (EN {en:.3f}, JA {ja:.3f})"
        )
        print(f"{'':>22}{rl.errors(rows, pred)}", flush=True)
        if args.as_run:  # and kind_of's figures, the route before the run's shaping
            kinds = [x[0] if x[2] == "shaped_no_steps" else x[1] for x in routes]
            g, gen, gja = rl.figures(rows, kinds)
            print(f"{'kind_of':>22}: {g:.3f} (EN {gen:.3f}, JA {gja:.3f})")
            if k in tr.SPENT_SETS:
                kind_means.append((g, gen, gja))
        for row, (own, final, rule, probas) in zip(rows, routes, strict=True):
            if not rule:
                continue
            gold = row["label"]
            outcome = OUTCOMES[0] if own == gold else OUTCOMES[1] if final == gold else OUTCOMES[2]
            counts[rule][row["lang"]][outcome] += 1
            per_set[rule][k][OUTCOMES.index(outcome)] += 1
            if args.rows:
                print(
                    f"  {k:>10} {row['id']:>10} {rule:<16} gold {gold:<10} model {own:<10} -> {final:<10} {outcome} p(k/p/s) {probas}"
                )
    if means:
        m = np.mean(means, axis=0)
        print(f"{'left out':>9} {'mean':>10}: {m[0]:.4f} (EN {m[1]:.4f}, JA {m[2]:.4f})")
    if kind_means:
        m = np.mean(kind_means, axis=0)
        print(f"{'kind_of':>9} {'mean':>10}: {m[0]:.4f} (EN {m[1]:.4f}, JA {m[2]:.4f})")
    print(f"\n{'rule':<16} {'lang':<4} " + " ".join(f"{o:>12}" for o in OUTCOMES) + f" {'net':>5}")
    for rule in sorted(counts):
        for lang in ("en", "ja", "all"):
            c = counts[rule]
            n = [sum(c[x][o] for x in c) if lang == "all" else c[lang][o] for o in OUTCOMES]
            print(f"{rule:<16} {lang:<4} " + " ".join(f"{x:>12}" for x in n) + f" {n[1] - n[0]:>+5}")
        detail = ", ".join(f"{k} {v[0]}/{v[1]}/{v[2]}" for k, v in per_set[rule].items())
        print(f"{'':<21}by set (r->w/w->r/w->w): {detail}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
