"""CLI: search, index sync, index rebuild."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from memdir.cli.common import CliState, console, echo_json, pass_state


@click.command("search")
@click.argument("query")
@click.option("-k", "k", default=5, show_default=True, type=click.IntRange(1, 1000), help="How many notes.")
@click.option(
    "--kind", type=click.Choice(["knowledge", "procedures", "episodes", "skills"]), help="Only this kind."
)
@click.option("--tag", "tags", multiple=True, help="Only notes with this tag (repeatable: all must match).")
@click.option(
    "--min-confidence", type=click.FloatRange(0.0, 1.0), help="Drop notes whose confidence is lower."
)
@click.option(
    "--mode",
    type=click.Choice(["hybrid", "vector", "lexical"]),
    default="hybrid",
    show_default=True,
    help="Ranking: lexical + vector fused, or one of them.",
)
@click.option("--json", "as_json", is_flag=True, help="Print hits as JSON (path, score, description, ...).")
@pass_state
def search_cmd(
    state: CliState,
    query: str,
    k: int,
    kind: str | None,
    tags: tuple[str, ...],
    min_confidence: float | None,
    mode: str,
    as_json: bool,
) -> None:
    """Find notes by meaning and by exact words (English, Japanese, ...).

    \b
    Example:
      memdir search "rotate the db password" -k 3 --kind procedures --json
    """
    hits = state.memory.search(
        query, k=k, kind=kind, tags=list(tags) or None, min_confidence=min_confidence, mode=mode
    )
    if as_json:
        echo_json([h.to_dict() for h in hits])
        return
    out = console()
    if not hits:
        console(stderr=True).print("no matching notes")
        return
    for i, h in enumerate(hits, 1):
        conf = "" if h.confidence is None else f"  confidence {h.confidence:g}"
        out.print(f"[bold]{i}. {h.path}[/bold]  [dim]{h.score:.4f}{conf}[/dim]")
        if h.description:
            out.print(f"   {h.description}", markup=False)
        if h.snippet and h.snippet != h.description:
            out.print(f"   > {h.snippet}", markup=False)


@contextmanager
def _progress_bar(enabled: bool) -> Iterator[Callable[[str, int, int], None] | None]:
    """A rich progress bar on stderr fed by (stage, done, total) callbacks."""
    if not enabled:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    labels = {"embed": "embedding chunks", "store": "storing vectors"}
    tasks: dict[str, Any] = {}
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console(stderr=True),
        transient=False,
    ) as bar:

        def update(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(labels.get(stage, stage), total=max(total, 1))
            bar.update(tasks[stage], completed=done, total=max(total, 1))

        yield update


def _print_report(data: dict[str, Any], as_json: bool) -> None:
    if as_json:
        echo_json(data)
        return
    out = console()
    moved = len(data["moved"])
    out.print(
        f"index: {len(data['new'])} new, {len(data['changed'])} changed, {moved} moved, "
        f"{len(data['deleted'])} deleted, {data['unchanged']} unchanged, "
        f"{data['embedded_chunks']} chunk(s) embedded in {data['seconds']:.2f}s"
        + (f" (rebuilt: {data['reason']})" if data["rebuilt"] else ""),
        markup=False,
    )
    err = console(stderr=True)
    for e in data["errors"]:
        err.print(f"skipped {e['path']}: {e['error']}", markup=False)


@click.group("index")
def index_group() -> None:
    """Keep the search index in step with the files."""


@index_group.command("sync")
@click.option("--json", "as_json", is_flag=True, help="Print the sync report as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@pass_state
def index_sync(state: CliState, as_json: bool, no_progress: bool) -> None:
    """Index new, changed and moved notes; drop deleted ones; report bad files.

    \b
    Example:
      memdir index sync
    """
    with _progress_bar(not no_progress and not as_json) as progress:
        report = state.memory.sync_index(progress=progress)
    _print_report(report.to_dict(), as_json)


@index_group.command("rebuild")
@click.option("--json", "as_json", is_flag=True, help="Print the sync report as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@pass_state
def index_rebuild(state: CliState, as_json: bool, no_progress: bool) -> None:
    """Drop the index and rebuild it from the files (re-embeds every note).

    \b
    Example:
      memdir index rebuild
    """
    with _progress_bar(not no_progress and not as_json) as progress:
        report = state.memory.rebuild_index(progress=progress)
    _print_report(report.to_dict(), as_json)


COMMANDS: list[click.Command] = [search_cmd, index_group]
