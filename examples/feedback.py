"""Example: reporting outcomes moves a procedure's confidence (a smoothed success rate).

confidence = (successes + 2 * 0.4) / (successes + failures + 2), starting at 0.4.
Run: python examples/feedback.py   (offline; works on a temporary root)
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ.pop("MEMDIR_LLM_MODEL", None)  # offline: no LLM is needed here

from memdir import Memory  # noqa: E402

PROCEDURE = """---
description: Deploy the API to staging
confidence: 0.4
success_count: 0
failure_count: 0
origin: weekly
sources: [t1, t2, t3]
---

# Deploy the API to staging

1. `make test`
2. `make release VERSION={version}`
3. `kubectl rollout status deploy/api -n staging`
"""


def main() -> None:
    """Report two successes and a failure; check confidence after each."""
    with tempfile.TemporaryDirectory() as tmp:
        mem = Memory(Path(tmp) / "memory_root")
        mem.init()
        path = "procedures/deploy-api-to-staging.md"
        (mem.root / path).write_text(PROCEDURE, encoding="utf-8")

        seen = []
        for success in (True, True, False):
            res = mem.feedback(path, success=success, note=None if success else "rollout timed out")
            seen.append(res.confidence)
            print(
                f"{'success' if success else 'failure'}: confidence {res.confidence:.4f} "
                f"(successes {res.success_count}, failures {res.failure_count})"
            )

        assert seen == [0.6, 0.7, 0.56], seen  # (1+.8)/3, (2+.8)/4, (2+.8)/5
        note = mem.store.read(path)
        assert note.meta["success_count"] == 2 and note.meta["failure_count"] == 1
        assert note.meta["last_used"]
        assert "rollout timed out" in note.body  # the failure note is kept in the file
        assert note.text.startswith("---\ndescription: Deploy the API to staging\n")  # nothing reordered
        print(note.text)


if __name__ == "__main__":
    main()
