"""`memdir eval longmemeval` at the size of LongMemEval_S, on synthetic data in its exact shape.

LongMemEval itself is not on this machine, so this writes a deterministic stand-in: `--items`
questions, each with a haystack of `--haystack` sessions (2 evidence sessions of its own, the
rest drawn from a shared pool of `--pool` sessions, as LongMemEval draws its fillers), each
session `--turns` turns of about `--turn-chars` characters of Zipf-distributed pseudo-words.
The defaults approximate LongMemEval_S (500 questions, ~48 sessions of ~11 KB each, ~280 MB
of JSON). It then runs the evaluation and prints what each stage took and the peak memory.

    .venv/bin/python scripts/bench_eval_scale.py --rankers lexical,grep
    .venv/bin/python scripts/bench_eval_scale.py --items 20 --rankers hybrid,lexical,vector,grep

Figures are only about speed and memory: the text is random, so recall means nothing here.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import resource
import tempfile
import time
from pathlib import Path


def _vocabulary(rng: random.Random, n: int) -> list[str]:
    syll = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]
    words: set[str] = set()
    while len(words) < n:
        words.add("".join(rng.choice(syll) for _ in range(rng.randint(1, 4))))
    return sorted(words)


def synthesize(
    path: Path, items: int, haystack: int, pool: int, turns: int, turn_chars: int, seed: int
) -> None:
    """Write a LongMemEval-shaped JSON file (see the module docstring)."""
    rng = random.Random(seed)
    vocab = _vocabulary(rng, 20_000)
    cum = list(itertools.accumulate(1.0 / (i + 1) for i in range(len(vocab))))

    def text(chars: int) -> str:
        words = rng.choices(vocab, cum_weights=cum, k=max(1, chars // 7))  # ~7 characters a word
        return " ".join(words)[:chars]

    def session() -> list[dict[str, object]]:
        return [{"role": ("user", "assistant")[i % 2], "content": text(turn_chars)} for i in range(turns)]

    fillers = {f"sharegpt_{i:05d}": session() for i in range(pool)}
    names = list(fillers)
    data = []
    for q in range(items):
        answers = {f"answer_{q:04d}_{j}": session() for j in (1, 2)}
        hay = rng.sample(names, haystack - 2) + list(answers)
        rng.shuffle(hay)
        sessions = [answers.get(h) or fillers[h] for h in hay]
        first_user = str(sessions[hay.index(f"answer_{q:04d}_1")][0]["content"]).split()
        data.append(
            {
                "question_id": f"q{q:04d}",
                "question_type": ("single-session-user", "multi-session", "temporal-reasoning")[q % 3],
                "question": " ".join(rng.sample(first_user, min(6, len(first_user)))) + "?",
                "answer": "n/a",
                "question_date": "2023/06/01 (Thu) 10:00",
                "haystack_session_ids": hay,
                "haystack_dates": [f"2023/05/{1 + i % 28:02d} (Mon) 10:00" for i in range(len(hay))],
                "haystack_sessions": sessions,
                "answer_session_ids": list(answers),
            }
        )
    path.write_text(json.dumps(data), encoding="utf-8")


def main() -> None:
    """Synthesize, evaluate, print the timings."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--items", type=int, default=500)
    ap.add_argument("--haystack", type=int, default=48)
    ap.add_argument("--pool", type=int, default=5000)
    ap.add_argument("--turns", type=int, default=10)
    ap.add_argument("--turn-chars", type=int, default=1100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rankers", default="lexical,grep")
    ap.add_argument("--embedder", default="auto")
    ap.add_argument("--workdir", default=None, help="keep the data file and the root here")
    args = ap.parse_args()

    from memdir.config import load_config
    from memdir.evaluation.load import load_dataset
    from memdir.evaluation.report import format_table
    from memdir.evaluation.run import run_eval
    from memdir.index.embedder import get_embedder

    work = Path(args.workdir or tempfile.mkdtemp(prefix="memdir-eval-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    data = work / f"synthetic-{args.items}x{args.haystack}-pool{args.pool}.json"
    t = time.perf_counter()
    if not data.exists():
        synthesize(data, args.items, args.haystack, args.pool, args.turns, args.turn_chars, args.seed)
    print(f"data: {data} ({data.stat().st_size / 1e6:.0f} MB, {time.perf_counter() - t:.1f}s to write)")
    t = time.perf_counter()
    ds = load_dataset("longmemeval", data)
    print(
        f"load: {time.perf_counter() - t:.1f}s, {len(ds.documents)} distinct sessions, {len(ds.queries)} queries"
    )
    root = work / f"root-{args.items}x{args.haystack}-pool{args.pool}"
    rankers = args.rankers.split(",")
    emb = get_embedder(args.embedder) if {"hybrid", "vector"} & set(rankers) else None
    run = run_eval(ds, root, rankers=rankers, embedder=emb, config=load_config(root))
    stages = ", ".join(f"{k} {v:.1f}s" for k, v in run.stages.items())
    print(f"stages: {stages}")
    print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    print(format_table(run), end="")


if __name__ == "__main__":
    main()
