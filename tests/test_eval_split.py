"""Trial 16: the README's held-out LoCoMo figure needed scripts/bench_retrieval.py; `memdir eval` had
no split. `--split dev|heldout|all` picks the questions of the dev or held-out conversations (every
session stays searched), as docs/benchmarks-search.md defines the split."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).parent / "data" / "eval" / "locomo.json"  # conv-1 (first: dev) and conv-2 (held out)


def _eval(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    return subprocess.run(
        [sys.executable, "-m", "memdir", "eval", *args, "--rankers", "grep", "--no-progress"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )


def test_split_picks_the_questions_of_the_held_out_conversations(tmp_path: Path) -> None:
    docs = {}
    for split in ("all", "dev", "heldout"):
        res = _eval(tmp_path, "locomo", str(DATA), "--split", split, "--json")
        assert res.returncode == 0, res.stderr
        docs[split] = json.loads(res.stdout)
    assert docs["heldout"]["split"] == "heldout" and docs["all"]["split"] == "all"
    assert docs["dev"]["queries"] + docs["heldout"]["queries"] == docs["all"]["queries"] == 6
    assert docs["heldout"]["queries"] == 2 and docs["heldout"]["documents"] == docs["all"]["documents"]
    assert docs["heldout"]["skipped"]["of the other half (dev)"] == 4
    table = _eval(tmp_path, "locomo", str(DATA), "--split", "heldout", "--out", str(tmp_path / "h.jsonl"))
    assert table.returncode == 0, table.stderr
    assert "; --split heldout: the questions of conv-2" in table.stdout.splitlines()[0]
    ids = {json.loads(x)["query_id"] for x in (tmp_path / "h.jsonl").read_text().splitlines()}
    assert ids and all(i.startswith("conv-2-") for i in ids)


def test_split_of_a_data_set_without_one_is_one_line_and_exit_1(tmp_path: Path) -> None:
    data = tmp_path / "notes.jsonl"
    data.write_text(
        json.dumps({"type": "document", "id": "a", "text": "x"})
        + "\n"
        + json.dumps({"type": "query", "id": "q", "text": "x", "gold": ["a"]})
        + "\n",
        encoding="utf-8",
    )
    res = _eval(tmp_path, "jsonl", str(data), "--split", "heldout")
    assert res.returncode == 1 and res.stdout == ""
    assert res.stderr.strip().splitlines() == [
        "error: --split heldout: only LoCoMo has a dev / held-out split (by conversation)"
    ]
