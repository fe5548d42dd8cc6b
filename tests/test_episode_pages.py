"""A page pasted with `memdir episode add` stays one episode (its `## ` headings go down a level).

Before, the day file's episode separator (`## `) cut a pasted page into one episode per section, and
`add` answered with the last section's id. The page below is made up for this test.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from test_daily_support import YESTERDAY

from memdir.consolidation.daily.router import is_document, read_text
from memdir.notes.episodes import parse_episode_text

Cli = Callable[..., CompletedProcess[str]]

PAGE = """# Moving the Quillnote vault to a new laptop

This page walks you through moving every notebook and setting from an old machine to a new one.
Plan for ten minutes, plus the copying time for large attachment folders.

## Export the vault on the old machine

Close the Quillnote app first, then export everything from a terminal:

```console
$ quill vault export --all --out ~/quill-export.tar
## this line is output, not a heading
```

## Copy the archive across

Use a USB stick, `scp` or a shared drive, for example `scp ~/quill-export.tar new-laptop.local:~/`.

## Import it on the new laptop

Install Quillnote on the new laptop, sign in once, then run `quill vault import ~/quill-export.tar`.
Open a notebook with attachments to check that they arrived, and delete the archive afterwards.
"""


def _day_file(root: Path) -> tuple[str, str]:
    rel = f"episodes/{YESTERDAY.isoformat()}.md"
    return rel, (root / rel).read_text(encoding="utf-8")


def test_demote_headings_keeps_levels_and_code() -> None:
    from memdir.notes.episodes import demote_headings  # new in round 3 (the CLI test runs on older code too)

    out = demote_headings(PAGE)
    assert out.startswith("### Moving the Quillnote vault")  # '#' -> '###': every level moves by two
    assert "\n#### Export the vault on the old machine\n" in out
    assert "\n## this line is output, not a heading\n" in out  # inside the fence: untouched
    assert (
        demote_headings("Fixed CI.\n\n### Why\n\nA shared temp dir.")
        == "Fixed CI.\n\n### Why\n\nA shared temp dir."
    )


@pytest.mark.slow
def test_a_pasted_page_is_one_episode_and_routes_as_one_note(root: Path, run_cli: Cli) -> None:
    at = f"{YESTERDAY.isoformat()}T09:30"
    first = run_cli(
        "episode", "add", "Short note before the page: nothing else.", "--at", f"{YESTERDAY}T08:00"
    )
    assert first.returncode == 0, first.stderr
    res = run_cli("episode", "add", "-", "--at", at, "--json", input=PAGE)
    assert res.returncode == 0, res.stderr
    added = json.loads(res.stdout)
    rel, text = _day_file(root)
    episodes = parse_episode_text(rel, text)
    assert len(episodes) == 2  # the short note and the whole page
    page = episodes[1]
    assert added["id"] == page.id and page.title == "Moving the Quillnote vault to a new laptop"
    for words in (
        "Export the vault",
        "Copy the archive across",
        "Import it on the new laptop",
        "delete the archive",
    ):
        assert words in page.text
    reading = read_text(page.title, page.text)
    assert is_document(reading)  # the router reads it as the page it is (documentation weights)

    done = run_cli("consolidate", "daily", "--date", YESTERDAY.isoformat(), "--json", timeout=600)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    written = [p for p in report["created"] if p.startswith(("procedures/", "knowledge/"))]
    assert written and all(p.startswith("procedures/") for p in written), report["created"]
    body = "".join((root / p).read_text(encoding="utf-8") for p in written)
    for words in ("quill vault export", "new-laptop.local", "quill vault import"):
        assert words in body  # every section of the page reached the same note
    assert len(written) == 1


FRONTMATTER_PAGE = """---
title: Draining a Fleetd worker
description: Take one worker out of rotation without dropping jobs
sidebar_position: 3
---

Cordon it, wait, then stop it.

1. Run `fleetctl cordon w1`
2. Wait until `fleetctl jobs w1` lists nothing
"""


def test_a_pasted_page_with_frontmatter_is_titled_by_it_not_by_its_delimiter(
    root: Path, run_cli: Cli
) -> None:
    at = f"{YESTERDAY.isoformat()}T10:00"
    res = run_cli("episode", "add", "-", "--at", at, "--json", input=FRONTMATTER_PAGE)
    assert res.returncode == 0, res.stderr
    untitled = "---\nsidebar_position: 4\n---\n\n# Undraining a worker\n\nRun `fleetctl uncordon w1`.\n"
    res2 = run_cli("episode", "add", "-", "--at", f"{YESTERDAY.isoformat()}T10:05", input=untitled)
    assert res2.returncode == 0, res2.stderr
    rel, text = _day_file(root)
    assert "## 10:00 — Draining a Fleetd worker\n" in text  # was `## 10:00 — ---`
    assert "## 10:05 — Undraining a worker\n" in text  # no title key: the first line after the block
    first, second = parse_episode_text(rel, text)
    assert json.loads(res.stdout)["id"] == first.id and first.title == "Draining a Fleetd worker"
    assert first.text.startswith("---\ntitle: Draining a Fleetd worker\n")  # the page is kept as pasted
    assert second.title == "Undraining a worker"
