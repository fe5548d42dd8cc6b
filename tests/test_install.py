"""A clean install: memdir's wheel in a fresh venv, next to another package that owns `import core`."""

from __future__ import annotations

import json
import zipfile

from install_helper import REPO, InstalledVenv


def test_wheel_ships_only_the_memdir_package(installed_venv: InstalledVenv) -> None:
    names = zipfile.ZipFile(installed_venv.wheel).namelist()
    tops = {name.split("/", 1)[0] for name in names}
    assert tops == {"memdir", "memdir-0.1.0.dist-info"}
    assert "memdir/py.typed" in names and "memdir/__main__.py" in names


def test_memdir_and_a_foreign_core_both_import(installed_venv: InstalledVenv) -> None:
    code = (
        "import core, memdir\n"
        "from memdir import Memory\n"
        "assert memdir.Memory is Memory\n"
        "print(core.OWNER)\n"
        "print(memdir.__file__)\n"
    )
    res = installed_venv.run("python", "-c", code)
    assert res.returncode == 0, res.stderr
    owner, location = res.stdout.split()
    assert owner == "othercore"
    assert location.startswith(str(installed_venv.venv))  # the wheel's copy, not the checkout's editable one
    assert not location.startswith(str(REPO))


def test_console_script_and_python_m_run(installed_venv: InstalledVenv) -> None:
    for cmd in (("memdir", "--help"), ("python", "-m", "memdir", "--help")):
        res = installed_venv.run(*cmd)
        assert res.returncode == 0, res.stderr
        assert "Usage: memdir" in res.stdout or "Usage: python -m memdir" in res.stdout
        assert "consolidate" in res.stdout


_LLM_SCRIPT = r"""
import json, sys
from datetime import date, timedelta
from pathlib import Path
from memdir import Memory
from memdir.config import LLMConfig
from memdir.index.embedder import get_embedder
from memdir.llm.litellm_engine import LiteLLMEngine
import memdir.llm.prompts as prompts

root = Path(sys.argv[1])
mem = Memory(root, embedder=get_embedder("hashing"))
mem.init()
day = date.today() - timedelta(days=1)
(root / "episodes" / f"{day}.md").write_text("## 10:00 — Deploy\n1. Run `make build`\n2. Push the image\n", encoding="utf-8")
answer = {"episodes": [{"id": "E1", "parts": [{"kind": "procedures", "title": "Deploy the API",
          "description": "Deploying the API", "text": "1. Run `make build`\n2. Push the image", "update": None}]}]}
engine = LiteLLMEngine(LLMConfig(model="gpt-4o-mini"), mock_response=json.dumps(answer))
report = mem.daily_consolidator(engine=engine, sync_index=False).run()
print(json.dumps({"created": report.created, "pending": report.pending, "calls": report.stats["llm_calls"],
                  "prompts": str(prompts.__file__)}))
"""


def test_the_llm_path_runs_from_the_installed_wheel(installed_venv: InstalledVenv) -> None:
    names = zipfile.ZipFile(installed_venv.wheel).namelist()
    assert {"memdir/llm/prompts/daily_route.md", "memdir/llm/prompts/weekly_distill.md"} <= set(names)
    root = installed_venv.workdir / "llm-root"
    res = installed_venv.run("python", "-c", _LLM_SCRIPT, str(root), timeout=300)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["created"] == ["procedures/deploy-the-api.md"] and out["pending"] == 0 and out["calls"] == 1
    assert out["prompts"].startswith(str(installed_venv.venv))  # the prompts came from the wheel


def test_the_installed_cli_reaches_the_model_call_and_says_what_is_pending(
    installed_venv: InstalledVenv,
) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    root = installed_venv.workdir / "cli-root"
    (root / "episodes").mkdir(parents=True)
    (root / "episodes" / "2026-11-28.md").write_text(
        "## 10:00 — Deploy\n1. Run `make build`\n", encoding="utf-8"
    )
    (root / "memdir.yaml").write_text(
        f"llm: {{model: ollama/llama3.1, api_base: 'http://127.0.0.1:{port}', retries: 0}}\nindex: {{embedder: hashing}}\n",
        encoding="utf-8",
    )
    res = installed_venv.run("memdir", "--root", str(root), "consolidate", "daily", "--dry-run", timeout=300)
    assert res.returncode == 75, res.stderr
    assert "cannot read prompt" not in res.stderr
    assert (
        res.stderr.strip().splitlines()[-1].startswith("error: daily run incomplete: 1 episode left pending")
    )
