"""CLI: `memdir eval`, memdir (hybrid, lexical, vector) beside a grep baseline on a memory benchmark."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from memdir.cli.common import console, echo_json

_STAGES = {
    "write": "writing notes",
    "embed": "embedding chunks",
    "store": "storing vectors",
    "queries": "embedding queries",
    "rank": "ranking queries",
}


def _parse_ks(value: str) -> list[int]:
    try:
        ks = sorted({int(x) for x in value.split(",") if x.strip()})
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is not a comma-separated list of integers", param_hint="--k"
        ) from None
    if not ks or ks[0] < 1 or ks[-1] > 1000:
        raise click.BadParameter("each k must be between 1 and 1000", param_hint="--k")
    return ks


def _parse_rankers(value: str) -> list[str]:
    from memdir.evaluation.run import RANKERS

    names = [x.strip() for x in value.split(",") if x.strip()]
    bad = [n for n in names if n not in RANKERS]
    if bad or not names:
        raise click.BadParameter(f"use some of {', '.join(RANKERS)}", param_hint="--rankers")
    return names


def _parse_compare(value: str) -> tuple[str, str, str]:
    """(column name, file, ranker of the file's lines): NAME=FILE, or NAME=FILE#RANKER for a file of
    several rankers (our own `--out`), whose RANKER memdir also runs under its own name."""
    name, sep, path = value.partition("=")
    if not sep or not name.strip() or not path:
        raise click.BadParameter(f"{value!r}: expected NAME=FILE or NAME=FILE#RANKER", param_hint="--compare")
    file, hash_, ranker = path.rpartition("#")
    if hash_ and file and ranker and not Path(path).is_file():
        return name.strip(), file, ranker
    return name.strip(), path, name.strip()


def _check_compare(others: list[tuple[str, str, str]], rankers: list[str]) -> None:
    """Refuse a taken name or a file without the lines asked for now, not after the export and index."""
    from memdir.errors import ConfigError
    from memdir.evaluation.compare import picked_lines

    names = [n for n, _, _ in others]
    for name, path, ranker in others:
        if name in rankers or names.count(name) > 1:
            raise ConfigError(
                f"--compare: the column name {name!r} is taken (memdir runs it, or another --compare has "
                f"it): name the file's {ranker} lines otherwise, e.g. --compare {name}-2={path}#{ranker}"
            )
        picked_lines(Path(path), ranker)


@contextmanager
def _progress(enabled: bool) -> Iterator[Callable[[str, int, int], None] | None]:
    """Rich progress bars on stderr, one per stage, fed by (stage, done, total) callbacks."""
    if not enabled:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    tasks: dict[str, Any] = {}
    with Progress(
        TextColumn("{task.description:<18}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console(stderr=True),
    ) as bar:

        def update(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(_STAGES.get(stage, stage), total=max(total, 1))
            bar.update(tasks[stage], completed=done, total=max(total, 1))

        yield update


@click.command("eval")
@click.argument("dataset", type=click.Choice(["locomo", "longmemeval", "jsonl"]))
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--k", "k_text", default="1,5,10", show_default=True, help="Cut-offs for recall@k, comma-separated."
)
@click.option(
    "--rankers",
    "ranker_text",
    default="hybrid,lexical,vector,grep",
    show_default=True,
    help="Which rankings to run (without hybrid and vector nothing is embedded).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the scores as one JSON document.")
@click.option(
    "--out", type=click.Path(dir_okay=False), help="Write one JSON line per query and ranker (ids, scores)."
)
@click.option(
    "--export",
    "export_dir",
    type=click.Path(file_okay=False),
    help="Keep the memory root here (new, empty or an earlier export; a re-run reuses its index).",
)
@click.option(
    "--compare",
    "compare",
    multiple=True,
    metavar="NAME=FILE[#RANKER]",
    help="Score another system's per-query lines (query_id, paths or ranked) beside memdir's, as column "
    "NAME; #RANKER picks one ranker's lines of a file of several, e.g. our own --out (repeatable).",
)
@click.option(
    "--split",
    type=click.Choice(["all", "dev", "heldout"]),
    default="all",
    show_default=True,
    help="LoCoMo only: the questions of the dev or held-out conversations (every session stays searched).",
)
@click.option("--limit", type=click.IntRange(1), help="Only the first N queries (smoke runs).")
@click.option("--no-progress", is_flag=True, help="No progress bars.")
def eval_cmd(
    dataset: str,
    file: str,
    k_text: str,
    ranker_text: str,
    as_json: bool,
    out: str | None,
    export_dir: str | None,
    compare: tuple[str, ...],
    split: str,
    limit: int | None,
    no_progress: bool,
) -> None:
    """Score memdir search against a grep baseline on LoCoMo, LongMemEval or a JSONL data set.

    Writes the data set as a memory root of plain notes (one per session or document), indexes
    it, runs every query through memdir hybrid, lexical-only and vector-only search and a grep
    baseline, and prints recall@k and MRR per category side by side with the time per query.
    Offline and deterministic; the root is removed afterwards unless --export keeps it.

    \b
    Example:
      memdir eval locomo locomo10.json --out runs.jsonl --export ./locomo-root
      memdir eval locomo locomo10.json --split heldout --export ./locomo-root
    """
    from memdir.evaluation.compare import load_rankings
    from memdir.evaluation.load import load_dataset
    from memdir.evaluation.locomo import split_questions
    from memdir.evaluation.report import format_table, result_document, write_out
    from memdir.evaluation.run import run_eval

    ks = _parse_ks(k_text)
    rankers = _parse_rankers(ranker_text)
    others = [_parse_compare(c) for c in compare]
    _check_compare(others, rankers)
    if split != "all" and dataset != "locomo":  # refused before the file is read
        from memdir.errors import ConfigError

        raise ConfigError(f"--split {split}: only LoCoMo has a dev / held-out split (by conversation)")
    data = split_questions(load_dataset(dataset, file), split)
    if limit:
        data = data.limited(limit)
    root = Path(export_dir) if export_dir else Path(tempfile.mkdtemp(prefix="memdir-eval-"))
    try:
        with _progress(not no_progress) as progress:
            run = run_eval(data, root, ks=ks, rankers=rankers, progress=progress)
        for name, path, ranker in others:
            unknown: list[str] = []
            rankings, missing = load_rankings(Path(path), name, data, ranker, unknown)
            run.add_compared(name, path, rankings)
            if unknown:
                shown = ", ".join(unknown[:5]) + (" …" if len(unknown) > 5 else "")
                console(stderr=True).print(
                    f"{path}: {len(unknown)} query id(s) not in the data set, left out: {shown}", markup=False
                )
            if missing:
                console(stderr=True).print(
                    f"{path}: {missing} queries not ranked (scored as nothing found)", markup=False
                )
        if out:
            n = write_out(run, Path(out))
            console(stderr=True).print(f"wrote {n} lines to {out}", markup=False)
    finally:
        if not export_dir:
            shutil.rmtree(root, ignore_errors=True)
    if as_json:
        echo_json(result_document(run, root_kept=bool(export_dir)))
        return
    click.echo(format_table(run), nl=False)
    if export_dir:
        console(stderr=True).print(
            f"root kept at {root}: `memdir --root {root} lint`, `grep -ril WORD {root}/episodes`",
            markup=False,
        )


COMMANDS: list[click.Command] = [eval_cmd]
