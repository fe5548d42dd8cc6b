"""Secret corpus figures: what the redactor catches, before the LLM and in every written file and name.

Reads tests/data/secrets/corpus.jsonl (dev, heldout) and mine.jsonl (10 formats of our own).
Per split: positives whose secret the redactor masks, negatives left unchanged; then, end to end
(the pipeline of tests/test_reliability_secrets.py: every positive as an episode and as three
successful tasks; daily and weekly with an obedient echoing model and with the built-in
engines), positives whose secret reached neither the model nor any written file or file name.

Example:
  .venv/bin/python scripts/bench_secrets.py            # all positives end to end (a few minutes)
  .venv/bin/python scripts/bench_secrets.py --one-per-format
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--one-per-format", action="store_true", help="end to end on one record per format")
    args = ap.parse_args()

    import test_reliability_secrets as t

    from memdir import Memory
    from memdir.index.embedder import get_embedder
    from memdir.runs.redact import redact_text

    rows = t.ROWS
    positives = t.POSITIVES if args.one_per_format else [r for r in rows if "secret" in r]
    t.POSITIVES[:] = positives
    sent: list[str] = []
    files: list[str] = []
    for name in ("llm", "builtin"):
        root = Path(tempfile.mkdtemp()) / "root"
        Memory(root).init()
        (root / "memdir.yaml").write_text("llm: {max_calls: 1000, batch_tokens: 100000}\n", encoding="utf-8")
        engine = t.EchoEngine() if name == "llm" else None
        mem = Memory(root, embedder=get_embedder("hashing"), llm=engine)
        t._fill(mem)
        mem.daily_consolidator(engine=engine, sync_index=False).run(day=t.DAY)
        mem.consolidate_weekly(until=date.today() + timedelta(days=1))
        sent += engine.sent if engine else []
        for path, text in t._written(root):
            files += [path, text]
    print(
        "| split | positives caught by the redactor | negatives unchanged | e2e records | not sent to the LLM | in no written file or name |"
    )
    print("|---|---|---|---|---|---|")
    for split in ("dev", "heldout", "mine"):
        pos = [r for r in rows if r["split"] == split and "secret" in r]
        neg = [r for r in rows if r["split"] == split and "keep" in r]
        caught = sum(1 for r in pos if r["secret"] not in redact_text(r["text"]))
        kept = sum(1 for r in neg if redact_text(r["text"]) == r["text"])
        e2e = [r for r in positives if r["split"] == split]
        not_sent = sum(1 for r in e2e if not any(r["secret"] in m for m in sent))
        not_written = sum(1 for r in e2e if not any(r["secret"] in f for f in files))
        print(
            f"| {split} | {caught}/{len(pos)} | {kept}/{len(neg)} | {len(e2e)} | {not_sent}/{len(e2e)} | "
            f"{not_written}/{len(e2e)} |"
        )


if __name__ == "__main__":
    main()
