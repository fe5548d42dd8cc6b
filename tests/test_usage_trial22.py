"""Trial 22 #15: a retrieval is counted when it happens, not when the process exits.

The shipped examples work on a temporary root that is gone by the time the process exits; a web
worker may end by `os._exit` (a forked child) or be killed. Neither prints an error nor loses a count.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from memdir.lifecycle.usage import usage_of

REPO = Path(__file__).resolve().parent.parent

# searched twice, then the process ends as the test says (a Python worker of someone's own)
WORKER = """
import os, sys, time
from memdir import Memory
mem = Memory(sys.argv[1])
for _ in range(2):
    hits = mem.search(sys.argv[2], k=1, mode="lexical")
    assert hits and hits[0].relevant, hits
if sys.argv[3] == "_exit":
    os._exit(0)
print("ready", flush=True)
time.sleep(60)
"""

NOTES = {
    "en": (
        "Renew a parking permit",
        "1. Open the permit portal\n2. Pay the renewal fee\n3. Print the permit",
    ),
    "ja": ("駐車許可証の更新", "1. 許可証ポータルを開く\n2. 更新料を支払う\n3. 許可証を印刷する"),
}
QUERIES = {"en": "renew parking permit", "ja": "駐車許可証の更新"}


def _env() -> dict[str, str]:
    return {**os.environ, "MEMDIR_EMBEDDER": "hashing"}


@pytest.mark.parametrize("example", ["context.py", "search.py"])
def test_shipped_examples_end_without_a_usage_error(example: str, tmp_path: Path) -> None:
    res = subprocess.run(
        [sys.executable, str(REPO / "examples" / example)],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=tmp_path,
        timeout=600,
    )
    assert res.returncode == 0, res.stderr[-2000:]
    assert "could not record usage" not in res.stderr + res.stdout


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("ending", ["_exit", "SIGKILL"])
def test_a_worker_that_ends_abruptly_keeps_every_retrieval(lang: str, ending: str, root: Path) -> None:
    from memdir import Memory

    title, body = NOTES[lang]
    path = Memory(root).add_note("procedures", title, body)
    args = [sys.executable, "-c", WORKER, str(root), QUERIES[lang], ending]
    if ending == "_exit":
        res = subprocess.run(args, capture_output=True, text=True, env=_env(), timeout=300)
        assert res.returncode == 0, res.stderr[-2000:]
    else:
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n", proc.communicate()[1]
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
    info = usage_of(root, str(path))
    assert info.get("retrieved") == 2, info
    assert info.get("last_retrieved")
