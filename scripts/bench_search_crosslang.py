"""Cross-language search: a question in one language for a note in the other (trial 18).

The Vue docs exist in English and Japanese under the same paths (../shared/eval/realdocs, read
by path, never copied into the project). A seeded draw of page pairs (seed 18) goes into one
scratch root under --workdir: the English page of half of them, the Japanese page of the other
half, plus the remaining pages as distractors (alternating languages). Each note is its page
cut to the first --chars characters of its body (at a line end; frontmatter kept), so the root
embeds in minutes. For each drawn page two queries ask for it: its title in the OTHER language
(cross) and its own title (same). Pairs whose Japanese title has no Japanese character, or whose
English title has one, are not drawn. (--twins adds translations, to check that a same-language
match still beats its other-language twin.) Queries are split into dev and test by page (seeded):
fusion designs are chosen on dev, test is reported once.

Rankings are computed as Memory.search computes them (lexical and vector top 50, fused by
memdir.index.search), with the query vectors embedded in one batch; a sample is checked against
Memory.search itself. `base` is the fusion before trial 18 (no language rule). Prints R@1 / R@5
/ MRR@10 per split and query kind. The root's index is kept in --workdir and reused.

    PYTHONPATH=core .venv/bin/python -u scripts/bench_search_crosslang.py
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from realdocs_queries import load_pages  # noqa: E402

REALDOCS = REPO.parent / "shared" / "eval" / "realdocs"
SRC = {"en": REALDOCS / "vue-en" / "src", "ja": REALDOCS / "vue-ja" / "src"}
_JA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_FRONT = re.compile(r"\A---\n.*?\n---\n", re.S)
SEED = 18
FRAMES = {  # --frame: how a person asks for a page, in the query's language
    "ja": ("{}のやり方", "{}の方法を教えて", "{}について教えてください", "{}の手順", "{}はどうすればいい？"),
    "en": ("how to use {}", "steps for {}", "what is the best way to use {}", "{}: how does it work?"),
}


def cut(text: str, chars: int) -> str:
    """The page with its body cut to about `chars` characters at a line end (frontmatter kept)."""
    m = _FRONT.match(text)
    head, body = (text[: m.end()], text[m.end() :]) if m else ("", text)
    if len(body) <= chars:
        return text
    end = body.find("\n", chars)
    return head + (body if end < 0 else body[:end]) + "\n"


def draw(pairs: int, seed: int) -> tuple[list[str], list[str], dict[str, dict[str, str]]]:
    """(gold pages, distractor pages, titles[lang][page]): the seeded draw of usable page pairs."""
    pages = {lang: load_pages(src) for lang, src in SRC.items()}
    titles: dict[str, dict[str, str]] = {"en": {}, "ja": {}}
    usable = []
    for rel in sorted(set(pages["en"]) & set(pages["ja"])):
        en, ja = pages["en"][rel].title, pages["ja"][rel].title
        if en and ja and not _JA.search(en) and _JA.search(ja):
            titles["en"][rel], titles["ja"][rel] = en, ja
            usable.append(rel)
    rng = random.Random(seed)
    rng.shuffle(usable)
    return usable[:pairs], usable[pairs:], titles


def build_root(root: Path, gold: list[str], rest: list[str], chars: int, twins: int = 0) -> dict[str, str]:
    """Write the notes (English for the first half of gold, Japanese for the second); page -> note path.

    With twins=N, every len(gold)//N-th asked-for page also has its translation in the root.
    """
    from memdir import Memory

    Memory(root).init()
    where = {rel: ("en" if i < len(gold) // 2 else "ja") for i, rel in enumerate(gold)}
    where |= {rel: ("ja", "en")[i % 2] for i, rel in enumerate(rest)}
    todo = [(rel, lang) for rel, lang in where.items()]
    todo += [(rel, "ja" if where[rel] == "en" else "en") for rel in twin_pages(gold, twins)]
    out: dict[str, str] = {}
    for rel, lang in todo:
        note = f"knowledge/{lang}/{rel}"
        dst = root / note
        text = cut((SRC[lang] / rel).read_text(encoding="utf-8", errors="replace"), chars)
        if not dst.exists() or dst.read_text(encoding="utf-8") != text:
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_text(text, encoding="utf-8")
        out.setdefault(rel, note)
    return out


def twin_pages(gold: list[str], twins: int) -> list[str]:
    """The asked-for pages whose translation is also in the root (--twins)."""
    return gold[:: max(1, len(gold) // twins)][:twins] if twins else []


def metrics(ranked: list[str], gold: str) -> tuple[float, float, float]:
    """(R@1, R@5, MRR@10) of one query with one gold note."""
    r = ranked.index(gold) + 1 if gold in ranked[:10] else 0
    return float(r == 1), float(0 < r <= 5), 1.0 / r if r else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workdir", default="/tmp/memdir-bench-crosslang")
    ap.add_argument("--pairs", type=int, default=80, help="pages asked for (half English, half Japanese)")
    ap.add_argument("--chars", type=int, default=1000, help="body characters kept per page")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--split", default="dev,test", help="dev, test or both")
    ap.add_argument(
        "--twins",
        type=int,
        default=0,
        help="also put the translation of N asked-for pages in the root: their same-language queries "
        "are reported as `twin` (the note in the query's language should still come first), their "
        "cross-language queries are dropped (the translation answers them)",
    )
    ap.add_argument(
        "--frame",
        action="store_true",
        help="ask each title inside a question frame of its language (「…のやり方」, 'steps for …'; "
        "seeded per query, FRAMES): the frame words are not what the question is about (trial 28 #8)",
    )
    args = ap.parse_args()

    from memdir import Memory
    from memdir.index.search import MIN_DEPTH, foreign_notes, fuse_hybrid

    gold, rest, titles = draw(args.pairs, args.seed)
    twin_tag = f"-t{args.twins}" if args.twins else ""
    root = Path(args.workdir) / f"root-s{args.seed}-p{args.pairs}-c{args.chars}{twin_tag}"
    notes = build_root(root, gold, rest, args.chars, args.twins)
    twins = set(twin_pages(gold, args.twins))
    mem = Memory(root)
    t0 = time.perf_counter()
    rep = mem.sync_index()
    view = mem.index.view()
    print(
        f"root {root}: {len(view.catalog.records)} notes ({len(gold)} asked for, {len(rest)} distractors, "
        f"{len(twins)} twins), "
        f"{view.matrix.shape[0]} chunks, {rep.embedded_chunks} embedded in {time.perf_counter() - t0:.0f} s"
    )
    rng = random.Random(args.seed + 1)
    split = {rel: ("dev", "test")[i % 2] for i, rel in enumerate(sorted(gold, key=lambda _: rng.random()))}
    queries = []  # (split, kind, text, gold note)
    frng = random.Random(args.seed + 2)

    def asked(lang: str, rel: str) -> str:
        return frng.choice(FRAMES[lang]).format(titles[lang][rel]) if args.frame else titles[lang][rel]

    for rel in gold:
        lang = notes[rel].split("/")[1]
        other = "ja" if lang == "en" else "en"
        if rel not in twins:
            queries.append((split[rel], "cross", asked(other, rel), notes[rel]))
        queries.append((split[rel], "twin" if rel in twins else "same", asked(lang, rel), notes[rel]))
    t0 = time.perf_counter()
    qvecs = mem.index.embedder.embed_queries([q[2] for q in queries])
    print(f"{len(queries)} queries embedded in {time.perf_counter() - t0:.0f} s")
    systems = ("hybrid", "base", "vector", "lexical")
    ranked: dict[str, list[list[str]]] = {s: [] for s in systems}
    for i, (_, _, text, _) in enumerate(queries):
        lex = view.lexical.rank(text, MIN_DEPTH)
        vec = mem.index.rank_by_vector(qvecs[i], MIN_DEPTH)
        foreign = foreign_notes(text, view.lexical, [p for p, _ in vec])
        ranked["hybrid"].append([p for p, _ in fuse_hybrid(lex, vec, foreign=foreign)])
        ranked["base"].append([p for p, _ in fuse_hybrid(lex, vec)])
        ranked["vector"].append([p for p, _ in vec])
        ranked["lexical"].append([p for p, _ in lex])
    check = list(range(0, len(queries), max(1, len(queries) // 10)))
    same = sum(
        [h.path for h in mem.search(queries[i][2], k=10, weak=True)] == ranked["hybrid"][i][:10]
        for i in check
    )
    print(f"Memory.search agrees with the batch hybrid ranking on {same}/{len(check)} queries")
    print(f"\nR@1 / R@5 / MRR@10 (seed {args.seed}, {args.pairs} pages, {args.chars} chars)")
    print(f"{'split':5s} {'kind':6s} {'n':>4s}  " + "  ".join(f"{s:>17s}" for s in systems))
    for sp in args.split.split(","):
        for kind in ("cross", "same", "twin"):
            idx = [i for i, q in enumerate(queries) if q[0] == sp and q[1] == kind]
            if not idx:
                continue
            cells = []
            for s in systems:
                m = [metrics(ranked[s][i], queries[i][3]) for i in idx]
                cells.append("/".join(f"{sum(x[j] for x in m) / len(m):.3f}" for j in range(3)).rjust(17))
            print(f"{sp:5s} {kind:6s} {len(idx):4d}  " + "  ".join(cells))


if __name__ == "__main__":
    main()
