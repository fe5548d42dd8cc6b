"""The `memdir` CLI run inside the test process, with what a subprocess would give back (code, stdout, stderr).

A fresh `python -m memdir` pays about a second of imports, and the e5 model again for every verb that embeds;
most CLI tests check what a verb does and prints, not the process boundary, so the `run_cli` fixture runs them
here through `memdir.cli.main.main`, the function the console script calls (its error handling and exit codes
included). The verbs that serve or fork (`daemon`, `mcp`) and the files marked `cli_subprocess` still get a
real process, and so does anything that names a `cwd`-sensitive interpreter option.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path

from click.testing import CliRunner

SERVING_VERBS = frozenset({"daemon", "mcp"})  # long-running, signal-driven: always a real process


def needs_process(args: Sequence[str]) -> bool:
    """Whether `memdir ARGS` must run in its own process (a verb that serves, forks or waits for signals)."""
    return any(arg in SERVING_VERBS for arg in args)


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    return code if isinstance(code, int) else 1


def run_in_process(
    args: Sequence[str], *, input: str | None, env: Mapping[str, str | None], cwd: Path
) -> subprocess.CompletedProcess[str]:
    """Run `memdir ARGS` in this process with `env` over os.environ (None: unset) and `cwd` as the current folder."""
    from memdir.cli.main import main

    runner = CliRunner()
    root_logger = logging.getLogger()
    saved = (root_logger.handlers[:], root_logger.level)
    old_cwd = os.getcwd()
    code = 0
    with runner.isolation(input=input, env=dict(env)) as (out, err, _):
        os.chdir(cwd)
        root_logger.handlers = []  # a fresh process has none: `logging.basicConfig` in the CLI then logs to stderr
        try:
            main(list(args))
        except SystemExit as exc:
            code = _exit_code(exc.code)
        except Exception:  # MEMDIR_DEBUG=1 re-raises: the interpreter prints the traceback and exits 1
            traceback.print_exc()
            code = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.chdir(old_cwd)
            root_logger.handlers = saved[0]
            root_logger.setLevel(saved[1])
        stdout = out.getvalue().decode("utf-8", "replace").replace("\r\n", "\n")
        stderr = err.getvalue().decode("utf-8", "replace").replace("\r\n", "\n")
    return subprocess.CompletedProcess(["memdir", *args], code, stdout, stderr)
