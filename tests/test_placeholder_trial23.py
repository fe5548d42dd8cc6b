"""Trial 23 re-check, N7: a template placeholder followed by text (`title: {{title}} notes`).

ruamel said only `while parsing a block mapping (line 2)`: no key, no cure. Now one line names the
key, the line and the quoted value to paste, like `date: {{date}}` already did; a value that opens
as a list or quoted text and goes on gets the same line. Real files, `memdir lint` in a subprocess;
a field-recording log's templates (English and Japanese).
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]


def test_a_placeholder_then_text_names_the_key_and_the_quoted_value(root: Path, run_cli: Run) -> None:
    folder = root / "knowledge" / "templates"
    folder.mkdir()
    (folder / "session.md").write_text(
        "---\ndescription: one recording session\ntitle: {{date}} dawn chorus\n---\n# Session\n",
        encoding="utf-8",
    )
    (folder / "録音.md").write_text("---\n場所: {{location}} の森\n---\n# 録音\n", encoding="utf-8")
    (folder / "gear.md").write_text("---\nmic: [MKH 8040] pair\n---\n# Gear\n", encoding="utf-8")
    res = run_cli("lint")
    assert res.returncode == 1
    lines = res.stdout.splitlines()
    assert (
        "knowledge/templates/session.md: error: invalid YAML frontmatter: `title` holds a template "
        'placeholder (`{{…}}`) followed by more text (line 3); quote the whole value (`title: "{{date}} '
        'dawn chorus"`)'
    ) in lines
    assert (
        "knowledge/templates/録音.md: error: invalid YAML frontmatter: `場所` holds a template placeholder "
        '(`{{…}}`) followed by more text (line 2); quote the whole value (`場所: "{{location}} の森"`)'
    ) in lines
    assert (
        "knowledge/templates/gear.md: error: invalid YAML frontmatter: `mic` holds a list (`[…]`) followed "
        'by more text (line 2); quote the whole value (`mic: "[MKH 8040] pair"`)'
    ) in lines
    fixed = '---\ndescription: one recording session\ntitle: "{{date}} dawn chorus"\n---\n# Session\n'
    (folder / "session.md").write_text(fixed, encoding="utf-8")  # the pasted fix reads
    assert not any(
        line.startswith("knowledge/templates/session.md") for line in run_cli("lint").stdout.splitlines()
    )
