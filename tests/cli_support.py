"""The `memdir` CLI for module-scoped fixtures (the `run_cli` fixture is per test), run in this process."""

from __future__ import annotations

from pathlib import Path

from cli_inprocess import run_in_process


def memdir_stdout(root: Path, *args: str, text: str | None = None) -> str:
    """Run `memdir --root ROOT ARGS…` (stdin `text`), assert it succeeded, return its stdout."""
    out = run_in_process(["--root", str(root), *args], input=text, env={}, cwd=Path.cwd())
    assert out.returncode == 0, out.stderr
    return out.stdout


def consolidated_day(base: Path, day: str, files: dict[str, str]) -> Path:
    """A new root at `base/root` whose episodes/ holds `files` (name -> text), with the daily run of `day` done
    by the CLI: the setup of the module-scoped roots the trial tests read."""
    root = base / "root"
    memdir_stdout(root, "init")
    for name, text in files.items():
        (root / "episodes" / name).write_text(text, encoding="utf-8")
    memdir_stdout(root, "consolidate", "daily", "--date", day)
    return root
