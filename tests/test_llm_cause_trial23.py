"""Trial 23 #12: an incomplete run's one line says why the model call failed, without a secret.

`the model call failed: 1` told nobody whether to start the server or fix a key. The line (and
`status`, which repeats it) now names the cause: a refused connection and where, a missing key and
which variable, a 401, a timeout. Real CLI subprocesses against a port nothing listens on, and
litellm's mock_response errors in process; never the network.
"""

from __future__ import annotations

import os
import socket
import subprocess
from collections.abc import Callable
from pathlib import Path

import litellm
import pytest
from llm_support import memory, write_day

from memdir.config import LLMConfig
from memdir.llm.litellm_engine import LiteLLMEngine

Run = Callable[..., subprocess.CompletedProcess[str]]
FAKE_KEY = "sk-proj-Zq8vT3mWk2Lp9Xr4Nb6Yc1Hd"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _model_at(root: Path, port: int) -> None:
    (root / "memdir.yaml").write_text(
        f"llm: {{model: openai/gpt-4o-mini, api_base: 'http://127.0.0.1:{port}/v1', retries: 0, timeout: 5}}\n"
        "index: {embedder: hashing}\n",
        encoding="utf-8",
    )


def test_a_refused_connection_is_named_with_its_server_and_status_repeats_it(
    root: Path, run_cli: Run
) -> None:
    port = _free_port()
    _model_at(root, port)
    write_day(root, "en")
    res = run_cli("consolidate", "daily", env={"OPENAI_API_KEY": FAKE_KEY})
    assert res.returncode == 75, res.stderr
    last = res.stderr.strip().splitlines()[-1]
    assert last.startswith("error: daily run incomplete: 4 episodes left pending (the model call failed: 4, ")
    assert f"connection refused at 127.0.0.1:{port})" in last, last
    assert FAKE_KEY not in res.stdout + res.stderr
    shown = " ".join(run_cli("status").stdout.split())  # status wraps at 80 columns
    assert f"connection refused at 127.0.0.1:{port}" in shown, shown


def test_a_missing_key_names_the_variable_to_set(
    root: Path, run_cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    _model_at(root, _free_port())
    write_day(root, "ja")
    for name in [k for k in os.environ if k.endswith(("_API_KEY", "_ADMIN_KEY"))]:
        monkeypatch.delenv(name)
    res = run_cli("--root", str(root), "consolidate", "daily")
    assert res.returncode == 75, res.stderr
    last = res.stderr.strip().splitlines()[-1]
    assert "(the model call failed: " in last and ", no API key: set OPENAI_API_KEY)" in last, last


@pytest.mark.parametrize(
    ("error", "cause"),
    [
        (
            litellm.AuthenticationError(
                message=f"Incorrect API key provided: {FAKE_KEY}", llm_provider="openai", model="gpt-4o-mini"
            ),
            "401 from the provider: check the key",
        ),
        (
            litellm.Timeout(message="Request timed out.", model="gpt-4o-mini", llm_provider="openai"),
            "timed out after 20 s",
        ),
    ],
)
def test_provider_errors_become_a_short_cause_in_the_runs_line(
    root: Path, error: Exception, cause: str
) -> None:
    write_day(root, "ja")
    engine = LiteLLMEngine(
        LLMConfig(model="gpt-4o-mini", retries=0, timeout=20.0), backoff=0.0, mock_response=error
    )
    report = memory(root).daily_consolidator(engine=engine, sync_index=False).run()
    line = report.incomplete or ""
    assert f"(the model call failed: {report.pending}, {cause})" in line, line
    assert FAKE_KEY not in line
