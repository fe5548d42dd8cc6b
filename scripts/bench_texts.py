"""The texts of the 1,000-episode daily bench: the labelled episodes and pages of
examples/routing_set/train/, each under a subject heading (deterministic). Shared by
scripts/bench_daily.py (which writes them as episodes) and scripts/bench_redact.py (which times the
redactor over them); imports nothing of memdir, so either checkout can read it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

TRAIN = Path(__file__).resolve().parent.parent / "examples" / "routing_set" / "train"
SUBJECTS = [
    "billing",
    "search",
    "auth",
    "payments",
    "mobile",
    "reports",
    "ingest",
    "gateway",
    "mailer",
    "ledger",
]


def rows(name: str) -> list[dict[str, str]]:
    return [json.loads(x) for x in (TRAIN / name).read_text(encoding="utf-8").splitlines() if x.strip()]


def sections(n: int) -> Iterator[tuple[str, str, str]]:
    """n sections as `(subject, title, text)`: the training rows in turn, a random subject each."""
    rnd = random.Random(7)
    train = rows("episodes.jsonl") + rows("docs.jsonl")
    for i in range(n):
        row = train[i % len(train)]
        subject = f"{rnd.choice(SUBJECTS)}-{rnd.randint(1, 40)}"
        text = str(row["text"]).strip()
        yield subject, str(row.get("title") or text.splitlines()[0])[:100], text
