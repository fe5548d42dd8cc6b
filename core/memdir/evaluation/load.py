"""Pick the loader of a data-set format by name: `locomo`, `longmemeval` or `jsonl`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from memdir.errors import DatasetError
from memdir.evaluation.dataset import EvalDataset
from memdir.evaluation.jsonl import load_jsonl
from memdir.evaluation.locomo import load_locomo
from memdir.evaluation.longmemeval import load_longmemeval

LOADERS: dict[str, Callable[[Path], EvalDataset]] = {
    "locomo": load_locomo,
    "longmemeval": load_longmemeval,
    "jsonl": load_jsonl,
}


def load_dataset(kind: str, path: str | Path) -> EvalDataset:
    """Load a data set of the named format (DatasetError with one line when it cannot)."""
    loader = LOADERS.get(kind)
    if loader is None:
        raise DatasetError(f"unknown data set format {kind!r} (use {', '.join(LOADERS)})")
    dataset = loader(Path(path))
    if not dataset.queries:
        raise DatasetError(f"{path}: no query left to evaluate ({_skips(dataset)})")
    return dataset


def _skips(dataset: EvalDataset) -> str:
    return ", ".join(f"{n} {why}" for why, n in dataset.skipped.items()) or "the file has none"
