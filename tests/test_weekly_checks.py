"""The reviewer's checks (scripts/weekly_checks.py) read what the log says, not how JSON escapes it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))

from weekly_checks import parse_procedure, single_task_words, task_texts  # noqa: E402


def _log(root: Path, inputs: dict[str, str]) -> None:
    """One `ils` call per task (task id -> its input), an hour apart."""
    (root / "activity").mkdir(parents=True)
    lines = [
        json.dumps(
            {
                "ts": f"2026-03-02T{9 + i:02d}:00:00Z",
                "type": "tool_use",
                "task_id": t,
                "tool": "ils",
                "input": x,
            },
            ensure_ascii=False,
        )
        for i, (t, x) in enumerate(inputs.items())
    ]
    (root / "activity" / "2026-03-02.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_word_after_a_line_break_inside_an_input_counts_for_its_task(tmp_path: Path) -> None:
    """`title: x\\npatron: 7` names `patron` (it is not the word `npatron`): three tasks wrote it, not one."""
    _log(tmp_path, {"a": "op: hold\npatron: 11", "b": "op: hold\tpatron: 12", "c": "op: hold patron: 13"})
    proc = parse_procedure("# Place a hold\n\n## Steps\n\n1. ils: `op: hold patron: {patron}`\n")
    assert single_task_words(proc, task_texts(tmp_path, ["a", "b", "c"])) == []


def test_a_word_only_one_task_wrote_is_still_found(tmp_path: Path) -> None:
    _log(tmp_path, {"a": "op: hold\nnote: Okabe", "b": "op: hold"})
    proc = parse_procedure("# Place a hold for Okabe\n\n## Steps\n\n1. ils: `op: hold`\n")
    assert single_task_words(proc, task_texts(tmp_path, ["a", "b"])) == ["Okabe"]
