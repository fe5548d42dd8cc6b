"""Fuzzing the CLI: whatever the arguments, every command ends in exit 0, 1 or 2 and never a traceback.

Hypothesis drives click's entry point (`memdir.cli.main.main`) in-process over the user-facing verbs
with hostile values (control characters, bytes that are not UTF-8, year 1 and year 9999 dates,
huge numbers, paths out of the root, empty strings); a few real subprocesses check the same at the
process boundary (non-UTF-8 argv, `--at 0001-01-01T00:00:00`, a read-only root).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memdir import Memory
from memdir.cli.main import main

FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
Run = Callable[..., subprocess.CompletedProcess[str]]

_values = st.one_of(
    st.sampled_from(
        [
            "",
            "-",
            "0",
            "-1",
            "99999999999999999999",
            "0001-01-01T00:00:00",
            "9999-12-31T23:59:59+14:00",
            "0001-01-01",
            "2026-02-30",
            "../../etc/passwd",
            "/etc/passwd",
            "knowledge/../../x.md",
            "rv-00000000",
            "a\x00b",
            "\x1b[31mred",
            "\udcff\udcfe",
            "パスワード",
            "x" * 5000,
            "procedures/p.md",
            "knowledge/k.md",
        ]
    ),
    st.text(max_size=40),
)

_VERBS: list[tuple[list[str], list[str]]] = [
    (["search"], ["-k", "--kind", "--json", "--mode"]),
    (["episode", "add"], ["--title", "--at"]),
    (["log", "--type"], ["--task", "--summary", "--tool", "--input", "--outcome", "--ts"]),
    (["context"], ["--budget", "--kind", "--json"]),
    (["feedback"], ["--success", "--failure", "--note", "--json"]),
    (["review", "accept"], []),
    (["review", "reject"], []),
    (["review", "show"], []),
    (["review", "list"], ["--json"]),
    (["restore"], []),
    (["consolidate", "daily", "--dry-run"], ["--date", "--json"]),
    (["consolidate", "weekly", "--dry-run"], ["--until", "--json"]),
    (["lint"], ["--json"]),
    (["status"], ["--json"]),
    (["index", "sync"], ["--json"]),
]
_FLAGS = {"--json", "--success", "--failure", "--dry-run"}


@st.composite
def argvs(draw: st.DrawFn) -> list[str]:
    """One command line: a verb, maybe a positional value, then a few of its options in any order."""
    prefix, options = draw(st.sampled_from(_VERBS))
    argv = list(prefix)
    if draw(st.booleans()) or prefix[-1] in (
        "add",
        "--type",
        "feedback",
        "restore",
        "accept",
        "reject",
        "show",
    ):
        argv.append(draw(_values))
    for opt in draw(st.lists(st.sampled_from(options), max_size=3)) if options else []:
        argv.append(opt)
        if opt not in _FLAGS:
            argv.append(draw(_values))
    return argv


@pytest.fixture(scope="module")
def fuzz_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small root with a note of each kind, an episode and a review item."""
    root = tmp_path_factory.mktemp("cli-fuzz") / "root"
    mem = Memory(root)
    mem.init()
    (root / "knowledge" / "k.md").write_text(
        "---\ndescription: k\n---\n\n# K\n\nsome text\n", encoding="utf-8"
    )
    (root / "procedures" / "p.md").write_text(
        "---\ndescription: p\nconfidence: 0.4\n---\n\n# P\n\n1. step\n", encoding="utf-8"
    )
    mem.add_episode("fixed the build by pinning the image", title="Fix build")
    return root


def _run_in_process(root: Path, argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    env = {"MEMDIR_ROOT": str(root), "MEMDIR_EMBEDDER": "hashing"}
    code = 0
    with mock.patch.dict(os.environ, env), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue(), err.getvalue()


@FUZZ
@given(argvs())
def test_any_arguments_end_in_one_line_and_exit_0_1_or_2(fuzz_root: Path, argv: list[str]) -> None:
    """Every user-facing verb with hostile arguments: exit 0, 1 (one `error:` line) or 2 (usage); no traceback."""
    code, _, err = _run_in_process(fuzz_root, argv)
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    if code == 1:
        lines = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith(("WARNING ", "INFO "))]
        assert lines and len(lines) <= 2, (argv, err)  # the error line (lint: its summary line too)


def _one_line_error(res: subprocess.CompletedProcess[str]) -> None:
    assert res.returncode == 1, (res.returncode, res.stdout, res.stderr)
    assert "Traceback" not in res.stderr, res.stderr
    assert len(res.stderr.strip().splitlines()) == 1 and res.stderr.startswith("error: "), res.stderr


def test_at_year_one_is_one_line(run_cli: Run) -> None:
    """`episode add --at 0001-01-01T00:00:00` printed a traceback (OverflowError) on main."""
    _one_line_error(run_cli("episode", "add", "text", "--at", "0001-01-01T00:00:00"))


def test_non_utf8_arguments_are_one_line(root: Path) -> None:
    """Arguments that are not UTF-8 (argv bytes 0xff 0xfe) printed tracebacks on main."""
    env = {**os.environ, "MEMDIR_ROOT": str(root), "MEMDIR_EMBEDDER": "hashing"}
    for args in (["search", b"\xff\xfe"], ["episode", "add", b"a\xffb"], ["log", "--type", b"\xff"]):
        cmd = [os.fsencode(sys.executable), b"-m", b"memdir.cli.main"] + [
            a if isinstance(a, bytes) else a.encode() for a in args
        ]
        res = subprocess.run(cmd, capture_output=True, env=env, timeout=120)
        text = subprocess.CompletedProcess(
            res.args, res.returncode, res.stdout.decode(errors="replace"), res.stderr.decode(errors="replace")
        )
        _one_line_error(text)
    assert list((root / "episodes").iterdir()) == [] and list((root / "activity").iterdir()) == []


@pytest.mark.parametrize(
    "data",
    [b"x\x00y", b"\x1b[2Jcleared", b"caf\xe9"],
    ids=["nul", "escape", "latin1"],
)
def test_control_bytes_on_stdin_are_refused_and_nothing_is_written(
    root: Path, run_cli: Run, data: bytes
) -> None:
    """`printf 'x\\0y' | memdir episode add -` exited 0 on main and hid the whole day from daily, status and search."""
    env = {**os.environ, "MEMDIR_ROOT": str(root)}
    res = subprocess.run(
        [sys.executable, "-m", "memdir.cli.main", "episode", "add", "-"],
        input=data,
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert res.returncode == 1 and b"Traceback" not in res.stderr, res.stderr
    assert res.stderr.decode().startswith("error: the episode text contains")
    assert list((root / "episodes").iterdir()) == []
