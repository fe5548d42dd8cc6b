"""Optional Git autocommit: one commit per consolidation run that changed something, and one per
review decision or outcome report (`commit_verb`), so `git.autocommit` leaves no memdir write uncommitted."""

from __future__ import annotations

import logging
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from memdir.runs.report import RunReport

if TYPE_CHECKING:
    from memdir.config import Config

log = logging.getLogger(__name__)
T = TypeVar("T")
VERB_DIRS = ("review", "archive")  # where a review decision writes besides the paths it names


def _git(root: Path, *args: str, timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=timeout)


def is_work_tree(root: Path) -> bool:
    """True when root is inside a Git work tree (and git is installed)."""
    try:
        res = _git(root, "rev-parse", "--is-inside-work-tree")
    except (OSError, subprocess.SubprocessError):
        return False
    return res.returncode == 0 and res.stdout.strip() == "true"


def commit_message(report: RunReport) -> str:
    """`memdir <job>: N created, M updated, R for review` and one line per changed file."""
    head = (
        f"memdir {report.job}: {len(report.created)} created, {len(report.updated)} updated, "
        f"{len(report.review)} for review, {len(report.archived)} archived"
    )
    lines = [head, ""]
    for label, paths in (
        ("created", report.created),
        ("updated", report.updated),
        ("review", report.review),
        ("archived", report.archived),
    ):
        lines += [f"- {label} {p}" for p in paths]
    return "\n".join(lines) + "\n"


def autocommit(root: Path, report: RunReport, extra_paths: list[str] | None = None) -> str | None:
    """Commit the files this run changed (only those); returns the commit id, or None if skipped."""
    if not report.changed or not is_work_tree(root):
        return None
    paths = sorted(
        set(report.created + report.updated + report.review + report.archived + (extra_paths or []))
    )
    if report.archived:
        paths.append("archive")
    return commit_paths(root, paths, commit_message(report))


def _changed_files(root: Path, dirs: tuple[str, ...]) -> set[str]:
    """Files under `dirs` that differ from the index or are untracked (root-relative)."""
    res = _git(root, "ls-files", "-z", "-m", "-d", "-o", "--exclude-standard", "--", *dirs)
    return set(filter(None, res.stdout.split("\0"))) if res.returncode == 0 else set()


def commit_verb(
    root: Path, autocommit: bool, act: Callable[[], T], describe: Callable[[T], tuple[str, list[str]]]
) -> T:
    """Run a verb that writes notes outside a run (`review accept|reject`, `feedback`) and, with
    `git.autocommit` on in a Git work tree, commit what it wrote: the paths `describe` names, plus
    files under review/ and archive/ it changed (an accepted merge restates other items)."""
    if not autocommit or not is_work_tree(root):
        return act()
    before = _changed_files(root, VERB_DIRS)
    result = act()
    message, paths = describe(result)
    commit_paths(root, sorted({*paths, *(_changed_files(root, VERB_DIRS) - before)}), message)
    return result


def commit_paths(root: Path, paths: list[str], message: str) -> str | None:
    """Commit exactly `paths` (written, or deleted) with `message`; files a person staged stay staged.

    Returns the commit id, or None when there was nothing to commit or Git refused (logged)."""
    tracked = set(_git(root, "ls-files", "-z", "--", *paths).stdout.split("\0")) if paths else set()
    paths = [p for p in paths if (root / p).exists() or p in tracked]
    if not paths:
        return None
    add = _git(root, "add", "-A", "--", *paths)
    if add.returncode != 0:
        log.warning("git add failed: %s", add.stderr.strip()[:200])
        return None
    if _git(root, "diff", "--cached", "--quiet", "--", *paths).returncode == 0:
        return None  # the files are as committed already
    ident: list[str] = []
    if not _git(root, "config", "user.email").stdout.strip():
        ident = ["-c", "user.name=memdir", "-c", "user.email=memdir@localhost"]
    res = subprocess.run(
        ["git", "-C", str(root), *ident, "commit", "-q", "-F", "-", "--", *paths],
        input=message,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if res.returncode != 0:
        log.warning("git commit failed: %s", (res.stderr or res.stdout).strip()[:200])
        return None
    return _git(root, "rev-parse", "HEAD").stdout.strip() or None


def commit_run(root: Path, config: Config, report: RunReport) -> None:
    """With `git.autocommit` on, one commit for a (non dry-run) consolidation run that wrote notes.

    Every job that writes calls it, daily and weekly, from the CLI, the daemon or a script alike;
    the commit id goes to the report's `git_commit` stat.
    """
    if report.dry_run or not config.git.autocommit:
        return
    commit = autocommit(root, report)
    if commit:
        report.stats["git_commit"] = commit
