"""Trial 16 #9: a key a person pasted into their own episode is not served by search, and lint names its line.

A small web shop's memory: the owner pasted a failing upload into the day's episode, AWS keys and all
(files a person wrote stay as written, docs/cli.md). `memdir lint` names the file and the line and never
prints the key; `memdir search` and MCP `search` mask it in snippets; MCP `read_note` gives the text as the
file has it, with a warning naming the line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_mcp_stdio import Served, new_root, serve

AWS_KEY = "AKIAZ3K7QW2XMBN4PL6T"
AWS_SECRET = "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"
EPISODE = (
    "---\ndate: 2026-10-14\n---\n\n## 09:30 — product photo upload failing\n\n"
    "The nightly upload of product photos to the bucket failed with AccessDenied.\n\n"
    "```\n"
    "$ aws s3 sync ./photos s3://shop-product-photos\n"
    f"AWS_ACCESS_KEY_ID={AWS_KEY}\n"
    f"AWS_SECRET_ACCESS_KEY={AWS_SECRET}\n"
    "upload failed: An error occurred (AccessDenied) when calling the PutObject operation\n"
    "```\n\n"
    "The IAM user had lost its write policy; re-attached it and the sync went through.\n"
)
NOTES = {
    "episodes/2026-10-14.md": EPISODE,
    "knowledge/photo-sizes.md": (
        "---\ndescription: Product photos are 2000 px square JPEGs\n---\n\n# Photo sizes\n\n"
        "Product photos are 2000 px square, JPEG quality 85, uploaded to the photo bucket nightly.\n"
    ),
}


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(root), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_root(tmp_path_factory.mktemp("secret-cli"), NOTES)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("secret-mcp")
    with serve(base, new_root(base, NOTES)) as served:
        yield served


def test_lint_names_the_file_and_line_of_a_pasted_key_without_printing_it(root: Path) -> None:
    out = _cli(root, "lint")
    assert out.returncode == 0, out.stderr  # a warning: the file stays as the person wrote it
    lines = [ln for ln in out.stdout.splitlines() if "secret-like" in ln]
    key_line = EPISODE.splitlines().index(f"AWS_ACCESS_KEY_ID={AWS_KEY}") + 1
    assert lines and lines[0].startswith(
        f"episodes/2026-10-14.md: warning: holds a secret-like value at line {key_line}"
    )
    assert AWS_KEY not in out.stdout + out.stderr and AWS_SECRET not in out.stdout + out.stderr
    assert "photo-sizes" not in out.stdout
    assert (root / "episodes/2026-10-14.md").read_text(encoding="utf-8") == EPISODE  # never rewritten


def test_cli_search_does_not_serve_the_key_in_its_snippet(root: Path) -> None:
    out = _cli(root, "search", "AWS_SECRET_ACCESS_KEY photo upload AccessDenied", "--json", "-k", "5")
    assert out.returncode == 0, out.stderr
    hits = json.loads(out.stdout)
    hits = hits["hits"] if isinstance(hits, dict) else hits
    assert any(h["path"].startswith("episodes/2026-10-14.md") for h in hits)
    assert AWS_KEY not in out.stdout and AWS_SECRET not in out.stdout
    assert AWS_SECRET[:8] not in out.stdout  # not even the start of it, cut to the snippet's width


def test_mcp_search_masks_the_key_and_read_note_warns_with_the_line(served: Served) -> None:
    found = served.ok("search", {"query": "AWS_ACCESS_KEY_ID photo upload failed AccessDenied", "k": 5})
    text = json.dumps(found)
    assert found["hits"] and AWS_KEY not in text and AWS_SECRET not in text
    read = served.ok("read_note", {"path": "episodes/2026-10-14.md"})
    assert read["text"] == EPISODE  # exact, as the file has it
    warning = str(read["warning"])
    assert "secret-like value (line 11, 12 of this text)" in warning and AWS_KEY not in warning
    plain = served.ok("read_note", {"path": "knowledge/photo-sizes.md"})
    assert plain["warning"] is None
