"""Check an exported `memdir eval` root the way another system would read it.

    .venv/bin/python scripts/check_eval_root.py /tmp/locomo-root

Runs `memdir lint` on the root, then, for every gold note of every question in
`.memdir/eval/queries.jsonl`, runs `grep -rlF --include=*.md -e LINE ROOT` for each non-empty
line of the note's body and checks the note is among the files grep names. Exit code 1 when
lint reports a problem or a line is not found. (tests/test_eval_export.py does the same on the
fixtures.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def main() -> int:
    """Lint the root, grep every gold line, print the counts."""
    if len(sys.argv) != 2:
        print("usage: check_eval_root.py ROOT", file=sys.stderr)
        return 2
    root = Path(sys.argv[1])
    lint = subprocess.run(
        [sys.executable, "-m", "memdir.cli.main", "--root", str(root), "lint"],
        capture_output=True,
        text=True,
        check=False,
    )
    print(f"memdir lint: exit {lint.returncode}, {(lint.stdout + lint.stderr).strip().splitlines()[-1:]}")
    queries = (root / ".memdir" / "eval" / "queries.jsonl").read_text(encoding="utf-8").splitlines()
    gold = sorted({g for line in queries for g in json.loads(line)["gold"]})
    checked = missing = 0
    for path in gold:
        body = (root / path).read_text(encoding="utf-8").split("\n---\n", 1)[1]
        for line in (ln.strip() for ln in body.splitlines()):
            if not line:
                continue
            res = subprocess.run(
                ["grep", "-rlF", "--include=*.md", "-e", line, str(root)],
                capture_output=True,
                text=True,
                check=False,
            )
            checked += 1
            if str(root / path) not in res.stdout.splitlines():
                missing += 1
                print(f"not found: {path}: {line[:80]}")
    print(
        f"{len(queries)} questions, {len(gold)} gold notes, {checked} body lines grepped, {missing} not found"
    )
    return 1 if lint.returncode or missing else 0


if __name__ == "__main__":
    sys.exit(main())
