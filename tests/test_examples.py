"""Every example in examples/ runs offline, asserts what it produces, and leaves the checkout untouched."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
SCRIPTS = sorted(p.relative_to(REPO).as_posix() for p in [*EXAMPLES.glob("*.py"), *EXAMPLES.glob("*/run.py")])


def _tree_digest(folder: Path) -> dict[str, str]:
    if not folder.is_dir():
        return {}
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_every_concept_has_an_example() -> None:
    names = {Path(s).stem for s in SCRIPTS}
    assert {"search", "episode_daily", "task_weekly", "feedback", "context"} <= names
    assert "examples/agent_loop/run.py" in SCRIPTS


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS)
def test_example_runs_offline_and_leaves_the_checkout_clean(script: str, tmp_path: Path) -> None:
    watched = [EXAMPLES, REPO / "memory_root"]
    before = [_tree_digest(d) for d in watched]
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(
        {
            "HOME": str(tmp_path),
            "TMPDIR": str(tmp_path),
            "PYTHONDONTWRITEBYTECODE": "1",
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",
            "ANONYMIZED_TELEMETRY": "False",
            # no network: any attempt to reach a proxy or an API fails fast instead of hanging
            "HTTP_PROXY": "http://127.0.0.1:9",
            "HTTPS_PROXY": "http://127.0.0.1:9",
            "NO_PROXY": "",
        }
    )
    res = subprocess.run(
        [sys.executable, str(REPO / script)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert res.returncode == 0, f"{script} failed:\n{res.stdout[-3000:]}\n{res.stderr[-3000:]}"
    assert res.stdout.strip()  # each example shows what it produced
    assert [_tree_digest(d) for d in watched] == before  # worked on a temporary copy
