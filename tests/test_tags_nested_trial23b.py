"""Trial 23 second re-check M5: `--tag client` did not find notes tagged `client/acme` (Obsidian's tag search finds
nested tags under their parent), and `tags: 顧客、田中商事` (the ideographic comma) was one tag.

A herb garden and a fermentation shelf (English, Japanese), real `memdir search` subprocesses.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import memdir_stdout

NOTES = {
    "basil.md": "tags: [garden/herbs, summer]",
    "roses.md": "tags: [garden]",
    "gardening-club.md": "tags: [gardening]",
    "miso.md": "tags: 発酵、味噌",
    "natto.md": "tags: 発酵，大豆",
}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tags23b") / "root"
    memdir_stdout(root, "init")
    for name, tags in NOTES.items():
        body = f"---\ndescription: Kolibri notes on {name[:-3]}\n{tags}\n---\n\n# {name[:-3]}\n\nKolibri {name[:-3]}.\n"
        (root / "knowledge" / name).write_text(body, encoding="utf-8")
    memdir_stdout(root, "index", "sync")
    return root


def _found(root: Path, tag: str) -> set[str]:
    hits = json.loads(memdir_stdout(root, "search", "Kolibri", "--tag", tag, "-k", "20", "--json"))
    return {h["path"].split("/")[-1] for h in hits}


@pytest.mark.parametrize(
    ("tag", "found"),
    [
        ("garden", {"basil.md", "roses.md"}),  # the parent finds the nested tag, not `gardening`
        ("garden/herbs", {"basil.md"}),
        ("herbs", set()),  # a child alone is no tag of its own
        ("発酵", {"miso.md", "natto.md"}),
        ("味噌", {"miso.md"}),
        ("大豆", {"natto.md"}),
    ],
)
def test_tag_filter(root: Path, tag: str, found: set[str]) -> None:
    assert _found(root, tag) == found


def test_lint_names_the_ideographic_comma_split(root: Path) -> None:
    out = memdir_stdout(root, "lint")
    assert "read as 2 tags (`発酵`, `味噌`): write `tags: [発酵, 味噌]`" in out, out
